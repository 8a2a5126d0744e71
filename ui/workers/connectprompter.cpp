// SPDX-License-Identifier: GPL-3.0-or-later
#include "workers/connectprompter.h"

#include "dialogs/hostkeydialog.h"
#include "support/qtstrings.h"

#include <QCoreApplication>
#include <QInputDialog>
#include <QLineEdit>
#include <QMutexLocker>
#include <QThread>
#include <QWidget>

namespace rp::ui {

ConnectPrompter::ConnectPrompter(QWidget* dialogParent, QObject* parent)
    : QObject(parent)
    , m_dialogParent(dialogParent)
{ }

ConnectPrompter::~ConnectPrompter() = default;

void ConnectPrompter::setKnownHostsFile(const QString& path)
{
    m_knownHostsFile = path;
}

QString ConnectPrompter::knownHostsFile() const
{
    return m_knownHostsFile.isEmpty() ? toQ(rp::defaultKnownHostsPath()) : m_knownHostsFile;
}

rp::ConnectContext ConnectPrompter::context(const std::atomic<bool>* cancel)
{
    rp::ConnectContext ctx;
    ctx.knownHostsFile = toStd(knownHostsFile());
    ctx.onUnknownHostKey = [this](const rp::HostKeyInfo& info) { return askHostKey(info); };
    ctx.passwordFor = [this](const rp::HostSpec& spec) { return askPassword(spec); };
    ctx.cancel = cancel;
    return ctx;
}

void ConnectPrompter::setClosing(bool closing)
{
    Q_ASSERT(QThread::currentThread() == thread());
    m_closing = closing;
    if (closing) {
        if (m_activeDialog)
            m_activeDialog->reject();
        QMutexLocker lock(&m_passwordMutex);
        m_passwords.clear();
    }
}

void ConnectPrompter::forgetPassword(const QString& host)
{
    QMutexLocker lock(&m_passwordMutex);
    m_passwords.remove(host);
}

void ConnectPrompter::setHostKeyAnswer(std::function<rp::HostKeyDecision(const rp::HostKeyInfo&)> answer)
{
    m_hostKeyAnswer = std::move(answer);
}

rp::HostKeyDecision ConnectPrompter::askHostKey(const rp::HostKeyInfo& info)
{
    if (m_closing)
        return rp::HostKeyDecision::Refuse;
    if (QThread::currentThread() == thread())
        return askHostKeyInGui(info);
    QMutexLocker lock(&m_promptMutex);
    if (m_closing)
        return rp::HostKeyDecision::Refuse;
    rp::HostKeyDecision decision = rp::HostKeyDecision::Refuse;
    // Blocks this worker until the GUI thread has run the lambda; the GUI thread never waits for a worker
    // without processing events (see the pages' cancelAndWait), so this cannot deadlock.
    QMetaObject::invokeMethod(
        this, [&] { decision = askHostKeyInGui(info); }, Qt::BlockingQueuedConnection);
    return decision;
}

std::optional<std::string> ConnectPrompter::askPassword(const rp::HostSpec& spec)
{
    const QString host = toQ(spec.name);
    {
        QMutexLocker lock(&m_passwordMutex);
        const auto it = m_passwords.constFind(host);
        if (it != m_passwords.constEnd())
            return toStd(*it);
    }
    if (m_closing)
        return std::nullopt;
    if (QThread::currentThread() == thread())
        return askPasswordInGui(spec);
    QMutexLocker lock(&m_promptMutex);
    if (m_closing)
        return std::nullopt;
    std::optional<std::string> password;
    QMetaObject::invokeMethod(
        this, [&] { password = askPasswordInGui(spec); }, Qt::BlockingQueuedConnection);
    return password;
}

rp::HostKeyDecision ConnectPrompter::askHostKeyInGui(const rp::HostKeyInfo& info)
{
    Q_ASSERT(QThread::currentThread() == thread());
    if (m_closing)
        return rp::HostKeyDecision::Refuse;
    if (m_hostKeyAnswer)
        return m_hostKeyAnswer(info);
    HostKeyDialog dialog(info, m_dialogParent);
    m_activeDialog = &dialog;
    dialog.exec();
    m_activeDialog = nullptr;
    return m_closing ? rp::HostKeyDecision::Refuse : dialog.decision();
}

std::optional<std::string> ConnectPrompter::askPasswordInGui(const rp::HostSpec& spec)
{
    Q_ASSERT(QThread::currentThread() == thread());
    const QString host = toQ(spec.name);
    {
        QMutexLocker lock(&m_passwordMutex);
        const auto it = m_passwords.constFind(host);
        if (it != m_passwords.constEnd())
            return toStd(*it);
    }
    if (m_closing)
        return std::nullopt;
    QInputDialog dialog(m_dialogParent);
    dialog.setWindowTitle(tr("Password for %1").arg(host));
    dialog.setLabelText(
        tr("&Password for %1@%2 (kept in memory only, never saved):").arg(toQ(spec.user), toQ(spec.address)));
    dialog.setTextEchoMode(QLineEdit::Password);
    dialog.setInputMode(QInputDialog::TextInput);
    dialog.setOkButtonText(tr("Log in"));
    dialog.setCancelButtonText(tr("Cancel"));
    m_activeDialog = &dialog;
    const bool ok = dialog.exec() == QDialog::Accepted;
    m_activeDialog = nullptr;
    if (!ok || m_closing)
        return std::nullopt;
    const QString password = dialog.textValue();
    {
        QMutexLocker lock(&m_passwordMutex);
        m_passwords.insert(host, password);
    }
    return toStd(password);
}

void waitProcessingEvents(const std::function<bool()>& done)
{
    while (!done()) {
        QCoreApplication::processEvents(QEventLoop::ExcludeUserInputEvents);
        if (!done())
            QThread::msleep(5);
    }
}

} // namespace rp::ui

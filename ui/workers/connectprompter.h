// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "remote/openexecutor.h"

#include <QHash>
#include <QMutex>
#include <QObject>
#include <QPointer>

#include <atomic>
#include <functional>
#include <optional>
#include <string>

class QDialog;
class QWidget;

namespace rp::ui {

/// Answers the questions opening a connection may raise (unknown host key, password) with dialogs on the GUI
/// thread, while the connection itself runs on a worker. Lives on the GUI thread. Passwords stay in memory,
/// per host, until forgotten or the prompter goes away.
class ConnectPrompter final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ConnectPrompter)

public:
    explicit ConnectPrompter(QWidget* dialogParent, QObject* parent = nullptr);
    ~ConnectPrompter() override;

    /// The app's known_hosts; empty selects rp::defaultKnownHostsPath().
    void setKnownHostsFile(const QString& path);
    QString knownHostsFile() const;

    /// A ConnectContext whose callbacks may run on any thread. Valid while this prompter lives.
    rp::ConnectContext context(const std::atomic<bool>* cancel);

    /// While closing, prompts are answered at once (refuse, no password) and an open prompt is closed, so a
    /// worker blocked on a prompt can finish and be waited for.
    void setClosing(bool closing);
    bool isClosing() const { return m_closing.load(); }

    void forgetPassword(const QString& host);

    /// Callable from any thread. From a worker the question is asked on the GUI thread and the worker blocks
    /// until it is answered; on the GUI thread it is asked directly (a blocking hop to itself would deadlock).
    rp::HostKeyDecision askHostKey(const rp::HostKeyInfo& info);
    std::optional<std::string> askPassword(const rp::HostSpec& spec);

    /// Test hook: called on the GUI thread instead of showing HostKeyDialog.
    void setHostKeyAnswer(std::function<rp::HostKeyDecision(const rp::HostKeyInfo&)> answer);

private:
    rp::HostKeyDecision askHostKeyInGui(const rp::HostKeyInfo& info);
    std::optional<std::string> askPasswordInGui(const rp::HostSpec& spec);

    QPointer<QWidget> m_dialogParent;
    QPointer<QDialog> m_activeDialog;
    std::atomic<bool> m_closing { false };
    QMutex m_promptMutex; ///< one question at a time, whichever worker asks
    mutable QMutex m_passwordMutex;
    QHash<QString, QString> m_passwords;
    QString m_knownHostsFile;
    std::function<rp::HostKeyDecision(const rp::HostKeyInfo&)> m_hostKeyAnswer;
};

/// Waits on the GUI thread until `done()` is true while still running queued calls, so a worker blocked on a
/// GUI-thread hop (a prompt) can finish. Used at shutdown, after ConnectPrompter::setClosing(true).
void waitProcessingEvents(const std::function<bool()>& done);

} // namespace rp::ui

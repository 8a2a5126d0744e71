// SPDX-License-Identifier: GPL-3.0-or-later
#include "dialogs/hostkeydialog.h"
#include "support/accessibility.h"

#include "support/qtstrings.h"

#include <QDialogButtonBox>
#include <QFontDatabase>
#include <QFormLayout>
#include <QLabel>
#include <QPushButton>
#include <QVBoxLayout>

namespace rp::ui {

namespace {

// The part of sshd's host key file name for a key type: ssh_host_<stem>_key.pub.
QString keyFileStem(const QString& keyType)
{
    if (keyType.contains(QLatin1String("ed25519")))
        return QStringLiteral("ed25519");
    if (keyType.startsWith(QLatin1String("ecdsa")))
        return QStringLiteral("ecdsa");
    if (keyType.contains(QLatin1String("rsa")))
        return QStringLiteral("rsa");
    return QStringLiteral("*");
}

} // namespace

HostKeyDialog::HostKeyDialog(const rp::HostKeyInfo& info, QWidget* parent)
    : QDialog(parent)
{
    setWindowTitle(tr("Unknown host key"));

    auto* intro = new QLabel(tr("The host key of <b>%1</b> is not known yet. Compare the fingerprint with the one "
                                "the host shows (for example <tt>ssh-keygen -lf /etc/ssh/ssh_host_%2_key.pub</tt> "
                                "on its console) before you accept it.")
                                 .arg(toQ(info.host).toHtmlEscaped(), keyFileStem(toQ(info.keyType)).toHtmlEscaped()),
        this);
    intro->setWordWrap(true);
    intro->setTextFormat(Qt::RichText);

    auto* form = new QFormLayout;
    auto addRow = [&](const QString& label, const QString& value, bool mono) {
        auto* field = new QLabel(value, this);
        field->setTextInteractionFlags(Qt::TextSelectableByMouse | Qt::TextSelectableByKeyboard);
        field->setTextFormat(Qt::PlainText);
        field->setWordWrap(true);
        if (mono)
            field->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
        form->addRow(label, field);
        setAccessible(field, label, tr("Read from the host; select it to copy."));
        return field;
    };
    addRow(tr("Host:"), toQ(info.host), false);
    addRow(tr("Address:"), tr("%1:%2").arg(toQ(info.address)).arg(info.port), false);
    addRow(tr("Key type:"), toQ(info.keyType), false);
    QLabel* fingerprint = addRow(tr("Fingerprint:"), toQ(info.sha256Fingerprint), true);
    fingerprint->setObjectName(QStringLiteral("fingerprint"));

    auto* buttons = new QDialogButtonBox(this);
    m_accept = buttons->addButton(tr("&Accept and save"), QDialogButtonBox::AcceptRole);
    m_refuse = buttons->addButton(tr("&Refuse"), QDialogButtonBox::RejectRole);
    m_accept->setAutoDefault(false);
    m_accept->setDefault(false);
    m_refuse->setAutoDefault(true);
    m_refuse->setDefault(true);
    setAccessible(m_accept, m_accept->text(),
        tr("Trusts this key from now on and saves it in RoCE Pilot's own known_hosts file."));
    setAccessible(m_refuse, m_refuse->text(), tr("Does not connect to this host. The default."));
    connect(m_accept, &QPushButton::clicked, this, [this] {
        m_decision = rp::HostKeyDecision::AcceptAndSave;
        accept();
    });
    connect(m_refuse, &QPushButton::clicked, this, [this] {
        m_decision = rp::HostKeyDecision::Refuse;
        reject();
    });

    auto* layout = new QVBoxLayout(this);
    layout->addWidget(intro);
    layout->addLayout(form);
    layout->addWidget(buttons);
    m_refuse->setFocus();
}

} // namespace rp::ui

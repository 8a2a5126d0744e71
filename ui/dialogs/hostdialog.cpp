// SPDX-License-Identifier: GPL-3.0-or-later
#include "dialogs/hostdialog.h"
#include "support/accessibility.h"

#include "itemmodels/inventorymodel.h"
#include "support/qtstrings.h"
#include "support/theme.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDir>
#include <QFileDialog>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QVBoxLayout>

namespace rp::ui {

HostDialog::HostDialog(const rp::HostSpec& host, QStringList otherNames, QWidget* parent)
    : QDialog(parent)
    , m_otherNames(std::move(otherNames))
{
    setWindowTitle(host.name.empty() ? tr("Add host") : tr("Edit host %1").arg(toQ(host.name)));

    m_name = new QLineEdit(this);
    m_name->setPlaceholderText(tr("a unique label, e.g. node-a"));
    m_address = new QLineEdit(this);
    m_address->setPlaceholderText(tr("host name or IP address"));
    m_local = new QCheckBox(tr("Run on this computer, without SSH (&local)"), this);
    m_sysfsRoot = new QLineEdit(this);
    m_sysfsRoot->setPlaceholderText(tr("optional: a recorded tree instead of the live system"));
    m_browseSysfs = new QPushButton(tr("Bro&wse…"), this);
    m_port = new QSpinBox(this);
    m_port->setRange(1, 65535);
    m_user = new QLineEdit(this);
    m_auth = new QComboBox(this);
    for (rp::AuthMethod m : { rp::AuthMethod::Agent, rp::AuthMethod::KeyFile, rp::AuthMethod::Password })
        m_auth->addItem(InventoryModel::authText(m), static_cast<int>(m));
    m_keyFile = new QLineEdit(this);
    m_keyFile->setPlaceholderText(tr("private key in OpenSSH format"));
    m_browseKey = new QPushButton(tr("Brow&se…"), this);
    m_kind = new QComboBox(this);
    for (rp::HostKind k : { rp::HostKind::LinuxGeneric, rp::HostKind::LinuxNvidia, rp::HostKind::Windows })
        m_kind->addItem(InventoryModel::kindText(k), static_cast<int>(k));
    m_error = new QLabel(this);
    m_error->setWordWrap(true);
    m_error->setTextFormat(Qt::PlainText);
    QPalette errorPalette = m_error->palette();
    errorPalette.setColor(
        QPalette::WindowText, isDark(errorPalette) ? QColor(0xff, 0x8a, 0x8a) : QColor(0xc0, 0x1c, 0x28));
    m_error->setPalette(errorPalette);
    m_error->setVisible(false);
    m_error->setObjectName(QStringLiteral("validationError"));

    auto* sysfsRow = new QHBoxLayout;
    sysfsRow->addWidget(m_sysfsRoot, 1);
    sysfsRow->addWidget(m_browseSysfs);
    auto* keyRow = new QHBoxLayout;
    keyRow->addWidget(m_keyFile, 1);
    keyRow->addWidget(m_browseKey);

    auto* form = new QFormLayout;
    form->addRow(tr("&Name:"), m_name);
    form->addRow(tr("A&ddress:"), m_address);
    form->addRow(QString(), m_local);
    form->addRow(tr("&Recorded sysfs tree:"), sysfsRow);
    form->addRow(tr("&Port:"), m_port);
    form->addRow(tr("&User:"), m_user);
    form->addRow(tr("Au&thentication:"), m_auth);
    form->addRow(tr("&Key file:"), keyRow);
    form->addRow(tr("K&ind:"), m_kind);

    m_buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    m_buttons->button(QDialogButtonBox::Ok)->setText(tr("OK"));
    m_buttons->button(QDialogButtonBox::Cancel)->setText(tr("Cancel"));
    connect(m_buttons, &QDialogButtonBox::accepted, this, &HostDialog::accept);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &HostDialog::reject);

    nameFormFields(form);
    setAccessible(m_local, m_local->text(),
        tr("Reads this computer directly, or a recorded sysfs tree, instead of "
           "logging in over SSH."));
    m_name->setAccessibleDescription(tr("How RoCE Pilot calls this host in every page and file; must be unique."));
    m_address->setAccessibleDescription(tr("The name or IP address SSH connects to."));
    m_sysfsRoot->setAccessibleDescription(tr("A directory with a recorded /sys tree (tests/fixtures/sysfs); "
                                             "discovery reads it instead of the live system."));
    setAccessible(m_browseSysfs, tr("Browse for a recorded sysfs tree"), tr("Opens a folder chooser."));
    m_port->setAccessibleDescription(tr("The SSH port, 22 unless the host says otherwise."));
    m_user->setAccessibleDescription(tr("The SSH user; it needs root or sudo without a password to apply."));
    m_auth->setAccessibleDescription(tr("ssh-agent, a private key file, or a password asked once per session and "
                                        "kept in memory only."));
    m_keyFile->setAccessibleDescription(tr("The private key used when authentication is a key file."));
    setAccessible(m_browseKey, tr("Browse for a private key"), tr("Opens a file chooser."));
    m_kind->setAccessibleDescription(
        tr("Which generator writes this host's plan: Linux, Linux with NVIDIA tools, or Windows."));
    for (QAbstractButton* b : m_buttons->buttons())
        setAccessible(b, b->text(),
            m_buttons->buttonRole(b) == QDialogButtonBox::AcceptRole ? tr("Checks the host and adds it.")
                                                                     : tr("Closes the dialog without a change."));

    auto* layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(m_error);
    layout->addWidget(m_buttons);

    setTabOrder(m_name, m_address);
    setTabOrder(m_address, m_local);
    setTabOrder(m_local, m_sysfsRoot);
    setTabOrder(m_sysfsRoot, m_browseSysfs);
    setTabOrder(m_browseSysfs, m_port);
    setTabOrder(m_port, m_user);
    setTabOrder(m_user, m_auth);
    setTabOrder(m_auth, m_keyFile);
    setTabOrder(m_keyFile, m_browseKey);
    setTabOrder(m_browseKey, m_kind);
    setTabOrder(m_kind, m_buttons);

    connect(m_local, &QCheckBox::toggled, this, &HostDialog::updateEnabled);
    connect(m_auth, &QComboBox::currentIndexChanged, this, &HostDialog::updateEnabled);
    connect(m_browseSysfs, &QPushButton::clicked, this, [this] {
        const QString dir = QFileDialog::getExistingDirectory(this, tr("Recorded sysfs tree"), m_sysfsRoot->text());
        if (!dir.isEmpty())
            m_sysfsRoot->setText(dir);
    });
    connect(m_browseKey, &QPushButton::clicked, this, [this] {
        const QString start
            = m_keyFile->text().isEmpty() ? QDir::home().filePath(QStringLiteral(".ssh")) : m_keyFile->text();
        const QString file = QFileDialog::getOpenFileName(this, tr("Private key"), start);
        if (!file.isEmpty())
            m_keyFile->setText(file);
    });

    setHost(host);
    m_name->setFocus();
}

void HostDialog::setHost(const rp::HostSpec& host)
{
    m_name->setText(toQ(host.name));
    m_address->setText(toQ(host.address));
    m_local->setChecked(host.local);
    m_sysfsRoot->setText(toQ(host.sysfsRoot));
    m_port->setValue(host.port);
    m_user->setText(toQ(host.user));
    m_auth->setCurrentIndex(m_auth->findData(static_cast<int>(host.auth)));
    m_keyFile->setText(toQ(host.keyFile));
    m_kind->setCurrentIndex(m_kind->findData(static_cast<int>(host.kind)));
    updateEnabled();
}

rp::HostSpec HostDialog::host() const
{
    rp::HostSpec h;
    h.name = toStd(m_name->text().trimmed());
    h.address = toStd(m_address->text().trimmed());
    h.local = m_local->isChecked();
    h.sysfsRoot = h.local ? toStd(m_sysfsRoot->text().trimmed()) : std::string();
    h.port = m_port->value();
    h.user = toStd(m_user->text().trimmed());
    h.auth = static_cast<rp::AuthMethod>(m_auth->currentData().toInt());
    h.keyFile = h.auth == rp::AuthMethod::KeyFile ? toStd(m_keyFile->text().trimmed()) : std::string();
    h.kind = static_cast<rp::HostKind>(m_kind->currentData().toInt());
    return h;
}

void HostDialog::updateEnabled()
{
    const bool local = m_local->isChecked();
    m_sysfsRoot->setEnabled(local);
    m_browseSysfs->setEnabled(local);
    m_port->setEnabled(!local);
    m_user->setEnabled(!local);
    m_auth->setEnabled(!local);
    const bool key = !local && static_cast<rp::AuthMethod>(m_auth->currentData().toInt()) == rp::AuthMethod::KeyFile;
    m_keyFile->setEnabled(key);
    m_browseKey->setEnabled(key);
}

QString HostDialog::validationError() const
{
    const rp::HostSpec h = host();
    if (h.name.empty())
        return tr("Give the host a name.");
    if (m_otherNames.contains(toQ(h.name)))
        return tr("Another host is already called %1.").arg(toQ(h.name));
    if (h.address.empty())
        return tr("Give the host an address.");
    rp::Inventory single;
    single.hosts.push_back(h);
    if (const auto ok = rp::validateInventory(single); !ok)
        return toQ(ok.error().message);
    return {};
}

void HostDialog::accept()
{
    const QString error = validationError();
    m_error->setText(error);
    m_error->setVisible(!error.isEmpty());
    if (!error.isEmpty())
        return;
    QDialog::accept();
}

} // namespace rp::ui

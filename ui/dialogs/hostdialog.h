// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "inventory/inventory.h"

#include <QDialog>
#include <QStringList>

class QCheckBox;
class QComboBox;
class QDialogButtonBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QSpinBox;

namespace rp::ui {

/// Adds or edits one host. OK validates the whole HostSpec (rp::validateInventory) and a unique name, and
/// keeps the dialog open with the reason when something is wrong.
class HostDialog final : public QDialog
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(HostDialog)

public:
    /// `otherNames`: names already used by the other hosts of the inventory.
    explicit HostDialog(const rp::HostSpec& host, QStringList otherNames, QWidget* parent = nullptr);

    rp::HostSpec host() const;
    void setHost(const rp::HostSpec& host);

    /// Validates; returns the reason it is not acceptable, or an empty string.
    QString validationError() const;

    void accept() override;

private:
    void updateEnabled();

    QStringList m_otherNames;
    QLineEdit* m_name = nullptr;
    QLineEdit* m_address = nullptr;
    QCheckBox* m_local = nullptr;
    QLineEdit* m_sysfsRoot = nullptr;
    QPushButton* m_browseSysfs = nullptr;
    QSpinBox* m_port = nullptr;
    QLineEdit* m_user = nullptr;
    QComboBox* m_auth = nullptr;
    QLineEdit* m_keyFile = nullptr;
    QPushButton* m_browseKey = nullptr;
    QComboBox* m_kind = nullptr;
    QLabel* m_error = nullptr;
    QDialogButtonBox* m_buttons = nullptr;
};

} // namespace rp::ui

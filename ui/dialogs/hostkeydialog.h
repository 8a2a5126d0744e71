// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "remote/openexecutor.h"

#include <QDialog>

class QPushButton;

namespace rp::ui {

/// Asks whether to trust a host key the app's known_hosts does not know yet. Refuse is the default button,
/// so Enter or Escape never accepts a key by accident.
class HostKeyDialog final : public QDialog
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(HostKeyDialog)

public:
    explicit HostKeyDialog(const rp::HostKeyInfo& info, QWidget* parent = nullptr);

    rp::HostKeyDecision decision() const { return m_decision; }
    QPushButton* acceptButton() const { return m_accept; }
    QPushButton* refuseButton() const { return m_refuse; }

private:
    rp::HostKeyDecision m_decision = rp::HostKeyDecision::Refuse;
    QPushButton* m_accept = nullptr;
    QPushButton* m_refuse = nullptr;
};

} // namespace rp::ui

// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "metrics/promfabricreader.h"

#include <QDialog>

#include <chrono>
#include <optional>

class QDialogButtonBox;
class QLabel;
class QLineEdit;
class QSpinBox;

namespace rp::ui {

/// Asks where the Prometheus that scrapes a fleet's standalone agents answers, which of its agents are this fabric,
/// and how often to read it. OK stays off until the URL and the matchers are ones the reader takes; the last
/// answers are remembered (settings::prometheusSource) for the next time.
class PrometheusDialog final : public QDialog
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(PrometheusDialog)

public:
    explicit PrometheusDialog(QWidget* parent = nullptr);

    /// Valid once the dialog was accepted.
    const rp::metrics::PromUrl& url() const { return m_url; }
    rp::metrics::PromFabricOptions options() const;
    std::chrono::milliseconds every() const;

    QLineEdit* urlEdit() const { return m_urlEdit; }
    QLineEdit* matchEdit() const { return m_match; }
    QLabel* problemLabel() const { return m_problem; }
    QDialogButtonBox* buttons() const { return m_buttons; }

    void accept() override;

private:
    /// Says what is wrong with the fields (empty when nothing) and enables OK accordingly.
    void check();

    QLineEdit* m_urlEdit = nullptr;
    QLineEdit* m_match = nullptr;
    QLineEdit* m_spine = nullptr;
    QSpinBox* m_every = nullptr;
    QLabel* m_problem = nullptr;
    QDialogButtonBox* m_buttons = nullptr;
    rp::metrics::PromUrl m_url;
};

} // namespace rp::ui

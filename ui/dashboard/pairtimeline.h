// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// One directed host pair over the fabric check's run, on one time axis: network RTT p50 and p99 with the prober's
// and the responder's delay (µs, left), loss (%, right), and a marker where a finding about either host was raised
// or cleared. The steps come from rp::fabric::PairHistory, so a day's watch draws in a few hundred points.

#include "fabric/pairhistory.h"

#include <QWidget>

class QCustomPlot;
class QLabel;

namespace rp::ui {

class PairTimeline final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(PairTimeline)

public:
    explicit PairTimeline(QWidget* parent = nullptr);
    ~PairTimeline() override;

    /// Draws the pair (replaces what is shown); an empty `steps` says the pair has not been probed.
    void showPair(const QString& from, const QString& to, const std::vector<rp::fabric::PairStep>& steps,
        const std::vector<rp::fabric::PairHistoryEvent>& events);
    /// Says why nothing is drawn (a ToR pair, no run yet).
    void showMessage(const QString& text);
    void clear();

    QCustomPlot* plot() const { return m_plot; }
    QLabel* caption() const { return m_caption; }
    /// Points drawn in the RTT p99 graph, and markers drawn (for the tests).
    int points() const;
    int markers() const { return m_markers; }
    /// The last replot's cost (QCustomPlot's own measurement, ms).
    double lastReplotMs() const;

    static constexpr int kMinHeight = 220;

private:
    QLabel* m_caption = nullptr;
    QCustomPlot* m_plot = nullptr;
    int m_markers = 0;
};

} // namespace rp::ui

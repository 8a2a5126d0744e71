// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// One directed host pair over the fabric check's run, on one time axis: network RTT p50 and p99 with the prober's
// and the responder's delay (µs, left), loss (%, right), and a marker where a finding about either host was raised
// or cleared; below it, on the same time axis, both hosts' RoCE counters (pause frames each way, retransmissions,
// discards, CNPs per second) as their agents read them. The steps come from rp::fabric::PairHistory, so a day's watch
// draws in a few hundred points.

#include "fabric/pairhistory.h"

#include <QWidget>

#include <cstdint>
#include <optional>
#include <utility>
#include <vector>

class QCPAxisRect;
class QCPGraph;
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

    /// The round a saved run's slider stands on: marked on the time axis.
    struct Cursor
    {
        rp::fabric::Clock::time_point at;
        std::uint64_t round = 0;
    };
    /// Both hosts' counter steps (PairHistory::hostCounters); empty for a host whose agent read none.
    struct Counters
    {
        std::vector<rp::fabric::HostCounterStep> from;
        std::vector<rp::fabric::HostCounterStep> to;
    };
    /// Draws the pair (replaces what is shown); an empty `steps` says the pair has not been probed.
    void showPair(const QString& from, const QString& to, const std::vector<rp::fabric::PairStep>& steps,
        const std::vector<rp::fabric::PairHistoryEvent>& events, const Counters& counters = {},
        const std::optional<Cursor>& cursor = std::nullopt);
    /// Says why nothing is drawn (a ToR pair, no run yet).
    void showMessage(const QString& text);
    void clear();

    QCustomPlot* plot() const { return m_plot; }
    QLabel* caption() const { return m_caption; }
    /// Points drawn in the RTT p99 graph, and markers drawn (for the tests).
    int points() const;
    int markers() const { return m_markers; }
    /// The counter series drawn (a host's rate that its agent reported), and whether their chart is shown.
    int counterSeries() const { return static_cast<int>(m_counterGraphs.size()); }
    bool countersShown() const { return m_countersShown; }
    /// The time axes' ranges (seconds since the epoch) of the RTT and the counters' chart, and the counters' axis top.
    std::pair<double, double> timeRange() const;
    std::pair<double, double> counterTimeRange() const;
    double counterAxisTop() const;
    /// The round marked by the last showPair, 0 for none.
    std::uint64_t cursorRound() const { return m_cursorRound; }
    /// The last replot's cost (QCustomPlot's own measurement, ms).
    double lastReplotMs() const;

    static constexpr int kMinHeight = 220;
    /// Added while the counters' chart shows: a readable strip of its own, never squeezed under the RTT chart.
    static constexpr int kCounterHeight = 120;

private:
    void showCounters(const QString& from, const QString& to, const Counters& counters);
    void setCountersShown(bool shown);
    QLabel* m_caption = nullptr;
    QCustomPlot* m_plot = nullptr;
    QCPAxisRect* m_counterRect = nullptr;
    std::vector<QCPGraph*> m_counterGraphs;
    bool m_countersShown = false;
    int m_markers = 0;
    std::uint64_t m_cursorRound = 0;
};

} // namespace rp::ui

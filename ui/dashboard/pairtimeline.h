// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// One directed host pair over the fabric check's run, on one time axis: network RTT p50 and p99 with the prober's
// and the responder's delay (µs, left), loss (%, right), and a marker where a finding about either host was raised
// or cleared. The steps come from rp::fabric::PairHistory, so a day's watch draws in a few hundred points.

#include "fabric/pairhistory.h"

#include <QWidget>

#include <cstdint>
#include <optional>

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
    /// Draws the pair (replaces what is shown); an empty `steps` says the pair has not been probed.
    void showPair(const QString& from, const QString& to, const std::vector<rp::fabric::PairStep>& steps,
        const std::vector<rp::fabric::PairHistoryEvent>& events, const std::optional<Cursor>& cursor = std::nullopt);
    /// Says why nothing is drawn (a ToR pair, no run yet).
    void showMessage(const QString& text);
    void clear();

    QCustomPlot* plot() const { return m_plot; }
    QLabel* caption() const { return m_caption; }
    /// Points drawn in the RTT p99 graph, and markers drawn (for the tests).
    int points() const;
    int markers() const { return m_markers; }
    /// The round marked by the last showPair, 0 for none.
    std::uint64_t cursorRound() const { return m_cursorRound; }
    /// The last replot's cost (QCustomPlot's own measurement, ms).
    double lastReplotMs() const;

    static constexpr int kMinHeight = 220;

private:
    QLabel* m_caption = nullptr;
    QCustomPlot* m_plot = nullptr;
    int m_markers = 0;
    std::uint64_t m_cursorRound = 0;
};

} // namespace rp::ui

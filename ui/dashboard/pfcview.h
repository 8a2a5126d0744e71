// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The PFC view of the dashboard: per host, per direction (rx: the peer paused this port; tx: this port paused
// the peer) and per priority, pause frames/s, the share of time paused and pause episodes/s, averaged over the
// last second. The profile's lossless priorities are highlighted; pauses on any other priority are flagged; a
// counter the NIC does not have shows "—", never 0. Next to it, the alarms the counters raised, newest first.

#include "counters/alarms.h"

#include <QWidget>

#include <deque>
#include <map>
#include <set>

class QLabel;
class QTableWidget;
class QTreeWidget;

namespace rp::ui {

class PfcView final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(PfcView)

public:
    explicit PfcView(QWidget* parent = nullptr);

    void clear();
    /// nullopt = not known (no profile): nothing is flagged, the header says so.
    void setLosslessPriorities(const std::optional<std::set<int>>& priorities);
    void addCounters(const rp::run::CounterSample& sample);
    void addAlarm(const rp::counters::Alarm& alarm);
    /// Redraws the table from what arrived (the dashboard's refresh calls it at most a few times a second).
    void refresh();

    QTableWidget* table() const { return m_table; }
    QTreeWidget* alarmList() const { return m_alarms; }
    /// The table cell of a host's direction and priority (tests read text, tooltip and flags).
    int rowOf(const QString& host, rp::counters::Direction direction) const;
    bool flagged(int row, int priority) const;

protected:
    void changeEvent(QEvent* event) override;

private:
    struct HostState
    {
        std::deque<std::pair<double, rp::counters::PfcHost>> recent; ///< last second
    };
    std::map<std::string, HostState> m_hosts;
    std::optional<std::set<int>> m_lossless;
    QLabel* m_note = nullptr;
    QTableWidget* m_table = nullptr;
    QTreeWidget* m_alarms = nullptr;
    bool m_dirty = false;
};

} // namespace rp::ui

// SPDX-License-Identifier: GPL-3.0-or-later
#include "dashboard/pfcview.h"

#include "support/qtstrings.h"

#include <QEvent>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QTableWidget>
#include <QTreeWidget>
#include <QVBoxLayout>

namespace rp::ui {

using counters::Direction;

namespace {

constexpr int kFlagRole = Qt::UserRole + 1;
const QColor kFlag(0xb0, 0x10, 0x20); // white text on it reads in light and dark palettes

struct Averaged
{
    std::optional<double> frames, occupancy, transitions;
    bool any() const { return frames || occupancy || transitions; }
    bool moving() const { return frames.value_or(0) > 0 || occupancy.value_or(0) > 0 || transitions.value_or(0) > 0; }
};

} // namespace

PfcView::PfcView(QWidget* parent)
    : QWidget(parent)
{
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    m_note = new QLabel(this);
    m_note->setWordWrap(true);
    layout->addWidget(m_note);
    auto* row = new QHBoxLayout;
    layout->addLayout(row, 1);
    m_table = new QTableWidget(0, 8, this);
    m_table->setAccessibleName(tr("Priority flow control per host, direction and priority"));
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setSelectionMode(QAbstractItemView::NoSelection);
    m_table->setWordWrap(false); // two lines a cell, never more
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
    m_table->verticalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    row->addWidget(m_table, 3);
    // a few alarm lines stay readable however the splitter above is dragged
    setMinimumHeight(120);
    m_alarms = new QTreeWidget(this);
    m_alarms->setAccessibleName(tr("Alarms raised by the host counters"));
    m_alarms->setHeaderLabels({ tr("Time (s)"), tr("Host"), tr("Severity"), tr("Alarm") });
    m_alarms->setRootIsDecorated(false);
    m_alarms->setUniformRowHeights(true);
    m_alarms->header()->setStretchLastSection(true);
    row->addWidget(m_alarms, 2);
    clear();
}

void PfcView::clear()
{
    m_hosts.clear();
    m_alarms->clear();
    m_dirty = true;
    refresh();
}

void PfcView::setLosslessPriorities(const std::optional<std::set<int>>& priorities)
{
    m_lossless = priorities;
    m_dirty = true;
    refresh();
}

void PfcView::addCounters(const rp::run::CounterSample& sample)
{
    auto& h = m_hosts[sample.host];
    h.recent.emplace_back(sample.runTS, counters::pfcFromRates(sample.rates));
    while (h.recent.size() > 1 && sample.runTS - h.recent.front().first >= 1.0)
        h.recent.pop_front();
    m_dirty = true;
}

void PfcView::addAlarm(const rp::counters::Alarm& alarm)
{
    if (m_alarms->topLevelItemCount() >= 500)
        delete m_alarms->takeTopLevelItem(m_alarms->topLevelItemCount() - 1);
    const QString severity = alarm.severity == counters::Severity::Critical ? tr("critical")
        : alarm.severity == counters::Severity::Warning                     ? tr("warning")
                                                                            : tr("info");
    auto* item
        = new QTreeWidgetItem({ QString::number(alarm.runTS, 'f', 2), toQ(alarm.host), severity, toQ(alarm.text) });
    item->setToolTip(3, toQ(alarm.text + (alarm.counter.empty() ? "" : " (" + alarm.counter + ")")));
    if (alarm.severity == counters::Severity::Critical) {
        item->setBackground(2, kFlag);
        item->setForeground(2, Qt::white);
    }
    m_alarms->insertTopLevelItem(0, item);
    m_alarms->resizeColumnToContents(0);
}

int PfcView::rowOf(const QString& host, Direction direction) const
{
    int row = 0;
    for (const auto& [name, state] : m_hosts) {
        if (toQ(name) == host)
            return row + (direction == Direction::Tx ? 1 : 0);
        row += 2;
    }
    return -1;
}

bool PfcView::flagged(int row, int priority) const
{
    const auto* item = m_table->item(row, priority);
    return item && item->data(kFlagRole).toBool();
}

void PfcView::changeEvent(QEvent* event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::PaletteChange) {
        m_dirty = true;
        refresh();
    }
}

void PfcView::refresh()
{
    if (!m_dirty)
        return;
    m_dirty = false;
    const QPalette pal = palette();
    QColor tint = pal.color(QPalette::Highlight);
    tint.setAlpha(60);
    const QColor muted = pal.color(QPalette::PlaceholderText);

    for (int p = 0; p < 8; ++p) {
        const bool lossless = m_lossless && m_lossless->contains(p);
        auto* head = new QTableWidgetItem(lossless ? tr("%1 lossless").arg(p) : QString::number(p));
        head->setToolTip(tr("Priority %1").arg(p));
        if (lossless) {
            QFont f = head->font();
            f.setBold(true);
            head->setFont(f);
            head->setToolTip(tr("A PFC priority of the profile: pauses here are how a lossless fabric works"));
        }
        m_table->setHorizontalHeaderItem(p, head);
    }

    bool anyPfc = false;
    int flaggedCells = 0;
    m_table->setRowCount(static_cast<int>(m_hosts.size() * 2));
    int row = 0;
    for (const auto& [host, state] : m_hosts) {
        for (Direction d : { Direction::Rx, Direction::Tx }) {
            const bool rx = d == Direction::Rx;
            auto* head = new QTableWidgetItem(rx ? tr("%1 rx").arg(toQ(host)) : tr("%1 tx").arg(toQ(host)));
            head->setToolTip(rx ? tr("Pause frames received: the peer (switch) paused this port; look at the network")
                                : tr("Pause frames sent: this port paused the peer; look at the NIC's buffers, "
                                     "PCIe, the host"));
            m_table->setVerticalHeaderItem(row, head);
            for (int p = 0; p < 8; ++p) {
                Averaged a;
                int nf = 0, no = 0, nt = 0;
                double sf = 0, so = 0, st = 0;
                for (const auto& [t, pfc] : state.recent) {
                    const auto& c = pfc.at(d, p);
                    if (c.framesPerS) {
                        sf += *c.framesPerS;
                        ++nf;
                    }
                    if (c.occupancy) {
                        so += *c.occupancy;
                        ++no;
                    }
                    if (c.transitionsPerS) {
                        st += *c.transitionsPerS;
                        ++nt;
                    }
                }
                if (nf)
                    a.frames = sf / nf;
                if (no)
                    a.occupancy = so / no;
                if (nt)
                    a.transitions = st / nt;
                anyPfc = anyPfc || a.any();
                auto* item = new QTableWidgetItem;
                item->setTextAlignment(Qt::AlignCenter);
                const bool lossless = m_lossless && m_lossless->contains(p);
                if (!a.any()) {
                    item->setText(QStringLiteral("—"));
                    item->setForeground(muted);
                    item->setToolTip(tr("This NIC has no pause counter for priority %1 (absent, not zero)").arg(p));
                } else {
                    // two short lines: frames/s; share of time paused and episodes/s (absent parts left out)
                    QString first = a.frames ? tr("%1 /s").arg(*a.frames, 0, 'f', 0) : tr("— /s");
                    QStringList second;
                    if (a.occupancy)
                        second << tr("%1 %").arg(*a.occupancy * 100, 0, 'f', 1);
                    if (a.transitions)
                        second << tr("%1 ep/s").arg(*a.transitions, 0, 'f', 0);
                    item->setText(
                        second.isEmpty() ? first : first + QLatin1Char('\n') + second.join(QStringLiteral(" · ")));
                    item->setToolTip(tr("Priority %1, %2, last second: pause frames per second; share of the time "
                                        "paused (from the pause duration counter) · pause episodes (ep) per second")
                                         .arg(p)
                                         .arg(rx ? tr("received") : tr("sent")));
                }
                const bool wrong = m_lossless && !lossless && a.moving();
                item->setData(kFlagRole, wrong);
                if (wrong) {
                    ++flaggedCells;
                    item->setBackground(kFlag);
                    item->setForeground(Qt::white);
                    item->setToolTip(tr("Pauses on priority %1, which is not a PFC priority of the profile: PFC, "
                                        "trust or the switch pauses a lossy class")
                                         .arg(p));
                } else if (lossless) {
                    item->setBackground(tint);
                }
                m_table->setItem(row, p, item);
            }
            ++row;
        }
    }
    QString note;
    if (m_hosts.empty())
        note = tr("Per-priority pause counters appear here while a test runs.");
    else if (!anyPfc)
        note = tr("These NICs have no per-priority pause counters (Soft-RoCE, virtio and most NICs without "
                  "DCB): PFC cannot be shown.");
    else if (!m_lossless)
        note = tr("No profile: the lossless priority is not known, so pauses on other priorities are not flagged.");
    else if (flaggedCells > 0)
        note = tr("Pauses on a priority outside the profile's PFC set (flagged).");
    else
        note = tr("Pause frames per second, time paused and pause episodes, last second; lossless priority "
                  "highlighted.");
    m_note->setText(note);
    // a grid of dashes says nothing the note does not: the alarms get the room
    m_table->setVisible(anyPfc);
}

} // namespace rp::ui

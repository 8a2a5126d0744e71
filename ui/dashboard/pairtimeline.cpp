// SPDX-License-Identifier: GPL-3.0-or-later
#include "dashboard/qcp.h" // first: see qcp.h

#include "dashboard/pairtimeline.h"

#include "support/accessibility.h"
#include "support/theme.h"

#include <QDateTime>
#include <QLabel>
#include <QLocale>
#include <QVBoxLayout>

#include "counters/hostcounters.h"

#include <algorithm>
#include <chrono>
#include <iterator>
#include <limits>

namespace rp::ui {

namespace {

double epochSeconds(rp::fabric::Clock::time_point t)
{
    return std::chrono::duration<double>(t.time_since_epoch()).count();
}

QCPGraph* addGraph(QCustomPlot* plot, QCPAxis* valueAxis, const QColor& colour, const QString& name,
    Qt::PenStyle style = Qt::SolidLine)
{
    auto* g = plot->addGraph(plot->xAxis, valueAxis);
    g->setPen(QPen(colour, 1.5, style));
    g->setName(name);
    g->setLineStyle(QCPGraph::lsStepLeft);
    return g;
}

/// One colour per counter, in kHostCounterFields' order; the second host's lines are dashed.
QColor counterColour(std::size_t field, bool dark)
{
    static constexpr QRgb kLight[] = { 0x1c71d8, 0x26a269, 0xc01c28, 0xa84b00, 0x813d9c, 0x5e5c64 };
    static constexpr QRgb kNight[] = { 0x62a0ea, 0x8ff0a4, 0xf66151, 0xf9f06b, 0xc08ff0, 0xdeddda };
    const std::size_t i = field % std::size(kLight);
    return QColor::fromRgb(dark ? kNight[i] : kLight[i]);
}

} // namespace

PairTimeline::PairTimeline(QWidget* parent)
    : QWidget(parent)
    , m_caption(new QLabel(this))
    , m_plot(new QCustomPlot(this))
{
    m_caption->setWordWrap(true);
    m_caption->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_plot->setMinimumHeight(kMinHeight);
    setAccessible(m_plot, tr("Pair timeline"),
        tr("The selected pair over the run: RTT p50 and p99, the prober's and the responder's delay in "
           "microseconds, loss in percent on the right axis, and a line where a finding was raised or cleared. "
           "Below, on the same time axis, both hosts' pause frames, retransmissions, discards and CNPs per second."));

    const QColor text = palette().color(QPalette::WindowText);
    for (QCPAxis* axis : { m_plot->xAxis, m_plot->yAxis, m_plot->yAxis2 }) {
        axis->setBasePen(QPen(text));
        axis->setTickPen(QPen(text));
        axis->setSubTickPen(QPen(text));
        axis->setTickLabelColor(text);
        axis->setLabelColor(text);
    }
    m_plot->setBackground(palette().brush(QPalette::Base));
    auto ticker = QSharedPointer<QCPAxisTickerDateTime>::create();
    ticker->setDateTimeFormat(QStringLiteral("HH:mm:ss"));
    ticker->setDateTimeSpec(Qt::LocalTime);
    m_plot->xAxis->setTicker(ticker);
    m_plot->yAxis->setLabel(tr("µs"));
    m_plot->yAxis2->setLabel(tr("loss %"));
    m_plot->yAxis2->setVisible(true);

    const bool dark = palette().color(QPalette::Base).lightness() < 128;
    addGraph(m_plot, m_plot->yAxis, dark ? QColor(0x62, 0xa0, 0xea) : QColor(0x1c, 0x71, 0xd8), tr("RTT p50"));
    addGraph(m_plot, m_plot->yAxis, dark ? QColor(0xc0, 0x8f, 0xf0) : QColor(0x81, 0x3d, 0x9c), tr("RTT p99"));
    addGraph(m_plot, m_plot->yAxis, dark ? QColor(0x8f, 0xf0, 0xa4) : QColor(0x26, 0xa2, 0x69), tr("prober delay"),
        Qt::DashLine);
    addGraph(m_plot, m_plot->yAxis, dark ? QColor(0xf9, 0xf0, 0x6b) : QColor(0xa8, 0x4b, 0x00), tr("responder delay"),
        Qt::DashLine);
    auto* loss = addGraph(m_plot, m_plot->yAxis2, badColour(), tr("loss"));
    QColor fill = badColour();
    fill.setAlpha(60);
    loss->setBrush(fill);
    m_plot->legend->setVisible(true);
    m_plot->legend->setBrush(palette().brush(QPalette::Base));
    m_plot->legend->setTextColor(text);
    m_plot->legend->setBorderPen(Qt::NoPen);
    m_plot->legend->setFillOrder(QCPLegend::foColumnsFirst);
    m_plot->legend->setWrap(5);
    // The legend sits above the chart, in a row of its own: inside the axis rect it would hide the newest steps.
    auto* legendRow = new QCPLayoutGrid;
    m_plot->plotLayout()->insertRow(0);
    m_plot->plotLayout()->addElement(0, 0, legendRow);
    legendRow->addElement(0, 0, m_plot->legend);
    m_plot->plotLayout()->setRowStretchFactor(0, 0.001);

    // The counters' chart: its own value axis (rates per second, not µs), the RTT chart's time axis, the same left
    // margin so the two time axes line up. In the layout only while a host has counters.
    m_counterRect = new QCPAxisRect(m_plot);
    m_counterRect->setupFullAxesBox(false);
    m_counterRect->axis(QCPAxis::atTop)->setVisible(false);
    m_counterRect->axis(QCPAxis::atRight)->setVisible(false);
    for (QCPAxis* axis : { m_counterRect->axis(QCPAxis::atBottom), m_counterRect->axis(QCPAxis::atLeft) }) {
        axis->setBasePen(QPen(text));
        axis->setTickPen(QPen(text));
        axis->setSubTickPen(QPen(text));
        axis->setTickLabelColor(text);
        axis->setLabelColor(text);
    }
    m_counterRect->axis(QCPAxis::atBottom)->setTicker(ticker);
    m_counterRect->axis(QCPAxis::atLeft)->setLabel(tr("per s"));
    auto* margins = new QCPMarginGroup(m_plot);
    m_plot->axisRect()->setMarginGroup(QCP::msLeft | QCP::msRight, margins);
    m_counterRect->setMarginGroup(QCP::msLeft | QCP::msRight, margins);
    connect(m_plot->xAxis, qOverload<const QCPRange&>(&QCPAxis::rangeChanged), m_counterRect,
        [this](const QCPRange& range) { m_counterRect->axis(QCPAxis::atBottom)->setRange(range); });

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_caption);
    layout->addWidget(m_plot, 1);
    clear();
}

PairTimeline::~PairTimeline() = default;

void PairTimeline::clear()
{
    showMessage(tr("Click a cell of the matrix to see its pair over the run."));
}

void PairTimeline::showMessage(const QString& text)
{
    for (QCPGraph* g : m_counterGraphs)
        m_plot->removeGraph(g);
    m_counterGraphs.clear();
    setCountersShown(false);
    for (int i = 0; i < m_plot->graphCount(); ++i)
        m_plot->graph(i)->data()->clear();
    m_plot->clearItems();
    m_markers = 0;
    m_cursorRound = 0;
    m_caption->setText(text);
    m_plot->replot();
}

void PairTimeline::showPair(const QString& from, const QString& to, const std::vector<rp::fabric::PairStep>& steps,
    const std::vector<rp::fabric::PairHistoryEvent>& events, const Counters& counters,
    const std::optional<Cursor>& cursor)
{
    if (steps.empty()) {
        showMessage(
            tr("%1 → %2 was not probed in this run (no cell between them was expected to work).").arg(from, to));
        return;
    }
    m_plot->clearItems();
    m_markers = 0;
    m_cursorRound = 0;
    QList<double> keys;
    QList<double> p50;
    QList<double> p99;
    QList<double> prober;
    QList<double> responder;
    QList<double> loss;
    const auto n = static_cast<qsizetype>(steps.size()) + 1;
    for (QList<double>* list : { &keys, &p50, &p99, &prober, &responder, &loss })
        list->reserve(n);
    double worstLoss = 0.0;
    double top = 0.0;
    std::uint32_t coarsest = 1;
    for (const auto& s : steps) {
        keys << epochSeconds(s.start);
        // A step with no reply has no RTT: a gap, not a fall to zero.
        const double nan = std::numeric_limits<double>::quiet_NaN();
        p50 << (s.received > 0 ? s.rttP50Us : nan);
        p99 << (s.received > 0 ? s.rttP99Us : nan);
        prober << (s.received > 0 ? s.proberDelayUs : nan);
        responder << (s.received > 0 ? s.responderDelayUs : nan);
        loss << s.lossPercent();
        worstLoss = std::max(worstLoss, s.lossPercent());
        if (s.received > 0)
            top = std::max({ top, s.rttP99Us, s.proberDelayUs, s.responderDelayUs });
        coarsest = std::max(coarsest, s.rounds);
    }
    // The last step is drawn to its end, so one round is a visible step and not a point.
    const auto& last = steps.back();
    keys << epochSeconds(last.start) + std::max(last.seconds, 0.1);
    for (QList<double>* list : { &p50, &p99, &prober, &responder, &loss })
        list->append(list->back());
    m_plot->graph(0)->setData(keys, p50, true);
    m_plot->graph(1)->setData(keys, p99, true);
    m_plot->graph(2)->setData(keys, prober, true);
    m_plot->graph(3)->setData(keys, responder, true);
    m_plot->graph(4)->setData(keys, loss, true);
    // A finding is raised or cleared when its round is judged, after the round's cells: the axis reaches it.
    double end = keys.back();
    for (const auto& e : events)
        end = std::max(end, epochSeconds(e.at));
    m_plot->xAxis->setRange(keys.front(), end);
    m_plot->yAxis->setRange(0, top > 0 ? top * 1.15 : 1.0);
    m_plot->yAxis2->setRange(0, 100);

    const QColor raisedColour = badColour();
    const QColor clearedColour = palette().color(QPalette::WindowText);
    for (const auto& e : events) {
        const double x = epochSeconds(e.at);
        if (x < keys.front() || m_markers >= 50)
            continue;
        const QColor colour = e.cleared ? clearedColour : raisedColour;
        auto* line = new QCPItemStraightLine(m_plot);
        line->point1->setCoords(x, 0);
        line->point2->setCoords(x, 1);
        line->setPen(QPen(colour, 1, Qt::DashLine));
        auto* label = new QCPItemText(m_plot);
        label->position->setTypeX(QCPItemPosition::ptPlotCoords);
        label->position->setTypeY(QCPItemPosition::ptAxisRectRatio);
        // Labels alternate rows so two markers close together do not print over each other.
        label->position->setCoords(x, 0.03 + 0.09 * (m_markers % 3));
        // Left of its line, unless that is the axis' first third, where a long title would be cut at the edge.
        const bool early = x < keys.front() + (end - keys.front()) / 3;
        label->setPositionAlignment((early ? Qt::AlignLeft : Qt::AlignRight) | Qt::AlignTop);
        label->setPadding(early ? QMargins(3, 0, 0, 0) : QMargins(0, 0, 3, 0));
        label->setColor(colour);
        QColor behind = palette().color(QPalette::Base);
        behind.setAlpha(200);
        label->setBrush(behind);
        label->setClipToAxisRect(true);
        label->setText(e.cleared ? tr("cleared: %1").arg(QString::fromStdString(e.id))
                                 : QString::fromStdString(e.title.empty() ? e.id : e.title));
        ++m_markers;
    }

    if (cursor) {
        // Solid and in the selection's colour: not a finding's dashed marker.
        const double x = epochSeconds(cursor->at);
        const QColor colour = palette().color(QPalette::Highlight);
        auto* line = new QCPItemStraightLine(m_plot);
        line->point1->setCoords(x, 0);
        line->point2->setCoords(x, 1);
        line->setPen(QPen(colour, 2));
        auto* label = new QCPItemText(m_plot);
        label->position->setTypeX(QCPItemPosition::ptPlotCoords);
        label->position->setTypeY(QCPItemPosition::ptAxisRectRatio);
        label->position->setCoords(x, 0.97);
        label->setPositionAlignment(Qt::AlignLeft | Qt::AlignBottom);
        label->setPadding(QMargins(3, 0, 0, 0));
        label->setColor(colour);
        QColor behind = palette().color(QPalette::Base);
        behind.setAlpha(200);
        label->setBrush(behind);
        label->setClipToAxisRect(true);
        label->setText(tr("round %1").arg(cursor->round));
        m_cursorRound = cursor->round;
    }

    const QLocale locale;
    const auto startText
        = locale.toString(QDateTime::fromSecsSinceEpoch(static_cast<qint64>(keys.front())), QLocale::ShortFormat);
    QString text = tr("%1 → %2: %n step(s) since %3, worst loss %4 %", nullptr, static_cast<int>(steps.size()))
                       .arg(from, to, startText, locale.toString(worstLoss, 'f', 1));
    if (coarsest > 1)
        text += QLatin1Char(' ')
            + tr("(older steps fold up to %n rounds each, to keep the whole run)", nullptr, static_cast<int>(coarsest));
    showCounters(from, to, counters);
    if (m_countersShown)
        text += QLatin1Char(' ')
            + tr("Host counters below: %1 solid, %2 dashed.")
                  .arg(counters.from.empty() ? tr("%1 (none)").arg(from) : from,
                      counters.to.empty() ? tr("%1 (none)").arg(to) : to);
    if (!m_countersShown)
        text += QLatin1Char(' ')
            + tr("No host counters: the agents of %1 and %2 read no pause, retransmission, discard or CNP counter "
                 "(a NIC without RoCE counters, a veth, or a run saved before host counters were kept).")
                  .arg(from, to);
    m_caption->setText(text);
    m_plot->replot();
}

void PairTimeline::setCountersShown(bool shown)
{
    if (shown == m_countersShown)
        return;
    m_countersShown = shown;
    auto* layout = m_plot->plotLayout();
    if (shown) {
        layout->addElement(layout->rowCount(), 0, m_counterRect);
        layout->setRowStretchFactor(layout->rowCount() - 1, 0.6);
    } else {
        layout->take(m_counterRect);
        layout->simplify();
    }
    m_plot->setMinimumHeight(kMinHeight + (shown ? kCounterHeight : 0));
}

void PairTimeline::showCounters(const QString& from, const QString& to, const Counters& counters)
{
    for (QCPGraph* g : m_counterGraphs)
        m_plot->removeGraph(g);
    m_counterGraphs.clear();
    const bool dark = palette().color(QPalette::Base).lightness() < 128;
    const QString names[]
        = { tr("pause rx"), tr("pause tx"), tr("retransmits"), tr("discards"), tr("CNPs sent"), tr("CNPs handled") };
    static_assert(std::size(names) == std::size(rp::counters::kHostCounterFields));
    QCPAxis* keyAxis = m_counterRect->axis(QCPAxis::atBottom);
    QCPAxis* valueAxis = m_counterRect->axis(QCPAxis::atLeft);
    double top = 0.0;
    const std::pair<const QString*, const std::vector<rp::fabric::HostCounterStep>*> hosts[]
        = { { &from, &counters.from }, { &to, &counters.to } };
    for (std::size_t h = 0; h < std::size(hosts); ++h) {
        const auto& steps = *hosts[h].second;
        if (steps.empty())
            continue;
        for (std::size_t field = 0; field < std::size(names); ++field) {
            const auto member = rp::counters::kHostCounterFields[field].member;
            if (std::ranges::none_of(steps, [member](const auto& s) { return (s.counters.*member).has_value(); }))
                continue; // the host has no such counter: no line, not a line at 0
            QList<double> keys;
            QList<double> values;
            keys.reserve(static_cast<qsizetype>(steps.size()) + 1);
            values.reserve(keys.capacity());
            for (const auto& s : steps) {
                keys << epochSeconds(s.start);
                const auto& v = s.counters.*member;
                values << (v ? *v : std::numeric_limits<double>::quiet_NaN());
                if (v)
                    top = std::max(top, *v);
            }
            keys << epochSeconds(steps.back().start) + std::max(steps.back().seconds, 0.1);
            values << values.back();
            auto* g = m_plot->addGraph(keyAxis, valueAxis);
            g->setPen(QPen(counterColour(field, dark), 1.5, h == 0 ? Qt::SolidLine : Qt::DashLine));
            g->setName(names[field]);
            // One legend entry per counter: the caption says which host is solid and which dashed.
            if (std::ranges::any_of(
                    m_counterGraphs, [&](const QCPGraph* other) { return other->name() == names[field]; }))
                g->removeFromLegend();
            g->setLineStyle(QCPGraph::lsStepLeft);
            g->setData(keys, values, true);
            m_counterGraphs.push_back(g);
        }
    }
    setCountersShown(!m_counterGraphs.empty());
    if (m_countersShown) {
        keyAxis->setRange(m_plot->xAxis->range());
        // All zero (a quiet lossless fabric) still draws its lines on a readable axis.
        valueAxis->setRange(0, top > 0 ? top * 1.15 : 1.0);
    }
}

int PairTimeline::points() const
{
    return m_plot->graph(1)->dataCount();
}

std::pair<double, double> PairTimeline::timeRange() const
{
    return { m_plot->xAxis->range().lower, m_plot->xAxis->range().upper };
}

std::pair<double, double> PairTimeline::counterTimeRange() const
{
    const auto range = m_counterRect->axis(QCPAxis::atBottom)->range();
    return { range.lower, range.upper };
}

double PairTimeline::counterAxisTop() const
{
    return m_counterRect->axis(QCPAxis::atLeft)->range().upper;
}

double PairTimeline::lastReplotMs() const
{
    return m_plot->replotTime(false);
}

} // namespace rp::ui

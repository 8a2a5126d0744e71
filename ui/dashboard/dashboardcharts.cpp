// SPDX-License-Identifier: GPL-3.0-or-later
#include "dashboard/qcp.h" // first: see qcp.h

#include "dashboard/dashboardcharts.h"

#include "counters/counters.h"
#include "dashboard/pfcview.h"
#include "profile/profile.h"

#include <QCheckBox>
#include <QFileInfo>
#include <QFontMetrics>
#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QScrollArea>
#include <QSplitter>
#include <QSvgGenerator>
#include <QTimer>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>
#include <limits>

namespace rp::ui {

/// The p50..p99 band: one vertical segment per pixel column between the two decimated edges, drawn straight
/// with the painter (a QCPGraph channel fill costs ~100x more at this density).
class ColumnBand final : public QCPLayerable
{
public:
    ColumnBand(QCustomPlot* plot, QCPAxis* x, QCPAxis* y)
        : QCPLayerable(plot, QStringLiteral("main"))
        , m_x(x)
        , m_y(y)
    { }
    void setEdges(const SeriesBuffer* lo, const SeriesBuffer* hi, double t0, double t1)
    {
        m_lo = lo;
        m_hi = hi;
        m_t0 = t0;
        m_t1 = t1;
    }
    QColor color { 0x1f, 0x77, 0xb4, 70 };
    QColor clipColor { 0xc0, 0x1c, 0x28 };

protected:
    void applyDefaultAntialiasingHint(QCPPainter* painter) const override { painter->setAntialiasing(false); }
    QRect clipRect() const override { return m_x->axisRect()->rect(); }
    void draw(QCPPainter* painter) override
    {
        if (!m_lo || !m_hi || m_t1 <= m_t0)
            return;
        const QRect r = m_x->axisRect()->rect();
        const int columns = std::max(1, r.width());
        const double colW = (m_t1 - m_t0) / columns;
        painter->setPen(QPen(color, 1));
        QVector<double> kLo, vLo, kHi, vHi;
        m_lo->decimate(m_t0, m_t1, columns, kLo, vLo);
        m_hi->decimate(m_t0, m_t1, columns, kHi, vHi);
        // per column: the lowest p50 and the highest p99
        std::vector<double> lo(static_cast<std::size_t>(columns), NAN), hi(static_cast<std::size_t>(columns), NAN);
        auto fold = [&](const QVector<double>& k, const QVector<double>& v, std::vector<double>& into, bool low) {
            for (qsizetype i = 0; i < k.size(); ++i) {
                if (std::isnan(v[i]))
                    continue;
                const auto c
                    = static_cast<std::size_t>(std::clamp(static_cast<int>((k[i] - m_t0) / colW), 0, columns - 1));
                double& x = into[c];
                x = std::isnan(x) ? v[i] : (low ? std::min(x, v[i]) : std::max(x, v[i]));
            }
        };
        fold(kLo, vLo, lo, true);
        fold(kHi, vHi, hi, false);
        QVector<QLineF> segments;
        QVector<QLineF> clipped;
        segments.reserve(columns);
        for (int c = 0; c < columns; ++c) {
            const auto i = static_cast<std::size_t>(c);
            if (std::isnan(lo[i]) || std::isnan(hi[i]))
                continue;
            const double x = r.left() + c + 0.5;
            segments << QLineF(x, m_y->coordToPixel(lo[i]), x, m_y->coordToPixel(hi[i]));
            // A p99 above the axis (which follows the bulk of the data) gets a tick on the top edge: clipped, not
            // gone.
            if (hi[i] > m_y->range().upper)
                clipped << QLineF(x, r.top(), x, r.top() + 5);
        }
        painter->drawLines(segments);
        if (!clipped.isEmpty()) {
            painter->setPen(QPen(clipColor, 1));
            painter->drawLines(clipped);
        }
    }

private:
    QCPAxis* m_x;
    QCPAxis* m_y;
    const SeriesBuffer* m_lo = nullptr;
    const SeriesBuffer* m_hi = nullptr;
    double m_t0 = 0, m_t1 = 0;
};

namespace {

const QColor kColors[] = { QColor(0x1f, 0x77, 0xb4), QColor(0xd6, 0x62, 0x0b), QColor(0x2c, 0xa0, 0x2c),
    QColor(0xc0, 0x1c, 0x28), QColor(0x94, 0x67, 0xbd), QColor(0x8c, 0x56, 0x4b), QColor(0x17, 0xbe, 0xcf),
    QColor(0x7f, 0x7f, 0x7f), QColor(0xbc, 0xbd, 0x22), QColor(0xe3, 0x77, 0xc2) };

QCPGraph* addGraph(QCustomPlot* plot, const QString& name, const QColor& color, bool dashed = false)
{
    QCPGraph* g = plot->addGraph();
    g->setName(name);
    QPen pen(color, 1);
    if (dashed)
        pen.setStyle(Qt::DashLine);
    g->setPen(pen);
    g->setAdaptiveSampling(false); // we hand it <= 2 points per column already
    return g;
}

} // namespace

DashboardCharts::DashboardCharts(QWidget* parent)
    : QWidget(parent)
{
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    auto* bar = new QHBoxLayout;
    m_followBox = new QCheckBox(tr("Follow the newest samples"), this);
    m_followBox->setChecked(true);
    bar->addWidget(m_followBox);
    bar->addStretch();
    bar->addWidget(new QLabel(tr("Drag or wheel on a chart to look back; all charts share the time axis."), this));
    layout->addLayout(bar);
    connect(m_followBox, &QCheckBox::toggled, this, &DashboardCharts::setFollow);
    // Charts above, the PFC view and the alarms below; the user moves the divide.
    // The charts keep a readable height each; a window too short for all four scrolls them instead of squeezing
    // them into strips whose labels print over each other.
    auto* split = new QSplitter(Qt::Vertical, this);
    m_scroll = new QScrollArea(split);
    m_scroll->setWidgetResizable(true);
    m_scroll->setFrameShape(QFrame::NoFrame);
    m_scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    auto* charts = new QWidget(m_scroll);
    auto* chartsLayout = new QVBoxLayout(charts);
    chartsLayout->setContentsMargins(0, 0, 0, 0);
    m_scroll->setWidget(charts);
    split->addWidget(m_scroll);
    m_pfc = new PfcView(split);
    split->addWidget(m_pfc);
    split->setStretchFactor(0, 4);
    split->setStretchFactor(1, 1);
    split->setSizes({ 820, 180 }); // proportions: room for two hosts' rx/tx rows and a few alarms
    layout->addWidget(split, 1);

    const QString titles[ChartCount] = { tr("Throughput (Gb/s)"), tr("One-way latency (µs): p50, band p50–p99"),
        tr("CPU (% of one core)"), tr("Host counters (per second)") };
    for (int c = 0; c < ChartCount; ++c)
        m_titles[c] = titles[c];
    for (int c = 0; c < ChartCount; ++c) {
        auto* p = new QCustomPlot(charts);
        p->setMinimumHeight(c == Counters ? kCountersMinHeight : (c == Latency ? kLatencyMinHeight : kChartMinHeight));
        // An explicit minimum width: QCustomPlot's own hint is its widest text (a long title), which would make the
        // charts wider than the window and cut their right edge.
        p->setMinimumWidth(240);
        p->yAxis->ticker()->setTickCount(4);
        p->setAccessibleName(titles[c]);
        p->setNoAntialiasingOnDrag(true);
        p->setNotAntialiasedElements(QCP::aeAll);
        p->plotLayout()->insertRow(0);
        auto* title = new QCPTextElement(p, titles[c], QFont(font().family(), font().pointSize(), QFont::Bold));
        p->plotLayout()->addElement(0, 0, title);
        p->xAxis->setLabel(tr("time since the run started (s)"));
        p->legend->setVisible(true);
        p->legend->setFont(QFont(font().family(), std::max(6, font().pointSize() - 1)));
        // top left: while the charts follow a run, the newest samples (and the alarm labels) are at the right
        p->axisRect()->insetLayout()->setInsetAlignment(0, Qt::AlignTop | Qt::AlignLeft);
        p->legend->setBrush(QColor(255, 255, 255, 210));
        p->setInteractions(QCP::iRangeDrag | QCP::iRangeZoom);
        p->axisRect()->setRangeDrag(Qt::Horizontal);
        p->axisRect()->setRangeZoom(Qt::Horizontal);
        connect(p->xAxis, qOverload<const QCPRange&>(&QCPAxis::rangeChanged), this, [this](const QCPRange& r) {
            if (m_syncing)
                return;
            // the user dragged or zoomed: stop following, show that range on every chart
            m_followBox->setChecked(false);
            m_viewT0 = r.lower;
            m_viewT1 = r.upper;
            m_dirty = true;
        });
        if (c == Counters) {
            // A dozen counters' legend inside the chart would hide half the lines: it goes below the axis, four
            // entries a row, and the chart gets the extra height.
            auto* below = new QCPLayoutGrid;
            p->plotLayout()->addElement(2, 0, below);
            p->axisRect()->insetLayout()->take(p->legend);
            below->addElement(0, 0, p->legend);
            below->setMargins(QMargins(0, 0, 0, 4));
            p->plotLayout()->setRowStretchFactor(2, 0.001);
            p->legend->setFillOrder(QCPLegend::foColumnsFirst);
            p->legend->setWrap(4);
        }
        chartsLayout->addWidget(p, c == Counters ? 2 : 1);
        p->installEventFilter(this); // a resize lays the marker labels and the legend out again
        m_plots[c] = p;
    }
    auto add = [&](const std::string& key, Chart chart, const QString& name, const QColor& color, bool dashed) {
        auto l = std::make_unique<Line>();
        l->graph = addGraph(m_plots[chart], name, color, dashed);
        m_lines[key] = std::move(l);
    };
    add("gbps.client", Throughput, tr("client"), kColors[0], false);
    add("gbps.server", Throughput, tr("server"), kColors[1], true);
    add("p50", Latency, tr("p50 per interval"), kColors[0], false);
    add("cpu.client", Cpu, tr("client"), kColors[0], false);
    add("cpu.server", Cpu, tr("server"), kColors[1], false);
    m_gbps[0] = line("gbps.client");
    m_gbps[1] = line("gbps.server");
    m_cpu[0] = line("cpu.client");
    m_cpu[1] = line("cpu.server");
    m_p50Line = line("p50");
    m_band = new ColumnBand(m_plots[Latency], m_plots[Latency]->xAxis, m_plots[Latency]->yAxis);
    applyPalette();
    m_timer = new QTimer(this);
    m_timer->setInterval(28); // ~35 Hz, so 30 frames/s hold with some timer slack
    connect(m_timer, &QTimer::timeout, this, &DashboardCharts::refresh);
    m_timer->start();
}

DashboardCharts::~DashboardCharts() = default;

void DashboardCharts::changeEvent(QEvent* event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::PaletteChange || event->type() == QEvent::StyleChange)
        applyPalette();
}

bool DashboardCharts::eventFilter(QObject* watched, QEvent* event)
{
    // Labels and legend columns are laid out in pixels: a chart resized (a window, a scroll bar appearing) needs
    // a new frame even when no sample came.
    if (event->type() == QEvent::Resize)
        m_dirty = true;
    return QWidget::eventFilter(watched, event);
}

void DashboardCharts::applyPalette()
{
    const QPalette pal = palette();
    const QColor base = pal.color(QPalette::Base);
    const QColor text = pal.color(QPalette::Text);
    QColor grid = text;
    grid.setAlpha(60);
    const bool dark = base.lightness() < 128;
    for (auto* p : m_plots) {
        p->setBackground(base);
        p->axisRect()->setBackground(base);
        for (QCPAxis* axis : { p->xAxis, p->yAxis }) {
            axis->setBasePen(QPen(text, 1));
            axis->setTickPen(QPen(text, 1));
            axis->setSubTickPen(QPen(text, 1));
            axis->setTickLabelColor(text);
            axis->setLabelColor(text);
            axis->grid()->setPen(QPen(grid, 1, Qt::DotLine));
        }
        p->legend->setBrush(QColor(base.red(), base.green(), base.blue(), 220));
        p->legend->setTextColor(text);
        p->legend->setBorderPen(QPen(text, 1));
        if (auto* title = qobject_cast<QCPTextElement*>(p->plotLayout()->element(0, 0)))
            title->setTextColor(text);
    }
    // The band: the latency line's colour, translucent over either background.
    m_band->color = dark ? QColor(0x6f, 0xb7, 0xf4, 90) : QColor(0x1f, 0x77, 0xb4, 70);
    m_band->clipColor = dark ? QColor(0xff, 0x7b, 0x7b) : QColor(0xc0, 0x1c, 0x28);
    m_dirty = true;
}

DashboardCharts::Line* DashboardCharts::line(const std::string& key) const
{
    auto it = m_lines.find(key);
    return it == m_lines.end() ? nullptr : it->second.get();
}

DashboardCharts::Line* DashboardCharts::counterLine(const std::string& key)
{
    const std::string full = "ctr." + key;
    if (auto* l = line(full))
        return l;
    // at most 10 counters get a line (the first that moved); counters come at <= 10/s: small buffers
    std::size_t counters = 0;
    for (const auto& [k, v] : m_lines)
        counters += k.starts_with("ctr.") ? 1 : 0;
    if (counters >= 10)
        return nullptr;
    auto l = std::make_unique<Line>(1u << 12, 1u << 19);
    // "lab-a: hw:rcvd_pkts" reads as "lab-a: packets received"
    const auto colon = key.find(": ");
    const std::string host = colon == std::string::npos ? std::string() : key.substr(0, colon + 2);
    const std::string name = colon == std::string::npos ? key : key.substr(colon + 2);
    l->graph = addGraph(m_plots[Counters], QString::fromStdString(host + counters::describeCounter(name).label),
        kColors[m_colorIndex++ % 10]);
    auto* raw = l.get();
    m_lines[full] = std::move(l);
    return raw;
}

void DashboardCharts::clear()
{
    for (auto it = m_lines.begin(); it != m_lines.end();) {
        if (it->first.starts_with("ctr.") || it->first.starts_with("ovl.")) {
            it->second->graph->parentPlot()->removeGraph(it->second->graph);
            it = m_lines.erase(it);
        } else {
            it->second->buffer.clear();
            it->second->graph->data()->clear();
            ++it;
        }
    }
    m_p50.clear();
    m_p99.clear();
    m_plots[Latency]->clearItems();
    m_markers = 0;
    m_engine.clear();
    m_alarms.clear();
    m_pfc->clear();
    m_colorIndex = 0;
    for (auto& r : m_received)
        r = 0;
    m_frames = 0;
    m_viewT0 = 0;
    m_viewT1 = 1;
    m_dirty = true;
}

void DashboardCharts::addSample(const rp::run::RunSample& s)
{
    const bool client = s.role == perf::Role::Client;
    m_gbps[client ? 0 : 1]->buffer.append(s.runTS, s.sample.gbps);
    m_cpu[client ? 0 : 1]->buffer.append(s.runTS, s.sample.cpuPercent);
    ++m_received[Throughput];
    ++m_received[Cpu];
    if (client && s.sample.p50Us) {
        m_p50Line->buffer.append(s.runTS, *s.sample.p50Us);
        m_p50.append(s.runTS, *s.sample.p50Us);
        m_p99.append(s.runTS, s.sample.p99Us.value_or(*s.sample.p50Us));
        ++m_received[Latency];
    }
    m_dirty = true;
}

void DashboardCharts::addCounters(const rp::run::CounterSample& c)
{
    for (const auto& [name, rate] : c.rates) {
        const std::string key = c.host + ": " + name;
        Line* l = line("ctr." + key);
        // a counter gets a line once it moves; one that never moves stays out of the way
        if (!l && rate > 0)
            l = counterLine(key);
        if (l)
            l->buffer.append(c.runTS, rate);
    }
    m_pfc->addCounters(c);
    // Every alarm of one counter read that belongs on the latency chart shares one marker: at one moment, one
    // line and one label naming them all (worst severity's colour), never labels stacked on one another.
    QStringList marked;
    bool critical = false;
    for (auto& alarm : m_engine.update(c)) {
        m_pfc->addAlarm(alarm);
        if (alarm.markOnLatency) {
            const std::string what
                = alarm.counter.empty() ? alarm.text : counters::describeCounter(alarm.counter).label;
            const QString w = QString::fromStdString(what);
            if (!marked.contains(w))
                marked << w;
            critical = critical || alarm.severity == counters::Severity::Critical;
        }
        m_alarms.push_back(std::move(alarm));
    }
    if (!marked.isEmpty() && m_markers < 100) {
        // Where the latency went up, the reason shows on the same time axis, the moment it is known.
        const bool dark = palette().color(QPalette::Base).lightness() < 128;
        const QColor color = critical ? (dark ? QColor(0xff, 0x7b, 0x7b) : QColor(0xc0, 0x1c, 0x28))
                                      : (dark ? QColor(0xff, 0xb3, 0x5c) : QColor(0xa8, 0x4b, 0x00));
        auto* p = m_plots[Latency];
        auto* line = new QCPItemStraightLine(p);
        line->point1->setCoords(c.runTS, 0);
        line->point2->setCoords(c.runTS, 1);
        line->setPen(QPen(color, 1, Qt::DashLine));
        auto* text = new QCPItemText(p);
        text->position->setTypeX(QCPItemPosition::ptPlotCoords);
        text->position->setTypeY(QCPItemPosition::ptAxisRectRatio);
        // A new alarm lands at the right edge while the charts follow the newest samples, so the label ends at
        // its line instead of starting there (where the edge would cut it off); layoutMarkerLabels places it
        // among the others at each frame.
        text->position->setCoords(c.runTS, 0.02);
        text->setPositionAlignment(Qt::AlignRight | Qt::AlignTop);
        text->setPadding(QMargins(0, 0, 3, 0));
        text->setColor(color);
        QColor behind = palette().color(QPalette::Base); // readable over the band and the lines it crosses
        behind.setAlpha(200);
        text->setBrush(behind);
        // two names fit beside a marker; the rest are counted (the alarm list has them all)
        QString names = marked.mid(0, 2).join(QStringLiteral(", "));
        if (marked.size() > 2)
            names += QLatin1Char(' ') + tr("(+%n more)", nullptr, static_cast<int>(marked.size() - 2));
        text->setText(QString::fromStdString(c.host) + QStringLiteral(": ") + names);
        text->setClipToAxisRect(true);
        ++m_markers;
    }
    ++m_received[Counters];
    m_dirty = true;
}

void DashboardCharts::setAlarmContext(const rp::counters::AlarmContext& context)
{
    m_engine.setContext(context);
    m_pfc->setLosslessPriorities(context.pfcPriorities);
}

void DashboardCharts::showRun(const rp::run::Run& run)
{
    clear();
    // The profile the run was made under says which priority is lossless; without one nothing is flagged.
    counters::AlarmContext context;
    if (!run.environment.profileYaml.empty()) {
        if (auto profile = parseProfileUnchecked(run.environment.profileYaml, "run profile"))
            context = counters::alarmContextFor(*profile);
    }
    setAlarmContext(context);
    for (const auto& s : run.samples)
        addSample(s);
    for (const auto& c : run.counters)
        addCounters(c);
    double last = 0;
    for (const auto& [k, l] : m_lines)
        last = std::max(last, l->buffer.lastTime());
    m_followBox->setChecked(false);
    m_viewT0 = 0;
    m_viewT1 = std::max(last, 1.0);
    m_dirty = true;
    refresh();
}

void DashboardCharts::overlayRun(const rp::run::Run& run, const QString& name)
{
    const std::string tag = "ovl." + name.toStdString() + ".";
    auto add = [&](const std::string& key, Chart chart, const QString& label, const QColor& color) {
        auto l = std::make_unique<Line>(1u << 12, 1u << 19);
        l->graph = addGraph(m_plots[chart], label, color, true);
        auto* raw = l.get();
        m_lines[tag + key] = std::move(l);
        return raw;
    };
    const QColor color = kColors[(4 + m_colorIndex++) % 10];
    Line* gbps = add("gbps", Throughput, tr("%1: client").arg(name), color);
    Line* p50 = add("p50", Latency, tr("%1: p50").arg(name), color);
    Line* cpuC = add("cpu.client", Cpu, tr("%1: client").arg(name), color);
    Line* cpuS = add("cpu.server", Cpu, tr("%1: server").arg(name), color.darker(140));
    const double t0 = run.samples.empty() ? 0 : run.samples.front().runTS;
    for (const auto& s : run.samples) {
        const double t = s.runTS - t0;
        if (s.role == perf::Role::Client) {
            gbps->buffer.append(t, s.sample.gbps);
            cpuC->buffer.append(t, s.sample.cpuPercent);
            if (s.sample.p50Us)
                p50->buffer.append(t, *s.sample.p50Us);
        } else {
            cpuS->buffer.append(t, s.sample.cpuPercent);
        }
    }
    double last = m_viewT1;
    for (const auto& [k, l] : m_lines)
        last = std::max(last, l->buffer.lastTime());
    m_followBox->setChecked(false);
    m_viewT1 = last;
    m_dirty = true;
    refresh();
}

void DashboardCharts::setWindow(double seconds)
{
    m_window = std::max(1.0, seconds);
    m_dirty = true;
}

void DashboardCharts::setFollow(bool follow)
{
    m_follow = follow;
    if (m_followBox->isChecked() != follow)
        m_followBox->setChecked(follow);
    m_dirty = true;
}

void DashboardCharts::syncRanges(double t0, double t1)
{
    m_syncing = true;
    for (auto* p : m_plots)
        p->xAxis->setRange(t0, t1);
    m_syncing = false;
}

void DashboardCharts::refresh()
{
    if (!m_dirty)
        return;
    beginFrame();
    for (int c = 0; c < ChartCount; ++c)
        refreshChart(c);
    ++m_frames;
}

void DashboardCharts::beginFrame()
{
    m_dirty = false;
    double first = std::numeric_limits<double>::infinity(), last = 0;
    for (const auto& [k, l] : m_lines) {
        if (l->buffer.empty())
            continue;
        first = std::min(first, l->buffer.firstTime());
        last = std::max(last, l->buffer.lastTime());
    }
    if (m_follow) {
        // Setting up a run (probes starting, connections made) takes seconds before the first sample; the axis
        // starts at that sample, else the first seconds of data sit squeezed against the right edge.
        const double start = std::isfinite(first) ? first : 0.0;
        m_viewT1 = std::max(last, start + 1.0);
        m_viewT0 = std::max(start, m_viewT1 - m_window);
    }
    m_frameT0 = m_viewT0;
    m_frameT1 = m_viewT1;
    syncRanges(m_frameT0, m_frameT1);
    m_band->setEdges(&m_p50, &m_p99, m_frameT0, m_frameT1);
    // a table of a few dozen cells: four times a second is live enough
    if (!m_pfcRefreshed.isValid() || m_pfcRefreshed.elapsed() >= 250) {
        m_pfc->refresh();
        m_pfcRefreshed.restart();
    }
}

namespace {

/// Returns how many labels had no room (left out, their markers kept).
int layoutMarkerLabels(QCustomPlot* p, double t0, double t1)
{
    // A marker's label reads toward the middle of what is shown: it ends at a marker in the right half (the
    // newest, at the right edge while following) and starts at one in the left half, so neither edge cuts it.
    // Then each label takes the first of the chart's rows (a text line apart) where it clears the labels already
    // there, from left to right; with every row taken, the one that ends first. Redone each frame, as zoom and
    // scrolling move the labels' extents.
    struct Label
    {
        QCPItemText* text;
        double left, right;
    };
    std::vector<Label> labels;
    const double middle = (t0 + t1) / 2;
    for (int i = 0; i < p->itemCount(); ++i) {
        auto* text = qobject_cast<QCPItemText*>(p->item(i));
        if (!text)
            continue;
        const double key = text->position->key();
        if (key < t0 || key > t1) {
            text->setVisible(false);
            continue;
        }
        const bool right = key >= middle;
        text->setPositionAlignment((right ? Qt::AlignRight : Qt::AlignLeft) | Qt::AlignTop);
        text->setPadding(right ? QMargins(0, 0, 3, 0) : QMargins(3, 0, 0, 0));
        const double x = p->xAxis->coordToPixel(key);
        const double w = QFontMetrics(text->font()).horizontalAdvance(text->text()) + 3;
        labels.push_back({ text, right ? x - w : x, right ? x : x + w });
    }
    if (labels.empty())
        return 0;
    const int height = std::max(1, p->axisRect()->height());
    // a text line and a little air: a label's box is taller than the font's line by its bounding rectangle
    const double lineHeight = QFontMetrics(labels.front().text->font()).height() + 4.0;
    const double row = lineHeight / height;
    // The labels take the upper half at most: the data stays readable under them.
    const int rows = std::clamp(static_cast<int>(0.5 / row), 1, 4);
    // From the newest (right) to the oldest: when rows run out, it is the older labels that are left out.
    std::sort(labels.begin(), labels.end(), [](const Label& a, const Label& b) { return a.right > b.right; });
    std::vector<double> starts(static_cast<std::size_t>(rows), std::numeric_limits<double>::infinity());
    // The legend (top left) is a label too: nothing goes over it in the rows it covers.
    std::vector<double> floors(static_cast<std::size_t>(rows), -std::numeric_limits<double>::infinity());
    if (p->legend->visible()) {
        const QRect legend = p->legend->outerRect();
        for (int i = 0; i < rows; ++i) {
            const double top = p->axisRect()->top() + (0.02 + row * i) * height;
            if (top < legend.bottom() && top + lineHeight > legend.top())
                floors[static_cast<std::size_t>(i)] = legend.right();
        }
    }
    int hidden = 0;
    for (const auto& l : labels) {
        std::size_t free = starts.size();
        for (std::size_t r = 0; r < starts.size() && free == starts.size(); ++r) {
            if (l.right + 12 <= starts[r] && l.left >= floors[r] + 12)
                free = r;
        }
        // With every row taken the label is left out rather than printed over another: its dashed line stays,
        // and the alarm list below names it.
        l.text->setVisible(free < starts.size());
        if (free == starts.size()) {
            ++hidden;
            continue;
        }
        starts[free] = l.left;
        l.text->position->setCoords(l.text->position->key(), 0.02 + row * static_cast<double>(free));
    }
    return hidden;
}

/// The value the latency axis ends at: the bulk of what is shown (the p50 line, and the p99 band up to its 90th
/// percentile over the pixel columns), so one spike does not flatten everything else against the floor.
double bulkUpper(const SeriesBuffer& p99, double t0, double t1, int columns, double linesMax)
{
    QVector<double> keys, values;
    p99.decimate(t0, t1, columns, keys, values);
    std::vector<double> v;
    v.reserve(static_cast<std::size_t>(values.size()));
    for (double x : values) {
        if (std::isfinite(x))
            v.push_back(x);
    }
    if (v.size() < 20)
        return std::max(linesMax, v.empty() ? 0.0 : *std::max_element(v.begin(), v.end()));
    const auto at = v.begin() + static_cast<std::ptrdiff_t>(v.size() * 9 / 10);
    std::nth_element(v.begin(), at, v.end());
    return std::max(linesMax, *at);
}

} // namespace

void DashboardCharts::refreshChart(int c)
{
    const double t0 = m_frameT0, t1 = m_frameT1;
    auto* p = m_plots[c];
    QVector<double> keys, values;
    for (auto& [k, l] : m_lines) {
        if (l->graph->parentPlot() != p)
            continue;
        const int columns = std::max(1, l->graph->keyAxis()->axisRect()->width());
        l->buffer.decimate(t0, t1, columns, keys, values);
        l->graph->setData(keys, values, true);
    }
    bool any = false;
    double lo = 0, hi = 1;
    for (int g = 0; g < p->graphCount(); ++g) {
        bool found = false;
        QCPRange r = p->graph(g)->getValueRange(found);
        if (found) {
            lo = any ? std::min(lo, r.lower) : r.lower;
            hi = any ? std::max(hi, r.upper) : r.upper;
            any = true;
        }
    }
    QString clipNote;
    if (c == Latency) {
        double blo = 0, bhi = 0;
        if (m_p99.range(t0, t1, blo, bhi)) {
            any = true;
            const double bulk = bulkUpper(m_p99, t0, t1, std::max(1, p->axisRect()->width()), hi) * 1.15;
            if (bhi > bulk) {
                hi = bulk / 1.08;
                clipNote = tr("clipped at %1 µs (red ticks); p99 peaks at %2 µs")
                               .arg(QLocale().toString(bulk, 'f', 0), QLocale().toString(bhi, 'f', 0));
            } else {
                hi = std::max(hi, bhi);
            }
        }
    }
    p->yAxis->setRange(std::min(0.0, lo), any && hi > 0 ? hi * 1.08 : 1.0);
    if (c == Latency) {
        if (clipNote != m_clipNote) {
            m_clipNote = clipNote;
            if (auto* title = qobject_cast<QCPTextElement*>(p->plotLayout()->element(0, 0)))
                title->setText(
                    clipNote.isEmpty() ? m_titles[Latency] : m_titles[Latency] + QStringLiteral("\n") + clipNote);
        }
        m_hiddenLabels = layoutMarkerLabels(p, t0, t1);
    } else if (c == Counters) {
        fitCountersLegend();
    }
    if (isVisible() || !p->isVisible())
        p->replot(QCustomPlot::rpQueuedReplot);
}

void DashboardCharts::fitCountersLegend()
{
    // As many legend columns as the widest name allows at this width, and the chart as tall as its rows need:
    // a legend cut at the chart's edge names lines nobody can tell apart.
    auto* p = m_plots[Counters];
    const QFontMetrics fm(p->legend->font());
    int widest = 0;
    for (int g = 0; g < p->graphCount(); ++g)
        widest = std::max(widest, fm.horizontalAdvance(p->graph(g)->name()));
    const int entry = widest + p->legend->iconSize().width() + p->legend->iconTextPadding() + 32;
    const int columns = std::clamp(std::max(1, p->width() - 40) / std::max(1, entry), 1, 6);
    const int entries = p->graphCount();
    const int rows = entries == 0 ? 0 : (entries + columns - 1) / columns;
    if (p->legend->wrap() != columns) {
        p->legend->setWrap(columns);
        p->legend->setFillOrder(p->legend->fillOrder(), true); // setWrap alone leaves the entries where they were
    }
    const int height = kCountersMinHeight + rows * (fm.height() + 6);
    if (p->minimumHeight() != height)
        p->setMinimumHeight(height);
}

double DashboardCharts::lastReplotMs() const
{
    double sum = 0;
    for (auto* p : m_plots)
        sum += p->replotTime(false);
    return sum;
}

std::size_t DashboardCharts::bufferBytes() const
{
    std::size_t sum = m_p50.memoryBytes() + m_p99.memoryBytes();
    for (const auto& [k, l] : m_lines)
        sum += l->buffer.memoryBytes();
    return sum;
}

bool DashboardCharts::exportChart(Chart chart, const QString& path, QString* error) const
{
    auto* p = m_plots[chart];
    const QString suffix = QFileInfo(path).suffix().toLower();
    bool ok = false;
    if (suffix == QStringLiteral("pdf"))
        ok = p->savePdf(path, 0, 0, QCP::epNoCosmetic, QStringLiteral("RoCE Pilot"), tr("RoCE Pilot chart"));
    else if (suffix == QStringLiteral("png"))
        ok = p->savePng(path, 0, 0, 2.0);
    else if (suffix == QStringLiteral("svg")) {
        // Vector, editable in Inkscape or a browser; QCustomPlot draws itself into any painter.
        QSvgGenerator svg;
        svg.setFileName(path);
        svg.setSize(p->size());
        svg.setViewBox(QRect(QPoint(0, 0), p->size()));
        svg.setTitle(tr("RoCE Pilot chart"));
        svg.setDescription(tr("Exported from the RoCE Pilot dashboard"));
        QCPPainter painter;
        if (painter.begin(&svg)) {
            p->toPainter(&painter, p->width(), p->height());
            ok = painter.end();
        }
        ok = ok && QFileInfo(path).size() > 0;
    } else {
        if (error)
            *error = tr("choose a .png, .svg or .pdf file name");
        return false;
    }
    if (!ok && error)
        *error = tr("could not write %1").arg(path);
    return ok;
}

} // namespace rp::ui

// SPDX-License-Identifier: GPL-3.0-or-later
// The live dashboard (ui/dashboard: DashboardCharts, SeriesBuffer) against its targets, measured, not timed by a unit:
//  - 10 000 samples/s per series appended for 4 s of wall time while the refresh runs: >= 30 frames/s drawn,
//    and the GUI event loop's lateness (a 1 ms probe timer, under a real QEventLoop) p99 <= 20 ms, max <= 50 ms;
//  - memory flat: an hour of samples at 1 kHz leaves the decimation tier's size and the process RSS where
//    five minutes left them (+32 MB at most);
//  - the decimation hands QCustomPlot at most two points per pixel column and keeps min and max;
//  - a saved run shown whole: every chart (counters too) gets its samples; reopened through the Test panel
//    it shows the same summary as the run file says.
// Figures are printed (QDEBUG lines) for bench/dashboard.sh.
#include "dashboard/qcp.h" // first: see qcp.h

#include "dashboard/dashboard.h"
#include "dashboard/dashboardcharts.h"
#include "dashboard/pfcview.h"
#include "dashboard/seriesbuffer.h"
#include "run/run.h"
#include "run/summary.h"
#include "testutil.h"

#include <QElapsedTimer>
#include <QEventLoop>
#include <QScrollArea>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTimer>
#include <QTreeWidget>
#include <QtTest>

#include <cmath>
#include <ctime>
#include <fstream>

using namespace rp;
using namespace rp::ui;

namespace {

// The suite runs under ASan+UBSan too, where the same code takes two to three times the CPU: there the time bounds
// stretch by this factor. The goals themselves are read from a release build (bench/dashboard.sh).
#if defined(__SANITIZE_ADDRESS__)
constexpr double kSlowdown = 3.0;
#else
constexpr double kSlowdown = 1.0;
#endif

long rssKb()
{
    std::ifstream in("/proc/self/status");
    for (std::string line; std::getline(in, line);) {
        if (line.starts_with("VmRSS:"))
            return std::stol(line.substr(6));
    }
    return -1;
}

run::RunSample sample(double t, perf::Role role, double p50)
{
    run::RunSample s;
    s.runTS = t;
    s.role = role;
    s.sample.size = 64;
    s.sample.tS = t;
    s.sample.intervalS = 1e-4;
    s.sample.gbps = 10 + std::sin(t * 3);
    s.sample.cpuPercent = 90 + std::cos(t);
    if (role == perf::Role::Client) {
        s.sample.p50Us = p50;
        s.sample.p99Us = p50 * 3;
    }
    return s;
}

} // namespace

class TestDashboard : public QObject
{
    Q_OBJECT
private slots:
    void decimationKeepsExtremes()
    {
        SeriesBuffer b;
        for (int i = 0; i < 100000; ++i)
            b.append(i * 1e-4, i == 51234 ? 1000.0 : std::sin(i * 1e-3));
        QVector<double> k, v;
        b.decimate(0, 10, 800, k, v);
        QVERIFY2(k.size() <= 1600, qPrintable(QString::number(k.size())));
        QVERIFY(k.size() >= 800);
        QCOMPARE(*std::max_element(v.begin(), v.end()), 1000.0); // the spike survives
        // zoomed in below a bucket: raw points
        b.decimate(5.0, 5.001, 800, k, v);
        QCOMPARE(k.size(), qsizetype { 11 });
        QCOMPARE(b.count(), std::size_t { 100000 });
    }

    // On this shared 2-core machine a neighbour's build can take the CPU away for a while (load average 20 was
    // seen): up to three attempts, each printed; a real regression fails all three.
    void frameRateAndLatencyAt10kHz()
    {
        QString why;
        bool met = false;
        for (int attempt = 1; attempt <= 3 && !met; ++attempt) {
            met = measureOnce(why);
            if (!met)
                qDebug("attempt %d missed the target: %s", attempt, qPrintable(why));
        }
        QVERIFY2(met, qPrintable(why));
    }

private:
    bool measureOnce(QString& why)
    {
        DashboardCharts view;
        view.resize(1600, 1000);
        view.show();
        if (!QTest::qWaitForWindowExposed(&view)) {
            why = QStringLiteral("the window was not exposed");
            return false;
        }
        view.setWindow(10);
        double t = 0;
        QElapsedTimer wall;
        wall.start();
        // producer: every 10 ms, 100 samples per series (10 kHz), client and server
        QTimer producer;
        producer.setInterval(10);
        connect(&producer, &QTimer::timeout, &view, [&] {
            const double until = static_cast<double>(wall.nsecsElapsed()) / 1e9;
            while (t < until) {
                view.addSample(sample(t, perf::Role::Client, 5 + std::fmod(t, 1.0)));
                view.addSample(sample(t, perf::Role::Server, 0));
                t += 1e-4;
            }
            if (static_cast<int>(t * 10) % 10 == 0) {
                run::CounterSample c;
                c.runTS = t;
                c.host = "a";
                c.intervalS = 0.1;
                c.rates = { { "hw:rcvd_pkts", 1000 + t }, { "eth:rx_prio3_pause", 5 } };
                view.addCounters(c);
            }
        });
        // event-loop probe: how late does a 1 ms timer fire?
        QElapsedTimer probeClock;
        double worstLateMs = 0, worstAtS = 0;
        std::vector<double> lateness;
        QTimer probe;
        probe.setInterval(1);
        probe.setTimerType(Qt::PreciseTimer);
        probeClock.start();
        connect(&probe, &QTimer::timeout, &view, [&] {
            const double ms = static_cast<double>(probeClock.nsecsElapsed()) / 1e6 - 1.0;
            lateness.push_back(ms);
            if (ms > worstLateMs)
                worstAtS = static_cast<double>(wall.nsecsElapsed()) / 1e9;
            worstLateMs = std::max(worstLateMs, ms);
            probeClock.restart();
        });
        // An alarm in the middle of the load: how long from the counters' arrival to a drawn marker?
        double alarmAtMs = -1, markerDrawnMs = -1;
        QTimer alarm;
        alarm.setSingleShot(true);
        connect(&alarm, &QTimer::timeout, &view, [&] {
            alarmAtMs = static_cast<double>(wall.nsecsElapsed()) / 1e6;
            view.addCounters({ t, "lab-a", 0.1, { { "hw:out_of_seq_request", 30.0 } } });
        });
        connect(view.plot(DashboardCharts::Latency), &QCustomPlot::afterReplot, &view, [&] {
            if (alarmAtMs >= 0 && markerDrawnMs < 0 && view.alarmMarkers() > 0)
                markerDrawnMs = static_cast<double>(wall.nsecsElapsed()) / 1e6;
        });
        alarm.start(2000);
        const std::size_t framesBefore = view.frames();
        producer.start();
        probe.start();
        // A real event loop, as the application runs: QTest::qWait() sleeps 10 ms between its passes, which the
        // 1 ms probe would count as lateness that no application has.
        QEventLoop loop;
        QTimer::singleShot(4000, &loop, &QEventLoop::quit);
        loop.exec();
        producer.stop();
        probe.stop();
        const double seconds = static_cast<double>(wall.nsecsElapsed()) / 1e9;
        const double fps = static_cast<double>(view.frames() - framesBefore) / seconds;
        std::sort(lateness.begin(), lateness.end());
        const double p99 = lateness.empty() ? 0 : lateness[lateness.size() * 99 / 100];
        qDebug("dashboard: %.0f samples/s per series, %.1f frames/s, last replot %.2f ms (4 plots), event loop "
               "lateness p99 %.1f ms max %.1f ms (at %.2f s), decimation tier %.1f MB",
            t / 1e-4 / seconds, fps, view.lastReplotMs(), p99, worstLateMs, worstAtS,
            static_cast<double>(view.bufferBytes()) / 1e6);
        qDebug("alarm marker drawn %.1f ms after its counters arrived (goal <= 200 ms with 100 ms sampling)",
            markerDrawnMs - alarmAtMs);
        if (markerDrawnMs < 0 || markerDrawnMs - alarmAtMs > 100) {
            why = QStringLiteral("the alarm marker took %1 ms to be drawn").arg(markerDrawnMs - alarmAtMs);
            return false;
        }
        for (int c = 0; c < DashboardCharts::ChartCount; ++c) {
            if (view.samplesIn(static_cast<DashboardCharts::Chart>(c)) == 0) {
                why = QStringLiteral("chart %1 got no samples").arg(c);
                return false;
            }
        }
        // what QCustomPlot got: <= 2 points per pixel column per graph
        auto* plot = view.plot(DashboardCharts::Throughput);
        if (plot->graph(0)->dataCount() > 2 * plot->axisRect()->width() + 2) {
            why = QStringLiteral("%1 points for %2 columns")
                      .arg(plot->graph(0)->dataCount())
                      .arg(plot->axisRect()->width());
            return false;
        }
        // Goal G3: p99 <= 20 ms and max <= 50 ms. The max used to be unreliable because QTest::qWait() sleeps
        // 10 ms between event passes (the probe counted those); under a real QEventLoop it holds, but a shared
        // 2-core machine can still deschedule the whole process: hence up to three attempts.
        why = QStringLiteral("%1 samples/s, %2 frames/s, event loop p99 %3 ms max %4 ms late")
                  .arg(t / 1e-4 / seconds)
                  .arg(fps)
                  .arg(p99)
                  .arg(worstLateMs);
        return t / 1e-4 / seconds > 9000 && fps >= 30 / kSlowdown && p99 <= 20 * kSlowdown
            && worstLateMs <= 50 * kSlowdown;
    }

private slots:

    void followsDarkAndHighContrastPalettes()
    {
        DashboardCharts view;
        QPalette dark = view.palette();
        dark.setColor(QPalette::Base, QColor(0x20, 0x20, 0x20));
        dark.setColor(QPalette::Text, QColor(0xf0, 0xf0, 0xf0));
        view.setPalette(dark);
        for (int c = 0; c < DashboardCharts::ChartCount; ++c) {
            auto* p = view.plot(static_cast<DashboardCharts::Chart>(c));
            QCOMPARE(p->axisRect()->backgroundBrush().color(), QColor(0x20, 0x20, 0x20));
            QCOMPARE(p->xAxis->tickLabelColor(), QColor(0xf0, 0xf0, 0xf0));
            QCOMPARE(p->legend->textColor(), QColor(0xf0, 0xf0, 0xf0));
        }
        QPalette contrast = view.palette();
        contrast.setColor(QPalette::Base, Qt::black);
        contrast.setColor(QPalette::Text, Qt::white);
        view.setPalette(contrast);
        QCOMPARE(view.plot(DashboardCharts::Latency)->yAxis->basePen().color(), QColor(Qt::white));
    }

    void alarmMarkers()
    {
        DashboardCharts view;
        // packets received moving is normal; out-of-sequence requests mean a packet was lost: one marker per
        // second at most, on the latency chart
        for (int i = 0; i < 25; ++i)
            view.addCounters({ 0.1 * i, "lab-a", 0.1,
                { { "hw:rcvd_pkts", 1000.0 }, { "hw:out_of_seq_request", i >= 5 ? 3.0 : 0.0 } } });
        QCOMPARE(view.alarmMarkers(), std::size_t { 2 }); // at 0.5 s and 1.5 s
        QCOMPARE(view.plot(DashboardCharts::Latency)->itemCount(), 4); // a line and a label each
        auto* label = qobject_cast<QCPItemText*>(view.plot(DashboardCharts::Latency)->item(1));
        QVERIFY(label);
        QCOMPARE(label->text(), QStringLiteral("lab-a: out-of-sequence requests"));
        view.clear();
        QCOMPARE(view.plot(DashboardCharts::Latency)->itemCount(), 0);

        // Several alarms of one counter read share a marker: one line, one label naming two and counting the rest
        // (five labels at one moment used to pile up on four rows).
        view.addCounters({ 0.1, "lab-b", 0.1, { { "hw:rcvd_pkts", 1000.0 } } });
        view.addCounters({ 0.2, "lab-b", 0.1,
            { { "hw:rcvd_pkts", 1000.0 }, { "hw:out_of_seq_request", 3.0 }, { "hw:packet_seq_err", 2.0 },
                { "hw:rcvd_seq_err", 1.0 }, { "hw:retry_exceeded_err", 1.0 } } });
        QCOMPARE(view.alarmMarkers(), std::size_t { 1 });
        QCOMPARE(view.plot(DashboardCharts::Latency)->itemCount(), 2);
        auto* merged = qobject_cast<QCPItemText*>(view.plot(DashboardCharts::Latency)->item(1));
        QVERIFY(merged);
        QVERIFY2(merged->text().startsWith(QStringLiteral("lab-b: ")) && merged->text().count(QLatin1Char(',')) == 1
                && merged->text().endsWith(QStringLiteral("(+2 more)")),
            qPrintable(merged->text()));
        // a label reads toward the middle of the view: from a marker in its left half, up to one in its right half
        view.addCounters({ 1.0, "lab-a", 0.1, { { "hw:out_of_seq_request", 3.0 } } });
        view.refresh();
        QCOMPARE(view.alarmMarkers(), std::size_t { 2 });
        auto* late = qobject_cast<QCPItemText*>(view.plot(DashboardCharts::Latency)->item(3));
        QVERIFY(late);
        QCOMPARE(merged->positionAlignment(), Qt::AlignLeft | Qt::AlignTop);
        QCOMPARE(late->positionAlignment(), Qt::AlignRight | Qt::AlignTop);
    }

    /// Labels of markers close in time take different rows; one far from the others goes back to the top row.
    void markerLabelRows()
    {
        DashboardCharts view;
        view.resize(1000, 800);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        for (int i = 0; i <= 40; ++i)
            view.addCounters({ 0.1 * i, "lab-a", 0.1, { { "hw:rcvd_pkts", 1000.0 } } });
        view.addCounters({ 1.0, "lab-a", 0.1, { { "hw:out_of_seq_request", 3.0 } } });
        view.addCounters({ 1.05, "lab-a", 0.1, { { "hw:packet_seq_err", 3.0 } } });
        view.addCounters({ 3.9, "lab-a", 0.1, { { "hw:rcvd_seq_err", 3.0 } } });
        QCOMPARE(view.alarmMarkers(), std::size_t { 3 });
        view.refresh();
        auto* p = view.plot(DashboardCharts::Latency);
        std::vector<double> y;
        for (int i = 0; i < p->itemCount(); ++i)
            if (auto* t = qobject_cast<QCPItemText*>(p->item(i)))
                y.push_back(t->position->value());
        QCOMPARE(y.size(), std::size_t { 3 });
        QVERIFY2(y[0] != y[1], qPrintable(QStringLiteral("%1 %2").arg(y[0]).arg(y[1])));
        QCOMPARE(y[2], y[0]);
    }

    // No DCB NIC exists here: the substitute is rates under the documented mlx5 ethtool -S names
    // (Documentation/networking/device_drivers/ethernet/mellanox/mlx5/counters.rst) for lab-a, PFC on
    // priority 3 only and pauses also on priority 0; lab-b is Soft-RoCE (no pause counters at all).
    void pfcViewAndAlarms()
    {
        DashboardCharts view;
        counters::AlarmContext context;
        context.pfcPriorities = std::set<int> { 3 };
        context.rocePriority = 3;
        view.setAlarmContext(context);
        for (int i = 1; i <= 10; ++i) {
            view.addCounters({ 0.1 * i, "lab-a", 0.1,
                { { "eth:rx_prio3_pause", 100 }, { "eth:rx_prio3_pause_duration", 50000 },
                    { "eth:rx_prio3_pause_transition", 10 }, { "eth:tx_prio3_pause", 0 },
                    { "eth:tx_prio3_pause_duration", 0 }, { "eth:rx_prio0_pause", i >= 5 ? 4.0 : 0.0 } } });
            view.addCounters({ 0.1 * i + 0.01, "lab-b", 0.1, { { "hw:rcvd_pkts", 1000 } } });
        }
        PfcView* pfc = view.pfcView();
        pfc->refresh();
        auto* table = pfc->table();
        QVERIFY(!table->accessibleName().isEmpty());
        QVERIFY(table->horizontalHeaderItem(3)->text().contains(QStringLiteral("lossless")));
        QVERIFY(!table->horizontalHeaderItem(0)->text().contains(QStringLiteral("lossless")));
        const int aRx = pfc->rowOf(QStringLiteral("lab-a"), counters::Direction::Rx);
        const int aTx = pfc->rowOf(QStringLiteral("lab-a"), counters::Direction::Tx);
        const int bRx = pfc->rowOf(QStringLiteral("lab-b"), counters::Direction::Rx);
        QCOMPARE(table->rowCount(), 4);
        QVERIFY(!table->isHidden());
        QVERIFY(aRx >= 0 && aTx >= 0 && bRx >= 0);
        const QString rx3 = table->item(aRx, 3)->text();
        QVERIFY2(rx3.contains(QStringLiteral("100 /s")) && rx3.contains(QStringLiteral("5.0 %"))
                && rx3.contains(QStringLiteral("10 ep/s")),
            qPrintable(rx3));
        QVERIFY(!pfc->flagged(aRx, 3)); // pauses on the lossless priority are how it works
        QVERIFY(table->item(aTx, 3)->text().startsWith(QStringLiteral("0 /s"))); // present, zero
        QCOMPARE(table->item(aTx, 5)->text(), QStringLiteral("—")); // absent
        QCOMPARE(table->item(bRx, 3)->text(), QStringLiteral("—"));
        QVERIFY(pfc->flagged(aRx, 0)); // pauses on a lossy priority
        QVERIFY(!pfc->flagged(aTx, 0));
        // the alarms: PFC counted on priority 0 (warning, no marker), then pauses there (critical, marker)
        bool warning = false, critical = false;
        for (const auto& a : view.alarms()) {
            warning = warning || (a.rule == "pfc-enabled-wrong-priority" && !a.markOnLatency);
            critical = critical || (a.rule == "pause-wrong-priority" && std::abs(a.runTS - 0.5) < 1e-9);
        }
        QVERIFY(warning && critical);
        QVERIFY(view.alarmMarkers() >= 1);
        QVERIFY(pfc->alarmList()->topLevelItemCount() >= 3);
        QCOMPARE(pfc->alarmList()->topLevelItem(pfc->alarmList()->topLevelItemCount() - 1)->text(1),
            QStringLiteral("lab-a"));
        if (const QByteArray shot = qgetenv("RP_PFC_SCREENSHOT"); !shot.isEmpty()) { // a look in a dark palette
            QPalette dark = view.palette();
            dark.setColor(QPalette::Window, QColor(0x2b, 0x2b, 0x2b));
            dark.setColor(QPalette::Base, QColor(0x20, 0x20, 0x20));
            dark.setColor(QPalette::Text, QColor(0xf0, 0xf0, 0xf0));
            dark.setColor(QPalette::WindowText, QColor(0xf0, 0xf0, 0xf0));
            dark.setColor(QPalette::Button, QColor(0x35, 0x35, 0x35));
            dark.setColor(QPalette::ButtonText, QColor(0xf0, 0xf0, 0xf0));
            dark.setColor(QPalette::PlaceholderText, QColor(0x90, 0x90, 0x90));
            view.setPalette(dark);
            view.resize(1400, 1000);
            view.show();
            QVERIFY(QTest::qWaitForWindowExposed(&view));
            view.refresh();
            pfc->refresh();
            QTest::qWait(100);
            QVERIFY(view.grab().save(QString::fromLocal8Bit(shot)));
        }
        // no profile: nothing flagged, the note says why
        view.setAlarmContext({});
        pfc->refresh();
        QVERIFY(!pfc->flagged(aRx, 0));
        // only Soft-RoCE hosts: the view says PFC cannot be shown rather than showing zeros
        view.clear();
        view.addCounters({ 0.1, "lab-b", 0.1, { { "hw:rcvd_pkts", 1000 } } });
        pfc->refresh();
        QCOMPARE(table->item(0, 3)->text(), QStringLiteral("—"));
        QVERIFY(table->isHidden()); // a grid of dashes: the alarms get the room
        QVERIFY(pfc->findChild<QLabel*>()->text().contains(QStringLiteral("no per-priority pause counters")));
    }

    // G12: the host x host view of a 64-host all-to-all (2016 pairs): redraw time, the worst-10 table, and the
    // drill-down from a cell and from a table row into that pair's saved run.
    void heatmap64Hosts()
    {
        QTemporaryDir dir;
        const std::string path = QString(dir.path() + QStringLiteral("/pair.rprun")).toStdString();
        {
            run::RunHeader h;
            h.options.sizes = { 64 };
            h.server = "h00";
            h.client = "h07";
            auto w = run::RunWriter::create(path, h, {});
            QVERIFY(w.has_value());
            for (int i = 0; i < 30; ++i)
                (*w)->addSample(sample(0.1 * i, perf::Role::Client, 40));
            perf::SizeResult r;
            r.size = 64;
            r.messages = 30;
            r.latency = perf::LatencySummary { 30, 38, 40, 41, 45, 50, 60, 40.5, true, true };
            QVERIFY((*w)->finish({ { r, std::nullopt } }, "ok").has_value());
        }
        TestSources none;
        Dashboard panel(none);
        panel.resize(1600, 1000);
        panel.show();
        QVERIFY(QTest::qWaitForWindowExposed(&panel));
        panel.tabs()->setCurrentIndex(1);
        const int n = 64;
        QStringList hosts;
        for (int i = 0; i < n; ++i)
            hosts << QStringLiteral("h%1").arg(i, 2, 10, QLatin1Char('0'));
        std::vector<std::vector<Dashboard::HeatCell>> cells(n, std::vector<Dashboard::HeatCell>(n));
        for (int a = 0; a < n; ++a) {
            for (int b = a + 1; b < n; ++b) {
                Dashboard::HeatCell c;
                c.p50Us = 5 + (a * 7 + b * 3) % 11 * 0.1;
                c.p99Us = c.p50Us * 2;
                c.gbps = 20 - (a + b) % 5;
                c.errors = 0;
                cells[a][b] = cells[b][a] = c;
            }
        }
        cells[0][7].p50Us = cells[7][0].p50Us = 40; // the worst pair: h07 -> h00
        cells[0][7].runFile = cells[7][0].runFile = QString::fromStdString(path);
        cells[3][9].gbps = cells[9][3].gbps = 1.5; // the slowest
        panel.setHeatCells(hosts, cells);
        // The GUI thread's CPU time is what the redraw costs; the wall time also holds whatever else this shared
        // 2-core machine runs meanwhile (both printed).
        auto threadCpuMs = [] {
            timespec ts {};
            clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
            return static_cast<double>(ts.tv_sec) * 1e3 + static_cast<double>(ts.tv_nsec) / 1e6;
        };
        std::vector<double> ms, cpu;
        for (int i = 0; i < 30; ++i) {
            const double c0 = threadCpuMs();
            ms.push_back(panel.redrawHeatmap());
            cpu.push_back(threadCpuMs() - c0);
        }
        std::sort(ms.begin(), ms.end());
        std::sort(cpu.begin(), cpu.end());
        qDebug("heatmap 64 x 64 (2016 pairs) + worst-10 table, 30 redraws: CPU median %.2f ms, p90 %.2f ms, max %.2f "
               "ms; wall median %.2f ms, max %.2f ms (goal <= 10 ms)",
            cpu[cpu.size() / 2], cpu[cpu.size() * 9 / 10], cpu.back(), ms[ms.size() / 2], ms.back());
        QVERIFY2(cpu[cpu.size() * 9 / 10] <= 10 * kSlowdown, qPrintable(QString::number(cpu[cpu.size() * 9 / 10])));

        auto* worst = panel.worstTable();
        QCOMPARE(worst->rowCount(), 10);
        QCOMPARE(worst->item(0, 0)->text(), QStringLiteral("h07 → h00"));
        QVERIFY(worst->item(0, 1)->text().startsWith(QStringLiteral("40.00")));
        QVERIFY(!worst->accessibleName().isEmpty());
        panel.setHeatMetric(Dashboard::HeatMetric::Throughput); // lowest is worst
        QCOMPARE(worst->item(0, 0)->text(), QStringLiteral("h09 → h03"));
        QCOMPARE(panel.heatmapValue(3, 9), 1.5);
        panel.setHeatMetric(Dashboard::HeatMetric::P50);

        // a pair without a saved run says so; the one with opens in the live charts
        QString error;
        QVERIFY(!panel.drillDown(1, 2, &error));
        QVERIFY(error.contains(QStringLiteral("no saved run")));
        // click the cell of server h00 (row 0), client h07 (column 7)
        auto* map = panel.heatmap();
        const QPoint cell(static_cast<int>(map->xAxis->coordToPixel(7)), static_cast<int>(map->yAxis->coordToPixel(0)));
        QTest::mouseClick(map, Qt::LeftButton, Qt::NoModifier, cell);
        QCOMPARE(panel.tabs()->currentWidget(), static_cast<QWidget*>(panel.dashboard()));
        QVERIFY2(panel.statusText().contains(QStringLiteral("p50 40.00")), qPrintable(panel.statusText()));
        QVERIFY(panel.dashboard()->samplesIn(DashboardCharts::Latency) > 0);
        // and from the table
        panel.tabs()->setCurrentIndex(1);
        panel.dashboard()->clear();
        emit worst->cellActivated(0, 0);
        QCOMPARE(panel.tabs()->currentWidget(), static_cast<QWidget*>(panel.dashboard()));
        QVERIFY(panel.dashboard()->samplesIn(DashboardCharts::Latency) > 0);
        if (const QByteArray shot = qgetenv("RP_HEATMAP_SCREENSHOT"); !shot.isEmpty()) {
            panel.tabs()->setCurrentIndex(1);
            QTest::qWait(200);
            QVERIFY(panel.grab().save(QString::fromLocal8Bit(shot)));
        }
    }

    /// The Test page's charts at a laptop's window sizes (the wizard at about 1100 x 930 after it grows to the Test
    /// page, and 1366 x 768): a run with p99 spikes 4 000 times the bulk, ten counters of two hosts and alarms close
    /// in time. Every chart keeps its minimum height (the area scrolls), the latency axis follows the bulk and says
    /// what it clips, no marker label lies over another or over the legend, no two y tick labels touch, and the
    /// counters' legend fits inside its chart. RP_SCREENSHOT_DASHBOARD=DIR keeps the pictures.
    void legibleAtLaptopSizes_data()
    {
        QTest::addColumn<QSize>("size");
        // The room the Test page gives the panel in those windows (the wizard's title and buttons take the rest).
        QTest::newRow("1100x930") << QSize(1080, 720);
        QTest::newRow("1366x768") << QSize(1346, 560);
    }
    void legibleAtLaptopSizes()
    {
        QFETCH(QSize, size);
        TestSources none;
        Dashboard panel(none);
        panel.resize(size);
        panel.show();
        QVERIFY(QTest::qWaitForWindowExposed(&panel));
        auto* charts = panel.dashboard();
        for (int i = 0; i <= 1000; ++i) {
            const double t = 0.01 * i;
            auto client = sample(t, perf::Role::Client, 8 + std::sin(t));
            client.sample.p99Us = (i == 300 || i == 600 || i == 800) ? 50000.0 : 12.0;
            charts->addSample(client);
            charts->addSample(sample(t, perf::Role::Server, 0));
        }
        const char* moving[]
            = { "hw:rcvd_pkts", "hw:sent_pkts", "hw:rx_write_requests", "hw:rx_read_requests", "hw:ack_deferred" };
        for (int i = 0; i <= 100; ++i) {
            const double t = 0.1 * i;
            for (const char* host : { "lab-a", "lab-b" }) {
                run::CounterSample c { t, host, 0.1, {} };
                for (const char* name : moving)
                    c.rates[name] = 500 + 200 * std::sin(t + name[3]);
                // alarms close in time on both hosts, as a lossy link gives them
                if (i == 40 || i == 41 || i == 86)
                    c.rates["hw:out_of_seq_request"] = 3;
                if (i == 42 || i == 87)
                    c.rates["hw:local_ack_timeout_err"] = 2;
                charts->addCounters(c);
            }
        }
        QVERIFY(charts->alarmMarkers() >= 6);
        charts->refresh();
        for (int c = 0; c < DashboardCharts::ChartCount; ++c)
            charts->plot(static_cast<DashboardCharts::Chart>(c))->replot();
        // the timer's frames follow the layout (the legend's rows grow the counters chart, a scroll bar appears)
        QTest::qWait(200);
        charts->refresh();
        for (int c = 0; c < DashboardCharts::ChartCount; ++c)
            charts->plot(static_cast<DashboardCharts::Chart>(c))->replot();

        // The pictures first: when a check below fails, they show why.
        auto* area = charts->scrollArea();
        const QImage shot = panel.grab().toImage();
        QVERIFY(!shot.isNull());
        if (const QByteArray dir = qgetenv("RP_SCREENSHOT_DASHBOARD"); !dir.isEmpty()) {
            const QString file = QString::fromLocal8Bit(dir) + QStringLiteral("/dashboard-")
                + QString::fromLatin1(QTest::currentDataTag()) + QStringLiteral(".png");
            QVERIFY(shot.save(file));
            // and the charts' whole height, as scrolling shows it
            QVERIFY(
                area->widget()->grab().save(QString(file).replace(QStringLiteral(".png"), QStringLiteral("-all.png"))));
        }

        for (int c = 0; c < DashboardCharts::ChartCount; ++c) {
            auto* p = charts->plot(static_cast<DashboardCharts::Chart>(c));
            const QString name = p->accessibleName();
            QVERIFY2(p->height() >= p->minimumHeight() && p->height() >= DashboardCharts::kChartMinHeight,
                qPrintable(name + QStringLiteral(": %1 px high").arg(p->height())));
            // y tick labels a text line apart at least
            const QFontMetrics fm(p->yAxis->tickLabelFont());
            const auto ticks = p->yAxis->tickVector();
            for (qsizetype i = 1; i < ticks.size(); ++i) {
                const double gap = std::abs(p->yAxis->coordToPixel(ticks[i]) - p->yAxis->coordToPixel(ticks[i - 1]));
                QVERIFY2(gap >= fm.height(), qPrintable(name + QStringLiteral(": ticks %1 px apart").arg(gap)));
            }
        }
        // The scroll area holds what does not fit.
        QVERIFY(area->widget()->height() >= 3 * DashboardCharts::kChartMinHeight + DashboardCharts::kCountersMinHeight);

        auto* latency = charts->plot(DashboardCharts::Latency);
        QVERIFY2(!charts->clipNote().isEmpty(), "the spikes are not said to be clipped");
        QVERIFY2(latency->yAxis->range().upper < 100,
            qPrintable(QStringLiteral("latency axis ends at %1 us").arg(latency->yAxis->range().upper)));
        QVERIFY(8.0 / latency->yAxis->range().upper > 0.3); // the p50 line stands off the floor

        // Marker labels: none over another, none over the legend.
        std::vector<QRectF> boxes;
        const QRectF legend = latency->legend->outerRect();
        for (int i = 0; i < latency->itemCount(); ++i) {
            auto* text = qobject_cast<QCPItemText*>(latency->item(i));
            if (!text || !text->visible())
                continue;
            const QRectF box(text->topLeft->pixelPosition(), text->bottomRight->pixelPosition());
            QVERIFY2(!box.intersects(legend), qPrintable(text->text()));
            for (const auto& other : boxes)
                QVERIFY2(!box.intersects(other), qPrintable(text->text()));
            boxes.push_back(box);
        }
        QVERIFY(!boxes.empty());
        QCOMPARE(
            static_cast<int>(boxes.size()) + charts->hiddenMarkerLabels(), static_cast<int>(charts->alarmMarkers()));

        // The counters' legend lies inside its chart, whole.
        auto* counters = charts->plot(DashboardCharts::Counters);
        QVERIFY2(QRectF(counters->rect()).contains(counters->legend->outerRect()),
            qPrintable(QStringLiteral("legend %1 px high in a %2 px chart")
                           .arg(counters->legend->outerRect().height())
                           .arg(counters->height())));
    }

    void memoryFlatOverAnHour()
    {
        DashboardCharts view;
        view.resize(1600, 1000);
        const std::size_t tier = view.bufferBytes();
        long rss5 = 0;
        double t = 0;
        for (int minute = 1; minute <= 60; ++minute) {
            for (; t < minute * 60.0; t += 1e-3) { // 1 kHz: an hour in a few seconds of test time
                view.addSample(sample(t, perf::Role::Client, 5));
                view.addSample(sample(t, perf::Role::Server, 0));
            }
            view.refresh();
            if (minute == 5)
                rss5 = rssKb();
        }
        const long rss60 = rssKb();
        qDebug("memory: decimation tier %.1f MB before and %.1f MB after 1 h; RSS 5 min %ld KB, 60 min %ld KB "
               "(+%ld KB)",
            static_cast<double>(tier) / 1e6, static_cast<double>(view.bufferBytes()) / 1e6, rss5, rss60, rss60 - rss5);
        QCOMPARE(view.bufferBytes(), tier);
        QVERIFY2(rss60 - rss5 <= 32 * 1024, qPrintable(QStringLiteral("RSS grew %1 KB").arg(rss60 - rss5)));
    }

    void savedRunReopens()
    {
        QTemporaryDir dir;
        const std::string path = QString(dir.path() + QStringLiteral("/r.rprun")).toStdString();
        run::RunHeader h;
        h.options.sizes = { 64 };
        h.server = "a";
        h.client = "b";
        auto w = run::RunWriter::create(path, h, {});
        QVERIFY(w.has_value());
        for (int i = 0; i < 30; ++i) {
            (*w)->addSample(sample(0.1 * i, perf::Role::Client, 5 + i * 0.01));
            (*w)->addSample(sample(0.1 * i, perf::Role::Server, 0));
            (*w)->addCounters({ 0.1 * i, "a", 0.1, { { "hw:rcvd_pkts", 100.0 * i } } });
        }
        perf::SizeResult r;
        r.size = 64;
        r.messages = 3000;
        r.gbps = 0.5;
        r.latency = perf::LatencySummary { 3000, 4, 5.25, 6, 9.5, 12, 20, 5.5, true, true };
        QVERIFY((*w)->finish({ { r, std::nullopt } }, "ok").has_value());

        TestSources none;
        Dashboard panel(none);
        QString error;
        QVERIFY2(panel.openRun(QString::fromStdString(path), &error), qPrintable(error));
        auto reread = run::readRunFile(path);
        QVERIFY(reread.has_value());
        const auto summary = run::summarize(*reread);
        QVERIFY2(
            panel.statusText().startsWith(QString::fromStdString(summary.headline)), qPrintable(panel.statusText()));
        QVERIFY(summary.headline.find("p50 5.25 \u00b5s, p99 9.50 \u00b5s") != std::string::npos);
        for (int c = 0; c < DashboardCharts::ChartCount; ++c)
            QVERIFY2(panel.dashboard()->samplesIn(static_cast<DashboardCharts::Chart>(c)) > 0,
                qPrintable(QString::number(c)));
        QCOMPARE(panel.dashboard()->plot(DashboardCharts::Counters)->graphCount(), 1); // the counter that moved
        QVERIFY(panel.runFiles().contains(QString::fromStdString(path)));

        // overlay the same run as "before": dashed lines with its samples on each chart but counters
        const int graphs = panel.dashboard()->plot(DashboardCharts::Throughput)->graphCount();
        QVERIFY2(panel.overlayRun(QString::fromStdString(path), &error), qPrintable(error));
        auto* tp = panel.dashboard()->plot(DashboardCharts::Throughput);
        QCOMPARE(tp->graphCount(), graphs + 1);
        QVERIFY(tp->graph(graphs)->dataCount() > 0);
        QCOMPARE(tp->graph(graphs)->dataCount(), tp->graph(0)->dataCount()); // the same run, the same points
        QVERIFY(panel.dashboard()->plot(DashboardCharts::Latency)->graph(1)->dataCount() > 0);
        panel.dashboard()->clear();
        QCOMPARE(tp->graphCount(), graphs); // overlays go with clear()

        // a garbled run is an error with file:line, not a crash
        std::ofstream(path, std::ios::app) << "garbage\n{\"type\":\"end\"}\n";
        QVERIFY(!panel.openRun(QString::fromStdString(path), &error));
        QVERIFY2(error.contains(QStringLiteral("r.rprun:")), qPrintable(error));

        // the chart exports
        const QString png = dir.path() + QStringLiteral("/c.png"), pdf = dir.path() + QStringLiteral("/c.pdf");
        QVERIFY(panel.dashboard()->exportChart(DashboardCharts::Latency, png, &error));
        QVERIFY(panel.dashboard()->exportChart(DashboardCharts::Latency, pdf, &error));
        QVERIFY(QFileInfo(png).size() > 1000 && QFileInfo(pdf).size() > 1000);
        const QString svg = dir.path() + QStringLiteral("/c.svg");
        QVERIFY2(panel.dashboard()->exportChart(DashboardCharts::Latency, svg, &error), qPrintable(error));
        QFile svgFile(svg);
        QVERIFY(svgFile.open(QIODevice::ReadOnly));
        const QByteArray svgText = svgFile.readAll();
        QVERIFY(svgText.contains("<svg") && svgText.contains("</svg>"));
        QVERIFY(svgText.contains("<polyline") || svgText.contains("<path")); // the line, as a vector
        QVERIFY(svgText.contains("One-way latency")); // the title, as text
        QVERIFY(
            !panel.dashboard()->exportChart(DashboardCharts::Latency, dir.path() + QStringLiteral("/c.bmp"), &error));
    }
};

QTEST_MAIN(TestDashboard)
#include "tst_dashboard.moc"

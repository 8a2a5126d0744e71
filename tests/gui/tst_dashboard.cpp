// SPDX-License-Identifier: GPL-3.0-or-later
// The live dashboard (ui/dashboardview, ui/seriesbuffer) against its targets, measured, not timed by a unit:
//  - 10 000 samples/s per series appended for 4 s of wall time while the refresh runs: >= 30 frames/s drawn,
//    and the GUI event loop's lateness (a 1 ms probe timer) stays < 50 ms at p99 (max printed);
//  - memory flat: an hour of samples at 1 kHz leaves the decimation tier's size and the process RSS where
//    five minutes left them (+32 MB at most);
//  - the decimation hands QCustomPlot at most two points per pixel column and keeps min and max;
//  - a saved run shown whole: every chart (counters too) gets its samples; reopened through the Test panel
//    it shows the same summary as the run file says.
// Figures are printed (QDEBUG lines) for bench/dashboard.sh.
#include "qcp.h" // first: see qcp.h

#include "dashboardview.h"
#include "run/export.h"
#include "run/run.h"
#include "seriesbuffer.h"
#include "testpanel.h"
#include "testutil.h"

#include <QElapsedTimer>
#include <QTemporaryDir>
#include <QTimer>
#include <QtTest>

#include <cmath>
#include <fstream>

using namespace rp;
using namespace rp::ui;

namespace {

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
        DashboardView view;
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
        const std::size_t framesBefore = view.frames();
        producer.start();
        probe.start();
        QTest::qWait(4000);
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
        for (int c = 0; c < DashboardView::ChartCount; ++c) {
            if (view.samplesIn(static_cast<DashboardView::Chart>(c)) == 0) {
                why = QStringLiteral("chart %1 got no samples").arg(c);
                return false;
            }
        }
        // what QCustomPlot got: <= 2 points per pixel column per graph
        auto* plot = view.plot(DashboardView::Throughput);
        if (plot->graph(0)->dataCount() > 2 * plot->axisRect()->width() + 2) {
            why = QStringLiteral("%1 points for %2 columns")
                      .arg(plot->graph(0)->dataCount())
                      .arg(plot->axisRect()->width());
            return false;
        }
        // p99, not max: the whole process is sometimes descheduled for ~100 ms here, which no code of ours
        // causes; the max is printed (bench/dashboard.sh).
        why = QStringLiteral("%1 samples/s, %2 frames/s, event loop p99 %3 ms late")
                  .arg(t / 1e-4 / seconds)
                  .arg(fps)
                  .arg(p99);
        return t / 1e-4 / seconds > 9000 && fps >= 30 && p99 < 50;
    }

private slots:

    void followsDarkAndHighContrastPalettes()
    {
        DashboardView view;
        QPalette dark = view.palette();
        dark.setColor(QPalette::Base, QColor(0x20, 0x20, 0x20));
        dark.setColor(QPalette::Text, QColor(0xf0, 0xf0, 0xf0));
        view.setPalette(dark);
        for (int c = 0; c < DashboardView::ChartCount; ++c) {
            auto* p = view.plot(static_cast<DashboardView::Chart>(c));
            QCOMPARE(p->axisRect()->backgroundBrush().color(), QColor(0x20, 0x20, 0x20));
            QCOMPARE(p->xAxis->tickLabelColor(), QColor(0xf0, 0xf0, 0xf0));
            QCOMPARE(p->legend->textColor(), QColor(0xf0, 0xf0, 0xf0));
        }
        QPalette contrast = view.palette();
        contrast.setColor(QPalette::Base, Qt::black);
        contrast.setColor(QPalette::Text, Qt::white);
        view.setPalette(contrast);
        QCOMPARE(view.plot(DashboardView::Latency)->yAxis->basePen().color(), QColor(Qt::white));
    }

    void alarmMarkers()
    {
        DashboardView view;
        // packets received moving is normal; out-of-sequence requests mean a packet was lost: one marker per
        // second at most, on the latency chart
        for (int i = 0; i < 25; ++i)
            view.addCounters({ 0.1 * i, "lab-a", 0.1,
                { { "hw:rcvd_pkts", 1000.0 }, { "hw:out_of_seq_request", i >= 5 ? 3.0 : 0.0 } } });
        QCOMPARE(view.alarmMarkers(), std::size_t { 2 }); // at 0.5 s and 1.5 s
        QCOMPARE(view.plot(DashboardView::Latency)->itemCount(), 4); // a line and a label each
        auto* label = qobject_cast<QCPItemText*>(view.plot(DashboardView::Latency)->item(1));
        QVERIFY(label);
        QCOMPARE(label->text(), QStringLiteral("lab-a: out-of-sequence requests"));
        view.clear();
        QCOMPARE(view.plot(DashboardView::Latency)->itemCount(), 0);
    }

    void memoryFlatOverAnHour()
    {
        DashboardView view;
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
        TestPanel panel(none);
        QString error;
        QVERIFY2(panel.openRun(QString::fromStdString(path), &error), qPrintable(error));
        auto reread = run::readRunFile(path);
        QVERIFY(reread.has_value());
        const auto summary = run::summarize(*reread);
        QVERIFY2(
            panel.statusText().startsWith(QString::fromStdString(summary.headline)), qPrintable(panel.statusText()));
        QVERIFY(summary.headline.find("p50 5.25 \u00b5s, p99 9.50 \u00b5s") != std::string::npos);
        for (int c = 0; c < DashboardView::ChartCount; ++c)
            QVERIFY2(
                panel.dashboard()->samplesIn(static_cast<DashboardView::Chart>(c)) > 0, qPrintable(QString::number(c)));
        QCOMPARE(panel.dashboard()->plot(DashboardView::Counters)->graphCount(), 1); // the counter that moved
        QVERIFY(panel.runFiles().contains(QString::fromStdString(path)));

        // overlay the same run as "before": dashed lines with its samples on each chart but counters
        const int graphs = panel.dashboard()->plot(DashboardView::Throughput)->graphCount();
        QVERIFY2(panel.overlayRun(QString::fromStdString(path), &error), qPrintable(error));
        auto* tp = panel.dashboard()->plot(DashboardView::Throughput);
        QCOMPARE(tp->graphCount(), graphs + 1);
        QVERIFY(tp->graph(graphs)->dataCount() > 0);
        QCOMPARE(tp->graph(graphs)->dataCount(), tp->graph(0)->dataCount()); // the same run, the same points
        QVERIFY(panel.dashboard()->plot(DashboardView::Latency)->graph(1)->dataCount() > 0);
        panel.dashboard()->clear();
        QCOMPARE(tp->graphCount(), graphs); // overlays go with clear()

        // a garbled run is an error with file:line, not a crash
        std::ofstream(path, std::ios::app) << "garbage\n{\"type\":\"end\"}\n";
        QVERIFY(!panel.openRun(QString::fromStdString(path), &error));
        QVERIFY2(error.contains(QStringLiteral("r.rprun:")), qPrintable(error));

        // the chart exports
        const QString png = dir.path() + QStringLiteral("/c.png"), pdf = dir.path() + QStringLiteral("/c.pdf");
        QVERIFY(panel.dashboard()->exportChart(DashboardView::Latency, png, &error));
        QVERIFY(panel.dashboard()->exportChart(DashboardView::Latency, pdf, &error));
        QVERIFY(QFileInfo(png).size() > 1000 && QFileInfo(pdf).size() > 1000);
        QVERIFY(!panel.dashboard()->exportChart(DashboardView::Latency, dir.path() + QStringLiteral("/c.bmp"), &error));
    }
};

QTEST_MAIN(TestDashboard)
#include "tst_dashboard.moc"

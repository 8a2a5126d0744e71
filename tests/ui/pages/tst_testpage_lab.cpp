// SPDX-License-Identifier: GPL-3.0-or-later
// The Test panel against the Soft-RoCE lab (fixture softroce, two qemu guests with rdma_rxe): an RDMA ping from
// lab-b to lab-a started from the panel offscreen, after a real discovery of both guests. Every chart receives
// samples, the counters chart receives both guests' rxe counters (and packets moved), the run file is written
// and, reopened, shows the same summary as the file says; the wizard's Test page follows Review.
#include "dashboard/qcp.h" // first: see qcp.h

#include "dashboard/dashboard.h"
#include "dashboard/dashboardcharts.h"
#include "discovery/discover.h"
#include "inventory/inventory.h"
#include "run/run.h"
#include "run/summary.h"
#include "testutil.h"

#include <QPushButton>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest>

#include <filesystem>
#include <set>

using namespace rp;
using namespace rp::ui;

class TestTestPageLab : public QObject
{
    Q_OBJECT
private slots:
    void rdmaPingFromThePanel()
    {
        const std::string state = RP_SOFTROCE_STATE;
        QVERIFY2(std::filesystem::exists(state + "/inventory.yaml"),
            "the Soft-RoCE lab is not up: run through ctest -L lab (fixture softroce)");
        qputenv("RP_PROBE", RP_PROBE);
        auto inventory = loadInventory(state + "/inventory.yaml");
        QVERIFY2(inventory.has_value(), inventory ? "" : inventory.error().describe().c_str());
        ConnectContext context;
        context.knownHostsFile = inventory->knownHostsFile;
        auto outcomes = discoverFleet(inventory->hosts, context, DiscoveryOptions {});
        QCOMPARE(outcomes.size(), std::size_t { 2 });
        for (const auto& o : outcomes)
            QVERIFY2(o.facts.has_value(), o.error ? o.error->describe().c_str() : "no facts");

        TestSources sources;
        sources.inventory = [&] { return *inventory; };
        sources.discovery = [&] { return outcomes; };
        Dashboard panel(sources);
        panel.resize(1500, 900);
        panel.show();
        QTemporaryDir runs;
        panel.setRunsDirectory(runs.path());
        panel.setScope(Dashboard::Scope::Pair);
        panel.setPair(QStringLiteral("lab-a"), QStringLiteral("lab-b"));
        panel.setTransport(perf::Transport::Rdma);
        panel.setDuration(3);
        QSignalSpy finished(&panel, &Dashboard::runFinished);
        QTest::mouseClick(panel.startButton(), Qt::LeftButton);
        QVERIFY(panel.isRunning());
        QVERIFY(panel.stopButton()->isEnabled());
        // docs/screenshots/dashboard.png: the panel mid-run, when RP_SCREENSHOT names the file
        if (const QByteArray shot = qgetenv("RP_SCREENSHOT"); !shot.isEmpty()) {
            QTRY_VERIFY_WITH_TIMEOUT(panel.dashboard()->samplesIn(DashboardCharts::Latency) > 15, 120000);
            panel.dashboard()->refresh();
            QTest::qWait(300);
            QVERIFY(panel.grab().save(QString::fromLocal8Bit(shot)));
        }
        QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 240000);
        QVERIFY2(finished.at(0).at(0).toBool(), qPrintable(panel.statusText()));

        auto* dash = panel.dashboard();
        for (int c = 0; c < DashboardCharts::ChartCount; ++c)
            QVERIFY2(dash->samplesIn(static_cast<DashboardCharts::Chart>(c)) > 0, qPrintable(QString::number(c)));
        QVERIFY2(dash->plot(DashboardCharts::Counters)->graphCount() > 0, "no counter moved during the run");

        QCOMPARE(panel.runFiles().size(), qsizetype { 1 });
        const QString file = panel.runFiles().front();
        auto run = run::readRunFile(file.toStdString());
        QVERIFY2(run.has_value(), run ? "" : run.error().describe().c_str());
        QCOMPARE(run->end->status, std::string("ok"));
        QCOMPARE(run->sizes.size(), std::size_t { 1 });
        QVERIFY(run->sizes[0].client.latency.has_value());
        QVERIFY(run->samples.size() >= 20);
        std::set<std::string> hosts;
        double packets = 0;
        for (const auto& c : run->counters) {
            hosts.insert(c.host);
            if (auto it = c.rates.find("hw:rcvd_pkts"); it != c.rates.end())
                packets += it->second * c.intervalS;
        }
        QCOMPARE(hosts, (std::set<std::string> { "lab-a", "lab-b" }));
        QVERIFY2(packets > 100, std::to_string(packets).c_str()); // rxe counted the ping's packets
        QCOMPARE(run->environment.hosts.size(), std::size_t { 2 });
        QCOMPARE(run->environment.hosts[0].devices.at(0).driver, std::string("rxe"));
        QVERIFY(!run->environment.hosts[0].gid.empty()); // the server's GID that owns the data address

        // Reopened: the same summary as the file.
        QString error;
        QVERIFY2(panel.openRun(file, &error), qPrintable(error));
        const auto summary = run::summarize(*run);
        QVERIFY2(
            panel.statusText().startsWith(QString::fromStdString(summary.headline)), qPrintable(panel.statusText()));
        QVERIFY(dash->samplesIn(DashboardCharts::Counters) > 0);
        const QString pdf = runs.path() + QStringLiteral("/report.pdf");
        QVERIFY2(panel.exportReport({ file }, pdf, &error), qPrintable(error));
        QVERIFY(QFileInfo(pdf).size() > 10000);
        if (const QByteArray keep = qgetenv("RP_KEEP_RUN"); !keep.isEmpty()) {
            QFile::remove(QString::fromLocal8Bit(keep));
            QFile::copy(file, QString::fromLocal8Bit(keep));
        }
    }
};

QTEST_MAIN(TestTestPageLab)
#include "tst_testpage_lab.moc"

// SPDX-License-Identifier: GPL-3.0-or-later
// The Test panel's all-to-all over real OpenSSH hosts (the netns lab, fixture netns): TCP ping between 4 hosts
// runs every pair once (6 pairs in 3 rounds of 2 at once), fills the host x host heatmap (symmetric, the
// diagonal empty), writes a run file per pair; Stop during a second all-to-all ends it promptly and keeps
// what was measured.
#include "dashboard/qcp.h" // first: see qcp.h

#include "dashboard/dashboard.h"
#include "dashboard/dashboardcharts.h"
#include "netnslab.h"
#include "run/run.h"
#include "testutil.h"
#include "workers/connectprompter.h"

#include <QComboBox>
#include <QElapsedTimer>
#include <QPushButton>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest>

#include <cmath>
#include <filesystem>

using namespace rp;
using namespace rp::ui;

class TestTestPageNetns : public QObject
{
    Q_OBJECT
private slots:
    void allToAllHeatmap()
    {
        QVERIFY2(!lab::dir().empty() && std::filesystem::exists(lab::dir() + "/inventory.yaml"),
            "the netns lab is not up: run through ctest (fixture netns) as root, RP_NETNS_DIR names its dir");
        qputenv("RP_PROBE", RP_PROBE);
        QTemporaryDir config;
        auto inventory = loadInventory(lab::dir() + "/inventory.yaml");
        QVERIFY(inventory.has_value());
        inventory->hosts.resize(4);
        inventory->knownHostsFile = QString(config.path() + QStringLiteral("/known_hosts")).toStdString();
        ConnectPrompter prompter(nullptr);
        prompter.setKnownHostsFile(config.path() + QStringLiteral("/known_hosts"));
        prompter.setHostKeyAnswer([](const HostKeyInfo&) { return HostKeyDecision::AcceptAndSave; });
        TestSources sources;
        sources.inventory = [&] { return *inventory; };
        sources.prompter = &prompter;
        Dashboard panel(sources);
        panel.resize(1400, 900);
        panel.show();
        QTemporaryDir runs;
        panel.setRunsDirectory(runs.path());
        panel.setScope(Dashboard::Scope::AllToAll);
        panel.setTransport(perf::Transport::Tcp);
        panel.setDuration(0.5);
        QSignalSpy finished(&panel, &Dashboard::runFinished);
        QTest::mouseClick(panel.startButton(), Qt::LeftButton);
        QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 240000);
        QVERIFY2(finished.at(0).at(0).toBool(), qPrintable(panel.statusText()));
        QCOMPARE(panel.runFiles().size(), qsizetype { 6 });
        for (int s = 0; s < 4; ++s) {
            for (int c = 0; c < 4; ++c) {
                const double v = panel.heatmapValue(s, c);
                if (s == c)
                    QVERIFY(std::isnan(v));
                else
                    QVERIFY2(std::isfinite(v) && v > 0 && v == panel.heatmapValue(c, s),
                        qPrintable(QStringLiteral("%1,%2 = %3").arg(s).arg(c).arg(v)));
            }
        }
        for (const QString& f : panel.runFiles()) {
            auto r = run::readRunFile(f.toStdString());
            QVERIFY2(r.has_value(), r ? "" : r.error().describe().c_str());
            QCOMPARE(r->end->status, std::string("ok"));
            QCOMPARE(r->sizes.size(), std::size_t { 1 });
        }

        // Stop mid-run: prompt, and the file of the pair that was stopped says so.
        panel.setDuration(30);
        QTest::mouseClick(panel.startButton(), Qt::LeftButton);
        QTRY_VERIFY_WITH_TIMEOUT(panel.runFiles().size() == 6 && panel.isRunning(), 5000);
        QTest::qWait(3000);
        // The live charts follow another pair of the round: what it measured so far, then live.
        auto* live = panel.livePairBox();
        QCOMPARE(live->count(), 1 + 6); // "the running pair" and the six pairs in schedule order
        QVERIFY(live->isEnabled());
        QVERIFY(!live->accessibleName().isEmpty());
        panel.setLivePair(1); // the second pair of the first round
        QCOMPARE(panel.livePair(), 1);
        QVERIFY2(panel.dashboard()->samplesIn(DashboardCharts::Throughput) > 0, "nothing read from its run file");
        const std::size_t loaded = panel.dashboard()->samplesIn(DashboardCharts::Throughput);
        QTRY_VERIFY_WITH_TIMEOUT(panel.dashboard()->samplesIn(DashboardCharts::Throughput) > loaded + 5, 5000);
        panel.setLivePair(-1);
        QTRY_VERIFY_WITH_TIMEOUT(panel.dashboard()->samplesIn(DashboardCharts::Throughput) > 0, 5000);
        QElapsedTimer t;
        t.start();
        QTest::mouseClick(panel.stopButton(), Qt::LeftButton);
        QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 2, 30000);
        qDebug("stopped after %lld ms", static_cast<long long>(t.elapsed()));
        QVERIFY(t.elapsed() < 10000);
        QVERIFY(!finished.at(1).at(0).toBool());
        QVERIFY(panel.runFiles().size() > 6);
        bool cancelledSeen = false;
        for (qsizetype i = 6; i < panel.runFiles().size(); ++i) {
            auto r = run::readRunFile(panel.runFiles()[i].toStdString());
            QVERIFY(r.has_value());
            cancelledSeen = cancelledSeen || (r->end && r->end->status == "cancelled");
        }
        QVERIFY(cancelledSeen);
    }
};

QTEST_MAIN(TestTestPageNetns)
#include "tst_testpage_netns.moc"

// SPDX-License-Identifier: GPL-3.0-or-later
// The fabric page offscreen: a click on the host matrix fills the GID matrix of that pair, the selected finding
// marks its host and shows its pair, and the verdict follows events that cross from a worker thread through
// FabricCheckWorker's queued signals (ready, not ready, stopped). The wizard puts the page between Apply and Test.
// With RP_SCREENSHOT_FABRIC=DIR the page in a wizard frame is written as DIR/fabric-1100x930.png and
// DIR/fabric-1366x768.png, over a simulated 12-host fabric with a planted access-link fault
// (tests/ui/pages/fabric-screenshot.sh).

#include "dashboard/dashboard.h"
#include "dashboard/pairtimeline.h"
#include "dialogs/prometheusdialog.h"
#include "itemmodels/fabricfindingmodel.h"
#include "itemmodels/fabricmatrixmodel.h"
#include "itemmodels/gidmatrixmodel.h"
#include "pages/fabricpage.h"
#include "widgets/fabricmatrixview.h"
#include "widgets/savedrunbar.h"
#include "window/wizard.h"
#include "workers/rounddigest.h"

#include "fabric/fabricrun.h"
#include "fabric/localise.h"
#include "fabric/secondpass.h"
#include "fabricround.h"
#include "fabricsim.h"
#include "httpanswerserver.h"
#include "promfleet.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QImage>
#include <QLabel>
#include <QLineEdit>
#include <QPixmap>
#include <QPushButton>
#include <QSignalSpy>
#include <QSlider>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>
#include <QTreeView>
#include <QWizard>

#include <nlohmann/json.hpp>

#include <atomic>
#include <fstream>
#include <sstream>
#include <thread>

using rp::ui::FabricMatrixModel;
using rp::ui::FabricPage;

namespace {

rp::ui::TestSources noSources()
{
    return {};
}

/// A fabric page, saving no run, in `wizard` as the app frames it, shown at `size` (the screenshots').
FabricPage* pageInWizard(QWizard& wizard, QSize size)
{
    wizard.setWizardStyle(QWizard::ModernStyle);
    auto* page = new FabricPage(noSources());
    page->setRunsDir(QString());
    wizard.addPage(page);
    wizard.resize(size);
    wizard.show();
    return page;
}

/// A round of the simulator: its pinglist, both passes and the localised findings, as the controller builds it.
/// Without `faulty`, the same fabric with no fault.
rp::fabric::FabricRound simulatedRound(bool faulty = true)
{
    rp::fabricsim::FabricShape shape;
    shape.hosts = 12;
    shape.tors = 2;
    rp::fabricsim::FabricSim sim(shape, 7);
    const auto fault = sim.plant(rp::fabricsim::FaultKind::AccessLoss);
    sim.setFault(faulty ? fault : rp::fabricsim::Fault {});
    rp::fabric::FabricRound round;
    round.pinglist = *rp::fabric::buildPinglist(sim.hosts(), sim.topology(), {});
    auto& list = round.pinglist;
    round.cells = sim.probe(list, list.probes, false);
    rp::fabric::applyExpectations(list, round.cells);
    auto again = sim.probe(list, rp::fabric::planSecondPass(list, round.cells).probes, true);
    rp::fabric::applyExpectations(list, again);
    round.cells.insert(round.cells.end(), again.begin(), again.end());
    round.agents = sim.agents();
    round.summary.cellsProbed = round.cells.size();
    round.summary.findings = rp::fabric::localise(list, round.cells, round.agents);
    return round;
}

/// A watch of `rounds` simulated rounds, 3 s apart: healthy, then the access-link fault for the middle third (raised,
/// then cleared), then healthy again.
std::vector<rp::fabric::FabricRound> simulatedWatch(int rounds)
{
    const auto healthy = simulatedRound(false);
    const auto faulty = simulatedRound(true);
    const auto t0 = rp::fabric::Clock::now() - std::chrono::seconds(3 * rounds);
    std::vector<rp::fabric::FabricRound> out;
    std::vector<std::string> open;
    for (int n = 1; n <= rounds; ++n) {
        const bool fault = n > rounds / 3 && n <= 2 * rounds / 3;
        auto r = fault ? faulty : healthy;
        r.summary.round = static_cast<std::uint64_t>(n);
        r.summary.started = t0 + std::chrono::seconds(3 * n);
        r.summary.seconds = 1.0;
        for (auto& c : r.cells) {
            c.intervalStart = r.summary.started;
            c.intervalSeconds = 1.0;
            // Some jitter, so the lines look like a network's.
            c.rttP50Us += (n * 7 + static_cast<int>(c.from)) % 9;
            c.rttP99Us += (n * 13 + static_cast<int>(c.to)) % 40;
        }
        // Simulated host counters too (no NIC here has them): a little pause and CNP traffic everywhere, and the
        // faulty link's host retransmitting while the fault lasts.
        for (const auto& host : r.pinglist.hosts) {
            auto& c = r.hostCounters[host];
            const auto jitter = static_cast<double>((n * 5 + static_cast<int>(host.size()) * 3) % 7);
            c.pauseRxPerS = 20.0 + jitter;
            c.pauseTxPerS = 4.0 + jitter / 2;
            c.retransmitsPerS = 0.0;
            c.cnpSentPerS = 2.0 + jitter / 3;
        }
        for (const auto& f : r.summary.findings) {
            const auto host = f.element.name.substr(0, f.element.name.find("<->"));
            if (auto it = r.hostCounters.find(host); it != r.hostCounters.end())
                it->second.retransmitsPerS = 35.0 + (n % 4) * 3;
        }
        std::vector<std::string> now;
        for (const auto& f : r.summary.findings)
            now.push_back(f.id());
        for (const auto& id : now)
            if (std::ranges::find(open, id) == open.end())
                r.raised.push_back(id);
        for (const auto& id : open)
            if (std::ranges::find(now, id) == now.end())
                r.cleared.push_back(id);
        open = now;
        out.push_back(std::move(r));
    }
    return out;
}

/// Saves `rounds` as a watch's run file, as the CLI's `fabric watch --save` does; empty when it was written.
std::string saveWatch(const QString& path, const std::vector<rp::fabric::FabricRound>& rounds)
{
    rp::fabric::FabricRunHeader header;
    header.tool = "rocepilot test";
    header.command = "watch";
    header.transport = "udp";
    header.started = rounds.front().summary.started - std::chrono::seconds(1);
    header.hosts = rounds.front().pinglist.hosts;
    header.torOf = rounds.front().pinglist.topology.torOf;
    return rp::testdata::writeFabricRun(path.toStdString(), header, rounds);
}

/// A round shaped like the controller's pinglist over UDP: every pair inside a ToR, and `crossPeers` hosts of other
/// ToRs per host; every cell works. Its rounds start `round` x 3 s after `t0`.
rp::fabric::FabricRound meshRound(
    int hosts, int perTor, int crossPeers, std::uint64_t round, rp::fabric::Clock::time_point t0)
{
    rp::fabric::FabricRound r;
    auto& list = r.pinglist;
    for (int i = 0; i < hosts; ++i) {
        char name[16];
        std::snprintf(name, sizeof name, "h%03d", i);
        const std::string tor = "t" + std::to_string(i / perTor);
        rp::testdata::addFabricHost(
            list, name, tor, { rp::testdata::fabricEndpoint(name, tor, i % 250, -1, rp::GidType::Unknown) });
    }
    r.summary.round = round;
    r.summary.started = t0 + std::chrono::seconds(3 * round);
    r.summary.seconds = 1.0;
    auto add = [&](int from, int to) {
        auto cell = rp::testdata::fabricCell(static_cast<std::uint32_t>(from), static_cast<std::uint32_t>(to),
            40 + (from * 7 + to) % 20, 90 + (from + to) % 50);
        cell.intervalStart = r.summary.started;
        r.cells.push_back(cell);
        list.probes.push_back({ cell.from, cell.to, rp::fabric::Reason::None });
    };
    for (int i = 0; i < hosts; ++i) {
        const int torStart = i / perTor * perTor;
        for (int j = torStart; j < std::min(torStart + perTor, hosts); ++j)
            if (j != i)
                add(i, j);
        for (int k = 1; k <= crossPeers && hosts > perTor; ++k)
            add(i, (torStart + perTor * k + i % perTor) % hosts);
    }
    r.summary.cellsProbed = r.cells.size();
    return r;
}

double msPerRender(QWidget* viewport, int frames)
{
    QPixmap target(viewport->size());
    QElapsedTimer timer;
    timer.start();
    for (int i = 0; i < frames; ++i)
        viewport->render(&target);
    return static_cast<double>(timer.nsecsElapsed()) / 1e6 / frames;
}

} // namespace

class TestFabricPage : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        // The page saves every run in the user's data folder: here, in one the test owns.
        QVERIFY(m_data.isValid());
        qputenv("XDG_DATA_HOME", QFile::encodeName(m_data.path()));
    }

    void clickOnTheMatrixFillsTheGidMatrix()
    {
        FabricPage page(noSources());
        page.resize(1100, 800);
        page.show();
        QVERIFY(QTest::qWaitForWindowExposed(&page));
        page.showRound(rp::testdata::smallFabricRound());
        QCOMPARE(page.verdictLabel()->text(), QStringLiteral("Not ready: 1 finding(s)"));
        // The first finding is selected: its host is marked and its first failed pair is shown.
        QVERIFY(page.matrixModel()->isHighlighted(2));
        QVERIFY(!page.matrixModel()->isHighlighted(1));
        QCOMPARE(page.gidModel()->fromHost(), QStringLiteral("lab-a"));
        QCOMPARE(page.gidModel()->toHost(), QStringLiteral("lab-c"));
        QCOMPARE(page.matrixView()->selectedCell().row(), 0);
        QCOMPARE(page.matrixView()->selectedCell().column(), 2);

        auto* view = page.matrixView();
        QTest::mouseClick(view->viewport(), Qt::LeftButton, {}, view->cellRect(1, 0).center());
        QCOMPARE(view->selectedCell().row(), 1);
        QCOMPARE(view->selectedCell().column(), 0);
        QCOMPARE(page.gidModel()->fromHost(), QStringLiteral("lab-b"));
        QCOMPARE(page.gidModel()->toHost(), QStringLiteral("lab-a"));
        QCOMPARE(page.gidModel()->rowCount(), 3);
        QCOMPARE(page.gidModel()->columnCount(), 3);
        QCOMPARE(page.gidModel()->data(page.gidModel()->index(1, 1)).toString(), QStringLiteral("30 µs"));
        QVERIFY2(
            page.gidCaption()->text().contains(QStringLiteral("lab-b → lab-a")), qPrintable(page.gidCaption()->text()));
        // Outside the cells (the header band) nothing changes.
        QTest::mouseClick(view->viewport(), Qt::LeftButton, {}, QPoint(2, 2));
        QCOMPARE(page.gidModel()->fromHost(), QStringLiteral("lab-b"));
        // The keyboard walks the grid too.
        view->setFocus();
        QTest::keyClick(view, Qt::Key_Right);
        QCOMPARE(page.gidModel()->toHost(), QStringLiteral("lab-b"));

        // The metric box switches what the cells say.
        page.metricBox()->setCurrentIndex(1);
        QCOMPARE(page.matrixModel()->metric(), FabricMatrixModel::Metric::RttP99);
        QCOMPARE(page.matrixModel()->data(page.matrixModel()->index(1, 2)).toString(), QStringLiteral("1.0 ms"));
    }

    // The issue's budget is 16 ms per redraw of a 64 x 64 matrix in a release build; under ASan and a loaded CI
    // machine the bound here only catches a painter that went per-cell-widget or painted the hidden cells.
    void matrixOf64HostsRedrawsQuickly()
    {
        const auto round = rp::testdata::wideFabricRound(64, 8);
        rp::ui::FabricMatrixModel model;
        model.setRound(round.pinglist, round.cells);
        rp::ui::FabricMatrixView view;
        view.setModel(&model);
        view.resize(700, 700);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        QCOMPARE(view.cellSize(), QSize(14, 14));
        QPixmap target(view.viewport()->size());
        QElapsedTimer timer;
        timer.start();
        constexpr int kFrames = 10;
        for (int i = 0; i < kFrames; ++i)
            view.viewport()->render(&target);
        const double ms = static_cast<double>(timer.elapsed()) / kFrames;
        qInfo("64 x 64 matrix: %.1f ms per redraw", ms);
        QVERIFY2(ms < 250, qPrintable(QString::number(ms)));
    }

    void verdictFromWorkerEvents()
    {
        FabricPage page(noSources());
        auto round = rp::testdata::smallFabricRound();
        std::atomic<bool> release { false };
        std::atomic<bool> onWorkerThread { false };
        const auto gui = std::this_thread::get_id();
        page.startJob(
            [&](rp::fabric::FabricObserver* observer, const std::atomic<bool>*) -> rp::Result<rp::fabric::FabricRound> {
                onWorkerThread = std::this_thread::get_id() != gui;
                observer->roundStarted(
                    { 1, rp::fabric::Clock::now(), round.pinglist.endpoints.size(), round.pinglist.probes.size() });
                for (const auto& host : round.pinglist.hosts)
                    observer->agentState(host, rp::fabric::AgentState::Up, "");
                observer->agentState("lab-c", rp::fabric::AgentState::Down, "the SSH channel closed");
                observer->agentState("lab-c", rp::fabric::AgentState::Up, "");
                observer->cells({ round.cells.begin(), round.cells.begin() + 10 });
                observer->findingRaised(round.summary.findings.front());
                while (!release.load())
                    std::this_thread::sleep_for(std::chrono::milliseconds(5));
                observer->cells({ round.cells.begin() + 10, round.cells.end() });
                observer->roundFinished(round.summary);
                return round;
            },
            3);
        QVERIFY(page.isRunning());
        QVERIFY(!page.isComplete());
        QVERIFY(!page.startButton()->isEnabled());
        QVERIFY(page.cancelButton()->isEnabled());
        QTRY_COMPARE(page.progressLabel()->text(),
            QStringLiteral("agents up 3 of 3, cells probed 10 of %1").arg(round.pinglist.probes.size()));
        QTRY_COMPARE(page.findingModel()->rowCount(), 1);
        QVERIFY(onWorkerThread.load());
        QCOMPARE(page.verdictLabel()->text(), QStringLiteral("Checking 3 host(s)…"));
        release = true;
        QTRY_VERIFY(!page.isRunning());
        QTRY_VERIFY(page.startButton()->isEnabled());
        QCOMPARE(page.verdictLabel()->text(), QStringLiteral("Not ready: 1 finding(s)"));
        QVERIFY(page.isComplete());
        QVERIFY(!page.cancelButton()->isEnabled());
        QCOMPARE(page.matrixModel()->rowCount(), 3);
    }

    void readyRoundSaysReady()
    {
        FabricPage page(noSources());
        auto round = rp::testdata::smallFabricRound();
        for (auto& c : round.cells) {
            if (!c.expected && c.failed())
                c = rp::testdata::fabricCell(c.from, c.to, 30, 60);
        }
        round.summary.findings.clear();
        page.startJob(
            [round](
                rp::fabric::FabricObserver* observer, const std::atomic<bool>*) -> rp::Result<rp::fabric::FabricRound> {
                observer->roundFinished(round.summary);
                return round;
            },
            3);
        QTRY_VERIFY(!page.isRunning());
        QTRY_COMPARE(page.verdictLabel()->text(),
            QStringLiteral("Fabric ready: 3 host(s), %1 cells, no fault").arg(round.cells.size()));
        QCOMPARE(page.findingModel()->rowCount(), 0);
        for (int r = 0; r < 3; ++r)
            for (int c = 0; c < 3; ++c)
                QVERIFY(static_cast<FabricMatrixModel::CellState>(
                            page.matrixModel()
                                ->data(page.matrixModel()->index(r, c), FabricMatrixModel::CellStateRole)
                                .toInt())
                    != FabricMatrixModel::CellState::Failed);
    }

    void stopCancelsTheRound()
    {
        FabricPage page(noSources());
        std::atomic<bool> sawCancel { false };
        page.startJob(
            [&](rp::fabric::FabricObserver*, const std::atomic<bool>* cancel) -> rp::Result<rp::fabric::FabricRound> {
                while (!cancel->load())
                    std::this_thread::sleep_for(std::chrono::milliseconds(5));
                sawCancel = true;
                return rp::fail(rp::ErrorKind::Cancelled, "the fabric check was cancelled; every agent was stopped");
            },
            2);
        QVERIFY(page.isRunning());
        QTest::mouseClick(page.cancelButton(), Qt::LeftButton);
        QTRY_VERIFY(!page.isRunning());
        QVERIFY(sawCancel.load());
        QTRY_VERIFY(page.verdictLabel()->text().startsWith(QStringLiteral("Not checked:")));
        QCOMPARE(page.progressLabel()->text(), QStringLiteral("Stopped; every agent was stopped."));
        QVERIFY(page.startButton()->isEnabled());
    }

    /// Watch live: each round a watch job posts redraws the matrix and findings; a fault that appears is raised,
    /// one that goes is cleared, the pair the user clicked keeps its GID matrix across rounds, and Stop ends the
    /// watch with its last round on screen.
    void watchShowsEachRound()
    {
        FabricPage page(noSources());
        auto faulty = rp::testdata::smallFabricRound();
        auto healthy = faulty;
        for (auto& c : healthy.cells) {
            if (!c.expected && c.failed())
                c = rp::testdata::fabricCell(c.from, c.to, 30, 60);
        }
        healthy.summary.findings.clear();
        healthy.summary.cellsFailed = 0;
        faulty.raised = { faulty.summary.findings.front().id() };
        healthy.cleared = faulty.raised;
        // The third round comes after lab-b's address changed under the watch (the controller discovered it again).
        healthy.rediscovered = { { "lab-b", "198.18.0.2 left GID index 1" } };
        auto first = healthy;
        first.cleared.clear();
        first.rediscovered.clear();
        std::atomic<int> posted { 0 };
        std::atomic<bool> next { false };
        auto* worker = page.worker();
        page.startWatchJob(
            [&](rp::fabric::FabricObserver*, const std::atomic<bool>* cancel) -> rp::Result<rp::fabric::FabricRound> {
                // healthy, faulty, then healthy again until Stop: one round each time the test says so
                const rp::fabric::FabricRound* rounds[] = { &first, &faulty, &healthy };
                std::size_t k = 0;
                while (!cancel->load()) {
                    if (next.exchange(false) || k == 0) {
                        auto round = *rounds[std::min<std::size_t>(k, 2)];
                        round.summary.round = k + 1;
                        worker->postRound(round);
                        ++k;
                        ++posted;
                    }
                    std::this_thread::sleep_for(std::chrono::milliseconds(5));
                }
                return healthy;
            },
            3);
        QVERIFY(page.isWatching());
        QVERIFY(!page.watchButton()->isEnabled());
        QTRY_COMPARE(page.watchRounds(), 1);
        QTRY_VERIFY(page.verdictLabel()->text().startsWith(QStringLiteral("Fabric ready")));
        // the user looks at lab-b -> lab-c
        const int b = page.matrixModel()->sectionOf(QStringLiteral("lab-b"));
        const int c = page.matrixModel()->sectionOf(QStringLiteral("lab-c"));
        page.matrixView()->selectCell(b, c);
        QTRY_VERIFY(page.gidCaption()->text().contains(QStringLiteral("lab-b → lab-c")));
        next = true;
        QTRY_COMPARE(page.watchRounds(), 2);
        QCOMPARE(page.verdictLabel()->text(), QStringLiteral("Not ready: 1 finding(s)"));
        QCOMPARE(page.findingModel()->rowCount(), 1);
        QVERIFY2(
            page.gidCaption()->text().contains(QStringLiteral("lab-b → lab-c")), qPrintable(page.gidCaption()->text()));
        QVERIFY(page.gidModel()->rowCount() > 0);
        QVERIFY2(page.progressLabel()->text().startsWith(QStringLiteral("Watching: round 2, 1 raised and 0 cleared")),
            qPrintable(page.progressLabel()->text()));
        QVERIFY(!page.progressLabel()->text().contains(QStringLiteral("discovered again")));
        next = true;
        QTRY_COMPARE(page.watchRounds(), 3);
        QTRY_VERIFY(page.verdictLabel()->text().startsWith(QStringLiteral("Fabric ready")));
        QCOMPARE(page.findingModel()->rowCount(), 0);
        // The cleared fault's host is no longer marked.
        for (int h = 0; h < 3; ++h)
            QVERIFY(!page.matrixModel()->isHighlighted(h));
        QVERIFY(page.progressLabel()->text().startsWith(QStringLiteral("Watching: round 3, 1 raised and 1 cleared")));
        QVERIFY2(page.progressLabel()->text().endsWith(
                     QStringLiteral("In round 3 lab-b's GIDs changed (198.18.0.2 left GID index 1): it was discovered "
                                    "again and every agent restarted on the new pinglist.")),
            qPrintable(page.progressLabel()->text()));
        QVERIFY(page.isRunning());
        QTest::mouseClick(page.cancelButton(), Qt::LeftButton);
        QTRY_VERIFY(!page.isRunning());
        QVERIFY(!page.isWatching());
        QCOMPARE(
            page.progressLabel()->text(), QStringLiteral("Watch stopped after 3 round(s); every agent was stopped."));
        QVERIFY(page.verdictLabel()->text().startsWith(QStringLiteral("Fabric ready")));
        QVERIFY(page.watchButton()->isEnabled());
        QCOMPARE(posted.load(), 3);
    }

    /// Read Prometheus: the standalone agents' series read from a server again and again (here one on loopback that
    /// answers as Prometheus does; a real one is tests/metrics/agents-prometheus.sh), each read shown as a watch's
    /// round, a fault in the series named on the page, Stop ends the reads, the run file says prom and lists the
    /// hosts, and its report exports. A server that cannot be reached says so in the verdict.
    void readsAFleetFromPrometheus()
    {
        QTemporaryDir runs;
        FabricPage page(noSources());
        page.setRunsDir(runs.path());
        std::atomic<bool> faulty { false };
        rp::test::HttpAnswerServer server([&] {
            const bool down = faulty.load();
            return rp::test::httpOk(
                rp::test::PromFleet::sixHosts([down](int, int to) { return down && to == 3 ? 1.0 : 0.0; }).body());
        });
        const rp::metrics::PromUrl url { "127.0.0.1", server.port(), "" };
        page.startPrometheus(
            url, { .matchers = R"(job="rocepilot-agent")", .spine = "spine1" }, std::chrono::milliseconds(100));
        QVERIFY(page.isRunning());
        QVERIFY(!page.prometheusButton()->isEnabled());
        QVERIFY(!page.watchButton()->isEnabled());
        QTRY_VERIFY2(page.verdictLabel()->text().startsWith(QStringLiteral("Fabric ready: 6 host(s), 30 cells")),
            qPrintable(page.verdictLabel()->text()));
        const QString source = QStringLiteral("Prometheus at http://127.0.0.1:%1").arg(server.port());
        QTRY_VERIFY2(
            page.progressLabel()->text().startsWith(QStringLiteral("Read ")), qPrintable(page.progressLabel()->text()));
        QVERIFY(page.progressLabel()->text().contains(QStringLiteral(" from Prometheus: ")));
        QVERIFY(page.progressLabel()->text().endsWith(QStringLiteral("6 of 6 agent(s) up")));
        QVERIFY(page.matrixModel()->sectionOf(QStringLiteral("h6")) >= 0);
        faulty = true;
        QTRY_COMPARE(page.verdictLabel()->text(), QStringLiteral("Not ready: 1 finding(s)"));
        const auto* f = page.findingModel()->finding(0);
        QVERIFY(f);
        QVERIFY2(f->element.name.starts_with("h3"), f->element.name.c_str());
        QVERIFY(server.request().starts_with("GET /api/v1/query?query="));

        QTest::mouseClick(page.cancelButton(), Qt::LeftButton);
        QTRY_VERIFY(!page.isRunning());
        QTRY_VERIFY2(page.progressLabel()->text().startsWith(
                         QStringLiteral("Stopped reading ") + source + QStringLiteral(" after ")),
            qPrintable(page.progressLabel()->text()));
        QVERIFY(page.prometheusButton()->isEnabled());
        auto run = rp::fabric::readFabricRun(page.runFile().toStdString());
        QVERIFY2(run, run ? "" : run.error().describe().c_str());
        QCOMPARE(run->header.command, std::string("prom"));
        QCOMPARE(run->header.inventory, url.text());
        QCOMPARE(run->header.hosts.size(), std::size_t { 6 });
        QCOMPARE(run->header.torOf.at("h5"), std::string("leaf3"));
        QVERIFY(run->rounds.size() >= 2);
        QTRY_VERIFY(page.exportButton()->isEnabled());
        QSignalSpy done(&page, &FabricPage::exportFinished);
        const QString json = runs.filePath(QStringLiteral("prom-report.json"));
        QVERIFY(page.exportReport(json, FabricPage::ExportKind::Json));
        QTRY_COMPARE(done.size(), 1);
        QCOMPARE(done.at(0).at(1).toString(), QString());
        std::ifstream in(json.toStdString());
        const auto report = nlohmann::json::parse(in);
        QCOMPARE(report["run"]["command"], "prom");
        QCOMPARE(report["run"]["hosts"].size(), std::size_t { 6 });

        // Nothing listens on port 1: the first read's error is the verdict, and nothing keeps running.
        page.startPrometheus({ "127.0.0.1", 1, "" }, {}, std::chrono::milliseconds(100));
        QTRY_VERIFY(!page.isRunning());
        QVERIFY2(page.verdictLabel()->text().startsWith(
                     QStringLiteral("Not checked: Prometheus at http://127.0.0.1:1: cannot connect")),
            qPrintable(page.verdictLabel()->text()));
    }

    /// A watch keeps each pair's timeline (RTT, delays, loss, the finding raised and cleared on one time axis) and
    /// its run file; after Stop the report exports from that file, as PDF and JSON, off the GUI thread.
    void watchKeepsATimelineAndARunToExport()
    {
        QTemporaryDir runs;
        QVERIFY(runs.isValid());
        FabricPage page(noSources());
        page.setRunsDir(runs.path());
        page.resize(1100, 800);
        page.show();
        QVERIFY(QTest::qWaitForWindowExposed(&page));
        QVERIFY(!page.exportButton()->isEnabled());
        // After the run file's start (the page stamps it when the watch starts), as a real watch's rounds are.
        const auto t0 = rp::fabric::Clock::now() + std::chrono::minutes(1);
        auto make = [&](bool faulty, std::uint64_t n) {
            auto round = rp::testdata::smallFabricRound();
            if (!faulty) {
                for (auto& c : round.cells) {
                    if (!c.expected && c.failed())
                        c = rp::testdata::fabricCell(c.from, c.to, 30, 60);
                }
                round.summary.findings.clear();
                round.summary.cellsFailed = 0;
            }
            round.summary.round = n;
            round.summary.started = t0 + std::chrono::seconds(5 * n);
            for (auto& c : round.cells)
                c.intervalStart = round.summary.started;
            return round;
        };
        std::vector<rp::fabric::FabricRound> rounds { make(false, 1), make(true, 2), make(false, 3) };
        const std::string id = rounds[1].summary.findings.front().id();
        rounds[1].raised = { id };
        rounds[2].cleared = { id };
        // lab-a's NIC has pause and retransmission counters (pausing in round 2); lab-c's agent read none.
        for (auto& r : rounds) {
            r.hostCounters["lab-a"].pauseRxPerS = r.summary.round == 2 ? 900.0 : 0.0;
            r.hostCounters["lab-a"].retransmitsPerS = 0.0;
        }
        auto* worker = page.worker();
        page.startWatchJob(
            [rounds, worker](
                rp::fabric::FabricObserver*, const std::atomic<bool>* cancel) -> rp::Result<rp::fabric::FabricRound> {
                for (const auto& round : rounds)
                    worker->postRound(round);
                while (!cancel->load())
                    std::this_thread::sleep_for(std::chrono::milliseconds(5));
                return rounds.back();
            },
            3);
        QTRY_COMPARE(page.watchRounds(), 3);
        QCOMPARE(page.history().rounds(), std::size_t { 3 });
        QVERIFY(!page.exportButton()->isEnabled()); // the run file is complete only after Stop

        // lab-a -> lab-c lost a third of its probes in round 2 only.
        page.pairTabs()->setCurrentWidget(page.timeline());
        const int a = page.matrixModel()->sectionOf(QStringLiteral("lab-a"));
        const int c = page.matrixModel()->sectionOf(QStringLiteral("lab-c"));
        QElapsedTimer clock;
        clock.start();
        page.matrixView()->selectCell(a, c);
        qInfo("pair timeline opened in %lld ms", static_cast<long long>(clock.elapsed()));
        QCOMPARE(page.timeline()->points(), 4); // three rounds, and the last one drawn to its end
        QCOMPARE(page.timeline()->markers(), 2); // raised in round 2, cleared in round 3
        QVERIFY2(page.timeline()->caption()->text().startsWith(QStringLiteral("lab-a → lab-c: 3 step(s)")),
            qPrintable(page.timeline()->caption()->text()));
        QVERIFY2(page.timeline()->caption()->text().contains(QStringLiteral("worst loss 33.3 %")),
            qPrintable(page.timeline()->caption()->text()));
        // lab-a's two counters under the RTT chart, on its time axis; nothing drawn for lab-c, which has none.
        QCOMPARE(page.timeline()->counterSeries(), 2);
        QVERIFY(page.timeline()->countersShown());
        QCOMPARE(page.timeline()->counterTimeRange(), page.timeline()->timeRange());
        QVERIFY(page.timeline()->counterAxisTop() >= 900.0);
        page.matrixView()->selectCell(page.matrixModel()->sectionOf(QStringLiteral("lab-b")), c);
        QVERIFY(!page.timeline()->countersShown());
        QVERIFY2(page.timeline()->caption()->text().contains(QStringLiteral("No host counters")),
            qPrintable(page.timeline()->caption()->text()));
        page.matrixView()->selectCell(a, c);
        QVERIFY(page.timeline()->countersShown());
        const auto steps = page.history().timeline("lab-a", "lab-c");
        QCOMPARE(steps.size(), std::size_t { 3 });
        QCOMPARE(steps[0].lossPercent(), 0.0);
        QVERIFY(steps[1].lossPercent() > 33.0);
        QCOMPARE(steps[2].lossPercent(), 0.0);

        QTest::mouseClick(page.cancelButton(), Qt::LeftButton);
        QTRY_VERIFY(!page.isRunning());
        QVERIFY(!page.runFile().isEmpty());
        QVERIFY(page.runFile().startsWith(runs.path()));
        auto run = rp::fabric::readFabricRun(page.runFile().toStdString());
        QVERIFY2(run, run ? "" : run.error().describe().c_str());
        QCOMPARE(run->rounds.size(), std::size_t { 3 });
        QCOMPARE(run->rounds[1].hostCounters.at("lab-a").pauseRxPerS, std::optional<double>(900.0));
        QCOMPARE(run->header.command, std::string("watch"));
        QVERIFY(run->end);
        QCOMPARE(run->end->status, std::string("stopped"));
        QTRY_VERIFY(page.exportButton()->isEnabled()); // once the page heard the watch end

        QSignalSpy done(&page, &FabricPage::exportFinished);
        const QString pdf = runs.filePath(QStringLiteral("report.pdf"));
        QVERIFY(page.exportReport(pdf, FabricPage::ExportKind::Pdf));
        QVERIFY(!page.exportButton()->isEnabled());
        QTRY_COMPARE_WITH_TIMEOUT(done.count(), 1, 30000);
        QCOMPARE(done.at(0).at(1).toString(), QString());
        QFile file(pdf);
        QVERIFY(file.open(QIODevice::ReadOnly));
        QVERIFY(file.read(5) == "%PDF-");
        const QString json = runs.filePath(QStringLiteral("report.json"));
        QVERIFY(page.exportReport(json, FabricPage::ExportKind::Json));
        QTRY_COMPARE_WITH_TIMEOUT(done.count(), 2, 30000);
        std::ifstream in(json.toStdString());
        const auto doc = nlohmann::json::parse(in);
        QCOMPARE(doc.at("schema").get<std::string>(), std::string("rocepilot-fabric-report/1"));
        // Round 3 cleared the finding: the run ends ready.
        QCOMPARE(doc.at("verdict").at("ready").get<bool>(), true);
        // A file that cannot be written is said, not a crash.
        QVERIFY(
            page.exportReport(runs.filePath(QStringLiteral("no/such/dir/report.pdf")), FabricPage::ExportKind::Pdf));
        QTRY_COMPARE_WITH_TIMEOUT(done.count(), 3, 30000);
        QVERIFY(!done.at(2).at(1).toString().isEmpty());
        QVERIFY(page.progressLabel()->text().startsWith(QStringLiteral("Export failed:")));
    }

    /// A check's one round goes into its run file too, and a new run never replaces the last one's file.
    void checkSavesItsRound()
    {
        QTemporaryDir runs;
        QVERIFY(runs.isValid());
        FabricPage page(noSources());
        page.setRunsDir(runs.path());
        auto round = rp::testdata::smallFabricRound();
        round.raised
            = { round.summary.findings.front().id() }; // a check's findings are all new, as the controller says
        round.summary.started = rp::fabric::Clock::now() + std::chrono::seconds(1);
        for (auto& c : round.cells)
            c.intervalStart = round.summary.started;
        for (int i = 0; i < 2; ++i) {
            page.startJob([round](rp::fabric::FabricObserver*,
                              const std::atomic<bool>*) -> rp::Result<rp::fabric::FabricRound> { return round; },
                3);
            QTRY_VERIFY(!page.isRunning());
        }
        QCOMPARE(QDir(runs.path()).entryList({ QStringLiteral("*.rpfabric") }, QDir::Files).size(), 2);
        auto run = rp::fabric::readFabricRun(page.runFile().toStdString());
        QVERIFY(run);
        QCOMPARE(run->rounds.size(), std::size_t { 1 });
        QCOMPARE(run->end->status, std::string("ok"));
        QCOMPARE(run->header.command, std::string("check"));
        QCOMPARE(run->openFindings().size(), std::size_t { 1 });
        // No folder for runs: nothing saved, and Export stays off.
        page.setRunsDir(QString());
        page.startJob([round](rp::fabric::FabricObserver*,
                          const std::atomic<bool>*) -> rp::Result<rp::fabric::FabricRound> { return round; },
            3);
        QTRY_VERIFY(!page.isRunning());
        QVERIFY(page.runFile().isEmpty());
        QVERIFY(!page.exportButton()->isEnabled());
        // A folder that cannot be made (a file is in the way, even for root): the check runs, and says so.
        QFile blocker(runs.filePath(QStringLiteral("blocker")));
        QVERIFY(blocker.open(QIODevice::WriteOnly));
        blocker.close();
        page.setRunsDir(runs.filePath(QStringLiteral("blocker/runs")));
        page.startJob(
            [round](
                rp::fabric::FabricObserver*, const std::atomic<bool>* cancel) -> rp::Result<rp::fabric::FabricRound> {
                while (!cancel->load())
                    std::this_thread::sleep_for(std::chrono::milliseconds(5));
                return round;
            },
            3);
        QVERIFY2(page.progressLabel()->text().contains(QStringLiteral("This run is not saved: cannot create")),
            qPrintable(page.progressLabel()->text()));
        page.cancelAndWait();
        QVERIFY(page.runFile().isEmpty());
    }

    /// The figures bench/fabric-page.sh prints (issue 23: a 64 x 64 matrix and the 1 000-host ToR aggregate redrawn
    /// in <= 16 ms, a click opens the pair timeline in <= 200 ms, the GUI thread never blocks). RP_BENCH_HOURS sets
    /// the watch the history holds (the bench: 24 h, which folds; the suite: 0.05 h, so it stays quick).
    void aSavedRunStepsBackThroughItsRounds()
    {
        // A 9-round watch saved as the CLI saves it: healthy, an access-link fault in rounds 4-6, healthy again.
        QTemporaryDir dir;
        const auto rounds = simulatedWatch(9);
        const QString path = dir.filePath(QStringLiteral("night.rpfabric"));
        const std::string saved = saveWatch(path, rounds);
        QVERIFY2(saved.empty(), saved.c_str());

        FabricPage page(noSources());
        page.setRunsDir(QString());
        page.resize(1366, 768);
        page.show();
        QVERIFY(QTest::qWaitForWindowExposed(&page));
        auto* bar = page.savedRunBar();
        QSignalSpy opened(bar, &rp::ui::SavedRunBar::opened);
        QVERIFY(!bar->isVisible());
        // Stop while it reads (the file is over a MiB: the read looks at the flag before each MiB).
        QVERIFY(QFileInfo(path).size() > (1 << 20));
        QVERIFY(page.openRun(path));
        QVERIFY(!page.startButton()->isEnabled());
        QVERIFY(page.cancelButton()->isEnabled());
        QTest::mouseClick(page.cancelButton(), Qt::LeftButton);
        QTRY_COMPARE(opened.count(), 1);
        QVERIFY(bar->readCancelled());
        QVERIFY(!bar->isOpen());
        QVERIFY2(page.progressLabel()->text().startsWith(QStringLiteral("Stopped reading")),
            qPrintable(page.progressLabel()->text()));
        QVERIFY(page.startButton()->isEnabled());
        QVERIFY(!page.exportButton()->isEnabled());

        QVERIFY(page.openRun(path));
        QTRY_COMPARE(opened.count(), 2);
        QCOMPARE(opened.at(1).at(1).toString(), QString());
        QVERIFY(bar->isVisible());
        QCOMPARE(bar->rounds(), 9);
        QCOMPARE(bar->shownRound(), std::uint64_t { 9 });
        QCOMPARE(page.matrixModel()->rowCount(), 12);
        QVERIFY2(page.verdictLabel()->text().startsWith(QStringLiteral("Fabric ready")),
            qPrintable(page.verdictLabel()->text()));
        QVERIFY2(
            page.progressLabel()->text().contains(QStringLiteral("Saved run night.rpfabric: a watch of 12 host(s)")),
            qPrintable(page.progressLabel()->text()));
        QCOMPARE(page.history().rounds(), std::size_t { 9 });
        QVERIFY(page.exportButton()->isEnabled()); // the report of the run on screen
        QCOMPARE(page.runFile(), path);

        // Back to round 5: the fault, as the watch showed it then.
        bar->slider()->setValue(4);
        QTRY_COMPARE(bar->shownRound(), std::uint64_t { 5 });
        QVERIFY2(page.verdictLabel()->text().startsWith(QStringLiteral("Not ready")),
            qPrintable(page.verdictLabel()->text()));
        QVERIFY(page.findingModel()->rowCount() > 0);
        QVERIFY2(bar->label()->text().startsWith(QStringLiteral("Round 5 (5 of 9)")), qPrintable(bar->label()->text()));
        // Dragged across: only the last position counts.
        for (int i = 0; i < 9; ++i)
            bar->slider()->setValue(i);
        QTRY_COMPARE(bar->shownRound(), std::uint64_t { 9 });
        QTRY_VERIFY(page.verdictLabel()->text().startsWith(QStringLiteral("Fabric ready")));
        QVERIFY(page.findingModel()->rowCount() == 0);

        // The pair timeline is the whole run's.
        page.pairTabs()->setCurrentWidget(page.timeline());
        page.matrixView()->selectCell(0, 1);
        QVERIFY(page.timeline()->points() >= 9);
        QCOMPARE(page.timeline()->cursorRound(), std::uint64_t { 9 }); // where the slider stands
        bar->slider()->setValue(2);
        QTRY_COMPARE(page.timeline()->cursorRound(), std::uint64_t { 3 });

        // A file that is not a run: said, and the run on screen stays.
        const QString junk = dir.filePath(QStringLiteral("junk.rpfabric"));
        QFile file(junk);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write("not a fabric run\n");
        file.close();
        QVERIFY(page.openRun(junk));
        QTRY_COMPARE(opened.count(), 3);
        QVERIFY(!opened.at(2).at(1).toString().isEmpty());
        QVERIFY2(page.progressLabel()->text().startsWith(QStringLiteral("Could not open")),
            qPrintable(page.progressLabel()->text()));
        QVERIFY(bar->isOpen());
        QCOMPARE(page.runFile(), path);

        // Closed: the views are empty and there is nothing to export.
        QTest::mouseClick(bar->closeButton(), Qt::LeftButton);
        QVERIFY(!bar->isVisible());
        QCOMPARE(page.matrixModel()->rowCount(), 0);
        QVERIFY(!page.exportButton()->isEnabled());
    }

    void largeRoundsAreDigestedOnTheJobsThread()
    {
        // A 1 000-host watch: the ToR fold and the pair history are the job thread's work, done before the GUI
        // thread hears of the round; the page only swaps the result in.
        FabricPage page(noSources());
        page.setRunsDir(QString());
        const auto round = meshRound(1000, 40, 5, 1, rp::fabric::Clock::now());
        auto* worker = page.worker();
        std::shared_ptr<const rp::ui::RoundDigest> seen;
        connect(worker, &rp::ui::FabricCheckWorker::roundDone, &page,
            [&seen](const std::shared_ptr<const rp::ui::RoundDigest>& d) { seen = d; });
        // Shared, not captured by reference: a failed check returns while the page (declared first) still runs the job.
        auto roundsBeforeGui = std::make_shared<std::atomic<std::size_t>>(0);
        auto onGuiThread = std::make_shared<std::atomic<bool>>(true);
        auto* gui = QThread::currentThread();
        page.startWatchJob(
            [round, worker, gui, roundsBeforeGui, onGuiThread](
                rp::fabric::FabricObserver*, const std::atomic<bool>* cancel) -> rp::Result<rp::fabric::FabricRound> {
                *onGuiThread = QThread::currentThread() == gui;
                worker->postRound(round);
                *roundsBeforeGui = worker->history().read([](const rp::fabric::PairHistory& h) { return h.rounds(); });
                while (!cancel->load())
                    std::this_thread::sleep_for(std::chrono::milliseconds(5));
                return round;
            },
            1000);
        QTRY_COMPARE(page.watchRounds(), 1);
        QVERIFY(!onGuiThread->load());
        QCOMPARE(roundsBeforeGui->load(), std::size_t { 1 });
        QVERIFY(seen);
        QCOMPARE(seen->round->cells.size(), round.cells.size());
        QVERIFY(seen->matrix.torView);
        QCOMPARE(seen->matrix.axis.size(), qsizetype { 25 });
        QCOMPARE(page.matrixModel()->rowCount(), 25);
        QVERIFY(page.matrixModel()->torView());
        QTest::mouseClick(page.cancelButton(), Qt::LeftButton);
        QTRY_VERIFY(!page.isRunning());
        QTRY_VERIFY(!page.isWatching()); // the page heard the end
        QCOMPARE(page.history().rounds(), std::size_t { 1 }); // the watch's last round is not counted twice
    }

    void redrawAndClickFigures()
    {
        const double hours
            = qEnvironmentVariableIsSet("RP_BENCH_HOURS") ? qEnvironmentVariable("RP_BENCH_HOURS").toDouble() : 0.05;
        const auto t0 = rp::fabric::Clock::now() - std::chrono::hours(25);
        FabricPage page(noSources());
        page.setRunsDir(QString());
        page.resize(1366, 768);
        page.show();
        QVERIFY(QTest::qWaitForWindowExposed(&page));

        // 64 hosts under one ToR, a full mesh (4 032 cells): the round's cost on the worker's thread (the digest) and
        // on the GUI thread, then the matrix's redraw.
        const auto r64 = meshRound(64, 64, 0, 1, t0);
        QElapsedTimer timer;
        timer.start();
        const auto d64 = rp::ui::RoundDigest::make(r64, &page.worker()->history());
        const double digest64 = static_cast<double>(timer.nsecsElapsed()) / 1e6;
        timer.restart();
        page.showDigest(*d64);
        const double show64 = static_cast<double>(timer.nsecsElapsed()) / 1e6;
        QVERIFY(!page.matrixModel()->torView());
        const double redraw64 = msPerRender(page.matrixView()->viewport(), 20);

        // A day's watch of those 64 hosts (a round every 3 s) in the pair history, then a click with the
        // Timeline tab open.
        const auto rounds = static_cast<std::uint64_t>(hours * 3600 / 3);
        timer.restart();
        FabricPage watched(noSources());
        watched.setRunsDir(QString());
        watched.resize(1366, 768);
        watched.show();
        QVERIFY(QTest::qWaitForWindowExposed(&watched));
        for (std::uint64_t n = 1; n <= rounds; ++n) {
            auto r = r64;
            const auto shift = std::chrono::seconds(3 * (n - 1));
            r.summary.round = n;
            r.summary.started += shift;
            for (auto& c : r.cells)
                c.intervalStart += shift;
            // Every host's counters too (pause each way and retransmissions, as a mlx5 host has them): the
            // timeline draws both hosts' under the RTT.
            for (const auto& host : r.pinglist.hosts) {
                auto& counters = r.hostCounters[host];
                counters.pauseRxPerS = static_cast<double>(n % 50);
                counters.pauseTxPerS = 1.0;
                counters.retransmitsPerS = 0.0;
            }
            if (n < rounds)
                watched.addToHistory(r);
            else
                watched.showRound(r);
        }
        const double feedS = static_cast<double>(timer.nsecsElapsed()) / 1e9;
        watched.pairTabs()->setCurrentWidget(watched.timeline());
        timer.restart();
        watched.matrixView()->selectCell(3, 5);
        QCoreApplication::processEvents();
        const double click = static_cast<double>(timer.nsecsElapsed()) / 1e6;
        QVERIFY(watched.timeline()->points() > 1);
        QCOMPARE(watched.timeline()->counterSeries(), 6); // two hosts, three counters each
        const auto history = watched.history();
        QVERIFY(history.steps() <= rp::fabric::PairHistory::kDefaultMaxSteps);
        const auto span = std::chrono::duration<double, std::ratio<3600>>(*history.last() - *history.first());
        const double redrawTimeline = watched.timeline()->lastReplotMs();

        // 1 000 hosts in 25 ToRs (40 each), 5 peers across: the ToR aggregate.
        const auto r1000 = meshRound(1000, 40, 5, 1, t0);
        timer.restart();
        const auto d1000 = rp::ui::RoundDigest::make(r1000, &page.worker()->history());
        const double digest1000 = static_cast<double>(timer.nsecsElapsed()) / 1e6;
        timer.restart();
        page.showDigest(*d1000);
        const double show1000 = static_cast<double>(timer.nsecsElapsed()) / 1e6;
        QVERIFY(page.matrixModel()->torView());
        const double redraw1000 = msPerRender(page.matrixView()->viewport(), 20);

        qInfo("64 hosts (%zu cells): round digested on the worker's thread in %.1f ms, shown on the GUI thread in %.1f "
              "ms, matrix redraw %.2f ms (%.2fx the 16 ms budget)",
            r64.cells.size(), digest64, show64, redraw64, redraw64 / 16.0);
        qInfo("1000 hosts (%zu cells): round digested on the worker's thread in %.1f ms, shown on the GUI thread in "
              "%.1f ms, ToR matrix redraw %.2f ms (%.2fx the 16 ms budget)",
            r1000.cells.size(), digest1000, show1000, redraw1000, redraw1000 / 16.0);
        qInfo("pair history: %llu rounds (%.2f h) of 64 hosts fed in %.1f s, %zu steps kept (budget %zu), the "
              "coarsest step holds %u rounds",
            static_cast<unsigned long long>(rounds), span.count(), feedS, history.steps(),
            rp::fabric::PairHistory::kDefaultMaxSteps, history.coarsest());
        qInfo("click to pair timeline: %.1f ms (%.2fx the 200 ms budget), %d points, timeline replot %.1f ms", click,
            click / 200.0, watched.timeline()->points(), redrawTimeline);
    }

    void checkWithoutDiscoveryExplains()
    {
        FabricPage page(noSources());
        QTest::mouseClick(page.startButton(), Qt::LeftButton);
        QVERIFY(!page.isRunning());
        QVERIFY2(page.verdictLabel()->text().contains(QStringLiteral("Discover the hosts first")),
            qPrintable(page.verdictLabel()->text()));
    }

    void wizardChecksTheFabricAfterApply()
    {
        rp::ui::Wizard w;
        QVERIFY(qobject_cast<FabricPage*>(w.page(rp::ui::Wizard::FabricPageId)));
        QVERIFY(w.pageIds().indexOf(rp::ui::Wizard::FabricPageId) > w.pageIds().indexOf(rp::ui::Wizard::ApplyPageId));
        QVERIFY(w.pageIds().indexOf(rp::ui::Wizard::FabricPageId) < w.pageIds().indexOf(rp::ui::Wizard::TestPageId));
        QCOMPARE(w.fabricPage(), w.page(rp::ui::Wizard::FabricPageId));
    }

    void screenshots()
    {
        // Rendered on every run (a page that no longer draws at these sizes fails here); kept only when
        // RP_SCREENSHOT_FABRIC names a folder (fabric-screenshot.sh).
        QTemporaryDir scratch;
        QVERIFY(scratch.isValid());
        const QByteArray asked = qgetenv("RP_SCREENSHOT_FABRIC");
        const QString dir = asked.isEmpty() ? scratch.path() : QString::fromLocal8Bit(asked);
        const auto round = simulatedRound();
        QVERIFY(!round.summary.findings.empty());
        // Besides, a watch through the fault and back, the faulty pair's timeline in view.
        const auto watch = simulatedWatch(60);
        const auto& faulty = watch[watch.size() / 2];
        QVERIFY(!faulty.summary.findings.empty());
        // And the half hour around the fault saved (rounds 15-45: 6 MB, a few seconds' read under ASan), opened again
        // and stepped back to the fault.
        const QString saved = scratch.filePath(QStringLiteral("watch-night.rpfabric"));
        const std::vector<rp::fabric::FabricRound> slice(watch.begin() + 14, watch.begin() + 45);
        const std::string written = saveWatch(saved, slice);
        QVERIFY2(written.empty(), written.c_str());
        enum class Shot { Round, Timeline, Saved };
        for (const Shot shot : { Shot::Round, Shot::Timeline, Shot::Saved }) {
            for (const QSize size : { QSize(1100, 930), QSize(1366, 768) }) {
                QWizard wizard;
                auto* page = pageInWizard(wizard, size);
                QVERIFY(QTest::qWaitForWindowExposed(&wizard));
                if (shot == Shot::Round) {
                    page->showRound(round);
                } else {
                    if (shot == Shot::Timeline) {
                        for (const auto& r : watch)
                            page->showRound(r);
                    } else {
                        QSignalSpy opened(page->savedRunBar(), &rp::ui::SavedRunBar::opened);
                        QVERIFY(page->openRun(saved));
                        QTRY_COMPARE_WITH_TIMEOUT(opened.count(), 1, 60000);
                        page->savedRunBar()->slider()->setValue(
                            static_cast<int>(faulty.summary.round - slice.front().summary.round));
                        QTRY_COMPARE(page->savedRunBar()->shownRound(), faulty.summary.round);
                    }
                    // The pair the finding's first failed cell names.
                    const auto& cell = faulty.summary.findings.front().evidenceCells.front();
                    const auto& endpoints = faulty.pinglist.endpoints;
                    page->matrixView()->selectCell(
                        page->matrixModel()->sectionOf(QString::fromStdString(endpoints[cell.from].host)),
                        page->matrixModel()->sectionOf(QString::fromStdString(endpoints[cell.to].host)));
                    page->pairTabs()->setCurrentWidget(page->timeline());
                }
                QTest::qWait(50);
                QVERIFY(shot == Shot::Round || page->timeline()->points() > 1);
                QVERIFY(shot == Shot::Round || page->timeline()->counterSeries() == 8);
                const QString name = shot == Shot::Round ? QStringLiteral("fabric")
                    : shot == Shot::Timeline             ? QStringLiteral("fabric-timeline")
                                                         : QStringLiteral("fabric-saved");
                const QString file
                    = QDir(dir).filePath(QStringLiteral("%1-%2x%3.png").arg(name).arg(size.width()).arg(size.height()));
                QVERIFY(wizard.grab().save(file));
                QCOMPARE(QImage(file).size(), size);
            }
        }
    }

    /// The page reading a fleet from Prometheus (a loopback server answering as Prometheus does, h3's incoming
    /// probes lost) with the lossy pair's timeline in view, and the dialog that asks where Prometheus is, at both
    /// window sizes: rendered on every run, kept with RP_SCREENSHOT_FABRIC.
    void prometheusScreenshots()
    {
        QTemporaryDir scratch;
        const QByteArray asked = qgetenv("RP_SCREENSHOT_FABRIC");
        const QString dir = asked.isEmpty() ? scratch.path() : QString::fromLocal8Bit(asked);
        std::atomic<int> reads { 0 };
        rp::test::HttpAnswerServer server([&] {
            const int n = reads++;
            // Healthy for the first reads, then h3's incoming probes lost: the timeline shows the change.
            return rp::test::httpOk(rp::test::PromFleet::sixHosts(
                [n](int, int to) { return n >= 4 && to == 3 ? 1.0 : 0.0; }, {}, 0, 1.8e9 + 2.0 * n)
                                        .body());
        });
        for (const QSize size : { QSize(1100, 930), QSize(1366, 768) }) {
            reads = 0;
            QWizard wizard;
            auto* page = pageInWizard(wizard, size);
            QVERIFY(QTest::qWaitForWindowExposed(&wizard));
            page->startPrometheus({ "127.0.0.1", server.port(), "" }, { .matchers = R"(job="rocepilot-agent")" },
                std::chrono::milliseconds(50));
            QTRY_VERIFY(reads.load() >= 8);
            QTRY_COMPARE(page->verdictLabel()->text(), QStringLiteral("Not ready: 1 finding(s)"));
            page->matrixView()->selectCell(page->matrixModel()->sectionOf(QStringLiteral("h1")),
                page->matrixModel()->sectionOf(QStringLiteral("h3")));
            page->pairTabs()->setCurrentWidget(page->timeline());
            QTest::qWait(50);
            QVERIFY(page->timeline()->points() > 1);
            const QString file = QDir(dir).filePath(
                QStringLiteral("fabric-prometheus-%1x%2.png").arg(size.width()).arg(size.height()));
            QVERIFY(wizard.grab().save(file));
            page->cancelAndWait();
        }
        rp::ui::PrometheusDialog dialog;
        dialog.matchEdit()->setText(QStringLiteral("job=\"rocepilot-agent\""));
        dialog.show();
        QVERIFY(QTest::qWaitForWindowExposed(&dialog));
        QVERIFY(dialog.grab().save(QDir(dir).filePath(QStringLiteral("prometheus-dialog.png"))));
        // A matcher that would leave the selector is said, and Read stays off.
        dialog.matchEdit()->setText(QStringLiteral("job=\"a\"} or vector(1)"));
        QVERIFY(!dialog.buttons()->button(QDialogButtonBox::Ok)->isEnabled());
        QVERIFY(dialog.problemLabel()->text().startsWith(QStringLiteral("Matchers: ")));
        QVERIFY(dialog.grab().save(QDir(dir).filePath(QStringLiteral("prometheus-dialog-refused.png"))));
        dialog.urlEdit()->setText(QStringLiteral("https://prom.example"));
        QVERIFY(dialog.problemLabel()->text().contains(QStringLiteral("https is not supported")));
    }

private:
    QTemporaryDir m_data;
};

QTEST_MAIN(TestFabricPage)
#include "tst_fabricpage.moc"

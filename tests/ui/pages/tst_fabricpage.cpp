// SPDX-License-Identifier: GPL-3.0-or-later
// The fabric page offscreen: a click on the host matrix fills the GID matrix of that pair, the selected finding
// marks its host and shows its pair, and the verdict follows events that cross from a worker thread through
// FabricCheckWorker's queued signals (ready, not ready, stopped). The wizard puts the page between Apply and Test.
// With RP_SCREENSHOT_FABRIC=DIR the page in a wizard frame is written as DIR/fabric-1100x930.png and
// DIR/fabric-1366x768.png, over a simulated 12-host fabric with a planted access-link fault
// (tests/ui/pages/fabric-screenshot.sh).

#include "dashboard/dashboard.h"
#include "itemmodels/fabricfindingmodel.h"
#include "itemmodels/fabricmatrixmodel.h"
#include "itemmodels/gidmatrixmodel.h"
#include "pages/fabricpage.h"
#include "widgets/fabricmatrixview.h"
#include "window/wizard.h"

#include "fabric/localise.h"
#include "fabric/secondpass.h"
#include "fabricround.h"
#include "fabricsim.h"

#include <QComboBox>
#include <QDir>
#include <QElapsedTimer>
#include <QImage>
#include <QLabel>
#include <QPixmap>
#include <QPushButton>
#include <QTemporaryDir>
#include <QTest>
#include <QTreeView>
#include <QWizard>

#include <atomic>
#include <thread>

using rp::ui::FabricMatrixModel;
using rp::ui::FabricPage;

namespace {

rp::ui::TestSources noSources()
{
    return {};
}

/// A round of the simulator: its pinglist, both passes and the localised findings, as the controller builds it.
rp::fabric::FabricRound simulatedRound()
{
    rp::fabricsim::FabricShape shape;
    shape.hosts = 12;
    shape.tors = 2;
    rp::fabricsim::FabricSim sim(shape, 7);
    sim.setFault(sim.plant(rp::fabricsim::FaultKind::AccessLoss));
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

} // namespace

class TestFabricPage : public QObject
{
    Q_OBJECT

private slots:
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

    // The budget is 16 ms per redraw of a 64 x 64 matrix in a release build; under ASan and a loaded CI
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
        auto first = healthy;
        first.cleared.clear();
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
        next = true;
        QTRY_COMPARE(page.watchRounds(), 3);
        QTRY_VERIFY(page.verdictLabel()->text().startsWith(QStringLiteral("Fabric ready")));
        QCOMPARE(page.findingModel()->rowCount(), 0);
        QVERIFY(page.progressLabel()->text().startsWith(QStringLiteral("Watching: round 3, 1 raised and 1 cleared")));
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
        for (const QSize size : { QSize(1100, 930), QSize(1366, 768) }) {
            QWizard wizard;
            wizard.setWizardStyle(QWizard::ModernStyle);
            auto* page = new FabricPage(noSources());
            wizard.addPage(page);
            wizard.resize(size);
            wizard.show();
            QVERIFY(QTest::qWaitForWindowExposed(&wizard));
            page->showRound(round);
            QTest::qWait(50);
            const QString file
                = QDir(dir).filePath(QStringLiteral("fabric-%1x%2.png").arg(size.width()).arg(size.height()));
            QVERIFY(wizard.grab().save(file));
            const QImage saved(file);
            QCOMPARE(saved.size(), size);
        }
    }
};

QTEST_MAIN(TestFabricPage)
#include "tst_fabricpage.moc"

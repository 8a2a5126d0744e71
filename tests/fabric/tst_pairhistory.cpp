// SPDX-License-Identifier: GPL-3.0-or-later
// The pair timeline's history (core/fabric/pairhistory): a round's first-pass cells summed per directed host pair
// (expected-bad, second-pass and loopback cells left out), findings placed on the hosts they concern, the budget
// folding rounds evenly without losing a probe, and a saved run giving the same steps as the live rounds.
#include "fabric/fabricrun.h"
#include "fabric/pairhistory.h"

#include "fabricround.h"
#include "testbasics.h"

#include <QtTest>

using namespace rp;
using namespace rp::fabric;

namespace {

const auto kHistoryStart = Clock::time_point {} + std::chrono::seconds(1795000000);

/// smallFabricRound as round `n`, its cells 10 s after the last round's.
FabricRound roundNumber(std::uint64_t n)
{
    FabricRound round = testdata::smallFabricRound();
    round.summary.round = n;
    round.summary.started = kHistoryStart + std::chrono::seconds(10 * (n - 1));
    for (auto& cell : round.cells)
        cell.intervalStart = round.summary.started;
    return round;
}

std::uint64_t totalSent(const std::vector<PairStep>& steps)
{
    std::uint64_t sent = 0;
    for (const auto& s : steps)
        sent += s.sent;
    return sent;
}

} // namespace

class TestPairHistory : public QObject
{
    Q_OBJECT

private slots:
    void sumsARoundPerPair()
    {
        PairHistory history;
        FabricRound round = roundNumber(1);
        auto second = testdata::fabricLostCell(0, 7, Reason::Timeout, false); // lab-a#0 -> lab-c#1, second pass
        second.secondPass = true;
        round.cells.push_back(second);
        auto loop = testdata::fabricCell(0, 1, 1, 1); // lab-a to itself
        round.cells.push_back(loop);
        history.addRound(round);

        // lab-a -> lab-c: v1->v1 20/20 (p50 40, p99 80), v2->v2 0/20 timeout, udp 20/20 (p50 50, p99 100); the two
        // v1<->v2 cells fail by design and the second-pass cell re-probes: none of them counts.
        const auto ac = history.timeline("lab-a", "lab-c");
        QCOMPARE(ac.size(), std::size_t { 1 });
        QCOMPARE(ac[0].cells, 3U);
        QCOMPARE(ac[0].cellsFailed, 1U);
        QCOMPARE(ac[0].sent, std::uint64_t { 60 });
        QCOMPARE(ac[0].received, std::uint64_t { 40 });
        QVERIFY(std::abs(ac[0].lossPercent() - 100.0 / 3.0) < 1e-9);
        QVERIFY(std::abs(ac[0].rttP50Us - 45.0) < 1e-4);
        QVERIFY(std::abs(ac[0].rttP99Us - 100.0) < 1e-4);
        QVERIFY(std::abs(ac[0].proberDelayUs - 5.0) < 1e-4);
        QVERIFY(std::abs(ac[0].responderDelayUs - 6.0) < 1e-4);
        QVERIFY(std::abs(ac[0].seconds - 2.0) < 1e-6);
        QCOMPARE(ac[0].start, kHistoryStart);
        // The slow pair keeps its p99; a healthy pair has no loss.
        const auto bc = history.timeline("lab-b", "lab-c");
        QCOMPARE(bc.size(), std::size_t { 1 });
        QVERIFY(std::abs(bc[0].rttP99Us - 1000.0) < 1e-3);
        QCOMPARE(history.timeline("lab-a", "lab-b").front().lossPercent(), 0.0);
        // Directed: lab-c -> lab-a is its own pair; the loopback and unknown hosts have none.
        QCOMPARE(history.timeline("lab-c", "lab-a").size(), std::size_t { 1 });
        QVERIFY(history.timeline("lab-a", "lab-a").empty());
        QVERIFY(history.timeline("lab-a", "lab-z").empty());
        QCOMPARE(history.steps(), std::size_t { 6 });
    }

    void placesFindingsOnTheirHosts()
    {
        PairHistory history;
        FabricRound first = roundNumber(1);
        const std::string id = first.summary.findings.front().id();
        first.raised = { id };
        history.addRound(first);
        FabricRound second = roundNumber(2);
        second.summary.findings.clear();
        second.cleared = { id };
        history.addRound(second);

        // The finding names lab-c's port, and its evidence is lab-a -> lab-c: both hosts' pairs show it.
        const auto events = history.events("lab-b", "lab-c");
        QCOMPARE(events.size(), std::size_t { 2 });
        QCOMPARE(events[0].id, id);
        QVERIFY(!events[0].cleared);
        QCOMPARE(events[0].title, first.summary.findings.front().finding.title);
        QCOMPARE(events[0].hosts, (std::vector<std::string> { "lab-a", "lab-c" }));
        QCOMPARE(events[0].at, kHistoryStart + std::chrono::seconds(3));
        QVERIFY(events[1].cleared);
        QCOMPARE(events[1].at, kHistoryStart + std::chrono::seconds(13));
        QVERIFY(history.events("lab-b", "lab-x").empty());
    }

    void foldsOlderRoundsWithinItsBudget()
    {
        // 6 pairs a round, a budget of 30 steps: 40 rounds must fold, and fold again, keeping every probe.
        PairHistory history(30);
        for (std::uint64_t n = 1; n <= 40; ++n)
            history.addRound(roundNumber(n));
        QVERIFY2(history.steps() <= 30, std::to_string(history.steps()).c_str());
        QVERIFY(history.coarsest() > 1);
        // An even resolution: 40 rounds in 5 steps, none above twice its share (halving the older half again and
        // again would leave 32 rounds in the first step).
        QCOMPARE(history.rounds(), std::size_t { 5 });
        QVERIFY2(history.coarsest() <= 16, std::to_string(history.coarsest()).c_str());
        const auto ab = history.timeline("lab-a", "lab-b");
        QCOMPARE(totalSent(ab), std::uint64_t { 40 * 60 }); // 3 working cells of 20 probes, 40 rounds
        std::uint32_t rounds = 0;
        for (const auto& s : ab)
            rounds += s.rounds;
        QCOMPARE(rounds, 40U);
        // The whole span stays: the first round's start to the last round's end, oldest first, no overlap.
        QCOMPARE(ab.front().start, kHistoryStart);
        QCOMPARE(*history.last(), kHistoryStart + std::chrono::seconds(392));
        for (std::size_t i = 1; i < ab.size(); ++i)
            QVERIFY(ab[i - 1].start < ab[i].start);
        // The newest rounds keep their own step.
        QCOMPARE(ab.back().rounds, 1U);
        // The folded p50 stays the reply-weighted mean (every round had the same cells).
        QVERIFY(std::abs(ab.front().rttP50Us - ab.back().rttP50Us) < 1e-3);
    }

    void keepsEachHostsCountersOnTheRoundsAxis()
    {
        // lab-a reports pause frames every round (rising), lab-b retransmissions in odd rounds only; a budget that
        // folds: the mean per step is over the rounds that reported, absent stays absent.
        PairHistory history(40);
        FabricRun run;
        for (std::uint64_t n = 1; n <= 40; ++n) {
            FabricRound round = roundNumber(n);
            round.hostCounters["lab-a"].pauseRxPerS = static_cast<double>(n);
            if (n % 2 == 1)
                round.hostCounters["lab-b"].retransmitsPerS = 10.0;
            history.addRound(round);
            run.endpoints = round.pinglist.endpoints;
            run.rounds.push_back({ .round = n,
                .started = round.summary.started,
                .cellsPlanned = 0,
                .finished = true,
                .seconds = round.summary.seconds,
                .cellsProbed = 0,
                .cellsFailed = 0,
                .findings = {},
                .portsDown = {},
                .hostCounters = round.hostCounters });
            run.cells.push_back({ n, false, round.cells });
        }
        QVERIFY2(history.steps() <= 40, std::to_string(history.steps()).c_str());
        const auto a = history.hostCounters("lab-a");
        QVERIFY(a.size() > 1 && a.size() < 40);
        std::uint32_t rounds = 0;
        double weighted = 0.0;
        for (const auto& s : a) {
            rounds += s.rounds;
            QVERIFY(s.counters.pauseRxPerS);
            QVERIFY(!s.counters.retransmitsPerS && !s.counters.cnpSentPerS);
            weighted += *s.counters.pauseRxPerS * s.rounds;
        }
        QCOMPARE(rounds, 40U);
        QVERIFY2(std::abs(weighted / 40.0 - 20.5) < 0.01, std::to_string(weighted / 40.0).c_str()); // mean of 1..40
        QCOMPARE(*a.back().counters.pauseRxPerS, 40.0); // the newest round keeps its own step
        for (const auto& s : history.hostCounters("lab-b")) {
            QCOMPARE(s.counters.retransmitsPerS, std::optional<double>(10.0)); // even rounds said nothing: not 0
            QVERIFY(!s.counters.pauseRxPerS);
        }
        QVERIFY(history.hostCounters("lab-c").empty()); // its agent read no counter
        QVERIFY(history.hostCounters("nobody").empty());
        // A saved run gives the same steps.
        const auto saved = PairHistory::fromRun(run, 40).hostCounters("lab-a");
        QCOMPARE(saved.size(), a.size());
        for (std::size_t i = 0; i < a.size(); ++i) {
            QCOMPARE(saved[i].rounds, a[i].rounds);
            QVERIFY(std::abs(*saved[i].counters.pauseRxPerS - *a[i].counters.pauseRxPerS) < 1e-3);
        }
    }

    void readsASavedRunLikeTheLiveRounds()
    {
        PairHistory live;
        FabricRun run;
        const std::string id = "host-nic:lab-c:rxe0/1";
        for (std::uint64_t n = 1; n <= 3; ++n) {
            FabricRound round = roundNumber(n);
            if (n == 2)
                round.raised = { id };
            live.addRound(round);
            run.endpoints = round.pinglist.endpoints;
            FabricRunRound summary;
            summary.round = n;
            summary.started = round.summary.started;
            summary.seconds = round.summary.seconds;
            summary.finished = true;
            run.rounds.push_back(summary);
            // A round's cells come in two interval batches in the file.
            const auto half = static_cast<std::ptrdiff_t>(round.cells.size() / 2);
            run.cells.push_back({ n, false, { round.cells.begin(), round.cells.begin() + half } });
            run.cells.push_back({ n, false, { round.cells.begin() + half, round.cells.end() } });
        }
        FabricRunEvent raised;
        raised.round = 2;
        raised.at = kHistoryStart + std::chrono::seconds(999); // the finding's lastSeen: not when the round ended
        raised.id = id;
        raised.finding = testdata::smallFabricRound().summary.findings.front();
        run.events.push_back(raised);

        const PairHistory saved = PairHistory::fromRun(run);
        QCOMPARE(saved.rounds(), std::size_t { 3 });
        for (const auto& [from, to] : testdata::smallFabricRound().pinglist.pairs) {
            const auto a = live.timeline(from, to);
            const auto b = saved.timeline(from, to);
            QCOMPARE(a.size(), b.size());
            for (std::size_t i = 0; i < a.size(); ++i) {
                QCOMPARE(a[i].sent, b[i].sent);
                QCOMPARE(a[i].received, b[i].received);
                QCOMPARE(a[i].cellsFailed, b[i].cellsFailed);
                QCOMPARE(a[i].start, b[i].start);
                QVERIFY(std::abs(a[i].rttP50Us - b[i].rttP50Us) < 1e-3);
            }
        }
        QCOMPARE(saved.events("lab-a", "lab-c").size(), std::size_t { 1 });
        QCOMPARE(live.events("lab-a", "lab-c").size(), std::size_t { 1 });
        // Marked where the live history marks it: the end of the round that raised it.
        QVERIFY(saved.events("lab-a", "lab-c").front().at == live.events("lab-a", "lab-c").front().at);
    }
};

QTEST_GUILESS_MAIN(TestPairHistory)
#include "tst_pairhistory.moc"

// SPDX-License-Identifier: GPL-3.0-or-later
// The fabric report's values (core/fabric/fabricreport): a saved run folded over its rounds per directed cell (counts
// summed, p50 averaged by replies, the highest p99 kept, the worst reason), the pairs and the worst of them, the
// verdict from the findings open at the end and the last round's failures, the commands that repeat a failing cell
// (argv and their shell quoting), and the cells CSV, findings CSV and JSON exports.
#include "fabric/fabricjson.h"
#include "fabric/fabricreport.h"

#include "fabricround.h"
#include "testbasics.h"

#include <nlohmann/json.hpp>

#include <QtTest>

#include <algorithm>

using namespace rp;
using namespace rp::fabric;

namespace {

const auto kReportStart = Clock::time_point {} + std::chrono::seconds(1795000000);

/// smallFabricRound over two rounds: lab-c:rxe0/1 fails in both (its finding stays open), lab-b is busy in round 1
/// only (raised, then cleared); in round 2 lab-a:rxe0/1#0 -> lab-b:rxe0/1#0 gets 10 replies with a p50 of 100.
FabricRun twoRounds()
{
    FabricRun run;
    const auto round = testdata::smallFabricRound();
    run.header.tool = "rocepilot 0.1.0";
    run.header.command = "watch";
    run.header.transport = "rdma";
    run.header.started = kReportStart;
    run.header.hosts = { "lab-a", "lab-b", "lab-c" };
    run.header.torOf = round.pinglist.topology.torOf;
    run.endpoints = round.pinglist.endpoints;
    auto nic = round.summary.findings.front();
    FabricFinding busy;
    busy.element = { ElementKind::HostBusy, "lab-b" };
    busy.klass = ElementKind::HostBusy;
    busy.finding.title = "lab-b answers late";
    for (std::uint64_t n = 1; n <= 2; ++n) {
        FabricRunRound r;
        r.round = n;
        r.started = kReportStart + std::chrono::seconds(10 * (n - 1));
        r.finished = true;
        r.seconds = 3;
        run.rounds.push_back(r);
        FabricRunCells batch;
        batch.round = n;
        batch.cells = round.cells;
        if (n == 2) {
            auto& c = batch.cells.front(); // lab-a #0 -> lab-b #0
            c.received = 10;
            c.rttP50Us = 100;
            c.rttP99Us = 500;
        }
        run.cells.push_back(batch);
    }
    run.events.push_back({ 1, false, nic.id(), kReportStart, nic });
    run.events.push_back({ 1, false, busy.id(), kReportStart, busy });
    run.events.push_back({ 2, true, busy.id(), kReportStart + std::chrono::seconds(13), std::nullopt });
    run.end = FabricRunEnd { "ok", kReportStart + std::chrono::seconds(20), 2, "" };
    return run;
}

const CellTotal* cellOf(const FabricReport& report, std::uint32_t from, std::uint32_t to)
{
    auto it = std::ranges::find_if(report.cells, [&](const CellTotal& c) { return c.from == from && c.to == to; });
    return it == report.cells.end() ? nullptr : &*it;
}

} // namespace

class TestFabricReport final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void foldsCellsOverRounds()
    {
        const auto run = twoRounds();
        const auto report = makeFabricReport(run);
        QCOMPARE(report.cells.size(), std::size_t { 30 }); // 6 directed pairs x 5 cells
        QCOMPARE(report.rounds, std::uint64_t { 2 });
        QCOMPARE(report.seconds, 20.0);
        QCOMPARE(report.status, std::string("ok"));
        // lab-a #0 -> lab-b #0: 20 + 10 replies of 40 sent; p50 (20 x 40 + 10 x 100) / 30; the highest p99.
        const auto* c = cellOf(report, 0, 3);
        QVERIFY(c);
        QCOMPARE(c->sent, std::uint64_t { 40 });
        QCOMPARE(c->received, std::uint64_t { 30 });
        QCOMPARE(c->rttP50Us, 60.0);
        QCOMPARE(c->rttP99Us, 500.0);
        QCOMPARE(c->lossPercent(), 25.0);
        QVERIFY(!c->failing()); // losses without a failed interval
        // lab-a #1 -> lab-c #1 timed out in both rounds: failing, 100 % lost.
        const auto* dead = cellOf(report, 1, 7);
        QVERIFY(dead);
        QCOMPARE_ENUM(dead->reason, Reason::Timeout);
        QVERIFY(dead->failing());
        QCOMPARE(dead->failedIntervals, std::size_t { 2 });
        QCOMPARE(dead->lossPercent(), 100.0);
        // v1 -> v2 fails by design: not failing.
        const auto* designed = cellOf(report, 0, 4);
        QVERIFY(designed);
        QVERIFY(designed->expected);
        QVERIFY(!designed->failing());
        QCOMPARE(report.failingCells, std::size_t { 2 });
    }

    void verdictFromOpenFindingsAndLastRound()
    {
        auto run = twoRounds();
        auto report = makeFabricReport(run);
        QVERIFY(!report.ready);
        QCOMPARE(report.openFindings, std::size_t { 1 });
        QCOMPARE(report.lastRoundFailed, std::size_t { 2 });
        QCOMPARE(report.findings.size(), std::size_t { 2 });
        QVERIFY(report.findings[0].open);
        QCOMPARE(report.findings[0].finding.element.name, std::string("lab-c:rxe0/1"));
        QVERIFY(!report.findings[1].open);
        QVERIFY(report.findings[1].clearedAt.has_value());
        QCOMPARE(report.verdictLine, std::string("not ready: 1 open finding, 2 cells failing in the last round"));
        QCOMPARE(report.failingPairs,
            (std::vector<std::pair<std::string, std::string>> { { "lab-a", "lab-c" }, { "lab-c", "lab-a" } }));
        // The worst pairs: the two failing ones first.
        QVERIFY(report.worstPairs.size() >= 2);
        for (std::size_t i = 0; i < 2; ++i) {
            const auto& p = report.pairs[report.worstPairs[i]];
            QVERIFY(p.cellsFailed > 0);
            QVERIFY(p.fromHost == "lab-c" || p.toHost == "lab-c");
        }

        // Healed: the finding cleared and round 2's cells all work -> ready.
        run.events.push_back({ 2, true, run.events.front().id, kReportStart, std::nullopt });
        for (auto& c : run.cells[1].cells) {
            if (!c.expected) {
                c.reason = Reason::None;
                c.received = c.sent;
            }
        }
        report = makeFabricReport(run);
        QVERIFY(report.ready);
        QCOMPARE(report.openFindings, std::size_t { 0 });
        QCOMPARE(report.failingCells, std::size_t { 2 }); // round 1 still counts in the totals
    }

    void truncatedRunIsUnfinished()
    {
        auto run = twoRounds();
        run.end.reset();
        run.truncated = true;
        run.rounds.back().finished = false; // cut before round 2's summary
        run.rounds.back().seconds = 0;
        run.cells.pop_back();
        const auto report = makeFabricReport(run);
        QVERIFY(report.truncated);
        QCOMPARE(report.status, std::string("unfinished"));
        QCOMPARE(report.lastRound, std::uint64_t { 1 });
        QCOMPARE(report.seconds, 10.0); // round 2's start is the last moment known
        QVERIFY(!report.ready);
        const auto text = fabricReportText(run, report, "cut.rpfabric");
        QVERIFY(text.find("cut short") != std::string::npos);

        FabricRun none;
        none.header.started = kReportStart;
        const auto empty = makeFabricReport(none);
        QVERIFY(!empty.ready);
        QCOMPARE(empty.verdictLine, std::string("not ready: no round of the run finished"));
    }

    void reproCommands()
    {
        auto run = twoRounds();
        const auto report = makeFabricReport(run);
        const auto steps = reproSteps(run, *cellOf(report, 1, 7));
        QCOMPARE(steps.size(), std::size_t { 2 });
        QCOMPARE(steps[0].host, std::string("lab-c"));
        QCOMPARE(steps[0].command.argv(),
            (std::vector<std::string> {
                "ibv_ud_pingpong", "-d", "rxe0", "-i", "1", "-g", "1", "-s", "64", "-n", "20" }));
        QCOMPARE(steps[1].host, std::string("lab-a"));
        QCOMPARE(steps[1].command.argv().back(), std::string("198.18.0.3"));
        QCOMPARE(reproText(steps),
            std::string("on lab-c: ibv_ud_pingpong -d rxe0 -i 1 -g 1 -s 64 -n 20\n"
                        "on lab-a: ibv_ud_pingpong -d rxe0 -i 1 -g 1 -s 64 -n 20 198.18.0.3"));
        // UDP: ping from the source address.
        const auto udp = reproSteps(run, *cellOf(report, 2, 8));
        QCOMPARE(udp.size(), std::size_t { 1 });
        QCOMPARE(udp[0].command.shellLine(), std::string("ping -c 20 -i 0.2 -I 198.18.0.1 198.18.0.3"));
        // A name from a host is quoted for the shell, never pasted.
        run.endpoints[7].device = "rxe0;reboot";
        const auto quoted = reproText(reproSteps(run, *cellOf(report, 1, 7)));
        QVERIFY2(quoted.find("-d 'rxe0;reboot'") != std::string::npos, quoted.c_str());
        QVERIFY(reproSteps(run, CellTotal { .from = 99, .to = 0 }).empty());
    }

    void cellsAndFindingsCsv()
    {
        auto run = twoRounds();
        run.endpoints[0].host = "=cmd|x"; // a spreadsheet formula is never written as one
        const auto report = makeFabricReport(run);
        const auto csv = fabricCellsCsv(run, report);
        QVERIFY(csv.starts_with("from,to,from_host,to_host,from_gid_index,to_gid_index,from_gid,to_gid,transport,"
                                "intervals,failed_intervals,sent,received,loss_percent,rtt_p50_us,rtt_p99_us,reason,"
                                "expected,failing,repro\r\n"));
        QCOMPARE(std::ranges::count(csv, '\r'), std::ptrdiff_t { 31 }); // header + 30 cells (repro lines are \n)
        QVERIFY2(csv.find("\"'=cmd|x\"") != std::string::npos, csv.c_str());
        const std::string dead = "lab-a:rxe0/1#1,lab-c:rxe0/1#1,lab-a,lab-c,1,1,"
                                 "0000:0000:0000:0000:0000:ffff:c612:0001,0000:0000:0000:0000:0000:ffff:c612:0003,rdma,"
                                 "2,2,40,0,100,,,timeout,false,true,\"on lab-c: ibv_ud_pingpong";
        QVERIFY2(csv.find(dead) != std::string::npos, csv.c_str());
        QVERIFY(csv.find("lab-a:rxe0/1#0,lab-b:rxe0/1#0,=cmd") == std::string::npos);

        const auto findings = fabricFindingsCsv(report);
        QCOMPARE(std::ranges::count(findings, '\r'), std::ptrdiff_t { 3 });
        QVERIFY(findings.find("\r\nhost-nic:lab-c:rxe0/1,true,error,host-nic,lab-c:rxe0/1,0.80,") != std::string::npos);
        QVERIFY(findings.find("\r\nhost-busy:lab-b,false,") != std::string::npos);
    }

    void reportJson()
    {
        const auto run = twoRounds();
        const auto report = makeFabricReport(run);
        const auto j = nlohmann::json::parse(fabricReportJson(run, report, "lab.rpfabric"));
        QCOMPARE(j["schema"].get<std::string>(), std::string(kFabricReportSchema));
        QCOMPARE(j["verdict"]["ready"].get<bool>(), false);
        QCOMPARE(j["verdict"]["open_findings"].get<int>(), 1);
        QCOMPARE(j["run"]["rounds"].get<int>(), 2);
        QCOMPARE(j["run"]["transport"].get<std::string>(), std::string("rdma"));
        QCOMPARE(j["cells"].size(), std::size_t { 30 });
        QCOMPARE(j["pairs"].size(), std::size_t { 6 });
        QCOMPARE(j["findings"][0]["open"].get<bool>(), true);
        QVERIFY(j["findings"][1]["cleared_at"].is_string());
        std::size_t failing = 0;
        for (const auto& c : j["cells"]) {
            if (c["failing"].get<bool>()) {
                ++failing;
                QCOMPARE(c["repro"].size(), std::size_t { 2 });
                QCOMPARE(c["rtt_p99_us"].is_null(), true);
            } else {
                QVERIFY(c["repro"].empty());
            }
        }
        QCOMPARE(failing, std::size_t { 2 });

        // Names from hosts are escaped (the cells, pairs and ToRs are written by hand, not by nlohmann).
        auto hostile = twoRounds();
        const std::string name = "lab-\"a\"\\\n\x01";
        for (auto& e : hostile.endpoints) {
            if (e.host == "lab-a") {
                e.host = name;
                e.tor = name;
            }
        }
        hostile.header.torOf[name] = name;
        const auto h = nlohmann::json::parse(fabricReportJson(hostile, makeFabricReport(hostile), "x"));
        bool seen = false;
        for (const auto& c : h["cells"])
            seen = seen || c["from_host"].get<std::string>() == name;
        QVERIFY(seen);
        QVERIFY(std::ranges::any_of(
            h["pairs"], [&](const nlohmann::json& p) { return p["from"].get<std::string>() == name; }));
        QVERIFY(std::ranges::any_of(
            h["tors"], [&](const nlohmann::json& t) { return t["to"].get<std::string>() == name; }));
    }

    void firstLineSchema()
    {
        QVERIFY(isFabricRunFirstLine(R"({"type":"fabric-run","schema":"rocepilot-fabric-run/1"})"));
        QVERIFY(!isFabricRunFirstLine(R"({"type":"run","schema":"rocepilot.run/1"})"));
        QVERIFY(!isFabricRunFirstLine("garbage"));
        QVERIFY(!isFabricRunFirstLine(""));
    }
};

QTEST_APPLESS_MAIN(TestFabricReport)
#include "tst_fabricreport.moc"

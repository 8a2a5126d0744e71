// SPDX-License-Identifier: GPL-3.0-or-later
// The saved fabric run (core/fabric/fabricrun): what the writer appends round by round reads back the same (cells,
// agents, findings raised and cleared), a run killed mid-line keeps what came before, the fold after the first
// hour keeps failures visible, garbage is named by FILE:LINE, and the writer never replaces a file it was not told
// to (nor ever a symlink).
#include "fabric/aggregate.h"
#include "fabric/fabricjson.h"
#include "fabric/fabricrun.h"
#include "fabric/runrounds.h"

#include "fabricround.h"
#include "testbasics.h"

#include <nlohmann/json.hpp>

#include <QtTest>

#include <filesystem>
#include <fstream>
#include <sstream>

using namespace rp;
using namespace rp::fabric;

namespace {

const auto kStart = Clock::time_point {} + std::chrono::seconds(1795000000);

Endpoint endpoint(const std::string& host, const std::string& device, int gidIndex, const std::string& address)
{
    Endpoint e;
    e.host = host;
    e.device = device;
    e.port = device == "udp" ? 0 : 1;
    e.gidIndex = gidIndex;
    e.address = address;
    e.gid = device == "udp" ? "" : "0000:0000:0000:0000:0000:ffff:c612:000" + std::to_string(gidIndex + 1);
    e.tor = "leaf1";
    e.type = device == "udp" ? GidType::Unknown : GidType::RoceV2;
    e.netdev = "eth1";
    e.subnet = "198.18.0.0/24";
    return e;
}

CellResult cell(std::uint32_t from, std::uint32_t to, double at, std::uint32_t sent, std::uint32_t received,
    Reason reason = Reason::None)
{
    CellResult c;
    c.from = from;
    c.to = to;
    c.intervalStart = kStart + std::chrono::milliseconds(static_cast<long>(at * 1000));
    c.intervalSeconds = 1.0;
    c.sent = sent;
    c.received = received;
    c.rttP50Us = received > 0 ? 41.5 : 0;
    c.rttP99Us = received > 0 ? 88.2 : 0;
    c.proberDelayP50Us = 3.1;
    c.responderDelayP50Us = 2.7;
    c.reason = reason;
    return c;
}

FabricFinding finding(const std::string& host)
{
    FabricFinding f;
    f.element = { ElementKind::HostConfig, host };
    f.klass = ElementKind::HostConfig;
    f.confidence = 0.92;
    f.alternatives = { { { ElementKind::AccessLink, host + "<->leaf1" }, 0.08 } };
    f.finding.ruleId = "fabric.host-config";
    f.finding.title = host + " drops every probe it is sent";
    f.finding.severity = diag::Severity::Error;
    f.finding.hosts = { host };
    f.finding.evidence = { { host, "udp 4791", "0/10", "", "round 1" } };
    f.finding.explanation = "Every peer lost every probe towards " + host + ".";
    f.finding.fixes = { { host, "linux", "nft list ruleset", "" } };
    f.because = { "gid.roce-version@" + host };
    f.evidenceCells = { cell(0, 1, 0.0, 10, 0, Reason::Timeout) };
    f.firstSeen = kStart;
    f.lastSeen = kStart + std::chrono::seconds(2);
    return f;
}

/// Round `n` of a two-host fabric: b's endpoint drops everything when `broken`.
FabricRound round(std::uint64_t n, bool broken, double at)
{
    FabricRound r;
    r.pinglist.hosts = { "lab-a", "lab-b" };
    r.pinglist.endpoints = { endpoint("lab-a", "udp", -1, "198.18.0.1"), endpoint("lab-b", "udp", -1, "198.18.0.2") };
    r.pinglist.byHost = { { "lab-a", { 0 } }, { "lab-b", { 1 } } };
    r.pinglist.probes = { { 0, 1, Reason::None }, { 1, 0, Reason::None } };
    r.summary.round = n;
    r.summary.started = kStart + std::chrono::milliseconds(static_cast<long>(at * 1000));
    r.summary.seconds = 1.5;
    r.cells = { cell(0, 1, at, 10, broken ? 0 : 10, broken ? Reason::Timeout : Reason::None),
        cell(1, 0, at, 10, broken ? 0 : 10, broken ? Reason::Timeout : Reason::None) };
    r.summary.cellsProbed = r.cells.size();
    r.summary.cellsFailed = broken ? 2 : 0;
    r.agents = { { "lab-a", AgentState::Up }, { "lab-b", AgentState::Up } };
    r.agentCpuPercent = { { "lab-a", 0.4 }, { "lab-b", 0.5 } };
    r.agentRate = { { "lab-a", 10.0 }, { "lab-b", 10.0 } };
    if (broken)
        r.summary.findings = { finding("lab-b") };
    return r;
}

FabricRunHeader header()
{
    FabricRunHeader h;
    h.tool = "rocepilot 0.1.0";
    h.command = "watch";
    h.inventory = "lab.yaml";
    h.started = kStart;
    h.transport = "udp";
    h.durationS = 1.0;
    h.rate = 10.0;
    h.hosts = { "lab-a", "lab-b" };
    h.torOf = { { "lab-a", "leaf1" }, { "lab-b", "leaf1" } };
    return h;
}

/// Three rounds: healthy; lab-b broken (its finding raised, its agent down, a port down); healthy again (cleared).
std::vector<FabricRound> faultAndBack()
{
    auto r2 = round(2, true, 2.0);
    r2.raised = { "host-config:lab-b" };
    r2.agents["lab-b"] = AgentState::Down;
    r2.agentDetail["lab-b"] = "the agent exited with status 137";
    r2.portsDown[1] = "eth1 operstate down, carrier 0";
    r2.hostCounters["lab-a"].pauseRxPerS = 1234.5678;
    r2.hostCounters["lab-a"].retransmitsPerS = 0.0;
    r2.hostCounters["lab-b"].cnpSentPerS = 3.0;
    auto r3 = round(3, false, 4.0);
    r3.cleared = { "host-config:lab-b" };
    auto r1 = round(1, false, 0.0);
    r1.cells[0].hostLate = 3; // answered late while lab-b's agent was stalled
    return { r1, r2, r3 };
}

/// Writes `rounds` as a stopped watch to `path`; empty when it was written, else why not.
std::string writeRun(const std::string& path, const std::vector<FabricRound>& rounds)
{
    return rp::testdata::writeFabricRun(path, header(), rounds);
}

std::string inDir(const QTemporaryDir& dir, const char* name)
{
    return dir.path().toStdString() + "/" + name;
}

std::string slurp(const std::string& path)
{
    std::ifstream in(path, std::ios::binary);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
}

} // namespace

class TestFabricRun final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void roundsReadBackAsWritten()
    {
        QTemporaryDir dir;
        const std::string path = inDir(dir, "run.rpfabric");
        const std::string written = writeRun(path, faultAndBack());
        QVERIFY2(written.empty(), written.c_str());

        auto run = readFabricRun(path);
        QVERIFY2(run, run ? "" : run.error().describe().c_str());
        QCOMPARE(run->header.command, std::string("watch"));
        QCOMPARE(run->header.hosts.size(), std::size_t { 2 });
        QCOMPARE(run->header.torOf.at("lab-b"), std::string("leaf1"));
        QVERIFY(run->header.started == kStart);
        QCOMPARE(run->endpoints.size(), std::size_t { 2 }); // one table, written once
        QCOMPARE(run->endpoints[1].name(), std::string("lab-b:udp"));
        QCOMPARE(run->rounds.size(), std::size_t { 3 });
        QVERIFY(run->rounds[1].finished);
        QCOMPARE(run->rounds[1].cellsFailed, std::size_t { 2 });
        QCOMPARE(run->rounds[1].findings, std::vector<std::string> { "host-config:lab-b" });
        QCOMPARE(run->rounds[1].portsDown.size(), std::size_t { 1 });
        QCOMPARE(run->rounds[1].portsDown.at(1), std::string("eth1 operstate down, carrier 0"));
        QVERIFY(run->rounds[2].portsDown.empty());
        // Host counters per round, absent ones absent, rounded to a thousandth; rounds without any have none.
        QCOMPARE(run->rounds[1].hostCounters.size(), std::size_t { 2 });
        QCOMPARE(run->rounds[1].hostCounters.at("lab-a").pauseRxPerS, std::optional<double>(1234.568));
        QCOMPARE(run->rounds[1].hostCounters.at("lab-a").retransmitsPerS, std::optional<double>(0.0));
        QVERIFY(!run->rounds[1].hostCounters.at("lab-a").cnpSentPerS);
        QCOMPARE(run->rounds[1].hostCounters.at("lab-b").cnpSentPerS, std::optional<double>(3.0));
        QVERIFY(run->rounds[0].hostCounters.empty());
        QCOMPARE(run->cells.size(), std::size_t { 3 });
        const auto& c = run->cells[1].cells[0];
        QVERIFY(c.reason == Reason::Timeout);
        QCOMPARE(c.sent, 10u);
        QCOMPARE(c.received, 0u);
        QVERIFY(c.intervalStart == kStart + std::chrono::seconds(2));
        QCOMPARE(run->cells[0].cells[0].rttP50Us, 41.5);
        QCOMPARE(run->cells[0].cells[0].hostLate, 3u);
        QVERIFY(!run->cells[0].aggregated);
        // Agents: both at round 1, then lab-b's changes only (down, up again).
        QCOMPARE(run->agents.size(), std::size_t { 4 });
        QVERIFY(run->agents[3].state == AgentState::Up);
        QVERIFY(run->agents[2].state == AgentState::Down);
        QCOMPARE(run->agents[2].detail, std::string("the agent exited with status 137"));
        QCOMPARE(*run->agents[0].cpuPercent, 0.4);
        // The finding whole, and its clearing.
        QCOMPARE(run->events.size(), std::size_t { 2 });
        QVERIFY(!run->events[0].cleared);
        const auto& f = *run->events[0].finding;
        QCOMPARE(f.id(), std::string("host-config:lab-b"));
        QCOMPARE(f.confidence, 0.92);
        QCOMPARE(f.alternatives.at(0).element.name, std::string("lab-b<->leaf1"));
        QCOMPARE(f.because, std::vector<std::string> { "gid.roce-version@lab-b" });
        QCOMPARE(f.finding.fixes.at(0).text, std::string("nft list ruleset"));
        QCOMPARE(f.evidenceCells.size(), std::size_t { 1 });
        QVERIFY(f.firstSeen == kStart);
        QVERIFY(run->events[1].cleared);
        QVERIFY(run->openFindings().empty());
        QVERIFY(run->end);
        QCOMPARE(run->end->status, std::string("stopped"));
        QCOMPARE(run->end->rounds, std::uint64_t { 3 });
        QVERIFY(!run->truncated);
    }

    void aKilledRunKeepsWhatCameBefore()
    {
        QTemporaryDir dir;
        const std::string path = inDir(dir, "run.rpfabric");
        auto writer = FabricRunWriter::create(path, header());
        QVERIFY(writer);
        auto r1 = round(1, true, 0.0);
        r1.raised = { "host-config:lab-b" };
        (*writer)->addRound(r1);
        (*writer)->addRound(round(2, true, 2.0));
        writer->reset(); // killed: no end line
        auto text = slurp(path);
        // Half of a third round's line, as a kill while writing leaves it.
        text += "{\"type\":\"round\",\"round\":3,\"sta";
        auto run = parseFabricRun(text, "cut.rpfabric");
        QVERIFY2(run, run ? "" : run.error().describe().c_str());
        QVERIFY(run->truncated);
        QVERIFY(!run->end);
        QCOMPARE(run->rounds.size(), std::size_t { 2 });
        QCOMPARE(run->openFindings().size(), std::size_t { 1 }); // still raised when it was killed
        QVERIFY(!run->warnings.empty());
    }

    /// The round's JSON (`fabric check --json`) names the ports their own agent said were down.
    void roundJsonNamesPortsDown()
    {
        auto r = round(1, true, 0.0);
        r.portsDown[1] = "eth1 operstate down, carrier 0";
        const auto doc = nlohmann::json::parse(roundToJson(r));
        QCOMPARE(doc.at("ports_down").size(), std::size_t { 1 });
        QCOMPARE(doc.at("ports_down")[0].at("endpoint").get<int>(), 1);
        QCOMPARE(doc.at("ports_down")[0].at("name").get<std::string>(), std::string("lab-b:udp"));
        QCOMPARE(
            doc.at("ports_down")[0].at("detail").get<std::string>(), std::string("eth1 operstate down, carrier 0"));
        QVERIFY(nlohmann::json::parse(roundToJson(round(2, false, 1.0))).at("ports_down").empty());
    }

    /// `--json` writes cells and pairs one at a time: the text is exactly one document's dump, cells and pairs
    /// included, with the round's timing.
    void roundJsonStreamedIsOneDocument()
    {
        for (const bool broken : { true, false }) {
            auto r = round(1, broken, 0.0);
            r.timing.firstPass = 2.25;
            std::string parts;
            int writes = 0;
            writeRoundJson(r, [&](std::string_view part) {
                parts += part;
                ++writes;
            });
            QVERIFY(writes > 4); // cells and pairs went out one by one
            const auto doc = nlohmann::json::parse(parts);
            QCOMPARE(parts, doc.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) + "\n");
            QCOMPARE(parts, roundToJson(r));
            QCOMPARE(doc.at("cells").size(), std::size_t { 2 });
            QCOMPARE(doc.at("cells")[1].at("from").get<int>(), 1);
            QCOMPARE(doc.at("pairs").size(), std::size_t { 2 });
            QCOMPARE(doc.at("timing").at("first_pass").get<double>(), 2.25);
        }
        auto empty = round(1, false, 0.0);
        empty.cells.clear();
        const auto doc = nlohmann::json::parse(roundToJson(empty));
        QVERIFY(doc.at("cells").empty());
        QVERIFY(doc.at("pairs").empty());
        QCOMPARE(roundToJson(empty), doc.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) + "\n");
    }

    /// A cell stamped before the run's start (the clock stepped back between the header and the round) is kept at
    /// the start: its own reader takes the file.
    void aCellBeforeTheStartStaysReadable()
    {
        QTemporaryDir dir;
        const std::string path = inDir(dir, "run.rpfabric");
        auto writer = FabricRunWriter::create(path, header());
        QVERIFY(writer);
        (*writer)->addRound(round(1, false, -5.0));
        QVERIFY((*writer)->finish("ok"));
        auto run = readFabricRun(path);
        QVERIFY2(run, run ? "" : run.error().describe().c_str());
        QCOMPARE(run->cells.size(), std::size_t { 1 });
        QVERIFY(run->cells.front().cells.front().intervalStart == kStart);
    }

    void garbageIsNamedByLine()
    {
        QTemporaryDir dir;
        const std::string path = inDir(dir, "run.rpfabric");
        auto writer = FabricRunWriter::create(path, header());
        QVERIFY(writer);
        (*writer)->addRound(round(1, false, 0.0));
        QVERIFY((*writer)->finish("ok"));
        const auto good = slurp(path);
        std::vector<std::string> lines;
        std::istringstream in(good);
        for (std::string line; std::getline(in, line);)
            lines.push_back(line);
        QVERIFY(lines.size() >= 5);
        auto with = [&](std::size_t line, const std::string& replacement) {
            std::string out;
            for (std::size_t i = 0; i < lines.size(); ++i)
                out += (i == line ? replacement : lines[i]) + "\n";
            return out;
        };
        struct Case
        {
            std::string text, expect;
        };
        const auto summary = static_cast<std::size_t>(std::ranges::find_if(lines, [](const std::string& l) {
            return l.find(R"("type":"summary")") != std::string::npos;
        }) - lines.begin());
        QVERIFY(summary < lines.size());
        const std::vector<Case> cases {
            { with(summary,
                  R"({"type":"summary","round":1,"seconds":1,"cells_probed":2,"cells_failed":0,"findings":[],)"
                  R"("ports_down":[{"endpoint":7,"detail":"down"}]})"),
                ":" + std::to_string(summary + 1) + ": 'ports_down' names endpoint 7, which the run does not have" },
            { with(2, "not json"), "bad.rpfabric:3: not JSON" },
            { with(summary, R"({"type":"counters","round":1,"hosts":{"lab-a":{"pause_rx":"lots"}}})"),
                ":" + std::to_string(summary + 1) + ": the counters of lab-a: 'pause_rx'" },
            { with(summary, R"({"type":"counters","round":1,"hosts":{"lab-a":{"pauses":1}}})"),
                "unknown counter 'pauses'" },
            { with(summary, R"({"type":"counters","round":4,"hosts":{}})"), "counters of round 4, which has no round" },
            { with(2, R"({"type":"bogus"})"), "bad.rpfabric:3: unknown line type 'bogus'" },
            { with(0, R"({"type":"fabric-run","schema":"rocepilot-fabric-run/9"})"), "bad.rpfabric:1: schema" },
            { with(3,
                  R"({"type":"cells","round":1,"aggregated":false,"cells":[[0,7,0,1,10,10,1,1,1,1,"",false,false]]})"),
                "bad.rpfabric:4: cell 1: its endpoints must index the 2 of the table" },
            { with(3,
                  R"({"type":"cells","round":1,"aggregated":false,"cells":[[0,1,0,1,10,10,1,1,1,1,"melted",false,false]]})"),
                "'melted' is not a reason code" },
            { with(3,
                  R"({"type":"cells","round":1,"aggregated":false,"cells":[[0,1,0,1,-10,10,1,1,1,1,"",false,false]]})"),
                "bad.rpfabric:4: cell 1: time, length and counts" },
            { R"({"type":"round","round":1})"
              "\n",
                "bad.rpfabric:1: not a RoCE Pilot fabric run" },
            { good
                    + R"({"type":"round","round":9,"started":"2026-11-27T07:01:02.345Z","cells_planned":1})"
                      "\n",
                "a line after the end line" },
        };
        for (const auto& c : cases) {
            auto run = parseFabricRun(c.text, "bad.rpfabric");
            QVERIFY2(!run, c.expect.c_str());
            QVERIFY2(run.error().message.find(c.expect) != std::string::npos,
                (run.error().message + " lacks " + c.expect).c_str());
        }
        // Written before host_late: 13 items, read with none put down to a stalled host.
        auto before = parseFabricRun(
            with(3, R"({"type":"cells","round":1,"aggregated":false,"cells":[[0,1,0,1,10,9,1,1,1,1,"",false,false]]})"),
            "before.rpfabric");
        QVERIFY2(before, before ? "" : before.error().describe().c_str());
        QCOMPARE(before->cells.at(0).cells.at(0).received, 9u);
        QCOMPARE(before->cells.at(0).cells.at(0).hostLate, 0u);
        auto late = parseFabricRun(
            with(3,
                R"({"type":"cells","round":1,"aggregated":false,"cells":[[0,1,0,1,10,9,1,1,1,1,"",false,false,-1]]})"),
            "late.rpfabric");
        QVERIFY(!late);
        QVERIFY(late.error().message.find("host_late must be a whole number") != std::string::npos);
        auto shortCell = parseFabricRun(
            with(3, R"({"type":"cells","round":1,"aggregated":false,"cells":[[0,1,0,1,10,9,1,1,1,1,"",false]]})"),
            "short.rpfabric");
        QVERIFY(!shortCell);
        QVERIFY(shortCell.error().message.find("must be a list of 14 values (13 in a file written before host_late)")
            != std::string::npos);
        auto empty = parseFabricRun("", "empty.rpfabric");
        QVERIFY(!empty);
    }

    void theFoldKeepsFailuresVisible()
    {
        QTemporaryDir dir;
        const std::string path = inDir(dir, "run.rpfabric");
        FabricRunWriterOptions options;
        options.foldAfter = std::chrono::seconds(0);
        options.foldEvery = std::chrono::seconds(60);
        auto writer = FabricRunWriter::create(path, header(), AtomicFile::Existing::Refuse, options);
        QVERIFY(writer);
        // 30 rounds two seconds apart, one of them broken: one minute folded into one cells line.
        for (std::uint64_t n = 1; n <= 30; ++n) {
            auto r = round(n, n == 17, 2.0 * static_cast<double>(n - 1));
            if (n == 17)
                r.raised = { "host-config:lab-b" };
            if (n == 18)
                r.cleared = { "host-config:lab-b" };
            (*writer)->addRound(r);
        }
        QVERIFY((*writer)->finish("stopped"));
        auto run = readFabricRun(path);
        QVERIFY2(run, run ? "" : run.error().describe().c_str());
        QCOMPARE(run->rounds.size(), std::size_t { 30 });
        QCOMPARE(run->cells.size(), std::size_t { 1 });
        const auto& batch = run->cells[0];
        QVERIFY(batch.aggregated);
        QCOMPARE(batch.cells.size(), std::size_t { 2 }); // one per directed cell
        const auto& c = batch.cells[0];
        QCOMPARE(c.sent, 300u);
        QCOMPARE(c.received, 290u);
        QVERIFY(c.reason == Reason::Timeout); // the broken round is not averaged away
        QCOMPARE(c.intervalSeconds, 30.0);
        QCOMPARE(c.rttP99Us, 88.2);
        QVERIFY(std::abs(c.rttP50Us - 41.5) < 0.05);

        // The fabric page steps through it as one round: the minute's.
        const auto rounds = roundsWithCells(*run);
        QCOMPARE(rounds, std::vector<std::uint64_t> { 30 });
        QVERIFY(isFoldedRound(*run, 30));
        auto folded = roundOfRun(*run, 30);
        QVERIFY(folded);
        QCOMPARE(folded->cells.size(), std::size_t { 2 });
        QCOMPARE(folded->cells[0].sent, 300u);
        QVERIFY(folded->cells[0].reason == Reason::Timeout); // the broken round still shows in the minute
        QVERIFY(folded->summary.findings.empty()); // cleared by the minute's end
    }

    void aSavedRoundIsTheRoundTheControllerHad()
    {
        QTemporaryDir dir;
        const std::string path = inDir(dir, "run.rpfabric");
        auto rounds = faultAndBack();
        auto& r2 = rounds[1];
        auto second = cell(0, 1, 2.5, 10, 0, Reason::Timeout);
        second.secondPass = true;
        r2.cells.insert(r2.cells.begin(), second); // out of order on purpose: the read puts the first pass first
        const std::string written = writeRun(path, rounds);
        QVERIFY2(written.empty(), written.c_str());
        auto run = readFabricRun(path);
        QVERIFY2(run, run ? "" : run.error().describe().c_str());

        QCOMPARE(roundsWithCells(*run), (std::vector<std::uint64_t> { 1, 2, 3 }));
        auto back = roundOfRun(*run, 2);
        QVERIFY2(back, back ? "" : back.error().describe().c_str());
        QCOMPARE(back->cells.size(), std::size_t { 3 });
        QVERIFY(!back->cells[0].secondPass && !back->cells[1].secondPass && back->cells[2].secondPass);
        QCOMPARE(back->pinglist.hosts, r2.pinglist.hosts);
        QCOMPARE(back->pinglist.probes.size(), std::size_t { 2 });
        QCOMPARE(back->pinglist.pairs.size(), std::size_t { 2 });
        QCOMPARE(back->pinglist.byHost.at("lab-b"), std::vector<std::uint32_t> { 1 });
        QCOMPARE(back->pinglist.topology.torOfHost("lab-b"), std::string("leaf1"));
        // What the views fold from it is what they folded live.
        const auto live = summarisePairs(r2.pinglist, r2.cells);
        const auto saved = summarisePairs(back->pinglist, back->cells);
        QCOMPARE(saved.size(), live.size());
        for (std::size_t i = 0; i < live.size(); ++i) {
            QCOMPARE(saved[i].fromHost, live[i].fromHost);
            QCOMPARE(saved[i].cellsFailed, live[i].cellsFailed);
            QCOMPARE(saved[i].lossPercent, live[i].lossPercent);
            QVERIFY(saved[i].worstReason == live[i].worstReason);
        }
        QCOMPARE(back->summary.round, std::uint64_t { 2 });
        QCOMPARE(back->summary.cellsFailed, std::size_t { 2 });
        QVERIFY(back->summary.started == r2.summary.started);
        QCOMPARE(back->summary.findings.size(), std::size_t { 1 });
        QCOMPARE(back->summary.findings[0].id(), std::string("host-config:lab-b"));
        QCOMPARE(back->raised, std::vector<std::string> { "host-config:lab-b" });
        QVERIFY(back->agents.at("lab-b") == AgentState::Down);
        QCOMPARE(back->agentDetail.at("lab-b"), std::string("the agent exited with status 137"));
        QCOMPARE(back->portsDown.at(1), std::string("eth1 operstate down, carrier 0"));
        QCOMPARE(back->hostCounters.at("lab-b").cnpSentPerS, std::optional<double>(3.0));
        QVERIFY(!isFoldedRound(*run, 2));

        // Round 3 cleared it, and lab-b's agent came back.
        auto third = roundOfRun(*run, 3);
        QVERIFY(third);
        QVERIFY(third->summary.findings.empty());
        QCOMPARE(third->cleared, std::vector<std::string> { "host-config:lab-b" });
        QVERIFY(third->agents.at("lab-b") == AgentState::Up);
        QVERIFY(third->agentDetail.empty());
        QVERIFY(third->portsDown.empty());

        auto none = roundOfRun(*run, 4);
        QVERIFY(!none);
        QVERIFY(none.error().kind == ErrorKind::Validation);
    }

    void neverReplacesWhatItWasNotToldTo()
    {
        QTemporaryDir dir;
        const std::string path = inDir(dir, "run.rpfabric");
        {
            std::ofstream(path) << "an earlier run\n";
        }
        auto refused = FabricRunWriter::create(path, header());
        QVERIFY(!refused);
        QVERIFY(refused.error().message.find("already exists") != std::string::npos);
        QCOMPARE(slurp(path), std::string("an earlier run\n"));
        auto replaced = FabricRunWriter::create(path, header(), AtomicFile::Existing::Replace);
        QVERIFY(replaced);
        QVERIFY((*replaced)->finish("ok"));
        QVERIFY(slurp(path).starts_with(R"({"type":"fabric-run")"));
        // A symlink is never followed, even when replacing is allowed: the file it points to stays.
        const std::string target = inDir(dir, "precious");
        {
            std::ofstream(target) << "keep me\n";
        }
        const std::string link = inDir(dir, "link.rpfabric");
        std::filesystem::create_symlink(target, link);
        auto viaLink = FabricRunWriter::create(link, header(), AtomicFile::Existing::Replace);
        QVERIFY(!viaLink);
        QCOMPARE(slurp(target), std::string("keep me\n"));
        // A device neither.
        auto device = FabricRunWriter::create("/dev/null", header(), AtomicFile::Existing::Replace);
        QVERIFY(!device);
        // A header its own reader would refuse is never written: no file at all.
        auto noTransport = header();
        noTransport.transport.clear();
        const std::string bad = inDir(dir, "bad.rpfabric");
        auto refusedHeader = FabricRunWriter::create(bad, noTransport);
        QVERIFY(!refusedHeader);
        QVERIFY2(refusedHeader.error().message.find("transport") != std::string::npos,
            refusedHeader.error().message.c_str());
        auto noCommand = header();
        noCommand.command = "probe";
        QVERIFY(!FabricRunWriter::create(bad, noCommand));
        QVERIFY(!std::filesystem::exists(bad));
    }

    void isoTimesRoundTrip()
    {
        const auto t = kStart + std::chrono::milliseconds(345);
        QCOMPARE(isoTime(t), std::string("2026-11-18T11:06:40.345Z"));
        QVERIFY(parseIsoTime(isoTime(t)) == t);
        QVERIFY(!parseIsoTime("2026-11-18T11:06:40Z"));
        QVERIFY(!parseIsoTime("2026-13-18T11:06:40.345Z"));
        QVERIFY(!parseIsoTime("2026-11-18T11:06:4x.345Z"));
        QVERIFY(!parseIsoTime("4026-11-18T11:06:40.345Z")); // past what the clock can hold (found by the fuzzer)
    }
};

QTEST_GUILESS_MAIN(TestFabricRun)
#include "tst_fabricrun.moc"

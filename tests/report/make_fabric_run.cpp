// SPDX-License-Identifier: GPL-3.0-or-later
// Writes saved fabric runs (`*.rpfabric`) for the fabric report's end-to-end test and its benchmark, through the
// product's own writer (core/fabric/fabricrun), so the file is what `fabric check|watch --save` writes.
//
//   make_fabric_run small OUT      tests/support/fabricround.h's three hosts over two rounds: lab-c:rxe0/1 fails
//                                  (a finding open at the end) and lab-b is busy in round 1 only (raised, cleared)
//   make_fabric_run wide HOSTS PER_TOR ROUNDS OUT
//                                  UDP, HOSTS hosts under ToRs of PER_TOR: full mesh in a ToR, 5 peers in other ToRs
//                                  both ways; every cell towards h0000 times out, one finding names it
#include "fabric/fabricrun.h"

#include "fabricround.h"

#include <cstdio>
#include <cstdlib>
#include <set>
#include <string>

using namespace rp;
using namespace rp::fabric;

namespace {

const auto kRoundLength = std::chrono::seconds(10);

void stamp(FabricRound& round, std::uint64_t n, Clock::time_point start)
{
    round.summary.round = n;
    round.summary.started = start;
    for (auto& c : round.cells)
        c.intervalStart = start;
    for (auto& f : round.summary.findings) {
        for (auto& c : f.evidenceCells)
            c.intervalStart = start;
        f.lastSeen = start + std::chrono::seconds(3);
    }
}

FabricFinding busy(Clock::time_point at)
{
    FabricFinding f;
    f.finding.ruleId = "fabric.host-busy";
    f.finding.title = "lab-b answers late (its agent waits 4 ms for the CPU)";
    f.finding.severity = diag::Severity::Info;
    f.finding.hosts = { "lab-b" };
    f.finding.evidence.push_back({ "lab-b", "responder delay p50", "4100 us", "", "round 1" });
    f.element = { ElementKind::HostBusy, "lab-b" };
    f.klass = ElementKind::HostBusy;
    f.confidence = 0.7;
    f.firstSeen = at;
    f.lastSeen = at;
    return f;
}

int small(const std::string& out)
{
    const auto start = Clock::now() - 2 * kRoundLength;
    FabricRunHeader h;
    h.tool = "rocepilot 0.1.0";
    h.command = "watch";
    h.inventory = "lab.yaml";
    h.started = start;
    h.transport = "rdma";
    h.durationS = 3;
    h.rate = 10;
    h.hosts = { "lab-a", "lab-b", "lab-c" };
    h.torOf = { { "lab-a", "leaf1" }, { "lab-b", "leaf1" }, { "lab-c", "leaf2" } };
    h.spine = "spine1";
    auto w = FabricRunWriter::create(out, h, AtomicFile::Existing::Replace);
    if (!w) {
        std::fprintf(stderr, "%s\n", w.error().describe().c_str());
        return 1;
    }
    for (std::uint64_t n = 1; n <= 2; ++n) {
        auto round = testdata::smallFabricRound();
        const auto at = start + kRoundLength * static_cast<int>(n - 1);
        round.summary.findings.front().firstSeen = start;
        if (n == 1) {
            round.summary.findings.push_back(busy(at));
            round.raised = { round.summary.findings[0].id(), round.summary.findings[1].id() };
        } else {
            round.cleared = { busy(at).id() };
        }
        stamp(round, n, at);
        (*w)->addRound(round);
    }
    if (auto ok = (*w)->finish("ok"); !ok) {
        std::fprintf(stderr, "%s\n", ok.error().describe().c_str());
        return 1;
    }
    return 0;
}

int wide(int hosts, int perTor, int rounds, const std::string& out)
{
    const auto start = Clock::now() - kRoundLength * rounds;
    FabricRunHeader h;
    h.tool = "rocepilot 0.1.0";
    h.command = rounds > 1 ? "watch" : "check";
    h.inventory = "fleet.yaml";
    h.started = start;
    h.transport = "udp";
    h.durationS = 5;
    h.rate = 10;
    FabricRound base;
    auto& list = base.pinglist;
    for (int i = 0; i < hosts; ++i) {
        char name[16];
        std::snprintf(name, sizeof name, "h%04d", i);
        const std::string tor = "tor" + std::to_string(i / perTor);
        h.hosts.push_back(name);
        h.torOf[name] = tor;
        auto e = testdata::fabricEndpoint(name, tor, 0, -1, GidType::Unknown);
        e.address
            = "10." + std::to_string(i / 65536) + "." + std::to_string(i / 256 % 256) + "." + std::to_string(i % 256);
        e.subnet = "10.0.0.0/8";
        testdata::addFabricHost(list, name, tor, { e });
    }
    const int tors = (hosts + perTor - 1) / perTor;
    std::set<std::pair<int, int>> pairs;
    for (int i = 0; i < hosts; ++i) {
        const int tor = i / perTor;
        for (int j = tor * perTor; j < std::min(hosts, (tor + 1) * perTor); ++j)
            if (j != i)
                pairs.insert({ i, j });
        for (int k = 1; k <= 5 && tors > 1; ++k) {
            const int j = (i + perTor * k + k) % hosts;
            if (j / perTor != tor) {
                pairs.insert({ i, j });
                pairs.insert({ j, i });
            }
        }
    }
    for (auto [a, b] : pairs) {
        const auto from = static_cast<std::uint32_t>(a), to = static_cast<std::uint32_t>(b);
        base.cells.push_back(b == 0 ? testdata::fabricLostCell(from, to, Reason::Timeout, false)
                                    : testdata::fabricCell(from, to, 40 + a % 7, 90 + (a * 31 + b) % 400));
        list.probes.push_back({ from, to, Reason::None });
    }
    FabricFinding f;
    f.finding.ruleId = "fabric.host-config";
    f.finding.title = "h0000 drops every probe it is sent";
    f.finding.severity = diag::Severity::Error;
    f.finding.hosts = { "h0000" };
    f.finding.evidence.push_back({ "h0000", "udp probes received", "0 of 20 from each peer", "", "" });
    f.finding.fixes.push_back({ "h0000", "linux", "nft list ruleset", "" });
    f.element = { ElementKind::HostConfig, "h0000" };
    f.klass = ElementKind::HostConfig;
    f.confidence = 0.95;
    f.firstSeen = start;
    base.summary.findings.push_back(f);
    base.summary.cellsProbed = base.cells.size();
    base.summary.seconds = 6;
    auto w = FabricRunWriter::create(out, h, AtomicFile::Existing::Replace);
    if (!w) {
        std::fprintf(stderr, "%s\n", w.error().describe().c_str());
        return 1;
    }
    for (int n = 1; n <= rounds; ++n) {
        auto round = base;
        if (n == 1)
            round.raised = { f.id() };
        stamp(round, static_cast<std::uint64_t>(n), start + kRoundLength * (n - 1));
        (*w)->addRound(round);
    }
    if (auto ok = (*w)->finish("ok"); !ok) {
        std::fprintf(stderr, "%s\n", ok.error().describe().c_str());
        return 1;
    }
    return 0;
}

} // namespace

int main(int argc, char** argv)
{
    const std::string mode = argc > 1 ? argv[1] : "";
    if (mode == "small" && argc == 3)
        return small(argv[2]);
    if (mode == "wide" && argc == 6)
        return wide(std::atoi(argv[2]), std::max(1, std::atoi(argv[3])), std::max(1, std::atoi(argv[4])), argv[5]);
    std::fprintf(stderr, "usage: %s small OUT | wide HOSTS PER_TOR ROUNDS OUT\n", argv[0]);
    return 2;
}

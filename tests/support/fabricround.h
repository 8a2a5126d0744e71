// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Hand-made fabric rounds for the GUI's fabric tests: every value is chosen here, so a test can name the colour,
// text and reason of each cell it looks at.
//
// smallFabricRound(): lab-a, lab-b (ToR leaf1) and lab-c (leaf2), each with a RoCE v1 GID (#0), a RoCE v2 GID (#1)
// and a UDP endpoint. Between different hosts: v1->v1, v2->v2 and udp->udp work, v1<->v2 fail by design
// (roce-version); lab-a's v2 -> lab-c's v2 times out (0 of 20) and so does the way back: one finding names
// lab-c:rxe0/1. lab-b -> lab-c is the slowest pair (p99 900 us).
//
// writeFabricRun(path, header, rounds): a saved run of those rounds, as `fabric watch --save` writes it.
//
// wideFabricRound(hosts, perTor): UDP only, `hosts` hosts h000.. under ToRs t0.., each host probing the next
// two; the cells from h000 time out.

#include "fabric/controller.h"
#include "fabric/fabricrun.h"

#include <cstdio>
#include <string>
#include <vector>

namespace rp::testdata {

inline fabric::Endpoint fabricEndpoint(
    const std::string& host, const std::string& tor, int hostNo, int gid, GidType type)
{
    fabric::Endpoint e;
    e.host = host;
    e.tor = tor;
    e.address = "198.18.0." + std::to_string(hostNo + 1);
    e.subnet = "198.18.0.0/24";
    e.netdev = "eth1";
    if (gid < 0) {
        e.device = "udp";
        return e;
    }
    e.device = "rxe0";
    e.port = 1;
    e.gidIndex = gid;
    e.type = type;
    e.gid = "0000:0000:0000:0000:0000:ffff:c612:000" + std::to_string(hostNo + 1);
    return e;
}

inline fabric::CellResult fabricCell(std::uint32_t from, std::uint32_t to, double p50, double p99)
{
    fabric::CellResult c;
    c.from = from;
    c.to = to;
    c.intervalSeconds = 2.0;
    c.sent = 20;
    c.received = 20;
    c.rttP50Us = p50;
    c.rttP99Us = p99;
    c.proberDelayP50Us = 5;
    c.responderDelayP50Us = 6;
    return c;
}

inline fabric::CellResult fabricLostCell(std::uint32_t from, std::uint32_t to, fabric::Reason reason, bool expected)
{
    fabric::CellResult c = fabricCell(from, to, 0, 0);
    c.received = 0;
    c.reason = reason;
    c.expected = expected;
    return c;
}

inline void addFabricHost(fabric::Pinglist& list, const std::string& host, const std::string& tor,
    const std::vector<fabric::Endpoint>& endpoints)
{
    list.hosts.push_back(host);
    list.topology.torOf[host] = tor;
    for (const auto& e : endpoints) {
        const auto index = static_cast<std::uint32_t>(list.endpoints.size());
        list.endpoints.push_back(e);
        list.byHost[host].push_back(index);
        if (e.udp())
            list.udp[host] = index;
    }
    list.preferred[host] = list.byHost[host].front();
}

inline fabric::FabricRound smallFabricRound()
{
    fabric::FabricRound round;
    auto& list = round.pinglist;
    const std::vector<std::pair<std::string, std::string>> hosts { { "lab-a", "leaf1" }, { "lab-b", "leaf1" },
        { "lab-c", "leaf2" } };
    for (int i = 0; i < 3; ++i) {
        const auto& [host, tor] = hosts[static_cast<std::size_t>(i)];
        addFabricHost(list, host, tor,
            { fabricEndpoint(host, tor, i, 0, GidType::IbRoceV1), fabricEndpoint(host, tor, i, 1, GidType::RoceV2),
                fabricEndpoint(host, tor, i, -1, GidType::Unknown) });
    }
    auto at = [](int host, int slot) { return static_cast<std::uint32_t>(host * 3 + slot); };
    for (int a = 0; a < 3; ++a) {
        for (int b = 0; b < 3; ++b) {
            if (a == b)
                continue;
            list.pairs.emplace_back(hosts[static_cast<std::size_t>(a)].first, hosts[static_cast<std::size_t>(b)].first);
            const double slow = a == 1 && b == 2 ? 900.0 : 0.0;
            auto& cells = round.cells;
            cells.push_back(fabricCell(at(a, 0), at(b, 0), 40, 80 + slow));
            cells.push_back(fabricLostCell(at(a, 0), at(b, 1), fabric::Reason::RoceVersion, true));
            cells.push_back(fabricLostCell(at(a, 1), at(b, 0), fabric::Reason::RoceVersion, true));
            if ((a == 0 && b == 2) || (a == 2 && b == 0))
                cells.push_back(fabricLostCell(at(a, 1), at(b, 1), fabric::Reason::Timeout, false));
            else
                cells.push_back(fabricCell(at(a, 1), at(b, 1), 30, 60 + slow));
            cells.push_back(fabricCell(at(a, 2), at(b, 2), 50, 100 + slow));
        }
    }
    for (const auto& c : round.cells)
        list.probes.push_back({ c.from, c.to, c.expected ? c.reason : fabric::Reason::None });

    fabric::FabricFinding f;
    f.finding.ruleId = "fabric.host-nic";
    f.finding.title = "The RoCE port lab-c:rxe0/1 passes no traffic";
    f.finding.severity = diag::Severity::Error;
    f.finding.hosts = { "lab-c" };
    f.finding.evidence.push_back({ "lab-a", "rxe0/1#1 -> lab-c:rxe0/1#1", "0 of 20 answered", "", "" });
    f.finding.explanation = "Every RoCE v2 cell of lab-c:rxe0/1 fails while its UDP probes work.";
    f.finding.fixes.push_back({ "lab-c", "linux", "ibv_devinfo -d rxe0\nip link show eth1", "" });
    f.element = { fabric::ElementKind::HostNic, "lab-c:rxe0/1" };
    f.klass = fabric::ElementKind::HostNic;
    f.confidence = 0.8;
    f.alternatives.push_back({ { fabric::ElementKind::AccessLink, "lab-c<->leaf2" }, 0.2 });
    f.evidenceCells.push_back(fabricLostCell(at(0, 1), at(2, 1), fabric::Reason::Timeout, false));
    round.summary.round = 1;
    round.summary.seconds = 3.0;
    round.summary.cellsProbed = round.cells.size();
    round.summary.cellsFailed = 2;
    round.summary.findings.push_back(f);
    for (const auto& [host, tor] : hosts)
        round.agents[host] = fabric::AgentState::Up;
    return round;
}

inline fabric::FabricRound wideFabricRound(int hostCount, int perTor)
{
    fabric::FabricRound round;
    auto& list = round.pinglist;
    for (int i = 0; i < hostCount; ++i) {
        char name[16];
        std::snprintf(name, sizeof name, "h%03d", i);
        const std::string tor = "t" + std::to_string(i / perTor);
        addFabricHost(list, name, tor, { fabricEndpoint(name, tor, i % 250, -1, GidType::Unknown) });
    }
    for (int i = 0; i < hostCount; ++i) {
        for (int k = 1; k <= 2; ++k) {
            const auto from = static_cast<std::uint32_t>(i);
            const auto to = static_cast<std::uint32_t>((i + k) % hostCount);
            round.cells.push_back(
                i == 0 ? fabricLostCell(from, to, fabric::Reason::Timeout, false) : fabricCell(from, to, 40, 90));
            list.probes.push_back({ from, to, fabric::Reason::None });
        }
    }
    round.summary.cellsProbed = round.cells.size();
    return round;
}

/// Writes `rounds` as a watch that ended with `status` to `path`; empty when it was written, else why not.
inline std::string writeFabricRun(const std::string& path, const fabric::FabricRunHeader& header,
    const std::vector<fabric::FabricRound>& rounds, const std::string& status = "stopped")
{
    auto writer = fabric::FabricRunWriter::create(path, header);
    if (!writer)
        return writer.error().describe();
    for (const auto& r : rounds)
        (*writer)->addRound(r);
    auto done = (*writer)->finish(status);
    return done ? std::string() : done.error().describe();
}

} // namespace rp::testdata

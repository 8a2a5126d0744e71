// SPDX-License-Identifier: GPL-3.0-or-later
#include "fabric/runrounds.h"

#include <algorithm>
#include <map>
#include <set>
#include <utility>

namespace rp::fabric {

std::vector<std::uint64_t> roundsWithCells(const FabricRun& run)
{
    std::set<std::uint64_t> rounds;
    for (const auto& batch : run.cells) {
        if (!batch.cells.empty())
            rounds.insert(batch.round);
    }
    return { rounds.begin(), rounds.end() };
}

bool isFoldedRound(const FabricRun& run, std::uint64_t round)
{
    return std::ranges::any_of(
        run.cells, [round](const FabricRunCells& b) { return b.round == round && b.aggregated && !b.cells.empty(); });
}

Result<FabricRound> roundOfRun(const FabricRun& run, std::uint64_t round)
{
    FabricRound out;
    const auto endpoints = run.endpoints.size();
    for (const auto& batch : run.cells) {
        if (batch.round != round)
            continue;
        for (const auto& c : batch.cells) {
            // The reader checks each cell against the endpoint table it had; a later table may be shorter.
            if (c.from < endpoints && c.to < endpoints)
                out.cells.push_back(c);
        }
    }
    if (out.cells.empty())
        return fail(ErrorKind::Validation, "the run has no cells of round " + std::to_string(round));
    // First pass before the second, as the controller hands them over.
    std::ranges::stable_partition(out.cells, [](const CellResult& c) { return !c.secondPass; });

    Pinglist& list = out.pinglist;
    list.endpoints = run.endpoints;
    list.hosts = run.header.hosts;
    list.topology.torOf = run.header.torOf;
    list.topology.spine = run.header.spine;
    for (std::uint32_t i = 0; i < endpoints; ++i)
        list.byHost[run.endpoints[i].host].push_back(i);
    std::set<std::pair<std::uint32_t, std::uint32_t>> probed;
    std::set<std::pair<std::string, std::string>> pairs;
    for (const auto& c : out.cells) {
        if (c.secondPass || !probed.insert({ c.from, c.to }).second)
            continue;
        list.probes.push_back({ c.from, c.to, c.expected ? c.reason : Reason::None });
        const auto& from = run.endpoints[c.from].host;
        const auto& to = run.endpoints[c.to].host;
        if (from != to && pairs.insert({ from, to }).second)
            list.pairs.emplace_back(from, to);
    }

    out.summary.round = round;
    for (const auto& r : run.rounds) {
        if (r.round != round)
            continue;
        out.summary.started = r.started;
        out.summary.seconds = r.seconds;
        out.summary.cellsProbed = r.cellsProbed;
        out.summary.cellsFailed = r.cellsFailed;
        out.portsDown = r.portsDown;
        out.hostCounters = r.hostCounters;
    }
    // A round whose summary line was never written (the run was cut in it) is judged by its own cells.
    if (out.summary.cellsProbed == 0) {
        for (const auto& c : out.cells) {
            if (c.secondPass)
                continue;
            ++out.summary.cellsProbed;
            if (c.failed() && !c.expected)
                ++out.summary.cellsFailed;
        }
    }
    if (out.summary.started == Clock::time_point {} && !out.cells.empty())
        out.summary.started = std::ranges::min(out.cells, {}, &CellResult::intervalStart).intervalStart;

    std::map<std::string, FabricFinding> open;
    for (const auto& e : run.events) {
        if (e.round > round)
            continue;
        if (e.cleared)
            open.erase(e.id);
        else if (e.finding)
            open.insert_or_assign(e.id, *e.finding);
        if (e.round == round)
            (e.cleared ? out.cleared : out.raised).push_back(e.id);
    }
    for (auto& [id, f] : open)
        out.summary.findings.push_back(std::move(f));

    for (const auto& a : run.agents) {
        if (a.round > round)
            continue;
        out.agents[a.host] = a.state;
        if (a.state == AgentState::Down)
            out.agentDetail[a.host] = a.detail;
        else
            out.agentDetail.erase(a.host);
        if (a.cpuPercent)
            out.agentCpuPercent[a.host] = *a.cpuPercent;
        if (a.rate)
            out.agentRate[a.host] = *a.rate;
    }
    return out;
}

} // namespace rp::fabric

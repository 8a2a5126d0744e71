// SPDX-License-Identifier: GPL-3.0-or-later
#include "fabricprint.h"

#include "fabric/aggregate.h"
#include "fabric/fabricjson.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdio>
#include <ctime>
#include <map>
#include <string>
#include <vector>

namespace rp::cli {
namespace {

std::string cellText(const fabric::CellResult& c)
{
    if (c.failed()) {
        std::string reason(fabric::toString(c.reason));
        if (reason.empty())
            reason = "timeout";
        if (c.expected)
            return "~" + reason;
        return reason + " " + std::to_string(c.received) + "/" + std::to_string(c.sent);
    }
    char text[48];
    std::snprintf(text, sizeof text, "ok %.0fus", c.rttP50Us);
    std::string out = text;
    if (c.lost() > 0)
        out += " " + std::to_string(c.received) + "/" + std::to_string(c.sent);
    return out;
}

void printMatrix(const fabric::FabricRound& round, const fabric::PairSummary& pair)
{
    const auto& list = round.pinglist;
    std::map<std::pair<std::uint32_t, std::uint32_t>, const fabric::CellResult*> first;
    for (const auto& c : round.cells) {
        if (!c.secondPass)
            first[{ c.from, c.to }] = &c;
    }
    const auto& rows = list.byHost.at(pair.fromHost);
    const auto& cols = list.byHost.at(pair.toHost);
    std::size_t rowWidth = 4;
    for (auto r : rows)
        rowWidth = std::max(rowWidth, list.endpoints[r].name().size());
    std::vector<std::vector<std::string>> text(rows.size(), std::vector<std::string>(cols.size(), "-"));
    std::vector<std::size_t> widths(cols.size());
    for (std::size_t j = 0; j < cols.size(); ++j) {
        widths[j] = list.endpoints[cols[j]].name().size();
        for (std::size_t i = 0; i < rows.size(); ++i) {
            if (auto it = first.find({ rows[i], cols[j] }); it != first.end())
                text[i][j] = cellText(*it->second);
            widths[j] = std::max(widths[j], text[i][j].size());
        }
    }
    std::printf("\n%s -> %s: %zu of %zu cells failed (worst: %s, loss %.1f %%)\n", pair.fromHost.c_str(),
        pair.toHost.c_str(), pair.cellsFailed, pair.cells, std::string(fabric::toString(pair.worstReason)).c_str(),
        pair.lossPercent);
    std::printf("  %-*s", static_cast<int>(rowWidth), "");
    for (std::size_t j = 0; j < cols.size(); ++j)
        std::printf("  %-*s", static_cast<int>(widths[j]), list.endpoints[cols[j]].name().c_str());
    std::printf("\n");
    for (std::size_t i = 0; i < rows.size(); ++i) {
        std::printf("  %-*s", static_cast<int>(rowWidth), list.endpoints[rows[i]].name().c_str());
        for (std::size_t j = 0; j < cols.size(); ++j)
            std::printf("  %-*s", static_cast<int>(widths[j]), text[i][j].c_str());
        std::printf("\n");
    }
}

} // namespace

void printFinding(const fabric::FabricFinding& f)
{
    std::printf("\n%-7s %s %s (confidence %.2f)\n", toString(f.finding.severity).c_str(),
        std::string(fabric::toString(f.klass)).c_str(), f.element.name.c_str(), f.confidence);
    std::printf("  %s\n", f.finding.title.c_str());
    for (const auto& a : f.alternatives)
        std::printf("  or %s %s (%.2f)\n", std::string(fabric::toString(a.element.kind)).c_str(),
            a.element.name.c_str(), a.confidence);
    for (const auto& e : f.finding.evidence)
        std::printf(
            "  evidence: %s%s%s: %s\n", e.host.c_str(), e.host.empty() ? "" : " ", e.subject.c_str(), e.value.c_str());
    if (!f.finding.explanation.empty())
        std::printf("  why: %s\n", f.finding.explanation.c_str());
    for (const auto& b : f.because)
        std::printf("  because: %s\n", b.c_str());
    for (const auto& x : f.finding.fixes)
        std::printf("  fix on %s:\n    %s\n", x.target.c_str(), x.text.c_str());
}

std::string verdictText(const std::vector<fabric::FabricFinding>& findings)
{
    const auto faults = fabric::faultCount(findings);
    const auto notes = findings.size() - faults;
    auto count
        = [](std::size_t n, const char* one, const char* many) { return std::to_string(n) + (n == 1 ? one : many); };
    if (faults > 0)
        return count(faults, " fault", " faults") + (notes > 0 ? ", " + count(notes, " note", " notes") : "");
    return notes > 0 ? "healthy, " + count(notes, " note", " notes") : "healthy, no findings";
}

void printRound(const fabric::FabricRound& round, const std::vector<HostOutcome>& failed, const std::string& source)
{
    const auto& s = round.summary;
    const auto& list = round.pinglist;
    std::size_t up = 0;
    for (const auto& [host, state] : round.agents)
        up += state == fabric::AgentState::Up ? 1 : 0;
    const auto udp = static_cast<std::size_t>(std::ranges::count_if(list.endpoints, &fabric::Endpoint::udp));
    if (source.empty())
        std::printf(
            "fabric check: %zu hosts, %zu agents up, %zu endpoints (%zu rdma, %zu udp), %zu cells in %.1f s: %s\n",
            list.hosts.size(), up, list.endpoints.size(), list.endpoints.size() - udp, udp, s.cellsProbed, s.seconds,
            verdictText(s.findings).c_str());
    else
        std::printf("fabric from %s: %zu hosts, %zu agents up, %zu endpoints (%zu rdma, %zu udp), %zu cells of the "
                    "agents' last phases (%.1f s): %s\n",
            source.c_str(), list.hosts.size(), up, list.endpoints.size(), list.endpoints.size() - udp, udp,
            s.cellsProbed, s.seconds, verdictText(s.findings).c_str());
    for (const auto& o : failed)
        std::printf("  not probed: %s: %s\n", o.spec.name.c_str(), o.error ? o.error->describe().c_str() : "failed");
    for (const auto& [host, why] : list.skipped)
        std::printf("  skipped: %s: %s\n", host.c_str(), why.c_str());
    for (const auto& [host, state] : round.agents) {
        if (state == fabric::AgentState::Down)
            std::printf("  agent down: %s: %s\n", host.c_str(), round.agentDetail.at(host).c_str());
    }
    for (const auto& f : s.findings)
        printFinding(f);
    for (const auto& p : summarisePairs(list, round.cells)) {
        if (p.cellsFailed > 0)
            printMatrix(round, p);
    }
    std::vector<double> cpu;
    for (const auto& [host, percent] : round.agentCpuPercent)
        cpu.push_back(percent);
    std::vector<double> rates;
    for (const auto& [host, r] : round.agentRate)
        rates.push_back(r);
    if (!cpu.empty() && !source.empty()) {
        std::ranges::sort(cpu);
        std::ranges::sort(rates);
        std::printf("\nagents: CPU median %.2f %% / max %.2f %% of a core over their last phase, %.1f..%.1f probes/s "
                    "per target\n",
            cpu[cpu.size() / 2], cpu.back(), rates.front(), rates.back());
        return;
    }
    if (!source.empty())
        return;
    if (!cpu.empty()) {
        std::ranges::sort(cpu);
        std::ranges::sort(rates);
        std::printf("\nagents: start %.1f s, CPU median %.2f %% / max %.2f %% of a core over the first pass, "
                    "%.1f..%.1f probes/s per target\n",
            round.startSeconds, cpu[cpu.size() / 2], cpu.back(), rates.front(), rates.back());
    }
    std::printf("time: start %.1f s, first pass %.1f s, second pass %.1f s, judging %.1f s\n", round.startSeconds,
        round.timing.firstPass, round.timing.secondPass, round.timing.judge);
}

std::string clockText(fabric::Clock::time_point t)
{
    const std::time_t seconds = fabric::Clock::to_time_t(t);
    std::tm tm {};
    ::localtime_r(&seconds, &tm);
    char text[16];
    std::strftime(text, sizeof text, "%H:%M:%S", &tm);
    return text;
}

void WatchPrinter::round(const fabric::FabricRound& round)
{
    const auto& s = round.summary;
    const auto at = clockText(s.started);
    std::size_t up = 0;
    for (const auto& [host, state] : round.agents)
        up += state == fabric::AgentState::Up ? 1 : 0;
    if (m_json) {
        for (const auto& [host, what] : round.rediscovered)
            std::puts(nlohmann::json { { "event", "rediscovered" }, { "round", s.round }, { "host", host },
                { "changed", what }, { "endpoints", round.pinglist.endpoints.size() } }
                          .dump(-1, ' ', false, nlohmann::json::error_handler_t::replace)
                          .c_str());
        for (const auto& f : s.findings) {
            if (std::ranges::find(round.raised, f.id()) != round.raised.end()) {
                auto j = fabric::findingToJson(f);
                j["event"] = "raised";
                j["round"] = s.round;
                std::puts(j.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace).c_str());
            }
        }
        for (const auto& id : round.cleared)
            std::puts(nlohmann::json { { "event", "cleared" }, { "round", s.round }, { "id", id } }.dump().c_str());
        std::puts(nlohmann::json { { "event", "round" }, { "round", s.round },
            { "started", fabric::isoTime(s.started) }, { "seconds", s.seconds }, { "agents_up", up },
            { "cells_probed", s.cellsProbed }, { "cells_failed", s.cellsFailed }, { "findings", s.findings.size() } }
                      .dump()
                      .c_str());
        std::fflush(stdout);
        return;
    }
    bool changed = !round.rediscovered.empty();
    for (const auto& [host, what] : round.rediscovered)
        std::printf("%s round %llu: %s's GIDs changed (%s): new pinglist of %zu endpoints, every agent restarted\n",
            at.c_str(), static_cast<unsigned long long>(s.round), host.c_str(), what.c_str(),
            round.pinglist.endpoints.size());
    for (const auto& f : s.findings) {
        if (std::ranges::find(round.raised, f.id()) == round.raised.end())
            continue;
        std::printf("%s round %llu: raised", at.c_str(), static_cast<unsigned long long>(s.round));
        printFinding(f);
        changed = true;
    }
    for (const auto& id : round.cleared) {
        std::printf("%s round %llu: cleared %s\n", at.c_str(), static_cast<unsigned long long>(s.round), id.c_str());
        changed = true;
    }
    if (up != m_lastUp)
        changed = true;
    m_lastUp = up;
    const auto now = std::chrono::steady_clock::now();
    if (changed || now - m_lastStatus >= std::chrono::seconds(30)) {
        std::printf("%s round %llu: %zu/%zu agents up, %zu cells in %.1f s, %zu failed, %s\n", at.c_str(),
            static_cast<unsigned long long>(s.round), up, round.agents.size(), s.cellsProbed, s.seconds, s.cellsFailed,
            verdictText(s.findings).c_str());
        m_lastStatus = now;
    }
    std::fflush(stdout);
}

} // namespace rp::cli

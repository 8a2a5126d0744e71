// SPDX-License-Identifier: GPL-3.0-or-later
#include "fabric/fabricjson.h"

#include "fabric/aggregate.h"

#include <nlohmann/json.hpp>

#include <chrono>
#include <cstdio>
#include <ctime>

namespace rp::fabric {
namespace {

using nlohmann::json;

std::string fabricIsoTime(Clock::time_point t)
{
    const std::time_t seconds = Clock::to_time_t(t);
    std::tm tm {};
    ::gmtime_r(&seconds, &tm);
    char text[96];
    const auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(t.time_since_epoch()).count() % 1000;
    std::snprintf(text, sizeof text, "%04d-%02d-%02dT%02d:%02d:%02d.%03dZ", tm.tm_year + 1900, tm.tm_mon + 1,
        tm.tm_mday, tm.tm_hour, tm.tm_min, tm.tm_sec, static_cast<int>(ms));
    return text;
}

json endpointJson(const Endpoint& e)
{
    return json { { "name", e.name() }, { "host", e.host }, { "device", e.device }, { "port", e.port },
        { "gid_index", e.gidIndex }, { "gid", e.gid }, { "address", e.address },
        { "vlan", e.vlan ? json(*e.vlan) : json(nullptr) }, { "tor", e.tor }, { "type", toString(e.type) },
        { "netdev", e.netdev }, { "subnet", e.subnet }, { "link_local", e.linkLocal }, { "empty", e.empty },
        { "transport", e.udp() ? "udp" : "rdma" } };
}

json cellJson(const CellResult& c)
{
    return json { { "from", c.from }, { "to", c.to }, { "interval_start", fabricIsoTime(c.intervalStart) },
        { "interval_s", c.intervalSeconds }, { "sent", c.sent }, { "received", c.received },
        { "rtt_p50_us", c.rttP50Us }, { "rtt_p99_us", c.rttP99Us }, { "prober_delay_p50_us", c.proberDelayP50Us },
        { "responder_delay_p50_us", c.responderDelayP50Us }, { "reason", std::string(toString(c.reason)) },
        { "expected", c.expected }, { "second_pass", c.secondPass }, { "failed", c.failed() } };
}

json pairJson(const PairSummary& p)
{
    return json { { "from_host", p.fromHost }, { "to_host", p.toHost }, { "cells", p.cells },
        { "cells_failed", p.cellsFailed }, { "cells_expected_bad", p.cellsExpectedBad },
        { "worst_reason", std::string(toString(p.worstReason)) }, { "loss_percent", p.lossPercent },
        { "rtt_p99_us", p.rttP99Us } };
}

json findingJson(const FabricFinding& f)
{
    json evidence = json::array();
    for (const auto& e : f.finding.evidence)
        evidence.push_back(json { { "host", e.host }, { "subject", e.subject }, { "value", e.value },
            { "where", e.where }, { "when", e.when } });
    json fixes = json::array();
    for (const auto& x : f.finding.fixes)
        fixes.push_back(json { { "target", x.target }, { "platform", x.platform }, { "text", x.text } });
    json alternatives = json::array();
    for (const auto& a : f.alternatives)
        alternatives.push_back(json { { "kind", std::string(toString(a.element.kind)) }, { "element", a.element.name },
            { "confidence", a.confidence } });
    json cells = json::array();
    for (const auto& c : f.evidenceCells)
        cells.push_back(cellJson(c));
    return json { { "id", f.id() }, { "rule", f.finding.ruleId }, { "severity", toString(f.finding.severity) },
        { "title", f.finding.title }, { "element", f.element.name }, { "class", std::string(toString(f.klass)) },
        { "confidence", f.confidence }, { "alternatives", std::move(alternatives) }, { "hosts", f.finding.hosts },
        { "ports", f.finding.ports }, { "evidence", std::move(evidence) }, { "explanation", f.finding.explanation },
        { "fixes", std::move(fixes) }, { "because", f.because }, { "evidence_cells", std::move(cells) },
        { "first_seen", fabricIsoTime(f.firstSeen) }, { "last_seen", fabricIsoTime(f.lastSeen) } };
}

} // namespace

std::string roundToJson(const FabricRound& round)
{
    const auto& list = round.pinglist;
    json endpoints = json::array();
    for (const auto& e : list.endpoints)
        endpoints.push_back(endpointJson(e));
    json cells = json::array();
    for (const auto& c : round.cells)
        cells.push_back(cellJson(c));
    json pairs = json::array();
    for (const auto& p : summarisePairs(list, round.cells))
        pairs.push_back(pairJson(p));
    json agents = json::array();
    for (const auto& [host, state] : round.agents) {
        auto cpu = round.agentCpuPercent.find(host);
        auto detail = round.agentDetail.find(host);
        auto rate = round.agentRate.find(host);
        agents.push_back(json { { "host", host }, { "state", std::string(toString(state)) },
            { "detail", detail == round.agentDetail.end() ? std::string() : detail->second },
            { "cpu_percent", cpu == round.agentCpuPercent.end() ? json(nullptr) : json(cpu->second) },
            { "rate", rate == round.agentRate.end() ? json(nullptr) : json(rate->second) } });
    }
    json skipped = json::array();
    for (const auto& [host, why] : list.skipped)
        skipped.push_back(json { { "host", host }, { "why", why } });
    json findings = json::array();
    for (const auto& f : round.summary.findings)
        findings.push_back(findingJson(f));
    const auto& s = round.summary;
    json doc { { "schema", "rocepilot-fabric-round/1" }, { "round", s.round }, { "started", fabricIsoTime(s.started) },
        { "seconds", s.seconds }, { "start_seconds", round.startSeconds }, { "hosts", list.hosts },
        { "skipped", std::move(skipped) }, { "cells_planned", list.probes.size() }, { "cells_probed", s.cellsProbed },
        { "cells_failed", s.cellsFailed }, { "healthy", s.findings.empty() }, { "agents", std::move(agents) },
        { "endpoints", std::move(endpoints) }, { "findings", std::move(findings) }, { "pairs", std::move(pairs) },
        { "cells", std::move(cells) } };
    return doc.dump(2, ' ', false, json::error_handler_t::replace) + "\n";
}

} // namespace rp::fabric

// SPDX-License-Identifier: GPL-3.0-or-later
#include "metrics/fabricmetrics.h"

#include "fabric/aggregate.h"
#include "metrics/exposition.h"

#include <algorithm>
#include <charconv>
#include <map>
#include <tuple>
#include <utility>
#include <vector>

namespace rp::metrics {
namespace {

/// A cell's first-pass results over the round, folded when the round has several intervals.
struct CellTotal
{
    std::uint64_t sent = 0;
    std::uint64_t received = 0;
    double p50Weighted = 0.0; ///< p50 x replies, to average by replies
    double p99 = 0.0;
    double proberWeighted = 0.0;
    double responderWeighted = 0.0;
    fabric::Reason reason = fabric::Reason::None;
    bool expected = false;
};

Labels endpointLabels(const std::string& side, const fabric::Endpoint& e)
{
    const bool udp = e.udp();
    return {
        { side + "_host", e.host },
        { side + "_tor", e.tor },
        { side + "_device", e.device },
        { side + "_port", udp ? std::string() : std::to_string(e.port) },
        { side + "_gid_index", udp ? std::string() : std::to_string(e.gidIndex) },
    };
}

Labels joined(Labels a, const Labels& b)
{
    a.insert(a.end(), b.begin(), b.end());
    return a;
}

const char* kLossHelp = "Probes lost over probes sent in the last round, among cells expected to work";

} // namespace

FabricMetrics::FabricMetrics(FabricMetricsOptions options)
    : m_options(std::move(options))
{
    render(nullptr);
}

void FabricMetrics::update(const fabric::FabricRound& round)
{
    render(&round);
}

std::string FabricMetrics::text(bool openMetrics) const
{
    std::lock_guard lock(m_mutex);
    return openMetrics ? m_openMetrics : m_classic;
}

SeriesCount FabricMetrics::count() const
{
    std::lock_guard lock(m_mutex);
    return m_count;
}

void FabricMetrics::render(const fabric::FabricRound* round)
{
    using fabric::Reason;
    Exposition ex;
    SeriesCount count;
    const auto rounds = round ? m_rounds + 1 : m_rounds;

    ex.add("rocepilot_fabric_watch", Type::Info, "The watch serving these metrics",
        { { "version", m_options.version }, { "transport", m_options.transport } }, "1");
    ex.add("rocepilot_fabric_rounds", Type::Counter, "Rounds finished since the watch started", {}, number(rounds));
    count.other += 2;
    if (!round) {
        std::lock_guard lock(m_mutex);
        m_openMetrics = ex.render(true);
        m_classic = ex.render(false);
        m_count = count;
        return;
    }

    const auto& list = round->pinglist;
    const auto& summary = round->summary;
    const auto started = std::chrono::duration<double>(summary.started.time_since_epoch()).count();
    ex.add("rocepilot_fabric_round_start_timestamp_seconds", Type::Gauge, "When the last round started (Unix time)", {},
        number(started));
    ex.add("rocepilot_fabric_round_duration_seconds", Type::Gauge, "How long the last round took, both passes", {},
        number(summary.seconds));
    ex.add("rocepilot_fabric_round_cells_probed", Type::Gauge, "Cells the last round probed", {},
        number(static_cast<std::uint64_t>(summary.cellsProbed)));
    ex.add("rocepilot_fabric_round_cells_failed", Type::Gauge,
        "Cells of the last round that failed against expectation", {},
        number(static_cast<std::uint64_t>(summary.cellsFailed)));
    const bool problem = std::ranges::any_of(
        summary.findings, [](const fabric::FabricFinding& f) { return f.finding.severity != diag::Severity::Info; });
    ex.add("rocepilot_fabric_ready", Type::Gauge,
        "1 when the last round had no failed cell and no finding above info, else 0", {},
        summary.cellsFailed == 0 && !problem ? "1" : "0");
    count.other += 5;

    // Hosts: the agents.
    for (const auto& host : list.hosts) {
        const Labels labels { { "host", host }, { "tor", list.topology.torOfHost(host) } };
        const auto state = round->agents.find(host);
        const bool up = state != round->agents.end() && state->second == fabric::AgentState::Up;
        ex.add("rocepilot_fabric_agent_up", Type::Gauge, "1 when the host's agent answered in the last round", labels,
            up ? "1" : "0");
        ++count.hosts;
        if (auto cpu = round->agentCpuPercent.find(host); cpu != round->agentCpuPercent.end()) {
            ex.add("rocepilot_fabric_agent_cpu_ratio", Type::Gauge,
                "The agent's CPU time over the first pass, as a share of one core", labels,
                number(cpu->second / 100.0));
            ++count.hosts;
        }
        // A gauge per counter the host has (at most six): a NIC without pause counters has no pause series.
        if (auto c = round->hostCounters.find(host); c != round->hostCounters.end()) {
            for (const auto& field : counters::kHostCounterFields) {
                if (const auto& v = c->second.*field.member) {
                    auto with = labels;
                    with.emplace_back("event", std::string(field.name));
                    ex.add("rocepilot_fabric_host_events_per_second", Type::Gauge,
                        "The host's RoCE counters over the first pass, per second (pause_rx, pause_tx, retransmits, "
                        "discards, cnp_sent, cnp_handled)",
                        with, number(*v));
                    ++count.hosts;
                }
            }
        }
    }

    // Ports their own host said were down: the NIC, whatever the cells say.
    std::map<std::string, std::string> downPorts; // port -> host
    for (const auto& [index, what] : round->portsDown) {
        if (index >= list.endpoints.size())
            continue;
        const auto& e = list.endpoints[index];
        std::string port = e.portName();
        if (e.udp()) {
            const auto nic = list.udpNic.find(e.host);
            port = nic != list.udpNic.end() ? nic->second : e.name();
        }
        downPorts.emplace(port, e.host);
    }
    for (const auto& [port, host] : downPorts) {
        ex.add("rocepilot_fabric_port_down", Type::Gauge,
            "1 for a port whose own host said its link was down during the last round (or came back just now)",
            { { "host", host }, { "tor", list.topology.torOfHost(host) }, { "port", port } }, "1");
        ++count.hosts;
    }

    // Cells of the first pass, folded per directed cell.
    std::map<std::pair<std::uint32_t, std::uint32_t>, CellTotal> cells;
    std::vector<fabric::CellResult> firstPass;
    firstPass.reserve(round->cells.size());
    for (const auto& c : round->cells) {
        if (c.secondPass || c.from >= list.endpoints.size() || c.to >= list.endpoints.size())
            continue;
        firstPass.push_back(c);
        auto& t = cells[{ c.from, c.to }];
        t.sent += c.sent;
        t.received += c.received;
        t.p50Weighted += c.rttP50Us * c.received;
        t.p99 = std::max(t.p99, c.rttP99Us);
        t.proberWeighted += c.proberDelayP50Us * c.received;
        t.responderWeighted += c.responderDelayP50Us * c.received;
        if (c.reason != Reason::None && (t.reason == Reason::None || !c.expected)) {
            t.reason = c.reason;
            t.expected = c.expected;
        } else if (c.sent > 0 && c.received == 0 && t.reason == Reason::None) {
            t.reason = Reason::Timeout;
        }
    }

    const bool perCell = list.hosts.size() <= m_options.hostsLimit;
    if (perCell) {
        for (const auto& [key, t] : cells) {
            if (t.expected)
                continue; // fails by design: a matrix greys it, an alert must never see it
            const auto& from = list.endpoints[key.first];
            const auto& to = list.endpoints[key.second];
            const auto labels = joined(joined(endpointLabels("from", from), endpointLabels("to", to)),
                { { "transport", from.udp() ? "udp" : "rdma" } });
            const double loss = t.sent > 0
                ? static_cast<double>(t.sent - std::min(t.sent, t.received)) / static_cast<double>(t.sent)
                : (t.reason != Reason::None ? 1.0 : 0.0);
            ex.add("rocepilot_fabric_cell_loss_ratio", Type::Gauge, kLossHelp, labels, number(loss));
            ++count.cells;
            if (t.reason != Reason::None) {
                ex.add("rocepilot_fabric_cell_failed", Type::Gauge, "1 for a cell that failed, with the reason",
                    joined(labels, { { "reason", std::string(toString(t.reason)) } }), "1");
                ++count.cells;
            }
            if (t.received == 0)
                continue;
            const double replies = static_cast<double>(t.received);
            ex.add("rocepilot_fabric_cell_rtt_seconds", Type::Summary, "Round-trip time of the last round's replies",
                joined(labels, { { "quantile", "0.5" } }), number(t.p50Weighted / replies / 1e6));
            ex.add("rocepilot_fabric_cell_rtt_seconds", Type::Summary, "Round-trip time of the last round's replies",
                joined(labels, { { "quantile", "0.99" } }), number(t.p99 / 1e6));
            ex.add("rocepilot_fabric_cell_prober_delay_seconds", Type::Summary,
                "Time the prober's host held a probe and its reply (send and receive paths)",
                joined(labels, { { "quantile", "0.5" } }), number(t.proberWeighted / replies / 1e6));
            ex.add("rocepilot_fabric_cell_responder_delay_seconds", Type::Summary,
                "Time the responder's host held a probe before replying", joined(labels, { { "quantile", "0.5" } }),
                number(t.responderWeighted / replies / 1e6));
            count.cells += 4;
        }
    }

    // Pairs: all of them up to the limit, the worst few above it.
    auto pairs = fabric::summarisePairs(list, firstPass);
    if (!perCell) {
        std::ranges::sort(pairs, [](const fabric::PairSummary& a, const fabric::PairSummary& b) {
            return std::tie(b.lossPercent, b.cellsFailed, b.rttP99Us)
                < std::tie(a.lossPercent, a.cellsFailed, a.rttP99Us);
        });
        if (pairs.size() > m_options.worstPairs)
            pairs.resize(m_options.worstPairs);
    }
    const std::string pairScope = perCell ? "" : " (above the hosts limit: only the worst pairs)";
    for (const auto& p : pairs) {
        const Labels labels { { "from_host", p.fromHost }, { "to_host", p.toHost },
            { "from_tor", list.topology.torOfHost(p.fromHost) }, { "to_tor", list.topology.torOfHost(p.toHost) } };
        ex.add("rocepilot_fabric_pair_loss_ratio", Type::Gauge, kLossHelp + std::string(", per host pair") + pairScope,
            labels, number(p.lossPercent / 100.0));
        ex.add("rocepilot_fabric_pair_cells_failed", Type::Gauge,
            "Cells of a host pair that failed against expectation" + pairScope, labels,
            number(static_cast<std::uint64_t>(p.cellsFailed)));
        count.pairs += 2;
        if (p.rttP99Us > 0) {
            ex.add("rocepilot_fabric_pair_rtt_seconds", Type::Summary,
                "The highest round-trip p99 among a host pair's working cells" + pairScope,
                joined(labels, { { "quantile", "0.99" } }), number(p.rttP99Us / 1e6));
            ++count.pairs;
        }
    }

    for (const auto& t : fabric::summariseTors(list, firstPass)) {
        const Labels labels { { "from_tor", t.fromTor }, { "to_tor", t.toTor } };
        ex.add("rocepilot_fabric_tor_loss_ratio", Type::Gauge, kLossHelp + std::string(", per ToR pair"), labels,
            number(t.lossPercent / 100.0));
        ex.add("rocepilot_fabric_tor_cells_failed", Type::Gauge,
            "Cells between two ToRs that failed against expectation", labels,
            number(static_cast<std::uint64_t>(t.cellsFailed)));
        count.tors += 2;
        if (t.rttP99Us > 0) {
            ex.add("rocepilot_fabric_tor_rtt_seconds", Type::Summary,
                "The highest round-trip p99 among the working cells between two ToRs",
                joined(labels, { { "quantile", "0.99" } }), number(t.rttP99Us / 1e6));
            ++count.tors;
        }
    }

    for (const auto& f : summary.findings) {
        const Labels labels { { "id", f.id() }, { "rule", f.finding.ruleId },
            { "severity", diag::toString(f.finding.severity) }, { "element", f.element.name },
            { "klass", std::string(toString(f.klass)) } };
        ex.add("rocepilot_fabric_finding", Type::Gauge, "1 while the watch names a fault on this element", labels, "1");
        ex.add("rocepilot_fabric_finding_confidence", Type::Gauge,
            "The element's share among the elements that explain the failed cells", labels, number(f.confidence));
        count.findings += 2;
    }

    std::lock_guard lock(m_mutex);
    m_rounds = rounds;
    m_openMetrics = ex.render(true);
    m_classic = ex.render(false);
    m_count = count;
}

} // namespace rp::metrics

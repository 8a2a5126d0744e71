// SPDX-License-Identifier: GPL-3.0-or-later
#include "metrics/agentmetrics.h"

#include "metrics/exposition.h"

#include <algorithm>
#include <chrono>

namespace rp::metrics {
namespace {

constexpr double kUs = 1e-6;

std::string agentTransportOf(const fabric::AgentPinglistFile& file, std::uint32_t from)
{
    for (const auto& e : file.endpoints) {
        if (e.id == from)
            return e.device == "udp" ? "udp" : "rdma";
    }
    return "udp";
}

} // namespace

AgentMetrics::AgentMetrics(const fabric::AgentPinglistFile& file, std::string version)
    : m_file(file)
    , m_version(std::move(version))
{
    for (const auto& t : m_file.targets) {
        const auto* from = m_file.nameOf(t.from);
        const auto* to = m_file.nameOf(t.to);
        Target target;
        target.labels = {
            { "from", from ? from->name : std::to_string(t.from) },
            { "to", to ? to->name : std::to_string(t.to) },
            { "from_host", from ? from->host : m_file.host },
            { "to_host", to ? to->host : std::string() },
            { "from_tor", from ? from->tor : m_file.tor },
            { "to_tor", to ? to->tor : std::string() },
            { "transport", agentTransportOf(m_file, t.from) },
        };
        m_index[{ t.from, t.to }] = m_targets.size();
        m_targets.push_back(std::move(target));
    }
    std::lock_guard lock(m_mutex);
    render();
}

void AgentMetrics::served(const std::vector<fabric::AgentReadyEndpoint>& endpoints)
{
    std::lock_guard lock(m_mutex);
    for (const auto& e : endpoints)
        m_servedError[e.id] = e.error.empty() ? std::string() : e.error;
    render();
}

void AgentMetrics::link(const std::vector<fabric::AgentLinkEndpoint>& endpoints)
{
    std::lock_guard lock(m_mutex);
    for (const auto& e : endpoints)
        m_links[e.id] = e.state;
    render();
}

void AgentMetrics::phase(const fabric::StandalonePhase& phase)
{
    std::lock_guard lock(m_mutex);
    for (auto& t : m_targets)
        t.last.reset(); // a target the phase did not probe (its endpoint is not served) shows no stale figure
    for (const auto& c : phase.cells) {
        auto it = m_index.find({ c.from, c.to });
        if (it == m_index.end())
            continue;
        auto& t = m_targets[it->second];
        t.sent += c.sent;
        t.replies += std::min(c.received, c.sent);
        t.last = c;
    }
    ++m_phases;
    m_last = phase;
    m_last->cells.clear();
    render();
}

std::string AgentMetrics::text(bool openMetrics) const
{
    std::lock_guard lock(m_mutex);
    return openMetrics ? m_openMetrics : m_classic;
}

std::size_t AgentMetrics::series() const
{
    std::lock_guard lock(m_mutex);
    return m_series;
}

void AgentMetrics::render()
{
    Exposition ex;
    const Labels agent { { "host", m_file.host }, { "tor", m_file.tor } };
    const std::string transport(fabric::toString(m_file.mode));
    ex.add("rocepilot_agent", Type::Info, "The standalone fabric agent serving these series",
        { { "host", m_file.host }, { "tor", m_file.tor }, { "version", m_version }, { "transport", transport } }, "1");
    const bool allServed = m_servedError.size() == m_file.endpoints.size()
        && std::ranges::all_of(m_servedError, [](const auto& e) { return e.second.empty(); });
    ex.add("rocepilot_agent_up", Type::Gauge, "1 once every endpoint of the pinglist is served", agent,
        allServed ? "1" : "0");
    for (const auto& e : m_file.endpoints) {
        const auto* n = m_file.nameOf(e.id);
        auto served = m_servedError.find(e.id);
        auto link = m_links.find(e.id);
        const bool up = served != m_servedError.end() && served->second.empty()
            && (link == m_links.end() || link->second != fabric::LinkState::Down);
        ex.add("rocepilot_agent_endpoint_up", Type::Gauge,
            "1 while the endpoint is served and its own link is not down",
            { { "host", m_file.host }, { "tor", m_file.tor }, { "endpoint", n ? n->name : std::to_string(e.id) },
                { "device", e.device } },
            up ? "1" : "0");
    }
    ex.add("rocepilot_agent_phases", Type::Counter, "Phases (one interval each) finished since the agent started",
        agent, number(m_phases));
    const double ended = m_last ? std::chrono::duration<double>(m_last->ended.time_since_epoch()).count() : 0.0;
    ex.add("rocepilot_agent_last_phase_timestamp_seconds", Type::Gauge,
        "When the last phase ended (Unix time; 0: none yet)", agent, number(ended));
    ex.add("rocepilot_agent_phase_seconds", Type::Gauge, "The last phase's probing time", agent,
        number(m_last ? m_last->intervalS : 0.0));
    ex.add("rocepilot_agent_cpu_ratio", Type::Gauge, "The agent's CPU over the last phase, share of one core", agent,
        number(m_last ? m_last->cpuPercent / 100.0 : 0.0));
    ex.add("rocepilot_agent_probe_rate", Type::Gauge,
        "Probes per second per target in the last phase (below the pinglist's on a loaded host)", agent,
        number(m_last ? m_last->rate : 0.0));
    // Only the counters the host has: a NIC without pause counters has no pause series.
    if (m_last && m_last->counters) {
        for (const auto& field : counters::kHostCounterFields) {
            if (const auto& v = (*m_last->counters).*field.member) {
                auto with = agent;
                with.emplace_back("event", std::string(field.name));
                ex.add("rocepilot_agent_host_events_per_second", Type::Gauge,
                    "The host's RoCE counters over the last phase, per second (pause_rx, pause_tx, retransmits, "
                    "discards, cnp_sent, cnp_handled)",
                    with, number(*v));
            }
        }
    }
    ex.add("rocepilot_agent_targets", Type::Gauge, "Targets in the pinglist", agent,
        number(static_cast<std::uint64_t>(m_targets.size())));
    ex.add("rocepilot_agent_targets_unresolved", Type::Gauge,
        "RDMA targets whose peer's directory had not said its QPN in the last phase (counted lost)", agent,
        number(static_cast<std::uint64_t>(m_last ? m_last->unresolved : 0)));

    for (const auto& t : m_targets) {
        ex.add("rocepilot_agent_target_probes_sent", Type::Counter, "Probes sent to the target since the agent started",
            t.labels, number(t.sent));
        ex.add("rocepilot_agent_target_replies", Type::Counter,
            "Replies received in time from the target since the agent started", t.labels, number(t.replies));
    }
    for (const auto& t : m_targets) {
        if (!t.last)
            continue;
        const auto& c = *t.last;
        const double loss = c.sent > 0 ? 1.0 - static_cast<double>(std::min(c.received, c.sent)) / c.sent : 0.0;
        ex.add("rocepilot_agent_target_loss_ratio", Type::Gauge, "Probes lost over probes sent in the last phase",
            t.labels, number(loss));
        if (c.reason != fabric::Reason::None || (c.sent > 0 && c.received == 0)) {
            auto labels = t.labels;
            const auto reason = c.reason == fabric::Reason::None ? fabric::Reason::Timeout : c.reason;
            labels.emplace_back("reason", std::string(fabric::toString(reason)));
            ex.add("rocepilot_agent_target_failed", Type::Gauge, "1 for a target that failed in the last phase", labels,
                "1");
        }
        if (c.received == 0)
            continue;
        auto quantile = [&](const char* q) {
            auto labels = t.labels;
            labels.emplace_back("quantile", q);
            return labels;
        };
        ex.add("rocepilot_agent_target_rtt_seconds", Type::Summary,
            "Network round trip of the last phase's replies (host delays taken out)", quantile("0.5"),
            number(c.rttP50Us * kUs));
        ex.add("rocepilot_agent_target_rtt_seconds", Type::Summary,
            "Network round trip of the last phase's replies (host delays taken out)", quantile("0.99"),
            number(c.rttP99Us * kUs));
        ex.add("rocepilot_agent_target_prober_delay_seconds", Type::Summary,
            "Time a reply waited on this host before the agent saw it", quantile("0.5"),
            number(c.proberDelayP50Us * kUs));
        ex.add("rocepilot_agent_target_responder_delay_seconds", Type::Summary,
            "Time a probe waited on the target's host before it was answered", quantile("0.5"),
            number(c.responderDelayP50Us * kUs));
    }
    m_openMetrics = ex.render(true);
    m_classic = ex.render(false);
    m_series = ex.samples();
}

} // namespace rp::metrics

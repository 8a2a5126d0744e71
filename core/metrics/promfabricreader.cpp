// SPDX-License-Identifier: GPL-3.0-or-later
#include "metrics/promfabricreader.h"

#include "counters/hostcounters.h"
#include "fabric/aggregate.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <set>

namespace rp::metrics {

namespace {

using Labels = std::map<std::string, std::string>;

const std::string& label(const Labels& labels, const std::string& name)
{
    static const std::string none;
    auto it = labels.find(name);
    return it == labels.end() ? none : it->second;
}

bool nameChar(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}

/// "lab-b:rxe0/1#3" or "lab-b:udp" (Endpoint::name) back into an endpoint of `host` under `tor`.
std::optional<fabric::Endpoint> endpointFromName(
    const std::string& name, const std::string& host, const std::string& tor)
{
    if (!name.starts_with(host + ":"))
        return std::nullopt;
    std::string_view rest = std::string_view(name).substr(host.size() + 1);
    fabric::Endpoint e;
    e.host = host;
    e.tor = tor;
    if (rest == "udp") {
        e.device = "udp";
        return e;
    }
    auto slash = rest.find('/');
    auto hash = rest.find('#');
    if (slash == std::string_view::npos || hash == std::string_view::npos || hash < slash || slash == 0)
        return std::nullopt;
    auto number = [](std::string_view t, int& out) {
        auto [end, ec] = std::from_chars(t.data(), t.data() + t.size(), out);
        return !t.empty() && ec == std::errc() && end == t.data() + t.size() && out >= 0 && out < 65536;
    };
    e.device = std::string(rest.substr(0, slash));
    if (e.device == "udp" || !number(rest.substr(slash + 1, hash - slash - 1), e.port)
        || !number(rest.substr(hash + 1), e.gidIndex))
        return std::nullopt;
    return e;
}

/// What one answer says, sorted by series before the round is made of it.
struct Read
{
    struct Agent
    {
        std::string tor;
        bool info = false; ///< its info series is there: Prometheus scrapes it
        std::optional<double> lastPhase;
        std::optional<double> phaseS;
        std::optional<double> cpu;
        std::optional<double> rate;
        bool allServed = true;
        counters::HostCounters counters;
    };
    struct Target
    {
        std::string from, to;
        std::optional<double> loss;
        fabric::Reason reason = fabric::Reason::None;
        double rttP50 = 0, rttP99 = 0, proberP50 = 0, responderP50 = 0;
    };
    std::map<std::string, Agent> agents;
    std::map<std::string, fabric::Endpoint> endpoints; ///< by name
    std::map<std::string, std::string> endpointsDown; ///< by name: why
    std::map<std::pair<std::string, std::string>, Target> targets;
};

Result<void> addEndpoint(Read& read, const std::string& name, const std::string& host, const std::string& tor,
    const std::string& transport, const std::string& where)
{
    auto known = read.endpoints.find(name);
    if (known == read.endpoints.end()) {
        auto e = endpointFromName(name, host, tor);
        if (!e)
            return fail(ErrorKind::Protocol,
                "endpoint '" + name.substr(0, 80) + "' of host '" + host.substr(0, 80)
                    + "' is not named as the agents name them (HOST:DEVICE/PORT#GID or HOST:udp)",
                where);
        known = read.endpoints.emplace(name, std::move(*e)).first;
    }
    // A UDP figure is never shown as RDMA: a label that says otherwise is not the agents' own.
    if (!transport.empty() && (transport == "udp") != known->second.udp())
        return fail(ErrorKind::Protocol,
            "endpoint '" + name.substr(0, 80) + "' is labelled transport=" + transport.substr(0, 20), where);
    return {};
}

/// Sorts one series of the answer into `read`.
Result<void> sortSample(Read& read, const PromSample& s, const std::string& where)
{
    static const std::map<std::string_view, int> kKinds = {
        { "rocepilot_agent_info", 1 },
        { "rocepilot_agent_up", 2 },
        { "rocepilot_agent_endpoint_up", 3 },
        { "rocepilot_agent_last_phase_timestamp_seconds", 4 },
        { "rocepilot_agent_phase_seconds", 5 },
        { "rocepilot_agent_cpu_ratio", 6 },
        { "rocepilot_agent_probe_rate", 7 },
        { "rocepilot_agent_host_events_per_second", 8 },
        { "rocepilot_agent_target_loss_ratio", 9 },
        { "rocepilot_agent_target_failed", 10 },
        { "rocepilot_agent_target_rtt_seconds", 11 },
        { "rocepilot_agent_target_prober_delay_seconds", 12 },
        { "rocepilot_agent_target_responder_delay_seconds", 13 },
    };
    {
        auto kind = kKinds.find(label(s.labels, "__name__"));
        if (kind == kKinds.end())
            return {}; // counters and totals the round does not need
        if (kind->second <= 8) {
            const auto& host = label(s.labels, "host");
            if (host.empty())
                return fail(ErrorKind::Protocol, label(s.labels, "__name__") + " without a host label", where);
            auto& a = read.agents[host];
            a.tor = label(s.labels, "tor");
            switch (kind->second) {
            case 1:
                a.info = true;
                break;
            case 2:
                a.allServed = s.value == 1.0;
                break;
            case 3:
                if (auto done = addEndpoint(read, label(s.labels, "endpoint"), host, a.tor, {}, where); !done)
                    return std::unexpected(done.error());
                if (s.value != 1.0)
                    read.endpointsDown[label(s.labels, "endpoint")]
                        = "its agent says the endpoint is not served or its link is down";
                break;
            case 4:
                a.lastPhase = s.value;
                break;
            case 5:
                a.phaseS = s.value;
                break;
            case 6:
                a.cpu = s.value;
                break;
            case 7:
                a.rate = s.value;
                break;
            default:
                break;
            }
            // What the agents write is finite and in range; anything else is not theirs, and would go into times
            // and counts.
            static constexpr double kLimits[] = { 0, 0, 0, 0, 1e11, 86400, 1000, 1e6 };
            if (kind->second >= 4 && kind->second <= 7
                && !(std::isfinite(s.value) && s.value >= 0 && s.value <= kLimits[kind->second]))
                return fail(ErrorKind::Protocol,
                    label(s.labels, "__name__") + " of host " + host.substr(0, 80)
                        + " is not a value an agent writes: " + std::to_string(s.value),
                    where);
            switch (kind->second) {
            case 8:
                for (const auto& field : counters::kHostCounterFields) {
                    if (field.name == label(s.labels, "event") && std::isfinite(s.value) && s.value >= 0
                        && s.value <= 1e12)
                        a.counters.*field.member = s.value;
                }
                break;
            default:
                break;
            }
            return {};
        }
        const auto& from = label(s.labels, "from");
        const auto& to = label(s.labels, "to");
        const auto& transport = label(s.labels, "transport");
        if (auto done
            = addEndpoint(read, from, label(s.labels, "from_host"), label(s.labels, "from_tor"), transport, where);
            !done)
            return std::unexpected(done.error());
        if (auto done = addEndpoint(read, to, label(s.labels, "to_host"), label(s.labels, "to_tor"), {}, where); !done)
            return std::unexpected(done.error());
        auto& t = read.targets[{ from, to }];
        t.from = from;
        t.to = to;
        const bool median = label(s.labels, "quantile") == "0.5";
        // An hour is more than any reply waits: beyond it (or negative) it is not a delay an agent measured.
        const double us = std::isfinite(s.value) ? std::clamp(s.value * 1e6, 0.0, 3.6e9) : 0.0;
        switch (kind->second) {
        case 9:
            t.loss = std::clamp(std::isfinite(s.value) ? s.value : 1.0, 0.0, 1.0);
            break;
        case 10:
            if (auto r = fabric::reasonFromString(label(s.labels, "reason")); r && *r != fabric::Reason::None)
                t.reason = *r;
            else
                t.reason = fabric::Reason::Timeout;
            break;
        case 11:
            (median ? t.rttP50 : t.rttP99) = us;
            break;
        case 12:
            t.proberP50 = median ? us : t.proberP50;
            break;
        case 13:
            t.responderP50 = median ? us : t.responderP50;
            break;
        default:
            break;
        }
    }
    return {};
}

} // namespace

namespace {
/// A byte of the user's text in an error: itself in quotes when printable, else its code.
std::string shown(char c)
{
    const auto u = static_cast<unsigned char>(c);
    if (u >= 0x20 && u < 0x7f)
        return std::string("'") + c + "'";
    char hex[8];
    std::snprintf(hex, sizeof hex, "0x%02x", u);
    return hex;
}
} // namespace

Result<void> checkPromMatchers(std::string_view matchers)
{
    // name op "value" [, name op "value"]...
    std::string_view rest = matchers;
    auto skipSpace = [&] {
        while (!rest.empty() && rest.front() == ' ')
            rest.remove_prefix(1);
    };
    skipSpace();
    if (rest.empty())
        return {};
    for (;;) {
        std::size_t n = 0;
        while (n < rest.size() && nameChar(rest[n]))
            ++n;
        if (n == 0 || (rest[0] >= '0' && rest[0] <= '9'))
            return fail(ErrorKind::Validation, "a matcher starts with a label name", "matchers");
        rest.remove_prefix(n);
        skipSpace();
        if (rest.starts_with("=~") || rest.starts_with("!~") || rest.starts_with("!="))
            rest.remove_prefix(2);
        else if (rest.starts_with("="))
            rest.remove_prefix(1);
        else
            return fail(ErrorKind::Validation, "a matcher needs =, !=, =~ or !~ after its label name", "matchers");
        skipSpace();
        if (!rest.starts_with('"'))
            return fail(ErrorKind::Validation, "a matcher's value is double-quoted", "matchers");
        rest.remove_prefix(1);
        bool closed = false;
        while (!rest.empty()) {
            char c = rest.front();
            rest.remove_prefix(1);
            if (c == '\\') {
                if (rest.empty())
                    break;
                rest.remove_prefix(1);
            } else if (c == '"') {
                closed = true;
                break;
            } else if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f) {
                return fail(ErrorKind::Validation, "a matcher's value has a control character", "matchers");
            }
        }
        if (!closed)
            return fail(ErrorKind::Validation, "a matcher's value has no closing quote", "matchers");
        skipSpace();
        if (rest.empty())
            return {};
        if (!rest.starts_with(','))
            return fail(ErrorKind::Validation,
                "after a matcher's value comes ',' and the next matcher, or the end; not " + shown(rest.front()),
                "matchers");
        rest.remove_prefix(1);
        skipSpace();
    }
}

std::string promFabricQuery(const PromFabricOptions& options)
{
    // Only the series a round is made of: the per-target totals alone are two fifths of a fleet's answer.
    std::string q = "{__name__=~\"rocepilot_agent_(info|up|endpoint_up|last_phase_timestamp_seconds|phase_seconds|"
                    "cpu_ratio|probe_rate|host_events_per_second|target_(loss_ratio|failed|rtt_seconds|"
                    "prober_delay_seconds|responder_delay_seconds))\"";
    if (!options.matchers.empty())
        q += "," + options.matchers;
    return q + "}";
}

namespace {

Result<fabric::FabricRound> roundOfRead(
    Read& read, double now, const PromFabricOptions& options, std::uint64_t roundNumber, const std::string& where)
{
    if (!std::isfinite(now) || now < 0 || now > 1e11)
        return fail(ErrorKind::Protocol, "the answer's evaluation time is not a time: " + std::to_string(now), where);
    if (std::ranges::none_of(read.agents, [](const auto& a) { return a.second.info; }))
        return fail(ErrorKind::Protocol,
            "no agent's series: nothing matches (check the matchers) or Prometheus has not scraped an agent yet",
            where);

    fabric::FabricRound round;
    auto& list = round.pinglist;
    list.topology.spine = options.spine;
    // Every host the answer names: agents, and the hosts their targets reach (whose own agent may be gone).
    std::set<std::string> hosts;
    for (const auto& [host, a] : read.agents)
        hosts.insert(host);
    for (const auto& [name, e] : read.endpoints)
        hosts.insert(e.host);
    for (const auto& [name, e] : read.endpoints) {
        if (!e.tor.empty())
            list.topology.torOf[e.host] = e.tor;
    }
    for (const auto& [host, a] : read.agents) {
        if (!a.tor.empty())
            list.topology.torOf[host] = a.tor;
    }
    std::map<std::string, std::vector<const std::pair<const std::string, fabric::Endpoint>*>> byHost;
    for (const auto& entry : read.endpoints)
        byHost[entry.second.host].push_back(&entry);
    std::map<std::string, std::uint32_t> ids;
    for (const auto& host : hosts) {
        list.hosts.push_back(host);
        for (const auto* entry : byHost[host]) {
            const auto& [name, e] = *entry;
            const auto id = static_cast<std::uint32_t>(list.endpoints.size());
            ids[name] = id;
            list.byHost[host].push_back(id);
            if (e.udp())
                list.udp[host] = id;
            list.endpoints.push_back(e);
            list.endpoints.back().tor = list.topology.torOfHost(host);
        }
        if (auto u = list.udp.find(host); u != list.udp.end())
            list.preferred[host] = u->second;
        else if (auto mine = list.byHost.find(host); mine != list.byHost.end() && !mine->second.empty())
            list.preferred[host] = mine->second.front();
    }

    // Agents: up while Prometheus has their series and their last phase is recent.
    double longestPhase = 0.0;
    for (const auto& host : hosts) {
        auto a = read.agents.find(host);
        if (a == read.agents.end() || !a->second.info) {
            round.agents[host] = fabric::AgentState::Down;
            round.agentDetail[host] = "Prometheus has no series of its agent (its scrape fails, or it is not running)";
            continue;
        }
        const auto& agent = a->second;
        const double phase = agent.phaseS.value_or(0.0);
        longestPhase = std::max(longestPhase, phase);
        const double stale = std::max(options.minStaleS, options.staleFactor * phase);
        if (!agent.lastPhase || *agent.lastPhase <= 0.0) {
            round.agents[host] = fabric::AgentState::Starting;
            round.agentDetail[host] = "its agent has not finished a phase yet";
        } else if (now - *agent.lastPhase > stale) {
            round.agents[host] = fabric::AgentState::Down;
            round.agentDetail[host] = "its agent's last phase ended "
                + std::to_string(static_cast<long long>(now - *agent.lastPhase)) + " s ago (stuck)";
        } else {
            round.agents[host] = fabric::AgentState::Up;
            if (!agent.allServed)
                round.agentDetail[host] = "its agent does not serve every endpoint of its pinglist";
        }
        if (agent.cpu)
            round.agentCpuPercent[host] = *agent.cpu * 100.0;
        if (agent.rate)
            round.agentRate[host] = *agent.rate;
        if (agent.counters.any())
            round.hostCounters[host] = agent.counters;
    }
    for (const auto& [name, why] : read.endpointsDown) {
        if (auto id = ids.find(name); id != ids.end())
            round.portsDown[id->second] = why;
    }

    const auto nowTp = fabric::Clock::time_point(
        std::chrono::duration_cast<fabric::Clock::duration>(std::chrono::duration<double>(now)));
    std::set<std::pair<std::string, std::string>> pairs;
    for (const auto& [key, t] : read.targets) {
        if (!t.loss)
            continue; // a target the last phase did not probe
        const auto& from = list.endpoints[ids.at(t.from)];
        const auto& to = list.endpoints[ids.at(t.to)];
        // A stuck agent's figures are its last phase's, long ago: no cell, as a watch has none from a dead agent.
        if (round.agents[from.host] != fabric::AgentState::Up)
            continue;
        const auto& agent = read.agents[from.host];
        fabric::CellResult c;
        c.from = ids.at(t.from);
        c.to = ids.at(t.to);
        c.intervalSeconds = agent.phaseS.value_or(0.0);
        c.intervalStart = nowTp
            - std::chrono::duration_cast<fabric::Clock::duration>(std::chrono::duration<double>(c.intervalSeconds));
        // The series carry the ratio, not the count: the agent's rate over its phase is what it sent.
        const double sent = std::max(1.0, std::round(agent.rate.value_or(0.0) * c.intervalSeconds));
        c.sent = static_cast<std::uint32_t>(std::min(sent, 1e6));
        c.received = static_cast<std::uint32_t>(std::round(c.sent * (1.0 - *t.loss)));
        if (t.reason != fabric::Reason::None)
            c.received = 0;
        c.reason = t.reason;
        c.rttP50Us = t.rttP50;
        c.rttP99Us = t.rttP99;
        c.proberDelayP50Us = t.proberP50;
        c.responderDelayP50Us = t.responderP50;
        list.probes.push_back({ c.from, c.to, fabric::Reason::None });
        if (from.host != to.host)
            pairs.emplace(from.host, to.host);
        round.cells.push_back(c);
    }
    list.pairs.assign(pairs.begin(), pairs.end());

    auto findings = fabric::localise(list, round.cells, round.agents, options.localise, nowTp, round.portsDown);
    fabric::explainAgentFindings(findings, round.agentDetail, "Prometheus");
    round.summary.round = roundNumber;
    round.summary.started
        = nowTp - std::chrono::duration_cast<fabric::Clock::duration>(std::chrono::duration<double>(longestPhase));
    round.summary.seconds = longestPhase;
    round.summary.cellsProbed = round.cells.size();
    round.summary.cellsFailed = static_cast<std::size_t>(
        std::ranges::count_if(round.cells, [](const fabric::CellResult& c) { return c.failed() && !c.expected; }));
    round.summary.findings = std::move(findings);
    round.timing.firstPass = longestPhase;
    return round;
}

std::string whereOf(const PromFabricOptions& options)
{
    return "Prometheus query " + promFabricQuery(options);
}

} // namespace

Result<fabric::FabricRound> fabricRoundFromSamples(
    const std::vector<PromSample>& samples, double now, const PromFabricOptions& options, std::uint64_t roundNumber)
{
    const std::string where = whereOf(options);
    Read read;
    for (const auto& s : samples) {
        if (auto ok = sortSample(read, s, where); !ok)
            return std::unexpected(ok.error());
    }
    return roundOfRead(read, now, options, roundNumber, where);
}

PromFabricReader::PromFabricReader(PromClient client, PromFabricOptions options)
    : m_client(std::move(client))
    , m_options(std::move(options))
{ }

Result<fabric::FabricRound> PromFabricReader::read(const std::atomic<bool>* cancel)
{
    if (auto ok = checkPromMatchers(m_options.matchers); !ok)
        return std::unexpected(ok.error());
    // Each series sorted as it is read: none is kept (a 1 000-host fleet's answer is some 250 000 of them).
    const std::string where = whereOf(m_options);
    Read read;
    // The evaluation time Prometheus answered for: its clock, which the agents' phase times were scraped against.
    double now = 0.0;
    auto done = m_client.query(
        promFabricQuery(m_options),
        [&](const PromSample& s) {
            now = s.timestamp;
            return sortSample(read, s, where);
        },
        cancel);
    if (!done)
        return std::unexpected(done.error());
    auto round = roundOfRead(read, now, m_options, m_round + 1, where);
    if (!round)
        return std::unexpected(round.error());
    ++m_round;
    fabric::noteChanges(m_raised, round->summary.findings, *round);
    return round;
}

} // namespace rp::metrics

// SPDX-License-Identifier: GPL-3.0-or-later
#include "fabric/controller.h"

#include "discovery/discover.h"
#include "util/random.h"

#include <algorithm>
#include <cmath>
#include <set>
#include <utility>

namespace rp::fabric {
namespace {

using Steady = std::chrono::steady_clock;
using std::chrono::duration;
using std::chrono::duration_cast;
using std::chrono::milliseconds;

/// How long the controller waits for a phase's results beyond its length: replies' timeout, the agents' flush and
/// an SSH hop, with room for a loaded host.
constexpr double kPhaseSlackS = 10.0;
constexpr auto kObserverBatch = milliseconds(250);

/// The facts the pinglist is made of: hosts named as the inventory names them (agents and findings use one name),
/// with discovery's recommendation filled in. Without RDMA the devices go, so that only UDP endpoints remain (on the
/// address of the recommended GID: UDP then crosses the same netdev as RoCE would).
HostFacts roundFacts(const FabricHost& host, bool rdma)
{
    HostFacts f = host.facts;
    f.hostname = host.spec.name;
    if (f.recommendations.empty())
        recommendGids(f, RecommendTarget {});
    if (!rdma)
        f.devices.clear();
    return f;
}

std::string runSecret()
{
    return randomHex() + randomHex();
}

/// One round's work: the channels, what each endpoint answered, the phases.
class RoundRun
{
public:
    RoundRun(const ControllerOptions& options, const Pinglist& list, FabricObserver* observer,
        const std::atomic<bool>* cancel)
        : m_options(options)
        , m_list(list)
        , m_observer(observer)
        , m_cancel(cancel)
    { }

    ~RoundRun() { closeAll(); }
    RoundRun(const RoundRun&) = delete;
    RoundRun& operator=(const RoundRun&) = delete;

    void startAgents(const std::map<std::string, HostSpec>& specs, const ExecutorFactory& factory);
    void waitReady();
    std::vector<CellResult> runPhase(std::uint64_t phase, const std::vector<Probe>& probes, bool secondPass);
    std::map<std::string, AgentState> states(std::map<std::string, std::string>& detail);
    std::optional<AgentDone> doneOf(const std::string& host, std::uint64_t phase);
    /// Stops every agent (asked first, closed after the grace) and reports each one's last state.
    void stopAll();
    bool cancelled() const { return m_cancel && m_cancel->load(); }

private:
    struct Served
    {
        bool ok = false;
        int udpPort = 0;
        std::uint32_t qpn = 0;
        std::uint32_t qkey = 0;
        Reason reason = Reason::AgentDown;
    };

    void closeAll();
    std::optional<Reason> unusable(std::uint32_t endpoint) const;
    void report(const std::string& host, AgentState state, const std::string& detail);

    const ControllerOptions& m_options;
    const Pinglist& m_list;
    FabricObserver* m_observer;
    const std::atomic<bool>* m_cancel;
    ChannelHub m_hub;
    std::map<std::string, std::unique_ptr<AgentChannel>> m_channels;
    std::map<std::string, AgentState> m_reported;
    std::vector<Served> m_served;
    std::set<std::string> m_up; ///< agents up when the probing began
    bool m_closed = false;
};

void RoundRun::report(const std::string& host, AgentState state, const std::string& detail)
{
    auto it = m_reported.find(host);
    if (it != m_reported.end() && it->second == state)
        return;
    m_reported[host] = state;
    if (m_observer)
        m_observer->agentState(host, state, detail);
}

void RoundRun::startAgents(const std::map<std::string, HostSpec>& specs, const ExecutorFactory& factory)
{
    perf::SessionOptions probe;
    probe.probePath = m_options.probePath;
    probe.remoteDir = m_options.remoteDir;
    probe.commandTimeout = m_options.startTimeout;
    AgentHello hello;
    hello.secret = runSecret();
    hello.mode = m_options.rdma ? AgentMode::Rdma : AgentMode::Udp;
    const double probingS = m_options.durationS + m_options.secondPassS + 2 * (m_options.probeTimeoutS + kPhaseSlackS);
    const auto lifetime = m_options.startTimeout + duration_cast<milliseconds>(duration<double>(probingS + 30.0));
    hello.lifetimeS = duration<double>(lifetime).count();
    for (const auto& host : m_list.hosts) {
        AgentServe serve;
        for (auto id : m_list.byHost.at(host)) {
            const auto& e = m_list.endpoints[id];
            serve.endpoints.push_back({ id, e.device, e.port, e.gidIndex, e.address });
        }
        auto channel = std::make_unique<AgentChannel>(m_hub, specs.at(host), factory, probe);
        report(host, AgentState::Starting, {});
        channel->start({ hello, serve }, serve.endpoints.size(), lifetime);
        m_channels.emplace(host, std::move(channel));
    }
}

void RoundRun::waitReady()
{
    const auto deadline = Steady::now() + m_options.startTimeout;
    std::unique_lock lock(m_hub.mutex);
    for (;;) {
        const bool all = std::ranges::all_of(m_channels,
            [](const auto& c) { return c.second->isReady || c.second->ended || c.second->state == AgentState::Down; });
        if (all || cancelled() || Steady::now() >= deadline)
            break;
        m_hub.changed.wait_for(lock, milliseconds(50));
    }
    m_served.assign(m_list.endpoints.size(), Served {});
    std::vector<std::pair<std::string, std::string>> late;
    for (const auto& [host, c] : m_channels) {
        if (c->state == AgentState::Up) {
            m_up.insert(host);
            for (const auto& r : c->ready) {
                if (r.id >= m_served.size() || m_list.endpoints[r.id].host != host)
                    continue; // an id it was not given: ignored, its own endpoints stay unserved
                auto& s = m_served[r.id];
                s.ok = r.error.empty();
                s.udpPort = r.udpPort;
                s.qpn = r.qpn;
                s.qkey = r.qkey;
                s.reason = r.reason == Reason::EmptySlot ? Reason::EmptySlot : Reason::AgentDown;
            }
        } else if (!c->ended && c->state != AgentState::Down) {
            late.emplace_back(host, "not ready within " + std::to_string(m_options.startTimeout.count()) + " ms");
        }
    }
    lock.unlock();
    for (const auto& [host, why] : late)
        m_channels.at(host)->giveUp(why);
    std::map<std::string, std::string> detail;
    for (const auto& [host, state] : states(detail))
        report(host, state, detail[host]);
}

std::optional<Reason> RoundRun::unusable(std::uint32_t endpoint) const
{
    const auto& host = m_list.endpoints[endpoint].host;
    if (!m_up.contains(host))
        return Reason::AgentDown;
    const auto& s = m_served[endpoint];
    if (!s.ok)
        return s.reason;
    return std::nullopt;
}

std::vector<CellResult> RoundRun::runPhase(std::uint64_t phase, const std::vector<Probe>& probes, bool secondPass)
{
    const double lengthS = secondPass ? m_options.secondPassS : m_options.durationS;
    const auto wallStart = Clock::now();
    std::vector<CellResult> cells;
    auto unprobed = [&](std::uint32_t from, std::uint32_t to, Reason reason) {
        CellResult c;
        c.from = from;
        c.to = to;
        c.intervalStart = wallStart;
        c.intervalSeconds = lengthS;
        c.reason = reason;
        c.secondPass = secondPass;
        cells.push_back(c);
    };
    std::map<std::string, std::vector<AgentTarget>> perHost;
    // asked: the cells each agent was given; missing: those it has not reported yet.
    std::map<std::string, std::set<std::pair<std::uint32_t, std::uint32_t>>> asked;
    std::map<std::string, std::set<std::pair<std::uint32_t, std::uint32_t>>> missing;
    for (const auto& p : probes) {
        auto bad = unusable(p.from);
        if (!bad)
            bad = unusable(p.to);
        if (bad) {
            unprobed(p.from, p.to, *bad);
            continue;
        }
        const auto& host = m_list.endpoints[p.from].host;
        AgentTarget t;
        t.from = p.from;
        t.to = p.to;
        t.address = m_list.endpoints[p.to].address;
        t.udpPort = m_served[p.to].udpPort;
        if (!m_list.endpoints[p.to].udp()) {
            t.gid = m_list.endpoints[p.to].gid;
            t.qpn = m_served[p.to].qpn;
            t.qkey = m_served[p.to].qkey;
        }
        perHost[host].push_back(std::move(t));
        asked[host].insert({ p.from, p.to });
        missing[host].insert({ p.from, p.to });
    }
    AgentStart start;
    start.phase = phase;
    start.durationS = lengthS;
    start.intervalS = m_options.intervalS;
    start.rate = m_options.rate;
    start.timeoutS = m_options.probeTimeoutS;
    for (auto& [host, targets] : perHost) {
        auto& channel = *m_channels.at(host);
        for (std::size_t i = 0; i < targets.size(); i += kAgentMaxItems) {
            AgentTargets part;
            part.phase = phase;
            const auto end = std::min(targets.size(), i + kAgentMaxItems);
            part.targets.assign(
                targets.begin() + static_cast<std::ptrdiff_t>(i), targets.begin() + static_cast<std::ptrdiff_t>(end));
            channel.send(part);
        }
        channel.send(start);
    }

    const auto deadline = Steady::now() + duration_cast<Steady::duration>(duration<double>(lengthS + kPhaseSlackS));
    std::size_t observed = cells.size();
    auto lastBatch = Steady::now();
    std::set<std::string> finished;
    std::unique_lock lock(m_hub.mutex);
    for (;;) {
        for (auto& [host, targets] : perHost) {
            auto& c = *m_channels.at(host);
            for (const auto& result : c.results) {
                if (result.phase != phase)
                    continue;
                for (const auto& a : result.cells) {
                    // Only what this agent was asked: a host cannot fill in cells of others.
                    if (!asked[host].contains({ a.from, a.to }))
                        continue;
                    CellResult cell;
                    cell.from = a.from;
                    cell.to = a.to;
                    cell.intervalStart = wallStart + duration_cast<Clock::duration>(duration<double>(result.tS));
                    cell.intervalSeconds = result.intervalS;
                    cell.sent = a.sent;
                    cell.received = a.received;
                    cell.rttP50Us = a.rttP50Us;
                    cell.rttP99Us = a.rttP99Us;
                    cell.proberDelayP50Us = a.proberDelayP50Us;
                    cell.responderDelayP50Us = a.responderDelayP50Us;
                    cell.reason = a.reason;
                    cell.secondPass = secondPass;
                    cells.push_back(cell);
                    missing[host].erase({ a.from, a.to });
                }
            }
            c.results.clear();
            if (c.done.contains(phase) || c.ended || c.state == AgentState::Down)
                finished.insert(host);
        }
        if (m_observer && cells.size() > observed && Steady::now() - lastBatch >= kObserverBatch) {
            std::vector<CellResult> batch(cells.begin() + static_cast<std::ptrdiff_t>(observed), cells.end());
            observed = cells.size();
            lastBatch = Steady::now();
            lock.unlock();
            m_observer->cells(batch);
            lock.lock();
        }
        if (finished.size() == perHost.size() || cancelled() || Steady::now() >= deadline)
            break;
        m_hub.changed.wait_for(lock, milliseconds(50));
    }
    // On cancel the agents are stopped, not given up: they did nothing wrong.
    std::vector<std::string> late;
    for (const auto& [host, targets] : perHost) {
        if (!finished.contains(host) && !cancelled())
            late.push_back(host);
    }
    lock.unlock();
    for (const auto& host : late)
        m_channels.at(host)->giveUp("no results of phase " + std::to_string(phase) + " within "
            + std::to_string(static_cast<int>(lengthS + kPhaseSlackS)) + " s");
    // What an agent never reported (it died, or was given up) is the agent's fault, not the network's.
    for (const auto& [host, pairs] : missing) {
        for (const auto& [from, to] : pairs)
            unprobed(from, to, Reason::AgentDown);
    }
    if (m_observer && cells.size() > observed)
        m_observer->cells(std::vector<CellResult>(cells.begin() + static_cast<std::ptrdiff_t>(observed), cells.end()));
    if (!cancelled()) {
        std::map<std::string, std::string> detail;
        for (const auto& [host, state] : states(detail))
            report(host, state, detail[host]);
    }
    return cells;
}

std::map<std::string, AgentState> RoundRun::states(std::map<std::string, std::string>& detail)
{
    std::lock_guard lock(m_hub.mutex);
    std::map<std::string, AgentState> out;
    for (const auto& [host, c] : m_channels) {
        // An agent that ended without being asked to is down, whatever it said last.
        out[host] = c->ended && c->state != AgentState::Stopped ? AgentState::Down : c->state;
        detail[host] = c->detail;
    }
    return out;
}

std::optional<AgentDone> RoundRun::doneOf(const std::string& host, std::uint64_t phase)
{
    std::lock_guard lock(m_hub.mutex);
    const auto& c = *m_channels.at(host);
    auto it = c.done.find(phase);
    if (it == c.done.end())
        return std::nullopt;
    return it->second;
}

void RoundRun::stopAll()
{
    for (auto& [host, c] : m_channels)
        c->askStop();
    {
        std::unique_lock lock(m_hub.mutex);
        m_hub.changed.wait_for(lock, m_options.stopGrace,
            [&] { return std::ranges::all_of(m_channels, [](const auto& c) { return c.second->ended; }); });
    }
    closeAll();
    std::map<std::string, std::string> detail;
    for (const auto& [host, state] : states(detail))
        report(host, state, detail[host]);
}

void RoundRun::closeAll()
{
    if (m_closed)
        return;
    m_closed = true;
    for (auto& [host, c] : m_channels)
        c->close();
}

} // namespace

Controller::Controller(
    std::vector<FabricHost> hosts, Topology topology, ExecutorFactory factory, ControllerOptions options)
    : m_hosts(std::move(hosts))
    , m_topology(std::move(topology))
    , m_factory(std::move(factory))
    , m_options(std::move(options))
{ }

Result<FabricRound> Controller::runRound(FabricObserver* observer, const std::atomic<bool>* cancel)
{
    if (m_hosts.empty())
        return fail(ErrorKind::Validation, "no hosts to probe", "fabric check");
    std::map<std::string, HostSpec> specs;
    std::vector<HostFacts> facts;
    for (const auto& h : m_hosts) {
        if (!specs.emplace(h.spec.name, h.spec).second)
            return fail(ErrorKind::Validation, "host '" + h.spec.name + "' is listed twice", "fabric check");
        facts.push_back(roundFacts(h, m_options.rdma));
    }
    auto pinglist = buildPinglist(facts, m_topology, m_options.pinglist);
    if (!pinglist)
        return std::unexpected(pinglist.error());

    FabricRound round;
    round.pinglist = std::move(*pinglist);
    const auto& list = round.pinglist;
    round.summary.round = ++m_round;
    round.summary.started = Clock::now();
    const auto t0 = Steady::now();
    if (observer)
        observer->roundStarted(
            { round.summary.round, round.summary.started, list.endpoints.size(), list.probes.size() });

    RoundRun run(m_options, list, observer, cancel);
    run.startAgents(specs, m_factory);
    run.waitReady();
    round.startSeconds = duration<double>(Steady::now() - t0).count();
    auto cancelled = [&]() -> Result<FabricRound> {
        run.stopAll();
        return fail(ErrorKind::Cancelled, "the fabric check was cancelled; every agent was stopped", "fabric check");
    };
    if (run.cancelled())
        return cancelled();

    round.cells = run.runPhase(1, list.probes, false);
    applyExpectations(list, round.cells);
    if (run.cancelled())
        return cancelled();
    auto second = planSecondPass(list, round.cells, m_options.secondPass);
    if (!second.probes.empty()) {
        auto more = run.runPhase(2, second.probes, true);
        applyExpectations(list, more);
        round.cells.insert(round.cells.end(), more.begin(), more.end());
        if (run.cancelled())
            return cancelled();
    }

    round.agents = run.states(round.agentDetail);
    for (const auto& host : list.hosts) {
        if (auto done = run.doneOf(host, 1)) {
            round.agentCpuPercent[host] = done->cpuPercent;
            round.agentRate[host] = done->rate;
        }
    }
    auto findings = localise(list, round.cells, round.agents, m_options.localise, Clock::now());
    joinTroubleshooter(findings, m_options.troubleshooter);
    run.stopAll();

    round.summary.seconds = duration<double>(Steady::now() - t0).count();
    round.summary.cellsProbed = round.cells.size();
    round.summary.cellsFailed = static_cast<std::size_t>(
        std::ranges::count_if(round.cells, [](const CellResult& c) { return c.failed() && !c.expected; }));
    round.summary.findings = std::move(findings);
    if (observer) {
        for (const auto& f : round.summary.findings)
            observer->findingRaised(f);
        observer->roundFinished(round.summary);
    }
    return round;
}

} // namespace rp::fabric

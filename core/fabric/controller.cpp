// SPDX-License-Identifier: GPL-3.0-or-later
#include "fabric/controller.h"

#include "discovery/discover.h"
#include "fabric/hoststalls.h"
#include "fabric/lateagents.h"
#include "util/command.h"
#include "util/random.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <filesystem>
#include <future>
#include <optional>
#include <set>
#include <thread>
#include <utility>
#include <vector>

namespace rp::fabric {
namespace {

using Steady = std::chrono::steady_clock;
using std::chrono::duration;
using std::chrono::duration_cast;
using std::chrono::milliseconds;

constexpr auto kObserverBatch = milliseconds(250);

/// The cells one agent was given in a phase, (from << 32 | to) sorted, and which it reported.
struct AskedCells
{
    std::vector<std::uint64_t> keys;
    std::vector<bool> reported;

    static std::uint64_t key(std::uint32_t from, std::uint32_t to) { return std::uint64_t { from } << 32 | to; }
    void add(std::uint32_t from, std::uint32_t to) { keys.push_back(key(from, to)); }
    void seal()
    {
        std::ranges::sort(keys);
        keys.erase(std::unique(keys.begin(), keys.end()), keys.end());
        keys.shrink_to_fit();
        reported.assign(keys.size(), false);
    }
    std::optional<std::size_t> find(std::uint32_t from, std::uint32_t to) const
    {
        const auto it = std::ranges::lower_bound(keys, key(from, to));
        if (it == keys.end() || *it != key(from, to))
            return std::nullopt;
        return static_cast<std::size_t>(it - keys.begin());
    }
};

} // namespace

std::string newRunSecret()
{
    return randomHex() + randomHex();
}

HostFacts pinglistFacts(const FabricHost& host, bool rdma)
{
    HostFacts f = host.facts;
    f.hostname = host.spec.name;
    if (f.recommendations.empty())
        recommendGids(f, RecommendTarget {});
    if (!rdma)
        f.devices.clear();
    return f;
}

/// The agents of a check or a watch: the channels, what each endpoint answered, the phases. One set of agents
/// serves every round of a watch (one secret for the run); one that goes down is started again between rounds.
class Controller::Fleet
{
public:
    Fleet(const ControllerOptions& options, const Pinglist& list, FabricObserver* observer,
        const std::atomic<bool>* cancel, std::map<std::string, HostSpec> specs, ExecutorFactory factory)
        : m_options(options)
        , m_list(list)
        , m_observer(observer)
        , m_cancel(cancel)
        , m_specs(std::move(specs))
        , m_factory(std::move(factory))
    { }

    ~Fleet() { closeAll(); }
    Fleet(const Fleet&) = delete;
    Fleet& operator=(const Fleet&) = delete;

    /// Starts every agent; each lives at most `lifetime` (it exits by itself then, whatever happens here).
    void startAgents(std::chrono::milliseconds lifetime);
    void waitReady();
    /// Between rounds: agents that went down are started again (each at most every restartPause), and those
    /// started earlier that are ready now join. Never waits for a host: one that is not ready yet is agent-down
    /// for this round.
    void restartDown();
    std::vector<CellResult> runPhase(std::uint64_t phase, const std::vector<Probe>& probes, bool secondPass);
    std::map<std::string, AgentState> states(std::map<std::string, std::string>& detail);
    std::optional<AgentDone> doneOf(const std::string& host, std::uint64_t phase);
    /// The endpoints whose agent said their link is down now or was down since the last call.
    std::map<std::uint32_t, std::string> takePortsDown();
    /// The endpoints whose port is down, was seen down, or came back less than portSettleS ago; nothing is taken.
    std::set<std::uint32_t> unsettledPorts();
    /// Stops every agent (asked first, closed after the grace) and reports each one's last state.
    void stopAll();
    bool cancelled() const { return m_cancel && m_cancel->load(); }
    void detachObserver() { m_observer = nullptr; }

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
    /// What the agents said of their links since: a QP an agent had to make again is reached at its new QPN.
    void followLinks();
    /// Keeps where each of the host's RDMA GIDs sits as its agent last said (under hub.mutex).
    void noteGidIndexes(const std::string& host, const AgentChannel& channel);
    std::unique_ptr<AgentChannel> startAgent(const std::string& host);
    /// Takes a ready agent's endpoints into m_served (under hub.mutex).
    void takeReady(const std::string& host, const AgentChannel& channel);
    std::optional<Reason> unusable(std::uint32_t endpoint) const;
    /// For agents that went silent: whether their hosts still answer over a new SSH connection, said as the end of
    /// the agent's detail. A hung agent (stopped, stuck) and a host that is paused or cut off look alike to the
    /// probes; the SSH server tells them apart.
    std::map<std::string, LateVerdict> askHosts(const std::vector<std::string>& hosts);
    void report(const std::string& host, AgentState state, const std::string& detail);

    const ControllerOptions& m_options;
    const Pinglist& m_list;
    FabricObserver* m_observer;
    const std::atomic<bool>* m_cancel;
    std::map<std::string, HostSpec> m_specs;
    ExecutorFactory m_factory;
    AgentHello m_hello;
    Steady::time_point m_lifeEnd {};
    ChannelHub m_hub;
    std::map<std::string, std::unique_ptr<AgentChannel>> m_channels;
    std::map<std::string, Steady::time_point> m_started; ///< when each agent was last started
    std::map<std::string, AgentState> m_reported;
    std::vector<Served> m_served;
    std::set<std::string> m_up; ///< agents whose endpoints are served
    /// Where each RDMA endpoint's GID sits now, as its agent last said: a port bounce can make the kernel rebuild
    /// the table in another order, and an agent started again is served there, not at discovery's index (which
    /// may be empty now or hold another GID).
    std::map<std::uint32_t, int> m_gidIndex;
    /// Hosts whose agent said it could not run for a while in the last phase: a late one there is slow (a saturated
    /// CPU), and an SSH login would only load it further. Asked at the deadline only.
    std::set<std::string> m_stalledLastPhase;
    /// Hosts whose agent still ran but sent nothing by the last phase's deadline, and in how many phases in a row:
    /// late now and then is the host's load (its cells are host-busy); late kLatePhases times running is an agent
    /// that does not get on (given up, and started again).
    std::map<std::string, int> m_latePhases;
    std::map<std::string, std::string> m_lateWhy; ///< said of those as their detail for the rest of the round
    bool m_closed = false;
};

void Controller::Fleet::report(const std::string& host, AgentState state, const std::string& detail)
{
    auto it = m_reported.find(host);
    if (it != m_reported.end() && it->second == state)
        return;
    m_reported[host] = state;
    if (m_observer)
        m_observer->agentState(host, state, detail);
}

std::unique_ptr<AgentChannel> Controller::Fleet::startAgent(const std::string& host)
{
    perf::SessionOptions probe;
    probe.probePath = m_options.probePath;
    probe.remoteDir = m_options.remoteDir;
    probe.commandTimeout = m_options.startTimeout;
    AgentServe serve;
    for (auto id : m_list.byHost.at(host)) {
        const auto& e = m_list.endpoints[id];
        // The netdev goes only when it is a plain interface name: the agent refuses a serve line with another.
        const auto netdev = validateInterfaceName(e.netdev) ? e.netdev : std::string {};
        auto moved = m_gidIndex.find(id);
        const int gidIndex = moved == m_gidIndex.end() ? e.gidIndex : moved->second;
        serve.endpoints.push_back({ id, e.device, e.port, gidIndex, e.address, netdev });
    }
    auto channel = std::make_unique<AgentChannel>(m_hub, m_specs.at(host), m_factory, probe);
    report(host, AgentState::Starting, {});
    // A restarted agent lives as long as the first ones: the watch's end is the same for all.
    AgentHello hello = m_hello;
    const auto left = std::max(milliseconds(1000), duration_cast<milliseconds>(m_lifeEnd - Steady::now()));
    hello.lifetimeS = duration<double>(left).count();
    m_started[host] = Steady::now();
    channel->start({ hello, serve }, serve.endpoints.size(), left);
    return channel;
}

void Controller::Fleet::startAgents(std::chrono::milliseconds lifetime)
{
    m_hello.secret = newRunSecret();
    m_hello.mode = m_options.rdma ? AgentMode::Rdma : AgentMode::Udp;
    m_hello.idleS = m_options.agentIdleS;
    m_lifeEnd = Steady::now() + lifetime;
    m_served.assign(m_list.endpoints.size(), Served {});
    for (const auto& host : m_list.hosts)
        m_channels.emplace(host, startAgent(host));
}

void Controller::Fleet::takeReady(const std::string& host, const AgentChannel& channel)
{
    for (auto id : m_list.byHost.at(host))
        m_served[id] = Served {};
    for (const auto& r : channel.ready) {
        if (r.id >= m_served.size() || m_list.endpoints[r.id].host != host)
            continue; // an id it was not given: ignored, its own endpoints stay unserved
        auto& s = m_served[r.id];
        s.ok = r.error.empty();
        s.udpPort = r.udpPort;
        s.qpn = r.qpn;
        s.qkey = r.qkey;
        s.reason = r.reason == Reason::EmptySlot ? Reason::EmptySlot : Reason::AgentDown;
    }
    m_up.insert(host);
}

void Controller::Fleet::waitReady()
{
    // A first start copies the probe to every host: as ensureProbe allows, a second per MB on top (an ASan probe
    // of 20 MB to six emulated guests at once takes longer than the start itself).
    std::error_code error;
    const auto bytes = std::filesystem::file_size(m_options.probePath, error);
    const auto copy = error ? milliseconds(0) : milliseconds(static_cast<long long>(bytes / 1000));
    const auto wait = m_options.startTimeout + copy;
    const auto deadline = Steady::now() + wait;
    std::unique_lock lock(m_hub.mutex);
    for (;;) {
        const bool all = std::ranges::all_of(m_channels,
            [](const auto& c) { return c.second->isReady || c.second->ended || c.second->state == AgentState::Down; });
        // Agents wait at the start gate (kAgentStartsAtOnce) in a large fleet: each has its full start time from
        // when it passed the gate, not from when the first ones did.
        const bool late = m_hub.queued == 0 && Steady::now() >= std::max(deadline, m_hub.lastAdmitted + wait);
        if (all || cancelled() || late)
            break;
        m_hub.changed.wait_for(lock, milliseconds(50));
    }
    std::vector<std::pair<std::string, std::string>> late;
    for (const auto& [host, c] : m_channels) {
        if (c->state == AgentState::Up)
            takeReady(host, *c);
        else if (!c->ended && c->state != AgentState::Down)
            late.emplace_back(host, "not ready within " + std::to_string(wait.count()) + " ms");
    }
    lock.unlock();
    for (const auto& [host, why] : late)
        m_channels.at(host)->giveUp(why);
    std::map<std::string, std::string> detail;
    for (const auto& [host, state] : states(detail))
        report(host, state, detail[host]);
}

void Controller::Fleet::restartDown()
{
    std::vector<std::string> again;
    {
        std::lock_guard lock(m_hub.mutex);
        for (const auto& [host, c] : m_channels) {
            const bool down = c->ended || c->state == AgentState::Down;
            if (down) {
                noteGidIndexes(host, *c);
                m_up.erase(host);
                if (Steady::now() - m_started[host] >= m_options.restartPause)
                    again.push_back(host);
            } else if (!m_up.contains(host) && c->isReady && c->state == AgentState::Up) {
                takeReady(host, *c);
            }
        }
    }
    for (const auto& host : again) {
        auto& slot = m_channels.at(host);
        slot->close();
        slot = startAgent(host);
    }
    std::map<std::string, std::string> detail;
    for (const auto& [host, state] : states(detail))
        report(host, state, detail[host]);
}

void Controller::Fleet::noteGidIndexes(const std::string& host, const AgentChannel& channel)
{
    for (const auto& [id, link] : channel.links) {
        // Only its own RDMA endpoints, and only an index it serves from (a GID gone from the table says -1).
        if (id < m_list.endpoints.size() && m_list.endpoints[id].host == host && !m_list.endpoints[id].udp()
            && link.gidIndex >= 0 && link.state != LinkState::Down)
            m_gidIndex[id] = link.gidIndex;
    }
}

void Controller::Fleet::followLinks()
{
    std::lock_guard lock(m_hub.mutex);
    for (const auto& [host, c] : m_channels) {
        if (!m_up.contains(host))
            continue;
        noteGidIndexes(host, *c);
        for (const auto& [id, link] : c->links) {
            if (id < m_served.size() && m_list.endpoints[id].host == host && link.qpn != 0 && m_served[id].ok)
                m_served[id].qpn = link.qpn;
        }
    }
}

std::map<std::uint32_t, std::string> Controller::Fleet::takePortsDown()
{
    std::lock_guard lock(m_hub.mutex);
    std::map<std::uint32_t, std::string> out;
    for (const auto& [host, c] : m_channels) {
        auto said = std::move(c->linkDownSeen);
        c->linkDownSeen.clear();
        for (const auto& [id, link] : c->links) {
            if (link.state == LinkState::Down)
                said.insert(id);
        }
        for (auto id : said) {
            if (id >= m_list.endpoints.size() || m_list.endpoints[id].host != host)
                continue; // only its own endpoints: a host cannot say another's port is down
            auto it = c->links.find(id);
            out[id] = it == c->links.end() || it->second.state != LinkState::Down ? "down during the round"
                                                                                  : it->second.detail;
        }
        const auto now = Steady::now();
        for (auto it = c->linkBack.begin(); it != c->linkBack.end();) {
            const double ago = duration<double>(now - it->second.first).count();
            if (ago > m_options.portSettleS) {
                it = c->linkBack.erase(it);
                continue;
            }
            const auto id = it->first;
            if (id < m_list.endpoints.size() && m_list.endpoints[id].host == host && !out.contains(id))
                out[id] = "up again " + std::to_string(static_cast<int>(ago))
                    + " s ago (settling); down before: " + it->second.second;
            ++it;
        }
    }
    return out;
}

std::set<std::uint32_t> Controller::Fleet::unsettledPorts()
{
    std::lock_guard lock(m_hub.mutex);
    std::set<std::uint32_t> out;
    const auto now = Steady::now();
    for (const auto& [host, c] : m_channels) {
        auto own = [&](std::uint32_t id) { return id < m_list.endpoints.size() && m_list.endpoints[id].host == host; };
        for (auto id : c->linkDownSeen) {
            if (own(id))
                out.insert(id);
        }
        for (const auto& [id, link] : c->links) {
            if (link.state == LinkState::Down && own(id))
                out.insert(id);
        }
        for (const auto& [id, back] : c->linkBack) {
            if (duration<double>(now - back.first).count() <= m_options.portSettleS && own(id))
                out.insert(id);
        }
    }
    return out;
}

std::optional<Reason> Controller::Fleet::unusable(std::uint32_t endpoint) const
{
    const auto& host = m_list.endpoints[endpoint].host;
    if (!m_up.contains(host))
        return Reason::AgentDown;
    const auto& s = m_served[endpoint];
    if (!s.ok)
        return s.reason;
    return std::nullopt;
}

std::vector<CellResult> Controller::Fleet::runPhase(
    std::uint64_t phase, const std::vector<Probe>& probes, bool secondPass)
{
    const double lengthS = secondPass ? m_options.secondPassS : m_options.durationS;
    if (!secondPass)
        m_lateWhy.clear(); // a round's own: the localiser's host-busy note on a late host says why
    followLinks();
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
    // The cells each agent was given, and which of them it reported: 9 bytes a cell, where sets of pairs took a
    // hundred (60 000 cells at 1 000 hosts).
    std::map<std::string, AskedCells> asked;
    cells.reserve(probes.size());
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
        asked[host].add(p.from, p.to);
    }
    for (auto& [host, cellsAsked] : asked)
        cellsAsked.seal();
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
        // Sent: only the host's name is needed from here on.
        targets.clear();
        targets.shrink_to_fit();
    }

    const auto phaseStart = Steady::now();
    const auto deadline
        = phaseStart + duration_cast<Steady::duration>(duration<double>(lengthS + m_options.phaseSlackS));
    // Agents still silent this long after the phase ended are asked about at once, beside the wait: one that is
    // stopped or gone, or whose host no longer answers, is given up then, not at the deadline.
    const auto askAt = phaseStart
        + duration_cast<Steady::duration>(duration<double>(lengthS + m_options.probeTimeoutS + m_options.lateAskS));
    std::future<std::map<std::string, LateVerdict>> earlyAsk;
    std::map<std::string, LateVerdict> early; ///< its answers: not asked again at the deadline
    bool askedEarly = askAt >= deadline;
    std::size_t observed = cells.size();
    HostStalls stalled;
    std::set<std::string> stalledNow;
    auto lastBatch = Steady::now();
    std::set<std::string> finished;
    std::unique_lock lock(m_hub.mutex);
    for (;;) {
        for (auto& [host, targets] : perHost) {
            auto& c = *m_channels.at(host);
            for (const auto& result : c.results) {
                if (result.phase != phase)
                    continue;
                if (result.stalledS > 0) {
                    stalled.note(host, result.tS, result.stalledS);
                    stalledNow.insert(host);
                }
                for (const auto& h : result.held) {
                    // Only probes towards this host's own endpoints: a host cannot excuse another's losses.
                    if (h.from < m_list.endpoints.size() && h.to < m_list.endpoints.size()
                        && m_list.endpoints[h.to].host == host)
                        stalled.held(h.from, h.to, h.count);
                }
                auto& mine = asked[host];
                for (const auto& a : result.cells) {
                    // Only what this agent was asked: a host cannot fill in cells of others.
                    const auto at = mine.find(a.from, a.to);
                    if (!at)
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
                    mine.reported[*at] = true;
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
        if (!askedEarly && Steady::now() >= askAt) {
            askedEarly = true;
            std::vector<std::string> silent;
            // Only a host whose responder is silent too (the agent answers its peers' probes: one that still answers
            // most of them runs) and whose agent did not stall lately: a busy host's agent is late, not stopped, and
            // an SSH login would only load it further. In the lab a fault planter's own login stalls a 1-vCPU guest
            // just before it stops the agent, so there that agent is told at the deadline.
            std::map<std::string, std::pair<std::uint64_t, std::uint64_t>> towards; ///< host -> sent, received
            for (const auto& c : cells) {
                auto& [sent, received] = towards[m_list.endpoints[c.to].host];
                sent += c.sent;
                received += c.received;
            }
            for (const auto& [host, targets] : perHost) {
                const auto [sent, received] = towards[host];
                if (!finished.contains(host) && (sent == 0 || 2 * received < sent) && !m_stalledLastPhase.contains(host)
                    && !stalledNow.contains(host) && !m_latePhases.contains(host))
                    silent.push_back(host);
            }
            if (!silent.empty() && silent.size() <= kLateAskAtOnce) {
                lock.unlock();
                earlyAsk = std::async(std::launch::async, [this, silent] { return askHosts(silent); });
                lock.lock();
            }
        }
        if (earlyAsk.valid() && earlyAsk.wait_for(milliseconds(0)) == std::future_status::ready) {
            lock.unlock();
            early = earlyAsk.get();
            for (const auto& [host, verdict] : early)
                if (verdict.over && !finished.contains(host)) // an answer since then outweighs the SSH question
                    m_channels.at(host)->giveUp("no results of phase " + std::to_string(phase) + " "
                        + std::to_string(
                            static_cast<int>(std::lround(lengthS + m_options.probeTimeoutS + m_options.lateAskS)))
                        + " s after it started" + verdict.said);
            lock.lock();
            continue; // given up agents count as finished on the next look
        }
        m_hub.changed.wait_for(lock, milliseconds(50));
    }
    // On cancel the agents are stopped, not given up: they did nothing wrong.
    std::vector<std::string> late;
    for (const auto& [host, targets] : perHost) {
        if (!finished.contains(host) && !cancelled())
            late.push_back(host);
    }
    lock.unlock();
    m_stalledLastPhase = std::move(stalledNow);
    if (earlyAsk.valid())
        early = earlyAsk.get(); // its connections end before the phase does
    std::vector<std::string> unasked;
    for (const auto& host : late)
        if (!early.contains(host))
            unasked.push_back(host);
    auto answered = askHosts(unasked);
    answered.merge(early);
    std::map<std::string, int> lateNow;
    for (const auto& host : late) {
        const auto& verdict = answered[host];
        const std::string why = "no results of phase " + std::to_string(phase) + " within "
            + std::to_string(static_cast<int>(lengthS + m_options.phaseSlackS)) + " s" + verdict.said;
        const int times = (m_latePhases.contains(host) ? m_latePhases[host] : 0) + 1;
        if (verdict.runs && times < kLatePhases) {
            // Its process runs: the host is too loaded to keep up (a saturated CPU, a VM's steal). Giving it up would
            // restart it on that host and call it a dead agent; it ends this phase when the next one starts.
            lateNow[host] = times;
            m_lateWhy[host] = why;
            continue;
        }
        m_channels.at(host)->giveUp(
            why + (times > 1 ? ", late " + std::to_string(times) + " phases running" : std::string()));
    }
    m_latePhases = std::move(lateNow);
    // What an agent never reported (it died, or was given up) is the agent's fault, not the network's; what a late
    // but running one did not is its host's.
    for (const auto& [host, mine] : asked) {
        const auto reason = m_latePhases.contains(host) ? Reason::HostBusy : Reason::AgentDown;
        for (std::size_t i = 0; i < mine.keys.size(); ++i)
            if (!mine.reported[i])
                unprobed(
                    static_cast<std::uint32_t>(mine.keys[i] >> 32), static_cast<std::uint32_t>(mine.keys[i]), reason);
    }
    // Cells already passed to the observer keep their raw counts there; the round's own cells are these.
    if (!stalled.empty()) {
        std::map<std::string, double> rates; // the prober's own: a loaded host backs off
        for (const auto& [host, targets] : perHost) {
            const auto done = doneOf(host, phase);
            rates[host] = done && done->rate > 0 ? done->rate : m_options.rate;
        }
        stalled.excuse(cells, m_list, wallStart, rates, m_options.probeTimeoutS, unsettledPorts());
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

std::map<std::string, LateVerdict> Controller::Fleet::askHosts(const std::vector<std::string>& hosts)
{
    if (hosts.empty() || cancelled())
        return {};
    std::vector<LateAgent> late;
    late.reserve(hosts.size());
    {
        std::lock_guard lock(m_hub.mutex);
        for (const auto& host : hosts)
            late.push_back({ host, m_channels.at(host)->pid });
    }
    return askLateHosts(
        late, m_channels.size(), [this](const std::string& host) { return m_factory(m_specs.at(host)); });
}

std::map<std::string, AgentState> Controller::Fleet::states(std::map<std::string, std::string>& detail)
{
    std::lock_guard lock(m_hub.mutex);
    std::map<std::string, AgentState> out;
    for (const auto& [host, c] : m_channels) {
        // An agent that ended without being asked to is down, whatever it said last.
        out[host] = c->ended && c->state != AgentState::Stopped ? AgentState::Down : c->state;
        auto late = m_lateWhy.find(host);
        detail[host] = late != m_lateWhy.end() && out[host] == AgentState::Up ? late->second : c->detail;
    }
    return out;
}

std::optional<AgentDone> Controller::Fleet::doneOf(const std::string& host, std::uint64_t phase)
{
    std::lock_guard lock(m_hub.mutex);
    const auto& c = *m_channels.at(host);
    auto it = c.done.find(phase);
    if (it == c.done.end())
        return std::nullopt;
    return it->second;
}

void Controller::Fleet::stopAll()
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

void Controller::Fleet::closeAll()
{
    if (m_closed)
        return;
    m_closed = true;
    for (auto& [host, c] : m_channels)
        c->close();
}

Controller::Controller(
    std::vector<FabricHost> hosts, Topology topology, ExecutorFactory factory, ControllerOptions options)
    : m_hosts(std::move(hosts))
    , m_topology(std::move(topology))
    , m_factory(std::move(factory))
    , m_options(std::move(options))
{ }

Controller::~Controller()
{
    // The observer may be gone already (declared after the controller): the last states are not reported.
    if (m_fleet)
        m_fleet->detachObserver();
    stop();
}

Result<void> Controller::start(
    FabricObserver* observer, const std::atomic<bool>* cancel, std::chrono::milliseconds lifetime)
{
    if (m_fleet)
        return fail(ErrorKind::Validation, "the agents are already running", "fabric check");
    m_observer = observer;
    m_cancel = cancel;
    m_raised.clear();
    m_lastPortsDown.clear();
    m_lifetimeEnd = Steady::now() + lifetime;
    return startFleet(lifetime);
}

Result<void> Controller::startFleet(std::chrono::milliseconds lifetime)
{
    if (m_hosts.empty())
        return fail(ErrorKind::Validation, "no hosts to probe", "fabric check");
    std::map<std::string, HostSpec> specs;
    std::vector<HostFacts> facts;
    for (const auto& h : m_hosts) {
        if (!specs.emplace(h.spec.name, h.spec).second)
            return fail(ErrorKind::Validation, "host '" + h.spec.name + "' is listed twice", "fabric check");
        facts.push_back(pinglistFacts(h, m_options.rdma));
    }
    auto pinglist = buildPinglist(facts, m_topology, m_options.pinglist);
    if (!pinglist)
        return std::unexpected(pinglist.error());
    m_pinglist = std::move(*pinglist);
    const auto t0 = Steady::now();
    m_fleet = std::make_unique<Fleet>(m_options, m_pinglist, m_observer, m_cancel, std::move(specs), m_factory);
    m_fleet->startAgents(lifetime);
    m_fleet->waitReady();
    m_startSeconds = duration<double>(Steady::now() - t0).count();
    if (m_fleet->cancelled()) {
        stop();
        return fail(ErrorKind::Cancelled, "the fabric check was cancelled; every agent was stopped", "fabric check");
    }
    return {};
}

namespace {

/// The GIDs a host's RoCE ports hold, as one text: what the pinglist's RDMA endpoints are made of.
std::string gidTable(const HostFacts& facts)
{
    std::string out;
    for (const auto& d : facts.devices) {
        for (const auto& p : d.ports) {
            for (const auto& g : p.gids) {
                out += d.name + "/" + std::to_string(p.number) + "#" + std::to_string(g.index) + "=" + g.gid + " "
                    + toString(g.type) + " " + g.netdev + ";";
            }
        }
    }
    return out;
}

/// What changed, by value (a renumbered address's GIDs come back at other indexes): "gone: GID (rxe0/1 index 1, 2);
/// new: GID (rxe0/1 index 3, 4)".
std::string gidChange(const HostFacts& before, const HostFacts& after)
{
    auto byValue = [](const HostFacts& facts) {
        std::map<std::string, std::string> out; // GID -> "rxe0/1 index 1, 2"
        for (const auto& d : facts.devices) {
            for (const auto& p : d.ports) {
                for (const auto& g : p.gids) {
                    auto& places = out[g.gid];
                    const std::string port = d.name + "/" + std::to_string(p.number);
                    places
                        += places.empty() ? port + " index " + std::to_string(g.index) : ", " + std::to_string(g.index);
                }
            }
        }
        return out;
    };
    const auto old = byValue(before);
    const auto now = byValue(after);
    auto list = [](const std::map<std::string, std::string>& from, const std::map<std::string, std::string>& other) {
        std::string out;
        for (const auto& [gid, places] : from) {
            if (!other.contains(gid))
                out += (out.empty() ? "" : "; ") + gid + " (" + places + ")";
        }
        return out;
    };
    const auto gone = list(old, now);
    const auto added = list(now, old);
    if (gone.empty() && added.empty())
        return "a GID's index, type or netdev";
    return (gone.empty() ? std::string() : "gone: " + gone) + (gone.empty() || added.empty() ? "" : "; ")
        + (added.empty() ? std::string() : "new: " + added);
}

} // namespace

std::vector<std::pair<std::string, std::string>> Controller::rediscoverLostGids()
{
    std::vector<std::pair<std::string, std::string>> out;
    std::set<std::string> lost;
    for (const auto& [endpoint, detail] : m_lastPortsDown) {
        if (endpoint < m_pinglist.endpoints.size() && !m_pinglist.endpoints[endpoint].udp()
            && detail.find(kGidLeftTable) != std::string::npos)
            lost.insert(m_pinglist.endpoints[endpoint].host);
    }
    const auto now = Steady::now();
    for (const auto& name : lost) {
        auto last = m_rediscoveredAt.find(name);
        if (last != m_rediscoveredAt.end() && now - last->second < m_options.rediscoverPause)
            continue;
        m_rediscoveredAt[name] = now;
        auto host = std::ranges::find_if(m_hosts, [&](const FabricHost& h) { return h.spec.name == name; });
        if (host == m_hosts.end())
            continue;
        auto fresh = m_options.rediscover(host->spec);
        if (!fresh || gidTable(*fresh) == gidTable(host->facts))
            continue; // unreachable now, or the same table: the port-down finding says it
        out.emplace_back(name, gidChange(host->facts, *fresh));
        host->facts = std::move(*fresh);
    }
    return out;
}

void Controller::stop()
{
    if (!m_fleet)
        return;
    m_fleet->stopAll();
    m_fleet.reset();
}

Result<FabricRound> Controller::nextRound()
{
    if (!m_fleet)
        return fail(ErrorKind::Validation, "no agents running: start() first", "fabric check");
    std::vector<std::pair<std::string, std::string>> rediscovered;
    if (m_round > 0 && m_options.rediscover && !m_fleet->cancelled())
        rediscovered = rediscoverLostGids();
    if (!rediscovered.empty()) {
        // Peers need the new GIDs as targets: a new pinglist for everyone, every agent started again on it.
        stop();
        const auto left = std::max(milliseconds(60000), duration_cast<milliseconds>(m_lifetimeEnd - Steady::now()));
        if (auto started = startFleet(left); !started)
            return std::unexpected(started.error());
        m_lastPortsDown.clear(); // indexes of the old table
    }
    auto& fleet = *m_fleet;
    auto cancelled = [&]() -> Result<FabricRound> {
        stop();
        return fail(ErrorKind::Cancelled, "the fabric check was cancelled; every agent was stopped", "fabric check");
    };
    if (fleet.cancelled())
        return cancelled();
    if (m_round > 0 && rediscovered.empty())
        fleet.restartDown();

    FabricRound round;
    round.rediscovered = std::move(rediscovered);
    round.pinglist = m_pinglist;
    const auto& list = round.pinglist;
    round.summary.round = ++m_round;
    round.summary.started = Clock::now();
    round.startSeconds = m_round == 1 || !round.rediscovered.empty() ? m_startSeconds : 0.0;
    const auto t0 = Steady::now();
    if (m_observer)
        m_observer->roundStarted(
            { round.summary.round, round.summary.started, list.endpoints.size(), list.probes.size() });

    // Two phases a round, numbered on across the rounds of a watch.
    const std::uint64_t phase = 2 * m_round - 1;
    auto lap = Steady::now();
    auto seconds = [&lap] {
        const auto now = Steady::now();
        return duration<double>(now - std::exchange(lap, now)).count();
    };
    round.cells = fleet.runPhase(phase, list.probes, false);
    applyExpectations(list, round.cells);
    round.timing.firstPass = seconds();
    if (fleet.cancelled())
        return cancelled();
    auto second = planSecondPass(list, round.cells, m_options.secondPass);
    if (!second.probes.empty()) {
        auto more = fleet.runPhase(phase + 1, second.probes, true);
        applyExpectations(list, more);
        round.cells.insert(round.cells.end(), more.begin(), more.end());
        if (fleet.cancelled())
            return cancelled();
    }
    round.timing.secondPass = seconds();

    round.agents = fleet.states(round.agentDetail);
    for (const auto& host : list.hosts) {
        if (auto done = fleet.doneOf(host, phase)) {
            round.agentCpuPercent[host] = done->cpuPercent;
            round.agentRate[host] = done->rate;
            if (done->counters)
                round.hostCounters[host] = *done->counters;
        }
    }
    // A round where no agent could probe ends at once: without this a watch of hosts that are all down would spin
    // through rounds as fast as the CPU allows.
    const auto minimum = duration_cast<Steady::duration>(duration<double>(m_options.durationS));
    while (Steady::now() - t0 < minimum && !fleet.cancelled())
        std::this_thread::sleep_for(milliseconds(50));
    const auto now = Clock::now();
    round.portsDown = fleet.takePortsDown();
    m_lastPortsDown = round.portsDown;
    seconds();
    auto findings = localise(list, round.cells, round.agents, m_options.localise, now, round.portsDown);
    joinTroubleshooter(findings, m_options.troubleshooter);
    explainAgentFindings(findings, round.agentDetail, "controller");
    round.timing.judge = seconds();

    round.summary.seconds = duration<double>(Steady::now() - t0).count() + round.startSeconds;
    round.summary.cellsProbed = round.cells.size();
    round.summary.cellsFailed = static_cast<std::size_t>(
        std::ranges::count_if(round.cells, [](const CellResult& c) { return c.failed() && !c.expected; }));
    noteChanges(m_raised, findings, round);
    round.summary.findings = std::move(findings);
    if (m_observer) {
        for (const auto& f : round.summary.findings) {
            if (std::ranges::find(round.raised, f.id()) != round.raised.end())
                m_observer->findingRaised(f);
        }
        for (const auto& id : round.cleared)
            m_observer->findingCleared(id);
        m_observer->roundFinished(round.summary);
    }
    return round;
}

void explainAgentFindings(
    std::vector<FabricFinding>& findings, const std::map<std::string, std::string>& agentDetail, const char* source)
{
    for (auto& f : findings) {
        auto why = agentDetail.find(f.element.name);
        if ((f.klass != ElementKind::HostAgent && f.klass != ElementKind::HostBusy) || why == agentDetail.end()
            || why->second.empty())
            continue;
        f.finding.evidence.insert(f.finding.evidence.begin(),
            diag::Evidence { f.element.name, "its agent", why->second, source, "this round" });
        f.finding.explanation += " Here: " + why->second + ".";
    }
}

void noteChanges(std::map<std::string, FabricFinding>& last, std::vector<FabricFinding>& findings, FabricRound& round)
{
    // A finding keeps when it was first seen; it is raised again only when where or how sure changed, and cleared
    // when the round no longer names it.
    std::map<std::string, FabricFinding> raisedNow;
    for (auto& f : findings) {
        const auto id = f.id();
        auto before = last.find(id);
        bool changed = true;
        if (before != last.end()) {
            f.firstSeen = before->second.firstSeen;
            changed = std::abs(before->second.confidence - f.confidence) > 0.05
                || before->second.finding.title != f.finding.title
                || before->second.finding.severity != f.finding.severity;
        }
        if (changed)
            round.raised.push_back(id);
        raisedNow.emplace(id, f);
    }
    for (const auto& [id, f] : last) {
        if (!raisedNow.contains(id))
            round.cleared.push_back(id);
    }
    last = std::move(raisedNow);
}

Result<FabricRound> Controller::runRound(FabricObserver* observer, const std::atomic<bool>* cancel)
{
    // The agents live through the round and its second pass, with room for slow starts and a loaded host.
    const double probingS
        = m_options.durationS + m_options.secondPassS + 2 * (m_options.probeTimeoutS + m_options.phaseSlackS);
    // Agents start kAgentStartsAtOnce at a time, all sharing one end of life: the first ones must outlive the last
    // one's start (1 000 netns hosts took 61 s to start, and 809 agents reached their end mid-round).
    const auto waves = static_cast<long>((m_hosts.size() + kAgentStartsAtOnce - 1) / kAgentStartsAtOnce);
    const auto lifetime
        = m_options.startTimeout * std::max(1L, waves) + duration_cast<milliseconds>(duration<double>(probingS + 30.0));
    if (auto ok = start(observer, cancel, lifetime); !ok)
        return std::unexpected(ok.error());
    auto round = nextRound();
    stop();
    return round;
}

} // namespace rp::fabric

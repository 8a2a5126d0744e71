// SPDX-License-Identifier: GPL-3.0-or-later
#include "fabric/agent.h"

#include "counters/hostcounterreader.h"

#include "fabric/probetransport.h"
#include "perf/protocol.h"

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <deque>
#include <map>
#include <optional>
#include <queue>
#include <set>
#include <thread>
#include <utility>

#include <fcntl.h>
#include <poll.h>
#include <sys/resource.h>
#include <unistd.h>

namespace rp::fabric {
namespace {

using Steady = std::chrono::steady_clock;
using std::chrono::duration;
using std::chrono::duration_cast;
using std::chrono::milliseconds;

/// A hostile or broken controller cannot make the agent hold more than this many targets.
constexpr std::size_t kMaxStagedTargets = std::size_t { 1 } << 18;

struct TargetStats
{
    std::uint32_t sent = 0;
    std::uint32_t received = 0;
    bool blocked = false; ///< a send failed with EPERM/EACCES: a local firewall refused it
    std::vector<double> rtt;
    std::vector<double> prober;
    std::vector<double> responder;
};

double agentPercentile(std::vector<double>& values, double q)
{
    if (values.empty())
        return 0.0;
    const auto at = std::min(
        values.size() - 1, static_cast<std::size_t>(std::lround(q * static_cast<double>(values.size() - 1))));
    std::nth_element(values.begin(), values.begin() + static_cast<std::ptrdiff_t>(at), values.end());
    return values[at];
}

double cpuSeconds()
{
    rusage use {};
    ::getrusage(RUSAGE_SELF, &use);
    return static_cast<double>(use.ru_utime.tv_sec + use.ru_stime.tv_sec)
        + static_cast<double>(use.ru_utime.tv_usec + use.ru_stime.tv_usec) / 1e6;
}

double loadAverage()
{
    double load = 0.0;
    if (FILE* f = std::fopen("/proc/loadavg", "re")) {
        if (std::fscanf(f, "%lf", &load) != 1)
            load = 0.0;
        std::fclose(f);
    }
    return load;
}

/// How often the agent looks at its own links (and lets the transport rebind after a port bounce).
constexpr auto kLinkCheckEvery = milliseconds(500);
/// A loop turn that took this much longer than its poll asked was a stall: the agent did not run (a saturated CPU,
/// a paused VM). Its answers were late for the host's sake, and its own timeouts must not count that time.
constexpr auto kStallMin = milliseconds(50);
/// Distinct (prober, endpoint) pairs of held probes an interval keeps: a ToR-mesh host has far fewer peers' cells.
constexpr std::size_t kAgentMaxHeldKeys = std::size_t { 1 } << 16;
/// How long after its own last probe an agent that has every reply still waits before reporting: the controller's
/// start reaches the agents one after another, so peers send towards this host a little beyond its own end.
constexpr double kPeerTailS = 0.2;
/// Stalls are remembered this long: longer than any interval plus its timeout.
constexpr auto kStallMemory = std::chrono::seconds(120);
/// A probe due this soon goes out with the one due now: one wake-up sends a batch. Each target keeps its own
/// period (the next probe is due a period after this one was due), so no target is probed faster than its rate.
constexpr auto kSendAhead = milliseconds(10);
/// The longest a loop turn waits with nothing due. The agent of a controller wakes for its input, its sockets and
/// its timers; a wake-up for nothing costs a quiet host little, but a thousand agents sharing two cores in the
/// netns fleet spent most of their CPU on them (every 100 ms, and every 20 ms while replies were pending).
constexpr auto kLongestWait = milliseconds(500);
/// The standalone agent (AgentIo::feed) moves on in loop turns: it turns at least this often.
constexpr auto kFeedTurn = milliseconds(100);

/// The first line of a small sysfs file (at most 64 bytes), trimmed; nothing when it cannot be read.
std::optional<std::string> readSysfsWord(const std::string& path)
{
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NOFOLLOW);
    if (fd < 0)
        return std::nullopt;
    char buffer[64];
    const ssize_t got = ::read(fd, buffer, sizeof buffer);
    ::close(fd);
    if (got < 0)
        return std::nullopt;
    std::string word(buffer, static_cast<std::size_t>(got));
    if (auto nl = word.find('\n'); nl != std::string::npos)
        word.resize(nl);
    for (char c : word) {
        if (c < 0x21 || c > 0x7e)
            return std::nullopt; // not a sysfs word: not believed
    }
    return word;
}

class AgentLoop
{
public:
    explicit AgentLoop(const AgentIo& io)
        : m_io(io)
    { }

    int run();

private:
    struct Pending
    {
        std::size_t target = 0;
        std::size_t interval = 0;
        Steady::time_point sentAt;
        Steady::duration stalledAtSend {}; ///< m_stalledTotal when it was sent
    };

    struct Phase
    {
        AgentStart start;
        std::vector<AgentTarget> targets;
        Steady::time_point t0;
        Steady::time_point sendEnd;
        Steady::duration period {};
        Steady::duration interval {};
        Steady::duration ahead {}; ///< kSendAhead, or less for a period shorter than twice that
        std::size_t intervals = 1;
        std::size_t flushed = 0;
        std::vector<std::vector<TargetStats>> stats; ///< [interval][target]
        /// [interval]: peers' probes this agent answered late, by (prober's endpoint, ours)
        std::vector<std::map<std::pair<std::uint32_t, std::uint32_t>, std::uint32_t>> held;
        using Due = std::pair<Steady::time_point, std::size_t>;
        std::priority_queue<Due, std::vector<Due>, std::greater<>> due;
        double cpuAtStart = 0.0;
        counters::Values countersAtStart;
        double countersAtStartS = 0.0;
    };

    struct Stall
    {
        Steady::time_point from;
        Steady::time_point to;
    };

    bool emit(const AgentMessage& m)
    {
        if (!m_io.output(m)) {
            m_done = true;
            return false;
        }
        return true;
    }
    void fatal(ErrorKind kind, const std::string& message)
    {
        emit(AgentError { kind, message, "agent" });
        m_exit = 1;
        m_done = true;
    }
    void complain(ErrorKind kind, const std::string& message) { emit(AgentError { kind, message, "agent" }); }

    void readInput();
    /// Reads what the controller sent if anything is waiting; false when nothing was (or its input ended).
    bool inputWaiting();
    void handle(const AgentMessage& message);
    void serve(const AgentServe& serve);
    void stage(const AgentTargets& targets);
    void startPhase(const AgentStart& start);
    void sendDue(Steady::time_point now);
    void collect();
    /// Counts the answered probes that waited on this host: all of them after a stall, else those held long.
    void noteHeld(bool afterStall, Steady::time_point now);
    void expire(Steady::time_point now);
    /// `force`: every interval goes out now, answered or not (the phase is ended early).
    void flush(Steady::time_point now, bool force = false);
    void checkLinks(Steady::time_point now);
    Steady::time_point nextWake(Steady::time_point now) const;
    /// A check-in of the loop: time since the last one beyond `allowed` (a poll's wait) was a stall.
    void tick(Steady::time_point now, Steady::duration allowed = Steady::duration::zero());
    Steady::duration stalledBetween(Steady::time_point from, Steady::time_point to) const;
    /// `timeout` of the agent's running time has passed since `since`: the time it was stalled does not count.
    bool ranFor(Steady::time_point since, Steady::time_point now, Steady::duration timeout) const
    {
        return now - since - stalledBetween(since, now) >= timeout;
    }
    /// When a pending probe's timeout of running time is over (the stalls since it was sent do not count).
    Steady::time_point expiresAt(const Pending& p, Steady::duration timeout) const
    {
        return p.sentAt + timeout + (m_stalledTotal - p.stalledAtSend);
    }

    const AgentIo& m_io;
    perf::LineSplitter m_splitter;
    std::optional<AgentHello> m_hello;
    Steady::time_point m_deadline = Steady::time_point::max();
    Steady::time_point m_lastInput = Steady::now(); ///< the controller's last line
    Steady::duration m_idle = Steady::duration::zero(); ///< zero: no limit
    std::unique_ptr<ProbeTransport> m_transport;
    bool m_served = false;
    std::set<std::uint32_t> m_ours;
    std::vector<AgentEndpoint> m_endpoints; ///< the served ones
    std::vector<AgentLinkEndpoint> m_links; ///< as last reported
    counters::HostCounterReader m_counters; ///< the served ports' and netdevs', read at a phase's start and end
    bool m_linkSent = false;
    Steady::time_point m_nextLinkCheck {};
    std::map<std::uint64_t, std::vector<AgentTarget>> m_staged;
    std::size_t m_stagedCount = 0;
    std::optional<Phase> m_phase;
    /// By sequence number, which is the order they were sent in: the oldest is the first to expire.
    std::map<std::uint64_t, Pending> m_pending;
    std::uint64_t m_seq = 0;
    std::vector<ReplyTimes> m_replies;
    std::vector<AnsweredProbe> m_answered;
    /// The loop found a stall since the last collect: what the transport reads next queued up meanwhile.
    bool m_stalledSinceCollect = false;
    std::vector<AgentMessage> m_fed;
    std::deque<Stall> m_stalls; ///< the agent's own, oldest first
    Steady::duration m_stalledTotal {}; ///< every stall since the start, summed
    std::vector<pollfd> m_fds; ///< the poll list, kept between turns
    Steady::time_point m_lastTick {}; ///< the loop's last check-in
    bool m_done = false;
    int m_exit = 0;
};

int AgentLoop::run()
{
    while (!m_done) {
        if (m_io.stop && m_io.stop->load())
            break;
        auto now = Steady::now();
        if (now >= m_deadline) {
            complain(ErrorKind::Timeout, "the agent's lifetime passed; exiting");
            break;
        }
        if (m_idle != Steady::duration::zero() && now - m_lastInput >= m_idle && !inputWaiting()) {
            complain(ErrorKind::Timeout, "nothing from the controller for its idle limit (the link dropped?); exiting");
            break;
        }
        if (m_io.feed) {
            m_fed.clear();
            m_io.feed(m_fed);
            for (const auto& message : m_fed) {
                if (m_done)
                    break;
                handle(message);
            }
            if (m_done)
                break;
        }
        // A negative descriptor is one poll leaves alone: the standalone agent has no controller's input.
        m_fds.clear();
        m_fds.push_back({ m_io.inFd, POLLIN, 0 });
        if (m_transport) {
            for (int fd : m_transport->fds())
                m_fds.push_back({ fd, POLLIN, 0 });
        }
        const auto longest = m_io.feed ? kFeedTurn : kLongestWait;
        const auto wait
            = std::clamp<long long>(duration_cast<milliseconds>(nextWake(now) - now).count() + 1, 0, longest.count());
        tick(Steady::now());
        const int ready = ::poll(m_fds.data(), m_fds.size(), static_cast<int>(wait));
        tick(Steady::now(), milliseconds(wait));
        if (ready < 0 && errno != EINTR) {
            fatal(ErrorKind::Io, "poll failed");
            break;
        }
        if (ready > 0 && m_io.inFd >= 0 && m_fds[0].revents != 0)
            readInput();
        if (m_transport && !m_done)
            collect();
        if (m_served && !m_done)
            checkLinks(Steady::now());
        if (m_phase && !m_done) {
            now = Steady::now();
            tick(now); // a stall while collecting must be known before anything expires
            sendDue(now);
            expire(now);
            flush(now);
        }
    }
    return m_exit;
}

Steady::time_point AgentLoop::nextWake(Steady::time_point now) const
{
    auto wake = std::min(m_deadline, now + kLongestWait);
    if (m_idle != Steady::duration::zero())
        wake = std::min(wake, m_lastInput + m_idle);
    if (m_served)
        wake = std::min(wake, m_nextLinkCheck);
    if (m_phase) {
        if (!m_phase->due.empty())
            wake = std::min(wake, m_phase->due.top().first - m_phase->ahead);
        if (!m_pending.empty()) {
            const auto timeout = duration_cast<Steady::duration>(duration<double>(m_phase->start.timeoutS));
            wake = std::min(wake, expiresAt(m_pending.begin()->second, timeout));
        }
        const auto end = m_phase->t0 + m_phase->interval * static_cast<long>(m_phase->flushed + 1);
        const auto timeout = duration_cast<Steady::duration>(duration<double>(m_phase->start.timeoutS));
        const auto tail = std::min(timeout, duration_cast<Steady::duration>(duration<double>(kPeerTailS)));
        if (end + tail > now)
            wake = std::min(wake, end + tail);
        wake = std::min(wake, end + timeout);
    }
    return wake;
}

void AgentLoop::tick(Steady::time_point now, Steady::duration allowed)
{
    if (m_lastTick != Steady::time_point {}) {
        const auto gap = now - m_lastTick - allowed;
        if (gap >= kStallMin) {
            m_stalls.push_back({ now - gap, now });
            m_stalledTotal += gap;
            m_stalledSinceCollect = true;
        }
    }
    m_lastTick = now;
    while (!m_stalls.empty() && m_stalls.front().to + kStallMemory < now)
        m_stalls.pop_front();
}

Steady::duration AgentLoop::stalledBetween(Steady::time_point from, Steady::time_point to) const
{
    Steady::duration total {};
    for (const auto& s : m_stalls) {
        const auto a = std::max(from, s.from);
        const auto b = std::min(to, s.to);
        if (b > a)
            total += b - a;
    }
    return total;
}

bool AgentLoop::inputWaiting()
{
    // An agent that could not run for a while (a loaded host) finds the controller's keepalive in its pipe: that
    // is input, read now, not a silent controller.
    if (m_io.inFd < 0)
        return false;
    pollfd fd { m_io.inFd, POLLIN, 0 };
    if (::poll(&fd, 1, 0) <= 0 || fd.revents == 0)
        return false;
    readInput();
    return !m_done;
}

void AgentLoop::readInput()
{
    char buffer[65536];
    const ssize_t got = ::read(m_io.inFd, buffer, sizeof buffer);
    if (got < 0 && errno == EINTR)
        return;
    if (got <= 0) {
        m_done = true; // EOF: the controller or its connection is gone
        return;
    }
    m_lastInput = Steady::now();
    auto fed = m_splitter.feed(std::string_view(buffer, static_cast<std::size_t>(got)), [&](std::string_view line) {
        if (m_done)
            return;
        auto message = decodeAgentLine(line);
        if (!message) {
            fatal(ErrorKind::Protocol, message.error().message);
            return;
        }
        handle(*message);
    });
    if (!fed)
        fatal(ErrorKind::Protocol, fed.error().message);
}

void AgentLoop::handle(const AgentMessage& message)
{
    if (!m_hello) {
        const auto* hello = std::get_if<AgentHello>(&message);
        if (!hello) {
            fatal(ErrorKind::Protocol, "the first line must be a hello");
            return;
        }
        if (hello->protocol != kAgentProtocolVersion) {
            fatal(ErrorKind::Protocol,
                "the controller speaks agent protocol " + std::to_string(hello->protocol) + ", this agent "
                    + std::to_string(kAgentProtocolVersion));
            return;
        }
        std::string why;
        m_transport = m_io.transportFor(*hello, why);
        if (!m_transport) {
            fatal(ErrorKind::Usage, why);
            return;
        }
        m_hello = *hello;
        m_deadline = Steady::now() + duration_cast<Steady::duration>(duration<double>(hello->lifetimeS));
        m_idle = duration_cast<Steady::duration>(duration<double>(hello->idleS));
        return;
    }
    if (const auto* serveMsg = std::get_if<AgentServe>(&message))
        serve(*serveMsg);
    else if (const auto* targets = std::get_if<AgentTargets>(&message))
        stage(*targets);
    else if (const auto* start = std::get_if<AgentStart>(&message))
        startPhase(*start);
    else if (std::holds_alternative<AgentStop>(message))
        m_done = true;
    else if (std::holds_alternative<AgentKeepalive>(message))
        return; // its arrival was the point (m_lastInput)
    else
        fatal(ErrorKind::Protocol, "a message only an agent sends came from the controller");
}

void AgentLoop::serve(const AgentServe& serveMsg)
{
    if (m_served) {
        complain(ErrorKind::Usage, "the endpoints are served already; serve is sent once");
        return;
    }
    m_served = true;
    AgentReady ready;
    ready.version = m_io.version;
    ready.pid = m_io.pid;
    ready.mode = m_transport->mode();
    ready.endpoints = m_transport->serve(serveMsg.endpoints);
    for (const auto& e : ready.endpoints) {
        if (e.error.empty())
            m_ours.insert(e.id);
    }
    std::set<std::pair<std::string, int>> ports;
    std::set<std::string> netdevs;
    for (const auto& e : serveMsg.endpoints) {
        if (!m_ours.contains(e.id))
            continue;
        m_endpoints.push_back(e);
        // What cannot be read (no hw_counters, a veth without statistics) is simply not in the host's counters.
        if (e.device != "udp" && ports.emplace(e.device, e.port).second)
            m_counters.addPort(m_io.sysfsRoot, e.device, e.port);
        if (!e.netdev.empty() && netdevs.insert(e.netdev).second)
            m_counters.addNetdev(e.netdev);
    }
    // Sent in parts like every list; the controller counts endpoints until it has them all.
    for (std::size_t i = 0; i < ready.endpoints.size() || i == 0; i += kAgentMaxItems) {
        AgentReady part = ready;
        const auto end = std::min(ready.endpoints.size(), i + kAgentMaxItems);
        part.endpoints.assign(ready.endpoints.begin() + static_cast<std::ptrdiff_t>(i),
            ready.endpoints.begin() + static_cast<std::ptrdiff_t>(end));
        if (!emit(part))
            return;
    }
    checkLinks(Steady::now()); // the first link line follows ready at once
}

void AgentLoop::checkLinks(Steady::time_point now)
{
    if (now < m_nextLinkCheck)
        return;
    m_nextLinkCheck = now + kLinkCheckEvery;
    std::map<std::uint32_t, AgentLinkEndpoint> ports;
    for (auto& p : m_transport->checkPorts())
        ports[p.id] = std::move(p);
    std::vector<AgentLinkEndpoint> links;
    std::map<std::string, std::pair<LinkState, std::string>> netdevs; // read once per check
    for (const auto& e : m_endpoints) {
        AgentLinkEndpoint l;
        l.id = e.id;
        std::vector<LinkState> said;
        std::string detail;
        if (!e.netdev.empty()) {
            auto [it, added] = netdevs.try_emplace(e.netdev);
            if (added)
                it->second.first = readNetdevLink(m_io.sysfsRoot, e.netdev, it->second.second);
            said.push_back(it->second.first);
            detail = it->second.second;
        }
        if (auto p = ports.find(e.id); p != ports.end()) {
            said.push_back(p->second.state);
            l.gidIndex = p->second.gidIndex;
            l.qpn = p->second.qpn;
            detail += (detail.empty() ? "" : "; ") + p->second.detail;
        }
        if (std::ranges::find(said, LinkState::Down) != said.end())
            l.state = LinkState::Down;
        else if (std::ranges::find(said, LinkState::Up) != said.end())
            l.state = LinkState::Up;
        l.detail = detail.substr(0, 256);
        links.push_back(std::move(l));
    }
    if (m_linkSent && links == m_links)
        return; // only changes are sent
    m_linkSent = true;
    m_links = links;
    for (std::size_t i = 0; i < links.size() || i == 0; i += kAgentMaxItems) {
        AgentLink part;
        const auto end = std::min(links.size(), i + kAgentMaxItems);
        part.endpoints.assign(
            links.begin() + static_cast<std::ptrdiff_t>(i), links.begin() + static_cast<std::ptrdiff_t>(end));
        if (!emit(part))
            return;
    }
}

void AgentLoop::stage(const AgentTargets& targets)
{
    if (!m_served) {
        fatal(ErrorKind::Protocol, "targets came before serve");
        return;
    }
    auto& list = m_staged[targets.phase];
    for (const auto& t : targets.targets) {
        if (!m_ours.contains(t.from)) {
            complain(ErrorKind::Usage,
                "target " + std::to_string(t.from) + "->" + std::to_string(t.to)
                    + " is from an endpoint this agent does not serve; skipped");
            continue;
        }
        if (m_stagedCount >= kMaxStagedTargets) {
            fatal(ErrorKind::Usage, "more than " + std::to_string(kMaxStagedTargets) + " targets");
            return;
        }
        list.push_back(t);
        ++m_stagedCount;
    }
}

void AgentLoop::startPhase(const AgentStart& start)
{
    if (m_phase) {
        // The controller gave up waiting for the running one (this host was too slow for it): what it has goes out
        // now, so that the new phase starts on time rather than a late one's timeout later.
        if (start.phase <= m_phase->start.phase) {
            complain(ErrorKind::Usage,
                "phase " + std::to_string(start.phase) + " asked while phase " + std::to_string(m_phase->start.phase)
                    + " runs; ignored");
            return;
        }
        flush(Steady::now(), true);
        if (m_phase)
            return; // the channel is gone
    }
    Phase p;
    p.start = start;
    p.start.rate = agentRate(start.rate, loadAverage(), std::max(1u, std::thread::hardware_concurrency()));
    if (auto it = m_staged.find(start.phase); it != m_staged.end()) {
        m_stagedCount -= it->second.size();
        p.targets = std::move(it->second);
        m_staged.erase(it);
    }
    p.t0 = Steady::now();
    const auto length = duration_cast<Steady::duration>(duration<double>(start.durationS));
    p.sendEnd = p.t0 + length;
    p.period = duration_cast<Steady::duration>(duration<double>(1.0 / p.start.rate));
    p.ahead = std::min<Steady::duration>(kSendAhead, p.period / 2);
    p.interval = start.intervalS > 0 ? duration_cast<Steady::duration>(duration<double>(start.intervalS)) : length;
    p.intervals = static_cast<std::size_t>(
        std::ceil(start.durationS / (start.intervalS > 0 ? start.intervalS : start.durationS) - 1e-9));
    p.intervals = std::max<std::size_t>(1, p.intervals);
    p.stats.assign(p.intervals, std::vector<TargetStats>(p.targets.size()));
    p.held.resize(p.intervals);
    // Spread the targets' first probes evenly over one period, so the agent sends a steady trickle, not bursts.
    for (std::size_t i = 0; i < p.targets.size(); ++i)
        p.due.emplace(p.t0 + p.period * static_cast<long>(i) / static_cast<long>(p.targets.size()), i);
    p.cpuAtStart = cpuSeconds();
    if (!m_counters.empty()) {
        p.countersAtStart = m_counters.read();
        p.countersAtStartS = duration<double>(Steady::now().time_since_epoch()).count();
    }
    m_phase = std::move(p);
}

void AgentLoop::sendDue(Steady::time_point now)
{
    if (!m_phase)
        return;
    auto& p = *m_phase;
    while (!p.due.empty() && p.due.top().first <= now + p.ahead) {
        auto [at, target] = p.due.top();
        p.due.pop();
        if (at >= p.sendEnd)
            continue;
        const auto interval = std::min(p.intervals - 1, static_cast<std::size_t>((at - p.t0) / p.interval));
        auto& stats = p.stats[interval][target];
        const std::uint64_t seq = ++m_seq;
        ++stats.sent;
        const int err = m_transport->send(p.targets[target], seq);
        if (err == 0)
            m_pending.emplace_hint(m_pending.end(), seq, Pending { target, interval, now, m_stalledTotal });
        else if (err == EPERM || err == EACCES)
            stats.blocked = true;
        // Late sends (a busy host) are not made up for: the rate is a ceiling, never exceeded in a burst.
        auto next = at + p.period;
        if (next < now)
            next = now + p.period;
        p.due.emplace(next, target);
    }
}

void AgentLoop::collect()
{
    m_replies.clear();
    m_transport->receive(m_replies);
    m_answered.clear();
    m_transport->takeAnswered(m_answered);
    const bool afterStall = std::exchange(m_stalledSinceCollect, false);
    if (!m_phase)
        return;
    if (!m_answered.empty())
        noteHeld(afterStall, Steady::now());
    for (const auto& r : m_replies) {
        auto it = m_pending.find(r.seq);
        if (it == m_pending.end())
            continue; // too late (counted lost) or not ours
        const auto& target = m_phase->targets[it->second.target];
        if (target.from != r.from || target.to != r.to)
            continue;
        auto& stats = m_phase->stats[it->second.interval][it->second.target];
        ++stats.received;
        stats.rtt.push_back(r.rttUs);
        stats.prober.push_back(r.proberDelayUs);
        stats.responder.push_back(r.responderDelayUs);
        m_pending.erase(it);
    }
}

void AgentLoop::noteHeld(bool afterStall, Steady::time_point now)
{
    if (!m_phase)
        return;
    auto& p = *m_phase;
    if (p.flushed >= p.intervals)
        return;
    // Into the interval running now (or the first not yet sent): the controller adds them up over the phase.
    const auto index
        = std::clamp(static_cast<std::size_t>(std::max<Steady::duration::rep>(0, ((now - p.t0) / p.interval))),
            p.flushed, p.intervals - 1);
    auto& held = p.held[index];
    const double longUs = p.start.timeoutS * 1e6 / 2;
    for (const auto& a : m_answered) {
        if (!afterStall && a.heldUs < longUs)
            continue;
        if (!m_ours.contains(a.to) || (held.size() >= kAgentMaxHeldKeys && !held.contains({ a.from, a.to })))
            continue;
        ++held[{ a.from, a.to }];
    }
}

void AgentLoop::expire(Steady::time_point now)
{
    if (!m_phase)
        return;
    const auto timeout = duration_cast<Steady::duration>(duration<double>(m_phase->start.timeoutS));
    // A reply the agent could not collect while it was stalled is late for the host's sake, not lost. The oldest
    // expires first: the running time since a send only shrinks along the list.
    while (!m_pending.empty() && expiresAt(m_pending.begin()->second, timeout) <= now)
        m_pending.erase(m_pending.begin());
}

void AgentLoop::flush(Steady::time_point now, bool force)
{
    if (!m_phase)
        return;
    auto& p = *m_phase;
    const auto timeout = duration_cast<Steady::duration>(duration<double>(p.start.timeoutS));
    while (p.flushed < p.intervals) {
        const auto begin = p.t0 + p.interval * static_cast<long>(p.flushed);
        const auto end = std::min(p.t0 + p.interval * static_cast<long>(p.flushed + 1), p.sendEnd);
        // Once every probe of the interval is answered nothing is left to wait for: a healthy phase ends soon after
        // its last reply, not a timeout later (a watch's rounds, and with them its detection, get shorter). Not at
        // once: peers started a little later still probe this host, and a stall of it while they do must be in
        // this result's stalled_s, or their late answers would count as a link's loss.
        const auto tail = std::min(timeout, duration_cast<Steady::duration>(duration<double>(kPeerTailS)));
        const bool answered = ranFor(end, now, tail)
            && std::ranges::none_of(m_pending, [&](const auto& item) { return item.second.interval == p.flushed; });
        if (!force && !answered && !ranFor(end, now, timeout))
            return;
        auto& stats = p.stats[p.flushed];
        AgentResult result;
        result.phase = p.start.phase;
        result.tS = duration<double>(p.interval * static_cast<long>(p.flushed)).count();
        result.intervalS = duration<double>(end - begin).count();
        // Peers' probes that reached this host while it was stalled were answered late: the controller counts them
        // as the host's delay, not as loss.
        result.stalledS = duration<double>(stalledBetween(begin, now)).count();
        std::vector<AgentHeld> held;
        held.reserve(p.held[p.flushed].size());
        for (const auto& [key, count] : p.held[p.flushed])
            held.push_back({ key.first, key.second, count });
        p.held[p.flushed].clear();
        std::size_t nextHeld = 0;
        const auto addHeld = [&] {
            while (nextHeld < held.size() && result.held.size() < kAgentMaxItems)
                result.held.push_back(held[nextHeld++]);
        };
        // A part that does not end the interval; false when the controller's channel is gone.
        const auto sendPart = [&] {
            result.last = false;
            if (!emit(result))
                return false;
            result.cells.clear();
            result.held.clear();
            return true;
        };
        for (std::size_t i = 0; i < p.targets.size(); ++i) {
            auto& s = stats[i];
            AgentCell c;
            c.from = p.targets[i].from;
            c.to = p.targets[i].to;
            c.sent = s.sent;
            c.received = s.received;
            c.rttP50Us = agentPercentile(s.rtt, 0.5);
            c.rttP99Us = std::max(c.rttP50Us, agentPercentile(s.rtt, 0.99));
            c.proberDelayP50Us = agentPercentile(s.prober, 0.5);
            c.responderDelayP50Us = agentPercentile(s.responder, 0.5);
            if (s.sent > 0 && s.received == 0)
                c.reason = s.blocked ? Reason::PortBlocked : Reason::Timeout;
            result.cells.push_back(c);
            if (result.cells.size() == kAgentMaxItems && i + 1 < p.targets.size()) {
                addHeld();
                if (!sendPart())
                    return;
            }
        }
        addHeld();
        while (nextHeld < held.size()) {
            if (!sendPart())
                return;
            addHeld();
        }
        result.last = true;
        if (!emit(result))
            return;
        stats = {};
        ++p.flushed;
    }
    const double wall = duration<double>(now - p.t0).count();
    const double cpu = wall > 0 ? 100.0 * (cpuSeconds() - p.cpuAtStart) / wall : 0.0;
    AgentDone done { p.start.phase, std::max(0.0, cpu), p.start.rate, {} };
    if (!m_counters.empty()) {
        counters::RateTracker tracker;
        tracker.update(p.countersAtStartS, p.countersAtStart);
        const auto rates
            = tracker.update(duration<double>(Steady::now().time_since_epoch()).count(), m_counters.read());
        if (rates) {
            if (auto summary = counters::summariseHostCounters(*rates); summary.any())
                done.counters = summary;
        }
    }
    emit(done);
    m_pending.clear();
    m_phase.reset();
}

} // namespace

LinkState readNetdevLink(const std::string& sysfsRoot, const std::string& netdev, std::string& detail)
{
    const std::string dir = sysfsRoot + "/class/net/" + netdev + "/";
    const auto oper = readSysfsWord(dir + "operstate");
    const auto carrier = readSysfsWord(dir + "carrier"); // unreadable (EINVAL) while the netdev is down
    if (!oper) {
        detail = netdev + ": no operstate";
        return LinkState::Unknown;
    }
    detail = netdev + " operstate " + *oper + ", carrier " + carrier.value_or("-");
    if (*oper == "down" || *oper == "lowerlayerdown" || *oper == "notpresent" || carrier == "0")
        return LinkState::Down;
    if (*oper == "up" || (*oper == "unknown" && carrier == "1"))
        return LinkState::Up;
    return LinkState::Unknown;
}

double agentRate(double asked, double load, unsigned cpus)
{
    const double rate = std::clamp(asked, 0.1, kAgentMaxRate);
    const double capacity = static_cast<double>(std::max(1u, cpus));
    if (!(load > capacity))
        return rate;
    return std::max(rate / 10.0, rate * capacity / load);
}

int runAgent(const AgentIo& io)
{
    AgentLoop loop(io);
    return loop.run();
}

} // namespace rp::fabric

// SPDX-License-Identifier: GPL-3.0-or-later
#include "fabric/agentstandalone.h"

#include "fabric/agent.h"
#include "fabric/probetransport.h"

#include <map>
#include <set>

namespace rp::fabric {
namespace {

using Steady = std::chrono::steady_clock;
using std::chrono::milliseconds;

/// The loop's lifetime for a service: it runs until stopped, so the hello's limit is only a bound no host reaches.
constexpr double kStandaloneLifetimeS = 10.0 * 365 * 86400;
/// How long the first phase waits for the peers' directories, and how often an unanswered question is asked again.
constexpr auto kResolveWait = milliseconds(2000);
constexpr auto kAskAgain = milliseconds(500);
constexpr std::uint64_t kFirstPhase = 1;

class StandaloneDriver
{
public:
    StandaloneDriver(const AgentPinglistFile& file, const StandaloneIo& io)
        : m_file(file)
        , m_io(io)
    { }

    int run()
    {
        AgentIo agent;
        agent.inFd = -1;
        agent.version = m_io.version;
        agent.stop = m_io.stop;
        agent.sysfsRoot = m_io.sysfsRoot;
        agent.output = [this](const AgentMessage& m) { return output(m); };
        agent.feed = [this](std::vector<AgentMessage>& out) { feed(out); };
        agent.transportFor = [this](const AgentHello&, std::string& why) {
            auto transport = m_io.transportFor(m_file, why);
            m_transport = transport.get();
            return transport;
        };
        const int exit = runAgent(agent);
        return m_failed ? 1 : exit;
    }

private:
    enum class Stage { Hello, Serving, Idle, Running, Failed, Stopped };

    void log(const std::string& line)
    {
        if (m_io.observer)
            m_io.observer->log(line);
    }

    void feed(std::vector<AgentMessage>& out)
    {
        switch (m_stage) {
        case Stage::Hello: {
            AgentHello hello;
            hello.secret = m_file.secret;
            hello.mode = m_file.mode;
            hello.lifetimeS = kStandaloneLifetimeS;
            hello.idleS = 0; // no controller to keep it alive
            out.emplace_back(hello);
            out.emplace_back(AgentServe { m_file.endpoints });
            m_stage = Stage::Serving;
            return;
        }
        case Stage::Failed:
            out.emplace_back(AgentStop {});
            m_stage = Stage::Stopped;
            return;
        case Stage::Idle:
            takeAnswers();
            if (!resolved())
                return;
            startPhase(out);
            return;
        case Stage::Running:
            takeAnswers();
            return;
        case Stage::Serving:
        case Stage::Stopped:
            return;
        }
    }

    bool output(const AgentMessage& m)
    {
        if (const auto* ready = std::get_if<AgentReady>(&m))
            onReady(*ready);
        else if (const auto* link = std::get_if<AgentLink>(&m)) {
            if (m_io.observer)
                m_io.observer->link(link->endpoints);
        } else if (const auto* result = std::get_if<AgentResult>(&m)) {
            if (result->phase == m_phase) {
                m_cells.insert(m_cells.end(), result->cells.begin(), result->cells.end());
                m_intervalS = result->intervalS;
            }
        } else if (const auto* done = std::get_if<AgentDone>(&m)) {
            onDone(*done);
        } else if (const auto* error = std::get_if<AgentError>(&m)) {
            log(error->message);
        }
        return true;
    }

    void onReady(const AgentReady& ready)
    {
        m_ready.insert(m_ready.end(), ready.endpoints.begin(), ready.endpoints.end());
        if (m_ready.size() < m_file.endpoints.size())
            return; // sent in parts, like every list
        for (const auto& r : m_ready) {
            const auto* endpoint = findEndpoint(r.id);
            if (!r.error.empty()) {
                log("endpoint " + name(r.id) + " is not served: " + r.error);
                // Without its UDP endpoint the host answers nobody and asks no directory: nothing to run for.
                if (endpoint && endpoint->device == "udp") {
                    m_stage = Stage::Failed;
                    m_failed = true;
                }
                continue;
            }
            m_served.insert(r.id);
        }
        if (m_io.observer)
            m_io.observer->served(m_ready);
        if (m_stage == Stage::Failed)
            return;
        for (const auto& t : m_file.targets) {
            if (m_served.contains(t.from))
                m_targets.push_back(t);
        }
        m_stage = Stage::Idle;
        m_resolveUntil = Steady::now() + kResolveWait;
    }

    void onDone(const AgentDone& done)
    {
        if (done.phase != m_phase)
            return;
        StandalonePhase p;
        p.phase = m_phase;
        p.ended = std::chrono::system_clock::now();
        p.intervalS = m_intervalS;
        p.cpuPercent = done.cpuPercent;
        p.rate = done.rate;
        p.counters = done.counters;
        p.unresolved = m_unresolvedInPhase;
        p.cells = std::move(m_cells);
        m_cells.clear();
        // A peer that stopped answering may have been restarted with a new QP: its directory is asked again.
        for (const auto& c : p.cells) {
            if (c.sent > 0 && c.received == 0 && m_rdmaTo.contains(c.to))
                m_silent.insert(c.to);
        }
        if (m_io.observer)
            m_io.observer->phase(p);
        ++m_phase;
        m_stage = Stage::Idle;
    }

    /// Every RDMA target's peer has a QPN, or the first phase waited long enough; questions go out meanwhile.
    bool resolved()
    {
        const auto now = Steady::now();
        bool missing = false;
        std::set<std::uint32_t> asked;
        for (const auto& t : m_targets) {
            if (t.gid.empty() || asked.contains(t.to))
                continue;
            const bool known = m_qpn.contains(t.to);
            if (known && !m_silent.contains(t.to))
                continue;
            missing = missing || !known;
            auto last = m_askedAt.find(t.to);
            if (last != m_askedAt.end() && now - last->second < kAskAgain)
                continue;
            asked.insert(t.to);
            m_askedAt[t.to] = now;
            if (const int err = m_transport->askDirectory(t.to, t.address, t.udpPort); err != 0 && !m_askFailed) {
                m_askFailed = true;
                log("cannot ask " + t.address + "'s directory: errno " + std::to_string(err));
            }
        }
        m_silent.clear(); // asked once per silent phase; the answer (or the next silence) decides again
        return !missing || m_phase > kFirstPhase || now >= m_resolveUntil;
    }

    void takeAnswers()
    {
        if (!m_transport)
            return;
        for (const auto& [endpoint, qpn] : m_transport->takeDirectoryAnswers()) {
            auto [it, added] = m_qpn.try_emplace(endpoint, qpn);
            if (!added && it->second != qpn)
                log("endpoint " + name(endpoint) + " is served by QPN " + std::to_string(qpn) + " now (was "
                    + std::to_string(it->second) + ")");
            it->second = qpn;
        }
    }

    void startPhase(std::vector<AgentMessage>& out)
    {
        AgentTargets targets;
        targets.phase = m_phase;
        targets.targets = m_targets;
        m_unresolvedInPhase = 0;
        for (auto& t : targets.targets) {
            if (t.gid.empty())
                continue;
            m_rdmaTo.insert(t.to);
            auto it = m_qpn.find(t.to);
            t.qpn = it == m_qpn.end() ? 0 : it->second;
            t.qkey = 0; // the transport uses the run's own
            m_unresolvedInPhase += t.qpn == 0 ? 1 : 0;
        }
        AgentStart start;
        start.phase = m_phase;
        start.durationS = m_file.intervalS;
        start.intervalS = 0;
        start.rate = m_file.rate;
        start.timeoutS = m_file.timeoutS;
        m_cells.clear();
        out.emplace_back(std::move(targets));
        out.emplace_back(start);
        m_stage = Stage::Running;
    }

    const AgentEndpoint* findEndpoint(std::uint32_t id) const
    {
        for (const auto& e : m_file.endpoints) {
            if (e.id == id)
                return &e;
        }
        return nullptr;
    }

    std::string name(std::uint32_t id) const
    {
        const auto* n = m_file.nameOf(id);
        return n ? n->name : std::to_string(id);
    }

    const AgentPinglistFile& m_file;
    const StandaloneIo& m_io;
    ProbeTransport* m_transport = nullptr;
    Stage m_stage = Stage::Hello;
    Steady::time_point m_resolveUntil {};
    std::vector<AgentReadyEndpoint> m_ready;
    std::set<std::uint32_t> m_served;
    std::vector<AgentTarget> m_targets; ///< the file's, from served endpoints
    std::map<std::uint32_t, std::uint32_t> m_qpn; ///< a peer's endpoint -> the QPN its directory said
    std::map<std::uint32_t, Steady::time_point> m_askedAt;
    std::set<std::uint32_t> m_silent; ///< RDMA peers that answered nothing in the last phase
    std::set<std::uint32_t> m_rdmaTo;
    bool m_askFailed = false;
    std::uint64_t m_phase = kFirstPhase;
    std::vector<AgentCell> m_cells;
    double m_intervalS = 0.0;
    std::size_t m_unresolvedInPhase = 0;
    bool m_failed = false;
};

} // namespace

int runStandaloneAgent(const AgentPinglistFile& file, const StandaloneIo& io)
{
    StandaloneDriver driver(file, io);
    return driver.run();
}

} // namespace rp::fabric

// SPDX-License-Identifier: GPL-3.0-or-later
// The controller (core/fabric/controller) over agents run in-process (no root, no SSH): each host's executor runs
// the real agent loop on a thread, over a transport that stands in for Soft-RoCE (every GID a UDP socket on
// loopback, the GID table a map the test rearranges, as a port bounce makes the kernel do). What is checked is the
// controller's bookkeeping across agent restarts, not RDMA: the lab tests (tests/lab) probe real UD QPs.
#include "fabric/agent.h"
#include "fabric/controller.h"
#include "fabric/probepacket.h"
#include "fabric/udpprober.h"
#include "fabricsim.h"
#include "perf/probesession.h"
#include "remote/local_executor.h"

#include <QTemporaryDir>
#include <QtTest>

#include <mutex>
#include <set>
#include <thread>

#include <unistd.h>

using namespace rp;
using namespace rp::fabric;
using namespace rp::fabricsim;

namespace {

/// The hosts' GID tables and what their agents were served, shared by every executor and transport.
struct World
{
    std::mutex mutex;
    /// host -> index -> "GID/type": one address has an entry per RoCE type, so the value alone is not one entry
    std::map<std::string, std::map<int, std::string>> tables;
    std::map<std::string, std::vector<std::vector<AgentEndpoint>>> served; ///< host -> each start's RDMA endpoints
    std::set<std::string> kill; ///< hosts whose running agent is to end now

    /// Moves a GID to another slot, leaving its old one empty.
    void move(const std::string& host, int from, int to)
    {
        std::lock_guard lock(mutex);
        auto& t = tables[host];
        t[to] = t[from];
        t.erase(from);
    }
};

/// Soft-RoCE's part played over loopback UDP: a GID slot that is empty is refused as UdQpProber refuses it, a
/// served GID is looked for in the table by value each check, and its index said, as UdQpProber::checkPorts does.
class TableTransport final : public ProbeTransport
{
public:
    TableTransport(World& world, std::string host, const ProbeSecret& secret)
        : m_world(world)
        , m_host(std::move(host))
        , m_udp(secret)
    { }

    AgentMode mode() const override { return AgentMode::Rdma; }
    std::vector<AgentReadyEndpoint> serve(const std::vector<AgentEndpoint>& endpoints) override
    {
        std::vector<AgentEndpoint> sockets;
        std::vector<AgentReadyEndpoint> refused;
        std::vector<AgentEndpoint> rdma;
        {
            std::lock_guard lock(m_world.mutex);
            const auto& table = m_world.tables[m_host];
            for (const auto& e : endpoints) {
                AgentEndpoint s = e;
                s.device = "udp";
                s.port = 0;
                s.gidIndex = -1;
                s.address = "127.0.0.1";
                s.netdev.clear();
                if (e.device != "udp") {
                    rdma.push_back(e);
                    auto slot = table.find(e.gidIndex);
                    if (slot == table.end()) {
                        AgentReadyEndpoint r;
                        r.id = e.id;
                        r.reason = Reason::EmptySlot;
                        r.error = "GID " + std::to_string(e.gidIndex) + " is empty";
                        refused.push_back(r);
                        continue;
                    }
                    m_gids[e.id] = { slot->second, e.gidIndex };
                }
                sockets.push_back(s);
            }
            m_world.served[m_host].push_back(rdma);
        }
        auto out = m_udp.serve(sockets);
        for (auto& r : out) {
            if (m_gids.contains(r.id))
                r.qpn = 0x100 + r.id; // addressed by its UDP port here; a QPN only because RDMA targets carry one
        }
        out.insert(out.end(), refused.begin(), refused.end());
        return out;
    }
    std::vector<int> fds() const override { return m_udp.fds(); }
    void receive(std::vector<ReplyTimes>& replies) override { m_udp.receive(replies); }
    int send(const AgentTarget& target, std::uint64_t seq) override
    {
        AgentTarget t = target;
        t.address = "127.0.0.1";
        t.gid.clear();
        t.qpn = t.qkey = 0;
        return m_udp.send(t, seq);
    }
    std::vector<AgentLinkEndpoint> checkPorts() override
    {
        std::lock_guard lock(m_world.mutex);
        const auto& table = m_world.tables[m_host];
        std::vector<AgentLinkEndpoint> out;
        for (auto& [id, gid] : m_gids) {
            AgentLinkEndpoint l;
            l.id = id;
            l.qpn = 0x100 + id;
            l.state = LinkState::Up;
            auto it = std::ranges::find_if(table, [&](const auto& slot) { return slot.second == gid.first; });
            if (it == table.end()) {
                l.state = LinkState::Down;
                l.detail = "GID " + gid.first + " is no longer in the table";
            } else {
                gid.second = it->first;
                l.gidIndex = it->first;
                l.detail = "rxe0/1 port ACTIVE";
            }
            out.push_back(l);
        }
        return out;
    }

private:
    World& m_world;
    std::string m_host;
    UdpProber m_udp;
    std::map<std::uint32_t, std::pair<std::string, int>> m_gids; ///< id -> (GID, index now)
};

/// A host's executor: the probe's install check and hello run on this machine against the real binary; `agent`
/// runs the agent loop on this thread, its stdin a pipe fed from the controller's input.
class InProcessHost final : public Executor
{
public:
    InProcessHost(World& world, std::string host, std::string sysfs)
        : m_world(world)
        , m_host(std::move(host))
        , m_sysfs(std::move(sysfs))
    { }

    std::string host() const override { return m_host; }
    Result<ExecResult> run(const Command& command, const ExecOptions& options) override
    {
        const auto& argv = command.argv();
        // The agent, as the controller starts it: checked and run in one command ("sh -c CHECK sh SUM PATH agent"),
        // or run after a copy.
        if (!argv.empty() && argv.back() == "agent")
            return runAgentHere(options);
        // Any other command runs here with the remote probe's path replaced by this build's.
        std::vector<std::string> local;
        for (const auto& a : argv)
            local.push_back(a.ends_with("rocepilot-probe") ? std::string(RP_PROBE) : a);
        LocalExecutor here(m_host);
        auto r = here.run(Command(local), options);
        if (r && !argv.empty() && argv[0] == "sha256sum") // the path it prints is the remote one
            r->out = r->out.substr(0, 64) + "  " + argv.back() + "\n";
        return r;
    }

private:
    Result<ExecResult> runAgentHere(const ExecOptions& options)
    {
        int fds[2];
        if (::pipe(fds) != 0)
            return fail(ErrorKind::Io, "pipe", m_host);
        std::atomic<bool> stop { false };
        std::atomic<bool> done { false };
        std::thread feeder([&] {
            std::string pending = options.stdinData;
            while (!done) {
                if (options.moreInput)
                    pending += options.moreInput();
                if (!pending.empty()) {
                    if (::write(fds[1], pending.data(), pending.size()) < 0)
                        break;
                    pending.clear();
                }
                bool killed = false;
                {
                    std::lock_guard lock(m_world.mutex);
                    killed = m_world.kill.erase(m_host) > 0;
                }
                if (killed || (options.cancel && options.cancel->load())) {
                    stop = true;
                    break;
                }
                std::this_thread::sleep_for(std::chrono::milliseconds(20));
            }
            ::close(fds[1]);
        });
        AgentIo io;
        io.inFd = fds[0];
        io.version = "test";
        io.stop = &stop;
        io.sysfsRoot = m_sysfs;
        io.output = [&](const AgentMessage& m) {
            if (options.onStdout)
                options.onStdout(encodeAgent(m));
            return true;
        };
        io.transportFor = [this](const AgentHello& hello, std::string&) -> std::unique_ptr<ProbeTransport> {
            return std::make_unique<TableTransport>(m_world, m_host, probeSecretFromHex(hello.secret.c_str()));
        };
        ExecResult r;
        r.exitStatus = runAgent(io);
        done = true;
        feeder.join();
        ::close(fds[0]);
        return r;
    }

    World& m_world;
    std::string m_host;
    std::string m_sysfs;
};

/// The simulator's hosts on loopback, each GID of theirs in `world`'s tables as its agent will find it.
std::vector<FabricHost> loopbackHosts(const FabricSim& sim, World& world)
{
    std::vector<FabricHost> hosts;
    for (const auto& facts : sim.hosts()) {
        FabricHost h;
        h.spec.name = facts.hostname;
        h.spec.address = "127.0.0.1";
        h.facts = facts;
        hosts.push_back(h);
        for (const auto& d : facts.devices)
            for (const auto& p : d.ports)
                for (const auto& g : p.gids)
                    world.tables[facts.hostname][g.index] = g.gid + "/" + std::string(toString(g.type));
    }
    return hosts;
}

} // namespace

class TestController : public QObject
{
    Q_OBJECT

private slots:
    void aRestartedAgentServesItsGidWhereItMoved()
    {
        // A port bounce made the kernel rebuild a host's GID table in another order: its agent found the GID by
        // value and went on probing. When that agent is started again (it died, or was stopped), it must be served
        // the GID where it is now, not at discovery's index, which is empty: an agent served there says "empty
        // slot" and every peer's cells towards it fail, round after round (stop 32's GID storm).
        FabricShape shape;
        shape.hosts = 3;
        shape.tors = 1;
        FabricSim sim(shape, 3);
        World world;
        const auto hosts = loopbackHosts(sim, world);
        const auto moved = sim.rdmaHosts().at(1);
        int from = -1;
        for (const auto& [index, gid] : world.tables[moved])
            from = gid.starts_with("fe80") ? from : index; // the last GID that is not link-local
        QVERIFY(from >= 0);
        const int to = world.tables[moved].rbegin()->first + 5;

        QTemporaryDir sysfs;
        ControllerOptions options;
        options.probePath = RP_PROBE;
        options.rdma = true;
        options.durationS = 0.6;
        options.secondPassS = 0.5;
        options.phaseSlackS = 3.0;
        options.restartPause = std::chrono::milliseconds(0);
        Controller controller(
            hosts, sim.topology(),
            [&](const HostSpec& spec) -> Result<std::unique_ptr<Executor>> {
                return std::make_unique<InProcessHost>(world, spec.name, sysfs.path().toStdString());
            },
            options);
        QVERIFY(controller.start(nullptr, nullptr, std::chrono::minutes(2)));
        auto failed = [](const FabricRound& r) {
            std::string out;
            for (const auto& c : r.cells) {
                if (c.failed() && !c.expected)
                    out += std::to_string(c.from) + "->" + std::to_string(c.to) + " " + std::string(toString(c.reason))
                        + "; ";
            }
            for (const auto& f : r.summary.findings)
                out += f.finding.title + "; ";
            return out;
        };
        auto first = controller.nextRound();
        QVERIFY2(first, first ? "" : first.error().describe().c_str());
        QVERIFY2(failed(*first).empty(), failed(*first).c_str());

        // The table is rebuilt; the agent's port check finds the GID at its new index, and the next round says
        // nothing is wrong.
        world.move(moved, from, to);
        std::this_thread::sleep_for(std::chrono::milliseconds(1500));
        auto after = controller.nextRound();
        QVERIFY(after);
        QVERIFY2(failed(*after).empty(), failed(*after).c_str());

        // Its agent ends; the next round names it down and starts it again; the one after is whole again.
        {
            std::lock_guard lock(world.mutex);
            world.kill.insert(moved);
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(500));
        auto down = controller.nextRound();
        QVERIFY(down);
        std::optional<Result<FabricRound>> whole;
        for (int i = 0; i < 6; ++i) {
            whole = controller.nextRound();
            QVERIFY(*whole);
            if ((*whole)->agents.at(moved) == AgentState::Up && failed(**whole).empty())
                break;
        }
        controller.stop();
        std::lock_guard lock(world.mutex);
        const auto& starts = world.served.at(moved);
        QVERIFY2(starts.size() >= 2, std::to_string(starts.size()).c_str());
        auto indexOf = [&](const std::vector<AgentEndpoint>& serve) {
            std::set<int> out;
            for (const auto& e : serve)
                out.insert(e.gidIndex);
            return out;
        };
        QVERIFY(indexOf(starts.front()).contains(from));
        QVERIFY(!indexOf(starts.back()).contains(from));
        QVERIFY(indexOf(starts.back()).contains(to));
        QVERIFY2(failed(**whole).empty(), failed(**whole).c_str());
        QCOMPARE(faultCount((*whole)->summary.findings), std::size_t { 0 });
    }

    void aGidThatChangesValueIsDiscoveredAgain()
    {
        // The host's address changed: its GID at `index` has a new value. Its agent says the old one left the table
        // (a port-down finding); the watch discovers the host again, makes a new pinglist with the new GID and
        // restarts every agent on it; the round after probes the new GID with nothing failing.
        FabricShape shape;
        shape.hosts = 3;
        shape.tors = 1;
        FabricSim sim(shape, 5);
        World world;
        const auto hosts = loopbackHosts(sim, world);
        const auto renumbered = sim.rdmaHosts().at(1);
        auto fresh = std::ranges::find_if(hosts, [&](const FabricHost& h) { return h.spec.name == renumbered; })->facts;
        std::string oldGid;
        std::string newGid;
        int index = -1;
        for (auto& d : fresh.devices)
            for (auto& p : d.ports)
                for (auto& g : p.gids)
                    if (!g.ipv4.empty() && index < 0) {
                        index = g.index;
                        oldGid = g.gid;
                        newGid = g.gid.substr(0, g.gid.size() - 4) + "00ff";
                    }
        QVERIFY(index >= 0);
        // Every GID of that address (its RoCE v1 and v2 entries) takes the new value.
        for (auto& d : fresh.devices)
            for (auto& p : d.ports)
                for (auto& g : p.gids)
                    if (g.gid == oldGid) {
                        g.gid = newGid;
                        g.ipv4 = "198.18.0.255";
                    }
        int asked = 0;
        QTemporaryDir sysfs;
        ControllerOptions options;
        options.probePath = RP_PROBE;
        options.rdma = true;
        options.durationS = 0.6;
        options.secondPassS = 0.5;
        options.phaseSlackS = 3.0;
        options.rediscoverPause = std::chrono::milliseconds(0);
        options.rediscover = [&](const HostSpec& spec) -> Result<HostFacts> {
            ++asked;
            if (spec.name != renumbered)
                return fail(ErrorKind::Internal, "asked about " + spec.name);
            return fresh;
        };
        Controller controller(
            hosts, sim.topology(),
            [&](const HostSpec& spec) -> Result<std::unique_ptr<Executor>> {
                return std::make_unique<InProcessHost>(world, spec.name, sysfs.path().toStdString());
            },
            options);
        QVERIFY(controller.start(nullptr, nullptr, std::chrono::minutes(2)));
        auto first = controller.nextRound();
        QVERIFY(first && first->rediscovered.empty());
        QCOMPARE(faultCount(first->summary.findings), std::size_t { 0 });
        auto endpointsWith = [](const FabricRound& r, const std::string& gid) {
            return std::ranges::count_if(r.pinglist.endpoints, [&](const Endpoint& e) { return e.gid == gid; });
        };
        QVERIFY(endpointsWith(*first, oldGid) >= 1);
        QCOMPARE(asked, 0); // nothing left a table: no discovery

        {
            std::lock_guard lock(world.mutex);
            for (auto& [at, slot] : world.tables[renumbered]) {
                if (slot.starts_with(oldGid + "/"))
                    slot = newGid + slot.substr(slot.find('/'));
            }
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(1500));
        auto lost = controller.nextRound();
        QVERIFY(lost && lost->rediscovered.empty());
        QVERIFY(!lost->portsDown.empty());
        std::optional<Result<FabricRound>> again;
        for (int i = 0; i < 4; ++i) {
            again = controller.nextRound();
            QVERIFY(*again);
            if (!(*again)->rediscovered.empty())
                break;
        }
        const auto& round = **again;
        QCOMPARE(round.rediscovered.size(), std::size_t { 1 });
        QCOMPARE(round.rediscovered.front().first, renumbered);
        QVERIFY2(round.rediscovered.front().second.find(newGid) != std::string::npos,
            round.rediscovered.front().second.c_str());
        QVERIFY(endpointsWith(round, newGid) >= 1);
        QCOMPARE(endpointsWith(round, oldGid), 0);
        // Its cells probe the new GID, and work.
        auto whole = controller.nextRound();
        QVERIFY(whole);
        controller.stop();
        std::size_t failed = 0;
        for (const auto& c : whole->cells)
            failed += c.failed() && !c.expected ? 1 : 0;
        QCOMPARE(failed, std::size_t { 0 });
        QCOMPARE(faultCount(whole->summary.findings), std::size_t { 0 });
        QVERIFY(whole->rediscovered.empty());
    }
};

QTEST_GUILESS_MAIN(TestController)
#include "tst_controller.moc"

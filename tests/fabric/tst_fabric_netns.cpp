// SPDX-License-Identifier: GPL-3.0-or-later
// The fabric check on real OpenSSH hosts (netns lab, tests/support/netns-hosts.sh), UDP mode: agents started over SSH
// on 8 hosts; a healthy fleet gives no finding, a host whose UDP input nftables drops is named, a host whose agent is
// killed during the round is named agent-down without holding the round up, one whose agent is paused mid-round is a
// note (its late answers its own delay), one frozen over a phase's deadline but still there is its host's load (a
// note, not given up), and no agent is left running after any of it. A watch (one set of agents,
// round after round) raises a fault planted between rounds, clears it when it is gone, starts a killed agent again, and
// writes it all to its run file. The CLI's exit codes, JSON and run files against the same hosts. A controller killed
// outright, or a link that goes silent, leaves no agent behind.
#include "clirun.h"
#include "discovery/discover.h"
#include "fabric/controller.h"
#include "fabric/fabricrun.h"
#include "netnslab.h"

#include "testutil.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>

#include <csignal>
#include <filesystem>
#include <fstream>
#include <thread>

#include <unistd.h>

using namespace rp;
using namespace rp::fabric;

namespace {

constexpr int kHosts = 8;

std::vector<HostSpec> specs()
{
    std::vector<HostSpec> out;
    for (int i = 1; i <= kHosts; ++i)
        out.push_back(lab::host(i));
    return out;
}

/// The pids of rocepilot-probe agents in host i's namespace.
std::vector<int> agentPids(int i)
{
    std::vector<int> out;
    std::istringstream pids(lab::sh("ip netns pids " + lab::netns(i)));
    int pid = 0;
    while (pids >> pid) {
        std::ifstream in("/proc/" + std::to_string(pid) + "/cmdline", std::ios::binary);
        std::string cmdline((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
        if (cmdline.find("rocepilot-probe") != std::string::npos
            && cmdline.find(std::string("\0agent", 6)) != std::string::npos)
            out.push_back(pid);
    }
    return out;
}

bool agentsLeft()
{
    for (int i = 1; i <= kHosts; ++i) {
        if (!agentPids(i).empty())
            return true;
    }
    return false;
}

/// Kills the agent of one host as soon as the controller reports it up: the round must name it, not wait for it.
class KillOnUp final : public FabricObserver
{
public:
    explicit KillOnUp(int host)
        : m_host(host)
    { }
    void agentState(const std::string& host, AgentState state, const std::string&) override
    {
        if (host == "h" + std::to_string(m_host) && state == AgentState::Up) {
            for (int pid : agentPids(m_host))
                killed += ::kill(pid, SIGKILL) == 0 ? 1 : 0;
        }
    }
    int killed = 0;

private:
    int m_host;
};

/// Cancels the round once every agent is up, and remembers whether any was reported down.
class CancelOnUp final : public FabricObserver
{
public:
    void agentState(const std::string&, AgentState state, const std::string&) override
    {
        if (state == AgentState::Up && ++m_up == kHosts)
            cancel = true;
        if (state == AgentState::Down)
            down = true;
    }
    std::atomic<bool> cancel { false };
    bool down = false;

private:
    int m_up = 0;
};

/// Stops one host's agent (SIGSTOP) 0.3 s into the round for 1.2 s, as a saturated CPU or a paused VM would.
class PauseOnStart final : public FabricObserver
{
public:
    explicit PauseOnStart(int host)
        : m_host(host)
    { }
    ~PauseOnStart() override { join(); }
    void roundStarted(const RoundInfo&) override
    {
        if (m_thread.joinable())
            return;
        m_thread = std::thread([this] {
            std::this_thread::sleep_for(std::chrono::milliseconds(300));
            const auto pids = agentPids(m_host);
            for (int pid : pids)
                paused += ::kill(pid, SIGSTOP) == 0 ? 1 : 0;
            std::this_thread::sleep_for(std::chrono::milliseconds(1200));
            for (int pid : pids)
                ::kill(pid, SIGCONT);
        });
    }
    void join()
    {
        if (m_thread.joinable())
            m_thread.join();
    }
    std::atomic<int> paused { 0 };

private:
    int m_host;
    std::thread m_thread;
};

/// Every process of one host's namespace (its sshd and what runs under it).
std::vector<int> hostPids(int i)
{
    std::vector<int> out;
    std::istringstream pids(lab::sh("ip netns pids " + lab::netns(i)));
    int pid = 0;
    while (pids >> pid)
        out.push_back(pid);
    return out;
}

/// Once the round starts, freezes one host's agent (SIGSTOP), or the whole host (its sshd too, as a paused VM),
/// for the round; the destructor thaws them and kills the frozen agent.
class FreezeOnStart final : public FabricObserver
{
public:
    FreezeOnStart(int host, bool wholeHost)
        : m_host(host)
        , m_wholeHost(wholeHost)
    { }
    ~FreezeOnStart() override
    {
        for (int pid : frozen)
            ::kill(pid, SIGCONT);
        for (int pid : agentPids(m_host))
            ::kill(pid, SIGKILL);
    }
    void roundStarted(const RoundInfo&) override
    {
        if (!frozen.empty())
            return;
        for (int pid : m_wholeHost ? hostPids(m_host) : agentPids(m_host)) {
            if (::kill(pid, SIGSTOP) == 0)
                frozen.push_back(pid);
        }
    }
    std::vector<int> frozen;

private:
    int m_host;
    bool m_wholeHost;
};

/// Freezes processes with the cgroup freezer, as a host too loaded to run them would hold them: unlike SIGSTOP their
/// /proc state stays a running one (D under the v1 freezer, S under v2), so the controller finds them there and not
/// stopped. The v1 freezer hierarchy where it is mounted (this machine's), else the cgroup v2 one.
class CgroupFreezer
{
public:
    CgroupFreezer()
    {
        namespace fs = std::filesystem;
        if (fs::exists("/sys/fs/cgroup/freezer/cgroup.procs")) {
            m_parent = "/sys/fs/cgroup/freezer";
            m_v1 = true;
        } else {
            for (const auto* root : { "/sys/fs/cgroup/unified", "/sys/fs/cgroup" }) {
                if (fs::exists(std::string(root) + "/cgroup.controllers")) {
                    m_parent = root;
                    break;
                }
            }
        }
        if (m_parent.empty())
            return;
        m_dir = m_parent + "/rp-test-late-" + std::to_string(::getpid());
        std::error_code ec;
        if (!std::filesystem::create_directory(m_dir, ec) && ec)
            m_dir.clear();
    }
    ~CgroupFreezer()
    {
        thaw();
        if (m_dir.empty())
            return;
        for (int pid : m_moved)
            write(m_parent + "/cgroup.procs", std::to_string(pid));
        ::rmdir(m_dir.c_str());
    }
    bool usable() const { return !m_dir.empty(); }
    std::string where() const { return m_dir.empty() ? "no cgroup freezer (v1 or v2) to create a group in" : m_dir; }
    bool freeze(const std::vector<int>& pids)
    {
        for (int pid : pids) {
            if (!write(m_dir + "/cgroup.procs", std::to_string(pid)))
                return false;
            m_moved.push_back(pid);
        }
        return m_v1 ? write(m_dir + "/freezer.state", "FROZEN") : write(m_dir + "/cgroup.freeze", "1");
    }
    void thaw()
    {
        if (!m_dir.empty())
            m_v1 ? write(m_dir + "/freezer.state", "THAWED") : write(m_dir + "/cgroup.freeze", "0");
    }

private:
    static bool write(const std::string& path, const std::string& text)
    {
        std::ofstream out(path);
        out << text;
        out.flush();
        return static_cast<bool>(out);
    }
    std::string m_parent;
    std::string m_dir;
    bool m_v1 = false;
    std::vector<int> m_moved;
};

rp::test::CliRun cli(const QStringList& args)
{
    return rp::test::runCli(QStringLiteral(RP_CLI), args);
}

} // namespace

class TestFabricNetns final : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY2(!lab::dir().empty(), "RP_NETNS_DIR is not set: run through ctest");
        auto outcomes = discoverFleet(specs(), lab::context(), {}, 32);
        for (auto& o : outcomes) {
            QVERIFY2(o.state == HostState::Ok, (o.spec.name + ": " + (o.error ? o.error->describe() : "")).c_str());
            m_hosts.push_back({ o.spec, *o.facts });
        }
        // An inventory of the same 8 hosts for the CLI.
        QVERIFY(m_dir.isValid());
        std::ofstream inv(m_dir.filePath(QStringLiteral("inventory.yaml")).toStdString());
        inv << "version: 1\nknown_hosts: " << lab::dir() << "/known_hosts\nhosts:\n";
        for (const auto& s : specs())
            inv << "  - name: " << s.name << "\n    address: " << s.address << "\n    user: root\n    auth: key\n"
                << "    key_file: " << s.keyFile << "\n";
    }

    void cleanup()
    {
        lab::sh("ip netns exec " + lab::netns(3) + " nft delete table inet rpfabrictest 2>/dev/null; true");
        lab::sh("ip netns exec " + lab::netns(4) + " nft delete table inet rplinkdrop 2>/dev/null; true");
        QVERIFY2(!agentsLeft(), "an agent was left running");
    }

    void healthyFleetHasNoFinding()
    {
        auto round = runRound();
        QVERIFY2(round, round ? "" : round.error().describe().c_str());
        QCOMPARE(round->pinglist.hosts.size(), std::size_t { kHosts });
        for (const auto& [host, state] : round->agents)
            QVERIFY2(state == AgentState::Up, (host + ": " + round->agentDetail[host]).c_str());
        QCOMPARE(round->cells.size(), std::size_t { kHosts * (kHosts - 1) }); // full mesh, no second pass
        for (const auto& c : round->cells) {
            QVERIFY(!c.failed());
            QVERIFY(c.sent > 0);
            QVERIFY(c.rttP50Us > 0);
            QVERIFY(round->pinglist.endpoints[c.from].udp());
        }
        for (const auto& f : round->summary.findings)
            QFAIL(("a finding on a healthy fleet: " + f.id() + ": " + f.finding.title).c_str());
        double cpuMax = 0;
        for (const auto& [host, cpu] : round->agentCpuPercent)
            cpuMax = std::max(cpuMax, cpu);
        qInfo("8 hosts healthy: round %.2f s (agents ready after %.2f s), %zu cells, agent CPU max %.2f %% of a core",
            round->summary.seconds, round->startSeconds, round->cells.size(), cpuMax);
    }

    void hostWithUdpBlockedIsNamed()
    {
        const auto ns = lab::netns(3);
        lab::sh("ip netns exec " + ns + " nft add table inet rpfabrictest && ip netns exec " + ns
            + " nft add chain inet rpfabrictest input '{ type filter hook input priority 0; }' && ip netns exec " + ns
            + " nft add rule inet rpfabrictest input meta l4proto udp drop");
        auto round = runRound();
        QVERIFY2(round, round ? "" : round.error().describe().c_str());
        QVERIFY(!round->summary.findings.empty());
        const auto& f = round->summary.findings.front();
        qInfo("UDP blocked on h3: %s %s (%.2f), round %.2f s", std::string(toString(f.klass)).c_str(),
            f.element.name.c_str(), f.confidence, round->summary.seconds);
        QVERIFY2(f.element.name.starts_with("h3"), f.element.name.c_str());
        QCOMPARE_ENUM(f.finding.severity, diag::Severity::Error);
        // Only h3's cells fail; the second pass re-probed its pairs against good peers.
        for (const auto& c : round->cells) {
            const bool h3
                = round->pinglist.endpoints[c.from].host == "h3" || round->pinglist.endpoints[c.to].host == "h3";
            QCOMPARE(c.failed(), h3);
        }
        QVERIFY(std::ranges::any_of(round->cells, [](const CellResult& c) { return c.secondPass; }));
        auto run = cli({ QStringLiteral("fabric"), QStringLiteral("check"), QStringLiteral("--inventory"),
            m_dir.filePath(QStringLiteral("inventory.yaml")) });
        QCOMPARE(run.exitCode, 1);
        QVERIFY2(run.out.contains("h3 -> ") && run.out.contains("timeout"), run.out.constData());
    }

    void killedAgentIsNamedWithoutAHang()
    {
        KillOnUp killer(5);
        const auto t0 = std::chrono::steady_clock::now();
        auto round = runRound(&killer);
        QVERIFY2(round, round ? "" : round.error().describe().c_str());
        QCOMPARE(killer.killed, 1);
        QCOMPARE_ENUM(round->agents.at("h5"), AgentState::Down);
        QVERIFY(!round->summary.findings.empty());
        const auto& f = round->summary.findings.front();
        QCOMPARE_ENUM(f.klass, ElementKind::HostAgent);
        QCOMPARE(f.element.name, std::string("h5"));
        QVERIFY(std::ranges::any_of(round->cells, [](const CellResult& c) { return c.reason == Reason::AgentDown; }));
        // The phases' own length plus the agents' start, nowhere near the 10 s a silent agent is waited for.
        QVERIFY2(rp::test::secondsSince(t0) < 10, std::to_string(rp::test::secondsSince(t0)).c_str());
    }

    void hungAgentIsToldFromAPausedHost()
    {
        // Both go silent to the probes; a new SSH connection tells them apart, and the finding says which.
        for (const bool wholeHost : { false, true }) {
            FreezeOnStart freezer(4, wholeHost);
            auto options = roundOptions();
            options.phaseSlackS = 3.0;
            auto context = lab::context();
            context.connectTimeout = std::chrono::milliseconds(3000);
            Controller controller(
                m_hosts, {}, [context](const HostSpec& spec) { return openExecutor(spec, context); }, options);
            const auto t0 = std::chrono::steady_clock::now();
            auto round = controller.runRound(&freezer, nullptr);
            QVERIFY2(round, round ? "" : round.error().describe().c_str());
            QVERIFY(!freezer.frozen.empty());
            QCOMPARE_ENUM(round->agents.at("h4"), AgentState::Down);
            const auto& detail = round->agentDetail.at("h4");
            qInfo("%s: %s (%.1f s)", wholeHost ? "paused host" : "hung agent", detail.c_str(),
                rp::test::secondsSince(t0));
            // The agent's own pid, from its ready line, read in /proc over the new connection: stopped, not slow.
            QVERIFY2(
                detail.find(wholeHost ? "SSH to the host fails too" : "still answers over SSH: its agent (process ")
                        != std::string::npos
                    && (wholeHost || detail.find("is stopped (state T)") != std::string::npos),
                detail.c_str());
            auto f = std::ranges::find_if(round->summary.findings,
                [](const FabricFinding& x) { return x.klass == ElementKind::HostAgent && x.element.name == "h4"; });
            QVERIFY(f != round->summary.findings.end());
            QVERIFY2(f->finding.explanation.find(detail) != std::string::npos, f->finding.explanation.c_str());
            QCOMPARE(f->finding.evidence.front().value, detail);
            // The wait is the phase's slack and the connect timeout, not a hang on the frozen host.
            QVERIFY2(rp::test::secondsSince(t0) < 40, std::to_string(rp::test::secondsSince(t0)).c_str());
        }
    }

    void pausedAgentIsANoteNotAFault()
    {
        // Its peers' probes wait out the pause in its socket and are answered late: counted as h3's delay, they name
        // no link; the round stays ready, with one note naming h3.
        PauseOnStart pauser(3);
        auto round = runRound(&pauser);
        pauser.join();
        QVERIFY2(round, round ? "" : round.error().describe().c_str());
        QCOMPARE(pauser.paused.load(), 1);
        std::string titles;
        for (const auto& f : round->summary.findings)
            titles += f.finding.title + "; ";
        QVERIFY2(faultCount(round->summary.findings) == 0, titles.c_str());
        // On a loaded machine another host may stall too: a note of its own, never a fault.
        QVERIFY2(std::ranges::any_of(round->summary.findings,
                     [](const FabricFinding& f) { return f.klass == ElementKind::HostBusy && f.element.name == "h3"; }),
            titles.c_str());
        std::uint32_t late = 0;
        for (const auto& c : round->cells) {
            if (round->pinglist.endpoints[c.to].host == "h3")
                late += c.hostLate;
        }
        QVERIFY2(late >= kHosts - 1, std::to_string(late).c_str()); // at least one per peer
        QVERIFY(!agentsLeft());
    }

    void cancelStopsEveryAgent()
    {
        CancelOnUp canceller;
        const auto t0 = std::chrono::steady_clock::now();
        auto round = runRound(&canceller, &canceller.cancel);
        QVERIFY(!round);
        QCOMPARE_KIND(round.error(), ErrorKind::Cancelled);
        QVERIFY(!canceller.down); // stopped, not given up
        QVERIFY2(rp::test::secondsSince(t0) < 10, std::to_string(rp::test::secondsSince(t0)).c_str());
        // cleanup() checks that no agent is left on any host.
    }

    void watchRaisesClearsAndRestarts()
    {
        QTemporaryDir dir;
        const std::string path = dir.filePath(QStringLiteral("watch.rpfabric")).toStdString();
        FabricRunHeader header;
        header.tool = "test";
        header.command = "watch";
        header.started = Clock::now();
        header.transport = "udp";
        auto writer = FabricRunWriter::create(path, header);
        QVERIFY(writer);
        ControllerOptions options = roundOptions();
        options.durationS = 1.0;
        options.restartPause = std::chrono::milliseconds(0);
        auto context = lab::context();
        Controller controller(
            m_hosts, {}, [context](const HostSpec& spec) { return openExecutor(spec, context); }, options);
        QVERIFY(controller.start(nullptr, nullptr, std::chrono::minutes(3)));
        const auto firstAgents = agentPids(2);
        QCOMPARE(firstAgents.size(), std::size_t { 1 });
        auto next = [&]() {
            auto r = controller.nextRound();
            if (r)
                (*writer)->addRound(*r);
            return r;
        };
        auto healthy = next();
        QVERIFY2(healthy, healthy ? "" : healthy.error().describe().c_str());
        QVERIFY(healthy->summary.findings.empty());

        // Planted between rounds: the next round raises it; the same agents served both rounds.
        const auto ns = lab::netns(3);
        lab::sh("ip netns exec " + ns + " nft add table inet rpfabrictest && ip netns exec " + ns
            + " nft add chain inet rpfabrictest input '{ type filter hook input priority 0; }' && ip netns exec " + ns
            + " nft add rule inet rpfabrictest input meta l4proto udp drop");
        auto broken = next();
        QVERIFY(broken);
        QCOMPARE(broken->raised.size(), std::size_t { 1 });
        const auto id = broken->raised.front();
        QVERIFY2(id.find("h3") != std::string::npos, id.c_str());
        QCOMPARE(agentPids(2), firstAgents);
        // Still there: not raised again, not cleared.
        auto still = next();
        QVERIFY(still);
        QVERIFY(still->raised.empty());
        QVERIFY(still->cleared.empty());
        QCOMPARE(still->summary.findings.size(), std::size_t { 1 });

        // Gone: cleared. An agent killed meanwhile is named down, then started again.
        lab::sh("ip netns exec " + ns + " nft delete table inet rpfabrictest");
        for (int pid : agentPids(5))
            ::kill(pid, SIGKILL);
        auto fixed = next();
        QVERIFY(fixed);
        QCOMPARE(fixed->cleared, std::vector<std::string> { id });
        bool backUp = false;
        for (int i = 0; i < 4 && !backUp; ++i) {
            auto r = next();
            QVERIFY2(r, r ? "" : r.error().describe().c_str());
            backUp = r->agents.at("h5") == AgentState::Up && r->summary.findings.empty();
        }
        QVERIFY2(backUp, "h5's agent was not started again");
        QCOMPARE(agentPids(5).size(), std::size_t { 1 });
        controller.stop();
        QVERIFY((*writer)->finish("stopped"));

        auto run = readFabricRun(path);
        QVERIFY2(run, run ? "" : run.error().describe().c_str());
        QVERIFY(run->rounds.size() >= 5);
        QVERIFY(std::ranges::any_of(run->events, [&](const FabricRunEvent& e) { return !e.cleared && e.id == id; }));
        QVERIFY(std::ranges::any_of(run->events, [&](const FabricRunEvent& e) { return e.cleared && e.id == id; }));
        QVERIFY(std::ranges::any_of(
            run->agents, [](const FabricRunAgent& a) { return a.host == "h5" && a.state == AgentState::Down; }));
        QVERIFY(run->openFindings().empty());
    }

    void aLateRunningAgentIsItsHostsLoad()
    {
        // h6's agent is frozen over a phase's deadline, as a host too loaded to run it would hold it: its process is
        // there and not stopped, so it is the host's load (host-busy, a note), not a dead agent: not given up, not
        // started again, no fault. Thawed, it ends the late phase when the next one starts and the next round is
        // healthy with the same agent.
        CgroupFreezer freezer;
        QVERIFY2(freezer.usable(), freezer.where().c_str());
        ControllerOptions options = roundOptions();
        options.durationS = 1.0;
        options.phaseSlackS = 2.0;
        auto context = lab::context();
        Controller controller(
            m_hosts, {}, [context](const HostSpec& spec) { return openExecutor(spec, context); }, options);
        QVERIFY(controller.start(nullptr, nullptr, std::chrono::minutes(2)));
        const auto agents = agentPids(6);
        QCOMPARE(agents.size(), std::size_t { 1 });
        QVERIFY2(freezer.freeze(agents), freezer.where().c_str());
        // Past the first phase's deadline (1 s + 2 s), thawed during the second pass.
        std::thread thawer([&freezer] {
            std::this_thread::sleep_for(std::chrono::milliseconds(4500));
            freezer.thaw();
        });
        auto late = controller.nextRound();
        thawer.join();
        QVERIFY2(late, late ? "" : late.error().describe().c_str());
        QCOMPARE_ENUM(late->agents.at("h6"), AgentState::Up);
        const auto& detail = late->agentDetail.at("h6");
        QVERIFY2(detail.find("it is late, not stopped") != std::string::npos, detail.c_str());
        QVERIFY(std::ranges::any_of(late->cells, [&](const CellResult& c) {
            return c.reason == Reason::HostBusy && late->pinglist.endpoints[c.from].host == "h6";
        }));
        std::string titles;
        for (const auto& f : late->summary.findings)
            titles += f.finding.title + "; ";
        QVERIFY2(faultCount(late->summary.findings) == 0, titles.c_str());
        auto note = std::ranges::find_if(late->summary.findings,
            [](const FabricFinding& f) { return f.klass == ElementKind::HostBusy && f.element.name == "h6"; });
        QVERIFY2(note != late->summary.findings.end(), titles.c_str());
        QVERIFY2(note->finding.explanation.find(detail) != std::string::npos, note->finding.explanation.c_str());
        qInfo("late h6: %s (round %.1f s)", note->finding.title.c_str(), late->summary.seconds);

        bool healthy = false;
        for (int i = 0; i < 3 && !healthy; ++i) {
            auto r = controller.nextRound();
            QVERIFY2(r, r ? "" : r.error().describe().c_str());
            QCOMPARE_ENUM(r->agents.at("h6"), AgentState::Up);
            healthy = faultCount(r->summary.findings) == 0
                && std::ranges::none_of(r->cells, [](const CellResult& c) { return c.failed() && !c.expected; });
        }
        QVERIFY2(healthy, "the rounds after the thaw were not healthy");
        QCOMPARE(agentPids(6), agents);
        controller.stop();
    }

    void cliWatchSavesItsRun()
    {
        const QString file = m_dir.filePath(QStringLiteral("cli-watch.rpfabric"));
        const QStringList args { QStringLiteral("fabric"), QStringLiteral("watch"), QStringLiteral("--inventory"),
            m_dir.filePath(QStringLiteral("inventory.yaml")), QStringLiteral("--rounds"), QStringLiteral("2"),
            QStringLiteral("--json"), QStringLiteral("--save"), file };
        auto run = cli(args);
        QCOMPARE(run.exitCode, 0);
        int rounds = 0;
        for (const auto& line : run.out.split('\n')) {
            if (line.isEmpty())
                continue;
            auto event = QJsonDocument::fromJson(line).object();
            QVERIFY2(!event.isEmpty(), line.constData());
            rounds += event.value(QStringLiteral("event")).toString() == QStringLiteral("round") ? 1 : 0;
        }
        QCOMPARE(rounds, 2);
        auto saved = readFabricRun(file.toStdString());
        QVERIFY2(saved, saved ? "" : saved.error().describe().c_str());
        QCOMPARE(saved->header.command, std::string("watch"));
        QCOMPARE(saved->rounds.size(), std::size_t { 2 });
        QCOMPARE(saved->endpoints.size(), std::size_t { kHosts });
        QVERIFY(saved->end && saved->end->status == "ok");
        // The same file again is refused before any host is touched; --force replaces it.
        auto again = cli(args);
        QCOMPARE(again.exitCode, 2);
        QVERIFY2(again.err.contains("already exists"), again.err.constData());
        auto check = cli({ QStringLiteral("fabric"), QStringLiteral("check"), QStringLiteral("--inventory"),
            m_dir.filePath(QStringLiteral("inventory.yaml")), QStringLiteral("--duration"), QStringLiteral("1"),
            QStringLiteral("--save"), file, QStringLiteral("--force") });
        QCOMPARE(check.exitCode, 0);
        auto checked = readFabricRun(file.toStdString());
        QVERIFY(checked);
        QCOMPARE(checked->header.command, std::string("check"));
        QCOMPARE(checked->rounds.size(), std::size_t { 1 });
    }

    void killedControllerLeavesNoAgent()
    {
        // The controller dies (SIGKILL: no chance to stop anything): every agent must see its SSH channel close and
        // go by itself, on every host.
        QProcess watch;
        watch.start(QStringLiteral(RP_CLI),
            { QStringLiteral("fabric"), QStringLiteral("watch"), QStringLiteral("--inventory"),
                m_dir.filePath(QStringLiteral("inventory.yaml")), QStringLiteral("--json") });
        watch.closeWriteChannel();
        QVERIFY(watch.waitForStarted());
        QByteArray out;
        const auto t0 = std::chrono::steady_clock::now();
        while (!out.contains("\"event\":\"round\"") && rp::test::secondsSince(t0) < 90) {
            watch.waitForReadyRead(500);
            out += watch.readAllStandardOutput();
        }
        QVERIFY2(out.contains("\"event\":\"round\""), watch.readAllStandardError().constData());
        int running = 0;
        for (int i = 1; i <= kHosts; ++i)
            running += agentPids(i).empty() ? 0 : 1;
        QCOMPARE(running, kHosts);
        ::kill(static_cast<pid_t>(watch.processId()), SIGKILL);
        QVERIFY(watch.waitForFinished(10000));
        const auto killed = std::chrono::steady_clock::now();
        while (agentsLeft() && rp::test::secondsSince(killed) < 15)
            QTest::qWait(200);
        QVERIFY2(!agentsLeft(), "an agent outlived its controller by 15 s");
        qInfo("controller killed: every agent gone after %.1f s", rp::test::secondsSince(killed));
    }

    void droppedLinkLeavesNoAgent()
    {
        // The SSH connection to h4 goes silent without closing (its packets dropped both ways, as a pulled cable or
        // a firewall does): sshd would wait for hours; the agent must go when the controller's keepalives stop.
        ControllerOptions options = roundOptions();
        options.agentIdleS = 3.0;
        options.stopGrace = std::chrono::milliseconds(500);
        auto context = lab::context();
        Controller controller(
            m_hosts, {}, [context](const HostSpec& spec) { return openExecutor(spec, context); }, options);
        QVERIFY(controller.start(nullptr, nullptr, std::chrono::minutes(3)));
        QCOMPARE(agentPids(4).size(), std::size_t { 1 });
        QTest::qWait(4000); // longer than the idle limit: the keepalives hold the agent
        QCOMPARE(agentPids(4).size(), std::size_t { 1 });
        const auto ns = "ip netns exec " + lab::netns(4) + " nft ";
        lab::sh(ns + "add table inet rplinkdrop && " + ns
            + "add chain inet rplinkdrop in '{ type filter hook input priority 0; }' && " + ns
            + "add rule inet rplinkdrop in tcp dport 22 drop && " + ns
            + "add chain inet rplinkdrop out '{ type filter hook output priority 0; }' && " + ns
            + "add rule inet rplinkdrop out tcp sport 22 drop");
        const auto dropped = std::chrono::steady_clock::now();
        while (!agentPids(4).empty() && rp::test::secondsSince(dropped) < 15)
            QTest::qWait(200);
        QVERIFY2(agentPids(4).empty(), "h4's agent outlived its silent link by 15 s");
        qInfo("SSH link to h4 dropped: its agent gone after %.1f s (idle limit 3 s)", rp::test::secondsSince(dropped));
        lab::sh(ns + "delete table inet rplinkdrop");
        controller.stop();
    }

    void cliHealthyJson()
    {
        auto run = cli({ QStringLiteral("fabric"), QStringLiteral("check"), QStringLiteral("--inventory"),
            m_dir.filePath(QStringLiteral("inventory.yaml")), QStringLiteral("--json"), QStringLiteral("--duration"),
            QStringLiteral("1") });
        QCOMPARE(run.exitCode, 0);
        auto doc = QJsonDocument::fromJson(run.out).object();
        QCOMPARE(doc.value(QStringLiteral("schema")).toString(), QStringLiteral("rocepilot-fabric-round/1"));
        QVERIFY(doc.value(QStringLiteral("healthy")).toBool());
        QCOMPARE(doc.value(QStringLiteral("agents")).toArray().size(), kHosts);
        QCOMPARE(doc.value(QStringLiteral("cells")).toArray().size(), kHosts * (kHosts - 1));
        for (const auto& e : doc.value(QStringLiteral("endpoints")).toArray())
            QCOMPARE(e.toObject().value(QStringLiteral("transport")).toString(), QStringLiteral("udp"));
        QCOMPARE(cli({ QStringLiteral("fabric"), QStringLiteral("check") }).exitCode, 2);
    }

private:
    static ControllerOptions roundOptions()
    {
        ControllerOptions options;
        options.probePath = RP_PROBE;
        options.durationS = 2.0;
        options.secondPassS = 1.0;
        return options;
    }

    Result<FabricRound> runRound(FabricObserver* observer = nullptr, const std::atomic<bool>* cancel = nullptr)
    {
        const auto options = roundOptions();
        auto context = lab::context();
        Controller controller(
            m_hosts, {}, [context](const HostSpec& spec) { return openExecutor(spec, context); }, options);
        return controller.runRound(observer, cancel);
    }

    std::vector<FabricHost> m_hosts;
    QTemporaryDir m_dir;
};

QTEST_GUILESS_MAIN(TestFabricNetns)
#include "tst_fabric_netns.moc"

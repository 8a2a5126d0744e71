// SPDX-License-Identifier: GPL-3.0-or-later
// The standalone agent (no root, loopback): its pinglist file made from a fleet's pinglist (designed failures left
// out, RDMA targets pointed at the peer's directory), written and read back unchanged, refused with the file and JSON
// path named; two agents on 127.0.0.1 and 127.0.0.2 probing each other on one fixed port phase after phase, a target
// with no agent behind it reported lost, the metrics of what they measured clean under promtool, a taken port ending
// the agent with the reason; the QPN directory answering only with the secret and only for endpoints it serves.
#include "fabric/agentpinglist.h"
#include "fabric/agentstandalone.h"
#include "fabric/controller.h"
#include "fabric/probepacket.h"
#include "fabric/udpprober.h"
#include "metrics/agentmetrics.h"

#include "fabricsim.h"
#include "testbasics.h"

#include <QProcess>
#include <QtTest>

#include <atomic>
#include <mutex>
#include <thread>

#include <arpa/inet.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

using namespace rp;
using namespace rp::fabric;

namespace {

const std::string kSecret = "00112233445566778899aabbccddeeff";

/// A UDP port free on 127.0.0.1 now (the kernel's pick, released).
int freeUdpPort()
{
    const int fd = ::socket(AF_INET, SOCK_DGRAM, 0);
    sockaddr_in a {};
    a.sin_family = AF_INET;
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    ::bind(fd, reinterpret_cast<sockaddr*>(&a), sizeof a);
    socklen_t len = sizeof a;
    ::getsockname(fd, reinterpret_cast<sockaddr*>(&a), &len);
    ::close(fd);
    return ntohs(a.sin_port);
}

QString promtool(const std::string& text)
{
    QProcess p;
    p.start(QStringLiteral("promtool"), { QStringLiteral("check"), QStringLiteral("metrics") });
    if (!p.waitForStarted(10000))
        return QStringLiteral("promtool did not start (installer/deps.sh installs Debian's prometheus)");
    p.write(text.data(), static_cast<qint64>(text.size()));
    p.closeWriteChannel();
    p.waitForFinished(30000);
    const auto out = QString::fromUtf8(p.readAllStandardOutput() + p.readAllStandardError());
    return p.exitCode() == 0 ? QString() : out + QStringLiteral(" (exit %1)").arg(p.exitCode());
}

/// A host's file by hand: one UDP endpoint at `address`, targets at the other addresses (ids by position).
AgentPinglistFile handFile(std::size_t self, const std::vector<std::string>& addresses, int port, double intervalS)
{
    AgentPinglistFile f;
    f.host = "h" + std::to_string(self);
    f.tor = "leaf1";
    f.secret = kSecret;
    f.udpPort = port;
    f.rate = 20;
    f.intervalS = intervalS;
    f.timeoutS = 0.2;
    for (std::size_t i = 0; i < addresses.size(); ++i) {
        const auto id = static_cast<std::uint32_t>(i);
        const std::string host = "h" + std::to_string(i);
        f.names.push_back({ id, host + ":udp", host, "leaf1" });
        if (i == self)
            f.endpoints.push_back({ id, "udp", 0, -1, addresses[i], "" });
        else
            f.targets.push_back({ static_cast<std::uint32_t>(self), id, addresses[i], port, "", 0, 0 });
    }
    return f;
}

class Recorder final : public StandaloneObserver
{
public:
    explicit Recorder(metrics::AgentMetrics* metrics = nullptr)
        : m_metrics(metrics)
    { }
    void served(const std::vector<AgentReadyEndpoint>& e) override
    {
        if (m_metrics)
            m_metrics->served(e);
    }
    void phase(const StandalonePhase& p) override
    {
        if (m_metrics)
            m_metrics->phase(p);
        std::lock_guard lock(m_mutex);
        m_phases.push_back(p);
    }
    void log(const std::string& line) override
    {
        std::lock_guard lock(m_mutex);
        m_log.push_back(line);
    }
    std::vector<StandalonePhase> phases() const
    {
        std::lock_guard lock(m_mutex);
        return m_phases;
    }
    std::string log() const
    {
        std::lock_guard lock(m_mutex);
        std::string out;
        for (const auto& l : m_log)
            out += l + "\n";
        return out;
    }

private:
    metrics::AgentMetrics* m_metrics;
    mutable std::mutex m_mutex;
    std::vector<StandalonePhase> m_phases;
    std::vector<std::string> m_log;
};

StandaloneIo udpIo(Recorder& recorder, const std::atomic<bool>& stop)
{
    StandaloneIo io;
    io.version = "test";
    io.stop = &stop;
    io.observer = &recorder;
    io.transportFor = [](const AgentPinglistFile& f, std::string&) -> std::unique_ptr<ProbeTransport> {
        return std::make_unique<UdpProber>(probeSecretFromHex(f.secret.c_str()), f.udpPort);
    };
    return io;
}

/// An RDMA transport without RDMA: its peer answers probes sent to the peer's current QPN only, and the peer's
/// directory says that QPN when asked. Setting a new QPN is a peer that restarted.
struct FakePeer
{
    std::atomic<std::uint32_t> qpn { 500 };
    std::atomic<int> asks { 0 };
    std::atomic<int> sentToZero { 0 };
};

class FakeRdma final : public ProbeTransport
{
public:
    explicit FakeRdma(FakePeer& peer)
        : m_peer(peer)
    { }

    AgentMode mode() const override { return AgentMode::Rdma; }
    std::vector<AgentReadyEndpoint> serve(const std::vector<AgentEndpoint>& endpoints) override
    {
        std::vector<AgentReadyEndpoint> out;
        for (const auto& e : endpoints)
            out.push_back({ e.id, e.device == "udp" ? 18600 : 0, e.device == "udp" ? 0u : 42u, 0, Reason::None, {} });
        return out;
    }
    std::vector<int> fds() const override { return {}; }
    void receive(std::vector<ReplyTimes>& replies) override
    {
        replies.insert(replies.end(), m_queued.begin(), m_queued.end());
        m_queued.clear();
    }
    int send(const AgentTarget& target, std::uint64_t seq) override
    {
        if (!target.gid.empty() && target.qpn == 0) {
            ++m_peer.sentToZero;
            return EDESTADDRREQ;
        }
        if (target.gid.empty() || target.qpn == m_peer.qpn.load())
            m_queued.push_back({ target.from, target.to, seq, 10.0, 1.0, 1.0 });
        return 0;
    }
    int askDirectory(std::uint32_t endpoint, const std::string&, int) override
    {
        ++m_peer.asks;
        m_answers.emplace_back(endpoint, m_peer.qpn.load());
        return 0;
    }
    std::vector<std::pair<std::uint32_t, std::uint32_t>> takeDirectoryAnswers() override
    {
        return std::exchange(m_answers, {});
    }

private:
    FakePeer& m_peer;
    std::vector<ReplyTimes> m_queued;
    std::vector<std::pair<std::uint32_t, std::uint32_t>> m_answers;
};

bool waitFor(const std::function<bool()>& done, int ms)
{
    const auto end = std::chrono::steady_clock::now() + std::chrono::milliseconds(ms);
    while (std::chrono::steady_clock::now() < end) {
        if (done())
            return true;
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    return done();
}

} // namespace

class TestAgentStandalone : public QObject
{
    Q_OBJECT

private slots:
    void pinglistsFromAFleet()
    {
        fabricsim::FabricShape shape;
        shape.hosts = 6;
        shape.tors = 2;
        shape.spine = true;
        fabricsim::FabricSim sim(shape, 7);
        for (const bool rdma : { false, true }) {
            std::vector<HostFacts> facts;
            for (const auto& h : sim.hosts())
                facts.push_back(pinglistFacts(FabricHost { HostSpec { .name = h.hostname }, h }, rdma));
            auto list = buildPinglist(facts, sim.topology());
            QVERIFY2(list.has_value(), list ? "" : list.error().describe().c_str());
            AgentPinglistOptions o;
            o.secret = kSecret;
            o.mode = rdma ? AgentMode::Rdma : AgentMode::Udp;
            o.udpPort = 18600;
            const auto files = makeAgentPinglists(*list, o);
            QCOMPARE(files.size(), list->hosts.size());
            std::size_t designed = 0;
            for (const auto& p : list->probes)
                designed += p.expect != Reason::None ? 1 : 0;
            std::size_t targets = 0;
            for (const auto& f : files) {
                QCOMPARE(f.tor, sim.topology().torOfHost(f.host));
                QVERIFY(!f.endpoints.empty());
                for (const auto& t : f.targets) {
                    ++targets;
                    QCOMPARE(t.udpPort, 18600);
                    const auto& to = list->endpoints[t.to];
                    QVERIFY2(list->endpoints[t.from].host == f.host, "a target from another host's endpoint");
                    QVERIFY(f.nameOf(t.to) && f.nameOf(t.to)->name == to.name());
                    if (to.udp()) {
                        QCOMPARE(t.address, to.address);
                        QVERIFY(t.gid.empty());
                    } else {
                        // The peer's directory: its host's UDP endpoint, where the QPN of `to` is asked.
                        QCOMPARE(t.address, list->endpoints[list->udp.at(to.host)].address);
                        QCOMPARE(t.gid, to.gid);
                    }
                }
                // What is written reads back as it was.
                auto back = readAgentPinglist(encodeAgentPinglist(f), f.host + ".json");
                QVERIFY2(back.has_value(), back ? "" : back.error().describe().c_str());
                QVERIFY(*back == f);
            }
            QCOMPARE(targets + designed, list->probes.size());
            if (rdma)
                QVERIFY2(
                    designed > 0, "the simulated fleet has link-local and v1 GIDs: designed failures to leave out");
        }
    }

    void readerRefusesWithFileAndPath_data()
    {
        QTest::addColumn<QString>("from");
        QTest::addColumn<QString>("to");
        QTest::addColumn<QString>("expected");
        QTest::newRow("schema") << "rocepilot-agent-pinglist/1"
                                << "rocepilot-agent-pinglist/9"
                                << "$: 'schema'";
        QTest::newRow("secret") << kSecret.c_str() << "00112233"
                                << "$: 'secret' must be 32";
        QTest::newRow("unknown key") << "\"rate\""
                                     << "\"speed\""
                                     << "$: unknown key 'speed'";
        QTest::newRow("port") << "\"udp_port\": 18600\n}"
                              << "\"udp_port\": 70000\n}"
                              << "$: 'udp_port' must be 1..65535";
        QTest::newRow("target address") << "\"address\": \"127.0.0.2\""
                                        << "\"address\": \"peer.example\""
                                        << "$.targets[0]: 'address' must be a numeric";
        QTest::newRow("foreign from") << "\"from\": 0"
                                      << "\"from\": 1"
                                      << "$.targets[0]: 'from' 1 is not one of the host's endpoints";
        QTest::newRow("unnamed") << "\"name\": \"h1:udp\""
                                 << "\"name\": \"\""
                                 << "$.names[1]: 'name' must be";
        QTest::newRow("nested") << "\"targets\": ["
                                << "\"targets\": [[[[[[[[[[[["
                                << "nested too deep";
        QTest::newRow("not json") << "{"
                                  << "{{"
                                  << "not JSON";
    }

    void readerRefusesWithFileAndPath()
    {
        QFETCH(QString, from);
        QFETCH(QString, to);
        QFETCH(QString, expected);
        const auto good = encodeAgentPinglist(handFile(0, { "127.0.0.1", "127.0.0.2" }, 18600, 1.0));
        QVERIFY(readAgentPinglist(good, "h0.json").has_value());
        std::string bad = good;
        const auto at = bad.find(from.toStdString());
        QVERIFY2(at != std::string::npos, qPrintable(from));
        bad.replace(at, from.size(), to.toStdString());
        auto read = readAgentPinglist(bad, "/etc/rocepilot/agent/h0.json");
        QVERIFY(!read.has_value());
        const auto said = read.error().describe();
        QVERIFY2(said.starts_with("/etc/rocepilot/agent/h0.json: "), said.c_str());
        QVERIFY2(said.find(expected.toStdString()) != std::string::npos, said.c_str());
    }

    void twoAgentsProbeEachOther()
    {
        const int port = freeUdpPort();
        // h2 (127.0.0.3) runs no agent: h0's and h1's targets towards it must be lost, the others answered.
        const std::vector<std::string> addresses { "127.0.0.1", "127.0.0.2", "127.0.0.3" };
        auto f0 = handFile(0, addresses, port, 0.6);
        auto f1 = handFile(1, addresses, port, 0.6);
        metrics::AgentMetrics series(f0, "test");
        Recorder r0(&series);
        Recorder r1;
        std::atomic<bool> stop { false };
        int rc0 = -1;
        int rc1 = -1;
        const auto io0 = udpIo(r0, stop);
        const auto io1 = udpIo(r1, stop);
        std::thread a([&] { rc0 = runStandaloneAgent(f0, io0); });
        std::thread b([&] { rc1 = runStandaloneAgent(f1, io1); });
        const bool phases = waitFor([&] { return r0.phases().size() >= 3 && r1.phases().size() >= 3; }, 15000);
        const auto stopAsked = std::chrono::steady_clock::now();
        stop = true;
        a.join();
        b.join();
        const auto stopMs = rp::test::msSince(stopAsked);
        QVERIFY2(phases, (r0.log() + r1.log()).c_str());
        QCOMPARE(rc0, 0);
        QCOMPARE(rc1, 0);
        QVERIFY2(stopMs < 1500, qPrintable(QString::number(stopMs)));
        // The first phase may start before the peer listens; from the second on, every probe counts.
        for (const auto* r : { &r0, &r1 }) {
            const auto phasesSeen = r->phases();
            for (std::size_t i = 1; i < phasesSeen.size(); ++i) {
                const auto& p = phasesSeen[i];
                QCOMPARE(p.cells.size(), std::size_t { 2 });
                QVERIFY(p.intervalS > 0.5 && p.intervalS < 0.7);
                QVERIFY(p.rate > 0);
                for (const auto& c : p.cells) {
                    QVERIFY(c.sent > 0);
                    if (c.to == 2) {
                        QCOMPARE(c.received, 0u);
                        QVERIFY(c.reason == Reason::Timeout);
                    } else {
                        QVERIFY2(
                            c.received >= c.sent - 1, qPrintable(QStringLiteral("%1/%2").arg(c.received).arg(c.sent)));
                        QVERIFY(c.rttP50Us > 0 && c.rttP99Us >= c.rttP50Us);
                    }
                }
            }
        }
        const auto text = series.text(false);
        QVERIFY2(promtool(text).isEmpty(), qPrintable(promtool(text)));
        QVERIFY2(series.text(true).ends_with("# EOF\n"), "OpenMetrics ends in # EOF");
        const std::string lost = "rocepilot_agent_target_loss_ratio{from=\"h0:udp\",to=\"h2:udp\",from_host=\"h0\","
                                 "to_host=\"h2\",from_tor=\"leaf1\",to_tor=\"leaf1\",transport=\"udp\"} 1\n";
        QVERIFY2(text.find(lost) != std::string::npos, text.c_str());
        QVERIFY2(text.find("to=\"h1:udp\",from_host=\"h0\",to_host=\"h1\",from_tor=\"leaf1\",to_tor=\"leaf1\","
                           "transport=\"udp\",quantile=\"0.99\"}")
                != std::string::npos,
            text.c_str());
        QVERIFY2(text.find("reason=\"timeout\"} 1\n") != std::string::npos, text.c_str());
        QVERIFY2(text.find("rocepilot_agent_up{host=\"h0\",tor=\"leaf1\"} 1\n") != std::string::npos, text.c_str());
        QVERIFY2(text.find("transport=\"rdma\"") == std::string::npos, "a UDP agent's series never say rdma");
        // 9 for the agent, 1 per endpoint, 7 per answering target, 3 + 1 for the lost one (no RTT, a failed line).
        QCOMPARE(series.series(), std::size_t { 9 + 1 + 7 + 4 });
    }

    void takenPortEndsTheAgent()
    {
        const int port = freeUdpPort();
        const int fd = ::socket(AF_INET, SOCK_DGRAM | SOCK_CLOEXEC, 0);
        sockaddr_in a {};
        a.sin_family = AF_INET;
        a.sin_port = htons(static_cast<std::uint16_t>(port));
        ::inet_pton(AF_INET, "127.0.0.4", &a.sin_addr);
        QCOMPARE(::bind(fd, reinterpret_cast<sockaddr*>(&a), sizeof a), 0);
        auto f = handFile(0, { "127.0.0.4", "127.0.0.5" }, port, 0.6);
        Recorder r;
        std::atomic<bool> stop { false };
        const auto io = udpIo(r, stop);
        int rc = -1;
        std::thread t([&] { rc = runStandaloneAgent(f, io); });
        const bool ended = waitFor([&] { return rc != -1; }, 5000);
        stop = true;
        t.join();
        ::close(fd);
        QVERIFY2(ended, "the agent kept running without its UDP endpoint");
        QCOMPARE(rc, 1);
        const auto log = r.log();
        QVERIFY2(log.find("port " + std::to_string(port)) != std::string::npos, log.c_str());
        QVERIFY(r.phases().empty());
    }

    void directoryAnswersOnlyWithTheSecret()
    {
        const int port = freeUdpPort();
        const auto secret = probeSecretFromHex(kSecret.c_str());
        UdpProber server(secret, port);
        server.setDirectory([](std::uint32_t endpoint) -> std::optional<std::uint32_t> {
            if (endpoint == 7)
                return 0x1234u;
            return std::nullopt;
        });
        auto served = server.serve({ { 1, "udp", 0, -1, "127.0.0.1", "" } });
        QVERIFY2(served.at(0).error.empty(), served.at(0).error.c_str());
        QCOMPARE(served.at(0).udpPort, port);

        auto askFrom = [&](const ProbeSecret& s, std::uint32_t endpoint) {
            UdpProber client(s);
            client.serve({ { 2, "udp", 0, -1, "127.0.0.1", "" } });
            if (client.askDirectory(endpoint, "127.0.0.1", port) != 0)
                return std::vector<std::pair<std::uint32_t, std::uint32_t>> {};
            std::vector<ReplyTimes> replies;
            std::vector<std::pair<std::uint32_t, std::uint32_t>> answers;
            waitFor(
                [&] {
                    server.receive(replies);
                    client.receive(replies);
                    for (auto& a : client.takeDirectoryAnswers())
                        answers.push_back(a);
                    return !answers.empty();
                },
                500);
            return answers;
        };
        const auto answered = askFrom(secret, 7);
        QCOMPARE(answered.size(), std::size_t { 1 });
        QCOMPARE(answered.front().first, 7u);
        QCOMPARE(answered.front().second, 0x1234u);
        QVERIFY2(askFrom(secret, 8).empty(), "an endpoint the host does not serve is not answered");
        auto wrong = secret;
        wrong[0] ^= 1;
        const auto dropped = server.dropped();
        QVERIFY2(askFrom(wrong, 7).empty(), "a query without the secret is answered");
        QVERIFY(server.dropped() > dropped);
    }

    void rdmaTargetsAskTheDirectoryAgainWhenSilent()
    {
        AgentPinglistFile f;
        f.host = "h0";
        f.mode = AgentMode::Rdma;
        f.secret = kSecret;
        f.udpPort = 18600;
        f.rate = 20;
        f.intervalS = 0.5;
        f.timeoutS = 0.2;
        const std::string gid = "0000:0000:0000:0000:0000:ffff:7f00:0002";
        f.names = { { 0, "h0:udp", "h0", "" }, { 1, "h0:rxe0/1#1", "h0", "" }, { 2, "h1:udp", "h1", "" },
            { 3, "h1:rxe0/1#1", "h1", "" } };
        f.endpoints = { { 0, "udp", 0, -1, "127.0.0.1", "" }, { 1, "rxe0", 1, 1, "127.0.0.1", "" } };
        f.targets = { { 0, 2, "127.0.0.2", 18600, "", 0, 0 }, { 1, 3, "127.0.0.2", 18600, gid, 0, 0 } };
        QVERIFY(readAgentPinglist(encodeAgentPinglist(f), "h0.json").has_value());
        FakePeer peer;
        Recorder r;
        std::atomic<bool> stop { false };
        StandaloneIo io;
        io.version = "test";
        io.stop = &stop;
        io.observer = &r;
        io.transportFor = [&peer](const AgentPinglistFile&, std::string&) -> std::unique_ptr<ProbeTransport> {
            return std::make_unique<FakeRdma>(peer);
        };
        auto rdmaReceived = [&](std::size_t phase) -> std::uint32_t {
            const auto phases = r.phases();
            for (const auto& c : phases.at(phase).cells) {
                if (c.from == 1)
                    return c.received;
            }
            return 0;
        };
        int rc = -1;
        std::thread t([&] { rc = runStandaloneAgent(f, io); });
        const bool first = waitFor([&] { return r.phases().size() >= 2; }, 10000);
        std::size_t restartedAt = 0;
        bool recovered = false;
        if (first) {
            peer.qpn = 777; // the peer restarted: its QP has a new number
            restartedAt = r.phases().size();
            recovered = waitFor(
                [&] {
                    const auto n = r.phases().size();
                    return n >= restartedAt + 3 && rdmaReceived(n - 1) > 0;
                },
                10000);
        }
        stop = true;
        t.join();
        QVERIFY2(first, r.log().c_str());
        QCOMPARE(rc, 0);
        // The first phase waited for the directory: its RDMA target was resolved and answered.
        QVERIFY2(rdmaReceived(0) > 0, r.log().c_str());
        QCOMPARE(peer.sentToZero.load(), 0);
        QCOMPARE(r.phases().front().unresolved, std::size_t { 0 });
        QVERIFY2(recovered, r.log().c_str());
        QVERIFY(peer.asks.load() >= 2);
        QVERIFY2(r.log().find("served by QPN 777 now (was 500)") != std::string::npos, r.log().c_str());
    }

    void directoryPacketsRoundTrip()
    {
        const auto secret = probeSecretFromHex(kSecret.c_str());
        ProbePacket answer;
        answer.kind = ProbePacket::Kind::Answer;
        answer.secret = secret;
        answer.from = 3;
        answer.to = 9;
        answer.seq = 77;
        answer.qpn = 0xabcdef;
        std::array<std::uint8_t, ProbePacket::kSize> data {};
        answer.write(data.data());
        auto back = ProbePacket::read(data.data(), data.size(), secret);
        QVERIFY(back.has_value());
        QVERIFY(back->kind == ProbePacket::Kind::Answer);
        QCOMPARE(back->qpn, 0xabcdefu);
        QCOMPARE(back->to, 9u);
        data[51] = 0x01; // a QPN above 24 bits: not one this agent wrote
        QVERIFY(!ProbePacket::read(data.data(), data.size(), secret).has_value());
        data[5] = 5; // a kind nobody defined
        QVERIFY(!ProbePacket::read(data.data(), data.size(), secret).has_value());
    }

    /// What the docs quote: the series per host of a 1 000-host ToR mesh (20 ToRs of 50, 5 peers across).
    void seriesPerHostOfALargeFleet()
    {
        fabricsim::FabricShape shape;
        shape.hosts = 1000;
        shape.tors = 20;
        shape.spine = true;
        fabricsim::FabricSim sim(shape, 11);
        std::vector<HostFacts> facts;
        for (const auto& h : sim.hosts())
            facts.push_back(pinglistFacts(FabricHost { HostSpec { .name = h.hostname }, h }, false));
        auto list = buildPinglist(facts, sim.topology());
        QVERIFY(list.has_value());
        AgentPinglistOptions o;
        o.secret = kSecret;
        const auto files = makeAgentPinglists(*list, o);
        std::size_t most = 0;
        std::size_t total = 0;
        std::size_t bytes = 0;
        for (const auto& f : files) {
            most = std::max(most, f.targets.size());
            total += f.targets.size();
            bytes = std::max(bytes, encodeAgentPinglist(f).size());
        }
        const auto& busiestFile = *std::ranges::max_element(files, {}, [](const auto& f) { return f.targets.size(); });
        metrics::AgentMetrics busiest(busiestFile, "test");
        std::vector<AgentCell> cells;
        for (const auto& t : busiestFile.targets)
            cells.push_back({ t.from, t.to, 50, 50, 30, 60, 5, 5, Reason::None });
        busiest.phase({ 1, cells, std::chrono::system_clock::now(), 5, 0.4, 10, 0, {} });
        qInfo("1 000 hosts: %zu..%zu targets per host (mean %.1f), the busiest host's file %zu bytes and %zu series, "
              "scrape %zu bytes",
            std::ranges::min_element(files, {}, [](const auto& f) { return f.targets.size(); })->targets.size(), most,
            static_cast<double>(total) / static_cast<double>(files.size()), bytes, busiest.series(),
            busiest.text(false).size());
        QCOMPARE(busiest.series(), 9 + 1 + 7 * most);
        // A host whose NIC has counters: one series per counter it has, none for those it lacks.
        StandalonePhase counted { 2, cells, std::chrono::system_clock::now(), 5, 0.4, 10, 0, {} };
        counted.counters = counters::HostCounters {};
        counted.counters->pauseRxPerS = 250.0;
        counted.counters->retransmitsPerS = 0.0;
        busiest.phase(counted);
        QCOMPARE(busiest.series(), 9 + 1 + 7 * most + 2);
        const auto text = busiest.text(false);
        QVERIFY(text.find(R"(rocepilot_agent_host_events_per_second{host=")" + busiestFile.host + R"(",tor=")"
                    + busiestFile.tor + R"(",event="pause_rx"} 250)")
            != std::string::npos);
        QVERIFY(text.find(R"(event="cnp_sent")") == std::string::npos);
        QVERIFY2(most <= 80, "a ToR mesh of 50 with 5 peers across gives each host about 60 targets");
    }
};

QTEST_GUILESS_MAIN(TestAgentStandalone)
#include "tst_agentstandalone.moc"

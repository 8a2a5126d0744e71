// SPDX-License-Identifier: GPL-3.0-or-later
// The fabric agent over loopback (no root): it serves UDP endpoints, probes its targets at the asked rate with the
// round trip split into network and host delays, drops packets without the run's secret unanswered, reports an
// unreachable target as a timeout, counts a stall of its own as the host's delay, not loss, and ends on stop, on EOF of
// its input and at its lifetime.
#include "fabric/agent.h"
#include "fabric/probepacket.h"
#include "fabric/udpprober.h"

#include "testbasics.h"

#include <QDir>
#include <QTemporaryDir>
#include <QtTest>

#include <array>
#include <fstream>
#include <functional>
#include <map>
#include <mutex>
#include <thread>

#include <arpa/inet.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

using namespace rp;
using namespace rp::fabric;
using rp::test::msSince;

namespace {

const std::string kSecret = "00112233445566778899aabbccddeeff";

AgentServe twoEndpoints();

/// An agent on a thread, fed through a pipe, its messages collected.
class AgentUnderTest
{
public:
    using TransportMaker = std::function<std::unique_ptr<ProbeTransport>(const ProbeSecret&)>;
    explicit AgentUnderTest(std::string sysfsRoot = "/sys", TransportMaker maker = {})
    {
        m_io.sysfsRoot = std::move(sysfsRoot);
        int fds[2];
        if (::pipe(fds) != 0)
            qFatal("pipe");
        m_read = fds[0];
        m_write = fds[1];
        m_io.inFd = m_read;
        m_io.version = "test";
        m_io.stop = &m_stop;
        m_io.output = [this](const AgentMessage& m) {
            std::lock_guard lock(m_mutex);
            m_messages.push_back(m);
            return true;
        };
        m_io.transportFor = [maker](const AgentHello& hello, std::string&) -> std::unique_ptr<ProbeTransport> {
            const auto secret = probeSecretFromHex(hello.secret.c_str());
            if (maker)
                return maker(secret);
            return std::make_unique<UdpProber>(secret);
        };
        m_thread = std::thread([this] { m_exit = runAgent(m_io); });
    }
    ~AgentUnderTest()
    {
        m_stop = true;
        closeInput();
        if (m_thread.joinable())
            m_thread.join();
        ::close(m_read);
    }

    /// Hello (UDP mode) and twoEndpoints(): what the agent said it serves, or nothing within 3 s.
    std::optional<AgentReady> serveTwo()
    {
        send(AgentHello { kAgentProtocolVersion, kSecret, AgentMode::Udp, 60 });
        send(twoEndpoints());
        return waitFor<AgentReady>(3000);
    }
    void send(const AgentMessage& m)
    {
        const auto line = encodeAgent(m);
        QCOMPARE(::write(m_write, line.data(), line.size()), static_cast<ssize_t>(line.size()));
    }
    void closeInput()
    {
        if (m_write >= 0)
            ::close(m_write);
        m_write = -1;
    }
    /// Waits up to `ms` for a message of type T; the first one's copy.
    template <class T> std::optional<T> waitFor(int ms)
    {
        return waitForWhere<T>([](const T&) { return true; }, ms);
    }
    /// Waits up to `ms` for a message of type T that `pred` accepts; the first one's copy.
    template <class T, class P> std::optional<T> waitForWhere(P pred, int ms)
    {
        const auto until = std::chrono::steady_clock::now() + std::chrono::milliseconds(ms);
        for (;;) {
            {
                std::lock_guard lock(m_mutex);
                for (const auto& m : m_messages) {
                    if (const auto* t = std::get_if<T>(&m); t && pred(*t))
                        return *t;
                }
            }
            if (std::chrono::steady_clock::now() >= until)
                break;
            std::this_thread::sleep_for(std::chrono::milliseconds(10));
        }
        return std::nullopt;
    }
    std::vector<AgentMessage> messages()
    {
        std::lock_guard lock(m_mutex);
        return m_messages;
    }
    bool endsWithin(int ms)
    {
        const auto until = std::chrono::steady_clock::now() + std::chrono::milliseconds(ms);
        while (std::chrono::steady_clock::now() < until && !m_ended())
            std::this_thread::sleep_for(std::chrono::milliseconds(10));
        return m_ended();
    }
    int exitCode()
    {
        m_thread.join();
        return m_exit;
    }

private:
    bool m_ended() { return m_exit != -1; }

    int m_read = -1;
    int m_write = -1;
    std::atomic<bool> m_stop { false };
    std::atomic<int> m_exit { -1 };
    AgentIo m_io;
    std::mutex m_mutex;
    std::vector<AgentMessage> m_messages;
    std::thread m_thread;
};

/// UDP probing that stalls the agent once, as a paused VM or a saturated CPU does: the receive right after the
/// `stallAfter`-th send sleeps, and what it and the next receive read is handed over only at the one after (a paused
/// guest's kernel delivers its backlog after the agent already ran again).
class StallingTransport final : public ProbeTransport
{
public:
    StallingTransport(const ProbeSecret& secret, int stallAfter, std::chrono::milliseconds stall)
        : m_inner(secret)
        , m_stallAfter(stallAfter)
        , m_stall(stall)
    { }
    AgentMode mode() const override { return m_inner.mode(); }
    std::vector<AgentReadyEndpoint> serve(const std::vector<AgentEndpoint>& endpoints) override
    {
        return m_inner.serve(endpoints);
    }
    std::vector<int> fds() const override { return m_inner.fds(); }
    void receive(std::vector<ReplyTimes>& replies) override
    {
        if (m_sends >= m_stallAfter && m_holding < 2) {
            if (m_holding++ == 0)
                std::this_thread::sleep_for(m_stall);
            m_inner.receive(m_held);
            return;
        }
        replies.insert(replies.end(), m_held.begin(), m_held.end());
        m_held.clear();
        m_inner.receive(replies);
    }
    void takeAnswered(std::vector<AnsweredProbe>& out) override { m_inner.takeAnswered(out); }
    int send(const AgentTarget& target, std::uint64_t seq) override
    {
        ++m_sends;
        return m_inner.send(target, seq);
    }

private:
    UdpProber m_inner;
    int m_stallAfter;
    std::chrono::milliseconds m_stall;
    int m_sends = 0;
    int m_holding = 0;
    std::vector<ReplyTimes> m_held;
};

/// UDP probing for endpoints that name an RDMA port: the agent reads that port's hw_counters (a fake sysfs tree here;
/// no RDMA device exists on this machine, the lab's fabric_rdma test reads rxe's real ones).
class PortNamingTransport final : public ProbeTransport
{
public:
    explicit PortNamingTransport(const ProbeSecret& secret)
        : m_inner(secret)
    { }
    AgentMode mode() const override { return AgentMode::Rdma; }
    std::vector<AgentReadyEndpoint> serve(const std::vector<AgentEndpoint>& endpoints) override
    {
        auto asUdp = endpoints;
        for (auto& e : asUdp) {
            e.device = "udp";
            e.port = 0;
            e.gidIndex = -1;
        }
        return m_inner.serve(asUdp);
    }
    std::vector<int> fds() const override { return m_inner.fds(); }
    void receive(std::vector<ReplyTimes>& replies) override { m_inner.receive(replies); }
    int send(const AgentTarget& target, std::uint64_t seq) override { return m_inner.send(target, seq); }

private:
    UdpProber m_inner;
};

void writeFakeSysfs(const std::string& path, const std::string& text)
{
    std::ofstream out(path, std::ios::trunc);
    out << text;
}

AgentServe twoEndpoints()
{
    AgentServe s;
    s.endpoints = { { 0, "udp", 0, -1, "127.0.0.1" }, { 1, "udp", 0, -1, "127.0.0.1" } };
    return s;
}

/// twoEndpoints() probing each other in `phase`, at the ports the agent's ready line gave them.
AgentTargets eachOther(std::uint64_t phase, const AgentReady& ready)
{
    AgentTargets t;
    t.phase = phase;
    t.targets = { { 0, 1, "127.0.0.1", ready.endpoints[1].udpPort, "", 0, 0 },
        { 1, 0, "127.0.0.1", ready.endpoints[0].udpPort, "", 0, 0 } };
    return t;
}

} // namespace

class TestAgent final : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void probesAtTheAskedRateAndSplitsTheRoundTrip()
    {
        AgentUnderTest agent;
        auto ready = agent.serveTwo();
        QVERIFY(ready);
        QCOMPARE(ready->endpoints.size(), 2u);
        QVERIFY(ready->endpoints[0].error.empty() && ready->endpoints[0].udpPort > 0);
        const int port0 = ready->endpoints[0].udpPort;
        const int port1 = ready->endpoints[1].udpPort;
        AgentTargets t;
        t.phase = 1;
        t.targets = { { 0, 1, "127.0.0.1", port1, "", 0, 0 }, { 1, 0, "127.0.0.1", port0, "", 0, 0 },
            { 0, 0, "127.0.0.1", port0, "", 0, 0 }, { 0, 7, "127.0.0.1", 9, "", 0, 0 } };
        agent.send(t);
        agent.send(AgentStart { 1, 1.0, 0.5, 20, 0.2 });
        auto done = agent.waitFor<AgentDone>(5000);
        QVERIFY(done);
        QVERIFY(done->rate > 0 && done->rate <= 20);
        QVERIFY(!done->counters); // no RDMA port, no netdev: nothing to read, and not a row of zeros
        std::vector<AgentCell> cells;
        for (const auto& m : agent.messages()) {
            if (const auto* r = std::get_if<AgentResult>(&m)) {
                QCOMPARE(r->phase, 1u);
                cells.insert(cells.end(), r->cells.begin(), r->cells.end());
            }
        }
        QCOMPARE(cells.size(), 8u); // two intervals of four targets
        std::uint32_t sent = 0;
        for (const auto& c : cells) {
            if (c.to == 7) {
                QVERIFY(c.sent > 0);
                QCOMPARE(c.received, 0u);
                QCOMPARE_ENUM(c.reason, Reason::Timeout); // nothing listens on the discard port
                continue;
            }
            sent += c.sent;
            QVERIFY2(c.received + 1 >= c.sent, (std::to_string(c.received) + "/" + std::to_string(c.sent)).c_str());
            QCOMPARE_ENUM(c.reason, Reason::None);
            QVERIFY(c.rttP50Us > 0 && c.rttP50Us <= c.rttP99Us);
            QVERIFY(c.responderDelayP50Us > 0);
        }
        // 1 s at the rate it used (lower on a loaded machine), for three working targets; never more.
        QVERIFY2(sent <= static_cast<std::uint32_t>(3 * done->rate + 3), std::to_string(sent).c_str());
        QVERIFY2(sent >= static_cast<std::uint32_t>(3 * done->rate / 2), std::to_string(sent).c_str());
        agent.send(AgentStop {});
        QVERIFY(agent.endsWithin(2000));
        QCOMPARE(agent.exitCode(), 0);
    }

    void aPhaseEveryProbeOfIsAnsweredEndsBeforeItsTimeout()
    {
        // Nothing is left to wait for once every reply is in: the phase ends a short tail after its probes, not a
        // timeout later. A probe still out keeps the whole timeout.
        AgentUnderTest agent;
        auto ready = agent.serveTwo();
        QVERIFY(ready);
        auto t = eachOther(1, *ready);
        agent.send(t);
        auto t0 = std::chrono::steady_clock::now();
        agent.send(AgentStart { 1, 0.5, 0.0, 20, 3.0 });
        QVERIFY(agent.waitFor<AgentDone>(5000));
        QVERIFY2(msSince(t0) < 2500, std::to_string(msSince(t0)).c_str());
        for (const auto& m : agent.messages()) {
            if (const auto* r = std::get_if<AgentResult>(&m)) {
                for (const auto& c : r->cells)
                    QCOMPARE(c.received, c.sent);
            }
        }
        t.phase = 2;
        t.targets.push_back({ 0, 7, "127.0.0.1", 9, "", 0, 0 }); // nothing listens on the discard port
        agent.send(t);
        t0 = std::chrono::steady_clock::now();
        agent.send(AgentStart { 2, 0.5, 0.0, 20, 1.0 });
        auto done = agent.waitForWhere<AgentDone>([](const AgentDone& d) { return d.phase == 2; }, 5000);
        QVERIFY(done);
        QVERIFY2(msSince(t0) >= 1400, std::to_string(msSince(t0)).c_str());
        agent.send(AgentStop {});
        QVERIFY(agent.endsWithin(2000));
    }

    void aLaterPhaseEndsTheOneStillRunning()
    {
        // The controller stopped waiting for phase 1 (this host was too slow for its deadline) and starts phase 2:
        // phase 1 ends there, its results and done at once, and phase 2 runs on time. An older or the same phase
        // asked again is refused, the running one goes on.
        AgentUnderTest agent;
        auto ready = agent.serveTwo();
        QVERIFY(ready);
        auto t = eachOther(1, *ready);
        agent.send(t);
        agent.send(AgentStart { 1, 30.0, 0.0, 20, 0.5 });
        std::this_thread::sleep_for(std::chrono::milliseconds(400));
        agent.send(AgentStart { 1, 0.5, 0.0, 20, 0.5 });
        QVERIFY(agent.waitFor<AgentError>(2000));
        QVERIFY(!agent.waitFor<AgentDone>(0));
        t.phase = 2;
        agent.send(t);
        const auto t0 = std::chrono::steady_clock::now();
        agent.send(AgentStart { 2, 0.5, 0.0, 20, 0.5 });
        auto first = agent.waitForWhere<AgentDone>([](const AgentDone& d) { return d.phase == 1; }, 2000);
        QVERIFY(first);
        QVERIFY2(msSince(t0) < 500, std::to_string(msSince(t0)).c_str());
        auto second = agent.waitForWhere<AgentDone>([](const AgentDone& d) { return d.phase == 2; }, 5000);
        QVERIFY(second);
        QVERIFY2(msSince(t0) < 2500, std::to_string(msSince(t0)).c_str());
        std::map<std::uint64_t, std::uint32_t> sent;
        bool phase1Last = false;
        for (const auto& m : agent.messages()) {
            if (const auto* r = std::get_if<AgentResult>(&m)) {
                phase1Last = phase1Last || (r->phase == 1 && r->last);
                for (const auto& c : r->cells) {
                    sent[r->phase] += c.sent;
                    if (r->phase == 2)
                        QCOMPARE(c.received, c.sent);
                }
            }
        }
        QVERIFY(phase1Last);
        QVERIFY(sent[1] > 0);
        QVERIFY(sent[2] > 0);
        agent.send(AgentStop {});
        QVERIFY(agent.endsWithin(2000));
    }

    void aStallIsTheHostsDelayNotLoss()
    {
        // Timeouts run on the agent's running time: the replies that waited out its stall are not lost, and the
        // interval says how long it could not run (the controller puts peers' late answers down to that).
        AgentUnderTest agent("/sys", [](const ProbeSecret& secret) {
            return std::make_unique<StallingTransport>(secret, 6, std::chrono::milliseconds(700));
        });
        auto ready = agent.serveTwo();
        QVERIFY(ready);
        agent.send(eachOther(1, *ready));
        agent.send(AgentStart { 1, 1.0, 0.0, 20, 0.2 });
        QVERIFY(agent.waitFor<AgentDone>(5000));
        double stalled = 0;
        std::uint32_t sent = 0;
        std::uint32_t received = 0;
        std::uint32_t held = 0;
        for (const auto& m : agent.messages()) {
            if (const auto* r = std::get_if<AgentResult>(&m)) {
                stalled = std::max(stalled, r->stalledS);
                for (const auto& c : r->cells) {
                    sent += c.sent;
                    received += c.received;
                }
                for (const auto& h : r->held) {
                    QVERIFY(h.to == 0 || h.to == 1);
                    held += h.count;
                }
            }
        }
        QVERIFY2(stalled >= 0.6 && stalled < 1.5, std::to_string(stalled).c_str());
        // The probes in flight when it stalled waited it out in its socket: they are said to be held, so the
        // controller can tell them from probes the network lost (this agent sends nothing while it stalls).
        QVERIFY2(held >= 1 && held <= sent, (std::to_string(held) + " of " + std::to_string(sent)).c_str());
        QVERIFY(sent > 0);
        // Loopback loses nothing: each reply the stall held back counts (with wall-clock timeouts it would not).
        QVERIFY2(received == sent, (std::to_string(received) + "/" + std::to_string(sent)).c_str());
        agent.send(AgentStop {});
        QVERIFY(agent.endsWithin(2000));
    }

    void packetsWithoutTheSecretAreNeverAnswered()
    {
        AgentUnderTest agent;
        auto ready = agent.serveTwo();
        QVERIFY(ready);
        int s = ::socket(AF_INET, SOCK_DGRAM, 0);
        QVERIFY(s >= 0);
        sockaddr_in to {};
        to.sin_family = AF_INET;
        to.sin_port = htons(static_cast<std::uint16_t>(ready->endpoints[1].udpPort));
        ::inet_pton(AF_INET, "127.0.0.1", &to.sin_addr);
        auto ask = [&](const ProbeSecret& secret) {
            ProbePacket p;
            p.secret = secret;
            p.from = 0;
            p.to = 1;
            p.seq = 42;
            std::array<std::uint8_t, ProbePacket::kSize> data {};
            p.write(data.data());
            ::sendto(s, data.data(), data.size(), 0, reinterpret_cast<const sockaddr*>(&to), sizeof to);
            pollfd pfd { s, POLLIN, 0 };
            if (::poll(&pfd, 1, 500) != 1)
                return false;
            std::array<std::uint8_t, 128> reply {};
            const auto got = ::recv(s, reply.data(), reply.size(), 0);
            auto decoded = ProbePacket::read(reply.data(), static_cast<std::size_t>(got), secret);
            return decoded && decoded->kind == ProbePacket::Kind::Reply && decoded->seq == 42;
        };
        ProbeSecret wrong = probeSecretFromHex(kSecret.c_str());
        wrong[15] ^= 1;
        QVERIFY(!ask(wrong));
        QVERIFY(ask(probeSecretFromHex(kSecret.c_str())));
        ::close(s);
    }

    void endsWhenItsInputCloses()
    {
        AgentUnderTest agent;
        agent.send(AgentHello { kAgentProtocolVersion, kSecret, AgentMode::Udp, 60 });
        agent.send(twoEndpoints());
        QVERIFY(agent.waitFor<AgentReady>(3000));
        const auto t0 = std::chrono::steady_clock::now();
        agent.closeInput();
        QVERIFY(agent.endsWithin(2000));
        QVERIFY(msSince(t0) < 1000);
        QCOMPARE(agent.exitCode(), 0);
    }

    void endsAtItsLifetime()
    {
        AgentUnderTest agent;
        agent.send(AgentHello { kAgentProtocolVersion, kSecret, AgentMode::Udp, 1 });
        QVERIFY(agent.endsWithin(3000));
        QVERIFY(agent.waitFor<AgentError>(0));
    }

    void endsWhenTheControllerFallsSilent()
    {
        // A link that drops without closing the connection: no EOF ever comes, only silence. Keepalives hold it.
        AgentUnderTest agent;
        agent.send(AgentHello { kAgentProtocolVersion, kSecret, AgentMode::Udp, 60, 1.5 });
        agent.send(twoEndpoints());
        QVERIFY(agent.waitFor<AgentReady>(3000));
        for (int i = 0; i < 6; ++i) {
            QTest::qWait(500);
            agent.send(AgentKeepalive {});
        }
        QVERIFY(!agent.endsWithin(0)); // 3 s with keepalives every 0.5 s: still there
        const auto t0 = std::chrono::steady_clock::now();
        QVERIFY(agent.endsWithin(4000));
        QVERIFY2(msSince(t0) >= 1000, std::to_string(msSince(t0)).c_str());
        auto e = agent.waitFor<AgentError>(0);
        QVERIFY(e);
        QVERIFY2(e->message.find("nothing from the controller") != std::string::npos, e->message.c_str());
    }

    void refusesAnythingBeforeHello()
    {
        AgentUnderTest agent;
        agent.send(twoEndpoints());
        QVERIFY(agent.endsWithin(2000));
        auto e = agent.waitFor<AgentError>(0);
        QVERIFY(e);
        QVERIFY(e->message.find("hello") != std::string::npos);
        QCOMPARE(agent.exitCode(), 1);
    }

    void readsANetdevsLinkFromSysfs()
    {
        QTemporaryDir root;
        QVERIFY(root.isValid());
        const std::string base = root.path().toStdString();
        auto write = [&](const std::string& netdev, const std::string& file, const std::string& text) {
            QVERIFY(QDir().mkpath(QString::fromStdString(base + "/class/net/" + netdev)));
            writeFakeSysfs(base + "/class/net/" + netdev + "/" + file, text);
        };
        std::string detail;
        write("a0", "operstate", "up\n");
        write("a0", "carrier", "1\n");
        QCOMPARE_ENUM(readNetdevLink(base, "a0", detail), LinkState::Up);
        QCOMPARE(detail, std::string("a0 operstate up, carrier 1"));
        write("b0", "operstate", "down\n"); // no carrier file: unreadable while down, as in sysfs
        QCOMPARE_ENUM(readNetdevLink(base, "b0", detail), LinkState::Down);
        QCOMPARE(detail, std::string("b0 operstate down, carrier -"));
        write("c0", "operstate", "lowerlayerdown\n");
        QCOMPARE_ENUM(readNetdevLink(base, "c0", detail), LinkState::Down);
        write("d0", "operstate", "unknown\n"); // virtual netdevs say unknown: the carrier decides
        write("d0", "carrier", "1\n");
        QCOMPARE_ENUM(readNetdevLink(base, "d0", detail), LinkState::Up);
        write("d0", "carrier", "0\n");
        QCOMPARE_ENUM(readNetdevLink(base, "d0", detail), LinkState::Down);
        write("e0", "operstate", "up\x1b[2J\n"); // not a sysfs word: not believed
        QCOMPARE_ENUM(readNetdevLink(base, "e0", detail), LinkState::Unknown);
        QCOMPARE_ENUM(readNetdevLink(base, "nothere0", detail), LinkState::Unknown);
        QCOMPARE_ENUM(readNetdevLink(base + "/none", "a0", detail), LinkState::Unknown);
    }

    void reportsItsOwnLinkAndEveryChange()
    {
        QTemporaryDir root;
        QVERIFY(root.isValid());
        const std::string dir = root.path().toStdString() + "/class/net/data0";
        QVERIFY(QDir().mkpath(QString::fromStdString(dir)));
        writeFakeSysfs(dir + "/operstate", "up\n");
        writeFakeSysfs(dir + "/carrier", "1\n");
        AgentUnderTest agent(root.path().toStdString());
        agent.send(AgentHello { kAgentProtocolVersion, kSecret, AgentMode::Udp, 60 });
        AgentServe serve;
        serve.endpoints = { { 0, "udp", 0, -1, "127.0.0.1", "data0" }, { 1, "udp", 0, -1, "127.0.0.1", "" } };
        agent.send(serve);
        QVERIFY(agent.waitFor<AgentReady>(3000));
        auto first = agent.waitFor<AgentLink>(3000);
        QVERIFY(first);
        QCOMPARE(first->endpoints.size(), 2u);
        QCOMPARE_ENUM(first->endpoints[0].state, LinkState::Up);
        QCOMPARE(first->endpoints[0].detail, std::string("data0 operstate up, carrier 1"));
        QCOMPARE(first->endpoints[0].gidIndex, -1);
        QCOMPARE_ENUM(first->endpoints[1].state, LinkState::Unknown); // no netdev named: nothing to read
        // The port goes down (sysfs: operstate down, carrier unreadable): a link line says so within a second.
        writeFakeSysfs(dir + "/operstate", "down\n");
        ::unlink((dir + "/carrier").c_str());
        auto down = agent.waitForWhere<AgentLink>(
            [](const AgentLink& l) { return !l.endpoints.empty() && l.endpoints[0].state == LinkState::Down; }, 3000);
        QVERIFY(down);
        QCOMPARE(down->endpoints[0].detail, std::string("data0 operstate down, carrier -"));
        writeFakeSysfs(dir + "/operstate", "up\n");
        writeFakeSysfs(dir + "/carrier", "1\n");
        auto linkLines = [&] {
            std::vector<AgentLink> out;
            for (const auto& m : agent.messages()) {
                if (const auto* l = std::get_if<AgentLink>(&m))
                    out.push_back(*l);
            }
            return out;
        };
        QTRY_VERIFY_WITH_TIMEOUT(linkLines().size() == 3, 3000);
        QCOMPARE_ENUM(linkLines().back().endpoints[0].state, LinkState::Up);
        // Only changes are sent: a steady link adds no line.
        std::this_thread::sleep_for(std::chrono::milliseconds(1200));
        QCOMPARE(linkLines().size(), 3u);
        agent.send(AgentStop {});
        QVERIFY(agent.endsWithin(3000));
        QCOMPARE(agent.exitCode(), 0);
    }

    void saysItsHostsCountersOverAPhase()
    {
        QTemporaryDir root;
        QVERIFY(root.isValid());
        const std::string hw = root.path().toStdString() + "/class/infiniband/rxe0/ports/1/hw_counters";
        QVERIFY(QDir().mkpath(QString::fromStdString(hw)));
        writeFakeSysfs(hw + "/out_of_seq_request", "1000\n");
        writeFakeSysfs(hw + "/retry_exceeded_err", "7\n");
        writeFakeSysfs(hw + "/rdma_sends", "12345\n"); // traffic, not a fault: not in the summary
        writeFakeSysfs(hw + "/lifespan", "10\n");
        AgentUnderTest agent(root.path().toStdString(),
            [](const ProbeSecret& secret) { return std::make_unique<PortNamingTransport>(secret); });
        agent.send(AgentHello { kAgentProtocolVersion, kSecret, AgentMode::Rdma, 60 });
        AgentServe serve;
        serve.endpoints = { { 0, "rxe0", 1, 1, "127.0.0.1", "" }, { 1, "rxe0", 1, 2, "127.0.0.1", "" } };
        agent.send(serve);
        auto ready = agent.waitFor<AgentReady>(3000);
        QVERIFY(ready);
        AgentTargets t;
        t.phase = 1;
        t.targets = { { 0, 1, "127.0.0.1", ready->endpoints[1].udpPort, "", 0, 0 } };
        agent.send(t);
        const auto started = std::chrono::steady_clock::now();
        agent.send(AgentStart { 1, 1.0, 0, 10, 0.2 });
        // Mid-phase the port sees 200 PSN gaps and one QP gives up: about 200 per second over the 1 s phase.
        std::this_thread::sleep_for(std::chrono::milliseconds(400));
        writeFakeSysfs(hw + "/out_of_seq_request", "1200\n");
        writeFakeSysfs(hw + "/retry_exceeded_err", "8\n");
        auto done = agent.waitFor<AgentDone>(5000);
        QVERIFY(done);
        const double phaseS = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
        QVERIFY(done->counters);
        const auto& c = *done->counters;
        QVERIFY(c.retransmitsPerS);
        QVERIFY2(*c.retransmitsPerS >= 201 / phaseS - 1 && *c.retransmitsPerS <= 201 / 0.9,
            std::to_string(*c.retransmitsPerS).c_str());
        // rxe has no pause, discard or CNP counters: absent, not zero.
        QVERIFY(!c.pauseRxPerS && !c.pauseTxPerS && !c.discardsPerS && !c.cnpSentPerS && !c.cnpHandledPerS);
        agent.send(AgentStop {});
        QVERIFY(agent.endsWithin(3000));
        QCOMPARE(agent.exitCode(), 0);
    }

    void rateBacksOffUnderLoadButNeverToZero()
    {
        QCOMPARE(agentRate(10, 0.5, 2), 10.0);
        QCOMPARE(agentRate(10, 4.0, 2), 5.0);
        QCOMPARE(agentRate(10, 1000.0, 2), 1.0);
        QCOMPARE(agentRate(5000, 0.0, 2), kAgentMaxRate);
    }
};

QTEST_GUILESS_MAIN(TestAgent)
#include "tst_agent.moc"

// SPDX-License-Identifier: GPL-3.0-or-later
// The TCP engine for real over loopback: ping and blast, a sweep, data checks, the live sample rate, cancel,
// a port that is taken, a port nobody listens on, and a server that runs a different test.
#include "perf/perf.h"

#include "testbasics.h"

#include <QtTest>

#include <atomic>
#include <chrono>
#include <future>
#include <mutex>
#include <thread>

#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

using namespace rp;
using namespace rp::perf;
using rp::test::Clock;
using rp::test::secondsSince;

namespace {

struct Side
{
    Result<std::vector<SizeResult>> result = std::unexpected(Error {});
    std::vector<Sample> samples;
    std::vector<SizeResult> sizeDone;
    std::mutex mutex;
};

/// Server on an ephemeral loopback port in a thread, client in this thread; returns once both ended.
struct Pair
{
    Side server, client;
    int port = 0;

    void run(TestOptions serverOptions, TestOptions clientOptions, const std::atomic<bool>* cancel = nullptr,
        double timeoutS = 5.0)
    {
        serverOptions.port = 0;
        std::promise<int> ready;
        auto portFuture = ready.get_future();
        RunHooks serverHooks;
        serverHooks.connectTimeoutS = timeoutS;
        serverHooks.cancel = cancel;
        std::atomic<bool> readySet { false };
        serverHooks.onReady = [&](int p) {
            readySet = true;
            ready.set_value(p);
        };
        serverHooks.onSample = [&](const Sample& s) {
            std::lock_guard lock(server.mutex);
            server.samples.push_back(s);
        };
        serverHooks.onSizeDone = [&](const SizeResult& r) { server.sizeDone.push_back(r); };
        std::thread t([&] {
            server.result = runTcpServer(serverOptions, Endpoint { "127.0.0.1", 0 }, serverHooks);
            if (!server.result && !readySet)
                ready.set_value(-1);
        });
        port = portFuture.get();
        if (port > 0) {
            RunHooks clientHooks;
            clientHooks.connectTimeoutS = timeoutS;
            clientHooks.cancel = cancel;
            clientHooks.onSample = [&](const Sample& s) { client.samples.push_back(s); };
            clientHooks.onSizeDone = [&](const SizeResult& r) { client.sizeDone.push_back(r); };
            client.result = runTcpClient(clientOptions, Endpoint { "127.0.0.1", port }, clientHooks);
        }
        t.join();
    }
};

TestOptions tcpOptions(Mode mode, std::vector<std::uint64_t> sizes, double durationS = 0.5)
{
    TestOptions o;
    o.transport = Transport::Tcp;
    o.mode = mode;
    o.sizes = std::move(sizes);
    o.durationS = durationS;
    o.warmupS = 0.1;
    return o;
}

bool portFree(int port)
{
    int fd = ::socket(AF_INET, SOCK_STREAM, 0);
    int one = 1;
    ::setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
    sockaddr_in a {};
    a.sin_family = AF_INET;
    a.sin_port = htons(static_cast<std::uint16_t>(port));
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    bool ok = ::bind(fd, reinterpret_cast<sockaddr*>(&a), sizeof a) == 0 && ::listen(fd, 1) == 0;
    ::close(fd);
    return ok;
}

} // namespace

class TestTcpEngine : public QObject
{
    Q_OBJECT

private slots:
    void pingMeasuresOneWayLatency_data()
    {
        QTest::addColumn<bool>("event");
        QTest::newRow("poll") << false;
        QTest::newRow("event") << true;
    }
    void pingMeasuresOneWayLatency()
    {
        QFETCH(bool, event);
        auto o = tcpOptions(Mode::Ping, { 64 }, 0.6);
        o.completion = event ? Completion::Event : Completion::Poll;
        o.verifyData = true;
        Pair p;
        p.run(o, o);
        QVERIFY2(p.client.result, p.client.result ? "" : p.client.result.error().describe().c_str());
        QVERIFY2(p.server.result, p.server.result ? "" : p.server.result.error().describe().c_str());
        QCOMPARE(p.client.result->size(), std::size_t(1));
        const SizeResult& c = p.client.result->front();
        QCOMPARE(c.size, std::uint64_t(64));
        QVERIFY(c.messages > 100);
        QCOMPARE(c.bytes, c.messages * 64);
        QVERIFY2(c.elapsedS > 0.55 && c.elapsedS < 1.5, std::to_string(c.elapsedS).c_str());
        QVERIFY(c.latency.has_value());
        QCOMPARE(c.latency->count, c.messages);
        QVERIFY(c.latency->minUs > 0);
        QVERIFY(c.latency->minUs <= c.latency->p50Us);
        QVERIFY(c.latency->p50Us <= c.latency->p99Us);
        QVERIFY(c.latency->p99Us <= c.latency->maxUs);
        // One-way is half the round trip: the message rate is bounded by 1 / (2 x the mean one-way latency).
        const double maxRate = 1e6 / (2 * c.latency->meanUs);
        QVERIFY2(c.messagesPerS <= maxRate * 1.05,
            (std::to_string(c.messagesPerS) + " msg/s vs bound " + std::to_string(maxRate)).c_str());
        QVERIFY2(c.messagesPerS >= maxRate * 0.5, "the loop spends its time elsewhere than in round trips");
        QCOMPARE(c.verifyErrors, std::uint64_t(0));
        QVERIFY(c.cpu.wallS > 0.5);
        QVERIFY(c.cpu.userS + c.cpu.sysS > 0);
        const SizeResult& s = p.server.result->front();
        QCOMPARE(s.verifyErrors, std::uint64_t(0));
        QVERIFY(s.messages > 0 && s.messages <= c.messages + c.messages / 2);
        QVERIFY(!s.latency.has_value());
        QCOMPARE(p.client.sizeDone.size(), std::size_t(1));
        QCOMPARE(p.server.sizeDone.size(), std::size_t(1));
        // CPU is this thread's own (RUSAGE_THREAD): the server thread of this same process, busy as well, must
        // not count, so neither side can exceed one core.
        for (const SizeResult* r : { &c, &s }) {
            QVERIFY2(r->cpu.percent() > 0 && r->cpu.percent() <= 110, std::to_string(r->cpu.percent()).c_str());
            QVERIFY(r->cpu.userS + r->cpu.sysS <= r->cpu.wallS * 1.1);
        }
    }

    void blastMovesEveryByte_data()
    {
        QTest::addColumn<int>("postList");
        QTest::addColumn<bool>("event");
        QTest::newRow("1 per post, poll") << 1 << false;
        QTest::newRow("8 per post, event") << 8 << true;
    }
    void blastMovesEveryByte()
    {
        QFETCH(int, postList);
        QFETCH(bool, event);
        auto o = tcpOptions(Mode::Blast, { 65536 }, 0.5);
        o.depth = 16;
        o.postList = postList;
        o.verifyData = true;
        o.completion = event ? Completion::Event : Completion::Poll;
        Pair p;
        p.run(o, o);
        QVERIFY2(p.client.result, p.client.result ? "" : p.client.result.error().describe().c_str());
        QVERIFY2(p.server.result, p.server.result ? "" : p.server.result.error().describe().c_str());
        const SizeResult& c = p.client.result->front();
        QVERIFY(c.messages > 10);
        QVERIFY(c.gbps > 0.1);
        QVERIFY(!c.latency.has_value());
        QCOMPARE(c.verifyErrors, std::uint64_t(0));
        const SizeResult& s = p.server.result->front();
        QCOMPARE(s.verifyErrors, std::uint64_t(0));
        // The server counts what arrived in its own measured window, in whatever chunks TCP delivered.
        QVERIFY(s.bytes > 0);
        QVERIFY(s.messages + 1 >= s.bytes / 65536 && s.messages <= s.bytes / 65536 + 1);
    }

    void iterationsAreExact()
    {
        auto o = tcpOptions(Mode::Blast, { 1000 });
        o.iterations = 5000;
        o.postList = 7;
        o.depth = 8;
        o.warmupS = 0;
        Pair p;
        p.run(o, o);
        QVERIFY2(p.client.result, p.client.result ? "" : p.client.result.error().describe().c_str());
        QCOMPARE(p.client.result->front().messages, std::uint64_t(5000));
        QCOMPARE(p.client.result->front().bytes, std::uint64_t(5000000));

        auto ping = tcpOptions(Mode::Ping, { 1 });
        ping.iterations = 300;
        Pair q;
        q.run(ping, ping);
        QVERIFY2(q.client.result, q.client.result ? "" : q.client.result.error().describe().c_str());
        QCOMPARE(q.client.result->front().messages, std::uint64_t(300));
        QCOMPARE(q.client.result->front().latency->count, std::uint64_t(300));
    }

    void sweepRunsEverySizeInOrder()
    {
        auto sizes = sweepSizes(1, 1 << 20);
        QVERIFY(sizes);
        auto o = tcpOptions(Mode::Ping, *sizes, 0.05);
        o.warmupS = 0.01;
        o.verifyData = true;
        Pair p;
        p.run(o, o);
        QVERIFY2(p.client.result, p.client.result ? "" : p.client.result.error().describe().c_str());
        QVERIFY2(p.server.result, p.server.result ? "" : p.server.result.error().describe().c_str());
        QCOMPARE(p.client.result->size(), sizes->size());
        QCOMPARE(p.server.result->size(), sizes->size());
        for (std::size_t i = 0; i < sizes->size(); ++i) {
            QCOMPARE(p.client.result->at(i).size, sizes->at(i));
            QCOMPARE(p.server.result->at(i).size, sizes->at(i));
            QVERIFY(p.client.result->at(i).messages > 0);
            QCOMPARE(p.client.result->at(i).verifyErrors, std::uint64_t(0));
            QCOMPARE(p.server.result->at(i).verifyErrors, std::uint64_t(0));
        }
    }

    void samplesComeTenTimesASecond()
    {
        auto o = tcpOptions(Mode::Blast, { 4096 }, 1.5);
        Pair p;
        p.run(o, o);
        QVERIFY2(p.client.result, p.client.result ? "" : p.client.result.error().describe().c_str());
        const auto& samples = p.client.samples;
        // 1.5 s at >= 10/s: at least 14 (the last, partial interval may be merged into the end).
        QVERIFY2(samples.size() >= 14, std::to_string(samples.size()).c_str());
        std::uint64_t messages = 0;
        for (std::size_t i = 0; i < samples.size(); ++i) {
            const Sample& s = samples[i];
            QCOMPARE(s.size, std::uint64_t(4096));
            QVERIFY(s.intervalS <= 0.15 || i + 1 == samples.size());
            QVERIFY(s.intervalS > 0);
            QVERIFY(s.gbps > 0);
            QVERIFY(s.cpuPercent >= 0 && s.cpuPercent <= 200);
            if (i > 0)
                QVERIFY(s.tS > samples[i - 1].tS);
            messages += s.messages;
        }
        // Intervals, not running totals: they add up to the result.
        QCOMPARE(messages, p.client.result->front().messages);
        std::lock_guard lock(p.server.mutex);
        QVERIFY2(p.server.samples.size() >= 10, std::to_string(p.server.samples.size()).c_str());
    }

    void pingSamplesCarryTheIntervalP50()
    {
        auto o = tcpOptions(Mode::Ping, { 64 }, 0.5);
        Pair p;
        p.run(o, o);
        QVERIFY2(p.client.result, p.client.result ? "" : p.client.result.error().describe().c_str());
        QVERIFY(!p.client.samples.empty());
        for (const auto& s : p.client.samples) {
            QVERIFY(s.p50Us.has_value());
            QVERIFY(*s.p50Us > 0);
        }
    }

    void cancelMidRunReturnsQuickly()
    {
        auto o = tcpOptions(Mode::Blast, { 65536 }, 30);
        std::atomic<bool> cancel { false };
        std::thread canceller([&] {
            std::this_thread::sleep_for(std::chrono::milliseconds(600));
            cancel = true;
        });
        auto t0 = Clock::now();
        Pair p;
        p.run(o, o, &cancel);
        const double took = secondsSince(t0);
        canceller.join();
        QVERIFY(!p.client.result);
        QCOMPARE_KIND(p.client.result.error(), ErrorKind::Cancelled);
        QVERIFY(!p.server.result);
        QVERIFY2(took < 0.6 + 0.5, std::to_string(took).c_str());
        QVERIFY(portFree(p.port));
    }

    void portInUseIsAClearError()
    {
        int fd = ::socket(AF_INET, SOCK_STREAM, 0);
        sockaddr_in a {};
        a.sin_family = AF_INET;
        a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        QCOMPARE(::bind(fd, reinterpret_cast<sockaddr*>(&a), sizeof a), 0);
        QCOMPARE(::listen(fd, 1), 0);
        socklen_t len = sizeof a;
        ::getsockname(fd, reinterpret_cast<sockaddr*>(&a), &len);
        const int port = ntohs(a.sin_port);
        auto o = tcpOptions(Mode::Ping, { 64 });
        o.port = port;
        bool readyCalled = false;
        RunHooks hooks;
        hooks.onReady = [&](int) { readyCalled = true; };
        auto r = runTcpServer(o, Endpoint { "127.0.0.1", port }, hooks);
        ::close(fd);
        QVERIFY(!r);
        QVERIFY(!readyCalled);
        QCOMPARE_KIND(r.error(), ErrorKind::Io);
        const std::string message = r.error().message;
        QVERIFY2(
            message.find("port " + std::to_string(port) + " is already in use") != std::string::npos, message.c_str());
        QVERIFY2(message.find("--port") != std::string::npos, message.c_str());
    }

    void nobodyListeningFailsWithinTheTimeout()
    {
        // A port that was free a moment ago: bind, read it, close.
        int fd = ::socket(AF_INET, SOCK_STREAM, 0);
        sockaddr_in a {};
        a.sin_family = AF_INET;
        a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        ::bind(fd, reinterpret_cast<sockaddr*>(&a), sizeof a);
        socklen_t len = sizeof a;
        ::getsockname(fd, reinterpret_cast<sockaddr*>(&a), &len);
        ::close(fd);
        RunHooks hooks;
        hooks.connectTimeoutS = 1.0;
        auto t0 = Clock::now();
        auto r = runTcpClient(tcpOptions(Mode::Ping, { 64 }), Endpoint { "127.0.0.1", ntohs(a.sin_port) }, hooks);
        const double took = secondsSince(t0);
        QVERIFY(!r);
        QCOMPARE_KIND(r.error(), ErrorKind::Unreachable);
        QVERIFY2(
            r.error().message.find("nobody listens on 127.0.0.1:") != std::string::npos, r.error().message.c_str());
        QVERIFY2(took >= 0.9 && took < 1.6, std::to_string(took).c_str());
    }

    void clientThatNeverComesTimesOut()
    {
        RunHooks hooks;
        hooks.connectTimeoutS = 0.5;
        int readyPort = 0;
        hooks.onReady = [&](int p) { readyPort = p; };
        auto t0 = Clock::now();
        auto r = runTcpServer(tcpOptions(Mode::Ping, { 64 }), Endpoint { "127.0.0.1", 0 }, hooks);
        const double took = secondsSince(t0);
        QVERIFY(!r);
        QCOMPARE_KIND(r.error(), ErrorKind::Timeout);
        QVERIFY(readyPort > 0);
        QVERIFY2(took < 1.2, std::to_string(took).c_str());
        QVERIFY(portFree(readyPort));
    }

    void mismatchedServerIsDetected()
    {
        auto server = tcpOptions(Mode::Ping, { 64 });
        auto client = tcpOptions(Mode::Ping, { 128 });
        Pair p;
        p.run(server, client);
        QVERIFY(!p.client.result);
        QCOMPARE_KIND(p.client.result.error(), ErrorKind::Protocol);
        QVERIFY2(p.client.result.error().message.find("different test") != std::string::npos,
            p.client.result.error().message.c_str());
        QVERIFY2(p.client.result.error().message.find("sizes=64") != std::string::npos,
            p.client.result.error().message.c_str());
        QVERIFY(!p.server.result);
    }

    void rdmaOpsAreRefused()
    {
        auto o = tcpOptions(Mode::Blast, { 64 });
        o.op = Op::Write;
        auto r = runTcpClient(o, Endpoint { "127.0.0.1", 9 }, {});
        QVERIFY(!r);
        QCOMPARE_KIND(r.error(), ErrorKind::Usage);
        QCOMPARE(r.error().where, std::string("--op"));
    }
};

QTEST_GUILESS_MAIN(TestTcpEngine)
#include "tst_tcp_engine.moc"

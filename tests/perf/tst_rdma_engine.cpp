// SPDX-License-Identifier: GPL-3.0-or-later
// The RDMA engine without RDMA: what must hold on any machine, this one included (its kernel has no rdma_rxe,
// so real traffic is tested in the Soft-RoCE lab by rdma_lab.sh). Option errors come before any device is
// touched; the connect/accept private data tells a different test apart, naming what differs; and with no
// usable RDMA device both sides fail within a bounded time with an error that says so. Cancel needs a device to
// wait on: rdma_lab.sh tests it.
#include "perf/perf.h"
#include "perf/rdma_conn.h"
#include "perf/rdma_engine.h"

#include "testbasics.h"

#include <QtTest>

#include <chrono>

using namespace rp;
using namespace rp::perf;
using rp::test::Clock;
using rp::test::secondsSince;

namespace {

TestOptions rdmaOptions()
{
    TestOptions o;
    o.transport = Transport::Rdma;
    o.sizes = { 64, 4096 };
    o.durationS = 0.5;
    return o;
}

} // namespace

class TestRdmaEngine : public QObject
{
    Q_OBJECT

private slots:
    void optionErrorsComeFirst()
    {
        RunHooks hooks;
        bool ready = false;
        hooks.onReady = [&](int) { ready = true; };
        auto o = rdmaOptions();
        o.mode = Mode::Ping;
        o.op = Op::Read;
        auto r = runRdmaClient(o, Endpoint { "198.18.0.1", 18515 }, hooks);
        QVERIFY(!r);
        QCOMPARE_KIND(r.error(), ErrorKind::Usage);
        QVERIFY2(r.error().message.find("--op") != std::string::npos, r.error().message.c_str());

        o = rdmaOptions();
        o.inlineData = true;
        o.mode = Mode::Blast;
        o.op = Op::Read;
        r = runRdmaServer(o, Endpoint { "", 0 }, hooks);
        QVERIFY(!r);
        QCOMPARE_KIND(r.error(), ErrorKind::Usage);
        QVERIFY2(r.error().message.find("--inline") != std::string::npos, r.error().message.c_str());

        o = rdmaOptions();
        o.transport = Transport::Tcp;
        r = runRdmaServer(o, Endpoint { "", 0 }, hooks);
        QVERIFY(!r);
        QCOMPARE_KIND(r.error(), ErrorKind::Usage);
        QVERIFY(!ready); // nothing listened
    }

    void helloTellsTestsApart()
    {
        const auto base = rdmaOptions();
        QVERIFY(!rdma::compareHello(rdma::helloFor(base), rdma::helloFor(base)));

        // Side-local settings may differ: completion mode, inline, post list, signalling, GID, ToS, device.
        auto local = base;
        local.completion = Completion::Event;
        local.inlineData = true;
        local.gidIndex = 3;
        local.tos = 104;
        local.device = "mlx5_0";
        QVERIFY(!rdma::compareHello(rdma::helloFor(base), rdma::helloFor(local)));

        auto other = base;
        other.mode = Mode::Blast;
        auto why = rdma::compareHello(rdma::helloFor(base), rdma::helloFor(other));
        QVERIFY(why);
        QVERIFY2(
            why->find("ping send") != std::string::npos && why->find("blast send") != std::string::npos, why->c_str());

        other = base;
        other.verifyData = true;
        why = rdma::compareHello(rdma::helloFor(base), rdma::helloFor(other));
        QVERIFY(why && why->find("verification") != std::string::npos);

        other = base;
        other.depth = 4;
        why = rdma::compareHello(rdma::helloFor(base), rdma::helloFor(other));
        QVERIFY(why && why->find("depth 1") != std::string::npos && why->find("4") != std::string::npos);

        other = base;
        other.sizes = { 64, 8192 };
        why = rdma::compareHello(rdma::helloFor(base), rdma::helloFor(other));
        QVERIFY2(why && why->find("sizes") != std::string::npos, why ? why->c_str() : "equal");

        other = base;
        other.iterations = 100;
        QVERIFY(rdma::compareHello(rdma::helloFor(base), rdma::helloFor(other)));
        other = base;
        other.warmupS = 0.5;
        QVERIFY(rdma::compareHello(rdma::helloFor(base), rdma::helloFor(other)));
    }

    // This machine has no RDMA device (no rdma_rxe in its kernel): both sides must say so, quickly.
    void noDeviceFailsClearlyAndQuickly()
    {
        RunHooks hooks;
        hooks.connectTimeoutS = 3;
        const auto o = rdmaOptions();
        const auto t0 = Clock::now();
        auto c = runRdmaClient(o, Endpoint { "127.0.0.1", 18515 }, hooks);
        QVERIFY(!c);
        QVERIFY2(secondsSince(t0) < hooks.connectTimeoutS + 2, std::to_string(secondsSince(t0)).c_str());
        QVERIFY2(c.error().kind == ErrorKind::Io || c.error().kind == ErrorKind::Unreachable
                || c.error().kind == ErrorKind::Timeout,
            c.error().describe().c_str());
        QVERIFY2(
            c.error().message.find("rdma") != std::string::npos || c.error().message.find("RDMA") != std::string::npos,
            c.error().describe().c_str());

        const auto t1 = Clock::now();
        auto s = runRdmaServer(o, Endpoint { "127.0.0.1", 0 }, hooks);
        QVERIFY(!s);
        QVERIFY2(secondsSince(t1) < hooks.connectTimeoutS + 2, std::to_string(secondsSince(t1)).c_str());
        QVERIFY2(
            s.error().message.find("rdma") != std::string::npos || s.error().message.find("RDMA") != std::string::npos,
            s.error().describe().c_str());
    }
};

QTEST_GUILESS_MAIN(TestRdmaEngine)
#include "tst_rdma_engine.moc"

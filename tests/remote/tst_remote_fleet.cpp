// SPDX-License-Identifier: GPL-3.0-or-later
// Fleet helpers: host states from errors, runBounded's bounded, non-blocking work distribution, and the pool of
// connections one step hands to the next.
#include "remote/connectionpool.h"
#include "remote/fleet.h"
#include "remote/local_executor.h"

#include "testbasics.h"

#include <QtTest>

#include <atomic>
#include <chrono>
#include <stdexcept>
#include <thread>
#include <vector>

using namespace rp;
using namespace std::chrono_literals;
using rp::test::Clock;
using rp::test::msSince;

class TestRemoteFleet : public QObject
{
    Q_OBJECT

private slots:
    void statesFromErrors()
    {
        auto state = [](ErrorKind k) { return hostStateFromError(Error { k, "m", {}, {}, 0 }); };
        QCOMPARE_ENUM(state(ErrorKind::Unreachable), HostState::Unreachable);
        QCOMPARE_ENUM(state(ErrorKind::AuthFailed), HostState::AuthFailed);
        QCOMPARE_ENUM(state(ErrorKind::HostKeyUnknown), HostState::HostKeyUnknown);
        QCOMPARE_ENUM(state(ErrorKind::HostKeyChanged), HostState::HostKeyChanged);
        QCOMPARE_ENUM(state(ErrorKind::Timeout), HostState::TimedOut);
        QCOMPARE_ENUM(state(ErrorKind::CommandFailed), HostState::CommandFailed);
        QCOMPARE_ENUM(state(ErrorKind::Cancelled), HostState::Cancelled);
        QCOMPARE_ENUM(state(ErrorKind::Validation), HostState::Invalid);
        QCOMPARE_ENUM(state(ErrorKind::Io), HostState::Failed);
        QCOMPARE_ENUM(state(ErrorKind::Internal), HostState::Failed);
    }

    void stateNames()
    {
        QCOMPARE(toString(HostState::Ok), std::string_view("ok"));
        QCOMPARE(toString(HostState::Unreachable), std::string_view("unreachable"));
        QCOMPARE(toString(HostState::AuthFailed), std::string_view("auth-failed"));
        QCOMPARE(toString(HostState::HostKeyUnknown), std::string_view("host-key-unknown"));
        QCOMPARE(toString(HostState::HostKeyChanged), std::string_view("host-key-changed"));
        QCOMPARE(toString(HostState::TimedOut), std::string_view("timed-out"));
        QCOMPARE(toString(HostState::CommandFailed), std::string_view("command-failed"));
        QCOMPARE(toString(HostState::Cancelled), std::string_view("cancelled"));
        QCOMPARE(toString(HostState::Invalid), std::string_view("invalid"));
        QCOMPARE(toString(HostState::Failed), std::string_view("failed"));
    }

    void pooledConnectionsAreTakenOnce()
    {
        ConnectionPool pool;
        pool.put("a", std::make_unique<LocalExecutor>("a-first"));
        pool.put("a", std::make_unique<LocalExecutor>("a-second")); // the later one replaces it
        pool.put("b", std::make_unique<LocalExecutor>("b"));
        QCOMPARE(pool.size(), 2u);
        auto a = pool.take("a");
        QVERIFY(a);
        QCOMPARE(a->host(), std::string("a-second"));
        QVERIFY(!pool.take("a")); // once: a second taker connects anew
        QVERIFY(!pool.take("c"));
        QCOMPARE(pool.size(), 1u);
        pool.drop();
        QCOMPARE(pool.size(), 0u);
        QVERIFY(!pool.take("b"));
    }

    void everyIndexOnceAndBounded()
    {
        constexpr std::size_t count = 200;
        std::vector<std::atomic<int>> calls(count);
        std::atomic<int> running { 0 }, peak { 0 };
        runBounded(count, 4, [&](std::size_t i) {
            int now = ++running;
            int p = peak.load();
            while (now > p && !peak.compare_exchange_weak(p, now)) { }
            std::this_thread::sleep_for(1ms);
            ++calls[i];
            --running;
        });
        for (std::size_t i = 0; i < count; ++i)
            QCOMPARE(calls[i].load(), 1);
        QVERIFY(peak.load() <= 4);
        QVERIFY(peak.load() >= 2);
        runBounded(0, 4, [](std::size_t) { QFAIL("called for an empty range"); });
        int single = 0;
        runBounded(3, 0, [&](std::size_t) { ++single; }); // concurrency 0 still works (one thread)
        QCOMPARE(single, 3);
    }

    void slowItemDoesNotBlockOthers()
    {
        std::atomic<int> done { 0 };
        auto t0 = Clock::now();
        runBounded(21, 2, [&](std::size_t i) {
            std::this_thread::sleep_for(i == 0 ? 600ms : 20ms);
            ++done;
        });
        auto ms = msSince(t0);
        QCOMPARE(done.load(), 21);
        // 20 short items on the second thread take ~400 ms while the slow one runs: about 600 ms in all.
        QVERIFY2(ms < 900, QByteArray::number(ms).constData());
    }

    void cancelSkipsItemsNotStarted()
    {
        std::atomic<bool> cancel { false };
        std::atomic<int> calls { 0 };
        runBounded(
            100, 2,
            [&](std::size_t i) {
                ++calls;
                if (i == 5)
                    cancel = true;
            },
            &cancel);
        QVERIFY(calls.load() >= 6);
        QVERIFY(calls.load() <= 8);
    }

    void exceptionIsRethrownAfterAllJoin()
    {
        std::atomic<int> calls { 0 };
        bool thrown = false;
        try {
            runBounded(10, 3, [&](std::size_t i) {
                ++calls;
                if (i == 3)
                    throw std::runtime_error("boom");
            });
        } catch (const std::runtime_error&) {
            thrown = true;
        }
        QVERIFY(thrown);
        QCOMPARE(calls.load(), 10);
    }
};

QTEST_APPLESS_MAIN(TestRemoteFleet)
#include "tst_remote_fleet.moc"

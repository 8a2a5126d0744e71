// SPDX-License-Identifier: GPL-3.0-or-later
// The agents' start gate (core/fabric/agentchannel): a fleet's agents connect and put the probe in place at most
// kAgentStartsAtOnce at a time, every one of them still starts (or says why not), and one stopped while it waits
// never connects. No host: the executor factory is a stand-in that takes a while and fails.
#include "fabric/agentchannel.h"

#include <QtTest>

#include <algorithm>
#include <atomic>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

using namespace rp;
using namespace rp::fabric;

namespace {

/// Counts the starts in flight; each takes `hold` (or, with `latched`, until `release`) and fails as an unreachable
/// host does.
struct Gauge
{
    std::atomic<int> now { 0 };
    std::atomic<int> most { 0 };
    std::atomic<int> calls { 0 };
    bool latched = false;
    std::atomic<bool> release { false };
    std::mutex mutex;
    std::string holder; // the host whose start is in flight (threads are scheduled in no set order)
};

ExecutorFactory slowFailing(Gauge& gauge, std::chrono::milliseconds hold)
{
    return [&gauge, hold](const HostSpec& spec) -> Result<std::unique_ptr<Executor>> {
        ++gauge.calls;
        {
            std::lock_guard lock(gauge.mutex);
            gauge.holder = spec.name;
        }
        const int in = ++gauge.now;
        int seen = gauge.most.load();
        while (in > seen && !gauge.most.compare_exchange_weak(seen, in)) { }
        // A latched start holds its place until the test lets it go (at most 10 s): a fixed time would race a loaded
        // machine's scheduling of the test itself.
        const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(10);
        if (gauge.latched) {
            while (!gauge.release && std::chrono::steady_clock::now() < until)
                std::this_thread::sleep_for(std::chrono::milliseconds(5));
        } else {
            std::this_thread::sleep_for(hold);
        }
        --gauge.now;
        return fail(ErrorKind::Unreachable, "no route to " + spec.address, "ssh", spec.name);
    };
}

std::vector<std::unique_ptr<AgentChannel>> startAll(ChannelHub& hub, const ExecutorFactory& factory, int n)
{
    std::vector<std::unique_ptr<AgentChannel>> channels;
    for (int i = 0; i < n; ++i) {
        HostSpec spec;
        spec.name = "h" + std::to_string(i);
        spec.address = "198.18.0." + std::to_string(i + 1);
        auto c = std::make_unique<AgentChannel>(hub, spec, factory, perf::SessionOptions {});
        c->start({}, 1, std::chrono::seconds(30));
        channels.push_back(std::move(c));
    }
    return channels;
}

bool allEnded(ChannelHub& hub, const std::vector<std::unique_ptr<AgentChannel>>& channels)
{
    std::unique_lock lock(hub.mutex);
    return hub.changed.wait_for(lock, std::chrono::seconds(20),
        [&] { return std::ranges::all_of(channels, [](const auto& c) { return c->ended; }); });
}

} // namespace

class TestAgentChannel : public QObject
{
    Q_OBJECT

private slots:
    void startsPassTheGateAFewAtATime()
    {
        ChannelHub hub;
        Gauge gauge;
        const int n = 3 * static_cast<int>(kAgentStartsAtOnce) + 5;
        auto channels = startAll(hub, slowFailing(gauge, std::chrono::milliseconds(40)), n);
        QVERIFY(allEnded(hub, channels));
        QCOMPARE(gauge.calls.load(), n); // every host was tried: the gate delays, it drops none
        QVERIFY2(gauge.most.load() <= static_cast<int>(kAgentStartsAtOnce),
            (std::to_string(gauge.most.load()) + " starts at once").c_str());
        QVERIFY(gauge.most.load() >= 2); // and they still overlap
        std::lock_guard lock(hub.mutex);
        QCOMPARE(hub.queued, std::size_t(0));
        QCOMPARE(hub.starting, std::size_t(0));
        for (const auto& c : channels) {
            QVERIFY(c->state == AgentState::Down);
            QVERIFY2(c->detail.find("no route to") != std::string::npos, c->detail.c_str()); // the host's own why
        }
    }

    void aChannelClosedWhileQueuedNeverConnects()
    {
        ChannelHub hub;
        hub.startLimit = 1;
        Gauge gauge;
        gauge.latched = true;
        auto channels = startAll(hub, slowFailing(gauge, std::chrono::milliseconds(0)), 3);
        // One holds the only place (which one is the scheduler's choice, not the start order); the other two wait and
        // are closed, as a cancelled check closes them.
        QTRY_COMPARE_WITH_TIMEOUT(gauge.now.load(), 1, 5000);
        std::string holder;
        {
            std::lock_guard lock(gauge.mutex);
            holder = gauge.holder;
        }
        for (auto& c : channels)
            if (c->host() != holder)
                c->close();
        gauge.release = true;
        QVERIFY(allEnded(hub, channels));
        QCOMPARE(gauge.calls.load(), 1);
        std::lock_guard lock(hub.mutex);
        QCOMPARE(hub.queued, std::size_t(0));
        QCOMPARE(hub.starting, std::size_t(0));
    }
};

QTEST_GUILESS_MAIN(TestAgentChannel)
#include "tst_agentchannel.moc"

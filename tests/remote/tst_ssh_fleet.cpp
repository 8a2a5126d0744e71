// SPDX-License-Identifier: GPL-3.0-or-later
// Many hosts at once over SSH: 20 hosts in parallel through runBounded (one connection each), and hosts that
// drop in the middle of a command while the others go on.
#include "netnslab.h"
#include "remote/fleet.h"

#include "testbasics.h"

#include <QtTest>

#include <chrono>
#include <filesystem>
#include <mutex>
#include <set>
#include <thread>

using namespace rp;
using namespace std::chrono_literals;
using rp::test::Clock;
using rp::test::msSince;

namespace {

constexpr int kHosts = 20;

} // namespace

class TestSshFleet : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        QVERIFY2(!lab::dir().empty(), "RP_NETNS_DIR is not set: run through ctest (fixture netns_up)");
        QVERIFY2(std::filesystem::exists(lab::dir() + "/known_hosts"), "the netns lab is not up");
    }

    void inventoryFileDescribesTheLab()
    {
        auto inv = loadInventory(lab::dir() + "/inventory.yaml");
        QVERIFY2(inv.has_value(), inv ? "" : inv.error().describe().c_str());
        QCOMPARE(inv->hosts.size(), std::size_t(kHosts));
        QCOMPARE(inv->knownHostsFile, lab::dir() + "/known_hosts");
        for (int i = 1; i <= kHosts; ++i) {
            const HostSpec& h = inv->hosts[static_cast<std::size_t>(i - 1)];
            QCOMPARE(h.name, lab::host(i).name);
            QCOMPARE(h.address, lab::host(i).address);
            QCOMPARE(h.port, 22);
            QCOMPARE(h.user, std::string("root"));
            QVERIFY(h.auth == AuthMethod::KeyFile);
            QCOMPARE(h.keyFile, lab::dir() + "/id_ed25519");
        }
    }

    void twentyHostsInParallel()
    {
        struct Outcome
        {
            HostState state = HostState::Failed;
            std::string error;
            std::vector<std::string> hostnames;
            std::set<std::string> connections;
        };
        std::vector<Outcome> outcomes(kHosts);
        auto t0 = Clock::now();
        runBounded(kHosts, kHosts, [&](std::size_t i) {
            Outcome& o = outcomes[i];
            auto ex = openExecutor(lab::host(static_cast<int>(i) + 1), lab::context());
            if (!ex) {
                o.state = hostStateFromError(ex.error());
                o.error = ex.error().describe();
                return;
            }
            for (int round = 0; round < 3; ++round) {
                auto r = (*ex)->run(Command { "sh", "-c", "hostname; echo $SSH_CONNECTION" }, {});
                if (!r) {
                    o.state = hostStateFromError(r.error());
                    o.error = r.error().describe();
                    return;
                }
                auto nl = r->out.find('\n');
                o.hostnames.push_back(r->out.substr(0, nl));
                o.connections.insert(r->out.substr(nl + 1));
            }
            o.state = HostState::Ok;
        });
        auto ms = msSince(t0);
        qInfo("%d hosts: connect + 3 commands each in %lld ms", kHosts, ms);
        for (int i = 0; i < kHosts; ++i) {
            const Outcome& o = outcomes[static_cast<std::size_t>(i)];
            QVERIFY2(o.state == HostState::Ok, o.error.c_str());
            QCOMPARE(o.hostnames.size(), std::size_t(3));
            for (const auto& name : o.hostnames)
                QCOMPARE(name, "h" + std::to_string(i + 1));
            QCOMPARE(o.connections.size(), std::size_t(1)); // one connection reused
        }
        QVERIFY2(ms < 15000, QByteArray::number(ms).constData());
    }

    void hostsDroppingMidCommand()
    {
        // h13: its link goes down (silence: Timeout). h14: its sshd session processes are killed (the TCP
        // connection closes: Unreachable). h15, h16: unaffected.
        const std::vector<int> hosts { 13, 14, 15, 16 };
        std::vector<std::unique_ptr<Executor>> executors;
        for (int h : hosts) {
            auto ex = openExecutor(lab::host(h), lab::context());
            QVERIFY2(ex.has_value(), ex ? "" : ex.error().describe().c_str());
            executors.push_back(std::move(*ex));
        }
        // The listener sshd of h14 stays; only the session processes (children of it) go.
        const std::string listenerPid = lab::sh("ip netns pids " + lab::netns(14)
            + " | while read p; do "
              "[ \"$(cat /proc/$p/comm)\" = sshd ] && "
              "grep -q -- -D /proc/$p/cmdline && echo $p; done | head -1");
        QVERIFY(!listenerPid.empty());

        std::vector<Result<ExecResult>> results(hosts.size(), fail(ErrorKind::Internal, "not run"));
        std::vector<long long> elapsed(hosts.size());
        constexpr auto deadline = 4s;
        std::thread breaker([&] {
            std::this_thread::sleep_for(800ms);
            lab::sh("ip link set rp-v13 down");
            lab::sh("for p in $(ip netns pids " + lab::netns(14)
                + "); do [ $p = " + listenerPid.substr(0, listenerPid.find('\n')) + " ] || kill -KILL $p; done");
        });
        runBounded(hosts.size(), hosts.size(), [&](std::size_t i) {
            ExecOptions o;
            o.timeout = deadline;
            auto t0 = Clock::now();
            results[i] = executors[i]->run(
                hosts[i] <= 14 ? Command { "sleep", "20" } : Command { "sh", "-c", "sleep 2; hostname" }, o);
            elapsed[i] = msSince(t0);
        });
        breaker.join();
        lab::sh("ip link set rp-v13 up");

        for (std::size_t i = 0; i < hosts.size(); ++i)
            qInfo("h%d: %s after %lld ms", hosts[i], results[i] ? "ok" : results[i].error().describe().c_str(),
                elapsed[i]);
        // Silent host: the deadline ends it, not a hang.
        QVERIFY(!results[0]);
        QVERIFY2(results[0].error().kind == ErrorKind::Timeout || results[0].error().kind == ErrorKind::Unreachable,
            results[0].error().describe().c_str());
        QCOMPARE(results[0].error().host, std::string("h13"));
        QVERIFY(elapsed[0] < 4000 + 1000);
        // Dropped connection: noticed at once.
        QVERIFY(!results[1]);
        QCOMPARE_ENUM(results[1].error().kind, ErrorKind::Unreachable);
        QCOMPARE(results[1].error().host, std::string("h14"));
        QVERIFY(elapsed[1] < 3000);
        // The others are unaffected.
        for (std::size_t i = 2; i < hosts.size(); ++i) {
            QVERIFY2(results[i].has_value(), results[i] ? "" : results[i].error().describe().c_str());
            QCOMPARE(results[i]->out, "h" + std::to_string(hosts[i]) + "\n");
        }
        // h14's connection is gone for good; a new one works (its sshd still listens).
        auto lost = executors[1]->run(Command { "true" }, {});
        QVERIFY(!lost);
        QCOMPARE_ENUM(lost.error().kind, ErrorKind::Unreachable);
        auto fresh = openExecutor(lab::host(14), lab::context());
        QVERIFY2(fresh.has_value(), fresh ? "" : fresh.error().describe().c_str());
        // h13 is back once its link is: a new connection works.
        ConnectContext ctx = lab::context();
        auto back = openExecutor(lab::host(13), ctx);
        QVERIFY2(back.has_value(), back ? "" : back.error().describe().c_str());
        auto r = (*back)->run(Command { "hostname" }, {});
        QVERIFY(r);
        QCOMPARE(r->out, std::string("h13\n"));
    }
};

QTEST_APPLESS_MAIN(TestSshFleet)
#include "tst_ssh_fleet.moc"

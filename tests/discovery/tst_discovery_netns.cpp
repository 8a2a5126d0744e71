// SPDX-License-Identifier: GPL-3.0-or-later
// Discovery of real OpenSSH hosts (netns lab, tests/support/netns-hosts.sh): 20 hosts in parallel, named states for
// bad hosts, cancel, hostile interface names, and the CLI's exit codes against them.
#include "clirun.h"
#include "discovery/discover.h"
#include "netnslab.h"

#include "testutil.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <algorithm>
#include <mutex>

using namespace rp;

namespace {

const Netdev* netdev(const HostFacts& f, const std::string& name)
{
    auto it = std::ranges::find(f.netdevs, name, &Netdev::name);
    return it == f.netdevs.end() ? nullptr : &*it;
}

rp::test::CliRun cli(const QStringList& args)
{
    return rp::test::runCli(QStringLiteral(RP_CLI), args);
}

} // namespace

class TestDiscoveryNetns final : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() { QVERIFY2(!lab::dir().empty(), "RP_NETNS_DIR is not set: run through ctest"); }

    void twentyHostsInParallel()
    {
        auto inventory = loadInventory(lab::dir() + "/inventory.yaml");
        QVERIFY2(inventory, inventory ? "" : inventory.error().describe().c_str());
        QCOMPARE(inventory->hosts.size(), 20u);
        auto context = lab::context();
        std::mutex m;
        std::vector<std::string> finished;
        auto outcomes = discoverFleet(
            inventory->hosts, context, {}, 32, [&](const HostOutcome& o, std::size_t done, std::size_t total) {
                std::lock_guard lock(m);
                QCOMPARE(total, 20u);
                QCOMPARE(done, finished.size() + 1);
                finished.push_back(o.spec.name);
            });
        QCOMPARE(finished.size(), 20u);
        for (std::size_t i = 0; i < outcomes.size(); ++i) {
            const auto& o = outcomes[i];
            QVERIFY2(o.state == HostState::Ok, (o.spec.name + ": " + (o.error ? o.error->describe() : "")).c_str());
            QCOMPARE(o.facts->hostname, "h" + std::to_string(i + 1));
            const auto* eth0 = netdev(*o.facts, "eth0");
            QVERIFY(eth0);
            QCOMPARE(eth0->ipv4, std::vector<std::string> { lab::cidr(static_cast<int>(i) + 1) });
            QVERIFY(eth0->mtu.has_value());
            QVERIFY(o.facts->devices.empty()); // netns hosts have no RDMA: said as a note, not an error
            QVERIFY(std::ranges::any_of(o.facts->notes, [](const HostNote& n) { return n.code == "rdma.none"; }));
        }
    }

    void badHostsEndInNamedStates()
    {
        QTemporaryDir tmp;
        auto emptyKnownHosts = tmp.path().toStdString() + "/known_hosts";
        std::vector<HostSpec> hosts { lab::host(1), lab::host(2), lab::host(3) };
        hosts[1].address = lab::silentAddress(); // nobody there
        hosts[2].keyFile = tmp.path().toStdString() + "/no-such-key";
        auto context = lab::context();
        context.connectTimeout = std::chrono::seconds(3);
        auto outcomes = discoverFleet(hosts, context, {});
        QCOMPARE(str(outcomes[0].state), str(HostState::Ok));
        QVERIFY2(outcomes[1].state == HostState::Unreachable || outcomes[1].state == HostState::TimedOut,
            std::string(toString(outcomes[1].state)).c_str());
        QCOMPARE(outcomes[1].error->host, "h2");
        QVERIFY(outcomes[2].state == HostState::AuthFailed || outcomes[2].state == HostState::Invalid);
        QVERIFY(outcomes[1].seconds < 10.0); // bounded by the connect timeout, not a hang

        auto unknown = lab::context();
        unknown.knownHostsFile = emptyKnownHosts;
        auto refused = discoverFleet({ lab::host(4) }, unknown, {});
        QCOMPARE(str(refused[0].state), str(HostState::HostKeyUnknown));
    }

    void discoveredHostsKeepTheirConnectionForTheNextStep()
    {
        std::vector<HostSpec> hosts { lab::host(1), lab::host(2), lab::host(3) };
        hosts[1].address = lab::silentAddress();
        auto context = lab::context();
        context.connectTimeout = std::chrono::seconds(3);
        ConnectionPool pool;
        DiscoveryOptions options;
        options.keep = &pool;
        auto outcomes = discoverFleet(hosts, context, options);
        QCOMPARE(str(outcomes[0].state), str(HostState::Ok));
        QVERIFY(outcomes[1].state != HostState::Ok);
        QCOMPARE(pool.size(), 2u); // the unreachable host left nothing behind
        QVERIFY(!pool.take("h2"));
        auto kept = pool.take("h3");
        QVERIFY(kept);
        // The connection discovery opened still runs commands on its own host.
        auto run = kept->run(Command { "hostname" }, {});
        QVERIFY2(run, run ? "" : run.error().describe().c_str());
        QCOMPARE(QString::fromStdString(run->out).trimmed(), QStringLiteral("h3"));
        QVERIFY(!pool.take("h3"));
    }

    void cancelLeavesEveryHostNamed()
    {
        auto inventory = loadInventory(lab::dir() + "/inventory.yaml");
        QVERIFY(inventory);
        std::atomic<bool> cancel { false };
        auto outcomes = discoverFleet(
            inventory->hosts, lab::context(), {}, 2,
            [&](const HostOutcome&, std::size_t, std::size_t) { cancel = true; }, &cancel);
        QCOMPARE(outcomes.size(), 20u);
        std::size_t ok = 0;
        std::size_t cancelled = 0;
        for (const auto& o : outcomes) {
            QVERIFY(!o.spec.name.empty());
            ok += o.state == HostState::Ok;
            cancelled += o.state == HostState::Cancelled;
        }
        QVERIFY(ok >= 1);
        QVERIFY(cancelled >= 15); // two workers: at most a few hosts were under way when cancel came
        QCOMPARE(ok + cancelled, 20u);
    }

    void hostileInterfaceNamesNeverReachACommand()
    {
        // The kernel allows ';', '$' and '(' in interface names; discovery must flag and skip them.
        lab::sh("ip -n " + lab::netns(5) + " link add 'x;reboot' type veth peer name 'y$(id)' && ip -n " + lab::netns(5)
            + " link set 'x;reboot' up");
        auto outcomes = discoverFleet({ lab::host(5) }, lab::context(), {});
        lab::sh("ip -n " + lab::netns(5) + " link del 'x;reboot'");
        QCOMPARE(str(outcomes[0].state), str(HostState::Ok));
        const auto& f = *outcomes[0].facts;
        QVERIFY(!netdev(f, "x;reboot"));
        QVERIFY(!netdev(f, "y$(id)"));
        QVERIFY(netdev(f, "eth0"));
        QVERIFY(std::ranges::any_of(f.notes, [](const HostNote& n) { return n.code == "netdev.bad-name"; }));
    }

    void cliExitCodes()
    {
        auto all = cli({ QStringLiteral("discover"), QStringLiteral("--inventory"),
            QString::fromStdString(lab::dir() + "/inventory.yaml"), QStringLiteral("--json") });
        QCOMPARE(all.exitCode, 0);
        auto doc = QJsonDocument::fromJson(all.out);
        auto hosts = doc[QStringLiteral("hosts")].toArray();
        QCOMPARE(hosts.size(), 20);
        for (const auto& h : hosts)
            QCOMPARE(h.toObject()[QStringLiteral("state")].toString(), QStringLiteral("ok"));

        QTemporaryDir tmp;
        QString known = tmp.path() + QStringLiteral("/known_hosts");
        auto key = QString::fromStdString(lab::dir() + "/id_ed25519");
        auto some
            = cli({ QStringLiteral("discover"), QStringLiteral("--known-hosts"), known, QStringLiteral("--identity"),
                key, QString::fromStdString("root@" + lab::address(1)), QStringLiteral("localhost") });
        QCOMPARE(some.exitCode, 1);
        QVERIFY(some.out.contains(
            QByteArray::fromStdString("root@" + lab::address(1) + " (" + lab::address(1) + "): host-key-unknown")));
        QVERIFY(some.out.contains("localhost (local): ok"));
        QVERIFY(some.err.contains("SHA256:"));

        auto accepted
            = cli({ QStringLiteral("discover"), QStringLiteral("--known-hosts"), known, QStringLiteral("--identity"),
                key, QStringLiteral("--accept-new-host-keys"), QString::fromStdString("root@" + lab::address(1)) });
        QCOMPARE(accepted.exitCode, 0);
        QVERIFY(accepted.out.contains("hostname h1"));
    }
};

QTEST_GUILESS_MAIN(TestDiscoveryNetns)
#include "tst_discovery_netns.moc"

// SPDX-License-Identifier: GPL-3.0-or-later
#include "discovery/discover.h"
#include "discovery/json.h"
#include "discovery/snapshot.h"
#include "remote/local_executor.h"

#include "testutil.h"
#include <algorithm>
#include <nlohmann/json.hpp>
#include <unistd.h>

using namespace rp;

namespace {

std::string tree(const char* name)
{
    return std::string(RP_FIXTURES_DIR) + "/sysfs/" + name;
}

HostFacts discover(const char* name, RecommendTarget target = {})
{
    DiscoveryOptions options;
    options.target = target;
    auto facts = discoverTree(tree(name), options);
    if (!facts)
        qFatal("discoverTree(%s): %s", name, facts.error().describe().c_str());
    return *facts;
}

const RdmaDevice& device(const HostFacts& f, const std::string& name)
{
    auto it = std::ranges::find(f.devices, name, &RdmaDevice::name);
    if (it == f.devices.end())
        qFatal("no device %s", name.c_str());
    return *it;
}

const Netdev& netdev(const HostFacts& f, const std::string& name)
{
    auto it = std::ranges::find(f.netdevs, name, &Netdev::name);
    if (it == f.netdevs.end())
        qFatal("no netdev %s", name.c_str());
    return *it;
}

bool hasNote(const HostFacts& f, const std::string& code)
{
    return std::ranges::any_of(f.notes, [&](const HostNote& n) { return n.code == code; });
}

/// Returns canned output, as a hostile or broken host might.
class CannedExecutor final : public Executor
{
public:
    explicit CannedExecutor(std::function<ExecResult(const Command&)> answer)
        : m_answer(std::move(answer))
    { }
    Result<ExecResult> run(const Command& command, const ExecOptions&) override
    {
        commands.push_back(command);
        return m_answer(command);
    }
    std::string host() const override { return "canned"; }
    std::vector<Command> commands;

private:
    std::function<ExecResult(const Command&)> m_answer;
};

std::string nonceOf(const Command& c)
{
    return c.argv().size() >= 5 ? c.argv()[4] : std::string();
}

} // namespace

class TestDiscovery final : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void discoveryJsonReadsBack()
    {
        // plan --facts FILE: what discover --json wrote comes back as the same facts (notes and recommendations
        // are discovery's commentary and are not read back).
        std::vector<HostOutcome> outcomes;
        for (const char* name : { "rxe-lab-a", "mlx5-dual", "bond", "iwarp" }) {
            HostOutcome o;
            o.spec.name = name;
            o.spec.local = true;
            o.state = HostState::Ok;
            o.facts = discover(name);
            o.facts->notes.clear();
            o.facts->recommendations.clear();
            outcomes.push_back(o);
        }
        HostOutcome failed;
        failed.spec.name = "down";
        failed.spec.address = "192.0.2.1";
        failed.state = HostState::Unreachable;
        failed.error = Error { ErrorKind::Unreachable, "no route", "", "down", 0 };
        outcomes.push_back(failed);
        const std::string json = discoveryToJson(outcomes, {});
        auto back = discoveryFromJson(json, "d.json");
        QVERIFY2(back, back ? "" : back.error().describe().c_str());
        QCOMPARE(back->size(), 4u);
        QVERIFY(!back->count("down"));
        std::vector<HostOutcome> again = outcomes;
        again.pop_back();
        for (auto& o : again)
            o.facts = back->at(o.spec.name);
        outcomes.pop_back();
        QCOMPARE(discoveryToJson(again, {}), discoveryToJson(outcomes, {}));
        // Damage names the JSON path.
        auto bad = discoveryFromJson(R"({"schema": "rocepilot.discovery/1", "hosts": [{"name": "a", "hostname": "a",
            "os": "", "kernel": "", "devices": [{"name": 3}], "netdevs": []}]})",
            "d.json");
        QVERIFY(!bad);
        QCOMPARE(bad.error().describe(), std::string("d.json: $.hosts[0].devices[0].name: must be a string"));
        QVERIFY(!discoveryFromJson(R"({"schema": "something/2", "hosts": []})", "d.json"));
        QVERIFY(!discoveryFromJson("{", "d.json"));
    }

    void rxeAsCaptured()
    {
        auto f = discover("rxe-lab-a");
        QCOMPARE(f.hostname, "lab-a");
        QCOMPARE(f.kernel, "6.1.0-28-amd64");
        QCOMPARE(f.os, "Debian GNU/Linux 12 (bookworm)");
        QCOMPARE(f.devices.size(), 1u);
        const auto& d = device(f, "rxe0");
        QCOMPARE(d.driver, "rxe");
        QCOMPARE(str(d.transport), str(Transport::RoCE));
        QCOMPARE(d.parentNetdev, "vethA");
        QCOMPARE(d.ports.size(), 1u);
        const auto& p = d.ports[0];
        QCOMPARE(p.state, "ACTIVE");
        QCOMPARE(p.physState, "LinkUp");
        QCOMPARE(p.linkLayer, "Ethernet");
        QCOMPARE(p.netdev, "vethA");
        QCOMPARE(p.gidTableSize, 16);
        QCOMPARE(p.gids.size(), 4u); // empty slots are not entries
        QCOMPARE(p.gids[1].ipv4, "198.18.0.1");
        QCOMPARE(str(p.gids[1].type), str(GidType::RoceV2));
        QCOMPARE(p.gids[1].netdev, "vethA");
        QVERIFY(!p.gids[1].vlanId);
        QCOMPARE(p.gids[2].ipv4, "198.18.2.1");
        QCOMPARE(p.gids[2].netdev, "vethA.2");
        QCOMPARE(p.gids[2].vlanId.value_or(-1), 2);
        QVERIFY(p.gids[0].linkLocal);
        QVERIFY(p.gids[3].linkLocal);
        // Same link-local GID on another netdev (the VLAN) is not a duplicate: it is a different entry.
        QVERIFY(!p.gids[3].duplicate);
        const auto& vlan = netdev(f, "vethA.2");
        QCOMPARE(vlan.vlanId.value_or(-1), 2);
        QCOMPARE(vlan.vlanParent, "vethA");
        QCOMPARE(vlan.kind, "vlan");
        QCOMPARE(vlan.egressQos.size(), 1u);
        QCOMPARE(vlan.egressQos[0].from, 0);
        QCOMPARE(vlan.egressQos[0].to, 3);
        QCOMPARE(netdev(f, "vethA").mtu.value_or(0), 1500);
        QCOMPARE(netdev(f, "vethA").speedMbps.value_or(0), 10000);
        QVERIFY(!netdev(f, "eth0").speedMbps); // -1 means unknown, not a speed
        // The recorded tree has no command outputs: DCB must say so, never show defaults.
        QVERIFY(!netdev(f, "vethA").dcb.pfcEnabled);
        QVERIFY(netdev(f, "vethA").dcb.unavailable.find("not recorded") != std::string::npos);
    }

    void rxeRecommendation()
    {
        auto f = discover("rxe-lab-a");
        QCOMPARE(f.recommendations.size(), 1u);
        const auto& r = f.recommendations[0];
        QCOMPARE(r.gidIndex, 1);
        QCOMPARE(r.address, "198.18.0.1");
        QVERIFY(r.reason.find("untagged") != std::string::npos);

        auto onVlan = discover("rxe-lab-a", RecommendTarget { GidType::RoceV2, true, "vethA.2" });
        QCOMPARE(onVlan.recommendations.size(), 1u);
        QCOMPARE(onVlan.recommendations[0].gidIndex, 2);
        QVERIFY(onVlan.recommendations[0].reason.find("VLAN 2") != std::string::npos);

        auto v1 = discover("rxe-lab-a", RecommendTarget { GidType::IbRoceV1, true, {} });
        QVERIFY(v1.recommendations.empty()); // rxe publishes RoCE v2 only
        QVERIFY(hasNote(v1, "gid.no-recommendation"));
    }

    void mlx5PairsVlanIpv6()
    {
        auto f = discover("mlx5-dual");
        const auto& d = device(f, "mlx5_0");
        QCOMPARE(d.driver, "mlx5");
        QCOMPARE(d.fwVersion, "16.35.2000");
        QCOMPARE(d.boardId, "MT_0000000080");
        QCOMPARE(str(d.transport), str(Transport::RoCE));
        const auto& p = d.ports.at(0);
        QCOMPARE(p.netdev, "ens1f0np0");
        QCOMPARE(p.gids.size(), 9u);
        QCOMPARE(str(p.gids[2].type), str(GidType::IbRoceV1));
        QCOMPARE(str(p.gids[3].type), str(GidType::RoceV2));
        QCOMPARE(p.gids[2].gid, p.gids[3].gid);
        QVERIFY(!p.gids[3].duplicate); // v1 and v2 of one address are a pair, not duplicates
        QVERIFY(p.gids[8].duplicate);
        QVERIFY(hasNote(f, "gid.duplicate"));
        QCOMPARE(p.gids[6].ipv6, "2001:db8:0:1::1");
        QCOMPARE(p.gids[5].vlanId.value_or(-1), 5);
        QCOMPARE(netdev(f, "ens1f0np0.5").egressQos.size(), 8u);

        auto recs = f.recommendations;
        QCOMPARE(recs.size(), 1u); // mlx5_1 port 1 has only link-local GIDs: no recommendation, a note instead
        QVERIFY(hasNote(f, "gid.no-recommendation"));
        auto r0 = std::ranges::find(recs, std::string("mlx5_0"), &GidRecommendation::device);
        QVERIFY(r0 != recs.end());
        QCOMPARE(r0->gidIndex, 3);
        QCOMPARE(r0->address, "10.0.0.1");

        auto v6 = discover("mlx5-dual", RecommendTarget { GidType::RoceV2, false, {} });
        auto r6 = std::ranges::find(v6.recommendations, std::string("mlx5_0"), &GidRecommendation::device);
        QCOMPARE(r6->gidIndex, 7);
        auto v1 = discover("mlx5-dual", RecommendTarget { GidType::IbRoceV1, true, {} });
        QCOMPARE(v1.recommendations.at(0).gidIndex, 2);
    }

    void downPortAndNoGids()
    {
        auto f = discover("mlx5-dual");
        QVERIFY(hasNote(f, "port.not-active"));
        auto z = discover("zero-gids");
        const auto& p = device(z, "rxe0").ports.at(0);
        QVERIFY(p.gids.empty());
        QCOMPARE(p.gidTableSize, 16);
        QVERIFY(hasNote(z, "gid.none"));
        QVERIFY(z.recommendations.empty());
    }

    void bondAndIwarp()
    {
        auto b = discover("bond");
        const auto& p = device(b, "mlx5_bond_0").ports.at(0);
        QCOMPARE(p.netdev, "bond0");
        const auto& bond = netdev(b, "bond0");
        QCOMPARE(bond.kind, "bond");
        QCOMPARE(bond.bondMode, "802.3ad");
        QCOMPARE(bond.bondSlaves, (std::vector<std::string> { "ens2f0np0", "ens2f1np1" }));
        QCOMPARE(b.recommendations.at(0).address, "192.168.100.1");

        auto i = discover("iwarp");
        const auto& d = device(i, "irdma0");
        QCOMPARE(str(d.transport), str(Transport::IWarp));
        QCOMPARE(d.driver, "irdma");
        QVERIFY(hasNote(i, "iwarp.no-dcb"));
        QVERIFY(i.recommendations.empty());
    }

    void missingTreeIsAnError()
    {
        auto f = discoverTree("/nonexistent/tree", {});
        QVERIFY(!f);
        QCOMPARE(str(f.error().kind), str(ErrorKind::Io));
        QCOMPARE(f.error().where, "/nonexistent/tree");
    }

    void collectorFraming()
    {
        std::vector<std::string> notes;
        std::string out = "noise before\n\n@@RP abc begin files\n/proc/sys/kernel/hostname:h1\n/etc/os-release:A=1\n"
                          "/etc/os-release:PRETTY_NAME=\"X\"\n/etc/os-release:\n\n@@RP abc end 0\n"
                          "\n@@RP WRONG begin files\n/proc/sys/kernel/hostname:evil\n\n@@RP WRONG end 0\n"
                          "\n@@RP abc begin ip-addr\n[]\n\n@@RP abc end 0\n\n@@RP abc begin rdma-link\n[";
        auto snap = parseCollectorOutput(out, "abc", notes);
        QCOMPARE(*snap.file("/proc/sys/kernel/hostname"), "h1"); // a marker with another nonce is only text
        QCOMPARE(*snap.file("/etc/os-release"), "A=1\nPRETTY_NAME=\"X\"\n");
        QCOMPARE(snap.section("ip-addr")->text, "[]");
        QVERIFY(!snap.section("rdma-link"));
        QCOMPARE(notes.size(), 1u);
        QVERIFY(notes[0].find("truncated") != std::string::npos);
    }

    void hostileCollectorOutput()
    {
        CannedExecutor exec([](const Command& c) {
            auto n = nonceOf(c);
            ExecResult r;
            r.exitStatus = 0;
            r.out = "\n@@RP " + n + " begin tools\nip\n\n@@RP " + n + " end 0\n\n@@RP " + n
                + " begin files\n/proc/sys/kernel/hostname:\xff\xfe bad utf8\n"
                  "/sys/class/infiniband/rxe0;reboot/node_guid:1\n"
                  "/sys/class/infiniband/$(id)/ports/1/gids/0:0000:0000:0000:0000:0000:ffff:0a00:0001\n"
                  "/sys/class/infiniband/rxe1/ports/1/gids/0:not-a-gid\n"
                  "/sys/class/infiniband/rxe1/ports/1/gids/99999999999:fe80::1\n"
                  "/sys/class/net/eth0;id/mtu:1500\n"
                  "garbage without slash\n\n@@RP "
                + n + " end 0\n\n@@RP " + n + " begin ip-addr\n{not json\n\n@@RP " + n + " end 0\n";
            return r;
        });
        auto facts = discoverHost(exec, {});
        QVERIFY(facts);
        QCOMPARE(facts->devices.size(), 1u); // only rxe1 has a safe name
        QCOMPARE(facts->devices[0].name, "rxe1");
        QVERIFY(facts->devices[0].ports.at(0).gids.empty());
        QVERIFY(hasNote(*facts, "rdma.bad-name"));
        QVERIFY(hasNote(*facts, "netdev.bad-name"));
        QVERIFY(hasNote(*facts, "gid.unreadable"));
        QVERIFY(hasNote(*facts, "collector.framing")); // the line without a path
        // No DCB commands for names that failed validation: only the collector ran.
        QCOMPARE(exec.commands.size(), 1u);
        // Invalid UTF-8 from a host must not break the JSON export.
        HostOutcome o;
        o.spec.name = "canned";
        o.state = HostState::Ok;
        o.facts = *facts;
        auto json = discoveryToJson({ o }, {});
        QVERIFY(nlohmann::json::accept(json));
    }

    void nothingUsableIsCommandFailed()
    {
        CannedExecutor exec([](const Command&) { return ExecResult { 127, "", "sh: not found", false }; });
        auto facts = discoverHost(exec, {});
        QVERIFY(!facts);
        QCOMPARE(str(facts.error().kind), str(ErrorKind::CommandFailed));
        QCOMPARE(facts.error().host, "canned");
        QVERIFY(facts.error().message.find("sh: not found") != std::string::npos);
    }

    void dcbCommandsAreArgvAndParsed()
    {
        // A host that has the dcb tool and a RoCE port: the second command reads DCB for the port's parent
        // netdev (the VLAN resolved to vethA), built from quoted argv tokens only.
        CannedExecutor exec([](const Command& c) {
            ExecResult r;
            r.exitStatus = 0;
            if (c.argv().size() == 5) {
                auto n = nonceOf(c);
                r.out = "\n@@RP " + n + " begin tools\ndcb\n\n@@RP " + n + " end 0\n\n@@RP " + n
                    + " begin files\n"
                      "/sys/class/infiniband/rxe0/parent:vethA\n/sys/class/infiniband/rxe0/ports/1/state:4: ACTIVE\n"
                      "/sys/class/infiniband/rxe0/ports/1/link_layer:Ethernet\n"
                      "/sys/class/infiniband/rxe0/ports/1/gids/0:0000:0000:0000:0000:0000:ffff:c612:0001\n"
                      "/sys/class/infiniband/rxe0/ports/1/gid_attrs/types/0:RoCE v2\n"
                      "/sys/class/infiniband/rxe0/ports/1/gid_attrs/ndevs/0:vethA\n"
                      "/sys/class/net/vethA/mtu:1500\n\n@@RP "
                    + n + " end 0\n";
            } else {
                // Answer the DCB script: find its nonce in the first printf.
                const auto& script = c.argv().at(2);
                auto pos = script.find("' ");
                auto nonce = script.substr(pos + 2, 16);
                r.out = "\n@@RP " + nonce + " begin dcb:vethA\nAttribute read: Operation not supported\n\n@@RP " + nonce
                    + " end 1\n";
            }
            return r;
        });
        auto facts = discoverHost(exec, {});
        QVERIFY(facts);
        QCOMPARE(exec.commands.size(), 2u);
        const auto& script = exec.commands[1].argv().at(2);
        QVERIFY(script.find("dcb -j pfc show dev vethA") != std::string::npos);
        QVERIFY(script.find("dcb -j apptrust show dev vethA") != std::string::npos);
        const auto& nd = netdev(*facts, "vethA");
        QVERIFY(!nd.dcb.pfcEnabled);
        QVERIFY(nd.dcb.unavailable.find("not available on this driver") != std::string::npos);
        QVERIFY(hasNote(*facts, "dcb.unavailable"));
    }

    void thisMachineThroughLocalExecutor()
    {
        LocalExecutor local;
        auto facts = discoverHost(local, {});
        QVERIFY2(facts, facts ? "" : facts.error().describe().c_str());
        char name[256] = {};
        gethostname(name, sizeof name - 1);
        QCOMPARE(facts->hostname, std::string(name));
        QVERIFY(!facts->kernel.empty());
        auto lo = std::ranges::find(facts->netdevs, std::string("lo"), &Netdev::name);
        QVERIFY(lo != facts->netdevs.end());
        QVERIFY(lo->mtu.has_value());
        QVERIFY(std::ranges::find(lo->ipv4, std::string("127.0.0.1/8")) != lo->ipv4.end());
    }

    void recommendationsCompared()
    {
        auto a = discover("rxe-lab-a");
        auto m = discover("mlx5-dual", RecommendTarget { GidType::IbRoceV1, true, {} });
        HostOutcome oa { HostSpec { .name = "a" }, HostState::Ok, a, std::nullopt, 0 };
        HostOutcome om { HostSpec { .name = "m" }, HostState::Ok, m, std::nullopt, 0 };
        auto notes = compareRecommendations({ oa, om });
        QVERIFY(std::ranges::any_of(notes, [](const HostNote& n) { return n.code == "gid.type-mismatch"; }));
        auto same = compareRecommendations({ oa, oa });
        QVERIFY(same.empty());
    }

    void fleetOfRecordedTreesKeepsOrderAndStates()
    {
        std::vector<HostSpec> hosts;
        for (const char* t : { "rxe-lab-a", "mlx5-dual", "bond" })
            hosts.push_back(HostSpec { .name = t, .address = "localhost", .local = true, .sysfsRoot = tree(t) });
        hosts.push_back(HostSpec { .name = "gone", .address = "localhost", .local = true, .sysfsRoot = "/nope" });
        hosts.push_back(HostSpec { .name = "win", .address = "192.0.2.1", .kind = HostKind::Windows });
        std::atomic<int> calls { 0 };
        auto outcomes = discoverFleet(hosts, {}, {}, 2, [&](const HostOutcome&, std::size_t, std::size_t total) {
            QCOMPARE(total, 5u);
            ++calls;
        });
        QCOMPARE(calls.load(), 5);
        QCOMPARE(str(outcomes[0].state), str(HostState::Ok));
        QCOMPARE(outcomes[1].facts->hostname, "node1");
        QCOMPARE(str(outcomes[3].state), str(HostState::Failed));
        QCOMPARE(outcomes[3].error->host, "gone");
        QCOMPARE(str(outcomes[4].state), str(HostState::Invalid));
    }
};

QTEST_APPLESS_MAIN(TestDiscovery)
#include "tst_discovery.moc"

// SPDX-License-Identifier: GPL-3.0-or-later
// The controller's plumbing on small fabrics built as values: endpoints from discovery's facts, what each cell is
// expected to do, the pinglist's mesh and sample, the summaries per pair and ToR pair, and the second pass's plan.
#include "fabric/aggregate.h"
#include "fabric/localise.h"
#include "fabric/pinglist.h"
#include "fabric/secondpass.h"
#include "fabricsim.h"

#include <QtTest>

#include <map>
#include <set>

using namespace rp;
using namespace rp::fabric;
using namespace rp::fabricsim;

namespace {

const Endpoint& named(const Pinglist& list, const std::string& name)
{
    for (const auto& e : list.endpoints) {
        if (e.name() == name)
            return e;
    }
    throw std::runtime_error("no endpoint " + name);
}

std::uint32_t idOf(const Pinglist& list, const std::string& name)
{
    for (std::uint32_t i = 0; i < list.endpoints.size(); ++i) {
        if (list.endpoints[i].name() == name)
            return i;
    }
    throw std::runtime_error("no endpoint " + name);
}

CellResult cell(std::uint32_t from, std::uint32_t to, std::uint32_t sent, std::uint32_t received, double p99 = 10.0)
{
    CellResult c;
    c.from = from;
    c.to = to;
    c.sent = sent;
    c.received = received;
    c.rttP50Us = p99 / 2;
    c.rttP99Us = p99;
    if (received == 0)
        c.reason = Reason::Timeout;
    return c;
}

} // namespace

class TestFabric : public QObject
{
    Q_OBJECT

private slots:
    void endpointsFromDiscovery()
    {
        FabricShape shape;
        shape.hosts = 6;
        FabricSim sim(shape, 1);
        auto list = buildPinglist(sim.hosts(), sim.topology());
        QVERIFY(list.has_value());
        // h000 carries VLAN 100: six GIDs and its UDP endpoint; h001 four GIDs and UDP.
        QCOMPARE(list->byHost.at("h000").size(), std::size_t { 7 });
        QCOMPARE(list->byHost.at("h001").size(), std::size_t { 5 });
        const auto& v2 = named(*list, "h001:rxe0/1#3");
        QVERIFY(v2.type == GidType::RoceV2);
        QCOMPARE(v2.address, std::string("10.0.0.2"));
        QCOMPARE(v2.subnet, std::string("10.0.0.0/16"));
        QCOMPARE(v2.tor, std::string("leaf1"));
        QVERIFY(named(*list, "h001:rxe0/1#0").linkLocal);
        QCOMPARE(named(*list, "h000:rxe0/1#5").vlan, std::optional<int> { 100 });
        QCOMPARE(named(*list, "h000:rxe0/1#5").subnet, std::string("10.100.0.0/16"));
        // discovery's recommendation is the host's own endpoint; the UDP one sits on its address
        QCOMPARE(list->endpoints[list->preferred.at("h001")].name(), std::string("h001:rxe0/1#3"));
        const auto& udp = list->endpoints[list->udp.at("h001")];
        QVERIFY(udp.udp());
        QCOMPARE(udp.address, std::string("10.0.0.2"));
        QCOMPARE(udp.name(), std::string("h001:udp"));
    }

    void hostWithoutRdmaGetsUdpOnly()
    {
        FabricShape shape;
        shape.hosts = 6;
        shape.udpOnlyEvery = 3;
        FabricSim sim(shape, 1);
        auto list = buildPinglist(sim.hosts(), sim.topology());
        QVERIFY(list.has_value());
        QCOMPARE(list->byHost.at("h002").size(), std::size_t { 1 });
        QVERIFY(!list->hasRdma("h002"));
        QVERIFY(list->endpoints[list->preferred.at("h002")].udp());
        for (const auto& p : list->probes)
            QCOMPARE(list->endpoints[p.from].udp(), list->endpoints[p.to].udp());
    }

    void expectations()
    {
        FabricShape shape;
        shape.hosts = 6;
        FabricSim sim(shape, 1);
        auto list = buildPinglist(sim.hosts(), sim.topology());
        QVERIFY(list.has_value());
        auto expect
            = [&](const char* a, const char* b) { return expectation(named(*list, a), named(*list, b), false); };
        QVERIFY(expect("h001:rxe0/1#3", "h002:rxe0/1#3") == Reason::None);
        QVERIFY(expect("h001:rxe0/1#2", "h002:rxe0/1#2") == Reason::None);
        QVERIFY(expect("h001:rxe0/1#2", "h002:rxe0/1#3") == Reason::RoceVersion);
        QVERIFY(expect("h001:rxe0/1#1", "h002:rxe0/1#1") == Reason::LinkLocal);
        QVERIFY(expect("h000:rxe0/1#5", "h002:rxe0/1#3") == Reason::OtherSubnet); // VLAN 100 vs untagged
        QVERIFY(expect("h000:rxe0/1#5", "h003:rxe0/1#5") == Reason::OtherSubnet); // VLAN 100 vs VLAN 200
        QVERIFY(expect("h001:rxe0/1#1", "h001:rxe0/1#1") == Reason::None); // its own loopback
        auto a = named(*list, "h001:rxe0/1#3");
        auto b = named(*list, "h002:rxe0/1#3");
        b.subnet = "10.9.0.0/16";
        QVERIFY(expectation(a, b, false) == Reason::OtherSubnet);
        QVERIFY(expectation(a, b, true) == Reason::None); // v2 is routed
        auto a1 = named(*list, "h001:rxe0/1#2");
        auto b1 = named(*list, "h002:rxe0/1#2");
        b1.subnet = "10.9.0.0/16";
        QVERIFY(expectation(a1, b1, true) == Reason::OtherSubnet); // v1 never is
        b.empty = true;
        QVERIFY(expectation(a, b, true) == Reason::EmptySlot);

        // a failed designed cell is greyed with its reason; a failed cell that should work stays red
        std::vector<CellResult> cells { cell(idOf(*list, "h001:rxe0/1#2"), idOf(*list, "h002:rxe0/1#3"), 10, 0),
            cell(idOf(*list, "h001:rxe0/1#3"), idOf(*list, "h002:rxe0/1#3"), 10, 0) };
        cells.push_back(cells.front());
        cells.back().reason = Reason::EmptySlot;
        cells.back().sent = 0;
        applyExpectations(*list, cells);
        QVERIFY(cells[0].expected);
        QVERIFY(cells[0].reason == Reason::RoceVersion);
        QVERIFY(!cells[1].expected);
        QVERIFY(cells[1].reason == Reason::Timeout);
        QVERIFY(!cells[2].expected); // the agent said its slot is empty: news, whatever the design
        QVERIFY(cells[2].reason == Reason::EmptySlot);
    }

    void meshInsideTorsAndSampleAcross()
    {
        FabricShape shape;
        shape.hosts = 100;
        shape.tors = 10;
        shape.spine = true;
        FabricSim sim(shape, 1);
        PinglistOptions options;
        options.crossTorPeers = 5;
        options.seed = 42;
        auto list = buildPinglist(sim.hosts(), sim.topology(), options);
        QVERIFY(list.has_value());
        std::set<std::pair<std::string, std::string>> pairs(list->pairs.begin(), list->pairs.end());
        const auto& topo = sim.topology();
        std::map<std::string, std::set<std::string>> crossPeers;
        for (const auto& a : list->hosts) {
            for (const auto& b : list->hosts) {
                if (a != b && topo.torOfHost(a) == topo.torOfHost(b))
                    QVERIFY(pairs.contains({ a, b }));
            }
        }
        for (const auto& [a, b] : pairs) {
            QVERIFY(pairs.contains({ b, a })); // every pair is probed both ways
            if (topo.torOfHost(a) != topo.torOfHost(b))
                crossPeers[a].insert(b);
        }
        for (const auto& h : list->hosts)
            QVERIFY2(crossPeers[h].size() >= 5, h.c_str());
        // every (source GID, destination GID) combination of a chosen pair
        std::map<std::pair<std::string, std::string>, std::size_t> perPair;
        for (const auto& p : list->probes)
            ++perPair[{ list->endpoints[p.from].host, list->endpoints[p.to].host }];
        for (const auto& [a, b] : pairs) {
            auto rdma = [&](const std::string& h) { return list->byHost.at(h).size() - 1; };
            std::size_t want = rdma(a) * rdma(b) + 1;
            std::size_t got = perPair[std::pair { a, b }];
            QCOMPARE(got, want);
        }
        // the sample is the seed's: the same again, another with another seed
        auto again = buildPinglist(sim.hosts(), sim.topology(), options);
        QVERIFY(again->pairs == list->pairs);
        options.seed = 43;
        auto other = buildPinglist(sim.hosts(), sim.topology(), options);
        QVERIFY(other->pairs != list->pairs);
    }

    void badHostListsAreRefused()
    {
        FabricShape shape;
        shape.hosts = 2;
        shape.tors = 1;
        FabricSim sim(shape, 1);
        auto hosts = sim.hosts();
        hosts.push_back(hosts.front());
        auto twice = buildPinglist(hosts, sim.topology());
        QVERIFY(!twice.has_value());
        QVERIFY(twice.error().kind == ErrorKind::Validation);
        hosts.pop_back();
        hosts.front().hostname.clear();
        QVERIFY(!buildPinglist(hosts, sim.topology()).has_value());
        HostFacts bare;
        bare.hostname = "bare";
        auto skipped = buildPinglist({ bare }, {});
        QVERIFY(skipped.has_value());
        QCOMPARE(skipped->skipped.size(), std::size_t { 1 });
        QVERIFY(skipped->hosts.empty());
    }

    void summaries()
    {
        FabricShape shape;
        shape.hosts = 4;
        shape.tors = 2;
        FabricSim sim(shape, 1);
        auto list = buildPinglist(sim.hosts(), sim.topology());
        QVERIFY(list.has_value());
        auto a3 = idOf(*list, "h000:rxe0/1#3");
        auto a2 = idOf(*list, "h000:rxe0/1#2");
        auto b3 = idOf(*list, "h001:rxe0/1#3");
        auto c3 = idOf(*list, "h002:rxe0/1#3");
        std::vector<CellResult> cells { cell(a3, b3, 100, 90, 20.0), cell(a3, b3, 100, 100, 30.0), cell(a2, b3, 10, 0),
            cell(a3, c3, 10, 10, 50.0), cell(a3, c3, 10, 0) };
        applyExpectations(*list, cells);
        auto pairs = summarisePairs(*list, cells);
        QCOMPARE(pairs.size(), std::size_t { 2 });
        const auto& ab = pairs[0];
        QCOMPARE(ab.fromHost, std::string("h000"));
        QCOMPARE(ab.toHost, std::string("h001"));
        QCOMPARE(ab.cells, std::size_t { 3 });
        QCOMPARE(ab.cellsFailed, std::size_t { 0 });
        QCOMPARE(ab.cellsExpectedBad, std::size_t { 1 });
        QVERIFY(ab.worstReason == Reason::RoceVersion);
        QCOMPARE(ab.lossPercent, 5.0); // 10 of 200, the designed cell left out
        QCOMPARE(ab.rttP99Us, 30.0);
        const auto& ac = pairs[1];
        QCOMPARE(ac.cellsFailed, std::size_t { 1 });
        QVERIFY(ac.worstReason == Reason::Timeout); // unexpected before designed
        QCOMPARE(ac.lossPercent, 50.0);
        auto tors = summariseTors(*list, cells);
        QCOMPARE(tors.size(), std::size_t { 2 });
        QCOMPARE(tors[0].fromTor, std::string("leaf1"));
        QCOMPARE(tors[0].toTor, std::string("leaf1"));
        QCOMPARE(tors[1].toTor, std::string("leaf2"));
        QCOMPARE(tors[1].cellsFailed, std::size_t { 1 });
        QVERIFY(worseReason(Reason::Timeout, false, Reason::RoceVersion, true));
        QVERIFY(!worseReason(Reason::LinkLocal, true, Reason::Timeout, false));
    }

    void secondPassReprobesWithGoodPeers()
    {
        FabricShape shape;
        shape.hosts = 9;
        shape.tors = 3;
        FabricSim sim(shape, 1);
        auto list = buildPinglist(sim.hosts(), sim.topology(), { 3, 1, false });
        QVERIFY(list.has_value());
        auto fault = sim.plant(FaultKind::NicDown);
        auto cells = sim.probe(*list, list->probes, false);
        applyExpectations(*list, cells);
        auto plan = planSecondPass(*list, cells);
        QVERIFY(!plan.failingPairs.empty());
        for (const auto& [a, b] : plan.failingPairs)
            QVERIFY(a == fault.host || b == fault.host);
        auto bad = std::ranges::find(plan.rechecks, fault.host, &Recheck::host);
        QVERIFY(bad != plan.rechecks.end());
        QVERIFY(bad->loopback);
        QCOMPARE(bad->peers.size(), std::size_t { 2 });
        const auto& topo = sim.topology();
        QCOMPARE(topo.torOfHost(bad->peers[0]), topo.torOfHost(fault.host)); // one under its own ToR
        QVERIFY(topo.torOfHost(bad->peers[1]) != topo.torOfHost(fault.host)); // one under another
        for (const auto& p : bad->peers)
            QVERIFY(p != fault.host);
        auto self = list->preferred.at(fault.host);
        bool loop = std::ranges::any_of(plan.probes, [&](const Probe& p) { return p.from == self && p.to == self; });
        QVERIFY(loop);
        std::set<std::pair<std::uint32_t, std::uint32_t>> seen;
        for (const auto& p : plan.probes)
            QVERIFY(seen.insert({ p.from, p.to }).second); // no cell twice

        // a healthy round has nothing to re-probe
        sim.setFault({});
        auto healthy = sim.probe(*list, list->probes, false);
        applyExpectations(*list, healthy);
        QVERIFY(planSecondPass(*list, healthy).rechecks.size() <= 2); // at most a noise cell's two ends
    }

    void troubleshooterJoin()
    {
        FabricFinding f;
        f.element = { ElementKind::HostConfig, "h001" };
        f.finding.hosts = { "h001" };
        diag::Finding version;
        version.ruleId = "gid.roce-version";
        version.hosts = { "h001", "h002" };
        diag::Finding other;
        other.ruleId = "switch.pfc-watchdog";
        other.hosts = { "h001" };
        std::vector<FabricFinding> findings { f };
        joinTroubleshooter(findings, { version, other });
        QCOMPARE(findings.front().because, std::vector<std::string> { "gid.roce-version@h001" });
    }

    void words()
    {
        for (auto r : { Reason::Timeout, Reason::RoceVersion, Reason::OtherSubnet, Reason::LinkLocal, Reason::EmptySlot,
                 Reason::PortBlocked, Reason::Mtu, Reason::AgentDown, Reason::HostBusy })
            QVERIFY(reasonFromString(toString(r)) == r);
        QVERIFY(toString(Reason::None).empty());
        QVERIFY(!reasonFromString("lost").has_value());
        for (auto k : { ElementKind::HostNic, ElementKind::HostAgent, ElementKind::HostConfig, ElementKind::AccessLink,
                 ElementKind::Tor, ElementKind::Uplink, ElementKind::HostBusy })
            QVERIFY(elementKindFromString(toString(k)) == k);
        QCOMPARE(std::string(toString(ElementKind::AccessLink)), std::string("access-link"));
        Topology t;
        t.torOf = { { "a", "leaf1" } };
        QCOMPARE(t.accessLinkName("a"), std::string("a<->leaf1"));
        QCOMPARE(t.accessLinkName("b"), std::string("b<->?"));
        QCOMPARE(t.uplinksBetween("leaf2", "leaf1"), std::vector<std::string> { "leaf1<->leaf2" });
        t.spine = "spine1";
        QCOMPARE(t.uplinksBetween("leaf2", "leaf1"), (std::vector<std::string> { "leaf2<->spine1", "leaf1<->spine1" }));
        QVERIFY(t.uplinksBetween("leaf1", "leaf1").empty());
    }
};

QTEST_GUILESS_MAIN(TestFabric)
#include "tst_fabric.moc"

// SPDX-License-Identifier: GPL-3.0-or-later
// The fragment importer on pastes written from documented layouts (tests/fixtures/diagnose/README.md): every
// shape, several hosts mixed in one paste, line-numbered warnings, no readable GID row dropped, and the findings
// the troubleshooter draws from them.
#include "diagnose/diagnose.h"
#include "diagnosetest.h"
#include "parse/fragments.h"
#include "profile/profile.h"
#include "testutil.h"

#include <QtTest>

#include <algorithm>
#include <map>

using namespace rp;
using namespace rp::diag;
using rp::test::withRule;

namespace {

std::string fixture(const char* name)
{
    return rp::test::fixtureText(std::string("diagnose/") + name);
}

const PastedHost* hostNamed(const PastedFabric& f, const std::string& name)
{
    for (const auto& h : f.hosts)
        if (h.name == name)
            return &h;
    return nullptr;
}

const RdmaPort* port(const PastedHost& h, const std::string& dev, int number)
{
    for (const auto& d : h.devices)
        if (d.name == dev)
            for (const auto& p : d.ports)
                if (p.number == number)
                    return &p;
    return nullptr;
}

std::vector<std::string> rules(const Report& r)
{
    std::vector<std::string> out;
    for (const auto& f : r.findings)
        if (f.severity != Severity::Info)
            out.push_back(f.ruleId + " " + (f.hosts.empty() ? std::string() : f.hosts.front()));
    std::sort(out.begin(), out.end());
    return out;
}

QString join(const std::vector<std::string>& v)
{
    QStringList l;
    for (const auto& s : v)
        l << QString::fromStdString(s);
    return l.join(QStringLiteral("; "));
}

int lineOf(const std::string& text, const std::string& needle)
{
    auto pos = text.find(needle);
    return pos == std::string::npos
        ? -1
        : static_cast<int>(std::count(text.begin(), text.begin() + static_cast<long>(pos), '\n')) + 1;
}

} // namespace

class TstFragments : public QObject
{
    Q_OBJECT

private slots:
    void mixedPasteOfThreeHosts()
    {
        auto text = fixture("mixed_paste.md");
        auto f = importFragments(text, "pasted");
        QCOMPARE(f.hosts.size(), std::size_t { 3 });
        auto n1 = hostNamed(f, "node1");
        auto n2 = hostNamed(f, "node2");
        auto n3 = hostNamed(f, "node3");
        QVERIFY(n1 && n2 && n3);
        // node1: grepped GID rows (no hca_id above them; the device from the command), mlnx_qos, ip addr.
        auto p1 = port(*n1, "mlx5_0", 1);
        QVERIFY(p1);
        QCOMPARE(p1->gids.size(), std::size_t { 4 });
        QCOMPARE(str(p1->gids[3].type), str(GidType::RoceV2));
        QCOMPARE(p1->gids[3].ipv4, std::string("10.10.10.1"));
        QCOMPARE(n1->gidLines.at("mlx5_0/1/3"), lineOf(text, "GID[  3]:\t\t0000:0000:0000:0000:0000:ffff:0a0a:0a01"));
        auto nd1
            = std::find_if(n1->netdevs.begin(), n1->netdevs.end(), [](const Netdev& n) { return n.name == "ens1f0"; });
        QVERIFY(nd1 != n1->netdevs.end());
        QCOMPARE(nd1->mtu.value_or(0), 9000);
        QCOMPARE(nd1->dcb.trust.value_or(""), std::string("dscp"));
        QVERIFY(nd1->dcb.pfcEnabled && (*nd1->dcb.pfcEnabled)[3]);
        // node2: `grep .` over gids, `cat` of type/ndev/mtu, ibstat.
        auto p2 = port(*n2, "mlx5_0", 1);
        QVERIFY(p2);
        QCOMPARE(p2->gids.size(), std::size_t { 4 });
        QCOMPARE(str(p2->gids[3].type), str(GidType::RoceV2));
        QCOMPARE(p2->gids[3].netdev, std::string("ens1f0"));
        QCOMPARE(p2->state, std::string("ACTIVE"));
        QCOMPARE(p2->linkLayer, std::string("Ethernet"));
        QCOMPARE(n2->gidLines.at("mlx5_0/1/2"), lineOf(text, "/gids/2:"));
        // node3: show_gids and a failed perftest.
        auto p3 = port(*n3, "mlx5_0", 1);
        QVERIFY(p3);
        QCOMPARE(p3->gids.size(), std::size_t { 3 });
        QCOMPARE(n3->tests.size(), std::size_t { 1 });
        QCOMPARE(n3->tests[0].failure, std::string("rtr"));
        QCOMPARE(n3->tests[0].gidIndex.value_or(-1), 3);
        QCOMPARE(n3->tests[0].line, lineOf(text, " Failed to modify QP"));
        // Warnings name lines; the ellipsis and the fences are not warned about.
        for (const auto& w : f.warnings) {
            QVERIFY2(w.line > 0, w.message.c_str());
            QVERIFY2(text.find("...") == std::string::npos || w.line != lineOf(text, "\n...\n") + 1, w.message.c_str());
        }
        // The text before the first heading ("Hi all, ...") could not be placed: one warning on line 1.
        QVERIFY(std::any_of(f.warnings.begin(), f.warnings.end(), [](const ParseWarning& w) { return w.line == 1; }));

        FabricSnapshot snap;
        addPasted(snap, f, "mixed_paste.md");
        auto r = diagnose(snap);
        std::vector<std::string> want
            = { "gid.roce-version node3", "mtu.netdev node3", "test.gid-index node3", "test.modify-qp node3" };
        QVERIFY2(rules(r) == want, qPrintable(join(rules(r))));
        auto mtu = std::find_if(
            r.findings.begin(), r.findings.end(), [](const Finding& x) { return x.ruleId == "mtu.netdev"; });
        QVERIFY(mtu->explanation.find("2 of 3 ports") != std::string::npos);
        QVERIFY(!mtu->fixes.empty());
        QVERIFY(mtu->fixes.front().text.find("ip link set dev ens1f0 mtu 9000") != std::string::npos);
        QCOMPARE(mtu->evidence.front().where,
            "mixed_paste.md:" + std::to_string(lineOf(text, "6: ens1f0: <BROADCAST,MULTICAST,UP,LOWER_UP> mtu 1500")));
    }

    // Issue 21, formats admins paste: show_gids rendered as a markdown table, `GID[n] = ...` written by hand, and
    // the author's note after a GID row's type. Every row is read, at its own line.
    void gidRowsInPastedFormats()
    {
        const std::string md
            = "Here is show_gids:\n\n"
              "| DEV | PORT | INDEX | GID | IPv4 | VER | DEV |\n"
              "|-----|------|-------|-----|------|-----|-----|\n"
              "| mlx5_0 | 1 | 0 | fe80:0000:0000:0000:ba59:9fff:fe1c:3a4e | | v1 | ens1f0 |\n"
              "| mlx5_0 | 1 | 3 | 0000:0000:0000:0000:0000:ffff:c0a8:0a01 | 192.168.10.1 | v2 | ens1f0 |\n";
        auto f = importFragments(md, "n");
        auto p = port(*hostNamed(f, "n"), "mlx5_0", 1);
        QVERIFY(p);
        QCOMPARE(p->gids.size(), std::size_t { 2 });
        QCOMPARE(p->gids[1].index, 3);
        QVERIFY(p->gids[1].type == GidType::RoceV2);
        QCOMPARE(p->gids[1].netdev, std::string("ens1f0"));
        QCOMPARE(hostNamed(f, "n")->gidLines.at("mlx5_0/1/3"), lineOf(md, "| mlx5_0 | 1 | 3 |"));

        const std::string notes = "GID[0] = fe80::ba59:9fff:fe1c:3a4e\n"
                                  "GID[1] = ::ffff:c0a8:0a01, RoCE v2   <- this one works\n"
                                  "GID[2]:\t::ffff:192.168.10.1, RoCE v1 (not this)\n";
        auto g = importFragments(notes, "n");
        auto q = port(*hostNamed(g, "n"), "?", 1);
        QVERIFY(q);
        QCOMPARE(q->gids.size(), std::size_t { 3 });
        QCOMPARE(q->gids[1].gid, std::string("0000:0000:0000:0000:0000:ffff:c0a8:0a01"));
        QVERIFY(q->gids[1].type == GidType::RoceV2);
        QVERIFY(q->gids[2].type == GidType::IbRoceV1);
        QCOMPARE(q->gids[2].ipv4, std::string("192.168.10.1"));
        // Prose that mentions GID[3] is not a row.
        auto prose = importFragments("I tried GID[3] but it said: no such device\n", "n");
        QVERIFY(!hostNamed(prose, "n") || hostNamed(prose, "n")->devices.empty());
    }

    void countersFromTwoReads()
    {
        auto text = fixture("counters_paste.txt");
        auto f = importFragments(text, "pasted");
        QCOMPARE(f.hosts.size(), std::size_t { 1 });
        const auto& h = f.hosts.front();
        QCOMPARE(h.name, std::string("gpu07"));
        int reads0 = 0, reads1 = 0;
        for (const auto& c : h.counters) {
            if (c.scope == "ens1f0" && c.name == "rx_prio0_pause") {
                (c.read == 0 ? reads0 : reads1)++;
                QVERIFY(c.atSeconds.has_value());
                QCOMPARE(*c.atSeconds, c.read == 0 ? 0.0 : 10.0);
            }
        }
        QCOMPARE(reads0, 1);
        QCOMPARE(reads1, 1);
        QCOMPARE(h.rdmaCm.size(), std::size_t { 1 });
        QCOMPARE(h.rdmaCm[0].tos.value_or(-1), 0);
        QVERIFY(f.warnings.empty());
        FabricSnapshot snap;
        addPasted(snap, f, "counters_paste.txt");
        auto r = diagnose(snap);
        auto v = rules(r);
        QVERIFY2(std::find(v.begin(), v.end(), "counters.pause-lossy gpu07") != v.end(), qPrintable(join(v)));
        QVERIFY2(std::find(v.begin(), v.end(), "counters.pause-idle gpu07") != v.end(), qPrintable(join(v)));
        // out_of_sequence did not move: no retransmit finding from its high total.
        QVERIFY(std::find(v.begin(), v.end(), "counters.retransmits gpu07") == v.end());
    }

    void testFailuresOfThreeTools()
    {
        auto f = importFragments(fixture("failures_paste.txt"), "pasted");
        QCOMPARE(f.hosts.size(), std::size_t { 3 });
        QCOMPARE(hostNamed(f, "client-a")->tests.at(0).failure, std::string("connect"));
        QCOMPARE(
            hostNamed(f, "client-a")->tests.at(0).localGid, std::string("0000:0000:0000:0000:0000:ffff:0a0a:0a01"));
        QCOMPARE(hostNamed(f, "client-b")->tests.at(0).failure, std::string("retry-exceeded"));
        QCOMPARE(hostNamed(f, "client-b")->tests.at(0).gidIndex.value_or(-1), 3);
        QCOMPARE(hostNamed(f, "client-c")->tests.at(0).failure, std::string("connect"));
        QCOMPARE(hostNamed(f, "client-c")->tests.at(0).tool, std::string("qperf"));
        FabricSnapshot snap;
        addPasted(snap, f, "failures_paste.txt");
        auto v = rules(diagnose(snap));
        std::vector<std::string> want
            = { "test.connect client-a", "test.connect client-c", "test.retry-exceeded client-b" };
        QVERIFY2(v == want, qPrintable(join(v)));
    }

    void switchShowOutputs()
    {
        auto hosts = fixture("mixed_paste.md");
        auto text = hosts + fixture("switches_paste.txt");
        auto f = importFragments(text, "pasted");
        QCOMPARE(f.hosts.size(), std::size_t { 3 }); // the switches are not hosts
        auto port = [&](const std::string& sw, const std::string& name) -> const SwitchPortQos* {
            for (const auto& p : f.switchPorts)
                if (p.switchName == sw && p.port == name)
                    return &p;
            return nullptr;
        };
        auto e4 = port("leaf-sonic", "Ethernet4");
        QVERIFY(e4 && e4->pfcPriorities);
        QCOMPARE(*e4->pfcPriorities, (std::vector<int> { 4 }));
        auto e0 = port("leaf-sonic", "Ethernet0");
        QVERIFY(e0);
        QCOMPARE(e0->pfcRx.at(3), std::uint64_t { 1024 });
        QCOMPARE(e0->pfcTx.at(3), std::uint64_t { 5 });
        QCOMPARE(port("leaf-sonic", "Ethernet8")->watchdogStorms.value_or(0), std::uint64_t { 2 });
        auto e12 = port("leaf-sonic", "Ethernet12");
        QVERIFY(e12 && e12->pfcPriorities);
        QCOMPARE(*e12->pfcPriorities, (std::vector<int> { 3, 4 }));
        QCOMPARE(e12->dscpToTc.at(26), 1);
        QCOMPARE(port("leaf-nx", "Ethernet1/2")->pfcOperational.value_or(true), false);
        QCOMPARE(port("leaf-nx", "Ethernet1/1")->pfcOperational.value_or(false), true);
        for (const auto& w : f.warnings)
            QVERIFY2(w.line == 1, w.message.c_str()); // only the greeting of mixed_paste.md

        FabricSnapshot snap;
        addPasted(snap, f, "paste.txt");
        auto v = rules(diagnose(snap));
        for (auto want :
            { "switch.pfc-priority ", "switch.dscp-class ", "switch.pfc-not-operational ", "switch.pfc-storm " })
            QVERIFY2(std::any_of(v.begin(), v.end(), [&](const std::string& x) { return x.starts_with(want); }),
                qPrintable(join(v)));
        // One read of the counters: a total on lossy priority 0 is not judged.
        QVERIFY(std::find(v.begin(), v.end(), std::string("switch.pause-lossy ")) == v.end());
        // A second read where PFC0 rose: now it is.
        auto twice = importFragments(text
                + "admin@leaf-sonic:~$ show pfc counters\n"
                  "  Port Rx    PFC0    PFC1    PFC2    PFC3    PFC4    PFC5    PFC6    PFC7\n"
                  "  Ethernet0     900       0       0   1,024       0       0       0       0\n",
            "pasted");
        FabricSnapshot snap2;
        addPasted(snap2, twice, "paste.txt");
        auto v2 = rules(diagnose(snap2));
        QVERIFY2(std::find(v2.begin(), v2.end(), std::string("switch.pause-lossy ")) != v2.end(), qPrintable(join(v2)));
    }

    /// Cumulus NVUE, Arista EOS, Dell OS10 and Junos outputs and configurations (switches_vendors_paste.txt,
    /// written from the documented layouts): each port's state as read, each planted fault found, and the same
    /// paste with the faults corrected silent.
    void switchVendorOutputs()
    {
        auto hosts = fixture("mixed_paste.md");
        auto broken = fixture("switches_vendors_paste.txt");
        auto f = importFragments(hosts + broken, "pasted");
        QCOMPARE(f.hosts.size(), std::size_t { 3 }); // the switches are not hosts
        auto port
            = [&](const PastedFabric& fab, const std::string& sw, const std::string& name) -> const SwitchPortQos* {
            for (const auto& p : fab.switchPorts)
                if (p.switchName == sw && p.port == name)
                    return &p;
            return nullptr;
        };
        for (const auto& w : f.warnings)
            QVERIFY2(w.line == 1, w.message.c_str());
        // Cumulus: the RoCE mode's global state, DSCP 26 -> SP3 -> TC3 from the two mapping tables.
        auto cl = port(f, "leaf-cl", "*");
        QVERIFY(cl && cl->pfcPriorities && cl->trust);
        QCOMPARE(*cl->pfcPriorities, (std::vector<int> { 3 }));
        QCOMPARE(*cl->trust, std::string("both"));
        QCOMPARE(cl->dscpToTc.at(26), 3);
        QCOMPARE(cl->dscpToTc.at(48), 6);
        QCOMPARE(cl->dscpToTc.at(8), 0);
        QCOMPARE(port(f, "leaf-cl", "swp2")->mtu.value_or(0), 1500);
        QCOMPARE(cl->losslessBufferPriorities.value_or(std::vector<int> {}), (std::vector<int> { 3 })); // RoCE pool
        QVERIFY(!port(f, "leaf-cl", "eth0")); // management
        // EOS: the profile's PFC per interface, the abbreviated show names joined to the configuration's.
        QCOMPARE(*port(f, "leaf-eos", "Ethernet1")->pfcPriorities, (std::vector<int> { 4 }));
        QCOMPARE(*port(f, "leaf-eos", "Ethernet2")->pfcPriorities, (std::vector<int> { 3 }));
        QCOMPARE(port(f, "leaf-eos", "Ethernet2")->pfcOperational.value_or(true), false);
        QCOMPARE(port(f, "leaf-eos", "Ethernet1")->pfcOperational.value_or(false), true);
        QCOMPARE(*port(f, "leaf-eos", "Ethernet2")->trust, std::string("pcp"));
        QVERIFY(port(f, "leaf-eos", "Ethernet3")->pfcPriorities->empty());
        QCOMPARE(port(f, "leaf-eos", "Ethernet3")->pfcRxTotal.value_or(0), std::uint64_t { 1500 });
        QCOMPARE(port(f, "leaf-eos", "Ethernet3")->pfcRxTotalFirst.value_or(9), std::uint64_t { 0 });
        QVERIFY(!port(f, "leaf-eos", "Management1"));
        // OS10: PFC from the network-qos policy, trust from the system trust-map (dot1p).
        auto os10 = port(f, "OS10", "ethernet1/1/1");
        QVERIFY(os10 && os10->pfcPriorities && os10->trust);
        QCOMPARE(*os10->pfcPriorities, (std::vector<int> { 3 }));
        QCOMPARE(*os10->trust, std::string("pcp"));
        QCOMPARE(os10->mtu.value_or(0), 9216);
        // Junos: DSCP 011010 classified into NO-LOSS, whose PFC priority is 3; the operational show disagrees.
        auto qfx = port(f, "qfx1", "et-0/0/1");
        QVERIFY(qfx && qfx->pfcPriorities);
        QCOMPARE(*qfx->pfcPriorities, (std::vector<int> { 3 }));
        QCOMPARE(qfx->dscpToTc.at(26), 3);
        QCOMPARE(*qfx->trust, std::string("dscp"));
        QCOMPARE(*port(f, "qfx1", "*")->pfcPriorities, (std::vector<int> { 3, 4 }));

        DiagnoseOptions opts;
        opts.profile = findPreset("lossless-dscp")->profile;
        auto switchFindings = [&](const std::string& text) {
            FabricSnapshot snap;
            addPasted(snap, importFragments(hosts + text, "pasted"), "paste.txt");
            std::vector<std::string> out;
            for (const auto& x : diagnose(snap, opts).findings)
                if (x.ruleId.starts_with("switch.") && x.severity != Severity::Info)
                    out.push_back(x.ruleId + " " + x.switchPorts.front());
            std::sort(out.begin(), out.end());
            return out;
        };
        auto v = switchFindings(broken);
        std::vector<std::string> want = { "switch.mtu leaf-cl:swp2", "switch.pause-lossy leaf-eos:Ethernet3",
            "switch.pfc-not-operational leaf-eos:Ethernet2", "switch.pfc-priority leaf-eos:Ethernet1",
            "switch.pfc-priority leaf-eos:Ethernet3", "switch.pfc-priority qfx1:*", "switch.trust OS10:ethernet1/1/1",
            "switch.trust leaf-eos:Ethernet2" };
        QVERIFY2(v == want, qPrintable(join(v)));

        // Evidence names the command and line it came from; the fix for the EOS port comes from its generator.
        FabricSnapshot snap;
        addPasted(snap, importFragments(hosts + broken, "pasted"), "paste.txt");
        for (const auto& x : diagnose(snap, opts).findings)
            if (x.ruleId == "switch.pfc-priority" && x.switchPorts.front() == "leaf-eos:Ethernet1") {
                QVERIFY2(x.evidence.front().where.find("show running-config") != std::string::npos,
                    x.evidence.front().where.c_str());
                QVERIFY(!x.fixes.empty());
                QCOMPARE(x.fixes.front().platform, std::string("eos"));
                QVERIFY2(x.fixes.front().text.find("priority-flow-control priority 3 no-drop") != std::string::npos,
                    x.fixes.front().text.c_str());
            }

        auto fixed = broken;
        auto replace = [&](const std::string& from, const std::string& to) {
            auto pos = fixed.find(from);
            QVERIFY2(pos != std::string::npos, from.c_str());
            fixed.replace(pos, from.size(), to);
        };
        replace("nv set interface swp2 mtu 1500", "nv set interface swp2 mtu 9216");
        replace("priority-flow-control priority 4 no-drop", "priority-flow-control priority 3 no-drop");
        replace("Et1     E A      4", "Et1     E A      3");
        replace("Et2     E W      3", "Et2     E A W    3");
        replace("Trust Mode: COS", "Trust Mode: DSCP");
        replace("Et3            1500", "Et3               0");
        replace("trust-map dot1p AZLOCAL_DOT1P_TRUST", "trust-map dscp AZLOCAL_DSCP_TRUST");
        replace("  100          Enabled", "  100          Disabled");
        auto quiet = switchFindings(fixed);
        QVERIFY2(quiet.empty(), qPrintable(join(quiet)));
    }

    /// NX-OS `show queuing interface` (nxos_queuing_broken.txt, written from the Nexus 9000 and 5000 QoS guides):
    /// per QoS group ETS share, strict level, no-drop state, drops and CoS values, per CoS pause counts; an output
    /// pasted without its prompt is told by its first line. The broken paste gives each queuing finding once, the
    /// fixed one none.
    void nxosQueuing()
    {
        const auto broken = fixture("nxos_queuing_broken.txt");
        auto f = importFragments(broken, "pasted");
        QVERIFY(f.hosts.empty());
        auto port = [&](const std::string& sw, const std::string& name) -> const SwitchPortQos* {
            for (const auto& p : f.switchPorts)
                if (p.switchName == sw && p.port == name)
                    return &p;
            return nullptr;
        };
        auto group = [](const SwitchPortQos* p, int g) -> const SwitchQueueQos* {
            for (const auto& q : p->queues)
                if (q.group == g)
                    return &q;
            return nullptr;
        };
        auto e1 = port("leaf-nx", "Ethernet1/1");
        QVERIFY(e1);
        QCOMPARE(e1->vendor, std::string("nxos"));
        QCOMPARE(e1->queues.size(), std::size_t { 8 });
        auto q3 = group(e1, 3);
        QCOMPARE(q3->noDrop.value_or(false), true);
        QCOMPARE(q3->bandwidthPercent.value_or(-1), 60);
        QCOMPARE(q3->drops.value_or(0), std::uint64_t { 4211 });
        QCOMPARE(q3->dropsLine, lineOf(broken, "| WRED/AFD & Tail Drop Pkts |            4211|"));
        QCOMPARE(q3->noDropLine, lineOf(broken, "      3          34600"));
        QCOMPARE(q3->priorities, std::vector<int> { 3 });
        QCOMPARE(group(e1, 7)->priorityLevel.value_or(-1), 1);
        QVERIFY(!group(e1, 7)->bandwidthPercent);
        QCOMPARE(group(e1, 7)->priorities, (std::vector<int> { 6, 7 }));
        QCOMPARE(group(e1, 0)->noDrop.value_or(true), false);
        QCOMPARE(*e1->pfcPriorities, std::vector<int> { 3 });
        QCOMPARE(e1->pfcRx.at(3), std::uint64_t { 88231 });
        QCOMPARE(e1->pfcTx.at(3), std::uint64_t { 120 });
        QCOMPARE(e1->pfcRxTotal.value_or(0), std::uint64_t { 88231 });
        auto e2 = port("leaf-nx", "Ethernet1/2");
        QVERIFY(e2 && e2->pfcPriorities);
        QVERIFY(e2->pfcPriorities->empty());
        QCOMPARE(group(e2, 0)->drops.value_or(0), std::uint64_t { 1904 });
        // No prompt: "slot  1" names the command; the framed heading names the switch.
        auto e3 = port("leaf-nx2", "Ethernet1/3");
        QVERIFY(e3 && e3->pfcPriorities);
        QCOMPARE(*e3->pfcPriorities, std::vector<int> { 3 });
        auto e4 = port("leaf-n5k", "Ethernet1/4");
        QVERIFY(e4);
        QCOMPARE(group(e4, 3)->noDrop.value_or(false), true);
        QCOMPARE(group(e4, 3)->drops.value_or(0), std::uint64_t { 12 });
        QCOMPARE(group(e4, 0)->noDrop.value_or(true), false);
        QVERIFY(!e4->pfcPriorities); // the older layout maps no CoS to its groups
        for (const auto& w : f.warnings)
            QVERIFY2(w.line == 1, w.message.c_str()); // only the sentence above the outputs

        auto findings = [](const std::string& text) {
            FabricSnapshot snap;
            addPasted(snap, importFragments(text, "pasted"), "paste.txt");
            std::vector<std::string> out;
            for (const auto& x : diagnose(snap).findings)
                if (x.ruleId.starts_with("switch.") && x.severity != Severity::Info)
                    out.push_back(x.ruleId + " " + x.switchPorts.front());
            std::sort(out.begin(), out.end());
            return out;
        };
        auto v = findings(broken);
        std::vector<std::string> want = { "switch.lossless-drops leaf-n5k:Ethernet1/4",
            "switch.lossless-drops leaf-nx:Ethernet1/1", "switch.roce-lossy leaf-nx:Ethernet1/2" };
        QVERIFY2(v == want, qPrintable(join(v)));
        auto quiet = findings(fixture("nxos_queuing_fixed.txt"));
        QVERIFY2(quiet.empty(), qPrintable(join(quiet)));
    }

    /// SONiC syslog lines (sonic_syslog_broken.txt, written from sonic-swss's pfcwdorch/bufferorch messages): the
    /// PFC watchdog's storms and restores per port and queue with their time, orchagent's buffer error, under a
    /// `show logging` prompt and bare in a fence (with the year in front); each line goes to the switch it names.
    void sonicSyslog()
    {
        const auto broken = fixture("sonic_syslog_broken.txt");
        auto f = importFragments(broken, "pasted");
        QVERIFY(f.hosts.empty());
        auto port = [&](const std::string& sw, const std::string& name) -> const SwitchPortQos* {
            for (const auto& p : f.switchPorts)
                if (p.switchName == sw && p.port == name)
                    return &p;
            return nullptr;
        };
        auto e8 = port("leaf-sonic", "Ethernet8");
        QVERIFY(e8);
        QCOMPARE(e8->vendor, std::string("sonic"));
        QCOMPARE(e8->log.size(), std::size_t { 3 });
        QCOMPARE(e8->log[0].kind, std::string("pfc-storm"));
        QCOMPARE(e8->log[0].queue.value_or(-1), 3);
        QCOMPARE(e8->log[0].time, std::string("Nov 27 09:12:03.412331"));
        QCOMPARE(e8->log[0].line, lineOf(broken, "Nov 27 09:12:03"));
        QVERIFY(e8->log[0].text.starts_with("PFC Watchdog detected PFC storm on port Ethernet8"));
        QCOMPARE(e8->log[1].kind, std::string("pfc-restored"));
        QCOMPARE(e8->log[2].kind, std::string("pfc-storm"));
        QCOMPARE(port("leaf-sonic", "Ethernet12")->log.at(0).queue.value_or(-1), 4);
        auto e0 = port("leaf-sonic", "Ethernet0");
        QVERIFY(e0);
        QCOMPARE(e0->log.at(0).kind, std::string("qos-error"));
        QVERIFY(e0->log.at(0).text.starts_with("Failed to set port:Ethernet0 pg:3 buffer profile"));
        auto leaf2 = port("leaf2", "Ethernet4");
        QVERIFY(leaf2);
        QCOMPARE(leaf2->log.at(0).time, std::string("2026 Nov 27 10:01:12.000100"));
        QCOMPARE(leaf2->log.at(0).line, lineOf(broken, "2026 Nov 27"));
        for (const auto& w : f.warnings)
            QVERIFY2(w.line == 1, w.message.c_str()); // only the sentence above the outputs

        auto findings = [](const std::string& text) {
            FabricSnapshot snap;
            addPasted(snap, importFragments(text, "pasted"), "paste.txt");
            std::vector<std::string> out;
            for (const auto& x : diagnose(snap).findings)
                if (x.ruleId.starts_with("switch."))
                    out.push_back(toString(x.severity) + " " + x.ruleId + " " + x.switchPorts.front());
            std::sort(out.begin(), out.end());
            return out;
        };
        auto v = findings(broken);
        std::vector<std::string> want = { "error switch.pfc-storm-log leaf-sonic:Ethernet8",
            "error switch.pfc-storm-log leaf2:Ethernet4", "info switch.pfc-storm-restored leaf-sonic:Ethernet16",
            "warning switch.pfc-storm-log leaf-sonic:Ethernet12",
            "warning switch.qos-programming leaf-sonic:Ethernet0" };
        QVERIFY2(v == want, qPrintable(join(v)));
        auto quiet = findings(fixture("sonic_syslog_fixed.txt"));
        QVERIFY2(quiet == std::vector<std::string> { "info switch.pfc-storm-restored leaf-sonic:Ethernet16" },
            qPrintable(join(quiet)));
    }

    /// `amd-smi static --nic` as text and --json under two hosts' headings (amdsmi_static_broken.md, written from
    /// the AMD SMI sources): each host's ionic devices, ports and netdevs; the broken NIC's DOWN port is
    /// port.down on that host, and the fixed paste says nothing above info.
    void amdSmiStatic()
    {
        const auto broken = fixture("amdsmi_static_broken.md");
        auto f = importFragments(broken, "pasted");
        auto h7 = hostNamed(f, "gpu-node-07");
        auto h8 = hostNamed(f, "gpu-node-08");
        QVERIFY(h7 && h8);
        QCOMPARE(h7->devices.size(), std::size_t { 2 });
        QCOMPARE(h7->netdevs.size(), std::size_t { 2 });
        auto down = port(*h7, "ionic_1", 1);
        QVERIFY(down);
        QCOMPARE(down->state, std::string("DOWN"));
        QCOMPARE(down->netdev, std::string("enp193s0np0"));
        QCOMPARE(down->activeMtu.value_or(0), 1024);
        QCOMPARE(h7->netdevs[1].operState, std::string("DOWN"));
        QCOMPARE(h7->netdevs[1].mtu.value_or(0), 9000);
        auto json = port(*h8, "ionic_0", 1);
        QVERIFY(json);
        QCOMPARE(json->state, std::string("ACTIVE"));
        QCOMPARE(json->activeMtu.value_or(0), 4096);
        QCOMPARE(h8->netdevs.at(0).name, std::string("enp65s0np0"));
        for (const auto& w : f.warnings)
            QVERIFY2(w.line == 1, w.message.c_str()); // only the sentence above the outputs

        auto findings = [](const std::string& text) {
            FabricSnapshot snap;
            addPasted(snap, importFragments(text, "pasted"), "paste.md");
            return rules(diagnose(snap));
        };
        auto v = findings(broken);
        QVERIFY2(v == std::vector<std::string> { "port.down gpu-node-07" }, qPrintable(join(v)));
        auto quiet = findings(fixture("amdsmi_static_fixed.md"));
        QVERIFY2(quiet.empty(), qPrintable(join(quiet)));
    }

    /// A Junos congestion-notification show cut after "Name:" (found by fuzz_fragments: the profile name was read
    /// past the end of the line's words): no profile and no port from it; a whole one after it still reads.
    void junosCongestionNotificationCut()
    {
        for (const std::string cut : { "Type: Input, Name:", "Type: Input, Name: ,", "Type: Input, Name:   " }) {
            auto f = importFragments("admin@qfx1> show class-of-service congestion-notification\n" + cut
                    + "\nPriority     PFC\n  011          Enabled\n"
                      "Type: Input, Name: cnp2, Index: 7\nPriority     PFC\n  100          Enabled\n",
                "pasted");
            std::vector<std::string> ports;
            for (const auto& p : f.switchPorts)
                ports.push_back(p.switchName + ":" + p.port + "="
                    + std::to_string(p.pfcPriorities.value_or(std::vector<int> {}).size()));
            QVERIFY2(ports == std::vector<std::string> { "qfx1:*=1" }, qPrintable(join(ports)));
            QCOMPARE(f.switchPorts.front().pfcPriorities->front(), 4);
        }
    }

    /// An NVUE "RoCE pool config" table whose header names "switch-priorities" before "name" (found by
    /// fuzz_fragments: a row as long as the priorities column was read at the name column past its end): such a
    /// row is skipped, a whole row still gives the lossless pool.
    void nvueRocePoolColumnsSwapped()
    {
        auto f = importFragments("cumulus@leaf-cl:mgmt:~$ nv show qos roce\n"
                                 "                    operational  applied\n"
                                 "mode                lossless     lossless\n"
                                 "RoCE PCP/DSCP->SP mapping configurations\n"
                                 "===========================================\n"
                                 "     pcp  dscp  switch-prio\n"
                                 "  0  3    26    3\n"
                                 "RoCE pool config\n"
                                 "=================\n"
                                 "     switch-priorities  mode     size   name\n"
                                 "  0  0,1,2\n"
                                 "  1  3                  Dynamic  50.0%  roce-reserved-ingress\n",
            "pasted");
        QCOMPARE(f.switchPorts.size(), std::size_t { 1 });
        QVERIFY(f.switchPorts.front().losslessBufferPriorities.has_value());
        QCOMPARE(*f.switchPorts.front().losslessBufferPriorities, std::vector<int> { 3 });
    }
    /// LLDP from hosts (lldpctl JSON and text, lldptool -n) and switches (EOS, NX-OS show lldp neighbors) maps
    /// each host netdev to its switch port; the host's PFC / MTU are compared with that port's, with both sides'
    /// evidence and the fix, from its generator, for the side that differs from the reference (lldp_paste.txt on
    /// top of switches_vendors_paste.txt); tst_diagnose has the host side.
    void lldpHostSwitchLinks()
    {
        auto hosts = fixture("mixed_paste.md");
        auto switches = fixture("switches_vendors_paste.txt");
        auto lldp = fixture("lldp_paste.txt");
        auto f = importFragments(hosts + switches + lldp, "pasted");
        QCOMPARE(f.hosts.size(), std::size_t { 3 });
        QCOMPARE(f.lldp.size(), std::size_t { 6 });
        for (const auto& w : f.warnings)
            QVERIFY2(w.line == 1, w.message.c_str());
        FabricSnapshot snap;
        addPasted(snap, f, "paste.txt");
        auto links = hostSwitchLinks(snap);
        std::vector<std::string> got;
        for (const auto& l : links)
            got.push_back(l.host + ":" + l.netdev + "=" + l.switchName + ":" + l.switchPort);
        std::sort(got.begin(), got.end());
        // node1 twice (its lldpctl, the switch's table with its FQDN) and node3 twice are one link each; leaf-nx's
        // neighbour node2:ens1f1 is a second cable of node2.
        std::vector<std::string> want = { "node1:ens1f0=leaf-eos:Ethernet1", "node2:ens1f0=leaf-cl:swp2",
            "node2:ens1f1=leaf-nx:Ethernet1/7", "node3:ens1f0=leaf-eos:Ethernet3" };
        QVERIFY2(got == want, qPrintable(join(got)));

        auto r = diagnose(snap);
        std::vector<const Finding*> link;
        for (const auto& x : r.findings)
            if (x.ruleId.starts_with("link."))
                link.push_back(&x);
        std::vector<std::string> names;
        for (auto* x : link)
            names.push_back(x->ruleId + " " + x->hosts.front() + " " + x->switchPorts.front());
        std::sort(names.begin(), names.end());
        QVERIFY2(names
                == (std::vector<std::string> {
                    "link.mtu node2 leaf-cl:swp2", "link.pfc-priority node1 leaf-eos:Ethernet1" }),
            qPrintable(join(names)));
        for (auto* x : link) {
            // Evidence of both sides and of the LLDP table; a fix for the host and one for the switch port.
            QCOMPARE(x->evidence.size(), std::size_t { 3 });
            QCOMPARE(x->evidence[0].host, x->hosts.front());
            QCOMPARE(x->evidence[1].host, x->switchPorts.front().substr(0, x->switchPorts.front().find(':')));
            QVERIFY(x->evidence[2].where.find("lld") != std::string::npos
                || x->evidence[2].where.find("show lldp") != std::string::npos);
            // Both hosts sit at the preset's value (PFC 3, MTU 9000): the switch port is the side to change, with
            // its own vendor's commands.
            QVERIFY(!x->fixes.empty());
            for (const auto& fx : x->fixes)
                QCOMPARE(fx.target + ":", x->switchPorts.front().substr(0, fx.target.size() + 1));
            QVERIFY(x->explanation.find("The switch port is the side") != std::string::npos);
            if (x->ruleId == "link.pfc-priority") {
                QCOMPARE(x->evidence[0].value, std::string("3"));
                QCOMPARE(x->evidence[1].value, std::string("4"));
                auto eos = std::find_if(
                    x->fixes.begin(), x->fixes.end(), [](const Fix& fx) { return fx.platform == "eos"; });
                QVERIFY(eos != x->fixes.end());
                QVERIFY2(
                    eos->text.find("priority-flow-control priority 3 no-drop") != std::string::npos, eos->text.c_str());
            }
        }
        // Fixed: the EOS profile pauses 3, swp2 takes jumbo frames; the links stay, the findings go.
        auto fixedSwitches = switches;
        auto rep = [&](const std::string& a, const std::string& b) {
            auto pos = fixedSwitches.find(a);
            QVERIFY(pos != std::string::npos);
            fixedSwitches.replace(pos, a.size(), b);
        };
        rep("priority-flow-control priority 4 no-drop", "priority-flow-control priority 3 no-drop");
        rep("Et1     E A      4", "Et1     E A      3");
        rep("nv set interface swp2 mtu 1500", "nv set interface swp2 mtu 9216");
        FabricSnapshot fixedSnap;
        addPasted(fixedSnap, importFragments(hosts + fixedSwitches + lldp, "pasted"), "paste.txt");
        QCOMPARE(hostSwitchLinks(fixedSnap).size(), std::size_t { 4 });
        for (const auto& x : diagnose(fixedSnap).findings)
            QVERIFY2(!x.ruleId.starts_with("link."), x.ruleId.c_str());
    }

    /// M17 on SONiC: BUFFER_PG gives priority group 3 a lossless profile but PFC also pauses 4 (config_db in the
    /// layout of sonic-buildimage's buffer templates); with 3-4 lossless it is silent.
    void sonicLosslessBuffers()
    {
        auto configDb = [](const std::string& pg) {
            return "admin@leaf-sonic:~$ cat /etc/sonic/config_db.json\n{\n"
                   "    \"BUFFER_PG\": {\n"
                   "        \"Ethernet12|0\": { \"profile\": \"[BUFFER_PROFILE|ingress_lossy_profile]\" },\n"
                   "        \"Ethernet12|"
                + pg
                + "\": { \"profile\": \"[BUFFER_PROFILE|pg_lossless_100000_5m_profile]\" }\n"
                  "    },\n"
                  "    \"PORT_QOS_MAP\": { \"Ethernet12\": { \"pfc_enable\": \"3,4\" } }\n}\n";
        };
        auto findings = [&](const std::string& pg) {
            auto f = importFragments(configDb(pg), "pasted");
            FabricSnapshot snap;
            addPasted(snap, f, "paste.txt");
            DiagnoseOptions o;
            o.profile = findPreset("lossless-dscp")->profile;
            o.profile->pfcPriorities = { 3, 4 };
            return withRule(diagnose(snap, o), "switch.buffer");
        };
        auto bad = findings("3");
        QCOMPARE(bad.size(), std::size_t { 1 });
        QCOMPARE(bad.front().switchPorts.front(), std::string("leaf-sonic:Ethernet12"));
        QCOMPARE(bad.front().evidence[1].value, std::string("3"));
        QVERIFY(bad.front().explanation.find("priority 4") != std::string::npos);
        QVERIFY(findings("3-4").empty());
    }

    void windowsPowerShell()
    {
        auto text = fixture("windows_paste.txt");
        auto f = importFragments(text, "pasted");
        QCOMPARE(f.hosts.size(), std::size_t { 1 });
        const auto& w = f.hosts[0].windows;
        QCOMPARE(f.hosts[0].name, std::string("hv01"));
        QCOMPARE(w.adapterQos.at("SLOT 2 Port 1"), true);
        QVERIFY(w.operationalPfc.at("SLOT 2 Port 1").empty()); // "All Priorities Disabled"
        QCOMPARE(*w.pfcEnabled, (std::vector<int> { 3 }));
        QCOMPARE(w.willing.value_or(false), true);
        QCOMPARE(w.smbPriority.value_or(-1), 3);
        QCOMPARE(w.classes.size(), std::size_t { 2 });
        QCOMPARE(w.classes[1].name, std::string("SMB"));
        QCOMPARE(w.classes[1].bandwidth.value_or(-1), 20);
        QCOMPARE(w.classes[0].priorities, (std::vector<int> { 0, 1, 2, 4, 5, 6, 7 }));
        QCOMPARE(w.adapterRdma.at("SLOT 2 Port 1"), true);
        QCOMPARE(w.adapterRdma.at("SLOT 2 Port 2"), false);
        QVERIFY2(f.warnings.empty(), f.warnings.empty() ? "" : f.warnings.front().message.c_str());
        FabricSnapshot snap;
        addPasted(snap, f, "windows_paste.txt");
        QCOMPARE(str(snap.hosts[0].kind), str(HostKind::Windows));
        auto r = diagnose(snap);
        std::vector<std::string> want = { "dcbx.willing hv01", "win.pfc-not-operational hv01", "win.rdma-disabled hv01",
            "win.traffic-class hv01" };
        QVERIFY2(rules(r) == want, qPrintable(join(rules(r))));
        auto oper = std::find_if(r.findings.begin(), r.findings.end(),
            [](const Finding& x) { return x.ruleId == "win.pfc-not-operational"; });
        QVERIFY(oper->fixes.front().text.find("Enable-NetQosFlowControl -Priority 3") != std::string::npos);
        QCOMPARE(oper->fixes.front().platform, std::string("windows"));

        // The fixed state: nothing above info.
        auto fixedText = text;
        auto swap = [&](const std::string& a, const std::string& b) {
            auto pos = fixedText.find(a);
            QVERIFY2(pos != std::string::npos, a.c_str());
            fixedText.replace(pos, a.size(), b);
        };
        swap("OperationalFlowControl     : All Priorities Disabled", "OperationalFlowControl     : Priority 3 Enabled");
        swap("Willing   : True", "Willing   : False");
        swap("ETS       80           0-2,4-7", "ETS       50           0-2,4-7");
        swap("ETS       20           3      ", "ETS       50           3      ");
        swap("Ethernet Ada...#2 False", "Ethernet Ada...#2 True ");
        FabricSnapshot fixedSnap;
        addPasted(fixedSnap, importFragments(fixedText, "pasted"), "windows_paste.txt");
        auto fixed = diagnose(fixedSnap);
        QVERIFY2(rules(fixed).empty(), qPrintable(join(rules(fixed))));
    }

    void gidRowsWithoutDeviceAreKept()
    {
        std::string text = "GID[  3]:\t\t::ffff:192.0.2.7, RoCE v2\n"
                           "GID[  4]:\t\tnot-an-address, RoCE v2\n"
                           "   GID[  5]:\t\tfe80::1, RoCE v1\n";
        auto f = importFragments(text, "box");
        QCOMPARE(f.hosts.size(), std::size_t { 1 });
        auto p = port(f.hosts[0], "?", 1);
        QVERIFY(p);
        QCOMPARE(p->gids.size(), std::size_t { 2 });
        QCOMPARE(p->gids[0].ipv4, std::string("192.0.2.7"));
        QCOMPARE(str(p->gids[1].type), str(GidType::IbRoceV1));
        std::vector<int> lines;
        for (const auto& w : f.warnings)
            lines.push_back(w.line);
        QCOMPARE(lines, (std::vector<int> { 1, 2, 3 }));
    }

    // Tables people build themselves: a header of their own, no device column, columns in their order.
    void gidTablesWithTheirOwnHeader()
    {
        const std::string md = "| idx | GID | type | netdev |\n"
                               "|-----|-----|------|--------|\n"
                               "| 0 | fe80::5054:ff:fe12:3401 | RoCE v2 | ens1f0 |\n"
                               "| 1 | ::ffff:192.168.7.21 | RoCE v2 | ens1f0 |\n";
        auto f = importFragments(md, "n");
        QCOMPARE(f.hosts.size(), std::size_t { 1 });
        auto p = port(f.hosts[0], "?", 1);
        QVERIFY(p);
        QCOMPARE(p->gids.size(), std::size_t { 2 });
        QCOMPARE(p->gids[1].ipv4, std::string("192.168.7.21"));
        QVERIFY(p->gids[1].type == GidType::RoceV2);
        QCOMPARE(p->gids[1].netdev, std::string("ens1f0"));
        QCOMPARE(f.hosts[0].gidLines.at("?/1/1"), 4);

        // Spaces instead of bars, the type in two words, the author's note after the row, a port column.
        const std::string spaced = "device  port  gid index  GID                     version\n"
                                   "mlx5_2  1     3          ::ffff:10.1.1.2         RoCE v2   (this one)\n"
                                   "mlx5_2  1     2          ::ffff:10.1.1.2         RoCE v1\n";
        // "gid index" is two words in a spaced header: the header still names GID and index columns.
        auto g = importFragments(spaced, "n");
        auto q = g.hosts.empty() ? nullptr : port(g.hosts[0], "mlx5_2", 1);
        QVERIFY(q);
        QCOMPARE(q->gids.size(), std::size_t { 2 });
        QCOMPARE(q->gids[0].index, 2);
        QVERIFY(q->gids[0].type == GidType::IbRoceV1);
        QVERIFY(q->gids[1].type == GidType::RoceV2);
        // A sentence that names a GID and an index is not a header.
        auto prose = importFragments("the GID index we use is 3\n0 fe80::1 v2\n", "n");
        QVERIFY(prose.hosts.empty() || prose.hosts[0].devices.empty());
    }

    // `cat gids/*`: the shell's name order (0, 1, 10, 100, ...) ties only the first two values to an index; braces and
    // single-digit classes expand in number order. A command pasted without its prompt still counts.
    void catOfGidFilesByPattern()
    {
        const std::string glob = "cat /sys/class/infiniband/mlx5_0/ports/1/gids/* | head -4\n"
                                 "fe80:0000:0000:0000:5254:00ff:fe12:3401\n"
                                 "0000:0000:0000:0000:0000:ffff:c0a8:0715\n"
                                 "0000:0000:0000:0000:0000:ffff:c0a8:0716\n"
                                 "0000:0000:0000:0000:0000:0000:0000:0000\n";
        auto f = importFragments(glob, "n");
        QCOMPARE(f.hosts.size(), std::size_t { 1 });
        auto p = port(f.hosts[0], "mlx5_0", 1);
        QVERIFY(p);
        QCOMPARE(p->gids.size(), std::size_t { 2 });
        QCOMPARE(p->gids[1].index, 1);
        QCOMPARE(p->gids[1].ipv4, std::string("192.168.7.21"));
        QVERIFY(std::any_of(f.warnings.begin(), f.warnings.end(),
            [](const ParseWarning& w) { return w.line == 4 && w.message.find("name order") != std::string::npos; }));

        const std::string braces = "$ cat /sys/class/infiniband/rxe0/ports/1/gid_attrs/types/{2..3}\n"
                                   "IB/RoCE v1\n"
                                   "RoCE v2\n"
                                   "$ cat /sys/class/infiniband/rxe0/ports/1/gids/[2-3]\n"
                                   "0000:0000:0000:0000:0000:ffff:c612:0001\n"
                                   "0000:0000:0000:0000:0000:ffff:c612:0001\n";
        auto g = importFragments(braces, "n");
        auto q = g.hosts.empty() ? nullptr : port(g.hosts[0], "rxe0", 1);
        QVERIFY(q);
        QCOMPARE(q->gids.size(), std::size_t { 2 });
        QCOMPARE(q->gids[0].index, 2);
        QVERIFY(q->gids[0].type == GidType::IbRoceV1);
        QVERIFY(q->gids[1].type == GidType::RoceV2);
        QCOMPARE(q->gids[1].ipv4, std::string("198.18.0.1"));
    }

    // What terminals and trackers do to lines: backticks around a line, a GID cut at the terminal's width, a row's
    // last columns on the next line, a paste that lost its newlines.
    void mangledLinesArePutBack()
    {
        const std::string wrapped
            = "DEV     PORT    INDEX   GID                                     IPv4            VER     DEV\n"
              "mlx5_0  1       0       fe80:0000:0000:0000:5254:00ff:fe12:3401                 v2      ens1f0\n"
              "mlx5_0  1       2       0000:0000:0000:0000:0000:ffff:c0a8\n"
              ":0715   192.168.7.21    v1      ens1f0\n"
              "mlx5_0  1       3       0000:0000:0000:0000:0000:ffff:c0a8:07\n"
              "15 192.168.7.21    v2      ens1f0\n"
              "mlx5_0  1       4       0000:0000:0000:0000:0000:ffff:c0a8:0816\n"
              "192.168.8.22    v2      ens1f0\n"
              "`mlx5_0  1       5       0000:0000:0000:0000:0000:ffff:c0a8:0917 192.168.9.23 v2 ens1f0`\n"
              "n_gids_found=5\n";
        auto f = importFragments(wrapped, "n");
        auto p = f.hosts.empty() ? nullptr : port(f.hosts[0], "mlx5_0", 1);
        QVERIFY(p);
        std::vector<int> indexes;
        for (const auto& g : p->gids)
            indexes.push_back(g.index);
        QCOMPARE(indexes, (std::vector<int> { 0, 2, 3, 4, 5 }));
        QCOMPARE(p->gids[2].ipv4, std::string("192.168.7.21"));
        QVERIFY(p->gids[2].type == GidType::RoceV2);
        QCOMPARE(p->gids[3].ipv4, std::string("192.168.8.22"));
        QCOMPARE(p->gids[4].ipv4, std::string("192.168.9.23"));
        QCOMPARE(f.hosts[0].gidLines.at("mlx5_0/1/3"), 5);
        // No "output says 5 GIDs but 4 rows" warning: every row was read.
        for (const auto& w : f.warnings)
            QVERIFY2(w.message.find("rows were read") == std::string::npos, w.message.c_str());

        std::string oneLine;
        for (char c : wrapped.substr(0, wrapped.find("mlx5_0  1       2")))
            oneLine += c == '\n' ? ' ' : c;
        oneLine += "mlx5_0 1 7 0000:0000:0000:0000:0000:ffff:c0a8:0a01 192.168.10.1 v2 ens1f0 n_gids_found=2\n";
        auto g = importFragments("$ show_gids\n" + oneLine, "n");
        auto q = g.hosts.empty() ? nullptr : port(g.hosts[0], "mlx5_0", 1);
        QVERIFY(q);
        QCOMPARE(q->gids.size(), std::size_t { 2 });
        QCOMPARE(q->gids[1].index, 7);
        QCOMPARE(g.hosts[0].gidLines.at("mlx5_0/1/7"), 2);
        QVERIFY(std::any_of(g.warnings.begin(), g.warnings.end(), [](const ParseWarning& w) {
            return w.line == 2 && w.message.find("lost its newlines") != std::string::npos;
        }));
    }

    // Outputs that show a port but not its GID table: ibstat, ibstatus, rxe_cfg status. No rule may judge a table
    // they do not show (no "empty table", no "no GID for the address").
    void portsWithoutTheirTable()
    {
        const std::string text = "$ ibstatus\n"
                                 "Infiniband device 'mlx5_1' port 1 status:\n"
                                 "\tdefault gid:\t fe80:0000:0000:0000:5254:00ff:fe12:3402\n"
                                 "\tstate:\t\t 1: DOWN\n"
                                 "\tphys state:\t 3: Disabled\n"
                                 "\trate:\t\t 40 Gb/sec (4X QDR)\n"
                                 "\tlink_layer:\t Ethernet\n"
                                 "$ rxe_cfg status\n"
                                 "  Name    Link  Driver      Speed  NMTU  IPv4_addr  RDEV  RMTU\n"
                                 "  enp0s8  yes   e1000              1500  10.0.0.5   rxe0  1024  (3)\n"
                                 "  enp0s9  no    e1000              1500  10.0.1.5\n"
                                 "$ ibstat\n"
                                 "CA 'mlx5_0'\n"
                                 "\tPort 1:\n"
                                 "\t\tState: Active\n"
                                 "\t\tLink layer: Ethernet\n";
        auto f = importFragments(text, "n");
        QCOMPARE(f.hosts.size(), std::size_t { 1 });
        const auto& h = f.hosts[0];
        auto down = port(h, "mlx5_1", 1);
        QVERIFY(down);
        QCOMPARE(down->state, std::string("DOWN"));
        QCOMPARE(down->linkLayer, std::string("Ethernet"));
        QVERIFY(down->gids.empty() && down->gidsUnlisted);
        auto rxe = port(h, "rxe0", 1);
        QVERIFY(rxe);
        QCOMPARE(rxe->activeMtu.value_or(0), 1024);
        QCOMPARE(rxe->netdev, std::string("enp0s8"));
        auto nd = std::find_if(h.netdevs.begin(), h.netdevs.end(), [](const Netdev& n) { return n.name == "enp0s9"; });
        QVERIFY(nd != h.netdevs.end());
        QCOMPARE(nd->operState, std::string("DOWN"));
        QVERIFY(std::any_of(f.warnings.begin(), f.warnings.end(), [](const ParseWarning& w) {
            return w.line == 11 && w.message.find("no rxe device") != std::string::npos;
        }));

        FabricSnapshot snap;
        addPasted(snap, f, "ports.txt");
        auto r = diagnose(snap);
        QVERIFY2(rules(r) == (std::vector<std::string> { "port.down n" }), qPrintable(join(rules(r))));
        // No GID index is told from tables that were not pasted; the ports that are up are still said to be RoCE
        // (the one that is down has port.down instead).
        std::vector<std::string> unread;
        for (const auto& v : r.ports)
            if (v.tableUnread && !v.gidIndex)
                unread.push_back(v.device);
        QVERIFY2(unread == (std::vector<std::string> { "rxe0", "mlx5_0" }), qPrintable(join(unread)));
        QCOMPARE(r.ports.size(), unread.size());
    }

    // Newer iproute2 wraps `rdma statistic` lines: the indented rest belongs to the link named last.
    void rdmaStatisticOverSeveralLines()
    {
        const std::string text = "$ rdma statistic show\n"
                                 "link mlx5_0/1 rx_write_requests 0 out_of_buffer 0\n"
                                 "    out_of_sequence 0 local_ack_timeout_err 12\n"
                                 "    np_cnp_sent 3\n"
                                 "link mlx5_1/1 out_of_buffer 7\n";
        auto f = importFragments(text, "n");
        QCOMPARE(f.hosts.size(), std::size_t { 1 });
        std::map<std::string, std::uint64_t> got;
        for (const auto& c : f.hosts[0].counters)
            got[c.scope + " " + c.name] = c.value;
        QCOMPARE(got.size(), std::size_t { 6 });
        QCOMPARE(got["mlx5_0/1 local_ack_timeout_err"], std::uint64_t { 12 });
        QCOMPARE(got["mlx5_0/1 np_cnp_sent"], std::uint64_t { 3 });
        QCOMPARE(got["mlx5_1/1 out_of_buffer"], std::uint64_t { 7 });
    }

    void headingsAndPrompts_data()
    {
        QTest::addColumn<QString>("heading");
        QTest::newRow("markdown") << QStringLiteral("## web-01");
        QTest::newRow("equals") << QStringLiteral("=== web-01 ===");
        QTest::newRow("tail") << QStringLiteral("==> web-01 <==");
        QTest::newRow("bold") << QStringLiteral("**web-01**");
        QTest::newRow("colon") << QStringLiteral("web-01:");
        QTest::newRow("host") << QStringLiteral("Host: web-01");
        QTest::newRow("prompt") << QStringLiteral("admin@web-01:~$ ibv_devinfo -d mlx5_1 -v | grep GID");
        QTest::newRow("bracket") << QStringLiteral("[admin@web-01 tmp]$ ibv_devinfo -d mlx5_1 -v | grep GID");
    }

    void headingsAndPrompts()
    {
        QFETCH(QString, heading);
        std::string text = "> " + heading.toStdString() + "\r\n> \t\t\tGID[  2]:\t\t::ffff:198.51.100.4, RoCE v2\r\n";
        auto f = importFragments(text, "default");
        QCOMPARE(f.hosts.size(), std::size_t { 1 });
        QCOMPARE(f.hosts[0].name, std::string("web-01"));
        QCOMPARE(f.hosts[0].gidLines.size(), std::size_t { 1 });
        QCOMPARE(f.hosts[0].gidLines.begin()->second, 2);
    }

    void garbageNeverCrashes()
    {
        std::string junk;
        for (int i = 0; i < 4000; ++i)
            junk += static_cast<char>((i * 7919) % 251 + 1);
        auto f = importFragments(junk + "\nGID[\n/sys/class/infiniband//ports/x/gids/:\nlink a/b x\n", "j");
        QVERIFY(!f.warnings.empty());
    }
};

QTEST_GUILESS_MAIN(TstFragments)
#include "tst_fragments.moc"

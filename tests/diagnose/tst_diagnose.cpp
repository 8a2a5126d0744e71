// SPDX-License-Identifier: GPL-3.0-or-later
// Every rule of the troubleshooter on a broken and a fixed scenario. The host scenarios are pasted text in the
// documented layouts of ibv_devinfo -v (grepped GID rows), `ip addr`, iproute2 `dcb ... show`, mlnx_qos, the
// rdma_cm configfs, ethtool -S and perftest (see tests/fixtures/diagnose/README.md), built per scenario from one
// template so broken and fixed differ in exactly the value the rule judges. Switch ports, earlier GID reads
// and reachability results are built as values.
#include "diagnose/diagnose.h"
#include "diagnosetest.h"
#include "parse/fragments.h"
#include "testutil.h"

#include <QtTest>

#include <algorithm>
#include <fstream>
#include <sstream>

using namespace rp;
using namespace rp::diag;
using rp::test::withRule;

namespace {

struct HostText
{
    std::string name = "host-a";
    std::string ifname = "ens1f0";
    std::string ip = "192.0.2.1";
    std::string mac = "0202:c9ff:fe00:0001"; ///< EUI-64 of ether 00:02:c9:00:00:01
    std::string ether = "00:02:c9:00:00:01";
    int mtu = 9000;
    int activeMtu = 4096;
    std::string portState = "PORT_ACTIVE (4)";
    int v2Index = 3;
    bool v2 = true; ///< false: only a RoCE v1 GID for the address
    bool gidForAddress = true;
    std::optional<int> vlan;
    std::string vlanIp;
    std::string pfc = "3";
    std::string trustOrder = "dscp pcp";
    std::string dscpPrio = "26:3 48:6";
    std::string tcBw = "0:50 1:0 2:0 3:50 4:0 5:0 6:0 7:0";
    std::string willing = "off";
    std::optional<int> tos;
    std::optional<std::string> mode;
    std::string extra;
};

std::string ipv4Hex(const std::string& ip)
{
    unsigned a = 0, b = 0, c = 0, d = 0;
    std::sscanf(ip.c_str(), "%u.%u.%u.%u", &a, &b, &c, &d);
    char buf[16];
    std::snprintf(buf, sizeof buf, "%02x%02x:%02x%02x", a, b, c, d);
    return buf;
}

std::string prioPfc(const std::string& on)
{
    std::string s = "prio-pfc";
    for (int p = 0; p < 8; ++p)
        s += " " + std::to_string(p) + (on.find(char('0' + p)) != std::string::npos ? ":on" : ":off");
    return s;
}

std::string render(const HostText& h)
{
    std::string t = "## " + h.name + "\n\n```\n";
    t += "root@" + h.name + ":~# ibv_devinfo -v -d mlx5_0 | grep -e state -e active_mtu -e GID\n";
    t += "\t\t\tstate:\t\t\t" + h.portState + "\n";
    t += "\t\t\tactive_mtu:\t\t" + std::to_string(h.activeMtu) + " (5)\n";
    t += "\t\t\tGID[  0]:\t\tfe80:0000:0000:0000:" + h.mac + ", RoCE v1\n";
    t += "\t\t\tGID[  1]:\t\tfe80:0000:0000:0000:" + h.mac + ", RoCE v2\n";
    std::string mapped = "0000:0000:0000:0000:0000:ffff:" + ipv4Hex(h.ip);
    if (h.gidForAddress) {
        t += "\t\t\tGID[" + std::string(h.v2Index - 1 < 10 ? "  " : " ") + std::to_string(h.v2Index - 1) + "]:\t\t"
            + mapped + ", RoCE v1\n";
        if (h.v2)
            t += "\t\t\tGID[" + std::string(h.v2Index < 10 ? "  " : " ") + std::to_string(h.v2Index) + "]:\t\t" + mapped
                + ", RoCE v2\n";
    }
    if (h.vlan) {
        std::string vm = "0000:0000:0000:0000:0000:ffff:" + ipv4Hex(h.vlanIp);
        t += "\t\t\tGID[  8]:\t\t" + vm + ", RoCE v1\n";
        t += "\t\t\tGID[  9]:\t\t" + vm + ", RoCE v2\n";
    }
    t += "root@" + h.name + ":~# ip -d addr show\n";
    t += "4: " + h.ifname + ": <BROADCAST,MULTICAST,UP,LOWER_UP> mtu " + std::to_string(h.mtu)
        + " qdisc mq state UP group default qlen 1000\n";
    t += "    link/ether " + h.ether + " brd ff:ff:ff:ff:ff:ff\n";
    t += "    inet " + h.ip + "/24 brd 192.0.2.255 scope global " + h.ifname + "\n";
    t += "       valid_lft forever preferred_lft forever\n";
    if (h.vlan) {
        auto v = h.ifname + "." + std::to_string(*h.vlan);
        t += "5: " + v + "@" + h.ifname + ": <BROADCAST,MULTICAST,UP,LOWER_UP> mtu " + std::to_string(h.mtu)
            + " qdisc noqueue state UP group default qlen 1000\n";
        t += "    link/ether " + h.ether + " brd ff:ff:ff:ff:ff:ff\n";
        t += "    vlan protocol 802.1Q id " + std::to_string(*h.vlan) + " <REORDER_HDR> \n";
        t += "    inet " + h.vlanIp + "/24 scope global " + v + "\n";
        t += "       valid_lft forever preferred_lft forever\n";
    }
    t += "root@" + h.name + ":~# dcb ets show dev " + h.ifname + "; dcb pfc show dev " + h.ifname
        + "; dcb app show dev " + h.ifname + "; dcb apptrust show dev " + h.ifname + "\n";
    t += "willing " + h.willing + " ets-cap 8 cbs off\n";
    t += "tc-bw " + h.tcBw + "\n";
    t += "tc-tsa 0:ets 1:ets 2:ets 3:ets 4:ets 5:ets 6:strict 7:ets\n";
    t += "prio-tc 0:0 1:0 2:0 3:3 4:0 5:0 6:6 7:0\n";
    t += "pfc-cap 8 macsec-bypass off delay 0\n";
    t += prioPfc(h.pfc) + "\n";
    t += "dscp-prio " + h.dscpPrio + "\n";
    t += "order: " + h.trustOrder + "\n";
    if (h.tos || h.mode) {
        t += "root@" + h.name + ":~# grep . /sys/kernel/config/rdma_cm/mlx5_0/ports/1/*\n";
        t += "/sys/kernel/config/rdma_cm/mlx5_0/ports/1/default_roce_mode:" + h.mode.value_or("RoCE v2") + "\n";
        t += "/sys/kernel/config/rdma_cm/mlx5_0/ports/1/default_roce_tos:" + std::to_string(h.tos.value_or(0)) + "\n";
    }
    t += h.extra;
    t += "```\n\n";
    return t;
}

HostText peer()
{
    HostText b;
    b.name = "host-b";
    b.ip = "192.0.2.2";
    b.mac = "0202:c9ff:fe00:0002";
    b.ether = "00:02:c9:00:00:02";
    return b;
}

Report run(const std::vector<HostText>& hosts, const DiagnoseOptions& options = {},
    std::vector<ParseWarning>* warnings = nullptr)
{
    std::string text;
    for (const auto& h : hosts)
        text += render(h);
    auto pasted = importFragments(text, "pasted");
    if (warnings)
        *warnings = pasted.warnings;
    FabricSnapshot snap;
    addPasted(snap, pasted, "scenario.md");
    return diagnose(snap, options);
}

/// Findings above info, as "rule host" for messages.
QStringList problems(const Report& r)
{
    QStringList out;
    for (const auto& f : r.findings)
        if (f.severity != Severity::Info)
            out << QString::fromStdString(f.ruleId + " " + (f.hosts.empty() ? std::string() : f.hosts.front()));
    return out;
}

bool evidenceHas(const Finding& f, const std::string& host, const std::string& value)
{
    return std::any_of(f.evidence.begin(), f.evidence.end(),
        [&](const Evidence& e) { return e.host == host && e.value.find(value) != std::string::npos; });
}

std::string fixture(const std::string& path)
{
    std::ifstream in(std::string(RP_SOURCE_DIR) + "/tests/fixtures/" + path);
    std::stringstream text;
    text << in.rdbuf();
    return text.str();
}

/// One host's paste: show_gids of tests/fixtures/parse (mlx5_0: index 3 is RoCE v2 192.168.10.1, 0-1 link-local,
/// 2 RoCE v1; mlx5_1: only link-local) followed by `log`.
Report withGids(const std::string& log, const std::string& extra = {})
{
    FabricSnapshot snap;
    addPasted(snap, importFragments(fixture("parse/mlx5_show_gids.txt") + "\n" + extra + log, "node1"), "paste.txt");
    return diagnose(snap);
}

} // namespace

class TstDiagnose : public QObject
{
    Q_OBJECT

private slots:
    void healthyPairHasNoProblems()
    {
        std::vector<ParseWarning> warnings;
        auto r = run({ HostText {}, peer() }, {}, &warnings);
        QVERIFY2(problems(r).isEmpty(), qPrintable(problems(r).join(QStringLiteral(", "))));
        QCOMPARE(r.hostCount, std::size_t { 2 });
        QCOMPARE(r.segmentCount, std::size_t { 1 });
        QVERIFY(!r.hasErrors());
        for (const auto& w : warnings)
            qWarning("line %d: %s", w.line, w.message.c_str());
        QVERIFY(warnings.empty());
        // Checks the paste could support were evaluated; the others say what they need.
        for (const auto& c : r.coverage) {
            if (c.check == "M1" || c.check == "M2" || c.check == "M3" || c.check == "M5" || c.check == "M8"
                || c.check == "M9" || c.check == "M13" || c.check == "M14")
                QVERIFY2(c.evaluated, c.check.c_str());
            if (!c.evaluated)
                QVERIFY(!c.missingData.empty());
        }
        auto cov = withRule(r, "coverage.M11");
        QCOMPARE(cov.size(), std::size_t { 1 });
        QVERIFY(cov.front().missingData.find("cnp_dscp") != std::string::npos);
    }

    void roceVersion()
    {
        auto b = peer();
        b.v2 = false;
        auto r = run({ HostText {}, b });
        auto f = withRule(r, "gid.roce-version");
        QCOMPARE(f.size(), std::size_t { 1 });
        QCOMPARE(toString(f.front().severity), std::string("error"));
        QCOMPARE(f.front().hosts.front(), std::string("host-b"));
        QVERIFY(evidenceHas(f.front(), "host-b", "IB/RoCE v1"));
        QVERIFY(evidenceHas(f.front(), "host-a", "RoCE v2"));
        // Evidence says where: the paste and its line.
        QVERIFY(f.front().evidence.front().where.starts_with("scenario.md:"));
        QVERIFY(withRule(run({ HostText {}, peer() }), "gid.roce-version").empty());
    }

    void gidIndexDiffers()
    {
        auto b = peer();
        b.v2Index = 5;
        auto r = run({ HostText {}, b });
        auto f = withRule(r, "gid.index-differs");
        QCOMPARE(f.size(), std::size_t { 1 });
        QCOMPARE(toString(f.front().severity), std::string("warning"));
        QCOMPARE(f.front().fixes.size(), std::size_t { 2 });
        bool sawFive = false;
        for (const auto& x : f.front().fixes)
            sawFive = sawFive || (x.target == "host-b" && x.text.find("NCCL_IB_GID_INDEX=5") != std::string::npos);
        QVERIFY(sawFive);
        QVERIFY(withRule(run({ HostText {}, peer() }), "gid.index-differs").empty());
    }

    void gidMissingForAddress()
    {
        auto b = peer();
        b.gidForAddress = false;
        auto r = run({ HostText {}, b });
        auto f = withRule(r, "gid.missing-for-address");
        QCOMPARE(f.size(), std::size_t { 1 });
        QCOMPARE(f.front().hosts.front(), std::string("host-b"));
        QVERIFY(evidenceHas(f.front(), "host-b", "192.0.2.2/24"));
        QVERIFY(withRule(run({ HostText {}, peer() }), "gid.missing-for-address").empty());
    }

    void vlanMissingOnPeer()
    {
        HostText a;
        a.vlan = 100;
        a.vlanIp = "198.51.100.1";
        auto b = peer();
        auto r = run({ a, b });
        auto f = withRule(r, "vlan.missing-on-peer");
        QCOMPARE(f.size(), std::size_t { 1 });
        QCOMPARE(f.front().hosts.front(), std::string("host-b"));
        QVERIFY(evidenceHas(f.front(), "host-a", "ens1f0.100"));
        QVERIFY(!f.front().fixes.empty());
        QVERIFY(f.front().fixes.front().text.find("vlan") != std::string::npos);
        QVERIFY(f.front().fixes.front().text.find("100") != std::string::npos);
        b.vlan = 100;
        b.vlanIp = "198.51.100.2";
        auto fixed = run({ a, b });
        QVERIFY2(problems(fixed).isEmpty(), qPrintable(problems(fixed).join(QStringLiteral(", "))));
    }

    void pfcPriority()
    {
        auto b = peer();
        b.pfc = "4";
        HostText c;
        c.name = "host-c";
        c.ip = "192.0.2.3";
        auto r = run({ HostText {}, b, c });
        auto f = withRule(r, "pfc.priority");
        QCOMPARE(f.size(), std::size_t { 1 });
        QCOMPARE(f.front().hosts.front(), std::string("host-b"));
        QVERIFY(evidenceHas(f.front(), "host-b", "4"));
        QVERIFY(evidenceHas(f.front(), "host-a", "3"));
        // The fix comes from the Linux generator: a dcb pfc command for ens1f0 with priority 3 on.
        QCOMPARE(f.front().fixes.size(), std::size_t { 1 });
        const auto& fix = f.front().fixes.front();
        QCOMPARE(fix.target, std::string("host-b"));
        QVERIFY2(fix.text.find("dcb pfc set dev ens1f0") != std::string::npos, fix.text.c_str());
        QVERIFY2(fix.text.find("3:on") != std::string::npos, fix.text.c_str());
        QVERIFY(fix.origin.find("step") != std::string::npos);
        QVERIFY(withRule(run({ HostText {}, peer(), c }), "pfc.priority").empty());
    }

    void pfcAgainstProfile()
    {
        DiagnoseOptions o;
        o.profile = findPreset("lossless-dscp")->profile;
        o.profile->pfcPriorities = { 4 };
        o.profile->rocePriority = 4;
        o.profile->prioToTc = { 0, 0, 0, 0, 4, 0, 6, 0 };
        o.profile->tcBandwidth = { 50, 0, 0, 0, 50, 0, 0, 0 };
        auto r = run({ HostText {}, peer() }, o);
        QCOMPARE(withRule(r, "pfc.priority").size(), std::size_t { 2 });
    }

    void trust()
    {
        auto b = peer();
        b.trustOrder = "pcp";
        HostText c;
        c.name = "host-c";
        c.ip = "192.0.2.3";
        auto r = run({ HostText {}, b, c });
        auto f = withRule(r, "qos.trust");
        QCOMPARE(f.size(), std::size_t { 1 });
        QCOMPARE(f.front().hosts.front(), std::string("host-b"));
        QVERIFY(!f.front().fixes.empty());
        QVERIFY(f.front().fixes.front().text.find("apptrust") != std::string::npos);
        // PCP trust on untagged traffic is its own error.
        QCOMPARE(withRule(r, "qos.pcp-untagged").size(), std::size_t { 1 });
        auto fixed = run({ HostText {}, peer(), c });
        QVERIFY(withRule(fixed, "qos.trust").empty());
        QVERIFY(withRule(fixed, "qos.pcp-untagged").empty());
    }

    void dscpPriority()
    {
        auto b = peer();
        b.dscpPrio = "26:1 48:6";
        auto r = run({ HostText {}, b });
        auto f = withRule(r, "qos.dscp-priority");
        QCOMPARE(f.size(), std::size_t { 1 });
        QVERIFY(evidenceHas(f.front(), "host-b", "1"));
        QVERIFY(!f.front().fixes.empty());
        QVERIFY(f.front().fixes.front().text.find("dscp-prio") != std::string::npos);
        QVERIFY(withRule(run({ HostText {}, peer() }), "qos.dscp-priority").empty());
    }

    void rdmaCmTosAndMode()
    {
        HostText a;
        a.tos = 106;
        auto b = peer();
        b.tos = 0;
        b.mode = "IB/RoCE v1";
        HostText c;
        c.name = "host-c";
        c.ip = "192.0.2.3";
        c.tos = 106;
        auto r = run({ a, b, c });
        auto tos = withRule(r, "rdmacm.tos");
        QCOMPARE(tos.size(), std::size_t { 1 });
        QCOMPARE(tos.front().hosts.front(), std::string("host-b"));
        QVERIFY(evidenceHas(tos.front(), "host-b", "0"));
        QVERIFY(!tos.front().fixes.empty());
        QVERIFY2(tos.front().fixes.front().text.find("default_roce_tos") != std::string::npos,
            tos.front().fixes.front().text.c_str());
        QVERIFY2(
            tos.front().fixes.front().text.find("106") != std::string::npos, tos.front().fixes.front().text.c_str());
        auto mode = withRule(r, "rdmacm.mode");
        QCOMPARE(mode.size(), std::size_t { 1 });
        QCOMPARE(toString(mode.front().severity), std::string("error"));
        b.tos = 106;
        b.mode = "RoCE v2";
        auto fixed = run({ a, b, c });
        QVERIFY(withRule(fixed, "rdmacm.tos").empty());
        QVERIFY(withRule(fixed, "rdmacm.mode").empty());
    }

    void mtu()
    {
        auto b = peer();
        b.mtu = 1500;
        b.activeMtu = 1024;
        auto r = run({ HostText {}, b });
        auto f = withRule(r, "mtu.netdev");
        QCOMPARE(f.size(), std::size_t { 1 });
        QCOMPARE(toString(f.front().severity), std::string("error"));
        // No majority between two hosts: the fix makes the second match the first (9000).
        QVERIFY(!f.front().fixes.empty());
        QVERIFY2(
            f.front().fixes.front().text.find("mtu 9000") != std::string::npos, f.front().fixes.front().text.c_str());
        QVERIFY(withRule(r, "mtu.rdma-active").empty()); // said once, by the netdev rule
        auto c = peer();
        c.activeMtu = 1024;
        auto active = run({ HostText {}, c });
        QCOMPARE(withRule(active, "mtu.rdma-active").size(), std::size_t { 1 });
        QVERIFY(withRule(run({ HostText {}, peer() }), "mtu.netdev").empty());
    }

    void ets()
    {
        auto b = peer();
        b.tcBw = "0:40 1:0 2:0 3:50 4:0 5:0 6:0 7:0";
        auto r = run({ HostText {}, b });
        auto f = withRule(r, "ets.bandwidth-sum");
        QCOMPARE(f.size(), std::size_t { 1 });
        QVERIFY(evidenceHas(f.front(), "host-b", "0:40"));
        auto starved = peer();
        starved.tcBw = "0:100 1:0 2:0 3:0 4:0 5:0 6:0 7:0";
        QCOMPARE(withRule(run({ HostText {}, starved }), "ets.roce-class-starved").size(), std::size_t { 1 });
        auto fixed = run({ HostText {}, peer() });
        QVERIFY(withRule(fixed, "ets.bandwidth-sum").empty());
        QVERIFY(withRule(fixed, "ets.roce-class-starved").empty());
    }

    void willing()
    {
        auto b = peer();
        b.willing = "on";
        auto f = withRule(run({ HostText {}, b }), "dcbx.willing");
        QCOMPARE(f.size(), std::size_t { 1 });
        QVERIFY(!f.front().fixes.empty());
        QVERIFY(f.front().fixes.front().text.find("willing off") != std::string::npos);
        QVERIFY(withRule(run({ HostText {}, peer() }), "dcbx.willing").empty());
    }

    void portDown()
    {
        auto b = peer();
        b.portState = "PORT_DOWN (1)";
        auto f = withRule(run({ HostText {}, b }), "port.down");
        QCOMPARE(f.size(), std::size_t { 1 });
        QVERIFY(evidenceHas(f.front(), "host-b", "DOWN"));
        QVERIFY(withRule(run({ HostText {}, peer() }), "port.down").empty());
    }

    void countersAreRates()
    {
        // Two reads 10 s apart: pause frames rising on priority 0 (no PFC there) and on 3 while idle.
        auto reads = [](std::uint64_t prio0b, std::uint64_t prio3b, std::uint64_t pkts, std::uint64_t seqB,
                         std::uint64_t cnpB) {
            std::string t = "root@host-b:~# ethtool -S ens1f0 | grep -e prio -e packets; sleep 10; ethtool -S ens1f0 | "
                            "grep -e prio -e packets\n";
            t += "NIC statistics:\n     rx_packets: 1000\n     tx_packets: 1000\n     rx_prio0_pause: 5\n"
                 "     rx_prio3_pause: 7\n";
            t += "NIC statistics:\n     rx_packets: " + std::to_string(1000 + pkts) + "\n     tx_packets: "
                + std::to_string(1000 + pkts) + "\n     rx_prio0_pause: " + std::to_string(5 + prio0b)
                + "\n     rx_prio3_pause: " + std::to_string(7 + prio3b) + "\n";
            t += "root@host-b:~# rdma statistic show link mlx5_0/1\n";
            t += "link mlx5_0/1 out_of_sequence 10 np_cnp_sent 4 rp_cnp_handled 4\n";
            t += "root@host-b:~# sleep 10\n";
            t += "root@host-b:~# rdma statistic show link mlx5_0/1\n";
            t += "link mlx5_0/1 out_of_sequence " + std::to_string(10 + seqB) + " np_cnp_sent "
                + std::to_string(4 + cnpB) + " rp_cnp_handled " + std::to_string(4 + cnpB) + "\n";
            return t;
        };
        auto b = peer();
        b.extra = reads(40, 900, 20, 0, 0); // idle (2 packets/s), pauses rising
        auto r = run({ HostText {}, b });
        auto lossy = withRule(r, "counters.pause-lossy");
        QCOMPARE(lossy.size(), std::size_t { 1 });
        QVERIFY2(evidenceHas(lossy.front(), "host-b", "/s"), "a rate, with the interval");
        QVERIFY(evidenceHas(lossy.front(), "host-b", "+40 in 10 s"));
        QCOMPARE(withRule(r, "counters.pause-idle").size(), std::size_t { 1 });
        QVERIFY(withRule(r, "counters.ecn-flat").empty()); // no load
        // Under load with retransmits rising and CNP flat: ECN not working.
        b.extra = reads(0, 900, 5000000, 300, 0);
        auto loaded = run({ HostText {}, b });
        QCOMPARE(withRule(loaded, "counters.ecn-flat").size(), std::size_t { 1 });
        QCOMPARE(withRule(loaded, "counters.retransmits").size(), std::size_t { 1 });
        QVERIFY(withRule(loaded, "counters.pause-idle").empty());
        // Healthy: nothing rising but data; CNPs rising under load is fine. High totals alone say nothing.
        b.extra = reads(0, 0, 5000000, 0, 50);
        auto fine = run({ HostText {}, b });
        QVERIFY2(problems(fine).isEmpty(), qPrintable(problems(fine).join(QStringLiteral(", "))));
    }

    void testFailures_data()
    {
        QTest::addColumn<QString>("output");
        QTest::addColumn<QString>("rule");
        QTest::newRow("connect") << QStringLiteral(
            " Couldn't connect to 192.0.2.2:18515\n Unable to open file descriptor "
            "for socket connection Unable to init the socket connection\n")
                                 << QStringLiteral("test.connect");
        QTest::newRow("rtr") << QStringLiteral(
            " Failed to modify QP 0x11 to RTR\n Unable to Connect the HCA's through the "
            "link\n") << QStringLiteral("test.modify-qp");
        QTest::newRow("retry") << QStringLiteral(
            "Completion with error at client\nFailed status transport retry counter "
            "exceeded (12): wr_id 0 syndrom 0x81\n")
                               << QStringLiteral("test.retry-exceeded");
        QTest::newRow("mtu") << QStringLiteral(
            " Requested mtu is higher than active mtu \n Change according to the MTU "
            "of the port\n") << QStringLiteral("test.mtu");
    }

    void testFailures()
    {
        QFETCH(QString, output);
        QFETCH(QString, rule);
        auto b = peer();
        b.extra = "root@host-b:~# ib_send_bw -d mlx5_0 -x 3 192.0.2.1\n"
                  "---------------------------------------------------------------------------------------\n"
                  "                    Send BW Test\n"
                  " Dual-port       : OFF\t\tDevice         : mlx5_0\n"
                  " GID index       : 3\n"
            + output.toStdString();
        auto r = run({ HostText {}, b });
        auto f = withRule(r, rule.toStdString());
        QCOMPARE(f.size(), std::size_t { 1 });
        QCOMPARE(toString(f.front().severity), std::string("error"));
        QVERIFY(f.front().evidence.front().where.starts_with("scenario.md:"));
        // A run that went through: no finding.
        b.extra = "root@host-b:~# ib_send_bw -d mlx5_0 -x 3 192.0.2.1\n"
                  "                    Send BW Test\n"
                  " GID index       : 3\n"
                  " #bytes     #iterations    BW peak[Gb/sec]    BW average[Gb/sec]   MsgRate[Mpps]\n"
                  " 65536      1000             97.50              97.43\t\t   0.185837\n";
        auto fine = run({ HostText {}, b });
        QVERIFY2(problems(fine).isEmpty(), qPrintable(problems(fine).join(QStringLiteral(", "))));
    }

    void testUsedLinkLocalIndex()
    {
        auto b = peer();
        b.extra = "root@host-b:~# ib_send_lat -d mlx5_0 -x 1 192.0.2.1\n"
                  "                    Send Latency Test\n"
                  " GID index       : 1\n"
                  " Failed to modify QP 0x11 to RTR\n";
        auto r = run({ HostText {}, b });
        auto f = withRule(r, "test.gid-index");
        QCOMPARE(f.size(), std::size_t { 1 });
        QCOMPARE(toString(f.front().severity), std::string("error"));
        QVERIFY(f.front().explanation.find("link-local") != std::string::npos);
        QVERIFY(f.front().fixes.front().text.find("-x 3") != std::string::npos);
    }

    void staleGids()
    {
        auto pasted = importFragments(render(HostText {}) + render(peer()), "p");
        FabricSnapshot snap;
        addPasted(snap, pasted, "now.md");
        snap.hosts[1].earlier = snap.hosts[1].facts;
        QVERIFY(withRule(diagnose(snap), "gid.stale").empty());
        auto& gids = snap.hosts[1].earlier->devices.front().ports.front().gids;
        gids[3].gid = "0000:0000:0000:0000:0000:ffff:c000:0263"; // 192.0.2.99 before an address change
        snap.hosts[1].earlierAt = "2026-11-24T06:00:00Z";
        auto f = withRule(diagnose(snap), "gid.stale");
        QCOMPARE(f.size(), std::size_t { 1 });
        QCOMPARE(f.front().hosts.front(), std::string("host-b"));
    }

    void reachability()
    {
        auto pasted = importFragments(render(HostText {}) + render(peer()), "p");
        FabricSnapshot snap;
        addPasted(snap, pasted, "now.md");
        snap.activeChecksRun = true;
        snap.reachability.push_back({ "host-a", "host-b", "mlx5_0", 1, "fe80::1", "rdma-ping", false, "timeout", "t" });
        snap.reachability.push_back(
            { "host-a", "host-b", "mlx5_0", 3, "::ffff:192.0.2.1", "rdma-ping", true, "5 pings", "t" });
        snap.reachability.push_back({ "host-a", "host-b", "", std::nullopt, "", "tcp:18515", true, "", "t" });
        auto r = diagnose(snap);
        auto f = withRule(r, "reach.gid-index");
        QCOMPARE(f.size(), std::size_t { 1 });
        QVERIFY(f.front().title.find("index 1 fails, 3 works") != std::string::npos);
        QVERIFY(withRule(r, "reach.tcp-blocked").empty());
        snap.reachability[0].ok = true;
        snap.reachability[2].ok = false;
        r = diagnose(snap);
        QVERIFY(withRule(r, "reach.gid-index").empty());
        QCOMPARE(withRule(r, "reach.tcp-blocked").size(), std::size_t { 1 });
        snap.reachability[0].ok = false;
        snap.reachability[1].ok = false;
        snap.reachability[2].ok = true;
        QCOMPARE(withRule(diagnose(snap), "reach.rdma-blocked").size(), std::size_t { 1 });
        snap.reachability[0].ok = true;
        snap.reachability[1].ok = true;
        auto healthy = diagnose(snap);
        QVERIFY2(problems(healthy).isEmpty(), qPrintable(problems(healthy).join(QStringLiteral(", "))));
    }

    void switchPorts()
    {
        auto pasted = importFragments(render(HostText {}) + render(peer()), "p");
        FabricSnapshot snap;
        addPasted(snap, pasted, "now.md");
        SwitchPortQos sp;
        sp.switchName = "leaf1";
        sp.vendor = "cumulus";
        sp.port = "swp1";
        sp.pfcPriorities = std::vector<int> { 4 };
        sp.trust = "pcp";
        sp.dscpToTc = { { 26, 1 } };
        sp.mtu = 1500;
        sp.watchdogStorms = 2;
        sp.pfcOperational = false;
        sp.pfcRxFirst = { { 0, 2 } };
        sp.pfcRx = { { 0, 12 } }; // rising between two reads
        snap.switchPorts.push_back(sp);
        auto r = diagnose(snap);
        for (auto rule : { "switch.pfc-priority", "switch.trust", "switch.dscp-class", "switch.mtu", "switch.pfc-storm",
                 "switch.pfc-not-operational", "switch.pause-lossy" })
            QVERIFY2(withRule(r, rule).size() == 1, rule);
        auto pfc = withRule(r, "switch.pfc-priority").front();
        QVERIFY(!pfc.fixes.empty());
        QCOMPARE(pfc.fixes.front().platform, std::string("cumulus"));
        QVERIFY(pfc.fixes.front().text.find("nv set") != std::string::npos);
        sp.pfcPriorities = std::vector<int> { 3 };
        sp.trust = "dscp";
        sp.dscpToTc = { { 26, 3 } };
        sp.mtu = 9216;
        sp.watchdogStorms = 0;
        sp.pfcOperational = true;
        sp.pfcRxFirst = { { 0, 12 }, { 3, 2 } };
        sp.pfcRx = { { 0, 12 }, { 3, 12 } }; // a total on 0 that did not move
        snap.switchPorts = { sp };
        auto fine = diagnose(snap);
        QVERIFY2(problems(fine).isEmpty(), qPrintable(problems(fine).join(QStringLiteral(", "))));
    }

    /// Per QoS group state (NX-OS `show queuing interface`): drops in a no-drop group (M17) and RoCE's CoS in a
    /// lossy group (M5), each with the line of every value it quotes; the fix for the port from the NX-OS
    /// generator; silent once the group is no-drop and its drops are zero. When the hosts' PFC comparison already
    /// names the port, the lossy group is not reported twice.
    void switchQueues()
    {
        SwitchPortQos sp;
        sp.switchName = "leaf-nx";
        sp.vendor = "nxos";
        sp.port = "Ethernet1/1";
        sp.command = "show queuing interface ethernet1/1";
        SwitchQueueQos lossy;
        lossy.group = 0;
        lossy.noDrop = false;
        lossy.noDropLine = 40;
        lossy.drops = 900; // a lossy group may drop
        lossy.dropsLine = 12;
        lossy.priorities = { 0, 1, 2, 4, 5 };
        SwitchQueueQos roce;
        roce.group = 3;
        roce.noDrop = true;
        roce.noDropLine = 43;
        roce.drops = 4211;
        roce.dropsLine = 30;
        roce.priorities = { 3 };
        roce.prioritiesLine = 55;
        roce.bandwidthPercent = 60;
        sp.queues = { lossy, roce };
        auto run = [&](const SwitchPortQos& port, const DiagnoseOptions& o = {}) {
            FabricSnapshot snap;
            snap.switchPorts = { port };
            snap.switchPorts.front().origin = "q.txt";
            return diagnose(snap, o);
        };
        auto r = run(sp);
        auto drops = withRule(r, "switch.lossless-drops");
        QCOMPARE(drops.size(), std::size_t { 1 });
        QCOMPARE(toString(drops.front().severity), std::string("error"));
        QCOMPARE(drops.front().switchPorts.front(), std::string("leaf-nx:Ethernet1/1"));
        QCOMPARE(drops.front().evidence.at(0).value, std::string("4211"));
        QVERIFY2(drops.front().evidence.at(0).where.starts_with("q.txt:30 (nxos `show queuing"),
            drops.front().evidence.at(0).where.c_str());
        QVERIFY(drops.front().evidence.at(1).where.starts_with("q.txt:43 "));
        QVERIFY(drops.front().evidence.at(2).where.starts_with("q.txt:55 "));
        QVERIFY(withRule(r, "switch.roce-lossy").empty());

        auto fine = sp;
        fine.queues[1].drops = 0;
        QVERIFY2(problems(run(fine)).isEmpty(), qPrintable(problems(run(fine)).join(QStringLiteral(", "))));

        auto bad = fine;
        bad.queues[1].noDrop = false;
        auto lossyReport = run(bad);
        auto f = withRule(lossyReport, "switch.roce-lossy");
        QCOMPARE(f.size(), std::size_t { 1 });
        QCOMPARE(f.front().check, std::string("M5"));
        QCOMPARE(f.front().evidence.at(0).value, std::string("3"));
        QVERIFY(f.front().evidence.at(0).where.starts_with("q.txt:55 "));
        QCOMPARE(f.front().evidence.at(1).value, std::string("lossy (no pause buffer)"));
        QVERIFY(!f.front().fixes.empty());
        QCOMPARE(f.front().fixes.front().platform, std::string("nxos"));
        QVERIFY2(f.front().fixes.front().text.find("pause pfc-cos 3") != std::string::npos,
            f.front().fixes.front().text.c_str());
        QVERIFY(withRule(lossyReport, "switch.lossless-drops").empty()); // its drops are not a no-drop group's

        // Every group lossy, no CoS map: still RoCE's priority is not protected.
        auto unmapped = bad;
        for (auto& q : unmapped.queues)
            q.priorities.clear();
        QCOMPARE(withRule(run(unmapped), "switch.roce-lossy").size(), std::size_t { 1 });
        // The profile's RoCE priority is the one judged: priority 4 sits in the lossy group 0 here.
        DiagnoseOptions o;
        o.profile = findPreset("lossless-dscp")->profile;
        o.profile->rocePriority = 4;
        QCOMPARE(withRule(run(fine, o), "switch.roce-lossy").size(), std::size_t { 1 });
        // With the hosts' PFC priorities on the port as well, switch.pfc-priority says it; once only.
        auto both = bad;
        both.pfcPriorities = std::vector<int> {};
        both.hostFacing = true;
        auto once = run(both, [] {
            DiagnoseOptions x;
            x.profile = findPreset("lossless-dscp")->profile;
            return x;
        }());
        QCOMPARE(withRule(once, "switch.pfc-priority").size(), std::size_t { 1 });
        QVERIFY(withRule(once, "switch.roce-lossy").empty());
    }

    /// The switch's log per port and queue: a storm on RoCE's priority with no restore after it is an error naming
    /// the port, a restored one or one on another queue a warning, a restore alone info; orchagent's buffer error a
    /// warning. Each quotes its log line and time.
    void switchLog()
    {
        SwitchPortQos sp;
        sp.switchName = "leaf-sonic";
        sp.vendor = "sonic";
        sp.port = "Ethernet8";
        sp.command = "show logging";
        sp.origin = "log.txt";
        auto event = [](const std::string& kind, int queue, int line) {
            SwitchLogEvent e;
            e.kind = kind;
            e.queue = queue;
            e.line = line;
            e.time = "Nov 27 09:00:" + std::to_string(line);
            e.text = kind + " line " + std::to_string(line);
            return e;
        };
        auto run = [&](const std::vector<SwitchLogEvent>& log) {
            FabricSnapshot snap;
            snap.switchPorts = { sp };
            snap.switchPorts.front().log = log;
            return diagnose(snap);
        };
        auto ongoing
            = withRule(run({ event("pfc-storm", 3, 4), event("pfc-restored", 3, 5), event("pfc-storm", 3, 9) }),
                "switch.pfc-storm-log");
        QCOMPARE(ongoing.size(), std::size_t { 1 });
        QCOMPARE(toString(ongoing.front().severity), std::string("error"));
        QCOMPARE(ongoing.front().switchPorts.front(), std::string("leaf-sonic:Ethernet8"));
        QVERIFY(ongoing.front().title.find("Ethernet8 queue 3") != std::string::npos);
        QCOMPARE(ongoing.front().evidence.size(), std::size_t { 3 });
        QVERIFY2(ongoing.front().evidence.back().where.starts_with("log.txt:9 (sonic `show logging`)"),
            ongoing.front().evidence.back().where.c_str());
        QCOMPARE(ongoing.front().evidence.back().when, std::string("Nov 27 09:00:9"));
        auto restored
            = withRule(run({ event("pfc-storm", 3, 4), event("pfc-restored", 3, 5) }), "switch.pfc-storm-log");
        QCOMPARE(restored.size(), std::size_t { 1 });
        QCOMPARE(toString(restored.front().severity), std::string("warning"));
        auto other = withRule(run({ event("pfc-storm", 4, 4) }), "switch.pfc-storm-log");
        QCOMPARE(other.size(), std::size_t { 1 });
        QCOMPARE(toString(other.front().severity), std::string("warning"));
        auto r = run({ event("pfc-restored", 3, 5) });
        QVERIFY(withRule(r, "switch.pfc-storm-log").empty());
        QCOMPARE(withRule(r, "switch.pfc-storm-restored").size(), std::size_t { 1 });
        QCOMPARE(toString(withRule(r, "switch.pfc-storm-restored").front().severity), std::string("info"));
        QVERIFY(problems(r).isEmpty());
        // A storm that flaps all day: the first two and the last three lines.
        std::vector<SwitchLogEvent> flapping;
        for (int i = 0; i < 40; ++i)
            flapping.push_back(event(i % 2 ? "pfc-restored" : "pfc-storm", 3, 10 + i));
        QCOMPARE(withRule(run(flapping), "switch.pfc-storm-log").front().evidence.size(), std::size_t { 5 });
        SwitchLogEvent error;
        error.kind = "qos-error";
        error.line = 7;
        error.text = "Failed to set port:Ethernet8 pg:3 buffer profile attribute, status:-5";
        auto programming = withRule(run({ error }), "switch.qos-programming");
        QCOMPARE(programming.size(), std::size_t { 1 });
        QCOMPARE(programming.front().check, std::string("M17"));
        QCOMPARE(programming.front().evidence.front().value, error.text);
        QVERIFY(problems(run({})).isEmpty());
    }

    /// LLDP ties host-a's ens1f0 to leaf1:swp1 (lldptool -n on the host): the host pauses 4 and trusts PCP while
    /// the port (and the preset) pause 3 and trust DSCP: link findings with both sides' evidence, the host's
    /// fix from the Linux generator. Fixed host: silent.
    void hostSwitchLink()
    {
        auto lldp = std::string("root@host-a:~# lldptool -t -n -i ens1f0\nChassis ID TLV\n\tMAC: 44:38:39:00:00:01\n"
                                "Port ID TLV\n\tIfname: swp1\nTime to Live TLV\n\t120\nSystem Name TLV\n\tleaf1\n"
                                "End of LLDPDU TLV\n");
        SwitchPortQos sp;
        sp.switchName = "leaf1";
        sp.vendor = "cumulus";
        sp.port = "swp1";
        sp.pfcPriorities = std::vector<int> { 3 };
        sp.trust = "dscp";
        sp.mtu = 9216;
        auto links = [&](const HostText& a) {
            FabricSnapshot snap;
            addPasted(snap, importFragments(render(a) + lldp + render(peer()), "p"), "now.md");
            snap.switchPorts = { sp };
            std::vector<Finding> out;
            for (const auto& f : diagnose(snap).findings)
                if (f.ruleId.starts_with("link."))
                    out.push_back(f);
            return out;
        };
        HostText bad;
        bad.pfc = "4";
        bad.trustOrder = "pcp";
        auto found = links(bad);
        QCOMPARE(found.size(), std::size_t { 2 });
        for (const auto& f : found) {
            QCOMPARE(f.hosts.front(), std::string("host-a"));
            QCOMPARE(f.switchPorts.front(), std::string("leaf1:swp1"));
            QCOMPARE(f.evidence.size(), std::size_t { 3 });
            QCOMPARE(f.evidence[1].host, std::string("leaf1"));
            QVERIFY(f.evidence[2].where.find("lldptool -t -n -i ens1f0") != std::string::npos);
            QVERIFY(!f.fixes.empty());
            for (const auto& x : f.fixes)
                QCOMPARE(x.target, std::string("host-a"));
        }
        auto pfc = std::find_if(
            found.begin(), found.end(), [](const Finding& f) { return f.ruleId == "link.pfc-priority"; });
        QVERIFY(pfc != found.end());
        QCOMPARE(pfc->evidence[0].value, std::string("4"));
        QCOMPARE(pfc->evidence[1].value, std::string("3"));
        QVERIFY2(pfc->fixes.front().text.find("pfc") != std::string::npos, pfc->fixes.front().text.c_str());
        QVERIFY(links(HostText {}).empty());
    }

    /// M11: MLNX_OFED's cnp_dscp read from sysfs (grep -H): host-b marks its CNPs 46 while host-a and the
    /// preset use 48, and the switch puts 46 in TC 0: cnp.dscp on host-b and switch.cnp-class on the port.
    void cnpDscp()
    {
        auto cnp = [](const std::string& host, int dscp) {
            return "root@" + host + ":~# grep -H . /sys/class/net/ens1f0/ecn/roce_np/cnp_dscp\n"
                + "/sys/class/net/ens1f0/ecn/roce_np/cnp_dscp:" + std::to_string(dscp) + "\n";
        };
        SwitchPortQos sp;
        sp.switchName = "leaf1";
        sp.vendor = "eos";
        sp.port = "Ethernet1";
        sp.dscpToTc = { { 26, 3 }, { 48, 6 }, { 46, 0 } };
        auto run = [&](int bDscp) {
            FabricSnapshot snap;
            auto a = HostText {};
            a.extra = cnp("host-a", 48);
            auto b = peer();
            b.extra = cnp("host-b", bDscp);
            addPasted(snap, importFragments(render(a) + render(b), "p"), "now.md");
            snap.switchPorts = { sp };
            return diagnose(snap);
        };
        auto r = run(46);
        auto host = withRule(r, "cnp.dscp");
        QCOMPARE(host.size(), std::size_t { 1 });
        QCOMPARE(host.front().hosts.front(), std::string("host-b"));
        QCOMPARE(host.front().evidence.front().value, std::string("46"));
        QVERIFY(!host.front().fixes.empty());
        QVERIFY2(host.front().fixes.front().text.find("cnp_dscp") != std::string::npos,
            host.front().fixes.front().text.c_str());
        auto sw = withRule(r, "switch.cnp-class");
        QCOMPARE(sw.size(), std::size_t { 1 });
        QCOMPARE(sw.front().switchPorts.front(), std::string("leaf1:Ethernet1"));
        bool covered = false;
        for (const auto& c : r.coverage)
            covered = covered || (c.check == "M11" && c.evaluated);
        QVERIFY(covered);
        auto fine = run(48);
        QVERIFY(withRule(fine, "cnp.dscp").empty());
        QVERIFY(withRule(fine, "switch.cnp-class").empty());
    }

    // Issue 21: one host is enough for "which GID index on this port". The answer opens the text report.
    void portVerdictFromOneHost()
    {
        auto r = run({ HostText {} });
        QCOMPARE(r.ports.size(), std::size_t { 1 });
        const auto& v = r.ports.front();
        QCOMPARE(v.gidIndex, std::optional<int> { 3 });
        QCOMPARE(v.type, std::string("RoCE v2"));
        QCOMPARE(v.address, std::string("192.0.2.1"));
        QVERIFY2(v.others.find("0-1 link-local") != std::string::npos, v.others.c_str());
        QVERIFY2(v.others.find("2 RoCE v1 192.0.2.1") != std::string::npos, v.others.c_str());
        QVERIFY2(v.where.starts_with("scenario.md:"), v.where.c_str());
        QVERIFY2(problems(r).isEmpty(), qPrintable(problems(r).join(QStringLiteral(", "))));
        const auto text = reportToText(r);
        const auto lines = QString::fromStdString(text).split(QLatin1Char('\n'));
        QVERIFY2(lines.size() > 3 && lines[1].startsWith(QStringLiteral("use GID index 3 on host-a:mlx5_0/1: RoCE v2")),
            text.c_str());
        // What could not be checked comes last, one line per thing to paste.
        const auto notChecked = text.find("not checked");
        QVERIFY(notChecked != std::string::npos);
        QVERIFY(text.find("Not checked:") == std::string::npos);
        QVERIFY(text.find("\n  ToS, CNP, ECN (M10 M11 M12): ", notChecked) != std::string::npos);
        auto json = reportToJson(r);
        QVERIFY(json.find("\"gid_index\": 3") != std::string::npos);
    }

    void roceV1Only()
    {
        HostText a;
        a.v2 = false;
        auto r = run({ a });
        auto found = withRule(r, "gid.roce-v1-only");
        QCOMPARE(found.size(), std::size_t { 1 });
        QVERIFY(evidenceHas(found.front(), "host-a", "RoCE v1"));
        QCOMPARE(r.ports.front().type, std::string("IB/RoCE v1"));
        QCOMPARE(r.ports.front().ruleId, std::string("gid.roce-v1-only"));
        QVERIFY(withRule(run({ HostText {} }), "gid.roce-v1-only").empty());
    }

    void linkLocalOnlyAndSharedSubnet()
    {
        // show_gids of a host whose second NIC has no address: index 3 on mlx5_0, nothing on mlx5_1.
        std::ifstream in(std::string(RP_SOURCE_DIR) + "/tests/fixtures/parse/mlx5_show_gids.txt");
        std::stringstream text;
        text << in.rdbuf();
        FabricSnapshot snap;
        addPasted(snap, importFragments(text.str(), "node1"), "show_gids.txt");
        auto r = diagnose(snap);
        QCOMPARE(r.ports.size(), std::size_t { 2 });
        QCOMPARE(r.ports[0].gidIndex, std::optional<int> { 3 });
        QVERIFY(!r.ports[1].gidIndex);
        QCOMPARE(r.ports[1].ruleId, std::string("gid.link-local-only"));
        auto found = withRule(r, "gid.link-local-only");
        QCOMPARE(found.size(), std::size_t { 1 });
        QCOMPARE(found.front().ports, std::vector<std::string> { "node1:mlx5_1/1" });
        QVERIFY(found.front().fixes.front().text.find("dev ens1f1") != std::string::npos);
        QVERIFY(withRule(r, "host.ports-share-subnet").empty());
        // The second NIC given an address in the first one's subnet: both ports in one subnet.
        std::string shared = text.str();
        shared.replace(shared.find("mlx5_1\t1\t1\tfe80"), 0,
            "mlx5_1\t1\t2\t0000:0000:0000:0000:0000:ffff:c0a8:0a02\t\t192.168.10.2  \tv2\tens1f1\n");
        FabricSnapshot two;
        addPasted(two, importFragments(shared, "node1"), "show_gids.txt");
        auto r2 = diagnose(two);
        QCOMPARE(withRule(r2, "host.ports-share-subnet").size(), std::size_t { 1 });
        QVERIFY(withRule(r2, "gid.link-local-only").empty());
        QCOMPARE(r2.ports[1].gidIndex, std::optional<int> { 2 });
    }

    void sparseEmptyAndNotRoce()
    {
        // A pod's table: only its own netdev's GIDs, from index 6 (show_gids layout).
        const std::string pod = "DEV\tPORT\tINDEX\tGID\t\t\t\t\tIPv4  \t\tVER\tDEV\n"
                                "---\t----\t-----\t---\t\t\t\t\t------------  \t---\t---\n"
                                "mlx5_3\t1\t6\t0000:0000:0000:0000:0000:ffff:0a0a:0a05\t\t10.10.10.5  \tv2\tnet1\n"
                                "n_gids_found=1\n";
        FabricSnapshot snap;
        addPasted(snap, importFragments(pod, "pod"), "pod.txt");
        auto r = diagnose(snap);
        QCOMPARE(r.ports.size(), std::size_t { 1 });
        QCOMPARE(r.ports[0].gidIndex, std::optional<int> { 6 });
        QVERIFY2(r.ports[0].reason.find("no GID below index 6 in what was read") != std::string::npos,
            r.ports[0].reason.c_str());
        // ibv_devinfo -v of an active Ethernet port with no GID (-v lists GIDs: phys_state shows it is -v), and of an
        // InfiniBand HCA.
        const std::string devinfo = "hca_id:\tmlx5_0\n\ttransport:\t\t\tInfiniBand (0)\n"
                                    "\tport:\t1\n\t\t\tstate:\t\t\tPORT_ACTIVE (4)\n"
                                    "\t\t\tphys_state:\t\tLINK_UP (5)\n"
                                    "\t\t\tlink_layer:\t\tEthernet\n\n"
                                    "hca_id:\tmlx5_2\n\ttransport:\t\t\tInfiniBand (0)\n"
                                    "\tport:\t1\n\t\t\tstate:\t\t\tPORT_ACTIVE (4)\n"
                                    "\t\t\tlink_layer:\t\tInfiniBand\n";
        FabricSnapshot snap2;
        addPasted(snap2, importFragments(devinfo, "h"), "devinfo.txt");
        auto r2 = diagnose(snap2);
        QCOMPARE(withRule(r2, "gid.empty-table").size(), std::size_t { 1 });
        QCOMPARE(withRule(r2, "gid.empty-table").front().ports, std::vector<std::string> { "h:mlx5_0/1" });
        // Without -v, ibv_devinfo lists no GIDs at all: that says nothing about the table.
        std::string brief = devinfo;
        brief.erase(brief.find("\t\t\tphys_state:"), std::string("\t\t\tphys_state:\t\tLINK_UP (5)\n").size());
        FabricSnapshot snap3;
        addPasted(snap3, importFragments(brief, "h"), "devinfo.txt");
        QVERIFY(withRule(diagnose(snap3), "gid.empty-table").empty());
        auto ib = withRule(r2, "port.not-roce");
        QCOMPARE(ib.size(), std::size_t { 1 });
        QVERIFY(ib.front().explanation.find("InfiniBand") != std::string::npos);
        QVERIFY(evidenceHas(ib.front(), "h", "InfiniBand (driver mlx5)"));
        QCOMPARE(r2.ports.size(), std::size_t { 1 });
    }

    // Issue 21: host QoS judged on one host. A fabric where every host pauses 4 while DSCP 26 lands on 3 has no
    // peer that differs; the pair rule stays silent, this one does not.
    void rocePriorityWithoutPfcOnOneHost()
    {
        HostText a;
        a.pfc = "4";
        auto r = run({ a });
        auto found = withRule(r, "qos.roce-priority-no-pfc");
        QCOMPARE(found.size(), std::size_t { 1 });
        QVERIFY(evidenceHas(found.front(), "host-a", "priority 3 (trust dscp, its DSCP map)"));
        QVERIFY(r.hasErrors());
        // rdma_cm's ToS 106 is DSCP 26 too; ToS 32 (DSCP 8 -> priority 1 by the default map) is not.
        HostText tos = a;
        tos.pfc = "3";
        tos.dscpPrio = "48:6";
        tos.tos = 32;
        auto r2 = run({ tos });
        QCOMPARE(withRule(r2, "qos.roce-priority-no-pfc").size(), std::size_t { 1 });
        QVERIFY(evidenceHas(withRule(r2, "qos.roce-priority-no-pfc").front(), "host-a", "ToS 32 = DSCP 8"));
        QVERIFY(withRule(run({ HostText {} }), "qos.roce-priority-no-pfc").empty());
        // Both hosts share the mistake: still told, once per host.
        auto b = peer();
        b.pfc = "4";
        QCOMPARE(withRule(run({ a, b }), "qos.roce-priority-no-pfc").size(), std::size_t { 2 });
        // One host differs from its peer: pfc.priority says it; no second finding for the same fault.
        auto pair = run({ a, peer() });
        QCOMPARE(withRule(pair, "pfc.priority").size(), std::size_t { 1 });
        QVERIFY(withRule(pair, "qos.roce-priority-no-pfc").empty());
    }

    void pfcOffEverywhere()
    {
        HostText a;
        a.pfc = "";
        auto r = run({ a });
        QCOMPARE(withRule(r, "pfc.off").size(), std::size_t { 1 });
        QVERIFY(withRule(r, "qos.roce-priority-no-pfc").empty());
        DiagnoseOptions lossy;
        lossy.profile = findPreset("ecn-only")->profile;
        QVERIFY(withRule(run({ a }, lossy), "pfc.off").empty());
    }

    // Issue 21: an application's log joined with the same host's GID table: the finding names both values and the
    // index to use; the same log with the right index gives none.
    void appLogGidIndexAgainstTable()
    {
        const std::string nccl = "node1:4021:4098 [0] NCCL INFO NCCL_IB_GID_INDEX set by environment to 1.\n";
        auto r = withGids(nccl);
        auto found = withRule(r, "applog.gid-link-local");
        QCOMPARE(found.size(), std::size_t { 1 });
        QVERIFY(evidenceHas(found.front(), "node1", "NCCL_IB_GID_INDEX set by environment to 1"));
        QVERIFY(evidenceHas(found.front(), "node1", "fe80:0000:0000:0000:ba59:9fff:fe1c:3a4e"));
        QVERIFY2(found.front().explanation.find("Use index 3") != std::string::npos, found.front().explanation.c_str());
        QCOMPARE(found.front().fixes.front().text, std::string("export NCCL_IB_GID_INDEX=3"));
        QCOMPARE(found.front().ports, std::vector<std::string> { "node1:mlx5_0/1" });
        auto fixed = withGids("node1:4021:4098 [0] NCCL INFO NCCL_IB_GID_INDEX set by environment to 3.\n");
        for (const auto& f : fixed.findings)
            QVERIFY2(!f.ruleId.starts_with("applog.") || f.severity == Severity::Info, f.ruleId.c_str());
        // RoCE v1, an empty entry, another VLAN's GID.
        QCOMPARE(withRule(withGids("UCX_IB_GID_INDEX=2\n"), "applog.gid-roce-v1").size(), std::size_t { 1 });
        auto empty = withRule(
            withGids("libfabric:40211:1763626502::verbs:core:fi_param_get_():372<info> read int var gid_idx=7\n"),
            "applog.gid-index-empty");
        QCOMPARE(empty.size(), std::size_t { 1 });
        QCOMPARE(empty.front().fixes.front().text, std::string("export FI_VERBS_GID_IDX=3"));
        auto vlan = withRule(withGids("UCX_IB_GID_INDEX=5\n"), "applog.gid-index-other");
        QCOMPARE(vlan.size(), std::size_t { 1 });
        QVERIFY(vlan.front().severity == Severity::Warning);
    }

    void appLogFailureSemantics()
    {
        // Retry exceeded after a link-local index: told with the GID finding that explains it.
        auto r = withGids("node1:4021:4098 [0] NCCL INFO NCCL_IB_GID_INDEX set by environment to 0.\n"
                          "node1:4021:4105 [0] transport/net_ib.cc:1295 NCCL WARN NET/IB : Got completion from peer "
                          "10.0.0.2<49152> with error 12, opcode 0, len 0, vendor err 129 (Send)\n"
                          "Failed status work request flushed error (5) for wr_id 3\n");
        auto retry = withRule(r, "applog.retry-exceeded");
        QCOMPARE(retry.size(), std::size_t { 1 });
        QVERIFY(retry.front().explanation.find("applog.gid-link-local") != std::string::npos);
        auto flushed = withRule(r, "applog.flushed");
        QCOMPARE(flushed.size(), std::size_t { 1 });
        QVERIFY(flushed.front().severity == Severity::Info);
        QVERIFY(r.hasErrors());
        // The log alone: what it proves by itself.
        FabricSnapshot alone;
        addPasted(alone,
            importFragments("gpu-b7:5120:5188 [2] NCCL INFO NET/IB : No device found.\n"
                            "ibv_modify_qp failed: Invalid argument\n"
                            "node1:4021:4098 [0] NCCL INFO NCCL_IB_GID_INDEX set by environment to 3.\n",
                "node1"),
            "log.txt");
        auto a = diagnose(alone);
        QCOMPARE(withRule(a, "applog.no-device").size(), std::size_t { 1 });
        auto qp = withRule(a, "applog.modify-qp");
        QCOMPARE(qp.size(), std::size_t { 1 });
        QVERIFY(qp.front().explanation.find("errno 22") != std::string::npos);
        auto needs = withRule(a, "applog.needs-table");
        QCOMPARE(needs.size(), std::size_t { 1 });
        QVERIFY(needs.front().severity == Severity::Info);
        // A link-local GID printed in the log needs no table.
        FabricSnapshot ll;
        addPasted(ll,
            importFragments("gpu-a1:40211:40405 [0] transport/net_ib.cc:1295 NCCL WARN NET/IB : Got completion from "
                            "peer 10.11.176.11<49152> with error 13, opcode 0, len 0, vendor err 136 (Send) localGid "
                            "fe80::268a:7ff:fe55:4660 remoteGid fe80::268a:7ff:fe55:4661\n",
                "gpu-a1"),
            "log.txt");
        auto l = diagnose(ll);
        QCOMPARE(withRule(l, "applog.rnr").size(), std::size_t { 1 });
    }

    // Real failures: UCX and libfabric runs in the Soft-RoCE lab (tests/fixtures/applog-lab, captured by
    // tests/lab/applog.sh on rdma_rxe under qemu, not a real NIC), each joined with its guest's GID table as one paste.
    void labCapturesGiveTheirFindings_data()
    {
        QTest::addColumn<QString>("capture");
        QTest::addColumn<QStringList>("rules");
        const QStringList none;
        QTest::newRow("ucx link-local") << QStringLiteral("ucx_gid_link_local.client")
                                        << QStringList { QStringLiteral("applog.gid-link-local"),
                                               QStringLiteral("applog.modify-qp") };
        QTest::newRow("ucx link-local, server") << QStringLiteral("ucx_gid_link_local.server")
                                                << QStringList { QStringLiteral("applog.peer-gid-link-local") };
        QTest::newRow("ucx empty") << QStringLiteral("ucx_gid_empty.client")
                                   << QStringList { QStringLiteral("applog.gid-index-empty") };
        QTest::newRow("ucx right") << QStringLiteral("ucx_gid_recommended.client") << none;
        QTest::newRow("libfabric link-local")
            << QStringLiteral("fi_gid_link_local.client")
            << QStringList { QStringLiteral("applog.gid-link-local"), QStringLiteral("applog.create-ah") };
        QTest::newRow("libfabric empty") << QStringLiteral("fi_gid_empty.client")
                                         << QStringList { QStringLiteral("applog.gid-index-empty") };
        QTest::newRow("libfabric right") << QStringLiteral("fi_gid_recommended.client") << none;
        QTest::newRow("udp 4791 blocked")
            << QStringLiteral("ucx_udp4791_blocked.client") << QStringList { QStringLiteral("applog.retry-exceeded") };
    }

    void labCapturesGiveTheirFindings()
    {
        QFETCH(QString, capture);
        QFETCH(QStringList, rules);
        const std::string name = capture.toStdString();
        const std::string host = name.ends_with(".server") ? "lab-a" : "lab-b";
        const std::string log = fixture("applog-lab/" + name + ".log");
        std::string paste = "=== " + host
            + " ===\n$ grep . /sys/class/infiniband/rxe0/ports/1/gids/[0-7] "
              "/sys/class/infiniband/rxe0/ports/1/gid_attrs/types/[0-7] "
              "/sys/class/infiniband/rxe0/ports/1/gid_attrs/ndevs/[0-7]\n";
        const std::string table = fixture("applog-lab/" + host + ".gids.txt");
        paste += table.substr(table.find('\n') + 1);
        // The header's "# $ ENV... COMMAND -- ..." is the command as typed: a prompt line in the paste.
        paste += log.substr(2, log.find(" -- ") - 2) + "\n" + log.substr(log.find('\n') + 1);
        FabricSnapshot snap;
        addPasted(snap, importFragments(paste, "pasted"), name + ".txt");
        auto r = diagnose(snap);
        QCOMPARE(r.ports.size(), std::size_t { 1 });
        QCOMPARE(r.ports.front().gidIndex, std::optional<int> { 1 });
        QStringList errors;
        for (const auto& f : r.findings)
            if (f.ruleId.starts_with("applog.") && f.severity == Severity::Error)
                errors << QString::fromStdString(f.ruleId);
        for (const auto& rule : rules)
            QVERIFY2(errors.contains(rule), qPrintable(errors.join(QStringLiteral(", "))));
        if (rules.isEmpty())
            QVERIFY2(errors.isEmpty(), qPrintable(errors.join(QStringLiteral(", "))));
    }

    void appLogTrafficClassAgainstPfc()
    {
        HostText a;
        a.pfc = "3";
        a.extra = "node:1:2 [0] NCCL INFO NCCL_IB_TC set by environment to 136.\n"; // DSCP 34 -> priority 4
        auto r = run({ a });
        auto found = withRule(r, "applog.traffic-class");
        QCOMPARE(found.size(), std::size_t { 1 });
        QVERIFY(found.front().explanation.find("DSCP 34") != std::string::npos);
        HostText b;
        b.extra = "node:1:2 [0] NCCL INFO NCCL_IB_TC set by environment to 106.\n"; // DSCP 26 -> 3: paused
        QVERIFY(withRule(run({ b }), "applog.traffic-class").empty());
    }

    void jsonReport()
    {
        auto b = peer();
        b.pfc = "4";
        auto r = run({ HostText {}, b });
        auto json = reportToJson(r);
        QVERIFY(json.find("\"rule\": \"pfc.priority\"") != std::string::npos);
        QVERIFY(json.find("\"errors\": true") != std::string::npos);
        QVERIFY(json.find("\"missing_data\"") != std::string::npos);
        auto text = reportToText(r);
        QVERIFY(text.find("[error] pfc.priority (M5)") != std::string::npos);
    }
};

QTEST_GUILESS_MAIN(TstDiagnose)
#include "tst_diagnose.moc"

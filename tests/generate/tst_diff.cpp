// SPDX-License-Identifier: GPL-3.0-or-later
// diffTarget: the plan's settings against discovered facts (fixture sysfs trees plus hand-made DCB state).
#include "discovery/discover.h"
#include "generate/diff.h"
#include "generate/plan.h"
#include "generate/targets.h"
#include "profile/profile.h"

#include "testutil.h"

#include <algorithm>

using namespace rp;

namespace {

HostFacts discover(const char* tree)
{
    auto facts = discoverTree(std::string(RP_FIXTURES_DIR) + "/sysfs/" + tree, {});
    if (!facts)
        qFatal("discoverTree(%s): %s", tree, facts.error().describe().c_str());
    return *facts;
}

Profile preset(const char* id)
{
    auto p = findPreset(id);
    if (!p)
        qFatal("no preset %s", id);
    return p->profile;
}

PlanTarget hostTarget(const Profile& profile, const HostFacts& facts, HostKind kind = HostKind::LinuxGeneric,
    const std::string& name = "node-a", DcbControl dcb = DcbControl::Auto)
{
    HostSpec spec;
    spec.name = name;
    spec.kind = kind;
    spec.dcb = dcb;
    PlanInventory inv;
    inv.hosts.push_back(planHostFromFacts(spec, facts));
    auto plan = generatePlan(profile, inv, { { name, facts } });
    if (!plan)
        qFatal("generatePlan: %s", plan.error().describe().c_str());
    return plan->targets.front();
}

Netdev& netdev(HostFacts& f, const std::string& name)
{
    auto it = std::ranges::find(f.netdevs, name, &Netdev::name);
    if (it == f.netdevs.end())
        qFatal("no netdev %s", name.c_str());
    return *it;
}

/// The row for `key` on `itf`; a failing test names what is missing.
SettingDiff row(const std::vector<SettingDiff>& rows, const std::string& itf, const std::string& key)
{
    for (const auto& d : rows) {
        if (d.interface == itf && d.key == key)
            return d;
    }
    qWarning("no diff row %s %s", itf.c_str(), key.c_str());
    return { itf, key, "<missing>", "<missing>", DiffStatus::Unknown, "<missing row>" };
}

/// DCB state as `dcb -j` reports a host set up like the lossless-dscp preset, except where a test changes it.
DcbInfo losslessDcb()
{
    DcbInfo dcb;
    dcb.source = "dcb";
    dcb.pfcEnabled = std::array<bool, 8> { false, false, false, true, false, false, false, false };
    dcb.prioToTc = std::array<int, 8> { 0, 0, 0, 3, 0, 0, 6, 0 };
    dcb.tcBandwidth = std::array<int, 8> { 50, 0, 0, 50, 0, 0, 0, 0 };
    dcb.tcTsa = std::array<std::string, 8> { "ets", "ets", "ets", "ets", "ets", "ets", "strict", "ets" };
    dcb.trust = "dscp";
    dcb.dscpToPrio = { { 26, 3 }, { 48, 6 } };
    dcb.willing = false;
    return dcb;
}

} // namespace

class TestDiff final : public QObject
{
    Q_OBJECT

private slots:
    void recordedTreeMtuAndUnknownDcb()
    {
        const HostFacts facts = discover("mlx5-dual");
        const PlanTarget t = hostTarget(preset("lossless-dscp"), facts);
        QCOMPARE(targetInterfaces(t), (std::vector<std::string> { "ens1f0np0", "ens1f1np1" }));
        const auto rows = diffTarget(t, facts);
        QVERIFY(!rows.empty());

        // ens1f0np0 is at 9000 already; ens1f1np1 is at 1500.
        auto mtu0 = row(rows, "ens1f0np0", "mtu");
        QCOMPARE(str(mtu0.status), str(DiffStatus::Match));
        QCOMPARE(mtu0.current, std::string("9000"));
        auto mtu1 = row(rows, "ens1f1np1", "mtu");
        QCOMPARE(str(mtu1.status), str(DiffStatus::Change));
        QCOMPARE(mtu1.current, std::string("1500"));
        QCOMPARE(mtu1.wanted, std::string("9000"));

        // A recorded tree has no DCB: Unknown with the reason, never a guessed default.
        for (const char* key : { "pfc", "trust", "ets", "tc:3", "dscp:26", "dscp:48" }) {
            auto d = row(rows, "ens1f0np0", key);
            QCOMPARE(str(d.status), str(DiffStatus::Unknown));
            QVERIFY2(d.current.empty(), key);
            QVERIFY2(d.reason.find("not recorded in this sysfs tree") != std::string::npos, d.reason.c_str());
        }
        auto tos = row(rows, "ens1f0np0", "rdma_cm.tos");
        QCOMPARE(str(tos.status), str(DiffStatus::Unknown));
        QCOMPARE(tos.wanted, std::string("104"));
        QVERIFY(tos.reason.find("rdma_cm") != std::string::npos);

        // Every row names its interface, and the filter keeps one interface only.
        const auto only = diffTarget(t, facts, std::string("ens1f1np1"));
        QVERIFY(!only.empty());
        QVERIFY(std::ranges::all_of(only, [](const SettingDiff& d) { return d.interface == "ens1f1np1"; }));
        QCOMPARE(only.size(),
            static_cast<std::size_t>(std::ranges::count(rows, std::string("ens1f1np1"), &SettingDiff::interface)));
        QVERIFY(diffTarget(t, facts, std::string("eth9")).empty());
    }

    void handMadeDcbMatchAndChange()
    {
        HostFacts facts = discover("mlx5-dual");
        DcbInfo dcb = losslessDcb();
        dcb.trust = "pcp"; // the host trusts PCP today
        dcb.dscpToPrio = { { 26, 3 }, { 48, 0 } }; // and sends CNP DSCP 48 to priority 0
        netdev(facts, "ens1f0np0").dcb = dcb;
        const PlanTarget t = hostTarget(preset("lossless-dscp"), facts);
        const auto rows = diffTarget(t, facts, std::string("ens1f0np0"));

        QCOMPARE(str(row(rows, "ens1f0np0", "pfc").status), str(DiffStatus::Match));
        QCOMPARE(row(rows, "ens1f0np0", "pfc").current, std::string("3"));
        auto trust = row(rows, "ens1f0np0", "trust");
        QCOMPARE(str(trust.status), str(DiffStatus::Change));
        QCOMPARE(trust.current, std::string("pcp"));
        QCOMPARE(trust.wanted, std::string("dscp"));
        QCOMPARE(str(row(rows, "ens1f0np0", "dscp:26").status), str(DiffStatus::Match));
        auto cnp = row(rows, "ens1f0np0", "dscp:48");
        QCOMPARE(str(cnp.status), str(DiffStatus::Change));
        QCOMPARE(cnp.current, std::string("0"));
        QCOMPARE(cnp.wanted, std::string("6"));
        auto ets = row(rows, "ens1f0np0", "ets");
        QCOMPARE(str(ets.status), str(DiffStatus::Match));
        QCOMPARE(ets.current, std::string("0:50 3:50 6:strict"));
        for (int prio = 0; prio < 8; ++prio)
            QCOMPARE(str(row(rows, "ens1f0np0", "tc:" + std::to_string(prio)).status), str(DiffStatus::Match));
    }

    void handMadeDcbPartialAndUnavailable()
    {
        HostFacts facts = discover("mlx5-dual");
        DcbInfo partial;
        partial.source = "lldptool";
        partial.pfcEnabled = std::array<bool, 8> {}; // PFC off everywhere; nothing else told
        netdev(facts, "ens1f0np0").dcb = partial;
        DcbInfo none;
        none.unavailable = "not available on this driver (dcb: Operation not supported)";
        netdev(facts, "ens1f1np1").dcb = none;
        // By default a driver that refused DCB gets no DCB steps, and the plan says why.
        const PlanTarget automatic = hostTarget(preset("lossless-dscp"), facts);
        for (const auto& d : diffTarget(automatic, facts))
            QVERIFY2(!(d.interface == "ens1f1np1" && d.key == "pfc"), "a DCB step for a driver without DCB");
        bool said = false;
        for (const auto& line : automatic.header)
            said = said || line.find("No DCB steps for ens1f1np1") != std::string::npos;
        QVERIFY(said);
        // dcb: apply generates them anyway; what the host could not tell stays Unknown.
        const PlanTarget t
            = hostTarget(preset("lossless-dscp"), facts, HostKind::LinuxGeneric, "node-a", DcbControl::Apply);
        const auto rows = diffTarget(t, facts);

        auto pfc = row(rows, "ens1f0np0", "pfc");
        QCOMPARE(str(pfc.status), str(DiffStatus::Change));
        QCOMPARE(pfc.current, std::string(""));
        QCOMPARE(pfc.wanted, std::string("3"));
        auto trust = row(rows, "ens1f0np0", "trust");
        QCOMPARE(str(trust.status), str(DiffStatus::Unknown));
        QVERIFY2(trust.reason.find("not reported by lldptool") != std::string::npos, trust.reason.c_str());
        auto ets = row(rows, "ens1f0np0", "ets");
        QCOMPARE(str(ets.status), str(DiffStatus::Unknown));
        // A map the host never told is Unknown; it is not "DSCP 26 unmapped".
        QCOMPARE(str(row(rows, "ens1f0np0", "dscp:26").status), str(DiffStatus::Unknown));

        for (const char* key : { "pfc", "trust", "ets", "dscp:26" }) {
            auto d = row(rows, "ens1f1np1", key);
            QCOMPARE(str(d.status), str(DiffStatus::Unknown));
            QVERIFY2(d.reason.find("not available on this driver") != std::string::npos, d.reason.c_str());
        }

        // A map that was read but lacks the DSCP: a change from "not mapped".
        DcbInfo mapped = losslessDcb();
        mapped.dscpToPrio = { { 0, 0 }, { 26, 3 } };
        netdev(facts, "ens1f0np0").dcb = mapped;
        auto cnp = row(diffTarget(t, facts), "ens1f0np0", "dscp:48");
        QCOMPARE(str(cnp.status), str(DiffStatus::Change));
        QVERIFY(cnp.current.empty());
        QVERIFY2(cnp.reason.find("not in the DSCP map") != std::string::npos, cnp.reason.c_str());
    }

    void vlanEgressMap()
    {
        // mlx5-dual has ens1f0np0.5 with every priority leaving as PCP 3.
        HostFacts facts = discover("mlx5-dual");
        Profile p = preset("lossless-pcp-vlan");
        p.vlan = 5;
        auto rows = diffTarget(hostTarget(p, facts), facts);
        QCOMPARE(str(row(rows, "ens1f0np0", "vlan").status), str(DiffStatus::Match));
        auto egress = row(rows, "ens1f0np0", "pcp.egress");
        QCOMPARE(str(egress.status), str(DiffStatus::Match));
        QCOMPARE(egress.current, std::string("3"));
        QCOMPARE(egress.reason, std::string("ens1f0np0.5"));
        // ens1f1np1 has no VLAN: the plan creates it.
        auto missing = row(rows, "ens1f1np1", "vlan");
        QCOMPARE(str(missing.status), str(DiffStatus::Change));
        QVERIFY(missing.current.empty());
        QCOMPARE(str(row(rows, "ens1f1np1", "pcp.egress").status), str(DiffStatus::Change));

        // VLAN 2 (the preset's) is not there; the reason names the VLAN that is.
        rows = diffTarget(hostTarget(preset("lossless-pcp-vlan"), facts), facts);
        auto vlan2 = row(rows, "ens1f0np0", "vlan");
        QCOMPARE(str(vlan2.status), str(DiffStatus::Change));
        QVERIFY2(vlan2.reason.find("VLANs there: 5") != std::string::npos, vlan2.reason.c_str());

        // rxe-lab-a: vethA.2 maps only skb priority 0 to PCP 3, the rest leave as PCP 0.
        const HostFacts lab = discover("rxe-lab-a");
        rows = diffTarget(hostTarget(preset("lossless-pcp-vlan"), lab), lab);
        QCOMPARE(str(row(rows, "vethA", "vlan").status), str(DiffStatus::Match));
        auto labEgress = row(rows, "vethA", "pcp.egress");
        QCOMPARE(str(labEgress.status), str(DiffStatus::Change));
        QCOMPARE(labEgress.current, std::string("0:3 1:0 2:0 3:0 4:0 5:0 6:0 7:0"));
        QCOMPARE(labEgress.wanted, std::string("3"));
        QCOMPARE(str(row(rows, "vethA", "mtu").status), str(DiffStatus::Change));

        // A VLAN whose map was never read is Unknown, not "all zero".
        HostFacts unread = lab;
        netdev(unread, "vethA.2").egressQos.clear();
        rows = diffTarget(hostTarget(preset("lossless-pcp-vlan"), unread), unread);
        QCOMPARE(str(row(rows, "vethA", "pcp.egress").status), str(DiffStatus::Unknown));
    }

    void bondReadsItsPorts()
    {
        HostFacts facts = discover("bond");
        const PlanTarget t = hostTarget(preset("lossless-dscp"), facts);
        QCOMPARE(targetInterfaces(t), std::vector<std::string> { "bond0" });
        netdev(facts, "ens2f0np0").dcb = losslessDcb();
        netdev(facts, "ens2f1np1").dcb = losslessDcb();
        auto rows = diffTarget(t, facts);
        auto pfc = row(rows, "bond0", "pfc");
        QCOMPARE(str(pfc.status), str(DiffStatus::Match));
        QVERIFY2(pfc.reason.find("ens2f0np0, ens2f1np1") != std::string::npos, pfc.reason.c_str());

        DcbInfo other = losslessDcb();
        other.pfcEnabled = std::array<bool, 8> {};
        netdev(facts, "ens2f1np1").dcb = other;
        pfc = row(diffTarget(t, facts), "bond0", "pfc");
        QCOMPARE(str(pfc.status), str(DiffStatus::Change));
        QVERIFY2(pfc.reason.find("differ") != std::string::npos, pfc.reason.c_str());

        netdev(facts, "ens2f1np1").dcb = DcbInfo {};
        QCOMPARE(str(row(diffTarget(t, facts), "bond0", "pfc").status), str(DiffStatus::Unknown));
    }

    void nvidiaCnpAndMissingNetdev()
    {
        HostFacts facts = discover("mlx5-dual");
        const PlanTarget t = hostTarget(preset("lossless-dscp"), facts, HostKind::LinuxNvidia);
        auto rows = diffTarget(t, facts);
        auto cnp = row(rows, "ens1f0np0", "cnp.priority");
        QCOMPARE(str(cnp.status), str(DiffStatus::Unknown));
        QVERIFY2(cnp.reason.find("ecn/roce_np") != std::string::npos, cnp.reason.c_str());

        // Facts from another host (or a netdev gone since discovery): Unknown, with the name.
        const HostFacts other = discover("rxe-lab-a");
        rows = diffTarget(t, other);
        QVERIFY(!rows.empty());
        for (const auto& d : rows) {
            QCOMPARE(str(d.status), str(DiffStatus::Unknown));
            QVERIFY2(d.reason.find("did not report the interface") != std::string::npos, d.reason.c_str());
        }
    }

    void switchAndWindowsAreUnknown()
    {
        const HostFacts facts = discover("mlx5-dual");
        PlanInventory inv;
        PlanHost win;
        win.name = "win-1";
        win.kind = HostKind::Windows;
        win.interfaces = { { "SLOT 2 Port 1", {}, 1 } };
        inv.hosts.push_back(win);
        inv.switches.push_back({ "leaf-1", SwitchVendor::Eos, { "Ethernet1" }, { "Ethernet49/1" } });
        auto plan = generatePlan(preset("lossless-dscp"), inv);
        QVERIFY2(plan, plan ? "" : plan.error().describe().c_str());
        for (const auto& t : plan->targets) {
            const auto rows = diffTarget(t, facts);
            QVERIFY2(!rows.empty(), t.name.c_str());
            QCOMPARE(rows.size(), t.effective().size());
            for (const auto& d : rows) {
                QCOMPARE(str(d.status), str(DiffStatus::Unknown));
                QVERIFY(!d.reason.empty());
            }
        }
    }
};

QTEST_GUILESS_MAIN(TestDiff)
#include "tst_diff.moc"

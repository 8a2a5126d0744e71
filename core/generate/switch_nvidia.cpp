// SPDX-License-Identifier: GPL-3.0-or-later
// NVIDIA switches: Cumulus Linux (NVUE `nv set qos roce`) and Onyx (`roce`). Both have a one-command RoCE
// profile whose defaults are the lossless-dscp preset; RoCE Pilot emits only the documented override commands
// for what differs and names the rest as uncertain (field guide §3.1, §3.2).
#include "generate/generators.h"

namespace rp::gen {
namespace {

/// The values `nv set qos roce` / Onyx `roce` configure (field guide §3.1/§3.2).
bool roceDefaults(const Profile& p, std::vector<std::string>& differences)
{
    if (p.trust != TrustMode::Dscp)
        differences.push_back("trust pcp (the RoCE mode trusts DSCP)");
    if (p.rocePriority != 3 || p.roceDscp != 26)
        differences.push_back("RoCE DSCP/priority " + n(p.roceDscp) + "/" + n(p.rocePriority) + " (default 26/3)");
    if (p.cnpPriority != 6 || p.cnpDscp != 48 || !p.cnpStrict)
        differences.push_back("CNP DSCP/priority " + n(p.cnpDscp) + "/" + n(p.cnpPriority)
            + (p.cnpStrict ? "" : " not strict") + " (default 48/6 strict)");
    std::array<int, 8> tc { 0, 0, 0, 3, 0, 0, 6, 0 };
    std::array<int, 8> bw { 50, 0, 0, 50, 0, 0, 0, 0 };
    if (p.prioToTc != tc || p.tcBandwidth != bw || p.strictTcs != std::vector<int> { 6 })
        differences.push_back("ETS " + etsSummary(p) + " (default 0:50 3:50 6:strict)");
    if (p.ecn.enabled && (p.ecn.minKb != 150 || p.ecn.maxKb != 1500))
        differences.push_back("ECN thresholds " + n(p.ecn.minKb) + "/" + n(p.ecn.maxKb) + " KB (default 150/1500)");
    if (!p.ecn.enabled)
        differences.push_back("ECN off (the RoCE mode marks ECN)");
    if (p.mode == FlowMode::Lossless && pfcSorted(p) != std::vector<int> { p.rocePriority })
        differences.push_back("PFC on " + joinInts(pfcSorted(p)) + " (the RoCE mode makes one priority lossless)");
    if (p.heartbeat)
        differences.push_back("heartbeat class on priority " + n(p.heartbeat->priority));
    return differences.empty();
}

void classSets(const Profile& p, std::vector<Setting>& sets, bool trustBoth)
{
    if (p.trust == TrustMode::Dscp) {
        for (const auto& [dscp, prio] : dscpMap(p))
            sets.push_back({ "dscp-tc:" + n(dscp), n(p.tcOf(prio)) });
    } else {
        for (int prio = 0; prio < 8; ++prio)
            sets.push_back({ "pcp-tc:" + n(prio), n(p.tcOf(prio)) });
    }
    // Cumulus and Onyx are given "trust both" for PCP profiles: PCP and DSCP are both honoured.
    sets.push_back({ "trust", p.trust == TrustMode::Pcp && trustBoth ? "both" : toString(p.trust) });
    sets.push_back({ "cnp.tc", n(p.tcOf(p.cnpPriority)) });
    sets.push_back({ "pfc", joinInts(pfcSorted(p)) });
    sets.push_back({ "ets", etsSummary(p) });
}

} // namespace

PlanTarget generateCumulus(const Profile& p, const SwitchSpec& sw)
{
    auto t = switchTarget(p, sw, "#");
    t.header.push_back("NVUE stages every 'nv set'; nothing changes until the apply step. RoCE QoS is global on "
                       "Cumulus: it covers every port, so switch_ports cannot narrow it.");
    t.header.push_back("Source: Cumulus Linux 5.14 user guide, RDMA over Converged Ethernet (field guide §3.1). RoCE "
                       "QoS behaviour is ASIC-specific.");
    std::vector<std::string> diff;
    roceDefaults(p, diff);
    const std::string mode = p.mode == FlowMode::Lossless ? "lossless" : "lossy";
    std::vector<Setting> sets;
    // What the RoCE mode sets, then the overrides below replace parts of it.
    Profile defaults;
    defaults.mode = p.mode;
    defaults.pfcPriorities = p.mode == FlowMode::Lossless ? std::vector<int> { 3 } : std::vector<int> {};
    classSets(defaults, sets, true);
    t.steps.push_back(cliStep(t.name, "qos-roce",
        "RoCE QoS in " + mode + " mode (trust DSCP, 26 -> SP3, CNP 48 -> SP6 strict, ETS 50/50, ECN)",
        "nv set qos roce mode " + mode + "\n", "nv show qos roce", mode, "nv unset qos roce\n", sets,
        { "also advertises the LLDP Application TLV for UDP 4791 on priority 3 and puts SP3 in the lossless "
          "buffer pool" }));
    if (!diff.empty()) {
        std::string text;
        std::vector<Setting> over;
        std::string undo;
        if (p.mode == FlowMode::Lossless && p.rocePriority != 3) {
            text += "nv set qos pfc default-global switch-priority " + n(p.rocePriority) + "\n";
            undo += "nv unset qos pfc default-global switch-priority " + n(p.rocePriority) + "\n";
        }
        for (int prio = 0; prio < 8; ++prio) {
            if (p.tcOf(prio) != defaults.tcOf(prio) || p.rocePriority != 3) {
                text += "nv set qos egress-queue-mapping default-global switch-priority " + n(prio) + " traffic-class "
                    + n(p.tcOf(prio)) + "\n";
                undo += "nv unset qos egress-queue-mapping default-global switch-priority " + n(prio) + "\n";
            }
        }
        if (p.trust == TrustMode::Pcp) {
            text += "nv set qos mapping default-global trust both\n";
            undo += "nv unset qos mapping default-global trust\n";
        }
        if (p.trust == TrustMode::Dscp) {
            for (const auto& [dscp, prio] : dscpMap(p)) {
                if ((dscp == 26 && prio == 3) || (dscp == 48 && prio == 6))
                    continue;
                text += "nv set qos mapping default-global dscp " + n(dscp) + " switch-priority " + n(prio) + "\n";
                undo += "nv unset qos mapping default-global dscp " + n(dscp) + "\n";
            }
        }
        classSets(p, over, true);
        if (!text.empty())
            t.steps.push_back(cliStep(t.name, "qos-overrides", "Overrides of the RoCE defaults for this profile", text,
                "nv show qos roce", "", undo, over,
                { "forms as in the Cumulus guide's 'change the lossless priority' example" }));
        for (const auto& d : diff)
            t.header.push_back("differs from the NVUE RoCE defaults: " + d);
        t.header.push_back("UNCERTAIN: the NVUE forms for ETS percentages, ECN thresholds, a PCP-only trust value and "
                           "several lossless priorities are not in the field guide; where the profile differs there, "
                           "set it by hand and check 'nv show qos roce'.");
    }
    if (p.losslessBufferPercent && p.mode == FlowMode::Lossless) {
        t.steps.push_back(cliStep(t.name, "buffer", "Lossless buffer pool " + n(*p.losslessBufferPercent) + " %",
            "nv set qos traffic-pool roce-lossless memory-percent " + n(*p.losslessBufferPercent)
                + "\nnv set qos traffic-pool default-lossy memory-percent " + n(100 - *p.losslessBufferPercent) + "\n",
            "nv show qos roce", "",
            "nv unset qos traffic-pool roce-lossless\nnv unset qos traffic-pool default-lossy\n"));
    }
    std::string mtu, mtuUndo;
    for (const auto& port : allPorts(sw)) {
        mtu += "nv set interface " + port + " mtu " + n(p.switchMtu) + "\n";
        mtuUndo += "nv unset interface " + port + " mtu\n";
    }
    t.steps.push_back(cliStep(t.name, "mtu", "MTU " + n(p.switchMtu) + " on every port", mtu,
        "nv show interface " + allPorts(sw).front(), "mtu " + n(p.switchMtu), mtuUndo, { { "mtu", n(p.switchMtu) } }));
    if (p.pfcWatchdog && p.mode == FlowMode::Lossless)
        t.header.push_back("UNCERTAIN: no PFC watchdog command for NVUE is in the field guide; watch "
                           "'nv show interface swpN qos roce counters' for pause storms.");
    auto apply = cliStep(t.name, "apply", "Apply the staged configuration", "nv config apply\n", "nv show qos roce",
        mode, "nv config apply\n");
    apply.undo.note = "after the undo commands of the steps above, apply again";
    t.steps.push_back(apply);
    t.steps.push_back(saveStep(t.name, "nv config save\n", "NVUE: saves the applied configuration as startup"));
    return t;
}

PlanTarget generateOnyx(const Profile& p, const SwitchSpec& sw)
{
    auto t = switchTarget(p, sw, "##");
    t.header.push_back("Source: NVIDIA Onyx 'RoCE Commands' (field guide §3.2) and the Demartek guide for the "
                       "PFC/VLAN commands. Changing the RoCE mode may toggle interfaces: use a maintenance window.");
    t.header.push_back("Ports are written as Onyx numbers (1/1) after 'interface ethernet'.");
    std::vector<std::string> diff;
    roceDefaults(p, diff);
    const std::string mode = p.mode == FlowMode::Lossless ? "lossless" : "lossy";
    std::vector<Setting> sets;
    classSets(p, sets, false);
    if (p.trust == TrustMode::Dscp) {
        t.steps.push_back(
            cliStep(t.name, "roce", "RoCE " + mode + " (trust L3, PFC 3, CNP TC6 strict, ECN 150/1500 KB)",
                "roce " + mode + "\n", "show roce", mode, "no roce\n", sets,
                { p.mode == FlowMode::EcnOnly ? "lossy: ECN without PFC (Onyx 'semi-lossless' is a different mode)"
                                              : "also advertises the Application TLV" }));
    } else {
        // PCP trust: the Demartek guide's commands (PFC on the priority, per port, VLAN on each port).
        std::string text, undo;
        if (p.mode == FlowMode::Lossless) {
            text += "dcb priority-flow-control enable force\n";
            for (int prio : pfcSorted(p))
                text += "dcb priority-flow-control priority " + n(prio) + " enable\n";
            for (const auto& port : qosPorts(p, sw))
                text += "interface ethernet " + port + " dcb priority-flow-control mode on force\n";
            for (const auto& port : qosPorts(p, sw))
                undo += "no interface ethernet " + port + " dcb priority-flow-control mode\n";
            for (int prio : pfcSorted(p))
                undo += "no dcb priority-flow-control priority " + n(prio) + " enable\n";
            undo += "no dcb priority-flow-control enable\n";
        }
        if (p.mode == FlowMode::EcnOnly)
            text = "no dcb priority-flow-control enable\n"; // ECN only: PFC stays off everywhere
        t.steps.push_back(cliStep(t.name, "pfc",
            p.mode == FlowMode::EcnOnly ? std::string("PFC off (ECN only, PCP trust)")
                                        : "PFC on priority " + joinInts(pfcSorted(p)) + " (PCP trust)",
            text, "show dcb priority-flow-control", "", undo, sets,
            { "UNCERTAIN: the Onyx command for L2 (PCP) trust is not in the sources; Onyx trusts PCP unless 'roce' "
              "or a trust command changed it: check 'show qos interface ethernet 1/1'" }));
        if (p.vlan) {
            std::string v = "vlan " + n(*p.vlan) + "\nexit\n", vu;
            for (const auto& port : allPorts(sw)) {
                v += "interface ethernet " + port + " switchport trunk allowed-vlan " + n(*p.vlan) + "\n";
                vu += "interface ethernet " + port + " switchport trunk allowed-vlan remove " + n(*p.vlan) + "\n";
            }
            vu += "no vlan " + n(*p.vlan) + "\n";
            t.steps.push_back(cliStep(t.name, "vlan", "VLAN " + n(*p.vlan) + " on every port", v,
                "show vlan id " + n(*p.vlan), "", vu, { { "vlan", n(*p.vlan) } },
                { "the Demartek guide sets the allowed VLAN to exactly this one; add your other VLANs back" }));
        }
    }
    for (const auto& d : diff)
        t.header.push_back("differs from the Onyx RoCE defaults: " + d);
    if (!diff.empty())
        t.header.push_back("UNCERTAIN: the Onyx commands that change the RoCE mode's priorities, maps, ETS and ECN are "
                           "not in the field guide; set what differs by hand and compare with 'show roce'.");
    std::string mtu, mtuUndo;
    for (const auto& port : allPorts(sw)) {
        mtu += "interface ethernet " + port + " mtu " + n(p.switchMtu) + " force\n";
        mtuUndo += "interface ethernet " + port + " no mtu force\n";
    }
    t.steps.push_back(cliStep(t.name, "mtu", "MTU " + n(p.switchMtu) + " on every port", mtu,
        "show interfaces ethernet " + allPorts(sw).front(), "MTU", mtuUndo, { { "mtu", n(p.switchMtu) } }));
    if (p.pfcWatchdog && p.mode == FlowMode::Lossless)
        t.header.push_back("UNCERTAIN: no Onyx PFC watchdog command is in the sources; none is generated.");
    if (p.cableLengthM)
        t.header.push_back("Buffers: the Demartek guide sizes ingress/egress buffers per port by hand (ingress-buffer "
                           "iPort.pg3 ...); the RoCE mode does it for you. Cable length is not used here.");
    t.steps.push_back(saveStep(t.name, "configuration write\n", "Onyx: writes the active configuration file"));
    return t;
}

} // namespace rp::gen

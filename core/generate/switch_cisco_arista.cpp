// SPDX-License-Identifier: GPL-3.0-or-later
// Arista EOS (qos profile + DSCP/COS maps; field guide §3.4) and Cisco NX-OS (MQC class/policy maps, 8q
// templates; field guide §3.3).
#include "generate/generators.h"

#include <algorithm>

namespace rp::gen {
namespace {

void classSets(const Profile& p, std::vector<Setting>& sets)
{
    if (p.trust == TrustMode::Dscp) {
        for (const auto& [dscp, prio] : dscpMap(p))
            sets.push_back({ "dscp-tc:" + n(dscp), n(p.tcOf(prio)) });
    } else {
        for (int prio = 0; prio < 8; ++prio)
            sets.push_back({ "pcp-tc:" + n(prio), n(p.tcOf(prio)) });
    }
    sets.push_back({ "trust", toString(p.trust) });
    sets.push_back({ "cnp.tc", n(p.tcOf(p.cnpPriority)) });
}

std::string ecnKb(const Profile& p, const std::string& probWord)
{
    return "minimum-threshold " + n(p.ecn.minKb) + " kbytes maximum-threshold " + n(p.ecn.maxKb) + " kbytes " + probWord
        + " " + n(p.ecn.probability) + " weight 0";
}

} // namespace

PlanTarget generateEos(const Profile& p, const SwitchSpec& sw)
{
    auto t = switchTarget(p, sw, "!");
    t.header.push_back("Source: the Arista 7388 example in ROCm gpu-cluster-networking and the AVD templates "
                       "(field guide §3.4), not Arista's own manual.");
    t.header.push_back("UNCERTAIN: 'bandwidth percent' under uc-tx-queue is not confirmed for every platform, and on "
                       "platforms whose tx-queues default to strict priority each ETS queue also needs 'no priority'. "
                       "The kbytes unit of the ECN thresholds follows the AVD template's '<n> <units>' form.");
    const int mtu = std::min(p.switchMtu, 9214);
    if (mtu != p.switchMtu)
        t.header.push_back("EOS accepts at most MTU 9214: the ports get 9214 instead of " + n(p.switchMtu) + ".");
    std::string maps, mapsUndo;
    std::vector<Setting> sets;
    if (p.trust == TrustMode::Dscp) {
        for (const auto& [dscp, prio] : dscpMap(p)) {
            maps += "qos map dscp " + n(dscp) + " to traffic-class " + n(p.tcOf(prio)) + "\n";
            mapsUndo += "no qos map dscp " + n(dscp) + " to traffic-class " + n(p.tcOf(prio)) + "\n";
        }
    } else {
        for (int prio = 0; prio < 8; ++prio) {
            maps += "qos map cos " + n(prio) + " to traffic-class " + n(p.tcOf(prio)) + "\n";
            mapsUndo += "no qos map cos " + n(prio) + " to traffic-class " + n(p.tcOf(prio)) + "\n";
        }
    }
    classSets(p, sets);
    t.steps.push_back(cliStep(t.name, "maps",
        std::string("Ingress ") + (p.trust == TrustMode::Dscp ? "DSCP" : "COS") + " -> traffic-class map", maps,
        "show qos maps", p.trust == TrustMode::Dscp ? n(p.roceDscp) : n(p.rocePriority), mapsUndo, sets,
        { "set explicitly: the example this follows relied on the default DSCP -> TC map, which was not checked" }));

    std::string prof
        = "qos profile ROCEPILOT\n   qos trust " + std::string(p.trust == TrustMode::Dscp ? "dscp" : "cos") + "\n";
    if (p.mode == FlowMode::Lossless) {
        prof += "   priority-flow-control on\n";
        for (int prio : pfcSorted(p))
            prof += "   priority-flow-control priority " + n(prio) + " no-drop\n";
        if (p.pfcWatchdog)
            prof += "   priority-flow-control pause watchdog\n";
    }
    for (int tc : usedTcs(p)) {
        prof += "   uc-tx-queue " + n(tc) + "\n";
        if (p.strictTc(tc)) {
            prof += "      priority strict\n";
            continue;
        }
        prof += "      bandwidth percent " + n(p.tcBandwidth[static_cast<std::size_t>(tc)]) + "\n";
        if (p.ecn.enabled && tc == p.tcOf(p.rocePriority))
            prof += "      random-detect ecn " + ecnKb(p, "max-mark-probability") + "\n";
    }
    std::vector<Setting> profSets = { { "pfc", joinInts(pfcSorted(p)) }, { "ets", etsSummary(p) } };
    if (p.mode == FlowMode::Lossless && p.pfcWatchdog)
        profSets.push_back({ "pfc.watchdog", "on" });
    t.steps.push_back(cliStep(t.name, "profile", "QoS profile ROCEPILOT: trust, PFC, ETS, ECN", prof,
        "show qos profile ROCEPILOT", "no-drop", "no qos profile ROCEPILOT\n", profSets));

    std::string itf, itfUndo;
    const auto qosList = qosPorts(p, sw);
    for (const auto& port : allPorts(sw)) {
        bool qos = std::find(qosList.begin(), qosList.end(), port) != qosList.end();
        itf += "interface " + port + "\n   mtu " + n(mtu) + "\n";
        itfUndo += "interface " + port + "\n   no mtu\n";
        if (qos) {
            itf += "   service-profile ROCEPILOT\n";
            itfUndo += "   no service-profile ROCEPILOT\n";
        }
        if (qos && isHostPort(sw, port)) {
            itf += "   dcbx mode ieee\n";
            itfUndo += "   no dcbx mode\n";
        }
    }
    t.steps.push_back(
        cliStep(t.name, "interfaces", "Ports: MTU " + n(mtu) + ", the QoS profile, DCBX IEEE towards hosts", itf,
            "show priority-flow-control\nshow dcbx", "", itfUndo, { { "mtu", n(mtu) } }));
    t.steps.push_back(saveStep(t.name, "copy running-config startup-config\n", "EOS: saves to startup-config"));
    return t;
}

PlanTarget generateNxos(const Profile& p, const SwitchSpec& sw)
{
    auto t = switchTarget(p, sw, "!");
    t.header.push_back("Sources: the Azure Local reference TOR QoS policy (CoS) and the ROCm N9364E example (DSCP) "
                       "(field guide §3.3).");
    t.header.push_back("UNCERTAIN: the c-8q-nqN / c-out-8q-qN class names belong to the 8-queue templates of Nexus "
                       "9000 cloud-scale switches; other platforms name their system classes differently. Removing "
                       "the system qos policies may need the platform defaults named explicitly "
                       "(default-nq-8e-policy / default-out-policy).");
    auto qname = [](int tc) { return tc == 0 ? std::string("c-out-8q-q-default") : "c-out-8q-q" + n(tc); };
    auto nqname = [](int tc) { return tc == 0 ? std::string("c-8q-nq-default") : "c-8q-nq" + n(tc); };
    const bool dscp = p.trust == TrustMode::Dscp;
    struct Cls
    {
        std::string name;
        int tc;
        std::string match;
    };
    std::vector<Cls> classes;
    classes.push_back(
        { "RP_ROCE", p.tcOf(p.rocePriority), dscp ? "match dscp " + n(p.roceDscp) : "match cos " + n(p.rocePriority) });
    classes.push_back(
        { "RP_CNP", p.tcOf(p.cnpPriority), dscp ? "match dscp " + n(p.cnpDscp) : "match cos " + n(p.cnpPriority) });
    if (p.heartbeat)
        classes.push_back({ "RP_HEARTBEAT", p.tcOf(p.heartbeat->priority),
            dscp ? "match dscp " + n(p.heartbeat->dscp) : "match cos " + n(p.heartbeat->priority) });
    std::string cm, cmUndo, pm = "policy-map type qos RP_CLASSIFY\n";
    for (const auto& c : classes) {
        cm += "class-map type qos match-any " + c.name + "\n  " + c.match + "\n";
        cmUndo += "no class-map type qos match-any " + c.name + "\n";
        pm += "  class " + c.name + "\n    set qos-group " + n(c.tc) + "\n";
    }
    pm += "  class class-default\n    set qos-group " + n(p.tcOf(0)) + "\n";
    std::vector<Setting> sets;
    classSets(p, sets);
    if (!dscp) {
        // Only the listed COS values are classified; the rest fall into class-default.
        sets.erase(
            std::remove_if(sets.begin(), sets.end(), [](const Setting& s) { return s.key.starts_with("pcp-tc:"); }),
            sets.end());
        for (const auto& c : { p.rocePriority, p.cnpPriority })
            sets.push_back({ "pcp-tc:" + n(c), n(p.tcOf(c)) });
    }
    t.steps.push_back(
        cliStep(t.name, "classify", std::string("Classify on ") + (dscp ? "DSCP" : "CoS") + " into qos-groups", cm + pm,
            "show policy-map type qos RP_CLASSIFY", "set qos-group " + n(p.tcOf(p.rocePriority)),
            "no policy-map type qos RP_CLASSIFY\n" + cmUndo, sets));

    std::string nq = "policy-map type network-qos RP_NETWORK\n";
    for (int tc : usedTcs(p)) {
        nq += "  class type network-qos " + nqname(tc) + "\n    mtu " + n(p.switchMtu) + "\n";
        if (p.pfcOn(tc))
            nq += "    pause pfc-cos " + n(tc) + "\n";
    }
    std::string qp = "policy-map type queuing RP_EGRESS\n";
    for (int tc = 0; tc < 8; ++tc) {
        qp += "  class type queuing " + qname(tc) + "\n";
        if (p.strictTc(tc)) {
            qp += "    priority level 1\n";
            continue;
        }
        qp += "    bandwidth remaining percent " + n(p.tcBandwidth[static_cast<std::size_t>(tc)]) + "\n";
        if (p.ecn.enabled && tc == p.tcOf(p.rocePriority))
            qp += "    random-detect " + ecnKb(p, "drop-probability") + " ecn\n";
    }
    t.steps.push_back(
        cliStep(t.name, "policies", "Network-qos (MTU, PFC pause) and egress queuing (ETS, ECN, strict CNP)", nq + qp,
            "show policy-map type network-qos RP_NETWORK", p.mode == FlowMode::Lossless ? "pause pfc-cos" : "",
            "no policy-map type queuing RP_EGRESS\nno policy-map type network-qos RP_NETWORK\n",
            { { "pfc", joinInts(pfcSorted(p)) }, { "ets", etsSummary(p) } }));
    t.steps.push_back(cliStep(t.name, "system-qos", "Attach the policies system-wide",
        "system qos\n  service-policy type network-qos RP_NETWORK\n  service-policy type queuing output RP_EGRESS\n",
        "show policy-map system type network-qos", "RP_NETWORK",
        "system qos\n  no service-policy type queuing output RP_EGRESS\n  no service-policy type network-qos "
        "RP_NETWORK\n"));

    std::string itf, itfUndo;
    const auto qos = qosPorts(p, sw);
    for (const auto& port : allPorts(sw)) {
        bool q = std::find(qos.begin(), qos.end(), port) != qos.end();
        itf += "interface " + port + "\n  mtu " + n(p.switchMtu) + "\n";
        itfUndo += "interface " + port + "\n  no mtu\n";
        if (q && p.mode == FlowMode::Lossless) {
            itf += std::string("  priority-flow-control mode on") + (isHostPort(sw, port) ? " send-tlv" : "") + "\n";
            itfUndo += "  no priority-flow-control mode on\n";
            if (p.pfcWatchdog) {
                itf += "  priority-flow-control watch-dog-interval on\n";
                itfUndo += "  no priority-flow-control watch-dog-interval on\n";
            }
        }
        if (q) {
            itf += "  service-policy type qos input RP_CLASSIFY\n";
            itfUndo += "  no service-policy type qos input RP_CLASSIFY\n";
        }
    }
    std::vector<Setting> itfSets = { { "mtu", n(p.switchMtu) } };
    if (p.mode == FlowMode::Lossless && p.pfcWatchdog)
        itfSets.push_back({ "pfc.watchdog", "on" });
    t.steps.push_back(cliStep(t.name, "interfaces", "Ports: MTU, PFC forced on (PFC TLV towards hosts), classification",
        itf, "show interface priority-flow-control\nshow queuing interface " + allPorts(sw).front(),
        p.mode == FlowMode::Lossless ? "On" : "", itfUndo, itfSets,
        { "PFC is forced on rather than negotiated: with DCBX negotiation a second LLDP agent on the host can leave it "
          "operationally off (Mode Auto, Oper Off)" }));
    if (p.pfcWatchdog && p.mode == FlowMode::Lossless)
        t.header.push_back("UNCERTAIN: only the interface watchdog line is known; global watchdog timers were not "
                           "researched and are left at their defaults.");
    t.steps.push_back(saveStep(t.name, "copy running-config startup-config\n", "NX-OS: saves to startup-config"));
    return t;
}

} // namespace rp::gen

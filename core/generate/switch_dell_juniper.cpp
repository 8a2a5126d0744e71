// SPDX-License-Identifier: GPL-3.0-or-later
// Dell OS10 (Azure Local template, field guide §3.5), Juniper Junos QFX (set commands after the QFX5240
// example, §3.6) and Dell Force10 FTOS (the S4810 steps of seed 000).
#include "generate/generators.h"

#include <algorithm>

namespace rp::gen {
namespace {

std::string bits(int value, int width)
{
    std::string out;
    for (int b = width - 1; b >= 0; --b)
        out += ((value >> b) & 1) ? '1' : '0';
    return out;
}

} // namespace

PlanTarget generateOs10(const Profile& p, const SwitchSpec& sw)
{
    auto t = switchTarget(p, sw, "!");
    t.header.push_back("Source: the Dell OS10 template of ODIN for Azure Local / the Azure Local physical network "
                       "config tool (field guide §3.5), which is PCP based.");
    if (p.trust == TrustMode::Dscp)
        t.header.push_back("UNCERTAIN: the DSCP trust map ('trust dscp-map', 'trust-map dscp') mirrors the template's "
                           "dot1p form; it is not in the sources. Check 'show qos maps' after applying.");
    t.header.push_back("UNCERTAIN: the template names its WRED profile 'ecn' and writes 'random-detect ecn' in the "
                       "queue class; here the profile is RP_ECN and the class says 'random-detect RP_ECN'. The "
                       "strict-priority class form ('priority') and attaching the queuing policy under 'system qos' "
                       "are not in the template either.");
    if (p.pfcWatchdog && p.mode == FlowMode::Lossless)
        t.header.push_back("No PFC watchdog command was found for OS10; none is generated.");
    std::vector<Setting> sets;
    std::string maps, mapsUndo;
    std::vector<int> tcs = usedTcs(p);
    if (p.trust == TrustMode::Pcp) {
        maps += "trust dot1p-map RP_DOT1P\n";
        for (int tc : tcs) {
            auto prios = prioritiesOfTc(p, tc);
            if (!prios.empty())
                maps += "  qos-group " + n(tc) + " dot1p " + ranges(prios) + "\n";
        }
        for (int prio = 0; prio < 8; ++prio)
            sets.push_back({ "pcp-tc:" + n(prio), n(p.tcOf(prio)) });
        mapsUndo += "no trust dot1p-map RP_DOT1P\n";
    } else {
        maps += "trust dscp-map RP_DSCP\n";
        for (const auto& [dscp, prio] : dscpMap(p)) {
            maps += "  qos-group " + n(p.tcOf(prio)) + " dscp " + n(dscp) + "\n";
            sets.push_back({ "dscp-tc:" + n(dscp), n(p.tcOf(prio)) });
        }
        mapsUndo += "no trust dscp-map RP_DSCP\n";
    }
    maps += "qos-map traffic-class RP_QOS_MAP\n";
    for (int tc : tcs)
        maps += "  queue " + n(tc) + " qos-group " + n(tc) + "\n";
    mapsUndo += "no qos-map traffic-class RP_QOS_MAP\n";
    sets.push_back({ "trust", toString(p.trust) });
    sets.push_back({ "cnp.tc", n(p.tcOf(p.cnpPriority)) });
    t.steps.push_back(cliStep(
        t.name, "maps", "Trust map and qos-group -> queue map", maps, "show qos maps", "RP_QOS_MAP", mapsUndo, sets));

    std::string cls, clsUndo;
    if (p.ecn.enabled) {
        cls += "wred RP_ECN\n  random-detect color green minimum-threshold " + n(p.ecn.minKb) + " maximum-threshold "
            + n(p.ecn.maxKb) + " drop-probability " + n(p.ecn.probability) + "\n  random-detect ecn\n";
        clsUndo += "no wred RP_ECN\n";
    }
    for (int prio : pfcSorted(p)) {
        cls += "class-map type network-qos RP_PFC" + n(prio) + "\n  match qos-group " + n(prio) + "\n";
        clsUndo += "no class-map type network-qos RP_PFC" + n(prio) + "\n";
    }
    for (int tc : tcs) {
        cls += "class-map type queuing RP_Q" + n(tc) + "\n  match queue " + n(tc) + "\n";
        clsUndo += "no class-map type queuing RP_Q" + n(tc) + "\n";
    }
    if (p.mode == FlowMode::Lossless) {
        cls += "policy-map type network-qos RP_PFC\n";
        for (int prio : pfcSorted(p))
            cls += "  class RP_PFC" + n(prio) + "\n    pause\n    pfc-cos " + n(prio) + "\n";
    }
    cls += "policy-map type queuing RP_ETS\n";
    for (int tc : tcs) {
        cls += "  class RP_Q" + n(tc) + "\n";
        if (p.strictTc(tc)) {
            cls += "    priority\n";
            continue;
        }
        cls += "    bandwidth percent " + n(p.tcBandwidth[static_cast<std::size_t>(tc)]) + "\n";
        if (p.ecn.enabled && tc == p.tcOf(p.rocePriority))
            cls += "    random-detect RP_ECN\n";
    }
    std::string policyUndo = "no policy-map type queuing RP_ETS\n";
    if (p.mode == FlowMode::Lossless)
        policyUndo += "no policy-map type network-qos RP_PFC\n";
    t.steps.push_back(cliStep(t.name, "policies", "WRED/ECN profile, PFC and ETS policies", cls,
        "show running-configuration policy-map", "RP_ETS", policyUndo + clsUndo,
        { { "pfc", joinInts(pfcSorted(p)) }, { "ets", etsSummary(p) } }));

    std::string sys = "system qos\n  trust-map "
        + std::string(p.trust == TrustMode::Pcp ? "dot1p RP_DOT1P" : "dscp RP_DSCP")
        + "\n  ets mode on\n  service-policy output type queuing RP_ETS\n";
    std::string sysUndo
        = "system qos\n  no service-policy output type queuing RP_ETS\n  no ets mode on\n  no trust-map "
        + std::string(p.trust == TrustMode::Pcp ? "dot1p" : "dscp") + "\n";
    if (p.qosOnHostPorts) {
        sys = "lldp enable\ndcbx enable\n" + sys;
        sysUndo += "no dcbx enable\n";
    }
    t.steps.push_back(cliStep(t.name, "system-qos", "System QoS: trust map, ETS, queuing policy, DCBX", sys,
        "show qos system", "ETS", sysUndo, {},
        { "the template enables DCBX globally; the hosts keep their settings because their willing bit is off" }));

    std::string itf, itfUndo;
    const auto qos = qosPorts(p, sw);
    for (const auto& port : allPorts(sw)) {
        bool q = std::find(qos.begin(), qos.end(), port) != qos.end();
        itf += "interface " + port + "\n  mtu " + n(p.switchMtu) + "\n";
        itfUndo += "interface " + port + "\n  no mtu\n";
        if (!q)
            continue;
        if (p.mode == FlowMode::Lossless) {
            itf += "  flowcontrol receive off\n  priority-flow-control mode on\n";
            itfUndo += "  no priority-flow-control mode on\n";
        }
        itf += "  ets mode on\n";
        itfUndo += "  no ets mode on\n";
        if (p.mode == FlowMode::Lossless) {
            itf += "  service-policy input type network-qos RP_PFC\n";
            itfUndo += "  no service-policy input type network-qos RP_PFC\n";
        }
        itf += "  qos-map traffic-class RP_QOS_MAP\n";
        itfUndo += "  no qos-map traffic-class RP_QOS_MAP\n";
    }
    t.steps.push_back(cliStep(t.name, "interfaces", "Ports: MTU, PFC, ETS, queue map", itf,
        "show qos interface " + allPorts(sw).front() + "\nshow pfc counters\nshow ecn", "", itfUndo,
        { { "mtu", n(p.switchMtu) } }));
    t.steps.push_back(saveStep(t.name, "write memory\n", "OS10: saves to startup-configuration"));
    return t;
}

PlanTarget generateJunos(const Profile& p, const SwitchSpec& sw)
{
    auto t = switchTarget(p, sw, "#");
    t.header.push_back("Source: the QFX5240 DCQCN example in ROCm gpu-cluster-networking and Juniper CoS docs as "
                       "summarised in the field guide §3.6 (braces form turned into set commands).");
    t.header.push_back("Enter configuration mode first ('configure'); nothing changes until the commit step. "
                       "Changing PFC on an interface blocks the port while it is applied.");
    t.header.push_back("UNCERTAIN: Junos drop profiles take fill levels in percent of the queue buffer; the profile's "
                       "thresholds ("
        + n(p.ecn.minKb) + " KB / " + n(p.ecn.maxKb)
        + " KB) cannot be converted without "
          "the platform's buffer size. The fill levels [ 45 90 ] follow the QFX5240 example: adjust.");
    t.header.push_back("UNCERTAIN: QFX has default forwarding classes fcoe (queue 3) and no-loss (queue 4); if the "
                       "commit refuses a second class on the RoCE queue, reuse the default class instead.");
    if (p.pfcWatchdog && p.mode == FlowMode::Lossless)
        t.header.push_back("UNCERTAIN: 'pfc-watchdog' exists under the congestion-notification-profile, but its exact "
                           "statements were not verified; none is generated.");
    const std::string cos = "set class-of-service ";
    const bool dscp = p.trust == TrustMode::Dscp;
    const int tcR = p.tcOf(p.rocePriority);
    const int tcC = p.tcOf(p.cnpPriority);
    auto fcName = [&](int tc) {
        if (tc == tcR)
            return std::string("RP-ROCE");
        if (tc == 0 && p.tcOf(0) == 0)
            return std::string("best-effort"); // the default class on queue 0 exists already
        if (tc == tcC)
            return std::string("RP-CNP");
        return "RP-TC" + n(tc);
    };
    std::string fc, fcUndo;
    for (int tc : usedTcs(p)) {
        if (fcName(tc) == "best-effort")
            continue;
        fc += cos + "forwarding-classes class " + fcName(tc) + " queue-num " + n(tc);
        if (p.pfcOn(tc))
            fc += " no-loss pfc-priority " + n(tc);
        fc += "\n";
        fcUndo += "delete class-of-service forwarding-classes class " + fcName(tc) + "\n";
    }
    std::vector<Setting> sets;
    const std::string clsName = dscp ? "dscp RP-DSCP" : "ieee-802.1 RP-PCP";
    if (dscp) {
        for (const auto& [d, prio] : dscpMap(p)) {
            fc += cos + "classifiers dscp RP-DSCP forwarding-class " + fcName(p.tcOf(prio))
                + " loss-priority low "
                  "code-points "
                + bits(d, 6) + "\n";
            sets.push_back({ "dscp-tc:" + n(d), n(p.tcOf(prio)) });
        }
    } else {
        for (int prio = 0; prio < 8; ++prio) {
            fc += cos + "classifiers ieee-802.1 RP-PCP forwarding-class " + fcName(p.tcOf(prio))
                + " loss-priority low code-points " + bits(prio, 3) + "\n";
            sets.push_back({ "pcp-tc:" + n(prio), n(p.tcOf(prio)) });
        }
    }
    fcUndo = "delete class-of-service classifiers " + clsName + "\n" + fcUndo;
    sets.push_back({ "trust", toString(p.trust) });
    sets.push_back({ "cnp.tc", n(tcC) });
    t.steps.push_back(cliStep(t.name, "classes",
        "Forwarding classes and the " + std::string(dscp ? "DSCP" : "802.1p") + " classifier", fc,
        "show class-of-service forwarding-class", fcName(tcR), fcUndo, sets));

    std::string sch, schUndo;
    if (p.ecn.enabled) {
        sch += cos + "drop-profiles RP-ECN interpolate fill-level [ 45 90 ] drop-probability [ 0 "
            + n(p.ecn.probability) + " ]\n";
        schUndo += "delete class-of-service drop-profiles RP-ECN\n";
    }
    for (int tc : usedTcs(p)) {
        const std::string s = "RP-S-TC" + n(tc);
        if (p.strictTc(tc)) {
            sch += cos + "schedulers " + s + " priority strict-high\n";
        } else {
            sch += cos + "schedulers " + s + " transmit-rate percent " + n(p.tcBandwidth[static_cast<std::size_t>(tc)])
                + "\n";
            if (p.ecn.enabled && tc == tcR) {
                sch += cos + "schedulers " + s
                    + " drop-profile-map loss-priority any protocol any drop-profile RP-ECN\n";
                sch += cos + "schedulers " + s + " explicit-congestion-notification\n";
            }
        }
        sch += cos + "scheduler-maps RP-SM forwarding-class " + fcName(tc) + " scheduler " + s + "\n";
        schUndo = "delete class-of-service schedulers " + s + "\n" + schUndo;
    }
    schUndo = "delete class-of-service scheduler-maps RP-SM\n" + schUndo;
    t.steps.push_back(cliStep(t.name, "schedulers", "Schedulers (ETS, strict CNP, ECN) and the scheduler map", sch,
        "show class-of-service scheduler-map RP-SM", "RP-S-TC" + n(tcR), schUndo, { { "ets", etsSummary(p) } }));

    if (p.mode == FlowMode::Lossless) {
        std::string cnp;
        for (int prio : pfcSorted(p)) {
            if (dscp) {
                for (const auto& [d, dp] : dscpMap(p)) {
                    if (dp == prio)
                        cnp += cos + "congestion-notification-profile RP-PFC input dscp code-point " + bits(d, 6)
                            + " pfc\n";
                }
            } else {
                cnp += cos + "congestion-notification-profile RP-PFC input ieee-802.1 code-point " + bits(prio, 3)
                    + " pfc\n";
            }
            cnp += cos + "congestion-notification-profile RP-PFC output ieee-802.1 code-point " + bits(prio, 3)
                + " flow-control-queue " + n(p.tcOf(prio)) + "\n";
        }
        t.steps.push_back(
            cliStep(t.name, "pfc", "PFC on priority " + joinInts(pfcSorted(p)) + " (congestion notification profile)",
                cnp, "show class-of-service congestion-notification", "RP-PFC",
                "delete class-of-service congestion-notification-profile RP-PFC\n",
                { { "pfc", joinInts(pfcSorted(p)) } }, { "output PFC priorities must match the input ones" }));
    } else {
        t.steps.back().sets.push_back({ "pfc", "" });
    }

    std::string itf, itfUndo;
    const auto qos = qosPorts(p, sw);
    for (const auto& port : allPorts(sw)) {
        itf += "set interfaces " + port + " mtu " + n(p.switchMtu) + "\n";
        itfUndo += "delete interfaces " + port + " mtu\n";
        if (std::find(qos.begin(), qos.end(), port) == qos.end())
            continue;
        if (p.mode == FlowMode::Lossless)
            itf += cos + "interfaces " + port + " congestion-notification-profile RP-PFC\n";
        itf += cos + "interfaces " + port + " scheduler-map RP-SM\n";
        itf += cos + "interfaces " + port + " unit 0 classifiers " + clsName + "\n";
        itfUndo += "delete class-of-service interfaces " + port + "\n";
    }
    t.steps.push_back(cliStep(t.name, "interfaces", "Ports: MTU, PFC profile, scheduler map, classifier", itf,
        "show class-of-service interface " + allPorts(sw).front(), "RP-SM", itfUndo, { { "mtu", n(p.switchMtu) } },
        { "the classifier is bound to unit 0; the source example uses 'unit *'" }));
    auto commit = cliStep(t.name, "commit", "Commit (applies and persists the candidate configuration)",
        "commit comment \"RoCE Pilot profile " + p.name + "\"\n", "show system commit", "RoCE Pilot", "commit\n");
    commit.persistent = true;
    commit.undo.note = "after the delete commands of the steps above, commit again (or 'rollback 1' and commit)";
    t.steps.push_back(commit);
    return t;
}

PlanTarget generateFtos(const Profile& p, const SwitchSpec& sw)
{
    auto t = switchTarget(p, sw, "!");
    t.header.push_back("Source: the Dell Force10 S4810 steps of the RoCE configuration guide (seed 000): 802.3x flow "
                       "control off, 'dcb enable' (needs a reload), dcb-map with priority groups, per-port dcb-map.");
    t.header.push_back("The dcb-map works on 802.1p priorities: hosts must send a VLAN tag with the PCP.");
    if (p.trust == TrustMode::Dscp) {
        t.header.push_back(
            "UNCERTAIN: FTOS DSCP classification ('trust diffserv' in an input policy) was not verified; "
            "no DSCP map is generated. With this DSCP profile, the hosts' PCP must also be "
            + n(p.rocePriority) + " (a VLAN with an egress map), or use the PCP preset.");
        for (const auto& [d, prio] : dscpMap(p))
            t.unsupported.push_back({ "dscp-tc:" + n(d), "no verified DSCP classification on FTOS" });
        t.unsupported.push_back({ "cnp.tc", "CNP class needs DSCP classification, not verified on FTOS" });
        t.unsupported.push_back({ "trust", "the dcb-map trusts 802.1p; DSCP trust is not verified on FTOS" });
    }
    if (p.ecn.enabled)
        t.header.push_back("ECN/WRED is not covered by the source; none is generated. Without it DCQCN gets no marks "
                           "from this switch.");
    if (p.pfcWatchdog && p.mode == FlowMode::Lossless)
        t.header.push_back("No PFC watchdog is known for FTOS; none is generated.");
    t.header.push_back("Note: the source's example 'priority-pgid 0 0 0 0 1 0 0 0' puts priority 4, not 3, in the "
                       "lossless group although its hosts use priority 3; here the list follows the profile.");
    std::string fc, fcUndo;
    for (const auto& port : allPorts(sw)) {
        fc += "interface " + port + "\n no flowcontrol rx on tx off\n mtu " + n(p.switchMtu) + "\n exit\n";
        fcUndo += "interface " + port + "\n no mtu\n exit\n";
    }
    t.steps.push_back(cliStep(t.name, "ports", "802.3x flow control off and MTU " + n(p.switchMtu) + " on every port",
        fc, "show interfaces " + allPorts(sw).front(), "MTU " + n(p.switchMtu), fcUndo, { { "mtu", n(p.switchMtu) } },
        { "PFC and 802.3x global pause cannot both be on" }));
    auto dcb = cliStep(t.name, "dcb-enable", "Enable DCB (takes effect after a reload)", "dcb enable\n", "show dcb",
        "DCB Status", "no dcb enable\n", {},
        { "the source saves and reloads here: copy running-config startup-config, then reload" });
    t.steps.push_back(dcb);
    if (p.vlan) {
        std::string v = "interface vlan " + n(*p.vlan) + "\n no shutdown\n";
        for (const auto& port : allPorts(sw))
            v += " tagged " + port + "\n";
        v += " exit\n";
        t.steps.push_back(cliStep(t.name, "vlan", "Tagged VLAN " + n(*p.vlan) + " on every port", v,
            "show vlan id " + n(*p.vlan), "", "no interface vlan " + n(*p.vlan) + "\n", { { "vlan", n(*p.vlan) } }));
    }
    // One priority group per traffic class, numbered in TC order.
    std::vector<int> tcs;
    for (int tc : usedTcs(p)) {
        if (!prioritiesOfTc(p, tc).empty())
            tcs.push_back(tc);
    }
    std::string map = "dcb-map RP_ROCE\n";
    bool strict = false;
    for (std::size_t pg = 0; pg < tcs.size(); ++pg) {
        int tc = tcs[pg];
        if (p.strictTc(tc)) {
            map += " priority-group " + n(static_cast<int>(pg)) + " strict-priority pfc off\n";
            strict = true;
        } else {
            map += " priority-group " + n(static_cast<int>(pg)) + " bandwidth "
                + n(p.tcBandwidth[static_cast<std::size_t>(tc)]) + " pfc " + (p.pfcOn(tc) ? "on" : "off") + "\n";
        }
    }
    map += " priority-pgid";
    for (int prio = 0; prio < 8; ++prio) {
        auto pg = std::find(tcs.begin(), tcs.end(), p.tcOf(prio)) - tcs.begin();
        map += " " + n(static_cast<int>(pg));
    }
    map += "\n exit\n";
    std::vector<Setting> sets = { { "pfc", joinInts(pfcSorted(p)) }, { "ets", etsSummary(p) } };
    if (p.trust == TrustMode::Pcp) {
        for (int prio = 0; prio < 8; ++prio)
            sets.push_back({ "pcp-tc:" + n(prio), n(p.tcOf(prio)) });
        sets.push_back({ "trust", "pcp" });
        sets.push_back({ "cnp.tc", n(p.tcOf(p.cnpPriority)) });
    }
    std::vector<std::string> notes = { "bandwidth percentages of the priority groups must sum to 100" };
    if (strict)
        notes.push_back("UNCERTAIN: the 'strict-priority' form of a priority group is not in the source; check the "
                        "switch's configuration guide");
    t.steps.push_back(cliStep(t.name, "dcb-map", "dcb-map RP_ROCE: one priority group per traffic class", map,
        "show qos dcb-map RP_ROCE", "", "no dcb-map RP_ROCE\n", sets, notes));
    std::string apply, applyUndo;
    for (const auto& port : qosPorts(p, sw)) {
        apply += "interface " + port + "\n dcb-map RP_ROCE\n exit\n";
        applyUndo += "interface " + port + "\n no dcb-map RP_ROCE\n exit\n";
    }
    t.steps.push_back(cliStep(t.name, "ports-dcb", "Apply the dcb-map to the QoS ports", apply,
        "show interfaces " + allPorts(sw).front() + " pfc detail", "", applyUndo));
    t.steps.push_back(saveStep(t.name, "copy running-config startup-config\n", "FTOS: saves to startup-config"));
    return t;
}

} // namespace rp::gen

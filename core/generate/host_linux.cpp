// SPDX-License-Identifier: GPL-3.0-or-later
// Linux hosts: iproute2 `dcb` (generic) or `mlnx_qos` (NVIDIA), `ip link` MTU and VLAN egress map, rdma_cm
// configfs defaults, and a systemd unit as the persistent form. Every interface name has passed
// validateInterfaceName (validatePlanInventory) before it reaches an argv.
#include "generate/generators.h"

#include "util/command.h"

namespace rp::gen {
namespace {

const char* kNotDiscovered = "was not discovered (no facts for this host); run discovery first, or note it by hand";

const Netdev* findNetdev(const HostFacts* facts, const std::string& name)
{
    return facts ? facts->netdev(name) : nullptr;
}

const Netdev* findVlan(const HostFacts* facts, const std::string& parent, int vlan)
{
    if (!facts)
        return nullptr;
    for (const auto& nd : facts->netdevs) {
        if (nd.vlanParent == parent && nd.vlanId == vlan)
            return &nd;
    }
    return nullptr;
}

std::string pfcMap(const Profile& p, const std::string& on, const std::string& off, const std::string& sep)
{
    std::string out;
    for (int prio = 0; prio < 8; ++prio)
        out += (prio ? sep : "") + (p.pfcOn(prio) ? on : off);
    return out;
}

struct Builder
{
    const Profile& p;
    PlanTarget& t;
    const HostFacts* facts;
    bool nvidia;

    Step& argvStep(const std::string& suffix, std::string title, std::vector<std::string> argv)
    {
        Step s;
        s.id = t.name + "." + suffix;
        s.title = std::move(title);
        s.kind = StepKind::HostArgv;
        s.argv = std::move(argv);
        t.steps.push_back(std::move(s));
        return t.steps.back();
    }

    Step& fileStep(const std::string& suffix, std::string title, const std::string& path, std::string content)
    {
        Step s;
        s.id = t.name + "." + suffix;
        s.title = std::move(title);
        s.kind = StepKind::File;
        s.path = path;
        s.text = std::move(content) + "\n";
        s.verify.argv = { "cat", path };
        s.verify.expect = s.text.substr(0, s.text.size() - 1);
        t.steps.push_back(std::move(s));
        return t.steps.back();
    }

    void unknownUndo(Step& s, const std::string& what)
    {
        s.undo.known = false;
        s.undo.note = "the previous " + what + " " + kNotDiscovered;
    }

    void mtu(const std::string& itf)
    {
        auto& s = argvStep(itf + ".mtu", "Set the MTU of " + itf + " to " + n(p.hostMtu),
            { "ip", "link", "set", "dev", itf, "mtu", n(p.hostMtu) });
        s.verify.argv = { "ip", "-j", "link", "show", "dev", itf };
        s.verify.expect = "\"mtu\":" + n(p.hostMtu);
        s.sets = { { "mtu", n(p.hostMtu) } };
        if (const auto* nd = findNetdev(facts, itf); nd && nd->mtu)
            s.undo.commands = { { "ip", "link", "set", "dev", itf, "mtu", n(*nd->mtu) } };
        else
            unknownUndo(s, "MTU of " + itf);
    }

    void vlan(const std::string& itf)
    {
        if (!p.vlan)
            return;
        const int id = *p.vlan;
        std::vector<std::string> map;
        std::string mapText;
        for (int skb = 0; skb < 8; ++skb) {
            map.push_back(n(skb) + ":" + n(p.rocePriority));
            mapText += (skb ? " " : "") + map.back();
        }
        const Netdev* existing = findVlan(facts, itf, id);
        std::string name = existing ? existing->name : itf + "." + n(id);
        if (!validateInterfaceName(name))
            name = "rp" + n(id);
        std::vector<Setting> sets = { { "vlan", n(id) }, { "pcp.egress", n(p.rocePriority) }, { "mtu", n(p.hostMtu) } };
        if (existing) {
            std::vector<std::string> argv = { "ip", "link", "set", "dev", name, "type", "vlan", "egress-qos-map" };
            argv.insert(argv.end(), map.begin(), map.end());
            auto& s = argvStep(itf + ".vlan",
                "Map every priority on VLAN " + n(id) + " (" + name + ") to PCP " + n(p.rocePriority), std::move(argv));
            std::vector<std::string> undo = { "ip", "link", "set", "dev", name, "type", "vlan", "egress-qos-map" };
            for (int skb = 0; skb < 8; ++skb) {
                int old = 0;
                for (const auto& e : existing->egressQos)
                    old = e.from == skb ? e.to : old;
                undo.push_back(n(skb) + ":" + n(old));
            }
            s.undo.commands = { undo };
            s.verify.argv = { "cat", "/proc/net/vlan/" + name };
            s.verify.expect = "EGRESS priority mappings: " + mapText;
            s.sets = { { "vlan", n(id) }, { "pcp.egress", n(p.rocePriority) } };
        } else {
            std::vector<std::string> argv = { "ip", "link", "add", "link", itf, "name", name, "mtu", n(p.hostMtu),
                "type", "vlan", "id", n(id), "egress-qos-map" };
            argv.insert(argv.end(), map.begin(), map.end());
            auto& s = argvStep(itf + ".vlan",
                "Create VLAN " + n(id) + " on " + itf + " (" + name + ") with every priority leaving as PCP "
                    + n(p.rocePriority),
                std::move(argv));
            s.undo.commands = { { "ip", "link", "del", "dev", name } };
            s.undo.note = "the VLAN did not exist before (the add fails otherwise), so deleting it restores the state";
            s.verify.argv = { "cat", "/proc/net/vlan/" + name };
            s.verify.expect = "EGRESS priority mappings: " + mapText;
            s.notes.push_back("fails if " + name + " already exists; then set its map with 'ip link set dev " + name
                + " type vlan egress-qos-map " + mapText + "'");
            s.sets = sets;
        }
        t.steps.back().notes.push_back("as in the Demartek guide, everything sent on this VLAN leaves with PCP "
            + n(p.rocePriority) + ": keep the VLAN for RoCE, and move the host's RoCE IP address onto " + name
            + " (RoCE Pilot does not move addresses)");
    }

    void dcbGeneric(const std::string& itf)
    {
        const Netdev* nd = findNetdev(facts, itf);
        const DcbInfo* dcb = nd && !nd->dcb.source.empty() ? &nd->dcb : nullptr;
        // ETS + willing
        std::vector<std::string> argv = { "dcb", "ets", "set", "dev", itf, "willing", p.hostWilling ? "on" : "off" };
        std::string prioTc = "prio-tc";
        argv.push_back("prio-tc");
        for (int prio = 0; prio < 8; ++prio) {
            argv.push_back(n(prio) + ":" + n(p.tcOf(prio)));
            prioTc += " " + argv.back();
        }
        argv.push_back("tc-tsa");
        for (int tc = 0; tc < 8; ++tc)
            argv.push_back(n(tc) + ":" + (p.strictTc(tc) ? "strict" : "ets"));
        argv.push_back("tc-bw");
        for (int tc = 0; tc < 8; ++tc)
            argv.push_back(n(tc) + ":" + n(p.tcBandwidth[static_cast<std::size_t>(tc)]));
        auto& ets = argvStep(itf + ".ets",
            "ETS on " + itf + ": " + etsSummary(p) + ", DCBX willing " + (p.hostWilling ? "on" : "off"),
            std::move(argv));
        ets.verify.argv = { "dcb", "ets", "show", "dev", itf };
        ets.verify.expect = prioTc;
        ets.sets = { { "ets", etsSummary(p) } };
        for (int prio = 0; prio < 8; ++prio)
            ets.sets.push_back({ "tc:" + n(prio), n(p.tcOf(prio)) });
        if (dcb && dcb->prioToTc && dcb->tcBandwidth && dcb->tcTsa && dcb->willing) {
            std::vector<std::string> undo
                = { "dcb", "ets", "set", "dev", itf, "willing", *dcb->willing ? "on" : "off", "prio-tc" };
            for (int i = 0; i < 8; ++i)
                undo.push_back(n(i) + ":" + n((*dcb->prioToTc)[static_cast<std::size_t>(i)]));
            undo.push_back("tc-tsa");
            for (int i = 0; i < 8; ++i)
                undo.push_back(n(i) + ":" + (*dcb->tcTsa)[static_cast<std::size_t>(i)]);
            undo.push_back("tc-bw");
            for (int i = 0; i < 8; ++i)
                undo.push_back(n(i) + ":" + n((*dcb->tcBandwidth)[static_cast<std::size_t>(i)]));
            ets.undo.commands = { undo };
        } else {
            unknownUndo(ets, "ETS configuration and willing state of " + itf);
        }
        // PFC
        std::vector<std::string> pfc = { "dcb", "pfc", "set", "dev", itf, "prio-pfc" };
        std::string pfcText = "prio-pfc";
        for (int prio = 0; prio < 8; ++prio) {
            pfc.push_back(n(prio) + ":" + (p.pfcOn(prio) ? "on" : "off"));
            pfcText += " " + pfc.back();
        }
        auto& pfcStep = argvStep(itf + ".pfc",
            p.pfcPriorities.empty() ? "PFC off on every priority of " + itf
                                    : "PFC on priority " + joinInts(pfcSorted(p)) + " of " + itf + ", off elsewhere",
            std::move(pfc));
        pfcStep.verify.argv = { "dcb", "pfc", "show", "dev", itf };
        pfcStep.verify.expect = pfcText;
        pfcStep.sets = { { "pfc", joinInts(pfcSorted(p)) } };
        if (dcb && dcb->pfcEnabled) {
            std::vector<std::string> undo = { "dcb", "pfc", "set", "dev", itf, "prio-pfc" };
            for (int i = 0; i < 8; ++i)
                undo.push_back(n(i) + ":" + ((*dcb->pfcEnabled)[static_cast<std::size_t>(i)] ? "on" : "off"));
            pfcStep.undo.commands = { undo };
        } else {
            unknownUndo(pfcStep, "PFC state of " + itf);
        }
        // Trust
        auto& trust = argvStep(itf + ".trust", "Trust " + toString(p.trust) + " on " + itf,
            { "dcb", "apptrust", "set", "dev", itf, "order", toString(p.trust) });
        trust.verify.argv = { "dcb", "apptrust", "show", "dev", itf };
        trust.verify.expect = "order " + toString(p.trust);
        trust.sets = { { "trust", toString(p.trust) } };
        trust.notes.push_back("dcb apptrust needs a driver that supports it (mlx5 does); where it is refused, the "
                              "NIC's own trust setting applies");
        if (dcb && dcb->trust)
            trust.undo.commands = { { "dcb", "apptrust", "set", "dev", itf, "order", *dcb->trust } };
        else
            unknownUndo(trust, "trust order of " + itf);
        // DSCP -> priority
        if (p.trust == TrustMode::Dscp) {
            std::vector<std::string> app = { "dcb", "app", "replace", "dev", itf, "dscp-prio" };
            std::string title;
            for (const auto& [dscp, prio] : dscpMap(p)) {
                app.push_back(n(dscp) + ":" + n(prio));
                title += (title.empty() ? "" : ", ") + app.back();
            }
            auto& s = argvStep(itf + ".dscp", "Map DSCP to priority on " + itf + ": " + title, std::move(app));
            s.verify.argv = { "dcb", "app", "show", "dev", itf, "dscp-prio" };
            s.verify.expect = n(p.roceDscp) + ":" + n(p.rocePriority);
            for (const auto& [dscp, prio] : dscpMap(p))
                s.sets.push_back({ "dscp:" + n(dscp), n(prio) });
            if (dcb) {
                for (const auto& [dscp, prio] : dscpMap(p)) {
                    auto old = dcb->dscpToPrio.find(dscp);
                    if (old != dcb->dscpToPrio.end())
                        s.undo.commands.push_back(
                            { "dcb", "app", "replace", "dev", itf, "dscp-prio", n(dscp) + ":" + n(old->second) });
                    else
                        s.undo.commands.push_back(
                            { "dcb", "app", "del", "dev", itf, "dscp-prio", n(dscp) + ":" + n(prio) });
                }
            } else {
                unknownUndo(s, "DSCP map (dcb app table) of " + itf);
            }
        }
    }

    void dcbNvidia(const std::string& itf)
    {
        const Netdev* nd = findNetdev(facts, itf);
        const DcbInfo* dcb = nd && !nd->dcb.source.empty() ? &nd->dcb : nullptr;
        auto& trust = argvStep(itf + ".trust", "Trust " + toString(p.trust) + " on " + itf,
            { "mlnx_qos", "-i", itf, "--trust", toString(p.trust) });
        trust.verify.argv = { "mlnx_qos", "-i", itf };
        trust.verify.expect = "Priority trust state: " + toString(p.trust);
        trust.sets = { { "trust", toString(p.trust) } };
        if (dcb && dcb->trust)
            trust.undo.commands = { { "mlnx_qos", "-i", itf, "--trust", *dcb->trust } };
        else
            unknownUndo(trust, "trust state of " + itf);

        auto& pfc = argvStep(itf + ".pfc",
            p.pfcPriorities.empty() ? "PFC off on every priority of " + itf
                                    : "PFC on priority " + joinInts(pfcSorted(p)) + " of " + itf + ", off elsewhere",
            { "mlnx_qos", "-i", itf, "--pfc", pfcMap(p, "1", "0", ",") });
        pfc.verify.argv = { "mlnx_qos", "-i", itf };
        pfc.verify.expect = "PFC enabled row: " + pfcMap(p, "1", "0", " ");
        pfc.sets = { { "pfc", joinInts(pfcSorted(p)) } };
        if (dcb && dcb->pfcEnabled) {
            std::string old;
            for (int i = 0; i < 8; ++i)
                old += std::string(i ? "," : "") + ((*dcb->pfcEnabled)[static_cast<std::size_t>(i)] ? "1" : "0");
            pfc.undo.commands = { { "mlnx_qos", "-i", itf, "--pfc", old } };
        } else {
            unknownUndo(pfc, "PFC state of " + itf);
        }

        if (p.trust == TrustMode::Dscp) {
            for (const auto& [dscp, prio] : dscpMap(p)) {
                auto& s = argvStep(itf + ".dscp" + n(dscp),
                    "Map DSCP " + n(dscp) + " to priority " + n(prio) + " on " + itf,
                    { "mlnx_qos", "-i", itf, "--dscp2prio", "set," + n(dscp) + "," + n(prio) });
                s.verify.argv = { "mlnx_qos", "-i", itf };
                s.verify.expect = "prio:" + n(prio) + " dscp:" + n(dscp);
                s.sets = { { "dscp:" + n(dscp), n(prio) } };
                auto old = dcb ? dcb->dscpToPrio.find(dscp) : std::map<int, int>::const_iterator {};
                if (dcb && old != dcb->dscpToPrio.end())
                    s.undo.commands
                        = { { "mlnx_qos", "-i", itf, "--dscp2prio", "set," + n(dscp) + "," + n(old->second) } };
                else if (dcb)
                    s.undo.commands = { { "mlnx_qos", "-i", itf, "--dscp2prio", "del," + n(dscp) + "," + n(prio) } };
                else
                    unknownUndo(s, "priority of DSCP " + n(dscp) + " on " + itf);
            }
        }

        std::string prioTc, tsa, bw;
        for (int i = 0; i < 8; ++i) {
            prioTc += (i ? "," : "") + n(p.tcOf(i));
            tsa += std::string(i ? "," : "") + (p.strictTc(i) ? "strict" : "ets");
            bw += (i ? "," : "") + n(p.tcBandwidth[static_cast<std::size_t>(i)]);
        }
        auto& ets = argvStep(itf + ".ets", "ETS on " + itf + ": " + etsSummary(p),
            { "mlnx_qos", "-i", itf, "-p", prioTc, "-s", tsa, "-t", bw });
        ets.verify.argv = { "mlnx_qos", "-i", itf };
        ets.verify.expect = "tc rows match prio_tc " + prioTc + ", tsa " + tsa + ", bw " + bw;
        ets.sets = { { "ets", etsSummary(p) } };
        for (int prio = 0; prio < 8; ++prio)
            ets.sets.push_back({ "tc:" + n(prio), n(p.tcOf(prio)) });
        if (dcb && dcb->prioToTc && dcb->tcTsa && dcb->tcBandwidth) {
            std::string op, ot, ob;
            for (int i = 0; i < 8; ++i) {
                auto k = static_cast<std::size_t>(i);
                op += (i ? "," : "") + n((*dcb->prioToTc)[k]);
                ot += (i ? "," : "") + (*dcb->tcTsa)[k];
                ob += (i ? "," : "") + n((*dcb->tcBandwidth)[k]);
            }
            ets.undo.commands = { { "mlnx_qos", "-i", itf, "-p", op, "-s", ot, "-t", ob } };
        } else {
            unknownUndo(ets, "ETS configuration of " + itf);
        }

        auto& dcbx = argvStep(itf + ".dcbx",
            std::string("DCBX/LLDP in the ") + (p.lldpAgent == LldpAgent::Os ? "OS" : "NIC firmware") + " for " + itf,
            { "mlnx_qos", "-i", itf, "-d", p.lldpAgent == LldpAgent::Os ? "os" : "fw" });
        dcbx.verify.argv = { "mlnx_qos", "-i", itf };
        dcbx.verify.expect
            = std::string("DCBX mode: ") + (p.lldpAgent == LldpAgent::Os ? "OS controlled" : "Firmware controlled");
        dcbx.notes.push_back(p.lldpAgent == LldpAgent::Os
                ? "OS mode: the settings above are the host's own; do not run mlnx_qos in parallel with lldptool"
                : "firmware mode: the NIC's LLDP agent negotiates DCBX; its willing state is a firmware setting "
                  "(mlxconfig), check it there");
        if (dcb && dcb->dcbxMode) {
            std::string mode = *dcb->dcbxMode == "os" || *dcb->dcbxMode == "host" ? "os" : "fw";
            dcbx.undo.commands = { { "mlnx_qos", "-i", itf, "-d", mode } };
        } else {
            unknownUndo(dcbx, "DCBX mode of " + itf);
        }

        if (p.cableLengthM) {
            auto& cable
                = argvStep(itf + ".cable", "Cable length " + n(*p.cableLengthM) + " m for the PFC headroom of " + itf,
                    { "mlnx_qos", "-i", itf, "--cable_len", n(*p.cableLengthM) });
            cable.verify.argv = { "mlnx_qos", "-i", itf };
            cable.verify.expect = "Cable len: " + n(*p.cableLengthM);
            unknownUndo(cable, "cable length of " + itf);
        }

        // ECN/CNP: MLNX_OFED sysfs, where present.
        const std::string ecn = "/sys/class/net/" + itf + "/ecn/";
        const char* ofed = "this file exists with MLNX_OFED; with the upstream mlx5 driver it is absent: skip the "
                           "step then (the NIC's defaults apply)";
        auto& cnpDscp = fileStep(itf + ".cnp-dscp", "CNPs from " + itf + " carry DSCP " + n(p.cnpDscp),
            ecn + "roce_np/cnp_dscp", n(p.cnpDscp));
        cnpDscp.notes.push_back(ofed);
        cnpDscp.optional = true;
        cnpDscp.sets = { { "cnp.dscp", n(p.cnpDscp) } };
        unknownUndo(cnpDscp, "CNP DSCP of " + itf);
        auto& cnpPrio = fileStep(itf + ".cnp-prio", "CNPs from " + itf + " use priority " + n(p.cnpPriority),
            ecn + "roce_np/cnp_802p_prio", n(p.cnpPriority));
        cnpPrio.notes.push_back(ofed);
        cnpPrio.optional = true;
        cnpPrio.sets = { { "cnp.priority", n(p.cnpPriority) } };
        unknownUndo(cnpPrio, "CNP priority of " + itf);
        if (p.ecn.enabled) {
            for (const char* role : { "roce_np", "roce_rp" }) {
                auto& s = fileStep(itf + "." + role,
                    std::string(role) + " (DCQCN "
                        + (std::string(role) == "roce_np" ? "notification point" : "reaction point") + ") on priority "
                        + n(p.rocePriority) + " of " + itf,
                    ecn + role + "/enable/" + n(p.rocePriority), "1");
                s.notes.push_back(ofed);
                s.optional = true;
                unknownUndo(s, std::string(role) + " state of " + itf);
            }
        }
    }

    void rdmaCm(const HostInterface& itf)
    {
        std::string device = itf.rdmaDevice;
        int port = itf.rdmaPort;
        if (device.empty() && facts) {
            for (const auto& dev : facts->devices) {
                for (const auto& rp : dev.ports) {
                    if (rp.netdev == itf.name && device.empty() && validateRdmaDeviceName(dev.name)) {
                        device = dev.name;
                        port = rp.number;
                    }
                }
            }
        }
        if (device.empty()) {
            t.header.push_back("rdma_cm defaults and traffic_class not set for " + itf.name
                + ": its RDMA device is unknown (give rdma_device in the inventory, or run discovery)");
            return;
        }
        const std::string dir = "/sys/kernel/config/rdma_cm/" + device;
        auto& mk = argvStep(
            itf.name + ".rdma_cm-dir", "Open the rdma_cm configfs directory of " + device, { "mkdir", "-p", dir });
        mk.verify.argv = { "test", "-d", dir + "/ports" };
        mk.notes.push_back("needs configfs mounted on /sys/kernel/config and the rdma_cm module loaded");
        mk.undo.known = false;
        mk.undo.note = "whether " + dir + " existed before was not discovered; 'rmdir " + dir
            + "' drops it (the values written through it stay in the kernel: the steps below restore them)";
        const std::string portDir = dir + "/ports/" + n(port) + "/";
        auto& mode = fileStep(itf.name + ".rdma_cm-mode",
            "rdma_cm uses RoCE " + toString(p.rdmaCmMode) + " by default on " + device + " port " + n(port),
            portDir + "default_roce_mode", p.rdmaCmMode == RoceMode::V2 ? "RoCE v2" : "IB/RoCE v1");
        mode.sets = { { "rdma_cm.mode", toString(p.rdmaCmMode) } };
        unknownUndo(mode, "default_roce_mode of " + device);
        auto& tos = fileStep(itf.name + ".rdma_cm-tos",
            "rdma_cm sends ToS " + n(p.rdmaCmTos) + " (DSCP " + n(p.rdmaCmTos >> 2) + ") by default on " + device,
            portDir + "default_roce_tos", n(p.rdmaCmTos));
        tos.sets = { { "rdma_cm.tos", n(p.rdmaCmTos) } };
        tos.notes.push_back(tosExplanation(p));
        tos.notes.push_back("default_roce_tos needs kernel 5.2 or later; applications that set their own ToS "
                            "(rdma_set_option, perftest -T with -R) override it");
        unknownUndo(tos, "default_roce_tos of " + device);
        auto& tc = fileStep(itf.name + ".traffic_class",
            "Verbs (non-rdma_cm) traffic of " + device + " uses traffic class " + n(p.rdmaCmTos),
            "/sys/class/infiniband/" + device + "/tc/" + n(port) + "/traffic_class", n(p.rdmaCmTos));
        tc.notes.push_back("this file exists with MLNX_OFED and some vendor drivers, not upstream: skip the step "
                           "when it is absent");
        tc.optional = true;
        unknownUndo(tc, "traffic_class of " + device);
    }

    void artifacts(const std::vector<std::string>& interfaces)
    {
        const std::string script = "/usr/local/sbin/rocepilot-qos.sh";
        std::string body = "#!/bin/sh\n# Written by RoCE Pilot (profile '" + p.name
            + "'): re-applies the runtime QoS settings at boot.\n# iproute2 dcb, mlnx_qos, ip link and configfs "
              "settings are runtime only.\n";
        for (const auto& s : t.steps) {
            if (s.artifact)
                continue;
            std::string line;
            if (s.kind == StepKind::HostArgv)
                line = Command(s.argv).shellLine();
            else if (s.kind == StepKind::File)
                line = "printf '%s\\n' " + shellQuote(s.text.substr(0, s.text.size() - 1)) + " > " + shellQuote(s.path);
            body += line + " || echo " + shellQuote("rocepilot-qos: step " + s.id + " failed") + " >&2\n";
        }
        Step sh;
        sh.id = t.name + ".persist-script";
        sh.title = "Boot script that re-applies the steps above";
        sh.kind = StepKind::File;
        sh.path = script;
        sh.text = body;
        sh.verify.argv = { "test", "-x", script };
        sh.undo.commands = { { "rm", "-f", script } };
        sh.undo.note = "RoCE Pilot owns this file name";
        sh.persistent = true;
        sh.artifact = true;
        sh.notes.push_back("make it executable: chmod 755 " + script);
        t.steps.push_back(sh);

        std::string unit = "[Unit]\nDescription=RoCE Pilot QoS settings (profile " + p.name + ")\n";
        for (const auto& itf : interfaces) {
            unit += "Requires=sys-subsystem-net-devices-" + itf + ".device\n";
            unit += "After=sys-subsystem-net-devices-" + itf + ".device\n";
        }
        unit += "Before=network-pre.target\nWants=network-pre.target\n\n[Service]\nType=oneshot\nRemainAfterExit=yes\n"
                "ExecStart="
            + script + "\n\n[Install]\nWantedBy=multi-user.target\n";
        Step u;
        u.id = t.name + ".persist-unit";
        u.title = "systemd unit that runs the boot script";
        u.kind = StepKind::File;
        u.path = "/etc/systemd/system/rocepilot-qos.service";
        u.text = unit;
        u.verify.argv = { "systemctl", "is-enabled", "rocepilot-qos.service" };
        u.verify.expect = "enabled";
        u.undo.commands = { { "systemctl", "disable", "rocepilot-qos.service" }, { "rm", "-f", u.path } };
        u.undo.note = "RoCE Pilot owns this unit name";
        u.persistent = true;
        u.artifact = true;
        u.notes.push_back("then: systemctl daemon-reload && systemctl enable rocepilot-qos.service");
        u.notes.push_back("with systemd-networkd or NetworkManager, MTU and the VLAN can live in their own "
                          "configuration instead (MTUBytes= / EgressQOSMaps= in a .network/.netdev drop-in, or "
                          "nmcli connection modify ... 802-3-ethernet.mtu / vlan.egress-priority-map); then drop "
                          "those lines from the script");
        t.steps.push_back(u);
    }
};

} // namespace

PlanTarget generateLinux(const Profile& p, const PlanHost& host, const HostFacts* facts)
{
    PlanTarget t;
    t.name = host.name;
    const bool nvidia = host.kind == HostKind::LinuxNvidia;
    t.kind = nvidia ? TargetKind::LinuxNvidia : TargetKind::LinuxGeneric;
    t.platform = nvidia ? "linux-nvidia" : "linux";
    t.title = nvidia ? "Linux with NVIDIA/Mellanox NICs (mlnx_qos)" : "Linux (iproute2 dcb)";
    t.comment = "#";
    t.header.push_back("Every step is a runtime setting: it is lost at reboot. The persistent form (a boot script "
                       "and a systemd unit) follows as a separate artifact at the end.");
    t.header.push_back(facts ? "Undo steps restore the state discovery saw."
                             : "No discovered state for this host: undo steps say where the previous value is "
                               "unknown.");
    if (!nvidia) {
        t.unsupported.push_back({ "cnp.priority",
            "upstream Linux has no generic setting for the DSCP/priority of the CNPs a NIC sends; the NIC default "
            "applies (NVIDIA 6 with MLNX_OFED tools, Broadcom 7: bnxt_setupcc.sh -c / niccli)" });
        if (p.lldpAgent == LldpAgent::Os)
            t.header.push_back("Intel E810 (ice/irdma): turn the firmware LLDP agent off first (ethtool "
                               "--set-priv-flags IF fw-lldp-agent off), it is always willing and overrides these "
                               "settings.");
    }
    Builder b { p, t, facts, nvidia };
    std::vector<std::string> names;
    for (const auto& itf : host.interfaces) {
        names.push_back(itf.name);
        b.mtu(itf.name);
        b.vlan(itf.name);
        const Netdev* nd = findNetdev(facts, itf.name);
        if (host.dcb == DcbControl::Skip) {
            t.header.push_back("No DCB steps for " + itf.name
                + " (dcb: skip in the inventory): PFC, ETS, trust and the DSCP map are managed elsewhere.");
        } else if (host.dcb == DcbControl::Auto && nd && nd->dcb.source.empty()
            && nd->dcb.unavailable.starts_with("not available on this driver")
            && nd->dcb.unavailable.find("Operation not supported") != std::string::npos) {
            // Only when the driver itself refused DCB: a missing tool or an unrecorded tree is no such proof.
            t.header.push_back("No DCB steps for " + itf.name + ": discovery found no DCB on its driver ("
                + nd->dcb.unavailable
                + "). PFC, ETS and trust cannot be set on this host; RoCE traffic from it is lossy unless "
                  "something else (the hypervisor, the switch) provides them. Set dcb: apply in the inventory "
                  "to generate them anyway.");
        } else if (nvidia) {
            b.dcbNvidia(itf.name);
        } else {
            b.dcbGeneric(itf.name);
        }
        b.rdmaCm(itf);
    }
    b.artifacts(names);
    return t;
}

} // namespace rp::gen

// SPDX-License-Identifier: GPL-3.0-or-later
// Community SONiC: a config_db JSON patch (RFC 6902, for `config apply-patch`) with RoCE Pilot's own maps,
// scheduler and WRED profile, plus CLI steps from the SONiC Command Reference (field guide §3.7).
#include "generate/generators.h"

#include <nlohmann/json.hpp>

namespace rp::gen {
namespace {

using nlohmann::ordered_json;

/// RFC 6901: '~' -> '~0', '/' -> '~1'.
std::string pointer(const std::string& key)
{
    std::string out;
    for (char c : key) {
        if (c == '~')
            out += "~0";
        else if (c == '/')
            out += "~1";
        else
            out += c;
    }
    return out;
}

} // namespace

PlanTarget generateSonic(const Profile& p, const SwitchSpec& sw)
{
    auto t = switchTarget(p, sw, "#");
    t.header.push_back("Sources: sonic-utilities Command-Reference.md and sonic-buildimage qos_config.j2 (field guide "
                       "§3.7). The patch needs a release with the generic config updater ('config apply-patch').");
    t.header.push_back("SONiC's default DSCP_TO_TC_MAP (AZURE) sends DSCP 26 to TC1 and makes TC3/TC4 lossless for "
                       "DSCP 3/4; this plan installs a map named ROCEPILOT instead. 'config qos reload' brings the "
                       "defaults back and undoes it.");
    t.header.push_back("UNCERTAIN: lossless buffers (BUFFER_PG) are left to the buffer manager (dynamic buffer "
                       "model, from pfc_enable and the cable length); with the static model, add lossless "
                       "priority-group profiles by hand. Older releases reference maps as \"[DSCP_TO_TC_MAP|NAME]\".");
    const auto ports = qosPorts(p, sw);
    const std::string map = "ROCEPILOT";
    ordered_json patch = ordered_json::array();
    ordered_json undo = ordered_json::array();
    auto add = [&](const std::string& path, ordered_json value) {
        patch.push_back({ { "op", "add" }, { "path", path }, { "value", std::move(value) } });
        undo.insert(undo.begin(), ordered_json { { "op", "remove" }, { "path", path } });
    };
    std::vector<Setting> sets;
    if (p.trust == TrustMode::Dscp) {
        ordered_json m = ordered_json::object();
        for (int dscp = 0; dscp < 64; ++dscp) {
            int tc = p.tcOf(0);
            for (const auto& [d, prio] : dscpMap(p))
                tc = d == dscp ? p.tcOf(prio) : tc;
            m[n(dscp)] = n(tc);
        }
        add("/DSCP_TO_TC_MAP/" + map, m);
        for (const auto& [d, prio] : dscpMap(p))
            sets.push_back({ "dscp-tc:" + n(d), n(p.tcOf(prio)) });
    } else {
        ordered_json m = ordered_json::object();
        for (int prio = 0; prio < 8; ++prio) {
            m[n(prio)] = n(p.tcOf(prio));
            sets.push_back({ "pcp-tc:" + n(prio), n(p.tcOf(prio)) });
        }
        add("/DOT1P_TO_TC_MAP/" + map, m);
    }
    ordered_json ident = ordered_json::object();
    ordered_json pg = ordered_json::object();
    for (int i = 0; i < 8; ++i) {
        ident[n(i)] = n(i);
        pg[n(i)] = p.pfcOn(i) ? n(i) : "0";
    }
    add("/TC_TO_QUEUE_MAP/" + map, ident);
    add("/TC_TO_PRIORITY_GROUP_MAP/" + map, pg);
    add("/MAP_PFC_PRIORITY_TO_QUEUE/" + map, ident);
    for (int tc : usedTcs(p)) {
        if (p.strictTc(tc))
            add("/SCHEDULER/ROCEPILOT_TC" + n(tc), { { "type", "STRICT" } });
        else
            add("/SCHEDULER/ROCEPILOT_TC" + n(tc),
                { { "type", "DWRR" }, { "weight", n(p.tcBandwidth[static_cast<std::size_t>(tc)]) } });
    }
    if (p.ecn.enabled)
        add("/WRED_PROFILE/ROCEPILOT_ECN",
            { { "ecn", "ecn_all" }, { "wred_green_enable", "true" }, { "green_min_threshold", n(p.ecn.minKb * 1024) },
                { "green_max_threshold", n(p.ecn.maxKb * 1024) }, { "green_drop_probability", n(p.ecn.probability) } });
    const std::string pfc = joinInts(pfcSorted(p));
    for (const auto& port : ports) {
        ordered_json q = ordered_json::object();
        q[p.trust == TrustMode::Dscp ? "dscp_to_tc_map" : "dot1p_to_tc_map"] = map;
        q["tc_to_queue_map"] = map;
        q["tc_to_pg_map"] = map;
        q["pfc_to_queue_map"] = map;
        if (!pfc.empty()) {
            q["pfc_enable"] = pfc;
            if (p.pfcWatchdog)
                q["pfcwd_sw_enable"] = pfc;
        }
        add("/PORT_QOS_MAP/" + pointer(port), q);
        for (int tc : usedTcs(p)) {
            ordered_json queue = { { "scheduler", "ROCEPILOT_TC" + n(tc) } };
            if (p.ecn.enabled && tc == p.tcOf(p.rocePriority))
                queue["wred_profile"] = "ROCEPILOT_ECN";
            add("/QUEUE/" + pointer(port + "|" + n(tc)), queue);
        }
    }
    sets.push_back({ "trust", toString(p.trust) });
    sets.push_back({ "pfc", pfc });
    sets.push_back({ "cnp.tc", n(p.tcOf(p.cnpPriority)) });
    sets.push_back({ "ets", etsSummary(p) });
    if (p.ecn.enabled)
        sets.push_back({ "ecn", n(p.ecn.minKb) + "-" + n(p.ecn.maxKb) + "/" + n(p.ecn.probability) });

    const std::string patchPath = "/etc/sonic/rocepilot-qos-patch.json";
    const std::string undoPath = "/etc/sonic/rocepilot-qos-undo.json";
    Step pf;
    pf.id = t.name + ".patch-file";
    pf.title = "config_db JSON patch with the RoCE maps, schedulers, WRED profile and port QoS";
    pf.kind = StepKind::File;
    pf.path = patchPath;
    pf.text = patch.dump(2) + "\n";
    pf.verify.argv = { "test", "-s", patchPath };
    pf.undo.commands = { { "rm", "-f", patchPath } };
    pf.persistent = true;
    t.steps.push_back(pf);
    Step uf = pf;
    uf.id = t.name + ".undo-file";
    uf.title = "The reverse patch, for rollback";
    uf.path = undoPath;
    uf.text = undo.dump(2) + "\n";
    uf.verify.argv = { "test", "-s", undoPath };
    uf.undo.commands = { { "rm", "-f", undoPath } };
    t.steps.push_back(uf);
    auto apply = cliStep(t.name, "apply-patch", "Apply the patch", "sudo config apply-patch " + patchPath + "\n",
        "show runningconfiguration all", "\"" + map + "\"", "sudo config apply-patch " + undoPath + "\n", sets,
        { "'add' replaces an existing PORT_QOS_MAP/QUEUE entry of these ports (the AZURE defaults): the undo removes "
          "RoCE Pilot's entries; 'config qos reload --ports ...' then restores the platform defaults" });
    t.steps.push_back(apply);

    std::string cli, cliUndo;
    for (const auto& port : allPorts(sw)) {
        cli += "sudo config interface mtu " + port + " " + n(p.switchMtu) + "\n";
        cliUndo += "sudo config interface mtu " + port + " 9100\n";
    }
    auto mtu = cliStep(t.name, "mtu", "MTU " + n(p.switchMtu) + " on every port", cli,
        "show interfaces status " + allPorts(sw).front(), n(p.switchMtu), cliUndo, { { "mtu", n(p.switchMtu) } });
    mtu.undo.note = "the previous MTU was not read; the undo sets 9100, SONiC's usual default";
    t.steps.push_back(mtu);
    if (p.cableLengthM && !ports.empty()) {
        std::string c;
        for (const auto& port : ports)
            c += "sudo config interface cable_length " + port + " " + n(*p.cableLengthM) + "m\n";
        t.steps.push_back(cliStep(t.name, "cable-length", "Cable length " + n(*p.cableLengthM) + " m (PFC headroom)", c,
            "show buffer information", "", "", {},
            { "the previous cable length was not read: set it back by hand (often 5m, 40m or 300m)" }));
    }
    if (p.mode == FlowMode::Lossless && p.pfcWatchdog && !ports.empty()) {
        std::string c, u;
        for (const auto& port : ports)
            c += "sudo config pfcwd start --action drop " + port + " 200 --restoration-time 200\n";
        for (const auto& port : ports)
            u += "sudo config pfcwd stop " + port + "\n";
        t.steps.push_back(
            cliStep(t.name, "pfcwd", "PFC watchdog: drop on a pause storm after 200 ms, restore after 200 ms", c,
                "show pfcwd config", "drop", u, { { "pfc.watchdog", "on" } },
                { "'config pfcwd start_default' is the platform default (200/200 ms, drop)" }));
    }
    t.header.push_back("DCBX: community SONiC runs LLDP but no DCBX; the hosts keep their own settings (willing "
                       "off), which is what this profile wants.");
    t.steps.push_back(saveStep(t.name, "sudo config save -y\n", "SONiC: writes /etc/sonic/config_db.json"));
    return t;
}

} // namespace rp::gen

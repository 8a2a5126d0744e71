// SPDX-License-Identifier: GPL-3.0-or-later
// Windows hosts: NetQoS cmdlets (Data-Center-Bridging feature, policies, flow control, traffic classes, DCBX
// willing, adapter QoS, VLAN and jumbo frames). Adapter names passed validateWindowsAdapterName and are
// single-quoted for PowerShell.
#include "generate/generators.h"

namespace rp::gen {
namespace {

std::string psQuote(const std::string& s)
{
    std::string out = "'";
    for (char c : s)
        out += c == '\'' ? std::string("''") : std::string(1, c);
    return out + "'";
}

std::vector<std::string> ps(std::string line)
{
    return { "powershell.exe", "-NoProfile", "-NonInteractive", "-Command", std::move(line) };
}

const char* kNoFacts = "Windows hosts are not discovered yet, so the previous value is unknown";

} // namespace

PlanTarget generateWindows(const Profile& p, const PlanHost& host)
{
    PlanTarget t;
    t.name = host.name;
    t.kind = TargetKind::Windows;
    t.platform = "windows";
    t.title = "Windows (NetQoS / DCB PowerShell)";
    t.comment = "#";
    t.header.push_back("Run in an elevated PowerShell. NetQoS policies, flow control, traffic classes and adapter "
                       "properties are stored by Windows and survive a reboot.");
    t.header.push_back("If Network ATC manages these adapters, do not run this: change its intent with "
                       "New-NetIntentQoSPolicyOverrides and Set-NetIntent -QosPolicyOverrides instead.");
    t.header.push_back("Two LLDP agents on one port leave PFC configured but not operational: with Windows DCB, turn "
                       "the NIC firmware LLDP/DCBX agent off (Mellanox: mlxconfig), keep Willing off.");
    t.header.push_back("With a kernel debugger attached, Windows turns flow control off unless the adapter's "
                       "AllowFlowControlUnderDebugger registry value is set.");
    t.unsupported.push_back({ "cnp.priority",
        "NetQoS has no CNP setting; the NIC driver's advanced properties decide the CNP DSCP/priority" });
    t.unsupported.push_back({ "dscp:" + n(p.cnpDscp), "Windows does not classify CNPs; the NIC driver marks them" });
    t.unsupported.push_back({ "trust", "a Windows host has no receive trust setting; it marks what it sends" });
    if (p.trust == TrustMode::Dscp)
        t.header.push_back("UNCERTAIN: Windows classifies by 802.1p priority (Microsoft does not test Azure Local "
                           "with DSCP). The SMB policy also sets -DSCPAction; whether the NIC applies it to RDMA "
                           "(NetworkDirect) traffic depends on the driver. Check the DSCP on the wire.");
    auto add = [&](const std::string& suffix, std::string title, std::string line, std::string verify,
                   std::string expect, std::vector<std::string> undo, std::string undoNote) -> Step& {
        Step s;
        s.id = t.name + "." + suffix;
        s.title = std::move(title);
        s.kind = StepKind::HostArgv;
        s.argv = ps(std::move(line));
        if (!verify.empty())
            s.verify.argv = ps(std::move(verify));
        s.verify.expect = std::move(expect);
        for (auto& u : undo)
            s.undo.commands.push_back(ps(std::move(u)));
        s.undo.known = undoNote.empty();
        s.undo.note = undoNote.empty() ? "" : std::move(undoNote);
        s.persistent = true;
        t.steps.push_back(std::move(s));
        return t.steps.back();
    };

    add("dcb-feature", "Install the Data Center Bridging feature", "Install-WindowsFeature -Name Data-Center-Bridging",
        "(Get-WindowsFeature -Name Data-Center-Bridging).InstallState", "Installed", {},
        "left installed on rollback: whether it was installed before is unknown, and removing it needs a reboot");
    add("dcbx-willing",
        std::string("DCBX willing ") + (p.hostWilling ? "on" : "off") + " (host keeps its own settings)",
        std::string("Set-NetQosDcbxSetting -Willing ") + (p.hostWilling ? "$true" : "$false") + " -Confirm:$false",
        "(Get-NetQosDcbxSetting).Willing", p.hostWilling ? "True" : "False", {},
        std::string("the previous Willing state: ") + kNoFacts);

    std::string smb = "New-NetQosPolicy -Name 'RP-SMB' -NetDirectPortMatchCondition 445 -PriorityValue8021Action "
        + n(p.rocePriority);
    if (p.trust == TrustMode::Dscp)
        smb += " -DSCPAction " + n(p.roceDscp);
    auto& smbStep = add("policy-smb", "SMB Direct (port 445) on priority " + n(p.rocePriority), smb,
        "(Get-NetQosPolicy -Name 'RP-SMB').PriorityValue8021Action", n(p.rocePriority),
        { "Remove-NetQosPolicy -Name 'RP-SMB' -Confirm:$false" }, "");
    smbStep.undo.note = "New-NetQosPolicy fails when the name exists, so removing it restores the previous state";
    smbStep.sets = { { "pcp.egress", n(p.rocePriority) } };
    if (p.trust == TrustMode::Dscp)
        smbStep.sets.push_back({ "dscp:" + n(p.roceDscp), n(p.rocePriority) });
    if (p.heartbeat) {
        auto& hb = add("policy-cluster", "Cluster heartbeat (port 3343) on priority " + n(p.heartbeat->priority),
            "New-NetQosPolicy -Name 'RP-Cluster' -IPDstPortMatchCondition 3343 -PriorityValue8021Action "
                + n(p.heartbeat->priority),
            "(Get-NetQosPolicy -Name 'RP-Cluster').PriorityValue8021Action", n(p.heartbeat->priority),
            { "Remove-NetQosPolicy -Name 'RP-Cluster' -Confirm:$false" }, "");
        hb.notes.push_back("Network ATC names this policy 'Cluster' and uses priority 7 (the switch-validation "
                           "tool's default is 5): hosts and switches must agree");
    }
    auto& def = add("policy-default", "All other traffic on priority " + n(0),
        "New-NetQosPolicy -Name 'RP-Default' -Default -PriorityValue8021Action 0",
        "(Get-NetQosPolicy -Name 'RP-Default').PriorityValue8021Action", "0",
        { "Remove-NetQosPolicy -Name 'RP-Default' -Confirm:$false" }, "");
    def.notes.push_back("only one -Default policy can exist; remove an older one first");

    std::vector<int> off;
    for (int prio = 0; prio < 8; ++prio) {
        if (!p.pfcOn(prio))
            off.push_back(prio);
    }
    if (!p.pfcPriorities.empty()) {
        auto& on = add("pfc-on", "PFC on priority " + joinInts(pfcSorted(p)),
            "Enable-NetQosFlowControl -Priority " + joinInts(pfcSorted(p)),
            "(Get-NetQosFlowControl | Where-Object Enabled).Priority -join ','", joinInts(pfcSorted(p)), {},
            std::string("the previous flow-control state: ") + kNoFacts
                + " (Windows starts with flow control off on every priority)");
        on.sets = { { "pfc", joinInts(pfcSorted(p)) } };
    }
    if (!off.empty()) {
        auto& offStep = add("pfc-off", "PFC off on priority " + joinInts(off),
            "Disable-NetQosFlowControl -Priority " + joinInts(off), "", "", {},
            std::string("the previous flow-control state: ") + kNoFacts);
        offStep.sets = { { "pfc", joinInts(pfcSorted(p)) } };
    }

    for (int tc : usedTcs(p)) {
        if (tc == p.tcOf(0))
            continue; // the implicit [Default] class gets the rest
        auto prios = prioritiesOfTc(p, tc);
        if (prios.empty())
            continue;
        std::string name = tc == p.tcOf(p.rocePriority)            ? "RP-SMB"
            : (p.heartbeat && tc == p.tcOf(p.heartbeat->priority)) ? "RP-Cluster"
                                                                   : "RP-TC" + n(tc);
        std::string line = "New-NetQosTrafficClass -Name '" + name + "' -Priority " + joinInts(prios);
        std::string title = "Traffic class " + name + " (priority " + joinInts(prios) + "): ";
        if (p.strictTc(tc)) {
            line += " -Algorithm Strict";
            title += "strict priority";
        } else {
            line += " -BandwidthPercentage " + n(p.tcBandwidth[static_cast<std::size_t>(tc)]) + " -Algorithm ETS";
            title += n(p.tcBandwidth[static_cast<std::size_t>(tc)]) + " % ETS";
        }
        auto& s = add("tc" + n(tc), title, line, "(Get-NetQosTrafficClass -Name '" + name + "').Bandwidth",
            p.strictTc(tc) ? "" : n(p.tcBandwidth[static_cast<std::size_t>(tc)]),
            { "Remove-NetQosTrafficClass -Name '" + name + "' -Confirm:$false" }, "");
        for (int prio : prios)
            s.sets.push_back({ "tc:" + n(prio), n(tc) });
    }
    {
        // The implicit [Default] class has no cmdlet of its own: it gets what the classes above leave, so the
        // last QoS step (a traffic class, else the flow-control step) is where that state is complete.
        auto& s = t.steps.back();
        for (int prio : prioritiesOfTc(p, p.tcOf(0)))
            s.sets.push_back({ "tc:" + n(prio), n(p.tcOf(0)) });
        s.sets.push_back({ "ets", etsSummary(p) });
    }

    for (const auto& itf : host.interfaces) {
        const auto q = psQuote(itf.name);
        add(itf.name + ".qos", "Enable DCB/QoS on adapter " + itf.name, "Enable-NetAdapterQos -Name " + q,
            "(Get-NetAdapterQos -Name " + q + ").Enabled", "True", {},
            std::string("whether QoS was enabled on the adapter before: ") + kNoFacts + " (Disable-NetAdapterQos -Name "
                + q + " turns it off)");
        if (p.vlan) {
            auto& v = add(itf.name + ".vlan", "VLAN " + n(*p.vlan) + " on adapter " + itf.name,
                "Set-NetAdapterAdvancedProperty -Name " + q + " -RegistryKeyword 'VlanID' -RegistryValue " + n(*p.vlan),
                "(Get-NetAdapterAdvancedProperty -Name " + q + " -RegistryKeyword 'VlanID').RegistryValue", n(*p.vlan),
                {}, std::string("the previous VLAN ID: ") + kNoFacts);
            v.sets = { { "vlan", n(*p.vlan) } };
            v.notes.push_back("RDMA traffic should be tagged: many switches drop the priority of untagged frames; "
                              "with a Hyper-V switch (SET), tag the host vNIC instead (Set-VMNetworkAdapterIsolation)");
        }
        auto& m = add(itf.name + ".mtu", "Jumbo frames on adapter " + itf.name + " (IP MTU " + n(p.hostMtu) + ")",
            "Set-NetAdapterAdvancedProperty -Name " + q + " -RegistryKeyword '*JumboPacket' -RegistryValue "
                + n(p.hostMtu + 14),
            "(Get-NetAdapterAdvancedProperty -Name " + q + " -RegistryKeyword '*JumboPacket').RegistryValue",
            n(p.hostMtu + 14), {}, std::string("the previous *JumboPacket value: ") + kNoFacts);
        m.notes.push_back("*JumboPacket counts the 14-byte Ethernet header: " + n(p.hostMtu + 14) + " = IP MTU "
            + n(p.hostMtu) + "; some drivers accept only fixed values (1514, 4088, 9014)");
        m.sets = { { "mtu", n(p.hostMtu) } };
    }
    return t;
}

} // namespace rp::gen

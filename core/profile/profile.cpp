// SPDX-License-Identifier: GPL-3.0-or-later
#include "profile/profile.h"

#include <algorithm>
#include <set>

namespace rp {
namespace {

std::string num(int v)
{
    return std::to_string(v);
}

std::string list(const std::vector<int>& values)
{
    std::string out;
    for (int v : values)
        out += (out.empty() ? "" : ",") + num(v);
    return out;
}

class Issues
{
public:
    void error(std::string code, std::string field, std::string message)
    {
        m_errors.push_back({ true, std::move(code), std::move(field), std::move(message) });
    }
    void warn(std::string code, std::string field, std::string message)
    {
        m_warnings.push_back({ false, std::move(code), std::move(field), std::move(message) });
    }
    bool range(std::string_view field, int value, int min, int max)
    {
        if (value >= min && value <= max)
            return true;
        error("range", std::string(field),
            std::string(field) + " must be " + num(min) + ".." + num(max) + ", not " + num(value));
        return false;
    }
    std::vector<ProfileIssue> take()
    {
        auto out = std::move(m_errors);
        out.insert(out.end(), m_warnings.begin(), m_warnings.end());
        return out;
    }
    bool hasErrors() const { return !m_errors.empty(); }

private:
    std::vector<ProfileIssue> m_errors;
    std::vector<ProfileIssue> m_warnings;
};

} // namespace

bool Profile::pfcOn(int priority) const
{
    return std::find(pfcPriorities.begin(), pfcPriorities.end(), priority) != pfcPriorities.end();
}

bool Profile::strictTc(int tc) const
{
    return std::find(strictTcs.begin(), strictTcs.end(), tc) != strictTcs.end();
}

std::vector<ProfileIssue> checkProfile(const Profile& p)
{
    Issues is;
    // Plain ranges first: later rules index arrays with these values.
    bool ok = true;
    ok &= is.range("roce.dscp", p.roceDscp, 0, 63);
    ok &= is.range("roce.priority", p.rocePriority, 0, 7);
    ok &= is.range("cnp.dscp", p.cnpDscp, 0, 63);
    ok &= is.range("cnp.priority", p.cnpPriority, 0, 7);
    if (p.heartbeat) {
        ok &= is.range("heartbeat.priority", p.heartbeat->priority, 0, 7);
        ok &= is.range("heartbeat.dscp", p.heartbeat->dscp, 0, 63);
    }
    for (int prio : p.pfcPriorities)
        ok &= is.range("pfc.priorities", prio, 0, 7);
    for (int tc : p.prioToTc)
        ok &= is.range("ets.prio_tc", tc, 0, 7);
    for (int bw : p.tcBandwidth)
        ok &= is.range("ets.bandwidth", bw, 0, 100);
    for (int tc : p.strictTcs)
        ok &= is.range("ets.strict", tc, 0, 7);
    if (p.vlan)
        ok &= is.range("vlan", *p.vlan, 1, 4094);
    ok &= is.range("mtu.host", p.hostMtu, 1280, 9216);
    ok &= is.range("mtu.switch", p.switchMtu, 1500, 9216);
    ok &= is.range("ecn.min_kb", p.ecn.minKb, 1, 100000);
    ok &= is.range("ecn.max_kb", p.ecn.maxKb, 1, 100000);
    ok &= is.range("ecn.probability", p.ecn.probability, 1, 100);
    ok &= is.range("rdma_cm.tos", p.rdmaCmTos, 0, 255);
    if (p.cableLengthM)
        ok &= is.range("buffer.cable_length_m", *p.cableLengthM, 1, 100000);
    if (p.losslessBufferPercent)
        ok &= is.range("buffer.lossless_percent", *p.losslessBufferPercent, 1, 99);
    if (!ok)
        return is.take();

    std::set<int> seen;
    for (int prio : p.pfcPriorities) {
        if (!seen.insert(prio).second)
            is.error("pfc.duplicate", "pfc.priorities", "pfc.priorities lists priority " + num(prio) + " twice");
    }
    std::set<int> strictSeen;
    for (int tc : p.strictTcs) {
        if (!strictSeen.insert(tc).second)
            is.error("ets.duplicate", "ets.strict", "ets.strict lists TC " + num(tc) + " twice");
    }
    if (p.mode == FlowMode::Lossless && !p.pfcOn(p.rocePriority))
        is.error("pfc.roce", "pfc.priorities",
            "pfc.priorities must include the RoCE priority " + num(p.rocePriority)
                + " (or set mode: ecn-only for a profile without PFC)");
    if (p.mode == FlowMode::EcnOnly && !p.pfcPriorities.empty())
        is.error("pfc.ecn-only", "pfc.priorities",
            "mode ecn-only must have no PFC priorities (pfc.priorities lists " + list(p.pfcPriorities) + ")");
    if (p.mode == FlowMode::EcnOnly && !p.ecn.enabled)
        is.error("ecn.ecn-only", "ecn.enabled",
            "mode ecn-only needs ecn.enabled: true: without PFC, ECN is the only congestion signal");
    if (p.trust == TrustMode::Pcp && !p.vlan)
        is.error("trust.vlan", "vlan", "trust pcp needs a vlan: untagged frames carry no PCP priority");
    if (p.rocePriority == p.cnpPriority)
        is.error("cnp.same-priority", "cnp.priority",
            "cnp.priority " + num(p.cnpPriority) + " is the RoCE priority; CNPs need their own class");
    else if (p.tcOf(p.cnpPriority) == p.tcOf(p.rocePriority))
        is.error("cnp.same-class", "cnp.priority",
            "cnp.priority " + num(p.cnpPriority) + " is in TC " + num(p.tcOf(p.cnpPriority))
                + ", the RoCE class; CNPs must not queue behind the traffic they slow down");
    if (p.trust == TrustMode::Dscp && p.cnpDscp == p.roceDscp)
        is.error("cnp.same-dscp", "cnp.dscp", "cnp.dscp " + num(p.cnpDscp) + " is the RoCE DSCP");
    if (p.heartbeat) {
        if (p.heartbeat->priority == p.rocePriority || p.heartbeat->priority == p.cnpPriority)
            is.error("heartbeat.priority", "heartbeat.priority",
                "heartbeat.priority " + num(p.heartbeat->priority) + " is already used by RoCE or CNP");
        if (p.trust == TrustMode::Dscp && (p.heartbeat->dscp == p.roceDscp || p.heartbeat->dscp == p.cnpDscp))
            is.error("heartbeat.dscp", "heartbeat.dscp",
                "heartbeat.dscp " + num(p.heartbeat->dscp) + " is already used by RoCE or CNP");
    }
    // Switches queue and pause by the class number, so lossless and RoCE priorities keep their own number.
    std::vector<int> sameNumber = p.pfcPriorities;
    sameNumber.push_back(p.rocePriority);
    for (int prio : sameNumber) {
        if (p.tcOf(prio) != prio) {
            is.error("ets.lossless-tc", "ets.prio_tc",
                "ets.prio_tc maps priority " + num(prio) + " to TC " + num(p.tcOf(prio))
                    + "; the RoCE and PFC priorities must use the TC of the same number (switch queues follow it)");
            break;
        }
    }
    bool mixed = false;
    for (int prio : p.pfcPriorities) {
        for (int other = 0; other < 8 && !mixed; ++other) {
            if (other != prio && p.tcOf(other) == prio && !p.pfcOn(other)) {
                is.error("ets.mixed-tc", "ets.prio_tc",
                    "TC " + num(prio) + " holds PFC priority " + num(prio) + " and lossy priority " + num(other)
                        + "; a lossless class must not share its queue");
                mixed = true;
            }
        }
    }
    int sum = 0;
    for (int tc = 0; tc < 8; ++tc) {
        auto bw = p.tcBandwidth[static_cast<std::size_t>(tc)];
        if (p.strictTc(tc)) {
            if (bw != 0)
                is.error("ets.strict-bw", "ets.bandwidth",
                    "ets.bandwidth of strict TC " + num(tc) + " must be 0, not " + num(bw));
            continue;
        }
        sum += bw;
        bool used = false;
        for (int prio = 0; prio < 8; ++prio)
            used = used || p.tcOf(prio) == tc;
        if (used && bw == 0)
            is.error("ets.starved", "ets.bandwidth",
                "TC " + num(tc) + " carries priorities but has 0 % bandwidth and is not strict");
    }
    if (sum != 100)
        is.error("ets.sum", "ets.bandwidth", "ets.bandwidth must sum to 100 over the ETS classes, not " + num(sum));
    bool cnpTcStrict = p.strictTc(p.tcOf(p.cnpPriority));
    if (p.cnpStrict && !cnpTcStrict)
        is.error("cnp.strict", "cnp.strict",
            "cnp.strict is true but the CNP class TC " + num(p.tcOf(p.cnpPriority)) + " is not in ets.strict");
    if (!p.cnpStrict && cnpTcStrict)
        is.error("cnp.strict", "cnp.strict",
            "cnp.strict is false but the CNP class TC " + num(p.tcOf(p.cnpPriority)) + " is in ets.strict");
    if (p.strictTc(p.tcOf(p.rocePriority)))
        is.error("ets.roce-strict", "ets.strict",
            "the RoCE class TC " + num(p.tcOf(p.rocePriority)) + " must be an ETS class, not strict");
    if (p.switchMtu < p.hostMtu)
        is.error("mtu.switch", "mtu.switch",
            "mtu.switch " + num(p.switchMtu) + " is below mtu.host " + num(p.hostMtu)
                + "; the switch would drop full-size frames");
    if (p.ecn.minKb >= p.ecn.maxKb)
        is.error("ecn.thresholds", "ecn.min_kb",
            "ecn.min_kb " + num(p.ecn.minKb) + " must be below ecn.max_kb " + num(p.ecn.maxKb));
    if (p.rdmaCmMode != p.roceMode)
        is.error("rdma_cm.mode", "rdma_cm.mode",
            "rdma_cm.mode " + toString(p.rdmaCmMode) + " differs from roce.mode " + toString(p.roceMode));
    if ((p.rdmaCmTos >> 2) != p.roceDscp || (p.rdmaCmTos & 1) != 0)
        is.error("rdma_cm.tos", "rdma_cm.tos",
            "rdma_cm.tos " + num(p.rdmaCmTos) + " does not carry DSCP " + num(p.roceDscp) + " (use "
                + num(p.roceDscp * 4) + ", or " + num(p.roceDscp * 4 + 2) + " with ECT(0))");
    if (!p.qosOnHostPorts && !p.qosOnUplinks)
        is.error("switch_ports", "switch_ports", "switch_ports: at least one of host_facing and uplinks must be true");
    if (p.roceMode == RoceMode::V1 && p.trust == TrustMode::Dscp)
        is.error("roce.v1-dscp", "trust",
            "RoCE v1 frames have no IP header, so trust dscp cannot classify them; use trust pcp with a vlan");
    if (is.hasErrors())
        return is.take();

    // Known vendor traps: warnings, the profile stays usable.
    if (p.rocePriority == 3)
        is.warn("vendor.fcoe-priority", "roce.priority",
            "priority 3 is the FCoE priority on some switches (Demartek guide); if a switch will not make it "
            "lossless for RoCE, use priority 5 on hosts and switches alike");
    if (p.trust == TrustMode::Dscp && p.roceDscp == 26)
        is.warn("vendor.sonic-dscp26", "roce.dscp",
            "SONiC's default DSCP_TO_TC_MAP sends DSCP 26 to TC1, not TC3; the SONiC output installs its own map, "
            "and a later 'config qos reload' brings the default back");
    if (p.cnpPriority != 7)
        is.warn("vendor.broadcom-cnp", "cnp.priority",
            "Broadcom (bnxt_re) NICs send CNPs on priority 7 by default; on such hosts set the CNP priority to "
                + num(p.cnpPriority) + " (bnxt_setupcc.sh -c " + num(p.cnpPriority) + ") or the switch queues them "
                + "wrongly");
    if (p.hostWilling)
        is.warn("dcbx.willing", "dcbx.host_willing",
            "dcbx.host_willing is true: a switch running DCBX can replace the host's PFC and ETS settings");
    if (p.lldpAgent == LldpAgent::Firmware)
        is.warn("dcbx.firmware", "dcbx.lldp_agent",
            "lldp_agent firmware: the NIC's own LLDP agent answers DCBX; never run a second agent (lldpad, "
            "Windows LLDP) on the same port, or PFC can end up configured but not operational");
    if (p.hostMtu < 4200)
        is.warn("mtu.roce", "mtu.host",
            "mtu.host " + num(p.hostMtu) + " keeps the RoCE path MTU below 4096 (the largest RoCE MTU that fits is "
                + num(p.hostMtu >= 2200 ? 2048 : 1024) + ")");
    if (p.vlan && *p.vlan == 1)
        is.warn("vlan.default", "vlan", "vlan 1 is the default/native VLAN on most switches and often leaves untagged");
    if (p.mode == FlowMode::Lossless && !p.ecn.enabled)
        is.warn(
            "ecn.off", "ecn.enabled", "ECN is off: PFC alone spreads congestion (pause storms, head-of-line blocking)");
    if (p.mode == FlowMode::Lossless && p.pfcOn(p.cnpPriority))
        is.warn("pfc.cnp", "pfc.priorities", "PFC is on for the CNP priority; CNPs are normally lossy and strict");
    return is.take();
}

Result<void> validateProfile(const Profile& profile)
{
    for (const auto& issue : checkProfile(profile)) {
        if (issue.error)
            return fail(ErrorKind::Validation, issue.message, issue.field);
    }
    return {};
}

std::string tosExplanation(const Profile& p)
{
    int base = p.roceDscp * 4;
    return "rdma_cm default ToS " + num(p.rdmaCmTos) + ": the ToS byte is DSCP x 4 plus the two ECN bits. DSCP "
        + num(p.roceDscp) + " is ToS " + num(base) + " (ECN bits 00, Not-ECT) or " + num(base + 2)
        + " (ECN bits 10, ECT(0)). Switches classify on the DSCP alone, so both land in the same class; "
          "guides that say "
        + num(base + 2) + " include ECT(0), guides that say " + num(base)
        + " leave ECN marking to the NIC. Never use an odd value: ECT(1) or CE set by the sender confuses ECN.";
}

std::string toString(RoceMode mode)
{
    return mode == RoceMode::V1 ? "v1" : "v2";
}

std::string toString(TrustMode trust)
{
    return trust == TrustMode::Pcp ? "pcp" : "dscp";
}

std::string toString(LldpAgent agent)
{
    return agent == LldpAgent::Firmware ? "firmware" : "os";
}

std::string toString(FlowMode mode)
{
    return mode == FlowMode::EcnOnly ? "ecn-only" : "lossless";
}

const std::vector<Preset>& presets()
{
    static const std::vector<Preset> all = [] {
        std::vector<Preset> out;
        Profile base;
        base.name = "lossless-dscp";
        base.description
            = "Lossless RoCE v2 with DSCP trust, the NVIDIA/Cumulus convention: RoCE traffic is marked DSCP 26 and "
              "runs on priority 3 with PFC, in traffic class 3 with 50 % of the bandwidth (ETS); congestion "
              "notification packets (CNP, DSCP 48) run on priority 6 in a strict-priority class so they are never "
              "stuck behind the data they slow down; everything else shares class 0 with the other 50 %. Switches "
              "mark ECN from about 150 KB of queue and always at 1.5 MB, so DCQCN slows senders before PFC has to "
              "pause a link. No VLAN is needed because the priority travels in the IP header.";
        out.push_back(
            { "lossless-dscp", "Lossless RoCE v2, DSCP trust (26 -> 3, CNP 48 -> 6)", base.description, base });

        Profile pcp = base;
        pcp.name = "lossless-pcp-vlan";
        pcp.trust = TrustMode::Pcp;
        pcp.vlan = 2;
        pcp.description
            = "Lossless RoCE with PCP trust on VLAN 2, as in the Demartek RoCE deployment guide: the priority "
              "travels in the 802.1Q tag, so RoCE must run on a tagged VLAN interface whose egress map puts every "
              "packet on priority 3, and every switch port must carry VLAN 2 tagged. PFC is on priority 3; CNPs "
              "use priority 6 in a strict class; ETS gives class 3 and class 0 half each; ECN marks from 150 KB "
              "to 1.5 MB. Choose this when switches or NICs cannot classify on DSCP, or to match an existing "
              "VLAN-based design.";
        out.push_back(
            { "lossless-pcp-vlan", "Lossless RoCE, PCP trust on VLAN 2 (Demartek guide)", pcp.description, pcp });

        Profile win = base;
        win.name = "windows-smb";
        win.trust = TrustMode::Pcp;
        win.vlan = 711;
        win.heartbeat = HeartbeatClass { 7, 56 };
        win.cnpPriority = 6;
        win.cnpStrict = false;
        win.prioToTc = { 0, 0, 0, 3, 0, 0, 0, 7 };
        win.tcBandwidth = { 49, 0, 0, 50, 0, 0, 0, 1 };
        win.strictTcs = {};
        win.description
            = "Windows SMB Direct with the Network ATC defaults: SMB Direct (port 445) on priority 3 with PFC and "
              "50 % of the bandwidth, the cluster heartbeat on priority 7 with 1 % (Network ATC uses 2 % on links "
              "of 10 Gb/s or less), all other traffic on priority 0 with the rest. Windows classifies by 802.1p "
              "priority only (Microsoft does not test Azure Local with DSCP), so the storage adapters need a VLAN "
              "(711, the first Network ATC storage VLAN) and the switch trusts PCP. DCBX willing is off on the "
              "hosts; the switch must be configured first. Windows sets no CNP class: CNPs on priority 6 share "
              "the default class.";
        out.push_back({ "windows-smb", "Windows SMB Direct (Network ATC defaults: SMB 3, cluster 7, default 0)",
            win.description, win });

        Profile ecn = base;
        ecn.name = "ecn-only";
        ecn.mode = FlowMode::EcnOnly;
        ecn.pfcPriorities = {};
        ecn.pfcWatchdog = false;
        ecn.description
            = "ECN only (\"semi-lossless\", no PFC): RoCE v2 on DSCP 26 / priority 3 and CNPs on DSCP 48 / priority "
              "6 strict, with ECN marking from 150 KB to 1.5 MB so DCQCN slows senders, but no link is ever paused. "
              "Packets can be dropped under heavy incast and the NIC retransmits (go-back-N or selective repeat, "
              "depending on the NIC). Use it where PFC is not allowed or not trusted (no pause storms, no "
              "head-of-line blocking), with NICs whose loss recovery is good.";
        out.push_back({ "ecn-only", "ECN only, no PFC (\"semi-lossless\")", ecn.description, ecn });

        Profile custom = base;
        custom.name = "custom";
        custom.description = "Custom profile: starts from the lossless DSCP preset; change any field, and the "
                             "validation explains what does not fit together.";
        out.push_back({ "custom", "Custom (start from lossless DSCP)", custom.description, custom });
        return out;
    }();
    return all;
}

std::optional<Preset> findPreset(std::string_view id)
{
    for (const auto& preset : presets()) {
        if (preset.id == id)
            return preset;
    }
    return std::nullopt;
}

} // namespace rp

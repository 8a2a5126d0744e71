// SPDX-License-Identifier: GPL-3.0-or-later
// QoS rules: PFC priorities (M5), DCBX willing (M7), trust (M8), the RoCE DSCP's priority (M9), rdma_cm ToS
// (M10) and RoCE mode (M1), ETS (M14).
#include "diagnose/context.h"

#include <algorithm>
#include <numeric>
#include <set>

namespace rp::diag::detail {

namespace {

std::vector<int> parseList(const std::string& s)
{
    std::vector<int> out;
    std::size_t i = 0;
    while (i < s.size()) {
        auto comma = s.find(',', i);
        auto part = s.substr(i, comma == std::string::npos ? std::string::npos : comma - i);
        if (!part.empty() && part != "none" && std::all_of(part.begin(), part.end(), ::isdigit))
            out.push_back(std::stoi(part));
        if (comma == std::string::npos)
            break;
        i = comma + 1;
    }
    return out;
}

/// One vote per host and physical netdev in a segment (a host's VLAN and untagged addresses share one DCB).
template <class F> std::vector<Vote> dcbVotes(Context& ctx, const Segment& seg, F&& value)
{
    std::vector<Vote> votes;
    std::set<std::pair<std::size_t, std::string>> seen;
    for (auto ei : seg.endpoints) {
        const auto& e = ctx.endpoints[ei];
        if (!seen.insert({ e.host, e.physNetdev }).second)
            continue;
        const Netdev* n = ctx.dcbNetdev(e);
        if (!n)
            continue;
        if (auto v = value(e, *n))
            votes.push_back({ ei, v->first, v->second });
    }
    return votes;
}

int roceDscp(const Context& ctx)
{
    return ctx.opts.profile ? ctx.opts.profile->roceDscp : 26;
}

int rocePriority(const Context& ctx)
{
    return ctx.opts.profile ? ctx.opts.profile->rocePriority : 3;
}

void rulePfc(Context& ctx)
{
    std::optional<std::string> profileValue;
    if (ctx.opts.profile) {
        auto v = ctx.opts.profile->mode == FlowMode::Lossless ? ctx.opts.profile->pfcPriorities : std::vector<int> {};
        std::sort(v.begin(), v.end());
        profileValue = joinInts(v);
    }
    for (const auto& seg : ctx.segments) {
        auto votes = dcbVotes(
            ctx, seg, [&](const Endpoint& e, const Netdev& n) -> std::optional<std::pair<std::string, Evidence>> {
                if (!n.dcb.pfcEnabled)
                    return std::nullopt;
                auto v = pfcList(*n.dcb.pfcEnabled);
                return std::pair { v,
                    ctx.ev(ctx.hostOf(e), n.name + " PFC enabled priorities", v, ctx.whereDcb(ctx.hostOf(e), n.name)) };
            });
        if (!votes.empty() && (votes.size() >= 2 || profileValue))
            ctx.markEvaluated("M5");
        CompareSpec spec;
        spec.ruleId = "pfc.priority";
        spec.check = "M5";
        spec.title = "PFC is enabled on different priorities";
        spec.severity = Severity::Error;
        spec.explanation = "Priority Flow Control pauses one priority at a time. Both ends of every link (and every "
                           "host that talks to another) must pause the same priority, the one RoCE traffic is sent "
                           "on; otherwise one side sends pause frames the other ignores and RoCE packets are dropped "
                           "under load, which shows up as retransmits and collapsing throughput.";
        spec.keys = { "pfc" };
        spec.adjust = [](Profile& p, const std::string& value) {
            p.pfcPriorities = parseList(value);
            p.mode = p.pfcPriorities.empty() ? FlowMode::EcnOnly : FlowMode::Lossless;
            if (!p.pfcPriorities.empty())
                p.rocePriority = p.pfcPriorities.front();
        };
        compareInSegment(ctx, seg, votes, spec, profileValue);
    }
}

void ruleWilling(Context& ctx)
{
    std::set<std::pair<std::size_t, std::string>> seen;
    for (const auto& e : ctx.endpoints) {
        if (!seen.insert({ e.host, e.physNetdev }).second)
            continue;
        const Netdev* n = ctx.dcbNetdev(e);
        if (!n || !n->dcb.willing)
            continue;
        ctx.markEvaluated("M7");
        const auto& h = ctx.hostOf(e);
        bool wanted = ctx.opts.profile && ctx.opts.profile->hostWilling;
        if (*n->dcb.willing == wanted)
            continue;
        Finding f;
        f.ruleId = "dcbx.willing";
        f.check = "M7";
        f.title = *n->dcb.willing ? "Host accepts the switch's DCB settings (DCBX willing)"
                                  : "Host ignores the switch's DCB settings (DCBX not willing) against the profile";
        f.severity = Severity::Warning;
        f.hosts = { h.name };
        f.ports = { h.name + ":" + n->name };
        f.evidence.push_back(
            ctx.ev(h, n->name + " DCBX willing", *n->dcb.willing ? "on" : "off", ctx.whereDcb(h, n->name)));
        if (n->dcb.dcbxMode)
            f.evidence.push_back(ctx.ev(h, n->name + " DCBX mode", *n->dcb.dcbxMode, ctx.whereDcb(h, n->name)));
        f.explanation = *n->dcb.willing
            ? "With DCBX willing on, the host takes PFC and ETS from whatever its switch port advertises, so settings "
              "made on the host can be replaced silently, and if the switch advertises nothing useful PFC ends up "
              "configured but not operational. Switch and host should not both be willing; the usual choice is a "
              "host that is not willing with settings matching the switch."
            : "The profile expects the host to take its DCB settings from the switch (willing on), but it keeps its "
              "own.";
        f.fixes = ctx.fixHost(e, { "ets" }, {});
        ctx.findings.push_back(std::move(f));
    }
}

void ruleTrust(Context& ctx)
{
    std::optional<std::string> profileValue;
    if (ctx.opts.profile)
        profileValue = toString(ctx.opts.profile->trust);
    for (const auto& seg : ctx.segments) {
        auto votes = dcbVotes(
            ctx, seg, [&](const Endpoint& e, const Netdev& n) -> std::optional<std::pair<std::string, Evidence>> {
                if (!n.dcb.trust)
                    return std::nullopt;
                return std::pair { *n.dcb.trust,
                    ctx.ev(ctx.hostOf(e), n.name + " trust", *n.dcb.trust, ctx.whereDcb(ctx.hostOf(e), n.name)) };
            });
        if (!votes.empty() && (votes.size() >= 2 || profileValue))
            ctx.markEvaluated("M8");
        CompareSpec spec;
        spec.ruleId = "qos.trust";
        spec.check = "M8";
        spec.title = "Hosts classify traffic by different fields (trust PCP vs DSCP)";
        spec.severity = Severity::Error;
        spec.explanation = "The trust mode says which header field picks a packet's priority: the VLAN tag's PCP "
                           "bits or the IP header's DSCP. When hosts (or a host and its switch) trust different "
                           "fields, RoCE packets marked correctly for one land in the default, lossy queue of the "
                           "other.";
        spec.keys = { "trust", "dscp:" };
        spec.adjust
            = [](Profile& p, const std::string& value) { p.trust = value == "pcp" ? TrustMode::Pcp : TrustMode::Dscp; };
        compareInSegment(ctx, seg, votes, spec, profileValue);
    }
    // PCP trust needs a VLAN tag.
    for (const auto& e : ctx.endpoints) {
        const Netdev* n = ctx.dcbNetdev(e);
        if (!n || !n->dcb.trust || *n->dcb.trust != "pcp" || e.vlan)
            continue;
        const auto& h = ctx.hostOf(e);
        Finding f;
        f.ruleId = "qos.pcp-untagged";
        f.check = "M8";
        f.title = "PCP trust on untagged RoCE traffic";
        f.severity = Severity::Error;
        f.hosts = { h.name };
        f.ports = { ctx.label(e), h.name + ":" + e.netdev };
        f.evidence.push_back(ctx.ev(h, n->name + " trust", "pcp", ctx.whereDcb(h, n->name)));
        f.evidence.push_back(ctx.ev(h, e.netdev + " VLAN", "none (address " + e.address + " is untagged)",
            ctx.whereNetdev(h, e.netdev, "address")));
        f.explanation = "PCP is carried in the VLAN tag. RoCE traffic on the untagged address " + e.address
            + " has no tag, so with PCP trust it is classified as priority 0 and never gets the lossless priority. "
              "Either send RoCE on a VLAN (with an egress priority map) or trust DSCP.";
        f.fixes = ctx.fixHost(
            e, { "trust", "dscp:" }, [](Profile& p) { p.trust = TrustMode::Dscp; }, " with DSCP trust");
        ctx.findings.push_back(std::move(f));
    }
}

void ruleDscpMap(Context& ctx)
{
    int dscp = roceDscp(ctx);
    int prio = rocePriority(ctx);
    std::set<std::pair<std::size_t, std::string>> seen;
    for (const auto& e : ctx.endpoints) {
        if (!seen.insert({ e.host, e.physNetdev }).second)
            continue;
        const Netdev* n = ctx.dcbNetdev(e);
        if (!n || (n->dcb.trust && *n->dcb.trust != "dscp") || (!n->dcb.trust && n->dcb.dscpToPrio.empty()))
            continue;
        ctx.markEvaluated("M9");
        auto it = n->dcb.dscpToPrio.find(dscp);
        // No entry: the kernel's default maps DSCP d to priority d >> 3 (26 -> 3).
        int actual = it != n->dcb.dscpToPrio.end() ? it->second : dscp >> 3;
        if (actual == prio)
            continue;
        const auto& h = ctx.hostOf(e);
        Finding f;
        f.ruleId = "qos.dscp-priority";
        f.check = "M9";
        f.title = "RoCE DSCP " + std::to_string(dscp) + " is not mapped to priority " + std::to_string(prio);
        f.severity = Severity::Error;
        f.hosts = { h.name };
        f.ports = { h.name + ":" + n->name };
        f.evidence.push_back(ctx.ev(h, n->name + " DSCP " + std::to_string(dscp) + " -> priority",
            std::to_string(actual) + (it == n->dcb.dscpToPrio.end() ? " (no entry: default DSCP>>3)" : ""),
            ctx.whereDcb(h, n->name)));
        f.explanation = "With DSCP trust the host puts RoCE packets (DSCP " + std::to_string(dscp)
            + ") on the priority its DSCP map names. It names " + std::to_string(actual)
            + ", but PFC and the "
              "switch expect priority "
            + std::to_string(prio) + ", so RoCE runs on a lossy priority.";
        f.fixes = ctx.fixHost(e, { "dscp:" }, {});
        ctx.findings.push_back(std::move(f));
    }
}

std::string normalizeMode(const std::string& m)
{
    auto t = gidTypeFromString(m);
    return t == GidType::Unknown ? m : toString(t);
}

void ruleCnp(Context& ctx);

void ruleRdmaCm(Context& ctx)
{
    for (const auto& seg : ctx.segments) {
        std::vector<Vote> modes, toses;
        std::set<std::pair<std::size_t, std::string>> seen;
        for (auto ei : seg.endpoints) {
            const auto& e = ctx.endpoints[ei];
            const auto& h = ctx.hostOf(e);
            if (!h.rdmaCmRead || !seen.insert({ e.host, e.device->name }).second)
                continue;
            const RdmaCmSetting* s = nullptr;
            for (const auto& x : h.rdmaCm)
                if (x.device == e.device->name && x.port == e.port->number)
                    s = &x;
            std::string where
                = "/sys/kernel/config/rdma_cm/" + e.device->name + "/ports/" + std::to_string(e.port->number);
            if (s && s->line && h.source == "paste")
                where = h.origin + ":" + std::to_string(s->line);
            std::string mode = s && s->mode ? normalizeMode(*s->mode) : "RoCE v2";
            std::string tos = s && s->tos ? std::to_string(*s->tos) : "0";
            modes.push_back({ ei, mode,
                ctx.ev(h, e.device->name + " rdma_cm default_roce_mode",
                    mode + (s && s->mode ? "" : " (not set: kernel default)"), where + "/default_roce_mode") });
            toses.push_back({ ei, tos,
                ctx.ev(h, e.device->name + " rdma_cm default_roce_tos",
                    tos + (s && s->tos ? "" : " (not set: kernel default)"), where + "/default_roce_tos") });
        }
        if (!modes.empty()) {
            ctx.markEvaluated("M1");
            ctx.markEvaluated("M10");
        }
        CompareSpec mode;
        mode.ruleId = "rdmacm.mode";
        mode.check = "M1";
        mode.title = "rdma_cm uses a different RoCE mode";
        mode.severity = Severity::Error;
        mode.explanation = "Applications that connect through rdma_cm (perftest -R, NCCL, MPI, NVMe-oF, SMB Direct) "
                           "take the RoCE version from default_roce_mode. A host set to RoCE v1 sends raw Ethernet "
                           "frames its RoCE v2 peers do not accept; the connection fails with a reject or a timeout.";
        mode.keys = { "rdma_cm.mode" };
        mode.adjust = [](Profile& p, const std::string& v) {
            p.rdmaCmMode = gidTypeFromString(v) == GidType::IbRoceV1 ? RoceMode::V1 : RoceMode::V2;
        };
        std::optional<std::string> profileMode;
        if (ctx.opts.profile)
            profileMode = ctx.opts.profile->rdmaCmMode == RoceMode::V1 ? "IB/RoCE v1" : "RoCE v2";
        compareInSegment(ctx, seg, modes, mode, profileMode);
        CompareSpec tos;
        tos.ruleId = "rdmacm.tos";
        tos.check = "M10";
        tos.title = "rdma_cm marks RoCE traffic with a different ToS";
        tos.severity = Severity::Warning;
        tos.explanation = "default_roce_tos is the IP ToS byte rdma_cm connections send with: DSCP x 4 (+2 for ECN), "
                          "e.g. 104 or 106 for DSCP 26. Hosts marking differently put the two directions of one "
                          "connection on different priorities: one direction may be lossless and the other lossy, and "
                          "ECN/CNP behave differently.";
        tos.keys = { "rdma_cm.tos" };
        tos.adjust = [](Profile& p, const std::string& v) { p.rdmaCmTos = std::stoi(v); };
        std::optional<std::string> profileTos;
        if (ctx.opts.profile)
            profileTos = std::to_string(ctx.opts.profile->rdmaCmTos);
        compareInSegment(ctx, seg, toses, tos, profileTos);
    }
    ruleCnp(ctx);
}

/// M11: the DSCP the hosts' CNPs carry (MLNX_OFED ecn/roce_np/cnp_dscp) agrees across hosts and lands in the
/// switches' CNP class.
void ruleCnp(Context& ctx)
{
    std::set<std::pair<std::size_t, std::string>> seen;
    std::map<std::size_t, std::vector<Vote>> bySegment;
    for (std::size_t si = 0; si < ctx.segments.size(); ++si)
        for (auto ei : ctx.segments[si].endpoints) {
            const auto& e = ctx.endpoints[ei];
            const Netdev* n = ctx.dcbNetdev(e);
            if (!n || !n->dcb.cnpDscp)
                continue;
            ctx.markEvaluated("M11");
            bySegment[si].push_back({ ei, std::to_string(*n->dcb.cnpDscp),
                ctx.ev(ctx.hostOf(e), n->name + " CNP DSCP", std::to_string(*n->dcb.cnpDscp),
                    ctx.whereNetdev(ctx.hostOf(e), n->name, "ecn/roce_np/cnp_dscp")) });
        }
    CompareSpec spec;
    spec.ruleId = "cnp.dscp";
    spec.check = "M11";
    spec.title = "Hosts mark their CNPs with a different DSCP";
    spec.severity = Severity::Warning;
    spec.explanation = "A receiver that sees ECN-marked RoCE packets answers with CNPs; the switches give CNPs their "
                       "own strict class by DSCP (48 by default). A host whose CNPs carry another DSCP has them queued "
                       "behind the data they should slow down, so its senders react late to congestion.";
    spec.keys = { "cnp.dscp" };
    spec.adjust = [](Profile& p, const std::string& v) { p.cnpDscp = std::stoi(v); };
    std::optional<std::string> profileCnp;
    if (ctx.opts.profile)
        profileCnp = std::to_string(ctx.opts.profile->cnpDscp);
    for (auto& [si, votes] : bySegment)
        compareInSegment(ctx, ctx.segments[si], votes, spec, profileCnp);
    // The switch side: each host CNP DSCP the switch's map states must land in the CNP class.
    const int cnpTc = ctx.fixBase.tcOf(ctx.fixBase.cnpPriority);
    std::set<std::string> done;
    for (auto& [si, votes] : bySegment)
        for (const auto& v : votes) {
            int dscp = std::stoi(v.value);
            for (const auto& sp : ctx.snap.switchPorts) {
                auto it = sp.dscpToTc.find(dscp);
                if (it == sp.dscpToTc.end() || it->second == cnpTc
                    || !done.insert(sp.switchName + ":" + sp.port + "|" + v.value).second)
                    continue;
                Finding f;
                f.ruleId = "switch.cnp-class";
                f.check = "M11";
                f.title = "Switch queues the hosts' CNPs outside the CNP class";
                f.severity = Severity::Error;
                f.hosts = { v.evidence.host };
                f.switchPorts = { sp.switchName + ":" + sp.port };
                f.evidence.push_back(v.evidence);
                f.evidence.push_back(
                    Evidence { sp.switchName, "DSCP " + v.value + " -> traffic class", std::to_string(it->second),
                        (sp.origin.empty() ? sp.switchName : sp.origin)
                            + (sp.line ? ":" + std::to_string(sp.line) : std::string())
                            + (sp.command.empty() ? std::string() : " (`" + sp.command + "`)"),
                        sp.readAt.empty() ? std::string("as pasted") : sp.readAt });
                f.explanation = "The hosts send CNPs with DSCP " + v.value + "; this switch puts that DSCP in TC "
                    + std::to_string(it->second) + ", not the CNP class (TC " + std::to_string(cnpTc)
                    + ", strict): congestion notifications wait behind the traffic they should slow down.";
                if (auto vendor = switchVendorFromString(sp.vendor);
                    vendor && sp.port != "*" && sp.port.front() != '(' && sp.port.find('*') == std::string::npos) {
                    Profile p = ctx.fixBase;
                    p.cnpDscp = dscp;
                    f.fixes = switchFix(sp.switchName, *vendor, sp.port, p, { "dscp-tc:", "cnp.tc" }, ctx.fixWhy);
                }
                ctx.findings.push_back(std::move(f));
            }
        }
}

void ruleEts(Context& ctx)
{
    std::set<std::pair<std::size_t, std::string>> seen;
    int prio = rocePriority(ctx);
    for (const auto& e : ctx.endpoints) {
        if (!seen.insert({ e.host, e.physNetdev }).second)
            continue;
        const Netdev* n = ctx.dcbNetdev(e);
        if (!n || !n->dcb.tcBandwidth)
            continue;
        ctx.markEvaluated("M14");
        const auto& h = ctx.hostOf(e);
        const auto& bw = *n->dcb.tcBandwidth;
        int sum = 0;
        std::string list;
        for (std::size_t tc = 0; tc < 8; ++tc) {
            bool ets = !n->dcb.tcTsa || (*n->dcb.tcTsa)[tc] == "ets" || (*n->dcb.tcTsa)[tc].empty();
            if (ets)
                sum += bw[tc];
            list += (list.empty() ? "" : " ") + std::to_string(tc) + ":" + std::to_string(bw[tc])
                + (n->dcb.tcTsa ? "/" + (*n->dcb.tcTsa)[tc] : std::string());
        }
        Evidence bwEv = ctx.ev(h, n->name + " ETS bandwidth per TC (tc:percent/tsa)", list, ctx.whereDcb(h, n->name));
        if (sum != 100 && sum != 0) {
            Finding f;
            f.ruleId = "ets.bandwidth-sum";
            f.check = "M14";
            f.title = "ETS bandwidths do not add up to 100 %";
            f.severity = Severity::Error;
            f.hosts = { h.name };
            f.ports = { h.name + ":" + n->name };
            f.evidence.push_back(bwEv);
            f.explanation = "The ETS traffic classes share the link by percentages that must add up to 100 (they add "
                            "up to "
                + std::to_string(sum)
                + " here). Drivers reject or rescale such a table, so the "
                  "RoCE class does not get the share that was meant.";
            f.fixes = ctx.fixHost(e, { "ets", "tc:" }, {});
            ctx.findings.push_back(std::move(f));
        }
        if (n->dcb.prioToTc) {
            auto tc = static_cast<std::size_t>((*n->dcb.prioToTc)[static_cast<std::size_t>(prio)]);
            bool ets = tc < 8 && (!n->dcb.tcTsa || (*n->dcb.tcTsa)[tc] == "ets");
            if (tc < 8 && ets && bw[tc] == 0) {
                Finding f;
                f.ruleId = "ets.roce-class-starved";
                f.check = "M14";
                f.title = "RoCE priority " + std::to_string(prio) + " sits in a traffic class with 0 % bandwidth";
                f.severity = Severity::Warning;
                f.hosts = { h.name };
                f.ports = { h.name + ":" + n->name };
                f.evidence.push_back(ctx.ev(h, n->name + " priority " + std::to_string(prio) + " -> TC",
                    std::to_string(tc), ctx.whereDcb(h, n->name)));
                f.evidence.push_back(bwEv);
                f.explanation = "Priority " + std::to_string(prio) + " (RoCE) is mapped to traffic class "
                    + std::to_string(tc)
                    + ", which ETS gives no guaranteed bandwidth: under load from other classes "
                      "RoCE is starved.";
                f.fixes = ctx.fixHost(e, { "ets", "tc:" }, {});
                ctx.findings.push_back(std::move(f));
            }
        }
    }
}

/// One host is enough: where does this host put its own RoCE traffic, and is that priority paused? The pair rules
/// stay silent when every host shares the mistake (PFC on 4 while DSCP 26 lands on 3 everywhere).
void ruleRocePriorityProtected(Context& ctx)
{
    std::set<std::pair<std::size_t, std::string>> seen;
    for (const auto& e : ctx.endpoints) {
        if (!seen.insert({ e.host, e.physNetdev }).second)
            continue;
        const Netdev* n = ctx.dcbNetdev(e);
        if (!n || !n->dcb.pfcEnabled)
            continue;
        const auto& h = ctx.hostOf(e);
        bool samePort = false;
        for (const auto& f : ctx.findings)
            samePort = samePort
                || ((f.ruleId == "pfc.priority" || f.ruleId == "qos.dscp-priority" || f.ruleId == "qos.pcp-untagged")
                    && std::ranges::find(f.hosts, h.name) != f.hosts.end());
        if (samePort)
            continue; // already told, against the peers or the profile
        const auto& pfc = *n->dcb.pfcEnabled;
        Finding f;
        f.check = "M5";
        f.hosts = { h.name };
        f.ports = { ctx.label(e), h.name + ":" + n->name };
        f.evidence.push_back(ctx.ev(h, n->name + " PFC enabled priorities", pfcList(pfc), ctx.whereDcb(h, n->name)));
        if (std::none_of(pfc.begin(), pfc.end(), [](bool on) { return on; })) {
            if (ctx.opts.profile && ctx.opts.profile->mode != FlowMode::Lossless)
                continue; // meant to run lossy (ECN only)
            f.ruleId = "pfc.off";
            f.title = "PFC is off on every priority of " + n->name;
            f.severity = Severity::Warning;
            f.explanation = h.name + " pauses no priority on " + n->name
                + ": RoCE runs lossy there, and every drop under congestion costs a retransmission timeout (the "
                  "'transport retry counter exceeded' of NCCL and perftest when it happens too often). That is "
                  "right only for a lossy RoCE design with ECN; for a lossless one, enable PFC on the RoCE priority "
                  "on the host and its switch port.";
            f.fixes = ctx.fixHost(e, { "pfc" }, {});
            ctx.markEvaluated("M5");
            ctx.findings.push_back(std::move(f));
            continue;
        }
        // The priority this host gives RoCE: rdma_cm's ToS when set (else the RoCE DSCP), through its trust.
        int dscp = roceDscp(ctx);
        std::string dscpWhy = "the RoCE DSCP " + std::to_string(dscp);
        for (const auto& cm : h.rdmaCm)
            if (cm.device == e.device->name && cm.port == e.port->number && cm.tos && *cm.tos > 0) {
                dscp = *cm.tos >> 2;
                dscpWhy = "rdma_cm's ToS " + std::to_string(*cm.tos) + " = DSCP " + std::to_string(dscp);
            }
        int prio = 0;
        std::string path;
        if (n->dcb.trust.value_or(n->dcb.dscpToPrio.empty() ? "" : "dscp") == "dscp") {
            auto it = n->dcb.dscpToPrio.find(dscp);
            prio = it != n->dcb.dscpToPrio.end() ? it->second : dscp >> 3;
            path = dscpWhy + " -> priority " + std::to_string(prio) + " (trust dscp"
                + (it == n->dcb.dscpToPrio.end() ? ", default map DSCP>>3)" : ", its DSCP map)");
        } else if (n->dcb.trust && *n->dcb.trust == "pcp" && !e.vlan) {
            prio = 0;
            path = "untagged traffic -> priority 0 (trust pcp)";
        } else {
            continue; // PCP on a VLAN: the egress map decides; not read here
        }
        ctx.markEvaluated("M5");
        if (pfc[static_cast<std::size_t>(prio)])
            continue;
        f.ruleId = "qos.roce-priority-no-pfc";
        f.title = "RoCE traffic of " + h.name + " is not on a PFC priority";
        f.severity = Severity::Error;
        f.evidence.push_back(ctx.ev(h, n->name + " RoCE priority", path, ctx.whereDcb(h, n->name)));
        f.explanation = "On " + h.name + " RoCE packets get priority " + std::to_string(prio) + " (" + path
            + "), but PFC pauses only " + pfcList(pfc)
            + ". So RoCE runs on a lossy priority while the protected one carries nothing: drops under load, "
              "retransmissions and 'retry counter exceeded' errors. Either mark RoCE so it lands on the PFC priority "
              "(DSCP, ToS, trust) or enable PFC on priority "
            + std::to_string(prio) + ", on the host and its switch port alike.";
        f.fixes = ctx.fixHost(e, { "pfc", "trust", "dscp:" }, {});
        ctx.findings.push_back(std::move(f));
    }
}

} // namespace

void rulesQos(Context& ctx)
{
    rulePfc(ctx);
    ruleWilling(ctx);
    ruleTrust(ctx);
    ruleDscpMap(ctx);
    ruleRdmaCm(ctx);
    ruleEts(ctx);
    ruleRocePriorityProtected(ctx);
}

} // namespace rp::diag::detail

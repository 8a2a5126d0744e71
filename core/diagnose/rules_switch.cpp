// SPDX-License-Identifier: GPL-3.0-or-later
// Switch port rules: PFC priorities (M5), operational PFC (M6), trust (M8), the RoCE DSCP's class (M9), port MTU
// (M13), PFC watchdog storms (M16) and pause on lossy priorities (M18), each against the hosts (or the profile).
#include "diagnose/context.h"

#include <algorithm>
#include <set>

namespace rp::diag::detail {

std::string portWhere(const SwitchPortQos& p, int line)
{
    const int at = line ? line : p.line;
    return (p.origin.empty() ? p.switchName : p.origin) + (at ? ":" + std::to_string(at) : std::string()) + " ("
        + p.vendor + (p.command.empty() ? std::string(" show output") : " `" + p.command + "`") + ")";
}

std::string portWhen(const SwitchPortQos& p)
{
    return p.readAt.empty() ? std::string("as pasted") : p.readAt;
}

namespace {

/// The value most hosts have (each host and physical netdev counted once), with an example host.
template <class F> std::optional<std::pair<std::string, Evidence>> hostMajority(Context& ctx, F&& value)
{
    std::map<std::string, std::pair<std::size_t, Evidence>> counts;
    std::set<std::pair<std::size_t, std::string>> seen;
    for (const auto& e : ctx.endpoints) {
        if (!seen.insert({ e.host, e.physNetdev }).second)
            continue;
        if (auto v = value(e)) {
            auto& slot = counts[v->first];
            if (slot.first++ == 0)
                slot.second = v->second;
        }
    }
    std::optional<std::pair<std::string, Evidence>> best;
    std::size_t n = 0;
    for (auto& [v, c] : counts)
        if (c.first > n) {
            n = c.first;
            best = std::pair { v, c.second };
        }
    return best;
}

/// A port the generators can write a fix for: one named port, not "*" (every port), a profile or a wildcard.
bool fixablePort(const std::string& port)
{
    return !port.empty() && port != "*" && port.front() != '(' && port.find('*') == std::string::npos;
}

/// What every switch fix starts from: the profile (given or preset) and the sentence saying which.
struct FixBase
{
    Profile profile;
    std::string why;
};

std::string portLabel(const SwitchPortQos& sp)
{
    return sp.switchName + ":" + sp.port;
}

/// The generators' fix for the port, when they know its vendor and can name it.
void addFix(Finding& f, const SwitchPortQos& sp, const FixBase& base, const std::vector<std::string>& keys,
    const std::function<void(Profile&)>& adjust = {})
{
    auto vendor = switchVendorFromString(sp.vendor);
    if (!vendor || !fixablePort(sp.port))
        return;
    Profile p = base.profile;
    if (adjust)
        adjust(p);
    f.fixes = switchFix(sp.switchName, *vendor, sp.port, p, keys, base.why);
}

void ruleSwitchPfc(Context& ctx, const FixBase& base)
{
    auto hostPfc = hostMajority(ctx, [&](const Endpoint& e) -> std::optional<std::pair<std::string, Evidence>> {
        const Netdev* n = ctx.dcbNetdev(e);
        if (!n || !n->dcb.pfcEnabled)
            return std::nullopt;
        auto v = pfcList(*n->dcb.pfcEnabled);
        return std::pair { v,
            ctx.ev(ctx.hostOf(e), n->name + " PFC enabled priorities", v, ctx.whereDcb(ctx.hostOf(e), n->name)) };
    });
    std::string refPfc = ctx.opts.profile ? [&] {
        auto v = ctx.opts.profile->mode == FlowMode::Lossless ? ctx.opts.profile->pfcPriorities : std::vector<int> {};
        std::sort(v.begin(), v.end());
        return joinInts(v);
    }() : (hostPfc ? hostPfc->first : std::string());
    // Ports LLDP shows a host on (and, for a switch-wide entry, switches with any).
    std::set<std::string> lldpHostPorts;
    for (const auto& l : hostSwitchLinks(ctx.snap)) {
        lldpHostPorts.insert(l.switchName + ":" + l.switchPort);
        lldpHostPorts.insert(l.switchName + ":*");
    }
    for (const auto& sp : ctx.snap.switchPorts) {
        const auto label = portLabel(sp);
        if (sp.pfcPriorities) {
            ctx.markEvaluated("M5");
            auto v = *sp.pfcPriorities;
            std::sort(v.begin(), v.end());
            auto value = joinInts(v);
            // Show outputs list every port, unused ones with PFC off: such a port is judged only when a host
            // is known to sit on it or pause frames arrive there.
            bool pauseSeen = (sp.pfcRxTotal && sp.pfcRxTotalFirst && *sp.pfcRxTotal > *sp.pfcRxTotalFirst)
                || std::any_of(sp.pfcRx.begin(), sp.pfcRx.end(), [&](const auto& kv) {
                       auto it = sp.pfcRxFirst.find(kv.first);
                       return it != sp.pfcRxFirst.end() && kv.second > it->second;
                   });
            bool idlePort = v.empty() && !sp.hostFacing && !pauseSeen && !lldpHostPorts.count(label);
            if (!refPfc.empty() && value != refPfc && !idlePort) {
                Finding f;
                f.ruleId = "switch.pfc-priority";
                f.check = "M5";
                f.title = "Switch port pauses different priorities than the hosts";
                f.severity = Severity::Error;
                f.switchPorts = { label };
                f.evidence.push_back(
                    Evidence { sp.switchName, sp.port + " PFC priorities", value, portWhere(sp), portWhen(sp) });
                if (hostPfc && !ctx.opts.profile) {
                    f.hosts = { hostPfc->second.host };
                    f.evidence.push_back(hostPfc->second);
                }
                f.explanation = "PFC must be enabled on the same priorities at both ends of a link. The switch port "
                                "pauses "
                    + value + ", the hosts (or the profile) use " + refPfc
                    + ": pause frames for RoCE's priority are ignored on one side and RoCE packets are dropped under "
                      "load.";
                addFix(f, sp, base, { "pfc" });
                ctx.findings.push_back(std::move(f));
            }
        }
    }
}

void ruleSwitchBuffer(Context& ctx, const FixBase& base)
{
    for (const auto& sp : ctx.snap.switchPorts) {
        const auto label = portLabel(sp);
        if (sp.losslessBufferPriorities && sp.pfcPriorities) {
            ctx.markEvaluated("M17");
            std::vector<int> missing;
            for (int prio : *sp.pfcPriorities)
                if (std::find(sp.losslessBufferPriorities->begin(), sp.losslessBufferPriorities->end(), prio)
                    == sp.losslessBufferPriorities->end())
                    missing.push_back(prio);
            if (!missing.empty()) {
                auto lossless = *sp.losslessBufferPriorities;
                std::sort(lossless.begin(), lossless.end());
                Finding f;
                f.ruleId = "switch.buffer";
                f.check = "M17";
                f.title = "PFC priority without a lossless buffer on a switch port";
                f.severity = Severity::Error;
                f.switchPorts = { label };
                f.evidence.push_back(Evidence { sp.switchName, sp.port + " PFC priorities", joinInts(*sp.pfcPriorities),
                    portWhere(sp), portWhen(sp) });
                f.evidence.push_back(Evidence { sp.switchName, sp.port + " priorities with a lossless buffer",
                    joinInts(lossless), portWhere(sp), portWhen(sp) });
                f.explanation = "The port pauses priority " + joinInts(missing)
                    + " but gives it no lossless buffer (headroom): the frames that arrive after the pause is sent, "
                      "while it travels the cable, have nowhere to go and are dropped. PFC without headroom is lossy.";
                addFix(f, sp, base, { "pfc", "buffer" });
                ctx.findings.push_back(std::move(f));
            }
        }
    }
}

void ruleSwitchPfcOperational(Context& ctx, const FixBase& base)
{
    for (const auto& sp : ctx.snap.switchPorts) {
        const auto label = portLabel(sp);
        if (sp.pfcOperational) {
            ctx.markEvaluated("M6");
            if (!*sp.pfcOperational) {
                Finding f;
                f.ruleId = "switch.pfc-not-operational";
                f.check = "M6";
                f.title = "PFC configured but not operational on a switch port";
                f.severity = Severity::Error;
                f.switchPorts = { label };
                f.evidence.push_back(
                    Evidence { sp.switchName, sp.port + " PFC operational state", "off", portWhere(sp), portWhen(sp) });
                f.explanation = "The port has PFC configured but DCBX negotiation left it off (a willing mismatch, "
                                "two LLDP agents on the host, or CEE vs IEEE). Until it is operational, RoCE traffic "
                                "through this port is lossy.";
                addFix(f, sp, base, { "pfc" });
                ctx.findings.push_back(std::move(f));
            }
        }
    }
}

void ruleSwitchTrust(Context& ctx, const FixBase& base)
{
    auto hostTrust = hostMajority(ctx, [&](const Endpoint& e) -> std::optional<std::pair<std::string, Evidence>> {
        const Netdev* n = ctx.dcbNetdev(e);
        if (!n || !n->dcb.trust)
            return std::nullopt;
        return std::pair { *n->dcb.trust,
            ctx.ev(ctx.hostOf(e), n->name + " trust", *n->dcb.trust, ctx.whereDcb(ctx.hostOf(e), n->name)) };
    });
    std::string refTrust
        = ctx.opts.profile ? toString(ctx.opts.profile->trust) : (hostTrust ? hostTrust->first : std::string());
    for (const auto& sp : ctx.snap.switchPorts) {
        const auto label = portLabel(sp);
        if (sp.trust) {
            ctx.markEvaluated("M8");
            // Cumulus's RoCE mode trusts PCP and DSCP ("pcp,dscp"): it classifies either way the hosts mark.
            if (!refTrust.empty() && *sp.trust != refTrust && *sp.trust != "both") {
                Finding f;
                f.ruleId = "switch.trust";
                f.check = "M8";
                f.title = "Switch port trusts " + *sp.trust + ", the hosts " + refTrust;
                f.severity = Severity::Error;
                f.switchPorts = { label };
                f.evidence.push_back(
                    Evidence { sp.switchName, sp.port + " trust", *sp.trust, portWhere(sp), portWhen(sp) });
                if (hostTrust && !ctx.opts.profile) {
                    f.hosts = { hostTrust->second.host };
                    f.evidence.push_back(hostTrust->second);
                }
                f.explanation = "The switch classifies by a different header field than the hosts mark: RoCE packets "
                                "land in the switch's default, lossy queue.";
                addFix(f, sp, base, { "trust", "dscp-tc:", "pcp-tc:" },
                    [&](Profile& p) { p.trust = refTrust == "pcp" ? TrustMode::Pcp : TrustMode::Dscp; });
                ctx.findings.push_back(std::move(f));
            }
        }
    }
}

void ruleSwitchDscpClass(Context& ctx, const FixBase& base)
{
    int roceDscp = ctx.opts.profile ? ctx.opts.profile->roceDscp : 26;
    int rocePrio = ctx.opts.profile ? ctx.opts.profile->rocePriority : 3;
    for (const auto& sp : ctx.snap.switchPorts) {
        const auto label = portLabel(sp);
        if (!sp.dscpToTc.empty()) {
            ctx.markEvaluated("M9");
            int expectTc = base.profile.tcOf(rocePrio);
            auto it = sp.dscpToTc.find(roceDscp);
            // A map that lists only configured entries says nothing about a DSCP it leaves out.
            bool unknown = it == sp.dscpToTc.end() && sp.dscpMapPartial;
            if (!unknown && (it == sp.dscpToTc.end() || it->second != expectTc)) {
                Finding f;
                f.ruleId = "switch.dscp-class";
                f.check = "M9";
                f.title = "Switch does not map DSCP " + std::to_string(roceDscp) + " to the RoCE class";
                f.severity = Severity::Error;
                f.switchPorts = { label };
                f.evidence.push_back(Evidence { sp.switchName, "DSCP " + std::to_string(roceDscp) + " -> traffic class",
                    it == sp.dscpToTc.end() ? "no entry" : std::to_string(it->second), portWhere(sp), portWhen(sp) });
                f.explanation = "RoCE packets marked DSCP " + std::to_string(roceDscp)
                    + " must land in the lossless "
                      "class (TC "
                    + std::to_string(expectTc) + " for priority " + std::to_string(rocePrio)
                    + "). Vendor defaults differ here (SONiC's template maps DSCP 26 to TC 1).";
                addFix(f, sp, base, { "dscp-tc:" });
                ctx.findings.push_back(std::move(f));
            }
        }
    }
}

void ruleSwitchMtu(Context& ctx, const FixBase& base)
{
    int hostMaxMtu = 0;
    Evidence mtuEv;
    for (const auto& e : ctx.endpoints) {
        const Netdev* n = ctx.netdev(ctx.hostOf(e), e.netdev);
        if (n && n->mtu && *n->mtu > hostMaxMtu) {
            hostMaxMtu = *n->mtu;
            mtuEv = ctx.ev(ctx.hostOf(e), e.netdev + " MTU", std::to_string(*n->mtu),
                ctx.whereNetdev(ctx.hostOf(e), e.netdev, "mtu"));
        }
    }
    for (const auto& sp : ctx.snap.switchPorts) {
        const auto label = portLabel(sp);
        if (sp.mtu) {
            ctx.markEvaluated("M13");
            if (hostMaxMtu > 0 && *sp.mtu < hostMaxMtu) {
                Finding f;
                f.ruleId = "switch.mtu";
                f.check = "M13";
                f.title = "Switch port MTU smaller than the hosts'";
                f.severity = Severity::Error;
                f.switchPorts = { label };
                f.hosts = { mtuEv.host };
                f.evidence.push_back(
                    Evidence { sp.switchName, sp.port + " MTU", std::to_string(*sp.mtu), portWhere(sp), portWhen(sp) });
                f.evidence.push_back(mtuEv);
                f.explanation = "Frames as large as the hosts' MTU are dropped by this switch port: small RDMA "
                                "messages work, large ones time out.";
                addFix(f, sp, base, { "mtu" });
                ctx.findings.push_back(std::move(f));
            }
        }
    }
}

void ruleSwitchPfcStorm(Context& ctx)
{
    for (const auto& sp : ctx.snap.switchPorts) {
        const auto label = portLabel(sp);
        if (sp.watchdogStorms) {
            ctx.markEvaluated("M16");
            if (*sp.watchdogStorms > 0) {
                Finding f;
                f.ruleId = "switch.pfc-storm";
                f.check = "M16";
                f.title = "PFC watchdog detected pause storms";
                f.severity = Severity::Warning;
                f.switchPorts = { label };
                f.evidence.push_back(Evidence { sp.switchName, sp.port + " storms detected",
                    std::to_string(*sp.watchdogStorms), portWhere(sp), portWhen(sp) });
                f.explanation = "Since its counters were last cleared, the switch's PFC watchdog found a priority "
                                "paused for too long and dropped its traffic to break the storm. A host NIC that stops "
                                "draining (a hung driver, a stuck "
                                "receiver) is the usual source; find the port the pauses come from.";
                ctx.findings.push_back(std::move(f));
            }
        }
    }
}

/// Pause frames arriving for a priority the port treats as lossy: counted in total where the counters do not
/// split priorities, per priority where they do.
void ruleSwitchPauseLossy(Context& ctx, const FixBase& base)
{
    for (const auto& sp : ctx.snap.switchPorts) {
        const auto label = portLabel(sp);
        // Counters that do not split priorities (EOS): pause frames arriving on a port with no PFC at all.
        if (sp.pfcRxTotalFirst && sp.pfcRxTotal && sp.pfcPriorities) {
            ctx.markEvaluated("M18");
            if (sp.pfcPriorities->empty() && *sp.pfcRxTotal > *sp.pfcRxTotalFirst) {
                Finding f;
                f.ruleId = "switch.pause-lossy";
                f.check = "M18";
                f.title = "Switch port without PFC receives pause frames";
                f.severity = Severity::Error;
                f.switchPorts = { label };
                f.evidence.push_back(Evidence { sp.switchName, sp.port + " PFC frames received",
                    std::to_string(*sp.pfcRxTotalFirst) + " -> " + std::to_string(*sp.pfcRxTotal)
                        + " between two reads",
                    portWhere(sp), portWhen(sp) });
                f.evidence.push_back(Evidence {
                    sp.switchName, sp.port + " PFC priorities", "none (PFC off)", portWhere(sp), portWhen(sp) });
                f.explanation = "Between two reads the attached host kept sending pause frames to a port that has PFC "
                                "off: the host pauses a priority the switch treats as lossy, so the host's RoCE "
                                "traffic is dropped here under load.";
                addFix(f, sp, base, { "pfc" });
                ctx.findings.push_back(std::move(f));
            }
        }
        if (!sp.pfcRxFirst.empty() && sp.pfcPriorities) {
            ctx.markEvaluated("M18");
            for (auto [prio, count] : sp.pfcRx) {
                auto before = sp.pfcRxFirst.count(prio) ? sp.pfcRxFirst.at(prio) : count;
                if (count <= before
                    || std::find(sp.pfcPriorities->begin(), sp.pfcPriorities->end(), prio) != sp.pfcPriorities->end())
                    continue;
                Finding f;
                f.ruleId = "switch.pause-lossy";
                f.check = "M18";
                f.title = "Switch port receives pause frames on lossy priority " + std::to_string(prio);
                f.severity = Severity::Error;
                f.switchPorts = { label };
                f.evidence.push_back(Evidence { sp.switchName, sp.port + " PFC" + std::to_string(prio) + " Rx",
                    std::to_string(before) + " -> " + std::to_string(count) + " between two reads", portWhere(sp),
                    portWhen(sp) });
                f.explanation = "Between two reads the attached host kept sending pause frames on a priority the "
                                "switch treats as lossy: the host's PFC priorities differ from the switch's.";
                ctx.findings.push_back(std::move(f));
            }
        }
    }
}

} // namespace

void rulesSwitch(Context& ctx)
{
    if (ctx.snap.switchPorts.empty())
        return;
    FixBase base;
    base.profile = fixProfile(ctx.opts, base.why);
    ruleSwitchPfc(ctx, base);
    ruleSwitchBuffer(ctx, base);
    ruleSwitchPfcOperational(ctx, base);
    ruleSwitchTrust(ctx, base);
    ruleSwitchDscpClass(ctx, base);
    ruleSwitchMtu(ctx, base);
    ruleSwitchPfcStorm(ctx);
    ruleSwitchPauseLossy(ctx, base);
}

} // namespace rp::diag::detail

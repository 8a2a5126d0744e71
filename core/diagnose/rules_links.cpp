// SPDX-License-Identifier: GPL-3.0-or-later
// Host <-> switch port: LLDP (either side) says which switch port a host's netdev is cabled to; its PFC
// priorities (M5), trust (M8) and MTU (M13) are compared with that port's, with the evidence of both sides and a
// fix for each side from the generators.
#include "diagnose/context.h"
#include "parse/lldp.h"
#include "util/text.h"

#include <algorithm>
#include <set>

namespace rp::diag {

namespace {

std::string shortName(std::string_view n)
{
    auto dot = n.find('.');
    return lower(n.substr(0, dot));
}

std::string lldpWhere(const LldpNeighbor& n)
{
    return (n.origin.empty() ? n.local : n.origin) + (n.line ? ":" + std::to_string(n.line) : std::string()) + " (`"
        + n.command + "`)";
}

} // namespace

std::vector<HostSwitchLink> hostSwitchLinks(const FabricSnapshot& snap)
{
    std::map<std::string, std::string> hosts; // short name -> name
    for (const auto& h : snap.hosts)
        hosts[shortName(h.name)] = h.name;
    std::map<std::string, std::string> switches;
    for (const auto& p : snap.switchPorts)
        switches[shortName(p.switchName)] = p.switchName;
    auto hostNetdev = [&](const std::string& host, const std::string& port) -> std::string {
        // A switch's table names the host's port by ifname (or by MAC when the host sends that).
        for (const auto& h : snap.hosts) {
            if (h.name != host)
                continue;
            for (const auto& n : h.facts.netdevs)
                if (n.name == port || (!n.mac.empty() && shortName(n.mac) == shortName(port)))
                    return n.name;
        }
        return port;
    };
    std::vector<HostSwitchLink> out;
    std::set<std::string> seen;
    for (const auto& n : snap.lldp) {
        HostSwitchLink l;
        auto local = shortName(n.local);
        auto remote = shortName(n.remote);
        if (hosts.count(local) && !hosts.count(remote)) {
            l = { hosts[local], n.localPort, switches.count(remote) ? switches[remote] : n.remote,
                longPortName(n.remotePort), lldpWhere(n) };
        } else if (hosts.count(remote) && !hosts.count(local)) {
            l = { hosts[remote], hostNetdev(hosts[remote], n.remotePort),
                switches.count(local) ? switches[local] : n.local, longPortName(n.localPort), lldpWhere(n) };
        } else {
            continue;
        }
        if (seen.insert(l.host + "|" + l.netdev + "|" + l.switchName + "|" + l.switchPort).second)
            out.push_back(std::move(l));
    }
    return out;
}

namespace detail {

namespace {

/// One LLDP link as the link rules compare it: the host's end and the switch port's entry (or the switch's
/// every-port one).
struct LinkSides
{
    const HostSwitchLink* link = nullptr;
    const Endpoint* ep = nullptr;
    const DiagHost* h = nullptr;
    const SwitchPortQos* port = nullptr;
    const SwitchPortQos* global = nullptr;
    const Netdev* dcb = nullptr;
    const Netdev* nd = nullptr;
    std::string swLabel;
    std::optional<SwitchVendor> vendor;

    /// The port's own entry when it states the setting, else the every-port entry when that does.
    template <class M> std::pair<const SwitchPortQos*, bool> pick(M member) const
    {
        if (port && (port->*member))
            return { port, true };
        if (global && (global->*member))
            return { global, true };
        return { nullptr, false };
    }
};

/// Nothing when the snapshot has neither the switch port nor the host's netdev of the link.
std::optional<LinkSides> linkSides(const Context& ctx, const HostSwitchLink& link)
{
    LinkSides s;
    s.link = &link;
    for (const auto& p : ctx.snap.switchPorts) {
        if (p.switchName != link.switchName)
            continue;
        if (p.port == link.switchPort)
            s.port = &p;
        if (p.port == "*")
            s.global = &p;
    }
    for (const auto& e : ctx.endpoints)
        if (ctx.hostOf(e).name == link.host && (e.physNetdev == link.netdev || e.netdev == link.netdev))
            s.ep = &e;
    if ((!s.port && !s.global) || !s.ep)
        return std::nullopt;
    s.h = &ctx.hostOf(*s.ep);
    s.dcb = ctx.dcbNetdev(*s.ep);
    s.nd = ctx.netdev(*s.h, link.netdev);
    s.swLabel = link.switchName + ":" + link.switchPort;
    s.vendor = switchVendorFromString((s.port ? s.port : s.global)->vendor);
    return s;
}

std::string swWhere(const SwitchPortQos& p)
{
    return (p.origin.empty() ? p.switchName : p.origin) + (p.line ? ":" + std::to_string(p.line) : std::string())
        + (p.command.empty() ? std::string() : " (`" + p.command + "`)");
}

Finding linkFinding(const Context& ctx, const LinkSides& s, const std::string& rule, const std::string& check,
    const std::string& title, const std::string& subject, const std::string& hostValue, const std::string& hostWhere,
    const SwitchPortQos& sp, const std::string& swValue, const std::string& explanation)
{
    Finding f;
    f.ruleId = rule;
    f.check = check;
    f.title = title;
    f.severity = Severity::Error;
    f.hosts = { s.h->name };
    f.ports = { ctx.label(*s.ep) };
    f.switchPorts = { s.swLabel };
    f.evidence.push_back(ctx.ev(*s.h, s.link->netdev + " " + subject, hostValue, hostWhere));
    f.evidence.push_back(
        Evidence { sp.switchName, (sp.port == "*" ? std::string("every port") : sp.port) + " " + subject, swValue,
            swWhere(sp), sp.readAt.empty() ? std::string("as pasted") : sp.readAt });
    f.evidence.push_back(
        Evidence { s.h->name, s.link->netdev + " LLDP neighbour", s.swLabel, s.link->where, "as pasted or read" });
    f.explanation = explanation;
    return f;
}

// Which side to change: the one that differs from the reference (the profile given, else the preset the
// fixes come from), each fixed to it by its own generator; both when neither matches it.
void addLinkFixes(const Context& ctx, const LinkSides& s, Finding& f, const std::vector<std::string>& keys,
    bool hostOff, bool switchOff)
{
    if (!hostOff && !switchOff)
        hostOff = switchOff = true;
    if (hostOff)
        for (auto& x : ctx.fixHost(*s.ep, keys, {}))
            f.fixes.push_back(std::move(x));
    if (switchOff && s.vendor && s.link->switchPort.find('*') == std::string::npos)
        for (auto& x : switchFix(s.link->switchName, *s.vendor, s.link->switchPort, ctx.fixBase, keys, ctx.fixWhy))
            f.fixes.push_back(std::move(x));
    if (hostOff != switchOff)
        f.explanation += " " + std::string(hostOff ? "The host" : "The switch port") + " is the side that "
            + "differs from " + (ctx.opts.profile ? "the profile" : "the preset the fixes come from") + ".";
}

void ruleLinkPfc(Context& ctx, const LinkSides& s)
{
    if (auto [sp, ok] = s.pick(&SwitchPortQos::pfcPriorities); ok && s.dcb && s.dcb->dcb.pfcEnabled) {
        ctx.markEvaluated("M5");
        auto hv = pfcList(*s.dcb->dcb.pfcEnabled);
        auto list = sp->pfcPriorities.value_or(std::vector<int> {}); // set: pick() said so
        std::sort(list.begin(), list.end());
        auto sv = joinInts(list);
        if (hv != sv) {
            auto f
                = linkFinding(ctx, s, "link.pfc-priority", "M5", "Host and its switch port pause different priorities",
                    "PFC priorities", hv, ctx.whereDcb(*s.h, s.dcb->name), *sp, sv,
                    "LLDP says " + s.h->name + "'s " + s.link->netdev + " is cabled to " + s.swLabel
                        + ". PFC must be on for the same priorities at both ends of that cable; here the host pauses "
                        + hv + " and the switch port " + sv + ", so pause frames for RoCE's priority are ignored "
                        + "on one side and RoCE packets are dropped under load.");
            auto ref = ctx.fixBase.mode == FlowMode::Lossless ? ctx.fixBase.pfcPriorities : std::vector<int> {};
            std::sort(ref.begin(), ref.end());
            addLinkFixes(ctx, s, f, { "pfc" }, hv != joinInts(ref), sv != joinInts(ref));
            ctx.findings.push_back(std::move(f));
        }
    }
}

void ruleLinkTrust(Context& ctx, const LinkSides& s)
{
    if (auto [sp, ok] = s.pick(&SwitchPortQos::trust); ok && s.dcb && s.dcb->dcb.trust) {
        ctx.markEvaluated("M8");
        const auto& hv = *s.dcb->dcb.trust;
        const auto sv = sp->trust.value_or(std::string()); // set: pick() said so
        if (sv != "both" && hv != sv) {
            auto f = linkFinding(ctx, s, "link.trust", "M8", "Host and its switch port trust different fields", "trust",
                hv, ctx.whereDcb(*s.h, s.dcb->name), *sp, sv,
                "LLDP says " + s.h->name + "'s " + s.link->netdev + " is cabled to " + s.swLabel
                    + ". The host classifies " + "by " + hv + ", the switch port by " + sv
                    + ": RoCE packets the host marks land in the switch's default, lossy queue (or the other way "
                      "round).");
            auto ref = toString(ctx.fixBase.trust);
            addLinkFixes(ctx, s, f, { "trust", "dscp:", "dscp-tc:", "pcp-tc:" }, hv != ref, sv != ref);
            ctx.findings.push_back(std::move(f));
        }
    }
}

void ruleLinkMtu(Context& ctx, const LinkSides& s)
{
    if (auto [sp, ok] = s.pick(&SwitchPortQos::mtu); ok && s.nd && s.nd->mtu) {
        ctx.markEvaluated("M13");
        const int switchMtu = sp->mtu.value_or(0); // set: pick() said so
        if (switchMtu < *s.nd->mtu) {
            auto f = linkFinding(ctx, s, "link.mtu", "M13", "Switch port MTU smaller than its host's", "MTU",
                std::to_string(*s.nd->mtu), ctx.whereNetdev(*s.h, s.link->netdev, "mtu"), *sp,
                std::to_string(switchMtu),
                "LLDP says " + s.h->name + "'s " + s.link->netdev + " is cabled to " + s.swLabel + ". The host sends "
                    + "frames up to " + std::to_string(*s.nd->mtu) + " bytes, the switch port takes "
                    + std::to_string(switchMtu) + ": small RDMA messages work, large ones are dropped and time out.");
            addLinkFixes(ctx, s, f, { "mtu" }, *s.nd->mtu != ctx.fixBase.hostMtu, switchMtu < ctx.fixBase.switchMtu);
            ctx.findings.push_back(std::move(f));
        }
    }
}

} // namespace

void rulesLinks(Context& ctx)
{
    auto links = hostSwitchLinks(ctx.snap);
    if (links.empty())
        return;
    for (const auto& link : links) {
        const auto sides = linkSides(ctx, link);
        if (!sides)
            continue;
        ruleLinkPfc(ctx, *sides);
        ruleLinkTrust(ctx, *sides);
        ruleLinkMtu(ctx, *sides);
    }
}

} // namespace detail

} // namespace rp::diag

// SPDX-License-Identifier: GPL-3.0-or-later
// Host <-> switch port: LLDP (either side) says which switch port a host's netdev is cabled to; its PFC
// priorities (M5), trust (M8) and MTU (M13) are compared with that port's, with the evidence of both sides and a
// fix for each side from the generators.
#include "diagnose/context.h"
#include "parse/lldp.h"

#include <algorithm>
#include <set>

namespace rp::diag {

namespace {

std::string shortName(std::string_view n)
{
    auto dot = n.find('.');
    std::string s(n.substr(0, dot));
    std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return s;
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

void rulesLinks(Context& ctx)
{
    auto links = hostSwitchLinks(ctx.snap);
    if (links.empty())
        return;
    for (const auto& link : links) {
        const SwitchPortQos* port = nullptr;
        const SwitchPortQos* global = nullptr;
        for (const auto& p : ctx.snap.switchPorts) {
            if (p.switchName != link.switchName)
                continue;
            if (p.port == link.switchPort)
                port = &p;
            if (p.port == "*")
                global = &p;
        }
        const Endpoint* ep = nullptr;
        for (const auto& e : ctx.endpoints)
            if (ctx.hostOf(e).name == link.host && (e.physNetdev == link.netdev || e.netdev == link.netdev))
                ep = &e;
        if ((!port && !global) || !ep)
            continue;
        const auto& h = ctx.hostOf(*ep);
        const Netdev* dcb = ctx.dcbNetdev(*ep);
        const Netdev* nd = ctx.netdev(h, link.netdev);
        auto swLabel = link.switchName + ":" + link.switchPort;
        auto vendor = switchVendorFromString((port ? port : global)->vendor);
        auto swWhere = [&](const SwitchPortQos& p) {
            return (p.origin.empty() ? p.switchName : p.origin)
                + (p.line ? ":" + std::to_string(p.line) : std::string())
                + (p.command.empty() ? std::string() : " (`" + p.command + "`)");
        };
        auto pick = [&](auto member) -> std::pair<const SwitchPortQos*, bool> {
            if (port && (port->*member))
                return { port, true };
            if (global && (global->*member))
                return { global, true };
            return { nullptr, false };
        };
        auto finding = [&](const std::string& rule, const std::string& check, const std::string& title,
                           const std::string& subject, const std::string& hostValue, const std::string& hostWhere,
                           const SwitchPortQos& sp, const std::string& swValue, const std::string& explanation) {
            Finding f;
            f.ruleId = rule;
            f.check = check;
            f.title = title;
            f.severity = Severity::Error;
            f.hosts = { h.name };
            f.ports = { ctx.label(*ep) };
            f.switchPorts = { swLabel };
            f.evidence.push_back(ctx.ev(h, link.netdev + " " + subject, hostValue, hostWhere));
            f.evidence.push_back(
                Evidence { sp.switchName, (sp.port == "*" ? std::string("every port") : sp.port) + " " + subject,
                    swValue, swWhere(sp), sp.readAt.empty() ? std::string("as pasted") : sp.readAt });
            f.evidence.push_back(
                Evidence { h.name, link.netdev + " LLDP neighbour", swLabel, link.where, "as pasted or read" });
            f.explanation = explanation;
            return f;
        };
        // Which side to change: the one that differs from the reference (the profile given, else the preset the
        // fixes come from), each fixed to it by its own generator; both when neither matches it.
        auto addFixes = [&](Finding& f, const std::vector<std::string>& keys, bool hostOff, bool switchOff) {
            if (!hostOff && !switchOff)
                hostOff = switchOff = true;
            if (hostOff)
                for (auto& x : ctx.fixHost(*ep, keys, {}))
                    f.fixes.push_back(std::move(x));
            if (switchOff && vendor && link.switchPort.find('*') == std::string::npos)
                for (auto& x : switchFix(link.switchName, *vendor, link.switchPort, ctx.fixBase, keys, ctx.fixWhy))
                    f.fixes.push_back(std::move(x));
            if (hostOff != switchOff)
                f.explanation += " " + std::string(hostOff ? "The host" : "The switch port") + " is the side that "
                    + "differs from " + (ctx.opts.profile ? "the profile" : "the preset the fixes come from") + ".";
        };

        if (auto [sp, ok] = pick(&SwitchPortQos::pfcPriorities); ok && dcb && dcb->dcb.pfcEnabled) {
            ctx.markEvaluated("M5");
            auto hv = pfcList(*dcb->dcb.pfcEnabled);
            auto list = sp->pfcPriorities.value_or(std::vector<int> {}); // set: pick() said so
            std::sort(list.begin(), list.end());
            auto sv = joinInts(list);
            if (hv != sv) {
                auto f = finding("link.pfc-priority", "M5", "Host and its switch port pause different priorities",
                    "PFC priorities", hv, ctx.whereDcb(h, dcb->name), *sp, sv,
                    "LLDP says " + h.name + "'s " + link.netdev + " is cabled to " + swLabel
                        + ". PFC must be on for the same priorities at both ends of that cable; here the host pauses "
                        + hv + " and the switch port " + sv + ", so pause frames for RoCE's priority are ignored "
                        + "on one side and RoCE packets are dropped under load.");
                auto ref = ctx.fixBase.mode == FlowMode::Lossless ? ctx.fixBase.pfcPriorities : std::vector<int> {};
                std::sort(ref.begin(), ref.end());
                addFixes(f, { "pfc" }, hv != joinInts(ref), sv != joinInts(ref));
                ctx.findings.push_back(std::move(f));
            }
        }
        if (auto [sp, ok] = pick(&SwitchPortQos::trust); ok && dcb && dcb->dcb.trust) {
            ctx.markEvaluated("M8");
            const auto& hv = *dcb->dcb.trust;
            const auto sv = sp->trust.value_or(std::string()); // set: pick() said so
            if (sv != "both" && hv != sv) {
                auto f = finding("link.trust", "M8", "Host and its switch port trust different fields", "trust", hv,
                    ctx.whereDcb(h, dcb->name), *sp, sv,
                    "LLDP says " + h.name + "'s " + link.netdev + " is cabled to " + swLabel + ". The host classifies "
                        + "by " + hv + ", the switch port by " + sv
                        + ": RoCE packets the host marks land in the switch's default, lossy queue (or the other way "
                          "round).");
                auto ref = toString(ctx.fixBase.trust);
                addFixes(f, { "trust", "dscp:", "dscp-tc:", "pcp-tc:" }, hv != ref, sv != ref);
                ctx.findings.push_back(std::move(f));
            }
        }
        if (auto [sp, ok] = pick(&SwitchPortQos::mtu); ok && nd && nd->mtu) {
            ctx.markEvaluated("M13");
            const int switchMtu = sp->mtu.value_or(0); // set: pick() said so
            if (switchMtu < *nd->mtu) {
                auto f = finding("link.mtu", "M13", "Switch port MTU smaller than its host's", "MTU",
                    std::to_string(*nd->mtu), ctx.whereNetdev(h, link.netdev, "mtu"), *sp, std::to_string(switchMtu),
                    "LLDP says " + h.name + "'s " + link.netdev + " is cabled to " + swLabel + ". The host sends "
                        + "frames up to " + std::to_string(*nd->mtu) + " bytes, the switch port takes "
                        + std::to_string(switchMtu)
                        + ": small RDMA messages work, large ones are dropped and time out.");
                addFixes(f, { "mtu" }, *nd->mtu != ctx.fixBase.hostMtu, switchMtu < ctx.fixBase.switchMtu);
                ctx.findings.push_back(std::move(f));
            }
        }
    }
}

} // namespace detail

} // namespace rp::diag

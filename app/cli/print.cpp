// SPDX-License-Identifier: GPL-3.0-or-later
#include "print.h"

#include "generate/plan.h"

#include <algorithm>

namespace rp::cli {
namespace {

std::string orDash(const std::string& s)
{
    return s.empty() ? "-" : s;
}

std::string flags(const GidEntry& g)
{
    std::string f;
    auto add = [&](const char* word) {
        if (!f.empty())
            f += ',';
        f += word;
    };
    if (g.linkLocal)
        add("link-local");
    if (g.duplicate)
        add("duplicate");
    if (g.zero)
        add("zero");
    return f;
}

std::string prioList(const std::array<bool, 8>& on)
{
    std::string s;
    for (int p = 0; p < 8; ++p) {
        if (on[static_cast<std::size_t>(p)])
            s += (s.empty() ? "" : ",") + std::to_string(p);
    }
    return s.empty() ? "none" : s;
}

} // namespace

void printNotes(std::FILE* out, const std::vector<HostNote>& notes, const char* indent)
{
    for (const auto& n : notes) {
        const char* tag = n.severity == HostNote::Severity::Warning ? "warning"
            : n.severity == HostNote::Severity::Error               ? "error"
                                                                    : "note";
        std::fprintf(out, "%s%s: %s [%s]\n", indent, tag, n.message.c_str(), n.code.c_str());
    }
}

void printDevices(std::FILE* out, const std::vector<RdmaDevice>& devices, const std::vector<GidRecommendation>& recs)
{
    for (const auto& d : devices) {
        std::fprintf(out, "  %s  driver %s  transport %s  fw %s  node_guid %s\n", d.name.c_str(),
            orDash(d.driver).c_str(), toString(d.transport).c_str(), orDash(d.fwVersion).c_str(),
            orDash(d.nodeGuid).c_str());
        for (const auto& p : d.ports) {
            std::fprintf(out, "    port %d  %s/%s  link_layer %s  active_mtu %s  rate %s  netdev %s\n", p.number,
                orDash(p.state).c_str(), orDash(p.physState).c_str(), orDash(p.linkLayer).c_str(),
                p.activeMtu ? std::to_string(*p.activeMtu).c_str() : "-", orDash(p.rate).c_str(),
                orDash(p.netdev).c_str());
            if (p.gids.empty()) {
                std::fprintf(out, "      (no GIDs)\n");
                continue;
            }
            std::fprintf(out, "      %-5s %-39s %-10s %-12s %-4s %-15s %s\n", "INDEX", "GID", "TYPE", "NETDEV", "VLAN",
                "ADDRESS", "FLAGS");
            for (const auto& g : p.gids) {
                bool recommended = std::ranges::any_of(recs, [&](const GidRecommendation& r) {
                    return r.device == d.name && r.port == p.number && r.gidIndex == g.index;
                });
                auto f = flags(g);
                if (recommended)
                    f += f.empty() ? "RECOMMENDED" : ",RECOMMENDED";
                std::fprintf(out, "    %s %-5d %-39s %-10s %-12s %-4s %-15s %s\n", recommended ? "*" : " ", g.index,
                    g.gid.c_str(), toString(g.type).c_str(), orDash(g.netdev).c_str(),
                    g.vlanId ? std::to_string(*g.vlanId).c_str() : "-",
                    orDash(!g.ipv4.empty() ? g.ipv4 : g.ipv6).c_str(), f.c_str());
            }
        }
    }
    for (const auto& r : recs)
        std::fprintf(out, "  recommended: %s port %d GID index %d (%s): %s\n", r.device.c_str(), r.port, r.gidIndex,
            r.gid.c_str(), r.reason.c_str());
}

void printNetdevs(std::FILE* out, const std::vector<Netdev>& netdevs)
{
    for (const auto& n : netdevs) {
        std::string addrs;
        for (const auto& a : n.ipv4)
            addrs += (addrs.empty() ? "" : " ") + a;
        for (const auto& a : n.ipv6)
            addrs += (addrs.empty() ? "" : " ") + a;
        std::fprintf(out, "  %-15s %-8s mtu %-5s %s%s%s\n", n.name.c_str(), orDash(n.operState).c_str(),
            n.mtu ? std::to_string(*n.mtu).c_str() : "-", n.kind.empty() ? "" : (n.kind + " ").c_str(),
            n.vlanId ? ("vlan " + std::to_string(*n.vlanId) + " on " + n.vlanParent + " ").c_str() : "", addrs.c_str());
        if (!n.egressQos.empty()) {
            std::string map;
            for (const auto& e : n.egressQos)
                map += (map.empty() ? "" : " ") + std::to_string(e.from) + ":" + std::to_string(e.to);
            std::fprintf(out, "  %-15s egress-qos-map %s\n", "", map.c_str());
        }
        if (!n.bondSlaves.empty()) {
            std::string slaves;
            for (const auto& s : n.bondSlaves)
                slaves += (slaves.empty() ? "" : " ") + s;
            std::fprintf(out, "  %-15s bond %s slaves %s\n", "", orDash(n.bondMode).c_str(), slaves.c_str());
        }
        const auto& dcb = n.dcb;
        if (!dcb.source.empty()) {
            std::fprintf(out, "  %-15s DCB (%s): PFC %s  trust %s  DCBX %s%s\n", "", dcb.source.c_str(),
                dcb.pfcEnabled ? prioList(*dcb.pfcEnabled).c_str() : "not told",
                dcb.trust ? dcb.trust->c_str() : "not told", dcb.dcbxMode ? dcb.dcbxMode->c_str() : "not told",
                dcb.willing ? (*dcb.willing ? " willing" : " not willing") : "");
        } else if (!dcb.unavailable.empty()) {
            std::fprintf(out, "  %-15s DCB: %s\n", "", dcb.unavailable.c_str());
        }
    }
}

void printOutcome(std::FILE* out, const HostOutcome& o)
{
    std::fprintf(out, "%s (%s): %s  [%.2f s]\n", o.spec.name.c_str(), o.spec.local ? "local" : o.spec.address.c_str(),
        std::string(toString(o.state)).c_str(), o.seconds);
    if (o.error) {
        std::fprintf(out, "  error: %s\n", o.error->describe().c_str());
        return;
    }
    if (!o.facts)
        return;
    const auto& f = *o.facts;
    std::fprintf(out, "  hostname %s  os %s  kernel %s\n", orDash(f.hostname).c_str(), orDash(f.os).c_str(),
        orDash(f.kernel).c_str());
    std::fprintf(out, " RDMA devices:\n");
    if (f.devices.empty())
        std::fprintf(out, "  (none)\n");
    printDevices(out, f.devices, f.recommendations);
    std::fprintf(out, " netdevs:\n");
    printNetdevs(out, f.netdevs);
    printNotes(out, f.notes, "  ");
}

void warnUnsealed(std::FILE* out, const Plan& plan)
{
    if (plan.unsealed.empty())
        return;
    std::string names;
    for (const auto& name : plan.unsealed)
        names += (names.empty() ? "" : ", ") + name;
    std::fprintf(out,
        "warning: plan.json holds no digest of the reviewed text for %s (a plan made by hand?): nothing ties these "
        "steps to a text anyone read. Review the steps in plan.json itself, or make the plan with 'rocepilot-cli "
        "plan'.\n",
        names.c_str());
}

} // namespace rp::cli

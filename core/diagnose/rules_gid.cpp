// SPDX-License-Identifier: GPL-3.0-or-later
// GID rules: RoCE version (M1), GID index and address family (M2), GIDs missing for an address or a VLAN
// missing on a peer (M3), stale GIDs (M4), ports down.
#include "diagnose/context.h"

#include <algorithm>
#include <iterator>
#include <map>
#include <set>

namespace rp::diag::detail {

namespace {

std::string gidTypeOf(const Endpoint& e)
{
    if (e.v2 && e.v2->type == GidType::RoceV2)
        return "RoCE v2";
    if (!e.v2 && e.v1)
        return "IB/RoCE v1 only";
    return {};
}

void ruleRoceVersion(Context& ctx)
{
    for (const auto& seg : ctx.segments) {
        std::vector<Vote> votes;
        for (auto ei : seg.endpoints) {
            const auto& e = ctx.endpoints[ei];
            auto type = gidTypeOf(e);
            if (type.empty())
                continue;
            const GidEntry* g = e.v2 ? e.v2 : e.v1;
            const auto& h = ctx.hostOf(e);
            votes.push_back({ ei, type,
                ctx.ev(h,
                    e.device->name + " port " + std::to_string(e.port->number) + " GID[" + std::to_string(g->index)
                        + "] (" + e.address + ") type",
                    toString(g->type), ctx.whereGid(h, e.device->name, e.port->number, g->index, true)) });
        }
        if (votes.size() >= 2)
            ctx.markEvaluated("M1");
        CompareSpec spec;
        spec.ruleId = "gid.roce-version";
        spec.check = "M1";
        spec.title = "RoCE version differs between peers";
        spec.severity = Severity::Error;
        spec.explanation = "RoCE v1 and RoCE v2 packets are different on the wire (v1 is a raw Ethernet frame, v2 is "
                           "UDP/IP on port 4791), so a host that only has a RoCE v1 GID for its address cannot talk to "
                           "peers that use RoCE v2. Use RoCE v2 everywhere: it is routable and carries DSCP.";
        spec.keys = { "rdma_cm.mode" };
        spec.adjust = [](Profile& p, const std::string&) { p.rdmaCmMode = RoceMode::V2; };
        compareInSegment(ctx, seg, votes, spec, std::nullopt);
    }
}

void ruleGidIndex(Context& ctx)
{
    for (const auto& seg : ctx.segments) {
        std::map<int, std::vector<std::size_t>> byIndex;
        for (auto ei : seg.endpoints) {
            const auto& e = ctx.endpoints[ei];
            if (e.v2 && e.v2->type == GidType::RoceV2)
                byIndex[e.v2->index].push_back(ei);
        }
        std::size_t total = 0;
        for (auto& [i, v] : byIndex)
            total += v.size();
        if (total >= 2)
            ctx.markEvaluated("M2");
        if (byIndex.size() < 2)
            continue;
        Finding f;
        f.ruleId = "gid.index-differs";
        f.check = "M2";
        f.title = "The RoCE v2 GID of the subnet sits at different indexes on different hosts";
        f.severity = Severity::Warning;
        std::string summary;
        for (auto& [index, eps] : byIndex) {
            summary += (summary.empty() ? "" : "; ") + std::string("index ") + std::to_string(index) + " on "
                + std::to_string(eps.size()) + " port" + (eps.size() == 1 ? "" : "s");
            std::size_t shown = 0;
            for (auto ei : eps) {
                const auto& e = ctx.endpoints[ei];
                const auto& h = ctx.hostOf(e);
                if (std::find(f.hosts.begin(), f.hosts.end(), h.name) == f.hosts.end())
                    f.hosts.push_back(h.name);
                f.ports.push_back(ctx.label(e));
                if (shown++ < 3) {
                    f.evidence.push_back(ctx.ev(h,
                        e.device->name + " port " + std::to_string(e.port->number) + " GID[" + std::to_string(index)
                            + "]",
                        e.v2->gid + " (" + toString(e.v2->type) + ", " + e.address + ")",
                        ctx.whereGid(h, e.device->name, e.port->number, index, false)));
                    Fix fix;
                    fix.target = h.name;
                    fix.platform = "application";
                    fix.text = "ib_send_bw -d " + e.device->name + " -x " + std::to_string(index)
                        + " ...\nexport NCCL_IB_GID_INDEX=" + std::to_string(index)
                        + "\nexport UCX_IB_GID_INDEX=" + std::to_string(index);
                    fix.origin = "this host's own GID table: the RoCE v2 GID of " + e.address;
                    f.fixes.push_back(std::move(fix));
                }
            }
        }
        f.explanation = "In " + seg.key
            + " the GID that carries each host's RoCE v2 IPv4 address is at different "
              "indexes ("
            + summary
            + "). Tools given one fixed index for every host (perftest -x, NCCL_IB_GID_INDEX, "
              "UCX_IB_GID_INDEX) then use a link-local, RoCE v1 or other-VLAN GID on some hosts, and connections fail "
              "with RTR or retry errors. Give each host its own index (below), or let rdma_cm pick the GID from the IP "
              "address (perftest -R).";
        ctx.findings.push_back(std::move(f));
    }
}

void ruleGidForAddress(Context& ctx)
{
    for (const auto& e : ctx.endpoints) {
        const auto& h = ctx.hostOf(e);
        if (!ctx.netdev(h, e.netdev))
            continue; // the address came from a GID: it has one
        if (e.port->gids.empty() && e.port->gidsUnlisted)
            continue; // ibstat, rxe_cfg status: the output lists no GIDs, the table is unknown
        ctx.markEvaluated("M3");
        if (e.v2 || e.v1)
            continue;
        Finding f;
        f.ruleId = "gid.missing-for-address";
        f.check = "M3";
        f.title = "No GID for an address of a RoCE netdev";
        f.severity = Severity::Error;
        f.hosts = { h.name };
        f.ports = { ctx.label(e), h.name + ":" + e.netdev };
        f.evidence.push_back(ctx.ev(h, e.netdev + " IPv4 address", e.address + "/" + std::to_string(e.prefix),
            ctx.whereNetdev(h, e.netdev, "address")));
        std::string gids;
        for (const auto& g : e.port->gids)
            if (g.netdev == e.netdev || g.netdev.empty())
                gids += (gids.empty() ? "" : ", ") + std::string("[") + std::to_string(g.index) + "] "
                    + (g.ipv4.empty() ? g.ipv6 : g.ipv4) + " " + toString(g.type);
        f.evidence.push_back(
            ctx.ev(h, e.device->name + " port " + std::to_string(e.port->number) + " GIDs on " + e.netdev,
                gids.empty() ? "none" : gids, ctx.whereGid(h, e.device->name, e.port->number, 0, false)));
        const Netdev* n = ctx.netdev(h, e.netdev);
        if (n && !n->operState.empty())
            f.evidence.push_back(ctx.ev(h, e.netdev + " state", n->operState, ctx.whereNetdev(h, e.netdev, "state")));
        f.explanation = h.name + "'s " + e.netdev + " has the address " + e.address
            + ", but the RDMA port's GID table has no entry for it, so nothing can reach this host over RDMA at that "
              "address. The kernel adds a GID when an address appears on a netdev that is up and belongs to the RDMA "
              "port (the port's netdev or a VLAN on it); it is missing when the netdev is down, when the address sits "
              "on a netdev the RDMA device is not bound to, or (Soft-RoCE) when rxe was created on another netdev.";
        ctx.findings.push_back(std::move(f));
    }
}

void ruleVlanOnPeer(Context& ctx)
{
    // Hosts sharing an untagged subnet should carry the same RoCE VLANs on top of it.
    bool anyNetdevs = false;
    for (const auto& seg : ctx.segments) {
        std::map<std::size_t, std::set<int>> vlansOf; // host -> VLAN ids on its RoCE port netdev
        std::map<std::pair<std::size_t, int>, std::size_t> vlanEndpoint;
        std::map<std::size_t, std::size_t> untagged;
        for (auto ei : seg.endpoints) {
            const auto& e = ctx.endpoints[ei];
            if (e.vlan || !ctx.netdev(ctx.hostOf(e), e.netdev))
                continue;
            untagged[e.host] = ei;
        }
        if (untagged.size() < 2)
            continue;
        anyNetdevs = true;
        for (auto [hi, ei] : untagged) {
            const auto& e = ctx.endpoints[ei];
            for (const auto& n : ctx.host(hi).facts.netdevs) {
                if (n.vlanParent == e.physNetdev && n.vlanId) {
                    vlansOf[hi].insert(*n.vlanId);
                    vlanEndpoint[{ hi, *n.vlanId }] = ei;
                }
            }
        }
        std::set<int> all;
        for (auto& [hi, v] : vlansOf)
            all.insert(v.begin(), v.end());
        for (int vlan : all) {
            std::vector<std::size_t> have, lack;
            for (auto [hi, ei] : untagged)
                (vlansOf[hi].count(vlan) ? have : lack).push_back(hi);
            for (auto hi : lack) {
                const auto& e = ctx.endpoints[untagged[hi]];
                const auto& h = ctx.host(hi);
                Finding f;
                f.ruleId = "vlan.missing-on-peer";
                f.check = "M3";
                f.title = "VLAN " + std::to_string(vlan) + " missing on one host";
                f.severity = Severity::Error;
                f.hosts = { h.name };
                f.ports = { h.name + ":" + e.physNetdev };
                std::vector<std::string> vlanNames;
                for (const auto& n : h.facts.netdevs)
                    if (n.vlanParent == e.physNetdev && n.vlanId)
                        vlanNames.push_back(n.name + " (VLAN " + std::to_string(*n.vlanId) + ")");
                std::string list;
                for (auto& s : vlanNames)
                    list += (list.empty() ? "" : ", ") + s;
                f.evidence.push_back(ctx.ev(h, "VLAN netdevs on " + e.physNetdev, list.empty() ? "none" : list,
                    ctx.whereNetdev(h, e.physNetdev, "address")));
                std::size_t shown = 0;
                for (auto peer : have) {
                    const auto& ph = ctx.host(peer);
                    f.hosts.push_back(ph.name);
                    if (shown++ >= 2)
                        continue;
                    for (const auto& n : ph.facts.netdevs) {
                        if (n.vlanId == vlan && n.vlanParent == ctx.endpoints[untagged[peer]].physNetdev) {
                            std::string addrs;
                            for (auto& a : n.ipv4)
                                addrs += (addrs.empty() ? "" : ", ") + a;
                            f.evidence.push_back(ctx.ev(ph, "VLAN " + std::to_string(vlan) + " netdev",
                                n.name + (addrs.empty() ? std::string() : " with " + addrs),
                                ctx.whereNetdev(ph, n.name, "address")));
                        }
                    }
                }
                f.explanation = std::to_string(have.size()) + " host(s) in " + seg.key + " carry VLAN "
                    + std::to_string(vlan) + " on their RoCE port and have GIDs on it, but " + h.name + " has no VLAN "
                    + std::to_string(vlan)
                    + " netdev, so it has no GID in that VLAN and cannot "
                      "reach the others' VLAN GIDs (tools using them hang at connect or fail with retry errors). "
                      "Create the VLAN and give it an address in the VLAN's subnet; the kernel then adds the GIDs.";
                f.fixes = ctx.fixHost(
                    e, { "vlan" }, [vlan](Profile& p) { p.vlan = vlan; },
                    " with VLAN " + std::to_string(vlan)
                        + "; then add the VLAN address: ip addr add ADDRESS/PREFIX dev " + e.physNetdev + "."
                        + std::to_string(vlan));
                ctx.findings.push_back(std::move(f));
            }
        }
    }
    if (anyNetdevs)
        ctx.markEvaluated("M3");
}

void ruleStale(Context& ctx)
{
    for (const auto& h : ctx.snap.hosts) {
        if (!h.earlier)
            continue;
        ctx.markEvaluated("M4");
        for (const auto& d : h.facts.devices) {
            for (const auto& p : d.ports) {
                const RdmaPort* old = nullptr;
                for (const auto& od : h.earlier->devices)
                    if (od.name == d.name)
                        for (const auto& op : od.ports)
                            if (op.number == p.number)
                                old = &op;
                if (!old)
                    continue;
                std::map<int, const GidEntry*> before, now;
                for (const auto& g : old->gids)
                    before[g.index] = &g;
                for (const auto& g : p.gids)
                    now[g.index] = &g;
                std::vector<Evidence> changes;
                std::set<int> indexes;
                for (auto& [i, g] : before)
                    indexes.insert(i);
                for (auto& [i, g] : now)
                    indexes.insert(i);
                for (int i : indexes) {
                    auto b = before.count(i) ? before[i] : nullptr;
                    auto n = now.count(i) ? now[i] : nullptr;
                    auto text = [](const GidEntry* g) {
                        return g ? g->gid + " " + toString(g->type) + (g->netdev.empty() ? "" : " " + g->netdev)
                                 : std::string("empty");
                    };
                    if (text(b) == text(n))
                        continue;
                    changes.push_back(Evidence { h.name,
                        d.name + " port " + std::to_string(p.number) + " GID[" + std::to_string(i) + "]",
                        text(b) + " (" + h.earlierAt + ") -> " + text(n) + " (" + h.readAt + ")",
                        ctx.whereGid(h, d.name, p.number, i, false), h.readAt });
                }
                if (changes.empty())
                    continue;
                Finding f;
                f.ruleId = "gid.stale";
                f.check = "M4";
                f.title = "GID table changed since it was last read";
                f.severity = Severity::Warning;
                f.hosts = { h.name };
                f.ports = { h.name + ":" + d.name + "/" + std::to_string(p.number) };
                f.evidence = std::move(changes);
                f.explanation = "Entries of the GID table moved between two reads (a link flap, a netplan re-apply or "
                                "an address change re-orders them). Anything that cached an index (NCCL_IB_GID_INDEX, "
                                "scripts, a running job) now points at a different GID. Look the index up again "
                                "before each run, or use rdma_cm, which resolves it from the IP address.";
                ctx.findings.push_back(std::move(f));
            }
        }
    }
}

void rulePortDown(Context& ctx)
{
    for (const auto& h : ctx.snap.hosts) {
        for (const auto& d : h.facts.devices) {
            // A port that is down is the answer whatever the link layer: an InfiniBand port is no exception, even
            // though nothing else RoCE Pilot says applies to it.
            const bool ib = d.transport == Transport::InfiniBand;
            if (d.transport != Transport::RoCE && !ib)
                continue;
            for (const auto& p : d.ports) {
                if (p.state.empty() || p.state == "ACTIVE")
                    continue;
                Finding f;
                f.ruleId = "port.down";
                f.title = "RDMA port is not active";
                f.severity = Severity::Error;
                f.hosts = { h.name };
                f.ports = { h.name + ":" + d.name + "/" + std::to_string(p.number) };
                f.evidence.push_back(Evidence { h.name, d.name + " port " + std::to_string(p.number) + " state",
                    p.state + (p.physState.empty() ? "" : " (" + p.physState + ")"),
                    h.source == "paste"
                        ? h.origin
                        : "/sys/class/infiniband/" + d.name + "/ports/" + std::to_string(p.number) + "/state",
                    h.readAt });
                if (!ib || p.linkLayer == "Ethernet")
                    f.explanation = "The RDMA port is " + p.state
                        + ": no RDMA traffic passes until it is ACTIVE. A RoCE port follows its Ethernet netdev: check "
                          "that the netdev is up and has link (ip link), and the cable and switch port.";
                else if (p.state.find("INIT") != std::string::npos || p.state.find("ARMED") != std::string::npos)
                    f.explanation = "The InfiniBand port is " + p.state
                        + ": it has link, but no subnet manager has brought it to ACTIVE, so it has no LID and no "
                          "traffic passes. Run a subnet manager on the fabric (opensm on one host, or the switch's "
                          "own) and check `sminfo`.";
                else
                    f.explanation = "The InfiniBand port is " + p.state
                        + (p.physState.empty() ? std::string() : " (physical state " + p.physState + ")")
                        + ": it has no link, so nothing reaches it and jobs that use it fail or fall back to other "
                          "ports. Check the cable and the switch port (Polling: no peer answers; Disabled: the port "
                          "was switched off, `ibportstate` enables it), or leave the port out of the job "
                          "(NCCL_IB_HCA, UCX_NET_DEVICES).";
                ctx.findings.push_back(std::move(f));
            }
        }
    }
}

/// How many GIDs of the port carry the verdict's address: 2 when the device lists a v1 and a v2 GID per
/// address, 1 when it offers one RoCE version.
std::size_t gidsPerAddress(const Context& ctx, const PortVerdict& v)
{
    for (const auto& h : ctx.snap.hosts) {
        if (h.name != v.host)
            continue;
        for (const auto& d : h.facts.devices)
            for (const auto& p : d.ports)
                if (d.name == v.device && p.number == v.port)
                    return static_cast<std::size_t>(std::ranges::count_if(p.gids,
                        [&](const GidEntry& g) { return !g.zero && (g.ipv4 == v.address || g.ipv6 == v.address); }));
    }
    return 0;
}

/// Hosts whose right GID index differs, from the ports' verdicts (rulesPorts), so also for tables ruleGidIndex
/// cannot judge (no types, no netdev addresses): one job-wide index (UCX_IB_GID_INDEX=3 on the mpirun line, one
/// NCCL_IB_GID_INDEX in a pod template) is then wrong on some of them, whatever its value.
void ruleIndexFromVerdicts(Context& ctx)
{
    // The typed comparison within a subnet (rules_gid) said it already, with each GID's type: this one is for
    // the tables it cannot judge (no types, no addresses of the netdevs), from the verdicts' inferred indexes.
    if (std::ranges::any_of(ctx.findings, [](const Finding& f) { return f.ruleId == "gid.index-differs"; }))
        return;
    std::map<std::string, std::set<int>> byHost;
    std::map<std::string, std::pair<const PortVerdict*, int>> firstOf; ///< host -> its first port and index
    for (const auto& v : ctx.verdicts) {
        // A port left with a RoCE v1 GID only has another problem than its index (gid.roce-version says it).
        if (!v.gidIndex || v.type != "RoCE v2")
            continue;
        byHost[v.host].insert(*v.gidIndex);
        firstOf.emplace(v.host, std::pair { &v, *v.gidIndex });
    }
    if (byHost.size() < 2)
        return;
    std::set<int> common = byHost.begin()->second;
    for (const auto& [host, indexes] : byHost) {
        std::set<int> both;
        std::ranges::set_intersection(common, indexes, std::inserter(both, both.end()));
        common = std::move(both);
    }
    if (!common.empty())
        return;
    Finding f;
    f.ruleId = "gid.index-differs";
    f.check = "M2";
    f.severity = Severity::Warning;
    std::string perHost;
    std::set<std::size_t> layouts;
    for (const auto& [host, first] : firstOf) {
        const auto& [v, index] = first;
        f.hosts.push_back(host);
        f.ports.push_back(host + ":" + v->device + "/" + std::to_string(v->port));
        const auto perAddress = gidsPerAddress(ctx, *v);
        layouts.insert(perAddress);
        const auto& dh = *std::ranges::find_if(ctx.snap.hosts, [&](const DiagHost& x) { return x.name == host; });
        f.evidence.push_back(ctx.ev(dh, v->device + "/" + std::to_string(v->port) + " GID index to use",
            std::to_string(index) + " (" + v->type + " " + v->address
                + (perAddress == 1       ? ", the only GID of that address"
                        : perAddress > 1 ? ", after the address's RoCE v1 GID"
                                         : "")
                + ")",
            v->where));
        perHost += (perHost.empty() ? "" : ", ") + host + " " + std::to_string(index);
    }
    f.title = "The GID index to use differs between hosts (" + perHost + "): no single index fits all";
    f.explanation = "The hosts' GID tables are laid out differently, so one index names different GIDs on them";
    if (layouts.contains(1) && layouts.contains(2))
        f.explanation += " (some devices list a RoCE v1 and a v2 GID per address, others one GID per address: "
                         "they offer different RoCE versions, or a different driver)";
    f.explanation += ". An application given one GID index for every rank (UCX_IB_GID_INDEX or "
                     "NCCL_IB_GID_INDEX on the launcher's command line, one value in a pod template) then uses "
                     "the RoCE v2 GID on some hosts and a link-local, v1 or missing one on the others: the two "
                     "ends' GIDs do not match and connections time out. Set the index per host, in each host's "
                     "own environment, or make the tables alike (the same driver and RoCE mode on every device).";
    for (const auto& [host, first] : firstOf) {
        const auto& [v, index] = first;
        Fix fix;
        fix.target = host;
        fix.platform = "application";
        fix.text = "export UCX_IB_GID_INDEX=" + std::to_string(index) + "   # or NCCL_IB_GID_INDEX="
            + std::to_string(index) + "; in " + host + "'s own environment, not on the launcher's line";
        fix.origin = host + "'s own GID table";
        f.fixes.push_back(std::move(fix));
    }
    ctx.findings.push_back(std::move(f));
}

} // namespace

void rulesGid(Context& ctx)
{
    ruleRoceVersion(ctx);
    ruleGidIndex(ctx);
    ruleGidForAddress(ctx);
    ruleVlanOnPeer(ctx);
    ruleStale(ctx);
    rulePortDown(ctx);
}

void rulesGidAcrossHosts(Context& ctx)
{
    ruleIndexFromVerdicts(ctx);
}

} // namespace rp::diag::detail

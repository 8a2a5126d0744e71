// SPDX-License-Identifier: GPL-3.0-or-later
// The troubleshooter's engine: endpoints and segments (who can talk to whom), the segment comparison every
// pair rule uses, coverage of the field guide's checks M1..M20, and the report.
#include "diagnose/context.h"
#include "util/text.h"

#include <algorithm>
#include <charconv>
#include <chrono>
#include <cstdio>
#include <ctime>
#include <set>

namespace rp::diag {

std::string toString(Severity severity)
{
    switch (severity) {
    case Severity::Error:
        return "error";
    case Severity::Warning:
        return "warning";
    case Severity::Info:
        break;
    }
    return "info";
}

bool Report::hasErrors() const
{
    return std::any_of(
        findings.begin(), findings.end(), [](const Finding& f) { return f.severity == Severity::Error; });
}

std::string utcNow()
{
    auto now = std::chrono::system_clock::to_time_t(std::chrono::system_clock::now());
    std::tm tm {};
    gmtime_r(&now, &tm);
    char buf[32];
    std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", &tm);
    return buf;
}

namespace detail {

namespace {

std::optional<std::uint32_t> parseIpv4(std::string_view s)
{
    std::uint32_t out = 0;
    int parts = 0;
    std::size_t i = 0;
    while (i <= s.size() && parts < 4) {
        auto dot = s.find('.', i);
        auto end = dot == std::string_view::npos ? s.size() : dot;
        unsigned v = 0;
        auto [p, ec] = std::from_chars(s.data() + i, s.data() + end, v);
        if (ec != std::errc() || p != s.data() + end || v > 255)
            return std::nullopt;
        out = (out << 8) | v;
        ++parts;
        if (dot == std::string_view::npos)
            break;
        i = dot + 1;
    }
    if (parts != 4)
        return std::nullopt;
    return out;
}

std::string ipv4Text(std::uint32_t a)
{
    return std::to_string(a >> 24) + "." + std::to_string((a >> 16) & 255) + "." + std::to_string((a >> 8) & 255) + "."
        + std::to_string(a & 255);
}

std::string networkKey(const std::string& address, int prefix)
{
    auto a = parseIpv4(address);
    if (!a)
        return address;
    std::uint32_t mask = prefix <= 0 ? 0 : (prefix >= 32 ? 0xffffffffu : ~((1u << (32 - prefix)) - 1));
    return ipv4Text(*a & mask) + "/" + std::to_string(prefix);
}

bool isRocePort(const RdmaDevice& d, const RdmaPort& p)
{
    if (d.transport == Transport::InfiniBand || d.transport == Transport::IWarp)
        return false;
    return p.linkLayer.empty() || p.linkLayer == "Ethernet";
}

} // namespace

Context::Context(const FabricSnapshot& snapshot, const DiagnoseOptions& options)
    : snap(snapshot)
    , opts(options)
{
    fixBase = fixProfile(options, fixWhy);
    std::map<std::string, std::size_t> segIndex;
    for (std::size_t hi = 0; hi < snap.hosts.size(); ++hi) {
        const auto& h = snap.hosts[hi];
        for (const auto& d : h.facts.devices) {
            for (const auto& p : d.ports) {
                if (!isRocePort(d, p))
                    continue;
                std::string phys = p.netdev;
                if (phys.empty()) {
                    for (const auto& g : p.gids)
                        if (!g.netdev.empty() && !g.vlanId) {
                            phys = g.netdev;
                            break;
                        }
                }
                if (phys.empty())
                    phys = d.parentNetdev;
                std::vector<std::string> candidates;
                auto addCandidate = [&](const std::string& n) {
                    if (!n.empty() && std::find(candidates.begin(), candidates.end(), n) == candidates.end())
                        candidates.push_back(n);
                };
                addCandidate(phys);
                for (const auto& n : h.facts.netdevs)
                    if (!phys.empty() && n.vlanParent == phys)
                        addCandidate(n.name);
                for (const auto& g : p.gids)
                    addCandidate(g.netdev);
                std::vector<Endpoint> found;
                for (const auto& name : candidates) {
                    const Netdev* n = netdev(h, name);
                    if (!n)
                        continue;
                    for (const auto& cidr : n->ipv4) {
                        Endpoint e;
                        e.host = hi;
                        e.device = &d;
                        e.port = &p;
                        e.netdev = name;
                        e.physNetdev = n->vlanParent.empty() ? name : n->vlanParent;
                        e.vlan = n->vlanId;
                        auto slash = cidr.find('/');
                        e.address = cidr.substr(0, slash);
                        if (slash != std::string::npos) {
                            int pl = 24;
                            auto [ptr, ec] = std::from_chars(cidr.data() + slash + 1, cidr.data() + cidr.size(), pl);
                            if (ec == std::errc() && pl >= 0 && pl <= 32) {
                                e.prefix = pl;
                                e.prefixKnown = true;
                            }
                        }
                        found.push_back(e);
                    }
                }
                if (found.empty()) {
                    // No address list (a paste of GID rows only): the GIDs' IPv4 addresses, subnet assumed /24.
                    std::set<std::string> seen;
                    for (const auto& g : p.gids) {
                        if (g.ipv4.empty() || !seen.insert(g.ipv4).second)
                            continue;
                        if (!g.netdev.empty() && netdev(h, g.netdev))
                            continue;
                        Endpoint e;
                        e.host = hi;
                        e.device = &d;
                        e.port = &p;
                        e.netdev = g.netdev.empty() ? phys : g.netdev;
                        e.physNetdev = phys.empty() ? e.netdev : phys;
                        e.vlan = g.vlanId;
                        e.address = g.ipv4;
                        found.push_back(e);
                    }
                }
                for (auto& e : found) {
                    const GidEntry* untyped = nullptr;
                    for (const auto& g : p.gids) {
                        if (g.ipv4 != e.address || g.zero || g.duplicate)
                            continue;
                        if (!g.netdev.empty() && g.netdev != e.netdev)
                            continue;
                        if (g.type == GidType::RoceV2 && !e.v2)
                            e.v2 = &g;
                        else if (g.type == GidType::IbRoceV1 && !e.v1)
                            e.v1 = &g;
                        else if (g.type == GidType::Unknown && !untyped)
                            untyped = &g;
                    }
                    // A GID whose type was not read still shows the address has one; the type rules skip it.
                    if (!e.v2 && !e.v1)
                        e.v2 = untyped;
                    auto key = networkKey(e.address, e.prefix) + (e.prefixKnown ? "" : " (assumed /24)");
                    auto [it, inserted] = segIndex.try_emplace(key, segments.size());
                    if (inserted)
                        segments.push_back(Segment { key, {} });
                    segments[it->second].endpoints.push_back(endpoints.size());
                    endpoints.push_back(e);
                }
            }
        }
    }
}

std::string Context::label(const Endpoint& e) const
{
    return hostOf(e).name + ":" + e.device->name + "/" + std::to_string(e.port->number);
}

const Netdev* Context::netdev(const DiagHost& h, const std::string& name) const
{
    for (const auto& n : h.facts.netdevs)
        if (n.name == name)
            return &n;
    return nullptr;
}

const Netdev* Context::dcbNetdev(const Endpoint& e) const
{
    return netdev(hostOf(e), e.physNetdev);
}

std::string Context::whereGid(const DiagHost& h, const std::string& dev, int port, int index, bool type) const
{
    auto key = dev + "/" + std::to_string(port) + "/" + std::to_string(index);
    if (auto it = h.gidLines.find(key); it != h.gidLines.end())
        return h.origin + ":" + std::to_string(it->second);
    if (h.source == "paste")
        return h.origin;
    return "/sys/class/infiniband/" + dev + "/ports/" + std::to_string(port) + "/"
        + (type ? "gid_attrs/types/" : "gids/") + std::to_string(index);
}

std::string Context::whereNetdev(const DiagHost& h, const std::string& name, const std::string& what) const
{
    if (auto it = h.netdevLines.find(name); it != h.netdevLines.end())
        return h.origin + ":" + std::to_string(it->second);
    if (h.source == "paste")
        return h.origin;
    if (what == "mtu")
        return "/sys/class/net/" + name + "/mtu";
    if (what == "address")
        return "ip -d -j addr show " + name;
    return "/sys/class/net/" + name;
}

std::string Context::whereDcb(const DiagHost& h, const std::string& name) const
{
    const Netdev* n = netdev(h, name);
    std::string tool = n && !n->dcb.source.empty() ? n->dcb.source : std::string("dcb");
    if (auto it = h.netdevLines.find(name); it != h.netdevLines.end())
        return h.origin + ":" + std::to_string(it->second) + " (" + tool + ")";
    if (h.source == "paste")
        return h.origin + " (" + tool + ")";
    if (tool == "mlnx_qos")
        return "mlnx_qos -i " + name;
    if (tool == "lldptool")
        return "lldptool -t -i " + name;
    return "dcb -j show dev " + name;
}

Evidence Context::ev(const DiagHost& h, std::string subject, std::string value, std::string where) const
{
    return Evidence { h.name, std::move(subject), std::move(value), std::move(where), h.readAt };
}

void Context::needs(const std::string& check, const std::string& data)
{
    if (!missing.count(check))
        missing[check] = data;
}

std::vector<Fix> Context::fixHost(const Endpoint& e, const std::vector<std::string>& keys,
    const std::function<void(Profile&)>& adjust, const std::string& extraWhy) const
{
    Profile p = fixBase;
    if (adjust)
        adjust(p);
    if (e.vlan && !p.vlan && p.trust == TrustMode::Pcp)
        p.vlan = e.vlan;
    std::string note;
    auto fixes = hostFix(hostOf(e), e.physNetdev.empty() ? e.netdev : e.physNetdev, e.device->name, e.port->number, p,
        keys, fixWhy + extraWhy, &note);
    return fixes;
}

std::string joinInts(const std::vector<int>& v)
{
    std::string s;
    for (auto x : v)
        s += (s.empty() ? "" : ",") + std::to_string(x);
    return s.empty() ? "none" : s;
}

std::string pfcList(const std::array<bool, 8>& pfc)
{
    std::vector<int> on;
    for (int i = 0; i < 8; ++i)
        if (pfc[static_cast<std::size_t>(i)])
            on.push_back(i);
    return joinInts(on);
}

void compareInSegment(Context& ctx, const Segment& segment, const std::vector<Vote>& votes, const CompareSpec& spec,
    const std::optional<std::string>& profileValue)
{
    if (votes.size() < 2 && !(votes.size() == 1 && profileValue))
        return;
    std::map<std::string, std::size_t> counts;
    for (const auto& v : votes)
        ++counts[v.value];
    if (counts.size() == 1 && (!profileValue || counts.begin()->first == *profileValue))
        return;
    // The reference: the profile when given, else a strict majority, else the first host.
    std::string reference;
    std::string refWhy;
    if (profileValue) {
        reference = *profileValue;
        refWhy = "the profile sets " + reference;
    } else {
        std::size_t best = 0;
        for (const auto& [value, n] : counts)
            best = std::max(best, n);
        std::size_t withBest = 0;
        for (const auto& [value, n] : counts)
            if (n == best) {
                ++withBest;
                reference = value;
            }
        if (withBest == 1 && best * 2 > votes.size()) {
            refWhy = std::to_string(best) + " of " + std::to_string(votes.size()) + " ports in " + segment.key
                + " have " + reference;
        } else {
            reference = votes.front().value;
            refWhy = "no majority in " + segment.key + "; the fix makes the others match "
                + ctx.label(ctx.endpoints[votes.front().endpoint]) + " (with --profile the profile decides)";
        }
    }
    const Vote* refVote = nullptr;
    for (const auto& v : votes)
        if (v.value == reference) {
            refVote = &v;
            break;
        }
    for (const auto& v : votes) {
        if (v.value == reference)
            continue;
        if (!ctx.reported.insert(spec.ruleId + "|" + v.evidence.host + "|" + v.evidence.subject).second)
            continue;
        const auto& e = ctx.endpoints[v.endpoint];
        Finding f;
        f.ruleId = spec.ruleId;
        f.check = spec.check;
        f.title = spec.title;
        f.severity = spec.severity;
        f.hosts.push_back(ctx.hostOf(e).name);
        f.ports.push_back(ctx.label(e));
        f.evidence.push_back(v.evidence);
        // The peers it disagrees with: a few by name, the rest counted.
        std::size_t named = 0, others = 0;
        for (const auto& o : votes) {
            if (o.value == v.value)
                continue;
            const auto& oe = ctx.endpoints[o.endpoint];
            if (named < 3) {
                if (std::find(f.hosts.begin(), f.hosts.end(), ctx.hostOf(oe).name) == f.hosts.end())
                    f.hosts.push_back(ctx.hostOf(oe).name);
                f.ports.push_back(ctx.label(oe));
                if (&o == refVote || named == 0)
                    f.evidence.push_back(o.evidence);
                ++named;
            } else {
                ++others;
            }
        }
        f.explanation = spec.explanation + " Reference: " + refWhy + "."
            + (others ? " " + std::to_string(others) + " more ports in " + segment.key + " differ from this one too."
                      : "");
        auto value = reference;
        f.fixes = ctx.fixHost(e, spec.keys,
            spec.adjust ? std::function<void(Profile&)>([&](Profile& p) { spec.adjust(p, value); })
                        : std::function<void(Profile&)>(),
            profileValue ? std::string() : " adjusted to " + reference);
        ctx.findings.push_back(std::move(f));
    }
}

namespace {

struct CheckInfo
{
    const char* id;
    const char* title;
    const char* needs;
};

constexpr CheckInfo kChecks[] = {
    { "M1", "RoCE version differs between peers",
        "GID tables with types (ibv_devinfo -v, show_gids, gid_attrs/types) of two hosts in one subnet" },
    { "M2", "different GID index / wrong address family",
        "GID tables and addresses of two hosts in one subnet, or a test output naming its GID index" },
    { "M3", "no GID for the VLAN interface / IP", "GID tables with netdevs plus `ip -d -j addr` of the hosts" },
    { "M4", "stale GID after a flap / netplan re-apply",
        "two reads of the same host's GID table (an earlier discovery or bundle and a new one)" },
    { "M5", "PFC on a different priority on host vs switch / peer",
        "DCB state (dcb -j pfc, mlnx_qos, lldptool, Get-NetQosFlowControl) of two hosts, or a host and its switch's "
        "PFC show output" },
    { "M6", "PFC admin-on but operationally off",
        "the switch's operational PFC state (NX-OS `show interface priority-flow-control`), Windows Get-NetAdapterQos "
        "OperationalFlowControl, or lldptool's peer TLV" },
    { "M7", "DCBX willing fights", "DCBX willing/mode (dcb ets/dcbx, mlnx_qos, lldptool, Get-NetQosDcbxSetting)" },
    { "M8", "trust mode mismatch", "trust state (dcb apptrust, mlnx_qos) of two hosts, or a host and its switch" },
    { "M9", "DSCP 26 -> priority 3 missing or mapped elsewhere",
        "the DSCP map (dcb app, mlnx_qos dscp2prio, lldptool APP) or the switch's DSCP-to-TC map" },
    { "M10", "traffic sent with a wrong ToS",
        "rdma_cm defaults (/sys/kernel/config/rdma_cm/DEV/ports/1/default_roce_tos) or per-priority counters under "
        "load" },
    { "M11", "CNP priority / DSCP mismatch",
        "NIC CNP settings (/sys/class/net/IF/ecn/roce_np/cnp_dscp, cnp_802p_prio on MLNX_OFED) and the switch's CNP "
        "class" },
    { "M12", "ECN/DCQCN not active",
        "two reads of the CNP/ECN counters (np_cnp_sent, rp_cnp_handled, np_ecn_marked_roce_packets) under load" },
    { "M13", "MTU mismatch",
        "netdev MTUs (ip link) and RDMA active_mtu (ibv_devinfo) of two hosts, or a switch port MTU" },
    { "M14", "ETS bandwidths / RoCE traffic class", "ETS state (dcb ets, mlnx_qos, Get-NetQosTrafficClass)" },
    { "M15", "storage class share too small / heartbeat priority differs",
        "Windows Get-NetQosTrafficClass and Get-NetQosPolicy of the hosts, or the switch's ETS TLV" },
    { "M16", "PFC storm / pause counters rising without load",
        "two reads of the per-priority pause counters (ethtool -S rx/tx_prioN_pause), SONiC `show pfcwd stats` or "
        "its log's PFC watchdog lines" },
    { "M17", "lossless priority without lossless buffer / headroom",
        "buffer state (mlnx_qos prio2buffer/buffer_size, dcb buffer show), SONiC BUFFER_PG, or NX-OS `show queuing "
        "interface` (no-drop groups and their drops)" },
    { "M18", "pause on a lossy priority",
        "two reads of the per-priority pause counters (ethtool -S) or switch PFC counters" },
    { "M19", "Windows: NetAdapterQos off, NetworkDirect off, RDMA vNIC untagged",
        "Get-NetAdapterQos, Get-NetAdapterRdma, Get-NetAdapterAdvancedProperty of Windows hosts" },
    { "M20", "firewall / test port blocked",
        "a test output that failed to connect, or the active reachability check (--active)" },
};

void sortFindings(std::vector<Finding>& findings)
{
    std::stable_sort(findings.begin(), findings.end(), [](const Finding& a, const Finding& b) {
        if (a.severity != b.severity)
            return static_cast<int>(a.severity) > static_cast<int>(b.severity);
        if (a.ruleId != b.ruleId)
            return a.ruleId < b.ruleId;
        return a.hosts < b.hosts;
    });
}

} // namespace

} // namespace detail

Report diagnose(const FabricSnapshot& snapshot, const DiagnoseOptions& options, const std::atomic<bool>* cancel)
{
    using namespace detail;
    Context ctx(snapshot, options);
    Report report;
    report.hostCount = snapshot.hosts.size();
    report.segmentCount = ctx.segments.size();
    report.reachability = snapshot.reachability;
    for (auto rule :
        { rulesGid, rulesPorts, rulesGidAcrossHosts, rulesAppLog, rulesAppSetup, rulesContainer, rulesLanes, rulesQos,
            rulesMtu, rulesCounters, rulesTests, rulesSwitch, rulesSwitchQueues, rulesLinks, rulesWindows }) {
        if (cancel && cancel->load())
            break;
        rule(ctx);
    }
    for (const auto& c : kChecks) {
        CheckCoverage cov;
        cov.check = c.id;
        cov.title = c.title;
        cov.evaluated = ctx.evaluated.count(c.id) > 0;
        if (!cov.evaluated) {
            auto it = ctx.missing.find(c.id);
            cov.missingData = it != ctx.missing.end() ? it->second : c.needs;
            Finding f;
            f.ruleId = "coverage." + std::string(c.id);
            f.check = c.id;
            f.title = std::string("Not checked: ") + c.title;
            f.severity = Severity::Info;
            f.missingData = cov.missingData;
            f.explanation = "This check could not run on the data at hand. It needs: " + cov.missingData + ".";
            ctx.findings.push_back(std::move(f));
        }
        report.coverage.push_back(std::move(cov));
    }
    sortFindings(ctx.findings);
    report.findings = std::move(ctx.findings);
    report.ports = std::move(ctx.verdicts);
    return report;
}

DiagHost hostFromFacts(const std::string& name, HostKind kind, const HostFacts& facts, const std::string& source,
    const std::string& origin, const std::string& readAt)
{
    DiagHost h;
    h.name = name;
    h.kind = kind;
    h.facts = facts;
    h.source = source;
    h.origin = origin;
    h.readAt = readAt;
    return h;
}

void addPasted(FabricSnapshot& snapshot, const PastedFabric& pasted, const std::string& origin)
{
    for (const auto& p : pasted.hosts) {
        DiagHost* h = nullptr;
        for (auto& x : snapshot.hosts)
            if (x.name == p.name)
                h = &x;
        if (!h) {
            snapshot.hosts.push_back({});
            h = &snapshot.hosts.back();
            h->name = p.name;
            h->source = "paste";
            h->origin = origin;
            h->readAt = "as pasted";
        }
        for (const auto& d : p.devices)
            h->facts.devices.push_back(d);
        for (const auto& n : p.netdevs)
            h->facts.netdevs.push_back(n);
        for (const auto& [k, v] : p.gidLines)
            h->gidLines[k] = v;
        if (p.noGidsLine > 0)
            h->noGidsLine = p.noGidsLine;
        for (const auto& [k, v] : p.netdevLines)
            h->netdevLines[k] = v;
        for (const auto& [k, v] : p.netdevBlocks)
            h->netdevBlocks[k] = v;
        h->rdmaCm.insert(h->rdmaCm.end(), p.rdmaCm.begin(), p.rdmaCm.end());
        h->rdmaCmRead = h->rdmaCmRead || !p.rdmaCm.empty();
        h->counters.insert(h->counters.end(), p.counters.begin(), p.counters.end());
        h->tests.insert(h->tests.end(), p.tests.begin(), p.tests.end());
        h->appLog.insert(h->appLog.end(), p.appLog.begin(), p.appLog.end());
        if (p.windows.any()) {
            h->windows = p.windows;
            h->kind = HostKind::Windows;
        }
        // Link-local GIDs are EUI-64 forms of the netdev's MAC (fe80::0202:c9ff:fe00:0001 <- 00:02:c9:00:00:01):
        // that names the port's netdev when the paste did not.
        auto macOf = [](const std::string& gid) -> std::string {
            if (gid.size() != 39 || !gid.starts_with("fe80") || gid.substr(27, 2) != "ff" || gid.substr(30, 2) != "fe")
                return {};
            char buf[4];
            std::snprintf(buf, sizeof buf, "%02x", std::stoi(gid.substr(20, 2), nullptr, 16) ^ 0x02);
            return std::string(buf) + ":" + gid.substr(22, 2) + ":" + gid.substr(25, 2) + ":" + gid.substr(32, 2) + ":"
                + gid.substr(35, 2) + ":" + gid.substr(37, 2);
        };
        for (auto& d : h->facts.devices) {
            for (auto& port : d.ports) {
                if (!port.netdev.empty())
                    continue;
                for (const auto& g : port.gids) {
                    auto mac = g.linkLocal && g.netdev.empty() ? macOf(g.gid) : std::string();
                    if (mac.empty())
                        continue;
                    for (const auto& n : h->facts.netdevs)
                        if (lower(n.mac) == mac && n.vlanParent.empty() && n.kind != "vlan")
                            port.netdev = n.name;
                    if (!port.netdev.empty())
                        break;
                }
            }
        }
        // Ports learn their netdev from a GID on the untagged netdev when the paste did not say.
        for (auto& d : h->facts.devices) {
            if (d.transport == Transport::Unknown && !d.ports.empty()
                && std::all_of(d.ports.begin(), d.ports.end(),
                    [](const RdmaPort& x) { return x.linkLayer.empty() || x.linkLayer == "Ethernet"; }))
                d.transport = Transport::RoCE;
            for (auto& port : d.ports) {
                for (auto& g : port.gids) {
                    // A GID of an IPv4 address belongs to the netdev that has the address: grepped GID rows
                    // carry no netdev, `ip addr` beside them says which.
                    if (g.netdev.empty() && !g.ipv4.empty()) {
                        for (const auto& n : h->facts.netdevs)
                            for (const auto& a : n.ipv4)
                                if (a.substr(0, a.find('/')) == g.ipv4)
                                    g.netdev = n.name;
                    }
                    if (g.netdev.empty())
                        continue;
                    if (port.netdev.empty()) {
                        for (const auto& n : h->facts.netdevs)
                            if (n.name == g.netdev)
                                port.netdev = n.vlanParent.empty() ? n.name : n.vlanParent;
                    }
                    for (const auto& n : h->facts.netdevs)
                        if (n.name == g.netdev && n.vlanId && !g.vlanId)
                            g.vlanId = n.vlanId;
                }
            }
        }
    }
    for (auto sp : pasted.switchPorts) {
        sp.origin = origin;
        snapshot.switchPorts.push_back(std::move(sp));
    }
    for (auto n : pasted.lldp) {
        n.origin = origin;
        snapshot.lldp.push_back(std::move(n));
    }
}

} // namespace rp::diag

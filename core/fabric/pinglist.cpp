// SPDX-License-Identifier: GPL-3.0-or-later
#include "fabric/pinglist.h"

#include "discovery/discover.h"

#include <algorithm>
#include <optional>
#include <set>

namespace rp::fabric {
namespace {

// splitmix64: the sample must be the same on every platform and standard library for one seed, which
// std::uniform_int_distribution does not promise.
std::uint64_t pinglistMix(std::uint64_t x)
{
    x += 0x9e3779b97f4a7c15ULL;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
    return x ^ (x >> 31);
}

std::uint64_t pinglistHash(std::uint64_t seed, const std::string& text, std::uint64_t salt)
{
    std::uint64_t h = pinglistMix(seed ^ (salt * 0x100000001b3ULL));
    for (unsigned char c : text)
        h = pinglistMix(h ^ c);
    return h;
}

std::string stripPrefix(const std::string& cidr)
{
    return cidr.substr(0, cidr.find('/'));
}

/// The UDP endpoint's address: the recommended GID's IPv4 address and netdev, else the first IPv4 address of an up
/// netdev that is not loopback.
std::pair<std::string, std::string> udpAddress(const HostFacts& facts)
{
    for (const auto& rec : facts.recommendations) {
        if (rec.address.find('.') != std::string::npos)
            return { rec.address, rec.netdev };
    }
    for (const auto& nd : facts.netdevs) {
        if (nd.name == "lo" || nd.ipv4.empty() || (nd.operState != "UP" && nd.operState != "UNKNOWN"))
            continue;
        return { stripPrefix(nd.ipv4.front()), nd.name };
    }
    return {};
}

bool sameFamily(const Endpoint& a, const Endpoint& b)
{
    bool v4a = a.address.find('.') != std::string::npos;
    bool v4b = b.address.find('.') != std::string::npos;
    return v4a == v4b;
}

/// Discovery's recommendation decides which GID is the host's own (loopback, second pass): one rule for the
/// wizard, the troubleshooter and the fabric check. A copy with it filled in when the facts came without.
std::optional<HostFacts> withRecommendation(const HostFacts& facts)
{
    if (!facts.recommendations.empty())
        return std::nullopt;
    HostFacts copy = facts;
    recommendGids(copy, RecommendTarget {});
    return copy;
}

} // namespace

std::string Topology::torOfHost(const std::string& host) const
{
    auto it = torOf.find(host);
    return it == torOf.end() ? std::string() : it->second;
}

std::string Topology::accessLinkName(const std::string& host) const
{
    auto tor = torOfHost(host);
    return host + "<->" + (tor.empty() ? std::string("?") : tor);
}

std::vector<std::string> Topology::uplinksBetween(const std::string& torA, const std::string& torB) const
{
    if (torA == torB)
        return {};
    if (spine.empty())
        return { std::min(torA, torB) + "<->" + std::max(torA, torB) };
    return { torA + "<->" + spine, torB + "<->" + spine };
}

bool Pinglist::hasRdma(const std::string& host) const
{
    auto it = byHost.find(host);
    if (it == byHost.end())
        return false;
    return std::ranges::any_of(it->second, [&](std::uint32_t e) { return !endpoints[e].udp(); });
}

std::vector<Endpoint> hostEndpoints(const HostFacts& facts, const std::string& tor)
{
    auto recommended = withRecommendation(facts);
    const HostFacts* f = recommended ? &*recommended : &facts;
    std::vector<Endpoint> out;
    for (const auto& dev : f->devices) {
        if (dev.transport != Transport::RoCE)
            continue;
        for (const auto& port : dev.ports) {
            if (!port.linkLayer.empty() && port.linkLayer != "Ethernet")
                continue;
            for (const auto& gid : port.gids) {
                if (gid.duplicate)
                    continue;
                Endpoint e;
                e.host = f->hostname;
                e.device = dev.name;
                e.port = port.number;
                e.gidIndex = gid.index;
                e.gid = gid.gid;
                e.address = gid.ipv4.empty() ? gid.ipv6 : gid.ipv4;
                e.vlan = gid.vlanId;
                e.tor = tor;
                e.type = gid.type;
                e.netdev = gid.netdev;
                e.subnet = gidSubnet(*f, gid);
                e.linkLocal = gid.linkLocal;
                e.empty = gid.zero;
                out.push_back(std::move(e));
            }
        }
    }
    auto [address, netdev] = udpAddress(*f);
    if (!address.empty()) {
        Endpoint u;
        u.host = f->hostname;
        u.device = "udp";
        u.address = address;
        u.netdev = netdev;
        u.tor = tor;
        out.push_back(std::move(u));
    }
    return out;
}

Reason expectation(const Endpoint& from, const Endpoint& to, bool routedV2)
{
    if (from.empty || to.empty)
        return Reason::EmptySlot;
    if (from.udp() || to.udp())
        return Reason::None;
    if (from.host == to.host && from.device == to.device && from.port == to.port && from.gidIndex == to.gidIndex)
        return Reason::None;
    if (from.type != to.type)
        return Reason::RoceVersion;
    if (from.linkLocal || to.linkLocal)
        return Reason::LinkLocal;
    if (from.vlan != to.vlan || !sameFamily(from, to))
        return Reason::OtherSubnet;
    if (!from.subnet.empty() && !to.subnet.empty() && from.subnet != to.subnet) {
        // RoCE v1 is an Ethernet frame and never leaves its subnet; v2 is UDP/IP and crosses a router if there is one.
        if (!(routedV2 && from.type == GidType::RoceV2))
            return Reason::OtherSubnet;
    }
    return Reason::None;
}

Result<Pinglist> buildPinglist(
    const std::vector<HostFacts>& hosts, const Topology& topology, const PinglistOptions& options)
{
    Pinglist list;
    list.topology = topology;
    list.routedV2 = options.routedV2;
    std::set<std::string> names;
    for (const auto& facts : hosts) {
        if (facts.hostname.empty())
            return fail(ErrorKind::Validation, "a host without a name cannot be probed");
        if (!names.insert(facts.hostname).second)
            return fail(ErrorKind::Validation, "host " + facts.hostname + " is listed twice");
        auto eps = hostEndpoints(facts, topology.torOfHost(facts.hostname));
        if (eps.empty()) {
            list.skipped.emplace_back(facts.hostname, "no RoCE GID and no IPv4 address on an up netdev");
            continue;
        }
        list.hosts.push_back(facts.hostname);
        auto& mine = list.byHost[facts.hostname];
        auto recommended = withRecommendation(facts);
        const auto& recs = recommended ? recommended->recommendations : facts.recommendations;
        std::optional<std::uint32_t> preferred;
        for (auto& e : eps) {
            auto id = static_cast<std::uint32_t>(list.endpoints.size());
            mine.push_back(id);
            if (e.udp())
                list.udp[e.host] = id;
            else if (!preferred && !recs.empty() && recs.front().device == e.device && recs.front().port == e.port
                && recs.front().gidIndex == e.gidIndex)
                preferred = id;
            list.endpoints.push_back(std::move(e));
        }
        if (auto u = list.udp.find(facts.hostname); u != list.udp.end()) {
            const auto& udp = list.endpoints[u->second];
            for (const auto& rec : recs) {
                if (!rec.device.empty() && rec.port > 0 && rec.netdev == udp.netdev
                    && rec.address.find('.') != std::string::npos) {
                    list.udpNic[facts.hostname] = facts.hostname + ":" + rec.device + "/" + std::to_string(rec.port);
                    break;
                }
            }
        }
        if (preferred)
            list.preferred[facts.hostname] = *preferred;
        else if (list.udp.contains(facts.hostname))
            list.preferred[facts.hostname] = list.udp[facts.hostname];
    }

    std::map<std::string, std::vector<std::string>> byTor;
    for (const auto& h : list.hosts)
        byTor[topology.torOfHost(h)].push_back(h);
    std::set<std::pair<std::string, std::string>> pairs;
    for (const auto& [tor, members] : byTor) {
        for (const auto& a : members) {
            for (const auto& b : members) {
                if (a != b)
                    pairs.emplace(a, b);
            }
        }
    }
    for (const auto& h : list.hosts) {
        auto mine = topology.torOfHost(h);
        std::vector<const std::vector<std::string>*> others;
        std::size_t crossHosts = 0;
        for (const auto& [tor, members] : byTor) {
            if (tor != mine) {
                others.push_back(&members);
                crossHosts += members.size();
            }
        }
        if (others.empty())
            continue;
        std::size_t want = std::min(options.crossTorPeers, crossHosts);
        std::set<std::string> chosen;
        auto start = pinglistHash(options.seed, h, 0);
        // Round-robin over the other ToRs, so that K peers cover K ToRs before any ToR gets a second one.
        for (std::uint64_t j = 0; chosen.size() < want && j < 64 * (want + crossHosts); ++j) {
            const auto& members = *others[(start + j) % others.size()];
            const auto& peer = members[pinglistHash(options.seed, h, j + 1) % members.size()];
            chosen.insert(peer);
        }
        for (const auto& peer : chosen) {
            pairs.emplace(h, peer);
            pairs.emplace(peer, h);
        }
    }
    for (const auto& [a, b] : pairs) {
        list.pairs.emplace_back(a, b);
        for (auto ea : list.byHost[a]) {
            for (auto eb : list.byHost[b]) {
                const auto& x = list.endpoints[ea];
                const auto& y = list.endpoints[eb];
                if (x.udp() != y.udp())
                    continue;
                list.probes.push_back({ ea, eb, expectation(x, y, options.routedV2) });
            }
        }
    }
    return list;
}

void applyExpectations(const Pinglist& pinglist, std::vector<CellResult>& cells)
{
    for (auto& cell : cells) {
        if (cell.from >= pinglist.endpoints.size() || cell.to >= pinglist.endpoints.size())
            continue;
        // What an agent says about itself (its slot is empty, it is not running, its host held it up) is news
        // whatever the design says.
        if (cell.reason == Reason::EmptySlot || cell.reason == Reason::AgentDown || cell.reason == Reason::HostBusy) {
            cell.expected = pinglist.endpoints[cell.from].empty;
            continue;
        }
        auto designed = expectation(pinglist.endpoints[cell.from], pinglist.endpoints[cell.to], pinglist.routedV2);
        if (designed != Reason::None && cell.failed()) {
            cell.reason = designed;
            cell.expected = true;
        } else {
            cell.expected = false;
        }
    }
}

} // namespace rp::fabric

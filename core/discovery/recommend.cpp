// SPDX-License-Identifier: GPL-3.0-or-later
#include "discovery/discover.h"

#include "util/text.h"

#include <algorithm>
#include <arpa/inet.h>
#include <charconv>

namespace rp {
namespace {

/// "198.18.0.1/24" for the GID's address, from the netdev's address list; empty when not listed.
std::string ipv4WithPrefix(const HostFacts& facts, const GidEntry& gid)
{
    const auto* nd = facts.netdev(gid.netdev);
    if (!nd)
        return {};
    for (const auto& cidr : nd->ipv4) {
        if (cidr.substr(0, cidr.find('/')) == gid.ipv4)
            return cidr;
    }
    return {};
}

std::optional<std::pair<std::uint32_t, int>> ipv4Network(const std::string& cidr)
{
    auto slash = cidr.find('/');
    if (slash == std::string::npos)
        return std::nullopt;
    in_addr addr {};
    if (inet_pton(AF_INET, cidr.substr(0, slash).c_str(), &addr) != 1)
        return std::nullopt;
    int prefix = -1;
    auto tail = std::string_view(cidr).substr(slash + 1);
    auto [ptr, ec] = std::from_chars(tail.data(), tail.data() + tail.size(), prefix);
    if (ec != std::errc() || prefix < 0 || prefix > 32)
        return std::nullopt;
    std::uint32_t host = ntohl(addr.s_addr);
    std::uint32_t mask = prefix == 0 ? 0 : ~std::uint32_t { 0 } << (32 - prefix);
    return std::pair { host & mask, prefix };
}

std::string formatIpv4(std::uint32_t host)
{
    in_addr addr {};
    addr.s_addr = htonl(host);
    char buf[INET_ADDRSTRLEN] = {};
    inet_ntop(AF_INET, &addr, buf, sizeof buf);
    return buf;
}

} // namespace

void recommendGids(HostFacts& facts, const RecommendTarget& target)
{
    facts.recommendations.clear();
    for (const auto& dev : facts.devices) {
        if (dev.transport != Transport::RoCE)
            continue;
        for (const auto& port : dev.ports) {
            std::vector<const GidEntry*> candidates;
            for (const auto& gid : port.gids) {
                if (gid.zero || gid.duplicate || gid.type != target.type)
                    continue;
                bool family = target.ipv4 ? !gid.ipv4.empty() : (!gid.ipv6.empty() && !gid.linkLocal);
                if (!family)
                    continue;
                if (!target.netdev.empty() && gid.netdev != target.netdev)
                    continue;
                candidates.push_back(&gid);
            }
            auto where = dev.name + " port " + std::to_string(port.number);
            std::string wanted = toString(target.type) + (target.ipv4 ? " IPv4" : " IPv6 (global)")
                + (target.netdev.empty() ? std::string() : " on " + target.netdev);
            if (candidates.empty()) {
                facts.notes.push_back(HostNote { HostNote::Severity::Warning, "gid.no-recommendation",
                    where + ": no " + wanted + " GID; "
                        + (target.ipv4 ? "give the port's netdev (or its VLAN) an IPv4 address"
                                       : "give the port's netdev a global IPv6 address") });
                continue;
            }
            // Without a named netdev, the untagged port netdev wins over its VLANs: a VLAN GID only works
            // when the switch port carries that VLAN, which the user has to choose on purpose.
            auto rank = [&](const GidEntry* g) {
                bool onPort = g->netdev == port.netdev;
                return std::pair { onPort && !g->vlanId ? 0 : (!g->vlanId ? 1 : 2), g->index };
            };
            auto best = *std::ranges::min_element(candidates, {}, rank);
            GidRecommendation rec;
            rec.device = dev.name;
            rec.port = port.number;
            rec.gidIndex = best->index;
            rec.gid = best->gid;
            rec.type = best->type;
            rec.netdev = best->netdev;
            rec.address = target.ipv4 ? best->ipv4 : best->ipv6;
            rec.reason = toString(best->type) + " GID with " + (target.ipv4 ? "IPv4 " : "IPv6 ") + rec.address + " on "
                + (rec.netdev.empty() ? std::string("an unnamed netdev") : rec.netdev)
                + (best->vlanId ? " (VLAN " + std::to_string(*best->vlanId) + ")" : std::string(" (untagged)"));
            if (!target.netdev.empty())
                rec.reason += ", the netdev you chose";
            else if (candidates.size() > 1)
                rec.reason += "; preferred over " + std::to_string(candidates.size() - 1)
                    + " other candidate(s) because it is on the port's own netdev and has the lowest index";
            facts.recommendations.push_back(std::move(rec));
        }
    }
}

std::string gidSubnet(const HostFacts& facts, const GidEntry& gid)
{
    if (gid.ipv4.empty())
        return {};
    auto net = ipv4Network(ipv4WithPrefix(facts, gid));
    if (!net)
        return {};
    return formatIpv4(net->first) + "/" + std::to_string(net->second);
}

std::vector<HostNote> compareRecommendations(const std::vector<HostOutcome>& outcomes)
{
    std::vector<HostNote> notes;
    struct Seen
    {
        std::string host;
        const GidRecommendation* rec;
        std::string cidr;
    };
    std::vector<Seen> seen;
    for (const auto& outcome : outcomes) {
        if (!outcome.facts)
            continue;
        for (const auto& rec : outcome.facts->recommendations) {
            std::string cidr;
            for (const auto& dev : outcome.facts->devices) {
                for (const auto& port : dev.ports) {
                    for (const auto& gid : port.gids) {
                        if (dev.name == rec.device && port.number == rec.port && gid.index == rec.gidIndex)
                            cidr = ipv4WithPrefix(*outcome.facts, gid);
                    }
                }
            }
            seen.push_back({ outcome.spec.name, &rec, cidr });
        }
    }
    if (seen.size() < 2)
        return notes;
    const auto& first = seen.front();
    for (std::size_t i = 1; i < seen.size(); ++i) {
        const auto& other = seen[i];
        auto pair = first.host + " " + first.rec->device + "/" + std::to_string(first.rec->port) + " vs " + other.host
            + " " + other.rec->device + "/" + std::to_string(other.rec->port);
        if (first.rec->type != other.rec->type)
            notes.push_back({ HostNote::Severity::Warning, "gid.type-mismatch",
                pair + ": recommended GIDs differ in type (" + toString(first.rec->type) + " vs "
                    + toString(other.rec->type) + "); both sides must use the same RoCE version" });
        bool v4a = first.rec->address.find('.') != std::string::npos;
        bool v4b = other.rec->address.find('.') != std::string::npos;
        if (v4a != v4b)
            notes.push_back({ HostNote::Severity::Warning, "gid.family-mismatch",
                pair + ": recommended GIDs differ in address family (" + first.rec->address + " vs "
                    + other.rec->address + ")" });
        auto na = ipv4Network(first.cidr);
        auto nb = ipv4Network(other.cidr);
        if (na && nb && *na != *nb)
            notes.push_back({ HostNote::Severity::Warning, "gid.subnet-mismatch",
                pair + ": recommended GIDs are in different subnets (" + formatIpv4(na->first) + "/"
                    + std::to_string(na->second) + " vs " + formatIpv4(nb->first) + "/" + std::to_string(nb->second)
                    + "); RoCE v2 then needs a routed path with the same DSCP/PFC settings on every hop" });
    }
    return notes;
}

} // namespace rp

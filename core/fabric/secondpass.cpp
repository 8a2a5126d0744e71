// SPDX-License-Identifier: GPL-3.0-or-later
#include "fabric/secondpass.h"

#include <algorithm>
#include <functional>
#include <map>
#include <set>

namespace rp::fabric {
namespace {

struct PeerStats
{
    std::set<std::string> partners;
    std::set<std::string> failingPartners;
    double badShare() const
    {
        return partners.empty() ? 1.0
                                : static_cast<double>(failingPartners.size()) / static_cast<double>(partners.size());
    }
};

class SecondPassPlanner
{
public:
    SecondPassPlanner(const Pinglist& pinglist, const SecondPassOptions& options)
        : m_list(pinglist)
        , m_options(options)
    {
        for (std::size_t i = 0; i < pinglist.hosts.size(); ++i)
            m_position[pinglist.hosts[i]] = i;
    }

    SecondPass plan(const std::vector<CellResult>& round)
    {
        readRound(round);
        SecondPass out;
        std::set<std::string> ends;
        for (const auto& pair : m_failingPairs) {
            out.failingPairs.push_back(pair);
            ends.insert(pair.first);
            ends.insert(pair.second);
        }
        for (const auto& host : m_list.hosts) {
            if (ends.contains(host))
                out.rechecks.push_back(recheck(host));
        }
        out.probes = std::move(m_probes);
        return out;
    }

private:
    void readRound(const std::vector<CellResult>& round)
    {
        for (const auto& cell : round) {
            if (cell.secondPass || cell.from >= m_list.endpoints.size() || cell.to >= m_list.endpoints.size())
                continue;
            const auto& a = m_list.endpoints[cell.from];
            const auto& b = m_list.endpoints[cell.to];
            if (a.host == b.host)
                continue;
            m_stats[a.host].partners.insert(b.host);
            m_stats[b.host].partners.insert(a.host);
            if (!cellLooksBad(cell, m_options))
                continue;
            m_stats[a.host].failingPartners.insert(b.host);
            m_stats[b.host].failingPartners.insert(a.host);
            m_failingPairs.insert({ std::min(a.host, b.host), std::max(a.host, b.host) });
            m_badEndpoints[a.host].insert(cell.from);
            m_badEndpoints[b.host].insert(cell.to);
        }
    }

    bool knownGood(const std::string& host) const
    {
        auto it = m_stats.find(host);
        return it != m_stats.end() && it->second.badShare() <= m_options.maxPeerBadShare;
    }

    /// Good peers, one under the host's own ToR first (it tests the access link and the ToR), then under another
    /// (it tests the uplinks); the healthiest first, ties broken by a rotation so the load spreads.
    std::vector<std::string> goodPeers(const std::string& host) const
    {
        const auto tor = m_list.topology.torOfHost(host);
        const bool rdma = m_list.hasRdma(host);
        auto offset = std::hash<std::string> {}(host);
        // Each candidate's key is worked out once: as a sort projection it cost two string-keyed map lookups per
        // comparison, for every host at an end of a failing pair (perf: the controller's hottest code after a
        // 1 000-host round's first pass with many agents down).
        std::vector<std::pair<std::pair<double, std::size_t>, std::string>> ranked;
        for (const auto& peer : m_list.hosts) {
            // A good peer that failed with this host in the round is kept: the re-probe is what tells.
            if (peer != host && knownGood(peer) && m_list.hasRdma(peer) == rdma)
                ranked.emplace_back(
                    std::pair { m_stats.at(peer).badShare(), (m_position.at(peer) + offset) % m_list.hosts.size() },
                    peer);
        }
        std::ranges::sort(ranked, {}, [](const auto& r) { return r.first; });
        std::vector<std::string> candidates;
        candidates.reserve(ranked.size());
        for (auto& r : ranked)
            candidates.push_back(std::move(r.second));
        std::vector<std::string> out;
        auto pick = [&](bool sameTor) {
            for (const auto& c : candidates) {
                if (out.size() < m_options.goodPeers && (m_list.topology.torOfHost(c) == tor) == sameTor
                    && std::ranges::find(out, c) == out.end()) {
                    out.push_back(c);
                    return;
                }
            }
        };
        pick(true);
        pick(false);
        for (const auto& c : candidates) {
            if (out.size() >= m_options.goodPeers)
                break;
            if (std::ranges::find(out, c) == out.end())
                out.push_back(c);
        }
        return out;
    }

    void probeBothWays(std::uint32_t a, std::uint32_t b)
    {
        add(a, b);
        add(b, a);
    }

    void add(std::uint32_t from, std::uint32_t to)
    {
        if (!m_planned.insert({ from, to }).second)
            return;
        m_probes.push_back({ from, to, expectation(m_list.endpoints[from], m_list.endpoints[to], m_list.routedV2) });
    }

    Recheck recheck(const std::string& host)
    {
        Recheck r;
        r.host = host;
        r.peers = goodPeers(host);
        auto pref = m_list.preferred.find(host);
        auto udp = m_list.udp.find(host);
        if (pref != m_list.preferred.end() && !m_list.endpoints[pref->second].udp()) {
            add(pref->second, pref->second);
            r.loopback = true;
        }
        for (const auto& peer : r.peers) {
            auto peerPref = m_list.preferred.find(peer);
            if (pref != m_list.preferred.end() && peerPref != m_list.preferred.end()
                && m_list.endpoints[pref->second].udp() == m_list.endpoints[peerPref->second].udp())
                probeBothWays(pref->second, peerPref->second);
            auto peerUdp = m_list.udp.find(peer);
            if (udp != m_list.udp.end() && peerUdp != m_list.udp.end())
                probeBothWays(udp->second, peerUdp->second);
        }
        // The GIDs that failed, against the first good peer's GID that should work with each: tells one bad GID
        // (a moved index) from a bad host.
        if (!r.peers.empty()) {
            std::size_t done = 0;
            for (auto ep : m_badEndpoints[host]) {
                const auto& x = m_list.endpoints[ep];
                if (x.udp() || (pref != m_list.preferred.end() && ep == pref->second))
                    continue;
                if (done++ >= m_options.maxEndpointsPerHost)
                    break;
                for (auto other : m_list.byHost.at(r.peers.front())) {
                    const auto& y = m_list.endpoints[other];
                    if (!y.udp() && expectation(x, y, m_list.routedV2) == Reason::None) {
                        probeBothWays(ep, other);
                        break;
                    }
                }
            }
        }
        return r;
    }

    const Pinglist& m_list;
    const SecondPassOptions& m_options;
    std::map<std::string, std::size_t> m_position;
    std::map<std::string, PeerStats> m_stats;
    std::set<std::pair<std::string, std::string>> m_failingPairs;
    std::map<std::string, std::set<std::uint32_t>> m_badEndpoints;
    std::set<std::pair<std::uint32_t, std::uint32_t>> m_planned;
    std::vector<Probe> m_probes;
};

} // namespace

bool cellLooksBad(const CellResult& cell, const SecondPassOptions& options)
{
    if (cell.expected)
        return false;
    if (cell.failed())
        return true;
    auto lost = cell.lost();
    return cell.sent > 0 && lost >= options.minLost
        && static_cast<double>(lost) >= options.lossFraction * static_cast<double>(cell.sent);
}

SecondPass planSecondPass(
    const Pinglist& pinglist, const std::vector<CellResult>& round, const SecondPassOptions& options)
{
    SecondPassPlanner planner(pinglist, options);
    return planner.plan(round);
}

} // namespace rp::fabric

// SPDX-License-Identifier: GPL-3.0-or-later
#include "fabric/localise.h"

#include "fabric/localisetext.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <set>
#include <tuple>

namespace rp::fabric {
namespace {

double median(std::vector<double> v)
{
    if (v.empty())
        return 0.0;
    auto mid = v.begin() + static_cast<std::ptrdiff_t>(v.size() / 2);
    std::nth_element(v.begin(), mid, v.end());
    return *mid;
}

/// log P(k of n lost | the pooled rate) - log P(k of n lost | background): how much better the element explains
/// its cells than noise does. 0 when the cells lose no more than the background.
double lossLlr(std::uint64_t n, std::uint64_t k, double p0)
{
    if (n == 0)
        return 0.0;
    double nd = static_cast<double>(n);
    double kd = static_cast<double>(k);
    double p = kd / nd;
    if (p <= p0)
        return 0.0;
    double llr = kd * std::log(p / p0);
    if (k < n)
        llr += (nd - kd) * std::log((1.0 - p) / (1.0 - p0));
    return llr;
}

/// Ties (the same cells, the same losses) go to the element that fails more often in practice: a link or a host's
/// setting before a NIC, an uplink before a whole ToR. In nats; far below any real difference in evidence.
double priorOf(HypothesisKind kind)
{
    switch (kind) {
    case HypothesisKind::AccessLink:
    case HypothesisKind::GidSlot:
    case HypothesisKind::V2Blocked:
        return 0.0;
    case HypothesisKind::Nic:
    case HypothesisKind::Uplink:
        return -0.5;
    case HypothesisKind::Tor:
        return -1.0;
    }
    return 0.0;
}

class Localiser
{
public:
    Localiser(const Pinglist& list, const std::vector<CellResult>& cells,
        const std::map<std::string, AgentState>& agents, const LocaliseOptions& options, Clock::time_point now,
        const std::map<std::uint32_t, std::string>& portsDown)
        : m_ctx { list, cells, options, now }
        , m_agents(agents)
        , m_portsDown(portsDown)
    { }

    std::vector<FabricFinding> run()
    {
        agentsDown();
        busyHosts();
        portsSaidDown();
        observe();
        favourNicsSaidDown();
        explainLosses();
        std::ranges::stable_sort(m_findings, [](const FabricFinding& a, const FabricFinding& b) {
            if (a.finding.severity != b.finding.severity)
                return a.finding.severity > b.finding.severity;
            return a.confidence > b.confidence;
        });
        return std::move(m_findings);
    }

private:
    const Endpoint& ep(std::uint32_t id) const { return m_ctx.list.endpoints[id]; }
    bool valid(const CellResult& c) const
    {
        return c.from < m_ctx.list.endpoints.size() && c.to < m_ctx.list.endpoints.size();
    }

    void agentsDown()
    {
        std::set<std::string> down;
        for (const auto& [host, state] : m_agents) {
            if (state == AgentState::Down)
                down.insert(host);
        }
        // A host whose cells all came back "agent-down" has no agent, whatever the last state said.
        std::map<std::string, std::pair<int, int>> said; // host -> (agent-down cells, cells it sent)
        for (const auto& c : m_ctx.cells) {
            if (!valid(c))
                continue;
            auto& s = said[ep(c.from).host];
            if (c.reason == Reason::AgentDown)
                ++s.first;
            else if (c.sent > 0)
                ++s.second;
        }
        for (const auto& [host, s] : said) {
            if (s.first > 0 && s.second == 0)
                down.insert(host);
        }
        for (const auto& host : down) {
            m_excluded.insert(host);
            m_findings.push_back(agentFinding(m_ctx, host));
        }
        // An agent that ran but sent nothing by the deadline (the controller found its process there): its host was
        // too loaded to keep up, so the probes towards it say nothing of its NIC or links either.
        std::map<std::string, std::size_t> late;
        for (const auto& c : m_ctx.cells) {
            if (valid(c) && c.reason == Reason::HostBusy && c.sent == 0 && !down.contains(ep(c.from).host))
                ++late[ep(c.from).host];
        }
        for (const auto& [host, n] : late) {
            m_excluded.insert(host);
            m_findings.push_back(lateFinding(m_ctx, host, n));
        }
    }

    void busyHosts()
    {
        std::map<std::string, std::vector<double>> prober, responder, rtt;
        for (const auto& c : m_ctx.cells) {
            if (!valid(c) || c.received == 0)
                continue;
            prober[ep(c.from).host].push_back(c.proberDelayP50Us);
            responder[ep(c.to).host].push_back(c.responderDelayP50Us);
            rtt[ep(c.from).host].push_back(c.rttP50Us);
            rtt[ep(c.to).host].push_back(c.rttP50Us);
        }
        std::map<std::string, HostDelay> delays;
        std::vector<double> all, allRtt;
        for (const auto& host : m_ctx.list.hosts) {
            if (m_excluded.contains(host) || (!prober.contains(host) && !responder.contains(host)))
                continue;
            HostDelay d { median(prober[host]), median(responder[host]), median(rtt[host]) };
            delays[host] = d;
            all.push_back(std::max(d.prober, d.responder));
            allRtt.push_back(d.rtt);
        }
        double fleet = median(all);
        double fleetRtt = median(allRtt);
        std::set<std::string> named;
        for (const auto& [host, d] : delays) {
            double worst = std::max(d.prober, d.responder);
            if (worst > m_ctx.options.busyDelayUs && worst > m_ctx.options.busyFactor * fleet) {
                m_excluded.insert(host);
                named.insert(host);
                m_findings.push_back(busyFinding(m_ctx, host, d, fleet, fleetRtt));
            }
        }
        // A host whose agent said it stalled answered some probes late. Those are out of the loss counts already,
        // so the rest of its cells still speak for its NIC and links: it is named, not excluded.
        std::map<std::string, std::uint64_t> late;
        for (const auto& c : m_ctx.cells) {
            if (valid(c) && c.hostLate > 0)
                late[ep(c.to).host] += c.hostLate;
        }
        for (const auto& [host, n] : late) {
            if (!named.contains(host) && !m_excluded.contains(host))
                m_findings.push_back(stalledFinding(m_ctx, host, n));
        }
    }

    /// `key` tells hypotheses of one element apart (a host's configuration: one GID slot, or its RoCE v2 port).
    std::size_t hypothesis(HypothesisKind kind, Element element, const std::string& key, std::uint32_t endpoint)
    {
        auto [it, added] = m_index.try_emplace(std::tuple { kind, key }, m_hyps.size());
        if (added) {
            Hypothesis h;
            h.kind = kind;
            h.element = std::move(element);
            h.endpoint = endpoint;
            h.prior = priorOf(kind);
            m_hyps.push_back(std::move(h));
        }
        return it->second;
    }

    /// The NIC a UDP endpoint sends through: the port of the host's own GID when it is on the same netdev (the
    /// recommendation's, when the round has no RDMA endpoints).
    std::string nicName(const Endpoint& x) const
    {
        if (!x.udp())
            return x.portName();
        auto pref = m_ctx.list.preferred.find(x.host);
        if (pref != m_ctx.list.preferred.end() && !ep(pref->second).udp() && ep(pref->second).netdev == x.netdev)
            return ep(pref->second).portName();
        // A UDP-only round (the RDMA endpoints left out): the recommended GID's port, when the UDP address is on it.
        if (auto nic = m_ctx.list.udpNic.find(x.host); nic != m_ctx.list.udpNic.end())
            return nic->second;
        return x.portName();
    }

    /// The endpoints whose own slot is empty: every cell they probed says so. A cell towards an empty slot says
    /// empty-slot too (its prober could not address it), so the reason alone does not tell which end it is; a
    /// prober that reached anyone else is not the one.
    std::set<std::uint32_t> emptyProbers() const
    {
        std::set<std::uint32_t> empty;
        std::set<std::uint32_t> reached;
        for (const auto& c : m_ctx.cells) {
            if (!valid(c) || c.reason == Reason::AgentDown)
                continue;
            (c.reason == Reason::EmptySlot ? empty : reached).insert(c.from);
        }
        for (auto id : reached)
            empty.erase(id);
        return empty;
    }

    void observe()
    {
        const auto& topo = m_ctx.list.topology;
        const auto emptySlots = emptyProbers();
        for (std::size_t i = 0; i < m_ctx.cells.size(); ++i) {
            const auto& c = m_ctx.cells[i];
            if (!valid(c) || c.reason == Reason::AgentDown)
                continue;
            const auto& a = ep(c.from);
            const auto& b = ep(c.to);
            if (m_excluded.contains(a.host) || m_excluded.contains(b.host))
                continue;
            // A cell that fails by design is explained already, unless its agent said its own GID is gone.
            if (c.reason != Reason::EmptySlot && expectation(a, b, m_ctx.list.routedV2) != Reason::None)
                continue;
            Observation o { i, c.sent, c.lost() };
            if (c.sent == 0) {
                if (c.reason == Reason::None)
                    continue;
                o.n = o.k = m_ctx.options.silentCellProbes;
            }
            // A loopback (or a cell between two GIDs of one host) on a port its host says is down is no evidence: it
            // works when the kernel delivers it and fails when the port must carry it, whatever else is wrong.
            if (a.host == b.host && (m_downNics.contains(nicName(a)) || m_downNics.contains(nicName(b))))
                continue;
            std::vector<std::size_t> hs;
            if (c.reason == Reason::EmptySlot) {
                // An agent said its slot is empty: that GID, nothing on the path. The end whose slot it is, or the
                // prober when neither end is known to be empty (a round whose empty end probed nothing).
                const bool toEmpty = c.to != c.from && emptySlots.contains(c.to);
                if (emptySlots.contains(c.from) || !toEmpty)
                    hs.push_back(
                        hypothesis(HypothesisKind::GidSlot, { ElementKind::HostConfig, a.host }, a.name(), c.from));
                if (toEmpty)
                    hs.push_back(
                        hypothesis(HypothesisKind::GidSlot, { ElementKind::HostConfig, b.host }, b.name(), c.to));
            } else {
                bool loop = a.host == b.host;
                // A loopback has one end; from == to makes a and b the same object.
                std::vector<std::uint32_t> ends { c.from };
                if (c.from != c.to)
                    ends.push_back(c.to);
                for (auto id : ends) {
                    const auto* x = &ep(id);
                    auto nic = nicName(*x);
                    hs.push_back(hypothesis(HypothesisKind::Nic, { ElementKind::HostNic, nic }, nic, id));
                    if (!x->udp())
                        hs.push_back(
                            hypothesis(HypothesisKind::GidSlot, { ElementKind::HostConfig, x->host }, x->name(), id));
                    if (loop)
                        continue;
                    if (!x->udp() && x->type == GidType::RoceV2)
                        hs.push_back(
                            hypothesis(HypothesisKind::V2Blocked, { ElementKind::HostConfig, x->host }, x->host, id));
                    auto link = topo.accessLinkName(x->host);
                    hs.push_back(hypothesis(HypothesisKind::AccessLink, { ElementKind::AccessLink, link }, link, id));
                    if (!x->tor.empty())
                        hs.push_back(hypothesis(HypothesisKind::Tor, { ElementKind::Tor, x->tor }, x->tor, id));
                }
                if (!loop) {
                    for (const auto& u : topo.uplinksBetween(a.tor, b.tor))
                        hs.push_back(hypothesis(HypothesisKind::Uplink, { ElementKind::Uplink, u }, u, c.from));
                }
            }
            std::ranges::sort(hs);
            auto [first, last] = std::ranges::unique(hs);
            hs.erase(first, last);
            auto oi = m_obs.size();
            m_obs.push_back(o);
            for (auto h : hs)
                m_hyps[h].members.push_back(oi);
        }
    }

    /// The NICs whose host read their own port down (its agent: the netdev's operstate/carrier, the RDMA port):
    /// the same cells fail whether the NIC or its cable is at fault, and only the host can tell them apart.
    void portsSaidDown()
    {
        for (const auto& [id, detail] : m_portsDown) {
            if (id >= m_ctx.list.endpoints.size() || m_excluded.contains(ep(id).host))
                continue;
            const auto nic = nicName(ep(id));
            m_downNics.try_emplace(nic,
                diag::Evidence { ep(id).host, "its own port (" + nic + "), read by its agent",
                    detail.empty() ? "down" : detail, "the host's sysfs / verbs", "this round" });
        }
    }

    /// Such a NIC gets portDownEvidence on top of its prior, and its finding says what the host read.
    void favourNicsSaidDown()
    {
        for (const auto& [nic, evidence] : m_downNics) {
            auto it = m_index.find(std::tuple { HypothesisKind::Nic, nic });
            if (it == m_index.end())
                continue;
            m_hyps[it->second].prior += m_ctx.options.portDownEvidence;
            m_saidDown.emplace(it->second, evidence);
        }
    }

    void score()
    {
        const double p0 = m_ctx.options.backgroundLoss;
        for (auto& h : m_hyps) {
            h.n = h.k = 0;
            for (auto oi : h.members) {
                if (!m_obs[oi].explained) {
                    h.n += m_obs[oi].n;
                    h.k += m_obs[oi].k;
                }
            }
            h.llr = lossLlr(h.n, h.k, p0);
            h.score = h.llr > 0.0 ? h.llr + h.prior : -std::numeric_limits<double>::infinity();
        }
    }

    void explainLosses()
    {
        const auto& opt = m_ctx.options;
        while (m_findings.size() < opt.maxFindings) {
            score();
            std::vector<std::size_t> order(m_hyps.size());
            for (std::size_t i = 0; i < order.size(); ++i)
                order[i] = i;
            std::ranges::stable_sort(order, [&](std::size_t x, std::size_t y) {
                const auto& a = m_hyps[x];
                const auto& b = m_hyps[y];
                if (a.score != b.score)
                    return a.score > b.score;
                return std::tie(a.kind, a.element.name) < std::tie(b.kind, b.element.name);
            });
            if (order.empty())
                return;
            const auto& best = m_hyps[order.front()];
            double rate = best.n == 0 ? 0.0 : static_cast<double>(best.k) / static_cast<double>(best.n);
            if (best.llr < opt.minEvidence || rate < opt.backgroundLoss + opt.minExcessLoss)
                return;
            // Each element's share of the belief: exp(score) normalised, the hypotheses of one element (a GID slot
            // and a blocked port are both the host's configuration) added together.
            std::map<Element, double> share;
            double total = 0.0;
            for (auto i : order) {
                const auto& h = m_hyps[i];
                if (h.score == -std::numeric_limits<double>::infinity())
                    break;
                double w = std::exp(h.score - best.score);
                share[h.element] += w;
                total += w;
            }
            std::vector<Alternative> ranked;
            ranked.reserve(share.size());
            for (const auto& [element, w] : share)
                ranked.push_back({ element, w / total });
            std::ranges::stable_sort(
                ranked, [](const Alternative& a, const Alternative& b) { return a.confidence > b.confidence; });
            auto self = std::ranges::find(ranked, best.element, &Alternative::element);
            double confidence = self->confidence;
            ranked.erase(self);
            if (ranked.size() > opt.alternatives)
                ranked.resize(opt.alternatives);
            std::vector<std::size_t> members;
            for (auto oi : best.members) {
                if (!m_obs[oi].explained)
                    members.push_back(m_obs[oi].cell);
            }
            m_findings.push_back(lossFinding(m_ctx, best, members, confidence, std::move(ranked)));
            if (auto said = m_saidDown.find(order.front()); said != m_saidDown.end())
                m_findings.back().finding.evidence.insert(m_findings.back().finding.evidence.begin(), said->second);
            for (auto oi : best.members)
                m_obs[oi].explained = true;
        }
    }

    LocaliseContext m_ctx;
    const std::map<std::string, AgentState>& m_agents;
    const std::map<std::uint32_t, std::string>& m_portsDown;
    std::map<std::string, diag::Evidence> m_downNics; ///< NICs whose host said their port is down, by name
    std::map<std::size_t, diag::Evidence> m_saidDown; ///< their hypotheses
    std::set<std::string> m_excluded; ///< hosts named for themselves (agent down, busy): kept out of the network
    std::vector<Observation> m_obs;
    std::vector<Hypothesis> m_hyps;
    std::map<std::tuple<HypothesisKind, std::string>, std::size_t> m_index;
    std::vector<FabricFinding> m_findings;
};

} // namespace

std::vector<FabricFinding> localise(const Pinglist& pinglist, const std::vector<CellResult>& cells,
    const std::map<std::string, AgentState>& agents, const LocaliseOptions& options, Clock::time_point now,
    const std::map<std::uint32_t, std::string>& portsDown)
{
    Localiser localiser(pinglist, cells, agents, options, now, portsDown);
    return localiser.run();
}

void joinTroubleshooter(std::vector<FabricFinding>& findings, const std::vector<diag::Finding>& troubleshooter)
{
    static constexpr std::string_view kExplaining[] = { "gid.", "applog.", "qos.", "mtu.", "vlan.", "port.", "pfc." };
    for (auto& f : findings) {
        for (const auto& t : troubleshooter) {
            bool explains
                = std::ranges::any_of(kExplaining, [&](std::string_view p) { return t.ruleId.starts_with(p); });
            if (!explains)
                continue;
            for (const auto& host : t.hosts) {
                if (std::ranges::find(f.finding.hosts, host) == f.finding.hosts.end())
                    continue;
                auto id = t.ruleId + "@" + host;
                if (std::ranges::find(f.because, id) == f.because.end())
                    f.because.push_back(id);
            }
        }
    }
}

} // namespace rp::fabric

// SPDX-License-Identifier: GPL-3.0-or-later
// MTU rules (M13): netdev MTU and RDMA active MTU between hosts that talk to each other.
#include "diagnose/context.h"

#include <set>

namespace rp::diag::detail {

namespace {

/// What the hosts of one segment say about their MTUs.
struct MtuVotes
{
    std::vector<Vote> netdev, rdma;
    std::map<std::string, int> netdevMtuFor; // active MTU -> netdev MTU of a host that has it
};

MtuVotes mtuVotes(const Context& ctx, const Segment& seg)
{
    MtuVotes votes;
    std::set<std::pair<std::size_t, std::string>> seen;
    for (auto ei : seg.endpoints) {
        const auto& e = ctx.endpoints[ei];
        const auto& h = ctx.hostOf(e);
        if (!seen.insert({ e.host, e.netdev }).second)
            continue;
        const Netdev* n = ctx.netdev(h, e.netdev);
        if (n && n->mtu)
            votes.netdev.push_back({ ei, std::to_string(*n->mtu),
                ctx.ev(h, e.netdev + " MTU", std::to_string(*n->mtu), ctx.whereNetdev(h, e.netdev, "mtu")) });
        if (e.port->activeMtu) {
            auto v = std::to_string(*e.port->activeMtu);
            votes.rdma.push_back({ ei, v,
                ctx.ev(h, e.device->name + " port " + std::to_string(e.port->number) + " active_mtu", v,
                    h.source == "paste" ? h.origin : "ibv_devinfo -d " + e.device->name) });
            if (n && n->mtu && !votes.netdevMtuFor.count(v))
                votes.netdevMtuFor[v] = *n->mtu;
        }
    }
    return votes;
}

/// Returns the hosts it reported, which the active MTU rule leaves alone.
std::set<std::string> ruleMtuNetdev(
    Context& ctx, const Segment& seg, const MtuVotes& votes, const std::optional<std::string>& profileMtu)
{
    CompareSpec spec;
    spec.ruleId = "mtu.netdev";
    spec.check = "M13";
    spec.title = "MTU differs between hosts of one subnet";
    spec.severity = Severity::Error;
    spec.explanation = "RoCE packets are sized from the RDMA path MTU, which follows the netdev MTU. When two hosts "
                       "that talk to each other have different MTUs, the larger side's packets are dropped by the "
                       "smaller side or the switch: small messages work, larger ones fail with completion errors "
                       "or retry timeouts.";
    spec.keys = { "mtu" };
    spec.adjust = [](Profile& p, const std::string& v) { p.hostMtu = std::stoi(v); };
    std::size_t before = ctx.findings.size();
    compareInSegment(ctx, seg, votes.netdev, spec, profileMtu);
    std::set<std::string> flagged;
    for (std::size_t i = before; i < ctx.findings.size(); ++i)
        flagged.insert(ctx.findings[i].hosts.front());
    return flagged;
}

// Active MTU: only where the netdev MTUs agree (else the finding above says it already).
void ruleMtuRdmaActive(Context& ctx, const Segment& seg, const MtuVotes& votes, const std::set<std::string>& flagged)
{
    std::vector<Vote> rest;
    for (auto& v : votes.rdma)
        if (!flagged.count(ctx.hostOf(ctx.endpoints[v.endpoint]).name))
            rest.push_back(v);
    CompareSpec rdma;
    rdma.ruleId = "mtu.rdma-active";
    rdma.check = "M13";
    rdma.title = "RDMA active MTU differs between hosts";
    rdma.severity = Severity::Warning;
    rdma.explanation = "The RDMA ports run different active MTUs. rdma_cm settles on the smaller one, but tools "
                       "given a fixed MTU (perftest -m, ibv_rc_pingpong -m) or a QP set up from one side's value "
                       "fail with 'MTU mismatch' or RTR errors. The active MTU follows the netdev MTU (the largest "
                       "of 256..4096 that fits); make the netdev MTUs agree.";
    rdma.keys = { "mtu" };
    rdma.adjust = [netdevMtuFor = votes.netdevMtuFor](Profile& p, const std::string& v) {
        if (auto it = netdevMtuFor.find(v); it != netdevMtuFor.end())
            p.hostMtu = it->second;
    };
    compareInSegment(ctx, seg, rest, rdma, std::nullopt);
}

} // namespace

void rulesMtu(Context& ctx)
{
    std::optional<std::string> profileMtu;
    if (ctx.opts.profile)
        profileMtu = std::to_string(ctx.opts.profile->hostMtu);
    for (const auto& seg : ctx.segments) {
        const auto votes = mtuVotes(ctx, seg);
        if (votes.netdev.size() >= 2 || votes.rdma.size() >= 2 || (profileMtu && !votes.netdev.empty()))
            ctx.markEvaluated("M13");
        const auto flagged = ruleMtuNetdev(ctx, seg, votes, profileMtu);
        ruleMtuRdmaActive(ctx, seg, votes, flagged);
    }
}

} // namespace rp::diag::detail

// SPDX-License-Identifier: GPL-3.0-or-later
// MTU rules (M13): netdev MTU and RDMA active MTU between hosts that talk to each other, and on one host the path
// MTU an application or test used against what its port allows.
#include "diagnose/context.h"

#include <optional>
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

/// The largest IB MTU a RoCE packet fits in on a netdev of this MTU: the kernel's iboe_get_mtu takes the GRH (40),
/// UDP (8), BTH (12), XRC (4), AtomicETH (28) and ICRC (4) headers off first, so 1500 gives 1024 and 4200 gives 4096.
int roceMtuForNetdev(int netdevMtu)
{
    const int room = netdevMtu - 96;
    for (int m : { 4096, 2048, 1024, 512 })
        if (room >= m)
            return m;
    return 256;
}

/// What a port lets a path MTU be: its active MTU when the paste shows it, else what its netdev's MTU allows.
struct PortMtuLimit
{
    std::string port; ///< "host:mlx5_0/1"
    int mtu = 0;
    Evidence evidence;
};

std::optional<PortMtuLimit> portMtuLimit(
    const Context& ctx, const DiagHost& h, const std::string& device, std::optional<int> portNumber)
{
    for (const auto& d : h.facts.devices) {
        if (!device.empty() && d.name != device)
            continue;
        for (const auto& p : d.ports) {
            if ((portNumber && p.number != *portNumber) || p.linkLayer == "InfiniBand")
                continue;
            const std::string label = h.name + ":" + d.name + "/" + std::to_string(p.number);
            const std::string name = d.name + " port " + std::to_string(p.number);
            if (p.activeMtu)
                return PortMtuLimit { label, *p.activeMtu,
                    ctx.ev(h, name + " active_mtu", std::to_string(*p.activeMtu),
                        h.source == "paste" ? h.origin : "ibv_devinfo -d " + d.name) };
            const Netdev* n = p.netdev.empty() ? nullptr : ctx.netdev(h, p.netdev);
            if (n && n->mtu)
                return PortMtuLimit { label, roceMtuForNetdev(*n->mtu),
                    ctx.ev(h, p.netdev + " MTU (" + name + ")",
                        std::to_string(*n->mtu) + ": a RoCE path MTU of at most "
                            + std::to_string(roceMtuForNetdev(*n->mtu)),
                        ctx.whereNetdev(h, p.netdev, "mtu")) };
        }
    }
    return std::nullopt;
}

/// An application's or a test's path MTU above what the port it runs on allows: the QP fails RTR (EINVAL) or, set up
/// from a stale value, large messages are dropped while small ones pass.
void ruleMtuAppPath(Context& ctx)
{
    std::set<std::string> told;
    for (const auto& h : ctx.snap.hosts) {
        auto judge = [&](const std::string& who, int mtu, const std::string& device, std::optional<int> port,
                         Evidence used, bool explicitSetting) {
            auto limit = portMtuLimit(ctx, h, device, port);
            if (!limit)
                return;
            ctx.markEvaluated("M13");
            if (mtu <= limit->mtu || !told.insert(h.name + "|" + who + "|" + limit->port).second)
                return;
            Finding f;
            f.ruleId = "mtu.app-path";
            f.check = "M13";
            f.title = who + " uses path MTU " + std::to_string(mtu) + ", above the " + std::to_string(limit->mtu)
                + " that " + limit->port + " allows";
            f.severity = explicitSetting ? Severity::Error : Severity::Warning;
            f.hosts = { h.name };
            f.ports = { limit->port };
            f.evidence = { std::move(used), limit->evidence };
            f.explanation = explicitSetting ? "The path MTU given to " + who + " (" + std::to_string(mtu)
                    + ") is larger than the port's: setting the QP to RTR fails with EINVAL, or packets larger "
                      "than the path allows are dropped. Leave the MTU to the port (perftest without -m, no MTU "
                      "variable) or raise the netdev MTU (4200 or more gives 4096)."
                                            : who + " reported path MTU " + std::to_string(mtu)
                    + " while the port allows " + std::to_string(limit->mtu)
                    + ": the two were read at different times (the netdev MTU was lowered since the job started) "
                      "or from different ports. Queue pairs set up with the larger value send packets the path "
                      "drops: small messages work, large ones end in retry exceeded. Make the netdev MTUs of both "
                      "hosts agree (4200 or more for 4096) and restart the job.";
            ctx.findings.push_back(std::move(f));
        };
        for (const auto& e : h.appLog) {
            if (!e.mtu || (e.kind != "gid-in-use" && e.kind != "device" && e.kind != "setting"))
                continue;
            judge(familyName(e.family), *e.mtu, e.device, e.port,
                ctx.ev(h, familyName(e.family) + (e.kind == "setting" ? " setting" : " log"), e.text,
                    h.origin + ":" + std::to_string(e.line)),
                e.kind == "setting");
        }
        for (const auto& t : h.tests) {
            // A failed test's MTU is test.mtu's to tell.
            if (!t.mtu || t.failure == "mtu")
                continue;
            std::string where = h.source == "paste" ? h.origin + ":" + std::to_string(t.line) : h.origin;
            judge(t.tool, *t.mtu, t.device, std::nullopt,
                Evidence { h.name, t.tool + " MTU", std::to_string(*t.mtu), where, h.readAt }, true);
        }
    }
}

} // namespace

void rulesMtu(Context& ctx)
{
    ruleMtuAppPath(ctx);
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

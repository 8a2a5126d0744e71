// SPDX-License-Identifier: GPL-3.0-or-later
#include "fabric/localisetext.h"

#include "util/format.h"

#include <algorithm>
#include <functional>
#include <set>

namespace rp::fabric {
namespace {

struct LossTally
{
    std::uint64_t sent = 0;
    std::uint64_t lost = 0;
    std::size_t cells = 0;

    std::string text() const
    {
        if (cells == 0)
            return "no cells";
        double pct = sent == 0 ? 0.0 : 100.0 * static_cast<double>(lost) / static_cast<double>(sent);
        return std::to_string(lost) + " of " + std::to_string(sent) + " probes lost (" + fixed(pct, 1) + " %) in "
            + std::to_string(cells) + " cell" + (cells == 1 ? "" : "s");
    }
};

/// Over the cells that should work and were sent, those `pick` takes.
LossTally tally(const LocaliseContext& ctx, const std::function<bool(const CellResult&)>& pick)
{
    LossTally t;
    for (const auto& c : ctx.cells) {
        if (c.from >= ctx.list.endpoints.size() || c.to >= ctx.list.endpoints.size() || c.sent == 0)
            continue;
        if (expectation(ctx.list.endpoints[c.from], ctx.list.endpoints[c.to], ctx.list.routedV2) != Reason::None)
            continue;
        if (!pick(c))
            continue;
        t.sent += c.sent;
        t.lost += c.lost();
        ++t.cells;
    }
    return t;
}

std::string cellText(const LocaliseContext& ctx, const CellResult& c)
{
    const auto& a = ctx.list.endpoints[c.from];
    const auto& b = ctx.list.endpoints[c.to];
    std::string s = c.from == c.to ? "loopback " + a.name() : a.name() + " -> " + b.name();
    return s;
}

std::string resultText(const CellResult& c)
{
    if (c.sent == 0)
        return c.reason == Reason::None ? std::string("not sent") : "not sent: " + std::string(toString(c.reason));
    std::string s = std::to_string(c.lost()) + " of " + std::to_string(c.sent) + " lost";
    if (c.received > 0)
        s += ", RTT p50 " + fixed(c.rttP50Us, 0) + " us";
    if (c.reason != Reason::None)
        s += " (" + std::string(toString(c.reason)) + ")";
    return s;
}

diag::Evidence cellEvidence(const LocaliseContext& ctx, const CellResult& c)
{
    return { ctx.list.endpoints[c.from].host, cellText(ctx, c), resultText(c), c.secondPass ? "second pass" : "round",
        "this round" };
}

bool touches(const LocaliseContext& ctx, const CellResult& c, const std::string& host)
{
    return ctx.list.endpoints[c.from].host == host || ctx.list.endpoints[c.to].host == host;
}

FabricFinding base(const LocaliseContext& ctx, Element element, std::string title, diag::Severity severity)
{
    FabricFinding f;
    f.finding.ruleId = "fabric." + std::string(toString(element.kind));
    f.finding.title = std::move(title);
    f.finding.severity = severity;
    f.klass = element.kind;
    f.element = std::move(element);
    f.firstSeen = ctx.now;
    f.lastSeen = ctx.now;
    return f;
}

/// The failed cells (up to the cap), then the second-pass cells that worked at the hosts at either end of them:
/// which pairs failed, and what the same hosts did with known-good peers.
void addEvidenceCells(const LocaliseContext& ctx, FabricFinding& f, const std::vector<std::size_t>& failed)
{
    std::size_t cap = ctx.options.maxEvidenceCells;
    std::set<std::string> hosts;
    for (auto i : failed) {
        const auto& c = ctx.cells[i];
        if (c.lost() == 0 && !c.failed())
            continue;
        hosts.insert(ctx.list.endpoints[c.from].host);
        hosts.insert(ctx.list.endpoints[c.to].host);
        if (f.evidenceCells.size() >= cap)
            break;
        f.evidenceCells.push_back(c);
        if (f.finding.evidence.size() < 6)
            f.finding.evidence.push_back(cellEvidence(ctx, c));
    }
    std::size_t worked = 0;
    for (const auto& c : ctx.cells) {
        if (worked >= cap || !c.secondPass || c.sent == 0 || c.lost() != 0)
            continue;
        if (!std::ranges::any_of(hosts, [&](const std::string& h) { return touches(ctx, c, h); }))
            continue;
        f.evidenceCells.push_back(c);
        if (worked++ < 4)
            f.finding.evidence.push_back(cellEvidence(ctx, c));
    }
}

std::string hostsOfTor(const LocaliseContext& ctx, const std::string& tor, std::set<std::string>& out)
{
    for (const auto& h : ctx.list.hosts) {
        if (ctx.list.topology.torOfHost(h) == tor)
            out.insert(h);
    }
    return std::to_string(out.size());
}

std::string undecided(const FabricFinding& f)
{
    if (f.alternatives.empty() || f.alternatives.front().confidence < 0.8 * f.confidence)
        return {};
    const auto& alt = f.alternatives.front().element;
    return " The probes cannot tell " + f.element.name + " from " + alt.name + " (" + std::string(toString(alt.kind))
        + "): every cell that crosses one crosses the other, so each is named with its share of the belief. A probe "
          "to a third host (or the loopback, for a NIC) decides it.";
}

} // namespace

FabricFinding agentFinding(const LocaliseContext& ctx, const std::string& host)
{
    auto f
        = base(ctx, { ElementKind::HostAgent, host }, "The probe agent on " + host + " is down", diag::Severity::Error);
    f.confidence = 0.99;
    f.finding.hosts = { host };
    std::vector<std::size_t> cells;
    for (std::size_t i = 0; i < ctx.cells.size(); ++i) {
        const auto& c = ctx.cells[i];
        if (c.from < ctx.list.endpoints.size() && c.to < ctx.list.endpoints.size() && touches(ctx, c, host))
            cells.push_back(i);
    }
    addEvidenceCells(ctx, f, cells);
    f.finding.explanation = "The agent on " + host
        + " does not run: its cells were not probed and probes towards it go unanswered. Nothing can be said about "
          "its NIC or links until it runs again; "
        + (ctx.options.agentsAsServices
                ? "it runs as a service on the host: systemctl status rocepilot-agent@" + host
                    + " there, and Prometheus' target page for its scrape."
                : std::string("it is started over SSH with the check (a host that refuses it, or a lost SSH "
                              "connection, shows here)."));
    return f;
}

FabricFinding busyFinding(
    const LocaliseContext& ctx, const std::string& host, const HostDelay& delay, double fleetDelay, double fleetRtt)
{
    auto f = base(ctx, { ElementKind::HostBusy, host },
        host + " answers probes late: the host is busy, not the network", diag::Severity::Info);
    double worst = std::max(delay.prober, delay.responder);
    f.confidence = worst > 0.0 ? std::min(0.99, 1.0 - fleetDelay / worst) : 0.0;
    f.finding.hosts = { host };
    auto lost = tally(ctx, [&](const CellResult& c) { return touches(ctx, c, host); });
    f.finding.evidence.push_back({ host, "prober delay p50 (median of its cells)", fixed(delay.prober, 0) + " us",
        "agent timestamps", "this round" });
    f.finding.evidence.push_back({ host, "responder delay p50 (median of its cells)", fixed(delay.responder, 0) + " us",
        "agent timestamps", "this round" });
    f.finding.evidence.push_back({ host, "network RTT p50 of its cells",
        fixed(delay.rtt, 0) + " us (fleet median " + fixed(fleetRtt, 0) + " us)", "agent timestamps", "this round" });
    f.finding.evidence.push_back({ host, "its cells", lost.text(), "round and second pass", "this round" });
    f.finding.explanation = host + " takes " + fixed(worst, 0) + " us to send or answer a probe where the fleet takes "
        + fixed(fleetDelay, 0) + " us, while the time on the wire is " + fixed(delay.rtt, 0)
        + " us: the delay is inside the host (CPU load, interrupts, locks), not in its NIC or the network. Probes "
          "it answered too late count as lost and are put down to the host, not to a link. Look at the host's "
          "load; RDMA traffic itself is not slowed by it, but applications on the host are.";
    return f;
}

FabricFinding lateFinding(const LocaliseContext& ctx, const std::string& host, std::size_t cells)
{
    auto f = base(ctx, { ElementKind::HostBusy, host },
        host + " was too busy to report its probes in time: the host's load, not the network", diag::Severity::Info);
    f.confidence = 0.9; // its agent's process was there and not stopped, but why it was slow is the host's to say
    f.finding.hosts = { host };
    f.finding.evidence.push_back(
        { host, "cells its agent did not report by the deadline", std::to_string(cells), "controller", "this round" });
    auto towards = tally(ctx,
        [&](const CellResult& c) { return c.to < ctx.list.endpoints.size() && ctx.list.endpoints[c.to].host == host; });
    f.finding.evidence.push_back({ host, "its peers' probes towards it", towards.text(), "round", "this round" });
    f.finding.explanation = "The agent on " + host
        + " still runs, but had sent nothing of the round when the others were done: the host did not give it the "
          "CPU (a saturated CPU, a VM's stolen time, memory pressure). Its cells are left unjudged this round, and "
          "so are its peers' probes towards it, as it may not have answered them in time either: nothing is said "
          "of its NIC or links. Look at the host's load (top, the hypervisor's steal time). Its agent ends the late "
          "phase when the next one starts; late "
        + std::to_string(kLatePhases) + " phases running, it is taken for hung and started again.";
    return f;
}

FabricFinding stalledFinding(const LocaliseContext& ctx, const std::string& host, std::uint64_t late)
{
    auto f = base(ctx, { ElementKind::HostBusy, host },
        host + " stalled: " + std::to_string(late) + " probe" + (late == 1 ? "" : "s")
            + " answered late, the host's delay, not the network's",
        diag::Severity::Info);
    f.confidence = 0.99; // the host said so itself
    f.finding.hosts = { host };
    std::vector<std::size_t> cells;
    for (std::size_t i = 0; i < ctx.cells.size(); ++i) {
        const auto& c = ctx.cells[i];
        if (c.hostLate > 0 && c.to < ctx.list.endpoints.size() && ctx.list.endpoints[c.to].host == host)
            cells.push_back(i);
    }
    for (auto i : cells) {
        if (f.finding.evidence.size() >= 6)
            break;
        const auto& c = ctx.cells[i];
        f.finding.evidence.push_back({ ctx.list.endpoints[c.from].host, cellText(ctx, c),
            std::to_string(c.hostLate) + " answered late while " + host + "'s agent was stalled; " + resultText(c),
            c.secondPass ? "second pass" : "round", "this round" });
    }
    for (auto i : cells) {
        if (f.evidenceCells.size() >= ctx.options.maxEvidenceCells)
            break;
        f.evidenceCells.push_back(ctx.cells[i]);
    }
    f.finding.explanation = "The probe agent on " + host
        + " could not run for a while (its own clock showed the gap: a saturated CPU, a paused or migrated VM, a "
          "long stop of the machine). Probes that reached it meanwhile were answered after their timeout. They are "
          "counted as the host's delay, not as network loss, so no link or switch is blamed for them; the rest of "
          "its cells are judged as usual. If this repeats, look at the host's load: applications on it stall too.";
    return f;
}

FabricFinding lossFinding(const LocaliseContext& ctx, const Hypothesis& best, const std::vector<std::size_t>& cells,
    double confidence, std::vector<Alternative> alternatives)
{
    const auto& x = ctx.list.endpoints[best.endpoint];
    const auto& topo = ctx.list.topology;
    double rate = best.n == 0 ? 0.0 : static_cast<double>(best.k) / static_cast<double>(best.n);
    LossTally mine { best.n, best.k, cells.size() };
    auto severity = rate >= 0.5 || best.kind == HypothesisKind::GidSlot || best.kind == HypothesisKind::V2Blocked
        ? diag::Severity::Error
        : diag::Severity::Warning;
    std::set<std::string> hosts;
    std::string title;
    std::string why;
    const auto& host = x.host;
    auto loopbacks = [&](const std::string& h) {
        return tally(ctx, [&](const CellResult& c) { return c.from == c.to && ctx.list.endpoints[c.from].host == h; });
    };
    switch (best.kind) {
    case HypothesisKind::Nic: {
        hosts.insert(host);
        title = "The RoCE port " + best.element.name + " passes no traffic";
        // A read of standalone agents (Prometheus) has no loopback cells: nothing is said of what was not probed.
        const auto own = loopbacks(host);
        why = "Every cell of " + best.element.name + " fails (" + mine.text() + ")"
            + (own.cells > 0 ? ", its own loopback too (" + own.text() + ")" : std::string())
            + ": the port, its NIC or its driver does not pass traffic. Check the port state (ibv_devinfo, "
              "ip link) and the NIC's kernel messages.";
        break;
    }
    case HypothesisKind::GidSlot: {
        hosts.insert(host);
        auto others = tally(ctx, [&](const CellResult& c) {
            return touches(ctx, c, host) && c.from != best.endpoint && c.to != best.endpoint;
        });
        title = "GID index " + std::to_string(x.gidIndex) + " of " + x.portName() + " no longer works";
        why = "Only " + x.name() + " (" + x.address + ") fails (" + mine.text() + ") while the other GIDs of " + host
            + " work (" + others.text()
            + "): the slot no longer holds that address (it was re-added at "
              "another index, or removed). Re-read the GID table and give applications the index discovery "
              "recommends now.";
        break;
    }
    case HypothesisKind::V2Blocked: {
        hosts.insert(host);
        auto rest = tally(ctx, [&](const CellResult& c) {
            const auto& a = ctx.list.endpoints[c.from];
            const auto& b = ctx.list.endpoints[c.to];
            return touches(ctx, c, host) && (a.type != GidType::RoceV2 || b.type != GidType::RoceV2 || c.from == c.to);
        });
        title = "RoCE v2 (UDP port 4791) is blocked on " + host;
        why = "RoCE v2 to and from " + host + " fails (" + mine.text() + ") while its UDP probes, RoCE v1 and its "
            + "loopback work (" + rest.text() + "): a firewall on " + host
            + " drops UDP port 4791 (nft list ruleset; iptables -S). RoCE v2 needs it open both ways.";
        break;
    }
    case HypothesisKind::AccessLink: {
        hosts.insert(host);
        auto tor = topo.torOfHost(host);
        auto neighbours = tally(ctx, [&](const CellResult& c) {
            const auto& a = ctx.list.endpoints[c.from];
            const auto& b = ctx.list.endpoints[c.to];
            return !touches(ctx, c, host) && (a.tor == tor || b.tor == tor);
        });
        // Without a ToR in the inventory the element's name ends in "?": the title says it in words.
        title = tor.empty() ? "The link between " + host + " and its switch loses packets"
                            : "The link " + best.element.name + " loses packets";
        const auto own = loopbacks(host);
        why = "Cells of " + host + " lose " + fixed(100.0 * rate, 1) + " % (" + mine.text() + ")"
            + (own.cells > 0 ? " while its loopback works (" + own.text() + ")" : std::string())
            + (own.cells > 0 ? " and" : " while") + " the other hosts under "
            + (tor.empty() ? std::string("its switch") : tor) + " do not (" + neighbours.text()
            + "): the cable, transceiver or switch port between " + host + " and "
            + (tor.empty() ? std::string("its switch") : tor) + ".";
        break;
    }
    case HypothesisKind::Tor: {
        auto count = hostsOfTor(ctx, best.element.name, hosts);
        title = "The ToR switch " + best.element.name + " loses packets";
        why = "Every host under " + best.element.name + " (" + count + ") loses " + fixed(100.0 * rate, 1) + " % ("
            + mine.text() + "), to each other as well as to other ToRs, while their loopbacks work: the switch "
            + best.element.name + " itself (down, rebooting, or its buffers/PFC).";
        break;
    }
    case HypothesisKind::Uplink: {
        for (auto i : cells) {
            hosts.insert(ctx.list.endpoints[ctx.cells[i].from].host);
            hosts.insert(ctx.list.endpoints[ctx.cells[i].to].host);
        }
        auto intra = tally(ctx, [&](const CellResult& c) {
            const auto& a = ctx.list.endpoints[c.from];
            const auto& b = ctx.list.endpoints[c.to];
            const auto& n = best.element.name;
            return a.host != b.host && a.tor == b.tor && !a.tor.empty()
                && (n.starts_with(a.tor + "<->") || n.ends_with("<->" + a.tor));
        });
        title = "The uplink " + best.element.name + " loses packets";
        why = "Cells that cross " + best.element.name + " lose " + fixed(100.0 * rate, 1) + " % (" + mine.text()
            + ") while cells inside the ToR work (" + intra.text() + "): the uplink (cable, optics, or the ports at "
            + "either end).";
        break;
    }
    }
    if (hosts.size() > 16) {
        auto it = hosts.begin();
        std::advance(it, 16);
        hosts.erase(it, hosts.end());
    }
    auto f = base(ctx, best.element, std::move(title), severity);
    f.confidence = confidence;
    f.alternatives = std::move(alternatives);
    f.finding.hosts.assign(hosts.begin(), hosts.end());
    if (best.kind == HypothesisKind::Nic || best.kind == HypothesisKind::GidSlot)
        f.finding.ports = { best.kind == HypothesisKind::Nic ? best.element.name : x.name() };
    f.finding.evidence.push_back(
        { best.element.name, "cells through it", mine.text(), "round and second pass", "this round" });
    addEvidenceCells(ctx, f, cells);
    f.finding.explanation = why + undecided(f);
    return f;
}

} // namespace rp::fabric

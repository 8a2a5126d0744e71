// SPDX-License-Identifier: GPL-3.0-or-later
// Counter rules, always on rates between two reads, never on totals: pause rising without load (M16), pause on
// a priority without PFC (M18), ECN/CNP flat under congestion (M12), retransmits and out-of-sequence rising.
#include "diagnose/context.h"

#include <algorithm>
#include <cstdio>
#include <set>

namespace rp::diag::detail {

namespace {

/// Priority of a per-priority pause counter: mlx5 rx_prio3_pause / tx_prio3_pause, bnxt
/// rx_pfc_ena_frames_pri3, ice rx_priority_3_xoff. Durations and transitions are not frames.
std::optional<int> pausePriority(const std::string& name)
{
    auto digitAfter = [&](const std::string& prefix) -> std::optional<int> {
        auto pos = name.find(prefix);
        if (pos == std::string::npos || pos + prefix.size() >= name.size())
            return std::nullopt;
        char c = name[pos + prefix.size()];
        if (c < '0' || c > '7')
            return std::nullopt;
        return c - '0';
    };
    if (name.find("duration") != std::string::npos || name.find("transition") != std::string::npos)
        return std::nullopt;
    if (name.ends_with("_pause"))
        return digitAfter("_prio");
    if (name.find("pfc_ena_frames_pri") != std::string::npos)
        return digitAfter("pfc_ena_frames_pri");
    if (name.ends_with("_xoff"))
        return digitAfter("priority_");
    return std::nullopt;
}

bool isDataCounter(const std::string& n)
{
    return n == "tx_packets" || n == "rx_packets" || n == "tx_packets_phy" || n == "rx_packets_phy" || n == "sent_pkts"
        || n == "rcvd_pkts" || n == "port_xmit_packets" || n == "port_rcv_packets"
        || (n.find("_prio") != std::string::npos && n.ends_with("_packets")) || n == "rx_vport_rdma_unicast_packets"
        || n == "tx_vport_rdma_unicast_packets";
}

bool isCongestionCounter(const std::string& n)
{
    return n == "np_cnp_sent" || n == "rp_cnp_handled" || n == "np_ecn_marked_roce_packets" || n == "rp_cnp_ignored"
        || n == "cnp_sent" || n == "cnp_handled" || n == "ecn_marked_roce_packets";
}

bool isRetransmitCounter(const std::string& n)
{
    return n == "out_of_sequence" || n == "packet_seq_err" || n == "local_ack_timeout_err" || n == "roce_adp_retrans"
        || n == "implied_nak_seq_err" || n == "rcvd_seq_err" || n == "retry_exceeded_err" || n == "completer_retry_err"
        || n == "out_of_seq_request" || n == "duplicate_request" || n == "roce_slow_restart";
}

struct Delta
{
    std::string scope;
    std::string name;
    std::uint64_t from = 0;
    std::uint64_t to = 0;
    std::optional<double> seconds;
    int fromLine = 0;
    int toLine = 0;
    std::uint64_t diff() const { return to - from; }
    std::string rate() const
    {
        char buf[96];
        if (seconds && *seconds > 0)
            std::snprintf(buf, sizeof buf, "+%llu in %.0f s (%.1f/s)", static_cast<unsigned long long>(diff()),
                *seconds, static_cast<double>(diff()) / *seconds);
        else
            std::snprintf(buf, sizeof buf, "+%llu between two reads (interval not stated)",
                static_cast<unsigned long long>(diff()));
        return buf;
    }
};

/// First-to-last change of every counter read at least twice; resets (counter went down) are left out.
std::vector<Delta> deltas(const DiagHost& h)
{
    std::map<std::pair<std::string, std::string>, std::vector<const CounterRead*>> series;
    for (const auto& c : h.counters)
        series[{ c.scope, c.name }].push_back(&c);
    std::vector<Delta> out;
    for (auto& [key, reads] : series) {
        if (reads.size() < 2)
            continue;
        auto first = reads.front();
        auto last = reads.back();
        if (last->read == first->read || last->value < first->value)
            continue;
        Delta d;
        d.scope = key.first;
        d.name = key.second;
        d.from = first->value;
        d.to = last->value;
        if (first->atSeconds && last->atSeconds)
            d.seconds = *last->atSeconds - *first->atSeconds;
        d.fromLine = first->line;
        d.toLine = last->line;
        out.push_back(d);
    }
    return out;
}

std::string where(const DiagHost& h, const Delta& d)
{
    if (h.source == "paste")
        return h.origin + ":" + std::to_string(d.fromLine) + "," + std::to_string(d.toLine);
    if (d.scope.find('/') != std::string::npos)
        return "rdma statistic show link " + d.scope;
    return "ethtool -S " + d.scope;
}

/// PFC state of the netdev a counter scope names (or of every RoCE netdev of the host for RDMA scopes).
std::optional<std::array<bool, 8>> pfcOf(const Context& ctx, const DiagHost& h, const std::string& scope)
{
    if (const Netdev* n = ctx.netdev(h, scope); n && n->dcb.pfcEnabled)
        return n->dcb.pfcEnabled;
    return std::nullopt;
}

/// A host's counter deltas sorted by what they count.
struct CounterKinds
{
    std::vector<const Delta*> data, pauses, congestion, retrans;
    bool loaded = false; ///< a data counter rose faster than the load threshold
    bool congestionRead = false, pauseRead = false;
};

CounterKinds sortCounters(const std::vector<Delta>& ds, double loadThreshold)
{
    CounterKinds k;
    for (const auto& d : ds) {
        if (isDataCounter(d.name)) {
            k.data.push_back(&d);
            double rate = d.seconds && *d.seconds > 0 ? static_cast<double>(d.diff()) / *d.seconds
                                                      : static_cast<double>(d.diff());
            if (rate > loadThreshold)
                k.loaded = true;
        }
        if (pausePriority(d.name)) {
            k.pauseRead = true;
            if (d.diff() > 0)
                k.pauses.push_back(&d);
        }
        if (isCongestionCounter(d.name)) {
            k.congestionRead = true;
            k.congestion.push_back(&d);
        }
        if (isRetransmitCounter(d.name) && d.diff() > 0)
            k.retrans.push_back(&d);
    }
    return k;
}

/// How loaded the host was, for findings judged against its load.
void addDataEvidence(Finding& f, const DiagHost& h, const CounterKinds& k)
{
    if (k.data.empty()) {
        f.evidence.push_back(
            Evidence { h.name, "data counters", "not in the reads: load unknown", h.origin, h.readAt });
        return;
    }
    const Delta* top
        = *std::max_element(k.data.begin(), k.data.end(), [](auto a, auto b) { return a->diff() < b->diff(); });
    f.evidence.push_back(Evidence { h.name, top->scope + " " + top->name, top->rate(), where(h, *top), h.readAt });
}

// M18: pause on a priority without PFC.
void ruleCountersPauseLossy(Context& ctx, const DiagHost& h, const CounterKinds& k)
{
    for (const auto* d : k.pauses) {
        auto priority = pausePriority(d->name); // set: `k.pauses` holds only counters it names a priority of
        auto pfc = pfcOf(ctx, h, d->scope);
        if (!priority || !pfc || (*pfc)[static_cast<std::size_t>(*priority)])
            continue;
        const int prio = *priority;
        Finding f;
        f.ruleId = "counters.pause-lossy";
        f.check = "M18";
        f.title = "Pause frames on priority " + std::to_string(prio) + ", which has no PFC";
        f.severity = Severity::Error;
        f.hosts = { h.name };
        f.ports = { h.name + ":" + d->scope };
        f.evidence.push_back(Evidence { h.name, d->scope + " " + d->name, d->rate(), where(h, *d), h.readAt });
        f.evidence.push_back(Evidence {
            h.name, d->scope + " PFC enabled priorities", pfcList(*pfc), ctx.whereDcb(h, d->scope), h.readAt });
        f.explanation = "Pause frames are rising on priority " + std::to_string(prio)
            + ", but PFC is not enabled there on this host. Either the switch pauses a priority the host treats as "
              "lossy (a PFC mismatch: compare the switch's PFC priorities), or the traffic is classified onto the "
              "wrong priority. Lossy traffic that gets paused spreads congestion to everything on the link.";
        ctx.findings.push_back(std::move(f));
    }
}

// M16: pause rising without load.
void ruleCountersPauseIdle(Context& ctx, const DiagHost& h, const CounterKinds& k)
{
    if (!k.pauses.empty() && !k.loaded && !k.data.empty()) {
        Finding f;
        f.ruleId = "counters.pause-idle";
        f.check = "M16";
        f.title = "Pause frames rising while the link carries little traffic";
        f.severity = Severity::Warning;
        f.hosts = { h.name };
        for (const auto* d : k.pauses) {
            f.ports.push_back(h.name + ":" + d->scope);
            f.evidence.push_back(Evidence { h.name, d->scope + " " + d->name, d->rate(), where(h, *d), h.readAt });
        }
        addDataEvidence(f, h, k);
        f.explanation = "Pause frames keep coming while this host moves little data. That points at a pause "
                        "storm (a stuck receiver or a NIC that cannot drain its buffer) or a switch pausing the "
                        "wrong priority. A storm freezes the priority on every link it spreads to; a PFC watchdog "
                        "on the switch stops it.";
        ctx.findings.push_back(std::move(f));
    }
}

// M12: CNP/ECN counters flat under congestion (load and pauses or retransmits rising).
void ruleCountersEcnFlat(Context& ctx, const DiagHost& h, const CounterKinds& k)
{
    if (k.congestionRead) {
        ctx.markEvaluated("M12");
        bool congested = k.loaded && (!k.pauses.empty() || !k.retrans.empty());
        bool flat = std::all_of(k.congestion.begin(), k.congestion.end(), [](auto d) { return d->diff() == 0; });
        if (congested && flat) {
            Finding f;
            f.ruleId = "counters.ecn-flat";
            f.check = "M12";
            f.title = "ECN/CNP counters flat while the link is congested";
            f.severity = Severity::Warning;
            f.hosts = { h.name };
            for (const auto* d : k.congestion)
                f.evidence.push_back(Evidence { h.name, d->scope + " " + d->name, d->rate(), where(h, *d), h.readAt });
            for (const auto* d : k.pauses)
                f.evidence.push_back(Evidence { h.name, d->scope + " " + d->name, d->rate(), where(h, *d), h.readAt });
            for (const auto* d : k.retrans)
                f.evidence.push_back(Evidence { h.name, d->scope + " " + d->name, d->rate(), where(h, *d), h.readAt });
            addDataEvidence(f, h, k);
            f.explanation = "Under load with pauses or retransmits, DCQCN should be at work: the switch marks ECN, "
                            "the receiver sends CNPs and the sender slows down. These counters did not move, so "
                            "either the switch does not mark ECN on the RoCE queue or the NIC's ECN reaction "
                            "point / notification point is off for this priority; congestion is left to PFC alone.";
            ctx.findings.push_back(std::move(f));
        }
    }
}

void ruleCountersRetransmits(Context& ctx, const DiagHost& h, const CounterKinds& k)
{
    if (!k.retrans.empty()) {
        Finding f;
        f.ruleId = "counters.retransmits";
        f.check = "M16";
        f.title = "RDMA retransmits / out-of-sequence packets rising";
        f.severity = Severity::Warning;
        f.hosts = { h.name };
        for (const auto* d : k.retrans) {
            f.ports.push_back(h.name + ":" + d->scope);
            f.evidence.push_back(Evidence { h.name, d->scope + " " + d->name, d->rate(), where(h, *d), h.readAt });
        }
        addDataEvidence(f, h, k);
        f.explanation = "RoCE packets are being lost and resent. RoCE expects a lossless (PFC) or ECN-managed "
                        "priority; losses mean the traffic runs on a lossy priority, PFC is not working end to "
                        "end, or buffers overflow. Throughput collapses long before errors show.";
        ctx.findings.push_back(std::move(f));
    }
}

} // namespace

void rulesCounters(Context& ctx)
{
    for (const auto& h : ctx.snap.hosts) {
        auto ds = deltas(h);
        if (ds.empty())
            continue;
        const auto kinds = sortCounters(ds, ctx.opts.loadPacketsPerSecond);
        if (kinds.pauseRead) {
            ctx.markEvaluated("M16");
            ctx.markEvaluated("M18");
        }
        ruleCountersPauseLossy(ctx, h, kinds);
        ruleCountersPauseIdle(ctx, h, kinds);
        ruleCountersEcnFlat(ctx, h, kinds);
        ruleCountersRetransmits(ctx, h, kinds);
    }
    if (!ctx.evaluated.count("M16"))
        ctx.needs("M16",
            "two reads of the per-priority pause counters (ethtool -S IF; sleep 10; ethtool -S IF) or SONiC `show "
            "pfcwd stats`");
}

} // namespace rp::diag::detail

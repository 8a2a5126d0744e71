// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// A host's RoCE counters reduced to the few rates a pair's timeline shows beside its RTT and loss: pause frames
// each way, transport retransmissions, discards and CNPs. The driver's own names (mlx5, bnxt_re, irdma, rxe, ice,
// bnxt_en; shared dashboards-anchors §3) are summed by what they mean, so hosts with different NICs are read on
// one scale. A rate no counter of the host stands for is absent, never 0: "this NIC has no pause counters" is not
// "no pauses".

#include "error.h"

#include <nlohmann/json_fwd.hpp>

#include <map>
#include <optional>
#include <string>
#include <string_view>

namespace rp::counters {

/// What a counter says, for the summary and the alarm rules.
enum class CounterRole {
    Other,
    PauseRx, ///< pause frames received: the peer held this port
    PauseTx, ///< pause frames sent: this port held the peer
    Loss, ///< a PSN gap, a sequence NAK, a duplicate request: a packet was lost and resent
    Timeout, ///< loss recovered by the retransmission timer, or a QP that gave up
    Retransmit, ///< other retransmissions (adaptive retransmission of lossy RoCE)
    Discard, ///< the NIC dropped packets on receive
    CnpSent, ///< this receiver saw ECN marks and asked its sender to slow down
    CnpHandled, ///< this sender slowed down for a CNP
};

/// By the counter's name, with or without its "hw:"/"eth:" prefix. Per-priority pause frames of mlx5, bnxt_en and
/// ice and the global pause counters are pause; their durations and transitions are not frames (Other).
CounterRole counterRole(std::string_view name);

/// Per second over a span; each absent when the host has no counter for it.
struct HostCounters
{
    std::optional<double> pauseRxPerS;
    std::optional<double> pauseTxPerS;
    std::optional<double> retransmitsPerS; ///< Loss, Timeout and Retransmit summed
    std::optional<double> discardsPerS;
    std::optional<double> cnpSentPerS;
    std::optional<double> cnpHandledPerS;

    bool any() const
    {
        return pauseRxPerS || pauseTxPerS || retransmitsPerS || discardsPerS || cnpSentPerS || cnpHandledPerS;
    }
    bool operator==(const HostCounters&) const = default;
};

/// The summary of one span's rates ("hw:name" / "eth:name" -> per second, as RateTracker gives them).
HostCounters summariseHostCounters(const std::map<std::string, double>& rates);

/// The fields by their stable names ("pause_rx", "pause_tx", "retransmits", "discards", "cnp_sent",
/// "cnp_handled"), for the agent's protocol, the run file and the metrics: one list, so they cannot drift apart.
struct HostCounterField
{
    std::string_view name;
    std::optional<double> HostCounters::*member;
};
inline constexpr HostCounterField kHostCounterFields[] = {
    { "pause_rx", &HostCounters::pauseRxPerS },
    { "pause_tx", &HostCounters::pauseTxPerS },
    { "retransmits", &HostCounters::retransmitsPerS },
    { "discards", &HostCounters::discardsPerS },
    { "cnp_sent", &HostCounters::cnpSentPerS },
    { "cnp_handled", &HostCounters::cnpHandledPerS },
};

/// The present fields as a JSON object by their stable names ({} when none is).
nlohmann::json hostCountersJson(const HostCounters& counters);
/// Reads what hostCountersJson wrote: each field absent, null or a number 0..1e12; any other key or value is an
/// error of `kind` naming `context` and the key.
Result<HostCounters> readHostCounters(
    const nlohmann::json& object, ErrorKind kind, const std::string& context, const std::string& where);

} // namespace rp::counters

// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Internal to localise: what the scoring hands to the text (the hypotheses, the cells they cover) and the functions
// that turn a named element into a finding an admin can act on.

#include "fabric/localise.h"

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace rp::fabric {

enum class HypothesisKind { Nic, GidSlot, V2Blocked, AccessLink, Tor, Uplink };

/// One cell as evidence: probes sent and lost (a cell its agent could not send counts as silentCellProbes lost).
struct Observation
{
    std::size_t cell = 0; ///< index into the cells given to localise
    std::uint64_t n = 0;
    std::uint64_t k = 0;
    bool explained = false; ///< taken by a finding already
};

struct Hypothesis
{
    HypothesisKind kind = HypothesisKind::Nic;
    Element element;
    std::uint32_t endpoint = 0; ///< an endpoint it covers (the GID for GidSlot)
    double prior = 0.0;
    std::vector<std::size_t> members; ///< observations
    std::uint64_t n = 0;
    std::uint64_t k = 0;
    double llr = 0.0;
    double score = 0.0;
};

struct HostDelay
{
    double prober = 0.0; ///< median prober delay p50 over the host's cells, µs
    double responder = 0.0;
    double rtt = 0.0; ///< median network RTT p50 of its cells
};

struct LocaliseContext
{
    const Pinglist& list;
    const std::vector<CellResult>& cells;
    const LocaliseOptions& options;
    Clock::time_point now;
};

FabricFinding agentFinding(const LocaliseContext& ctx, const std::string& host);
FabricFinding busyFinding(
    const LocaliseContext& ctx, const std::string& host, const HostDelay& delay, double fleetDelay, double fleetRtt);
/// `late`: probes towards `host` put down to its stalled agent (CellResult::hostLate).
FabricFinding stalledFinding(const LocaliseContext& ctx, const std::string& host, std::uint64_t late);
/// `cells`: how many of `host`'s cells its agent, late but running, did not report by the deadline.
FabricFinding lateFinding(const LocaliseContext& ctx, const std::string& host, std::size_t cells);
/// `cells`: indexes into ctx.cells of the observations the hypothesis explains.
FabricFinding lossFinding(const LocaliseContext& ctx, const Hypothesis& best, const std::vector<std::size_t>& cells,
    double confidence, std::vector<Alternative> alternatives);

} // namespace rp::fabric

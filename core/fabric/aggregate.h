// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// A round's cells folded per directed host pair and per directed ToR pair: what the matrix views show above 64
// hosts and what the metrics export instead of cells there.

#include "fabric/fabric.h"
#include "fabric/pinglist.h"

#include <vector>

namespace rp::fabric {

/// Which of two reasons a summary shows: any unexpected failure before any designed one, then by how much it says
/// about the fabric (agent-down, timeout, port-blocked, ... before the designed roce-version, link-local, ...).
bool worseReason(Reason a, bool aExpected, Reason b, bool bExpected);

/// One summary per directed host pair that has cells, ordered by (fromHost, toHost). Loopback cells count for the
/// pair (host, host).
std::vector<PairSummary> summarisePairs(const Pinglist& pinglist, const std::vector<CellResult>& cells);

/// The same per directed ToR pair; hosts without a ToR fold into the ToR "".
std::vector<TorSummary> summariseTors(const Pinglist& pinglist, const std::vector<CellResult>& cells);

} // namespace rp::fabric

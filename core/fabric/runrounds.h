// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// A saved run's rounds one at a time, as the controller had them: the fabric page opens a `.rpfabric` (a watch the
// CLI ran overnight, a check a colleague sent) and steps back through it with the same matrix, findings and GID views
// as a live round.

#include "error.h"
#include "fabric/controller.h"
#include "fabric/fabricrun.h"

#include <cstdint>
#include <vector>

namespace rp::fabric {

/// The rounds of `run` that have cells, ascending. After the first hour of a watch the file folds a minute of rounds
/// into one batch: that minute is one entry, numbered by its last round.
std::vector<std::uint64_t> roundsWithCells(const FabricRun& run);

/// Round `round` of `run`:
/// - its cells (a folded minute's for a folded round);
/// - a pinglist rebuilt from the run's endpoints and header, its probes being the pairs the cells name;
/// - the findings open after it, the ones it raised and cleared;
/// - each agent's last state up to it, and the ports down in it.
/// Validation when the run has no cells of that round.
Result<FabricRound> roundOfRun(const FabricRun& run, std::uint64_t round);

/// True when `round`'s cells in `run` are a fold of several rounds (a minute of a long watch), not the round alone.
bool isFoldedRound(const FabricRun& run, std::uint64_t round);

} // namespace rp::fabric

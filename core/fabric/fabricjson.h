// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// A fabric round as one JSON document (`rocepilot-cli fabric check --json`): the endpoints, every cell, the pair
// summaries, the agents and the findings with their evidence. Cells name their endpoints by index into
// `endpoints`, like CellResult does.

#include "fabric/controller.h"

#include <string>

namespace rp::fabric {

/// The document, schema "rocepilot-fabric-round/1", newline-terminated.
std::string roundToJson(const FabricRound& round);

} // namespace rp::fabric

// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// How `fabric check` and `fabric watch` print a round and its findings for a person (the JSON forms are core's).

#include "discovery/discover.h"
#include "fabric/controller.h"

#include <string>
#include <vector>

namespace rp::cli {

/// A finding: class, element, confidence, then its alternatives, evidence, why, because and fixes.
void printFinding(const fabric::FabricFinding& f);
/// "healthy, no findings", "healthy, 1 note", "2 faults, 1 note": notes are findings of severity info.
std::string verdictText(const std::vector<fabric::FabricFinding>& findings);
/// A whole round: the summary line, hosts not probed, agents down, the findings, the GID x GID matrix of each
/// failing pair and the agents' CPU and rate.
void printRound(const fabric::FabricRound& round, const std::vector<HostOutcome>& failed);

} // namespace rp::cli

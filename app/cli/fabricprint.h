// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// How `fabric check`, `fabric watch` and `fabric prom` print a round and its findings for a person (the JSON forms are
// core's).

#include "discovery/discover.h"
#include "fabric/controller.h"

#include <chrono>
#include <cstddef>
#include <string>
#include <vector>

namespace rp::cli {

/// A finding: class, element, confidence, then its alternatives, evidence, why, because and fixes.
void printFinding(const fabric::FabricFinding& f);
/// "healthy, no findings", "healthy, 1 note", "2 faults, 1 note": notes are findings of severity info.
std::string verdictText(const std::vector<fabric::FabricFinding>& findings);
/// A whole round: the summary line, hosts not probed, agents down, the findings, the GID x GID matrix of each
/// failing pair and the agents' CPU and rate. `source` names where a round not probed by this program came from
/// ("Prometheus at http://..."): the first line says so, and the controller's timing is left out.
void printRound(
    const fabric::FabricRound& round, const std::vector<HostOutcome>& failed, const std::string& source = {});

/// "14:03:07": a round's start in local time, as the watch's lines begin.
std::string clockText(fabric::Clock::time_point t);

/// Prints what a round changed: findings raised and cleared, agents down; a status line when nothing changed
/// for a while, so a quiet watch is seen to be alive. With `json`, one JSON object a line per event.
class WatchPrinter
{
public:
    explicit WatchPrinter(bool json)
        : m_json(json)
    { }

    void round(const fabric::FabricRound& round);

private:
    bool m_json;
    std::size_t m_lastUp = 0;
    std::chrono::steady_clock::time_point m_lastStatus {};
};

} // namespace rp::cli

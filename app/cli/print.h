// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "discovery/discover.h"

#include <cstdio>
#include <string>
#include <vector>

namespace rp {
struct ParsedOutput;
struct Plan;
} // namespace rp

namespace rp::cli {

void printDevices(std::FILE* out, const std::vector<RdmaDevice>& devices, const std::vector<GidRecommendation>& recs);
void printNetdevs(std::FILE* out, const std::vector<Netdev>& netdevs);
void printOutcome(std::FILE* out, const HostOutcome& outcome);
void printNotes(std::FILE* out, const std::vector<HostNote>& notes, const char* indent);
/// The loud warning for a plan whose targets carry no digest of a reviewed text (Plan::unsealed), or nothing.
void warnUnsealed(std::FILE* out, const Plan& plan);

} // namespace rp::cli

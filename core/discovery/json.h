// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "discovery/discover.h"
#include "discovery/model.h"

#include <string>
#include <vector>

namespace rp {

struct ParsedOutput;

/// JSON documents of the CLI (schema in docs/json.md). Keys keep a fixed order so output diffs stay readable.
std::string discoveryToJson(const std::vector<HostOutcome>& outcomes, const std::vector<HostNote>& fabricNotes);
std::string parsedToJson(const std::string& file, const ParsedOutput& parsed);

} // namespace rp

// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "discovery/discover.h"
#include "model/model.h"

#include "error.h"

#include <map>
#include <string>
#include <vector>

namespace rp {

struct ParsedOutput;

/// JSON documents of the CLI (schema in docs/json.md). Keys keep a fixed order so output diffs stay readable.
std::string discoveryToJson(const std::vector<HostOutcome>& outcomes, const std::vector<HostNote>& fabricNotes);
std::string parsedToJson(const std::string& file, const ParsedOutput& parsed);
/// The discovery JSON back into facts by host name (hosts without facts are left out). Notes and recommendations
/// are not read back: a plan needs what the hosts have, not what discovery said about it.
Result<std::map<std::string, HostFacts>> discoveryFromJson(const std::string& json, const std::string& fileName);
Result<std::map<std::string, HostFacts>> loadDiscoveryJson(const std::string& path);

} // namespace rp

// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// A fabric round as one JSON document (`rocepilot-cli fabric check --json`): the endpoints, every cell, the pair
// summaries, the agents and the findings with their evidence. Cells name their endpoints by index into
// `endpoints`, like CellResult does.

#include "error.h"
#include "fabric/controller.h"

#include <nlohmann/json.hpp>

#include <functional>
#include <optional>
#include <string>
#include <string_view>

namespace rp::fabric {

/// The document, schema "rocepilot-fabric-round/1", newline-terminated.
std::string roundToJson(const FabricRound& round);
/// The same text in parts, cells and pairs one at a time: a 1 000-host round never exists as one document.
void writeRoundJson(const FabricRound& round, const std::function<void(std::string_view)>& write);

/// The pieces, shared with the saved run (fabricrun.h), which reads them back.
nlohmann::json endpointToJson(const Endpoint& endpoint);
nlohmann::json cellToJson(const CellResult& cell);
nlohmann::json findingToJson(const FabricFinding& finding);
/// Strict: unknown keys, wrong types, values out of range are Parse errors naming the field (`context` first).
Result<Endpoint> endpointFromJson(const nlohmann::json& j, const std::string& context);
/// A finding's evidence cells must index an endpoint table of `endpoints` entries.
Result<FabricFinding> findingFromJson(const nlohmann::json& j, const std::string& context, std::size_t endpoints);

/// "2026-11-27T07:01:02.345Z" (UTC, milliseconds), and back (nullopt for anything else).
std::string isoTime(Clock::time_point t);
std::optional<Clock::time_point> parseIsoTime(std::string_view text);

} // namespace rp::fabric

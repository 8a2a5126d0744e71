// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// What a plan will change on a host: each setting the plan establishes (Step::sets), next to what discovery
// saw. A value the host could not tell is Unknown with the reason, never a guessed default.

#include "generate/plan.h"
#include "model/model.h"

#include <optional>
#include <string>
#include <vector>

namespace rp {

enum class DiffStatus {
    Change, ///< discovery saw another value: the plan changes it
    Match, ///< already so: the step changes nothing
    Unknown, ///< the host could not tell (or discovery has no source for the key); `reason` says why
};

struct SettingDiff
{
    std::string interface; ///< netdev (or adapter) the setting belongs to; empty for host-wide settings
    std::string key; ///< Setting::key: "mtu", "pfc", "dscp:26", "tc:3", "ets", ...
    std::string current; ///< what discovery saw, in the form of `wanted`; empty when Unknown or absent
    std::string wanted; ///< what the plan sets ("" for "pfc" means no priority)
    DiffStatus status = DiffStatus::Unknown;
    std::string reason; ///< Unknown: why; Change/Match: a detail worth showing, or empty
    bool operator==(const SettingDiff&) const = default;
};

/// The interfaces a host target configures, in plan order (taken from the step ids "<target>.<itf>.<what>").
std::vector<std::string> targetInterfaces(const PlanTarget& target);

/// Each effective setting of `target` (artifacts left out, later steps overriding earlier ones) per interface,
/// in plan order, compared with `facts`. With `interface` set, only that interface's settings. Switch and
/// Windows targets give Unknown rows: discovery reads Linux hosts only.
std::vector<SettingDiff> diffTarget(
    const PlanTarget& target, const HostFacts& facts, const std::optional<std::string>& interface = std::nullopt);

std::string toString(DiffStatus status); ///< "change", "match", "unknown"

} // namespace rp

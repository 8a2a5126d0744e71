// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Internal helpers shared by the generators. Not part of the core API.

#include "generate/plan.h"

#include <string>
#include <utility>
#include <vector>

namespace rp::gen {

inline std::string n(int v)
{
    return std::to_string(v);
}

/// "1,3" for a list; "" for none.
std::string joinInts(const std::vector<int>& values, const std::string& sep = ",");
/// "0-2,4-6" for {0,1,2,4,5,6}.
std::string ranges(const std::vector<int>& values);
/// Priorities 0..7 whose traffic class is `tc`.
std::vector<int> prioritiesOfTc(const Profile& p, int tc);
/// TCs that carry a priority, have bandwidth or are strict, ascending.
std::vector<int> usedTcs(const Profile& p);
/// DSCP -> priority entries the profile defines (RoCE, CNP, heartbeat), ascending by DSCP.
std::vector<std::pair<int, int>> dscpMap(const Profile& p);
/// "0:50 3:50 6:strict"
std::string etsSummary(const Profile& p);
/// The PFC priorities, ascending.
std::vector<int> pfcSorted(const Profile& p);
/// Ports of a switch that get the QoS config (host-facing and/or uplinks as the profile says), in order.
std::vector<std::string> qosPorts(const Profile& p, const SwitchSpec& sw);
std::vector<std::string> allPorts(const SwitchSpec& sw);
bool isHostPort(const SwitchSpec& sw, const std::string& port);

/// A switch CLI step. The undo only removes what the step added: switches are not discovered yet.
Step cliStep(const std::string& target, const std::string& suffix, std::string title, std::string text,
    std::string verifyCli, std::string expect, std::string undoText, std::vector<Setting> sets = {},
    std::vector<std::string> notes = {});
/// The usual "save the configuration" closing step.
Step saveStep(const std::string& target, std::string text, std::string note);

PlanTarget generateLinux(const Profile& p, const PlanHost& host, const HostFacts* facts);
PlanTarget generateWindows(const Profile& p, const PlanHost& host);
PlanTarget generateCumulus(const Profile& p, const SwitchSpec& sw);
PlanTarget generateOnyx(const Profile& p, const SwitchSpec& sw);
PlanTarget generateSonic(const Profile& p, const SwitchSpec& sw);
PlanTarget generateEos(const Profile& p, const SwitchSpec& sw);
PlanTarget generateNxos(const Profile& p, const SwitchSpec& sw);
PlanTarget generateOs10(const Profile& p, const SwitchSpec& sw);
PlanTarget generateJunos(const Profile& p, const SwitchSpec& sw);
PlanTarget generateFtos(const Profile& p, const SwitchSpec& sw);

/// Target skeleton for a switch: name, platform, title, comment prefix, common header notes.
PlanTarget switchTarget(const Profile& p, const SwitchSpec& sw, std::string comment);

} // namespace rp::gen

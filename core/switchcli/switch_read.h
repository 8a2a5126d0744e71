// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Read-only show commands for the troubleshooter, over an open SwitchSession: the running configuration and the
// vendor's PFC / QoS state, each output returned as the switch printed it (the parsers in core/parse read
// them). Nothing here changes the switch: every command is a fixed `show` / `nv show` / `nv config show`
// string that passes validateShowCommand.

#include "error.h"
#include "switchcli/switch_session.h"

#include <chrono>
#include <string>
#include <vector>

namespace rp::switchcli {

struct ShowOutput
{
    std::string command;
    std::string output;
    std::string readAt; ///< UTC, "2026-11-24T07:01:02Z"
};

/// The show commands the troubleshooter reads for a dialect, in order. Commands ending in "counters" are read a
/// second time after the interval (counters are judged as rates).
std::vector<std::string> diagnoseShowCommands(Dialect dialect);

/// Runs diagnoseShowCommands(): a command the switch refuses (an older release without it) goes to
/// `warnings`, naming the switch; a broken session ends the read with its error. Counters are read twice,
/// `interval` apart.
Result<std::vector<ShowOutput>> readDiagnoseShows(SwitchSession& session, std::chrono::milliseconds interval,
    std::vector<std::string>& warnings, const std::atomic<bool>* cancel = nullptr);

} // namespace rp::switchcli

// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Internal header of core/parse, not part of its API: SONiC syslog lines (`show logging`, /var/log/syslog) into
// per-port events (SwitchPortQos::log): the PFC watchdog's storm detected / restored messages and orchagent's
// errors on QoS and buffer objects.

#include "parse/fragments.h"
#include "parse/parsed.h"

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace rp::parse_detail {

/// A SONiC syslog line: "[YYYY ]Mmm dd HH:MM:SS[.ffffff] HOST LEVEL container#program: message".
struct SonicLogLine
{
    std::string time;
    std::string_view host;
    std::string_view level; ///< "ERR", "NOTICE", ...
    std::string_view program; ///< "swss#orchagent"
    std::string_view message; ///< after the program, without swss-common's ":- function: " prefix
};

std::optional<SonicLogLine> readSonicLogLine(std::string_view trimmedLine);

/// "show logging [...]": SONiC's view of its syslog.
bool isSonicLogCommand(std::string_view command);

/// Whether the line is a SONiC log line that states a QoS fact this reader keeps.
bool isSonicQosLogLine(std::string_view trimmedLine);

/// The lines' QoS facts into the ports of the switch each line names (its syslog host), read by `command`.
/// `warnOthers`: a line that is not a SONiC log line gets a warning (a whole `show logging` output); log lines
/// about other things are skipped quietly. An error that names no port goes to port "*". Never fails.
std::vector<ParseWarning> parseSonicLog(std::string_view command,
    const std::vector<std::pair<int, std::string_view>>& lines, std::vector<SwitchPortQos>& out, bool warnOthers);

} // namespace rp::parse_detail

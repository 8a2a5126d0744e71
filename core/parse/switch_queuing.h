// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Internal header of core/parse, not part of its API: Cisco NX-OS `show queuing interface` into per-port QoS
// groups (SwitchPortQos::queues), for parseSwitchShow() (switch_show.h).

#include "parse/fragments.h"
#include "parse/parsed.h"

#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace rp::parse_detail {

/// "show queuing interface [ethernet 1/1]", with the abbreviations NX-OS accepts for "interface".
bool isNxosQueuingCommand(std::string_view command);

/// Whether a line is one that only `show queuing interface` prints first ("slot  1", "Egress Queuing for
/// Ethernet1/1 [System]"): it names the command of an output pasted without its prompt.
bool startsNxosQueuing(std::string_view trimmedLine);

/// The Nexus 9000 layout (egress scheduler table, per QoS group counters framed by "QOS GROUP n", the ingress pause
/// table, PFC statistics per CoS) and the RX Queuing lines of the older Nexus layout ("qos-group n", "drop-type:
/// no-drop"). Ports are named by the output's "Egress/Ingress Queuing for" headings, else by the command's
/// interface. Line-numbered warnings for table rows it cannot read; never fails.
std::vector<ParseWarning> parseNxosQueuing(std::string_view command,
    const std::vector<std::pair<int, std::string_view>>& lines, const std::string& switchName,
    std::vector<SwitchPortQos>& out);

} // namespace rp::parse_detail

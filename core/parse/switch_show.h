// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Switch `show` outputs and configs into per-port QoS state (SwitchPortQos), for the fragment importer.

#include "parse/fragments.h"
#include "parse/parsed.h"

#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace rp {

/// A command whose output parseSwitchShow() reads: SONiC `show pfc priority|counters`, `show pfcwd stats`,
/// config_db.json (`cat /etc/sonic/config_db.json`, `sonic-cfggen -d --print-data`), NX-OS
/// `show interface priority-flow-control` and `show queuing interface`, SONiC `show logging`, and every command of
/// switch_config.h.
bool isSwitchShowCommand(std::string_view command);

/// The command an output pasted without its prompt comes from, when its first line is one only that command
/// prints (NX-OS `show queuing interface`: "slot  1", "Egress Queuing for ..."); empty otherwise.
std::string impliedSwitchCommand(std::string_view trimmedLine);

/// Parse the output lines (line number, text) of `command` for switch `switchName` into `out` (ports merged by
/// name). Returns line-numbered warnings; never fails. The vendors' running configurations and QoS show outputs
/// (switch_config.h) go through here too; `vendorHint` names the vendor when the caller knows it.
std::vector<ParseWarning> parseSwitchShow(std::string_view command,
    const std::vector<std::pair<int, std::string_view>>& lines, const std::string& switchName,
    std::vector<SwitchPortQos>& out, const std::string& vendorHint = {});

} // namespace rp

// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Running configurations and QoS show outputs of the switch vendors the generators know, read into per-port
// QoS state (SwitchPortQos): Cumulus NVUE (`nv show qos roce`, `nv show interface IF qos roce status`,
// `nv config show -o commands`), Arista EOS (`show priority-flow-control [counters]`, `show qos interfaces`,
// `show running-config`), Cisco NX-OS (`show running-config`), Dell OS10 (`show running-configuration`) and
// Junos (`show configuration [class-of-service]` in braces or `| display set`, `show class-of-service
// congestion-notification`). Written from the vendors' documented layouts and the forms core/generate emits;
// no switch runs here.

#include "parse/fragments.h"
#include "parse/parsed.h"

#include <cstddef>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace rp {

/// A command parseSwitchConfig() reads.
bool isSwitchConfigCommand(std::string_view command);

/// The vendor of a running configuration from its text ("eos", "nxos", "os10", "junos", "cumulus"), or empty.
std::string detectConfigVendor(std::string_view command, const std::vector<std::pair<int, std::string_view>>& lines);

/// Parse the output of `command` for `switchName` into `out` (ports merged by name). `vendorHint` ("eos",
/// "nxos", "cumulus", "os10", "junos") wins over detection when given. Line-numbered warnings; never fails.
std::vector<ParseWarning> parseSwitchConfig(std::string_view command,
    const std::vector<std::pair<int, std::string_view>>& lines, const std::string& switchName,
    std::vector<SwitchPortQos>& out, const std::string& vendorHint = {});

namespace parse_detail {
/// A switch has a few hundred ports: more in one output is a damaged or hostile paste, and the readers that look ports
/// up per line stop making new ones there, so the lookups stay cheap.
inline constexpr std::size_t kMaxSwitchPortsPerOutput = 1024;
/// The entry of switch `sw`'s port `name` in `ports`; made with its vendor, line and command when missing.
SwitchPortQos& portNamed(std::vector<SwitchPortQos>& ports, const std::string& sw, const std::string& vendor,
    const std::string& name, int line, std::string_view command);
} // namespace parse_detail

/// "Et1" -> "Ethernet1", "Et1/1" -> "Ethernet1/1": EOS show outputs abbreviate what configurations spell out.
std::string eosLongPortName(std::string_view name);

} // namespace rp

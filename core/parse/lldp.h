// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// LLDP neighbour tables, for the host <-> switch-port map of the troubleshooter: lldpd's `lldpctl` (text and
// `-f json`), lldpad's `lldptool -t -n -i IF` (the neighbour's TLVs), Arista EOS `show lldp neighbors` and
// Cisco NX-OS `show lldp neighbors`. Written from the documented layouts (lldpd lldpctl(8) and its JSON
// output, lldptool(8), the EOS and NX-OS command references); no switch runs here.

#include "parse/fragments.h"
#include "parse/parsed.h"

#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace rp {

bool isLldpCommand(std::string_view command);

/// Parse the output of `command` run on `local` into `out`. Line-numbered warnings; never fails.
std::vector<ParseWarning> parseLldp(std::string_view command,
    const std::vector<std::pair<int, std::string_view>>& lines, const std::string& local,
    std::vector<LldpNeighbor>& out);

/// Switch port names as configurations spell them: "Et1" -> "Ethernet1", "Eth1/1" -> "Ethernet1/1".
std::string longPortName(std::string_view name);

} // namespace rp

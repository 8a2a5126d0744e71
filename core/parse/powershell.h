// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Windows PowerShell outputs (Format-List or Format-Table) of Get-NetAdapterQos, Get-NetQosFlowControl,
// Get-NetQosPolicy, Get-NetQosTrafficClass, Get-NetQosDcbxSetting, Get-NetAdapterRdma and
// Get-SmbClientNetworkInterface, for the fragment importer.

#include "parse/fragments.h"
#include "parse/parsed.h"

#include <string_view>
#include <utility>
#include <vector>

namespace rp {

bool isPowerShellCommand(std::string_view command);

/// Read the output lines (line number, text) of `command` into `out`. Line-numbered warnings; never fails.
std::vector<ParseWarning> parsePowerShell(
    std::string_view command, const std::vector<std::pair<int, std::string_view>>& lines, WindowsQos& out);

} // namespace rp

// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Capture bundles: every output the troubleshooter's rules read from a Linux host, in one text file that
// importFragments() reads back (a "## HOST" heading, then "$ command" lines each followed by its output). A host
// the app can reach is collected over its executor; for one it cannot reach, collectionScript() is what the
// admin runs there (`bash rocepilot-bundle.sh > HOST.txt`) and brings back.

#include "error.h"
#include "inventory/inventory.h"
#include "parse/fragments.h"
#include "remote/executor.h"
#include "remote/openexecutor.h"

#include <atomic>
#include <string>
#include <vector>

namespace rp::bundle {

inline constexpr const char* kMagic = "# rocepilot bundle 1";

/// The constant POSIX shell script that prints one host's section body (no heading): ip -d addr, ibv_devinfo -v,
/// GID types and netdevs from sysfs, port states, rdma_cm configfs, dcb per RoCE netdev, ethtool -S and rdma
/// statistic twice `intervalS` seconds apart. No value from us or the host is pasted into it.
std::string collectionScript(int intervalS = 5);

/// The PowerShell counterpart for a Windows host: each NetQoS / NetAdapter / SMB cmdlet the rules read, under a
/// "PS C:\> CMDLET | Format-List" line, its output as Format-List (which the importer reads).
std::string windowsScript();

/// Run the script through an executor (Windows hosts: windowsScript() through powershell.exe); the section for
/// `hostName` (heading + fenced output).
Result<std::string> collectHost(Executor& executor, const std::string& hostName, int intervalS = 5,
    const std::atomic<bool>* cancel = nullptr, bool windows = false);

/// A bundle file: the magic line with the collection time, then each host's section.
std::string makeBundle(const std::vector<std::string>& sections, const std::string& collectedAt);

/// True when the text starts with the bundle magic line.
bool isBundle(std::string_view text);

/// What a bundle (or any paste) holds, for `bundle show`: per host the devices, GIDs, netdevs, counter reads,
/// tests; plus the importer's warnings.
std::string summarize(const PastedFabric& fabric);

} // namespace rp::bundle

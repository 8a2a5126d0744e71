// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "inventory/inventory.h"
#include "remote/openexecutor.h"

#include <mutex>
#include <optional>
#include <string>

namespace rp::cli {

/// Serialises prompts and progress lines written from worker threads.
std::mutex& promptMutex();
/// Asks on the terminal (no echo); none when stdin is not a terminal.
std::optional<std::string> askPassword(const HostSpec& host);
/// The connection context every host command uses: the inventory's (or the given) known_hosts, unknown keys
/// refused unless `acceptNew` (then saved, with their fingerprint printed), passwords asked on the terminal.
/// rocepilot-probe beside this program (RP_PROBE overrides): what `test` and the canary run on the hosts.
std::string probeBinary();
ConnectContext cliConnectContext(
    const Inventory& inventory, const std::optional<std::string>& knownHosts, bool acceptNew);

} // namespace rp::cli

// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "error.h"
#include "inventory/inventory.h"
#include "model/model.h"
#include "remote/connectionpool.h"
#include "remote/executor.h"
#include "remote/fleet.h"
#include "remote/openexecutor.h"

#include <atomic>
#include <chrono>
#include <cstddef>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace rp {

/// Which GID discovery recommends per port. Default: RoCE v2 with an IPv4 address, preferring `netdev`
/// (a VLAN netdev or its parent) when given.
struct RecommendTarget
{
    GidType type = GidType::RoceV2;
    bool ipv4 = true;
    std::string netdev; ///< empty: any netdev of the port
};

struct DiscoveryOptions
{
    std::chrono::milliseconds commandTimeout { 60000 };
    bool readDcb = true;
    RecommendTarget target;
    /// discoverFleet: when set, each host discovered keeps its connection open here for the work that follows.
    ConnectionPool* keep = nullptr;
};

/// One host's end of a fleet discovery: a named state, and facts or the error.
struct HostOutcome
{
    HostSpec spec;
    HostState state = HostState::Failed;
    std::optional<HostFacts> facts;
    std::optional<Error> error;
    double seconds = 0.0;
};

/// Called from worker threads once per finished host, in completion order.
using DiscoveryProgress = std::function<void(const HostOutcome& outcome, std::size_t done, std::size_t total)>;

/// Discover one host through an open executor: one collection command, everything read inside it.
Result<HostFacts> discoverHost(
    Executor& executor, const DiscoveryOptions& options, const std::atomic<bool>* cancel = nullptr);

/// Discover from a recorded tree (a sysfs root with sys/class/infiniband, sys/class/net, proc/net/vlan ...),
/// read in-process. Used by tests and `--sysfs-root`.
Result<HostFacts> discoverTree(const std::string& root, const DiscoveryOptions& options);

/// Discover every host of an inventory with bounded concurrency (default 32). Every host ends in a named
/// state; one slow or dead host does not delay the others.
std::vector<HostOutcome> discoverFleet(const std::vector<HostSpec>& hosts, const ConnectContext& context,
    const DiscoveryOptions& options, std::size_t concurrency = 32, const DiscoveryProgress& progress = {},
    const std::atomic<bool>* cancel = nullptr);

/// One host again, over a connection of its own, as discoverFleet discovers each (a watch reading the GIDs of a host
/// whose address changed: ControllerOptions::rediscover).
Result<HostFacts> discoverAgain(const HostSpec& host, const ConnectContext& context);

/// Fill `facts.recommendations` and add warnings when hosts disagree (type or address family).
void recommendGids(HostFacts& facts, const RecommendTarget& target);
std::vector<HostNote> compareRecommendations(const std::vector<HostOutcome>& outcomes);

/// The IPv4 network a GID's address sits in, "198.18.0.0/24", from its netdev's address list; empty when the GID
/// is not IPv4-mapped or its netdev does not list that address with a prefix.
std::string gidSubnet(const HostFacts& facts, const GidEntry& gid);

} // namespace rp

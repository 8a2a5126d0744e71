// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The troubleshooter on live hosts: discovery, then per host one more constant command that reads what
// discovery does not (rdma_cm defaults from configfs, RDMA hw_counters twice over an interval), and, when the
// admin allows active checks, the reachability matrix: the probe's RDMA ping from each host to each peer it
// shares a subnet with, over each candidate GID index (a few pings, bounded time), and a TCP connect to the
// test port.

#include "diagnose/diagnose.h"
#include "discovery/discover.h"
#include "remote/openexecutor.h"

#include <atomic>
#include <chrono>
#include <functional>
#include <string>
#include <vector>

namespace rp::diag {

struct LiveOptions
{
    DiscoveryOptions discovery;
    std::size_t concurrency = 32;
    bool readExtras = true;
    std::chrono::milliseconds counterInterval { 2000 }; ///< between the two counter reads
    bool active = false;
    std::string probePath; ///< this machine's rocepilot-probe (active checks)
    int maxGidIndexes = 8; ///< candidate indexes per pair, at most
    int pings = 5;
    double connectTimeoutS = 8;
    /// A failed ping is tried once more before it counts: under load (TCG, busy hosts) a first connect can time
    /// out on a path that works.
    int attempts = 2;
    int testPort = 18515; ///< the TCP port the tests use (perftest's default)
};

/// Called from worker threads with a line worth showing ("lab-a: discovered", "lab-a -> lab-b index 1: ok").
using LiveProgress = std::function<void(const std::string&)>;

struct LiveResult
{
    FabricSnapshot snapshot;
    std::vector<Error> hostErrors; ///< hosts that could not be read, each naming the host
};

LiveResult collectLive(const std::vector<HostSpec>& hosts, const ConnectContext& context, const LiveOptions& options,
    const LiveProgress& progress = {}, const std::atomic<bool>* cancel = nullptr);

/// Switch ports read live: every switch of the inventory with an address and a CLI switchcli drives (EOS,
/// NX-OS, Cumulus NVUE) is read over SSH with read-only show commands (switchcli/switch_read.h) and parsed
/// like pasted outputs. Vendors switchcli does not drive and plan-only switches are named in `notes` with what
/// to paste instead; a switch that could not be read is an error naming it.
struct SwitchReadResult
{
    std::vector<SwitchPortQos> ports;
    std::vector<LldpNeighbor> lldp; ///< the switches' LLDP tables (EOS, NX-OS `show lldp neighbors`)
    std::vector<Error> errors;
    std::vector<std::string> notes; ///< switches not read live and why; commands a switch refused
};

SwitchReadResult collectSwitches(const std::vector<SwitchSpec>& switches, const ConnectContext& context,
    std::chrono::milliseconds counterInterval, const LiveProgress& progress = {},
    const std::atomic<bool>* cancel = nullptr);

/// Pairs (client, server) of hosts that share a subnet, with the server's address there and the client's
/// candidate GID indexes (non-empty, not link-local, RoCE; at most `maxIndexes`).
struct ProbePair
{
    std::size_t client = 0;
    std::size_t server = 0;
    std::string serverAddress;
    std::string clientDevice;
    std::vector<std::pair<int, std::string>> gidIndexes; ///< index, client's GID there
};
std::vector<ProbePair> probePairs(const FabricSnapshot& snapshot, int maxIndexes);

/// Run the reachability matrix over open executors (two per host: a server and a client side), filling
/// snapshot.reachability.
void runReachability(FabricSnapshot& snapshot, const std::vector<HostSpec>& hosts, const ConnectContext& context,
    const LiveOptions& options, const LiveProgress& progress, const std::atomic<bool>* cancel);

} // namespace rp::diag

// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// What a round probes: every usable GID of every host as an endpoint (a UDP endpoint per host besides, the only one
// of a host without RDMA), the host pairs (full mesh inside a ToR, a few seeded peers across ToRs) and, per pair,
// every directed (source GID, destination GID) cell with what it is expected to do. A cell that fails by design
// (RoCE v1 towards v2, a link-local GID, another subnet or VLAN, an empty slot) carries its reason from the start,
// so a failure there is explained rather than alarming.

#include "error.h"
#include "fabric/fabric.h"
#include "model/model.h"

#include <cstddef>
#include <cstdint>
#include <map>
#include <string>
#include <utility>
#include <vector>

namespace rp::fabric {

/// Where hosts hang. The inventory has no rack field yet, so the caller passes host -> ToR (from LLDP or a file).
struct Topology
{
    std::map<std::string, std::string> torOf; ///< host -> ToR; a host missing here sits in the unnamed ToR ""
    std::string spine; ///< the switch every ToR's uplink reaches; empty: ToRs are linked to each other directly

    std::string torOfHost(const std::string& host) const;
    std::string accessLinkName(const std::string& host) const; ///< "lab-b<->leaf1"
    /// The uplinks a cell between two ToRs crosses: {"leaf1<->spine", "leaf2<->spine"}, or {"leaf1<->leaf2"}
    /// when the ToRs are linked directly; none within one ToR.
    std::vector<std::string> uplinksBetween(const std::string& torA, const std::string& torB) const;
};

struct PinglistOptions
{
    std::size_t crossTorPeers = 5; ///< sampled peers in other ToRs per host (each probed both ways)
    std::uint64_t seed = 1; ///< the same seed and hosts give the same pinglist
    bool routedV2 = false; ///< RoCE v2 between subnets is expected to work (a routed fabric)
};

/// One planned directed cell. `expect` is None when the cell should work, else the reason it fails by design.
struct Probe
{
    std::uint32_t from = 0;
    std::uint32_t to = 0;
    Reason expect = Reason::None;
};

struct Pinglist
{
    std::vector<Endpoint> endpoints;
    std::vector<Probe> probes;
    std::vector<std::string> hosts; ///< in the caller's order, skipped ones left out
    std::vector<std::pair<std::string, std::string>> skipped; ///< host, why it has nothing to probe
    std::vector<std::pair<std::string, std::string>> pairs; ///< the directed host pairs probed
    Topology topology;
    bool routedV2 = false;
    std::map<std::string, std::vector<std::uint32_t>> byHost; ///< a host's endpoints
    std::map<std::string, std::uint32_t> preferred; ///< the endpoint of the host's recommended GID, else its UDP one
    std::map<std::string, std::uint32_t> udp; ///< the host's UDP endpoint
    /// The RoCE port ("lab-b:rxe0/1") of the recommended GID whose netdev the host's UDP endpoint is on: the NIC a
    /// UDP-only round (no RDMA endpoints) names for that endpoint, as an RDMA round would.
    std::map<std::string, std::string> udpNic;

    bool hasRdma(const std::string& host) const;
};

/// The endpoints of one host: each non-duplicate GID of each RoCE port, then one UDP endpoint on the address of the
/// recommended GID (or the first IPv4 address of an up netdev). The recommendation is discovery's (recommendGids).
std::vector<Endpoint> hostEndpoints(const HostFacts& facts, const std::string& tor);

/// Fails with Validation on an unnamed or repeated host name.
Result<Pinglist> buildPinglist(
    const std::vector<HostFacts>& hosts, const Topology& topology, const PinglistOptions& options = {});

/// What a cell between two endpoints of the same transport is expected to do: None (works) or the reason it fails
/// by design. A loopback (the same endpoint) works unless its slot is empty.
Reason expectation(const Endpoint& from, const Endpoint& to, bool routedV2);

/// Marks each failed cell whose probe fails by design: reason set to the designed one, expected = true. What an agent
/// reports about itself (empty-slot for a GID the plan saw, agent-down) stays, unexpected.
void applyExpectations(const Pinglist& pinglist, std::vector<CellResult>& cells);

} // namespace rp::fabric

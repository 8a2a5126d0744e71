// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The second pass of a round: every host at an end of a failing pair is probed again, within the same round,
// against two peers that the round showed to be good (one under its own ToR when there is one, one under another)
// and over its own loopback. One bad end of a pair then shows as the end that also fails with good peers; a host
// whose loopback works has a working NIC, so what fails is beyond it.

#include "fabric/fabric.h"
#include "fabric/pinglist.h"

#include <cstddef>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace rp::fabric {

struct SecondPassOptions
{
    double lossFraction = 0.05; ///< a cell that lost this share of its probes ...
    std::uint32_t minLost = 2; ///< ... and at least this many looks bad (one lost probe is noise)
    std::size_t goodPeers = 2;
    double maxPeerBadShare = 0.5; ///< a peer whose share of failing partners is above this is not "known good"
    std::size_t maxEndpointsPerHost = 4; ///< a host's failing GIDs re-probed against its first good peer
};

/// A cell the second pass should look at again: it failed against expectation, or lost more than noise.
bool cellLooksBad(const CellResult& cell, const SecondPassOptions& options = {});

/// What was re-checked for one host.
struct Recheck
{
    std::string host;
    std::vector<std::string> peers; ///< the known-good peers, same ToR first
    bool loopback = false;
};

struct SecondPass
{
    std::vector<Probe> probes; ///< deduplicated, each with its expectation
    std::vector<Recheck> rechecks; ///< per host, in host order
    std::vector<std::pair<std::string, std::string>> failingPairs; ///< unordered, each once
};

/// Plans the re-probes from the round's cells (second-pass cells among them are ignored). The cells must have been
/// through applyExpectations: a cell that fails by design is not a failing pair.
SecondPass planSecondPass(
    const Pinglist& pinglist, const std::vector<CellResult>& round, const SecondPassOptions& options = {});

} // namespace rp::fabric

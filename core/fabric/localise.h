// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Localisation: which one element of the fabric explains the cells that lose probes. Every element a cell crosses
// is a hypothesis (the ports and NICs at both ends, one GID, a host's RoCE v2 traffic as a firewall sees it, the
// access links, the ToRs, the uplinks between ToRs); each is scored by how much likelier the probes are if that
// element alone loses packets than if the fabric only shows its background loss (a binomial log-likelihood
// ratio). The best is named, its cells are taken out, and the rest is looked at again, so one fault gives one
// finding. The element's share among those that explain the same cells is its confidence; when two explain them
// equally (the two uplinks of a two-ToR fabric, the two ends of a lone pair) the finding says it cannot decide.
//
// Host trouble is kept off the network: an agent that is down is named from its state, and a host whose prober or
// responder delay is far above the fleet's while the network RTT is normal is named "host-busy" (info), its probes'
// losses put down to it, never to a link.

#include "fabric/fabric.h"
#include "fabric/pinglist.h"

#include <cstddef>
#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace rp::fabric {

struct LocaliseOptions
{
    double backgroundLoss = 0.002; ///< per probe, what a healthy fabric loses (noise, a late reply)
    double minExcessLoss = 0.01; ///< a named element loses at least this much more per probe than the background
    double minEvidence = 20.0; ///< natural-log likelihood ratio a finding needs (e^20: not chance over 1e6 rounds)
    double busyDelayUs = 1000.0; ///< a host's median prober/responder delay above this ...
    double busyFactor = 10.0; ///< ... and this many times the fleet's median is a busy host
    /// Natural-log evidence added to a NIC whose own host said its port is down (its agent read the netdev's
    /// operstate/carrier or the RDMA port state, over SSH): the same cells fail whether the NIC or the cable is
    /// at fault, and only the host can tell them apart. e^8: the NIC named at ~0.9997 against its access link.
    double portDownEvidence = 8.0;
    std::uint32_t silentCellProbes = 10; ///< a cell its agent could not send (empty slot) weighs as this many lost
    /// The agents run as services on their hosts (a read of Prometheus), not started over SSH by this program: what
    /// a down agent's finding tells the user to look at.
    bool agentsAsServices = false;
    std::size_t maxFindings = 16;
    std::size_t maxEvidenceCells = 24; ///< failed cells kept per finding, and as many second-pass cells that worked
    std::size_t alternatives = 3;
};

/// Names the faults behind a round's cells (first pass and second pass together, through applyExpectations).
/// `agents` holds each host's agent state (a host missing from it counts as up). Findings come errors first, then
/// by confidence; firstSeen and lastSeen are `now` (the controller keeps firstSeen across rounds). `portsDown`:
/// the endpoints whose own agent said their link was down during the round (endpoint id -> what it read): their
/// NIC is named before the access link that fails the same cells.
std::vector<FabricFinding> localise(const Pinglist& pinglist, const std::vector<CellResult>& cells,
    const std::map<std::string, AgentState>& agents, const LocaliseOptions& options = {},
    Clock::time_point now = Clock::now(), const std::map<std::uint32_t, std::string>& portsDown = {});

/// The troubleshooter's findings on the same hosts that explain a fabric finding (GID, application log, QoS, MTU,
/// VLAN, port rules) go into its `because`, as "ruleId@host".
void joinTroubleshooter(std::vector<FabricFinding>& findings, const std::vector<diag::Finding>& troubleshooter);

} // namespace rp::fabric

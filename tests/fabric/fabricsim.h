// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// A simulated fabric for the fabric check's controller logic: N hosts under R ToRs (linked directly or through a
// spine), each with an rxe-like GID table (link-local v1/v2, IPv4 v1/v2, on some hosts a VLAN pair, on a few a VLAN
// in another subnet) or, for some, no RDMA at all (a UDP endpoint only). One fault is planted and written down as
// the truth; probing a pinglist yields cell results with background loss and RTT jitter, the way agents would
// report them (a timeout where nothing came back, "empty-slot" from an agent whose GID is gone, "agent-down" where
// there is no agent).

#include "fabric/fabric.h"
#include "fabric/pinglist.h"
#include "model/model.h"

#include <cstdint>
#include <map>
#include <random>
#include <string>
#include <vector>

namespace rp::fabricsim {

struct FabricShape
{
    std::size_t hosts = 6;
    std::size_t tors = 2;
    bool spine = false; ///< ToRs reach each other through a spine (else: directly)
    std::size_t udpOnlyEvery = 0; ///< every n-th host has no RDMA (0: none)
    double noiseLoss = 0.001; ///< per probe
    std::uint32_t probesPerCell = 20;
};

enum class FaultKind { None, NicDown, AgentDown, UdpBlocked, AccessLoss, UplinkLoss, TorDown, GidMoved, HostBusy };

std::string toString(FaultKind kind);

struct Fault
{
    FaultKind kind = FaultKind::None;
    std::string host;
    std::string tor;
    std::string uplink;
    int gidIndex = -1;
    double loss = 0.0; ///< per crossing of the faulty link
    fabric::Element truth;
    std::string describe() const;
};

class FabricSim
{
public:
    FabricSim(const FabricShape& shape, std::uint64_t seed);

    const std::vector<HostFacts>& hosts() const { return m_hosts; }
    const fabric::Topology& topology() const { return m_topology; }
    std::vector<std::string> rdmaHosts() const;

    /// Plants one fault of that kind on a random element (chosen with the simulator's generator).
    Fault plant(FaultKind kind);
    Fault plantRandom();
    void setFault(const Fault& fault) { m_fault = fault; }

    /// The agents' reports for these probes over one interval.
    std::vector<fabric::CellResult> probe(
        const fabric::Pinglist& list, const std::vector<fabric::Probe>& probes, bool secondPass);
    std::map<std::string, fabric::AgentState> agents() const;

private:
    double survival(const fabric::Pinglist& list, const fabric::Endpoint& a, const fabric::Endpoint& b,
        fabric::CellResult& cell, bool& dead) const;

    FabricShape m_shape;
    std::mt19937_64 m_rng;
    std::vector<HostFacts> m_hosts;
    fabric::Topology m_topology;
    Fault m_fault;
};

/// One plant run through the whole controller: pinglist, round, second pass, localisation.
struct PlantOutcome
{
    Fault fault;
    std::vector<fabric::FabricFinding> findings;
    bool top1 = false;
    bool top2 = false;
    std::size_t roundCells = 0;
    std::size_t secondPassCells = 0;
};

PlantOutcome runPlant(FabricSim& sim, const Fault& fault, std::size_t crossTorPeers, std::uint64_t seed);

} // namespace rp::fabricsim

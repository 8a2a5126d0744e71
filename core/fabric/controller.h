// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The fabric check's controller: one round over a fleet. It starts an agent on every host through the executors
// (SSH host keys checked as everywhere), gives each its pinglist, collects the cells, runs the second pass in the
// same round, names the faults (localise) and tells a FabricObserver as it goes. An agent that cannot start or dies
// is reported agent-down, its cells too, and never holds the round up beyond its deadline. Cancel stops every
// agent. Without `rdma` the agents probe over UDP only: the RDMA endpoints are left out of the pinglist and every
// cell is a "udp" one. With it, every GID of every RoCE port is an endpoint too (a UD QP on its agent).

#include "counters/hostcounters.h"
#include "error.h"
#include "fabric/agentchannel.h"
#include "fabric/fabric.h"
#include "fabric/localise.h"
#include "fabric/pinglist.h"
#include "fabric/secondpass.h"
#include "inventory/inventory.h"
#include "model/model.h"

#include <atomic>
#include <chrono>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace rp::fabric {

/// A host to probe: how to reach it and what discovery found on it.
struct FabricHost
{
    HostSpec spec;
    HostFacts facts;
};

/// The facts a pinglist is made of: the host named as the inventory names it (agents and findings use one name), with
/// discovery's recommendation filled in. Without RDMA the devices go, so that only UDP endpoints remain (on the
/// address of the recommended GID: UDP then crosses the same netdev as RoCE would). The controller's rounds and the
/// standalone agents' pinglist files (`fabric pinglist`) are made the same way.
HostFacts pinglistFacts(const FabricHost& host, bool rdma);

/// A run's secret: 128 bits from std::random_device as 32 lower-case hex digits (validAgentSecret).
std::string newRunSecret();

struct ControllerOptions
{
    std::string probePath; ///< this machine's rocepilot-probe
    std::string remoteDir = ".cache/rocepilot";
    double durationS = 2.0; ///< the first pass
    double secondPassS = 1.0;
    double intervalS = 0.0; ///< 0: one result per cell and pass
    double rate = kAgentDefaultRate; ///< probes per second per target
    double probeTimeoutS = 0.5; ///< a later reply is lost
    /// How long a phase's results are waited for beyond its length (the replies' timeout, the agents' flush, an
    /// SSH hop, a loaded host); an agent silent past it is agent-down. A watch takes less: it is its detection time.
    double phaseSlackS = 10.0;
    /// An agent still silent this long after its phase's last replies were due is asked about over SSH beside the
    /// wait: stopped, gone, or its host unreachable, it is given up then instead of at the slack's end.
    double lateAskS = 0.5;
    bool rdma = false; ///< probe every GID over RDMA UD besides UDP (hosts with RoCE ports)
    std::chrono::milliseconds startTimeout { 30000 }; ///< connect, copy the probe, start, ready
    std::chrono::milliseconds stopGrace { 2000 };
    /// An agent whose stdin stays silent this long exits (keepalives go out every third of it): a link that drops
    /// without closing the SSH connection leaves no agent behind for longer.
    double agentIdleS = 30.0;
    /// A watch starts an agent that went down again at most this often (an unreachable host costs a connect
    /// timeout each time).
    std::chrono::milliseconds restartPause { 10000 };
    /// A port its agent said down and then up again still counts as down this long: traffic needs a few seconds
    /// more (neighbours resolved again, the GID table and routes re-made), and its cells' losses are the bounce's,
    /// not the cable's.
    double portSettleS = 10.0;
    /// A watch asks it for a host whose agent said one of its GIDs left the port's table (the address changed, was
    /// re-added elsewhere, or the netdev was renumbered): the host's facts now. When its GIDs differ from those the
    /// pinglist was made of, the pinglist is made anew and every agent restarted on it before the next round (peers
    /// need the new GIDs as targets). Empty: the lost GID stays a port-down finding until the watch is restarted.
    std::function<Result<HostFacts>(const HostSpec&)> rediscover;
    /// A host is discovered again at most this often (a GID that stays gone costs a discovery each time).
    std::chrono::milliseconds rediscoverPause { 20000 };
    PinglistOptions pinglist;
    SecondPassOptions secondPass;
    LocaliseOptions localise;
    std::vector<diag::Finding> troubleshooter; ///< joined into the findings' `because`
};

/// Everything one round found.
struct FabricRound
{
    Pinglist pinglist;
    std::vector<CellResult> cells; ///< first pass, then second pass
    RoundSummary summary;
    std::map<std::string, AgentState> agents; ///< the state each agent was in when the round was judged
    std::map<std::string, std::string> agentDetail; ///< why an agent is down
    std::map<std::string, double> agentCpuPercent; ///< of one core, over the first pass
    std::map<std::string, double> agentRate; ///< probes/s per target each agent used in the first pass
    /// Each host's RoCE counters over the first pass, as its agent read them (hosts that have any).
    std::map<std::string, counters::HostCounters> hostCounters;
    double startSeconds = 0.0; ///< until every agent was ready or given up (the first round of a run)
    /// Where the round's time went, so a slow round says which part was slow (seconds; start is startSeconds).
    struct Timing
    {
        double firstPass = 0.0; ///< pinglists sent, probes and every agent's results (or the phase's deadline)
        double secondPass = 0.0; ///< the same for the second pass; 0 when nothing failed
        double judge = 0.0; ///< localisation and the troubleshooter's join
    } timing;
    /// Endpoints whose own agent said their link was down during the round (endpoint id -> what it read): localise
    /// names their NIC, not the cable.
    std::map<std::uint32_t, std::string> portsDown;
    std::vector<std::string> raised; ///< ids of the findings new or changed since the run's last round
    std::vector<std::string> cleared; ///< ids of the last round's findings this one no longer names
    /// Hosts discovered again before this round because a GID of theirs left its table, and what changed; when any
    /// is here, this round's pinglist is a new one and every agent was restarted on it.
    std::vector<std::pair<std::string, std::string>> rediscovered;
};

/// Why each agent is down, as its source knows it (the controller: its exit, a refused login, a hung agent on a host
/// that still answers; Prometheus: its series gone or old), put first in each host-agent finding's evidence and said
/// in its explanation: the probes alone cannot say. `source` names who said it ("controller", "Prometheus").
void explainAgentFindings(
    std::vector<FabricFinding>& findings, const std::map<std::string, std::string>& agentDetail, const char* source);

/// What changed since the last round (`last`: its findings by id, updated here): each finding keeps the firstSeen of
/// the one it continues; FabricRound::raised gets those new or changed (confidence by more than 0.05, title or
/// severity), ::cleared those no longer named. The controller's and any other source of rounds' one rule.
void noteChanges(std::map<std::string, FabricFinding>& last, std::vector<FabricFinding>& findings, FabricRound& round);

class Controller
{
public:
    Controller(std::vector<FabricHost> hosts, Topology topology, ExecutorFactory factory, ControllerOptions options);
    ~Controller(); ///< stops every agent still running
    Controller(const Controller&) = delete;
    Controller& operator=(const Controller&) = delete;

    /// One round: start(), nextRound(), stop(). Fails with Validation on an empty or repeated host list, Cancelled
    /// when `cancel` turned true (every agent stopped by then); an agent that fails is a value in the round, not an
    /// error.
    Result<FabricRound> runRound(FabricObserver* observer = nullptr, const std::atomic<bool>* cancel = nullptr);

    /// A watch: the pinglist is made once and an agent started on every host, living at most `lifetime` (each
    /// exits by itself then, and whenever its SSH channel closes). Returns when every agent is ready or given up.
    Result<void> start(FabricObserver* observer, const std::atomic<bool>* cancel, std::chrono::milliseconds lifetime);
    /// One round on the running agents (both passes, localised); agents that went down are started again first.
    /// Findings are compared with the last round's: FabricRound::raised and ::cleared, and the observer told.
    Result<FabricRound> nextRound();
    /// Stops every agent (asked, then their channels closed after the grace). Safe to call twice.
    void stop();
    const Pinglist& pinglist() const { return m_pinglist; }

private:
    class Fleet;
    /// The pinglist of m_hosts, and the agents started on it (start, and a watch's restart on new GIDs).
    Result<void> startFleet(std::chrono::milliseconds lifetime);
    /// Hosts whose agent said a GID of theirs left its table, discovered again; those whose GIDs changed are
    /// updated in m_hosts and returned with what changed.
    std::vector<std::pair<std::string, std::string>> rediscoverLostGids();
    std::vector<FabricHost> m_hosts;
    Topology m_topology;
    ExecutorFactory m_factory;
    ControllerOptions m_options;
    std::uint64_t m_round = 0;
    Pinglist m_pinglist;
    FabricObserver* m_observer = nullptr;
    const std::atomic<bool>* m_cancel = nullptr;
    std::unique_ptr<Fleet> m_fleet;
    double m_startSeconds = 0.0;
    std::map<std::string, FabricFinding> m_raised; ///< the last round's findings by id
    std::chrono::steady_clock::time_point m_lifetimeEnd {}; ///< when the watch's agents exit by themselves
    std::map<std::uint32_t, std::string> m_lastPortsDown; ///< the last round's
    std::map<std::string, std::chrono::steady_clock::time_point> m_rediscoveredAt;
};

} // namespace rp::fabric

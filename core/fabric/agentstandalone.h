// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The agent without a controller (`rocepilot-probe agent --standalone FILE`, a systemd service): the same loop as
// the controller-driven agent (runAgent), fed from a pinglist file instead of stdin. It serves the host's endpoints
// (UDP on the file's fixed port), then probes its targets phase after phase, each phase one interval long, and hands
// every finished phase to an observer (the metrics endpoint). RDMA targets learn their peer's QPN from the peer's
// directory (a query packet over UDP, answered only with the run's secret) and ask again when a target stops
// answering: a restarted peer has a new QPN. It runs until `*stop` (SIGTERM).

#include "fabric/agentpinglist.h"
#include "fabric/agentprotocol.h"

#include <atomic>
#include <chrono>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace rp::fabric {

class ProbeTransport;

/// One finished phase: a cell per target (the file's order), what the agent used and how long it took.
struct StandalonePhase
{
    std::uint64_t phase = 0;
    std::vector<AgentCell> cells;
    std::chrono::system_clock::time_point ended {};
    double intervalS = 0.0;
    double cpuPercent = 0.0; ///< of one core, over the phase
    double rate = 0.0; ///< probes per second per target it used (lower on a loaded host)
    std::size_t unresolved = 0; ///< RDMA targets whose peer's QPN was not known: counted lost, not sent
    std::optional<counters::HostCounters> counters; ///< the host's RoCE counters over the phase, when it has any
};

class StandaloneObserver
{
public:
    virtual ~StandaloneObserver() = default;
    /// Once, after the endpoints were opened: each with its UDP port or QPN, or why it is not served.
    virtual void served(const std::vector<AgentReadyEndpoint>&) { }
    virtual void link(const std::vector<AgentLinkEndpoint>&) { }
    virtual void phase(const StandalonePhase&) { }
    /// A line worth the service's log (an endpoint that could not be served, a peer's directory that answered).
    virtual void log(const std::string&) { }
};

struct StandaloneIo
{
    std::string version;
    const std::atomic<bool>* stop = nullptr;
    StandaloneObserver* observer = nullptr;
    /// Makes the transport for the file's mode and secret (UdpProber or UdQpProber on the file's fixed port).
    std::function<std::unique_ptr<ProbeTransport>(const AgentPinglistFile&, std::string& why)> transportFor;
    std::string sysfsRoot = "/sys";
};

/// Runs until `*stop`. 0 after a stop; 1 when the host's UDP endpoint could not be opened (the port is taken, the
/// address is not this host's) or the loop failed, with the reason told to the observer's log.
int runStandaloneAgent(const AgentPinglistFile& file, const StandaloneIo& io);

} // namespace rp::fabric

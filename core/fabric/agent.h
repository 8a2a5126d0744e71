// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The fabric agent (`rocepilot-probe agent`): one per host, started over SSH by the controller. It reads the
// controller's lines on `inFd` (hello with the run's secret, the endpoints to serve, pinglists, stop), answers every
// probe that carries the secret, probes its targets at a limited rate and reports per interval. It ends on stop, at
// EOF of `inFd` (the controller or the link went away), on `*stop` (a signal), when its output is gone, and at the
// hello's lifetime, whichever comes first: it never stays behind.

#include "fabric/agentprotocol.h"

#include <atomic>
#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace rp::fabric {

class ProbeTransport;

struct AgentIo
{
    int inFd = 0;
    std::string version; ///< the probe's, said in ready
    int pid = 0; ///< this process's id, said in ready (0: not said)
    /// Writes one message (a line); false when the output is gone.
    std::function<bool(const AgentMessage&)> output;
    const std::atomic<bool>* stop = nullptr;
    /// Makes the transport once the hello named the mode and secret; nothing (with `why`) when it cannot.
    std::function<std::unique_ptr<ProbeTransport>(const AgentHello&, std::string& why)> transportFor;
    /// Without a controller (inFd < 0, nothing read): asked every turn of the loop for the messages to handle next,
    /// as if they had come on inFd (the standalone agent, agentstandalone.h).
    std::function<void(std::vector<AgentMessage>&)> feed;
    /// Where the endpoints' netdevs' operstate and carrier are read (ROOT/class/net/NETDEV/...); tests give a fake.
    std::string sysfsRoot = "/sys";
};

/// A netdev's link from its sysfs files (ROOT/class/net/NETDEV/operstate and carrier, bounded reads): down when
/// operstate says down or the carrier is 0, up when it says up (or unknown with a carrier), else unknown. `detail`
/// says what was read.
LinkState readNetdevLink(const std::string& sysfsRoot, const std::string& netdev, std::string& detail);

/// Runs until one of the ends above. 0 after stop or EOF, 1 after a protocol or setup error (an error line says
/// why).
int runAgent(const AgentIo& io);

/// The probes of a phase a host may send per second per target: the asked rate, lowered while the host's load
/// average is above its CPUs (the agent must not add to a busy host's trouble), never below a tenth of it.
double agentRate(double asked, double loadAverage, unsigned cpus);

} // namespace rp::fabric

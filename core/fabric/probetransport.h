// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// What the fabric agent probes over: UDP sockets (UdpProber) or UD QPs (UdQpProber). Each served endpoint is a
// responder and a prober at once. The agent owns the schedule, the counting and the intervals; a transport sends
// one probe, answers the probes that carry the run's secret and hands back each reply's times.

#include "fabric/agentprotocol.h"

#include <cerrno>
#include <cstddef>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace rp::fabric {

/// One reply, its round trip split: network (the responder's time taken out), prober delay (the reply waited on
/// the prober's host before the agent saw it), responder delay (the probe waited on the responder's host).
struct ReplyTimes
{
    std::uint32_t from = 0;
    std::uint32_t to = 0;
    std::uint64_t seq = 0;
    double rttUs = 0.0;
    double proberDelayUs = 0.0;
    double responderDelayUs = 0.0;
};

/// A peer's probe this host answered, and how long it waited on this host between its arrival and the reply as far
/// as the transport can tell (UDP: from the kernel's receive time; a UD QP has none, so 0).
struct AnsweredProbe
{
    std::uint32_t from = 0;
    std::uint32_t to = 0;
    double heldUs = 0.0;
};

/// Answered probes a transport keeps between two takeAnswered calls; more are not recorded (the agent takes them
/// every turn of its loop, so only a flood of them could reach this).
inline constexpr std::size_t kMaxAnsweredKept = std::size_t { 1 } << 16;

class ProbeTransport
{
public:
    virtual ~ProbeTransport() = default;
    virtual AgentMode mode() const = 0;
    /// Opens the endpoints; each comes back with its address for peers (UDP port, QPN) or why it is not served.
    virtual std::vector<AgentReadyEndpoint> serve(const std::vector<AgentEndpoint>& endpoints) = 0;
    /// Descriptors that turn readable when something arrived.
    virtual std::vector<int> fds() const = 0;
    /// Handles everything that arrived: answers valid probes at once, appends the replies to ours.
    virtual void receive(std::vector<ReplyTimes>& replies) = 0;
    /// The peers' probes answered since the last call (by receive), appended to `out`.
    virtual void takeAnswered(std::vector<AnsweredProbe>& /*out*/) { }
    /// Sends one probe of `target` (its `from` is one of ours). 0, or the errno that stopped it (EPERM: a firewall).
    virtual int send(const AgentTarget& target, std::uint64_t seq) = 0;
    /// The RDMA endpoints' ports now (state, where the GID sits, the QPN), after rebinding what a port bounce broke
    /// (a QP in error, a GID that moved, stale address handles). Called about twice a second; UDP has none.
    virtual std::vector<AgentLinkEndpoint> checkPorts() { return {}; }
    /// The standalone agent's directory: asks the peer host's UDP endpoint at `address`:`udpPort` which QPN serves
    /// its endpoint `endpoint`. 0, or the errno that stopped it (a UDP-only transport asks nothing: ENOTSUP).
    virtual int askDirectory(std::uint32_t /*endpoint*/, const std::string& /*address*/, int /*udpPort*/)
    {
        return ENOTSUP;
    }
    /// The directory answers that arrived since the last call: (endpoint, QPN).
    virtual std::vector<std::pair<std::uint32_t, std::uint32_t>> takeDirectoryAnswers() { return {}; }
};

} // namespace rp::fabric

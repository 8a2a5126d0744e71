// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The fabric agent's UDP transport: one socket per endpoint, bound to the endpoint's address on a port the kernel
// picks (the controller tells peers which). Kernel receive timestamps (SO_TIMESTAMPNS) mark when a packet reached
// the host, so the time it then waited for the agent is the host's delay, not the network's.

#include "fabric/probepacket.h"
#include "fabric/probetransport.h"
#include "util/uniquefd.h"

#include <cstdint>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include <sys/socket.h>

namespace rp::fabric {

class UdpProber final : public ProbeTransport
{
public:
    explicit UdpProber(const ProbeSecret& secret);

    AgentMode mode() const override { return AgentMode::Udp; }
    std::vector<AgentReadyEndpoint> serve(const std::vector<AgentEndpoint>& endpoints) override;
    std::vector<int> fds() const override;
    void receive(std::vector<ReplyTimes>& replies) override;
    int send(const AgentTarget& target, std::uint64_t seq) override;

    /// Probes dropped for a wrong secret, size or version: a stranger's packets, never answered.
    std::uint64_t dropped() const { return m_dropped; }

private:
    struct Socket
    {
        std::uint32_t id = 0;
        UniqueFd fd;
        int family = 0;
    };
    struct Peer
    {
        sockaddr_storage address {};
        socklen_t length = 0;
    };

    void drain(Socket& socket, std::vector<ReplyTimes>& replies);
    const Peer* peerOf(const AgentTarget& target);

    ProbeSecret m_secret;
    std::vector<Socket> m_sockets;
    std::map<std::uint32_t, std::size_t> m_socketOf; ///< endpoint id -> m_sockets index
    std::map<std::pair<std::string, int>, Peer> m_peers;
    std::uint64_t m_dropped = 0;
};

} // namespace rp::fabric

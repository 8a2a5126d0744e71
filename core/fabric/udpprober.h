// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The fabric agent's UDP transport: one socket per endpoint, bound to the endpoint's address on a port the kernel
// picks (the controller tells peers which), or on a fixed port (a standalone agent: its peers read the port from
// their pinglist files). The sockets also carry the standalone agent's directory: queries for the QPN of this host's
// RDMA endpoints are answered from `directory`, and answers to this agent's own queries are kept for the caller. Kernel
// receive timestamps (SO_TIMESTAMPNS) mark when a packet reached the host, so the time it then waited for the agent is
// the host's delay, not the network's.

#include "fabric/probepacket.h"
#include "fabric/probetransport.h"
#include "util/uniquefd.h"

#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <sys/socket.h>

namespace rp::fabric {

class UdpProber final : public ProbeTransport
{
public:
    /// `fixedPort` 0: the kernel picks one per endpoint.
    explicit UdpProber(const ProbeSecret& secret, int fixedPort = 0);

    AgentMode mode() const override { return AgentMode::Udp; }
    std::vector<AgentReadyEndpoint> serve(const std::vector<AgentEndpoint>& endpoints) override;
    std::vector<int> fds() const override;
    void receive(std::vector<ReplyTimes>& replies) override;
    void takeAnswered(std::vector<AnsweredProbe>& out) override;
    int send(const AgentTarget& target, std::uint64_t seq) override;
    int askDirectory(std::uint32_t endpoint, const std::string& address, int udpPort) override;
    std::vector<std::pair<std::uint32_t, std::uint32_t>> takeDirectoryAnswers() override;

    /// Which QPN serves one of this host's endpoints now (nothing: not served here, or not now).
    using Directory = std::function<std::optional<std::uint32_t>(std::uint32_t endpoint)>;
    void setDirectory(Directory directory) { m_directory = std::move(directory); }

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

    void answerQuery(Socket& socket, ProbePacket& packet, const sockaddr_storage& source, socklen_t length);

    ProbeSecret m_secret;
    int m_fixedPort = 0;
    Directory m_directory;
    std::vector<std::pair<std::uint32_t, std::uint32_t>> m_answers;
    std::uint64_t m_querySeq = 0;
    std::vector<Socket> m_sockets;
    std::map<std::uint32_t, std::size_t> m_socketOf; ///< endpoint id -> m_sockets index
    std::map<std::pair<std::string, int>, Peer> m_peers;
    std::uint64_t m_dropped = 0;
    std::vector<AnsweredProbe> m_answered;
};

} // namespace rp::fabric

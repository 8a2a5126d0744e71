// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The fabric agent's RDMA transport: one UD QP per served GID (device, port, GID index), RDMA UD sends to the
// peers' QPs through an address handle per (our GID, their GID). Times: t1 at post, the send completion (the
// prober's own delay before the probe left), t2 when the responder polled the receive, t3 at its reply post, t4
// when the prober polled the reply. The host's UDP endpoints are served beside it by a UdpProber, so one agent
// answers "UDP works but RDMA does not".

#include "fabric/probepacket.h"
#include "fabric/probetransport.h"
#include "fabric/udpprober.h"

#include <cstdint>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <unordered_map>
#include <vector>

struct ibv_ah;

namespace rp::fabric {

class UdQpProber final : public ProbeTransport
{
public:
    /// `qkey`: the run's (from its secret), the same on every agent. `udpPort`: the fixed port of the UDP endpoints
    /// beside the QPs (0: the kernel picks).
    UdQpProber(const ProbeSecret& secret, std::uint32_t qkey, int udpPort = 0);
    ~UdQpProber() override;
    UdQpProber(const UdQpProber&) = delete;
    UdQpProber& operator=(const UdQpProber&) = delete;

    AgentMode mode() const override { return AgentMode::Rdma; }
    std::vector<AgentReadyEndpoint> serve(const std::vector<AgentEndpoint>& endpoints) override;
    std::vector<int> fds() const override;
    void receive(std::vector<ReplyTimes>& replies) override;
    void takeAnswered(std::vector<AnsweredProbe>& out) override;
    int send(const AgentTarget& target, std::uint64_t seq) override;
    int askDirectory(std::uint32_t endpoint, const std::string& address, int udpPort) override
    {
        return m_udp.askDirectory(endpoint, address, udpPort);
    }
    std::vector<std::pair<std::uint32_t, std::uint32_t>> takeDirectoryAnswers() override
    {
        return m_udp.takeDirectoryAnswers();
    }
    /// Each queue's port and GID looked at: a port that is not ACTIVE is down; once it is ACTIVE again, a QP that
    /// fell into error (rxe fails a UD QP whose send could not leave a down port), a GID that moved to another index
    /// (the table is rebuilt when the netdev bounces) or address handles made before the bounce are rebound: the QP
    /// reset and brought back to RTS (its QPN kept), its receives posted again, the handles dropped. A GID that is
    /// in the table no more is down.
    std::vector<AgentLinkEndpoint> checkPorts() override;

private:
    struct Device;
    struct Queue;

    Device* device(const std::string& name, std::string& why);
    std::string openQueue(Queue& q);
    void poll(Device& d, std::vector<ReplyTimes>& replies);
    void onReceive(Queue& q, std::uint32_t slot, const void* wc, std::vector<ReplyTimes>& replies);
    int post(Queue& q, ibv_ah* ah, std::uint32_t qpn, const ProbePacket& packet);
    /// Brings the queue's QP from any state back to RTS with its receives posted; empty, or why not.
    std::string bringUp(Queue& q);
    std::string rebind(Queue& q);
    /// How well entry `index` of the queue's port is the GID it serves: 0 another (or none), 1 the value, 2 and the
    /// type, 3 and the netdev (an attribute the kernel did not give when it was served counts as the same).
    int matchAt(const Queue& q, int index) const;
    /// The index the queue's GID sits at now (-1: gone) among the port's first `slots` entries.
    int findMoved(const Queue& q, int slots) const;
    ibv_ah* targetAh(Queue& q, const std::string& gid, int& err);

    ProbeSecret m_secret;
    std::uint32_t m_qkey;
    UdpProber m_udp;
    std::set<std::uint32_t> m_udpIds;
    std::vector<std::unique_ptr<Device>> m_devices;
    std::vector<std::unique_ptr<Queue>> m_queues;
    std::map<std::uint32_t, std::size_t> m_queueOf; ///< endpoint id -> m_queues index
    std::unordered_map<std::uint64_t, std::uint64_t> m_sendDoneNs; ///< seq -> when its send completed
    std::vector<AnsweredProbe> m_answered;
};

/// The run's Q_Key from its secret: the same on every agent, high bit clear (a set one is a privileged Q_Key).
std::uint32_t probeQkey(const ProbeSecret& secret);

} // namespace rp::fabric

// SPDX-License-Identifier: GPL-3.0-or-later
#include "fabric/udpprober.h"

#include <algorithm>
#include <array>
#include <cerrno>
#include <cstring>
#include <ctime>
#include <system_error>

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/uio.h>

namespace rp::fabric {
namespace {

constexpr int kReceiveBuffer = 2 << 20;

std::uint64_t realtimeNs()
{
    timespec ts {};
    ::clock_gettime(CLOCK_REALTIME, &ts);
    return static_cast<std::uint64_t>(ts.tv_sec) * 1'000'000'000ull + static_cast<std::uint64_t>(ts.tv_nsec);
}

/// Fills `out` from a numeric address and port; false for anything else.
bool udpSockaddr(const std::string& address, int port, sockaddr_storage& out, socklen_t& length)
{
    std::memset(&out, 0, sizeof out);
    auto* v4 = reinterpret_cast<sockaddr_in*>(&out);
    if (::inet_pton(AF_INET, address.c_str(), &v4->sin_addr) == 1) {
        v4->sin_family = AF_INET;
        v4->sin_port = htons(static_cast<std::uint16_t>(port));
        length = sizeof(sockaddr_in);
        return true;
    }
    auto* v6 = reinterpret_cast<sockaddr_in6*>(&out);
    if (::inet_pton(AF_INET6, address.c_str(), &v6->sin6_addr) == 1) {
        v6->sin6_family = AF_INET6;
        v6->sin6_port = htons(static_cast<std::uint16_t>(port));
        length = sizeof(sockaddr_in6);
        return true;
    }
    return false;
}

double usBetween(std::uint64_t earlier, std::uint64_t later)
{
    return later > earlier ? static_cast<double>(later - earlier) / 1000.0 : 0.0;
}

} // namespace

/// Answers kept at most: a flood of answers (from a peer that has the secret) cannot grow the list without bound.
constexpr std::size_t kMaxAnswers = 65536;

UdpProber::UdpProber(const ProbeSecret& secret, int fixedPort)
    : m_secret(secret)
    , m_fixedPort(fixedPort)
{ }

std::vector<AgentReadyEndpoint> UdpProber::serve(const std::vector<AgentEndpoint>& endpoints)
{
    std::vector<AgentReadyEndpoint> out;
    for (const auto& e : endpoints) {
        AgentReadyEndpoint ready;
        ready.id = e.id;
        if (e.device != "udp") {
            ready.error = "a UDP agent serves only udp endpoints";
            out.push_back(std::move(ready));
            continue;
        }
        sockaddr_storage address {};
        socklen_t length = 0;
        if (!udpSockaddr(e.address, m_fixedPort, address, length)) {
            ready.error = "'" + e.address + "' is not a numeric address";
            out.push_back(std::move(ready));
            continue;
        }
        Socket s;
        s.id = e.id;
        s.family = address.ss_family;
        s.fd.reset(::socket(s.family, SOCK_DGRAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0));
        const int on = 1;
        if (!s.fd.valid() || ::setsockopt(s.fd.get(), SOL_SOCKET, SO_TIMESTAMPNS, &on, sizeof on) != 0
            || ::bind(s.fd.get(), reinterpret_cast<const sockaddr*>(&address), length) != 0) {
            ready.error = "cannot open a UDP socket on " + e.address
                + (m_fixedPort > 0 ? " port " + std::to_string(m_fixedPort) : std::string()) + ": "
                + std::system_category().message(errno);
            out.push_back(std::move(ready));
            continue;
        }
        // The default buffer holds a few hundred probes: a host that cannot run for a second drops more than that,
        // and the probers would count them as the network's loss. Root may go past rmem_max; others get the most
        // the kernel allows. Neither is an error: the probes still flow.
        const int buffer = kReceiveBuffer;
        if (::setsockopt(s.fd.get(), SOL_SOCKET, SO_RCVBUFFORCE, &buffer, sizeof buffer) != 0)
            (void)::setsockopt(s.fd.get(), SOL_SOCKET, SO_RCVBUF, &buffer, sizeof buffer);
        sockaddr_storage bound {};
        socklen_t boundLength = sizeof bound;
        if (::getsockname(s.fd.get(), reinterpret_cast<sockaddr*>(&bound), &boundLength) != 0) {
            ready.error = std::string("getsockname failed: ") + std::system_category().message(errno);
            out.push_back(std::move(ready));
            continue;
        }
        ready.udpPort = ntohs(bound.ss_family == AF_INET ? reinterpret_cast<sockaddr_in*>(&bound)->sin_port
                                                         : reinterpret_cast<sockaddr_in6*>(&bound)->sin6_port);
        m_socketOf[e.id] = m_sockets.size();
        m_sockets.push_back(std::move(s));
        out.push_back(std::move(ready));
    }
    return out;
}

std::vector<int> UdpProber::fds() const
{
    std::vector<int> out;
    out.reserve(m_sockets.size());
    for (const auto& s : m_sockets)
        out.push_back(s.fd.get());
    return out;
}

void UdpProber::receive(std::vector<ReplyTimes>& replies)
{
    for (auto& s : m_sockets)
        drain(s, replies);
}

void UdpProber::drain(Socket& socket, std::vector<ReplyTimes>& replies)
{
    // A bounded batch per call: a flood on one socket cannot starve the others or the controller's channel.
    for (int n = 0; n < 256; ++n) {
        std::array<std::uint8_t, 256> data {};
        std::array<char, CMSG_SPACE(sizeof(timespec))> control {};
        sockaddr_storage source {};
        iovec iov { data.data(), data.size() };
        msghdr msg {};
        msg.msg_name = &source;
        msg.msg_namelen = sizeof source;
        msg.msg_iov = &iov;
        msg.msg_iovlen = 1;
        msg.msg_control = control.data();
        msg.msg_controllen = control.size();
        const ssize_t got = ::recvmsg(socket.fd.get(), &msg, MSG_DONTWAIT);
        if (got < 0)
            return; // EAGAIN: drained; anything else (an ICMP error) says nothing a timeout will not
        const std::uint64_t userNs = realtimeNs();
        std::uint64_t kernelNs = userNs;
        for (cmsghdr* c = CMSG_FIRSTHDR(&msg); c; c = CMSG_NXTHDR(&msg, c)) {
            if (c->cmsg_level == SOL_SOCKET && c->cmsg_type == SCM_TIMESTAMPNS) {
                timespec ts {};
                std::memcpy(&ts, CMSG_DATA(c), sizeof ts);
                kernelNs
                    = static_cast<std::uint64_t>(ts.tv_sec) * 1'000'000'000ull + static_cast<std::uint64_t>(ts.tv_nsec);
            }
        }
        auto packet = ProbePacket::read(data.data(), static_cast<std::size_t>(got), m_secret);
        if (!packet) {
            ++m_dropped;
            continue;
        }
        if (packet->kind == ProbePacket::Kind::Query) {
            answerQuery(socket, *packet, source, msg.msg_namelen);
            continue;
        }
        if (packet->kind == ProbePacket::Kind::Answer) {
            if (m_answers.size() < kMaxAnswers && packet->qpn != 0)
                m_answers.emplace_back(packet->to, packet->qpn);
            continue;
        }
        if (packet->kind == ProbePacket::Kind::Probe) {
            if (packet->to != socket.id) {
                ++m_dropped;
                continue;
            }
            packet->kind = ProbePacket::Kind::Reply;
            packet->t2Ns = kernelNs;
            packet->t3Ns = realtimeNs();
            std::array<std::uint8_t, ProbePacket::kSize> reply {};
            packet->write(reply.data());
            (void)::sendto(socket.fd.get(), reply.data(), reply.size(), MSG_DONTWAIT,
                reinterpret_cast<const sockaddr*>(&source), msg.msg_namelen);
            if (m_answered.size() < kMaxAnsweredKept)
                m_answered.push_back({ packet->from, packet->to, usBetween(packet->t2Ns, packet->t3Ns) });
            continue;
        }
        if (packet->from != socket.id) {
            ++m_dropped;
            continue;
        }
        ReplyTimes r;
        r.from = packet->from;
        r.to = packet->to;
        r.seq = packet->seq;
        const double responderUs = usBetween(packet->t2Ns, packet->t3Ns);
        r.responderDelayUs = responderUs;
        const double wholeUs = usBetween(packet->t1Ns, kernelNs);
        r.rttUs = wholeUs > responderUs ? wholeUs - responderUs : 0.0;
        r.proberDelayUs = usBetween(kernelNs, userNs);
        replies.push_back(r);
    }
}

void UdpProber::answerQuery(Socket& socket, ProbePacket& packet, const sockaddr_storage& source, socklen_t length)
{
    // Nothing is said about an endpoint this host does not serve: the asker counts its target lost until it is.
    const auto qpn = m_directory ? m_directory(packet.to) : std::nullopt;
    if (!qpn) {
        ++m_dropped;
        return;
    }
    packet.kind = ProbePacket::Kind::Answer;
    packet.qpn = *qpn;
    std::array<std::uint8_t, ProbePacket::kSize> reply {};
    packet.write(reply.data());
    (void)::sendto(
        socket.fd.get(), reply.data(), reply.size(), MSG_DONTWAIT, reinterpret_cast<const sockaddr*>(&source), length);
}

int UdpProber::askDirectory(std::uint32_t endpoint, const std::string& address, int udpPort)
{
    sockaddr_storage peer {};
    socklen_t length = 0;
    if (!udpSockaddr(address, udpPort, peer, length))
        return EINVAL;
    // Any of this host's sockets of the peer's family asks: the answer comes back to it and is kept for the caller.
    auto socket = std::ranges::find(m_sockets, static_cast<int>(peer.ss_family), &Socket::family);
    if (socket == m_sockets.end())
        return EAFNOSUPPORT;
    ProbePacket packet;
    packet.kind = ProbePacket::Kind::Query;
    packet.secret = m_secret;
    packet.from = socket->id;
    packet.to = endpoint;
    packet.seq = ++m_querySeq;
    std::array<std::uint8_t, ProbePacket::kSize> data {};
    packet.write(data.data());
    const ssize_t put = ::sendto(
        socket->fd.get(), data.data(), data.size(), MSG_DONTWAIT, reinterpret_cast<const sockaddr*>(&peer), length);
    return put == static_cast<ssize_t>(data.size()) ? 0 : (put < 0 ? errno : EMSGSIZE);
}

std::vector<std::pair<std::uint32_t, std::uint32_t>> UdpProber::takeDirectoryAnswers()
{
    return std::exchange(m_answers, {});
}

const UdpProber::Peer* UdpProber::peerOf(const AgentTarget& target)
{
    auto key = std::make_pair(target.address, target.udpPort);
    auto it = m_peers.find(key);
    if (it != m_peers.end())
        return &it->second;
    Peer peer;
    if (!udpSockaddr(target.address, target.udpPort, peer.address, peer.length))
        return nullptr;
    return &m_peers.emplace(std::move(key), peer).first->second;
}

void UdpProber::takeAnswered(std::vector<AnsweredProbe>& out)
{
    out.insert(out.end(), m_answered.begin(), m_answered.end());
    m_answered.clear();
}

int UdpProber::send(const AgentTarget& target, std::uint64_t seq)
{
    auto it = m_socketOf.find(target.from);
    if (it == m_socketOf.end())
        return EBADF;
    const Peer* peer = peerOf(target);
    if (!peer)
        return EINVAL;
    auto& socket = m_sockets[it->second];
    if (peer->address.ss_family != socket.family)
        return EAFNOSUPPORT;
    ProbePacket packet;
    packet.kind = ProbePacket::Kind::Probe;
    packet.secret = m_secret;
    packet.from = target.from;
    packet.to = target.to;
    packet.seq = seq;
    packet.t1Ns = realtimeNs();
    std::array<std::uint8_t, ProbePacket::kSize> data {};
    packet.write(data.data());
    const ssize_t put = ::sendto(socket.fd.get(), data.data(), data.size(), MSG_DONTWAIT,
        reinterpret_cast<const sockaddr*>(&peer->address), peer->length);
    return put == static_cast<ssize_t>(data.size()) ? 0 : (put < 0 ? errno : EMSGSIZE);
}

} // namespace rp::fabric

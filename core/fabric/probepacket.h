// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// One fabric probe on the wire (UDP payload or UD send): 64 bytes, little-endian, carrying the run's secret so a
// responder answers only its own controller's agents, and the timestamps that split a round trip into the network
// and the two hosts: t1 when the prober sent it, t2 when the responder's kernel (or CQ) got it, t3 when the responder
// replied. The prober adds its own receive times; the reply echoes t1, so the prober keeps no per-probe clock.
//
// A standalone agent (no controller to pass QP numbers around) asks a peer's directory over UDP which QPN serves one
// of the peer's endpoints: a Query names the endpoint in `to`, the Answer echoes it with `qpn` (in t2's place). Both
// carry the secret like a probe, so a host without it learns nothing.

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>

namespace rp::fabric {

using ProbeSecret = std::array<std::uint8_t, 16>;

struct ProbePacket
{
    static constexpr std::size_t kSize = 64;
    enum class Kind : std::uint8_t { Probe = 1, Reply = 2, Query = 3, Answer = 4 };

    Kind kind = Kind::Probe;
    ProbeSecret secret {};
    std::uint32_t from = 0; ///< the prober's endpoint id
    std::uint32_t to = 0; ///< the responder's endpoint id
    std::uint64_t seq = 0;
    std::uint64_t t1Ns = 0; ///< prober's clock at send
    std::uint64_t t2Ns = 0; ///< responder's clock at receive
    std::uint64_t t3Ns = 0; ///< responder's clock at reply
    std::uint32_t qpn = 0; ///< an Answer's: the UD QP that serves `to` (0: none); written where t2 goes

    void write(std::uint8_t* out) const;
    /// Nothing for a packet of another size, magic or version, or whose secret differs (compared in constant time).
    static std::optional<ProbePacket> read(const std::uint8_t* data, std::size_t size, const ProbeSecret& secret);
};

/// The 32 hex digits of a run secret as bytes (the caller validated them: validAgentSecret).
ProbeSecret probeSecretFromHex(const char* hex32);

} // namespace rp::fabric

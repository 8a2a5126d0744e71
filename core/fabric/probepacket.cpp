// SPDX-License-Identifier: GPL-3.0-or-later
#include "fabric/probepacket.h"

#include "util/littleendian.h"

#include <cstring>

namespace rp::fabric {
namespace {

constexpr std::uint8_t kMagic[4] = { 'R', 'P', 'F', 'A' };
constexpr std::uint8_t kVersion = 1;

} // namespace

void ProbePacket::write(std::uint8_t* out) const
{
    std::memset(out, 0, kSize);
    std::memcpy(out, kMagic, 4);
    out[4] = kVersion;
    out[5] = static_cast<std::uint8_t>(kind);
    std::memcpy(out + 8, secret.data(), secret.size());
    putLe<std::uint32_t>(out + 24, from);
    putLe<std::uint32_t>(out + 28, to);
    putLe<std::uint64_t>(out + 32, seq);
    putLe<std::uint64_t>(out + 40, t1Ns);
    const bool directory = kind == Kind::Query || kind == Kind::Answer;
    putLe<std::uint64_t>(out + 48, directory ? std::uint64_t { qpn } : t2Ns);
    putLe<std::uint64_t>(out + 56, t3Ns);
}

std::optional<ProbePacket> ProbePacket::read(const std::uint8_t* data, std::size_t size, const ProbeSecret& secret)
{
    if (size != kSize || std::memcmp(data, kMagic, 4) != 0 || data[4] != kVersion)
        return std::nullopt;
    // Constant time: how long a refusal takes says nothing about how much of a guessed secret was right.
    std::uint8_t diff = 0;
    for (std::size_t i = 0; i < secret.size(); ++i)
        diff |= static_cast<std::uint8_t>(data[8 + i] ^ secret[i]);
    if (diff != 0)
        return std::nullopt;
    ProbePacket p;
    if (data[5] < static_cast<std::uint8_t>(Kind::Probe) || data[5] > static_cast<std::uint8_t>(Kind::Answer))
        return std::nullopt;
    p.kind = static_cast<Kind>(data[5]);
    p.secret = secret;
    p.from = getLe<std::uint32_t>(data + 24);
    p.to = getLe<std::uint32_t>(data + 28);
    p.seq = getLe<std::uint64_t>(data + 32);
    p.t1Ns = getLe<std::uint64_t>(data + 40);
    if (p.kind == Kind::Query || p.kind == Kind::Answer) {
        // A QPN has 24 bits: anything above in its slot is not a directory packet this agent wrote.
        const auto slot = getLe<std::uint64_t>(data + 48);
        if (slot > 0xffffffu)
            return std::nullopt;
        p.qpn = static_cast<std::uint32_t>(slot);
    } else {
        p.t2Ns = getLe<std::uint64_t>(data + 48);
    }
    p.t3Ns = getLe<std::uint64_t>(data + 56);
    return p;
}

ProbeSecret probeSecretFromHex(const char* hex32)
{
    auto nibble = [](char c) { return static_cast<std::uint8_t>(c <= '9' ? c - '0' : c - 'a' + 10); };
    ProbeSecret s {};
    for (std::size_t i = 0; i < s.size(); ++i)
        s[i] = static_cast<std::uint8_t>(nibble(hex32[2 * i]) << 4 | nibble(hex32[2 * i + 1]));
    return s;
}

} // namespace rp::fabric

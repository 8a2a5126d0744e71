// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstddef>
#include <cstdint>

namespace rp {

/// Little-endian integers in wire buffers, byte by byte: the buffers are not aligned for T, and the peer may be
/// of either byte order.
template <class T> void putLe(std::uint8_t* at, T value)
{
    for (std::size_t i = 0; i < sizeof(T); ++i)
        at[i] = static_cast<std::uint8_t>(static_cast<std::uint64_t>(value) >> (8 * i));
}

template <class T> T getLe(const std::uint8_t* at)
{
    std::uint64_t v = 0;
    for (std::size_t i = 0; i < sizeof(T); ++i)
        v |= static_cast<std::uint64_t>(at[i]) << (8 * i);
    return static_cast<T>(v);
}

} // namespace rp

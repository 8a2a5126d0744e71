// SPDX-License-Identifier: GPL-3.0-or-later
#include "util/random.h"

#include <cstdint>
#include <random>

namespace rp {

std::string randomHex()
{
    std::random_device random;
    const std::uint64_t v = (std::uint64_t { random() } << 32) ^ random();
    static constexpr char digits[] = "0123456789abcdef";
    std::string out;
    for (int i = 0; i < 16; ++i)
        out += digits[(v >> (i * 4)) & 15];
    return out;
}

} // namespace rp

// SPDX-License-Identifier: GPL-3.0-or-later
#include "parse/gid.h"

#include <algorithm>
#include <arpa/inet.h>
#include <array>
#include <cstdint>
#include <set>
#include <tuple>

namespace rp {

namespace {

using GidBytes = std::array<std::uint8_t, 16>;

std::optional<GidBytes> gidBytes(std::string_view text)
{
    // Longest IPv6 text form with an embedded IPv4 address is 45 characters.
    if (text.empty() || text.size() > 45)
        return std::nullopt;
    std::string zeroTerminated(text);
    GidBytes bytes {};
    if (inet_pton(AF_INET6, zeroTerminated.c_str(), bytes.data()) != 1)
        return std::nullopt;
    return bytes;
}

std::string hexGroup(unsigned value, bool padded)
{
    static constexpr char digits[] = "0123456789abcdef";
    std::string out;
    bool started = padded;
    for (int shift = 12; shift >= 0; shift -= 4) {
        unsigned nibble = (value >> shift) & 0xFu;
        if (nibble != 0 || started || shift == 0) {
            out += digits[nibble];
            started = true;
        }
    }
    return out;
}

std::array<unsigned, 8> groupsOf(const GidBytes& bytes)
{
    std::array<unsigned, 8> groups {};
    for (std::size_t i = 0; i < 8; ++i)
        groups[i] = (unsigned { bytes[2 * i] } << 8) | bytes[2 * i + 1];
    return groups;
}

/// RFC 5952: lowercase, no leading zeros, the longest run (two groups or more, first on a tie) of zero groups
/// as "::".
std::string compressedIpv6(const GidBytes& bytes)
{
    auto groups = groupsOf(bytes);
    std::size_t bestStart = 8, bestLength = 0;
    for (std::size_t i = 0; i < 8;) {
        if (groups[i] != 0) {
            ++i;
            continue;
        }
        std::size_t j = i;
        while (j < 8 && groups[j] == 0)
            ++j;
        if (j - i > bestLength) {
            bestStart = i;
            bestLength = j - i;
        }
        i = j;
    }
    if (bestLength < 2)
        bestStart = 8;
    std::string out;
    for (std::size_t i = 0; i < 8; ++i) {
        if (i == bestStart) {
            out += "::";
            i += bestLength - 1;
            continue;
        }
        if (!out.empty() && out.back() != ':')
            out += ':';
        out += hexGroup(groups[i], false);
    }
    return out;
}

} // namespace

std::optional<std::string> canonicalGid(std::string_view text)
{
    auto bytes = gidBytes(text);
    if (!bytes)
        return std::nullopt;
    std::string out;
    out.reserve(39);
    for (auto group : groupsOf(*bytes)) {
        if (!out.empty())
            out += ':';
        out += hexGroup(group, true);
    }
    return out;
}

void annotateGid(GidEntry& entry)
{
    entry.ipv4.clear();
    entry.ipv6.clear();
    entry.zero = false;
    entry.linkLocal = false;
    auto bytes = gidBytes(entry.gid);
    if (!bytes)
        return;
    const GidBytes& b = *bytes;
    entry.zero = std::all_of(b.begin(), b.end(), [](std::uint8_t v) { return v == 0; });
    entry.linkLocal = b[0] == 0xfe && (b[1] & 0xc0) == 0x80;
    bool mapped = std::all_of(b.begin(), b.begin() + 10, [](std::uint8_t v) { return v == 0; }) && b[10] == 0xff
        && b[11] == 0xff;
    if (mapped) {
        entry.ipv4 = std::to_string(b[12]) + '.' + std::to_string(b[13]) + '.' + std::to_string(b[14]) + '.'
            + std::to_string(b[15]);
        return;
    }
    entry.ipv6 = compressedIpv6(b);
}

void flagDuplicates(std::vector<GidEntry>& gids)
{
    std::stable_sort(gids.begin(), gids.end(), [](const GidEntry& a, const GidEntry& b) { return a.index < b.index; });
    std::set<std::tuple<std::string, GidType, std::string>> seen;
    for (auto& entry : gids)
        entry.duplicate = !seen.emplace(entry.gid, entry.type, entry.netdev).second;
}

} // namespace rp

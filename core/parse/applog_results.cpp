// SPDX-License-Identifier: GPL-3.0-or-later
// Benchmark result lines in a pasted log: a measured rate ("Natural Order Bandwidth: 4.886093 MB/s", qperf's
// "bw  =  1.17 GB/sec", nccl-tests' "# Avg bus bandwidth    : 12.34") or latency ("latency = 5.2 us"). They say
// one thing the troubleshooter needs: the path carried data, so an error after them is not a path that never
// worked (a wrong GID, a blocked port). A bare row of numbers (perftest's, OSU's) says nothing without its header
// and is left to the test-output readers.
#include "parse/applog_scan.h"

#include "util/text.h"

#include <array>
#include <cctype>
#include <span>
#include <string>

namespace rp::applog_detail {

namespace {

/// The number that ends right before `at` (spaces between allowed): true when there is one.
bool numberBefore(std::string_view s, std::size_t at)
{
    while (at > 0 && s[at - 1] == ' ')
        --at;
    std::size_t digits = 0;
    while (at > 0 && (isDigit(s[at - 1]) || s[at - 1] == '.')) {
        digits += isDigit(s[at - 1]) ? 1 : 0;
        --at;
    }
    return digits > 0;
}

/// A unit of `units` right after a number, as a whole word.
bool numberWithUnit(std::string_view low, std::span<const std::string_view> units)
{
    for (auto unit : units) {
        for (auto at = low.find(unit); at != std::string_view::npos; at = low.find(unit, at + 1)) {
            const auto end = at + unit.size();
            const bool wordEnd = end == low.size() || !(std::isalnum(static_cast<unsigned char>(low[end])) != 0);
            if (wordEnd && numberBefore(low, at))
                return true;
        }
    }
    return false;
}

} // namespace

FamilyRead readResultLine(const LogText& x)
{
    FamilyRead r;
    const auto body = stripWrappers(x.t);
    if (body.empty() || body.size() > 300)
        return r;
    std::string low = lower(body);
    static constexpr std::array<std::string_view, 12> kRates = { "mb/s", "gb/s", "kb/s", "mib/s", "gib/s", "mb/sec",
        "gb/sec", "kb/sec", "gbps", "mbps", "gbit/s", "mbit/s" };
    static constexpr std::array<std::string_view, 6> kTimes = { "usec", "us", "msec", "ms", "nsec", "ns" };
    const bool rate = (low.find("bandwidth") != std::string::npos || low.find("bw") != std::string::npos
                          || low.find("throughput") != std::string::npos || low.find("rate") != std::string::npos)
        && numberWithUnit(low, kRates);
    const bool latency = low.find("latency") != std::string::npos && numberWithUnit(low, kTimes);
    const bool busBandwidth = low.starts_with("# avg bus bandwidth") && low.find(':') != std::string::npos;
    // An error line that quotes a rate is an error, not a result.
    if (!(rate || latency || busBandwidth) || soundsLikeError(x))
        return r;
    r.mine = true;
    AppLogEvent e;
    e.kind = "traffic-moved";
    r.events.push_back(std::move(e));
    return r;
}

} // namespace rp::applog_detail

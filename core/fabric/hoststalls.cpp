// SPDX-License-Identifier: GPL-3.0-or-later
#include "fabric/hoststalls.h"

#include <algorithm>
#include <chrono>
#include <cmath>

namespace rp::fabric {

namespace {

// Agents count their intervals alike, so one interval's start is the same number of milliseconds on every host.
long long intervalKey(double seconds)
{
    return std::llround(seconds * 1000);
}

} // namespace

void HostStalls::note(const std::string& host, double intervalStartS, double seconds)
{
    if (seconds > 0)
        m_stalled[host][intervalKey(intervalStartS)] = seconds;
}

void HostStalls::held(std::uint32_t from, std::uint32_t to, std::uint32_t count)
{
    m_held[{ from, to }] += count;
}

void HostStalls::excuse(std::vector<CellResult>& cells, const Pinglist& list, Clock::time_point phaseStart,
    const std::map<std::string, double>& rates, double timeoutS, const std::set<std::uint32_t>& unsettled) const
{
    auto budget = m_held;
    for (auto& c : cells) {
        if (c.from >= list.endpoints.size() || c.to >= list.endpoints.size() || c.sent <= c.received
            || (c.reason != Reason::None && c.reason != Reason::Timeout) || unsettled.contains(c.from)
            || unsettled.contains(c.to))
            continue;
        // A cell that fails by design (link-local, v1 towards v2) and did loses its probes whatever the host does.
        if (c.received == 0 && expectation(list.endpoints[c.from], list.endpoints[c.to], list.routedV2) != Reason::None)
            continue;
        const auto& prober = list.endpoints[c.from].host;
        const auto& responder = list.endpoints[c.to].host;
        if (prober == responder)
            continue;
        auto host = m_stalled.find(responder);
        if (host == m_stalled.end())
            continue;
        auto s = host->second.find(intervalKey(std::chrono::duration<double>(c.intervalStart - phaseStart).count()));
        auto rate = rates.find(prober);
        auto left = budget.find({ c.from, c.to });
        if (s == host->second.end() || rate == rates.end() || left == budget.end() || left->second == 0)
            continue;
        // The replies that did come back took half the timeout or more: the probes were waiting in the stalled
        // host's socket queue (the agent stamps a probe when it reads it, so that wait shows as network time), and
        // the lost ones are those that waited a little longer. All of them are the host's, however short its stall.
        const bool repliesNearTimeout = c.received > 0 && c.rttP50Us >= timeoutS * 1e6 / 2;
        // Otherwise a stall shorter than the timeout delays answers but loses none; a longer one loses those sent
        // in its first (stall - timeout) seconds.
        if (s->second <= timeoutS && !repliesNearTimeout)
            continue;
        const auto bound = repliesNearTimeout
            ? c.sent
            : static_cast<std::uint32_t>(std::ceil((s->second - timeoutS) * rate->second)) + 1;
        const auto late
            = static_cast<std::uint32_t>(std::min<std::uint64_t>(std::min(c.sent - c.received, bound), left->second));
        left->second -= late;
        c.sent -= late;
        c.hostLate += late;
        if (c.sent == 0)
            c.reason = Reason::None; // nothing counted is left to have timed out: the host was stalled throughout
    }
}

} // namespace rp::fabric

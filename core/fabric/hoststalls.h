// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// A host whose agent could not run for a while (a saturated CPU, a paused VM) answers its peers' probes after their
// timeout. The agent sees the gap on its own clock and says so with each interval; the controller takes the probes
// that went unanswered towards it then out of the loss counts (CellResult::hostLate), so no link or switch is blamed
// for a host's delay. The localiser names such a host as a note (host-busy, info). How many it takes out is bounded
// by what the stalled host's agent says it answered late (AgentHeld): a probe that never reached the host was lost by
// the network, however busy the host was, and stays a loss.

#include "fabric/fabric.h"
#include "fabric/pinglist.h"

#include <cstdint>
#include <map>
#include <set>
#include <string>
#include <utility>
#include <vector>

namespace rp::fabric {

class HostStalls
{
public:
    /// `host`'s agent said it was stalled `seconds` in the interval that started `intervalStartS` into the phase.
    void note(const std::string& host, double intervalStartS, double seconds);
    /// The responder of cell `from` -> `to` says it answered `count` of its probes late (over the phase).
    void held(std::uint32_t from, std::uint32_t to, std::uint32_t count);
    bool empty() const { return m_stalled.empty(); }

    /// Of each cell towards a stalled host from another host, the probes it lost in that interval, up to those sent
    /// in the first (stall - timeout) seconds of the stall (at the prober's rate, from `rates`, one more for the
    /// edges), move from `sent` to `hostLate`; all of them when the cell's replies came back at half the timeout or
    /// later (they queued behind the stall too). Not of a cell that fails by design and got nothing back, nor of one
    /// with an end in `unsettled` (a port down, or up again moments ago: its losses are the port's, and an agent
    /// rebinding its QPs stalls for it). A prober's own stall is not counted here: its timeouts ran on its running
    /// time. Over the phase no cell gives up more than its responder said it held.
    void excuse(std::vector<CellResult>& cells, const Pinglist& list, Clock::time_point phaseStart,
        const std::map<std::string, double>& rates, double timeoutS,
        const std::set<std::uint32_t>& unsettled = {}) const;

private:
    /// host -> interval start in ms into the phase -> seconds stalled
    std::map<std::string, std::map<long long, double>> m_stalled;
    std::map<std::pair<std::uint32_t, std::uint32_t>, std::uint64_t> m_held; ///< (from, to) -> probes held
};

} // namespace rp::fabric

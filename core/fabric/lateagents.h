// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// A phase's late agents, asked about over a new SSH connection per host. To the probes a hung agent (stopped,
// stuck), a host that is paused or cut off and a host that is only slow all look the same: silence. The SSH server
// and the agent's own /proc entry tell them apart, so a watch can give up at once on an agent that will not answer
// and keep waiting for one that is merely late (a busy host is a host problem, not an agent one).

#include "error.h"
#include "remote/executor.h"

#include <cstddef>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace rp::fabric {

struct LateAgent
{
    std::string host;
    int pid = 0; ///< the agent's process id there, from its ready line (0: not known)
};

struct LateVerdict
{
    /// Said after the agent's detail: "; the host still answers over SSH: its agent is stopped (state T)".
    std::string said;
    /// Waiting longer brings nothing: the agent is stopped, gone or a zombie, or SSH to its host fails.
    bool over = false;
    /// Its process is there and not stopped (running, sleeping, in a disk wait): the host is slow, the agent is not
    /// hung. Never with `over`.
    bool runs = false;
};

/// Opens a new connection to a host (the fleet's own executor factory, host keys verified as always).
using HostConnect = std::function<Result<std::unique_ptr<Executor>>(const std::string& host)>;

/// Asks every late host, up to kLateAskAtOnce at a time in parallel. More late agents than that at once are not a
/// hang of each but a delay they share (an overloaded controller or network): said so, not asked, never `over`.
/// `fleetSize` is only for saying how many of how many.
std::map<std::string, LateVerdict> askLateHosts(
    const std::vector<LateAgent>& late, std::size_t fleetSize, const HostConnect& connect);

inline constexpr std::size_t kLateAskAtOnce = 16;

/// The state letter of a /proc/PID/stat line ("1234 (rocepilot-probe) T 1 ..."): after the last ')', as the
/// command name may hold spaces and parentheses. '\0' when the text is not such a line.
char procStatState(std::string_view stat);

} // namespace rp::fabric

// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The host-side dead-man: a detached process (its own session, no file descriptor on the SSH channel, so neither
// a closed session nor a dead controller stops it) that sleeps N seconds and then runs the undo commands it was
// given, unless a confirm got there first. Arm and confirm race through one `mkdir` lock on the host: whoever
// takes it wins, so a revert is never cut short half-way by a late confirm. Both scripts are constants; the
// job's values reach them as positional parameters, and the undo commands as argv lines quoted token by token.

#include "error.h"
#include "remote/executor.h"

#include <chrono>
#include <string>
#include <vector>

namespace rp::apply {

struct DeadmanOutcome
{
    enum class Kind { Disarmed, Fired, Gone } kind = Kind::Gone;
    std::string detail; ///< the revert's log when it fired
};

/// The directory a job's dead-man lives in on the host.
std::string deadmanDir(const std::string& jobId);

/// Arms the revert on the host behind `executor` (which must already run as root: the prefix is prepended to
/// the arm command, not to the undo lines, which then run as the armed process's user).
Result<void> armDeadman(Executor& executor, const std::vector<std::string>& prefix, const std::string& dir,
    std::chrono::seconds timeout, const std::vector<std::vector<std::string>>& undo,
    std::chrono::milliseconds commandTimeout);

/// Confirms (stops the revert and checks its process is gone) or reports that it fired already.
Result<DeadmanOutcome> settleDeadman(Executor& executor, const std::vector<std::string>& prefix, const std::string& dir,
    std::chrono::milliseconds commandTimeout);

} // namespace rp::apply

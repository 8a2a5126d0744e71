// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "error.h"
#include "util/command.h"

#include <atomic>
#include <chrono>
#include <cstddef>
#include <functional>
#include <string>
#include <string_view>

namespace rp {

/// Output of one command: stdout, stderr and the exit status kept apart.
struct ExecResult
{
    int exitStatus = -1;
    std::string out;
    std::string err;
    bool outTruncated = false; ///< output beyond ExecOptions::maxOutput was dropped
};

struct ExecOptions
{
    std::chrono::milliseconds timeout { 30000 };
    /// Polled while the command runs; when it turns true the command is stopped and Cancelled returned.
    const std::atomic<bool>* cancel = nullptr;
    /// A hostile host could stream without end: output past this is dropped (and the command stopped).
    std::size_t maxOutput = 64u << 20;
    std::string stdinData;
    /// Keep the command's stdin open after stdinData until the command ends or is stopped, instead of closing
    /// it at once. A command that watches its stdin (rocepilot-probe) then sees EOF exactly when we stop it or
    /// go away (a cancel, a timeout, a dropped SSH connection), even when no signal reaches it.
    bool keepStdinOpen = false;
    /// With keepStdinOpen: asked for more input whenever everything before it was written (at least every 100 ms
    /// while the command runs); returns the bytes to write next, empty for nothing now. A conversation with a
    /// long-running command (the fabric agent takes its second pass and its stop this way) needs no new channel.
    std::function<std::string()> moreInput;
    /// With moreInput: a descriptor (an eventfd) that turns readable when moreInput has something to give or the
    /// cancel flag was set; moreInput drains it. The run then waits on it beside the command's output, up to a second
    /// at a time, and asks moreInput when it fires, instead of asking every 50-100 ms: a thousand agent channels that
    /// each asked 20 times a second kept the controller's cores busy with nothing to send.
    int inputReadyFd = -1;
    /// Called with each chunk of stdout as it arrives (from the calling thread), for live progress of long
    /// commands; the chunk is also kept in ExecResult::out as usual.
    std::function<void(std::string_view chunk)> onStdout;
    /// With onStdout: false leaves ExecResult::out empty, and maxOutput then bounds stderr alone. A stream that runs
    /// for hours (an agent's results, a counter sampler's blocks) is read as it comes; kept as well, it grew the
    /// controller by megabytes a minute per host and stopped the command when it reached maxOutput.
    bool keepStdout = true;
    /// On cancel or timeout the process group gets SIGTERM, then SIGKILL after this grace. Scripts whose traps
    /// clean up (the lab's start stops the guests it began) need seconds, not the default's fraction.
    std::chrono::milliseconds killGrace { 300 };
};

/// Runs commands on one host. Implementations: LocalExecutor (fork/exec, no shell) and SshExecutor (libssh,
/// one connection reused for every command). A non-zero exit status is a value in ExecResult, not an error;
/// errors are for "could not run it" (unreachable, timeout, cancelled, ...), each naming the host.
class Executor
{
public:
    virtual ~Executor() = default;
    virtual Result<ExecResult> run(const Command& command, const ExecOptions& options) = 0;
    /// Host label used in errors ("lab-a", "localhost").
    virtual std::string host() const = 0;
};

} // namespace rp

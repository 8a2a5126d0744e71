// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "remote/executor.h"

#include <string>

namespace rp {

/// Runs argv on this machine with fork/exec (posix_spawn), never through a shell. The child gets its own
/// process group; on timeout, cancel or too much output the whole group gets SIGTERM and, after a short grace,
/// SIGKILL. A program that cannot be started is a CommandFailed error; a signal exit is 128+signal.
class LocalExecutor final : public Executor
{
public:
    explicit LocalExecutor(std::string hostLabel = "localhost")
        : m_host(std::move(hostLabel))
    { }

    Result<ExecResult> run(const Command& command, const ExecOptions& options) override;
    std::string host() const override { return m_host; }

private:
    std::string m_host;
};

} // namespace rp

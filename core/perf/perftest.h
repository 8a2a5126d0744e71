// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The perftest back end: the same tests through the ib_*_lat / ib_*_bw tools admins already trust, run on both
// hosts over the executors and read into the same result model as the engines. Each size is one server + one
// client invocation; the server is started first and the client once the server says it waits for a client.

#include "error.h"
#include "perf/perf.h"
#include "perf/probesession.h"
#include "perf/protocol.h"
#include "remote/executor.h"
#include "util/command.h"

#include <chrono>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace rp::perf {

/// ib_send_lat for ping + send, ib_write_lat for ping + write, ib_send_bw / ib_write_bw / ib_read_bw for blast;
/// a Usage error for what perftest has no test for (WRITE WITH IMM).
Result<std::string> perftestTool(const TestOptions& options);

/// One side's device and GID index (-d, -x); empty = perftest's own default.
struct PerftestSide
{
    std::string device;
    std::optional<int> gidIndex;
};

/// The tool's argv for one size. `serverAddress` empty = the server side; `jsonFile` non-empty adds
/// --out_json --out_json_file=FILE (only where the installed perftest knows it).
Result<Command> perftestCommand(const TestOptions& options, std::uint64_t size, const PerftestSide& side,
    const std::string& serverAddress, const std::string& jsonFile);

/// What one perftest run reported: from its --out_json report when there is one with this size's results,
/// otherwise from its text. Values perftest does not report are marked so (LatencySummary::has*, a zero CpuUse),
/// never guessed. A missing or unreadable result line is a Parse error naming what was expected.
Result<SizeResult> parsePerftestOutput(
    std::string_view tool, std::uint64_t size, std::string_view text, std::string_view jsonReport = {});

struct PerftestOptions
{
    TestOptions test; ///< transport Perftest
    std::string serverAddress; ///< the server's data-plane address, numeric
    PerftestSide server, client;
    double connectTimeoutS = 20;
    std::chrono::milliseconds commandTimeout { 30000 }; ///< the capability check per host
};

/// Runs every size: the server tool, then the client tool against it; cancel stops both (the tools are run under
/// a wrapper that ends them when the SSH channel closes, and under `timeout`).
Result<std::vector<SizeReport>> runPerftestSession(
    Executor& server, Executor& client, const PerftestOptions& options, const SessionHooks& hooks);

} // namespace rp::perf

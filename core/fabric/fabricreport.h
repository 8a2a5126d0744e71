// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The report of a saved fabric run (`rocepilot-cli report RUN.rpfabric`, docs/fabric-api.md "The fabric report"):
// the run's cells folded over all its rounds per directed (source GID, destination GID) cell, per host pair and per
// ToR pair; the verdict (ready when no finding is open at the end and the last round failed no cell); every finding
// raised with when it was first and last seen; the commands that repeat a failing cell by hand; and the CSV and JSON
// exports. Pure values: the PDF (report/fabricpages) and the CLI only lay them out.

#include "fabric/fabric.h"
#include "fabric/fabricrun.h"
#include "util/command.h"

#include <algorithm>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace rp::fabric {

inline constexpr std::string_view kFabricReportSchema = "rocepilot-fabric-report/1";

/// One directed cell over the whole run (first-pass cells only: the second pass re-probes chosen peers).
struct CellTotal
{
    std::uint32_t from = 0; ///< index in FabricRun::endpoints
    std::uint32_t to = 0;
    std::uint64_t sent = 0;
    std::uint64_t received = 0;
    double rttP50Us = 0.0; ///< the intervals' p50s averaged by replies
    double rttP99Us = 0.0; ///< the highest p99 of an interval with replies
    Reason reason = Reason::None; ///< the worst reason of any interval (an unexpected one before a designed one)
    bool expected = false; ///< that reason is by design
    std::size_t intervals = 0;
    std::size_t failedIntervals = 0;

    double lossPercent() const
    {
        return sent == 0 ? 0.0
                         : 100.0 * static_cast<double>(sent - std::min(sent, received)) / static_cast<double>(sent);
    }
    /// Failed at least once, against expectation.
    bool failing() const { return failedIntervals > 0 && !expected; }
};

/// A finding of the run: the last state it was raised in, and whether it was cleared afterwards.
struct ReportFinding
{
    FabricFinding finding;
    bool open = true;
    std::optional<Clock::time_point> clearedAt;
    std::uint64_t lastRound = 0; ///< the round that last raised or changed it
};

struct FabricReport
{
    bool ready = false;
    /// Why not ready (or "ready"), one line: "not ready: 1 open finding, 2 cells failing in the last round".
    std::string verdictLine;
    std::size_t openFindings = 0;
    std::vector<ReportFinding> findings; ///< the open ones first, then the cleared; each by id
    std::vector<CellTotal> cells; ///< by (from, to)
    std::vector<PairSummary> pairs; ///< by (fromHost, toHost)
    std::vector<TorSummary> tors; ///< by (fromTor, toTor)
    std::vector<std::size_t> worstPairs; ///< indexes into pairs, worst first, at most kWorstPairs
    /// Directed host pairs with a cell failing against expectation: the GID x GID matrices of the report.
    std::vector<std::pair<std::string, std::string>> failingPairs;
    std::size_t failingCells = 0; ///< cells (over the run) that failed against expectation at least once
    std::size_t lastRoundFailed = 0; ///< cells the last finished round failed against expectation
    std::uint64_t rounds = 0; ///< rounds read
    std::uint64_t lastRound = 0; ///< the last round that finished (its summary line was read), 0 = none
    std::vector<std::string> torNames; ///< every ToR of the run, sorted ("" for hosts without one)
    Clock::time_point started {};
    Clock::time_point finished {}; ///< the end line's time, else the end of the last round read
    double seconds = 0.0;
    std::string status; ///< the end line's status, "unfinished" without one
    bool truncated = false;
    std::vector<std::string> warnings;

    static constexpr std::size_t kWorstPairs = 10;
    /// Above this many hosts the matrix is ToR x ToR (as the GUI's and the metrics').
    static constexpr std::size_t kHostMatrixLimit = 64;
};

FabricReport makeFabricReport(const FabricRun& run);

/// One command of a repro: the host it runs on and its argv.
struct ReproStep
{
    std::string host;
    Command command;
};

/// The commands that repeat one cell by hand, in the order to start them: for RDMA `ibv_ud_pingpong` as the
/// server on the destination and as the client on the source (device, port and GID index of each end, 64-byte
/// messages as the probes); for UDP a `ping` from the source's address to the destination's (the agent's UDP
/// port is ephemeral and not in the run). Empty when an endpoint index is out of range.
std::vector<ReproStep> reproSteps(const FabricRun& run, const CellTotal& cell);
/// "on lab-c: ibv_ud_pingpong -d rxe0 ..." per step, shell-quoted, lines joined by "\n".
std::string reproText(const std::vector<ReproStep>& steps);

/// "udp" or "rdma": what a cell's probes travelled over.
std::string_view cellTransport(const Endpoint& from);

/// One row per directed cell (docs/fabric-api.md "Cells CSV").
std::string fabricCellsCsv(const FabricRun& run, const FabricReport& report);
/// One row per finding (docs/fabric-api.md "Findings CSV").
std::string fabricFindingsCsv(const FabricReport& report);
/// The report as JSON, schema kFabricReportSchema (docs/fabric-api.md), newline-terminated.
std::string fabricReportJson(const FabricRun& run, const FabricReport& report, const std::string& name);
/// What `report RUN.rpfabric` prints without an output option: the verdict, the open findings, the worst pairs.
std::string fabricReportText(const FabricRun& run, const FabricReport& report, const std::string& name);

/// Whether `firstLine` is a fabric run's first line (its schema is kFabricRunSchema).
bool isFabricRunFirstLine(std::string_view firstLine);

} // namespace rp::fabric

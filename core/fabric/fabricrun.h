// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The saved fabric run (`*.rpfabric`, docs/fabric-api.md): JSON lines appended as a check or a watch goes, so a
// killed watch keeps everything up to its last line. The writer follows the test run file's rules (never replaces
// a device or a symlink, an existing file only when asked, written beside and renamed in); the reader is bounded,
// names FILE:LINE for garbage, and takes a cut last line as the end of what was measured. Views, the report and
// the metrics read FabricRun, never the agents.

#include "counters/hostcounters.h"
#include "error.h"
#include "fabric/controller.h"
#include "fabric/fabric.h"
#include "util/atomicfile.h"

#include <atomic>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace rp::fabric {

inline constexpr std::string_view kFabricRunSchema = "rocepilot-fabric-run/1";

/// What the run was asked to do: the first line.
struct FabricRunHeader
{
    std::string tool; ///< "rocepilot 0.1.0"
    /// "check", "watch" or "prom" (the agents' series read from Prometheus: `inventory` is its URL, and `hosts` those
    /// of its first read, to which reading the run adds every host its endpoint tables name)
    std::string command;
    std::string inventory; ///< the inventory file it read
    Clock::time_point started {};
    std::string transport; ///< "udp" or "rdma"
    double durationS = 0.0; ///< the first pass of each round
    double rate = 0.0; ///< probes per second per target
    std::vector<std::string> hosts;
    std::map<std::string, std::string> torOf;
    std::string spine;
};

/// One round as the file keeps it. Cells of a round are in FabricRun::cells under the same number.
struct FabricRunRound
{
    std::uint64_t round = 0;
    Clock::time_point started {};
    std::size_t cellsPlanned = 0;
    bool finished = false; ///< its summary line was written
    double seconds = 0.0;
    std::size_t cellsProbed = 0;
    std::size_t cellsFailed = 0;
    std::vector<std::string> findings; ///< ids of the findings it named
    /// Endpoints whose own agent said their link was down during the round (endpoint -> what it read).
    std::map<std::uint32_t, std::string> portsDown;
    /// Each host's RoCE counters over the round's first pass (hosts that have any; none in files written before).
    std::map<std::string, counters::HostCounters> hostCounters;
};

/// A batch of cells: one interval of a round, or (after the first hour of a watch) one minute of every round in it
/// folded per cell: `aggregated`, counts summed, the p50s averaged by replies, the highest p99 kept.
struct FabricRunCells
{
    std::uint64_t round = 0; ///< for an aggregated batch, the last round in it
    bool aggregated = false;
    std::vector<CellResult> cells;
};

struct FabricRunAgent
{
    std::uint64_t round = 0;
    std::string host;
    AgentState state = AgentState::Starting;
    std::string detail;
    std::optional<double> cpuPercent;
    std::optional<double> rate;
};

/// A finding raised (new or changed) or cleared, in the order they happened.
struct FabricRunEvent
{
    std::uint64_t round = 0;
    bool cleared = false;
    std::string id;
    Clock::time_point at {};
    std::optional<FabricFinding> finding; ///< when raised
};

struct FabricRunEnd
{
    std::string status; ///< "ok", "cancelled", "failed"
    Clock::time_point finished {};
    std::uint64_t rounds = 0;
    std::string error;
};

struct FabricRun
{
    FabricRunHeader header;
    std::vector<Endpoint> endpoints; ///< the endpoint table cells index into
    std::vector<FabricRunRound> rounds;
    std::vector<FabricRunCells> cells;
    std::vector<FabricRunAgent> agents;
    std::vector<FabricRunEvent> events;
    std::optional<FabricRunEnd> end; ///< empty when the run never finished (killed, crash, power loss)
    bool truncated = false; ///< the file ends mid-line or without its end line
    std::vector<std::string> warnings;

    /// The findings still raised after the last round read, by id, as last raised.
    std::vector<FabricFinding> openFindings() const;
};

struct FabricRunWriterOptions
{
    /// Cells are written as they come for this long, then folded per cell per `foldEvery`: 24 h of a 1 000-host
    /// watch fits in a few GB instead of tens.
    std::chrono::seconds foldAfter { 3600 };
    std::chrono::seconds foldEvery { 60 };
};

/// Writes a fabric run as it goes. One thread at a time (the CLI's round loop or the GUI's worker).
class FabricRunWriter
{
public:
    /// Creates `path` with the header line. An existing file is an error unless `existing` is Replace, and then
    /// only a regular file is replaced (renamed over, never truncated under a reader); never a symlink or device.
    static Result<std::unique_ptr<FabricRunWriter>> create(const std::string& path, const FabricRunHeader& header,
        AtomicFile::Existing existing = AtomicFile::Existing::Refuse, FabricRunWriterOptions options = {});
    ~FabricRunWriter();
    FabricRunWriter(const FabricRunWriter&) = delete;
    FabricRunWriter& operator=(const FabricRunWriter&) = delete;

    /// One round: the endpoint table when it is new, the round, its cells (or their fold), agents whose state
    /// changed, findings raised and cleared, the round's summary. Flushed at the end of each round.
    void addRound(const FabricRound& round);
    /// The end line; the file is complete and closed afterwards. Returns the first write error, if any.
    Result<void> finish(const std::string& status, const std::string& error = {});
    /// The first write error (a full disk): the watch goes on, the caller reports it.
    std::optional<Error> writeError() const { return m_error; }
    const std::string& path() const { return m_path; }

private:
    FabricRunWriter() = default;
    void writeLine(const std::string& line);
    void writeCells(std::uint64_t round, bool aggregated, const std::vector<CellResult>& cells);
    void fold(const std::vector<CellResult>& cells, std::uint64_t round, Clock::time_point now);
    void flushFold();

    std::string m_path;
    std::FILE* m_file = nullptr;
    std::optional<Error> m_error;
    FabricRunWriterOptions m_options;
    Clock::time_point m_started {};
    std::vector<Endpoint> m_endpoints;
    bool m_haveEndpoints = false;
    std::map<std::string, AgentState> m_agentStates;
    std::uint64_t m_rounds = 0;
    // The fold in progress: one cell per (from, to, second pass), since m_foldStart.
    std::map<std::tuple<std::uint32_t, std::uint32_t, bool>, CellResult> m_fold;
    std::map<std::tuple<std::uint32_t, std::uint32_t, bool>, double> m_foldWeight;
    Clock::time_point m_foldStart {};
    std::uint64_t m_foldRound = 0;
};

/// The largest fabric run read whole: 24 h of a folded 1 000-host watch.
inline constexpr std::size_t kMaxFabricRunBytes = std::size_t { 4 } << 30;

/// For a long read (an hour of a watch is hundreds of MB): `progress` gets the bytes parsed of all about every MiB,
/// on the reading thread; `cancel` turned true ends the read with Cancelled.
struct FabricRunReadControl
{
    std::function<void(std::size_t done, std::size_t total)> progress;
    const std::atomic<bool>* cancel = nullptr;
};

/// Reads a fabric run (a regular file, or - for standard input; never more than kMaxFabricRunBytes). Errors: Io,
/// Parse ("FILE:LINE: ..." for garbage, another schema, a file that is not a fabric run), Cancelled. A cut-off last
/// line or a missing end line is not an error (FabricRun::truncated).
Result<FabricRun> readFabricRun(const std::string& path, const FabricRunReadControl& control = {});
/// The same from text in memory; `name` is used in messages.
Result<FabricRun> parseFabricRun(
    std::string_view text, const std::string& name, const FabricRunReadControl& control = {});

} // namespace rp::fabric

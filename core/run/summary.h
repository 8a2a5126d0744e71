// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// What a saved run says: per-size results and percentiles, statistics of the live samples, counter rates per
// host, the one-sentence result for a report's cover, the checks and the verdict (run/checks.h), and many pairs as
// a host x host matrix. Everything here reads a Run and nothing else, so the CLI, the GUI and the PDF writer show
// the same numbers; run/tables.h writes it out as CSV and JSON.

#include "run/checks.h"
#include "run/run.h"

#include <cmath>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace rp::run {

/// Exact statistics of a list of values (sorted once; no histogram error).
struct Stats
{
    std::size_t count = 0;
    double min = 0, p5 = 0, p50 = 0, p95 = 0, p99 = 0, max = 0, mean = 0;
    double stddev = 0; ///< population standard deviation
    /// Coefficient of variation, stddev / mean (BMWG repeatability: < 5 % recommended); 0 when the mean is 0.
    double cv() const { return mean != 0 ? stddev / std::abs(mean) : 0; }
    bool operator==(const Stats&) const = default;
};
/// Nearest-rank percentiles; an empty list gives count 0 and zeros.
Stats statsOf(std::vector<double> values);

struct SizeSummary
{
    perf::SizeReport report;
    std::size_t clientSamples = 0;
    Stats gbps; ///< over the client's live samples of this size: the throughput's spread in time
    Stats p50Us; ///< over the client's live samples' p50 (ping)
    Stats serverCpu, clientCpu; ///< percent, over the live samples
};

struct CounterSummary
{
    double meanPerS = 0; ///< over the intervals
    double maxPerS = 0;
    double total = 0; ///< sum of rate x interval: the count over the run
    std::size_t intervals = 0;
};

struct RunSummary
{
    std::vector<SizeSummary> sizes;
    /// host -> counter -> summary, counters with a non-zero total first is up to the caller
    std::map<std::string, std::map<std::string, CounterSummary>> counters;
    std::string headline; ///< the result in one sentence
    std::string status; ///< "ok", "failed", "cancelled", "unfinished"
    std::vector<Check> checks;
    std::string verdict; ///< "pass" (every check passed or was skipped), "warn", "fail"
    Repro repro;
};

/// Everything a report says about one run. `findingsJson` (the troubleshooter's findings given beside the run)
/// is used when the run carries none of its own.
RunSummary summarize(const Run& run, std::string_view findingsJson = {});

/// "send ping over RDMA, poll completions, lab-b -> lab-a (198.18.0.1)".
std::string describeTest(const Run& run);

/// A run and the name it goes by in exports (its file name or label). `summary`, when set, is summarize(*run)
/// made once by the caller: the exports and the PDF share it instead of sorting every sample again.
struct NamedRun
{
    std::string name;
    const Run* run = nullptr;
    const RunSummary* summary = nullptr;
};

/// Many pairs (one-to-many, all-to-all: one run per pair) as a host x host matrix.
struct PairCell
{
    std::string server, client;
    std::size_t run = 0; ///< index into the runs
    std::uint64_t size = 0; ///< the size the cell's numbers are for (the run's smallest)
    std::optional<double> p50Us, p99Us; ///< one-way, ping runs
    double gbps = 0; ///< peak over the run's sizes
    double alarmEvents = 0; ///< events of alarm counters (loss, retransmits, pauses where none belong)
    std::string verdict;
};
struct PairMatrix
{
    std::vector<std::string> hosts; ///< sorted
    std::vector<PairCell> cells;
    std::string metric; ///< "p99_us" (ping: higher is worse) or "gbps" (blast: lower is worse)
    std::vector<std::size_t> worst; ///< indexes into cells, worst first, at most 10
};
/// The matrix when the runs are pairs among three or more hosts, else nullopt.
std::optional<PairMatrix> pairMatrix(const std::vector<NamedRun>& runs);

} // namespace rp::run

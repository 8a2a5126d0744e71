// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// What a saved run says, in tables: per-size results and percentiles, statistics of the live samples, counter
// rates per host; the one-sentence result for a report's cover; CSV and JSON exports (columns and schema in
// docs/run-file.md). Everything here reads a Run and nothing else, so the CLI, the GUI and the PDF writer show the
// same numbers.

#include "error.h"
#include "run/run.h"

#include <map>
#include <string>
#include <vector>

namespace rp::run {

/// Exact statistics of a list of values (sorted once; no histogram error).
struct Stats
{
    std::size_t count = 0;
    double min = 0, p5 = 0, p50 = 0, p95 = 0, p99 = 0, max = 0, mean = 0;
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
};

RunSummary summarize(const Run& run);

/// "64 B", "4 KiB", "1 MiB".
std::string sizeText(std::uint64_t size);
/// Fixed digits, as the tables print them.
std::string fixed(double v, int digits);
/// "send ping over RDMA, poll completions, lab-b -> lab-a (198.18.0.1)".
std::string describeTest(const Run& run);

/// A run and the name it goes by in exports (its file name or label).
struct NamedRun
{
    std::string name;
    const Run* run = nullptr;
};

/// One row per run and size (columns: docs/run-file.md "summary CSV").
std::string summaryCsv(const std::vector<NamedRun>& runs);
/// One row per live sample (docs/run-file.md "samples CSV").
std::string samplesCsv(const std::vector<NamedRun>& runs);
/// One row per host, interval and counter (docs/run-file.md "counters CSV").
std::string countersCsv(const std::vector<NamedRun>& runs);
/// The report as JSON, "rocepilot.report/1" (docs/json.md): runs, environment, sizes, percentiles, sample
/// statistics, counter summaries; no raw samples (those are in the run file and the samples CSV).
std::string reportJson(const std::vector<NamedRun>& runs);

} // namespace rp::run

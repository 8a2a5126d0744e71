// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// What a saved run says, in tables: per-size results and percentiles, statistics of the live samples, counter
// rates per host; the one-sentence result for a report's cover; CSV and JSON exports (columns and schema in
// docs/run-file.md). Everything here reads a Run and nothing else, so the CLI, the GUI and the PDF writer show the
// same numbers.

#include "error.h"
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

/// A troubleshooter finding as a report shows it: read from `rocepilot-cli diagnose --json` (core/diagnose
/// reportToJson: rule, check, title, severity, hosts, evidence, explanation, fixes) or from a plain list of
/// {severity, title, message, fix} objects.
struct FindingBrief
{
    std::string severity; ///< "error", "warning", "info" (as given, lower case)
    std::string rule, check, title, explanation;
    std::vector<std::string> hosts;
    std::vector<std::string> evidence; ///< "host: subject = value (where)"
    std::vector<std::pair<std::string, std::string>> fixes; ///< target (platform) -> the commands
};
/// Findings out of a findings document; `ok` false when the text is not JSON or has no list of findings.
struct Findings
{
    bool ok = false;
    std::vector<FindingBrief> list;
};
Findings parseFindings(std::string_view json);

/// One pass/fail check of a run, with what to do when it did not pass.
struct Check
{
    std::string id; ///< stable: "run.completed", "data.verified", "fabric.lossless", "repeat.cv", "latency.tail",
                    ///< "troubleshooter"
    std::string title;
    std::string result; ///< "pass", "warn", "fail", "skipped" (the data to judge was not there)
    std::string detail; ///< what was seen, with the numbers
    std::string remedy; ///< what to do; "" when it passed
};

/// The commands that repeat the run: RoCE Pilot's own and the perftest pair an admin can run by hand.
struct Repro
{
    std::string rocepilot; ///< the recorded command line, else one built from the settings
    struct Perftest
    {
        std::uint64_t size = 0;
        std::string server, client; ///< shell lines (every token quoted where needed)
    };
    std::vector<Perftest> perftest; ///< one pair per size; empty when perftest has no such test (TCP, write-imm)
    std::string perftestNote; ///< why there is none, or what differs from our engine
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

/// The verdict of several checks: "fail" if one failed, else "warn" if one warned, else "pass".
std::string verdictOf(const std::vector<Check>& checks);

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

/// Reads a run file for a report: mapped rather than copied (a 1 M-sample run is 200 MB of text), then parseRun().
Result<Run> loadRunFile(const std::string& path);

/// One row per run and size (columns: docs/run-file.md "summary CSV").
std::string summaryCsv(const std::vector<NamedRun>& runs);
/// One row per live sample (docs/run-file.md "samples CSV").
std::string samplesCsv(const std::vector<NamedRun>& runs);
/// One row per host, interval and counter (docs/run-file.md "counters CSV").
std::string countersCsv(const std::vector<NamedRun>& runs);
/// The report as JSON, "rocepilot.report/1" (docs/json.md): runs, environment, sizes, percentiles, sample
/// statistics, counter summaries; no raw samples (those are in the run file and the samples CSV).
std::string reportJson(const std::vector<NamedRun>& runs, std::string_view findingsJson = {});

/// The samples CSV straight to `path` (a temporary file beside it, renamed when complete), in 1 MiB writes:
/// no 80 MB string for a million samples. Not fsync'd: a report is made again from the run file in a second.
Result<void> writeSamplesCsv(const std::vector<NamedRun>& runs, const std::string& path);
/// `data` to `path` the same way (temporary file, rename, no fsync); "-" = stdout.
Result<void> writeReportFile(const std::string& path, std::string_view data);

} // namespace rp::run

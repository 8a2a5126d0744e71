// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// A saved test run (docs/run-file.md, "rocepilot.run/1"): one file of JSON lines, written while the test runs so
// that a crash or a kill keeps everything measured up to the last flush (at most 100 ms of samples). The first
// line says what ran (options, hosts); then the environment (hosts, devices, firmware, GIDs, the discovery
// snapshot, the profile and the apply journal when there were any); then every live sample of both sides, the
// hosts' counter rates and each size's result as they come; an "end" line says how the run ended.
//
// The reader is strict about what it does not know (unknown types and keys, wrong types, values out of range
// are Parse errors naming the file and line) but keeps a run whose last line was cut off: `truncated` is then
// set and `warnings` says what was lost.

#include "error.h"
#include "perf/perf.h"
#include "perf/protocol.h"
#include "util/atomicfile.h"

#include <cstdio>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace rp::run {

inline constexpr std::string_view kRunSchema = "rocepilot.run/1";

struct DeviceInfo
{
    std::string name; ///< rxe0, mlx5_0
    std::string driver;
    std::string firmware; ///< "" when the device has none (rxe) or discovery could not tell
    bool operator==(const DeviceInfo&) const = default;
};

/// One side of the test as it was at the start.
struct HostInfo
{
    std::string role; ///< "server" / "client"
    std::string name; ///< inventory name ("lab-a", "localhost")
    std::string address; ///< how it was reached (SSH address)
    std::string hostname, os, kernel; ///< from discovery, "" when not discovered
    std::vector<DeviceInfo> devices;
    std::string gid; ///< the GID the test used on this host, "" when not known (TCP, rdma_cm choice)
    std::optional<int> gidIndex;
    std::string gidDevice;
    std::string gidAddress; ///< the IP address of that GID
    bool operator==(const HostInfo&) const = default;
};

struct RunHeader
{
    std::string startedUtc; ///< ISO 8601, "2026-11-24T06:42:35Z"
    std::string toolVersion;
    std::string label; ///< what the user called the run ("before PFC"); may be ""
    std::string command; ///< the command line that repeats the test, "" from the GUI
    perf::TestOptions options;
    std::string server, client; ///< host names
    std::string dataAddress; ///< where the client connected
    bool operator==(const RunHeader&) const = default;
};

struct Environment
{
    std::vector<HostInfo> hosts;
    /// Raw JSON documents kept as they were given ("" = none): the discovery snapshot (rocepilot.discovery/1),
    /// the profile (YAML text), the apply journal (JSON), the troubleshooter's findings (JSON).
    std::string discoveryJson;
    std::string profileYaml;
    std::string applyJournalJson;
    std::string findingsJson;
    bool operator==(const Environment&) const = default;
};

/// A live sample of one side, placed on the run's time axis.
struct RunSample
{
    double runTS = 0; ///< seconds since the run started (the controller's clock)
    perf::Role role = perf::Role::Client;
    perf::Sample sample;
    bool operator==(const RunSample&) const = default;
};

/// One host's counters over one interval, as rates (per second), wraps already undone.
struct CounterSample
{
    double runTS = 0;
    std::string host;
    double intervalS = 0;
    std::map<std::string, double> rates; ///< "hw:out_of_seq_request" -> 12.5/s, "eth:rx_prio3_pause" -> ...
    bool operator==(const CounterSample&) const = default;
};

struct RunEnd
{
    std::string status; ///< "ok", "failed", "cancelled"
    std::string finishedUtc;
    double runS = 0; ///< seconds from start to end
    std::optional<Error> error; ///< when failed
    /// Spelled out (runfile.cpp): a defaulted one needs Error's operator== where this class ends, and clang
    /// holds an earlier failed lookup of it through std::optional against the class.
    bool operator==(const RunEnd& other) const;
};

struct Run
{
    RunHeader header;
    Environment environment;
    std::vector<RunSample> samples;
    std::vector<CounterSample> counters;
    /// Per size, both sides. From the end-of-run results when the run finished, else from the per-size results
    /// streamed while it ran.
    std::vector<perf::SizeReport> sizes;
    std::optional<RunEnd> end; ///< empty when the run never finished (crash, kill, power loss)
    bool truncated = false; ///< the file ends mid-line or without its "end" line
    std::vector<std::string> warnings;
};

bool operator==(const Error& a, const Error& b);

/// Writes a run file as the test goes. Thread-safe: samples come from both probes' threads and the counter
/// sampler. Lines are flushed to the OS at least every 100 ms and at every record that is not a sample.
class RunWriter
{
public:
    /// Creates `path` with the header and environment lines and keeps appending to it. An existing file is an
    /// error unless `existing` is Replace, and then only a regular file is replaced, by a new file renamed over it
    /// (whoever is reading the old one keeps reading it whole); never a symlink, device or FIFO.
    static Result<std::unique_ptr<RunWriter>> create(const std::string& path, const RunHeader& header,
        const Environment& environment, AtomicFile::Existing existing = AtomicFile::Existing::Refuse);
    ~RunWriter();
    RunWriter(const RunWriter&) = delete;
    RunWriter& operator=(const RunWriter&) = delete;

    /// Seconds since create(), the run's time axis.
    double now() const;
    void addSample(perf::Role role, const perf::Sample& sample);
    void addSample(const RunSample& sample);
    void addCounters(const CounterSample& counters);
    /// One side's result for one size, as the probe reported it (kept in case the run never finishes).
    void addSizeResult(perf::Role role, const perf::SizeResult& result);
    /// The merged end-of-run results and the end line; the file is complete and closed afterwards.
    Result<void> finish(const std::vector<perf::SizeReport>& sizes, const std::string& status,
        const std::optional<Error>& error = std::nullopt);
    /// The first write error, if any (a full disk): the test goes on, the caller reports it at the end.
    std::optional<Error> writeError() const;
    const std::string& path() const { return m_path; }

private:
    RunWriter() = default;
    void writeLine(const std::string& line, bool flushNow);
    std::string m_path;
    std::FILE* m_file = nullptr;
    mutable std::mutex m_mutex;
    double m_startMono = 0;
    double m_lastFlush = 0;
    std::optional<Error> m_error;
    perf::Transport m_transport = perf::Transport::Rdma;
};

/// The largest run file read: about 8 million samples.
inline constexpr std::size_t kMaxRunFileBytes = std::size_t { 2 } << 30;

/// Reads a run file (a regular file, or - for standard input; never more than kMaxRunFileBytes). Errors: Io (cannot
/// open), Parse ("FILE:LINE: ..." for garbage, another schema version, a file that is not a run file). A cut-off last
/// line or a missing end line is not an error (see Run::truncated).
Result<Run> readRunFile(const std::string& path);
/// The same from text already in memory; `name` is used in messages.
Result<Run> parseRun(std::string_view text, const std::string& name);

/// The current UTC time as ISO 8601 with seconds ("2026-11-24T06:42:35Z").
std::string utcNow();

/// One line per record, as the writer writes them (exposed for tests and for tools that build run files).
std::string encodeHeader(const RunHeader& header);
std::string encodeEnvironment(const Environment& environment);
std::string encodeSample(const RunSample& sample);
std::string encodeCounters(const CounterSample& counters);
std::string encodeEnd(const RunEnd& end);

} // namespace rp::run

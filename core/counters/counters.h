// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Host counters sampled during a test, shown as rates on the test's time axis: RDMA hw_counters of the device's
// port (sysfs, the same set `rdma statistic show link DEV/PORT` prints) and the netdev's `ethtool -S` statistics
// that matter for RoCE (per-priority pause frames and their duration, PFC/xon/xoff per priority, CNP/ECN,
// discards, errors). One long-running command per host streams a block of readings every interval (no fork per
// counter: sysfs files are read with the shell's `read`), so sampling costs the host next to nothing.
//
// Counter names differ per driver (mlx5, bnxt_re, irdma, rxe; docs: shared dashboards-anchors §3) and some are
// 32 bits wide and wrap: RateTracker undoes a wrap, treats a counter that went back by more than a wrap can
// explain as reset, and reports rates, never totals. A counter a device does not have is absent, never 0.

#include "error.h"
#include "remote/executor.h"
#include "run/run.h"
#include "util/command.h"

#include <atomic>
#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace rp::counters {

using Values = std::map<std::string, std::uint64_t>;

/// `name value` lines (what the sampler prints for hw_counters) or `grep -H . DIR/*` lines (`DIR/name:value`).
/// Lines that are not a name and a whole number are skipped. Names get the prefix "hw:".
Values parseHwCounters(std::string_view text);
/// `ethtool -S NETDEV` ("NIC statistics:" then "     name: value"). Only the RoCE-relevant statistics are kept
/// (isRoceEthtoolStat); names get the prefix "eth:".
Values parseEthtoolStats(std::string_view text);
/// `rdma statistic show [link DEV/PORT]` text: "link rxe0/1 sent_pkts 12 rcvd_pkts 34 ..." (one or more
/// links; `link` picks one, "" = the first). Names get the prefix "hw:".
Values parseRdmaStatistic(std::string_view text, std::string_view link = {});

/// Per-priority pause/PFC/xon/xoff, CNP/ECN, discards, drops, errors, storms, PHY link-downs, bytes/packets.
bool isRoceEthtoolStat(std::string_view name);

/// What a counter means for an admin, per driver (mlx5, bnxt_re, irdma, rxe), for charts and tables.
struct CounterInfo
{
    std::string label; ///< "out-of-sequence packets", "pause frames received, priority 3"
    std::string meaning; ///< one sentence: what a rising rate says
    bool alarm = false; ///< any rise during a test on a lossless fabric is a problem
    std::optional<int> priority; ///< per-priority counters
};
/// `name` with its "hw:"/"eth:" prefix. Unknown counters get their name as label and no meaning.
CounterInfo describeCounter(std::string_view name);

/// Turns successive readings into rates.
class RateTracker
{
public:
    /// `hostTimeS` is the host's clock when it read `values`. The first call only sets the baseline (empty
    /// result); later calls give each counter's rate over the interval. A counter that went down: undone as a
    /// 32-bit wrap when that explains it (old value < 2^32, an increase below 2^30), else it was reset and the rate is
    /// the new value over the interval.
    std::optional<std::map<std::string, double>> update(double hostTimeS, const Values& values);
    double lastIntervalS() const { return m_lastInterval; }

private:
    std::optional<double> m_time;
    Values m_last;
    double m_lastInterval = 0;
};

struct SamplerOptions
{
    std::string host; ///< the label put on every CounterSample
    std::string rdmaDevice; ///< "" = no hw counters
    int port = 1;
    std::string netdev; ///< "" = no ethtool statistics
    double intervalS = 0.1; ///< 0.05..10
    /// Where sysfs is: "/sys" on a host; a recorded or synthetic tree in tests.
    std::string sysfsRoot = "/sys";
    /// rocepilot-probe on the host (where the test put it): sample natively, the shell loop only as fallback.
    /// "" = the shell loop.
    std::string probePath;
};

/// The options checked: the hw_counters directory ("" = none), the netdev ("" = none), the interval as text
/// and how many blocks make a day. Usage/Validation error for a bad name or interval.
struct CheckedSampler
{
    std::string hwCountersDir;
    std::string netdev;
    std::string interval;
    long long maxBlocks = 0;
};
Result<CheckedSampler> checkSampler(const SamplerOptions& options);

/// The streaming command: `rocepilot-probe sample` when options.probePath is set, else shellSamplerCommand.
Result<Command> samplerCommand(const SamplerOptions& options);
/// A constant POSIX shell script, the validated device, port, netdev and interval as its positional arguments.
Result<Command> shellSamplerCommand(const SamplerOptions& options);

/// One block of the sampler's output parsed: the host's time and the readings. Exposed for tests.
struct Block
{
    double hostTimeS = 0;
    Values values;
};
/// Splits the stream into blocks as it arrives (chunks may cut lines and blocks anywhere).
class BlockReader
{
public:
    void feed(std::string_view chunk, const std::function<void(const Block&)>& onBlock);

private:
    std::string m_buffer;
    Block m_block;
    bool m_inEthtool = false;
    std::string m_ethtool;
};

/// Runs the sampler on `executor` until `cancel` turns true (then returns ok) or the command ends on its own
/// (an error: the host went away). `now` gives the run's time axis for each sample.
Result<void> runSampler(Executor& executor, const SamplerOptions& options, const std::function<double()>& now,
    const std::function<void(const run::CounterSample&)>& onSample, const std::atomic<bool>* cancel);

} // namespace rp::counters

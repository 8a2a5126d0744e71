// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Running tests for the GUI's Test page and Dashboard: one pair (probe session or perftest) with the host
// counters sampled on both sides and, when asked, the run saved as it goes; and the schedules that run many
// pairs (one-to-many, all-to-all) so that no host is ever in two tests at once.

#include "counters/counters.h"
#include "discovery/model.h"
#include "error.h"
#include "inventory/inventory.h"
#include "perf/perf.h"
#include "perf/protocol.h"
#include "remote/session.h"
#include "run/run.h"

#include <atomic>
#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace rp::run {

/// Rounds of pairs (indexes into a host list): every unordered pair of n hosts exactly once, no host twice in
/// a round (the circle method: n-1 rounds for even n, n for odd n; in each pair the lower index serves).
std::vector<std::vector<std::pair<int, int>>> allToAllRounds(int n);
/// The hub against each other host, one pair per round (the hub can only be in one test at a time).
std::vector<std::vector<std::pair<int, int>>> oneToManyRounds(int hub, int n);

struct PairTest
{
    HostSpec server, client;
    perf::TestOptions test;
    /// Where the client connects; empty = the server's inventory data_address, else (RDMA, perftest) the
    /// address of the GID discovery recommends on the server, else its SSH address when numeric.
    std::string dataAddress;
    std::optional<HostFacts> serverFacts, clientFacts; ///< from the wizard's discovery, when it ran
    std::string probePath; ///< this machine's rocepilot-probe
    std::string savePath; ///< "" = not saved
    std::string label;
    std::string profileYaml;
    std::string discoveryJson;
    bool sampleCounters = true;
    double countersIntervalS = 0.1;
    double connectTimeoutS = 20;
};

struct RunnerHooks
{
    std::function<void(const RunSample&)> onSample; ///< both sides, on the run's time axis
    std::function<void(const CounterSample&)> onCounters;
    std::function<void(const std::string&)> onStatus;
    const std::atomic<bool>* cancel = nullptr;
};

struct PairOutcome
{
    std::vector<perf::SizeReport> sizes;
    std::string dataAddress;
    std::optional<Error> countersError; ///< the test ran but a host's counters could not be read
};

/// The data-plane address the client uses (see PairTest::dataAddress), or a Validation error saying what to set.
Result<std::string> chooseDataAddress(const PairTest& test);
/// What the run file records about a host from its discovery facts.
HostInfo hostInfoFrom(const HostSpec& spec, const std::string& role, const std::optional<HostFacts>& facts,
    const perf::TestOptions& test, const std::string& dataAddress);
/// Which device, port and netdev to sample on a host (the one the test goes through), or none.
std::optional<counters::SamplerOptions> samplerFor(const HostSpec& spec, const std::optional<HostFacts>& facts,
    const perf::TestOptions& test, const std::string& dataAddress, double intervalS);

/// Runs one pair. Opens its own connections (two per host: probe and counters), samples counters on both
/// sides while the test runs, writes the run file when savePath is set (also when the test fails: the file
/// then ends with the error).
Result<PairOutcome> runPairTest(const PairTest& test, const ConnectContext& context, const RunnerHooks& hooks);

} // namespace rp::run

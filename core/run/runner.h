// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Running tests for the GUI's Test page and Dashboard: one pair (probe session or perftest) with the host
// counters sampled on both sides and, when asked, the run saved as it goes; and the schedules that run many
// pairs (one-to-many, all-to-all) so that no host is ever in two tests at once.

#include "counters/counters.h"
#include "error.h"
#include "inventory/inventory.h"
#include "model/model.h"
#include "perf/perf.h"
#include "perf/protocol.h"
#include "remote/openexecutor.h"
#include "run/run.h"

#include <atomic>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <thread>
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
/// Which device, port and netdev to sample on a host (the one the test goes through: `gidDevice` when the run
/// knows the GID's device, else the test's device, else the one owning the data address, else the first
/// recommended), or none. A VLAN netdev is sampled on its parent (the pause counters live there).
std::optional<counters::SamplerOptions> samplerFor(const HostSpec& spec, const std::optional<HostFacts>& facts,
    const perf::TestOptions& test, const std::string& dataAddress, double intervalS, const std::string& gidDevice = {});

/// Host counters sampled while a test runs, shared by the GUI's runner and `rocepilot-cli test`: one more
/// connection and one thread per host (the test's own channels are busy). With a probe path the probe is put
/// on the host (as a test does) and samples natively; the shell loop is the fallback. stop() (or the
/// destructor) ends and joins every sampler.
class CounterSampling
{
public:
    struct Plan
    {
        HostSpec spec;
        counters::SamplerOptions options;
    };
    CounterSampling() = default;
    ~CounterSampling();
    CounterSampling(const CounterSampling&) = delete;
    CounterSampling& operator=(const CounterSampling&) = delete;

    /// A host that cannot be reached is reported through onError and skipped; the others start sampling.
    /// onSample and onError are called from the sampler threads.
    void start(const std::vector<Plan>& plans, const ConnectContext& context, const std::string& probePath,
        std::function<double()> now, std::function<void(const CounterSample&)> onSample,
        std::function<void(const Error&)> onError);
    void stop();

private:
    std::atomic<bool> m_stop { false };
    std::vector<std::unique_ptr<Executor>> m_executors;
    std::vector<std::thread> m_threads;
    std::function<double()> m_now;
    std::function<void(const CounterSample&)> m_onSample;
    std::function<void(const Error&)> m_onError;
};

/// Runs one pair. Opens its own connections (two per host: probe and counters), samples counters on both
/// sides while the test runs, writes the run file when savePath is set (also when the test fails: the file
/// then ends with the error).
Result<PairOutcome> runPairTest(const PairTest& test, const ConnectContext& context, const RunnerHooks& hooks);

} // namespace rp::run

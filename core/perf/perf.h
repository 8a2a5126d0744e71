// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The performance engine's shared vocabulary: what a test is (TestOptions), what it reports while it runs
// (Sample) and at the end (SizeResult), and the engine entry points every transport implements. The test
// design follows "A Performance Study to Guide RDMA Programming Decisions" (shared/seeds/001): ping = the
// client sends and the server echoes, one-way latency is half the round trip; blast = the client sends as fast
// as it can and the server only receives.
//
// One engine run serves one connection and walks the whole size list in order (a sweep is one connection), so
// the server and the client agree on the sequence without a control channel of their own.

#include "error.h"
#include "util/cancel.h"

#include <atomic>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace rp::perf {

/// The largest message size a test may use (the probe protocol refuses more): 256 MiB.
inline constexpr std::uint64_t kMaxMessageSize = 256ull << 20;

enum class Mode { Ping, Blast };
/// Ping: Send = SEND/RECV echo; WriteImm = RDMA WRITE WITH IMM/RECV echo; Write = the client-active variant
/// (the client RDMA WRITEs its buffer, then RDMA READs it back; the server's CPU does nothing).
/// Blast: every op; Read = the client RDMA READs from the server as fast as it can.
enum class Op { Send, Write, WriteImm, Read };
enum class Transport { Rdma, Tcp, Perftest };
enum class Completion { Poll, Event }; ///< busy-poll the CQ, or sleep on the completion channel
enum class Role { Server, Client };

struct TestOptions
{
    Mode mode = Mode::Ping;
    Op op = Op::Send;
    Transport transport = Transport::Rdma;
    std::vector<std::uint64_t> sizes { 64 }; ///< bytes, run in this order; a sweep = powers of two
    bool inlineData = false; ///< IBV_SEND_INLINE; more than the device's max_inline_data is an error
    Completion completion = Completion::Poll;
    int depth = 1; ///< outstanding buffers (work requests in flight), 1..128
    int postList = 1; ///< work requests per ibv_post_send, 1..depth
    int signalEvery = 1; ///< 1 = every WR signalled; N = every Nth (periodic signalling), 1..depth
    std::optional<std::uint64_t> iterations; ///< per size; when set it wins over duration
    double durationS = 2.0; ///< per size
    double warmupS = 0.2; ///< per size, not measured
    double sampleIntervalS = 0.1; ///< live samples at >= 10/s
    /// The sender fills every message with patternByte() and the receiver checks it (SizeResult::verifyErrors).
    /// Costs CPU per byte, so benchmarks leave it off and the tests turn it on.
    bool verifyData = false;
    // RDMA
    std::string device; ///< rdma device; empty = the one that owns the address
    std::optional<int> gidIndex; ///< explicit GID index; empty = rdma_cm resolves it from the address (RoCE v2)
    std::optional<int> tos; ///< IP ToS byte for rdma_cm (DSCP x 4), from the profile
    // Both
    int port = 18515; ///< TCP port / rdma_cm port the server listens on; 0 = pick a free one (reported in Ready)

    bool operator==(const TestOptions&) const = default;
};

/// Checks ranges and combinations (e.g. ping + read is not a test; postList <= depth); Usage errors that name
/// the option ("--depth: 1..128").
Result<void> validate(const TestOptions& options);

/// Powers of two from `from` to `to` inclusive (1..256 MiB); "--sweep 1:65536".
Result<std::vector<std::uint64_t>> sweepSizes(std::uint64_t from, std::uint64_t to);

struct LatencySummary
{
    std::uint64_t count = 0;
    double minUs = 0, p50Us = 0, p90Us = 0, p99Us = 0, p999Us = 0, maxUs = 0, meanUs = 0;
    /// What a back end did not measure is false here (null in JSON), never a made-up 0: perftest reports no
    /// p90, and in duration mode only the mean. The engines' histograms give everything.
    bool hasPercentiles = true; ///< min, p50, p99, p99.9, max
    bool hasP90 = true;
    bool operator==(const LatencySummary&) const = default;
};

/// Log-linear histogram of nanosecond values: fixed memory (no sample list; about 7,500 counters with the
/// default 7 sub-bucket bits), exact below 2^bits ns, a reported quantile within 2^-bits of the true value
/// above, exact min/max/count.
class Histogram
{
public:
    explicit Histogram(int subBucketBits = 7);
    void record(std::uint64_t ns);
    void merge(const Histogram& other);
    void reset();
    std::uint64_t count() const { return count_; }
    std::uint64_t min() const { return count_ ? min_ : 0; }
    std::uint64_t max() const { return max_; }
    double mean() const;
    /// The value at quantile q in [0,1] (0 = min, 1 = max), reported as the midpoint of its bucket clamped to
    /// [min, max].
    std::uint64_t quantile(double q) const;
    /// microseconds; one-way = halve the round trip before recording, not after
    LatencySummary summary() const;

private:
    std::size_t indexOf(std::uint64_t ns) const;
    std::uint64_t lowestOf(std::size_t index) const;
    std::uint64_t highestOf(std::size_t index) const;
    int subBits_;
    std::vector<std::uint64_t> counts_;
    std::uint64_t count_ = 0, min_ = 0, max_ = 0;
    long double sum_ = 0;
};

/// Streamed while a size runs (>= 10/s): the interval since the previous sample, not cumulative.
struct Sample
{
    std::uint64_t size = 0;
    double tS = 0; ///< seconds since this size's measured phase began
    double intervalS = 0;
    std::uint64_t messages = 0; ///< in the interval
    std::uint64_t bytes = 0;
    double gbps = 0; ///< payload Gb/s (10^9 bits) in the interval
    double messagesPerS = 0;
    std::optional<double> p50Us; ///< ping: one-way p50 of the interval
    std::optional<double> p99Us; ///< ping: one-way p99 of the interval (the dashboard's p50..p99 band)
    double cpuPercent = 0; ///< this side, user+sys over the interval's wall time (100 = one core)
    bool operator==(const Sample&) const = default;
};

struct CpuUse
{
    double userS = 0, sysS = 0, wallS = 0;
    double percent() const { return wallS > 0 ? 100.0 * (userS + sysS) / wallS : 0.0; }
    bool operator==(const CpuUse&) const = default;
};

/// One side's result for one size.
struct SizeResult
{
    std::uint64_t size = 0;
    std::uint64_t messages = 0;
    std::uint64_t bytes = 0; ///< payload moved in the measured phase (blast: by this side; ping: one direction)
    double elapsedS = 0;
    double gbps = 0;
    double messagesPerS = 0;
    std::optional<LatencySummary> latency; ///< ping, client side: one-way
    CpuUse cpu;
    std::uint64_t verifyErrors = 0; ///< receiver: payloads whose data pattern did not match
    bool operator==(const SizeResult&) const = default;
};

/// What an engine tells the caller while it runs. Callbacks come from the engine's thread.
struct RunHooks
{
    /// Server: listening on `port` (the real one when options.port was 0). Client: connected.
    std::function<void(int port)> onReady;
    std::function<void(const Sample&)> onSample;
    std::function<void(const SizeResult&)> onSizeDone;
    /// Polled at least every 100 ms; true = stop, tear down, return Cancelled.
    const std::atomic<bool>* cancel = nullptr;
    /// Nothing waits forever: a peer that never shows up (accept/connect/first message) ends in Timeout.
    double connectTimeoutS = 15.0;
};

using rp::cancelled;
/// The hooks' cancel flag is set (the engines' one test between steps).
inline bool cancelled(const RunHooks& hooks)
{
    return cancelled(hooks.cancel);
}

struct Endpoint
{
    std::string address; ///< numeric IPv4/IPv6; server: the address to bind ("" = any)
    int port = 0;
};

/// TCP engine (core/perf/tcp.cpp): same ping/blast semantics over a TCP socket (TCP_NODELAY); op is ignored
/// except that it must be Send.
Result<std::vector<SizeResult>> runTcpServer(const TestOptions& options, const Endpoint& bind, const RunHooks& hooks);
Result<std::vector<SizeResult>> runTcpClient(const TestOptions& options, const Endpoint& server, const RunHooks& hooks);

/// RDMA engine (core/perf/rdma.cpp, the engine in rdmaverbsengine*.cpp): RC QP via rdma_cm on the address's device;
/// verbs ops as in Op.
Result<std::vector<SizeResult>> runRdmaServer(const TestOptions& options, const Endpoint& bind, const RunHooks& hooks);
Result<std::vector<SizeResult>> runRdmaClient(
    const TestOptions& options, const Endpoint& server, const RunHooks& hooks);

/// The data pattern the sender writes and the receiver verifies: byte i of message n.
inline std::uint8_t patternByte(std::uint64_t message, std::uint64_t i)
{
    return static_cast<std::uint8_t>((message * 131u + i * 7u + 1u) & 0xffu);
}

std::string toString(Mode mode); ///< "ping" / "blast"
std::string toString(Op op); ///< "send" / "write" / "write-imm" / "read"
std::string toString(Transport transport); ///< "rdma" / "tcp" / "perftest"
std::string toString(Completion completion); ///< "poll" / "event"
std::optional<Mode> modeFromString(std::string_view text);
std::optional<Op> opFromString(std::string_view text);
std::optional<Transport> transportFromString(std::string_view text);

} // namespace rp::perf

// SPDX-License-Identifier: GPL-3.0-or-later
#include "perf/perf.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <limits>

namespace rp::perf {

namespace {

std::unexpected<Error> usage(const std::string& option, const std::string& message)
{
    return fail(ErrorKind::Usage, option + ": " + message, option);
}

} // namespace

Result<void> validate(const TestOptions& o)
{
    if (o.sizes.empty())
        return usage("--size", "no message size given");
    for (auto size : o.sizes) {
        if (size < 1 || size > kMaxMessageSize)
            return usage("--size", std::to_string(size) + " is outside 1 B..256 MiB");
    }
    if (o.mode == Mode::Ping && o.op == Op::Read)
        return usage("--op",
            "ping has no read variant: '--op write' is the client-active RDMA WRITE + RDMA READ "
            "ping; blast supports read");
    if (o.transport == Transport::Tcp && o.op != Op::Send)
        return usage("--op", "TCP has only send (write, write-imm and read are RDMA operations)");
    if (o.depth < 1 || o.depth > 128)
        return usage("--depth", "outstanding buffers must be 1..128, not " + std::to_string(o.depth));
    if (o.postList < 1 || o.postList > o.depth)
        return usage("--post-list", "work requests per post must be 1..depth (" + std::to_string(o.depth) + ")");
    if (o.signalEvery < 1 || o.signalEvery > o.depth)
        return usage("--signal-every", "must be 1..depth (" + std::to_string(o.depth) + ")");
    if (o.mode == Mode::Ping && (o.depth != 1 || o.postList != 1 || o.signalEvery != 1))
        return usage("--depth", "ping keeps one message in flight: depth, post list and signalling apply to blast");
    if (o.inlineData && o.op == Op::Read)
        return usage("--inline", "RDMA READ carries no data in the request, so it cannot be inline");
    if (o.iterations && *o.iterations == 0)
        return usage("--iterations", "must be at least 1");
    if (!o.iterations && !(o.durationS > 0 && o.durationS <= 3600))
        return usage("--duration", "must be more than 0 and at most 3600 seconds");
    if (!(o.warmupS >= 0 && o.warmupS <= 60))
        return usage("--warmup", "must be 0..60 seconds");
    if (!(o.sampleIntervalS >= 0.01 && o.sampleIntervalS <= 0.1))
        return usage("--sample-interval", "must be 0.01..0.1 s (live charts need >= 10 samples/s)");
    if (o.gidIndex && (*o.gidIndex < 0 || *o.gidIndex > 65535))
        return usage("--gid-index", "must be 0..65535");
    if (o.tos && (*o.tos < 0 || *o.tos > 255))
        return usage("--tos", "the ToS byte is 0..255 (DSCP x 4, e.g. 104 for DSCP 26)");
    if (o.port < 0 || o.port > 65535)
        return usage("--port", "must be 0..65535");
    return {};
}

Result<std::vector<std::uint64_t>> sweepSizes(std::uint64_t from, std::uint64_t to)
{
    if (from < 1 || to > kMaxMessageSize || from > to)
        return usage("--sweep", "needs FROM:TO with 1 <= FROM <= TO <= 268435456 (256 MiB)");
    if (!std::has_single_bit(from) || !std::has_single_bit(to))
        return usage("--sweep", "FROM and TO must be powers of two");
    std::vector<std::uint64_t> sizes;
    for (auto s = from; s <= to; s *= 2)
        sizes.push_back(s);
    return sizes;
}

// Bucket layout: values below 2^subBits are exact (one bucket each); above, every power-of-two range
// [2^k, 2^(k+1)) is split into 2^(subBits-1) equal buckets, so a bucket's width is at most 2^-(subBits-1) of its
// lower bound.
Histogram::Histogram(int subBucketBits)
    : subBits_(std::clamp(subBucketBits, 2, 12))
{
    const std::size_t half = std::size_t { 1 } << (subBits_ - 1);
    counts_.assign((std::size_t { 1 } << subBits_) + static_cast<std::size_t>(64 - subBits_) * half, 0);
}

std::size_t Histogram::indexOf(std::uint64_t v) const
{
    const std::uint64_t linear = std::uint64_t { 1 } << subBits_;
    if (v < linear)
        return static_cast<std::size_t>(v);
    const int k = static_cast<int>(std::bit_width(v)) - 1; // v in [2^k, 2^(k+1)), k >= subBits; bit_width <= 64
    const int shift = k - (subBits_ - 1);
    const std::uint64_t half = std::uint64_t { 1 } << (subBits_ - 1);
    const std::uint64_t sub = (v >> shift) - half; // 0..half-1
    return static_cast<std::size_t>(linear + static_cast<std::uint64_t>(k - subBits_) * half + sub);
}

std::uint64_t Histogram::lowestOf(std::size_t index) const
{
    const std::uint64_t linear = std::uint64_t { 1 } << subBits_;
    if (index < linear)
        return index;
    const std::uint64_t half = std::uint64_t { 1 } << (subBits_ - 1);
    const std::uint64_t rel = index - linear;
    const int k = static_cast<int>(rel / half) + subBits_;
    const std::uint64_t sub = rel % half;
    return (half + sub) << (k - (subBits_ - 1));
}

std::uint64_t Histogram::highestOf(std::size_t index) const
{
    const std::uint64_t linear = std::uint64_t { 1 } << subBits_;
    if (index < linear)
        return index;
    const std::uint64_t half = std::uint64_t { 1 } << (subBits_ - 1);
    const int k = static_cast<int>((index - linear) / half) + subBits_;
    const std::uint64_t width = std::uint64_t { 1 } << (k - (subBits_ - 1));
    return lowestOf(index) + (width - 1);
}

void Histogram::record(std::uint64_t ns)
{
    counts_[indexOf(ns)]++;
    if (count_ == 0 || ns < min_)
        min_ = ns;
    max_ = std::max(max_, ns);
    ++count_;
    sum_ += static_cast<long double>(ns);
}

void Histogram::merge(const Histogram& other)
{
    if (other.count_ == 0)
        return;
    if (other.subBits_ == subBits_) {
        for (std::size_t i = 0; i < counts_.size(); ++i)
            counts_[i] += other.counts_[i];
    } else {
        for (std::size_t i = 0; i < other.counts_.size(); ++i) {
            if (other.counts_[i])
                counts_[indexOf(other.lowestOf(i))] += other.counts_[i];
        }
    }
    min_ = count_ ? std::min(min_, other.min_) : other.min_;
    max_ = std::max(max_, other.max_);
    count_ += other.count_;
    sum_ += other.sum_;
}

void Histogram::reset()
{
    std::fill(counts_.begin(), counts_.end(), 0);
    count_ = min_ = max_ = 0;
    sum_ = 0;
}

double Histogram::mean() const
{
    return count_ ? static_cast<double>(sum_ / static_cast<long double>(count_)) : 0.0;
}

std::uint64_t Histogram::quantile(double q) const
{
    if (count_ == 0)
        return 0;
    if (q <= 0)
        return min_;
    if (q >= 1)
        return max_;
    // The rank of the value at q, 1-based, as "nearest rank": ceil(q * n).
    const auto rank
        = std::max<std::uint64_t>(1, static_cast<std::uint64_t>(std::ceil(q * static_cast<double>(count_) - 1e-9)));
    std::uint64_t seen = 0;
    for (std::size_t i = 0; i < counts_.size(); ++i) {
        seen += counts_[i];
        if (seen >= rank) {
            const std::uint64_t lo = lowestOf(i), hi = highestOf(i);
            const std::uint64_t mid = lo + (hi - lo) / 2;
            return std::clamp(mid, min_, max_);
        }
    }
    return max_;
}

LatencySummary Histogram::summary() const
{
    auto us = [](std::uint64_t ns) { return static_cast<double>(ns) / 1000.0; };
    LatencySummary s;
    s.count = count_;
    if (!count_)
        return s;
    s.minUs = us(min());
    s.p50Us = us(quantile(0.50));
    s.p90Us = us(quantile(0.90));
    s.p99Us = us(quantile(0.99));
    s.p999Us = us(quantile(0.999));
    s.maxUs = us(max());
    s.meanUs = mean() / 1000.0;
    return s;
}

std::string toString(Mode mode)
{
    return mode == Mode::Ping ? "ping" : "blast";
}

std::string toString(Op op)
{
    switch (op) {
    case Op::Send:
        return "send";
    case Op::Write:
        return "write";
    case Op::WriteImm:
        return "write-imm";
    case Op::Read:
        return "read";
    }
    return "send";
}

std::string toString(Transport transport)
{
    switch (transport) {
    case Transport::Rdma:
        return "rdma";
    case Transport::Tcp:
        return "tcp";
    case Transport::Perftest:
        return "perftest";
    }
    return "rdma";
}

std::string toString(Completion completion)
{
    return completion == Completion::Poll ? "poll" : "event";
}

std::optional<Mode> modeFromString(std::string_view text)
{
    if (text == "ping")
        return Mode::Ping;
    if (text == "blast")
        return Mode::Blast;
    return std::nullopt;
}

std::optional<Op> opFromString(std::string_view text)
{
    for (auto op : { Op::Send, Op::Write, Op::WriteImm, Op::Read }) {
        if (text == toString(op))
            return op;
    }
    return std::nullopt;
}

std::optional<Transport> transportFromString(std::string_view text)
{
    for (auto t : { Transport::Rdma, Transport::Tcp, Transport::Perftest }) {
        if (text == toString(t))
            return t;
    }
    return std::nullopt;
}

} // namespace rp::perf

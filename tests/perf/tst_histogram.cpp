// SPDX-License-Identifier: GPL-3.0-or-later
// The log-linear latency histogram against exact sorted quantiles of known distributions: every reported
// quantile lies within the documented error (2^-bits of the true value; exact below 2^bits ns), min/max/count
// are exact, merging equals recording everything in one, and an empty histogram reports zeros.
#include "perf/perf.h"

#include <QtTest>

#include <algorithm>
#include <cmath>
#include <random>
#include <vector>

using namespace rp::perf;

namespace {

/// The nearest-rank quantile of sorted values, as Histogram::quantile defines it.
std::uint64_t exactQuantile(const std::vector<std::uint64_t>& sorted, double q)
{
    if (q <= 0)
        return sorted.front();
    if (q >= 1)
        return sorted.back();
    auto rank = static_cast<std::size_t>(std::ceil(q * static_cast<double>(sorted.size()) - 1e-9));
    return sorted[std::max<std::size_t>(rank, 1) - 1];
}

/// Checks every quantile on a fine grid plus the summary's; returns the worst relative error seen.
double checkAgainstExact(const Histogram& h, std::vector<std::uint64_t> values, int bits)
{
    std::sort(values.begin(), values.end());
    const double bound = std::ldexp(1.0, -bits);
    double worst = 0;
    std::vector<double> qs { 0.0, 0.5, 0.9, 0.99, 0.999, 1.0 };
    for (int i = 1; i < 1000; ++i)
        qs.push_back(i / 1000.0);
    for (double q : qs) {
        const auto want = exactQuantile(values, q);
        const auto got = h.quantile(q);
        const double error = std::abs(static_cast<double>(got) - static_cast<double>(want));
        const double allowed = want < (std::uint64_t { 1 } << bits) ? 0.0 : bound * static_cast<double>(want) + 1.0;
        if (error > allowed) {
            qWarning("q=%g: got %llu, exact %llu, error %g > allowed %g", q, static_cast<unsigned long long>(got),
                static_cast<unsigned long long>(want), error, allowed);
            return -1;
        }
        if (want > 0)
            worst = std::max(worst, error / static_cast<double>(want));
    }
    return worst;
}

} // namespace

class TestHistogram : public QObject
{
    Q_OBJECT

private slots:
    void emptyReportsZeros()
    {
        Histogram h;
        QCOMPARE(h.count(), std::uint64_t(0));
        QCOMPARE(h.min(), std::uint64_t(0));
        QCOMPARE(h.max(), std::uint64_t(0));
        QCOMPARE(h.quantile(0.5), std::uint64_t(0));
        QCOMPARE(h.mean(), 0.0);
        const LatencySummary s = h.summary();
        QCOMPARE(s.count, std::uint64_t(0));
        QCOMPARE(s.p50Us, 0.0);
        QCOMPARE(s.maxUs, 0.0);
        Histogram other;
        other.merge(h);
        QCOMPARE(other.count(), std::uint64_t(0));
    }

    void constantIsExact()
    {
        for (std::uint64_t v : { std::uint64_t(0), std::uint64_t(1), std::uint64_t(127), std::uint64_t(128),
                 std::uint64_t(12345), std::uint64_t(987654321) }) {
            Histogram h;
            for (int i = 0; i < 1000; ++i)
                h.record(v);
            for (double q : { 0.0, 0.01, 0.5, 0.9, 0.99, 0.999, 1.0 })
                QCOMPARE(h.quantile(q), v); // clamped to [min, max], which are both v
            QCOMPARE(h.min(), v);
            QCOMPARE(h.max(), v);
            QCOMPARE(h.mean(), static_cast<double>(v));
        }
    }

    void exactBelowTheLinearRange()
    {
        // Below 2^7 ns every value has its own bucket: quantiles are exact.
        Histogram h;
        std::vector<std::uint64_t> values;
        for (std::uint64_t v = 0; v < 128; ++v) {
            for (std::uint64_t k = 0; k <= v % 5; ++k) {
                h.record(v);
                values.push_back(v);
            }
        }
        std::sort(values.begin(), values.end());
        for (int i = 0; i <= 100; ++i)
            QCOMPARE(h.quantile(i / 100.0), exactQuantile(values, i / 100.0));
    }

    void uniformWithinTheDocumentedError_data()
    {
        QTest::addColumn<int>("bits");
        QTest::newRow("7 bits (default)") << 7;
        QTest::newRow("4 bits") << 4;
        QTest::newRow("10 bits") << 10;
    }
    void uniformWithinTheDocumentedError()
    {
        QFETCH(int, bits);
        std::mt19937_64 rng(7);
        std::uniform_int_distribution<std::uint64_t> dist(1000, 5'000'000);
        Histogram h(bits);
        std::vector<std::uint64_t> values(200000);
        for (auto& v : values) {
            v = dist(rng);
            h.record(v);
        }
        const double worst = checkAgainstExact(h, values, bits);
        QVERIFY2(worst >= 0, "a quantile is outside the documented error");
        // The bound is not vacuous: with few sub-buckets the error is visible, and it shrinks with more bits.
        if (bits == 4)
            QVERIFY2(worst > 0.005, std::to_string(worst).c_str());
        if (bits == 10)
            QVERIFY2(worst < 0.001, std::to_string(worst).c_str());
        QCOMPARE(h.count(), std::uint64_t(values.size()));
        QCOMPARE(h.min(), *std::min_element(values.begin(), values.end()));
        QCOMPARE(h.max(), *std::max_element(values.begin(), values.end()));
        long double sum = 0;
        for (auto v : values)
            sum += static_cast<long double>(v);
        QVERIFY(std::abs(h.mean() - static_cast<double>(sum / values.size())) < 1e-6 * h.mean());
    }

    void exponentialWithinTheDocumentedError()
    {
        // Latency-like: a floor of 2 us plus an exponential tail with a 20 us mean.
        std::mt19937_64 rng(11);
        std::exponential_distribution<double> tail(1.0 / 20000.0);
        Histogram h;
        std::vector<std::uint64_t> values(300000);
        for (auto& v : values) {
            v = 2000 + static_cast<std::uint64_t>(tail(rng));
            h.record(v);
        }
        QVERIFY2(checkAgainstExact(h, values, 7) >= 0, "a quantile is outside the documented error");
        // The summary is the same quantiles in microseconds.
        std::sort(values.begin(), values.end());
        const LatencySummary s = h.summary();
        QCOMPARE(s.count, std::uint64_t(values.size()));
        QCOMPARE(s.minUs, static_cast<double>(values.front()) / 1000.0);
        QCOMPARE(s.maxUs, static_cast<double>(values.back()) / 1000.0);
        const double p99 = static_cast<double>(exactQuantile(values, 0.99)) / 1000.0;
        QVERIFY(std::abs(s.p99Us - p99) <= p99 / 128 + 0.001);
        const double p999 = static_cast<double>(exactQuantile(values, 0.999)) / 1000.0;
        QVERIFY(std::abs(s.p999Us - p999) <= p999 / 128 + 0.001);
        QVERIFY(s.minUs <= s.p50Us && s.p50Us <= s.p90Us && s.p90Us <= s.p99Us && s.p99Us <= s.p999Us
            && s.p999Us <= s.maxUs);
        QVERIFY(s.hasPercentiles && s.hasP90);
    }

    void mergeEqualsOneHistogram()
    {
        std::mt19937_64 rng(3);
        std::uniform_int_distribution<std::uint64_t> low(100, 10000), high(1'000'000, 100'000'000);
        Histogram all, a, b;
        for (int i = 0; i < 50000; ++i) {
            auto x = low(rng), y = high(rng);
            all.record(x);
            all.record(y);
            a.record(x);
            b.record(y);
        }
        Histogram merged;
        merged.merge(a);
        merged.merge(b);
        QCOMPARE(merged.count(), all.count());
        QCOMPARE(merged.min(), all.min());
        QCOMPARE(merged.max(), all.max());
        QCOMPARE(merged.mean(), all.mean());
        for (int i = 0; i <= 1000; ++i)
            QCOMPARE(merged.quantile(i / 1000.0), all.quantile(i / 1000.0));

        // A coarser histogram merged into a finer one keeps its counts (in the bucket of each lower bound).
        Histogram coarse(4), fine(7);
        for (std::uint64_t v = 1000; v < 100000; v += 7)
            coarse.record(v);
        fine.merge(coarse);
        QCOMPARE(fine.count(), coarse.count());
        QCOMPARE(fine.min(), coarse.min());
        QCOMPARE(fine.max(), coarse.max());

        a.reset();
        QCOMPARE(a.count(), std::uint64_t(0));
        QCOMPARE(a.quantile(0.5), std::uint64_t(0));
    }

    void hugeValuesDoNotOverflow()
    {
        Histogram h;
        h.record(~std::uint64_t { 0 });
        h.record(std::uint64_t { 1 } << 63);
        h.record(1);
        QCOMPARE(h.max(), ~std::uint64_t { 0 });
        QCOMPARE(h.min(), std::uint64_t(1));
        QVERIFY(h.quantile(0.5) >= (std::uint64_t { 1 } << 63) - (std::uint64_t { 1 } << 57));
    }
};

QTEST_APPLESS_MAIN(TestHistogram)
#include "tst_histogram.moc"

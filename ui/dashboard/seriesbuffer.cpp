// SPDX-License-Identifier: GPL-3.0-or-later
#include "dashboard/seriesbuffer.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace rp::ui {

SeriesBuffer::SeriesBuffer(std::size_t rawCapacity, std::size_t bucketCapacity)
    : kRawCapacity(std::max<std::size_t>(rawCapacity, 16))
    , kBucketCapacity(std::max<std::size_t>(bucketCapacity, 16))
    , m_rawT(kRawCapacity)
    , m_rawV(kRawCapacity)
    , m_buckets(kBucketCapacity, Bucket { std::numeric_limits<float>::quiet_NaN(), 0 })
{ }

void SeriesBuffer::clear()
{
    m_rawHead = m_rawSize = 0;
    std::fill(m_buckets.begin(), m_buckets.end(), Bucket { std::numeric_limits<float>::quiet_NaN(), 0 });
    m_firstBucket = m_lastBucket = -1;
    m_count = 0;
    m_firstT = m_lastT = 0;
}

double SeriesBuffer::m_rawOldest() const
{
    return m_rawT[(m_rawHead + kRawCapacity - m_rawSize) % kRawCapacity];
}

void SeriesBuffer::append(double t, double v)
{
    if (!std::isfinite(t) || !std::isfinite(v) || (m_count > 0 && t < m_lastT))
        return;
    if (m_count == 0)
        m_firstT = t;
    m_lastT = t;
    ++m_count;
    m_rawT[m_rawHead] = t;
    m_rawV[m_rawHead] = v;
    m_rawHead = (m_rawHead + 1) % kRawCapacity;
    m_rawSize = std::min(m_rawSize + 1, kRawCapacity);

    const auto b = static_cast<long long>(std::floor(t / kBucketS));
    if (m_firstBucket < 0)
        m_firstBucket = m_lastBucket = b;
    // Buckets between the last one and this one stay empty (NaN): a gap, e.g. a size's warm-up.
    while (m_lastBucket < b) {
        ++m_lastBucket;
        m_buckets[static_cast<std::size_t>(m_lastBucket) % kBucketCapacity]
            = Bucket { std::numeric_limits<float>::quiet_NaN(), 0 };
        if (m_lastBucket - m_firstBucket >= static_cast<long long>(kBucketCapacity))
            ++m_firstBucket;
    }
    Bucket& k = m_buckets[static_cast<std::size_t>(b) % kBucketCapacity];
    const auto f = static_cast<float>(v);
    if (std::isnan(k.lo)) {
        k.lo = k.hi = f;
    } else {
        k.lo = std::min(k.lo, f);
        k.hi = std::max(k.hi, f);
    }
}

namespace {
constexpr double kGapS = 0.5;
} // namespace

void SeriesBuffer::decimate(double t0, double t1, int columns, QVector<double>& keys, QVector<double>& values) const
{
    keys.clear();
    values.clear();
    if (m_count == 0 || columns <= 0 || t1 <= t0)
        return;
    const double colW = (t1 - t0) / columns;
    // Raw samples when they cover the range and a column is narrower than a bucket; else the buckets.
    if (m_rawSize > 0 && m_rawOldest() <= t0 + colW && colW < kBucketS * 2) {
        std::size_t start = (m_rawHead + kRawCapacity - m_rawSize) % kRawCapacity;
        int column = -1;
        double lo = 0, hi = 0, loT = 0, hiT = 0;
        auto flush = [&] {
            if (column < 0)
                return;
            if (lo == hi) {
                keys << loT;
                values << lo;
            } else if (loT <= hiT) {
                keys << loT << hiT;
                values << lo << hi;
            } else {
                keys << hiT << loT;
                values << hi << lo;
            }
        };
        for (std::size_t i = 0; i < m_rawSize; ++i) {
            const std::size_t k = (start + i) % kRawCapacity;
            const double t = m_rawT[k];
            if (t < t0 || t > t1)
                continue;
            const double v = m_rawV[k];
            const int c = std::min(columns - 1, static_cast<int>((t - t0) / colW));
            if (c != column) {
                flush();
                column = c;
                lo = hi = v;
                loT = hiT = t;
            } else if (v < lo) {
                lo = v;
                loT = t;
            } else if (v > hi) {
                hi = v;
                hiT = t;
            }
        }
        flush();
        return;
    }
    const long long b0 = std::max(m_firstBucket, static_cast<long long>(std::floor(t0 / kBucketS)));
    const long long b1 = std::min(m_lastBucket, static_cast<long long>(std::floor(t1 / kBucketS)));
    int column = -1;
    float lo = 0, hi = 0;
    bool gap = false;
    auto flush = [&] {
        if (column < 0)
            return;
        const double mid = t0 + (column + 0.5) * colW;
        keys << mid;
        values << lo;
        if (hi != lo) {
            keys << mid;
            values << hi;
        }
    };
    for (long long b = b0; b <= b1; ++b) {
        const Bucket& k = m_buckets[static_cast<std::size_t>(b) % kBucketCapacity];
        const double t = (static_cast<double>(b) + 0.5) * kBucketS;
        const int c = std::clamp(static_cast<int>((t - t0) / colW), 0, columns - 1);
        if (std::isnan(k.lo)) {
            gap = true;
            continue;
        }
        if (c != column) {
            flush();
            // Empty buckets between samples are normal (10 samples/s fill one bucket in ten); half a second
            // without any is a gap in the data (a size's warm-up, a pause): break the line there.
            if (gap && column >= 0 && (c - column) * colW > kGapS) {
                keys << t0 + (column + 1) * colW;
                values << std::numeric_limits<double>::quiet_NaN();
            }
            column = c;
            lo = k.lo;
            hi = k.hi;
        } else {
            lo = std::min(lo, k.lo);
            hi = std::max(hi, k.hi);
        }
        gap = false;
    }
    flush();
}

bool SeriesBuffer::range(double t0, double t1, double& lo, double& hi) const
{
    QVector<double> k, v;
    decimate(t0, t1, 200, k, v);
    bool any = false;
    for (double x : std::as_const(v)) {
        if (std::isnan(x))
            continue;
        lo = any ? std::min(lo, x) : x;
        hi = any ? std::max(hi, x) : x;
        any = true;
    }
    return any;
}

std::size_t SeriesBuffer::memoryBytes() const
{
    return (m_rawT.capacity() + m_rawV.capacity()) * sizeof(double) + m_buckets.capacity() * sizeof(Bucket);
}

} // namespace rp::ui

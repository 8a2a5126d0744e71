// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The dashboard's decimation tier: what a live chart keeps of one series and how it hands QCustomPlot at most
// two points per pixel column, however many samples arrive (10 000/s and more). Two fixed-size rings, allocated
// once, so memory stays flat over a run of any length (the saved run keeps every sample on disk):
//   raw     the last kRawCapacity (t, v) samples, for zoomed-in views
//   buckets min/max per 10 ms for the last kBucketCapacity buckets (about 1.5 hours), for everything else.

#include <QVector>

#include <cstddef>
#include <vector>

namespace rp::ui {

class SeriesBuffer
{
public:
    static constexpr double kBucketS = 0.01;

    /// Defaults: 65 536 raw samples (6.5 s at 10 kHz) and 2^19 buckets (87 minutes): 5 MB per series.
    explicit SeriesBuffer(std::size_t rawCapacity = 1u << 16, std::size_t bucketCapacity = 1u << 19);
    /// Times must not go backwards (a sample older than the newest is dropped).
    void append(double t, double v);
    void clear();
    bool empty() const { return m_count == 0; }
    double firstTime() const { return m_firstT; }
    double lastTime() const { return m_lastT; }
    std::size_t count() const { return m_count; } ///< every sample ever appended
    /// The series over [t0, t1] as at most two points (min and max, in time order) per column.
    void decimate(double t0, double t1, int columns, QVector<double>& keys, QVector<double>& values) const;
    /// Largest and smallest value over [t0, t1] (for axis ranges); false when there is none.
    bool range(double t0, double t1, double& lo, double& hi) const;
    std::size_t memoryBytes() const;

private:
    struct Bucket
    {
        float lo, hi;
    };
    std::size_t kRawCapacity, kBucketCapacity;
    std::vector<double> m_rawT, m_rawV;
    std::size_t m_rawHead = 0, m_rawSize = 0;
    std::vector<Bucket> m_buckets;
    long long m_firstBucket = -1; ///< index (t / kBucketS) of the oldest bucket kept
    long long m_lastBucket = -1;
    std::size_t m_count = 0;
    double m_firstT = 0, m_lastT = 0;
    double m_rawOldest() const;
};

} // namespace rp::ui

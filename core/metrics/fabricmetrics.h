// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The fabric watch's metrics for Prometheus (docs/fabric-api.md, "Metrics"): each finished round replaces every
// series, so a cell, pair or finding the round no longer has is gone from the next scrape instead of lingering at
// its last value. The text is made when a round ends (under a lock, off the scrape's path): a scrape only copies it,
// however large the fleet. Both exposition formats come from one set of families: OpenMetrics 1.0 (what Prometheus
// asks for) and the classic text format 0.0.4 (curl, promtool check metrics).

#include "fabric/controller.h"

#include <cstddef>
#include <cstdint>
#include <mutex>
#include <string>

namespace rp::metrics {

struct FabricMetricsOptions
{
    /// Above this many hosts the cells are not exported, only pairs' worst few, ToR pairs and hosts: a 1 000-host
    /// mesh has hundreds of thousands of cells, more series than a Prometheus should take from one target.
    std::size_t hostsLimit = 64;
    std::size_t worstPairs = 20; ///< pairs exported above the limit: the most lossy (then slowest) ones
    std::string transport; ///< "udp" or "rdma", a label of rocepilot_fabric_watch_info
    std::string version; ///< the tool's version, the same
};

/// How many series a render held, by level: what the docs quote for a fleet size.
struct SeriesCount
{
    std::size_t cells = 0;
    std::size_t pairs = 0;
    std::size_t tors = 0;
    std::size_t hosts = 0;
    std::size_t findings = 0;
    std::size_t other = 0;
    std::size_t total() const { return cells + pairs + tors + hosts + findings + other; }
};

class FabricMetrics
{
public:
    explicit FabricMetrics(FabricMetricsOptions options);

    /// Replaces every series with what `round` measured (first-pass cells; the second pass is a diagnosis, not a
    /// measurement of the fabric). Thread-safe: the watch calls it, the server reads beside it.
    void update(const fabric::FabricRound& round);

    /// The exposition text for a scrape: OpenMetrics (ends in "# EOF") or the classic text format. Before the first
    /// round only the run's own series (rounds 0, no hosts).
    std::string text(bool openMetrics) const;
    SeriesCount count() const;

private:
    void render(const fabric::FabricRound* round);

    FabricMetricsOptions m_options;
    mutable std::mutex m_mutex;
    std::uint64_t m_rounds = 0;
    std::string m_openMetrics;
    std::string m_classic;
    SeriesCount m_count;
};

} // namespace rp::metrics

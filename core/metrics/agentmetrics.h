// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The standalone agent's own /metrics (docs/fabric-api.md, "The standalone agent"): per target the last phase's
// loss and RTT quantiles, prober and responder delay, probes sent and replies as counters, and the agent's health
// (served endpoints, its CPU, the rate it used, when its last phase ended). Every series is bounded by the pinglist:
// 7 per target (8 while it fails), 1 per own endpoint and 9 for the agent. The text is made when a phase ends, so a
// scrape only copies it. Each target is labelled with its transport, "udp" or "rdma": a UDP figure is never shown as
// an RDMA one.

#include "fabric/agentpinglist.h"
#include "fabric/agentstandalone.h"

#include <cstddef>
#include <cstdint>
#include <map>
#include <mutex>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace rp::metrics {

class AgentMetrics
{
public:
    AgentMetrics(const fabric::AgentPinglistFile& file, std::string version);

    void served(const std::vector<fabric::AgentReadyEndpoint>& endpoints);
    void link(const std::vector<fabric::AgentLinkEndpoint>& endpoints);
    void phase(const fabric::StandalonePhase& phase);

    /// OpenMetrics (ends in "# EOF") or the classic text format 0.0.4. Thread-safe.
    std::string text(bool openMetrics) const;
    std::size_t series() const;

private:
    struct Target
    {
        std::vector<std::pair<std::string, std::string>> labels;
        std::uint64_t sent = 0; ///< since the agent started
        std::uint64_t replies = 0;
        std::optional<fabric::AgentCell> last;
    };

    void render();

    fabric::AgentPinglistFile m_file;
    std::string m_version;
    mutable std::mutex m_mutex;
    std::map<std::uint32_t, std::string> m_servedError; ///< own endpoint -> why not served ("" served)
    std::map<std::uint32_t, fabric::LinkState> m_links;
    std::vector<Target> m_targets; ///< the file's order
    std::map<std::pair<std::uint32_t, std::uint32_t>, std::size_t> m_index;
    std::uint64_t m_phases = 0;
    std::optional<fabric::StandalonePhase> m_last; ///< without its cells
    std::string m_openMetrics;
    std::string m_classic;
    std::size_t m_series = 0;
};

} // namespace rp::metrics

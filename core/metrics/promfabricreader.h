// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// A fleet of standalone agents (docs/fabric-api.md, "The standalone agent") seen through the Prometheus that scrapes
// them, as a fabric round: the same values a watch's round has, so the fabric page, `fabric prom`, the run file and
// the report show it as they show a watch, and the same localisation names where a fault sits. No host is connected
// to: everything comes from one instant query of the agents' series.
//
// What a round from Prometheus can and cannot say: each target's last phase (loss, RTT, delays, a failure reason)
// becomes one cell; its probe count is the agent's rate times its phase (the series carry the ratio, not the
// count). Endpoints are known by their names only (host, device, port, GID index: no GID value, no address, so no
// expectation can be judged: the standalone pinglists leave the cells that fail by design out). An agent whose
// series are gone (its scrape fails, it stopped) or whose last phase is older than three phases is down. There is
// no second pass: the agents probe only their own pinglists.

#include "fabric/controller.h"
#include "fabric/localise.h"
#include "metrics/promclient.h"

#include <atomic>
#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace rp::metrics {

struct PromFabricOptions
{
    /// Label matchers added to the query, e.g. `job="rocepilot-agent"` (a name, '=', '!=', '=~' or '!~' and a
    /// double-quoted value, several comma-separated): which agents of the Prometheus are this fabric.
    std::string matchers;
    std::string spine; ///< the switch every ToR's uplink reaches (as `fabric pinglist --spine`); empty: ToRs linked
    /// A phase older than this many of its own length means the agent is stuck (at least `minStaleS`).
    double staleFactor = 3.0;
    double minStaleS = 15.0;
    fabric::LocaliseOptions localise { .agentsAsServices = true };
};

/// Checks `matchers` (see PromFabricOptions): the text goes into a PromQL selector, so nothing else may.
Result<void> checkPromMatchers(std::string_view matchers);

/// The PromQL the reader sends: every rocepilot_agent_* series of the agents `options.matchers` selects.
std::string promFabricQuery(const PromFabricOptions& options);

/// A round made of one query's answer (`samples`, evaluated at `now`, Unix seconds). Fails with Protocol when the
/// answer holds no agent at all (the query's matchers select nothing, or nothing is scraped yet) or a series'
/// labels do not name its endpoints. `round` numbers it; raised/cleared are left empty (PromFabricReader fills them).
Result<fabric::FabricRound> fabricRoundFromSamples(
    const std::vector<PromSample>& samples, double now, const PromFabricOptions& options, std::uint64_t round);

class PromFabricReader
{
public:
    PromFabricReader(PromClient client, PromFabricOptions options);

    /// One round: the query, the round, its findings compared with the last read's (raised, cleared).
    Result<fabric::FabricRound> read(const std::atomic<bool>* cancel = nullptr);
    const PromClient& client() const { return m_client; }
    std::string query() const { return promFabricQuery(m_options); }

private:
    PromClient m_client;
    PromFabricOptions m_options;
    std::uint64_t m_round = 0;
    std::map<std::string, fabric::FabricFinding> m_raised;
};

} // namespace rp::metrics

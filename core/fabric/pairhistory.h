// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The timeline of every directed host pair over a check or a watch, for the fabric page's pair timeline: one step per
// pair per round, and the findings raised and cleared. Bounded: when the steps pass the budget, the two neighbouring
// steps that hold the fewest rounds are folded into one (the newest rounds kept as they are), so a day's watch keeps
// its whole span at an even resolution in a fixed amount of memory, and a click reads one pair without touching the
// others. Fed live round by round or from a saved run, through one path (the cells).

#include "fabric/fabric.h"

#include "counters/hostcounters.h"

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

namespace rp::fabric {

struct FabricRound;
struct FabricRun;

/// One step of one directed host pair: first-pass cells expected to work, summed over the rounds folded into it.
struct PairStep
{
    Clock::time_point start {};
    double seconds = 0.0; ///< span of the step (a round, or the rounds folded into it)
    std::uint32_t rounds = 1;
    std::uint64_t sent = 0;
    std::uint64_t received = 0;
    double rttP50Us = 0.0; ///< the cells' p50s averaged by replies
    double rttP99Us = 0.0; ///< the highest p99 of a cell with replies
    double proberDelayUs = 0.0; ///< p50s averaged by replies
    double responderDelayUs = 0.0;
    std::uint32_t cells = 0;
    std::uint32_t cellsFailed = 0;

    double lossPercent() const
    {
        return sent == 0 ? 0.0
                         : 100.0 * static_cast<double>(sent - std::min(sent, received)) / static_cast<double>(sent);
    }
};

/// One host's RoCE counters over one step (the rounds folded into it averaged); a rate is absent when the host's
/// agent never reported it in those rounds.
struct HostCounterStep
{
    Clock::time_point start {};
    double seconds = 0.0;
    std::uint32_t rounds = 1;
    counters::HostCounters counters;
};

/// A finding raised or cleared, and the hosts it concerns (its element's and its evidence cells').
struct PairHistoryEvent
{
    Clock::time_point at {};
    bool cleared = false;
    std::string id;
    std::string title; ///< empty when cleared
    std::vector<std::string> hosts;
};

class PairHistory
{
public:
    /// `maxSteps` bounds the steps kept over all pairs (40 bytes each).
    explicit PairHistory(std::size_t maxSteps = kDefaultMaxSteps);

    /// One round as the controller gave it (its first-pass cells, the findings it raised and cleared).
    void addRound(const FabricRound& round);
    /// A batch of cells of round `round`: batches of one round go into one step.
    void addCells(const std::vector<Endpoint>& endpoints, const std::vector<CellResult>& cells, std::uint64_t round);
    void addEvent(PairHistoryEvent event);
    /// Each host's counters of round `round`, into the step that holds the round's cells (none: not kept).
    void addHostCounters(const std::map<std::string, counters::HostCounters>& hosts, std::uint64_t round);
    /// Every round and event of a saved run.
    static PairHistory fromRun(const FabricRun& run, std::size_t maxSteps = kDefaultMaxSteps);

    /// The steps of the directed pair, oldest first; empty for a pair never probed.
    std::vector<PairStep> timeline(const std::string& fromHost, const std::string& toHost) const;
    /// The host's counter steps, oldest first; empty when its agent reported none.
    std::vector<HostCounterStep> hostCounters(const std::string& host) const;
    /// The events that concern either host, oldest first.
    std::vector<PairHistoryEvent> events(const std::string& fromHost, const std::string& toHost) const;

    std::size_t steps() const { return m_steps; }
    std::size_t rounds() const { return m_buckets.size(); }
    /// The most rounds one step holds (1 until the budget was reached).
    std::uint32_t coarsest() const;
    std::optional<Clock::time_point> first() const;
    std::optional<Clock::time_point> last() const;

    static constexpr std::size_t kDefaultMaxSteps = 1'000'000;
    static constexpr std::size_t kMaxEvents = 10'000;
    /// The newest rounds keep a step each (while they are at most a quarter of the steps).
    static constexpr std::size_t kNewestKept = 60;

private:
    /// A step as kept: floats and 32-bit counts (saturating), so a million steps fit in 40 MB.
    struct Sums
    {
        std::uint32_t sent = 0;
        std::uint32_t received = 0;
        float rttP50Us = 0.0F;
        float rttP99Us = 0.0F;
        float proberDelayUs = 0.0F;
        float responderDelayUs = 0.0F;
        std::uint32_t cells = 0;
        std::uint32_t cellsFailed = 0;
    };
    /// A host's counters as kept: NaN for absent, the mean over `reports` rounds.
    struct HostSums
    {
        std::array<float, std::size(counters::kHostCounterFields)> perS {};
        std::uint32_t reports = 0;
    };
    struct Bucket
    {
        std::uint64_t round = 0;
        Clock::time_point start {};
        Clock::time_point end {};
        std::uint32_t rounds = 1;
        std::vector<std::pair<std::uint64_t, Sums>> pairs; ///< by key (from host id << 32 | to host id)
        std::vector<std::pair<std::uint32_t, HostSums>> hosts; ///< by host id
    };

    std::uint32_t hostId(const std::string& host);
    std::optional<std::uint32_t> findHost(const std::string& host) const;
    void foldOnce();
    static void merge(Sums& into, const Sums& other);
    static void merge(HostSums& into, const HostSums& other);

    std::size_t m_maxSteps;
    std::size_t m_steps = 0;
    std::unordered_map<std::string, std::uint32_t> m_hostIds;
    std::vector<Bucket> m_buckets;
    std::vector<PairHistoryEvent> m_events;
};

} // namespace rp::fabric

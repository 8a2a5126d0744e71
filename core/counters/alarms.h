// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// What the counters sampled during a test mean, as they arrive: the per-priority PFC picture of each host
// (pause frames/s, occupancy, transitions, per direction; a counter the NIC does not have is absent, never 0)
// and the alarm rules of the dashboards reference (shared dashboards-anchors §3.6), evaluated on every
// CounterSample so an alarm fires on the first offending delta. Driver names: mlx5 `rx_prioN_pause*`, bnxt_en
// `rx_pfc_ena_frames_priN` / `pfc_priN_rx_duration_us` / `pfc_priN_rx_transitions`, ice
// `rx_priority_N_xoff[.nic]`; the hw_counters of mlx5, bnxt_re, irdma and rxe.

#include "run/run.h"

#include <array>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace rp {
struct Profile;
}

namespace rp::counters {

enum class Direction { Rx, Tx }; ///< rx: the peer paused this port; tx: this port paused the peer

/// One priority in one direction. Every field is absent when the NIC has no such counter.
struct PfcCell
{
    std::optional<double> framesPerS; ///< pause (xoff) frames per second
    std::optional<double> occupancy; ///< share of the time paused, 0..1 (from *_pause_duration in µs)
    std::optional<double> transitionsPerS; ///< pause episodes (on/off transitions) per second
    bool any() const { return framesPerS || occupancy || transitionsPerS; }
};

struct PfcHost
{
    std::array<std::array<PfcCell, 8>, 2> cells {}; ///< [Direction][priority]
    const PfcCell& at(Direction d, int priority) const { return cells[static_cast<int>(d)][priority]; }
    /// True when any per-priority pause counter exists on this host (else the NIC has no PFC statistics).
    bool hasPfcCounters() const;
};

/// The PFC picture of one host's rates (one CounterSample).
PfcHost pfcFromRates(const std::map<std::string, double>& rates);

enum class Severity { Info, Warning, Critical };
std::string toString(Severity severity);

struct Alarm
{
    double runTS = 0; ///< the sample that showed it
    std::string host;
    Severity severity = Severity::Warning;
    std::string rule; ///< stable id: "pause-wrong-priority", "loss", "timeout", ...
    std::string counter; ///< the counter behind it ("eth:rx_prio0_pause"), or "" for cross-host rules
    std::string text; ///< one sentence for an admin
    bool markOnLatency = true; ///< drop a marker on the latency chart
};

struct AlarmContext
{
    /// The PFC priorities of the profile in force (lossless mode); nullopt = not known (no profile), then
    /// "pause on a priority outside the PFC set" cannot be told and is not raised.
    std::optional<std::set<int>> pfcPriorities;
    std::optional<int> rocePriority; ///< where RoCE traffic should go
};

/// The PFC set and RoCE priority of a profile: its pfcPriorities in lossless mode, none at all in ECN-only
/// mode (then any pause is on a wrong priority).
AlarmContext alarmContextFor(const Profile& profile);

/// The rules, stateful: occupancy is averaged over the last second, cross-host rules (CNPs sent by a receiver
/// but handled by no sender) look at every host seen. Each rule fires at most once per second per host and
/// counter, so a rising counter drops one marker a second, not ten.
class AlarmEngine
{
public:
    explicit AlarmEngine(AlarmContext context = {})
        : m_context(std::move(context))
    { }
    const AlarmContext& context() const { return m_context; }
    void setContext(AlarmContext context) { m_context = std::move(context); }
    /// The alarms this sample raises (its counters' first offending delta fires now, not a sample later).
    std::vector<Alarm> update(const run::CounterSample& sample);
    void clear();

private:
    struct Window
    {
        std::vector<std::pair<double, double>> points; ///< (runTS, value*interval), last ~1 s
        double sum() const;
        double span() const;
    };
    bool allow(const Alarm& a);
    AlarmContext m_context;
    std::map<std::string, double> m_lastFired; ///< host|rule|counter -> runTS
    std::map<std::string, Window> m_windows; ///< host|counter -> recent deltas
    std::map<std::string, std::map<std::string, double>> m_recent; ///< host -> counter -> sum over ~1 s
    std::map<std::string, double> m_hostTime;
};

} // namespace rp::counters

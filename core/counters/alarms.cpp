// SPDX-License-Identifier: GPL-3.0-or-later
#include "counters/alarms.h"

#include "counters/counters.h"
#include "counters/hostcounters.h"
#include "profile/profile.h"

#include <algorithm>
#include <mutex>
#include <regex>

namespace rp::counters {

namespace {

enum class PfcKind { Frames, Duration, Transitions };

struct PfcName
{
    Direction direction;
    int priority;
    PfcKind kind;
};

/// A per-priority PFC counter of mlx5, bnxt_en or ice, by its name without the "eth:" prefix.
std::optional<PfcName> matchPfcName(const std::string& name)
{
    static const std::regex mlx5(R"(^(rx|tx)_prio([0-7])_(pause|pause_duration|pause_transition)$)");
    static const std::regex bnxtFrames(R"(^(rx|tx)_pfc_ena_frames_pri([0-7])$)");
    static const std::regex bnxtOther(R"(^pfc_pri([0-7])_(rx|tx)_(duration_us|transitions)$)");
    static const std::regex ice(R"(^(rx|tx)_priority_([0-7])_xoff(\.nic)?$)");
    std::smatch m;
    if (std::regex_match(name, m, mlx5)) {
        const PfcKind k = m[3] == "pause" ? PfcKind::Frames
            : m[3] == "pause_duration"    ? PfcKind::Duration
                                          : PfcKind::Transitions;
        return PfcName { m[1] == "rx" ? Direction::Rx : Direction::Tx, std::stoi(m[2]), k };
    }
    if (std::regex_match(name, m, bnxtFrames))
        return PfcName { m[1] == "rx" ? Direction::Rx : Direction::Tx, std::stoi(m[2]), PfcKind::Frames };
    if (std::regex_match(name, m, bnxtOther))
        return PfcName { m[2] == "rx" ? Direction::Rx : Direction::Tx, std::stoi(m[1]),
            m[3] == "duration_us" ? PfcKind::Duration : PfcKind::Transitions };
    if (std::regex_match(name, m, ice))
        return PfcName { m[1] == "rx" ? Direction::Rx : Direction::Tx, std::stoi(m[2]), PfcKind::Frames };
    return std::nullopt;
}

/// Memoized: the same few dozen names come in every 100 ms from each host, and std::regex is slow.
std::optional<PfcName> pfcName(const std::string& name)
{
    static std::mutex mutex;
    static std::map<std::string, std::optional<PfcName>> cache;
    std::lock_guard lock(mutex);
    auto it = cache.find(name);
    if (it == cache.end()) {
        if (cache.size() > 4096)
            cache.clear();
        it = cache.emplace(name, matchPfcName(name)).first;
    }
    return it->second;
}

std::string bare(const std::string& full)
{
    const auto colon = full.find(':');
    return colon == std::string::npos ? full : full.substr(colon + 1);
}

bool oneOf(const std::string& name, std::initializer_list<const char*> names)
{
    return std::any_of(names.begin(), names.end(), [&](const char* n) { return name == n; });
}

constexpr double kWindowS = 1.0;

} // namespace

bool PfcHost::hasPfcCounters() const
{
    for (const auto& dir : cells) {
        for (const auto& c : dir) {
            if (c.any())
                return true;
        }
    }
    return false;
}

PfcHost pfcFromRates(const std::map<std::string, double>& rates)
{
    PfcHost host;
    for (const auto& [full, rate] : rates) {
        if (!full.starts_with("eth:"))
            continue;
        auto p = pfcName(full.substr(4));
        if (!p)
            continue;
        PfcCell& c = host.cells[static_cast<int>(p->direction)][p->priority];
        switch (p->kind) {
        case PfcKind::Frames:
            c.framesPerS = c.framesPerS.value_or(0) + rate;
            break;
        case PfcKind::Duration:
            c.occupancy = std::clamp(rate / 1e6, 0.0, 1.0); // µs paused per second
            break;
        case PfcKind::Transitions:
            c.transitionsPerS = rate;
            break;
        }
    }
    return host;
}

AlarmContext alarmContextFor(const Profile& profile)
{
    AlarmContext c;
    c.pfcPriorities = std::set<int> {};
    if (profile.mode == FlowMode::Lossless)
        c.pfcPriorities = std::set<int>(profile.pfcPriorities.begin(), profile.pfcPriorities.end());
    c.rocePriority = profile.rocePriority;
    return c;
}

std::string toString(Severity severity)
{
    switch (severity) {
    case Severity::Info:
        return "info";
    case Severity::Warning:
        return "warning";
    case Severity::Critical:
        return "critical";
    }
    return "warning";
}

double AlarmEngine::Window::sum() const
{
    double s = 0;
    for (const auto& [t, v] : points)
        s += v;
    return s;
}

double AlarmEngine::Window::span() const
{
    return points.empty() ? 0 : points.back().first - points.front().first;
}

void AlarmEngine::clear()
{
    m_lastFired.clear();
    m_windows.clear();
    m_recent.clear();
    m_hostTime.clear();
}

bool AlarmEngine::allow(const Alarm& a)
{
    const std::string key = a.host + "|" + a.rule + "|" + a.counter;
    auto it = m_lastFired.find(key);
    if (it != m_lastFired.end() && a.runTS - it->second < kWindowS - 1e-6)
        return false;
    m_lastFired[key] = a.runTS;
    return true;
}

std::vector<Alarm> AlarmEngine::update(const run::CounterSample& s)
{
    std::vector<Alarm> out;
    const double dt = s.intervalS > 0 ? s.intervalS : 0.1;
    // the last second of deltas per counter of this host
    auto& recent = m_recent[s.host];
    m_hostTime[s.host] = s.runTS;
    for (const auto& [name, rate] : s.rates) {
        auto& w = m_windows[s.host + "|" + name];
        w.points.emplace_back(s.runTS, rate * dt);
        while (!w.points.empty() && s.runTS - w.points.front().first >= kWindowS)
            w.points.erase(w.points.begin());
        recent[name] = w.sum();
    }
    auto raise = [&](Severity sev, const std::string& rule, const std::string& counter, const std::string& text,
                     bool mark = true) {
        Alarm a { s.runTS, s.host, sev, rule, counter, text, mark };
        if (allow(a))
            out.push_back(std::move(a));
    };
    auto windowOf = [&](const std::string& host, const std::string& counter) -> const Window* {
        auto it = m_windows.find(host + "|" + counter);
        return it == m_windows.end() ? nullptr : &it->second;
    };

    for (const auto& [full, rate] : s.rates) {
        const std::string name = bare(full);
        if (auto p = pfcName(name); p && full.starts_with("eth:")) {
            const bool known = m_context.pfcPriorities.has_value();
            const bool outside = known && !m_context.pfcPriorities->contains(p->priority);
            const std::string dir = p->direction == Direction::Rx ? "received" : "sent";
            const std::string prio = std::to_string(p->priority);
            if (outside && p->kind == PfcKind::Frames) {
                // mlx5 shows these counters only for PFC-enabled priorities: their presence alone says PFC is on
                // where the profile does not have it; a rise means a lossy class is being paused.
                if (rate > 0)
                    raise(Severity::Critical, "pause-wrong-priority", full,
                        "pause frames " + dir + " on priority " + prio
                            + ", which is not a PFC priority of the profile: PFC or trust is misconfigured");
                else if (m_lastFired.emplace(s.host + "|pfc-enabled-wrong-priority|" + prio, s.runTS).second)
                    out.push_back({ s.runTS, s.host, Severity::Warning, "pfc-enabled-wrong-priority", full,
                        "the NIC counts pause frames on priority " + prio
                            + ", which is not a PFC priority of the profile: is PFC enabled there?",
                        false });
            }
            if (p->kind == PfcKind::Duration && rate > 0) {
                const Window* w = windowOf(s.host, full);
                const double span = std::max(dt, w ? w->span() + dt : dt);
                const double occ = (w ? w->sum() : rate * dt) / span / 1e6;
                char pct[32];
                std::snprintf(pct, sizeof pct, "%.1f %%", occ * 100);
                const std::string where = p->direction == Direction::Rx
                    ? "the peer held this port: look at the switch and the network"
                    : "this port held the peer: look at the NIC's buffers, PCIe, the host";
                if (occ >= 0.10)
                    raise(Severity::Critical, "pause-occupancy", full,
                        "paused " + std::string(pct) + " of the time on priority " + prio + " (" + dir + "): " + where);
                else if (occ >= 0.01)
                    raise(Severity::Warning, "pause-occupancy", full,
                        "paused " + std::string(pct) + " of the time on priority " + prio + " (" + dir + "): " + where);
            }
            continue;
        }
        if (rate <= 0)
            continue;
        auto label = [&] { return describeCounter(full).label; };
        if (oneOf(name, { "tx_pause_storm_warning_events", "tx_pause_storm_error_events" })) {
            raise(Severity::Critical, "pause-storm", full,
                name == "tx_pause_storm_error_events" ? "pause storm: the NIC stopped sending pause, drops possible"
                                                      : "pause storm warning: the port paused for a long time");
        } else if (const auto role = counterRole(name); role == CounterRole::Loss || role == CounterRole::Discard) {
            raise(Severity::Critical, "loss", full, label() + ": packets were lost (a lossless fabric must show 0)");
        } else if (role == CounterRole::Timeout) {
            raise(Severity::Critical, "timeout", full, label() + ": loss recovered by timeout (a latency spike)");
        } else if (oneOf(name, { "rnr_nak_retry_err", "rcvd_rnr_err" })) {
            raise(Severity::Warning, "rnr", full, label() + ": receiver not ready, not a fabric fault");
        } else if (oneOf(name, { "rp_cnp_ignored", "cnpIgnored" })) {
            raise(Severity::Warning, "cnp-ignored", full,
                "CNPs ignored: the reaction point is off for this priority (ECN misconfigured)");
        } else if (oneOf(name, { "link_down_events_phy", "link_downed" })) {
            raise(Severity::Critical, "link-down", full, "the link went down");
        } else if (oneOf(name, { "rx_crc_errors_phy", "rx_pcs_symbol_err_phy", "rx_icrc_encapsulated" })) {
            raise(Severity::Warning, "phy-errors", full, label() + ": physical layer errors (cable, optics)");
        } else if (name.starts_with("outbound_pci_stalled_")) {
            raise(Severity::Warning, "pcie-stall", full, "PCIe back-pressure on the host (" + name + ")");
        }
    }

    // ECN marks arrive but this host (the notification point) sends no CNP.
    if (recent.contains("hw:np_ecn_marked_roce_packets") && recent.contains("hw:np_cnp_sent")
        && s.rates.contains("hw:np_ecn_marked_roce_packets") && s.rates.at("hw:np_ecn_marked_roce_packets") > 0
        && recent.at("hw:np_cnp_sent") == 0)
        raise(Severity::Warning, "np-disabled", "hw:np_cnp_sent",
            "ECN-marked packets arrive but no CNP is sent: the notification point is off for this priority");

    // This receiver sends CNPs (twice in a row, so sampling skew between hosts cannot fake it) and no other
    // host handles any: CNPs are lost or on a priority the sender ignores.
    if (const Window* w = windowOf(s.host, "hw:np_cnp_sent"); w && w->points.size() >= 2
        && w->points[w->points.size() - 1].second > 0 && w->points[w->points.size() - 2].second > 0) {
        const double since = w->points[w->points.size() - 2].first - dt;
        bool senders = false, handled = false;
        for (const auto& [key, win] : m_windows) {
            if (!key.ends_with("|hw:rp_cnp_handled") || key.starts_with(s.host + "|"))
                continue;
            senders = true;
            for (const auto& [t, v] : win.points)
                handled = handled || (t >= since && v > 0);
        }
        if (senders && !handled)
            raise(Severity::Warning, "cnp-not-handled", "",
                "this receiver sends CNPs but the sender handles none: CNPs lost or on a priority it ignores");
    }

    // CNPs anywhere without an ECN mark anywhere: likely mlx5 slow-restart/adaptive-retransmission CNPs.
    {
        bool cnp = false, ecnKnown = false, ecn = false;
        for (const auto& [host, counters] : m_recent) {
            for (const auto& [name, sum] : counters) {
                if (name == "hw:np_cnp_sent" || name == "hw:rp_cnp_handled")
                    cnp = cnp || sum > 0;
                if (name == "hw:np_ecn_marked_roce_packets") {
                    ecnKnown = true;
                    ecn = ecn || sum > 0;
                }
            }
        }
        if (cnp && ecnKnown && !ecn && (s.rates.contains("hw:np_cnp_sent") || s.rates.contains("hw:rp_cnp_handled")))
            raise(Severity::Info, "cnp-without-ecn", "",
                "CNPs without any ECN mark: likely the NIC's slow-restart or adaptive-retransmission CNPs "
                "(see roce_slow_restart_cnps), not switch congestion",
                false);
    }

    // RoCE bytes that leave on another priority than the profile's.
    if (m_context.rocePriority && recent.contains("eth:tx_vport_rdma_unicast_bytes")) {
        const std::string prio = "eth:tx_prio" + std::to_string(*m_context.rocePriority) + "_bytes";
        const double roce = recent.at("eth:tx_vport_rdma_unicast_bytes");
        if (recent.contains(prio) && roce > 0 && s.rates.contains("eth:tx_vport_rdma_unicast_bytes")) {
            const double misplaced = std::max(0.0, roce - recent.at(prio));
            if (misplaced / roce > 0.01)
                raise(Severity::Warning, "roce-wrong-priority", prio,
                    "RoCE traffic leaves on another priority than " + std::to_string(*m_context.rocePriority)
                        + ": ToS/trust mismatch",
                    false);
        }
    }
    return out;
}

} // namespace rp::counters

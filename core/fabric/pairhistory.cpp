// SPDX-License-Identifier: GPL-3.0-or-later
#include "fabric/pairhistory.h"

#include "fabric/controller.h"
#include "fabric/fabricrun.h"

#include <algorithm>
#include <cmath>
#include <iterator>
#include <limits>
#include <map>
#include <set>
#include <utility>

namespace rp::fabric {

namespace {

std::uint32_t saturatingAdd(std::uint32_t a, std::uint64_t b)
{
    const std::uint64_t sum = std::uint64_t { a } + b;
    return sum > std::numeric_limits<std::uint32_t>::max() ? std::numeric_limits<std::uint32_t>::max()
                                                           : static_cast<std::uint32_t>(sum);
}

/// A reply-weighted mean of two means.
float weighted(float a, std::uint64_t wa, float b, std::uint64_t wb)
{
    if (wa + wb == 0)
        return 0.0F;
    return static_cast<float>(
        (static_cast<double>(a) * static_cast<double>(wa) + static_cast<double>(b) * static_cast<double>(wb))
        / static_cast<double>(wa + wb));
}

/// The host part of an element's name: "lab-b:rxe0/1" and "lab-b<->leaf1" name lab-b; a ToR or uplink names none.
std::string elementHost(const Element& element)
{
    switch (element.kind) {
    case ElementKind::HostNic:
    case ElementKind::HostAgent:
    case ElementKind::HostConfig:
    case ElementKind::HostBusy:
        return element.name.substr(0, element.name.find(':'));
    case ElementKind::AccessLink:
        return element.name.substr(0, element.name.find("<->"));
    case ElementKind::Tor:
    case ElementKind::Uplink:
        break;
    }
    return {};
}

PairHistoryEvent raisedEvent(const FabricFinding& finding, const std::vector<Endpoint>& endpoints, Clock::time_point at)
{
    PairHistoryEvent event;
    event.at = at;
    event.id = finding.id();
    event.title = finding.finding.title;
    std::set<std::string> hosts;
    if (std::string host = elementHost(finding.element); !host.empty())
        hosts.insert(std::move(host));
    for (const CellResult& cell : finding.evidenceCells) {
        if (cell.secondPass)
            continue; // re-probes against good peers: not where the fault is
        for (const std::uint32_t index : { cell.from, cell.to })
            if (index < endpoints.size())
                hosts.insert(endpoints[index].host);
    }
    event.hosts.assign(hosts.begin(), hosts.end());
    return event;
}

} // namespace

PairHistory::PairHistory(std::size_t maxSteps)
    : m_maxSteps(std::max<std::size_t>(maxSteps, 1))
{ }

std::uint32_t PairHistory::hostId(const std::string& host)
{
    const auto [it, added] = m_hostIds.try_emplace(host, static_cast<std::uint32_t>(m_hostIds.size()));
    return it->second;
}

std::optional<std::uint32_t> PairHistory::findHost(const std::string& host) const
{
    const auto it = m_hostIds.find(host);
    if (it == m_hostIds.end())
        return std::nullopt;
    return it->second;
}

void PairHistory::merge(Sums& into, const Sums& other)
{
    into.rttP50Us = weighted(into.rttP50Us, into.received, other.rttP50Us, other.received);
    into.proberDelayUs = weighted(into.proberDelayUs, into.received, other.proberDelayUs, other.received);
    into.responderDelayUs = weighted(into.responderDelayUs, into.received, other.responderDelayUs, other.received);
    into.rttP99Us = std::max(into.rttP99Us, other.rttP99Us);
    into.sent = saturatingAdd(into.sent, other.sent);
    into.received = saturatingAdd(into.received, other.received);
    into.cells = saturatingAdd(into.cells, other.cells);
    into.cellsFailed = saturatingAdd(into.cellsFailed, other.cellsFailed);
}

void PairHistory::merge(HostSums& into, const HostSums& other)
{
    for (std::size_t i = 0; i < into.perS.size(); ++i) {
        if (std::isnan(other.perS[i]))
            continue;
        into.perS[i] = std::isnan(into.perS[i]) ? other.perS[i]
                                                : weighted(into.perS[i], into.reports, other.perS[i], other.reports);
    }
    into.reports += other.reports;
}

void PairHistory::addHostCounters(const std::map<std::string, counters::HostCounters>& hosts, std::uint64_t round)
{
    if (hosts.empty())
        return;
    // The step holding the round: its own, or the one a fold or a minute's aggregate put it in.
    const auto bucket = std::ranges::lower_bound(m_buckets, round, {}, &Bucket::round);
    if (bucket == m_buckets.end())
        return;
    std::vector<std::pair<std::uint32_t, HostSums>> batch;
    for (const auto& [host, c] : hosts) {
        HostSums one;
        one.reports = 1;
        for (std::size_t i = 0; i < one.perS.size(); ++i) {
            const auto& v = c.*counters::kHostCounterFields[i].member;
            one.perS[i] = v ? static_cast<float>(*v) : std::numeric_limits<float>::quiet_NaN();
        }
        batch.emplace_back(hostId(host), one);
    }
    std::ranges::sort(batch, {}, &std::pair<std::uint32_t, HostSums>::first);
    const auto before = bucket->hosts.size();
    for (auto& [id, sums] : batch) {
        const auto at = std::ranges::lower_bound(bucket->hosts, id, {}, &std::pair<std::uint32_t, HostSums>::first);
        if (at != bucket->hosts.end() && at->first == id)
            merge(at->second, sums);
        else
            bucket->hosts.emplace(at, id, sums);
    }
    m_steps += bucket->hosts.size() - before;
    while (m_steps > m_maxSteps && m_buckets.size() > 1)
        foldOnce();
}

void PairHistory::addCells(
    const std::vector<Endpoint>& endpoints, const std::vector<CellResult>& cells, std::uint64_t round)
{
    std::vector<std::pair<std::uint64_t, Sums>> batch;
    std::optional<Clock::time_point> start;
    std::optional<Clock::time_point> end;
    for (const CellResult& cell : cells) {
        // Expected-bad cells fail by design and second-pass cells re-probe chosen peers: neither is the pair's path.
        if (cell.secondPass || cell.expected || cell.from >= endpoints.size() || cell.to >= endpoints.size())
            continue;
        const std::string& fromHost = endpoints[cell.from].host;
        const std::string& toHost = endpoints[cell.to].host;
        if (fromHost == toHost)
            continue; // the loopback is no pair
        const std::uint64_t key = (std::uint64_t { hostId(fromHost) } << 32) | hostId(toHost);
        Sums one;
        one.sent = cell.sent;
        one.received = cell.received;
        one.rttP50Us = static_cast<float>(cell.rttP50Us);
        one.rttP99Us = cell.received > 0 ? static_cast<float>(cell.rttP99Us) : 0.0F;
        one.proberDelayUs = static_cast<float>(cell.proberDelayP50Us);
        one.responderDelayUs = static_cast<float>(cell.responderDelayP50Us);
        one.cells = 1;
        one.cellsFailed = cell.failed() ? 1 : 0;
        batch.emplace_back(key, one);
        const Clock::time_point cellEnd = cell.intervalStart
            + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(cell.intervalSeconds));
        start = start ? std::min(*start, cell.intervalStart) : cell.intervalStart;
        end = end ? std::max(*end, cellEnd) : cellEnd;
    }
    if (!start || !end)
        return; // no cell of a pair
    if (m_buckets.empty() || m_buckets.back().round != round) {
        Bucket bucket;
        bucket.round = round;
        bucket.start = *start;
        bucket.end = *end;
        m_buckets.push_back(std::move(bucket));
    }
    Bucket& bucket = m_buckets.back();
    bucket.start = std::min(bucket.start, *start);
    bucket.end = std::max(bucket.end, *end);
    // Cells of one pair are merged into its step; the bucket stays sorted by key for the lookups.
    std::ranges::stable_sort(batch, {}, &std::pair<std::uint64_t, Sums>::first);
    std::vector<std::pair<std::uint64_t, Sums>> merged;
    merged.reserve(bucket.pairs.size() + batch.size());
    auto a = bucket.pairs.begin();
    auto b = batch.begin();
    while (a != bucket.pairs.end() || b != batch.end()) {
        std::pair<std::uint64_t, Sums> next;
        if (b == batch.end() || (a != bucket.pairs.end() && a->first <= b->first))
            next = *a++;
        else
            next = *b++;
        if (!merged.empty() && merged.back().first == next.first)
            merge(merged.back().second, next.second);
        else
            merged.push_back(next);
    }
    m_steps += merged.size() - bucket.pairs.size();
    bucket.pairs = std::move(merged);
    while (m_steps > m_maxSteps && m_buckets.size() > 1)
        foldOnce();
}

void PairHistory::foldOnce()
{
    // The two neighbours that hold the fewest rounds together become one step: the run keeps an even resolution from
    // its first round on (halving the older half again and again would leave the first hours in one step), and the
    // newest rounds, which a watch looks at, keep their own steps while a quarter of the steps can spare them.
    const std::size_t keep = std::min(kNewestKept, m_buckets.size() / 4);
    const std::size_t candidates = m_buckets.size() - keep;
    std::size_t best = 0;
    std::uint64_t bestRounds = UINT64_MAX;
    for (std::size_t i = 0; i + 1 < candidates; ++i) {
        const std::uint64_t rounds = std::uint64_t { m_buckets[i].rounds } + m_buckets[i + 1].rounds;
        if (rounds < bestRounds) {
            bestRounds = rounds;
            best = i;
        }
    }
    Bucket& a = m_buckets[best];
    Bucket& b = m_buckets[best + 1];
    Bucket out;
    out.round = b.round;
    out.start = std::min(a.start, b.start);
    out.end = std::max(a.end, b.end);
    out.rounds = a.rounds + b.rounds;
    out.pairs.reserve(std::max(a.pairs.size(), b.pairs.size()));
    auto x = a.pairs.begin();
    auto y = b.pairs.begin();
    while (x != a.pairs.end() || y != b.pairs.end()) {
        if (y == b.pairs.end() || (x != a.pairs.end() && x->first < y->first)) {
            out.pairs.push_back(*x++);
        } else if (x == a.pairs.end() || y->first < x->first) {
            out.pairs.push_back(*y++);
        } else {
            out.pairs.push_back(*x++);
            merge(out.pairs.back().second, y->second);
            ++y;
        }
    }
    m_steps -= a.pairs.size() + b.pairs.size() - out.pairs.size();
    out.hosts = std::move(a.hosts);
    for (const auto& [id, sums] : b.hosts) {
        const auto at = std::ranges::lower_bound(out.hosts, id, {}, &std::pair<std::uint32_t, HostSums>::first);
        if (at != out.hosts.end() && at->first == id) {
            merge(at->second, sums);
            --m_steps;
        } else {
            out.hosts.emplace(at, id, sums);
        }
    }
    m_buckets[best] = std::move(out);
    m_buckets.erase(m_buckets.begin() + static_cast<std::ptrdiff_t>(best) + 1);
}

void PairHistory::addEvent(PairHistoryEvent event)
{
    if (m_events.size() >= kMaxEvents)
        m_events.erase(m_events.begin()); // a flapping fault over days: the newest events matter
    m_events.push_back(std::move(event));
}

void PairHistory::addRound(const FabricRound& round)
{
    addCells(round.pinglist.endpoints, round.cells, round.summary.round);
    addHostCounters(round.hostCounters, round.summary.round);
    const Clock::time_point end = round.summary.started
        + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(round.summary.seconds));
    for (const std::string& id : round.raised)
        for (const FabricFinding& finding : round.summary.findings)
            if (finding.id() == id)
                addEvent(raisedEvent(finding, round.pinglist.endpoints, end));
    for (const std::string& id : round.cleared)
        addEvent(PairHistoryEvent { .at = end, .cleared = true, .id = id, .title = {}, .hosts = {} });
}

PairHistory PairHistory::fromRun(const FabricRun& run, std::size_t maxSteps)
{
    PairHistory history(maxSteps);
    // Each round's counters right after its cells, as a live history gets them, so both fold alike.
    auto counted = run.rounds.begin();
    for (auto batch = run.cells.begin(); batch != run.cells.end(); ++batch) {
        history.addCells(run.endpoints, batch->cells, batch->round);
        const auto next = std::next(batch);
        if (next != run.cells.end() && next->round == batch->round)
            continue;
        for (; counted != run.rounds.end() && counted->round <= batch->round; ++counted)
            history.addHostCounters(counted->hostCounters, counted->round);
    }
    for (; counted != run.rounds.end(); ++counted)
        history.addHostCounters(counted->hostCounters, counted->round);
    // A live history marks an event at the end of the round that raised or cleared it; a finding line keeps only when
    // the finding was last seen, so the round's end is taken from its summary where the file has one.
    std::map<std::uint64_t, Clock::time_point> roundEnd;
    for (const FabricRunRound& r : run.rounds) {
        if (r.finished)
            roundEnd[r.round]
                = r.started + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(r.seconds));
    }
    for (const FabricRunEvent& event : run.events) {
        const auto end = roundEnd.find(event.round);
        const Clock::time_point at = end == roundEnd.end() ? event.at : end->second;
        if (event.cleared || !event.finding)
            history.addEvent(PairHistoryEvent { .at = at, .cleared = true, .id = event.id, .title = {}, .hosts = {} });
        else
            history.addEvent(raisedEvent(*event.finding, run.endpoints, at));
    }
    return history;
}

std::vector<PairStep> PairHistory::timeline(const std::string& fromHost, const std::string& toHost) const
{
    std::vector<PairStep> steps;
    const auto from = findHost(fromHost);
    const auto to = findHost(toHost);
    if (!from || !to)
        return steps;
    const std::uint64_t key = (std::uint64_t { *from } << 32) | *to;
    for (const Bucket& bucket : m_buckets) {
        const auto it = std::ranges::lower_bound(bucket.pairs, key, {}, &std::pair<std::uint64_t, Sums>::first);
        if (it == bucket.pairs.end() || it->first != key)
            continue;
        const Sums& s = it->second;
        steps.push_back(PairStep {
            .start = bucket.start,
            .seconds = std::chrono::duration<double>(bucket.end - bucket.start).count(),
            .rounds = bucket.rounds,
            .sent = s.sent,
            .received = s.received,
            .rttP50Us = s.rttP50Us,
            .rttP99Us = s.rttP99Us,
            .proberDelayUs = s.proberDelayUs,
            .responderDelayUs = s.responderDelayUs,
            .cells = s.cells,
            .cellsFailed = s.cellsFailed,
        });
    }
    return steps;
}

std::vector<HostCounterStep> PairHistory::hostCounters(const std::string& host) const
{
    std::vector<HostCounterStep> steps;
    const auto id = findHost(host);
    if (!id)
        return steps;
    for (const Bucket& bucket : m_buckets) {
        const auto it = std::ranges::lower_bound(bucket.hosts, *id, {}, &std::pair<std::uint32_t, HostSums>::first);
        if (it == bucket.hosts.end() || it->first != *id)
            continue;
        HostCounterStep step;
        step.start = bucket.start;
        step.seconds = std::chrono::duration<double>(bucket.end - bucket.start).count();
        step.rounds = bucket.rounds;
        for (std::size_t i = 0; i < it->second.perS.size(); ++i) {
            if (!std::isnan(it->second.perS[i]))
                step.counters.*counters::kHostCounterFields[i].member = it->second.perS[i];
        }
        steps.push_back(step);
    }
    return steps;
}

std::vector<PairHistoryEvent> PairHistory::events(const std::string& fromHost, const std::string& toHost) const
{
    // A cleared event carries no hosts: it belongs to the pair when its raise did.
    std::set<std::string> ids;
    std::vector<PairHistoryEvent> out;
    for (const PairHistoryEvent& event : m_events) {
        const bool concerns = std::ranges::find(event.hosts, fromHost) != event.hosts.end()
            || std::ranges::find(event.hosts, toHost) != event.hosts.end();
        if (!event.cleared && concerns) {
            ids.insert(event.id);
            out.push_back(event);
        } else if (event.cleared && ids.erase(event.id) > 0) {
            out.push_back(event);
        }
    }
    return out;
}

std::uint32_t PairHistory::coarsest() const
{
    std::uint32_t most = 1;
    for (const Bucket& b : m_buckets)
        most = std::max(most, b.rounds);
    return most;
}

std::optional<Clock::time_point> PairHistory::first() const
{
    if (m_buckets.empty())
        return std::nullopt;
    return m_buckets.front().start;
}

std::optional<Clock::time_point> PairHistory::last() const
{
    if (m_buckets.empty())
        return std::nullopt;
    return m_buckets.back().end;
}

} // namespace rp::fabric

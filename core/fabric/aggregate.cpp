// SPDX-License-Identifier: GPL-3.0-or-later
#include "fabric/aggregate.h"

#include <algorithm>
#include <map>
#include <utility>

namespace rp::fabric {
namespace {

int reasonRank(Reason reason)
{
    // Higher is worse. Unexpected ones first: what stops a host entirely, then what loses packets, then what a
    // setting causes; the designed reasons after them rank by how often an admin meant the cell to work.
    switch (reason) {
    case Reason::AgentDown:
        return 9;
    case Reason::Timeout:
        return 8;
    case Reason::PortBlocked:
        return 7;
    case Reason::EmptySlot:
        return 6;
    case Reason::Mtu:
        return 5;
    case Reason::OtherSubnet:
        return 4;
    case Reason::RoceVersion:
        return 3;
    case Reason::LinkLocal:
        return 2;
    case Reason::HostBusy:
        return 1;
    case Reason::None:
        return 0;
    }
    return 0;
}

/// What PairSummary and TorSummary share while cells are folded in.
struct SummaryAcc
{
    std::size_t cells = 0;
    std::size_t failed = 0;
    std::size_t expectedBad = 0;
    Reason worst = Reason::None;
    bool worstExpected = false;
    std::uint64_t sent = 0;
    std::uint64_t lost = 0;
    double rttP99 = 0.0;

    void add(const CellResult& cell, bool designedToFail)
    {
        ++cells;
        if (cell.failed() && cell.expected)
            ++expectedBad;
        else if (cell.failed())
            ++failed;
        // A cell that got no answer and no word from its agent timed out.
        Reason reason = cell.reason == Reason::None ? Reason::Timeout : cell.reason;
        if (cell.failed() && worseReason(reason, cell.expected, worst, worstExpected)) {
            worst = reason;
            worstExpected = cell.expected;
        }
        if (!designedToFail) {
            sent += cell.sent;
            lost += cell.lost();
        }
        if (cell.received > 0)
            rttP99 = std::max(rttP99, cell.rttP99Us);
    }

    template <class Summary> void fill(Summary& s) const
    {
        s.cells = cells;
        s.cellsFailed = failed;
        s.cellsExpectedBad = expectedBad;
        s.worstReason = worst;
        s.lossPercent = sent == 0 ? 0.0 : 100.0 * static_cast<double>(lost) / static_cast<double>(sent);
        s.rttP99Us = rttP99;
    }
};

template <class KeyOf>
std::map<std::pair<std::string, std::string>, SummaryAcc> foldCells(
    const Pinglist& pinglist, const std::vector<CellResult>& cells, KeyOf keyOf)
{
    std::map<std::pair<std::string, std::string>, SummaryAcc> acc;
    for (const auto& cell : cells) {
        if (cell.from >= pinglist.endpoints.size() || cell.to >= pinglist.endpoints.size())
            continue;
        const auto& a = pinglist.endpoints[cell.from];
        const auto& b = pinglist.endpoints[cell.to];
        bool designed = expectation(a, b, pinglist.routedV2) != Reason::None;
        acc[keyOf(a, b)].add(cell, designed);
    }
    return acc;
}

} // namespace

bool worseReason(Reason a, bool aExpected, Reason b, bool bExpected)
{
    if (a != Reason::None && b == Reason::None)
        return true;
    if (a == Reason::None)
        return false;
    if (aExpected != bExpected)
        return !aExpected;
    return reasonRank(a) > reasonRank(b);
}

std::vector<PairSummary> summarisePairs(const Pinglist& pinglist, const std::vector<CellResult>& cells)
{
    auto acc = foldCells(pinglist, cells, [](const Endpoint& a, const Endpoint& b) {
        return std::pair { a.host, b.host };
    });
    std::vector<PairSummary> out;
    out.reserve(acc.size());
    for (const auto& [key, a] : acc) {
        PairSummary s;
        s.fromHost = key.first;
        s.toHost = key.second;
        a.fill(s);
        out.push_back(std::move(s));
    }
    return out;
}

std::vector<TorSummary> summariseTors(const Pinglist& pinglist, const std::vector<CellResult>& cells)
{
    auto acc = foldCells(pinglist, cells, [](const Endpoint& a, const Endpoint& b) {
        return std::pair { a.tor, b.tor };
    });
    std::vector<TorSummary> out;
    out.reserve(acc.size());
    for (const auto& [key, a] : acc) {
        TorSummary s;
        s.fromTor = key.first;
        s.toTor = key.second;
        a.fill(s);
        out.push_back(std::move(s));
    }
    return out;
}

} // namespace rp::fabric

// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The fabric page's pair history, shared by two threads: the check's worker adds each round as it ends (at 1 000
// hosts that is tens of milliseconds the GUI thread must not spend), the GUI thread reads one pair's timeline when the
// user picks it. A read waits at most for one round's fold.

#include "fabric/controller.h"
#include "fabric/pairhistory.h"

#include <mutex>
#include <utility>

namespace rp::ui {

class SharedPairHistory
{
public:
    void addRound(const rp::fabric::FabricRound& round)
    {
        std::lock_guard lock(m_mutex);
        m_history.addRound(round);
    }
    void reset() { replace(rp::fabric::PairHistory {}); }
    /// A saved run's history, built off the GUI thread, in place of the live one.
    void replace(rp::fabric::PairHistory history)
    {
        std::lock_guard lock(m_mutex);
        m_history = std::move(history);
    }
    /// Calls `f` with the history, locked for as long as `f` runs: keep `f` to a lookup.
    template <typename F> auto read(F&& f) const
    {
        std::lock_guard lock(m_mutex);
        return std::forward<F>(f)(std::as_const(m_history));
    }

private:
    mutable std::mutex m_mutex;
    rp::fabric::PairHistory m_history;
};

} // namespace rp::ui

// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// A finished fabric round made ready for the page on the thread that ran it: the matrix folded, the pair history fed.
// At 1 000 hosts (44 000 cells) that work took the GUI thread 84-215 ms a round; what is left for it is a swap.

#include "fabric/controller.h"
#include "itemmodels/fabricmatrixmodel.h"

#include <memory>

namespace rp::ui {

class SharedPairHistory;

struct RoundDigest
{
    /// Shared, never copied again: a large round is megabytes.
    std::shared_ptr<const rp::fabric::FabricRound> round;
    FabricMatrixModel::Content matrix;

    /// Folds `round` for the page and adds it to `history` (when given). Runs on any thread.
    static std::shared_ptr<const RoundDigest> make(rp::fabric::FabricRound round, SharedPairHistory* history);
};

} // namespace rp::ui

// SPDX-License-Identifier: GPL-3.0-or-later
#include "workers/rounddigest.h"

#include "workers/sharedpairhistory.h"

#include <utility>

namespace rp::ui {

std::shared_ptr<const RoundDigest> RoundDigest::make(rp::fabric::FabricRound round, SharedPairHistory* history)
{
    auto digest = std::make_shared<RoundDigest>();
    digest->matrix = FabricMatrixModel::build(round.pinglist, round.cells);
    if (history)
        history->addRound(round);
    digest->round = std::make_shared<const rp::fabric::FabricRound>(std::move(round));
    return digest;
}

} // namespace rp::ui

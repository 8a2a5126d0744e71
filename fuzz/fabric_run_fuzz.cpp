// SPDX-License-Identifier: GPL-3.0-or-later
// Fuzz entry point for the saved fabric run's reader: a run file is user input (opened from anywhere, maybe cut by a
// kill, maybe edited). Every input must end in a run or an Error, never a crash or an exception, and what is read
// must hold together: every cell, and every finding's evidence cell, indexes the endpoint table; each round the
// fabric page can step to rebuilds, with its cells' endpoints in its pinglist. Runs under GCC as the replay test
// tst_fabric_run_fuzz_replay.
#include "fabric/aggregate.h"
#include "fabric/fabricrun.h"
#include "fabric/runrounds.h"

#include <cstdint>
#include <cstdlib>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    if (size > (1u << 20))
        return 0;
    const std::string_view input(reinterpret_cast<const char*>(data), size);
    auto run = rp::fabric::parseFabricRun(input, "fuzz.rpfabric");
    if (!run)
        return 0;
    const auto endpoints = run->endpoints.size();
    for (const auto& batch : run->cells) {
        for (const auto& c : batch.cells) {
            if (c.from >= endpoints || c.to >= endpoints)
                std::abort();
        }
    }
    for (const auto& f : run->openFindings()) {
        for (const auto& c : f.evidenceCells) {
            if (c.from >= endpoints || c.to >= endpoints)
                std::abort();
        }
    }
    for (const auto n : rp::fabric::roundsWithCells(*run)) {
        auto round = rp::fabric::roundOfRun(*run, n);
        if (!round)
            std::abort(); // listed rounds have cells
        for (const auto& c : round->cells) {
            if (c.from >= round->pinglist.endpoints.size() || c.to >= round->pinglist.endpoints.size())
                std::abort();
        }
        (void)rp::fabric::summarisePairs(round->pinglist, round->cells);
        (void)rp::fabric::summariseTors(round->pinglist, round->cells);
    }
    return 0;
}

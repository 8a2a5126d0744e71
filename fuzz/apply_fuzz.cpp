// SPDX-License-Identifier: GPL-3.0-or-later
// Fuzz entry point for the readers of plan.json and apply journals: files a user hands to `apply --plan`,
// `rollback` and `journal`. Every input comes back as a value or an Error, never a crash or an exception; what
// parses survives a round trip. Needs rp_core (<expected>): it runs as the GCC replay test tst_apply_fuzz_replay.
#include "apply/journal.h"
#include "generate/plan.h"

#include <cstdint>
#include <cstdlib>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    if (size > (8u << 20))
        return 0;
    const std::string text(reinterpret_cast<const char*>(data), size);
    if (auto plan = rp::planFromJson(text, "fuzz.json")) {
        // Written again, every target carries the digest of its text: none is unsealed any more.
        auto again = rp::planFromJson(rp::planToJson(*plan), "again.json");
        plan->unsealed.clear();
        if (!again || !(*again == *plan))
            std::abort();
    }
    if (auto journal = rp::apply::journalFromJson(text, "fuzz.json")) {
        auto again = rp::apply::journalFromJson(rp::apply::journalToJson(*journal), "fuzz.json");
        if (!again || rp::apply::journalToJson(*again) != rp::apply::journalToJson(*journal))
            std::abort();
    }
    return 0;
}

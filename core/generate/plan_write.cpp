// SPDX-License-Identifier: GPL-3.0-or-later
#include "generate/plan.h"

#include "util/files.h"

namespace rp {

Result<void> writePlanDirectory(const Plan& plan, const std::string& dir)
{
    // One target's text in memory at a time, then plan.json.
    std::size_t at = 0;
    return writeDirectoryAtomicallyEach(
        dir,
        [&]() -> std::optional<std::pair<std::string, std::string>> {
            if (at < plan.targets.size()) {
                const auto& t = plan.targets[at++];
                return std::pair { targetFileName(t), renderTarget(plan, t) };
            }
            if (at++ == plan.targets.size())
                return std::pair { std::string("plan.json"), planToJson(plan) };
            return std::nullopt;
        },
        "plan");
}

} // namespace rp

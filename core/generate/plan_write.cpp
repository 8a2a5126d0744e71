// SPDX-License-Identifier: GPL-3.0-or-later
#include "generate/plan.h"

#include "util/files.h"

namespace rp {

Result<void> writePlanDirectory(const Plan& plan, const std::string& dir)
{
    std::vector<std::pair<std::string, std::string>> files;
    files.reserve(plan.targets.size() + 1);
    for (const auto& t : plan.targets)
        files.emplace_back(targetFileName(t), renderTarget(plan, t));
    files.emplace_back("plan.json", planToJson(plan));
    return writeDirectoryAtomically(dir, files, "plan");
}

} // namespace rp

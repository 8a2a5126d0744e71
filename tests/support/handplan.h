// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "generate/plan.h"

#include <string>
#include <utility>
#include <vector>

// Plans made in memory, as the apply page's tests and hand-written plan.json files make them: no source, no comment
// mark, no digest of a reviewed text.
namespace rp::test {

inline Step namedStep(std::string id, StepKind kind)
{
    Step s;
    s.title = id;
    s.id = std::move(id);
    s.kind = kind;
    return s;
}

inline Step hostStep(std::string id, std::vector<std::string> argv)
{
    Step s = namedStep(std::move(id), StepKind::HostArgv);
    s.argv = std::move(argv);
    return s;
}

inline Step cliStep(std::string id, std::string lines)
{
    Step s = namedStep(std::move(id), StepKind::SwitchCli);
    s.text = std::move(lines);
    return s;
}

inline PlanTarget handMadeTarget(std::string name, TargetKind kind, std::vector<Step> steps)
{
    PlanTarget t;
    t.name = std::move(name);
    t.kind = kind;
    t.steps = std::move(steps);
    return t;
}

inline Plan handMadePlan(std::vector<PlanTarget> targets)
{
    Plan p;
    p.profileName = "by hand";
    p.targets = std::move(targets);
    return p;
}

} // namespace rp::test

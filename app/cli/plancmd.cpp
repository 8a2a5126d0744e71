// SPDX-License-Identifier: GPL-3.0-or-later
#include "args.h"
#include "commands.h"

#include "generate/plan.h"
#include "profile/profile.h"

#include <cstdio>

namespace rp::cli {
namespace {

const char* kHelp = R"(usage: rocepilot-cli plan --profile FILE|PRESET --inventory FILE --out DIR [--json]

Generate the configuration of every host and switch in a plan inventory from one profile:
one reviewable file per target (DIR/<target>.txt: shell, PowerShell or switch CLI with the
verify and undo of every step) plus DIR/plan.json, the machine-readable plan. Nothing is
written unless every target validates: the files go to a temporary directory beside DIR
that is renamed to DIR at the end. DIR must not exist (or be empty).

options:
  --profile FILE|PRESET  a profile YAML, or the id of a built-in preset (profile presets)
  --inventory FILE       hosts (kind linux | linux-nvidia | windows, interfaces) and
                         switches (vendor, host_ports, uplink_ports); see docs/profile.md
  --out DIR              where to write
  --json                 also print plan.json on stdout
  --help                 this text

exit codes: 0 written, 1 invalid profile/inventory or write failure (nothing written), 2 usage error
)";

} // namespace

int planCommand(int argc, char** argv)
{
    Args args({ "json", "help" }, { "profile", "inventory", "out" });
    if (auto error = args.parse(argc, argv, 2); !error.empty()) {
        std::fprintf(stderr, "rocepilot-cli plan: %s\n(see 'rocepilot-cli plan --help')\n", error.c_str());
        return ExitUsage;
    }
    if (args.flag("help")) {
        std::fputs(kHelp, stdout);
        return ExitOk;
    }
    auto profileArg = args.value("profile");
    auto inventoryArg = args.value("inventory");
    auto out = args.value("out");
    if (!profileArg || !inventoryArg || !out || !args.positional().empty()) {
        std::fprintf(stderr,
            "rocepilot-cli plan: --profile, --inventory and --out are required, and nothing else\n"
            "(see 'rocepilot-cli plan --help')\n");
        return ExitUsage;
    }
    Result<Profile> profile = fail(ErrorKind::Usage, "");
    if (auto preset = findPreset(*profileArg))
        profile = preset->profile;
    else
        profile = loadProfile(*profileArg);
    if (!profile) {
        std::fprintf(stderr, "%s\n", profile.error().describe().c_str());
        return ExitSomeFailed;
    }
    auto inventory = loadPlanInventory(*inventoryArg);
    if (!inventory) {
        std::fprintf(stderr, "%s\n", inventory.error().describe().c_str());
        return ExitSomeFailed;
    }
    auto plan = generatePlan(*profile, *inventory);
    if (!plan) {
        std::fprintf(stderr, "%s\n", plan.error().describe().c_str());
        return ExitSomeFailed;
    }
    if (auto ok = writePlanDirectory(*plan, *out); !ok) {
        std::fprintf(stderr, "%s\n(nothing was written)\n", ok.error().describe().c_str());
        return ExitSomeFailed;
    }
    for (const auto& w : plan->warnings)
        std::fprintf(stderr, "warning: %s\n", w.message.c_str());
    if (args.flag("json"))
        std::fputs(planToJson(*plan).c_str(), stdout);
    else
        std::printf("wrote %zu target file(s) and plan.json to %s\n", plan->targets.size(), out->c_str());
    return ExitOk;
}

} // namespace rp::cli

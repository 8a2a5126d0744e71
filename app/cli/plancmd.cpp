// SPDX-License-Identifier: GPL-3.0-or-later
#include "args.h"
#include "commands.h"

#include "connect.h"

#include "discovery/discover.h"
#include "discovery/json.h"
#include "generate/plan.h"
#include "profile/profile.h"
#include "util/files.h"

#include <cstdio>

namespace rp::cli {
namespace {

const char* kPlanHelp = R"(usage: rocepilot-cli plan --profile FILE|PRESET --inventory FILE --out DIR
                          [--facts FILE | --no-discover] [--accept-new-host-keys] [--known-hosts FILE] [--json]

Generate the configuration of every host and switch in the inventory from one profile:
one reviewable file per target (DIR/<target>.txt: shell, PowerShell or switch CLI with the
verify and undo of every step) plus DIR/plan.json, the machine-readable plan that
`rocepilot-cli apply --plan DIR` applies. First the inventory's Linux hosts are discovered
(over SSH, as `discover` does), so each host's RoCE interfaces come from what it has and
every undo restores what it has now; a host that cannot be discovered fails the plan.
Nothing is written unless every target validates: the files go to a temporary directory
beside DIR that is renamed to DIR at the end. DIR must not exist (or be empty).

options:
  --profile FILE|PRESET  a profile YAML, or the id of a built-in preset (profile presets)
  --inventory FILE       the inventory (docs/inventory.md): hosts (address, kind linux |
                         linux-nvidia | windows, interfaces, sudo, dcb) and switches
                         (vendor, host_ports, uplink_ports)
  --out DIR              where to write
  --facts FILE           plan from an earlier discovery (the JSON of 'discover --json')
                         instead of discovering the hosts now
  --no-discover          plan from the inventory alone (hosts must list their interfaces;
                         undo steps then say the previous state is unknown)
  --accept-new-host-keys accept and save keys of hosts seen for the first time
  --known-hosts FILE     the known_hosts file (default: the inventory's, or RoCE Pilot's own)
  --json                 also print plan.json on stdout
  --help                 this text

exit codes: 0 written, 1 invalid profile/inventory or write failure (nothing written), 2 usage error
)";

} // namespace

int planCommand(int argc, char** argv)
{
    Args args({ "json", "help", "no-discover", "accept-new-host-keys" },
        { "profile", "inventory", "out", "known-hosts", "facts" });
    if (auto done = parseOrHelp(args, argc, argv, 2, "plan", kPlanHelp))
        return *done;
    auto profileArg = args.value("profile");
    auto inventoryArg = args.value("inventory");
    auto out = args.value("out");
    if (!profileArg || !inventoryArg || !out || !args.positional().empty()) {
        return usageError("plan", "--profile, --inventory and --out are required, and nothing else");
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
    auto text = readTextFile(*inventoryArg, 16u << 20);
    if (!text) {
        std::fprintf(stderr, "%s\n", text.error().describe().c_str());
        return ExitSomeFailed;
    }
    auto full = parseInventoryForPlan(*text, *inventoryArg);
    if (!full) {
        std::fprintf(stderr, "%s\n", full.error().describe().c_str());
        return ExitSomeFailed;
    }
    HostFactsMap facts;
    if (auto factsFile = args.value("facts")) {
        auto loaded = loadDiscoveryJson(*factsFile);
        if (!loaded) {
            std::fprintf(stderr, "%s\n", loaded.error().describe().c_str());
            return ExitSomeFailed;
        }
        for (const auto& h : full->hosts) {
            if (h.kind != HostKind::Windows && !loaded->count(h.name)) {
                std::fprintf(stderr, "%s: host '%s' has no facts there (not discovered, or discovery failed)\n",
                    factsFile->c_str(), h.name.c_str());
                return ExitSomeFailed;
            }
        }
        facts = std::move(*loaded);
    } else if (!args.flag("no-discover")) {
        // Only Linux hosts are discovered; Windows hosts are planned from their listed adapters.
        std::vector<HostSpec> toDiscover;
        for (const auto& h : full->hosts) {
            if (h.kind == HostKind::Windows)
                continue;
            if (h.address.empty() && !h.local) {
                std::fprintf(stderr,
                    "%s: host '%s' has no address to discover it at; give one, or plan with --no-discover\n",
                    inventoryArg->c_str(), h.name.c_str());
                return ExitSomeFailed;
            }
            toDiscover.push_back(h);
        }
        if (auto ok = validateInventory(*full); !ok) {
            std::fprintf(stderr, "%s: %s\n", inventoryArg->c_str(), ok.error().describe().c_str());
            return ExitSomeFailed;
        }
        auto context = cliConnectContext(*full, args.value("known-hosts"), args.flag("accept-new-host-keys"));
        DiscoveryOptions options;
        bool failed = false;
        for (auto& outcome : discoverFleet(toDiscover, context, options)) {
            if (!outcome.facts) {
                std::fprintf(stderr, "%s: %s: %s (plan with --no-discover to plan without its facts)\n",
                    outcome.spec.name.c_str(), std::string(toString(outcome.state)).c_str(),
                    outcome.error ? outcome.error->describe().c_str() : "no facts");
                failed = true;
                continue;
            }
            std::fprintf(stderr, "%s: discovered (%.1f s)\n", outcome.spec.name.c_str(), outcome.seconds);
            facts.emplace(outcome.spec.name, std::move(*outcome.facts));
        }
        if (failed)
            return ExitSomeFailed;
    }
    auto inventory = planInventoryFrom(*full, facts);
    if (auto ok = validatePlanInventory(inventory); !ok) {
        auto error = ok.error();
        error.where = *inventoryArg + (error.where.empty() ? "" : ": " + error.where);
        std::fprintf(stderr, "%s\n", error.describe().c_str());
        return ExitSomeFailed;
    }
    auto plan = generatePlan(*profile, inventory, facts);
    if (plan) {
        plan->profileYaml = profileToYaml(*profile);
        plan->inventoryYaml = inventoryToYaml(*full);
    }
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

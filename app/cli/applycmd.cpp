// SPDX-License-Identifier: GPL-3.0-or-later
// apply, rollback and journal: the CLI face of core/apply.
#include "args.h"
#include "commands.h"
#include "connect.h"
#include "print.h"

#include "apply/apply.h"
#include "discovery/discover.h"
#include "generate/plan.h"
#include "profile/profile.h"
#include "util/files.h"
#include "util/text.h"

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <optional>

namespace rp::cli {
namespace {

const char* kApplyHelp = R"(usage: rocepilot-cli apply (--plan DIR [--inventory FILE] | --profile P --inventory FILE)
                         [--dry-run | --verify-only] [--concurrency N] [--policy stop|continue]
                         [--canary HOST] [--confirm-timeout S] [--journal-dir DIR]
                         [--accept-new-host-keys] [--known-hosts FILE] [--json]

Apply a plan to its hosts, one step at a time, each read back after it runs. Before the first
change every host is read afresh: the plan is re-made from that read (a host that changed since
planning is refused), and the state of everything the plan touches is written to a journal
(one file per run, fsync'd before and after every step). A failed step or read-back undoes the
host's applied steps in reverse order and reads the host back against the snapshot. A step that
may cut the SSH session runs under a dead-man: the host undoes it by itself unless a new
connection confirms within --confirm-timeout seconds. Switch targets with an address go first,
through their vendor's session (EOS, NX-OS, Cumulus NVUE, each with its own commit timer or
checkpoint); other switches are listed as skipped, with the reason.

options:
  --plan DIR             a plan directory written by 'plan' (its plan.json carries the inventory)
  --profile P            make the plan now from a profile file or preset and --inventory
  --inventory FILE       the inventory (default with --plan: the one the plan was made from)
  --dry-run              read every host and say what would change; change nothing
  --verify-only          read every step back; change nothing
  --concurrency N        hosts at a time (default 32)
  --policy stop|continue stop: the first failed host rolls every host back (default);
                         continue: only the failed host is rolled back
  --canary HOST          apply HOST alone first and ping the first other host from it (RDMA
                         when the plan sets rdma_cm defaults, else TCP); the others only when
                         both succeeded, else HOST is rolled back
  --confirm-timeout S    dead-man timeout in seconds (default 60)
  --journal-dir DIR      where journals go (default ~/.local/share/rocepilot/journals)
  --json                 print the journal as JSON at the end

exit codes: 0 applied (or nothing to change), 1 a host failed or was refused, 2 usage error
)";

const char* kRollbackHelp = R"(usage: rocepilot-cli rollback JOURNAL [--json] [--accept-new-host-keys]

Undo every step the journal shows as run, on every host, in reverse order, then read each host
back and compare it with the snapshot taken before the run. Settles a dead-man a dead
controller left armed. JOURNAL is a path or an id from 'journal list'.
exit codes: 0 every host reads back equal to its snapshot, 1 not so, 2 usage error
)";

const char* kJournalHelp = R"(usage: rocepilot-cli journal list [--journal-dir DIR]
       rocepilot-cli journal show JOURNAL [--json]
       rocepilot-cli journal resume JOURNAL [--accept-new-host-keys]

list: every run, newest first, with its outcome; an unfinished one (the controller died) says so.
show: one run step by step. resume: continue an unfinished run (steps verified before are
read back again, the others run); 'rocepilot-cli rollback JOURNAL' undoes it instead.
)";

std::string resolveJournal(const std::string& arg, const std::string& dir)
{
    if (arg.find('/') != std::string::npos || arg.ends_with(".json"))
        return arg;
    return (dir.empty() ? apply::defaultJournalDir() : dir) + "/" + arg + ".json";
}

void printJournal(const apply::Journal& j)
{
    std::printf("journal %s (%s): %s\n", j.id.c_str(), j.mode.c_str(), j.state.c_str());
    for (const auto& h : j.hosts) {
        std::printf("  %s: %s%s%s\n", h.name.c_str(), apply::toString(h.state).c_str(), h.message.empty() ? "" : " — ",
            h.message.c_str());
        for (const auto& s : h.steps) {
            std::printf("    %-12s %s%s%s\n", apply::toString(s.state).c_str(), s.id.c_str(),
                s.message.empty() ? "" : ": ", s.message.c_str());
        }
    }
    for (const auto& sw : j.switches)
        std::printf("  %s (switch): %s — %s\n", sw.name.c_str(), sw.state.c_str(), sw.message.c_str());
    std::printf("  file: %s\n", j.path.c_str());
}

apply::Options baseOptions(const Args& args, std::string& error)
{
    apply::Options o;
    o.cancel = &g_cancel;
    o.journalDir = args.value("journal-dir").value_or("");
    if (auto c = args.value("concurrency")) {
        auto n = toInt(*c);
        if (!n || *n < 1 || *n > 1024)
            error = "--concurrency must be 1..1024";
        else
            o.concurrency = static_cast<std::size_t>(*n);
    }
    if (auto t = args.value("confirm-timeout")) {
        auto n = toInt(*t);
        if (!n || *n < 5 || *n > 3600)
            error = "--confirm-timeout must be 5..3600 seconds";
        else
            o.confirmTimeout = std::chrono::seconds(*n);
    }
    o.onEvent = [](const apply::Event& e) {
        std::lock_guard lock(promptMutex());
        if (e.host.empty())
            std::fprintf(stderr, "%s\n", e.text.c_str());
        else if (!e.step.empty())
            std::fprintf(stderr, "%s: %s: %s\n", e.host.c_str(), e.step.c_str(), e.text.c_str());
        else
            std::fprintf(stderr, "%s: %s%s\n", e.host.c_str(), e.text.c_str(),
                e.hostsTotal ? (" [" + std::to_string(e.hostsDone) + "/" + std::to_string(e.hostsTotal) + "]").c_str()
                             : "");
    };
    return o;
}

} // namespace

int applyCommand(int argc, char** argv)
{
    Args args({ "dry-run", "verify-only", "json", "accept-new-host-keys", "help" },
        { "plan", "profile", "inventory", "concurrency", "policy", "canary", "confirm-timeout", "journal-dir",
            "known-hosts" });
    if (auto done = parseOrHelp(args, argc, argv, 2, "apply", kApplyHelp))
        return *done;
    const auto planArg = args.value("plan");
    const auto profileArg = args.value("profile");
    const auto inventoryArg = args.value("inventory");
    if ((planArg.has_value() == profileArg.has_value()) || (profileArg && !inventoryArg) || !args.positional().empty()
        || (args.flag("dry-run") && args.flag("verify-only"))) {
        return usageError("apply",
            "give --plan DIR, or --profile P with --inventory FILE (and at most one of --dry-run, --verify-only)");
    }
    std::string optionError;
    apply::Options options = baseOptions(args, optionError);
    if (auto p = args.value("policy")) {
        if (*p == "stop")
            options.policy = apply::Policy::StopAll;
        else if (*p == "continue")
            options.policy = apply::Policy::Continue;
        else
            optionError = "--policy must be stop or continue";
    }
    if (!optionError.empty()) {
        std::fprintf(stderr, "rocepilot-cli apply: %s\n", optionError.c_str());
        return ExitUsage;
    }
    options.mode = args.flag("dry-run") ? apply::Mode::DryRun
        : args.flag("verify-only")      ? apply::Mode::VerifyOnly
                                        : apply::Mode::Apply;
    options.canary = args.value("canary").value_or("");
    options.probePath = probeBinary();

    Plan plan;
    Inventory inventory;
    if (planArg) {
        auto loaded = loadPlanDirectory(*planArg);
        if (!loaded) {
            std::fprintf(stderr, "%s\n", loaded.error().describe().c_str());
            return ExitSomeFailed;
        }
        plan = std::move(*loaded);
        warnUnsealed(stderr, plan);
        Result<Inventory> inv = inventoryArg ? loadInventory(*inventoryArg)
            : plan.inventoryYaml.empty()
            ? Result<Inventory>(fail(ErrorKind::Usage, "the plan carries no inventory: give --inventory FILE"))
            : parseInventory(plan.inventoryYaml, *planArg + "/plan.json (inventory)");
        if (!inv) {
            std::fprintf(stderr, "%s\n", inv.error().describe().c_str());
            return ExitSomeFailed;
        }
        inventory = std::move(*inv);
    } else {
        Result<Profile> profile = fail(ErrorKind::Usage, "");
        if (auto preset = findPreset(*profileArg))
            profile = preset->profile;
        else
            profile = loadProfile(*profileArg);
        auto inv = loadInventory(*inventoryArg);
        if (!profile || !inv) {
            std::fprintf(stderr, "%s\n", (!profile ? profile.error() : inv.error()).describe().c_str());
            return ExitSomeFailed;
        }
        inventory = std::move(*inv);
        auto context = cliConnectContext(inventory, args.value("known-hosts"), args.flag("accept-new-host-keys"));
        HostFactsMap facts;
        std::vector<HostSpec> linuxHosts;
        for (const auto& h : inventory.hosts) {
            if (h.kind != HostKind::Windows)
                linuxHosts.push_back(h);
        }
        for (auto& o : discoverFleet(linuxHosts, context, DiscoveryOptions {}, options.concurrency)) {
            if (!o.facts) {
                std::fprintf(
                    stderr, "%s: %s\n", o.spec.name.c_str(), o.error ? o.error->describe().c_str() : "no facts");
                return ExitSomeFailed;
            }
            facts.emplace(o.spec.name, std::move(*o.facts));
        }
        auto made = generatePlan(*profile, planInventoryFrom(inventory, facts), facts);
        if (!made) {
            std::fprintf(stderr, "%s\n", made.error().describe().c_str());
            return ExitSomeFailed;
        }
        plan = std::move(*made);
        plan.profileYaml = profileToYaml(*profile);
        plan.inventoryYaml = inventoryToYaml(inventory);
    }
    // A run whose controller died is the admin's to settle first: say so, loudly, before changing more.
    for (const auto& s :
        apply::listJournals(options.journalDir.empty() ? apply::defaultJournalDir() : options.journalDir)) {
        if (s.state == "running" && options.mode == apply::Mode::Apply)
            std::fprintf(stderr,
                "warning: run %s did not finish (its controller stopped): 'rocepilot-cli journal resume %s' or "
                "'rocepilot-cli rollback %s'\n",
                s.id.c_str(), s.id.c_str(), s.id.c_str());
    }
    cancelOnSignals();
    auto context = cliConnectContext(inventory, args.value("known-hosts"), args.flag("accept-new-host-keys"));
    auto result = apply::run(plan, inventory, context, options);
    if (!result) {
        std::fprintf(stderr, "%s\n", result.error().describe().c_str());
        return ExitSomeFailed;
    }
    if (args.flag("json"))
        std::fputs(apply::journalToJson(result->journal).c_str(), stdout);
    else
        printJournal(result->journal);
    return result->ok ? ExitOk : ExitSomeFailed;
}

/// rollback and journal resume: the journal's own inventory, its hosts' keys, Ctrl-C as cancel.
int runFromJournal(const Args& args, const std::string& path, apply::Options options, bool resume)
{
    auto j = apply::loadJournal(path);
    if (!j) {
        std::fprintf(stderr, "%s\n", j.error().describe().c_str());
        return ExitSomeFailed;
    }
    auto inv = parseInventory(j->inventoryYaml, path);
    if (!inv) {
        std::fprintf(stderr, "%s\n", inv.error().describe().c_str());
        return ExitSomeFailed;
    }
    cancelOnSignals();
    auto context = cliConnectContext(*inv, args.value("known-hosts"), args.flag("accept-new-host-keys"));
    auto result = resume ? apply::resume(path, context, options) : apply::rollback(path, context, options);
    if (!result) {
        std::fprintf(stderr, "%s\n", result.error().describe().c_str());
        return ExitSomeFailed;
    }
    if (args.flag("json"))
        std::fputs(apply::journalToJson(result->journal).c_str(), stdout);
    else
        printJournal(result->journal);
    return result->ok ? ExitOk : ExitSomeFailed;
}

int rollbackCommand(int argc, char** argv)
{
    Args args({ "json", "accept-new-host-keys", "help" }, { "journal-dir", "known-hosts" });
    if (auto done = parseOrHelp(args, argc, argv, 2, "rollback", kRollbackHelp))
        return *done;
    if (args.positional().size() != 1)
        return usageError("rollback", "give one JOURNAL");
    std::string optionError;
    auto options = baseOptions(args, optionError);
    return runFromJournal(args, resolveJournal(args.positional().front(), options.journalDir), options, false);
}

int journalCommand(int argc, char** argv)
{
    Args args({ "json", "accept-new-host-keys", "help" }, { "journal-dir", "known-hosts" });
    if (auto done = parseOrHelp(args, argc, argv, 2, "journal", kJournalHelp))
        return *done;
    if (args.positional().empty()) {
        std::fputs(kJournalHelp, stderr);
        return ExitUsage;
    }
    const std::string dir = args.value("journal-dir").value_or(apply::defaultJournalDir());
    const std::string sub = args.positional().front();
    if (sub == "list" && args.positional().size() == 1) {
        std::error_code ec;
        if (!std::filesystem::is_directory(dir, ec)) {
            if (args.value("journal-dir")) {
                std::fprintf(stderr, "rocepilot-cli journal list: %s: no such directory\n", dir.c_str());
                return ExitSomeFailed;
            }
            std::printf("no journals yet (%s does not exist)\n", dir.c_str());
            return ExitOk;
        }
        for (const auto& s : apply::listJournals(dir)) {
            if (!s.error.empty()) {
                std::printf("%s  DAMAGED: %s\n", s.id.c_str(), s.error.c_str());
                continue;
            }
            std::string hosts;
            for (const auto& [name, state] : s.hosts)
                hosts += (hosts.empty() ? "" : ", ") + name + " " + state;
            std::printf("%s  %-8s %-12s %s%s\n", s.id.c_str(), s.mode.c_str(), s.state.c_str(), hosts.c_str(),
                s.state == "running" ? "  (unfinished: resume or roll back)" : "");
        }
        return ExitOk;
    }
    if ((sub == "show" || sub == "resume") && args.positional().size() == 2) {
        const std::string path = resolveJournal(args.positional()[1], dir);
        auto j = apply::loadJournal(path);
        if (!j) {
            std::fprintf(stderr, "%s\n", j.error().describe().c_str());
            return ExitSomeFailed;
        }
        if (sub == "show") {
            if (args.flag("json"))
                std::fputs(apply::journalToJson(*j).c_str(), stdout);
            else
                printJournal(*j);
            return ExitOk;
        }
        std::string optionError;
        return runFromJournal(args, path, baseOptions(args, optionError), true);
    }
    std::fprintf(stderr, "rocepilot-cli journal: unknown use\n%s", kJournalHelp);
    return ExitUsage;
}

} // namespace rp::cli

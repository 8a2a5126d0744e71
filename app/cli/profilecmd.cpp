// SPDX-License-Identifier: GPL-3.0-or-later
#include "args.h"
#include "commands.h"

#include "profile/profile.h"
#include "util/files.h"

#include <cstdio>

namespace rp::cli {
namespace {

const char* kProfileHelp = R"(usage: rocepilot-cli profile presets
       rocepilot-cli profile show PRESET
       rocepilot-cli profile validate FILE

RoCE profiles: what the fabric should look like (RoCE and CNP classes, trust, PFC, ETS,
ECN, MTU, DCBX, rdma_cm defaults). The YAML schema is in docs/profile.md.

  presets    list the built-in presets with their explanation
  show       print a preset as YAML (a starting point for your own file)
  validate   check a profile file: errors (file:line:col) and vendor-trap warnings

options:
  --help     this text

exit codes: 0 fine (warnings may be printed), 1 the file is invalid or unreadable, 2 usage error
)";

} // namespace

int profileCommand(int argc, char** argv)
{
    Args args({ "help" }, {});
    if (auto done = parseOrHelp(args, argc, argv, 2, "profile", kProfileHelp))
        return *done;
    const auto& pos = args.positional();
    if (pos.empty())
        return usageError("profile", "no subcommand given (presets, show or validate)");
    const auto& sub = pos[0];
    if (sub == "presets") {
        if (pos.size() != 1)
            return usageError("profile", "'presets' takes no arguments");
        for (const auto& preset : presets())
            std::printf("%s\n  %s\n  %s\n\n", preset.id.c_str(), preset.title.c_str(), preset.explanation.c_str());
        return ExitOk;
    }
    if (sub == "show") {
        if (pos.size() != 2)
            return usageError("profile", "'show' needs exactly one PRESET (see 'rocepilot-cli profile presets')");
        auto preset = findPreset(pos[1]);
        if (!preset) {
            std::string names;
            for (const auto& p : presets())
                names += (names.empty() ? "" : ", ") + p.id;
            return usageError("profile", "unknown preset '" + pos[1] + "' (presets: " + names + ")");
        }
        std::fputs(profileToYaml(preset->profile).c_str(), stdout);
        return ExitOk;
    }
    if (sub == "validate") {
        if (pos.size() != 2)
            return usageError("profile", "'validate' needs exactly one FILE");
        auto text = readTextFile(pos[1], 1u << 20);
        if (!text) {
            std::fprintf(stderr, "%s\n", text.error().describe().c_str());
            return ExitSomeFailed;
        }
        auto profile = parseProfileUnchecked(*text, pos[1]);
        if (!profile) {
            std::fprintf(stderr, "%s\n", profile.error().describe().c_str());
            return ExitSomeFailed;
        }
        int errors = 0;
        for (const auto& issue : checkProfile(*profile)) {
            auto where = locateField(*text, pos[1], issue.field);
            std::fprintf(issue.error ? stderr : stdout, "%s: %s: %s\n", where.c_str(),
                issue.error ? "error" : "warning", issue.message.c_str());
            errors += issue.error ? 1 : 0;
        }
        if (errors) {
            std::fprintf(stderr, "%s: %d error(s): the profile cannot be used\n", pos[1].c_str(), errors);
            return ExitSomeFailed;
        }
        std::printf(
            "%s: valid profile '%s'\n%s\n", pos[1].c_str(), profile->name.c_str(), tosExplanation(*profile).c_str());
        return ExitOk;
    }
    return usageError("profile", "unknown subcommand '" + sub + "' (presets, show or validate)");
}

} // namespace rp::cli

// SPDX-License-Identifier: GPL-3.0-or-later
#include "args.h"
#include "commands.h"
#include "print.h"

#include "discovery/json.h"
#include "parse/fragments.h"
#include "parse/parsers.h"
#include "util/files.h"
#include "util/textdecode.h"

#include <cstdio>
#include <iostream>
#include <iterator>

namespace rp::cli {
namespace {

const char* kParseHelp = R"(usage: rocepilot-cli parse [--kind KIND|auto] FILE... [--json]

Read saved or pasted outputs of the tools admins already run and show what they say
in RoCE Pilot's terms, with a warning (file:line) for everything odd. FILE '-' is stdin.

KIND: auto (default), show_gids, ibv_devinfo, ibv_devices, rdma-link, rdma-dev,
      ibdev2netdev, ip-addr, ip-link, proc-net-vlan, mlnx_qos, dcb, lldptool, amd-smi

options:
  --kind KIND   the format; 'auto' detects it per file
  --json        print one JSON document per file (docs/json.md)
  --help        this text

exit codes: 0 every file read, 1 some file unreadable or of no known format, 2 usage error
)";

} // namespace

int parseCommand(int argc, char** argv)
{
    Args args({ "json", "help" }, { "kind" });
    if (auto done = parseOrHelp(args, argc, argv, 2, "parse", kParseHelp))
        return *done;
    OutputKind kind = OutputKind::Unknown;
    if (auto k = args.value("kind"); k && *k != "auto") {
        auto parsed = outputKindFromString(*k);
        if (!parsed || *parsed == OutputKind::Unknown) {
            std::fprintf(stderr, "rocepilot-cli parse: unknown --kind '%s' (see --help for the list)\n", k->c_str());
            return ExitUsage;
        }
        kind = *parsed;
    }
    if (args.positional().empty()) {
        std::fprintf(stderr, "rocepilot-cli parse: no FILE given ('-' reads stdin)\n");
        return ExitUsage;
    }
    int exit = ExitOk;
    for (const auto& file : args.positional()) {
        auto read = readTextFile(file, kMaxPasteBytes);
        if (!read) {
            std::fprintf(stderr, "%s\n", read.error().describe().c_str());
            exit = ExitSomeFailed;
            continue;
        }
        const std::string text = decodeText(*read);
        auto parsed = parseOutput(kind, text);
        if (parsed.kind == OutputKind::Unknown) {
            std::fprintf(stderr, "%s: not a format RoCE Pilot knows (give --kind to force one)\n", file.c_str());
            exit = ExitSomeFailed;
            if (!args.flag("json"))
                continue;
        } else if (parsed.devices.empty() && parsed.netdevs.empty()) {
            // A forced --kind on an empty or foreign file reads nothing: that is no success.
            std::fprintf(stderr, "%s: nothing was read as %s (%zu warning(s))\n", file.c_str(),
                std::string(toString(parsed.kind)).c_str(), parsed.warnings.size());
            exit = ExitSomeFailed;
        }
        if (args.flag("json")) {
            std::fputs(parsedToJson(file, parsed).c_str(), stdout);
            continue;
        }
        std::printf("%s: %s\n", file.c_str(), std::string(toString(parsed.kind)).c_str());
        if (!parsed.devices.empty())
            printDevices(stdout, parsed.devices, {});
        if (!parsed.netdevs.empty())
            printNetdevs(stdout, parsed.netdevs);
        for (const auto& w : parsed.warnings)
            std::printf("%s:%d: warning: %s\n", file.c_str(), w.line, w.message.c_str());
    }
    return exit;
}

} // namespace rp::cli

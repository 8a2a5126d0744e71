// SPDX-License-Identifier: GPL-3.0-or-later
#include "args.h"
#include "commands.h"

#include "bundle/bundle.h"
#include "diagnose/diagnose.h"
#include "inventory/inventory.h"
#include "parse/fragments.h"
#include "remote/fleet.h"
#include "util/files.h"
#include "util/textdecode.h"

#include <cstdio>
#include <fstream>
#include <mutex>
#include <sstream>

namespace rp::cli {
namespace {

const char* kBundleHelp
    = R"(usage: rocepilot-cli bundle collect --inventory FILE [--host NAME] --out FILE [--force] [--interval SECONDS]
       rocepilot-cli bundle show FILE
       rocepilot-cli bundle script [--interval SECONDS | --windows]

collect  read every output the troubleshooter uses from each host of the inventory (ip -d addr,
         ibv_devinfo -v, GID types and netdevs, port states, rdma_cm defaults, dcb, ethtool -S and
         rdma statistic twice) into one text file; 'rocepilot-cli diagnose --paste FILE' reads it.
         For a host that cannot be reached it prints what to run there by hand. FILE must not
         exist (--force replaces a regular file); nothing is written when no host could be read.
show     what a bundle (or any pasted output file) holds, per host
script   print the collection script, to run by hand on a Linux host:
           bash rocepilot-bundle.sh > HOST.txt
         or with --windows the PowerShell one (Windows hosts: NetQoS, NetAdapterRdma, SMB)

exit codes: 0 all hosts collected, 1 some could not be (their commands printed), 2 usage error
)";

void printManual(const std::string& host, int interval, bool windows)
{
    if (windows) {
        std::fprintf(stderr,
            "%s: run this in PowerShell there (as Administrator) and bring the file back "
            "(diagnose --paste %s.txt):\n  & { '=== %s ==='; . .\\rocepilot-bundle.ps1 } > %s.txt\n"
            "where rocepilot-bundle.ps1 is the output of 'rocepilot-cli bundle script --windows':\n\n%s\n",
            host.c_str(), host.c_str(), host.c_str(), host.c_str(), bundle::windowsScript().c_str());
        return;
    }
    std::fprintf(stderr,
        "%s: run this there as root and bring the file back (diagnose --paste %s.txt):\n"
        "  (echo '## %s'; echo '```'; bash rocepilot-bundle.sh; echo '```') > %s.txt\n"
        "where rocepilot-bundle.sh is the output of 'rocepilot-cli bundle script --interval %d':\n\n%s\n",
        host.c_str(), host.c_str(), host.c_str(), host.c_str(), interval, bundle::collectionScript(interval).c_str());
}

} // namespace

int bundleCommand(int argc, char** argv)
{
    Args args({ "help", "accept-new-host-keys", "windows", "force" },
        { "inventory", "host", "out", "interval", "known-hosts" });
    if (auto done = parseOrHelp(args, argc, argv, 2, "bundle", kBundleHelp))
        return *done;
    if (args.positional().empty()) {
        std::fprintf(stderr, "rocepilot-cli bundle: give collect, show or script\n");
        return ExitUsage;
    }
    const std::string sub = args.positional().front();
    int interval = 5;
    if (auto v = args.value("interval")) {
        try {
            interval = std::stoi(*v);
        } catch (...) {
            interval = -1;
        }
        if (interval < 0 || interval > 600) {
            std::fprintf(stderr, "rocepilot-cli bundle: --interval must be 0..600 seconds\n");
            return ExitUsage;
        }
    }
    if (sub == "script") {
        std::fputs(
            (args.flag("windows") ? bundle::windowsScript() : bundle::collectionScript(interval)).c_str(), stdout);
        return ExitOk;
    }
    if (sub == "show") {
        if (args.positional().size() != 2) {
            std::fprintf(stderr, "rocepilot-cli bundle show: give one FILE\n");
            return ExitUsage;
        }
        auto bytes = readTextFile(args.positional()[1], kMaxPasteBytes);
        if (!bytes) {
            std::fprintf(stderr, "rocepilot-cli bundle show: %s\n", bytes.error().describe().c_str());
            return ExitUsage;
        }
        const std::string text = decodeText(*bytes);
        auto fabric = importFragments(text, "pasted");
        if (!holdsAnything(fabric)) {
            std::fprintf(stderr,
                "rocepilot-cli bundle show: %s: nothing in it could be read as a bundle or pasted outputs\n",
                args.positional()[1].c_str());
            return ExitSomeFailed;
        }
        if (!bundle::isBundle(text))
            std::fprintf(stdout, "(not a bundle file: read as pasted outputs)\n");
        std::fputs(bundle::summarize(fabric).c_str(), stdout);
        return ExitOk;
    }
    if (sub != "collect") {
        std::fprintf(stderr, "rocepilot-cli bundle: unknown subcommand '%s'\n", sub.c_str());
        return ExitUsage;
    }
    auto inventoryFile = args.value("inventory");
    auto out = args.value("out");
    if (!inventoryFile || !out) {
        std::fprintf(stderr, "rocepilot-cli bundle collect: --inventory and --out are required\n");
        return ExitUsage;
    }
    const auto existing = args.flag("force") ? AtomicFile::Existing::Replace : AtomicFile::Existing::Refuse;
    if (auto ok = checkOutputPaths({ *out }, { *inventoryFile }, existing); !ok) {
        std::fprintf(stderr, "rocepilot-cli bundle collect: --out: %s%s\n", ok.error().describe().c_str(),
            existing == AtomicFile::Existing::Refuse ? " (--force replaces a regular file)" : "");
        return ExitUsage;
    }
    auto inventory = loadInventory(*inventoryFile);
    if (!inventory) {
        std::fprintf(stderr, "rocepilot-cli bundle collect: %s\n", inventory.error().describe().c_str());
        return ExitUsage;
    }
    std::vector<HostSpec> hosts;
    for (const auto& h : inventory->hosts)
        if (!args.value("host") || h.name == *args.value("host"))
            hosts.push_back(h);
    if (hosts.empty()) {
        std::fprintf(stderr, "rocepilot-cli bundle collect: no such host in the inventory\n");
        return ExitUsage;
    }
    ConnectContext context;
    context.knownHostsFile
        = args.value("known-hosts")
              .value_or(inventory->knownHostsFile.empty() ? defaultKnownHostsPath() : inventory->knownHostsFile);
    bool acceptNew = args.flag("accept-new-host-keys");
    context.onUnknownHostKey = [acceptNew](const HostKeyInfo& key) {
        std::fprintf(stderr, "%s: %s host key %s %s\n", key.host.c_str(),
            acceptNew ? "accepting new" : "refusing unknown", key.keyType.c_str(), key.sha256Fingerprint.c_str());
        return acceptNew ? HostKeyDecision::AcceptAndSave : HostKeyDecision::Refuse;
    };
    std::vector<std::string> sections(hosts.size());
    std::vector<std::optional<Error>> errors(hosts.size());
    runBounded(hosts.size(), 32, [&](std::size_t i) {
        auto exec = openExecutor(hosts[i], context);
        if (!exec) {
            errors[i] = exec.error();
            return;
        }
        auto section
            = bundle::collectHost(**exec, hosts[i].name, interval, nullptr, hosts[i].kind == HostKind::Windows);
        if (!section)
            errors[i] = section.error();
        else
            sections[i] = std::move(*section);
    });
    std::vector<std::string> got;
    int failed = 0;
    for (std::size_t i = 0; i < hosts.size(); ++i) {
        if (errors[i]) {
            ++failed;
            std::fprintf(stderr, "%s\n", errors[i]->describe().c_str());
            printManual(hosts[i].name, interval, hosts[i].kind == HostKind::Windows);
        } else {
            got.push_back(sections[i]);
            std::fprintf(stderr, "%s: collected\n", hosts[i].name.c_str());
        }
    }
    if (got.empty()) {
        std::fprintf(stderr, "rocepilot-cli bundle collect: no host could be read; %s was not written\n", out->c_str());
        return ExitSomeFailed;
    }
    if (auto ok = writeFileAtomically(*out, bundle::makeBundle(got, diag::utcNow()), 0644, existing); !ok) {
        std::fprintf(stderr, "rocepilot-cli bundle collect: %s\n", ok.error().describe().c_str());
        return ExitSomeFailed;
    }
    std::fprintf(stderr, "wrote %s (%zu host(s))\n", out->c_str(), got.size());
    return failed ? ExitSomeFailed : ExitOk;
}

} // namespace rp::cli

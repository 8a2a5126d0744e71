// SPDX-License-Identifier: GPL-3.0-or-later
#include "args.h"
#include "commands.h"

#include "diagnose/diagnose.h"
#include "diagnose/live.h"
#include "inventory/inventory.h"
#include "parse/fragments.h"
#include "profile/profile.h"
#include "util/files.h"
#include "util/textdecode.h"

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>
#include <unistd.h>

namespace rp::cli {
namespace {

const char* kDiagnoseHelp
    = R"(usage: rocepilot-cli diagnose [--inventory FILE] [--profile FILE|PRESET] [--paste FILE...] [--bundle FILE...]
                               [--active] [--json]

Find GID, RoCE version, VLAN, MTU, PFC, trust, DSCP, ToS, ETS and counter problems across hosts,
live (--inventory: discovery plus rdma_cm defaults and two reads of the RDMA counters; EOS, NX-OS
and Cumulus switches read with show commands) or from outputs admins paste (--paste: any mix of
ibv_devinfo, show_gids, GID lines, sysfs cat/grep sessions, ip, dcb, mlnx_qos, lldptool, lldpctl,
ibstat, rdma statistic, ethtool -S, amd-smi static, perftest, ibv_rc_pingpong and qperf outputs,
switch show outputs (NX-OS show queuing interface too) and running configurations of SONiC, Cumulus,
EOS, NX-OS, OS10 and Junos, SONiC syslog lines (PFC watchdog, orchagent), and log lines of
NCCL, UCX, libfabric/fabtests, Gloo, Mooncake/UCCL/brpc (glog), Open MPI and verbs/rdma_cm errors,
with NCCL_*/UCX_*/FI_* settings, libibverbs' provider warnings, fi_info and ucx_info -d; several
hosts and switches in one file, each under a heading or a prompt).
Each finding names the hosts and ports, the evidence (value, where and when read), explains the
problem and gives the fix, generated for that host from the profile.

options:
  --inventory FILE         read these hosts (SSH, or localhost) and switches (SSH, read-only) live
  --profile FILE|PRESET    the profile that was meant to be applied (fixes come from it;
                           default: the lossless-dscp preset, and hosts are compared with each other)
  --paste FILE             pasted outputs; repeat for several files ('-' reads stdin)
  --bundle FILE            a capture bundle (rocepilot-cli bundle collect); read like --paste
  --earlier FILE           an earlier bundle or paste of the same hosts: GID tables that changed since
                           then are reported (stale GID indexes)
  --active                 with --inventory: RDMA ping between hosts of one subnet over each
                           candidate GID index, and a TCP connect to the test port (18515)
  --probe PATH             rocepilot-probe for --active (default: next to this program)
  --interval SECONDS       between the two counter reads (default 2)
  --known-hosts FILE       host-key file (default: the inventory's, else ~/.config/rocepilot/known_hosts)
  --json                   the JSON report (docs/diagnose.md)
  --help                   this text

exit codes: 0 no errors found, 1 errors found (or a host or switch could not be read), 2 usage error
)";

/// A paste as UTF-8 text (util/textdecode), never more than kMaxPasteBytes.
Result<std::string> readPaste(const std::string& file)
{
    auto bytes = readTextFile(file, kMaxPasteBytes);
    if (!bytes)
        return std::unexpected(bytes.error());
    return decodeText(*bytes);
}

std::string defaultProbe()
{
    std::error_code ec;
    auto self = std::filesystem::read_symlink("/proc/self/exe", ec);
    if (ec)
        return "rocepilot-probe";
    return (self.parent_path() / "rocepilot-probe").string();
}

} // namespace

int diagnoseCommand(int argc, char** argv)
{
    // --paste may repeat: collect those first, hand the rest to Args.
    std::vector<std::string> pastes;
    std::vector<char*> rest { argv, argv + 2 };
    for (int i = 2; i < argc; ++i) {
        std::string a = argv[i];
        if (a == "--paste" || a == "--bundle") {
            if (i + 1 >= argc) {
                std::fprintf(stderr, "rocepilot-cli diagnose: option '%s' needs a value\n", a.c_str());
                return ExitUsage;
            }
            pastes.push_back(argv[++i]);
        } else if (a.starts_with("--paste=") || a.starts_with("--bundle=")) {
            pastes.push_back(a.substr(a.find('=') + 1));
        } else {
            rest.push_back(argv[i]);
        }
    }
    Args args({ "json", "active", "help", "accept-new-host-keys" },
        { "inventory", "profile", "probe", "interval", "known-hosts", "earlier" });
    if (auto done = parseOrHelp(args, static_cast<int>(rest.size()), rest.data(), 2, "diagnose", kDiagnoseHelp))
        return *done;
    if (!args.positional().empty()) {
        std::fprintf(stderr, "rocepilot-cli diagnose: unexpected argument '%s' (files go after --paste)\n",
            args.positional().front().c_str());
        return ExitUsage;
    }
    auto inventoryFile = args.value("inventory");
    if (!inventoryFile && pastes.empty()) {
        std::fprintf(stderr, "rocepilot-cli diagnose: give --inventory FILE and/or --paste FILE\n");
        return ExitUsage;
    }
    if (args.flag("active") && !inventoryFile) {
        std::fprintf(stderr, "rocepilot-cli diagnose: --active needs --inventory (it measures between live hosts)\n");
        return ExitUsage;
    }
    diag::DiagnoseOptions options;
    if (auto p = args.value("profile")) {
        if (auto preset = findPreset(*p)) {
            options.profile = preset->profile;
        } else {
            auto loaded = loadProfile(*p);
            if (!loaded) {
                std::fprintf(stderr, "rocepilot-cli diagnose: %s\n", loaded.error().describe().c_str());
                return ExitUsage;
            }
            options.profile = *loaded;
        }
    }
    double interval = 2;
    if (auto v = args.value("interval")) {
        try {
            interval = std::stod(*v);
        } catch (...) {
            interval = -1;
        }
        if (interval < 0 || interval > 600) {
            std::fprintf(stderr, "rocepilot-cli diagnose: --interval must be 0..600 seconds\n");
            return ExitUsage;
        }
    }
    bool json = args.flag("json");
    diag::FabricSnapshot snapshot;
    bool readFailed = false;
    std::vector<std::string> unused; // the importer's notes on lines it did not use: after the answer, not before
    for (const auto& file : pastes) {
        auto text = readPaste(file);
        if (!text) {
            std::fprintf(stderr, "rocepilot-cli diagnose: %s\n", text.error().describe().c_str());
            return ExitUsage;
        }
        auto name = file == "-" ? std::string("stdin") : std::filesystem::path(file).filename().string();
        auto pasted = importFragments(*text, "pasted");
        for (const auto& w : pasted.warnings)
            unused.push_back(name + ":" + std::to_string(w.line) + ": " + w.message);
        if (!holdsAnything(pasted)) {
            std::fprintf(stderr,
                "rocepilot-cli diagnose: %s: nothing in it could be read (no host, device, GID table, DCB or switch "
                "output); 'rocepilot-cli bundle script' prints what to run on a host\n",
                name.c_str());
            readFailed = true;
        }
        diag::addPasted(snapshot, pasted, name);
    }
    if (inventoryFile) {
        auto inventory = loadInventory(*inventoryFile);
        if (!inventory) {
            std::fprintf(stderr, "rocepilot-cli diagnose: %s\n", inventory.error().describe().c_str());
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
        diag::LiveOptions live;
        live.active = args.flag("active");
        live.probePath = args.value("probe").value_or(defaultProbe());
        live.counterInterval = std::chrono::milliseconds(static_cast<long>(interval * 1000));
        auto progress = [json](const std::string& line) {
            if (!json)
                std::fprintf(stderr, "%s\n", line.c_str());
        };
        auto result = diag::collectLive(inventory->hosts, context, live, progress);
        for (const auto& e : result.hostErrors) {
            std::fprintf(stderr, "%s\n", e.describe().c_str());
            readFailed = true;
        }
        for (auto& h : result.snapshot.hosts)
            snapshot.hosts.push_back(std::move(h));
        snapshot.reachability = std::move(result.snapshot.reachability);
        snapshot.activeChecksRun = result.snapshot.activeChecksRun;
        auto switches = diag::collectSwitches(inventory->switches, context, live.counterInterval, progress);
        for (const auto& n : switches.notes)
            std::fprintf(stderr, "%s\n", n.c_str());
        for (const auto& e : switches.errors) {
            std::fprintf(stderr, "%s\n", e.describe().c_str());
            readFailed = true;
        }
        snapshot.switchPorts.insert(snapshot.switchPorts.end(), switches.ports.begin(), switches.ports.end());
        snapshot.lldp.insert(snapshot.lldp.end(), switches.lldp.begin(), switches.lldp.end());
    }
    if (auto earlier = args.value("earlier")) {
        auto text = readPaste(*earlier);
        if (!text) {
            std::fprintf(stderr, "rocepilot-cli diagnose: --earlier: %s\n", text.error().describe().c_str());
            return ExitUsage;
        }
        diag::FabricSnapshot before;
        auto name = std::filesystem::path(*earlier).filename().string();
        diag::addPasted(before, importFragments(*text, "pasted"), name);
        // When: the bundle's own "(collected TIME)", else the file's name.
        std::string when = name;
        if (auto pos = text->find("(collected "); pos != std::string::npos && pos < 64)
            when = text->substr(pos + 11, text->find(')', pos) - pos - 11);
        for (auto& h : snapshot.hosts)
            for (const auto& b : before.hosts)
                if (b.name == h.name) {
                    h.earlier = b.facts;
                    h.earlierAt = when;
                }
    }
    auto report = diag::diagnose(snapshot, options);
    std::fputs((json ? diag::reportToJson(report) : diag::reportToText(report)).c_str(), stdout);
    std::fflush(stdout);
    for (const auto& line : unused)
        std::fprintf(stderr, "%s\n", line.c_str());
    return report.hasErrors() || readFailed ? ExitSomeFailed : ExitOk;
}

} // namespace rp::cli

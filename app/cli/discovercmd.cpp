// SPDX-License-Identifier: GPL-3.0-or-later
#include "args.h"
#include "commands.h"
#include "connect.h"
#include "print.h"

#include "discovery/json.h"
#include "inventory/inventory.h"
#include "util/command.h"
#include "util/text.h"

#include <cstdio>
#include <filesystem>
#include <iostream>
#include <mutex>
#include <termios.h>
#include <unistd.h>

namespace rp::cli {
namespace {

const char* kDiscoverHelp = R"(usage: rocepilot-cli discover [--inventory FILE | HOST...] [options]

Discover RDMA devices, ports, GID tables, netdevs (MTU, VLANs, priority maps) and DCB
state (PFC, ETS, trust, DCBX) on every host, in parallel, one SSH connection per host.

HOST is [user@]address[:port] (SSH, key from ssh-agent) or 'localhost' (this machine,
no SSH).

options:
  --inventory FILE         hosts from a RoCE Pilot inventory/project file (YAML)
  --sysfs-root DIR         read a recorded tree (DIR/sys/class/infiniband, ...) instead of a host
  --known-hosts FILE       the host-key file to check against (default: the inventory's, else
                           ~/.config/rocepilot/known_hosts)
  --accept-new-host-keys   accept and save keys of hosts seen for the first time (their
                           SHA256 fingerprints are printed); a CHANGED key is always refused
  --identity FILE          private key for HOST arguments (default: ssh-agent)
  --concurrency N          hosts at once (default 32)
  --timeout SECONDS        per-command timeout (default 60); connect timeout is 10 s
  --netdev IF              recommend GIDs on this netdev (e.g. a VLAN interface)
  --ipv6                   recommend RoCE v2 GIDs with a global IPv6 address instead of IPv4
  --no-dcb                 skip reading PFC/ETS/trust
  --json                   print the JSON document (docs/json.md) instead of text
  --help                   this text

exit codes: 0 every host ok, 1 some host failed (each with its state and reason), 2 usage error
)";

/// "[user@]address[:port]" -> HostSpec; IPv6 in brackets ("[fe80::1]:22").
std::optional<HostSpec> hostFromArgument(const std::string& arg, const std::string& identity, std::string& why)
{
    HostSpec h;
    h.name = arg;
    if (arg == "localhost") {
        h.local = true;
        h.address = "localhost";
        return h;
    }
    std::string rest = arg;
    if (auto at = rest.find('@'); at != std::string::npos) {
        h.user = rest.substr(0, at);
        rest = rest.substr(at + 1);
    }
    if (!rest.empty() && rest.front() == '[') {
        auto close = rest.find(']');
        if (close == std::string::npos) {
            why = "unbalanced '[' in '" + arg + "'";
            return std::nullopt;
        }
        h.address = rest.substr(1, close - 1);
        rest = rest.substr(close + 1);
        if (!rest.empty() && rest.front() == ':')
            rest = rest.substr(1);
        else if (!rest.empty()) {
            why = "unexpected text after ']' in '" + arg + "'";
            return std::nullopt;
        }
    } else if (auto colon = rest.find(':');
               colon != std::string::npos && rest.find(':', colon + 1) == std::string::npos) {
        h.address = rest.substr(0, colon);
        rest = rest.substr(colon + 1);
    } else {
        h.address = rest;
        rest.clear();
    }
    if (!rest.empty()) {
        auto port = toInt(rest);
        if (!port || *port < 1 || *port > 65535) {
            why = "port in '" + arg + "' must be 1..65535";
            return std::nullopt;
        }
        h.port = *port;
    }
    if (!identity.empty()) {
        h.auth = AuthMethod::KeyFile;
        h.keyFile = identity;
    }
    return h;
}

} // namespace

int discoverCommand(int argc, char** argv)
{
    Args args({ "json", "accept-new-host-keys", "no-dcb", "ipv6", "help" },
        { "inventory", "sysfs-root", "known-hosts", "identity", "concurrency", "timeout", "netdev" });
    if (auto done = parseOrHelp(args, argc, argv, 2, "discover", kDiscoverHelp))
        return *done;
    Inventory inventory;
    if (auto file = args.value("inventory")) {
        if (!args.positional().empty()) {
            std::fprintf(stderr, "rocepilot-cli discover: give --inventory or HOST arguments, not both\n");
            return ExitUsage;
        }
        auto loaded = loadInventory(*file);
        if (!loaded) {
            std::fprintf(stderr, "rocepilot-cli discover: %s\n", loaded.error().describe().c_str());
            return ExitUsage;
        }
        inventory = std::move(*loaded);
    }
    for (const auto& arg : args.positional()) {
        std::string why;
        auto host = hostFromArgument(arg, args.value("identity").value_or(""), why);
        if (!host) {
            std::fprintf(stderr, "rocepilot-cli discover: %s\n", why.c_str());
            return ExitUsage;
        }
        inventory.hosts.push_back(*host);
    }
    if (auto root = args.value("sysfs-root")) {
        std::error_code ec;
        if (!std::filesystem::is_directory(*root, ec)) {
            std::fprintf(stderr, "rocepilot-cli discover: --sysfs-root %s: not a directory\n", root->c_str());
            return ExitUsage;
        }
        if (inventory.hosts.empty())
            inventory.hosts.push_back(HostSpec { .name = "recorded", .address = "localhost", .local = true });
        for (auto& h : inventory.hosts)
            h.sysfsRoot = *root;
    }
    if (inventory.hosts.empty()) {
        std::fprintf(stderr,
            "rocepilot-cli discover: no hosts: give --inventory FILE, HOST arguments or "
            "--sysfs-root DIR\n");
        return ExitUsage;
    }
    if (auto ok = validateInventory(inventory); !ok) {
        std::fprintf(stderr, "rocepilot-cli discover: %s\n", ok.error().describe().c_str());
        return ExitUsage;
    }
    DiscoveryOptions options;
    options.readDcb = !args.flag("no-dcb");
    options.target.ipv4 = !args.flag("ipv6");
    if (auto netdev = args.value("netdev")) {
        auto safe = validateInterfaceName(*netdev);
        if (!safe) {
            std::fprintf(stderr, "rocepilot-cli discover: %s\n", safe.error().message.c_str());
            return ExitUsage;
        }
        options.target.netdev = *safe;
    }
    if (auto t = args.value("timeout")) {
        auto seconds = toInt(*t);
        if (!seconds || *seconds < 1 || *seconds > 3600) {
            std::fprintf(stderr, "rocepilot-cli discover: --timeout must be 1..3600 seconds\n");
            return ExitUsage;
        }
        options.commandTimeout = std::chrono::seconds(*seconds);
    }
    std::size_t concurrency = 32;
    if (auto c = args.value("concurrency")) {
        auto n = toInt(*c);
        if (!n || *n < 1 || *n > 1024) {
            std::fprintf(stderr, "rocepilot-cli discover: --concurrency must be 1..1024\n");
            return ExitUsage;
        }
        concurrency = static_cast<std::size_t>(*n);
    }

    ConnectContext context = cliConnectContext(inventory, args.value("known-hosts"), args.flag("accept-new-host-keys"));

    bool json = args.flag("json");
    auto progress = [json](const HostOutcome& o, std::size_t done, std::size_t total) {
        if (json)
            return;
        std::lock_guard lock(promptMutex());
        std::fprintf(
            stderr, "[%zu/%zu] %s: %s\n", done, total, o.spec.name.c_str(), std::string(toString(o.state)).c_str());
    };
    auto outcomes = discoverFleet(inventory.hosts, context, options, concurrency, progress);
    auto fabricNotes = compareRecommendations(outcomes);
    if (json) {
        std::fputs(discoveryToJson(outcomes, fabricNotes).c_str(), stdout);
    } else {
        for (const auto& o : outcomes) {
            std::fputc('\n', stdout);
            printOutcome(stdout, o);
        }
        if (!fabricNotes.empty()) {
            std::fputs("\nfabric:\n", stdout);
            printNotes(stdout, fabricNotes, "  ");
        }
        std::size_t ok = 0;
        for (const auto& o : outcomes)
            ok += o.state == HostState::Ok ? 1 : 0;
        std::fprintf(stdout, "\n%zu of %zu hosts discovered\n", ok, outcomes.size());
    }
    for (const auto& o : outcomes) {
        if (o.state != HostState::Ok)
            return ExitSomeFailed;
    }
    return ExitOk;
}

} // namespace rp::cli

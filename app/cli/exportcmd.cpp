// SPDX-License-Identifier: GPL-3.0-or-later
#include "args.h"
#include "commands.h"
#include "connect.h"
#include "print.h"

#include "export/ansible.h"
#include "fabric/agentpinglist.h"
#include "generate/plan.h"
#include "inventory/inventory.h"
#include "util/files.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

namespace rp::cli {
namespace {

const char* kExportHelp = R"(usage: rocepilot-cli export ansible --plan DIR --inventory FILE --out DIR [--forks N]
                                    [--junos-confirm MINUTES] [--fabric-agents DIR [--probe PATH]]

Write an Ansible project that brings every target of a plan (the DIR that 'rocepilot-cli plan'
wrote) to the same end state with stock Ansible (Debian 12: apt-get install ansible):
  inventory.yml  the targets with their SSH address, port, user and key from FILE; switches
                 grouped per vendor (ansible_network_os, network_cli; Cumulus and SONiC as shells)
  ansible.cfg    pipelining on, fact gathering off, forks N, host keys checked against the
                 inventory's known_hosts (never disabled)
  site.yml       switches first, then hosts; each target runs targets/<name>.yml
  targets/       per target: every step reads back first, changes only what differs (argv
                 commands, no shell), reads back again; a failure undoes the steps that ran,
                 newest first. Junos loads everything in one commit confirmed.
  README.md      how to run it (--check --diff first) and what it cannot protect against
  roles/         with --fabric-agents: rocepilot_fabric_agent, played last on the hosts that have a
                 pinglist in DIR (from 'rocepilot-cli fabric pinglist'): the probe to /usr/local/bin,
                 rocepilot-agent@.service, the host's pinglist to /etc/rocepilot/agent (0600), the
                 unit enabled and started; each agent serves its own /metrics on :9465
Nothing is written unless the whole project is: the files go to a temporary directory beside
DIR that is renamed to DIR at the end. DIR must not exist (or be empty).

options:
  --plan DIR             a plan directory (plan.json inside)
  --inventory FILE       the inventory that reaches the plan's targets (one entry per target name)
  --out DIR              where to write the project
  --forks N              ansible.cfg forks (default 32)
  --junos-confirm MIN    Junos commit confirmed timer in minutes (default 5)
  --fabric-agents DIR    install a standalone fabric agent on each host with a DIR/HOST.json
  --probe PATH           the rocepilot-probe the hosts get (default: next to this program)
  --help                 this text

exit codes: 0 written, 1 unreadable plan/inventory, a target without an inventory entry, or a
write failure (nothing written), 2 usage error
)";

bool parseInt(const std::string& text, int lo, int hi, int& out)
{
    if (text.empty() || text.size() > 6)
        return false;
    for (char c : text) {
        if (c < '0' || c > '9')
            return false;
    }
    out = std::atoi(text.c_str());
    return out >= lo && out <= hi;
}

/// Every DIR/HOST.json (each read as the agent will read it, so a broken file stops the export, not the service) and
/// the probe's bytes.
Result<AnsibleFabricAgents> readFabricAgents(const std::string& dir, const std::string& probe)
{
    AnsibleFabricAgents agents;
    std::error_code ec;
    std::vector<std::filesystem::path> files;
    for (const auto& entry : std::filesystem::directory_iterator(dir, ec)) {
        if (entry.path().extension() == ".json")
            files.push_back(entry.path());
    }
    if (ec)
        return fail(ErrorKind::Io, "cannot list the pinglists: " + ec.message(), dir);
    std::ranges::sort(files);
    for (const auto& path : files) {
        auto text = readTextFile(path.string(), fabric::kAgentPinglistMaxBytes);
        if (!text)
            return std::unexpected(text.error());
        auto file = fabric::readAgentPinglist(*text, path.string());
        if (!file)
            return std::unexpected(file.error());
        if (file->host != path.stem().string())
            return fail(ErrorKind::Validation, "the pinglist is host '" + file->host + "''s, not its file name's",
                path.string());
        agents.pinglists[file->host] = std::move(*text);
    }
    if (agents.pinglists.empty())
        return fail(
            ErrorKind::Validation, "no HOST.json pinglist here (rocepilot-cli fabric pinglist writes them)", dir);
    std::ifstream in(probe, std::ios::binary);
    agents.probe.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
    if (!in.good() && !in.eof())
        return fail(ErrorKind::Io, "cannot read the probe", probe);
    if (agents.probe.size() < 4
        || agents.probe.compare(0, 4,
               "\x7f"
               "ELF")
            != 0)
        return fail(ErrorKind::Validation, "not an ELF program: give rocepilot-probe with --probe", probe);
    return agents;
}

} // namespace

int exportCommand(int argc, char** argv)
{
    if (argc < 3 || std::string(argv[2]) == "--help" || std::string(argv[2]) == "-h") {
        bool help = argc >= 3;
        std::fputs(kExportHelp, help ? stdout : stderr);
        return help ? ExitOk : ExitUsage;
    }
    if (std::string(argv[2]) != "ansible")
        return usageError("export", "unknown format '" + std::string(argv[2]) + "' (only 'ansible')");
    Args args({ "help" }, { "plan", "inventory", "out", "forks", "junos-confirm", "fabric-agents", "probe" });
    if (auto done = parseOrHelp(args, argc, argv, 3, "export ansible", kExportHelp))
        return *done;
    auto planDir = args.value("plan");
    auto inventoryFile = args.value("inventory");
    auto out = args.value("out");
    if (!planDir || !inventoryFile || !out || !args.positional().empty())
        return usageError("export ansible", "--plan, --inventory and --out are required, and nothing else");
    AnsibleExportOptions options;
    if (auto f = args.value("forks"); f && !parseInt(*f, 1, 1000, options.forks)) {
        std::fprintf(stderr, "rocepilot-cli export ansible: --forks takes 1..1000, got '%s'\n", f->c_str());
        return ExitUsage;
    }
    if (auto m = args.value("junos-confirm"); m && !parseInt(*m, 1, 65535, options.junosConfirmMinutes)) {
        std::fprintf(
            stderr, "rocepilot-cli export ansible: --junos-confirm takes 1..65535 minutes, got '%s'\n", m->c_str());
        return ExitUsage;
    }
    if (args.value("probe") && !args.value("fabric-agents"))
        return usageError("export ansible", "--probe goes with --fabric-agents DIR");
    if (auto agentsDir = args.value("fabric-agents")) {
        auto agents = readFabricAgents(*agentsDir, args.value("probe").value_or(probeBinary()));
        if (!agents) {
            std::fprintf(stderr, "%s\n(nothing was written)\n", agents.error().describe().c_str());
            return ExitSomeFailed;
        }
        options.fabricAgents = std::move(*agents);
    }
    options.planSource = *planDir + "/plan.json";
    auto plan = loadPlanDirectory(*planDir);
    if (!plan) {
        std::fprintf(stderr, "%s\n", plan.error().describe().c_str());
        return ExitSomeFailed;
    }
    warnUnsealed(stderr, *plan);
    auto inventory = loadInventory(*inventoryFile);
    if (!inventory) {
        std::fprintf(stderr, "%s\n", inventory.error().describe().c_str());
        return ExitSomeFailed;
    }
    auto project = exportAnsible(*plan, *inventory, options);
    if (!project) {
        std::fprintf(stderr, "%s\n(nothing was written)\n", project.error().describe().c_str());
        return ExitSomeFailed;
    }
    if (auto ok = writeAnsibleProject(*project, *out); !ok) {
        std::fprintf(stderr, "%s\n(nothing was written)\n", ok.error().describe().c_str());
        return ExitSomeFailed;
    }
    std::size_t exported = 0;
    for (const auto& [path, text] : project->files)
        exported += path.starts_with("targets/") ? 1 : 0;
    std::printf("wrote an Ansible project for %zu of the plan's %zu target(s) to %s\n", exported, plan->targets.size(),
        out->c_str());
    if (options.fabricAgents)
        std::printf("with a fabric agent for %zu host(s) (roles/rocepilot_fabric_agent, played last)\n",
            options.fabricAgents->pinglists.size());
    std::printf("run it from there: cd %s && ansible-playbook site.yml --check --diff\n", out->c_str());
    for (const auto& n : project->notes)
        std::fprintf(stderr, "note: %s\n", n.c_str());
    return ExitOk;
}

} // namespace rp::cli

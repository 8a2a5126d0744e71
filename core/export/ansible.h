// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Ansible export: turns a plan (core/generate) and the inventory that reaches its targets into an Ansible
// project that brings the fleet to the same end state with stock Ansible (Debian 12: ansible 7.7, core 2.14).
// Hosts use ansible.builtin modules only (command in argv form, copy); switches use the vendor collections'
// *_config modules, Cumulus and community SONiC their Linux shell. Every value taken from the plan or the
// inventory is written as a YAML double-quoted scalar tagged !unsafe, so it can become neither YAML structure
// nor a Jinja expression. Same plan + inventory in, byte-identical project out.

#include "error.h"
#include "generate/plan.h"
#include "inventory/inventory.h"

#include <map>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

namespace rp {

/// The standalone fabric agents the export installs (export ansible --fabric-agents DIR): a role that copies the
/// probe to /usr/local/bin, the unit rocepilot-agent@.service, each host's pinglist (0600) to
/// /etc/rocepilot/agent/HOST.json, and enables rocepilot-agent@HOST.service.
struct AnsibleFabricAgents
{
    std::map<std::string, std::string> pinglists; ///< inventory host name -> its pinglist file's text
    std::string probe; ///< the rocepilot-probe binary's bytes
};

/// Where the role puts the probe on a host; the unit it installs starts it from there.
inline constexpr const char* kAnsibleAgentBinDir = "/usr/local/bin";

/// The agent's unit (resources/systemd/rocepilot-agent@.service.in) with its binary's directory filled in.
std::string fabricAgentUnit(std::string_view binDir);

struct AnsibleExportOptions
{
    int forks = 32; ///< ansible.cfg forks
    int junosConfirmMinutes = 5; ///< junos_config confirm: (commit confirmed), 1..65535
    /// Source of the plan, for the header comments and README ("plan/plan.json"); informational only.
    std::string planSource;
    std::optional<AnsibleFabricAgents> fabricAgents;
};

/// The exported project: relative path -> content (inventory.yml, ansible.cfg, site.yml, targets/<name>.yml,
/// README.md), plus the targets left out and why (none today: every target kind has an export).
struct AnsibleProject
{
    std::map<std::string, std::string> files;
    std::vector<std::string> notes; ///< for the admin: what the export could not carry over (also in README.md)
    std::set<std::string> privateFiles; ///< written 0600: they hold a secret (the agents' pinglists)
};

/// How one plan target is reached: taken from the inventory entry with the target's name.
struct AnsibleEndpoint
{
    std::string name;
    std::string address;
    int port = 22;
    std::string user;
    std::string keyFile; ///< empty: ssh-agent or Ansible's own defaults
    bool local = false; ///< ansible_connection local
    bool sudo = false; ///< become: true (sudo -n on the target)
    bool password = false; ///< the inventory says password: run with --ask-pass
};

/// Builds the project. Fails (naming the target, step or inventory entry) when a target has no inventory
/// entry, a name is not a safe target name, or a switch CLI line cannot be carried over safely.
Result<AnsibleProject> exportAnsible(
    const Plan& plan, const Inventory& inventory, const AnsibleExportOptions& options = {});

/// Writes the project into `dir`, all or nothing: a temporary directory beside it is renamed to `dir` at the
/// end. `dir` must not exist or be an empty directory.
Result<void> writeAnsibleProject(const AnsibleProject& project, const std::string& dir);

/// A YAML double-quoted scalar tagged !unsafe: `!unsafe "..."` (control characters, quotes, backslashes and
/// the YAML line breaks NEL/LS/PS escaped). Ansible never templates an !unsafe value.
std::string yamlUnsafe(std::string_view text);
/// A YAML double-quoted scalar without the tag (for keys: host and group names).
std::string yamlQuoted(std::string_view text);

/// One switch CLI block for a *_config module: `parents` (the enclosing context lines, outermost first) and the
/// `lines` entered inside them.
struct CliBlock
{
    std::vector<std::string> parents;
    std::vector<std::string> lines;
    bool operator==(const CliBlock&) const = default;
};
/// Splits indented CLI text (EOS, NX-OS, OS10, FTOS, Onyx style) into blocks in document order: a line
/// followed by deeper-indented lines is a parent; consecutive leaves under the same parents share a block.
/// "exit" lines are dropped (the modules leave each context themselves). Tabs are refused.
Result<std::vector<CliBlock>> splitCliBlocks(std::string_view text);

/// Splits one shell-style CLI line (Cumulus `nv ...`, SONiC `sudo config ...`) into argv tokens. Only plain
/// tokens and double-quoted tokens without shell metacharacters are accepted; anything else is an error.
Result<std::vector<std::string>> splitCliLine(std::string_view line);

} // namespace rp

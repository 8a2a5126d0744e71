// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// A plan: per target (host or switch) the ordered steps that bring it to a profile, each with the command
// or CLI text, the read-back that verifies it, and the step that undoes it. A later journaled apply engine
// runs steps in order, verifies each, and on failure runs the undo of the done steps in reverse order.
// Same profile + inventory + facts in, byte-identical plan out (no clocks, no randomness, sorted inputs kept
// in inventory order).

#include "error.h"
#include "generate/targets.h"
#include "model/model.h"
#include "profile/profile.h"

#include <map>
#include <string>
#include <vector>

namespace rp {

enum class StepKind {
    HostArgv, ///< run argv on the host (no shell; Windows: powershell.exe -Command LINE)
    SwitchCli, ///< paste `text` (one or more CLI lines) into the switch's configuration mode
    File, ///< write `text` to `path` on the target
};

/// A key the agreement check understands, with the value this step establishes on the target:
/// "pfc" = "3" (comma list, empty = none), "trust" = "dscp", "dscp:26" = "3" (priority), "cnp.priority" = "6",
/// "cnp.dscp" = "48", "mtu" = "9000", "vlan" = "2", "pcp.egress" = "3", "ets" = "0:50 3:50 6:strict".
struct Setting
{
    std::string key;
    std::string value;
    bool operator==(const Setting&) const = default;
};

/// How to read back what a step did: a command (hosts) or show command (switches) and what to find in it.
struct Verify
{
    std::vector<std::string> argv;
    std::string cli;
    std::string expect; ///< text expected in the output; empty = compare by eye (see the step notes)
    bool operator==(const Verify&) const = default;
};

/// How to undo a step. `known` is false when the state before the step was not discovered: then `note`
/// says so and `commands`/`text` are empty or only remove what the step added.
struct Undo
{
    bool known = true;
    std::vector<std::vector<std::string>> commands; ///< host argvs, run in order
    std::string text; ///< switch CLI lines
    std::string note;
    bool operator==(const Undo&) const = default;
};

struct Step
{
    std::string id; ///< unique in the plan: "<target>.<what>[.<interface>]"
    std::string title;
    StepKind kind = StepKind::HostArgv;
    std::vector<std::string> argv; ///< HostArgv
    std::string text; ///< SwitchCli lines, File content
    std::string path; ///< File destination
    Verify verify;
    Undo undo;
    bool persistent = false; ///< survives a reboot as it is
    bool artifact = false; ///< a separate, optional artifact (persistent form), not part of the apply sequence
    /// A File step for a file only some drivers have (MLNX_OFED sysfs): where the file does not exist the
    /// apply engine skips the step and says so, instead of failing the host.
    bool optional = false;
    /// The step may cut the management path (the SSH session) when it goes wrong: the apply engine arms the
    /// host's dead-man timer before it. The engine also finds such steps itself (they touch the netdev that
    /// carries the session); this marks the ones it cannot see.
    bool mayCutManagement = false;
    std::vector<std::string> notes;
    std::vector<Setting> sets;
    bool operator==(const Step&) const = default;
};

enum class TargetKind { LinuxGeneric, LinuxNvidia, Windows, Switch };

/// A setting the target cannot express, and why (e.g. Windows has no CNP class): the agreement check skips it.
struct Unsupported
{
    std::string key;
    std::string reason;
    bool operator==(const Unsupported&) const = default;
};

struct PlanTarget
{
    std::string name;
    TargetKind kind = TargetKind::LinuxGeneric;
    std::string platform; ///< "linux", "linux-nvidia", "windows", or the switch vendor ("cumulus", ...)
    std::string title; ///< "Linux (iproute2 dcb)", "Arista EOS", ...
    std::string comment; ///< comment prefix of the rendered text: "#", "!"
    std::vector<std::string> header; ///< notes for the admin at the top, uncertain facts marked "UNCERTAIN:"
    std::vector<Unsupported> unsupported;
    std::vector<Step> steps;

    /// The settings of all non-artifact steps, later steps overriding earlier ones.
    std::map<std::string, std::string> effective() const;
    bool operator==(const PlanTarget&) const = default;
};

struct Plan
{
    std::string profileName;
    /// What the plan was made from, so the apply engine can re-generate it against a fresh read of each host
    /// (exact undo, stale-plan detection): the profile and the inventory as YAML. Empty in plans made by hand.
    std::string profileYaml;
    std::string inventoryYaml;
    std::vector<ProfileIssue> warnings; ///< profile warnings, for the report
    std::vector<PlanTarget> targets; ///< hosts first (inventory order), then switches
    /// Targets read from a plan.json that holds no digest of their reviewed text (a plan made by hand): nothing
    /// ties their steps to a text someone read, which apply and export say. Never written.
    std::vector<std::string> unsealed;
    bool operator==(const Plan&) const = default;
};

using HostFactsMap = std::map<std::string, HostFacts>; ///< by PlanHost::name

/// Validates the profile and the whole inventory first: either every target is generated or an error is
/// returned and nothing is. Facts (when given) make the undo steps exact.
Result<Plan> generatePlan(const Profile& profile, const PlanInventory& inventory, const HostFactsMap& facts = {});

/// The human-readable form of one target: a script/config with every step, its verify and undo as comments.
std::string renderTarget(const Plan& plan, const PlanTarget& target);
/// "<name>.txt"
std::string targetFileName(const PlanTarget& target);
/// The comment mark of a target's text: its own, else "#" ("!" on a switch). A plan made in memory may leave it
/// empty; its text and the text of the same plan read back from plan.json must be one (file_sha256).
std::string commentMark(const PlanTarget& target);
/// The machine-readable plan (docs/profile.md, "plan.json").
std::string planToJson(const Plan& plan);
/// Write one file per target plus plan.json into `dir`, all or nothing: everything is written to a temporary
/// directory beside it, which is then renamed to `dir`. `dir` must not exist or be an empty directory.
Result<void> writePlanDirectory(const Plan& plan, const std::string& dir);
/// Read plan.json back. Every field is checked; an unknown version, a missing field or a wrong type is a Parse
/// error naming the file and the JSON path. Each target's `file_sha256` (the digest of its reviewed text, written
/// by planToJson) must match the text its steps give now: a plan edited after it was written is refused.
Result<Plan> planFromJson(const std::string& json, const std::string& fileName);
/// planFromJson on DIR/plan.json (or the file given), and each target's text file beside it, where there is one,
/// must read exactly as the plan renders that target: what was reviewed is what is applied.
Result<Plan> loadPlanDirectory(const std::string& dirOrFile);

std::string toString(StepKind kind); ///< "host-argv", "switch-cli", "file"
std::string toString(TargetKind kind); ///< "linux", "linux-nvidia", "windows", "switch"

} // namespace rp

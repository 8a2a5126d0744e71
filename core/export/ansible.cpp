// SPDX-License-Identifier: GPL-3.0-or-later
// The Ansible export: plan + inventory -> inventory.yml, ansible.cfg, site.yml, targets/<name>.yml, README.md.
#include "export/ansible.h"

#include "export/agentunit_text.h"
#include "fabric/agentpinglist.h"
#include "generate/targets.h"
#include "util/command.h"

#include <algorithm>
#include <optional>
#include <set>

namespace rp {
namespace {

// How a target is driven.
enum class Flavour {
    Linux, ///< ansible.builtin.command / copy over SSH
    Windows, ///< ansible.windows.win_command / win_copy over SSH (PowerShell shell)
    Shell, ///< a switch with a Linux shell (Cumulus NVUE, community SONiC): command in argv form
    NetworkCli, ///< a vendor collection's *_config over network_cli (EOS, NX-OS, OS10, FTOS, Onyx)
    Junos, ///< junos_config with commit confirmed
};

struct Vendor
{
    SwitchVendor vendor;
    Flavour flavour;
    const char* group;
    const char* networkOs; ///< ansible_network_os (network_cli only)
    const char* configModule;
    const char* commandModule;
    const char* saveArg; ///< "save_when: modified" or "save: true"
    bool enable; ///< become with the enable method
    const char* protection; ///< what the platform lacks, for the play's comment and README
};

const Vendor kVendors[] = {
    { SwitchVendor::Cumulus, Flavour::Shell, "rocepilot_cumulus", "", "", "", "", false,
        "Cumulus Linux has no NVUE collection in Debian's ansible (no nvidia.nvue; community.network has only NCLU, "
        "gone in Cumulus 5): the nv commands run through the switch's shell with ansible.builtin.command. NVUE's "
        "own timer (nv config apply --confirm) is not used here because its time units are not verified; "
        "'nv config apply' runs with -y and has no automatic revert. Check mode reads back and reports, diff "
        "shows no device diff." },
    { SwitchVendor::Sonic, Flavour::Shell, "rocepilot_sonic", "", "", "", "", false,
        "Community SONiC through its shell (dellemc.enterprise_sonic is for Dell Enterprise SONiC only). The "
        "generic config updater has no timer and takes no automatic action on failure: the rescue applies the "
        "reverse patch. The lines call sudo themselves: the user needs password-less sudo (a non-root user also "
        "becomes root through it for the patch files under /etc/sonic)." },
    { SwitchVendor::Eos, Flavour::NetworkCli, "rocepilot_eos", "arista.eos.eos", "arista.eos.eos_config",
        "arista.eos.eos_command", "save_when: modified", true,
        "arista.eos.eos_config has no commit-timer option (EOS's 'commit timer' is not reachable from the "
        "module): a change that cuts the management path is not reverted by the switch. Check mode runs a real "
        "configuration session and aborts it (device-validated)." },
    { SwitchVendor::NxOs, Flavour::NetworkCli, "rocepilot_nxos", "cisco.nxos.nxos", "cisco.nxos.nxos_config",
        "cisco.nxos.nxos_command", "save_when: modified", false,
        "cisco.nxos.nxos_config has no commit timeout (NX-OS has one only for a full 'configure replace'): no "
        "automatic revert. NX-OS merges are not atomic. Check mode and diff are computed offline against the "
        "running configuration (an estimate)." },
    { SwitchVendor::Os10, Flavour::NetworkCli, "rocepilot_os10", "dellemc.os10.os10", "dellemc.os10.os10_config",
        "dellemc.os10.os10_command", "save: true", false,
        "Dell OS10 has no commit timer and no native rollback; os10_config applies each line at once. Check mode "
        "and diff are an offline estimate." },
    { SwitchVendor::Ftos, Flavour::NetworkCli, "rocepilot_ftos", "dellemc.os9.os9", "dellemc.os9.os9_config",
        "dellemc.os9.os9_command", "save: true", true,
        "Dell FTOS/OS9 applies each line at once and has no timer. Check mode and diff are an offline estimate." },
    { SwitchVendor::Onyx, Flavour::NetworkCli, "rocepilot_onyx", "mellanox.onyx.onyx", "mellanox.onyx.onyx_config",
        "mellanox.onyx.onyx_command", "save: true", true,
        "NVIDIA Onyx applies each line at once: no commit model, no timer. Check mode and diff are an offline "
        "estimate." },
    { SwitchVendor::Junos, Flavour::Junos, "rocepilot_junos", "junipernetworks.junos.junos",
        "junipernetworks.junos.junos_config", "junipernetworks.junos.junos_command", "", false,
        "Junos: all lines load in one commit confirmed; the switch rolls back by itself unless the play confirms "
        "after the read-backs. Check mode runs commit check and discards the candidate (device-validated)." },
};

const Vendor* vendorOf(SwitchVendor v)
{
    for (const auto& x : kVendors) {
        if (x.vendor == v)
            return &x;
    }
    return nullptr;
}

const char* kLinuxGroup = "rocepilot_linux";
const char* kAgentGroup = "rocepilot_fabric_agents";
const std::string kAgentRole = "roles/rocepilot_fabric_agent/";
const char* kWindowsGroup = "rocepilot_windows";

/// A small indented-YAML writer: every line is "indent + text".
class Yaml
{
public:
    void line(int indent, std::string_view text)
    {
        m_out.append(static_cast<std::size_t>(indent) * 2, ' ');
        m_out.append(text);
        m_out += '\n';
    }
    void comment(int indent, std::string_view text)
    {
        // Wrap long comments at about 110 columns; a comment never carries a line break into YAML.
        std::string word, current;
        auto flush = [&] {
            if (!current.empty())
                line(indent, "# " + current);
            current.clear();
        };
        for (std::size_t i = 0; i <= text.size(); ++i) {
            char c = i < text.size() ? text[i] : ' ';
            if (c == '\n' || c == '\r')
                c = ' ';
            if (c != ' ') {
                word += c;
                continue;
            }
            if (word.empty())
                continue;
            if (!current.empty() && current.size() + word.size() + 1 > 110)
                flush();
            current += current.empty() ? word : " " + word;
            word.clear();
        }
        flush();
    }
    void blank() { m_out += '\n'; }
    void raw(std::string_view text) { m_out.append(text); }
    const std::string& str() const { return m_out; }

private:
    std::string m_out;
};

/// A task or play name: the text on one line (Ansible prints names in its log), as an !unsafe scalar.
std::string taskName(std::string text)
{
    for (auto& ch : text) {
        if (ch == '\n' || ch == '\r' || ch == '\t')
            ch = ' ';
    }
    return yamlUnsafe(text);
}

std::string flowList(const std::vector<std::string>& items)
{
    std::string out = "[";
    for (std::size_t i = 0; i < items.size(); ++i)
        out += (i ? ", " : "") + yamlUnsafe(items[i]);
    return out + "]";
}

std::string shellLines(const std::vector<std::vector<std::string>>& argvs)
{
    std::string out;
    for (const auto& a : argvs)
        out += (out.empty() ? "" : "; ") + Command(a).shellLine();
    return out;
}

bool isSysfsPath(const std::string& path)
{
    return path.starts_with("/sys/") || path.starts_with("/proc/");
}

bool isSaveStep(const Step& s)
{
    return s.id.ends_with(".save");
}

std::vector<std::string> cliLines(std::string_view text)
{
    std::vector<std::string> out;
    std::size_t pos = 0;
    while (pos <= text.size()) {
        auto end = text.find('\n', pos);
        if (end == std::string_view::npos)
            end = text.size();
        auto l = text.substr(pos, end - pos);
        auto first = l.find_first_not_of(' ');
        if (first != std::string_view::npos) {
            auto last = l.find_last_not_of(' ');
            out.emplace_back(l.substr(first, last - first + 1));
        }
        pos = end + 1;
    }
    return out;
}

/// The argvs of shell-style CLI lines; NVUE's apply gets -y (it asks for confirmation otherwise).
Result<std::vector<std::vector<std::string>>> shellArgvs(
    std::string_view text, const PlanTarget& t, const Step& s, const char* what)
{
    std::vector<std::vector<std::string>> out;
    for (const auto& l : cliLines(text)) {
        auto argv = splitCliLine(l);
        if (!argv)
            return fail(ErrorKind::Validation,
                "step " + s.id + ": the " + std::string(what) + " line '" + l
                    + "' cannot run without a shell: " + argv.error().message,
                "plan.json", t.name);
        if (*argv == std::vector<std::string> { "nv", "config", "apply" })
            argv->push_back("-y");
        out.push_back(std::move(*argv));
    }
    return out;
}

struct Context
{
    const Plan& plan;
    const PlanTarget& target;
    const AnsibleEndpoint& endpoint;
    Flavour flavour;
    const Vendor* vendor;
    const AnsibleExportOptions& options;
};

/// One step of a command-driven target (Linux, Windows, shell switches), as the task renderer needs it.
struct ShellStep
{
    const Step* step = nullptr;
    std::vector<std::vector<std::string>> run; ///< argvs (empty for a copy)
    bool copy = false; ///< ansible.builtin.copy / win_copy
    bool tee = false; ///< write `step->text` to step->path through tee's stdin
    std::vector<std::vector<std::string>> verify;
    std::vector<std::vector<std::string>> undo;
    bool save = false; ///< runs only when an earlier step changed something
    bool optional = false; ///< a file only some drivers have: skipped (and said so) where it does not exist
};

std::string commandModule(Flavour f)
{
    return f == Flavour::Windows ? "ansible.windows.win_command" : "ansible.builtin.command";
}

/// Writes "argv: [...]" or a loop over several argvs under a command module.
void commandTask(Yaml& y, int ind, Flavour f, const std::vector<std::vector<std::string>>& argvs)
{
    y.line(ind, commandModule(f) + ":");
    if (argvs.size() == 1) {
        y.line(ind + 1, "argv: " + flowList(argvs.front()));
        return;
    }
    y.line(ind + 1, "argv: \"{{ item }}\"");
    y.line(ind, "loop:");
    for (const auto& a : argvs)
        y.line(ind + 1, "- " + flowList(a));
}

/// The Jinja expression "the read-back of step N shows the expected state" for `reg` (a registered result).
std::string inPlace(const ShellStep& s, int n, const std::string& reg)
{
    bool loop = s.verify.size() > 1;
    if (!s.step->verify.expect.empty()) {
        auto out = loop ? "(" + reg + ".results | map(attribute='stdout') | join('\\n'))" : reg + ".stdout";
        return "rp_e" + std::to_string(n) + " in " + out;
    }
    if (loop)
        return "(" + reg + ".results | rejectattr('rc', 'equalto', 0) | list | length) == 0";
    return reg + ".rc == 0";
}

std::string header(const Context& c)
{
    Yaml y;
    y.comment(0,
        "Written by RoCE Pilot (rocepilot-cli export ansible) from the plan of profile '" + c.plan.profileName
            + "': target " + c.target.name + " (" + c.target.title + "). Run it through site.yml.");
    for (const auto& h : c.target.header)
        y.comment(0, "plan: " + h);
    return y.str();
}

Result<std::string> renderShellTarget(const Context& c)
{
    const auto& t = c.target;
    std::vector<ShellStep> steps;
    for (const auto& s : t.steps) {
        if (s.artifact)
            continue;
        ShellStep st;
        st.step = &s;
        st.save = c.flavour == Flavour::Shell && isSaveStep(s);
        st.optional = s.optional && s.kind == StepKind::File && c.flavour != Flavour::Windows;
        switch (s.kind) {
        case StepKind::HostArgv:
            if (s.argv.empty())
                return fail(ErrorKind::Validation, "step " + s.id + " has no command", "plan.json", t.name);
            st.run.push_back(s.argv);
            break;
        case StepKind::SwitchCli: {
            if (c.flavour != Flavour::Shell)
                return fail(ErrorKind::Validation, "step " + s.id + " is switch CLI on a host", "plan.json", t.name);
            auto argvs = shellArgvs(s.text, t, s, "step's");
            if (!argvs)
                return std::unexpected(argvs.error());
            if (argvs->empty())
                return fail(ErrorKind::Validation, "step " + s.id + " has no command", "plan.json", t.name);
            st.run = std::move(*argvs);
            break;
        }
        case StepKind::File:
            if (auto ok = validateRemotePath(s.path); !ok && c.flavour != Flavour::Windows)
                return fail(ErrorKind::Validation, "step " + s.id + ": " + ok.error().message, "plan.json", t.name);
            if (c.flavour != Flavour::Windows && isSysfsPath(s.path))
                st.tee = true;
            else
                st.copy = true;
            break;
        }
        if (!s.verify.argv.empty())
            st.verify.push_back(s.verify.argv);
        else if (!s.verify.cli.empty()) {
            auto argvs = shellArgvs(s.verify.cli, t, s, "verify");
            if (!argvs)
                return std::unexpected(argvs.error());
            st.verify = std::move(*argvs);
        }
        st.undo = s.undo.commands;
        if (!s.undo.text.empty()) {
            auto argvs = shellArgvs(s.undo.text, t, s, "undo");
            if (!argvs)
                return std::unexpected(argvs.error());
            st.undo.insert(st.undo.end(), argvs->begin(), argvs->end());
        }
        steps.push_back(std::move(st));
    }

    Yaml y;
    y.line(0, "- name: " + taskName(t.name + ": apply the plan, step by step"));
    bool anyExpect = std::any_of(steps.begin(), steps.end(),
        [](const ShellStep& s) { return !s.step->verify.expect.empty() && !s.verify.empty(); });
    if (anyExpect) {
        y.line(1, "vars:");
        for (std::size_t i = 0; i < steps.size(); ++i) {
            if (!steps[i].step->verify.expect.empty() && !steps[i].verify.empty())
                y.line(2, "rp_e" + std::to_string(i + 1) + ": " + yamlUnsafe(steps[i].step->verify.expect));
        }
    }
    y.line(1, "block:");
    std::vector<std::string> changedSoFar;
    for (std::size_t i = 0; i < steps.size(); ++i) {
        const auto& st = steps[i];
        const Step& s = *st.step;
        int n = static_cast<int>(i + 1);
        auto N = std::to_string(n);
        auto reg = "rp_s" + N;
        bool hasVerify = !st.verify.empty();
        std::string notInPlace = hasVerify ? "not (" + inPlace(st, n, reg + "_before") + ")" : "";
        std::string saveGuard;
        if (st.save)
            saveGuard = changedSoFar.empty() ? "false" : "(" + [&] {
                std::string x;
                for (const auto& r : changedSoFar)
                    x += (x.empty() ? "" : " or ") + r + " is changed";
                return x;
            }() + ")";
        std::string exists = st.optional ? reg + "_exists.stat.exists" : "";
        auto guard = [&](const std::string& mode) {
            std::vector<std::string> parts { mode };
            if (!exists.empty())
                parts.push_back(exists); // before the read-back, which is skipped when the file is absent
            if (!notInPlace.empty() && !st.save)
                parts.push_back(notInPlace);
            if (!saveGuard.empty())
                parts.push_back(saveGuard);
            std::string x;
            for (const auto& p : parts)
                x += (x.empty() ? "" : " and ") + p;
            return x;
        };
        y.blank();
        y.comment(2, "step " + N + ": " + s.id);
        for (const auto& note : s.notes)
            y.comment(2, "note: " + note);
        if (s.mayCutManagement)
            y.comment(2,
                "WARNING: this step may cut the management path (the SSH session). Ansible has no dead-man "
                "timer: keep console or out-of-band access, or use RoCE Pilot's own apply.");
        if (st.optional) {
            y.line(2, "- name: " + taskName(s.id + ": does the file exist on this driver?"));
            y.line(3, "ansible.builtin.stat:");
            y.line(4, "path: " + yamlUnsafe(s.path));
            y.line(3, "register: " + reg + "_exists");
            y.line(3, "check_mode: false");
            y.line(2, "- name: " + taskName(s.id + ": skipped, the file does not exist here"));
            y.line(3, "ansible.builtin.debug:");
            y.line(4, "msg: " + yamlUnsafe(s.path + " does not exist on this host (optional step): skipped"));
            y.line(3, "when: not " + reg + "_exists.stat.exists");
        }
        if (hasVerify && !st.save) {
            y.line(2, "- name: " + taskName(s.id + ": read back before"));
            commandTask(y, 3, c.flavour, st.verify);
            y.line(3, "register: " + reg + "_before");
            y.line(3, "changed_when: false");
            y.line(3, "failed_when: false");
            y.line(3, "check_mode: false");
            if (!exists.empty())
                y.line(3, "when: " + exists);
        }
        if (st.copy) {
            y.line(2, "- name: " + taskName(s.id + ": " + s.title));
            y.line(3,
                std::string(c.flavour == Flavour::Windows ? "ansible.windows.win_copy" : "ansible.builtin.copy") + ":");
            y.line(4, "content: " + yamlUnsafe(s.text));
            y.line(4, "dest: " + yamlUnsafe(s.path));
            y.line(3, "register: " + reg);
            if (!exists.empty())
                y.line(3, "when: " + exists);
        } else {
            std::string wouldRun
                = st.tee ? "write " + Command({ s.path }).shellLine() + ": " + s.text : shellLines(st.run);
            y.line(2, "- name: " + taskName(s.id + ": would change (check mode)"));
            y.line(3, "ansible.builtin.debug:");
            y.line(4, "msg: " + yamlUnsafe("would run: " + wouldRun));
            y.line(3, "changed_when: true");
            y.line(3, "when: " + guard("ansible_check_mode"));
            y.line(2, "- name: " + taskName(s.id + ": " + s.title));
            if (st.tee) {
                y.line(3, commandModule(c.flavour) + ":");
                y.line(4, "argv: " + flowList({ "tee", s.path }));
                y.line(4, "stdin: " + yamlUnsafe(s.text));
                y.line(4, "stdin_add_newline: false");
            } else {
                commandTask(y, 3, c.flavour, st.run);
            }
            y.line(3, "register: " + reg);
            y.line(3, "changed_when: true");
            y.line(3, "when: " + guard("not ansible_check_mode"));
        }
        if (hasVerify && !st.save) {
            y.line(2, "- name: " + taskName(s.id + ": read back after"));
            commandTask(y, 3, c.flavour, st.verify);
            y.line(3, "register: " + reg + "_after");
            y.line(3, "changed_when: false");
            y.line(3, "failed_when: not (" + inPlace(st, n, reg + "_after") + ")");
            y.line(3, "when: not ansible_check_mode and " + reg + " is changed");
        }
        changedSoFar.push_back(reg);
    }

    // Rescue: undo the steps that ran, newest first, then fail the host.
    y.line(1, "rescue:");
    for (std::size_t i = steps.size(); i-- > 0;) {
        const auto& st = steps[i];
        const Step& s = *st.step;
        auto reg = "rp_s" + std::to_string(i + 1);
        auto ran
            = reg + " is defined and " + reg + " is succeeded and " + reg + " is changed and not ansible_check_mode";
        if (!st.undo.empty()) {
            y.line(2, "- name: " + taskName(s.id + ": undo"));
            commandTask(y, 3, c.flavour, st.undo);
            y.line(3, "when: " + ran);
            y.line(3, "ignore_errors: true");
        } else if (!s.undo.note.empty() && !isSaveStep(s)) {
            y.line(2, "- name: " + taskName(s.id + ": no automatic undo"));
            y.line(3, "ansible.builtin.debug:");
            y.line(4, "msg: " + yamlUnsafe("cannot undo " + s.id + " automatically: " + s.undo.note));
            y.line(3, "when: " + ran);
        }
    }
    y.line(2, "- name: " + taskName(t.name + ": stop after the rollback"));
    y.line(3, "ansible.builtin.fail:");
    y.line(4,
        "msg: "
            + yamlUnsafe(t.name
                + ": a step failed; the steps that ran were undone, newest first (see the "
                  "undo tasks above; any that failed say so)"));
    return header(c) + y.str();
}

/// Network-CLI switches: one *_config task per CLI block, a read-back per step, save when something changed.
Result<std::string> renderNetworkTarget(const Context& c)
{
    const auto& t = c.target;
    const Vendor& v = *c.vendor;
    Yaml y;
    y.line(0, "- name: " + taskName(t.name + ": apply the plan, step by step"));
    struct Done
    {
        const Step* step;
        std::vector<std::string> regs;
    };
    std::vector<Done> done;
    std::string expectVars;
    int n = 0;
    for (const auto& s : t.steps) {
        ++n;
        if (!s.artifact && !s.verify.expect.empty() && !s.verify.cli.empty())
            expectVars += "    rp_e" + std::to_string(n) + ": " + yamlUnsafe(s.verify.expect) + "\n";
    }
    if (!expectVars.empty()) {
        y.line(1, "vars:");
        y.raw(expectVars);
    }
    y.line(1, "block:");
    n = 0;
    std::vector<std::string> allRegs;
    for (const auto& s : t.steps) {
        ++n;
        if (s.artifact)
            continue;
        auto N = std::to_string(n);
        if (s.kind != StepKind::SwitchCli)
            return fail(ErrorKind::Validation,
                "step " + s.id + " is not switch CLI; " + vendorTitle(c.vendor->vendor) + " takes CLI steps only",
                "plan.json", t.name);
        y.blank();
        y.comment(2, "step " + N + ": " + s.id);
        for (const auto& note : s.notes)
            y.comment(2, "note: " + note);
        if (isSaveStep(s)) {
            y.line(2, "- name: " + taskName(s.id + ": " + s.title));
            y.line(3, std::string(v.configModule) + ":");
            y.line(4, v.saveArg);
            std::string x;
            for (const auto& r : allRegs)
                x += (x.empty() ? "" : " or ") + r + " is changed";
            y.line(3, "when: " + (x.empty() ? std::string("false") : "not ansible_check_mode and (" + x + ")"));
            continue;
        }
        auto blocks = splitCliBlocks(s.text);
        if (!blocks)
            return fail(ErrorKind::Validation, "step " + s.id + ": " + blocks.error().message, "plan.json", t.name);
        Done d { &s, {} };
        for (std::size_t b = 0; b < blocks->size(); ++b) {
            const auto& blk = (*blocks)[b];
            auto reg = "rp_s" + N + "_" + std::to_string(b + 1);
            y.line(2,
                "- name: "
                    + yamlUnsafe(s.id + ": " + s.title
                        + (blocks->size() > 1
                                ? " (" + std::to_string(b + 1) + "/" + std::to_string(blocks->size()) + ")"
                                : std::string())));
            y.line(3, std::string(v.configModule) + ":");
            if (!blk.parents.empty())
                y.line(4, "parents: " + flowList(blk.parents));
            y.line(4, "lines: " + flowList(blk.lines));
            y.line(3, "register: " + reg);
            d.regs.push_back(reg);
            allRegs.push_back(reg);
        }
        if (!s.verify.cli.empty() && !s.verify.expect.empty()) {
            y.line(2, "- name: " + taskName(s.id + ": read back"));
            y.line(3, std::string(v.commandModule) + ":");
            y.line(4, "commands: " + flowList(cliLines(s.verify.cli)));
            y.line(3, "register: rp_s" + N + "_after");
            y.line(3, "failed_when: not (rp_e" + N + " in (rp_s" + N + "_after.stdout | join('\\n')))");
            y.line(3, "when: not ansible_check_mode");
        } else if (!s.verify.cli.empty()) {
            y.comment(2, "verify by eye: " + s.verify.cli);
        }
        done.push_back(std::move(d));
    }
    y.line(1, "rescue:");
    for (auto it = done.rbegin(); it != done.rend(); ++it) {
        const Step& s = *it->step;
        std::string ran;
        for (const auto& r : it->regs)
            ran += (ran.empty() ? "" : " or ") + ("(" + r + " is defined and " + r + " is changed)");
        ran = "not ansible_check_mode and (" + (ran.empty() ? std::string("false") : ran) + ")";
        if (!s.undo.text.empty()) {
            auto blocks = splitCliBlocks(s.undo.text);
            if (!blocks)
                return fail(
                    ErrorKind::Validation, "step " + s.id + " undo: " + blocks.error().message, "plan.json", t.name);
            for (std::size_t b = 0; b < blocks->size(); ++b) {
                const auto& blk = (*blocks)[b];
                y.line(2,
                    "- name: "
                        + taskName(s.id + ": undo"
                            + (blocks->size() > 1
                                    ? " (" + std::to_string(b + 1) + "/" + std::to_string(blocks->size()) + ")"
                                    : std::string())));
                y.line(3, std::string(v.configModule) + ":");
                if (!blk.parents.empty())
                    y.line(4, "parents: " + flowList(blk.parents));
                y.line(4, "lines: " + flowList(blk.lines));
                y.line(4, "match: none");
                y.line(3, "when: " + ran);
                y.line(3, "ignore_errors: true");
            }
        } else if (!s.undo.note.empty()) {
            y.line(2, "- name: " + taskName(s.id + ": no automatic undo"));
            y.line(3, "ansible.builtin.debug:");
            y.line(4, "msg: " + yamlUnsafe("cannot undo " + s.id + " automatically: " + s.undo.note));
            y.line(3, "when: " + ran);
        }
    }
    y.line(2, "- name: " + taskName(t.name + ": stop after the rollback"));
    y.line(3, "ansible.builtin.fail:");
    y.line(4, "msg: " + yamlUnsafe(t.name + ": a step failed; the steps that ran were undone, newest first"));
    return header(c) + y.str();
}

/// Junos: every line in one commit confirmed, read-backs, then confirm; the rescue rolls back to the commit before.
Result<std::string> renderJunosTarget(const Context& c)
{
    const auto& t = c.target;
    std::vector<std::string> lines;
    std::string comment = "RoCE Pilot profile " + c.plan.profileName;
    std::vector<const Step*> checks;
    for (const auto& s : t.steps) {
        if (s.artifact)
            continue;
        if (s.kind != StepKind::SwitchCli)
            return fail(ErrorKind::Validation, "step " + s.id + " is not switch CLI; Junos takes CLI steps only",
                "plan.json", t.name);
        auto ls = cliLines(s.text);
        if (!ls.empty() && (ls.front() == "commit" || ls.front().starts_with("commit "))) {
            const std::string prefix = "commit comment \"";
            if (ls.front().starts_with(prefix) && ls.front().ends_with("\"") && ls.front().size() > prefix.size())
                comment = ls.front().substr(prefix.size(), ls.front().size() - prefix.size() - 1);
            continue;
        }
        lines.insert(lines.end(), ls.begin(), ls.end());
        if (!s.verify.cli.empty() && !s.verify.expect.empty())
            checks.push_back(&s);
    }
    Yaml y;
    y.line(0, "- name: " + taskName(t.name + ": apply the plan in one commit confirmed"));
    if (!checks.empty()) {
        y.line(1, "vars:");
        for (std::size_t i = 0; i < checks.size(); ++i)
            y.line(2, "rp_e" + std::to_string(i + 1) + ": " + yamlUnsafe(checks[i]->verify.expect));
    }
    y.line(1, "block:");
    y.line(2,
        "- name: "
            + taskName(t.name + ": load every step, commit confirmed " + std::to_string(c.options.junosConfirmMinutes)
                + " min"));
    y.line(3, "junipernetworks.junos.junos_config:");
    y.line(4, "lines:");
    for (const auto& l : lines)
        y.line(5, "- " + yamlUnsafe(l));
    y.line(4, "confirm: " + std::to_string(c.options.junosConfirmMinutes));
    y.line(4, "comment: " + yamlUnsafe(comment));
    y.line(3, "register: rp_load");
    for (std::size_t i = 0; i < checks.size(); ++i) {
        auto N = std::to_string(i + 1);
        y.line(2, "- name: " + taskName(checks[i]->id + ": read back"));
        y.line(3, "junipernetworks.junos.junos_command:");
        y.line(4, "commands: " + flowList(cliLines(checks[i]->verify.cli)));
        y.line(3, "register: rp_c" + N);
        y.line(3, "failed_when: not (rp_e" + N + " in (rp_c" + N + ".stdout | join('\\n')))");
        y.line(3, "when: not ansible_check_mode");
    }
    y.line(2, "- name: " + taskName(t.name + ": confirm the commit (the read-backs passed)"));
    y.line(3, "junipernetworks.junos.junos_config:");
    y.line(4, "confirm_commit: true");
    y.line(3, "when: not ansible_check_mode and rp_load is changed");
    y.line(1, "rescue:");
    y.line(2, "- name: " + taskName(t.name + ": roll back to the configuration before this play"));
    y.line(3, "junipernetworks.junos.junos_config:");
    y.line(4, "rollback: 1");
    y.line(3, "when: not ansible_check_mode and rp_load is defined and rp_load is changed");
    y.line(3, "ignore_errors: true");
    y.line(2, "- name: " + taskName(t.name + ": stop after the rollback"));
    y.line(3, "ansible.builtin.fail:");
    y.line(4,
        "msg: "
            + yamlUnsafe(t.name
                + ": a read-back failed; rolled back to the previous commit (if that "
                  "failed too, the commit confirmed timer reverts it)"));
    return header(c) + y.str();
}

/// The inventory entry of a plan target: a host, or a switch with its SSH fields. A switch without an address is
/// "plan only" (applied by hand): `planOnly` is set and no endpoint returned.
std::optional<AnsibleEndpoint> findEndpoint(const Inventory& inv, const std::string& name, bool& planOnly)
{
    planOnly = false;
    for (const auto& h : inv.hosts) {
        if (h.name != name)
            continue;
        AnsibleEndpoint e;
        e.name = h.name;
        e.address = h.address;
        e.port = h.port;
        e.user = h.user;
        e.local = h.local;
        e.sudo = h.sudo;
        if (h.auth == AuthMethod::KeyFile)
            e.keyFile = h.keyFile;
        e.password = h.auth == AuthMethod::Password;
        return e;
    }
    for (const auto& sw : inv.switches) {
        if (sw.name != name)
            continue;
        if (sw.address.empty()) {
            planOnly = true;
            return std::nullopt;
        }
        AnsibleEndpoint e;
        e.name = sw.name;
        e.address = sw.address;
        e.port = sw.port;
        e.user = sw.user;
        if (sw.auth == AuthMethod::KeyFile)
            e.keyFile = sw.keyFile;
        e.password = sw.auth == AuthMethod::Password;
        return e;
    }
    return std::nullopt;
}

Result<void> validateEndpoint(const AnsibleEndpoint& e)
{
    if (e.local)
        return {};
    if (auto ok = validateHostAddress(e.address); !ok)
        return fail(ErrorKind::Validation, ok.error().message, "inventory", e.name);
    if (auto ok = validateUserName(e.user); !ok)
        return fail(ErrorKind::Validation, ok.error().message, "inventory", e.name);
    if (e.port < 1 || e.port > 65535)
        return fail(ErrorKind::Validation, "port " + std::to_string(e.port) + " is not 1..65535", "inventory", e.name);
    for (char ch : e.keyFile) {
        if (static_cast<unsigned char>(ch) < 0x20)
            return fail(ErrorKind::Validation, "the key file path holds a control character", "inventory", e.name);
    }
    return {};
}

void hostVars(Yaml& y, int ind, const AnsibleEndpoint& e)
{
    y.line(ind, yamlQuoted(e.name) + ":");
    if (e.local) {
        y.line(ind + 1, "ansible_connection: local");
    } else {
        y.line(ind + 1, "ansible_host: " + yamlUnsafe(e.address));
        y.line(ind + 1, "ansible_port: " + std::to_string(e.port));
        y.line(ind + 1, "ansible_user: " + yamlUnsafe(e.user));
        if (!e.keyFile.empty())
            y.line(ind + 1, "ansible_ssh_private_key_file: " + yamlUnsafe(e.keyFile));
    }
    if (e.sudo) {
        y.line(ind + 1, "ansible_become: true");
        y.line(ind + 1, "ansible_become_method: sudo");
    }
}

std::string readme(const Plan& plan, const AnsibleExportOptions& o, const std::vector<std::string>& groups,
    const std::vector<std::string>& limits, const std::string& knownHosts, bool anyPassword)
{
    std::string r;
    r += "# Ansible project for RoCE Pilot plan '" + plan.profileName + "'\n\n";
    r += "Written by `rocepilot-cli export ansible`";
    if (!o.planSource.empty())
        r += " from `" + o.planSource + "`";
    r += ". It brings every target of the plan to the same end state as RoCE Pilot's own apply, with stock "
         "Ansible (Debian 12: `apt-get install ansible`, ansible 7.7 / core 2.14).\n\n";
    r += "## Run\n\n";
    r += "    cd THIS_DIRECTORY\n";
    r += "    ansible-playbook site.yml --check --diff   # what would change: reads back, changes nothing\n";
    r += "    ansible-playbook site.yml                  # apply\n";
    r += "    ansible-playbook site.yml --limit NAME     # one target (a canary) first\n\n";
    r += "Run it from this directory: `ansible.cfg` here sets the inventory, forks " + std::to_string(o.forks)
        + ", SSH pipelining and host-key checking. A second run reports `changed=0` for every host whose read-backs "
          "already show the plan.\n";
    if (anyPassword)
        r += "\nSome targets log in with a password: add `--ask-pass` (needs the `sshpass` package). The password "
             "is never written here.\n";
    r += "\n## What each target does\n\n";
    r += "Hosts (group `rocepilot_linux`, `rocepilot_windows`) use ansible.builtin modules only. Every step of the "
         "plan becomes: a read-back (the plan's verify command, never changing anything, also in check mode); the "
         "step's command in argv form (no shell), only when the read-back does not show the expected text (or, for "
         "a verify without expected text, when the verify command fails); a read-back after it that must show the "
         "expected text. Files under /sys and /proc are written with `tee` (in place, as configfs needs); other "
         "files with `copy`. Any failure runs the rescue: the undo commands of the steps that ran, newest first, "
         "then the host is marked failed.\n\n";
    r += "Switches are applied before hosts (the switch must take the hosts' lossless class first). Each vendor "
         "group has its own play in `site.yml`, with a comment saying what the platform does not protect "
         "against.\n\n";
    r += "Groups in `inventory.yml`: ";
    for (std::size_t i = 0; i < groups.size(); ++i)
        r += (i ? ", " : "") + ("`" + groups[i] + "`");
    r += ".\n\n## Check mode and diff\n\n";
    r += "`--check` runs every read-back for real and changes nothing; a step that would change reports `changed` "
         "with the command it would run. `--diff` shows real diffs where a module makes one (`copy`, the switch "
         "`*_config` modules); a command step has no diff, its check-mode message names the command instead.\n\n";
    r += "## Limits\n\n";
    r += "- No dead-man timer on hosts: a step that cuts the management path (MTU, VLAN on the SSH interface) is "
         "not reverted by the host. RoCE Pilot's own apply arms one; Ansible has none.\n";
    r += "- Host keys are checked against `" + knownHosts
        + "` (RoCE Pilot's known_hosts) for SSH targets; an unknown key fails the host. Network switches "
          "(network_cli) check `~/.ssh/known_hosts`.\n";
    r += "- Artifact steps (the persistent boot script and unit) are not part of the apply sequence and are not "
         "exported; install them from the plan's target files.\n";
    r += "- Switch plays were checked with `ansible-playbook --syntax-check` only: no switch runs here. EOS, FTOS and "
         "Onyx enter enable mode (`become_method: enable`): add `--ask-become-pass` when the switch wants an enable "
         "password.\n";
    for (const auto& l : limits)
        r += "- " + l + "\n";
    return r;
}

/// The role that installs the standalone fabric agent on a host: the probe, the unit, the host's pinglist (0600, never
/// shown in a diff: it holds the secret), the unit enabled and started; restarted when any of them changed.
void agentRole(AnsibleProject& project, const AnsibleFabricAgents& agents)
{
    const std::string bin = std::string(kAnsibleAgentBinDir) + "/rocepilot-probe";
    Yaml tasks;
    tasks.comment(0,
        "Written by RoCE Pilot (rocepilot-cli export ansible --fabric-agents). The standalone fabric agent as a "
        "systemd service: it probes the host's pinglist and serves its own /metrics for Prometheus "
        "(docs/fabric-api.md).");
    auto copy = [&](const std::string& title, const std::string& src, const std::string& dest, const char* mode,
                    bool secret) {
        tasks.line(0, "- name: " + taskName(title));
        if (secret)
            tasks.line(1, "diff: false");
        tasks.line(1, "ansible.builtin.copy:");
        tasks.line(2, "src: " + src);
        tasks.line(2, "dest: " + dest);
        tasks.line(2, "owner: root");
        tasks.line(2, "group: root");
        tasks.line(2, std::string("mode: \"") + mode + "\"");
        tasks.line(1, "notify: Restart the fabric agent");
    };
    copy("Install the probe the agent runs", "rocepilot-probe", yamlUnsafe(bin), "0755", false);
    copy("Install the agent's unit", "rocepilot-agent@.service", "/etc/systemd/system/rocepilot-agent@.service", "0644",
        false);
    tasks.line(0, "- name: " + taskName("Make the pinglists' directory"));
    tasks.line(1, "ansible.builtin.file:");
    tasks.line(2, "path: /etc/rocepilot/agent");
    tasks.line(2, "state: directory");
    tasks.line(2, "owner: root");
    tasks.line(2, "group: root");
    tasks.line(2, "mode: \"0700\"");
    copy("Install this host's pinglist (it holds the run's secret)", "\"pinglists/{{ inventory_hostname }}.json\"",
        "\"/etc/rocepilot/agent/{{ inventory_hostname }}.json\"", "0600", true);
    tasks.line(0, "- name: " + taskName("Enable and start the agent"));
    tasks.line(1, "ansible.builtin.systemd:");
    tasks.line(2, "name: \"rocepilot-agent@{{ inventory_hostname }}.service\"");
    tasks.line(2, "enabled: true");
    tasks.line(2, "state: started");
    tasks.line(2, "daemon_reload: true");
    project.files[kAgentRole + "tasks/main.yml"] = tasks.str();

    Yaml handlers;
    handlers.comment(0, "Written by RoCE Pilot: a new probe, unit or pinglist takes effect at once.");
    handlers.line(0, "- name: " + taskName("Restart the fabric agent"));
    handlers.line(1, "ansible.builtin.systemd:");
    handlers.line(2, "name: \"rocepilot-agent@{{ inventory_hostname }}.service\"");
    handlers.line(2, "state: restarted");
    handlers.line(2, "daemon_reload: true");
    project.files[kAgentRole + "handlers/main.yml"] = handlers.str();

    project.files[kAgentRole + "files/rocepilot-probe"] = agents.probe;
    project.files[kAgentRole + "files/rocepilot-agent@.service"] = fabricAgentUnit(kAnsibleAgentBinDir);
    for (const auto& [host, text] : agents.pinglists) {
        const std::string path = kAgentRole + "files/pinglists/" + host + ".json";
        project.files[path] = text;
        project.privateFiles.insert(path);
    }
}

} // namespace

std::string fabricAgentUnit(std::string_view binDir)
{
    std::string unit(kAgentUnitTemplate);
    const std::string_view mark = "%RP_AGENT_BINDIR%";
    for (auto at = unit.find(mark); at != std::string::npos; at = unit.find(mark, at + binDir.size()))
        unit.replace(at, mark.size(), binDir);
    return unit;
}

namespace {

/// The hosts the agents go to: each must be an inventory host (not a switch) with a safe name, reached like a plan's.
Result<std::vector<AnsibleEndpoint>> agentEndpoints(const Inventory& inventory, const AnsibleFabricAgents& agents)
{
    std::vector<AnsibleEndpoint> out;
    if (agents.pinglists.empty())
        return fail(ErrorKind::Validation, "no pinglist to install", "fabric agents");
    if (agents.probe.empty())
        return fail(ErrorKind::Validation, "no rocepilot-probe to install", "fabric agents");
    for (const auto& [host, text] : agents.pinglists) {
        if (!fabric::validAgentHostName(host) || host.starts_with("rocepilot_"))
            return fail(ErrorKind::Validation,
                "'" + host + "' cannot name a pinglist and a unit instance (letters, digits, '-', '_', '.')",
                "fabric agents", host);
        const bool isHost = std::ranges::any_of(inventory.hosts, [&](const HostSpec& h) { return h.name == host; });
        bool planOnly = false;
        auto endpoint = findEndpoint(inventory, host, planOnly);
        if (!endpoint || !isHost)
            return fail(ErrorKind::Validation,
                "no inventory host named '" + host
                    + "' for its fabric agent: the export needs its address, port, "
                      "user and key",
                "inventory", host);
        if (auto ok = validateEndpoint(*endpoint); !ok)
            return std::unexpected(ok.error());
        out.push_back(*endpoint);
    }
    return out;
}

} // namespace

Result<AnsibleProject> exportAnsible(const Plan& plan, const Inventory& inventory, const AnsibleExportOptions& options)
{
    if (options.forks < 1 || options.forks > 1000)
        return fail(ErrorKind::Usage, "forks must be 1..1000");
    if (options.junosConfirmMinutes < 1 || options.junosConfirmMinutes > 65535)
        return fail(ErrorKind::Usage, "the Junos confirm time must be 1..65535 minutes");
    if (plan.targets.empty())
        return fail(ErrorKind::Validation, "the plan has no targets", "plan.json");

    static const std::set<std::string> reserved = { "all", "ungrouped", "localhost" };
    AnsibleProject project;
    std::vector<std::string> limits;
    // group -> (endpoint, target) in plan order
    std::vector<std::pair<std::string, std::vector<AnsibleEndpoint>>> groups;
    auto groupOf = [&](const std::string& g) -> std::vector<AnsibleEndpoint>& {
        for (auto& [name, members] : groups) {
            if (name == g)
                return members;
        }
        groups.emplace_back(g, std::vector<AnsibleEndpoint> {});
        return groups.back().second;
    };
    std::set<std::string> seen;
    bool anyPassword = false;
    for (const auto& t : plan.targets) {
        if (auto ok = validateTargetName(t.name); !ok)
            return fail(ErrorKind::Validation, ok.error().message, "plan.json", t.name);
        if (reserved.contains(t.name) || t.name.starts_with("rocepilot_"))
            return fail(ErrorKind::Validation,
                "'" + t.name + "' is reserved in an Ansible inventory (all, ungrouped, localhost, rocepilot_*)",
                "plan.json", t.name);
        if (!seen.insert(t.name).second)
            return fail(ErrorKind::Validation, "the plan names this target twice", "plan.json", t.name);
        bool planOnly = false;
        auto endpoint = findEndpoint(inventory, t.name, planOnly);
        if (planOnly && t.kind == TargetKind::Switch) {
            limits.push_back(t.name
                + ": not exported: the inventory gives this switch no address (its plan is "
                  "applied by hand from the plan's "
                + targetFileName(t) + ")");
            continue;
        }
        if (!endpoint)
            return fail(ErrorKind::Validation,
                "no inventory entry named '" + t.name + "': the export needs its address, port, user and key",
                "inventory", t.name);
        if (auto ok = validateEndpoint(*endpoint); !ok)
            return std::unexpected(ok.error());
        anyPassword = anyPassword || endpoint->password;

        Flavour flavour = Flavour::Linux;
        const Vendor* vendor = nullptr;
        std::string group = kLinuxGroup;
        if (t.kind == TargetKind::Windows) {
            flavour = Flavour::Windows;
            group = kWindowsGroup;
        } else if (t.kind == TargetKind::Switch) {
            auto v = switchVendorFromString(t.platform);
            vendor = v ? vendorOf(*v) : nullptr;
            if (!vendor)
                return fail(ErrorKind::Validation, "unknown switch platform '" + t.platform + "'", "plan.json", t.name);
            flavour = vendor->flavour;
            group = vendor->group;
            // Cumulus and SONiC plans write root-owned files (/etc/sonic/...) and call sudo themselves: a non-root
            // switch user needs password-less sudo anyway, so the shell switches become root through it.
            if (flavour == Flavour::Shell && endpoint->user != "root")
                endpoint->sudo = true;
        }
        Context c { plan, t, *endpoint, flavour, vendor, options };
        Result<std::string> text = flavour == Flavour::NetworkCli ? renderNetworkTarget(c)
            : flavour == Flavour::Junos                           ? renderJunosTarget(c)
                                                                  : renderShellTarget(c);
        if (!text)
            return std::unexpected(text.error());
        project.files["targets/" + t.name + ".yml"] = *text;
        groupOf(group).push_back(*endpoint);

        for (const auto& s : t.steps) {
            if (s.artifact)
                continue;
            if (!s.undo.known && s.undo.commands.empty() && s.undo.text.empty())
                limits.push_back(t.name + ": step `" + s.id + "` has no automatic undo: " + s.undo.note);
            if (s.mayCutManagement)
                limits.push_back(t.name + ": step `" + s.id
                    + "` may cut the management path; Ansible has no dead-man timer to revert it");
            if (t.kind != TargetKind::Switch && s.verify.argv.empty())
                limits.push_back(
                    t.name + ": step `" + s.id + "` has no read-back, so it runs (and reports changed) on every run");
        }
    }
    if (options.fabricAgents) {
        auto agents = agentEndpoints(inventory, *options.fabricAgents);
        if (!agents)
            return std::unexpected(agents.error());
        for (const auto& e : *agents) {
            anyPassword = anyPassword || e.password;
            groupOf(kAgentGroup).push_back(e);
        }
        agentRole(project, *options.fabricAgents);
        limits.push_back("fabric agents: " + kAgentRole
            + "files/pinglists/ holds the run's secret (written 0600): keep this project as private as the hosts' "
              "/etc/rocepilot/agent. The role needs root on the hosts (user root, or sudo: true in the inventory).");
    }
    if (groups.empty())
        return fail(ErrorKind::Validation, "nothing to export: every target of the plan is a switch without an address",
            "inventory");
    if (std::any_of(groups.begin(), groups.end(), [](const auto& g) { return g.first == kWindowsGroup; }))
        limits.push_back("Windows hosts (ansible.windows.win_command over OpenSSH with PowerShell as the shell) were "
                         "checked with --syntax-check only: no Windows host runs here.");

    // inventory.yml
    std::string knownHosts = inventory.knownHostsFile.empty() ? defaultKnownHostsPath() : inventory.knownHostsFile;
    for (char ch : knownHosts) {
        if (static_cast<unsigned char>(ch) < 0x20)
            return fail(ErrorKind::Validation, "the known_hosts path holds a control character", "inventory");
    }
    Yaml inv;
    inv.comment(0,
        "Written by RoCE Pilot (rocepilot-cli export ansible). Every value from the inventory is !unsafe: "
        "Ansible never templates it.");
    inv.line(0, "all:");
    inv.line(1, "vars:");
    inv.comment(2, "Host keys: RoCE Pilot's own known_hosts, checked strictly (never disabled).");
    inv.line(2,
        "ansible_ssh_common_args: "
            + yamlUnsafe("-o UserKnownHostsFile=" + shellQuote(knownHosts) + " -o StrictHostKeyChecking=yes"));
    inv.line(1, "children:");
    std::vector<std::string> groupNames;
    for (const auto& [g, members] : groups) {
        groupNames.push_back(g);
        inv.line(2, g + ":");
        const Vendor* vendor = nullptr;
        for (const auto& v : kVendors) {
            if (g == v.group)
                vendor = &v;
        }
        if (g == kWindowsGroup || (vendor && vendor->flavour != Flavour::Shell)) {
            inv.line(3, "vars:");
            if (g == kWindowsGroup) {
                inv.line(4, "ansible_shell_type: powershell");
            } else {
                inv.line(4, "ansible_connection: ansible.netcommon.network_cli");
                inv.line(4, std::string("ansible_network_os: ") + vendor->networkOs);
                if (vendor->enable) {
                    inv.line(4, "ansible_become: true");
                    inv.line(4, "ansible_become_method: enable");
                }
            }
        }
        inv.line(3, "hosts:");
        for (const auto& e : members)
            hostVars(inv, 4, e);
    }
    project.files["inventory.yml"] = inv.str();

    // ansible.cfg: tuned as the benchmark recipe says (pipelining, no fact gathering, forks).
    std::string cfg;
    cfg += "# Written by RoCE Pilot (rocepilot-cli export ansible). Run ansible-playbook from this directory.\n";
    cfg += "[defaults]\n";
    cfg += "inventory = inventory.yml\n";
    cfg += "forks = " + std::to_string(options.forks) + "\n";
    cfg += "gathering = explicit\n";
    cfg += "host_key_checking = True\n";
    cfg += "interpreter_python = auto_silent\n";
    cfg += "retry_files_enabled = False\n";
    cfg += "\n[ssh_connection]\n";
    cfg += "pipelining = True\n";
    cfg += "ssh_args = -C -o ControlMaster=auto -o ControlPersist=60s\n";
    cfg += "\n[persistent_connection]\n";
    cfg += "command_timeout = 60\n";
    project.files["ansible.cfg"] = cfg;

    // site.yml: switches first, then hosts; each group's hosts run independently (strategy free).
    Yaml site;
    site.comment(0,
        "Written by RoCE Pilot (rocepilot-cli export ansible) from the plan of profile '" + plan.profileName
            + "'. Switches first, then hosts; every target runs its own file in targets/.");
    auto play = [&](const std::string& group, const std::string& title, const char* protection) {
        site.blank();
        if (protection)
            site.comment(0, std::string("Protections: ") + protection);
        site.line(0, "- name: " + taskName(title));
        site.line(1, "hosts: " + group);
        site.line(1, "gather_facts: false");
        site.line(1, "strategy: free");
        site.line(1, "tasks:");
        site.line(2, "- name: Apply this target's steps");
        site.line(3, "ansible.builtin.include_tasks: \"targets/{{ inventory_hostname }}.yml\"");
    };
    for (const auto& v : kVendors) {
        for (const auto& [g, members] : groups) {
            if (g == v.group)
                play(g, vendorTitle(v.vendor) + " switches", v.protection);
        }
    }
    for (const auto& [g, members] : groups) {
        if (g == kLinuxGroup)
            play(g, "Linux hosts",
                "no dead-man timer on hosts: a step that cuts the management path is not reverted by the host.");
        if (g == kWindowsGroup)
            play(g, "Windows hosts", "no dead-man timer on hosts.");
    }
    // The agents last: they probe the fabric the plays above configured.
    for (const auto& [g, members] : groups) {
        if (g != kAgentGroup)
            continue;
        site.blank();
        site.comment(0,
            "The standalone fabric agents (rocepilot-agent@HOST.service): the probe, the unit and each host's "
            "pinglist; each agent serves its own /metrics on :9465.");
        site.line(0, "- name: " + taskName("Fabric agents"));
        site.line(1, std::string("hosts: ") + kAgentGroup);
        site.line(1, "gather_facts: false");
        site.line(1, "strategy: free");
        site.line(1, "roles:");
        site.line(2, "- rocepilot_fabric_agent");
    }
    project.files["site.yml"] = site.str();
    for (const auto& v : kVendors) {
        for (const auto& [g, members] : groups) {
            if (g == v.group)
                limits.push_back(vendorTitle(v.vendor) + ": " + v.protection);
        }
    }
    project.files["README.md"] = readme(plan, options, groupNames, limits, knownHosts, anyPassword);
    project.notes = limits;
    return project;
}

} // namespace rp

// SPDX-License-Identifier: GPL-3.0-or-later
#include "generate/generators.h"

#include "util/command.h"
#include "util/sha256.h"

#include <algorithm>
#include <nlohmann/json.hpp>

namespace rp {
namespace gen {

std::string joinInts(const std::vector<int>& values, const std::string& sep)
{
    std::string out;
    for (int v : values)
        out += (out.empty() ? "" : sep) + n(v);
    return out;
}

std::string ranges(const std::vector<int>& values)
{
    std::string out;
    std::size_t i = 0;
    while (i < values.size()) {
        std::size_t j = i;
        while (j + 1 < values.size() && values[j + 1] == values[j] + 1)
            ++j;
        out += (out.empty() ? "" : ",") + n(values[i]);
        if (j > i)
            out += "-" + n(values[j]);
        i = j + 1;
    }
    return out;
}

std::vector<int> prioritiesOfTc(const Profile& p, int tc)
{
    std::vector<int> out;
    for (int prio = 0; prio < 8; ++prio) {
        if (p.tcOf(prio) == tc)
            out.push_back(prio);
    }
    return out;
}

std::vector<int> usedTcs(const Profile& p)
{
    std::vector<int> out;
    for (int tc = 0; tc < 8; ++tc) {
        if (!prioritiesOfTc(p, tc).empty() || p.tcBandwidth[static_cast<std::size_t>(tc)] > 0 || p.strictTc(tc))
            out.push_back(tc);
    }
    return out;
}

std::vector<std::pair<int, int>> dscpMap(const Profile& p)
{
    std::vector<std::pair<int, int>> out { { p.roceDscp, p.rocePriority }, { p.cnpDscp, p.cnpPriority } };
    if (p.heartbeat)
        out.emplace_back(p.heartbeat->dscp, p.heartbeat->priority);
    std::sort(out.begin(), out.end());
    return out;
}

std::string etsSummary(const Profile& p)
{
    std::string out;
    for (int tc : usedTcs(p)) {
        out += (out.empty() ? "" : " ") + n(tc) + ":"
            + (p.strictTc(tc) ? std::string("strict") : n(p.tcBandwidth[static_cast<std::size_t>(tc)]));
    }
    return out;
}

std::vector<int> pfcSorted(const Profile& p)
{
    auto out = p.pfcPriorities;
    std::sort(out.begin(), out.end());
    return out;
}

std::vector<std::string> qosPorts(const Profile& p, const SwitchSpec& sw)
{
    std::vector<std::string> out;
    if (p.qosOnHostPorts)
        out.insert(out.end(), sw.hostPorts.begin(), sw.hostPorts.end());
    if (p.qosOnUplinks)
        out.insert(out.end(), sw.uplinkPorts.begin(), sw.uplinkPorts.end());
    return out;
}

std::vector<std::string> allPorts(const SwitchSpec& sw)
{
    auto out = sw.hostPorts;
    out.insert(out.end(), sw.uplinkPorts.begin(), sw.uplinkPorts.end());
    return out;
}

bool isHostPort(const SwitchSpec& sw, const std::string& port)
{
    return std::find(sw.hostPorts.begin(), sw.hostPorts.end(), port) != sw.hostPorts.end();
}

Step cliStep(const std::string& target, const std::string& suffix, std::string title, std::string text,
    std::string verifyCli, std::string expect, std::string undoText, std::vector<Setting> sets,
    std::vector<std::string> notes)
{
    Step s;
    s.id = target + "." + suffix;
    s.title = std::move(title);
    s.kind = StepKind::SwitchCli;
    s.text = std::move(text);
    s.verify.cli = std::move(verifyCli);
    s.verify.expect = std::move(expect);
    s.undo.known = false;
    s.undo.text = std::move(undoText);
    s.undo.note = "the switch configuration before this step was not read (switches are not discovered yet); "
                  "this undo removes what the step added, which returns these settings to the platform defaults";
    s.persistent = false;
    s.sets = std::move(sets);
    s.notes = std::move(notes);
    return s;
}

Step saveStep(const std::string& target, std::string text, std::string note)
{
    Step s;
    s.id = target + ".save";
    s.title = "Save the running configuration so it survives a reboot";
    s.kind = StepKind::SwitchCli;
    s.text = std::move(text);
    s.undo.known = true;
    s.undo.note = "nothing to undo: after a rollback, save again so the startup configuration matches";
    s.persistent = true;
    s.notes.push_back(std::move(note));
    return s;
}

PlanTarget switchTarget(const Profile& p, const SwitchSpec& sw, std::string comment)
{
    PlanTarget t;
    t.name = sw.name;
    t.kind = TargetKind::Switch;
    t.platform = toString(sw.vendor);
    t.title = vendorTitle(sw.vendor);
    t.comment = std::move(comment);
    auto qos = qosPorts(p, sw);
    t.header.push_back("QoS ports: " + (qos.empty() ? std::string("none") : std::to_string(qos.size())) + " ("
        + std::string(p.qosOnHostPorts ? "host-facing" : "") + (p.qosOnHostPorts && p.qosOnUplinks ? " + " : "")
        + std::string(p.qosOnUplinks ? "uplinks" : "") + "); MTU " + n(p.switchMtu) + " on all "
        + n(static_cast<int>(allPorts(sw).size())) + " ports.");
    if (p.vlan && p.trust == TrustMode::Pcp)
        t.header.push_back("VLAN " + n(*p.vlan)
            + " must be tagged on every port that carries RoCE (PCP travels in "
              "the VLAN tag).");
    return t;
}

} // namespace gen

std::map<std::string, std::string> PlanTarget::effective() const
{
    std::map<std::string, std::string> out;
    for (const auto& step : steps) {
        if (step.artifact)
            continue;
        for (const auto& s : step.sets)
            out[s.key] = s.value;
    }
    return out;
}

std::string toString(StepKind kind)
{
    switch (kind) {
    case StepKind::HostArgv:
        return "host-argv";
    case StepKind::SwitchCli:
        return "switch-cli";
    case StepKind::File:
        return "file";
    }
    return "host-argv";
}

std::string toString(TargetKind kind)
{
    switch (kind) {
    case TargetKind::LinuxGeneric:
        return "linux";
    case TargetKind::LinuxNvidia:
        return "linux-nvidia";
    case TargetKind::Windows:
        return "windows";
    case TargetKind::Switch:
        return "switch";
    }
    return "linux";
}

Result<Plan> generatePlan(const Profile& profile, const PlanInventory& inventory, const HostFactsMap& facts)
{
    if (auto ok = validateProfile(profile); !ok)
        return std::unexpected(ok.error());
    if (auto ok = validatePlanInventory(inventory); !ok)
        return std::unexpected(ok.error());
    Plan plan;
    plan.profileName = profile.name;
    for (const auto& issue : checkProfile(profile)) {
        if (!issue.error)
            plan.warnings.push_back(issue);
    }
    for (const auto& host : inventory.hosts) {
        auto f = facts.find(host.name);
        const HostFacts* hostFacts = f == facts.end() ? nullptr : &f->second;
        if (host.kind == HostKind::Windows)
            plan.targets.push_back(gen::generateWindows(profile, host));
        else
            plan.targets.push_back(gen::generateLinux(profile, host, hostFacts));
    }
    for (const auto& sw : inventory.switches) {
        switch (sw.vendor) {
        case SwitchVendor::Cumulus:
            plan.targets.push_back(gen::generateCumulus(profile, sw));
            break;
        case SwitchVendor::Onyx:
            plan.targets.push_back(gen::generateOnyx(profile, sw));
            break;
        case SwitchVendor::Sonic:
            plan.targets.push_back(gen::generateSonic(profile, sw));
            break;
        case SwitchVendor::Eos:
            plan.targets.push_back(gen::generateEos(profile, sw));
            break;
        case SwitchVendor::NxOs:
            plan.targets.push_back(gen::generateNxos(profile, sw));
            break;
        case SwitchVendor::Os10:
            plan.targets.push_back(gen::generateOs10(profile, sw));
            break;
        case SwitchVendor::Junos:
            plan.targets.push_back(gen::generateJunos(profile, sw));
            break;
        case SwitchVendor::Ftos:
            plan.targets.push_back(gen::generateFtos(profile, sw));
            break;
        }
    }
    // Step ids must be unique across the plan: the apply journal keys on them.
    std::vector<std::string> ids;
    for (const auto& t : plan.targets) {
        for (const auto& s : t.steps)
            ids.push_back(s.id);
    }
    std::sort(ids.begin(), ids.end());
    if (auto dup = std::adjacent_find(ids.begin(), ids.end()); dup != ids.end())
        return fail(ErrorKind::Internal, "two plan steps share the id '" + *dup + "'");
    return plan;
}

namespace {

void commentLines(std::string& out, const std::string& prefix, const std::string& text)
{
    std::size_t start = 0;
    while (start <= text.size()) {
        auto end = text.find('\n', start);
        auto line = text.substr(start, end == std::string::npos ? std::string::npos : end - start);
        out += prefix + (line.empty() ? "" : " " + line) + "\n";
        if (end == std::string::npos)
            break;
        start = end + 1;
    }
}

std::string commandText(const PlanTarget& t, const std::vector<std::string>& argv)
{
    // Windows steps are powershell.exe -NoProfile -NonInteractive -Command LINE: show LINE.
    if (t.kind == TargetKind::Windows && argv.size() == 5)
        return argv[4];
    return Command(argv).shellLine();
}

void renderStep(std::string& out, const PlanTarget& t, const Step& s)
{
    const std::string c = commentMark(t);
    out += c + "\n" + c + " --- " + s.id + ": " + s.title + "\n";
    out += c + (s.persistent ? " survives a reboot" : " runtime only: lost at reboot") + "\n";
    for (const auto& note : s.notes)
        commentLines(out, c, "note: " + note);
    switch (s.kind) {
    case StepKind::HostArgv:
        out += commandText(t, s.argv) + "\n";
        break;
    case StepKind::SwitchCli:
        out += s.text;
        if (!s.text.empty() && s.text.back() != '\n')
            out += "\n";
        break;
    case StepKind::File:
        if (s.artifact) {
            out += c + " file " + s.path + ":\n";
            commentLines(out, c + "   |",
                s.text.empty() || s.text.back() != '\n' ? s.text : s.text.substr(0, s.text.size() - 1));
        } else if (t.kind == TargetKind::Switch) {
            out += c + " write this file as " + s.path + ":\n";
            commentLines(out, c + "   |",
                s.text.empty() || s.text.back() != '\n' ? s.text : s.text.substr(0, s.text.size() - 1));
        } else {
            out += "printf '%s\\n' "
                + shellQuote(s.text.empty() || s.text.back() != '\n' ? s.text : s.text.substr(0, s.text.size() - 1))
                + " > " + shellQuote(s.path) + "\n";
        }
        break;
    }
    if (!s.verify.argv.empty())
        out += c + " verify: " + commandText(t, s.verify.argv) + "\n";
    if (!s.verify.cli.empty())
        commentLines(out, c, "verify: " + s.verify.cli);
    if (!s.verify.expect.empty())
        commentLines(out, c, "  expect: " + s.verify.expect);
    for (const auto& cmd : s.undo.commands)
        out += c + " undo: " + commandText(t, cmd) + "\n";
    if (!s.undo.text.empty()) {
        out += c + " undo:\n";
        commentLines(
            out, c + "  ", s.undo.text.back() == '\n' ? s.undo.text.substr(0, s.undo.text.size() - 1) : s.undo.text);
    }
    if (!s.undo.note.empty())
        commentLines(
            out, c, std::string(s.undo.known ? "undo note: " : "undo (previous state unknown): ") + s.undo.note);
}

} // namespace

std::string commentMark(const PlanTarget& target)
{
    if (!target.comment.empty())
        return target.comment;
    return target.kind == TargetKind::Switch ? "!" : "#";
}

std::string renderTarget(const Plan& plan, const PlanTarget& t)
{
    std::string out;
    const std::string c = commentMark(t);
    if (t.kind == TargetKind::LinuxGeneric || t.kind == TargetKind::LinuxNvidia)
        out += "#!/bin/sh\n";
    out += c + " RoCE Pilot plan for " + std::string(t.kind == TargetKind::Switch ? "switch" : "host") + " '" + t.name
        + "' (" + t.title + "), profile '" + plan.profileName + "'\n";
    out += c + " Review every step before applying. Steps run in order; undo runs in reverse order.\n";
    for (const auto& line : t.header)
        commentLines(out, c, line);
    for (const auto& u : t.unsupported)
        commentLines(out, c, "not set here: " + u.key + ": " + u.reason);
    for (const auto& w : plan.warnings)
        commentLines(out, c, "profile warning: " + w.message);
    bool artifacts = false;
    for (const auto& s : t.steps) {
        if (s.artifact)
            continue;
        renderStep(out, t, s);
    }
    for (const auto& s : t.steps) {
        if (!s.artifact)
            continue;
        if (!artifacts) {
            out += c + "\n" + c
                + " ===== Persistent form: a separate, optional artifact (not applied by the steps "
                  "above) =====\n";
            artifacts = true;
        }
        renderStep(out, t, s);
    }
    return out;
}

std::string targetFileName(const PlanTarget& target)
{
    return target.name + ".txt";
}

namespace {

nlohmann::ordered_json targetToJson(const Plan& plan, const PlanTarget& t)
{
    using nlohmann::ordered_json;
    ordered_json jt;
    jt["name"] = t.name;
    jt["kind"] = toString(t.kind);
    jt["platform"] = t.platform;
    jt["title"] = t.title;
    jt["file"] = targetFileName(t);
    jt["file_sha256"] = sha256Hex(renderTarget(plan, t));
    jt["comment"] = t.comment;
    jt["header"] = t.header;
    jt["unsupported"] = ordered_json::array();
    for (const auto& u : t.unsupported)
        jt["unsupported"].push_back({ { "key", u.key }, { "reason", u.reason } });
    jt["steps"] = ordered_json::array();
    for (const auto& s : t.steps) {
        ordered_json js;
        js["id"] = s.id;
        js["title"] = s.title;
        js["kind"] = toString(s.kind);
        if (s.kind == StepKind::HostArgv)
            js["argv"] = s.argv;
        if (s.kind == StepKind::SwitchCli)
            js["cli"] = s.text;
        if (s.kind == StepKind::File) {
            js["path"] = s.path;
            js["content"] = s.text;
        }
        ordered_json verify = ordered_json::object();
        if (!s.verify.argv.empty())
            verify["argv"] = s.verify.argv;
        if (!s.verify.cli.empty())
            verify["cli"] = s.verify.cli;
        verify["expect"] = s.verify.expect;
        js["verify"] = verify;
        ordered_json undo;
        undo["known"] = s.undo.known;
        undo["commands"] = s.undo.commands;
        undo["cli"] = s.undo.text;
        undo["note"] = s.undo.note;
        js["undo"] = undo;
        js["persistent"] = s.persistent;
        js["artifact"] = s.artifact;
        if (s.optional)
            js["optional"] = true;
        if (s.mayCutManagement)
            js["may_cut_management"] = true;
        js["notes"] = s.notes;
        ordered_json sets = ordered_json::object();
        for (const auto& setting : s.sets)
            sets[setting.key] = setting.value;
        js["sets"] = sets;
        jt["steps"].push_back(std::move(js));
    }
    return jt;
}

} // namespace

std::string planToJson(const Plan& plan)
{
    using nlohmann::ordered_json;
    ordered_json root;
    root["version"] = 1;
    root["profile"] = plan.profileName;
    if (!plan.profileYaml.empty() || !plan.inventoryYaml.empty())
        root["source"] = { { "profile", plan.profileYaml }, { "inventory", plan.inventoryYaml } };
    root["warnings"] = ordered_json::array();
    for (const auto& w : plan.warnings)
        root["warnings"].push_back({ { "code", w.code }, { "field", w.field }, { "message", w.message } });
    root["targets"] = ordered_json::array();
    std::string out = root.dump(2);
    if (plan.targets.empty())
        return out + "\n";
    // The targets one at a time, each indented as dump(2) would nest it: the text is the same as the whole tree's
    // dump, without holding the tree of every target at once (10 000 hosts).
    constexpr std::string_view kEmptyTail = "[]\n}";
    out.resize(out.size() - kEmptyTail.size());
    out += "[\n";
    for (std::size_t i = 0; i < plan.targets.size(); ++i) {
        const std::string one = targetToJson(plan, plan.targets[i]).dump(2);
        out += "    ";
        for (const char c : one) {
            out += c;
            if (c == '\n') // a string's own line breaks are escaped: each of these starts a line of the dump
                out += "    ";
        }
        out += i + 1 < plan.targets.size() ? ",\n" : "\n";
    }
    out += "  ]\n}\n";
    return out;
}
} // namespace rp

// SPDX-License-Identifier: GPL-3.0-or-later
// plan.json back into a Plan. The apply engine and the Ansible export act on what this returns, so nothing
// is defaulted silently: a missing or mistyped field is an error with its JSON path.
#include "generate/plan.h"

#include "util/files.h"
#include "util/sha256.h"
#include "util/text.h"

#include <algorithm>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <set>

namespace rp {
namespace {

using json = nlohmann::ordered_json; // keeps the order of "sets" as written

/// The most plan.json or a target's text may hold: the plan of 10 000 Linux hosts with the lossless-dscp preset is
/// 156 MB (measured 2026-11-26), which the 64 MiB of before refused.
constexpr std::size_t kMaxPlanBytes = 1u << 30;

bool isSha256Hex(std::string_view s)
{
    return s.size() == 64
        && std::ranges::all_of(s, [](char c) { return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'); });
}

std::optional<std::string> versionProblem(const json& version)
{
    if (!version.is_number_integer())
        return "missing or not a whole number";
    if (version.get<long long>() != 1)
        return "plan version " + std::to_string(version.get<long long>()) + " is not one this RoCE Pilot reads (1)";
    return std::nullopt;
}

std::size_t firstDifferentLine(std::string_view a, std::string_view b)
{
    const auto where = std::ranges::mismatch(a, b).in1;
    return 1 + static_cast<std::size_t>(std::count(a.begin(), where, '\n'));
}

struct PlanJsonReader
{
    std::string file;

    std::unexpected<Error> bad(const std::string& path, const std::string& what) const
    {
        return fail(ErrorKind::Parse, path + ": " + what, file);
    }

    Result<std::string> str(const json& obj, const std::string& key, const std::string& path, bool required = true)
    {
        auto it = obj.find(key);
        if (it == obj.end())
            return required ? Result<std::string>(bad(path + "." + key, "missing")) : std::string();
        if (!it->is_string())
            return bad(path + "." + key, "must be a string");
        return it->get<std::string>();
    }

    Result<bool> boolean(const json& obj, const std::string& key, const std::string& path, bool fallback)
    {
        auto it = obj.find(key);
        if (it == obj.end())
            return fallback;
        if (!it->is_boolean())
            return bad(path + "." + key, "must be true or false");
        return it->get<bool>();
    }

    Result<std::vector<std::string>> strings(const json& obj, const std::string& key, const std::string& path)
    {
        std::vector<std::string> out;
        auto it = obj.find(key);
        if (it == obj.end())
            return out;
        if (!it->is_array())
            return bad(path + "." + key, "must be a list of strings");
        for (std::size_t i = 0; i < it->size(); ++i) {
            if (!(*it)[i].is_string())
                return bad(path + "." + key + "[" + std::to_string(i) + "]", "must be a string");
            out.push_back((*it)[i].get<std::string>());
        }
        return out;
    }
};

template <class T> bool take(Result<T>&& r, T& into, Error& error)
{
    if (!r) {
        error = r.error();
        return false;
    }
    into = std::move(*r);
    return true;
}

Result<Step> readStep(PlanJsonReader& r, const json& js, const std::string& path)
{
    if (!js.is_object())
        return r.bad(path, "must be an object");
    Step s;
    Error e;
    std::string kind;
    if (!take(r.str(js, "id", path), s.id, e) || !take(r.str(js, "title", path), s.title, e)
        || !take(r.str(js, "kind", path), kind, e))
        return std::unexpected(e);
    if (kind == "host-argv") {
        s.kind = StepKind::HostArgv;
        if (!take(r.strings(js, "argv", path), s.argv, e))
            return std::unexpected(e);
        if (s.argv.empty())
            return r.bad(path + ".argv", "a host-argv step needs a non-empty argv");
    } else if (kind == "switch-cli") {
        s.kind = StepKind::SwitchCli;
        if (!take(r.str(js, "cli", path), s.text, e))
            return std::unexpected(e);
    } else if (kind == "file") {
        s.kind = StepKind::File;
        if (!take(r.str(js, "path", path), s.path, e) || !take(r.str(js, "content", path), s.text, e))
            return std::unexpected(e);
        if (s.path.empty() || s.path.front() != '/')
            return r.bad(path + ".path", "must be an absolute path");
    } else {
        return r.bad(path + ".kind", "must be host-argv, switch-cli or file, not '" + kind + "'");
    }
    auto verify = js.find("verify");
    if (verify == js.end() || !verify->is_object())
        return r.bad(path + ".verify", "missing or not an object");
    if (!take(r.strings(*verify, "argv", path + ".verify"), s.verify.argv, e)
        || !take(r.str(*verify, "cli", path + ".verify", false), s.verify.cli, e)
        || !take(r.str(*verify, "expect", path + ".verify"), s.verify.expect, e))
        return std::unexpected(e);
    auto undo = js.find("undo");
    if (undo == js.end() || !undo->is_object())
        return r.bad(path + ".undo", "missing or not an object");
    if (!take(r.boolean(*undo, "known", path + ".undo", false), s.undo.known, e)
        || !take(r.str(*undo, "cli", path + ".undo", false), s.undo.text, e)
        || !take(r.str(*undo, "note", path + ".undo", false), s.undo.note, e))
        return std::unexpected(e);
    if (auto cmds = undo->find("commands"); cmds != undo->end()) {
        if (!cmds->is_array())
            return r.bad(path + ".undo.commands", "must be a list of argv lists");
        for (std::size_t i = 0; i < cmds->size(); ++i) {
            const auto& argv = (*cmds)[i];
            const std::string p = path + ".undo.commands[" + std::to_string(i) + "]";
            if (!argv.is_array() || argv.empty())
                return r.bad(p, "must be a non-empty list of strings");
            std::vector<std::string> tokens;
            for (const auto& t : argv) {
                if (!t.is_string())
                    return r.bad(p, "must be a list of strings");
                tokens.push_back(t.get<std::string>());
            }
            s.undo.commands.push_back(std::move(tokens));
        }
    }
    if (!take(r.boolean(js, "persistent", path, false), s.persistent, e)
        || !take(r.boolean(js, "artifact", path, false), s.artifact, e)
        || !take(r.boolean(js, "optional", path, false), s.optional, e)
        || !take(r.boolean(js, "may_cut_management", path, false), s.mayCutManagement, e)
        || !take(r.strings(js, "notes", path), s.notes, e))
        return std::unexpected(e);
    if (auto sets = js.find("sets"); sets != js.end()) {
        if (!sets->is_object())
            return r.bad(path + ".sets", "must be an object of key: value");
        for (const auto& [key, value] : sets->items()) {
            if (!value.is_string())
                return r.bad(path + ".sets." + key, "must be a string");
            s.sets.push_back({ key, value.get<std::string>() });
        }
    }
    return s;
}

Result<PlanTarget> readTarget(PlanJsonReader& r, const json& jt, const std::string& path)
{
    if (!jt.is_object())
        return r.bad(path, "must be an object");
    PlanTarget t;
    Error e;
    std::string kind;
    if (!take(r.str(jt, "name", path), t.name, e) || !take(r.str(jt, "kind", path), kind, e)
        || !take(r.str(jt, "platform", path), t.platform, e) || !take(r.str(jt, "title", path), t.title, e)
        || !take(r.str(jt, "comment", path, false), t.comment, e) || !take(r.strings(jt, "header", path), t.header, e))
        return std::unexpected(e);
    if (kind == "linux")
        t.kind = TargetKind::LinuxGeneric;
    else if (kind == "linux-nvidia")
        t.kind = TargetKind::LinuxNvidia;
    else if (kind == "windows")
        t.kind = TargetKind::Windows;
    else if (kind == "switch")
        t.kind = TargetKind::Switch;
    else
        return r.bad(path + ".kind", "must be linux, linux-nvidia, windows or switch, not '" + kind + "'");
    t.comment = commentMark(t);
    if (auto u = jt.find("unsupported"); u != jt.end()) {
        if (!u->is_array())
            return r.bad(path + ".unsupported", "must be a list");
        for (std::size_t i = 0; i < u->size(); ++i) {
            const std::string p = path + ".unsupported[" + std::to_string(i) + "]";
            if (!(*u)[i].is_object())
                return r.bad(p, "must be an object");
            Unsupported item;
            if (!take(r.str((*u)[i], "key", p), item.key, e) || !take(r.str((*u)[i], "reason", p), item.reason, e))
                return std::unexpected(e);
            t.unsupported.push_back(std::move(item));
        }
    }
    auto steps = jt.find("steps");
    if (steps == jt.end() || !steps->is_array())
        return r.bad(path + ".steps", "missing or not a list");
    std::set<std::string> ids;
    for (std::size_t i = 0; i < steps->size(); ++i) {
        auto step = readStep(r, (*steps)[i], path + ".steps[" + std::to_string(i) + "]");
        if (!step)
            return std::unexpected(step.error());
        if (!ids.insert(step->id).second)
            return r.bad(path + ".steps[" + std::to_string(i) + "].id", "'" + step->id + "' is used twice");
        const bool hostKind = t.kind != TargetKind::Switch;
        if (hostKind && step->kind == StepKind::SwitchCli)
            return r.bad(path + ".steps[" + std::to_string(i) + "]", "a host target cannot have a switch-cli step");
        if (!hostKind && step->kind == StepKind::HostArgv)
            return r.bad(path + ".steps[" + std::to_string(i) + "]", "a switch target cannot have a host-argv step");
        t.steps.push_back(std::move(*step));
    }
    return t;
}

} // namespace

Result<Plan> planFromJson(const std::string& text, const std::string& fileName)
{
    PlanJsonReader r { fileName };
    Plan plan;
    std::set<std::string> names;
    std::vector<std::string> digests;
    // Each target is read as soon as its object is complete and then dropped from the tree: the whole tree of a
    // 10 000-host plan took five times the file's size (757 MB for 148 MB of JSON).
    struct Stop
    {
        Error error;
    };
    std::set<std::string> rootKeys;
    std::string rootKey;
    bool inTargets = false;
    auto element = [&](const json& jt) {
        const std::string path = "$.targets[" + std::to_string(digests.size()) + "]";
        auto t = readTarget(r, jt, path);
        if (!t)
            throw Stop { t.error() };
        if (!names.insert(t->name).second)
            throw Stop { r.bad(path + ".name", "'" + t->name + "' is used twice").error() };
        auto digest = r.str(jt, "file_sha256", path, false);
        if (!digest)
            throw Stop { digest.error() };
        if (!digest->empty() && !isSha256Hex(*digest))
            throw Stop { r.bad(path + ".file_sha256", "must be 64 lower-case hex digits (a SHA-256)").error() };
        if (digest->empty())
            plan.unsealed.push_back(t->name);
        digests.push_back(std::move(*digest));
        plan.targets.push_back(std::move(*t));
    };
    auto callback = [&](int depth, json::parse_event_t event, json& parsed) -> bool {
        using E = json::parse_event_t;
        if (depth == 1 && event == E::key) {
            rootKey = parsed.get<std::string>();
            if (!rootKeys.insert(rootKey).second)
                throw Stop { r.bad("$." + printable(rootKey, 40), "appears twice").error() };
        } else if (depth == 1 && event == E::value && rootKey == "version") {
            // Before the targets: a plan of another version is refused as that, not for its first odd target.
            if (auto bad = versionProblem(parsed))
                throw Stop { r.bad("$.version", *bad).error() };
        } else if (depth == 1 && event == E::array_start) {
            inTargets = rootKey == "targets";
        } else if (depth == 1 && event == E::array_end) {
            inTargets = false;
        } else if (depth == 2 && inTargets && (event == E::object_end || event == E::array_end || event == E::value)) {
            element(parsed);
            return false;
        }
        return true;
    };
    json root;
    try {
        root = json::parse(text, callback);
    } catch (const Stop& stop) {
        return std::unexpected(stop.error);
    } catch (const json::exception& e) { // out_of_range too: "1e999" overflows a double
        return fail(ErrorKind::Parse, "not valid JSON: " + jsonLibraryMessage(e.what()), fileName);
    }
    if (!root.is_object())
        return r.bad("$", "must be an object");
    auto version = root.find("version");
    if (version == root.end())
        return r.bad("$.version", "missing or not a whole number");
    if (auto bad = versionProblem(*version))
        return r.bad("$.version", *bad);
    Error e;
    if (!take(r.str(root, "profile", "$"), plan.profileName, e))
        return std::unexpected(e);
    if (auto src = root.find("source"); src != root.end()) {
        if (!src->is_object())
            return r.bad("$.source", "must be an object");
        if (!take(r.str(*src, "profile", "$.source"), plan.profileYaml, e)
            || !take(r.str(*src, "inventory", "$.source"), plan.inventoryYaml, e))
            return std::unexpected(e);
    }
    if (auto w = root.find("warnings"); w != root.end()) {
        if (!w->is_array())
            return r.bad("$.warnings", "must be a list");
        for (std::size_t i = 0; i < w->size(); ++i) {
            const std::string p = "$.warnings[" + std::to_string(i) + "]";
            if (!(*w)[i].is_object())
                return r.bad(p, "must be an object");
            ProfileIssue issue;
            issue.error = false;
            if (!take(r.str((*w)[i], "code", p), issue.code, e) || !take(r.str((*w)[i], "field", p), issue.field, e)
                || !take(r.str((*w)[i], "message", p), issue.message, e))
                return std::unexpected(e);
            plan.warnings.push_back(std::move(issue));
        }
    }
    auto targets = root.find("targets");
    if (targets == root.end() || !targets->is_array())
        return r.bad("$.targets", "missing or not a list");
    // Only now: a target's text also holds the plan's profile name and warnings.
    for (std::size_t i = 0; i < plan.targets.size(); ++i) {
        if (digests[i].empty() || sha256Hex(renderTarget(plan, plan.targets[i])) == digests[i])
            continue;
        return r.bad("$.targets[" + std::to_string(i) + "]",
            "'" + printable(plan.targets[i].name)
                + "' was changed after the plan was written: its steps no longer give the text that was reviewed ("
                + printable(targetFileName(plan.targets[i])) + ", file_sha256). Make the plan again and review it");
    }
    return plan;
}

Result<Plan> loadPlanDirectory(const std::string& dirOrFile)
{
    std::error_code ec;
    std::string file = dirOrFile;
    if (std::filesystem::is_directory(dirOrFile, ec))
        file = (std::filesystem::path(dirOrFile) / "plan.json").string();
    auto text = readTextFile(file, kMaxPlanBytes);
    if (!text)
        return std::unexpected(text.error());
    auto plan = planFromJson(*text, file);
    if (!plan)
        return plan;
    const auto dir = std::filesystem::path(file).parent_path();
    for (const auto& t : plan->targets) {
        // A name that climbs out of the plan's directory has no text of ours there (the writer refuses it): never
        // read a file elsewhere because plan.json says so.
        const std::filesystem::path name(targetFileName(t));
        if (name.is_absolute() || std::ranges::any_of(name, [](const auto& part) { return part == ".."; }))
            continue;
        const auto reviewed = (dir / name).string();
        if (!std::filesystem::exists(reviewed, ec))
            continue; // plan.json alone, copied without its texts
        auto shown = readTextFile(reviewed, kMaxPlanBytes);
        if (!shown)
            return std::unexpected(shown.error());
        const std::string rendered = renderTarget(*plan, t);
        if (*shown == rendered)
            continue;
        return fail(ErrorKind::Parse,
            "line " + std::to_string(firstDifferentLine(*shown, rendered))
                + ": differs from what plan.json applies to '" + printable(t.name)
                + "': the text was changed after the plan was written, so what it shows is not what would run. "
                  "Make the plan again and review it",
            reviewed);
    }
    return plan;
}

} // namespace rp

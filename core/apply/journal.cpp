// SPDX-License-Identifier: GPL-3.0-or-later
#include "apply/journal.h"
#include "util/text.h"

#include "util/files.h"
#include "util/userdirs.h"

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <ctime>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <random>

namespace rp::apply {
namespace {

using json = nlohmann::ordered_json;

struct Name
{
    StepState state;
    const char* text;
};
const Name kStepStates[] = { { StepState::Pending, "pending" }, { StepState::Running, "running" },
    { StepState::Verified, "verified" }, { StepState::Already, "already" }, { StepState::Skipped, "skipped" },
    { StepState::Failed, "failed" }, { StepState::Undone, "undone" }, { StepState::UndoFailed, "undo-failed" } };

struct HostName
{
    HostState state;
    const char* text;
};
const HostName kHostStates[] = { { HostState::Pending, "pending" }, { HostState::Planned, "planned" },
    { HostState::Applying, "applying" }, { HostState::Applied, "applied" }, { HostState::Unchanged, "unchanged" },
    { HostState::Failed, "failed" }, { HostState::RolledBack, "rolled-back" }, { HostState::Refused, "refused" },
    { HostState::Unreachable, "unreachable" }, { HostState::Cancelled, "cancelled" } };

Result<StepState> stepState(const std::string& text)
{
    for (const auto& n : kStepStates) {
        if (text == n.text)
            return n.state;
    }
    return fail(ErrorKind::Parse, "unknown step state '" + text + "'");
}

Result<HostState> hostState(const std::string& text)
{
    for (const auto& n : kHostStates) {
        if (text == n.text)
            return n.state;
    }
    return fail(ErrorKind::Parse, "unknown host state '" + text + "'");
}

} // namespace

std::string toString(StepState state)
{
    for (const auto& n : kStepStates) {
        if (n.state == state)
            return n.text;
    }
    return "pending";
}

std::string toString(HostState state)
{
    for (const auto& n : kHostStates) {
        if (n.state == state)
            return n.text;
    }
    return "pending";
}

std::string defaultJournalDir()
{
    if (const char* dir = std::getenv("RP_JOURNAL_DIR"); dir && *dir)
        return dir;
    if (const std::string data = userDataDir(); !data.empty())
        return data + "/journals";
    return "rocepilot-journals";
}

std::string newJournalId()
{
    const auto now = std::chrono::system_clock::to_time_t(std::chrono::system_clock::now());
    std::tm tm {};
    ::gmtime_r(&now, &tm);
    char stamp[32];
    std::strftime(stamp, sizeof stamp, "%Y%m%d-%H%M%S", &tm);
    std::random_device rd;
    char suffix[8];
    std::snprintf(suffix, sizeof suffix, "%04x", static_cast<unsigned>(rd() & 0xffff));
    return std::string(stamp) + "-" + suffix;
}

std::string journalToJson(const Journal& j)
{
    json root;
    root["version"] = 1;
    root["id"] = j.id;
    root["created"] = j.created;
    root["mode"] = j.mode;
    root["state"] = j.state;
    root["policy"] = j.policy;
    root["hosts"] = json::array();
    for (const auto& h : j.hosts) {
        json jh;
        jh["name"] = h.name;
        jh["state"] = toString(h.state);
        jh["message"] = h.message;
        jh["sudo"] = h.sudo;
        jh["deadman_dir"] = h.deadmanDir;
        jh["snapshot"] = h.snapshot;
        jh["final_state"] = h.finalState;
        jh["steps"] = json::array();
        for (const auto& s : h.steps) {
            jh["steps"].push_back({ { "id", s.id }, { "title", s.title }, { "state", toString(s.state) },
                { "ran", s.ran }, { "deadman", s.deadman }, { "may_cut_management", s.mayCutManagement },
                { "undo", s.undo }, { "undo_known", s.undoKnown }, { "undo_note", s.undoNote }, { "before", s.before },
                { "after", s.after }, { "message", s.message }, { "seconds", s.seconds } });
        }
        root["hosts"].push_back(std::move(jh));
    }
    root["switches"] = json::array();
    for (const auto& sw : j.switches) {
        root["switches"].push_back({ { "name", sw.name }, { "state", sw.state }, { "message", sw.message },
            { "snapshot", sw.snapshotJson }, { "outcome", sw.outcomeJson } });
    }
    root["history"] = j.history;
    root["plan"] = j.planJson;
    root["inventory"] = j.inventoryYaml;
    return root.dump(1) + "\n";
}

Result<Journal> journalFromJson(const std::string& text, const std::string& fileName)
{
    Journal j;
    j.path = fileName;
    std::string where = "$"; // the JSON path being read, for the library's messages, which name none
    try {
        const json root = json::parse(text);
        if (root.value("version", 0) != 1)
            return fail(ErrorKind::Parse, "not a version 1 apply journal", fileName);
        j.id = root.at("id").get<std::string>();
        j.created = root.at("created").get<std::string>();
        j.mode = root.at("mode").get<std::string>();
        j.state = root.at("state").get<std::string>();
        j.policy = root.value("policy", "stop");
        j.planJson = root.at("plan").get<std::string>();
        j.inventoryYaml = root.at("inventory").get<std::string>();
        for (const auto& jh : root.at("hosts")) {
            where = "$.hosts[" + std::to_string(j.hosts.size()) + "]";
            HostRecord h;
            h.name = jh.at("name").get<std::string>();
            auto hs = hostState(jh.at("state").get<std::string>());
            if (!hs)
                return fail(ErrorKind::Parse, hs.error().message, fileName, h.name);
            h.state = *hs;
            h.message = jh.value("message", "");
            h.sudo = jh.value("sudo", false);
            h.deadmanDir = jh.value("deadman_dir", "");
            h.snapshot = jh.at("snapshot").get<std::map<std::string, std::string>>();
            h.finalState = jh.value("final_state", std::map<std::string, std::string> {});
            for (const auto& js : jh.at("steps")) {
                where = "$.hosts[" + std::to_string(j.hosts.size()) + "].steps[" + std::to_string(h.steps.size()) + "]";
                StepRecord s;
                s.id = js.at("id").get<std::string>();
                s.title = js.value("title", "");
                auto st = stepState(js.at("state").get<std::string>());
                if (!st)
                    return fail(ErrorKind::Parse, st.error().message, fileName, h.name);
                s.state = *st;
                s.ran = js.value("ran", false);
                s.deadman = js.value("deadman", false);
                s.mayCutManagement = js.value("may_cut_management", false);
                s.undo = js.at("undo").get<std::vector<std::vector<std::string>>>();
                s.undoKnown = js.value("undo_known", true);
                s.undoNote = js.value("undo_note", "");
                s.before = js.value("before", "");
                s.after = js.value("after", "");
                s.message = js.value("message", "");
                s.seconds = js.value("seconds", 0.0);
                h.steps.push_back(std::move(s));
            }
            j.hosts.push_back(std::move(h));
        }
        where = "$.history";
        j.history = root.value("history", std::vector<std::string> {});
        for (const auto& js : root.value("switches", json::array())) {
            where = "$.switches[" + std::to_string(j.switches.size()) + "]";
            SwitchRecord sw;
            sw.name = js.at("name").get<std::string>();
            sw.state = js.at("state").get<std::string>();
            sw.message = js.value("message", "");
            sw.snapshotJson = js.value("snapshot", "");
            sw.outcomeJson = js.value("outcome", "");
            j.switches.push_back(std::move(sw));
        }
    } catch (const json::exception& e) {
        return fail(
            ErrorKind::Parse, "damaged apply journal at " + where + ": " + jsonLibraryMessage(e.what()), fileName);
    }
    return j;
}

Result<Journal> loadJournal(const std::string& path)
{
    auto text = readTextFile(path, 256u << 20);
    if (!text)
        return std::unexpected(text.error());
    return journalFromJson(*text, path);
}

Result<void> saveJournal(const Journal& journal)
{
    std::error_code ec;
    std::filesystem::create_directories(std::filesystem::path(journal.path).parent_path(), ec);
    if (auto ok = writeFileAtomically(journal.path, journalToJson(journal), 0600); !ok) {
        auto error = ok.error();
        error.message = "cannot write the apply journal: " + error.message;
        return std::unexpected(error);
    }
    return {};
}

bool journalFinished(const Journal& journal)
{
    return journal.state != "running";
}

std::vector<JournalSummary> listJournals(const std::string& dir)
{
    std::vector<JournalSummary> out;
    std::error_code ec;
    for (const auto& entry : std::filesystem::directory_iterator(dir, ec)) {
        if (!entry.is_regular_file() || entry.path().extension() != ".json")
            continue;
        JournalSummary s;
        s.path = entry.path().string();
        auto j = loadJournal(s.path);
        if (!j) {
            s.error = j.error().describe();
            s.id = entry.path().stem().string();
        } else {
            s.id = j->id;
            s.created = j->created;
            s.mode = j->mode;
            s.state = j->state;
            for (const auto& h : j->hosts)
                s.hosts.emplace_back(h.name, toString(h.state));
        }
        out.push_back(std::move(s));
    }
    std::sort(out.begin(), out.end(), [](const auto& a, const auto& b) { return a.id > b.id; });
    return out;
}

} // namespace rp::apply

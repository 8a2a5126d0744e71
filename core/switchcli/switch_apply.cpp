// SPDX-License-Identifier: GPL-3.0-or-later
#include "switchcli/switch_apply.h"
#include "util/cancel.h"

#include <algorithm>
#include <cstdio>
#include <nlohmann/json.hpp>
#include <regex>

namespace rp::switchcli {
namespace {

using Clock = std::chrono::steady_clock;
using std::chrono::milliseconds;

milliseconds since(Clock::time_point t)
{
    return std::chrono::duration_cast<milliseconds>(Clock::now() - t);
}

std::vector<std::string> lines(const std::string& text)
{
    std::vector<std::string> out;
    std::size_t start = 0;
    while (start < text.size()) {
        auto end = text.find('\n', start);
        auto line = text.substr(start, end == std::string::npos ? std::string::npos : end - start);
        while (!line.empty() && (line.back() == '\r' || line.back() == ' ' || line.back() == '\t'))
            line.pop_back();
        if (line.find_first_not_of(" \t") != std::string::npos)
            out.push_back(line);
        if (end == std::string::npos)
            break;
        start = end + 1;
    }
    return out;
}

std::string trimmed(std::string s)
{
    while (!s.empty() && (s.back() == '\n' || s.back() == ' '))
        s.pop_back();
    return s;
}

enum class Role { Config, Commit, Save, Artifact };

struct Planned
{
    const Step* step = nullptr;
    Role role = Role::Config;
    std::vector<std::string> lines;
    std::vector<std::string> verify;
};

const std::vector<std::string>& saveCommands(Dialect d)
{
    static const std::vector<std::string> hier = { "copy running-config startup-config", "write memory" };
    static const std::vector<std::string> nvue = { "nv config save" };
    return d == Dialect::Nvue ? nvue : hier;
}

std::string prefixed(const std::string& name)
{
    return "rp-" + name;
}

Error withSwitch(Error e, const std::string& name)
{
    if (e.host.empty())
        e.host = name;
    return e;
}

/// A fixed command whose answer must carry no vendor error.
Result<std::string> must(SwitchSession& s, const std::string& line, milliseconds timeout = {})
{
    auto out = s.command(line, timeout);
    if (!out)
        return out;
    if (auto err = findCliError(s.dialect(), *out))
        return fail(ErrorKind::CommandFailed, "the switch answered: " + *err, line, s.name());
    return out;
}

constexpr milliseconds kCommitTimeout { 120000 };

bool verifyStep(SwitchSession& s, const Planned& p, SwitchStepResult& r, std::optional<Error>& failure)
{
    auto t0 = Clock::now();
    for (const auto& cli : p.verify) {
        auto out = s.show(cli);
        if (!out) {
            r.state = SwitchStepState::Failed;
            r.message = "read-back failed: " + out.error().message;
            failure = withSwitch(out.error(), s.name());
            r.verifyTime = since(t0);
            return false;
        }
        r.verifyOutput += "$ " + cli + "\n" + *out;
    }
    r.verifyTime = since(t0);
    const auto expect = trimmed(collapseWhitespace(p.step->verify.expect));
    if (p.verify.empty()) {
        r.state = SwitchStepState::Verified;
        r.message = "no read-back in the plan for this step";
        return true;
    }
    if (expect.empty()) {
        r.state = SwitchStepState::Verified;
        r.message = "read back; the plan gives nothing to match (compare by eye)";
        return true;
    }
    if (collapseWhitespace(r.verifyOutput).find(expect) != std::string::npos) {
        r.state = SwitchStepState::Verified;
        return true;
    }
    r.state = SwitchStepState::Failed;
    r.message = "read-back does not contain '" + expect + "'";
    failure = Error { ErrorKind::CommandFailed,
        "step " + p.step->id + ": the read-back (" + p.step->verify.cli + ") does not contain '" + expect + "'",
        p.step->id, s.name(), 0 };
    return false;
}

int parseAppliedRevision(const std::string& history)
{
    static const std::regex applied(R"(applied:\s*(\d+))");
    std::smatch m;
    if (std::regex_search(history, m, applied))
        return std::stoi(m[1].str());
    return 0;
}

std::string mechanismOf(Dialect d)
{
    switch (d) {
    case Dialect::Eos:
        return "EOS configure session + commit timer (abort to roll back)";
    case Dialect::NxOs:
        return "NX-OS checkpoint + configure terminal (rollback running-config checkpoint to roll back; no timer)";
    case Dialect::Nvue:
        return "NVUE pending revision + nv config apply --confirm (--confirm-no to roll back)";
    }
    return {};
}

} // namespace

std::string toString(SwitchStepState state)
{
    switch (state) {
    case SwitchStepState::Pending:
        return "pending";
    case SwitchStepState::Sent:
        return "sent";
    case SwitchStepState::Verified:
        return "verified";
    case SwitchStepState::Failed:
        return "failed";
    case SwitchStepState::Skipped:
        return "skipped";
    case SwitchStepState::Committed:
        return "committed";
    case SwitchStepState::Saved:
        return "saved";
    }
    return "pending";
}

std::string toString(SwitchApplyStatus status)
{
    switch (status) {
    case SwitchApplyStatus::DryRun:
        return "dry-run";
    case SwitchApplyStatus::Confirmed:
        return "confirmed";
    case SwitchApplyStatus::PendingConfirm:
        return "pending-confirm";
    case SwitchApplyStatus::RolledBack:
        return "rolled-back";
    case SwitchApplyStatus::RollbackFailed:
        return "rollback-failed";
    }
    return "dry-run";
}

Result<void> dropSnapshot(SwitchSession& s, const SwitchSnapshot& snapshot)
{
    if (s.dialect() != Dialect::NxOs || snapshot.checkpoint.empty())
        return {};
    if (snapshot.checkpoint != prefixed(snapshot.jobId) || !validateJobId(snapshot.jobId))
        return fail(ErrorKind::Validation, "checkpoint '" + snapshot.checkpoint + "' is not rp-<job>", {}, s.name());
    if (s.inConfigMode()) {
        if (auto ok = s.leaveConfig(); !ok)
            return std::unexpected(ok.error());
    }
    auto out = must(s, "no checkpoint " + snapshot.checkpoint);
    if (!out)
        return std::unexpected(out.error());
    return {};
}

std::string snapshotToJson(const SwitchSnapshot& snapshot)
{
    nlohmann::ordered_json j;
    j["switch"] = snapshot.switchName;
    j["vendor"] = toString(snapshot.vendor);
    j["job"] = snapshot.jobId;
    j["running_config"] = snapshot.runningConfig;
    j["session"] = snapshot.session;
    j["checkpoint"] = snapshot.checkpoint;
    j["nvue_revision"] = snapshot.nvueRevision;
    return j.dump(2, ' ', false, nlohmann::ordered_json::error_handler_t::replace);
}

Result<SwitchSnapshot> snapshotFromJson(std::string_view json)
{
    auto j = nlohmann::json::parse(json.begin(), json.end(), nullptr, false);
    if (j.is_discarded() || !j.is_object())
        return fail(ErrorKind::Parse, "a switch snapshot must be a JSON object");
    static const std::vector<std::string> keys
        = { "switch", "vendor", "job", "running_config", "session", "checkpoint", "nvue_revision" };
    for (const auto& [key, value] : j.items()) {
        if (std::find(keys.begin(), keys.end(), key) == keys.end())
            return fail(ErrorKind::Parse, "unknown key '" + key + "' in a switch snapshot");
    }
    SwitchSnapshot s;
    auto text = [&](const char* key, std::string& into) -> Result<void> {
        if (!j.contains(key) || !j[key].is_string())
            return fail(ErrorKind::Parse, std::string("switch snapshot: '") + key + "' must be a string");
        into = j[key].get<std::string>();
        return {};
    };
    std::string vendor;
    for (auto [key, into] :
        { std::pair<const char*, std::string*> { "switch", &s.switchName }, { "vendor", &vendor }, { "job", &s.jobId },
            { "running_config", &s.runningConfig }, { "session", &s.session }, { "checkpoint", &s.checkpoint } }) {
        if (auto ok = text(key, *into); !ok)
            return std::unexpected(ok.error());
    }
    auto v = switchVendorFromString(vendor);
    if (!v)
        return fail(ErrorKind::Parse, "switch snapshot: unknown vendor '" + vendor + "'");
    s.vendor = *v;
    if (!j.contains("nvue_revision") || !j["nvue_revision"].is_number_integer())
        return fail(ErrorKind::Parse, "switch snapshot: 'nvue_revision' must be an integer");
    s.nvueRevision = j["nvue_revision"].get<int>();
    // The names go back into CLI lines: the same checks as when they were made.
    if (auto ok = validateJobId(s.jobId); !ok)
        return fail(ErrorKind::Parse, "switch snapshot: " + ok.error().message);
    for (const auto& name : { s.session, s.checkpoint }) {
        if (!name.empty() && name != prefixed(s.jobId))
            return fail(ErrorKind::Parse, "switch snapshot: session/checkpoint '" + name + "' is not rp-<job>");
    }
    return s;
}

std::string outcomeToJson(const SwitchApplyOutcome& o)
{
    using J = nlohmann::ordered_json;
    auto ms = [](milliseconds m) { return static_cast<long long>(m.count()); };
    J j;
    j["status"] = toString(o.status);
    j["mechanism"] = o.mechanism;
    j["snapshot"] = J::parse(snapshotToJson(o.snapshot));
    j["diff"] = o.diff;
    j["running_after"] = o.runningAfter;
    j["running_final"] = o.runningFinal;
    j["restored_exactly"] = o.restoredExactly;
    j["steps"] = J::array();
    for (const auto& r : o.steps) {
        j["steps"].push_back({ { "id", r.id }, { "title", r.title }, { "state", toString(r.state) }, { "sent", r.sent },
            { "answers", r.answers }, { "verify_output", r.verifyOutput }, { "message", r.message },
            { "send_ms", ms(r.sendTime) }, { "verify_ms", ms(r.verifyTime) } });
    }
    if (o.error)
        j["error"] = { { "kind", std::string(toString(o.error->kind)) }, { "message", o.error->message },
            { "where", o.error->where }, { "switch", o.error->host } };
    else
        j["error"] = nullptr;
    const auto& t = o.timings;
    j["timings_ms"] = { { "snapshot", ms(t.snapshot) }, { "stage", ms(t.stage) }, { "commit", ms(t.commit) },
        { "verify", ms(t.verify) }, { "confirm", ms(t.confirm) }, { "rollback", ms(t.rollback) },
        { "total", ms(t.total) } };
    return j.dump(2, ' ', false, J::error_handler_t::replace);
}

std::string eosTimer(std::chrono::seconds seconds)
{
    auto s = std::max<long long>(1, seconds.count());
    char buf[32];
    std::snprintf(buf, sizeof buf, "%02lld:%02lld:%02lld", s / 3600, (s / 60) % 60, s % 60);
    return buf;
}

Result<void> confirmSwitch(SwitchSession& s, const SwitchSnapshot& snapshot, const SwitchConfirmOptions& options)
{
    switch (s.dialect()) {
    case Dialect::Eos: {
        auto out = must(s, "configure session " + snapshot.session + " commit", kCommitTimeout);
        if (!out)
            return fail(ErrorKind::CommandFailed,
                "cannot confirm: " + out.error().message
                    + " (when the commit timer already ran out, the switch went back to the snapshot by itself)",
                out.error().where, s.name());
        break;
    }
    case Dialect::Nvue: {
        auto out = must(s, "nv config apply --confirm-yes", kCommitTimeout);
        if (!out)
            return fail(ErrorKind::CommandFailed,
                "cannot confirm: " + out.error().message
                    + " (when the --confirm time already ran out, the switch went back to the snapshot by itself)",
                out.error().where, s.name());
        break;
    }
    case Dialect::NxOs:
        break;
    }
    if (!options.save)
        return {};
    std::vector<std::string> save;
    if (options.target) {
        for (const auto& step : options.target->steps) {
            if (step.persistent && !step.artifact && step.kind == StepKind::SwitchCli) {
                for (auto& l : lines(step.text))
                    save.push_back(l);
            }
        }
    } else {
        save.push_back(saveCommands(s.dialect()).front());
    }
    for (const auto& line : save) {
        auto out = must(s, line, kCommitTimeout);
        if (!out)
            return std::unexpected(out.error());
    }
    return {};
}

namespace {

// Nothing pending any more (confirmed, or the timer ran out): replace the whole configuration with the snapshot
// inside a session, which commits all or nothing.
Result<std::string> replaceEosConfig(SwitchSession& s, const SwitchSnapshot& snapshot)
{
    std::vector<std::string> replay;
    for (const auto& line : lines(snapshot.runningConfig)) {
        auto body = line.substr(line.find_first_not_of(' '));
        if (body.starts_with("!") || body == "end")
            continue;
        if (auto ok = validateConfigLine(Dialect::Eos, line); !ok)
            return fail(ErrorKind::Validation,
                "the snapshot has a line RoCE Pilot will not replay (" + ok.error().message
                    + "): roll back by hand with 'configure replace'",
                line, s.name());
        replay.push_back(line);
    }
    const std::string rb = snapshot.session + "-rb";
    if (auto ok = must(s, "configure session " + rb); !ok)
        return std::unexpected(ok.error());
    auto fill = must(s, "rollback clean-config");
    std::optional<Error> failed;
    if (!fill)
        failed = fill.error();
    if (!failed) {
        if (auto sent = s.sendConfigLines(replay); !sent)
            failed = sent.error();
    }
    if (failed) {
        (void)s.command("abort");
        return std::unexpected(*failed);
    }
    if (auto ok = must(s, "commit", kCommitTimeout); !ok)
        return std::unexpected(ok.error());
    return "configure session " + rb + ": rollback clean-config + the snapshot + commit";
}

// Each dialect's way back answers with the mechanism it used.
Result<std::string> rollbackEos(SwitchSession& s, const SwitchSnapshot& snapshot)
{
    auto abort = s.command("configure session " + snapshot.session + " abort", kCommitTimeout);
    if (!abort)
        return std::unexpected(abort.error());
    if (!findCliError(Dialect::Eos, *abort))
        return "configure session " + snapshot.session + " abort";
    return replaceEosConfig(s, snapshot);
}

Result<std::string> rollbackNxOs(SwitchSession& s, const SwitchSnapshot& snapshot)
{
    auto out = must(s, "rollback running-config checkpoint " + snapshot.checkpoint, kCommitTimeout);
    if (!out)
        return std::unexpected(out.error());
    if (out->find("Rollback completed successfully") == std::string::npos)
        return fail(ErrorKind::CommandFailed, "the rollback did not report success: " + trimmed(*out),
            "rollback running-config checkpoint " + snapshot.checkpoint, s.name());
    return "rollback running-config checkpoint " + snapshot.checkpoint;
}

Result<std::string> rollbackNvue(SwitchSession& s, const SwitchSnapshot& snapshot)
{
    auto status = s.command("nv config apply --confirm-status");
    if (!status)
        return std::unexpected(status.error());
    if (status->find("Pending") != std::string::npos || status->find("pending") == 0) {
        if (auto ok = must(s, "nv config apply --confirm-no", kCommitTimeout); !ok)
            return std::unexpected(ok.error());
        return std::string("nv config apply --confirm-no");
    }
    (void)s.command("nv config detach");
    if (snapshot.nvueRevision <= 0)
        return fail(ErrorKind::Usage, "the snapshot has no NVUE revision to go back to", {}, s.name());
    std::string line = "nv config apply " + std::to_string(snapshot.nvueRevision) + " -y";
    if (auto ok = must(s, line, kCommitTimeout); !ok)
        return std::unexpected(ok.error());
    return line;
}

} // namespace

Result<SwitchRollbackOutcome> rollbackSwitch(SwitchSession& s, const SwitchSnapshot& snapshot)
{
    auto t0 = Clock::now();
    s.setCancel(nullptr); // a rollback finishes; every read stays bounded by its timeout
    SwitchRollbackOutcome r;
    if (s.inConfigMode()) {
        if (s.dialect() == Dialect::Eos)
            (void)s.command("abort"); // an open, uncommitted session: thrown away
        if (auto ok = s.leaveConfig(); !ok)
            return std::unexpected(ok.error());
    }
    Result<std::string> mechanism = std::string();
    switch (s.dialect()) {
    case Dialect::Eos:
        mechanism = rollbackEos(s, snapshot);
        break;
    case Dialect::NxOs:
        mechanism = rollbackNxOs(s, snapshot);
        break;
    case Dialect::Nvue:
        mechanism = rollbackNvue(s, snapshot);
        break;
    }
    if (!mechanism)
        return std::unexpected(mechanism.error());
    r.mechanism = *mechanism;
    auto running = s.runningConfig();
    if (!running)
        return std::unexpected(running.error());
    r.runningFinal = *running;
    r.restoredExactly = r.runningFinal == snapshot.runningConfig;
    r.time = since(t0);
    return r;
}

namespace {

/// One applySwitchTarget call: what its phases share.
struct TargetApply
{
    SwitchSession& s;
    const PlanTarget& target;
    const SwitchApplyOptions& o;
    Dialect d;
    std::vector<Planned> plan;
    SwitchApplyOutcome out;
    std::optional<Error> failure;
    bool committed = false;

    void report(std::size_t i) const
    {
        if (o.onStep)
            o.onStep(out.steps[i]);
    }
};

// Every line is checked before the first one is sent.
Result<std::vector<Planned>> checkTarget(SwitchSession& s, const PlanTarget& target, const SwitchApplyOptions& o)
{
    const Dialect d = s.dialect();
    auto bad = [&](std::string message, std::string where = {}) {
        return fail(ErrorKind::Validation, std::move(message), std::move(where), s.name());
    };
    if (target.kind != TargetKind::Switch)
        return bad("target '" + target.name + "' is not a switch");
    auto vendor = switchVendorFromString(target.platform);
    if (!vendor || *vendor != s.vendor())
        return bad("target '" + target.name + "' is for platform '" + target.platform + "' but the session speaks "
            + toString(s.vendor()));
    if (auto ok = validateJobId(o.jobId); !ok)
        return std::unexpected(withSwitch(ok.error(), s.name()));
    if (o.confirmTimeout < std::chrono::seconds(1) || o.confirmTimeout > std::chrono::hours(24))
        return bad("the confirm timeout must be 1 s .. 24 h");

    std::vector<Planned> plan;
    for (const auto& step : target.steps) {
        Planned p;
        p.step = &step;
        if (step.kind != StepKind::SwitchCli)
            return bad("step " + step.id + " is not a switch CLI step", step.id);
        p.lines = lines(step.text);
        p.verify = lines(step.verify.cli);
        if (step.artifact) {
            p.role = Role::Artifact;
        } else if (d == Dialect::Nvue && p.lines == std::vector<std::string> { "nv config apply" }) {
            p.role = Role::Commit;
        } else if (step.persistent) {
            p.role = Role::Save;
            for (const auto& l : p.lines) {
                const auto& allowed = saveCommands(d);
                if (std::find(allowed.begin(), allowed.end(), l) == allowed.end())
                    return bad("step " + step.id + ": '" + l + "' is not a save command this engine runs", step.id);
            }
        } else {
            for (const auto& l : p.lines) {
                if (auto ok = validateConfigLine(d, l); !ok)
                    return bad("step " + step.id + ": " + ok.error().message, step.id);
            }
        }
        for (const auto& v : p.verify) {
            if (auto ok = validateShowCommand(d, v); !ok)
                return bad("step " + step.id + ": " + ok.error().message, step.id);
        }
        plan.push_back(std::move(p));
    }
    return plan;
}

SwitchApplyOutcome newOutcome(const SwitchSession& s, const SwitchApplyOptions& o, const std::vector<Planned>& plan)
{
    const Dialect d = s.dialect();
    SwitchApplyOutcome out;
    out.mechanism = mechanismOf(d);
    out.snapshot.switchName = s.name();
    out.snapshot.vendor = s.vendor();
    out.snapshot.jobId = o.jobId;
    if (d == Dialect::Eos)
        out.snapshot.session = prefixed(o.jobId);
    if (d == Dialect::NxOs)
        out.snapshot.checkpoint = prefixed(o.jobId);
    for (const auto& p : plan) {
        SwitchStepResult r;
        r.id = p.step->id;
        r.title = p.step->title;
        out.steps.push_back(r);
    }
    return out;
}

// Nothing is changed yet, so errors here are plain errors.
Result<void> takeSnapshot(TargetApply& a)
{
    auto& s = a.s;
    auto t0 = Clock::now();
    if (s.inConfigMode()) {
        if (auto ok = s.leaveConfig(); !ok)
            return std::unexpected(ok.error());
    }
    auto running = s.runningConfig();
    if (!running)
        return std::unexpected(running.error());
    a.out.snapshot.runningConfig = *running;
    if (a.d == Dialect::Nvue) {
        auto history = s.show("nv config history");
        if (!history)
            return std::unexpected(history.error());
        a.out.snapshot.nvueRevision = parseAppliedRevision(*history);
        auto pendingDiff = s.show("nv config diff");
        if (!pendingDiff)
            return std::unexpected(pendingDiff.error());
        if (!trimmed(*pendingDiff).empty())
            return fail(ErrorKind::CommandFailed,
                "the switch has pending NVUE changes that are not this job's (nv config diff is not empty): "
                "apply or detach them first",
                "nv config diff", s.name());
        auto status = s.command("nv config apply --confirm-status");
        if (!status)
            return std::unexpected(status.error());
        if (status->find("Pending") != std::string::npos)
            return fail(ErrorKind::CommandFailed, "another apply with --confirm is waiting for its confirmation",
                "nv config apply --confirm-status", s.name());
    }
    if (a.d == Dialect::Eos) {
        auto sessions = s.show("show configuration sessions");
        if (!sessions)
            return std::unexpected(sessions.error());
        if (sessions->find("pending-commit-timer") != std::string::npos)
            return fail(ErrorKind::CommandFailed, "another configuration session has a commit timer running",
                "show configuration sessions", s.name());
    }
    a.out.timings.snapshot = since(t0);
    return {};
}

// NX-OS applies line by line: its dry run sends nothing.
void estimateNxosDryRun(TargetApply& a)
{
    for (std::size_t i = 0; i < a.plan.size(); ++i) {
        a.out.steps[i].state = SwitchStepState::Skipped;
        a.out.steps[i].message = "dry run: NX-OS applies each line at once, so nothing was sent (offline estimate)";
        if (a.plan[i].role == Role::Config)
            for (const auto& l : a.plan[i].lines)
                a.out.diff += "+ " + l + "\n";
    }
    a.out.status = SwitchApplyStatus::DryRun;
}

// An error returned here comes before anything is staged; from the first line sent on, a failure is recorded in
// a.failure for the rollback instead.
Result<void> stage(TargetApply& a)
{
    auto& s = a.s;
    auto t0 = Clock::now();
    if (a.d == Dialect::Eos) {
        auto opened = must(s, "configure session " + a.out.snapshot.session);
        if (!opened)
            return std::unexpected(opened.error());
        if (!s.inConfigMode())
            return fail(ErrorKind::Protocol, "the prompt did not show the configuration session",
                "configure session " + a.out.snapshot.session, s.name());
    } else if (a.d == Dialect::NxOs) {
        auto cp = must(s, "checkpoint " + a.out.snapshot.checkpoint, kCommitTimeout);
        if (!cp)
            return std::unexpected(cp.error());
        if (auto ok = s.enterConfig(); !ok)
            return std::unexpected(ok.error());
    }
    for (std::size_t i = 0; i < a.plan.size() && !a.failure; ++i) {
        auto& p = a.plan[i];
        auto& r = a.out.steps[i];
        if (p.role == Role::Artifact) {
            r.state = SwitchStepState::Skipped;
            r.message = "a separate artifact, not part of the apply";
            a.report(i);
            continue;
        }
        if (p.role != Role::Config)
            continue;
        if (cancelled(a.o.cancel)) {
            a.failure = Error { ErrorKind::Cancelled, "cancelled before step " + p.step->id, p.step->id, s.name(), 0 };
            break;
        }
        auto ts = Clock::now();
        for (const auto& line : p.lines) {
            auto answer = s.sendConfigLines({ line });
            if (!answer) {
                a.failure = withSwitch(answer.error(), s.name());
                r.state = SwitchStepState::Failed;
                r.message = answer.error().message + " (line: " + line + ")";
                break;
            }
            r.sent.push_back(line);
            r.answers += answer->front();
        }
        r.sendTime = since(ts);
        if (a.failure) {
            a.report(i);
            break;
        }
        r.state = SwitchStepState::Sent;
        a.report(i);
        if (a.d == Dialect::NxOs) {
            verifyStep(s, p, r, a.failure);
            a.report(i);
        }
    }
    a.out.timings.stage = since(t0);
    return {};
}

// The device's own diff of what is staged.
void readStagedDiff(TargetApply& a)
{
    if (!a.failure && a.d == Dialect::Eos) {
        auto diff = a.s.show("show session-config diffs");
        if (diff)
            a.out.diff = *diff;
        else
            a.failure = diff.error();
    }
    if (!a.failure && a.d == Dialect::Nvue) {
        auto diff = a.s.show("nv config diff");
        if (diff)
            a.out.diff = *diff;
        else
            a.failure = diff.error();
    }
}

void discardDryRun(TargetApply& a)
{
    auto& s = a.s;
    s.setCancel(nullptr);
    auto drop = a.d == Dialect::Eos ? must(s, "abort") : must(s, "nv config detach");
    for (std::size_t i = 0; i < a.plan.size(); ++i) {
        if (a.out.steps[i].state == SwitchStepState::Pending) {
            a.out.steps[i].state = SwitchStepState::Skipped;
            a.out.steps[i].message = "dry run";
        }
    }
    if (!drop) {
        a.out.status = SwitchApplyStatus::RollbackFailed;
        a.out.error = drop.error();
    } else {
        a.out.status = SwitchApplyStatus::DryRun;
    }
}

// With the platform's timer.
void commit(TargetApply& a)
{
    auto& s = a.s;
    const auto t0 = Clock::now();
    if (cancelled(a.o.cancel)) {
        a.failure = Error { ErrorKind::Cancelled, "cancelled before the commit", {}, s.name(), 0 };
    } else if (a.d == Dialect::Eos) {
        auto c = must(s, "commit timer " + eosTimer(a.o.confirmTimeout), kCommitTimeout);
        if (!c)
            a.failure = c.error();
        else
            a.committed = true;
    } else if (a.d == Dialect::Nvue) {
        auto c = must(
            s, "nv config apply --confirm " + std::to_string(a.o.confirmTimeout.count()) + "s -y", kCommitTimeout);
        if (!c) {
            a.failure = c.error();
        } else if (c->find("applied") == std::string::npos) {
            a.failure = Error { ErrorKind::CommandFailed, "nv config apply did not say 'applied': " + trimmed(*c),
                "nv config apply", s.name(), 0 };
        } else {
            a.committed = true;
            for (std::size_t i = 0; i < a.plan.size(); ++i) {
                if (a.plan[i].role == Role::Commit) {
                    a.out.steps[i].state = SwitchStepState::Committed;
                    a.out.steps[i].answers = *c;
                    a.out.steps[i].message
                        = "applied by the engine with --confirm " + std::to_string(a.o.confirmTimeout.count()) + "s";
                    a.report(i);
                }
            }
        }
    } else {
        auto left = s.leaveConfig();
        if (!left)
            a.failure = left.error();
        a.committed = true;
    }
    a.out.timings.commit = since(t0);
}

// Every step at once, after the commit (NX-OS read each step back as it was sent).
void readBackAll(TargetApply& a)
{
    const auto t0 = Clock::now();
    for (std::size_t i = 0; i < a.plan.size() && !a.failure; ++i) {
        if (a.plan[i].role != Role::Config && a.plan[i].role != Role::Commit)
            continue;
        if (cancelled(a.o.cancel)) {
            a.failure
                = Error { ErrorKind::Cancelled, "cancelled during the read-back", a.plan[i].step->id, a.s.name(), 0 };
            break;
        }
        verifyStep(a.s, a.plan[i], a.out.steps[i], a.failure);
        a.report(i);
    }
    a.out.timings.verify = since(t0);
}

void readRunningAfter(TargetApply& a)
{
    if (!a.committed && a.d != Dialect::NxOs)
        return;
    if (a.s.inConfigMode())
        (void)a.s.leaveConfig();
    if (auto after = a.s.runningConfig())
        a.out.runningAfter = *after;
    else if (!a.failure)
        a.failure = after.error();
}

/// True when the apply is over: confirmed, or left pending as asked. False: a.failure says why it must roll back.
bool confirm(TargetApply& a)
{
    for (std::size_t i = 0; i < a.plan.size(); ++i) {
        if (a.plan[i].role == Role::Save) {
            a.out.steps[i].state = SwitchStepState::Skipped;
            a.out.steps[i].message = a.o.save && a.o.confirm == ConfirmMode::Auto
                ? "runs after the confirm"
                : "not run: the change is not confirmed yet or save is off (never persist before a confirm)";
        }
    }
    if (a.o.confirm == ConfirmMode::Leave) {
        a.out.status = SwitchApplyStatus::PendingConfirm;
        return true;
    }
    const auto t0 = Clock::now();
    SwitchConfirmOptions co;
    co.save = a.o.save;
    co.target = &a.target;
    auto confirmed = confirmSwitch(a.s, a.out.snapshot, co);
    a.out.timings.confirm = since(t0);
    if (!confirmed) {
        a.failure = confirmed.error();
        return false;
    }
    for (std::size_t i = 0; i < a.plan.size(); ++i) {
        if (a.plan[i].role == Role::Save && a.o.save) {
            a.out.steps[i].state = SwitchStepState::Saved;
            a.out.steps[i].sent = a.plan[i].lines;
            a.out.steps[i].message.clear();
            a.report(i);
        }
    }
    a.out.status = SwitchApplyStatus::Confirmed;
    return true;
}

// Only staged: throw the staged change away.
void discardStaged(TargetApply& a, Clock::time_point t0, Error& error)
{
    auto& s = a.s;
    auto& out = a.out;
    auto drop = a.d == Dialect::Eos
        ? (s.inConfigMode() ? must(s, "abort") : must(s, "configure session " + out.snapshot.session + " abort"))
        : must(s, "nv config detach");
    if (s.inConfigMode())
        (void)s.leaveConfig();
    auto final = s.runningConfig();
    out.timings.rollback = since(t0);
    if (!drop || !final) {
        out.status = SwitchApplyStatus::RollbackFailed;
        error.message += "; discarding the staged change failed: " + (!drop ? drop.error() : final.error()).message;
    } else {
        out.status = SwitchApplyStatus::RolledBack;
        out.runningFinal = *final;
        out.restoredExactly = out.runningFinal == out.snapshot.runningConfig;
    }
}

void rollBack(TargetApply& a)
{
    auto& out = a.out;
    // Only a failure rolls back; the record says what it was, and what the rollback then met is appended.
    Error& error = out.error.emplace(a.failure.value_or(Error {}));
    const auto t0 = Clock::now();
    if (!a.s.usable()) {
        out.status = SwitchApplyStatus::RollbackFailed;
        error.message += a.d == Dialect::NxOs
            ? "; the session is gone: roll back with 'rollback running-config checkpoint " + out.snapshot.checkpoint
                + "'"
            : "; the session is gone: nothing was confirmed, so the switch reverts by itself when the timer runs out";
        return;
    }
    if (!a.committed && a.d != Dialect::NxOs) {
        discardStaged(a, t0, error);
        return;
    }
    auto rb = rollbackSwitch(a.s, out.snapshot);
    out.timings.rollback = since(t0);
    if (!rb) {
        out.status = SwitchApplyStatus::RollbackFailed;
        error.message += "; the rollback failed: " + rb.error().describe();
    } else {
        out.status = SwitchApplyStatus::RolledBack;
        out.runningFinal = rb->runningFinal;
        out.restoredExactly = rb->restoredExactly;
    }
}

} // namespace

Result<SwitchApplyOutcome> applySwitchTarget(SwitchSession& s, const PlanTarget& target, const SwitchApplyOptions& o)
{
    const auto tStart = Clock::now();
    auto plan = checkTarget(s, target, o);
    if (!plan)
        return std::unexpected(plan.error());
    TargetApply a { s, target, o, s.dialect(), std::move(*plan), {}, std::nullopt };
    a.out = newOutcome(s, o, a.plan);
    auto finished = [&] {
        a.out.timings.total = since(tStart);
        return std::move(a.out);
    };
    s.setCancel(o.cancel);

    if (auto ok = takeSnapshot(a); !ok)
        return std::unexpected(ok.error());
    if (o.dryRun && a.d == Dialect::NxOs) {
        estimateNxosDryRun(a);
        return finished();
    }
    if (auto ok = stage(a); !ok)
        return std::unexpected(ok.error());
    readStagedDiff(a);
    if (o.dryRun && !a.failure) {
        discardDryRun(a);
        return finished();
    }
    if (!a.failure)
        commit(a);
    if (!a.failure && a.d != Dialect::NxOs)
        readBackAll(a);
    if (!a.failure && cancelled(o.cancel))
        a.failure = Error { ErrorKind::Cancelled, "cancelled before the confirm", {}, s.name(), 0 };
    s.setCancel(nullptr);
    readRunningAfter(a);
    if (!a.failure && confirm(a))
        return finished();
    rollBack(a);
    return finished();
}

} // namespace rp::switchcli

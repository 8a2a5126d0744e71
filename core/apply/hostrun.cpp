// SPDX-License-Identifier: GPL-3.0-or-later
#include "apply/hostrun.h"

#include "discovery/discover.h"
#include "generate/diff.h"
#include "profile/profile.h"
#include "util/command.h"

#include <algorithm>
#include <cstdio>
#include <random>
#include <thread>

#include <unistd.h>

namespace rp::apply::detail {
namespace {

using Clock = std::chrono::steady_clock;

std::string trimmed(std::string s, std::size_t max = 600)
{
    while (!s.empty() && (s.back() == '\n' || s.back() == ' ' || s.back() == '\r'))
        s.pop_back();
    if (s.size() > max)
        s = s.substr(0, max) + " ...";
    return s;
}

// Reads every path a plan writes or creates in one command. The marker carries a random nonce so file content
// cannot forge a boundary.
// rdma_cm keeps its defaults (default_roce_mode/tos) in the device, not in the configfs directory: removing the
// directory does not reset them. So a value under an rdma_cm directory that does not exist is read through a
// directory made for the read and removed again: the snapshot holds the kernel's real value.
const char* kReadFiles = R"SH(m=$1; shift
show() { printf '%s FILE %s\n' "$m" "$1"; cat -- "$1" 2>&1; echo; }
for f; do
    if [ -d "$f" ]; then printf '%s DIR %s\n' "$m" "$f"
    elif [ -e "$f" ]; then show "$f"
    else
        case $f in
        /sys/kernel/config/rdma_cm/*/ports/*)
            r=${f#/sys/kernel/config/rdma_cm/}
            d=/sys/kernel/config/rdma_cm/${r%%/*}
            if [ ! -e "$d" ] && mkdir "$d" 2>/dev/null; then
                if [ -e "$f" ]; then show "$f"; else printf '%s ABSENT %s\n' "$m" "$f"; fi
                rmdir "$d"
                continue
            fi ;;
        esac
        printf '%s ABSENT %s\n' "$m" "$f"
    fi
done
)SH";

// Writes one line back to a file (the undo of a File step): values arrive as parameters, never pasted in.
const char* kWriteLine = R"(printf '%s\n' "$1" >"$2")";

bool isMkdir(const Step& s)
{
    return s.kind == StepKind::HostArgv && s.argv.size() == 3 && s.argv[0] == "mkdir" && s.argv[1] == "-p";
}

bool sameForward(const Step& a, const Step& b)
{
    return a.kind == b.kind && a.argv == b.argv && a.text == b.text && a.path == b.path;
}

} // namespace

HostRun::HostRun(const HostSpec& spec, const PlanTarget& target, const Plan& plan, const ConnectContext& connect,
    const Options& options, Journal& journal, std::mutex& journalMutex, std::size_t index,
    const std::atomic<bool>* fleetStop)
    : m_spec(spec)
    , m_target(target)
    , m_plan(plan)
    , m_connect(connect)
    , m_options(options)
    , m_journal(journal)
    , m_mutex(journalMutex)
    , m_index(index)
    , m_fleetStop(fleetStop)
{
    m_rec.name = spec.name;
    m_rec.sudo = spec.sudo;
    if (spec.sudo)
        m_prefix = { "sudo", "-n", "--" };
}

bool HostRun::preflight()
{
    if (!connect())
        return false;
    if (!checkPrivilege())
        return false;
    auto facts = discover();
    if (!facts)
        return false;
    auto fresh = regenerate(*facts);
    if (!fresh)
        return refuse(fresh.error().message);
    findManagementNetdevs(*facts);
    auto files = readFiles(filePaths());
    if (!files)
        return refuse(files.error().message);
    m_files = *files;
    m_rec.snapshot = stateOf(*facts, m_target, m_files);
    m_rec.steps.clear();
    for (const auto& s : m_target.steps) {
        if (s.artifact)
            continue;
        if (s.kind == StepKind::SwitchCli)
            return refuse("step " + s.id + " is a switch step on a host target");
        StepRecord r;
        r.id = s.id;
        r.title = s.title;
        r.mayCutManagement = s.mayCutManagement || touchesManagement(s);
        const Step* f = nullptr;
        for (const auto& candidate : fresh->steps)
            f = candidate.id == s.id ? &candidate : f;
        auto before = readBack(s);
        r.before = before ? trimmed(before->second) : "";
        const bool satisfied = before && before->first;
        if (s.optional && s.kind == StepKind::File && m_files[s.path] == "<absent>") {
            r.state = StepState::Skipped;
            r.message = s.path + " does not exist on this host (the driver does not offer it)";
        } else if (satisfied) {
            r.state = StepState::Already;
        } else if (!f || !sameForward(*f, s)) {
            return refuse("the plan is stale for this host: step " + s.id
                + (f ? " would now be '" + Command(f->argv).shellLine() + f->text + "'"
                     : " is not what the profile gives for the host's current state")
                + "; the host changed since the plan was made. Make the plan again");
        }
        if (f)
            exactUndo(*f, r);
        m_rec.steps.push_back(std::move(r));
    }
    m_facts = std::move(*facts);
    return true;
}

bool HostRun::applySteps()
{
    setState(HostState::Applying, "");
    for (std::size_t i = 0; i < m_rec.steps.size(); ++i) {
        auto& r = m_rec.steps[i];
        if (r.state == StepState::Already || r.state == StepState::Skipped)
            continue;
        const Step& s = stepById(r.id);
        if (r.state == StepState::Verified) {
            // Resumed: re-check what a previous run did.
            auto rb = readBack(s);
            if (rb && rb->first)
                continue;
            r.state = StepState::Pending;
        }
        if (cancelled(m_options.cancel) || cancelled(m_fleetStop)) {
            const bool byUser = cancelled(m_options.cancel);
            rollbackSteps(byUser ? "cancelled" : "another host failed (policy: stop all)");
            return false;
        }
        const auto t0 = Clock::now();
        r.state = StepState::Running;
        save();
        emit(r.id, "run: " + r.title);
        bool ok = r.mayCutManagement && !m_spec.local ? runGuarded(i) : runStep(s, r);
        r.seconds = std::chrono::duration<double>(Clock::now() - t0).count();
        if (!ok) {
            if (r.state != StepState::Undone) // a dead-man that fired undid it already
                r.state = StepState::Failed;
            save();
            emit(r.id, "failed: " + r.message);
            rollbackSteps("step " + r.id + " failed: " + r.message);
            return false;
        }
        r.state = StepState::Verified;
        save();
        emit(r.id, "verified");
    }
    // The whole host read back: every setting the plan makes must now be so.
    auto facts = discover();
    if (!facts) {
        rollbackSteps("the final read-back failed");
        return false;
    }
    auto files = readFiles(filePaths());
    if (files)
        m_files = *files;
    m_rec.finalState = stateOf(*facts, m_target, m_files);
    for (const auto& d : diffTarget(m_target, *facts)) {
        if (d.status == DiffStatus::Change) {
            rollbackSteps("the final read-back shows " + d.interface + " " + d.key + " = '" + d.current + "', not '"
                + d.wanted + "'");
            return false;
        }
    }
    bool any = false;
    for (const auto& r : m_rec.steps)
        any = any || r.state == StepState::Verified;
    setState(any ? HostState::Applied : HostState::Unchanged,
        any ? "every step verified" : "already as the plan wants it: nothing changed");
    return true;
}

bool HostRun::verifyOnly()
{
    bool ok = true;
    for (auto& r : m_rec.steps) {
        if (r.state == StepState::Skipped)
            continue;
        auto rb = readBack(stepById(r.id));
        r.after = rb ? trimmed(rb->second) : "";
        r.state = rb && rb->first ? StepState::Verified : StepState::Pending;
        if (r.state != StepState::Verified) {
            r.message = "read-back does not show the wanted value";
            ok = false;
        }
    }
    m_rec.finalState = m_rec.snapshot;
    setState(ok ? HostState::Applied : HostState::Failed,
        ok ? "every step reads back as planned" : "some steps do not read back as planned");
    return ok;
}

bool HostRun::ensureConnected()
{
    if (m_exec) {
        ExecOptions o;
        o.timeout = std::chrono::seconds(10);
        if (auto r = m_exec->run(Command({ "true" }), o); r && r->exitStatus == 0)
            return true;
    }
    const auto deadline = Clock::now() + m_options.confirmTimeout;
    do {
        if (auto e = openExecutor(m_spec, m_connect); e) {
            m_exec = std::move(*e);
            emit("", "reconnected");
            return true;
        }
        std::this_thread::sleep_for(std::chrono::seconds(1));
    } while (Clock::now() < deadline); // not cut short by a cancel: the rollback is what a cancel asks for
    return false;
}

bool HostRun::rollbackSteps(const std::string& why)
{
    emit("", "rolling back: " + why);
    if (!ensureConnected()) {
        setState(HostState::Failed,
            why
                + "; the host did not answer again, so nothing could be rolled back: run "
                  "'rocepilot-cli rollback "
                + m_journal.id + "' when it is back");
        return false;
    }
    bool undoOk = true;
    if (!m_rec.deadmanDir.empty()) {
        if (auto settled = settleDeadmanNow(); settled && *settled == DeadmanOutcome::Kind::Fired) {
            for (auto& r : m_rec.steps) {
                if (r.ran || r.state == StepState::Running)
                    r.state = StepState::Undone;
            }
        }
    }
    for (std::size_t k = m_rec.steps.size(); k-- > 0;) {
        auto& r = m_rec.steps[k];
        const bool touched = r.ran || r.state == StepState::Running;
        if (!touched || r.state == StepState::Undone)
            continue;
        if (!r.undoKnown && r.undo.empty()) {
            r.state = StepState::UndoFailed;
            r.message += (r.message.empty() ? "" : "; ") + std::string("cannot undo: ") + r.undoNote;
            undoOk = false;
            continue;
        }
        bool ok = true;
        for (const auto& argv : r.undo) {
            auto res = exec(argv);
            if (!res || res->exitStatus != 0) {
                ok = false;
                r.message += (r.message.empty() ? "" : "; ") + std::string("undo '") + Command(argv).shellLine()
                    + "' failed: " + (res ? trimmed(res->err + res->out, 300) : res.error().describe());
            }
        }
        r.state = ok ? StepState::Undone : StepState::UndoFailed;
        undoOk = undoOk && ok;
        save();
        emit(r.id, ok ? "undone" : "undo failed");
    }
    // Read the host back: the snapshot is the proof.
    auto facts = discover(/*quiet=*/true, /*cancellable=*/false);
    std::string mismatch;
    if (facts) {
        auto files = readFiles(filePaths());
        if (files)
            m_files = *files;
        m_rec.finalState = stateOf(*facts, m_target, m_files);
        for (const auto& [key, value] : m_rec.snapshot) {
            auto it = m_rec.finalState.find(key);
            const std::string now = it == m_rec.finalState.end() ? "<missing>" : it->second;
            if (now != value)
                mismatch += (mismatch.empty() ? "" : "; ") + key + " is '" + now + "', was '" + value + "'";
        }
    } else {
        mismatch = "the host could not be read back";
    }
    if (mismatch.empty() && undoOk) {
        setState(HostState::RolledBack, why + "; rolled back, and the host reads back equal to its snapshot");
        return true;
    }
    setState(HostState::Failed,
        why + "; rollback " + (undoOk ? "ran" : "had failures") + (mismatch.empty() ? "" : ": " + mismatch));
    return false;
}

bool HostRun::connect(bool keepState)
{
    HostSpec spec = m_spec;
    auto e = openExecutor(spec, m_connect);
    if (!e) {
        setState(keepState ? m_rec.state : HostState::Unreachable,
            keepState ? "could not be reached, nothing on it changed: " + e.error().describe() : e.error().describe());
        return false;
    }
    m_exec = std::move(*e);
    return true;
}

void HostRun::setState(HostState state, std::string message)
{
    std::lock_guard lock(m_mutex);
    m_rec.state = state;
    m_rec.message = std::move(message);
    m_journal.hosts[m_index] = m_rec;
    saveLocked();
}

bool HostRun::refuse(const std::string& why)
{
    setState(HostState::Refused, why + " (nothing was changed)");
    return false;
}

void HostRun::save()
{
    std::lock_guard lock(m_mutex);
    m_journal.hosts[m_index] = m_rec;
    saveLocked();
}

void HostRun::saveLocked()
{
    if (m_journal.path.empty())
        return;
    if (auto ok = saveJournal(m_journal); !ok)
        m_saveFailed = true;
}

void HostRun::emit(const std::string& step, const std::string& text, int deadman)
{
    if (m_options.onEvent)
        m_options.onEvent(Event { m_spec.name, step, text, 0, 0, deadman });
}

Result<ExecResult> HostRun::exec(
    const std::vector<std::string>& argv, const std::string& input, std::optional<std::chrono::milliseconds> timeout)
{
    if (!m_exec)
        return fail(ErrorKind::Unreachable, "not connected", {}, m_spec.name);
    std::vector<std::string> full = m_prefix;
    full.insert(full.end(), argv.begin(), argv.end());
    ExecOptions o;
    o.timeout = timeout.value_or(m_options.commandTimeout);
    o.stdinData = input;
    return m_exec->run(Command(full), o);
}

bool HostRun::checkPrivilege()
{
    if (m_spec.local && ::geteuid() == 0)
        return true;
    auto id = exec({ "id", "-u" });
    if (!id) {
        if (m_spec.sudo)
            return refuse("sudo -n failed: " + id.error().describe());
        setState(HostState::Unreachable, id.error().describe());
        return false;
    }
    if (id->exitStatus != 0) {
        const std::string why = trimmed(id->err + id->out, 300);
        if (why.find("password") != std::string::npos)
            return refuse("sudo wants a password for " + m_spec.user
                + " (RoCE Pilot runs sudo -n and never types passwords): allow it without a password for the "
                  "commands of the plan, or log in as root");
        return refuse("cannot run commands as root: " + why);
    }
    if (trimmed(id->out) != "0")
        return refuse(m_spec.user + " is not root: set sudo: true for this host in the inventory, or log in as root");
    return true;
}

std::optional<HostFacts> HostRun::discover(bool quiet, bool cancellable)
{
    DiscoveryOptions o;
    o.commandTimeout = m_options.commandTimeout;
    auto f = discoverHost(*m_exec, o, cancellable ? m_options.cancel : nullptr);
    if (!f) {
        if (!quiet)
            setState(HostState::Unreachable, "reading the host failed: " + f.error().describe());
        return std::nullopt;
    }
    return *f;
}

Result<PlanTarget> HostRun::regenerate(const HostFacts& facts)
{
    if (m_plan.profileYaml.empty())
        return m_target; // a plan made by hand: its own undo steps stand, file undos come from the read
    auto profile = parseProfile(m_plan.profileYaml, "plan.json (profile)");
    if (!profile)
        return std::unexpected(profile.error());
    auto inv = parseInventoryForPlan(m_plan.inventoryYaml, "plan.json (inventory)");
    if (!inv)
        return std::unexpected(inv.error());
    const HostSpec* spec = nullptr;
    for (const auto& h : inv->hosts)
        spec = h.name == m_spec.name ? &h : spec;
    if (!spec)
        return fail(ErrorKind::Validation, "the plan's inventory has no host " + m_spec.name);
    PlanInventory one;
    one.hosts.push_back(planHostFromFacts(*spec, facts));
    auto plan = generatePlan(*profile, one, { { m_spec.name, facts } });
    if (!plan)
        return std::unexpected(plan.error());
    return plan->targets.front();
}

void HostRun::findManagementNetdevs(const HostFacts& facts)
{
    m_mgmt.clear();
    if (m_spec.local)
        return;
    // sshd sets SSH_CONNECTION = "client port server port"; no printenv on minimal hosts, so the shell says it.
    auto r = exec({ "sh", "-c", "echo \"$SSH_CONNECTION\"" });
    if (!r || r->exitStatus != 0)
        return;
    std::vector<std::string> parts;
    std::string word;
    for (char c : r->out + " ") {
        if (c == ' ' || c == '\n') {
            if (!word.empty())
                parts.push_back(word);
            word.clear();
        } else {
            word += c;
        }
    }
    if (parts.size() < 3)
        return;
    const std::string& serverIp = parts[2];
    for (const auto& nd : facts.netdevs) {
        bool has = false;
        for (const auto* list : { &nd.ipv4, &nd.ipv6 }) {
            for (const auto& a : *list)
                has = has || a.rfind(serverIp + "/", 0) == 0;
        }
        if (!has)
            continue;
        m_mgmt.insert(nd.name);
        if (!nd.vlanParent.empty())
            m_mgmt.insert(nd.vlanParent);
        for (const auto& s : nd.bondSlaves)
            m_mgmt.insert(s);
    }
}

bool HostRun::touchesManagement(const Step& s) const
{
    for (const auto& name : m_mgmt) {
        for (const auto& t : s.argv) {
            if (t == name || t.rfind(name + ".", 0) == 0)
                return true;
        }
        if (s.kind == StepKind::File && s.path.find("/" + name + "/") != std::string::npos)
            return true;
    }
    return false;
}

Result<std::map<std::string, std::string>> HostRun::readFiles(const std::vector<std::string>& paths)
{
    std::map<std::string, std::string> out;
    if (paths.empty())
        return out;
    std::random_device rd;
    const std::string marker = "==RP" + std::to_string(rd()) + std::to_string(rd()) + "==";
    std::vector<std::string> argv = { "sh", "-c", kReadFiles, "rp-read", marker };
    argv.insert(argv.end(), paths.begin(), paths.end());
    auto r = exec(argv);
    if (!r)
        return std::unexpected(r.error());
    std::string current;
    std::string content;
    auto flush = [&] {
        if (!current.empty())
            out[current] = trimmed(content, 4096);
    };
    std::size_t pos = 0;
    while (pos < r->out.size()) {
        auto nl = r->out.find('\n', pos);
        std::string line = r->out.substr(pos, nl == std::string::npos ? std::string::npos : nl - pos);
        pos = nl == std::string::npos ? r->out.size() : nl + 1;
        if (line.rfind(marker + " ", 0) == 0) {
            flush();
            current.clear();
            content.clear();
            std::string rest = line.substr(marker.size() + 1);
            if (rest.rfind("DIR ", 0) == 0)
                out[rest.substr(4)] = "<dir>";
            else if (rest.rfind("ABSENT ", 0) == 0)
                out[rest.substr(7)] = "<absent>";
            else if (rest.rfind("FILE ", 0) == 0)
                current = rest.substr(5);
            continue;
        }
        if (!current.empty())
            content += line + "\n";
    }
    flush();
    for (const auto& p : paths) {
        if (!out.count(p))
            return fail(ErrorKind::Protocol, "the host did not report " + p, {}, m_spec.name);
    }
    return out;
}

std::vector<std::string> HostRun::filePaths() const
{
    std::vector<std::string> paths;
    for (const auto& s : m_target.steps) {
        if (s.artifact)
            continue;
        if (s.kind == StepKind::File)
            paths.push_back(s.path);
        if (isMkdir(s))
            paths.push_back(s.argv[2]);
    }
    return paths;
}

std::optional<std::pair<bool, std::string>> HostRun::readBack(const Step& s)
{
    if (s.verify.argv.empty())
        return std::nullopt;
    auto r = exec(s.verify.argv);
    if (!r)
        return std::nullopt;
    const bool ok = r->exitStatus == 0 && readBackMatches(r->out, s.verify.expect);
    return std::make_pair(ok, r->exitStatus == 0 ? r->out : r->err + r->out);
}

void HostRun::exactUndo(const Step& fresh, StepRecord& r)
{
    r.undo = fresh.undo.commands;
    r.undoKnown = fresh.undo.known;
    r.undoNote = fresh.undo.note;
    if (fresh.kind == StepKind::File) {
        const auto& before = m_files[fresh.path];
        if (before == "<absent>") {
            r.undo.clear();
            r.undoKnown = true;
            r.undoNote = fresh.path
                + " did not exist before; removing the directory that holds it (or nothing, "
                  "for sysfs) restores the state";
        } else if (before != "<dir>") {
            r.undo = { { "sh", "-c", kWriteLine, "rp-undo", before, fresh.path } };
            r.undoKnown = true;
            r.undoNote = "writes back the value read before: '" + before + "'";
        }
    } else if (isMkdir(fresh)) {
        const auto& before = m_files[fresh.argv[2]];
        r.undoKnown = true;
        if (before == "<dir>") {
            r.undo.clear();
            r.undoNote = fresh.argv[2] + " existed before: nothing to undo";
        } else {
            r.undo = { { "rmdir", fresh.argv[2] } };
            r.undoNote = fresh.argv[2] + " did not exist before";
        }
    }
}

const Step& HostRun::stepById(const std::string& id) const
{
    for (const auto& s : m_target.steps) {
        if (s.id == id)
            return s;
    }
    return m_target.steps.front(); // ids come from this target: not reached
}

bool HostRun::runStep(const Step& s, StepRecord& r)
{
    Result<ExecResult> res = fail(ErrorKind::Internal, "no command");
    if (s.kind == StepKind::HostArgv)
        res = exec(s.argv);
    else
        res = exec({ "sh", "-c", "cat >\"$1\"", "rp-write", s.path }, s.text);
    if (!res) {
        r.message = res.error().describe();
        r.ran = true; // the connection broke mid-command: assume it may have changed something
        return false;
    }
    if (res->exitStatus != 0) {
        r.message = trimmed(res->err.empty() ? res->out : res->err, 400);
        if (r.message.empty())
            r.message = "exit status " + std::to_string(res->exitStatus);
        return false;
    }
    r.ran = true;
    auto rb = readBack(s);
    r.after = rb ? trimmed(rb->second) : "";
    if (!s.verify.argv.empty() && !(rb && rb->first)) {
        r.message = "read-back after the step does not show '" + s.verify.expect + "': " + trimmed(r.after, 300);
        return false;
    }
    return true;
}

bool HostRun::runGuarded(std::size_t index)
{
    auto& r = m_rec.steps[index];
    const Step& s = stepById(r.id);
    std::vector<std::vector<std::string>> undo;
    for (std::size_t k = index + 1; k-- > 0;) {
        const auto& prev = m_rec.steps[k];
        if (k == index || prev.ran)
            undo.insert(undo.end(), prev.undo.begin(), prev.undo.end());
    }
    const std::string dir = deadmanDir(m_journal.id);
    if (auto ok = armDeadman(*m_exec, m_prefix, dir, m_options.confirmTimeout, undo, m_options.commandTimeout); !ok) {
        r.message = ok.error().describe();
        return false;
    }
    r.deadman = true;
    m_rec.deadmanDir = dir;
    save();
    const auto armedAt = Clock::now();
    emit(r.id,
        "dead-man armed: the host undoes this step by itself unless confirmed within "
            + std::to_string(m_options.confirmTimeout.count()) + " s",
        static_cast<int>(m_options.confirmTimeout.count()));
    const auto stepTimeout = std::chrono::milliseconds(
        std::min<long long>(m_options.commandTimeout.count(), m_options.confirmTimeout.count() * 1000 / 2));
    Result<ExecResult> res = fail(ErrorKind::Internal, "no command");
    if (s.kind == StepKind::HostArgv)
        res = exec(s.argv, {}, stepTimeout);
    else
        res = exec({ "sh", "-c", "cat >\"$1\"", "rp-write", s.path }, s.text, stepTimeout);
    r.ran = !res || res->exitStatus == 0;
    std::string stepError;
    if (!res)
        stepError = res.error().describe();
    else if (res->exitStatus != 0)
        stepError = trimmed(res->err.empty() ? res->out : res->err, 400);
    // A new connection, not the old one: proof that the management path still carries new sessions.
    const auto deadline = armedAt + m_options.confirmTimeout + m_options.confirmTimeout + std::chrono::seconds(30);
    bool connected = false;
    while (Clock::now() < deadline && !cancelled(m_options.cancel)) {
        auto e = openExecutor(m_spec, m_connect);
        if (e) {
            m_exec = std::move(*e);
            connected = true;
            break;
        }
        std::this_thread::sleep_for(std::chrono::seconds(1));
    }
    if (!connected) {
        r.message = "management path lost after this step and not back within the dead-man time";
        m_rec.deadmanDir = dir;
        return false;
    }
    auto settled = settleDeadmanNow();
    const double lostFor = std::chrono::duration<double>(Clock::now() - armedAt).count();
    if (!settled) {
        r.message = "could not settle the dead-man: " + settled.error().describe();
        return false;
    }
    if (*settled == DeadmanOutcome::Kind::Fired) {
        for (std::size_t k = 0; k <= index; ++k) {
            if (m_rec.steps[k].ran)
                m_rec.steps[k].state = StepState::Undone;
        }
        r.state = StepState::Undone;
        char buf[64];
        std::snprintf(buf, sizeof buf, "%.1f", lostFor);
        r.message = "the management path was lost after this step (" + (stepError.empty() ? "no answer" : stepError)
            + "); the host undid the applied steps by itself (dead-man, "
            + std::to_string(m_options.confirmTimeout.count()) + " s) and answered again " + buf
            + " s after the step started";
        emit(r.id, r.message);
        return false;
    }
    emit(r.id, "dead-man confirmed over a new connection");
    if (!stepError.empty()) {
        r.message = stepError;
        return false;
    }
    auto rb = readBack(s);
    r.after = rb ? trimmed(rb->second) : "";
    if (!s.verify.argv.empty() && !(rb && rb->first)) {
        r.message = "read-back after the step does not show '" + s.verify.expect + "': " + trimmed(r.after, 300);
        return false;
    }
    return true;
}

Result<DeadmanOutcome::Kind> HostRun::settleDeadmanNow()
{
    auto out = settleDeadman(*m_exec, m_prefix, m_rec.deadmanDir, m_options.commandTimeout);
    if (!out)
        return std::unexpected(out.error());
    m_rec.deadmanDir.clear();
    save();
    return out->kind;
}

} // namespace rp::apply::detail

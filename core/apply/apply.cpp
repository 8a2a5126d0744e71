// SPDX-License-Identifier: GPL-3.0-or-later
#include "apply/apply.h"

#include "apply/deadman.h"
#include "discovery/discover.h"
#include "generate/diff.h"
#include "perf/probesession.h"
#include "profile/profile.h"
#include "remote/fleet.h"
#include "switchcli/cli_text.h"
#include "switchcli/switch_apply.h"
#include "util/command.h"

#include <algorithm>
#include <chrono>
#include <ctime>
#include <filesystem>
#include <optional>
#include <random>
#include <set>
#include <thread>

namespace rp::apply {
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

std::string isoNow()
{
    const auto now = std::chrono::system_clock::to_time_t(std::chrono::system_clock::now());
    std::tm tm {};
    ::gmtime_r(&now, &tm);
    char buf[32];
    std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", &tm);
    return buf;
}

bool isAlnum(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}

bool cancelled(const std::atomic<bool>* flag)
{
    return flag && flag->load();
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

/// One host's run. Owns its executor; writes its record into the shared journal under the journal mutex.
class HostRun
{
public:
    HostRun(const HostSpec& spec, const PlanTarget& target, const Plan& plan, const ConnectContext& connect,
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

    HostRecord& record() { return m_rec; }
    void setRecord(HostRecord rec) { m_rec = std::move(rec); }

    /// Connect, check privilege, read afresh, build the step records. False: the host is refused/unreachable.
    bool preflight()
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

    /// Runs the pending steps. Returns false when the host failed (it is then rolled back already).
    bool applySteps()
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

    /// Verify-only: read back every step and the whole host, change nothing.
    bool verifyOnly()
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

    /// The session may have died with the failure (sshd killed, link flapped): a fresh connection is tried
    /// for up to the dead-man time before giving up on the rollback.
    bool ensureConnected()
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

    /// Undo every step that ran, in reverse, then read the host back against its snapshot.
    bool rollbackSteps(const std::string& why)
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

    bool connect()
    {
        HostSpec spec = m_spec;
        auto e = openExecutor(spec, m_connect);
        if (!e) {
            setState(HostState::Unreachable, e.error().describe());
            return false;
        }
        m_exec = std::move(*e);
        return true;
    }

    void setState(HostState state, std::string message)
    {
        std::lock_guard lock(m_mutex);
        m_rec.state = state;
        m_rec.message = std::move(message);
        m_journal.hosts[m_index] = m_rec;
        saveLocked();
    }

    bool refuse(const std::string& why)
    {
        setState(HostState::Refused, why + " (nothing was changed)");
        return false;
    }

    void save()
    {
        std::lock_guard lock(m_mutex);
        m_journal.hosts[m_index] = m_rec;
        saveLocked();
    }

    bool saveFailed() const { return m_saveFailed; }

private:
    void saveLocked()
    {
        if (m_journal.path.empty())
            return;
        if (auto ok = saveJournal(m_journal); !ok)
            m_saveFailed = true;
    }

    void emit(const std::string& step, const std::string& text, int deadman = 0)
    {
        if (m_options.onEvent)
            m_options.onEvent(Event { m_spec.name, step, text, 0, 0, deadman });
    }

    Result<ExecResult> exec(const std::vector<std::string>& argv, const std::string& input = {},
        std::optional<std::chrono::milliseconds> timeout = std::nullopt)
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

    bool checkPrivilege()
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
            return refuse(
                m_spec.user + " is not root: set sudo: true for this host in the inventory, or log in as root");
        return true;
    }

    /// A rollback's read-backs ignore the cancel flag: a cancel asks for the rollback, so it must not stop its proof.
    std::optional<HostFacts> discover(bool quiet = false, bool cancellable = true)
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

    Result<PlanTarget> regenerate(const HostFacts& facts)
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

    void findManagementNetdevs(const HostFacts& facts)
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

    bool touchesManagement(const Step& s) const
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

    Result<std::map<std::string, std::string>> readFiles(const std::vector<std::string>& paths)
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

    std::vector<std::string> filePaths() const
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

    /// (matches, output) of the step's read-back.
    std::optional<std::pair<bool, std::string>> readBack(const Step& s)
    {
        if (s.verify.argv.empty())
            return std::nullopt;
        auto r = exec(s.verify.argv);
        if (!r)
            return std::nullopt;
        const bool ok = r->exitStatus == 0 && readBackMatches(r->out, s.verify.expect);
        return std::make_pair(ok, r->exitStatus == 0 ? r->out : r->err + r->out);
    }

    void exactUndo(const Step& fresh, StepRecord& r)
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

    const Step& stepById(const std::string& id) const
    {
        for (const auto& s : m_target.steps) {
            if (s.id == id)
                return s;
        }
        return m_target.steps.front(); // ids come from this target: not reached
    }

    bool runStep(const Step& s, StepRecord& r)
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

    /// A step that may cut the session: arm the revert, run, then prove a NEW connection works and confirm.
    bool runGuarded(std::size_t index)
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
        if (auto ok = armDeadman(*m_exec, m_prefix, dir, m_options.confirmTimeout, undo, m_options.commandTimeout);
            !ok) {
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

    Result<DeadmanOutcome::Kind> settleDeadmanNow()
    {
        auto out = settleDeadman(*m_exec, m_prefix, m_rec.deadmanDir, m_options.commandTimeout);
        if (!out)
            return std::unexpected(out.error());
        m_rec.deadmanDir.clear();
        save();
        return out->kind;
    }

    const HostSpec& m_spec;
    const PlanTarget& m_target;
    const Plan& m_plan;
    const ConnectContext& m_connect;
    const Options& m_options;
    Journal& m_journal;
    std::mutex& m_mutex;
    std::size_t m_index;
    const std::atomic<bool>* m_fleetStop;
    HostRecord m_rec;
    std::unique_ptr<Executor> m_exec;
    std::vector<std::string> m_prefix;
    std::map<std::string, std::string> m_files;
    std::set<std::string> m_mgmt;
    std::optional<HostFacts> m_facts;
    bool m_saveFailed = false;
};

struct Prepared
{
    const PlanTarget* target = nullptr;
    const HostSpec* spec = nullptr;
};

HostSpec switchLogin(const SwitchSpec& sw)
{
    HostSpec h;
    h.name = sw.name;
    h.address = sw.address;
    h.port = sw.port;
    h.user = sw.user;
    h.auth = sw.auth;
    h.keyFile = sw.keyFile;
    return h;
}

struct SwitchPrepared
{
    const PlanTarget* target = nullptr;
    const SwitchSpec* spec = nullptr;
};

/// Applies one switch target through its vendor session; the record says what happened.
/// What a failed switch apply says about itself; "failed" when it carries no error.
std::string failure(const std::optional<Error>& error)
{
    return error ? error->describe() : std::string("failed");
}

void applySwitch(const SwitchPrepared& sw, SwitchRecord& rec, const ConnectContext& connect, const Options& options,
    const std::string& jobId)
{
    if (options.mode == Mode::VerifyOnly) {
        rec.state = "skipped";
        rec.message = "verify-only reads hosts; read the switch with the show commands of its plan";
        return;
    }
    if (sw.spec->address.empty()) {
        rec.state = "skipped";
        rec.message = "plan only (no address in the inventory): apply its file by hand";
        return;
    }
    if (!switchcli::dialectFor(sw.spec->vendor)) {
        rec.state = "skipped";
        rec.message = "RoCE Pilot drives Arista EOS, Cisco NX-OS and Cumulus NVUE sessions; apply this "
            + vendorTitle(sw.spec->vendor) + " file by hand or through the Ansible export";
        return;
    }
    if (options.onEvent)
        options.onEvent(Event { sw.spec->name, {}, "switch: opening its CLI session", 0, 0, 0 });
    auto session = switchcli::SwitchSession::open(switchLogin(*sw.spec), sw.spec->vendor, connect);
    if (!session) {
        rec.state = "failed";
        rec.message = "nothing was changed: " + session.error().describe();
        return;
    }
    switchcli::SwitchApplyOptions o;
    o.jobId = jobId;
    o.confirmTimeout = std::max<std::chrono::seconds>(options.confirmTimeout, std::chrono::seconds(60));
    o.dryRun = options.mode == Mode::DryRun;
    o.cancel = options.cancel;
    o.onStep = [&](const switchcli::SwitchStepResult& step) {
        if (options.onEvent)
            options.onEvent(Event { sw.spec->name, step.id,
                toString(step.state) + (step.message.empty() ? "" : ": " + step.message), 0, 0, 0 });
    };
    auto outcome = switchcli::applySwitchTarget(**session, *sw.target, o);
    if (!outcome) {
        rec.state = "failed";
        rec.message = "nothing was changed: " + outcome.error().describe();
        return;
    }
    rec.snapshotJson = switchcli::snapshotToJson(outcome->snapshot);
    rec.outcomeJson = switchcli::outcomeToJson(*outcome);
    switch (outcome->status) {
    case switchcli::SwitchApplyStatus::DryRun:
        rec.state = "dry-run";
        rec.message = outcome->mechanism + "; the staged change was thrown away";
        break;
    case switchcli::SwitchApplyStatus::Confirmed:
    case switchcli::SwitchApplyStatus::PendingConfirm:
        rec.state = "confirmed";
        rec.message = "applied, read back and confirmed (" + outcome->mechanism + ")";
        break;
    case switchcli::SwitchApplyStatus::RolledBack:
        rec.state = "rolled-back";
        rec.message = failure(outcome->error) + "; rolled back"
            + (outcome->restoredExactly ? ", running configuration equal to before" : ", but it differs from before");
        break;
    case switchcli::SwitchApplyStatus::RollbackFailed:
        rec.state = "failed";
        rec.message = failure(outcome->error) + "; the way back failed too: look at the switch";
        break;
    }
}

/// Puts a confirmed switch back at its journal snapshot.
void rollbackSwitchRecord(
    const SwitchSpec& spec, SwitchRecord& rec, const ConnectContext& connect, const std::string& why)
{
    auto snapshot = switchcli::snapshotFromJson(rec.snapshotJson);
    if (!snapshot) {
        rec.state = "failed";
        rec.message = why + "; the journal's switch snapshot is unreadable: " + snapshot.error().describe();
        return;
    }
    auto session = switchcli::SwitchSession::open(switchLogin(spec), spec.vendor, connect);
    if (!session) {
        rec.state = "failed";
        rec.message = why + "; cannot reach the switch to roll back: " + session.error().describe();
        return;
    }
    auto back = switchcli::rollbackSwitch(**session, *snapshot);
    if (!back) {
        rec.state = "failed";
        rec.message = why + "; rollback failed: " + back.error().describe();
        return;
    }
    rec.state = back->restoredExactly ? "rolled-back" : "failed";
    rec.message = why + "; " + back->mechanism
        + (back->restoredExactly ? ": running configuration equal to before"
                                 : ": running configuration differs from before");
}

/// The canary's gate: a short ping from the freshly applied canary to a peer it must talk to, through the
/// probe: RDMA (rdma_cm, so the defaults just set are the ones used) when the plan configures rdma_cm, else TCP.
Result<std::string> canaryTest(const HostSpec& canary, const PlanTarget& canaryTarget, const HostSpec& peer,
    const ConnectContext& connect, const Options& options)
{
    const std::string address = peer.dataAddress.empty() ? peer.address : peer.dataAddress;
    if (!validateHostAddress(address) || address.find_first_not_of("0123456789.:abcdefABCDEF") != std::string::npos)
        return fail(ErrorKind::Validation,
            "peer " + peer.name + " has no numeric data address to test against (set data_address in the inventory)");
    bool rdma = false;
    for (const auto& s : canaryTarget.steps)
        rdma = rdma || s.id.find(".rdma_cm-") != std::string::npos;
    auto server = openExecutor(peer, connect);
    if (!server)
        return std::unexpected(server.error());
    auto client = openExecutor(canary, connect);
    if (!client)
        return std::unexpected(client.error());
    perf::SessionOptions so;
    so.test.mode = perf::Mode::Ping;
    so.test.transport = rdma ? perf::Transport::Rdma : perf::Transport::Tcp;
    so.test.sizes = { 64 };
    so.test.iterations = 100;
    so.test.warmupS = 0.1;
    so.serverAddress = address;
    so.probePath = options.probePath;
    perf::SessionHooks hooks;
    hooks.cancel = options.cancel;
    auto reports = perf::runProbeSession(**server, **client, so, hooks);
    if (!reports)
        return std::unexpected(reports.error());
    if (reports->empty())
        return fail(ErrorKind::Protocol, "the canary test returned no result");
    char buf[160];
    const auto& latency = reports->front().client.latency;
    std::snprintf(buf, sizeof buf, "%s ping %s -> %s: p50 %.1f us over %llu round trips", rdma ? "RDMA" : "TCP",
        canary.name.c_str(), peer.name.c_str(), latency ? latency->p50Us : 0.0,
        static_cast<unsigned long long>(reports->front().client.messages));
    return std::string(buf);
}

std::string overallState(const Journal& j, Mode mode)
{
    if (mode == Mode::DryRun)
        return "dry-run";
    bool allOk = true, allBack = true, anyChange = false;
    for (const auto& h : j.hosts) {
        const bool ok = h.state == HostState::Applied || h.state == HostState::Unchanged;
        const bool back = h.state == HostState::RolledBack || h.state == HostState::Refused
            || h.state == HostState::Cancelled || h.state == HostState::Unreachable || h.state == HostState::Pending;
        allOk = allOk && ok;
        allBack = allBack && back;
        anyChange = anyChange || h.state == HostState::Applied;
    }
    for (const auto& sw : j.switches) {
        allOk = allOk && (sw.state == "confirmed" || sw.state == "skipped" || sw.state == "dry-run");
        allBack = allBack && sw.state != "confirmed" && sw.state != "failed";
        if (sw.state == "failed" && mode == Mode::Apply)
            return "failed";
    }
    if (mode == Mode::VerifyOnly)
        return allOk ? "verified" : "failed";
    if (allOk)
        return "applied";
    if (allBack)
        return "rolled-back";
    for (const auto& h : j.hosts) {
        if (h.state == HostState::Failed)
            return "failed";
    }
    return "partial";
}

} // namespace

bool readBackMatches(const std::string& output, const std::string& expect)
{
    if (expect.empty())
        return true;
    std::size_t pos = 0;
    while ((pos = output.find(expect, pos)) != std::string::npos) {
        const bool startOk = pos == 0 || !isAlnum(expect.front()) || !isAlnum(output[pos - 1]);
        const std::size_t end = pos + expect.size();
        const bool endOk = end >= output.size() || !isAlnum(expect.back()) || !isAlnum(output[end]);
        if (startOk && endOk)
            return true;
        ++pos;
    }
    return false;
}

std::map<std::string, std::string> stateOf(
    const HostFacts& facts, const PlanTarget& target, const std::map<std::string, std::string>& files)
{
    std::map<std::string, std::string> out;
    auto ints = [](const auto& arr) {
        std::string s;
        for (std::size_t i = 0; i < arr.size(); ++i)
            s += (i ? "," : "") + std::to_string(arr[i]);
        return s;
    };
    std::vector<std::string> names = targetInterfaces(target);
    for (const auto& s : target.steps) {
        for (std::size_t i = 0; i + 1 < s.argv.size(); ++i) {
            if (s.argv[i] == "dev" && std::find(names.begin(), names.end(), s.argv[i + 1]) == names.end())
                names.push_back(s.argv[i + 1]);
        }
    }
    for (const auto& itf : names) {
        bool exists = false;
        for (const auto& nd : facts.netdevs)
            exists = exists || nd.name == itf;
        out[itf + ".exists"] = exists ? "yes" : "no"; // a netdev the plan creates must be gone after rollback
        for (const auto& nd : facts.netdevs) {
            if (nd.name != itf && nd.vlanParent != itf)
                continue;
            out[nd.name + ".mtu"] = nd.mtu ? std::to_string(*nd.mtu) : "?";
            if (nd.vlanId) {
                std::string map;
                for (const auto& e : nd.egressQos) {
                    if (e.to != 0) // an entry mapped to 0 and no entry mean the same: PCP 0
                        map += (map.empty() ? "" : " ") + std::to_string(e.from) + ":" + std::to_string(e.to);
                }
                out[nd.name + ".egress"] = map;
            }
            if (nd.name != itf || nd.dcb.source.empty())
                continue;
            const auto& d = nd.dcb;
            if (d.pfcEnabled) {
                std::string s;
                for (int p = 0; p < 8; ++p)
                    s += (*d.pfcEnabled)[static_cast<std::size_t>(p)] ? std::to_string(p) : "";
                out[itf + ".dcb.pfc"] = s;
            }
            if (d.prioToTc)
                out[itf + ".dcb.prio-tc"] = ints(*d.prioToTc);
            if (d.tcBandwidth)
                out[itf + ".dcb.tc-bw"] = ints(*d.tcBandwidth);
            if (d.trust)
                out[itf + ".dcb.trust"] = *d.trust;
            if (d.willing)
                out[itf + ".dcb.willing"] = *d.willing ? "on" : "off";
            std::string dscp;
            for (const auto& [k, v] : d.dscpToPrio)
                dscp += (dscp.empty() ? "" : " ") + std::to_string(k) + ":" + std::to_string(v);
            out[itf + ".dcb.dscp"] = dscp;
        }
    }
    for (const auto& [path, value] : files)
        out["file:" + path] = value;
    return out;
}

Result<RunResult> run(
    const Plan& plan, const Inventory& inventory, const ConnectContext& connect, const Options& options)
{
    std::vector<Prepared> hosts;
    std::vector<SwitchPrepared> switches;
    for (const auto& t : plan.targets) {
        if (t.kind == TargetKind::Switch) {
            const SwitchSpec* spec = nullptr;
            for (const auto& sw : inventory.switches)
                spec = sw.name == t.name ? &sw : spec;
            if (!spec)
                return fail(
                    ErrorKind::Validation, "the plan has a switch " + t.name + " that the inventory does not have");
            switches.push_back({ &t, spec });
            continue;
        }
        if (t.kind == TargetKind::Windows)
            return fail(ErrorKind::Validation,
                "target " + t.name
                    + " is a Windows host: RoCE Pilot does not apply Windows plans yet (run its "
                      "PowerShell by hand, or use the Ansible export)");
        const HostSpec* spec = nullptr;
        for (const auto& h : inventory.hosts)
            spec = h.name == t.name ? &h : spec;
        if (!spec)
            return fail(ErrorKind::Validation, "the plan has a target " + t.name + " that the inventory does not have");
        hosts.push_back({ &t, spec });
    }
    if (hosts.empty() && switches.empty())
        return fail(ErrorKind::Validation, "the plan has no targets to apply");
    if (!options.canary.empty()) {
        bool found = false;
        for (const auto& h : hosts)
            found = found || h.spec->name == options.canary;
        if (!found)
            return fail(ErrorKind::Usage, "canary host " + options.canary + " is not a host target of the plan");
    }

    Journal journal;
    journal.id = newJournalId();
    journal.created = isoNow();
    journal.mode = options.mode == Mode::DryRun ? "dry-run" : options.mode == Mode::VerifyOnly ? "verify" : "apply";
    journal.state = "running";
    journal.policy = options.policy == Policy::StopAll ? "stop" : "continue";
    journal.planJson = planToJson(plan);
    journal.inventoryYaml = inventoryToYaml(inventory);
    for (const auto& h : hosts) {
        HostRecord r;
        r.name = h.spec->name;
        journal.hosts.push_back(std::move(r));
    }
    for (const auto& sw : switches) {
        SwitchRecord r;
        r.name = sw.spec->name;
        journal.switches.push_back(std::move(r));
    }
    const std::string dir = options.journalDir.empty() ? defaultJournalDir() : options.journalDir;
    journal.path = dir + "/" + journal.id + ".json";
    // Refuse to start when the journal cannot be written: a run without it could not be rolled back later.
    if (auto ok = saveJournal(journal); !ok)
        return fail(
            ErrorKind::Io, ok.error().message + " — refusing to change anything without a journal", ok.error().where);

    std::mutex mutex;
    std::atomic<bool> fleetStop { false };
    std::atomic<int> done { 0 };
    std::vector<std::unique_ptr<HostRun>> runs(hosts.size());
    auto work = [&](std::size_t i) {
        auto& run = runs[i];
        run = std::make_unique<HostRun>(
            *hosts[i].spec, *hosts[i].target, plan, connect, options, journal, mutex, i, &fleetStop);
        bool ok = false;
        if (cancelled(options.cancel) || cancelled(&fleetStop)) {
            run->setState(HostState::Cancelled,
                cancelled(options.cancel) ? "cancelled before it started" : "not started: another host failed");
        } else if (run->preflight()) {
            if (options.mode == Mode::DryRun) {
                run->setState(HostState::Planned, "dry-run: nothing changed");
                ok = true;
            } else if (options.mode == Mode::VerifyOnly) {
                ok = run->verifyOnly();
            } else {
                ok = run->applySteps();
            }
        }
        if (run->saveFailed() && options.mode == Mode::Apply)
            ok = false;
        if (!ok && options.policy == Policy::StopAll && options.mode == Mode::Apply)
            fleetStop = true;
        const int n = ++done;
        if (options.onEvent)
            options.onEvent(
                Event { hosts[i].spec->name, {}, "host " + toString(run->record().state) + ": " + run->record().message,
                    n, static_cast<int>(hosts.size()), 0 });
    };
    // Switches first: the fabric must carry the lossless class before the hosts send on it.
    for (std::size_t i = 0; i < switches.size(); ++i) {
        if (cancelled(options.cancel) || cancelled(&fleetStop)) {
            journal.switches[i].state = "skipped";
            journal.switches[i].message = "not started: cancelled or a switch failed";
            continue;
        }
        SwitchRecord rec = journal.switches[i];
        applySwitch(switches[i], rec, connect, options, journal.id);
        std::lock_guard lock(mutex);
        journal.switches[i] = rec;
        (void)saveJournal(journal);
        if ((rec.state == "failed" || rec.state == "rolled-back") && options.mode == Mode::Apply
            && options.policy == Policy::StopAll)
            fleetStop = true;
    }
    std::vector<std::size_t> order;
    for (std::size_t i = 0; i < hosts.size(); ++i) {
        if (hosts[i].spec->name == options.canary)
            work(i);
        else
            order.push_back(i);
    }
    if (!options.canary.empty() && options.mode == Mode::Apply) {
        for (std::size_t i = 0; i < hosts.size(); ++i) {
            if (hosts[i].spec->name != options.canary)
                continue;
            const auto st = runs[i]->record().state;
            if (st != HostState::Applied && st != HostState::Unchanged) {
                fleetStop = true;
                break;
            }
            if (options.probePath.empty() || order.empty())
                break;
            const auto& peer = *hosts[order.front()].spec;
            auto tested = canaryTest(*hosts[i].spec, *hosts[i].target, peer, connect, options);
            if (options.onEvent)
                options.onEvent(Event { hosts[i].spec->name, {},
                    tested ? "canary test passed: " + *tested : "canary test failed: " + tested.error().describe(), 0,
                    0, 0 });
            if (tested) {
                auto rec = runs[i]->record();
                runs[i]->setState(rec.state, rec.message + "; canary test: " + *tested);
            } else {
                fleetStop = true;
                runs[i]->rollbackSteps("canary test against " + peer.name + " failed: " + tested.error().describe());
            }
        }
    }
    runBounded(order.size(), std::max<std::size_t>(1, options.concurrency), [&](std::size_t k) { work(order[k]); });

    // Stop-all: a host that failed takes the finished ones back with it.
    if (options.mode == Mode::Apply && options.policy == Policy::StopAll && fleetStop) {
        runBounded(runs.size(), std::max<std::size_t>(1, options.concurrency), [&](std::size_t i) {
            if (!runs[i])
                return;
            const auto st = runs[i]->record().state;
            if (st == HostState::Applied)
                runs[i]->rollbackSteps("another host failed (policy: stop all)");
        });
    }
    if (options.mode == Mode::Apply && options.policy == Policy::StopAll && fleetStop) {
        for (std::size_t i = switches.size(); i-- > 0;) {
            if (journal.switches[i].state != "confirmed")
                continue;
            SwitchRecord rec = journal.switches[i];
            rollbackSwitchRecord(*switches[i].spec, rec, connect, "another target failed (policy: stop all)");
            std::lock_guard lock(mutex);
            journal.switches[i] = rec;
            (void)saveJournal(journal);
        }
    }
    {
        std::lock_guard lock(mutex);
        journal.state = overallState(journal, options.mode);
        (void)saveJournal(journal);
    }
    RunResult result;
    result.journal = journal;
    result.ok = journal.state == "applied" || journal.state == "dry-run" || journal.state == "verified";
    return result;
}

namespace {

Result<RunResult> fromJournal(
    const std::string& path, const ConnectContext& connect, const Options& options, bool resumeRun)
{
    auto loaded = loadJournal(path);
    if (!loaded)
        return std::unexpected(loaded.error());
    Journal journal = *loaded;
    auto plan = planFromJson(journal.planJson, path + " (plan)");
    if (!plan)
        return std::unexpected(plan.error());
    auto inventory = parseInventory(journal.inventoryYaml, path + " (inventory)");
    if (!inventory)
        return std::unexpected(inventory.error());
    std::mutex mutex;
    std::vector<std::unique_ptr<HostRun>> runs(journal.hosts.size());
    std::vector<const PlanTarget*> targets(journal.hosts.size(), nullptr);
    std::vector<const HostSpec*> specs(journal.hosts.size(), nullptr);
    for (std::size_t i = 0; i < journal.hosts.size(); ++i) {
        for (const auto& t : plan->targets)
            targets[i] = t.name == journal.hosts[i].name ? &t : targets[i];
        for (const auto& h : inventory->hosts)
            specs[i] = h.name == journal.hosts[i].name ? &h : specs[i];
        if (!targets[i] || !specs[i])
            return fail(
                ErrorKind::Parse, "journal host " + journal.hosts[i].name + " is not in its plan/inventory", path);
    }
    journal.mode = resumeRun ? "apply" : "rollback";
    journal.state = "running";
    if (auto ok = saveJournal(journal); !ok)
        return std::unexpected(ok.error());
    runBounded(journal.hosts.size(), std::max<std::size_t>(1, options.concurrency), [&](std::size_t i) {
        const auto st = journal.hosts[i].state;
        if (st == HostState::RolledBack || st == HostState::Refused || st == HostState::Cancelled
            || st == HostState::Planned)
            return;
        if (!resumeRun && st == HostState::Unchanged)
            return;
        if (st == HostState::Unreachable && journal.hosts[i].steps.empty())
            return;
        auto& run = runs[i];
        run = std::make_unique<HostRun>(*specs[i], *targets[i], *plan, connect, options, journal, mutex, i, nullptr);
        run->setRecord(journal.hosts[i]);
        if (!run->connect())
            return;
        if (resumeRun) {
            if (st == HostState::Applied)
                return;
            run->applySteps();
        } else {
            run->rollbackSteps("rollback from journal " + journal.id);
        }
    });
    if (!resumeRun) {
        for (std::size_t i = journal.switches.size(); i-- > 0;) {
            auto& rec = journal.switches[i];
            if (rec.state != "confirmed")
                continue;
            const SwitchSpec* spec = nullptr;
            for (const auto& sw : inventory->switches)
                spec = sw.name == rec.name ? &sw : spec;
            if (!spec) {
                rec.state = "failed";
                rec.message = "the journal's inventory has no switch " + rec.name;
                continue;
            }
            SwitchRecord copy = rec;
            rollbackSwitchRecord(*spec, copy, connect, "rollback from journal " + journal.id);
            std::lock_guard lock(mutex);
            rec = copy;
            (void)saveJournal(journal);
        }
    }
    std::lock_guard lock(mutex);
    journal.state = overallState(journal, Mode::Apply);
    (void)saveJournal(journal);
    RunResult result;
    result.journal = journal;
    if (resumeRun) {
        result.ok = journal.state == "applied";
    } else {
        // Nothing left changed: rolled back, or never changed (unchanged, refused, not started).
        result.ok = true;
        for (const auto& h : journal.hosts) {
            result.ok = result.ok
                && (h.state == HostState::RolledBack || h.state == HostState::Unchanged || h.state == HostState::Refused
                    || h.state == HostState::Cancelled || h.state == HostState::Planned || h.state == HostState::Pending
                    || (h.state == HostState::Unreachable && h.steps.empty()));
        }
        for (const auto& sw : journal.switches)
            result.ok = result.ok && sw.state != "confirmed" && sw.state != "failed";
    }
    return result;
}

} // namespace

Result<RunResult> rollback(const std::string& journalPath, const ConnectContext& connect, const Options& options)
{
    return fromJournal(journalPath, connect, options, false);
}

Result<RunResult> resume(const std::string& journalPath, const ConnectContext& connect, const Options& options)
{
    return fromJournal(journalPath, connect, options, true);
}

} // namespace rp::apply

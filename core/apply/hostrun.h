// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Internal header of core/apply (not part of its API): one host's run, driven by apply.cpp.

#include "apply/apply.h"
#include "apply/deadman.h"
#include "model/model.h"
#include "remote/openexecutor.h"
#include "util/cancel.h"

#include <atomic>
#include <chrono>
#include <cstddef>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

namespace rp::apply::detail {

// apply.cpp and HostRun check the same flags between hosts (util/cancel.h).
using rp::cancelled;

/// One host's run. Owns its executor; writes its record into the shared journal under the journal mutex.
class HostRun
{
public:
    HostRun(const HostSpec& spec, const PlanTarget& target, const Plan& plan, const ConnectContext& connect,
        const Options& options, Journal& journal, std::mutex& journalMutex, std::size_t index,
        const std::atomic<bool>* fleetStop);
    HostRecord& record() { return m_rec; }
    void setRecord(HostRecord rec) { m_rec = std::move(rec); }

    /// Connect, check privilege, read afresh, build the step records. False: the host is refused/unreachable.
    bool preflight();

    /// Runs the pending steps. Returns false when the host failed (it is then rolled back already).
    bool applySteps();

    /// Verify-only: read back every step and the whole host, change nothing.
    bool verifyOnly();

    /// The session may have died with the failure (sshd killed, link flapped): a fresh connection is tried
    /// for up to the dead-man time before giving up on the rollback.
    bool ensureConnected();

    /// Undo every step that ran, in reverse, then read the host back against its snapshot.
    bool rollbackSteps(const std::string& why);

    /// Opens the SSH session. An unreachable host is marked Unreachable, unless `keepState` (a rollback or resume
    /// of an earlier run): then its record keeps the state the hosts last confirmed, and only says why.
    bool connect(bool keepState = false);
    void setState(HostState state, std::string message);
    bool refuse(const std::string& why);
    void save();
    bool saveFailed() const { return m_saveFailed; }

private:
    void saveLocked();
    void emit(const std::string& step, const std::string& text, int deadman = 0);
    Result<ExecResult> exec(const std::vector<std::string>& argv, const std::string& input = {},
        std::optional<std::chrono::milliseconds> timeout = std::nullopt);
    bool checkPrivilege();

    /// A rollback's read-backs ignore the cancel flag: a cancel asks for the rollback, so it must not stop its proof.
    std::optional<HostFacts> discover(bool quiet = false, bool cancellable = true);
    Result<PlanTarget> regenerate(const HostFacts& facts);
    void findManagementNetdevs(const HostFacts& facts);
    bool touchesManagement(const Step& s) const;
    Result<std::map<std::string, std::string>> readFiles(const std::vector<std::string>& paths);
    std::vector<std::string> filePaths() const;

    /// (matches, output) of the step's read-back.
    std::optional<std::pair<bool, std::string>> readBack(const Step& s);
    void exactUndo(const Step& fresh, StepRecord& r);
    const Step& stepById(const std::string& id) const;
    bool runStep(const Step& s, StepRecord& r);

    /// A step that may cut the session: arm the revert, run, then prove a NEW connection works and confirm.
    bool runGuarded(std::size_t index);
    Result<DeadmanOutcome::Kind> settleDeadmanNow();

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

} // namespace rp::apply::detail

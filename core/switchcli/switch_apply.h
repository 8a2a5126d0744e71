// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Applying one switch target of a plan through a SwitchSession, with each platform's own safety net.
//
//   auto session = SwitchSession::open(hostSpec, SwitchVendor::Eos, connectContext);
//   SwitchApplyOptions o;  o.jobId = "job42";  o.confirmTimeout = std::chrono::seconds(120);
//   auto outcome = applySwitchTarget(**session, planTarget, o);
//   // outcome->status: Confirmed | PendingConfirm | RolledBack | RollbackFailed | DryRun
//   ...later, from the journal: rollbackSwitch(**session, outcome->snapshot, {});
//
// What applySwitchTarget does, per dialect (docs/switch-apply.md has the details):
//  1. snapshot: reads the running configuration (EOS/NX-OS `show running-config`, NVUE `nv config show -o
//     commands` + the applied revision from `nv config history`); refuses when NVUE has pending changes that
//     are not ours or EOS has a commit timer running.
//  2. stage:    EOS `configure session rp-<job>`; NX-OS `checkpoint rp-<job>` then `configure terminal`; NVUE the
//     shell. Sends each step's CLI one line at a time (validated first), stops at the first line the switch
//     rejects. NX-OS applies as it goes, so each step's read-back runs right after it.
//     Steps that are the platform's own commit (NVUE `nv config apply`) are done by step 4 instead; steps
//     marked persistent (the save steps) run only after a confirm and only with `save`; artifacts are skipped.
//  3. diff:     EOS `show session-config diffs`, NVUE `nv config diff` (device-computed). dryRun stops here and
//     throws the staged change away (EOS `abort`, NVUE `nv config detach`; NX-OS sends nothing at all and the
//     dry run only lists the lines: an offline estimate).
//  4. commit:   EOS `commit timer hh:mm:ss`; NVUE `nv config apply --confirm <N>s -y` (both revert on their own
//     unless confirmed); NX-OS has no timer for merges: the checkpoint is the way back.
//  5. verify:   each step's verify.cli (one show command per line) must answer without an error and contain
//     verify.expect (compared with blanks collapsed).
//  6. reads the running configuration again, then either confirms (EOS `configure session rp-<job> commit`,
//     NVUE `nv config apply --confirm-yes`; then the save steps when `save`) or, on any failure or a cancel,
//     rolls back (EOS `configure session rp-<job> abort`, NVUE `--confirm-no`, NX-OS `rollback running-config
//     checkpoint rp-<job>`), reads the running configuration a third time and says whether it equals the
//     snapshot. With confirm = Leave the commit stays pending (EOS/NVUE timers running) for the caller to
//     confirmSwitch() or rollbackSwitch() after its own end-to-end checks.
// Never persists (copy running-config startup-config, nv config save) before a confirm.
// Cancel: checked between lines and in every read (<= 50 ms); a cancel before the confirm rolls back.
// Errors: Result's error is for "nothing was changed" (bad input, no connection, a refused precondition);
// once something was staged the outcome carries the status and outcome.error says why it rolled back.

#include "error.h"
#include "generate/plan.h"
#include "switchcli/switch_session.h"

#include <atomic>
#include <chrono>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace rp::switchcli {

/// Where the switch was before a job touched it, and the names the job left on the switch. Everything needed
/// to roll back later, also from another process (keep it in the journal).
struct SwitchSnapshot
{
    std::string switchName;
    SwitchVendor vendor = SwitchVendor::Cumulus;
    std::string jobId;
    std::string runningConfig; ///< normalised (normalizeRunningConfig)
    std::string session; ///< EOS configuration session "rp-<job>"
    std::string checkpoint; ///< NX-OS checkpoint "rp-<job>"
    int nvueRevision = 0; ///< NVUE applied revision before the change (0 = unknown)
    bool operator==(const SwitchSnapshot&) const = default;
};

enum class SwitchStepState {
    Pending,
    Sent, ///< all lines accepted
    Verified, ///< read back and matched (or nothing to match: see message)
    Failed, ///< a line was rejected, or the read-back did not match
    Skipped, ///< artifact, dry run, save without `save`, or not reached
    Committed, ///< a step that is the platform's commit (NVUE `nv config apply`), done by the engine
    Saved, ///< a persistent (save) step, run after the confirm
};
std::string toString(SwitchStepState state);

struct SwitchStepResult
{
    std::string id;
    std::string title;
    SwitchStepState state = SwitchStepState::Pending;
    std::vector<std::string> sent; ///< lines the switch accepted
    std::string answers; ///< what the switch printed for them
    std::string verifyOutput;
    std::string message; ///< the rejection, the read-back mismatch, why it was skipped
    std::chrono::milliseconds sendTime { 0 };
    std::chrono::milliseconds verifyTime { 0 };
};

enum class SwitchApplyStatus {
    DryRun, ///< staged, diffed and thrown away (NX-OS: nothing sent)
    Confirmed, ///< applied, verified, confirmed (and saved when asked)
    PendingConfirm, ///< applied and verified; the timer runs (EOS/NVUE) until confirmSwitch/rollbackSwitch
    RolledBack, ///< a failure or a cancel; the switch is back at the snapshot (see restoredExactly)
    RollbackFailed, ///< a failure, and the way back failed too: the switch needs a look (error says why)
};
std::string toString(SwitchApplyStatus status);

struct SwitchTimings
{
    std::chrono::milliseconds snapshot { 0 }, stage { 0 }, commit { 0 }, verify { 0 }, confirm { 0 }, rollback { 0 },
        total { 0 };
};

struct SwitchApplyOutcome
{
    SwitchApplyStatus status = SwitchApplyStatus::DryRun;
    SwitchSnapshot snapshot;
    std::string mechanism; ///< "EOS configure session + commit timer", ...
    std::string diff; ///< device-computed diff (EOS/NVUE); NX-OS dry run: the lines that would be sent
    std::string runningAfter; ///< after the commit (before a rollback)
    std::string runningFinal; ///< after the rollback (RolledBack/RollbackFailed)
    bool restoredExactly = false; ///< runningFinal == snapshot.runningConfig
    std::vector<SwitchStepResult> steps;
    std::optional<Error> error; ///< why it rolled back / failed
    SwitchTimings timings;
};

enum class ConfirmMode {
    Auto, ///< confirm as soon as every read-back matched
    Leave, ///< leave the commit pending (timer running) for confirmSwitch/rollbackSwitch
};

struct SwitchApplyOptions
{
    std::string jobId; ///< names the EOS session and NX-OS checkpoint: rp-<jobId> (validateJobId)
    std::chrono::seconds confirmTimeout { 300 }; ///< EOS commit timer / NVUE --confirm, 1 s .. 24 h
    bool dryRun = false;
    ConfirmMode confirm = ConfirmMode::Auto;
    bool save = true; ///< run the plan's save steps after the confirm
    const std::atomic<bool>* cancel = nullptr;
    std::function<void(const SwitchStepResult&)> onStep; ///< after every state change of a step
};

/// See the file comment. `target` must be a switch target whose platform matches the session's vendor.
Result<SwitchApplyOutcome> applySwitchTarget(
    SwitchSession& session, const PlanTarget& target, const SwitchApplyOptions& options);

struct SwitchConfirmOptions
{
    bool save = true;
    const PlanTarget* target = nullptr; ///< its persistent steps are the save commands; nullptr: vendor default
};

/// Confirms a PendingConfirm apply (EOS `configure session rp-<job> commit`, NVUE `nv config apply
/// --confirm-yes`; NX-OS has nothing pending and only saves). Fails with CommandFailed when the timer already
/// ran out (the switch reverted).
Result<void> confirmSwitch(SwitchSession& session, const SwitchSnapshot& snapshot, const SwitchConfirmOptions& options);

struct SwitchRollbackOutcome
{
    std::string mechanism; ///< what was used
    std::string runningFinal;
    bool restoredExactly = false;
    std::chrono::milliseconds time { 0 };
};

/// Puts the switch back at the snapshot: a pending commit is aborted (EOS session abort, NVUE --confirm-no);
/// otherwise EOS replaces the configuration inside a session (`rollback clean-config` + the snapshot's lines
/// + commit), NX-OS rolls back to the checkpoint, NVUE applies the snapshot's revision. Then reads the running
/// configuration and compares it with the snapshot. Not cancellable (bounded by timeouts).
Result<SwitchRollbackOutcome> rollbackSwitch(SwitchSession& session, const SwitchSnapshot& snapshot);

/// Forgets what a finished job left on the switch once its journal is closed: NX-OS `no checkpoint rp-<job>`
/// (NX-OS keeps at most 10 user checkpoints; a job's `checkpoint` fails, before any change, when they are all
/// used). EOS and NVUE keep nothing per job (the session is gone after commit/abort; revisions are the
/// switch's own history). After this, rollbackSwitch of that snapshot fails on NX-OS.
Result<void> dropSnapshot(SwitchSession& session, const SwitchSnapshot& snapshot);

/// The snapshot as one JSON object for the apply journal: {"switch", "vendor", "job", "running_config",
/// "session", "checkpoint", "nvue_revision"}; and back (Parse errors name the key; unknown keys are errors).
std::string snapshotToJson(const SwitchSnapshot& snapshot);
Result<SwitchSnapshot> snapshotFromJson(std::string_view json);
/// The whole outcome for reports and journals: status, mechanism, snapshot, diff, running configs, steps
/// (id, state, sent, answers, verify output, message, times in ms), error, timings in ms.
std::string outcomeToJson(const SwitchApplyOutcome& outcome);

/// "hh:mm:ss" for EOS `commit timer`.
std::string eosTimer(std::chrono::seconds seconds);

} // namespace rp::switchcli

// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The apply journal: one JSON file per run (docs/apply.md), rewritten atomically and fsync'd before every step
// and after it, so a controller that dies at any point leaves a file that says exactly which steps ran on which
// host, what each host was like before (the snapshot), and how to undo every step. `rocepilot-cli journal` and
// the GUI's Journals view read it to resume or roll back.

#include "error.h"

#include <map>
#include <string>
#include <vector>

namespace rp::apply {

enum class StepState {
    Pending, ///< not started
    Running, ///< started: the controller may have died inside it (treated as possibly applied)
    Verified, ///< ran, and its read-back shows the wanted value
    Already, ///< the read-back before showed the wanted value: not run, nothing to undo
    Skipped, ///< optional step whose file this host does not have
    Failed, ///< ran and failed, or its read-back disagreed (`ran` says whether it changed anything)
    Undone, ///< its undo ran and the host was read back
    UndoFailed, ///< its undo failed
};

enum class HostState {
    Pending,
    Planned, ///< dry-run: preflight done, nothing changed
    Applying,
    Applied, ///< every step verified or already so
    Unchanged, ///< every step was already so: nothing ran
    Failed, ///< a step failed and rollback could not restore the snapshot (see the message)
    RolledBack, ///< rolled back and read back equal to the snapshot
    Refused, ///< preflight refused (stale plan, no privilege, journal not writable): nothing changed
    Unreachable,
    Cancelled, ///< cancelled before a change: nothing changed
};

/// One step as the journal keeps it: what ran, how to undo it exactly, and what was read around it.
struct StepRecord
{
    std::string id;
    std::string title;
    StepState state = StepState::Pending;
    bool ran = false; ///< the command exited 0: something may have changed
    bool deadman = false; ///< a dead-man revert was armed around this step
    bool mayCutManagement = false;
    std::vector<std::vector<std::string>> undo; ///< argvs, exact for this host's state before the run
    bool undoKnown = true;
    std::string undoNote;
    std::string before; ///< read-back before (trimmed excerpt)
    std::string after; ///< read-back after
    std::string message; ///< why it failed, the driver's own words; or why it was skipped
    double seconds = 0;
};

struct HostRecord
{
    std::string name;
    HostState state = HostState::Pending;
    std::string message;
    bool sudo = false;
    std::map<std::string, std::string> snapshot; ///< everything the plan touches, read before the first change
    std::map<std::string, std::string> finalState; ///< the same keys read at the end
    std::vector<StepRecord> steps;
    std::string deadmanDir; ///< set while a dead-man is armed on the host (a restarted controller settles it)
};

/// A switch target: applied through its vendor's session (EOS, NX-OS, NVUE) with the platform's own safety net,
/// or skipped with the reason (plan only, a vendor RoCE Pilot does not drive).
struct SwitchRecord
{
    std::string name;
    std::string state = "pending"; ///< pending, confirmed, dry-run, rolled-back, failed, skipped
    std::string message;
    std::string snapshotJson; ///< switchcli::snapshotToJson: what rollback needs, from any process
    std::string outcomeJson; ///< switchcli::outcomeToJson: steps, diff, running configs, timings
};

struct Journal
{
    std::string id; ///< "20261124-081502-4f3a": also the dead-man and switch session label
    std::string created; ///< ISO 8601 UTC
    std::string mode; ///< "apply", "dry-run", "verify", "rollback"
    std::string state; ///< "running", "applied", "rolled-back", "failed", "partial", "dry-run", "verified"
    std::string policy; ///< "stop" or "continue"
    std::string planJson; ///< the plan exactly as applied
    std::string inventoryYaml;
    std::vector<HostRecord> hosts;
    std::vector<SwitchRecord> switches; ///< applied before the hosts, rolled back after them
    /// Every later rollback or resume, one line each ("2026-11-26T16:30:00Z rollback: reached 0 of 2 hosts,
    /// nothing undone; the journal stays applied"), oldest first: the record of what was tried, also when it
    /// changed nothing.
    std::vector<std::string> history;
    std::string path; ///< where it lives (not written into the file)
};

std::string toString(StepState state);
std::string toString(HostState state);

/// $RP_JOURNAL_DIR, else $XDG_DATA_HOME/rocepilot/journals, else ~/.local/share/rocepilot/journals.
std::string defaultJournalDir();
/// A new id from the clock and 16 random bits.
std::string newJournalId();

std::string journalToJson(const Journal& journal);
Result<Journal> journalFromJson(const std::string& json, const std::string& fileName);
Result<Journal> loadJournal(const std::string& path);
/// Atomic (temp + fsync + rename). A full disk or a read-only directory is an Io error and the old file stays.
Result<void> saveJournal(const Journal& journal);

/// Whether the run ended: a journal whose state is "running" was left by a controller that died.
bool journalFinished(const Journal& journal);

struct JournalSummary
{
    std::string path;
    std::string id;
    std::string created;
    std::string mode;
    std::string state;
    std::vector<std::pair<std::string, std::string>> hosts; ///< name, state
    std::string error; ///< set when the file could not be read
};
/// Every *.json in `dir`, newest first; damaged files are listed with their error, never skipped.
std::vector<JournalSummary> listJournals(const std::string& dir);

} // namespace rp::apply

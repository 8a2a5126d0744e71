// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The apply engine for hosts (docs/apply.md). Per host: connect, check privilege, read the host afresh
// (discovery + every file the plan writes), re-generate its plan target from that read so every undo is exact
// and a plan the host no longer matches is refused before anything changes, write the snapshot to the journal,
// then run the steps one at a time: read back before (already so: skip), run, read back after, compare. A step
// that may cut the SSH session runs under a dead-man: a detached process on the host, armed before the step,
// undoes everything applied so far unless a NEW connection confirms within the timeout. On a failure the host's
// applied steps are undone in reverse order and the host is read back and compared with the snapshot, key by
// key. Many hosts run with bounded concurrency under a fleet policy, optionally after a canary host.

#include "apply/journal.h"
#include "error.h"
#include "generate/plan.h"
#include "inventory/inventory.h"
#include "remote/openexecutor.h"

#include <atomic>
#include <chrono>
#include <cstddef>
#include <functional>
#include <mutex>
#include <string>
#include <vector>

namespace rp::apply {

enum class Mode { DryRun, Apply, VerifyOnly };
enum class Policy {
    StopAll, ///< the first failed host stops the run and every changed host is rolled back: all or nothing
    Continue, ///< a failed host is rolled back; the others go on and keep their change
};

/// What the engine tells its caller while it works (from worker threads).
struct Event
{
    std::string host; ///< empty for the run as a whole
    std::string step; ///< step id, when about one
    std::string text; ///< one line for a log
    int hostsDone = 0;
    int hostsTotal = 0;
    int deadmanSeconds = 0; ///< > 0: a dead-man is armed with this timeout (GUI countdown)
};

struct Options
{
    Mode mode = Mode::Apply;
    Policy policy = Policy::StopAll;
    std::size_t concurrency = 32;
    std::string canary; ///< host applied alone first, then tested against a peer; empty = none
    /// rocepilot-probe on this machine, for the canary's test (a short ping from the canary to the first other
    /// host: RDMA when the plan configures rdma_cm, else TCP). Empty: the canary is only read back.
    std::string probePath;
    std::chrono::seconds confirmTimeout { 60 }; ///< dead-man timeout
    std::chrono::milliseconds commandTimeout { 60000 };
    std::string journalDir; ///< empty = defaultJournalDir()
    const std::atomic<bool>* cancel = nullptr; ///< finishes the current step, then rolls back as the policy says
    std::function<void(const Event&)> onEvent;
};

struct RunResult
{
    Journal journal; ///< final; also on disk at journal.path (except for a refused start)
    bool ok = false; ///< every host applied/unchanged/planned/verified
};

/// Apply (or dry-run, or verify) the host targets of `plan` on the inventory's hosts. Switch targets are not
/// applied here (they are listed as such in the journal's message). Fails only when nothing could start (the
/// journal cannot be written, the plan names hosts the inventory lacks); host failures are in the journal.
Result<RunResult> run(
    const Plan& plan, const Inventory& inventory, const ConnectContext& connect, const Options& options);

/// Undo every step a journal shows as run, on every host, in reverse order, and read each host back against
/// its snapshot. Also settles a dead-man left armed by a dead controller.
Result<RunResult> rollback(const std::string& journalPath, const ConnectContext& connect, const Options& options);

/// Continue an unfinished journal: steps verified before are read back again, the others run.
Result<RunResult> resume(const std::string& journalPath, const ConnectContext& connect, const Options& options);

/// True when `output` contains `expect` as a whole token run: "\"mtu\":9000" matches "\"mtu\":9000," but not
/// "\"mtu\":90000"; an empty expect matches anything.
bool readBackMatches(const std::string& output, const std::string& expect);

/// The normalised state of everything a host target touches, from a discovery and the raw file reads: keys like
/// "data0.mtu", "data0.2.egress" (non-zero entries), "data0.dcb.pfc", "file:/sys/.../default_roce_tos".
std::map<std::string, std::string> stateOf(
    const HostFacts& facts, const PlanTarget& target, const std::map<std::string, std::string>& files);

} // namespace rp::apply

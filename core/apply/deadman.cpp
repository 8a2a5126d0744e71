// SPDX-License-Identifier: GPL-3.0-or-later
#include "apply/deadman.h"

#include "util/command.h"

namespace rp::apply {
namespace {

// $1 dir, $2 seconds; the undo lines arrive on stdin. The child writes its pid, sleeps, takes the lock and runs
// the undo; its output goes to a log the controller reads when it reconnects.
const char* kArm = R"SH(set -u
d=$1 t=$2
rm -rf "$d" && mkdir -p "$d" || exit 3
cat >"$d/undo.sh" || exit 3
setsid sh -c '
d=$1 t=$2
echo $$ >"$d/pid.tmp" && mv "$d/pid.tmp" "$d/pid"
sleep "$t"
mkdir "$d/lock" 2>/dev/null || exit 0
date +%s >"$d/fired"
sh "$d/undo.sh" >"$d/undo.log" 2>&1
echo "exit $?" >>"$d/undo.log"
echo done >"$d/done"
' rp-deadman "$d" "$t" </dev/null >/dev/null 2>&1 &
i=0
while [ ! -s "$d/pid" ] && [ $i -lt 100 ]; do sleep 0.05; i=$((i + 1)); done
[ -s "$d/pid" ] || exit 4
echo "armed $(cat "$d/pid")"
)SH";

// $1 dir. Prints "disarmed", "fired" + the log, or "gone" (nothing armed there).
const char* kSettle = R"SH(set -u
d=$1
[ -d "$d" ] || { echo gone; exit 0; }
if mkdir "$d/lock" 2>/dev/null; then
    p=$(cat "$d/pid" 2>/dev/null || echo 0)
    [ "$p" -gt 1 ] && kill -TERM -- "-$p" 2>/dev/null || kill -TERM "$p" 2>/dev/null
    i=0
    while [ "$p" -gt 1 ] && kill -0 "$p" 2>/dev/null && [ $i -lt 100 ]; do sleep 0.05; i=$((i + 1)); done
    if [ "$p" -gt 1 ] && kill -0 "$p" 2>/dev/null; then echo "still running $p"; exit 5; fi
    rm -rf "$d"
    echo disarmed
    exit 0
fi
i=0
while [ ! -e "$d/done" ] && [ $i -lt 600 ]; do sleep 0.1; i=$((i + 1)); done
echo fired
cat "$d/undo.log" 2>/dev/null
rm -rf "$d"
)SH";

std::vector<std::string> withPrefix(const std::vector<std::string>& prefix, std::vector<std::string> argv)
{
    argv.insert(argv.begin(), prefix.begin(), prefix.end());
    return argv;
}

} // namespace

std::string deadmanDir(const std::string& jobId)
{
    return "/run/rocepilot-deadman-" + jobId;
}

Result<void> armDeadman(Executor& executor, const std::vector<std::string>& prefix, const std::string& dir,
    std::chrono::seconds timeout, const std::vector<std::vector<std::string>>& undo,
    std::chrono::milliseconds commandTimeout)
{
    std::string lines;
    for (const auto& argv : undo)
        lines += Command(argv).shellLine() + "\n";
    ExecOptions options;
    options.timeout = commandTimeout;
    options.stdinData = lines;
    auto r = executor.run(
        Command(withPrefix(prefix, { "sh", "-c", kArm, "rp-arm", dir, std::to_string(timeout.count()) })), options);
    if (!r)
        return std::unexpected(r.error());
    if (r->exitStatus != 0 || r->out.rfind("armed ", 0) != 0)
        return fail(ErrorKind::CommandFailed,
            "could not arm the dead-man revert (exit " + std::to_string(r->exitStatus) + "): " + r->err + r->out, dir,
            executor.host());
    return {};
}

Result<DeadmanOutcome> settleDeadman(Executor& executor, const std::vector<std::string>& prefix, const std::string& dir,
    std::chrono::milliseconds commandTimeout)
{
    ExecOptions options;
    options.timeout = commandTimeout + std::chrono::seconds(60);
    auto r = executor.run(Command(withPrefix(prefix, { "sh", "-c", kSettle, "rp-settle", dir })), options);
    if (!r)
        return std::unexpected(r.error());
    DeadmanOutcome out;
    if (r->out.rfind("disarmed", 0) == 0)
        out.kind = DeadmanOutcome::Kind::Disarmed;
    else if (r->out.rfind("fired", 0) == 0) {
        out.kind = DeadmanOutcome::Kind::Fired;
        out.detail = r->out.substr(5);
    } else if (r->out.rfind("gone", 0) == 0)
        out.kind = DeadmanOutcome::Kind::Gone;
    else
        return fail(
            ErrorKind::CommandFailed, "could not settle the dead-man revert: " + r->err + r->out, dir, executor.host());
    return out;
}

} // namespace rp::apply

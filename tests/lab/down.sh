#!/bin/bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Fixture cleanup: report the host RAM of the two qemu processes after the tests (must stay <= 800 MB, or
# RP_LAB_MAX_RSS_MB), stop the lab, and check that nothing is left: no qemu, socket, pid file or key.
set -uo pipefail
LAB=$(cd "$(dirname "$0")/../.." && pwd)/lab/lab.sh
STATE=${1:?usage: $0 STATE_DIR}
MAX=${RP_LAB_MAX_RSS_MB:-800}
fails=0
total=0
for g in lab-a lab-b; do
    pid=$(cat "$STATE/$g.pid" 2>/dev/null || true)
    if [[ -n $pid && -r /proc/$pid/status ]]; then
        rss=$(awk '/^VmRSS/ {print int($2 / 1024)}' "/proc/$pid/status")
        hwm=$(awk '/^VmHWM/ {print int($2 / 1024)}' "/proc/$pid/status")
        echo "$g: qemu pid $pid RSS $rss MB (peak $hwm MB)"
        total=$((total + rss))
    fi
done
if ((total > 0)); then
    echo "qemu RSS of the pair after the tests: $total MB (limit $MAX MB)"
    ((total <= MAX)) || { echo "FAIL: the pair uses $total MB > $MAX MB" >&2; fails=1; }
fi
bash "$LAB" stop --state-dir "$STATE" || { echo "FAIL: lab.sh stop failed" >&2; fails=1; }
bash "$LAB" stop --state-dir "$STATE" || { echo "FAIL: a second lab.sh stop failed (must be idempotent)" >&2; fails=1; }
rc=0
bash "$LAB" status --state-dir "$STATE" >/dev/null 2>&1 || rc=$?
[[ $rc == 3 ]] || { echo "FAIL: lab.sh status after stop exited $rc, not 3" >&2; fails=1; }
left=$(grep -lsF -- "$STATE/" /proc/[0-9]*/cmdline 2>/dev/null | grep -v "/proc/$$/" | grep -v "/proc/self/" || true)
for f in $left; do
    p=${f#/proc/}
    p=${p%/cmdline}
    [[ $( { tr '\0' ' ' <"$f"; } 2>/dev/null) == *qemu-system* ]] && { echo "FAIL: qemu pid $p still runs" >&2; fails=1; }
done
leftover=$(cd "$STATE" 2>/dev/null && ls -d ./*.sock ./*.pid ./*.initrd ./keys ./id_ed25519 ./known_hosts ./lab.env 2>/dev/null || true)
[[ -z $leftover ]] || { echo "FAIL: left in $STATE: $leftover" >&2; fails=1; }
((fails == 0)) && echo "softroce_down: lab stopped, nothing left behind"
exit $fails

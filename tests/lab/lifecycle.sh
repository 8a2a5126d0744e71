#!/bin/bash
# SPDX-License-Identifier: GPL-3.0-or-later
# lab.sh's own contract, on a second lab in its own state dir (not the fixture's): a failed start says why and
# leaves nothing; SIGTERM during start cancels it and leaves nothing; a second start reuses the running lab
# (same ports, inventory rewritten); status exits 0 / 3; stop is idempotent.
#   lifecycle.sh STATE_DIR
set -uo pipefail
LAB=$(cd "$(dirname "$0")/../.." && pwd)/lab/lab.sh
STATE=${1:?usage: $0 STATE_DIR}
OUT=$STATE-out
rm -rf "$STATE" "$OUT"
mkdir -p "$STATE" "$OUT"
T0=$SECONDS
. "$(dirname "$0")/../support/checks.sh"
nothing_left() { # WHAT
    local f p left=
    for f in /proc/[0-9]*/cmdline; do
        p=$( { tr '\0' ' ' <"$f"; } 2>/dev/null) || continue
        [[ $p == *qemu-system*"$STATE/"* ]] && left+=" qemu:${f//[!0-9]/}"
    done
    left+=$(cd "$STATE" && ls -d ./*.sock ./*.pid ./*.initrd ./keys ./lab.env 2>/dev/null | tr '\n' ' ')
    if [[ -z ${left// /} ]]; then pass "$1: nothing left behind"; else fail "$1: left behind:$left"; fi
}
trap 'bash "$LAB" stop --state-dir "$STATE" >/dev/null 2>&1' EXIT

# 1. missing kernel package
rc=0
RP_LAB_KPKG=linux-image-0.0.0-0-amd64 bash "$LAB" start --state-dir "$STATE" >"$OUT/nokernel.out" 2>"$OUT/nokernel.err" || rc=$?
if [[ $rc == 1 ]] && grep -q "missing kernel package" "$OUT/nokernel.err"; then
    pass "missing kernel package: exit 1, says '$(grep -m1 -o 'missing kernel package[^(]*' "$OUT/nokernel.err")'"
else
    fail "missing kernel package: exit $rc, stderr: $(cat "$OUT/nokernel.err")"
fi
grep -q '^READY' "$OUT/nokernel.out" && fail "missing kernel package: printed READY"
nothing_left "missing kernel package"

# 2. boot timeout: the reason and the console tail
rc=0
RP_LAB_BOOT_TIMEOUT=3 bash "$LAB" start --state-dir "$STATE" >"$OUT/timeout.out" 2>"$OUT/timeout.err" || rc=$?
if [[ $rc == 1 ]] && grep -q "timeout: no SSH login" "$OUT/timeout.err" && grep -q "last lines of .*console" "$OUT/timeout.err"; then
    pass "boot timeout: exit 1 with the reason and the console tail"
else
    fail "boot timeout: exit $rc, stderr: $(tail -5 "$OUT/timeout.err")"
fi
nothing_left "boot timeout"

# 3. cancel: SIGTERM once it is booting
bash "$LAB" start --state-dir "$STATE" >"$OUT/cancel.out" 2>"$OUT/cancel.err" &
pid=$!
for ((i = 0; i < 300; i++)); do
    grep -q '^PROGRESS 45 ' "$OUT/cancel.out" && break
    sleep 0.1
done
grep -q '^PROGRESS 45 ' "$OUT/cancel.out" || fail "cancel: start never reached 'PROGRESS 45'"
kill -TERM "$pid"
rc=0
timeout 30 tail --pid="$pid" -f /dev/null || fail "cancel: start still runs 30 s after SIGTERM"
wait "$pid" || rc=$?
if [[ $rc == 143 ]]; then pass "cancel: start exited 143 after SIGTERM"; else fail "cancel: start exited $rc"; fi
nothing_left "cancel"

# 4. start, progress protocol, reuse, status, stop
t=$SECONDS
rc=0
bash "$LAB" start --state-dir "$STATE" --inventory-out "$OUT/inv1.yaml" >"$OUT/start.out" 2>"$OUT/start.err" || rc=$?
if [[ $rc == 0 ]]; then pass "start: ready in $((SECONDS - t)) s"; else fail "start exited $rc: $(tail -20 "$OUT/start.err")"; fi
if grep -vqE '^(PROGRESS (100|[1-9]?[0-9]) .+|READY /.+)$' "$OUT/start.out"; then
    fail "start: stdout has lines other than PROGRESS/READY: $(grep -vE '^(PROGRESS|READY)' "$OUT/start.out" | head -3)"
else
    pass "start: stdout is PROGRESS lines then READY"
fi
[[ $(tail -1 "$OUT/start.out") == "READY $OUT/inv1.yaml" ]] && pass "start: READY names the inventory" || fail "start: last line '$(tail -1 "$OUT/start.out")'"
ports1=$(grep -o 'port: [0-9]*' "$OUT/inv1.yaml" | tr '\n' ' ')
t=$SECONDS
rc=0
bash "$LAB" start --state-dir "$STATE" --inventory-out "$OUT/inv2.yaml" >"$OUT/start2.out" 2>"$OUT/start2.err" || rc=$?
ports2=$(grep -o 'port: [0-9]*' "$OUT/inv2.yaml" 2>/dev/null | tr '\n' ' ')
if [[ $rc == 0 && $ports1 == "$ports2" && -n $ports1 ]] && grep -q reusing "$OUT/start2.err"; then
    pass "second start reuses the running lab ($ports1) in $((SECONDS - t)) s"
else
    fail "second start: exit $rc, ports '$ports1' vs '$ports2'"
fi
rc=0
bash "$LAB" status --state-dir "$STATE" >"$OUT/status.out" 2>&1 || rc=$?
[[ $rc == 0 ]] && head -1 "$OUT/status.out" | grep -qx running && pass "status: running, exit 0" || fail "status: exit $rc: $(cat "$OUT/status.out")"
ssh -F "$STATE/ssh_config" lab-b 'ping -c 2 -W 2 198.18.0.1' >"$OUT/ping.txt" 2>&1 && pass "data link: lab-b pings lab-a" || fail "data link: ping failed: $(tail -2 "$OUT/ping.txt")"
bash "$LAB" stop --state-dir "$STATE" 2>/dev/null || fail "stop failed"
bash "$LAB" stop --state-dir "$STATE" 2>/dev/null || fail "a second stop failed"
rc=0
bash "$LAB" status --state-dir "$STATE" >/dev/null 2>&1 || rc=$?
[[ $rc == 3 ]] && pass "status after stop: exit 3" || fail "status after stop: exit $rc"
nothing_left "stop"
trap - EXIT
if ((FAILS > 0)); then
    echo "lifecycle: $FAILS check(s) FAILED in $((SECONDS - T0)) s (outputs in $OUT)" >&2
    exit 1
fi
echo "lifecycle: PASS in $((SECONDS - T0)) s"

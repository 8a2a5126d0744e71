#!/bin/bash
# SPDX-License-Identifier: GPL-3.0-or-later
# rocepilot-cli fabric watch --rdma on the two Soft-RoCE guests across a port bounce (issue 22): lab-b's data0 set
# down (lab/faults.sh port-down: rxe0 port 1 DOWN, its GID table rebuilt) is named host-nic lab-b:rxe0/1 on lab-b's
# own word (its agent's link line, over SSH on mgmt0), and once the port is up again every finding clears: the
# agents rebind their UD QPs (QPN kept, address handles dropped) instead of probing through a QP left in error. A
# finding that does not clear within CLEAR_S fails the test (it did before the rebind: the watch kept it for good).
# Then lab-b's data0 is renumbered (198.18.0.2 -> 198.18.0.12): its IPv4 GIDs change value, its agent says they left
# the table, and the watch discovers lab-b again and restarts every agent on a new pinglist (a "rediscovered" event),
# after which a round probes the new GIDs with nothing failing; and back to 198.18.0.2 the same way. About 3 minutes.
. "$(dirname "$0")/common.sh"

FAULTS=$(cd "$(dirname "$0")/../.." && pwd)/lab/faults.sh
CLEAR_S=60
W=$OUT/watch.jsonl
: >"$W"
"$CLI" fabric watch --inventory "$INVENTORY" --rdma --json --duration 1 --for 400 >"$W" 2>"$OUT/watch.err" &
WATCH=$!
cleanup() {
    kill -INT "$WATCH" 2>/dev/null
    wait "$WATCH" 2>/dev/null
    bash "$FAULTS" clear --state-dir "$STATE" >/dev/null 2>&1 || true
    renumber 198.18.0.12 198.18.0.2 >/dev/null 2>&1 || true
}
# renumber FROM TO : lab-b's data0 IPv4 address (a /24), FROM removed when it is there
renumber() { gssh lab-b "ip addr del $1/24 dev data0 2>/dev/null; ip addr add $2/24 dev data0 2>/dev/null; true"; }
trap cleanup EXIT

# wait_for SECONDS FROM JQ : until the watch's events from line FROM on (a slurped array) satisfy JQ
wait_for() {
    local until=$((SECONDS + $1))
    while ((SECONDS < until)); do
        if tail -n "+$(($2 + 1))" "$W" | jq -e -s "$3" >/dev/null 2>&1; then
            return 0
        fi
        kill -0 "$WATCH" 2>/dev/null || return 1
        sleep 1
    done
    return 1
}
lines() { wc -l <"$W"; }

wait_for 150 0 'map(select(.event == "round")) | length >= 1' ||
    die "no round of the watch within 150 s: $(tail -n 3 "$OUT/watch.err")"
check "a round with both agents up and no finding before the plant" \
    wait_for 30 0 'map(select(.event == "round" and .agents_up == 2 and .findings == 0)) | length >= 1'

FROM=$(lines)
T0=$SECONDS
bash "$FAULTS" plant --state-dir "$STATE" port-down lab-b >"$OUT/plant.json" 2>"$OUT/plant.err" ||
    die "faults.sh plant port-down lab-b failed: $(cat "$OUT/plant.err")"
check "host-nic lab-b:rxe0/1 is raised while data0 is down" \
    wait_for 40 "$FROM" 'map(select(.event == "raised" and .id == "host-nic:lab-b:rxe0/1")) | length >= 1'
NAMED=$((SECONDS - T0))
F=$(tail -n "+$((FROM + 1))" "$W" | jq -c -s 'map(select(.event == "raised" and .id == "host-nic:lab-b:rxe0/1")) | last')
echo "named after ${NAMED} s: $(jq -r '"\(.id) at \(.confidence)"' <<<"$F")"
jqe() { jq -e "$1" <<<"$F" >/dev/null; }
check "its confidence is above 0.9 ($(jq -r .confidence <<<"$F"))" jqe '.confidence > 0.9'
check "its first evidence is lab-b's own reading of its port" \
    jqe '.evidence[0].host == "lab-b" and (.evidence[0].value | test("down|DOWN"))'
PLANTED=$FROM

FROM=$(lines)
T1=$SECONDS
bash "$FAULTS" clear --state-dir "$STATE" >"$OUT/clear.out" 2>&1 || die "faults.sh clear failed: $(cat "$OUT/clear.out")"
# Cleared: a round after the port came back that names nothing (raised and cleared ids balance over the run).
OPEN='reduce .[] as $e ({}; if $e.event == "raised" then .[$e.id] = 1 elif $e.event == "cleared" then del(.[$e.id]) else . end)'
check "every finding clears within ${CLEAR_S} s of the port coming back" \
    wait_for "$CLEAR_S" "$FROM" 'map(select(.event == "round" and .findings == 0 and .agents_up == 2)) | length >= 1'
echo "cleared after $((SECONDS - T1)) s; open at the end: $(jq -c -s "$OPEN | keys" "$W")"
check "no finding is open" test "$(jq -c -s "$OPEN | keys" "$W")" = "[]"
# One fault, one finding: neither the GID slot of the loopback that fails with the port nor the access link while
# the port settles after it came back (its traffic needs a few seconds more) is named beside it.
OTHERS=$(tail -n "+$((PLANTED + 1))" "$W" | jq -c -s '[.[] | select(.event == "raised") | .id] | unique')
check "the bounce raised host-nic lab-b:rxe0/1 only ($OTHERS)" test "$OTHERS" = '["host-nic:lab-b:rxe0/1"]'
check "a round after the clear probed RDMA cells that work (cells_failed 0)" \
    wait_for 20 "$FROM" 'map(select(.event == "round" and .cells_failed == 0)) | length >= 1'

# Renumbered and back: each time lab-b is discovered again and every agent restarted on its new GIDs.
for step in "198.18.0.2 198.18.0.12" "198.18.0.12 198.18.0.2"; do
    read -r was now <<<"$step"
    FROM=$(lines)
    T2=$SECONDS
    renumber "$was" "$now" || die "lab-b: cannot renumber data0 to $now"
    check "lab-b's data0 at $now: the watch discovers lab-b again and restarts the agents" \
        wait_for 90 "$FROM" 'map(select(.event == "rediscovered" and .host == "lab-b")) | length >= 1'
    R=$(tail -n "+$((FROM + 1))" "$W" | jq -c -s 'map(select(.event == "rediscovered")) | first')
    echo "rediscovered after $((SECONDS - T2)) s: $(jq -r '.changed' <<<"$R")"
    check "the change names lab-b's new IPv4 GID ($(jq -r .changed <<<"$R"))" \
        grep -q "ffff:$(printf '%02x%02x:%02x%02x' ${now//./ })" <<<"$(jq -r .changed <<<"$R")"
    check "then a round probes the new GIDs with nothing failing and no finding" \
        wait_for 90 "$FROM" 'map(select(.event == "round" and .findings == 0 and .cells_failed == 0 and .agents_up == 2)) | length >= 1'
    echo "healthy again $((SECONDS - T2)) s after the renumbering"
done

kill -INT "$WATCH"
wait "$WATCH"
rc=$?
check "the watch ends healthy on Ctrl-C (exit $rc)" test "$rc" = 0
trap - EXIT
AGENTS='n=0; for p in /proc/[0-9]*; do c=$(tr "\0" "|" <$p/cmdline 2>/dev/null); case $c in *rocepilot-probe-*"|agent|") n=$((n + 1)) ;; esac; done; echo $n'
for h in lab-a lab-b; do
    check "$h: no agent left running" test "$(gssh "$h" "$AGENTS")" = 0
done
finish

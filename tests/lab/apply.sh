#!/bin/bash
# SPDX-License-Identifier: GPL-3.0-or-later
# The apply engine on the real lab guests: plan from their own discovery, dry-run, apply (read back in the guest
# with its own tools, not ours), apply again (nothing changes), rollback (the guest equals what it was, field by
# field), and the faults: DCB steps on virtio-net, a step that cuts the management link (the guest's dead-man
# reverts it), sshd killed mid-apply, the controller killed mid-apply (rollback and resume from the journal), a
# full disk for the journal. Every case ends in a state this script reads back from the guests.
. "$(dirname "$0")/common.sh"

DRIVER=${3:?usage: $0 ROCEPILOT_CLI STATE_DIR RDMA_DRIVER}
export RP_JOURNAL_DIR=$OUT/journals
mkdir -p "$RP_JOURNAL_DIR"

# The guest's own view of everything the plans touch, normalised (an egress entry mapped to 0 = no entry).
RAW='
printf "mtu data0 %s\n" "$(cat /sys/class/net/data0/mtu)"
printf "mtu mgmt0 %s\n" "$(cat /sys/class/net/mgmt0/mtu)"
printf "oper mgmt0 %s\n" "$(cat /sys/class/net/mgmt0/operstate)"
printf "egress data0.2 "; sed -n "s/^ *EGRESS priority mappings: //p" /proc/net/vlan/data0.2 | tr " " "\n" | grep -v ":0$" | grep . | tr "\n" " "; echo
# rdma_cm keeps its defaults in the kernel, not in configfs: read them through a directory made for the read
d=/sys/kernel/config/rdma_cm/rxe0 made=
[ -d $d ] && echo "rdma_cm dir present" || { echo "rdma_cm dir absent"; mkdir $d && made=1; }
for f in $d/ports/1/default_roce_mode $d/ports/1/default_roce_tos; do printf "%s %s\n" "$f" "$(cat "$f")"; done
[ -n "$made" ] && rmdir $d
ls -d /run/rocepilot-deadman-* 2>/dev/null | sed "s/^/leftover /"
ps -ef 2>/dev/null | grep "[r]p-deadman" | sed "s/^/leftover process /"
'
raw() { gssh "$1" sh -s <<<"$RAW" 2>&1; } # HOST -> state lines
same_as() { # HOST FILE DESCRIPTION : the guest equals the state saved in FILE
    raw "$1" >"$OUT/$1.now"
    if diff -u "$2" "$OUT/$1.now" >"$OUT/$1.diff"; then pass "$3"; else fail "$3:"$'\n'"$(cat "$OUT/$1.diff")"; fi
}
last_journal() { ls -t "$RP_JOURNAL_DIR"/*.json | head -1; }
host_state() { jq -r --arg h "$2" '.hosts[] | select(.name == $h) | .state' "$1"; }
host_msg() { jq -r --arg h "$2" '.hosts[] | select(.name == $h) | .message' "$1"; }

# rdma_cm's ToS seen by a connection made now without a ToS of its own (tests/perf/rdma_driver in the guests):
# "<rdma_cm path traffic class> <QP traffic class>" on the client lab-b -> lab-a
for _ in 1 2 3 4 5; do
    rc=0
    "$LAB" push --state-dir "$STATE" "$DRIVER" >"$OUT/push.out" 2>"$OUT/push.err" || rc=$?
    ((rc == 3)) || break
    sleep 2
done
((rc == 0)) || die "lab.sh push of rdma_driver failed (exit $rc): $(cat "$OUT/push.err")"
TOS_PORT=18900
tos_by_connection() {
    local args="--mode ping --op send --size 64 --duration 0.3 --warmup 0.1 --connect-timeout 60"
    TOS_PORT=$((TOS_PORT + 1))
    gssh lab-a "timeout 90 rdma_driver server --port $TOS_PORT $args" >"$OUT/tos-$TOS_PORT.server" 2>&1 &
    local spid=$!
    gssh lab-b "timeout 90 rdma_driver client --server 198.18.0.1 --port $TOS_PORT $args" >"$OUT/tos-$TOS_PORT.client" 2>&1
    wait "$spid"
    jq -r 'select(.event == "connected") | "\(.rdmacm_traffic_class) \(.traffic_class)"' "$OUT/tos-$TOS_PORT.client" 2>/dev/null
}

raw lab-a >"$OUT/lab-a.orig"
raw lab-b >"$OUT/lab-b.orig"
tc_before=$(tos_by_connection)
grep -q "mtu data0 1500" "$OUT/lab-a.orig" || die "lab-a does not start from MTU 1500: $(cat "$OUT/lab-a.orig")"

# --- the plan, from the lab's own discovery --------------------------------------------------------------
"$CLI" plan --profile lossless-pcp-vlan --inventory "$INVENTORY" --out "$OUT/plan" >"$OUT/plan.out" 2>&1 ||
    die "plan failed: $(cat "$OUT/plan.out")"
check "the plan has no DCB steps on virtio-net, and says why" grep -q "No DCB steps for data0: discovery found no DCB" "$OUT/plan/lab-a.txt"
check "the plan's undo is exact (MTU back to 1500)" grep -q "ip link set dev data0 mtu 1500" "$OUT/plan/lab-a.txt"

# --- the same plan from an earlier discovery (plan --facts) ---------------------------------------------
discover "$OUT/facts.json"
"$CLI" plan --profile lossless-pcp-vlan --inventory "$INVENTORY" --facts "$OUT/facts.json" --out "$OUT/plan-facts" \
    >"$OUT/plan-facts.out" 2>&1 || die "plan --facts failed: $(cat "$OUT/plan-facts.out")"
check "plan --facts FILE gives the same plan.json as a live discovery" cmp -s "$OUT/plan/plan.json" "$OUT/plan-facts/plan.json"

# --- dry-run: nothing changes ---------------------------------------------------------------------------
rc=0
"$CLI" apply --plan "$OUT/plan" --dry-run >"$OUT/dry.out" 2>&1 || rc=$?
check "dry-run exits 0" test "$rc" = 0
check "dry-run lists the steps that would run" grep -q "pending      lab-a.data0.mtu" "$OUT/dry.out"
same_as lab-a "$OUT/lab-a.orig" "dry-run changed nothing on lab-a"

# --- apply, read back in the guests -----------------------------------------------------------------------
rc=0
"$CLI" apply --plan "$OUT/plan" >"$OUT/apply.out" 2>&1 || rc=$?
check "apply exits 0" test "$rc" = 0
J=$(last_journal)
check "the journal says applied" test "$(jq -r .state "$J")" = applied
for h in lab-a lab-b; do
    raw $h >"$OUT/$h.applied"
    check "$h: data0 MTU 9000 (the guest's sysfs)" grep -q "mtu data0 9000" "$OUT/$h.applied"
    check "$h: every priority leaves VLAN 2 with PCP 3 (/proc/net/vlan)" grep -q "egress data0.2 0:3 1:3 2:3 3:3 4:3 5:3 6:3 7:3" "$OUT/$h.applied"
    check "$h: rdma_cm default mode RoCE v2 (configfs)" grep -q "default_roce_mode RoCE v2" "$OUT/$h.applied"
    check "$h: rdma_cm default ToS 104 (configfs)" grep -q "default_roce_tos 104" "$OUT/$h.applied"
done
# RDMA still works after the change (rdma_cm picks the new defaults up for a new connection)
rc=0
"$CLI" test --inventory "$INVENTORY" --server lab-a --client lab-b --transport rdma --mode ping --size 64 --iterations 200 \
    >"$OUT/test-after-apply.out" 2>&1 || rc=$?
check "an RDMA ping between the guests works after the apply" test "$rc" = 0

tc=$(tos_by_connection)
check "a connection made after the apply carries rdma_cm's new default ToS 104 (path and QP: '$tc')" test "$tc" = "104 104"
check "(the connection before the apply had '$tc_before')" test -n "$tc_before"

# --- apply again: idempotent ---------------------------------------------------------------------------
rc=0
"$CLI" apply --plan "$OUT/plan" >"$OUT/again.out" 2>&1 || rc=$?
check "applying the applied plan exits 0" test "$rc" = 0
J2=$(last_journal)
check "and changes nothing (both hosts unchanged)" test "$(host_state "$J2" lab-a) $(host_state "$J2" lab-b)" = "unchanged unchanged"

# --- rollback from the first journal ---------------------------------------------------------------------
rc=0
"$CLI" rollback "$J" >"$OUT/rollback.out" 2>&1 || rc=$?
check "rollback exits 0" test "$rc" = 0
check "the engine proved both hosts equal to their snapshots" test "$(jq -r .state "$J")" = rolled-back
same_as lab-a "$OUT/lab-a.orig" "lab-a equals its state before the apply, field by field"
same_as lab-b "$OUT/lab-b.orig" "lab-b equals its state before the apply, field by field"
tc=$(tos_by_connection)
check "a connection made after the rollback carries the ToS it had before ('$tc_before'; now '$tc')" test "$tc" = "$tc_before"

# --- DCB forced onto virtio-net: fails with the driver's words, rolls back ------------------------------
sed 's/^\(    kind: linux\)$/\1\n    dcb: apply/' "$INVENTORY" >"$OUT/inventory-dcb.yaml"
"$CLI" plan --profile lossless-pcp-vlan --inventory "$OUT/inventory-dcb.yaml" --out "$OUT/plan-dcb" >"$OUT/plan-dcb.out" 2>&1 ||
    die "plan with dcb: apply failed: $(cat "$OUT/plan-dcb.out")"
check "dcb: apply puts the DCB steps in" grep -q "dcb ets set dev data0" "$OUT/plan-dcb/lab-a.txt"
rc=0
"$CLI" apply --plan "$OUT/plan-dcb" >"$OUT/apply-dcb.out" 2>&1 || rc=$?
check "apply with DCB on virtio-net exits 1" test "$rc" = 1
J=$(last_journal)
check "the failed step carries the driver's own message" grep -q "Operation not supported" <<<"$(jq -r '.hosts[].steps[].message' "$J")"
check "both hosts rolled back (policy stop)" test "$(host_state "$J" lab-a) $(host_state "$J" lab-b)" = "rolled-back rolled-back"
same_as lab-a "$OUT/lab-a.orig" "lab-a unchanged after the DCB failure"
same_as lab-b "$OUT/lab-b.orig" "lab-b unchanged after the DCB failure"

# Hand-made plans below: the lab's plan plus a step, without the plan's source (so it is applied as written) and
# without the digests of the reviewed texts (an edited step under its old digest is refused: docs/profile.md).
handmade() { # NAME HOST STEP_JSON POSITION -> $OUT/NAME/plan.json with only HOST, and $OUT/NAME/inventory.yaml
    mkdir -p "$OUT/$1"
    jq -r '.source.inventory' "$OUT/plan/plan.json" >"$OUT/$1/inventory.yaml"
    jq --arg h "$2" --argjson s "$3" --argjson at "$4" \
        'del(.source) | .targets = [.targets[] | select(.name == $h) | del(.file_sha256)
            | .steps = (.steps[0:$at] + [$s] + .steps[$at:])]' \
        "$OUT/plan/plan.json" >"$OUT/$1/plan.json"
}

# --- a step that cuts the management link: the guest reverts by itself ---------------------------------
handmade cut lab-a '{"id": "lab-a.mgmt0.down", "title": "Management NIC down", "kind": "host-argv",
  "argv": ["ip", "link", "set", "dev", "mgmt0", "down"], "verify": {"argv": ["cat", "/sys/class/net/mgmt0/operstate"], "expect": "down"},
  "undo": {"known": true, "commands": [["ip", "link", "set", "dev", "mgmt0", "up"]]}}' 1
t0=$SECONDS
rc=0
"$CLI" apply --plan "$OUT/cut" --inventory "$OUT/cut/inventory.yaml" --confirm-timeout 15 >"$OUT/cut.out" 2>&1 || rc=$?
check "the link-cutting apply exits 1" test "$rc" = 1
J=$(last_journal)
check "the dead-man was armed for the step (found by the engine: mgmt0 carries the session)" \
    test "$(jq -r '.hosts[0].steps[] | select(.id == "lab-a.mgmt0.down") | .deadman' "$J")" = true
msg=$(jq -r '.hosts[0].steps[] | select(.id == "lab-a.mgmt0.down") | .message' "$J")
check "the host undid the step by itself and the controller reconnected" grep -q "undid the applied steps by itself (dead-man" <<<"$msg"
check "lab-a rolled back" test "$(host_state "$J" lab-a)" = rolled-back
same_as lab-a "$OUT/lab-a.orig" "lab-a equals its state before (mgmt0 up, MTU 1500, nothing left running)"
echo "figure: dead-man revert: $(grep -o 'answered again [0-9.]* s after the step started' <<<"$msg") (timeout 15 s; whole run $((SECONDS - t0)) s)"

# --- sshd killed mid-apply -----------------------------------------------------------------------------
handmade sshd lab-b '{"id": "lab-b.wait", "title": "A slow step", "kind": "host-argv", "argv": ["sleep", "8"],
  "verify": {"expect": ""}, "undo": {"known": true, "commands": []}}' 1
"$CLI" apply --plan "$OUT/sshd" --inventory "$OUT/sshd/inventory.yaml" >"$OUT/sshd.out" 2>&1 &
pid=$!
for _ in $(seq 1 100); do grep -q "lab-b.wait: run" "$OUT/sshd.out" && break; sleep 0.2; done
sleep 1
timeout 10 ssh -F "$STATE/ssh_config" lab-b 'killall sshd' >/dev/null 2>&1 || true
rc=0
wait $pid || rc=$?
check "apply with sshd killed mid-step exits 1" test "$rc" = 1
J=$(last_journal)
check "lab-b was rolled back after reconnecting ($(host_msg "$J" lab-b | head -c 200))" test "$(host_state "$J" lab-b)" = rolled-back
same_as lab-b "$OUT/lab-b.orig" "lab-b equals its state before the sshd kill"

# --- the controller killed mid-apply: rollback, then resume, from the journal -----------------------------
handmade killed lab-a '{"id": "lab-a.wait", "title": "A slow step", "kind": "host-argv", "argv": ["sleep", "6"],
  "verify": {"expect": ""}, "undo": {"known": true, "commands": []}}' 1
kill_midway() { # starts an apply, SIGKILLs it while lab-a.wait runs; prints the journal
    local before pid
    before=$(last_journal)
    # Emptied here, not by the child's redirection: that runs after the fork, and the wait below would
    # otherwise find the previous run's "run" line and kill this apply before it starts.
    : >"$OUT/killed.out"
    "$CLI" apply --plan "$OUT/killed" --inventory "$OUT/killed/inventory.yaml" >"$OUT/killed.out" 2>&1 &
    pid=$!
    for _ in $(seq 1 150); do grep -q "lab-a.wait: run" "$OUT/killed.out" && break; sleep 0.2; done
    kill -9 $pid
    wait $pid 2>/dev/null
    J=$(last_journal)
    [[ $J != "$before" ]] || die "the killed apply wrote no journal: $(tail -3 "$OUT/killed.out")"
}
kill_midway
"$CLI" journal list >"$OUT/journal-list.out" 2>&1
check "journal list shows the run as unfinished" grep -q "$(jq -r .id "$J").*unfinished" "$OUT/journal-list.out"
check "the journal shows MTU applied and the slow step running" \
    test "$(jq -r '[.hosts[0].steps[0:2][] | .state] | join(" ")' "$J")" = "verified running"
rc=0
"$CLI" rollback "$J" >"$OUT/killed-rollback.out" 2>&1 || rc=$?
check "rollback of the killed run exits 0" test "$rc" = 0
same_as lab-a "$OUT/lab-a.orig" "lab-a equals its state before the killed run"
kill_midway
rc=0
"$CLI" journal resume "$J" >"$OUT/killed-resume.out" 2>&1 || rc=$?
check "resume of the killed run exits 0" test "$rc" = 0
check "resume finished the plan (journal applied)" test "$(jq -r .state "$J")" = applied
check "lab-a has the plan's MTU after resume" grep -q "mtu data0 9000" <<<"$(raw lab-a)"
"$CLI" rollback "$J" >"$OUT/killed-rollback2.out" 2>&1 || fail "rollback after resume: $(tail -3 "$OUT/killed-rollback2.out")"
same_as lab-a "$OUT/lab-a.orig" "lab-a equals its state before, after resume and rollback"

# --- a full disk for the journal: refuse to start --------------------------------------------------------
full=$OUT/full
mkdir -p "$full"
if mount -t tmpfs -o size=64k tmpfs "$full"; then
    dd if=/dev/zero of="$full/fill" bs=4k count=100 >/dev/null 2>&1 || true
    rc=0
    RP_JOURNAL_DIR=$full "$CLI" apply --plan "$OUT/plan" >"$OUT/full.out" 2>&1 || rc=$?
    check "apply with a full journal disk exits 1" test "$rc" = 1
    check "and says it refuses without a journal" grep -q "refusing to change anything without a journal" "$OUT/full.out"
    same_as lab-a "$OUT/lab-a.orig" "nothing changed on lab-a"
    umount "$full"
else
    fail "cannot mount a small tmpfs for the full-disk case (the lab tests run as root)"
fi
finish

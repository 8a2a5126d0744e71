#!/bin/bash
# SPDX-License-Identifier: GPL-3.0-or-later
# rocepilot-cli fabric check --rdma on the two Soft-RoCE guests: an agent on each with a UD QP per GID, every
# directed (source GID, destination GID) cell of the pair probed over RDMA UD. Cells between RoCE v2 IPv4 GIDs of
# one subnet work; a failing cell towards a link-local GID is expected-bad with reason link-local, never red; the
# pair is healthy (exit 0); with RoCE v2 dropped on lab-b both loopbacks still work and GID 1 is named; no agent is
# left on the guests. A guest paused again and again mid-round is named as a stalled host (a note), never as the
# network.
. "$(dirname "$0")/common.sh"

J=$OUT/fabric.json
"$CLI" fabric check --inventory "$INVENTORY" --rdma --json >"$J" 2>"$OUT/fabric.err"
rc=$?
check "fabric check --rdma exits 0 (healthy pair; stderr: $(tail -3 "$OUT/fabric.err"))" test "$rc" = 0
q() { jq -r "$@" "$J"; }
check "both agents up" test "$(q '[.agents[] | select(.state == "up")] | length')" = 2
check "RDMA endpoints on both guests" test "$(q '[.endpoints[] | select(.transport == "rdma") | .host] | unique | length')" = 2
# Each agent read its own rxe port's hw_counters over the phase (the real ones of rdma_rxe): the retransmission
# counters are there (0 on a healthy pair of UD probes: nothing is retransmitted), and rxe has no pause, discard or CNP
# counter, so those stay absent rather than 0.
check "both agents said their host's counters, retransmits among them ($(q -c '[.agents[].counters]'))" test \
    "$(q '[.agents[] | select(.counters.retransmits != null)] | length')" = 2
check "no pause or CNP rate from rxe, which has no such counter" test \
    "$(q '[.agents[].counters | (.pause_rx, .pause_tx, .cnp_sent, .cnp_handled) | select(. != null)] | length')" = 0
# A cell with its two endpoints, for the selections below.
CELLS='[.endpoints as $e | .cells[] | select(.second_pass | not) | . + {f: $e[.from], t: $e[.to]}]'
V4='(.transport == "rdma" and .type == "RoCE v2" and (.address | test("^[0-9.]+$")))'
n_v4=$(q "$CELLS | map(select(.f.host != .t.host and (.f | $V4) and (.t | $V4) and .f.subnet == .t.subnet)) | length")
check "cells between RoCE v2 IPv4 GIDs of one subnet were probed ($n_v4)" test "$n_v4" -ge 2
check "every one of them works" test \
    "$(q "$CELLS | map(select(.f.host != .t.host and (.f | $V4) and (.t | $V4) and .f.subnet == .t.subnet and (.failed or .received == 0))) | length")" = 0
n_ll=$(q "$CELLS | map(select(.f.host != .t.host and .t.link_local and .t.transport == \"rdma\")) | length")
check "cells towards link-local GIDs were probed ($n_ll)" test "$n_ll" -ge 1
check "each failing one is expected-bad with reason link-local" test \
    "$(q "$CELLS | map(select(.f.host != .t.host and .t.link_local and .failed and (.expected != true or .reason != \"link-local\"))) | length")" = 0
# Notes (info: a host that stalled or answers late) may come with a loaded machine; a fault may not.
check "no finding above info on the healthy pair ($(q -c '[.findings[] | select(.severity != "info") | .title]'))" \
    test "$(q '[.findings[] | select(.severity != "info")] | length')" = 0
echo "round $(q .seconds) s, agents ready after $(q .start_seconds) s, $(q .cells_probed) cells; agent CPU: $(q '[.agents[].cpu_percent] | map(tostring) | join(", ")') %"
"$CLI" fabric check --inventory "$INVENTORY" --rdma >"$OUT/fabric.txt" 2>&1
sed -n '1,3p' "$OUT/fabric.txt"
# lab-b's guest paused for 1.5 s every 3 s while the check runs (SIGSTOP to its qemu: what a saturated host or a
# paused VM does), so that whole pauses fall inside the probing phase however long the agents take to start. Its
# agent sees each gap on its own clock and says so; the probes it answered late are its delay, not loss: a note
# names lab-b, nothing above info, exit 0. (Before, one such pause raised "the link ... loses packets" against either
# guest, and a loaded CI machine did the same once on its own.)
QEMU_B=$(cat "$STATE/lab-b.pid")
S=$OUT/fabric-stall.json
PAUSES=$OUT/pauses.txt
: >"$PAUSES"
"$CLI" fabric check --inventory "$INVENTORY" --rdma --duration 6 --json >"$S" 2>"$OUT/fabric-stall.err" &
cpid=$!
(
    while sleep 1.5 && kill -0 "$cpid" 2>/dev/null; do
        a=$(date +%s.%N)
        kill -STOP "$QEMU_B"
        sleep 1.5
        kill -CONT "$QEMU_B"
        echo "$a $(date +%s.%N)" >>"$PAUSES"
    done
) &
ppid=$!
wait "$cpid"
rc=$?
wait "$ppid"
kill -CONT "$QEMU_B"
started=$(date -d "$(jq -r .started "$S" 2>/dev/null)" +%s.%N 2>/dev/null || echo 0)
inside=$(awk -v s="$started" '$1 >= s + 0.3 && $2 <= s + 5.7 { n++ } END { print n + 0 }' "$PAUSES")
check "lab-b paused inside the probing phase ($inside of $(wc -l <"$PAUSES") pauses)" test "$inside" -ge 1
check "with lab-b paused: exit 0 (stderr: $(tail -3 "$OUT/fabric-stall.err"))" test "$rc" = 0
check "with lab-b paused: no finding above info ($(jq -c '[.findings[] | select(.severity != "info") | .title]' "$S"))" \
    test "$(jq '[.findings[] | select(.severity != "info")] | length' "$S")" = 0
check "with lab-b paused: a note names lab-b ($(jq -c '[.findings[] | .title]' "$S"))" \
    test "$(jq -r '[.findings[] | select(.class == "host-busy" and .element == "lab-b")] | length' "$S")" = 1
echo "late answers put down to the pause: $(jq '[.cells[].host_late] | add' "$S")"

# RoCE v2 over IPv4 dropped where it enters lab-b (tc, as applog.sh does; VLAN 2 frames pass): GID 1 of the pair
# fails, the second pass probes each end's own loopback, and both work. (A reply's address handle was once cached
# by the GRH's sgid, which RoCE v2 over IPv4 leaves meaningless: lab-a's loopback replies went to lab-b and the
# finding named lab-a alone.) Two guests cannot tell which end drops: GID 1 of either, never anything else.
DROP="tc qdisc del dev data0 clsact 2>/dev/null; tc qdisc add dev data0 clsact && tc filter add dev data0 ingress protocol ip prio 1 u32 match ip protocol 17 0xff match ip dport 4791 0xffff action drop"
gssh lab-b "$DROP" || die "lab-b: cannot drop UDP 4791 with tc"
F=$OUT/fabric-drop.json
"$CLI" fabric check --inventory "$INVENTORY" --rdma --json >"$F" 2>"$OUT/fabric-drop.err"
rc=$?
gssh lab-b "tc qdisc del dev data0 clsact" || fail "lab-b: the tc drop could not be removed"
check "with RoCE v2 dropped on lab-b: exit 1" test "$rc" = 1
LOOP='[.endpoints as $e | .cells[] | select(.second_pass and .from == .to) | {n: $e[.from].name, ok: (.failed | not)}]'
check "both ends' GID 1 loopbacks were probed and work" test \
    "$(jq -c "$LOOP | map(select(.n | test(\"#1$\"))) | sort_by(.n)" "$F")" = '[{"n":"lab-a:rxe0/1#1","ok":true},{"n":"lab-b:rxe0/1#1","ok":true}]'
check "the first finding is GID 1's, on lab-a or lab-b ($(jq -r '.findings[0].title' "$F"))" test \
    "$(jq -r '.findings[0].title | test("^GID index 1 of lab-[ab]:rxe0/1")' "$F")" = true

# The guests have no pgrep: argv read from /proc, "PROBE agent" exactly (this loop's own shell never ends so).
AGENTS='n=0; for p in /proc/[0-9]*; do c=$(tr "\0" "|" <$p/cmdline 2>/dev/null); case $c in *rocepilot-probe-*"|agent|") n=$((n + 1)) ;; esac; done; echo $n'
for h in lab-a lab-b; do
    check "$h: no agent left running" test "$(gssh "$h" "$AGENTS")" = 0
done
finish

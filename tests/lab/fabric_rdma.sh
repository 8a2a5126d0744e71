#!/bin/bash
# SPDX-License-Identifier: GPL-3.0-or-later
# rocepilot-cli fabric check --rdma on the two Soft-RoCE guests: an agent on each with a UD QP per GID, every
# directed (source GID, destination GID) cell of the pair probed over RDMA UD. Cells between RoCE v2 IPv4 GIDs of
# one subnet work; a failing cell towards a link-local GID is expected-bad with reason link-local, never red; the
# pair is healthy (exit 0) and no agent is left on the guests.
. "$(dirname "$0")/common.sh"

J=$OUT/fabric.json
"$CLI" fabric check --inventory "$INVENTORY" --rdma --json >"$J" 2>"$OUT/fabric.err"
rc=$?
check "fabric check --rdma exits 0 (healthy pair; stderr: $(tail -3 "$OUT/fabric.err"))" test "$rc" = 0
q() { jq -r "$1" "$J"; }
check "both agents up" test "$(q '[.agents[] | select(.state == "up")] | length')" = 2
check "RDMA endpoints on both guests" test "$(q '[.endpoints[] | select(.transport == "rdma") | .host] | unique | length')" = 2
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
check "no finding on the healthy pair" test "$(q '.findings | length')" = 0
echo "round $(q .seconds) s, agents ready after $(q .start_seconds) s, $(q .cells_probed) cells; agent CPU: $(q '[.agents[].cpu_percent] | map(tostring) | join(", ")') %"
"$CLI" fabric check --inventory "$INVENTORY" --rdma >"$OUT/fabric.txt" 2>&1
sed -n '1,3p' "$OUT/fabric.txt"
# The guests have no pgrep: argv read from /proc, "PROBE agent" exactly (this loop's own shell never ends so).
AGENTS='n=0; for p in /proc/[0-9]*; do c=$(tr "\0" "|" <$p/cmdline 2>/dev/null); case $c in *rocepilot-probe-*"|agent|") n=$((n + 1)) ;; esac; done; echo $n'
for h in lab-a lab-b; do
    check "$h: no agent left running" test "$(gssh "$h" "$AGENTS")" = 0
done
finish

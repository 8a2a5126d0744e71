#!/bin/bash
# SPDX-License-Identifier: GPL-3.0-or-later
# The apply engine drives switch targets through their vendor sessions, against switch CLI EMULATORS (EOS, NX-OS,
# Cumulus NVUE; tests/support/switch-emu: emulators behind real sshd, not switches): plan from the inventory, dry
# run (staged and thrown away), apply (confirmed), rollback from the journal (running configuration equal to
# before), and a rejected line (the switch rolls back, the run fails). Run through switches.sh run DIR -- ...
# Usage: switch_apply.sh ROCEPILOT_CLI WORKDIR   (RP_SWITCH_LAB_DIR set by switches.sh run)
set -uo pipefail
CLI=${1:?usage: $0 ROCEPILOT_CLI WORKDIR}
WORK=${2:?usage: $0 ROCEPILOT_CLI WORKDIR}
LABDIR=${RP_SWITCH_LAB_DIR:?run through tests/support/switch-emu/switches.sh run DIR -- $0 ...}
. "$(dirname "$0")/../support/checks.sh"
rm -rf "$WORK"
mkdir -p "$WORK"
export RP_JOURNAL_DIR=$WORK/journals
{ echo "version: 1"; cat "$LABDIR/inventory-snippet.yaml"; } >"$WORK/inventory.yaml"
last_journal() { ls -t "$RP_JOURNAL_DIR"/*.json | head -1; }
states() { jq -r '[.switches[] | .state] | join(" ")' "$1"; }

"$CLI" plan --profile lossless-dscp --inventory "$WORK/inventory.yaml" --out "$WORK/plan" --no-discover >"$WORK/plan.out" 2>&1 ||
    { echo "FAIL: plan: $(cat "$WORK/plan.out")" >&2; exit 1; }
rc=0
"$CLI" apply --plan "$WORK/plan" --dry-run >"$WORK/dry.out" 2>&1 || rc=$?
check "dry-run exits 0" test "$rc" = 0
check "dry-run: every emulated switch staged and threw it away ($(states "$(last_journal)"))" \
    test "$(states "$(last_journal)")" = "dry-run dry-run dry-run"
rc=0
"$CLI" apply --plan "$WORK/plan" >"$WORK/apply.out" 2>&1 || rc=$?
J=$(last_journal)
check "apply exits 0 ($(tail -3 "$WORK/apply.out" | tr '\n' ' '))" test "$rc" = 0
check "every switch applied, read back and confirmed ($(states "$J"))" test "$(states "$J")" = "confirmed confirmed confirmed"
check "the journal keeps each switch's snapshot" test "$(jq '[.switches[] | select(.snapshot != "")] | length' "$J")" = 3
rc=0
"$CLI" rollback "$J" >"$WORK/rollback.out" 2>&1 || rc=$?
check "rollback exits 0" test "$rc" = 0
check "every switch back at its snapshot ($(jq -r '[.switches[].message] | join(" | ")' "$J" | head -c 300))" \
    test "$(states "$J")" = "rolled-back rolled-back rolled-back"
check "the running configurations equal the snapshots" \
    test "$(jq '[.switches[] | select(.message | test("equal to before"))] | length' "$J")" = 3

# A line the switch rejects: the EOS emulator answers "% Invalid input"; the session is aborted, nothing stays.
jq '.targets = [.targets[] | select(.name == "sw-eos") | del(.file_sha256) | .steps = ([{id: "sw-eos.bogus", title: "A line EOS rejects",
    kind: "switch-cli", cli: "frobnicate the fabric", verify: {cli: "", expect: ""}, undo: {known: true, commands: [], cli: ""}}] + .steps)]
    | del(.source)' "$WORK/plan/plan.json" >"$WORK/bad.json"
mkdir -p "$WORK/bad"
mv "$WORK/bad.json" "$WORK/bad/plan.json"
rc=0
"$CLI" apply --plan "$WORK/bad" --inventory "$WORK/inventory.yaml" >"$WORK/bad.out" 2>&1 || rc=$?
J=$(last_journal)
check "a rejected line fails the run (exit 1)" test "$rc" = 1
check "the switch rolled back to its snapshot ($(jq -r '.switches[0].message' "$J" | head -c 200))" \
    test "$(jq -r '.switches[0].state' "$J")" = rolled-back
if ((FAILS > 0)); then
    echo "switch_apply: $FAILS check(s) FAILED (outputs in $WORK)" >&2
    exit 1
fi
echo "switch_apply: PASS"

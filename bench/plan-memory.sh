#!/bin/bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Peak memory and time of a plan for a large fleet: writing it (`plan`), reading it back (`export ansible` reads
# plan.json and checks every target's digest) and, side by side in the same run, what an admin would otherwise use
# to look at the same plan.json: jq (`jq length`) and Python's json module. Prints peak RSS (MB), seconds and the
# ratios. Generated Linux hosts (one RoCE interface each), no SSH: --no-discover.
# Usage: bench/plan-memory.sh ROCEPILOT_CLI [HOSTS] [PROFILE]
set -uo pipefail
CLI=${1:?usage: $0 ROCEPILOT_CLI [HOSTS] [PROFILE]}
HOSTS=${2:-10000}
PROFILE=${3:-lossless-dscp}
command -v jq >/dev/null || { echo "jq missing: bash installer/deps.sh" >&2; exit 1; }
command -v python3 >/dev/null || { echo "python3 missing" >&2; exit 1; }
WORK=$(mktemp -d /tmp/rp-plan-bench.XXXXXX)
trap 'rm -rf "$WORK"' EXIT

{
    echo "version: 1"
    echo "hosts:"
    for ((i = 0; i < HOSTS; i++)); do
        printf '  - name: h%d\n    kind: linux\n    address: 10.%d.%d.%d\n    interfaces:\n' \
            "$i" $((i / 65536 % 256)) $((i / 256 % 256)) $((i % 256))
        printf '      - name: ens1f0\n        rdma_device: rocep1s0f0\n'
    done
} >"$WORK/inventory.yaml"

# measure NAME CMD... -> one row: name, peak RSS in MB, wall seconds (the command must succeed)
declare -A RSS SECS
measure() {
    local name=$1
    shift
    if ! /usr/bin/time -f "%M %e" -o "$WORK/time" "$@" >"$WORK/out" 2>&1; then
        echo "$name failed: $(tail -3 "$WORK/out")" >&2
        exit 1
    fi
    read -r kb secs <"$WORK/time"
    RSS[$name]=$((kb / 1024))
    SECS[$name]=$secs
    printf '%-34s %8d MB %8.1f s\n' "$name" "${RSS[$name]}" "$secs"
}

echo "plan of $HOSTS generated Linux hosts, profile $PROFILE ($(nproc) cores)"
measure "rocepilot-cli plan (write)" "$CLI" plan --profile "$PROFILE" --inventory "$WORK/inventory.yaml" \
    --out "$WORK/plan" --no-discover
json_mb=$(($(stat -c %s "$WORK/plan/plan.json") / 1048576))
echo "plan.json: $json_mb MB, $(find "$WORK/plan" -type f | wc -l) files"
measure "rocepilot-cli export (read)" "$CLI" export ansible --plan "$WORK/plan" --inventory "$WORK/inventory.yaml" \
    --out "$WORK/ansible"
measure "jq length plan.json" jq '.targets | length' "$WORK/plan/plan.json"
measure "python3 json.load(plan.json)" python3 -c 'import json,sys; print(len(json.load(open(sys.argv[1]))["targets"]))' \
    "$WORK/plan/plan.json"

ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", (b > 0 ? a / b : 0) }'; }
echo "reading, rocepilot-cli / jq:     memory $(ratio "${RSS[rocepilot-cli export (read)]}" "${RSS[jq length plan.json]}")x," \
    "time $(ratio "${SECS[rocepilot-cli export (read)]}" "${SECS[jq length plan.json]}")x"
echo "reading, rocepilot-cli / python: memory $(ratio "${RSS[rocepilot-cli export (read)]}" "${RSS[python3 json.load(plan.json)]}")x," \
    "time $(ratio "${SECS[rocepilot-cli export (read)]}" "${SECS[python3 json.load(plan.json)]}")x"
echo "plan.json size per host: $(ratio $((json_mb * 1024)) "$HOSTS") KB; peak RSS per MB of plan.json: write" \
    "$(ratio "${RSS[rocepilot-cli plan (write)]}" "$json_mb"), read $(ratio "${RSS[rocepilot-cli export (read)]}" "$json_mb")"

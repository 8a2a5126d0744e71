#!/bin/bash
# SPDX-License-Identifier: GPL-3.0-or-later
# bench/counters-sampler.sh SAMPLER_BENCH PROBE [SECONDS] - CPU of counter sampling every 100 ms on a Soft-RoCE
# lab guest (lab/), side by side: rocepilot-probe sample, RoCE Pilot's shell loop, an admin's
# loop. Starts a private lab under the lab lock and stops it at the end.
set -euo pipefail
LAB=$(cd "$(dirname "$0")/.." && pwd)/lab/lab.sh
STATE=$(mktemp -d "${TMPDIR:-/tmp}/rp-sampler-bench.XXXXXX")
exec 9>/tmp/rp-lab.lock
flock 9
trap 'bash "$LAB" stop --state-dir "$STATE" >/dev/null 2>&1 || true; rm -rf "$STATE"' EXIT
bash "$LAB" start --state-dir "$STATE" --inventory-out "$STATE/inventory.yaml" >/dev/null 2>"$STATE/start.log" || {
    cat "$STATE/start.log" >&2
    exit 1
}
"$1" "$STATE/inventory.yaml" "$2" lab-a "${3:-30}"

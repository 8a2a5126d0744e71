#!/bin/bash
# SPDX-License-Identifier: GPL-3.0-or-later
# bench/fabric-lab.sh ROCEPILOT_CLI [PLANTS] [--rdma] - the fabric check scored on the Soft-RoCE lab fabric
# (issue 22): boots 6 guests behind 3 ToR bridges under a spine (`lab start --hosts 6 --racks 3`, a lab of its
# own; three racks, as with two every cell between racks crosses both uplinks and no probe tells them apart),
# runs `fabric watch` on them and plants PLANTS faults (default 20) one at a time with lab/faults.sh, each scored
# against the planter's truth by bench/fabric_score.py: detection time, element and class named, time to clear.
# Then 60 s with one guest's CPU saturated (no finding above info expected). Needs root (the fabric is bridges and
# taps in a netns) and takes about 10 minutes on 2 cores. Stops the lab at the end.
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
CLI=${1:?usage: $0 ROCEPILOT_CLI [PLANTS] [--rdma]}
PLANTS=${2:-20}
shift $(($# >= 2 ? 2 : 1))
WORK=$(mktemp -d "${TMPDIR:-/tmp}/rp-fabric-bench.XXXXXX")
STATE=$WORK/lab
exec 9>/tmp/rp-lab.lock
flock 9
trap 'bash "$ROOT/lab/lab.sh" stop --state-dir "$STATE" >/dev/null 2>&1 || true' EXIT
t=$SECONDS
"$CLI" lab start --hosts 6 --racks 3 --state-dir "$STATE" >"$WORK/start.out" 2>"$WORK/start.err"
echo "lab fabric: 6 guests in 3 racks up in $((SECONDS - t)) s"
python3 "$ROOT/bench/fabric_score.py" --cli "$CLI" --state "$STATE" --inventory "$STATE/inventory.yaml" \
    --plants "$PLANTS" --out "$WORK/out" --save "$WORK/watch.rpfabric" "$@"
echo "outputs: $WORK/out, run file $WORK/watch.rpfabric ($(du -h "$WORK/watch.rpfabric" | cut -f1))"

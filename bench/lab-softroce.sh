#!/bin/bash
# SPDX-License-Identifier: GPL-3.0-or-later
# bench/lab-softroce.sh [ROCEPILOT_CLI] - measures the built-in Soft-RoCE lab (lab/lab.sh) in one
# run, in a private cache and state dir (removed at the end): the kernel download, the image build from
# scratch with and without the download, start -> both guests ready, a start that reuses the running lab,
# discovery of both guests (when ROCEPILOT_CLI is given), a perftest pair, the qemu RSS of the pair, stop.
set -euo pipefail
LAB=$(cd "$(dirname "$0")/.." && pwd)/lab/lab.sh
CLI=${1:-}
WORK=$(mktemp -d "${TMPDIR:-/tmp}/rp-lab-bench.XXXXXX")
export RP_LAB_CACHE=$WORK/cache
STATE=$WORK/state
trap 'bash "$LAB" stop --state-dir "$STATE" >/dev/null 2>&1 || true; rm -rf "$WORK"' EXIT
now() { local t=${EPOCHREALTIME/./}; echo $((10#$t)); }
secs() { awk -v a="$1" -v b="$2" 'BEGIN {printf "%.1f", (b - a) / 1e6}'; }
rss() {
    local g tot=0 r
    for g in lab-a lab-b; do
        r=$(awk '/^VmRSS/ {print int($2 / 1024)}' "/proc/$(cat "$STATE/$g.pid")/status")
        printf '%s %s MB, ' "$g" "$r"
        tot=$((tot + r))
    done
    echo "pair $tot MB"
}

t=$(now)
bash "$LAB" build >/dev/null 2>"$WORK/build1.log"
t1=$(now)
echo "build from an empty cache (incl. apt-get download): $(secs "$t" "$t1") s"
grep -E 'downloaded|initramfs' "$WORK/build1.log" | sed 's/^/    /'
rm -rf "$RP_LAB_CACHE/images" "$RP_LAB_CACHE/kernel"
t=$(now)
bash "$LAB" build >/dev/null 2>"$WORK/build2.log"
echo "build from scratch with the .deb already downloaded: $(secs "$t" "$(now)") s"

t=$(now)
bash "$LAB" start --state-dir "$STATE" >"$WORK/start.out" 2>"$WORK/start.err"
echo "start -> both guests ready (SSH banner + key login): $(secs "$t" "$(now)") s"
grep -E ' ready: ' "$WORK/start.err" | sed 's/^.*\] /    /'
echo "qemu RSS after boot: $(rss)"
t=$(now)
bash "$LAB" start --state-dir "$STATE" >/dev/null 2>&1
echo "second start (reuses the running lab): $(secs "$t" "$(now)") s"

if [[ -n $CLI ]]; then
    for i in 1 2 3; do
        t=$(now)
        "$CLI" discover --inventory "$STATE/inventory.yaml" --json >"$WORK/discover.json"
        echo "rocepilot-cli discover of both guests, run $i: $(secs "$t" "$(now)") s"
    done
fi
SSH=(ssh -F "$STATE/ssh_config")
t=$(now)
"${SSH[@]}" lab-a 'timeout 60 ib_write_bw -d rxe0 -x 1 -n 500 -s 65536 >/dev/null 2>&1' &
sleep 1.5
"${SSH[@]}" lab-b 'timeout 60 ib_write_bw -d rxe0 -x 1 -n 500 -s 65536 198.18.0.1' >"$WORK/bw.txt" 2>&1 || true
wait
echo "ib_write_bw lab-b -> lab-a, 500 x 64 KiB: $(secs "$t" "$(now)") s wall, $(grep -A1 'BW average' "$WORK/bw.txt" | tail -1 | awk '{print $4 " MB/s (TCG)"}')"
echo "qemu RSS after discovery and perftest: $(rss)"
t=$(now)
bash "$LAB" stop --state-dir "$STATE" 2>/dev/null
echo "stop: $(secs "$t" "$(now)") s"

#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# The RDMA verbs engine against perftest, side by side in the Soft-RoCE lab (same guests, same minutes):
#   ping SEND p50 one-way latency at 2 B and 4 KiB vs ib_send_lat's t_typical (also half the round trip),
#   blast RDMA WRITE at 64 KiB vs ib_write_bw's BW average,
# in ROUNDS rounds that alternate ours and theirs (an emulated lab on a shared machine drifts by 2x within
# minutes: alternating keeps the drift out of the ratios); the medians of the rounds that produced a figure
# are compared.
# Ratios are ours / theirs. Targets: latency <= 1.0, throughput >= 1.0. Each side uses the same settings as
# perftest's defaults: busy polling, 2 B inline (ib_send_lat inlines small messages), and for the blast the TX
# depth and CQ moderation ib_write_bw prints in its own header (128 in flight; perftest 4.5 turns its default
# moderation of 100 off above 8 KiB, so at 64 KiB it signals every write: "CQ Moderation : 1").
# Besides the medians it prints each series' mean and spread (min..max, and max/min): on a loaded 2-core
# machine the rounds of one tool alone spread by 2x or more, far more than the gap between the tools.
#
#   bench/perf-rdma.sh [ROCEPILOT_CLI] [STATE_DIR] [ROUNDS]
#
# Ours runs through `rocepilot-cli test --transport rdma` (rocepilot-probe copied into the guests over SSH);
# perftest runs over SSH as tests/lab/perftest.sh runs it, with -x = the GID index discovery
# recommends. STATE_DIR: a running lab to use (default: start one in a temporary dir and stop it at the end).
# Under TCG the absolute numbers are emulation numbers (hundreds of us, about 10 MB/s): only the ratios mean
# something.
set -euo pipefail

CLI=${1:-${RP_CLI:-build/default/app/rocepilot-cli}}
STATE=${2:-}
ROUNDS=${3:-5}
LAB=$(cd "$(dirname "$0")/.." && pwd)/lab/lab.sh
[[ -x $CLI ]] || {
    echo "perf-rdma.sh: rocepilot-cli not found at $CLI" >&2
    exit 1
}
command -v jq >/dev/null || {
    echo "perf-rdma.sh: jq is missing" >&2
    exit 1
}
WORK=$(mktemp -d "${TMPDIR:-/tmp}/rp-perf-rdma.XXXXXX")
OWN_LAB=0
cleanup() {
    ((OWN_LAB)) && bash "$LAB" stop --state-dir "$STATE" >/dev/null 2>&1
    rm -rf "$WORK"
}
trap cleanup EXIT
if [[ -z $STATE ]]; then
    STATE=$WORK/lab
    OWN_LAB=1
    echo "starting a lab in $STATE ..." >&2
    bash "$LAB" start --state-dir "$STATE" >/dev/null 2>"$WORK/start.err" || {
        echo "perf-rdma.sh: lab.sh start failed: $(tail -5 "$WORK/start.err")" >&2
        exit 1
    }
fi
INV=$STATE/inventory.yaml
gssh() { ssh -F "$STATE/ssh_config" "$@"; }

"$CLI" discover --inventory "$INV" --json >"$WORK/discover.json" 2>"$WORK/discover.err" || {
    echo "perf-rdma.sh: discovery failed: $(head -c 500 "$WORK/discover.err")" >&2
    exit 1
}
rec() { jq -r --arg h "$1" '.hosts[] | select(.name == $h) | .recommendations[] | select(.device == "rxe0" and .port == 1) | .gid_index' "$WORK/discover.json"; }
GA=$(rec lab-a)
GB=$(rec lab-b)
SERVER_IP=$(jq -r '.hosts[] | select(.name == "lab-a") | .recommendations[0].address' "$WORK/discover.json")
[[ $GA =~ ^[0-9]+$ && $GB =~ ^[0-9]+$ && -n $SERVER_IP ]] || {
    echo "perf-rdma.sh: no recommended GID in the discovery" >&2
    exit 1
}

# perftest TOOL ARGS... -> the client's output; server on lab-a, client on lab-b (retrying while the server is
# not listening yet, as perftest.sh does)
perftest() {
    local tool=$1 q
    shift
    printf -v q '%q ' "$@"
    gssh lab-a "timeout 120 $tool -d rxe0 -x $GA $q" >"$WORK/pt.server" 2>&1 &
    local spid=$!
    gssh lab-b "for t in \$(seq 1 30); do timeout 100 $tool -d rxe0 -x $GB $q $SERVER_IP > /tmp/rp-bench.out 2>&1 && break; grep -q 'Couldn.t connect' /tmp/rp-bench.out || break; sleep 0.5; done; cat /tmp/rp-bench.out" >"$WORK/pt.client" 2>&1 || true
    wait "$spid" || true
    cat "$WORK/pt.client"
}
pt_lat() { perftest ib_send_lat -s "$1" -n "$2" | awk '/t_typical/ { getline; print $5 }'; } # us
# Gb/s (perftest MB = 2^20); keeps the output for the header (TX depth, CQ moderation)
pt_bw() {
    perftest ib_write_bw -s 65536 -n "$1" >"$WORK/pt_bw.out"
    awk '/BW average/ { getline; print $4 * 8 * 1.048576 / 1000 }' "$WORK/pt_bw.out"
}
PT_DEPTH=128
PT_CQMOD=1
pt_header() { # KEY -> the number after "KEY :" in ib_write_bw's header, if it printed one
    awk -F: -v k="$1" '$1 ~ "^ *" k " *$" { gsub(/[^0-9]/, "", $2); if ($2 != "") { print $2; exit } }' "$WORK/pt_bw.out"
}

ours() { # ARGS... -> the client's result object
    "$CLI" test --inventory "$INV" --server lab-a --client lab-b --transport rdma --json "$@" 2>"$WORK/ours.err" |
        jq -c 'select(.type == "result") | .client' | tail -1
}
ours_lat() { # SIZE ITERATIONS [--inline]
    ours --mode ping --op send --size "$1" --iterations "$2" "${@:3}" | jq -r '.latency.p50_us'
}
ours_bw() { ours --mode blast --op write --size 65536 --duration "$1" --depth "$PT_DEPTH" --signal-every "$PT_CQMOD" | jq -r '.gbps'; }

median() { sort -g | awk '{ v[NR] = $1 } END { if (NR == 0) print "nan"; else if (NR % 2) print v[(NR + 1) / 2]; else print (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

declare -A R
for ((r = 1; r <= ROUNDS; r++)); do
    echo "round $r/$ROUNDS ..." >&2
    R[pt2]+="$(pt_lat 2 1000) "
    R[us2]+="$(ours_lat 2 1000 --inline) "
    R[pt4k]+="$(pt_lat 4096 500) "
    R[us4k]+="$(ours_lat 4096 500) "
    R[ptbw]+="$(pt_bw 400) "
    d=$(pt_header "TX depth")
    m=$(pt_header "CQ Moderation")
    [[ $d =~ ^[0-9]+$ && $d -ge 1 && $d -le 128 ]] && PT_DEPTH=$d
    [[ $m =~ ^[0-9]+$ && $m -ge 1 && $m -le $PT_DEPTH ]] && PT_CQMOD=$m
    R[usbw]+="$(ours_bw 3) "
done
# A round that printed nothing or a figure <= 0 failed (perftest's client gave up, or its output had no
# result line): it is left out of both the median and the spread, and counted.
valid() { tr ' ' '\n' <<<"$1" | grep -E '^[0-9.e+-]+$' | awk '$1 > 0'; }
failed() { echo $(($(wc -w <<<"$1") - $(valid "$1" | wc -l))); }
# spread VALUES -> "mean min..max (max/min)" of the valid rounds
spread() {
    valid "$1" | awk '{ s += $1; if (NR == 1 || $1 < lo) lo = $1; if (NR == 1 || $1 > hi) hi = $1 }
        END { if (NR == 0) print "n/a"; else { r = (lo > 0) ? sprintf("x%.2f", hi / lo) : "a zero round"; printf "mean %.4g, %.4g..%.4g (%s, n=%d)", s / NR, lo, hi, r, NR } }'
}
declare -A M
for k in "${!R[@]}"; do
    M[$k]=$(valid "${R[$k]}" | median)
done
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (b + 0 == 0) print "nan"; else printf "%.2f", a / b }'; }
verdict() { awk -v r="$1" -v t="$2" -v dir="$3" 'BEGIN { if (r == "nan") print "n/a"; else if ((dir == "le" && r <= t) || (dir == "ge" && r >= t)) print "meets"; else print "misses" }'; }
l2=$(ratio "${M[us2]}" "${M[pt2]}")
l4=$(ratio "${M[us4k]}" "${M[pt4k]}")
bw=$(ratio "${M[usbw]}" "${M[ptbw]}")
printf '%-38s %14s %14s %7s\n' "median of $ROUNDS rounds" "ours" "perftest" "ratio"
printf '%-38s %11s us %11s us %7s  (target <= 1.0: %s)\n' "ping SEND 2 B p50 one-way" "${M[us2]}" "${M[pt2]}" "$l2" "$(verdict "$l2" 1.0 le)"
printf '%-38s %11s us %11s us %7s  (target <= 1.0: %s)\n' "ping SEND 4 KiB p50 one-way" "${M[us4k]}" "${M[pt4k]}" "$l4" "$(verdict "$l4" 1.0 le)"
printf '%-38s %9.4f Gb/s %9.4f Gb/s %7s  (target >= 1.0: %s)\n' "blast RDMA WRITE 64 KiB" "${M[usbw]}" "${M[ptbw]}" "$bw" "$(verdict "$bw" 1.0 ge)"
echo "rounds: ours 2 B [${R[us2]}] perftest [${R[pt2]}]; 4 KiB [${R[us4k]}] [${R[pt4k]}]; 64 KiB Gb/s [${R[usbw]}] [${R[ptbw]}]"
for k in us2 pt2 us4k pt4k usbw ptbw; do
    echo "spread $k: $(spread "${R[$k]}"); failed rounds: $(failed "${R[$k]}")"
done
echo "blast settings from ib_write_bw's header: --depth $PT_DEPTH --signal-every $PT_CQMOD"
echo "GID index: lab-a $GA, lab-b $GB; server $SERVER_IP"

#!/usr/bin/env bash
# Report time for a saved fabric run of 1 000 hosts (issue 23 Report: <= 1 s for PDF + CSV + JSON): make_fabric_run
# writes a UDP watch of HOSTS hosts under ToRs of 40 (full mesh in a ToR, 5 peers in other ToRs both ways: ~50 000
# directed cells a round) over ROUNDS rounds through the product's writer, one host dead; then `rocepilot-cli report`
# is timed for the PDF (ToR x ToR matrix above 64 hosts) + cells CSV + findings CSV + JSON, the best of three, beside
# `cat` of the same file (the floor: reading it) and jq counting its cells (what a user has otherwise).
# Usage: bench/fabric-report.sh path/to/rocepilot-cli path/to/make_fabric_run [hosts] [rounds]
set -euo pipefail
cli=$1
maker=$2
hosts=${3:-1000}
rounds=${4:-3}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$maker" wide "$hosts" 40 "$rounds" "$work/big.rpfabric"
cells=$(grep -o '"cells":\[\[' "$work/big.rpfabric" | wc -l)
echo "fabric run: $hosts hosts, $rounds rounds, $(du -m "$work/big.rpfabric" | cut -f1) MB, $cells cells lines"
best() { # best wall time of 3 runs of "$@", in seconds
    local b=999
    for _ in 1 2 3; do
        local s e
        s=$(date +%s.%N)
        "$@" >/dev/null 2>&1
        e=$(date +%s.%N)
        b=$(awk -v a="$b" -v d="$(awk -v s="$s" -v e="$e" 'BEGIN{print e-s}')" 'BEGIN{print (d<a)?d:a}')
    done
    echo "$b"
}
export QT_QPA_PLATFORM=offscreen
all=(--pdf "$work/r.pdf" --csv "$work/cells.csv" --findings-csv "$work/findings.csv" --json "$work/r.json")
floor=$(best cat "$work/big.rpfabric")
text=$(best "$cli" report "$work/big.rpfabric")
every=$(best "$cli" report "$work/big.rpfabric" "${all[@]}")
jqt=$(best sh -c "jq -c 'select(.type==\"cells\") | .cells | length' '$work/big.rpfabric' > '$work/jq.txt'")
printf '%-48s %9s s\n' "cat (read floor)" "$floor" "report (text: verdict, worst pairs)" "$text" \
    "report --pdf --csv --findings-csv --json" "$every" "jq: count the cells only" "$jqt"
echo "PDF $(du -k "$work/r.pdf" | cut -f1) KB, $(pdfinfo "$work/r.pdf" 2>/dev/null | awk '/^Pages/ {print $2}') pages;" \
    "cells CSV $(($(wc -l < "$work/cells.csv") - 1)) rows, $(du -m "$work/cells.csv" | cut -f1) MB; JSON $(du -m "$work/r.json" | cut -f1) MB"
/usr/bin/time -o "$work/time" -f "%U %S %M" "$cli" report "$work/big.rpfabric" "${all[@]}" --timings 2>"$work/timings" >/dev/null
grep '^timing:' "$work/timings"
read -r user sys rss < "$work/time"
echo "PDF + CSV + JSON: CPU (user+sys) $(awk -v u="$user" -v s="$sys" 'BEGIN{print u+s}') s, peak RSS $((rss / 1024)) MB; load average $(cut -d' ' -f1-3 /proc/loadavg) on $(nproc) cores"
awk -v b="$every" 'BEGIN { printf "target <= 1 s for %s: wall %.2f s, %s\n", "PDF + CSV + JSON", b, (b <= 1 ? "met" : "NOT met") }'

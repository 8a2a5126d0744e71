#!/usr/bin/env bash
# Reading a fleet of standalone agents back from Prometheus (issue 23: the desktop app reads the same Prometheus):
# `rocepilot-cli fabric prom` on HOSTS agents' series (default 1 000: 20 ToRs of 50, 5 peers across, ~277 000 series,
# ~79 MB of JSON), beside `promtool query instant` fetching the same answer (what a user would otherwise run, and it
# only prints the series). The answer comes from bench/fabric_prom_fleet.py, a stand-in serving the query API's JSON:
# this machine cannot run a Prometheus scraping 1 000 agents; a real one (6 agents) is tests/metrics/agents-prometheus.sh.
# Prints each tool's median wall time and peak RSS over RUNS runs and the ratio. Give it a release build.
# Usage: bench/fabric-prom.sh path/to/rocepilot-cli [HOSTS] [RUNS]
set -euo pipefail
cli=$1
hosts=${2:-1000}
runs=${3:-3}
here=$(cd "$(dirname "$0")" && pwd)
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
fifo=$(mktemp -u)
mkfifo "$fifo"
python3 "$here/fabric_prom_fleet.py" "$hosts" "$port" >"$fifo" &
server=$!
trap 'kill $server 2>/dev/null; rm -f "$fifo"' EXIT
read -r _ series bytes <"$fifo"
echo "fleet: $hosts agents, $series series, $((bytes / 1000000)) MB of JSON per answer (stand-in server on :$port)"
median() { sort -n | awk '{a[NR] = $1} END {print a[int((NR + 1) / 2)]}'; }
# measure TAG NAME COMMAND...: prints the median seconds and peak RSS over the runs, keeps them in $tmp.TAG
tmp=$(mktemp)
measure() {
    local tag=$1 name=$2 t k
    shift 2
    : >"$tmp.runs"
    for ((i = 0; i < runs; i++)); do
        # time says "Command exited with non-zero status 1" for a read that found the planted fault: not a figure.
        /usr/bin/time -f "%e %M" -o "$tmp.runs" -a "$@" >/dev/null 2>&1 || true
    done
    t=$(awk '/^[0-9.]+ [0-9]+$/ {print $1}' "$tmp.runs" | median)
    k=$(awk '/^[0-9.]+ [0-9]+$/ {print $2}' "$tmp.runs" | median)
    printf '%-44s %6.2f s %6d MB\n' "$name" "$t" $((k / 1024))
    echo "$t $k" >"$tmp.$tag"
}
url=http://127.0.0.1:$port
measure rp "rocepilot-cli fabric prom (read + judge)" "$cli" fabric prom --url "$url" --timeout 120
measure pt "promtool query instant (fetch + print)" promtool query instant "$url" up
read -r t1 k1 <"$tmp.rp"
read -r t2 k2 <"$tmp.pt"
rm -f "$tmp" "$tmp".*
python3 -c "import sys; t1,t2,k1,k2=map(float,sys.argv[1:]); print('ratio rocepilot/promtool: time %.2fx, RSS %.2fx' % (t1/t2, k1/k2))" \
    "$t1" "$t2" "$k1" "$k2"
# What the read says: the 1 000 hosts, the one planted fault (h0007's incoming probes lost).
"$cli" fabric prom --url "$url" --timeout 120 | head -n 1 || true

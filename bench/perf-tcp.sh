#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# The TCP engine against the tools admins use, on loopback, in one run (same machine, same minutes):
#   ping p50 (one-way, half the round trip) vs `sockperf ping-pong` against `sockperf server`, 64 B and 4 KiB;
#   blast throughput vs `iperf3` at 64 KiB; our client's CPU in event vs poll mode.
# Ratios are ours / theirs, of the medians of ROUNDS interleaved runs (ours, theirs, ours, ...), so load from
# other work on the machine hits both sides alike. Targets: latency <= 1.1 x sockperf, throughput >= 0.9 x iperf3,
# for our event mode: like sockperf's default (epoll) and iperf3 (select) it sleeps until data comes.
#
#   bench/perf-tcp.sh [ROCEPILOT_CLI] [SECONDS] [ROUNDS]     (ninja -C BUILD bench-perf-tcp)
#
# Both ends run on this machine through `rocepilot-cli test --server localhost --client localhost` (the probe is
# the build's rocepilot-probe, no SSH), so each number includes what a real run costs: two probe processes
# started, a control connection, warm-up.
set -euo pipefail

CLI=${1:-${RP_CLI:-build/default/app/rocepilot-cli}}
SECONDS_EACH=${2:-5}
ROUNDS=${3:-3}
[[ -x $CLI ]] || {
    echo "perf-tcp.sh: rocepilot-cli not found at $CLI" >&2
    exit 1
}
for tool in sockperf iperf3 jq; do
    command -v "$tool" >/dev/null || {
        echo "perf-tcp.sh: $tool is missing (bash installer/deps.sh installs it)" >&2
        exit 1
    }
done

WORK=$(mktemp -d)
PIDS=()
cleanup() {
    local p
    for p in "${PIDS[@]}"; do kill "$p" 2>/dev/null || true; done
    wait 2>/dev/null || true
    rm -rf "$WORK"
}
trap cleanup EXIT

free_port() { # a port nobody listens on right now
    local p
    while :; do
        p=$((20000 + RANDOM % 20000))
        ss -Htln "sport = :$p" | grep -q . || {
            echo "$p"
            return
        }
    done
}

# ours MODE SIZE COMPLETION -> the result line (JSON)
ours() {
    "$CLI" test --server localhost --client localhost --transport tcp --mode "$1" --size "$2" "--$3" \
        --duration "$SECONDS_EACH" --port "$(free_port)" --json 2>"$WORK/ours.err" | jq -c 'select(.type == "result")' ||
        {
            echo "perf-tcp.sh: rocepilot-cli failed: $(cat "$WORK/ours.err")" >&2
            exit 1
        }
}

# sockperf_p50 SIZE -> p50 one-way latency in us (sockperf reports half the round trip, as we do)
sockperf_p50() {
    local port
    port=$(free_port)
    sockperf server --tcp -i 127.0.0.1 -p "$port" >"$WORK/sockperf-server.log" 2>&1 &
    local spid=$!
    PIDS+=("$spid")
    for _ in $(seq 1 50); do
        ss -Htln "sport = :$port" | grep -q . && break
        sleep 0.1
    done
    sockperf ping-pong --tcp -i 127.0.0.1 -p "$port" -m "$1" -t "$SECONDS_EACH" >"$WORK/sockperf.log" 2>&1
    kill "$spid" 2>/dev/null || true
    wait "$spid" 2>/dev/null || true
    awk '/percentile 50.000/ {print $NF}' "$WORK/sockperf.log"
}

# iperf3_gbps SIZE -> Gb/s received
iperf3_gbps() {
    local port
    port=$(free_port)
    iperf3 -s -1 -B 127.0.0.1 -p "$port" >"$WORK/iperf3-server.log" 2>&1 &
    local ipid=$!
    PIDS+=("$ipid")
    for _ in $(seq 1 50); do
        ss -Htln "sport = :$port" | grep -q . && break
        sleep 0.1
    done
    iperf3 -c 127.0.0.1 -p "$port" -l "$1" -t "$SECONDS_EACH" -J >"$WORK/iperf3.json"
    wait "$ipid" 2>/dev/null || true
    jq '.end.sum_received.bits_per_second / 1e9' "$WORK/iperf3.json"
}

ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", a / b }'; }
verdict() { # RATIO OP TARGET
    awk -v r="$1" -v t="$3" -v op="$2" 'BEGIN { ok = (op == "<=") ? r <= t : r >= t; print ok ? "met" : "MISSED" }'
}

median() { sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

echo "TCP engine vs sockperf / iperf3 on loopback: ${SECONDS_EACH} s per run, median of $ROUNDS interleaved rounds,"
echo "$(nproc) cores, $(date -u +%F), load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
declare -A V
for ((round = 1; round <= ROUNDS; round++)); do
    for size in 64 4096; do
        poll=$(ours ping "$size" poll)
        V[p$size]+="$(jq '.client.latency.p50_us' <<<"$poll") "
        V[cpu_poll$size]+="$(jq '.client.cpu.percent' <<<"$poll") "
        V[srv_poll$size]+="$(jq '.server.cpu.percent' <<<"$poll") "
        V[s$size]+="$(sockperf_p50 "$size") "
        event=$(ours ping "$size" event)
        V[e$size]+="$(jq '.client.latency.p50_us' <<<"$event") "
        V[cpu_event$size]+="$(jq '.client.cpu.percent' <<<"$event") "
        V[srv_event$size]+="$(jq '.server.cpu.percent' <<<"$event") "
    done
    blast=$(ours blast 65536 poll)
    V[b]+="$(jq '.client.gbps' <<<"$blast") "
    V[cpu_bpoll]+="$(jq '.client.cpu.percent' <<<"$blast") "
    V[i]+="$(iperf3_gbps 65536) "
    blast=$(ours blast 65536 event)
    V[be]+="$(jq '.client.gbps' <<<"$blast") "
    V[cpu_bevent]+="$(jq '.client.cpu.percent' <<<"$blast") "
done
med() { tr ' ' '\n' <<<"${V[$1]}" | grep . | median; }

echo
printf '%-24s %11s %11s %11s %8s %8s %18s\n' "" "ours event" "ours poll" "tool" "event/x" "poll/x" "target (event/x)"
for size in 64 4096; do
    p=$(med p$size) e=$(med e$size) t=$(med s$size)
    r=$(ratio "$e" "$t")
    printf '%-24s %11.2f %11.2f %11.2f %8s %8s %18s\n' "ping $size B p50 (us)" "$e" "$p" "$t" "$r" \
        "$(ratio "$p" "$t")" "<= 1.1 $(verdict "$r" "<=" 1.1)"
done
b=$(med b) be=$(med be) t=$(med i)
r=$(ratio "$be" "$t")
printf '%-24s %11.2f %11.2f %11.2f %8s %8s %18s\n' "blast 64 KiB (Gb/s)" "$be" "$b" "$t" "$r" "$(ratio "$b" "$t")" \
    ">= 0.9 $(verdict "$r" ">=" 0.9)"
echo "(x = sockperf ping-pong for ping, iperf3 for blast. Both tools wait in epoll/select, so the target compares"
echo " them with our event mode; poll mode busy-polls, which wins on idle cores and loses when other work needs them)"
echo "every run: ping 64 B event ${V[e64]}| poll ${V[p64]}| sockperf ${V[s64]}"
echo "           blast event ${V[be]}| poll ${V[b]}| iperf3 ${V[i]}"
echo
printf 'CPU of our client (user+sys over wall time), ping 64 B: poll %.0f%%, event %.0f%%; server: poll %.0f%%, event %.0f%%\n' \
    "$(med cpu_poll64)" "$(med cpu_event64)" "$(med srv_poll64)" "$(med srv_event64)"
printf 'CPU of our client, ping 4 KiB: poll %.0f%%, event %.0f%%; blast 64 KiB: poll %.0f%%, event %.0f%%\n' \
    "$(med cpu_poll4096)" "$(med cpu_event4096)" "$(med cpu_bpoll)" "$(med cpu_bevent)"
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"

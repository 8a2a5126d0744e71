#!/bin/bash
# SPDX-License-Identifier: GPL-3.0-or-later
# rocepilot-cli test between the guests, server lab-a, client lab-b, over data0 (the inventory's data_address
# 198.18.0.1, not the SSH forward): TCP through rocepilot-probe, which the session copies into the guests (its
# library closure must already be in the image), then perftest. Ctrl-C stops both probes; after every step no
# probe or perftest process is left in a guest and the port is free. Last, RDMA through the probe.
. "$(dirname "$0")/common.sh"

PROBE=$(dirname "$CLI")/rocepilot-probe
[[ -x $PROBE ]] || die "rocepilot-probe not found next to $CLI"
T=(test --inventory "$INVENTORY" --server lab-a --client lab-b)
PORT_HEX=$(printf '%04X' 18515)

# leftovers HOST : probe or perftest processes, and a listener on the test port, in a guest (empty = clean)
leftovers() {
    gssh "$1" "ps -o pid,args | grep -E 'rocepilot-probe|ib_(send|write|read)_' | grep -v grep;
               grep -iE ':$PORT_HEX [0]+:0000 0A' /proc/net/tcp /proc/net/tcp6 2>/dev/null; true"
}
jqtrue() { jq -e "$@" >/dev/null; } # FILTER FILE: the filter's last output is true
clean() { # DESCRIPTION : both guests clean (within a few seconds: exiting takes a moment under TCG)
    local h left
    for h in lab-a lab-b; do
        for _ in 1 2 3 4 5 6 7 8 9 10; do
            left=$(leftovers "$h")
            [[ -z $left ]] && break
            sleep 0.5
        done
        if [[ -z $left ]]; then pass "$1: nothing left on $h"; else fail "$1: left on $h: $left"; fi
    done
}

# 1. What the probe needs beyond itself is in the guests: its ldd closure (libstdc++ is linked in statically).
closure=$(ldd "$PROBE" | awk '/=>/ {print $3} /^[[:space:]]*\// {print $1}' | sort -u | tr '\n' ' ')
check "the probe needs no C++ runtime on the host" bash -c "! ldd '$PROBE' | grep -q libstdc++"
for h in lab-a lab-b; do
    missing=$(gssh "$h" "for f in $closure; do [ -e \"\$f\" ] || echo \"\$f\"; done")
    if [[ -z $missing ]]; then pass "$h has the probe's library closure ($closure)"; else fail "$h lacks: $missing"; fi
done

# 2. No probe in the guests yet: the first run copies it.
gssh lab-a 'rm -rf .cache/rocepilot' && gssh lab-b 'rm -rf .cache/rocepilot'
rc=0
"$CLI" "${T[@]}" --transport tcp --mode ping --size 64 --duration 2 --verify >"$OUT/tcp_ping.txt" 2>"$OUT/tcp_ping.err" || rc=$?
check "tcp ping exits 0 (rc $rc: $(tail -2 "$OUT/tcp_ping.err" | tr '\n' ' '))" test $rc = 0
for h in lab-a lab-b; do
    check "$h: the probe was copied" grep -q "^$h: copying rocepilot-probe" "$OUT/tcp_ping.err"
done
check "the client connects to lab-a's data address" grep -q "^lab-b -> lab-a (198.18.0.1)" "$OUT/tcp_ping.txt"
check "every payload matched" grep -q "data check: every payload matched" "$OUT/tcp_ping.txt"
p50=$(awk '$1 == "64" && $2 == "B" {print $6}' "$OUT/tcp_ping.txt")
check "a p50 latency is reported ($p50 us)" awk -v v="$p50" 'BEGIN { exit !(v > 0) }'
want=$(sha256sum "$PROBE" | cut -c1-64)
for h in lab-a lab-b; do
    got=$(gssh "$h" 'sha256sum .cache/rocepilot/rocepilot-probe-*' | cut -c1-64)
    check "$h: the copy has the checksum of the local probe" test "$got" = "$want"
done
clean "after tcp ping"

# 3. A second run finds the probe in place and copies nothing; blast sweep as JSON lines.
rc=0
"$CLI" "${T[@]}" --transport tcp --mode blast --sweep 1K:16K --duration 1 --json >"$OUT/tcp_blast.jsonl" 2>"$OUT/tcp_blast.err" || rc=$?
check "tcp blast exits 0 (rc $rc)" test $rc = 0
check "nothing is copied the second time" bash -c "! grep -q copying '$OUT/tcp_blast.err'"
results=$(jq -c 'select(.type == "result")' "$OUT/tcp_blast.jsonl" | wc -l)
check "one result line per size (5: $results)" test "$results" = 5
check "every size moved data" bash -c "jq -e 'select(.type == \"result\") | .client.gbps > 0 and .server.cpu.wall_s > 0' '$OUT/tcp_blast.jsonl' | grep -qv false"
samples=$(jq -c 'select(.type == "sample" and .role == "client")' "$OUT/tcp_blast.jsonl" | wc -l)
check "live samples at >= 10/s ($samples for 5 s)" test "$samples" -ge 40
clean "after tcp blast"

# 4. Ctrl-C in the middle of a long run stops both probes.
"$CLI" "${T[@]}" --transport tcp --mode blast --size 64K --duration 120 --json >"$OUT/cancel.jsonl" 2>"$OUT/cancel.err" &
cli_pid=$!
for _ in $(seq 1 200); do
    n=$(grep -c '"type":"sample"' "$OUT/cancel.jsonl" 2>/dev/null) || true
    ((${n:-0} >= 3)) && break
    sleep 0.1
done
check "the long run streams samples" test "$(grep -c '"type":"sample"' "$OUT/cancel.jsonl")" -ge 3
t0=$SECONDS
kill -INT $cli_pid
rc=0
wait $cli_pid || rc=$?
check "Ctrl-C ends the CLI with exit 1 (rc $rc) in $((SECONDS - t0)) s" test $rc = 1 -a $((SECONDS - t0)) -le 10
check "it says cancelled" grep -q '"kind":"cancelled"' "$OUT/cancel.jsonl"
clean "after Ctrl-C"

# 5. perftest, with the GID indexes discovery recommends.
rc=0
"$CLI" "${T[@]}" --transport perftest --mode ping --size 64 --iterations 300 --json >"$OUT/pt_lat.jsonl" 2>"$OUT/pt_lat.err" || rc=$?
check "perftest ping (ib_send_lat) exits 0 (rc $rc: $(tail -2 "$OUT/pt_lat.err" | tr '\n' ' '))" test $rc = 0
check "ib_send_lat latency read (t_min, median, p99, p99.9, max; no p90)" jqtrue 'select(.type == "result")
    | .client.latency | .count == 300 and .min_us > 0 and .p50_us >= .min_us and .p999_us >= .p99_us and .p90_us == null' "$OUT/pt_lat.jsonl"
rc=0
"$CLI" "${T[@]}" --transport perftest --mode blast --op write --size 64K --iterations 200 --depth 16 --json >"$OUT/pt_bw.jsonl" 2>"$OUT/pt_bw.err" || rc=$?
check "perftest blast (ib_write_bw) exits 0 (rc $rc: $(tail -2 "$OUT/pt_bw.err" | tr '\n' ' '))" test $rc = 0
check "ib_write_bw bandwidth read" jqtrue 'select(.type == "result") | .client.gbps > 0 and .client.messages == 200' "$OUT/pt_bw.jsonl"
clean "after perftest"
# 6. RDMA through the probe (the verbs engine), the server's address from the inventory: ping and blast with
#    data checks, and inline beyond what the device takes (the probe's hello says) refused before any traffic.
rc=0
"$CLI" "${T[@]}" --transport rdma --mode ping --op send --event --size 4K --duration 1 --verify >"$OUT/rdma_ping.txt" 2>"$OUT/rdma_ping.err" || rc=$?
check "rdma ping exits 0 (rc $rc: $(tail -2 "$OUT/rdma_ping.err" | tr '\n' ' '))" test $rc = 0
check "rdma ping: every payload matched" grep -q "data check: every payload matched" "$OUT/rdma_ping.txt"
rc=0
"$CLI" "${T[@]}" --transport rdma --mode blast --op write --depth 16 --event --size 64K --duration 1 --verify --json >"$OUT/rdma_blast.jsonl" 2>"$OUT/rdma_blast.err" || rc=$?
check "rdma blast (write) exits 0 (rc $rc: $(tail -2 "$OUT/rdma_blast.err" | tr '\n' ' '))" test $rc = 0
check "rdma blast moved data intact" jqtrue 'select(.type == "result") | .client.gbps > 0 and .client.verify_errors == 0' "$OUT/rdma_blast.jsonl"
rc=0
"$CLI" "${T[@]}" --transport rdma --inline --size 64K --duration 1 >"$OUT/rdma_inline.txt" 2>"$OUT/rdma_inline.err" || rc=$?
check "inline beyond the device's limit fails (rc $rc)" test $rc = 1
check "and says the limit" grep -q "65536 bytes is more than rxe0 sends inline (" "$OUT/rdma_inline.err"
clean "after rdma"
echo "tcp ping p50 $p50 us; perftest: $(jq -r 'select(.type == "result") | "ib_send_lat p50 \(.client.latency.p50_us) us"' "$OUT/pt_lat.jsonl"), $(jq -r 'select(.type == "result") | "ib_write_bw \(.client.gbps) Gb/s"' "$OUT/pt_bw.jsonl")"
finish

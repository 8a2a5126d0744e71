#!/bin/bash
# SPDX-License-Identifier: GPL-3.0-or-later
# The standalone fabric agent over real RDMA: on both Soft-RoCE guests, started by rocepilot-agent@.service's own
# ExecStart (the guests have no systemd; the unit itself is checked by systemd-analyze in the package tests), with the
# pinglists `fabric pinglist --rdma` wrote, probing each other's GIDs over RDMA UD, and scraped by Debian's real
# Prometheus. The host is not on the guests' data network and the guests' sshd allows no forwarding, so a relay per
# guest (below) fetches the agent's own /metrics in the guest once a second over one SSH session and serves the
# newest text unchanged on 127.0.0.1 for Prometheus:
#   - both agents up, RDMA targets between the RoCE v2 IPv4 GIDs answer (loss 0, an RTT summary), and each host's
#     rxe counters come as rocepilot_agent_host_events_per_second (retransmits: rxe has no pause or CNP counter);
#   - RoCE v2 dropped where it enters lab-b (tc): lab-a's RDMA targets on lab-b reach loss 1 and say timeout, and
#     come back to 0 once the drop is gone;
#   - SIGTERM stops each agent with 0, and nothing is left in the guests.
. "$(dirname "$0")/common.sh"

PROBE=$(dirname "$CLI")/rocepilot-probe
[[ -x $PROBE ]] || die "rocepilot-probe not found next to $CLI"
REPO=$(cd "$(dirname "$0")/../.." && pwd)
UNIT=$REPO/resources/systemd/rocepilot-agent@.service.in
RULES=$REPO/resources/monitoring/rocepilot-agents.rules.yml
command -v prometheus >/dev/null || die "prometheus is missing (bash installer/deps.sh)"
# shellcheck source=../metrics/promlib.sh
. "$REPO/tests/metrics/promlib.sh"

HOSTS=(lab-a lab-b)
DIR=/tmp/rp-agent # in the guests
# The guests have no pgrep: argv read from /proc.
AGENTS='n=0; for p in /proc/[0-9]*; do c=$({ tr "\0" "|" <$p/cmdline; } 2>/dev/null); case $c in *rp-agent/rocepilot-probe"|agent|--standalone|"*) n=$((n + 1)) ;; esac; done; echo $n'
# SIGTERM to every standalone agent of this test in a guest, as systemd stops the unit.
STOP='for p in /proc/[0-9]*; do c=$({ tr "\0" "|" <$p/cmdline; } 2>/dev/null); case $c in *rp-agent/rocepilot-probe"|agent|--standalone|"*) kill -TERM ${p#/proc/} ;; esac; done; true'
declare -A SSH_PID LOCAL_PORT RELAY_PID
PROM_PID=
cleanup() {
    for h in "${HOSTS[@]}"; do
        gssh "$h" "tc qdisc del dev data0 clsact 2>/dev/null; $STOP" >/dev/null 2>&1
        [[ -n ${SSH_PID[$h]:-} ]] && kill "${SSH_PID[$h]}" 2>/dev/null
        [[ -n ${RELAY_PID[$h]:-} ]] && kill "${RELAY_PID[$h]}" 2>/dev/null
    done
    [[ -n $PROM_PID ]] && kill "$PROM_PID" 2>/dev/null
    true
}
trap cleanup EXIT

# 1. The pinglists, as an admin writes them for the Ansible export.
"$CLI" fabric pinglist --inventory "$INVENTORY" --rdma --interval 2 --out "$OUT/pinglists" >"$OUT/pinglist.out" 2>&1 ||
    die "fabric pinglist --rdma failed: $(tail -3 "$OUT/pinglist.out")"
rdma_targets=$(jq '[.names as $n | .targets[] | select(.gid != null and .gid != "")] | length' "$OUT/pinglists/lab-a.json")
check "lab-a's pinglist has RDMA targets ($rdma_targets)" test "$rdma_targets" -ge 1

# 2. The probe and the host's pinglist into each guest (0600), then the unit's ExecStart, word for word.
exec_start=$(sed -n 's/^ExecStart=//p' "$UNIT")
metrics=$(sed -n 's/^Environment=ROCEPILOT_AGENT_METRICS=//p' "$UNIT")
[[ -n $exec_start && -n $metrics ]] || die "no ExecStart or metrics default in $UNIT"
port=${metrics##*:}
for h in "${HOSTS[@]}"; do
    gssh "$h" "mkdir -p $DIR && cat >$DIR/rocepilot-probe && chmod 755 $DIR/rocepilot-probe" <"$PROBE" ||
        die "$h: cannot copy the probe"
    gssh "$h" "umask 077 && cat >$DIR/$h.json" <"$OUT/pinglists/$h.json" || die "$h: cannot copy its pinglist"
    line=${exec_start//@RP_AGENT_BINDIR@/$DIR}
    line=${line//%i/$h}
    line=${line//\$\{ROCEPILOT_AGENT_METRICS\}/$metrics}
    line=${line//\/etc\/rocepilot\/agent/$DIR}
    gssh "$h" "exec $line" >"$OUT/agent-$h.out" 2>"$OUT/agent-$h.err" &
    SSH_PID[$h]=$!
done
say() { echo "agent_standalone_rdma: $*"; }
say "started as the unit does: ${line//$DIR/DIR}"

# relay HOST PORT: serves on 127.0.0.1:PORT the newest scrape of HOST's agent, taken in the guest by busybox wget.
relay() {
    # exec: the background job is python itself, so the cleanup's kill reaches it (and its ssh ends on the closed
    # pipe, and the loop in the guest with it)
    exec python3 - "$STATE/ssh_config" "$1" "$2" "$port" <<'PY' 2>"$OUT/relay-$1.err"
import http.server, subprocess, sys, threading
config, host, port, remote = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4]
end = b"# rp-relay-end\n"
loop = ("while :; do wget -q -O - http://127.0.0.1:%s/metrics 2>/dev/null; echo '%s'; sleep 1; done"
        % (remote, end.decode().strip()))
ssh = subprocess.Popen(["ssh", "-F", config, host, loop], stdout=subprocess.PIPE)
latest = [b""]
def pump():
    part = []
    for line in ssh.stdout:
        if line == end:
            if part:
                latest[0] = b"".join(part)
            part = []
        else:
            part.append(line)
threading.Thread(target=pump, daemon=True).start()
class Relay(http.server.BaseHTTPRequestHandler):
    def do_GET(self):
        body = latest[0]
        self.send_response(200 if body else 503)
        self.send_header("Content-Type", "text/plain; version=0.0.4; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)
    def log_message(self, *args):
        pass
try:
    http.server.HTTPServer(("127.0.0.1", port), Relay).serve_forever()
finally:
    ssh.terminate()
PY
}
for h in "${HOSTS[@]}"; do
    LOCAL_PORT[$h]=$(free_port)
    relay "$h" "${LOCAL_PORT[$h]}" &
    RELAY_PID[$h]=$!
done

first_phase() { http_get "http://127.0.0.1:${LOCAL_PORT[$1]}/metrics" | grep -E '^rocepilot_agent_phases_total\{.*\} [1-9]'; }
for h in "${HOSTS[@]}"; do
    wait_for 60 "first phase in $h's metrics" first_phase "$h" >/dev/null
done
http_get "http://127.0.0.1:${LOCAL_PORT[lab-a]}/metrics" >"$OUT/scrape-lab-a.txt"
check "promtool check metrics is clean on lab-a's scrape" promtool check metrics <"$OUT/scrape-lab-a.txt"

# 3. Debian's Prometheus scrapes both through the forwards.
prom_port=$(free_port)
prometheus_yml "$RULES" "127.0.0.1:${LOCAL_PORT[lab-a]}" "127.0.0.1:${LOCAL_PORT[lab-b]}" >"$OUT/prometheus.yml"
prometheus --config.file="$OUT/prometheus.yml" --storage.tsdb.path="$OUT/tsdb" \
    --web.listen-address="127.0.0.1:$prom_port" >"$OUT/prometheus.log" 2>&1 &
PROM_PID=$!
wait_for 60 "ready Prometheus" http_get "http://127.0.0.1:$prom_port/-/ready" >/dev/null
both_up() { [[ $(promql 'count(rocepilot_agent_up == 1)') == *" 2" ]] && echo both; }
wait_for 60 "both agents scraped and up" both_up >/dev/null
RDMA_OK='rocepilot_agent_target_loss_ratio{transport="rdma",from_host!="",to_host!=""} == 0'
two_ways() {
    local out
    out=$(promql "count by (from_host) ($RDMA_OK)")
    [[ $out == *from_host=lab-a* && $out == *from_host=lab-b* ]] && echo "$out"
}
ok=$(wait_for 60 "RDMA targets answering both ways" two_ways)
check "RDMA UD targets answer both ways with no loss (${ok//$'\n'/; })" test -n "$ok"
rtt=$(promql 'max(rocepilot_agent_target_rtt_seconds{transport="rdma",quantile="0.5"})')
check "an RDMA RTT p50 is served (${rtt##* } s)" awk -v v="${rtt##* }" 'BEGIN { exit !(v > 0 && v < 1) }'
events=$(promql 'rocepilot_agent_host_events_per_second{event="retransmits"}')
check "both hosts' rxe counters are served (${events//$'\n'/; })" test "$(grep -c . <<<"$events")" = 2
check "no pause or CNP series from rxe, which has no such counter" \
    test -z "$(promql 'rocepilot_agent_host_events_per_second{event=~"pause_.*|cnp_.*"}')"

# 4. RoCE v2 dropped where it enters lab-b: lab-a's RDMA targets on lab-b lose everything, then recover.
DROP="tc qdisc del dev data0 clsact 2>/dev/null; tc qdisc add dev data0 clsact && tc filter add dev data0 ingress protocol ip prio 1 u32 match ip protocol 17 0xff match ip dport 4791 0xffff action drop"
gssh lab-b "$DROP" || die "lab-b: cannot drop UDP 4791 with tc"
planted=$SECONDS
lost() { promql 'rocepilot_agent_target_failed{transport="rdma",from_host="lab-a",to_host="lab-b",reason="timeout"} == 1'; }
out=$(wait_for 60 "lab-a's RDMA targets on lab-b failing" lost)
check "with RoCE v2 dropped on lab-b, lab-a's RDMA targets there time out after $((SECONDS - planted)) s" test -n "$out"
check "and their loss is 1" test -n "$(promql 'rocepilot_agent_target_loss_ratio{transport="rdma",from_host="lab-a",to_host="lab-b"} == 1')"
gssh lab-b "tc qdisc del dev data0 clsact" || fail "lab-b: the tc drop could not be removed"
removed=$SECONDS
empty() { [[ -z $(promql "$1") ]] && echo empty; }
wait_for 60 "the loss towards lab-b gone" empty 'rocepilot_agent_target_loss_ratio{transport="rdma",to_host="lab-b"} > 0' >/dev/null
say "the loss went back to 0 $((SECONDS - removed)) s after the drop was removed"

# 5. SIGTERM, as systemd stops the unit: 0, "stopped", nothing left.
for h in "${HOSTS[@]}"; do
    gssh "$h" "$STOP"
done
for h in "${HOSTS[@]}"; do
    rc=0
    wait "${SSH_PID[$h]}" || rc=$?
    unset "SSH_PID[$h]"
    check "$h: the agent ended with 0 on SIGTERM" test "$rc" = 0
    check "$h: the agent said it stopped" grep -q 'stopped$' "$OUT/agent-$h.err"
    check "$h: no agent left running" test "$(gssh "$h" "$AGENTS")" = 0
done
finish

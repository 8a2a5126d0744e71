#!/bin/bash
# SPDX-License-Identifier: GPL-3.0-or-later
#
# agents-prometheus.sh CLI PROBE UNIT_IN WORKDIR - standalone fabric agents scraped by Debian's real Prometheus (2.42),
# on six hosts of the netns OpenSSH lab (RP_NETNS_DIR, the `netns` fixture) in three racks behind one spine:
#   - `fabric pinglist` writes a 0600 pinglist per host; each agent starts in its host's namespace with the exact
#     command line of rocepilot-agent@.service's ExecStart (%i, the metrics variable's default and the pinglists'
#     directory filled in: the netns hosts have no systemd), nothing else;
#   - promtool check metrics is clean on one agent's scrape, OpenMetrics ends in # EOF; Prometheus scrapes all six;
#   - on the healthy fabric no target loses; with UDP dropped into h3 by nftables, PromQL finds the loss of every
#     target towards h3 (and of none between other hosts); once the drop is removed the loss goes back to 0;
#   - the shipped rules (resources/monitoring/rocepilot-agents.rules.yml) fire RocePilotAgentHostUnreachable for h3
#     alone, no rack or pair alert beside it, and resolve once the drop is gone;
#   - `rocepilot-cli fabric prom` reads the same Prometheus as the desktop's fabric page does: healthy (exit 0, six
#     hosts, no finding), the drop into h3 named at h3 (exit 1, not a ToR or uplink; saved, and its report says not
#     ready), healthy again after; an agent killed (its scrape failing) named host-agent with Prometheus' evidence;
#   - SIGTERM stops every agent with status 0. Everything started here is killed on exit (trap).
set -Eeuo pipefail
cli=$1
probe=$2
unit_in=$3
repo_rules=$(cd "$(dirname "$unit_in")/../monitoring" && pwd)/rocepilot-agents.rules.yml
work=$4
lab=${RP_NETNS_DIR:?RP_NETNS_DIR is not set: run through ctest}
rm -rf "$work"
mkdir -p "$work"
started=$SECONDS
h3ns=$(awk '$1 == "h3" { print $4 }' "$lab/hosts")
declare -A agent_pid=()
prom_pid=

say() { echo "agents-prometheus.sh: $*"; }
die() {
    echo "agents-prometheus.sh: FAIL: $*" >&2
    for f in "$work"/agent-*.err "$work/prometheus.log" "$work/pinglist.out"; do
        [[ -s $f ]] && { echo "--- $f" >&2; tail -n 15 "$f" >&2; }
    done
    exit 1
}
cleanup() {
    set +e # everything here may already be gone
    for pid in "${agent_pid[@]}"; do kill "$pid" 2>/dev/null; done
    [[ -n $prom_pid ]] && kill "$prom_pid" 2>/dev/null
    [[ -n $h3ns ]] && ip netns exec "$h3ns" nft delete table inet rpagentstest 2>/dev/null
    wait 2>/dev/null
    return 0
}
trap cleanup EXIT

# shellcheck source=promlib.sh
. "$(dirname "${BASH_SOURCE[0]}")/promlib.sh"

# empty QUERY: prints "empty" when the query returns nothing (for wait_for).
empty() { [[ -z $(promql "$1") ]] && echo empty; }

# fabric prom as a user runs it against this Prometheus; its JSON round on stdout, its exit code in $prom_rc.
prom_read() {
    prom_rc=0
    "$cli" fabric prom --url "http://127.0.0.1:$prom_port" --match 'job="rocepilot-agent"' --spine spine1 --json "$@" \
        >"$work/prom.json" 2>"$work/prom.err" || prom_rc=$?
}
# prom_findings: "class element" per finding above info, then "hosts=N" and "cells=N".
prom_findings() {
    python3 - "$work/prom.json" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
for f in r["findings"]:
    if f["severity"] != "info":
        print(f["class"], f["element"])
print("hosts=%d" % len(r["hosts"]), "cells=%d" % len(r["cells"]))
PY
}
# until fabric prom says healthy (exit 0): for wait_for.
prom_healthy() { prom_read && ((prom_rc == 0)) && echo healthy; }

# Six hosts of the lab, two per rack.
mapfile -t hosts < <(awk 'NR <= 6 { print $1 }' "$lab/hosts")
{
    echo "version: 1"
    echo "known_hosts: $lab/known_hosts"
    echo "hosts:"
    awk 'NR <= 6 { printf "  - name: %s\n    address: %s\n    user: root\n    auth: key\n    key_file: '"$lab"'/id_ed25519\n    rack: leaf%d\n", $1, $2, int((NR + 1) / 2) }' "$lab/hosts"
} >"$work/inventory.yaml"

"$cli" fabric pinglist --inventory "$work/inventory.yaml" --spine spine1 --interval 2 --out "$work/pinglists" \
    >"$work/pinglist.out" 2>&1 || die "fabric pinglist failed"
say "$(head -n 1 "$work/pinglist.out")"
for h in "${hosts[@]}"; do
    [[ $(stat -c %a "$work/pinglists/$h.json") == 600 ]] || die "$h.json is not 0600"
done

# ExecStart as the unit has it.
exec_start=$(sed -n 's/^ExecStart=//p' "$unit_in")
metrics=$(sed -n 's/^Environment=ROCEPILOT_AGENT_METRICS=//p' "$unit_in")
[[ -n $exec_start && -n $metrics ]] || die "no ExecStart or metrics default in $unit_in"
for h in "${hosts[@]}"; do
    ns=$(awk -v h="$h" '$1 == h { print $4 }' "$lab/hosts")
    line=${exec_start//@RP_AGENT_BINDIR@\/rocepilot-probe/$probe}
    line=${line//%i/$h}
    line=${line//\$\{ROCEPILOT_AGENT_METRICS\}/$metrics}
    line=${line//\/etc\/rocepilot\/agent/$work/pinglists}
    read -r -a argv <<<"$line"
    ip netns exec "$ns" "${argv[@]}" 2>"$work/agent-$h.err" &
    agent_pid[$h]=$!
done
say "started ${#hosts[@]} agents as the unit does: ${line//$work/WORK}"

port=${metrics##*:}
addr_of() { awk -v h="$1" '$1 == h { print $2 }' "$lab/hosts"; }
first_phase() { http_get "http://$(addr_of "$1"):$port/metrics" | grep -E '^rocepilot_agent_phases_total\{.*\} [1-9]'; }
for h in "${hosts[@]}"; do
    wait_for 30 "first phase in $h's metrics" first_phase "$h" >/dev/null
done
h1=${hosts[0]}
http_get "http://$(addr_of "$h1"):$port/metrics" >"$work/scrape.txt"
promtool check metrics <"$work/scrape.txt" || die "promtool check metrics found problems in $work/scrape.txt"
http_get "http://$(addr_of "$h1"):$port/metrics" "application/openmetrics-text;version=1.0.0" >"$work/scrape.om"
[[ $(tail -n 1 "$work/scrape.om") == "# EOF" ]] || die "the OpenMetrics answer does not end in # EOF"
grep -q 'transport="rdma"' "$work/scrape.txt" && die "a UDP agent's series say rdma"
targets=$(python3 -c 'import json,sys; print(len(json.load(open(sys.argv[1]))["targets"]))' "$work/pinglists/$h1.json")
series=$(grep -vc '^#' "$work/scrape.txt")
say "promtool check metrics clean on $h1: $series series for $targets targets, $(wc -c <"$work/scrape.txt") bytes"

prom_port=$(free_port)
targets=()
for h in "${hosts[@]}"; do targets+=("$(addr_of "$h"):$port"); done
prometheus_yml "$repo_rules" "${targets[@]}" >"$work/prometheus.yml"
prometheus --config.file="$work/prometheus.yml" --storage.tsdb.path="$work/tsdb" \
    --web.listen-address="127.0.0.1:$prom_port" >"$work/prometheus.log" 2>&1 &
prom_pid=$!
wait_for 60 "ready Prometheus" http_get "http://127.0.0.1:$prom_port/-/ready" >/dev/null
count_up() { [[ $(promql 'count(up{job="rocepilot-agent"} == 1)') == *" ${#hosts[@]}" ]] && echo all; }
wait_for 30 "all six agents scraped" count_up >/dev/null
wait_for 30 "no loss on the healthy fabric" empty 'rocepilot_agent_target_loss_ratio > 0' >/dev/null
[[ $(promql 'count(rocepilot_agent_up == 1)') == *" ${#hosts[@]}" ]] || die "not every agent says up 1"
say "healthy after $((SECONDS - started))s: six agents scraped, no target loses"
wait_for 30 "fabric prom saying healthy" prom_healthy >/dev/null
read_healthy=$(prom_findings)
[[ $read_healthy == "hosts=6 cells=30" ]] || die "fabric prom on the healthy fleet: $read_healthy"
"$cli" fabric prom --url "http://127.0.0.1:$prom_port" --match 'job="rocepilot-agent"' --watch --every 1 --rounds 2 \
    --json >"$work/prom-watch.jsonl" 2>"$work/prom-watch.err" || die "fabric prom --watch failed: $(cat "$work/prom-watch.err")"
[[ $(grep -c '"event":"round"' "$work/prom-watch.jsonl") == 2 ]] || die "fabric prom --watch --rounds 2 did not read twice"
prom_read --match 'job="nothing-here"' || true
((prom_rc == 1)) && grep -q "no agent's series" "$work/prom.err" || die "matchers that select nothing: $(cat "$work/prom.err")"
say "fabric prom reads the healthy fleet: 6 hosts, 30 cells, no finding (exit 0); --watch read twice"

# The targets towards h3, from every pinglist but h3's own.
towards=$(python3 - "$work/pinglists" h3 <<'PY'
import json, os, sys
n = 0
for name in os.listdir(sys.argv[1]):
    doc = json.load(open(os.path.join(sys.argv[1], name)))
    hosts = {e["id"]: e["host"] for e in doc["names"]}
    n += sum(1 for t in doc["targets"] if hosts[t["to"]] == sys.argv[2] and doc["host"] != sys.argv[2])
print(n)
PY
)
((towards > 0)) || die "no pinglist has a target towards h3"
ip netns exec "$h3ns" nft add table inet rpagentstest
ip netns exec "$h3ns" nft add chain inet rpagentstest input '{ type filter hook input priority 0; }'
ip netns exec "$h3ns" nft add rule inet rpagentstest input meta l4proto udp drop
planted=$SECONDS
all_lost() {
    [[ $(promql 'count(rocepilot_agent_target_loss_ratio{to_host="h3",from_host!="h3"} == 1)') == *" $towards" ]] &&
        echo all
}
wait_for 30 "loss of all $towards targets towards h3" all_lost >/dev/null
say "after $((SECONDS - planted))s Prometheus has all $towards targets towards h3 at loss 1"
[[ -n $(promql 'rocepilot_agent_target_failed{to_host="h3",reason="timeout"}') ]] || die "no failed series for h3"
# The shipped rules localise it as the watch would: h3 itself, not its rack, and no pair's loss beside it.
wait_for 30 "RocePilotAgentHostUnreachable firing for h3" promql \
    'ALERTS{alertname="RocePilotAgentHostUnreachable",alertstate="firing",to_host="h3"}' >/dev/null
alerts=$(promql 'count by (alertname) (ALERTS{alertname=~"RocePilotAgent.*"})')
[[ $(promql 'ALERTS{alertname=~"RocePilotAgent(RackUnreachable|PairLoss)"}') == "" ]] ||
    die "other agent alerts beside h3's: $alerts"
[[ $(promql 'ALERTS{alertname="RocePilotAgentHostUnreachable",to_host!="h3"}') == "" ]] ||
    die "hosts other than h3 unreachable: $alerts"
say "after $((SECONDS - planted))s the shipped rules fire RocePilotAgentHostUnreachable for h3 alone"
# The desktop's reader names the host, not its rack nor an uplink, from the same series.
prom_read --save "$work/prom.rpfabric"
((prom_rc == 1)) || die "fabric prom exit $prom_rc with h3 unreachable (wanted 1): $(cat "$work/prom.err")"
named=$(prom_findings)
first=$(head -n 1 <<<"$named")
[[ $first == *" h3"* && $first != tor* && $first != uplink* && $first != host-agent* ]] ||
    die "fabric prom named $first for UDP dropped into h3: $named"
[[ $(grep -vc '^hosts=' <<<"$named") == 1 ]] || die "fabric prom found more than h3's fault: $named"
"$cli" report "$work/prom.rpfabric" --json "$work/prom-report.json" >/dev/null ||
    die "report of the run read from Prometheus failed"
python3 -c 'import json,sys; r=json.load(open(sys.argv[1])); sys.exit(0 if not r["verdict"]["ready"] and r["run"]["command"] == "prom" and len(r["run"]["hosts"]) == 6 else 1)' \
    "$work/prom-report.json" || die "the saved Prometheus run's report does not say not ready for 6 hosts"
say "fabric prom names $first from Prometheus (exit 1); its saved run's report says not ready"
# Every query of the agents' Grafana dashboard returns series while the fault is there.
queries=$(check_dashboard "$(dirname "$repo_rules")/rocepilot-agents.grafana.json" 12)
say "all $queries queries of rocepilot-agents.grafana.json return series"
others=$(promql 'rocepilot_agent_target_loss_ratio{to_host!="h3",from_host!="h3"} > 0')
[[ -z $others ]] || die "pairs without h3 lose too: $others"

ip netns exec "$h3ns" nft delete table inet rpagentstest
removed=$SECONDS
wait_for 30 "the loss towards h3 gone" empty 'rocepilot_agent_target_loss_ratio{to_host="h3"} > 0' >/dev/null
say "the loss went back to 0 $((SECONDS - removed))s after the drop was removed"
wait_for 30 "RocePilotAgentHostUnreachable resolved" empty 'ALERTS{alertname="RocePilotAgentHostUnreachable"}' >/dev/null
wait_for 30 "fabric prom healthy again" prom_healthy >/dev/null
say "fabric prom says healthy again"

# An agent that stops: Prometheus' scrape of it fails, its series go stale, and the reader names its agent.
kill -TERM "${agent_pid[h5]}"
rc=0
wait "${agent_pid[h5]}" || rc=$?
unset "agent_pid[h5]"
((rc == 0)) || die "h5's agent ended with $rc after SIGTERM"
stopped=$SECONDS
agent_named() { prom_read && prom_findings | grep -x "host-agent h5"; }
wait_for 30 "fabric prom naming h5's agent" agent_named >/dev/null
python3 -c 'import json,sys; r=json.load(open(sys.argv[1])); f=[f for f in r["findings"] if f["class"]=="host-agent"][0]; sys.exit(0 if any(e["where"]=="Prometheus" for e in f["evidence"]) else 1)' \
    "$work/prom.json" || die "the host-agent finding does not carry Prometheus' evidence"
say "h5's agent stopped: fabric prom names host-agent h5 $((SECONDS - stopped))s later"
remaining=()
for h in "${hosts[@]}"; do [[ $h == h5 ]] || remaining+=("$h"); done
hosts=("${remaining[@]}")
cpu=$(promql 'max(rocepilot_agent_cpu_ratio)')
rate=$(promql 'min(rocepilot_agent_probe_rate)')
say "agent CPU at most ${cpu##* } of a core (ASan build on a shared 2-core machine), rate at least ${rate##* } probes/s"

for h in "${hosts[@]}"; do kill -TERM "${agent_pid[$h]}"; done
for h in "${hosts[@]}"; do
    rc=0
    wait "${agent_pid[$h]}" || rc=$?
    unset "agent_pid[$h]"
    ((rc == 0)) || die "$h's agent ended with $rc after SIGTERM"
    grep -q 'stopped$' "$work/agent-$h.err" || die "$h's agent did not say it stopped"
done
say "ok: every agent stopped on SIGTERM with 0; $((SECONDS - started))s in all"

#!/bin/bash
# SPDX-License-Identifier: GPL-3.0-or-later
#
# prometheus.sh CLI REPO WORKDIR - `fabric watch --metrics` scraped by Debian's real Prometheus (2.42), on six hosts
# of the netns OpenSSH lab (RP_NETNS_DIR, the `netns` fixture) in three racks behind one spine, UDP agents:
#   - both expositions are served: promtool check metrics is clean on the text format, OpenMetrics ends in # EOF;
#   - on the healthy fabric Prometheus reads rocepilot_fabric_ready 1 and no alert fires;
#   - with UDP dropped into h3 by nftables, a PromQL query returns the finding on h3 and the shipped rule
#     RocePilotFabricFinding fires for it; every query of the Grafana dashboard returns series (the dashboard itself
#     is not loaded into a Grafana: Grafana is not in Debian 12);
#   - once the drop is removed the finding's series are gone and ready is 1 again.
set -Eeuo pipefail
cli=$1
repo=$2
work=$3
lab=${RP_NETNS_DIR:?RP_NETNS_DIR is not set: run through ctest}
rm -rf "$work"
mkdir -p "$work"
h3ns=$(awk '$1 == "h3" { print $4 }' "$lab/hosts")
watch_pid=
prom_pid=

say() { echo "prometheus.sh: $*"; }
die() {
    echo "prometheus.sh: FAIL: $*" >&2
    for f in watch.err watch.out prometheus.log; do
        [[ -s $work/$f ]] && { echo "--- $f" >&2; tail -n 30 "$work/$f" >&2; }
    done
    exit 1
}
cleanup() {
    set +e # everything here may already be gone
    [[ -n $watch_pid ]] && kill "$watch_pid" 2>/dev/null
    [[ -n $prom_pid ]] && kill "$prom_pid" 2>/dev/null
    [[ -n $h3ns ]] && ip netns exec "$h3ns" nft delete table inet rpmetricstest 2>/dev/null
    wait 2>/dev/null
    return 0
}
trap cleanup EXIT

# shellcheck source=promlib.sh
. "$(dirname "${BASH_SOURCE[0]}")/promlib.sh"

# Six hosts of the lab, two per rack.
{
    echo "version: 1"
    echo "known_hosts: $lab/known_hosts"
    echo "hosts:"
    awk 'NR <= 6 { printf "  - name: %s\n    address: %s\n    user: root\n    auth: key\n    key_file: '"$lab"'/id_ed25519\n    rack: leaf%d\n", $1, $2, int((NR + 1) / 2) }' "$lab/hosts"
} >"$work/inventory.yaml"

"$cli" fabric watch --inventory "$work/inventory.yaml" --spine spine1 --metrics 127.0.0.1:0 --for 240 \
    >"$work/watch.out" 2>"$work/watch.err" &
watch_pid=$!
address=$(wait_for 60 "metrics address from the watch" grep -o 'http://127.0.0.1:[0-9]*/metrics' "$work/watch.err")
say "the watch serves $address"
rounds_seen() { http_get "$address" | grep -E '^rocepilot_fabric_rounds_total [1-9]'; }
wait_for 60 "first round in the metrics" rounds_seen >/dev/null

http_get "$address" >"$work/scrape.txt"
promtool check metrics <"$work/scrape.txt" || die "promtool check metrics found problems in $work/scrape.txt"
http_get "$address" "application/openmetrics-text;version=1.0.0" >"$work/scrape.om"
[[ $(tail -n 1 "$work/scrape.om") == "# EOF" ]] || die "the OpenMetrics answer does not end in # EOF"
grep -q '^# TYPE rocepilot_fabric_rounds counter$' "$work/scrape.om" || die "OpenMetrics: the rounds counter's family"
cells=$(grep -c '^rocepilot_fabric_cell_loss_ratio{' "$work/scrape.txt" || true)
((cells > 0)) || die "no cell series for 6 hosts (the hosts limit is 64)"
say "promtool check metrics clean; $(grep -vc '^#' "$work/scrape.txt") series, $cells cells"

prom_port=$(free_port)
target=${address#http://}
target=${target%/metrics}
cat >"$work/prometheus.yml" <<EOF
global:
  scrape_interval: 1s
  evaluation_interval: 1s
rule_files:
  - $repo/resources/monitoring/rocepilot-fabric.rules.yml
scrape_configs:
  - job_name: rocepilot-fabric
    static_configs:
      - targets: ['$target']
EOF
prometheus --config.file="$work/prometheus.yml" --storage.tsdb.path="$work/tsdb" \
    --web.listen-address="127.0.0.1:$prom_port" >"$work/prometheus.log" 2>&1 &
prom_pid=$!
wait_for 60 "ready Prometheus" http_get "http://127.0.0.1:$prom_port/-/ready" >/dev/null
wait_for 30 "a successful scrape" promql 'up{job="rocepilot-fabric"} == 1' >/dev/null
wait_for 30 "ready 1 on the healthy fabric" promql 'rocepilot_fabric_ready == 1' >/dev/null
[[ -z $(promql 'ALERTS') ]] || die "an alert on the healthy fabric: $(promql ALERTS)"
say "healthy: up, ready 1, no alert"

ip netns exec "$h3ns" nft add table inet rpmetricstest
ip netns exec "$h3ns" nft add chain inet rpmetricstest input '{ type filter hook input priority 0; }'
ip netns exec "$h3ns" nft add rule inet rpmetricstest input meta l4proto udp drop
planted=$SECONDS
finding=$(wait_for 60 "finding on h3 in Prometheus" promql 'rocepilot_fabric_finding{severity!="info",element=~".*h3.*"}')
say "after $((SECONDS - planted))s Prometheus has: $finding"
alert=$(wait_for 60 "RocePilotFabricFinding firing for h3" \
    promql 'ALERTS{alertname="RocePilotFabricFinding",alertstate="firing",element=~".*h3.*"}')
say "after $((SECONDS - planted))s the alert fires: $alert"
[[ -n $(promql 'rocepilot_fabric_ready == 0') ]] || die "ready is not 0 with the fault planted"

# Every query of the Grafana dashboard returns series while the fault is there.
queries=$(check_dashboard "$repo/resources/monitoring/rocepilot-fabric.grafana.json" 10)
say "all $queries dashboard queries return series"

ip netns exec "$h3ns" nft delete table inet rpmetricstest
removed=$SECONDS
finding_gone() { [[ -z $(promql 'rocepilot_fabric_finding{element=~".*h3.*"}') ]] && echo gone; }
wait_for 60 "the finding gone after the drop was removed" finding_gone >/dev/null
wait_for 30 "ready 1 after the fault was removed" promql 'rocepilot_fabric_ready == 1' >/dev/null
say "cleared $((SECONDS - removed))s after removal; ready 1"

kill -TERM "$watch_pid"
rc=0
wait "$watch_pid" || rc=$?
watch_pid=
((rc == 0)) || die "the watch ended with $rc after SIGTERM on a healthy fabric"
grep -q 'stopped after' "$work/watch.out" || die "the watch did not say how it stopped"
say "ok"

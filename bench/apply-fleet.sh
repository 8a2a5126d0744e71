#!/bin/bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Apply the same plan to N netns OpenSSH hosts (default 50) with RoCE Pilot's engine and with the Ansible project
# `rocepilot-cli export ansible` writes for it (ansible-playbook -f 32, pipelining on, facts off), side by side in
# one run, and print wall time and client CPU of both and their ratio. Each round starts from the same state
# (the change removed between runs, not timed). Needs root (network namespaces), ansible (installer/deps.sh).
# Usage: bench/apply-fleet.sh ROCEPILOT_CLI [HOSTS] [ROUNDS]
set -uo pipefail
CLI=${1:?usage: $0 ROCEPILOT_CLI [HOSTS] [ROUNDS]}
HOSTS=${2:-50}
ROUNDS=${3:-3}
SRC=$(cd "$(dirname "$0")/.." && pwd)
NETNS=$SRC/tests/support/netns-hosts.sh
export RP_NETNS_PREFIX=rp-bh RP_NETNS_VPREFIX=rp-bv RP_NETNS_BRIDGE=rp-bbr0 RP_NETNS_NET=198.18
WORK=$(mktemp -d /tmp/rp-apply-bench.XXXXXX)
LAB=$WORK/lab
export RP_JOURNAL_DIR=$WORK/journals ANSIBLE_NOCOLOR=1
cleanup() {
    "$NETNS" down "$LAB" >/dev/null 2>&1
    pkill -f "ControlPath=$WORK" 2>/dev/null
    rm -rf "$WORK"
}
trap cleanup EXIT
[[ $(id -u) == 0 ]] || { echo "needs root" >&2; exit 1; }
command -v ansible-playbook >/dev/null || { echo "ansible-playbook missing: bash installer/deps.sh" >&2; exit 1; }
"$NETNS" up "$HOSTS" "$LAB" >"$WORK/up.log" 2>&1 || { echo "netns lab failed: $(tail -3 "$WORK/up.log")" >&2; exit 1; }

# The plan: a veth pair and its MTU on every host (two steps, both read back), as in tests/apply/fleet_netns.sh.
mkdir -p "$WORK/plan"
jq -n --argjson n "$HOSTS" '{version: 1, profile: "bench", warnings: [], targets: [range(1; $n + 1) as $i | {
  name: "h\($i)", kind: "linux", platform: "linux", title: "Linux", comment: "#", header: [], unsupported: [],
  steps: [
    {id: "h\($i).pair", title: "veth pair rpd0/rpd1", kind: "host-argv",
     argv: ["ip", "link", "add", "dev", "rpd0", "type", "veth", "peer", "name", "rpd1"],
     verify: {argv: ["ip", "-j", "link", "show", "dev", "rpd0"], expect: "\"ifname\":\"rpd0\""},
     undo: {known: true, commands: [["ip", "link", "del", "dev", "rpd0"]]}},
    {id: "h\($i).mtu", title: "MTU of rpd0", kind: "host-argv", argv: ["ip", "link", "set", "dev", "rpd0", "mtu", "9000"],
     verify: {argv: ["ip", "-j", "link", "show", "dev", "rpd0"], expect: "\"mtu\":9000"},
     undo: {known: true, commands: [["ip", "link", "set", "dev", "rpd0", "mtu", "1500"]]}}]}]}' >"$WORK/plan/plan.json"
"$CLI" export ansible --plan "$WORK/plan" --inventory "$LAB/inventory.yaml" --out "$WORK/ansible" >"$WORK/export.log" 2>&1 ||
    { echo "export ansible failed: $(cat "$WORK/export.log")" >&2; exit 1; }

reset_hosts() { for i in $(seq 1 "$HOSTS"); do ip netns exec "rp-bh$i" ip link del dev rpd0 2>/dev/null; done; }
changed_hosts() {
    local i n=0
    for i in $(seq 1 "$HOSTS"); do ip netns exec "rp-bh$i" ip -j link show dev rpd0 2>/dev/null | grep -q '"mtu":9000' && n=$((n + 1)); done
    echo $n
}
# timed CMD... -> "wall cpu" (cpu = user + sys of the command and the children it waited for)
timed() {
    /usr/bin/time -f "%e %U %S" -o "$WORK/time" "$@" >"$WORK/last.out" 2>&1
    local rc=$?
    awk '{printf "%.2f %.2f\n", $1, $2 + $3}' "$WORK/time"
    return $rc
}
# CPU of daemonised ssh ControlPersist masters (Ansible's), which `time` does not see; then end them
mux_cpu() {
    local total=0 pid t
    for pid in $(pgrep -f "ssh: .*\[mux\]" 2>/dev/null); do
        t=$(awk '{print ($14 + $15)}' "/proc/$pid/stat" 2>/dev/null || echo 0)
        total=$((total + t))
        kill "$pid" 2>/dev/null
    done
    awk -v t="$total" -v hz="$(getconf CLK_TCK)" 'BEGIN{printf "%.2f", t / hz}'
}

echo "apply the same plan (2 steps, read back) to $HOSTS netns OpenSSH hosts; $ROUNDS interleaved rounds; load $(cut -d' ' -f1 /proc/loadavg)"
ours_w=() ours_c=() ans_w=() ans_c=()
for r in $(seq 1 "$ROUNDS"); do
    reset_hosts
    read -r w c < <(timed "$CLI" apply --plan "$WORK/plan" --inventory "$LAB/inventory.yaml" --concurrency 32)
    n=$(changed_hosts)
    [[ $n == "$HOSTS" ]] || { echo "round $r: ours changed $n of $HOSTS hosts: $(tail -5 "$WORK/last.out")" >&2; exit 1; }
    ours_w+=("$w") ours_c+=("$c")
    reset_hosts
    read -r w c < <(cd "$WORK/ansible" && timed ansible-playbook -f 32 -i inventory.yml site.yml)
    m=$(mux_cpu)
    n=$(changed_hosts)
    [[ $n == "$HOSTS" ]] || { echo "round $r: ansible changed $n of $HOSTS hosts: $(tail -15 "$WORK/last.out")" >&2; exit 1; }
    ans_w+=("$w") ans_c+=("$(awk -v a="$c" -v b="$m" 'BEGIN{printf "%.2f", a + b}')")
    echo "round $r: ours ${ours_w[-1]} s wall, ${ours_c[-1]} s CPU; ansible-playbook ${ans_w[-1]} s wall, ${ans_c[-1]} s CPU"
done
median() { printf '%s\n' "$@" | sort -n | awk '{a[NR] = $1} END {print a[int((NR + 1) / 2)]}'; }
ow=$(median "${ours_w[@]}") oc=$(median "${ours_c[@]}") aw=$(median "${ans_w[@]}") ac=$(median "${ans_c[@]}")
echo
echo "| $HOSTS hosts, 2 steps each | wall time | client CPU |"
echo "| --- | --- | --- |"
echo "| ours: rocepilot-cli apply --concurrency 32 | $ow s | $oc s |"
echo "| ansible-playbook -f 32 (exported project, pipelining, no facts) | $aw s | $ac s |"
awk -v ow="$ow" -v aw="$aw" -v oc="$oc" -v ac="$ac" \
    'BEGIN {printf "| ratio (ansible / ours) | %.1fx faster | %.1fx less CPU |  (target: >= 5x faster)\n", aw / ow, ac / oc}'

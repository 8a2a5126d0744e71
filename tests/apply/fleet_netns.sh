#!/bin/bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Fleet policies on 50 real OpenSSH hosts (netns-hosts.sh, a lab of its own beside the 20-host one): a plan that
# adds a veth pair and sets its MTU on every host, made to fail on one host (an MTU the kernel refuses).
#   policy stop:     the failure rolls every host back: no host keeps the change (read from the namespaces)
#   policy continue: only the failed host is rolled back; the 49 others keep it
#   canary:          a failing canary stops the run before any other host is touched
# Usage: fleet_netns.sh ROCEPILOT_CLI WORKDIR
set -uo pipefail
CLI=${1:?usage: $0 ROCEPILOT_CLI WORKDIR}
WORK=${2:?usage: $0 ROCEPILOT_CLI WORKDIR}
HOSTS=${RP_FLEET_HOSTS:-50}
BAD=7
NETNS=$(cd "$(dirname "$0")/../support" && pwd)/netns-hosts.sh
LAB=$WORK/lab
. "$(dirname "$0")/../support/checks.sh"
[[ $(id -u) == 0 ]] || { echo "FAIL: needs root (network namespaces)" >&2; exit 1; }
command -v jq >/dev/null || { echo "FAIL: jq missing (bash installer/deps.sh)" >&2; exit 1; }
rm -rf "$WORK"
mkdir -p "$WORK"
cleanup() { "$NETNS" down "$LAB" >/dev/null 2>&1; }
trap cleanup EXIT
"$NETNS" down "$LAB" >/dev/null 2>&1
"$NETNS" up "$HOSTS" "$LAB" >"$WORK/up.log" 2>&1 || { echo "FAIL: netns lab: $(tail -5 "$WORK/up.log")" >&2; exit 1; }
export RP_JOURNAL_DIR=$WORK/journals

# A hand-made plan (no profile source: applied as written). Host h$BAD asks for an MTU veth refuses.
make_plan() { # BAD-HOST-NUMBER (0: none)
jq -n --argjson n "$HOSTS" --argjson bad "$1" '{version: 1, profile: "fleet-test", warnings: [], targets: [range(1; $n + 1) as $i | {
  name: "h\($i)", kind: "linux", platform: "linux", title: "Linux", comment: "#", header: [], unsupported: [],
  steps: [
    {id: "h\($i).pair", title: "veth pair rpd0/rpd1", kind: "host-argv",
     argv: ["ip", "link", "add", "dev", "rpd0", "type", "veth", "peer", "name", "rpd1"],
     verify: {argv: ["ip", "-j", "link", "show", "dev", "rpd0"], expect: "\"ifname\":\"rpd0\""},
     undo: {known: true, commands: [["ip", "link", "del", "dev", "rpd0"]]}},
    {id: "h\($i).mtu", title: "MTU of rpd0", kind: "host-argv",
     argv: ["ip", "link", "set", "dev", "rpd0", "mtu", (if $i == $bad then "70000" else "9000" end)],
     verify: {argv: ["ip", "-j", "link", "show", "dev", "rpd0"], expect: "\"mtu\":9000"},
     undo: {known: true, commands: [["ip", "link", "set", "dev", "rpd0", "mtu", "1500"]]}}
  ]}]}'
}
mkdir -p "$WORK/plan" "$WORK/good"
make_plan "$BAD" >"$WORK/plan/plan.json"
make_plan 0 >"$WORK/good/plan.json"

ns() { awk -v h="h$1" '$1 == h { print $4 }' "$LAB/hosts"; } # host i's namespace: the lab's dir names it

with_pair() { # how many namespaces have rpd0 (and with MTU 9000)
    local i n=0 m=0
    for i in $(seq 1 "$HOSTS"); do
        if out=$(ip netns exec "$(ns "$i")" ip -j link show dev rpd0 2>/dev/null); then
            n=$((n + 1))
            grep -q '"mtu":9000' <<<"$out" && m=$((m + 1))
        fi
    done
    echo "$n $m"
}
last_journal() { ls -t "$RP_JOURNAL_DIR"/*.json | head -1; }
count_state() { jq --arg s "$2" '[.hosts[] | select(.state == $s)] | length' "$1"; }

# --- policy stop ---
t0=$(date +%s.%N)
rc=0
"$CLI" apply --plan "$WORK/plan" --inventory "$LAB/inventory.yaml" --policy stop --concurrency 32 >"$WORK/stop.out" 2>&1 || rc=$?
t1=$(date +%s.%N)
J=$(last_journal)
check "policy stop: exit 1" test "$rc" = 1
check "policy stop: h$BAD failed with the kernel's words ($(jq -r --arg h "h$BAD" '.hosts[] | select(.name == $h) | .steps[1].message' "$J" | head -c 120))" \
    test -n "$(jq -r --arg h "h$BAD" '.hosts[] | select(.name == $h) | .steps[1].message' "$J")"
check "policy stop: no host keeps the change (rpd0 in $(with_pair | cut -d' ' -f1) namespaces)" test "$(with_pair)" = "0 0"
check "policy stop: every host rolled back or never started ($(jq -c '[.hosts[].state] | group_by(.) | map({(.[0]): length}) | add' "$J"))" \
    test "$(($(count_state "$J" rolled-back) + $(count_state "$J" cancelled)))" = "$HOSTS"
check "policy stop: the run is rolled-back" test "$(jq -r .state "$J")" = rolled-back

# --- policy continue ---
rc=0
t2=$(date +%s.%N)
"$CLI" apply --plan "$WORK/plan" --inventory "$LAB/inventory.yaml" --policy continue --concurrency 32 >"$WORK/continue.out" 2>&1 || rc=$?
t3=$(date +%s.%N)
J=$(last_journal)
check "policy continue: exit 1" test "$rc" = 1
check "policy continue: $((HOSTS - 1)) hosts applied" test "$(count_state "$J" applied)" = $((HOSTS - 1))
check "policy continue: h$BAD rolled back" \
    test "$(jq -r --arg h "h$BAD" '.hosts[] | select(.name == $h) | .state' "$J")" = rolled-back
check "policy continue: $((HOSTS - 1)) namespaces have rpd0 with MTU 9000, h$BAD none" test "$(with_pair)" = "$((HOSTS - 1)) $((HOSTS - 1))"
check "policy continue: h$BAD has no rpd0" bash -c "! ip netns exec $(ns $BAD) ip link show dev rpd0 >/dev/null 2>&1"
rc=0
"$CLI" rollback "$J" >"$WORK/rollback.out" 2>&1 || rc=$?
check "rollback of the continue run: exit 0" test "$rc" = 0
check "after rollback no namespace has rpd0" test "$(with_pair)" = "0 0"

# --- a failing canary stops the run before the others ---
rc=0
"$CLI" apply --plan "$WORK/plan" --inventory "$LAB/inventory.yaml" --canary "h$BAD" >"$WORK/canary.out" 2>&1 || rc=$?
J=$(last_journal)
check "canary h$BAD fails: exit 1" test "$rc" = 1
check "canary: no other host was touched ($(count_state "$J" cancelled) not started)" test "$(count_state "$J" cancelled)" = $((HOSTS - 1))
check "canary: no namespace has rpd0" test "$(with_pair)" = "0 0"

# --- a passing canary: applied alone, tested against h2 (TCP ping through rocepilot-probe), then the rest ---
rc=0
"$CLI" apply --plan "$WORK/good" --inventory "$LAB/inventory.yaml" --canary h1 >"$WORK/canary-good.out" 2>&1 || rc=$?
J=$(last_journal)
check "canary h1 passes its test and the run applies everywhere: exit 0" test "$rc" = 0
check "canary: its test is in the journal ($(jq -r '.hosts[] | select(.name == "h1") | .message' "$J" | head -c 160))" \
    grep -q "canary test: TCP ping h1 -> h2" <<<"$(jq -r '.hosts[] | select(.name == "h1") | .message' "$J")"
check "canary: all $HOSTS namespaces have the change" test "$(with_pair)" = "$HOSTS $HOSTS"
"$CLI" rollback "$J" >"$WORK/rollback-good.out" 2>&1 || fail "rollback after the canary run: $(tail -3 "$WORK/rollback-good.out")"
check "after rollback no namespace has rpd0" test "$(with_pair)" = "0 0"

printf 'figure: %d hosts, policy stop (fail + roll back all): %.1f s; policy continue: %.1f s\n' "$HOSTS" \
    "$(awk "BEGIN{print $t1 - $t0}")" "$(awk "BEGIN{print $t3 - $t2}")"
if ((FAILS > 0)); then
    echo "fleet_netns: $FAILS check(s) FAILED (outputs in $WORK)" >&2
    exit 1
fi
echo "fleet_netns: PASS"

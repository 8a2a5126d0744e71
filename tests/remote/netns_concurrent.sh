#!/bin/bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Two netns labs (tests/support/netns-hosts.sh) of two directories, as two build directories have, go up at the same
# time and live side by side: own namespaces, veths, bridge and address block; every host of each answers SSH
# with its own host key; taking one lab down leaves the other reachable.
#   netns_concurrent.sh WORKDIR [HOSTS]
set -uo pipefail
WORK=${1:?usage: $0 WORKDIR [HOSTS]}
HOSTS=${2:-4}
NETNS=$(cd "$(dirname "$0")/../support" && pwd)/netns-hosts.sh
A=$WORK/build-a/netns-lab
B=$WORK/build-b/netns-lab
. "$(dirname "$0")/../support/checks.sh"
[[ $(id -u) == 0 ]] || { echo "FAIL: needs root (network namespaces)" >&2; exit 1; }
cleanup() {
    "$NETNS" down "$A" >/dev/null 2>&1
    "$NETNS" down "$B" >/dev/null 2>&1
}
trap cleanup EXIT
cleanup
mkdir -p "$WORK/build-a" "$WORK/build-b"

# Both at once.
"$NETNS" up "$HOSTS" "$A" >"$WORK/up-a.log" 2>&1 &
pa=$!
"$NETNS" up "$HOSTS" "$B" >"$WORK/up-b.log" 2>&1 &
pb=$!
wait $pa && pass "lab A up" || fail "lab A: $(tail -3 "$WORK/up-a.log")"
wait $pb && pass "lab B up" || fail "lab B: $(tail -3 "$WORK/up-b.log")"
((FAILS == 0)) || exit 1

ns_a=$(awk '$1 == "h1" { print $4 }' "$A/hosts")
ns_b=$(awk '$1 == "h1" { print $4 }' "$B/hosts")
[[ -n $ns_a && -n $ns_b && $ns_a != "$ns_b" ]] && pass "own namespaces ($ns_a, $ns_b)" || fail "namespaces '$ns_a' '$ns_b'"
net() { awk '$1 == "h1" { split($2, q, "."); print q[1] "." q[2] "." int(q[3] / 8) * 8 }' "$1/hosts"; }
[[ $(net "$A") != "$(net "$B")" ]] && pass "own address blocks ($(net "$A").0/21, $(net "$B").0/21)" \
    || fail "both labs in $(net "$A").0/21"
[[ $(ip netns list | grep -c "^${ns_a%1}[0-9]") == "$HOSTS" ]] && pass "lab A has $HOSTS namespaces" \
    || fail "lab A namespaces: $(ip netns list | grep "^${ns_a%1}" | tr '\n' ' ')"

# SSH with each lab's own key and known_hosts: the host key checks prove each address reaches its own lab's sshd.
answers() { # DIR: hostnames of every host, over SSH
    local dir=$1 name addr rest
    while read -r name addr rest; do
        ssh -n -o BatchMode=yes -o ConnectTimeout=5 -o StrictHostKeyChecking=yes \
            -o UserKnownHostsFile="$dir/known_hosts" -i "$dir/id_ed25519" "root@$addr" hostname 2>&1
    done <"$dir/hosts"
}
expected=$(seq 1 "$HOSTS" | sed 's/^/h/')
[[ $(answers "$A") == "$expected" ]] && pass "every host of A answers SSH" || fail "A over SSH: $(answers "$A" | head -3)"
[[ $(answers "$B") == "$expected" ]] && pass "every host of B answers SSH" || fail "B over SSH: $(answers "$B" | head -3)"

# Down A; B stays.
"$NETNS" down "$A" >/dev/null 2>&1 || fail "lab A down"
[[ -z $(ip netns list | grep "^${ns_a%1}[0-9]") ]] && pass "lab A's namespaces are gone" || fail "lab A left namespaces"
[[ $(answers "$B") == "$expected" ]] && pass "lab B still answers after A went down" \
    || fail "B after A down: $(answers "$B" | head -3)"
"$NETNS" down "$B" >/dev/null 2>&1 || fail "lab B down"
[[ -z $(ip netns list | grep "^${ns_b%1}[0-9]") ]] && pass "lab B's namespaces are gone" || fail "lab B left namespaces"
((FAILS == 0)) && echo "netns_concurrent: all passed" || echo "netns_concurrent: $FAILS failed" >&2
exit $((FAILS > 0))

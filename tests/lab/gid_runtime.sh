#!/bin/bash
# SPDX-License-Identifier: GPL-3.0-or-later
# GID indexes move at runtime: adding/removing an address and a VLAN on lab-a changes rxe0's GID table, and
# the next discovery sees exactly what sysfs says. One SSH connection per step (each waits in the guest until
# the kernel has updated the table), one discovery per step.
. "$(dirname "$0")/common.sh"

H=lab-a
# step SCRIPT NAME : run SCRIPT on lab-a (it must end with the table settled), then the guest view
step() {
    gssh "$H" bash -s <<<"$1"$'\n'"$GUEST_VIEW" >"$OUT/$2.view" 2>&1 || die "$2: the guest step failed: $(tail -5 "$OUT/$2.view")"
    sysfs_gids "$OUT/$2.view" >"$OUT/$2.sysfs"
    discover "$OUT/$2.json"
    json_gids "$OUT/$2.json" "$H" >"$OUT/$2.jgids"
    if diff -u "$OUT/$2.sysfs" "$OUT/$2.jgids" >"$OUT/$2.diff"; then
        pass "$2: discovery equals sysfs ($(wc -l <"$OUT/$2.sysfs") GIDs)"
    else
        fail "$2: discovery differs from sysfs:"$'\n'"$(cat "$OUT/$2.diff")"
    fi
}
# gid index of an IPv4 address in a step's JSON (empty if none), and its netdev/vlan
jidx() { jq -r --arg h "$H" --arg a "$2" '.hosts[] | select(.name == $h) | .devices[0].ports[0].gids[] | select(.ipv4 == $a) | .index' "$OUT/$1.json"; }
jwhere() { jq -r --arg h "$H" --arg a "$2" '.hosts[] | select(.name == $h) | .devices[0].ports[0].gids[] | select(.ipv4 == $a) | "\(.netdev) \(.vlan)"' "$OUT/$1.json"; }
# a guest-side wait: until GREP_EXPR matches (or no longer matches with !) the GID files, 10 s at most
WAIT='waitgid() { local i g v hit; for ((i = 0; i < 100; i++)); do hit=0
  for g in /sys/class/infiniband/rxe0/ports/1/gids/*; do IFS= read -r v < "$g" 2>/dev/null && [ "$v" = "$1" ] && { hit=1; break; }; done
  [ "$hit" = "$2" ] && return 0; sleep 0.1; done; echo "GID $1 did not reach present=$2" >&2; return 1; }'
cleanup() { gssh "$H" 'ip addr del 198.18.0.101/24 dev data0 2>/dev/null; ip link del data0.7 2>/dev/null; true' >/dev/null 2>&1; }
trap cleanup EXIT

step "true" base
base_ip=$(jidx base 198.18.0.1)

# 1. a second address on data0
step "$WAIT
ip addr add 198.18.0.101/24 dev data0 && waitgid 0000:0000:0000:0000:0000:ffff:c612:0065 1" addr-added
i101=$(jidx addr-added 198.18.0.101)
check "address added: a RoCE v2 GID for 198.18.0.101 on data0 (index ${i101:-none})" test "$(jwhere addr-added 198.18.0.101)" = "data0 null"
check "address added: 198.18.0.1 keeps index $base_ip" test "$(jidx addr-added 198.18.0.1)" = "$base_ip"

# 2. remove it again, add VLAN 7 with an address
step "$WAIT
ip addr del 198.18.0.101/24 dev data0 && waitgid 0000:0000:0000:0000:0000:ffff:c612:0065 0 &&
ip link add link data0 name data0.7 type vlan id 7 && ip addr add 198.18.7.1/24 dev data0.7 && ip link set data0.7 up &&
waitgid 0000:0000:0000:0000:0000:ffff:c612:0701 1" vlan-added
i7=$(jidx vlan-added 198.18.7.1)
check "address removed: no GID for 198.18.0.101 any more" test -z "$(jidx vlan-added 198.18.0.101)"
check "VLAN added: a RoCE v2 GID for 198.18.7.1 on data0.7, VLAN 7 (index ${i7:-none})" test "$(jwhere vlan-added 198.18.7.1)" = "data0.7 7"
check "VLAN added: the table grew by the VLAN's IPv4 and link-local GIDs" \
    test "$(wc -l <"$OUT/vlan-added.sysfs")" = $(($(wc -l <"$OUT/base.sysfs") + 2))
check "index $i101 no longer means 198.18.0.101 on data0 (indexes are not stable: look them up)" \
    test "$(awk -v i="$i101" '$1 == i {print $2, $4}' "$OUT/vlan-added.sysfs")" != "0000:0000:0000:0000:0000:ffff:c612:0065 data0"
echo "GID index of 198.18.0.101 was $i101; 198.18.7.1 then got index $i7"

# 3. remove the VLAN: back to the table we started with
step "$WAIT
ip link del data0.7 && waitgid 0000:0000:0000:0000:0000:ffff:c612:0701 0" vlan-removed
check "VLAN removed: no GID on data0.7" test "$(grep -c ' data0.7$' "$OUT/vlan-removed.sysfs")" = 0
check "VLAN removed: the GID table is the one we started with" cmp -s "$OUT/base.sysfs" "$OUT/vlan-removed.sysfs"
trap - EXIT
finish

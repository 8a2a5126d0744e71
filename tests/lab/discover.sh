#!/bin/bash
# SPDX-License-Identifier: GPL-3.0-or-later
# rocepilot-cli discover against the two live Soft-RoCE guests, checked against what each guest's own sysfs
# and ibv_devinfo -v say in the same run.
. "$(dirname "$0")/common.sh"

discover "$OUT/discover.json"
J=$OUT/discover.json
declare -A ME=([lab-a]=1 [lab-b]=2)
for h in lab-a lab-b; do
    n=${ME[$h]}
    gssh "$h" bash -s <<<"$GUEST_VIEW" >"$OUT/$h.view" 2>&1 || die "$h: reading sysfs/ibv_devinfo over ssh failed: $(tail -3 "$OUT/$h.view")"
    q() { jq -r --arg h "$h" ".hosts[] | select(.name == \$h) | $1" "$J"; }
    check "$h: state ok" test "$(q .state)" = ok
    check "$h: hostname $h" test "$(q .hostname)" = "$h"
    check "$h: one RDMA device, rxe0" test "$(q '[.devices[].name] | join(",")')" = rxe0
    check "$h: rxe0 driver rxe" test "$(q '.devices[0].driver')" = rxe
    check "$h: rxe0 transport RoCE" test "$(q '.devices[0].transport')" = RoCE
    check "$h: rxe0 has port 1 only" test "$(q '[.devices[0].ports[].port] | join(",")')" = 1
    P='.devices[0].ports[0]'
    check "$h: port 1 ACTIVE" test "$(q "$P.state")" = ACTIVE
    check "$h: port 1 link layer Ethernet" test "$(q "$P.link_layer")" = Ethernet
    check "$h: port 1 netdev data0" test "$(q "$P.netdev")" = data0
    check "$h: port 1 active_mtu 1024 (rxe on a 1500 netdev)" test "$(q "$P.active_mtu")" = 1024
    check "$h: gid_table_size 1024" test "$(q "$P.gid_table_size")" = 1024

    # the GID table: discovery == sysfs, slot by slot
    sysfs_gids "$OUT/$h.view" >"$OUT/$h.sysfs_gids"
    json_gids "$J" "$h" >"$OUT/$h.json_gids"
    if diff -u "$OUT/$h.sysfs_gids" "$OUT/$h.json_gids" >"$OUT/$h.gids.diff"; then
        pass "$h: discovered GID table equals sysfs ($(wc -l <"$OUT/$h.sysfs_gids") non-empty GIDs)"
    else
        fail "$h: discovered GID table differs from sysfs:"$'\n'"$(cat "$OUT/$h.gids.diff")"
    fi
    check "$h: several GIDs (plain + VLAN)" test "$(wc -l <"$OUT/$h.sysfs_gids")" -ge 4
    check "$h: every GID is RoCE v2" test "$(q "[$P.gids[] | select(.type != \"RoCE v2\")] | length")" = 0
    check "$h: IPv4 GID 198.18.0.$n on data0, untagged" \
        test "$(q "[$P.gids[] | select(.ipv4 == \"198.18.0.$n\" and .netdev == \"data0\" and .vlan == null)] | length")" = 1
    check "$h: IPv4 GID 198.18.2.$n on data0.2, VLAN 2" \
        test "$(q "[$P.gids[] | select(.ipv4 == \"198.18.2.$n\" and .netdev == \"data0.2\" and .vlan == 2)] | length")" = 1
    check "$h: link-local GIDs flagged on data0 and data0.2" \
        test "$(q "[$P.gids[] | select(.link_local) | .netdev] | sort | join(\",\")")" = "data0,data0.2"

    # ibv_devinfo -v in the guest: the same indexes, all RoCE v2, ACTIVE, Ethernet, active_mtu 1024
    sed -n '/^### ibv_devinfo/,$p' "$OUT/$h.view" >"$OUT/$h.ibv_devinfo_v.txt"
    grep -oE 'GID\[ *[0-9]+\]:.*' "$OUT/$h.ibv_devinfo_v.txt" | sed -E 's/GID\[ *([0-9]+)\]:[[:space:]]*/\1 /' >"$OUT/$h.ibv_gids"
    check "$h: ibv_devinfo -v lists the same GID indexes" \
        test "$(cut -d' ' -f1 "$OUT/$h.ibv_gids" | sort -n | tr '\n' ' ')" = "$(cut -d' ' -f1 "$OUT/$h.sysfs_gids" | tr '\n' ' ')"
    check "$h: ibv_devinfo -v says RoCE v2 for each" test "$(grep -vc ', RoCE v2$' "$OUT/$h.ibv_gids")" = 0
    check "$h: ibv_devinfo -v: ::ffff:198.18.0.$n at the index discovery has" \
        test "$(awk -v a="::ffff:198.18.0.$n," '$2 == a {print $1}' "$OUT/$h.ibv_gids")" = \
        "$(q "$P.gids[] | select(.ipv4 == \"198.18.0.$n\") | .index")"
    check "$h: ibv_devinfo -v: PORT_ACTIVE" grep -q 'state:[[:space:]]*PORT_ACTIVE (4)' "$OUT/$h.ibv_devinfo_v.txt"
    check "$h: ibv_devinfo -v: active_mtu 1024" grep -q 'active_mtu:[[:space:]]*1024 (3)' "$OUT/$h.ibv_devinfo_v.txt"
    check "$h: ibv_devinfo -v: link_layer Ethernet" grep -q 'link_layer:[[:space:]]*Ethernet' "$OUT/$h.ibv_devinfo_v.txt"

    # netdevs: data0 with its address; the VLAN with id, parent, address and the priority map
    N='.netdevs[] | select(.name == "data0.2")'
    check "$h: data0 has 198.18.0.$n/24" test "$(q "[.netdevs[] | select(.name == \"data0\") | .ipv4[] | select(. == \"198.18.0.$n/24\")] | length")" = 1
    check "$h: data0.2 is a VLAN, id 2 on data0" test "$(q "$N | \"\(.kind) \(.vlan) \(.vlan_parent)\"")" = "vlan 2 data0"
    check "$h: data0.2 has 198.18.2.$n/24" test "$(q "[$N | .ipv4[] | select(. == \"198.18.2.$n/24\")] | length")" = 1
    check "$h: data0.2 egress-qos-map 0:3" test "$(q "[$N | .egress_qos[] | select(.from == 0 and .to == 3)] | length")" = 1

    # the recommendation: the untagged IPv4 RoCE v2 GID
    R='.recommendations[] | select(.device == "rxe0" and .port == 1)'
    check "$h: one recommendation for rxe0 port 1" test "$(q "[$R] | length")" = 1
    check "$h: recommended GID is RoCE v2 198.18.0.$n on data0" \
        test "$(q "$R | \"\(.type) \(.address) \(.netdev)\"")" = "RoCE v2 198.18.0.$n data0"
    check "$h: recommended gid_index is that GID's sysfs index" \
        test "$(q "$R | .gid_index")" = "$(awk -v g="0000:0000:0000:0000:0000:ffff:c612:000$n" '$2 == g {print $1}' "$OUT/$h.sysfs_gids")"
done
check "the two recommendations agree in type" test "$(jq -r '[.hosts[].recommendations[0].type] | unique | join(",")' "$J")" = "RoCE v2"
check "the two recommendations are in one /24" \
    test "$(jq -r '[.hosts[].recommendations[0].address | split(".")[0:3] | join(".")] | unique | join(",")' "$J")" = 198.18.0
check "no gid.*-mismatch fabric note" test "$(jq '[.fabric_notes[] | select(.code | startswith("gid."))] | length' "$J")" = 0
check "DCB reported unavailable on virtio-net, with the reason" \
    test "$(jq '[.hosts[].notes[] | select(.code == "dcb.unavailable" and (.message | test("Operation not supported")))] | length' "$J")" = 2
finish

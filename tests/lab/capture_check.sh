#!/bin/bash
# SPDX-License-Identifier: GPL-3.0-or-later
# capture.sh against the running lab, into the build tree (tests/fixtures/lab is refreshed by hand): every
# file is there, starts with its provenance header, and says what the lab is.
. "$(dirname "$0")/common.sh"

bash "$(dirname "$LAB")/capture.sh" --state-dir "$STATE" --out "$OUT/capture" >"$OUT/capture.log" 2>&1 ||
    die "capture.sh failed: $(tail -5 "$OUT/capture.log")"
for h in lab-a lab-b; do
    D=$OUT/capture/$h
    n=1
    [[ $h == lab-b ]] && n=2
    for f in SOURCE.txt sysfs_rxe0.txt ibv_devinfo_v.txt ibv_devinfo.txt ibv_devices.txt rdma_link.txt rdma_link.json \
        rdma_dev.txt rdma_dev.json ip_d_addr.json ip_d_link.txt dcb.txt show_gids.txt proc_net_vlan_config.txt \
        proc_net_vlan_data0.2.txt; do
        [[ -s $D/$f ]] || fail "$h: $f missing or empty"
    done
    kernel=$(sed -n 's/^# Soft-RoCE lab capture: [^,]*, kernel \([^ ]*\) .*/\1/p' "$D/SOURCE.txt")
    check "$h: header names the kernel ($kernel) and rdma-core" grep -q "^# Soft-RoCE lab capture: $h, kernel 6\.[^ ]*-amd64 .*rdma-core [0-9]" "$D/SOURCE.txt"
    check "$h: every .txt starts with the header" test "$(for f in "$D"/*.txt; do head -1 "$f" | grep -c '^# Soft-RoCE lab capture: '; done | sort -u)" = 1
    check "$h: the .json files are valid JSON" bash -c "for f in '$D'/*.json; do jq -e . \"\$f\" >/dev/null || exit 1; done"
    check "$h: sysfs listing: gids/1 = ::ffff:198.18.0.$n" grep -qx "/sys/class/infiniband/rxe0/ports/1/gids/1 = 0000:0000:0000:0000:0000:ffff:c612:000$n" "$D/sysfs_rxe0.txt"
    check "$h: sysfs listing: no empty GID slots" test "$(grep -c '= 0000:0000:0000:0000:0000:0000:0000:0000$' "$D/sysfs_rxe0.txt")" = 0
    check "$h: dcb on virtio-net: Operation not supported, exit 1" bash -c "grep -q 'Operation not supported' '$D/dcb.txt' && grep -q '^rc=1' '$D/dcb.txt' && ! grep -q '^rc=0' '$D/dcb.txt'"
    check "$h: /proc/net/vlan/data0.2: VID 2, EGRESS 0:3" bash -c "grep -q 'VID: 2' '$D/proc_net_vlan_data0.2.txt' && grep -q 'EGRESS priority mappings: 0:3' '$D/proc_net_vlan_data0.2.txt'"
    check "$h: show_gids: 4 GIDs, v2 only" bash -c "grep -qx 'n_gids_found=4' '$D/show_gids.txt' && ! grep -P '\tv1\t' '$D/show_gids.txt'"
    check "$h: rocepilot-cli parse reads the ibv_devinfo -v capture" bash -c "tail -n +2 '$D/ibv_devinfo_v.txt' > '$OUT/$h.ibv.txt' && '$CLI' parse --kind auto '$OUT/$h.ibv.txt' --json | jq -e '.devices[0].name == \"rxe0\"' >/dev/null"
done
finish

#!/bin/bash
# SPDX-License-Identifier: GPL-3.0-or-later
# The troubleshooter on the real Soft-RoCE lab (two qemu guests, rdma_rxe): the healthy pair gives no finding
# above info and a reachability matrix measured with the probe's RDMA ping; then one fault at a time is made
# in a guest, `rocepilot-cli diagnose --inventory` must name it with its evidence, and the guest is restored
# (checked by a clean run at the end). Usage: lab_diagnose.sh ROCEPILOT_CLI STATE_DIR
. "$(dirname "$0")/../lab/common.sh"

jqtrue() { jq -e "$@" >/dev/null; }
# diag NAME [ARGS...] : diagnose the lab into $OUT/NAME.json; the exit status goes to $OUT/NAME.rc
diag() {
    local name=$1 rc=0
    shift
    "$CLI" diagnose --inventory "$INVENTORY" --interval 1 --json "$@" >"$OUT/$name.json" 2>"$OUT/$name.err" || rc=$?
    echo "$rc" >"$OUT/$name.rc"
    ((rc == 0 || rc == 1)) || die "$name: rocepilot-cli diagnose exited $rc: $(head -c 1500 "$OUT/$name.err")"
    [[ -s $OUT/$name.json ]] && jq -e .findings "$OUT/$name.json" >/dev/null ||
        die "$name: no JSON report ($(head -c 1500 "$OUT/$name.err"))"
}
problems() { jq -r '[.findings[] | select(.severity != "info") | "\(.rule) \(.hosts[0] // "")"] | join(", ")' "$OUT/$1.json"; }
has() { jqtrue --arg r "$2" --arg h "$3" '[.findings[] | select(.rule == $r and (.hosts[0] == $h))] | length == 1' "$OUT/$1.json"; }
evidence() { # NAME RULE HOST VALUE : the finding has evidence from HOST containing VALUE
    jqtrue --arg r "$2" --arg h "$3" --arg v "$4" \
        '[.findings[] | select(.rule == $r) | .evidence[] | select(.host == $h and (.value | contains($v)))] | length >= 1' "$OUT/$1.json"
}

# The MTUs of every netdev on lab-b before any change ("NAME MTU" lines), to put back (a VLAN keeps a lowered
# MTU when its parent's goes up again).
MTUS=$(gssh lab-b 'for n in /sys/class/net/*; do echo "${n##*/} $(cat $n/mtu)"; done') || die "could not read lab-b's MTUs"
restore_mtus() {
    gssh lab-b "$(printf '%s\n' "$MTUS" | awk '$1 != "lo" {print "ip link set dev " $1 " mtu " $2 " 2>/dev/null"}' | sort); true"
}
restore() {
    restore_mtus >/dev/null 2>&1
    gssh lab-b 'ip rule del pref 100 2>/dev/null; true' >/dev/null 2>&1
    gssh lab-a 'ip link del data0.7 2>/dev/null; ip link set data0 mtu 1500;
        [ -d /sys/kernel/config/rdma_cm/rxe0 ] && rmdir /sys/kernel/config/rdma_cm/rxe0; true' >/dev/null 2>&1
    gssh lab-b 'ip link set data0 mtu 1500; ip addr del 198.18.0.102/24 dev data0 2>/dev/null;
        [ -d /sys/kernel/config/rdma_cm/rxe0 ] && rmdir /sys/kernel/config/rdma_cm/rxe0; true' >/dev/null 2>&1
}
trap restore EXIT

# 1. Healthy pair, with the active checks: nothing above info, and the matrix measured.
diag healthy --active
check "healthy: exit 0 (got $(cat "$OUT/healthy.rc"); problems: $(problems healthy))" test "$(cat "$OUT/healthy.rc")" = 0
check "healthy: no finding above info" test -z "$(problems healthy)"
check "healthy: RDMA pings lab-a -> lab-b measured over at least one GID index, all ok" \
    jqtrue '[.reachability[] | select(.from == "lab-a" and .to == "lab-b" and .what == "rdma-ping")] | (length >= 1 and all(.ok))' "$OUT/healthy.json"
check "healthy: TCP test port 18515 reachable both ways" \
    jqtrue '[.reachability[] | select(.what == "tcp:18515")] | (length == 2 and all(.ok))' "$OUT/healthy.json"
jq -r '.reachability[] | "  \(.from) -> \(.to) \(.what) index \(.gid_index) \(.gid): \(.ok) \(.detail)"' "$OUT/healthy.json"

# 2. MTU mismatch: lab-b's data0 down to 1200.
gssh lab-b 'ip link set data0 mtu 1200' || die "could not set the MTU on lab-b"
diag mtu
check "mtu: exit 1" test "$(cat "$OUT/mtu.rc")" = 1
check "mtu: mtu.netdev on lab-b only ($(problems mtu))" \
    jqtrue '[.findings[] | select(.rule == "mtu.netdev") | .hosts[0]] | (length >= 1 and all(. == "lab-b"))' "$OUT/mtu.json"
check "mtu: evidence 1200 from lab-b and 1500 from lab-a" \
    bash -c "$(declare -f jqtrue evidence); OUT=$OUT; evidence mtu mtu.netdev lab-b 1200 && evidence mtu mtu.netdev lab-a 1500"
check "mtu: the fix is the generator's ip link command" \
    jqtrue '[.findings[] | select(.rule == "mtu.netdev") | .fixes[].text | contains("ip link set dev data0 mtu")] | any' "$OUT/mtu.json"
restore_mtus || die "could not restore lab-b's MTUs"

# 3. A VLAN on lab-a only.
gssh lab-a 'ip link add link data0 name data0.7 type vlan id 7 && ip addr add 198.18.7.1/24 dev data0.7 && ip link set data0.7 up
    for i in $(seq 50); do grep -q 0000:0000:0000:0000:0000:ffff:c612:0701 /sys/class/infiniband/rxe0/ports/1/gids/* 2>/dev/null && break; sleep 0.1; done' ||
    die "could not add VLAN 7 on lab-a"
diag vlan
check "vlan: vlan.missing-on-peer on lab-b ($(problems vlan))" has vlan vlan.missing-on-peer lab-b
check "vlan: evidence names lab-a's data0.7" evidence vlan vlan.missing-on-peer lab-a data0.7
gssh lab-a 'ip link del data0.7'

# 4. Different GID index for the subnet's address: lab-b's 198.18.0.2 re-added after another address.
gssh lab-b 'ip addr del 198.18.0.2/24 dev data0 && ip addr add 198.18.0.102/24 dev data0 && ip addr add 198.18.0.2/24 dev data0
    for i in $(seq 50); do grep -q 0000:0000:0000:0000:0000:ffff:c612:0002 /sys/class/infiniband/rxe0/ports/1/gids/* 2>/dev/null && break; sleep 0.1; done' ||
    die "could not move lab-b's address"
diag gidindex --active
check "gid index: gid.index-differs ($(problems gidindex))" \
    jqtrue '[.findings[] | select(.rule == "gid.index-differs")] | length >= 1' "$OUT/gidindex.json"
jq -r '.findings[] | select(.rule == "gid.index-differs") | .evidence[] | "  \(.host): \(.subject) = \(.value)"' "$OUT/gidindex.json"
check "gid index: the matrix measured lab-b -> lab-a over several indexes" \
    jqtrue '[.reachability[] | select(.from == "lab-b" and .what == "rdma-ping")] | length >= 2' "$OUT/gidindex.json"
jq -r '.reachability[] | "  \(.from) -> \(.to) \(.what) index \(.gid_index): \(.ok) \(.detail)"' "$OUT/gidindex.json"
gssh lab-b 'ip addr del 198.18.0.102/24 dev data0; ip addr del 198.18.0.2/24 dev data0 2>/dev/null; ip addr add 198.18.0.2/24 dev data0
    for i in $(seq 50); do grep -q 0000:0000:0000:0000:0000:ffff:c612:0002 /sys/class/infiniband/rxe0/ports/1/gids/* 2>/dev/null && break; sleep 0.1; done'

# 5. rdma_cm ToS differs: lab-a marks 106, lab-b keeps the default.
gssh lab-a 'grep -q " /sys/kernel/config " /proc/mounts || mount -t configfs none /sys/kernel/config; mkdir -p /sys/kernel/config/rdma_cm/rxe0 &&
    echo 106 > /sys/kernel/config/rdma_cm/rxe0/ports/1/default_roce_tos' || die "could not set the rdma_cm ToS on lab-a"
gssh lab-b 'grep -q " /sys/kernel/config " /proc/mounts || mount -t configfs none /sys/kernel/config; true'
diag tos
check "tos: one rdmacm.tos, on lab-b ($(problems tos))" \
    jqtrue '[.findings[] | select(.rule == "rdmacm.tos") | .hosts[0]] == ["lab-b"]' "$OUT/tos.json"
check "tos: evidence 106 from lab-a" evidence tos rdmacm.tos lab-a 106
# RoCE mode: rxe has RoCE v2 GIDs only; the kernel refuses v1 for it (said, not hidden).
if gssh lab-b 'mkdir -p /sys/kernel/config/rdma_cm/rxe0 && echo "IB/RoCE v1" > /sys/kernel/config/rdma_cm/rxe0/ports/1/default_roce_mode' 2>"$OUT/mode.err"; then
    diag mode
    check "mode: rdmacm.mode ($(problems mode))" jqtrue '[.findings[] | select(.rule == "rdmacm.mode")] | length == 1' "$OUT/mode.json"
else
    echo "note: rxe refuses default_roce_mode 'IB/RoCE v1' ($(tr '\n' ' ' <"$OUT/mode.err")); the mode rule is covered by tst_diagnose"
fi
gssh lab-a 'rmdir /sys/kernel/config/rdma_cm/rxe0'
gssh lab-b '[ -d /sys/kernel/config/rdma_cm/rxe0 ] && rmdir /sys/kernel/config/rdma_cm/rxe0; true'

# 6. The test port blocked on lab-b. The lab image has no netfilter (no iptables/nft, no nf modules), so the
# "firewall rule" is policy routing: replies from TCP port 18515 are refused. (UDP 4791 cannot be blocked this
# way: rxe's sends do not go through a rule on the protocol; tried, RDMA kept working.)
gssh lab-b 'ip rule add pref 100 ipproto 6 sport 18515 prohibit' >"$OUT/rules.err" 2>&1 ||
    die "could not add the blocking rule on lab-b: $(cat "$OUT/rules.err")"
diag blocked --active
jq -r '.reachability[] | "  \(.from) -> \(.to) \(.what) index \(.gid_index): \(.ok) \(.detail)"' "$OUT/blocked.json" | cut -c1-200
check "blocked: reach.tcp-blocked lab-a -> lab-b ($(problems blocked))" \
    jqtrue '[.findings[] | select(.rule == "reach.tcp-blocked" and .hosts == ["lab-a", "lab-b"])] | length == 1' "$OUT/blocked.json"
check "blocked: RDMA itself still works both ways (no reach.rdma-blocked)" \
    jqtrue '[.findings[] | select(.rule == "reach.rdma-blocked")] | length == 0' "$OUT/blocked.json"
gssh lab-b 'ip rule del pref 100' || die "could not remove the blocking rule on lab-b"

# 7. Everything restored: clean again.
diag restored
check "restored: no finding above info ($(problems restored))" test -z "$(problems restored)"
trap - EXIT
finish

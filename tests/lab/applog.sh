#!/bin/bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Real application failures on the Soft-RoCE lab, captured as logs (issue 21): UCX (ucx_perftest, rc_verbs)
# and libfabric (fi_pingpong, verbs provider) with the link-local GID's index or an empty slot on the client
# fail; the same runs with RoCE Pilot's recommended index succeed; UCX with RoCE's UDP port 4791 dropped on the
# way ends in "transport retry counter exceeded", and with lab-b's MTU lowered in "remote invalid request
# error". Server: lab-a, client: lab-b. Every run's stdout+stderr goes, headed with its command, guest and date,
# to $OUT/captures (tests/fixtures/applog-lab is refreshed from there by hand, see its README), with each
# guest's GID table beside it. The last block feeds each capture, joined with its guest's GID table, to
# `rocepilot-cli diagnose --paste` and checks the applog.* findings.
# shellcheck source=tests/lab/common.sh disable=SC2317 # functions run through check and trap
. "$(dirname "$0")/common.sh"
CAP=$OUT/captures
mkdir -p "$CAP" "$OUT/paste"

discover "$OUT/discover.json"
rec() { jq -r --arg h "$1" '.hosts[] | select(.name == $h) | .recommendations[] | select(.device == "rxe0" and .port == 1) | .gid_index' "$OUT/discover.json"; }
GA=$(rec lab-a)
GB=$(rec lab-b)
[[ $GA =~ ^[0-9]+$ && $GB =~ ^[0-9]+$ ]] || die "no recommended GID index in the discovery JSON (lab-a '$GA', lab-b '$GB')"
LL=$(jq -r '.hosts[] | select(.name == "lab-b") | .devices[0].ports[0].gids[] | select(.link_local and .netdev == "data0") | .index' "$OUT/discover.json" | head -1)
[[ $LL =~ ^[0-9]+$ ]] || die "no link-local GID on lab-b's data0 in the discovery JSON"
# an empty slot within the 8 the GID table below lists
EMPTY=$(jq -r '.hosts[] | select(.name == "lab-b") | [.devices[0].ports[0].gids[].index] as $used | [range(1; 8)] - $used | .[0] // empty' "$OUT/discover.json")
[[ $EMPTY =~ ^[0-9]+$ ]] || die "no empty GID slot below 8 on lab-b in the discovery JSON"
SERVER_IP=$(jq -r '.hosts[] | select(.name == "lab-a") | .recommendations[0].address' "$OUT/discover.json")
echo "recommended GID index: lab-a $GA, lab-b $GB; on lab-b link-local $LL, empty $EMPTY; server $SERVER_IP"

# The GID table as an admin would paste it next to a log: the first 8 slots of rxe0 port 1 (empty ones read as
# zeros; their gid_attrs fail with EINVAL, hence 2>/dev/null), then show_gids. One connection per guest.
P=/sys/class/infiniband/rxe0/ports/1
GID_CMD="grep . $P/gids/[0-7] $P/gid_attrs/types/[0-7] $P/gid_attrs/ndevs/[0-7] 2>/dev/null"
# a server an aborted earlier run left behind would hold its port: ended by the pid it recorded
# shellcheck disable=SC2016 # expanded in the guest
LEFTOVER='[ -f /tmp/rp-applog-server.pid ] && kill $(cat /tmp/rp-applog-server.pid) 2>/dev/null; rm -f /tmp/rp-applog-server.pid'
# The guests run the host's packages: their versions are in the image's inputs (ucx_info -v and fi_info --version
# in a guest cost 5-10 s under TCG). Whether the image has the tools is asked in the guest.
for h in lab-a lab-b; do
    gssh "$h" "$LEFTOVER; $GID_CMD; echo '### show_gids'; show_gids; echo '### tools'; command -v ucx_perftest fi_pingpong; uname -r" \
        >"$OUT/$h.view" 2>&1 &
done
wait
for h in lab-a lab-b; do
    grep -q '/gids/1:' "$OUT/$h.view" || die "$h: reading the GID table failed: $(tail -3 "$OUT/$h.view")"
    [[ $(grep -c -E '/(ucx_perftest|fi_pingpong)$' "$OUT/$h.view") == 2 ]] ||
        die "$h: the lab image has no ucx_perftest or fi_pingpong: install ucx-utils libfabric-bin on this host (bash installer/deps.sh); lab.sh then builds an image with them"
done
KVER=$(tail -1 "$OUT/lab-a.view")
IMAGE=$(sed -n 's/^IMAGE=//p' "$STATE/lab.env") # written with %q: a cache path has nothing to unquote
UCXV=$(sed -n 's/^libucx0=//p' "$IMAGE/inputs.txt")
FIV=$(sed -n 's/^libfabric1=//p' "$IMAGE/inputs.txt")
NOW=$(date -u +%Y-%m-%dT%H:%M:%SZ)
provenance() { # HOST -> the part of every header that says where a capture comes from
    echo "$1 of the RoCE Pilot Soft-RoCE lab, $NOW; REAL capture on Soft-RoCE (rdma_rxe under qemu, kernel $KVER, UCX $UCXV, libfabric $FIV), NOT a ConnectX or any real NIC"
}
for h in lab-a lab-b; do
    {
        echo "# GID table of rxe0 port 1 on $(provenance "$h"); \$ $GID_CMD"
        sed '/^### show_gids/,$d' "$OUT/$h.view"
    } >"$CAP/$h.gids.txt"
    {
        echo "# show_gids on $(provenance "$h")"
        sed -n '/^### show_gids/,/^### tools/p' "$OUT/$h.view" | sed '1d;$d'
    } >"$CAP/$h.show_gids.txt"
done
check "lab-b's GID table shows index $LL link-local and $GB = ::ffff:198.18.0.2" \
    bash -c "grep -q 'gids/$LL:fe80:' '$CAP/lab-b.gids.txt' && grep -q 'gids/$GB:0000:0000:0000:0000:0000:ffff:c612:0002' '$CAP/lab-b.gids.txt'"

# The client retries while its server is not listening yet (each server is started by its own connection).
# shellcheck disable=SC2016 # expanded in the guest
CLIENT='for try in $(seq 1 20); do
  timeout "$TMO" env "$@" > /tmp/rp-applog.out 2>&1; rc=$?
  [ $rc = 0 ] && break
  grep -qE "Connection refused|Couldn.t connect|connect\(\) failed" /tmp/rp-applog.out || break
  sleep 0.5
done
cat /tmp/rp-applog.out; echo "RP-CLIENT rc=$rc tries=$try"; exit $rc'

# capture FILE HOST ROLE RC ENVCMD RAW : the headed capture
capture() {
    {
        echo "# \$ $5 -- $3 on $(provenance "$2"); exit status $4"
        grep -v '^RP-CLIENT rc=' "$6"
    } >"$1"
}

# run CASE SERVER_SETUP SERVER_ENV SERVER_CMD CLIENT_ENV CLIENT_CMD [SERVER_TMO [CLIENT_TMO]] : one server on lab-a (its
# guest pid kept so a client that failed can end it), one client on lab-b; sets SRC and CRC and writes
# CASE.server.log and CASE.client.log. SERVER_SETUP runs on lab-a before the server (e.g. a tc filter).
run() {
    local c=$1 setup=$2 senv=$3 scmd=$4 cenv=$5 ccmd=$6 stmo=${7:-40} ctmo=${8:-40} q
    # the server: its own output file and pid in the guest; the setup is undone by the caller
    gssh lab-a "$setup
cd /tmp; $senv timeout $stmo $scmd >/tmp/rp-applog-server.out 2>&1 & echo \$! >/tmp/rp-applog-server.pid; wait \$!; rc=\$?
cat /tmp/rp-applog-server.out; echo RP-SERVER rc=\$rc; exit \$rc" >"$OUT/$c.server.raw" 2>&1 &
    local spid=$!
    CRC=0
    # shellcheck disable=SC2086 # word splitting of the env and the command is the point
    printf -v q '%q ' $cenv $ccmd
    gssh lab-b "TMO=$ctmo bash -c '$CLIENT' client $q" >"$OUT/$c.client.raw" 2>&1 || CRC=$?
    SRC=0
    if ! wait_for "$spid" 3; then # the client is done: a server still waiting for it never gets anything
        # shellcheck disable=SC2016 # expanded in the guest
        gssh lab-a 'kill $(cat /tmp/rp-applog-server.pid) 2>/dev/null; true' >/dev/null 2>&1
    fi
    wait "$spid" || SRC=$?
    sed -i '/^RP-SERVER rc=/d' "$OUT/$c.server.raw"
    capture "$CAP/$c.server.log" lab-a server "$SRC" "$senv $scmd" "$OUT/$c.server.raw"
    capture "$CAP/$c.client.log" lab-b client "$CRC" "$cenv $ccmd" "$OUT/$c.client.raw"
    echo "$c: server rc $SRC, client rc $CRC"
}
wait_for() { # PID SECONDS : 0 when PID exits within SECONDS
    local i
    for ((i = 0; i < $2 * 10; i++)); do
        kill -0 "$1" 2>/dev/null || return 0
        sleep 0.1
    done
    return 1
}
# expect CASE ROLE ok|fail PATTERN : the run's exit status and a line of its output
expect() {
    local c=$1 role=$2 want=$3 pat=$4 rc=CRC f="$CAP/$1.$2.log"
    [[ $role == server ]] && rc=SRC
    local line
    line=$(grep -m1 -E -- "$pat" "$f" | sed 's/^ *//' | cut -c1-200)
    if [[ $want == ok ]]; then
        check "$c: the $role succeeds (exit ${!rc}) and prints '$pat': $line" test "${!rc}" = 0 -a -n "$line"
    else
        check "$c: the $role fails (exit ${!rc}) with '$pat': $line" test "${!rc}" != 0 -a -n "$line"
    fi
}

# UCX at the transport layer (rc_verbs on rxe0:1): with UCX_LOG_LEVEL=debug it prints the address vector it
# builds ("ah_attr ... dgid=... sgid_index=N"). UCX logs to stdout unless told otherwise, and a run ended by
# timeout loses its buffered stdout: UCX_LOG_FILE=stderr keeps every line.
UCX_CMD="ucx_perftest -d rxe0:1 -x rc_verbs -t am_lat -n 100"
UENV="UCX_LOG_LEVEL=debug UCX_LOG_FILE=stderr UCX_IB_GID_INDEX"
run ucx_gid_link_local "" "$UENV=$GA" "$UCX_CMD -p 13401" "$UENV=$LL" "$UCX_CMD -p 13401 $SERVER_IP"
expect ucx_gid_link_local client fail 'error modifying QP to RTR'
expect ucx_gid_link_local client fail "sgid_index=$LL"
expect ucx_gid_link_local server fail 'error modifying QP to RTR'
# an empty slot: UCX refuses the device before any connection ("invalid gid[N] on rxe0:1")
run ucx_gid_empty "" "$UENV=$GA" "$UCX_CMD -p 13403" "$UENV=$EMPTY" "$UCX_CMD -p 13403 $SERVER_IP"
expect ucx_gid_empty client fail "invalid gid\\[$EMPTY\\] on rxe0:1"
expect ucx_gid_empty client fail 'Cannot use rc_verbs/rxe0:1'
run ucx_gid_recommended "" "$UENV=$GA" "$UCX_CMD -p 13402" "$UENV=$GB" "$UCX_CMD -p 13402 $SERVER_IP"
expect ucx_gid_recommended client ok '^Final:'
expect ucx_gid_recommended client ok "sgid_index=$GB"
expect ucx_gid_recommended server ok 'connected rc qp'

# libfabric's verbs provider: FI_VERBS_GID_IDX is read for its datagram endpoints (domain rxe0-dgram; its
# default is 0, the link-local GID); FI_LOG_LEVEL=info prints "read int var gid_idx=N".
FI_CMD="fi_pingpong -p verbs -e dgram -I 20 -S 64"
FENV="FI_LOG_LEVEL=info FI_VERBS_GID_IDX"
run fi_gid_link_local "" "$FENV=$GA" "$FI_CMD -B 13411" "$FENV=$LL" "$FI_CMD -P 13411 $SERVER_IP"
expect fi_gid_link_local client fail 'Unable to create Address Handle'
expect fi_gid_link_local client fail "gid_idx=$LL"
run fi_gid_empty "" "$FENV=$GA" "$FI_CMD -B 13413" "$FENV=$EMPTY" "$FI_CMD -P 13413 $SERVER_IP"
expect fi_gid_empty client fail 'Unable to create Address Handle, errno - 61'
expect fi_gid_empty client fail "gid_idx=$EMPTY"
run fi_gid_recommended "" "$FENV=$GA" "$FI_CMD -B 13412" "$FENV=$GB" "$FI_CMD -P 13412 $SERVER_IP"
expect fi_gid_recommended client ok '^64 +20 +=20'
expect fi_gid_recommended server ok '^64 +20 +=20'

# RoCE v2's UDP port blocked on the way: lab-a drops what arrives for UDP 4791 (tc clsact ingress). Not on
# lab-b's egress: a qdisc drop there returns NET_XMIT_DROP to rxe, which retries the send at once, forever
# (the 6.1 guest kernel reported a soft lockup in ucx_perftest and stopped answering SSH).
DROP="tc qdisc del dev data0 clsact 2>/dev/null; tc qdisc add dev data0 clsact && tc filter add dev data0 ingress protocol ip prio 1 u32 match ip protocol 17 0xff match ip dport 4791 0xffff action drop || exit 90"
UNDROP='tc qdisc del dev data0 clsact'
cleanup_drop() { gssh lab-a "$UNDROP 2>/dev/null; true" >/dev/null 2>&1; }
trap cleanup_drop EXIT
# rxe takes a retry count of 7 (UCX's and perftest's default) as "retry forever" (rxe_comp.c: a count of 7 is
# never decremented): with 7 the client retransmitted for 40 s and never failed. UCX_RC_RETRY_COUNT=3 lets it
# give up after 4 timeouts of about 1 s (timer 18).
run ucx_udp4791_blocked "$DROP" "$UENV=$GA" "$UCX_CMD -p 13421" "UCX_RC_RETRY_COUNT=3 $UENV=$GB" \
    "$UCX_CMD -p 13421 $SERVER_IP" 30
check "ucx_udp4791_blocked: lab-a's filter was in place (server not stopped by the tc setup)" test "$SRC" != 90
expect ucx_udp4791_blocked client fail 'retry'
gssh lab-a "$UNDROP; tc qdisc show dev data0 | grep -c clsact" >"$OUT/undrop.txt" 2>&1
check "ucx_udp4791_blocked: the filter is gone afterwards" grep -qx 0 "$OUT/undrop.txt"
trap - EXIT

# MTU mismatch: lab-b's data0 at 1000 bytes (rxe0's active_mtu drops from 1024 to 512), lab-a's at 1500. A put
# of 2048 bytes: lab-a's send completes with "remote invalid request error"; the client waits until its timeout.
# Lowering data0 lowers its VLAN data0.2 too, and raising data0 again does not raise data0.2: both go back.
RESTORE_MTU='ip link set dev data0 mtu 1500 && ip link set dev data0.2 mtu 1500'
cleanup_mtu() { gssh lab-b "$RESTORE_MTU" >/dev/null 2>&1; }
trap cleanup_mtu EXIT
gssh lab-b 'ip link set dev data0 mtu 1000 && sleep 0.5 && ibv_devinfo -d rxe0 | grep active_mtu' >"$OUT/mtu.txt" 2>&1
check "mtu_mismatch: lab-b's rxe0 active_mtu is 512 with data0 at 1000" grep -q 'active_mtu:.*512' "$OUT/mtu.txt"
PUT_CMD="ucx_perftest -d rxe0:1 -x rc_verbs -t put_lat -D zcopy -s 2048 -n 50"
run ucx_mtu_mismatch "" "$UENV=$GA" "$PUT_CMD -p 13431" "UCX_RC_RETRY_COUNT=3 $UENV=$GB" "$PUT_CMD -p 13431 $SERVER_IP" 30 12
gssh lab-b "$RESTORE_MTU && cat /sys/class/net/data0/mtu /sys/class/net/data0.2/mtu" >"$OUT/mtu.txt" 2>&1
check "mtu_mismatch: lab-b's data0 and data0.2 are back at 1500" test "$(grep -cx 1500 "$OUT/mtu.txt")" = 2
trap - EXIT
expect ucx_mtu_mismatch server fail 'remote invalid request error'
expect ucx_mtu_mismatch server fail 'connected rc qp .* mtu 512'
expect ucx_mtu_mismatch client fail 'connected rc qp .* mtu 1024'

# ---------------------------------------------------------------------------------------------------------
# The troubleshooter on each capture, joined with that guest's GID table as one paste (a heading, the sysfs
# grep, then the command line and its output). Needs the application-log rules (applog.*) of the lead's branch.
# finding JSON RULE -> 0 when RULE is among the findings
# joined CASE ROLE -> the paste file
joined() {
    local h=lab-b f
    [[ $2 == server ]] && h=lab-a
    f=$OUT/paste/$1.$2.txt
    {
        echo "=== $h ==="
        echo "\$ $GID_CMD"
        tail -n +2 "$CAP/$h.gids.txt"
        sed -n '1s/^# \(\$ .*\) -- .*/\1/p' "$CAP/$1.$2.log"
        tail -n +2 "$CAP/$1.$2.log"
    } >"$f"
    echo "$f"
}
diag() { # CASE ROLE -> $OUT/paste/CASE.ROLE.json
    local p
    p=$(joined "$1" "$2")
    "$CLI" diagnose --paste "$p" --json >"${p%.txt}.json" 2>"${p%.txt}.err"
    jq -e . "${p%.txt}.json" >/dev/null 2>&1 || echo '{}' >"${p%.txt}.json"
}
has_rule() { jq -e --arg r "$2" '[.findings[]? | .rule] | index($r) != null' "$OUT/paste/$1.json" >/dev/null; }
no_applog_error() { jq -e '[.findings[]? | select((.rule | startswith("applog.")) and .severity == "error")] | length == 0' "$OUT/paste/$1.json" >/dev/null; }
for cr in ucx_gid_link_local.client ucx_gid_link_local.server ucx_gid_empty.client ucx_gid_recommended.client \
    fi_gid_link_local.client fi_gid_empty.client fi_gid_recommended.client ucx_udp4791_blocked.client; do
    diag "${cr%.*}" "${cr#*.}"
done
check "diagnose ucx_gid_link_local.client: applog.gid-link-local" has_rule ucx_gid_link_local.client applog.gid-link-local
check "diagnose ucx_gid_link_local.client: applog.modify-qp" has_rule ucx_gid_link_local.client applog.modify-qp
check "diagnose ucx_gid_link_local.server: applog.modify-qp" has_rule ucx_gid_link_local.server applog.modify-qp
check "diagnose ucx_gid_empty.client: applog.gid-index-empty" has_rule ucx_gid_empty.client applog.gid-index-empty
check "diagnose ucx_gid_recommended.client: no applog.* error" no_applog_error ucx_gid_recommended.client
check "diagnose fi_gid_link_local.client: applog.gid-link-local" has_rule fi_gid_link_local.client applog.gid-link-local
check "diagnose fi_gid_link_local.client: applog.create-ah" has_rule fi_gid_link_local.client applog.create-ah
check "diagnose fi_gid_empty.client: applog.gid-index-empty" has_rule fi_gid_empty.client applog.gid-index-empty
check "diagnose fi_gid_recommended.client: no applog.* error" no_applog_error fi_gid_recommended.client
check "diagnose ucx_udp4791_blocked.client: applog.retry-exceeded" has_rule ucx_udp4791_blocked.client applog.retry-exceeded
finish

#!/bin/bash
# SPDX-License-Identifier: GPL-3.0-or-later
# perftest between the guests with the GID index RoCE Pilot recommends on each side (-x from the discovery
# JSON): ib_send_lat and ib_write_bw must succeed. With a deliberately wrong index on the client (a link-local
# GID, an empty slot, an index out of range) the run must fail. Server: lab-a, client: lab-b.
. "$(dirname "$0")/common.sh"

discover "$OUT/discover.json"
rec() { jq -r --arg h "$1" '.hosts[] | select(.name == $h) | .recommendations[] | select(.device == "rxe0" and .port == 1) | .gid_index' "$OUT/discover.json"; }
GA=$(rec lab-a)
GB=$(rec lab-b)
[[ $GA =~ ^[0-9]+$ && $GB =~ ^[0-9]+$ ]] || die "no recommended GID index in the discovery JSON (lab-a '$GA', lab-b '$GB')"
SERVER_IP=$(jq -r '.hosts[] | select(.name == "lab-a") | .recommendations[0].address' "$OUT/discover.json")
echo "recommended GID index: lab-a $GA, lab-b $GB; server address $SERVER_IP"

# The client retries while the server is not listening yet ("Couldn't connect"), 20 times, 0.5 s apart.
CLIENT='out=/tmp/rp-perf-client.out
for try in $(seq 1 20); do
  timeout "$TMO" "$@" > $out 2>&1; rc=$?
  [ $rc = 0 ] && break
  grep -q "Couldn.t connect" $out || break
  sleep 0.5
done
cat $out; echo "CLIENT rc=$rc tries=$try"; exit $rc'
# pair NAME SERVER_GID CLIENT_GID TOOL ARGS... : server on lab-a, client on lab-b; sets SRC, CRC
pair() {
    local name=$1 sg=$2 cg=$3 tool=$4 q
    shift 4
    printf -v q '%q ' "$@"
    # the server: in the background on the host, its guest pid recorded so it can be stopped by pid
    gssh lab-a "timeout 60 $tool -d rxe0 -x $sg $q >/tmp/rp-perf-server.out 2>&1 & echo \$! >/tmp/rp-perf-server.pid; wait \$!; rc=\$?; cat /tmp/rp-perf-server.out; echo SERVER rc=\$rc; exit \$rc" \
        >"$OUT/$name.server.txt" 2>&1 &
    local spid=$!
    CRC=0
    gssh lab-b "TMO=30 bash -c '$CLIENT' client $tool -d rxe0 -x $cg $q $SERVER_IP" >"$OUT/$name.client.txt" 2>&1 || CRC=$?
    if ((CRC != 0)); then # a failed client leaves the server waiting: stop it by its pid
        gssh lab-a 'kill $(cat /tmp/rp-perf-server.pid) 2>/dev/null; true' >/dev/null 2>&1
    fi
    SRC=0
    wait "$spid" || SRC=$?
}

pair send_lat "$GA" "$GB" ib_send_lat -n 500
if ((CRC == 0 && SRC == 0)); then
    pass "ib_send_lat with the recommended GIDs (lab-a $GA, lab-b $GB): $(grep -A1 't_avg' "$OUT/send_lat.client.txt" | tail -1 | awk '{print "t_min " $3 " us, t_typical " $5 " us"}')"
else
    fail "ib_send_lat with the recommended GIDs: client rc $CRC, server rc $SRC:"$'\n'"$(tail -8 "$OUT/send_lat.client.txt")"$'\n'"$(tail -8 "$OUT/send_lat.server.txt")"
fi
pair write_bw "$GA" "$GB" ib_write_bw -n 200 -s 65536
if ((CRC == 0 && SRC == 0)); then
    pass "ib_write_bw with the recommended GIDs: $(grep -A1 'BW average' "$OUT/write_bw.client.txt" | tail -1 | awk '{print "BW average " $4 " MB/s"}')"
else
    fail "ib_write_bw with the recommended GIDs: client rc $CRC, server rc $SRC:"$'\n'"$(tail -8 "$OUT/write_bw.client.txt")"$'\n'"$(tail -8 "$OUT/write_bw.server.txt")"
fi

# wrong GID indexes on the client
LL=$(jq -r '.hosts[] | select(.name == "lab-b") | .devices[0].ports[0].gids[] | select(.link_local and .netdev == "data0") | .index' "$OUT/discover.json" | head -1)
EMPTY=$(jq -r '.hosts[] | select(.name == "lab-b") | [.devices[0].ports[0].gids[].index] as $used | [range(1; 60)] - $used | .[0]' "$OUT/discover.json")
for wrong in "link-local:$LL" "empty-slot:$EMPTY" "out-of-range:4000"; do
    what=${wrong%%:*} idx=${wrong#*:}
    [[ -n $idx ]] || { fail "no $what GID index found on lab-b"; continue; }
    pair "wrong_$what" "$GA" "$idx" ib_send_lat -n 100
    if ((CRC != 0)) && ! grep -q "Couldn.t connect" "$OUT/wrong_$what.client.txt"; then
        pass "ib_send_lat with the $what GID index ($idx) on the client fails: $(grep -m1 -iE 'incompatib|error|fail|should be|unable' "$OUT/wrong_$what.client.txt" | sed 's/^ *//')"
    elif ((CRC != 0)); then
        fail "ib_send_lat with the $what GID index: the client never reached the server (not the failure under test)"
    else
        fail "ib_send_lat with the $what GID index ($idx) on the client succeeded; it must fail"
    fi
done
finish

#!/bin/bash
# SPDX-License-Identifier: GPL-3.0-or-later
#
# capture.sh - record what the live Soft-RoCE lab reports, as fixtures for parser and discovery tests.
#
#   capture.sh [--state-dir DIR] [--out DIR]
#
# Uses the lab running in DIR (lab.sh start --state-dir DIR); when none runs there, starts one and stops it
# again afterwards. Writes OUT/lab-a/ and OUT/lab-b/ (default OUT: tests/fixtures/lab), replacing what was
# there, so re-running after a kernel or rdma-core update refreshes every file. One SSH connection per guest.
# Every .txt file starts with one header line "# Soft-RoCE lab capture: HOST, kernel K, rdma-core V, ...";
# the command's output follows from line 2. The .json files are the command's output unchanged (a header
# would break JSON): their provenance is in OUT/HOST/SOURCE.txt, which has the same header.
set -Eeuo pipefail
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
LAB=$HERE/lab.sh
STATE=
OUT=$(cd "$HERE/../tests/fixtures" && pwd)/lab
while (($# > 0)); do
    case $1 in
    --state-dir) STATE=$2; shift 2 ;;
    --out) OUT=$2; shift 2 ;;
    *) echo "usage: $0 [--state-dir DIR] [--out DIR]" >&2; exit 2 ;;
    esac
done
STATE=${STATE:-${RP_LAB_STATE:-${XDG_STATE_HOME:-${HOME:-/tmp}/.local/state}/rocepilot/lab}}

started=0
if ! "$LAB" status --state-dir "$STATE" >/dev/null 2>&1; then
    echo "capture.sh: no lab running in $STATE: starting one" >&2
    "$LAB" start --state-dir "$STATE" >/dev/null || { echo "capture.sh: lab.sh start failed" >&2; exit 1; }
    started=1
fi
cleanup() { if ((started)); then "$LAB" stop --state-dir "$STATE" 2>/dev/null || true; fi; }
trap cleanup EXIT

# what the image was built from (lab.sh records the host package versions it copied into the guests)
IMAGE=$(. "$STATE/lab.env" && echo "$IMAGE")
ver() { sed -n "s/^$1=//p" "$IMAGE/inputs.txt" | head -1; }
RDMA_CORE=$(ver ibverbs-providers)
IPROUTE=$(ver iproute2)
PERFTEST=$(ver perftest)

# the guest side: every output into /tmp/rp-capture, then one tar stream back
GUEST='set -u
C=/tmp/rp-capture; rm -rf $C; mkdir -p $C; cd $C
run() { f=$1; shift; "$@" > "$f" 2>&1; echo "$?" > "$f.rc"; }
run ibv_devices.txt ibv_devices
run ibv_devinfo.txt ibv_devinfo
run ibv_devinfo_v.txt ibv_devinfo -v
run rdma_link.txt rdma link show
run rdma_link.json rdma -j link show
run rdma_dev.txt rdma dev show
run rdma_dev.json rdma -j dev show
run ip_d_addr.json ip -d -j addr show
run ip_d_link.txt ip -d link show
run show_gids.txt show_gids
# iproute2 dcb on virtio-net (no dcbnl_ops): every object fails with "Operation not supported"
for nd in data0 data0.2; do
  for c in "pfc show dev $nd" "ets show dev $nd" "app show dev $nd" "buffer show dev $nd" \
           "maxrate show dev $nd" "dcbx show dev $nd" "-j pfc show dev $nd"; do
    echo "\$ dcb $c"; dcb $c 2>&1; echo "rc=$?"
  done
done > dcb.txt 2>&1; echo 0 > dcb.txt.rc
for f in /proc/net/vlan/*; do n=${f##*/}; run "proc_net_vlan_$n.txt" cat "$f"; done
# sysfs of rxe0 as "path = value" (first line of each file). Empty GID slots (all-zero GID; their gid_attrs
# fail with EINVAL) and power/ are left out; any other file that cannot be read says so. Builtins only.
declare -A empty=()
for g in /sys/class/infiniband/rxe0/ports/*/gids/*; do
  z=; IFS= read -r z < "$g" 2>/dev/null; [ "$z" = 0000:0000:0000:0000:0000:0000:0000:0000 ] && empty["${g%/gids/*}#${g##*/}"]=1
done
{
  find /sys/class/infiniband/rxe0/ -type f | LC_ALL=C sort | while IFS= read -r p; do
    case $p in
      */power/*) continue;;
      */gids/*) [ -n "${empty["${p%/gids/*}#${p##*/}"]:-}" ] && continue;;
      */gid_attrs/*) [ -n "${empty["${p%/gid_attrs/*}#${p##*/}"]:-}" ] && continue;;
    esac
    v=
    if IFS= read -r v < "$p" 2>/dev/null || [ -n "$v" ]; then echo "$p = $v"; else echo "$p = <read error>"; fi
  done
} > sysfs_rxe0.txt 2>&1; echo 0 > sysfs_rxe0.txt.rc
uname -r > kernel
tar -cf - .'

capture_host() { # HOST
    local h=$1 tmp header KERNEL f b
    tmp=$(mktemp -d)
    if ! ssh -F "$STATE/ssh_config" "$h" bash -s <<<"$GUEST" | tar -C "$tmp" -xmf -; then
        rm -rf "$tmp"
        echo "capture.sh: capturing $h failed" >&2
        return 1
    fi
    KERNEL=$(<"$tmp/kernel")
    header="# Soft-RoCE lab capture: $h, kernel $KERNEL (Debian linux-image-$KERNEL, rdma_rxe), rdma-core $RDMA_CORE, iproute2 $IPROUTE, perftest $PERFTEST, $(date -u +%Y-%m-%d); written by lab/capture.sh"
    rm -rf "${OUT:?}/$h"
    mkdir -p "$OUT/$h"
    {
        echo "$header"
        echo "# file: command (exit status)"
        for f in "$tmp"/*.rc; do
            b=$(basename "$f" .rc)
            echo "$b: exit $(<"$f")"
        done
    } >"$OUT/$h/SOURCE.txt"
    for f in "$tmp"/*.txt "$tmp"/*.json; do
        b=$(basename "$f")
        case $b in
        *.json) cp "$f" "$OUT/$h/$b" ;;
        *) { echo "$header"; cat "$f"; } >"$OUT/$h/$b" ;;
        esac
    done
    rm -rf "$tmp"
    echo "capture.sh: $h: $(find "$OUT/$h" -type f | wc -l) files in $OUT/$h (kernel $KERNEL)" >&2
}

# both guests at once (each is one SSH connection)
capture_host lab-a &
pa=$!
capture_host lab-b &
pb=$!
rc=0
wait $pa || rc=1
wait $pb || rc=1
exit $rc

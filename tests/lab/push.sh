#!/bin/bash
# SPDX-License-Identifier: GPL-3.0-or-later
# lab.sh push: a host-built verbs program (linked against a helper library only the host has, found through
# an absolute RUNPATH) goes into both guests with its ldd closure and runs there, seeing rxe0 ACTIVE.
. "$(dirname "$0")/common.sh"

SRC=$(cd "$(dirname "$0")/../../lab/hostbin" && pwd)
BIN=$OUT/bin
mkdir -p "$BIN"
cc -O2 -shared -fPIC -o "$BIN/librp_lab_helper.so" "$SRC/rp_lab_helper.c" 2>"$OUT/cc.err" &&
    cc -O2 -o "$BIN/rp_lab_probe" "$SRC/rp_lab_probe.c" -L"$BIN" -lrp_lab_helper -Wl,-rpath,"$BIN" -libverbs 2>>"$OUT/cc.err" ||
    die "compiling the test program failed (build-essential, libibverbs-dev): $(cat "$OUT/cc.err")"
"$BIN/rp_lab_probe" >"$OUT/host.txt" 2>&1 # no RDMA in the host kernel: only the helper line counts here
check "the program starts on the host and finds its helper library" grep -qx "helper rp-lab-helper-1" "$OUT/host.txt"

"$LAB" push --state-dir "$STATE" "$BIN/rp_lab_probe" >"$OUT/push.out" 2>"$OUT/push.err" ||
    die "lab.sh push failed: $(cat "$OUT/push.err")"
check "push prints the guest path" grep -qx /usr/local/bin/rp_lab_probe "$OUT/push.out"
check "push carried the helper library (not in the image)" grep -q "librp_lab_helper.so" "$OUT/push.err"
for h in lab-a lab-b; do
    gssh "$h" rp_lab_probe >"$OUT/$h.txt" 2>&1
    rc=$?
    check "$h: the pushed program runs (exit $rc)" test $rc = 0
    check "$h: it loads the helper library" grep -qx "helper rp-lab-helper-1" "$OUT/$h.txt"
    check "$h: it sees rxe0, port 1 ACTIVE, 1024 GID slots" grep -qx "device rxe0 port 1 state active gid_tbl_len 1024" "$OUT/$h.txt"
done
finish

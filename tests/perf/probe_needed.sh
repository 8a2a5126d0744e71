#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# rocepilot-probe is copied to every host tested, which may have no libssh, yaml-cpp, Qt or C++ runtime: it must
# record (NEEDED) only libc, libm, the RDMA libraries and the loader. A link that drags in a neighbour's library
# (a unity batch of rp_core did: the lab's guests then could not start it) fails here, not in the lab.
#   tests/perf/probe_needed.sh path/to/rocepilot-probe
set -euo pipefail
probe=$1
needed=$(objdump -p "$probe" | awk '$1 == "NEEDED" { print $2 }')
[ -n "$needed" ] || { echo "FAIL: objdump found no NEEDED entry in $probe" >&2; exit 1; }
bad=$(printf '%s\n' "$needed" | grep -vE '^(libc\.so\.6|libm\.so\.6|libibverbs\.so\.1|librdmacm\.so\.1|ld-linux-x86-64\.so\.2)$' || true)
if [ -n "$bad" ]; then
    echo "FAIL: $probe needs libraries a tested host may not have: $(echo $bad)" >&2
    exit 1
fi
echo "probe_needed: $(echo $needed)"

#!/usr/bin/env bash
# The whole test suite: unit, integration (real OpenSSH servers in network namespaces; needs root), GUI
# (offscreen), format check, then the unit suite again under ASan+UBSan. Exits non-zero on any failure.
set -euo pipefail
src="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$src"
bash installer/deps.sh
if [ "$(id -u)" -ne 0 ]; then
    echo "run-all.sh: the integration tests create network namespaces and sshd servers: run as root" >&2
    exit 1
fi
jobs="$(nproc)"
cmake --preset default
cmake --build --preset default -j "$jobs"
ctest --preset default -j 1 --timeout 900
cmake --preset asan
cmake --build --preset asan -j "$jobs"
ctest --preset asan -j "$jobs" --timeout 900

#!/usr/bin/env bash
# The whole test suite: unit, integration (real OpenSSH servers in network namespaces; needs root), GUI
# (offscreen), the Soft-RoCE lab, format check, then the unit suite again under ASan+UBSan. Exits non-zero on any
# failure. Prints the time of each stage, so growth is seen before it breaks CI's budget.
set -euo pipefail
src="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$src"
t_all=$SECONDS
stage_start=$SECONDS
stage_times=()
stage() { # NAME: closes the previous stage
    local now=$SECONDS
    if [ -n "${stage_name:-}" ]; then
        stage_times+=("$(printf '%-28s %5d s' "$stage_name" $((now - stage_start)))")
        echo "== stage '$stage_name' took $((now - stage_start)) s"
    fi
    stage_name=$1
    stage_start=$now
}
report() {
    stage ""
    echo "== stage times (total $((SECONDS - t_all)) s):"
    printf '   %s\n' "${stage_times[@]}"
}
trap report EXIT
stage "dependencies"
bash installer/deps.sh
if [ "$(id -u)" -ne 0 ]; then
    echo "run-all.sh: the integration tests create network namespaces and sshd servers: run as root" >&2
    exit 1
fi
jobs="$(nproc)"
stage "build (default)"
cmake --preset default
cmake --build --preset default -j "$jobs"
stage "tests (default, all labels)"
ctest --preset default -j 1 --timeout 900
stage "build (asan)"
cmake --preset asan
cmake --build --preset asan -j "$jobs"
stage "tests (asan, unit)"
ctest --preset asan -j "$jobs" --timeout 900

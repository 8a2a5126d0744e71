#!/usr/bin/env bash
# The whole test suite, every test once: the unit and integration labels (real OpenSSH servers in network
# namespaces, needs root) under ASan+UBSan, every other test (the Qt GUI, which the asan build does not build; the
# Soft-RoCE lab; the package) in the default build. Then every libFuzzer target for RP_FUZZ_SECONDS (default 15) on
# its committed corpus, and clang-tidy on core/ (zero findings). Exits non-zero on any failure. Prints the time of
# each stage, so growth is seen before it breaks CI's budget (45 min from a cold clone on 2 cores).
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
stage "build (asan)"
cmake --preset asan
cmake --build --preset asan -j "$jobs"
# Under ASan+UBSan: the unit suite and the integration tests (real sshd hosts in namespaces, the apply engine on a
# 50-host fleet, the switch emulators). The lab's tests push the probe into 256 MB TCG guests, where an ASan probe
# with its shadow memory and 2-3x slowdown would turn timing checks into noise; they run in the default build.
stage "tests (asan: unit, integration)"
ctest --preset asan -j 1 --timeout 900 -L 'unit|integration'
stage "tests (default: the rest)"
asan_ran=$(ctest --preset asan -N -L 'unit|integration' | sed -n 's/^ *Test *#[0-9]*: //p' | sort)
rest=$(ctest --preset default -N | sed -n 's/^ *Test *#[0-9]*: //p' | sort | comm -23 - <(echo "$asan_ran"))
# Selected with -R, not excluded with -E: ctest adds the fixture setup/cleanup tests (netns_up, ...) that the selected
# tests require only when they were not excluded.
ctest --preset default -j 1 --timeout 900 -R "^($(echo "$rest" | paste -sd'|'))\$"
stage "build (fuzz)"
cmake --preset fuzz
cmake --build --preset fuzz -j "$jobs"
stage "fuzz (${RP_FUZZ_SECONDS:-15} s per target)"
bash fuzz/run.sh build/fuzz --time "${RP_FUZZ_SECONDS:-15}"
# Last: its findings are listed in full, after every test has had its say.
stage "clang-tidy (core)"
bash tests/clang-tidy.sh build/default "$jobs"

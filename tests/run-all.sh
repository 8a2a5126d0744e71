#!/usr/bin/env bash
# The whole test suite, every test once: every label (unit, integration with real OpenSSH servers in network
# namespaces, needs root; the Soft-RoCE lab; format) under ASan+UBSan, and in the default build only what the asan
# build does not build (the Qt GUI: Qt is not instrumented). Then every libFuzzer target for RP_FUZZ_SECONDS
# (default 30) on its committed corpus, and clang-tidy on core/ (zero findings). Exits non-zero on any failure.
# Prints the time of each stage, so growth is seen before it breaks CI's budget (45 min from a cold clone on 2
# cores).
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
stage "tests (asan, all labels)"
ctest --preset asan -j 1 --timeout 900
stage "tests (default, what asan does not build)"
# The tests of the asan build ran above; the default build adds the GUI ones. Run only those.
asan_tests=$(ctest --preset asan -N | sed -n 's/^ *Test *#[0-9]*: //p' | sort)
only_default=$(ctest --preset default -N | sed -n 's/^ *Test *#[0-9]*: //p' | sort | comm -23 - <(echo "$asan_tests"))
# netns_up/netns_down: the fixture the GUI netns tests require; ctest adds them itself.
ctest --preset default -j 1 --timeout 900 -R "^($(echo "$only_default" | paste -sd'|'))\$"
stage "build (fuzz)"
cmake --preset fuzz
cmake --build --preset fuzz -j "$jobs"
stage "fuzz (${RP_FUZZ_SECONDS:-30} s per target)"
bash fuzz/run.sh build/fuzz --time "${RP_FUZZ_SECONDS:-30}"
# Last: its findings are listed in full, after every test has had its say.
stage "clang-tidy (core)"
bash tests/clang-tidy.sh build/default "$jobs"

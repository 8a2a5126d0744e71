#!/usr/bin/env bash
# The whole test suite, every test once, under ASan+UBSan: unit, integration (real OpenSSH servers in network
# namespaces, needs root), the Qt GUI, the Soft-RoCE lab (its guests run the ASan build's probe) and the
# translations. The package tests need the shipped binaries, not sanitized ones: they run on the `package` preset
# (the release build without the test suite, so nothing is compiled twice for them). Then every libFuzzer target
# for RP_FUZZ_SECONDS (default 15) on its committed corpus, and clang-tidy on core/ (zero findings). Exits non-zero
# on any failure. Prints the time of each stage, so growth is seen before it breaks CI's budget (45 min from a
# cold clone on 2 cores).
#
# The tests run one at a time and mostly wait (on sshd, on the lab's guests), which leaves CPU idle: the package
# and fuzz builds and clang-tidy, which need neither root nor the test hosts, run beside them at the lowest CPU
# priority ("side" stages, timed on their own), and the run waits for them after the tests.
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
side_pid=
side_log=
report() {
    stage ""
    [ -z "$side_pid" ] || kill -- -"$side_pid" 2>/dev/null || true
    echo "== stage times (total $((SECONDS - t_all)) s):"
    printf '   %s\n' "${stage_times[@]}"
    [ -z "$side_log" ] || sed -n 's/^== side: /   side: /p' "$side_log"
}
trap report EXIT
stage "dependencies"
bash installer/deps.sh
if [ "$(id -u)" -ne 0 ]; then
    echo "run-all.sh: the integration tests create network namespaces and sshd servers: run as root" >&2
    exit 1
fi
jobs="$(nproc)"
# LeakSanitizer's only suppression is one third-party library's, with what was seen (tests/lsan.supp). UBSan's
# reports carry a stack (the build already stops at the first one: -fno-sanitize-recover).
export LSAN_OPTIONS="suppressions=$src/tests/lsan.supp:print_suppressions=0${LSAN_OPTIONS:+:$LSAN_OPTIONS}"
export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1${UBSAN_OPTIONS:+:$UBSAN_OPTIONS}"
stage "build (asan)"
cmake --preset asan
cmake --build --preset asan -j "$jobs"

# The side stages, in the background at nice 19, in a session and process group of their own (so an early exit stops
# them all); each prints "== side: NAME N s" when done.
side_log="$src/build/side-stages.log"
# shellcheck disable=SC2016 # expanded by the inner bash
side_script='
set -euo pipefail
# setsid gave these stages a scheduler autogroup of their own (the kernel default, sched_autogroup_enabled=1):
# nice then only ranks processes inside the group, and the group would take half the CPU from the tests. The
# group itself is set to nice 19 too, where the kernel allows it.
echo 19 >/proc/self/autogroup 2>/dev/null || true
side() { # NAME COMMAND...
    local name=$1 t=$SECONDS
    shift
    "$@"
    printf "== side: %-26s %5d s\n" "$name" $((SECONDS - t))
}
side "build (package)" bash -c "cmake --preset package && cmake --build --preset package -j $1"
side "build (fuzz)" bash -c "cmake --preset fuzz && cmake --build --preset fuzz -j $1"
side "clang-tidy (core)" bash tests/clang-tidy.sh "$1"
'
nice -n 19 setsid bash -c "$side_script" side "$jobs" >"$side_log" 2>&1 </dev/null &
side_pid=$!

stage "tests (asan: all but package)"
tests_rc=0
ctest --preset asan -j 1 --timeout 900 -LE '^package$' || tests_rc=$?
stage "side stages (wait)"
side_rc=0
wait "$side_pid" || side_rc=$?
side_pid=
if [ "$side_rc" -ne 0 ]; then
    echo "run-all.sh: a side stage (package or fuzz build, clang-tidy) failed; its log ($side_log) ends:" >&2
    tail -60 "$side_log" >&2
    exit 1
fi
grep -E '^(== side:|clang-tidy.sh:)' "$side_log" || true
[ "$tests_rc" -eq 0 ] || exit "$tests_rc"
stage "tests (package)"
version=$(sed -n 's/^CMAKE_PROJECT_VERSION:STATIC=//p' build/package/CMakeCache.txt)
bash tests/package/docs.sh "$src" build/package build/package/app/rocepilot-cli
bash tests/package/install.sh build/package "$version"
stage "fuzz (${RP_FUZZ_SECONDS:-15} s per target)"
bash fuzz/fuzz.sh build/fuzz --time "${RP_FUZZ_SECONDS:-15}"

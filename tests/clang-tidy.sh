#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# clang-tidy (the checks in .clang-tidy: bugprone-*, performance-*, concurrency-*) on every source of core/ with the
# compile commands of a configuration of its own (build/tidy: core and the CLI only; configuring takes seconds and
# compiles nothing). core/ is read in its unity batches, as it is compiled: clang-tidy walks the whole syntax tree
# of the standard and library headers once per batch instead of once per file (12 files of core/generate: 53 s
# against 116 s), and reports a finding at its line in the .cpp (a batch #includes its .cpp files, which is the
# one thing bugprone-suspicious-include would say of it). Fails on any warning; prints the count per check.
# clang-tidy-19: 14 cannot parse libstdc++ 12's <expected>.
#   tests/clang-tidy.sh [JOBS]
set -uo pipefail
src="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build="$src/build/tidy"
jobs="${1:-$(nproc)}"
mkdir -p "$src/build"
cmake -S "$src" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DRP_UNITY_BUILD=ON -DRP_BUILD_GUI=OFF \
    -DRP_BUILD_TESTS=OFF >"$build.configure.log" 2>&1 || {
    echo "clang-tidy.sh: configuring $build failed:" >&2
    tail -20 "$build.configure.log" >&2
    exit 2
}
command -v run-clang-tidy-19 >/dev/null || {
    echo "clang-tidy.sh: run-clang-tidy-19 not found (apt-get install clang-tidy-19)" >&2
    exit 2
}
log="$(mktemp /tmp/rp-clang-tidy.XXXXXX)"
trap 'rm -f "$log"' EXIT
# The compile commands are GCC's: clang does not know -Wshadow=local, which is no finding of ours.
run-clang-tidy-19 -clang-tidy-binary clang-tidy-19 -p "$build" -j "$jobs" -quiet -checks=-bugprone-suspicious-include \
    -extra-arg=-Wno-unknown-warning-option "($src/core/.*\.cpp|$build/core/CMakeFiles/rp_core\.dir/Unity/.*\.cxx)\$" \
    >"$log" 2>&1
rc=$?
findings=$(grep -E '^/.*:[0-9]+:[0-9]+: (warning|error): ' "$log" | sort -u)
count=$(printf '%s' "$findings" | grep -c . || true)
if [ "$count" -gt 0 ] || [ $rc -ne 0 ]; then
    printf '%s\n' "$findings"
    echo "clang-tidy.sh: $count findings in core/ (exit $rc); per check:" >&2
    printf '%s\n' "$findings" | sed -nE 's/.*\[([a-z0-9.-]+)(,-warnings-as-errors)?\]$/\1/p' | sort | uniq -c | sort -rn >&2
    [ "$count" -gt 0 ] || tail -20 "$log" >&2
    exit 1
fi
echo "clang-tidy.sh: core/ is clean ($(grep -c '"file": "'"$build/core/\|$src/core/" "$build/compile_commands.json") translation units)"

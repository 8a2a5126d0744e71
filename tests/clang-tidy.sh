#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# clang-tidy (the checks in .clang-tidy: bugprone-*, performance-*, concurrency-*) on every source of core/ with the
# compile commands of a configured build (default: build/default). Fails on any warning; prints the count per
# check. clang-tidy-19: 14 cannot parse libstdc++ 12's <expected>.
#   tests/clang-tidy.sh [BUILD_DIR] [JOBS]
set -uo pipefail
src="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build="${1:-$src/build/default}"
jobs="${2:-$(nproc)}"
[ -f "$build/compile_commands.json" ] || {
    echo "clang-tidy.sh: no $build/compile_commands.json (configure the build first: cmake --preset default)" >&2
    exit 2
}
command -v run-clang-tidy-19 >/dev/null || {
    echo "clang-tidy.sh: run-clang-tidy-19 not found (apt-get install clang-tidy-19)" >&2
    exit 2
}
log="$(mktemp /tmp/rp-clang-tidy.XXXXXX)"
trap 'rm -f "$log"' EXIT
# The compile commands are GCC's: clang does not know -Wshadow=local, which is no finding of ours.
run-clang-tidy-19 -clang-tidy-binary clang-tidy-19 -p "$build" -j "$jobs" -quiet \
    -extra-arg=-Wno-unknown-warning-option "$src/core/.*\.cpp\$" >"$log" 2>&1
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
echo "clang-tidy.sh: core/ is clean ($(grep -c '"file"' "$build/compile_commands.json") compile commands)"

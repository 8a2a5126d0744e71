#!/usr/bin/env bash
# Fails when a C++ file is not formatted with the committed .clang-format.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
mapfile -t files < <(find app core ui tests bench fuzz -name '*.cpp' -o -name '*.h' | grep -v '/fixtures/' | sort)
bad=()
for f in "${files[@]}"; do
    clang-format --dry-run -Werror "$f" >/dev/null 2>&1 || bad+=("$f")
done
if [ ${#bad[@]} -gt 0 ]; then
    echo "not clang-formatted (run clang-format -i): ${bad[*]}"
    exit 1
fi
echo "${#files[@]} files formatted"

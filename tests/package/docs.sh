#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# package_docs: the man pages and the bash completion the build made from the programs' --help texts are complete
# and current. Fails when a command is dispatched in app/cli/climain.cpp but the completion (made from the main
# --help) does not offer it, when the completion offers an option the command refuses, or when a page is stale.
#
#   docs.sh SOURCE_DIR BUILD_DIR CLI
set -euo pipefail
src=$(cd "$1" && pwd)
build=$(cd "$2" && pwd)
cli=$(realpath "$3")
completion=$build/installer/completion/rocepilot-cli
man=$build/installer/man
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
failures=0
ok() { echo "ok   $*"; }
bad() {
    echo "FAIL $*" >&2
    failures=$((failures + 1))
}

[ -s "$completion" ] || { echo "FAIL no completion at $completion (build the rp_manpages target)" >&2; exit 1; }

# Asks the completion function what it offers after the words given (the last one is being completed).
complete_words() {
    bash -c '. "$1"; shift; COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); _rocepilot_cli; printf "%s\n" "${COMPREPLY[@]}"' \
        _ "$completion" rocepilot-cli "$@"
}

# 1. Every command the CLI dispatches is completed (the dispatch is the truth; the help text may lag behind it).
mapfile -t dispatched < <(grep -o 'command == "[a-z][a-z-]*"' "$src/app/cli/climain.cpp" | cut -d'"' -f2 |
    grep -vx 'help' | sort -u)
[ ${#dispatched[@]} -ge 10 ] || bad "read only ${#dispatched[@]} commands from app/cli/climain.cpp: did its dispatch change shape?"
offered=$(complete_words "" | sort)
for c in "${dispatched[@]}"; do
    if grep -qx "$c" <<<"$offered"; then
        ok "command $c is completed"
    else
        bad "command '$c' is dispatched in app/cli/climain.cpp but not completed: list it under 'commands:' in the CLI's --help (the completion and the man page are made from it)"
    fi
done
for c in $offered; do
    case $c in --help | --version) continue ;; esac
    grep -qx "$c" < <(printf '%s\n' "${dispatched[@]}") || bad "the completion offers '$c', which the CLI does not dispatch"
done

# 2. Every option offered for a command is accepted by it: 'CMD [ACTION] OPTION [VALUE] --help' prints the help.
while read -r cmd action opt value; do
    args=("$cmd")
    [ "$action" = - ] || args+=("$action")
    args+=("$opt")
    [ "$value" = - ] || args+=(x)
    [ "$opt" = --help ] || args+=(--help)
    if "$cli" "${args[@]}" >"$tmp/out" 2>"$tmp/err" && grep -q "usage: rocepilot-cli $cmd" "$tmp/out"; then
        :
    else
        bad "rocepilot-cli ${args[*]} is refused, yet the completion offers $opt: $(head -1 "$tmp/err")"
    fi
    grep -qx -- "$opt" < <(complete_words "$cmd" ${action/#-/} --) ||
        bad "the completion of 'rocepilot-cli $cmd ${action/#-/} --' lacks $opt"
done < <(python3 "$src/installer/cli_docs.py" options "$cli")
ok "every completed option is accepted by its command ($(python3 "$src/installer/cli_docs.py" options "$cli" | wc -l) checked)"

# 3. Actions and values.
[ "$(complete_words lab "" | tr '\n' ' ')" = "start status stop " ] || bad "lab actions: $(complete_words lab "" | tr '\n' ' ')"
[ "$(complete_words apply --policy "" | tr '\n' ' ')" = "stop continue " ] || bad "apply --policy values"
[ "$(complete_words test --transport "" | tr '\n' ' ')" = "rdma tcp perftest " ] || bad "test --transport values"
grep -qx show_gids <<<"$(complete_words parse --kind "")" || bad "parse --kind offers no show_gids"
[ "$(complete_words profile show "" | tr '\n' ' ')" = "$("$cli" profile presets | grep -E '^[a-z][a-z0-9-]*$' | tr '\n' ' ')" ] ||
    bad "'profile show' does not complete the presets 'profile presets' lists"
grep -qx lossless-pcp-vlan <<<"$(cd "$tmp" && complete_words plan --profile lossless-p)" || bad "plan --profile offers no preset"
mkdir "$tmp/d" && touch "$tmp/d/inv.yaml"
[ "$(complete_words journal show "$tmp/d/in")" = "$tmp/d/inv.yaml" ] || bad "'journal show' completes no file"
[ "$(complete_words discover --inventory "$tmp/d/in")" = "$tmp/d/inv.yaml" ] || bad "--inventory completes no file"
ok "actions, value lists and file names are completed"

# 4. The built files are what the generator makes of the current binaries (nothing stale).
python3 "$src/installer/cli_docs.py" completion "$cli" "$tmp/completion"
cmp -s "$tmp/completion" "$completion" && ok "completion is current" || bad "completion is stale: rebuild"

# 5. Man pages: render without groff warnings, carry every command, and say the version.
for p in rocepilot rocepilot-cli rocepilot-probe; do
    page=$man/$p.1
    if [ ! -s "$page.gz" ]; then
        [ "$p" = rocepilot ] && [ ! -e "$build/app/rocepilot" ] && continue # built without the GUI
        bad "no man page $page.gz"
        continue
    fi
    warnings=$(LC_ALL=C.UTF-8 MANWIDTH=80 man --warnings -l "$page.gz" 2>&1 >/dev/null || true)
    [ -z "$warnings" ] && ok "man $p renders cleanly" || bad "man $p: $warnings"
    grep -q '^\.SH SYNOPSIS' "$page" || bad "man $p has no SYNOPSIS (help2man did not find the usage line)"
    grep -q '^\.SH "SEE ALSO"' "$page" || bad "man $p has no SEE ALSO"
done
for c in "${dispatched[@]}"; do
    grep -q "^\.SS \"$c\"" "$man/rocepilot-cli.1" || bad "man rocepilot-cli has no section for $c"
done

[ $failures -eq 0 ] || { echo "$failures check(s) failed" >&2; exit 1; }
echo "package_docs: all checks passed"

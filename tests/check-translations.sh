#!/usr/bin/env bash
# Fails when a committed translation is not complete or not current:
#  - lrelease reports an unfinished (or untranslated) message in translations/rocepilot_<lang>.ts, for de and zh_CN;
#  - lupdate run on today's sources (into a temporary copy, the committed .ts files are never touched) would add a
#    string the .ts does not have, or drop one it has (a vanished string), for either language.
# Each problem is listed with its context and source text, so the lead knows what to translate.
#
# Usage: tests/check-translations.sh LUPDATE LRELEASE TS_DIR INCLUDE_DIR... -- SOURCE...
# (ctest passes the Qt tools, the include directories and the same sources qt_add_translations gives lupdate.)
set -euo pipefail

if [[ $# -lt 5 ]]; then
    echo "usage: $0 LUPDATE LRELEASE TS_DIR INCLUDE_DIR... -- SOURCE..." >&2
    exit 2
fi
lupdate=$1 lrelease=$2 tsdir=$3
shift 3
includes=()
while [[ $# -gt 0 && $1 != -- ]]; do
    includes+=("-I$1")
    shift
done
[[ ${1:-} == -- ]] || { echo "$0: missing -- before the sources" >&2; exit 2; }
shift
sources=("$@")
[[ ${#sources[@]} -gt 0 ]] || { echo "$0: no sources" >&2; exit 2; }

tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT

# The messages of a .ts file, one per line as "context<TAB>source<TAB>comment<TAB>state", newlines escaped.
messages() {
    python3 - "$1" <<'PY'
import sys, xml.etree.ElementTree as ET
root = ET.parse(sys.argv[1]).getroot()
def esc(s):
    return (s or "").replace("\\", "\\\\").replace("\n", "\\n").replace("\t", "\\t")
for ctx in root.iter("context"):
    name = ctx.findtext("name")
    for m in ctx.iter("message"):
        t = m.find("translation")
        state = t.get("type", "finished") if t is not None else "missing"
        if t is not None and state == "finished":
            # Plural forms: every <numerusform> must be filled; plain messages need text.
            forms = t.findall("numerusform")
            texts = [f.text for f in forms] if forms else [t.text]
            if any(not (x or "").strip() for x in texts):
                state = "empty"
        print("\t".join([esc(name), esc(m.findtext("source")), esc(m.findtext("comment")), state]))
PY
}

status=0
for lang in de zh_CN; do
    ts="$tsdir/rocepilot_$lang.ts"
    if [[ ! -f $ts ]]; then
        echo "FAIL $lang: $ts is missing"
        status=1
        continue
    fi

    # 1. lrelease's own count ("Generated N translation(s) (N finished and M unfinished)").
    out="$("$lrelease" "$ts" -qm "$tmp/$lang.qm" 2>&1)" || { echo "FAIL $lang: lrelease failed:"; echo "$out"; status=1; continue; }
    unfinished="$(sed -n 's/.* and \([0-9]*\) unfinished.*/\1/p' <<<"$out" | head -n1)"
    untranslated="$(sed -n 's/.*Ignored \([0-9]*\) untranslated.*/\1/p' <<<"$out" | head -n1)"
    if [[ -z $unfinished ]]; then
        echo "FAIL $lang: cannot read lrelease's report:"
        echo "$out"
        status=1
    elif [[ $unfinished -ne 0 || ${untranslated:-0} -ne 0 ]]; then
        echo "FAIL $lang: lrelease reports $unfinished unfinished and ${untranslated:-0} untranslated message(s):"
        messages "$ts" | awk -F'\t' '$4 != "finished" { printf "    [%s] %s\n", $1, $2 }' | head -n 40
        status=1
    else
        echo "ok   $lang: lrelease: $(grep -o 'Generated [0-9]* translation(s)' <<<"$out"), 0 unfinished"
    fi
    # Messages lrelease counts as finished but whose text (or a plural form) is empty.
    empty="$(messages "$ts" | awk -F'\t' '$4 == "empty"' | wc -l)"
    if [[ $empty -ne 0 ]]; then
        echo "FAIL $lang: $empty message(s) marked finished with an empty translation or plural form:"
        messages "$ts" | awk -F'\t' '$4 == "empty" { printf "    [%s] %s\n", $1, $2 }' | head -n 20
        status=1
    fi

    # 2. lupdate on the sources, into a copy: what it would add or drop.
    cp "$ts" "$tmp/current_$lang.ts"
    if ! "$lupdate" -silent -no-obsolete -locations none "${includes[@]}" "${sources[@]}" \
        -ts "$tmp/current_$lang.ts" >"$tmp/lupdate_$lang.log" 2>&1; then
        echo "FAIL $lang: lupdate failed:"
        cat "$tmp/lupdate_$lang.log"
        status=1
        continue
    fi
    messages "$ts" | cut -f1-3 | sort -u >"$tmp/committed_$lang"
    messages "$tmp/current_$lang.ts" | cut -f1-3 | sort -u >"$tmp/sources_$lang"
    added="$(comm -13 "$tmp/committed_$lang" "$tmp/sources_$lang")"
    vanished="$(comm -23 "$tmp/committed_$lang" "$tmp/sources_$lang")"
    if [[ -n $added ]]; then
        echo "FAIL $lang: $(wc -l <<<"$added") string(s) in the sources are not in $ts (run lupdate, then translate):"
        awk -F'\t' '{ printf "    + [%s] %s\n", $1, $2 }' <<<"$added" | head -n 40
        status=1
    fi
    if [[ -n $vanished ]]; then
        echo "FAIL $lang: $(wc -l <<<"$vanished") string(s) in $ts are no longer in the sources (vanished):"
        awk -F'\t' '{ printf "    - [%s] %s\n", $1, $2 }' <<<"$vanished" | head -n 40
        status=1
    fi
    if [[ -z $added && -z $vanished ]]; then
        echo "ok   $lang: lupdate finds the same $(wc -l <"$tmp/sources_$lang") string(s) as $ts"
    fi
done
exit $status

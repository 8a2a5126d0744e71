#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Issue 20, end to end: every rocepilot-cli command that writes a file, pointed at a character device, a FIFO, a
# symbolic link, a directory and its own input, refuses (exit 2) and leaves the target exactly as it was; every
# reader of a file is bounded (/dev/zero), never blocks on a FIFO nobody writes to, and says when a file held
# nothing it could use; a run is never replaced without --force; duplicate YAML keys are refused with their line.
# The character device is a node of the test's own (mknod, root): a failure must never replace the system's.
#   tests/cli/cli_bad_paths.sh path/to/rocepilot-cli FIXTURES_DIR
set -euo pipefail
cli=$1
fixtures=$2
work=$(mktemp -d)
trap '[ -n "${RP_KEEP:-}" ] || rm -rf "$work"' EXIT
cd "$work"
fail() {
    echo "FAIL: $*" >&2
    exit 1
}
# expect CODE PATTERN COMMAND...: the command exits CODE (within 60 s) and its stderr matches PATTERN.
expect() {
    local want=$1 pattern=$2 rc=0
    shift 2
    timeout 60 "$@" >out.txt 2>err.txt </dev/null || rc=$?
    [ "$rc" -eq "$want" ] || fail "$* exited $rc, not $want: $(head -c 400 err.txt)"
    grep -q -- "$pattern" err.txt || fail "$*: stderr lacks '$pattern': $(head -c 400 err.txt)"
}

"$cli" test --server localhost --client localhost --transport tcp --size 64 --duration 0.3 --warmup 0.1 \
    --port 0 --save run.rprun --label "bad paths" >/dev/null
sum=$(sha256sum run.rprun)

# The targets, each made anew for every command so that nothing one command did hides from the next.
echo "kept" >victim
targets=(fifo link dir)
if mknod chardev c 1 3 2>/dev/null; then
    targets+=(chardev)
else
    echo "note: not root, so no device node of our own: the character device case is not run" >&2
fi
reset_targets() {
    rm -rf fifo link dir
    mkfifo fifo
    ln -s victim link
    mkdir dir
}
kind() { stat -c %F "$1"; }
check_targets() {
    [ "$(kind fifo)" = fifo ] || fail "$1: the FIFO was replaced ($(kind fifo))"
    [ "$(kind link)" = "symbolic link" ] || fail "$1: the symlink was replaced ($(kind link))"
    [ "$(kind dir)" = directory ] || fail "$1: the directory was replaced"
    [ ! -e chardev ] || [ "$(kind chardev)" = "character special file" ] || fail "$1: the device node was replaced"
    [ "$(cat victim)" = kept ] || fail "$1: the symlink's target was written"
    [ -z "$(ls -A dir)" ] || fail "$1: something was written into the directory"
    ! ls ./*.tmp-* >/dev/null 2>&1 || fail "$1: a temporary file was left behind"
}
cat >inv.yaml <<'YAML'
hosts:
  - name: nowhere
    address: 192.0.2.1
    port: 1
YAML
for t in "${targets[@]}"; do
    for option in --csv --json --pdf --samples-csv --counters-csv; do
        reset_targets
        expect 2 "not written (only a regular file is ever replaced)" env QT_QPA_PLATFORM=offscreen \
            "$cli" report run.rprun "$option" "$t"
        check_targets "report $option $t"
    done
    reset_targets
    expect 2 "not written" "$cli" test --server localhost --client localhost --transport tcp --size 64 \
        --duration 0.2 --port 0 --save "$t"
    check_targets "test --save $t"
    reset_targets
    expect 2 "not written" "$cli" bundle collect --inventory inv.yaml --out "$t" --force
    check_targets "bundle collect --out $t"
    for sub in check watch; do
        reset_targets
        expect 2 "not written" "$cli" fabric "$sub" --inventory inv.yaml --save "$t" --force
        check_targets "fabric $sub --save $t"
    done
done
# A fabric run over its own inventory, or over a run that exists without --force: refused before any host is
# reached (the inventory's one host is unreachable: reaching it would take the connect timeout, not exit 2).
expect 2 "is also an input of this command" "$cli" fabric check --inventory inv.yaml --save inv.yaml --force
cp run.rprun existing.rpfabric
expect 2 "already exists" "$cli" fabric watch --inventory inv.yaml --save existing.rpfabric
cmp -s run.rprun existing.rpfabric || fail "a refused fabric watch --save touched the existing file"
[ "$(sha256sum run.rprun)" = "$sum" ] || fail "the run file changed"

# Its own input, or one output twice.
expect 2 "is also an input of this command" "$cli" report run.rprun --csv ./run.rprun
expect 2 "is given for two outputs" "$cli" report run.rprun --csv x.out --json x.out
expect 2 "standard output (-) is given for two outputs" "$cli" report run.rprun --csv - --json -
expect 2 "is also an input of this command" "$cli" bundle collect --inventory inv.yaml --out inv.yaml --force
[ "$(sha256sum run.rprun)" = "$sum" ] || fail "report overwrote its own input"
[ ! -e x.out ] || fail "report wrote one of two colliding outputs"

# A saved run is not replaced unless asked; a name that is not UTF-8 is refused before anything is written.
expect 2 "already exists: not replaced" "$cli" test --server localhost --client localhost --transport tcp \
    --size 64 --duration 0.2 --port 0 --save run.rprun
expect 2 "must be valid UTF-8" "$cli" test --server localhost --client localhost --transport tcp \
    --size 64 --duration 0.2 --port 0 --save run.rprun --force --label $'\xff\xfe'
[ "$(sha256sum run.rprun)" = "$sum" ] || fail "a refused test --save touched the existing run"
"$cli" test --server localhost --client localhost --transport tcp --size 64 --duration 0.2 --warmup 0.1 \
    --port 0 --save run.rprun --force >/dev/null
[ "$(sha256sum run.rprun)" != "$sum" ] || fail "--force did not replace the run"
grep -q '"type":"end"' run.rprun || fail "the replaced run has no end line"

# Bundles: nothing is written when no host could be read.
echo "old bundle" >old.txt
expect 1 "no host could be read; old.txt was not written" "$cli" bundle collect --inventory inv.yaml --out old.txt \
    --force
[ "$(cat old.txt)" = "old bundle" ] || fail "an empty bundle replaced the old one"
expect 2 "already exists: not replaced" "$cli" bundle collect --inventory inv.yaml --out old.txt

# Bounded readers, and no reader blocks on a FIFO nobody writes to.
expect 1 "is a character device, not a file" "$cli" report /dev/zero
expect 2 "is a character device, not a file" "$cli" diagnose --paste /dev/zero
expect 2 "is a character device, not a file" "$cli" bundle show /dev/zero
expect 1 "is a character device, not a file" "$cli" parse /dev/zero
expect 2 "larger than 64 MiB, the most this input may hold" sh -c "exec \"$cli\" diagnose --paste - </dev/zero"
expect 1 "larger than 64 MiB, the most this input may hold" sh -c "exec \"$cli\" parse - </dev/zero"
reset_targets
expect 1 "nothing in it could be read" "$cli" diagnose --paste fifo
expect 2 "is a directory, not a file" "$cli" bundle show dir
expect 2 "is a directory, not a file" "$cli" diagnose --paste dir

# Garbage is no success; UTF-16 and CR-only pastes read like UTF-8 ones.
head -c 4096 /dev/urandom >random.bin
expect 1 "nothing in it could be read" "$cli" diagnose --paste random.bin
: >empty.txt
expect 1 "nothing was read as" "$cli" parse --kind show_gids empty.txt
expect 1 "nothing in it could be read as a bundle" "$cli" bundle show random.bin
gids="$fixtures/parse/mlx5_show_gids.txt"
"$cli" diagnose --paste "$gids" --json >utf8.json 2>/dev/null || true
{ printf '\xff\xfe'; iconv -f UTF-8 -t UTF-16LE "$gids"; } >utf16.txt
tr '\n' '\r' <"$gids" >cr.txt
for f in utf16.txt cr.txt; do
    rc=0
    "$cli" diagnose --paste "$f" --json >"$f.json" 2>err.txt || rc=$?
    ! grep -q "nothing in it could be read" err.txt || fail "$f: the paste was not read ($(head -c 300 err.txt))"
    [ "$(jq '.hosts' "$f.json")" = "$(jq '.hosts' utf8.json)" ] || fail "$f: not read like the UTF-8 paste"
done

# Inputs that are given must be what they claim; a mistyped journal folder is no empty list.
echo junk >junk.json
expect 2 "not a findings document" "$cli" report run.rprun --findings junk.json
expect 2 "not a JSON journal" "$cli" report run.rprun --apply-journal junk.json
expect 1 "no such directory" "$cli" journal list --journal-dir "$work/typo"
expect 3 "no such folder" "$cli" lab status --state-dir "$work/typo"
[ ! -e "$work/typo" ] || fail "lab status created its --state-dir"

# A key given twice is refused with its line, in a profile and in an inventory alike.
printf 'name: twice\nmtu:\n  host: 4200\n  host: 9000\n' >dup-profile.yaml
expect 1 "key 'host' is given twice in 'mtu' (first on line 3)" "$cli" profile validate dup-profile.yaml
grep -q "dup-profile.yaml:4" err.txt || fail "the profile error does not name line 4: $(cat err.txt)"
printf 'hosts:\n  - name: a\n    address: 192.0.2.1\n    address: 192.0.2.2\n' >dup-inv.yaml
expect 2 "key 'address' is given twice in a host (first on line 3)" "$cli" bundle collect --inventory dup-inv.yaml \
    --out new.txt
# A file nested thousands of levels deep is named for what it is (yaml-cpp alone says "bad file").
printf 'name: %s1%s\n' "$(printf '[%.0s' $(seq 1 3000))" "$(printf ']%.0s' $(seq 1 3000))" >deep.yaml
expect 1 "deep.yaml:1:.*nested more than 500 levels deep: not a RoCE Pilot file" "$cli" profile validate deep.yaml
echo "cli_bad_paths: every case held"

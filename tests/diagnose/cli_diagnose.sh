#!/bin/bash
# SPDX-License-Identifier: GPL-3.0-or-later
# rocepilot-cli diagnose and bundle: exit codes (0 no errors, 1 errors, 2 usage) and the JSON report, on the
# documented-layout pastes of tests/fixtures/diagnose. Usage: cli_diagnose.sh ROCEPILOT_CLI FIXTURES_DIR
set -uo pipefail
CLI=${1:?}
FIX=${2:?}/diagnose
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
fails=0
expect() { # WANT_RC DESCRIPTION ARGS...
    local want=$1 what=$2 rc=0
    shift 2
    "$CLI" "$@" >"$TMP/out" 2>"$TMP/err" || rc=$?
    if [[ $rc == "$want" ]]; then echo "ok: $what (exit $rc)"; else
        echo "FAIL: $what: exit $rc, wanted $want: $(head -c 600 "$TMP/err")"
        fails=$((fails + 1))
    fi
}
expect 1 "errors in the mixed paste" diagnose --paste "$FIX/mixed_paste.md" --json
jq -e '[.findings[] | select(.severity == "error") | .rule] | sort == ["gid.roce-version","mtu.netdev","test.gid-index","test.modify-qp"]' "$TMP/out" >/dev/null ||
    { echo "FAIL: mixed paste findings: $(jq -c '[.findings[] | select(.severity != "info") | .rule]' "$TMP/out")"; fails=$((fails + 1)); }
expect 1 "a file and stdin together" diagnose --paste "$FIX/failures_paste.txt" --paste - </dev/null
printf '## a\n$ ibv_devinfo -d mlx5_0 -v | grep GID\n\tGID[  3]:\t::ffff:192.0.2.1, RoCE v2\n## b\n$ ibv_devinfo -d mlx5_0 -v | grep GID\n\tGID[  5]:\t::ffff:192.0.2.2, RoCE v2\n' >"$TMP/index.txt"
expect 0 "warnings only (GID index differs): exit 0" diagnose --paste "$TMP/index.txt" --json
jq -e '[.findings[] | select(.severity != "info") | .rule] == ["gid.index-differs"]' "$TMP/out" >/dev/null ||
    { echo "FAIL: index paste: $(jq -c '[.findings[] | .rule]' "$TMP/out")"; fails=$((fails + 1)); }
expect 1 "counters: pause on a lossy priority is an error" diagnose --paste "$FIX/counters_paste.txt"
# One paste kind per file of issue 21: the broken paste is an error naming its port, the fixed one is not.
for kind in nxos_queuing sonic_syslog amdsmi_static; do
    ext=txt
    [[ $kind == amdsmi_static ]] && ext=md
    expect 1 "$kind: broken paste" diagnose --paste "$FIX/${kind}_broken.$ext" --json
    expect 0 "$kind: fixed paste" diagnose --paste "$FIX/${kind}_fixed.$ext" --json
done
# Pastes of jobs that never reached RoCE (tests/fixtures/applog): the rule is in the broken paste's report, the
# exit code follows its severity, and the fixed paste has no trace of it.
APP=${2}/applog
while read -r rule want broken fixed; do
    expect "$want" "$rule: broken paste" diagnose --paste "$APP/$broken" --json
    jq -e --arg r "$rule" '[.findings[] | select(.rule == $r)] | length == 1' "$TMP/out" >/dev/null ||
        { echo "FAIL: $broken: no $rule in $(jq -c '[.findings[] | .rule]' "$TMP/out")"; fails=$((fails + 1)); }
    expect 0 "$rule: fixed paste" diagnose --paste "$APP/$fixed" --json
    jq -e --arg r "$rule" '[.findings[] | select(.rule == $r)] | length == 0' "$TMP/out" >/dev/null ||
        { echo "FAIL: $fixed: $rule still reported"; fails=$((fails + 1)); }
done <<'CASES'
applog.no-provider 1 provider_missing.md provider_fixed.md
applog.nccl-socket 0 nccl_socket.log nccl_ib.log
applog.device-node 1 container_enodev.log container_fixed.log
applog.device-name 1 device_name_perftest.md device_name_fixed.md
applog.efa 0 efa_fi_info.md efa_fixed.md
CASES
expect 1 "mtu.app-path: broken paste" diagnose --paste "$APP/mtu_mismatch.md" --json
jq -e '[.findings[] | select(.rule == "mtu.app-path")] | length == 2' "$TMP/out" >/dev/null ||
    { echo "FAIL: mtu_mismatch.md: $(jq -c '[.findings[] | .rule]' "$TMP/out")"; fails=$((fails + 1)); }
expect 0 "mtu.app-path: fixed paste" diagnose --paste "$APP/mtu_fixed.md" --json
expect 2 "no input" diagnose
expect 2 "--active needs --inventory" diagnose --active --paste "$FIX/mixed_paste.md"
expect 2 "unknown option" diagnose --pastes x
expect 2 "unreadable file" diagnose --paste "$TMP/nope"
expect 2 "unknown profile" diagnose --paste "$FIX/mixed_paste.md" --profile "$TMP/nope.yaml"
expect 0 "bundle script" bundle script --interval 2
grep -q 'sleep 2' "$TMP/out" || { echo "FAIL: bundle script has no sleep 2"; fails=$((fails + 1)); }
expect 0 "bundle show on a paste" bundle show "$FIX/mixed_paste.md"
grep -q '^node3: 1 RDMA device' "$TMP/out" || { echo "FAIL: bundle show: $(head -3 "$TMP/out")"; fails=$((fails + 1)); }
expect 2 "bundle without subcommand" bundle
((fails == 0)) && echo "cli_diagnose: PASS" || { echo "cli_diagnose: $fails FAILED"; exit 1; }

#!/usr/bin/env bash
# The published JSON schemas (docs/schema) against what rocepilot-cli writes, both ways (check_schema.py): a real
# run over loopback TCP and its report, and synthetic runs that cover what loopback cannot: host counters (hw: and
# eth:) and many pairs among three hosts (the per-pair matrix of an all-to-all run), with the troubleshooter's
# findings. Every document and run-file line validates; hand-broken copies are rejected.
set -euo pipefail
cli=$1
schemas=$2
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
trap '[ -n "${RP_KEEP:-}" ] || rm -rf "$work"' EXIT
cd "$work"
# Debian's interpreter: python3-jsonschema comes from installer/deps.sh, whatever python3 is first on PATH.
/usr/bin/python3 -c 'import jsonschema' 2>/dev/null || { echo "FAIL: python3-jsonschema is missing (installer/deps.sh)" >&2; exit 1; }

"$cli" test --server localhost --client localhost --transport tcp --sweep 64:256 --duration 0.3 --warmup 0.1 \
    --port 0 --save real.rprun --label "loopback ping" >/dev/null

# Synthetic runs in the writer's format: h1..h3 all to all, counters on both hosts.
python3 "$here/../report/make_pair_runs.py"

cat > findings.json <<'JSON'
{"hosts": 3, "segments": 1, "errors": true, "findings": [
 {"rule": "pfc.priority", "check": "M7", "title": "PFC is off on priority 3 on h2", "severity": "error",
  "hosts": ["h2"], "ports": ["h2:mlx5_0/1"], "switch_ports": [],
  "evidence": [{"host": "h2", "subject": "eth0 PFC", "value": "0,0,0,0,0,0,0,0", "where": "dcb -j", "when": "now"}],
  "explanation": "RoCE traffic on priority 3 is lossy on h2.",
  "fixes": [{"target": "h2", "platform": "linux", "text": "dcb pfc set dev eth0 prio-pfc 3:on", "origin": "profile"}]}],
 "coverage": [], "reachability": []}
JSON

"$cli" report real.rprun --json real.json
"$cli" report pair-*.rprun --json pairs.json --findings findings.json 2>/dev/null
[ "$(jq '.pairs.cells | length' pairs.json)" -eq 6 ] || { echo "FAIL: pairs.json has no 6-cell matrix" >&2; exit 1; }
[ "$(jq -r '.runs[0].verdict' pairs.json)" = fail ] || { echo "FAIL: the troubleshooter's error did not fail the verdict" >&2; exit 1; }
/usr/bin/python3 "$here/check_schema.py" "$schemas" --report real.json pairs.json --run real.rprun pair-*.rprun

# shellcheck shell=bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Shell helpers of the tests that run a real Prometheus (prometheus.sh, agents-prometheus.sh), sourced after each
# defines die() and, before promql is called, prom_port.

# GET URL [ACCEPT] -> body on stdout (python3: curl is not among the project's packages).
http_get() {
    python3 - "$@" <<'PY'
import sys, urllib.request
req = urllib.request.Request(sys.argv[1], headers={"Accept": sys.argv[2]} if len(sys.argv) > 2 else {})
sys.stdout.write(urllib.request.urlopen(req, timeout=10).read().decode())
PY
}

# promql QUERY -> one line per result: its labels as k=v,... then its value; nothing for an empty result.
promql() {
    # shellcheck disable=SC2154 # prom_port is the sourcing test's
    python3 - "http://127.0.0.1:$prom_port" "$1" <<'PY'
import json, sys, urllib.parse, urllib.request
url = sys.argv[1] + "/api/v1/query?" + urllib.parse.urlencode({"query": sys.argv[2]})
doc = json.load(urllib.request.urlopen(url, timeout=10))
if doc.get("status") != "success":
    sys.exit("query failed: " + json.dumps(doc))
for r in doc["data"]["result"]:
    labels = ",".join(f"{k}={v}" for k, v in sorted(r["metric"].items()))
    print(labels, r["value"][1])
PY
}

# wait_for SECONDS WHAT COMMAND...: until COMMAND prints something.
wait_for() {
    local seconds=$1 what=$2 out
    shift 2
    local end=$((SECONDS + seconds))
    while ((SECONDS < end)); do
        if out=$("$@" 2>/dev/null) && [[ -n $out ]]; then
            printf '%s\n' "$out"
            return 0
        fi
        sleep 0.5
    done
    die "no $what within ${seconds}s"
}

# prometheus_yml RULES TARGET... -> a config scraping the TARGETs (ADDR:PORT) as job rocepilot-agent every second,
# RULES evaluated every second.
prometheus_yml() {
    local rules=$1 t
    shift
    echo "global:"
    echo "  scrape_interval: 1s"
    echo "  evaluation_interval: 1s"
    echo "rule_files:"
    echo "  - $rules"
    echo "scrape_configs:"
    echo "  - job_name: rocepilot-agent"
    echo "    static_configs:"
    echo "      - targets:"
    for t in "$@"; do echo "          - '$t'"; done
}

free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }

# dashboard_exprs FILE -> every "expr" of a Grafana dashboard JSON, one per line.
dashboard_exprs() {
    python3 -c '
import json, sys
def walk(v):
    if isinstance(v, dict):
        for k, x in v.items():
            if k == "expr":
                print(x)
            else:
                walk(x)
    elif isinstance(v, list):
        for x in v:
            walk(x)
walk(json.load(open(sys.argv[1])))' "$1"
}

# check_dashboard FILE MIN: every query of the dashboard returns series now; at least MIN queries.
check_dashboard() {
    local exprs e
    mapfile -t exprs < <(dashboard_exprs "$1")
    ((${#exprs[@]} >= $2)) || die "$(basename "$1") has only ${#exprs[@]} queries"
    for e in "${exprs[@]}"; do
        [[ -n $(promql "$e") ]] || die "$(basename "$1")'s query returns no series: $e"
    done
    echo "${#exprs[@]}"
}

# SPDX-License-Identifier: GPL-3.0-or-later
# shellcheck shell=bash disable=SC2034
# Shared helpers of the Soft-RoCE lab tests (sourced). Usage of every test: TEST.sh ROCEPILOT_CLI STATE_DIR
# The lab must have been started by the `softroce_up` fixture (lab.sh start --state-dir STATE_DIR). A test
# never skips: when the lab is not there, it FAILS and says why.
set -uo pipefail
LAB=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)/lab/lab.sh
CLI=${1:?usage: $0 ROCEPILOT_CLI STATE_DIR}
STATE=${2:?usage: $0 ROCEPILOT_CLI STATE_DIR}
TEST_NAME=$(basename "$0" .sh)
OUT=$STATE/test-out/$TEST_NAME
rm -rf "$OUT"
mkdir -p "$OUT"
T_START=$SECONDS

# shellcheck source=../support/checks.sh
. "$(dirname "${BASH_SOURCE[0]}")/../support/checks.sh"
die() {
    echo "FAIL: $*" >&2
    echo "$TEST_NAME: FAILED (outputs in $OUT)" >&2
    exit 1
}
finish() {
    if ((FAILS > 0)); then
        echo "$TEST_NAME: $FAILS check(s) FAILED in $((SECONDS - T_START)) s (outputs in $OUT)" >&2
        exit 1
    fi
    echo "$TEST_NAME: PASS in $((SECONDS - T_START)) s"
    exit 0
}

[[ -x $CLI ]] || die "rocepilot-cli not found at $CLI"
command -v jq >/dev/null || die "jq is missing (bash installer/deps.sh)"
if ! "$LAB" status --state-dir "$STATE" >"$OUT/status.txt" 2>&1; then
    die "the Soft-RoCE lab is not running in $STATE (did the softroce_up fixture fail? see its output):"$'\n'"$(cat "$OUT/status.txt")"
fi
INVENTORY=$STATE/inventory.yaml
[[ -f $INVENTORY ]] || die "no inventory at $INVENTORY"

# gssh HOST CMD... : one SSH connection to a lab guest (about 0.5 s under TCG: use few)
gssh() { ssh -F "$STATE/ssh_config" "$@"; }

# The guests' data link first (a reply means both directions carry frames): a dead link otherwise shows up as
# connect timeouts case after case until the test's own timeout, far from its cause.
if ! gssh lab-a 'ping -c 2 -i 0.2 -w 4 198.18.0.2' >"$OUT/datalink.txt" 2>&1; then
    die "the lab's data link carries no traffic: lab-a got no ping reply from lab-b (198.18.0.2) over data0 ($(tail -n 2 "$OUT/datalink.txt" | tr '\n' ' ')); a stalled virtio TX queue (see the note on data0 above start_guest in lab.sh) or an earlier test that left data0 down or readdressed"
fi

# discover FILE : rocepilot-cli discover over the lab inventory, JSON into FILE; dies unless exit 0
discover() {
    local rc=0
    "$CLI" discover --inventory "$INVENTORY" --json >"$1" 2>"$1.err" || rc=$?
    ((rc == 0)) || die "rocepilot-cli discover exited $rc: $(head -c 2000 "$1.err") $(jq -c '[.hosts[] | {name, state, error}]' "$1" 2>/dev/null)"
    jq -e . "$1" >/dev/null || die "rocepilot-cli discover wrote no valid JSON ($1)"
}

# The guest's own view of rxe0 port 1, read in the guest (sysfs with bash builtins; empty slots skipped):
# lines "GID <index> <gid> <type> <ndev>", then "### ibv_devinfo" and ibv_devinfo -v -d rxe0.
GUEST_VIEW='
d=/sys/class/infiniband/rxe0/ports/1
for g in "$d"/gids/*; do
  i=${g##*/}; IFS= read -r v < "$g" 2>/dev/null || continue
  [ "$v" = 0000:0000:0000:0000:0000:0000:0000:0000 ] && continue
  IFS= read -r t < "$d/gid_attrs/types/$i"; IFS= read -r n < "$d/gid_attrs/ndevs/$i"
  echo "GID $i $v ${t// /_} $n"
done
echo "### ibv_devinfo"
ibv_devinfo -v -d rxe0
'
# sysfs_gids VIEWFILE -> "index gid type ndev" sorted (type with _ for spaces)
sysfs_gids() { awk '$1 == "GID" {print $2, $3, $4, $5}' "$1" | sort -n; }
# json_gids JSON HOST -> the same from the discovery JSON
json_gids() {
    jq -r --arg h "$2" '.hosts[] | select(.name == $h) | .devices[] | select(.name == "rxe0") | .ports[]
        | select(.port == 1) | .gids[] | "\(.index) \(.gid) \(.type | gsub(" "; "_")) \(.netdev)"' "$1" | sort -n
}

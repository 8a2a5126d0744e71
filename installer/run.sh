#!/usr/bin/env bash
# Builds RoCE Pilot and starts it on its built-in default: the Soft-RoCE lab, two qemu guests (lab-a, lab-b)
# booting Debian's own kernel with rdma_rxe, so a machine without RDMA hardware gets two real RoCE hosts.
# With no display it says so and shows the same flow headless through rocepilot-cli.
set -euo pipefail
src="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$src"
bash installer/deps.sh
cmake --preset default >/dev/null
cmake --build --preset default --target rocepilot rocepilot-cli
bin="$src/build/default/app"
if [ -n "${DISPLAY:-}" ] || [ -n "${WAYLAND_DISPLAY:-}" ]; then
    # The lab keeps running after the window closes (the next start reuses it in a second);
    # File > Stop Soft-RoCE lab, or 'rocepilot-cli lab stop', stops it.
    exec "$bin/rocepilot" --lab "$@"
fi
cli="$bin/rocepilot-cli"
echo
echo "No display (DISPLAY and WAYLAND_DISPLAY are unset): showing the same flow headless with rocepilot-cli."
echo "To see the wizard, run this again from a desktop session, or under 'xvfb-run -a' with a VNC viewer."
state="${RP_LAB_STATE:-${XDG_STATE_HOME:-$HOME/.local/state}/rocepilot/lab}"
inventory="$state/inventory.yaml"
keep=0
[ "${1:-}" = "--keep-lab" ] && keep=1
stop_lab() { [ $keep = 1 ] || "$cli" lab stop >/dev/null 2>&1 || true; }
trap stop_lab EXIT
step() {
    echo
    echo "\$ rocepilot-cli $*"
    "$cli" "$@"
}
echo
echo "== 1. Start the built-in Soft-RoCE lab: two real RoCE hosts under qemu, no RDMA hardware needed =="
step lab start --inventory-out "$inventory"
echo
echo "== 2. Discover both hosts over SSH: RDMA devices, ports, GID tables, recommended GID =="
step discover --inventory "$inventory"
echo
echo "== 3. Pick a RoCE profile and generate matching host and switch configuration =="
step profile presets
plan="$(mktemp -d)/plan"
step plan --profile lossless-pcp-vlan --inventory "$inventory" --out "$plan"
echo "(one file per host in $plan: made from what discovery just read, so every undo is exact)"
echo
echo "== 4. Dry run: read both hosts afresh and show what would change (nothing is changed) =="
step apply --plan "$plan" --dry-run
echo
echo "== 5. Apply: one step at a time, each read back; a journal makes every change reversible =="
step apply --plan "$plan"
journal="$(ls -t "${RP_JOURNAL_DIR:-${XDG_DATA_HOME:-$HOME/.local/share}/rocepilot/journals}"/*.json | head -1)"
echo
echo "== 6. Verify: read every step back again =="
step apply --plan "$plan" --verify-only
echo
echo "== 7. Measure: RDMA ping between lab-a and lab-b (Soft-RoCE under emulation: figures only for comparison) =="
step test --inventory "$inventory" --server lab-a --client lab-b --transport rdma --mode ping --size 64 --duration 1
echo
echo "== 8. Roll back from the journal: both hosts read back equal to their state before the apply =="
step rollback "$journal"
echo
if [ $keep = 1 ]; then
    echo "The lab keeps running ('rocepilot-cli lab stop' stops it)."
else
    echo "Stopping the lab (run with --keep-lab to keep it running)."
fi

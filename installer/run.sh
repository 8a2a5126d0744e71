#!/usr/bin/env bash
# Builds RoCE Pilot and starts it. With no display it says so and shows the same flow headless through
# rocepilot-cli. The built-in default needs no RDMA hardware: this machine (localhost) plus a Soft-RoCE
# host recorded from a real rdma_rxe lab (tests/fixtures/sysfs/rxe-lab-a), clearly labelled as recorded.
set -euo pipefail
src="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$src"
bash installer/deps.sh
cmake --preset default >/dev/null
cmake --build --preset default --target rocepilot rocepilot-cli
bin="$src/build/default/app"
recorded="$src/tests/fixtures/sysfs/rxe-lab-a"
if [ -n "${DISPLAY:-}" ] || [ -n "${WAYLAND_DISPLAY:-}" ]; then
    exec "$bin/rocepilot" --sysfs-root "$recorded" "$@"
fi
echo
echo "No display (DISPLAY and WAYLAND_DISPLAY are unset): showing the same flow headless with rocepilot-cli."
echo "To see the wizard, run this again from a desktop session, or under 'xvfb-run -a' with a VNC viewer."
echo
echo "== Hosts: this machine (localhost) and 'recorded', a Soft-RoCE host recorded from a real rdma_rxe lab =="
echo
echo "\$ rocepilot-cli discover localhost"
"$bin/rocepilot-cli" discover localhost || true
echo
echo "\$ rocepilot-cli discover --sysfs-root tests/fixtures/sysfs/rxe-lab-a   # recorded, not live"
"$bin/rocepilot-cli" discover --sysfs-root "$recorded"

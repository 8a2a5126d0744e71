#!/usr/bin/env bash
# Renders the Discover page on a recorded fixture tree into docs/screenshots/discover.png, (with `review`) the
# Review page for that tree with the default profile into docs/screenshots/review.png, or (with `lab`) the
# Soft-RoCE lab page mid-start, against a stand-in lab script, into docs/screenshots/lab.png.
# With `apply`, the Apply page after a real apply on the Soft-RoCE lab guests (it starts the lab in the build
# dir's softroce/ under /tmp/rp-lab.lock, runs tst_applypage_lab, and stops the lab) into docs/screenshots/apply.png.
# Usage: tests/gui/screenshot.sh [review] [path/to/rocepilot] [fixture-tree] [output.png]
#        tests/gui/screenshot.sh lab [path/to/rocepilot] [output.png]
#        tests/gui/screenshot.sh apply [build-dir] [output.png]
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"
mode=discover
if [[ ${1:-} == apply ]]; then
    build="$(cd "${2:-$root/build/default}" && pwd)"
    out="$(realpath -m "${3:-$root/docs/screenshots/apply.png}")"
    state="$build/softroce"
    mkdir -p "$(dirname "$out")"
    # -o: the lock is held by flock itself, not inherited by the guests' qemu processes that outlive `start`.
    exec flock -o /tmp/rp-lab.lock bash -c '
        set -euo pipefail
        trap "bash \"$1/tests/lab/softroce/lab.sh\" stop --state-dir \"$3\" >/dev/null" EXIT
        bash "$1/tests/lab/softroce/lab.sh" start --state-dir "$3" --inventory-out "$3/inventory.yaml" >/dev/null
        env LANG=C.UTF-8 LC_ALL=C.UTF-8 QT_QPA_PLATFORM=offscreen RP_SOFTROCE_STATE="$3" RP_APPLY_SCREENSHOT="$4" \
            "$2/tests/tst_applypage_lab" -silent
        echo "wrote $4"
    ' screenshot "$root" "$build" "$state" "$out"
fi
if [[ ${1:-} == lab || ${1:-} == review ]]; then
    mode=$1
    shift
fi
app="${1:-$root/build-gui/app/rocepilot}"
# English text, a fixed font size and no user config, so the picture is the same on every machine.
export LANG=C.UTF-8 LC_ALL=C.UTF-8
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
export XDG_CONFIG_HOME="$tmp/config"

if [[ $mode == lab ]]; then
    out="${2:-$root/docs/screenshots/lab.png}"
    mkdir -p "$(dirname "$out")"
    # The stand-in says what the real lab.sh says while it boots, then waits until RoCE Pilot quits (which
    # cancels the start and calls `stop`).
    cat >"$tmp/lab.sh" <<'EOF'
case $1 in
start)
    echo 'PROGRESS 5 checking qemu, busybox and the kernel package'
    echo 'PROGRESS 20 image cached: linux 6.1.0 with rdma_rxe'
    echo 'PROGRESS 35 booting lab-a and lab-b (TCG, no KVM)'
    echo 'PROGRESS 45 waiting for sshd on lab-a and lab-b'
    sleep 60
    ;;
stop) exit 0 ;;
esac
EOF
    export RP_LAB_SCRIPT="$tmp/lab.sh" XDG_RUNTIME_DIR="$tmp"
    xvfb-run -a -s "-screen 0 1400x900x24" "$app" --lang en --lab --screenshot "$out"
else
    tree="${2:-$root/tests/fixtures/sysfs/mlx5-dual}"
    out="${3:-$root/docs/screenshots/$mode.png}"
    mkdir -p "$(dirname "$out")"
    xvfb-run -a -s "-screen 0 1400x900x24" \
        "$app" --lang en --sysfs-root "$tree" --page "$mode" --screenshot "$out"
fi
echo "wrote $out"

#!/usr/bin/env bash
# Renders the Discover page on a recorded fixture tree into docs/screenshots/discover.png, (with `review`) the
# Review page for that tree with the default profile into docs/screenshots/review.png, or (with `lab`) the
# Soft-RoCE lab page mid-start, against a stand-in lab script, into docs/screenshots/lab.png.
# With `apply`, the Apply page after a real apply on the Soft-RoCE lab guests (it starts the lab in the build
# dir's softroce/ under /tmp/rp-lab.lock, runs tst_applypage_lab, and stops the lab) into docs/screenshots/apply.png.
# With `lang LANG`, the Welcome and Review pages in that language (de, zh_CN) into docs/screenshots/welcome-LANG.png
# and review-LANG.png; with `theme THEME`, Discover and Review in the dark or high-contrast theme into
# docs/screenshots/discover-THEME.png and review-THEME.png (both on the recorded mlx5-dual tree, no qemu).
# With `guide`, the pages of a first deployment on the real Soft-RoCE lab for docs/user-guide.md: it starts a lab of
# its own under /tmp/rp-lab.lock, shoots Welcome, Hosts, Discover, Profile and Review with the lab's inventory into
# docs/screenshots/guide-*.png, and stops the lab. `all` makes every picture the docs use (apply and guide start
# the lab).
# Usage: tests/ui/screenshots.sh [discover|review] [path/to/rocepilot] [fixture-tree] [output.png]
#        tests/ui/screenshots.sh lab [path/to/rocepilot] [output.png]
#        tests/ui/screenshots.sh apply [build-dir] [output.png]
#        tests/ui/screenshots.sh lang de|zh_CN [path/to/rocepilot] [output-dir]
#        tests/ui/screenshots.sh theme dark|high-contrast [path/to/rocepilot] [output-dir]
#        tests/ui/screenshots.sh guide [path/to/rocepilot] [output-dir]
#        tests/ui/screenshots.sh intro [build-dir] [output.png]     (the first-start explanation of the lab)
#        tests/ui/screenshots.sh all [build-dir]
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"
mode=discover

# One window of the real app rendered offscreen into a PNG, with no user settings (so no saved theme, profile or
# window size) and a fixed window size; extra arguments go to rocepilot.
shoot() {
    local app=$1 out=$2
    shift 2
    local cfg
    cfg="$(mktemp -d)"
    env XDG_CONFIG_HOME="$cfg" QT_QPA_PLATFORM=offscreen "$app" --screenshot "$out" "$@" 2> >(grep -v \
        -e 'propagateSizeHints' -e 'XDG_RUNTIME_DIR' >&2)
    rm -rf "$cfg"
    echo "wrote $out"
}

case ${1:-} in
all)
    build="$(cd "${2:-$root/build/default}" && pwd)"
    app="$build/app/rocepilot"
    bash "$0" discover "$app"
    bash "$0" review "$app"
    bash "$0" lab "$app"
    for l in de zh_CN; do bash "$0" lang "$l" "$app"; done
    for t in dark high-contrast; do bash "$0" theme "$t" "$app"; done
    bash "$0" intro "$build"
    bash "$0" guide "$app"
    exec bash "$0" apply "$build"
    ;;
lang | theme)
    kind=$1 value=${2:?"$1: which one?"}
    app="${3:-$root/build/default/app/rocepilot}"
    outdir="$(realpath -m "${4:-$root/docs/screenshots}")"
    mkdir -p "$outdir"
    tree="$root/tests/fixtures/sysfs/mlx5-dual"
    if [[ $kind == lang ]]; then
        # A locale the system has, so Qt's own strings and the fonts follow the language too.
        export LANG=C.UTF-8 LC_ALL=C.UTF-8
        shoot "$app" "$outdir/welcome-$value.png" --lang "$value"
        shoot "$app" "$outdir/review-$value.png" --lang "$value" --sysfs-root "$tree" --page review
    else
        export LANG=C.UTF-8 LC_ALL=C.UTF-8
        shoot "$app" "$outdir/discover-$value.png" --lang en --theme "$value" --sysfs-root "$tree" --page discover
        shoot "$app" "$outdir/review-$value.png" --lang en --theme "$value" --sysfs-root "$tree" --page review
    fi
    exit 0
    ;;
guide)
    app="$(realpath "${2:-$root/build/default/app/rocepilot}")"
    outdir="$(realpath -m "${3:-$root/docs/screenshots}")"
    mkdir -p "$outdir"
    export LANG=C.UTF-8 LC_ALL=C.UTF-8
    state="$(mktemp -d /tmp/rp-guide-lab.XXXXXX)"
    # -o: the lock is held by flock itself, not inherited by the guests' qemu processes that outlive `start`.
    exec flock -o /tmp/rp-lab.lock bash -c '
        set -euo pipefail
        root=$1 app=$2 outdir=$3 state=$4 script=$5
        trap "bash \"$root/lab/lab.sh\" stop --state-dir \"$state\" >/dev/null; rm -rf \"$state\"" EXIT
        bash "$root/lab/lab.sh" start --state-dir "$state" --inventory-out "$state/inventory.yaml" \
            >/dev/null
        source "$script" --functions-only
        shoot "$app" "$outdir/guide-welcome.png" --lang en
        for page in hosts discover profile review; do
            shoot "$app" "$outdir/guide-$page.png" --lang en --inventory "$state/inventory.yaml" --page "$page"
        done
    ' guide "$root" "$app" "$outdir" "$state" "$0"
    ;;
intro)
    # The first-start explanation of the lab, from the test that checks it (tst_settings).
    build="$(cd "${2:-$root/build/default}" && pwd)"
    out="$(realpath -m "${3:-$root/docs/screenshots/lab-intro.png}")"
    env LANG=C.UTF-8 LC_ALL=C.UTF-8 QT_QPA_PLATFORM=offscreen RP_LAB_INTRO_SCREENSHOT="$out" \
        "$build/tests/tst_settings" -silent firstStartExplainsTheLabOnce >/dev/null
    echo "wrote $out"
    exit 0
    ;;
--functions-only)
    return 0
    ;;
esac
if [[ ${1:-} == apply ]]; then
    build="$(cd "${2:-$root/build/default}" && pwd)"
    out="$(realpath -m "${3:-$root/docs/screenshots/apply.png}")"
    state="$build/softroce"
    mkdir -p "$(dirname "$out")"
    # -o: the lock is held by flock itself, not inherited by the guests' qemu processes that outlive `start`.
    exec flock -o /tmp/rp-lab.lock bash -c '
        set -euo pipefail
        trap "bash \"$1/lab/lab.sh\" stop --state-dir \"$3\" >/dev/null" EXIT
        bash "$1/lab/lab.sh" start --state-dir "$3" --inventory-out "$3/inventory.yaml" >/dev/null
        env LANG=C.UTF-8 LC_ALL=C.UTF-8 QT_QPA_PLATFORM=offscreen RP_SOFTROCE_STATE="$3" RP_APPLY_SCREENSHOT="$4" \
            "$2/tests/tst_applypage_lab" -silent
        echo "wrote $4"
    ' screenshot "$root" "$build" "$state" "$out"
fi
if [[ ${1:-} == lab || ${1:-} == review || ${1:-} == discover ]]; then
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

#!/usr/bin/env bash
# Renders the Discover page on a recorded fixture tree into docs/screenshots/discover.png.
# Usage: tests/gui/screenshot.sh [path/to/rocepilot] [fixture-tree] [output.png]
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"
app="${1:-$root/build-gui/app/rocepilot}"
tree="${2:-$root/tests/fixtures/sysfs/mlx5-dual}"
out="${3:-$root/docs/screenshots/discover.png}"
mkdir -p "$(dirname "$out")"
# English text, a fixed font size and no user config, so the picture is the same on every machine.
export LANG=C.UTF-8 LC_ALL=C.UTF-8
export XDG_CONFIG_HOME="$(mktemp -d)"
trap 'rm -rf "$XDG_CONFIG_HOME"' EXIT
xvfb-run -a -s "-screen 0 1400x900x24" \
    "$app" --lang en --sysfs-root "$tree" --page discover --screenshot "$out"
echo "wrote $out"

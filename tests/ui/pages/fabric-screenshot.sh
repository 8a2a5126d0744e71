#!/usr/bin/env bash
# Writes docs/screenshots/fabric.png (the fabric page in a wizard frame at 1100 x 930, the size the window has after
# the wizard grows to the Test page) over a simulated 12-host fabric with a planted access-link fault, and
# docs/screenshots/fabric-timeline.png (a simulated watch through that fault and back, the faulty pair's timeline) and
# docs/screenshots/fabric-saved.png (that watch saved, opened again and stepped back to the fault) and
# docs/screenshots/fabric-prometheus.png (a fleet read from a server answering as Prometheus does), offscreen, from the page's GUI test; the 1366 x 768 pictures it also takes stay in a temporary folder for a look.
# Usage: tests/ui/pages/fabric-screenshot.sh [path/to/tst_fabricpage]
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../../.." && pwd)"
test_bin="${1:-$root/build/default/tests/ui/tst_fabricpage}"
out="$(mktemp -d)"
LANG=C.UTF-8 LC_ALL=C.UTF-8 QT_QPA_PLATFORM=offscreen RP_SCREENSHOT_FABRIC="$out" "$test_bin" screenshots \
    prometheusScreenshots
mkdir -p "$root/docs/screenshots"
cp "$out/fabric-1100x930.png" "$root/docs/screenshots/fabric.png"
cp "$out/fabric-timeline-1100x930.png" "$root/docs/screenshots/fabric-timeline.png"
cp "$out/fabric-saved-1100x930.png" "$root/docs/screenshots/fabric-saved.png"
cp "$out/fabric-prometheus-1100x930.png" "$root/docs/screenshots/fabric-prometheus.png"
echo "docs/screenshots/fabric.png, fabric-timeline.png, fabric-saved.png, fabric-prometheus.png; both sizes in $out"

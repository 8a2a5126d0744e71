#!/usr/bin/env bash
# Writes docs/screenshots/troubleshoot.png (the Troubleshoot page on tests/fixtures/diagnose/mixed_paste.md) and
# docs/screenshots/troubleshoot-fabric.png (its fabric view), and docs/screenshots/troubleshoot-links.png (the
# fabric with switch outputs and LLDP tables added: host-to-switch-port cables), offscreen, from the page's GUI test.
# Usage: tests/ui/pages/troubleshoot-screenshot.sh [path/to/tst_troubleshootpage]
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../../.." && pwd)"
test_bin="${1:-$root/build/default/tests/tst_troubleshootpage}"
mkdir -p "$root/docs/screenshots"
LANG=C.UTF-8 LC_ALL=C.UTF-8 QT_QPA_PLATFORM=offscreen \
    RP_SCREENSHOT="$root/docs/screenshots/troubleshoot.png" \
    RP_SCREENSHOT_FABRIC="$root/docs/screenshots/troubleshoot-fabric.png" \
    "$test_bin" importedOutputsGiveGroupedFindings
LANG=C.UTF-8 LC_ALL=C.UTF-8 QT_QPA_PLATFORM=offscreen \
    RP_SCREENSHOT_LINKS="$root/docs/screenshots/troubleshoot-links.png" \
    "$test_bin" switchPortsAndCablesInTheFabric

#!/usr/bin/env bash
# Writes docs/screenshots/troubleshoot.png (the Troubleshoot page with tests/fixtures/diagnose/mixed_paste.md pasted
# into its box, the MTU finding's lines marked) and docs/screenshots/troubleshoot-fabric.png (its fabric view),
# docs/screenshots/troubleshoot-gids.png (one host's show_gids pasted: the GID index per port first), and
# docs/screenshots/troubleshoot-links.png (the fabric with switch outputs and LLDP tables added: host-to-switch-port
# cables) and docs/screenshots/troubleshoot-ibstat.png (an NCCL modify error beside ibstat of a RoCE port with a LID),
# offscreen, from the page's GUI test.
# Usage: tests/ui/pages/troubleshoot-screenshot.sh [path/to/tst_troubleshootpage]
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../../.." && pwd)"
test_bin="${1:-$root/build/default/tests/ui/tst_troubleshootpage}"
mkdir -p "$root/docs/screenshots"
LANG=C.UTF-8 LC_ALL=C.UTF-8 QT_QPA_PLATFORM=offscreen \
    RP_SCREENSHOT="$root/docs/screenshots/troubleshoot.png" \
    RP_SCREENSHOT_FABRIC="$root/docs/screenshots/troubleshoot-fabric.png" \
    "$test_bin" pastedOutputsGiveGroupedFindings
LANG=C.UTF-8 LC_ALL=C.UTF-8 QT_QPA_PLATFORM=offscreen \
    RP_SCREENSHOT_GIDS="$root/docs/screenshots/troubleshoot-gids.png" \
    "$test_bin" pastedShowGidsAnswersFirst
LANG=C.UTF-8 LC_ALL=C.UTF-8 QT_QPA_PLATFORM=offscreen \
    RP_SCREENSHOT_IBSTAT="$root/docs/screenshots/troubleshoot-ibstat.png" \
    "$test_bin" pastedIbstatNamesTheLid
LANG=C.UTF-8 LC_ALL=C.UTF-8 QT_QPA_PLATFORM=offscreen \
    RP_SCREENSHOT_LINKS="$root/docs/screenshots/troubleshoot-links.png" \
    "$test_bin" switchPortsAndCablesInTheFabric

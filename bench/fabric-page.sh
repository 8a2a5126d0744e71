#!/usr/bin/env bash
# The fabric page's figures (issue 23: a 64 x 64 matrix and the 1 000-host ToR aggregate redrawn in <= 16 ms, a
# click opens the pair timeline of a 24-hour watch in <= 200 ms): runs tst_fabricpage's figures offscreen and prints
# what it measured, each beside its budget. Give it a release build's test for the figures a user sees (an ASan
# build is several times slower).
# Usage: bench/fabric-page.sh path/to/tst_fabricpage [HOURS]
set -euo pipefail
QTEST_FUNCTION_TIMEOUT=7200000 RP_BENCH_HOURS="${2:-24}" QT_QPA_PLATFORM=offscreen "$1" redrawAndClickFigures 2>&1 |
    sed -n 's/^QDEBUG : TestFabricPage::[A-Za-z0-9]*() //p; s/^QINFO  : TestFabricPage::[A-Za-z0-9]*() //p; /^FAIL/p'

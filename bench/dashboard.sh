#!/usr/bin/env bash
# Live dashboard figures (issue 10: 10 000 samples/s per series at >= 30 frames/s, GUI event loop < 50 ms,
# memory flat over an hour; G12: a 64-host heatmap redrawn in <= 10 ms): runs tst_dashboard offscreen and prints
# what it measured.
# Usage: bench/dashboard.sh path/to/tst_dashboard
set -euo pipefail
QT_QPA_PLATFORM=offscreen "$1" frameRateAndLatencyAt10kHz memoryFlatOverAnHour heatmap64Hosts 2>&1 | sed -n 's/^QDEBUG : TestDashboard::[A-Za-z0-9]*() //p'

# SPDX-License-Identifier: GPL-3.0-or-later
# shellcheck shell=bash
# The verdicts of a test script (sourced): a failed check is counted and the script goes on, so that one run
# reports every check; the script ends by looking at FAILS.
FAILS=0
fail() {
    echo "FAIL: $*" >&2
    FAILS=$((FAILS + 1))
}
pass() { echo "ok: $*"; }
check() { # DESCRIPTION COMMAND... : runs COMMAND, pass or fail
    local what=$1
    shift
    if "$@"; then pass "$what"; else fail "$what"; fi
}

#!/bin/bash
# SPDX-License-Identifier: GPL-3.0-or-later
#
# agent-unit.sh PROBE UNIT_IN WORKDIR - the standalone agent's systemd unit (resources/systemd):
#   - systemd-analyze verify of an instance of it, with ExecStart's directory made this build's (the installed one is
#     /usr/bin or /usr/local/bin, absent here); a warning fails the test like an error. Where systemd-analyze cannot
#     run (no systemd, a container that refuses it) the test says so and relies on the parser check below;
#   - the same verify on a copy with a mistake planted, which must fail: the check can see one;
#   - a parser check (always): the sections and keys, LimitMEMLOCK, no capabilities, RestartPreventExitStatus=2;
#   - ExecStart's own command line, run with a broken pinglist, exits 2 and names the file: the status the unit keeps
#     systemd from restarting on.
set -Eeuo pipefail
probe=$1
unit_in=$2
work=$3
rm -rf "$work"
mkdir -p "$work/units"

say() { echo "agent-unit.sh: $*"; }
die() {
    echo "agent-unit.sh: FAIL: $*" >&2
    exit 1
}

bindir=$(dirname "$(realpath "$probe")")
sed "s|@RP_AGENT_BINDIR@|$bindir|g" "$unit_in" >"$work/units/rocepilot-agent@.service"
ln -s rocepilot-agent@.service "$work/units/rocepilot-agent@h1.service"
grep -q '@RP_AGENT_BINDIR@' "$work/units/rocepilot-agent@.service" && die "a placeholder is left in the unit"

verify() { # UNIT -> systemd-analyze's output in $out, its status in $verify_rc
    verify_rc=0
    out=$(systemd-analyze verify --man=no "$1" 2>&1) || verify_rc=$?
}

verified=no
if ! command -v systemd-analyze >/dev/null; then
    say "systemd-analyze is not installed here: the unit is checked by the parser below only"
else
    verify "$work/units/rocepilot-agent@h1.service"
    if [[ $out == *"Failed to initialize"* || $out == *"Failed to set up"* || $out == *"Operation not permitted"* ]]; then
        say "systemd-analyze verify cannot run in this environment ($out): the unit is checked by the parser below only"
    else
        [[ $verify_rc -eq 0 && -z $out ]] || die "systemd-analyze verify (status $verify_rc): $out"
        # The same check must see a planted mistake, or its silence above means nothing.
        mkdir -p "$work/broken"
        sed 's|^LimitMEMLOCK=infinity|LimitMEMLOCK=lots|' "$work/units/rocepilot-agent@.service" \
            >"$work/broken/rocepilot-agent@.service"
        ln -s rocepilot-agent@.service "$work/broken/rocepilot-agent@h1.service"
        verify "$work/broken/rocepilot-agent@h1.service"
        bad=$out
        [[ $verify_rc -ne 0 || -n $bad ]] || die "systemd-analyze verify did not see LimitMEMLOCK=lots"
        verified=yes
        say "systemd-analyze verify: clean ($(systemd-analyze --version | head -n 1)); a planted mistake is seen: ${bad%%$'\n'*}"
    fi
fi

python3 - "$work/units/rocepilot-agent@.service" <<'PY'
import sys
sections, current = {}, None
for n, raw in enumerate(open(sys.argv[1]), 1):
    line = raw.rstrip("\n")
    if not line or line.startswith("#"):
        continue
    if line.startswith("["):
        current = line.strip("[]")
        if current in sections:
            sys.exit(f"line {n}: section [{current}] twice")
        sections[current] = {}
        continue
    if current is None or "=" not in line:
        sys.exit(f"line {n}: not KEY=VALUE inside a section: {line}")
    key, value = line.split("=", 1)
    sections[current].setdefault(key, []).append(value)
if sorted(sections) != ["Install", "Service", "Unit"]:
    sys.exit(f"sections {sorted(sections)}")
service = sections["Service"]
def one(key):
    v = service.get(key)
    if v is None or len(v) != 1:
        sys.exit(f"[Service] {key} must be set once, is {v}")
    return v[0]
argv = one("ExecStart").split()
if not argv[0].startswith("/") or argv[1:4] != ["agent", "--standalone", "/etc/rocepilot/agent/%i.json"] \
        or argv[4:] != ["--metrics", "${ROCEPILOT_AGENT_METRICS}"]:
    sys.exit(f"ExecStart is {argv}")
checks = {"Type": "exec", "LimitMEMLOCK": "infinity", "CapabilityBoundingSet": "", "NoNewPrivileges": "yes",
          "RestartPreventExitStatus": "2", "Restart": "on-failure", "ProtectSystem": "strict",
          "Environment": "ROCEPILOT_AGENT_METRICS=:9465"}
for key, want in checks.items():
    if one(key) != want:
        sys.exit(f"[Service] {key}={one(key)}, expected {want}")
if "DynamicUser" in service or "User" in service:
    sys.exit("the unit names a user: the comment says why it runs as root without capabilities")
if sections["Install"].get("WantedBy") != ["multi-user.target"]:
    sys.exit("[Install] WantedBy=multi-user.target")
PY
say "parser check: sections, ExecStart, LimitMEMLOCK, no capabilities, restart policy"

# ExecStart as the unit has it, %i and the metrics variable filled as systemd would, the pinglist's directory this
# test's own (the instance's file is broken on purpose).
mkdir -p "$work/etc"
echo '{"schema": "rocepilot-agent-pinglist/0"}' >"$work/etc/h1.json"
exec_start=$(sed -n 's/^ExecStart=//p' "$work/units/rocepilot-agent@.service")
metrics=$(sed -n 's/^Environment=ROCEPILOT_AGENT_METRICS=//p' "$work/units/rocepilot-agent@.service")
line=${exec_start//%i/h1}
line=${line//\$\{ROCEPILOT_AGENT_METRICS\}/$metrics}
line=${line//\/etc\/rocepilot\/agent/$work/etc}
read -r -a argv <<<"$line"
rc=0
err=$("${argv[@]}" 2>&1 >/dev/null) || rc=$?
((rc == 2)) || die "ExecStart with a broken pinglist ended with $rc, not 2 (RestartPreventExitStatus): $err"
[[ $err == *"$work/etc/h1.json"* && $err == *schema* ]] || die "the error does not name the file and its problem: $err"
say "ExecStart with a broken pinglist: exit 2, '$err'"
say "ok (systemd-analyze verify: $verified)"

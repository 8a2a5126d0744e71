#!/bin/bash
# SPDX-License-Identifier: GPL-3.0-or-later
# bench/fabric-fleet.sh ROCEPILOT_CLI N [RACKS] - the fabric check at fleet scale (issue 22, goal F2): brings up N
# netns OpenSSH hosts (tests/support/netns-hosts.sh, under RACKS ToR bridges and a spine when RACKS > 1), runs two
# `fabric check --json` rounds on them (the first after the bring-up, said in one line; the second measured) and
# prints the second's wall time and where it went (agents' start, passes, judging), cells probed and
# failed, findings, the controller's peak RSS and the agents' CPU, each next to its goal. Beside it, the tool a user
# would otherwise run for a mesh check: fping from every host to the same peers our round probed, every host at
# once (each over `ip netns exec`), with the same probe count, rate per target and timeout.
#
# The netns hosts have no RDMA: the round is UDP only (UDP endpoints on each host's address), said so below.
# Needs root (namespaces), fping, python3 and GNU time (/usr/bin/time). The fleet is stopped and its directory
# removed on exit, Ctrl-C included. rocepilot-probe is taken from next to ROCEPILOT_CLI (RP_PROBE overrides).
# 100 hosts (one rack: a full mesh) take about two minutes; 1 000 hosts in 20 racks about nine, on 2 cores.
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
CLI=${1:?usage: $0 ROCEPILOT_CLI N [RACKS]}
N=${2:?usage: $0 ROCEPILOT_CLI N [RACKS]}
RACKS=${3:-1}
[[ $N =~ ^[0-9]+$ && $RACKS =~ ^[0-9]+$ ]] || { echo "N and RACKS are numbers" >&2; exit 2; }
[[ -x $CLI ]] || { echo "no rocepilot-cli at $CLI (build first)" >&2; exit 2; }
[[ $(id -u) -eq 0 ]] || { echo "needs root (network namespaces)" >&2; exit 2; }
for tool in fping python3 /usr/bin/time; do
    command -v "$tool" >/dev/null || { echo "$tool not found (installer/deps.sh installs it)" >&2; exit 2; }
done

DIR=$(mktemp -d "${TMPDIR:-/tmp}/rp-fabric-fleet.XXXXXX")
cleanup() {
    trap - EXIT INT TERM
    # fping and the CLI get the terminal's Ctrl-C themselves; anything of ours still running goes now.
    jobs -p | xargs -r kill 2>/dev/null || true
    bash "$ROOT/tests/support/netns-hosts.sh" down "$DIR" >/dev/null 2>&1 || true
    rm -rf "$DIR"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

racks=()
spine=()
if ((RACKS > 1)); then
    racks=(--racks "$RACKS")
    spine=(--spine spine) # the ToRs' uplinks meet at the spine bridge: name it so uplinks are named as such
fi
t=$SECONDS
bash "$ROOT/tests/support/netns-hosts.sh" up "$N" "$DIR" "${racks[@]}" >"$DIR/up.out"
up_s=$((SECONDS - t))
# Bringing up 1 000 sshd (or a round of 1 000 agents) leaves the 2 cores busy for a while after it ends (load average
# near 200): each round starts once the 1-minute load average is below 4 x the cores, or after 90 s, said below.
settle() {
    local t=$SECONDS
    while (($(awk -v c="$(nproc)" '{ print ($1 > 4 * c) }' /proc/loadavg) && SECONDS - t < 90)); do sleep 2; done
    settle_s=$((SECONDS - t))
    settle_load=$(cut -d' ' -f1 /proc/loadavg)
}
settle

# The netns hosts share this machine's root home, so one copy of the probe serves them all: a first round copies
# it to every host at once (part of its start), later ones find it there. Said in the output.
PROBE=${RP_PROBE:-$(dirname "$CLI")/rocepilot-probe}
probe_state="already on the hosts"
sum=$(sha256sum <"$PROBE" | cut -d' ' -f1)
if ! sha256sum "$(getent passwd root | cut -d: -f6)"/.cache/rocepilot/rocepilot-probe-* 2>/dev/null | grep -q "^$sum "; then
    probe_state="copied to every host by the first round"
fi

# Ours: one round (discovery of every host, agents started over SSH, probes, second pass when needed, findings),
# twice: the first after the bring-up (every neighbour table empty: the hosts' first probes go out behind ARP
# broadcasts that reach all N hosts of this one flat L2 domain, on the same 2 cores; a cold probe is copied), and
# the one measured below, which finds the probe and the neighbours in place, as every later round of a watch does.
set +e
/usr/bin/time -v -o "$DIR/first.time" "$CLI" fabric check --inventory "$DIR/inventory.yaml" "${spine[@]}" --json \
    >"$DIR/first.json" 2>"$DIR/first.err"
first_rc=$?
cat >"$DIR/first.py" <<'EOF'
import json, sys
r = json.load(open(sys.argv[1]))
t = r.get("timing", {})
down = sum(1 for a in r["agents"] if a["state"] == "down")
print(f'{r["seconds"]:.1f} s (start {t.get("start", 0):.1f} s, first pass {t.get("first_pass", 0):.1f} s, second pass '
      f'{t.get("second_pass", 0):.1f} s), {r["cells_failed"]} cells failed, {down} agents down')
EOF
first=$(python3 "$DIR/first.py" "$DIR/first.json" 2>/dev/null || echo "no round (exit $first_rc)")
settle
/usr/bin/time -v -o "$DIR/ours.time" "$CLI" fabric check --inventory "$DIR/inventory.yaml" "${spine[@]}" --json \
    >"$DIR/round.json" 2>"$DIR/round.err"
rc=$?
set -e
if ! python3 -c 'import json, sys; json.load(open(sys.argv[1]))' "$DIR/round.json" 2>/dev/null; then
    echo "fabric check gave no round (exit $rc):" >&2
    tail -20 "$DIR/round.err" >&2
    exit 1
fi
wall=$(awk -F': ' '/Elapsed \(wall clock\)/ { n = split($2, p, ":"); s = 0; for (i = 1; i <= n; i++) s = s * 60 + p[i]; print s }' "$DIR/ours.time")
rss_kb=$(awk -F': ' '/Maximum resident set size/ { print $2 }' "$DIR/ours.time")

# The round, summed up; and per host the peers its first pass probed (fping's targets).
mkdir -p "$DIR/fping"
python3 - "$DIR/round.json" "$DIR/hosts" "$DIR/fping" >"$DIR/summary.env" <<'EOF'
import json, statistics, sys
r = json.load(open(sys.argv[1]))
ns = {}
for line in open(sys.argv[2]):
    f = line.split()
    ns[f[0]] = f[3]
ep = r["endpoints"]
first = [c for c in r["cells"] if not c["second_pass"]]
peers = {}
for c in first:
    a, b = ep[c["from"]], ep[c["to"]]
    if a["host"] != b["host"]:
        peers.setdefault(a["host"], set()).add(b["address"])
cross = {}
tor = {e["host"]: e["tor"] for e in ep}
addr_tor = {e["address"]: e["tor"] for e in ep}
for h, ps in peers.items():
    cross[h] = sum(1 for p in ps if addr_tor[p] != tor[h])
for h, ps in peers.items():
    with open(f"{sys.argv[3]}/{h}", "w") as out:
        out.write(ns[h] + "\n" + "\n".join(sorted(ps)) + "\n")
cpu = [a["cpu_percent"] for a in r["agents"] if a["cpu_percent"] is not None]
sev = {}
for f in r["findings"]:
    sev[f["severity"]] = sev.get(f["severity"], 0) + 1
npeers = [len(p) for p in peers.values()]
print(f'round_s={r["seconds"]:.2f}')
print(f'start_s={r["start_seconds"]:.2f}')
tm = r.get("timing", {})
print(f'first_s={tm.get("first_pass", -1):.2f}')
print(f'second_s={tm.get("second_pass", -1):.2f}')
print(f'judge_s={tm.get("judge", -1):.2f}')
print(f'hosts={len(r["hosts"])}')
print(f'skipped={len(r["skipped"])}')
print(f'planned={r["cells_planned"]}')
print(f'probed={r["cells_probed"]}')
print(f'failed={r["cells_failed"]}')
print(f'second_pass={sum(1 for c in r["cells"] if c["second_pass"])}')
print(f'findings={len(r["findings"])}')
print(f'findings_by={" ".join(f"{k}:{v}" for k, v in sorted(sev.items())) or "none"}')
print(f'findings_first={(r["findings"][0]["title"] if r["findings"] else "").replace(chr(10), " ")}')
print(f'agents_up={sum(1 for a in r["agents"] if a["state"] in ("up", "stopped"))}')
print(f'agents_down={sum(1 for a in r["agents"] if a["state"] == "down")}')
print(f'cpu_n={len(cpu)}')
print(f'cpu_med={statistics.median(cpu) if cpu else -1:.2f}')
print(f'cpu_max={max(cpu) if cpu else -1:.2f}')
print(f'pairs={sum(npeers)}')
print(f'peers_min={min(npeers) if npeers else 0}')
print(f'peers_max={max(npeers) if npeers else 0}')
print(f'cross_min={min(cross.values()) if cross else 0}')
print(f'rates={" ".join(sorted({str(a["rate"]) for a in r["agents"] if a["rate"] is not None}))}')
EOF
declare -A R # the round's figures, by name
while IFS='=' read -r key value; do R[$key]=$value; done <"$DIR/summary.env"

# fping: the same directed pairs, every host at once. Our round: --duration 2 s at 10 probes/s per target and a
# 0.5 s probe timeout (the CLI's defaults): 20 probes per target, 100 ms apart, 500 ms timeout. fping spaces its
# probes to all targets by -i (ms): 1 ms, its floor, is 1 000 probes/s, enough for 99 targets at 10/s.
cat >"$DIR/fping.sh" <<'EOF'
#!/bin/bash
for f in "$1"/*; do
    ns=$(head -1 "$f")
    tail -n +2 "$f" | ip netns exec "$ns" fping -q -c 20 -p 100 -i 1 -t 500 2>"$f.out" >/dev/null &
done
wait
EOF
/usr/bin/time -f "%e" -o "$DIR/fping.time" bash "$DIR/fping.sh" "$DIR/fping" || true
fping_wall=$(tail -1 "$DIR/fping.time")
fping_pairs=$(cat "$DIR"/fping/*.out | grep -c 'xmt/rcv' || true)
fping_lossy=$(cat "$DIR"/fping/*.out | grep 'xmt/rcv' | grep -vc '/0%,' || true)

calc() { awk "BEGIN { printf \"%.${2:-2}f\", $1 }"; }
met() { if awk "BEGIN { exit !($1) }"; then echo met; else echo MISSED; fi; }
shape="ToR mesh + sampled inter-ToR peers"
((R[pairs] == R[hosts] * (R[hosts] - 1))) && shape="full mesh"
where=""
((RACKS > 1)) && where=" in $RACKS racks (ToR bridges under a spine bridge)"
if ((RACKS <= 1)); then
    goal_text="<= 10 s for 100 hosts, full mesh"
    goal="n/a (the goal is for 100 hosts, full mesh)"
    if ((N == 100)) && [[ $shape == "full mesh" ]]; then goal=$(met "${R[round_s]} <= 10"); fi
else
    goal_text="<= 30 s for 1 000 hosts, ToR mesh + >= 5 inter-ToR peers"
    goal="n/a (the goal is for 1 000 hosts, >= 5 inter-ToR peers each)"
    if ((N >= 1000 && R[cross_min] >= 5)); then goal=$(met "${R[round_s]} <= 30"); fi
fi

echo "fabric check on $N netns OpenSSH hosts$where -- $(nproc) cores: sshd, agents and controller share them"
echo "  rocepilot-probe: $probe_state"
echo "  transport: UDP only (these netns hosts have no RDMA; every cell is a UDP probe, none is RDMA)"
echo "  fleet up in ${up_s} s; the measured round waited ${settle_s} s for the load to settle (load average ${settle_load} at its start); fabric check exit status $rc; agents up ${R[agents_up]}, down ${R[agents_down]}, not discovered ${R[skipped]}"
echo "  first round after the bring-up (neighbour tables empty): $first"
echo "  the round measured (the second; as every later round of a watch):"
echo "  pinglist: ${R[pairs]} directed host pairs ($shape; peers per host ${R[peers_min]}..${R[peers_max]}, inter-ToR peers per" \
    "host >= ${R[cross_min]}); probe rate per target: ${R[rates]}/s"
printf '  %-44s %10s   %s\n' "" "measured" "goal"
printf '  %-44s %8s s   %s: %s\n' "one round (agents started + probed + findings)" "${R[round_s]}" "$goal_text" "$goal"
printf '  %-44s %8s s\n' "  of it: starting the agents" "${R[start_s]}"
printf '  %-44s %8s s\n' "        first pass (probes, every result)" "${R[first_s]}"
printf '  %-44s %8s s\n' "        second pass" "${R[second_s]}"
printf '  %-44s %8s s\n' "        localising, joining the findings" "${R[judge_s]}"
printf '  %-44s %8s s\n' "the whole command (discovery first)" "$wall"
printf '  %-44s %10s\n' "cells planned / probed" "${R[planned]} / ${R[probed]}"
printf '  %-44s %10s   (second-pass cells: %s)\n' "cells failed" "${R[failed]}" "${R[second_pass]}"
printf '  %-44s %10s   (%s)\n' "findings" "${R[findings]}" "${R[findings_by]}"
if [[ -n ${R[findings_first]} ]]; then printf '  %-44s %s\n' "  first finding" "${R[findings_first]}"; fi
printf '  %-44s %7s MB   <= 100 MB: %s\n' "controller peak RSS" "$(calc "$rss_kb / 1024" 1)" "$(met "$rss_kb <= 102400")"
printf '  %-44s %8s %%   <= 1 %% of a core per host: %s\n' "agent CPU per host, median (${R[cpu_n]} agents)" "${R[cpu_med]}" \
    "$(met "${R[cpu_med]} >= 0 && ${R[cpu_med]} <= 1")"
printf '  %-44s %8s %%   <= 1 %%: %s\n' "agent CPU per host, max" "${R[cpu_max]}" "$(met "${R[cpu_max]} >= 0 && ${R[cpu_max]} <= 1")"
echo "  beside it, fping (-c 20 -p 100 -i 1 -t 500) from every host to its same peers, all hosts at once:"
printf '  %-44s %8s s   (%s pairs reported, %s with loss)\n' "fping, all hosts" "$fping_wall" "$fping_pairs" "$fping_lossy"
printf '  %-44s %8s     (one round / fping); the whole command / fping: %s\n' "ratio ours / fping" \
    "$(calc "${R[round_s]} / $fping_wall")" "$(calc "$wall / $fping_wall")"
if [[ -s $DIR/round.err ]]; then
    echo "  the check's stderr (last lines):"
    tail -5 "$DIR/round.err" | sed 's/^/    /'
fi

#!/usr/bin/env bash
# Discovery benchmark on N netns OpenSSH hosts (default 100), all in one run, side by side with:
#   floor  - one bare OpenSSH connection per host, all in parallel (ssh host true)
#   loop   - what admins do today: a sequential loop of `ssh host cat FILE` over the files discovery reads
#            (plus `ip -d -j addr show`), measured over LOOP_HOSTS hosts and scaled linearly to N (a
#            sequential loop's time is the sum of its steps)
# Prints wall times, ratios, our peak memory and our client-side CPU per host beside OpenSSH's.
# usage: bench/discovery-bench.sh [N] [LOOP_HOSTS]   (root; builds nothing: set RP_CLI or build first)
set -euo pipefail
src="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
n=${1:-100}
loop_hosts=${2:-10}
cli=${RP_CLI:-$src/build/default/app/rocepilot-cli}
[ -x "$cli" ] || { echo "no rocepilot-cli at $cli (build first or set RP_CLI)" >&2; exit 2; }
[ "$(id -u)" -eq 0 ] || { echo "needs root (network namespaces)" >&2; exit 2; }
dir=$(mktemp -d /tmp/rp-bench.XXXXXX)
cleanup() { bash "$src/tests/support/netns-hosts.sh" down "$dir" >/dev/null 2>&1 || true; rm -rf "$dir"; }
trap cleanup EXIT INT TERM
bash "$src/tests/support/netns-hosts.sh" up "$n" "$dir" >/dev/null
mapfile -t addrs < <(grep -E '^\s+address:' "$dir/inventory.yaml" | awk '{print $2}' | tr -d '"')
cat >"$dir/ssh_config" <<CFG
Host *
    User root
    IdentityFile $dir/id_ed25519
    UserKnownHostsFile $dir/known_hosts
    GlobalKnownHostsFile /dev/null
    StrictHostKeyChecking yes
    BatchMode yes
    ConnectTimeout 30
    LogLevel ERROR
CFG
ssh_opts=(-F "$dir/ssh_config")
now() { date +%s.%N; }
calc() { awk "BEGIN { printf \"%.3f\", $1 }"; }

# floor: every host at once, one bare connection each; client CPU from the waited-for ssh children
floor_file=$dir/floor.time
/usr/bin/time -f "%e %U %S" -o "$floor_file" bash -c '
    cfg=$1; shift
    for a in "$@"; do ssh -F "$cfg" "$a" true & done; wait' _ "$dir/ssh_config" "${addrs[@]}"
read -r floor_wall floor_user floor_sys <"$floor_file"

# ours: full discovery of every host, one connection each
ours_file=$dir/ours.time
/usr/bin/time -f "%e %U %S %M" -o "$ours_file" "$cli" discover --inventory "$dir/inventory.yaml" --json \
    >"$dir/ours.json" 2>"$dir/ours.err" || { echo "discovery failed:"; cat "$dir/ours.err"; exit 1; }
read -r ours_wall ours_user ours_sys ours_rss_kb <"$ours_file"
ok=$(grep -c '"state": "ok"' "$dir/ours.json" || true)

# loop: sequential ssh cat over the files discovery reads on such a host
files=(/proc/sys/kernel/hostname /proc/sys/kernel/osrelease /etc/os-release)
for nd in lo eth0; do
    for f in mtu operstate address ifindex iflink type speed; do files+=("/sys/class/net/$nd/$f"); done
done
t0=$(now)
for ((i = 0; i < loop_hosts && i < n; i++)); do
    for f in "${files[@]}"; do ssh "${ssh_opts[@]}" "${addrs[$i]}" cat "$f" >/dev/null 2>&1 || true; done
    ssh "${ssh_opts[@]}" "${addrs[$i]}" ip -d -j addr show >/dev/null
done
t1=$(now)
loop_measured=$(calc "$t1 - $t0")
loop_scaled=$(calc "$loop_measured * $n / $loop_hosts")

echo "discovery benchmark: $n netns OpenSSH hosts on $(nproc) cores (sshd shares them with the client)"
echo "  hosts discovered ok:            $ok / $n"
printf '  floor  (ssh host true, parallel): %8.2f s\n' "$floor_wall"
printf '  ours   (rocepilot-cli discover):  %8.2f s   ratio to floor %s (target <= 1.2)\n' "$ours_wall" \
    "$(calc "$ours_wall / $floor_wall")"
printf '  loop   (ssh cat per file, seq.):  %8.2f s   (%s s measured over %d hosts, x %d/%d)\n' "$loop_scaled" \
    "$loop_measured" "$loop_hosts" "$n" "$loop_hosts"
printf '  speed-up over the loop:           %8.1f x   (target >= 20)\n' "$(calc "$loop_scaled / $ours_wall")"
printf '  our peak memory (max RSS):        %8.1f MB\n' "$(calc "$ours_rss_kb / 1024")"
printf '  client CPU per host: ours %.4f s, OpenSSH client %.4f s (target: ours below)\n' \
    "$(calc "($ours_user + $ours_sys) / $n")" "$(calc "($floor_user + $floor_sys) / $n")"

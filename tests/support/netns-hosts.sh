#!/bin/bash
# SPDX-License-Identifier: GPL-3.0-or-later
#
# netns-hosts.sh - a lab of N OpenSSH hosts, each in its own network namespace, for the integration tests.
#
#   netns-hosts.sh up N DIR [--racks R]
#                               start hosts h1..hN (N <= 2000) and write DIR/inventory.yaml, DIR/known_hosts,
#                               DIR/id_ed25519(.pub), DIR/root_password, DIR/hosts, DIR/pids
#   netns-hosts.sh down DIR     stop every sshd, delete the namespaces, veths and bridges (idempotent)
#
# Every name and address is DIR's own, so labs of two build directories (or the 20-host lab and the fleet test's
# 50-host one beside it) run at the same time without tearing each other down. ID = the first 4 hex digits of
# the SHA-1 of DIR's absolute path; names: bridge rpIDbr, host i in namespace rpIDhi, the root side of its veth
# rpIDvi (at most 11 characters: interface names stop at 15). Addresses: a /21 of the RFC 2544 benchmarking range
# 198.18.0.0/15 (it never clashes with a real network), the first one from ID's slot on that no route of this
# machine overlaps (picked under a lock, so two labs going up together never pick the same). Host i has
# eth0 = block + i, the bridge block + 2046. Left out: 198.18.0.0/21 (the Soft-RoCE lab's data addresses) and
# 198.19.248.0/21 (tests/support/switch-emu's 198.19.250.0/24). DIR/hosts has one line per host for the tests:
# "NAME ADDRESS PREFIXLEN NAMESPACE". Each host runs its own sshd (own ed25519 host key, hostname hi) in a private
# UTS and mount namespace, so /run, the hostname and /etc/shadow (a copy where root's password is
# DIR/root_password) stay private to the lab. Key login (DIR/id_ed25519) and password login work on every host.
#
# --racks R (1..250, at most N) puts the hosts under R "ToR" bridges rpIDtK (K = 1..R) instead of the one bridge,
# in blocks: h1.. the first ceil-or-floor N/R under tor1, the next under tor2 (host i under tor floor((i-1)*R/N)+1),
# as a real rack holds consecutive hosts. Each ToR hangs off the spine bridge rpIDbr (which keeps the root's
# address: the controller still reaches every host through it) by a veth pair rpIDuK (ToR side) -- rpIDsK (spine
# side); cutting or slowing one (ip link set rpIDuK down, tc qdisc ... netem) is a fault on that uplink. The
# addresses stay one /21. The inventory gets "rack: torK" per host, DIR/hosts a 5th column "torK", and DIR/uplinks
# one line per ToR: "torK TOR_BRIDGE TOR_SIDE_VETH SPINE_SIDE_VETH". Without --racks nothing of this exists and
# every file is as before.
#
# The kernel's IPv4 neighbour table is one table for every namespace (its gc_thresh1/2/3 exist only in the root
# namespace and count the entries of all of them): at the defaults (128/512/1024) a lab of about 1 000 hosts
# already fills it with the root's own entries, and sends fail with "No route to host"; a mesh between the hosts
# fills it far sooner. When the lab can need more (up to 128 neighbours per host, the root's N), up raises them
# and saves the old values in DIR/neigh_thresh; down puts back each one still at the value up set (a lab that
# went up later and raised it further restores its own). Small labs (20 hosts) leave them alone, as before.
#
# Needs root, iproute2 (ip netns), util-linux (unshare, flock), openssh-server (sshd, ssh-keygen), coreutils
# (sha1sum) and openssl (openssl passwd -6, in Debian 12's openssl package, installed by default).
set -Eeuo pipefail
# shellcheck source=nslab.sh
. "$(dirname "${BASH_SOURCE[0]}")/nslab.sh"

SLOT_LOCK=/run/lock/rp-netns-slots.lock
READY_TIMEOUT=${RP_NETNS_READY_TIMEOUT:-} # default: 20 s, longer for large labs (do_up)

die() {
    echo "netns-hosts.sh: $*" >&2
    exit 1
}

usage() {
    echo "usage: $0 up N DIR [--racks R] | down DIR" >&2
    exit 2
}

# Names of DIR's lab: sets PREFIX, VPREFIX and BRIDGE.
lab_names() {
    local abs id
    abs=$(realpath -m -- "$1")
    id=$(printf '%s' "$abs" | sha1sum | cut -c1-4)
    PREFIX=rp${id}h
    VPREFIX=rp${id}v
    BRIDGE=rp${id}br
    TPREFIX=rp${id}t # ToR bridges (--racks)
    UPREFIX=rp${id}u # uplink veth, ToR side
    SPREFIX=rp${id}s # uplink veth, spine side
    SLOT_START=$((16#$id % 64))
}

ip_int() { # dotted quad -> integer
    local IFS=. a b c d
    read -r a b c d <<<"$1"
    echo $(((a << 24) | (b << 16) | (c << 8) | d))
}
int_ip() { echo "$((($1 >> 24) & 255)).$((($1 >> 16) & 255)).$((($1 >> 8) & 255)).$(($1 & 255))"; }

RANGE_BASE=$(ip_int 198.18.0.0)
# Slot s (0..63) is the /21 at 198.18.0.0 + s * 2048.
slot_free() { # SLOT: no IPv4 route or address of this machine overlaps the block
    local s=$1 block prefix net len mask
    ((s != 0 && s != 63)) || return 1
    block=$((RANGE_BASE + s * 2048))
    while read -r prefix; do
        net=${prefix%/*}
        len=32
        [[ $prefix == */* ]] && len=${prefix#*/}
        ((len > 21)) && len=21
        ((len > 0)) || continue # a default route is no clash
        mask=$(((0xffffffff << (32 - len)) & 0xffffffff))
        if ((($(ip_int "$net") & mask) == (block & mask))); then
            return 1
        fi
    done < <({
        ip -4 route show table all
        ip -4 -o addr show
    } 2>/dev/null | grep -oE '[0-9]+\.[0-9]+\.[0-9]+\.[0-9]+(/[0-9]+)?')
    return 0
}

host_addr() { int_ip $((BLOCK + $1)); }

check_env() {
    [[ $(id -u) -eq 0 ]] || die "must run as root (it creates network namespaces and starts sshd)"
    command -v ip >/dev/null || die "'ip' (iproute2) not found"
    ip netns list >/dev/null 2>&1 || die "'ip netns' is not available here (no network namespace support?)"
    command -v unshare >/dev/null || die "'unshare' (util-linux) not found"
    [[ -x /usr/sbin/sshd ]] || die "/usr/sbin/sshd not found: apt-get install openssh-server"
    command -v ssh-keygen >/dev/null || die "ssh-keygen not found: apt-get install openssh-client"
    command -v openssl >/dev/null || die "openssl not found: apt-get install openssl"
    command -v flock >/dev/null || die "'flock' (util-linux) not found"
}

NEIGH=/proc/sys/net/ipv4/neigh/default

# neigh_raise N DIR: makes the neighbour table big enough for N hosts (see the header); saves what it changed.
neigh_raise() {
    local n=$1 dir=$2 need k old new saved=""
    need=$((n * ((n - 1 < 127 ? n - 1 : 127) + 1)))
    local -a want=($((need / 2)) "$need" $((need * 2)))
    # Only a lab that can outgrow the hard limit touches them: the 20-host test lab leaves the machine as it was.
    (($(<"$NEIGH/gc_thresh3") < want[2])) || return 0
    for k in 1 2 3; do
        old=$(<"$NEIGH/gc_thresh$k")
        new=${want[k - 1]}
        if ((new > old)); then
            echo "$new" >"$NEIGH/gc_thresh$k"
            saved+="$k $old $new"$'\n'
        fi
    done
    if [[ -n $saved ]]; then
        printf '%s' "$saved" >"$dir/neigh_thresh"
    fi
}

# neigh_restore DIR: each threshold still at the value this lab's up set goes back to the one it found.
neigh_restore() {
    local dir=$1 k old new
    [[ -n $dir && -f $dir/neigh_thresh ]] || return 0
    while read -r k old new; do
        [[ $k =~ ^[123]$ && $old =~ ^[0-9]+$ ]] || continue
        if [[ $(<"$NEIGH/gc_thresh$k") == "$new" ]]; then
            echo "$old" >"$NEIGH/gc_thresh$k"
        fi
    done <"$dir/neigh_thresh"
    rm -f "$dir/neigh_thresh"
}

do_down() {
    local dir=$1 link
    lab_teardown "$dir"
    # --racks: the ToR bridges and uplinks (deleting one end of a veth pair deletes both).
    for link in $(ip -o link show 2>/dev/null | awk -F': ' '{print $2}' | sed 's/@.*//' \
        | grep -E "^(${TPREFIX}|${UPREFIX}|${SPREFIX})[0-9]+\$" || true); do
        ip link delete "$link" 2>/dev/null || true
    done
    neigh_restore "$dir"
    if [[ -n $dir && -d $dir ]]; then
        rm -rf "$dir/lab"
        rm -f "$dir/pids" "$dir/inventory.yaml" "$dir/known_hosts" "$dir/id_ed25519" "$dir/id_ed25519.pub" \
            "$dir/root_password" "$dir/hosts" "$dir/uplinks"
    fi
}

on_exit() {
    local rc=$?
    if [[ ${UP_OK:-1} != 1 ]]; then
        echo "netns-hosts.sh: up failed, cleaning up" >&2
        do_down "$UP_DIR" || true
    fi
    return $rc
}

do_up() {
    local n=$1 dir=$2 racks=${3:-0}
    [[ $n =~ ^[0-9]+$ ]] && ((n >= 1 && n <= 2000)) || die "N must be 1..2000, got '$n'"
    if ((racks > 0)); then
        ((racks <= 250 && racks <= n)) || die "--racks must be 1..250 and at most N, got '$racks'"
    fi
    if [[ -n $(lab_namespaces) ]] || ip link show "$BRIDGE" >/dev/null 2>&1; then
        # A run killed before its 'down' (a CI job stopped, a machine's session ended) leaves the namespaces
        # without a single process: nothing uses that lab, so it is taken down. One whose sshd still run is another
        # run's, and is refused.
        local ns live=0
        for ns in $(lab_namespaces); do
            [[ -n $(ip netns pids "$ns" 2>/dev/null) ]] && live=1 && break
        done
        ((live == 0)) || die "a lab is already up (namespaces ${PREFIX}*, bridge $BRIDGE): run '$0 down DIR' first"
        echo "netns-hosts.sh: the remains of an earlier lab in $dir (namespaces ${PREFIX}*, no process in any): taken down" >&2
        do_down "$dir"
    fi
    mkdir -p "$dir"
    dir=$(cd "$dir" && pwd)
    local lab=$dir/lab
    rm -rf "$lab"
    mkdir -p "$lab/keys" "$lab/log"
    # Anything half-built goes away again when up fails (die, a failed command, Ctrl-C).
    UP_DIR=$dir
    UP_OK=0
    trap 'on_exit' EXIT
    trap 'exit 130' INT TERM
    # A lab of this DIR that never went down cleanly may have left raised thresholds: back first, then raised.
    neigh_restore "$dir"
    rm -f "$dir/uplinks"

    # Client key, root password and a shadow copy that carries it.
    rm -f "$dir/id_ed25519" "$dir/id_ed25519.pub"
    ssh-keygen -q -t ed25519 -N '' -C rp-lab-client -f "$dir/id_ed25519"
    cp "$dir/id_ed25519.pub" "$lab/authorized_keys"
    local password hash
    password="rp-lab-$(openssl rand -hex 8)"
    (umask 077 && printf '%s\n' "$password" >"$dir/root_password")
    hash=$(openssl passwd -6 -stdin <<<"$password")
    awk -F: -v OFS=: -v h="$hash" '$1 == "root" { $2 = h } { print }' /etc/shadow >"$lab/shadow"
    chmod 600 "$lab/shadow"
    : >"$lab/empty"

    # Base config: no ListenAddress/Port/HostKey here, those come per host with -o (they add to the file).
    cat >"$lab/sshd_config" <<EOF
PermitRootLogin yes
PubkeyAuthentication yes
PasswordAuthentication yes
KbdInteractiveAuthentication no
AuthorizedKeysFile $lab/authorized_keys
StrictModes no
UsePAM no
UseDNS no
PrintMotd no
PrintLastLog no
PidFile none
MaxStartups 200:30:400
LoginGraceTime 60
LogLevel ERROR
Subsystem sftp /usr/lib/openssh/sftp-server
EOF

    # Host keys, in parallel.
    local i
    for ((i = 1; i <= n; i++)); do
        ssh-keygen -q -t ed25519 -N '' -C "h$i" -f "$lab/keys/h$i" &
        if ((i % 32 == 0)); then wait; fi
    done
    wait

    # The address block: the first free slot from this DIR's own, picked and taken (the bridge gets its address)
    # under a lock, so two labs going up at once never share a block.
    # (/run/lock is made at boot by Debian's init; a container or chroot may start without it)
    mkdir -p "$(dirname "$SLOT_LOCK")"
    exec 9>"$SLOT_LOCK"
    flock 9
    local k slot=-1
    for ((k = 0; k < 64; k++)); do
        if slot_free $(((SLOT_START + k) % 64)); then
            slot=$(((SLOT_START + k) % 64))
            break
        fi
    done
    ((slot >= 0)) || die "no free /21 left in 198.18.0.0/15 for the lab (ip -4 route show table all)"
    BLOCK=$((RANGE_BASE + slot * 2048))
    # Bridge and namespaces with their veths, in one ip process.
    {
        echo "link add $BRIDGE type bridge"
        echo "addr add $(int_ip $((BLOCK + 2046)))/21 dev $BRIDGE"
        echo "link set $BRIDGE up"
        for ((i = 1; i <= n; i++)); do
            echo "netns add $PREFIX$i"
        done
    } >"$lab/root.batch"
    ip -batch "$lab/root.batch"
    # Under the same lock: two labs going up at once each see the other's raise, not the defaults.
    neigh_raise "$n" "$dir"
    exec 9>&-
    # With racks each host's veth goes to its ToR bridge, and each ToR to the spine ($BRIDGE) by its uplink.
    local k
    {
        for ((k = 1; k <= racks; k++)); do
            echo "link add $TPREFIX$k type bridge"
            echo "link set $TPREFIX$k up"
            echo "link add $UPREFIX$k type veth peer name $SPREFIX$k"
            echo "link set $UPREFIX$k master $TPREFIX$k up"
            echo "link set $SPREFIX$k master $BRIDGE up"
        done
        for ((i = 1; i <= n; i++)); do
            echo "link add $VPREFIX$i type veth peer name eth0 netns $PREFIX$i"
            if ((racks > 0)); then
                echo "link set $VPREFIX$i master $TPREFIX$(((i - 1) * racks / n + 1)) up"
            else
                echo "link set $VPREFIX$i master $BRIDGE up"
            fi
        done
    } >"$lab/veth.batch"
    ip -batch "$lab/veth.batch"
    if ((racks > 0)); then
        for ((k = 1; k <= racks; k++)); do
            echo "tor$k $TPREFIX$k $UPREFIX$k $SPREFIX$k"
        done >"$dir/uplinks"
    fi

    # Each host: addresses and sshd in a private UTS + mount namespace (own /run, hostname, /etc/shadow).
    : >"$dir/pids"
    local addr
    for ((i = 1; i <= n; i++)); do
        addr=$(host_addr "$i")
        ip netns exec "$PREFIX$i" unshare --uts --mount --propagation private sh -c '
            set -e
            ip link set lo up
            ip addr add "$1/21" dev eth0
            ip link set eth0 up
            mount -t tmpfs none /run
            mkdir -m755 /run/sshd
            mount --bind "$2/shadow" /etc/shadow
            # The build machine root'"'"'s shell start files (a pyenv init that takes a lock, say) are not part of a
            # test host: a session killed mid-way by a test left a stale lock that stalled every later command.
            for f in /root/.bashrc /root/.profile /root/.bash_profile /root/.bash_login; do
                if [ -e "$f" ]; then mount --bind "$2/empty" "$f"; fi
            done
            hostname "$3"
            exec /usr/sbin/sshd -D -e -f "$2/sshd_config" -o ListenAddress="$1" -o HostKey="$2/keys/$3"
        ' sshd-lab "$addr" "$lab" "h$i" </dev/null >"$lab/log/h$i.log" 2>&1 &
        echo $! >>"$dir/pids"
        disown $!
    done

    # Ready = every sshd sent its banner (read with a timeout), not just a listening socket. At most 32 hosts are
    # asked at once, in the order they were started, against one deadline for the fleet: a checker per host (1 000
    # of them, each forking a connection every 50 ms) kept the load average near 600 on 2 cores and starved the very
    # sshd it waited for (2026-12-07: 850, then 396 of 1 000 sent no banner within 62 s). Labs above 160 hosts get a
    # second per 8 hosts.
    if [[ -z $READY_TIMEOUT ]]; then
        READY_TIMEOUT=$((n / 8 > 20 ? n / 8 : 20))
    fi
    local ready_by=$(($(date +%s) + READY_TIMEOUT)) failed=0
    : >"$lab/notready"
    export -f wait_banner
    for ((i = 1; i <= n; i++)); do
        echo "$i $(host_addr "$i")"
    done | xargs -P 32 -n 2 bash -c 'left=$(('"$ready_by"' - $(date +%s))); wait_banner "$2" $((left > 1 ? left : 1)) \
        || echo "$1" >>"$0"' "$lab/notready"
    local bad
    while read -r bad; do
        ((failed += 1))
        if ((failed <= 3)); then
            echo "netns-hosts.sh: h$bad ($(host_addr "$bad")) sent no SSH banner within ${READY_TIMEOUT}s of the" \
                "fleet's start; its log:" >&2
            sed 's/^/    /' "$lab/log/h$bad.log" >&2 || true
        fi
    done < <(sort -n "$lab/notready")
    ((failed == 0)) || die "$failed of $n sshd did not come up"

    # known_hosts (keyed by address as libssh looks it up for port 22) and the inventory.
    {
        for ((i = 1; i <= n; i++)); do
            echo "$(host_addr "$i") $(cut -d' ' -f1,2 "$lab/keys/h$i.pub")"
        done
    } >"$dir/known_hosts"
    for ((i = 1; i <= n; i++)); do
        if ((racks > 0)); then
            echo "h$i $(host_addr "$i") 21 $PREFIX$i tor$(((i - 1) * racks / n + 1))"
        else
            echo "h$i $(host_addr "$i") 21 $PREFIX$i"
        fi
    done >"$dir/hosts"
    {
        echo "version: 1"
        echo "known_hosts: $dir/known_hosts"
        echo "hosts:"
        for ((i = 1; i <= n; i++)); do
            echo "  - name: h$i"
            echo "    address: $(host_addr "$i")"
            echo "    port: 22"
            echo "    user: root"
            echo "    auth: key"
            echo "    key_file: $dir/id_ed25519"
            echo "    kind: linux"
            if ((racks > 0)); then
                echo "    rack: tor$(((i - 1) * racks / n + 1))"
            fi
        done
    } >"$dir/inventory.yaml"
    UP_OK=1
    if ((racks > 0)); then
        echo "netns-hosts.sh: $n hosts in $racks racks up in ${SECONDS}s ($dir)"
    else
        echo "netns-hosts.sh: $n hosts up in ${SECONDS}s ($dir)"
    fi
}

[[ $# -ge 1 ]] || usage
case $1 in
up)
    racks=0
    if [[ $# -eq 5 && $4 == --racks ]]; then
        if ! [[ $5 =~ ^[0-9]+$ ]] || (($5 < 1)); then
            die "--racks must be a number 1..250, got '$5'"
        fi
        racks=$5
    elif [[ $# -ne 3 ]]; then
        usage
    fi
    check_env
    lab_names "$3"
    do_up "$2" "$3" "$racks"
    ;;
down)
    [[ $# -eq 2 ]] || usage
    check_env
    lab_names "$2"
    do_down "$2"
    echo "netns-hosts.sh: lab down"
    ;;
*) usage ;;
esac

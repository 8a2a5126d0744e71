#!/bin/bash
# SPDX-License-Identifier: GPL-3.0-or-later
#
# switches.sh - switch CLI EMULATORS behind real OpenSSH servers, for RoCE Pilot's switch tests. These are
# emulators (tests/support/switch-emu/switch_emu.py), not switches and not vendor software.
#
#   switches.sh up DIR [NAME:VENDOR:PORT,PORT,...]...   start the emulated switches (default: one per vendor:
#                                                       sw-eos, sw-nxos, sw-cumulus) and write
#                                                       DIR/inventory-snippet.yaml, DIR/known_hosts,
#                                                       DIR/id_ed25519(.pub), DIR/state/NAME.json, DIR/pids
#   switches.sh down DIR                                stop them, delete namespaces, veths, bridge (idempotent)
#   switches.sh reset DIR NAME                          fresh state (running config) for one switch
#   switches.sh run DIR -- COMMAND...                   up (default switches), run COMMAND with
#                                                       RP_SWITCH_LAB_DIR=DIR, down on any exit; exits with
#                                                       COMMAND's status (the ctest tests run this way)
#
# Layout: bridge rp-swbr0 (198.19.250.254/24) in the root namespace; switch i lives in namespace rp-swi with
# eth0 = 198.19.250.i (a veth whose root side is rp-swvi). Each runs its own sshd (own ed25519 host key, key
# login as root) whose ForceCommand is the emulator for that switch's vendor and state file. Port 2222 of each
# switch accepts TCP connections and never answers (for connect-timeout tests). The names (rp-sw*, rp-swbr0)
# and the /24 never clash with tests/support/netns-hosts.sh (rp-h*, rp-br0, 198.19.0.254/16: the /24 is the
# longer prefix, so the two labs can be up together).
#
# Needs root, iproute2, util-linux (unshare), openssh-server, /usr/bin/python3.
set -Eeuo pipefail

PREFIX=rp-sw
VPREFIX=rp-swv
BRIDGE=rp-swbr0
NET=198.19.250
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
EMU=$HERE/switch_emu.py
# shellcheck source=../nslab.sh
. "$HERE/../nslab.sh"
DEFAULT_SWITCHES=(sw-eos:eos:Ethernet1,Ethernet2,Ethernet49/1 sw-nxos:nxos:Ethernet1/1,Ethernet1/2,Ethernet1/49
    sw-cumulus:cumulus:swp1,swp2,swp51)

die() {
    echo "switches.sh: $*" >&2
    exit 1
}

usage() {
    echo "usage: $0 up DIR [NAME:VENDOR:PORTS]... | down DIR | reset DIR NAME" >&2
    exit 2
}

check_env() {
    [[ $(id -u) -eq 0 ]] || die "must run as root (it creates network namespaces and starts sshd)"
    command -v ip >/dev/null || die "'ip' (iproute2) not found"
    command -v unshare >/dev/null || die "'unshare' (util-linux) not found"
    [[ -x /usr/sbin/sshd ]] || die "/usr/sbin/sshd not found: apt-get install openssh-server"
    [[ -x /usr/bin/python3 ]] || die "/usr/bin/python3 not found: apt-get install python3"
}

do_down() {
    local dir=$1
    lab_teardown "$dir"
    if [[ -n $dir && -d $dir ]]; then
        rm -rf "$dir/lab" "$dir/state"
        rm -f "$dir/pids" "$dir/inventory-snippet.yaml" "$dir/known_hosts" "$dir/id_ed25519" "$dir/id_ed25519.pub" \
            "$dir/switches"
    fi
}

on_exit() {
    local rc=$?
    if [[ ${UP_OK:-1} != 1 ]]; then
        echo "switches.sh: up failed, cleaning up" >&2
        do_down "$UP_DIR" || true
    fi
    return $rc
}

init_state() { # dir name vendor ports
    /usr/bin/python3 "$EMU" --vendor "$3" --state "$1/state/$2.json" --init --hostname "$2" --ports "$4"
}

do_up() {
    local dir=$1
    shift
    local -a specs=("$@")
    ((${#specs[@]} > 0)) || specs=("${DEFAULT_SWITCHES[@]}")
    ((${#specs[@]} <= 200)) || die "at most 200 switches"
    if [[ -n $(lab_namespaces) ]] || ip link show "$BRIDGE" >/dev/null 2>&1; then
        die "emulated switches are already up (namespaces ${PREFIX}*, bridge $BRIDGE): run '$0 down DIR' first"
    fi
    mkdir -p "$dir"
    dir=$(cd "$dir" && pwd)
    local lab=$dir/lab
    rm -rf "$lab" "$dir/state"
    mkdir -p "$lab/keys" "$lab/log" "$dir/state"
    UP_DIR=$dir
    UP_OK=0
    trap 'on_exit' EXIT
    trap 'exit 130' INT TERM

    local i spec name vendor ports
    for ((i = 1; i <= ${#specs[@]}; i++)); do
        spec=${specs[i - 1]}
        IFS=: read -r name vendor ports <<<"$spec"
        [[ $name =~ ^[A-Za-z][A-Za-z0-9_.-]{0,30}$ ]] || die "bad switch name '$name'"
        [[ $vendor =~ ^(eos|nxos|cumulus)$ ]] || die "vendor of '$name' must be eos, nxos or cumulus"
        [[ $ports =~ ^[A-Za-z0-9/,]+$ ]] || die "bad port list '$ports'"
    done

    rm -f "$dir/id_ed25519" "$dir/id_ed25519.pub"
    ssh-keygen -q -t ed25519 -N '' -C rp-switch-emu-client -f "$dir/id_ed25519"
    cp "$dir/id_ed25519.pub" "$lab/authorized_keys"
    : >"$lab/empty"
    cat >"$lab/sshd_config" <<EOF
PermitRootLogin prohibit-password
PubkeyAuthentication yes
PasswordAuthentication no
KbdInteractiveAuthentication no
AuthorizedKeysFile $lab/authorized_keys
StrictModes no
UsePAM no
UseDNS no
PrintMotd no
PrintLastLog no
PidFile none
LogLevel ERROR
EOF

    {
        echo "link add $BRIDGE type bridge"
        echo "addr add $NET.254/24 dev $BRIDGE"
        echo "link set $BRIDGE up"
        for ((i = 1; i <= ${#specs[@]}; i++)); do echo "netns add $PREFIX$i"; done
    } >"$lab/root.batch"
    ip -batch "$lab/root.batch"
    {
        for ((i = 1; i <= ${#specs[@]}; i++)); do
            echo "link add $VPREFIX$i type veth peer name eth0 netns $PREFIX$i"
            echo "link set $VPREFIX$i master $BRIDGE up"
        done
    } >"$lab/veth.batch"
    ip -batch "$lab/veth.batch"

    : >"$dir/pids"
    : >"$dir/switches"
    for ((i = 1; i <= ${#specs[@]}; i++)); do
        IFS=: read -r name vendor ports <<<"${specs[i - 1]}"
        ssh-keygen -q -t ed25519 -N '' -C "$name" -f "$lab/keys/$name"
        init_state "$dir" "$name" "$vendor" "$ports"
        echo "$name $vendor $NET.$i $ports" >>"$dir/switches"
        ip netns exec "$PREFIX$i" unshare --uts --mount --propagation private sh -c '
            set -e
            ip link set lo up
            ip addr add "$1/24" dev eth0
            ip link set eth0 up
            mount -t tmpfs none /run
            mkdir -m755 /run/sshd
            for f in /root/.bashrc /root/.profile /root/.bash_profile /root/.bash_login; do
                if [ -e "$f" ]; then mount --bind "$2/empty" "$f"; fi
            done
            hostname "$3"
            # A port that accepts and never answers: connect-timeout tests.
            /usr/bin/python3 -c "import socket,time
s=socket.socket(); s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1); s.bind((\"$1\", 2222)); s.listen(64)
conns=[]
while True: conns.append(s.accept())" &
            exec /usr/sbin/sshd -D -e -f "$2/sshd_config" -o ListenAddress="$1" -o HostKey="$2/keys/$3" \
                -o ForceCommand="/usr/bin/python3 $4 --vendor $5 --state $6"
        ' switch-emu "$NET.$i" "$lab" "$name" "$EMU" "$vendor" "$dir/state/$name.json" \
            </dev/null >"$lab/log/$name.log" 2>&1 &
        echo $! >>"$dir/pids"
        disown $!
    done

    local failed=0
    for ((i = 1; i <= ${#specs[@]}; i++)); do
        if ! wait_banner "$NET.$i" 20; then
            failed=$((failed + 1))
            echo "switches.sh: switch $i ($NET.$i) sent no SSH banner; its log:" >&2
            sed 's/^/    /' "$lab/log/"*.log >&2 || true
        fi
    done
    ((failed == 0)) || die "$failed sshd did not come up"

    {
        for ((i = 1; i <= ${#specs[@]}; i++)); do
            IFS=: read -r name vendor ports <<<"${specs[i - 1]}"
            echo "$NET.$i $(cut -d' ' -f1,2 "$lab/keys/$name.pub")"
        done
    } >"$dir/known_hosts"
    {
        echo "# Switch CLI EMULATORS started by tests/support/switch-emu/switches.sh (not real switches)."
        echo "known_hosts: $dir/known_hosts"
        echo "switches:"
        for ((i = 1; i <= ${#specs[@]}; i++)); do
            IFS=: read -r name vendor ports <<<"${specs[i - 1]}"
            local all=${ports//,/, }
            echo "  - name: $name"
            echo "    vendor: $vendor"
            echo "    address: $NET.$i"
            echo "    port: 22"
            echo "    user: root"
            echo "    auth: key"
            echo "    key_file: $dir/id_ed25519"
            echo "    host_ports: [${all%, *}]"
            echo "    uplink_ports: [${all##*, }]"
        done
    } >"$dir/inventory-snippet.yaml"
    UP_OK=1
    echo "switches.sh: ${#specs[@]} emulated switches up in ${SECONDS}s ($dir)"
}

do_reset() {
    local dir=$1 name=$2 line vendor ports
    line=$(awk -v n="$name" '$1 == n' "$dir/switches")
    [[ -n $line ]] || die "no switch '$name' in $dir/switches"
    read -r _ vendor _ ports <<<"$line"
    init_state "$dir" "$name" "$vendor" "$ports"
}

[[ $# -ge 1 ]] || usage
case $1 in
up)
    [[ $# -ge 2 ]] || usage
    check_env
    dir=$2
    shift 2
    do_up "$dir" "$@"
    ;;
down)
    [[ $# -eq 2 ]] || usage
    check_env
    do_down "$2"
    echo "switches.sh: emulated switches down"
    ;;
reset)
    [[ $# -eq 3 ]] || usage
    do_reset "$2" "$3"
    ;;
run)
    [[ $# -ge 4 && $3 == -- ]] || usage
    check_env
    dir=$2
    shift 3
    # Leftovers of an earlier run that was killed are removed first; the trap takes everything down again.
    do_down "$dir" >/dev/null 2>&1 || true
    (do_up "$dir") || die "could not start the emulated switches"
    trap 'do_down "$dir" >/dev/null 2>&1 || true' EXIT
    trap 'exit 130' INT TERM
    rc=0
    RP_SWITCH_LAB_DIR=$dir "$@" || rc=$?
    exit $rc
    ;;
*) usage ;;
esac

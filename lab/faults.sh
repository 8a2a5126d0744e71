#!/bin/bash
# SPDX-License-Identifier: GPL-3.0-or-later
#
# faults.sh - the lab's fault planter: plants one fault on a running lab (lab.sh start) and writes down the
# truth, so a fabric check's verdicts can be scored against it; `clear` undoes it exactly.
#
# INTERFACE
#   faults.sh plant [--state-dir DIR] FAULT TARGET [VALUE]   plant; prints the truth as one JSON line
#   faults.sh clear [--state-dir DIR] [ID]                    undo fault ID (default: every planted fault,
#                                                             newest first)
#   faults.sh list  [--state-dir DIR]                         the truth lines of the faults in place
#
#   FAULT        TARGET            VALUE (default)   kind         element         what is done
#   port-down    GUEST             -                 host-nic     GUEST:rxe0/1    data0 down (rxe0 port 1 DOWN)
#   udp-drop     GUEST             -                 host-config  GUEST           UDP 4791 dropped at data0's
#                                                                                 ingress (tc clsact + u32)
#   mtu          GUEST             MTU (1000)        host-config  GUEST           data0 (and its VLAN) MTU set
#   vlan         GUEST             VID (3)           host-config  GUEST           data0.2 re-made with VLAN VID
#   gid-move     GUEST             -                 host-config  GUEST           data0's address re-added after a
#                                                                                 filler of another subnet: its
#                                                                                 GID index moves
#   busy         GUEST             LOOPS (4)         host-busy    GUEST           busy loops saturate its CPU
#   agent-stop   GUEST             -                 host-agent   GUEST           SIGSTOP to its rocepilot-probe
#   link-loss    LINK              PCT (100)         access-link  GUEST<->TOR     nft drops PCT % of the frames
#                                                    | uplink     TOR<->spine     both ways (bridge port)
#   link-slow    LINK              KBIT (256)        access-link  GUEST<->TOR     tbf rate limit (access link:
#                                                    | uplink     TOR<->spine     towards the guest; uplink:
#                                                                                 both ways)
#   link-delay   LINK              MS (50)           as above                     tc netem delay (needs sch_netem
#                                                                                 in the host kernel)
#   tor-down     TOR               -                 tor          TOR             the ToR bridge set down
#   GUEST: lab-a, lab-b, ...; TOR: tor1, tor2, ...; LINK: lab-b<->tor1 (a guest's access link) or tor1<->spine.
#   Link and ToR faults need a fabric (lab.sh start --hosts N > 2 or --racks R > 1); guest faults work on any lab.
#
#   Truth line: {"id":"f3","fault":"udp-drop","kind":"host-config","element":"lab-b","value":null,
#   "detail":"...","planted":"2026-01-01T00:00:00Z"}; also appended to DIR/faults/truth.jsonl (kept until stop).
#   Exit codes: 0 ok; 1 failed (the reason on stderr; a plant that failed half-way is undone); 2 usage;
#   3 the lab is not running.
set -Eeuo pipefail

DEFAULT_STATE=${RP_LAB_STATE:-${XDG_STATE_HOME:-${HOME:-/tmp}/.local/state}/rocepilot/lab}

die() {
    echo "faults.sh: $*" >&2
    exit 1
}
usage() {
    sed -n '/^# INTERFACE/,/^#   3 the lab/p' "$0" | sed 's/^# \{0,1\}//' >&2
    exit 2
}
usage_error() {
    echo "faults.sh: $*" >&2
    exit 2
}

# ------------------------------------------------------------------------------------------ the lab --

declare -A RACK=() TAP=() IP=() VIP=() VLAN=() UPLINK=()
GUESTS=()
NETNS=none
load_fabric() { # reads DIR/fabric.txt (written by lab.sh start)
    [[ -f $STATE/fabric.txt && -f $STATE/ssh_config ]] || {
        echo "faults.sh: no running lab in $STATE (lab.sh start --state-dir $STATE)" >&2
        exit 3
    }
    local w1 w2 w3 w4 w6 w8 w10 w12
    while read -r w1 w2 w3 w4 _ w6 _ w8 _ w10 _ w12; do
        case $w1 in
        netns) NETNS=$w2 ;;
        guest)
            [[ $w2 =~ ^lab-[a-z]$ && $w8 =~ ^[0-9.]+$ && $w10 =~ ^[0-9.]+$ && $w12 =~ ^[0-9]+$ ]] ||
                die "$STATE/fabric.txt: bad line '$w1 $w2 ...'"
            GUESTS+=("$w2")
            RACK[$w2]=$w4 TAP[$w2]=$w6 IP[$w2]=$w8 VIP[$w2]=$w10 VLAN[$w2]=$w12
            ;;
        uplink) UPLINK[$w2]=$w3 ;;
        esac
    done <"$STATE/fabric.txt"
    [[ $NETNS == none || $NETNS =~ ^rplab-[0-9a-f]+$ ]] || die "$STATE/fabric.txt: bad netns '$NETNS'"
}

# one SSH connection per guest, shared by every call for a minute (a new one costs a second or more under TCG);
# the master ends with its guest, and lab.sh stop removes the sockets
gssh() { ssh -F "$STATE/ssh_config" -o ControlMaster=auto -o "ControlPath=$STATE/cm-%n" -o ControlPersist=60 "$@"; }
ipn() { ip -n "$NETNS" "$@"; }
need_fabric() {
    [[ $NETNS != none ]] || usage_error "$1 needs a fabric (lab.sh start --hosts N --racks R); this lab is the pair"
    [[ -e /run/netns/$NETNS ]] || {
        echo "faults.sh: the fabric's network namespace $NETNS is gone (is the lab running?)" >&2
        exit 3
    }
}
is_guest() { [[ " ${GUESTS[*]} " == *" $1 "* ]]; }
check_guest() { is_guest "$1" || usage_error "no guest '$1' in this lab (${GUESTS[*]})"; }
check_int() { # NAME VALUE MIN MAX
    if ! [[ $2 =~ ^[0-9]{1,6}$ ]] || (($2 < $3 || $2 > $4)); then
        usage_error "$1 must be a number from $3 to $4, not '$2'"
    fi
}

# parse_link LINK -> LKIND (access-link|uplink), LELEM (canonical name), LIFS (devices in the netns: the first
# the tap / the ToR's veth end, the second the spine's end for an uplink)
parse_link() {
    local g t
    if [[ $1 =~ ^(lab-[a-z])\<-\>(tor[0-9]+)$ ]]; then
        g=${BASH_REMATCH[1]} t=${BASH_REMATCH[2]}
        check_guest "$g"
        [[ ${RACK[$g]} == "$t" ]] || usage_error "$g hangs off ${RACK[$g]}, not $t (its access link: $g<->${RACK[$g]})"
        LKIND=access-link LELEM="$g<->$t" LIFS=("${TAP[$g]}")
    elif [[ $1 =~ ^(tor[0-9]+)\<-\>spine$ ]]; then
        t=${BASH_REMATCH[1]}
        [[ -n ${UPLINK[$t]:-} ]] || usage_error "no ToR '$t' in this lab"
        LKIND=uplink LELEM="$t<->spine" LIFS=("${UPLINK[$t]}" "spine-$t")
    else
        usage_error "a link is GUEST<->TOR (e.g. lab-b<->tor1) or TOR<->spine (e.g. tor1<->spine), not '$1'"
    fi
}

# ------------------------------------------------------------------------------------ in the guests --

# Shell run in a guest before each fault's script: fail loudly, and a GID table dump (bash builtins, as in
# guest/gids.sh) to compare before and after.
GUEST_PRE='set -e; . /usr/lib/rp-lab/gids.sh'
guest_gids() { gssh "$1" ". /usr/lib/rp-lab/gids.sh; dump_gids rxe0"; }
# waits (in the guest) until rxe0 port 1 is ACTIVE and the GID of IPV4 exists
wait_port_script() { # IPV4
    printf '%s' "for i in \$(seq 1 100); do s=\$(cat /sys/class/infiniband/rxe0/ports/1/state); case \$s in *ACTIVE*) gid_index rxe0 $1 >/dev/null && break ;; esac; sleep 0.1; done; gid_index rxe0 $1 >/dev/null || { echo 'rxe0 port or the GID of $1 did not come back' >&2; exit 1; }"
}

# --------------------------------------------------------------------------------------------- plant --

# Each fault: plant_<fault> TARGET VALUE sets KIND, ELEMENT, DETAIL and writes the undo record (UNDO_*) that
# clear_<fault> reads back.
plant_port-down() {
    check_guest "$1"
    gssh "$1" "$GUEST_PRE; ip link set dev data0 down; for i in \$(seq 1 50); do case \$(cat /sys/class/infiniband/rxe0/ports/1/state) in *DOWN*) exit 0 ;; esac; sleep 0.1; done; echo 'rxe0 port 1 is not DOWN' >&2; exit 1"
    KIND=host-nic ELEMENT="$1:rxe0/1" DETAIL="data0 set down: rxe0 port 1 DOWN"
}
clear_port-down() { gssh "$1" "$GUEST_PRE; ip link set dev data0 up; ip link set dev data0.${VLAN[$1]} up 2>/dev/null || true; $(wait_port_script "${IP[$1]}")"; }

plant_udp-drop() {
    check_guest "$1"
    # On the receiver's ingress, never the sender's egress: a qdisc drop of rxe's own sends returns
    # NET_XMIT_DROP, rxe retries at once, forever, and the 6.1 guest soft-locks. VLAN frames are untagged before
    # the clsact ingress hook, so one filter on data0 covers data0.2 too.
    gssh "$1" "$GUEST_PRE; if tc qdisc show dev data0 | grep -q clsact; then echo 'data0 already has a clsact qdisc' >&2; exit 1; fi; tc qdisc add dev data0 clsact; tc filter add dev data0 ingress protocol ip prio 1 u32 match ip protocol 17 0xff match ip dport 4791 0xffff action drop"
    KIND=host-config ELEMENT=$1 DETAIL="UDP 4791 (RoCE v2) dropped at data0's ingress (tc clsact u32)"
}
clear_udp-drop() { gssh "$1" "tc qdisc del dev data0 clsact"; }

plant_mtu() {
    check_guest "$1"
    local mtu=${2:-1000}
    check_int MTU "$mtu" 576 9000
    local old
    old=$(gssh "$1" "cat /sys/class/net/data0/mtu /sys/class/net/data0.${VLAN[$1]}/mtu" | tr '\n' ' ')
    [[ $old =~ ^([0-9]+)\ ([0-9]+)\ $ ]] || die "$1: could not read data0's MTU ('$old')"
    UNDO_A=${BASH_REMATCH[1]} UNDO_B=${BASH_REMATCH[2]}
    gssh "$1" "$GUEST_PRE; ip link set dev data0 mtu $mtu; ip link set dev data0.${VLAN[$1]} mtu $mtu"
    KIND=host-config ELEMENT=$1 VALUE=$mtu DETAIL="data0 and data0.${VLAN[$1]} MTU $mtu (was $UNDO_A / $UNDO_B)"
}
clear_mtu() {
    [[ $UNDO_A =~ ^[0-9]+$ && $UNDO_B =~ ^[0-9]+$ ]] || die "bad undo record"
    # raising data0 does not raise its VLAN: both go back. The sends that were too big for the low MTU left
    # path-MTU exceptions (`ip route show cache`: "mtu 1000" towards each peer, 10 minutes): rxe's packets would
    # still be dropped at that size, so they go too.
    # An RC QP still retransmitting through a route it cached at the low MTU makes the exception again once:
    # flushed a second time a second later.
    gssh "$1" "$GUEST_PRE; ip link set dev data0 mtu $UNDO_A; ip link set dev data0.${VLAN[$1]} mtu $UNDO_B; ip -4 route flush cache; ip -6 route flush cache; sleep 1; ip -4 route flush cache; ip -6 route flush cache"
}

vlan_script() { # GUEST VID: data0.<lab VLAN> re-made with VID, its address and priority map as lab.sh makes it
    local d=data0.${VLAN[$1]}
    printf '%s' "$GUEST_PRE; ip link del dev $d; ip link add link data0 name $d type vlan id $2 egress-qos-map 0:3 3:3; ip addr add ${VIP[$1]}/24 dev $d; ip link set dev $d up; for i in \$(seq 1 100); do gid_index rxe0 ${VIP[$1]} >/dev/null && exit 0; sleep 0.1; done; echo 'no GID for ${VIP[$1]}' >&2; exit 1"
}
plant_vlan() {
    check_guest "$1"
    local vid=${2:-3}
    check_int VID "$vid" 1 4094
    ((vid != VLAN[$1])) || usage_error "VLAN $vid is the lab's own"
    gssh "$1" "$(vlan_script "$1" "$vid")"
    KIND=host-config ELEMENT=$1 VALUE=$vid
    DETAIL="data0.${VLAN[$1]} (${VIP[$1]}) re-made on VLAN $vid; its peers are on VLAN ${VLAN[$1]}"
}
clear_vlan() { gssh "$1" "$(vlan_script "$1" "${VLAN[$1]}")"; }

filler_ip() { # GUEST -> the address that takes the freed GID slot: 198.18.3.I on the VLAN netdev (another subnet
    # and another netdev: on the lab's one L2 segment an address of another subnet on data0 would still be reached,
    # on-link; rxe drops a packet whose destination GID belongs to another netdev than the one it came in on)
    echo "198.18.3.${IP[$1]##*.}"
}
plant_gid-move() {
    check_guest "$1"
    local ip=${IP[$1]} filler
    filler=$(filler_ip "$1")
    local out
    out=$(gssh "$1" "$GUEST_PRE; old=\$(gid_index rxe0 $ip); ip addr del $ip/24 dev data0; for i in \$(seq 1 50); do gid_index rxe0 $ip >/dev/null || break; sleep 0.1; done; ip addr add $filler/24 dev data0.${VLAN[$1]}; for i in \$(seq 1 50); do gid_index rxe0 $filler >/dev/null && break; sleep 0.1; done; ip addr add $ip/24 dev data0; $(wait_port_script "$ip"); echo \$old \$(gid_index rxe0 $ip) \$(gid_index rxe0 $filler)")
    [[ $out =~ ^([0-9]+)\ ([0-9]+)\ ([0-9]+)$ ]] || die "$1: gid-move: unexpected answer '$out'"
    KIND=host-config ELEMENT=$1
    DETAIL="the RoCE v2 GID of $ip moved from index ${BASH_REMATCH[1]} to ${BASH_REMATCH[2]}; index ${BASH_REMATCH[3]} is now $filler (data0.${VLAN[$1]}, another subnet)"
    UNDO_A=${BASH_REMATCH[1]}
}
clear_gid-move() {
    local ip=${IP[$1]} filler
    filler=$(filler_ip "$1")
    gssh "$1" "$GUEST_PRE; ip addr del $ip/24 dev data0; ip addr del $filler/24 dev data0.${VLAN[$1]}; for i in \$(seq 1 50); do gid_index rxe0 $ip >/dev/null || gid_index rxe0 $filler >/dev/null || break; sleep 0.1; done; ip addr add $ip/24 dev data0; $(wait_port_script "$ip")"
}

plant_busy() {
    check_guest "$1"
    local n=${2:-4} pids
    check_int LOOPS "$n" 1 64
    # N loops on the guest's one vCPU: a process that needs the CPU gets about 1/(N+1) of it
    pids=$(gssh "$1" "for i in \$(seq 1 $n); do setsid bash -c 'while :; do :; done' </dev/null >/dev/null 2>&1 & echo \$!; done" | tr '\n' ' ')
    pids=${pids% }
    [[ $pids =~ ^[0-9]+( [0-9]+)*$ ]] || die "$1: the busy loops did not start ('$pids')"
    UNDO_A=${pids// /,}
    KIND=host-busy ELEMENT=$1 VALUE=$n DETAIL="$n busy loops (pids $pids) saturate the guest's CPU"
}
clear_busy() {
    [[ $UNDO_A =~ ^[0-9,]+$ ]] || die "bad undo record"
    gssh "$1" "kill ${UNDO_A//,/ }"
}

plant_agent-stop() {
    check_guest "$1"
    local pids
    # By the kernel's name (comm, 15 characters): the fabric check runs it as .cache/rocepilot/rocepilot-probe-VERSION,
    # which pidof, matching the whole file name, does not see.
    # shellcheck disable=SC2016 # expanded by the guest's shell
    pids=$(gssh "$1" 'for p in /proc/[0-9]*; do [ "$(cat "$p/comm" 2>/dev/null)" = rocepilot-probe ] && echo "${p#/proc/}"; done | xargs echo')
    [[ -n $pids ]] || die "$1: no rocepilot-probe runs there (the agent is started by the fabric check)"
    [[ $pids =~ ^[0-9\ ]+$ ]] || die "$1: the probe's pids read '$pids'"
    gssh "$1" "kill -STOP $pids"
    UNDO_A=${pids// /,}
    KIND=host-agent ELEMENT=$1 DETAIL="rocepilot-probe (pid $pids) stopped with SIGSTOP"
}
clear_agent-stop() {
    [[ $UNDO_A =~ ^[0-9,]+$ ]] || die "bad undo record"
    gssh "$1" "kill -CONT ${UNDO_A//,/ } 2>/dev/null || true"
}

plant_link-loss() {
    need_fabric link-loss
    parse_link "$1"
    local pct=${2:-100} dev=${LIFS[0]}
    check_int PCT "$pct" 1 100
    # one chain per fault in the bridge family's forward hook: the tap (or the ToR's veth end) as the input or the
    # output port catches both directions
    local rule=drop
    ((pct == 100)) || rule="numgen random mod 100 < $pct drop"
    printf 'table bridge rp_fault {\n chain %s {\n  type filter hook forward priority 0; policy accept;\n  iifname "%s" %s\n  oifname "%s" %s\n }\n}\n' \
        "$ID" "$dev" "$rule" "$dev" "$rule" | ip netns exec "$NETNS" nft -f - || die "nft in $NETNS failed"
    KIND=$LKIND ELEMENT=$LELEM VALUE=$pct DETAIL="$pct % of the frames dropped both ways on $dev (nft, bridge forward)"
}
clear_link-loss() { ip netns exec "$NETNS" nft delete chain bridge rp_fault "$ID"; }

plant_link-slow() {
    need_fabric link-slow
    parse_link "$1"
    local kbit=${2:-256} dev
    check_int KBIT "$kbit" 8 1000000
    for dev in "${LIFS[@]}"; do
        ipn link show dev "$dev" >/dev/null || die "no $dev in $NETNS"
        ip netns exec "$NETNS" tc qdisc add dev "$dev" root tbf rate "${kbit}kbit" burst 4kb latency 500ms ||
            die "tc tbf on $dev failed"
    done
    KIND=$LKIND ELEMENT=$LELEM VALUE=$kbit
    DETAIL="rate limited to $kbit kbit/s (tbf) leaving ${LIFS[*]}"
}
clear_link-slow() {
    parse_link "$1"
    local dev
    for dev in "${LIFS[@]}"; do ip netns exec "$NETNS" tc qdisc del dev "$dev" root; done
}

plant_link-delay() {
    need_fabric link-delay
    parse_link "$1"
    local ms=${2:-50} dev out
    check_int MS "$ms" 1 10000
    for dev in "${LIFS[@]}"; do
        if ! out=$(ip netns exec "$NETNS" tc qdisc add dev "$dev" root netem delay "${ms}ms" 2>&1); then
            clear_link-delay "$1" 2>/dev/null || true
            if grep -qi 'unknown' <<<"$out"; then
                die "link-delay needs the netem qdisc, which this host's kernel lacks (CONFIG_NET_SCH_NETEM);" \
                    "link-slow and link-loss work without it ($out)"
            fi
            die "tc netem on $dev failed: $out"
        fi
    done
    KIND=$LKIND ELEMENT=$LELEM VALUE=$ms DETAIL="$ms ms delay (netem) leaving ${LIFS[*]}"
}
clear_link-delay() {
    parse_link "$1"
    local dev rc=0
    for dev in "${LIFS[@]}"; do ip netns exec "$NETNS" tc qdisc del dev "$dev" root 2>/dev/null || rc=1; done
    return $rc
}

plant_tor-down() {
    need_fabric tor-down
    [[ $1 =~ ^tor[0-9]+$ && -n ${UPLINK[$1]:-} ]] || usage_error "no ToR '$1' in this lab"
    ipn link set dev "$1" down
    KIND=tor ELEMENT=$1 DETAIL="the bridge $1 set down: it forwards nothing"
}
clear_tor-down() { ipn link set dev "$1" up; }

# ---------------------------------------------------------------------------------------------- main --

FAULTS_DIR=
next_id() {
    local n=0 f i
    for f in "$FAULTS_DIR"/f*.truth "$FAULTS_DIR"/.last; do
        [[ -e $f ]] || continue
        if [[ $f == */.last ]]; then i=$(<"$f"); else i=${f##*/f}; i=${i%.truth}; fi
        [[ $i =~ ^[0-9]+$ ]] && ((i > n)) && n=$i
    done
    echo $((n + 1))
}

do_plant() { # FAULT TARGET [VALUE]
    (($# >= 2 && $# <= 3)) || usage
    local fault=$1 target=$2 value=${3:-}
    declare -F "plant_$fault" >/dev/null || usage_error "unknown fault '$fault' (see faults.sh --help)"
    local n
    n=$(next_id)
    ID=f$n
    echo "$n" >"$FAULTS_DIR/.last"
    KIND='' ELEMENT='' DETAIL='' VALUE='' UNDO_A='' UNDO_B=''
    # a plant that fails half-way is undone (best effort) before the error goes out
    trap 'rc=$?; if ((rc == 1)); then "clear_$fault" "$target" >/dev/null 2>&1 || true; fi; exit $rc' EXIT
    "plant_$fault" "$target" ${value:+"$value"}
    trap - EXIT
    local planted v
    planted=$(date -u +%Y-%m-%dT%H:%M:%SZ)
    v=null
    [[ -n $VALUE ]] && v=$VALUE
    local truth
    truth=$(printf '{"id":"%s","fault":"%s","kind":"%s","element":"%s","value":%s,"detail":"%s","planted":"%s"}' \
        "$ID" "$fault" "$KIND" "$ELEMENT" "$v" "$DETAIL" "$planted")
    printf 'FAULT=%q\nTARGET=%q\nUNDO_A=%q\nUNDO_B=%q\n' "$fault" "$target" "$UNDO_A" "$UNDO_B" >"$FAULTS_DIR/$ID.undo"
    echo "$truth" >"$FAULTS_DIR/$ID.truth"
    echo "$truth" >>"$FAULTS_DIR/truth.jsonl"
    echo "$truth"
}

clear_one() { # ID
    local id=$1 FAULT TARGET
    [[ $id =~ ^f[0-9]+$ ]] || usage_error "a fault id is f<number>, not '$id'"
    [[ -f $FAULTS_DIR/$id.undo ]] || die "no fault $id is planted in $STATE"
    FAULT='' TARGET='' UNDO_A='' UNDO_B=''
    # shellcheck disable=SC1090
    . "$FAULTS_DIR/$id.undo"
    declare -F "clear_$FAULT" >/dev/null || die "$id: unknown fault '$FAULT' in its undo record"
    ID=$id
    "clear_$FAULT" "$TARGET" || die "$id: clearing $FAULT on $TARGET failed"
    rm -f "$FAULTS_DIR/$id.undo" "$FAULTS_DIR/$id.truth"
    echo "faults.sh: cleared $id ($FAULT $TARGET)" >&2
}

cmd=${1:-}
[[ -n $cmd ]] || usage
shift
state_arg=
args=()
while (($# > 0)); do
    case $1 in
    --state-dir) state_arg=${2:?--state-dir needs a directory}; shift 2 ;;
    --state-dir=*) state_arg=${1#*=}; shift ;;
    -h | --help) usage ;;
    --) shift; args+=("$@"); break ;;
    *) args+=("$1"); shift ;;
    esac
done
STATE=${state_arg:-$DEFAULT_STATE}
[[ -d $STATE ]] || {
    echo "faults.sh: $STATE: no such folder (no lab was started there)" >&2
    exit 3
}
STATE=$(cd "$STATE" && pwd)
case $cmd in
plant | clear | list) ;;
*) usage ;;
esac
load_fabric
FAULTS_DIR=$STATE/faults
mkdir -p "$FAULTS_DIR"
exec {FLOCK}>>"$FAULTS_DIR/.lock"
flock -w 120 "$FLOCK" || die "another faults.sh holds $FAULTS_DIR/.lock"
case $cmd in
plant) do_plant "${args[@]}" ;;
clear)
    if ((${#args[@]} == 1)); then
        clear_one "${args[0]}"
    elif ((${#args[@]} == 0)); then
        for n in $(for f in "$FAULTS_DIR"/f*.undo; do
            [[ -e $f ]] || continue
            f=${f##*/f}
            echo "${f%.undo}"
        done | sort -n -r); do
            clear_one "f$n"
        done
    else
        usage
    fi
    ;;
list) find "$FAULTS_DIR" -maxdepth 1 -name 'f*.truth' -exec cat {} + ;;
esac

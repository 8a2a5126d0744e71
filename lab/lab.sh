#!/bin/bash
# SPDX-License-Identifier: GPL-3.0-or-later
#
# lab.sh - the built-in Soft-RoCE lab: qemu guests (by default two, lab-a and lab-b) running Debian's own 6.1
# kernel (it has rdma_rxe and 8021q; the build machines' kernel has neither) on a small initramfs. They share a
# data network on which each has a real rxe device (rxe0), and each runs OpenSSH reachable on 127.0.0.1 only.
#
# INTERFACE (stable: `rocepilot-cli lab` and the GUI call this script)
#   lab.sh build                                   build the kernel + initramfs into the cache (or reuse it)
#   lab.sh start [--hosts N] [--racks R] [--inventory-out FILE] [--state-dir DIR]
#                                                  boot the guests (a running lab of that shape in DIR is reused)
#                                                  and write FILE (default DIR/inventory.yaml) + DIR/known_hosts.
#                                                  N 2..26 (default 2), R 1..N (default 1); anything but the
#                                                  default pair is a fabric (below) and needs root (else exit 2)
#   lab.sh status [--state-dir DIR]                running or not, per guest pid / port / ready (/ rack)
#   lab.sh stop [--state-dir DIR]                  stop the guests, remove sockets, pid files, keys, the fabric's
#                                                  network namespace (idempotent, also after a crash)
#   lab.sh push [--state-dir DIR] FILE...          copy host binaries + their ldd closure into every guest
#                                                  (/usr/local/bin/NAME); prints the guest paths
#   lab.sh ssh [--state-dir DIR] NAME [CMD...]     run CMD (or a shell) on guest NAME (lab-a, lab-b, ...)
#   Faults on a running lab: lab/faults.sh (plant, clear, list).
#
#   stdout of `start`: only lines "PROGRESS <percent 0-100> <message>", then "READY <inventory path>".
#   Everything else (log, reasons of failures) goes to stderr.
#   Exit codes: 0 ok; 1 failed, the reason on stderr; 2 usage error; 3 not running (status, push, ssh).
#   SIGINT/SIGTERM during `start` stops everything it started (cancel) and exits 130/143.
#
# Topology of the pair (per guest; lab-a / lab-b):
#   data0   virtio-net, qemu `-netdev dgram` over a pair of UDP sockets on 127.0.0.1 (no start order);
#           198.18.0.1/24 / 198.18.0.2/24; rxe0 on it (RoCE v2 GIDs: link-local, IPv4, and the VLAN's)
#   data0.2 VLAN 2, 198.18.2.1/24 / 198.18.2.2/24, egress-qos-map 0:3 3:3 (frames leave with PCP 3)
#   mgmt0   virtio-net, qemu user networking restrict=on (no way out), hostfwd 127.0.0.1:PORT -> 10.0.2.15:22
# Topology of a fabric (--hosts N --racks R): guests lab-a, lab-b, ... (the I-th: 198.18.0.I/24, VLAN 2
#   198.18.2.I/24, MAC 52:54:00:12:34:II); racks tor1..torR take consecutive blocks of them (6 in 2: lab-a..c on
#   tor1, lab-d..f on tor2). In the network namespace rplab-<hash of DIR> (nothing in the host's own): Linux
#   bridges torR and spine, a veth torR-up <-> spine-torR per rack (the uplink), a tap tap-NAME per guest on its
#   rack's bridge as its data0 (qemu stays in the host's namespace and gets the tap from taphelper.py, so mgmt0's
#   forward still listens on the host's 127.0.0.1). The inventory gives each host its `rack`; DIR/fabric.txt
#   lists guests, taps and uplinks for faults.sh.
#
# Environment:
#   RP_LAB_CACHE     image cache (default ${XDG_CACHE_HOME:-$HOME/.cache}/rocepilot/lab); the image is keyed by
#                    the kernel package, the guest files, IMAGE_VERSION below and the host package versions
#   RP_LAB_STATE     default state dir (default ${XDG_STATE_HOME:-$HOME/.local/state}/rocepilot/lab)
#   RP_LAB_ACCEL     auto (default: KVM only if /proc/cpuinfo shows vmx/svm and a probe boot works) | tcg | kvm
#   RP_LAB_MEM       guest RAM in MiB (256)        RP_LAB_TB_SIZE  TCG translation cache in MiB (64)
#   RP_LAB_BOOT_TIMEOUT  seconds until every guest must answer SSH (120)
#   RP_LAB_KPKG      pin the kernel package (default: what linux-image-amd64 depends on)
#   RP_LAB_KERNEL_DEB    use this linux-image-*.deb instead of `apt-get download`
#
# Needs (installer/deps.sh): qemu-system-x86 busybox-static cpio kmod openssh-server openssh-client iproute2
# ibverbs-utils ibverbs-providers perftest (copied in when present: ucx-utils libfabric-bin qperf rdmacm-utils),
# python3 (a fabric's tap helper), nftables (faults.sh); the pair runs as any user, a fabric as root; nothing
# touches the host's own network.
set -Eeuo pipefail
shopt -s nullglob

IMAGE_VERSION=6 # bump when the image layout changes in this script
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
GUEST_SRC=$HERE/guest
CACHE=${RP_LAB_CACHE:-${XDG_CACHE_HOME:-${HOME:-/tmp}/.cache}/rocepilot/lab}
DEFAULT_STATE=${RP_LAB_STATE:-${XDG_STATE_HOME:-${HOME:-/tmp}/.local/state}/rocepilot/lab}
MEM=${RP_LAB_MEM:-256}
TB_SIZE=${RP_LAB_TB_SIZE:-64}
BOOT_TIMEOUT=${RP_LAB_BOOT_TIMEOUT:-120}
VLAN_ID=2
MAX_HOSTS=26
# set_shape HOSTS RACKS: the guests lab-a, lab-b, ... (one letter each, in order), their data and VLAN addresses
# (198.18.0.I/24, 198.18.2.I/24 for the I-th), MACs, and rack: racks tor1..torR take consecutive blocks of guests
# (6 in 2 racks: lab-a..lab-c on tor1, lab-d..lab-f on tor2). FABRIC=1 (bridges in a netns, taps) unless it is the
# default pair (2 guests, 1 rack), which keeps its UDP socket pair.
set_shape() {
    HOSTS=$1 RACKS=$2
    FABRIC=0
    ((HOSTS > 2 || RACKS > 1)) && FABRIC=1
    GUESTS=()
    DATA_IP=() VLAN_IP=() MAC_IDX=() RACK_OF=()
    local i g letters=abcdefghijklmnopqrstuvwxyz
    for ((i = 1; i <= HOSTS; i++)); do
        g=lab-${letters:i-1:1}
        GUESTS+=("$g")
        DATA_IP[$g]=198.18.0.$i/24
        VLAN_IP[$g]=198.18.2.$i/24
        printf -v "MAC_IDX[$g]" '%02x' "$i"
        RACK_OF[$g]=tor$(((i - 1) * RACKS / HOSTS + 1))
    done
}
declare -a GUESTS=()
declare -A DATA_IP=() VLAN_IP=() MAC_IDX=() RACK_OF=()
set_shape 2 1
MODULES="crc32_generic crc32_pclmul virtio_pci virtio_net 8021q rdma_rxe ib_uverbs rdma_ucm"
# in the image but not loaded: tc loads them on demand (a test drops RoCE's UDP 4791 with a clsact u32 filter)
TC_MODULES="sch_ingress cls_u32 act_gact"

T0=${EPOCHREALTIME/./}
elapsed() { local t=${EPOCHREALTIME/./}; printf '%d.%01d' $(((t - T0) / 1000000)) $((((t - T0) % 1000000) / 100000)); }
log() { echo "lab.sh [$(elapsed)s] $*" >&2; }
die() {
    echo "lab.sh: $*" >&2
    exit 1
}
usage() {
    sed -n '/^# INTERFACE/,/^#   SIGINT/p' "$0" | sed 's/^# \{0,1\}//' >&2
    exit 2
}
progress() { echo "PROGRESS $1 ${*:2}"; }

# ------------------------------------------------------------------------------------------------ build --

resolve_kernel() { # sets KPKG, KVER, KDEB (path of the .deb, may not exist yet)
    if [[ -n ${RP_LAB_KERNEL_DEB:-} ]]; then
        [[ -f $RP_LAB_KERNEL_DEB ]] || die "RP_LAB_KERNEL_DEB=$RP_LAB_KERNEL_DEB: no such file"
        KDEB=$(readlink -f "$RP_LAB_KERNEL_DEB")
        KPKG=$(dpkg-deb -f "$KDEB" Package) || die "$KDEB is not a Debian package"
    else
        KPKG=${RP_LAB_KPKG:-}
        if [[ -z $KPKG ]]; then
            KPKG=$(apt-cache depends linux-image-amd64 2>/dev/null |
                awk '/Depends: linux-image-[0-9][^ ]*-amd64$/ {print $2; exit}') || true
        fi
        [[ -n $KPKG ]] || die "missing kernel package: 'apt-cache depends linux-image-amd64' names no" \
            "linux-image-6.1.0-*-amd64 (is a Debian 12 mirror in /etc/apt/sources.list? run apt-get update)," \
            "or set RP_LAB_KERNEL_DEB to a downloaded linux-image-*-amd64 .deb"
        KDEB=
        local f
        for f in "$CACHE/debs/${KPKG}_"*_amd64.deb; do KDEB=$f; done
    fi
    case $KPKG in
    *-cloud-amd64) die "$KPKG is the -cloud flavour: it has no rdma_rxe; use the generic linux-image-*-amd64" ;;
    linux-image-*-amd64) ;;
    *) die "'$KPKG' is not a linux-image-*-amd64 package" ;;
    esac
    KVER=${KPKG#linux-image-}
}

fetch_kernel() { # downloads KDEB if needed, unpacks it to $CACHE/kernel/$KVER (never installed on the host)
    if [[ -z $KDEB ]]; then
        mkdir -p "$CACHE/debs"
        local t=$SECONDS out
        log "downloading $KPKG (apt-get download)"
        if ! out=$(cd "$CACHE/debs" && apt-get download -q "$KPKG" 2>&1); then
            die "missing kernel package: 'apt-get download $KPKG' failed (no access to the Debian mirror?" \
                "try apt-get update):"$'\n'"$(grep -v unsandboxed <<<"$out" | tail -5)"
        fi
        for f in "$CACHE/debs/${KPKG}_"*_amd64.deb; do KDEB=$f; done
        [[ -n $KDEB ]] || die "apt-get download $KPKG produced no .deb in $CACHE/debs"
        log "downloaded $(basename "$KDEB") ($(du -m "$KDEB" | cut -f1) MB) in $((SECONDS - t)) s"
        # keep only this kernel's .deb
        for f in "$CACHE/debs/"*.deb; do [[ $f == "$KDEB" ]] || rm -f "$f"; done
    fi
    KTREE=$CACHE/kernel/$KVER
    if [[ ! -f $KTREE/.complete ]]; then
        local tmp=$CACHE/kernel/.tmp-$$
        CLEAN_PATHS+=("$tmp")
        rm -rf "$tmp" "$KTREE"
        mkdir -p "$tmp"
        log "unpacking $(basename "$KDEB") (dpkg-deb -x) and running depmod -b"
        dpkg-deb -x "$KDEB" "$tmp" || die "dpkg-deb -x $KDEB failed"
        [[ -f $tmp/boot/vmlinuz-$KVER ]] || die "$KDEB has no boot/vmlinuz-$KVER"
        depmod -b "$tmp" "$KVER" || die "depmod -b failed"
        touch "$tmp/.complete"
        mv "$tmp" "$KTREE"
        # other kernels' trees go
        local d
        for d in "$CACHE/kernel/"*; do [[ $d == "$KTREE" ]] || rm -rf "$d"; done
    fi
}

host_bin() { # NAME -> absolute path on the host, or empty
    local d
    for d in /usr/sbin /usr/bin /sbin /bin; do [[ -x $d/$1 ]] && { echo "$d/$1"; return 0; }; done
    return 0
}

guest_path() { # host path -> the path it gets in the merged-/usr guest
    case $1 in
    /lib/* | /lib64/* | /bin/* | /sbin/*) echo "/usr$1" ;;
    *) echo "$1" ;;
    esac
}

# ldd closure of the given files (absolute library paths, one a line, unsorted)
ldd_closure() {
    local f
    for f in "$@"; do
        if ldd "$f" 2>/dev/null | grep -q 'not found'; then
            die "$f needs libraries this host does not have: $(ldd "$f" | grep 'not found' | tr -s ' \t' ' ')"
        fi
        ldd "$f" 2>/dev/null | grep -o '/[^ ]*' || true
    done
}

put() { # HOSTFILE [GUESTPATH] : copy into $ROOT following symlinks
    local src=$1 dst=${2:-$(guest_path "$1")}
    [[ -e $src ]] || die "missing host file $src (install the package that has it: bash installer/deps.sh)"
    mkdir -p "$ROOT$(dirname "$dst")"
    cp -L "$src" "$ROOT$dst"
}

# vmlinuz -> vmlinux: the ELF inside the bzImage. qemu boots it through its PVH entry (CONFIG_PVH, Xen note
# PHYS32_ENTRY), which skips the kernel's self-decompression: about 3 s per boot under TCG.
extract_vmlinux() { # BZIMAGE OUT
    local off
    command -v xz >/dev/null && command -v readelf >/dev/null || return 1
    off=$(LC_ALL=C grep -obUaP '\xfd7zXZ\x00' "$1" | head -1 | cut -d: -f1) || return 1
    [[ -n $off ]] || return 1
    { tail -c+$((off + 1)) "$1" | xz -dcq >"$2"; } 2>/dev/null || true # trailing data after the stream: ignore
    [[ $(head -c4 "$2" | od -An -tx1 | tr -d ' ') == 7f454c46 ]] || return 1
    readelf -n "$2" 2>/dev/null | grep -qE 'Unknown note type: \(0x00000012\)|PHYS32_ENTRY' || return 1
}

image_inputs() { # everything the image depends on; its hash names the image
    echo "image-version=$IMAGE_VERSION kernel=$KPKG deb=$(basename "${KDEB:-none}") modules=$MODULES $TC_MODULES"
    (cd "$GUEST_SRC" && sha256sum -- *)
    dpkg-query -W -f='${Package}=${Version}\n' busybox-static openssh-server openssh-sftp-server openssh-client \
        ibverbs-utils ibverbs-providers libibverbs1 librdmacm1 perftest iproute2 libc6 bash dash grep rdma-core \
        python3-minimal libpython3.11-stdlib rdmacm-utils ucx-utils libucx0 libfabric-bin libfabric1 qperf \
        2>/dev/null || true
}

# Images of other inputs go, except the 3 used last: another checkout's lab.sh may share this cache (and a
# running lab's push needs its image's manifest).
prune_images() {
    local d n=0
    while IFS= read -r d; do
        n=$((n + 1))
        ((n > 3)) && [[ $d != "$IMAGE" ]] && rm -rf "$d"
    done < <(ls -1dt "$CACHE/images/"*/ 2>/dev/null | sed 's:/$::')
    return 0
}

build_image() { # sets IMAGE (dir with vmlinuz, initrd.cpio, manifest)
    local t0=$SECONDS
    resolve_kernel
    mkdir -p "$CACHE/images"
    exec {LOCKFD}>"$CACHE/.lock"
    flock -w 900 "$LOCKFD" || die "another lab.sh build holds $CACHE/.lock for 15 minutes"
    if [[ -z $KDEB ]] && [[ ${1:-} == progress ]]; then progress 10 "downloading kernel $KPKG"; fi
    fetch_kernel
    local key
    key=$(image_inputs | sha256sum | cut -c1-16)
    IMAGE=$CACHE/images/$KVER-$key
    if [[ -f $IMAGE/.complete ]]; then
        touch "$IMAGE"
        exec {LOCKFD}>&-
        return 0
    fi
    [[ ${1:-} == progress ]] && progress 20 "building initramfs"
    local tb=$SECONDS
    local tmp=$CACHE/images/.tmp-$$
    CLEAN_PATHS+=("$tmp")
    rm -rf "$tmp"
    ROOT=$tmp/root
    mkdir -p "$ROOT"/{usr/bin,usr/sbin,usr/lib64,usr/local/bin,usr/local/sbin,etc/ssh,proc,sys,dev,run,tmp,var/log}
    mkdir -p "$ROOT"/{var/empty,root/.ssh,mnt} "$ROOT/usr/lib/x86_64-linux-gnu"
    chmod 1777 "$ROOT/tmp"
    chmod 700 "$ROOT/root/.ssh"
    ln -s usr/bin "$ROOT/bin"
    ln -s usr/sbin "$ROOT/sbin"
    ln -s usr/lib "$ROOT/lib"
    ln -s usr/lib64 "$ROOT/lib64"
    ln -s ../run "$ROOT/var/run"

    # userland: dash as /bin/sh and bash (root's shell), GNU grep (the collector's grep -r), iproute2 (ip,
    # rdma, dcb, tc), rdma-core and verbs tools, perftest, OpenSSH server side
    local -a bins=()
    local b p
    for b in dash bash grep ip rdma dcb tc ibv_devinfo ibv_devices ibv_rc_pingpong ibv_ud_pingpong \
        ibv_asyncwatch rdma-ndd ib_send_lat ib_send_bw ib_write_lat ib_write_bw ib_read_lat ib_read_bw \
        ib_atomic_lat ib_atomic_bw rping ucmatose udaddy rdma_client rdma_server scp \
        ucx_perftest ucx_info fi_pingpong fi_info qperf; do
        p=$(host_bin "$b")
        case $b in
        rping | ucmatose | udaddy | rdma_client | rdma_server | ibv_asyncwatch | rdma-ndd | ucx_* | fi_* | qperf)
            [[ -n $p ]] || continue ;; # optional (rdmacm-utils, rdma-core, ucx-utils, libfabric-bin, qperf)
        esac
        [[ -n $p ]] || die "missing host binary '$b' (run bash installer/deps.sh)"
        bins+=("$p")
    done
    bins+=(/usr/sbin/sshd /usr/lib/openssh/sftp-server)
    # python3 (the interpreter and its standard library without tests, caches and GUI parts, about 14 MB): the
    # modules of an exported Ansible playbook run on the target with it
    local py
    py=$(readlink -f /usr/bin/python3)
    [[ -x $py ]] || die "missing /usr/bin/python3 (bash installer/deps.sh)"
    bins+=("$py")
    [[ -x /usr/lib/openssh/sshd-session ]] && bins+=(/usr/lib/openssh/sshd-session) # OpenSSH >= 9.8
    local rxe=/usr/lib/x86_64-linux-gnu/libibverbs/librxe-rdmav34.so
    local gcc_s=/usr/lib/x86_64-linux-gnu/libgcc_s.so.1 # glibc dlopens it (pthread_cancel); ldd does not list it
    [[ -e $rxe ]] || die "missing $rxe (apt-get install ibverbs-providers)"
    [[ -e /etc/libibverbs.d/rxe.driver ]] || die "missing /etc/libibverbs.d/rxe.driver (ibverbs-providers)"
    [[ -x /bin/busybox ]] && busybox --list-full >/dev/null 2>&1 && ldd /bin/busybox >/dev/null 2>&1 &&
        die "/bin/busybox is dynamically linked: the lab needs busybox-static"
    [[ -x /bin/busybox ]] || die "missing /bin/busybox (apt-get install busybox-static)"
    # UCX's transports are modules it dlopens from <libucs dir>/ucx (ldd does not list them): the verbs ones
    # only (ib: rc/ud/dc_verbs, rdmacm: its connection manager); tcp, self and shared memory are in libuct itself
    local -a mods=()
    if [[ -n $(host_bin ucx_perftest) ]]; then
        for p in /usr/lib/x86_64-linux-gnu/ucx/libuct_ib.so.0 /usr/lib/x86_64-linux-gnu/ucx/libuct_rdmacm.so.0; do
            [[ -e $p ]] && mods+=("$p")
        done
    fi
    for p in "${bins[@]}" "$rxe" "$gcc_s" "${mods[@]}"; do put "$p"; done
    local lib
    while IFS= read -r lib; do
        p=$(guest_path "$lib")
        [[ -e $ROOT$p ]] || put "$lib" "$p"
    done < <(ldd_closure "${bins[@]}" "$rxe" "${mods[@]}" | sort -u)
    ln -sf "$(basename "$py")" "$ROOT/usr/bin/python3"
    tar -C /usr/lib -cf - --exclude=test --exclude=__pycache__ --exclude=idlelib --exclude=tkinter \
        --exclude=ensurepip --exclude=lib2to3 --exclude=pydoc_data --exclude='config-*' --exclude=turtledemo \
        --exclude=site-packages --exclude=dist-packages "$(basename "$py")" | tar -C "$ROOT/usr/lib" -xf - ||
        die "copying the python standard library failed"
    mkdir -p "$ROOT/etc/libibverbs.d"
    cp /etc/libibverbs.d/rxe.driver "$ROOT/etc/libibverbs.d/"
    [[ -d /etc/iproute2 ]] && cp -r /etc/iproute2 "$ROOT/etc/"
    ln -sf dash "$ROOT/usr/bin/sh"

    # busybox for everything else: an applet is linked only where no real program lies
    cp /bin/busybox "$ROOT/usr/bin/busybox"
    local a name
    while IFS= read -r a; do
        name=${a##*/}
        [[ -e $ROOT/usr/bin/$name || -e $ROOT/usr/sbin/$name || -L $ROOT/usr/bin/$name ]] && continue
        case $a in
        sbin/* | usr/sbin/*) ln -s ../bin/busybox "$ROOT/usr/sbin/$name" ;;
        *) ln -s busybox "$ROOT/usr/bin/$name" ;;
        esac
    done < <(/bin/busybox --list-full)

    # kernel modules: just the ones the lab loads and what they depend on
    local kmod=$KTREE/lib/modules/$KVER mdst=$ROOT/usr/lib/modules/$KVER m ko rel
    mkdir -p "$mdst"
    for m in $MODULES $TC_MODULES; do
        modprobe -d "$KTREE" -S "$KVER" --show-depends "$m" 2>/dev/null | awk '$1 == "insmod" {print $2}' ||
            die "kernel $KVER has no module $m"
    done | sort -u | while IFS= read -r ko; do
        rel=${ko#"$kmod"/}
        mkdir -p "$mdst/$(dirname "$rel")"
        cp "$ko" "$mdst/$rel"
    done
    [[ -n $(find "$mdst" -name 'rdma_rxe.ko*') ]] || die "kernel $KVER has no rdma_rxe module (the -cloud flavour?)"
    cp "$kmod"/modules.order "$kmod"/modules.builtin "$kmod"/modules.builtin.modinfo "$mdst/"
    depmod -b "$ROOT" "$KVER"

    # accounts, config, the guest's own scripts
    cat >"$ROOT/etc/passwd" <<'EOF'
root:x:0:0:root:/root:/bin/bash
sshd:x:100:65534::/run/sshd:/usr/sbin/nologin
nobody:x:65534:65534:nobody:/nonexistent:/usr/sbin/nologin
EOF
    printf 'root:x:0:\nnogroup:x:65534:\n' >"$ROOT/etc/group"
    printf 'passwd: files\ngroup: files\nshadow: files\nhosts: files\n' >"$ROOT/etc/nsswitch.conf"
    cat >"$ROOT/etc/os-release" <<EOF
PRETTY_NAME="RoCE Pilot Soft-RoCE lab (Debian 12 kernel $KVER)"
NAME="RoCE Pilot Soft-RoCE lab"
VERSION_ID="12"
ID=rocepilot-lab
ID_LIKE=debian
EOF
    printf 'export PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin\n' >"$ROOT/etc/profile"
    cp "$GUEST_SRC/sshd_config" "$ROOT/etc/ssh/sshd_config"
    cp "$GUEST_SRC/init" "$ROOT/init"
    chmod 755 "$ROOT/init"
    mkdir -p "$ROOT/usr/lib/rp-lab"
    cp "$GUEST_SRC/gids.sh" "$ROOT/usr/lib/rp-lab/"
    cp "$GUEST_SRC/show_gids" "$ROOT/usr/local/bin/show_gids"
    chmod 755 "$ROOT/usr/local/bin/show_gids"
    image_inputs >"$tmp/inputs.txt"

    (cd "$ROOT" && find . | LC_ALL=C sort >"$tmp/manifest" && find . | LC_ALL=C sort | cpio -o -H newc --quiet -R 0:0) \
        >"$tmp/initrd.cpio"
    cp "$KTREE/boot/vmlinuz-$KVER" "$tmp/vmlinuz"
    if extract_vmlinux "$tmp/vmlinuz" "$tmp/vmlinux"; then
        log "kernel: uncompressed vmlinux with a PVH entry (saves the ~3 s decompression under TCG)"
    else
        rm -f "$tmp/vmlinux"
        log "kernel: no PVH-bootable vmlinux could be extracted; booting the bzImage"
    fi
    echo "$KVER" >"$tmp/kver"
    rm -rf "$ROOT"
    touch "$tmp/.complete"
    rm -rf "$IMAGE"
    mv "$tmp" "$IMAGE"
    prune_images
    log "initramfs $(du -m "$IMAGE/initrd.cpio" | cut -f1) MB ($(wc -l <"$IMAGE/manifest") entries) built in" \
        "$((SECONDS - tb)) s; build total $((SECONDS - t0)) s; image $IMAGE"
    exec {LOCKFD}>&-
}

# ------------------------------------------------------------------------------------------- state dir --

set_state() { # DIR; also names the fabric's network namespace after it (one per state dir, so stop finds it
    # even when lab.env is gone)
    STATE=${1:-$DEFAULT_STATE}
    mkdir -p "$STATE"
    STATE=$(cd "$STATE" && pwd)
    LAB_NETNS=rplab-$(printf '%s' "$STATE" | sha256sum | cut -c1-12)
}

lock_state() { # one start/stop at a time per state dir (qemu must not inherit the fd: see start_guest)
    exec {SLOCK}>>"$STATE/.lock"
    flock -w 600 "$SLOCK" || die "another lab.sh start/stop holds $STATE/.lock"
}

load_env() { # reads $STATE/lab.env if there is one; sets INVENTORY, PORT_*, DPORT_*, ACCEL_DESC and the shape
    # (LAB_HOSTS, LAB_RACKS -> GUESTS...; a lab.env without them is the pair)
    local v
    for v in "${!PORT_lab_@}"; do unset "$v"; done
    INVENTORY='' ACCEL_DESC='' DPORT_lab_a='' DPORT_lab_b='' LAB_HOSTS=2 LAB_RACKS=1
    # shellcheck disable=SC1091
    [[ -f $STATE/lab.env ]] && . "$STATE/lab.env"
    [[ $LAB_HOSTS =~ ^[0-9]+$ && $LAB_RACKS =~ ^[0-9]+$ ]] || die "$STATE/lab.env: bad LAB_HOSTS/LAB_RACKS"
    set_shape "$LAB_HOSTS" "$LAB_RACKS"
    return 0
}

save_env() {
    local g
    {
        printf 'INVENTORY=%q\nACCEL_DESC=%q\n' "$INVENTORY" "$ACCEL_DESC"
        printf 'PORT_lab_a=%q\nPORT_lab_b=%q\nIMAGE=%q\n' "${PORT_lab_a:-}" "${PORT_lab_b:-}" "${IMAGE:-}"
        printf 'DPORT_lab_a=%q\nDPORT_lab_b=%q\n' "${DPORT_lab_a:-}" "${DPORT_lab_b:-}"
        printf 'LAB_HOSTS=%q\nLAB_RACKS=%q\n' "$HOSTS" "$RACKS"
        for g in "${GUESTS[@]:2}"; do printf 'PORT_%s=%q\n' "${g//-/_}" "$(port_of "$g")"; done
    } >"$STATE/lab.env.tmp"
    mv "$STATE/lab.env.tmp" "$STATE/lab.env"
}

port_of() { local v=PORT_${1/-/_}; echo "${!v:-}"; }

guest_pid() { # NAME -> pid of its qemu if it runs (and really is ours), else empty
    local f=$STATE/$1.pid pid
    [[ -f $f ]] || return 0
    pid=$(<"$f") || return 0
    [[ $pid =~ ^[0-9]+$ ]] || return 0
    [[ -r /proc/$pid/cmdline ]] || return 0
    # a recycled pid is not ours: our qemu names its pid file on its command line
    tr '\0' ' ' <"/proc/$pid/cmdline" | grep -qF -- "$STATE/$1.pid" || return 0
    echo "$pid"
}

banner() { # PORT [WAIT_S] -> 0 when an "SSH-" banner is read (slirp accepts TCP at once: a connect proves nothing)
    local l rc fd
    { exec {fd}<>"/dev/tcp/127.0.0.1/$1"; } 2>/dev/null || return 1
    IFS= read -r -t "${2:-0.5}" l <&"$fd"
    rc=$?
    exec {fd}>&-
    [[ $rc == 0 && $l == SSH-* ]]
}

ssh_opts() { # common OpenSSH client options for the lab
    SSH_OPTS=(-F /dev/null -o User=root -o "IdentityFile=$STATE/id_ed25519" -o IdentitiesOnly=yes
        -o "UserKnownHostsFile=$STATE/known_hosts" -o GlobalKnownHostsFile=/dev/null
        -o StrictHostKeyChecking=yes -o CheckHostIP=no -o UpdateHostKeys=no -o BatchMode=yes
        -o ConnectTimeout=15 -o LogLevel=ERROR -o ServerAliveInterval=10 -o ServerAliveCountMax=6)
}

write_client_files() { # known_hosts, ssh_config, inventory (all atomically)
    local g port
    {
        for g in "${GUESTS[@]}"; do
            echo "[127.0.0.1]:$(port_of "$g") $(cut -d' ' -f1,2 "$STATE/keys/host_$g.pub")"
        done
    } >"$STATE/known_hosts.tmp"
    mv "$STATE/known_hosts.tmp" "$STATE/known_hosts"
    {
        for g in "${GUESTS[@]}"; do
            cat <<EOF
Host $g
  HostName 127.0.0.1
  Port $(port_of "$g")
  User root
  IdentityFile $STATE/id_ed25519
  IdentitiesOnly yes
  UserKnownHostsFile $STATE/known_hosts
  GlobalKnownHostsFile /dev/null
  StrictHostKeyChecking yes
  CheckHostIP no
  UpdateHostKeys no
  BatchMode yes
  ConnectTimeout 15
  LogLevel ERROR
EOF
        done
    } >"$STATE/ssh_config.tmp"
    mv "$STATE/ssh_config.tmp" "$STATE/ssh_config"
    mkdir -p "$(dirname "$INVENTORY")"
    {
        echo "# RoCE Pilot built-in Soft-RoCE lab ($HERE/lab.sh, state $STATE)"
        echo "version: 1"
        echo "known_hosts: $STATE/known_hosts"
        echo "hosts:"
        for g in "${GUESTS[@]}"; do
            port=$(port_of "$g")
            printf '  - name: %s\n    address: 127.0.0.1\n    port: %s\n    user: root\n' "$g" "$port"
            printf '    auth: key\n    key_file: %s\n    kind: linux\n' "$STATE/id_ed25519"
            printf '    data_address: %s\n' "${DATA_IP[$g]%/*}" # tests run over data0, not the SSH forward
            if ((FABRIC)); then printf '    rack: %s\n' "${RACK_OF[$g]}"; fi
        done
    } >"$INVENTORY.tmp.$$"
    mv "$INVENTORY.tmp.$$" "$INVENTORY"
    write_fabric_map
}

# $STATE/fabric.txt: what lab/faults.sh plants faults on, one element a line:
#   netns NAME | none
#   guest NAME rack TOR|none tap TAP|none ip A.B.C.D vip A.B.C.D vlan ID
#   uplink TOR VETH   (VETH: the ToR's end of the veth to the spine)
write_fabric_map() {
    local g r
    {
        if ((FABRIC)); then echo "netns $LAB_NETNS"; else echo "netns none"; fi
        for g in "${GUESTS[@]}"; do
            if ((FABRIC)); then
                echo "guest $g rack ${RACK_OF[$g]} tap tap-$g ip ${DATA_IP[$g]%/*} vip ${VLAN_IP[$g]%/*} vlan $VLAN_ID"
            else
                echo "guest $g rack none tap none ip ${DATA_IP[$g]%/*} vip ${VLAN_IP[$g]%/*} vlan $VLAN_ID"
            fi
        done
        if ((FABRIC)); then
            for ((r = 1; r <= RACKS; r++)); do echo "uplink tor$r tor$r-up"; done
        fi
    } >"$STATE/fabric.txt.tmp"
    mv "$STATE/fabric.txt.tmp" "$STATE/fabric.txt"
}

# ------------------------------------------------------------------------------------------- fabric --

# The fabric (FABRIC=1) lives in the network namespace $LAB_NETNS, named after the state dir: a bridge "spine",
# one bridge per rack "torR" joined to it by a veth "torR-up" (the ToR's end) <-> "spine-torR" (the uplink), and
# per guest a tap "tap-NAME" on its rack's bridge (taphelper.py creates it there for qemu). Nothing of it is in the
# host's own namespace; deleting the namespace removes it all.
ipn() { ip -n "$LAB_NETNS" "$@"; }

fabric_up() {
    local r
    ip netns add "$LAB_NETNS" || die "ip netns add $LAB_NETNS failed"
    # the bridges' own IPv6 stack (link-local addresses, router and MLD solicitations) stays out of the fabric
    ip netns exec "$LAB_NETNS" sysctl -qw net.ipv6.conf.all.disable_ipv6=1 net.ipv6.conf.default.disable_ipv6=1 ||
        die "sysctl in $LAB_NETNS failed"
    ipn link set lo up || die "lo in $LAB_NETNS"
    ipn link add spine type bridge stp_state 0 || die "bridge spine in $LAB_NETNS"
    ipn link set spine up
    for ((r = 1; r <= RACKS; r++)); do
        ipn link add "tor$r" type bridge stp_state 0 || die "bridge tor$r in $LAB_NETNS"
        ipn link set "tor$r" up
        ipn link add "tor$r-up" type veth peer name "spine-tor$r" || die "veth tor$r-up in $LAB_NETNS"
        ipn link set "tor$r-up" master "tor$r" up
        ipn link set "spine-tor$r" master spine up
    done
    log "fabric: netns $LAB_NETNS, spine + $RACKS ToR bridge(s)"
}

fabric_down() { # idempotent; the taps went with their qemu processes
    [[ -e /run/netns/$LAB_NETNS ]] || return 0
    ip netns del "$LAB_NETNS" 2>/dev/null || log "could not delete the network namespace $LAB_NETNS (not root?)"
}

# --------------------------------------------------------------------------------------------- stop --

stop_guests() { # every guest's qemu (SIGTERM, SIGKILL after 5 s) and its pid file: the guests of the shape and
    # any other lab-*.pid left in the state dir (a start that crashed before writing lab.env)
    local g pid f
    local -a names=("${GUESTS[@]}")
    for f in "$STATE"/lab-*.pid; do
        g=${f##*/}
        g=${g%.pid}
        [[ " ${names[*]} " == *" $g "* ]] || names+=("$g")
    done
    # the pids are taken before the first signal: qemu removes its pid file as it exits, and a guest whose file
    # is gone while its process still shuts down must still be waited for (else stop returned with qemu alive)
    local -A qpids=()
    for g in "${names[@]}"; do
        pid=$(guest_pid "$g")
        [[ -n $pid ]] || continue
        qpids[$g]=$pid
        kill -TERM "$pid" 2>/dev/null || true
    done
    for g in "${names[@]}"; do
        pid=${qpids[$g]:-}
        if [[ -n $pid ]]; then
            local i
            for ((i = 0; i < 50; i++)); do
                qemu_alive "$pid" || break
                sleep 0.1
            done
            if qemu_alive "$pid"; then
                log "$g: qemu pid $pid ignored SIGTERM for 5 s: SIGKILL"
                kill -KILL "$pid" 2>/dev/null || true
                for ((i = 0; i < 20; i++)); do
                    qemu_alive "$pid" || break
                    sleep 0.1
                done
            fi
        fi
        rm -f "$STATE/$g.pid"
    done
}

qemu_alive() { # PID: still our qemu (a recycled pid is not: its command line names this state dir)
    [[ -r /proc/$1/cmdline ]] && tr '\0' ' ' <"/proc/$1/cmdline" 2>/dev/null | grep -qF -- "$STATE/"
}

stop_lab() { # everything a start left: qemu processes, pid files, keys, client files
    local g
    stop_guests
    load_env
    for g in "${GUESTS[@]}"; do
        # .sock: a data socket of labs before the UDP link
        rm -f "$STATE/$g.sock" "$STATE/$g.initrd" "$STATE/$g.ready" "$STATE/$g.qemu.log"
    done
    if [[ -n $INVENTORY && -f $INVENTORY ]] && grep -q "^# RoCE Pilot built-in Soft-RoCE lab" "$INVENTORY"; then
        rm -f "$INVENTORY"
    fi
    rm -f "$STATE/"lab-*.initrd "$STATE/"lab-*.ready "$STATE/"lab-*.ssh.err # .ssh.err: a start killed while booting
    fabric_down
    rm -rf "$STATE/keys" "$STATE/overlay" "$STATE/faults"
    rm -f "$STATE/id_ed25519" "$STATE/id_ed25519.pub" "$STATE/known_hosts" "$STATE/ssh_config" "$STATE/lab.env" \
        "$STATE/fabric.txt" "$STATE/cm-"*
    return 0
}

# ------------------------------------------------------------------------------------------- status --

lab_status() { # prints the status; returns 0 running, 3 stopped, 1 degraded
    load_env
    local g pid port ready alive=0 ok=0
    local -a lines=()
    for g in "${GUESTS[@]}"; do
        pid=$(guest_pid "$g")
        port=$(port_of "$g")
        ready=no
        if [[ -n $pid ]]; then
            alive=$((alive + 1))
            # a running guest on 2 busy cores can take seconds to answer; boot loops poll, status waits
            if [[ -n $port ]] && banner "$port" 5; then
                ready=yes
                ok=$((ok + 1))
            fi
        fi
        if ((FABRIC)); then
            lines+=("guest $g pid ${pid:-none} ssh 127.0.0.1:${port:-none} ready $ready rack ${RACK_OF[$g]}")
        else
            lines+=("guest $g pid ${pid:-none} ssh 127.0.0.1:${port:-none} ready $ready")
        fi
    done
    # the fabric's namespace is part of a running fabric lab
    if ((FABRIC)) && [[ ! -e /run/netns/$LAB_NETNS ]]; then
        ok=0
        lines+=("fabric netns $LAB_NETNS missing")
    elif ((FABRIC)); then
        lines+=("fabric netns $LAB_NETNS hosts $HOSTS racks $RACKS")
    fi
    if ((ok == ${#GUESTS[@]})); then
        echo "running"
    elif ((alive == 0)); then
        echo "stopped"
    else
        echo "degraded"
    fi
    echo "state-dir $STATE"
    printf '%s\n' "${lines[@]}"
    if ((alive > 0)); then
        echo "inventory ${INVENTORY:-none}"
        echo "accel ${ACCEL_DESC:-unknown}"
    fi
    ((ok == ${#GUESTS[@]})) && return 0
    ((alive == 0)) && return 3
    return 1
}

# -------------------------------------------------------------------------------------------- start --

kernel_file() { if [[ -f $IMAGE/vmlinux ]]; then echo "$IMAGE/vmlinux"; else echo "$IMAGE/vmlinuz"; fi; }

pick_accel() { # sets ACCEL_ARGS, ACCEL_DESC
    local want=${RP_LAB_ACCEL:-auto}
    ACCEL_ARGS=(-accel "tcg,tb-size=$TB_SIZE" -cpu max)
    ACCEL_DESC="tcg (emulation, tb-size=${TB_SIZE} MiB)"
    case $want in
    tcg) return 0 ;;
    kvm | auto) ;;
    *) die "RP_LAB_ACCEL must be auto, tcg or kvm, not '$want'" ;;
    esac
    local why=
    if ! grep -qw -E 'vmx|svm' /proc/cpuinfo; then
        why="no vmx/svm in /proc/cpuinfo"
    elif [[ ! -r /dev/kvm || ! -w /dev/kvm ]]; then
        why="/dev/kvm not usable by $(id -un)"
    else
        # a probe boot to the guest's /init with a short timeout: some /dev/kvm backends abort or hang
        if timeout -k 2 20 qemu-system-x86_64 -accel kvm -cpu host -m "$MEM" -nodefaults -no-user-config \
            -display none -serial stdio -no-reboot -kernel "$(kernel_file)" -initrd "$IMAGE/initrd.cpio" \
            -append "console=ttyS0 panic=-1 quiet rp.mode=probe" </dev/null 2>&1 | grep -q 'RPLAB: probe ok'; then
            ACCEL_ARGS=(-accel kvm -cpu host)
            ACCEL_DESC=kvm
            return 0
        fi
        why="the KVM probe boot did not reach /init within 20 s"
    fi
    [[ $want == kvm ]] && die "RP_LAB_ACCEL=kvm but KVM is not usable: $why"
    log "no KVM ($why): using TCG emulation"
}

free_port() { # tcp|udp: a port nobody has bound and none this start has picked (qemu exits at once if the port
    # is taken meanwhile; start retries then)
    local used p i
    used=$(ss -Hn"${1:0:1}"a 2>/dev/null | awk '{n = split($4, a, ":"); print a[n]}' | sort -u)
    for ((i = 0; i < 200; i++)); do
        p=$((20000 + (RANDOM * 32768 + RANDOM) % 40000))
        grep -qx "$p" <<<"$used" || [[ " $(picked_ports) " == *" $p "* ]] || { echo "$p" && return 0; }
    done
    die "no free ${1^^} port found on 127.0.0.1"
}

picked_ports() { # the ports this start has picked so far
    local g
    for g in "${GUESTS[@]}"; do printf '%s ' "$(port_of "$g")"; done
    printf '%s %s' "${DPORT_lab_a:-}" "${DPORT_lab_b:-}"
}

make_keys() {
    rm -rf "$STATE/keys" "$STATE/overlay"
    mkdir -p "$STATE/keys"
    chmod 700 "$STATE/keys"
    rm -f "$STATE/id_ed25519" "$STATE/id_ed25519.pub"
    ssh-keygen -q -t ed25519 -N '' -C rocepilot-lab-client -f "$STATE/id_ed25519"
    local g ov
    for g in "${GUESTS[@]}"; do
        ssh-keygen -q -t ed25519 -N '' -C "root@$g" -f "$STATE/keys/host_$g"
        # per-guest overlay: its host key, root's authorized_keys, hostname (a 2nd cpio member after the image)
        ov=$STATE/overlay/$g
        mkdir -p "$ov/etc/ssh" "$ov/root/.ssh"
        cp "$STATE/keys/host_$g" "$ov/etc/ssh/ssh_host_ed25519_key"
        cp "$STATE/keys/host_$g.pub" "$ov/etc/ssh/ssh_host_ed25519_key.pub"
        chmod 600 "$ov/etc/ssh/ssh_host_ed25519_key"
        cp "$STATE/id_ed25519.pub" "$ov/root/.ssh/authorized_keys"
        chmod 700 "$ov/root/.ssh"
        chmod 600 "$ov/root/.ssh/authorized_keys"
        echo "$g" >"$ov/etc/hostname"
        { cat "$IMAGE/initrd.cpio" && (cd "$ov" && find . | cpio -o -H newc --quiet -R 0:0); } >"$STATE/$g.initrd"
    done
    rm -rf "$STATE/overlay"
}

# data0 is a pair of UDP sockets on 127.0.0.1, each guest's qemu bound to its own port and sending to the
# other's. A unix datagram pair (one socket per guest) killed the link for good under rdma_lab.sh's blasts
# (3 of 18 runs here, and CI at d0ab96d): its receiver holds 10 datagrams (net.unix.max_dgram_qlen), 12 % of
# qemu's sends got EAGAIN and went through its asynchronous completion, and at some point qemu 7.2 had taken
# every buffer of the guest's TX ring it had seen (none in use) while the guest had published 215 more and
# waited for a notification request that never came (`info virtio-queue-status`); neither side recovers.
# x-txburst=1000000 did not help (1 stall in 13 runs). UDP never pushes back (a full receiver drops, as a real
# link does, and RoCE retransmits): 0 failed sends, and 31 of 31 rdma_lab runs under the same load kept the
# link, at the same speed (93-109 s a run, as before).
start_guest() { # NAME: starts its qemu (daemonized; pid file); retries on a taken port. Returns 2 when lab-b's
    # data port was taken meanwhile: lab-a already sends to it, so the caller starts both again.
    local g=$1 peer=lab-a idx=${MAC_IDX[$1]} out port dport dpeer
    local -a data_net
    [[ $g == lab-a ]] && peer=lab-b
    for _ in 1 2 3 4 5; do
        port=$(free_port tcp)
        if ((FABRIC)); then
            # the tap is made in the lab's namespace and handed to qemu (taphelper.py; qemu appends --br etc.)
            data_net=(-netdev "bridge,id=data,br=${RACK_OF[$g]},helper=/usr/sbin/ip netns exec $LAB_NETNS /usr/bin/python3 $HERE/taphelper.py --name tap-$g")
        else
            dport=DPORT_${g/-/_} dpeer=DPORT_${peer/-/_}
            dport=${!dport} dpeer=${!dpeer}
            data_net=(-netdev "dgram,id=data,local.type=inet,local.host=127.0.0.1,local.port=$dport,remote.type=inet,remote.host=127.0.0.1,remote.port=$dpeer")
        fi
        : >"$STATE/$g.console"
        if out=$(qemu-system-x86_64 -name "$g,process=rp-$g" "${ACCEL_ARGS[@]}" -smp 1 -m "$MEM" \
            -nodefaults -no-user-config -display none -vga none -no-reboot \
            -serial "file:$STATE/$g.console" -kernel "$(kernel_file)" -initrd "$STATE/$g.initrd" \
            -append "console=ttyS0 panic=-1 quiet loglevel=3 rp.mode=lab rp.name=$g rp.ip=${DATA_IP[$g]} rp.vlan=$VLAN_ID rp.vip=${VLAN_IP[$g]}" \
            "${data_net[@]}" \
            -device "virtio-net-pci,netdev=data,mac=52:54:00:12:34:$idx,romfile=" \
            -netdev "user,id=mgmt,restrict=on,net=10.0.2.0/24,host=10.0.2.2,hostfwd=tcp:127.0.0.1:$port-10.0.2.15:22" \
            -device "virtio-net-pci,netdev=mgmt,mac=52:54:00:ab:cd:$idx,romfile=" \
            -daemonize -pidfile "$STATE/$g.pid" 2>&1 </dev/null {SLOCK}>&-); then
            printf -v "PORT_${g/-/_}" '%s' "$port"
            return 0
        fi
        if grep -q 'host forwarding' <<<"$out"; then
            log "$g: port $port was taken meanwhile ($out); trying another"
            continue
        fi
        if ((FABRIC == 0)) && grep -q "can't bind" <<<"$out"; then
            log "$g: data port $dport was taken meanwhile ($out)"
            [[ $g == lab-b ]] && return 2
            DPORT_lab_a=$(free_port udp)
            continue
        fi
        if grep -qiE 'cannot allocate memory|cannot set up guest memory|out of memory' <<<"$out"; then
            die "$g: out of memory: qemu could not get ${MEM} MiB for the guest: $out"
        fi
        die "$g: qemu failed to start: $out"
    done
    die "$g: no free port for the SSH forward after 5 tries"
}

console_tail() { # NAME
    echo "--- last lines of $1's console ($STATE/$1.console):" >&2
    if [[ -s $STATE/$1.console ]]; then
        tail -n 25 "$STATE/$1.console" | sed 's/^/    /' >&2 || true
    else
        echo "    (empty: the guest kernel has printed nothing yet)" >&2
    fi
}

wait_guest() { # NAME STARTUS: banner, then one real key login; writes NAME.ready "banner_s login_s"
    local g=$1 t0=$2 port tb t
    port=$(port_of "$g")
    local deadline=$((SECONDS + BOOT_TIMEOUT))
    while ((SECONDS < deadline)); do
        # Wait up to 5 s for the banner once connected: before sshd listens the guest resets the forwarded
        # connection at once, and once it listens each connection is a re-exec'd sshd that, on 2 loaded
        # cores under TCG, took over 0.5 s to greet. Dropping it after 0.5 s and reconnecting every 0.2 s
        # piled up a dozen half-started sshd children that starved each other: no banner in 120 s, in 3 of 4
        # starts while two builds ran.
        if banner "$port" 5; then
            t=${EPOCHREALTIME/./}
            tb=$(((t - t0) / 1000))
            break
        fi
        sleep 0.2
    done
    [[ -n ${tb:-} ]] || return 1
    ssh_opts
    while ((SECONDS < deadline)); do
        if ssh "${SSH_OPTS[@]}" -p "$port" 127.0.0.1 true 2>>"$STATE/$g.ssh.err"; then
            t=${EPOCHREALTIME/./}
            echo "$tb $(((t - t0) / 1000))" >"$STATE/$g.ready"
            return 0
        fi
        sleep 0.5
    done
    return 1
}

START_OWNED=0
start_cleanup() { # trap: a failed or cancelled start leaves nothing running
    local rc=$?
    if [[ $START_OWNED == 1 ]]; then
        local j
        for j in $(jobs -p); do kill "$j" 2>/dev/null || true; done
        log "start did not complete: stopping what it started"
        stop_lab
    fi
    local p
    for p in "${CLEAN_PATHS[@]}"; do rm -rf "$p"; done
    exit "$rc"
}

lab_start() {
    local inv_out=$1 want_hosts=$2 want_racks=$3 g
    # a running lab in this state dir is reused (when it has the shape asked for)
    load_env
    local running=0
    for g in "${GUESTS[@]}"; do
        if [[ -n $(guest_pid "$g") ]]; then running=1; fi
    done
    if ((running)); then
        if ((HOSTS != want_hosts || RACKS != want_racks)); then
            die "a lab of $HOSTS guests in $RACKS rack(s) runs in $STATE; stop it first (lab.sh stop" \
                "--state-dir $STATE), or ask for the same shape (--hosts $HOSTS --racks $RACKS)"
        fi
        if lab_status >/dev/null 2>&1; then
            [[ -n $inv_out ]] && INVENTORY=$inv_out
            [[ -n $INVENTORY ]] || INVENTORY=$STATE/inventory.yaml
            write_client_files
            save_env
            local ports=
            for g in "${GUESTS[@]}"; do ports+="${ports:+, }$g :$(port_of "$g")"; done
            log "reusing the lab already running in $STATE ($ports)"
            progress 100 "lab already running"
            echo "READY $INVENTORY"
            return 0
        fi
        log "a lab in $STATE is only partly running: stopping it and starting again"
        stop_lab
    fi
    stop_lab # leftovers of a crashed run
    set_shape "$want_hosts" "$want_racks"
    INVENTORY=${inv_out:-$STATE/inventory.yaml}
    progress 0 "checking the host"
    local b
    for b in qemu-system-x86_64 cpio depmod modprobe ssh ssh-keygen ss flock dpkg-deb; do
        command -v "$b" >/dev/null || die "missing '$b' (run bash installer/deps.sh)"
    done
    if ((FABRIC)); then
        [[ -x /usr/sbin/ip && -x /usr/bin/python3 ]] || die "missing /usr/sbin/ip or /usr/bin/python3 (installer/deps.sh)"
        [[ -c /dev/net/tun ]] || die "the fabric needs /dev/net/tun (the tun module) for its taps"
        # qemu runs taphelper.py through `sh -c`: its path must need no quoting
        [[ $HERE =~ ^[A-Za-z0-9_./+-]+$ ]] || die "the fabric needs lab.sh in a folder whose path has only" \
            "letters, digits and . _ / + - (qemu's bridge helper runs through sh): $HERE"
    fi
    local need=$((HOSTS * (MEM + 300))) avail
    avail=$(awk '/^MemAvailable:/ {print int($2 / 1024)}' /proc/meminfo)
    ((avail >= need)) || die "out of memory: the $HOSTS guests need about $need MB, MemAvailable is $avail MB"
    progress 5 "resolving the kernel package"
    build_image progress
    progress 30 "image ready ($(cat "$IMAGE/kver"))"
    START_OWNED=1
    pick_accel
    log "accelerator: $ACCEL_DESC"
    save_env
    progress 35 "generating keys"
    make_keys
    if ((FABRIC)); then
        progress 40 "starting $HOSTS guests in $RACKS rack(s) ($ACCEL_DESC)"
    else
        progress 40 "starting lab-a and lab-b ($ACCEL_DESC)"
    fi
    local tstart=${EPOCHREALTIME/./}
    rm -f "$STATE/"*.ready "$STATE/"*.ssh.err
    local rc=1
    if ((FABRIC)); then
        fabric_up
        rc=0
        for g in "${GUESTS[@]}"; do
            start_guest "$g"
            save_env
        done
    fi
    for _ in 1 2 3; do
        if ((FABRIC)); then break; fi
        DPORT_lab_a='' DPORT_lab_b=''
        DPORT_lab_a=$(free_port udp)
        DPORT_lab_b=$(free_port udp)
        rc=0
        for g in "${GUESTS[@]}"; do
            start_guest "$g" || rc=$?
            save_env
            ((rc == 0)) || break
        done
        ((rc == 0)) && break
        stop_guests
    done
    ((rc == 0)) || die "lab-b's data port was taken at each of 3 starts"
    rm -f "$STATE/"*.initrd # qemu holds its copy in memory
    write_client_files
    local started=
    for g in "${GUESTS[@]}"; do started+="${started:+, }$g pid $(guest_pid "$g") ssh :$(port_of "$g")"; done
    log "qemu started: $started"
    progress 45 "booting"
    local -A waiter=() isready=()
    for g in "${GUESTS[@]}"; do
        wait_guest "$g" "$tstart" &
        waiter[$g]=$!
    done
    local n=0 pct
    while ((n < ${#GUESTS[@]})); do
        for g in "${GUESTS[@]}"; do
            [[ -n ${isready[$g]:-} ]] && continue
            if [[ -z $(guest_pid "$g") ]]; then
                console_tail "$g"
                if grep -qiE 'out of memory|oom-kill' "$STATE/$g.console" 2>/dev/null; then
                    die "$g: the guest ran out of memory while booting (RP_LAB_MEM=$MEM)"
                fi
                die "$g: qemu exited while booting (kernel panic or poweroff; console above)"
            fi
            if [[ -f $STATE/$g.ready ]]; then
                isready[$g]=1
                n=$((n + 1))
                local tb tl
                read -r tb tl <"$STATE/$g.ready"
                log "$g ready: SSH banner after $((tb / 1000)).$(((tb % 1000) / 100)) s, key login after" \
                    "$((tl / 1000)).$(((tl % 1000) / 100)) s (since qemu start)"
                pct=$((45 + 20 * n))
                if ((FABRIC)); then pct=$((45 + 50 * n / HOSTS)); fi
                progress "$pct" "$g ready"
            elif ! kill -0 "${waiter[$g]}" 2>/dev/null; then
                console_tail "$g"
                if [[ -s $STATE/$g.ssh.err ]]; then
                    echo "--- ssh said:" >&2
                    tail -n 3 "$STATE/$g.ssh.err" | sed 's/^/    /' >&2
                fi
                die "$g: timeout: no SSH login on 127.0.0.1:$(port_of "$g") within $BOOT_TIMEOUT s" \
                    "($ACCEL_DESC; RP_LAB_BOOT_TIMEOUT raises the limit)"
            fi
        done
        ((n < ${#GUESTS[@]})) && sleep 0.1
    done
    wait
    rm -f "$STATE/"*.ssh.err
    progress 95 "writing $INVENTORY"
    write_client_files
    save_env
    START_OWNED=0
    if ((FABRIC)); then
        log "all $HOSTS guests ready after $(elapsed) s; RSS: $(rss_report)"
    else
        log "both guests ready after $(elapsed) s; RSS: $(rss_report)"
    fi
    progress 100 "ready"
    echo "READY $INVENTORY"
}

rss_report() {
    local g pid
    for g in "${GUESTS[@]}"; do
        pid=$(guest_pid "$g")
        [[ -n $pid ]] && printf '%s %s MB ' "$g" "$(awk '/^VmRSS/ {print int($2 / 1024)}' "/proc/$pid/status")"
    done
}

# --------------------------------------------------------------------------------------------- push --

lab_push() { # FILE...: binaries + their ldd closure (libraries the image lacks) into both guests
    (($# > 0)) || usage
    lab_status >/dev/null 2>&1 || {
        echo "lab.sh: the lab in $STATE is not running (lab.sh start)" >&2
        exit 3
    }
    load_env
    [[ -n ${IMAGE:-} && -f $IMAGE/manifest ]] || die "no image manifest in ${IMAGE:-<unknown>}"
    local f lib p stage
    stage=$(mktemp -d "${TMPDIR:-/tmp}/rp-lab-push.XXXXXX")
    CLEAN_PATHS+=("$stage")
    local -A dirs=()
    for f in "$@"; do
        [[ -f $f && -x $f ]] || die "push: $f is not an executable file"
        mkdir -p "$stage/usr/local/bin"
        cp -L "$f" "$stage/usr/local/bin/"
        echo "/usr/local/bin/$(basename "$f")"
    done
    dirs[/usr/local/bin]=1
    while IFS= read -r lib; do
        p=$(guest_path "$lib")
        grep -qxF ".$p" "$IMAGE/manifest" && continue
        mkdir -p "$stage$(dirname "$p")"
        cp -L "$lib" "$stage$p"
        dirs[$(dirname "$p")]=1
        log "push: + $p (not in the image)"
    done < <(ldd_closure "$@" | sort -u)
    ssh_opts
    local g pids=() rc=0 d
    for g in "${GUESTS[@]}"; do
        (
            set -e
            cm=$STATE/cm-$g
            port=$(port_of "$g")
            trap 'ssh "${SSH_OPTS[@]}" -o ControlPath="$cm" -O exit -p "$port" 127.0.0.1 >/dev/null 2>&1 || true' EXIT
            ssh "${SSH_OPTS[@]}" -o ControlMaster=yes -o ControlPath="$cm" -o ControlPersist=60 -fN -p "$port" 127.0.0.1
            ssh "${SSH_OPTS[@]}" -o ControlPath="$cm" -p "$port" 127.0.0.1 "mkdir -p ${!dirs[*]}"
            for d in "${!dirs[@]}"; do
                scp -q "${SSH_OPTS[@]}" -o ControlPath="$cm" -P "$port" "$stage$d"/* "127.0.0.1:$d/"
            done
        ) >&2 &
        pids+=($!)
    done
    for p in "${pids[@]}"; do wait "$p" || rc=1; done
    ((rc == 0)) || die "push: scp into a guest failed"
    log "pushed $# file(s) into ${GUESTS[*]}"
}

# ---------------------------------------------------------------------------------------------- main --

CLEAN_PATHS=()
cmd=${1:-}
[[ -n $cmd ]] || usage
shift
state_arg=
inv_arg=
hosts_arg=
racks_arg=
args=()
while (($# > 0)); do
    case $1 in
    --state-dir) state_arg=${2:?--state-dir needs a directory}; shift 2 ;;
    --state-dir=*) state_arg=${1#*=}; shift ;;
    --inventory-out) inv_arg=${2:?--inventory-out needs a file}; shift 2 ;;
    --inventory-out=*) inv_arg=${1#*=}; shift ;;
    --hosts) hosts_arg=${2:?--hosts needs a number}; shift 2 ;;
    --hosts=*) hosts_arg=${1#*=}; shift ;;
    --racks) racks_arg=${2:?--racks needs a number}; shift 2 ;;
    --racks=*) racks_arg=${1#*=}; shift ;;
    -h | --help) usage ;;
    --) shift; args+=("$@"); break ;;
    *) args+=("$1"); shift ;;
    esac
done
if [[ -n $hosts_arg$racks_arg && $cmd != start ]]; then
    echo "lab.sh: --hosts and --racks are options of start" >&2
    usage
fi
hosts_arg=${hosts_arg:-2}
racks_arg=${racks_arg:-1}
if ! [[ $hosts_arg =~ ^[1-9][0-9]?$ ]] || ((hosts_arg < 2 || hosts_arg > MAX_HOSTS)); then
    echo "lab.sh: --hosts must be a number from 2 to $MAX_HOSTS, not '$hosts_arg'" >&2
    exit 2
fi
if ! [[ $racks_arg =~ ^[1-9][0-9]?$ ]] || ((racks_arg > hosts_arg)); then
    echo "lab.sh: --racks must be a number from 1 to the number of hosts ($hosts_arg), not '$racks_arg'" >&2
    exit 2
fi
if [[ $cmd == start ]] && ((hosts_arg > 2 || racks_arg > 1)) && ((EUID != 0)); then
    echo "lab.sh: --hosts $hosts_arg --racks $racks_arg builds a fabric (bridges, veths and taps in a network" \
        "namespace of its own): that needs root. The default pair (2 guests, 1 rack) runs as any user." >&2
    exit 2
fi
if [[ -n $inv_arg ]]; then
    mkdir -p "$(dirname "$inv_arg")"
    inv_arg=$(cd "$(dirname "$inv_arg")" && pwd)/$(basename "$inv_arg")
fi

case $cmd in
build)
    ((${#args[@]} == 0)) || usage
    trap 'rc=$?; for p in "${CLEAN_PATHS[@]}"; do rm -rf "$p"; done; exit $rc' EXIT
    trap 'exit 130' INT
    trap 'exit 143' TERM
    build_image
    echo "$IMAGE"
    ;;
start)
    ((${#args[@]} == 0)) || usage
    set_state "$state_arg"
    lock_state
    trap start_cleanup EXIT
    trap 'log "cancelled (SIGINT)"; exit 130' INT
    trap 'log "cancelled (SIGTERM)"; exit 143' TERM
    lab_start "$inv_arg" "$hosts_arg" "$racks_arg"
    ;;
status)
    ((${#args[@]} == 0)) || usage
    set_state "$state_arg"
    rc=0
    lab_status || rc=$?
    exit $rc
    ;;
stop)
    ((${#args[@]} == 0)) || usage
    set_state "$state_arg"
    trap '' INT TERM
    lock_state
    stop_lab
    echo "stopped" >&2
    ;;
push)
    set_state "$state_arg"
    trap 'rc=$?; for p in "${CLEAN_PATHS[@]}"; do rm -rf "$p"; done; exit $rc' EXIT
    lab_push "${args[@]}"
    ;;
ssh)
    ((${#args[@]} >= 1)) || usage
    set_state "$state_arg"
    load_env
    [[ " ${GUESTS[*]} " == *" ${args[0]} "* ]] || {
        echo "lab.sh: no guest '${args[0]}' in the lab of $STATE (it has ${GUESTS[*]})" >&2
        exit 3
    }
    port=$(port_of "${args[0]}")
    [[ -n $port && -n $(guest_pid "${args[0]}") ]] || {
        echo "lab.sh: ${args[0]} is not running in $STATE" >&2
        exit 3
    }
    ssh_opts
    exec ssh "${SSH_OPTS[@]}" -p "$port" 127.0.0.1 "${args[@]:1}"
    ;;
*) usage ;;
esac

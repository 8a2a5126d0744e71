#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# package_install: builds the .deb (cpack), checks it (dependencies against what the binaries link, contents,
# lintian, desktop-file-validate, appstreamcli), installs it with apt into a fresh Debian 12 minbase root made by
# debootstrap from the apt source this machine uses, and runs the installed programs there: rocepilot-cli
# --version, `rocepilot-cli discover localhost` (localhost is read without SSH: no sshd is involved), the GUI
# offscreen (--self-test: window, lab files under share/, icon; and a screenshot), man pages, bash completion,
# and a purge that leaves nothing behind. Needs root. When debootstrap cannot run, it says so in capitals and
# installs on this machine instead (and purges again afterwards).
#
#   install.sh BUILD_DIR VERSION
#
# The debootstrapped root (after its first apt-get update) is cached as a tarball under BUILD_DIR/package-test/cache,
# keyed by the apt sources and the debootstrap version, and so are the .debs apt downloads: a rerun extracts the
# tarball and installs from the cache. Set RP_PACKAGE_TEST_NO_CHROOT=1 to test the build-machine fallback.
set -Eeuo pipefail
build=$(cd "$1" && pwd)
version=$2
work=$build/package-test
cache=$work/cache
root=$work/root
case $root in *[[:space:]]*) echo "FAIL the build directory has white space in its path: $root" >&2; exit 1 ;; esac
t0=$SECONDS
failures=0
step() { echo "== [$((SECONDS - t0)) s] $*"; }
ok() { echo "ok   $*"; }
bad() {
    echo "FAIL $*" >&2
    failures=$((failures + 1))
}
die() {
    echo "FAIL $*" >&2
    exit 1
}
check() { # NAME COMMAND...: the command's failure is a test failure, with its name
    local name=$1
    shift
    if "$@"; then ok "$name"; else bad "$name"; fi
}

[ "$(id -u)" -eq 0 ] || die "package_install needs root: debootstrap, chroot and mounts (run it as root, as CI does)"
for tool in cpack dpkg-deb lintian desktop-file-validate appstreamcli objdump debootstrap python3; do
    command -v "$tool" >/dev/null || die "$tool is missing: run installer/deps.sh"
done
mkdir -p "$work" "$cache/archives/partial"

# ---- the package ------------------------------------------------------------------------------------------------
step "cpack -G DEB"
rm -rf "$work/deb" "$work/tree"
if ! cpack --config "$build/CPackConfig.cmake" -G DEB -B "$work/deb" >"$work/cpack.log" 2>&1; then
    cat "$work/cpack.log" >&2
    die "cpack failed"
fi
deb=$(echo "$work"/deb/rocepilot_*.deb)
[ -f "$deb" ] || die "cpack wrote no rocepilot_*.deb (see $work/cpack.log)"
ok "built $(basename "$deb") ($(du -k "$deb" | cut -f1) KiB)"
dpkg-deb -x "$deb" "$work/tree"
depends=$(dpkg-deb -f "$deb" Depends)
echo "Depends: $depends"
check "package version is the project's ($version)" test "$(dpkg-deb -f "$deb" Version)" = "$version"

step "contents"
for f in usr/bin/rocepilot usr/bin/rocepilot-cli usr/bin/rocepilot-probe usr/share/rocepilot/lab/lab.sh \
    usr/share/applications/invalid.rocepilot.RocePilot.desktop usr/share/metainfo/invalid.rocepilot.RocePilot.metainfo.xml \
    usr/share/icons/hicolor/scalable/apps/rocepilot.svg usr/share/icons/hicolor/48x48/apps/rocepilot.png \
    usr/share/icons/hicolor/256x256/apps/rocepilot.png usr/share/man/man1/rocepilot.1.gz \
    usr/share/man/man1/rocepilot-cli.1.gz usr/share/man/man1/rocepilot-probe.1.gz \
    usr/share/bash-completion/completions/rocepilot-cli usr/share/doc/rocepilot/copyright \
    usr/share/doc/rocepilot/changelog.gz usr/share/doc/rocepilot/README.lab.md \
    usr/lib/systemd/system/rocepilot-agent@.service; do
    check "ships /$f" test -s "$work/tree/$f"
done
check "the agent's unit starts the packaged probe" grep -q \
    '^ExecStart=/usr/bin/rocepilot-probe agent --standalone /etc/rocepilot/agent/%i.json ' \
    "$work/tree/usr/lib/systemd/system/rocepilot-agent@.service"
check "the lab's own tests and their C sources stay out" \
    test ! -e "$work/tree/usr/share/rocepilot/lab/tests" -a ! -e "$work/tree/usr/share/rocepilot/lab/hostbin"
check "the metainfo's newest release is $version" \
    grep -q "<release version=\"$version\"" "$work/tree/usr/share/metainfo/invalid.rocepilot.RocePilot.metainfo.xml"

# dpkg-shlibdeps-style: every library a shipped ELF file needs belongs to a package in Depends (or to the
# package itself). The library is resolved the way the loader would, then dpkg -S names its package.
step "dependencies against the binaries' NEEDED entries"
mapfile -t elves < <(find "$work/tree/usr/bin" "$work/tree/usr/lib" -type f 2>/dev/null |
    while read -r f; do [ "$(head -c4 "$f" | tr -d '\177')" = ELF ] && echo "$f"; done)
[ ${#elves[@]} -ge 3 ] || bad "found ${#elves[@]} ELF files in the package, expected the three programs"
owner() { # the package that ships a library; dpkg knows one of the /lib and /usr/lib spellings (merged /usr)
    local p c
    for p in "$1" "$(readlink -f "$1")"; do
        for c in "$p" "${p#/usr}" "/usr$p"; do
            dpkg -S "$c" 2>/dev/null | head -1 | cut -d: -f1 | grep . && return 0
        done
    done
    return 0
}
has_dep() { # PACKAGE: named in Depends (any version)
    local d
    IFS=',' read -ra ds <<<"$depends"
    for d in "${ds[@]}"; do
        d=${d# }
        [ "${d%% *}" = "$1" ] && return 0
    done
    return 1
}
loader=$(ldconfig -p)
declare -A lib_pkg=() needed_by=()
for elf in "${elves[@]}"; do
    for lib in $(objdump -p "$elf" | awk '$1 == "NEEDED" { print $2 }'); do
        if [ -z "${lib_pkg[$lib]+set}" ]; then
            path=$(awk -v l="$lib" '$1 == l && /x86-64/ { print $NF; exit }' <<<"$loader")
            lib_pkg[$lib]=$([ -n "$path" ] && owner "$path")
        fi
        pkg=${lib_pkg[$lib]}
        [ -n "$pkg" ] || { bad "$(basename "$elf") needs $lib, which belongs to no package here"; continue; }
        needed_by[$pkg]+="$(basename "$elf") "
    done
done
for pkg in "${!needed_by[@]}"; do
    if has_dep "$pkg"; then
        ok "Depends has $pkg (needed by $(tr ' ' '\n' <<<"${needed_by[$pkg]}" | sort -u | xargs))"
    else
        bad "Depends lacks $pkg, needed by $(tr ' ' '\n' <<<"${needed_by[$pkg]}" | sort -u | xargs)"
    fi
done
for pkg in iproute2 libqt6svg6; do
    check "Depends has $pkg (run or loaded, not linked)" has_dep "$pkg"
done

step "lintian"
lintian --tag-display-limit 0 --display-info "$deb" >"$work/lintian.log" 2>&1 || true
sed 's/^/  /' "$work/lintian.log"
check "lintian reports no errors" test "$(grep -c '^E: ' "$work/lintian.log")" -eq 0
check "lintian reports no warnings" test "$(grep -c '^W: ' "$work/lintian.log")" -eq 0
# The build's hardening flags (cmake/CommonConfig.cmake) reach every binary: no hardening-no-* tag, info included.
check "lintian: every binary hardened (no hardening-no-* tag)" test "$(grep -c 'hardening-no-' "$work/lintian.log")" -eq 0

step "desktop-file-validate, appstreamcli validate"
check "desktop-file-validate" desktop-file-validate "$work/tree/usr/share/applications/invalid.rocepilot.RocePilot.desktop"
check "appstreamcli validate --no-net" \
    appstreamcli validate --no-net "$work/tree/usr/share/metainfo/invalid.rocepilot.RocePilot.metainfo.xml"
check "appstreamcli validate-tree --no-net (entry, icon and metainfo together)" \
    appstreamcli validate-tree --no-net "$work/tree"

# ---- a fresh Debian 12 root -------------------------------------------------------------------------------------
# The apt source files this machine reads (apt ignores other names, such as *.disabled), and their first Debian URI.
mapfile -t sources < <(ls /etc/apt/sources.list /etc/apt/sources.list.d/*.list /etc/apt/sources.list.d/*.sources \
    2>/dev/null || true)
mirror=$(for s in "${sources[@]}"; do
    case $s in
    *.sources) awk 'tolower($1) == "uris:" { print $2 }' "$s" ;;
    *) awk '$1 == "deb" { for (i = 2; i <= NF; i++) if ($i ~ /^[a-z]+:\/\//) { print $i; break } }' "$s" ;;
    esac
done | grep -v -- '-security' | head -1)
suite=$(. /etc/os-release && echo "$VERSION_CODENAME")
key=$({ cat "${sources[@]}"; dpkg-query -W -f='${Version}' debootstrap; echo "$suite"; } | sha256sum | cut -c1-16)
base=$cache/debian-$suite-minbase-$key.tar

# The root lives on a tmpfs: dpkg's fsyncs cost nothing there, and removing it is one umount (deleting the
# installed root from disk took 27 s here). Everything mounted under it is unmounted on every exit path, deepest
# first, including what a killed earlier run left; only then is the directory removed, and never across a mount
# (a bound /dev would be emptied).
release_root() {
    local m
    case $root in "$work"/root) ;; *) return 0 ;; esac # never anything but our own directory
    for m in $(findmnt -rn -o TARGET | grep "^$root\(/\|$\)" | sort -r); do
        umount "$m" 2>/dev/null || umount -l "$m" 2>/dev/null || true
    done
    # (captured first: with pipefail, grep -q leaving early would fail the pipeline and read as "nothing mounted")
    if grep -q "^$root\(/\|$\)" <<<"$(findmnt -rn -o TARGET)"; then
        echo "FAIL cannot unmount everything under $root: left in place" >&2
        return 1
    fi
    rm -rf --one-file-system "$root"
}
trap release_root EXIT
trap 'exit 130' INT TERM
fresh_root() {
    release_root
    mkdir -p "$root"
    mount -t tmpfs -o size=4g,mode=755 rp-package-root "$root" ||
        echo "note: no tmpfs for the root ($root): it is written to disk (slower)" >&2
}
mount_in() { # MOUNT-ARGS... TARGET
    mkdir -p "${*: -1}"
    mount "$@"
}
# apt inside the root sees this machine's source files and the keyrings they name.
copy_sources() {
    local dest=$1 s k
    rm -f "$dest/etc/apt/sources.list"
    mkdir -p "$dest/etc/apt/sources.list.d"
    for s in "${sources[@]}"; do
        cp "$s" "$dest$s"
        for k in $(awk 'tolower($1) == "signed-by:" { print $2 }' "$s") \
            $(grep -o 'signed-by=[^] ]*' "$s" | cut -d= -f2); do
            [ -f "$k" ] && mkdir -p "$dest$(dirname "$k")" && cp "$k" "$dest$k"
        done
    done
    cp /etc/resolv.conf "$dest/etc/resolv.conf" 2>/dev/null || true
}

use_chroot=1
why=""
if [ -n "${RP_PACKAGE_TEST_NO_CHROOT:-}" ]; then
    use_chroot=0
    why="RP_PACKAGE_TEST_NO_CHROOT is set"
elif [ -z "$mirror" ]; then
    use_chroot=0
    why="no Debian mirror found in ${sources[*]:-/etc/apt}"
elif [ ! -f "$base" ]; then
    step "debootstrap --variant=minbase $suite from $mirror (first run; cached as $(basename "$base"))"
    fresh_root
    if debootstrap --variant=minbase "$suite" "$root" "$mirror" >"$work/debootstrap.log" 2>&1; then
        copy_sources "$root"
        if chroot "$root" apt-get update -qq >"$work/apt-update.log" 2>&1; then
            rm -f "$root"/var/cache/apt/archives/*.deb
            tar -C "$root" -cf "$base.tmp" . && mv "$base.tmp" "$base"
        else
            use_chroot=0
            why="apt-get update inside the new root failed: $(tail -3 "$work/apt-update.log" | tr '\n' ' ')"
        fi
    else
        use_chroot=0
        why="debootstrap failed: $(tail -3 "$work/debootstrap.log" | tr '\n' ' ')"
    fi
    release_root
fi

if [ $use_chroot = 1 ]; then
    step "fresh root from $(basename "$base")"
    fresh_root
    tar -C "$root" -xf "$base"
    copy_sources "$root" # the machine's sources may have changed since the tarball; the key says they did not
    mount_in -t proc proc "$root/proc"
    mount_in --bind /dev "$root/dev"
    mount_in -t sysfs -o ro sysfs "$root/sys" 2>/dev/null || mount_in --bind -o ro /sys "$root/sys"
    mount_in --bind "$cache/archives" "$root/var/cache/apt/archives"
    printf '#!/bin/sh\nexit 101\n' >"$root/usr/sbin/policy-rc.d" # no daemons start in the root
    chmod 755 "$root/usr/sbin/policy-rc.d"
    target=$root
    run() { chroot "$root" env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/root LANG=C.UTF-8 "$@"; }
    where="a fresh Debian $suite root ($root)"
else
    cat >&2 <<EOF

!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!
!!! NO FRESH DEBIAN ROOT (debootstrap not used): $why
!!! INSTALLING THE PACKAGE ON THIS BUILD MACHINE INSTEAD (it is purged again at the end). This proves less than a
!!! clean root: libraries installed here for building may hide a missing dependency.
!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!

EOF
    if [ "$(dpkg-query -W -f='${Status}' rocepilot 2>/dev/null)" = "install ok installed" ]; then
        die "rocepilot is already installed on this machine: not overwriting it (remove it, or let debootstrap run)"
    fi
    target=""
    run() { env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/root LANG=C.UTF-8 "$@"; }
    where="this build machine"
    trap 'run apt-get purge -y -qq rocepilot >/dev/null 2>&1 || true' EXIT
fi

# ---- install and run --------------------------------------------------------------------------------------------
step "apt-get install the .deb into $where"
cp "$deb" "$target/tmp/"
run apt-get -o DPkg::Lock::Timeout=300 update -qq >"$work/apt-update.log" 2>&1 || { cat "$work/apt-update.log" >&2; die "apt-get update failed"; }
if ! run env DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=300 install -y --no-install-recommends "/tmp/$(basename "$deb")" \
    >"$work/apt-install.log" 2>&1; then
    tail -30 "$work/apt-install.log" >&2
    die "apt-get install of the .deb failed"
fi
ok "installed: $(grep -c '^Setting up' "$work/apt-install.log") packages set up (log: $work/apt-install.log)"

step "run the installed programs"
out=$(run rocepilot-cli --version 2>&1) || bad "rocepilot-cli --version failed: $out"
check "rocepilot-cli --version says '$out' = 'rocepilot-cli $version'" test "$out" = "rocepilot-cli $version"
out=$(run rocepilot-probe --version 2>&1) || bad "rocepilot-probe --version failed: $out"
check "rocepilot-probe --version says '$out'" grep -q "^rocepilot-probe $version " <<<"$out"

# localhost is this kernel seen through the root's own userspace (its iproute2): discovery runs no SSH for it.
# The netns tests create and delete veths on this machine, and an `ip addr` dump they interrupt comes back empty
# (discovery then shows no addresses at all): their lock keeps them out for the second this takes.
exec 9>/tmp/rp-netns.lock
waited=$SECONDS
flock -w 900 9 || echo "note: /tmp/rp-netns.lock still held after 900 s; discovering anyway" >&2
[ $((SECONDS - waited)) -lt 2 ] || echo "note: waited $((SECONDS - waited)) s for /tmp/rp-netns.lock (a netns test ran)"
if run rocepilot-cli discover localhost --json >"$work/discover.json" 2>"$work/discover.err"; then
    ok "rocepilot-cli discover localhost exits 0"
else
    bad "rocepilot-cli discover localhost failed: $(cat "$work/discover.err")"
fi
flock -u 9
exec 9>&-
check "discovery of localhost: state ok, hostname and the netdev lo read" python3 -c '
import json, socket, sys
host = json.load(open(sys.argv[1]))["hosts"][0]
assert host["state"] == "ok", host
assert host["hostname"] == socket.gethostname(), host["hostname"]
lo = [n for n in host["netdevs"] if n["name"] == "lo"]
assert lo and "127.0.0.1/8" in lo[0]["ipv4"], lo
print("   ", host["hostname"], host["os"], len(host["netdevs"]), "netdevs,", len(host["devices"]), "RDMA devices")
' "$work/discover.json"
status=0
out=$(run rocepilot-cli lab status 2>&1) || status=$?
check "rocepilot-cli lab status finds the installed lab script (exit 3 = not running; got $status: $out)" \
    test "$status" -eq 3

gui_env=(env QT_QPA_PLATFORM=offscreen XDG_RUNTIME_DIR=/tmp/runtime-root)
run mkdir -p -m 700 /tmp/runtime-root
if out=$(run "${gui_env[@]}" rocepilot --self-test 2>&1); then
    ok "rocepilot --self-test (offscreen) exits 0"
else
    bad "rocepilot --self-test failed"
fi
echo "$out" | sed 's/^/    /'
check "the GUI finds the lab under share/" grep -q "^lab script: /usr/share/rocepilot/lab/lab.sh (status: not running)" <<<"$out"
check "the GUI draws its SVG icon" grep -q "^icon: drawn" <<<"$out"
rm -f "$work/welcome.png"
if run "${gui_env[@]}" rocepilot --screenshot /tmp/welcome.png >"$work/screenshot.log" 2>&1; then
    cp "$target/tmp/welcome.png" "$work/welcome.png"
fi
check "rocepilot --screenshot from the installed paths wrote a PNG ($work/welcome.png)" \
    sh -c "test -s '$work/welcome.png' && file '$work/welcome.png' | grep -q 'PNG image data, 1280 x 760'"

check "man pages in place" run sh -c 'for p in rocepilot rocepilot-cli rocepilot-probe; do
    gzip -t /usr/share/man/man1/$p.1.gz || exit 1; done'
check "bash completion of the installed file: 'rocepilot-cli di<TAB>' gives discover, diagnose" run bash -c '
    . /usr/share/bash-completion/completions/rocepilot-cli
    COMP_WORDS=(rocepilot-cli di); COMP_CWORD=1; _rocepilot_cli
    [ "${COMPREPLY[*]}" = "discover diagnose" ]'

step "apt-get purge"
if run env DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=300 purge -y -qq rocepilot >"$work/apt-purge.log" 2>&1; then
    ok "purged"
else
    bad "apt-get purge rocepilot failed"
fi
check "nothing of rocepilot is left" sh -c "! ls -d '$target'/usr/bin/rocepilot* '$target'/usr/share/rocepilot \
    '$target'/usr/share/doc/rocepilot 2>/dev/null | grep -q ."

step "done in $((SECONDS - t0)) s ($where; base tarball $( [ $use_chroot = 1 ] && echo "cached" || echo "not used"))"
[ $failures -eq 0 ] || die "$failures check(s) failed"
echo "package_install: all checks passed"

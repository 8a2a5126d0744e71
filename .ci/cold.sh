#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Times CI from a cold start, the case CI's budget is set for (45 min on 2 cores): a fresh Debian 12 root made by
# debootstrap from this machine's apt sources (none of this machine's packages, no ccache, no lab cache), a clone of
# HEAD inside it, and `.ci/run` chrooted there as root, so installer/deps.sh installs every package it needs. Prints
# the time of each part; the run's own stage times are in its log.
#   .ci/cold.sh [WORKDIR]      default /var/tmp/rp-cold-ci; needs root and about 25 GB free there
# RP_COLD_KEEP=1 leaves the root in place (unmounted) to look at afterwards. The root's daemons never start at
# install time (policy-rc.d), so its sshd cannot take this machine's port 22; the tests start their own.
set -euo pipefail
src="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
work="${1:-/var/tmp/rp-cold-ci}"
root="$work/root"
log="$work/ci.log"
die() {
    echo "cold.sh: $*" >&2
    exit 1
}
[ "$(id -u)" -eq 0 ] || die "needs root: debootstrap, chroot, mounts (and .ci/run itself runs as root)"
command -v debootstrap >/dev/null || die "needs debootstrap (apt-get install debootstrap)"
rev=$(git -C "$src" rev-parse HEAD)
[ -z "$(git -C "$src" status --porcelain --untracked-files=no)" ] ||
    echo "cold.sh: note: uncommitted changes in $src are not part of the run (it clones $rev)" >&2

# Everything mounted under the root goes, deepest first, before anything is deleted: a bound /dev must never be
# emptied by rm.
release() {
    local m
    for m in $(findmnt -rn -o TARGET | grep "^$root\(/\|$\)" | sort -r); do
        umount "$m" 2>/dev/null || umount -l "$m" 2>/dev/null || true
    done
    if findmnt -rn -o TARGET | grep -q "^$root\(/\|$\)"; then
        echo "cold.sh: cannot unmount everything under $root: left in place" >&2
        return 1
    fi
    [ -n "${RP_COLD_KEEP:-}" ] || rm -rf --one-file-system "$root"
}
trap release EXIT
trap 'exit 130' INT TERM
[ ! -e "$root" ] || release
mkdir -p "$root"

# shellcheck source=/dev/null
suite=$(. /etc/os-release && echo "$VERSION_CODENAME")
mapfile -t sources < <(ls /etc/apt/sources.list /etc/apt/sources.list.d/*.list /etc/apt/sources.list.d/*.sources \
    2>/dev/null || true)
mirror=$(sed -n 's/^URIs: *//p; s/^deb \(\[[^]]*\] \)\?\([a-z]*:\/\/[^ ]*\).*/\2/p' "${sources[@]}" |
    grep -v -- -security | head -1 || true)
[ -n "$mirror" ] || die "no Debian mirror in /etc/apt"
t=$SECONDS
echo "== debootstrap --variant=minbase $suite $mirror"
debootstrap --variant=minbase "$suite" "$root" "$mirror" >"$work/debootstrap.log" 2>&1 ||
    die "debootstrap failed: $(tail -3 "$work/debootstrap.log")"
t_boot=$((SECONDS - t))
# apt in the root reads the same sources as this machine (the root's own list names only the mirror).
rm -f "$root/etc/apt/sources.list"
cp -a /etc/apt/sources.list /etc/apt/sources.list.d "$root/etc/apt/" 2>/dev/null || true
cp /etc/resolv.conf "$root/etc/resolv.conf" 2>/dev/null || true
printf '#!/bin/sh\nexit 101\n' >"$root/usr/sbin/policy-rc.d"
chmod 755 "$root/usr/sbin/policy-rc.d"
mkdir -p "$root/work"
git clone -q --no-hardlinks "$src" "$root/work/ci"
git -C "$root/work/ci" checkout -q "$rev"

# The root is a mount point of its own, as / is on a CI machine: `ip netns exec` makes / a slave mount, and that
# fails (EINVAL) on a directory that is not one.
mount --bind "$root" "$root"
mount -t proc proc "$root/proc"
mount --rbind /dev "$root/dev"
mount --make-rslave "$root/dev"
mount -t sysfs sysfs "$root/sys"
mount -t tmpfs -o mode=755 run "$root/run"

echo "== .ci/run in the fresh root at $rev (log: $log)"
t=$SECONDS
rc=0
chroot "$root" env -i PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin HOME=/root LANG=C.UTF-8 \
    bash -c 'cd /work/ci && bash .ci/run' >"$log" 2>&1 || rc=$?
t_ci=$((SECONDS - t))
sed -n '/^== stage times/,$p' "$log"
echo "== cold CI: debootstrap $t_boot s (not part of CI: its machine is installed), .ci/run ${t_ci} s ($((t_ci / 60)) min), rc $rc"
exit $rc

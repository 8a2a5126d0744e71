#!/usr/bin/env bash
# Installs the Debian 12 packages RoCE Pilot needs to build, run and test, and nothing else.
# As root it runs apt-get; otherwise it prints the exact apt-get line to run and fails.
set -euo pipefail

packages=(
    # build
    build-essential cmake ninja-build pkg-config ccache clang-format
    # core
    libssh-dev libyaml-cpp-dev nlohmann-json3-dev libibverbs-dev librdmacm-dev
    # ui
    qt6-base-dev qt6-tools-dev qt6-tools-dev-tools qt6-l10n-tools libqcustomplot-dev libqcustomplot2.1-qt6
    qt6-svg-dev
    libgl-dev
    # run and test: hosts, RDMA tools, headless display
    openssh-server openssh-client openssl iproute2 procps psmisc time rdma-core ibverbs-utils perftest
    # switch CLI emulators behind sshd (tests/support/switch-emu), flock for their test runs
    python3 util-linux
    # benchmarks: the TCP engine against the tools admins use (bench/perf-tcp.sh)
    sockperf iperf3
    # ...and the fabric check on the netns fleet against the mesh check a user would otherwise run
    # (bench/fabric-fleet.sh: fping from every host to the same peers)
    fping
    # report tests: render and read the PDF reports (tests/report)
    poppler-utils python3-jsonschema
    xvfb xauth qt6-translations-l10n
    fonts-noto-cjk # the zh_CN user interface and its screenshots need CJK glyphs
    # Soft-RoCE lab (lab/): qemu guests booting Debian's kernel + a busybox initramfs
    qemu-system-x86 busybox-static cpio kmod xz-utils binutils ibverbs-providers jq
    # ...its fabric (lab.sh start --hosts N > 2) and fault planter (lab/faults.sh): nft drops frames on a bridge port
    nftables
    # ...and the applications whose real failures the lab records (tests/lab/applog.sh): UCX, libfabric, qperf, rping
    ucx-utils libfabric-bin qperf rdmacm-utils
    # the metrics of `fabric watch --metrics` (tests/metrics): a real Prometheus scrapes them and fires the shipped
    # alerting rules; promtool checks the exposition and the rules
    prometheus
    # Ansible export (core/export): ansible-playbook runs the exported playbooks in the tests
    ansible
    # package (installer/, tests/package): man pages from --help, PNG icons from the SVG, the SVG icon at run time,
    # and the checks of the .deb in a debootstrapped Debian 12 root
    help2man librsvg2-bin libqt6svg6 dpkg-dev debootstrap lintian desktop-file-utils appstream man-db file
    # hardening (tests/run-all.sh): libFuzzer on core (fuzz preset) and clang-tidy on core/; clang 14 cannot
    # compile libstdc++ 12's <expected>, 19 can (Debian 12 main)
    clang-19 libfuzzer-19-dev libclang-rt-19-dev clang-tidy-19
)

missing=()
for p in "${packages[@]}"; do
    if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q '^install ok installed$'; then
        missing+=("$p")
    fi
done
if [ ${#missing[@]} -eq 0 ]; then
    exit 0
fi
line="apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends ${missing[*]}"
if [ "$(id -u)" -ne 0 ]; then
    echo "RoCE Pilot needs these Debian packages: ${missing[*]}" >&2
    echo "Run as root:" >&2
    echo "  $line" >&2
    exit 1
fi
echo "Installing: ${missing[*]}"
apt-get update -qq
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}"

# SPDX-License-Identifier: GPL-3.0-or-later
"""qemu network helper of the lab fabric (lab.sh start --hosts N > 2). Run by /usr/bin/python3 (no shebang, not
executable: lab.sh names the interpreter in qemu's helper command).

qemu (`-netdev bridge,br=BR,helper="ip netns exec NS python3 taphelper.py --name TAP"`) runs this in the lab's
network namespace and appends `--use-vnet --fd=N --br=BR`. It creates the tap device TAP there, makes it a port
of the bridge BR (a ToR) and up, and hands the tap's file descriptor back to qemu over the unix socket N, as
qemu-bridge-helper does. qemu itself stays in the host's namespace, so its user-net SSH forward still listens on
the host's 127.0.0.1; the tap lives and dies (with qemu's descriptor) inside the lab's namespace, never on the
host's own network.
"""
import fcntl
import os
import re
import socket
import struct
import subprocess
import sys

TUNSETIFF = 0x400454CA
IFF_TAP = 0x0002
IFF_NO_PI = 0x1000
IFF_VNET_HDR = 0x4000
NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]{0,14}$")


def fail(msg):
    print(f"taphelper: {msg}", file=sys.stderr)
    sys.exit(1)


def main(argv):
    name = bridge = None
    sock_fd = None
    vnet = False
    args = list(argv)
    while args:
        a = args.pop(0)
        if a == "--name" and args:
            name = args.pop(0)
        elif a == "--use-vnet":
            vnet = True
        elif a.startswith("--fd="):
            sock_fd = int(a[5:]) if a[5:].isdigit() else None
        elif a.startswith("--br="):
            bridge = a[5:]
        else:
            fail(f"unknown argument '{a}'")
    if not name or not NAME.match(name):
        fail(f"--name must be an interface name (at most 15 of letters, digits, . _ -), not '{name}'")
    if not bridge or not NAME.match(bridge):
        fail(f"--br must be a bridge name, not '{bridge}'")
    if sock_fd is None:
        fail("--fd=N (qemu's socket) is missing")
    tap = os.open("/dev/net/tun", os.O_RDWR)
    flags = IFF_TAP | IFF_NO_PI | (IFF_VNET_HDR if vnet else 0)
    try:
        fcntl.ioctl(tap, TUNSETIFF, struct.pack("16sH", name.encode(), flags))
    except OSError as e:
        fail(f"cannot create tap {name}: {e}")
    r = subprocess.run(["ip", "link", "set", "dev", name, "master", bridge, "up"], capture_output=True, text=True)
    if r.returncode != 0:
        fail(f"ip link set dev {name} master {bridge} up: {r.stderr.strip()}")
    with socket.socket(fileno=sock_fd) as s:
        socket.send_fds(s, [b"\0"], [tap])
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

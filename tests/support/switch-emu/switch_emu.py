#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
#
# switch_emu.py - a switch CLI EMULATOR for RoCE Pilot's tests. It is NOT a switch and NOT vendor software: it
# imitates, from the vendors' public manuals, the parts of three switch CLIs that RoCE Pilot drives over SSH, so
# that core/switchcli can be tested against a real OpenSSH server without a switch. Everything it prints is the
# emulator's own output, never a device's.
#
#   switch_emu.py --vendor eos|nxos|cumulus --state FILE [--init --hostname NAME --ports P1,P2,...]
#
# Run as the ForceCommand of an sshd (tests/support/switch-emu/switches.sh). With a PTY it is an interactive CLI
# (prompts, modes, echo, paging with --More--); without one it runs $SSH_ORIGINAL_COMMAND once and exits.
# --init writes a fresh state file and exits.
#
# Emulated (the command syntax core/generate/switch_*.cpp emits for the vendor, plus):
#   eos     sw> enable, terminal length/width, configure [terminal], configure session NAME [commit|abort],
#           show session-config diffs, commit, commit timer hh:mm:ss, abort, rollback clean-config,
#           show running-config, show configuration sessions, copy running-config startup-config, the verify
#           show commands; errors "% Invalid input (at token N: 'x')" / "% Incomplete command".
#   nxos    terminal length, configure terminal, checkpoint NAME, no checkpoint NAME, show checkpoint summary,
#           rollback running-config checkpoint NAME, show running-config, copy running-config startup-config,
#           the verify show commands; error "% Invalid command at '^' marker." under a caret line.
#   cumulus a Linux shell prompt with nv set/unset, nv config diff|apply [REV] [--confirm T] [-y]|--confirm-yes|
#           --confirm-no|--confirm-status|show [-o commands]|history|save|detach, nv show qos roce,
#           nv show interface IF.
# Commit timers: EOS "commit timer" and NVUE "--confirm" revert unless confirmed. The emulator has no daemon:
# an expired timer is settled (reverted) by the next command any session runs, before that command.
# State (running/startup config, sessions, checkpoints, revisions, pending timers) is one JSON file per
# emulated switch, locked with flock, so a reconnect sees it. Test knobs in the state file: "hostile" =
# "flood" | "binary" | "silent" | "slow" changes what "show running-config" does (endless output, binary junk,
# no answer, 1.5 s late); "enable_password" = "yes" makes EOS `enable` ask for a password; "no_paging_off" =
# "yes" rejects `terminal length` (a pager that cannot be turned off).
import argparse
import difflib
import fcntl
import json
import os
import random
import re
import signal
import sys
import termios
import time
import tty

BANNER = {
    "eos": "RoCE Pilot switch CLI EMULATOR (Arista EOS dialect) - for tests only, not a device",
    "nxos": "RoCE Pilot switch CLI EMULATOR (Cisco NX-OS dialect) - for tests only, not a device",
    "cumulus": "RoCE Pilot switch CLI EMULATOR (Cumulus Linux NVUE dialect) - for tests only, not a device",
}
PAGE_LINES = 24

# ---------------------------------------------------------------------------------------------------------------
# Grammar: per mode, rules "token token <0-63> a|b <name> <if> <int> <unit> <hhmmss>", each with the number of
# leading tokens that name the setting (a later line with the same key replaces the earlier one) and, for
# commands that open a sub-mode, that mode.

NAME = r"[A-Za-z][A-Za-z0-9_.\-]{0,62}"
EOS_IF = r"Ethernet[0-9]+(/[0-9]+){0,2}"
NXOS_IF = r"Ethernet[0-9]+(/[0-9]+){1,2}"
SWP = r"swp[0-9]+(s[0-9]+)?"


def rule(text, key, enter=None):
    return {"tokens": text.split(), "key": key, "enter": enter}


EOS_GRAMMAR = {
    "config": [
        rule("hostname <name>", 1),
        rule("qos map dscp <0-63> to traffic-class <0-7>", 4),
        rule("qos map cos <0-7> to traffic-class <0-7>", 4),
        rule("qos profile <name>", 3, "qprof"),
        rule("interface <eosif>", 2, "if"),
    ],
    "qprof": [
        rule("qos trust dscp|cos", 2),
        rule("priority-flow-control on", 2),
        rule("priority-flow-control priority <0-7> no-drop", 3),
        rule("priority-flow-control pause watchdog", 3),
        rule("uc-tx-queue <0-7>", 2, "txq"),
    ],
    "txq": [
        rule("priority strict", 1),
        rule("bandwidth percent <0-100>", 1),
        rule("random-detect ecn minimum-threshold <int> <unit> maximum-threshold <int> <unit>", 2),
        rule("random-detect ecn minimum-threshold <int> <unit> maximum-threshold <int> <unit> "
             "max-mark-probability <1-100>", 2),
        rule("random-detect ecn minimum-threshold <int> <unit> maximum-threshold <int> <unit> weight <0-15>", 2),
        rule("random-detect ecn minimum-threshold <int> <unit> maximum-threshold <int> <unit> "
             "max-mark-probability <1-100> weight <0-15>", 2),
        rule("random-detect ecn count", 3),
    ],
    "if": [
        rule("mtu <68-9214>", 1),
        rule("service-profile <name>", 1),
        rule("dcbx mode ieee|cee", 2),
    ],
}
EOS_PARENT = {"qprof": "config", "txq": "qprof", "if": "config", "config": None}

NXOS_GRAMMAR = {
    "config": [
        rule("hostname <name>", 1),
        rule("class-map type qos match-any|match-all <name>", 5, "cmap-qos"),
        rule("policy-map type qos <name>", 4, "pmap-qos"),
        rule("policy-map type network-qos <name>", 4, "pmap-nqos"),
        rule("policy-map type queuing <name>", 4, "pmap-que"),
        rule("system qos", 2, "sys-qos"),
        rule("interface <nxif>", 2, "if"),
    ],
    "cmap-qos": [rule("match dscp <0-63>", 3), rule("match cos <0-7>", 3)],
    "pmap-qos": [rule("class <name>", 2, "pmap-c-qos")],
    "pmap-c-qos": [rule("set qos-group <0-7>", 2)],
    "pmap-nqos": [rule("class type network-qos <name>", 4, "pmap-nqos-c")],
    "pmap-nqos-c": [rule("mtu <576-9216>", 1), rule("pause pfc-cos <0-7>", 1)],
    "pmap-que": [rule("class type queuing <name>", 4, "pmap-c-que")],
    "pmap-c-que": [
        rule("bandwidth remaining percent <0-100>", 1),
        rule("bandwidth percent <0-100>", 1),
        rule("priority level <1-2>", 1),
        rule("random-detect minimum-threshold <int> <unit> maximum-threshold <int> <unit> "
             "drop-probability <0-100> weight <0-15> ecn", 1),
        rule("random-detect minimum-threshold <int> <unit> maximum-threshold <int> <unit> "
             "drop-probability <0-100> weight <0-15>", 1),
    ],
    "sys-qos": [
        rule("service-policy type network-qos <name>", 3),
        rule("service-policy type queuing output|input <name>", 4),
    ],
    "if": [
        rule("mtu <576-9216>", 1),
        rule("priority-flow-control mode on|off|auto", 2),
        rule("priority-flow-control mode on|off|auto send-tlv", 2),
        rule("priority-flow-control watch-dog-interval on|off", 2),
        rule("service-policy type qos input <name>", 4),
    ],
}
NXOS_PARENT = {"cmap-qos": "config", "pmap-qos": "config", "pmap-c-qos": "pmap-qos", "pmap-nqos": "config",
               "pmap-nqos-c": "pmap-nqos", "pmap-que": "config", "pmap-c-que": "pmap-que", "sys-qos": "config",
               "if": "config", "config": None}

NVUE_RULES = [
    rule("system hostname <name>", 2),
    rule("interface <swp> type swp", 3),
    rule("interface <swp> mtu <552-9216>", 3),
    rule("qos roce", 2),
    rule("qos roce mode lossless|lossy|lossless-single-ipool|lossy-multi-tc", 3),
    rule("qos pfc default-global switch-priority <0-7>", 5),
    rule("qos egress-queue-mapping default-global switch-priority <0-7> traffic-class <0-7>", 5),
    rule("qos mapping default-global trust both|l2|l3|port", 4),
    rule("qos mapping default-global dscp <0-63> switch-priority <0-7>", 5),
    rule("qos traffic-pool roce-lossless|default-lossy memory-percent <0-100>", 4),
]


def token_ok(pattern, token):
    if pattern.startswith("<") and pattern.endswith(">"):
        inner = pattern[1:-1]
        m = re.fullmatch(r"(\d+)-(\d+)", inner)
        if m:
            return token.isdigit() and int(m.group(1)) <= int(token) <= int(m.group(2))
        spec = {"name": NAME, "eosif": EOS_IF, "nxif": NXOS_IF, "swp": SWP, "int": r"[0-9]{1,9}",
                "unit": r"kbytes|mbytes|bytes|segments|microseconds|milliseconds"}[inner]
        return re.fullmatch(spec, token) is not None
    return token in pattern.split("|")


def match_rule(r, tokens):
    """Number of leading tokens that match the rule, and whether the whole line is exactly the rule."""
    n = 0
    for pattern, token in zip(r["tokens"], tokens):
        if not token_ok(pattern, token):
            break
        n += 1
    return n, n == len(tokens) == len(r["tokens"])


def classify(rules, tokens):
    """('ok', rule) | ('incomplete', None) | ('invalid', index of the first bad token)."""
    best = 0
    incomplete = False
    for r in rules:
        n, full = match_rule(r, tokens)
        if full:
            return "ok", r
        if n == len(tokens) and n < len(r["tokens"]):
            incomplete = True
        best = max(best, n)
    if incomplete:
        return "incomplete", None
    return "invalid", best


def removable(rules, tokens):
    """A 'no'/'unset' form: the tokens are a prefix (at least the key) of some rule."""
    for r in rules:
        n, _ = match_rule(r, tokens)
        if n == len(tokens) and n >= min(r["key"], len(r["tokens"])):
            return True
    return False


# ---------------------------------------------------------------------------------------------------------------
# Config trees: a node is [line, [children]]; lines are stored without indentation.

def find_child(node_children, line):
    for child in node_children:
        if child[0] == line:
            return child
    return None


def set_leaf(children, line, key):
    head = line.split()[:key]
    for i, child in enumerate(children):
        if child[0].split()[:key] == head and not child[1]:
            children[i] = [line, []]
            return
    children.append([line, []])


def remove_prefix(children, tokens):
    children[:] = [c for c in children if c[0].split()[:len(tokens)] != tokens]


def natural_key(text):
    return [int(p) if p.isdigit() else p for p in re.split(r"(\d+)", text)]


TOP_RANK = [("hostname", 0), ("qos map", 1), ("class-map", 1), ("qos profile", 2), ("policy-map type qos", 2),
            ("policy-map type network-qos", 3), ("policy-map type queuing", 4), ("system qos", 5),
            ("interface", 9)]


def top_key(node):
    for prefix, rank in TOP_RANK:
        if node[0].startswith(prefix):
            return (rank, natural_key(node[0]))
    return (8, natural_key(node[0]))


def render_tree(children, indent_unit, depth=0):
    out = []
    ordered = sorted(children, key=top_key) if depth == 0 else children
    for child in ordered:
        out.append(indent_unit * depth + child[0])
        out.extend(render_tree(child[1], indent_unit, depth + 1))
        if depth == 0 and (child[1] or child[0].startswith(("interface", "qos profile", "policy-map", "class-map"))):
            out.append("!" if indent_unit == "   " else "")
    return out


def copy_tree(tree):
    return json.loads(json.dumps(tree))


# ---------------------------------------------------------------------------------------------------------------
# State file

class State:
    def __init__(self, path):
        self.path = path
        self.lock_fd = None
        self.data = None

    def __enter__(self):
        self.lock_fd = os.open(self.path + ".lock", os.O_CREAT | os.O_RDWR, 0o600)
        fcntl.flock(self.lock_fd, fcntl.LOCK_EX)
        with open(self.path) as f:
            self.data = json.load(f)
        settle_timers(self.data)
        return self.data

    def __exit__(self, *exc):
        tmp = self.path + ".tmp"
        with open(tmp, "w") as f:
            json.dump(self.data, f, indent=1)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, self.path)
        fcntl.flock(self.lock_fd, fcntl.LOCK_UN)
        os.close(self.lock_fd)
        return False


def settle_timers(data):
    now = time.time()
    pend = data.get("pending_commit")
    if pend and now >= pend["deadline"]:
        # EOS: the commit timer ran out without a confirm: back to the configuration before the commit.
        data["running"] = pend["before"]
        data["sessions"].pop(pend["session"], None)
        data["pending_commit"] = None
        data.setdefault("log", []).append("commit timer of session %s expired: reverted" % pend["session"])
    nv = data.get("nv")
    if nv and nv.get("confirm") and now >= nv["confirm"]["deadline"]:
        revert_nv(nv)
        data.setdefault("log", []).append("nv config apply --confirm expired: reverted")


def revert_nv(nv):
    c = nv["confirm"]
    nv["applied"] = c["prev_config"]
    nv["applied_rev"] = c["prev_rev"]
    for h in nv["history"]:
        if h["rev"] == c["rev"]:
            h["state"] = "reverted"
    nv["confirm"] = None


def init_state(vendor, hostname, ports):
    if vendor == "cumulus":
        applied = sorted(["system hostname " + hostname] + ["interface %s type swp" % p for p in ports])
        return {"vendor": vendor, "hostname": hostname,
                "nv": {"applied": applied, "applied_rev": 1, "pending": None, "next_rev": 2, "confirm": None,
                       "startup": applied, "history": [{"rev": 1, "state": "applied", "config": applied}]}}
    running = [["hostname " + hostname, []]] + [["interface " + p, []] for p in ports]
    return {"vendor": vendor, "hostname": hostname, "running": running, "startup": copy_tree(running),
            "sessions": {}, "pending_commit": None, "checkpoints": {}}


# ---------------------------------------------------------------------------------------------------------------
# Terminal I/O

class Term:
    def __init__(self, interactive):
        self.interactive = interactive
        self.page = PAGE_LINES if interactive else 0
        self.skip_lf = False

    def write(self, text):
        data = text.replace("\r\n", "\n").replace("\n", "\r\n").encode("utf-8", "replace") \
            if isinstance(text, str) else text
        while data:
            try:
                n = os.write(1, data)
            except BrokenPipeError:
                sys.exit(0)
            except OSError:
                sys.exit(0)
            data = data[n:]

    def read_byte(self):
        try:
            b = os.read(0, 1)
        except OSError:
            b = b""
        if not b:
            sys.exit(0)
        return b

    def read_line(self):
        buf = bytearray()
        while True:
            b = self.read_byte()
            if self.skip_lf and b == b"\n":
                self.skip_lf = False
                continue
            self.skip_lf = False
            if b in (b"\r", b"\n"):
                self.skip_lf = b == b"\r"
                self.write("\n")
                return buf.decode("utf-8", "replace")
            if b in (b"\x7f", b"\x08"):
                if buf:
                    buf.pop()
                    self.write("\b \b")
                continue
            if b == b"\x03":
                self.write("^C\n")
                return ""
            if b == b"\x1a":
                self.write("^Z\n")
                return "end"
            if len(buf) < 4096:
                buf += b
                self.write(b)

    def output(self, text, pager_text):
        """Writes command output, paged with pager_text when paging is on."""
        lines = text.split("\n")
        if text.endswith("\n"):
            lines.pop()
        if not self.interactive or self.page == 0 or len(lines) < self.page:
            for line in lines:
                self.write(line + "\n")
            return
        shown = 0
        budget = self.page - 1
        while shown < len(lines):
            chunk = lines[shown:shown + budget]
            for line in chunk:
                self.write(line + "\n")
            shown += len(chunk)
            if shown >= len(lines):
                break
            self.write(pager_text)
            key = self.read_byte()
            self.write("\r\x1b[K")
            if key in (b"q", b"Q", b"\x03"):
                break
            budget = 1 if key in (b"\r", b"\n") else self.page - 1


# ---------------------------------------------------------------------------------------------------------------
# Arista EOS and Cisco NX-OS: hierarchical CLIs


class HierCli:
    def __init__(self, vendor, state_path, term):
        self.vendor = vendor
        self.path = state_path
        self.term = term
        self.grammar = EOS_GRAMMAR if vendor == "eos" else NXOS_GRAMMAR
        self.parent = EOS_PARENT if vendor == "eos" else NXOS_PARENT
        self.indent = "   " if vendor == "eos" else "  "
        self.enabled = vendor == "nxos"
        self.stack = []  # [(mode, node line path)] while in configuration mode
        self.session = None  # EOS configuration session name
        with State(state_path) as st:
            self.hostname = st["hostname"]

    # -- prompt and errors
    def prompt(self):
        if not self.stack:
            return self.hostname + ("#" if self.enabled else ">")
        mode = self.stack[-1][0]
        if self.vendor == "eos":
            base = "config-s-" + self.session if self.session else "config"
            if mode == "if":
                suffix = "-if-" + self.stack[-1][1][-1].split()[-1].replace("Ethernet", "Et")
            else:
                suffix = {"config": "", "qprof": "-qos-profile", "txq": "-uc-txq"}[mode]
            return "%s(%s%s)#" % (self.hostname, base, suffix)
        return "%s(%s)#" % (self.hostname, "config" if mode == "config" else "config-" + mode)

    def invalid(self, line, index):
        tokens = line.split()
        if self.vendor == "eos":
            tok = tokens[index] if index < len(tokens) else ""
            return "% Invalid input (at token {}: '{}')\n".format(index, tok)
        col = len(self.prompt()) + 1
        pos = 0
        for i, t in enumerate(tokens):
            pos = line.find(t, pos)
            if i == index:
                break
            pos += len(t)
        return " " * (col + max(pos, 0)) + "^\n% Invalid command at '^' marker.\n"

    def incomplete(self):
        return "% Incomplete command\n"

    # -- the config tree being edited (running, or the EOS session copy)
    def tree(self, st):
        return st["sessions"][self.session] if self.session else st["running"]

    def node_children(self, st, path):
        children = self.tree(st)
        for line in path:
            node = find_child(children, line)
            if node is None:
                node = [line, []]
                children.append(node)
            children = node[1]
        return children

    # -- main loop
    def run_interactive(self):
        self.term.write(BANNER[self.vendor] + "\n")
        while True:
            self.term.write(self.prompt())
            line = self.term.read_line()
            self.handle(line)

    def handle(self, raw):
        line = " ".join(raw.split())
        if not line or line.startswith("!"):
            return
        with State(self.path) as st:
            out = self.command(st, line)
        if out is not None:
            self.deliver(out)

    def deliver(self, out):
        if isinstance(out, tuple):  # (kind, payload): hostile knobs
            kind = out[0]
            if kind == "flood":
                while True:
                    self.term.write("interface Ethernet%d\n   description %s\n"
                                    % (random.randint(1, 99999), "x" * random.randint(1, 200)))
            if kind == "binary":
                self.term.write(bytes(random.getrandbits(8) for _ in range(65536)))
                return
            if kind == "password":
                self.term.write("Password: ")
                self.term.read_line()
                self.term.write("% Access denied\n")
                return
            if kind == "silent":
                while True:
                    self.term.read_byte()
            return
        self.term.output(out, " --More-- ")

    def command(self, st, line):
        tokens = line.split()
        # Commands valid in every mode.
        if tokens[0] == "show" or line in ("copy running-config startup-config", "write memory") \
                or tokens[0] == "terminal":
            return self.exec_command(st, line, tokens)
        if not self.stack:
            return self.exec_command(st, line, tokens)
        return self.config_command(st, line, tokens)

    def exec_command(self, st, line, tokens):
        eos = self.vendor == "eos"
        if line == "enable" and eos:
            if st.get("enable_password"):
                return ("password",)
            self.enabled = True
            return ""
        if line in ("exit", "logout", "quit"):
            if self.stack:
                return self.config_command(st, line, tokens)
            sys.exit(0)
        if tokens[0] == "terminal" and len(tokens) == 3 and tokens[1] == "length" and tokens[2].isdigit():
            if st.get("no_paging_off"):
                return self.invalid(line, 1)  # test knob: a device whose pager cannot be turned off
            self.term.page = int(tokens[2])
            if eos:
                return "Pagination disabled.\n" if self.term.page == 0 else \
                    "Pagination set to %d lines.\n" % self.term.page
            return ""
        if tokens[0] == "terminal" and len(tokens) == 3 and tokens[1] == "width" and tokens[2].isdigit():
            return "Width set to %s columns.\n" % tokens[2] if eos else ""
        if tokens[0] == "terminal" and line == "terminal dont-ask" and not eos:
            return ""
        if tokens[0] == "show":
            return self.show(st, line, tokens)
        if not self.enabled:
            return "% Invalid input (privileged mode required)\n"
        if line in ("copy running-config startup-config", "write memory"):
            if eos and st.get("pending_commit"):
                # Never persist an unconfirmed commit; EOS refuses while a commit timer runs.
                return "% Cannot copy to startup-config while a commit timer is pending\n"
            st["startup"] = copy_tree(st["running"])
            return "Copy completed successfully.\n" if eos else \
                "[########################################] 100%\nCopy complete.\n"
        if line in ("configure", "configure terminal"):
            self.stack = [("config", [])]
            self.session = None
            return "" if eos else "Enter configuration commands, one per line. End with CNTL/Z.\n"
        if eos and tokens[:2] == ["configure", "session"]:
            return self.eos_session_exec(st, tokens)
        if not eos:
            if len(tokens) == 2 and tokens[0] == "checkpoint" and re.fullmatch(NAME, tokens[1]):
                if tokens[1] in st["checkpoints"]:
                    return "ERROR: Checkpoint name already in use\n"
                if len(st["checkpoints"]) >= 10:
                    return "ERROR: Maximum number of checkpoints (10) reached\n"
                st["checkpoints"][tokens[1]] = copy_tree(st["running"])
                return "Done\n"
            if len(tokens) == 3 and tokens[:2] == ["no", "checkpoint"]:
                if st["checkpoints"].pop(tokens[2], None) is None:
                    return "ERROR: No checkpoint with name %s\n" % tokens[2]
                return "Done\n"
            if tokens[:3] == ["rollback", "running-config", "checkpoint"] and len(tokens) in (4, 5):
                if len(tokens) == 5 and tokens[4] not in ("atomic", "best-effort", "stop-at-first-failure"):
                    return self.invalid(line, 4)
                cp = st["checkpoints"].get(tokens[3])
                if cp is None:
                    return "ERROR: Checkpoint %s does not exist\n" % tokens[3]
                st["running"] = copy_tree(cp)
                return ("Note: Applying config parallelly may fail Rollback verification\n"
                        "Collecting Running-Config\n#Generating Rollback Patch\nExecuting Rollback Patch\n"
                        "#Generating Running-config for verification\n#Generating Patch for verification\n"
                        "Verification is Successful.\n\nRollback completed successfully.\n\n")
        return self.invalid(line, self.first_unknown(tokens))

    def first_unknown(self, tokens):
        return 1 if len(tokens) > 1 and tokens[0] in ("configure", "checkpoint", "rollback", "copy") else 0

    def eos_session_exec(self, st, tokens):
        if len(tokens) < 3 or not re.fullmatch(NAME, tokens[2]) or len(tokens) > 4:
            return self.incomplete() if len(tokens) < 3 else self.invalid(" ".join(tokens), 2)
        name = tokens[2]
        pend = st.get("pending_commit")
        if len(tokens) == 3:
            if pend and pend["session"] != name:
                return "%% Cannot enter session: session %s has a pending commit timer\n" % pend["session"]
            if pend and pend["session"] == name:
                return "%% Session %s has a pending commit timer: commit or abort it\n" % name
            st["sessions"].setdefault(name, copy_tree(st["running"]))
            self.session = name
            self.stack = [("config", [])]
            return ""
        action = tokens[3]
        if action == "commit":
            if pend and pend["session"] == name:
                st["pending_commit"] = None
                st["sessions"].pop(name, None)
                return ""
            if name not in st["sessions"]:
                return "%% Session %s does not exist\n" % name
            st["running"] = st["sessions"].pop(name)
            return ""
        if action == "abort":
            if pend and pend["session"] == name:
                st["running"] = pend["before"]
                st["pending_commit"] = None
            if st["sessions"].pop(name, None) is None and not (pend and pend["session"] == name):
                return "%% Session %s does not exist\n" % name
            return ""
        return self.invalid(" ".join(tokens), 3)

    def config_command(self, st, line, tokens):
        eos = self.vendor == "eos"
        if line == "end":
            self.stack = []
            self.session = None
            return ""
        if line == "exit":
            self.stack.pop()
            if not self.stack:
                self.session = None
            return ""
        if eos and self.session:
            if line == "show session-config diffs":
                return self.session_diff(st)
            if line == "abort":
                st["sessions"].pop(self.session, None)
                self.stack, self.session = [], None
                return ""
            if line == "commit":
                st["running"] = st["sessions"].pop(self.session)
                self.stack, self.session = [], None
                return ""
            if tokens[:2] == ["commit", "timer"] and len(tokens) == 3:
                m = re.fullmatch(r"(\d{1,2}):(\d{2}):(\d{2})", tokens[2])
                if not m or int(m.group(2)) > 59 or int(m.group(3)) > 59:
                    return self.invalid(line, 2)
                seconds = int(m.group(1)) * 3600 + int(m.group(2)) * 60 + int(m.group(3))
                if seconds == 0:
                    return self.invalid(line, 2)
                st["pending_commit"] = {"session": self.session, "deadline": time.time() + seconds,
                                        "before": copy_tree(st["running"])}
                st["running"] = copy_tree(st["sessions"][self.session])
                self.stack, self.session = [], None
                return ""
            if line == "rollback clean-config":
                st["sessions"][self.session] = []
                self.stack = [("config", [])]
                return ""
        negate = tokens[0] == "no"
        body = tokens[1:] if negate else tokens
        if not body:
            return self.incomplete()
        # Try the current mode, then its parents (a command of an outer mode leaves the inner one).
        depth = len(self.stack) - 1
        first_error = None
        while depth >= 0:
            mode, path = self.stack[depth]
            rules = self.grammar[mode]
            if negate:
                if removable(rules, body):
                    self.stack = self.stack[:depth + 1]
                    children = self.node_children(st, path)
                    err = self.check_removal(st, body)
                    if err:
                        return err
                    remove_prefix(children, body)
                    return ""
            else:
                kind, what = classify(rules, body)
                if kind == "ok":
                    self.stack = self.stack[:depth + 1]
                    children = self.node_children(st, path)
                    text = " ".join(body)
                    if what["enter"]:
                        if find_child(children, text) is None:
                            children.append([text, []])
                        self.stack.append((what["enter"], path + [text]))
                    else:
                        set_leaf(children, text, what["key"])
                    return ""
                if first_error is None:
                    first_error = (kind, what)
            depth -= 1
        if negate:
            return self.invalid(line, 1)
        kind, what = first_error
        if kind == "incomplete":
            return self.incomplete()
        return self.invalid(line, what)

    def check_removal(self, st, body):
        # NX-OS refuses to delete a policy-map that is still attached (realistic order check for undo text).
        if self.vendor != "nxos" or body[:1] != ["policy-map"] or len(body) < 4:
            return None
        name = body[3]
        for node in st["running"]:
            for child in node[1]:
                if child[0].startswith("service-policy") and child[0].split()[-1] == name:
                    return "ERROR: Policy-map %s is in use, cannot delete\n" % name
        return None

    # -- show commands
    def running_text(self, tree):
        title = "! " + BANNER[self.vendor]
        lines = [title, "! Command: show running-config", "!"] + render_tree(tree, self.indent) + ["end"]
        if self.vendor == "nxos":
            lines = ["!" + BANNER[self.vendor], "!Command: show running-config", ""] + \
                render_tree(tree, self.indent)
        return "\n".join(lines) + "\n"

    def session_diff(self, st):
        a = self.running_text(st["running"]).splitlines()
        b = self.running_text(st["sessions"][self.session]).splitlines()
        return "".join(x + "\n" for x in difflib.unified_diff(
            a, b, "system:/running-config", "session:/%s-session-config" % self.session, lineterm=""))

    def show(self, st, line, tokens):
        eos = self.vendor == "eos"
        if line == "show running-config":
            hostile = st.get("hostile")
            if hostile in ("flood", "binary", "silent"):
                return (hostile,)
            if hostile == "slow":
                time.sleep(1.5)
            return self.running_text(st["running"])
        if line == "show version":
            return BANNER[self.vendor] + "\n"
        if line == "show startup-config":
            return self.running_text(st["startup"])
        if eos:
            if line == "show session-config diffs" and self.session:
                return self.session_diff(st)
            if line in ("show configuration sessions", "show configuration sessions detail"):
                out = "Maximum number of completed sessions: 1\nMaximum number of pending sessions: 5\n\n" \
                      "  Name         State             User\n  ------------ ----------------- ------\n"
                pend = st.get("pending_commit")
                for name in sorted(st["sessions"]):
                    state = "pending-commit-timer" if pend and pend["session"] == name else "pending"
                    out += "  %-12s %-17s\n" % (name, state)
                if pend:
                    out += "\nCommit timer of session %s expires in %d seconds\n" % (
                        pend["session"], max(0, int(pend["deadline"] - time.time())))
                return out
            if line == "show qos maps":
                return self.eos_qos_maps(st)
            if len(tokens) == 4 and tokens[:3] == ["show", "qos", "profile"]:
                node = find_child(st["running"], "qos profile " + tokens[3])
                if node is None:
                    return "%% Qos profile %s not found\n" % tokens[3]
                users = [n[0].split()[1] for n in st["running"]
                         if n[0].startswith("interface") and ["service-profile " + tokens[3], []] in n[1]]
                return "Qos Profile: %s\nConfigured on: %s\n\n%s\n" % (
                    tokens[3], ",".join(users), "\n".join(render_tree([node], self.indent)[:-1]))
            if line == "show priority-flow-control":
                return self.eos_pfc(st)
            if line == "show dcbx":
                out = ""
                for n in st["running"]:
                    if n[0].startswith("interface"):
                        mode = next((c[0].split()[2] for c in n[1] if c[0].startswith("dcbx mode")), "none")
                        out += "%s:\n  DCBX mode: %s\n" % (n[0].split()[1], mode.upper())
                return out
        else:
            if len(tokens) == 5 and tokens[:3] == ["show", "policy-map", "type"] and \
                    tokens[3] in ("qos", "network-qos", "queuing"):
                node = find_child(st["running"], "policy-map type %s %s" % (tokens[3], tokens[4]))
                if node is None:
                    return "ERROR: policy-map %s does not exist\n" % tokens[4]
                return "\n\n  Type %s policy-maps\n  ====================\n\n%s\n" % (
                    tokens[3], "\n".join("  " + x for x in render_tree([node], self.indent) if x))
            if line == "show policy-map system type network-qos":
                sysq = find_child(st["running"], "system qos")
                name = "default-nq-8e-policy"
                for c in (sysq[1] if sysq else []):
                    if c[0].startswith("service-policy type network-qos"):
                        name = c[0].split()[-1]
                out = "\n  Service-policy (network-qos) input:   %s\n\n" % name
                node = find_child(st["running"], "policy-map type network-qos " + name)
                if node:
                    out += "\n".join("    " + x for x in render_tree([node], self.indent) if x) + "\n"
                return out
            if line == "show interface priority-flow-control":
                out = "=" * 60 + "\nPort               Mode Oper(VL bmap)  RxPPP      TxPPP\n" + "=" * 60 + "\n\n"
                for n in sorted((n for n in st["running"] if n[0].startswith("interface")), key=top_key):
                    mode = next((c[0].split()[2] for c in n[1] if c[0].startswith("priority-flow-control mode")),
                                "auto")
                    oper = "On  (8)" if mode == "on" else "Off"
                    out += "%-18s %-4s %-14s %-10d %-10d\n" % (n[0].split()[1], mode.capitalize(), oper, 0, 0)
                return out
            if len(tokens) == 4 and tokens[:3] == ["show", "queuing", "interface"]:
                node = find_child(st["running"], "interface " + tokens[3])
                if node is None:
                    return self.invalid(line, 3)
                sysq = find_child(st["running"], "system qos")
                q = next((c[0].split()[-1] for c in (sysq[1] if sysq else [])
                          if c[0].startswith("service-policy type queuing output")), "default-out-policy")
                pfc = next((c[0] for c in node[1] if c[0].startswith("priority-flow-control mode")), "")
                return "slot  1\n=======\n\nEgress Queuing for %s [System]\n" \
                       "------------------------------------------------------------------------------\n" \
                       "  Template: 8Q\n  Policy: %s\n  PFC: %s\n" % (tokens[3], q, "On" if " on" in pfc else "Off")
            if line == "show checkpoint summary":
                out = "User Checkpoint Summary\n" + "-" * 60 + "\n"
                for i, name in enumerate(sorted(st["checkpoints"]), 1):
                    out += "%d) %s:\nCreated by admin\n\n" % (i, name)
                return out
        return self.invalid(line, 1)

    def eos_qos_maps(self, st):
        maps = {}
        for n in st["running"]:
            m = re.fullmatch(r"qos map (dscp|cos) (\d+) to traffic-class (\d+)", n[0])
            if m:
                maps[(m.group(1), int(m.group(2)))] = int(m.group(3))
        out = "Number of Traffic Classes supported: 8\nNumber of transmit queues per port: 8\n\nCos-tc map:\n"
        out += "  cos:  " + " ".join(str(c) for c in range(8)) + "\n"
        out += "  tc:   " + " ".join(str(maps.get(("cos", c), c)) for c in range(8)) + "\n\nDscp-tc map:\n"
        for d in range(64):
            out += "  dscp %2d : tc %d%s\n" % (d, maps.get(("dscp", d), d // 8),
                                               " (configured)" if ("dscp", d) in maps else "")
        return out

    def eos_pfc(self, st):
        out = "The hardware supports PFC on priorities 0 1 2 3 4 5 6 7\n\nPort    Enabled  Priorities  Watchdog\n"
        for n in sorted((n for n in st["running"] if n[0].startswith("interface")), key=top_key):
            prof = next((c[0].split()[1] for c in n[1] if c[0].startswith("service-profile")), None)
            pnode = find_child(st["running"], "qos profile " + prof) if prof else None
            lines = [c[0] for c in pnode[1]] if pnode else []
            on = "priority-flow-control on" in lines
            prios = [l.split()[2] for l in lines if re.fullmatch(r"priority-flow-control priority \d no-drop", l)]
            out += "%-7s %-8s %-11s %s\n" % (n[0].split()[1].replace("Ethernet", "Et"), "Yes" if on else "No",
                                              " ".join(prios) or "-",
                                              "on" if "priority-flow-control pause watchdog" in lines else "off")
        return out


# ---------------------------------------------------------------------------------------------------------------
# Cumulus Linux NVUE: a Linux shell with the nv command


class NvueShell:
    def __init__(self, state_path, term):
        self.path = state_path
        self.term = term
        with State(state_path) as st:
            self.hostname = st["hostname"]

    def prompt(self):
        return "cumulus@%s:mgmt:~$ " % self.hostname

    def run_interactive(self):
        self.term.write(BANNER["cumulus"] + "\n")
        while True:
            self.term.write(self.prompt())
            self.handle(self.term.read_line())

    def handle(self, raw):
        line = " ".join(raw.split())
        if not line:
            return
        if line in ("exit", "logout"):
            sys.exit(0)
        with State(self.path) as st:
            out = self.command(st["nv"], line)
        self.term.output(out, ":")

    def command(self, nv, line):
        tokens = line.split()
        if tokens[0] == "true":
            return ""
        if tokens[0] == "echo":
            return " ".join(tokens[1:]) + "\n"
        if tokens[0] != "nv":
            return "-bash: %s: command not found\n" % tokens[0]
        if len(tokens) >= 2 and tokens[1] in ("set", "unset"):
            return self.set_unset(nv, tokens)
        if len(tokens) >= 2 and tokens[1] == "config":
            return self.config(nv, tokens[2:], line)
        if len(tokens) >= 2 and tokens[1] == "show":
            return self.show(nv, tokens[2:], line)
        return "Error: Invalid Command: %s\n" % line

    def set_unset(self, nv, tokens):
        body = tokens[2:]
        if nv.get("pending") is None:
            nv["pending"] = list(nv["applied"])
            nv["pending_rev"] = nv["next_rev"]
            nv["next_rev"] += 1
        if tokens[1] == "set":
            kind, what = classify(NVUE_RULES, body)
            if kind != "ok":
                return "Error: Invalid Command: %s\n" % " ".join(tokens)
            text = " ".join(body)
            if text == "qos roce":
                text = "qos roce mode lossless"
            key = text.split()[:what["key"] if text != "qos roce mode lossless" else 3]
            nv["pending"] = [l for l in nv["pending"] if l.split()[:len(key)] != key] + [text]
            nv["pending"].sort()
            return ""
        if not body or not removable(NVUE_RULES, body):
            return "Error: Invalid Command: %s\n" % " ".join(tokens)
        nv["pending"] = [l for l in nv["pending"] if l.split()[:len(body)] != body]
        return ""

    def config(self, nv, args, line):
        if args == ["diff"]:
            pending = nv.get("pending") or nv["applied"]
            out = ""
            for l in sorted(set(nv["applied"]) - set(pending)):
                out += "- nv set " + l + "\n"
            for l in sorted(set(pending) - set(nv["applied"])):
                out += "+ nv set " + l + "\n"
            return out
        if args[:1] == ["show"]:
            if args[1:] == ["-o", "commands"]:
                return "".join("nv set %s\n" % l for l in nv["applied"])
            if args[1:] == []:
                return self.yaml(nv["applied"])
            return "Error: Invalid Command: %s\n" % line
        if args == ["history"]:
            out = "Rev ID  State      Lines\n------  ---------  -----\n"
            for h in nv["history"]:
                out += "%-6d  %-9s  %d\n" % (h["rev"], h["state"], len(h["config"]))
            out += "applied: %d\n" % nv["applied_rev"]
            return out
        if args == ["save"]:
            if nv.get("confirm"):
                return "Error: a confirmed apply is pending: confirm it first (nv config apply --confirm-yes)\n"
            nv["startup"] = list(nv["applied"])
            return "saved\n"
        if args == ["detach"]:
            nv["pending"] = None
            return ""
        if args[:1] == ["apply"]:
            return self.apply(nv, args[1:], line)
        return "Error: Invalid Command: %s\n" % line

    def apply(self, nv, opts, line):
        if opts == ["--confirm-yes"]:
            if not nv.get("confirm"):
                return "Error: no apply is waiting for confirmation\n"
            nv["confirm"] = None
            return "confirmed\n"
        if opts == ["--confirm-no"]:
            if not nv.get("confirm"):
                return "Error: no apply is waiting for confirmation\n"
            revert_nv(nv)
            return "rolled back [rev_id: %d]\n" % nv["applied_rev"]
        if opts == ["--confirm-status"]:
            c = nv.get("confirm")
            if not c:
                return "No pending confirmation\n"
            return "Pending confirmation, %d seconds left\n" % max(0, int(c["deadline"] - time.time()))
        rev = None
        confirm = None
        yes = False
        i = 0
        while i < len(opts):
            o = opts[i]
            if o in ("-y", "--y", "--assume-yes"):
                yes = True
            elif o == "--confirm":
                confirm = 600
                if i + 1 < len(opts) and re.fullmatch(r"\d+[smh]?", opts[i + 1]):
                    t = opts[i + 1]
                    unit = {"s": 1, "m": 60, "h": 3600}.get(t[-1], 60)
                    confirm = int(t.rstrip("smh")) * unit
                    i += 1
            elif o.isdigit() and rev is None:
                rev = int(o)
            else:
                return "Error: Invalid Command: %s\n" % line
            i += 1
        if nv.get("confirm"):
            return "Error: an apply with --confirm is pending: answer it with --confirm-yes or --confirm-no\n"
        if rev is not None:
            hist = next((h for h in nv["history"] if h["rev"] == rev), None)
            if hist is None:
                return "Error: revision %d does not exist\n" % rev
            target = list(hist["config"])
        else:
            if nv.get("pending") is None:
                return "Warning: There are no configuration changes to apply.\n"
            target = nv["pending"]
        del yes  # this emulator never asks (it emits no apply warnings); -y is accepted as the manual documents
        new_rev = nv.get("pending_rev") if rev is None else nv["next_rev"]
        if rev is not None:
            nv["next_rev"] += 1
        prev_config, prev_rev = list(nv["applied"]), nv["applied_rev"]
        nv["applied"] = list(target)
        nv["applied_rev"] = new_rev
        nv["pending"] = None
        nv["history"].append({"rev": new_rev, "state": "applied", "config": list(target)})
        if len(nv["history"]) > 50:
            nv["history"] = nv["history"][-50:]
        if confirm:
            nv["confirm"] = {"deadline": time.time() + confirm, "prev_config": prev_config, "prev_rev": prev_rev,
                             "rev": new_rev}
            return "applied [rev_id: %d], confirm within %d seconds or it rolls back\n" % (new_rev, confirm)
        return "applied [rev_id: %d]\n" % new_rev

    def yaml(self, config):
        return "".join("- set: %s\n" % l for l in config)

    def show(self, nv, args, line):
        applied = nv["applied"]
        if args == ["qos", "roce"]:
            mode = next((l.split()[3] for l in applied if l.startswith("qos roce mode")), None)
            pfc = [l.split()[4] for l in applied if l.startswith("qos pfc default-global")]
            rows = [("enable", "on" if mode else "off"), ("mode", mode or "")]
            if mode:
                rows += [("pfc", ""), ("  pfc-priority", ",".join(pfc) or ("3" if mode.startswith("lossless")
                                                                              else "")),
                         ("  rx-enabled", "enabled" if mode.startswith("lossless") else "disabled"),
                         ("congestion-control", ""), ("  congestion-mode", "ECN"),
                         ("  min-threshold", "146.48 KB"), ("  max-threshold", "1.43 MB"),
                         ("trust", ""), ("  trust-mode", "pcp,dscp")]
            out = "                    operational  applied\n------------------  -----------  -------\n"
            for k, v in rows:
                out += "%-18s  %-11s  %s\n" % (k, v, v)
            return out
        if len(args) == 2 and args[0] == "interface" and re.fullmatch(SWP, args[1]):
            if not any(l.startswith("interface %s " % args[1]) for l in applied):
                return "Error: The requested item does not exist.\n"
            mtu = next((l.split()[3] for l in applied if l.startswith("interface %s mtu" % args[1])), "9216")
            return ("                      operational  applied\n"
                    "--------------------  -----------  -------\n"
                    "type                  swp          swp\n"
                    "link\n  state               up           up\n"
                    "  mtu                 %s         %s\n" % (mtu, mtu)).replace("  mtu ", "mtu   ", 1)
        return "Error: Invalid Command: %s\n" % line


# ---------------------------------------------------------------------------------------------------------------


def main():
    ap = argparse.ArgumentParser(description="RoCE Pilot switch CLI EMULATOR (tests only; not a device)")
    ap.add_argument("--vendor", required=True, choices=["eos", "nxos", "cumulus"])
    ap.add_argument("--state", required=True)
    ap.add_argument("--init", action="store_true")
    ap.add_argument("--hostname", default="sw")
    ap.add_argument("--ports", default="")
    args = ap.parse_args()
    if args.init:
        ports = [p for p in args.ports.split(",") if p]
        with open(args.state + ".tmp", "w") as f:
            json.dump(init_state(args.vendor, args.hostname, ports), f, indent=1)
        os.replace(args.state + ".tmp", args.state)
        return
    signal.signal(signal.SIGPIPE, signal.SIG_DFL)
    interactive = os.isatty(0)
    term = Term(interactive)
    if args.vendor == "cumulus":
        term.page = 0  # a Linux shell: no pager (Netmiko: "Linux doesn't have paging by default")
    cli = NvueShell(args.state, term) if args.vendor == "cumulus" else HierCli(args.vendor, args.state, term)
    command = os.environ.get("SSH_ORIGINAL_COMMAND", "")
    if command and not interactive:
        if isinstance(cli, HierCli):
            cli.enabled = True
        for part in command.split("\n"):
            cli.handle(part)
        return
    if not interactive:
        print("switch_emu.py: interactive use needs a PTY", file=sys.stderr)
        sys.exit(2)
    saved = termios.tcgetattr(0)
    try:
        tty.setraw(0)
        cli.run_interactive()
    finally:
        termios.tcsetattr(0, termios.TCSADRAIN, saved)


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""The fabric check's scorer (issue 22): plants faults one at a time on a running lab fabric with lab/faults.sh,
watches `rocepilot-cli fabric watch --json` name them, and scores each verdict against the planter's truth.

Per plant: after the watch reports no open finding, a uniformly random delay in [0, 2) s (seeded, printed), so
that faults arrive at any point of a round as real ones do, not right at its start; then detection (the planter's
return -> the first finding raised on the truth's element, as the event line arrives), top-1 (the first finding
above severity info raised after the plant is the truth's element and class; for a host-busy truth, which is a note
itself, the first finding of any severity), top-2 (the truth is that finding's first alternative or the next such
finding raised), and the time to clear after the fault is removed. Info notes raised meanwhile on other elements
(a stall note from a loaded machine) are no verdict on the fault: they are counted and printed apart.
At the end: detection p50/p95/max, localisation rates, notes, false findings (raised on another element while
nothing was planted, or never cleared), and the goals of issue 22.

usage: fabric_score.py --cli CLI --state LABSTATE --inventory INV --plants N [--seed S] [--rdma] [--classes ...]
       [--save RUN] [--healthy-seconds S]
Writes the per-plant table and the summary to stdout; the watch's own output to --out DIR.
"""
import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import threading
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FAULTS = os.path.join(ROOT, "lab", "faults.sh")


class Watch:
    """`fabric watch --json` in the background; every event line timestamped as it arrives."""

    def __init__(self, cmd, out_dir):
        self.events = []  # (monotonic time, event dict)
        self.lock = threading.Condition()
        self.open = {}  # id -> finding
        self.stderr = open(os.path.join(out_dir, "watch.err"), "w")
        self.raw = open(os.path.join(out_dir, "watch.jsonl"), "w")
        self.proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=self.stderr, text=True, bufsize=1)
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()

    def _read(self):
        for line in self.proc.stdout:
            now = time.monotonic()
            self.raw.write(line)
            self.raw.flush()
            try:
                event = json.loads(line)
            except json.JSONDecodeError:
                continue
            with self.lock:
                kind = event.get("event")
                if kind == "raised":
                    self.open[event["id"]] = event
                elif kind == "cleared":
                    self.open.pop(event["id"], None)
                self.events.append((now, event))
                self.lock.notify_all()

    def wait(self, predicate, timeout):
        """Waits until predicate(events, open) is true; returns it or None at the timeout."""
        deadline = time.monotonic() + timeout
        with self.lock:
            while True:
                value = predicate(self.events, self.open)
                if value:
                    return value
                left = deadline - time.monotonic()
                if left <= 0 or self.proc.poll() is not None:
                    return None
                self.lock.wait(min(left, 0.2))

    def stop(self):
        self.proc.send_signal(2)  # Ctrl-C: the watch stops every agent
        try:
            return self.proc.wait(60)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            return None


def faults(state, *args):
    r = subprocess.run(["bash", FAULTS, args[0], "--state-dir", state, *args[1:]], capture_output=True, text=True)
    if r.returncode != 0:
        raise RuntimeError(f"faults.sh {' '.join(args)}: exit {r.returncode}: {r.stderr.strip()}")
    return r.stdout


def percentile(values, p):
    if not values:
        return float("nan")
    ordered = sorted(values)
    k = max(0, min(len(ordered) - 1, int(round(p / 100.0 * len(ordered) + 0.5)) - 1))
    return ordered[k]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--cli", required=True)
    ap.add_argument("--state", required=True)
    ap.add_argument("--inventory", required=True)
    ap.add_argument("--plants", type=int, default=20)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--rdma", action="store_true")
    ap.add_argument("--classes", default="port-down,link-loss-access,link-loss-uplink,tor-down,agent-stop,busy")
    ap.add_argument("--detect-timeout", type=float, default=20.0)
    ap.add_argument("--clear-timeout", type=float, default=40.0)
    ap.add_argument("--healthy-seconds", type=float, default=0.0)
    ap.add_argument("--busy-seconds", type=float, default=60.0,
                    help="after the plants: this long with one guest's CPU saturated (0: skip)")
    # Issue 22's condition is one core saturated: the lab guests have one vCPU, so one busy loop saturates it
    # (the agent then gets about half of it). More loops starve the agent further than the goal asks; the busy
    # plants among the 20 keep faults.sh's own default of 4.
    ap.add_argument("--busy-loops", type=int, default=1,
                    help="busy loops on the guest during --busy-seconds (default 1: its one vCPU saturated)")
    ap.add_argument("--out", required=True)
    ap.add_argument("--save")
    args = ap.parse_args()
    os.makedirs(args.out, exist_ok=True)
    rng = random.Random(args.seed)
    # Its own generator: the same seed plants the same faults as before the offsets existed.
    offsets = random.Random(f"offsets-{args.seed}")
    # The guests and their racks, as the lab's inventory names them ("  - name: lab-a" ... "    rack: tor1").
    rack = {}
    name = None
    with open(args.inventory) as inv:
        for line in inv:
            if line.startswith("  - name: "):
                name = line.split(":", 1)[1].strip()
            elif line.startswith("    rack: ") and name:
                rack[name] = line.split(":", 1)[1].strip()
    guests = sorted(rack)
    tors = sorted(set(rack.values()))
    classes = args.classes.split(",")

    cmd = [args.cli, "fabric", "watch", "--inventory", args.inventory, "--spine", "spine", "--json",
           "--duration", "1"]
    if args.rdma:
        cmd.append("--rdma")
    if args.save:
        cmd += ["--save", args.save, "--force"]
    t_start = time.monotonic()
    watch = Watch(cmd, args.out)
    first = watch.wait(lambda ev, _: next((t for t, e in ev if e.get("event") == "round"), None), 180)
    if first is None:
        print(f"FAIL: no round within 180 s (see {args.out}/watch.err)")
        watch.stop()
        return 1
    print(f"watch: first round {first - t_start:.1f} s after the start (discovery, agents copied and started)")

    healthy_false = []
    if args.healthy_seconds > 0:
        t0 = time.monotonic()
        time.sleep(args.healthy_seconds)
        with watch.lock:
            healthy_false = [e for t, e in watch.events if t >= t0 and e.get("event") == "raised"]
        print(f"healthy {args.healthy_seconds:.0f} s: {len(healthy_false)} findings raised "
              f"({sum(1 for e in healthy_false if e.get('severity') != 'info')} above info)")

    rows = []
    for n in range(args.plants):
        klass = classes[n % len(classes)]
        guest = rng.choice(guests)
        if klass == "link-loss-access":
            plant = ("link-loss", f"{guest}<->{rack[guest]}")
        elif klass == "link-loss-uplink":
            plant = ("link-loss", f"{rng.choice(tors)}<->spine")
        elif klass == "tor-down":
            plant = ("tor-down", rng.choice(tors))
        else:
            plant = (klass, guest)
        quiet = watch.wait(lambda ev, open_: not open_, args.clear_timeout)
        if quiet is None:
            print(f"  (findings still open before plant {n + 1}: {sorted(watch.open)})")
        offset = offsets.uniform(0.0, 2.0)
        time.sleep(offset)
        try:
            truth = json.loads(faults(args.state, "plant", *plant))
        except (RuntimeError, json.JSONDecodeError) as e:
            print(f"FAIL: {e}")
            break
        t_plant = time.monotonic()
        with watch.lock:
            mark = len(watch.events)
        want = (truth["kind"], truth["element"])

        def found(ev, _open):
            for t, e in ev[mark:]:
                if e.get("event") == "raised" and (e.get("class"), e.get("element")) == want:
                    return t
            return None

        t_found = watch.wait(found, args.detect_timeout)
        time.sleep(0.5)
        with watch.lock:
            raised = [e for t, e in watch.events[mark:] if e.get("event") == "raised"]
        # A host-busy truth is a note itself; any other is judged on the findings above info only.
        verdicts = raised if want[0] == "host-busy" else [e for e in raised if e.get("severity") != "info"]
        top = verdicts[0] if verdicts else None
        notes = [e for e in raised if e.get("severity") == "info" and e is not top
                 and (e.get("class"), e.get("element")) != want]
        top1 = bool(top) and (top.get("class"), top.get("element")) == want
        alts = [(a.get("kind"), a.get("element")) for a in (top or {}).get("alternatives", [])[:1]]
        nxt = [(e.get("class"), e.get("element")) for e in verdicts[1:2]]
        top2 = top1 or want in alts or want in nxt
        faults(args.state, "clear")
        t_clear0 = time.monotonic()
        t_cleared = watch.wait(lambda ev, open_: time.monotonic() if not open_ else None, args.clear_timeout)
        rows.append({
            "n": n + 1, "fault": truth["fault"], "truth": f"{want[0]} {want[1]}", "offset": offset,
            "notes": [f"{e.get('class')} {e.get('element')}" for e in notes],
            "named": f"{top.get('class')} {top.get('element')} ({top.get('confidence', 0):.2f})" if top else "-",
            "top1": top1, "top2": top2,
            "detect": (t_found - t_plant) if t_found else None,
            "clear": (t_cleared - t_clear0) if t_cleared else None,
        })
        r = rows[-1]
        verdict = "ok  " if top1 else ("top2" if top2 else "MISS")
        detected = f"detect {r['detect']:.1f} s" if r["detect"] is not None else "not detected"
        cleared = f"clear {r['clear']:.1f} s" if r["clear"] is not None else "not cleared"
        noted = f"; notes meanwhile: {', '.join(r['notes'])}" if r["notes"] else ""
        print(f"  {r['n']:2d} +{offset:.2f} s {r['fault']:10s} truth {r['truth']:26s} named {r['named']:38s} "
              f"{verdict} {detected}, {cleared}{noted}", flush=True)

    busy_above_info = None
    if args.busy_seconds > 0:
        watch.wait(lambda ev, open_: not open_, args.clear_timeout)
        faults(args.state, "plant", "busy", guests[len(guests) // 2], str(args.busy_loops))
        t0 = time.monotonic()
        time.sleep(args.busy_seconds)
        with watch.lock:
            during = [e for t, e in watch.events if t >= t0 and e.get("event") == "raised"]
        faults(args.state, "clear")
        busy_above_info = [e for e in during if e.get("severity") != "info"]
        print(f"busy {guests[len(guests) // 2]} ({args.busy_loops} busy loop(s) on its one vCPU) for "
              f"{args.busy_seconds:.0f} s: {len(during)} findings raised, "
              f"{len(busy_above_info)} above info"
              + "".join(f"\n    {e.get('severity')} {e.get('class')} {e.get('element')}: {e.get('title')}"
                        for e in busy_above_info))

    code = watch.stop()
    print(f"watch stopped with exit code {code}")
    if not rows:
        return 1
    detect = [r["detect"] for r in rows if r["detect"] is not None]
    clear = [r["clear"] for r in rows if r["clear"] is not None]
    top1 = sum(r["top1"] for r in rows)
    top2 = sum(r["top2"] for r in rows)
    print()
    print(f"plants: {len(rows)} ({', '.join(classes)}), UDP{' and RDMA UD' if args.rdma else ''} agents, "
          f"rounds of 1 s + second pass, planted at random offsets in [0, 2) s")
    print(f"detected: {len(detect)}/{len(rows)}; detection p50 {percentile(detect, 50):.1f} s, "
          f"p95 {percentile(detect, 95):.1f} s, max {max(detect) if detect else float('nan'):.1f} s "
          f"(goal p95 <= 3 s, max <= 5 s)")
    print(f"localisation: top-1 {top1}/{len(rows)} ({100.0 * top1 / len(rows):.0f} %), top-2 {top2}/{len(rows)} "
          f"({100.0 * top2 / len(rows):.0f} %) (goal >= 96 %, >= 99 %)")
    print(f"cleared after the fault was removed: {len(clear)}/{len(rows)}, p50 "
          f"{statistics.median(clear) if clear else float('nan'):.1f} s, max {max(clear) if clear else float('nan'):.1f} s")
    notes = [n for r in rows for n in r["notes"]]
    print(f"info notes raised on other elements while a fault was planted (not verdicts): {len(notes)}"
          + (f" ({', '.join(sorted(set(notes)))})" if notes else ""))
    per_class = {}
    for r in rows:
        c = per_class.setdefault(r["fault"], [0, 0])
        c[0] += 1
        c[1] += r["top1"]
    if busy_above_info is not None:
        print(f"false alarms with a guest's CPU saturated {args.busy_seconds:.0f} s: {len(busy_above_info)} "
              f"above info (goal 0)")
    print("per class (top-1): " + ", ".join(f"{k} {v[1]}/{v[0]}" for k, v in per_class.items()))
    return 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
# Validates RoCE Pilot's JSON against the published schemas (docs/schema), both ways: every document and run-file
# line given must validate, and each hand-broken copy made here must be rejected (a schema that accepts anything
# would pass the first half alone).
# usage: check_schema.py SCHEMA_DIR --report REPORT.json... --run RUN.rprun...
import copy
import json
import sys

from jsonschema import Draft202012Validator

schema_dir, args = sys.argv[1], sys.argv[2:]
reports, runs, mode = [], [], None
for a in args:
    if a in ("--report", "--run"):
        mode = a
    elif mode == "--report":
        reports.append(a)
    elif mode == "--run":
        runs.append(a)
    else:
        sys.exit("usage: check_schema.py SCHEMA_DIR --report FILE... --run FILE...")

report_schema = json.load(open(f"{schema_dir}/report.schema.json"))
line_schema = json.load(open(f"{schema_dir}/run-line.schema.json"))
for s in (report_schema, line_schema):
    Draft202012Validator.check_schema(s)
report_v = Draft202012Validator(report_schema)
line_v = Draft202012Validator(line_schema)
failures = 0


def expect(valid, validator, doc, what):
    global failures
    errors = sorted(validator.iter_errors(doc), key=lambda e: list(e.path))
    if valid and errors:
        failures += 1
        print(f"FAIL: {what} does not validate: {errors[0].message} at {list(errors[0].absolute_path)}")
    elif not valid and not errors:
        failures += 1
        print(f"FAIL: {what} was accepted but is broken")


seen = {"per-size": 0, "per-pair": 0, "counters": 0, "findings": 0}
for path in reports:
    doc = json.load(open(path))
    expect(True, report_v, doc, path)
    for r in doc["runs"]:
        seen["per-size"] += len(r["sizes"])
        seen["counters"] += sum(len(c) for c in r["counters"].values())
    if doc["pairs"]:
        seen["per-pair"] += len(doc["pairs"]["cells"])
    if doc["findings"]:
        seen["findings"] += len(doc["findings"])

    # Broken copies: each must be rejected.
    def broken(what, change):
        d = copy.deepcopy(doc)
        try:
            change(d)
        except (KeyError, IndexError, TypeError, StopIteration, AttributeError):
            return  # this document has no such part; another one covers it
        expect(False, report_v, d, f"{path} with {what}")

    broken("another schema", lambda d: d.update(schema="rocepilot.report/2"))
    broken("an unknown top-level key", lambda d: d.update(extra=1))
    broken("a run without sizes", lambda d: d["runs"][0].pop("sizes"))
    broken("Gb/s as text", lambda d: d["runs"][0]["sizes"][0]["client"].update(gbps="1.5"))
    broken("a negative message count", lambda d: d["runs"][0]["sizes"][0]["client"].update(messages=-1))
    broken("latency without p99", lambda d: d["runs"][0]["sizes"][0]["client"]["latency"].pop("p99_us"))
    broken("sample stats without cv", lambda d: d["runs"][0]["sizes"][0]["gbps_samples"].pop("cv"))
    broken("an unknown status", lambda d: d["runs"][0].update(status="fine"))
    broken("a verdict 'ok'", lambda d: d["runs"][0].update(verdict="ok"))
    broken("a check without remedy", lambda d: d["runs"][0]["checks"][0].pop("remedy"))
    broken("a perftest line that is not perftest", lambda d: d["runs"][0]["repro"]["perftest"][0].update(server="rm -rf /"))
    first_host = lambda d: next(iter(d["runs"][0]["counters"].values()))
    broken("a counter without total", lambda d: next(iter(first_host(d).values())).pop("total"))
    broken("a counter named without hw:/eth:", lambda d: first_host(d).update({"rcvd_pkts": next(iter(first_host(d).values()))}))
    broken("a pair cell without p99", lambda d: d["pairs"]["cells"][0].pop("p99_us"))
    broken("a pair matrix of two hosts", lambda d: d["pairs"].update(hosts=d["pairs"]["hosts"][:2]))
    broken("eleven worst pairs", lambda d: d["pairs"].update(worst=list(range(11))))
    broken("a finding without title", lambda d: d["findings"][0].pop("title"))

lines = 0
for path in runs:
    with open(path) as f:
        for n, text in enumerate(f, 1):
            line = json.loads(text)
            expect(True, line_v, line, f"{path}:{n}")
            lines += 1
            t = line["type"]
            if t == "sample":
                d = dict(line)
                d.pop("role")
                expect(False, line_v, d, f"{path}:{n} (sample without role)")
            elif t == "counters":
                expect(False, line_v, dict(line, rates={"x": 1}), f"{path}:{n} (counter without hw:/eth:)")
            elif t == "result":
                expect(False, line_v, dict(line, size=0), f"{path}:{n} (size 0)")
            elif t == "end":
                expect(False, line_v, dict(line, status="done"), f"{path}:{n} (unknown status)")
            elif t == "run":
                expect(False, line_v, dict(line, schema="rocepilot.run/2"), f"{path}:{n} (another schema)")
    expect(False, line_v, {"type": "nonsense"}, "an unknown record type")

print(f"check_schema: {len(reports)} reports ({seen['per-size']} sizes, {seen['per-pair']} pairs, "
      f"{seen['counters']} counters, {seen['findings']} findings), {lines} run-file lines; {failures} failures")
for part in ("per-size", "per-pair", "counters"):
    if seen[part] == 0:
        print(f"FAIL: no {part} data was validated")
        failures += 1
sys.exit(1 if failures else 0)

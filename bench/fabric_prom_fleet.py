#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""fabric_prom_fleet.py HOSTS PORT: serves, as Prometheus' query API does, the answer a fleet of HOSTS standalone agents
gives to `rocepilot-cli fabric prom`'s query: a ToR mesh of 50 hosts per ToR, 5 peers across per host, one UDP endpoint
each (the agents' series and labels: docs/fabric-api.md), every target towards h0007 lost. The same answer to any
query (promtool's too). A stand-in for a Prometheus that scrapes HOSTS agents, which this machine cannot run; the
numbers are the reader's, not Prometheus'. Prints "ready SERIES BYTES" once it listens."""
import http.server, json, random, sys

n, port = int(sys.argv[1]), int(sys.argv[2])
per, across, now = 50, 5, 1.8e9
random.seed(1)
res = []


def add(name, labels, v):
    m = dict(labels)
    m.update({"__name__": name, "job": "rocepilot-agent", "instance": labels.get("host", labels.get("from_host")) + ":9465"})
    res.append({"metric": m, "value": [now, v]})


hosts = ["h%04d" % i for i in range(n)]
tor = {h: "tor%02d" % (i // per) for i, h in enumerate(hosts)}
for i, h in enumerate(hosts):
    a = {"host": h, "tor": tor[h]}
    add("rocepilot_agent_info", dict(a, version="0.1", transport="udp"), "1")
    for name, v in [("rocepilot_agent_up", "1"), ("rocepilot_agent_last_phase_timestamp_seconds", str(now - 1)),
                    ("rocepilot_agent_phase_seconds", "5"), ("rocepilot_agent_cpu_ratio", "0.003"),
                    ("rocepilot_agent_probe_rate", "10")]:
        add(name, a, v)
    add("rocepilot_agent_endpoint_up", dict(a, endpoint=h + ":udp", device="udp"), "1")
    base = (i // per) * per
    peers = [hosts[j] for j in range(base, min(base + per, n)) if j != i]
    others = [x for x in hosts if tor[x] != tor[h]]
    peers += random.sample(others, min(across, len(others)))
    for p in peers:
        t = {"from": h + ":udp", "to": p + ":udp", "from_host": h, "to_host": p, "from_tor": tor[h], "to_tor": tor[p],
             "transport": "udp"}
        lost = p == "h0007"
        add("rocepilot_agent_target_loss_ratio", t, "1" if lost else "0")
        if lost:
            add("rocepilot_agent_target_failed", dict(t, reason="timeout"), "1")
            continue
        add("rocepilot_agent_target_rtt_seconds", dict(t, quantile="0.5"), "0.00012")
        add("rocepilot_agent_target_rtt_seconds", dict(t, quantile="0.99"), "0.0004")
        add("rocepilot_agent_target_prober_delay_seconds", dict(t, quantile="0.5"), "2e-05")
        add("rocepilot_agent_target_responder_delay_seconds", dict(t, quantile="0.5"), "3e-05")
body = json.dumps({"status": "success", "data": {"resultType": "vector", "result": res}},
                  separators=(",", ":")).encode()


class Answer(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.0"

    def do_GET(self):
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args):
        pass


server = http.server.HTTPServer(("127.0.0.1", port), Answer)
print("ready", len(res), len(body), flush=True)
server.serve_forever()

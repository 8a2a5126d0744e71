#!/usr/bin/env python3
# Synthetic run files in the writer's format (docs/run-file.md) for what loopback cannot give: h1..h3 all to all
# (six pairs), ping 64..256 B, hw: and eth: counters on both hosts; the pair h1 -> h2 (client -> server) loses packets
# (out_of_sequence rises). Written to the current directory as pair-CLIENT-SERVER.rprun. An argument gives the
# number of hosts (default 3).
import json, itertools, sys
def jd(o):
    return json.dumps(o, separators=(",", ":"), sort_keys=True)
hosts = ["h%d" % (i + 1) for i in range(int(sys.argv[1]) if len(sys.argv) > 1 else 3)]
for n, (server, client) in enumerate(itertools.permutations(hosts, 2)):
    opts = {"completion": "poll", "depth": 1, "device": "", "duration_s": 1, "gid_index": 3, "inline": False,
            "iterations": None, "mode": "ping", "op": "send", "port": 18515, "post_list": 1, "sample_interval_s": 0.1,
            "signal_every": 1, "sizes": [64, 128, 256], "tos": 106, "transport": "rdma", "verify_data": True,
            "warmup_s": 0.2}
    lines = [jd({"type": "run", "schema": "rocepilot.run/1", "started": "2026-11-24T07:00:00Z", "tool_version": "0.1.0",
                 "label": f"{client} -> {server}", "command": "", "server": server, "client": client,
                 "data_address": "198.18.0.%d" % (hosts.index(server) + 1), "options": opts})]
    host = lambda role, name: {"role": role, "name": name, "address": name, "hostname": name, "os": "Debian 12",
                               "kernel": "6.1.0-28-amd64", "devices": [{"name": "mlx5_0", "driver": "mlx5_core",
                               "firmware": "22.39.1002"}], "gid": "", "gid_index": 3, "gid_device": "mlx5_0",
                               "gid_address": ""}
    lines.append(json.dumps({"type": "environment", "hosts": [host("server", server), host("client", client)],
                             "discovery": None, "profile": "preset: lossless-dscp\n", "apply_journal": None,
                             "findings": None}, separators=(",", ":")))
    t, results = 0.0, []
    for size in opts["sizes"]:
        for i in range(10):
            t += 0.1
            p50 = 2.0 + n * 0.5 + size / 1000
            for role in ("client", "server"):
                lines.append(jd({"type": "sample", "role": role, "run_t_s": round(t, 3), "size": size, "t_s": i / 10,
                                 "interval_s": 0.1, "messages": 1000, "bytes": 1000 * size, "gbps": size * 8e-5,
                                 "msgs_per_s": 10000, "p50_us": p50 if role == "client" else None,
                                 "p99_us": p50 * 2 if role == "client" else None, "cpu_percent": 99.0}))
            for h in (server, client):
                lines.append(jd({"type": "counters", "host": h, "run_t_s": round(t, 3), "interval_s": 0.1,
                                 "rates": {"hw:rx_write_requests": 1e4, "hw:out_of_sequence": 10.0 if n == 2 else 0.0,
                                           "eth:rx_prio3_pause": 0.0, "eth:tx_prio3_bytes": 1e6}}))
        side = {"size": size, "messages": 10000, "bytes": 10000 * size, "elapsed_s": 1.0, "gbps": size * 8e-5,
                "msgs_per_s": 10000, "latency": {"count": 10000, "min_us": 1.5, "p50_us": p50, "p90_us": p50 * 1.2,
                "p99_us": p50 * 2, "p999_us": p50 * 3, "max_us": 40.0, "mean_us": p50 * 1.1},
                "cpu": {"percent": 99.0, "sys_s": 0.1, "user_s": 0.89, "wall_s": 1.0}, "verify_errors": 0}
        server_side = dict(side, latency=None)
        lines.append(jd(dict(server_side, type="size_result", role="server")))
        lines.append(jd(dict(side, type="size_result", role="client")))
        results.append({"type": "result", "transport": "rdma", "size": size, "client": side, "server": server_side})
    lines += [jd(r) for r in results]
    lines.append(jd({"type": "end", "status": "ok", "finished": "2026-11-24T07:01:00Z", "run_s": t, "error": None}))
    open(f"pair-{client}-{server}.rprun", "w").write("\n".join(lines) + "\n")

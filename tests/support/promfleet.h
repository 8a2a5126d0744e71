// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// A fleet of standalone agents' series as Prometheus answers an instant query for them (the query API's documented
// JSON, the agents' own series and labels: docs/fabric-api.md, "The standalone agent"), for the tests of the
// reader (tst_promfabricreader) and of the fabric page reading it (tst_fabricpage). A real Prometheus scraping real
// agents is tests/metrics/agents-prometheus.sh.

#include <nlohmann/json.hpp>

#include <cmath>
#include <functional>
#include <map>
#include <set>
#include <string>
#include <utility>

namespace rp::test {

struct PromFleet
{
    using Labels = std::map<std::string, std::string>;
    nlohmann::json result = nlohmann::json::array();
    double now = 1.8e9;

    void add(const std::string& name, Labels labels, double value)
    {
        labels["__name__"] = name;
        labels["job"] = "rocepilot-agent";
        std::string text = std::isnan(value) ? "NaN" : nlohmann::json(value).dump();
        result.push_back({ { "metric", labels }, { "value", nlohmann::json::array({ now, text }) } });
    }
    void agent(const std::string& host, const std::string& tor, double lastPhaseAgo = 1.0)
    {
        Labels a { { "host", host }, { "tor", tor } };
        add("rocepilot_agent_info", { { "host", host }, { "tor", tor }, { "version", "0.1" }, { "transport", "udp" } },
            1);
        add("rocepilot_agent_up", a, 1);
        add("rocepilot_agent_endpoint_up",
            { { "host", host }, { "tor", tor }, { "endpoint", host + ":udp" }, { "device", "udp" } }, 1);
        add("rocepilot_agent_last_phase_timestamp_seconds", a, now - lastPhaseAgo);
        add("rocepilot_agent_phase_seconds", a, 2.0);
        add("rocepilot_agent_cpu_ratio", a, 0.004);
        add("rocepilot_agent_probe_rate", a, 10.0);
        add("rocepilot_agent_phases_total", a, 40);
    }
    void target(const std::string& from, const std::string& fromTor, const std::string& to, const std::string& toTor,
        double loss)
    {
        Labels t { { "from", from + ":udp" }, { "to", to + ":udp" }, { "from_host", from }, { "to_host", to },
            { "from_tor", fromTor }, { "to_tor", toTor }, { "transport", "udp" } };
        add("rocepilot_agent_target_probes_sent_total", t, 800);
        add("rocepilot_agent_target_loss_ratio", t, loss);
        if (loss >= 1.0) {
            auto f = t;
            f["reason"] = "timeout";
            add("rocepilot_agent_target_failed", f, 1);
            return;
        }
        for (auto [q, v] : { std::pair { "0.5", 0.00012 }, std::pair { "0.99", 0.0004 } }) {
            auto l = t;
            l["quantile"] = q;
            add("rocepilot_agent_target_rtt_seconds", l, v);
        }
        auto l = t;
        l["quantile"] = "0.5";
        add("rocepilot_agent_target_prober_delay_seconds", l, 0.00002);
        add("rocepilot_agent_target_responder_delay_seconds", l, 0.00003);
    }
    std::string body() const
    {
        return nlohmann::json {
            { "status", "success" }, { "data", { { "resultType", "vector" }, { "result", result } } }
        }.dump();
    }

    /// Six agents h1..h6, two per rack leaf1..leaf3, each probing the other five; `loss(from, to)` is each target's
    /// loss; `skip` hosts have no series of their own (their scrape fails); `stuck`'s last phase is 120 s old; `now`
    /// is the query's evaluation time (a later read, a later time).
    static PromFleet sixHosts(
        const std::function<double(int, int)>& loss, const std::set<int>& skip = {}, int stuck = 0, double now = 1.8e9)
    {
        static const char* tors[] = { "leaf1", "leaf1", "leaf2", "leaf2", "leaf3", "leaf3" };
        PromFleet f;
        f.now = now;
        for (int a = 1; a <= 6; ++a) {
            if (skip.contains(a))
                continue;
            const std::string host = "h" + std::to_string(a);
            f.agent(host, tors[a - 1], a == stuck ? 120.0 : 1.0);
            for (int b = 1; b <= 6; ++b) {
                if (a != b)
                    f.target(host, tors[a - 1], "h" + std::to_string(b), tors[b - 1], loss(a, b));
            }
        }
        return f;
    }
};

} // namespace rp::test

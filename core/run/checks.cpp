// SPDX-License-Identifier: GPL-3.0-or-later
#include "run/checks.h"

#include "counters/counters.h"
#include "perf/perftest.h"
#include "run/summary.h"
#include "util/command.h"
#include "util/format.h"
#include "util/text.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <set>

namespace rp::run {

using json = nlohmann::json;

namespace {

std::string jsonText(const json& o, std::initializer_list<const char*> keys)
{
    for (const char* k : keys) {
        auto it = o.find(k);
        if (it != o.end() && it->is_string())
            return it->get<std::string>();
    }
    return {};
}

/// "1 234 567" reads better than 1234567 in a sentence; whole numbers only.
std::string count(double v)
{
    return fixed(std::round(v), 0);
}

std::string percent(double v)
{
    return fixed(v * 100, 1) + " %";
}

std::string checksHint()
{
    return "rocepilot-cli diagnose --inventory FILE checks GID, VLAN, MTU, PFC, trust and ToS across the hosts";
}

/// The test's settings as rocepilot-cli test arguments (what the GUI ran has no recorded command line): one line,
/// or one line per size when the sizes are not a sweep (the CLI takes one --size or one --sweep).
std::string rocepilotCommand(const Run& run)
{
    if (!run.header.command.empty())
        return run.header.command;
    const auto& o = run.header.options;
    auto shortNum = [](double v) {
        std::string t = fixed(v, 3);
        while (t.ends_with('0'))
            t.pop_back();
        if (t.ends_with('.'))
            t.pop_back();
        return t;
    };
    auto line = [&](const std::string& sizeOption, const std::string& sizeValue, const std::string& save) {
        Command c { "rocepilot-cli", "test" };
        c.arg("--server").arg(run.header.server).arg("--client").arg(run.header.client);
        if (!run.header.dataAddress.empty())
            c.arg("--data-address").arg(run.header.dataAddress);
        c.arg("--transport").arg(perf::toString(o.transport)).arg("--mode").arg(perf::toString(o.mode));
        c.arg("--op").arg(perf::toString(o.op));
        c.arg(sizeOption).arg(sizeValue);
        if (o.iterations)
            c.arg("--iterations").arg(std::to_string(*o.iterations));
        else
            c.arg("--duration").arg(shortNum(o.durationS));
        c.arg("--warmup").arg(shortNum(o.warmupS));
        if (o.transport != perf::Transport::Tcp) {
            if (o.inlineData)
                c.arg("--inline");
            c.arg(o.completion == perf::Completion::Event ? "--event" : "--poll");
        }
        if (o.mode == perf::Mode::Blast) {
            c.arg("--depth").arg(std::to_string(o.depth));
            if (o.postList > 1)
                c.arg("--post-list").arg(std::to_string(o.postList));
            if (o.signalEvery > 1)
                c.arg("--signal-every").arg(std::to_string(o.signalEvery));
        }
        if (o.verifyData)
            c.arg("--verify");
        if (!o.device.empty())
            c.arg("--device").arg(o.device);
        if (o.gidIndex)
            c.arg("--gid-index").arg(std::to_string(*o.gidIndex));
        if (o.tos)
            c.arg("--tos").arg(std::to_string(*o.tos));
        if (!run.header.label.empty())
            c.arg("--label").arg(run.header.label);
        c.arg("--save").arg(save);
        return c.shellLine();
    };
    bool sweep = o.sizes.size() > 1;
    for (std::size_t i = 1; i < o.sizes.size(); ++i)
        sweep = sweep && o.sizes[i] == o.sizes[i - 1] * 2;
    if (sweep)
        return line("--sweep", std::to_string(o.sizes.front()) + ":" + std::to_string(o.sizes.back()), "again.rprun");
    if (o.sizes.size() == 1)
        return line("--size", std::to_string(o.sizes.front()), "again.rprun");
    std::string out;
    for (auto size : o.sizes)
        out += (out.empty() ? "" : "\n")
            + line("--size", std::to_string(size), "again-" + std::to_string(size) + ".rprun");
    return out;
}

} // namespace

std::vector<Check> checksOf(const Run& run, const RunSummary& s, std::string_view findingsJson)
{
    std::vector<Check> out;
    const auto& o = run.header.options;
    // The run itself.
    {
        Check c { "run.completed", "The test ran to the end", "pass", "", "" };
        std::size_t finished = s.sizes.size();
        if (s.status == "ok") {
            c.detail = std::to_string(finished) + " of " + std::to_string(o.sizes.size()) + " sizes finished, "
                + std::to_string(run.samples.size()) + " live samples";
            if (finished < o.sizes.size()) {
                c.result = "fail";
                c.remedy = "Some sizes have no result; run the test again and read its output for the reason.";
            }
        } else if (s.status == "cancelled") {
            c.result = "warn";
            c.detail = "stopped before the end; " + std::to_string(finished) + " of " + std::to_string(o.sizes.size())
                + " sizes finished";
            c.remedy = "Run the test again to the end for a complete result.";
        } else if (s.status == "failed") {
            c.result = "fail";
            c.detail = run.end && run.end->error ? run.end->error->describe() : std::string("the test failed");
            c.remedy = "Fix what the error names (the host, the step) and run the test again; " + checksHint() + ".";
        } else {
            c.result = "fail";
            c.detail = "the run file has no end line (the test was killed, crashed or lost power); "
                + std::to_string(finished) + " sizes and " + std::to_string(run.samples.size())
                + " live samples were kept";
            c.remedy = "Run the test again; if it stops again, see the controller's log for the reason.";
        }
        out.push_back(std::move(c));
    }
    // Payloads.
    {
        Check c { "data.verified", "Every payload arrived intact", "skipped", "", "" };
        if (!o.verifyData) {
            c.detail = "payloads were not checked (the test ran without --verify)";
        } else {
            std::uint64_t bad = 0;
            for (const auto& r : run.sizes)
                bad += r.client.verifyErrors + (r.server ? r.server->verifyErrors : 0);
            c.result = bad == 0 ? "pass" : "fail";
            c.detail = bad == 0 ? "every payload matched its pattern"
                                : std::to_string(bad) + " payloads did not match their pattern";
            if (bad)
                c.remedy = "Data was corrupted on the way: run the same test between other pairs to find the host "
                           "or link they share, then check that NIC's firmware and driver and the cable.";
        }
        out.push_back(std::move(c));
    }
    // Lossless fabric: counters that must not rise.
    {
        Check c { "fabric.lossless", "No loss, retransmission or unexpected pause (host counters)", "skipped", "", "" };
        if (run.counters.empty()) {
            c.detail = "no host counters were sampled during the run";
        } else {
            std::vector<std::pair<double, std::string>> rising;
            std::set<std::string> meanings;
            std::size_t names = 0;
            for (const auto& [host, list] : s.counters) {
                for (const auto& [name, cs] : list) {
                    ++names;
                    const auto info = counters::describeCounter(name);
                    if (info.alarm && cs.total > 0.5) {
                        rising.emplace_back(cs.total, host + ": " + info.label + " " + count(cs.total));
                        if (!info.meaning.empty())
                            meanings.insert(info.meaning);
                    }
                }
            }
            if (rising.empty()) {
                c.result = "pass";
                c.detail = std::to_string(names) + " counters on " + std::to_string(s.counters.size())
                    + " hosts; none of the loss, retransmission or pause alarms rose";
            } else {
                std::sort(rising.rbegin(), rising.rend());
                c.result = "fail";
                for (std::size_t i = 0; i < rising.size() && i < 5; ++i)
                    c.detail += (i ? "; " : "") + rising[i].second;
                if (rising.size() > 5)
                    c.detail += "; and " + std::to_string(rising.size() - 5) + " more";
                for (std::string m : meanings) {
                    m[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(m[0])));
                    c.remedy += m + (m.ends_with('.') ? " " : ". ");
                }
                c.remedy += "On a lossless RoCE class these must stay at zero: check that PFC is on for the RoCE "
                            "priority and trust/ToS map the traffic to it on both hosts and every switch port between "
                            "them; "
                    + checksHint() + ".";
            }
        }
        out.push_back(std::move(c));
    }
    // Repeatability over the live samples (BMWG: coefficient of variation < 5 %).
    {
        Check c { "repeat.cv", "Steady over the run (coefficient of variation < 5 %)", "skipped", "", "" };
        const bool ping = o.mode == perf::Mode::Ping;
        double worst = -1;
        std::uint64_t worstSize = 0;
        std::size_t judged = 0;
        for (const auto& ss : s.sizes) {
            const Stats& st = ping && ss.p50Us.count ? ss.p50Us : ss.gbps;
            if (st.count < 5)
                continue;
            ++judged;
            if (st.cv() > worst) {
                worst = st.cv();
                worstSize = ss.report.client.size;
            }
        }
        const std::string what = ping ? "one-way p50 latency" : "throughput";
        if (judged == 0) {
            c.detail = "fewer than 5 live samples per size (perftest reports only at the end)";
        } else {
            c.result = worst < 0.05 ? "pass" : "warn";
            c.detail = "largest CV of the " + what + " over the 100 ms samples: " + percent(worst) + " at "
                + sizeText(worstSize) + " (" + std::to_string(judged) + " sizes judged)";
            if (worst >= 0.05)
                c.remedy = "The " + what
                    + " moved during the run: look at the charts for when; other traffic on the hosts or links, CPU "
                      "frequency scaling (set the performance governor) or interrupts on the test's core are the usual "
                      "causes; run again on an idle fabric and compare.";
        }
        out.push_back(std::move(c));
    }
    // Tail latency.
    {
        Check c { "latency.tail", "No latency spikes (p99 within 10x p50)", "skipped", "", "" };
        double worst = 0;
        std::uint64_t worstSize = 0;
        for (const auto& r : run.sizes) {
            const auto& l = r.client.latency;
            if (!l || !l->hasPercentiles || l->p50Us <= 0)
                continue;
            if (l->p99Us / l->p50Us > worst) {
                worst = l->p99Us / l->p50Us;
                worstSize = r.client.size;
            }
        }
        if (worst == 0) {
            c.detail = o.mode == perf::Mode::Blast ? "blast runs measure throughput, not latency"
                                                   : "the back end reported no percentiles";
        } else {
            c.result = worst <= 10 ? "pass" : "warn";
            c.detail = "largest p99 / p50: " + fixed(worst, 1) + "x at " + sizeText(worstSize);
            if (worst > 10)
                c.remedy = "Some messages took far longer than most: compare the latency chart with the counter "
                           "chart (pauses or retransmissions at the same time point at the fabric); otherwise CPU "
                           "power states, interrupt moderation or other work on the test's core.";
        }
        out.push_back(std::move(c));
    }
    // The troubleshooter.
    {
        Check c { "troubleshooter", "The troubleshooter found no error", "skipped", "", "" };
        const auto f = parseFindings(findingsJson);
        if (findingsJson.empty() || !f.ok) {
            c.detail = findingsJson.empty() ? "the troubleshooter's findings were not given"
                                            : "the findings given are not a findings document";
        } else {
            std::vector<std::string> errors;
            std::size_t nWarn = 0;
            for (const auto& x : f.list) {
                if (x.severity == "error")
                    errors.push_back(x.title);
                nWarn += x.severity == "warning";
            }
            if (!errors.empty()) {
                c.result = "fail";
                c.detail = std::to_string(errors.size()) + " errors: ";
                for (std::size_t i = 0; i < errors.size() && i < 3; ++i)
                    c.detail += (i ? "; " : "") + errors[i];
                c.remedy = "Apply the fixes the findings give (section Findings), then run the test again.";
            } else if (nWarn) {
                c.result = "warn";
                c.detail = std::to_string(nWarn) + " warnings, no error";
                c.remedy = "Read the warnings (section Findings); each says whether it matters for this fabric.";
            } else {
                c.result = "pass";
                c.detail = std::to_string(f.list.size()) + " findings, none an error or a warning";
            }
        }
        out.push_back(std::move(c));
    }
    return out;
}

Repro reproOf(const Run& run)
{
    Repro r;
    r.rocepilot = rocepilotCommand(run);
    const auto& o = run.header.options;
    if (o.transport == perf::Transport::Tcp) {
        r.perftestNote = "perftest measures RDMA only; for TCP, iperf3 gives a comparable throughput figure";
        return r;
    }
    auto side = [&](const std::string& role) {
        perf::PerftestSide s;
        for (const auto& h : run.environment.hosts) {
            if (h.role != role)
                continue;
            s.device = !h.gidDevice.empty() ? h.gidDevice
                : !o.device.empty()         ? o.device
                : h.devices.size() == 1     ? h.devices.front().name
                                            : std::string();
            s.gidIndex = h.gidIndex ? h.gidIndex : o.gidIndex;
        }
        if (s.device.empty())
            s.device = o.device;
        if (!s.gidIndex)
            s.gidIndex = o.gidIndex;
        return s;
    };
    const auto server = side("server"), client = side("client");
    std::string address = run.header.dataAddress;
    if (address.empty())
        address = run.header.server;
    for (auto size : o.sizes) {
        auto sc = perf::perftestCommand(o, size, server, "", "");
        auto cc = perf::perftestCommand(o, size, client, address, "");
        if (!sc || !cc) {
            r.perftest.clear();
            r.perftestNote = (!sc ? sc.error() : cc.error()).message;
            return r;
        }
        r.perftest.push_back({ size, sc->shellLine(), cc->shellLine() });
    }
    r.perftestNote = "Run the server line first (on " + run.header.server + "), then the client line (on "
        + run.header.client
        + "). perftest gives no live samples; its _lat tools report one-way latency (half the "
          "round trip) like this report";
    if (!server.gidIndex || !client.gidIndex)
        r.perftestNote
            += ". The run let rdma_cm pick the GID on a side without -x: perftest then uses GID 0, so add -x "
               "with the index discovery recommends for that host";
    return r;
}

Findings parseFindings(std::string_view text)
{
    Findings out;
    auto doc = json::parse(text, nullptr, false);
    if (doc.is_discarded())
        return out;
    const json* list = &doc;
    if (doc.is_object() && doc.contains("findings"))
        list = &doc["findings"];
    if (!list->is_array())
        return out;
    out.ok = true;
    for (const auto& f : *list) {
        if (!f.is_object())
            continue;
        FindingBrief b;
        b.severity = lower(jsonText(f, { "severity", "level" }));
        if (b.severity == "critical" || b.severity == "crit")
            b.severity = "error";
        b.rule = jsonText(f, { "rule", "code" });
        b.check = jsonText(f, { "check" });
        b.title = jsonText(f, { "title", "summary", "code" });
        b.explanation = jsonText(f, { "explanation", "message", "detail" });
        if (auto h = f.find("hosts"); h != f.end() && h->is_array()) {
            for (const auto& x : *h) {
                if (x.is_string())
                    b.hosts.push_back(x.get<std::string>());
            }
        }
        if (auto e = f.find("evidence"); e != f.end() && e->is_array()) {
            for (const auto& x : *e) {
                if (!x.is_object())
                    continue;
                std::string line
                    = jsonText(x, { "host" }) + ": " + jsonText(x, { "subject" }) + " = " + jsonText(x, { "value" });
                if (auto where = jsonText(x, { "where" }); !where.empty())
                    line += " (" + where + ")";
                b.evidence.push_back(line);
            }
        }
        if (auto x = f.find("fixes"); x != f.end() && x->is_array()) {
            for (const auto& fix : *x) {
                if (!fix.is_object())
                    continue;
                std::string target = jsonText(fix, { "target" });
                if (auto platform = jsonText(fix, { "platform" }); !platform.empty())
                    target += " (" + platform + ")";
                b.fixes.emplace_back(target, jsonText(fix, { "text" }));
            }
        }
        if (auto fix = jsonText(f, { "fix", "remedy", "remediation", "action" }); !fix.empty())
            b.fixes.emplace_back("", fix);
        out.list.push_back(std::move(b));
    }
    return out;
}

std::string verdictOf(const std::vector<Check>& checks)
{
    bool warn = false;
    for (const auto& c : checks) {
        if (c.result == "fail")
            return "fail";
        warn = warn || c.result == "warn";
    }
    return warn ? "warn" : "pass";
}

} // namespace rp::run

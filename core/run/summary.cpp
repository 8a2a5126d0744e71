// SPDX-License-Identifier: GPL-3.0-or-later
#include "run/summary.h"

#include "counters/counters.h"
#include "perf/perftest.h"
#include "util/atomicfile.h"
#include "util/command.h"
#include "util/format.h"
#include "util/text.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <set>
#include <sys/mman.h>
#include <sys/stat.h>
#include <system_error>
#include <thread>
#include <unistd.h>

namespace rp::run {

using json = nlohmann::json;

namespace {

/// RFC 4180: quoted when it holds a comma, quote or line break.
void putText(std::string& out, std::string_view text)
{
    if (text.find_first_of(",\"\r\n") == std::string_view::npos) {
        out += text;
        return;
    }
    out += '"';
    for (char c : text) {
        if (c == '"')
            out += '"';
        out += c;
    }
    out += '"';
}

json statsJson(const Stats& s)
{
    if (s.count == 0)
        return nullptr;
    return json { { "count", s.count }, { "min", s.min }, { "p5", s.p5 }, { "p50", s.p50 }, { "p95", s.p95 },
        { "p99", s.p99 }, { "max", s.max }, { "mean", s.mean }, { "stddev", s.stddev }, { "cv", s.cv() } };
}

json resultSideJson(const perf::SizeResult& r)
{
    json latency = nullptr;
    if (r.latency) {
        const auto& l = *r.latency;
        auto known = [](bool has, double v) { return has ? json(v) : json(nullptr); };
        latency = json { { "count", l.count }, { "min_us", known(l.hasPercentiles, l.minUs) },
            { "p50_us", known(l.hasPercentiles, l.p50Us) }, { "p90_us", known(l.hasPercentiles && l.hasP90, l.p90Us) },
            { "p99_us", known(l.hasPercentiles, l.p99Us) }, { "p999_us", known(l.hasPercentiles, l.p999Us) },
            { "max_us", known(l.hasPercentiles, l.maxUs) }, { "mean_us", l.meanUs } };
    }
    return json { { "messages", r.messages }, { "bytes", r.bytes }, { "elapsed_s", r.elapsedS }, { "gbps", r.gbps },
        { "msgs_per_s", r.messagesPerS }, { "latency", latency },
        { "cpu_percent", r.cpu.wallS > 0 ? json(r.cpu.percent()) : json(nullptr) },
        { "verify_errors", r.verifyErrors } };
}

std::string transportName(perf::Transport t)
{
    switch (t) {
    case perf::Transport::Rdma:
        return "RDMA";
    case perf::Transport::Tcp:
        return "TCP";
    case perf::Transport::Perftest:
        return "perftest";
    }
    return "?";
}

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

/// Output chunk of the streamed samples CSV: big enough for few write()s, small enough to stay in cache.
constexpr std::size_t kSampleChunk = 1u << 20;

constexpr std::string_view kSamplesHeader
    = "run,role,run_t_s,size_bytes,t_s,interval_s,messages,bytes,gbps,msgs_per_s,p50_us,p99_us,cpu_percent\r\n";

/// Appends the samples CSV rows [from, to) (counted over every run's samples in order) to `out`; with `flush`,
/// hands `out` over whenever it holds a chunk.
template <typename Flush>
void appendSamples(std::string& out, const std::vector<NamedRun>& runs, std::size_t from, std::size_t to, Flush flush)
{
    std::size_t base = 0;
    for (const auto& named : runs) {
        const auto& samples = named.run->samples;
        const std::size_t first = std::max(from, base), last = std::min(to, base + samples.size());
        base += samples.size();
        if (first >= last)
            continue;
        std::string prefix;
        putText(prefix, named.name);
        for (std::size_t i = first; i < last; ++i) {
            const auto& rs = samples[i - (base - samples.size())];
            const auto& s = rs.sample;
            out += prefix;
            out += rs.role == perf::Role::Client ? ",client," : ",server,";
            appendNumber(out, rs.runTS);
            out += ',';
            appendNumber(out, s.size);
            out += ',';
            appendNumber(out, s.tS);
            out += ',';
            appendNumber(out, s.intervalS);
            out += ',';
            appendNumber(out, s.messages);
            out += ',';
            appendNumber(out, s.bytes);
            out += ',';
            appendNumber(out, s.gbps);
            out += ',';
            appendNumber(out, s.messagesPerS);
            out += ',';
            if (s.p50Us)
                appendNumber(out, *s.p50Us);
            out += ',';
            if (s.p99Us)
                appendNumber(out, *s.p99Us);
            out += ',';
            appendNumber(out, s.cpuPercent);
            out += "\r\n";
            if constexpr (!std::is_same_v<Flush, std::nullptr_t>) {
                if (out.size() >= kSampleChunk)
                    flush(out);
            }
        }
    }
}

std::size_t sampleCount(const std::vector<NamedRun>& runs)
{
    std::size_t total = 0;
    for (const auto& named : runs)
        total += named.run->samples.size();
    return total;
}

/// "node2" < "node10": digit runs compare as numbers (leading zeros aside), the rest character by character.
bool naturalLess(const std::string& a, const std::string& b)
{
    auto digit = [](char c) { return std::isdigit(static_cast<unsigned char>(c)) != 0; };
    std::size_t i = 0, j = 0;
    while (i < a.size() && j < b.size()) {
        if (digit(a[i]) && digit(b[j])) {
            while (i + 1 < a.size() && a[i] == '0' && digit(a[i + 1]))
                ++i;
            while (j + 1 < b.size() && b[j] == '0' && digit(b[j + 1]))
                ++j;
            std::size_t ei = i, ej = j;
            while (ei < a.size() && digit(a[ei]))
                ++ei;
            while (ej < b.size() && digit(b[ej]))
                ++ej;
            const std::string_view na(a.data() + i, ei - i), nb(b.data() + j, ej - j);
            if (na.size() != nb.size())
                return na.size() < nb.size();
            if (na != nb)
                return na < nb;
            i = ei;
            j = ej;
        } else {
            if (a[i] != b[j])
                return a[i] < b[j];
            ++i;
            ++j;
        }
    }
    return a.size() - i < b.size() - j;
}

} // namespace

Stats statsOf(std::vector<double> v)
{
    Stats s;
    s.count = v.size();
    if (v.empty())
        return s;
    // Nearest rank (the smallest value with at least q of the values at or below it), by selection rather than
    // a full sort: each nth_element narrows the range of the next, O(n) in all.
    auto index = [&](double q) {
        auto k = static_cast<std::size_t>(std::ceil(q * static_cast<double>(v.size())));
        return std::clamp<std::size_t>(k, 1, v.size()) - 1;
    };
    const auto b = v.begin();
    const std::size_t i5 = index(0.05), i50 = index(0.50), i95 = index(0.95), i99 = index(0.99);
    auto at = [&](std::size_t i) { return b + static_cast<std::ptrdiff_t>(i); };
    std::nth_element(b, at(i50), v.end());
    if (i5 < i50)
        std::nth_element(b, at(i5), at(i50));
    if (i95 > i50)
        std::nth_element(at(i50 + 1), at(i95), v.end());
    if (i99 > i95)
        std::nth_element(at(i95 + 1), at(i99), v.end());
    s.min = *std::min_element(b, at(i5) + 1);
    s.max = *std::max_element(at(i99), v.end());
    s.p5 = v[i5];
    s.p50 = v[i50];
    s.p95 = v[i95];
    s.p99 = v[i99];
    long double sum = 0;
    for (double x : v)
        sum += x;
    s.mean = static_cast<double>(sum / static_cast<long double>(v.size()));
    long double sq = 0;
    for (double x : v)
        sq += (x - s.mean) * (x - s.mean);
    s.stddev = static_cast<double>(std::sqrt(sq / static_cast<long double>(v.size())));
    return s;
}

std::string describeTest(const Run& run)
{
    const auto& o = run.header.options;
    std::string text = perf::toString(o.op) + " " + perf::toString(o.mode) + " over " + transportName(o.transport);
    if (o.transport != perf::Transport::Tcp)
        text += ", " + perf::toString(o.completion) + " completions";
    text += ", " + run.header.client + " \u2192 " + run.header.server;
    if (!run.header.dataAddress.empty())
        text += " (" + run.header.dataAddress + ")";
    return text;
}

RunSummary summarize(const Run& run, std::string_view findingsJson)
{
    RunSummary out;
    out.status = run.end ? run.end->status : "unfinished";
    // Group the live samples per size once.
    std::map<std::uint64_t, std::vector<const perf::Sample*>> client, server;
    for (const auto& s : run.samples)
        (s.role == perf::Role::Client ? client : server)[s.sample.size].push_back(&s.sample);
    for (const auto& r : run.sizes) {
        SizeSummary ss;
        ss.report = r;
        std::vector<double> gbps, p50, ccpu, scpu;
        for (const auto* s : client[r.client.size]) {
            gbps.push_back(s->gbps);
            ccpu.push_back(s->cpuPercent);
            if (s->p50Us)
                p50.push_back(*s->p50Us);
        }
        for (const auto* s : server[r.client.size])
            scpu.push_back(s->cpuPercent);
        ss.clientSamples = gbps.size();
        ss.gbps = statsOf(std::move(gbps));
        ss.p50Us = statsOf(std::move(p50));
        ss.clientCpu = statsOf(std::move(ccpu));
        ss.serverCpu = statsOf(std::move(scpu));
        out.sizes.push_back(ss);
    }
    for (const auto& c : run.counters) {
        auto& host = out.counters[c.host];
        for (const auto& [name, rate] : c.rates) {
            auto& s = host[name];
            s.meanPerS += rate; // divided below
            s.maxPerS = s.intervals == 0 ? rate : std::max(s.maxPerS, rate);
            s.total += rate * c.intervalS;
            ++s.intervals;
        }
    }
    for (auto& [host, names] : out.counters) {
        for (auto& [name, s] : names)
            s.meanPerS = s.intervals ? s.meanPerS / static_cast<double>(s.intervals) : 0;
    }

    // The sentence.
    const auto& o = run.header.options;
    std::string test = perf::toString(o.op) + " " + perf::toString(o.mode) + " over " + transportName(o.transport)
        + " from " + run.header.client + " to " + run.header.server;
    std::string h;
    if (run.sizes.empty()) {
        h = "The " + test + " produced no result";
        if (run.end && run.end->error)
            h += ": " + run.end->error->message;
        else if (!run.end)
            h += ": the run did not finish (" + std::to_string(run.samples.size()) + " live samples were kept)";
        h += ".";
    } else {
        const perf::SizeReport* best = &run.sizes.front();
        for (const auto& r : run.sizes) {
            if (r.client.gbps > best->client.gbps)
                best = &r;
        }
        if (o.mode == perf::Mode::Ping) {
            const auto& first = run.sizes.front().client;
            const auto& last = run.sizes.back().client;
            auto lat = [](const perf::SizeResult& r) {
                if (!r.latency)
                    return std::string("no latency");
                if (!r.latency->hasPercentiles)
                    return "mean " + fixed(r.latency->meanUs, 2) + " \u00b5s";
                return "p50 " + fixed(r.latency->p50Us, 2) + " \u00b5s, p99 " + fixed(r.latency->p99Us, 2) + " \u00b5s";
            };
            if (run.sizes.size() == 1)
                h = "The " + test + " measured a one-way latency of " + lat(first) + " at " + sizeText(first.size);
            else
                h = "The " + test + " measured a one-way latency of " + lat(first) + " at " + sizeText(first.size)
                    + " up to " + lat(last) + " at " + sizeText(last.size);
            h += "; peak throughput " + fixed(best->client.gbps, 3) + " Gb/s at " + sizeText(best->client.size);
        } else {
            h = "The " + test + " reached " + fixed(best->client.gbps, 3) + " Gb/s ("
                + fixed(best->client.messagesPerS / 1e6, 3) + " million messages/s) at " + sizeText(best->client.size);
            if (best->client.cpu.wallS > 0)
                h += " with the client at " + fixed(best->client.cpu.percent(), 0) + "% CPU";
        }
        std::uint64_t bad = 0;
        for (const auto& r : run.sizes)
            bad += r.client.verifyErrors + (r.server ? r.server->verifyErrors : 0);
        if (o.verifyData)
            h += bad == 0 ? "; every payload matched" : "; " + std::to_string(bad) + " payloads did NOT match";
        if (out.status == "failed")
            h += "; then the run failed" + (run.end && run.end->error ? ": " + run.end->error->message : std::string());
        else if (out.status == "cancelled")
            h += "; the run was stopped before the end";
        else if (out.status == "unfinished")
            h += "; the run did not finish";
        h += ".";
    }
    out.headline = h;
    out.checks = checksOf(run, out, run.environment.findingsJson.empty() ? findingsJson : run.environment.findingsJson);
    out.verdict = verdictOf(out.checks);
    out.repro = reproOf(run);
    return out;
}

std::string summaryCsv(const std::vector<NamedRun>& runs)
{
    std::string out = "run,label,transport,mode,op,completion,server,client,size_bytes,messages,elapsed_s,gbps,"
                      "msgs_per_s,lat_count,lat_min_us,lat_p50_us,lat_p90_us,lat_p99_us,lat_p999_us,lat_max_us,"
                      "lat_mean_us,cpu_client_percent,cpu_server_percent,verify_errors,samples,gbps_sample_min,"
                      "gbps_sample_p50,gbps_sample_max\r\n";
    for (const auto& named : runs) {
        const Run& run = *named.run;
        std::optional<RunSummary> own;
        const RunSummary& summary = named.summary ? *named.summary : own.emplace(summarize(run));
        const auto& o = run.header.options;
        for (const auto& s : summary.sizes) {
            const auto& c = s.report.client;
            putText(out, named.name);
            out += ',';
            putText(out, run.header.label);
            out += ',' + perf::toString(o.transport) + ',' + perf::toString(o.mode) + ',' + perf::toString(o.op) + ','
                + perf::toString(o.completion) + ',';
            putText(out, run.header.server);
            out += ',';
            putText(out, run.header.client);
            out += ',';
            appendNumber(out, c.size);
            out += ',';
            appendNumber(out, c.messages);
            out += ',';
            appendNumber(out, c.elapsedS);
            out += ',';
            appendNumber(out, c.gbps);
            out += ',';
            appendNumber(out, c.messagesPerS);
            out += ',';
            if (c.latency) {
                const auto& l = *c.latency;
                appendNumber(out, l.count);
                for (auto [has, v] : { std::pair { l.hasPercentiles, l.minUs }, { l.hasPercentiles, l.p50Us },
                         { l.hasPercentiles && l.hasP90, l.p90Us }, { l.hasPercentiles, l.p99Us },
                         { l.hasPercentiles, l.p999Us }, { l.hasPercentiles, l.maxUs } }) {
                    out += ',';
                    if (has)
                        appendNumber(out, v);
                }
                out += ',';
                appendNumber(out, l.meanUs);
            } else {
                out += ",,,,,,,";
            }
            out += ',';
            if (c.cpu.wallS > 0)
                appendNumber(out, c.cpu.percent());
            out += ',';
            if (s.report.server && s.report.server->cpu.wallS > 0)
                appendNumber(out, s.report.server->cpu.percent());
            out += ',';
            appendNumber(out, c.verifyErrors + (s.report.server ? s.report.server->verifyErrors : 0));
            out += ',';
            appendNumber(out, std::uint64_t { s.clientSamples });
            out += ',';
            if (s.gbps.count) {
                appendNumber(out, s.gbps.min);
                out += ',';
                appendNumber(out, s.gbps.p50);
                out += ',';
                appendNumber(out, s.gbps.max);
            } else {
                out += ",,";
            }
            out += "\r\n";
        }
    }
    return out;
}

std::string samplesCsv(const std::vector<NamedRun>& runs)
{
    const std::size_t total = sampleCount(runs);
    std::string out(kSamplesHeader);
    out.reserve(out.size() + total * 110);
    appendSamples(out, runs, 0, total, nullptr);
    return out;
}

std::string countersCsv(const std::vector<NamedRun>& runs)
{
    std::string out = "run,host,run_t_s,interval_s,counter,per_s\r\n";
    for (const auto& named : runs) {
        for (const auto& c : named.run->counters) {
            for (const auto& [name, rate] : c.rates) {
                putText(out, named.name);
                out += ',';
                putText(out, c.host);
                out += ',';
                appendNumber(out, c.runTS);
                out += ',';
                appendNumber(out, c.intervalS);
                out += ',';
                putText(out, name);
                out += ',';
                appendNumber(out, rate);
                out += "\r\n";
            }
        }
    }
    return out;
}

std::string reportJson(const std::vector<NamedRun>& runs, std::string_view findingsJson)
{
    json list = json::array();
    std::vector<Check> all;
    for (const auto& named : runs) {
        const Run& run = *named.run;
        std::optional<RunSummary> own;
        const RunSummary& summary = named.summary ? *named.summary : own.emplace(summarize(run, findingsJson));
        all.insert(all.end(), summary.checks.begin(), summary.checks.end());
        json checks = json::array();
        for (const auto& c : summary.checks)
            checks.push_back({ { "id", c.id }, { "title", c.title }, { "result", c.result }, { "detail", c.detail },
                { "remedy", c.remedy } });
        json perftest = json::array();
        for (const auto& p : summary.repro.perftest)
            perftest.push_back({ { "size", p.size }, { "server", p.server }, { "client", p.client } });
        json repro { { "rocepilot_cli", summary.repro.rocepilot }, { "perftest", perftest },
            { "perftest_note", summary.repro.perftestNote } };
        json sizes = json::array();
        for (const auto& s : summary.sizes) {
            sizes.push_back({ { "size", s.report.client.size }, { "client", resultSideJson(s.report.client) },
                { "server", s.report.server ? resultSideJson(*s.report.server) : json(nullptr) },
                { "samples", s.clientSamples }, { "gbps_samples", statsJson(s.gbps) },
                { "p50_us_samples", statsJson(s.p50Us) }, { "cpu_client_samples", statsJson(s.clientCpu) },
                { "cpu_server_samples", statsJson(s.serverCpu) } });
        }
        json counters = json::object();
        for (const auto& [host, names] : summary.counters) {
            json h = json::object();
            for (const auto& [name, c] : names)
                h[name] = { { "mean_per_s", c.meanPerS }, { "max_per_s", c.maxPerS }, { "total", c.total },
                    { "intervals", c.intervals } };
            counters[host] = h;
        }
        json hosts = json::array();
        for (const auto& h : run.environment.hosts) {
            json devices = json::array();
            for (const auto& d : h.devices)
                devices.push_back({ { "name", d.name }, { "driver", d.driver }, { "firmware", d.firmware } });
            hosts.push_back({ { "role", h.role }, { "name", h.name }, { "address", h.address },
                { "hostname", h.hostname }, { "os", h.os }, { "kernel", h.kernel }, { "devices", devices },
                { "gid", h.gid }, { "gid_index", h.gidIndex ? json(*h.gidIndex) : json(nullptr) },
                { "gid_device", h.gidDevice }, { "gid_address", h.gidAddress } });
        }
        json error = nullptr;
        std::optional<Error> endError;
        if (const auto& end = run.end)
            endError = end->error;
        if (endError)
            error = { { "kind", std::string(toString(endError->kind)) }, { "message", endError->message } };
        list.push_back({ { "name", named.name }, { "label", run.header.label }, { "started", run.header.startedUtc },
            { "status", summary.status }, { "truncated", run.truncated }, { "headline", summary.headline },
            { "server", run.header.server }, { "client", run.header.client },
            { "data_address", run.header.dataAddress }, { "command", run.header.command },
            { "options", json::parse(perf::optionsToJson(run.header.options)) }, { "hosts", hosts }, { "sizes", sizes },
            { "samples", run.samples.size() }, { "counters", counters }, { "error", error },
            { "warnings", run.warnings }, { "verdict", summary.verdict }, { "checks", checks }, { "repro", repro } });
    }
    json pairs = nullptr;
    if (auto m = pairMatrix(runs)) {
        json cells = json::array();
        auto opt = [](const std::optional<double>& v) { return v ? json(*v) : json(nullptr); };
        for (const auto& c : m->cells)
            cells.push_back({ { "server", c.server }, { "client", c.client }, { "run", c.run }, { "size", c.size },
                { "p50_us", opt(c.p50Us) }, { "p99_us", opt(c.p99Us) }, { "gbps", c.gbps },
                { "alarm_events", c.alarmEvents }, { "verdict", c.verdict } });
        pairs = { { "hosts", m->hosts }, { "metric", m->metric }, { "cells", cells }, { "worst", m->worst } };
    }
    json findings = nullptr;
    if (!findingsJson.empty()) {
        const auto f = parseFindings(findingsJson);
        if (f.ok) {
            findings = json::array();
            for (const auto& x : f.list) {
                json fixes = json::array();
                for (const auto& [target, text] : x.fixes)
                    fixes.push_back({ { "target", target }, { "text", text } });
                findings.push_back({ { "severity", x.severity }, { "rule", x.rule }, { "check", x.check },
                    { "title", x.title }, { "hosts", x.hosts }, { "explanation", x.explanation },
                    { "evidence", x.evidence }, { "fixes", fixes } });
            }
        }
    }
    json doc { { "schema", "rocepilot.report/1" }, { "verdict", verdictOf(all) }, { "runs", list }, { "pairs", pairs },
        { "findings", findings } };
    return doc.dump(2, ' ', false, json::error_handler_t::replace) + "\n";
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

std::optional<PairMatrix> pairMatrix(const std::vector<NamedRun>& runs)
{
    if (runs.size() < 2)
        return std::nullopt;
    std::set<std::string> hosts;
    bool allPing = true;
    for (const auto& n : runs) {
        hosts.insert(n.run->header.server);
        hosts.insert(n.run->header.client);
        bool lat = false;
        for (const auto& s : n.run->sizes)
            lat = lat || (s.client.latency && s.client.latency->hasPercentiles);
        allPing = allPing && n.run->header.options.mode == perf::Mode::Ping && lat;
    }
    if (hosts.size() < 3)
        return std::nullopt;
    PairMatrix m;
    m.hosts.assign(hosts.begin(), hosts.end());
    // Natural order: node2 before node10, as an admin numbers racks and hosts.
    std::sort(m.hosts.begin(), m.hosts.end(), naturalLess);
    m.metric = allPing ? "p99_us" : "gbps";
    std::map<std::pair<std::string, std::string>, std::size_t> at; // a pair measured twice: the later run
    for (std::size_t i = 0; i < runs.size(); ++i) {
        const Run& r = *runs[i].run;
        RunSummary own;
        const RunSummary& s = runs[i].summary ? *runs[i].summary : (own = summarize(r));
        PairCell c;
        c.server = r.header.server;
        c.client = r.header.client;
        c.run = i;
        // The troubleshooter's findings are about the whole fabric, not this pair: they would colour every cell.
        std::vector<Check> pairChecks;
        for (const auto& k : s.checks) {
            if (k.id != "troubleshooter")
                pairChecks.push_back(k);
        }
        c.verdict = verdictOf(pairChecks);
        if (!r.sizes.empty()) {
            const auto& first = r.sizes.front().client;
            c.size = first.size;
            if (first.latency && first.latency->hasPercentiles) {
                c.p50Us = first.latency->p50Us;
                c.p99Us = first.latency->p99Us;
            }
            for (const auto& sz : r.sizes)
                c.gbps = std::max(c.gbps, sz.client.gbps);
        }
        for (const auto& [host, list] : s.counters) {
            for (const auto& [name, cs] : list) {
                if (counters::describeCounter(name).alarm)
                    c.alarmEvents += cs.total;
            }
        }
        const auto key = std::pair { c.server, c.client };
        if (auto it = at.find(key); it != at.end()) {
            m.cells[it->second] = c;
        } else {
            at[key] = m.cells.size();
            m.cells.push_back(c);
        }
    }
    std::vector<std::size_t> order(m.cells.size());
    for (std::size_t i = 0; i < order.size(); ++i)
        order[i] = i;
    const bool lat = m.metric == "p99_us";
    auto rank = [&](const PairCell& c) { // larger = worse
        const int v = c.verdict == "fail" ? 2 : c.verdict == "warn" ? 1 : 0;
        const double metric = lat ? c.p99Us.value_or(1e300) : -c.gbps;
        return std::tuple { v, c.alarmEvents, metric };
    };
    std::stable_sort(
        order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return rank(m.cells[a]) > rank(m.cells[b]); });
    if (order.size() > 10)
        order.resize(10);
    m.worst = order;
    return m;
}

namespace {

/// The file mapped; `part` is a second view of it for the parallel reader: the run and environment lines, then
/// the file from a line boundary near the middle on. Built without copying: the first lines go into anonymous
/// pages right before the file's pages, mapped at the page that holds the split; the bytes of that page before
/// the split (the end of a line the first half reads) become blank lines, which the reader skips.
struct Mapping
{
    void* map = MAP_FAILED;
    std::size_t size = 0;
    void* partMap = MAP_FAILED;
    std::size_t partMapSize = 0;
    std::string_view text, part;
    ~Mapping()
    {
        if (map != MAP_FAILED)
            ::munmap(map, size);
        if (partMap != MAP_FAILED)
            ::munmap(partMap, partMapSize);
    }
};

/// Below this the second thread costs more than it saves.
constexpr std::size_t kParallelFrom = 8u << 20;

/// Where the second half starts (just after a newline, at a sample line), 0 when the file does not split well: the
/// run and environment lines first, no result or end line before the split.
std::size_t splitPoint(std::string_view text)
{
    const std::size_t first = text.find('\n');
    if (first == std::string_view::npos)
        return 0;
    const std::size_t second = text.find('\n', first + 1);
    if (second == std::string_view::npos || !text.substr(first + 1).starts_with(R"({"type":"environment")"))
        return 0;
    // A little before the middle: the first half's thread also joins the halves (about a tenth of a half's work).
    std::size_t at = text.find('\n', text.size() * 43 / 100);
    while (
        at != std::string_view::npos && at + 1 < text.size() && !text.substr(at + 1).starts_with(R"({"type":"sample")"))
        at = text.find('\n', at + 1);
    if (at == std::string_view::npos || at + 1 >= text.size() || at <= second)
        return 0;
    // The end-of-run results (the writer's last lines) must all be in the second half: they replace the streamed
    // per-size results there. Found by walking back from the end, not by searching 100 MB. (The writer sorts keys,
    // so "type" is anywhere in those lines; "size_result" does not match.)
    std::size_t end = text.size();
    std::size_t results = 0;
    while (end > at + 1) {
        const std::size_t from = text.rfind('\n', end - 2);
        const std::size_t start = from == std::string_view::npos ? 0 : from + 1;
        const std::string_view line = text.substr(start, end - start);
        const bool result = line.find(R"("type":"result")") != std::string_view::npos;
        if (!result && line.find(R"("type":"end")") == std::string_view::npos)
            break;
        results += result;
        end = start;
    }
    if (results == 0 || end <= at + 1)
        return 0;
    return at + 1;
}

} // namespace

Result<Run> loadRunFile(const std::string& path)
{
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return failErrno(ErrorKind::Io, "cannot open the run file", errno, path);
    struct stat st
    { };
    if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode) || st.st_size == 0) {
        ::close(fd); // a pipe or an empty file: the plain reader says what is wrong with it
        return readRunFile(path);
    }
    Mapping m;
    m.size = static_cast<std::size_t>(st.st_size);
    m.map = ::mmap(nullptr, m.size, PROT_READ, MAP_PRIVATE, fd, 0);
    if (m.map == MAP_FAILED) {
        const int err = errno;
        ::close(fd);
        return failErrno(ErrorKind::Io, "cannot read the run file", err, path);
    }
    m.text = std::string_view(static_cast<const char*>(m.map), m.size);
    const std::size_t split = m.size >= kParallelFrom ? splitPoint(m.text) : 0;
    if (split) {
        const std::size_t page = static_cast<std::size_t>(::sysconf(_SC_PAGESIZE));
        const std::size_t prefix = m.text.find('\n', m.text.find('\n') + 1) + 1; // run + environment lines
        const std::size_t aligned = split / page * page;
        const std::size_t lead = (prefix + page - 1) / page * page;
        m.partMapSize = lead + (m.size - aligned);
        m.partMap = ::mmap(nullptr, m.partMapSize, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
        char* base = static_cast<char*>(m.partMap);
        if (m.partMap != MAP_FAILED
            && ::mmap(
                   base + lead, m.size - aligned, PROT_READ, MAP_PRIVATE | MAP_FIXED, fd, static_cast<off_t>(aligned))
                != MAP_FAILED
            // writable (a private copy) only where the blank lines go: the whole mapping writable would copy it
            && ::mprotect(base + lead, page, PROT_READ | PROT_WRITE) == 0) {
            std::memset(base + lead, '\n', split - aligned);
            std::memcpy(base + lead - prefix, m.text.data(), prefix);
            m.part = std::string_view(base + lead - prefix, prefix + (m.size - aligned));
        }
    }
    ::close(fd);
    ::madvise(m.map, m.size, MADV_SEQUENTIAL);
    if (m.part.empty())
        return parseRun(m.text, path);

    // Two halves on two cores. Anything unusual in either (an error, a warning) and the whole file is read again
    // in one piece, so messages name the right line and nothing depends on where the file was split.
    Result<Run> second = std::unexpected(Error {});
    std::thread worker([&] { second = parseRun(m.part, path); });
    auto first = parseRun(m.text.substr(0, split), path);
    worker.join();
    const bool firstClean = first && !first->end && first->warnings.size() == 1;
    const bool secondClean = second && second->end && second->warnings.empty() && !second->truncated
        && second->sizes.size() >= first->sizes.size();
    if (!firstClean || !secondClean)
        return parseRun(m.text, path);
    Run run = std::move(*first);
    run.samples.reserve(run.samples.size() + second->samples.size());
    run.samples.insert(run.samples.end(), second->samples.begin(), second->samples.end());
    run.counters.insert(run.counters.end(), std::make_move_iterator(second->counters.begin()),
        std::make_move_iterator(second->counters.end()));
    run.sizes = std::move(second->sizes);
    run.end = std::move(second->end);
    run.truncated = false;
    run.warnings.clear();
    return run;
}

Result<void> writeReportFile(const std::string& path, std::string_view data)
{
    AtomicFile f(path, 0644, AtomicFile::Dash::Stdout);
    f.write(data);
    return f.commit();
}

Result<void> writeSamplesCsv(const std::vector<NamedRun>& runs, const std::string& path)
{
    AtomicFile f(path, 0644, AtomicFile::Dash::Stdout);
    const std::size_t total = sampleCount(runs);
    // Formatting is most of the cost: a large file's second half is formatted on another core, into memory,
    // while the first half streams to the file.
    const std::size_t half = total >= (1u << 18) ? total / 2 : total;
    std::vector<std::string> tail;
    std::thread worker;
    if (half < total) {
        worker = std::thread([&] {
            std::string chunk;
            chunk.reserve(kSampleChunk + 4096);
            appendSamples(chunk, runs, half, total, [&](std::string& full) {
                tail.push_back(std::move(full));
                full = std::string();
                full.reserve(kSampleChunk + 4096);
            });
            tail.push_back(std::move(chunk));
        });
    }
    std::string out(kSamplesHeader);
    out.reserve(kSampleChunk + 4096);
    appendSamples(out, runs, 0, half, [&](std::string& chunk) {
        f.write(chunk);
        chunk.clear();
    });
    f.write(out);
    if (worker.joinable())
        worker.join();
    for (const auto& chunk : tail)
        f.write(chunk);
    return f.commit();
}

} // namespace rp::run

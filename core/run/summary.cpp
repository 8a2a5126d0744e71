// SPDX-License-Identifier: GPL-3.0-or-later
#include "run/summary.h"

#include "counters/counters.h"
#include "util/format.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <set>
#include <string_view>

namespace rp::run {

namespace {

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

} // namespace rp::run

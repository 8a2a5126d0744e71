// SPDX-License-Identifier: GPL-3.0-or-later
#include "run/export.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>

namespace rp::run {

using json = nlohmann::json;

namespace {

void put(std::string& out, double v)
{
    char buf[32];
    auto [p, ec] = std::to_chars(buf, buf + sizeof buf, std::isfinite(v) ? v : 0.0);
    out.append(buf, ec == std::errc() ? p : buf);
}

void put(std::string& out, std::uint64_t v)
{
    char buf[24];
    auto [p, ec] = std::to_chars(buf, buf + sizeof buf, v);
    out.append(buf, ec == std::errc() ? p : buf);
}

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
        { "p99", s.p99 }, { "max", s.max }, { "mean", s.mean } };
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

} // namespace

Stats statsOf(std::vector<double> v)
{
    Stats s;
    s.count = v.size();
    if (v.empty())
        return s;
    std::sort(v.begin(), v.end());
    auto rank = [&](double q) {
        // nearest rank: the smallest value with at least q of the values at or below it
        auto k = static_cast<std::size_t>(std::ceil(q * static_cast<double>(v.size())));
        return v[std::clamp<std::size_t>(k, 1, v.size()) - 1];
    };
    s.min = v.front();
    s.max = v.back();
    s.p5 = rank(0.05);
    s.p50 = rank(0.50);
    s.p95 = rank(0.95);
    s.p99 = rank(0.99);
    long double sum = 0;
    for (double x : v)
        sum += x;
    s.mean = static_cast<double>(sum / static_cast<long double>(v.size()));
    return s;
}

std::string sizeText(std::uint64_t size)
{
    if (size >= (1u << 20) && size % (1u << 20) == 0)
        return std::to_string(size >> 20) + " MiB";
    if (size >= 1024 && size % 1024 == 0)
        return std::to_string(size >> 10) + " KiB";
    return std::to_string(size) + " B";
}

std::string fixed(double v, int digits)
{
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.*f", digits, v);
    return buf;
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

RunSummary summarize(const Run& run)
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
        const auto summary = summarize(run);
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
            put(out, c.size);
            out += ',';
            put(out, c.messages);
            out += ',';
            put(out, c.elapsedS);
            out += ',';
            put(out, c.gbps);
            out += ',';
            put(out, c.messagesPerS);
            out += ',';
            if (c.latency) {
                const auto& l = *c.latency;
                put(out, l.count);
                for (auto [has, v] : { std::pair { l.hasPercentiles, l.minUs }, { l.hasPercentiles, l.p50Us },
                         { l.hasPercentiles && l.hasP90, l.p90Us }, { l.hasPercentiles, l.p99Us },
                         { l.hasPercentiles, l.p999Us }, { l.hasPercentiles, l.maxUs } }) {
                    out += ',';
                    if (has)
                        put(out, v);
                }
                out += ',';
                put(out, l.meanUs);
            } else {
                out += ",,,,,,,";
            }
            out += ',';
            if (c.cpu.wallS > 0)
                put(out, c.cpu.percent());
            out += ',';
            if (s.report.server && s.report.server->cpu.wallS > 0)
                put(out, s.report.server->cpu.percent());
            out += ',';
            put(out, c.verifyErrors + (s.report.server ? s.report.server->verifyErrors : 0));
            out += ',';
            put(out, std::uint64_t { s.clientSamples });
            out += ',';
            if (s.gbps.count) {
                put(out, s.gbps.min);
                out += ',';
                put(out, s.gbps.p50);
                out += ',';
                put(out, s.gbps.max);
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
    std::string out
        = "run,role,run_t_s,size_bytes,t_s,interval_s,messages,bytes,gbps,msgs_per_s,p50_us,p99_us,cpu_percent\r\n";
    std::size_t total = 0;
    for (const auto& named : runs)
        total += named.run->samples.size();
    out.reserve(out.size() + total * 110);
    for (const auto& named : runs) {
        std::string prefix;
        putText(prefix, named.name);
        for (const auto& rs : named.run->samples) {
            const auto& s = rs.sample;
            out += prefix;
            out += rs.role == perf::Role::Client ? ",client," : ",server,";
            put(out, rs.runTS);
            out += ',';
            put(out, s.size);
            out += ',';
            put(out, s.tS);
            out += ',';
            put(out, s.intervalS);
            out += ',';
            put(out, s.messages);
            out += ',';
            put(out, s.bytes);
            out += ',';
            put(out, s.gbps);
            out += ',';
            put(out, s.messagesPerS);
            out += ',';
            if (s.p50Us)
                put(out, *s.p50Us);
            out += ',';
            if (s.p99Us)
                put(out, *s.p99Us);
            out += ',';
            put(out, s.cpuPercent);
            out += "\r\n";
        }
    }
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
                put(out, c.runTS);
                out += ',';
                put(out, c.intervalS);
                out += ',';
                putText(out, name);
                out += ',';
                put(out, rate);
                out += "\r\n";
            }
        }
    }
    return out;
}

std::string reportJson(const std::vector<NamedRun>& runs)
{
    json list = json::array();
    for (const auto& named : runs) {
        const Run& run = *named.run;
        const auto summary = summarize(run);
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
            { "warnings", run.warnings } });
    }
    json doc { { "schema", "rocepilot.report/1" }, { "runs", list } };
    return doc.dump(2, ' ', false, json::error_handler_t::replace) + "\n";
}

} // namespace rp::run

// SPDX-License-Identifier: GPL-3.0-or-later
#include "run/tables.h"
#include "util/atomicfile.h"
#include "util/files.h"
#include "util/format.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <cmath>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <system_error>
#include <thread>
#include <unistd.h>

namespace rp::run {

using json = nlohmann::json;

namespace {

void putText(std::string& out, std::string_view text)
{
    appendCsvText(out, text);
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

} // namespace

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

namespace {

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
    // Read into memory, not mapped: a file that shrinks while it is read (a new run saved under the name by
    // someone else's tool) must be an error, not a SIGBUS.
    auto read = readTextFile(path, kMaxRunFileBytes);
    if (!read)
        return std::unexpected(read.error());
    const std::string& text = *read;
    const std::size_t split = text.size() >= kParallelFrom ? splitPoint(text) : 0;
    if (!split)
        return parseRun(text, path);
    // The second half is read with the run and environment lines before it, as its own small run file.
    const std::size_t prefix = text.find('\n', text.find('\n') + 1) + 1;
    std::string part;
    part.reserve(prefix + text.size() - split);
    part.append(text, 0, prefix);
    part.append(text, split);

    // Two halves on two cores. Anything unusual in either (an error, a warning) and the whole file is read again
    // in one piece, so messages name the right line and nothing depends on where the file was split.
    Result<Run> second = std::unexpected(Error {});
    std::thread worker([&] { second = parseRun(part, path); });
    auto first = parseRun(std::string_view(text).substr(0, split), path);
    worker.join();
    const bool firstClean = first && !first->end && first->warnings.size() == 1;
    const bool secondClean = second && second->end && second->warnings.empty() && !second->truncated
        && second->sizes.size() >= first->sizes.size();
    if (!firstClean || !secondClean)
        return parseRun(text, path);
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

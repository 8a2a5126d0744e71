// SPDX-License-Identifier: GPL-3.0-or-later
#include "perf/protocol.h"

#include "util/command.h"
#include "util/jsonfields.h"
#include "util/text.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <initializer_list>
#include <limits>

namespace rp::perf {
namespace {

using nlohmann::json;

constexpr std::uint64_t kMaxCount = std::uint64_t { 1 } << 62;
constexpr double kMaxSeconds = 1e7;
constexpr std::size_t kMaxDevices = 64;

json sampleJson(const Sample& s)
{
    return json {
        { "size", s.size },
        { "t_s", s.tS },
        { "interval_s", s.intervalS },
        { "messages", s.messages },
        { "bytes", s.bytes },
        { "gbps", s.gbps },
        { "msgs_per_s", s.messagesPerS },
        { "p50_us", s.p50Us ? json(*s.p50Us) : json(nullptr) },
        { "p99_us", s.p99Us ? json(*s.p99Us) : json(nullptr) },
        { "cpu_percent", s.cpuPercent },
    };
}

json latencyJson(const LatencySummary& l)
{
    auto known = [](bool has, double v) { return has ? json(v) : json(nullptr); };
    return json {
        { "count", l.count },
        { "min_us", known(l.hasPercentiles, l.minUs) },
        { "p50_us", known(l.hasPercentiles, l.p50Us) },
        { "p90_us", known(l.hasPercentiles && l.hasP90, l.p90Us) },
        { "p99_us", known(l.hasPercentiles, l.p99Us) },
        { "p999_us", known(l.hasPercentiles, l.p999Us) },
        { "max_us", known(l.hasPercentiles, l.maxUs) },
        { "mean_us", l.meanUs },
    };
}

/// null when nothing was measured (perftest reports no CPU).
json cpuJson(const CpuUse& c)
{
    if (c.wallS <= 0 && c.userS <= 0 && c.sysS <= 0)
        return nullptr;
    return json { { "user_s", c.userS }, { "sys_s", c.sysS }, { "wall_s", c.wallS }, { "percent", c.percent() } };
}

json resultJson(const SizeResult& r)
{
    return json {
        { "size", r.size },
        { "messages", r.messages },
        { "bytes", r.bytes },
        { "elapsed_s", r.elapsedS },
        { "gbps", r.gbps },
        { "msgs_per_s", r.messagesPerS },
        { "latency", r.latency ? latencyJson(*r.latency) : json(nullptr) },
        { "cpu", cpuJson(r.cpu) },
        { "verify_errors", r.verifyErrors },
    };
}

// Rates and times a real run can produce, with a wide margin; anything beyond is garbage.
constexpr double kMaxGbps = 1e6;
constexpr double kMaxRate = 1e12;
constexpr double kMaxUs = 1e13;
constexpr double kMaxPercent = 1e5;

Sample readSample(JsonFields& f)
{
    Sample s;
    s.size = f.u64("size", 1, kMaxMessageSize);
    s.tS = f.number("t_s", 0, kMaxSeconds);
    s.intervalS = f.number("interval_s", 0, kMaxSeconds);
    s.messages = f.u64("messages", 0, kMaxCount);
    s.bytes = f.u64("bytes", 0, kMaxCount);
    s.gbps = f.number("gbps", 0, kMaxGbps);
    s.messagesPerS = f.number("msgs_per_s", 0, kMaxRate);
    s.p50Us = f.optNumber("p50_us", 0, kMaxUs);
    // Added after protocol 1 shipped: optional, so a sample without it still reads.
    if (const json* v = f.find("p99_us", false); v && !v->is_null())
        s.p99Us = f.number("p99_us", 0, kMaxUs);
    s.cpuPercent = f.number("cpu_percent", 0, kMaxPercent);
    return s;
}

std::optional<Error> readLatency(const json& object, LatencySummary& l)
{
    JsonFields f(object, ErrorKind::Protocol, "latency");
    f.only({ "count", "min_us", "p50_us", "p90_us", "p99_us", "p999_us", "max_us", "mean_us" });
    l.count = f.u64("count", 0, kMaxCount);
    auto minUs = f.optNumber("min_us", 0, kMaxUs);
    auto p50Us = f.optNumber("p50_us", 0, kMaxUs);
    auto p90Us = f.optNumber("p90_us", 0, kMaxUs);
    auto p99Us = f.optNumber("p99_us", 0, kMaxUs);
    auto p999Us = f.optNumber("p999_us", 0, kMaxUs);
    auto maxUs = f.optNumber("max_us", 0, kMaxUs);
    l.meanUs = f.number("mean_us", 0, kMaxUs);
    // Percentiles come all together or not at all; p90 alone may be missing.
    l.hasPercentiles = minUs.has_value();
    if (!f.error()
        && (p50Us.has_value() != l.hasPercentiles || p99Us.has_value() != l.hasPercentiles
            || p999Us.has_value() != l.hasPercentiles || maxUs.has_value() != l.hasPercentiles
            || (p90Us.has_value() && !l.hasPercentiles)))
        f.problem("the percentiles must all be numbers or all null");
    l.hasP90 = l.hasPercentiles && p90Us.has_value();
    l.minUs = minUs.value_or(0);
    l.p50Us = p50Us.value_or(0);
    l.p90Us = p90Us.value_or(0);
    l.p99Us = p99Us.value_or(0);
    l.p999Us = p999Us.value_or(0);
    l.maxUs = maxUs.value_or(0);
    return f.error();
}

std::optional<Error> readCpu(const json& object, CpuUse& c)
{
    JsonFields f(object, ErrorKind::Protocol, "cpu");
    f.only({ "user_s", "sys_s", "wall_s", "percent" });
    c.userS = f.number("user_s", 0, kMaxSeconds);
    c.sysS = f.number("sys_s", 0, kMaxSeconds);
    c.wallS = f.number("wall_s", 0, kMaxSeconds);
    (void)f.number("percent", 0, kMaxPercent); // derived from the three above; read only to check it
    // The percent shown is recomputed from the times, so the times themselves must make a possible one (found by
    // fuzzing: sys_s 9991.5 over wall_s 2.0 decoded, and re-encoded as 499 597 %).
    if (c.percent() > kMaxPercent)
        f.problem(
            "user_s + sys_s is more than " + std::to_string(static_cast<int>(kMaxPercent / 100)) + " times wall_s");
    return f.error();
}

SizeResult readResult(JsonFields& f)
{
    SizeResult r;
    r.size = f.u64("size", 1, kMaxMessageSize);
    r.messages = f.u64("messages", 0, kMaxCount);
    r.bytes = f.u64("bytes", 0, kMaxCount);
    r.elapsedS = f.number("elapsed_s", 0, kMaxSeconds);
    r.gbps = f.number("gbps", 0, kMaxGbps);
    r.messagesPerS = f.number("msgs_per_s", 0, kMaxRate);
    if (const json* l = f.object("latency", true)) {
        LatencySummary summary;
        f.adopt(readLatency(*l, summary));
        r.latency = summary;
    }
    if (const json* c = f.object("cpu", true))
        f.adopt(readCpu(*c, r.cpu));
    r.verifyErrors = f.u64("verify_errors", 0, kMaxCount);
    return r;
}

Role readRole(JsonFields& f)
{
    auto text = f.text("role", 16);
    if (f.error())
        return Role::Client;
    auto role = roleFromString(text);
    if (!role)
        f.problem("'role' must be server or client");
    return role.value_or(Role::Client);
}

Capabilities readCapabilities(const json& object, JsonFields& outer)
{
    Capabilities c;
    JsonFields f(object, ErrorKind::Protocol, "capabilities");
    f.only({ "tcp", "rdma", "rdma_devices", "perftest", "perftest_out_json" });
    c.tcp = f.boolean("tcp");
    c.rdma = f.boolean("rdma");
    if (const json* devices = f.array("rdma_devices", kMaxDevices)) {
        for (const auto& d : *devices) {
            if (!d.is_object()) {
                f.problem("'rdma_devices' items must be objects");
                break;
            }
            JsonFields df(d, ErrorKind::Protocol, "rdma device");
            df.only({ "name", "ports", "max_inline" });
            RdmaDeviceInfo info;
            info.name = df.text("name", 64);
            info.ports = df.integer("ports", 0, 255);
            info.maxInline = df.integer("max_inline", 0, 1 << 20);
            if (!df.error() && !validateRdmaDeviceName(info.name))
                df.problem("'name' is not a valid RDMA device name");
            f.adopt(df.error());
            if (f.error())
                break;
            c.rdmaDevices.push_back(std::move(info));
        }
    }
    if (const json* tools = f.array("perftest", 32)) {
        for (const auto& t : *tools) {
            if (!t.is_string() || t.get_ref<const std::string&>().size() > 32) {
                f.problem("'perftest' items must be tool names");
                break;
            }
            const auto& name = t.get_ref<const std::string&>();
            bool known = false;
            for (auto k : { "ib_send_lat", "ib_write_lat", "ib_read_lat", "ib_send_bw", "ib_write_bw", "ib_read_bw" })
                known = known || name == k;
            if (!known) {
                f.problem("'perftest' lists an unknown tool");
                break;
            }
            c.perftestTools.push_back(name);
        }
    }
    c.perftestOutJson = f.boolean("perftest_out_json");
    outer.adopt(f.error());
    return c;
}

} // namespace

double probeDeadlineS(const TestOptions& o, double connectTimeoutS)
{
    double total = 2 * connectTimeoutS + 10;
    for (auto size : o.sizes) {
        const double measured = o.iterations
            ? std::min(3600.0, static_cast<double>(*o.iterations) * (1e-3 + static_cast<double>(size) / 1e7))
            : o.durationS;
        total += o.warmupS + measured + connectTimeoutS + 5;
    }
    return total;
}

std::string toString(Role role)
{
    return role == Role::Server ? "server" : "client";
}

std::optional<Role> roleFromString(std::string_view text)
{
    if (text == "server")
        return Role::Server;
    if (text == "client")
        return Role::Client;
    return std::nullopt;
}

std::optional<Completion> completionFromString(std::string_view text)
{
    if (text == "poll")
        return Completion::Poll;
    if (text == "event")
        return Completion::Event;
    return std::nullopt;
}

std::optional<ErrorKind> errorKindFromString(std::string_view text)
{
    for (auto kind : { ErrorKind::Usage, ErrorKind::Validation, ErrorKind::Parse, ErrorKind::Io, ErrorKind::Unreachable,
             ErrorKind::AuthFailed, ErrorKind::HostKeyUnknown, ErrorKind::HostKeyChanged, ErrorKind::Timeout,
             ErrorKind::Cancelled, ErrorKind::CommandFailed, ErrorKind::Protocol, ErrorKind::Internal }) {
        if (text == toString(kind))
            return kind;
    }
    return std::nullopt;
}

std::string encode(const ProbeMessage& message)
{
    json j = std::visit(
        [](const auto& m) -> json {
            using T = std::decay_t<decltype(m)>;
            if constexpr (std::is_same_v<T, HelloMsg>) {
                json devices = json::array();
                for (const auto& d : m.capabilities.rdmaDevices)
                    devices.push_back({ { "name", d.name }, { "ports", d.ports }, { "max_inline", d.maxInline } });
                return json {
                    { "type", "hello" },
                    { "protocol", m.protocol },
                    { "probe_version", m.probeVersion },
                    { "capabilities",
                        {
                            { "tcp", m.capabilities.tcp },
                            { "rdma", m.capabilities.rdma },
                            { "rdma_devices", devices },
                            { "perftest", m.capabilities.perftestTools },
                            { "perftest_out_json", m.capabilities.perftestOutJson },
                        } },
                };
            } else if constexpr (std::is_same_v<T, ReadyMsg>) {
                return json { { "type", "ready" }, { "role", toString(m.role) }, { "port", m.port } };
            } else if constexpr (std::is_same_v<T, SampleMsg>) {
                json s = sampleJson(m.sample);
                s["type"] = "sample";
                s["role"] = toString(m.role);
                return s;
            } else if constexpr (std::is_same_v<T, SizeResultMsg>) {
                json r = resultJson(m.result);
                r["type"] = "size_result";
                r["role"] = toString(m.role);
                return r;
            } else if constexpr (std::is_same_v<T, DoneMsg>) {
                return json { { "type", "done" }, { "role", toString(m.role) }, { "sizes", m.sizes } };
            } else {
                return json {
                    { "type", "error" },
                    { "role", toString(m.role) },
                    { "kind", std::string(toString(m.kind)) },
                    { "message", m.message },
                    { "where", m.where },
                };
            }
        },
        message);
    // Invalid UTF-8 in an error text (from strerror or a host) must not make dump() throw.
    return j.dump(-1, ' ', false, json::error_handler_t::replace) + "\n";
}

std::string encodeReport(const SizeReport& report, Transport transport)
{
    json j {
        { "type", "result" },
        { "transport", toString(transport) },
        { "size", report.client.size },
        { "client", resultJson(report.client) },
        { "server", report.server ? resultJson(*report.server) : json(nullptr) },
    };
    return j.dump(-1, ' ', false, json::error_handler_t::replace) + "\n";
}

Result<ProbeMessage> decodeLine(std::string_view line)
{
    if (line.size() > kMaxLineBytes)
        return fail(ErrorKind::Protocol,
            "probe line of " + std::to_string(line.size()) + " bytes is longer than " + std::to_string(kMaxLineBytes),
            "probe protocol");
    if (!line.empty() && line.back() == '\n')
        line.remove_suffix(1);
    if (!line.empty() && line.back() == '\r')
        line.remove_suffix(1);
    try {
        json j = json::parse(line, nullptr, false);
        if (j.is_discarded())
            return fail(ErrorKind::Protocol, "probe line is not JSON", "probe protocol");
        if (!j.is_object())
            return fail(ErrorKind::Protocol, "probe line is not a JSON object", "probe protocol");
        JsonFields f(j, ErrorKind::Protocol, "probe message");
        const std::string type = f.text("type", 32);
        if (const auto& error = f.error())
            return std::unexpected(*error);
        ProbeMessage out;
        if (type == "hello") {
            JsonFields h(j, ErrorKind::Protocol, "hello");
            h.only({ "type", "protocol", "probe_version", "capabilities" });
            HelloMsg m;
            m.protocol = h.integer("protocol", 0, 1000000);
            m.probeVersion = h.text("probe_version", 64);
            if (const json* c = h.object("capabilities"))
                m.capabilities = readCapabilities(*c, h);
            if (const auto& error = h.error())
                return std::unexpected(*error);
            out = m;
        } else if (type == "ready") {
            JsonFields r(j, ErrorKind::Protocol, "ready");
            r.only({ "type", "role", "port" });
            ReadyMsg m;
            m.role = readRole(r);
            m.port = r.integer("port", 1, 65535);
            if (const auto& error = r.error())
                return std::unexpected(*error);
            out = m;
        } else if (type == "sample") {
            JsonFields s(j, ErrorKind::Protocol, "sample");
            s.only({ "type", "role", "size", "t_s", "interval_s", "messages", "bytes", "gbps", "msgs_per_s", "p50_us",
                "p99_us", "cpu_percent" });
            SampleMsg m;
            m.role = readRole(s);
            m.sample = readSample(s);
            if (const auto& error = s.error())
                return std::unexpected(*error);
            out = m;
        } else if (type == "size_result") {
            JsonFields s(j, ErrorKind::Protocol, "size_result");
            s.only({ "type", "role", "size", "messages", "bytes", "elapsed_s", "gbps", "msgs_per_s", "latency", "cpu",
                "verify_errors" });
            SizeResultMsg m;
            m.role = readRole(s);
            m.result = readResult(s);
            if (const auto& error = s.error())
                return std::unexpected(*error);
            out = m;
        } else if (type == "done") {
            JsonFields d(j, ErrorKind::Protocol, "done");
            d.only({ "type", "role", "sizes" });
            DoneMsg m;
            m.role = readRole(d);
            m.sizes = d.u64("sizes", 0, 1024);
            if (const auto& error = d.error())
                return std::unexpected(*error);
            out = m;
        } else if (type == "error") {
            JsonFields e(j, ErrorKind::Protocol, "error");
            e.only({ "type", "role", "kind", "message", "where" });
            ErrorMsg m;
            m.role = readRole(e);
            auto kind = e.text("kind", 32);
            m.message = e.text("message");
            m.where = e.text("where");
            if (!e.error()) {
                auto k = errorKindFromString(kind);
                if (!k)
                    e.problem("'kind' is not an error kind");
                m.kind = k.value_or(ErrorKind::Internal);
            }
            if (const auto& error = e.error())
                return std::unexpected(*error);
            out = m;
        } else {
            const std::string shown = type.size() > 32 ? type.substr(0, 32) + "..." : type;
            return fail(ErrorKind::Protocol, "unknown probe message type '" + shown + "'", "probe protocol");
        }
        return out;
    } catch (const json::exception& e) {
        return fail(ErrorKind::Protocol, "probe line: " + jsonLibraryMessage(e.what()), "probe protocol");
    }
}

std::string optionsToJson(const TestOptions& o)
{
    json j {
        { "mode", toString(o.mode) },
        { "op", toString(o.op) },
        { "transport", toString(o.transport) },
        { "sizes", o.sizes },
        { "inline", o.inlineData },
        { "completion", toString(o.completion) },
        { "depth", o.depth },
        { "post_list", o.postList },
        { "signal_every", o.signalEvery },
        { "iterations", o.iterations ? json(*o.iterations) : json(nullptr) },
        { "duration_s", o.durationS },
        { "warmup_s", o.warmupS },
        { "sample_interval_s", o.sampleIntervalS },
        { "verify_data", o.verifyData },
        { "device", o.device },
        { "gid_index", o.gidIndex ? json(*o.gidIndex) : json(nullptr) },
        { "tos", o.tos ? json(*o.tos) : json(nullptr) },
        { "port", o.port },
    };
    return j.dump();
}

Result<TestOptions> optionsFromJson(std::string_view text)
{
    if (text.size() > kMaxLineBytes)
        return fail(
            ErrorKind::Usage, "--options: longer than " + std::to_string(kMaxLineBytes) + " bytes", "--options");
    try {
        json j = json::parse(text, nullptr, false);
        if (j.is_discarded() || !j.is_object())
            return fail(ErrorKind::Usage, "--options: not a JSON object", "--options");
        JsonFields f(j, ErrorKind::Usage, "--options");
        f.only({ "mode", "op", "transport", "sizes", "inline", "completion", "depth", "post_list", "signal_every",
            "iterations", "duration_s", "warmup_s", "sample_interval_s", "verify_data", "device", "gid_index", "tos",
            "port" });
        TestOptions o;
        auto named = [&](std::string_view key, auto parse, auto& into) {
            if (!f.find(key, false) || f.error())
                return;
            auto name = f.text(key, 32);
            if (f.error())
                return;
            auto value = parse(name);
            if (!value)
                f.problem("'" + std::string(key) + "' has no value '" + name + "'");
            else
                into = *value;
        };
        named("mode", modeFromString, o.mode);
        named("op", opFromString, o.op);
        named("transport", transportFromString, o.transport);
        named("completion", completionFromString, o.completion);
        if (const json* sizes = f.array("sizes", 64, false)) {
            o.sizes.clear();
            for (const auto& s : *sizes) {
                if (!s.is_number_unsigned() || s.get<std::uint64_t>() < 1 || s.get<std::uint64_t>() > kMaxMessageSize) {
                    f.problem("'sizes' must hold sizes of 1..268435456 bytes");
                    break;
                }
                o.sizes.push_back(s.get<std::uint64_t>());
            }
        }
        o.inlineData = f.boolean("inline", o.inlineData, false);
        o.depth = f.integer("depth", 1, 128, o.depth, false);
        o.postList = f.integer("post_list", 1, 128, o.postList, false);
        o.signalEvery = f.integer("signal_every", 1, 128, o.signalEvery, false);
        if (const json* it = f.find("iterations", false); it && !it->is_null())
            o.iterations = f.u64("iterations", 1, kMaxCount);
        o.durationS = f.number("duration_s", 0, 3600, o.durationS, false);
        o.warmupS = f.number("warmup_s", 0, 60, o.warmupS, false);
        o.sampleIntervalS = f.number("sample_interval_s", 0, 1, o.sampleIntervalS, false);
        o.verifyData = f.boolean("verify_data", o.verifyData, false);
        o.device = f.text("device", 64, false);
        if (!o.device.empty() && !f.error() && !validateRdmaDeviceName(o.device))
            f.problem("'device' is not a valid RDMA device name");
        o.gidIndex = f.optInteger("gid_index", 0, 65535);
        o.tos = f.optInteger("tos", 0, 255);
        o.port = f.integer("port", 0, 65535, o.port, false);
        if (const auto& error = f.error())
            return std::unexpected(*error);
        if (auto ok = validate(o); !ok)
            return std::unexpected(ok.error());
        return o;
    } catch (const json::exception& e) {
        return fail(ErrorKind::Usage, "--options: " + jsonLibraryMessage(e.what()), "--options");
    }
}

Result<void> LineSplitter::feed(std::string_view chunk, const std::function<void(std::string_view line)>& onLine)
{
    if (m_failed)
        return fail(ErrorKind::Protocol, "the probe's output was already rejected", "probe protocol");
    while (!chunk.empty()) {
        auto nl = chunk.find('\n');
        if (nl == std::string_view::npos) {
            if (m_buffer.size() + chunk.size() > kMaxLineBytes) {
                m_failed = true;
                m_buffer.clear();
                return fail(ErrorKind::Protocol,
                    "the probe printed a line longer than " + std::to_string(kMaxLineBytes) + " bytes",
                    "probe protocol");
            }
            m_buffer.append(chunk);
            return {};
        }
        if (m_buffer.size() + nl > kMaxLineBytes) {
            m_failed = true;
            m_buffer.clear();
            return fail(ErrorKind::Protocol,
                "the probe printed a line longer than " + std::to_string(kMaxLineBytes) + " bytes", "probe protocol");
        }
        if (m_buffer.empty()) {
            onLine(chunk.substr(0, nl));
        } else {
            m_buffer.append(chunk.substr(0, nl));
            std::string line = std::move(m_buffer);
            m_buffer.clear();
            onLine(line);
        }
        chunk.remove_prefix(nl + 1);
    }
    return {};
}

} // namespace rp::perf

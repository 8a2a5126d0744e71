// SPDX-License-Identifier: GPL-3.0-or-later
#include "run/run.h"
#include "util/files.h"
#include "util/text.h"

#include "util/format.h"

#include <nlohmann/json.hpp>

#include <charconv>
#include <chrono>
#include <cmath>
#include <cstring>
#include <ctime>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace rp::run {

using json = nlohmann::json;
using ordered_json = nlohmann::ordered_json;

namespace {

constexpr double kMaxSeconds = 1e7;
constexpr double kMaxRate = 1e15;
constexpr std::size_t kMaxLine = 16u << 20; // the environment line carries the discovery snapshot

double monotonicS()
{
    return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

json errorJson(const std::optional<Error>& e)
{
    if (!e)
        return nullptr;
    return json { { "kind", std::string(toString(e->kind)) }, { "message", e->message }, { "where", e->where },
        { "host", e->host } };
}

ordered_json hostJson(const HostInfo& h)
{
    ordered_json devices = ordered_json::array();
    for (const auto& d : h.devices)
        devices.push_back({ { "name", d.name }, { "driver", d.driver }, { "firmware", d.firmware } });
    return ordered_json { { "role", h.role }, { "name", h.name }, { "address", h.address }, { "hostname", h.hostname },
        { "os", h.os }, { "kernel", h.kernel }, { "devices", devices }, { "gid", h.gid },
        { "gid_index", h.gidIndex ? ordered_json(*h.gidIndex) : ordered_json(nullptr) }, { "gid_device", h.gidDevice },
        { "gid_address", h.gidAddress } };
}

/// A JSON document given as text, embedded as a value: parsed when it parses, else kept as a string.
ordered_json embedded(const std::string& text)
{
    if (text.empty())
        return nullptr;
    auto parsed = ordered_json::parse(text, nullptr, false);
    return parsed.is_discarded() ? ordered_json(text) : parsed;
}

std::string unembedded(const ordered_json& value)
{
    if (value.is_null())
        return {};
    if (value.is_string())
        return value.get<std::string>();
    return value.dump();
}

// ---- reading ----

/// Where a record is, for messages: "run.rprun:12".
struct Place
{
    const std::string& name;
    std::size_t line;
    std::string at() const { return name + ":" + std::to_string(line); }
};

struct ReadError
{
    std::string message;
};

/// Field access that throws ReadError with a message naming the key (caught per line).
template <class J> struct Obj
{
    const J& j;
    const char* what;
    const J& need(const char* key) const
    {
        auto it = j.find(key);
        if (it == j.end())
            throw ReadError { std::string(what) + ": '" + key + "' is missing" };
        return *it;
    }
    std::string text(const char* key) const
    {
        const J& v = need(key);
        if (!v.is_string())
            throw ReadError { std::string(what) + ": '" + key + "' must be a string" };
        return v.template get<std::string>();
    }
    double number(const char* key, double lo, double hi) const
    {
        const J& v = need(key);
        if (!v.is_number())
            throw ReadError { std::string(what) + ": '" + key + "' must be a number" };
        double d = v.template get<double>();
        if (!(d >= lo && d <= hi))
            throw ReadError { std::string(what) + ": '" + key + "' is out of range" };
        return d;
    }
    std::optional<int> optInt(const char* key) const
    {
        const J& v = need(key);
        if (v.is_null())
            return std::nullopt;
        if (!v.is_number_integer())
            throw ReadError { std::string(what) + ": '" + key + "' must be a whole number or null" };
        return v.template get<int>();
    }
    void only(std::initializer_list<const char*> keys) const
    {
        if (!j.is_object())
            throw ReadError { std::string(what) + " must be an object" };
        for (auto it = j.begin(); it != j.end(); ++it) {
            bool known = false;
            for (const char* k : keys)
                known = known || it.key() == k;
            if (!known)
                throw ReadError { std::string(what) + ": unknown key '" + it.key() + "'" };
        }
    }
};

RunHeader readHeader(const json& j)
{
    Obj o { j, "run" };
    o.only({ "type", "schema", "started", "tool_version", "label", "command", "server", "client", "data_address",
        "options" });
    RunHeader h;
    h.startedUtc = o.text("started");
    h.toolVersion = o.text("tool_version");
    h.label = o.text("label");
    h.command = o.text("command");
    h.server = o.text("server");
    h.client = o.text("client");
    h.dataAddress = o.text("data_address");
    const json& options = o.need("options");
    if (!options.is_object())
        throw ReadError { "run: 'options' must be an object" };
    auto parsed = perf::optionsFromJson(options.dump());
    if (!parsed)
        throw ReadError { "run: options: " + parsed.error().message };
    h.options = *parsed;
    return h;
}

Error readError(const json& j)
{
    Obj o { j, "error" };
    o.only({ "kind", "message", "where", "host" });
    Error e;
    auto kind = perf::errorKindFromString(o.text("kind"));
    if (!kind)
        throw ReadError { "error: unknown kind" };
    e.kind = *kind;
    e.message = o.text("message");
    e.where = o.text("where");
    e.host = o.text("host");
    return e;
}

Environment readEnvironment(const ordered_json& j)
{
    Obj o { j, "environment" };
    o.only({ "type", "hosts", "discovery", "profile", "apply_journal", "findings" });
    Environment env;
    const ordered_json& hosts = o.need("hosts");
    if (!hosts.is_array())
        throw ReadError { "environment: 'hosts' must be a list" };
    for (const auto& hj : hosts) {
        Obj h { hj, "environment host" };
        h.only({ "role", "name", "address", "hostname", "os", "kernel", "devices", "gid", "gid_index", "gid_device",
            "gid_address" });
        HostInfo info;
        info.role = h.text("role");
        info.name = h.text("name");
        info.address = h.text("address");
        info.hostname = h.text("hostname");
        info.os = h.text("os");
        info.kernel = h.text("kernel");
        const ordered_json& devices = h.need("devices");
        if (!devices.is_array())
            throw ReadError { "environment host: 'devices' must be a list" };
        for (const auto& dj : devices) {
            Obj d { dj, "device" };
            d.only({ "name", "driver", "firmware" });
            info.devices.push_back({ d.text("name"), d.text("driver"), d.text("firmware") });
        }
        info.gid = h.text("gid");
        info.gidIndex = h.optInt("gid_index");
        info.gidDevice = h.text("gid_device");
        info.gidAddress = h.text("gid_address");
        env.hosts.push_back(std::move(info));
    }
    env.discoveryJson = unembedded(o.need("discovery"));
    const ordered_json& profile = o.need("profile");
    if (!profile.is_null() && !profile.is_string())
        throw ReadError { "environment: 'profile' must be YAML text or null" };
    env.profileYaml = unembedded(profile);
    env.applyJournalJson = unembedded(o.need("apply_journal"));
    env.findingsJson = unembedded(o.need("findings"));
    return env;
}

/// The flat sample line, read without building a JSON tree: a run holds up to millions of them. Accepts exactly
/// what encodeSample() writes, keys in any order; anything else is an error.
std::optional<std::string> readSampleFast(std::string_view line, RunSample& out)
{
    std::size_t i = 0;
    auto skipWs = [&] {
        while (i < line.size() && (line[i] == ' ' || line[i] == '\t'))
            ++i;
    };
    auto expect = [&](char c) {
        skipWs();
        if (i < line.size() && line[i] == c) {
            ++i;
            return true;
        }
        return false;
    };
    auto readString = [&](std::string_view& s) {
        if (!expect('"'))
            return false;
        std::size_t start = i;
        while (i < line.size() && line[i] != '"') {
            if (line[i] == '\\' || static_cast<unsigned char>(line[i]) < 0x20)
                return false;
            ++i;
        }
        if (i >= line.size())
            return false;
        s = line.substr(start, i - start);
        ++i;
        return true;
    };
    if (!expect('{'))
        return "not a JSON object";
    enum Seen : unsigned {
        Type = 1,
        RoleK = 2,
        RunT = 4,
        Size = 8,
        TS = 16,
        Interval = 32,
        Messages = 64,
        Bytes = 128,
        Gbps = 256,
        Rate = 512,
        P50 = 1024,
        Cpu = 2048,
        P99 = 4096 // optional: runs written before it existed lack it
    };
    unsigned seen = 0;
    perf::Sample& s = out.sample;
    bool first = true;
    while (true) {
        if (expect('}'))
            break;
        if (!first && !expect(','))
            return "expected ',' or '}'";
        first = false;
        std::string_view key;
        if (!readString(key))
            return "expected a key";
        if (!expect(':'))
            return "expected ':'";
        skipWs();
        auto number = [&](double lo, double hi, double& into) -> std::optional<std::string> {
            const char* b = line.data() + i;
            auto [p, ec] = std::from_chars(b, line.data() + line.size(), into);
            if (ec != std::errc() || !std::isfinite(into))
                return "'" + std::string(key) + "' must be a number";
            if (!(into >= lo && into <= hi))
                return "'" + std::string(key) + "' is out of range";
            i += static_cast<std::size_t>(p - b);
            return std::nullopt;
        };
        auto whole = [&](std::uint64_t& into) -> std::optional<std::string> {
            const char* b = line.data() + i;
            auto [p, ec] = std::from_chars(b, line.data() + line.size(), into);
            if (ec != std::errc())
                return "'" + std::string(key) + "' must be a whole number";
            i += static_cast<std::size_t>(p - b);
            return std::nullopt;
        };
        unsigned bit = 0;
        std::optional<std::string> problem;
        if (key == "type") {
            std::string_view v;
            if (!readString(v) || v != "sample")
                return "'type' must be \"sample\"";
            bit = Type;
        } else if (key == "role") {
            std::string_view v;
            if (!readString(v))
                return "'role' must be a string";
            auto r = perf::roleFromString(v);
            if (!r)
                return "'role' must be server or client";
            out.role = *r;
            bit = RoleK;
        } else if (key == "run_t_s") {
            problem = number(0, kMaxSeconds, out.runTS);
            bit = RunT;
        } else if (key == "size") {
            problem = whole(s.size);
            if (!problem && (s.size < 1 || s.size > (std::uint64_t { 1 } << 40)))
                problem = "'size' is out of range";
            bit = Size;
        } else if (key == "t_s") {
            problem = number(0, kMaxSeconds, s.tS);
            bit = TS;
        } else if (key == "interval_s") {
            problem = number(0, kMaxSeconds, s.intervalS);
            bit = Interval;
        } else if (key == "messages") {
            problem = whole(s.messages);
            bit = Messages;
        } else if (key == "bytes") {
            problem = whole(s.bytes);
            bit = Bytes;
        } else if (key == "gbps") {
            problem = number(0, 1e7, s.gbps);
            bit = Gbps;
        } else if (key == "msgs_per_s") {
            problem = number(0, kMaxRate, s.messagesPerS);
            bit = Rate;
        } else if (key == "p50_us") {
            if (line.substr(i, 4) == "null") {
                i += 4;
                s.p50Us.reset();
            } else {
                double v = 0;
                problem = number(0, 1e12, v);
                s.p50Us = v;
            }
            bit = P50;
        } else if (key == "p99_us") {
            if (line.substr(i, 4) == "null") {
                i += 4;
                s.p99Us.reset();
            } else {
                double v = 0;
                problem = number(0, 1e12, v);
                s.p99Us = v;
            }
            bit = P99;
        } else if (key == "cpu_percent") {
            problem = number(0, 1e5, s.cpuPercent);
            bit = Cpu;
        } else {
            return "unknown key '" + std::string(key) + "'";
        }
        if (problem)
            return problem;
        if (seen & bit)
            return "'" + std::string(key) + "' appears twice";
        seen |= bit;
    }
    skipWs();
    if (i != line.size())
        return "text after the object";
    if ((seen & 4095u) != 4095u)
        return "a field is missing";
    return std::nullopt;
}

CounterSample readCounters(const json& j)
{
    Obj o { j, "counters" };
    o.only({ "type", "host", "run_t_s", "interval_s", "rates" });
    CounterSample c;
    c.host = o.text("host");
    c.runTS = o.number("run_t_s", 0, kMaxSeconds);
    c.intervalS = o.number("interval_s", 0, kMaxSeconds);
    const json& rates = o.need("rates");
    if (!rates.is_object())
        throw ReadError { "counters: 'rates' must be an object" };
    for (auto it = rates.begin(); it != rates.end(); ++it) {
        if (!it.value().is_number())
            throw ReadError { "counters: rate '" + it.key() + "' must be a number" };
        c.rates[it.key()] = it.value().get<double>();
    }
    return c;
}

perf::SizeResult readSideResult(const json& j, perf::Role role)
{
    json message = j;
    if (!message.is_object())
        throw ReadError { "result: a side must be an object" };
    message["type"] = "size_result";
    message["role"] = perf::toString(role);
    auto decoded = perf::decodeLine(message.dump());
    if (!decoded)
        throw ReadError { "result: " + decoded.error().message };
    return std::get<perf::SizeResultMsg>(*decoded).result;
}

} // namespace

bool operator==(const Error& a, const Error& b)
{
    return a.kind == b.kind && a.message == b.message && a.where == b.where && a.host == b.host;
}

bool RunEnd::operator==(const RunEnd& other) const
{
    return status == other.status && finishedUtc == other.finishedUtc && runS == other.runS
        && error.has_value() == other.error.has_value() && (!error || *error == *other.error);
}

std::string utcNow()
{
    std::time_t t = std::time(nullptr);
    std::tm tm {};
    ::gmtime_r(&t, &tm);
    char buf[32];
    std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", &tm);
    return buf;
}

std::string encodeHeader(const RunHeader& h)
{
    json j { { "type", "run" }, { "schema", std::string(kRunSchema) }, { "started", h.startedUtc },
        { "tool_version", h.toolVersion }, { "label", h.label }, { "command", h.command }, { "server", h.server },
        { "client", h.client }, { "data_address", h.dataAddress },
        { "options", json::parse(perf::optionsToJson(h.options)) } };
    return j.dump() + "\n";
}

std::string encodeEnvironment(const Environment& e)
{
    ordered_json hosts = ordered_json::array();
    for (const auto& h : e.hosts)
        hosts.push_back(hostJson(h));
    ordered_json j { { "type", "environment" }, { "hosts", hosts }, { "discovery", embedded(e.discoveryJson) },
        { "profile", e.profileYaml.empty() ? ordered_json(nullptr) : ordered_json(e.profileYaml) },
        { "apply_journal", embedded(e.applyJournalJson) }, { "findings", embedded(e.findingsJson) } };
    return j.dump(-1, ' ', false, ordered_json::error_handler_t::replace) + "\n";
}

std::string encodeSample(const RunSample& r)
{
    const perf::Sample& s = r.sample;
    std::string out;
    out.reserve(240);
    out += R"({"type":"sample","role":")";
    out += r.role == perf::Role::Server ? "server" : "client";
    out += R"(","run_t_s":)";
    appendNumber(out, r.runTS);
    out += R"(,"size":)";
    appendNumber(out, s.size);
    out += R"(,"t_s":)";
    appendNumber(out, s.tS);
    out += R"(,"interval_s":)";
    appendNumber(out, s.intervalS);
    out += R"(,"messages":)";
    appendNumber(out, s.messages);
    out += R"(,"bytes":)";
    appendNumber(out, s.bytes);
    out += R"(,"gbps":)";
    appendNumber(out, s.gbps);
    out += R"(,"msgs_per_s":)";
    appendNumber(out, s.messagesPerS);
    out += R"(,"p50_us":)";
    if (s.p50Us)
        appendNumber(out, *s.p50Us);
    else
        out += "null";
    out += R"(,"p99_us":)";
    if (s.p99Us)
        appendNumber(out, *s.p99Us);
    else
        out += "null";
    out += R"(,"cpu_percent":)";
    appendNumber(out, s.cpuPercent);
    out += "}\n";
    return out;
}

std::string encodeCounters(const CounterSample& c)
{
    json rates = json::object();
    for (const auto& [name, rate] : c.rates)
        rates[name] = std::isfinite(rate) ? rate : 0.0;
    json j { { "type", "counters" }, { "host", c.host }, { "run_t_s", c.runTS }, { "interval_s", c.intervalS },
        { "rates", rates } };
    return j.dump(-1, ' ', false, json::error_handler_t::replace) + "\n";
}

std::string encodeEnd(const RunEnd& e)
{
    json j { { "type", "end" }, { "status", e.status }, { "finished", e.finishedUtc }, { "run_s", e.runS },
        { "error", errorJson(e.error) } };
    return j.dump(-1, ' ', false, json::error_handler_t::replace) + "\n";
}

// ---- writer ----

Result<std::unique_ptr<RunWriter>> RunWriter::create(
    const std::string& path, const RunHeader& header, const Environment& environment, AtomicFile::Existing existing)
{
    for (const auto* text : { &header.label, &header.command, &header.server, &header.client })
        if (!isValidUtf8(*text))
            return fail(ErrorKind::Usage, "the run's label, command or host names are not valid UTF-8", path);
    if (auto ok = AtomicFile::checkTarget(path, existing); !ok)
        return std::unexpected(ok.error());
    std::unique_ptr<RunWriter> w(new RunWriter());
    w->m_path = path;
    // Written beside the target and renamed over it once the first lines are in: a reader of an old run of that
    // name keeps its file whole (never truncated under it), and a file that fails here leaves the old one.
    std::string tmp = path + ".tmp-XXXXXX";
    int fd = ::mkostemp(tmp.data(), O_CLOEXEC);
    if (fd < 0)
        return failErrno(ErrorKind::Io, "cannot create the run file", errno, path);
    auto abandon = [&](const char* what, int err) {
        ::unlink(tmp.c_str());
        return failErrno(ErrorKind::Io, what, err, path);
    };
    if (::fchmod(fd, 0644) != 0) {
        const int err = errno;
        ::close(fd);
        return abandon("cannot create the run file", err);
    }
    w->m_file = ::fdopen(fd, "w");
    if (!w->m_file) {
        const int err = errno;
        ::close(fd);
        return abandon("cannot create the run file", err);
    }
    w->m_startMono = monotonicS();
    w->m_transport = header.options.transport;
    w->writeLine(encodeHeader(header), true);
    w->writeLine(encodeEnvironment(environment), true);
    if (const auto& error = w->m_error) {
        ::unlink(tmp.c_str());
        return std::unexpected(*error);
    }
    if (auto ok = AtomicFile::checkTarget(path, existing); !ok) {
        ::unlink(tmp.c_str());
        return std::unexpected(ok.error());
    }
    const unsigned flags = existing == AtomicFile::Existing::Refuse ? RENAME_NOREPLACE : 0;
    if (::renameat2(AT_FDCWD, tmp.c_str(), AT_FDCWD, path.c_str(), flags) != 0) {
        if (errno == EEXIST) {
            ::unlink(tmp.c_str());
            return fail(ErrorKind::Usage, "already exists: not replaced", path);
        }
        return abandon("cannot create the run file", errno);
    }
    return w;
}

RunWriter::~RunWriter()
{
    if (m_file)
        std::fclose(m_file);
}

double RunWriter::now() const
{
    return monotonicS() - m_startMono;
}

void RunWriter::writeLine(const std::string& line, bool flushNow)
{
    // Called with m_mutex held (or before the writer is shared).
    if (!m_file || m_error)
        return;
    if (std::fwrite(line.data(), 1, line.size(), m_file) != line.size()) {
        m_error = failErrno(ErrorKind::Io, "cannot write the run file", errno, m_path).error();
        return;
    }
    const double t = monotonicS();
    if (flushNow || t - m_lastFlush >= 0.1) {
        if (std::fflush(m_file) != 0)
            m_error = failErrno(ErrorKind::Io, "cannot write the run file", errno, m_path).error();
        m_lastFlush = t;
    }
}

void RunWriter::addSample(perf::Role role, const perf::Sample& sample)
{
    addSample(RunSample { now(), role, sample });
}

void RunWriter::addSample(const RunSample& sample)
{
    std::string line = encodeSample(sample);
    std::lock_guard lock(m_mutex);
    writeLine(line, false);
}

void RunWriter::addCounters(const CounterSample& counters)
{
    std::string line = encodeCounters(counters);
    std::lock_guard lock(m_mutex);
    writeLine(line, true);
}

void RunWriter::addSizeResult(perf::Role role, const perf::SizeResult& result)
{
    std::string line = perf::encode(perf::SizeResultMsg { role, result });
    std::lock_guard lock(m_mutex);
    writeLine(line, true);
}

Result<void> RunWriter::finish(
    const std::vector<perf::SizeReport>& sizes, const std::string& status, const std::optional<Error>& error)
{
    std::lock_guard lock(m_mutex);
    for (const auto& r : sizes)
        writeLine(perf::encodeReport(r, m_transport), false);
    RunEnd end { status, utcNow(), monotonicS() - m_startMono, error };
    writeLine(encodeEnd(end), true);
    if (m_file) {
        if (std::fclose(m_file) != 0 && !m_error)
            m_error = failErrno(ErrorKind::Io, "cannot write the run file", errno, m_path).error();
        m_file = nullptr;
    }
    if (m_error)
        return std::unexpected(*m_error);
    return {};
}

std::optional<Error> RunWriter::writeError() const
{
    std::lock_guard lock(m_mutex);
    return m_error;
}

// ---- reader ----

Result<Run> parseRun(std::string_view text, const std::string& name)
{
    Run run;
    if (text.empty())
        return fail(ErrorKind::Parse, "the file is empty, not a RoCE Pilot run file", name);
    std::vector<perf::SizeReport> finalSizes;
    std::vector<perf::SizeResult> streamedClient, streamedServer;
    bool haveHeader = false, haveEnvironment = false;
    std::size_t lineNo = 0;
    std::size_t pos = 0;
    while (pos < text.size()) {
        ++lineNo;
        std::size_t nl = text.find('\n', pos);
        const bool lastUnterminated = nl == std::string_view::npos;
        std::string_view line = text.substr(pos, lastUnterminated ? std::string_view::npos : nl - pos);
        pos = lastUnterminated ? text.size() : nl + 1;
        if (!line.empty() && line.back() == '\r')
            line.remove_suffix(1);
        if (line.empty())
            continue;
        Place place { name, lineNo };
        // A line that was cut off (the writer was killed mid-line) is the end of what was measured.
        auto cutOff = [&](const std::string& why) -> bool {
            if (!lastUnterminated || !haveHeader)
                return false;
            run.truncated = true;
            run.warnings.push_back(place.at() + ": the last line is incomplete (" + why
                + "); the run stopped while it was written, everything before it is kept");
            return true;
        };
        if (line.size() > kMaxLine)
            return fail(ErrorKind::Parse, "line longer than 16 MiB", place.at());
        if (haveHeader && line.starts_with(R"({"type":"sample")")) {
            RunSample s;
            if (auto problem = readSampleFast(line, s)) {
                if (cutOff(*problem))
                    break;
                return fail(ErrorKind::Parse, "sample: " + *problem, place.at());
            }
            run.samples.push_back(s);
            continue;
        }
        json j = json::parse(line, nullptr, false);
        if (j.is_discarded() || !j.is_object()) {
            if (cutOff("not valid JSON"))
                break;
            if (!haveHeader)
                return fail(
                    ErrorKind::Parse, "not a RoCE Pilot run file (the first line is not a JSON object)", place.at());
            return fail(ErrorKind::Parse, "not valid JSON", place.at());
        }
        try {
            auto typeIt = j.find("type");
            if (typeIt == j.end() || !typeIt->is_string()) {
                if (!haveHeader)
                    return fail(
                        ErrorKind::Parse, "not a RoCE Pilot run file (the first line has no \"type\")", place.at());
                throw ReadError { "'type' is missing" };
            }
            const std::string type = typeIt->get<std::string>();
            if (!haveHeader) {
                if (type != "run")
                    return fail(ErrorKind::Parse, "not a RoCE Pilot run file (the first line is not a \"run\" line)",
                        place.at());
                auto schema = j.find("schema");
                if (schema == j.end() || !schema->is_string())
                    throw ReadError { "run: 'schema' is missing" };
                if (schema->get<std::string>() != kRunSchema)
                    return fail(ErrorKind::Parse,
                        "this run file is " + schema->get<std::string>() + "; this version reads "
                            + std::string(kRunSchema) + " only",
                        place.at());
                run.header = readHeader(j);
                haveHeader = true;
            } else if (type == "environment") {
                if (haveEnvironment)
                    throw ReadError { "a second environment line" };
                // Again in document order, so embedded documents read back as they were written.
                run.environment = readEnvironment(ordered_json::parse(line));
                haveEnvironment = true;
            } else if (type == "sample") {
                // A sample written with spaces or other key order: the same checks through the fast reader.
                RunSample s;
                std::string compact = j.dump();
                if (auto problem = readSampleFast(compact, s))
                    throw ReadError { "sample: " + *problem };
                run.samples.push_back(s);
            } else if (type == "counters") {
                run.counters.push_back(readCounters(j));
            } else if (type == "size_result") {
                auto decoded = perf::decodeLine(line);
                if (!decoded)
                    throw ReadError { decoded.error().message };
                const auto& m = std::get<perf::SizeResultMsg>(*decoded);
                (m.role == perf::Role::Client ? streamedClient : streamedServer).push_back(m.result);
            } else if (type == "result") {
                Obj o { j, "result" };
                o.only({ "type", "transport", "size", "client", "server" });
                perf::SizeReport r;
                r.client = readSideResult(o.need("client"), perf::Role::Client);
                const json& server = o.need("server");
                if (!server.is_null())
                    r.server = readSideResult(server, perf::Role::Server);
                finalSizes.push_back(r);
            } else if (type == "end") {
                Obj o { j, "end" };
                o.only({ "type", "status", "finished", "run_s", "error" });
                RunEnd end;
                end.status = o.text("status");
                if (end.status != "ok" && end.status != "failed" && end.status != "cancelled")
                    throw ReadError { "end: 'status' must be ok, failed or cancelled" };
                end.finishedUtc = o.text("finished");
                end.runS = o.number("run_s", 0, kMaxSeconds);
                const json& e = o.need("error");
                if (!e.is_null())
                    end.error = readError(e);
                run.end = end;
            } else if (type == "run") {
                throw ReadError { "a second run line (two runs pasted into one file?)" };
            } else {
                throw ReadError { "unknown record type '" + type + "'" };
            }
        } catch (const ReadError& e) {
            if (cutOff(e.message))
                break;
            return fail(ErrorKind::Parse, e.message, place.at());
        } catch (const json::exception& e) {
            return fail(ErrorKind::Parse, jsonLibraryMessage(e.what()), place.at());
        }
    }
    if (!haveHeader)
        return fail(ErrorKind::Parse, "not a RoCE Pilot run file (no \"run\" line)", name);
    if (!haveEnvironment)
        run.warnings.push_back(name + ": no environment line; hosts and devices are unknown");
    if (!finalSizes.empty()) {
        run.sizes = std::move(finalSizes);
    } else {
        for (const auto& c : streamedClient) {
            perf::SizeReport r { c, std::nullopt };
            for (const auto& s : streamedServer) {
                if (s.size == c.size)
                    r.server = s;
            }
            run.sizes.push_back(r);
        }
    }
    if (!run.end) {
        run.truncated = true;
        run.warnings.push_back(name + ": the run has no end line: it did not finish (crash, kill or power loss); "
            + std::to_string(run.samples.size()) + " samples and " + std::to_string(run.sizes.size())
            + " size results were kept");
    }
    return run;
}

Result<Run> readRunFile(const std::string& path)
{
    auto text = readTextFile(path, kMaxRunFileBytes);
    if (!text)
        return std::unexpected(text.error());
    return parseRun(*text, path);
}

} // namespace rp::run

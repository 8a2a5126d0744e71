// SPDX-License-Identifier: GPL-3.0-or-later
#include "perf/perftest.h"

#include "util/random.h"
#include "util/text.h"

#include <algorithm>
#include <atomic>
#include <charconv>
#include <cmath>
#include <map>
#include <mutex>
#include <thread>

namespace rp::perf {
namespace {

using Clock = std::chrono::steady_clock;
using std::chrono::milliseconds;

constexpr std::string_view kJsonMarker = "@@ROCEPILOT-PERFTEST-JSON@@";

/// Runs "$@" under timeout $2 and ends it when our stdin reaches EOF (we cancelled, or the SSH channel went away):
/// perftest itself never reads stdin, so without this a cancelled server would wait for a client forever. Then
/// prints the --out_json report $1, if any, after a marker line. Constant text; values come as parameters.
constexpr std::string_view kListeningMarker = "@@ROCEPILOT-PERFTEST-LISTENING@@";

/// Runs "$@" under timeout $2 and ends it when our stdin reaches EOF (we cancelled, or the SSH channel went away):
/// perftest itself never reads stdin, so without this a cancelled server would wait for a client forever. With a
/// port in $3 it prints a marker once a socket listens on it: perftest's own "Waiting for client" sits in its
/// stdio buffer until it exits when stdout is a pipe. Then prints the --out_json report $1, if any, after a
/// marker line. Constant text; every value comes as a parameter.
constexpr const char* kWrapper = R"(j=$1; t=$2; port=$3; shift 3
[ -n "$j" ] && rm -f -- "$j"
exec 3<&0
timeout "$t" "$@" </dev/null &
p=$!
( cat <&3 >/dev/null; kill "$p" 2>/dev/null ) >/dev/null 2>&1 &
w=$!
exec 3<&-
if [ -n "$port" ]; then
  hex=$(printf '%04X' "$port")
  while kill -0 "$p" 2>/dev/null; do
    if grep -qiE ":$hex [0]+:0000 0A" /proc/net/tcp /proc/net/tcp6 2>/dev/null; then
      echo "@@ROCEPILOT-PERFTEST-LISTENING@@"; break
    fi
    sleep 0.1
  done
fi
wait "$p"; rc=$?
kill "$w" 2>/dev/null
if [ -n "$j" ] && [ -f "$j" ]; then echo "@@ROCEPILOT-PERFTEST-JSON@@"; cat -- "$j"; rm -f -- "$j"; fi
exit "$rc")";

/// Whether the tool is in PATH and knows --out_json: prints MISSING, OUT_JSON or PLAIN.
constexpr const char* kProbeTool = R"(command -v "$1" >/dev/null 2>&1 || { echo MISSING; exit 0; }
if "$1" --help 2>&1 | grep -q -e --out_json; then echo OUT_JSON; else echo PLAIN; fi)";

bool isLatency(std::string_view tool)
{
    return tool.ends_with("_lat");
}

std::optional<double> number(std::string_view text)
{
    text = trim(text);
    while (!text.empty() && text.back() == ',')
        text.remove_suffix(1);
    double v = 0;
    auto [p, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
    if (text.empty() || ec != std::errc() || p != text.data() + text.size() || !std::isfinite(v) || v < 0)
        return std::nullopt;
    return v;
}

std::vector<double> numbersOf(std::string_view line)
{
    std::vector<double> out;
    std::size_t i = 0;
    while (i < line.size()) {
        while (i < line.size() && (line[i] == ' ' || line[i] == '\t'))
            ++i;
        std::size_t j = i;
        while (j < line.size() && line[j] != ' ' && line[j] != '\t')
            ++j;
        if (j > i) {
            auto v = number(line.substr(i, j - i));
            if (!v)
                return {};
            out.push_back(*v);
        }
        i = j;
    }
    return out;
}

/// The result fields of one run, by perftest's JSON report key names.
using PerftestFields = std::map<std::string, double>;

/// The text table: the header after "#bytes" names the layout; the row whose first number is the size is ours.
Result<PerftestFields> fromText(std::string_view text, std::uint64_t size, bool& gbits)
{
    auto lines = splitLines(text);
    for (std::size_t i = 0; i < lines.size(); ++i) {
        const auto header = lines[i];
        if (header.find("#bytes") == std::string_view::npos)
            continue;
        std::vector<std::string> keys;
        if (header.find("t_min") != std::string_view::npos)
            keys = { "MsgSize", "n_iterations", "t_min", "t_max", "t_typical", "t_avg", "t_stdev", "percentile_99",
                "percentile_99.9" };
        else if (header.find("t_avg") != std::string_view::npos && header.find("tps") != std::string_view::npos)
            keys = { "MsgSize", "n_iterations", "t_avg", "tps_average" };
        else if (header.find("BW average") != std::string_view::npos)
            keys = { "MsgSize", "n_iterations", "BW_peak", "BW_average", "MsgRate" };
        else
            return fail(ErrorKind::Parse, "unknown perftest result header", "perftest line " + std::to_string(i + 1));
        gbits = header.find("Gb/sec") != std::string_view::npos;
        for (std::size_t j = i + 1; j < lines.size() && !startsWith(trim(lines[j]), "---"); ++j) {
            auto values = numbersOf(lines[j]);
            if (values.size() != keys.size() || values[0] != static_cast<double>(size))
                continue;
            PerftestFields f;
            for (std::size_t k = 0; k < keys.size(); ++k)
                f[keys[k]] = values[k];
            return f;
        }
        return fail(ErrorKind::Parse, "no result row for " + std::to_string(size) + " bytes under the header",
            "perftest line " + std::to_string(i + 1));
    }
    return fail(ErrorKind::Parse, "no result table (#bytes ...) in the output", "perftest");
}

/// The --out_json report: not JSON (unquoted keys and values, trailing commas), so read as "key: value," lines
/// inside "results: {".
Result<PerftestFields> fromReport(std::string_view report, std::uint64_t size)
{
    PerftestFields f;
    bool inResults = false;
    for (auto raw : splitLines(report)) {
        auto line = trim(raw);
        if (line.starts_with("results:")) {
            inResults = true;
            continue;
        }
        if (!inResults)
            continue;
        if (line.starts_with("}"))
            break;
        auto colon = line.find(':');
        if (colon == std::string_view::npos)
            continue;
        auto value = number(line.substr(colon + 1));
        if (value)
            f[std::string(trim(line.substr(0, colon)))] = *value;
    }
    if (f.empty())
        return fail(ErrorKind::Parse, "the --out_json report has no results", "perftest report");
    if (!f.contains("MsgSize") || f["MsgSize"] != static_cast<double>(size))
        return fail(
            ErrorKind::Parse, "the --out_json report is not for " + std::to_string(size) + " bytes", "perftest report");
    return f;
}

std::string lastLines(const std::string& text, std::size_t count = 4)
{
    auto lines = splitLines(text);
    std::string out;
    std::size_t shown = 0;
    for (auto it = lines.rbegin(); it != lines.rend() && shown < count; ++it) {
        auto line = trim(*it);
        if (line.empty() || line.starts_with("---") || line.starts_with(kJsonMarker))
            continue;
        out = std::string(line) + (out.empty() ? "" : " | " + out);
        ++shown;
    }
    return out;
}

struct Split
{
    std::string text, report;
};

Split splitOutput(const std::string& out)
{
    auto at = out.find(std::string(kJsonMarker) + "\n");
    if (at == std::string::npos)
        return { out, {} };
    return { out.substr(0, at), out.substr(at + kJsonMarker.size() + 1) };
}

} // namespace

Result<std::string> perftestTool(const TestOptions& o)
{
    if (o.op == Op::WriteImm)
        return fail(ErrorKind::Usage,
            "--op write-imm: perftest has no RDMA WRITE WITH IMMEDIATE test; use --transport rdma", "--op");
    if (o.mode == Mode::Ping) {
        if (o.op == Op::Send)
            return std::string("ib_send_lat");
        if (o.op == Op::Write)
            return std::string("ib_write_lat");
        return fail(ErrorKind::Usage, "--op read: ping has no read variant", "--op");
    }
    switch (o.op) {
    case Op::Send:
        return std::string("ib_send_bw");
    case Op::Write:
        return std::string("ib_write_bw");
    case Op::Read:
        return std::string("ib_read_bw");
    case Op::WriteImm:
        break;
    }
    return fail(ErrorKind::Usage, "--op: no perftest tool for this test", "--op");
}

Result<Command> perftestCommand(const TestOptions& o, std::uint64_t size, const PerftestSide& side,
    const std::string& serverAddress, const std::string& jsonFile)
{
    auto tool = perftestTool(o);
    if (!tool)
        return std::unexpected(tool.error());
    Command c { *tool };
    if (!side.device.empty()) {
        auto device = validateRdmaDeviceName(side.device);
        if (!device)
            return std::unexpected(device.error());
        c.arg("-d").arg(*device);
    }
    if (side.gidIndex) {
        if (*side.gidIndex < 0 || *side.gidIndex > 65535)
            return fail(ErrorKind::Usage, "--gid-index must be 0..65535", "--gid-index");
        c.arg("-x").arg(std::to_string(*side.gidIndex));
    }
    c.arg("-p").arg(std::to_string(o.port == 0 ? 18515 : o.port));
    c.arg("-s").arg(std::to_string(size));
    if (o.iterations)
        c.arg("-n").arg(std::to_string(std::max<std::uint64_t>(5, *o.iterations))); // perftest's minimum
    else
        c.arg("-D").arg(std::to_string(std::max(1, static_cast<int>(std::ceil(o.durationS)))));
    c.arg("-F"); // no cpufreq warning in the output we parse
    if (!isLatency(*tool)) {
        c.arg("--report_gbits");
        c.arg("-t").arg(std::to_string(o.depth));
        if (o.postList > 1)
            c.arg("-l").arg(std::to_string(o.postList));
        if (o.signalEvery > 1)
            c.arg("-Q").arg(std::to_string(o.signalEvery));
    }
    if (o.op != Op::Read)
        c.arg("-I").arg(o.inlineData ? std::to_string(size) : "0");
    if (o.completion == Completion::Event)
        c.arg("-e");
    if (o.tos) // perftest sets the ToS through rdma_cm only
        c.arg("-R").arg("-T").arg(std::to_string(*o.tos));
    if (!jsonFile.empty()) {
        auto path = validateRemotePath(jsonFile);
        if (!path)
            return std::unexpected(path.error());
        c.arg("--out_json").arg("--out_json_file=" + *path);
    }
    if (!serverAddress.empty()) {
        auto address = validateHostAddress(serverAddress);
        if (!address)
            return std::unexpected(address.error());
        c.arg(*address);
    }
    return c;
}

Result<SizeResult> parsePerftestOutput(
    std::string_view tool, std::uint64_t size, std::string_view text, std::string_view jsonReport)
{
    bool gbits = true; // what we always ask for (--report_gbits); the text header says for sure
    auto fromTable = fromText(text, size, gbits);
    Result<PerftestFields> fields = std::unexpected(Error {});
    if (!jsonReport.empty())
        fields = fromReport(jsonReport, size);
    if (!fields || fields->size() < 3)
        fields = fromTable;
    if (!fields) {
        Error e = fields.error();
        e.message = std::string(tool) + ": " + e.message;
        return std::unexpected(e);
    }
    PerftestFields& f = *fields;
    auto get = [&](const char* key) -> std::optional<double> {
        auto it = f.find(key);
        return it == f.end() ? std::nullopt : std::optional(it->second);
    };
    SizeResult r;
    r.size = size;
    const auto iterations = get("n_iterations");
    if (!iterations || *iterations < 1)
        return fail(ErrorKind::Parse, std::string(tool) + ": no iteration count in its result", "perftest");
    r.messages = static_cast<std::uint64_t>(*iterations);
    r.bytes = r.messages * size;
    if (isLatency(tool)) {
        const auto avg = get("t_avg");
        if (!avg || *avg <= 0)
            return fail(ErrorKind::Parse, std::string(tool) + ": no average latency in its result", "perftest");
        LatencySummary l;
        l.count = r.messages;
        l.meanUs = *avg;
        l.hasP90 = false;
        auto tmin = get("t_min"), tmax = get("t_max"), typical = get("t_typical"), p99 = get("percentile_99"),
             p999 = get("percentile_99.9");
        l.hasPercentiles = tmin && tmax && typical && p99 && p999;
        if (l.hasPercentiles) {
            l.minUs = *tmin;
            l.maxUs = *tmax;
            l.p50Us = *typical; // perftest's "typical" is the median
            l.p99Us = *p99;
            l.p999Us = *p999;
        }
        r.latency = l;
        // Send and write latency are half a round trip, so one exchange takes two of them.
        const double perExchangeUs = tool == "ib_read_lat" ? *avg : 2 * *avg;
        r.messagesPerS = get("tps_average").value_or(1e6 / perExchangeUs);
    } else {
        const auto average = get("BW_average");
        const auto rate = get("MsgRate");
        if (!average || !rate)
            return fail(ErrorKind::Parse, std::string(tool) + ": no average bandwidth in its result", "perftest");
        r.gbps = gbits ? *average : *average * 1048576.0 * 8 / 1e9; // perftest's MB is 2^20 bytes
        r.messagesPerS = *rate * 1e6;
    }
    if (r.messagesPerS > 0)
        r.elapsedS = static_cast<double>(r.messages) / r.messagesPerS;
    if (isLatency(tool) && r.elapsedS > 0)
        r.gbps = static_cast<double>(r.bytes) * 8 / r.elapsedS / 1e9;
    return r;
}

Result<std::vector<SizeReport>> runPerftestSession(
    Executor& server, Executor& client, const PerftestOptions& options, const SessionHooks& hooks)
{
    if (&server == &client)
        return fail(ErrorKind::Usage, "the server and the client need executors of their own", "perftest");
    TestOptions test = options.test;
    test.transport = Transport::Perftest;
    if (auto ok = validate(test); !ok)
        return std::unexpected(ok.error());
    auto tool = perftestTool(test);
    if (!tool)
        return std::unexpected(tool.error());
    auto status = [&](const std::string& text) {
        if (hooks.onStatus)
            hooks.onStatus(text);
    };
    auto cancelled = [&] { return hooks.cancel && hooks.cancel->load(); };

    // Is the tool there, and does it write JSON reports?
    bool outJson[2] = { false, false };
    Executor* sides[2] = { &server, &client };
    for (int i = 0; i < 2; ++i) {
        ExecOptions o;
        o.timeout = options.commandTimeout;
        o.cancel = hooks.cancel;
        auto r = sides[i]->run(Command { "sh", "-c", kProbeTool, "sh", *tool }, o);
        if (!r)
            return std::unexpected(r.error());
        if (r->out.starts_with("MISSING"))
            return fail(ErrorKind::CommandFailed, *tool + " is not installed (Debian: apt-get install perftest)",
                "perftest", sides[i]->host());
        outJson[i] = r->out.starts_with("OUT_JSON");
    }

    std::vector<SizeReport> reports;
    for (auto size : test.sizes) {
        TestOptions one = test;
        one.sizes = { size };
        const double deadlineS = probeDeadlineS(one, options.connectTimeoutS);
        const std::string deadline = std::to_string(static_cast<long>(std::ceil(deadlineS)));
        const std::string serverJson = outJson[0] ? "/tmp/rocepilot-perftest-" + randomHex() + ".json" : "";
        const std::string clientJson = outJson[1] ? "/tmp/rocepilot-perftest-" + randomHex() + ".json" : "";
        auto serverArgv = perftestCommand(test, size, options.server, "", serverJson);
        if (!serverArgv)
            return std::unexpected(serverArgv.error());
        auto clientArgv = perftestCommand(test, size, options.client, options.serverAddress, clientJson);
        if (!clientArgv)
            return std::unexpected(clientArgv.error());
        // The server's exchange port shows up in /proc/net/tcp; with rdma_cm (-R, for --tos) it does not.
        const std::string watchPort = test.tos ? "" : std::to_string(test.port == 0 ? 18515 : test.port);
        auto wrapped = [&](const Command& inner, const std::string& json, const std::string& port) {
            Command c { "sh", "-c", kWrapper, "sh", json, deadline, port };
            for (const auto& a : inner.argv())
                c.arg(a);
            return c;
        };
        status(server.host() + ": " + *tool + " server, " + std::to_string(size) + " bytes");

        // The server, on its own thread; it says when it waits for a client.
        std::atomic<bool> stop { false };
        std::mutex mutex;
        bool waiting = false, serverDone = false;
        std::string serverSeen;
        Result<ExecResult> serverResult = std::unexpected(Error {});
        std::thread serverThread([&] {
            ExecOptions o;
            o.cancel = &stop;
            o.keepStdinOpen = true;
            o.timeout = milliseconds(static_cast<long long>((deadlineS + 30) * 1000));
            o.onStdout = [&](std::string_view chunk) {
                std::lock_guard lock(mutex);
                serverSeen.append(chunk);
                if (serverSeen.find(kListeningMarker) != std::string::npos
                    || serverSeen.find("Waiting for client to connect") != std::string::npos)
                    waiting = true;
            };
            auto r = server.run(wrapped(*serverArgv, serverJson, watchPort), o);
            std::lock_guard lock(mutex);
            serverResult = std::move(r);
            serverDone = true;
        });
        auto finish = [&] {
            stop = true;
            serverThread.join();
        };
        auto serverFailure = [&]() -> Error {
            std::lock_guard lock(mutex);
            if (!serverResult)
                return serverResult.error();
            return Error { ErrorKind::CommandFailed,
                *tool + " server exited with status " + std::to_string(serverResult->exitStatus) + ": "
                    + lastLines(serverResult->out + serverResult->err),
                "perftest server", server.host(), 0 };
        };

        const auto started = Clock::now();
        const auto waitUntil = started + milliseconds(static_cast<long long>(options.connectTimeoutS * 1000));
        for (;;) {
            if (cancelled()) {
                finish();
                return fail(ErrorKind::Cancelled, "cancelled; both perftest sides were stopped", "perftest");
            }
            bool isWaiting = false, ended = false;
            {
                std::lock_guard lock(mutex);
                isWaiting = waiting;
                ended = serverDone;
            }
            // Without a port to watch, a server that is still running after two seconds is taken as listening;
            // the client's retries cover the rest.
            if (isWaiting || (watchPort.empty() && Clock::now() > started + std::chrono::seconds(2)))
                break;
            if (ended) {
                serverThread.join();
                return std::unexpected(serverFailure());
            }
            if (Clock::now() > waitUntil) {
                finish();
                return fail(ErrorKind::Timeout, *tool + " server did not start waiting for a client in time",
                    "perftest server", server.host());
            }
            std::this_thread::sleep_for(milliseconds(20));
        }

        // The client; "Couldn't connect" right after the server's banner is a race, so it is retried briefly.
        status(client.host() + ": " + *tool + " client -> " + options.serverAddress);
        Result<ExecResult> clientResult = std::unexpected(Error {});
        for (;;) {
            ExecOptions o;
            o.cancel = hooks.cancel;
            o.keepStdinOpen = true;
            o.timeout = milliseconds(static_cast<long long>((deadlineS + 30) * 1000));
            clientResult = client.run(wrapped(*clientArgv, clientJson, ""), o);
            if (clientResult && clientResult->exitStatus != 0
                && clientResult->out.find("Couldn't connect") != std::string::npos && Clock::now() < waitUntil) {
                std::this_thread::sleep_for(milliseconds(500));
                continue;
            }
            break;
        }
        if (cancelled()) {
            finish();
            return fail(ErrorKind::Cancelled, "cancelled; both perftest sides were stopped", "perftest");
        }
        if (!clientResult) {
            finish();
            return std::unexpected(clientResult.error());
        }
        if (clientResult->exitStatus != 0) {
            finish();
            return fail(ErrorKind::CommandFailed,
                *tool + " client exited with status " + std::to_string(clientResult->exitStatus) + ": "
                    + lastLines(clientResult->out + clientResult->err),
                "perftest client", client.host());
        }
        // The server reports and exits right after the client.
        const auto serverUntil = Clock::now() + milliseconds(static_cast<long long>(options.connectTimeoutS * 1000));
        for (;;) {
            {
                std::lock_guard lock(mutex);
                if (serverDone)
                    break;
            }
            if (cancelled() || Clock::now() > serverUntil)
                break;
            std::this_thread::sleep_for(milliseconds(20));
        }
        finish();
        if (cancelled())
            return fail(ErrorKind::Cancelled, "cancelled; both perftest sides were stopped", "perftest");
        if (!serverResult || serverResult->exitStatus != 0)
            return std::unexpected(serverFailure());

        auto c = splitOutput(clientResult->out);
        auto parsed = parsePerftestOutput(*tool, size, c.text, c.report);
        if (!parsed) {
            Error e = parsed.error();
            e.host = client.host();
            return std::unexpected(e);
        }
        SizeReport report;
        report.client = *parsed;
        auto s = splitOutput(serverResult->out);
        if (auto serverParsed = parsePerftestOutput(*tool, size, s.text, s.report))
            report.server = *serverParsed;
        if (hooks.onMessage) {
            hooks.onMessage(SizeResultMsg { Role::Client, report.client });
            if (report.server)
                hooks.onMessage(SizeResultMsg { Role::Server, *report.server });
        }
        reports.push_back(report);
    }
    if (hooks.onMessage) {
        hooks.onMessage(DoneMsg { Role::Server, reports.size() });
        hooks.onMessage(DoneMsg { Role::Client, reports.size() });
    }
    return reports;
}

} // namespace rp::perf

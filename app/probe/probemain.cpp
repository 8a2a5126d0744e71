// SPDX-License-Identifier: GPL-3.0-or-later
// rocepilot-probe: the half of a performance test that runs on a host. RoCE Pilot copies it there, starts it
// over SSH and reads its stdout, which carries protocol lines only (docs/json.md, rocepilot.probe/1);
// diagnostics go to stderr. It stops when its stdin reaches EOF (the SSH channel closed: the controller is gone
// or cancelled), on SIGTERM/SIGINT/SIGHUP, and at a deadline derived from the options, so it never lingers.
#include "counters/native.h"
#include "fabric/agent.h"
#include "fabric/agentpinglist.h"
#include "fabric/agentstandalone.h"
#include "fabric/udpprober.h"
#include "fabric/udqpprober.h"
#include "metrics/agentmetrics.h"
#include "metrics/metricsserver.h"
#include "perf/capabilities.h"
#include "perf/perf.h"
#include "perf/protocol.h"
#include "util/command.h"

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <charconv>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>

#include <unistd.h>

using namespace rp;
using namespace rp::perf;

namespace {

const char* kUsage = R"(usage: rocepilot-probe hello
       rocepilot-probe server --transport tcp|rdma --options JSON [--bind ADDR] [--connect-timeout S]
       rocepilot-probe client --transport tcp|rdma --server ADDR --port N --options JSON [--connect-timeout S]
       rocepilot-probe sample --interval S [--rdma-dev DEV --port N [--sysfs-root DIR]] [--netdev IF] [--count N]
       rocepilot-probe agent
       rocepilot-probe agent --standalone FILE --metrics ADDR:PORT

The remote half of a RoCE Pilot performance test. stdout: one JSON object per line (hello, ready, sample,
size_result, done, error; see docs/json.md). It stops when stdin reaches EOF, so keep stdin open.
`sample` prints the host's RDMA hw_counters and RoCE-relevant NIC statistics every S seconds as blocks
(@T time, @H name value, @E then ethtool -S lines, @.), the counter sampler's stream (core/counters).
`agent` is the fabric check's agent: it reads the controller's JSON lines on stdin (rocepilot.agent/2, see
docs/fabric-api.md), answers and sends probes, and exits on stop, at EOF of stdin or at the run's lifetime.
`agent --standalone FILE` runs the same agent without a controller (a systemd service, rocepilot-agent@.service):
FILE is the host's pinglist (rocepilot-agent-pinglist/1, from `rocepilot-cli fabric pinglist`); it probes its
targets phase after phase and serves OpenMetrics at http://ADDR:PORT/metrics (numeric ADDR; :PORT for every
IPv4 address) until SIGTERM. Its log lines go to stderr.
exit codes: 0 done, 1 the test failed (an error line says why), 2 usage error (standalone: also a bad FILE)
)";

enum class StopReason : int { None, StdinClosed, Signal, Deadline, OutputClosed };

std::atomic<bool> g_stop { false };
std::atomic<int> g_reason { static_cast<int>(StopReason::None) };
std::mutex g_outputMutex;
bool g_outputBroken = false;
Role g_role = Role::Client;

void stop(StopReason reason)
{
    int none = static_cast<int>(StopReason::None);
    g_reason.compare_exchange_strong(none, static_cast<int>(reason));
    g_stop.store(true);
}

extern "C" void onSignal(int)
{
    // Only lock-free atomics here: they are async-signal-safe.
    int none = static_cast<int>(StopReason::None);
    g_reason.compare_exchange_strong(none, static_cast<int>(StopReason::Signal));
    g_stop.store(true);
}

/// One protocol line to stdout, whole, from any thread. A closed stdout means the controller is gone.
bool writeLine(const std::string& line)
{
    std::lock_guard lock(g_outputMutex);
    if (g_outputBroken)
        return false;
    std::size_t off = 0;
    while (off < line.size()) {
        ssize_t put = ::write(STDOUT_FILENO, line.data() + off, line.size() - off);
        if (put < 0 && errno == EINTR)
            continue;
        if (put <= 0) {
            g_outputBroken = true;
            stop(StopReason::OutputClosed);
            return false;
        }
        off += static_cast<std::size_t>(put);
    }
    return true;
}

void emit(const ProbeMessage& message)
{
    (void)writeLine(encode(message));
}

void emitError(ErrorKind kind, const std::string& message, const std::string& where)
{
    emit(ErrorMsg { g_role, kind, message, where });
}

int usageError(const std::string& message)
{
    emitError(ErrorKind::Usage, message, "rocepilot-probe");
    std::fprintf(stderr, "rocepilot-probe: %s\n\n%s", message.c_str(), kUsage);
    return 2;
}

/// EOF on stdin: the SSH channel closed. The thread stays blocked in read() otherwise; it is detached and ends
/// with the process.
void watchStdin()
{
    std::thread([] {
        char buffer[256];
        for (;;) {
            ssize_t got = ::read(STDIN_FILENO, buffer, sizeof buffer);
            if (got > 0 || (got < 0 && errno == EINTR))
                continue;
            break;
        }
        stop(StopReason::StdinClosed);
    }).detach();
}

/// At the deadline the engine is asked to stop; if it has not ended a few seconds later, the process goes.
void watchDeadline(double seconds)
{
    std::thread([seconds] {
        const auto deadline = std::chrono::steady_clock::now() + std::chrono::duration<double>(seconds);
        while (std::chrono::steady_clock::now() < deadline)
            std::this_thread::sleep_for(std::chrono::milliseconds(100));
        stop(StopReason::Deadline);
        std::this_thread::sleep_for(std::chrono::seconds(3));
        emitError(ErrorKind::Timeout,
            "the probe's deadline of " + std::to_string(static_cast<long>(seconds))
                + " s passed and the engine did not stop; exiting",
            "rocepilot-probe");
        ::_exit(1);
    }).detach();
}

std::string stopText(double deadlineS)
{
    switch (static_cast<StopReason>(g_reason.load())) {
    case StopReason::StdinClosed:
        return "stopped: stdin closed (the controller cancelled or went away)";
    case StopReason::Signal:
        return "stopped by a signal";
    case StopReason::Deadline:
        return "stopped at the probe's deadline of " + std::to_string(static_cast<long>(deadlineS)) + " s";
    case StopReason::OutputClosed:
        return "stopped: stdout closed (the controller went away)";
    case StopReason::None:
        break;
    }
    return "cancelled";
}

std::optional<double> toSeconds(const std::string& text)
{
    double v = 0;
    auto [p, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
    if (ec != std::errc() || p != text.data() + text.size())
        return std::nullopt;
    return v;
}

int runTest(const std::string& command, const std::map<std::string, std::string>& args)
{
    auto value = [&](const std::string& key) -> std::optional<std::string> {
        auto it = args.find(key);
        return it == args.end() ? std::nullopt : std::optional(it->second);
    };
    for (const auto& [key, unused] : args) {
        static const std::vector<std::string> serverKeys { "transport", "options", "bind", "connect-timeout" };
        static const std::vector<std::string> clientKeys { "transport", "options", "server", "port",
            "connect-timeout" };
        const auto& allowed = g_role == Role::Server ? serverKeys : clientKeys;
        if (std::find(allowed.begin(), allowed.end(), key) == allowed.end())
            return usageError("unknown option '--" + key + "' for " + command);
    }
    auto transportText = value("transport");
    auto transport = transportText ? transportFromString(*transportText) : std::nullopt;
    if (!transport || *transport == perf::Transport::Perftest)
        return usageError("--transport must be tcp or rdma");
    auto optionsText = value("options");
    if (!optionsText)
        return usageError("--options JSON is required");
    auto options = optionsFromJson(*optionsText);
    if (!options)
        return usageError(options.error().message);
    if (options->transport != *transport)
        return usageError(
            "--transport " + *transportText + " differs from the options' transport " + toString(options->transport));

    RunHooks hooks;
    hooks.cancel = &g_stop;
    if (auto t = value("connect-timeout")) {
        auto s = toSeconds(*t);
        if (!s || *s < 0.5 || *s > 600)
            return usageError("--connect-timeout must be 0.5..600 seconds");
        hooks.connectTimeoutS = *s;
    }
    const double deadlineS = probeDeadlineS(*options, hooks.connectTimeoutS);
    watchDeadline(deadlineS);

    hooks.onReady = [](int port) {
        if (g_role == Role::Server)
            emit(ReadyMsg { Role::Server, port });
    };
    hooks.onSample = [](const Sample& s) { emit(SampleMsg { g_role, s }); };
    hooks.onSizeDone = [](const SizeResult& r) { emit(SizeResultMsg { g_role, r }); };

    Endpoint endpoint;
    if (g_role == Role::Server) {
        endpoint.address = value("bind").value_or("");
        endpoint.port = options->port;
    } else {
        auto server = value("server");
        auto port = value("port");
        if (!server || !port)
            return usageError("client needs --server ADDR and --port N");
        int p = 0;
        auto [end, ec] = std::from_chars(port->data(), port->data() + port->size(), p);
        if (ec != std::errc() || end != port->data() + port->size() || p < 1 || p > 65535)
            return usageError("--port must be 1..65535");
        endpoint.address = *server;
        endpoint.port = p;
    }
    if (!endpoint.address.empty()) {
        if (auto ok = validateHostAddress(endpoint.address); !ok)
            return usageError(ok.error().message);
    }

    Result<std::vector<SizeResult>> results = std::unexpected(Error {});
    if (*transport == perf::Transport::Tcp)
        results = g_role == Role::Server ? runTcpServer(*options, endpoint, hooks)
                                         : runTcpClient(*options, endpoint, hooks);
    else
        results = g_role == Role::Server ? runRdmaServer(*options, endpoint, hooks)
                                         : runRdmaClient(*options, endpoint, hooks);
    if (!results) {
        Error e = results.error();
        if (e.kind == ErrorKind::Cancelled && g_stop.load())
            e.message = stopText(deadlineS);
        if (g_reason.load() == static_cast<int>(StopReason::Deadline))
            e.kind = ErrorKind::Timeout;
        emitError(e.kind, e.message, e.where);
        return 1;
    }
    emit(DoneMsg { g_role, results->size() });
    return 0;
}

/// `sample`: the counter sampler, natively. Its stdout is the block stream, so a usage error goes to stderr
/// and the exit code only (the controller then falls back to the shell sampler).
int runSample(const std::map<std::string, std::string>& args)
{
    auto fault = [](const std::string& message) {
        std::fprintf(stderr, "rocepilot-probe sample: %s\n\n%s", message.c_str(), kUsage);
        return 2;
    };
    counters::NativeSamplerOptions o;
    bool port = false;
    for (const auto& [key, value] : args) {
        if (key == "rdma-dev") {
            o.sampler.rdmaDevice = value;
        } else if (key == "netdev") {
            o.sampler.netdev = value;
        } else if (key == "sysfs-root") {
            o.sampler.sysfsRoot = value;
        } else if (key == "port" || key == "count" || key == "interval") {
            double v = 0;
            auto [p, ec] = std::from_chars(value.data(), value.data() + value.size(), v);
            if (ec != std::errc() || p != value.data() + value.size())
                return fault("--" + key + " must be a number, not '" + value + "'");
            if (key == "interval") {
                o.sampler.intervalS = v;
            } else if (key == "port") {
                if (v != static_cast<int>(v))
                    return fault("--port must be a whole number");
                o.sampler.port = static_cast<int>(v);
                port = true;
            } else {
                if (v < 1 || v > 1e9 || v != static_cast<long long>(v))
                    return fault("--count must be a whole number 1..1000000000");
                o.maxBlocks = static_cast<long long>(v);
            }
        } else {
            return fault("unknown option '--" + key + "' for sample");
        }
    }
    if (!args.contains("interval"))
        return fault("--interval S is required");
    if (!o.sampler.rdmaDevice.empty() && !port)
        return fault("--rdma-dev needs --port");
    if (o.sampler.rdmaDevice.empty() && o.sampler.netdev.empty())
        return fault("give --rdma-dev and --port, --netdev, or both");
    auto ok = counters::runNativeSampler(o, &g_stop);
    if (!ok)
        return fault(ok.error().message);
    return 0;
}

/// `agent`: the fabric check's agent (core/fabric/agent.h). Its stdin carries the controller's lines, so it reads
/// stdin itself; the signal handlers stop it like a test.
int runFabricAgent()
{
    fabric::AgentIo io;
    io.inFd = STDIN_FILENO;
    io.version = probeVersion();
    io.pid = static_cast<int>(::getpid());
    io.stop = &g_stop;
    io.output = [](const fabric::AgentMessage& m) { return writeLine(fabric::encodeAgent(m)); };
    io.transportFor = [](const fabric::AgentHello& hello, std::string&) -> std::unique_ptr<fabric::ProbeTransport> {
        const auto secret = fabric::probeSecretFromHex(hello.secret.c_str());
        if (hello.mode == fabric::AgentMode::Rdma)
            return std::make_unique<fabric::UdQpProber>(secret, fabric::probeQkey(secret));
        return std::make_unique<fabric::UdpProber>(secret);
    };
    return fabric::runAgent(io);
}

/// What the standalone agent tells: its series, and a line on stderr (the journal) for what an admin should see.
class StandaloneReport final : public fabric::StandaloneObserver
{
public:
    StandaloneReport(metrics::AgentMetrics& metrics, std::string host)
        : m_metrics(metrics)
        , m_host(std::move(host))
    { }
    void served(const std::vector<fabric::AgentReadyEndpoint>& endpoints) override
    {
        m_metrics.served(endpoints);
        std::size_t ok = 0;
        for (const auto& e : endpoints)
            ok += e.error.empty() ? 1 : 0;
        log("serving " + std::to_string(ok) + " of " + std::to_string(endpoints.size()) + " endpoints");
    }
    void link(const std::vector<fabric::AgentLinkEndpoint>& endpoints) override { m_metrics.link(endpoints); }
    void phase(const fabric::StandalonePhase& phase) override
    {
        m_metrics.phase(phase);
        std::size_t failing = 0;
        for (const auto& c : phase.cells)
            failing += c.sent > 0 && c.received == 0 ? 1 : 0;
        // Only changes are worth a journal line: a phase every few seconds would drown it.
        if (phase.phase == 1 || failing != m_failing)
            log("phase " + std::to_string(phase.phase) + ": " + std::to_string(phase.cells.size()) + " targets, "
                + std::to_string(failing) + " answering nothing");
        m_failing = failing;
    }
    void log(const std::string& line) override
    {
        std::lock_guard lock(g_outputMutex);
        std::fprintf(stderr, "rocepilot-probe agent %s: %s\n", m_host.c_str(), line.c_str());
    }

private:
    metrics::AgentMetrics& m_metrics;
    std::string m_host;
    std::size_t m_failing = 0;
};

/// `agent --standalone FILE --metrics ADDR:PORT`: the agent as a service (core/fabric/agentstandalone.h). A bad
/// FILE or address is a usage error (2), so that systemd does not restart a service that cannot work as set up.
int runStandalone(int argc, char** argv)
{
    auto fault = [](const std::string& message) {
        std::fprintf(stderr, "rocepilot-probe agent: %s\n", message.c_str());
        return 2;
    };
    std::optional<std::string> file;
    std::optional<std::string> listen;
    for (int i = 2; i < argc; i += 2) {
        const std::string arg = argv[i];
        if (arg != "--standalone" && arg != "--metrics")
            return fault("unknown option '" + arg + "' (agent takes --standalone FILE --metrics ADDR:PORT)");
        if (i + 1 >= argc)
            return fault("option '" + arg + "' needs a value");
        auto& slot = arg == "--standalone" ? file : listen;
        if (slot)
            return fault("option '" + arg + "' given twice");
        slot = argv[i + 1];
    }
    if (!file || !listen)
        return fault("--standalone FILE and --metrics ADDR:PORT go together");
    auto pinglist = fabric::loadAgentPinglist(*file);
    if (!pinglist)
        return fault(pinglist.error().describe());
    auto address = metrics::parseListenAddress(*listen);
    if (!address)
        return fault("--metrics " + address.error().message);
    metrics::AgentMetrics series(*pinglist, probeVersion());
    auto server
        = metrics::MetricsServer::start(*address, [&series](bool openMetrics) { return series.text(openMetrics); });
    if (!server) {
        std::fprintf(stderr, "rocepilot-probe agent: %s\n", server.error().describe().c_str());
        return 1;
    }
    StandaloneReport report(series, pinglist->host);
    report.log("pinglist " + *file + ": " + std::to_string(pinglist->targets.size()) + " targets over "
        + std::string(fabric::toString(pinglist->mode)) + ", UDP port " + std::to_string(pinglist->udpPort)
        + "; metrics on http://" + (*server)->address().text() + "/metrics");
    fabric::StandaloneIo io;
    io.version = probeVersion();
    io.stop = &g_stop;
    io.observer = &report;
    io.transportFor = [](const fabric::AgentPinglistFile& f, std::string&) -> std::unique_ptr<fabric::ProbeTransport> {
        const auto secret = fabric::probeSecretFromHex(f.secret.c_str());
        if (f.mode == fabric::AgentMode::Rdma)
            return std::make_unique<fabric::UdQpProber>(secret, fabric::probeQkey(secret), f.udpPort);
        return std::make_unique<fabric::UdpProber>(secret, f.udpPort);
    };
    const int rc = fabric::runStandaloneAgent(*pinglist, io);
    (*server)->stop();
    report.log(rc == 0 ? "stopped" : "stopped: it cannot run as set up (see above)");
    return rc;
}

} // namespace

#if defined(__SANITIZE_ADDRESS__)
// The ASan build's probe runs in 256 MB lab guests, where ASAN_OPTIONS does not reach over SSH: a small quarantine
// keeps its memory near the release probe's, and a report still ends the probe with a failure the controller sees.
extern "C" const char* __asan_default_options();
extern "C" const char* __asan_default_options()
{
    return "quarantine_size_mb=8:malloc_context_size=10";
}
#endif

int main(int argc, char** argv)
{
    std::signal(SIGPIPE, SIG_IGN);
    struct sigaction sa
    { };
    sa.sa_handler = onSignal;
    sigemptyset(&sa.sa_mask);
    for (int sig : { SIGTERM, SIGINT, SIGHUP })
        ::sigaction(sig, &sa, nullptr);

    if (argc < 2)
        return usageError("no command given");
    const std::string command = argv[1];
    if (command == "--help" || command == "-h") {
        std::fputs(kUsage, stderr);
        return 0;
    }
    if (command == "--version") {
        std::fprintf(stderr, "rocepilot-probe %s (protocol %d)\n", probeVersion().c_str(), kProtocolVersion);
        return 0;
    }
    if (command == "hello") {
        if (argc != 2)
            return usageError("hello takes no options");
        emit(HelloMsg { kProtocolVersion, probeVersion(), scanCapabilities() });
        return 0;
    }
    if (command == "agent") {
        if (argc == 2)
            return runFabricAgent();
        return runStandalone(argc, argv);
    }
    if (command != "server" && command != "client" && command != "sample")
        return usageError("unknown command '" + command + "'");
    g_role = command == "server" ? Role::Server : Role::Client;
    std::map<std::string, std::string> args;
    for (int i = 2; i < argc; ++i) {
        std::string arg = argv[i];
        if (arg.size() < 3 || arg.compare(0, 2, "--") != 0)
            return usageError("unexpected argument '" + arg + "'");
        if (i + 1 >= argc)
            return usageError("option '" + arg + "' needs a value");
        if (!args.emplace(arg.substr(2), argv[++i]).second)
            return usageError("option '" + arg + "' given twice");
    }
    if (command == "sample")
        return runSample(args); // watches its stdin itself, between blocks
    watchStdin();
    return runTest(command, args);
}

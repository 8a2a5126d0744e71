// SPDX-License-Identifier: GPL-3.0-or-later
#include "perf/probesession.h"

#include "perf/capabilities.h"
#include "remote/local_executor.h"
#include "util/command.h"
#include "util/files.h"
#include "util/random.h"

#include <arpa/inet.h>

#include <algorithm>
#include <cctype>
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <thread>

#include <sys/stat.h>

namespace rp::perf {
namespace {

using Clock = std::chrono::steady_clock;
using std::chrono::milliseconds;

/// Installs stdin as $2 through a temporary file $3 in directory $1: a reader never sees a half-written probe,
/// and a failed copy leaves nothing behind. Only a copy whose SHA-256 is $4 is installed: a copy cut short (a
/// cancelled or timed-out upload ends stdin cleanly, so cat succeeds on half a file) never takes the probe's name.
/// Prints the SHA-256 of what landed. Constant text: every value comes in as a positional parameter.
constexpr const char* kInstallScript = R"sh(set -e
umask 022
trap 'rm -f -- "$3"' EXIT
mkdir -p -- "$1"
cat > "$3"
sum=$(sha256sum -- "$3")
if [ "${sum%% *}" != "$4" ]; then echo "the copy is incomplete (cut short)" >&2; exit 3; fi
chmod 755 -- "$3"
mv -f -- "$3" "$2"
sha256sum -- "$2")sh";

/// The copy's check and its hello in one command (a fleet's start paid a command per step and host): $1 the local
/// probe's SHA-256, $2 the copy. Exits kProbeMissing or kProbeDiffers, or becomes the copy's hello.
// $1 the SHA-256 the copy must have, $2 its path, then the probe's own arguments: checked and run in one command.
constexpr const char* kCheckScript = R"sh(p=$2
[ -f "$p" ] || exit 124
sum=$(sha256sum -- "$p") || exit 125
[ "${sum%% *}" = "$1" ] || exit 125
shift 2
exec "$p" "$@")sh";
constexpr int kProbeMissing = 124;
constexpr int kProbeDiffers = 125;

std::string firstLines(const std::string& text, std::size_t maxLines = 3)
{
    std::string out;
    std::size_t lines = 0, i = 0;
    while (i < text.size() && lines < maxLines) {
        auto nl = text.find('\n', i);
        if (nl == std::string::npos)
            nl = text.size();
        if (nl > i) {
            out += (out.empty() ? "" : " | ") + text.substr(i, std::min<std::size_t>(nl - i, 300));
            ++lines;
        }
        i = nl + 1;
    }
    return out;
}

/// The 64 hex digits sha256sum prints first.
std::optional<std::string> hashOf(const std::string& output)
{
    if (output.size() < 64)
        return std::nullopt;
    std::string hash = output.substr(0, 64);
    for (char& c : hash) {
        if (!std::isxdigit(static_cast<unsigned char>(c)))
            return std::nullopt;
        c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    }
    if (output.size() > 64 && output[64] != ' ')
        return std::nullopt;
    return hash;
}

std::unexpected<Error> onHost(std::unexpected<Error> e, const std::string& host)
{
    if (e.error().host.empty())
        e.error().host = host;
    return e;
}

/// One probe process on one host, as seen from the controller. Its fields are written by the thread running
/// the command (through onStdout) and read by the session's loop, always under the mutex.
struct ProbeRun
{
    Role role;
    Executor& executor;
    std::string host;
    std::mutex mutex;
    LineSplitter splitter;
    std::optional<int> readyPort;
    std::vector<SizeResult> results;
    bool done = false;
    std::optional<Error> error; ///< from the probe's error line, or its output broke the protocol
    bool finished = false;
    std::optional<Error> execError; ///< could not run it, or it was stopped (timeout, cancel, lost connection)
    ExecResult exec;
    std::thread thread;

    ProbeRun(Role r, Executor& e)
        : role(r)
        , executor(e)
        , host(e.host())
    { }
};

class Session
{
public:
    Session(const SessionOptions& options, const SessionHooks& hooks)
        : m_options(options)
        , m_hooks(hooks)
    { }

    /// Starts the command on its own thread; every stdout line goes through the protocol decoder.
    void start(ProbeRun& run, const Command& command, double deadlineS)
    {
        run.thread = std::thread([this, &run, command, deadlineS] {
            ExecOptions o;
            o.cancel = &m_stop;
            o.keepStdinOpen = true; // the probe's stdin closes when we stop it or go away: it exits then
            o.timeout = milliseconds(static_cast<long long>((deadlineS + 30) * 1000));
            o.onStdout = [this, &run](std::string_view chunk) { onChunk(run, chunk); };
            o.keepStdout = false; // decoded as it comes; a long run's samples are not kept twice
            auto r = run.executor.run(command, o);
            std::lock_guard lock(run.mutex);
            if (r)
                run.exec = std::move(*r);
            else
                run.execError = r.error();
            run.finished = true;
        });
    }

    void stopAll() { m_stop.store(true); }

    void join(ProbeRun& run)
    {
        if (run.thread.joinable())
            run.thread.join();
    }

    void emit(const ProbeMessage& message)
    {
        std::lock_guard lock(m_hookMutex);
        if (m_hooks.onMessage)
            m_hooks.onMessage(message);
    }

private:
    void onChunk(ProbeRun& run, std::string_view chunk)
    {
        std::vector<ProbeMessage> messages;
        {
            std::lock_guard lock(run.mutex);
            auto fed = run.splitter.feed(chunk, [&](std::string_view line) {
                if (run.error && run.error->kind == ErrorKind::Protocol)
                    return;
                auto decoded = decodeLine(line);
                if (!decoded) {
                    Error e = decoded.error();
                    e.host = run.host;
                    e.message = "the " + toString(run.role) + " probe broke the protocol: " + e.message;
                    run.error = e;
                    return;
                }
                if (!accept(run, *decoded))
                    return;
                messages.push_back(*decoded);
            });
            if (!fed && !run.error) {
                Error e = fed.error();
                e.host = run.host;
                run.error = e;
            }
        }
        if (!messages.empty() || run.error)
            deliver(run, messages);
    }

    /// Checks a message against the run's state and records it; false = a protocol violation (recorded).
    bool accept(ProbeRun& run, const ProbeMessage& message)
    {
        auto violation = [&](const std::string& what) {
            run.error = Error { ErrorKind::Protocol, "the " + toString(run.role) + " probe " + what, "probe protocol",
                run.host, 0 };
            return false;
        };
        return std::visit(
            [&](const auto& m) -> bool {
                using T = std::decay_t<decltype(m)>;
                if constexpr (std::is_same_v<T, HelloMsg>) {
                    return violation("sent a hello during the test");
                } else {
                    if (m.role != run.role)
                        return violation("sent a message of the " + toString(m.role));
                    if constexpr (std::is_same_v<T, ReadyMsg>) {
                        if (run.role != Role::Server || run.readyPort)
                            return violation("reported ready twice or as a client");
                        run.readyPort = m.port;
                    } else if constexpr (std::is_same_v<T, SizeResultMsg>) {
                        const auto& sizes = m_options.test.sizes;
                        if (run.results.size() >= sizes.size() || m.result.size != sizes[run.results.size()])
                            return violation("reported a size that is not next in the test");
                        run.results.push_back(m.result);
                    } else if constexpr (std::is_same_v<T, SampleMsg>) {
                        if (std::find(m_options.test.sizes.begin(), m_options.test.sizes.end(), m.sample.size)
                            == m_options.test.sizes.end())
                            return violation("sent a sample of a size that is not in the test");
                    } else if constexpr (std::is_same_v<T, DoneMsg>) {
                        if (m.sizes != run.results.size() || m.sizes != m_options.test.sizes.size())
                            return violation("said done before every size had its result");
                        run.done = true;
                    } else if constexpr (std::is_same_v<T, ErrorMsg>) {
                        if (!run.error)
                            run.error = Error { m.kind, m.message, m.where, run.host, 0 };
                    }
                    return true;
                }
            },
            message);
    }

    void deliver(ProbeRun& run, const std::vector<ProbeMessage>& messages)
    {
        for (const auto& m : messages) {
            emit(m);
            if (const auto* s = std::get_if<SampleMsg>(&m)) {
                std::lock_guard lock(m_hookMutex);
                if (m_hooks.onSample)
                    m_hooks.onSample(run.role, s->sample);
            }
        }
        bool failed = false;
        {
            std::lock_guard lock(run.mutex);
            failed = run.error.has_value();
        }
        if (failed)
            stopAll(); // the other side must not wait for a peer that gave up
    }

    const SessionOptions& m_options;
    const SessionHooks& m_hooks;
    std::atomic<bool> m_stop { false };
    std::mutex m_hookMutex;
};

struct Snapshot
{
    std::optional<int> readyPort;
    bool done = false, finished = false;
    std::optional<Error> error, execError;
    std::string stderrText;
    int exitStatus = -1;
};

Snapshot snapshot(ProbeRun& run)
{
    std::lock_guard lock(run.mutex);
    return { run.readyPort, run.done, run.finished, run.error, run.execError, run.exec.err, run.exec.exitStatus };
}

/// Why a probe run did not end well, in the most useful terms available: its own error line first, then how
/// the command ended.
Error failureOf(ProbeRun& run)
{
    auto s = snapshot(run);
    if (s.error)
        return *s.error;
    if (s.execError) {
        Error e = *s.execError;
        e.host = run.host;
        return e;
    }
    if (s.finished && s.exitStatus != 0)
        return Error { ErrorKind::CommandFailed,
            "the " + toString(run.role) + " probe exited with status " + std::to_string(s.exitStatus)
                + (s.stderrText.empty() ? std::string() : ": " + firstLines(s.stderrText)),
            "rocepilot-probe", run.host, 0 };
    return Error { ErrorKind::Protocol,
        "the " + toString(run.role) + " probe ended without reporting the end of the test", "rocepilot-probe", run.host,
        0 };
}

bool isNumericAddress(const std::string& address)
{
    in6_addr v6 {};
    in_addr v4 {};
    return ::inet_pton(AF_INET, address.c_str(), &v4) == 1 || ::inet_pton(AF_INET6, address.c_str(), &v6) == 1;
}

Result<void> checkCapabilities(const ProbeOnHost& probe, const TestOptions& test, const std::string& host)
{
    const auto& caps = probe.hello.capabilities;
    if (test.transport != Transport::Rdma)
        return {};
    if (!caps.rdma)
        return fail(ErrorKind::Validation,
            "no RDMA device could be opened (is rdma_rxe or the NIC's driver loaded, and ibverbs-providers installed?)",
            "rocepilot-probe hello", host);
    const RdmaDeviceInfo* device = nullptr;
    for (const auto& d : caps.rdmaDevices) {
        if (test.device.empty() || d.name == test.device) {
            device = &d;
            break;
        }
    }
    if (!device)
        return fail(ErrorKind::Validation, "there is no RDMA device '" + test.device + "'", "--device", host);
    if (test.inlineData) {
        for (auto size : test.sizes) {
            if (size > static_cast<std::uint64_t>(device->maxInline))
                return fail(ErrorKind::Usage,
                    std::to_string(size) + " bytes is more than " + device->name + " sends inline ("
                        + std::to_string(device->maxInline) + ")",
                    "--inline", host);
        }
    }
    return {};
}

Result<std::string> sha256Uncached(const std::string& path)
{
    LocalExecutor local;
    ExecOptions o;
    o.timeout = milliseconds(30000);
    auto r = local.run(Command { "sha256sum", "--", path }, o);
    if (!r)
        return std::unexpected(r.error());
    auto hash = r->exitStatus == 0 ? hashOf(r->out) : std::nullopt;
    if (!hash)
        return fail(ErrorKind::Io, "cannot checksum " + path + ": " + firstLines(r->err), "sha256sum", "localhost");
    return *hash;
}
} // namespace

std::string remoteProbePath(const SessionOptions& options)
{
    return options.remoteDir + "/rocepilot-probe-" + probeVersion();
}

Result<std::string> localSha256(const std::string& path)
{
    // A fleet's start asks once per host for the same file: 1 000 hosts forked 1 000 sha256sum of 3 MB each. The
    // answer is kept while the file's identity and change time stay the same (a rebuilt probe gets a new one).
    struct Key
    {
        std::string path;
        dev_t dev = 0;
        ino_t ino = 0;
        off_t size = 0;
        std::int64_t mtimeNs = 0;
        std::int64_t ctimeNs = 0;
        bool operator==(const Key&) const = default;
    };
    static std::mutex mutex;
    static std::optional<std::pair<Key, std::string>> last;
    struct stat st
    { };
    std::optional<Key> key;
    if (::stat(path.c_str(), &st) == 0) {
        key = Key { path, st.st_dev, st.st_ino, st.st_size,
            static_cast<std::int64_t>(st.st_mtim.tv_sec) * 1'000'000'000 + st.st_mtim.tv_nsec,
            static_cast<std::int64_t>(st.st_ctim.tv_sec) * 1'000'000'000 + st.st_ctim.tv_nsec };
        std::lock_guard lock(mutex);
        if (last && last->first == *key)
            return last->second;
    }
    auto hash = sha256Uncached(path);
    if (hash && key) {
        std::lock_guard lock(mutex);
        last = { *key, *hash };
    }
    return hash;
}

bool probeNotInPlace(int exitStatus)
{
    return exitStatus == kProbeMissing || exitStatus == kProbeDiffers;
}

Result<Command> probeCommandInPlace(
    Executor& executor, const SessionOptions& options, const std::vector<std::string>& args)
{
    if (options.probePath.empty())
        return fail(ErrorKind::Usage, "no rocepilot-probe binary given", "rocepilot-probe", executor.host());
    std::vector<std::string> argv;
    if (dynamic_cast<LocalExecutor*>(&executor)) {
        argv.push_back(options.probePath);
    } else {
        auto remote = validateRemotePath(remoteProbePath(options));
        if (!remote)
            return onHost(std::unexpected(remote.error()), executor.host());
        auto mine = localSha256(options.probePath);
        if (!mine)
            return std::unexpected(mine.error());
        argv = { "sh", "-c", kCheckScript, "sh", *mine, *remote };
    }
    argv.insert(argv.end(), args.begin(), args.end());
    return Command(std::move(argv));
}

Result<ProbeOnHost> ensureProbe(Executor& executor, const SessionOptions& options, const SessionHooks& hooks)
{
    const std::string host = executor.host();
    auto status = [&](const std::string& text) {
        if (hooks.onStatus)
            hooks.onStatus(host + ": " + text);
    };
    ExecOptions o;
    o.timeout = options.commandTimeout;
    o.cancel = hooks.cancel;
    ProbeOnHost out;
    std::optional<ExecResult> helloOut; // the check's output when the copy was in place: its hello
    if (options.probePath.empty())
        return fail(ErrorKind::Usage, "no rocepilot-probe binary given", "rocepilot-probe", host);
    if (dynamic_cast<LocalExecutor*>(&executor)) {
        out.path = options.probePath;
    } else {
        auto remote = validateRemotePath(remoteProbePath(options));
        if (!remote)
            return onHost(std::unexpected(remote.error()), host);
        auto dir = validateRemotePath(options.remoteDir);
        if (!dir)
            return onHost(std::unexpected(dir.error()), host);
        auto mine = localSha256(options.probePath);
        if (!mine)
            return std::unexpected(mine.error());
        auto checked = executor.run(Command { "sh", "-c", kCheckScript, "sh", *mine, *remote, "hello" }, o);
        if (!checked)
            return std::unexpected(checked.error());
        if (checked->exitStatus != kProbeMissing && checked->exitStatus != kProbeDiffers) {
            helloOut = std::move(*checked);
        } else {
            const bool differs = checked->exitStatus == kProbeDiffers;
            auto content = readTextFile(options.probePath, 256u << 20);
            if (!content)
                return std::unexpected(content.error());
            const double mb = static_cast<double>(content->size()) / 1e6;
            char size[32];
            std::snprintf(size, sizeof size, "%.1f MB", mb);
            status(std::string(differs ? "replacing rocepilot-probe (its checksum differs)" : "copying rocepilot-probe")
                + " (" + size + ") to " + *remote);
            ExecOptions copy = o;
            copy.stdinData = std::move(*content);
            // Slow links and emulated hosts: allow 1 MB/s on top of the usual timeout.
            copy.timeout = options.commandTimeout + milliseconds(static_cast<long long>(mb * 1000));
            const std::string tmp = *remote + ".tmp." + randomHex();
            auto installed
                = executor.run(Command { "sh", "-c", kInstallScript, "sh", *dir, *remote, tmp, *mine }, copy);
            if (!installed)
                return std::unexpected(installed.error());
            if (installed->exitStatus != 0)
                return fail(ErrorKind::CommandFailed,
                    "copying rocepilot-probe to " + *remote + " failed (exit " + std::to_string(installed->exitStatus)
                        + "): " + firstLines(installed->err),
                    "rocepilot-probe install", host);
            if (hashOf(installed->out) != *mine)
                return fail(ErrorKind::CommandFailed,
                    "the copy of rocepilot-probe at " + *remote + " does not have the checksum it was sent with",
                    "rocepilot-probe install", host);
            out.copied = true;
        }
        out.path = *remote;
    }
    auto hello = helloOut ? Result<ExecResult>(std::move(*helloOut)) : executor.run(Command { out.path, "hello" }, o);
    if (!hello)
        return std::unexpected(hello.error());
    if (hello->exitStatus != 0)
        return fail(ErrorKind::CommandFailed,
            "rocepilot-probe does not run here (exit " + std::to_string(hello->exitStatus)
                + "): " + firstLines(hello->err.empty() ? hello->out : hello->err),
            out.path + " hello", host);
    auto lines = hello->out;
    while (!lines.empty() && lines.back() == '\n')
        lines.pop_back();
    auto decoded = decodeLine(lines);
    if (!decoded)
        return onHost(std::unexpected(decoded.error()), host);
    const auto* h = std::get_if<HelloMsg>(&*decoded);
    if (!h)
        return fail(
            ErrorKind::Protocol, "rocepilot-probe answered hello with something else", out.path + " hello", host);
    if (h->protocol != kProtocolVersion)
        return fail(ErrorKind::Protocol,
            "rocepilot-probe speaks protocol " + std::to_string(h->protocol) + ", this RoCE Pilot "
                + std::to_string(kProtocolVersion),
            out.path + " hello", host);
    out.hello = *h;
    return out;
}

namespace {

struct ProbePair
{
    ProbeOnHost server;
    ProbeOnHost client;
};

// Both hosts get their probe at the same time: on emulated hosts each step takes a while.
Result<ProbePair> ensureBothProbes(
    Executor& server, Executor& client, const SessionOptions& options, const SessionHooks& hooks)
{
    Result<ProbeOnHost> serverProbe = std::unexpected(Error {});
    Result<ProbeOnHost> clientProbe = std::unexpected(Error {});
    {
        std::thread other([&] { clientProbe = ensureProbe(client, options, hooks); });
        serverProbe = ensureProbe(server, options, hooks);
        other.join();
    }
    if (!serverProbe)
        return std::unexpected(serverProbe.error());
    if (!clientProbe)
        return std::unexpected(clientProbe.error());
    if (auto ok = checkCapabilities(*serverProbe, options.test, server.host()); !ok)
        return std::unexpected(ok.error());
    if (auto ok = checkCapabilities(*clientProbe, options.test, client.host()); !ok)
        return std::unexpected(ok.error());
    return ProbePair { std::move(*serverProbe), std::move(*clientProbe) };
}

/// How a wait on the probes ended when it did not simply go on.
struct WaitEnd
{
    std::optional<Error> failure;
    bool userCancelled = false;
};

/// The server listens (bounded): its port, or why not.
int waitUntilListening(ProbeRun& serverRun, const SessionOptions& options, const SessionHooks& hooks,
    const std::string& serverHost, WaitEnd& end)
{
    const auto readyDeadline = Clock::now() + options.readyTimeout;
    for (;;) {
        auto s = snapshot(serverRun);
        if (cancelled(hooks.cancel)) {
            end.userCancelled = true;
            return 0;
        }
        if (s.readyPort)
            return *s.readyPort;
        if (s.error || s.finished) {
            end.failure = failureOf(serverRun);
            return 0;
        }
        if (Clock::now() > readyDeadline) {
            end.failure = Error { ErrorKind::Timeout,
                "the server probe did not report that it listens within "
                    + std::to_string(options.readyTimeout.count() / 1000) + " s",
                "rocepilot-probe server", serverHost, 0 };
            return 0;
        }
        std::this_thread::sleep_for(milliseconds(20));
    }
}

/// The client runs the test against the server; both stream samples until both have ended.
void waitUntilBothEnd(ProbeRun& serverRun, ProbeRun& clientRun, const SessionOptions& options,
    const SessionHooks& hooks, const std::string& serverHost, WaitEnd& end)
{
    std::optional<Clock::time_point> serverGrace;
    for (;;) {
        if (cancelled(hooks.cancel)) {
            end.userCancelled = true;
            return;
        }
        auto c = snapshot(clientRun);
        auto s = snapshot(serverRun);
        if (c.error || (c.finished && !(c.done && c.exitStatus == 0))) {
            end.failure = failureOf(clientRun);
            // A client that lost its server says so in vaguer terms than the server's own error.
            if (s.error && s.error->kind != ErrorKind::Cancelled)
                end.failure = *s.error;
            return;
        }
        if (s.error || (s.finished && !(s.done && s.exitStatus == 0) && !c.finished)) {
            end.failure = failureOf(serverRun);
            return;
        }
        if (c.finished) {
            // The client is done; the server ends right after the client's goodbye.
            if (s.finished)
                return;
            if (!serverGrace)
                serverGrace = Clock::now() + milliseconds(static_cast<long long>(options.connectTimeoutS * 1000));
            if (Clock::now() > *serverGrace) {
                end.failure = Error { ErrorKind::Timeout, "the server probe did not end after the client finished",
                    "rocepilot-probe server", serverHost, 0 };
                return;
            }
        }
        std::this_thread::sleep_for(milliseconds(20));
    }
}

std::vector<SizeReport> reportsOf(ProbeRun& serverRun, ProbeRun& clientRun)
{
    std::vector<SizeReport> reports;
    std::lock_guard serverLock(serverRun.mutex);
    std::lock_guard clientLock(clientRun.mutex);
    for (std::size_t i = 0; i < clientRun.results.size(); ++i) {
        SizeReport r;
        r.client = clientRun.results[i];
        if (i < serverRun.results.size())
            r.server = serverRun.results[i];
        reports.push_back(r);
    }
    return reports;
}

} // namespace

Result<std::vector<SizeReport>> runProbeSession(
    Executor& server, Executor& client, const SessionOptions& options, const SessionHooks& hooks)
{
    if (&server == &client)
        return fail(ErrorKind::Usage, "the server and the client need executors of their own", "perf session");
    if (options.test.transport != Transport::Tcp && options.test.transport != Transport::Rdma)
        return fail(ErrorKind::Usage, "a probe session runs tcp or rdma; perftest has its own back end", "--transport");
    if (auto ok = validate(options.test); !ok)
        return std::unexpected(ok.error());
    if (!isNumericAddress(options.serverAddress))
        return fail(ErrorKind::Usage,
            "the server's data address '" + options.serverAddress + "' is not a numeric IPv4 or IPv6 address",
            "--data-address", server.host());
    if (!options.bindAddress.empty() && !isNumericAddress(options.bindAddress))
        return fail(ErrorKind::Usage, "the bind address must be numeric", "--bind", server.host());

    auto probes = ensureBothProbes(server, client, options, hooks);
    if (!probes)
        return std::unexpected(probes.error());

    Session session(options, hooks);
    session.emit(probes->server.hello);
    session.emit(probes->client.hello);
    const std::string optionsJson = optionsToJson(options.test);
    const std::string transport = toString(options.test.transport);
    char timeoutText[32];
    std::snprintf(timeoutText, sizeof timeoutText, "%g", options.connectTimeoutS);
    const double deadlineS = probeDeadlineS(options.test, options.connectTimeoutS);

    ProbeRun serverRun(Role::Server, server);
    ProbeRun clientRun(Role::Client, client);
    Command serverCommand { probes->server.path, "server", "--transport", transport, "--options", optionsJson,
        "--connect-timeout", timeoutText };
    if (!options.bindAddress.empty())
        serverCommand.arg("--bind").arg(options.bindAddress);
    if (hooks.onStatus)
        hooks.onStatus(server.host() + ": starting the server probe");
    session.start(serverRun, serverCommand, deadlineS);

    auto finishWith = [&](std::optional<Error> error) {
        session.stopAll();
        session.join(serverRun);
        session.join(clientRun);
        return error;
    };

    WaitEnd end;
    const int port = waitUntilListening(serverRun, options, hooks, server.host(), end);
    if (end.userCancelled) {
        finishWith(std::nullopt);
        return fail(ErrorKind::Cancelled, "cancelled; both probes were stopped", "perf session");
    }
    if (end.failure) {
        finishWith(std::nullopt);
        return std::unexpected(*end.failure);
    }

    Command clientCommand { probes->client.path, "client", "--transport", transport, "--options", optionsJson,
        "--server", options.serverAddress, "--port", std::to_string(port), "--connect-timeout", timeoutText };
    if (hooks.onStatus)
        hooks.onStatus(client.host() + ": starting the client probe against " + options.serverAddress + " port "
            + std::to_string(port));
    session.start(clientRun, clientCommand, deadlineS);
    waitUntilBothEnd(serverRun, clientRun, options, hooks, server.host(), end);
    finishWith(std::nullopt);
    if (end.userCancelled)
        return fail(ErrorKind::Cancelled, "cancelled; both probes were stopped", "perf session");
    if (end.failure)
        return std::unexpected(*end.failure);
    return reportsOf(serverRun, clientRun);
}

} // namespace rp::perf

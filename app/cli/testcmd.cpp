// SPDX-License-Identifier: GPL-3.0-or-later
#include "args.h"
#include "commands.h"
#include "connect.h"

#include "counters/counters.h"
#include "discovery/discover.h"
#include "discovery/json.h"
#include "inventory/inventory.h"
#include "perf/perftest.h"
#include "perf/probesession.h"
#include "perf/protocol.h"
#include "profile/profile.h"
#include "remote/openexecutor.h"
#include "run/run.h"
#include "run/runner.h"
#include "util/command.h"
#include "util/files.h"
#include "util/format.h"
#include "util/text.h"

#include <arpa/inet.h>
#include <netdb.h>
#include <unistd.h>

#include <atomic>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <mutex>
#include <thread>

namespace rp::cli {
namespace {

const char* kTestHelp = R"(usage: rocepilot-cli test --server HOST --client HOST [options]

Measure latency and throughput between two hosts: RDMA (verbs through rocepilot-probe, which
is copied to each host over SSH when it is missing or differs), TCP with the same tests for
a baseline, or perftest (ib_*_lat / ib_*_bw). ping: the client sends, the server echoes, one-
way latency is half the round trip. blast: the client sends as fast as it can.

HOST is a name from --inventory FILE, or 'localhost' (that side runs here, without SSH).

test:
  --transport rdma|tcp|perftest   (default rdma)
  --mode ping|blast               (default ping)
  --op send|write|write-imm|read  (default send; TCP has send only; ping has no read)
  --size N | --sweep A:B          message size, or every power of two from A to B
                                  (1 B..256 MiB; K/M suffixes: 64K, 1M; default 64)
  --duration S | --iterations N   per size (default 2 s)
  --warmup S                      per size, not measured (default 0.2)
  --inline                        send small messages inline (RDMA)
  --poll | --event                busy-poll completions (default) or sleep on events
  --depth N                       outstanding buffers, 1..128 (blast; default 1)
  --post-list N                   work requests per post (blast)
  --signal-every N                signal every Nth work request (blast)
  --verify                        fill and check every payload (costs CPU)
  --sample-interval S             live samples every S seconds, 0.01..0.1 (default 0.1)
hosts and network:
  --inventory FILE                the hosts (YAML); the server's data_address is used when set
  --data-address ADDR             where the client connects (the server's RoCE IP); alias
                                  --server-address. Default: --inventory data_address, then for
                                  RDMA and perftest the address of the GID discovery recommends
                                  on the server, then the server's SSH address
  --port N                        the server's port (default 18515; 0 = any free one)
  --device DEV                    RDMA device (default: the one owning the address)
  --gid-index N                   GID index on both sides (default: rdma_cm picks it from the
                                  address; perftest: the index discovery recommends on each host)
  --tos N                         IP ToS byte for RDMA connections (DSCP x 4)
  --connect-timeout S             how long a side waits for its peer (default 20)
  --known-hosts FILE              host-key file (default: the inventory's, else
                                  ~/.config/rocepilot/known_hosts)
  --accept-new-host-keys          accept and save keys of hosts seen for the first time
saved run:
  --save RUN                      write the run to RUN as it goes (docs/run-file.md): settings,
                                  every sample, each size's result, both hosts' environment
                                  (discovery); a crash keeps what was measured. 'rocepilot-cli
                                  report RUN' turns it into PDF, CSV and JSON. RUN must not
                                  exist yet
  --force                         with --save: replace an earlier run file of that name
  --label TEXT                    a name for the run in reports ("before PFC")
  --profile FILE                  the profile (YAML) in force, kept in the run; its ToS is used
                                  for RDMA when --tos is not given
  --apply-journal FILE            the apply journal (JSON) of this configuration, kept in the run
  --counters-interval S           with --save: how often both hosts' RDMA hw counters and the
                                  NIC's pause/PFC/CNP statistics (ethtool -S) are read, kept as
                                  rates (0.05..10 s, default 0.1)
  --no-counters                   with --save: do not sample the hosts' counters
output:
  --json                          JSON lines (docs/json.md): both probes' messages, then one
                                  'result' line per size; an 'error' line last on failure
  --help                          this text

exit codes: 0 the test ran (and --verify found no bad data), 1 it failed (the reason is
printed; Ctrl-C stops both sides and also gives 1), 2 usage error
)";

std::mutex g_outputMutex;

std::optional<std::uint64_t> parseSize(std::string_view text)
{
    std::uint64_t scale = 1;
    if (!text.empty()) {
        switch (text.back()) {
        case 'k':
        case 'K':
            scale = 1024;
            break;
        case 'm':
        case 'M':
            scale = 1024 * 1024;
            break;
        case 'g':
        case 'G':
            scale = 1024 * 1024 * 1024;
            break;
        default:
            break;
        }
        if (scale != 1)
            text.remove_suffix(1);
    }
    std::uint64_t v = 0;
    auto [p, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
    if (text.empty() || ec != std::errc() || p != text.data() + text.size() || v > (std::uint64_t { 1 } << 40))
        return std::nullopt;
    return v * scale;
}

template <class T> std::optional<T> parseNumber(const std::string& text)
{
    T v {};
    auto [p, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
    if (text.empty() || ec != std::errc() || p != text.data() + text.size())
        return std::nullopt;
    return v;
}

/// Usage error: message on stderr (and as a JSON error line with --json), exit 2.
int usage(bool json, const std::string& message)
{
    if (json) {
        std::fputs(perf::encode(perf::ErrorMsg { perf::Role::Client, ErrorKind::Usage, message, "rocepilot-cli test" })
                       .c_str(),
            stdout);
    }
    return usageError("test", message);
}

bool isNumeric(const std::string& address)
{
    in_addr v4 {};
    in6_addr v6 {};
    return ::inet_pton(AF_INET, address.c_str(), &v4) == 1 || ::inet_pton(AF_INET6, address.c_str(), &v6) == 1;
}

bool isLoopback(const std::string& address)
{
    return address.starts_with("127.") || address == "::1" || address == "localhost";
}

/// A host name from the inventory resolved here; the client is expected to resolve it the same way.
std::optional<std::string> resolveHere(const std::string& name)
{
    addrinfo hints {};
    hints.ai_socktype = SOCK_STREAM;
    addrinfo* list = nullptr;
    if (::getaddrinfo(name.c_str(), nullptr, &hints, &list) != 0 || !list)
        return std::nullopt;
    char text[INET6_ADDRSTRLEN] = {};
    const void* raw = list->ai_family == AF_INET6
        ? static_cast<const void*>(&reinterpret_cast<const sockaddr_in6*>(list->ai_addr)->sin6_addr)
        : static_cast<const void*>(&reinterpret_cast<const sockaddr_in*>(list->ai_addr)->sin_addr);
    const bool ok = ::inet_ntop(list->ai_family, raw, text, sizeof text) != nullptr;
    ::freeaddrinfo(list);
    return ok ? std::optional<std::string>(text) : std::nullopt;
}

/// The GID discovery recommends on this host (for --device, or the first RoCE port).
Result<GidRecommendation> recommendedGid(Executor& executor, const std::string& device, const std::atomic<bool>* cancel)
{
    DiscoveryOptions options;
    options.readDcb = false;
    auto facts = discoverHost(executor, options, cancel);
    if (!facts)
        return std::unexpected(facts.error());
    for (const auto& r : facts->recommendations) {
        if (device.empty() || r.device == device)
            return r;
    }
    return fail(ErrorKind::Validation,
        device.empty() ? "discovery found no RoCE GID to use (no RDMA device with an IP address?)"
                       : "discovery found no usable GID on " + device,
        "discovery", executor.host());
}

struct Progress
{
    bool tty = false;
    bool shown = false;
    std::chrono::steady_clock::time_point lastPrinted {};
    double serverCpu = -1;

    void sample(perf::Role role, const perf::Sample& s)
    {
        std::lock_guard lock(g_outputMutex);
        if (role == perf::Role::Server) {
            serverCpu = s.cpuPercent;
            return;
        }
        auto now = std::chrono::steady_clock::now();
        if (!tty && now - lastPrinted < std::chrono::seconds(1))
            return;
        lastPrinted = now;
        std::string line = "  " + sizeText(s.size) + "  t " + fixed(s.tS, 1) + " s  " + fixed(s.gbps, 3) + " Gb/s  "
            + fixed(s.messagesPerS / 1e6, 3) + " Mmsg/s";
        if (s.p50Us)
            line += "  p50 " + fixed(*s.p50Us, 2) + " us";
        line += "  cpu client " + fixed(s.cpuPercent, 0) + "%";
        if (serverCpu >= 0)
            line += " server " + fixed(serverCpu, 0) + "%";
        if (tty)
            std::fprintf(stderr, "\r%-100s", line.c_str());
        else
            std::fprintf(stderr, "%s\n", line.c_str());
        shown = true;
    }
    void clear()
    {
        std::lock_guard lock(g_outputMutex);
        if (tty && shown)
            std::fprintf(stderr, "\r%-100s\r", "");
        shown = false;
    }
};

void printTable(const std::vector<perf::SizeReport>& reports, const perf::TestOptions& test)
{
    std::printf("%s %s over %s, %s completions\n", perf::toString(test.mode).c_str(), perf::toString(test.op).c_str(),
        perf::toString(test.transport).c_str(), perf::toString(test.completion).c_str());
    std::printf("%10s %10s %9s %9s %9s %9s %9s %9s %8s %8s\n", "size", "Gb/s", "Mmsg/s", "min us", "p50 us", "p99 us",
        "p99.9 us", "max us", "cpu cli", "cpu srv");
    auto cell = [](double v, int digits) { return fixed(v, digits); };
    for (const auto& r : reports) {
        const auto& c = r.client;
        std::string lat[5] = { "-", "-", "-", "-", "-" };
        if (c.latency && c.latency->count > 0) {
            lat[0] = cell(c.latency->minUs, 2);
            lat[1] = cell(c.latency->p50Us, 2);
            lat[2] = cell(c.latency->p99Us, 2);
            lat[3] = cell(c.latency->p999Us, 2);
            lat[4] = cell(c.latency->maxUs, 2);
        }
        const std::string serverCpu
            = r.server && r.server->cpu.wallS > 0 ? cell(r.server->cpu.percent(), 0) + "%" : "-";
        const std::string clientCpu = c.cpu.wallS > 0 ? cell(c.cpu.percent(), 0) + "%" : "-";
        std::printf("%10s %10s %9s %9s %9s %9s %9s %9s %8s %8s\n", sizeText(c.size).c_str(), cell(c.gbps, 3).c_str(),
            cell(c.messagesPerS / 1e6, 4).c_str(), lat[0].c_str(), lat[1].c_str(), lat[2].c_str(), lat[3].c_str(),
            lat[4].c_str(), clientCpu.c_str(), serverCpu.c_str());
    }
    if (test.verifyData) {
        std::uint64_t bad = 0;
        for (const auto& r : reports)
            bad += r.client.verifyErrors + (r.server ? r.server->verifyErrors : 0);
        std::printf(
            "data check: %s\n", bad == 0 ? "every payload matched" : (std::to_string(bad) + " bad payloads").c_str());
    }
}

} // namespace

int testCommand(int argc, char** argv)
{
    Args args({ "json", "inline", "poll", "event", "verify", "accept-new-host-keys", "help", "no-counters", "force" },
        { "server", "client", "inventory", "mode", "op", "size", "sweep", "duration", "iterations", "warmup", "depth",
            "post-list", "signal-every", "transport", "port", "data-address", "server-address", "device", "gid-index",
            "tos", "connect-timeout", "known-hosts", "save", "label", "profile", "apply-journal", "counters-interval",
            "sample-interval" });
    const bool json = [&] {
        for (int i = 2; i < argc; ++i) {
            if (std::string_view(argv[i]) == "--json")
                return true;
        }
        return false;
    }();
    if (auto done
        = parseOrHelp(args, argc, argv, 2, "test", kTestHelp, [&](const std::string& e) { return usage(json, e); }))
        return *done;
    if (!args.positional().empty())
        return usage(json, "unexpected argument '" + args.positional().front() + "'");

    perf::TestOptions test;
    if (auto t = args.value("transport")) {
        auto v = perf::transportFromString(*t);
        if (!v)
            return usage(json, "--transport must be rdma, tcp or perftest, not '" + *t + "'");
        test.transport = *v;
    }
    if (auto m = args.value("mode")) {
        auto v = perf::modeFromString(*m);
        if (!v)
            return usage(json, "--mode must be ping or blast, not '" + *m + "'");
        test.mode = *v;
    }
    if (auto o = args.value("op")) {
        auto v = perf::opFromString(*o);
        if (!v)
            return usage(json, "--op must be send, write, write-imm or read, not '" + *o + "'");
        test.op = *v;
    }
    if (args.value("size") && args.value("sweep"))
        return usage(json, "give --size or --sweep, not both");
    if (auto s = args.value("size")) {
        auto v = parseSize(*s);
        if (!v)
            return usage(json, "--size must be a number of bytes (64, 4K, 1M), not '" + *s + "'");
        test.sizes = { *v };
    }
    if (auto s = args.value("sweep")) {
        auto colon = s->find(':');
        auto from = colon == std::string::npos ? std::nullopt : parseSize(s->substr(0, colon));
        auto to = colon == std::string::npos ? std::nullopt : parseSize(s->substr(colon + 1));
        if (!from || !to)
            return usage(json, "--sweep needs FROM:TO, e.g. 1:64K");
        auto sizes = perf::sweepSizes(*from, *to);
        if (!sizes)
            return usage(json, sizes.error().message);
        test.sizes = *sizes;
    }
    if (args.flag("poll") && args.flag("event"))
        return usage(json, "give --poll or --event, not both");
    test.completion = args.flag("event") ? perf::Completion::Event : perf::Completion::Poll;
    test.inlineData = args.flag("inline");
    test.verifyData = args.flag("verify");
    auto intOption = [&](const char* name, int& into) -> std::optional<std::string> {
        if (auto v = args.value(name)) {
            auto n = parseNumber<int>(*v);
            if (!n)
                return "--" + std::string(name) + " must be a whole number, not '" + *v + "'";
            into = *n;
        }
        return std::nullopt;
    };
    auto secondsOption = [&](const char* name, double& into) -> std::optional<std::string> {
        if (auto v = args.value(name)) {
            auto n = parseNumber<double>(*v);
            if (!n)
                return "--" + std::string(name) + " must be a number of seconds, not '" + *v + "'";
            into = *n;
        }
        return std::nullopt;
    };
    for (auto problem : { intOption("depth", test.depth), intOption("post-list", test.postList),
             intOption("signal-every", test.signalEvery), intOption("port", test.port),
             secondsOption("duration", test.durationS), secondsOption("warmup", test.warmupS),
             secondsOption("sample-interval", test.sampleIntervalS) }) {
        if (problem)
            return usage(json, *problem);
    }
    if (args.value("duration") && args.value("iterations"))
        return usage(json, "give --duration or --iterations, not both");
    if (auto v = args.value("iterations")) {
        auto n = parseNumber<std::uint64_t>(*v);
        if (!n)
            return usage(json, "--iterations must be a whole number, not '" + *v + "'");
        test.iterations = *n;
    }
    for (const char* name : { "gid-index", "tos" }) {
        if (auto v = args.value(name)) {
            auto n = parseNumber<int>(*v);
            if (!n)
                return usage(json, "--" + std::string(name) + " must be a whole number, not '" + *v + "'");
            (std::string_view(name) == "tos" ? test.tos : test.gidIndex) = *n;
        }
    }
    if (auto d = args.value("device")) {
        auto ok = validateRdmaDeviceName(*d);
        if (!ok)
            return usage(json, "--device: " + ok.error().message);
        test.device = *d;
    }
    std::string profileText, journalText;
    if (auto file = args.value("profile")) {
        auto text = readTextFile(*file, 1u << 20);
        if (!text)
            return usage(json, "--profile: " + text.error().describe());
        auto profile = parseProfile(*text, *file);
        if (!profile)
            return usage(json, "--profile: " + profile.error().describe());
        profileText = *text;
        if (!test.tos && test.transport == perf::Transport::Rdma)
            test.tos = profile->rdmaCmTos;
    }
    if (auto file = args.value("apply-journal")) {
        auto text = readTextFile(*file, 16u << 20);
        if (!text)
            return usage(json, "--apply-journal: " + text.error().describe());
        journalText = *text;
    }
    if (auto ok = perf::validate(test); !ok)
        return usage(json, ok.error().message);
    double countersInterval = 0.1;
    if (auto problem = secondsOption("counters-interval", countersInterval))
        return usage(json, *problem);
    if (!(countersInterval >= 0.05 && countersInterval <= 10))
        return usage(json, "--counters-interval must be 0.05..10 seconds");
    if ((args.value("counters-interval") || args.flag("no-counters") || args.flag("force")) && !args.value("save"))
        return usage(json, "--counters-interval, --no-counters and --force go with --save");
    const auto existing = args.flag("force") ? AtomicFile::Existing::Replace : AtomicFile::Existing::Refuse;
    if (auto save = args.value("save")) {
        // Refused before any host is touched: the run would otherwise be measured, then lost.
        std::vector<std::string> inputs;
        for (const char* option : { "inventory", "profile", "apply-journal", "known-hosts" })
            if (auto file = args.value(option))
                inputs.push_back(*file);
        if (*save == "-")
            return usage(json, "--save needs a file (the run is written as it goes, then read by 'report')");
        if (auto ok = checkOutputPaths({ *save }, inputs, existing); !ok)
            return usage(json,
                "--save: " + ok.error().describe()
                    + (existing == AtomicFile::Existing::Refuse ? " (--force replaces an earlier run)" : ""));
        if (!isValidUtf8(*save) || !isValidUtf8(args.value("label").value_or("")))
            return usage(json, "--save and --label must be valid UTF-8 (they are written into the run's JSON)");
    }
    double connectTimeoutS = 20;
    if (auto problem = secondsOption("connect-timeout", connectTimeoutS))
        return usage(json, *problem);
    if (!(connectTimeoutS >= 1 && connectTimeoutS <= 600))
        return usage(json, "--connect-timeout must be 1..600 seconds");
    if (test.transport == perf::Transport::Perftest) {
        if (auto tool = perf::perftestTool(test); !tool)
            return usage(json, tool.error().message);
    }

    // Hosts.
    auto serverName = args.value("server");
    auto clientName = args.value("client");
    if (!serverName || !clientName)
        return usage(json, "--server HOST and --client HOST are both needed");
    Inventory inventory;
    if (auto file = args.value("inventory")) {
        auto loaded = loadInventory(*file);
        if (!loaded)
            return usage(json, loaded.error().describe());
        inventory = std::move(*loaded);
    }
    auto findHost = [&](const std::string& name, std::string& why) -> std::optional<HostSpec> {
        for (const auto& h : inventory.hosts) {
            if (h.name == name)
                return h;
        }
        if (name == "localhost")
            return HostSpec { .name = "localhost", .address = "localhost", .local = true };
        std::vector<std::string_view> names;
        for (const auto& h : inventory.hosts)
            names.push_back(h.name);
        auto hint = closestMatch(name, names);
        why = "host '" + name + "' is not in "
            + (args.value("inventory") ? "the inventory" : "an inventory (give --inventory FILE)")
            + (hint.empty() ? std::string() : " (did you mean '" + hint + "'?)") + "; 'localhost' runs a side here";
        return std::nullopt;
    };
    std::string why;
    auto serverSpec = findHost(*serverName, why);
    if (!serverSpec)
        return usage(json, why);
    auto clientSpec = findHost(*clientName, why);
    if (!clientSpec)
        return usage(json, why);

    std::string dataAddress = args.value("data-address").value_or(args.value("server-address").value_or(""));
    if (args.value("data-address") && args.value("server-address"))
        return usage(json, "--data-address and --server-address are the same option; give one");
    if (!dataAddress.empty() && !isNumeric(dataAddress))
        return usage(json, "--data-address must be a numeric IPv4 or IPv6 address, not '" + dataAddress + "'");

    ConnectContext context = cliConnectContext(inventory, args.value("known-hosts"), args.flag("accept-new-host-keys"));
    context.cancel = &g_cancel;
    cancelOnSignals(true);

    auto failWith = [&](const Error& e) {
        if (json) {
            const auto role
                = e.host == serverSpec->name && e.host != clientSpec->name ? perf::Role::Server : perf::Role::Client;
            std::string message = e.host.empty() ? e.message : e.host + ": " + e.message;
            std::lock_guard lock(g_outputMutex);
            std::fputs(perf::encode(perf::ErrorMsg { role, e.kind, message, e.where }).c_str(), stdout);
            std::fflush(stdout);
        }
        std::lock_guard lock(g_outputMutex);
        std::fprintf(stderr, "rocepilot-cli test: %s\n", e.describe().c_str());
        return ExitSomeFailed;
    };

    // Separate executors per side: an SSH connection runs one command at a time.
    auto serverExec = openExecutor(*serverSpec, context);
    if (!serverExec)
        return failWith(serverExec.error());
    auto clientExec = openExecutor(*clientSpec, context);
    if (!clientExec)
        return failWith(clientExec.error());

    // The data-plane address: explicit, the inventory's, discovery's (RDMA), the SSH address.
    const bool sameHost = serverSpec->name == clientSpec->name;
    const bool rdmaLike = test.transport != perf::Transport::Tcp;
    if (dataAddress.empty())
        dataAddress = serverSpec->dataAddress;
    if (dataAddress.empty() && serverSpec->local && clientSpec->local)
        dataAddress = rdmaLike ? "" : "127.0.0.1";
    auto status = [&](const std::string& text) {
        if (json)
            return;
        std::lock_guard lock(g_outputMutex);
        std::fprintf(stderr, "%s\n", text.c_str());
    };
    std::optional<GidRecommendation> serverGid;
    if (dataAddress.empty() && (rdmaLike || (!serverSpec->local && isLoopback(serverSpec->address) && !sameHost))) {
        status(serverSpec->name + ": finding its RoCE address (discovery)");
        auto rec = recommendedGid(**serverExec, test.device, &g_cancel);
        if (!rec)
            return failWith(rec.error());
        serverGid = *rec;
        if (rec->address.empty() || !isNumeric(rec->address))
            return failWith(Error { ErrorKind::Validation,
                "the recommended GID " + std::to_string(rec->gidIndex) + " on " + rec->device
                    + " has no IP address; give --data-address",
                "discovery", serverSpec->name, 0 });
        dataAddress = rec->address;
    }
    if (dataAddress.empty()) {
        if (serverSpec->local)
            return usage(json,
                "the server is localhost and the client another host: give --data-address with an address of this "
                "machine the client can reach");
        if (isNumeric(serverSpec->address))
            dataAddress = serverSpec->address;
        else if (auto resolved = resolveHere(serverSpec->address))
            dataAddress = *resolved;
        else
            return usage(json, "cannot resolve " + serverSpec->address + "; give --data-address");
    }

    // The saved run: environment first (both hosts discovered), then everything as it comes.
    std::unique_ptr<run::RunWriter> saved;
    std::vector<run::CounterSampling::Plan> samplerPlans;
    if (auto path = args.value("save")) {
        run::RunHeader header;
        header.startedUtc = run::utcNow();
        header.toolVersion = "0.1.0";
        header.label = args.value("label").value_or("");
        for (int i = 0; i < argc; ++i) {
            if (i > 0)
                header.command += ' ';
            header.command += shellQuote(argv[i]);
        }
        header.options = test;
        header.server = serverSpec->name;
        header.client = clientSpec->name;
        header.dataAddress = dataAddress;
        run::Environment env;
        env.profileYaml = profileText;
        env.applyJournalJson = journalText;
        std::vector<HostOutcome> outcomes;
        for (auto [spec, exec, role] : { std::tuple { &*serverSpec, serverExec->get(), "server" },
                 std::tuple { &*clientSpec, clientExec->get(), "client" } }) {
            status(spec->name + ": recording its environment (discovery)");
            run::HostInfo info;
            info.role = role;
            info.name = spec->name;
            info.address = spec->address;
            HostOutcome outcome;
            outcome.spec = *spec;
            auto facts = discoverHost(*exec, DiscoveryOptions {}, &g_cancel);
            if (facts) {
                outcome.state = HostState::Ok;
                outcome.facts = *facts;
                // The same records and counter choice as the GUI's runner (core/run).
                info = run::hostInfoFrom(*spec, role, *facts, test, dataAddress);
                auto plan = run::samplerFor(*spec, *facts, test, dataAddress, countersInterval, info.gidDevice);
                if (!args.flag("no-counters") && plan)
                    samplerPlans.push_back({ *spec, *plan });
                else if (!args.flag("no-counters"))
                    status(spec->name + ": no RDMA device found; its counters are not sampled");
            } else {
                if (facts.error().kind == ErrorKind::Cancelled)
                    return failWith(facts.error());
                outcome.state = hostStateFromError(facts.error());
                outcome.error = facts.error();
                status(spec->name + ": discovery failed (" + facts.error().message + "); the run is saved without it");
            }
            outcomes.push_back(std::move(outcome));
            env.hosts.push_back(std::move(info));
        }
        env.discoveryJson = discoveryToJson(outcomes, {});
        auto writer = run::RunWriter::create(*path, header, env, existing);
        if (!writer)
            return failWith(writer.error());
        saved = std::move(*writer);
    }

    Progress progress;
    progress.tty = ::isatty(STDERR_FILENO) == 1;
    perf::SessionHooks hooks;
    hooks.cancel = &g_cancel;
    hooks.onStatus = status;
    hooks.onMessage = [json, &saved](const perf::ProbeMessage& m) {
        if (saved) {
            if (const auto* r = std::get_if<perf::SizeResultMsg>(&m))
                saved->addSizeResult(r->role, r->result);
        }
        if (!json)
            return;
        std::lock_guard lock(g_outputMutex);
        std::fputs(perf::encode(m).c_str(), stdout);
        std::fflush(stdout);
    };
    hooks.onSample = [json, &progress, &saved](perf::Role role, const perf::Sample& s) {
        if (saved)
            saved->addSample(role, s);
        if (!json)
            progress.sample(role, s);
    };

    // The counter samplers (core/run): one more connection per host, natively through the probe for probe tests.
    run::CounterSampling sampling;
    if (!samplerPlans.empty())
        sampling.start(
            samplerPlans, context, test.transport != perf::Transport::Perftest ? probeBinary() : std::string(),
            [&saved] { return saved->now(); }, [&saved](const run::CounterSample& c) { saved->addCounters(c); },
            [&status](const Error& e) { status(e.host + ": counter sampling stopped: " + e.message); });
    auto stopSamplers = [&] { sampling.stop(); };

    Result<std::vector<perf::SizeReport>> reports = std::unexpected(Error {});
    if (test.transport == perf::Transport::Perftest) {
        perf::PerftestOptions p;
        p.test = test;
        p.serverAddress = dataAddress;
        p.connectTimeoutS = connectTimeoutS;
        p.server.device = test.device;
        p.client.device = test.device;
        p.server.gidIndex = test.gidIndex;
        p.client.gidIndex = test.gidIndex;
        // perftest needs a GID index on each side: discovery's recommendation where none was given.
        if (!test.gidIndex) {
            if (!serverGid) {
                status(serverSpec->name + ": finding its RoCE GID (discovery)");
                auto rec = recommendedGid(**serverExec, test.device, &g_cancel);
                if (!rec) {
                    stopSamplers();
                    return failWith(rec.error());
                }
                serverGid = *rec;
            }
            status(clientSpec->name + ": finding its RoCE GID (discovery)");
            auto clientGid = recommendedGid(**clientExec, test.device, &g_cancel);
            if (!clientGid) {
                stopSamplers();
                return failWith(clientGid.error());
            }
            p.server.gidIndex = serverGid->gidIndex;
            p.server.device = serverGid->device;
            p.client.gidIndex = clientGid->gidIndex;
            p.client.device = clientGid->device;
        }
        reports = perf::runPerftestSession(**serverExec, **clientExec, p, hooks);
    } else {
        perf::SessionOptions s;
        s.test = test;
        s.serverAddress = dataAddress;
        s.probePath = probeBinary();
        s.connectTimeoutS = connectTimeoutS;
        reports = perf::runProbeSession(**serverExec, **clientExec, s, hooks);
    }
    progress.clear();
    stopSamplers();
    if (saved) {
        const std::string state = reports                  ? "ok"
            : reports.error().kind == ErrorKind::Cancelled ? "cancelled"
                                                           : "failed";
        auto closed = saved->finish(reports ? *reports : std::vector<perf::SizeReport> {}, state,
            reports ? std::nullopt : std::optional<Error>(reports.error()));
        if (!closed)
            failWith(closed.error());
        else if (!json)
            status("run saved to " + saved->path());
    }
    if (!reports)
        return failWith(reports.error());

    std::uint64_t bad = 0;
    for (const auto& r : *reports)
        bad += r.client.verifyErrors + (r.server ? r.server->verifyErrors : 0);
    if (json) {
        for (const auto& r : *reports)
            std::fputs(perf::encodeReport(r, test.transport).c_str(), stdout);
        std::fflush(stdout);
    } else {
        std::printf("%s -> %s (%s)\n", clientSpec->name.c_str(), serverSpec->name.c_str(), dataAddress.c_str());
        printTable(*reports, test);
    }
    if (bad > 0)
        return failWith(Error { ErrorKind::Validation, std::to_string(bad) + " payloads did not match the data pattern",
            "--verify", {}, 0 });
    return ExitOk;
}

} // namespace rp::cli

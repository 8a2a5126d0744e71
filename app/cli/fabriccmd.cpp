// SPDX-License-Identifier: GPL-3.0-or-later
#include "args.h"
#include "commands.h"
#include "connect.h"
#include "fabricprint.h"
#include "fabricpromcmd.h"

#include "discovery/discover.h"
#include "fabric/agentpinglist.h"
#include "fabric/controller.h"
#include "fabric/fabricjson.h"
#include "fabric/fabricrun.h"
#include "inventory/inventory.h"
#include "metrics/fabricmetrics.h"
#include "metrics/metricsserver.h"
#include "remote/fleet.h"
#include "util/files.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <climits>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <filesystem>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include <sys/stat.h>

namespace rp::cli {
namespace {

const char* kFabricHelp = R"(usage: rocepilot-cli fabric check --inventory FILE [options] [--json] [--save FILE]
       rocepilot-cli fabric watch --inventory FILE [options] [--for S] [--rounds N] [--json] [--save FILE]
                                  [--metrics ADDR:PORT [--metrics-hosts-limit N]]
       rocepilot-cli fabric pinglist --inventory FILE --out DIR [--rdma] [--port P] [--interval S]
                                  [--rate N] [--tor HOST=TOR] [--spine S]
       rocepilot-cli fabric prom ...   (a fleet read from Prometheus: see rocepilot-cli fabric prom --help)

check: one round of the fabric check. Discovers the inventory's hosts, starts a probe agent on each (over
SSH, rocepilot-probe copied there when missing or different), probes every pair (full mesh inside a ToR,
sampled peers across ToRs) over UDP on the address of each host's recommended GID, probes each failing
pair's ends again against known-good peers and over their own loopback, and names where a fault sits (host
agent, host NIC, access link, ToR, uplink) with the evidence and a confidence. Every agent is stopped at
the end, on Ctrl-C and when the connection drops. Without --rdma every result is a UDP one, named "udp",
never RDMA.

watch: the same agents kept running, one round after another (each with its second pass), findings printed
as they are raised and cleared, until Ctrl-C, --for or --rounds. An agent that goes down is started again
(every 10 s at most); Ctrl-C stops every agent.

pinglist: discovers the hosts as check does and writes DIR/HOST.json per host (mode 0600: it holds the
run's secret, new at each call), the file a standalone agent runs from as a service: `rocepilot-probe
agent --standalone FILE --metrics ADDR:PORT` (rocepilot-agent@HOST.service, installed by the package and
by `export ansible --fabric-agents DIR`). Each agent probes its targets on its own and serves its own
/metrics for Prometheus. Cells that fail by design are left out. Format: docs/fabric-api.md.

prom: those agents read back through the Prometheus that scrapes them, judged as check judges a round,
without connecting to any host (`rocepilot-cli fabric prom --help`).

options:
  --inventory FILE         the hosts (SSH, or localhost)
  --rdma                   also probe every (source GID, destination GID) cell over RDMA UD: one UD QP
                           per GID on each agent (hosts with RoCE ports; the Soft-RoCE lab)
  --duration S             seconds of each round's first pass (default 2 for check, 1 for watch)
  --second-pass S          seconds of the second pass, when the first failed (default: check half the
                           duration, at least 1; watch 0.5, as a fault is named only once it ends)
  --rate N                 probes per second per target (default 10, at most 1000; agents on a loaded
                           host use less, never below a tenth)
  --tor HOST=TOR           the ToR a host hangs off, over the inventory's `rack`; repeat per host
                           (hosts with neither share one ToR)
  --spine NAME             the switch the ToRs' uplinks reach (default: ToRs linked directly)
  --for S                  watch: stop after S seconds (default: until Ctrl-C; at most 7 days)
  --rounds N               watch: stop after N rounds
  --save FILE              write the run (rocepilot-fabric-run/1, JSON lines) as it goes: every round's
                           cells, agents and findings; an existing FILE is not replaced (--force does)
  --force                  with --save, replace an existing regular file (never a device or a symlink)
  --metrics ADDR:PORT      watch: serve the last round as Prometheus metrics at http://ADDR:PORT/metrics
                           (OpenMetrics or text 0.0.4; numeric address, [::1]:PORT for IPv6, :PORT for
                           every IPv4 address; series: docs/fabric-api.md, alert rules and a Grafana
                           dashboard: share/rocepilot/monitoring)
  --metrics-hosts-limit N  above N hosts (default 64) export no cells, only the 20 worst host pairs, the
                           ToR pairs, agents and findings: the series a fleet's Prometheus can take
  --out DIR                pinglist: where the files go (made 0700 when missing; files replaced)
  --port P                 pinglist: the UDP port every agent listens on and probes (default 18517)
  --interval S             pinglist: seconds of each phase, one result per target (default 5, 0.5..3600)
  --probe PATH             rocepilot-probe to run on the hosts (default: next to this program)
  --known-hosts FILE       host-key file (default: the inventory's, else ~/.config/rocepilot/known_hosts)
  --accept-new-host-keys   accept and save keys of hosts seen for the first time
  --json                   check: the round as one JSON document (schema rocepilot-fabric-round/1);
                           watch: one JSON line per event (raised, cleared, round)
  --help                   this text

Human output: a summary line, the findings (element, class, confidence, evidence), then the GID x GID
matrix of each failing host pair (rows: the source's endpoints, columns: the destination's).

exit codes: 0 healthy, notes (info) at most (watch: no fault open at the end), 1 faults found (or a host could not be
discovered, or the run file could not be written), 2 usage error
)";

/// A ToR or spine name as the topology and the findings show it.
bool fabricSwitchName(const std::string& name)
{
    return !name.empty() && name.size() <= 64 && std::ranges::all_of(name, [](char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' || c == '_'
            || c == '.';
    });
}

/// Agents going down are worth a line while the rounds run; the rest shows at the end of a round.
class FabricProgress final : public fabric::FabricObserver
{
public:
    explicit FabricProgress(bool quiet)
        : m_quiet(quiet)
    { }
    void agentState(const std::string& host, fabric::AgentState state, const std::string& detail) override
    {
        if (m_quiet || state != fabric::AgentState::Down)
            return;
        std::lock_guard lock(promptMutex());
        std::fprintf(stderr, "%s: agent down: %s\n", host.c_str(), detail.c_str());
    }

private:
    bool m_quiet;
};

/// What check and watch share: the options, the discovered hosts and the controller made of them.
struct FabricSetup
{
    bool json = false;
    double duration = 0;
    double secondPass = 0;
    double forSeconds = 0; ///< watch: 0 = until Ctrl-C
    std::uint64_t rounds = 0; ///< watch: 0 = no limit
    std::optional<std::string> save;
    bool force = false;
    std::string inventoryFile;
    fabric::Topology topology;
    fabric::ControllerOptions options;
    std::vector<fabric::FabricHost> hosts;
    std::vector<HostOutcome> failed;
    std::optional<ConnectContext> context;
    /// Discovery's connections, taken over by the agents (check, watch): one SSH handshake per host, not two.
    std::shared_ptr<ConnectionPool> connections;
    std::shared_ptr<metrics::FabricMetrics> metrics; ///< watch --metrics: what the server serves
    std::unique_ptr<metrics::MetricsServer> metricsServer;
    std::string out; ///< pinglist: the directory
    int udpPort = fabric::kAgentDefaultUdpPort; ///< pinglist
    double intervalS = 5.0; ///< pinglist
};

/// Parses the options and discovers the hosts; an exit code when that already ends the command.
enum class FabricCommand { Check, Watch, Pinglist };

std::optional<int> prepare(int argc, char** argv, FabricCommand command, FabricSetup& setup)
{
    const bool watch = command == FabricCommand::Watch;
    // --tor repeats: taken out before Args sees the rest.
    std::vector<std::string> tors;
    std::vector<char*> rest { argv, argv + 3 };
    for (int i = 3; i < argc; ++i) {
        const std::string a = argv[i];
        if (a == "--tor") {
            if (i + 1 >= argc)
                return usageError("fabric", "option '--tor' needs a value");
            tors.push_back(argv[++i]);
        } else if (a.starts_with("--tor=")) {
            tors.push_back(a.substr(6));
        } else {
            rest.push_back(argv[i]);
        }
    }
    // One option list for both (the help and the completion share it); check refuses the watch's own below.
    Args args({ "json", "rdma", "help", "accept-new-host-keys", "force" },
        { "inventory", "duration", "second-pass", "rate", "spine", "probe", "known-hosts", "save", "for", "rounds",
            "metrics", "metrics-hosts-limit", "out", "port", "interval" });
    if (auto done = parseOrHelp(args, static_cast<int>(rest.size()), rest.data(), 3, "fabric", kFabricHelp))
        return *done;
    for (const char* only : { "for", "rounds", "metrics", "metrics-hosts-limit" }) {
        if (!watch && args.value(only))
            return usageError("fabric", std::string("--") + only + " goes with fabric watch only");
    }
    for (const char* only : { "out", "port", "interval" }) {
        if (command != FabricCommand::Pinglist && args.value(only))
            return usageError("fabric", std::string("--") + only + " goes with fabric pinglist only");
    }
    if (command == FabricCommand::Pinglist) {
        for (const char* not_ : { "duration", "second-pass", "save", "probe" }) {
            if (args.value(not_))
                return usageError("fabric", std::string("--") + not_ + " does not go with fabric pinglist");
        }
        for (const char* flag : { "json", "force" }) {
            if (args.flag(flag))
                return usageError("fabric", std::string("--") + flag + " does not go with fabric pinglist");
        }
        if (!args.value("out") || args.value("out")->empty())
            return usageError("fabric", "pinglist needs --out DIR");
    }
    if (!args.positional().empty())
        return usageError("fabric", "unexpected argument '" + args.positional().front() + "'");
    auto inventoryFile = args.value("inventory");
    if (!inventoryFile)
        return usageError("fabric", "--inventory FILE is required");
    setup.inventoryFile = *inventoryFile;
    const auto number = numberOption;
    setup.duration = number(args.value("duration"), watch ? 1.0 : 2.0, 0.5, 600);
    if (setup.duration < 0)
        return usageError("fabric", "--duration must be 0.5..600 seconds");
    // A watch's second pass is part of its detection time; a check has time for the longer, surer one.
    setup.secondPass = number(args.value("second-pass"), watch ? 0.5 : std::max(1.0, setup.duration / 2), 0.5, 600);
    if (setup.secondPass < 0)
        return usageError("fabric", "--second-pass must be 0.5..600 seconds");
    const double rate = number(args.value("rate"), fabric::kAgentDefaultRate, 0.1, fabric::kAgentMaxRate);
    if (rate < 0)
        return usageError("fabric", "--rate must be 0.1..1000 probes per second");
    if (watch) {
        setup.forSeconds = number(args.value("for"), 0, 1, 7 * 86400.0);
        if (setup.forSeconds < 0)
            return usageError("fabric", "--for must be 1..604800 seconds");
        const double rounds = number(args.value("rounds"), 0, 1, 1e9);
        if (rounds < 0 || rounds != static_cast<double>(static_cast<std::uint64_t>(rounds)))
            return usageError("fabric", "--rounds must be a whole number of at least 1");
        setup.rounds = static_cast<std::uint64_t>(rounds);
    }
    if (command == FabricCommand::Pinglist) {
        setup.out = *args.value("out");
        const double port = number(args.value("port"), fabric::kAgentDefaultUdpPort, 1, 65535);
        if (port < 0 || port != static_cast<double>(static_cast<int>(port)))
            return usageError("fabric", "--port must be a whole number 1..65535");
        setup.udpPort = static_cast<int>(port);
        setup.intervalS = number(args.value("interval"), 5.0, 0.5, 3600);
        if (setup.intervalS < 0)
            return usageError("fabric", "--interval must be 0.5..3600 seconds");
    }
    setup.save = args.value("save");
    setup.force = args.flag("force");
    if (setup.force && !setup.save)
        return usageError("fabric", "--force only goes with --save FILE");
    if (setup.save && setup.save->empty())
        return usageError("fabric", "--save needs a file name");
    // The port is taken before any host is touched: a port in use ends the watch before it starts agents.
    if (auto listen = args.value("metrics")) {
        auto address = metrics::parseListenAddress(*listen);
        if (!address)
            return usageError("fabric", "--metrics " + address.error().message);
        metrics::FabricMetricsOptions mo;
        const double limit = number(args.value("metrics-hosts-limit"), 64, 1, 1e6);
        if (limit < 0 || limit != static_cast<double>(static_cast<std::size_t>(limit)))
            return usageError("fabric", "--metrics-hosts-limit must be a whole number 1..1000000");
        mo.hostsLimit = static_cast<std::size_t>(limit);
        mo.transport = args.flag("rdma") ? "rdma" : "udp";
        mo.version = RP_VERSION;
        setup.metrics = std::make_shared<metrics::FabricMetrics>(mo);
        auto server = metrics::MetricsServer::start(
            *address, [m = setup.metrics](bool openMetrics) { return m->text(openMetrics); });
        if (!server) {
            std::fprintf(stderr, "rocepilot-cli fabric: %s\n", server.error().describe().c_str());
            return ExitSomeFailed;
        }
        setup.metricsServer = std::move(*server);
        std::fprintf(stderr, "serving metrics on http://%s/metrics\n", setup.metricsServer->address().text().c_str());
    } else if (args.value("metrics-hosts-limit")) {
        return usageError("fabric", "--metrics-hosts-limit only goes with --metrics ADDR:PORT");
    }
    auto inventory = loadInventory(*inventoryFile);
    if (!inventory) {
        std::fprintf(stderr, "rocepilot-cli fabric: %s\n", inventory.error().describe().c_str());
        return ExitUsage;
    }
    std::set<std::string> names;
    for (const auto& h : inventory->hosts) {
        names.insert(h.name);
        // The inventory's rack is the host's ToR unless --tor says otherwise.
        if (!h.rack.empty())
            setup.topology.torOf[h.name] = h.rack;
    }
    for (const auto& t : tors) {
        const auto eq = t.find('=');
        const std::string host = eq == std::string::npos ? t : t.substr(0, eq);
        const std::string tor = eq == std::string::npos ? std::string() : t.substr(eq + 1);
        if (!names.contains(host))
            return usageError("fabric", "--tor " + t + ": no host '" + host + "' in the inventory");
        if (!fabricSwitchName(tor))
            return usageError("fabric", "--tor " + t + ": give HOST=TOR, TOR of letters, digits, '-', '_', '.'");
        setup.topology.torOf[host] = tor;
    }
    if (auto spine = args.value("spine")) {
        if (!fabricSwitchName(*spine))
            return usageError("fabric", "--spine: letters, digits, '-', '_', '.' only");
        setup.topology.spine = *spine;
    }
    // The run file is refused before any host is touched: an existing file, a device, a symlink, an input.
    if (setup.save) {
        std::vector<std::string> inputs { *inventoryFile };
        if (auto known = args.value("known-hosts"))
            inputs.push_back(*known);
        auto ok = checkOutputPaths(
            { *setup.save }, inputs, setup.force ? AtomicFile::Existing::Replace : AtomicFile::Existing::Refuse);
        if (!ok) {
            std::fprintf(stderr, "rocepilot-cli fabric: %s\n", ok.error().describe().c_str());
            return ExitUsage;
        }
    }
    setup.json = args.flag("json");
    cancelOnSignals(true);
    setup.context = cliConnectContext(*inventory, args.value("known-hosts"), args.flag("accept-new-host-keys"));
    setup.context->cancel = &g_cancel;

    DiscoveryOptions discovery;
    if (command != FabricCommand::Pinglist) {
        setup.connections = std::make_shared<ConnectionPool>();
        discovery.keep = setup.connections.get();
    }
    auto outcomes = discoverFleet(inventory->hosts, *setup.context, discovery, 32);
    for (auto& o : outcomes) {
        if (o.state == HostState::Ok && o.facts)
            setup.hosts.push_back({ o.spec, *o.facts });
        else
            setup.failed.push_back(o);
    }
    if (g_cancel.load()) {
        std::fprintf(stderr, "rocepilot-cli fabric: cancelled\n");
        return ExitSomeFailed;
    }
    if (setup.hosts.empty()) {
        for (const auto& o : setup.failed)
            std::fprintf(stderr, "%s: %s\n", o.spec.name.c_str(), o.error ? o.error->describe().c_str() : "failed");
        std::fprintf(stderr, "rocepilot-cli fabric: no host could be discovered\n");
        return ExitSomeFailed;
    }
    auto& options = setup.options;
    options.probePath = args.value("probe").value_or(probeBinary());
    options.durationS = setup.duration;
    options.secondPassS = setup.secondPass;
    options.rate = rate;
    options.rdma = args.flag("rdma");
    // A watch notices a silent agent this long after its phase: its detection time for a hung agent.
    if (watch)
        options.phaseSlackS = 3.0;
    // A GID that left its table mid-watch (a changed address): the host is discovered again, over a connection of
    // its own, and the agents restarted on its new GIDs.
    if (watch) {
        options.rediscover = [context = *setup.context](const HostSpec& spec) { return discoverAgain(spec, context); };
    }
    return std::nullopt;
}

/// The run file's writer, created when --save was given; reports its own errors.
std::unique_ptr<fabric::FabricRunWriter> openRunFile(const FabricSetup& setup, const std::string& command)
{
    if (!setup.save)
        return nullptr;
    fabric::FabricRunHeader header;
    header.tool = std::string("rocepilot ") + RP_VERSION;
    header.command = command;
    header.inventory = setup.inventoryFile;
    header.started = fabric::Clock::now();
    header.transport = setup.options.rdma ? "rdma" : "udp";
    header.durationS = setup.options.durationS;
    header.rate = setup.options.rate;
    for (const auto& h : setup.hosts)
        header.hosts.push_back(h.spec.name);
    header.torOf = setup.topology.torOf;
    header.spine = setup.topology.spine;
    auto writer = fabric::FabricRunWriter::create(
        *setup.save, header, setup.force ? AtomicFile::Existing::Replace : AtomicFile::Existing::Refuse);
    if (!writer) {
        std::fprintf(stderr, "rocepilot-cli fabric: %s\n", writer.error().describe().c_str());
        return nullptr;
    }
    return std::move(*writer);
}

/// Closes the run file with its end line; false (and why, on stderr) when any of it could not be written.
bool closeRunFile(fabric::FabricRunWriter* writer, const std::string& status, const std::string& error = {})
{
    if (!writer)
        return true;
    auto done = writer->finish(status, error);
    if (!done) {
        std::fprintf(stderr, "rocepilot-cli fabric: the run file is incomplete: %s\n", done.error().describe().c_str());
        return false;
    }
    return true;
}

std::unique_ptr<fabric::Controller> controllerFor(const FabricSetup& setup)
{
    auto context = *setup.context;
    auto factory = [context, pool = setup.connections](const HostSpec& spec) -> Result<std::unique_ptr<Executor>> {
        if (pool) {
            if (auto kept = pool->take(spec.name))
                return kept;
        }
        return openExecutor(spec, context);
    };
    return std::make_unique<fabric::Controller>(setup.hosts, setup.topology, factory, setup.options);
}

int fabricCheck(int argc, char** argv)
{
    FabricSetup setup;
    if (auto done = prepare(argc, argv, FabricCommand::Check, setup))
        return *done;
    auto writer = openRunFile(setup, "check");
    if (setup.save && !writer)
        return ExitSomeFailed;
    auto controller = controllerFor(setup);
    FabricProgress progress(setup.json);
    auto round = controller->runRound(&progress, &g_cancel);
    if (!round) {
        std::fprintf(stderr, "rocepilot-cli fabric: %s\n", round.error().describe().c_str());
        closeRunFile(writer.get(), round.error().kind == ErrorKind::Cancelled ? "cancelled" : "failed",
            round.error().describe());
        return round.error().kind == ErrorKind::Validation ? ExitUsage : ExitSomeFailed;
    }
    if (writer)
        writer->addRound(*round);
    const bool saved = closeRunFile(writer.get(), "ok");
    if (setup.json) {
        fabric::writeRoundJson(*round, [](std::string_view part) { std::fwrite(part.data(), 1, part.size(), stdout); });
        for (const auto& o : setup.failed)
            std::fprintf(
                stderr, "not probed: %s: %s\n", o.spec.name.c_str(), o.error ? o.error->describe().c_str() : "failed");
    } else {
        printRound(*round, setup.failed);
        if (writer && saved)
            std::printf("\nsaved: %s\n", writer->path().c_str());
    }
    std::fflush(stdout);
    // A note (a stalled or busy host) is said, but the fabric is ready.
    return fabric::faultCount(round->summary.findings) == 0 && setup.failed.empty() && saved ? ExitOk : ExitSomeFailed;
}

int fabricWatch(int argc, char** argv)
{
    FabricSetup setup;
    if (auto done = prepare(argc, argv, FabricCommand::Watch, setup))
        return *done;
    auto writer = openRunFile(setup, "watch");
    if (setup.save && !writer)
        return ExitSomeFailed;
    auto controller = controllerFor(setup);
    FabricProgress progress(setup.json);
    // The agents outlive the watch by a minute at most: --for and its last round, or a week.
    const double lifeS = setup.forSeconds > 0 ? setup.forSeconds + 60 + 3 * setup.duration : 7 * 86400.0;
    const auto lifetime = std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::duration<double>(lifeS));
    const auto t0 = std::chrono::steady_clock::now();
    if (auto started = controller->start(&progress, &g_cancel, lifetime); !started) {
        std::fprintf(stderr, "rocepilot-cli fabric: %s\n", started.error().describe().c_str());
        closeRunFile(writer.get(), started.error().kind == ErrorKind::Cancelled ? "cancelled" : "failed",
            started.error().describe());
        return started.error().kind == ErrorKind::Validation ? ExitUsage : ExitSomeFailed;
    }
    // Every agent has its connection now; a host discovered but not probed keeps none open for the whole watch.
    setup.connections->drop();
    if (!setup.json) {
        std::printf("watching %zu hosts, %zu endpoints, %zu cells a round (%s); Ctrl-C stops every agent\n",
            controller->pinglist().hosts.size(), controller->pinglist().endpoints.size(),
            controller->pinglist().probes.size(), setup.options.rdma ? "RDMA UD and UDP" : "UDP");
        for (const auto& o : setup.failed)
            std::printf(
                "  not probed: %s: %s\n", o.spec.name.c_str(), o.error ? o.error->describe().c_str() : "failed");
        std::fflush(stdout);
    }
    WatchPrinter printer(setup.json);
    std::size_t open = 0;
    std::uint64_t rounds = 0;
    std::string status = "ok";
    std::string error;
    for (;;) {
        if (g_cancel.load()) {
            status = "stopped";
            break;
        }
        if (setup.rounds > 0 && rounds >= setup.rounds)
            break;
        if (setup.forSeconds > 0
            && std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count() >= setup.forSeconds)
            break;
        auto round = controller->nextRound();
        if (!round) {
            if (round.error().kind == ErrorKind::Cancelled) {
                status = "stopped";
            } else {
                status = "failed";
                error = round.error().describe();
                std::fprintf(stderr, "rocepilot-cli fabric: %s\n", error.c_str());
            }
            break;
        }
        ++rounds;
        open = fabric::faultCount(round->summary.findings);
        if (setup.metrics)
            setup.metrics->update(*round);
        if (writer)
            writer->addRound(*round);
        printer.round(*round);
        if (writer && writer->writeError() && !setup.json)
            std::fprintf(stderr, "rocepilot-cli fabric: %s\n", writer->writeError()->describe().c_str());
    }
    controller->stop();
    const bool saved = closeRunFile(writer.get(), status, error);
    if (!setup.json) {
        std::printf("%s after %llu rounds (%.0f s): %s\n", status == "failed" ? "failed" : "stopped",
            static_cast<unsigned long long>(rounds),
            std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count(),
            open == 0 ? "healthy, no fault open"
                      : (std::to_string(open) + (open == 1 ? " fault open" : " faults open")).c_str());
        if (writer && saved)
            std::printf("saved: %s\n", writer->path().c_str());
    }
    std::fflush(stdout);
    return open == 0 && status != "failed" && setup.failed.empty() && saved && rounds > 0 ? ExitOk : ExitSomeFailed;
}

/// `fabric pinglist`: a file per discovered host for its standalone agent. Every file of one call shares a new
/// secret, so agents of an older call (another secret) and this one's never answer each other.
int fabricPinglist(int argc, char** argv)
{
    FabricSetup setup;
    if (auto done = prepare(argc, argv, FabricCommand::Pinglist, setup))
        return *done;
    std::vector<HostFacts> facts;
    for (const auto& h : setup.hosts) {
        if (!fabric::validAgentHostName(h.spec.name)) {
            std::fprintf(stderr,
                "rocepilot-cli fabric: host '%s': a pinglist is named after its host, which must be letters, digits, "
                "'-', '_', '.' (a file and a systemd instance name)\n",
                h.spec.name.c_str());
            return ExitUsage;
        }
        facts.push_back(fabric::pinglistFacts(h, setup.options.rdma));
    }
    auto list = fabric::buildPinglist(facts, setup.topology, setup.options.pinglist);
    if (!list) {
        std::fprintf(stderr, "rocepilot-cli fabric: %s\n", list.error().describe().c_str());
        return ExitUsage;
    }
    fabric::AgentPinglistOptions o;
    o.secret = fabric::newRunSecret();
    o.mode = setup.options.rdma ? fabric::AgentMode::Rdma : fabric::AgentMode::Udp;
    o.udpPort = setup.udpPort;
    o.rate = setup.options.rate;
    o.intervalS = setup.intervalS;
    o.timeoutS = setup.options.probeTimeoutS;
    const auto files = fabric::makeAgentPinglists(*list, o);
    std::error_code ec;
    if (!std::filesystem::is_directory(setup.out, ec)) {
        // Only the directory itself is made: a missing parent is more likely a typo than a wish.
        if (::mkdir(setup.out.c_str(), 0700) != 0) {
            std::fprintf(stderr, "rocepilot-cli fabric: cannot make %s: %s\n", setup.out.c_str(), std::strerror(errno));
            return ExitSomeFailed;
        }
    }
    std::size_t fewest = SIZE_MAX;
    std::size_t most = 0;
    for (const auto& f : files) {
        const std::string path = setup.out + "/" + f.host + ".json";
        if (auto ok = writeFileAtomically(path, fabric::encodeAgentPinglist(f), 0600); !ok) {
            std::fprintf(stderr, "rocepilot-cli fabric: %s\n", ok.error().describe().c_str());
            return ExitSomeFailed;
        }
        fewest = std::min(fewest, f.targets.size());
        most = std::max(most, f.targets.size());
    }
    std::printf("wrote %zu pinglists to %s (%s, UDP port %d, %zu..%zu targets per host, a phase every %g s)\n",
        files.size(), setup.out.c_str(), setup.options.rdma ? "RDMA UD and UDP" : "UDP", setup.udpPort,
        files.empty() ? 0 : fewest, most, setup.intervalS);
    for (const auto& [host, why] : list->skipped)
        std::printf("  no pinglist for %s: %s\n", host.c_str(), why.c_str());
    for (const auto& o2 : setup.failed)
        std::printf(
            "  not discovered: %s: %s\n", o2.spec.name.c_str(), o2.error ? o2.error->describe().c_str() : "failed");
    std::printf("on each host: /etc/rocepilot/agent/HOST.json (0600), then systemctl enable --now "
                "rocepilot-agent@HOST.service\n");
    std::fflush(stdout);
    return setup.failed.empty() && list->skipped.empty() ? ExitOk : ExitSomeFailed;
}

} // namespace

int fabricCommand(int argc, char** argv)
{
    const std::string sub = argc >= 3 ? argv[2] : "";
    if (sub == "--help" || sub == "-h") {
        std::fputs(kFabricHelp, stdout);
        return ExitOk;
    }
    if (sub == "check")
        return fabricCheck(argc, argv);
    if (sub == "watch")
        return fabricWatch(argc, argv);
    if (sub == "pinglist")
        return fabricPinglist(argc, argv);
    if (sub == "prom")
        return fabricProm(argc, argv);
    return usageError("fabric",
        sub.empty() ? "give a subcommand: check, watch, pinglist or prom" : "unknown subcommand '" + sub + "'");
}

} // namespace rp::cli

// SPDX-License-Identifier: GPL-3.0-or-later
#include "fabricpromcmd.h"

#include "args.h"
#include "commands.h"
#include "fabricprint.h"

#include "fabric/agentpinglist.h"
#include "fabric/fabricjson.h"
#include "fabric/fabricrun.h"
#include "metrics/promfabricreader.h"
#include "util/atomicfile.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <memory>
#include <string>
#include <thread>

namespace rp::cli {
namespace {

const char* kPromHelp
    = R"(usage: rocepilot-cli fabric prom --url http://HOST[:PORT][/PREFIX] [--match MATCHERS] [--spine NAME]
                               [--json] [--save FILE [--force]] [--timeout S]
                               [--watch [--every S] [--for S] [--rounds N]]

A fleet of standalone agents (rocepilot-agent@HOST.service, see `fabric pinglist`) read through the Prometheus
that scrapes them, judged as `fabric check` judges a round: no SSH connection to any host. One instant query
returns the agents' series a round needs; each target's last phase is a cell, an agent whose series are gone or
whose last phase is older than three phases is down, and the same localisation names where a fault sits.
There is no second pass (the agents probe their own pinglists only), and the cells carry each phase's loss
ratio, not its probe count (the count is the agent's rate times its phase).

  --url URL          the Prometheus (plain http: for https, reach it through a tunnel, ssh -L 9090:...)
  --match MATCHERS   label matchers that select this fabric's agents, as in a PromQL selector:
                     'job="rocepilot-agent"' or 'job="rocepilot-agent",tor=~"leaf[12]"'
  --spine NAME       the switch the ToRs' uplinks reach (as given to fabric pinglist; default: ToRs
                     linked directly)
  --json             one read: the round as JSON (schema rocepilot-fabric-round/1); --watch: one JSON
                     object a line per event, as fabric watch --json
  --save FILE        write the reads as a fabric run (rocepilot-fabric-run/1) for `report` and the GUI
  --force            with --save, replace an existing regular file
  --timeout S        seconds a read may take (default 10, 1..300)
  --watch            read again every --every seconds (default 5, 1..3600) until Ctrl-C, --for or --rounds;
                     a read that fails is said and the next one tried
  --help             this text

exit codes: 0 healthy (notes at most; watch: no fault open at the end), 1 faults found or Prometheus could not
be read, 2 usage
)";

std::unique_ptr<fabric::FabricRunWriter> openRun(
    const std::string& path, bool force, const metrics::PromUrl& url, const fabric::FabricRound& first)
{
    fabric::FabricRunHeader header;
    header.tool = std::string("rocepilot ") + RP_VERSION;
    header.command = "prom";
    header.inventory = url.text();
    header.started = first.summary.started;
    header.transport
        = std::ranges::any_of(first.pinglist.endpoints, [](const auto& e) { return !e.udp(); }) ? "rdma" : "udp";
    header.durationS = first.summary.seconds;
    for (const auto& [host, rate] : first.agentRate)
        header.rate = std::max(header.rate, rate);
    header.hosts = first.pinglist.hosts;
    header.torOf = first.pinglist.topology.torOf;
    header.spine = first.pinglist.topology.spine;
    auto writer = fabric::FabricRunWriter::create(
        path, header, force ? AtomicFile::Existing::Replace : AtomicFile::Existing::Refuse);
    if (!writer) {
        std::fprintf(stderr, "rocepilot-cli fabric: %s\n", writer.error().describe().c_str());
        return nullptr;
    }
    return std::move(*writer);
}

} // namespace

int fabricProm(int argc, char** argv)
{
    Args args(
        { "json", "force", "watch", "help" }, { "url", "match", "spine", "save", "timeout", "every", "for", "rounds" });
    if (auto done = parseOrHelp(args, argc, argv, 3, "fabric", kPromHelp))
        return *done;
    if (!args.positional().empty())
        return usageError("fabric", "unexpected argument '" + args.positional().front() + "'");
    auto urlText = args.value("url");
    if (!urlText)
        return usageError("fabric", "prom needs --url http://HOST[:PORT]");
    auto url = metrics::parsePromUrl(*urlText);
    if (!url)
        return usageError("fabric", url.error().describe());
    metrics::PromFabricOptions options;
    options.matchers = args.value("match").value_or("");
    if (auto ok = metrics::checkPromMatchers(options.matchers); !ok)
        return usageError("fabric", "--match: " + ok.error().message);
    options.spine = args.value("spine").value_or("");
    if (!options.spine.empty() && !fabric::validAgentHostName(options.spine))
        return usageError("fabric", "--spine: letters, digits, '-', '_', '.' only");
    const bool watch = args.flag("watch");
    for (const char* only : { "every", "for", "rounds" }) {
        if (!watch && args.value(only))
            return usageError("fabric", std::string("--") + only + " goes with --watch only");
    }
    const double timeout = numberOption(args.value("timeout"), 10, 1, 300);
    const double every = numberOption(args.value("every"), 5, 1, 3600);
    const double forSeconds = numberOption(args.value("for"), 0, 1, 604800);
    const double rounds = numberOption(args.value("rounds"), 0, 1, 1e9);
    if (timeout < 0)
        return usageError("fabric", "--timeout must be 1..300 seconds");
    if (every < 0)
        return usageError("fabric", "--every must be 1..3600 seconds");
    if (forSeconds < 0)
        return usageError("fabric", "--for must be 1..604800 seconds");
    if (rounds < 0 || rounds != static_cast<double>(static_cast<std::uint64_t>(rounds)))
        return usageError("fabric", "--rounds must be a whole number of at least 1");
    if (args.flag("force") && !args.value("save"))
        return usageError("fabric", "--force only goes with --save FILE");
    if (args.value("save") && args.value("save")->empty())
        return usageError("fabric", "--save needs a file name");

    cancelOnSignals();
    metrics::PromClient client(*url,
        { std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::duration<double>(timeout)),
            metrics::PromClient::Options {}.maxBytes });
    metrics::PromFabricReader reader(client, options);
    const std::string source = "Prometheus at " + url->text();
    const bool json = args.flag("json");
    std::unique_ptr<fabric::FabricRunWriter> writer;
    auto record = [&](const fabric::FabricRound& round) -> bool {
        if (!args.value("save"))
            return true;
        if (!writer)
            writer = openRun(*args.value("save"), args.flag("force"), *url, round);
        if (!writer)
            return false;
        writer->addRound(round);
        return true;
    };
    auto finish = [&](const std::string& status, const std::string& error = {}) {
        if (!writer)
            return true; // nothing was read to save: the exit code says so already
        auto done = writer->finish(status, error);
        if (!done)
            std::fprintf(
                stderr, "rocepilot-cli fabric: the run file is incomplete: %s\n", done.error().describe().c_str());
        else if (!json)
            std::printf("saved: %s\n", writer->path().c_str());
        return done.has_value();
    };

    if (!watch) {
        auto round = reader.read(&g_cancel);
        if (!round) {
            std::fprintf(stderr, "rocepilot-cli fabric: %s\n", round.error().describe().c_str());
            return ExitSomeFailed;
        }
        if (!record(*round))
            return ExitSomeFailed;
        if (json)
            fabric::writeRoundJson(
                *round, [](std::string_view part) { std::fwrite(part.data(), 1, part.size(), stdout); });
        else
            printRound(*round, {}, source);
        const bool saved = finish("ok");
        std::fflush(stdout);
        return fabric::faultCount(round->summary.findings) == 0 && saved ? ExitOk : ExitSomeFailed;
    }

    if (!json) {
        std::printf("reading %s every %g s (%s); Ctrl-C stops\n", source.c_str(), every, reader.query().c_str());
        std::fflush(stdout);
    }
    WatchPrinter printer(json);
    const auto t0 = std::chrono::steady_clock::now();
    std::uint64_t done = 0;
    std::size_t open = 0;
    bool lastFailed = false;
    std::string lastError;
    for (;;) {
        const auto started = std::chrono::steady_clock::now();
        if (g_cancel.load() || (rounds > 0 && done >= rounds)
            || (forSeconds > 0 && std::chrono::duration<double>(started - t0).count() >= forSeconds))
            break;
        auto round = reader.read(&g_cancel);
        if (!round) {
            if (round.error().kind == ErrorKind::Cancelled)
                break;
            // Prometheus restarting, a scrape gap: said, and tried again at the next tick.
            lastFailed = true;
            lastError = round.error().describe();
            std::fprintf(stderr, "rocepilot-cli fabric: %s\n", lastError.c_str());
        } else {
            lastFailed = false;
            ++done;
            open = fabric::faultCount(round->summary.findings);
            if (!record(*round)) {
                lastFailed = true;
                lastError = "the run file could not be made";
                break;
            }
            printer.round(*round);
        }
        const auto next = started
            + std::chrono::duration_cast<std::chrono::steady_clock::duration>(std::chrono::duration<double>(every));
        while (!g_cancel.load() && std::chrono::steady_clock::now() < next)
            std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
    const bool saved = finish(lastFailed ? "failed" : (g_cancel.load() ? "stopped" : "ok"), lastError);
    if (!json)
        std::printf("stopped after %llu reads (%.0f s): %s\n", static_cast<unsigned long long>(done),
            std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count(),
            lastFailed      ? "the last read failed"
                : open == 0 ? "healthy, no fault open"
                            : (std::to_string(open) + (open == 1 ? " fault open" : " faults open")).c_str());
    std::fflush(stdout);
    return open == 0 && !lastFailed && done > 0 && saved ? ExitOk : ExitSomeFailed;
}

} // namespace rp::cli

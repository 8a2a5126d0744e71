// SPDX-License-Identifier: GPL-3.0-or-later
#include "args.h"
#include "commands.h"
#include "connect.h"

#include "discovery/discover.h"
#include "fabric/aggregate.h"
#include "fabric/controller.h"
#include "fabric/fabricjson.h"
#include "inventory/inventory.h"
#include "remote/fleet.h"

#include <algorithm>
#include <cstdio>
#include <map>
#include <mutex>
#include <set>
#include <string>
#include <vector>

namespace rp::cli {
namespace {

const char* kFabricHelp
    = R"(usage: rocepilot-cli fabric check --inventory FILE [--json] [--rdma] [--duration S] [--tor HOST=TOR ...]

One round of the fabric check: discovers the inventory's hosts, starts a probe agent on each (over SSH,
rocepilot-probe copied there when missing or different), probes every pair (full mesh inside a ToR, sampled
peers across ToRs) over UDP on the address of each host's recommended GID, probes each failing pair's ends
again against known-good peers and over their own loopback, and names where a fault sits (host agent,
host NIC, access link, ToR, uplink) with the evidence and a confidence. Every agent is stopped at the end,
on Ctrl-C and when the connection drops. Without --rdma every result is a UDP one, named "udp", never RDMA.

options:
  --inventory FILE         the hosts (SSH, or localhost)
  --rdma                   also probe every (source GID, destination GID) cell over RDMA UD: one UD QP
                           per GID on each agent (hosts with RoCE ports; the Soft-RoCE lab)
  --duration S             seconds of the first pass (default 2; the second pass takes half, at least 1)
  --rate N                 probes per second per target (default 10, at most 1000; agents on a loaded
                           host use less, never below a tenth)
  --tor HOST=TOR           the ToR a host hangs off; repeat per host (hosts not named share one ToR)
  --spine NAME             the switch the ToRs' uplinks reach (default: ToRs linked directly)
  --probe PATH             rocepilot-probe to run on the hosts (default: next to this program)
  --known-hosts FILE       host-key file (default: the inventory's, else ~/.config/rocepilot/known_hosts)
  --accept-new-host-keys   accept and save keys of hosts seen for the first time
  --json                   everything as one JSON document (schema rocepilot-fabric-round/1)
  --help                   this text

Human output: a summary line, the findings (element, class, confidence, evidence), then the GID x GID
matrix of each failing host pair (rows: the source's endpoints, columns: the destination's).

exit codes: 0 healthy, 1 faults found (or a host could not be discovered), 2 usage error
)";

/// A ToR or spine name as the topology and the findings show it.
bool fabricSwitchName(const std::string& name)
{
    return !name.empty() && name.size() <= 64 && std::ranges::all_of(name, [](char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' || c == '_'
            || c == '.';
    });
}

/// Agents going down are worth a line while the round runs; the rest shows at the end.
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

std::string cellText(const fabric::CellResult& c)
{
    if (c.failed()) {
        std::string reason(fabric::toString(c.reason));
        if (reason.empty())
            reason = "timeout";
        if (c.expected)
            return "~" + reason;
        return reason + " " + std::to_string(c.received) + "/" + std::to_string(c.sent);
    }
    char text[48];
    std::snprintf(text, sizeof text, "ok %.0fus", c.rttP50Us);
    std::string out = text;
    if (c.lost() > 0)
        out += " " + std::to_string(c.received) + "/" + std::to_string(c.sent);
    return out;
}

void printMatrix(const fabric::FabricRound& round, const fabric::PairSummary& pair)
{
    const auto& list = round.pinglist;
    std::map<std::pair<std::uint32_t, std::uint32_t>, const fabric::CellResult*> first;
    for (const auto& c : round.cells) {
        if (!c.secondPass)
            first[{ c.from, c.to }] = &c;
    }
    const auto& rows = list.byHost.at(pair.fromHost);
    const auto& cols = list.byHost.at(pair.toHost);
    std::size_t rowWidth = 4;
    for (auto r : rows)
        rowWidth = std::max(rowWidth, list.endpoints[r].name().size());
    std::vector<std::vector<std::string>> text(rows.size(), std::vector<std::string>(cols.size(), "-"));
    std::vector<std::size_t> widths(cols.size());
    for (std::size_t j = 0; j < cols.size(); ++j) {
        widths[j] = list.endpoints[cols[j]].name().size();
        for (std::size_t i = 0; i < rows.size(); ++i) {
            if (auto it = first.find({ rows[i], cols[j] }); it != first.end())
                text[i][j] = cellText(*it->second);
            widths[j] = std::max(widths[j], text[i][j].size());
        }
    }
    std::printf("\n%s -> %s: %zu of %zu cells failed (worst: %s, loss %.1f %%)\n", pair.fromHost.c_str(),
        pair.toHost.c_str(), pair.cellsFailed, pair.cells, std::string(fabric::toString(pair.worstReason)).c_str(),
        pair.lossPercent);
    std::printf("  %-*s", static_cast<int>(rowWidth), "");
    for (std::size_t j = 0; j < cols.size(); ++j)
        std::printf("  %-*s", static_cast<int>(widths[j]), list.endpoints[cols[j]].name().c_str());
    std::printf("\n");
    for (std::size_t i = 0; i < rows.size(); ++i) {
        std::printf("  %-*s", static_cast<int>(rowWidth), list.endpoints[rows[i]].name().c_str());
        for (std::size_t j = 0; j < cols.size(); ++j)
            std::printf("  %-*s", static_cast<int>(widths[j]), text[i][j].c_str());
        std::printf("\n");
    }
}

void printFinding(const fabric::FabricFinding& f)
{
    std::printf("\n%-7s %s %s (confidence %.2f)\n", toString(f.finding.severity).c_str(),
        std::string(fabric::toString(f.klass)).c_str(), f.element.name.c_str(), f.confidence);
    std::printf("  %s\n", f.finding.title.c_str());
    for (const auto& a : f.alternatives)
        std::printf("  or %s %s (%.2f)\n", std::string(fabric::toString(a.element.kind)).c_str(),
            a.element.name.c_str(), a.confidence);
    for (const auto& e : f.finding.evidence)
        std::printf(
            "  evidence: %s%s%s: %s\n", e.host.c_str(), e.host.empty() ? "" : " ", e.subject.c_str(), e.value.c_str());
    if (!f.finding.explanation.empty())
        std::printf("  why: %s\n", f.finding.explanation.c_str());
    for (const auto& b : f.because)
        std::printf("  because: %s\n", b.c_str());
    for (const auto& x : f.finding.fixes)
        std::printf("  fix on %s:\n    %s\n", x.target.c_str(), x.text.c_str());
}

void printRound(const fabric::FabricRound& round, const std::vector<HostOutcome>& failed)
{
    const auto& s = round.summary;
    const auto& list = round.pinglist;
    std::size_t up = 0;
    for (const auto& [host, state] : round.agents)
        up += state == fabric::AgentState::Up ? 1 : 0;
    const auto udp = static_cast<std::size_t>(std::ranges::count_if(list.endpoints, &fabric::Endpoint::udp));
    std::printf("fabric check: %zu hosts, %zu agents up, %zu endpoints (%zu rdma, %zu udp), %zu cells in %.1f s: %s\n",
        list.hosts.size(), up, list.endpoints.size(), list.endpoints.size() - udp, udp, s.cellsProbed, s.seconds,
        s.findings.empty()
            ? "healthy, no findings"
            : (std::to_string(s.findings.size()) + (s.findings.size() == 1 ? " finding" : " findings")).c_str());
    for (const auto& o : failed)
        std::printf("  not probed: %s: %s\n", o.spec.name.c_str(), o.error ? o.error->describe().c_str() : "failed");
    for (const auto& [host, why] : list.skipped)
        std::printf("  skipped: %s: %s\n", host.c_str(), why.c_str());
    for (const auto& [host, state] : round.agents) {
        if (state == fabric::AgentState::Down)
            std::printf("  agent down: %s: %s\n", host.c_str(), round.agentDetail.at(host).c_str());
    }
    for (const auto& f : s.findings)
        printFinding(f);
    for (const auto& p : summarisePairs(list, round.cells)) {
        if (p.cellsFailed > 0)
            printMatrix(round, p);
    }
    std::vector<double> cpu;
    for (const auto& [host, percent] : round.agentCpuPercent)
        cpu.push_back(percent);
    std::vector<double> rates;
    for (const auto& [host, r] : round.agentRate)
        rates.push_back(r);
    if (!cpu.empty()) {
        std::ranges::sort(cpu);
        std::ranges::sort(rates);
        std::printf("\nagents: start %.1f s, CPU median %.2f %% / max %.2f %% of a core over the first pass, "
                    "%.1f..%.1f probes/s per target\n",
            round.startSeconds, cpu[cpu.size() / 2], cpu.back(), rates.front(), rates.back());
    }
}

int fabricCheck(int argc, char** argv)
{
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
    Args args({ "json", "rdma", "help", "accept-new-host-keys" },
        { "inventory", "duration", "rate", "spine", "probe", "known-hosts" });
    if (auto done = parseOrHelp(args, static_cast<int>(rest.size()), rest.data(), 3, "fabric", kFabricHelp))
        return *done;
    if (!args.positional().empty())
        return usageError("fabric", "unexpected argument '" + args.positional().front() + "'");
    auto inventoryFile = args.value("inventory");
    if (!inventoryFile)
        return usageError("fabric", "--inventory FILE is required");
    auto number = [](const std::optional<std::string>& text, double fallback, double min, double max) {
        if (!text)
            return fallback;
        try {
            std::size_t used = 0;
            double v = std::stod(*text, &used);
            return used == text->size() && v >= min && v <= max ? v : -1.0;
        } catch (...) {
            return -1.0;
        }
    };
    const double duration = number(args.value("duration"), 2.0, 0.5, 600);
    if (duration < 0)
        return usageError("fabric", "--duration must be 0.5..600 seconds");
    const double rate = number(args.value("rate"), fabric::kAgentDefaultRate, 0.1, fabric::kAgentMaxRate);
    if (rate < 0)
        return usageError("fabric", "--rate must be 0.1..1000 probes per second");
    auto inventory = loadInventory(*inventoryFile);
    if (!inventory) {
        std::fprintf(stderr, "rocepilot-cli fabric: %s\n", inventory.error().describe().c_str());
        return ExitUsage;
    }
    fabric::Topology topology;
    std::set<std::string> names;
    for (const auto& h : inventory->hosts)
        names.insert(h.name);
    for (const auto& t : tors) {
        const auto eq = t.find('=');
        const std::string host = eq == std::string::npos ? t : t.substr(0, eq);
        const std::string tor = eq == std::string::npos ? std::string() : t.substr(eq + 1);
        if (!names.contains(host))
            return usageError("fabric", "--tor " + t + ": no host '" + host + "' in the inventory");
        if (!fabricSwitchName(tor))
            return usageError("fabric", "--tor " + t + ": give HOST=TOR, TOR of letters, digits, '-', '_', '.'");
        topology.torOf[host] = tor;
    }
    if (auto spine = args.value("spine")) {
        if (!fabricSwitchName(*spine))
            return usageError("fabric", "--spine: letters, digits, '-', '_', '.' only");
        topology.spine = *spine;
    }
    const bool json = args.flag("json");
    cancelOnSignals(true);
    ConnectContext context
        = cliConnectContext(*inventory, args.value("known-hosts"), args.flag("accept-new-host-keys"));
    context.cancel = &g_cancel;

    auto outcomes = discoverFleet(inventory->hosts, context, DiscoveryOptions {}, 32);
    std::vector<fabric::FabricHost> hosts;
    std::vector<HostOutcome> failed;
    for (auto& o : outcomes) {
        if (o.state == HostState::Ok && o.facts)
            hosts.push_back({ o.spec, *o.facts });
        else
            failed.push_back(o);
    }
    if (g_cancel.load()) {
        std::fprintf(stderr, "rocepilot-cli fabric: cancelled\n");
        return ExitSomeFailed;
    }
    if (hosts.empty()) {
        for (const auto& o : failed)
            std::fprintf(stderr, "%s: %s\n", o.spec.name.c_str(), o.error ? o.error->describe().c_str() : "failed");
        std::fprintf(stderr, "rocepilot-cli fabric: no host could be discovered\n");
        return ExitSomeFailed;
    }

    fabric::ControllerOptions options;
    options.probePath = args.value("probe").value_or(probeBinary());
    options.durationS = duration;
    options.secondPassS = std::max(1.0, duration / 2);
    options.rate = rate;
    options.rdma = args.flag("rdma");
    auto factory = [context](const HostSpec& spec) { return openExecutor(spec, context); };
    fabric::Controller controller(std::move(hosts), topology, factory, options);
    FabricProgress progress(json);
    auto round = controller.runRound(&progress, &g_cancel);
    if (!round) {
        std::fprintf(stderr, "rocepilot-cli fabric: %s\n", round.error().describe().c_str());
        return round.error().kind == ErrorKind::Validation ? ExitUsage : ExitSomeFailed;
    }
    if (json) {
        std::fputs(fabric::roundToJson(*round).c_str(), stdout);
        for (const auto& o : failed)
            std::fprintf(
                stderr, "not probed: %s: %s\n", o.spec.name.c_str(), o.error ? o.error->describe().c_str() : "failed");
    } else {
        printRound(*round, failed);
    }
    std::fflush(stdout);
    return round->summary.findings.empty() && failed.empty() ? ExitOk : ExitSomeFailed;
}

} // namespace

int fabricCommand(int argc, char** argv)
{
    const std::string sub = argc >= 3 ? argv[2] : "";
    if (sub == "--help" || sub == "-h") {
        std::fputs(kFabricHelp, stdout);
        return ExitOk;
    }
    if (sub != "check")
        return usageError("fabric", sub.empty() ? "give a subcommand: check" : "unknown subcommand '" + sub + "'");
    return fabricCheck(argc, argv);
}

} // namespace rp::cli

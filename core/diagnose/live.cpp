// SPDX-License-Identifier: GPL-3.0-or-later
#include "diagnose/live.h"

#include "bundle/bundle.h"
#include "diagnose/context.h"
#include "parse/fragments.h"
#include "parse/lldp.h"
#include "parse/switch_show.h"
#include "perf/probesession.h"
#include "remote/fleet.h"
#include "switchcli/switch_read.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <mutex>
#include <set>
#include <thread>

namespace rp::diag {

namespace {

// Constant scripts: no host or user value is pasted into them.
const char* kExtrasScript
    = "c=/sys/kernel/config/rdma_cm; "
      "if [ -d \"$c\" ]; then echo RP_CONFIGFS=yes; "
      "grep -H . \"$c\"/*/ports/*/default_roce_mode \"$c\"/*/ports/*/default_roce_tos 2>/dev/null; "
      "else echo RP_CONFIGFS=no; fi; "
      "grep -H . /sys/class/infiniband/*/ports/*/hw_counters/* 2>/dev/null; "
      "grep -H . /sys/class/net/*/ecn/roce_np/cnp_dscp /sys/class/net/*/ecn/roce_np/cnp_802p_prio 2>/dev/null; true";
const char* kCountersScript = "grep -H . /sys/class/infiniband/*/ports/*/hw_counters/* 2>/dev/null; true";

/// The output without our marker line; whether configfs was there.
std::string stripMarker(const std::string& out, bool& configfs)
{
    std::string text;
    std::size_t i = 0;
    while (i < out.size()) {
        auto nl = out.find('\n', i);
        auto line = out.substr(i, nl == std::string::npos ? std::string::npos : nl - i);
        if (line == "RP_CONFIGFS=yes")
            configfs = true;
        else if (line != "RP_CONFIGFS=no")
            text += line + "\n";
        if (nl == std::string::npos)
            break;
        i = nl + 1;
    }
    return text;
}

} // namespace

LiveResult collectLive(const std::vector<HostSpec>& hosts, const ConnectContext& context, const LiveOptions& options,
    const LiveProgress& progress, const std::atomic<bool>* cancel)
{
    LiveResult result;
    std::mutex mutex;
    // Windows hosts (OpenSSH on Windows Server runs PowerShell): the NetQoS / RDMA cmdlets, read as Format-List
    // by the same importer as pasted outputs; the Linux collector does not apply to them.
    std::vector<HostSpec> linuxHosts, windowsHosts;
    for (const auto& h : hosts)
        (h.kind == HostKind::Windows && h.sysfsRoot.empty() ? windowsHosts : linuxHosts).push_back(h);
    std::vector<std::optional<DiagHost>> windowsDiag(windowsHosts.size());
    runBounded(
        windowsHosts.size(), options.concurrency,
        [&](std::size_t i) {
            const auto& spec = windowsHosts[i];
            auto exec = openExecutor(spec, context);
            auto section = exec ? bundle::collectHost(**exec, spec.name, 0, cancel, true)
                                : Result<std::string>(std::unexpected(exec.error()));
            if (!section) {
                std::lock_guard lock(mutex);
                result.hostErrors.push_back(section.error());
                return;
            }
            FabricSnapshot one;
            addPasted(one, importFragments(*section, spec.name), spec.address);
            for (auto& h : one.hosts) {
                h.source = "ssh";
                h.readAt = utcNow();
                h.kind = HostKind::Windows;
                windowsDiag[i] = std::move(h);
            }
            if (progress)
                progress(spec.name + ": read (PowerShell)");
        },
        cancel);
    auto outcomes = discoverFleet(
        linuxHosts, context, options.discovery, options.concurrency,
        [&](const HostOutcome& o, std::size_t, std::size_t) {
            if (progress)
                progress(o.spec.name + ": discovery " + std::string(toString(o.state)));
        },
        cancel);
    std::vector<std::optional<DiagHost>> diag(outcomes.size());
    runBounded(
        outcomes.size(), options.concurrency,
        [&](std::size_t i) {
            const auto& o = outcomes[i];
            if (!o.facts) {
                std::lock_guard lock(mutex);
                result.hostErrors.push_back(
                    o.error.value_or(Error { ErrorKind::Internal, "no facts", {}, o.spec.name, 0 }));
                return;
            }
            auto when = utcNow();
            DiagHost h = hostFromFacts(o.spec.name, o.spec.kind, *o.facts,
                o.spec.sysfsRoot.empty() ? "ssh" : "sysfs-tree", o.spec.local ? "localhost" : o.spec.address, when);
            if (options.readExtras && o.spec.sysfsRoot.empty() && o.spec.kind != HostKind::Windows) {
                auto exec = openExecutor(o.spec, context);
                if (exec) {
                    ExecOptions eo;
                    eo.timeout = options.discovery.commandTimeout;
                    eo.cancel = cancel;
                    auto t0 = std::chrono::steady_clock::now();
                    auto first = (*exec)->run(Command { "sh", "-c", kExtrasScript }, eo);
                    if (first) {
                        bool configfs = false;
                        auto pasted = importFragments(stripMarker(first->out, configfs), h.name);
                        h.rdmaCmRead = configfs;
                        for (auto& ph : pasted.hosts) {
                            h.rdmaCm = ph.rdmaCm;
                            for (auto& c : ph.counters) {
                                c.read = 0;
                                c.atSeconds = 0.0;
                                h.counters.push_back(c);
                            }
                        }
                        // The second read, an interval later: rates, never totals.
                        auto until = t0 + options.counterInterval;
                        while (std::chrono::steady_clock::now() < until && !(cancel && cancel->load()))
                            std::this_thread::sleep_for(std::chrono::milliseconds(50));
                        auto t1 = std::chrono::steady_clock::now();
                        auto second = (*exec)->run(Command { "sh", "-c", kCountersScript }, eo);
                        if (second) {
                            auto again = importFragments(second->out, h.name);
                            double at = std::chrono::duration<double>(t1 - t0).count();
                            for (auto& ph : again.hosts)
                                for (auto& c : ph.counters) {
                                    c.read = 1;
                                    c.atSeconds = at;
                                    h.counters.push_back(c);
                                }
                        }
                    }
                }
            }
            if (progress)
                progress(h.name + ": read");
            diag[i] = std::move(h);
        },
        cancel);
    for (auto& h : diag)
        if (h)
            result.snapshot.hosts.push_back(std::move(*h));
    for (auto& h : windowsDiag)
        if (h)
            result.snapshot.hosts.push_back(std::move(*h));
    if (options.active && !(cancel && cancel->load()))
        runReachability(result.snapshot, hosts, context, options, progress, cancel);
    return result;
}

std::vector<ProbePair> probePairs(const FabricSnapshot& snapshot, int maxIndexes)
{
    DiagnoseOptions none;
    detail::Context ctx(snapshot, none);
    std::vector<ProbePair> pairs;
    std::set<std::pair<std::size_t, std::size_t>> seen;
    for (const auto& seg : ctx.segments) {
        for (auto ci : seg.endpoints) {
            for (auto si : seg.endpoints) {
                const auto& c = ctx.endpoints[ci];
                const auto& s = ctx.endpoints[si];
                if (c.host == s.host || !seen.insert({ c.host, s.host }).second)
                    continue;
                ProbePair p;
                p.client = c.host;
                p.server = s.host;
                p.serverAddress = s.address;
                p.clientDevice = c.device->name;
                for (const auto& g : c.port->gids) {
                    if (g.zero || g.linkLocal || static_cast<int>(p.gidIndexes.size()) >= maxIndexes)
                        continue;
                    p.gidIndexes.push_back({ g.index, g.gid });
                }
                pairs.push_back(std::move(p));
            }
        }
    }
    return pairs;
}

void runReachability(FabricSnapshot& snapshot, const std::vector<HostSpec>& hosts, const ConnectContext& context,
    const LiveOptions& options, const LiveProgress& progress, const std::atomic<bool>* cancel)
{
    snapshot.activeChecksRun = true;
    auto specOf = [&](const std::string& name) -> const HostSpec* {
        for (const auto& h : hosts)
            if (h.name == name)
                return &h;
        return nullptr;
    };
    for (const auto& pair : probePairs(snapshot, options.maxGidIndexes)) {
        const auto& client = snapshot.hosts[pair.client];
        const auto& server = snapshot.hosts[pair.server];
        const HostSpec* cs = specOf(client.name);
        const HostSpec* ss = specOf(server.name);
        if (!cs || !ss)
            continue;
        auto one = [&](perf::Transport transport, std::optional<int> gidIndex, const std::string& gid) {
            ReachResult r;
            r.from = client.name;
            r.to = server.name;
            r.device = pair.clientDevice;
            r.gidIndex = gidIndex;
            r.gid = gid;
            r.what = transport == perf::Transport::Tcp ? "tcp:" + std::to_string(options.testPort) : "rdma-ping";
            r.when = utcNow();
            auto serverExec = openExecutor(*ss, context);
            auto clientExec = openExecutor(*cs, context);
            if (!serverExec || !clientExec) {
                r.detail = "could not open a session: "
                    + (!serverExec ? serverExec.error().describe() : clientExec.error().describe());
                return r;
            }
            perf::SessionOptions so;
            so.test.mode = perf::Mode::Ping;
            so.test.transport = transport;
            so.test.sizes = { 64 };
            so.test.iterations = static_cast<std::uint64_t>(options.pings);
            so.test.warmupS = 0;
            so.test.gidIndex = gidIndex;
            so.test.port = transport == perf::Transport::Tcp ? options.testPort : 0;
            so.serverAddress = pair.serverAddress;
            so.probePath = options.probePath;
            so.connectTimeoutS = options.connectTimeoutS;
            so.readyTimeout = std::chrono::milliseconds(20000);
            perf::SessionHooks hooks;
            hooks.cancel = cancel;
            auto reports = perf::runProbeSession(**serverExec, **clientExec, so, hooks);
            if (reports && !reports->empty() && reports->front().client.messages > 0) {
                r.ok = true;
                char buf[64];
                const auto& c = reports->front().client;
                if (c.latency)
                    std::snprintf(buf, sizeof buf, "%llu pings, one-way p50 %.1f us",
                        static_cast<unsigned long long>(c.messages), c.latency->p50Us);
                else
                    std::snprintf(buf, sizeof buf, "%llu pings", static_cast<unsigned long long>(c.messages));
                r.detail = buf;
            } else if (!reports) {
                r.detail = reports.error().message;
            } else {
                r.detail = "no ping came back";
            }
            return r;
        };
        for (const auto& [index, gid] : pair.gidIndexes) {
            if (cancel && cancel->load())
                return;
            auto r = one(perf::Transport::Rdma, index, gid);
            for (int a = 1; a < options.attempts && !r.ok && !(cancel && cancel->load()); ++a) {
                auto again = one(perf::Transport::Rdma, index, gid);
                again.detail += " (attempt " + std::to_string(a + 1) + "; the first: " + r.detail + ")";
                r = std::move(again);
            }
            if (progress)
                progress(r.from + " -> " + r.to + " GID index " + std::to_string(index) + ": "
                    + (r.ok ? "ok" : "failed") + (r.detail.empty() ? "" : " (" + r.detail + ")"));
            snapshot.reachability.push_back(std::move(r));
        }
        if (cancel && cancel->load())
            return;
        auto r = one(perf::Transport::Tcp, std::nullopt, {});
        for (int a = 1; a < options.attempts && !r.ok && !(cancel && cancel->load()); ++a) {
            auto again = one(perf::Transport::Tcp, std::nullopt, {});
            again.detail += " (attempt " + std::to_string(a + 1) + "; the first: " + r.detail + ")";
            r = std::move(again);
        }
        if (progress)
            progress(r.from + " -> " + r.to + " TCP port " + std::to_string(options.testPort) + ": "
                + (r.ok ? "ok" : "failed") + (r.detail.empty() ? "" : " (" + r.detail + ")"));
        snapshot.reachability.push_back(std::move(r));
    }
}

SwitchReadResult collectSwitches(const std::vector<SwitchSpec>& switches, const ConnectContext& context,
    std::chrono::milliseconds counterInterval, const LiveProgress& progress, const std::atomic<bool>* cancel)
{
    SwitchReadResult result;
    std::mutex mutex;
    std::vector<std::thread> workers;
    for (const auto& sw : switches) {
        auto dialect = switchcli::dialectFor(sw.vendor);
        if (sw.address.empty() || !dialect) {
            result.notes.push_back(sw.name + ": not read live ("
                + (sw.address.empty() ? std::string("no address in the inventory")
                                      : toString(sw.vendor) + " is not driven over SSH here")
                + "); paste its running configuration and PFC show outputs instead (docs/diagnose.md)");
            continue;
        }
        workers.emplace_back([&, sw, d = *dialect] {
            std::vector<std::string> warnings;
            std::vector<SwitchPortQos> ports;
            std::vector<LldpNeighbor> lldp;
            std::optional<Error> failed;
            auto session = switchcli::SwitchSession::open(sw, context);
            if (!session) {
                failed = session.error();
            } else {
                auto shows = switchcli::readDiagnoseShows(**session, counterInterval, warnings, cancel);
                if (!shows) {
                    failed = shows.error();
                } else {
                    const std::string vendor = d == switchcli::Dialect::Eos ? "eos"
                        : d == switchcli::Dialect::NxOs                     ? "nxos"
                                                                            : "cumulus";
                    for (const auto& s : *shows) {
                        std::vector<std::pair<int, std::string_view>> lines;
                        std::string_view text = s.output;
                        int n = 0;
                        while (!text.empty()) {
                            auto nl = text.find('\n');
                            lines.emplace_back(++n, text.substr(0, nl));
                            text = nl == std::string_view::npos ? std::string_view() : text.substr(nl + 1);
                        }
                        if (isLldpCommand(s.command)) {
                            std::size_t first = lldp.size();
                            for (const auto& w : parseLldp(s.command, lines, sw.name, lldp))
                                warnings.push_back(sw.name + ": `" + s.command + "` line " + std::to_string(w.line)
                                    + ": " + w.message);
                            for (std::size_t i = first; i < lldp.size(); ++i)
                                lldp[i].origin = "ssh " + sw.address;
                            continue;
                        }
                        std::size_t before = ports.size();
                        for (const auto& w : parseSwitchShow(s.command, lines, sw.name, ports, vendor))
                            warnings.push_back(
                                sw.name + ": `" + s.command + "` line " + std::to_string(w.line) + ": " + w.message);
                        for (std::size_t i = 0; i < ports.size(); ++i) {
                            if (i >= before && ports[i].origin.empty())
                                ports[i].origin = "ssh " + sw.address;
                            ports[i].readAt = s.readAt;
                        }
                    }
                }
            }
            // The inventory's ports, when it lists them, are the ones that carry RoCE: others are not judged.
            std::set<std::string> listed(sw.hostPorts.begin(), sw.hostPorts.end());
            listed.insert(sw.uplinkPorts.begin(), sw.uplinkPorts.end());
            if (!listed.empty())
                std::erase_if(ports, [&](const SwitchPortQos& p) { return p.port != "*" && !listed.count(p.port); });
            for (auto& p : ports)
                p.hostFacing = p.port == "*"
                    ? !sw.hostPorts.empty()
                    : std::find(sw.hostPorts.begin(), sw.hostPorts.end(), p.port) != sw.hostPorts.end();
            std::lock_guard lock(mutex);
            if (failed) {
                result.errors.push_back(*failed);
            } else {
                if (progress)
                    progress(sw.name + ": read " + std::to_string(ports.size()) + " port(s)");
                result.ports.insert(result.ports.end(), ports.begin(), ports.end());
                result.lldp.insert(result.lldp.end(), lldp.begin(), lldp.end());
            }
            result.notes.insert(result.notes.end(), warnings.begin(), warnings.end());
        });
    }
    for (auto& w : workers)
        w.join();
    return result;
}

} // namespace rp::diag

// SPDX-License-Identifier: GPL-3.0-or-later
#include "apply/apply.h"

#include "apply/hostrun.h"
#include "generate/diff.h"
#include "perf/probesession.h"
#include "remote/fleet.h"
#include "switchcli/cli_text.h"
#include "switchcli/switch_apply.h"
#include "util/command.h"

#include <algorithm>
#include <chrono>
#include <ctime>
#include <optional>

namespace rp::apply {
namespace {

using detail::cancelled;
using detail::HostRun;

std::string isoNow()
{
    const auto now = std::chrono::system_clock::to_time_t(std::chrono::system_clock::now());
    std::tm tm {};
    ::gmtime_r(&now, &tm);
    char buf[32];
    std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", &tm);
    return buf;
}

bool isAlnum(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}

struct Prepared
{
    const PlanTarget* target = nullptr;
    const HostSpec* spec = nullptr;
};

HostSpec switchLogin(const SwitchSpec& sw)
{
    HostSpec h;
    h.name = sw.name;
    h.address = sw.address;
    h.port = sw.port;
    h.user = sw.user;
    h.auth = sw.auth;
    h.keyFile = sw.keyFile;
    return h;
}

struct SwitchPrepared
{
    const PlanTarget* target = nullptr;
    const SwitchSpec* spec = nullptr;
};

/// Applies one switch target through its vendor session; the record says what happened.
/// What a failed switch apply says about itself; "failed" when it carries no error.
std::string failure(const std::optional<Error>& error)
{
    return error ? error->describe() : std::string("failed");
}

void applySwitch(const SwitchPrepared& sw, SwitchRecord& rec, const ConnectContext& connect, const Options& options,
    const std::string& jobId)
{
    if (options.mode == Mode::VerifyOnly) {
        rec.state = "skipped";
        rec.message = "verify-only reads hosts; read the switch with the show commands of its plan";
        return;
    }
    if (sw.spec->address.empty()) {
        rec.state = "skipped";
        rec.message = "plan only (no address in the inventory): apply its file by hand";
        return;
    }
    if (!switchcli::dialectFor(sw.spec->vendor)) {
        rec.state = "skipped";
        rec.message = "RoCE Pilot drives Arista EOS, Cisco NX-OS and Cumulus NVUE sessions; apply this "
            + vendorTitle(sw.spec->vendor) + " file by hand or through the Ansible export";
        return;
    }
    if (options.onEvent)
        options.onEvent(Event { sw.spec->name, {}, "switch: opening its CLI session", 0, 0, 0 });
    auto session = switchcli::SwitchSession::open(switchLogin(*sw.spec), sw.spec->vendor, connect);
    if (!session) {
        rec.state = "failed";
        rec.message = "nothing was changed: " + session.error().describe();
        return;
    }
    switchcli::SwitchApplyOptions o;
    o.jobId = jobId;
    o.confirmTimeout = std::max<std::chrono::seconds>(options.confirmTimeout, std::chrono::seconds(60));
    o.dryRun = options.mode == Mode::DryRun;
    o.cancel = options.cancel;
    o.onStep = [&](const switchcli::SwitchStepResult& step) {
        if (options.onEvent)
            options.onEvent(Event { sw.spec->name, step.id,
                toString(step.state) + (step.message.empty() ? "" : ": " + step.message), 0, 0, 0 });
    };
    auto outcome = switchcli::applySwitchTarget(**session, *sw.target, o);
    if (!outcome) {
        rec.state = "failed";
        rec.message = "nothing was changed: " + outcome.error().describe();
        return;
    }
    rec.snapshotJson = switchcli::snapshotToJson(outcome->snapshot);
    rec.outcomeJson = switchcli::outcomeToJson(*outcome);
    switch (outcome->status) {
    case switchcli::SwitchApplyStatus::DryRun:
        rec.state = "dry-run";
        rec.message = outcome->mechanism + "; the staged change was thrown away";
        break;
    case switchcli::SwitchApplyStatus::Confirmed:
    case switchcli::SwitchApplyStatus::PendingConfirm:
        rec.state = "confirmed";
        rec.message = "applied, read back and confirmed (" + outcome->mechanism + ")";
        break;
    case switchcli::SwitchApplyStatus::RolledBack:
        rec.state = "rolled-back";
        rec.message = failure(outcome->error) + "; rolled back"
            + (outcome->restoredExactly ? ", running configuration equal to before" : ", but it differs from before");
        break;
    case switchcli::SwitchApplyStatus::RollbackFailed:
        rec.state = "failed";
        rec.message = failure(outcome->error) + "; the way back failed too: look at the switch";
        break;
    }
}

/// Puts a confirmed switch back at its journal snapshot.
void rollbackSwitchRecord(
    const SwitchSpec& spec, SwitchRecord& rec, const ConnectContext& connect, const std::string& why)
{
    auto snapshot = switchcli::snapshotFromJson(rec.snapshotJson);
    if (!snapshot) {
        rec.state = "failed";
        rec.message = why + "; the journal's switch snapshot is unreadable: " + snapshot.error().describe();
        return;
    }
    auto session = switchcli::SwitchSession::open(switchLogin(spec), spec.vendor, connect);
    if (!session) {
        rec.state = "failed";
        rec.message = why + "; cannot reach the switch to roll back: " + session.error().describe();
        return;
    }
    auto back = switchcli::rollbackSwitch(**session, *snapshot);
    if (!back) {
        rec.state = "failed";
        rec.message = why + "; rollback failed: " + back.error().describe();
        return;
    }
    rec.state = back->restoredExactly ? "rolled-back" : "failed";
    rec.message = why + "; " + back->mechanism
        + (back->restoredExactly ? ": running configuration equal to before"
                                 : ": running configuration differs from before");
}

/// The canary's gate: a short ping from the freshly applied canary to a peer it must talk to, through the
/// probe: RDMA (rdma_cm, so the defaults just set are the ones used) when the plan configures rdma_cm, else TCP.
Result<std::string> canaryTest(const HostSpec& canary, const PlanTarget& canaryTarget, const HostSpec& peer,
    const ConnectContext& connect, const Options& options)
{
    const std::string address = peer.dataAddress.empty() ? peer.address : peer.dataAddress;
    if (!validateHostAddress(address) || address.find_first_not_of("0123456789.:abcdefABCDEF") != std::string::npos)
        return fail(ErrorKind::Validation,
            "peer " + peer.name + " has no numeric data address to test against (set data_address in the inventory)");
    bool rdma = false;
    for (const auto& s : canaryTarget.steps)
        rdma = rdma || s.id.find(".rdma_cm-") != std::string::npos;
    auto server = openExecutor(peer, connect);
    if (!server)
        return std::unexpected(server.error());
    auto client = openExecutor(canary, connect);
    if (!client)
        return std::unexpected(client.error());
    perf::SessionOptions so;
    so.test.mode = perf::Mode::Ping;
    so.test.transport = rdma ? perf::Transport::Rdma : perf::Transport::Tcp;
    so.test.sizes = { 64 };
    so.test.iterations = 100;
    so.test.warmupS = 0.1;
    so.serverAddress = address;
    so.probePath = options.probePath;
    perf::SessionHooks hooks;
    hooks.cancel = options.cancel;
    auto reports = perf::runProbeSession(**server, **client, so, hooks);
    if (!reports)
        return std::unexpected(reports.error());
    if (reports->empty())
        return fail(ErrorKind::Protocol, "the canary test returned no result");
    char buf[160];
    const auto& latency = reports->front().client.latency;
    std::snprintf(buf, sizeof buf, "%s ping %s -> %s: p50 %.1f us over %llu round trips", rdma ? "RDMA" : "TCP",
        canary.name.c_str(), peer.name.c_str(), latency ? latency->p50Us : 0.0,
        static_cast<unsigned long long>(reports->front().client.messages));
    return std::string(buf);
}

std::string overallState(const Journal& j, Mode mode)
{
    if (mode == Mode::DryRun) {
        // A dry run that could not check a host (unreachable, refused) did not pass.
        for (const auto& h : j.hosts)
            if (h.state != HostState::Planned && h.state != HostState::Unchanged)
                return "failed";
        return "dry-run";
    }
    bool allOk = true, allBack = true, anyChange = false;
    for (const auto& h : j.hosts) {
        const bool ok = h.state == HostState::Applied || h.state == HostState::Unchanged;
        // Unreachable is "not changed" only for a host where no step ran; one that was changed and then could not
        // be reached is still changed.
        const bool changedThenLost = h.state == HostState::Unreachable
            && std::ranges::any_of(h.steps, [](const StepRecord& s) { return s.ran && s.state != StepState::Undone; });
        const bool back = h.state == HostState::RolledBack || h.state == HostState::Refused
            || h.state == HostState::Cancelled || (h.state == HostState::Unreachable && !changedThenLost)
            || h.state == HostState::Pending;
        allOk = allOk && ok;
        allBack = allBack && back;
        anyChange = anyChange || h.state == HostState::Applied;
    }
    for (const auto& sw : j.switches) {
        allOk = allOk && (sw.state == "confirmed" || sw.state == "skipped" || sw.state == "dry-run");
        allBack = allBack && sw.state != "confirmed" && sw.state != "failed";
        if (sw.state == "failed" && mode == Mode::Apply)
            return "failed";
    }
    if (mode == Mode::VerifyOnly)
        return allOk ? "verified" : "failed";
    if (allOk)
        return "applied";
    if (allBack)
        return "rolled-back";
    for (const auto& h : j.hosts) {
        if (h.state == HostState::Failed)
            return "failed";
    }
    return "partial";
}

} // namespace

bool readBackMatches(const std::string& output, const std::string& expect)
{
    if (expect.empty())
        return true;
    std::size_t pos = 0;
    while ((pos = output.find(expect, pos)) != std::string::npos) {
        const bool startOk = pos == 0 || !isAlnum(expect.front()) || !isAlnum(output[pos - 1]);
        const std::size_t end = pos + expect.size();
        const bool endOk = end >= output.size() || !isAlnum(expect.back()) || !isAlnum(output[end]);
        if (startOk && endOk)
            return true;
        ++pos;
    }
    return false;
}

std::map<std::string, std::string> stateOf(
    const HostFacts& facts, const PlanTarget& target, const std::map<std::string, std::string>& files)
{
    std::map<std::string, std::string> out;
    auto ints = [](const auto& arr) {
        std::string s;
        for (std::size_t i = 0; i < arr.size(); ++i)
            s += (i ? "," : "") + std::to_string(arr[i]);
        return s;
    };
    std::vector<std::string> names = targetInterfaces(target);
    for (const auto& s : target.steps) {
        for (std::size_t i = 0; i + 1 < s.argv.size(); ++i) {
            if (s.argv[i] == "dev" && std::find(names.begin(), names.end(), s.argv[i + 1]) == names.end())
                names.push_back(s.argv[i + 1]);
        }
    }
    for (const auto& itf : names) {
        bool exists = false;
        for (const auto& nd : facts.netdevs)
            exists = exists || nd.name == itf;
        out[itf + ".exists"] = exists ? "yes" : "no"; // a netdev the plan creates must be gone after rollback
        for (const auto& nd : facts.netdevs) {
            if (nd.name != itf && nd.vlanParent != itf)
                continue;
            out[nd.name + ".mtu"] = nd.mtu ? std::to_string(*nd.mtu) : "?";
            if (nd.vlanId) {
                std::string map;
                for (const auto& e : nd.egressQos) {
                    if (e.to != 0) // an entry mapped to 0 and no entry mean the same: PCP 0
                        map += (map.empty() ? "" : " ") + std::to_string(e.from) + ":" + std::to_string(e.to);
                }
                out[nd.name + ".egress"] = map;
            }
            if (nd.name != itf || nd.dcb.source.empty())
                continue;
            const auto& d = nd.dcb;
            if (d.pfcEnabled) {
                std::string s;
                for (int p = 0; p < 8; ++p)
                    s += (*d.pfcEnabled)[static_cast<std::size_t>(p)] ? std::to_string(p) : "";
                out[itf + ".dcb.pfc"] = s;
            }
            if (d.prioToTc)
                out[itf + ".dcb.prio-tc"] = ints(*d.prioToTc);
            if (d.tcBandwidth)
                out[itf + ".dcb.tc-bw"] = ints(*d.tcBandwidth);
            if (d.trust)
                out[itf + ".dcb.trust"] = *d.trust;
            if (d.willing)
                out[itf + ".dcb.willing"] = *d.willing ? "on" : "off";
            std::string dscp;
            for (const auto& [k, v] : d.dscpToPrio)
                dscp += (dscp.empty() ? "" : " ") + std::to_string(k) + ":" + std::to_string(v);
            out[itf + ".dcb.dscp"] = dscp;
        }
    }
    for (const auto& [path, value] : files)
        out["file:" + path] = value;
    return out;
}

namespace {

/// The plan's targets, each with its inventory entry.
struct Targets
{
    std::vector<Prepared> hosts;
    std::vector<SwitchPrepared> switches;
};

Result<Targets> resolveTargets(const Plan& plan, const Inventory& inventory, const Options& options)
{
    Targets targets;
    auto& hosts = targets.hosts;
    auto& switches = targets.switches;
    for (const auto& t : plan.targets) {
        if (t.kind == TargetKind::Switch) {
            const SwitchSpec* spec = nullptr;
            for (const auto& sw : inventory.switches)
                spec = sw.name == t.name ? &sw : spec;
            if (!spec)
                return fail(
                    ErrorKind::Validation, "the plan has a switch " + t.name + " that the inventory does not have");
            switches.push_back({ &t, spec });
            continue;
        }
        if (t.kind == TargetKind::Windows)
            return fail(ErrorKind::Validation,
                "target " + t.name
                    + " is a Windows host: RoCE Pilot does not apply Windows plans yet (run its "
                      "PowerShell by hand, or use the Ansible export)");
        const HostSpec* spec = nullptr;
        for (const auto& h : inventory.hosts)
            spec = h.name == t.name ? &h : spec;
        if (!spec)
            return fail(ErrorKind::Validation, "the plan has a target " + t.name + " that the inventory does not have");
        hosts.push_back({ &t, spec });
    }
    if (hosts.empty() && switches.empty())
        return fail(ErrorKind::Validation, "the plan has no targets to apply");
    if (!options.canary.empty()) {
        bool found = false;
        for (const auto& h : hosts)
            found = found || h.spec->name == options.canary;
        if (!found)
            return fail(ErrorKind::Usage, "canary host " + options.canary + " is not a host target of the plan");
    }
    return targets;
}

// Refuses to start when the journal cannot be written: a run without it could not be rolled back later.
Result<Journal> startJournal(
    const Plan& plan, const Inventory& inventory, const Options& options, const Targets& targets)
{
    Journal journal;
    journal.id = newJournalId();
    journal.created = isoNow();
    journal.mode = options.mode == Mode::DryRun ? "dry-run" : options.mode == Mode::VerifyOnly ? "verify" : "apply";
    journal.state = "running";
    journal.policy = options.policy == Policy::StopAll ? "stop" : "continue";
    journal.planJson = planToJson(plan);
    journal.inventoryYaml = inventoryToYaml(inventory);
    for (const auto& h : targets.hosts) {
        HostRecord r;
        r.name = h.spec->name;
        journal.hosts.push_back(std::move(r));
    }
    for (const auto& sw : targets.switches) {
        SwitchRecord r;
        r.name = sw.spec->name;
        journal.switches.push_back(std::move(r));
    }
    const std::string dir = options.journalDir.empty() ? defaultJournalDir() : options.journalDir;
    journal.path = dir + "/" + journal.id + ".json";
    if (auto ok = saveJournal(journal); !ok)
        return fail(
            ErrorKind::Io, ok.error().message + " — refusing to change anything without a journal", ok.error().where);
    return journal;
}

// Switches first: the fabric must carry the lossless class before the hosts send on it.
void applySwitches(const std::vector<SwitchPrepared>& switches, Journal& journal, std::mutex& mutex,
    std::atomic<bool>& fleetStop, const ConnectContext& connect, const Options& options)
{
    for (std::size_t i = 0; i < switches.size(); ++i) {
        if (cancelled(options.cancel) || cancelled(&fleetStop)) {
            journal.switches[i].state = "skipped";
            journal.switches[i].message = "not started: cancelled or a switch failed";
            continue;
        }
        SwitchRecord rec = journal.switches[i];
        applySwitch(switches[i], rec, connect, options, journal.id);
        std::lock_guard lock(mutex);
        journal.switches[i] = rec;
        (void)saveJournal(journal);
        if ((rec.state == "failed" || rec.state == "rolled-back") && options.mode == Mode::Apply
            && options.policy == Policy::StopAll)
            fleetStop = true;
    }
}

/// After the canary ran: it must be applied or unchanged and, given a probe, pass its test against the first
/// other host; else the fleet stops (and the canary is rolled back when its test failed).
void gateOnCanary(const std::vector<Prepared>& hosts, std::vector<std::unique_ptr<HostRun>>& runs,
    const std::vector<std::size_t>& others, std::atomic<bool>& fleetStop, const ConnectContext& connect,
    const Options& options)
{
    for (std::size_t i = 0; i < hosts.size(); ++i) {
        if (hosts[i].spec->name != options.canary)
            continue;
        const auto st = runs[i]->record().state;
        if (st != HostState::Applied && st != HostState::Unchanged) {
            fleetStop = true;
            break;
        }
        if (options.probePath.empty() || others.empty())
            break;
        const auto& peer = *hosts[others.front()].spec;
        auto tested = canaryTest(*hosts[i].spec, *hosts[i].target, peer, connect, options);
        if (options.onEvent)
            options.onEvent(Event { hosts[i].spec->name, {},
                tested ? "canary test passed: " + *tested : "canary test failed: " + tested.error().describe(), 0, 0,
                0 });
        if (tested) {
            auto rec = runs[i]->record();
            runs[i]->setState(rec.state, rec.message + "; canary test: " + *tested);
        } else {
            fleetStop = true;
            runs[i]->rollbackSteps("canary test against " + peer.name + " failed: " + tested.error().describe());
        }
    }
}

// Stop-all: a host that failed takes the finished ones back with it, and the confirmed switches too.
void rollBackFleet(std::vector<std::unique_ptr<HostRun>>& runs, const std::vector<SwitchPrepared>& switches,
    Journal& journal, std::mutex& mutex, const ConnectContext& connect, const Options& options)
{
    runBounded(runs.size(), std::max<std::size_t>(1, options.concurrency), [&](std::size_t i) {
        if (!runs[i])
            return;
        const auto st = runs[i]->record().state;
        if (st == HostState::Applied)
            runs[i]->rollbackSteps("another host failed (policy: stop all)");
    });
    for (std::size_t i = switches.size(); i-- > 0;) {
        if (journal.switches[i].state != "confirmed")
            continue;
        SwitchRecord rec = journal.switches[i];
        rollbackSwitchRecord(*switches[i].spec, rec, connect, "another target failed (policy: stop all)");
        std::lock_guard lock(mutex);
        journal.switches[i] = rec;
        (void)saveJournal(journal);
    }
}

} // namespace

Result<RunResult> run(
    const Plan& plan, const Inventory& inventory, const ConnectContext& connect, const Options& options)
{
    auto targets = resolveTargets(plan, inventory, options);
    if (!targets)
        return std::unexpected(targets.error());
    const auto& hosts = targets->hosts;
    const auto& switches = targets->switches;
    auto started = startJournal(plan, inventory, options, *targets);
    if (!started)
        return std::unexpected(started.error());
    Journal& journal = *started;

    std::mutex mutex;
    std::atomic<bool> fleetStop { false };
    std::atomic<int> done { 0 };
    std::vector<std::unique_ptr<HostRun>> runs(hosts.size());
    auto work = [&](std::size_t i) {
        auto& run = runs[i];
        run = std::make_unique<HostRun>(
            *hosts[i].spec, *hosts[i].target, plan, connect, options, journal, mutex, i, &fleetStop);
        bool ok = false;
        if (cancelled(options.cancel) || cancelled(&fleetStop)) {
            run->setState(HostState::Cancelled,
                cancelled(options.cancel) ? "cancelled before it started" : "not started: another host failed");
        } else if (run->preflight()) {
            if (options.mode == Mode::DryRun) {
                run->setState(HostState::Planned, "dry-run: nothing changed");
                ok = true;
            } else if (options.mode == Mode::VerifyOnly) {
                ok = run->verifyOnly();
            } else {
                ok = run->applySteps();
            }
        }
        if (run->saveFailed() && options.mode == Mode::Apply)
            ok = false;
        if (!ok && options.policy == Policy::StopAll && options.mode == Mode::Apply)
            fleetStop = true;
        const int n = ++done;
        if (options.onEvent)
            options.onEvent(
                Event { hosts[i].spec->name, {}, "host " + toString(run->record().state) + ": " + run->record().message,
                    n, static_cast<int>(hosts.size()), 0 });
    };
    applySwitches(switches, journal, mutex, fleetStop, connect, options);
    std::vector<std::size_t> order;
    for (std::size_t i = 0; i < hosts.size(); ++i) {
        if (hosts[i].spec->name == options.canary)
            work(i);
        else
            order.push_back(i);
    }
    if (!options.canary.empty() && options.mode == Mode::Apply)
        gateOnCanary(hosts, runs, order, fleetStop, connect, options);
    runBounded(order.size(), std::max<std::size_t>(1, options.concurrency), [&](std::size_t k) { work(order[k]); });
    if (options.mode == Mode::Apply && options.policy == Policy::StopAll && fleetStop)
        rollBackFleet(runs, switches, journal, mutex, connect, options);
    {
        std::lock_guard lock(mutex);
        journal.state = overallState(journal, options.mode);
        (void)saveJournal(journal);
    }
    RunResult result;
    result.journal = journal;
    result.ok = journal.state == "applied" || journal.state == "dry-run" || journal.state == "verified";
    return result;
}

namespace {

Result<RunResult> fromJournal(
    const std::string& path, const ConnectContext& connect, const Options& options, bool resumeRun)
{
    auto loaded = loadJournal(path);
    if (!loaded)
        return std::unexpected(loaded.error());
    Journal journal = *loaded;
    if (resumeRun && journalFinished(journal))
        return fail(ErrorKind::Usage,
            "this run already ended (" + journal.mode + ", " + journal.state
                + "): there is nothing to resume; 'journal rollback' undoes what it changed",
            path);
    const std::string wasMode = journal.mode, wasState = journal.state;
    auto plan = planFromJson(journal.planJson, path + " (plan)");
    if (!plan)
        return std::unexpected(plan.error());
    auto inventory = parseInventory(journal.inventoryYaml, path + " (inventory)");
    if (!inventory)
        return std::unexpected(inventory.error());
    std::mutex mutex;
    std::size_t reached = 0, switchesTried = 0;
    std::vector<std::unique_ptr<HostRun>> runs(journal.hosts.size());
    std::vector<const PlanTarget*> targets(journal.hosts.size(), nullptr);
    std::vector<const HostSpec*> specs(journal.hosts.size(), nullptr);
    for (std::size_t i = 0; i < journal.hosts.size(); ++i) {
        for (const auto& t : plan->targets)
            targets[i] = t.name == journal.hosts[i].name ? &t : targets[i];
        for (const auto& h : inventory->hosts)
            specs[i] = h.name == journal.hosts[i].name ? &h : specs[i];
        if (!targets[i] || !specs[i])
            return fail(
                ErrorKind::Parse, "journal host " + journal.hosts[i].name + " is not in its plan/inventory", path);
    }
    journal.mode = resumeRun ? "apply" : "rollback";
    journal.state = "running";
    if (auto ok = saveJournal(journal); !ok)
        return std::unexpected(ok.error());
    runBounded(journal.hosts.size(), std::max<std::size_t>(1, options.concurrency), [&](std::size_t i) {
        const auto st = journal.hosts[i].state;
        if (st == HostState::RolledBack || st == HostState::Refused || st == HostState::Cancelled
            || st == HostState::Planned)
            return;
        if (!resumeRun && st == HostState::Unchanged)
            return;
        if (st == HostState::Unreachable && journal.hosts[i].steps.empty())
            return;
        auto& run = runs[i];
        run = std::make_unique<HostRun>(*specs[i], *targets[i], *plan, connect, options, journal, mutex, i, nullptr);
        run->setRecord(journal.hosts[i]);
        if (!run->connect(true))
            return;
        {
            std::lock_guard lock(mutex);
            ++reached;
        }
        if (resumeRun) {
            if (st == HostState::Applied)
                return;
            run->applySteps();
        } else {
            run->rollbackSteps("rollback from journal " + journal.id);
        }
    });
    if (!resumeRun) {
        for (std::size_t i = journal.switches.size(); i-- > 0;) {
            auto& rec = journal.switches[i];
            if (rec.state != "confirmed")
                continue;
            const SwitchSpec* spec = nullptr;
            for (const auto& sw : inventory->switches)
                spec = sw.name == rec.name ? &sw : spec;
            if (!spec) {
                rec.state = "failed";
                rec.message = "the journal's inventory has no switch " + rec.name;
                continue;
            }
            SwitchRecord copy = rec;
            ++switchesTried;
            rollbackSwitchRecord(*spec, copy, connect, "rollback from journal " + journal.id);
            std::lock_guard lock(mutex);
            rec = copy;
            (void)saveJournal(journal);
        }
    }
    std::lock_guard lock(mutex);
    const std::string what = resumeRun ? "resume" : "rollback";
    std::string entry = isoNow() + " " + what + ": reached " + std::to_string(reached) + " of "
        + std::to_string(journal.hosts.size()) + " host(s)";
    if (switchesTried)
        entry += " and " + std::to_string(switchesTried) + " switch(es)";
    if (reached == 0 && switchesTried == 0) {
        // Nothing was done anywhere: the journal goes on saying what the hosts last confirmed.
        journal.mode = wasMode;
        journal.state = wasState;
        entry += ", nothing changed; the journal stays " + wasState;
    } else {
        journal.state = overallState(journal, Mode::Apply);
        entry += "; now " + journal.state;
    }
    journal.history.push_back(entry);
    (void)saveJournal(journal);
    RunResult result;
    result.journal = journal;
    if (resumeRun) {
        result.ok = journal.state == "applied";
    } else {
        // Nothing left changed: rolled back, or never changed (unchanged, refused, not started).
        result.ok = true;
        for (const auto& h : journal.hosts) {
            result.ok = result.ok
                && (h.state == HostState::RolledBack || h.state == HostState::Unchanged || h.state == HostState::Refused
                    || h.state == HostState::Cancelled || h.state == HostState::Planned || h.state == HostState::Pending
                    || (h.state == HostState::Unreachable && h.steps.empty()));
        }
        for (const auto& sw : journal.switches)
            result.ok = result.ok && sw.state != "confirmed" && sw.state != "failed";
    }
    return result;
}

} // namespace

Result<RunResult> rollback(const std::string& journalPath, const ConnectContext& connect, const Options& options)
{
    return fromJournal(journalPath, connect, options, false);
}

Result<RunResult> resume(const std::string& journalPath, const ConnectContext& connect, const Options& options)
{
    return fromJournal(journalPath, connect, options, true);
}

} // namespace rp::apply

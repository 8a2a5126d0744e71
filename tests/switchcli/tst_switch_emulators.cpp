// SPDX-License-Identifier: GPL-3.0-or-later
// core/switchcli against switch CLI EMULATORS (tests/support/switch-emu/switch_emu.py), each behind its own real
// OpenSSH server in a network namespace (tests/support/switch-emu/switches.sh run). The emulators imitate Arista
// EOS, Cisco NX-OS and Cumulus NVUE from their manuals; they are not switches, and nothing here was checked
// against a real device. Plans come from core/generate for each emulated vendor.
#include "diagnose/live.h"
#include "generate/plan.h"
#include "inventory/inventory.h"
#include "profile/profile.h"
#include "remote/local_executor.h"
#include "switchcli/switch_apply.h"
#include "switchcli/switch_session.h"

#include "testbasics.h"

#include <QtTest>

#include <atomic>
#include <chrono>
#include <cstdlib>
#include <fstream>
#include <map>
#include <sstream>
#include <thread>

using namespace rp;
using namespace rp::switchcli;
using namespace std::chrono_literals;
using rp::test::Clock;
using rp::test::msSince;

#define QCOMPARE_STR(a, b) QCOMPARE(std::string(a), std::string(b))

namespace {

struct EmuSwitch
{
    std::string name;
    SwitchVendor vendor;
    std::string address;
    std::vector<std::string> ports;
};

std::string labDir()
{
    const char* d = std::getenv("RP_SWITCH_LAB_DIR");
    return d ? d : "";
}

std::string sh(const std::string& script, int* status = nullptr)
{
    LocalExecutor local;
    auto r = local.run(Command { "sh", "-c", script }, {});
    if (status)
        *status = r ? r->exitStatus : -1;
    return r ? r->out : std::string();
}

std::map<std::string, EmuSwitch> readSwitches()
{
    std::map<std::string, EmuSwitch> out;
    std::ifstream in(labDir() + "/switches");
    std::string name, vendor, address, ports;
    while (in >> name >> vendor >> address >> ports) {
        EmuSwitch s { name, *switchVendorFromString(vendor), address, {} };
        std::stringstream ps(ports);
        std::string p;
        while (std::getline(ps, p, ','))
            s.ports.push_back(p);
        out[name] = s;
    }
    return out;
}

} // namespace

class TestSwitchEmulators : public QObject
{
    Q_OBJECT

    std::map<std::string, EmuSwitch> m_switches;

    const EmuSwitch& sw(const QString& name) { return m_switches.at(name.toStdString()); }

    HostSpec spec(const EmuSwitch& s)
    {
        HostSpec h;
        h.name = s.name;
        h.address = s.address;
        h.user = "root";
        h.auth = AuthMethod::KeyFile;
        h.keyFile = labDir() + "/id_ed25519";
        return h;
    }

    ConnectContext context()
    {
        ConnectContext c;
        c.knownHostsFile = labDir() + "/known_hosts";
        c.connectTimeout = 5s;
        return c;
    }

    std::unique_ptr<SwitchSession> open(const EmuSwitch& s, SwitchSessionOptions o = {})
    {
        auto r = SwitchSession::open(spec(s), s.vendor, context(), o);
        if (!r) {
            qWarning("%s", r.error().describe().c_str());
            return nullptr;
        }
        return std::move(*r);
    }

    void reset(const EmuSwitch& s)
    {
        int status = 0;
        sh(std::string(RP_SOURCE_DIR) + "/tests/support/switch-emu/switches.sh reset '" + labDir() + "' " + s.name,
            &status);
        QCOMPARE(status, 0);
    }

    /// Sets a test knob in the emulator's state file (under its lock).
    void knob(const EmuSwitch& s, const std::string& key, const std::string& value)
    {
        int status = 0;
        sh("/usr/bin/python3 - <<'EOF'\nimport fcntl, json, os\np='" + labDir() + "/state/" + s.name
                + ".json'\nfd=os.open(p+'.lock', os.O_CREAT|os.O_RDWR)\nfcntl.flock(fd, fcntl.LOCK_EX)\n"
                  "d=json.load(open(p))\nd['"
                + key + "']='" + value + "'\njson.dump(d, open(p, 'w'))\nEOF\n",
            &status);
        QCOMPARE(status, 0);
    }

    PlanTarget target(const EmuSwitch& s, const std::string& preset = "lossless-dscp")
    {
        PlanInventory inv;
        SwitchSpec spec { s.name, s.vendor, { s.ports.begin(), s.ports.end() - 1 }, { s.ports.back() } };
        inv.switches.push_back(spec);
        auto plan = generatePlan(findPreset(preset)->profile, inv);
        if (!plan) {
            qWarning("%s", plan.error().describe().c_str());
            return {};
        }
        return plan->targets.front();
    }

    std::string running(const EmuSwitch& s)
    {
        auto session = open(s);
        if (!session)
            return "(no session)";
        auto r = session->runningConfig();
        return r ? *r : "(error: " + r.error().describe() + ")";
    }

    static void addVendors(bool nxos = true)
    {
        QTest::addColumn<QString>("name");
        QTest::newRow("eos") << QStringLiteral("sw-eos");
        if (nxos)
            QTest::newRow("nxos") << QStringLiteral("sw-nxos");
        QTest::newRow("cumulus") << QStringLiteral("sw-cumulus");
    }

private slots:
    void initTestCase()
    {
        QVERIFY2(!labDir().empty(), "RP_SWITCH_LAB_DIR is not set: run through ctest (switches.sh run)");
        m_switches = readSwitches();
        QCOMPARE(m_switches.size(), std::size_t(3));
    }

    // The snippet switches.sh writes is the project's inventory schema; its switches open sessions directly.
    void inventorySnippetOpensSessions()
    {
        auto inv = loadInventory(labDir() + "/inventory-snippet.yaml");
        QVERIFY2(inv, inv ? "" : inv.error().describe().c_str());
        QCOMPARE(inv->switches.size(), std::size_t(3));
        QCOMPARE(inv->knownHostsFile, labDir() + "/known_hosts");
        for (const auto& sw : inv->switches) {
            QCOMPARE(sw.address, m_switches.at(sw.name).address);
            QVERIFY(sw.vendor == m_switches.at(sw.name).vendor);
            auto ctx = context();
            ctx.knownHostsFile = inv->knownHostsFile;
            auto session = SwitchSession::open(sw, ctx);
            QVERIFY2(session, session ? "" : session.error().describe().c_str());
            QCOMPARE((*session)->hostname(), sw.name);
        }
        auto planOnly = inv->switches.front();
        planOnly.address.clear();
        auto r = SwitchSession::open(planOnly, context());
        QVERIFY(!r);
        QCOMPARE_STR(toString(r.error().kind), toString(ErrorKind::Usage));
        QCOMPARE(r.error().host, planOnly.name);
    }

    // The troubleshooter reads each emulated switch live (read-only show commands): after the generated
    // lossless-dscp plan the switch agrees with that profile; after the PCP preset (EOS, NX-OS: trust CoS) or
    // the lossy RoCE mode (Cumulus: no PFC on a host port) the switch rules name the port.
    void diagnoseReadsSwitchesLive_data() { addVendors(); }
    void diagnoseReadsSwitchesLive()
    {
        QFETCH(QString, name);
        const auto& s = sw(name);
        reset(s);
        auto inv = loadInventory(labDir() + "/inventory-snippet.yaml");
        QVERIFY(inv);
        SwitchSpec spec;
        for (const auto& x : inv->switches)
            if (x.name == s.name)
                spec = x;
        QCOMPARE(spec.name, s.name);
        auto ctx = context();
        ctx.knownHostsFile = inv->knownHostsFile;
        diag::DiagnoseOptions opts;
        opts.profile = findPreset("lossless-dscp")->profile;
        auto switchRules = [&] {
            auto read = diag::collectSwitches({ spec }, ctx, 200ms);
            for (const auto& e : read.errors)
                qWarning("%s", e.describe().c_str());
            for (const auto& n : read.notes)
                qInfo("%s", n.c_str());
            diag::FabricSnapshot snap;
            snap.switchPorts = read.ports;
            std::vector<std::string> out;
            for (const auto& f : diag::diagnose(snap, opts).findings)
                if (f.ruleId.starts_with("switch.") && f.severity != diag::Severity::Info)
                    out.push_back(f.ruleId + " " + f.switchPorts.front() + " " + f.evidence.front().where);
            return std::make_pair(read, out);
        };
        auto applyPreset = [&](const std::string& preset) {
            auto session = open(s);
            QVERIFY(session);
            SwitchApplyOptions o;
            o.jobId = "diag-" + preset;
            o.confirmTimeout = 60s;
            auto out = applySwitchTarget(*session, target(s, preset), o);
            QVERIFY2(out && out->status == SwitchApplyStatus::Confirmed,
                out ? toString(out->status).c_str() : out.error().describe().c_str());
        };
        applyPreset("lossless-dscp");
        auto [good, quiet] = switchRules();
        QVERIFY(good.errors.empty());
        QVERIFY2(!good.ports.empty(), "no port read");
        for (const auto& p : good.ports) {
            QCOMPARE(p.origin, "ssh " + spec.address);
            QVERIFY(!p.readAt.empty());
        }
        QVERIFY2(quiet.empty(), quiet.empty() ? "" : quiet.front().c_str());

        if (s.vendor == SwitchVendor::Cumulus) {
            auto session = open(s);
            QVERIFY(session);
            QVERIFY(session->sendConfigLines({ "nv set qos roce mode lossy" }));
            QVERIFY(session->command("nv config apply -y"));
        } else {
            reset(s);
            applyPreset("lossless-pcp-vlan");
        }
        auto [bad, found] = switchRules();
        QVERIFY(!found.empty());
        const std::string want = s.vendor == SwitchVendor::Cumulus ? "switch.pfc-priority " : "switch.trust ";
        QVERIFY2(std::any_of(found.begin(), found.end(), [&](const std::string& f) { return f.starts_with(want); }),
            found.front().c_str());
        for (const auto& f : found)
            QVERIFY2(f.find("`") != std::string::npos, f.c_str()); // evidence names the show command
        reset(s);
    }

    void sessionBasics_data() { addVendors(); }
    void sessionBasics()
    {
        QFETCH(QString, name);
        const auto& s = sw(name);
        reset(s);
        auto session = open(s);
        QVERIFY(session);
        QCOMPARE(session->hostname(), s.name);
        QVERIFY(session->prompt().privileged); // EOS: enable was sent
        QVERIFY(session->pagingDisabled());
        auto cfg = session->runningConfig();
        QVERIFY2(cfg, cfg ? "" : cfg.error().describe().c_str());
        QVERIFY(cfg->find(s.vendor == SwitchVendor::Cumulus ? "nv set system hostname " + s.name : "hostname " + s.name)
            != std::string::npos);
        QVERIFY(cfg->find(s.name + "#") == std::string::npos); // no prompt in the output
        QVERIFY(cfg->find("show running-config\n") == std::string::npos || s.vendor != SwitchVendor::Cumulus);
        // An unknown command gives the vendor's error as a value, and the session stays usable.
        auto bad = session->show(s.vendor == SwitchVendor::Cumulus ? "nv show frobnicate" : "show frobnicate");
        QVERIFY(!bad);
        QCOMPARE_STR(toString(bad.error().kind), toString(ErrorKind::CommandFailed));
        QCOMPARE(bad.error().host, s.name);
        QVERIFY(session->usable());
        QVERIFY(session->runningConfig());
    }

    void appliesVerifiesAndRollsBack_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<QString>("preset");
        QTest::addColumn<bool>("verifies");
        for (const char* preset : { "lossless-dscp", "lossless-pcp-vlan", "ecn-only" }) {
            for (const char* n : { "sw-eos", "sw-nxos", "sw-cumulus" }) {
                // The EOS generator asks the ecn-only profile's read-back for "no-drop", which a profile without
                // PFC never shows (reported to core/generate): the engine must roll that apply back.
                bool verifies = !(std::string(n) == "sw-eos" && std::string(preset) == "ecn-only");
                QTest::newRow((std::string(n) + "/" + preset).c_str())
                    << QString::fromLatin1(n) << QString::fromLatin1(preset) << verifies;
            }
        }
    }
    void appliesVerifiesAndRollsBack()
    {
        QFETCH(QString, name);
        QFETCH(QString, preset);
        const auto& s = sw(name);
        reset(s);
        auto t = target(s, preset.toStdString());
        QVERIFY(!t.steps.empty());
        auto session = open(s);
        QVERIFY(session);
        std::vector<std::string> events;
        SwitchApplyOptions o;
        o.jobId = "20261124-081502-4f3a"; // the form of core/apply journal ids
        o.confirmTimeout = 60s;
        o.onStep = [&](const SwitchStepResult& r) { events.push_back(r.id + ":" + toString(r.state)); };
        auto t0 = Clock::now();
        auto out = applySwitchTarget(*session, t, o);
        QVERIFY2(out, out ? "" : out.error().describe().c_str());
        qInfo("%s %s: applied in %lld ms (snapshot %lld, stage %lld, commit %lld, verify %lld, confirm %lld)",
            qPrintable(name), qPrintable(preset), msSince(t0), static_cast<long long>(out->timings.snapshot.count()),
            static_cast<long long>(out->timings.stage.count()), static_cast<long long>(out->timings.commit.count()),
            static_cast<long long>(out->timings.verify.count()), static_cast<long long>(out->timings.confirm.count()));
        QFETCH(bool, verifies);
        if (!verifies) {
            QCOMPARE_STR(toString(out->status), toString(SwitchApplyStatus::RolledBack));
            QVERIFY(out->error && out->error->message.find("does not contain 'no-drop'") != std::string::npos);
            QVERIFY(out->restoredExactly);
            QCOMPARE(running(s), out->snapshot.runningConfig);
            return;
        }
        QVERIFY2(out->status == SwitchApplyStatus::Confirmed,
            (toString(out->status) + ": " + (out->error ? out->error->describe() : std::string())).c_str());
        QVERIFY(!out->error);
        for (const auto& step : out->steps) {
            QVERIFY2(step.state == SwitchStepState::Verified || step.state == SwitchStepState::Saved
                    || step.state == SwitchStepState::Committed,
                (step.id + " " + toString(step.state) + " " + step.message).c_str());
        }
        QVERIFY(!events.empty());
        QVERIFY(out->runningAfter != out->snapshot.runningConfig);
        const std::string marker = s.vendor == SwitchVendor::Cumulus ? "nv set interface swp1 mtu 9216"
            : s.vendor == SwitchVendor::Eos                          ? "service-profile ROCEPILOT"
                                                                     : "service-policy type qos input RP_CLASSIFY";
        QVERIFY2(out->runningAfter.find(marker) != std::string::npos, out->runningAfter.c_str());
        if (s.vendor != SwitchVendor::NxOs)
            QVERIFY2(!out->diff.empty(), "the device's own diff of the staged change");
        // Read by another session: the change is there and survives a reconnect.
        QCOMPARE(running(s), out->runningAfter);

        // The snapshot goes through the journal's JSON form before it is used.
        auto journaled = snapshotFromJson(snapshotToJson(out->snapshot));
        QVERIFY(journaled && *journaled == out->snapshot);
        QVERIFY(outcomeToJson(*out).find("\"status\": \"confirmed\"") != std::string::npos);
        auto rb = rollbackSwitch(*session, *journaled);
        QVERIFY2(rb, rb ? "" : rb.error().describe().c_str());
        QVERIFY2(rb->restoredExactly, rb->runningFinal.c_str());
        QCOMPARE(running(s), out->snapshot.runningConfig);
        qInfo("rolled back with %s in %lld ms", rb->mechanism.c_str(), static_cast<long long>(rb->time.count()));
    }

    void rejectedCommandStopsAndRollsBack_data() { addVendors(); }
    void rejectedCommandStopsAndRollsBack()
    {
        QFETCH(QString, name);
        const auto& s = sw(name);
        reset(s);
        auto t = target(s);
        // A line the emulator rejects in the middle of the second step; it passes the engine's line checks.
        std::size_t stepIndex = 1;
        if (s.vendor == SwitchVendor::Cumulus)
            stepIndex = 1; // the MTU step (qos-roce, mtu, apply, save)
        auto& step = t.steps.at(stepIndex);
        const std::string bogus = s.vendor == SwitchVendor::Eos ? "qos frobnicate 7"
            : s.vendor == SwitchVendor::NxOs                    ? "policy-map type frobnicate RP_X"
                                                                : "nv set qos frobnicate 7";
        auto cut = step.text.find('\n') + 1;
        step.text.insert(cut, bogus + "\n");
        auto session = open(s);
        QVERIFY(session);
        SwitchApplyOptions o;
        o.jobId = "job-rej";
        auto out = applySwitchTarget(*session, t, o);
        QVERIFY2(out, out ? "" : out.error().describe().c_str());
        QCOMPARE_STR(toString(out->status), toString(SwitchApplyStatus::RolledBack));
        QVERIFY(out->error);
        QCOMPARE_STR(toString(out->error->kind), toString(ErrorKind::CommandFailed));
        QCOMPARE(out->error->where, bogus);
        QCOMPARE(out->error->host, s.name);
        QVERIFY2(out->error->message.find(s.vendor == SwitchVendor::Eos ? "% Invalid input"
                         : s.vendor == SwitchVendor::NxOs               ? "% Invalid command"
                                                                        : "Error:")
                != std::string::npos,
            out->error->message.c_str());
        QCOMPARE_STR(toString(out->steps[stepIndex].state), toString(SwitchStepState::Failed));
        QCOMPARE(out->steps[stepIndex].sent.size(), std::size_t(1)); // the line before the bogus one
        for (std::size_t i = stepIndex + 1; i < out->steps.size(); ++i)
            QCOMPARE_STR(toString(out->steps[i].state), toString(SwitchStepState::Pending));
        QVERIFY(out->restoredExactly);
        QCOMPARE(running(s), out->snapshot.runningConfig);
    }

    void commitTimerExpiryReverts_data() { addVendors(false); }
    void commitTimerExpiryReverts()
    {
        QFETCH(QString, name);
        const auto& s = sw(name);
        reset(s);
        auto session = open(s);
        QVERIFY(session);
        SwitchApplyOptions o;
        o.jobId = "job-timer";
        o.confirmTimeout = 3s;
        o.confirm = ConfirmMode::Leave;
        auto t0 = Clock::now();
        auto out = applySwitchTarget(*session, target(s), o);
        QVERIFY2(out, out ? "" : out.error().describe().c_str());
        QCOMPARE_STR(toString(out->status), toString(SwitchApplyStatus::PendingConfirm));
        QVERIFY(out->runningAfter != out->snapshot.runningConfig);
        QVERIFY(msSince(t0) < 3000); // still inside the timer: the change is live
        QCOMPARE(running(s), out->runningAfter);
        std::this_thread::sleep_until(t0 + 4500ms);
        QCOMPARE(running(s), out->snapshot.runningConfig); // reverted by the emulated switch itself
        auto late = confirmSwitch(*session, out->snapshot, {});
        QVERIFY(!late);
        QCOMPARE_STR(toString(late.error().kind), toString(ErrorKind::CommandFailed));
        QVERIFY(late.error().message.find("ran out") != std::string::npos);
    }

    void confirmKeeps_data() { addVendors(false); }
    void confirmKeeps()
    {
        QFETCH(QString, name);
        const auto& s = sw(name);
        reset(s);
        auto session = open(s);
        QVERIFY(session);
        SwitchApplyOptions o;
        o.jobId = "job-keep";
        o.confirmTimeout = 3s;
        o.confirm = ConfirmMode::Leave;
        auto t0 = Clock::now();
        auto t = target(s);
        auto out = applySwitchTarget(*session, t, o);
        QVERIFY2(out, out ? "" : out.error().describe().c_str());
        QCOMPARE_STR(toString(out->status), toString(SwitchApplyStatus::PendingConfirm));
        SwitchConfirmOptions co;
        co.target = &t;
        auto ok = confirmSwitch(*session, out->snapshot, co);
        QVERIFY2(ok, ok ? "" : ok.error().describe().c_str());
        std::this_thread::sleep_until(t0 + 4500ms);
        QCOMPARE(running(s), out->runningAfter);
    }

    // The journal case: the controller lost its session while a commit was pending; a new session (another
    // process, later) rolls back from the snapshot alone.
    void rollbackFromAnotherSession_data() { addVendors(); }
    void rollbackFromAnotherSession()
    {
        QFETCH(QString, name);
        const auto& s = sw(name);
        reset(s);
        SwitchSnapshot snapshot;
        std::string after;
        {
            auto session = open(s);
            QVERIFY(session);
            SwitchApplyOptions o;
            o.jobId = "job-journal";
            o.confirmTimeout = 120s;
            o.confirm = ConfirmMode::Leave;
            auto out = applySwitchTarget(*session, target(s), o);
            QVERIFY2(out, out ? "" : out.error().describe().c_str());
            QCOMPARE_STR(toString(out->status), toString(SwitchApplyStatus::PendingConfirm));
            snapshot = out->snapshot;
            after = out->runningAfter;
        }
        QCOMPARE(running(s), after);
        auto session = open(s);
        QVERIFY(session);
        auto rb = rollbackSwitch(*session, snapshot);
        QVERIFY2(rb, rb ? "" : rb.error().describe().c_str());
        QVERIFY(rb->restoredExactly);
        QCOMPARE(running(s), snapshot.runningConfig);
        qInfo("%s", rb->mechanism.c_str());
        // Rolling back twice is harmless and still ends at the snapshot.
        auto again = rollbackSwitch(*session, snapshot);
        QVERIFY2(again, again ? "" : again.error().describe().c_str());
        QVERIFY(again->restoredExactly);
    }

    // NX-OS keeps at most 10 user checkpoints: a job's checkpoint is dropped when its journal closes, and when
    // they are all used the next apply fails before it changes anything.
    void nxosCheckpointsAreDroppedAndLimited()
    {
        const auto& s = sw(QStringLiteral("sw-nxos"));
        reset(s);
        auto session = open(s);
        QVERIFY(session);
        SwitchApplyOptions o;
        o.jobId = "job-drop";
        auto out = applySwitchTarget(*session, target(s), o);
        QVERIFY(out && out->status == SwitchApplyStatus::Confirmed);
        auto before = session->show("show checkpoint summary");
        QVERIFY(before && before->find("rp-job-drop") != std::string::npos);
        auto dropped = dropSnapshot(*session, out->snapshot);
        QVERIFY2(dropped, dropped ? "" : dropped.error().describe().c_str());
        auto after = session->show("show checkpoint summary");
        QVERIFY(after && after->find("rp-job-drop") == std::string::npos);
        auto gone = rollbackSwitch(*session, out->snapshot);
        QVERIFY(!gone);
        QCOMPARE(gone.error().host, s.name);
        QVERIFY(gone.error().message.find("does not exist") != std::string::npos);

        reset(s);
        for (int i = 0; i < 10; ++i)
            QVERIFY(session->command("checkpoint other" + std::to_string(i)));
        auto unchanged = running(s);
        o.jobId = "job-eleventh";
        auto full = applySwitchTarget(*session, target(s), o);
        QVERIFY(!full);
        QCOMPARE_STR(toString(full.error().kind), toString(ErrorKind::CommandFailed));
        QVERIFY(full.error().message.find("checkpoints") != std::string::npos);
        QCOMPARE(running(s), unchanged);
        reset(s);
    }

    // A commit that is still waiting for its confirm, or NVUE changes someone else staged, are not swept into
    // this job: the apply refuses before it changes anything.
    void foreignPendingChangesAreRefused_data() { addVendors(false); }
    void foreignPendingChangesAreRefused()
    {
        QFETCH(QString, name);
        const auto& s = sw(name);
        reset(s);
        auto session = open(s);
        QVERIFY(session);
        SwitchApplyOptions first;
        first.jobId = "job-first";
        first.confirm = ConfirmMode::Leave;
        first.confirmTimeout = 120s;
        auto pending = applySwitchTarget(*session, target(s), first);
        QVERIFY(pending && pending->status == SwitchApplyStatus::PendingConfirm);
        SwitchApplyOptions second;
        second.jobId = "job-second";
        auto refused = applySwitchTarget(*session, target(s, "lossless-pcp-vlan"), second);
        QVERIFY(!refused);
        QCOMPARE_STR(toString(refused.error().kind), toString(ErrorKind::CommandFailed));
        QVERIFY2(refused.error().message.find("confirm") != std::string::npos
                || refused.error().message.find("commit timer") != std::string::npos,
            refused.error().message.c_str());
        QCOMPARE(running(s), pending->runningAfter);
        auto rb = rollbackSwitch(*session, pending->snapshot);
        QVERIFY(rb && rb->restoredExactly);
        if (s.vendor == SwitchVendor::Cumulus) {
            // Someone staged an nv set by hand and did not apply it.
            QVERIFY(session->command("nv set interface swp2 mtu 1500"));
            auto staged = applySwitchTarget(*session, target(s), second);
            QVERIFY(!staged);
            QVERIFY(staged.error().message.find("nv config diff") != std::string::npos);
            QVERIFY(session->command("nv config detach"));
        }
    }

    void pagingOnStillReadsEverything_data()
    {
        QTest::addColumn<QString>("name");
        QTest::newRow("eos") << QStringLiteral("sw-eos");
        QTest::newRow("nxos") << QStringLiteral("sw-nxos");
    }
    void pagingOnStillReadsEverything()
    {
        QFETCH(QString, name);
        const auto& s = sw(name);
        reset(s);
        {
            auto session = open(s);
            QVERIFY(session);
            SwitchApplyOptions o;
            o.jobId = "job-page";
            auto out = applySwitchTarget(*session, target(s), o);
            QVERIFY(out && out->status == SwitchApplyStatus::Confirmed);
        }
        const auto full = running(s);
        SwitchSessionOptions paged;
        paged.disablePaging = false;
        auto session = open(s, paged);
        QVERIFY(session);
        QVERIFY(!session->pagingDisabled());
        auto cfg = session->runningConfig();
        QVERIFY2(cfg, cfg ? "" : cfg.error().describe().c_str());
        QVERIFY2(session->pagerPrompts() >= 1, "the emulator pages at 24 lines: --More-- was answered");
        QVERIFY(cfg->find("More") == std::string::npos);
        QCOMPARE(*cfg, full); // the same text as with paging off

        // A device that refuses `terminal length 0`: the session notices and answers the pager itself.
        knob(s, "no_paging_off", "yes");
        auto stubborn = open(s);
        QVERIFY(stubborn);
        QVERIFY(!stubborn->pagingDisabled());
        auto again = stubborn->runningConfig();
        QVERIFY2(again, again ? "" : again.error().describe().c_str());
        QVERIFY(stubborn->pagerPrompts() >= 1);
        QCOMPARE(*again, full);
        reset(s);
    }

    void changedHostKeyIsRefused()
    {
        const auto& s = sw(QStringLiteral("sw-eos"));
        QTemporaryDir tmp;
        const std::string dir = tmp.path().toStdString();
        sh("ssh-keygen -q -t ed25519 -N '' -f '" + dir + "/other' && echo \"" + s.address + " $(cut -d' ' -f1,2 '" + dir
            + "/other.pub')\" > '" + dir + "/known_hosts'");
        auto ctx = context();
        ctx.knownHostsFile = dir + "/known_hosts";
        ctx.onUnknownHostKey = [](const HostKeyInfo&) { return HostKeyDecision::AcceptAndSave; };
        auto r = SwitchSession::open(spec(s), s.vendor, ctx);
        QVERIFY(!r);
        QCOMPARE_STR(toString(r.error().kind), toString(ErrorKind::HostKeyChanged));
        QCOMPARE(r.error().host, s.name);
        // An unknown key without a prompt is refused too.
        auto empty = dir + "/empty_known_hosts";
        sh("touch '" + empty + "'");
        ctx.knownHostsFile = empty;
        ctx.onUnknownHostKey = nullptr;
        auto unknown = SwitchSession::open(spec(s), s.vendor, ctx);
        QVERIFY(!unknown);
        QCOMPARE_STR(toString(unknown.error().kind), toString(ErrorKind::HostKeyUnknown));
    }

    void unreachableSwitchTimesOut()
    {
        // A port that accepts TCP and never sends an SSH banner.
        auto silent = spec(sw(QStringLiteral("sw-eos")));
        silent.port = 2222;
        auto ctx = context();
        ctx.connectTimeout = 2s;
        auto t0 = Clock::now();
        auto r = SwitchSession::open(silent, SwitchVendor::Eos, ctx);
        auto took = msSince(t0);
        QVERIFY(!r);
        QCOMPARE_STR(toString(r.error().kind), toString(ErrorKind::Timeout));
        QCOMPARE(r.error().host, std::string("sw-eos"));
        QVERIFY2(took >= 1900 && took < 4000, std::to_string(took).c_str());
        // No host at all on the emulators' network.
        auto nobody = spec(sw(QStringLiteral("sw-eos")));
        nobody.name = "sw-missing";
        nobody.address = "198.19.250.199";
        t0 = Clock::now();
        auto n = SwitchSession::open(nobody, SwitchVendor::Eos, ctx);
        took = msSince(t0);
        QVERIFY(!n);
        QVERIFY2(n.error().kind == ErrorKind::Timeout || n.error().kind == ErrorKind::Unreachable,
            n.error().describe().c_str());
        QCOMPARE(n.error().host, std::string("sw-missing"));
        QVERIFY2(took < 4000, std::to_string(took).c_str());
    }

    void cancelMidApplyRollsBack_data() { addVendors(); }
    void cancelMidApplyRollsBack()
    {
        QFETCH(QString, name);
        const auto& s = sw(name);
        reset(s);
        auto session = open(s);
        QVERIFY(session);
        std::atomic<bool> cancel { false };
        SwitchApplyOptions o;
        o.jobId = "job-cancel";
        o.cancel = &cancel;
        o.onStep = [&](const SwitchStepResult& r) {
            if (r.state == SwitchStepState::Sent || r.state == SwitchStepState::Verified)
                cancel = true; // after the first step went out
        };
        auto out = applySwitchTarget(*session, target(s), o);
        QVERIFY2(out, out ? "" : out.error().describe().c_str());
        QCOMPARE_STR(toString(out->status), toString(SwitchApplyStatus::RolledBack));
        QVERIFY(out->error);
        QCOMPARE_STR(toString(out->error->kind), toString(ErrorKind::Cancelled));
        QVERIFY(!out->steps[0].sent.empty()); // the first step went out before the cancel
        QCOMPARE_STR(toString(out->steps.back().state), toString(SwitchStepState::Pending));
        QVERIFY(out->restoredExactly);
        QCOMPARE(running(s), out->snapshot.runningConfig);
        QVERIFY(session->usable());
    }

    void dryRunChangesNothing_data() { addVendors(); }
    void dryRunChangesNothing()
    {
        QFETCH(QString, name);
        const auto& s = sw(name);
        reset(s);
        auto before = running(s);
        auto session = open(s);
        QVERIFY(session);
        SwitchApplyOptions o;
        o.jobId = "job-dry";
        o.dryRun = true;
        auto out = applySwitchTarget(*session, target(s), o);
        QVERIFY2(out, out ? "" : out.error().describe().c_str());
        QCOMPARE_STR(toString(out->status), toString(SwitchApplyStatus::DryRun));
        QVERIFY(!out->diff.empty());
        QVERIFY(out->diff.find(s.vendor == SwitchVendor::Cumulus ? "mtu 9216" : "mtu") != std::string::npos);
        QCOMPARE(running(s), before);
        // Nothing is left staged: a real apply afterwards starts clean.
        SwitchApplyOptions real;
        real.jobId = "job-after-dry";
        auto applied = applySwitchTarget(*session, target(s), real);
        QVERIFY2(applied && applied->status == SwitchApplyStatus::Confirmed,
            applied ? toString(applied->status).c_str() : applied.error().describe().c_str());
    }

    void unsafeLinesAreRefusedBeforeAnythingIsSent()
    {
        const auto& s = sw(QStringLiteral("sw-eos"));
        reset(s);
        auto before = running(s);
        auto t = target(s);
        t.steps.back().text = "copy running-config startup-config\n";
        t.steps.front().text += "interface Ethernet1 ; bash reboot\n";
        auto session = open(s);
        QVERIFY(session);
        SwitchApplyOptions o;
        o.jobId = "job-unsafe";
        auto out = applySwitchTarget(*session, t, o);
        QVERIFY(!out);
        QCOMPARE_STR(toString(out.error().kind), toString(ErrorKind::Validation));
        QCOMPARE(out.error().host, s.name);
        QCOMPARE(running(s), before);
        o.jobId = "job;reload";
        auto badJob = applySwitchTarget(*session, target(s), o);
        QVERIFY(!badJob);
        QCOMPARE_STR(toString(badJob.error().kind), toString(ErrorKind::Validation));
    }

    // A cancel in the middle of a slow command: Cancelled within the 50 ms slices, and the session gets back in
    // step (Ctrl-C, the prompt, the rest dropped), so the next command reads its own answer.
    void cancelMidCommandKeepsTheSessionInStep()
    {
        const auto& s = sw(QStringLiteral("sw-nxos"));
        reset(s);
        auto expected = running(s);
        knob(s, "hostile", "slow");
        auto session = open(s);
        QVERIFY(session);
        std::atomic<bool> cancel { false };
        session->setCancel(&cancel);
        std::thread canceller([&] {
            std::this_thread::sleep_for(300ms);
            cancel = true;
        });
        auto t0 = Clock::now();
        auto r = session->runningConfig();
        auto took = msSince(t0);
        canceller.join();
        QVERIFY(!r);
        QCOMPARE_STR(toString(r.error().kind), toString(ErrorKind::Cancelled));
        QVERIFY2(took >= 250 && took < 500, std::to_string(took).c_str());
        QVERIFY(session->usable());
        session->setCancel(nullptr);
        knob(s, "hostile", "none");
        auto again = session->runningConfig();
        QVERIFY2(again, again ? "" : again.error().describe().c_str());
        QCOMPARE(*again, expected);
        auto third = session->show("show checkpoint summary");
        QVERIFY2(third, third ? "" : third.error().describe().c_str());
        QVERIFY(third->find("User Checkpoint Summary") != std::string::npos);
    }

    void enablePasswordIsAClearError()
    {
        const auto& s = sw(QStringLiteral("sw-eos"));
        reset(s);
        knob(s, "enable_password", "yes");
        SwitchSessionOptions o;
        o.commandTimeout = 5s;
        auto t0 = Clock::now();
        auto r = SwitchSession::open(spec(s), s.vendor, context(), o);
        QVERIFY(!r);
        QCOMPARE_STR(toString(r.error().kind), toString(ErrorKind::AuthFailed));
        QVERIFY(r.error().message.find("password") != std::string::npos);
        QVERIFY(msSince(t0) < 3000); // recognised, not timed out
        reset(s);
    }

    void hostileOutputNeverHangs()
    {
        const auto& s = sw(QStringLiteral("sw-eos"));
        SwitchSessionOptions small;
        small.maxOutput = 1u << 20;
        small.commandTimeout = 3s;

        reset(s);
        knob(s, "hostile", "flood");
        auto session = open(s, small);
        QVERIFY(session);
        auto t0 = Clock::now();
        auto flood = session->runningConfig();
        QVERIFY(!flood);
        QVERIFY2(flood.error().kind == ErrorKind::Protocol || flood.error().kind == ErrorKind::Timeout,
            flood.error().describe().c_str());
        QVERIFY(msSince(t0) < 5000);
        QVERIFY(!session->usable() || session->runningConfig().error().kind != ErrorKind::Internal);

        knob(s, "hostile", "silent");
        session = open(s, small);
        QVERIFY(session);
        t0 = Clock::now();
        auto silent = session->runningConfig();
        QVERIFY(!silent);
        QCOMPARE_STR(toString(silent.error().kind), toString(ErrorKind::Timeout));
        QVERIFY(msSince(t0) < 7000); // the timeout + one bounded attempt to get the prompt back

        knob(s, "hostile", "binary");
        session = open(s, small);
        QVERIFY(session);
        t0 = Clock::now();
        auto binary = session->runningConfig();
        QVERIFY(msSince(t0) < 7000); // a value or an error, within the bounds, no crash
        if (binary)
            QVERIFY(binary->size() <= small.maxOutput);
        reset(s);
    }
};

QTEST_GUILESS_MAIN(TestSwitchEmulators)
#include "tst_switch_emulators.moc"

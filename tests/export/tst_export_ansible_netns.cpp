// SPDX-License-Identifier: GPL-3.0-or-later
// The exported Ansible project run by Debian's ansible-playbook against the netns OpenSSH hosts (real sshd, real
// OpenSSH client, host keys checked against the lab's known_hosts). The plan is the host part of the
// lossless-pcp-vlan preset that is safe in a network namespace: the MTU of its two netdevs, eth0 (the veth that
// carries the SSH session) and lo. The VLAN step cannot run here: this machine's kernel has no 8021q module
// ("Unknown device type"); DCB and rdma_cm need hardware or the Soft-RoCE lab. Every state is read back by RoCE Pilot's
// own discovery: before, after the apply, after a second run (changed=0), after --check --diff (changed=0,
// nothing moved), after drift (check mode reports exactly the drifted host), and after a failing step whose
// rescue must restore the discovered state exactly.
#include "discovery/discover.h"
#include "export/ansible.h"
#include "generate/plan.h"
#include "generate/targets.h"
#include "netnslab.h"
#include "profile/profile.h"

#include "ansiblerun.h"
#include "testutil.h"

#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>

using namespace rp;
using rp::test::recap;
using rp::test::tail;

namespace {

constexpr int kHosts = 3;

/// Over SSH to the lab's hosts a run may take up to ten minutes.
rp::test::AnsibleRun runAnsible(const std::string& dir, const std::vector<std::string>& argv)
{
    return rp::test::runAnsible(dir, argv, "ansible-playbook", 600000);
}

/// What the plan touches on one host, as discovery reports it.
struct NetState
{
    std::optional<int> eth0Mtu;
    std::optional<int> loMtu;
    bool operator==(const NetState&) const = default;
};

std::string describe(const NetState& s)
{
    auto n = [](const std::optional<int>& v) { return v ? std::to_string(*v) : std::string("?"); };
    return "eth0 mtu " + n(s.eth0Mtu) + ", lo mtu " + n(s.loMtu);
}

} // namespace

class TestExportAnsibleNetns final : public QObject
{
    Q_OBJECT

    Inventory m_inventory;
    std::map<std::string, NetState> m_before;
    HostFactsMap m_facts;

    std::map<std::string, NetState> discoverState(HostFactsMap* factsOut = nullptr)
    {
        std::map<std::string, NetState> out;
        DiscoveryOptions options;
        options.readDcb = false;
        auto outcomes = discoverFleet(m_inventory.hosts, lab::context(), options, kHosts);
        for (const auto& o : outcomes) {
            if (o.state != HostState::Ok || !o.facts) {
                qWarning("%s: %s", o.spec.name.c_str(), o.error ? o.error->describe().c_str() : "no facts");
                continue;
            }
            NetState s;
            for (const auto& n : o.facts->netdevs) {
                if (n.name == "eth0")
                    s.eth0Mtu = n.mtu;
                if (n.name == "lo")
                    s.loMtu = n.mtu;
            }
            out[o.spec.name] = s;
            if (factsOut)
                (*factsOut)[o.spec.name] = *o.facts;
        }
        return out;
    }

    Plan plan(bool withFailingStepOnLastHost)
    {
        auto preset = findPreset("lossless-pcp-vlan");
        PlanInventory pinv;
        for (int i = 1; i <= kHosts; ++i)
            pinv.hosts.push_back(
                { "h" + std::to_string(i), HostKind::LinuxGeneric, { { "eth0", "", 1 }, { "lo", "", 1 } } });
        auto generated = generatePlan(preset->profile, pinv, m_facts);
        if (!generated)
            qFatal("%s", generated.error().describe().c_str());
        Plan p = *generated;
        for (auto& t : p.targets) {
            std::erase_if(t.steps, [](const Step& s) {
                return s.artifact || !(s.id.ends_with(".eth0.mtu") || s.id.ends_with(".lo.mtu"));
            });
            if (t.steps.size() != 2)
                qFatal("%s: expected the two mtu steps, got %zu", t.name.c_str(), t.steps.size());
        }
        if (withFailingStepOnLastHost) {
            Step fails;
            fails.id = p.targets.back().name + ".fails";
            fails.title = "a step that fails";
            fails.argv = { "false" };
            fails.verify.argv = { "test", "-e", "/nonexistent-rocepilot-export-test" };
            p.targets.back().steps.push_back(fails);
        }
        return p;
    }

    std::string exportTo(const Plan& p, const std::string& dir)
    {
        auto project = exportAnsible(p, m_inventory);
        if (!project)
            qFatal("%s", project.error().describe().c_str());
        if (auto ok = writeAnsibleProject(*project, dir); !ok)
            qFatal("%s", ok.error().describe().c_str());
        return dir;
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY2(
            !lab::dir().empty(), "RP_NETNS_DIR is not set (run through ctest: the netns fixture starts the hosts)");
        auto inv = loadInventory(lab::dir() + "/inventory.yaml");
        QVERIFY2(inv, inv ? "" : inv.error().describe().c_str());
        m_inventory = *inv;
        m_inventory.hosts.resize(kHosts);
        m_before = discoverState(&m_facts);
        QCOMPARE(m_before.size(), std::size_t(kHosts));
        for (const auto& [name, s] : m_before) {
            QVERIFY2(
                s.eth0Mtu && *s.eth0Mtu != 9000 && s.loMtu && *s.loMtu != 9000, (name + ": " + describe(s)).c_str());
        }
    }

    // A failing step on h3: the rescue undoes both MTU steps (exact undo from the discovered facts), newest first.
    void failingStepRollsBackToTheDiscoveredState()
    {
        QTemporaryDir tmp;
        auto dir = exportTo(plan(true), tmp.path().toStdString() + "/p");
        auto r = runAnsible(dir, { "site.yml", "--limit", "h3" });
        QVERIFY2(r.exitCode != 0, tail(r.out).constData());
        QCOMPARE(recap(r.out, "h3", "rescued"), 1);
        QCOMPARE(recap(r.out, "h3", "failed"), 1);
        // Both steps ran (the third one failed), and their undos ran newest first.
        QVERIFY2(r.out.contains(QRegularExpression(
                     QStringLiteral("TASK \\[h3\\.fails: a step that fails\\][^\\n]*\\nfatal: \\[h3\\]"))),
            tail(r.out).constData());
        auto undoLo = r.out.indexOf(
            QRegularExpression(QStringLiteral("TASK \\[h3\\.lo\\.mtu: undo\\][^\\n]*\\nchanged: \\[h3\\]")));
        auto undoEth0 = r.out.indexOf(
            QRegularExpression(QStringLiteral("TASK \\[h3\\.eth0\\.mtu: undo\\][^\\n]*\\nchanged: \\[h3\\]")));
        QVERIFY2(undoLo > 0 && undoEth0 > undoLo, tail(r.out).constData());
        auto after = discoverState();
        QVERIFY2(after.count("h3"), "h3 was not discovered after the rollback");
        QVERIFY2(after.at("h3") == m_before.at("h3"),
            ("h3 after the rollback: " + describe(after.at("h3")) + "; before: " + describe(m_before.at("h3")))
                .c_str());
    }

    void applyIsVerifiedIdempotentAndCheckModeChangesNothing()
    {
        QTemporaryDir tmp;
        auto dir = exportTo(plan(false), tmp.path().toStdString() + "/p");
        auto first = runAnsible(dir, { "site.yml" });
        QVERIFY2(first.exitCode == 0, tail(first.out).constData());
        for (int i = 1; i <= kHosts; ++i)
            QCOMPARE(recap(first.out, "h" + std::to_string(i), "changed"), 2);
        QCOMPARE(recap(first.out, "h1", "failed"), 0);

        // Read back by our own discovery: what the plan's steps say they set.
        const Plan p = plan(false);
        auto state = discoverState();
        QCOMPARE(state.size(), std::size_t(kHosts));
        for (const auto& t : p.targets) {
            auto e = t.effective();
            const auto& s = state.at(t.name);
            QVERIFY2(s.eth0Mtu && std::to_string(*s.eth0Mtu) == e.at("mtu"), (t.name + ": " + describe(s)).c_str());
            QVERIFY2(s.loMtu && std::to_string(*s.loMtu) == e.at("mtu"), (t.name + ": " + describe(s)).c_str());
        }

        auto second = runAnsible(dir, { "site.yml" });
        QVERIFY2(second.exitCode == 0, tail(second.out).constData());
        for (int i = 1; i <= kHosts; ++i)
            QCOMPARE(recap(second.out, "h" + std::to_string(i), "changed"), 0);

        auto check = runAnsible(dir, { "site.yml", "--check", "--diff" });
        QVERIFY2(check.exitCode == 0, tail(check.out).constData());
        for (int i = 1; i <= kHosts; ++i)
            QCOMPARE(recap(check.out, "h" + std::to_string(i), "changed"), 0);
        QVERIFY(discoverState() == state);

        // Drift on h2: check mode names exactly that change and makes none; a real run repairs it.
        QVERIFY(!lab::sh("ip netns exec " + lab::netns(2) + " ip link set dev eth0 mtu 1500 && echo ok").empty());
        auto drift = runAnsible(dir, { "site.yml", "--check", "--diff" });
        QVERIFY2(drift.exitCode == 0, tail(drift.out).constData());
        QCOMPARE(recap(drift.out, "h1", "changed"), 0);
        QCOMPARE(recap(drift.out, "h2", "changed"), 1);
        QCOMPARE(recap(drift.out, "h3", "changed"), 0);
        QVERIFY2(drift.out.contains(QStringLiteral("would run: ip link set dev eth0 mtu 9000")),
            tail(drift.out).constData());
        auto drifted = discoverState();
        QVERIFY2(drifted.count("h2"), "h2 was not discovered");
        QCOMPARE(drifted.at("h2").eth0Mtu, std::optional<int>(1500));
        auto repair = runAnsible(dir, { "site.yml" });
        QVERIFY2(repair.exitCode == 0, tail(repair.out).constData());
        QCOMPARE(recap(repair.out, "h2", "changed"), 1);
        QVERIFY(discoverState() == state);
    }

    // The admin's flow, through the CLI: plan (which discovers the hosts) -> export ansible -> ansible-playbook;
    // then the same plan through `rocepilot-cli apply` from the same starting state reaches the same state.
    void cliFlowFromInventoryToAppliedState()
    {
        auto all = loadInventory(lab::dir() + "/inventory.yaml");
        QVERIFY(all);
        Inventory inv;
        inv.knownHostsFile = all->knownHostsFile;
        for (int i = kHosts + 1; i <= kHosts + 2; ++i) {
            HostSpec h = all->hosts.at(static_cast<std::size_t>(i - 1));
            h.dcb = DcbControl::Skip; // veth has no DCB
            h.interfaces = { { "eth0", "", 1 }, { "lo", "", 1 } };
            inv.hosts.push_back(h);
        }
        QTemporaryDir tmp;
        auto d = tmp.path().toStdString();
        QVERIFY(saveInventory(inv, d + "/inventory.yaml"));
        auto cli = [&](std::vector<std::string> argv) {
            QProcess p;
            QStringList args;
            for (const auto& a : argv)
                args << QString::fromStdString(a);
            p.start(QStringLiteral(RP_CLI), args);
            p.waitForFinished(300000);
            return std::pair { p.exitCode(), QString::fromUtf8(p.readAllStandardOutput() + p.readAllStandardError()) };
        };
        auto planned
            = cli({ "plan", "--profile", "lossless-dscp", "--inventory", d + "/inventory.yaml", "--out", d + "/plan" });
        QVERIFY2(planned.first == 0, qPrintable(planned.second));
        auto exported = cli({ "export", "ansible", "--plan", d + "/plan", "--inventory", d + "/inventory.yaml", "--out",
            d + "/ansible" });
        QVERIFY2(exported.first == 0, qPrintable(exported.second));
        auto plan = loadPlanDirectory(d + "/plan");
        QVERIFY(plan);

        Inventory saved = m_inventory;
        m_inventory = inv;
        auto before = discoverState();
        QCOMPARE(before.size(), 2u);
        auto restore = [&] {
            for (const auto& [name, s] : before) {
                auto ns = lab::netns(name);
                lab::sh("ip netns exec " + ns + " ip link set dev eth0 mtu " + std::to_string(s.eth0Mtu.value_or(1500))
                    + "; ip netns exec " + ns + " ip link set dev lo mtu " + std::to_string(s.loMtu.value_or(65536)));
            }
        };
        auto first = runAnsible(d + "/ansible", { "site.yml" });
        auto state = discoverState();
        auto second = runAnsible(d + "/ansible", { "site.yml" });
        restore();
        auto restored = discoverState();
        // The same plan through RoCE Pilot's own engine must reach the same state, and the exported playbook must
        // then find nothing to change.
        auto engine = cli(
            { "apply", "--plan", d + "/plan", "--inventory", d + "/inventory.yaml", "--journal-dir", d + "/journals" });
        auto engineState = discoverState();
        auto afterEngine = runAnsible(d + "/ansible", { "site.yml" });
        restore();
        m_inventory = saved;
        QVERIFY2(first.exitCode == 0, tail(first.out).constData());
        QVERIFY2(second.exitCode == 0, tail(second.out).constData());
        QVERIFY(restored == before);
        QVERIFY2(engine.first == 0, qPrintable(engine.second));
        QCOMPARE(state.size(), 2u);
        QCOMPARE(engineState.size(), 2u);
        QVERIFY2(afterEngine.exitCode == 0, tail(afterEngine.out).constData());
        for (const auto& t : plan->targets) {
            auto e = t.effective();
            QVERIFY2(e.count("mtu"), t.name.c_str());
            QVERIFY2(recap(first.out, t.name, "changed") >= 1, tail(first.out).constData());
            QCOMPARE(recap(second.out, t.name, "changed"), 0);
            QCOMPARE(recap(afterEngine.out, t.name, "changed"), 0);
            const auto& s = state.at(t.name);
            QVERIFY2(s.eth0Mtu && std::to_string(*s.eth0Mtu) == e.at("mtu"), (t.name + ": " + describe(s)).c_str());
            QVERIFY2(s.loMtu && std::to_string(*s.loMtu) == e.at("mtu"), (t.name + ": " + describe(s)).c_str());
            QVERIFY2(engineState.at(t.name) == s,
                (t.name + ": engine " + describe(engineState.at(t.name)) + ", ansible " + describe(s)).c_str());
        }
        QCOMPARE(plan->targets.size(), 2u);
    }

    void cleanupTestCase()
    {
        // Put the shared lab hosts back as discovery found them.
        for (const auto& [name, s] : m_before) {
            auto ns = lab::netns(name);
            lab::sh("ip netns exec " + ns + " ip link set dev eth0 mtu " + std::to_string(s.eth0Mtu.value_or(1500))
                + "; ip netns exec " + ns + " ip link set dev lo mtu " + std::to_string(s.loMtu.value_or(65536)));
        }
    }
};

QTEST_GUILESS_MAIN(TestExportAnsibleNetns)
#include "tst_export_ansible_netns.moc"

// SPDX-License-Identifier: GPL-3.0-or-later
#include "generate/plan.h"
#include "generate/targets.h"
#include "inventory/inventory.h"
#include "profile/profile.h"
#include "util/atomicfile.h"
#include "util/files.h"
#include "util/text.h"

#include "handplan.h"
#include "randomprofile.h"
#include "testutil.h"

#include <QDir>
#include <QProcess>
#include <QTemporaryDir>
#include <cstdlib>
#include <set>

using namespace rp;

namespace {

const std::string kInventory = std::string(RP_SOURCE_DIR) + "/docs/examples/plan-inventory.yaml";
const std::string kGolden = std::string(RP_FIXTURES_DIR) + "/golden";

PlanInventory exampleInventory()
{
    auto inv = loadPlanInventory(kInventory);
    if (!inv)
        qFatal("%s", inv.error().describe().c_str());
    return *inv;
}

std::string get(const std::map<std::string, std::string>& m, const std::string& key)
{
    auto it = m.find(key);
    return it == m.end() ? std::string("<missing>") : it->second;
}

bool unsupported(const PlanTarget& t, const std::string& key)
{
    for (const auto& u : t.unsupported) {
        if (u.key == key)
            return true;
    }
    return false;
}

/// Host and switch settings derived from the plan's structured step data must agree. Returns "" or the mismatch.
std::string checkAgreement(const Profile& p, const Plan& plan)
{
    std::string out;
    auto mismatch = [&](const PlanTarget& h, const PlanTarget& s, const std::string& what, const std::string& hv,
                        const std::string& sv) {
        out += h.name + " vs " + s.name + ": " + what + " host=" + hv + " switch=" + sv + "\n";
    };
    for (const auto& h : plan.targets) {
        if (h.kind == TargetKind::Switch)
            continue;
        auto he = h.effective();
        for (const auto& s : plan.targets) {
            if (s.kind != TargetKind::Switch)
                continue;
            auto se = s.effective();
            // PFC priorities: both sides must say, and say the same.
            if (get(he, "pfc") != get(se, "pfc"))
                mismatch(h, s, "pfc", get(he, "pfc"), get(se, "pfc"));
            // MTU: the switch port takes the host's frames.
            auto hm = get(he, "mtu"), sm = get(se, "mtu");
            if (hm == "<missing>" || sm == "<missing>" || std::atoi(hm.c_str()) > std::atoi(sm.c_str()))
                mismatch(h, s, "mtu", hm, sm);
            // Trust (when both sides have one; "both" on NVIDIA switches honours either).
            if (!unsupported(h, "trust") && !unsupported(s, "trust")) {
                auto ht = get(he, "trust"), st = get(se, "trust");
                if (ht != st && st != "both")
                    mismatch(h, s, "trust", ht, st);
            }
            // The class of the RoCE and CNP traffic: host DSCP -> priority -> TC vs switch DSCP -> TC, or the
            // host's egress PCP -> TC vs switch PCP -> TC.
            auto hostTc = [&](const std::string& prio) { return get(he, "tc:" + prio); };
            if (p.trust == TrustMode::Dscp) {
                for (int dscp : { p.roceDscp, p.cnpDscp }) {
                    auto key = "dscp:" + std::to_string(dscp);
                    auto skey = "dscp-tc:" + std::to_string(dscp);
                    if (unsupported(h, key) || unsupported(s, skey))
                        continue;
                    auto hv = hostTc(get(he, key)), sv = get(se, skey);
                    if (hv != sv || hv == "<missing>")
                        mismatch(h, s, "class of DSCP " + std::to_string(dscp), hv, sv);
                }
            } else {
                auto egress = get(he, "pcp.egress");
                auto hv = hostTc(egress), sv = get(se, "pcp-tc:" + egress);
                if (hv != sv || hv == "<missing>")
                    mismatch(h, s, "class of PCP " + egress, hv, sv);
            }
            // CNP class, where the host sets the CNP priority itself.
            if (!unsupported(h, "cnp.priority") && !unsupported(s, "cnp.tc")) {
                auto hv = hostTc(get(he, "cnp.priority")), sv = get(se, "cnp.tc");
                if (hv != sv || hv == "<missing>")
                    mismatch(h, s, "CNP class", hv, sv);
            }
        }
    }
    return out;
}

} // namespace

class TestGenerate final : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void exampleInventoryCoversEverything()
    {
        auto inv = exampleInventory();
        std::set<HostKind> kinds;
        for (const auto& h : inv.hosts)
            kinds.insert(h.kind);
        QCOMPARE(kinds.size(), 3u);
        std::set<SwitchVendor> vendors;
        for (const auto& s : inv.switches)
            vendors.insert(s.vendor);
        QCOMPARE(vendors.size(), allSwitchVendors().size());
    }

    void golden_data()
    {
        QTest::addColumn<QString>("preset");
        for (const auto& preset : presets())
            QTest::newRow(preset.id.c_str()) << QString::fromStdString(preset.id);
    }

    void golden()
    {
        QFETCH(QString, preset);
        auto profile = findPreset(preset.toStdString())->profile;
        auto plan = generatePlan(profile, exampleInventory());
        QVERIFY2(plan, plan ? "" : plan.error().describe().c_str());
        const bool update = std::getenv("RP_UPDATE_GOLDEN") && std::string(std::getenv("RP_UPDATE_GOLDEN")) == "1";
        const std::string dir = kGolden + "/" + preset.toStdString();
        std::vector<std::pair<std::string, std::string>> files;
        for (const auto& t : plan->targets)
            files.emplace_back(targetFileName(t), renderTarget(*plan, t));
        files.emplace_back("plan.json", planToJson(*plan));
        if (update)
            QDir().mkpath(QString::fromStdString(dir));
        for (const auto& [name, text] : files) {
            const std::string path = dir + "/" + name;
            if (update) {
                QVERIFY(writeFileAtomically(path, text, 0644));
                continue;
            }
            auto expected = readTextFile(path);
            QVERIFY2(expected, (path + " missing: run with RP_UPDATE_GOLDEN=1 to create it").c_str());
            QVERIFY2(*expected == text,
                (path + " differs from the generator output; review, then RP_UPDATE_GOLDEN=1 to accept").c_str());
        }
        // Same input, byte-identical output.
        auto again = generatePlan(profile, exampleInventory());
        QVERIFY(*again == *plan);
        QCOMPARE(planToJson(*again), planToJson(*plan));
    }

    void hostsAndSwitchesAgree_data() { golden_data(); }

    void hostsAndSwitchesAgree()
    {
        QFETCH(QString, preset);
        auto profile = findPreset(preset.toStdString())->profile;
        auto plan = generatePlan(profile, exampleInventory());
        QVERIFY(plan);
        auto problems = checkAgreement(profile, *plan);
        QVERIFY2(problems.empty(), problems.c_str());
    }

    void randomProfilesGenerateAndAgree()
    {
        std::mt19937 rng(777);
        auto inv = exampleInventory();
        for (int i = 0; i < 300; ++i) {
            auto p = test::randomProfile(rng);
            auto plan = generatePlan(p, inv);
            QVERIFY2(plan, (std::to_string(i) + ": " + (plan ? "" : plan.error().describe())).c_str());
            auto problems = checkAgreement(p, *plan);
            QVERIFY2(problems.empty(), (std::to_string(i) + ":\n" + problems + profileToYaml(p)).c_str());
            for (const auto& t : plan->targets) {
                QVERIFY(!renderTarget(*plan, t).empty());
                for (const auto& s : t.steps) {
                    QVERIFY(!s.id.empty());
                    QVERIFY(s.kind != StepKind::HostArgv || !s.argv.empty());
                    QVERIFY2(s.kind == StepKind::HostArgv || !s.text.empty(), s.id.c_str());
                    QVERIFY(s.undo.known || !s.undo.note.empty()); // unknown state is said, not invented
                }
            }
        }
    }

    void undoFromDiscoveredState()
    {
        auto profile = findPreset("lossless-dscp")->profile;
        PlanInventory inv;
        inv.hosts.push_back({ "a", HostKind::LinuxGeneric, { { "eth0", "", 1 } } });
        inv.hosts.push_back({ "b", HostKind::LinuxNvidia, { { "eth0", "", 1 } } });
        HostFacts facts;
        Netdev nd;
        nd.name = "eth0";
        nd.mtu = 1500;
        nd.dcb.source = "dcb";
        nd.dcb.pfcEnabled = std::array<bool, 8> { false, false, false, false, true, false, false, false };
        nd.dcb.prioToTc = std::array<int, 8> {};
        nd.dcb.tcBandwidth = std::array<int, 8> { 100, 0, 0, 0, 0, 0, 0, 0 };
        nd.dcb.tcTsa = std::array<std::string, 8> { "ets", "ets", "ets", "ets", "ets", "ets", "ets", "ets" };
        nd.dcb.willing = true;
        nd.dcb.trust = "pcp";
        nd.dcb.dscpToPrio = { { 26, 0 } };
        facts.netdevs.push_back(nd);
        RdmaDevice dev;
        dev.name = "mlx5_0";
        dev.transport = Transport::RoCE;
        RdmaPort port;
        port.number = 1;
        port.netdev = "eth0";
        dev.ports.push_back(port);
        facts.devices.push_back(dev);
        auto plan = generatePlan(profile, inv, { { "a", facts }, { "b", facts } });
        QVERIFY(plan);
        auto find = [&](const std::string& id) -> const Step& {
            for (const auto& t : plan->targets) {
                for (const auto& s : t.steps) {
                    if (s.id == id)
                        return s;
                }
            }
            qFatal("no step %s", id.c_str());
        };
        const auto& mtu = find("a.eth0.mtu");
        QVERIFY(mtu.undo.known);
        QCOMPARE(
            mtu.undo.commands.at(0), (std::vector<std::string> { "ip", "link", "set", "dev", "eth0", "mtu", "1500" }));
        const auto& pfc = find("a.eth0.pfc");
        QCOMPARE(pfc.undo.commands.at(0).back(), std::string("7:off"));
        QCOMPARE(pfc.undo.commands.at(0).at(10), std::string("4:on"));
        const auto& app = find("a.eth0.dscp");
        QCOMPARE(app.undo.commands.size(), 2u); // 26 back to 0, 48 removed
        QCOMPARE(app.undo.commands.at(0).back(), std::string("26:0"));
        QCOMPARE(app.undo.commands.at(1).at(2), std::string("del"));
        QCOMPARE(find("b.eth0.trust").undo.commands.at(0).back(), std::string("pcp"));
        QCOMPARE(find("b.eth0.pfc").undo.commands.at(0).back(), std::string("0,0,0,0,1,0,0,0"));
        // The RDMA device came from the facts.
        QCOMPARE(find("a.eth0.rdma_cm-mode").path,
            std::string("/sys/kernel/config/rdma_cm/mlx5_0/ports/1/default_roce_mode"));
        // Without facts the undo says the state is unknown instead of guessing.
        auto blind = generatePlan(profile, inv);
        for (const auto& t : blind->targets) {
            for (const auto& s : t.steps) {
                if (s.id == "a.eth0.pfc") {
                    QVERIFY(!s.undo.known);
                    QVERIFY(s.undo.commands.empty());
                    QVERIFY(s.undo.note.find("not discovered") != std::string::npos);
                }
            }
        }
    }

    void namesAreValidatedBeforeAnyArgv_data()
    {
        QTest::addColumn<QString>("yaml");
        QTest::addColumn<QString>("message");
        QTest::newRow("linux injection")
            << QStringLiteral("hosts:\n  - {name: a, kind: linux, interfaces: ['eth0;reboot']}\n")
            << QStringLiteral("f.yaml: host 'a': interface name 'eth0;reboot' rejected: "
                              "only letters, digits and - _ . @ are allowed; it is never passed to a command");
        QTest::newRow("windows quote") << QStringLiteral(
            "hosts:\n  - {name: w, kind: windows, interfaces: [\"a'b\"]}\n")
                                       << QStringLiteral("f.yaml: host 'w': adapter name 'a'b' rejected: only letters, "
                                                         "digits, space and - _ . ( ) # are allowed");
        QTest::newRow("switch port") << QStringLiteral(
            "switches:\n  - {name: s, vendor: eos, host_ports: ['Et1\\nreload']}\n")
                                     << QStringLiteral("f.yaml: switch 's': switch port 'Et1\\nreload' rejected: only "
                                                       "letters, digits, space and - _ . / : are allowed");
        QTest::newRow("vendor typo") << QStringLiteral(
            "switches:\n  - {name: s, vendor: sonci, host_ports: [Ethernet0]}\n")
                                     << QStringLiteral(
                                            "f.yaml:2:23: 'vendor' must be cumulus or onyx or sonic or eos or "
                                            "nxos or os10 or junos or ftos, not 'sonci' (did you mean 'sonic'?)");
        QTest::newRow("target name") << QStringLiteral("switches:\n  - {name: ../x, vendor: eos, host_ports: [Et1]}\n")
                                     << QStringLiteral("f.yaml: switch '../x': target name '../x' rejected: reserved");
        QTest::newRow("unknown key") << QStringLiteral("switches:\n  - {name: s, vendor: eos, host_port: [Et1]}\n")
                                     << QStringLiteral("f.yaml:2:28: unknown key 'host_port' in a switch (did you mean "
                                                       "'host_ports'?)");
        QTest::newRow("empty") << QStringLiteral("version: 1\n")
                               << QStringLiteral("f.yaml: the plan inventory has no hosts and no switches");
    }

    void namesAreValidatedBeforeAnyArgv()
    {
        QFETCH(QString, yaml);
        QFETCH(QString, message);
        auto inv = parsePlanInventory(yaml.toStdString(), "f.yaml");
        QVERIFY(!inv);
        QCOMPARE(QString::fromStdString(inv.error().describe()), message);
    }

    void planJsonReadsBackExactly()
    {
        auto inv = loadPlanInventory(kInventory);
        QVERIFY(inv);
        for (const auto& preset : presets()) {
            auto plan = generatePlan(preset.profile, *inv);
            QVERIFY(plan);
            plan->profileYaml = profileToYaml(preset.profile);
            plan->inventoryYaml = "version: 1\nhosts: []\n";
            plan->targets.front().steps.front().mayCutManagement = true;
            auto back = planFromJson(planToJson(*plan), "plan.json");
            QVERIFY2(back, back ? "" : back.error().describe().c_str());
            // Warnings come back as warnings (plan.json has no error flag: a plan with errors is never written).
            for (auto& w : plan->warnings)
                w.error = false;
            QVERIFY2(*back == *plan, preset.id.c_str());
        }
    }

    void planJsonRejectsDamage_data()
    {
        QTest::addColumn<QString>("json");
        QTest::addColumn<QString>("message");
        QTest::newRow("not json") << QStringLiteral("{") << QStringLiteral("not valid JSON");
        QTest::newRow("version") << QStringLiteral(R"({"version": 2, "profile": "x", "targets": []})")
                                 << QStringLiteral("$.version: plan version 2 is not one this RoCE Pilot reads (1)");
        QTest::newRow("kind") << QStringLiteral(
            R"({"version": 1, "profile": "x", "targets": [{"name": "a", "kind": "router", "platform": "p", "title": "t", "steps": []}]})")
                              << QStringLiteral("$.targets[0].kind: must be linux, linux-nvidia, windows or switch");
        QTest::newRow("argv type") << QStringLiteral(
            R"({"version": 1, "profile": "x", "targets": [{"name": "a", "kind": "linux", "platform": "p", "title": "t", "steps": [{"id": "a.x", "title": "x", "kind": "host-argv", "argv": ["ip", 3], "verify": {"expect": ""}, "undo": {}}]}]})")
                                   << QStringLiteral("$.targets[0].steps[0].argv[1]: must be a string");
        QTest::newRow("switch step on host") << QStringLiteral(
            R"({"version": 1, "profile": "x", "targets": [{"name": "a", "kind": "linux", "platform": "p", "title": "t", "steps": [{"id": "a.x", "title": "x", "kind": "switch-cli", "cli": "reload", "verify": {"expect": ""}, "undo": {}}]}]})")
                                             << QStringLiteral("a host target cannot have a switch-cli step");
        QTest::newRow("relative file") << QStringLiteral(
            R"({"version": 1, "profile": "x", "targets": [{"name": "a", "kind": "linux", "platform": "p", "title": "t", "steps": [{"id": "a.x", "title": "x", "kind": "file", "path": "etc/x", "content": "", "verify": {"expect": ""}, "undo": {}}]}]})")
                                       << QStringLiteral("$.targets[0].steps[0].path: must be an absolute path");
        // Targets are read one at a time as the parser completes them (issue 20: memory of big plans); what sits
        // around them is still checked, and a key given twice is refused, not the last one taken.
        QTest::newRow("version after targets") << QStringLiteral(R"({"profile": "x", "targets": [], "version": 3})")
                                               << QStringLiteral("$.version: plan version 3 is not one this");
        QTest::newRow("targets twice") << QStringLiteral(
            R"({"version": 1, "profile": "x", "targets": [], "targets": []})")
                                       << QStringLiteral("$.targets: appears twice");
        QTest::newRow("target not an object")
            << QStringLiteral(R"({"version": 1, "profile": "x", "targets": [7]})") << QStringLiteral("$.targets[0]");
        QTest::newRow("targets an object")
            << QStringLiteral(R"({"version": 1, "profile": "x", "targets": {"a": {"name": "a"}}})")
            << QStringLiteral("$.targets: missing or not a list");
        QTest::newRow("second target bad") << QStringLiteral(
            R"({"version": 1, "profile": "x", "targets": [{"name": "a", "kind": "linux", "platform": "p", "title": "t", "steps": []}, {"name": "a", "kind": "linux", "platform": "p", "title": "t", "steps": []}]})")
                                           << QStringLiteral("$.targets[1].name: 'a' is used twice");
    }

    void planJsonRejectsDamage()
    {
        QFETCH(QString, json);
        QFETCH(QString, message);
        auto plan = planFromJson(json.toStdString(), "p.json");
        QVERIFY(!plan);
        QVERIFY2(QString::fromStdString(plan.error().describe()).contains(message), plan.error().describe().c_str());
        QVERIFY(QString::fromStdString(plan.error().describe()).startsWith(QStringLiteral("p.json")));
    }

    // Issue 20, item 8: what is applied is what was reviewed. The repro: a plan.json without `source` whose argv
    // was edited, while <target>.txt still showed the original, was applied and exported without a word.
    void reviewedTextIsWhatIsApplied()
    {
        auto plan = generatePlan(findPreset("lossless-dscp")->profile, exampleInventory());
        QVERIFY(plan);
        QVERIFY(plan->profileYaml.empty()); // no `source` in what it writes
        const std::string json = planToJson(*plan);
        QVERIFY(json.find("\"file_sha256\"") != std::string::npos);
        auto back = planFromJson(json, "plan.json");
        QVERIFY2(back, back ? "" : back.error().describe().c_str());
        QVERIFY(back->unsealed.empty());

        std::string edited = json;
        const auto at = edited.find("\"9000\"");
        QVERIFY(at != std::string::npos && at < edited.find("\"sets\""));
        edited.replace(at, 6, "\"9001\"");
        auto refused = planFromJson(edited, "plan.json");
        QVERIFY(!refused);
        const std::string why = refused.error().describe();
        QVERIFY2(
            why.starts_with("plan.json: $.targets[0]: 'linux-a' was changed after the plan was written"), why.c_str());
        QVERIFY2(why.find("linux-a.txt") != std::string::npos, why.c_str());

        // A plan made in memory leaves the comment mark empty (the apply page's tests, journals of such runs): its
        // text and the text of the plan read back are one, so its digest holds.
        using namespace rp::test;
        const PlanTarget leaf
            = handMadeTarget("leaf", TargetKind::Switch, { cliStep("leaf.x", "interface Ethernet1") });
        const Plan inMemory
            = handMadePlan({ handMadeTarget("h1", TargetKind::LinuxGeneric, { hostStep("h1.x", { "true" }) }), leaf });
        auto readBack = planFromJson(planToJson(inMemory), "journal.json (plan)");
        QVERIFY2(readBack, readBack ? "" : readBack.error().describe().c_str());
        QCOMPARE(renderTarget(*readBack, readBack->targets[1]), renderTarget(inMemory, leaf));

        // A plan made by hand (no digests) is read, and every target is named as unsealed.
        std::string bare;
        for (const auto line : splitLines(json))
            if (line.find("\"file_sha256\"") == std::string_view::npos)
                bare.append(line).append("\n");
        auto handMade = planFromJson(bare, "plan.json");
        QVERIFY2(handMade, handMade ? "" : handMade.error().describe().c_str());
        QCOMPARE(handMade->unsealed.size(), plan->targets.size());
        QCOMPARE(handMade->unsealed.front(), plan->targets.front().name);
        std::string notHex = json;
        notHex.replace(notHex.find("\"file_sha256\": \"") + 16, 1, "Z");
        auto badDigest = planFromJson(notHex, "plan.json");
        QVERIFY(!badDigest);
        QVERIFY2(badDigest.error().describe().find("$.targets[0].file_sha256: must be 64 lower-case hex digits")
                != std::string::npos,
            badDigest.error().describe().c_str());

        // The texts beside plan.json: one edited after writing is refused with its line; without them plan.json
        // alone is read.
        QTemporaryDir dir;
        const std::string out = dir.path().toStdString() + "/plan";
        QVERIFY(writePlanDirectory(*plan, out));
        QVERIFY(loadPlanDirectory(out));
        const std::string txt = out + "/" + targetFileName(plan->targets.front());
        auto text = readTextFile(txt);
        QVERIFY(text);
        std::string changed = *text;
        const auto third = changed.find('\n', changed.find('\n') + 1) + 1;
        changed.insert(third, "ip link set dev eth9 down\n");
        QVERIFY(writeFileAtomically(txt, changed, 0644, AtomicFile::Existing::Replace));
        auto stale = loadPlanDirectory(out);
        QVERIFY(!stale);
        QVERIFY2(
            stale.error().describe().starts_with(txt + ": line 3: differs from what plan.json applies to 'linux-a'"),
            stale.error().describe().c_str());
        QVERIFY(!loadPlanDirectory(out + "/plan.json")); // the file given, its directory's texts checked alike
        QVERIFY(QFile::remove(QString::fromStdString(txt)));
        QVERIFY(loadPlanDirectory(out));

        // A hand-made plan.json whose target name leaves the directory: no file outside it is read or compared.
        const std::string outside = dir.path().toStdString() + "/escape.txt";
        QVERIFY(writeFileAtomically(outside, "not a plan text\n"));
        QVERIFY(QDir().mkpath(dir.path() + QStringLiteral("/hand")));
        QVERIFY(writeFileAtomically(dir.path().toStdString() + "/hand/plan.json",
            planToJson(rp::test::handMadePlan({ rp::test::handMadeTarget(
                "../escape", TargetKind::LinuxGeneric, { rp::test::hostStep("x.y", { "true" }) }) }))));
        auto escaped = loadPlanDirectory(dir.path().toStdString() + "/hand");
        QVERIFY2(escaped, escaped ? "" : escaped.error().describe().c_str());
    }

    void oneInventoryServesDiscoverAndPlan()
    {
        // The inventory `lab start` writes (addresses, data_address, known_hosts) plans as it is.
        const std::string yaml
            = "version: 1\nknown_hosts: /tmp/kh\nhosts:\n"
              "  - {name: lab-a, address: 127.0.0.1, port: 2201, user: root, auth: key, key_file: /k, "
              "kind: linux, data_address: 198.18.0.1, sudo: false, interfaces: [data0]}\n"
              "switches:\n  - {name: leaf, vendor: eos, host_ports: [Ethernet1], address: 10.9.9.9, "
              "user: admin}\n";
        auto inv = parseInventory(yaml, "lab.yaml");
        QVERIFY2(inv, inv ? "" : inv.error().describe().c_str());
        QCOMPARE(inv->switches.size(), 1u);
        QCOMPARE(inv->switches.front().address, std::string("10.9.9.9"));
        auto plan = parsePlanInventory(yaml, "lab.yaml");
        QVERIFY2(plan, plan ? "" : plan.error().describe().c_str());
        QCOMPARE(plan->hosts.front().interfaces.front().name, std::string("data0"));
        // The YAML written back reads back the same.
        auto again = parseInventory(inventoryToYaml(*inv), "again.yaml");
        QVERIFY(again);
        QVERIFY(*again == *inv);
        // Unknown keys name the file, line and column, with a hint.
        auto bad = parseInventory("hosts:\n  - {name: a, address: h, sudoo: true}\n", "b.yaml");
        QVERIFY(!bad);
        QCOMPARE(
            bad.error().describe(), std::string("b.yaml:2:27: unknown key 'sudoo' in a host (did you mean 'sudo'?)"));
        auto dcb = parseInventory("hosts:\n  - {name: a, address: h, dcb: maybe}\n", "c.yaml");
        QVERIFY(!dcb);
        QVERIFY(dcb.error().message.find("'dcb' must be auto, apply or skip") != std::string::npos);
    }

    void cliWritesAllOrNothing()
    {
        QTemporaryDir dir;
        const QString out = dir.path() + QStringLiteral("/plan");
        auto run = [](const QStringList& args, QString* stdoutText = nullptr) {
            QProcess p;
            p.start(QStringLiteral(RP_CLI), args);
            p.waitForFinished(60000);
            if (stdoutText)
                *stdoutText = QString::fromUtf8(p.readAllStandardOutput());
            return p.exitCode();
        };
        const QString inv = QString::fromStdString(kInventory);
        QCOMPARE(
            run({ QStringLiteral("plan"), QStringLiteral("--profile"), QStringLiteral("lossless-dscp"),
                QStringLiteral("--inventory"), inv, QStringLiteral("--out"), out, QStringLiteral("--no-discover") }),
            0);
        QCOMPARE(QDir(out).entryList(QDir::Files).size(), 12);
        auto golden = readTextFile(kGolden + "/lossless-dscp/leaf-eos.txt");
        QVERIFY(golden);
        QCOMPARE(*readTextFile(QString(out + QStringLiteral("/leaf-eos.txt")).toStdString()), *golden);
        // A second run into the same, non-empty directory is refused and changes nothing.
        QCOMPARE(
            run({ QStringLiteral("plan"), QStringLiteral("--profile"), QStringLiteral("ecn-only"),
                QStringLiteral("--inventory"), inv, QStringLiteral("--out"), out, QStringLiteral("--no-discover") }),
            1);
        QCOMPARE(*readTextFile(QString(out + QStringLiteral("/leaf-eos.txt")).toStdString()), *golden);
        // A bad inventory writes nothing at all.
        QFile bad(dir.path() + QStringLiteral("/bad.yaml"));
        QVERIFY(bad.open(QIODevice::WriteOnly));
        bad.write("hosts:\n  - {name: a, kind: linux, interfaces: [eth0]}\n  - {name: b, kind: linux, interfaces: "
                  "['$(id)']}\n");
        bad.close();
        const QString out2 = dir.path() + QStringLiteral("/plan2");
        QCOMPARE(run({ QStringLiteral("plan"), QStringLiteral("--profile"), QStringLiteral("lossless-dscp"),
                     QStringLiteral("--inventory"), bad.fileName(), QStringLiteral("--out"), out2,
                     QStringLiteral("--no-discover") }),
            1);
        QVERIFY(!QFileInfo::exists(out2));
        QCOMPARE(QDir(dir.path()).entryList(QDir::Dirs | QDir::NoDotAndDotDot), QStringList { QStringLiteral("plan") });
        // Usage errors and the profile subcommands.
        QCOMPARE(run({ QStringLiteral("plan"), QStringLiteral("--profile"), QStringLiteral("x") }), 2);
        QCOMPARE(run({ QStringLiteral("profile"), QStringLiteral("show"), QStringLiteral("nope") }), 2);
        QString yaml;
        QCOMPARE(run({ QStringLiteral("profile"), QStringLiteral("show"), QStringLiteral("windows-smb") }, &yaml), 0);
        auto parsed = parseProfile(yaml.toStdString(), "stdout");
        QVERIFY(parsed);
        QVERIFY(*parsed == findPreset("windows-smb")->profile);
        QFile prof(dir.path() + QStringLiteral("/p.yaml"));
        QVERIFY(prof.open(QIODevice::WriteOnly));
        prof.write("ets:\n  bandwidth: [50, 0, 0, 40, 0, 0, 0, 0]\n");
        prof.close();
        QCOMPARE(run({ QStringLiteral("profile"), QStringLiteral("validate"), prof.fileName() }), 1);
        QString presetsText;
        QCOMPARE(run({ QStringLiteral("profile"), QStringLiteral("presets") }, &presetsText), 0);
        QVERIFY(presetsText.contains(QStringLiteral("windows-smb")));
    }
};

QTEST_APPLESS_MAIN(TestGenerate)
#include "tst_generate.moc"

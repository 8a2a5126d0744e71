// SPDX-License-Identifier: GPL-3.0-or-later
#include "profile/profile.h"

#include "randomprofile.h"
#include "testutil.h"

#include <QTemporaryDir>

using namespace rp;

class TestProfile final : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void presetsAreValidAndExplained()
    {
        QCOMPARE(presets().size(), 5u);
        for (const auto& preset : presets()) {
            auto ok = validateProfile(preset.profile);
            QVERIFY2(ok, (preset.id + ": " + (ok ? "" : ok.error().describe())).c_str());
            QVERIFY(preset.explanation.size() > 100);
            QCOMPARE(preset.profile.name, preset.id);
            auto back = parseProfile(profileToYaml(preset.profile), preset.id + ".yaml");
            QVERIFY2(back, back ? "" : back.error().describe().c_str());
            QVERIFY(*back == preset.profile);
        }
        auto dscp = findPreset("lossless-dscp")->profile;
        QCOMPARE(dscp.roceDscp, 26);
        QCOMPARE(dscp.rocePriority, 3);
        QCOMPARE(dscp.cnpDscp, 48);
        QCOMPARE(dscp.cnpPriority, 6);
        QVERIFY(dscp.cnpStrict);
        QCOMPARE(dscp.rdmaCmTos, 104);
        auto pcp = findPreset("lossless-pcp-vlan")->profile;
        QCOMPARE(*pcp.vlan, 2);
        QCOMPARE(str(pcp.trust), str(TrustMode::Pcp));
        auto win = findPreset("windows-smb")->profile;
        QCOMPARE(win.heartbeat->priority, 7);
        QCOMPARE(win.tcBandwidth[7], 1);
        QCOMPARE(win.tcBandwidth[3], 50);
        QCOMPARE(win.tcBandwidth[0], 49);
        auto ecn = findPreset("ecn-only")->profile;
        QVERIFY(ecn.pfcPriorities.empty());
        QVERIFY(!findPreset("nope"));
    }

    void vendorTrapWarnings()
    {
        auto issues = checkProfile(findPreset("lossless-dscp")->profile);
        QStringList codes;
        for (const auto& i : issues) {
            QVERIFY(!i.error);
            codes << QString::fromStdString(i.code);
        }
        QCOMPARE(codes,
            QStringList({ QStringLiteral("vendor.fcoe-priority"), QStringLiteral("vendor.sonic-dscp26"),
                QStringLiteral("vendor.broadcom-cnp") }));
        Profile five = findPreset("lossless-dscp")->profile;
        five.rocePriority = 5;
        five.pfcPriorities = { 5 };
        five.prioToTc = { 0, 0, 0, 0, 0, 5, 6, 0 };
        five.tcBandwidth = { 50, 0, 0, 0, 0, 50, 0, 0 };
        five.cnpPriority = 7;
        five.prioToTc[6] = 0;
        five.prioToTc[7] = 6;
        QVERIFY(validateProfile(five));
        for (const auto& i : checkProfile(five))
            QVERIFY(i.code != "vendor.fcoe-priority" && i.code != "vendor.broadcom-cnp");
    }

    void tosExplained()
    {
        auto text = tosExplanation(findPreset("lossless-dscp")->profile);
        QVERIFY(text.find("104") != std::string::npos);
        QVERIFY(text.find("106") != std::string::npos);
        QVERIFY(text.find("ECT(0)") != std::string::npos);
    }

    void badProfiles_data()
    {
        QTest::addColumn<QString>("yaml");
        QTest::addColumn<QString>("message");
        auto row = [](const char* name, const char* yaml, const char* message) {
            QTest::newRow(name) << QString::fromUtf8(yaml) << QString::fromUtf8(message);
        };
        row("ets sum", "ets:\n  bandwidth: [50, 0, 0, 40, 0, 0, 0, 0]\n",
            "f.yaml:2:14: ets.bandwidth must sum to 100 over the ETS classes, not 90");
        row("priority range", "roce:\n  priority: 8\npfc:\n  priorities: [8]\n",
            "f.yaml:2:13: roce.priority must be 0..7, not 8");
        row("pfc priority range", "pfc:\n  priorities: [3, 9]\n", "f.yaml:2:15: pfc.priorities must be 0..7, not 9");
        row("dscp range", "roce:\n  dscp: 64\n", "f.yaml:2:9: roce.dscp must be 0..63, not 64");
        row("cnp dscp range", "cnp:\n  dscp: -1\n", "f.yaml:2:9: cnp.dscp must be 0..63, not -1");
        row("pcp without vlan", "trust: pcp\n",
            "f.yaml: trust pcp needs a vlan: untagged frames carry no PCP priority");
        row("cnp same priority", "cnp:\n  priority: 3\n",
            "f.yaml:2:13: cnp.priority 3 is the RoCE priority; CNPs need their own class");
        row("cnp same class",
            "cnp:\n  priority: 4\n  strict: false\nets:\n  prio_tc: [0, 0, 0, 3, 3, 0, 0, 0]\n  "
            "strict: []\n",
            "f.yaml:2:13: cnp.priority 4 is in TC 3, the RoCE class; CNPs must not queue behind the traffic they slow "
            "down");
        row("no pfc on roce", "pfc:\n  priorities: [4]\n",
            "f.yaml:2:15: pfc.priorities must include the RoCE priority 3 (or set mode: ecn-only for a profile "
            "without PFC)");
        row("ecn-only with pfc", "mode: ecn-only\n",
            "f.yaml: mode ecn-only must have no PFC priorities (pfc.priorities lists 3)");
        row("ecn-only without ecn", "mode: ecn-only\npfc: {priorities: []}\necn: {enabled: false}\n",
            "f.yaml:3:16: mode ecn-only needs ecn.enabled: true: without PFC, ECN is the only congestion signal");
        row("host mtu range", "mtu:\n  host: 100\n", "f.yaml:2:9: mtu.host must be 1280..9216, not 100");
        row("switch mtu range", "mtu:\n  switch: 9600\n", "f.yaml:2:11: mtu.switch must be 1500..9216, not 9600");
        row("switch below host", "mtu:\n  host: 9000\n  switch: 1500\n",
            "f.yaml:3:11: mtu.switch 1500 is below mtu.host 9000; the switch would drop full-size frames");
        row("vlan range", "vlan: 4095\n", "f.yaml:1:7: vlan must be 1..4094, not 4095");
        row("strict bw", "ets:\n  bandwidth: [50, 0, 0, 40, 0, 0, 10, 0]\n",
            "f.yaml:2:14: ets.bandwidth of strict TC 6 must be 0, not 10");
        row("cnp strict not strict tc", "ets:\n  strict: []\n  bandwidth: [40, 0, 0, 50, 0, 0, 10, 0]\n",
            "f.yaml: cnp.strict is true but the CNP class TC 6 is not in ets.strict");
        row("starved tc", "ets:\n  prio_tc: [0, 1, 0, 3, 0, 0, 6, 0]\n",
            "f.yaml:2:3: TC 1 carries priorities but has 0 % bandwidth and is not strict");
        row("lossless tc number",
            "ets:\n  prio_tc: [0, 0, 0, 2, 0, 0, 6, 0]\n  bandwidth: [50, 0, 50, 0, 0, 0, 0, 0]\n",
            "f.yaml:2:12: ets.prio_tc maps priority 3 to TC 2; the RoCE and PFC priorities must use the TC of the same "
            "number (switch queues follow it)");
        row("ecn thresholds", "ecn:\n  min_kb: 1500\n  max_kb: 150\n",
            "f.yaml:2:11: ecn.min_kb 1500 must be below ecn.max_kb 150");
        row("tos not dscp", "rdma_cm:\n  tos: 100\n",
            "f.yaml:2:8: rdma_cm.tos 100 does not carry DSCP 26 (use 104, or 106 with ECT(0))");
        row("tos ect1", "rdma_cm:\n  tos: 105\n",
            "f.yaml:2:8: rdma_cm.tos 105 does not carry DSCP 26 (use 104, or 106 with ECT(0))");
        row("rdma_cm mode", "rdma_cm:\n  mode: v1\n", "f.yaml:2:9: rdma_cm.mode v1 differs from roce.mode v2");
        row("v1 with dscp", "roce: {mode: v1}\n",
            "f.yaml: RoCE v1 frames have no IP header, so trust dscp cannot classify them; use trust pcp with a "
            "vlan");
        row("no switch ports", "switch_ports: {host_facing: false, uplinks: false}\n",
            "f.yaml:1:15: switch_ports: at least one of host_facing and uplinks must be true");
        row("unknown key", "ets:\n  bandwith: [50, 0, 0, 50, 0, 0, 0, 0]\n",
            "f.yaml:2:3: unknown key 'bandwith' in 'ets' (did you mean 'bandwidth'?)");
        row("unknown top key", "rocee: {dscp: 26}\n",
            "f.yaml:1:1: unknown key 'rocee' in the profile (did you mean 'roce'?)");
        row("bad enum", "trust: dcsp\n", "f.yaml:1:8: 'trust' must be dscp or pcp, not 'dcsp' (did you mean 'dscp'?)");
        row("not a number", "roce:\n  dscp: af31\n", "f.yaml:2:9: 'roce.dscp' must be a whole number, not 'af31'");
        row("eight values", "ets:\n  prio_tc: [0, 0, 0, 3]\n",
            "f.yaml:2:12: 'ets.prio_tc' must list 8 values, one per priority or TC 0..7, not 4");
        row("broken yaml", "roce:\n  dscp: [26\n", "f.yaml:3:1: end of sequence flow not found");
        row("newer version", "version: 2\n",
            "f.yaml:1:10: profile version 2 is not one this RoCE Pilot understands (1)");
        row("empty", "", "f.yaml: the file is empty");
        row("not a map", "- a\n", "f.yaml:1:1: expected a map of profile keys (roce, cnp, pfc, ...)");
        row("bad bool", "cnp: {strict: maybe}\n", "f.yaml:1:15: 'cnp.strict' must be true or false, not 'maybe'");
    }

    void badProfiles()
    {
        QFETCH(QString, yaml);
        QFETCH(QString, message);
        auto result = parseProfile(yaml.toStdString(), "f.yaml");
        QVERIFY(!result);
        QCOMPARE(QString::fromStdString(result.error().describe()), message);
    }

    void partialFileUsesDefaults()
    {
        auto p = parseProfile("roce: {dscp: 24}\n", "f.yaml");
        QVERIFY2(p, p ? "" : p.error().describe().c_str());
        QCOMPARE(p->roceDscp, 24);
        QCOMPARE(p->rdmaCmTos, 96); // follows the DSCP when not given
        QCOMPARE(p->rocePriority, 3);
    }

    void randomProfilesRoundTrip()
    {
        std::mt19937 rng(4242);
        for (int i = 0; i < 400; ++i) {
            auto p = test::randomProfile(rng);
            auto ok = validateProfile(p);
            QVERIFY2(
                ok, (std::to_string(i) + ": " + (ok ? "" : ok.error().describe()) + "\n" + profileToYaml(p)).c_str());
            auto yaml = profileToYaml(p);
            auto back = parseProfile(yaml, "r.yaml");
            QVERIFY2(back, (std::to_string(i) + ": " + (back ? "" : back.error().describe()) + "\n" + yaml).c_str());
            QVERIFY2(*back == p, yaml.c_str());
            QCOMPARE(profileToYaml(*back), yaml);
        }
    }

    void loadFromFile()
    {
        QTemporaryDir dir;
        auto path = QString(dir.path() + QStringLiteral("/p.yaml")).toStdString();
        QVERIFY(!loadProfile(path));
        QFile f(QString::fromStdString(path));
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(profileToYaml(findPreset("windows-smb")->profile).c_str());
        f.close();
        auto p = loadProfile(path);
        QVERIFY(p);
        QVERIFY(*p == findPreset("windows-smb")->profile);
    }
};

QTEST_APPLESS_MAIN(TestProfile)
#include "tst_profile.moc"

// SPDX-License-Identifier: GPL-3.0-or-later
// The parts of the apply engine that need no host: journal files (round trip, damage, listing, a disk that
// refuses the write), read-back matching, and the state snapshot a rollback is proved against.
#include "apply/apply.h"
#include "apply/journal.h"
#include "generate/plan.h"
#include "util/files.h"

#include "handplan.h"

#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>
#include <sys/stat.h>

using namespace rp;
using namespace rp::apply;

class TestApply : public QObject
{
    Q_OBJECT

    static Journal sample(const std::string& dir)
    {
        Journal j;
        j.id = "20261124-081502-4f3a";
        j.created = "2026-11-24T08:15:02Z";
        j.mode = "apply";
        j.state = "running";
        j.policy = "stop";
        j.planJson = "{\"version\": 1}";
        j.inventoryYaml = "version: 1\nhosts: []\n";
        HostRecord h;
        h.name = "lab-a";
        h.state = HostState::Applying;
        h.snapshot = { { "data0.mtu", "1500" }, { "file:/x", "<absent>" } };
        StepRecord s;
        s.id = "lab-a.data0.mtu";
        s.title = "MTU";
        s.state = StepState::Verified;
        s.ran = true;
        s.undo = { { "ip", "link", "set", "dev", "data0", "mtu", "1500" } };
        s.before = "\"mtu\":1500";
        h.steps.push_back(s);
        s.id = "lab-a.data0.vlan";
        s.state = StepState::Running;
        s.undo = { { "sh", "-c", "printf '%s\\n' \"$1\" >\"$2\"", "rp-undo", "it's $(x)", "/y" } };
        h.steps.push_back(s);
        j.hosts.push_back(h);
        j.path = dir + "/" + j.id + ".json";
        return j;
    }

private slots:
    void journalRoundTrip()
    {
        QTemporaryDir dir;
        const Journal j = sample(dir.path().toStdString());
        QVERIFY(saveJournal(j));
        auto back = loadJournal(j.path);
        QVERIFY2(back, back ? "" : back.error().describe().c_str());
        QCOMPARE(journalToJson(*back), journalToJson(j));
        QCOMPARE(back->hosts.at(0).steps.at(1).undo.at(0).at(4), std::string("it's $(x)"));
        QVERIFY(!journalFinished(*back));
        // Only its owner reads a journal: it holds the inventory.
        struct stat st
        { };
        QCOMPARE(::stat(j.path.c_str(), &st), 0);
        QCOMPARE(st.st_mode & 0777u, 0600u);
    }

    void damagedJournalsAreNamedNotSkipped()
    {
        QTemporaryDir dir;
        const std::string d = dir.path().toStdString();
        Journal finished = sample(d);
        finished.id = "20261124-090000-aaaa";
        finished.state = "applied";
        finished.path = d + "/" + finished.id + ".json";
        QVERIFY(saveJournal(sample(d)));
        QVERIFY(saveJournal(finished));
        QVERIFY(writeFileAtomically(d + "/20261124-100000-bbbb.json", "{\"version\": 1, \"id\": 3"));
        const auto list = listJournals(d);
        QCOMPARE(list.size(), 3u);
        QCOMPARE(list.at(0).id, std::string("20261124-100000-bbbb"));
        QVERIFY(list.at(0).error.find("damaged apply journal") != std::string::npos);
        QCOMPARE(list.at(1).state, std::string("applied"));
        QCOMPARE(list.at(2).state, std::string("running"));
        QCOMPARE(list.at(2).hosts.at(0), (std::pair<std::string, std::string> { "lab-a", "applying" }));
        auto bad = journalFromJson(R"({"version": 1, "id": "x", "created": "", "mode": "apply", "state": "running",
            "plan": "", "inventory": "", "hosts": [{"name": "h", "state": "exploded", "snapshot": {}, "steps": []}]})",
            "j.json");
        QVERIFY(!bad);
        QVERIFY(bad.error().describe().find("unknown host state 'exploded'") != std::string::npos);
        // The library's message says which key; the journal's reader adds where, and keeps it to one short line.
        auto noUndo = journalFromJson(R"({"version": 1, "id": "x", "created": "", "mode": "apply", "state": "running",
            "plan": "", "inventory": "", "hosts": [{"name": "h", "state": "applied", "snapshot": {},
            "steps": [{"id": "s", "state": "verified"}]}]})",
            "j.json");
        QVERIFY(!noUndo);
        QVERIFY2(noUndo.error().message.starts_with("damaged apply journal at $.hosts[0].steps[0]: "),
            noUndo.error().message.c_str());
        QVERIFY2(
            noUndo.error().message.find("key 'undo' not found") != std::string::npos, noUndo.error().message.c_str());
        auto cut = journalFromJson("{\"version\": 1, \"id\": \"" + std::string(6000, 'x'), "j.json");
        QVERIFY(!cut);
        QVERIFY2(cut.error().message.size() < 300, cut.error().message.c_str());
    }

    void unwritableJournalIsAnError()
    {
        QTemporaryDir dir;
        const std::string d = dir.path().toStdString() + "/ro";
        QVERIFY(QDir().mkpath(QString::fromStdString(d)));
        QCOMPARE(::chmod(d.c_str(), 0500), 0);
        Journal j = sample(d);
        auto ok = saveJournal(j);
        if (::geteuid() == 0) {
            // root writes through a 0500 directory; the full-disk case is proved on a tiny tmpfs in the lab test
            QVERIFY(ok);
        } else {
            QVERIFY(!ok);
            QVERIFY(ok.error().message.find("cannot write the apply journal") != std::string::npos);
        }
        ::chmod(d.c_str(), 0700);
    }

    // Issue 20: a rollback that reached no host must not claim the hosts went back; the journal keeps saying what
    // they last confirmed, records the attempt, and a finished run is not resumed.
    void rollbackThatReachesNoHostKeepsTheRecord()
    {
        QTemporaryDir dir;
        Journal j = sample(dir.path().toStdString());
        j.state = "applied";
        j.hosts.at(0).state = HostState::Applied;
        j.hosts.at(0).steps.at(1).state = StepState::Verified;
        j.planJson = R"({"version": 1, "profile": "x", "targets": [{"name": "lab-a", "kind": "linux",
            "platform": "linux", "title": "t", "steps": []}]})";
        // Port 1 on the loopback: refused at once, as a host that is down is.
        j.inventoryYaml = "version: 1\nhosts:\n  - {name: lab-a, address: 127.0.0.1, port: 1, user: root}\n";
        QVERIFY(saveJournal(j));
        ConnectContext connect;
        connect.knownHostsFile = dir.filePath(QStringLiteral("known_hosts")).toStdString();
        Options options;
        options.journalDir = dir.path().toStdString();
        auto result = rollback(j.path, connect, options);
        QVERIFY2(result, result ? "" : result.error().describe().c_str());
        QVERIFY(!result->ok); // the host is still changed
        auto back = loadJournal(j.path);
        QVERIFY(back);
        QCOMPARE(back->mode, std::string("apply"));
        QCOMPARE(back->state, std::string("applied"));
        QCOMPARE(toString(back->hosts.at(0).state), std::string("applied"));
        QVERIFY2(back->hosts.at(0).message.starts_with("could not be reached, nothing on it changed: "),
            back->hosts.at(0).message.c_str());
        QCOMPARE(toString(back->hosts.at(0).steps.at(0).state), std::string("verified"));
        QCOMPARE(back->history.size(), std::size_t { 1 });
        QVERIFY2(back->history.at(0).ends_with(
                     " rollback: reached 0 of 1 host(s), nothing changed; the journal stays applied"),
            back->history.at(0).c_str());
        // The same journal, finished, is not resumed.
        auto resumed = resume(j.path, connect, options);
        QVERIFY(!resumed);
        QVERIFY2(resumed.error().message.starts_with("this run already ended (apply, applied)"),
            resumed.error().message.c_str());
        QCOMPARE(loadJournal(j.path)->history.size(), std::size_t { 1 });
    }

    void readBackMatchesWholeValuesOnly_data()
    {
        QTest::addColumn<QString>("output");
        QTest::addColumn<QString>("expect");
        QTest::addColumn<bool>("match");
        QTest::newRow("json mtu") << R"([{"ifname":"data0","mtu":9000,"qdisc":"fq"}])"
                                  << R"("mtu":9000)" << true;
        QTest::newRow("json mtu prefix") << R"([{"mtu":90000}])"
                                         << R"("mtu":9000)" << false;
        QTest::newRow("configfs") << QStringLiteral("RoCE v2\n") << QStringLiteral("RoCE v2") << true;
        QTest::newRow("tos 104 vs 1040") << QStringLiteral("1040\n") << QStringLiteral("104") << false;
        QTest::newRow("tos 104 vs 2104") << QStringLiteral("2104\n") << QStringLiteral("104") << false;
        QTest::newRow("vlan map") << QStringLiteral("EGRESS priority mappings: 0:3 1:3 2:3 \n")
                                  << QStringLiteral("EGRESS priority mappings: 0:3 1:3 2:3") << true;
        QTest::newRow("empty expect") << QStringLiteral("anything") << QString() << true;
        QTest::newRow("absent") << QStringLiteral("order pcp") << QStringLiteral("order dscp") << false;
    }

    void readBackMatchesWholeValuesOnly()
    {
        QFETCH(QString, output);
        QFETCH(QString, expect);
        QFETCH(bool, match);
        QCOMPARE(readBackMatches(output.toStdString(), expect.toStdString()), match);
    }

    void cliExitCodesAndRefusals()
    {
        QTemporaryDir dir;
        auto run = [&](const QStringList& args, QString* err = nullptr) {
            QProcess p;
            auto env = QProcessEnvironment::systemEnvironment();
            env.insert(QStringLiteral("RP_JOURNAL_DIR"), dir.path() + QStringLiteral("/journals"));
            p.setProcessEnvironment(env);
            p.start(QStringLiteral(RP_CLI), args);
            p.waitForFinished(60000);
            if (err)
                *err = QString::fromUtf8(p.readAllStandardError());
            return p.exitCode();
        };
        QCOMPARE(run({ QStringLiteral("apply") }), 2);
        QCOMPARE(run({ QStringLiteral("apply"), QStringLiteral("--plan"), QStringLiteral("x"),
                     QStringLiteral("--profile"), QStringLiteral("y") }),
            2);
        QCOMPARE(run({ QStringLiteral("apply"), QStringLiteral("--plan"), QStringLiteral("x"),
                     QStringLiteral("--policy"), QStringLiteral("sometimes") }),
            2);
        QCOMPARE(run({ QStringLiteral("rollback") }), 2);
        QCOMPARE(run({ QStringLiteral("journal"), QStringLiteral("frobnicate") }), 2);
        QCOMPARE(run({ QStringLiteral("apply"), QStringLiteral("--help") }), 0);
        // A missing plan names the file; a damaged journal is listed, not skipped.
        QString err;
        QCOMPARE(
            run({ QStringLiteral("apply"), QStringLiteral("--plan"), dir.path() + QStringLiteral("/none") }, &err), 1);
        QVERIFY2(
            err.contains(QStringLiteral("/none/plan.json")) || err.contains(QStringLiteral("/none")), qPrintable(err));
        QVERIFY(QDir().mkpath(dir.path() + QStringLiteral("/journals")));
        QVERIFY(writeFileAtomically(
            QString(dir.path() + QStringLiteral("/journals/20261124-000000-dead.json")).toStdString(), "{"));
        QProcess list;
        auto env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("RP_JOURNAL_DIR"), dir.path() + QStringLiteral("/journals"));
        list.setProcessEnvironment(env);
        list.start(QStringLiteral(RP_CLI), { QStringLiteral("journal"), QStringLiteral("list") });
        list.waitForFinished(30000);
        QCOMPARE(list.exitCode(), 0);
        QVERIFY(
            QString::fromUtf8(list.readAllStandardOutput()).contains(QStringLiteral("20261124-000000-dead  DAMAGED")));
        // A plan with a target the inventory lacks is refused before anything connects.
        QVERIFY(QDir().mkpath(dir.path() + QStringLiteral("/plan")));
        QVERIFY(writeFileAtomically(QString(dir.path() + QStringLiteral("/plan/plan.json")).toStdString(),
            R"({"version": 1, "profile": "x", "targets": [{"name": "ghost", "kind": "linux", "platform": "linux",
            "title": "t", "steps": []}]})"));
        QVERIFY(writeFileAtomically(QString(dir.path() + QStringLiteral("/inv.yaml")).toStdString(),
            "version: 1\nhosts:\n  - {name: real, address: 192.0.2.1}\n"));
        QCOMPARE(run({ QStringLiteral("apply"), QStringLiteral("--plan"), dir.path() + QStringLiteral("/plan"),
                         QStringLiteral("--inventory"), dir.path() + QStringLiteral("/inv.yaml") },
                     &err),
            1);
        QVERIFY2(err.contains(QStringLiteral("target ghost that the inventory does not have")), qPrintable(err));
        // Made by hand, without the digest of a reviewed text: apply says so before anything else.
        QVERIFY2(err.contains(QStringLiteral("warning: plan.json holds no digest of the reviewed text for ghost")),
            qPrintable(err));

        // A step edited in plan.json after the plan was written is refused before any host is contacted.
        using namespace rp::test;
        std::string json = planToJson(handMadePlan({ handMadeTarget("real", TargetKind::LinuxGeneric,
            { hostStep("real.data0.mtu", { "ip", "link", "set", "dev", "data0", "mtu", "9000" }) }) }));
        json.replace(json.find("\"9000\""), 6, "\"1280\"");
        QVERIFY(writeFileAtomically(QString(dir.path() + QStringLiteral("/plan/plan.json")).toStdString(), json));
        QCOMPARE(run({ QStringLiteral("apply"), QStringLiteral("--plan"), dir.path() + QStringLiteral("/plan"),
                         QStringLiteral("--inventory"), dir.path() + QStringLiteral("/inv.yaml") },
                     &err),
            1);
        QVERIFY2(err.contains(QStringLiteral("$.targets[0]: 'real' was changed after the plan was written")),
            qPrintable(err));
        QVERIFY2(!err.contains(QStringLiteral("192.0.2.1")), qPrintable(err));
    }

    void snapshotNormalisesWhatMeansTheSame()
    {
        HostFacts facts;
        Netdev data;
        data.name = "data0";
        data.mtu = 1500;
        Netdev vlan;
        vlan.name = "data0.2";
        vlan.mtu = 1500;
        vlan.vlanId = 2;
        vlan.vlanParent = "data0";
        vlan.egressQos = { { 0, 3 }, { 3, 3 } };
        facts.netdevs = { data, vlan };
        PlanTarget t;
        t.name = "lab-a";
        Step s;
        s.id = "lab-a.data0.mtu";
        s.argv = { "ip", "link", "set", "dev", "data0", "mtu", "9000" };
        t.steps.push_back(s);
        s.id = "lab-a.data0.dummy";
        s.argv = { "ip", "link", "add", "dev", "rpd0", "type", "dummy" };
        t.steps.push_back(s);
        const auto before = stateOf(facts, t, { { "/sys/x", "<absent>" } });
        QCOMPARE(before.at("data0.mtu"), std::string("1500"));
        QCOMPARE(before.at("data0.2.egress"), std::string("0:3 3:3"));
        QCOMPARE(before.at("rpd0.exists"), std::string("no"));
        QCOMPARE(before.at("file:/sys/x"), std::string("<absent>"));
        // After an undo the kernel lists every priority, the unmapped ones as 0: the same state.
        facts.netdevs[1].egressQos = { { 0, 3 }, { 1, 0 }, { 2, 0 }, { 3, 3 }, { 4, 0 }, { 5, 0 }, { 6, 0 }, { 7, 0 } };
        QVERIFY(stateOf(facts, t, { { "/sys/x", "<absent>" } }) == before);
        // A netdev the plan made and the undo left behind is a difference.
        Netdev dummy;
        dummy.name = "rpd0";
        dummy.mtu = 1500;
        facts.netdevs.push_back(dummy);
        QCOMPARE(stateOf(facts, t, { { "/sys/x", "<absent>" } }).at("rpd0.exists"), std::string("yes"));
    }
};

QTEST_GUILESS_MAIN(TestApply)
#include "tst_apply.moc"

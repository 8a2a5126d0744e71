// SPDX-License-Identifier: GPL-3.0-or-later
// Runs the real rocepilot-cli binary: exit codes, --help, discover on recorded trees, parse on fixtures.
#include "testutil.h"

#include <QDir>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>

namespace {

struct Run
{
    int exitCode = -1;
    QByteArray out;
    QByteArray err;
};

Run cli(const QStringList& args, const QByteArray& input = {})
{
    QProcess p;
    p.start(QStringLiteral(RP_CLI), args);
    if (!input.isEmpty())
        p.write(input);
    p.closeWriteChannel();
    if (!p.waitForFinished(60000))
        qFatal("rocepilot-cli did not finish");
    return { p.exitCode(), p.readAllStandardOutput(), p.readAllStandardError() };
}

QString fixture(const char* rel)
{
    return QStringLiteral(RP_FIXTURES_DIR "/") + QLatin1String(rel);
}

} // namespace

class TestCli final : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void helpEverywhere()
    {
        for (const auto& args : { QStringList { QStringLiteral("--help") },
                 QStringList { QStringLiteral("discover"), QStringLiteral("--help") },
                 QStringList { QStringLiteral("parse"), QStringLiteral("--help") },
                 QStringList { QStringLiteral("fabric"), QStringLiteral("prom"), QStringLiteral("--help") } }) {
            auto r = cli(args);
            QCOMPARE(r.exitCode, 0);
            QVERIFY(r.out.contains("usage: rocepilot-cli"));
        }
    }

    void usageErrorsExitTwo()
    {
        QCOMPARE(cli({}).exitCode, 2);
        QCOMPARE(cli({ QStringLiteral("frobnicate") }).exitCode, 2);
        auto typo = cli({ QStringLiteral("discover"), QStringLiteral("--jsno") });
        QCOMPARE(typo.exitCode, 2);
        QVERIFY(typo.err.contains("did you mean '--json'"));
        QCOMPARE(cli({ QStringLiteral("discover") }).exitCode, 2);
        auto evil = cli({ QStringLiteral("discover"), QStringLiteral("root@h;reboot") });
        QCOMPARE(evil.exitCode, 2);
        QVERIFY(evil.err.contains("rejected"));
        QCOMPARE(cli({ QStringLiteral("parse"), QStringLiteral("--kind"), QStringLiteral("nope"), QStringLiteral("x") })
                     .exitCode,
            2);
        auto badInv
            = cli({ QStringLiteral("discover"), QStringLiteral("--inventory"), QStringLiteral("/nonexistent.yaml") });
        QCOMPARE(badInv.exitCode, 2);
        QVERIFY(badInv.err.contains("/nonexistent.yaml"));
        // fabric: every option checked before an inventory is read or a host reached.
        const auto inv = QStringLiteral("/nonexistent.yaml");
        for (const auto& args : std::vector<QStringList> {
                 { QStringLiteral("fabric") },
                 { QStringLiteral("fabric"), QStringLiteral("listen") },
                 { QStringLiteral("fabric"), QStringLiteral("watch"), QStringLiteral("--inventory"), inv,
                     QStringLiteral("--rounds"), QStringLiteral("0") },
                 { QStringLiteral("fabric"), QStringLiteral("watch"), QStringLiteral("--inventory"), inv,
                     QStringLiteral("--for"), QStringLiteral("1e9") },
                 { QStringLiteral("fabric"), QStringLiteral("check"), QStringLiteral("--inventory"), inv,
                     QStringLiteral("--rounds"), QStringLiteral("2") },
                 { QStringLiteral("fabric"), QStringLiteral("check"), QStringLiteral("--inventory"), inv,
                     QStringLiteral("--force") },
                 { QStringLiteral("fabric"), QStringLiteral("check"), QStringLiteral("--inventory"), inv,
                     QStringLiteral("--duration"), QStringLiteral("0.1") },
                 { QStringLiteral("fabric"), QStringLiteral("watch"), QStringLiteral("--inventory"), inv,
                     QStringLiteral("--second-pass"), QStringLiteral("0.1") },
                 { QStringLiteral("fabric"), QStringLiteral("check"), QStringLiteral("--inventory"), inv,
                     QStringLiteral("--metrics"), QStringLiteral("127.0.0.1:0") },
                 { QStringLiteral("fabric"), QStringLiteral("watch"), QStringLiteral("--inventory"), inv,
                     QStringLiteral("--metrics"), QStringLiteral("example.com:9464") },
                 { QStringLiteral("fabric"), QStringLiteral("watch"), QStringLiteral("--inventory"), inv,
                     QStringLiteral("--metrics"), QStringLiteral("9464") },
                 { QStringLiteral("fabric"), QStringLiteral("watch"), QStringLiteral("--inventory"), inv,
                     QStringLiteral("--metrics-hosts-limit"), QStringLiteral("10") },
                 { QStringLiteral("fabric"), QStringLiteral("watch"), QStringLiteral("--inventory"), inv,
                     QStringLiteral("--metrics"), QStringLiteral("127.0.0.1:0"),
                     QStringLiteral("--metrics-hosts-limit"), QStringLiteral("0") },
             }) {
            auto r = cli(args);
            QVERIFY2(r.exitCode == 2, qPrintable(args.join(u' ') + QStringLiteral(": ") + QString::fromUtf8(r.err)));
            QVERIFY2(!r.err.contains("nonexistent"), qPrintable(args.join(u' ')));
        }
        // fabric prom: the URL and the matchers checked before anything is connected to (port 1: nothing listens).
        const auto p = [](std::initializer_list<const char*> rest) {
            QStringList a { QStringLiteral("fabric"), QStringLiteral("prom") };
            for (const char* r : rest)
                a << QString::fromUtf8(r);
            return a;
        };
        for (const auto& [args, said] : std::vector<std::pair<QStringList, QByteArray>> {
                 { p({}), "prom needs --url" },
                 { p({ "--url", "https://127.0.0.1:1" }), "https is not supported" },
                 { p({ "--url", "http://u:pw@127.0.0.1:1" }), "password" },
                 { p({ "--url", "http://127.0.0.1:1", "--match", "job=\"a\"} or vector(1)" }), "--match:" },
                 { p({ "--url", "http://127.0.0.1:1", "--every", "3" }), "--every goes with --watch only" },
                 { p({ "--url", "http://127.0.0.1:1", "--watch", "--rounds", "0" }), "--rounds" },
                 { p({ "--url", "http://127.0.0.1:1", "--timeout", "0" }), "--timeout" },
                 { p({ "--url", "http://127.0.0.1:1", "--spine", "a b" }), "--spine" },
                 { p({ "--url", "http://127.0.0.1:1", "--force" }), "--force only goes with --save" },
             }) {
            auto r = cli(args);
            QVERIFY2(r.exitCode == 2 && r.err.contains(said),
                qPrintable(args.join(u' ') + QStringLiteral(": ") + QString::fromUtf8(r.err)));
        }
        // Nothing listens: said naming the server, exit 1.
        auto refused = cli(p({ "--url", "http://127.0.0.1:1" }));
        QCOMPARE(refused.exitCode, 1);
        QVERIFY2(refused.err.contains("Prometheus at http://127.0.0.1:1: cannot connect"), refused.err.constData());
    }

    void discoverRecordedTreeJson()
    {
        auto r = cli({ QStringLiteral("discover"), QStringLiteral("--sysfs-root"), fixture("sysfs/rxe-lab-a"),
            QStringLiteral("--json") });
        QCOMPARE(r.exitCode, 0);
        auto doc = QJsonDocument::fromJson(r.out);
        QVERIFY(doc.isObject());
        QCOMPARE(doc[QStringLiteral("schema")].toString(), QStringLiteral("rocepilot.discovery/1"));
        auto host = doc[QStringLiteral("hosts")][0].toObject();
        QCOMPARE(host[QStringLiteral("state")].toString(), QStringLiteral("ok"));
        QCOMPARE(host[QStringLiteral("hostname")].toString(), QStringLiteral("lab-a"));
        auto gids = host[QStringLiteral("devices")][0][QStringLiteral("ports")][0][QStringLiteral("gids")].toArray();
        QCOMPARE(gids.size(), 4);
        QCOMPARE(host[QStringLiteral("recommendations")][0][QStringLiteral("gid_index")].toInt(), 1);
    }

    void discoverTextMarksRecommendation()
    {
        auto r = cli({ QStringLiteral("discover"), QStringLiteral("--sysfs-root"), fixture("sysfs/mlx5-dual") });
        QCOMPARE(r.exitCode, 0);
        QVERIFY(r.out.contains("RECOMMENDED"));
        QVERIFY(r.out.contains("duplicate"));
        QVERIFY(r.out.contains("1 of 1 hosts discovered"));
    }

    void someHostsFailedExitOne()
    {
        QTemporaryDir dir;
        QString inv = dir.path() + QStringLiteral("/inv.yaml");
        QFile f(inv);
        QVERIFY(f.open(QIODevice::WriteOnly));
        // A path inside our own temporary directory is missing for sure (another program once made /nonexistent).
        const QString missing = dir.path() + QStringLiteral("/missing-tree");
        f.write(QStringLiteral("version: 1\nhosts:\n  - {name: good, local: true, sysfs_root: '%1'}\n"
                               "  - {name: bad, local: true, sysfs_root: '%2'}\n")
                    .arg(fixture("sysfs/bond"), missing)
                    .toUtf8());
        f.close();
        auto r = cli({ QStringLiteral("discover"), QStringLiteral("--inventory"), inv });
        QCOMPARE(r.exitCode, 1);
        QVERIFY(r.out.contains("good (local): ok"));
        QVERIFY(r.out.contains("bad (local): failed"));
        QVERIFY(r.out.contains(QString(missing + QStringLiteral(": not a directory")).toUtf8()));
    }
};

QTEST_GUILESS_MAIN(TestCli)
#include "tst_cli.moc"

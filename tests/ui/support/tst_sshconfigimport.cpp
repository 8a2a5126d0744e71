// SPDX-License-Identifier: GPL-3.0-or-later
#include "support/sshconfigimport.h"

#include "testutil.h"

#include <QTemporaryDir>
#include <QTest>

using rp::ui::parseSshConfig;

class TestSshConfigImport final : public QObject
{
    Q_OBJECT

private slots:
    void parsesHostBlocks()
    {
        const QString config = QStringLiteral(R"(# global defaults are not hosts
User nobody
ServerAliveInterval 30

Host node-a
    HostName 198.18.0.11
    User admin
    Port 2222
    IdentityFile ~/.ssh/id_ed25519
    IdentityFile ~/.ssh/second_key

Host node-b node-b-alias
    hostname=node-b.lab.example
    USER root

Host *.lab !bastion gpu-?? *
    User wildcard

Host bastion
    Port 70000
    IdentityFile "%d/keys/bastion key"

Match host node-c exec "true"
    User matched
)");
        const auto result = parseSshConfig(config, QStringLiteral("/home/admin"), QStringLiteral("admin"));
        QVERIFY(result.error.isEmpty());
        QCOMPARE(result.hosts.size(), std::size_t(4));

        const rp::HostSpec& a = result.hosts[0];
        QCOMPARE(a.name, std::string("node-a"));
        QCOMPARE(a.address, std::string("198.18.0.11"));
        QCOMPARE(a.port, 2222);
        QCOMPARE(a.user, std::string("admin"));
        QVERIFY(a.auth == rp::AuthMethod::KeyFile);
        QCOMPARE(a.keyFile, std::string("/home/admin/.ssh/id_ed25519")); // the first IdentityFile wins
        QVERIFY(!a.local);

        // One Host line with two aliases gives two hosts with the same settings; keywords are case-insensitive
        // and may use '='.
        for (std::size_t i : { std::size_t(1), std::size_t(2) }) {
            const rp::HostSpec& b = result.hosts[i];
            QCOMPARE(b.address, std::string("node-b.lab.example"));
            QCOMPARE(b.user, std::string("root"));
            QCOMPARE(b.port, 22);
            QVERIFY(b.auth == rp::AuthMethod::Agent);
        }
        QCOMPARE(result.hosts[1].name, std::string("node-b"));
        QCOMPARE(result.hosts[2].name, std::string("node-b-alias"));

        // Without User the default user is used; an invalid port is ignored; %d and quotes are handled.
        const rp::HostSpec& bastion = result.hosts[3];
        QCOMPARE(bastion.name, std::string("bastion"));
        QCOMPARE(bastion.address, std::string("bastion"));
        QCOMPARE(bastion.user, std::string("admin"));
        QCOMPARE(bastion.port, 22);
        QCOMPARE(bastion.keyFile, std::string("/home/admin/keys/bastion key"));

        QCOMPARE(result.skippedPatterns,
            (QStringList {
                QStringLiteral("*.lab"), QStringLiteral("!bastion"), QStringLiteral("gpu-??"), QStringLiteral("*") }));
    }

    void emptyAndMissing()
    {
        QVERIFY(parseSshConfig(QString(), QStringLiteral("/root"), QStringLiteral("root")).hosts.empty());
        QVERIFY(parseSshConfig(QStringLiteral("Host *\n  User x\n"), QStringLiteral("/root"), QStringLiteral("root"))
                    .hosts.empty());
        QTemporaryDir dir;
        const auto missing
            = rp::ui::importSshConfigFile(dir.filePath(QStringLiteral("nope")), dir.path(), QStringLiteral("root"));
        QVERIFY(!missing.error.isEmpty());
        QVERIFY(missing.hosts.empty());
        // Issue 20: every input is bounded; a character device is refused, not read until memory runs out.
        const auto device
            = rp::ui::importSshConfigFile(QStringLiteral("/dev/zero"), dir.path(), QStringLiteral("root"));
        QVERIFY2(device.error.contains(QStringLiteral("/dev/zero")), qPrintable(device.error));
        QVERIFY(device.hosts.empty());
    }

    void readsFile()
    {
        QTemporaryDir dir;
        QFile file(dir.filePath(QStringLiteral("config")));
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write("Host lab-a\n  HostName 10.0.0.1\n  IdentityFile ~\n");
        file.close();
        const auto result
            = rp::ui::importSshConfigFile(file.fileName(), QStringLiteral("/home/u"), QStringLiteral("u"));
        QVERIFY(result.error.isEmpty());
        QCOMPARE(result.hosts.size(), std::size_t(1));
        QCOMPARE(result.hosts[0].keyFile, std::string("/home/u"));
        QCOMPARE(result.hosts[0].user, std::string("u"));
    }
};

QTEST_GUILESS_MAIN(TestSshConfigImport)
#include "tst_sshconfigimport.moc"

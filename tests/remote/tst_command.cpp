// SPDX-License-Identifier: GPL-3.0-or-later
// Command quoting through a real POSIX shell, and the validators for values that go into commands.
#include "remote/local_executor.h"
#include "util/command.h"

#include "testbasics.h"

#include <QtTest>

using namespace rp;

namespace {

std::vector<std::string> nastyTokens()
{
    return {
        "plain",
        "with space",
        "it's",
        "\"double\"",
        "$(id)",
        "`id`",
        ";reboot",
        "a && b || c | d",
        "line1\nline2\n",
        "tab\there",
        "back\\slash",
        "$HOME ${PATH}",
        "*?[a-z]~",
        "",
        "'",
        "''\\''",
        "-n",
        "ünïcødé ✓ 日本",
        "> /tmp/x < /etc/passwd",
        "#comment",
        "!bang",
    };
}

std::string runInShell(const Command& command)
{
    LocalExecutor local;
    auto r = local.run(Command { "sh", "-c", command.shellLine() }, {});
    if (!r) {
        qWarning("%s", r.error().describe().c_str());
        return "<error>";
    }
    if (r->exitStatus != 0)
        qWarning("exit %d: %s", r->exitStatus, r->err.c_str());
    return r->out;
}

} // namespace

class TestCommand : public QObject
{
    Q_OBJECT

private slots:
    void quoteRoundTripsEachToken_data()
    {
        QTest::addColumn<QByteArray>("token");
        int i = 0;
        for (const auto& t : nastyTokens())
            QTest::addRow("%d", i++) << QByteArray::fromStdString(t);
    }

    void quoteRoundTripsEachToken()
    {
        QFETCH(QByteArray, token);
        const std::string t = token.toStdString();
        QCOMPARE(runInShell(Command { "printf", "%s", t }), t);
    }

    void shellLineKeepsTokensApart()
    {
        Command c { "printf", "<%s>" };
        std::string expected;
        for (const auto& t : nastyTokens()) {
            c.arg(t);
            expected += "<" + t + ">";
        }
        QCOMPARE(runInShell(c), expected);
    }

    void plainTokensStayUnquoted()
    {
        QCOMPARE(shellQuote("eth0"), std::string("eth0"));
        QCOMPARE(shellQuote("/sys/class/net"), std::string("/sys/class/net"));
        QCOMPARE(shellQuote("it's"), std::string("'it'\\''s'"));
        QCOMPARE(shellQuote(""), std::string("''"));
        QCOMPARE((Command { "ip", "-j", "link", "show", "a b" }.shellLine()), std::string("ip -j link show 'a b'"));
    }

    void interfaceNamesRejected_data()
    {
        QTest::addColumn<QByteArray>("name");
        QTest::newRow("semicolon") << QByteArray("eth0;reboot");
        QTest::newRow("subshell") << QByteArray("$(id)");
        QTest::newRow("backtick") << QByteArray("`id`");
        QTest::newRow("space") << QByteArray("a b");
        QTest::newRow("option") << QByteArray("-rf");
        QTest::newRow("dotdot") << QByteArray("..");
        QTest::newRow("16 chars") << QByteArray("abcdefghijklmnop");
        QTest::newRow("newline") << QByteArray("eth0\nreboot");
        QTest::newRow("control") << QByteArray("eth\x01");
        QTest::newRow("slash") << QByteArray("a/b");
        QTest::newRow("empty") << QByteArray("");
    }

    void interfaceNamesRejected()
    {
        QFETCH(QByteArray, name);
        auto r = validateInterfaceName(name.toStdString());
        QVERIFY(!r);
        QCOMPARE_ENUM(r.error().kind, ErrorKind::Validation);
        // Control characters are shown escaped, never raw.
        for (char c : r.error().message)
            QVERIFY(static_cast<unsigned char>(c) >= 0x20);
        auto rdma = validateRdmaDeviceName(name.toStdString());
        if (name != "abcdefghijklmnop") // 16 characters are fine for an RDMA device
            QVERIFY(!rdma);
    }

    void interfaceNamesAccepted_data()
    {
        QTest::addColumn<QByteArray>("name");
        for (const char* n : { "eth0", "ens1f0np0", "bond0", "vethA.2", "enp65s0f1", "lo", "br-lab_1" })
            QTest::newRow(n) << QByteArray(n);
    }

    void interfaceNamesAccepted()
    {
        QFETCH(QByteArray, name);
        auto r = validateInterfaceName(name.toStdString());
        QVERIFY2(r.has_value(), r ? "" : r.error().message.c_str());
        QCOMPARE(*r, name.toStdString());
    }

    void rdmaDeviceNames()
    {
        for (const char* ok : { "mlx5_0", "mlx5_bond_0", "rxe0", "irdma1" }) {
            auto r = validateRdmaDeviceName(ok);
            QVERIFY2(r.has_value(), ok);
        }
        for (const char* bad : { "mlx5;reboot", "$(id)", "-rf", "..", "a b", "mlx5\t0" })
            QVERIFY2(!validateRdmaDeviceName(bad), bad);
    }

    void hostsUsersPaths()
    {
        for (const char* ok : { "198.19.0.1", "lab-a.example.org", "fe80::1%eth0", "[2001:db8::1]" })
            QVERIFY2(validateHostAddress(ok).has_value(), ok);
        for (const char* bad : { "-oProxyCommand=id", "a b", "host;reboot", "$(id)", "" })
            QVERIFY2(!validateHostAddress(bad), bad);
        for (const char* ok : { "root", "svc-rp", "user.name" })
            QVERIFY2(validateUserName(ok).has_value(), ok);
        for (const char* bad : { "-l", "root;id", "a b", "$(id)", "" })
            QVERIFY2(!validateUserName(bad), bad);
        QVERIFY(validateRemotePath("/sys/class/net/eth0/mtu").has_value());
        for (const char* bad : { "/etc/../shadow", "..", "a b", "x;y", "-rf", "$(id)" })
            QVERIFY2(!validateRemotePath(bad), bad);
    }
};

QTEST_APPLESS_MAIN(TestCommand)
#include "tst_command.moc"

// SPDX-License-Identifier: GPL-3.0-or-later
#include "inventory/inventory.h"
#include "util/files.h"

#include "testutil.h"

#include <QTemporaryDir>
#include <sys/stat.h>

using namespace rp;

class TestInventory final : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void roundTrip()
    {
        Inventory inv;
        inv.knownHostsFile = "/tmp/kh";
        inv.hosts.push_back(HostSpec { .name = "a",
            .address = "198.19.0.1",
            .port = 2201,
            .user = "root",
            .auth = AuthMethod::KeyFile,
            .keyFile = "/k/id",
            .kind = HostKind::LinuxNvidia,
            .dataAddress = "198.18.0.1",
            .rack = "tor1" });
        inv.hosts.push_back(HostSpec { .name = "local box", .address = "localhost", .local = true });
        inv.hosts.push_back(HostSpec { .name = "w: \"quoted\"",
            .address = "fe80::1%eth0",
            .auth = AuthMethod::Password,
            .kind = HostKind::Windows });
        auto text = inventoryToYaml(inv);
        auto back = parseInventory(text, "x.yaml");
        QVERIFY2(back, back ? "" : back.error().describe().c_str());
        QCOMPARE(back->hosts.size(), 3u);
        QVERIFY(*back == inv);
    }

    void badFiles_data()
    {
        QTest::addColumn<QString>("yaml");
        QTest::addColumn<QString>("message");
        QTest::newRow("unknown key with hint") << QStringLiteral("version: 1\nhosts:\n  - name: a\n    adress: x\n")
                                               << QStringLiteral("f.yaml:4:5: unknown key 'adress' in a host (did you "
                                                                 "mean 'address'?)");
        QTest::newRow("unknown top key") << QStringLiteral("version: 1\nhostz: []\n")
                                         << QStringLiteral("f.yaml:2:1: unknown key 'hostz' in the inventory (did you "
                                                           "mean 'hosts'?)");
        QTest::newRow("bad port") << QStringLiteral("hosts:\n  - name: a\n    address: h\n    port: 70000\n")
                                  << QStringLiteral("f.yaml:4:11: 'port' must be a whole number from 1 to 65535, not "
                                                    "'70000'");
        QTest::newRow("duplicate name") << QStringLiteral(
            "hosts:\n  - {name: a, address: h}\n  - {name: a, address: i}\n")
                                        << QStringLiteral("f.yaml:3:5: host name 'a' is used twice");
        QTest::newRow("broken yaml") << QStringLiteral("hosts:\n  - name: [a\n")
                                     << QStringLiteral("f.yaml:3:1: end of sequence flow not found");
        QTest::newRow("injection in address")
            << QStringLiteral("hosts:\n  - {name: a, address: 'h;reboot'}\n")
            << QStringLiteral(
                   "f.yaml: host 'a': host address 'h;reboot' rejected: only a host name, an IPv4 or an IPv6 "
                   "address is allowed; it is never passed to a command");
        QTest::newRow("key auth without key")
            << QStringLiteral("hosts:\n  - {name: a, address: h, auth: key}\n")
            << QStringLiteral("f.yaml: host 'a': auth is 'key' but no key_file is given");
        QTest::newRow("bad auth") << QStringLiteral("hosts:\n  - {name: a, address: h, auth: kerberos}\n")
                                  << QStringLiteral(
                                         "f.yaml:2:33: 'auth' must be agent, key or password, not 'kerberos'");
        QTest::newRow("data address not numeric")
            << QStringLiteral("hosts:\n  - {name: a, address: h, data_address: lab-a}\n")
            << QStringLiteral("f.yaml:2:41: 'data_address' must be a numeric IPv4 or IPv6 address, not 'lab-a'");
        QTest::newRow("rack with a space")
            << QStringLiteral("hosts:\n  - {name: a, address: h, rack: 'tor 1'}\n")
            << QStringLiteral("f.yaml:2:33: 'rack': a rack name has only letters, digits, '-', '_' and '.', not "
                              "'tor 1'");
        QTest::newRow("rack empty") << QStringLiteral("hosts:\n  - {name: a, address: h, rack: ''}\n")
                                    << QStringLiteral("f.yaml:2:33: 'rack': a rack name has 1 to 64 characters");
        QTest::newRow("newer version") << QStringLiteral("version: 2\n")
                                       << QStringLiteral("f.yaml:1:10: inventory version 2 is newer than this RoCE "
                                                         "Pilot understands (1)");
        // Found by fuzz_inventory: the short form took a bare tag ("!") or "" as an interface with no name, which
        // a save then wrote as a file that did not load again.
        QTest::newRow("interface short form, bare tag")
            << QStringLiteral("hosts:\n  - name: a\n    local: true\n    interfaces: [!, eth0]\n")
            << QStringLiteral("f.yaml:4:18: an interface needs a 'name'");
        QTest::newRow("interface short form, empty")
            << QStringLiteral("hosts:\n  - name: a\n    local: true\n    interfaces: [eth0, \"\"]\n")
            << QStringLiteral("f.yaml:4:24: an interface needs a 'name'");
        QTest::newRow("empty") << QString() << QStringLiteral("f.yaml: the file is empty");
        QTest::newRow("not a map") << QStringLiteral("- a\n- b\n")
                                   << QStringLiteral("f.yaml:1:1: expected a map with 'version' and 'hosts'");
    }

    void badFiles()
    {
        QFETCH(QString, yaml);
        QFETCH(QString, message);
        auto result = parseInventory(yaml.toStdString(), "f.yaml");
        QVERIFY(!result);
        QCOMPARE(QString::fromStdString(result.error().describe()), message);
    }

    // Found by fuzz_inventory: a Latin-1 byte in a name loaded, and saving wrote it back as U+FFFD (three bytes
    // each), so the saved file held another name, or one too long to load again.
    void notUtf8IsRefusedWithItsPlace()
    {
        const std::string latin1 = "version: 1\nhosts:\n  - name: caf\xe9\n    address: h\n";
        auto result = parseInventory(latin1, "f.yaml");
        QVERIFY(!result);
        QCOMPARE(QString::fromStdString(result.error().describe()),
            QStringLiteral("f.yaml:3:14: the file is not UTF-8 text"));
        QVERIFY(!parseInventoryForPlan(latin1, "f.yaml"));
        const std::string overlong = "version: 1\nhosts:\n  - {name: a\xc0\xaf, address: h}\n";
        QVERIFY(!parseInventory(overlong, "f.yaml"));
        QVERIFY(parseInventory("version: 1\nhosts:\n  - {name: caf\xc3\xa9, address: h}\n", "f.yaml"));
        // Also found by it: a NUL (or any control character) in a value.
        auto nul = parseInventory(std::string("known_hosts: \"/k\\0h\"\nhosts: []\n"), "f.yaml");
        QVERIFY(!nul);
        QCOMPARE(QString::fromStdString(nul.error().describe()),
            QStringLiteral("f.yaml:1:14: 'known_hosts' holds a control character"));
        // And in a long run: a raw NUL then '_' in a plain scalar, which yaml-cpp hands back as a lone 0xA0 byte.
        using namespace std::string_literals;
        const std::string nulThen
            = "version: 1\nhosts:\n  - name: a\n    address: h\n    auth: key\n    key_file: /p)\0_e  # c\n"s;
        auto stray = parseInventory(nulThen, "f.yaml");
        QVERIFY(!stray);
        QCOMPARE(QString::fromStdString(stray.error().describe()),
            QStringLiteral("f.yaml:6:15: 'key_file' is not UTF-8 text (or holds a Unicode noncharacter)"));
        // And later: U+FDD0, a noncharacter, in an interface name; yaml-cpp writes it back as U+FFFD, so the saved
        // file named another interface. Noncharacters are refused in every value, U+xFFFF too.
        for (const char* itf : { "d6\xef\xb7\x90x", "e\xef\xbf\xbf", "f\xf0\x9f\xbf\xbe" }) {
            auto nonchar = parseInventory(
                std::string("hosts:\n  - name: a\n    local: true\n    interfaces: [") + itf + "]\n", "f.yaml");
            QVERIFY(!nonchar);
            QCOMPARE(QString::fromStdString(nonchar.error().describe()),
                QStringLiteral("f.yaml:4:18: 'interfaces' is not UTF-8 text (or holds a Unicode noncharacter)"));
        }
        // Other characters outside ASCII still load and save as they are.
        auto fine = parseInventory("hosts:\n  - name: a\n    local: true\n    interfaces: [\"n\xc3\xa4\"]\n", "f.yaml");
        QVERIFY(fine);
        auto again = parseInventory(inventoryToYaml(*fine), "g.yaml");
        QVERIFY(again && *again == *fine);
    }

    void saveIsAtomicAndLoadable()
    {
        QTemporaryDir dir;
        auto path = QString(dir.path() + QStringLiteral("/project.yaml")).toStdString();
        Inventory inv;
        inv.hosts.push_back(HostSpec { .name = "a", .address = "h" });
        QVERIFY(saveInventory(inv, path));
        auto loaded = loadInventory(path);
        QVERIFY(loaded);
        QVERIFY(*loaded == inv);
        struct stat st
        { };
        QCOMPARE(::stat(path.c_str(), &st), 0);
        QCOMPARE(st.st_mode & 0777, 0600u); // may name key files: not world-readable

        // An invalid inventory is refused and the file on disk stays as it was.
        Inventory bad = inv;
        bad.hosts.push_back(HostSpec { .name = "a", .address = "h2" });
        QVERIFY(!saveInventory(bad, path));
        QVERIFY(*loadInventory(path) == inv);
        // No stray temp files left beside it.
        QCOMPARE(QDir(dir.path()).entryList(QDir::Files).size(), 1);
        // A directory that does not exist gives an error naming the path.
        auto missing = saveInventory(inv, "/nonexistent-dir/x.yaml");
        QVERIFY(!missing);
        QCOMPARE(missing.error().where, "/nonexistent-dir/x.yaml");
    }
};

QTEST_APPLESS_MAIN(TestInventory)
#include "tst_inventory.moc"

// SPDX-License-Identifier: GPL-3.0-or-later
// Capture bundles: the collection script runs on this machine (no RDMA here: the RDMA commands fail, which
// the bundle keeps and the importer reports by line), the bundle reads back through importFragments.
#include "bundle/bundle.h"
#include "diagnose/live.h"
#include "remote/local_executor.h"
#include "testutil.h"

#include <QtTest>

using namespace rp;

class TstBundle : public QObject
{
    Q_OBJECT

private slots:
    void scriptIsConstant()
    {
        const auto s = bundle::collectionScript(3);
        QVERIFY(s.find("INTERVAL") == std::string::npos);
        QVERIFY(s.find("sleep 3") != std::string::npos);
        QVERIFY(s.find("default_roce_tos") != std::string::npos);
        QVERIFY(s.find("ethtool -S") != std::string::npos);
        QCOMPARE(bundle::collectionScript(-1), bundle::collectionScript(5)); // out of range: the default
    }

    void windowsScriptOutputIsReadBack()
    {
        const auto ps = bundle::windowsScript();
        QVERIFY(ps.find("Get-NetAdapterQos") != std::string::npos);
        QVERIFY(ps.find("Get-SmbClientNetworkInterface") != std::string::npos);
        // What the script prints for one cmdlet (its marker line, then Format-List as documented for
        // Get-NetQosDcbxSetting and Get-SmbClientNetworkInterface) is what the importer reads.
        const std::string out
            = "=== hv02 ===\n"
              "PS C:\\> Get-NetQosDcbxSetting | Format-List\n\n"
              "Willing   : False\nPolicySet : Global\nIfIndex   :\nIfAlias   :\n\n"
              "PS C:\\> Get-SmbClientNetworkInterface | Format-List\n\n"
              "InterfaceIndex : 12\nRssCapable     : True\nRdmaCapable    : False\nSpeed          : 25 Gbps\n"
              "IpAddresses    : {10.0.0.5}\nFriendlyName   : SLOT 2 Port 1\n";
        auto f = importFragments(out, "pasted");
        QCOMPARE(f.hosts.size(), std::size_t { 1 });
        QCOMPARE(f.hosts[0].name, std::string("hv02"));
        QCOMPARE(f.hosts[0].windows.willing.value_or(true), false);
        QCOMPARE(f.hosts[0].windows.smbRdmaCapable.at("SLOT 2 Port 1"), false);
        QVERIFY(f.warnings.empty());
    }

    void windowsHostWithoutPowerShellIsAnError()
    {
        // A Windows host is read through powershell.exe; this machine has none, so the host ends in an error
        // that names it (never an empty, silent host).
        HostSpec spec;
        spec.name = "win-local";
        spec.address = "localhost";
        spec.local = true;
        spec.kind = HostKind::Windows;
        diag::LiveOptions options;
        options.readExtras = false;
        auto r = diag::collectLive({ spec }, ConnectContext {}, options);
        QCOMPARE(r.snapshot.hosts.size(), std::size_t { 0 });
        QCOMPARE(r.hostErrors.size(), std::size_t { 1 });
        QVERIFY2(
            r.hostErrors[0].describe().find("powershell.exe") != std::string::npos, r.hostErrors[0].describe().c_str());
        QCOMPARE(r.hostErrors[0].host, std::string("win-local"));
    }

    void collectLocallyAndReadBack()
    {
        LocalExecutor local;
        auto section = bundle::collectHost(local, "here", 0);
        QVERIFY2(section.has_value(), section ? "" : section.error().describe().c_str());
        const auto text = bundle::makeBundle({ *section }, "2026-11-24T07:00:00Z");
        QVERIFY(bundle::isBundle(text));
        QVERIFY(!bundle::isBundle("## here\n"));
        auto fabric = importFragments(text, "pasted");
        QCOMPARE(fabric.hosts.size(), std::size_t { 1 });
        QCOMPARE(fabric.hosts[0].name, std::string("here"));
        // `ip -d addr show` of this machine: at least the loopback, with its address.
        auto lo = std::find_if(fabric.hosts[0].netdevs.begin(), fabric.hosts[0].netdevs.end(),
            [](const Netdev& n) { return n.name == "lo"; });
        QVERIFY(lo != fabric.hosts[0].netdevs.end());
        QVERIFY(!lo->ipv4.empty());
        for (const auto& w : fabric.warnings)
            QVERIFY2(w.line > 0, w.message.c_str());
        const auto summary = bundle::summarize(fabric);
        QVERIFY2(summary.find("here: ") == 0, summary.c_str());
    }
};

QTEST_GUILESS_MAIN(TstBundle)
#include "tst_bundle.moc"

// SPDX-License-Identifier: GPL-3.0-or-later
// The Troubleshoot page, offscreen: imported outputs (tests/fixtures/diagnose/mixed_paste.md, written from
// documented layouts) give findings grouped by severity and host pair, evidence and a copyable fix, a fabric view
// with the mismatching links marked, and the wizard reaches the page from the Welcome page's goals. With
// RP_SCREENSHOT=FILE it also writes a picture of the page (tests/ui/pages/troubleshoot-screenshot.sh).
#include "itemmodels/inventorymodel.h"
#include "pages/troubleshootpage.h"
#include "pages/welcomepage.h"
#include "window/wizard.h"
#include "workers/connectprompter.h"

#include "guitestdata.h"
#include "testbasics.h"

#include <QApplication>
#include <QClipboard>
#include <QPushButton>
#include <QSignalSpy>
#include <QStandardItemModel>
#include <QTableWidget>
#include <QTreeView>
#include <QtTest>

using namespace rp::ui;

namespace {

QString fixture(const char* name)
{
    return QString::fromStdString(rp::test::fixtureText(std::string("diagnose/") + name));
}

QStandardItem* group(QStandardItemModel* m, const QString& prefix)
{
    for (int i = 0; i < m->rowCount(); ++i)
        if (m->item(i)->text().startsWith(prefix))
            return m->item(i);
    return nullptr;
}

} // namespace

class TstTroubleshootPage : public QObject
{
    Q_OBJECT

private slots:
    void importedOutputsGiveGroupedFindings()
    {
        InventoryModel inventory;
        QWidget host;
        ConnectPrompter prompter(&host);
        TroubleshootPage page(&inventory, &prompter);
        page.setUseInventory([] { return false; });
        page.resize(1280, 760);
        page.addPastedText(QStringLiteral("mixed_paste.md"), fixture("mixed_paste.md"));
        QSignalSpy done(&page, &TroubleshootPage::checkFinished);
        page.recheck();
        QVERIFY(page.isRunning() || done.count() == 1);
        QVERIFY(done.wait(20000) || done.count() == 1);

        auto* m = page.findingsModel();
        auto* errors = group(m, QStringLiteral("Errors"));
        QVERIFY(errors);
        QCOMPARE(errors->text(), QStringLiteral("Errors (4)"));
        QVERIFY(!group(m, QStringLiteral("Warnings")));
        QVERIFY(group(m, QStringLiteral("Notes")));
        // Grouped by host pair: the version and MTU findings sit under node1 ↔ node3, the test ones under node3.
        QStringList pairs;
        for (int i = 0; i < errors->rowCount(); ++i)
            pairs << errors->child(i)->text() + QStringLiteral(":") + QString::number(errors->child(i)->rowCount());
        pairs.sort();
        QCOMPARE(pairs, (QStringList { QStringLiteral("node1 ↔ node3:2"), QStringLiteral("node3:2") }));

        // The first error is selected; its fix can be copied.
        const QModelIndex current = page.findingsView()->currentIndex();
        QVERIFY(current.isValid());
        auto* mtuItem = errors->child(0)->child(0)->text().contains(QStringLiteral("MTU")) ? errors->child(0)->child(0)
                                                                                           : errors->child(0)->child(1);
        page.findingsView()->setCurrentIndex(m->indexFromItem(mtuItem));
        const QString fix = page.selectedFixText();
        QVERIFY2(fix.contains(QStringLiteral("ip link set dev ens1f0 mtu 9000")), qPrintable(fix));
        QApplication::clipboard()->clear();
        QPushButton* copy = nullptr;
        for (auto* b : page.findChildren<QPushButton*>())
            if (b->text() == QStringLiteral("&Copy fix"))
                copy = b;
        QVERIFY(copy && copy->isEnabled());
        copy->click();
        QCOMPARE(QApplication::clipboard()->text(), fix);
        // Fabric: three hosts, three links, the two to node3 marked as errors.
        int marked = 0;
        for (const auto& l : page.fabricView()->links())
            marked += l.severity == 2 ? 1 : 0;
        QCOMPARE(page.fabricView()->links().size(), 3);
        QCOMPARE(marked, 2);
        // Nothing measured from a paste: the matrix says how to get it.
        QCOMPARE(page.reachabilityTable()->rowCount(), 1);
        QVERIFY(page.reachabilityTable()->item(0, 0)->text().contains(QStringLiteral("Active checks")));

        if (const QByteArray out = qgetenv("RP_SCREENSHOT"); !out.isEmpty()) {
            page.show();
            QVERIFY(QTest::qWaitForWindowExposed(&page));
            QVERIFY(page.grab().save(QString::fromUtf8(out)));
            const QByteArray fabricOut = qgetenv("RP_SCREENSHOT_FABRIC");
            if (!fabricOut.isEmpty()) {
                page.fabricView()->resize(640, 420);
                QVERIFY(page.fabricView()->grab().save(QString::fromUtf8(fabricOut)));
            }
        }
    }

    /// Switch outputs and LLDP tables next to the host outputs: the fabric draws each host's cable to its switch
    /// port (LLDP), the one whose PFC disagrees marked with its rule.
    void switchPortsAndCablesInTheFabric()
    {
        InventoryModel inventory;
        QWidget host;
        ConnectPrompter prompter(&host);
        TroubleshootPage page(&inventory, &prompter);
        page.setUseInventory([] { return false; });
        page.resize(1280, 760);
        page.addPastedText(QStringLiteral("mixed_paste.md"), fixture("mixed_paste.md"));
        page.addPastedText(QStringLiteral("switches_vendors_paste.txt"), fixture("switches_vendors_paste.txt"));
        page.addPastedText(QStringLiteral("lldp_paste.txt"), fixture("lldp_paste.txt"));
        QSignalSpy done(&page, &TroubleshootPage::checkFinished);
        page.recheck();
        QVERIFY(done.wait(20000) || done.count() == 1);
        QStringList cables;
        QString pfcLabel;
        const auto& links = page.fabricView()->links();
        for (const auto& l : links) {
            // Host-to-switch-port links carry the host's netdev instead of a subnet.
            if (l.subnet == QStringLiteral("ens1f0") || l.subnet == QStringLiteral("ens1f1"))
                cables << QString::number(l.severity);
            if (l.label.contains(QStringLiteral("link.pfc-priority")))
                pfcLabel = l.label;
        }
        QCOMPARE(cables.size(), 4);
        QCOMPARE(
            cables.count(QStringLiteral("2")), 2); // node1 -- leaf-eos:Ethernet1 (PFC), node2 -- leaf-cl:swp2 (MTU)
        QVERIFY(!pfcLabel.isEmpty());
        if (const QByteArray out = qgetenv("RP_SCREENSHOT_LINKS"); !out.isEmpty()) {
            page.show();
            QVERIFY(QTest::qWaitForWindowExposed(&page));
            page.fabricView()->resize(900, 560);
            QVERIFY(page.fabricView()->grab().save(QString::fromUtf8(out)));
        }
    }

    void wizardRoutesTheGoals()
    {
        Wizard wizard;
        auto* welcome = qobject_cast<WelcomePage*>(wizard.page(Wizard::WelcomePageId));
        QVERIFY(welcome);
        wizard.restart();
        welcome->setGoal(WelcomePage::Goal::ImportOutputs);
        QCOMPARE(wizard.nextId(), static_cast<int>(Wizard::TroubleshootPageId));
        welcome->setGoal(WelcomePage::Goal::Troubleshoot);
        QCOMPARE(wizard.nextId(), static_cast<int>(Wizard::HostsPageId));
        // Troubleshoot: Hosts, Discover, then the Troubleshoot page instead of Profile.
        auto* inventory = wizard.inventoryModel();
        inventory->addHost(guitest::recordedHost("recorded", "mlx5-dual"));
        QVERIFY(wizard.advanceTo(Wizard::DiscoverPageId));
        QCOMPARE(wizard.nextId(), static_cast<int>(Wizard::TroubleshootPageId));
        welcome->setGoal(WelcomePage::Goal::NewDeployment);
        QCOMPARE(wizard.nextId(), static_cast<int>(Wizard::ProfilePageId));
    }
};

QTEST_MAIN(TstTroubleshootPage)
#include "tst_troubleshootpage.moc"

// SPDX-License-Identifier: GPL-3.0-or-later
// The Troubleshoot page, offscreen: one host's show_gids pasted into the box answers first with the GID index per
// port, the checks that could not run folded last; selecting a row puts the box's cursor on the line it was read
// from; an edit while a check runs never shows the older text's results; dropped files are read as their own
// sources. Imported outputs (tests/fixtures/diagnose/mixed_paste.md, written from documented layouts) give findings
// grouped by severity and host pair, evidence and a copyable fix, a fabric view with the mismatching links marked,
// and the wizard reaches the page from the Welcome page's goals. With RP_SCREENSHOT=FILE (and RP_SCREENSHOT_GIDS)
// it also writes pictures of the page (tests/ui/pages/troubleshoot-screenshot.sh).
#include "itemmodels/inventorymodel.h"
#include "pages/troubleshootpage.h"
#include "pages/welcomepage.h"
#include "widgets/pastebox.h"
#include "window/wizard.h"
#include "workers/connectprompter.h"

#include "guitestdata.h"

#include <QApplication>
#include <QClipboard>
#include <QFile>
#include <QLabel>
#include <QMimeData>
#include <QPushButton>
#include <QSignalSpy>
#include <QStandardItemModel>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTextBlock>
#include <QTextBrowser>
#include <QTreeView>
#include <QtTest>

#include <fstream>
#include <functional>

using namespace rp::ui;

namespace {

// Read through QFile: GCC 12 warns (-Warray-bounds, a false positive) when fixtureText's path concatenation is
// inlined here with constant arguments.
QString fixture(const char* name, const char* folder = "diagnose/")
{
    QFile file(QStringLiteral(RP_FIXTURES_DIR "/") + QLatin1String(folder) + QLatin1String(name));
    if (!file.open(QIODevice::ReadOnly))
        qFatal("missing fixture %s%s", folder, name);
    return QString::fromUtf8(file.readAll());
}

/// One host, two ports: mlx5_0's RoCE v2 IPv4 GID is index 3 (line 6), mlx5_1 has link-local GIDs only.
QString showGids()
{
    return fixture("mlx5_show_gids.txt", "parse/");
}

QStandardItem* group(QStandardItemModel* m, const QString& prefix)
{
    for (int i = 0; i < m->rowCount(); ++i)
        if (m->item(i)->text().startsWith(prefix))
            return m->item(i);
    return nullptr;
}

QStringList topRows(QStandardItemModel* m)
{
    QStringList rows;
    for (int i = 0; i < m->rowCount(); ++i)
        rows << m->item(i)->text();
    return rows;
}

/// A page for pasted outputs only (the Welcome page's "Import outputs" goal), its window sized like the wizard's.
struct PastePage
{
    InventoryModel inventory;
    QWidget host;
    ConnectPrompter prompter { &host };
    TroubleshootPage page { &inventory, &prompter };
    PastePage()
    {
        page.setUseInventory([] { return false; });
        page.resize(1280, 760);
    }
};

} // namespace

class TstTroubleshootPage : public QObject
{
    Q_OBJECT

private slots:
    /// One host's show_gids in the box: the rows open with the index to use per port (mlx5_0: 3; mlx5_1 has only
    /// link-local GIDs), the twenty checks that need more data come last, folded, one line each.
    void pastedShowGidsAnswersFirst()
    {
        PastePage p;
        auto& page = p.page;
        QSignalSpy done(&page, &TroubleshootPage::checkFinished);
        page.pasteBox()->setPlainText(showGids());
        QVERIFY(!page.isRunning()); // debounced: nothing runs on the keystroke itself
        QTRY_COMPARE_WITH_TIMEOUT(done.count(), 1, 10000);

        auto* m = page.findingsModel();
        const QStringList rows = topRows(m);
        QVERIFY2(rows.size() >= 3, qPrintable(rows.join(QLatin1Char('\n'))));
        QCOMPARE(rows[0], QStringLiteral("Use GID index 3 on pasted:mlx5_0/1 — RoCE v2, IPv4 192.168.10.1 on ens1f0"));
        QVERIFY2(rows[1].startsWith(QStringLiteral("No usable GID on pasted:mlx5_1/1: ")), qPrintable(rows[1]));
        // The second line says what the other indexes are; the answer spans the columns.
        QVERIFY(m->item(0)->rowCount() == 1);
        QVERIFY2(m->item(0)->child(0)->text().startsWith(QStringLiteral("Not the others: 0-1 link-local")),
            qPrintable(m->item(0)->child(0)->text()));
        QVERIFY(page.findingsView()->isFirstColumnSpanned(0, QModelIndex()));
        // Findings name the pasted lines they were read from.
        QVERIFY(!page.findingsView()->isColumnHidden(2));
        // Not checked: last and folded, one line per check, M-number order, each saying what it needs.
        auto* notChecked = m->item(m->rowCount() - 1);
        QVERIFY2(notChecked->text().startsWith(QStringLiteral("Not checked (")), qPrintable(notChecked->text()));
        QVERIFY(!page.findingsView()->isExpanded(m->indexFromItem(notChecked)));
        QVERIFY(notChecked->rowCount() > 5);
        QVERIFY2(notChecked->child(0)->text().contains(QStringLiteral(" — needs ")),
            qPrintable(notChecked->child(0)->text()));
        for (int i = 0; i + 1 < m->rowCount(); ++i)
            QVERIFY2(!m->item(i)->text().startsWith(QStringLiteral("Not checked")), qPrintable(rows[i]));
        // The one warning (mlx5_1 has only link-local GIDs) is what is shown at once, its GID rows marked in the box.
        const QModelIndex current = page.findingsView()->currentIndex();
        QVERIFY2(current.data().toString().startsWith(QStringLiteral("Only link-local GIDs on mlx5_1")),
            qPrintable(current.data().toString()));
        QCOMPARE(page.pasteBox()->extraSelections().size(), 2);
        page.findingsView()->setCurrentIndex(m->index(0, 0));
        const QString detail = page.detailView()->toPlainText();
        QVERIFY2(detail.contains(QStringLiteral("GID index 3 on pasted:mlx5_0/1")), qPrintable(detail));
        QVERIFY2(detail.contains(QStringLiteral("paste:6")), qPrintable(detail));

        if (const QByteArray out = qgetenv("RP_SCREENSHOT_GIDS"); !out.isEmpty()) {
            page.show();
            QVERIFY(QTest::qWaitForWindowExposed(&page));
            page.findingsView()->setCurrentIndex(m->index(1, 0)); // mlx5_1: the rows it was judged on, marked
            QVERIFY(page.grab().save(QString::fromUtf8(out)));
        }
    }

    /// An application's failed modify beside ibstat of a RoCE port that prints a LID (infiniband-diags' format, the
    /// link layer line cut off): the error first, the port's LID as its likely cause, and what the port is without its
    /// GID table.
    void pastedIbstatNamesTheLid()
    {
        PastePage p;
        auto& page = p.page;
        QSignalSpy done(&page, &TroubleshootPage::checkFinished);
        page.pasteBox()->setPlainText(QStringLiteral(
            "node7:4411:4460 [0] misc/ibvwrap.cc:284 NCCL WARN Call to ibv_modify_qp failed with error Invalid "
            "argument\n\nCA 'rocep59s0f1'\n\tCA type:\n\tNumber of ports: 1\n\tFirmware version: 1.72\n\tPort "
            "1:\n\t\tState: Active\n\t\tPhysical state: LinkUp\n\t\tRate: 100\n\t\tBase lid: 1\n\t\tLMC: "
            "0\n\t\tSM lid: 0\n"));
        QTRY_COMPARE_WITH_TIMEOUT(done.count(), 1, 10000);
        // The verdict on top, then the findings under their severity's heading, in that order.
        auto* m = page.findingsModel();
        QList<QStandardItem*> items;
        std::function<void(QStandardItem*)> walk = [&](QStandardItem* item) {
            items << item;
            for (int c = 0; c < item->rowCount(); ++c)
                walk(item->child(c));
        };
        for (int i = 0; i < m->rowCount(); ++i)
            walk(m->item(i));
        QStringList rows;
        for (auto* item : items)
            rows << item->text();
        const auto at = [&](const QString& part) {
            for (int i = 0; i < rows.size(); ++i)
                if (rows[i].contains(part))
                    return i;
            return -1;
        };
        const int port = at(QStringLiteral("is a RoCE port"));
        const int modify = at(QStringLiteral("could not connect the queue pair"));
        const int lid = at(QStringLiteral("reports LID 1"));
        QVERIFY2(port == 0 && modify > port && lid > modify, qPrintable(rows.join(QLatin1Char('\n'))));
        page.findingsView()->setCurrentIndex(m->indexFromItem(items[modify]));
        const QString detail = page.detailView()->toPlainText();
        QVERIFY2(detail.contains(QStringLiteral("port.roce-lid")), qPrintable(detail));
        if (const QByteArray out = qgetenv("RP_SCREENSHOT_IBSTAT"); !out.isEmpty()) {
            page.show();
            QVERIFY(QTest::qWaitForWindowExposed(&page));
            QVERIFY(page.grab().save(QString::fromUtf8(out)));
        }
    }

    /// Selecting a verdict or a finding puts the box's cursor on the line it was read from, and so does a click on
    /// a line in the detail view; a rebuild while the user types leaves the cursor where it is.
    void selectingARowMovesTheCursorToItsLine()
    {
        PastePage p;
        auto& page = p.page;
        QSignalSpy done(&page, &TroubleshootPage::checkFinished);
        PasteBox* box = page.pasteBox();
        box->setPlainText(showGids());
        box->moveCursor(QTextCursor::End);
        const int typedAt = box->textCursor().blockNumber();
        QTRY_COMPARE_WITH_TIMEOUT(done.count(), 1, 10000);
        QCOMPARE(box->textCursor().blockNumber(), typedAt);

        auto* m = page.findingsModel();
        auto* view = page.findingsView();
        // mlx5_0's index 3 is line 6 of the paste (block 5).
        view->setCurrentIndex(m->index(1, 0));
        view->setCurrentIndex(m->index(0, 0));
        QCOMPARE(box->textCursor().blockNumber(), 5);
        QVERIFY(box->textCursor().block().text().contains(QStringLiteral("192.168.10.1")));
        QVERIFY(!box->extraSelections().isEmpty());

        // mlx5_1's finding: its evidence is mlx5_1's GID rows, lines 9 and 10.
        QModelIndex finding;
        for (int i = 0; i < m->rowCount() && !finding.isValid(); ++i) {
            const auto* g = m->item(i);
            if (g->text().startsWith(QStringLiteral("Not checked")))
                continue;
            for (int j = 0; j < g->rowCount() && !finding.isValid(); ++j)
                for (int k = 0; k < g->child(j)->rowCount(); ++k)
                    if (g->child(j)->child(k)->text().contains(QStringLiteral("mlx5_1"))) {
                        finding = m->indexFromItem(g->child(j)->child(k));
                        break;
                    }
        }
        QVERIFY2(finding.isValid(), qPrintable(topRows(m).join(QLatin1Char('\n'))));
        view->setCurrentIndex(finding);
        const int block = box->textCursor().blockNumber();
        QVERIFY2(block == 8 || block == 9, qPrintable(QString::number(block)));
        QVERIFY(box->textCursor().block().text().startsWith(QStringLiteral("mlx5_1")));

        // Back to the verdict, then its line's link in the detail view.
        view->setCurrentIndex(m->index(0, 0));
        box->moveCursor(QTextCursor::Start);
        QVERIFY(page.detailView()->toHtml().contains(QStringLiteral("ref:0")));
        emit page.detailView()->anchorClicked(QUrl(QStringLiteral("ref:0")));
        QCOMPARE(box->textCursor().blockNumber(), 5);
    }

    /// An edit while a check runs: the older text's result is dropped, never shown; the rows end up matching the
    /// text in the box.
    void anEditWhileACheckRunsDropsTheStaleResult()
    {
        PastePage p;
        auto& page = p.page;
        QStringList shownHosts;
        connect(&page, &TroubleshootPage::checkFinished, &page, [&] {
            QStringList hosts;
            for (const auto& v : page.report().ports)
                hosts << QString::fromStdString(v.host);
            shownHosts << hosts.join(QLatin1Char(','));
        });
        page.pasteBox()->setPlainText(showGids());
        page.recheck(); // at once, not debounced
        // The second text arrives before the first check's result can be delivered (the worker may have finished
        // already; its result waits for the event loop).
        page.pasteBox()->setPlainText(fixture("mixed_paste.md"));
        QTRY_COMPARE_WITH_TIMEOUT(shownHosts.size(), 1, 10000);
        QTest::qWait(TroubleshootPage::kPasteDebounceMs + 200);
        QCOMPARE(shownHosts.size(), 1);
        QCOMPARE(shownHosts.front(), QStringLiteral("node1,node2,node3"));
        const QStringList rows = topRows(page.findingsModel());
        QVERIFY2(rows[0].contains(QStringLiteral("node1:")), qPrintable(rows.join(QLatin1Char('\n'))));
        QVERIFY(!rows.join(QLatin1Char('\n')).contains(QStringLiteral("pasted:")));
        QVERIFY(group(page.findingsModel(), QStringLiteral("Errors")));

        // Emptying the box empties the answer.
        page.pasteBox()->clear();
        QTRY_COMPARE_WITH_TIMEOUT(page.findingsModel()->rowCount(), 0, 5000);
    }

    /// Files dropped on the box are read (bounded, on a worker) as their own sources: the box stays as it was,
    /// evidence names the file, and the detail view shows the file's line.
    void droppedFilesAreTheirOwnSources()
    {
        PastePage p;
        auto& page = p.page;
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("node-gids.txt"));
        {
            std::ofstream out(path.toStdString(), std::ios::binary);
            out << showGids().toStdString();
        }
        page.show();
        QVERIFY(QTest::qWaitForWindowExposed(&page));
        QSignalSpy done(&page, &TroubleshootPage::checkFinished);
        QMimeData mime;
        mime.setUrls({ QUrl::fromLocalFile(path) });
        QWidget* target = page.pasteBox()->viewport();
        const QPoint at = target->rect().center();
        QDragEnterEvent enter(at, Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
        QApplication::sendEvent(target, &enter);
        QDropEvent drop(at, Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
        QApplication::sendEvent(target, &drop);
        QTRY_COMPARE_WITH_TIMEOUT(done.count(), 1, 10000);
        QVERIFY(page.pasteBox()->toPlainText().isEmpty());
        bool named = false;
        for (auto* label : page.findChildren<QLabel*>())
            named = named || label->text().contains(QStringLiteral("node-gids.txt"));
        QVERIFY(named);
        page.findingsView()->setCurrentIndex(page.findingsModel()->index(0, 0));
        const QString detail = page.detailView()->toPlainText();
        QVERIFY2(detail.contains(QStringLiteral("node-gids.txt:6")), qPrintable(detail));
        QVERIFY2(detail.contains(QStringLiteral("0000:0000:0000:0000:0000:ffff:c0a8:0a01")), qPrintable(detail));
        // The file's line, its tabs shown as two spaces.
        QVERIFY2(detail.contains(QStringLiteral(
                     "mlx5_0  1  3  0000:0000:0000:0000:0000:ffff:c0a8:0a01  192.168.10.1    v2  ens1f0")),
            qPrintable(detail));

        // A file that cannot be read is said so, with its path.
        page.importFiles({ dir.filePath(QStringLiteral("missing.txt")) });
        QTRY_VERIFY_WITH_TIMEOUT(
            [&] {
                for (auto* label : page.findChildren<QLabel*>())
                    if (label->text().contains(QStringLiteral("missing.txt")))
                        return true;
                return false;
            }(),
            5000);
    }

    /// A forum post with three hosts' outputs pasted into the box.
    void pastedOutputsGiveGroupedFindings()
    {
        PastePage p;
        auto& page = p.page;
        QSignalSpy done(&page, &TroubleshootPage::checkFinished);
        page.pasteBox()->setPlainText(fixture("mixed_paste.md"));
        page.recheck(); // at once
        QTRY_COMPARE_WITH_TIMEOUT(done.count(), 1, 20000);

        auto* m = page.findingsModel();
        auto* errors = group(m, QStringLiteral("Errors"));
        QVERIFY(errors);
        QCOMPARE(errors->text(), QStringLiteral("Errors (4)"));
        QVERIFY(!group(m, QStringLiteral("Warnings")));
        QVERIFY(!group(m, QStringLiteral("Notes"))); // the checks that could not run are no notes
        // The answer first (one verdict per host), the checks that could not run last and folded.
        QVERIFY(m->item(0)->text().startsWith(QStringLiteral("Use GID index 3 on node1:mlx5_0/1")));
        QVERIFY(m->item(2)->text().startsWith(
            QStringLiteral("GID index 2 on node3:mlx5_0/1 — only IB/RoCE v1, IPv4 10.10.10.3 on ens1f0")));
        QCOMPARE(m->item(3), errors);
        auto* notChecked = m->item(m->rowCount() - 1);
        QVERIFY(notChecked->text().startsWith(QStringLiteral("Not checked (")));
        QVERIFY(!page.findingsView()->isExpanded(m->indexFromItem(notChecked)));
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
            // Selected again once the box has its size: its evidence lines scroll into the middle of it.
            page.findingsView()->setCurrentIndex(QModelIndex());
            page.findingsView()->setCurrentIndex(m->indexFromItem(mtuItem));
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
        // Watch a running fabric: after discovery straight to the fabric check, nothing planned or applied.
        welcome->setGoal(WelcomePage::Goal::WatchFabric);
        QCOMPARE(wizard.nextId(), static_cast<int>(Wizard::FabricPageId));
        QVERIFY(wizard.advanceTo(Wizard::FabricPageId));
        QCOMPARE(wizard.nextId(), static_cast<int>(Wizard::TestPageId));
        wizard.restart();
        QCOMPARE(wizard.nextId(), static_cast<int>(Wizard::HostsPageId));
    }
};

QTEST_MAIN(TstTroubleshootPage)
#include "tst_troubleshootpage.moc"

// SPDX-License-Identifier: GPL-3.0-or-later
// The Review page: a tab per host and switch from recorded fixture hosts, the diff table, copy, save-all.
#include "itemmodels/discoverymodel.h"
#include "itemmodels/inventorymodel.h"
#include "itemmodels/settingdiffmodel.h"
#include "itemmodels/switchmodel.h"
#include "pages/discoverpage.h"
#include "pages/profilepage.h"
#include "pages/reviewpage.h"
#include "widgets/planhighlighter.h"
#include "window/wizard.h"

#include "discovery/discover.h"
#include "guitestdata.h"
#include "testutil.h"

#include <QAbstractButton>
#include <QAbstractItemModelTester>
#include <QApplication>
#include <QClipboard>
#include <QDir>
#include <QFile>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QSortFilterProxyModel>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QTextBlock>
#include <QTextLayout>

using rp::ui::PlanHighlighter;
using rp::ui::ReviewPage;
using rp::ui::SettingDiffModel;
using rp::ui::SwitchModel;
using rp::ui::Wizard;

using guitest::recordedHost;

namespace {

/// What discovery would hand the page for a recorded tree, without running the Discover page.
rp::HostOutcome discovered(const rp::HostSpec& spec)
{
    rp::HostOutcome o;
    o.spec = spec;
    auto facts = rp::discoverTree(spec.sysfsRoot, {});
    if (!facts)
        qFatal("discoverTree: %s", facts.error().describe().c_str());
    o.state = rp::HostState::Ok;
    o.facts = *facts;
    return o;
}

/// Row of the diff for `key` on `itf`, or -1.
int diffRow(const SettingDiffModel* model, const QString& itf, const QString& key)
{
    for (int row = 0; row < model->rowCount(); ++row) {
        if (model->index(row, SettingDiffModel::Interface).data().toString() == itf
            && model->index(row, 0).data(SettingDiffModel::KeyRole).toString() == key)
            return row;
    }
    return -1;
}

QStringList tabNames(const QTabWidget* tabs)
{
    QStringList out;
    for (int i = 0; i < tabs->count(); ++i)
        out << tabs->tabText(i);
    return out;
}

/// The highlighter's format kind applied at the start of the first line containing `needle`.
bool lineHasFormat(const QPlainTextEdit* view, const QString& needle, const QTextCharFormat& wanted)
{
    for (QTextBlock b = view->document()->begin(); b.isValid(); b = b.next()) {
        if (!b.text().contains(needle))
            continue;
        for (const QTextLayout::FormatRange& r : b.layout()->formats()) {
            if (r.start == 0 && r.length == b.text().size() && r.format.foreground() == wanted.foreground()
                && r.format.background() == wanted.background())
                return true;
        }
        return false;
    }
    return false;
}

} // namespace

class TestReviewPage final : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_config;

private slots:
    void initTestCase()
    {
        QVERIFY(m_config.isValid());
        qputenv("XDG_CONFIG_HOME", m_config.path().toUtf8());
    }

    void tabsDiffAndSwitches()
    {
        Wizard w;
        w.resize(1200, 800);
        w.show();
        const rp::HostSpec host = recordedHost("recorded", "mlx5-dual");
        w.inventoryModel()->addHost(host);
        rp::HostSpec win;
        win.name = "win-1";
        win.address = "198.18.0.50";
        win.kind = rp::HostKind::Windows;
        w.inventoryModel()->addHost(win);
        w.discoverPage()->model()->setOutcomes({ discovered(host) });
        QVERIFY(w.profilePage()->selectPreset(QStringLiteral("lossless-dscp")));

        ReviewPage* page = w.reviewPage();
        QAbstractItemModelTester switchTester(
            page->switchModel(), QAbstractItemModelTester::FailureReportingMode::Fatal);
        QSignalSpy generated(page, &ReviewPage::planGenerated);
        page->regenerate();
        QCOMPARE(generated.count(), 1);
        QVERIFY(page->plan().has_value());
        QCOMPARE(tabNames(page->tabs()), QStringList { QStringLiteral("recorded") });
        // The host that was not discovered is named, with why.
        const QString status = page->statusLabel()->text();
        QVERIFY2(status.contains(QStringLiteral("win-1")), qPrintable(status));
        QVERIFY2(status.contains(QStringLiteral("lossless-dscp")), qPrintable(status));

        // Adding a switch regenerates: one tab per host and per switch.
        const int row = page->switchModel()->addSwitch(rp::SwitchVendor::Eos);
        QCOMPARE(generated.count(), 2);
        QCOMPARE(page->switchModel()->index(row, SwitchModel::Name).data().toString(), QStringLiteral("leaf-1"));
        QCOMPARE(
            page->switchModel()->index(row, SwitchModel::HostPorts).data().toString(), QStringLiteral("Ethernet1"));
        QCOMPARE(tabNames(page->tabs()), (QStringList { QStringLiteral("recorded"), QStringLiteral("leaf-1") }));

        // Rendered, read-only text with highlighted comments and UNCERTAIN lines.
        QPlainTextEdit* hostText = page->textView(QStringLiteral("recorded"));
        QVERIFY(hostText);
        QVERIFY(hostText->isReadOnly());
        QVERIFY(hostText->toPlainText().startsWith(QStringLiteral("#!/bin/sh\n")));
        QVERIFY(hostText->toPlainText().contains(QStringLiteral("ip link set dev ens1f1np1 mtu 9000")));
        QPlainTextEdit* switchText = page->textView(QStringLiteral("leaf-1"));
        QVERIFY(switchText);
        QVERIFY(switchText->toPlainText().contains(QStringLiteral("! UNCERTAIN:")));
        PlanHighlighter reference(nullptr, QStringLiteral("!"));
        QVERIFY(lineHasFormat(
            switchText, QStringLiteral("! UNCERTAIN:"), reference.format(PlanHighlighter::LineKind::Uncertain)));
        QVERIFY(lineHasFormat(
            switchText, QStringLiteral("! Review every step"), reference.format(PlanHighlighter::LineKind::Comment)));
        QVERIFY(lineHasFormat(
            switchText, QStringLiteral("! --- leaf-1."), reference.format(PlanHighlighter::LineKind::StepHeading)));
        QVERIFY(PlanHighlighter::classify(QStringLiteral("qos trust dscp"), QStringLiteral("!"))
            == PlanHighlighter::LineKind::Command);

        // The host's diff: what will change, what already matches, what the host could not tell.
        SettingDiffModel* diff = page->diffModel(QStringLiteral("recorded"));
        QVERIFY(diff);
        QAbstractItemModelTester(diff, QAbstractItemModelTester::FailureReportingMode::Fatal);
        QVERIFY(!page->diffModel(QStringLiteral("leaf-1")));
        const int mtuChange = diffRow(diff, QStringLiteral("ens1f1np1"), QStringLiteral("mtu"));
        QVERIFY(mtuChange >= 0);
        QCOMPARE(diff->index(mtuChange, 0).data(SettingDiffModel::StatusRole).toInt(), int(rp::DiffStatus::Change));
        QCOMPARE(diff->index(mtuChange, SettingDiffModel::Current).data().toString(), QStringLiteral("1500"));
        QCOMPARE(diff->index(mtuChange, SettingDiffModel::Wanted).data().toString(), QStringLiteral("9000"));
        QCOMPARE(diff->index(mtuChange, SettingDiffModel::Status).data().toString(), QStringLiteral("will change"));
        const int mtuMatch = diffRow(diff, QStringLiteral("ens1f0np0"), QStringLiteral("mtu"));
        QVERIFY(mtuMatch >= 0);
        QCOMPARE(diff->index(mtuMatch, 0).data(SettingDiffModel::StatusRole).toInt(), int(rp::DiffStatus::Match));
        const int pfc = diffRow(diff, QStringLiteral("ens1f0np0"), QStringLiteral("pfc"));
        QVERIFY(pfc >= 0);
        QCOMPARE(diff->index(pfc, 0).data(SettingDiffModel::StatusRole).toInt(), int(rp::DiffStatus::Unknown));
        QCOMPARE(diff->index(pfc, SettingDiffModel::Current).data().toString(), QStringLiteral("unknown"));
        QVERIFY(diff->index(pfc, SettingDiffModel::Note).data().toString().contains(QStringLiteral("not recorded")));
        QCOMPARE(diff->index(pfc, SettingDiffModel::Setting).data().toString(), QStringLiteral("PFC priorities"));
        // Each status has its own colour.
        const QVariant changeColour = diff->index(mtuChange, SettingDiffModel::Status).data(Qt::BackgroundRole);
        const QVariant matchColour = diff->index(mtuMatch, SettingDiffModel::Status).data(Qt::BackgroundRole);
        const QVariant unknownColour = diff->index(pfc, SettingDiffModel::Status).data(Qt::BackgroundRole);
        QVERIFY(changeColour.isValid() && matchColour.isValid() && unknownColour.isValid());
        QVERIFY(changeColour != matchColour && changeColour != unknownColour && matchColour != unknownColour);
        QCOMPARE(diff->count(rp::DiffStatus::Change), 1);
        QCOMPARE(diff->count(rp::DiffStatus::Match), 1);
        QVERIFY(diff->count(rp::DiffStatus::Unknown) > 10);
        auto* table = page->tabs()->widget(0)->findChild<QTableView*>(QStringLiteral("diffTable"));
        QVERIFY(table);
        auto* sorted = qobject_cast<QSortFilterProxyModel*>(table->model());
        QVERIFY(sorted && sorted->sourceModel() == diff);
        // Changes come first, then matches, then what the host could not tell.
        QCOMPARE(sorted->index(0, SettingDiffModel::Status).data(SettingDiffModel::StatusRole).toInt(),
            int(rp::DiffStatus::Change));
        QCOMPARE(sorted->index(1, SettingDiffModel::Status).data(SettingDiffModel::StatusRole).toInt(),
            int(rp::DiffStatus::Match));
        QCOMPARE(sorted->index(2, SettingDiffModel::Interface).data().toString(), QStringLiteral("ens1f0np0"));
        QCOMPARE(
            sorted->index(sorted->rowCount() - 1, SettingDiffModel::Status).data(SettingDiffModel::StatusRole).toInt(),
            int(rp::DiffStatus::Unknown));
        auto* summary = page->tabs()->widget(0)->findChild<QLabel*>(QStringLiteral("diffSummary"));
        QVERIFY(summary && summary->text().contains(QStringLiteral("1 to change, 1 already so")));

        // Copy puts the visible text on the clipboard.
        page->tabs()->setCurrentIndex(1);
        auto* copy = page->tabs()->widget(1)->findChild<QPushButton*>(QStringLiteral("copyButton"));
        QVERIFY(copy);
        copy->click();
        QCOMPARE(QGuiApplication::clipboard()->text(), switchText->toPlainText());

        // Another vendor: untouched example ports follow it; the current tab survives the regeneration.
        QVERIFY(page->switchModel()->setData(
            page->switchModel()->index(row, SwitchModel::Vendor), QStringLiteral("junos"), Qt::EditRole));
        QCOMPARE(page->switchModel()->switches().front().hostPorts, std::vector<std::string> { "et-0/0/0" });
        QCOMPARE(page->tabs()->currentIndex(), 1);
        QVERIFY(page->textView(QStringLiteral("leaf-1"))->toPlainText().contains(QStringLiteral("Juniper")));

        // A port name that could reach a CLI unquoted: no plan, and the reason names the switch.
        QVERIFY(page->switchModel()->setData(
            page->switchModel()->index(row, SwitchModel::HostPorts), QStringLiteral("et-0/0/0; reboot")));
        QVERIFY(!page->plan().has_value());
        QCOMPARE(page->tabs()->count(), 0);
        QVERIFY2(
            page->statusLabel()->text().contains(QStringLiteral("leaf-1")), qPrintable(page->statusLabel()->text()));
        QVERIFY(!w.findChild<QPushButton*>(QStringLiteral("saveAllButton"))->isEnabled());
        page->switchModel()->removeSwitches({ row });
        QVERIFY(page->plan().has_value());
        QCOMPARE(tabNames(page->tabs()), QStringList { QStringLiteral("recorded") });
    }

    void saveAllIsAllOrNothing()
    {
        Wizard w;
        const rp::HostSpec host = recordedHost("lab-a", "rxe-lab-a");
        w.inventoryModel()->addHost(host);
        w.discoverPage()->model()->setOutcomes({ discovered(host) });
        ReviewPage* page = w.reviewPage();
        page->switchModel()->addSwitch(rp::SwitchVendor::Cumulus);
        QVERIFY(page->plan().has_value());
        QCOMPARE(tabNames(page->tabs()), (QStringList { QStringLiteral("lab-a"), QStringLiteral("leaf-1") }));

        QTemporaryDir tmp;
        const QString dir = tmp.filePath(QStringLiteral("plan"));
        QSignalSpy saved(page, &ReviewPage::saveFinished);
        QVERIFY(page->startSaveAll(dir));
        QVERIFY(saved.wait(30000) || saved.count() == 1);
        QCOMPARE(saved.count(), 1);
        QVERIFY2(saved.at(0).at(0).toBool(), qPrintable(saved.at(0).at(1).toString()));
        QCOMPARE(QDir(dir).entryList(QDir::Files, QDir::Name),
            (QStringList { QStringLiteral("lab-a.txt"), QStringLiteral("leaf-1.txt"), QStringLiteral("plan.json") }));
        QFile written(QDir(dir).filePath(QStringLiteral("lab-a.txt")));
        QVERIFY(written.open(QIODevice::ReadOnly));
        QCOMPARE(QString::fromUtf8(written.readAll()), page->textView(QStringLiteral("lab-a"))->toPlainText());
        QVERIFY(page->saveStatusLabel()->text().contains(QStringLiteral("Saved 3 file")));

        // A second save into the now non-empty folder is refused, and nothing in it changes.
        QVERIFY(page->startSaveAll(dir));
        QVERIFY(saved.wait(30000) || saved.count() == 2);
        QCOMPARE(saved.count(), 2);
        QVERIFY(!saved.at(1).at(0).toBool());
        const QString message = saved.at(1).at(1).toString();
        QVERIFY2(message.startsWith(QStringLiteral("Nothing was saved: ")), qPrintable(message));
        QVERIFY2(message.size() > QStringLiteral("Nothing was saved: ").size() + 5, qPrintable(message));
        QCOMPARE(page->saveStatusLabel()->text(), message);
        QCOMPARE(QDir(dir).entryList(QDir::Files).size(), 3);
        QCOMPARE(QDir(tmp.path()).entryList(QDir::Dirs | QDir::NoDotAndDotDot), QStringList { QStringLiteral("plan") });

        // An existing empty folder is fine.
        const QString empty = tmp.filePath(QStringLiteral("empty"));
        QVERIFY(QDir().mkpath(empty));
        QVERIFY(page->startSaveAll(empty));
        QVERIFY(saved.wait(30000) || saved.count() == 3);
        QVERIFY2(saved.at(2).at(0).toBool(), qPrintable(saved.at(2).at(1).toString()));
        QCOMPARE(QDir(empty).entryList(QDir::Files).size(), 3);
    }

    void throughTheWizard()
    {
        // Welcome -> Hosts -> Discover (really reading the recorded tree) -> Profile -> Review.
        Wizard w;
        w.resize(1200, 800);
        w.show();
        w.inventoryModel()->addHost(recordedHost("lab-a", "rxe-lab-a"));
        QSignalSpy finished(w.discoverPage(), &rp::ui::DiscoverPage::discoveryFinished);
        QVERIFY(w.advanceTo(Wizard::DiscoverPageId));
        QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 60000);
        QVERIFY(w.button(QWizard::NextButton)->isEnabled());
        w.next();
        QCOMPARE(w.currentId(), int(Wizard::ProfilePageId));
        QVERIFY(w.profilePage()->selectPreset(QStringLiteral("lossless-pcp-vlan")));
        w.next();
        QCOMPARE(w.currentId(), int(Wizard::ReviewPageId));
        QVERIFY(w.button(QWizard::NextButton)->isEnabled()); // Apply follows
        QCOMPARE(w.nextId(), int(Wizard::ApplyPageId));

        ReviewPage* page = w.reviewPage();
        QCOMPARE(tabNames(page->tabs()), QStringList { QStringLiteral("lab-a") });
        SettingDiffModel* diff = page->diffModel(QStringLiteral("lab-a"));
        QVERIFY(diff);
        const int vlan = diffRow(diff, QStringLiteral("vethA"), QStringLiteral("vlan"));
        QVERIFY(vlan >= 0);
        QCOMPARE(diff->index(vlan, 0).data(SettingDiffModel::StatusRole).toInt(), int(rp::DiffStatus::Match));
        const int egress = diffRow(diff, QStringLiteral("vethA"), QStringLiteral("pcp.egress"));
        QVERIFY(egress >= 0);
        QCOMPARE(diff->index(egress, 0).data(SettingDiffModel::StatusRole).toInt(), int(rp::DiffStatus::Change));
        QCOMPARE(diff->index(egress, SettingDiffModel::Current).data().toString(),
            QStringLiteral("0:3 1:0 2:0 3:0 4:0 5:0 6:0 7:0"));

        // Back to the profile, another preset, forward again: the plan follows.
        w.back();
        QCOMPARE(w.currentId(), int(Wizard::ProfilePageId));
        QVERIFY(w.profilePage()->selectPreset(QStringLiteral("ecn-only")));
        w.next();
        QCOMPARE(page->plan()->profileName, std::string("ecn-only"));
        diff = page->diffModel(QStringLiteral("lab-a"));
        QVERIFY(diff);
        QCOMPARE(diffRow(diff, QStringLiteral("vethA"), QStringLiteral("vlan")), -1);
    }
};

QTEST_MAIN(TestReviewPage)
#include "tst_reviewpage.moc"

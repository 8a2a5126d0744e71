// SPDX-License-Identifier: GPL-3.0-or-later
// The Apply page's models under QAbstractItemModelTester, the Journals dialog on a directory with a finished, an
// unfinished and a damaged journal, the start-up offer for an unfinished run, and the Apply page against a host
// that does not answer (the refusal names it; the confirmation names the hosts and Cancel starts nothing).
#include "dialogs/journalsdialog.h"
#include "itemmodels/hostprogressmodel.h"
#include "itemmodels/journallistmodel.h"
#include "itemmodels/stepmodel.h"
#include "pages/applypage.h"
#include "window/mainwindow.h"
#include "window/wizard.h"
#include "workers/connectprompter.h"

#include "apply/journal.h"
#include "boxanswerer.h"
#include "testutil.h"
#include "util/files.h"

#include <QAbstractItemModelTester>
#include <QApplication>
#include <QLabel>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>

using namespace rp::apply;
using rp::ui::HostProgressModel;
using rp::ui::JournalListModel;
using rp::ui::StepModel;

using rp::test::q;

using guitest::BoxAnswerer;

namespace {

Journal sample(const std::string& dir, const std::string& id, const std::string& state)
{
    Journal j;
    j.id = id;
    j.created = "2026-11-24T08:15:02Z";
    j.mode = "apply";
    j.state = state;
    j.policy = "stop";
    j.planJson = "{\"version\": 1}";
    j.inventoryYaml = "version: 1\nhosts: []\n";
    for (const char* name : { "lab-a", "lab-b" }) {
        HostRecord h;
        h.name = name;
        h.state = state == "running" ? HostState::Applying : HostState::Applied;
        StepRecord s;
        s.id = std::string(name) + ".data0.mtu";
        s.title = "MTU 9000 on data0";
        s.state = StepState::Verified;
        s.ran = true;
        s.undo = { { "ip", "link", "set", "dev", "data0", "mtu", "1500" } };
        h.steps.push_back(s);
        s.id = std::string(name) + ".data0.2.egress";
        s.title = "egress-qos-map";
        s.state = state == "running" ? StepState::Running : StepState::Already;
        s.ran = false;
        h.steps.push_back(s);
        j.hosts.push_back(h);
    }
    SwitchRecord sw;
    sw.name = "leaf1";
    sw.state = "skipped";
    sw.message = "plan only (no address in the inventory): apply its file by hand";
    j.switches.push_back(sw);
    j.path = dir + "/" + j.id + ".json";
    return j;
}

} // namespace

class TestApplyModels final : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    QTemporaryDir m_config;

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        QVERIFY(m_config.isValid());
        qputenv("XDG_CONFIG_HOME", m_config.path().toUtf8());
        qputenv("RP_JOURNAL_DIR", m_dir.path().toUtf8());
        const std::string d = m_dir.path().toStdString();
        QVERIFY(saveJournal(sample(d, "20261124-080000-aaaa", "applied")));
        QVERIFY(saveJournal(sample(d, "20261124-090000-bbbb", "running")));
        QVERIFY(rp::writeFileAtomically(d + "/20261124-100000-cccc.json", "{\"version\": 1, \"id\": 3"));
    }

    void hostModelFollowsEventsThenTheJournal()
    {
        HostProgressModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        Journal j = sample("/tmp", "x", "running");
        for (auto& h : j.hosts) {
            h.state = HostState::Pending;
            for (auto& s : h.steps)
                s.state = StepState::Pending;
        }
        model.setHosts(j.hosts);
        QCOMPARE(model.rowCount(), 2);
        QSignalSpy steps(&model, &HostProgressModel::stepsChanged);
        QSignalSpy reset(&model, &QAbstractItemModel::modelReset);

        model.applyEvent(Event { "lab-a", "lab-a.data0.mtu", "run: MTU 9000 on data0", 0, 0, 0 });
        QCOMPARE(model.index(0, HostProgressModel::State).data(HostProgressModel::HostStateRole).toString(),
            QStringLiteral("applying"));
        QCOMPARE(model.index(0, HostProgressModel::CurrentStep).data().toString(), QStringLiteral("MTU 9000 on data0"));
        QCOMPARE(rp::apply::toString(model.hosts()[0].steps[0].state), rp::apply::toString(StepState::Running));
        QCOMPARE(steps.count(), 1);
        QCOMPARE(steps.at(0).at(0).toString(), QStringLiteral("lab-a"));

        model.applyEvent(Event { "lab-a", "lab-a.data0.mtu", "verified", 0, 0, 0 });
        QCOMPARE(rp::apply::toString(model.hosts()[0].steps[0].state), rp::apply::toString(StepState::Verified));
        model.applyEvent(Event { "lab-b", "lab-b.data0.mtu", "failed: RTNETLINK answers: Invalid argument", 0, 0, 0 });
        QCOMPARE(rp::apply::toString(model.hosts()[1].steps[0].state), rp::apply::toString(StepState::Failed));
        QCOMPARE(model.hosts()[1].steps[0].message, std::string("RTNETLINK answers: Invalid argument"));
        model.applyEvent(Event { "lab-b", "lab-b.data0.mtu", "undone", 0, 0, 0 });
        QCOMPARE(rp::apply::toString(model.hosts()[1].steps[0].state), rp::apply::toString(StepState::Undone));
        // A host's end: core's own state names, then the message.
        model.applyEvent(Event { "lab-b", "", "host rolled-back: step failed; rolled back", 2, 2, 0 });
        QCOMPARE(model.index(1, HostProgressModel::State).data(HostProgressModel::HostStateRole).toString(),
            QStringLiteral("rolled-back"));
        QCOMPARE(
            model.index(1, HostProgressModel::Message).data().toString(), QStringLiteral("step failed; rolled back"));
        QCOMPARE(model.index(1, HostProgressModel::CurrentStep).data().toString(), QString());
        // Events of a host the run does not have change nothing.
        model.applyEvent(Event { "nobody", "x", "verified", 0, 0, 0 });
        QCOMPARE(model.rowCount(), 2);

        // The journal replaces the live view, in place for the same hosts.
        Journal done = sample("/tmp", "y", "applied");
        model.setJournal(done);
        QCOMPARE(reset.count(), 0);
        QCOMPARE(model.index(1, HostProgressModel::State).data().toString(), QStringLiteral("applied"));
        // Other hosts: a reset.
        done.hosts.pop_back();
        model.setJournal(done);
        QCOMPARE(reset.count(), 1);
        QCOMPARE(model.rowCount(), 1);
        model.setMode(QStringLiteral("verify"));
        QCOMPARE(model.index(0, HostProgressModel::State).data().toString(), QStringLiteral("verified"));
        model.clear();
        QCOMPARE(model.rowCount(), 0);
    }

    void stepModelSaysWhatADryRunWouldDo()
    {
        StepModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        std::vector<StepRecord> steps(3);
        steps[0].id = "a.mtu";
        steps[0].title = "MTU";
        steps[0].state = StepState::Pending;
        steps[0].undoNote = "sets MTU 1500 back";
        steps[1].id = "a.tos";
        steps[1].state = StepState::Already;
        steps[1].before = "106";
        steps[2].id = "a.mlx";
        steps[2].state = StepState::Skipped;
        steps[2].message = "/sys/x does not exist on this host (the driver does not offer it)";
        steps[2].before = "cat: can't open '/sys/x': No such file or directory";
        model.setSteps(steps, true);
        QCOMPARE(model.rowCount(), 3);
        QCOMPARE(model.index(0, StepModel::State).data().toString(), QStringLiteral("will run"));
        QVERIFY(model.index(0, StepModel::Reason).data().toString().contains(QStringLiteral("sets MTU 1500 back")));
        QCOMPARE(model.index(1, StepModel::State).data().toString(), QStringLiteral("already so"));
        QCOMPARE(model.index(1, StepModel::ReadBack).data().toString(), QStringLiteral("106"));
        QCOMPARE(model.index(2, StepModel::State).data().toString(), QStringLiteral("skipped"));
        QCOMPARE(model.index(2, StepModel::ReadBack).data().toString(), QString());
        QVERIFY(model.index(2, StepModel::Reason).data().toString().contains(QStringLiteral("does not exist")));
        // The same steps after an apply: in place, and a pending step is no longer "will run".
        QSignalSpy reset(&model, &QAbstractItemModel::modelReset);
        steps[0].state = StepState::Verified;
        model.setSteps(steps, true);
        QCOMPARE(reset.count(), 0);
        QCOMPARE(model.index(0, StepModel::State).data().toString(), QStringLiteral("verified"));
        // A matched read-back says what it showed; the raw output stays in the tooltip.
        steps[0].after = R"([{"ifname":"data0","mtu":9000,"flags":["UP"]}])";
        model.setSteps(steps, true);
        model.setExpectations({ { "a.mtu", "\"mtu\":9000" } });
        QCOMPARE(model.index(0, StepModel::ReadBack).data().toString(), QStringLiteral("shows \"mtu\":9000"));
        QVERIFY(model.index(0, StepModel::ReadBack).data(Qt::ToolTipRole).toString().contains(QStringLiteral("flags")));
        steps[0].state = StepState::Pending;
        model.setSteps(steps, false);
        QCOMPARE(model.index(0, StepModel::State).data().toString(), QStringLiteral("pending"));
        model.setSteps({}, false);
        QCOMPARE(model.rowCount(), 0);
    }

    void journalsDialogListsFinishedUnfinishedAndDamaged()
    {
        rp::ui::ConnectPrompter prompter(nullptr);
        rp::ui::JournalsDialog dialog(&prompter, m_dir.path());
        QAbstractItemModelTester listTester(
            dialog.journalModel(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        QAbstractItemModelTester hostTester(dialog.hostModel(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        QSignalSpy refreshed(&dialog, &rp::ui::JournalsDialog::refreshed);
        QSignalSpy shown(&dialog, &rp::ui::JournalsDialog::journalShown);
        dialog.show();
        QTRY_VERIFY_WITH_TIMEOUT(refreshed.count() >= 1, 10000);
        const JournalListModel* list = dialog.journalModel();
        QCOMPARE(list->rowCount(), 3);
        // Newest first; the damaged file is listed with its error, never skipped.
        QCOMPARE(list->index(0, JournalListModel::Id).data().toString(), QStringLiteral("20261124-100000-cccc"));
        QVERIFY(list->index(0, 0).data(JournalListModel::DamagedRole).toBool());
        QVERIFY(list->index(0, JournalListModel::Outcome)
                    .data()
                    .toString()
                    .contains(QStringLiteral("damaged apply journal")));
        QVERIFY(list->index(1, 0).data(JournalListModel::UnfinishedRole).toBool());
        QCOMPARE(list->index(1, JournalListModel::Outcome).data().toString(),
            QStringLiteral("unfinished: resume or roll back"));
        QCOMPARE(list->index(1, JournalListModel::Hosts).data().toString(),
            QStringLiteral("lab-a applying, lab-b applying"));
        QCOMPARE(list->index(2, JournalListModel::Outcome).data().toString(), QStringLiteral("applied"));
        QVERIFY(dialog.statusLabel()->text().contains(QStringLiteral("never finished")));

        // The damaged one (selected first): nothing to roll back or resume.
        QTRY_VERIFY(shown.count() >= 1);
        QVERIFY(!dialog.rollbackButton()->isEnabled());
        QVERIFY(!dialog.resumeButton()->isEnabled());
        QCOMPARE(dialog.hostModel()->rowCount(), 0);

        // The unfinished one: its hosts and steps; resume and rollback offered.
        shown.clear();
        dialog.journalView()->setCurrentIndex(list->index(1, 0));
        QTRY_VERIFY_WITH_TIMEOUT(shown.count() >= 1, 10000);
        QVERIFY(dialog.shownJournal());
        QCOMPARE(dialog.shownJournal()->id, std::string("20261124-090000-bbbb"));
        QCOMPARE(dialog.hostModel()->rowCount(), 2);
        QCOMPARE(dialog.stepModel()->rowCount(), 2);
        QCOMPARE(dialog.stepModel()->index(1, StepModel::State).data().toString(), QStringLiteral("running"));
        QVERIFY(dialog.rollbackButton()->isEnabled());
        QVERIFY(dialog.resumeButton()->isEnabled());

        // The finished apply: rollback only.
        shown.clear();
        dialog.journalView()->setCurrentIndex(list->index(2, 0));
        QTRY_VERIFY_WITH_TIMEOUT(shown.count() >= 1, 10000);
        QCOMPARE(dialog.shownJournal()->state, std::string("applied"));
        QVERIFY(dialog.rollbackButton()->isEnabled());
        QVERIFY(!dialog.resumeButton()->isEnabled());
        QCOMPARE(dialog.switchLabel()->text(),
            QStringLiteral(
                "leaf1 (switch): skipped — plan only (no address in the inventory): apply its file by hand"));
        QVERIFY(!dialog.switchLabel()->isHidden());

        // The rollback button asks first, naming the journal and its hosts; Cancel does nothing.
        BoxAnswerer answer(QStringLiteral("journalConfirmation"), QStringLiteral("cancel"));
        dialog.rollbackButton()->click();
        QCOMPARE(answer.count(), 1);
        QVERIFY(answer.text().contains(QStringLiteral("20261124-080000-aaaa")));
        QVERIFY(answer.text().contains(QStringLiteral("lab-a, lab-b")));
        QVERIFY(!dialog.isRunning());
        QVERIFY(dialog.log()->toPlainText().isEmpty());
    }

    void startOffersTheUnfinishedRun()
    {
        rp::ui::MainWindow window;
        window.show();
        QMessageBox* box = nullptr;
        QTRY_VERIFY_WITH_TIMEOUT(
            (box = window.findChild<QMessageBox*>(QStringLiteral("unfinishedJournals"))) != nullptr, 10000);
        QTRY_VERIFY(box->isVisible());
        QVERIFY(box->text().contains(QStringLiteral("20261124-090000-bbbb")));
        QVERIFY(box->text().contains(QStringLiteral("lab-a (applying), lab-b (applying)")));
        QVERIFY(box->text().contains(QStringLiteral("Nothing happens until you choose")));
        // Written moments ago (by initTestCase): it may still be running elsewhere, and the question says so.
        QVERIFY(box->text().contains(QStringLiteral("may still be running it")));
        // Never automatic: nothing runs while the question is open.
        QVERIFY(!window.findChild<rp::ui::JournalsDialog*>());
        QPushButton* later = box->findChild<QPushButton*>(QStringLiteral("laterButton"));
        QVERIFY(later);
        later->click();
        QTRY_VERIFY(!window.findChild<QMessageBox*>(QStringLiteral("unfinishedJournals")));
        QVERIFY(!window.findChild<rp::ui::JournalsDialog*>());

        // File > Journals… opens the view on the same directory.
        window.journalsAction()->trigger();
        auto* dialog = window.findChild<rp::ui::JournalsDialog*>();
        QVERIFY(dialog);
        QVERIFY(dialog->isVisible());
        QCOMPARE(dialog->directory(), m_dir.path());
        QTRY_COMPARE_WITH_TIMEOUT(dialog->journalModel()->rowCount(), 3, 10000);
    }

    void applyPageNamesHostsAndRefusals()
    {
        rp::ui::ConnectPrompter prompter(nullptr);
        rp::ui::ApplyPage page(&prompter);
        QAbstractItemModelTester tester(page.hostModel(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        QAbstractItemModelTester stepTester(page.stepModel(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        page.resize(900, 700);
        page.show();
        QVERIFY(!page.startDryRun()); // no plan yet
        QVERIFY(page.statusLabel()->text().contains(QStringLiteral("No plan")));

        // A hand-made plan for a host where nothing listens (port 1) and a switch, which is not applied here.
        rp::ui::ApplyPage::Input input;
        rp::HostSpec spec;
        spec.name = "gone-1";
        spec.address = "127.0.0.1";
        spec.port = 1;
        input.inventory.hosts.push_back(spec);
        rp::SwitchSpec leaf;
        leaf.name = "leaf1";
        leaf.vendor = rp::SwitchVendor::Eos; // no address: plan only
        input.inventory.switches.push_back(leaf);
        rp::Plan plan;
        plan.profileName = "by hand";
        rp::PlanTarget target;
        target.name = "gone-1";
        rp::Step step;
        step.id = "gone-1.data0.mtu";
        step.title = "MTU 9000 on data0";
        step.argv = { "ip", "link", "set", "dev", "data0", "mtu", "9000" };
        target.steps.push_back(step);
        plan.targets.push_back(target);
        rp::PlanTarget sw;
        sw.name = "leaf1";
        sw.kind = rp::TargetKind::Switch;
        sw.title = "Arista EOS";
        plan.targets.push_back(sw);
        input.plan = plan;
        page.setInput(input);
        QCOMPARE(page.hostModel()->rowCount(), 1); // the switch is no row: not applied here
        QVERIFY(page.statusLabel()->text().contains(
            QStringLiteral("Not applied here: leaf1 (Arista EOS: no management address)")));
        QCOMPARE(page.stepModel()->rowCount(), 1);

        // Apply asks first and names the host and the switch left out; Cancel starts nothing.
        {
            BoxAnswerer answer(QStringLiteral("applyConfirmation"), QStringLiteral("cancel"));
            QVERIFY(!page.startApply());
            QCOMPARE(answer.count(), 1);
            QVERIFY(answer.text().contains(QStringLiteral("to 1 host(s): gone-1?")));
            QVERIFY(answer.text().contains(QStringLiteral("rolled back later")));
            QVERIFY(answer.text().contains(QStringLiteral("Not applied here: leaf1")));
            QVERIFY(!page.isRunning());
        }

        // A dry run against it: the host ends unreachable, the message names it; nothing was changed.
        QSignalSpy finished(&page, &rp::ui::ApplyPage::runFinished);
        QVERIFY(page.startDryRun());
        QVERIFY(page.isRunning());
        QVERIFY(!page.isComplete());
        QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 30000);
        // A dry run that could not read a host is no success (the CLI exits 1 for it), though its journal says
        // "dry-run".
        QCOMPARE(finished.at(0).at(0).toBool(), false);
        QVERIFY(page.lastJournal());
        QCOMPARE(page.lastJournal()->mode, std::string("dry-run"));
        QCOMPARE(page.hostModel()->index(0, HostProgressModel::State).data(HostProgressModel::HostStateRole),
            QVariant(QStringLiteral("unreachable")));
        const QString message = page.hostModel()->index(0, HostProgressModel::Message).data().toString();
        QVERIFY2(message.contains(QStringLiteral("gone-1")), qPrintable(message));
        QVERIFY(page.log()->toPlainText().contains(QStringLiteral("gone-1: host unreachable")));
        QVERIFY(page.outcomeLabel()->text().contains(q(page.lastJournal()->path)));
        QVERIFY(page.outcomeLabel()->text().contains(QStringLiteral("gone-1: unreachable")));
        QVERIFY2(page.outcomeLabel()->text().contains(QStringLiteral("leaf1 (switch): skipped — plan only")),
            qPrintable(page.outcomeLabel()->text()));
        QVERIFY(!page.rollbackJournal()); // a dry run has nothing to roll back
        QVERIFY(page.isComplete());
        QVERIFY(QFile::exists(q(page.lastJournal()->path)));
        QVERIFY(q(page.lastJournal()->path).startsWith(m_dir.path()));
    }
};

QTEST_MAIN(TestApplyModels)
#include "tst_applymodels.moc"

// SPDX-License-Identifier: GPL-3.0-or-later
// The Apply page and the Journals view against real OpenSSH hosts of the netns lab (tests/support/netns-hosts.sh, dir
// in RP_NETNS_DIR) with a plan made by hand (files in each host's private /run): the dead-man countdown around a
// step that may cut the session, a rollback through the Journals view, Cancel during a slow step (it finishes,
// then the host rolls back), and policy stop-all with one host failing (both hosts roll back; the failure names
// its host).
#include "dialogs/journalsdialog.h"
#include "itemmodels/hostprogressmodel.h"
#include "itemmodels/journallistmodel.h"
#include "itemmodels/stepmodel.h"
#include "pages/applypage.h"
#include "window/mainwindow.h"
#include "window/wizard.h"

#include "apply/journal.h"
#include "applypagerun.h"
#include "boxanswerer.h"
#include "netnslab.h"
#include "testutil.h"

#include <QApplication>
#include <QLabel>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>

#include <filesystem>

using rp::ui::ApplyPage;
using rp::ui::HostProgressModel;
using rp::ui::StepModel;
namespace lab = rp::lab;

using guitest::BoxAnswerer;
using guitest::hostStates;
using guitest::runAndWait;

namespace {

/// Per host: a step that may cut the session (dead-man), a slow one (2 s), and a last one that fails on `failOn`.
rp::Plan handMadePlan(const std::vector<std::string>& hosts, const std::string& failOn = {})
{
    rp::Plan plan;
    plan.profileName = "by hand";
    for (const auto& host : hosts) {
        rp::PlanTarget t;
        t.name = host;
        t.title = "Linux";
        auto add = [&t, &host](const std::string& what, const std::string& script, bool mayCut) {
            rp::Step s;
            s.id = host + ".gui." + what;
            s.title = "write /run/rp-gui-" + what;
            s.argv = { "sh", "-c", script };
            s.verify.argv = { "cat", "/run/rp-gui-" + what };
            s.verify.expect = what;
            s.undo.commands = { { "rm", "-f", "/run/rp-gui-" + what } };
            s.mayCutManagement = mayCut;
            t.steps.push_back(s);
        };
        add("one", "echo one >/run/rp-gui-one", true);
        add("two", "sleep 2; echo two >/run/rp-gui-two", false);
        add("three",
            host == failOn ? "echo 'no space left on the pretend device' >&2; exit 1" : "echo three >/run/rp-gui-three",
            false);
        plan.targets.push_back(t);
    }
    return plan;
}

/// Runs `script` on netns host `host` over our own SSH connection; its stdout, or what went wrong.
std::string onHost(int host, const std::string& script)
{
    rp::ConnectContext ctx;
    ctx.knownHostsFile = lab::dir() + "/known_hosts";
    auto exec = rp::openExecutor(lab::host(host), ctx);
    if (!exec)
        return "connect failed: " + exec.error().describe();
    auto r = (*exec)->run(rp::Command({ "sh", "-c", script }), {});
    return r ? r->out : "run failed: " + r.error().describe();
}

/// What the host's /run holds of the plan's files, in step order.
std::string runFiles(int host)
{
    return onHost(host, "for f in one two three; do cat /run/rp-gui-$f 2>/dev/null; done; true");
}

} // namespace

class TestApplyPageNetns final : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_journals;
    QTemporaryDir m_config;
    rp::Inventory m_inventory;

    void setUp(rp::ui::Wizard& w, const rp::Plan& plan)
    {
        w.resize(1100, 820);
        w.show();
        w.setInventory(m_inventory);
        ApplyPage::Input input;
        input.inventory = m_inventory;
        input.plan = plan;
        w.applyPage()->setInput(input);
    }

private slots:
    void init()
    {
        // Each test starts from hosts without the plan's files (a failed test may have left some).
        for (int host : { 1, 2 })
            QCOMPARE(onHost(host, "rm -f /run/rp-gui-one /run/rp-gui-two /run/rp-gui-three; echo clean"),
                std::string("clean\n"));
    }

    void initTestCase()
    {
        QVERIFY(m_journals.isValid());
        QVERIFY(m_config.isValid());
        qputenv("RP_JOURNAL_DIR", m_journals.path().toUtf8());
        qputenv("XDG_CONFIG_HOME", m_config.path().toUtf8());
        QVERIFY2(!lab::dir().empty() && std::filesystem::exists(lab::dir() + "/inventory.yaml"),
            "the netns lab is not up: run through ctest (fixture netns) as root, RP_NETNS_DIR names its dir");
        auto loaded = rp::loadInventory(lab::dir() + "/inventory.yaml");
        QVERIFY2(loaded, loaded ? "" : loaded.error().describe().c_str());
        loaded->hosts.resize(2);
        m_inventory = *loaded;
        QCOMPARE(m_inventory.hosts[0].name, std::string("h1"));
    }

    void deadmanCountdownThenRollbackFromTheJournalsView()
    {
        rp::ui::Wizard w;
        setUp(w, handMadePlan({ "h1", "h2" }));
        ApplyPage* page = w.applyPage();
        auto* timeout = page->findChild<QSpinBox*>(QStringLiteral("deadmanTimeout"));
        QVERIFY(timeout);
        timeout->setValue(20);

        // The step that may cut the session runs under a dead-man: while armed, the countdown names the host; it
        // goes when the engine confirmed over a new connection.
        QStringList armed;
        QSignalSpy settled(page, &ApplyPage::deadmanSettled);
        connect(page, &ApplyPage::deadmanArmed, this, [&armed, page](const QString& host, int seconds) {
            armed << QStringLiteral("%1 %2 %3").arg(host).arg(seconds).arg(page->deadmanLabel()->text());
        });
        bool ok = false;
        {
            BoxAnswerer answer(QStringLiteral("applyConfirmation"), QStringLiteral("confirmButton"));
            QVERIFY(runAndWait(
                page, [page] { return page->startApply(); }, 180000, &ok));
            QVERIFY(answer.text().contains(QStringLiteral("2 host(s): h1, h2")));
        }
        QVERIFY2(ok, qPrintable(page->outcomeLabel()->text() + QLatin1Char('\n') + page->log()->toPlainText()));
        QCOMPARE(armed.size(), 2);
        armed.sort();
        QVERIFY2(armed.at(0).startsWith(QStringLiteral("h1 20 Dead-man armed — ")), qPrintable(armed.at(0)));
        QVERIFY2(armed.at(0).contains(QStringLiteral("h1: the host undoes the step by itself in 20 s unless RoCE "
                                                     "Pilot reconnects and confirms")),
            qPrintable(armed.at(0)));
        QCOMPARE(settled.count(), 2);
        QVERIFY(page->deadmanLabel()->isHidden());
        QCOMPARE(
            hostStates(page->hostModel()), QStringList({ QStringLiteral("h1=applied"), QStringLiteral("h2=applied") }));
        page->selectHost(QStringLiteral("h2"));
        QCOMPARE(
            page->stepModel()->index(0, StepModel::State).data().toString(), QStringLiteral("verified (dead-man)"));
        QVERIFY(page->log()->toPlainText().contains(
            QStringLiteral("h2: h2.gui.one: dead-man confirmed over a new connection")));
        QCOMPARE(runFiles(1), std::string("one\ntwo\nthree\n"));
        QCOMPARE(runFiles(2), std::string("one\ntwo\nthree\n"));

        // The Journals view lists the run as applied and rolls it back on a worker, with a live log.
        const QString path = QString::fromStdString(page->rollbackJournal()->path);
        rp::ui::JournalsDialog dialog(w.prompter(), m_journals.path());
        QSignalSpy shown(&dialog, &rp::ui::JournalsDialog::journalShown);
        dialog.show();
        dialog.selectJournal(path);
        QTRY_VERIFY_WITH_TIMEOUT(dialog.shownJournal() && dialog.shownJournal()->path == path.toStdString(), 10000);
        QVERIFY(dialog.rollbackButton()->isEnabled());
        QVERIFY(!dialog.resumeButton()->isEnabled());
        QSignalSpy finished(&dialog, &rp::ui::JournalsDialog::runFinished);
        {
            BoxAnswerer answer(QStringLiteral("journalConfirmation"), QStringLiteral("confirmButton"));
            dialog.rollbackButton()->click();
            QVERIFY(answer.text().contains(QStringLiteral("h1, h2")));
        }
        QVERIFY(dialog.isRunning());
        QTRY_VERIFY_WITH_TIMEOUT(finished.count() == 1, 120000);
        QVERIFY2(finished.at(0).at(0).toBool(), qPrintable(dialog.log()->toPlainText()));
        QCOMPARE(hostStates(dialog.hostModel()),
            QStringList({ QStringLiteral("h1=rolled-back"), QStringLiteral("h2=rolled-back") }));
        QVERIFY(dialog.log()->toPlainText().contains(QStringLiteral("h1: h1.gui.one: undone")));
        QCOMPARE(runFiles(1), std::string());
        QCOMPARE(runFiles(2), std::string());
        QTRY_VERIFY_WITH_TIMEOUT(dialog.journalModel()->rowOfPath(path) >= 0
                && dialog.journalModel()
                        ->index(dialog.journalModel()->rowOfPath(path), rp::ui::JournalListModel::Outcome)
                        .data()
                        .toString()
                    == QLatin1String("rolled back"),
            10000);
    }

    void cancelFinishesTheStepThenRollsBack()
    {
        rp::ui::Wizard w;
        setUp(w, handMadePlan({ "h1" }));
        ApplyPage* page = w.applyPage();
        connect(page->hostModel(), &HostProgressModel::dataChanged, this, [page] {
            const auto* h = page->hostModel()->host(QStringLiteral("h1"));
            if (page->isRunning() && h && h->steps.size() == 3 && h->steps[1].state == rp::apply::StepState::Running)
                page->cancelRun();
        });
        bool ok = true;
        {
            BoxAnswerer answer(QStringLiteral("applyConfirmation"), QStringLiteral("confirmButton"));
            QVERIFY(runAndWait(
                page, [page] { return page->startApply(); }, 180000, &ok));
        }
        QVERIFY(!ok);
        // The undo ran: every step that ran is undone, the one that never started is pending, the files are gone.
        const auto& steps = page->hostModel()->hosts().at(0).steps;
        QCOMPARE(rp::apply::toString(steps.at(0).state), std::string("undone"));
        QCOMPARE(rp::apply::toString(steps.at(1).state), std::string("undone")); // it finished, then was undone
        QCOMPARE(rp::apply::toString(steps.at(2).state), std::string("pending")); // never started
        QVERIFY(page->log()->toPlainText().contains(QStringLiteral("Cancelling")));
        QVERIFY(page->log()->toPlainText().contains(QStringLiteral("h1: rolling back: cancelled")));
        QCOMPARE(runFiles(1), std::string());
        // The read-back after the undo is not cut short by the cancel that asked for it.
        QCOMPARE(hostStates(page->hostModel()), QStringList({ QStringLiteral("h1=rolled-back") }));
    }

    void stopAllRollsBackEveryHostAndNamesTheFailure()
    {
        rp::ui::Wizard w;
        setUp(w, handMadePlan({ "h1", "h2" }, "h2"));
        ApplyPage* page = w.applyPage();
        bool ok = true;
        {
            BoxAnswerer answer(QStringLiteral("applyConfirmation"), QStringLiteral("confirmButton"));
            QVERIFY(runAndWait(
                page, [page] { return page->startApply(); }, 180000, &ok));
            QVERIFY(answer.text().contains(QStringLiteral("every host is rolled back")));
        }
        QVERIFY(!ok);
        QCOMPARE(hostStates(page->hostModel()),
            QStringList({ QStringLiteral("h1=rolled-back"), QStringLiteral("h2=rolled-back") }));
        page->selectHost(QStringLiteral("h2"));
        QCOMPARE(page->stepModel()->index(2, StepModel::State).data().toString(), QStringLiteral("failed"));
        QVERIFY(page->stepModel()
                    ->index(2, StepModel::Reason)
                    .data()
                    .toString()
                    .contains(QStringLiteral("no space left on the pretend device")));
        const QString outcome = page->outcomeLabel()->text();
        QVERIFY2(outcome.contains(QStringLiteral("h2: rolled back — step h2.gui.three failed: no space left")),
            qPrintable(outcome));
        QVERIFY2(outcome.contains(QStringLiteral("h1: rolled back — another host failed")), qPrintable(outcome));
        QCOMPARE(runFiles(1), std::string());
        QCOMPARE(runFiles(2), std::string());
    }

    void closingWhileARunGoesAsksFirst()
    {
        rp::ui::MainWindow window;
        window.show();
        setUp(*window.wizard(), handMadePlan({ "h1" }));
        ApplyPage* page = window.wizard()->applyPage();
        int asked = 0;
        bool stillOpen = false;
        connect(page->hostModel(), &HostProgressModel::dataChanged, this, [&] {
            const auto* h = page->hostModel()->host(QStringLiteral("h1"));
            if (asked == 0 && page->isRunning() && h && h->steps.size() == 3
                && h->steps[1].state == rp::apply::StepState::Running) {
                ++asked;
                BoxAnswerer keep(QStringLiteral("closeWhileRunning"), QStringLiteral("keepButton"));
                QVERIFY(!window.close()); // the question is answered "keep running"
                stillOpen = window.isVisible() && page->isRunning();
            }
        });
        bool ok = false;
        {
            BoxAnswerer answer(QStringLiteral("applyConfirmation"), QStringLiteral("confirmButton"));
            QVERIFY(runAndWait(
                page, [page] { return page->startApply(); }, 180000, &ok));
        }
        QCOMPARE(asked, 1);
        QVERIFY(stillOpen);
        QVERIFY2(ok, qPrintable(page->outcomeLabel()->text())); // the run went on to the end
        QCOMPARE(runFiles(1), std::string("one\ntwo\nthree\n"));
        QVERIFY(window.close()); // nothing runs: no question
    }

    void resumeAnUnfinishedRunOfferedAtStart()
    {
        // A run whose controller died before the last step: applied fully, then its journal is put back to what
        // a kill before step three leaves (running, step three pending) and the host's file three removed.
        QString path;
        {
            rp::ui::Wizard w;
            setUp(w, handMadePlan({ "h1" }));
            bool ok = false;
            BoxAnswerer answer(QStringLiteral("applyConfirmation"), QStringLiteral("confirmButton"));
            QVERIFY(runAndWait(
                w.applyPage(), [&w] { return w.applyPage()->startApply(); }, 180000, &ok));
            QVERIFY2(ok, qPrintable(w.applyPage()->outcomeLabel()->text()));
            path = QString::fromStdString(w.applyPage()->rollbackJournal()->path);
        }
        auto journal = rp::apply::loadJournal(path.toStdString());
        QVERIFY(journal);
        journal->state = "running";
        journal->hosts.at(0).state = rp::apply::HostState::Applying;
        journal->hosts.at(0).steps.at(2).state = rp::apply::StepState::Pending;
        journal->hosts.at(0).steps.at(2).ran = false;
        QVERIFY(rp::apply::saveJournal(*journal));
        QCOMPARE(onHost(1, "rm /run/rp-gui-three && echo gone"), std::string("gone\n"));

        // The next start offers it (never runs it by itself); Resume runs only what is left.
        rp::ui::MainWindow window;
        window.wizard()->setInventory(m_inventory);
        window.show();
        QMessageBox* box = nullptr;
        QTRY_VERIFY_WITH_TIMEOUT(
            (box = window.findChild<QMessageBox*>(QStringLiteral("unfinishedJournals"))) != nullptr, 10000);
        QVERIFY(box->text().contains(QString::fromStdString(journal->id)));
        QVERIFY(box->text().contains(QStringLiteral("h1 (applying)")));
        QVERIFY(box->text().contains(QStringLiteral("may still be running it"))); // written just now
        QCOMPARE(runFiles(1), std::string("one\ntwo\n")); // nothing ran while the question was open
        box->findChild<QPushButton*>(QStringLiteral("resumeButton"))->click();
        auto* dialog = window.findChild<rp::ui::JournalsDialog*>();
        QVERIFY(dialog);
        QSignalSpy finished(dialog, &rp::ui::JournalsDialog::runFinished);
        QTRY_VERIFY_WITH_TIMEOUT(finished.count() == 1, 120000);
        QVERIFY2(finished.at(0).at(0).toBool(), qPrintable(dialog->log()->toPlainText()));
        QCOMPARE(hostStates(dialog->hostModel()), QStringList({ QStringLiteral("h1=applied") }));
        QVERIFY(dialog->log()->toPlainText().contains(QStringLiteral("h1: h1.gui.three: verified")));
        QVERIFY(!dialog->log()->toPlainText().contains(QStringLiteral("h1.gui.one: run:"))); // verified before
        QCOMPARE(runFiles(1), std::string("one\ntwo\nthree\n"));
        auto after = rp::apply::loadJournal(path.toStdString());
        QVERIFY(after);
        QCOMPARE(after->state, std::string("applied"));
    }
};

QTEST_MAIN(TestApplyPageNetns)
#include "tst_applypage_netns.moc"

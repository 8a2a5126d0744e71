// SPDX-License-Identifier: GPL-3.0-or-later
// The Apply page end to end on the Soft-RoCE lab guests (fixture `softroce`, state dir in RP_SOFTROCE_STATE):
// the wizard discovers lab-a and lab-b, Review makes the plan, and the Apply page dry-runs it, applies it (the
// confirmation names both hosts), verifies it, rolls it back, and a second dry run shows the hosts as they were
// before. With RP_APPLY_SCREENSHOT set, the page after the apply is written there (docs/screenshots/apply.png).
#include "dialogs/journalsdialog.h"
#include "itemmodels/hostprogressmodel.h"
#include "itemmodels/journallistmodel.h"
#include "itemmodels/stepmodel.h"
#include "pages/applypage.h"
#include "pages/discoverpage.h"
#include "pages/reviewpage.h"
#include "pages/welcomepage.h"
#include "window/wizard.h"

#include "apply/journal.h"
#include "applypagerun.h"
#include "boxanswerer.h"
#include "testutil.h"

#include <QApplication>
#include <QLabel>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>

#include <filesystem>

using rp::ui::ApplyPage;
using rp::ui::HostProgressModel;
using rp::ui::StepModel;
using rp::ui::Wizard;

using guitest::BoxAnswerer;
using guitest::hostStates;
using guitest::runAndWait;

namespace {

/// Per host, per step: "host step state" for every step of the model's records.
QStringList stepStates(const HostProgressModel* model)
{
    QStringList out;
    for (const auto& h : model->hosts()) {
        for (const auto& s : h.steps)
            out << QString::fromStdString(h.name + " " + s.id + " " + rp::apply::toString(s.state));
    }
    return out;
}

} // namespace

class TestApplyPageLab final : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_journals;
    QTemporaryDir m_config;
    QString m_inventory;

private slots:
    void initTestCase()
    {
        QVERIFY(m_journals.isValid());
        QVERIFY(m_config.isValid());
        qputenv("RP_JOURNAL_DIR", m_journals.path().toUtf8());
        qputenv("XDG_CONFIG_HOME", m_config.path().toUtf8());
        m_inventory = qEnvironmentVariable("RP_SOFTROCE_STATE") + QStringLiteral("/inventory.yaml");
        QVERIFY2(!qEnvironmentVariableIsEmpty("RP_SOFTROCE_STATE") && QFile::exists(m_inventory),
            "the Soft-RoCE lab is not up: run through ctest (fixture softroce); RP_SOFTROCE_STATE names its dir");
    }

    void dryRunApplyVerifyRollbackOnTheLab()
    {
        Wizard w;
        w.resize(1100, 820);
        w.show();
        QString error;
        QVERIFY2(w.loadProject(m_inventory, &error), qPrintable(error));

        // One flow: the hosts discovery read are the hosts Review plans and Apply applies.
        QSignalSpy discovered(w.discoverPage(), &rp::ui::DiscoverPage::discoveryFinished);
        w.welcomePage()->setGoal(rp::ui::WelcomePage::Goal::NewDeployment);
        QVERIFY(w.advanceTo(Wizard::DiscoverPageId));
        QTRY_VERIFY_WITH_TIMEOUT(discovered.count() >= 1, 120000);
        QVERIFY(w.advanceTo(Wizard::ReviewPageId));
        QVERIFY2(w.reviewPage()->plan(), qPrintable(w.reviewPage()->statusLabel()->text()));
        QVERIFY(w.advanceTo(Wizard::ApplyPageId));
        ApplyPage* page = w.applyPage();
        QCOMPARE(hostStates(page->hostModel()),
            QStringList({ QStringLiteral("lab-a=pending"), QStringLiteral("lab-b=pending") }));
        QVERIFY(page->statusLabel()->text().contains(QStringLiteral("lab-a, lab-b")));

        // Dry run: a fresh read of both hosts; nothing changes; the steps say what will run.
        bool ok = false;
        QVERIFY(runAndWait(
            page, [page] { return page->startDryRun(); }, 180000, &ok));
        QVERIFY2(ok, qPrintable(page->outcomeLabel()->text()));
        QCOMPARE(hostStates(page->hostModel()),
            QStringList({ QStringLiteral("lab-a=planned"), QStringLiteral("lab-b=planned") }));
        const QStringList before = stepStates(page->hostModel());
        QVERIFY2(before.filter(QStringLiteral(" pending")).size() > 0, qPrintable(before.join(QLatin1Char('\n'))));
        page->selectHost(QStringLiteral("lab-a"));
        QVERIFY(page->stepModel()->rowCount() > 0);
        bool willRun = false;
        for (int row = 0; row < page->stepModel()->rowCount(); ++row)
            willRun = willRun
                || page->stepModel()->index(row, StepModel::State).data().toString() == QLatin1String("will run");
        QVERIFY(willRun);
        QVERIFY(page->hostModel()
                    ->index(0, HostProgressModel::Message)
                    .data()
                    .toString()
                    .contains(QStringLiteral("will run")));

        // Apply: the confirmation names both hosts; every host ends applied, every step verified or already so.
        {
            BoxAnswerer answer(QStringLiteral("applyConfirmation"), QStringLiteral("confirmButton"));
            QVERIFY(runAndWait(
                page, [page] { return page->startApply(); }, 300000, &ok));
            QCOMPARE(answer.count(), 1);
            QVERIFY2(answer.text().contains(QStringLiteral("2 host(s): lab-a, lab-b")), qPrintable(answer.text()));
        }
        QVERIFY2(ok, qPrintable(page->outcomeLabel()->text() + QLatin1Char('\n') + page->log()->toPlainText()));
        QCOMPARE(hostStates(page->hostModel()),
            QStringList({ QStringLiteral("lab-a=applied"), QStringLiteral("lab-b=applied") }));
        for (const QString& s : stepStates(page->hostModel()))
            QVERIFY2(s.endsWith(QLatin1String(" verified")) || s.endsWith(QLatin1String(" already"))
                    || s.endsWith(QLatin1String(" skipped")),
                qPrintable(s));
        QVERIFY(page->rollbackJournal());
        const QString journalPath = QString::fromStdString(page->rollbackJournal()->path);
        QVERIFY(journalPath.startsWith(m_journals.path()));
        QVERIFY(page->outcomeLabel()->text().contains(journalPath));
        QVERIFY(page->log()->toPlainText().contains(QStringLiteral("lab-b: host applied")));
        QCOMPARE(page->progressBar()->value(), 2);
        page->selectHost(QStringLiteral("lab-b"));
        if (const QString shot = qEnvironmentVariable("RP_APPLY_SCREENSHOT"); !shot.isEmpty()) {
            QTest::qWait(200);
            QVERIFY(w.grab().save(shot));
        }

        // Verify re-reads everything: both hosts read back as planned.
        QVERIFY(runAndWait(
            page, [page] { return page->startVerify(); }, 180000, &ok));
        QVERIFY2(ok, qPrintable(page->outcomeLabel()->text()));
        QCOMPARE(page->hostModel()->index(0, HostProgressModel::State).data().toString(), QStringLiteral("verified"));
        QCOMPARE(page->hostModel()->index(1, HostProgressModel::State).data().toString(), QStringLiteral("verified"));
        QVERIFY(page->rollbackJournal()); // verify does not replace the run Rollback undoes

        // Rollback (confirmed, naming the hosts): both hosts read back equal to their snapshot.
        {
            BoxAnswerer answer(QStringLiteral("applyConfirmation"), QStringLiteral("confirmButton"));
            QVERIFY(runAndWait(
                page, [page] { return page->startRollback(); }, 300000, &ok));
            QCOMPARE(answer.count(), 1);
            QVERIFY(answer.text().contains(QStringLiteral("lab-a, lab-b")));
        }
        QVERIFY2(ok, qPrintable(page->outcomeLabel()->text() + QLatin1Char('\n') + page->log()->toPlainText()));
        QCOMPARE(hostStates(page->hostModel()),
            QStringList({ QStringLiteral("lab-a=rolled-back"), QStringLiteral("lab-b=rolled-back") }));
        QVERIFY(!page->rollbackJournal());
        auto journal = rp::apply::loadJournal(journalPath.toStdString());
        QVERIFY(journal);
        QCOMPARE(journal->state, std::string("rolled-back"));
        for (const auto& h : journal->hosts)
            QCOMPARE(h.finalState, h.snapshot);

        // A second dry run sees the hosts exactly as the first did: the same steps would run.
        QVERIFY(runAndWait(
            page, [page] { return page->startDryRun(); }, 180000, &ok));
        QVERIFY(ok);
        QCOMPARE(stepStates(page->hostModel()), before);

        // The Journals view lists the run as rolled back.
        rp::ui::JournalsDialog dialog(w.prompter(), m_journals.path());
        QSignalSpy refreshed(&dialog, &rp::ui::JournalsDialog::refreshed);
        QTRY_VERIFY_WITH_TIMEOUT(refreshed.count() >= 1, 10000);
        const int row = dialog.journalModel()->rowOfPath(journalPath);
        QVERIFY(row >= 0);
        QCOMPARE(dialog.journalModel()->index(row, rp::ui::JournalListModel::Outcome).data().toString(),
            QStringLiteral("rolled back"));
    }
};

QTEST_MAIN(TestApplyPageLab)
#include "tst_applypage_lab.moc"

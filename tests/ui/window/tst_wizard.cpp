// SPDX-License-Identifier: GPL-3.0-or-later
#include "dialogs/hostdialog.h"
#include "dialogs/hostkeydialog.h"
#include "itemmodels/discoverymodel.h"
#include "itemmodels/inventorymodel.h"
#include "pages/discoverpage.h"
#include "pages/hostspage.h"
#include "pages/welcomepage.h"
#include "window/mainwindow.h"
#include "window/wizard.h"
#include "workers/connectprompter.h"

#include "guitestdata.h"
#include "testutil.h"

#include <QAbstractButton>
#include <QAbstractItemModelTester>
#include <QApplication>
#include <QFile>
#include <QFont>
#include <QInputDialog>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPushButton>
#include <QSignalSpy>
#include <QSysInfo>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>
#include <QTimer>
#include <QTreeView>
#include <QtConcurrent/QtConcurrentRun>

#include <filesystem>

using rp::ui::DiscoveryModel;
using rp::ui::InventoryModel;
using rp::ui::Wizard;

using guitest::recordedHost;

namespace {

bool haveTree(const char* tree)
{
    return std::filesystem::exists(std::string(RP_FIXTURES_DIR "/sysfs/") + tree);
}

} // namespace

class TestWizard final : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_config;

private slots:
    void initTestCase()
    {
        QVERIFY(m_config.isValid());
        // The app's own known_hosts and anything else under the config dir stay in a temp dir.
        qputenv("XDG_CONFIG_HOME", m_config.path().toUtf8());
        // MainWindow offers unfinished apply runs at start: the user's journals (or a run going elsewhere) stay out.
        qputenv("RP_JOURNAL_DIR", m_config.filePath(QStringLiteral("journals")).toUtf8());
    }

    void hostsPageNeedsAHost()
    {
        Wizard w;
        w.show();
        QCOMPARE(w.currentId(), int(Wizard::WelcomePageId));
        QVERIFY(w.welcomePage()->goal() == rp::ui::WelcomePage::Goal::NewDeployment);
        w.welcomePage()->setGoal(rp::ui::WelcomePage::Goal::Troubleshoot);
        QVERIFY(w.welcomePage()->goal() == rp::ui::WelcomePage::Goal::Troubleshoot);
        w.next();
        QCOMPARE(w.currentId(), int(Wizard::HostsPageId));
        QVERIFY(!w.button(QWizard::NextButton)->isEnabled());

        QSignalSpy modified(&w, &Wizard::modifiedChanged);
        w.hostsPage()->addLocalhost();
        QCOMPARE(w.inventoryModel()->rowCount(), 1);
        const rp::HostSpec& local = w.inventoryModel()->host(0);
        QCOMPARE(local.name, std::string("localhost"));
        QCOMPARE(local.address, std::string("localhost"));
        QVERIFY(local.local);
        QVERIFY(w.button(QWizard::NextButton)->isEnabled());
        QVERIFY(w.isModified());
        QCOMPARE(modified.count(), 1);
        w.hostsPage()->addLocalhost(); // a second time: not duplicated
        QCOMPARE(w.inventoryModel()->rowCount(), 1);
    }

    void discoverRecordedTrees()
    {
        QVERIFY2(haveTree("mlx5-dual") && haveTree("iwarp"), "fixture trees missing: tests/fixtures/sysfs");
        Wizard w;
        w.resize(1100, 700);
        w.show();
        w.welcomePage()->setGoal(rp::ui::WelcomePage::Goal::Troubleshoot);
        w.next();
        QCOMPARE(w.currentId(), int(Wizard::HostsPageId));
        w.inventoryModel()->addHost(recordedHost("recorded", "mlx5-dual"));
        w.inventoryModel()->addHost(recordedHost("iwarp", "iwarp"));
        rp::HostSpec win;
        win.name = "win-1";
        win.address = "198.18.0.50";
        win.kind = rp::HostKind::Windows;
        w.inventoryModel()->addHost(win);

        rp::ui::DiscoverPage* page = w.discoverPage();
        DiscoveryModel* model = page->model();
        QAbstractItemModelTester tester(model, QAbstractItemModelTester::FailureReportingMode::Fatal);
        QAbstractItemModelTester proxyTester(page->proxy(), QAbstractItemModelTester::FailureReportingMode::Fatal);
        QSignalSpy started(page, &rp::ui::DiscoverPage::discoveryStarted);
        QSignalSpy hostDone(page, &rp::ui::DiscoverPage::hostDiscovered);
        QSignalSpy finished(page, &rp::ui::DiscoverPage::discoveryFinished);

        w.next(); // entering the page starts a run
        QCOMPARE(w.currentId(), int(Wizard::DiscoverPageId));
        QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 60000);
        QCOMPARE(started.count(), 1);
        QCOMPARE(hostDone.count(), 3);
        QVERIFY(!page->isRunning());
        QVERIFY(w.button(QWizard::NextButton)->isEnabled()); // on to the profile

        QCOMPARE(model->rowCount(), 3);
        const QModelIndex recorded = model->hostIndex(QStringLiteral("recorded"));
        QCOMPARE(recorded.data(DiscoveryModel::HostStateRole).toString(), QStringLiteral("ok"));
        QVERIFY(
            guitest::count(model, DiscoveryModel::NodeKindRole, int(DiscoveryModel::NodeKind::Device), recorded) >= 1);
        QVERIFY(guitest::count(model, DiscoveryModel::NodeKindRole, int(DiscoveryModel::NodeKind::Gid), recorded) >= 2);
        QVERIFY(guitest::find(model, Qt::DisplayRole, QStringLiteral("mlx5_0"), recorded).isValid());

        // The recommended GID is highlighted, and selecting it shows why.
        const QModelIndex rec = guitest::find(model, DiscoveryModel::RecommendedRole, true, recorded);
        QVERIFY(rec.isValid());
        QVERIFY(rec.data(Qt::FontRole).value<QFont>().bold());
        QVERIFY(rec.data(Qt::BackgroundRole).isValid());
        const QString reason = rec.data(DiscoveryModel::ReasonRole).toString();
        QVERIFY(!reason.isEmpty());
        QVERIFY(page->selectFirstRecommended());
        QVERIFY(page->detailLabel()->text().contains(reason));

        // iWARP: the device says it needs no DCB/PFC.
        const QModelIndex iwarp = model->hostIndex(QStringLiteral("iwarp"));
        QCOMPARE(iwarp.data(DiscoveryModel::HostStateRole).toString(), QStringLiteral("ok"));
        const QModelIndex iwDev
            = guitest::find(model, DiscoveryModel::NodeKindRole, int(DiscoveryModel::NodeKind::Device), iwarp);
        QVERIFY(iwDev.isValid());
        QCOMPARE(iwDev.siblingAtColumn(DiscoveryModel::Type).data().toString(), QStringLiteral("iWARP"));
        QVERIFY(guitest::find(model, DiscoveryModel::NodeKindRole, int(DiscoveryModel::NodeKind::Note), iwDev)
                    .data()
                    .toString()
                    .contains(QStringLiteral("DCB/PFC")));

        // The Windows host failed in a named state, with the error in place.
        const QModelIndex winRow = model->hostIndex(QStringLiteral("win-1"));
        QVERIFY(!winRow.data(DiscoveryModel::HostStateRole).toString().isEmpty());
        QVERIFY(winRow.data(DiscoveryModel::HostStateRole).toString() != QStringLiteral("ok"));
        QCOMPARE(model->index(0, 0, winRow).data(DiscoveryModel::NodeKindRole).toInt(),
            int(DiscoveryModel::NodeKind::Error));
        // The page spans error rows on a zero-timer after the model changes (scheduleSpanUpdate): let it run.
        QTRY_VERIFY(page->view()->isFirstColumnSpanned(0, page->proxy()->mapFromSource(winRow)));

        // Filtering through the line edit keeps only matching rows and their ancestors.
        page->filterEdit()->setText(QStringLiteral("mlx5_1"));
        QCOMPARE(page->proxy()->rowCount(), 1);
        QCOMPARE(page->proxy()->index(0, 0).data().toString(), QStringLiteral("recorded"));
        page->filterEdit()->clear();
        QCOMPARE(page->proxy()->rowCount(), 3);

        // The Discover button runs again: one reset at the start of the run, then per-host merges.
        QSignalSpy reset(model, &QAbstractItemModel::modelReset);
        auto* discover = page->findChild<QPushButton*>(QStringLiteral("discoverButton"));
        QVERIFY(discover && discover->isEnabled());
        QTest::mouseClick(discover, Qt::LeftButton);
        QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 2, 60000);
        QCOMPARE(reset.count(), 1);
        QCOMPARE(model->rowCount(), 3);
        QVERIFY(guitest::find(model, DiscoveryModel::RecommendedRole, true).isValid());
    }

    void keyboardOnly()
    {
        QVERIFY2(haveTree("iwarp"), "fixture tree missing: tests/fixtures/sysfs/iwarp");
        Wizard w;
        w.show();
        QApplication::setActiveWindow(&w);
        QVERIFY(QTest::qWaitForWindowActive(&w));
        QSignalSpy closeRequested(&w, &Wizard::closeRequested);

        // Mnemonics choose a goal; Enter presses the default button (Next).
        QTest::keyClick(&w, Qt::Key_T, Qt::AltModifier);
        QTRY_VERIFY(w.welcomePage()->goal() == rp::ui::WelcomePage::Goal::Troubleshoot); // mnemonics animate a click
        QTest::keyClick(QApplication::focusWidget(), Qt::Key_Return);
        QCOMPARE(w.currentId(), int(Wizard::HostsPageId));

        // Enter in the host table edits the host and does not also press Next.
        w.inventoryModel()->addHost(recordedHost("recorded", "iwarp"));
        w.hostsPage()->view()->setFocus();
        w.hostsPage()->view()->setCurrentIndex(w.inventoryModel()->index(0, 0));
        bool sawDialog = false;
        QTimer::singleShot(0, this, [&] {
            if (auto* d = qobject_cast<rp::ui::HostDialog*>(QApplication::activeModalWidget())) {
                sawDialog = true;
                d->reject();
            }
        });
        QTest::keyClick(w.hostsPage()->view(), Qt::Key_Return);
        QVERIFY(sawDialog);
        QCOMPARE(w.currentId(), int(Wizard::HostsPageId));

        QSignalSpy finished(w.discoverPage(), &rp::ui::DiscoverPage::discoveryFinished);
        // The offscreen platform does not hand activation back after a modal dialog closes.
        QApplication::setActiveWindow(&w);
        QVERIFY(QTest::qWaitForWindowActive(&w));
        QTest::keyClick(&w, Qt::Key_N, Qt::AltModifier);
        QTRY_COMPARE(w.currentId(), int(Wizard::DiscoverPageId));
        QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 30000);

        // Enter in the filter field filters, and does not press Finish.
        w.discoverPage()->filterEdit()->setFocus();
        QTest::keyClicks(w.discoverPage()->filterEdit(), QStringLiteral("irdma"));
        QTest::keyClick(w.discoverPage()->filterEdit(), Qt::Key_Return);
        QCOMPARE(closeRequested.count(), 0);
        QCOMPARE(w.discoverPage()->proxy()->rowCount(), 1);
        // Escape does not close the embedded wizard either.
        QTest::keyClick(w.discoverPage()->filterEdit(), Qt::Key_Escape);
        QCOMPARE(closeRequested.count(), 0);
        QVERIFY(w.isVisible());
    }

    void testConnectionLocalhost()
    {
        Wizard w;
        w.show();
        w.next();
        w.hostsPage()->addLocalhost();
        QSignalSpy done(w.hostsPage(), &rp::ui::HostsPage::connectionTestFinished);
        w.hostsPage()->testConnections({ 0 });
        QVERIFY(w.hostsPage()->isTesting());
        QTRY_COMPARE_WITH_TIMEOUT(done.count(), 1, 30000);
        const QModelIndex name = w.inventoryModel()->index(0, InventoryModel::Name);
        QCOMPARE(name.data(InventoryModel::ConnectionStateRole).toInt(), int(InventoryModel::ConnectionState::Ok));
        QVERIFY2(name.data(Qt::ToolTipRole).toString().contains(QSysInfo::machineHostName()),
            qPrintable(name.data(Qt::ToolTipRole).toString()));
    }

    void saveAndOpenProject()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("lab.yaml"));
        rp::Inventory saved;
        {
            Wizard w;
            w.inventoryModel()->addHost(recordedHost("recorded", "mlx5-dual"));
            rp::HostSpec remote;
            remote.name = "node-b";
            remote.address = "198.18.0.12";
            remote.port = 2222;
            remote.user = "admin";
            remote.auth = rp::AuthMethod::Password;
            w.inventoryModel()->addHost(remote);
            QString error;
            QVERIFY2(w.saveProject(path, &error), qPrintable(error));
            QVERIFY(!w.isModified());
            QCOMPARE(w.projectPath(), path);
            saved = w.inventory();
        }
        Wizard w;
        QString error;
        QVERIFY2(w.loadProject(path, &error), qPrintable(error));
        QCOMPARE(w.inventory().hosts.size(), saved.hosts.size());
        QVERIFY(w.inventory() == saved);
        QVERIFY(!w.isModified());

        // A damaged file: error with file and line, current project and its path kept, file untouched.
        const QString damaged = dir.filePath(QStringLiteral("damaged.yaml"));
        const QByteArray text = "hosts:\n  - name: a\n    address: 10.0.0.1\n    colour: blue\n";
        {
            QFile f(damaged);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(text);
        }
        QVERIFY(!w.loadProject(damaged, &error));
        QVERIFY2(error.contains(QStringLiteral("damaged.yaml")), qPrintable(error));
        QVERIFY2(error.contains(QStringLiteral(":4")), qPrintable(error));
        QCOMPARE(w.projectPath(), path);
        QVERIFY(w.inventory() == saved);
        QFile f(damaged);
        QVERIFY(f.open(QIODevice::ReadOnly));
        QCOMPARE(f.readAll(), text);
    }

    void mainWindowNeverOverwritesDamagedFile()
    {
        QTemporaryDir dir;
        const QString good = dir.filePath(QStringLiteral("good.yaml"));
        const QString damaged = dir.filePath(QStringLiteral("damaged.yaml"));
        const QByteArray damagedText = "hosts:\n  - name: a\n    address: [\n";
        {
            QFile f(damaged);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(damagedText);
        }
        rp::ui::MainWindow win;
        win.show();
        win.wizard()->inventoryModel()->addHost(recordedHost("recorded", "iwarp"));
        QString error;
        QVERIFY2(win.wizard()->saveProject(good, &error), qPrintable(error));
        QVERIFY(win.openProject(good));

        QString shown;
        QTimer::singleShot(0, this, [&] {
            if (auto* box = qobject_cast<QMessageBox*>(QApplication::activeModalWidget())) {
                shown = box->text();
                box->accept();
            }
        });
        QVERIFY(!win.openProject(damaged));
        QVERIFY2(shown.contains(QStringLiteral("damaged.yaml:")), qPrintable(shown));
        QCOMPARE(win.wizard()->projectPath(), good);
        QVERIFY(win.windowTitle().contains(QStringLiteral("good.yaml")));

        // Saving afterwards writes the project's own file, never the damaged one.
        win.wizard()->hostsPage()->addLocalhost();
        QVERIFY(win.wizard()->isModified());
        QVERIFY(win.save());
        QVERIFY(!win.wizard()->isModified());
        QFile f(damaged);
        QVERIFY(f.open(QIODevice::ReadOnly));
        QCOMPARE(f.readAll(), damagedText);
        Wizard check;
        QVERIFY(check.loadProject(good, &error));
        QCOMPARE(check.inventoryModel()->rowCount(), 2);
    }

    void promptsHopToGuiThread()
    {
        rp::ui::ConnectPrompter prompter(nullptr);
        rp::HostKeyInfo info { "node-a", "198.18.0.11", 22, "ssh-ed25519", "SHA256:abc" };
        QThread* askedOn = nullptr;
        prompter.setHostKeyAnswer([&](const rp::HostKeyInfo& i) {
            askedOn = QThread::currentThread();
            return i.host == "node-a" ? rp::HostKeyDecision::AcceptAndSave : rp::HostKeyDecision::Refuse;
        });
        QFuture<rp::HostKeyDecision> answer = QtConcurrent::run([&] { return prompter.askHostKey(info); });
        QTRY_VERIFY_WITH_TIMEOUT(answer.isFinished(), 10000);
        QVERIFY(answer.result() == rp::HostKeyDecision::AcceptAndSave);
        QCOMPARE(askedOn, QThread::currentThread());

        // Password: asked once through a dialog on the GUI thread, then kept in memory.
        rp::HostSpec spec;
        spec.name = "node-p";
        spec.address = "198.18.0.13";
        spec.auth = rp::AuthMethod::Password;
        int dialogs = 0;
        QTimer typist;
        connect(&typist, &QTimer::timeout, this, [&] {
            if (auto* d = qobject_cast<QInputDialog*>(QApplication::activeModalWidget())) {
                ++dialogs;
                QCOMPARE(d->textEchoMode(), QLineEdit::Password);
                d->setTextValue(QStringLiteral("s3cret"));
                d->accept();
            }
        });
        typist.start(20);
        QFuture<std::optional<std::string>> pw = QtConcurrent::run([&] { return prompter.askPassword(spec); });
        QTRY_VERIFY_WITH_TIMEOUT(pw.isFinished(), 10000);
        QCOMPARE(pw.result().value_or(""), std::string("s3cret"));
        QCOMPARE(prompter.askPassword(spec).value_or(""), std::string("s3cret"));
        QCOMPARE(dialogs, 1);
        typist.stop();

        // Closing: questions are answered "no" at once, without a dialog.
        prompter.setClosing(true);
        askedOn = nullptr;
        QFuture<rp::HostKeyDecision> refused = QtConcurrent::run([&] { return prompter.askHostKey(info); });
        refused.waitForFinished(); // no GUI hop while closing, so waiting here cannot deadlock
        QVERIFY(refused.result() == rp::HostKeyDecision::Refuse);
        QVERIFY(!askedOn);
        QVERIFY(!prompter.askPassword(spec));
    }

    void closingAnswersAnOpenPrompt()
    {
        // A worker waits on a real HostKeyDialog; shutting down closes it and the worker gets "refuse".
        rp::ui::ConnectPrompter prompter(nullptr);
        const rp::HostKeyInfo info { "node-a", "198.18.0.11", 22, "ssh-ed25519", "SHA256:abc" };
        bool sawDialog = false;
        QTimer closer;
        connect(&closer, &QTimer::timeout, this, [&] {
            if (qobject_cast<rp::ui::HostKeyDialog*>(QApplication::activeModalWidget())) {
                sawDialog = true;
                prompter.setClosing(true);
            }
        });
        closer.start(20);
        QFuture<rp::HostKeyDecision> answer = QtConcurrent::run([&] { return prompter.askHostKey(info); });
        QTRY_VERIFY_WITH_TIMEOUT(answer.isFinished(), 10000);
        QVERIFY(sawDialog);
        QVERIFY(answer.result() == rp::HostKeyDecision::Refuse);
    }

    void hostKeyDialogRefusesByDefault()
    {
        const rp::HostKeyInfo info { "node-a", "198.18.0.11", 2222, "ssh-ed25519",
            "SHA256:uNiVztksCsDhcc0u9e8BujQXVUpKZIDTMczCvj3tD2s" };
        {
            rp::ui::HostKeyDialog dialog(info);
            dialog.show();
            QVERIFY(dialog.refuseButton()->isDefault());
            QVERIFY(!dialog.acceptButton()->isDefault());
            const auto* fp = dialog.findChild<QLabel*>(QStringLiteral("fingerprint"));
            QVERIFY(fp);
            QCOMPARE(fp->text(), QStringLiteral("SHA256:uNiVztksCsDhcc0u9e8BujQXVUpKZIDTMczCvj3tD2s"));
            bool sawAddress = false;
            for (const QLabel* l : dialog.findChildren<QLabel*>())
                sawAddress = sawAddress || l->text() == QStringLiteral("198.18.0.11:2222");
            QVERIFY(sawAddress);
            QTest::keyClick(&dialog, Qt::Key_Return);
            QCOMPARE(dialog.result(), int(QDialog::Rejected));
            QVERIFY(dialog.decision() == rp::HostKeyDecision::Refuse);
        }
        {
            rp::ui::HostKeyDialog dialog(info);
            dialog.show();
            dialog.acceptButton()->click();
            QCOMPARE(dialog.result(), int(QDialog::Accepted));
            QVERIFY(dialog.decision() == rp::HostKeyDecision::AcceptAndSave);
        }
    }

    void hostDialogValidates()
    {
        rp::HostSpec spec;
        spec.name = "node-a";
        spec.address = "198.18.0.11";
        rp::ui::HostDialog dialog(spec, { QStringLiteral("node-a") });
        dialog.show();
        QVERIFY(!dialog.validationError().isEmpty()); // name taken
        spec.name = "node-b";
        spec.address = "";
        dialog.setHost(spec);
        QVERIFY(!dialog.validationError().isEmpty()); // no address
        dialog.accept();
        QVERIFY(dialog.isVisible()); // stays open, with the reason shown
        QVERIFY(!dialog.findChild<QLabel*>(QStringLiteral("validationError"))->text().isEmpty());
        spec.address = "198.18.0.12";
        spec.auth = rp::AuthMethod::KeyFile;
        spec.keyFile = "/root/.ssh/id_ed25519";
        dialog.setHost(spec);
        QVERIFY2(dialog.validationError().isEmpty(), qPrintable(dialog.validationError()));
        QVERIFY(dialog.host() == spec);
        dialog.accept();
        QCOMPARE(dialog.result(), int(QDialog::Accepted));
    }
};

QTEST_MAIN(TestWizard)
#include "tst_wizard.moc"

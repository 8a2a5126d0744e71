// SPDX-License-Identifier: GPL-3.0-or-later
// The built-in Soft-RoCE lab in the GUI, against stand-in lab scripts (RP_LAB_SCRIPT): the progress bar follows
// the PROGRESS lines, READY puts the lab's hosts into the model and the wizard goes on to discover them; a failing
// script is shown in place; Cancel (and Stop lab) reach the script as `stop`; `rocepilot --lab` starts it.
// The stand-in's hosts are local and read the recorded rxe-lab-a tree, so discovery works without a real lab.
#include "itemmodels/discoverymodel.h"
#include "itemmodels/inventorymodel.h"
#include "pages/discoverpage.h"
#include "pages/labpage.h"
#include "pages/welcomepage.h"
#include "window/mainwindow.h"
#include "window/wizard.h"

#include "guitestdata.h"
#include "testutil.h"

#include <QAction>
#include <QApplication>
#include <QElapsedTimer>
#include <QFile>
#include <QImage>
#include <QLabel>
#include <QProcess>
#include <QProgressBar>
#include <QPushButton>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using rp::ui::DiscoveryModel;
using rp::ui::LabPage;
using rp::ui::Wizard;

namespace {

// Every call is logged to DIR/calls. `start` gets: start --inventory-out FILE --state-dir DIR.
QString writeScript(const QTemporaryDir& dir, const QByteArray& startBody)
{
    const QString path = dir.filePath(QStringLiteral("lab.sh"));
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly))
        qFatal("cannot write the stand-in lab script");
    f.write("here=\"$(dirname \"$0\")\"\necho \"$*\" >>\"$here/calls\"\n"
            "case $1 in\n"
            "start)\n    inv=$3\n    mkdir -p \"$5\"\n"
        + startBody
        + "\n    ;;\n"
          "stop) exit 0 ;;\n"
          "status) echo 'not running'; exit 3 ;;\n"
          "esac\n");
    return path;
}

/// Waits for DIR/go (at most 60 s), so a test can look at the page mid-start.
QByteArray waitForGo()
{
    return "    for _ in $(seq 1200); do [ -e \"$here/go\" ] && break; sleep 0.05; done\n";
}

QByteArray writeInventory()
{
    const QByteArray tree = RP_FIXTURES_DIR "/sysfs/rxe-lab-a";
    return "    cat >\"$inv\" <<EOF\n"
           "version: 1\n"
           "hosts:\n"
           "  - name: lab-a\n"
           "    address: localhost\n"
           "    local: true\n"
           "    sysfs_root: "
        + tree
        + "\n"
          "  - name: lab-b\n"
          "    address: localhost\n"
          "    local: true\n"
          "    sysfs_root: "
        + tree
        + "\n"
          "EOF\n";
}

QByteArray calls(const QTemporaryDir& dir)
{
    QFile f(dir.filePath(QStringLiteral("calls")));
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

void touch(const QString& path)
{
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly))
        qFatal("cannot touch %s", qPrintable(path));
}

} // namespace

class TestLabStart final : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_env;

private slots:
    void initTestCase()
    {
        QVERIFY(m_env.isValid());
        // The app's config (known_hosts) and the lab's state dir stay in a temp dir.
        qputenv("XDG_CONFIG_HOME", m_env.filePath(QStringLiteral("config")).toUtf8());
        qputenv("XDG_RUNTIME_DIR", m_env.path().toUtf8());
        // MainWindow offers unfinished apply runs at start: the user's journals (or a run going elsewhere) stay out.
        qputenv("RP_JOURNAL_DIR", m_env.filePath(QStringLiteral("journals")).toUtf8());
    }

    void readyPutsHostsInAndDiscovers()
    {
        QTemporaryDir dir;
        const QString script = writeScript(dir,
            "    echo 'PROGRESS 10 building the image'\n    echo 'PROGRESS 40 booting lab-b'\n" + waitForGo()
                + "    echo 'PROGRESS 90 waiting for sshd'\n" + writeInventory() + "    echo \"READY $inv\"\n");
        qputenv("RP_LAB_SCRIPT", script.toUtf8());

        rp::ui::MainWindow win;
        Wizard* w = win.wizard();
        win.show();
        QApplication::setActiveWindow(&win);
        QVERIFY(QTest::qWaitForWindowActive(&win));
        LabPage* lab = w->labPage();
        QSignalSpy ready(lab, &LabPage::labReady);
        QSignalSpy finished(w->discoverPage(), &rp::ui::DiscoverPage::discoveryFinished);

        // Keyboard only: Alt+L chooses the lab, Enter presses Next, which starts it.
        QTest::keyClick(&win, Qt::Key_L, Qt::AltModifier);
        QTRY_VERIFY(w->welcomePage()->goal() == rp::ui::WelcomePage::Goal::SoftRoceLab);
        QTest::keyClick(QApplication::focusWidget(), Qt::Key_Return);
        QCOMPARE(w->currentId(), int(Wizard::LabPageId));
        QVERIFY(lab->isStarting());
        QVERIFY(lab->cancelButton()->isVisible());
        QCOMPARE(QApplication::focusWidget(), lab->cancelButton());

        // The bar follows the script's PROGRESS lines; Next waits for READY.
        QTRY_COMPARE_WITH_TIMEOUT(lab->progressBar()->value(), 40, 20000);
        QCOMPARE(lab->messageLabel()->text(), QStringLiteral("booting lab-b"));
        QVERIFY(!w->button(QWizard::NextButton)->isEnabled());
        QVERIFY(win.labStatusLabel()->text().contains(QStringLiteral("Starting")));
        const QByteArray stateDir = m_env.path().toUtf8() + "/rocepilot-lab";
        QVERIFY(calls(dir).contains(QByteArray("start --inventory-out " + stateDir + "/inventory.yaml")));

        touch(dir.filePath(QStringLiteral("go")));
        QTRY_VERIFY2_WITH_TIMEOUT(ready.count() == 1, qPrintable(lab->errorLabel()->text()), 20000);
        QCOMPARE(w->inventoryModel()->hostNames(), (QStringList { QStringLiteral("lab-a"), QStringLiteral("lab-b") }));
        QVERIFY(!w->isModified());
        QVERIFY(w->projectPath().isEmpty());
        QCOMPARE(w->currentId(), int(Wizard::DiscoverPageId));

        // The Discover page reads both hosts.
        QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 60000);
        DiscoveryModel* model = w->discoverPage()->model();
        for (const QString& host : { QStringLiteral("lab-a"), QStringLiteral("lab-b") }) {
            const QModelIndex row = model->hostIndex(host);
            QVERIFY(row.isValid());
            QCOMPARE(row.data(DiscoveryModel::HostStateRole).toString(), QStringLiteral("ok"));
            QVERIFY(guitest::find(model, Qt::DisplayRole, QStringLiteral("rxe0"), row).isValid());
        }

        // Running: the status bar says the lab outlives the app; File > Stop lab stops it.
        QVERIFY(lab->isLabRunning());
        QVERIFY(win.labStatusLabel()->text().contains(QStringLiteral("keeps running")));
        QVERIFY(win.stopLabAction()->isEnabled());
        win.stopLabAction()->trigger();
        QTRY_COMPARE_WITH_TIMEOUT(win.labStatusLabel()->text(), QStringLiteral("Soft-RoCE lab stopped."), 20000);
        QVERIFY(calls(dir).contains("\nstop --state-dir"));
        QVERIFY(!lab->isLabRunning());
        win.wizard()->shutdown();
    }

    void failureIsShownInPlace()
    {
        QTemporaryDir dir;
        const QString script = writeScript(dir,
            "    echo 'PROGRESS 5 checking the tools'\n"
            "    echo 'lab.sh: qemu-system-x86_64 not found: apt-get install qemu-system-x86' >&2\n"
            "    exit 1\n");
        qputenv("RP_LAB_SCRIPT", script.toUtf8());

        Wizard w;
        w.show();
        LabPage* lab = w.labPage();
        QSignalSpy failed(lab, &LabPage::labStartFailed);
        w.welcomePage()->setGoal(rp::ui::WelcomePage::Goal::SoftRoceLab);
        QVERIFY(w.advanceTo(Wizard::LabPageId));
        QTRY_COMPARE_WITH_TIMEOUT(failed.count(), 1, 20000);

        QVERIFY(lab->errorLabel()->isVisible());
        const QString error = lab->errorLabel()->text();
        QVERIFY2(error.contains(QStringLiteral("qemu-system-x86_64 not found")), qPrintable(error));
        QVERIFY2(error.contains(QStringLiteral("What to do")), qPrintable(error));
        QVERIFY(w.inventoryModel()->rowCount() == 0);
        // Only the way back is open: Next stays disabled, Back and Try again work.
        QVERIFY(!w.button(QWizard::NextButton)->isEnabled());
        QVERIFY(!w.advanceTo(Wizard::HostsPageId));
        QVERIFY(lab->retryButton()->isVisible());
        QVERIFY(lab->retryButton()->isEnabled());
        QTest::mouseClick(lab->retryButton(), Qt::LeftButton);
        QTRY_COMPARE_WITH_TIMEOUT(failed.count(), 2, 20000);
        QCOMPARE(calls(dir).count("start --inventory-out"), 2);
        QVERIFY(w.button(QWizard::BackButton)->isEnabled());
        w.back();
        QCOMPARE(w.currentId(), int(Wizard::WelcomePageId));
    }

    void cancelStopsTheScript()
    {
        QTemporaryDir dir;
        const QString script = writeScript(dir, "    echo 'PROGRESS 20 booting lab-a'\n    sleep 30\n");
        qputenv("RP_LAB_SCRIPT", script.toUtf8());

        Wizard w;
        w.show();
        LabPage* lab = w.labPage();
        QSignalSpy failed(lab, &LabPage::labStartFailed);
        w.welcomePage()->setGoal(rp::ui::WelcomePage::Goal::SoftRoceLab);
        QVERIFY(w.advanceTo(Wizard::LabPageId));
        QTRY_COMPARE_WITH_TIMEOUT(lab->progressBar()->value(), 20, 20000);

        QElapsedTimer timer;
        timer.start();
        QVERIFY(lab->cancelButton()->isEnabled());
        QTest::mouseClick(lab->cancelButton(), Qt::LeftButton);
        QVERIFY(!lab->cancelButton()->isEnabled()); // pressed once, then it waits for the stop
        QTRY_COMPARE_WITH_TIMEOUT(failed.count(), 1, 20000);
        QVERIFY(timer.elapsed() < 10000);
        QVERIFY(calls(dir).contains("stop --state-dir"));
        QVERIFY(!lab->isStarting());
        QVERIFY(!lab->isLabRunning());
        QVERIFY(lab->errorLabel()->text().contains(QStringLiteral("cancelled")));
        QVERIFY(!w.button(QWizard::NextButton)->isEnabled());
    }

    void backWhileStartingCancels()
    {
        QTemporaryDir dir;
        const QString script = writeScript(dir, "    echo 'PROGRESS 20 booting lab-a'\n    sleep 30\n");
        qputenv("RP_LAB_SCRIPT", script.toUtf8());
        Wizard w;
        w.show();
        w.welcomePage()->setGoal(rp::ui::WelcomePage::Goal::SoftRoceLab);
        QVERIFY(w.advanceTo(Wizard::LabPageId));
        QTRY_COMPARE_WITH_TIMEOUT(w.labPage()->progressBar()->value(), 20, 20000);
        w.back();
        QCOMPARE(w.currentId(), int(Wizard::WelcomePageId));
        QTRY_VERIFY_WITH_TIMEOUT(!w.labPage()->isStarting(), 20000);
        QVERIFY(calls(dir).contains("stop --state-dir"));
    }

    void commandLineLab()
    {
        // rocepilot --lab goes straight to the lab page and starts it; quitting mid-start stops it again.
        QTemporaryDir dir;
        const QString script = writeScript(
            dir, "    echo 'PROGRESS 10 building'\n    echo 'PROGRESS 45 booting lab-a'\n" + waitForGo() + "\n");
        const QString png = dir.filePath(QStringLiteral("lab.png"));
        QProcess app;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("RP_LAB_SCRIPT"), script);
        env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
        app.setProcessEnvironment(env);
        app.start(QStringLiteral(RP_ROCEPILOT),
            { QStringLiteral("--lang"), QStringLiteral("en"), QStringLiteral("--lab"), QStringLiteral("--screenshot"),
                png });
        QVERIFY(app.waitForFinished(60000));
        QVERIFY2(
            app.exitStatus() == QProcess::NormalExit && app.exitCode() == 0, app.readAllStandardError().constData());
        QImage shot(png);
        QVERIFY(!shot.isNull());
        QVERIFY(calls(dir).contains("start --inventory-out"));
        QVERIFY(calls(dir).contains("stop --state-dir")); // quit while starting: nothing is left running

        app.start(QStringLiteral(RP_ROCEPILOT),
            { QStringLiteral("--lab"), QStringLiteral("--page"), QStringLiteral("hosts") });
        QVERIFY(app.waitForFinished(30000));
        QCOMPARE(app.exitCode(), 2);
    }
};

QTEST_MAIN(TestLabStart)
#include "tst_labstart.moc"

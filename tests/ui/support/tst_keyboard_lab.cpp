// SPDX-License-Identifier: GPL-3.0-or-later
// The keyboard walk on the wizard's built-in default, the Soft-RoCE lab: Welcome (Alt+L picks the lab, Enter) →
// the lab page starts it → Discover reads lab-a and lab-b over SSH → Profile → Review with a tab per guest, by key
// events only. The lab the `softroce` fixture started is the one the page starts: the app's state dir
// ($XDG_RUNTIME_DIR/rocepilot-lab) points at it, and lab.sh reuses a lab that runs in its state dir.
#include "itemmodels/discoverymodel.h"
#include "itemmodels/inventorymodel.h"
#include "pages/discoverpage.h"
#include "pages/labpage.h"
#include "pages/profilepage.h"
#include "pages/reviewpage.h"
#include "pages/welcomepage.h"
#include "window/mainwindow.h"
#include "window/wizard.h"

#include "keyfocus.h"

#include <QAbstractButton>
#include <QApplication>
#include <QDir>
#include <QFile>
#include <QLabel>
#include <QProcess>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTabBar>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QTreeView>

using rp::ui::Wizard;

using guitest::focused;
using guitest::tabTo;

class TestKeyboardLab final : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        qputenv("XDG_RUNTIME_DIR", m_dir.path().toUtf8());
        qputenv("RP_LAB_SCRIPT", RP_SOURCE_DIR "/lab/lab.sh");
        qputenv("XDG_CONFIG_HOME", m_dir.filePath(QStringLiteral("config")).toUtf8());
        qputenv("RP_JOURNAL_DIR", m_dir.filePath(QStringLiteral("journals")).toUtf8());
        QStandardPaths::setTestModeEnabled(true);
        QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, m_dir.filePath(QStringLiteral("settings")));
    }

    void cleanupTestCase()
    {
        // The app leaves a started lab running (the next start reuses it); the test does not.
        QProcess stop;
        stop.start(QStringLiteral("bash"),
            { QStringLiteral(RP_SOURCE_DIR "/lab/lab.sh"), QStringLiteral("stop"), QStringLiteral("--state-dir"),
                m_dir.filePath(QStringLiteral("rocepilot-lab")) });
        QVERIFY(stop.waitForFinished(120000));
        QCOMPARE(stop.exitCode(), 0);
        QProcess status; // 3: not running, nothing left
        status.start(QStringLiteral("bash"),
            { QStringLiteral(RP_SOURCE_DIR "/lab/lab.sh"), QStringLiteral("status"), QStringLiteral("--state-dir"),
                m_dir.filePath(QStringLiteral("rocepilot-lab")) });
        QVERIFY(status.waitForFinished(60000));
        QCOMPARE(status.exitCode(), 3);
    }

    void walkTheLabByKeyboard()
    {
        rp::ui::MainWindow window;
        window.resize(1280, 800);
        window.show();
        QApplication::setActiveWindow(&window);
        QVERIFY(QTest::qWaitForWindowActive(&window));
        Wizard* w = window.wizard();

        // Welcome: the lab's mnemonic picks it, Enter goes on; the lab page starts (here: reuses) the lab.
        QSignalSpy ready(w->labPage(), &rp::ui::LabPage::labReady);
        QSignalSpy failed(w->labPage(), &rp::ui::LabPage::labStartFailed);
        QSignalSpy discovered(w->discoverPage(), &rp::ui::DiscoverPage::discoveryFinished);
        QTest::keyClick(focused(), Qt::Key_L, Qt::AltModifier);
        QTRY_VERIFY(w->welcomePage()->goal() == rp::ui::WelcomePage::Goal::SoftRoceLab);
        QTest::keyClick(focused(), Qt::Key_Return);
        QTRY_VERIFY_WITH_TIMEOUT(ready.count() == 1 || failed.count() == 1, 180000);
        QVERIFY2(failed.isEmpty(), qPrintable(w->labPage()->errorLabel()->text()));

        // The lab's hosts are in, and the wizard went on to Discover by itself, which reads both guests.
        QTRY_COMPARE(w->currentId(), int(Wizard::DiscoverPageId));
        QCOMPARE(w->inventoryModel()->rowCount(), 2);
        QTRY_COMPARE_WITH_TIMEOUT(discovered.count(), 1, 120000);
        for (const char* host : { "lab-a", "lab-b" }) {
            const QModelIndex row = w->discoverPage()->model()->hostIndex(QString::fromLatin1(host));
            QCOMPARE(row.data(rp::ui::DiscoveryModel::HostStateRole).toString(), QStringLiteral("ok"));
        }
        QVERIFY(tabTo(w->discoverPage()->view()));
        QTest::keyClick(focused(), Qt::Key_Down);

        QTest::keyClick(focused(), Qt::Key_N, Qt::AltModifier);
        QTRY_COMPARE(w->currentId(), int(Wizard::ProfilePageId));
        QVERIFY(w->button(QWizard::NextButton)->isEnabled());
        QTest::keyClick(focused(), Qt::Key_N, Qt::AltModifier);
        QTRY_COMPARE(w->currentId(), int(Wizard::ReviewPageId));

        // Review: a plan with one tab per guest; the tab bar takes the focus and the arrow keys switch tabs.
        rp::ui::ReviewPage* review = w->reviewPage();
        QVERIFY2(review->plan().has_value(), qPrintable(review->statusLabel()->text()));
        QCOMPARE(review->tabs()->count(), 2);
        QVERIFY(tabTo(review->tabs()->tabBar()));
        const int before = review->tabs()->currentIndex();
        QTest::keyClick(focused(), before == 0 ? Qt::Key_Right : Qt::Key_Left);
        QTRY_VERIFY(review->tabs()->currentIndex() != before);
        QVERIFY(review->textView(QStringLiteral("lab-a")) && review->textView(QStringLiteral("lab-b")));
    }
};

QTEST_MAIN(TestKeyboardLab)
#include "tst_keyboard_lab.moc"

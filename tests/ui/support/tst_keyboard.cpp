// SPDX-License-Identifier: GPL-3.0-or-later
// Keyboard-only use of the wizard and the names assistive technology reads out.
//
// The walk Welcome → Hosts → Discover → Profile → Review uses key events only (no mouse, no slot calls). Its host
// is a recorded sysfs tree of a Soft-RoCE lab guest (tests/fixtures/sysfs/rxe-lab-a), added through the Add host
// dialog by keyboard: the same rdma_rxe device the built-in lab boots, read without qemu, so the walk runs in
// every build. The live lab walk is tst_keyboard_lab.
#include "dialogs/hostdialog.h"
#include "dialogs/hostkeydialog.h"
#include "dialogs/journalsdialog.h"
#include "itemmodels/inventorymodel.h"
#include "pages/applypage.h"
#include "pages/discoverpage.h"
#include "pages/hostspage.h"
#include "pages/labpage.h"
#include "pages/profilepage.h"
#include "pages/reviewpage.h"
#include "pages/welcomepage.h"
#include "support/accessibility.h"
#include "window/mainwindow.h"
#include "window/wizard.h"

#include "keyfocus.h"

#include <QAbstractButton>
#include <QAccessible>
#include <QApplication>
#include <QCheckBox>
#include <QKeySequence>
#include <QLabel>
#include <QLineEdit>
#include <QMap>
#include <QMenuBar>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>
#include <QTranslator>
#include <QTreeView>

#include <functional>

using rp::ui::Wizard;

using guitest::focused;
using guitest::tabTo;

namespace {

QString describeWidget(const QWidget* w)
{
    return QStringLiteral("%1 '%2' (%3)")
        .arg(QString::fromLatin1(w->metaObject()->className()), w->objectName(), w->accessibleName());
}

/// Presses Tab until the focus comes back to where it started; returns the widgets it passed, in order. Fails
/// (returns what it saw so far) when the focus gets stuck in a control that keeps Tab for itself.
QList<QWidget*> tabCycle(int limit = 400)
{
    QWidget* start = focused();
    QList<QWidget*> seen { start };
    for (int i = 0; i < limit; ++i) {
        QTest::keyClick(focused(), Qt::Key_Tab);
        QWidget* now = focused();
        if (now == start)
            return seen;
        if (seen.back() == now)
            return seen; // stuck: Tab did not move
        seen << now;
    }
    return seen;
}

/// The controls of `page` the user can see and use now that one full Tab cycle did not reach.
QStringList unreachable(QWidget* page)
{
    const QList<QWidget*> cycle = tabCycle();
    QStringList missing;
    for (QWidget* w : rp::ui::focusableControls(page)) {
        if (!w->isVisible() || !w->isEnabled())
            continue;
        if (!cycle.contains(w) && !(w->focusProxy() && cycle.contains(w->focusProxy())))
            missing << describeWidget(w);
    }
    return missing;
}

/// Collects who answers to which Alt+letter and lists the letters more than one thing answers to. Qt does not press
/// an ambiguous mnemonic, it only moves the focus, so each must be unique.
class MnemonicOwners
{
public:
    void add(const QString& text, const QString& who)
    {
        const QKeySequence key = QKeySequence::mnemonic(text);
        if (!key.isEmpty())
            m_owners[key.toString()] << who + QStringLiteral(" '") + text + QLatin1Char('\'');
    }
    void addMenus(rp::ui::MainWindow* window)
    {
        for (QAction* a : window->menuBar()->actions())
            add(a->text(), QStringLiteral("menu"));
    }
    QStringList clashes() const
    {
        QStringList out;
        for (auto it = m_owners.cbegin(); it != m_owners.cend(); ++it)
            if (it.value().size() > 1)
                out << it.key() + QStringLiteral(": ") + it.value().join(QStringLiteral(", "));
        return out;
    }

private:
    QMap<QString, QStringList> m_owners;
};

/// The clashes on the current page as shown: the menu bar's menus, the wizard's visible buttons and the page's
/// visible buttons and labelled fields.
QStringList mnemonicClashes(rp::ui::MainWindow* window, QWidget* page)
{
    MnemonicOwners owners;
    owners.addMenus(window);
    Wizard* w = window->wizard();
    for (auto which : { QWizard::BackButton, QWizard::NextButton, QWizard::CancelButton, QWizard::FinishButton })
        if (w->button(which)->isVisible())
            owners.add(w->button(which)->text(), QStringLiteral("wizard button"));
    for (QAbstractButton* b : page->findChildren<QAbstractButton*>())
        if (b->isVisible())
            owners.add(b->text(), QStringLiteral("button"));
    for (QLabel* l : page->findChildren<QLabel*>())
        if (l->isVisible() && l->buddy())
            owners.add(l->text(), QStringLiteral("label"));
    return owners.clashes();
}

/// The same check for every page at once, in whatever language is installed, without walking to them: every
/// enabled button and labelled field of the page counts, shown or not (a page shows them by state, and a clash in
/// any state is one too), with the menus, Back, Cancel and the one of Next/Finish the page shows.
QStringList staticMnemonicClashes(rp::ui::MainWindow* window, int pageId)
{
    Wizard* w = window->wizard();
    QWizardPage* page = w->page(pageId);
    MnemonicOwners owners;
    owners.addMenus(window);
    const bool last = page->isFinalPage() || page->nextId() == -1;
    for (auto which :
        { QWizard::BackButton, QWizard::CancelButton, last ? QWizard::FinishButton : QWizard::NextButton })
        owners.add(w->buttonText(which), QStringLiteral("wizard button"));
    // A button disabled while another is enabled (Stop until Start runs) may share that one's letter: Qt ignores
    // the mnemonic of a disabled button, so Alt+T is Start, then Stop.
    for (QAbstractButton* b : page->findChildren<QAbstractButton*>())
        if (b->isEnabled())
            owners.add(b->text(), QStringLiteral("button"));
    for (QLabel* l : page->findChildren<QLabel*>())
        if (l->buddy())
            owners.add(l->text(), QStringLiteral("label"));
    return owners.clashes();
}

/// Answers the next modal dialog of type T by calling `answer` on it once it is up, from the event loop.
template <typename T> void whenModal(QObject* context, std::function<void(T*)> answer)
{
    auto* poll = new QTimer(context);
    poll->start(20);
    QObject::connect(poll, &QTimer::timeout, context, [poll, answer] {
        if (auto* d = qobject_cast<T*>(QApplication::activeModalWidget())) {
            poll->stop();
            poll->deleteLater();
            answer(d);
        }
    });
}

} // namespace

class TestKeyboard final : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_config;

    /// Every focusable widget under `root` has an accessible name and description; returns the ones that do not.
    static QStringList audit(QWidget* root)
    {
        QStringList missing;
        for (QWidget* w : rp::ui::focusableControls(root)) {
            if (w->accessibleName().trimmed().isEmpty())
                missing << QStringLiteral("no name: ") + describeWidget(w);
            QAccessibleInterface* iface = QAccessible::queryAccessibleInterface(w);
            // The description AT reads: accessibleDescription, or the tool tip when that is empty.
            if (w->accessibleDescription().trimmed().isEmpty()
                && (!iface || iface->text(QAccessible::Description).trimmed().isEmpty()))
                missing << QStringLiteral("no description: ") + describeWidget(w);
        }
        return missing;
    }

private slots:
    void initTestCase()
    {
        QVERIFY(m_config.isValid());
        qputenv("XDG_CONFIG_HOME", m_config.path().toUtf8());
        qputenv("RP_JOURNAL_DIR", m_config.filePath(QStringLiteral("journals")).toUtf8());
        QStandardPaths::setTestModeEnabled(true);
        QSettings::setPath(
            QSettings::NativeFormat, QSettings::UserScope, m_config.filePath(QStringLiteral("settings")));
    }

    void walkWelcomeToReviewByKeyboard()
    {
        const QString tree = QStringLiteral(RP_FIXTURES_DIR "/sysfs/rxe-lab-a");
        QVERIFY2(QFileInfo(tree).isDir(), qPrintable(tree));
        rp::ui::MainWindow window;
        window.resize(1280, 800);
        window.show();
        QApplication::setActiveWindow(&window);
        QVERIFY(QTest::qWaitForWindowActive(&window));
        Wizard* w = window.wizard();
        QCOMPARE(w->currentId(), int(Wizard::WelcomePageId));

        // Welcome: the first goal has focus; Down moves within the radio group, Up back; Enter is Next.
        QTRY_COMPARE(focused(), w->welcomePage()->findChild<QWidget*>(QStringLiteral("goalNewDeployment")));
        QTest::keyClick(focused(), Qt::Key_Down);
        QTRY_VERIFY(w->welcomePage()->goal() == rp::ui::WelcomePage::Goal::Troubleshoot);
        QTest::keyClick(focused(), Qt::Key_Up);
        QTRY_VERIFY(w->welcomePage()->goal() == rp::ui::WelcomePage::Goal::NewDeployment);
        QStringList clashes = mnemonicClashes(&window, w->welcomePage());
        QVERIFY2(clashes.isEmpty(), qPrintable(clashes.join(QLatin1Char('\n'))));
        QStringList missing = unreachable(w->welcomePage());
        QVERIFY2(missing.isEmpty(), qPrintable(missing.join(QLatin1Char('\n'))));
        QTRY_VERIFY(w->welcomePage()->goal() == rp::ui::WelcomePage::Goal::NewDeployment);
        QVERIFY(tabTo(w->welcomePage()->findChild<QWidget*>(QStringLiteral("goalNewDeployment"))));
        QTest::keyClick(focused(), Qt::Key_Return);
        QTRY_COMPARE(w->currentId(), int(Wizard::HostsPageId));
        QVERIFY(!w->button(QWizard::NextButton)->isEnabled());

        // Hosts: Alt+A opens Add host; the dialog is filled by typing, Tab and Space, and Enter is OK.
        bool dialogDone = false;
        whenModal<rp::ui::HostDialog>(this, [&](rp::ui::HostDialog* d) {
            QTest::keyClicks(d->focusWidget(), QStringLiteral("lab-a-recorded"));
            QTest::keyClick(d->focusWidget(), Qt::Key_Tab);
            QTest::keyClicks(d->focusWidget(), QStringLiteral("localhost"));
            QTest::keyClick(d->focusWidget(), Qt::Key_Tab);
            QVERIFY(qobject_cast<QCheckBox*>(d->focusWidget()));
            QTest::keyClick(d->focusWidget(), Qt::Key_Space);
            QTest::keyClick(d->focusWidget(), Qt::Key_Tab);
            QVERIFY(qobject_cast<QLineEdit*>(d->focusWidget()));
            QTest::keyClicks(d->focusWidget(), tree);
            QTest::keyClick(d->focusWidget(), Qt::Key_Return);
            dialogDone = true;
        });
        QTest::keyClick(focused(), Qt::Key_A, Qt::AltModifier);
        QTRY_VERIFY_WITH_TIMEOUT(dialogDone, 10000);
        QTRY_COMPARE(w->inventoryModel()->rowCount(), 1);
        const rp::HostSpec host = w->inventoryModel()->host(0);
        QCOMPARE(host.name, std::string("lab-a-recorded"));
        QVERIFY(host.local);
        QCOMPARE(QString::fromStdString(host.sysfsRoot), tree);

        // The offscreen platform does not hand activation back after a modal dialog closes.
        QApplication::setActiveWindow(&window);
        QVERIFY(QTest::qWaitForWindowActive(&window));
        // Tab order on Hosts, as read: the buttons above the table, the table, the test row, the results.
        rp::ui::HostsPage* hosts = w->hostsPage();
        QVERIFY(tabTo(hosts->view()));
        QTest::keyClick(focused(), Qt::Key_Tab);
        QCOMPARE(focused()->objectName(), QStringLiteral("testConnectionButton"));
        clashes = mnemonicClashes(&window, hosts);
        QVERIFY2(clashes.isEmpty(), qPrintable(clashes.join(QLatin1Char('\n'))));
        missing = unreachable(hosts);
        QVERIFY2(missing.isEmpty(), qPrintable(missing.join(QLatin1Char('\n'))));

        // Next by its mnemonic: Discover reads the recorded tree.
        QSignalSpy finished(w->discoverPage(), &rp::ui::DiscoverPage::discoveryFinished);
        QTest::keyClick(focused(), Qt::Key_N, Qt::AltModifier);
        QTRY_COMPARE(w->currentId(), int(Wizard::DiscoverPageId));
        QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 60000);
        QTRY_VERIFY(w->button(QWizard::NextButton)->isEnabled());
        // The tree takes focus by Tab and its rows by the arrow keys.
        QVERIFY(tabTo(w->discoverPage()->view()));
        QTest::keyClick(focused(), Qt::Key_Down);
        QVERIFY(w->discoverPage()->view()->currentIndex().isValid());
        clashes = mnemonicClashes(&window, w->discoverPage());
        QVERIFY2(clashes.isEmpty(), qPrintable(clashes.join(QLatin1Char('\n'))));
        missing = unreachable(w->discoverPage());
        QVERIFY2(missing.isEmpty(), qPrintable(missing.join(QLatin1Char('\n'))));

        QTest::keyClick(focused(), Qt::Key_N, Qt::AltModifier);
        QTRY_COMPARE(w->currentId(), int(Wizard::ProfilePageId));
        // Profile: the preset picker comes first; the arrow keys pick another preset, the form follows.
        rp::ui::ProfilePage* profile = w->profilePage();
        auto* preset = profile->findChild<QWidget*>(QStringLiteral("presetCombo"));
        QVERIFY(tabTo(preset));
        const QString before = profile->presetId();
        QTest::keyClick(focused(), Qt::Key_Down);
        QTRY_VERIFY(profile->presetId() != before);
        QTest::keyClick(focused(), Qt::Key_Up);
        QTRY_COMPARE(profile->presetId(), before);
        clashes = mnemonicClashes(&window, profile);
        QVERIFY2(clashes.isEmpty(), qPrintable(clashes.join(QLatin1Char('\n'))));
        // From the preset, Tab reaches the first field of the form before the side panels.
        QTest::keyClick(focused(), Qt::Key_Tab);
        QCOMPARE(focused()->objectName(), QStringLiteral("loadProfileButton"));
        QTest::keyClick(focused(), Qt::Key_Tab);
        QCOMPARE(focused()->objectName(), QStringLiteral("saveProfileButton"));
        QTest::keyClick(focused(), Qt::Key_Tab);
        QCOMPARE(focused()->objectName(), QStringLiteral("profileName"));
        // Then the rest of the form in reading order, the ETS grid row by row, and the checks last.
        const QList<QWidget*> cycle = tabCycle();
        QStringList names;
        for (QWidget* f : cycle)
            names << f->objectName();
        const QString order = names.join(QLatin1Char(' '));
        QVERIFY2(order.startsWith(QStringLiteral("profileName mode roceMode trust vlan roceDscp rocePriority cnpDscp")),
            qPrintable(order));
        QVERIFY2(order.contains(QStringLiteral("pfcWatchdog prioTc0 prioTc1")), qPrintable(order));
        QVERIFY2(order.contains(QStringLiteral("prioTc7 bandwidth0")), qPrintable(order));
        QVERIFY2(order.contains(QStringLiteral("cableLength losslessPercent profileIssues")), qPrintable(order));
        missing.clear();
        for (QWidget* c : rp::ui::focusableControls(profile))
            if (c->isEnabled() && c->isVisibleTo(profile) && !cycle.contains(c))
                missing << describeWidget(c);
        QVERIFY2(missing.isEmpty(), qPrintable(missing.join(QLatin1Char('\n'))));

        // Enter on a finding in the checks moves the focus to its field and does not press Next (the preset has
        // warnings only, so Next is enabled).
        auto* issues = profile->findChild<QWidget*>(QStringLiteral("profileIssues"));
        QVERIFY(tabTo(issues));
        QVERIFY(profile->issueModel()->rowCount() > 0);
        QTest::keyClick(focused(), Qt::Key_Home);
        QTest::keyClick(focused(), Qt::Key_Return);
        QCOMPARE(w->currentId(), int(Wizard::ProfilePageId));
        QVERIFY(focused() != issues);
        QVERIFY(profile->isAncestorOf(focused()));

        QTest::keyClick(focused(), Qt::Key_N, Qt::AltModifier);
        QTRY_COMPARE(w->currentId(), int(Wizard::ReviewPageId));
        rp::ui::ReviewPage* review = w->reviewPage();
        QVERIFY2(review->plan().has_value(), qPrintable(review->statusLabel()->text()));
        QVERIFY(review->tabs()->count() >= 1);
        // Review: Tab reaches the plan tabs and each tab's copy button and text; Ctrl+Tab is not needed.
        QVERIFY(tabTo(review->tabs()->findChild<QWidget*>(QStringLiteral("copyButton"))));
        QTest::keyClick(focused(), Qt::Key_Tab);
        QCOMPARE(focused()->objectName(), QStringLiteral("planText"));
        clashes = mnemonicClashes(&window, review);
        QVERIFY2(clashes.isEmpty(), qPrintable(clashes.join(QLatin1Char('\n'))));
        missing = unreachable(review);
        QVERIFY2(missing.isEmpty(), qPrintable(missing.join(QLatin1Char('\n'))));

        // On to Apply: its run buttons and the menus do not share a letter either.
        QTest::keyClick(focused(), Qt::Key_N, Qt::AltModifier);
        QTRY_COMPARE(w->currentId(), int(Wizard::ApplyPageId));
        clashes = mnemonicClashes(&window, w->applyPage());
        QVERIFY2(clashes.isEmpty(), qPrintable(clashes.join(QLatin1Char('\n'))));
        missing = unreachable(w->applyPage());
        QVERIFY2(missing.isEmpty(), qPrintable(missing.join(QLatin1Char('\n'))));

        // Every control of every page seen on the way has a name and a description, the Review tabs included.
        missing.clear();
        for (int id : w->pageIds())
            if (id != Wizard::TroubleshootPageId && id != Wizard::TestPageId)
                missing << audit(w->page(id));
        for (auto which : { QWizard::BackButton, QWizard::NextButton, QWizard::CancelButton, QWizard::FinishButton })
            missing << audit(w->button(which));
        QVERIFY2(missing.isEmpty(), qPrintable(missing.join(QLatin1Char('\n'))));
    }

    void mnemonicsUniqueInEveryLanguage_data()
    {
        QTest::addColumn<QString>("language");
        QTest::newRow("en") << QString();
        QTest::newRow("de") << QStringLiteral("de");
        QTest::newRow("zh_CN") << QStringLiteral("zh_CN");
    }

    // Qt does not press an ambiguous Alt+letter, it only cycles the focus: a translation that gives two controls of
    // one page the same letter takes that shortcut away. Checked on every page, the Test and Troubleshoot pages too.
    void mnemonicsUniqueInEveryLanguage()
    {
        QFETCH(QString, language);
        QTranslator translator;
        if (!language.isEmpty()) {
            const QString qm = QStringLiteral(RP_BINARY_DIR "/app/rocepilot_") + language + QStringLiteral(".qm");
            QVERIFY2(translator.load(qm), qPrintable(qm));
            QVERIFY(QCoreApplication::installTranslator(&translator));
        }
        QStringList clashes;
        {
            rp::ui::MainWindow window;
            Wizard* w = window.wizard();
            for (int id : w->pageIds())
                for (const QString& clash : staticMnemonicClashes(&window, id))
                    clashes << QString::fromLatin1(w->page(id)->metaObject()->className()) + QStringLiteral(": ")
                            + clash;
        }
        if (!language.isEmpty())
            QCoreApplication::removeTranslator(&translator);
        QVERIFY2(clashes.isEmpty(), qPrintable(clashes.join(QLatin1Char('\n'))));
    }

    void dialogsAreNamed()
    {
        QStringList missing;
        rp::HostSpec blank;
        rp::ui::HostDialog hostDialog(blank, {});
        missing << audit(&hostDialog);
        const rp::HostKeyInfo info { "node-a", "198.18.0.11", 22, "ssh-ed25519", "SHA256:abc" };
        rp::ui::HostKeyDialog keyDialog(info);
        missing << audit(&keyDialog);
        rp::ui::MainWindow window;
        rp::ui::JournalsDialog* journals = window.showJournals();
        missing << audit(journals);
        QVERIFY2(missing.isEmpty(), qPrintable(missing.join(QLatin1Char('\n'))));
    }

    void focusableControlsFindsTheUnnamed()
    {
        // The audit itself must be able to fail: a bare line edit is focusable and has neither.
        QWidget root;
        auto* edit = new QLineEdit(&root);
        auto* label = new QWidget(&root); // not focusable: ignored
        Q_UNUSED(label);
        QCOMPARE(rp::ui::focusableControls(&root), QList<QWidget*> { edit });
        QCOMPARE(audit(&root).size(), 2);
        rp::ui::setAccessible(edit, QStringLiteral("Filter"), QStringLiteral("Only rows containing this text."));
        QVERIFY(audit(&root).isEmpty());
    }
};

QTEST_MAIN(TestKeyboard)
#include "tst_keyboard.moc"

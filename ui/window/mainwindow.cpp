// SPDX-License-Identifier: GPL-3.0-or-later
#include "window/mainwindow.h"

#include "dashboard/dashboard.h"
#include "dashboard/dashboardwindow.h"
#include "dialogs/journalsdialog.h"
#include "pages/applypage.h"
#include "pages/labpage.h"
#include "pages/profilepage.h"
#include "pages/welcomepage.h"
#include "support/appsettings.h"
#include "support/qtstrings.h"
#include "support/theme.h"
#include "window/wizard.h"

#include "profile/profile.h"

#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QCloseEvent>
#include <QDateTime>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QIcon>
#include <QLabel>
#include <QMenuBar>
#include <QMessageBox>
#include <QPushButton>
#include <QStatusBar>
#include <QTimer>
#include <QtConcurrent/QtConcurrentRun>

#include <algorithm>

namespace rp::ui {

DashboardWindow* MainWindow::newDashboard()
{
    auto* window = new DashboardWindow(m_wizard->testSources(), this);
    window->show();
    return window;
}

namespace {

QString projectFilter()
{
    return MainWindow::tr("RoCE Pilot projects (*.yaml *.yml);;All files (*)");
}

} // namespace

MainWindow::MainWindow(QWidget* parent)
    : QMainWindow(parent)
    , m_wizard(new Wizard(this))
{
    setWindowIcon(QIcon(QStringLiteral(":/rocepilot/rocepilot.svg")));
    m_wizard->setWindowFlags(Qt::Widget);
    setCentralWidget(m_wizard);

    QMenu* file = menuBar()->addMenu(tr("&File"));
    QAction* open = file->addAction(tr("&Open project…"), this, &MainWindow::openProjectDialog);
    open->setShortcut(QKeySequence::Open);
    m_saveAction = file->addAction(tr("&Save"), this, &MainWindow::save);
    m_saveAction->setShortcut(QKeySequence::Save);
    m_recentMenu = file->addMenu(tr("Open &recent"));
    m_recentMenu->setObjectName(QStringLiteral("recentMenu"));
    connect(m_recentMenu, &QMenu::aboutToShow, this, &MainWindow::rebuildRecentMenu);
    rebuildRecentMenu();
    QAction* saveAsAction = file->addAction(tr("Save &as…"), this, &MainWindow::saveAs);
    saveAsAction->setShortcut(QKeySequence::SaveAs);
    file->addSeparator();
    // Live tests and saved runs without walking the wizard (day 2): a dashboard window over this project.
    QAction* dashboard = file->addAction(tr("New &dashboard"), this, [this] { newDashboard(); });
    dashboard->setObjectName(QStringLiteral("newDashboardAction"));
    dashboard->setStatusTip(tr("Run tests and watch live charts in a window of its own"));
    QAction* openRun = file->addAction(tr("Open &run…"), this, [this] {
        const QString path = QFileDialog::getOpenFileName(
            this, tr("Open a saved run"), QString(), tr("RoCE Pilot runs (*.rprun);;All files (*)"));
        if (path.isEmpty())
            return;
        QString error;
        if (!newDashboard()->panel()->openRun(path, &error))
            QMessageBox::warning(this, tr("Open run"), error);
    });
    openRun->setObjectName(QStringLiteral("openRunAction"));
    file->addSeparator();
    m_journalsAction = file->addAction(tr("&Journals…"), this, [this] { showJournals(); });
    m_journalsAction->setObjectName(QStringLiteral("journalsAction"));
    m_journalsAction->setStatusTip(tr("Every apply run with its outcome: roll back or resume from there."));
    m_stopLabAction = file->addAction(tr("Sto&p Soft-RoCE lab"), m_wizard->labPage(), &LabPage::stopLab);
    m_stopLabAction->setObjectName(QStringLiteral("stopLabAction"));
    m_stopLabAction->setStatusTip(tr("Stop the two lab guests. A lab left running is reused by the next start."));
    file->addSeparator();
    QAction* quit = file->addAction(tr("&Quit"), this, &QWidget::close);
    quit->setShortcut(QKeySequence::Quit);

    QMenu* view = menuBar()->addMenu(tr("&View"));
    QMenu* themeMenu = view->addMenu(tr("&Theme"));
    m_themeActions = new QActionGroup(this);
    m_themeActions->setExclusive(true);
    const std::pair<Theme, QString> themes[] = {
        { Theme::System, tr("&System colours") },
        { Theme::Dark, tr("&Dark") },
        { Theme::HighContrast, tr("&High contrast") },
    };
    for (const auto& [theme, text] : themes) {
        QAction* a = themeMenu->addAction(text);
        a->setCheckable(true);
        a->setObjectName(QStringLiteral("theme-") + themeName(theme));
        a->setData(themeName(theme));
        a->setChecked(theme == currentTheme());
        m_themeActions->addAction(a);
        connect(a, &QAction::triggered, this, [this, theme] { chooseTheme(themeName(theme)); });
    }

    QMenu* help = menuBar()->addMenu(tr("&Help"));
    QAction* labIntro = help->addAction(tr("The built-in Soft-RoCE &lab"), this, [this] { showLabIntro(); });
    labIntro->setObjectName(QStringLiteral("labIntroAction"));
    help->addAction(tr("&About RoCE Pilot"), this, [this] {
        QMessageBox::about(this, tr("About RoCE Pilot"),
            tr("<p><b>RoCE Pilot %1</b></p><p>Takes you through a first RDMA over Converged Ethernet deployment: "
               "hosts, discovery, and the settings that have to agree across the fabric.</p>")
                .arg(QApplication::applicationVersion()));
    });

    m_labStatus = new QLabel(this);
    m_labStatus->setObjectName(QStringLiteral("labStatus"));
    m_labStatus->setTextFormat(Qt::PlainText);
    statusBar()->addWidget(m_labStatus, 1);
    connect(m_wizard->labPage(), &LabPage::labStatusChanged, this, &MainWindow::updateLabStatus);
    m_wizard->setDiscardCheck([this] { return maybeSave(); });

    connect(m_wizard->applyPage(), &ApplyPage::journalsRequested, this, [this] {
        if (JournalsDialog* d = showJournals(); d && m_wizard->applyPage()->lastJournal())
            d->selectJournal(toQ(m_wizard->applyPage()->lastJournal()->path));
    });
    connect(&m_unfinishedWatcher, &QFutureWatcher<std::vector<rp::apply::JournalSummary>>::finished, this,
        [this] { offerUnfinished(JournalsDialog::unfinished(m_unfinishedWatcher.result())); });
    QTimer::singleShot(0, this, &MainWindow::checkUnfinishedJournals);

    connect(m_wizard, &Wizard::openProjectRequested, this, &MainWindow::openProjectDialog);
    connect(m_wizard, &Wizard::closeRequested, this, &QWidget::close);
    connect(m_wizard, &Wizard::modifiedChanged, this, &MainWindow::updateTitle);
    connect(m_wizard, &Wizard::projectPathChanged, this, &MainWindow::updateTitle);
    // A project opened or saved under a new name goes to the top of File > Open recent.
    connect(m_wizard, &Wizard::projectPathChanged, this, [](const QString& path) {
        if (!path.isEmpty())
            settings::addRecentProject(path);
    });
    updateTitle();
    updateLabStatus();
    resize(1000, 700);
    restoreSettings();
}

void MainWindow::restoreSettings()
{
    if (const QByteArray geometry = settings::windowGeometry(); !geometry.isEmpty())
        restoreGeometry(geometry);
    if (const auto last = settings::lastProfile()) {
        QString error;
        // A profile the form cannot show (a newer version wrote it, or the file was edited) is left out, said in
        // the status bar, and replaced at the next close.
        if (!m_wizard->profilePage()->restoreProfile(last->yaml, last->file, &error))
            statusBar()->showMessage(tr("The profile of the last session was not restored: %1").arg(error), 15000);
    }
}

void MainWindow::saveSettings()
{
    settings::setWindowGeometry(saveGeometry());
    const ProfilePage* profile = m_wizard->profilePage();
    settings::setLastProfile({ toQ(rp::profileToYaml(profile->profile())), profile->lastFile() });
}

void MainWindow::rebuildRecentMenu()
{
    m_recentMenu->clear();
    const QStringList recent = settings::recentProjects();
    for (qsizetype i = 0; i < recent.size(); ++i) {
        const QString path = recent.at(i);
        // "&1 lab.yaml — /home/admin/fabric": the mnemonic picks the entry by number.
        const QString text = tr("&%1 %2 — %3")
                                 .arg(i + 1)
                                 .arg(QFileInfo(path).fileName(), QDir::toNativeSeparators(QFileInfo(path).path()));
        QAction* a = m_recentMenu->addAction(text, this, [this, path] {
            if (maybeSave())
                openProject(path);
        });
        a->setData(path);
        a->setStatusTip(QDir::toNativeSeparators(path));
    }
    if (recent.isEmpty()) {
        m_recentMenu->addAction(tr("No recent projects"))->setEnabled(false);
        return;
    }
    m_recentMenu->addSeparator();
    m_recentMenu->addAction(tr("&Clear list"), this, [] { settings::clearRecentProjects(); });
}

void MainWindow::chooseTheme(const QString& name)
{
    const Theme theme = themeFromName(name).value_or(Theme::System);
    applyTheme(theme);
    settings::setTheme(themeName(theme));
    for (QAction* a : m_themeActions->actions())
        a->setChecked(a->data().toString() == themeName(theme));
}

QWidget* MainWindow::showLabIntro()
{
    if (m_labIntro) {
        m_labIntro->raise();
        m_labIntro->activateWindow();
        return m_labIntro;
    }
    auto* box = new QMessageBox(QMessageBox::Information, tr("The built-in Soft-RoCE lab"),
        tr("RoCE Pilot can be tried without RDMA hardware and without touching your network."), QMessageBox::NoButton,
        this);
    box->setObjectName(QStringLiteral("labIntro"));
    box->setInformativeText(
        tr("Choose \"Try it on the built-in Soft-RoCE lab\" on the Welcome page (or start rocepilot --lab). RoCE "
           "Pilot then boots two small virtual machines, lab-a and lab-b, under qemu. Each has a Soft-RoCE device "
           "(rdma_rxe) on a private virtual link, so they talk real RoCE v2 to each other.\n\n"
           "Both guests are added as hosts with their SSH keys already trusted, and discovered: their GID tables, "
           "the recommended GID, and their DCB state (their virtual NICs have none, and RoCE Pilot says so instead of "
           "guessing). From there the wizard goes on as with real hosts: "
           "profile, review, apply with read-back and rollback, performance tests and the troubleshooter.\n\n"
           "The first start builds the guests' image and takes longer; later starts take seconds. The lab "
           "keeps running when RoCE Pilot quits and is reused next time; File > Stop Soft-RoCE lab stops it.\n\n"
           "This explanation is shown once; Help > The built-in Soft-RoCE lab shows it again."));
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->setWindowModality(Qt::NonModal);
    QPushButton* tryIt = box->addButton(tr("&Try the lab now"), QMessageBox::AcceptRole);
    tryIt->setObjectName(QStringLiteral("tryLabButton"));
    QPushButton* close = box->addButton(tr("&Close"), QMessageBox::RejectRole);
    box->setDefaultButton(close);
    box->setEscapeButton(close);
    connect(tryIt, &QPushButton::clicked, this, [this] {
        if (m_wizard->currentId() != Wizard::WelcomePageId)
            return; // never pull the user off a page they are working on
        m_wizard->welcomePage()->setGoal(WelcomePage::Goal::SoftRoceLab);
        m_wizard->next();
    });
    m_labIntro = box;
    box->show();
    return box;
}

bool MainWindow::showFirstStartIntro()
{
    if (settings::labIntroShown())
        return false;
    settings::setLabIntroShown(true);
    showLabIntro();
    return true;
}

MainWindow::~MainWindow()
{
    if (m_unfinishedWatcher.isRunning())
        m_unfinishedWatcher.waitForFinished();
}

JournalsDialog* MainWindow::showJournals()
{
    if (!m_journals)
        m_journals = new JournalsDialog(m_wizard->prompter(), toQ(rp::apply::defaultJournalDir()), this);
    else
        m_journals->refresh();
    m_journals->show();
    m_journals->raise();
    m_journals->activateWindow();
    return m_journals;
}

void MainWindow::checkUnfinishedJournals()
{
    if (m_unfinishedWatcher.isRunning())
        return;
    m_unfinishedWatcher.setFuture(
        QtConcurrent::run([dir = rp::apply::defaultJournalDir()] { return rp::apply::listJournals(dir); }));
}

void MainWindow::offerUnfinished(const std::vector<rp::apply::JournalSummary>& unfinished)
{
    if (unfinished.empty())
        return;
    // Newest first: the offer is about the last run; the others are listed and wait in the Journals view.
    const rp::apply::JournalSummary& last = unfinished.front();
    QStringList hosts;
    for (const auto& [name, state] : last.hosts)
        hosts << QStringLiteral("%1 (%2)").arg(toQ(name), toQ(state));
    QString text = tr("RoCE Pilot was closed while it was changing hosts: journal %1 (%2, started %3 UTC) never "
                      "finished.\n\nHosts: %4.\n\nResume it (steps verified before are read back again, the others "
                      "run), or roll it back (every step that ran is undone and each host compared with its "
                      "snapshot). Nothing happens until you choose.")
                       .arg(toQ(last.id), toQ(last.mode), toQ(last.created), hosts.join(QStringLiteral(", ")));
    // The journal cannot tell a dead controller from one still running elsewhere (a CLI apply): a file written
    // recently says so, so nobody resumes or rolls back a run that is still going.
    if (const qint64 age = QFileInfo(toQ(last.path)).lastModified().secsTo(QDateTime::currentDateTime()); age < 180)
        text += QStringLiteral("\n\n")
            + tr("Its journal was written %n second(s) ago: another RoCE Pilot (or rocepilot-cli) may still be running "
                 "it. Choose Later unless you know it stopped.",
                nullptr, static_cast<int>(std::max<qint64>(0, age)));
    if (unfinished.size() > 1)
        text += QStringLiteral("\n\n")
            + tr(
                "%n more unfinished run(s) are in File > Journals….", nullptr, static_cast<int>(unfinished.size() - 1));
    auto* box = new QMessageBox(QMessageBox::Warning, tr("Unfinished run"), text, QMessageBox::NoButton, this);
    box->setObjectName(QStringLiteral("unfinishedJournals"));
    box->setTextFormat(Qt::PlainText);
    box->setAttribute(Qt::WA_DeleteOnClose);
    QPushButton* resume = box->addButton(tr("&Resume"), QMessageBox::AcceptRole);
    resume->setObjectName(QStringLiteral("resumeButton"));
    QPushButton* rollback = box->addButton(tr("Roll &back"), QMessageBox::DestructiveRole);
    rollback->setObjectName(QStringLiteral("rollbackButton"));
    QPushButton* later = box->addButton(tr("&Later"), QMessageBox::RejectRole);
    later->setObjectName(QStringLiteral("laterButton"));
    box->setDefaultButton(later);
    box->setEscapeButton(later);
    const QString path = toQ(last.path);
    connect(box, &QMessageBox::buttonClicked, this, [this, resume, rollback, path](QAbstractButton* clicked) {
        if (clicked != resume && clicked != rollback)
            return;
        JournalsDialog* d = showJournals();
        d->selectJournal(path);
        if (clicked == resume)
            d->startResume(path);
        else
            d->startRollback(path);
    });
    // Not exec(): the window stays live (and a screenshot or a test is never held up by the question).
    box->open();
}

void MainWindow::updateTitle()
{
    const QString path = m_wizard->projectPath();
    setWindowFilePath(path);
    setWindowTitle(path.isEmpty() ? tr("Untitled project[*] — RoCE Pilot")
                                  : tr("%1[*] — RoCE Pilot").arg(QFileInfo(path).fileName()));
    setWindowModified(m_wizard->isModified());
}

void MainWindow::updateLabStatus()
{
    const LabPage* lab = m_wizard->labPage();
    m_labStatus->setText(lab->labStatusText());
    m_stopLabAction->setEnabled(!lab->isStopping());
}

bool MainWindow::openProject(const QString& path)
{
    QString error;
    if (m_wizard->loadProject(path, &error))
        return true;
    // The damaged file stays the user's: the current project (and its file name) is kept, so a later Save
    // cannot overwrite it.
    QMessageBox::warning(this, tr("Cannot open project"),
        tr("%1 could not be opened; nothing was changed.\n\n%2").arg(QDir::toNativeSeparators(path), error));
    return false;
}

void MainWindow::openProjectDialog()
{
    if (!maybeSave())
        return;
    const QString start
        = m_wizard->projectPath().isEmpty() ? QDir::homePath() : QFileInfo(m_wizard->projectPath()).path();
    const QString path = QFileDialog::getOpenFileName(this, tr("Open project"), start, projectFilter());
    if (!path.isEmpty())
        openProject(path);
}

bool MainWindow::save()
{
    if (m_wizard->projectPath().isEmpty())
        return saveAs();
    QString error;
    if (m_wizard->saveProject(m_wizard->projectPath(), &error))
        return true;
    QMessageBox::warning(this, tr("Cannot save project"),
        tr("The project could not be saved; the file on disk was left as it was.\n\n%1").arg(error));
    return false;
}

bool MainWindow::saveAs()
{
    QString path = QFileDialog::getSaveFileName(this, tr("Save project"),
        m_wizard->projectPath().isEmpty() ? QDir::home().filePath(QStringLiteral("rocepilot.yaml"))
                                          : m_wizard->projectPath(),
        projectFilter());
    if (path.isEmpty())
        return false;
    if (QFileInfo(path).suffix().isEmpty())
        path += QStringLiteral(".yaml");
    QString error;
    if (m_wizard->saveProject(path, &error))
        return true;
    QMessageBox::warning(this, tr("Cannot save project"),
        tr("The project could not be saved; the file on disk was left as it was.\n\n%1").arg(error));
    return false;
}

bool MainWindow::maybeSave()
{
    if (!m_wizard->isModified())
        return true;
    QMessageBox box(QMessageBox::Question, tr("Unsaved changes"),
        tr("The host list has changed since it was last saved. Save it now?"), QMessageBox::NoButton, this);
    QPushButton* saveButton = box.addButton(tr("&Save"), QMessageBox::AcceptRole);
    QPushButton* discardButton = box.addButton(tr("&Discard"), QMessageBox::DestructiveRole);
    QPushButton* cancelButton = box.addButton(tr("Cancel"), QMessageBox::RejectRole);
    box.setDefaultButton(saveButton);
    box.setEscapeButton(cancelButton);
    box.exec();
    if (box.clickedButton() == saveButton)
        return save();
    return box.clickedButton() == discardButton;
}

void MainWindow::closeEvent(QCloseEvent* event)
{
    if (!maybeSave()) {
        event->ignore();
        return;
    }
    const bool running = m_wizard->applyPage()->isRunning() || (m_journals && m_journals->isRunning());
    if (running) {
        QMessageBox box(QMessageBox::Warning, tr("A run is in progress"),
            tr("RoCE Pilot is changing hosts. Closing cancels the run: the step that runs now finishes, then the "
               "hosts that changed are rolled back, and the window closes when that is done."),
            QMessageBox::NoButton, this);
        box.setObjectName(QStringLiteral("closeWhileRunning"));
        QPushButton* stop = box.addButton(tr("Cancel the run and &close"), QMessageBox::DestructiveRole);
        stop->setObjectName(QStringLiteral("stopButton"));
        QPushButton* keep = box.addButton(tr("&Keep running"), QMessageBox::RejectRole);
        keep->setObjectName(QStringLiteral("keepButton"));
        box.setDefaultButton(keep);
        box.setEscapeButton(keep);
        box.exec();
        if (box.clickedButton() != stop) {
            event->ignore();
            return;
        }
    }
    if (m_journals)
        m_journals->cancelAndWait();
    m_wizard->shutdown();
    saveSettings();
    event->accept();
}

} // namespace rp::ui

// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "apply/journal.h"

#include <QFutureWatcher>
#include <QMainWindow>
#include <QPointer>

#include <vector>

class QAction;
class QActionGroup;
class QLabel;
class QMenu;

namespace rp::ui {

class JournalsDialog;
class Wizard;
class DashboardWindow;

/// The application window: File menu (open/save project) around the wizard.
class MainWindow final : public QMainWindow
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(MainWindow)

public:
    explicit MainWindow(QWidget* parent = nullptr);
    ~MainWindow() override;

    Wizard* wizard() const { return m_wizard; }
    QAction* stopLabAction() const { return m_stopLabAction; }
    /// File > New dashboard: a Test panel in a window of its own over this project.
    DashboardWindow* newDashboard();
    /// The status bar's lab line (empty unless the lab was started or stopped in this session).
    QLabel* labStatusLabel() const { return m_labStatus; }

    QAction* journalsAction() const { return m_journalsAction; }
    /// File > Journals…: the dialog (created on first use, kept while the window lives).
    JournalsDialog* showJournals();
    /// Looks (on a worker) for runs that never ended, in the default journal directory; when there are some,
    /// offers resume or rollback in a dialog (never automatically). Called once the window is up.
    void checkUnfinishedJournals();

    /// File > Open recent (rebuilt from the settings each time it opens).
    QMenu* recentMenu() const { return m_recentMenu; }
    /// View > Theme: one checkable action per theme, objectName "theme-<name>".
    QActionGroup* themeActions() const { return m_themeActions; }
    /// Applies a theme (see theme.h) and remembers it for the next start.
    void chooseTheme(const QString& name);

    /// The explanation of the built-in lab (Help > The built-in Soft-RoCE lab); not modal, so the window stays
    /// usable. Its "Try the lab" button picks the lab on the Welcome page and starts it.
    QWidget* showLabIntro();
    /// Shows the lab explanation on the first start only; returns whether it did.
    bool showFirstStartIntro();

    /// Opens a project, showing errors in a message box. Returns whether it was loaded.
    bool openProject(const QString& path);
    void openProjectDialog();
    bool save();
    bool saveAs();

protected:
    void closeEvent(QCloseEvent* event) override;

private:
    void updateTitle();
    void rebuildRecentMenu();
    void restoreSettings();
    void saveSettings();
    void updateLabStatus();
    bool maybeSave();
    void offerUnfinished(const std::vector<rp::apply::JournalSummary>& unfinished);

    Wizard* m_wizard = nullptr;
    QAction* m_saveAction = nullptr;
    QMenu* m_recentMenu = nullptr;
    QActionGroup* m_themeActions = nullptr;
    QPointer<QWidget> m_labIntro;
    QAction* m_stopLabAction = nullptr;
    QLabel* m_labStatus = nullptr;
    QAction* m_journalsAction = nullptr;
    QPointer<JournalsDialog> m_journals;
    QFutureWatcher<std::vector<rp::apply::JournalSummary>> m_unfinishedWatcher;
};

} // namespace rp::ui

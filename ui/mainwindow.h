// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QMainWindow>

class QAction;
class QLabel;

namespace rp::ui {

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

    /// Opens a project, showing errors in a message box. Returns whether it was loaded.
    bool openProject(const QString& path);
    void openProjectDialog();
    bool save();
    bool saveAs();

protected:
    void closeEvent(QCloseEvent* event) override;

private:
    void updateTitle();
    void updateLabStatus();
    bool maybeSave();

    Wizard* m_wizard = nullptr;
    QAction* m_saveAction = nullptr;
    QAction* m_stopLabAction = nullptr;
    QLabel* m_labStatus = nullptr;
};

} // namespace rp::ui

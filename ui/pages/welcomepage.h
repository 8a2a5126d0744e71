// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QWizardPage>

class QButtonGroup;
class QLabel;
class QPushButton;
class QRadioButton;

namespace rp::ui {

/// First page: what the admin wants to do, or open a saved project.
class WelcomePage final : public QWizardPage
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(WelcomePage)

public:
    enum class Goal {
        NewDeployment,
        Troubleshoot,
        ImportOutputs,
        SoftRoceLab, ///< start the built-in Soft-RoCE lab and discover its two hosts
        WatchFabric, ///< hosts, discovery, then straight to the fabric check: nothing on the hosts changes
    };
    Q_ENUM(Goal)

    explicit WelcomePage(QWidget* parent = nullptr);

    Goal goal() const;
    void setGoal(Goal goal);
    QPushButton* openProjectButton() const { return m_openProject; }

signals:
    void openProjectRequested();
    void goalChanged(rp::ui::WelcomePage::Goal goal);

private:
    QButtonGroup* m_group = nullptr;
    QRadioButton* m_newDeployment = nullptr;
    QRadioButton* m_troubleshoot = nullptr;
    QRadioButton* m_import = nullptr;
    QRadioButton* m_lab = nullptr;
    QRadioButton* m_watch = nullptr;
    QPushButton* m_openProject = nullptr;
};

} // namespace rp::ui

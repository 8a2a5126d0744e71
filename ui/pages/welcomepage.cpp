// SPDX-License-Identifier: GPL-3.0-or-later
#include "pages/welcomepage.h"

#include "support/accessibility.h"

#include <QButtonGroup>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QRadioButton>
#include <QStyle>
#include <QVBoxLayout>

namespace rp::ui {

namespace {

QLabel* explanation(const QString& text, QRadioButton* buddy, QWidget* parent)
{
    auto* label = new QLabel(text, parent);
    label->setWordWrap(true);
    label->setBuddy(buddy);
    // The explanation is what a screen reader says after the goal's name.
    setAccessible(buddy, buddy->text(), text);
    const int indent = parent->style()->pixelMetric(QStyle::PM_ExclusiveIndicatorWidth)
        + parent->style()->pixelMetric(QStyle::PM_RadioButtonLabelSpacing);
    label->setContentsMargins(indent, 0, 0, 0);
    return label;
}

} // namespace

WelcomePage::WelcomePage(QWidget* parent)
    : QWizardPage(parent)
{
    setTitle(tr("Welcome to RoCE Pilot"));
    setSubTitle(tr("This wizard takes you through a first RDMA over Converged Ethernet (RoCE) deployment. "
                   "What would you like to do?"));

    m_newDeployment = new QRadioButton(tr("Plan a ne&w deployment"), this);
    m_troubleshoot = new QRadioButton(tr("&Troubleshoot an existing fabric"), this);
    m_import = new QRadioButton(tr("&Import outputs collected earlier"), this);
    m_newDeployment->setObjectName(QStringLiteral("goalNewDeployment"));
    m_troubleshoot->setObjectName(QStringLiteral("goalTroubleshoot"));
    m_import->setObjectName(QStringLiteral("goalImport"));
    m_lab = new QRadioButton(tr("Try it on the built-in Soft-RoCE &lab"), this);
    m_lab->setObjectName(QStringLiteral("goalLab"));
    m_watch = new QRadioButton(tr("Chec&k and watch a running fabric"), this);
    m_watch->setObjectName(QStringLiteral("goalWatchFabric"));

    m_group = new QButtonGroup(this);
    m_group->addButton(m_newDeployment, static_cast<int>(Goal::NewDeployment));
    m_group->addButton(m_troubleshoot, static_cast<int>(Goal::Troubleshoot));
    m_group->addButton(m_import, static_cast<int>(Goal::ImportOutputs));
    m_group->addButton(m_lab, static_cast<int>(Goal::SoftRoceLab));
    m_group->addButton(m_watch, static_cast<int>(Goal::WatchFabric));
    m_newDeployment->setChecked(true);
    connect(m_group, &QButtonGroup::idToggled, this, [this](int id, bool checked) {
        if (checked)
            emit goalChanged(static_cast<Goal>(id));
    });

    m_openProject = new QPushButton(tr("&Open project…"), this);
    m_openProject->setAutoDefault(false);
    m_openProject->setObjectName(QStringLiteral("openProjectButton"));
    m_openProject->setToolTip(tr("Load hosts and settings saved earlier (a RoCE Pilot project YAML file)."));
    setAccessible(m_openProject, m_openProject->text(), m_openProject->toolTip());
    connect(m_openProject, &QPushButton::clicked, this, &WelcomePage::openProjectRequested);

    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_newDeployment);
    layout->addWidget(explanation(tr("Next you list the hosts (and later the switches) that take part, check that "
                                     "RoCE Pilot can log in to each of them, and read which RDMA devices, ports and "
                                     "GIDs every host has. The configuration steps build on what is found."),
        m_newDeployment, this));
    layout->addSpacing(8);
    layout->addWidget(m_troubleshoot);
    layout->addWidget(explanation(tr("Next you list the hosts of the fabric and read their RDMA devices, port states "
                                     "and GID tables. RoCE Pilot marks the GID each port should use and points out "
                                     "duplicate or inconsistent entries."),
        m_troubleshoot, this));
    layout->addSpacing(8);
    layout->addWidget(m_watch);
    layout->addWidget(explanation(tr("Next you list the hosts of a fabric that is already set up and read their "
                                     "GIDs; then RoCE Pilot probes every host pair over every GID, once or live "
                                     "until you stop it, names the NIC, link or switch that fails with its fix, and "
                                     "exports the report. Nothing on the hosts is changed."),
        m_watch, this));
    layout->addSpacing(8);
    layout->addWidget(m_import);
    layout->addWidget(explanation(tr("Next you add a host for each recorded sysfs tree (Add host, \"Run on this "
                                     "computer\", then choose the recorded tree). Discovery reads the recording "
                                     "exactly as it would read a live host."),
        m_import, this));
    layout->addSpacing(8);
    layout->addWidget(m_lab);
    layout->addWidget(explanation(tr("No RDMA hardware needed: RoCE Pilot boots two small virtual machines (lab-a "
                                     "and lab-b, under qemu) whose Soft-RoCE devices talk RoCE to each other, adds "
                                     "them as hosts and discovers them."),
        m_lab, this));
    layout->addStretch(1);

    auto* openRow = new QHBoxLayout;
    auto* openLabel = new QLabel(tr("Or continue with a project you saved before:"), this);
    openLabel->setBuddy(m_openProject);
    openRow->addWidget(openLabel);
    openRow->addWidget(m_openProject);
    openRow->addStretch(1);
    layout->addLayout(openRow);

    setTabOrder(m_newDeployment, m_troubleshoot);
    setTabOrder(m_troubleshoot, m_watch);
    setTabOrder(m_watch, m_import);
    setTabOrder(m_import, m_lab);
    setTabOrder(m_lab, m_openProject);
}

WelcomePage::Goal WelcomePage::goal() const
{
    const int id = m_group->checkedId();
    return id < 0 ? Goal::NewDeployment : static_cast<Goal>(id);
}

void WelcomePage::setGoal(Goal goal)
{
    if (QAbstractButton* b = m_group->button(static_cast<int>(goal)))
        b->setChecked(true);
}

} // namespace rp::ui

// SPDX-License-Identifier: GPL-3.0-or-later
#include "pages/testpage.h"

#include "dashboard/dashboard.h"

#include <QVBoxLayout>

namespace rp::ui {

TestPage::TestPage(const TestSources& sources, QWidget* parent)
    : QWizardPage(parent)
{
    setTitle(tr("Test"));
    setSubTitle(tr("Measure latency and throughput between the hosts over RDMA (and TCP or perftest to compare), "
                   "with both hosts' counters on the same time axis. Every run is saved as it goes; export a "
                   "PDF, CSV or JSON report for whoever needs it."));
    auto* layout = new QVBoxLayout(this);
    m_panel = new Dashboard(sources, this);
    layout->addWidget(m_panel);
    connect(m_panel, &Dashboard::runStarted, this, &QWizardPage::completeChanged);
    connect(m_panel, &Dashboard::runFinished, this, &QWizardPage::completeChanged);
}

void TestPage::initializePage()
{
    m_panel->refreshSources();
}

bool TestPage::isComplete() const
{
    return !m_panel->isRunning();
}

} // namespace rp::ui

// SPDX-License-Identifier: GPL-3.0-or-later
#include "dashboard/dashboardwindow.h"

#include "dashboard/dashboard.h"

#include <QCloseEvent>
#include <QVBoxLayout>

namespace rp::ui {

DashboardWindow::DashboardWindow(const TestSources& sources, QWidget* parent)
    : QWidget(parent, Qt::Window)
{
    setWindowTitle(tr("RoCE Pilot — dashboard"));
    setAttribute(Qt::WA_DeleteOnClose);
    auto* layout = new QVBoxLayout(this);
    m_panel = new Dashboard(sources, this);
    layout->addWidget(m_panel);
    resize(1400, 900);
}

void DashboardWindow::closeEvent(QCloseEvent* event)
{
    m_panel->cancelAndWait(); // the run file keeps what was measured
    event->accept();
}

} // namespace rp::ui

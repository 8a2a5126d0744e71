// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The Test page's dashboard as a window of its own (File > New dashboard), for day-2 use without walking the
// wizard: the project's hosts, the last discovery, the profile; several windows can run side by side.

#include <QWidget>

namespace rp::ui {

class Dashboard;
struct TestSources;

class DashboardWindow final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(DashboardWindow)

public:
    DashboardWindow(const TestSources& sources, QWidget* parent = nullptr);
    Dashboard* panel() const { return m_panel; }

protected:
    void closeEvent(QCloseEvent* event) override;

private:
    Dashboard* m_panel = nullptr;
};

} // namespace rp::ui

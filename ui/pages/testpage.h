// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The wizard's last step: run performance tests over the hosts it discovered, with the profile's ToS and the
// recommended GID index prefilled, watch them live and keep the runs (Dashboard).

#include <QWizardPage>

namespace rp::ui {

class Dashboard;
struct TestSources;

class TestPage final : public QWizardPage
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(TestPage)

public:
    TestPage(const TestSources& sources, QWidget* parent = nullptr);
    void initializePage() override;
    bool isComplete() const override;
    Dashboard* panel() const { return m_panel; }

private:
    Dashboard* m_panel = nullptr;
};

} // namespace rp::ui

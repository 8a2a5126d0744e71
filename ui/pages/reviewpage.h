// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "generate/plan.h"

#include <QFutureWatcher>
#include <QWizardPage>

#include <optional>

class QLabel;
class QPlainTextEdit;
class QPushButton;
class QTabWidget;
class QTableView;

namespace rp::ui {

class DiscoveryModel;
class InventoryModel;
class ProfilePage;
class SettingDiffModel;
class SwitchModel;

/// Last page: the plan for the discovered hosts and the switches the user adds, one tab per target with the
/// rendered text (highlighted, copyable) and, per host, what will change and what already matches.
/// Generation is pure and fast, so it runs directly; saving the files runs on a worker.
class ReviewPage final : public QWizardPage
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ReviewPage)

public:
    ReviewPage(InventoryModel* inventory, DiscoveryModel* discovery, ProfilePage* profile, QWidget* parent = nullptr);
    ~ReviewPage() override;

    void initializePage() override;
    bool isComplete() const override;

    SwitchModel* switchModel() const { return m_switches; }
    QTabWidget* tabs() const { return m_tabs; }
    QLabel* statusLabel() const { return m_status; }
    QLabel* saveStatusLabel() const { return m_saveStatus; }
    const std::optional<rp::Plan>& plan() const { return m_plan; }

    /// The rendered text view of a target's tab, or nullptr.
    QPlainTextEdit* textView(const QString& target) const;
    /// The diff model of a host's tab, or nullptr (switches have none).
    SettingDiffModel* diffModel(const QString& target) const;

    /// Generates the plan again from the profile, the inventory, the discovered facts and the switch table.
    void regenerate();
    /// Writes every target's file plus plan.json into `dir` on a worker (all or nothing; `dir` must not
    /// exist or be empty). False when there is no plan or a save is running; saveFinished reports the end.
    bool startSaveAll(const QString& dir);
    bool isSaving() const;
    /// Waits for a running save, answering GUI-thread events meanwhile. For shutdown.
    void waitForSave();

signals:
    void planGenerated();
    void saveFinished(bool ok, const QString& message);

protected:
    /// A new palette (View > Theme) re-makes the tabs, so the plan's highlighting matches it.
    void changeEvent(QEvent* event) override;

private:
    void rebuildTabs();
    QWidget* makeTab(const rp::PlanTarget& target);
    void copyTarget(const QString& target);
    void saveAllDialog();
    void onSaveDone();
    void updateButtons();

    InventoryModel* m_inventory = nullptr;
    DiscoveryModel* m_discovery = nullptr;
    ProfilePage* m_profile = nullptr;
    SwitchModel* m_switches = nullptr;

    QTableView* m_switchView = nullptr;
    QPushButton* m_addSwitch = nullptr;
    QPushButton* m_removeSwitch = nullptr;
    QLabel* m_status = nullptr;
    QPushButton* m_saveAll = nullptr;
    QLabel* m_saveStatus = nullptr;
    QTabWidget* m_tabs = nullptr;

    std::optional<rp::Plan> m_plan;
    rp::HostFactsMap m_facts;
    QFutureWatcher<rp::Result<void>> m_saveWatcher;
    QString m_saveDir;
    int m_saveFiles = 0;
};

} // namespace rp::ui

// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "inventory/inventory.h"

#include <QWizard>

#include <functional>

namespace rp::ui {

class ApplyPage;
class ConnectPrompter;
class DiscoverPage;
class FabricPage;
class HostsPage;
class InventoryModel;
class LabPage;
class ProfilePage;
class ReviewPage;
class TroubleshootPage;
class TestPage;
struct TestSources;
class WelcomePage;

/// The deployment wizard: owns the project's inventory and the pages that work on it. Embedded in
/// MainWindow; Cancel/Finish ask the window to close instead of hiding the wizard.
class Wizard final : public QWizard
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(Wizard)

public:
    enum PageId {
        WelcomePageId,
        LabPageId, ///< only when the Welcome page's goal is the built-in Soft-RoCE lab
        HostsPageId,
        DiscoverPageId,
        ProfilePageId,
        ReviewPageId,
        TroubleshootPageId, ///< the Welcome page's "Troubleshoot" (after Discover) and "Import outputs" goals
        ApplyPageId,
        FabricPageId, ///< one round of the fabric check over the discovered hosts (after Apply, before Test)
        TestPageId, ///< performance tests, live dashboards, saved runs and reports (after Review/Apply)
    };
    Q_ENUM(PageId)

    explicit Wizard(QWidget* parent = nullptr);
    ~Wizard() override;

    InventoryModel* inventoryModel() const { return m_inventory; }
    ConnectPrompter* prompter() const { return m_prompter; }
    WelcomePage* welcomePage() const { return m_welcome; }
    LabPage* labPage() const { return m_lab; }
    HostsPage* hostsPage() const { return m_hosts; }
    DiscoverPage* discoverPage() const { return m_discover; }
    ProfilePage* profilePage() const { return m_profile; }
    ReviewPage* reviewPage() const { return m_review; }
    TestPage* testPage() const { return m_test; }
    FabricPage* fabricPage() const { return m_fabric; }
    /// What the Test page and standalone dashboards test: this project's hosts, discovery and profile.
    TestSources testSources();
    ApplyPage* applyPage() const { return m_apply; }

    rp::Inventory inventory() const;
    void setInventory(const rp::Inventory& inventory);

    /// Loads a project file. On failure returns false with the error (file:line and why) in `error`, and
    /// leaves the current project, including its file name, untouched.
    bool loadProject(const QString& path, QString* error);
    /// Saves atomically; on failure the old file is left as it was.
    bool saveProject(const QString& path, QString* error);
    QString projectPath() const { return m_projectPath; }
    bool isModified() const { return m_modified; }

    /// Replaces the host list by the lab's (hosts and their known_hosts) as a new, unsaved-but-unmodified
    /// project, so a later Save never writes lab hosts over a project file opened before.
    void useLabInventory(const rp::Inventory& inventory);

    /// Asked before the lab replaces a project with unsaved changes; false keeps the Welcome page. Unset: go on.
    void setDiscardCheck(std::function<bool()> check) { m_discardCheck = std::move(check); }

    int nextId() const override;
    bool validateCurrentPage() override;

    /// Goes forward (validating each page as Next would) until `id` is current. False if a page refused.
    bool advanceTo(PageId id);

    /// Cancels running work and waits for it; pending prompts are answered "no". Safe to call twice.
    void shutdown();

    void done(int result) override;

signals:
    void openProjectRequested();
    /// Cancel or Finish was pressed.
    void closeRequested();
    void modifiedChanged(bool modified);
    void projectPathChanged(const QString& path);

protected:
    void keyPressEvent(QKeyEvent* event) override;

private:
    void setModified(bool modified);
    void onLabReady();

    InventoryModel* m_inventory = nullptr;
    ConnectPrompter* m_prompter = nullptr;
    WelcomePage* m_welcome = nullptr;
    LabPage* m_lab = nullptr;
    HostsPage* m_hosts = nullptr;
    DiscoverPage* m_discover = nullptr;
    ProfilePage* m_profile = nullptr;
    ReviewPage* m_review = nullptr;
    TroubleshootPage* m_troubleshoot = nullptr;
    TestPage* m_test = nullptr;
    FabricPage* m_fabric = nullptr;
    ApplyPage* m_apply = nullptr;
    QString m_projectPath;
    QString m_knownHostsFile; ///< as stored in the project; empty = default
    bool m_modified = false;
    bool m_loading = false;
    std::function<bool()> m_discardCheck;
};

} // namespace rp::ui

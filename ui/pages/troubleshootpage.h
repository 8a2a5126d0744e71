// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "diagnose/diagnose.h"
#include "widgets/fabricview.h"

#include <QFutureWatcher>
#include <QWizardPage>

#include <atomic>
#include <functional>
#include <string>
#include <utility>
#include <vector>

class QCheckBox;
class QLabel;
class QProgressBar;
class QPushButton;
class QStandardItemModel;
class QTableWidget;
class QTabWidget;
class QTextBrowser;
class QTreeView;

namespace rp::ui {

class ConnectPrompter;
class InventoryModel;

/// The troubleshooter: reads the inventory's hosts live (and, when allowed, measures RDMA reachability per GID
/// index) and/or imports pasted outputs, then shows the findings grouped by severity and host pair, each with
/// its evidence and copyable fix, a fabric view with the mismatching links marked, and the reachability matrix.
/// All reading and diagnosing runs on a worker; Cancel stops it.
class TroubleshootPage final : public QWizardPage
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(TroubleshootPage)

public:
    struct CheckResult
    {
        rp::diag::Report report;
        QVector<FabricView::Node> nodes;
        QVector<FabricView::Link> links;
        QStringList messages; ///< import warnings and hosts that could not be read
    };

    TroubleshootPage(InventoryModel* inventory, ConnectPrompter* prompter, QWidget* parent = nullptr);
    ~TroubleshootPage() override;

    /// Whether Re-check reads the inventory's hosts live (the "Troubleshoot an existing fabric" goal) or only
    /// the imported outputs ("Import outputs").
    void setUseInventory(std::function<bool()> useInventory) { m_useInventory = std::move(useInventory); }
    /// The switches Re-check reads live along with the hosts (those with an address and an SSH-driven CLI).
    void setSwitches(std::function<std::vector<rp::SwitchSpec>()> switches) { m_switches = std::move(switches); }
    /// Add pasted text (a file's content or a paste) under a name; the next Re-check reads it.
    void addPastedText(const QString& name, const QString& text);
    void clearPastedTexts();
    void recheck();
    void cancelAndWait();
    bool isRunning() const { return m_watcher.isRunning(); }

    void initializePage() override;
    bool isComplete() const override;

    QStandardItemModel* findingsModel() const { return m_model; }
    FabricView* fabricView() const { return m_fabric; }
    QTableWidget* reachabilityTable() const { return m_reach; }
    QTreeView* findingsView() const { return m_view; }
    const rp::diag::Report& report() const { return m_report; }
    /// The fixes of the selected finding as one text (what Copy fix puts on the clipboard).
    QString selectedFixText() const;

signals:
    void checkFinished();

private:
    void importFiles();
    void pasteText();
    void onFinished();
    void showFinding(const QModelIndex& index);
    void copyFix();
    void updateButtons();
    void fillReachability();

    InventoryModel* m_inventory = nullptr;
    ConnectPrompter* m_prompter = nullptr;
    std::function<bool()> m_useInventory;
    std::function<std::vector<rp::SwitchSpec>()> m_switches;
    std::vector<std::pair<std::string, std::string>> m_pastes;
    rp::diag::Report m_report;
    int m_selected = -1;
    std::atomic<bool> m_cancelFlag { false };
    QFutureWatcher<CheckResult> m_watcher;

    QPushButton* m_import = nullptr;
    QPushButton* m_paste = nullptr;
    QCheckBox* m_active = nullptr;
    QPushButton* m_recheck = nullptr;
    QPushButton* m_cancel = nullptr;
    QProgressBar* m_progress = nullptr;
    QLabel* m_status = nullptr;
    QLabel* m_sources = nullptr;
    QTreeView* m_view = nullptr;
    QStandardItemModel* m_model = nullptr;
    QTabWidget* m_tabs = nullptr;
    QTextBrowser* m_detail = nullptr;
    QPushButton* m_copyFix = nullptr;
    FabricView* m_fabric = nullptr;
    QTableWidget* m_reach = nullptr;
};

} // namespace rp::ui

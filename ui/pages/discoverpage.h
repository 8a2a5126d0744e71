// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "discovery/discover.h"

#include <QFutureWatcher>
#include <QWizardPage>

#include <atomic>
#include <vector>

class QLabel;
class QLineEdit;
class QProgressBar;
class QPushButton;
class QTreeView;

namespace rp::ui {

class ConnectPrompter;
class DiscoveryFilterModel;
class DiscoveryModel;
class InventoryModel;

/// Third page: reads every host (rp::discoverFleet on a worker) and shows devices, ports and GIDs as a
/// sortable, filterable tree with the recommended GID of each port highlighted.
class DiscoverPage final : public QWizardPage
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(DiscoverPage)

public:
    DiscoverPage(InventoryModel* inventory, ConnectPrompter* prompter, QWidget* parent = nullptr);
    ~DiscoverPage() override;

    void initializePage() override;
    bool isComplete() const override;

    DiscoveryModel* model() const { return m_model; }
    DiscoveryFilterModel* proxy() const { return m_proxy; }
    QTreeView* view() const { return m_view; }
    QLabel* detailLabel() const { return m_detail; }
    QLineEdit* filterEdit() const { return m_filter; }

    void setOptions(const rp::DiscoveryOptions& options) { m_options = options; }
    /// Starts reading all hosts of the inventory; does nothing while a run is going.
    void startDiscovery();
    /// The next time the page is entered it reads all hosts again, even when the list did not change (a lab
    /// that was just started anew).
    void discoverOnEntry() { m_discoverOnEntry = true; }
    void cancelDiscovery();
    /// Selects (and scrolls to) the first recommended GID in view order; false when there is none.
    bool selectFirstRecommended();
    bool isRunning() const;
    /// Cancels a running discovery and waits for it, answering GUI-thread hops meanwhile. For shutdown.
    void cancelAndWait();

signals:
    void discoveryStarted();
    /// One host finished (in completion order).
    void hostDiscovered(const QString& host);
    /// The run ended (all hosts done, or cancelled); the model holds every outcome.
    void discoveryFinished();

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void onHostDone(quint64 generation, const rp::HostOutcome& outcome, std::size_t done, std::size_t total);
    void onFinished(quint64 generation);
    void updateButtons();
    void updateDetail();
    void scheduleSpanUpdate();
    void updateSpans(const QModelIndex& parent);
    void expandHost(const QString& host);

    InventoryModel* m_inventory = nullptr;
    ConnectPrompter* m_prompter = nullptr;
    DiscoveryModel* m_model = nullptr;
    DiscoveryFilterModel* m_proxy = nullptr;
    QPushButton* m_discover = nullptr;
    QPushButton* m_cancel = nullptr;
    QProgressBar* m_progress = nullptr;
    QLabel* m_status = nullptr;
    QLineEdit* m_filter = nullptr;
    QTreeView* m_view = nullptr;
    QLabel* m_detail = nullptr;
    QLabel* m_summary = nullptr;

    rp::DiscoveryOptions m_options;
    QFutureWatcher<std::vector<rp::HostOutcome>> m_watcher;
    std::atomic<bool> m_cancelFlag { false };
    quint64 m_generation = 0;
    quint64 m_runGeneration = 0;
    std::vector<rp::HostSpec> m_lastRunHosts; ///< what the last run read; a changed inventory starts a new run
    bool m_spanUpdatePending = false;
    bool m_discoverOnEntry = false;
};

} // namespace rp::ui

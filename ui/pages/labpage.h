// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "error.h"
#include "inventory/inventory.h"

#include <QFutureWatcher>
#include <QWizardPage>

#include <atomic>
#include <optional>
#include <string>

class QLabel;
class QProgressBar;
class QPushButton;

namespace rp::ui {

/// Between Welcome and Hosts when the goal is the built-in Soft-RoCE lab: starts it with rp::SoftRoceLab on a
/// worker (progress from the script's PROGRESS lines, Cancel stops it again) and, once it is READY, hands its
/// inventory to the wizard (labReady). A failure is shown in place with what to do; only Back leads on then.
/// Also stops the lab (File menu). A lab that is running when the app quits is left running: the next start
/// reuses it.
class LabPage final : public QWizardPage
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(LabPage)

public:
    explicit LabPage(QWidget* parent = nullptr);
    ~LabPage() override;

    void initializePage() override;
    void cleanupPage() override;
    bool isComplete() const override;

    /// Starts (or, while a stop is still running, queues a start of) the lab.
    void startLab();
    /// Sets the cancel flag; core stops whatever the script had started.
    void cancelStart();
    /// Stops the lab on a worker; while it is starting, cancels the start instead.
    void stopLab();
    bool isStarting() const;
    bool isStopping() const;
    /// This app started the lab (or reused a running one) and has not stopped it since.
    bool isLabRunning() const { return m_running; }
    /// One line for the main window's status bar; empty when there is nothing to say.
    QString labStatusText() const { return m_statusText; }
    /// The inventory of the last READY (hosts lab-a and lab-b, the lab's own known_hosts).
    const rp::Inventory& labInventory() const { return m_inventory; }
    QString labInventoryPath() const { return m_inventoryPath; }

    QProgressBar* progressBar() const { return m_progress; }
    QLabel* messageLabel() const { return m_message; }
    QLabel* errorLabel() const { return m_error; }
    QPushButton* cancelButton() const { return m_cancel; }
    QPushButton* retryButton() const { return m_retry; }

    /// Cancels a running start and waits for it (and for a running stop), answering GUI-thread hops
    /// meanwhile. For shutdown.
    void cancelAndWait();

signals:
    void progressChanged(int percent, const QString& message);
    /// Both guests answer SSH; labInventory() holds their hosts.
    void labReady();
    /// The start failed or was cancelled; the reason is shown on the page.
    void labStartFailed(const QString& message);
    /// labStatusText() or isLabRunning() changed.
    void labStatusChanged(const QString& text);

private:
    struct StartResult
    {
        std::optional<rp::Error> error;
        bool readingInventory = false; ///< the error came from reading the lab's inventory, not from the script
        rp::Inventory inventory;
        std::string path;
    };

    void onProgress(quint64 generation, int percent, const QString& message);
    void onStartFinished(quint64 generation);
    void onStopFinished();
    void showError(const rp::Error& error, bool readingInventory);
    void setStatusText(const QString& text);
    void updateWidgets();

    QLabel* m_intro = nullptr;
    QProgressBar* m_progress = nullptr;
    QLabel* m_message = nullptr;
    QLabel* m_error = nullptr;
    QPushButton* m_cancel = nullptr;
    QPushButton* m_retry = nullptr;

    QFutureWatcher<StartResult> m_startWatcher;
    QFutureWatcher<std::optional<rp::Error>> m_stopWatcher;
    std::atomic<bool> m_cancelFlag { false };
    quint64 m_generation = 0; ///< bumped per start and at shutdown; progress of other generations is dropped
    quint64 m_runGeneration = 0;
    bool m_ready = false;
    bool m_running = false;
    bool m_startAfterStop = false;
    rp::Inventory m_inventory;
    QString m_inventoryPath;
    QString m_statusText;
};

} // namespace rp::ui

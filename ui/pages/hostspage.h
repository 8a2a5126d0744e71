// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "error.h"
#include "inventory/inventory.h"
#include "remote/openexecutor.h"

#include <QFutureWatcher>
#include <QWizardPage>

#include <atomic>
#include <optional>
#include <string>

class QLabel;
class QPlainTextEdit;
class QProgressBar;
class QPushButton;
class QTableView;

namespace rp::ui {

class ConnectPrompter;
class InventoryModel;

/// Second page: the hosts of the project. Add/edit through HostDialog, import from ~/.ssh/config, add this
/// computer, and test the connection to the selected hosts on a worker thread.
class HostsPage final : public QWizardPage
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(HostsPage)

public:
    HostsPage(InventoryModel* inventory, ConnectPrompter* prompter, QWidget* parent = nullptr);
    ~HostsPage() override;

    bool isComplete() const override;

    QTableView* view() const { return m_view; }
    InventoryModel* inventoryModel() const { return m_inventory; }

    void addHost();
    void editHost(int row);
    void removeSelectedHosts();
    /// Adds HostSpec{name="localhost", address="localhost", local=true} unless a host of that name exists.
    void addLocalhost();
    void importSshConfig(const QString& path);
    /// Tests the given rows (empty: the selected rows). Results arrive per host; connectionTestFinished()
    /// at the end.
    void testConnections(QList<int> rows = {});
    void cancelTest();
    bool isTesting() const;
    /// Cancels a running test and waits for it, answering GUI-thread hops meanwhile. For shutdown.
    void cancelAndWait();

signals:
    void connectionTestFinished();

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    struct TestResult
    {
        std::optional<rp::Error> error;
        int exitStatus = 0;
        std::string nodeName;
        std::string stdErr;
    };

    static TestResult testOne(const rp::HostSpec& spec, const rp::ConnectContext& context);
    void onTestResult(quint64 generation, const QString& host, bool password, const TestResult& result,
        std::size_t done, std::size_t total);
    void onTestFinished(quint64 generation);
    QList<int> selectedRows() const;
    void updateButtons();
    void showMessage(const QString& text);
    void appendResult(const QString& text);

    InventoryModel* m_inventory = nullptr;
    ConnectPrompter* m_prompter = nullptr;
    QTableView* m_view = nullptr;
    QPushButton* m_add = nullptr;
    QPushButton* m_edit = nullptr;
    QPushButton* m_remove = nullptr;
    QPushButton* m_localhost = nullptr;
    QPushButton* m_import = nullptr;
    QPushButton* m_test = nullptr;
    QPushButton* m_cancel = nullptr;
    QProgressBar* m_progress = nullptr;
    QLabel* m_message = nullptr;
    QPlainTextEdit* m_results = nullptr;

    QFutureWatcher<void> m_watcher;
    std::atomic<bool> m_cancelFlag { false };
    quint64 m_generation = 0; ///< bumped per run and at shutdown; results of other generations are dropped
    quint64 m_runGeneration = 0; ///< generation of the run m_watcher watches
    QStringList m_testing; ///< hosts of the running test
};

} // namespace rp::ui

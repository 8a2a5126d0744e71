// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// "Check the fabric": after Apply and before Test, one round of the fabric check over the hosts discovery read.
// The verdict comes first; the host matrix (or the ToR matrix above 64 hosts) and the findings sit side by side,
// and the GID matrix of the pair the user picks below them.

#include "discovery/discover.h"
#include "fabric/controller.h"
#include "fabric/pairhistory.h"
#include "inventory/inventory.h"
#include "metrics/promfabricreader.h"
#include "workers/fabriccheckworker.h"

#include <QFutureWatcher>
#include <QHash>
#include <QString>
#include <QWizardPage>

#include <chrono>
#include <functional>
#include <memory>
#include <optional>
#include <vector>

class QCheckBox;
class QComboBox;
class QLabel;
class QProgressBar;
class QTabWidget;
class QPushButton;
class QTableView;
class QTextBrowser;
class QTreeView;

namespace rp::ui {

class ConnectPrompter;
class FabricFindingModel;
class FabricMatrixModel;
class FabricMatrixView;
class GidMatrixModel;
class PairTimeline;
class SavedRunBar;
struct TestSources;

class FabricPage final : public QWizardPage
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(FabricPage)

public:
    FabricPage(const TestSources& sources, QWidget* parent = nullptr);
    ~FabricPage() override;

    bool isComplete() const override;
    void cleanupPage() override;
    bool isRunning() const;
    void cancelAndWait();

    /// Runs `job` as the round of `hosts` hosts, as the Check button does with the controller. Test hook.
    void startJob(FabricCheckWorker::Job job, int hosts);
    /// Runs `job` as a watch of `hosts` hosts (its rounds come through FabricCheckWorker::postRound), as the
    /// Watch button does. Test hook.
    void startWatchJob(FabricCheckWorker::Job job, int hosts);
    /// Reads the standalone agents' fleet from the Prometheus at `url` every `every`, as the Read Prometheus button
    /// does after its dialog: each read shown as a watch's round, until Stop. Test hook.
    void startPrometheus(const rp::metrics::PromUrl& url, const rp::metrics::PromFabricOptions& options,
        std::chrono::milliseconds every);
    bool isWatching() const { return m_watching; }
    /// Rounds a watch showed since it started.
    int watchRounds() const { return m_watchRounds; }
    QPushButton* watchButton() const { return m_watchButton; }
    QPushButton* prometheusButton() const { return m_promButton; }
    /// Shows a finished round (matrices, findings, verdict) as the worker's end does, digesting it here. Test hook.
    void showRound(const rp::fabric::FabricRound& round);
    /// Shows a round the worker digested: all the GUI thread does with a round. Public for the bench.
    void showDigest(const RoundDigest& digest);

    FabricCheckWorker* worker() const { return m_worker; }
    FabricMatrixModel* matrixModel() const { return m_matrix; }
    FabricMatrixView* matrixView() const { return m_matrixView; }
    GidMatrixModel* gidModel() const { return m_gids; }
    FabricFindingModel* findingModel() const { return m_findings; }
    QTreeView* findingView() const { return m_findingView; }
    QLabel* verdictLabel() const { return m_verdict; }
    QLabel* progressLabel() const { return m_progressText; }
    QLabel* gidCaption() const { return m_gidCaption; }
    QPushButton* startButton() const { return m_start; }
    QPushButton* cancelButton() const { return m_cancel; }
    QComboBox* metricBox() const { return m_metric; }
    PairTimeline* timeline() const { return m_timeline; }
    QTabWidget* pairTabs() const { return m_pairTabs; }
    QPushButton* exportButton() const { return m_export; }
    /// A copy of the pair history. Test hook.
    rp::fabric::PairHistory history() const
    {
        return m_worker->history().read([](const rp::fabric::PairHistory& h) { return h; });
    }
    /// Adds a round to the pair history without drawing it: a long watch for a test or the bench. Test hook.
    void addToHistory(const rp::fabric::FabricRound& round) { m_worker->history().addRound(round); }

    /// Where each check and watch is saved (a `.rpfabric` per run, which Export reads); empty = not saved, and
    /// Export stays off. By default the user's data folder's fabric-runs.
    void setRunsDir(const QString& dir) { m_runsDir = dir; }
    /// The last run's file ("" before the first run, or when it could not be created).
    const QString& runFile() const { return m_runFile; }
    /// Writes the report of the last run to `path` (PDF, CSV of the cells, CSV of the findings or JSON by `kind`),
    /// off the GUI thread; exportFinished says how it went. False when a run or an export is under way.
    enum class ExportKind { Pdf, CellsCsv, FindingsCsv, Json };
    bool exportReport(const QString& path, ExportKind kind);
    /// Opens a saved run (`.rpfabric`) to step back through, read off the GUI thread; the bar's `opened` says how it
    /// went. False while a run, a read or an export is under way.
    bool openRun(const QString& path);
    SavedRunBar* savedRunBar() const { return m_savedRun; }
    QPushButton* openButton() const { return m_open; }
    bool isExporting() const { return m_exporting.isRunning(); }

signals:
    /// An export ended: `error` is empty when the file was written.
    void exportFinished(const QString& path, const QString& error);

public slots:
    void onRoundStarted(const rp::fabric::RoundInfo& info);
    void onCells(const std::vector<rp::fabric::CellResult>& cells);
    void onFindingRaised(const rp::fabric::FabricFinding& finding);
    void onFindingCleared(const QString& id);
    void onAgentState(const QString& host, rp::fabric::AgentState state, const QString& detail);
    void onRoundFinished(const rp::fabric::RoundSummary& summary);

private:
    void onStart();
    void onWatch();
    void onReadPrometheus();
    void onWatchRound(const std::shared_ptr<const RoundDigest>& digest);
    /// The controller for the discovered hosts, or null (with the reason in the verdict) when there are none.
    std::shared_ptr<rp::fabric::Controller> makeController(bool watch, int* hosts);
    void onWorkerFinished();
    void onCellSelected(int row, int column);
    void showTimeline();
    void chooseAndExport();
    void chooseAndOpen();
    void onRunOpened(const QString& path, const QString& error);
    /// Empties the views and what the page counts, for a new run or a saved one.
    void resetViews();
    /// The run file for the job about to start, with the header makeController left (or a bare one for a test's
    /// job); null when runs are not saved or the file could not be made (the progress line says why).
    std::shared_ptr<rp::fabric::FabricRunWriter> openRunFile();
    void onFindingSelected();
    void setBusy(bool busy);
    void updateProgress();
    void setVerdict(const rp::fabric::RoundSummary& summary);

    std::function<rp::Inventory()> m_inventory;
    std::function<std::vector<rp::HostOutcome>()> m_discovery;
    ConnectPrompter* m_prompter = nullptr;

    FabricCheckWorker* m_worker = nullptr;
    FabricMatrixModel* m_matrix = nullptr;
    GidMatrixModel* m_gids = nullptr;
    FabricFindingModel* m_findings = nullptr;
    FabricMatrixView* m_matrixView = nullptr;
    QTreeView* m_findingView = nullptr;
    QTextBrowser* m_detail = nullptr;
    QTableView* m_gidView = nullptr;
    QLabel* m_verdict = nullptr;
    QLabel* m_progressText = nullptr;
    QLabel* m_matrixCaption = nullptr;
    QLabel* m_gidCaption = nullptr;
    QProgressBar* m_progress = nullptr;
    QPushButton* m_start = nullptr;
    QPushButton* m_cancel = nullptr;
    QPushButton* m_watchButton = nullptr;
    QPushButton* m_promButton = nullptr;
    QString m_promSource; ///< the Prometheus being read ("" when the job is not a read of one)
    bool m_watching = false;
    int m_watchRounds = 0;
    QString m_rediscovery; ///< the watch's last re-discovery of a host whose GIDs changed, said on the progress line
    std::size_t m_watchRaised = 0;
    std::size_t m_watchCleared = 0;
    QString m_selectedFrom; ///< the pair whose GID matrix shows: kept from round to round in a watch
    QString m_selectedTo;
    bool m_restoring = false; ///< showRound re-selecting a finding, not the user
    QCheckBox* m_rdma = nullptr;
    QComboBox* m_metric = nullptr;
    QTabWidget* m_pairTabs = nullptr;
    PairTimeline* m_timeline = nullptr;
    QPushButton* m_export = nullptr;
    QPushButton* m_open = nullptr;
    SavedRunBar* m_savedRun = nullptr;
    QString m_runsDir;
    QString m_runFile;
    QString m_runNote; ///< why this run is not saved, on the progress line
    std::optional<rp::fabric::FabricRunHeader> m_nextHeader; ///< from makeController, for the job it starts
    QString m_exportPath;
    QFutureWatcher<QString> m_exporting; ///< the error text, empty when written

    std::shared_ptr<const rp::fabric::FabricRound> m_round; ///< the round on screen
    int m_hosts = 0;
    QHash<QString, rp::fabric::AgentState> m_agents; ///< each agent's last state: one that came up and died counts once
    int m_agentsUp = 0;
    int m_agentsDown = 0;
    std::size_t m_cellsPlanned = 0;
    std::size_t m_cellsProbed = 0;
};

} // namespace rp::ui

// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// What the Test page and the Dashboard window show: pick the hosts (one pair, one-to-many, all-to-all over the
// discovered hosts) and the engine's options (prefilled from discovery and the profile), start and stop, watch
// the live charts (DashboardCharts), see many-host results as a host x host heatmap, keep every run as a file
// (streamed while it runs), reopen runs, and export reports (PDF/CSV/JSON) of one or several runs.
//
// Tests run on a worker thread (runPairTest per pair; the pairs of one round in parallel, no host twice);
// samples and counters cross to the GUI thread queued. Stop sets the flag every wait in core watches.

#include "discovery/discover.h"
#include "inventory/inventory.h"
#include "profile/profile.h"
#include "run/run.h"

#include <QFutureWatcher>
#include <QWidget>

#include <atomic>
#include <cmath>
#include <functional>
#include <memory>
#include <optional>
#include <vector>

class QCheckBox;
class QComboBox;
class QCustomPlot;
class QCPColorMap;
class QDoubleSpinBox;
class QLabel;
class QLineEdit;
class QListWidget;
class QPushButton;
class QSpinBox;
class QTabWidget;
class QTableWidget;

namespace rp::ui {

class ConnectPrompter;
class DashboardCharts;

/// Where the panel gets hosts, discovery results and the profile (the wizard's pages, or a loaded project).
struct TestSources
{
    std::function<rp::Inventory()> inventory;
    std::function<std::vector<rp::HostOutcome>()> discovery;
    std::function<std::optional<rp::Profile>()> profile;
    ConnectPrompter* prompter = nullptr;
};

class Dashboard final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(Dashboard)

public:
    enum class Scope { Pair, OneToMany, AllToAll };

    Dashboard(TestSources sources, QWidget* parent = nullptr);
    ~Dashboard() override;

    /// Re-reads hosts, discovery and profile into the pickers and prefilled options (GID index, ToS).
    void refreshSources();
    DashboardCharts* dashboard() const { return m_dashboard; }
    QCustomPlot* heatmap() const { return m_heatmap; }

    // Test hooks and scripting
    void setScope(Scope scope);
    void setPair(const QString& server, const QString& client);
    void setTransport(rp::perf::Transport transport);
    void setDuration(double seconds);
    void setRunsDirectory(const QString& dir);
    /// The options the form describes (validated), or the reason they are not valid.
    rp::Result<rp::perf::TestOptions> options() const;
    QPushButton* startButton() const { return m_start; }
    QPushButton* stopButton() const { return m_stop; }
    bool isRunning() const;
    /// The run files written in this session, newest last.
    QStringList runFiles() const { return m_runFiles; }
    /// Heatmap values (of the metric picked: p50 or p99 µs, Gb/s, error counter events) by server/client
    /// index; NaN = not run.
    double heatmapValue(int row, int column) const;
    /// One pair's results in the host × host view (symmetric: both cells of a pair hold it).
    struct HeatCell
    {
        double p50Us = std::nan("");
        double p99Us = std::nan("");
        double gbps = std::nan("");
        double errors = std::nan(""); ///< events of the alarm counters (loss, timeouts, storms) during the pair
        QString runFile;
    };
    enum class HeatMetric { P50, P99, Throughput, Errors };
    void setHeatMetric(HeatMetric metric);
    /// Fills the host × host view (tests, bench: 64 hosts) as a finished all-to-all would.
    void setHeatCells(const QStringList& hosts, const std::vector<std::vector<HeatCell>>& cells);
    /// Redraws the heatmap and the worst-pairs table now; returns what it took (ms).
    double redrawHeatmap();
    /// The worst pairs of the metric, worst first (at most 10): "client → server" and the value shown.
    QTableWidget* worstTable() const { return m_worst; }
    /// Opens the pair's saved run into the charts (the drill-down of a heatmap cell or a worst-pairs row).
    bool drillDown(int server, int client, QString* error);
    QTabWidget* tabs() const { return m_tabs; }
    /// Which pair the live charts follow: -1 = the first pair of the running round (the default), else the
    /// index of a pair of this start in schedule order. Switching shows what that pair measured so far (its run
    /// file, streamed) and continues live.
    void setLivePair(int index);
    int livePair() const;
    QComboBox* livePairBox() const { return m_livePair; }
    QString statusText() const;

    void start();
    void stop();
    /// Cancels a running test and waits for it (shutdown).
    void cancelAndWait();
    /// Opens a saved run into the charts; false with the reason on error.
    bool openRun(const QString& path, QString* error);
    /// Draws a saved run over the charts (dashed) to compare; false with the reason on error.
    bool overlayRun(const QString& path, QString* error);
    /// Writes a report of the given runs (PDF, or CSV/JSON by suffix).
    bool exportReport(const QStringList& runs, const QString& path, QString* error);

signals:
    void runStarted();
    void runFinished(bool ok);

private:
    struct Job;
    void onFinished();
    void updateHeatmap();
    void setBusy(bool busy);
    void chooseAndOpenRun();
    void chooseAndExport();
    void chooseAndExportChart();

    TestSources m_sources;
    rp::Inventory m_inventory;
    std::vector<rp::HostOutcome> m_discovery;

    QComboBox* m_scope = nullptr;
    QComboBox* m_server = nullptr;
    QComboBox* m_client = nullptr;
    QComboBox* m_transport = nullptr;
    QComboBox* m_mode = nullptr;
    QComboBox* m_op = nullptr;
    QLineEdit* m_sizes = nullptr;
    QDoubleSpinBox* m_duration = nullptr;
    QComboBox* m_completion = nullptr;
    QSpinBox* m_depth = nullptr;
    QSpinBox* m_postList = nullptr;
    QSpinBox* m_signalEvery = nullptr;
    QCheckBox* m_inline = nullptr;
    QSpinBox* m_gidIndex = nullptr;
    QSpinBox* m_tos = nullptr;
    QLineEdit* m_label = nullptr;
    QComboBox* m_metric = nullptr;
    QComboBox* m_livePair = nullptr;
    QPushButton* m_start = nullptr;
    QPushButton* m_stop = nullptr;
    QPushButton* m_openRun = nullptr;
    QPushButton* m_overlay = nullptr;
    QPushButton* m_export = nullptr;
    QPushButton* m_exportChart = nullptr;
    QLabel* m_status = nullptr;
    QListWidget* m_runs = nullptr;
    DashboardCharts* m_dashboard = nullptr;
    QCustomPlot* m_heatmap = nullptr;
    QCPColorMap* m_colorMap = nullptr;
    QTableWidget* m_worst = nullptr;
    QTabWidget* m_tabs = nullptr;

    QString m_runsDir;
    QStringList m_runFiles;
    std::shared_ptr<Job> m_job;
    QFutureWatcher<void> m_watcher;
    std::vector<std::vector<HeatCell>> m_cells; ///< [server][client]
    std::vector<QString> m_cellHosts;
    std::vector<QString> m_heatHosts; ///< the hosts the heatmap's axes show now
    int m_heatMetricShown = -1;
};

} // namespace rp::ui

// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "diagnose/diagnose.h"
#include "remote/openexecutor.h"
#include "widgets/fabricview.h"
#include "widgets/findingstree.h"

#include <QFutureWatcher>
#include <QTimer>
#include <QWizardPage>

#include <atomic>
#include <functional>
#include <memory>
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
class FindingDetail;
class FindingsTree;
class InventoryModel;
class PasteBox;

/// The troubleshooter: reads the inventory's hosts live (and, when allowed, measures RDMA reachability per GID
/// index) and/or outputs pasted into its box or imported from files, then shows the answer first — the GID index
/// to use per RoCE port — and the findings grouped by severity and host pair, each with its evidence (linked to the
/// pasted line it came from) and copyable fix, a fabric view with the mismatching links marked, and the
/// reachability matrix. The pasted text is checked again shortly after each edit, without reading any host. All
/// reading and diagnosing runs on a worker; Cancel stops it.
class TroubleshootPage final : public QWizardPage
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(TroubleshootPage)

public:
    /// How long the paste box waits after the last edit before it checks the text.
    static constexpr int kPasteDebounceMs = 400;

    TroubleshootPage(InventoryModel* inventory, ConnectPrompter* prompter, QWidget* parent = nullptr);
    ~TroubleshootPage() override;

    /// Whether Re-check reads the inventory's hosts live (the "Troubleshoot an existing fabric" goal) or only
    /// the pasted and imported outputs ("Import outputs").
    void setUseInventory(std::function<bool()> useInventory) { m_useInventory = std::move(useInventory); }
    /// The switches Re-check reads live along with the hosts (those with an address and an SSH-driven CLI).
    void setSwitches(std::function<std::vector<rp::SwitchSpec>()> switches) { m_switches = std::move(switches); }
    /// Add an imported output (a file's content) under a name; the next check reads it beside the paste box.
    void addPastedText(const QString& name, const QString& text);
    void clearPastedTexts();
    /// Reads the files on a worker (bounded, like the CLI's --paste) and adds each as an imported output.
    void importFiles(const QStringList& files);
    void recheck();
    void cancelAndWait();
    bool isRunning() const { return m_watcher.isRunning(); }

    void initializePage() override;
    bool isComplete() const override;

    PasteBox* pasteBox() const { return m_box; }
    /// The name the paste box's text is read under: evidence from it says "NAME:LINE".
    QString pasteSourceName() const;
    QStandardItemModel* findingsModel() const;
    FabricView* fabricView() const { return m_fabric; }
    QTableWidget* reachabilityTable() const { return m_reach; }
    QTreeView* findingsView() const;
    QTextBrowser* detailView() const;
    const rp::diag::Report& report() const { return m_report; }
    /// The fixes of the selected finding as one text (what Copy fix puts on the clipboard).
    QString selectedFixText() const;

signals:
    /// A check's results are shown (a result made stale by a newer edit is dropped without it).
    void checkFinished();

private:
    /// What the last live read gave (hosts, switches, reachability): checks of the pasted text reuse it.
    struct LiveRead
    {
        rp::diag::FabricSnapshot snapshot;
        QStringList messages;
    };
    struct CheckResult
    {
        rp::diag::Report report;
        QVector<FabricView::Node> nodes;
        QVector<FabricView::Link> links;
        QStringList messages; ///< import warnings and hosts that could not be read
        std::shared_ptr<const LiveRead> live; ///< set when this check read the hosts live
        std::shared_ptr<const PastedSources> sources; ///< the pasted texts as they were read
        quint64 generation = 0; ///< of the pasted texts it read
        bool readAnything = false; ///< a host, device, netdev, switch port or neighbour was found
    };
    struct ReadFile
    {
        QString path;
        std::shared_ptr<PastedSource> source; ///< read and parsed on the worker; named when it is added
        QString error;
    };
    enum class Run { None, Pasted, Live };

    static CheckResult runCheck(const std::vector<rp::HostSpec>& hosts, const std::vector<rp::SwitchSpec>& switches,
        const rp::ConnectContext& context, std::shared_ptr<const LiveRead> live,
        std::shared_ptr<const PastedSources> sources, bool active, const std::string& probe,
        const std::atomic<bool>* cancel);

    void startCheck(bool live);
    void sourcesChanged();
    void chooseFiles();
    void readFiles(const QStringList& files);
    void addSource(std::shared_ptr<const PastedSource> source);
    static QString pasteHint();
    void onFilesRead();
    void onFinished();
    void showSelected(const QModelIndex& index);
    void markInBox(const std::vector<std::string>& wheres, bool moveCursor);
    QString uniqueSourceName(const QString& name) const;
    std::vector<std::string> reportSourceNames() const;
    void clearResults();
    void copyFix();
    void updateButtons();
    void fillReachability();

    InventoryModel* m_inventory = nullptr;
    ConnectPrompter* m_prompter = nullptr;
    std::function<bool()> m_useInventory;
    std::function<std::vector<rp::SwitchSpec>()> m_switches;
    std::vector<std::shared_ptr<const PastedSource>> m_pastes; ///< imported outputs, each its own source
    rp::diag::Report m_report;
    std::shared_ptr<const PastedSources> m_reportSources; ///< what m_report was read from
    std::shared_ptr<const LiveRead> m_live;
    int m_selected = -1;
    QStringList m_readErrors; ///< files that could not be imported, said again with the next result
    QStringList m_filesDue; ///< dropped while others were still being read
    QString m_boxNote; ///< why the paste box's text was not read
    quint64 m_generation = 0; ///< counts changes of the pasted texts
    quint64 m_shownGeneration = 0; ///< the pasted texts the shown results were read from
    Run m_running = Run::None;
    bool m_pasteDue = false; ///< the pasted texts changed while a check ran
    bool m_liveDue = false; ///< Re-check was asked for while a check of the paste ran
    bool m_autoSelect = false; ///< a rebuild selects a row: the paste box's cursor stays where the user typed
    std::atomic<bool> m_cancelFlag { false };
    QFutureWatcher<CheckResult> m_watcher;
    QFutureWatcher<std::vector<ReadFile>> m_reading;
    QTimer m_debounce;
    QTimer m_busyDelay; ///< a check of the paste shows no progress bar unless it takes a while

    QPushButton* m_import = nullptr;
    QCheckBox* m_active = nullptr;
    QPushButton* m_recheck = nullptr;
    QPushButton* m_cancel = nullptr;
    QProgressBar* m_progress = nullptr;
    QLabel* m_status = nullptr;
    QLabel* m_sources = nullptr;
    PasteBox* m_box = nullptr;
    FindingsTree* m_view = nullptr;
    QTabWidget* m_tabs = nullptr;
    FindingDetail* m_detail = nullptr;
    QPushButton* m_copyFix = nullptr;
    FabricView* m_fabric = nullptr;
    QTableWidget* m_reach = nullptr;
};

} // namespace rp::ui

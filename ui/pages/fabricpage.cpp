// SPDX-License-Identifier: GPL-3.0-or-later
#include "pages/fabricpage.h"

#include "dashboard/dashboard.h"
#include "dashboard/pairtimeline.h"
#include "dialogs/prometheusdialog.h"
#include "itemmodels/fabricfindingmodel.h"
#include "itemmodels/fabricmatrixmodel.h"
#include "itemmodels/gidmatrixmodel.h"
#include "support/accessibility.h"
#include "support/probebinary.h"
#include "support/qtstrings.h"
#include "support/theme.h"
#include "widgets/fabricmatrixview.h"
#include "widgets/savedrunbar.h"
#include "workers/connectprompter.h"

#include "discovery/discover.h"
#include "fabric/fabricreport.h"
#include "remote/openexecutor.h"
#include "reportpdf.h"
#include "run/tables.h"
#include "util/userdirs.h"

#include <QCheckBox>
#include <QComboBox>
#include <QCoreApplication>
#include <QDateTime>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QScopeGuard>
#include <QScrollBar>
#include <QSplitter>
#include <QTabBar>
#include <QTabWidget>
#include <QTableView>
#include <QTextBrowser>
#include <QTreeView>
#include <QVBoxLayout>
#include <QtConcurrent/QtConcurrentRun>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <tuple>
#include <utility>

namespace rp::ui {

FabricPage::FabricPage(const TestSources& sources, QWidget* parent)
    : QWizardPage(parent)
    , m_inventory(sources.inventory)
    , m_discovery(sources.discovery)
    , m_prompter(sources.prompter)
    , m_worker(new FabricCheckWorker(this))
    , m_matrix(new FabricMatrixModel(this))
    , m_gids(new GidMatrixModel(this))
    , m_findings(new FabricFindingModel(this))
{
    setTitle(tr("Check the fabric"));
    setSubTitle(tr("Before testing: probe every host pair over the network the hosts will use, and every GID over "
                   "RDMA, then name the element that fails (NIC, link, ToR, uplink) with its evidence and fix."));

    m_start = new QPushButton(tr("&Check the fabric"), this);
    m_start->setObjectName(QStringLiteral("fabricStartButton"));
    setAccessible(m_start, m_start->text(),
        tr("Starts a probe agent on every discovered host, probes every pair for a few seconds, stops the agents "
           "and shows the verdict."));
    m_watchButton = new QPushButton(tr("Watch &live"), this);
    m_watchButton->setObjectName(QStringLiteral("fabricWatchButton"));
    setAccessible(m_watchButton, m_watchButton->text(),
        tr("Keeps an agent on every discovered host and checks the fabric round after round, updating the matrix "
           "and the findings as faults are raised and cleared, until Stop; Stop stops every agent."));
    m_promButton = new QPushButton(tr("Read &Prometheus…"), this);
    m_promButton->setObjectName(QStringLiteral("fabricPrometheusButton"));
    setAccessible(m_promButton, m_promButton->text(),
        tr("Shows a fleet whose hosts run the fabric agent as a service from the Prometheus that scrapes them, read "
           "again every few seconds and judged as a check is, until Stop; nothing connects to the hosts."));
    m_cancel = new QPushButton(tr("&Stop"), this);
    m_cancel->setObjectName(QStringLiteral("fabricCancelButton"));
    setAccessible(m_cancel, m_cancel->text(), tr("Stops the check; every agent is stopped before it returns."));
    m_rdma = new QCheckBox(tr("Probe every GID over &RDMA"), this);
    m_rdma->setChecked(true);
    setAccessible(m_rdma, m_rdma->text(),
        tr("Besides UDP, probes each (source GID, destination GID) cell over RDMA UD; without it every result is "
           "a UDP one."));
    auto* metricLabel = new QLabel(tr("Sho&w:"), this);
    m_metric = new QComboBox(this);
    m_metric->addItem(tr("Loss %"), static_cast<int>(FabricMatrixModel::Metric::Loss));
    m_metric->addItem(tr("RTT p99"), static_cast<int>(FabricMatrixModel::Metric::RttP99));
    metricLabel->setBuddy(m_metric);
    setAccessible(m_metric, tr("Show"), tr("What the matrix cells show: packet loss or the 99th percentile RTT."));
    m_progress = new QProgressBar(this);
    m_progress->setRange(0, 1);
    m_progress->setValue(0);
    m_progress->setTextVisible(false);
    m_progress->setMaximumWidth(160);
    m_progressText = new QLabel(this);
    m_progressText->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_export = new QPushButton(tr("E&xport report…"), this);
    m_export->setObjectName(QStringLiteral("fabricExportButton"));
    setAccessible(m_export, m_export->text(),
        tr("Writes the last check's or watch's report: a PDF (verdict, matrix, findings with their fixes, GID "
           "matrices, what was probed), the cells or the findings as CSV, or JSON."));
    m_open = new QPushButton(tr("&Open run…"), this);
    m_open->setObjectName(QStringLiteral("fabricOpenButton"));
    setAccessible(m_open, m_open->text(),
        tr("Opens a saved check or watch (a .rpfabric file: this page saves each run, rocepilot-cli fabric watch "
           "--save writes one) to step back through its rounds and export its report."));
    m_savedRun = new SavedRunBar(this);
    if (const std::string data = userDataDir(); !data.empty())
        m_runsDir = toQ(data) + QStringLiteral("/fabric-runs");

    auto* controls = new QHBoxLayout;
    controls->addWidget(m_start);
    controls->addWidget(m_watchButton);
    controls->addWidget(m_promButton);
    controls->addWidget(m_cancel);
    controls->addWidget(m_rdma);
    controls->addSpacing(12);
    controls->addWidget(metricLabel);
    controls->addWidget(m_metric);
    controls->addSpacing(12);
    controls->addWidget(m_progress);
    controls->addStretch(1);

    m_verdict = new QLabel(tr("Not checked yet: press Check the fabric."), this);
    m_verdict->setObjectName(QStringLiteral("fabricVerdict"));
    m_verdict->setWordWrap(true);
    m_verdict->setTextInteractionFlags(Qt::TextSelectableByMouse);
    QFont big = m_verdict->font();
    big.setBold(true);
    big.setPointSizeF(big.pointSizeF() * 1.2);
    m_verdict->setFont(big);

    m_matrixCaption = new QLabel(tr("Hosts: rows probe, columns answer"), this);
    m_matrixView = new FabricMatrixView(this);
    m_matrixView->setModel(m_matrix);
    setAccessible(m_matrixView, tr("Host matrix"),
        tr("One cell per directed host pair: green worked (darker is worse), orange lost more than 5 %, red failed, "
           "grey fails by design. Click a cell or use the arrow keys to see its GID matrix below."));
    auto* matrixPane = new QWidget(this);
    auto* matrixLayout = new QVBoxLayout(matrixPane);
    matrixLayout->setContentsMargins(0, 0, 0, 0);
    matrixLayout->addWidget(m_matrixCaption);
    matrixLayout->addWidget(m_matrixView, 1);

    m_findingView = new QTreeView(this);
    m_findingView->setModel(m_findings);
    m_findingView->setRootIsDecorated(false);
    m_findingView->setUniformRowHeights(true);
    m_findingView->setSelectionMode(QAbstractItemView::SingleSelection);
    m_findingView->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_findingView->header()->setStretchLastSection(true);
    setAccessible(m_findingView, tr("Findings"),
        tr("What the check found, one element each; select one to see its evidence and fix and to mark it in the "
           "matrix."));
    m_detail = new QTextBrowser(this);
    m_detail->setOpenExternalLinks(false);
    m_detail->setPlaceholderText(tr("Select a finding to see its evidence and fix."));
    setAccessible(m_detail, tr("Finding detail"), tr("The selected finding's evidence, explanation and fix."));
    auto* findingSplit = new QSplitter(Qt::Vertical, this);
    findingSplit->addWidget(m_findingView);
    findingSplit->addWidget(m_detail);
    findingSplit->setStretchFactor(0, 1);
    findingSplit->setStretchFactor(1, 2);
    findingSplit->setChildrenCollapsible(false);

    auto* top = new QSplitter(Qt::Horizontal, this);
    top->addWidget(matrixPane);
    top->addWidget(findingSplit);
    top->setStretchFactor(0, 3);
    top->setStretchFactor(1, 2);
    top->setChildrenCollapsible(false);

    m_gidCaption = new QLabel(tr("GIDs: click a cell of the matrix to see its pair's GID x GID cells."), this);
    m_gidCaption->setWordWrap(true);
    m_gidView = new QTableView(this);
    m_gidView->setModel(m_gids);
    m_gidView->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_gidView->setWordWrap(false);
    m_gidView->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_gidView->verticalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    // A pair has a handful of GIDs a side: room for five rows before it scrolls, even on a 768-pixel screen.
    m_gidView->setMinimumHeight(m_gidView->horizontalHeader()->sizeHint().height()
        + 5 * m_gidView->verticalHeader()->defaultSectionSize() + 2 * m_gidView->frameWidth()
        + m_gidView->horizontalScrollBar()->sizeHint().height());
    setAccessible(m_gidView, tr("GID matrix"),
        tr("The selected pair's cells, source GIDs in rows and destination GIDs in columns, each with its reason; "
           "hover a cell for why it fails."));
    auto* gidPane = new QWidget(this);
    auto* gidLayout = new QVBoxLayout(gidPane);
    gidLayout->setContentsMargins(0, 0, 0, 0);
    gidLayout->addWidget(m_gidCaption);
    gidLayout->addWidget(m_gidView, 1);

    m_timeline = new PairTimeline(this);
    m_pairTabs = new QTabWidget(this);
    m_pairTabs->addTab(gidPane, tr("&GID matrix"));
    m_pairTabs->addTab(m_timeline, tr("T&imeline"));
    // The tab bar is what takes focus; both carry the name a screen reader says.
    for (QWidget* w : { static_cast<QWidget*>(m_pairTabs), static_cast<QWidget*>(m_pairTabs->tabBar()) })
        setAccessible(w, tr("Selected pair"), tr("The selected pair's GID x GID cells, or its timeline over the run."));

    auto* split = new QSplitter(Qt::Vertical, this);
    split->addWidget(top);
    split->addWidget(m_pairTabs);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 2);
    split->setChildrenCollapsible(false);

    // Export sits with the verdict it reports, and leaves the controls' row to the progress line.
    auto* verdictRow = new QHBoxLayout;
    // The progress line under the verdict, the page's whole width: a watch's or a Prometheus read's line is long,
    // and beside four buttons at 1100 pixels it was cut.
    m_progressText->setWordWrap(true);
    auto* verdictColumn = new QVBoxLayout;
    verdictColumn->addWidget(m_verdict);
    verdictColumn->addWidget(m_progressText);
    verdictRow->addLayout(verdictColumn, 1);
    verdictRow->addWidget(m_open, 0, Qt::AlignTop);
    verdictRow->addWidget(m_export, 0, Qt::AlignTop);

    auto* layout = new QVBoxLayout(this);
    layout->addLayout(controls);
    layout->addLayout(verdictRow);
    layout->addWidget(m_savedRun);
    layout->addWidget(split, 1);

    connect(m_start, &QPushButton::clicked, this, &FabricPage::onStart);
    connect(m_watchButton, &QPushButton::clicked, this, &FabricPage::onWatch);
    connect(m_promButton, &QPushButton::clicked, this, &FabricPage::onReadPrometheus);
    connect(m_worker, &FabricCheckWorker::readFailed, this,
        [this](const QString& error) { m_progressText->setText(tr("A read failed, trying again: %1").arg(error)); });
    connect(m_worker, &FabricCheckWorker::roundDone, this, &FabricPage::onWatchRound);
    connect(m_cancel, &QPushButton::clicked, this, [this] {
        if (m_savedRun->isLoading()) {
            m_savedRun->cancelLoad();
            m_cancel->setEnabled(false);
            return;
        }
        m_worker->cancel();
        m_cancel->setEnabled(false);
        // A read of Prometheus started nothing on the hosts: there is nothing to stop there.
        m_progressText->setText(m_promSource.isEmpty() ? tr("Stopping the agents…") : tr("Stopping the reads…"));
    });
    connect(m_metric, &QComboBox::currentIndexChanged, this,
        [this] { m_matrix->setMetric(static_cast<FabricMatrixModel::Metric>(m_metric->currentData().toInt())); });
    connect(m_matrixView, &FabricMatrixView::cellSelected, this, &FabricPage::onCellSelected);
    connect(
        m_findingView->selectionModel(), &QItemSelectionModel::selectionChanged, this, &FabricPage::onFindingSelected);
    connect(m_worker, &FabricCheckWorker::roundStarted, this, &FabricPage::onRoundStarted);
    connect(m_worker, &FabricCheckWorker::cellsArrived, this, &FabricPage::onCells);
    connect(m_worker, &FabricCheckWorker::findingRaised, this, &FabricPage::onFindingRaised);
    connect(m_worker, &FabricCheckWorker::findingCleared, this, &FabricPage::onFindingCleared);
    connect(m_worker, &FabricCheckWorker::agentStateChanged, this, &FabricPage::onAgentState);
    connect(m_worker, &FabricCheckWorker::roundFinished, this, &FabricPage::onRoundFinished);
    connect(m_worker, &FabricCheckWorker::finished, this, &FabricPage::onWorkerFinished);
    connect(m_export, &QPushButton::clicked, this, &FabricPage::chooseAndExport);
    connect(m_open, &QPushButton::clicked, this, &FabricPage::chooseAndOpen);
    connect(m_savedRun, &SavedRunBar::opened, this, &FabricPage::onRunOpened);
    connect(m_savedRun, &SavedRunBar::loadProgress, this, [this](int permille) {
        m_progress->setRange(0, 1000);
        m_progress->setValue(permille);
    });
    connect(m_savedRun, &SavedRunBar::roundShown, this, [this](const std::shared_ptr<const RoundDigest>& digest) {
        showDigest(*digest);
        m_progressText->setText(m_savedRun->describe());
    });
    connect(m_savedRun, &SavedRunBar::closed, this, [this] {
        resetViews();
        m_runFile.clear();
        m_verdict->setText(tr("Not checked yet: press Check the fabric."));
        m_verdict->setPalette(palette());
        m_progressText->clear();
        setBusy(false);
    });
    connect(m_pairTabs, &QTabWidget::currentChanged, this, [this] { showTimeline(); });
    connect(&m_exporting, &QFutureWatcher<QString>::finished, this, [this] {
        const QString error = m_exporting.result();
        m_progressText->setText(
            error.isEmpty() ? tr("Report written: %1").arg(m_exportPath) : tr("Export failed: %1").arg(error));
        setBusy(isRunning());
        emit exportFinished(m_exportPath, error);
    });
    setBusy(false);
}

FabricPage::~FabricPage()
{
    cancelAndWait();
}

bool FabricPage::isRunning() const
{
    return m_worker->isRunning();
}

bool FabricPage::isComplete() const
{
    // Leaving mid-round would leave agents to a page nobody watches; the verdict itself never holds Next back.
    return !isRunning();
}

void FabricPage::cleanupPage()
{
    m_worker->cancel();
}

void FabricPage::cancelAndWait()
{
    m_worker->cancelAndWait();
}

void FabricPage::setBusy(bool busy)
{
    m_start->setEnabled(!busy && !m_savedRun->isLoading());
    m_watchButton->setEnabled(!busy && !m_savedRun->isLoading());
    m_promButton->setEnabled(!busy && !m_savedRun->isLoading());
    m_cancel->setEnabled(busy || m_savedRun->isLoading()); // Stop also stops reading a saved run
    m_rdma->setEnabled(!busy);
    // The run file is complete once the job ended; one export at a time.
    m_export->setEnabled(!busy && !m_runFile.isEmpty() && !m_exporting.isRunning() && !m_savedRun->isLoading());
    m_open->setEnabled(!busy && !m_exporting.isRunning() && !m_savedRun->isLoading());
    emit completeChanged();
}

void FabricPage::onStart()
{
    int count = 0;
    if (auto controller = makeController(false, &count))
        startJob(FabricCheckWorker::controllerJob(std::move(controller)), count);
}

void FabricPage::onWatch()
{
    int count = 0;
    if (auto controller = makeController(true, &count)) {
        // A day at most: agents of a GUI that was closed without Stop end by themselves then, if the SSH
        // channel (which ends them at once) somehow stays open.
        startWatchJob(m_worker->watchJob(std::move(controller), std::chrono::hours(24)), count);
    }
}

void FabricPage::onReadPrometheus()
{
    PrometheusDialog dialog(this);
    if (dialog.exec() != QDialog::Accepted)
        return;
    startPrometheus(dialog.url(), dialog.options(), dialog.every());
}

void FabricPage::startPrometheus(
    const rp::metrics::PromUrl& url, const rp::metrics::PromFabricOptions& options, std::chrono::milliseconds every)
{
    auto reader = std::make_shared<rp::metrics::PromFabricReader>(rp::metrics::PromClient(url), options);
    rp::fabric::FabricRunHeader header;
    header.command = "prom";
    header.inventory = url.text();
    header.transport = "udp"; // the agents' own transports are each endpoint's; the run names the file's default
    header.spine = options.spine;
    m_nextHeader = std::move(header);
    m_promSource = toQ(url.text());
    startWatchJob(m_worker->prometheusJob(std::move(reader), every), 0);
    if (m_worker->isRunning())
        m_verdict->setText(tr("Reading Prometheus at %1…").arg(m_promSource));
    else
        m_promSource.clear();
}

void FabricPage::startWatchJob(FabricCheckWorker::Job job, int hosts)
{
    m_rediscovery.clear();
    m_watchRounds = 0;
    m_watchRaised = 0;
    m_watchCleared = 0;
    m_watching = true;
    startJob(std::move(job), hosts);
    if (!m_worker->isRunning()) {
        m_watching = false;
        return;
    }
    m_verdict->setText(tr("Watching %n host(s): starting the agents…", nullptr, hosts));
}

void FabricPage::onWatchRound(const std::shared_ptr<const RoundDigest>& digest)
{
    if (!m_watching)
        return;
    ++m_watchRounds;
    m_watchRaised += digest->round->raised.size();
    m_watchCleared += digest->round->cleared.size();
    showDigest(*digest);
    if (!m_promSource.isEmpty()) {
        m_progressText->setText(tr(
            "Read %1 from Prometheus: %2 raised and %3 cleared since the start; %4 of %n agent(s) up", nullptr, m_hosts)
                                    .arg(m_watchRounds)
                                    .arg(m_watchRaised)
                                    .arg(m_watchCleared)
                                    .arg(m_agentsUp));
        return;
    }
    // A host whose GIDs changed under the watch was discovered again and every agent restarted on the new pinglist:
    // said until a later one, since the matrix and the GID cells change shape with it.
    for (const auto& [host, what] : digest->round->rediscovered)
        m_rediscovery = tr("In round %1 %2's GIDs changed (%3): it was discovered again and every agent restarted "
                           "on the new pinglist.")
                            .arg(m_watchRounds)
                            .arg(toQ(host), toQ(what));
    QString text
        = tr("Watching: round %1, %2 raised and %3 cleared since the start; %4 of %n agent(s) up", nullptr, m_hosts)
              .arg(m_watchRounds)
              .arg(m_watchRaised)
              .arg(m_watchCleared)
              .arg(m_agentsUp);
    if (!m_rediscovery.isEmpty())
        text += QStringLiteral(". ") + m_rediscovery;
    m_progressText->setText(text);
}

std::shared_ptr<rp::fabric::Controller> FabricPage::makeController(bool watch, int* hostCount)
{
    const rp::Inventory inventory = m_inventory ? m_inventory() : rp::Inventory {};
    std::vector<rp::fabric::FabricHost> hosts;
    for (const auto& o : m_discovery ? m_discovery() : std::vector<rp::HostOutcome> {}) {
        if (o.state == rp::HostState::Ok && o.facts)
            hosts.push_back({ o.spec, *o.facts });
    }
    if (hosts.empty()) {
        m_verdict->setText(tr("Not checked: no discovered host. Discover the hosts first (the Discover page)."));
        return nullptr;
    }
    rp::ConnectContext context = m_prompter ? m_prompter->context(m_worker->cancelFlag()) : rp::ConnectContext {};
    context.cancel = m_worker->cancelFlag();
    if (context.knownHostsFile.empty())
        context.knownHostsFile
            = inventory.knownHostsFile.empty() ? rp::defaultKnownHostsPath() : inventory.knownHostsFile;
    rp::fabric::ControllerOptions options;
    options.probePath = toStd(probeBinaryPath());
    options.rdma = m_rdma->isChecked();
    if (watch) {
        // As `fabric watch` does: short rounds, and a silent agent noticed 3 s after its phase.
        options.durationS = 1.0;
        options.phaseSlackS = 3.0;
        // A host whose address changed under the watch is discovered again and the agents restarted on its GIDs.
        options.rediscover = [context](const rp::HostSpec& spec) { return rp::discoverAgain(spec, context); };
    }
    auto factory = [context](const rp::HostSpec& spec) { return rp::openExecutor(spec, context); };
    *hostCount = static_cast<int>(hosts.size());
    rp::fabric::FabricRunHeader header;
    header.command = watch ? "watch" : "check";
    header.transport = options.rdma ? "rdma" : "udp";
    header.durationS = options.durationS;
    header.rate = options.rate;
    for (const auto& h : hosts)
        header.hosts.push_back(h.spec.name);
    // The inventory's rack is each host's ToR, as in the CLI; hosts without one share an unnamed ToR.
    rp::fabric::Topology topology;
    for (const auto& h : hosts) {
        if (!h.spec.rack.empty())
            topology.torOf[h.spec.name] = h.spec.rack;
    }
    header.torOf = topology.torOf;
    header.spine = topology.spine;
    m_nextHeader = std::move(header);
    return std::make_shared<rp::fabric::Controller>(std::move(hosts), topology, factory, options);
}

void FabricPage::resetViews()
{
    m_round.reset();
    m_selectedFrom.clear();
    m_selectedTo.clear();
    m_matrix->clear();
    m_gids->clear();
    m_findings->clear();
    m_detail->clear();
    m_hosts = 0;
    m_agents.clear();
    m_agentsUp = 0;
    m_agentsDown = 0;
    m_cellsPlanned = 0;
    m_cellsProbed = 0;
    m_gidCaption->setText(tr("GIDs: click a cell of the matrix to see its pair's GID x GID cells."));
    m_worker->history().reset();
    m_timeline->clear();
}

void FabricPage::startJob(FabricCheckWorker::Job job, int hosts)
{
    if (isRunning() || m_savedRun->isLoading())
        return;
    m_savedRun->close();
    resetViews();
    m_hosts = hosts;
    if (!m_worker->start(std::move(job), openRunFile()))
        return;
    m_verdict->setText(tr("Checking %n host(s)…", nullptr, hosts));
    setBusy(true);
    updateProgress();
}

void FabricPage::updateProgress()
{
    const int planned = static_cast<int>(std::min<std::size_t>(m_cellsPlanned, 1'000'000'000));
    m_progress->setRange(0, std::max(planned, 1));
    m_progress->setValue(static_cast<int>(std::min(m_cellsProbed, m_cellsPlanned)));
    QString text = tr("agents up %1 of %2, cells probed %3 of %4")
                       .arg(m_agentsUp)
                       .arg(m_hosts)
                       .arg(m_cellsProbed)
                       .arg(m_cellsPlanned);
    if (m_agentsDown > 0)
        text += QStringLiteral(", ") + tr("%n agent(s) down", nullptr, m_agentsDown);
    if (!m_runNote.isEmpty())
        text += QStringLiteral("; ") + m_runNote; // said for as long as the run goes, not once
    m_progressText->setText(text);
}

void FabricPage::onRoundStarted(const rp::fabric::RoundInfo& info)
{
    m_cellsPlanned = info.cellsPlanned;
    m_cellsProbed = 0;
    updateProgress();
}

void FabricPage::onCells(const std::vector<rp::fabric::CellResult>& cells)
{
    // The second pass re-probes what failed: counting it against the plan would overshoot the bar.
    m_cellsProbed += static_cast<std::size_t>(
        std::ranges::count_if(cells, [](const rp::fabric::CellResult& c) { return !c.secondPass; }));
    updateProgress();
}

void FabricPage::onFindingRaised(const rp::fabric::FabricFinding& finding)
{
    m_findings->raise(finding);
}

void FabricPage::onFindingCleared(const QString& id)
{
    m_findings->clearFinding(id);
}

void FabricPage::onAgentState(const QString& host, rp::fabric::AgentState state, const QString& detail)
{
    Q_UNUSED(detail)
    m_agents.insert(host, state);
    m_agentsUp = static_cast<int>(std::ranges::count(m_agents, rp::fabric::AgentState::Up));
    m_agentsDown = static_cast<int>(std::ranges::count(m_agents, rp::fabric::AgentState::Down));
    updateProgress();
}

void FabricPage::onRoundFinished(const rp::fabric::RoundSummary& summary)
{
    m_findings->setFindings(summary.findings);
    setVerdict(summary);
}

void FabricPage::setVerdict(const rp::fabric::RoundSummary& summary)
{
    const auto faults = rp::fabric::faultCount(summary.findings);
    QPalette pal = m_verdict->palette();
    if (faults == 0) {
        QString text = tr("Fabric ready: %n host(s), %1 cells, no fault", nullptr, m_hosts).arg(summary.cellsProbed);
        if (!summary.findings.empty())
            text += QStringLiteral(" ") + tr("(%n note(s) below)", nullptr, static_cast<int>(summary.findings.size()));
        m_verdict->setText(text);
        pal.setColor(QPalette::WindowText, palette().color(QPalette::WindowText));
    } else {
        m_verdict->setText(tr("Not ready: %n finding(s)", nullptr, static_cast<int>(faults)));
        pal.setColor(QPalette::WindowText, badColour());
    }
    m_verdict->setPalette(pal);
}

void FabricPage::onWorkerFinished()
{
    setBusy(false);
    // The check itself is shown; only its file is short, and an export would say less than the page: said last, after
    // whatever the rest of this writes.
    const auto sayRecordError = qScopeGuard([this, error = m_worker->recordError()] {
        if (!error.isEmpty())
            m_progressText->setText(m_progressText->text() + QLatin1Char(' ')
                + tr("The run file %1 is incomplete: %2").arg(m_runFile, error));
    });
    const bool watched = std::exchange(m_watching, false);
    const QString prometheus = std::exchange(m_promSource, QString());
    const auto& outcome = m_worker->outcome();
    if (!outcome) {
        m_verdict->setText(tr("Not checked: %1").arg(toQ(outcome.error().describe())));
        QPalette pal = m_verdict->palette();
        pal.setColor(QPalette::WindowText, badColour());
        m_verdict->setPalette(pal);
        m_progressText->setText(outcome.error().kind == rp::ErrorKind::Cancelled
                ? (prometheus.isEmpty() ? tr("Stopped; every agent was stopped.")
                                        : tr("Stopped before the first read of Prometheus ended."))
                : m_progressText->text());
        return;
    }
    if (!prometheus.isEmpty()) {
        // Nothing of this page ran on the hosts: their agents are the fleet's services and keep running.
        m_progressText->setText(
            tr("Stopped reading Prometheus at %1 after %n read(s).", nullptr, m_watchRounds).arg(prometheus));
        return;
    }
    if (watched) {
        // The last round is on screen already; what is left to say is that it stopped, and that nothing runs.
        m_progressText->setText(
            tr("Watch stopped after %n round(s); every agent was stopped.", nullptr, m_watchRounds));
        return;
    }
    showDigest(**outcome);
}

void FabricPage::showRound(const rp::fabric::FabricRound& round)
{
    showDigest(*RoundDigest::make(round, &m_worker->history()));
}

void FabricPage::showDigest(const RoundDigest& digest)
{
    m_round = digest.round;
    const rp::fabric::FabricRound& round = *m_round;
    m_hosts = static_cast<int>(round.pinglist.hosts.size());
    m_agentsUp = static_cast<int>(
        std::ranges::count_if(round.agents, [](const auto& a) { return a.second == rp::fabric::AgentState::Up; }));
    m_agentsDown = static_cast<int>(
        std::ranges::count_if(round.agents, [](const auto& a) { return a.second == rp::fabric::AgentState::Down; }));
    m_cellsPlanned = round.pinglist.probes.size();
    m_cellsProbed = m_cellsPlanned;
    updateProgress();
    // A watch redraws each round: the finding the user picked stays picked.
    std::string keepId;
    const bool stepping = m_watching || m_savedRun->isOpen(); // round after round of one run
    if (const auto* picked = m_findings->finding(m_findingView->currentIndex().row()); picked && stepping)
        keepId = picked->id();
    m_matrix->setContent(digest.matrix);
    m_matrixCaption->setText(m_matrix->torView()
            ? tr("ToR switches (%n hosts, more than a host matrix can show): rows probe, columns answer", nullptr,
                m_hosts)
            : tr("Hosts: rows probe, columns answer"));
    if (!m_promSource.isEmpty())
        m_matrixCaption->setText(m_matrixCaption->text() + QStringLiteral(" ")
            + tr("(the agents' last phases, from Prometheus at %1)").arg(m_promSource));
    m_findings->setFindings(round.summary.findings);
    m_findingView->resizeColumnToContents(FabricFindingModel::Element);
    m_findingView->resizeColumnToContents(FabricFindingModel::Class);
    m_findingView->resizeColumnToContents(FabricFindingModel::Confidence);
    setVerdict(round.summary);
    // ... and so does the pair whose GID matrix shows.
    if (!m_selectedFrom.isEmpty() && !m_matrix->torView())
        m_gids->setPair(round.pinglist, round.cells, m_selectedFrom, m_selectedTo);
    showTimeline();
    int row = 0;
    for (int r = 0; r < m_findings->rowCount() && !keepId.empty(); ++r) {
        if (const auto* f = m_findings->finding(r); f && f->id() == keepId)
            row = r;
    }
    if (m_findings->rowCount() == 0) {
        // The model's reset says nothing to the selection: a cleared fault must not stay in the detail or the matrix.
        m_detail->clear();
        m_matrix->setHighlightedHosts({});
    } else {
        // In a watch the user's pick of a matrix cell stays: re-selecting the finding must not jump to its pair.
        m_restoring = stepping && !m_selectedFrom.isEmpty();
        m_findingView->setCurrentIndex(m_findings->index(row, 0));
        m_restoring = false;
    }
}

void FabricPage::onCellSelected(int row, int column)
{
    if (!m_round)
        return;
    const QString from = m_matrix->nameAt(row);
    const QString to = m_matrix->nameAt(column);
    m_selectedFrom = from;
    m_selectedTo = to;
    showTimeline();
    if (m_matrix->torView()) {
        m_gids->clear();
        m_gidCaption->setText(tr("%1 → %2 is a ToR pair: its hosts' GID matrices are in the round's JSON "
                                 "(rocepilot-cli fabric check --json).")
                                  .arg(from, to));
        return;
    }
    m_gids->setPair(m_round->pinglist, m_round->cells, from, to);
    m_gidCaption->setText(tr("GIDs %1 → %2: rows are %1's endpoints, columns %2's; ~ fails by design").arg(from, to));
    m_gidView->resizeColumnsToContents();
}

void FabricPage::showTimeline()
{
    // Drawn only while its tab shows: a watch's round then costs no chart work for a hidden chart.
    if (m_pairTabs->currentWidget() != m_timeline)
        return;
    if (m_selectedFrom.isEmpty()) {
        m_timeline->clear();
        return;
    }
    if (m_matrix->torView()) {
        m_timeline->showMessage(tr("%1 → %2 is a ToR pair: pick a host pair for its timeline (the fabric report has "
                                   "every pair).")
                                    .arg(m_selectedFrom, m_selectedTo));
        return;
    }
    const std::string from = toStd(m_selectedFrom);
    const std::string to = toStd(m_selectedTo);
    // Looked up under the history's lock (the worker may be adding a round), drawn after it.
    auto [steps, events, counters] = m_worker->history().read([&from, &to](const rp::fabric::PairHistory& h) {
        return std::tuple { h.timeline(from, to), h.events(from, to),
            PairTimeline::Counters { h.hostCounters(from), h.hostCounters(to) } };
    });
    std::optional<PairTimeline::Cursor> cursor;
    if (m_savedRun->isOpen() && m_round)
        cursor = PairTimeline::Cursor { m_round->summary.started, m_round->summary.round };
    m_timeline->showPair(m_selectedFrom, m_selectedTo, steps, events, counters, cursor);
}

std::shared_ptr<rp::fabric::FabricRunWriter> FabricPage::openRunFile()
{
    auto header = std::exchange(m_nextHeader, std::nullopt).value_or(rp::fabric::FabricRunHeader {});
    m_runFile.clear();
    m_runNote.clear();
    if (m_runsDir.isEmpty())
        return nullptr;
    if (header.command.empty())
        header.command = m_watching ? "watch" : "check";
    if (header.transport.empty())
        header.transport = m_rdma->isChecked() ? "rdma" : "udp"; // a test's job: what the page would have asked
    header.tool = "rocepilot " + toStd(QCoreApplication::applicationVersion());
    header.started = rp::fabric::Clock::now();
    if (!QDir().mkpath(m_runsDir)) {
        m_runNote = tr("This run is not saved: cannot create %1").arg(m_runsDir);
        return nullptr;
    }
    // One file per run, never an existing one: two runs in one second get -2, -3...
    const QString stem = m_runsDir + QStringLiteral("/fabric-")
        + QDateTime::currentDateTime().toString(QStringLiteral("yyyyMMdd-HHmmss"));
    for (int n = 1; n < 100; ++n) {
        const QString path = stem + (n == 1 ? QString() : QStringLiteral("-%1").arg(n)) + QStringLiteral(".rpfabric");
        if (QFileInfo::exists(path))
            continue;
        auto writer = rp::fabric::FabricRunWriter::create(toStd(path), header);
        if (!writer) {
            m_runNote = tr("This run is not saved: %1").arg(toQ(writer.error().describe()));
            return nullptr;
        }
        m_runFile = path;
        return std::shared_ptr<rp::fabric::FabricRunWriter>(std::move(*writer));
    }
    return nullptr;
}

bool FabricPage::openRun(const QString& path)
{
    if (isRunning() || m_exporting.isRunning() || !m_savedRun->open(path))
        return false;
    m_progressText->setText(tr("Reading %1…").arg(path));
    m_progress->setRange(0, 1000);
    m_progress->setValue(0);
    setBusy(false); // Open and Export wait for the read, Stop ends it
    return true;
}

void FabricPage::chooseAndOpen()
{
    const QString path = QFileDialog::getOpenFileName(
        this, tr("Open a saved fabric run"), m_runsDir, tr("Fabric runs (*.rpfabric);;All files (*)"));
    if (!path.isEmpty())
        openRun(path);
}

void FabricPage::onRunOpened(const QString& path, const QString& error)
{
    if (!error.isEmpty()) {
        // The page keeps what it showed; only the progress line says the file was not read.
        m_progressText->setText(m_savedRun->readCancelled()
                ? tr("Stopped reading %1; the page shows what it showed before.").arg(path)
                : tr("Could not open %1: %2").arg(path, error));
        setBusy(false);
        return;
    }
    resetViews();
    if (auto history = m_savedRun->takeHistory())
        m_worker->history().replace(std::move(*history));
    m_runFile = path; // Export reports the run on screen
    m_runNote.clear();
    setBusy(false);
}

void FabricPage::chooseAndExport()
{
    if (m_runFile.isEmpty())
        return;
    const QString pdf = tr("PDF report (*.pdf)");
    const QString cells = tr("Cells as CSV (*.csv)");
    const QString findings = tr("Findings as CSV (*.csv)");
    const QString json = tr("Report as JSON (*.json)");
    QString filter = pdf;
    const QString base = QFileInfo(m_runFile).completeBaseName();
    const QString path = QFileDialog::getSaveFileName(this, tr("Export the fabric report"),
        QDir::home().filePath(base + QStringLiteral(".pdf")),
        QStringList { pdf, cells, findings, json }.join(QStringLiteral(";;")), &filter);
    if (path.isEmpty())
        return;
    const ExportKind kind = filter == cells ? ExportKind::CellsCsv
        : filter == findings                ? ExportKind::FindingsCsv
        : filter == json                    ? ExportKind::Json
                                            : ExportKind::Pdf;
    exportReport(path, kind);
}

bool FabricPage::exportReport(const QString& path, ExportKind kind)
{
    if (m_runFile.isEmpty() || isRunning() || m_exporting.isRunning())
        return false;
    m_exportPath = path;
    m_progressText->setText(tr("Writing %1…").arg(path));
    // Read back from the run file, as `rocepilot-cli report` does: the report is the file's, whatever the page shows.
    m_exporting.setFuture(QtConcurrent::run([run = toStd(m_runFile), out = toStd(path), kind]() -> QString {
        auto read = rp::fabric::readFabricRun(run);
        if (!read)
            return toQ(read.error().describe());
        const auto report = rp::fabric::makeFabricReport(*read);
        const std::string name = std::filesystem::path(run).filename().string();
        Result<void> ok;
        switch (kind) {
        case ExportKind::Pdf: {
            FabricPdfInput input;
            input.run = &*read;
            input.report = &report;
            input.name = name;
            input.attachments = { { "cells.csv", rp::fabric::fabricCellsCsv(*read, report) },
                { "findings.csv", rp::fabric::fabricFindingsCsv(report) } };
            ok = writeFabricPdfReport(input, out);
            break;
        }
        case ExportKind::CellsCsv:
            ok = rp::run::writeReportFile(out, rp::fabric::fabricCellsCsv(*read, report));
            break;
        case ExportKind::FindingsCsv:
            ok = rp::run::writeReportFile(out, rp::fabric::fabricFindingsCsv(report));
            break;
        case ExportKind::Json:
            ok = rp::run::writeReportFile(out, rp::fabric::fabricReportJson(*read, report, name));
            break;
        }
        return ok ? QString() : toQ(ok.error().describe());
    }));
    setBusy(isRunning());
    return true;
}

void FabricPage::onFindingSelected()
{
    // The selection, not the current index: selectionChanged comes before the current index moves.
    const QModelIndexList rows = m_findingView->selectionModel()->selectedRows();
    const int row = rows.isEmpty() ? -1 : rows.first().row();
    m_detail->setHtml(m_findings->detailHtml(row));
    m_matrix->setHighlightedHosts(row >= 0
            ? m_findings->data(m_findings->index(row, 0), FabricFindingModel::HostsRole).toStringList()
            : QStringList());
    // The finding's first failed cell is the pair to look at: its GID matrix shows what failed and what did not.
    const auto* f = m_findings->finding(row);
    if (!f || !m_round || f->evidenceCells.empty() || m_matrix->torView() || m_restoring)
        return;
    const auto& cell = f->evidenceCells.front();
    const auto& endpoints = m_round->pinglist.endpoints;
    if (cell.from >= endpoints.size() || cell.to >= endpoints.size())
        return;
    const int r = m_matrix->sectionOf(toQ(endpoints[cell.from].host));
    const int c = m_matrix->sectionOf(toQ(endpoints[cell.to].host));
    if (r >= 0 && c >= 0)
        m_matrixView->selectCell(r, c);
}

} // namespace rp::ui

// SPDX-License-Identifier: GPL-3.0-or-later
#include "dashboard/qcp.h" // first: see qcp.h

#include "dashboard/dashboard.h"

#include "dashboard/dashboardcharts.h"
#include "discovery/json.h"
#include "reportpdf.h"
#include "run/runner.h"
#include "run/summary.h"
#include "run/tables.h"
#include "support/probebinary.h"
#include "support/qtstrings.h"
#include "util/files.h"
#include "util/userdirs.h"
#include "workers/connectprompter.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDateTime>
#include <QDir>
#include <QDoubleSpinBox>
#include <QElapsedTimer>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QMessageBox>
#include <QMouseEvent>
#include <QPointer>
#include <QPushButton>
#include <QSpinBox>
#include <QSplitter>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTableWidget>
#include <QVBoxLayout>
#include <QtConcurrent>

#include <charconv>
#include <cmath>
#include <map>
#include <mutex>
#include <thread>

namespace rp::ui {

/// One start: what the worker runs and what it tells the GUI.
struct Dashboard::Job
{
    std::atomic<bool> cancel { false };
    std::vector<rp::HostSpec> hosts;
    std::vector<std::optional<rp::HostFacts>> facts;
    std::vector<std::vector<std::pair<int, int>>> rounds;
    rp::perf::TestOptions options;
    rp::ConnectContext context;
    QString runsDir;
    QString label;
    std::string profileYaml;
    std::string discoveryJson;
    std::string probePath;
    /// The pair whose samples go to the live charts (-1: the first of the running round); read by every pair.
    std::atomic<int> livePair { -1 };
    std::atomic<int> roundFirstPair { 0 }; ///< index of the running round's first pair
    // results, written by the worker, read after it finished
    std::mutex mutex;
    std::map<int, QString> pairFiles; ///< pair index -> its run file, once it is created
    QStringList files;
    QStringList errors;
};

namespace {

std::optional<std::uint64_t> parseSize(QString text)
{
    text = text.trimmed();
    std::uint64_t scale = 1;
    if (text.endsWith(QLatin1Char('K'), Qt::CaseInsensitive))
        scale = 1024;
    else if (text.endsWith(QLatin1Char('M'), Qt::CaseInsensitive))
        scale = 1024 * 1024;
    if (scale != 1)
        text.chop(1);
    bool ok = false;
    const auto v = text.toULongLong(&ok);
    if (!ok)
        return std::nullopt;
    return v * scale;
}

QString safeName(const std::string& s)
{
    QString out = toQ(s);
    for (QChar& c : out) {
        if (!c.isLetterOrNumber() && c != QLatin1Char('-') && c != QLatin1Char('_'))
            c = QLatin1Char('_');
    }
    return out;
}

// The runs live beside the journals, in the one data folder the CLI uses too (rp::userDataDir()/runs). Before,
// the GUI kept them in Qt's AppDataLocation (~/.local/share/rocepilot/rocepilot/runs): a folder found there is
// moved over once, when the new one does not exist yet, so no saved run is lost; if the move fails the old folder
// stays in use.
QString defaultRunsDir()
{
    const QString old = QStandardPaths::writableLocation(QStandardPaths::AppDataLocation) + QStringLiteral("/runs");
    const std::string data = userDataDir();
    if (data.empty())
        return old;
    const QString runs = toQ(data) + QStringLiteral("/runs");
    if (runs != old && QFileInfo(old).isDir() && !QFileInfo::exists(runs)) {
        if (!QDir().mkpath(toQ(data)) || !QDir().rename(old, runs))
            return old;
    }
    return runs;
}

} // namespace

Dashboard::Dashboard(TestSources sources, QWidget* parent)
    : QWidget(parent)
    , m_sources(std::move(sources))
{
    m_runsDir = defaultRunsDir();
    auto* layout = new QHBoxLayout(this);
    auto* split = new QSplitter(Qt::Horizontal, this);
    layout->addWidget(split);

    // Left: what to run.
    auto* left = new QWidget(split);
    auto* form = new QFormLayout(left);
    m_scope = new QComboBox(left);
    m_scope->addItem(tr("One pair"), static_cast<int>(Scope::Pair));
    m_scope->addItem(tr("One to many (server against each other host)"), static_cast<int>(Scope::OneToMany));
    m_scope->addItem(tr("All to all (every pair, no host in two tests at once)"), static_cast<int>(Scope::AllToAll));
    form->addRow(tr("&Run"), m_scope);
    m_server = new QComboBox(left);
    m_client = new QComboBox(left);
    form->addRow(tr("&Server"), m_server);
    form->addRow(tr("&Client"), m_client);
    m_transport = new QComboBox(left);
    m_transport->addItem(tr("RDMA (verbs)"), static_cast<int>(perf::Transport::Rdma));
    m_transport->addItem(tr("TCP (baseline)"), static_cast<int>(perf::Transport::Tcp));
    m_transport->addItem(tr("perftest (ib_*_lat / ib_*_bw)"), static_cast<int>(perf::Transport::Perftest));
    form->addRow(tr("Tr&ansport"), m_transport);
    m_mode = new QComboBox(left);
    m_mode->addItem(tr("ping (latency)"), static_cast<int>(perf::Mode::Ping));
    m_mode->addItem(tr("blast (throughput)"), static_cast<int>(perf::Mode::Blast));
    form->addRow(tr("&Mode"), m_mode);
    m_op = new QComboBox(left);
    for (auto op : { perf::Op::Send, perf::Op::Write, perf::Op::WriteImm, perf::Op::Read })
        m_op->addItem(toQ(perf::toString(op)), static_cast<int>(op));
    form->addRow(tr("O&peration"), m_op);
    m_sizes = new QLineEdit(QStringLiteral("64"), left);
    m_sizes->setToolTip(tr("A size (64, 4K, 1M) or a sweep FROM:TO of powers of two (1:64K)"));
    form->addRow(tr("Si&ze or sweep"), m_sizes);
    m_duration = new QDoubleSpinBox(left);
    m_duration->setRange(0.2, 3600);
    m_duration->setValue(2);
    m_duration->setSuffix(tr(" s per size"));
    form->addRow(tr("&Duration"), m_duration);
    m_completion = new QComboBox(left);
    m_completion->addItem(tr("busy-poll"), static_cast<int>(perf::Completion::Poll));
    m_completion->addItem(tr("events (sleep)"), static_cast<int>(perf::Completion::Event));
    form->addRow(tr("Complet&ions"), m_completion);
    m_depth = new QSpinBox(left);
    m_depth->setRange(1, 128);
    form->addRow(tr("D&epth (blast)"), m_depth);
    m_postList = new QSpinBox(left);
    m_postList->setRange(1, 128);
    form->addRow(tr("WRs per post"), m_postList);
    m_signalEvery = new QSpinBox(left);
    m_signalEvery->setRange(1, 128);
    form->addRow(tr("Signal every"), m_signalEvery);
    m_inline = new QCheckBox(tr("send small messages inline"), left);
    form->addRow(QString(), m_inline);
    m_gidIndex = new QSpinBox(left);
    m_gidIndex->setRange(-1, 1023);
    m_gidIndex->setSpecialValueText(tr("from the address (rdma_cm)"));
    m_gidIndex->setValue(-1); // a QSpinBox starts at 0, which is a real (and usually wrong: link-local) GID index
    form->addRow(tr("&GID index"), m_gidIndex);
    m_tos = new QSpinBox(left);
    m_tos->setRange(-1, 255);
    m_tos->setSpecialValueText(tr("device default"));
    m_tos->setValue(-1);
    form->addRow(tr("T&oS"), m_tos);
    m_label = new QLineEdit(left);
    m_label->setPlaceholderText(tr("e.g. before PFC"));
    form->addRow(tr("&Label"), m_label);
    auto* buttons = new QHBoxLayout;
    m_start = new QPushButton(tr("S&tart"), left);
    m_stop = new QPushButton(tr("S&top"), left);
    m_stop->setEnabled(false);
    buttons->addWidget(m_start);
    buttons->addWidget(m_stop);
    form->addRow(buttons);
    m_livePair = new QComboBox(left);
    m_livePair->setAccessibleName(tr("Pair shown in the live charts"));
    m_livePair->setToolTip(tr("One-to-many and all-to-all run several pairs at once: pick the one the live "
                              "charts follow"));
    m_livePair->addItem(tr("the running pair (first of each round)"), -1);
    form->addRow(tr("Live charts of"), m_livePair);
    connect(
        m_livePair, &QComboBox::activated, this, [this](int row) { setLivePair(m_livePair->itemData(row).toInt()); });
    m_status = new QLabel(tr("Ready."), left);
    m_status->setWordWrap(true);
    form->addRow(m_status);
    m_runs = new QListWidget(left);
    m_runs->setToolTip(tr("Runs of this session; check several to compare them in a report"));
    form->addRow(tr("Runs"), m_runs);
    auto* files = new QHBoxLayout;
    m_openRun = new QPushButton(tr("Open r&un…"), left);
    m_overlay = new QPushButton(tr("Compare &with…"), left);
    m_overlay->setToolTip(tr("Draw another saved run over the charts (dashed), e.g. before/after a change"));
    m_export = new QPushButton(tr("E&xport report…"), left);
    m_exportChart = new QPushButton(tr("Export chart…"), left);
    files->addWidget(m_openRun);
    files->addWidget(m_overlay);
    files->addWidget(m_export);
    files->addWidget(m_exportChart);
    form->addRow(files);
    split->addWidget(left);

    // Right: live charts and the heatmap.
    auto* tabs = new QTabWidget(split);
    m_tabs = tabs;
    m_dashboard = new DashboardCharts(tabs);
    tabs->addTab(m_dashboard, tr("Live charts"));
    auto* heat = new QWidget(tabs);
    auto* heatLayout = new QVBoxLayout(heat);
    m_metric = new QComboBox(heat);
    m_metric->setAccessibleName(tr("Heatmap metric"));
    m_metric->addItem(tr("p50 one-way latency (µs)"), static_cast<int>(HeatMetric::P50));
    m_metric->addItem(tr("p99 one-way latency (µs)"), static_cast<int>(HeatMetric::P99));
    m_metric->addItem(tr("throughput (Gb/s)"), static_cast<int>(HeatMetric::Throughput));
    m_metric->addItem(tr("error counter events (loss, timeouts, storms)"), static_cast<int>(HeatMetric::Errors));
    heatLayout->addWidget(m_metric);
    auto* heatRow = new QHBoxLayout;
    m_heatmap = new QCustomPlot(heat);
    m_heatmap->setAccessibleName(tr("Host by host heatmap; click a cell to open that pair's run"));
    m_heatmap->setToolTip(tr("Click a cell to open that pair's run in the live charts"));
    m_colorMap = new QCPColorMap(m_heatmap->xAxis, m_heatmap->yAxis);
    // Cells are axis-aligned rectangles: antialiasing only blurs their edges and makes the scaled image
    // several times dearer to draw.
    m_heatmap->setNotAntialiasedElements(QCP::aeAll);
    auto* scale = new QCPColorScale(m_heatmap);
    m_heatmap->plotLayout()->addElement(0, 1, scale);
    m_colorMap->setColorScale(scale);
    m_colorMap->setGradient(QCPColorGradient::gpThermal);
    m_colorMap->setInterpolate(false);
    m_heatmap->xAxis->setLabel(tr("client"));
    m_heatmap->yAxis->setLabel(tr("server"));
    heatRow->addWidget(m_heatmap, 3);
    auto* worstBox = new QVBoxLayout;
    auto* worstLabel = new QLabel(tr("Worst pairs"), heat);
    worstBox->addWidget(worstLabel);
    m_worst = new QTableWidget(0, 2, heat);
    m_worst->setAccessibleName(tr("The ten worst pairs of the metric; activate a row to open that pair's run"));
    worstLabel->setBuddy(m_worst);
    m_worst->setHorizontalHeaderLabels({ tr("Pair (client → server)"), tr("Value") });
    m_worst->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_worst->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_worst->setSelectionMode(QAbstractItemView::SingleSelection);
    m_worst->verticalHeader()->setVisible(false);
    m_worst->horizontalHeader()->setStretchLastSection(true);
    worstBox->addWidget(m_worst, 1);
    heatRow->addLayout(worstBox, 1);
    heatLayout->addLayout(heatRow, 1);
    tabs->addTab(heat, tr("Host × host"));
    connect(m_heatmap, &QCustomPlot::mousePress, this, [this](QMouseEvent* e) {
        const double x = m_heatmap->xAxis->pixelToCoord(e->position().x());
        const double y = m_heatmap->yAxis->pixelToCoord(e->position().y());
        const int client = static_cast<int>(std::lround(x)), server = static_cast<int>(std::lround(y));
        const int n = static_cast<int>(m_cells.size());
        if (client < 0 || server < 0 || client >= n || server >= n || client == server)
            return;
        QString error;
        if (!drillDown(server, client, &error))
            m_status->setText(error);
    });
    auto openRow = [this](int row) {
        auto* item = m_worst->item(row, 0);
        if (!item)
            return;
        QString error;
        if (!drillDown(item->data(Qt::UserRole).toInt(), item->data(Qt::UserRole + 1).toInt(), &error))
            m_status->setText(error);
    };
    connect(m_worst, &QTableWidget::cellActivated, this, openRow);
    connect(m_worst, &QTableWidget::cellClicked, this, openRow);
    split->addWidget(tabs);
    split->setStretchFactor(1, 3);

    connect(m_scope, &QComboBox::currentIndexChanged, this, [this] {
        const auto scope = static_cast<Scope>(m_scope->currentData().toInt());
        m_client->setEnabled(scope == Scope::Pair);
        m_server->setEnabled(scope != Scope::AllToAll);
    });
    connect(m_metric, &QComboBox::currentIndexChanged, this, &Dashboard::updateHeatmap);
    connect(m_start, &QPushButton::clicked, this, &Dashboard::start);
    connect(m_stop, &QPushButton::clicked, this, &Dashboard::stop);
    connect(m_openRun, &QPushButton::clicked, this, &Dashboard::chooseAndOpenRun);
    connect(m_overlay, &QPushButton::clicked, this, [this] {
        const QString path = QFileDialog::getOpenFileName(
            this, tr("Compare with a saved run"), m_runsDir, tr("RoCE Pilot runs (*.rprun);;All files (*)"));
        QString error;
        if (!path.isEmpty() && !overlayRun(path, &error))
            QMessageBox::warning(this, tr("Compare"), error);
    });
    connect(m_export, &QPushButton::clicked, this, &Dashboard::chooseAndExport);
    connect(m_exportChart, &QPushButton::clicked, this, &Dashboard::chooseAndExportChart);
    connect(&m_watcher, &QFutureWatcher<void>::finished, this, &Dashboard::onFinished);
    connect(m_runs, &QListWidget::itemDoubleClicked, this, [this](QListWidgetItem* item) {
        QString error;
        if (!openRun(item->data(Qt::UserRole).toString(), &error))
            m_status->setText(error);
    });
    refreshSources();
}

Dashboard::~Dashboard()
{
    cancelAndWait();
}

void Dashboard::refreshSources()
{
    m_inventory = m_sources.inventory ? m_sources.inventory() : rp::Inventory {};
    m_discovery = m_sources.discovery ? m_sources.discovery() : std::vector<rp::HostOutcome> {};
    const QString server = m_server->currentText(), client = m_client->currentText();
    m_server->clear();
    m_client->clear();
    for (const auto& h : m_inventory.hosts) {
        m_server->addItem(toQ(h.name));
        m_client->addItem(toQ(h.name));
    }
    if (m_server->findText(server) >= 0)
        m_server->setCurrentText(server);
    if (m_client->findText(client) >= 0)
        m_client->setCurrentText(client);
    else if (m_client->count() > 1)
        m_client->setCurrentIndex(1);
    // Prefill: the GID index discovery recommends when every host agrees; the profile's ToS.
    std::optional<int> gid;
    bool agree = true;
    for (const auto& o : m_discovery) {
        if (!o.facts || o.facts->recommendations.empty())
            continue;
        const int g = o.facts->recommendations.front().gidIndex;
        agree = agree && (!gid || *gid == g);
        gid = g;
    }
    if (gid && agree && m_gidIndex->value() < 0)
        m_gidIndex->setValue(*gid);
    if (m_sources.profile) {
        if (auto p = m_sources.profile(); p && m_tos->value() < 0)
            m_tos->setValue(p->rdmaCmTos);
    }
}

void Dashboard::setScope(Scope scope)
{
    m_scope->setCurrentIndex(m_scope->findData(static_cast<int>(scope)));
}

void Dashboard::setPair(const QString& server, const QString& client)
{
    m_server->setCurrentText(server);
    m_client->setCurrentText(client);
}

void Dashboard::setTransport(perf::Transport transport)
{
    m_transport->setCurrentIndex(m_transport->findData(static_cast<int>(transport)));
}

void Dashboard::setDuration(double seconds)
{
    m_duration->setValue(seconds);
}

void Dashboard::setRunsDirectory(const QString& dir)
{
    m_runsDir = dir;
}

Result<perf::TestOptions> Dashboard::options() const
{
    perf::TestOptions o;
    o.transport = static_cast<perf::Transport>(m_transport->currentData().toInt());
    o.mode = static_cast<perf::Mode>(m_mode->currentData().toInt());
    o.op = static_cast<perf::Op>(m_op->currentData().toInt());
    const QString sizes = m_sizes->text().trimmed();
    if (sizes.contains(QLatin1Char(':'))) {
        auto from = parseSize(sizes.section(QLatin1Char(':'), 0, 0));
        auto to = parseSize(sizes.section(QLatin1Char(':'), 1, 1));
        if (!from || !to)
            return fail(ErrorKind::Usage, toStd(tr("a sweep is FROM:TO, e.g. 1:64K")));
        auto list = perf::sweepSizes(*from, *to);
        if (!list)
            return std::unexpected(list.error());
        o.sizes = *list;
    } else {
        auto size = parseSize(sizes);
        if (!size)
            return fail(ErrorKind::Usage, toStd(tr("the size is a number of bytes (64, 4K, 1M)")));
        o.sizes = { *size };
    }
    o.durationS = m_duration->value();
    o.completion = static_cast<perf::Completion>(m_completion->currentData().toInt());
    o.depth = m_depth->value();
    o.postList = m_postList->value();
    o.signalEvery = m_signalEvery->value();
    o.inlineData = m_inline->isChecked();
    if (m_gidIndex->value() >= 0 && o.transport != perf::Transport::Tcp)
        o.gidIndex = m_gidIndex->value();
    if (m_tos->value() >= 0 && o.transport == perf::Transport::Rdma)
        o.tos = m_tos->value();
    o.port = 0; // any free port: several pairs run at once
    if (o.transport == perf::Transport::Tcp)
        o.op = perf::Op::Send;
    if (auto ok = perf::validate(o); !ok)
        return std::unexpected(ok.error());
    return o;
}

bool Dashboard::isRunning() const
{
    return m_watcher.isRunning();
}

QString Dashboard::statusText() const
{
    return m_status->text();
}

namespace {

double metricOf(const Dashboard::HeatCell& c, Dashboard::HeatMetric m)
{
    switch (m) {
    case Dashboard::HeatMetric::P50:
        return c.p50Us;
    case Dashboard::HeatMetric::P99:
        return c.p99Us;
    case Dashboard::HeatMetric::Throughput:
        return c.gbps;
    case Dashboard::HeatMetric::Errors:
        return c.errors;
    }
    return std::nan("");
}

} // namespace

double Dashboard::heatmapValue(int row, int column) const
{
    if (row < 0 || column < 0 || static_cast<std::size_t>(row) >= m_cells.size()
        || static_cast<std::size_t>(column) >= m_cells[static_cast<std::size_t>(row)].size())
        return std::nan("");
    return metricOf(m_cells[static_cast<std::size_t>(row)][static_cast<std::size_t>(column)],
        static_cast<HeatMetric>(m_metric->currentData().toInt()));
}

void Dashboard::setHeatMetric(HeatMetric metric)
{
    m_metric->setCurrentIndex(m_metric->findData(static_cast<int>(metric)));
}

void Dashboard::setHeatCells(const QStringList& hosts, const std::vector<std::vector<HeatCell>>& cells)
{
    m_cellHosts.assign(hosts.begin(), hosts.end());
    m_cells = cells;
    updateHeatmap();
}

double Dashboard::redrawHeatmap()
{
    QElapsedTimer t;
    t.start();
    updateHeatmap();
    m_heatmap->replot(QCustomPlot::rpImmediateRefresh);
    return static_cast<double>(t.nsecsElapsed()) / 1e6;
}

bool Dashboard::drillDown(int server, int client, QString* error)
{
    if (server < 0 || client < 0 || static_cast<std::size_t>(server) >= m_cells.size()
        || static_cast<std::size_t>(client) >= m_cells.size())
        return false;
    const auto& cell = m_cells[static_cast<std::size_t>(server)][static_cast<std::size_t>(client)];
    const QString pair = m_cellHosts[static_cast<std::size_t>(client)] + QStringLiteral(" → ")
        + m_cellHosts[static_cast<std::size_t>(server)];
    if (isRunning()) {
        if (error)
            *error = tr("%1: its run opens here once the test has finished").arg(pair);
        return false;
    }
    if (cell.runFile.isEmpty()) {
        if (error)
            *error = tr("%1 has no saved run").arg(pair);
        return false;
    }
    if (!openRun(cell.runFile, error))
        return false;
    m_tabs->setCurrentWidget(m_dashboard);
    return true;
}

int Dashboard::livePair() const
{
    return m_livePair->currentData().toInt();
}

void Dashboard::setLivePair(int index)
{
    const int row = m_livePair->findData(index);
    if (row < 0)
        return;
    m_livePair->setCurrentIndex(row);
    auto job = m_job;
    if (!job || !isRunning())
        return;
    // Subscribe first, then read what the file holds: a sample may come twice, none is missed.
    job->livePair.store(index);
    m_dashboard->clear();
    QString file;
    {
        std::lock_guard lock(job->mutex);
        const int pair = index >= 0 ? index : job->roundFirstPair.load();
        if (auto it = job->pairFiles.find(pair); it != job->pairFiles.end())
            file = it->second;
    }
    if (!file.isEmpty()) {
        if (auto r = run::readRunFile(toStd(file))) {
            m_dashboard->showRun(*r);
            m_dashboard->setFollow(true);
        }
    }
}

void Dashboard::setBusy(bool busy)
{
    m_start->setEnabled(!busy);
    m_stop->setEnabled(busy);
    m_scope->setEnabled(!busy);
    m_openRun->setEnabled(!busy);
    m_overlay->setEnabled(!busy);
}

void Dashboard::start()
{
    if (isRunning())
        return;
    refreshSources();
    auto opts = options();
    if (!opts) {
        m_status->setText(tr("Cannot start: %1").arg(toQ(opts.error().message)));
        return;
    }
    auto job = std::make_shared<Job>();
    job->options = *opts;
    job->runsDir = m_runsDir;
    job->label = m_label->text();
    job->probePath = toStd(probeBinaryPath());
    // The alarm rules and the PFC view need the lossless priority; without a profile it is not known.
    counters::AlarmContext alarmContext;
    if (m_sources.profile) {
        if (auto p = m_sources.profile()) {
            job->profileYaml = rp::profileToYaml(*p);
            alarmContext = counters::alarmContextFor(*p);
        }
    }
    m_dashboard->setAlarmContext(alarmContext);
    const auto scope = static_cast<Scope>(m_scope->currentData().toInt());
    std::vector<int> picked;
    if (scope == Scope::Pair) {
        if (m_server->currentIndex() < 0 || m_client->currentIndex() < 0) {
            m_status->setText(tr("Cannot start: the project has no hosts."));
            return;
        }
        picked = { m_server->currentIndex(), m_client->currentIndex() };
        if (picked[0] == picked[1] && !m_inventory.hosts[static_cast<std::size_t>(picked[0])].local) {
            m_status->setText(tr("Cannot start: pick two different hosts (a host can only be in one test at once)."));
            return;
        }
    } else {
        for (int i = 0; i < static_cast<int>(m_inventory.hosts.size()); ++i)
            picked.push_back(i);
        if (picked.size() < 2) {
            m_status->setText(tr("Cannot start: one-to-many and all-to-all need two or more hosts."));
            return;
        }
    }
    for (int i : picked) {
        const auto& spec = m_inventory.hosts[static_cast<std::size_t>(i)];
        job->hosts.push_back(spec);
        std::optional<rp::HostFacts> facts;
        for (const auto& o : m_discovery) {
            if (o.spec.name == spec.name && o.facts)
                facts = *o.facts;
        }
        job->facts.push_back(facts);
    }
    if (scope == Scope::Pair)
        job->rounds = { { { 0, 1 } } };
    else if (scope == Scope::OneToMany)
        job->rounds = run::oneToManyRounds(m_server->currentIndex(), static_cast<int>(picked.size()));
    else
        job->rounds = run::allToAllRounds(static_cast<int>(picked.size()));
    while (m_livePair->count() > 1)
        m_livePair->removeItem(1);
    {
        int index = 0;
        for (const auto& round : job->rounds) {
            for (const auto& [si, ci] : round)
                m_livePair->addItem(toQ(job->hosts[static_cast<std::size_t>(ci)].name + " → "
                                        + job->hosts[static_cast<std::size_t>(si)].name),
                    index++);
        }
    }
    m_livePair->setCurrentIndex(0);
    m_livePair->setEnabled(m_livePair->count() > 2);
    job->livePair.store(-1);
    job->discoveryJson = m_discovery.empty() ? std::string() : rp::discoveryToJson(m_discovery, {});
    job->context = m_sources.prompter ? m_sources.prompter->context(&job->cancel) : rp::ConnectContext {};
    job->context.cancel = &job->cancel;
    if (job->context.knownHostsFile.empty())
        job->context.knownHostsFile
            = m_inventory.knownHostsFile.empty() ? rp::defaultKnownHostsPath() : m_inventory.knownHostsFile;
    if (!QDir().mkpath(m_runsDir)) {
        m_status->setText(tr("Cannot create the runs folder %1").arg(m_runsDir));
        return;
    }

    // Heatmap cells for this start.
    m_cellHosts.clear();
    for (const auto& h : job->hosts)
        m_cellHosts.push_back(toQ(h.name));
    m_cells.assign(job->hosts.size(), std::vector<HeatCell>(job->hosts.size()));
    updateHeatmap();
    m_dashboard->clear();
    m_job = job;
    setBusy(true);
    m_status->setText(tr("Starting…"));
    emit runStarted();

    QPointer<Dashboard> self(this);
    auto toGui = [self](auto f) {
        QMetaObject::invokeMethod(
            qApp,
            [self, f = std::move(f)] {
                if (self)
                    f(self.data());
            },
            Qt::QueuedConnection);
    };
    m_watcher.setFuture(QtConcurrent::run([job, toGui] {
        int pairNo = 0;
        int pairs = 0;
        for (const auto& r : job->rounds)
            pairs += static_cast<int>(r.size());
        for (const auto& round : job->rounds) {
            if (job->cancel.load())
                break;
            std::vector<std::thread> threads;
            // Following the running round: each round's pairs start their time axis at 0 again.
            if (job->livePair.load() < 0 && pairNo > 0)
                toGui([](Dashboard* p) { p->m_dashboard->clear(); });
            job->roundFirstPair.store(pairNo);
            for (std::size_t k = 0; k < round.size(); ++k) {
                const auto [si, ci] = round[k];
                const bool first = k == 0;
                const int index = pairNo++;
                threads.emplace_back([job, toGui, si = si, ci = ci, first, index, pairNo, pairs] {
                    // the chosen pair, or (by default) the round's first pair, feeds the live charts
                    auto live = [job, first, index] {
                        const int chosen = job->livePair.load();
                        return chosen == index || (chosen < 0 && first);
                    };
                    run::PairTest t;
                    t.server = job->hosts[static_cast<std::size_t>(si)];
                    t.client = job->hosts[static_cast<std::size_t>(ci)];
                    t.serverFacts = job->facts[static_cast<std::size_t>(si)];
                    t.clientFacts = job->facts[static_cast<std::size_t>(ci)];
                    t.test = job->options;
                    t.probePath = job->probePath;
                    t.label = job->label.isEmpty() ? t.client.name + " -> " + t.server.name
                                                   : toStd(job->label) + " " + t.client.name + " -> " + t.server.name;
                    t.profileYaml = job->profileYaml;
                    t.discoveryJson = job->discoveryJson;
                    const QString file = job->runsDir + QLatin1Char('/')
                        + QDateTime::currentDateTimeUtc().toString(QStringLiteral("yyyyMMdd-HHmmss")) + QLatin1Char('-')
                        + safeName(t.client.name) + QStringLiteral("-to-") + safeName(t.server.name)
                        + QStringLiteral(".rprun");
                    t.savePath = toStd(file);
                    {
                        std::lock_guard lock(job->mutex);
                        job->pairFiles[index] = file;
                    }
                    run::RunnerHooks hooks;
                    hooks.cancel = &job->cancel;
                    hooks.onSample = [toGui, live](const run::RunSample& s) {
                        if (live())
                            toGui([s](Dashboard* p) { p->m_dashboard->addSample(s); });
                    };
                    // Every pair counts its error events (the heatmap's error metric); the live one also charts.
                    auto errorEvents = std::make_shared<std::atomic<long long>>(0);
                    hooks.onCounters = [toGui, live, errorEvents](const run::CounterSample& c) {
                        double events = 0;
                        for (const auto& [name, rate] : c.rates) {
                            if (rate > 0 && counters::describeCounter(name).alarm)
                                events += rate * c.intervalS;
                        }
                        errorEvents->fetch_add(std::llround(events));
                        if (live())
                            toGui([c](Dashboard* p) { p->m_dashboard->addCounters(c); });
                    };
                    const QString who = toQ(t.client.name + " → " + t.server.name);
                    hooks.onStatus = [toGui, who, pairNo, pairs](const std::string& s) {
                        const QString text = QStringLiteral("%1/%2 %3: %4").arg(pairNo).arg(pairs).arg(who, toQ(s));
                        toGui([text](Dashboard* p) { p->m_status->setText(text); });
                    };
                    auto outcome = run::runPairTest(t, job->context, hooks);
                    {
                        std::lock_guard lock(job->mutex);
                        if (QFileInfo::exists(file))
                            job->files << file;
                        if (!outcome)
                            job->errors << who + QStringLiteral(": ") + toQ(outcome.error().describe());
                        else if (outcome->countersError)
                            job->errors << who + QStringLiteral(": ")
                                    + Dashboard::tr("counters: %1").arg(toQ(outcome->countersError->describe()));
                    }
                    if (outcome && !outcome->sizes.empty()) {
                        const auto& c = outcome->sizes.front().client;
                        HeatCell cell;
                        if (c.latency && c.latency->hasPercentiles) {
                            cell.p50Us = c.latency->p50Us;
                            cell.p99Us = c.latency->p99Us;
                        }
                        cell.gbps = c.gbps;
                        cell.errors = static_cast<double>(errorEvents->load());
                        cell.runFile = QFileInfo::exists(file) ? file : QString();
                        toGui([si, ci, cell](Dashboard* p) {
                            p->m_cells[static_cast<std::size_t>(si)][static_cast<std::size_t>(ci)] = cell;
                            p->m_cells[static_cast<std::size_t>(ci)][static_cast<std::size_t>(si)] = cell;
                            p->updateHeatmap();
                        });
                    }
                });
            }
            for (auto& th : threads)
                th.join();
        }
    }));
}

void Dashboard::stop()
{
    if (m_job) {
        m_job->cancel.store(true);
        m_status->setText(tr("Stopping…"));
    }
}

void Dashboard::cancelAndWait()
{
    if (!m_watcher.isRunning())
        return;
    stop();
    waitProcessingEvents([this] { return !m_watcher.isRunning(); });
}

void Dashboard::onFinished()
{
    auto job = m_job;
    setBusy(false);
    if (!job)
        return;
    QStringList files, errors;
    {
        std::lock_guard lock(job->mutex);
        files = job->files;
        errors = job->errors;
    }
    for (const QString& f : std::as_const(files)) {
        m_runFiles << f;
        auto* item = new QListWidgetItem(QFileInfo(f).fileName(), m_runs);
        item->setData(Qt::UserRole, f);
        item->setFlags(item->flags() | Qt::ItemIsUserCheckable);
        item->setCheckState(Qt::Unchecked);
        item->setToolTip(f);
    }
    const bool ok = errors.isEmpty() && !job->cancel.load();
    if (job->cancel.load())
        m_status->setText(
            tr("Stopped. What was measured is saved (%n run file(s)).", nullptr, static_cast<int>(files.size())));
    else if (!errors.isEmpty())
        m_status->setText(errors.join(QLatin1Char('\n')));
    else
        m_status->setText(tr("Done: %n run(s) saved in %1.", nullptr, static_cast<int>(files.size())).arg(m_runsDir));
    m_dashboard->refresh();
    emit runFinished(ok);
}

void Dashboard::updateHeatmap()
{
    const int n = static_cast<int>(m_cells.size());
    const auto metric = static_cast<HeatMetric>(m_metric->currentData().toInt());
    m_colorMap->data()->setSize(std::max(n, 1), std::max(n, 1));
    m_colorMap->data()->setRange(QCPRange(0, std::max(n - 1, 0)), QCPRange(0, std::max(n - 1, 0)));
    struct Pair
    {
        int server, client;
        double value;
    };
    std::vector<Pair> pairs;
    for (int s = 0; s < n; ++s) {
        for (int c = 0; c < n; ++c) {
            const double v = metricOf(m_cells[static_cast<std::size_t>(s)][static_cast<std::size_t>(c)], metric);
            m_colorMap->data()->setCell(c, s, v);
            if (s < c && std::isfinite(v))
                pairs.push_back({ s, c, v });
        }
    }
    // Tickers, fonts and the gradient only when hosts or metric change: each resets QCustomPlot's cache of
    // rendered tick labels, and 2 x 64 labels drawn afresh cost more than the whole map.
    const bool lowIsBad = metric == HeatMetric::Throughput;
    const QString unit = metric == HeatMetric::P50 || metric == HeatMetric::P99 ? tr("µs")
        : metric == HeatMetric::Throughput                                      ? tr("Gb/s")
                                                                                : tr("events");
    if (m_heatHosts != m_cellHosts) {
        m_heatHosts = m_cellHosts;
        QSharedPointer<QCPAxisTickerText> ticker(new QCPAxisTickerText);
        for (int i = 0; i < n; ++i)
            ticker->addTick(i, m_cellHosts[static_cast<std::size_t>(i)]);
        QFont tickFont = font();
        if (n > 16) // 64 names on one axis: small, and upright on the x axis, or they overlap
            tickFont.setPointSizeF(std::max(5.0, tickFont.pointSizeF() * 0.7));
        for (QCPAxis* axis : { m_heatmap->xAxis, m_heatmap->yAxis }) {
            axis->setTicker(ticker);
            axis->setTickLabelFont(tickFont);
            axis->setSubTicks(false);
        }
        m_heatmap->xAxis->setTickLabelRotation(n > 8 ? 90 : 0);
    }
    if (m_heatMetricShown != static_cast<int>(metric)) {
        m_heatMetricShown = static_cast<int>(metric);
        m_colorMap->colorScale()->axis()->setLabel(m_metric->currentText());
        // Throughput: low is bad, so the scale runs the other way round and "worst" means lowest.
        QCPColorGradient gradient(QCPColorGradient::gpThermal);
        // The diagonal and pairs not run yet in the background colour: opaque, so the image stays cheap to draw.
        gradient.setNanHandling(QCPColorGradient::nhNanColor);
        gradient.setNanColor(palette().color(QPalette::Base));
        m_colorMap->setGradient(lowIsBad ? gradient.inverted() : gradient);
    }
    // QCustomPlot's own bounds go wrong when the first cell is NaN (the diagonal always is): from the pairs.
    double lo = 0, hi = 0;
    for (std::size_t i = 0; i < pairs.size(); ++i) {
        lo = i == 0 ? pairs[i].value : std::min(lo, pairs[i].value);
        hi = i == 0 ? pairs[i].value : std::max(hi, pairs[i].value);
    }
    m_colorMap->setDataRange(hi > lo ? QCPRange(lo, hi) : QCPRange(lo - 0.5, lo + 0.5));
    m_heatmap->xAxis->setRange(-0.5, n - 0.5);
    m_heatmap->yAxis->setRange(-0.5, n - 0.5);
    m_heatmap->replot(QCustomPlot::rpQueuedReplot);

    const auto worstCount = std::min<std::size_t>(pairs.size(), 10);
    std::partial_sort(pairs.begin(), pairs.begin() + static_cast<std::ptrdiff_t>(worstCount), pairs.end(),
        [&](const Pair& a, const Pair& b) { return lowIsBad ? a.value < b.value : a.value > b.value; });
    pairs.resize(worstCount);
    m_worst->setRowCount(static_cast<int>(pairs.size()));
    for (int r = 0; r < static_cast<int>(pairs.size()); ++r) {
        const auto& p = pairs[static_cast<std::size_t>(r)];
        auto* name = new QTableWidgetItem(m_cellHosts[static_cast<std::size_t>(p.client)] + QStringLiteral(" → ")
            + m_cellHosts[static_cast<std::size_t>(p.server)]);
        name->setData(Qt::UserRole, p.server);
        name->setData(Qt::UserRole + 1, p.client);
        name->setToolTip(tr("Open this pair's run in the live charts"));
        const int decimals = metric == HeatMetric::Errors ? 0 : 2;
        auto* value = new QTableWidgetItem(QStringLiteral("%1 %2").arg(p.value, 0, 'f', decimals).arg(unit));
        value->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
        m_worst->setItem(r, 0, name);
        m_worst->setItem(r, 1, value);
    }
    m_worst->resizeColumnToContents(0);
}

bool Dashboard::openRun(const QString& path, QString* error)
{
    auto r = run::readRunFile(toStd(path));
    if (!r) {
        if (error)
            *error = toQ(r.error().describe());
        return false;
    }
    m_dashboard->showRun(*r);
    const auto summary = run::summarize(*r);
    QString text = toQ(summary.headline);
    for (const auto& w : r->warnings)
        text += QLatin1Char('\n') + tr("Warning: %1").arg(toQ(w));
    m_status->setText(text);
    if (!m_runFiles.contains(path)) {
        m_runFiles << path;
        auto* item = new QListWidgetItem(QFileInfo(path).fileName(), m_runs);
        item->setData(Qt::UserRole, path);
        item->setFlags(item->flags() | Qt::ItemIsUserCheckable);
        item->setCheckState(Qt::Unchecked);
    }
    return true;
}

bool Dashboard::overlayRun(const QString& path, QString* error)
{
    auto r = run::readRunFile(toStd(path));
    if (!r) {
        if (error)
            *error = toQ(r.error().describe());
        return false;
    }
    const QString name = r->header.label.empty() ? QFileInfo(path).completeBaseName() : toQ(r->header.label);
    m_dashboard->overlayRun(*r, name);
    m_status->setText(tr("Compared with %1: %2").arg(name, toQ(run::summarize(*r).headline)));
    return true;
}

bool Dashboard::exportReport(const QStringList& runs, const QString& path, QString* error)
{
    std::vector<std::unique_ptr<run::Run>> loaded;
    std::vector<run::NamedRun> named;
    for (const QString& f : runs) {
        auto r = run::readRunFile(toStd(f));
        if (!r) {
            if (error)
                *error = toQ(r.error().describe());
            return false;
        }
        loaded.push_back(std::make_unique<run::Run>(std::move(*r)));
        const auto& label = loaded.back()->header.label;
        named.push_back({ label.empty() ? toStd(QFileInfo(f).fileName()) : label, loaded.back().get() });
    }
    const QString suffix = QFileInfo(path).suffix().toLower();
    Result<void> ok;
    if (suffix == QStringLiteral("pdf")) {
        PdfReportInput input;
        input.runs = named;
        ok = writePdfReport(input, toStd(path));
    } else if (suffix == QStringLiteral("csv")) {
        ok = writeFileAtomically(toStd(path), run::summaryCsv(named));
    } else if (suffix == QStringLiteral("json")) {
        ok = writeFileAtomically(toStd(path), run::reportJson(named));
    } else {
        if (error)
            *error = tr("choose a .pdf, .csv or .json file name");
        return false;
    }
    if (!ok && error)
        *error = toQ(ok.error().describe());
    return ok.has_value();
}

void Dashboard::chooseAndOpenRun()
{
    const QString path = QFileDialog::getOpenFileName(
        this, tr("Open a saved run"), m_runsDir, tr("RoCE Pilot runs (*.rprun);;All files (*)"));
    if (path.isEmpty())
        return;
    QString error;
    if (!openRun(path, &error))
        QMessageBox::warning(this, tr("Open run"), error);
}

void Dashboard::chooseAndExport()
{
    QStringList runs;
    for (int i = 0; i < m_runs->count(); ++i) {
        if (m_runs->item(i)->checkState() == Qt::Checked)
            runs << m_runs->item(i)->data(Qt::UserRole).toString();
    }
    if (runs.isEmpty() && !m_runFiles.isEmpty())
        runs << m_runFiles.back();
    if (runs.isEmpty()) {
        QMessageBox::information(this, tr("Export report"), tr("Run a test or open a saved run first."));
        return;
    }
    const QString path = QFileDialog::getSaveFileName(this, tr("Export report"),
        m_runsDir + QStringLiteral("/report.pdf"), tr("PDF report (*.pdf);;Summary CSV (*.csv);;JSON (*.json)"));
    if (path.isEmpty())
        return;
    QString error;
    if (!exportReport(runs, path, &error))
        QMessageBox::warning(this, tr("Export report"), error);
    else
        m_status->setText(tr("Report written to %1").arg(path));
}

void Dashboard::chooseAndExportChart()
{
    const QString path
        = QFileDialog::getSaveFileName(this, tr("Export the throughput, latency, CPU and counter charts"),
            m_runsDir + QStringLiteral("/chart.pdf"), tr("PDF, vector (*.pdf);;SVG, vector (*.svg);;PNG (*.png)"));
    if (path.isEmpty())
        return;
    const QFileInfo info(path);
    const QString names[] = { QStringLiteral("throughput"), QStringLiteral("latency"), QStringLiteral("cpu"),
        QStringLiteral("counters") };
    for (int c = 0; c < DashboardCharts::ChartCount; ++c) {
        const QString file = info.path() + QLatin1Char('/') + info.completeBaseName() + QLatin1Char('-') + names[c]
            + QLatin1Char('.') + info.suffix();
        QString error;
        if (!m_dashboard->exportChart(static_cast<DashboardCharts::Chart>(c), file, &error)) {
            QMessageBox::warning(this, tr("Export chart"), error);
            return;
        }
    }
    m_status->setText(tr("Charts written next to %1").arg(path));
}

} // namespace rp::ui

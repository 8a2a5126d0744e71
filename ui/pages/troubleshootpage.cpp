// SPDX-License-Identifier: GPL-3.0-or-later
#include "pages/troubleshootpage.h"

#include "diagnose/live.h"
#include "itemmodels/inventorymodel.h"
#include "parse/fragments.h"
#include "support/probebinary.h"
#include "support/qtstrings.h"
#include "util/files.h"
#include "util/textdecode.h"
#include "widgets/findingdetail.h"
#include "widgets/findingstree.h"
#include "widgets/pastebox.h"
#include "workers/connectprompter.h"

#include <QApplication>
#include <QCheckBox>
#include <QClipboard>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QSplitter>
#include <QStandardItemModel>
#include <QTabWidget>
#include <QTableWidget>
#include <QVBoxLayout>
#include <QtConcurrent>

#include <map>
#include <set>

namespace rp::ui {

namespace {

int severityRank(rp::diag::Severity s)
{
    return s == rp::diag::Severity::Error ? 2 : s == rp::diag::Severity::Warning ? 1 : 0;
}

/// The fabric view's picture: hosts, the pairs that share a subnet, switch ports that findings name.
void drawFabric(const rp::diag::FabricSnapshot& snap, const rp::diag::Report& report, QVector<FabricView::Node>& nodes,
    QVector<FabricView::Link>& links)
{
    std::map<std::string, int> index;
    for (const auto& h : snap.hosts) {
        index[h.name] = static_cast<int>(nodes.size());
        nodes.append({ toQ(h.name), 0, false });
    }
    for (const auto& f : report.findings)
        for (const auto& sp : f.switchPorts)
            if (!index.count(sp)) {
                index[sp] = static_cast<int>(nodes.size());
                nodes.append({ toQ(sp), 0, true });
            }
    // Cables LLDP saw: host -- switch port, marked by the link findings that name both ends.
    for (const auto& l : rp::diag::hostSwitchLinks(snap)) {
        const std::string sp = l.switchName + ":" + l.switchPort;
        if (!index.count(l.host))
            continue;
        if (!index.count(sp)) {
            index[sp] = static_cast<int>(nodes.size());
            nodes.append({ toQ(sp), 0, true });
        }
        FabricView::Link link;
        link.a = index[l.host];
        link.b = index[sp];
        link.subnet = toQ(l.netdev);
        QStringList rules;
        for (const auto& f : report.findings)
            if (f.severity != rp::diag::Severity::Info && !f.hosts.empty() && f.hosts.front() == l.host
                && std::find(f.switchPorts.begin(), f.switchPorts.end(), sp) != f.switchPorts.end()) {
                link.severity = std::max(link.severity, severityRank(f.severity));
                if (!rules.contains(toQ(f.ruleId)))
                    rules << toQ(f.ruleId);
            }
        link.label = rules.join(QStringLiteral(", "));
        links.append(link);
    }
    std::set<std::pair<int, int>> seen;
    for (const auto& p : rp::diag::probePairs(snap, 0)) {
        int a = static_cast<int>(std::min(p.client, p.server));
        int b = static_cast<int>(std::max(p.client, p.server));
        if (!seen.insert({ a, b }).second)
            continue;
        FabricView::Link link;
        link.a = a;
        link.b = b;
        link.subnet = toQ(p.serverAddress);
        QStringList rules;
        const auto& an = snap.hosts[static_cast<std::size_t>(a)].name;
        const auto& bn = snap.hosts[static_cast<std::size_t>(b)].name;
        for (const auto& f : report.findings) {
            // A finding names the host at fault first, then the peers it disagrees with: it marks the links
            // between the first and the others, not the links among the peers.
            bool hasA = std::find(f.hosts.begin(), f.hosts.end(), an) != f.hosts.end();
            bool hasB = std::find(f.hosts.begin(), f.hosts.end(), bn) != f.hosts.end();
            bool atFault = !f.hosts.empty() && (f.hosts.front() == an || f.hosts.front() == bn);
            if (hasA && hasB && atFault && f.severity != rp::diag::Severity::Info) {
                link.severity = std::max(link.severity, severityRank(f.severity));
                if (!rules.contains(toQ(f.ruleId)))
                    rules << toQ(f.ruleId);
            }
        }
        link.label = rules.join(QStringLiteral(", "));
        links.append(link);
    }
    for (const auto& f : report.findings) {
        if (f.severity == rp::diag::Severity::Info)
            continue;
        if (!f.hosts.empty() && index.count(f.hosts.front())) {
            auto& n = nodes[index[f.hosts.front()]];
            n.severity = std::max(n.severity, severityRank(f.severity));
        }
        for (const auto& sp : f.switchPorts) {
            auto& n = nodes[index[sp]];
            n.severity = std::max(n.severity, severityRank(f.severity));
        }
    }
}

} // namespace

TroubleshootPage::TroubleshootPage(InventoryModel* inventory, ConnectPrompter* prompter, QWidget* parent)
    : QWizardPage(parent)
    , m_inventory(inventory)
    , m_prompter(prompter)
{
    setTitle(tr("Troubleshoot"));
    setSubTitle(tr("Finds GID, RoCE version, VLAN, MTU, PFC, trust, DSCP and ToS mismatches between hosts that talk "
                   "to each other, live or from outputs you paste. Each finding shows what was read where, what it "
                   "means and the fix."));

    m_import = new QPushButton(tr("&Import outputs…"), this);
    m_import->setToolTip(tr("Files with saved or pasted outputs (ibv_devinfo, show_gids, sysfs, ip, dcb, mlnx_qos, "
                            "ethtool -S, perftest, …), several hosts per file"));
    m_active = new QCheckBox(tr("&Active checks (RDMA ping per GID index, test port)"), this);
    m_active->setToolTip(tr("Runs rocepilot-probe between hosts that share a subnet: a few RDMA pings over each "
                            "candidate GID index and a TCP connect to port 18515"));
    m_recheck = new QPushButton(tr("&Re-check"), this);
    m_cancel = new QPushButton(tr("Cance&l"), this);
    m_cancel->setAutoDefault(false);
    m_progress = new QProgressBar(this);
    m_progress->setRange(0, 0);
    m_progress->setMaximumWidth(160);
    m_status = new QLabel(this);
    m_status->setWordWrap(true);
    m_sources = new QLabel(this);
    m_sources->setWordWrap(true);
    m_sources->setTextFormat(Qt::RichText);
    m_sources->hide(); // until a file is imported

    m_box = new PasteBox(this);
    m_box->setPlaceholderText(tr("Paste outputs here: show_gids, ibv_devinfo -v, ip addr, dcb, mlnx_qos, switch "
                                 "shows, … of one host or several, each under its prompt or name. Or drop files. The "
                                 "findings follow as you paste."));
    m_box->setAccessibleName(tr("Pasted outputs"));
    auto* boxLabel = new QLabel(tr("&Pasted outputs:"), this);
    boxLabel->setBuddy(m_box);
    auto* boxPane = new QWidget(this);
    auto* boxLayout = new QVBoxLayout(boxPane);
    boxLayout->setContentsMargins(0, 0, 0, 0);
    boxLayout->addWidget(boxLabel);
    boxLayout->addWidget(m_box);

    m_view = new FindingsTree(this);

    m_detail = new FindingDetail(this);
    m_copyFix = new QPushButton(tr("&Copy fix"), this);
    m_copyFix->setEnabled(false);
    auto* detailBox = new QWidget(this);
    auto* detailLayout = new QVBoxLayout(detailBox);
    detailLayout->setContentsMargins(0, 0, 0, 0);
    detailLayout->addWidget(m_detail);
    auto* copyRow = new QHBoxLayout;
    copyRow->addStretch();
    copyRow->addWidget(m_copyFix);
    detailLayout->addLayout(copyRow);

    m_fabric = new FabricView(this);
    m_reach = new QTableWidget(this);
    m_reach->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_reach->setAccessibleName(tr("Reachability matrix"));
    m_tabs = new QTabWidget(this);
    m_tabs->addTab(detailBox, tr("Evidence and fix"));
    m_tabs->addTab(m_fabric, tr("Fabric"));
    m_tabs->addTab(m_reach, tr("Reachability"));

    // The paste across the whole width (show_gids rows are ~100 columns), the answer to it below, the evidence of
    // the selected row beside the answer: selecting a row marks its lines in the paste with all three in view.
    auto* results = new QSplitter(Qt::Horizontal, this);
    results->addWidget(m_view);
    results->addWidget(m_tabs);
    results->setStretchFactor(0, 1);
    results->setStretchFactor(1, 1);
    results->setSizes({ 680, 560 }); // finding titles are long: give the list room
    auto* split = new QSplitter(Qt::Vertical, this);
    split->addWidget(boxPane);
    split->addWidget(results);
    split->setStretchFactor(0, 2);
    split->setStretchFactor(1, 3);
    split->setSizes({ 250, 400 });

    auto* row = new QHBoxLayout;
    row->addWidget(m_import);
    row->addWidget(m_active);
    row->addStretch();
    row->addWidget(m_progress);
    row->addWidget(m_cancel);
    row->addWidget(m_recheck);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(row);
    layout->addWidget(m_sources);
    layout->addWidget(m_status);
    layout->addWidget(split, 1);

    m_debounce.setSingleShot(true);
    m_debounce.setInterval(kPasteDebounceMs);
    m_busyDelay.setSingleShot(true);
    m_busyDelay.setInterval(300);
    connect(&m_debounce, &QTimer::timeout, this, [this] { startCheck(false); });
    connect(&m_busyDelay, &QTimer::timeout, this, &TroubleshootPage::updateButtons);
    connect(m_box, &QPlainTextEdit::textChanged, this, [this] {
        sourcesChanged();
        m_box->clearMarks(); // they would point at lines that moved
        m_debounce.start();
    });
    connect(m_box, &PasteBox::filesDropped, this, &TroubleshootPage::importFiles);
    connect(m_import, &QPushButton::clicked, this, &TroubleshootPage::chooseFiles);
    connect(m_sources, &QLabel::linkActivated, this, [this] {
        clearPastedTexts();
        startCheck(false);
    });
    connect(m_recheck, &QPushButton::clicked, this, &TroubleshootPage::recheck);
    connect(m_cancel, &QPushButton::clicked, this, [this] {
        m_cancelFlag = true;
        m_cancel->setEnabled(false);
        m_status->setText(tr("Cancelling…"));
    });
    connect(m_copyFix, &QPushButton::clicked, this, &TroubleshootPage::copyFix);
    connect(m_view->selectionModel(), &QItemSelectionModel::currentChanged, this,
        [this](const QModelIndex& current) { showSelected(current); });
    connect(m_detail, &FindingDetail::lineActivated, this,
        [this](const QString& where) { markInBox({ toStd(where) }, true); });
    connect(m_detail, &FindingDetail::findingActivated, this, [this](int n) {
        const QModelIndex target = m_view->indexOf({ FindingsTree::RowKind::Finding, static_cast<std::size_t>(n) });
        if (target.isValid())
            m_view->setCurrentIndex(target);
    });
    connect(&m_watcher, &QFutureWatcher<CheckResult>::finished, this, &TroubleshootPage::onFinished);
    connect(&m_reading, &QFutureWatcher<std::vector<ReadFile>>::finished, this, &TroubleshootPage::onFilesRead);
    updateButtons();
}

TroubleshootPage::~TroubleshootPage()
{
    cancelAndWait();
}

void TroubleshootPage::cancelAndWait()
{
    m_debounce.stop();
    if (!m_watcher.isRunning())
        return;
    m_cancelFlag = true;
    m_watcher.waitForFinished();
}

QStandardItemModel* TroubleshootPage::findingsModel() const
{
    return m_view->findingsModel();
}

QTreeView* TroubleshootPage::findingsView() const
{
    return m_view;
}

QTextBrowser* TroubleshootPage::detailView() const
{
    return m_detail;
}

QString TroubleshootPage::pasteHint()
{
    return tr("Paste the outputs of the hosts (and of their test runs) into the box, or import files: the findings "
              "follow as you paste.");
}

QString TroubleshootPage::pasteSourceName() const
{
    return tr("paste", "the paste box's name in line references such as paste:12");
}

void TroubleshootPage::initializePage()
{
    const bool live = m_useInventory && m_useInventory();
    m_active->setVisible(live);
    if (live && !m_inventory->hosts().empty()) {
        recheck();
    } else if (!live) {
        if (m_report.hostCount == 0 && !m_watcher.isRunning())
            m_status->setText(pasteHint());
        // Ready for Ctrl+V.
        m_box->setFocus();
    }
    updateButtons();
}

bool TroubleshootPage::isComplete() const
{
    // A check of the paste is short and can be dropped at any time; a live read holds connections.
    return m_running != Run::Live;
}

QString TroubleshootPage::uniqueSourceName(const QString& name) const
{
    auto taken = [&](const QString& candidate) {
        if (candidate == pasteSourceName())
            return true;
        for (const auto& p : m_pastes)
            if (toQ(p->name) == candidate)
                return true;
        return false;
    };
    // Evidence names its source by name: two files called show_gids.txt must not be told apart by luck.
    QString unique = name;
    for (int n = 2; taken(unique); ++n)
        unique = QStringLiteral("%1 (%2)").arg(name).arg(n);
    return unique;
}

void TroubleshootPage::sourcesChanged()
{
    ++m_generation;
    // A running check of the paste is out of date now; a live read is left to finish (its connections, prompts).
    if (m_running == Run::Pasted)
        m_cancelFlag = true;
}

void TroubleshootPage::addPastedText(const QString& name, const QString& text)
{
    addSource(std::make_shared<PastedSource>(PastedSource { toStd(uniqueSourceName(name)), toStd(text), nullptr }));
}

void TroubleshootPage::addSource(std::shared_ptr<const PastedSource> source)
{
    m_pastes.push_back(std::move(source));
    QStringList names;
    for (const auto& p : m_pastes)
        names << toQ(p->name).toHtmlEscaped();
    m_sources->setText(tr("Imported: %1 (<a href=\"clear\">remove</a>)").arg(names.join(QStringLiteral(", "))));
    m_sources->show();
    sourcesChanged();
    updateButtons();
}

void TroubleshootPage::clearPastedTexts()
{
    m_pastes.clear();
    m_sources->clear();
    m_sources->hide();
    sourcesChanged();
    updateButtons();
}

void TroubleshootPage::chooseFiles()
{
    importFiles(QFileDialog::getOpenFileNames(this, tr("Import outputs")));
}

void TroubleshootPage::importFiles(const QStringList& files)
{
    if (files.isEmpty())
        return;
    if (m_reading.isRunning()) {
        m_filesDue << files;
        return;
    }
    m_readErrors.clear();
    readFiles(files);
}

void TroubleshootPage::readFiles(const QStringList& files)
{
    // The CLI's reader: bounded, no device or directory, UTF-16 and CR-only text read like UTF-8. A FIFO can keep
    // it waiting for seconds, so it never runs on the GUI thread; it touches nothing of the page.
    m_reading.setFuture(QtConcurrent::run([files] {
        std::vector<ReadFile> out;
        for (const QString& file : files) {
            ReadFile r;
            r.path = file;
            if (const auto bytes = rp::readTextFile(toStd(file), rp::kMaxPasteBytes)) {
                auto source = std::make_shared<PastedSource>();
                source->text = rp::decodeText(*bytes);
                source->parsed = std::make_shared<const rp::PastedFabric>(rp::importFragments(source->text, "pasted"));
                r.source = std::move(source);
            } else {
                r.error = toQ(bytes.error().message);
            }
            out.push_back(std::move(r));
        }
        return out;
    }));
    updateButtons();
}

void TroubleshootPage::onFilesRead()
{
    bool added = false;
    for (const ReadFile& r : m_reading.result()) {
        if (!r.error.isEmpty()) {
            m_readErrors << tr("Cannot read %1: %2").arg(r.path, r.error);
            continue;
        }
        r.source->name = toStd(uniqueSourceName(QFileInfo(r.path).fileName()));
        addSource(r.source);
        added = true;
    }
    if (!m_readErrors.isEmpty())
        m_status->setText(m_readErrors.join(QLatin1Char('\n')));
    if (!m_filesDue.isEmpty())
        readFiles(std::exchange(m_filesDue, {}));
    else if (added)
        startCheck(false);
    updateButtons();
}

void TroubleshootPage::recheck()
{
    if (m_running == Run::Live)
        return;
    m_debounce.stop();
    startCheck(true);
}

void TroubleshootPage::startCheck(bool live)
{
    if (m_watcher.isRunning()) {
        if (m_running == Run::Pasted)
            m_cancelFlag = true;
        (live ? m_liveDue : m_pasteDue) = true;
        return;
    }
    const bool useInventory = m_useInventory && m_useInventory();
    std::vector<rp::HostSpec> hosts = live && useInventory ? m_inventory->hosts() : std::vector<rp::HostSpec> {};
    std::vector<rp::SwitchSpec> switches
        = live && useInventory && m_switches ? m_switches() : std::vector<rp::SwitchSpec> {};
    auto sources = std::make_shared<PastedSources>();
    m_boxNote.clear();
    if (const QString box = m_box->toPlainText(); !box.trimmed().isEmpty()) {
        std::string text = toStd(box);
        // The bound every other input has (the CLI's --paste, an imported file).
        if (text.size() > rp::kMaxPasteBytes)
            m_boxNote = tr("The pasted text is larger than %n MiB and was not read; import it as files in parts.",
                nullptr, static_cast<int>(rp::kMaxPasteBytes >> 20));
        else
            sources->push_back(
                std::make_shared<const PastedSource>(PastedSource { toStd(pasteSourceName()), std::move(text), {} }));
    }
    sources->insert(sources->end(), m_pastes.begin(), m_pastes.end());
    // The last live read joins checks of the paste while the goal is the live fabric, never after a switch to
    // "Import outputs".
    const auto cached = useInventory ? m_live : nullptr;
    if (hosts.empty() && switches.empty() && sources->empty() && !cached) {
        // An emptied box empties the answer too.
        clearResults();
        m_status->setText(!m_boxNote.isEmpty() ? m_boxNote
                : !live                        ? pasteHint()
                : useInventory                 ? tr("Add hosts on the Hosts page, or import outputs.")
                                               : tr("Import or paste outputs first."));
        return;
    }
    m_cancelFlag = false;
    m_running = hosts.empty() && switches.empty() ? Run::Pasted : Run::Live;
    const rp::ConnectContext context
        = m_running == Run::Live ? m_prompter->context(&m_cancelFlag) : rp::ConnectContext {};
    const bool active = m_running == Run::Live && m_active->isChecked();
    const std::string probe = toStd(probeBinaryPath());
    if (m_running == Run::Live)
        m_status->setText(tr("Reading %n host(s)…", nullptr, static_cast<int>(hosts.size())));
    else if (live)
        m_status->setText(tr("Reading the outputs…"));
    const quint64 generation = m_generation;
    m_watcher.setFuture(QtConcurrent::run([this, hosts, switches, context, cached, sources, active, probe, generation] {
        CheckResult out = runCheck(hosts, switches, context, cached, sources, active, probe, &m_cancelFlag);
        out.generation = generation;
        return out;
    }));
    m_busyDelay.start();
    updateButtons();
    if (m_running == Run::Live)
        emit completeChanged();
}

TroubleshootPage::CheckResult TroubleshootPage::runCheck(const std::vector<rp::HostSpec>& hosts,
    const std::vector<rp::SwitchSpec>& switches, const rp::ConnectContext& context,
    std::shared_ptr<const LiveRead> live, std::shared_ptr<const PastedSources> sources, bool active,
    const std::string& probe, const std::atomic<bool>* cancel)
{
    CheckResult out;
    out.sources = sources;
    rp::diag::FabricSnapshot snap;
    for (const auto& source : *sources) {
        rp::PastedFabric parsedNow;
        const rp::PastedFabric& pasted
            = source->parsed ? *source->parsed : (parsedNow = rp::importFragments(source->text, "pasted"));
        for (const auto& w : pasted.warnings)
            out.messages << QStringLiteral("%1:%2: %3").arg(toQ(source->name)).arg(w.line).arg(toQ(w.message));
        out.readAnything = out.readAnything || rp::holdsAnything(pasted);
        rp::diag::addPasted(snap, pasted, source->name);
    }
    if (!hosts.empty() || !switches.empty()) {
        auto read = std::make_shared<LiveRead>();
        if (!hosts.empty()) {
            rp::diag::LiveOptions options;
            options.active = active;
            options.probePath = probe;
            options.counterInterval = std::chrono::milliseconds(1000);
            auto result = rp::diag::collectLive(hosts, context, options, {}, cancel);
            for (const auto& e : result.hostErrors)
                read->messages << toQ(e.describe());
            read->snapshot = std::move(result.snapshot);
        }
        if (!switches.empty()) {
            auto result = rp::diag::collectSwitches(switches, context, std::chrono::milliseconds(1000), {}, cancel);
            for (const auto& n : result.notes)
                read->messages << toQ(n);
            for (const auto& e : result.errors)
                read->messages << toQ(e.describe());
            auto& s = read->snapshot;
            s.switchPorts.insert(s.switchPorts.end(), result.ports.begin(), result.ports.end());
            s.lldp.insert(s.lldp.end(), result.lldp.begin(), result.lldp.end());
        }
        live = read;
        out.live = std::move(read);
    }
    if (live) {
        out.readAnything = true;
        // The hosts as last read, after the pasted ones, as one Re-check always gave them.
        out.messages << live->messages;
        const auto& l = live->snapshot;
        snap.hosts.insert(snap.hosts.end(), l.hosts.begin(), l.hosts.end());
        snap.reachability = l.reachability;
        snap.activeChecksRun = l.activeChecksRun;
        snap.switchPorts.insert(snap.switchPorts.end(), l.switchPorts.begin(), l.switchPorts.end());
        snap.lldp.insert(snap.lldp.end(), l.lldp.begin(), l.lldp.end());
    }
    out.report = rp::diag::diagnose(snap, {}, cancel);
    drawFabric(snap, out.report, out.nodes, out.links);
    return out;
}

void TroubleshootPage::onFinished()
{
    CheckResult result = m_watcher.result();
    const Run ran = std::exchange(m_running, Run::None);
    m_busyDelay.stop();
    if (result.live)
        m_live = result.live;
    if (ran == Run::Live)
        emit completeChanged();
    // Results of text that has changed since are dropped, never shown: the next check is on its way (or starts
    // now when no edit is pending any more).
    if (m_liveDue || m_pasteDue || result.generation != m_generation) {
        const bool live = std::exchange(m_liveDue, false);
        m_pasteDue = false;
        if (live || !m_debounce.isActive())
            startCheck(live);
        updateButtons();
        return;
    }

    m_report = std::move(result.report);
    m_reportSources = result.sources;
    m_shownGeneration = result.generation;
    m_selected = -1;
    m_detail->setReport(&m_report, m_reportSources, toStd(pasteSourceName()));
    m_copyFix->setEnabled(false);
    m_autoSelect = true;
    m_view->setReport(m_report, reportSourceNames());
    m_autoSelect = false;

    m_fabric->setFabric(result.nodes, result.links);
    fillReachability();
    int counts[3] = { 0, 0, 0 };
    for (const auto& f : m_report.findings)
        ++counts[severityRank(f.severity)];
    QString status;
    if (m_cancelFlag.load())
        status = tr("Cancelled: the findings cover what was read before.");
    else if (!result.readAnything)
        status = tr("Nothing in the outputs could be read: paste them as the hosts printed them (show_gids, "
                    "ibv_devinfo -v, ip addr, dcb, mlnx_qos, …), each under its prompt or name.");
    else
        status = tr("%n host(s) checked: ", nullptr, static_cast<int>(m_report.hostCount))
            + tr("%n error(s), ", nullptr, counts[2]) + tr("%n warning(s).", nullptr, counts[1]);
    if (!result.messages.isEmpty())
        status += QLatin1Char('\n')
            + tr("%n line(s) could not be used; first: %1", nullptr, static_cast<int>(result.messages.size()))
                  .arg(result.messages.front());
    // Said once, with the result of the files that could be read.
    for (const QString& note : std::exchange(m_readErrors, {}))
        status += QLatin1Char('\n') + note;
    if (!m_boxNote.isEmpty())
        status += QLatin1Char('\n') + m_boxNote;
    m_status->setText(status);
    updateButtons();
    emit checkFinished();
}

void TroubleshootPage::clearResults()
{
    m_report = {};
    m_reportSources.reset();
    m_shownGeneration = m_generation;
    m_selected = -1;
    m_detail->setReport(&m_report, nullptr, {});
    m_view->setReport(m_report, {});
    m_copyFix->setEnabled(false);
    m_box->clearMarks();
    m_fabric->setFabric({}, {});
    fillReachability();
    updateButtons();
}

std::vector<std::string> TroubleshootPage::reportSourceNames() const
{
    std::vector<std::string> names;
    if (m_reportSources)
        for (const auto& s : *m_reportSources)
            names.push_back(s->name);
    return names;
}

void TroubleshootPage::showSelected(const QModelIndex& index)
{
    const FindingsTree::Row row = m_view->rowAt(index);
    m_selected = -1;
    m_copyFix->setEnabled(false);
    std::vector<std::string> wheres;
    if (row.kind == FindingsTree::RowKind::Verdict && row.index < m_report.ports.size()) {
        wheres = m_detail->showVerdict(row.index);
    } else if (row.kind == FindingsTree::RowKind::Finding && row.index < m_report.findings.size()) {
        m_selected = static_cast<int>(row.index);
        wheres = m_detail->showFinding(row.index);
        m_copyFix->setEnabled(!m_report.findings[row.index].fixes.empty());
    } else {
        m_detail->showNothing();
        m_box->clearMarks();
        return;
    }
    m_tabs->setCurrentIndex(0);
    // A rebuild while the user types selects a row too: then the cursor stays where they type.
    markInBox(wheres, !m_autoSelect);
}

void TroubleshootPage::markInBox(const std::vector<std::string>& wheres, bool moveCursor)
{
    // Line numbers hold for the text that was checked; after an edit the marks wait for the next result.
    if (!m_reportSources || m_shownGeneration != m_generation) {
        m_box->clearMarks();
        return;
    }
    const auto names = reportSourceNames();
    const std::string box = toStd(pasteSourceName());
    std::vector<std::pair<int, int>> ranges;
    for (const auto& w : wheres)
        if (auto ref = lineRefOf(w, names); ref && names[ref->source] == box)
            ranges.emplace_back(ref->first, std::min(ref->last, ref->first + 200));
    m_box->markLines(ranges, moveCursor && !ranges.empty());
}

void TroubleshootPage::fillReachability()

{
    const auto& rs = m_report.reachability;
    m_reach->clear();
    std::vector<std::pair<std::string, std::string>> rows;
    std::vector<std::string> cols;
    for (const auto& r : rs) {
        std::pair key { r.from, r.to };
        if (std::find(rows.begin(), rows.end(), key) == rows.end())
            rows.push_back(key);
        std::string col = r.gidIndex ? "GID " + std::to_string(*r.gidIndex) : r.what;
        if (std::find(cols.begin(), cols.end(), col) == cols.end())
            cols.push_back(col);
    }
    if (rs.empty()) {
        m_reach->setRowCount(1);
        m_reach->setColumnCount(1);
        m_reach->horizontalHeader()->hide();
        m_reach->verticalHeader()->hide();
        m_reach->setItem(0, 0,
            new QTableWidgetItem(tr("Not measured. Tick “Active checks” and Re-check to ping between the hosts over "
                                    "each GID index.")));
        m_reach->horizontalHeader()->setSectionResizeMode(0, QHeaderView::Stretch);
        return;
    }
    m_reach->horizontalHeader()->show();
    m_reach->verticalHeader()->show();
    m_reach->setRowCount(static_cast<int>(rows.size()));
    m_reach->setColumnCount(static_cast<int>(cols.size()));
    QStringList colNames, rowNames;
    for (const auto& c : cols)
        colNames << toQ(c);
    for (const auto& r : rows)
        rowNames << toQ(r.first) + QStringLiteral(" → ") + toQ(r.second);
    m_reach->setHorizontalHeaderLabels(colNames);
    m_reach->setVerticalHeaderLabels(rowNames);
    for (const auto& r : rs) {
        std::pair key { r.from, r.to };
        int row = static_cast<int>(std::find(rows.begin(), rows.end(), key) - rows.begin());
        std::string col = r.gidIndex ? "GID " + std::to_string(*r.gidIndex) : r.what;
        int c = static_cast<int>(std::find(cols.begin(), cols.end(), col) - cols.begin());
        auto* item = new QTableWidgetItem(r.ok ? tr("✓ works") : tr("✗ fails"));
        item->setToolTip(toQ(r.gid.empty() ? r.detail : r.gid + " — " + r.detail));
        item->setForeground(r.ok ? QColor(0x2e, 0x7d, 0x32) : QColor(0xc6, 0x28, 0x28));
        m_reach->setItem(row, c, item);
    }
    m_reach->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
}

QString TroubleshootPage::selectedFixText() const
{
    if (m_selected < 0 || m_selected >= static_cast<int>(m_report.findings.size()))
        return {};
    QStringList parts;
    for (const auto& x : m_report.findings[static_cast<std::size_t>(m_selected)].fixes)
        parts << QStringLiteral("# %1 (%2)\n%3").arg(toQ(x.target), toQ(x.platform), toQ(x.text));
    return parts.join(QStringLiteral("\n\n"));
}

void TroubleshootPage::copyFix()
{
    const QString text = selectedFixText();
    if (!text.isEmpty())
        QApplication::clipboard()->setText(text);
}

void TroubleshootPage::updateButtons()
{
    const bool live = m_running == Run::Live;
    // Checks of the paste run after every pause in typing: a bar flashing on each would only distract.
    const bool busy = m_watcher.isRunning() && (live || !m_busyDelay.isActive());
    m_recheck->setEnabled(!live);
    m_import->setEnabled(!m_reading.isRunning());
    m_cancel->setVisible(busy);
    m_cancel->setEnabled(busy && !m_cancelFlag.load());
    m_progress->setVisible(busy || m_reading.isRunning());
}

} // namespace rp::ui

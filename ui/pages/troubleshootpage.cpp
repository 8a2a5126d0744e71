// SPDX-License-Identifier: GPL-3.0-or-later
#include "pages/troubleshootpage.h"

#include "diagnose/live.h"
#include "itemmodels/inventorymodel.h"
#include "parse/fragments.h"
#include "support/qtstrings.h"
#include "util/files.h"
#include "util/textdecode.h"
#include "workers/connectprompter.h"

#include <QApplication>
#include <QCheckBox>
#include <QClipboard>
#include <QCoreApplication>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QInputDialog>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QSplitter>
#include <QStandardItemModel>
#include <QTabWidget>
#include <QTableWidget>
#include <QTextBrowser>
#include <QTreeView>
#include <QVBoxLayout>
#include <QtConcurrent>

#include <map>
#include <set>

namespace rp::ui {

namespace {

constexpr int FindingRole = Qt::UserRole + 1;

int severityRank(rp::diag::Severity s)
{
    return s == rp::diag::Severity::Error ? 2 : s == rp::diag::Severity::Warning ? 1 : 0;
}

QString htmlEscape(const std::string& s)
{
    return toQ(s).toHtmlEscaped();
}

/// Everything the page shows, computed on the worker.
TroubleshootPage::CheckResult runCheck(const std::vector<rp::HostSpec>& hosts,
    const std::vector<rp::SwitchSpec>& switches, const rp::ConnectContext& context,
    const std::vector<std::pair<std::string, std::string>>& pastes, bool active, const std::string& probe,
    const std::atomic<bool>* cancel)
{
    TroubleshootPage::CheckResult out;
    rp::diag::FabricSnapshot snap;
    for (const auto& [name, text] : pastes) {
        auto pasted = rp::importFragments(text, "pasted");
        for (const auto& w : pasted.warnings)
            out.messages << QStringLiteral("%1:%2: %3").arg(toQ(name)).arg(w.line).arg(toQ(w.message));
        rp::diag::addPasted(snap, pasted, name);
    }
    if (!hosts.empty()) {
        rp::diag::LiveOptions live;
        live.active = active;
        live.probePath = probe;
        live.counterInterval = std::chrono::milliseconds(1000);
        auto result = rp::diag::collectLive(hosts, context, live, {}, cancel);
        for (const auto& e : result.hostErrors)
            out.messages << toQ(e.describe());
        for (auto& h : result.snapshot.hosts)
            snap.hosts.push_back(std::move(h));
        snap.reachability = std::move(result.snapshot.reachability);
        snap.activeChecksRun = result.snapshot.activeChecksRun;
    }
    if (!switches.empty()) {
        auto read = rp::diag::collectSwitches(switches, context, std::chrono::milliseconds(1000), {}, cancel);
        for (const auto& n : read.notes)
            out.messages << toQ(n);
        for (const auto& e : read.errors)
            out.messages << toQ(e.describe());
        snap.switchPorts.insert(snap.switchPorts.end(), read.ports.begin(), read.ports.end());
        snap.lldp.insert(snap.lldp.end(), read.lldp.begin(), read.lldp.end());
    }
    out.report = rp::diag::diagnose(snap, {}, cancel);

    // The fabric: hosts, the pairs that share a subnet, switch ports that findings name.
    std::map<std::string, int> index;
    for (const auto& h : snap.hosts) {
        index[h.name] = static_cast<int>(out.nodes.size());
        out.nodes.append({ toQ(h.name), 0, false });
    }
    for (const auto& f : out.report.findings)
        for (const auto& sp : f.switchPorts)
            if (!index.count(sp)) {
                index[sp] = static_cast<int>(out.nodes.size());
                out.nodes.append({ toQ(sp), 0, true });
            }
    // Cables LLDP saw: host -- switch port, marked by the link findings that name both ends.
    for (const auto& l : rp::diag::hostSwitchLinks(snap)) {
        const std::string sp = l.switchName + ":" + l.switchPort;
        if (!index.count(l.host))
            continue;
        if (!index.count(sp)) {
            index[sp] = static_cast<int>(out.nodes.size());
            out.nodes.append({ toQ(sp), 0, true });
        }
        FabricView::Link link;
        link.a = index[l.host];
        link.b = index[sp];
        link.subnet = toQ(l.netdev);
        QStringList rules;
        for (const auto& f : out.report.findings)
            if (f.severity != rp::diag::Severity::Info && !f.hosts.empty() && f.hosts.front() == l.host
                && std::find(f.switchPorts.begin(), f.switchPorts.end(), sp) != f.switchPorts.end()) {
                link.severity = std::max(link.severity, severityRank(f.severity));
                if (!rules.contains(toQ(f.ruleId)))
                    rules << toQ(f.ruleId);
            }
        link.label = rules.join(QStringLiteral(", "));
        out.links.append(link);
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
        for (const auto& f : out.report.findings) {
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
        out.links.append(link);
    }
    for (const auto& f : out.report.findings) {
        if (f.severity == rp::diag::Severity::Info)
            continue;
        if (!f.hosts.empty() && index.count(f.hosts.front())) {
            auto& n = out.nodes[index[f.hosts.front()]];
            n.severity = std::max(n.severity, severityRank(f.severity));
        }
        for (const auto& sp : f.switchPorts) {
            auto& n = out.nodes[index[sp]];
            n.severity = std::max(n.severity, severityRank(f.severity));
        }
    }
    return out;
}

std::string probeNextToApp()
{
    return toStd(QCoreApplication::applicationDirPath() + QStringLiteral("/rocepilot-probe"));
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
    m_paste = new QPushButton(tr("&Paste text…"), this);
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

    m_model = new QStandardItemModel(this);
    m_model->setHorizontalHeaderLabels({ tr("Finding"), tr("Rule") });
    m_view = new QTreeView(this);
    m_view->setModel(m_model);
    m_view->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_view->setUniformRowHeights(true);
    m_view->setAccessibleName(tr("Findings"));

    m_detail = new QTextBrowser(this);
    m_detail->setOpenLinks(false);
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

    auto* split = new QSplitter(Qt::Horizontal, this);
    split->addWidget(m_view);
    split->addWidget(m_tabs);
    split->setStretchFactor(0, 1);
    split->setStretchFactor(1, 1);
    split->setSizes({ 560, 640 }); // finding titles are long: give the list room

    auto* row = new QHBoxLayout;
    row->addWidget(m_import);
    row->addWidget(m_paste);
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

    connect(m_import, &QPushButton::clicked, this, &TroubleshootPage::importFiles);
    connect(m_paste, &QPushButton::clicked, this, &TroubleshootPage::pasteText);
    connect(m_recheck, &QPushButton::clicked, this, &TroubleshootPage::recheck);
    connect(m_cancel, &QPushButton::clicked, this, [this] {
        m_cancelFlag = true;
        m_cancel->setEnabled(false);
        m_status->setText(tr("Cancelling…"));
    });
    connect(m_copyFix, &QPushButton::clicked, this, &TroubleshootPage::copyFix);
    connect(m_view->selectionModel(), &QItemSelectionModel::currentChanged, this,
        [this](const QModelIndex& current) { showFinding(current); });
    connect(&m_watcher, &QFutureWatcher<CheckResult>::finished, this, &TroubleshootPage::onFinished);
    updateButtons();
}

TroubleshootPage::~TroubleshootPage()
{
    cancelAndWait();
}

void TroubleshootPage::cancelAndWait()
{
    if (!m_watcher.isRunning())
        return;
    m_cancelFlag = true;
    m_watcher.waitForFinished();
}

void TroubleshootPage::initializePage()
{
    const bool live = m_useInventory && m_useInventory();
    m_active->setVisible(live);
    if (live && !m_inventory->hosts().empty())
        recheck();
    else if (!live && m_pastes.empty())
        m_status->setText(tr("Import files or paste text with the outputs of the hosts (and their test runs), then "
                             "Re-check."));
    updateButtons();
}

bool TroubleshootPage::isComplete() const
{
    return !m_watcher.isRunning();
}

void TroubleshootPage::addPastedText(const QString& name, const QString& text)
{
    m_pastes.emplace_back(toStd(name), toStd(text));
    QStringList names;
    for (const auto& p : m_pastes)
        names << toQ(p.first);
    m_sources->setText(tr("Outputs: %1").arg(names.join(QStringLiteral(", "))));
    updateButtons();
}

void TroubleshootPage::clearPastedTexts()
{
    m_pastes.clear();
    m_sources->clear();
    updateButtons();
}

void TroubleshootPage::importFiles()
{
    const QStringList files = QFileDialog::getOpenFileNames(this, tr("Import outputs"));
    for (const QString& file : files) {
        // The CLI's reader: bounded, no device or directory, UTF-16 and CR-only text read like UTF-8.
        const auto bytes = rp::readTextFile(toStd(file), rp::kMaxPasteBytes);
        if (!bytes) {
            m_status->setText(tr("Cannot read %1: %2").arg(file, toQ(bytes.error().message)));
            continue;
        }
        addPastedText(QFileInfo(file).fileName(), toQ(rp::decodeText(*bytes)));
    }
    if (!files.isEmpty())
        recheck();
}

void TroubleshootPage::pasteText()
{
    bool ok = false;
    const QString text = QInputDialog::getMultiLineText(this, tr("Paste outputs"),
        tr("Paste the outputs (several hosts may follow each other, each under its name or prompt):"), QString(), &ok);
    if (!ok || text.trimmed().isEmpty())
        return;
    addPastedText(tr("paste %1").arg(m_pastes.size() + 1), text);
    recheck();
}

void TroubleshootPage::recheck()
{
    if (m_watcher.isRunning())
        return;
    const bool live = m_useInventory && m_useInventory();
    std::vector<rp::HostSpec> hosts = live ? m_inventory->hosts() : std::vector<rp::HostSpec> {};
    std::vector<rp::SwitchSpec> switches = live && m_switches ? m_switches() : std::vector<rp::SwitchSpec> {};
    if (hosts.empty() && switches.empty() && m_pastes.empty()) {
        m_status->setText(
            live ? tr("Add hosts on the Hosts page, or import outputs.") : tr("Import or paste outputs first."));
        return;
    }
    m_cancelFlag = false;
    const rp::ConnectContext context = m_prompter->context(&m_cancelFlag);
    const auto pastes = m_pastes;
    const bool active = live && m_active->isChecked();
    const std::string probe = probeNextToApp();
    m_status->setText(hosts.empty() ? tr("Reading the outputs…")
                                    : tr("Reading %n host(s)…", nullptr, static_cast<int>(hosts.size())));
    m_watcher.setFuture(QtConcurrent::run([this, hosts, switches, context, pastes, active, probe] {
        return runCheck(hosts, switches, context, pastes, active, probe, &m_cancelFlag);
    }));
    updateButtons();
    emit completeChanged();
}

void TroubleshootPage::onFinished()
{
    CheckResult result = m_watcher.result();
    m_report = std::move(result.report);
    m_model->removeRows(0, m_model->rowCount());
    m_selected = -1;
    m_detail->clear();
    m_copyFix->setEnabled(false);

    // Severity -> host pair -> finding.
    const QString groupNames[] = { tr("Notes"), tr("Warnings"), tr("Errors") };
    std::map<int, QStandardItem*> groups;
    std::map<std::pair<int, QString>, QStandardItem*> pairs;
    int counts[3] = { 0, 0, 0 };
    for (std::size_t i = 0; i < m_report.findings.size(); ++i)
        ++counts[severityRank(m_report.findings[i].severity)];
    for (int rank = 2; rank >= 0; --rank) {
        if (!counts[rank])
            continue;
        auto* g = new QStandardItem(QStringLiteral("%1 (%2)").arg(groupNames[rank]).arg(counts[rank]));
        QFont bold = g->font();
        bold.setBold(true);
        g->setFont(bold);
        m_model->appendRow({ g, new QStandardItem });
        groups[rank] = g;
    }
    for (std::size_t i = 0; i < m_report.findings.size(); ++i) {
        const auto& f = m_report.findings[i];
        const int rank = severityRank(f.severity);
        QString pairKey;
        if (f.hosts.size() >= 2) {
            QString a = toQ(f.hosts[0]), b = toQ(f.hosts[1]);
            if (b < a)
                std::swap(a, b);
            pairKey = a + QStringLiteral(" ↔ ") + b;
        } else if (f.hosts.size() == 1) {
            pairKey = toQ(f.hosts[0]);
        } else if (!f.switchPorts.empty()) {
            pairKey = toQ(f.switchPorts[0]);
        } else {
            pairKey = tr("Whole fabric");
        }
        auto& p = pairs[{ rank, pairKey }];
        if (!p) {
            p = new QStandardItem(pairKey);
            groups[rank]->appendRow({ p, new QStandardItem });
        }
        auto* item = new QStandardItem(toQ(f.title));
        item->setData(static_cast<int>(i), FindingRole);
        item->setToolTip(toQ(f.explanation));
        auto* rule = new QStandardItem(toQ(f.ruleId + (f.check.empty() ? std::string() : " (" + f.check + ")")));
        rule->setData(static_cast<int>(i), FindingRole);
        p->appendRow({ item, rule });
    }
    m_view->expandAll();
    // Notes (checks that could not run) stay folded: they are many and say what data would be needed.
    if (groups.count(0))
        m_view->collapse(m_model->indexFromItem(groups[0]));
    m_view->header()->setSectionResizeMode(0, QHeaderView::Stretch);
    m_view->header()->setSectionResizeMode(1, QHeaderView::ResizeToContents);

    m_fabric->setFabric(result.nodes, result.links);
    fillReachability();
    QString status = m_cancelFlag.load() ? tr("Cancelled: the findings cover what was read before.")
                                         : tr("%n host(s) checked: ", nullptr, static_cast<int>(m_report.hostCount))
            + tr("%n error(s), ", nullptr, counts[2]) + tr("%n warning(s).", nullptr, counts[1]);
    if (!result.messages.isEmpty())
        status += QLatin1Char('\n')
            + tr("%n line(s) could not be used; first: %1", nullptr, static_cast<int>(result.messages.size()))
                  .arg(result.messages.front());
    m_status->setText(status);
    // The first error or warning is shown at once.
    for (int rank = 2; rank >= 1; --rank) {
        if (groups.count(rank) && groups[rank]->rowCount() && groups[rank]->child(0)->rowCount()) {
            const QModelIndex first = m_model->indexFromItem(groups[rank]->child(0)->child(0));
            m_view->setCurrentIndex(first);
            break;
        }
    }
    updateButtons();
    emit completeChanged();
    emit checkFinished();
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

void TroubleshootPage::showFinding(const QModelIndex& index)
{
    const QVariant v = index.data(FindingRole);
    if (!v.isValid()) {
        m_selected = -1;
        m_detail->clear();
        m_copyFix->setEnabled(false);
        return;
    }
    m_selected = v.toInt();
    const auto& f = m_report.findings[static_cast<std::size_t>(m_selected)];
    QString html = QStringLiteral("<h3>%1</h3>").arg(htmlEscape(f.title));
    html += QStringLiteral("<p><b>%1</b> · %2").arg(htmlEscape(rp::diag::toString(f.severity)), htmlEscape(f.ruleId));
    if (!f.check.empty())
        html += QStringLiteral(" · %1").arg(htmlEscape(f.check));
    html += QStringLiteral("</p>");
    QStringList where;
    for (const auto& p : f.ports)
        where << htmlEscape(p);
    for (const auto& p : f.switchPorts)
        where << htmlEscape(p);
    if (!where.isEmpty())
        html += QStringLiteral("<p>%1 %2</p>").arg(tr("Involved:"), where.join(QStringLiteral(", ")));
    html += QStringLiteral("<p>%1</p>").arg(htmlEscape(f.explanation));
    if (!f.evidence.empty()) {
        html += QStringLiteral("<h4>%1</h4><table border='1' cellspacing='0' cellpadding='3'><tr><th>%2</th><th>%3</th>"
                               "<th>%4</th><th>%5</th></tr>")
                    .arg(tr("Evidence"), tr("Host"), tr("What"), tr("Value"), tr("Read from, when"));
        for (const auto& e : f.evidence)
            html += QStringLiteral("<tr><td>%1</td><td>%2</td><td><b>%3</b></td><td>%4<br/><small>%5</small></td></tr>")
                        .arg(htmlEscape(e.host), htmlEscape(e.subject), htmlEscape(e.value), htmlEscape(e.where),
                            htmlEscape(e.when));
        html += QStringLiteral("</table>");
    }
    for (const auto& x : f.fixes) {
        html += QStringLiteral("<h4>%1</h4><pre>%2</pre><p><small>%3</small></p>")
                    .arg(tr("Fix on %1 (%2)").arg(htmlEscape(x.target), htmlEscape(x.platform)), htmlEscape(x.text),
                        htmlEscape(x.origin));
    }
    if (f.fixes.empty() && !f.missingData.empty())
        html += QStringLiteral("<p><i>%1</i></p>")
                    .arg(tr("Needed to run this check: %1").arg(htmlEscape(f.missingData)));
    m_detail->setHtml(html);
    m_copyFix->setEnabled(!f.fixes.empty());
    m_tabs->setCurrentIndex(0);
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
    const bool running = m_watcher.isRunning();
    m_recheck->setEnabled(!running);
    m_import->setEnabled(!running);
    m_paste->setEnabled(!running);
    m_cancel->setVisible(running);
    m_cancel->setEnabled(running);
    m_progress->setVisible(running);
}

} // namespace rp::ui

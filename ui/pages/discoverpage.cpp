// SPDX-License-Identifier: GPL-3.0-or-later
#include "pages/discoverpage.h"

#include "itemmodels/discoverymodel.h"
#include "itemmodels/inventorymodel.h"
#include "support/accessibility.h"
#include "support/qtstrings.h"
#include "workers/connectprompter.h"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QThread>
#include <QTimer>
#include <QTreeView>
#include <QVBoxLayout>
#include <QtConcurrent/QtConcurrentRun>

namespace rp::ui {

DiscoverPage::DiscoverPage(InventoryModel* inventory, ConnectPrompter* prompter, QWidget* parent)
    : QWizardPage(parent)
    , m_inventory(inventory)
    , m_prompter(prompter)
    , m_model(new DiscoveryModel(this))
    , m_proxy(new DiscoveryFilterModel(this))
{
    setTitle(tr("Discover"));
    setSubTitle(tr("Read the RDMA devices, ports and GID tables of every host. The GID each port should use is "
                   "highlighted; select it to see why."));
    m_proxy->setSourceModel(m_model);

    m_discover = new QPushButton(tr("&Discover"), this);
    m_discover->setAutoDefault(false);
    m_discover->setObjectName(QStringLiteral("discoverButton"));
    m_discover->setToolTip(tr("Read every host of the list again."));
    m_cancel = new QPushButton(tr("Cance&l"), this);
    m_cancel->setObjectName(QStringLiteral("cancelDiscoveryButton"));
    m_cancel->setAutoDefault(false);
    setAccessible(m_discover, m_discover->text(), m_discover->toolTip());
    setAccessible(m_cancel, m_cancel->text(), tr("Stops reading; hosts already read keep their results."));
    m_progress = new QProgressBar(this);
    m_progress->setRange(0, 1);
    m_progress->setValue(0);
    m_progress->setFormat(tr("%v of %m hosts"));
    setAccessible(m_progress, tr("Discovery progress"), tr("How many hosts have been read."));
    m_status = new QLabel(this);
    m_status->setObjectName(QStringLiteral("discoverStatus"));
    m_status->setTextFormat(Qt::PlainText);

    m_filter = new QLineEdit(this);
    m_filter->setClearButtonEnabled(true);
    m_filter->setPlaceholderText(tr("device, netdev, address, GID…"));
    auto* filterLabel = new QLabel(tr("Filte&r:"), this);
    filterLabel->setBuddy(m_filter);
    m_filter->setObjectName(QStringLiteral("discoverFilter"));
    setAccessible(m_filter, filterLabel->text(),
        tr("Shows only the rows that contain this text, with the hosts and devices above them."));

    m_view = new QTreeView(this);
    m_view->setObjectName(QStringLiteral("discoveryTree"));
    m_view->setModel(m_proxy);
    setAccessible(m_view, tr("Discovered devices"),
        tr("Host, RDMA device, port and GID table as a tree; the GID each port should use is marked "
           "\"recommended\". The arrow keys move and open rows; the reason for the current row is read out "
           "below the tree."));
    m_view->setAlternatingRowColors(true);
    m_view->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_view->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_view->header()->setSortIndicator(-1, Qt::AscendingOrder); // discovery order until a header is clicked
    m_view->setSortingEnabled(true);
    m_view->header()->setStretchLastSection(true);

    m_detail = new QLabel(this);
    m_detail->setObjectName(QStringLiteral("discoverDetail"));
    m_detail->setWordWrap(true);
    m_detail->setTextFormat(Qt::PlainText);
    m_detail->setTextInteractionFlags(Qt::TextSelectableByMouse | Qt::TextSelectableByKeyboard);
    m_detail->setMinimumHeight(fontMetrics().lineSpacing() * 2);
    setAccessible(m_detail, tr("Details of the selected row"), tr("Why a GID is recommended, or what a row means."));
    m_summary = new QLabel(this);
    m_summary->setObjectName(QStringLiteral("discoverSummary"));
    m_summary->setWordWrap(true);
    m_summary->setTextFormat(Qt::PlainText);

    auto* runRow = new QHBoxLayout;
    runRow->addWidget(m_discover);
    runRow->addWidget(m_cancel);
    runRow->addWidget(m_progress, 1);
    auto* filterRow = new QHBoxLayout;
    filterRow->addWidget(filterLabel);
    filterRow->addWidget(m_filter, 1);

    auto* layout = new QVBoxLayout(this);
    layout->addLayout(runRow);
    layout->addWidget(m_status);
    layout->addLayout(filterRow);
    layout->addWidget(m_view, 1);
    layout->addWidget(m_detail);
    layout->addWidget(m_summary);

    setTabOrder(m_discover, m_cancel);
    setTabOrder(m_cancel, m_filter);
    setTabOrder(m_filter, m_view);

    m_filter->installEventFilter(this);
    connect(m_discover, &QPushButton::clicked, this, &DiscoverPage::startDiscovery);
    connect(m_cancel, &QPushButton::clicked, this, &DiscoverPage::cancelDiscovery);
    connect(m_filter, &QLineEdit::textChanged, this, [this](const QString& text) {
        m_proxy->setFilterFixedString(text);
        if (!text.isEmpty())
            m_view->expandAll();
    });
    connect(m_view->selectionModel(), &QItemSelectionModel::currentChanged, this, &DiscoverPage::updateDetail);
    connect(&m_watcher, &QFutureWatcher<std::vector<rp::HostOutcome>>::finished, this,
        [this] { onFinished(m_runGeneration); });
    // Error and note rows carry one long text in column 0: let it span the row, in any sort/filter state.
    connect(m_proxy, &QAbstractItemModel::modelReset, this, &DiscoverPage::scheduleSpanUpdate);
    connect(m_proxy, &QAbstractItemModel::layoutChanged, this, &DiscoverPage::scheduleSpanUpdate);
    connect(m_proxy, &QAbstractItemModel::rowsInserted, this, &DiscoverPage::scheduleSpanUpdate);

    updateButtons();
}

DiscoverPage::~DiscoverPage()
{
    cancelAndWait();
}

void DiscoverPage::initializePage()
{
    if (!isRunning() && (m_discoverOnEntry || m_inventory->hosts() != m_lastRunHosts))
        QTimer::singleShot(0, this, &DiscoverPage::startDiscovery);
}

bool DiscoverPage::eventFilter(QObject* watched, QEvent* event)
{
    // Enter in the filter field filters (it already does as you type); it must not press Finish.
    if (watched == m_filter && event->type() == QEvent::KeyPress) {
        const auto* key = static_cast<QKeyEvent*>(event);
        if (key->key() == Qt::Key_Return || key->key() == Qt::Key_Enter)
            return true;
    }
    return QWizardPage::eventFilter(watched, event);
}

bool DiscoverPage::isComplete() const
{
    return !isRunning();
}

bool DiscoverPage::isRunning() const
{
    return m_watcher.isRunning();
}

void DiscoverPage::updateButtons()
{
    const bool running = isRunning();
    m_discover->setEnabled(!running && m_inventory->rowCount() > 0);
    m_cancel->setEnabled(running);
    m_cancel->setVisible(running);
}

void DiscoverPage::startDiscovery()
{
    if (isRunning())
        return;
    const std::vector<rp::HostSpec> hosts = m_inventory->hosts();
    m_lastRunHosts = hosts;
    m_discoverOnEntry = false;
    if (hosts.empty()) {
        m_model->clear();
        m_status->setText(tr("Add at least one host on the previous page."));
        return;
    }

    const quint64 generation = ++m_generation;
    m_runGeneration = generation;
    m_cancelFlag = false;
    m_model->setPendingHosts(hosts);
    m_detail->clear();
    m_summary->clear();
    m_progress->setRange(0, static_cast<int>(hosts.size()));
    m_progress->setValue(0);
    m_progress->setFormat(tr("%v of %m hosts"));
    m_status->setText(tr("Reading %n host(s)…", nullptr, static_cast<int>(hosts.size())));

    const rp::ConnectContext context = m_prompter->context(&m_cancelFlag);
    const rp::DiscoveryOptions options = m_options;
    m_watcher.setFuture(QtConcurrent::run([this, hosts, context, options, generation] {
        // Runs on worker threads; `this` outlives the run (the page waits for it before it is destroyed).
        const rp::DiscoveryProgress progress
            = [this, generation](const rp::HostOutcome& outcome, std::size_t done, std::size_t total) {
                  QMetaObject::invokeMethod(
                      this, [this, generation, outcome, done, total] { onHostDone(generation, outcome, done, total); },
                      Qt::QueuedConnection);
              };
        return rp::discoverFleet(hosts, context, options, 32, progress, &m_cancelFlag);
    }));
    updateButtons();
    emit completeChanged();
    emit discoveryStarted();
}

void DiscoverPage::onHostDone(quint64 generation, const rp::HostOutcome& outcome, std::size_t done, std::size_t total)
{
    Q_ASSERT(QThread::currentThread() == thread());
    if (generation != m_generation)
        return;
    const QString host = toQ(outcome.spec.name);
    if (outcome.state == rp::HostState::AuthFailed && outcome.spec.auth == rp::AuthMethod::Password)
        m_prompter->forgetPassword(host);
    m_model->updateHost(outcome);
    expandHost(host);
    m_progress->setRange(0, static_cast<int>(total));
    m_progress->setValue(static_cast<int>(done));
    m_status->setText(tr("Finished %1 (%2 of %3)").arg(host).arg(done).arg(total));
    emit hostDiscovered(host);
}

void DiscoverPage::onFinished(quint64 generation)
{
    Q_ASSERT(QThread::currentThread() == thread());
    if (generation != m_generation)
        return;
    const bool cancelled = m_cancelFlag.load();
    std::vector<rp::HostOutcome> results;
    if (m_watcher.future().resultCount() > 0)
        results = m_watcher.result();
    // Progress normally delivered every host already; merge whatever did not come that way.
    for (const rp::HostOutcome& outcome : results) {
        if (!m_model->outcome(toQ(outcome.spec.name))) {
            m_model->updateHost(outcome);
            expandHost(toQ(outcome.spec.name));
        }
    }
    m_model->markPending(tr("not read (cancelled)"));

    const std::vector<rp::HostOutcome> all = m_model->outcomes();
    int ok = 0;
    for (const rp::HostOutcome& o : all)
        ok += o.state == rp::HostState::Ok ? 1 : 0;
    const int failed = static_cast<int>(all.size()) - ok;
    QStringList summary;
    QString counts = tr("%n host(s) read.", nullptr, ok);
    if (failed > 0)
        counts += QLatin1Char(' ') + tr("%n host(s) failed.", nullptr, failed);
    summary << counts;
    for (const rp::HostNote& note : rp::compareRecommendations(all))
        summary << toQ(note.message);
    m_summary->setText(summary.join(QLatin1Char('\n')));
    m_status->setText(cancelled ? tr("Discovery cancelled.") : tr("Discovery finished."));

    m_view->header()->resizeSections(QHeaderView::ResizeToContents);
    const int maxName = fontMetrics().horizontalAdvance(QLatin1Char('M')) * 18;
    if (m_view->header()->sectionSize(DiscoveryModel::Name) > maxName)
        m_view->header()->resizeSection(DiscoveryModel::Name, maxName);
    updateButtons();
    emit completeChanged();
    emit discoveryFinished();
}

void DiscoverPage::cancelDiscovery()
{
    if (!isRunning())
        return;
    m_cancelFlag = true;
    m_cancel->setEnabled(false);
    m_status->setText(tr("Cancelling…"));
}

void DiscoverPage::cancelAndWait()
{
    if (!m_watcher.isRunning())
        return;
    m_cancelFlag = true;
    ++m_generation; // drop late results
    waitProcessingEvents([this] { return m_watcher.future().isFinished(); });
}

void DiscoverPage::updateDetail()
{
    const QModelIndex current = m_view->currentIndex();
    if (!current.isValid()) {
        m_detail->clear();
        return;
    }
    m_detail->setText(current.siblingAtColumn(DiscoveryModel::Name).data(DiscoveryModel::DetailRole).toString());
}

bool DiscoverPage::selectFirstRecommended()
{
    const QModelIndexList found = m_proxy->match(
        m_proxy->index(0, 0), DiscoveryModel::RecommendedRole, true, 1, Qt::MatchExactly | Qt::MatchRecursive);
    if (found.isEmpty())
        return false;
    m_view->setCurrentIndex(found.first());
    m_view->scrollTo(found.first());
    return true;
}

void DiscoverPage::expandHost(const QString& host)
{
    const QModelIndex source = m_model->hostIndex(host);
    const QModelIndex proxyIndex = m_proxy->mapFromSource(source);
    if (proxyIndex.isValid())
        m_view->expandRecursively(proxyIndex);
}

void DiscoverPage::scheduleSpanUpdate()
{
    if (m_spanUpdatePending)
        return;
    m_spanUpdatePending = true;
    QTimer::singleShot(0, this, [this] {
        m_spanUpdatePending = false;
        updateSpans({});
    });
}

void DiscoverPage::updateSpans(const QModelIndex& parent)
{
    const int rows = m_proxy->rowCount(parent);
    for (int row = 0; row < rows; ++row) {
        const QModelIndex index = m_proxy->index(row, 0, parent);
        m_view->setFirstColumnSpanned(row, parent, index.data(DiscoveryModel::FirstColumnSpannedRole).toBool());
        if (m_proxy->hasChildren(index))
            updateSpans(index);
    }
}

} // namespace rp::ui

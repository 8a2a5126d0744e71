// SPDX-License-Identifier: GPL-3.0-or-later
#include "pages/hostspage.h"

#include "dialogs/hostdialog.h"
#include "itemmodels/inventorymodel.h"
#include "remote/fleet.h"
#include "remote/openexecutor.h"
#include "support/accessibility.h"
#include "support/qtstrings.h"
#include "support/sshconfigimport.h"
#include "workers/connectprompter.h"

#include <QAction>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QKeyEvent>
#include <QLabel>
#include <QPlainTextEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QTableView>
#include <QThread>
#include <QVBoxLayout>
#include <QtConcurrent/QtConcurrentRun>

#include <algorithm>
#include <utility>

namespace rp::ui {

HostsPage::HostsPage(InventoryModel* inventory, ConnectPrompter* prompter, QWidget* parent)
    : QWizardPage(parent)
    , m_inventory(inventory)
    , m_prompter(prompter)
{
    setTitle(tr("Hosts and switches"));
    setSubTitle(tr("List the machines that take part. RoCE Pilot logs in with SSH (or runs locally for this "
                   "computer) and only reads until you confirm a change."));

    m_add = new QPushButton(tr("&Add host…"), this);
    m_edit = new QPushButton(tr("&Edit…"), this);
    m_remove = new QPushButton(tr("&Remove"), this);
    m_localhost = new QPushButton(tr("Add this &computer (localhost)"), this);
    m_import = new QPushButton(tr("Import from ~/.ssh/confi&g…"), this);
    for (QPushButton* b : { m_add, m_edit, m_remove, m_localhost, m_import })
        b->setAutoDefault(false);
    m_add->setObjectName(QStringLiteral("addHostButton"));
    m_edit->setObjectName(QStringLiteral("editHostButton"));
    m_remove->setObjectName(QStringLiteral("removeHostButton"));
    m_localhost->setObjectName(QStringLiteral("addLocalhostButton"));
    m_import->setObjectName(QStringLiteral("importSshConfigButton"));
    setAccessible(m_add, m_add->text(), tr("Opens a dialog for a new host: name, address, SSH user and key."));
    setAccessible(m_edit, m_edit->text(),
        tr("Opens the selected host in the host dialog. Enter in the table does "
           "the same."));
    setAccessible(m_remove, m_remove->text(), tr("Removes the selected hosts from the list (Delete in the table)."));
    setAccessible(m_localhost, m_localhost->text(), tr("Adds this computer, read directly without SSH."));
    setAccessible(m_import, m_import->text(), tr("Adds the hosts of your OpenSSH client configuration."));

    m_view = new QTableView(this);
    m_view->setObjectName(QStringLiteral("hostsTable"));
    m_view->setModel(m_inventory);
    m_view->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_view->setSelectionMode(QAbstractItemView::ExtendedSelection);
    m_view->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_view->setTabKeyNavigation(false);
    m_view->verticalHeader()->hide();
    m_view->horizontalHeader()->setStretchLastSection(true);
    m_view->horizontalHeader()->setSectionResizeMode(QHeaderView::Interactive);
    m_view->setAlternatingRowColors(true);
    m_view->setWordWrap(false);
    m_view->setTextElideMode(Qt::ElideMiddle);
    setAccessible(m_view, tr("Hosts"),
        tr("The hosts of this project: name, address, user, authentication, kind and the last connection test. "
           "Enter edits the current host, Delete removes the selected ones."));
    auto* deleteAction = new QAction(tr("Remove selected hosts"), m_view);
    deleteAction->setShortcut(QKeySequence::Delete);
    deleteAction->setShortcutContext(Qt::WidgetShortcut);
    m_view->addAction(deleteAction);
    connect(deleteAction, &QAction::triggered, this, &HostsPage::removeSelectedHosts);

    m_test = new QPushButton(tr("&Test connection"), this);
    m_test->setAutoDefault(false);
    m_test->setObjectName(QStringLiteral("testConnectionButton"));
    m_test->setToolTip(tr("Log in to the selected hosts and run \"uname -n\"."));
    m_cancel = new QPushButton(tr("Cance&l test"), this);
    m_cancel->setObjectName(QStringLiteral("cancelTestButton"));
    m_cancel->setAutoDefault(false);
    setAccessible(m_test, m_test->text(), m_test->toolTip());
    setAccessible(m_cancel, m_cancel->text(), tr("Stops the running connection test."));
    for (QPushButton* b : { m_test, m_cancel })
        b->setSizePolicy(QSizePolicy::Fixed, QSizePolicy::Fixed);
    m_progress = new QProgressBar(this);
    m_progress->setTextVisible(true);
    m_progress->setFormat(tr("%v of %m"));
    m_progress->setVisible(false);
    setAccessible(m_progress, tr("Connection test progress"), tr("How many of the selected hosts were tested."));
    m_message = new QLabel(this);
    m_message->setWordWrap(true);
    m_message->setTextFormat(Qt::PlainText);
    m_message->setObjectName(QStringLiteral("hostsMessage"));
    m_results = new QPlainTextEdit(this);
    m_results->setReadOnly(true);
    m_results->setMaximumBlockCount(1000);
    m_results->setPlaceholderText(tr("Connection test results appear here."));
    setAccessible(m_results, tr("Connection test results"),
        tr("One line per tested host: connected with its node name, or the error and why."));
    m_results->setMaximumHeight(fontMetrics().lineSpacing() * 6);
    m_results->setTabChangesFocus(true);

    auto* buttons = new QHBoxLayout;
    buttons->addWidget(m_add);
    buttons->addWidget(m_edit);
    buttons->addWidget(m_remove);
    buttons->addStretch(1);
    buttons->addWidget(m_localhost);
    buttons->addWidget(m_import);

    auto* testRow = new QHBoxLayout;
    testRow->addWidget(m_test);
    testRow->addWidget(m_cancel);
    testRow->addWidget(m_progress, 1);
    testRow->addStretch(); // keeps the buttons left while the progress bar is hidden

    auto* layout = new QVBoxLayout(this);
    layout->addLayout(buttons);
    layout->addWidget(m_view, 1);
    layout->addWidget(m_message);
    layout->addLayout(testRow);
    layout->addWidget(m_results);

    setTabOrder(m_add, m_edit);
    setTabOrder(m_edit, m_remove);
    setTabOrder(m_remove, m_localhost);
    setTabOrder(m_localhost, m_import);
    setTabOrder(m_import, m_view);
    setTabOrder(m_view, m_test);
    setTabOrder(m_test, m_cancel);
    setTabOrder(m_cancel, m_results);

    connect(m_add, &QPushButton::clicked, this, &HostsPage::addHost);
    connect(m_edit, &QPushButton::clicked, this, [this] {
        const QList<int> rows = selectedRows();
        if (!rows.isEmpty())
            editHost(rows.first());
    });
    connect(m_remove, &QPushButton::clicked, this, &HostsPage::removeSelectedHosts);
    connect(m_localhost, &QPushButton::clicked, this, &HostsPage::addLocalhost);
    connect(m_import, &QPushButton::clicked, this, [this] {
        QString path = defaultSshConfigPath();
        if (!QFileInfo::exists(path))
            path = QFileDialog::getOpenFileName(this, tr("OpenSSH client configuration"), QDir::homePath());
        if (!path.isEmpty())
            importSshConfig(path);
    });
    // Enter edits the current host. Handled here, not through activated(): the view passes Enter on, and the
    // wizard would then also press Next.
    m_view->installEventFilter(this);
    connect(m_view, &QTableView::doubleClicked, this, [this](const QModelIndex& index) { editHost(index.row()); });
    connect(m_test, &QPushButton::clicked, this, [this] { testConnections(); });
    connect(m_cancel, &QPushButton::clicked, this, &HostsPage::cancelTest);
    connect(m_view->selectionModel(), &QItemSelectionModel::selectionChanged, this, &HostsPage::updateButtons);
    connect(m_inventory, &InventoryModel::hostsChanged, this, [this] {
        m_view->resizeColumnsToContents();
        updateButtons();
        emit completeChanged();
    });
    connect(m_inventory, &QAbstractItemModel::modelReset, this, &HostsPage::updateButtons);
    connect(&m_watcher, &QFutureWatcher<void>::finished, this, [this] { onTestFinished(m_runGeneration); });

    updateButtons();
}

HostsPage::~HostsPage()
{
    cancelAndWait();
}

bool HostsPage::eventFilter(QObject* watched, QEvent* event)
{
    if (watched == m_view && event->type() == QEvent::KeyPress) {
        const auto* key = static_cast<QKeyEvent*>(event);
        if ((key->key() == Qt::Key_Return || key->key() == Qt::Key_Enter) && m_view->currentIndex().isValid()) {
            editHost(m_view->currentIndex().row());
            return true;
        }
    }
    return QWizardPage::eventFilter(watched, event);
}

bool HostsPage::isComplete() const
{
    return m_inventory->rowCount() > 0;
}

QList<int> HostsPage::selectedRows() const
{
    QList<int> rows;
    const QModelIndexList selected = m_view->selectionModel()->selectedRows();
    for (const QModelIndex& i : selected)
        rows << i.row();
    std::sort(rows.begin(), rows.end());
    return rows;
}

void HostsPage::updateButtons()
{
    const bool testing = isTesting();
    const int selected = static_cast<int>(selectedRows().size());
    m_edit->setEnabled(selected == 1 && !testing);
    m_remove->setEnabled(selected > 0 && !testing);
    m_add->setEnabled(!testing);
    m_localhost->setEnabled(!testing);
    m_import->setEnabled(!testing);
    m_test->setEnabled(selected > 0 && !testing);
    m_cancel->setEnabled(testing);
    m_cancel->setVisible(testing);
}

void HostsPage::showMessage(const QString& text)
{
    m_message->setText(text);
}

void HostsPage::appendResult(const QString& text)
{
    m_results->appendPlainText(text);
}

void HostsPage::addHost()
{
    rp::HostSpec blank;
    HostDialog dialog(blank, m_inventory->hostNames(), this);
    if (dialog.exec() != QDialog::Accepted)
        return;
    m_inventory->addHost(dialog.host());
    m_view->selectRow(m_inventory->rowCount() - 1);
}

void HostsPage::editHost(int row)
{
    if (row < 0 || row >= m_inventory->rowCount() || isTesting())
        return;
    QStringList others = m_inventory->hostNames();
    others.removeAt(row);
    HostDialog dialog(m_inventory->host(row), others, this);
    if (dialog.exec() != QDialog::Accepted)
        return;
    m_prompter->forgetPassword(toQ(m_inventory->host(row).name));
    m_inventory->setHost(row, dialog.host());
}

void HostsPage::removeSelectedHosts()
{
    if (isTesting())
        return;
    m_inventory->removeHosts(selectedRows());
}

void HostsPage::addLocalhost()
{
    const QString name = QStringLiteral("localhost");
    if (const int row = m_inventory->rowOf(name); row >= 0) {
        m_view->selectRow(row);
        showMessage(tr("This computer is already in the list as \"localhost\"."));
        return;
    }
    rp::HostSpec spec;
    spec.name = "localhost";
    spec.address = "localhost";
    spec.local = true;
    m_inventory->addHost(spec);
    m_view->selectRow(m_inventory->rowCount() - 1);
    showMessage(tr("Added this computer; it is read directly, without SSH."));
}

void HostsPage::importSshConfig(const QString& path)
{
    QString user = qEnvironmentVariable("USER");
    if (user.isEmpty())
        user = QStringLiteral("root");
    const SshConfigImport imported = importSshConfigFile(path, QDir::homePath(), user);
    if (!imported.error.isEmpty()) {
        showMessage(imported.error);
        return;
    }
    int added = 0;
    QStringList existing;
    for (const rp::HostSpec& spec : imported.hosts) {
        if (m_inventory->contains(toQ(spec.name))) {
            existing << toQ(spec.name);
            continue;
        }
        m_inventory->addHost(spec);
        ++added;
    }
    QStringList parts;
    parts << tr("Imported %n host(s) from %1.", nullptr, added).arg(QDir::toNativeSeparators(path));
    if (!existing.isEmpty())
        parts << tr("Already in the list: %1.").arg(existing.join(QStringLiteral(", ")));
    if (!imported.skippedPatterns.isEmpty())
        parts << tr("Skipped wildcard patterns: %1.").arg(imported.skippedPatterns.join(QStringLiteral(", ")));
    showMessage(parts.join(QLatin1Char(' ')));
}

bool HostsPage::isTesting() const
{
    return m_watcher.isRunning();
}

HostsPage::TestResult HostsPage::testOne(const rp::HostSpec& spec, const rp::ConnectContext& context)
{
    TestResult result;
    auto executor = rp::openExecutor(spec, context);
    if (!executor) {
        result.error = executor.error();
        return result;
    }
    rp::ExecOptions options;
    options.timeout = std::chrono::seconds(20);
    options.cancel = context.cancel;
    auto ran = (*executor)->run(rp::Command { "uname", "-n" }, options);
    if (!ran) {
        result.error = ran.error();
        return result;
    }
    result.exitStatus = ran->exitStatus;
    result.nodeName = ran->out;
    result.stdErr = ran->err;
    return result;
}

void HostsPage::testConnections(QList<int> rows)
{
    if (isTesting())
        return;
    if (rows.isEmpty())
        rows = selectedRows();
    std::vector<rp::HostSpec> specs;
    m_testing.clear();
    for (int row : rows) {
        if (row < 0 || row >= m_inventory->rowCount())
            continue;
        specs.push_back(m_inventory->host(row));
        m_testing << toQ(specs.back().name);
        m_inventory->setConnectionState(m_testing.back(), InventoryModel::ConnectionState::Testing, tr("Testing…"));
    }
    if (specs.empty())
        return;

    const quint64 generation = ++m_generation;
    m_runGeneration = generation;
    m_cancelFlag = false;
    m_progress->setRange(0, static_cast<int>(specs.size()));
    m_progress->setValue(0);
    m_progress->setVisible(true);
    showMessage(tr("Testing %n host(s)…", nullptr, static_cast<int>(specs.size())));

    const rp::ConnectContext context = m_prompter->context(&m_cancelFlag);
    m_watcher.setFuture(QtConcurrent::run([this, specs, context, generation] {
        std::atomic<std::size_t> done { 0 };
        const std::size_t total = specs.size();
        rp::runBounded(
            total, 8,
            [&](std::size_t i) {
                const TestResult result = testOne(specs[i], context);
                const std::size_t finished = ++done;
                const QString host = toQ(specs[i].name);
                const bool password = specs[i].auth == rp::AuthMethod::Password && !specs[i].local;
                // `this` outlives the worker: the page waits for it before it is destroyed.
                QMetaObject::invokeMethod(
                    this,
                    [this, generation, host, password, result, finished, total] {
                        onTestResult(generation, host, password, result, finished, total);
                    },
                    Qt::QueuedConnection);
            },
            &m_cancelFlag);
    }));
    updateButtons();
}

void HostsPage::onTestResult(quint64 generation, const QString& host, bool password, const TestResult& result,
    std::size_t done, std::size_t total)
{
    Q_ASSERT(QThread::currentThread() == thread());
    if (generation != m_generation)
        return;
    m_progress->setValue(static_cast<int>(done));
    m_progress->setFormat(tr("%1 of %2, last: %3").arg(done).arg(total).arg(host));
    m_testing.removeAll(host);

    if (result.error) {
        const rp::Error& e = *result.error;
        if (password && e.kind == rp::ErrorKind::AuthFailed)
            m_prompter->forgetPassword(host);
        const QString text = tr("%1: %2 (%3)").arg(host, toQ(e.message), QString::fromUtf8(rp::toString(e.kind)));
        m_inventory->setConnectionState(host, InventoryModel::ConnectionState::Failed, toQ(e.describe()));
        appendResult(text);
        return;
    }
    if (result.exitStatus != 0) {
        const QString err = toQ(result.stdErr).trimmed();
        const QString text = tr("%1: connected, but \"uname -n\" exited with status %2: %3")
                                 .arg(host)
                                 .arg(result.exitStatus)
                                 .arg(err.isEmpty() ? tr("no error output") : err);
        m_inventory->setConnectionState(host, InventoryModel::ConnectionState::Failed, text);
        appendResult(text);
        return;
    }
    const QString node = toQ(result.nodeName).trimmed();
    const QString text = tr("%1: connected, node name \"%2\"").arg(host, node);
    m_inventory->setConnectionState(host, InventoryModel::ConnectionState::Ok, text);
    appendResult(text);
}

void HostsPage::onTestFinished(quint64 generation)
{
    Q_ASSERT(QThread::currentThread() == thread());
    if (generation != m_generation)
        return;
    const bool cancelled = m_cancelFlag.load();
    for (const QString& host : std::as_const(m_testing)) {
        m_inventory->setConnectionState(
            host, InventoryModel::ConnectionState::Untested, cancelled ? tr("Test cancelled") : tr("Not tested"));
    }
    m_testing.clear();
    m_progress->setVisible(false);
    showMessage(cancelled ? tr("Connection test cancelled.") : tr("Connection test finished."));
    updateButtons();
    emit connectionTestFinished();
}

void HostsPage::cancelTest()
{
    m_cancelFlag = true;
    m_cancel->setEnabled(false);
    showMessage(tr("Cancelling…"));
}

void HostsPage::cancelAndWait()
{
    if (!m_watcher.isRunning())
        return;
    m_cancelFlag = true;
    ++m_generation; // drop late results
    waitProcessingEvents([this] { return m_watcher.future().isFinished(); });
}

} // namespace rp::ui

// SPDX-License-Identifier: GPL-3.0-or-later
#include "dialogs/journalsdialog.h"
#include "support/accessibility.h"

#include "inventory/inventory.h"
#include "itemmodels/hostprogressmodel.h"
#include "itemmodels/journallistmodel.h"
#include "itemmodels/stepmodel.h"
#include "support/qtstrings.h"
#include "widgets/readonlytable.h"
#include "workers/applyrunner.h"
#include "workers/connectprompter.h"

#include <QCloseEvent>
#include <QDateTime>
#include <QDialogButtonBox>
#include <QDir>
#include <QFontDatabase>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QSplitter>
#include <QTableView>
#include <QThread>
#include <QVBoxLayout>
#include <QtConcurrent/QtConcurrentRun>

#include <algorithm>

namespace rp::ui {

namespace { } // namespace

JournalsDialog::JournalsDialog(ConnectPrompter* prompter, const QString& dir, QWidget* parent)
    : QDialog(parent)
    , m_prompter(prompter)
    , m_dir(dir)
    , m_list(new JournalListModel(this))
    , m_hosts(new HostProgressModel(this))
    , m_steps(new StepModel(this))
    , m_runner(new ApplyRunner(this))
{
    setObjectName(QStringLiteral("journalsDialog"));
    setWindowTitle(tr("Journals — RoCE Pilot"));

    m_status = new QLabel(this);
    m_status->setObjectName(QStringLiteral("journalsStatus"));
    m_status->setWordWrap(true);
    m_status->setTextFormat(Qt::PlainText);
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);

    m_switches = new QLabel(this);
    m_switches->setObjectName(QStringLiteral("journalSwitches"));
    m_switches->setWordWrap(true);
    m_switches->setTextFormat(Qt::PlainText);
    m_switches->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_switches->hide();

    m_listView = makeReadOnlyTable(m_list, QStringLiteral("journalList"), tr("Journals"), this, true);
    m_hostView
        = makeReadOnlyTable(m_hosts, QStringLiteral("journalHosts"), tr("Hosts of the selected journal"), this, true);
    m_stepView
        = makeReadOnlyTable(m_steps, QStringLiteral("journalSteps"), tr("Steps of the selected host"), this, true);
    m_log = new QPlainTextEdit(this);
    m_log->setObjectName(QStringLiteral("journalLog"));
    m_log->setReadOnly(true);
    m_log->setLineWrapMode(QPlainTextEdit::NoWrap);
    m_log->setTabChangesFocus(true);
    for (QTableView* v : { m_listView, m_hostView, m_stepView })
        v->setTabKeyNavigation(false);
    m_log->setMaximumBlockCount(5000);
    m_log->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_log->setPlaceholderText(tr("The log of a rollback or resume appears here."));
    m_progress = new QProgressBar(this);
    m_progress->setRange(0, 1);
    m_progress->setValue(0);
    m_progress->setTextVisible(false);
    m_progress->hide(); // shown while a rollback or resume runs
    m_listView->setAccessibleDescription(
        tr("Every apply run, newest first: when, its hosts and its outcome. Damaged files are listed with their "
           "error."));
    m_hostView->setAccessibleDescription(tr("The hosts of the selected run and how far each got."));
    m_stepView->setAccessibleDescription(tr("The steps of the selected host as the journal recorded them."));
    setAccessible(m_log, tr("Journal log"), m_log->placeholderText());

    m_refresh = new QPushButton(tr("Re&fresh"), this);
    m_refresh->setAutoDefault(false);
    m_rollback = new QPushButton(tr("&Roll back…"), this);
    m_rollback->setObjectName(QStringLiteral("journalRollbackButton"));
    m_rollback->setAutoDefault(false);
    m_rollback->setToolTip(tr("Undo every step this run made, in reverse order, and compare each host with its "
                              "snapshot."));
    m_resume = new QPushButton(tr("Re&sume…"), this);
    m_resume->setObjectName(QStringLiteral("journalResumeButton"));
    m_resume->setAutoDefault(false);
    m_resume->setToolTip(tr("Continue a run that never ended: steps verified before are read back again, the "
                            "others run."));
    m_close = new QPushButton(tr("&Close"), this);
    m_close->setAutoDefault(false);
    setAccessible(m_refresh, m_refresh->text(), tr("Reads the journal folder again."));
    setAccessible(m_rollback, m_rollback->text(), m_rollback->toolTip());
    setAccessible(m_resume, m_resume->text(), m_resume->toolTip());
    setAccessible(m_close, m_close->text(), tr("Closes this window; a running rollback or resume goes on."));

    auto* buttons = new QHBoxLayout;
    buttons->addWidget(m_refresh);
    buttons->addWidget(m_rollback);
    buttons->addWidget(m_resume);
    buttons->addWidget(m_progress, 1);
    buttons->addStretch(1);
    buttons->addWidget(m_close);

    auto* hostsSplit = new QSplitter(Qt::Horizontal, this);
    hostsSplit->addWidget(m_hostView);
    hostsSplit->addWidget(m_stepView);
    hostsSplit->setStretchFactor(0, 2);
    hostsSplit->setStretchFactor(1, 3);
    auto* split = new QSplitter(Qt::Vertical, this);
    split->setChildrenCollapsible(false);
    split->addWidget(m_listView);
    split->addWidget(hostsSplit);
    split->addWidget(m_log);
    split->setStretchFactor(0, 2);
    split->setStretchFactor(1, 3);
    split->setStretchFactor(2, 1);

    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_status);
    layout->addWidget(split, 1);
    layout->addWidget(m_switches);
    layout->addLayout(buttons);

    connect(m_refresh, &QPushButton::clicked, this, &JournalsDialog::refresh);
    connect(m_rollback, &QPushButton::clicked, this, [this] { confirmAndStart(false); });
    connect(m_resume, &QPushButton::clicked, this, [this] { confirmAndStart(true); });
    connect(m_close, &QPushButton::clicked, this, &JournalsDialog::reject);
    connect(&m_listWatcher, &QFutureWatcher<std::vector<rp::apply::JournalSummary>>::finished, this,
        &JournalsDialog::onListed);
    connect(&m_loadWatcher, &QFutureWatcher<rp::Result<rp::apply::Journal>>::finished, this,
        [this] { onLoaded(m_loadWatcherGeneration); });
    connect(m_listView->selectionModel(), &QItemSelectionModel::currentRowChanged, this, &JournalsDialog::onSelected);
    connect(m_hostView->selectionModel(), &QItemSelectionModel::currentRowChanged, this, &JournalsDialog::updateSteps);
    connect(m_hosts, &HostProgressModel::stepsChanged, this, [this] { updateSteps(); });
    connect(m_hosts, &QAbstractItemModel::modelReset, this, [this] {
        if (m_hosts->rowCount() > 0)
            m_hostView->setCurrentIndex(m_hosts->index(0, 0));
        else
            updateSteps();
    });
    connect(m_runner, &ApplyRunner::eventArrived, this, &JournalsDialog::onEvent);
    connect(m_runner, &ApplyRunner::finished, this, [this] {
        const ApplyRunner::Outcome& outcome = m_runner->outcome();
        m_progress->setRange(0, 1);
        m_progress->setValue(1);
        m_progress->hide();
        bool ok = false;
        const QString stamp = QDateTime::currentDateTime().toString(QStringLiteral("HH:mm:ss  "));
        if (!outcome) {
            const QString why = toQ(outcome.error().describe());
            m_log->appendPlainText(stamp + tr("Nothing was done: %1").arg(why));
            m_status->setText(tr("Nothing was done: %1").arg(why));
        } else {
            ok = outcome->ok;
            m_shown = outcome->journal;
            m_hosts->setJournal(outcome->journal);
            showSwitches();
            rp::apply::JournalSummary s;
            s.state = outcome->journal.state;
            const QString text = tr("Journal %1: %2.").arg(toQ(outcome->journal.id), JournalListModel::outcomeText(s));
            m_log->appendPlainText(stamp + text);
            m_status->setText(text);
        }
        m_pendingSelect = m_runningPath;
        m_runningPath.clear();
        updateButtons();
        refresh();
        emit runFinished(ok);
    });

    resize(1000, 680);
    updateButtons();
    refresh();
}

JournalsDialog::~JournalsDialog()
{
    cancelAndWait();
    if (m_listWatcher.isRunning())
        m_listWatcher.waitForFinished();
    if (m_loadWatcher.isRunning())
        m_loadWatcher.waitForFinished();
}

std::vector<rp::apply::JournalSummary> JournalsDialog::unfinished(
    const std::vector<rp::apply::JournalSummary>& summaries)
{
    std::vector<rp::apply::JournalSummary> out;
    for (const auto& s : summaries) {
        if (s.error.empty() && s.state == "running")
            out.push_back(s);
    }
    return out;
}

void JournalsDialog::refresh()
{
    if (m_listWatcher.isRunning())
        return;
    if (m_pendingSelect.isEmpty())
        m_pendingSelect = selectedPath();
    m_status->setText(tr("Reading %1…").arg(QDir::toNativeSeparators(m_dir)));
    m_listWatcher.setFuture(QtConcurrent::run([dir = toStd(m_dir)] { return rp::apply::listJournals(dir); }));
}

void JournalsDialog::onListed()
{
    Q_ASSERT(QThread::currentThread() == thread());
    const auto journals = m_listWatcher.result();
    const std::size_t open = unfinished(journals).size();
    m_list->setJournals(journals);
    // A damaged file's error is long: the outcome column stays readable and the hosts stay in view (tooltip).
    m_listView->horizontalHeader()->setSectionResizeMode(QHeaderView::Interactive);
    m_listView->resizeColumnsToContents();
    const int em = fontMetrics().horizontalAdvance(QLatin1Char('M'));
    m_listView->setColumnWidth(
        JournalListModel::Outcome, std::min(m_listView->columnWidth(JournalListModel::Outcome), em * 24));
    QString status = journals.empty()
        ? tr("No journals in %1 yet: every apply writes one.").arg(QDir::toNativeSeparators(m_dir))
        : tr("%n run(s) in %1, newest first.", nullptr, static_cast<int>(journals.size()))
              .arg(QDir::toNativeSeparators(m_dir));
    if (open > 0)
        status += QLatin1Char(' ')
            + tr("%n run(s) never finished (RoCE Pilot was closed or killed during it): resume or roll back.", nullptr,
                static_cast<int>(open));
    m_status->setText(status);
    const int row = m_pendingSelect.isEmpty() ? (journals.empty() ? -1 : 0) : m_list->rowOfPath(m_pendingSelect);
    m_pendingSelect.clear();
    if (row >= 0)
        m_listView->setCurrentIndex(m_list->index(row, 0));
    else
        onSelected();
    updateButtons();
    emit refreshed();
}

void JournalsDialog::selectJournal(const QString& path)
{
    const int row = m_list->rowOfPath(path);
    if (row >= 0 && !m_listWatcher.isRunning()) {
        m_listView->setCurrentIndex(m_list->index(row, 0));
        return;
    }
    m_pendingSelect = path;
    refresh();
}

QString JournalsDialog::selectedPath() const
{
    const QModelIndex current = m_listView->currentIndex();
    return current.isValid() ? current.data(JournalListModel::PathRole).toString() : QString();
}

void JournalsDialog::onSelected()
{
    if (isRunning())
        return; // the running journal is shown live; the list follows when it ends
    const QModelIndex current = m_listView->currentIndex();
    ++m_loadGeneration; // a load still running for another row is dropped when it ends
    m_shown.reset();
    showSwitches();
    if (!current.isValid() || current.data(JournalListModel::DamagedRole).toBool()) {
        m_hosts->clear(); // a damaged file's error is in its row (and its tooltip)
        updateButtons();
        emit journalShown();
        return;
    }
    const QString path = current.data(JournalListModel::PathRole).toString();
    const quint64 generation = m_loadGeneration;
    m_loadWatcher.setFuture(QtConcurrent::run([path = toStd(path)] { return rp::apply::loadJournal(path); }));
    m_loadWatcherGeneration = generation;
    updateButtons();
}

void JournalsDialog::onLoaded(quint64 generation)
{
    Q_ASSERT(QThread::currentThread() == thread());
    if (generation != m_loadGeneration || isRunning())
        return;
    const auto loaded = m_loadWatcher.result();
    if (!loaded) {
        m_hosts->clear();
        m_status->setText(toQ(loaded.error().describe()));
    } else {
        m_shown = *loaded;
        m_hosts->setJournal(*loaded);
        showSwitches();
    }
    updateButtons();
    emit journalShown();
}

void JournalsDialog::showSwitches()
{
    QStringList lines;
    if (m_shown) {
        for (const rp::apply::SwitchRecord& sw : m_shown->switches)
            lines << tr("%1 (switch): %2 — %3").arg(toQ(sw.name), toQ(sw.state), toQ(sw.message));
    }
    m_switches->setText(lines.join(QLatin1Char('\n')));
    m_switches->setVisible(!lines.isEmpty());
}

void JournalsDialog::updateSteps()
{
    const QModelIndex current = m_hostView->currentIndex();
    const rp::apply::HostRecord* h = current.isValid()
        ? m_hosts->host(current.siblingAtColumn(HostProgressModel::Host).data().toString())
        : nullptr;
    m_steps->setSteps(h ? h->steps : std::vector<rp::apply::StepRecord> {}, m_hosts->isDryRun());
}

void JournalsDialog::updateButtons()
{
    const bool running = isRunning();
    const bool rollbackable
        = m_shown && m_shown->mode != "dry-run" && m_shown->mode != "verify" && m_shown->state != "rolled-back";
    const bool unfinished = m_shown && !rp::apply::journalFinished(*m_shown);
    m_rollback->setEnabled(!running && rollbackable);
    m_resume->setEnabled(!running && unfinished);
    m_refresh->setEnabled(!running);
    m_listView->setEnabled(!running);
}

void JournalsDialog::confirmAndStart(bool resume)
{
    if (!m_shown || isRunning())
        return;
    QStringList hosts;
    for (const auto& h : m_shown->hosts)
        hosts << toQ(h.name);
    const QString text = resume
        ? tr("Resume journal %1 on %n host(s): %2?\n\nSteps verified before are read back again; the others run, "
             "each read back after it runs.",
            nullptr, static_cast<int>(hosts.size()))
              .arg(toQ(m_shown->id), hosts.join(QStringLiteral(", ")))
        : tr("Roll back journal %1 on %n host(s): %2?\n\nEvery step that ran is undone in reverse order, then each "
             "host is read back and compared with its snapshot.",
            nullptr, static_cast<int>(hosts.size()))
              .arg(toQ(m_shown->id), hosts.join(QStringLiteral(", ")));
    QMessageBox box(QMessageBox::Warning, resume ? tr("Resume") : tr("Roll back"), text, QMessageBox::NoButton, this);
    box.setObjectName(QStringLiteral("journalConfirmation"));
    box.setTextFormat(Qt::PlainText);
    QPushButton* go = box.addButton(resume ? tr("Re&sume") : tr("&Roll back"), QMessageBox::AcceptRole);
    go->setObjectName(QStringLiteral("confirmButton"));
    QPushButton* cancel = box.addButton(QMessageBox::Cancel);
    box.setDefaultButton(cancel);
    box.setEscapeButton(cancel);
    box.exec();
    if (box.clickedButton() == go)
        start(toQ(m_shown->path), resume);
}

bool JournalsDialog::startRollback(const QString& path)
{
    return start(path, false);
}

bool JournalsDialog::startResume(const QString& path)
{
    return start(path, true);
}

bool JournalsDialog::start(const QString& path, bool resume)
{
    Q_ASSERT(QThread::currentThread() == thread());
    if (isRunning())
        return false;
    const rp::ConnectContext context = m_prompter->context(m_runner->abortFlag());
    if (m_shown && toQ(m_shown->path) == path)
        m_hosts->setJournal(*m_shown);
    m_hosts->setMode(resume ? QStringLiteral("apply") : QStringLiteral("rollback"));
    m_runningPath = path;
    m_progress->setRange(0, 0);
    m_progress->show();
    m_log->appendPlainText(QDateTime::currentDateTime().toString(QStringLiteral("HH:mm:ss  "))
        + (resume ? tr("Resuming %1…") : tr("Rolling back %1…")).arg(QDir::toNativeSeparators(path)));
    auto job = [path = toStd(path), context, resume](const rp::apply::Options& o) {
        // The hosts are reached as the run reached them: the journal's inventory names its known_hosts.
        rp::ConnectContext ctx = context;
        if (auto j = rp::apply::loadJournal(path); j) {
            if (auto inv = rp::parseInventory(j->inventoryYaml, path); inv && !inv->knownHostsFile.empty())
                ctx.knownHostsFile = inv->knownHostsFile;
        }
        return resume ? rp::apply::resume(path, ctx, o) : rp::apply::rollback(path, ctx, o);
    };
    m_runner->start(std::move(job), rp::apply::Options {});
    updateButtons();
    return true;
}

bool JournalsDialog::isRunning() const
{
    return m_runner->isRunning();
}

void JournalsDialog::cancelAndWait()
{
    m_runner->cancelAndWait();
}

void JournalsDialog::onEvent(const rp::apply::Event& event)
{
    Q_ASSERT(QThread::currentThread() == thread());
    QString line = QDateTime::currentDateTime().toString(QStringLiteral("HH:mm:ss  "));
    if (!event.host.empty())
        line += toQ(event.host) + QStringLiteral(": ");
    if (!event.step.empty())
        line += toQ(event.step) + QStringLiteral(": ");
    m_log->appendPlainText(line + toQ(event.text));
    m_hosts->applyEvent(event);
}

void JournalsDialog::closeEvent(QCloseEvent* event)
{
    if (isRunning()) {
        // A rollback half-way is worse than waiting for it: the dialog stays until it ends.
        m_status->setText(tr("Wait for the run to end; it cannot be left half-way."));
        event->ignore();
        return;
    }
    QDialog::closeEvent(event);
}

void JournalsDialog::reject()
{
    if (isRunning()) {
        m_status->setText(tr("Wait for the run to end; it cannot be left half-way."));
        return;
    }
    QDialog::reject();
}

} // namespace rp::ui

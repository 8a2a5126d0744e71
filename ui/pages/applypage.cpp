// SPDX-License-Identifier: GPL-3.0-or-later
#include "pages/applypage.h"

#include "support/accessibility.h"

#include "itemmodels/hostprogressmodel.h"
#include "itemmodels/journallistmodel.h"
#include "itemmodels/stepmodel.h"
#include "support/qtstrings.h"
#include "switchcli/cli_text.h"
#include "widgets/readonlytable.h"
#include "workers/applyrunner.h"
#include "workers/connectprompter.h"

#include <QComboBox>
#include <QDateTime>
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
#include <QSpinBox>
#include <QSplitter>
#include <QTableView>
#include <QThread>
#include <QTimer>
#include <QVBoxLayout>

namespace rp::ui {

using rp::apply::Event;
using rp::apply::HostRecord;
using rp::apply::StepRecord;

namespace {

QString outcomeOf(const rp::apply::Journal& journal)
{
    rp::apply::JournalSummary s;
    s.state = journal.state;
    return JournalListModel::outcomeText(s);
}

} // namespace

ApplyPage::ApplyPage(ConnectPrompter* prompter, QWidget* parent)
    : QWizardPage(parent)
    , m_prompter(prompter)
    , m_runner(new ApplyRunner(this))
    , m_hosts(new HostProgressModel(this))
    , m_steps(new StepModel(this))
{
    setTitle(tr("Apply"));
    setSubTitle(tr("Apply the plan to the hosts it was made for. Every host is read afresh first; each step is read "
                   "back after it runs; a journal keeps the state before the change, so every run can be rolled "
                   "back. Start with a dry run to see what will change."));

    m_status = new QLabel(this);
    m_status->setObjectName(QStringLiteral("applyStatus"));
    m_status->setWordWrap(true);
    m_status->setTextFormat(Qt::PlainText);
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);

    auto button = [this](const QString& text, const QString& name, const QString& tip) {
        auto* b = new QPushButton(text, this);
        b->setObjectName(name);
        b->setAutoDefault(false);
        b->setToolTip(tip);
        setAccessible(b, text, tip);
        return b;
    };
    m_dryRun = button(tr("D&ry run"), QStringLiteral("dryRunButton"),
        tr("Read every host afresh and show, per step, what would run and what is already so. Changes nothing."));
    m_apply = button(tr("&Apply…"), QStringLiteral("applyButton"),
        tr("Apply the plan to its hosts, after a confirmation that names them."));
    m_verify = button(tr("V&erify"), QStringLiteral("verifyButton"),
        tr("Read every step of every host back and compare it with the plan. Changes nothing."));
    m_rollback = button(tr("R&oll back…"), QStringLiteral("rollbackButton"),
        tr("Undo the last apply on every host, in reverse order, and compare each host with its snapshot."));
    m_cancel = button(tr("Cance&l run"), QStringLiteral("cancelRunButton"),
        tr("Finish the step that runs now, then roll back as the policy says."));

    m_policy = new QComboBox(this);
    m_policy->setObjectName(QStringLiteral("policyCombo"));
    m_policy->addItem(tr("A failed host rolls back every host"), int(rp::apply::Policy::StopAll));
    m_policy->addItem(tr("A failed host rolls back alone"), int(rp::apply::Policy::Continue));
    m_policy->setToolTip(tr("What happens to the other hosts when one fails."));
    setAccessible(m_policy, tr("Failure policy"), m_policy->toolTip());
    m_timeout = new QSpinBox(this);
    m_timeout->setObjectName(QStringLiteral("deadmanTimeout"));
    m_timeout->setRange(5, 3600);
    m_timeout->setValue(60);
    m_timeout->setSuffix(tr(" s"));
    m_timeout->setToolTip(tr("A step that may cut the SSH session runs under a dead-man: the host undoes it by itself "
                             "unless RoCE Pilot reconnects and confirms within this time."));
    auto* timeoutLabel = new QLabel(tr("&Dead-man:"), this);
    timeoutLabel->setBuddy(m_timeout);
    setAccessible(m_timeout, tr("Dead-man timeout"), m_timeout->toolTip());

    m_progress = new QProgressBar(this);
    m_progress->setObjectName(QStringLiteral("applyProgress"));
    m_progress->setRange(0, 1);
    m_progress->setValue(0);
    m_progress->setFormat(tr("%v of %m hosts"));
    setAccessible(m_progress, tr("Run progress"),
        tr("How many hosts the running dry run, apply, verify or rollback "
           "has finished."));

    m_deadman = new QLabel(this);
    m_deadman->setObjectName(QStringLiteral("deadmanLabel"));
    m_deadman->setTextFormat(Qt::PlainText);
    m_deadman->setWordWrap(true);
    m_deadman->setStyleSheet(
        QStringLiteral("QLabel { background: #fff3cd; color: #4d3800; border: 1px solid #d9b44a; padding: 4px; }"));
    m_deadman->hide();

    m_hostView = makeReadOnlyTable(m_hosts, QStringLiteral("applyHosts"), tr("Hosts"), this);
    m_stepsTitle = new QLabel(tr("Steps"), this);
    m_stepsTitle->setTextFormat(Qt::PlainText);
    m_stepView = makeReadOnlyTable(m_steps, QStringLiteral("applySteps"), tr("Steps of the selected host"), this);
    // Tab leaves the tables; the arrow keys move between rows.
    m_hostView->setTabKeyNavigation(false);
    m_stepView->setTabKeyNavigation(false);
    m_hostView->setAccessibleDescription(
        tr("One row per host: its state in the run, steps done of all, and the outcome. The arrow keys select a "
           "host; its steps are listed below."));
    m_stepView->setAccessibleDescription(
        tr("The steps of the selected host in order: what runs, its state (to run, already so, done, undone, "
           "failed) and the read-back."));
    m_log = new QPlainTextEdit(this);
    m_log->setObjectName(QStringLiteral("applyLog"));
    m_log->setReadOnly(true);
    m_log->setLineWrapMode(QPlainTextEdit::NoWrap);
    m_log->setTabChangesFocus(true);
    m_log->setMaximumBlockCount(5000);
    m_log->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    setAccessible(m_log, tr("Apply log"), tr("Everything the run did, step by step, with the hosts' answers."));
    m_log->setPlaceholderText(tr("The log of the run appears here, step by step."));

    m_outcome = new QLabel(this);
    m_outcome->setObjectName(QStringLiteral("applyOutcome"));
    m_outcome->setWordWrap(true);
    m_outcome->setTextFormat(Qt::PlainText);
    m_outcome->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_journals = button(tr("&Journals…"), QStringLiteral("journalsButton"),
        tr("Every past run with its outcome; roll back or resume from there."));

    auto* runRow = new QHBoxLayout;
    runRow->addWidget(m_dryRun);
    runRow->addWidget(m_apply);
    runRow->addWidget(m_verify);
    runRow->addWidget(m_rollback);
    runRow->addWidget(m_cancel);
    runRow->addStretch(1);
    runRow->addWidget(m_policy);
    runRow->addWidget(timeoutLabel);
    runRow->addWidget(m_timeout);

    auto* stepsPane = new QWidget(this);
    auto* stepsLayout = new QVBoxLayout(stepsPane);
    stepsLayout->setContentsMargins(0, 0, 0, 0);
    stepsLayout->addWidget(m_stepsTitle);
    stepsLayout->addWidget(m_stepView, 1);
    auto* split = new QSplitter(Qt::Vertical, this);
    split->setChildrenCollapsible(false);
    split->addWidget(m_hostView);
    split->addWidget(stepsPane);
    split->addWidget(m_log);
    split->setStretchFactor(0, 1);
    split->setStretchFactor(1, 3);
    split->setStretchFactor(2, 2);

    auto* outcomeRow = new QHBoxLayout;
    outcomeRow->addWidget(m_outcome, 1);
    outcomeRow->addWidget(m_journals);

    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_status);
    layout->addLayout(runRow);
    layout->addWidget(m_progress);
    layout->addWidget(m_deadman);
    layout->addWidget(split, 1);
    layout->addLayout(outcomeRow);

    m_deadmanTimer = new QTimer(this);
    m_deadmanTimer->setInterval(1000);
    connect(m_deadmanTimer, &QTimer::timeout, this, &ApplyPage::tickDeadman);
    m_clock.start();

    connect(m_dryRun, &QPushButton::clicked, this, &ApplyPage::startDryRun);
    connect(m_apply, &QPushButton::clicked, this, &ApplyPage::startApply);
    connect(m_verify, &QPushButton::clicked, this, &ApplyPage::startVerify);
    connect(m_rollback, &QPushButton::clicked, this, &ApplyPage::startRollback);
    connect(m_cancel, &QPushButton::clicked, this, &ApplyPage::cancelRun);
    connect(m_journals, &QPushButton::clicked, this, &ApplyPage::journalsRequested);
    connect(m_runner, &ApplyRunner::eventArrived, this, &ApplyPage::onEvent);
    connect(m_runner, &ApplyRunner::finished, this, [this] { onFinished(m_runner->outcome()); });
    connect(m_hostView->selectionModel(), &QItemSelectionModel::currentRowChanged, this, &ApplyPage::updateSteps);
    connect(m_hosts, &HostProgressModel::stepsChanged, this, [this](const QString& host) {
        const QModelIndex current = m_hostView->currentIndex();
        if (current.isValid() && current.siblingAtColumn(HostProgressModel::Host).data().toString() == host)
            updateSteps();
    });
    connect(m_hosts, &QAbstractItemModel::modelReset, this, [this] {
        if (m_hosts->rowCount() > 0)
            m_hostView->setCurrentIndex(m_hosts->index(0, 0));
        else
            updateSteps();
    });

    updateStatus();
    updateButtons();
}

ApplyPage::~ApplyPage()
{
    cancelAndWait();
}

void ApplyPage::initializePage()
{
    if (isRunning() || !m_source)
        return;
    setInput(m_source());
}

void ApplyPage::setInput(Input input)
{
    if (isRunning())
        return;
    m_input = std::move(input);
    std::vector<HostRecord> hosts;
    std::map<std::string, std::string> expect;
    if (m_input.plan) {
        for (const rp::PlanTarget& t : m_input.plan->targets) {
            for (const rp::Step& s : t.steps)
                expect[s.id] = s.verify.expect;
            if (t.kind == rp::TargetKind::Switch)
                continue;
            HostRecord h;
            h.name = t.name;
            for (const rp::Step& s : t.steps) {
                if (s.artifact)
                    continue;
                StepRecord r;
                r.id = s.id;
                r.title = s.title;
                r.mayCutManagement = s.mayCutManagement;
                h.steps.push_back(std::move(r));
            }
            hosts.push_back(std::move(h));
        }
    }
    m_steps->setExpectations(std::move(expect));
    m_hosts->setMode(QStringLiteral("apply"));
    m_hosts->setHosts(std::move(hosts));
    m_progress->setRange(0, std::max(1, m_hosts->rowCount()));
    m_progress->setValue(0);
    updateStatus();
    updateButtons();
}

bool ApplyPage::isComplete() const
{
    return !isRunning();
}

bool ApplyPage::isRunning() const
{
    return m_runner->isRunning();
}

QStringList ApplyPage::hostNames() const
{
    QStringList names;
    if (m_input.plan) {
        for (const rp::PlanTarget& t : m_input.plan->targets) {
            if (t.kind != rp::TargetKind::Switch)
                names << toQ(t.name);
        }
    }
    return names;
}

QStringList ApplyPage::drivenSwitches() const
{
    QStringList names;
    if (!m_input.plan)
        return names;
    for (const rp::PlanTarget& t : m_input.plan->targets) {
        if (t.kind != rp::TargetKind::Switch)
            continue;
        for (const rp::SwitchSpec& sw : m_input.inventory.switches) {
            if (sw.name == t.name && !sw.address.empty() && rp::switchcli::dialectFor(sw.vendor))
                names << QStringLiteral("%1 (%2)").arg(toQ(t.name), toQ(t.title));
        }
    }
    return names;
}

QStringList ApplyPage::manualSwitches() const
{
    QStringList names;
    if (!m_input.plan)
        return names;
    for (const rp::PlanTarget& t : m_input.plan->targets) {
        if (t.kind != rp::TargetKind::Switch)
            continue;
        const rp::SwitchSpec* spec = nullptr;
        for (const rp::SwitchSpec& sw : m_input.inventory.switches)
            spec = sw.name == t.name ? &sw : spec;
        if (spec && !spec->address.empty() && rp::switchcli::dialectFor(spec->vendor))
            continue;
        const QString why
            = spec && !spec->address.empty() ? tr("no session for this vendor") : tr("no management address");
        names << QStringLiteral("%1 (%2: %3)").arg(toQ(t.name), toQ(t.title), why);
    }
    return names;
}

void ApplyPage::updateStatus()
{
    if (!m_input.plan) {
        m_status->setText(m_input.why.isEmpty() ? tr("No plan to apply: go back to the Review page.")
                                                : tr("No plan to apply: %1").arg(m_input.why));
        return;
    }
    QStringList lines;
    const QStringList hosts = hostNames();
    lines << tr("Profile '%1' for %n host(s): %2.", nullptr, static_cast<int>(hosts.size()))
                 .arg(toQ(m_input.plan->profileName), hosts.join(QStringLiteral(", ")));
    if (const QStringList driven = drivenSwitches(); !driven.isEmpty())
        lines << tr("Switches applied first, each through its vendor's session with its own commit timer or "
                    "checkpoint: %1.")
                     .arg(driven.join(QStringLiteral(", ")));
    if (const QStringList manual = manualSwitches(); !manual.isEmpty())
        lines << tr("Not applied here: %1 — apply their files from the Review page by hand.")
                     .arg(manual.join(QStringLiteral(", ")));
    lines << tr("Journals are kept in %1.").arg(QDir::toNativeSeparators(toQ(rp::apply::defaultJournalDir())));
    m_status->setText(lines.join(QLatin1Char('\n')));
}

void ApplyPage::updateButtons()
{
    const bool running = isRunning();
    const bool hasHosts = m_input.plan && (!hostNames().isEmpty() || !drivenSwitches().isEmpty());
    m_dryRun->setEnabled(!running && hasHosts);
    m_apply->setEnabled(!running && hasHosts);
    m_verify->setEnabled(!running && hasHosts);
    m_rollback->setEnabled(!running && m_applyJournal.has_value());
    m_cancel->setEnabled(running && !m_runner->isCancelling() && m_operation != Operation::Rollback);
    m_policy->setEnabled(!running);
    m_timeout->setEnabled(!running);
}

rp::apply::Options ApplyPage::baseOptions() const
{
    rp::apply::Options o;
    o.policy = static_cast<rp::apply::Policy>(m_policy->currentData().toInt());
    o.confirmTimeout = std::chrono::seconds(m_timeout->value());
    return o;
}

bool ApplyPage::confirm(const QString& title, const QString& text, const QString& go)
{
    QMessageBox box(QMessageBox::Warning, title, text, QMessageBox::NoButton, this);
    box.setObjectName(QStringLiteral("applyConfirmation"));
    box.setTextFormat(Qt::PlainText);
    QPushButton* goButton = box.addButton(go, QMessageBox::AcceptRole);
    goButton->setObjectName(QStringLiteral("confirmButton"));
    QPushButton* cancel = box.addButton(QMessageBox::Cancel);
    box.setDefaultButton(cancel);
    box.setEscapeButton(cancel);
    box.exec();
    return box.clickedButton() == goButton;
}

bool ApplyPage::startDryRun()
{
    return start(Operation::DryRun);
}

bool ApplyPage::startVerify()
{
    return start(Operation::Verify);
}

bool ApplyPage::startApply()
{
    if (isRunning() || !m_input.plan)
        return false;
    const QStringList hosts = hostNames();
    const QStringList driven = drivenSwitches();
    if (hosts.isEmpty() && driven.isEmpty())
        return false;
    QString text = tr("Apply the plan '%1' to %n host(s): %2?", nullptr, static_cast<int>(hosts.size()))
                       .arg(toQ(m_input.plan->profileName), hosts.join(QStringLiteral(", ")));
    text += QStringLiteral("\n\n")
        + tr("Each host is read afresh first and its state is written to a journal in %1, so this run can be "
             "rolled back later, even after RoCE Pilot was closed. Each step is read back after it runs; a failed "
             "step rolls its host back.")
              .arg(QDir::toNativeSeparators(toQ(rp::apply::defaultJournalDir())));
    text += QStringLiteral("\n\n")
        + (m_policy->currentData().toInt() == int(rp::apply::Policy::StopAll)
                ? tr("If one host fails, every host is rolled back.")
                : tr("If one host fails, only that host is rolled back."));
    if (!driven.isEmpty())
        text += QStringLiteral("\n\n")
            + tr("Switches, applied first through their vendor's session: %1.").arg(driven.join(QStringLiteral(", ")));
    if (const QStringList manual = manualSwitches(); !manual.isEmpty())
        text += QStringLiteral("\n\n")
            + tr("Not applied here: %1 (apply their files by hand).").arg(manual.join(QStringLiteral(", ")));
    if (!confirm(tr("Apply to %n host(s)", nullptr, static_cast<int>(hosts.size())), text,
            tr("&Apply to %n host(s)", nullptr, static_cast<int>(hosts.size()))))
        return false;
    return start(Operation::Apply);
}

bool ApplyPage::startRollback()
{
    if (isRunning() || !m_applyJournal)
        return false;
    QStringList hosts;
    for (const HostRecord& h : m_applyJournal->hosts)
        hosts << toQ(h.name);
    const QString text = tr("Roll back journal %1 on %n host(s): %2?\n\nEvery step that ran is undone in reverse "
                            "order, then each host is read back and compared with its snapshot.",
        nullptr, static_cast<int>(hosts.size()))
                             .arg(toQ(m_applyJournal->id), hosts.join(QStringLiteral(", ")));
    if (!confirm(tr("Roll back"), text, tr("&Roll back %n host(s)", nullptr, static_cast<int>(hosts.size()))))
        return false;
    return start(Operation::Rollback);
}

bool ApplyPage::start(Operation operation)
{
    Q_ASSERT(QThread::currentThread() == thread());
    if (isRunning())
        return false;
    rp::apply::Options options = baseOptions();
    const rp::ConnectContext context = m_prompter->context(m_runner->abortFlag());
    ApplyRunner::Job job;
    QString mode;
    if (operation == Operation::Rollback) {
        if (!m_applyJournal)
            return false;
        m_hosts->setMode(QStringLiteral("rollback"));
        m_hosts->setJournal(*m_applyJournal);
        m_hosts->setMode(QStringLiteral("rollback"));
        job = [path = m_applyJournal->path, context](
                  const rp::apply::Options& o) { return rp::apply::rollback(path, context, o); };
        m_progress->setRange(0, 0); // the engine reports a rollback's steps, not a host count
    } else {
        if (!m_input.plan)
            return false;
        options.mode = operation == Operation::DryRun ? rp::apply::Mode::DryRun
            : operation == Operation::Verify          ? rp::apply::Mode::VerifyOnly
                                                      : rp::apply::Mode::Apply;
        mode = operation == Operation::DryRun ? QStringLiteral("dry-run")
            : operation == Operation::Verify  ? QStringLiteral("verify")
                                              : QStringLiteral("apply");
        setInput(m_input); // fresh pending rows for every host and step
        m_hosts->setMode(mode);
        job = [plan = *m_input.plan, inventory = m_input.inventory, context](
                  const rp::apply::Options& o) { return rp::apply::run(plan, inventory, context, o); };
        m_progress->setRange(0, std::max(1, m_hosts->rowCount()));
        m_progress->setValue(0);
    }
    m_operation = operation;
    m_deadmanDeadlines.clear();
    tickDeadman();
    m_outcome->clear();
    const QString what = operation == Operation::DryRun ? tr("Dry run")
        : operation == Operation::Verify                ? tr("Verify")
        : operation == Operation::Rollback              ? tr("Rollback")
                                                        : tr("Apply");
    appendLog({}, {}, tr("%1 started.").arg(what));
    m_runner->start(std::move(job), options);
    updateButtons();
    emit completeChanged();
    emit runStarted();
    return true;
}

void ApplyPage::cancelRun()
{
    if (!isRunning())
        return;
    m_runner->cancel();
    appendLog({}, {}, tr("Cancelling: the step that runs now finishes, then the hosts roll back."));
    updateButtons();
}

void ApplyPage::cancelAndWait()
{
    m_runner->cancelAndWait();
}

void ApplyPage::appendLog(const QString& host, const QString& step, const QString& text)
{
    QString line = QDateTime::currentDateTime().toString(QStringLiteral("HH:mm:ss")) + QStringLiteral("  ");
    if (!host.isEmpty())
        line += host + QStringLiteral(": ");
    if (!step.isEmpty())
        line += step + QStringLiteral(": ");
    m_log->appendPlainText(line + text);
}

void ApplyPage::onEvent(const Event& event)
{
    Q_ASSERT(QThread::currentThread() == thread());
    const QString host = toQ(event.host);
    appendLog(host, toQ(event.step), toQ(event.text));
    m_hosts->applyEvent(event);
    if (event.hostsTotal > 0) {
        m_progress->setRange(0, event.hostsTotal);
        m_progress->setValue(event.hostsDone);
    }
    // The countdown runs from the arming event to the next event of that host (confirmed, or it fired).
    if (!host.isEmpty()) {
        const bool wasArmed = m_deadmanDeadlines.contains(host);
        if (event.deadmanSeconds > 0)
            m_deadmanDeadlines[host] = m_clock.elapsed() + qint64(event.deadmanSeconds) * 1000;
        else
            m_deadmanDeadlines.remove(host);
        tickDeadman();
        if (event.deadmanSeconds > 0)
            emit deadmanArmed(host, event.deadmanSeconds);
        else if (wasArmed)
            emit deadmanSettled(host);
    }
}

void ApplyPage::tickDeadman()
{
    if (m_deadmanDeadlines.isEmpty()) {
        m_deadmanTimer->stop();
        m_deadman->hide();
        m_deadman->clear();
        return;
    }
    QStringList parts;
    for (auto it = m_deadmanDeadlines.cbegin(); it != m_deadmanDeadlines.cend(); ++it) {
        const qint64 left = std::max<qint64>(0, (it.value() - m_clock.elapsed() + 999) / 1000);
        parts << tr("%1: the host undoes the step by itself in %2 s unless RoCE Pilot reconnects and confirms")
                     .arg(it.key())
                     .arg(left);
    }
    m_deadman->setText(tr("Dead-man armed — %1.").arg(parts.join(QStringLiteral("; "))));
    m_deadman->show();
    if (!m_deadmanTimer->isActive())
        m_deadmanTimer->start();
}

void ApplyPage::onFinished(const rp::Result<rp::apply::RunResult>& outcome)
{
    Q_ASSERT(QThread::currentThread() == thread());
    const Operation operation = m_operation;
    m_operation = Operation::None;
    m_lastOperation = operation;
    m_deadmanDeadlines.clear();
    tickDeadman();
    m_progress->setRange(0, std::max(1, m_hosts->rowCount()));
    bool ok = false;
    if (!outcome) {
        m_progress->setValue(0);
        const QString why = toQ(outcome.error().describe());
        m_outcome->setText(tr("Nothing was started: %1").arg(why));
        appendLog({}, {}, tr("Nothing was started: %1").arg(why));
    } else {
        ok = outcome->ok;
        const rp::apply::Journal& journal = outcome->journal;
        m_lastJournal = journal;
        m_hosts->setJournal(journal);
        m_progress->setValue(m_progress->maximum());
        if (operation == Operation::Apply)
            m_applyJournal = journal;
        if (operation == Operation::Rollback)
            m_applyJournal = journal.state == "rolled-back" ? std::nullopt : std::optional(journal);
        if (m_applyJournal && m_applyJournal->state == "rolled-back")
            m_applyJournal.reset();
        QStringList problems;
        for (const HostRecord& h : journal.hosts) {
            using rp::apply::HostState;
            const auto s = h.state;
            const bool expected = operation == Operation::DryRun ? s == HostState::Planned
                : operation == Operation::Rollback               ? s == HostState::RolledBack
                : operation == Operation::Verify                 ? s == HostState::Applied
                                                                 : s == HostState::Applied || s == HostState::Unchanged;
            if (!expected)
                problems << QStringLiteral("%1: %2 — %3").arg(toQ(h.name), m_hosts->stateText(s), toQ(h.message));
        }
        for (const rp::apply::SwitchRecord& sw : journal.switches)
            problems << tr("%1 (switch): %2 — %3").arg(toQ(sw.name), toQ(sw.state), toQ(sw.message));
        QString text = tr("%1: journal %2 (%3).")
                           .arg(outcomeOf(journal), toQ(journal.id), QDir::toNativeSeparators(toQ(journal.path)));
        if (!problems.isEmpty())
            text += QLatin1Char('\n') + problems.join(QLatin1Char('\n'));
        m_outcome->setText(text);
        appendLog({}, {}, tr("Finished: %1, journal %2.").arg(outcomeOf(journal), toQ(journal.path)));
    }
    m_hostView->resizeColumnsToContents();
    m_hostView->horizontalHeader()->setStretchLastSection(true);
    updateButtons();
    emit completeChanged();
    emit runFinished(ok);
}

void ApplyPage::selectHost(const QString& host)
{
    const int row = m_hosts->rowOf(host);
    if (row >= 0)
        m_hostView->setCurrentIndex(m_hosts->index(row, 0));
}

void ApplyPage::updateSteps()
{
    const QModelIndex current = m_hostView->currentIndex();
    const HostRecord* h = current.isValid()
        ? m_hosts->host(current.siblingAtColumn(HostProgressModel::Host).data().toString())
        : nullptr;
    if (!h) {
        m_stepsTitle->setText(tr("Steps (select a host)"));
        m_steps->setSteps({}, false);
        return;
    }
    m_stepsTitle->setText(tr("Steps on %1").arg(toQ(h->name)));
    m_steps->setSteps(h->steps, m_hosts->isDryRun());
    const int em = fontMetrics().horizontalAdvance(QLatin1Char('M'));
    m_stepView->resizeColumnsToContents();
    m_stepView->setColumnWidth(StepModel::Step, std::min(m_stepView->columnWidth(StepModel::Step), em * 36));
    m_stepView->setColumnWidth(StepModel::Reason, std::min(m_stepView->columnWidth(StepModel::Reason), em * 26));
}

} // namespace rp::ui

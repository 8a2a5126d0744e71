// SPDX-License-Identifier: GPL-3.0-or-later
#include "itemmodels/applymodels.h"

#include "support/theme.h"

#include "support/qtstrings.h"

#include <QColor>
#include <QFont>
#include <QGuiApplication>
#include <QHeaderView>
#include <QTableView>

#include <array>

namespace rp::ui {

using rp::apply::HostRecord;
using rp::apply::HostState;
using rp::apply::StepRecord;
using rp::apply::StepState;

namespace {

constexpr std::array kAllHostStates
    = { HostState::Pending, HostState::Planned, HostState::Applying, HostState::Applied, HostState::Unchanged,
          HostState::Failed, HostState::RolledBack, HostState::Refused, HostState::Unreachable, HostState::Cancelled };

bool isBad(HostState state)
{
    return state == HostState::Failed || state == HostState::Refused || state == HostState::Unreachable;
}

bool isBad(StepState state)
{
    return state == StepState::Failed || state == StepState::UndoFailed;
}

// A red that keeps its contrast against the palette's base colour: darker on light, lighter on dark and black.
QColor badColour()
{
    return isDark(QGuiApplication::palette()) ? QColor(0xff, 0x7b, 0x7b) : QColor(0xb0, 0x20, 0x20);
}

} // namespace

// --- HostProgressModel ---

HostProgressModel::HostProgressModel(QObject* parent)
    : QAbstractTableModel(parent)
{ }

HostProgressModel::~HostProgressModel() = default;

int HostProgressModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_hosts.size());
}

int HostProgressModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

void HostProgressModel::setMode(const QString& mode)
{
    if (m_mode == mode)
        return;
    m_mode = mode;
    if (!m_hosts.empty())
        emit dataChanged(index(0, 0), index(rowCount() - 1, ColumnCount - 1));
}

QString HostProgressModel::stateText(HostState state) const
{
    if (m_mode == QLatin1String("verify") && state == HostState::Applied)
        return tr("verified");
    if (m_mode == QLatin1String("verify") && state == HostState::Failed)
        return tr("differs from the plan");
    switch (state) {
    case HostState::Pending:
        return tr("pending");
    case HostState::Planned:
        return tr("dry run done");
    case HostState::Applying:
        return tr("applying");
    case HostState::Applied:
        return tr("applied");
    case HostState::Unchanged:
        return tr("unchanged (already so)");
    case HostState::Failed:
        return tr("failed");
    case HostState::RolledBack:
        return tr("rolled back");
    case HostState::Refused:
        return tr("refused");
    case HostState::Unreachable:
        return tr("unreachable");
    case HostState::Cancelled:
        return tr("cancelled");
    }
    return {};
}

QVariant HostProgressModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const auto row = static_cast<std::size_t>(index.row());
    const HostRecord& h = m_hosts[row];
    switch (role) {
    case Qt::DisplayRole:
    case Qt::ToolTipRole:
        switch (index.column()) {
        case Host:
            return toQ(h.name);
        case State:
            return stateText(h.state);
        case CurrentStep:
            return toQ(m_current[row]);
        case Message:
            if (h.state == HostState::Planned) {
                int run = 0, already = 0, skipped = 0;
                for (const auto& s : h.steps) {
                    run += s.state == StepState::Pending ? 1 : 0;
                    already += s.state == StepState::Already ? 1 : 0;
                    skipped += s.state == StepState::Skipped ? 1 : 0;
                }
                return tr("nothing changed: %1 step(s) will run, %2 already so, %3 skipped")
                    .arg(run)
                    .arg(already)
                    .arg(skipped);
            }
            return toQ(h.message);
        default:
            return {};
        }
    case Qt::ForegroundRole:
        if (index.column() == State && isBad(h.state))
            return badColour();
        return {};
    case Qt::FontRole:
        if (index.column() == State && (isBad(h.state) || h.state == HostState::Applying)) {
            QFont bold;
            bold.setBold(true);
            return bold;
        }
        return {};
    case HostStateRole:
        return toQ(rp::apply::toString(h.state));
    case NameRole:
        return toQ(h.name);
    default:
        return {};
    }
}

QVariant HostProgressModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case Host:
        return tr("Host");
    case State:
        return tr("State");
    case CurrentStep:
        return tr("Current step");
    case Message:
        return tr("Message");
    default:
        return {};
    }
}

void HostProgressModel::setRecords(std::vector<HostRecord> hosts)
{
    bool sameHosts = hosts.size() == m_hosts.size();
    for (std::size_t i = 0; sameHosts && i < hosts.size(); ++i)
        sameHosts = hosts[i].name == m_hosts[i].name;
    if (!sameHosts) {
        beginResetModel();
        m_hosts = std::move(hosts);
        m_current.assign(m_hosts.size(), {});
        endResetModel();
        for (const auto& h : m_hosts)
            emit stepsChanged(toQ(h.name));
        return;
    }
    m_hosts = std::move(hosts);
    m_current.assign(m_hosts.size(), {});
    if (!m_hosts.empty())
        emit dataChanged(index(0, 0), index(rowCount() - 1, ColumnCount - 1));
    for (const auto& h : m_hosts)
        emit stepsChanged(toQ(h.name));
}

void HostProgressModel::setHosts(std::vector<HostRecord> hosts)
{
    setRecords(std::move(hosts));
}

void HostProgressModel::setJournal(const rp::apply::Journal& journal)
{
    m_mode = toQ(journal.mode);
    setRecords(journal.hosts);
}

void HostProgressModel::clear()
{
    setRecords({});
}

int HostProgressModel::rowOf(const QString& host) const
{
    const std::string name = toStd(host);
    for (std::size_t i = 0; i < m_hosts.size(); ++i) {
        if (m_hosts[i].name == name)
            return static_cast<int>(i);
    }
    return -1;
}

const HostRecord* HostProgressModel::host(const QString& name) const
{
    const int row = rowOf(name);
    return row < 0 ? nullptr : &m_hosts[static_cast<std::size_t>(row)];
}

void HostProgressModel::applyEvent(const rp::apply::Event& event)
{
    const int row = rowOf(toQ(event.host));
    if (row < 0)
        return;
    const auto r = static_cast<std::size_t>(row);
    HostRecord& h = m_hosts[r];
    const std::string& text = event.text;
    bool stepsTouched = false;
    if (!event.step.empty()) {
        StepRecord* step = nullptr;
        for (auto& s : h.steps)
            step = s.id == event.step ? &s : step;
        if (!step) {
            StepRecord added;
            added.id = event.step;
            added.title = event.step;
            h.steps.push_back(std::move(added));
            step = &h.steps.back();
        }
        stepsTouched = true;
        if (text.starts_with("run: ")) {
            step->state = StepState::Running;
            m_current[r] = step->title.empty() ? step->id : step->title;
            if (h.state == HostState::Pending)
                h.state = HostState::Applying;
        } else if (text == "verified") {
            step->state = StepState::Verified;
            step->ran = true;
        } else if (text.starts_with("failed: ")) {
            step->state = StepState::Failed;
            step->message = text.substr(8);
        } else if (text == "undone") {
            step->state = StepState::Undone;
            m_current[r] = tr("undo: %1").arg(toQ(step->id)).toStdString();
        } else if (text == "undo failed") {
            step->state = StepState::UndoFailed;
        } else {
            if (event.deadmanSeconds > 0)
                step->deadman = true;
            step->message = text;
        }
        h.message = text;
    } else if (event.hostsTotal > 0) {
        // The host's end: "host <state>: <message>" (core's own state names).
        m_current[r].clear();
        for (HostState s : kAllHostStates) {
            const std::string prefix = "host " + rp::apply::toString(s) + ":";
            if (text.starts_with(prefix)) {
                h.state = s;
                std::string rest = text.substr(prefix.size());
                if (rest.starts_with(" "))
                    rest.erase(0, 1);
                h.message = rest;
                break;
            }
        }
    } else {
        h.message = text;
    }
    emit dataChanged(index(row, 0), index(row, ColumnCount - 1));
    if (stepsTouched)
        emit stepsChanged(toQ(h.name));
}

// --- StepModel ---

StepModel::StepModel(QObject* parent)
    : QAbstractTableModel(parent)
{ }

StepModel::~StepModel() = default;

int StepModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_steps.size());
}

int StepModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QString StepModel::stateText(StepState state, bool dryRun)
{
    switch (state) {
    case StepState::Pending:
        return dryRun ? tr("will run") : tr("pending");
    case StepState::Running:
        return tr("running");
    case StepState::Verified:
        return tr("verified");
    case StepState::Already:
        return tr("already so");
    case StepState::Skipped:
        return tr("skipped");
    case StepState::Failed:
        return tr("failed");
    case StepState::Undone:
        return tr("undone");
    case StepState::UndoFailed:
        return tr("undo failed");
    }
    return {};
}

QVariant StepModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const StepRecord& s = m_steps[static_cast<std::size_t>(index.row())];
    switch (role) {
    case Qt::DisplayRole:
    case Qt::ToolTipRole:
        switch (index.column()) {
        case Step:
            if (role == Qt::ToolTipRole)
                return toQ(s.id);
            return toQ(s.title.empty() ? s.id : s.title);
        case State: {
            QString text = stateText(s.state, m_dryRun);
            if (s.deadman)
                text += QLatin1Char(' ') + tr("(dead-man)");
            else if (s.mayCutManagement && m_dryRun)
                text += QLatin1Char(' ') + tr("(under a dead-man)");
            return text;
        }
        case Reason: {
            if (!s.message.empty())
                return toQ(s.message);
            if (s.state == StepState::Already)
                return tr("the read-back already shows the wanted value");
            if (m_dryRun && s.state == StepState::Pending)
                return s.undoKnown ? tr("undo: %1").arg(toQ(s.undoNote.empty() ? std::string("exact") : s.undoNote))
                                   : tr("no exact undo: %1").arg(toQ(s.undoNote));
            return {};
        }
        case ReadBack:
            if (role == Qt::ToolTipRole)
                return tr("Before: %1\nAfter: %2").arg(toQ(s.before), toQ(s.after));
            if (const auto it = m_expect.find(s.id); it != m_expect.end() && !it->second.empty()
                && (s.state == StepState::Verified || s.state == StepState::Already))
                return tr("shows %1").arg(toQ(it->second));
            if (s.state == StepState::Skipped)
                return {}; // the reason says why; the failed read of an absent file adds nothing
            return toQ(s.after.empty() ? s.before : s.after).simplified();
        default:
            return {};
        }
    case Qt::ForegroundRole:
        if (index.column() == State && isBad(s.state))
            return badColour();
        return {};
    case StepStateRole:
        return toQ(rp::apply::toString(s.state));
    case StepIdRole:
        return toQ(s.id);
    default:
        return {};
    }
}

QVariant StepModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case Step:
        return tr("Step");
    case State:
        return tr("State");
    case Reason:
        return tr("Reason / message");
    case ReadBack:
        return tr("Read back");
    default:
        return {};
    }
}

void StepModel::setSteps(std::vector<StepRecord> steps, bool dryRun)
{
    bool same = steps.size() == m_steps.size() && dryRun == m_dryRun;
    for (std::size_t i = 0; same && i < steps.size(); ++i)
        same = steps[i].id == m_steps[i].id;
    if (!same) {
        beginResetModel();
        m_steps = std::move(steps);
        m_dryRun = dryRun;
        endResetModel();
        return;
    }
    m_steps = std::move(steps);
    if (!m_steps.empty())
        emit dataChanged(index(0, 0), index(rowCount() - 1, ColumnCount - 1));
}

void StepModel::setExpectations(std::map<std::string, std::string> expect)
{
    m_expect = std::move(expect);
    if (!m_steps.empty())
        emit dataChanged(index(0, ReadBack), index(rowCount() - 1, ReadBack));
}

// --- JournalListModel ---

JournalListModel::JournalListModel(QObject* parent)
    : QAbstractTableModel(parent)
{ }

JournalListModel::~JournalListModel() = default;

int JournalListModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_journals.size());
}

int JournalListModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QString JournalListModel::outcomeText(const rp::apply::JournalSummary& s)
{
    if (!s.error.empty())
        return tr("damaged: %1").arg(toQ(s.error));
    if (s.state == "running")
        return tr("unfinished: resume or roll back");
    if (s.state == "applied")
        return tr("applied");
    if (s.state == "rolled-back")
        return tr("rolled back");
    if (s.state == "failed")
        return tr("failed");
    if (s.state == "partial")
        return tr("partial (some hosts kept the change)");
    if (s.state == "dry-run")
        return tr("dry run");
    if (s.state == "verified")
        return tr("verified");
    return toQ(s.state);
}

QVariant JournalListModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const auto& s = m_journals[static_cast<std::size_t>(index.row())];
    switch (role) {
    case Qt::DisplayRole:
    case Qt::ToolTipRole:
        switch (index.column()) {
        case Id:
            return role == Qt::ToolTipRole ? toQ(s.path) : toQ(s.id);
        case Created:
            return toQ(s.created);
        case Mode:
            return toQ(s.mode);
        case Outcome:
            return outcomeText(s);
        case Hosts: {
            QStringList hosts;
            for (const auto& [name, state] : s.hosts)
                hosts << QStringLiteral("%1 %2").arg(toQ(name), toQ(state));
            return hosts.join(QStringLiteral(", "));
        }
        default:
            return {};
        }
    case Qt::ForegroundRole:
        if (index.column() == Outcome && (!s.error.empty() || s.state == "failed" || s.state == "running"))
            return badColour();
        return {};
    case PathRole:
        return toQ(s.path);
    case UnfinishedRole:
        return s.error.empty() && s.state == "running";
    case DamagedRole:
        return !s.error.empty();
    default:
        return {};
    }
}

QVariant JournalListModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case Id:
        return tr("Journal");
    case Created:
        return tr("Started (UTC)");
    case Mode:
        return tr("Mode");
    case Outcome:
        return tr("Outcome");
    case Hosts:
        return tr("Hosts");
    default:
        return {};
    }
}

void JournalListModel::setJournals(std::vector<rp::apply::JournalSummary> journals)
{
    beginResetModel();
    m_journals = std::move(journals);
    endResetModel();
}

int JournalListModel::rowOfPath(const QString& path) const
{
    for (std::size_t i = 0; i < m_journals.size(); ++i) {
        if (toQ(m_journals[i].path) == path)
            return static_cast<int>(i);
    }
    return -1;
}

QTableView* makeReadOnlyTable(QAbstractItemModel* model, const QString& objectName, const QString& accessibleName,
    QWidget* parent, bool fitContents)
{
    auto* view = new QTableView(parent);
    view->setObjectName(objectName);
    view->setModel(model);
    view->setAccessibleName(accessibleName);
    view->setSelectionBehavior(QAbstractItemView::SelectRows);
    view->setSelectionMode(QAbstractItemView::SingleSelection);
    view->setEditTriggers(QAbstractItemView::NoEditTriggers);
    view->setAlternatingRowColors(true);
    view->setWordWrap(false);
    view->verticalHeader()->hide();
    if (fitContents)
        view->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    view->horizontalHeader()->setStretchLastSection(true);
    return view;
}

} // namespace rp::ui

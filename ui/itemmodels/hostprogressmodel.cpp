// SPDX-License-Identifier: GPL-3.0-or-later
#include "itemmodels/hostprogressmodel.h"

#include "support/qtstrings.h"
#include "support/theme.h"

#include <QColor>
#include <QFont>

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

} // namespace

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

} // namespace rp::ui

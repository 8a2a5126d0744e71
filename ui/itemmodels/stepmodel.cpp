// SPDX-License-Identifier: GPL-3.0-or-later
#include "itemmodels/stepmodel.h"

#include "support/qtstrings.h"
#include "support/theme.h"

#include <QColor>
#include <QFont>

namespace rp::ui {

using rp::apply::StepRecord;
using rp::apply::StepState;

namespace {

bool isBad(StepState state)
{
    return state == StepState::Failed || state == StepState::UndoFailed;
}

} // namespace

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

} // namespace rp::ui

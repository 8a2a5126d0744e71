// SPDX-License-Identifier: GPL-3.0-or-later
#include "itemmodels/journallistmodel.h"

#include "support/qtstrings.h"
#include "support/theme.h"

#include <QColor>
#include <QFont>

namespace rp::ui {

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

} // namespace rp::ui

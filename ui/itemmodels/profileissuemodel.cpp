// SPDX-License-Identifier: GPL-3.0-or-later
#include "itemmodels/profileissuemodel.h"

#include "support/qtstrings.h"

#include <QApplication>
#include <QStyle>

#include <algorithm>

namespace rp::ui {

ProfileIssueModel::ProfileIssueModel(QObject* parent)
    : QAbstractListModel(parent)
{ }

ProfileIssueModel::~ProfileIssueModel() = default;

int ProfileIssueModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_issues.size());
}

QVariant ProfileIssueModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const rp::ProfileIssue& issue = m_issues.at(static_cast<std::size_t>(index.row()));
    switch (role) {
    case Qt::DisplayRole:
        return issue.error ? tr("Error: %1").arg(toQ(issue.message)) : tr("Warning: %1").arg(toQ(issue.message));
    case Qt::ToolTipRole:
        return tr("Field: %1").arg(toQ(issue.field));
    case Qt::DecorationRole:
        return QApplication::style()->standardIcon(
            issue.error ? QStyle::SP_MessageBoxCritical : QStyle::SP_MessageBoxWarning);
    case ErrorRole:
        return issue.error;
    case FieldRole:
        return toQ(issue.field);
    case CodeRole:
        return toQ(issue.code);
    default:
        return {};
    }
}

void ProfileIssueModel::setIssues(std::vector<rp::ProfileIssue> issues)
{
    if (issues == m_issues)
        return;
    beginResetModel();
    m_issues = std::move(issues);
    endResetModel();
}

int ProfileIssueModel::errorCount() const
{
    return static_cast<int>(std::ranges::count(m_issues, true, &rp::ProfileIssue::error));
}

int ProfileIssueModel::warningCount() const
{
    return static_cast<int>(m_issues.size()) - errorCount();
}

} // namespace rp::ui

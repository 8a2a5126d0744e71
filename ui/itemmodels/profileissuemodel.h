// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "profile/profile.h"

#include <QAbstractListModel>

#include <vector>

namespace rp::ui {

/// The findings of rp::checkProfile, errors first, as a list with an icon per severity.
class ProfileIssueModel final : public QAbstractListModel
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ProfileIssueModel)

public:
    enum Roles {
        ErrorRole = Qt::UserRole, ///< bool: an error (blocks Next), not a warning
        FieldRole, ///< QString: YAML path of the field ("ets.bandwidth")
        CodeRole, ///< QString: stable id ("ets.sum")
    };

    explicit ProfileIssueModel(QObject* parent = nullptr);
    ~ProfileIssueModel() override;

    int rowCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;

    /// Replaces the list; does nothing when it is unchanged, so a selection survives unrelated edits.
    void setIssues(std::vector<rp::ProfileIssue> issues);
    const std::vector<rp::ProfileIssue>& issues() const { return m_issues; }
    int errorCount() const;
    int warningCount() const;

private:
    std::vector<rp::ProfileIssue> m_issues;
};

} // namespace rp::ui

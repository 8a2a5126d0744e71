// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "apply/journal.h"

#include <QAbstractTableModel>

#include <vector>

namespace rp::ui {

/// The journals of a directory (rp::apply::listJournals), newest first; a damaged file is a row with its error.
class JournalListModel final : public QAbstractTableModel
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(JournalListModel)

public:
    enum Columns { Id, Created, Mode, Outcome, Hosts, ColumnCount };
    enum Roles {
        PathRole = Qt::UserRole, ///< QString
        UnfinishedRole, ///< bool: the run never ended (the controller died): resume or roll back
        DamagedRole, ///< bool
    };

    explicit JournalListModel(QObject* parent = nullptr);
    ~JournalListModel() override;

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    void setJournals(std::vector<rp::apply::JournalSummary> journals);
    const std::vector<rp::apply::JournalSummary>& journals() const { return m_journals; }
    int rowOfPath(const QString& path) const;

    /// "applied", "rolled back", "unfinished: resume or roll back", ...
    static QString outcomeText(const rp::apply::JournalSummary& summary);

private:
    std::vector<rp::apply::JournalSummary> m_journals;
};

} // namespace rp::ui

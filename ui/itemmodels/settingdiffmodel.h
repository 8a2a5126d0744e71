// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "generate/diff.h"

#include <QAbstractTableModel>

#include <vector>

namespace rp::ui {

/// What a plan changes on one host (rp::diffTarget): per setting the current and the wanted value and whether
/// it changes, already matches, or cannot be told, coloured by status.
class SettingDiffModel final : public QAbstractTableModel
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(SettingDiffModel)

public:
    enum Columns { Interface, Setting, Current, Wanted, Status, Note, ColumnCount };

    enum Roles {
        StatusRole = Qt::UserRole, ///< int: rp::DiffStatus
        KeyRole, ///< QString: the setting key ("pfc", "dscp:26", ...)
        SortRole, ///< Status: changes first, then matches, then unknown; other columns: the text
    };

    explicit SettingDiffModel(QObject* parent = nullptr);
    ~SettingDiffModel() override;

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    void setDiffs(std::vector<rp::SettingDiff> diffs);
    const std::vector<rp::SettingDiff>& diffs() const { return m_diffs; }
    int count(rp::DiffStatus status) const;

    /// "PFC priorities", "DSCP 26 → priority", ... for a setting key; the key itself when it has no name.
    static QString settingName(const std::string& key);
    static QString statusText(rp::DiffStatus status);

private:
    std::vector<rp::SettingDiff> m_diffs;
};

} // namespace rp::ui

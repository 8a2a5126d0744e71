// SPDX-License-Identifier: GPL-3.0-or-later
#include "itemmodels/settingdiffmodel.h"

#include "support/qtstrings.h"

#include <QBrush>
#include <QColor>
#include <QFont>

#include <algorithm>

namespace rp::ui {

SettingDiffModel::SettingDiffModel(QObject* parent)
    : QAbstractTableModel(parent)
{ }

SettingDiffModel::~SettingDiffModel() = default;

int SettingDiffModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_diffs.size());
}

int SettingDiffModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QString SettingDiffModel::settingName(const std::string& key)
{
    const QString k = toQ(key);
    const auto suffix = [&k](qsizetype prefix) { return k.mid(prefix); };
    if (key == "pfc")
        return tr("PFC priorities");
    if (key == "trust")
        return tr("Trust");
    if (key == "mtu")
        return tr("MTU");
    if (key == "vlan")
        return tr("VLAN");
    if (key == "pcp.egress")
        return tr("VLAN egress PCP (every priority)");
    if (key == "ets")
        return tr("ETS (TC:bandwidth)");
    if (key == "cnp.priority")
        return tr("CNP priority");
    if (key == "cnp.dscp")
        return tr("CNP DSCP");
    if (key == "cnp.tc")
        return tr("CNP traffic class");
    if (key == "ecn")
        return tr("ECN marking");
    if (key == "pfc.watchdog")
        return tr("PFC watchdog");
    if (key == "rdma_cm.mode")
        return tr("rdma_cm default RoCE mode");
    if (key == "rdma_cm.tos")
        return tr("rdma_cm default ToS");
    if (key.starts_with("dscp-tc:"))
        return tr("DSCP %1 → traffic class").arg(suffix(8));
    if (key.starts_with("pcp-tc:"))
        return tr("PCP %1 → traffic class").arg(suffix(7));
    if (key.starts_with("dscp:"))
        return tr("DSCP %1 → priority").arg(suffix(5));
    if (key.starts_with("tc:"))
        return tr("Priority %1 → traffic class").arg(suffix(3));
    return k;
}

QString SettingDiffModel::statusText(rp::DiffStatus status)
{
    switch (status) {
    case rp::DiffStatus::Change:
        return tr("will change");
    case rp::DiffStatus::Match:
        return tr("already so");
    case rp::DiffStatus::Unknown:
        return tr("unknown");
    }
    return {};
}

QVariant SettingDiffModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const rp::SettingDiff& d = m_diffs.at(static_cast<std::size_t>(index.row()));
    switch (role) {
    case Qt::DisplayRole:
        switch (index.column()) {
        case Interface:
            return d.interface.empty() ? tr("(whole host)") : toQ(d.interface);
        case Setting:
            return settingName(d.key);
        case Current:
            if (d.status == rp::DiffStatus::Unknown)
                return tr("unknown");
            return d.current.empty() ? tr("(none)") : toQ(d.current);
        case Wanted:
            return d.wanted.empty() ? tr("(none)") : toQ(d.wanted);
        case Status:
            return statusText(d.status);
        case Note:
            return toQ(d.reason);
        default:
            return {};
        }
    case Qt::ToolTipRole:
        if (index.column() == Setting)
            return toQ(d.key);
        return d.reason.empty() ? QVariant() : QVariant(toQ(d.reason));
    case Qt::BackgroundRole:
        if (index.column() != Status)
            return {};
        // Fixed light colours with a dark foreground (below), so they read the same in light and dark themes.
        switch (d.status) {
        case rp::DiffStatus::Change:
            return QBrush(QColor(255, 221, 160));
        case rp::DiffStatus::Match:
            return QBrush(QColor(198, 234, 198));
        case rp::DiffStatus::Unknown:
            return QBrush(QColor(222, 222, 222));
        }
        return {};
    case Qt::ForegroundRole:
        return index.column() == Status ? QVariant(QBrush(QColor(20, 20, 20))) : QVariant();
    case Qt::FontRole:
        if (index.column() == Status && d.status == rp::DiffStatus::Change) {
            QFont bold;
            bold.setBold(true);
            return bold;
        }
        return {};
    case StatusRole:
        return static_cast<int>(d.status);
    case KeyRole:
        return toQ(d.key);
    case SortRole:
        return index.column() == Status ? QVariant(static_cast<int>(d.status)) : data(index, Qt::DisplayRole);
    default:
        return {};
    }
}

QVariant SettingDiffModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case Interface:
        return tr("Interface");
    case Setting:
        return tr("Setting");
    case Current:
        return tr("Current");
    case Wanted:
        return tr("Wanted");
    case Status:
        return tr("Status");
    case Note:
        return tr("Note");
    default:
        return {};
    }
}

void SettingDiffModel::setDiffs(std::vector<rp::SettingDiff> diffs)
{
    beginResetModel();
    m_diffs = std::move(diffs);
    endResetModel();
}

int SettingDiffModel::count(rp::DiffStatus status) const
{
    return static_cast<int>(std::ranges::count(m_diffs, status, &rp::SettingDiff::status));
}

} // namespace rp::ui

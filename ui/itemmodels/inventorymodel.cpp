// SPDX-License-Identifier: GPL-3.0-or-later
#include "itemmodels/inventorymodel.h"

#include "support/qtstrings.h"

#include <QApplication>
#include <QIcon>
#include <QStyle>

#include <algorithm>

namespace rp::ui {

InventoryModel::InventoryModel(QObject* parent)
    : QAbstractTableModel(parent)
{ }

InventoryModel::~InventoryModel() = default;

int InventoryModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_hosts.size());
}

int InventoryModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QString InventoryModel::authText(rp::AuthMethod method)
{
    switch (method) {
    case rp::AuthMethod::Agent:
        return tr("SSH agent");
    case rp::AuthMethod::KeyFile:
        return tr("Key file");
    case rp::AuthMethod::Password:
        return tr("Password");
    }
    return {};
}

QString InventoryModel::kindText(rp::HostKind kind)
{
    switch (kind) {
    case rp::HostKind::LinuxGeneric:
        return tr("Linux");
    case rp::HostKind::LinuxNvidia:
        return tr("Linux (NVIDIA/Mellanox OFED)");
    case rp::HostKind::Windows:
        return tr("Windows");
    }
    return {};
}

QVariant InventoryModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const rp::HostSpec& h = m_hosts[static_cast<std::size_t>(index.row())];
    const QString name = toQ(h.name);
    const Status status = m_status.value(name);

    switch (role) {
    case Qt::DisplayRole:
    case Qt::EditRole:
        switch (index.column()) {
        case Name:
            return name;
        case Address:
            if (!h.sysfsRoot.empty())
                return tr("recorded tree %1").arg(toQ(h.sysfsRoot));
            return h.local ? tr("%1 (this computer)").arg(toQ(h.address)) : toQ(h.address);
        case Port:
            return h.local ? QVariant() : QVariant(h.port);
        case User:
            return h.local ? QVariant() : QVariant(toQ(h.user));
        case Auth:
            return h.local ? tr("none (local)") : authText(h.auth);
        case Kind:
            return kindText(h.kind);
        }
        break;
    case Qt::ToolTipRole:
        if (index.column() == Name && !status.message.isEmpty())
            return status.message;
        if (index.column() == Auth && h.auth == rp::AuthMethod::KeyFile && !h.local)
            return toQ(h.keyFile);
        break;
    case Qt::DecorationRole:
        if (index.column() == Name && qApp) {
            switch (status.state) {
            case ConnectionState::Ok:
                return QApplication::style()->standardIcon(QStyle::SP_DialogApplyButton);
            case ConnectionState::Failed:
                return QApplication::style()->standardIcon(QStyle::SP_MessageBoxCritical);
            case ConnectionState::Testing:
                return QApplication::style()->standardIcon(QStyle::SP_BrowserReload);
            case ConnectionState::Untested:
                break;
            }
        }
        break;
    case Qt::TextAlignmentRole:
        if (index.column() == Port)
            return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
        break;
    case HostNameRole:
        return name;
    case LocalRole:
        return h.local;
    case ConnectionStateRole:
        return static_cast<int>(status.state);
    case ConnectionMessageRole:
        return status.message;
    }
    return {};
}

QVariant InventoryModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case Name:
        return tr("Name");
    case Address:
        return tr("Address");
    case Port:
        return tr("Port");
    case User:
        return tr("User");
    case Auth:
        return tr("Authentication");
    case Kind:
        return tr("Kind");
    }
    return {};
}

void InventoryModel::setHosts(std::vector<rp::HostSpec> hosts)
{
    beginResetModel();
    m_hosts = std::move(hosts);
    m_status.clear();
    endResetModel();
    emit hostsChanged();
}

int InventoryModel::rowOf(const QString& name) const
{
    const std::string key = toStd(name);
    const auto it = std::find_if(m_hosts.begin(), m_hosts.end(), [&](const rp::HostSpec& h) { return h.name == key; });
    return it == m_hosts.end() ? -1 : static_cast<int>(it - m_hosts.begin());
}

QStringList InventoryModel::hostNames() const
{
    QStringList names;
    names.reserve(static_cast<qsizetype>(m_hosts.size()));
    for (const rp::HostSpec& h : m_hosts)
        names << toQ(h.name);
    return names;
}

void InventoryModel::addHost(const rp::HostSpec& host)
{
    const int row = rowCount();
    beginInsertRows({}, row, row);
    m_hosts.push_back(host);
    m_status.remove(toQ(host.name));
    endInsertRows();
    emit hostsChanged();
}

void InventoryModel::setHost(int row, const rp::HostSpec& host)
{
    if (row < 0 || row >= rowCount())
        return;
    rp::HostSpec& slot = m_hosts[static_cast<std::size_t>(row)];
    if (slot == host)
        return;
    m_status.remove(toQ(slot.name));
    m_status.remove(toQ(host.name));
    slot = host;
    emit dataChanged(index(row, 0), index(row, ColumnCount - 1));
    emit hostsChanged();
}

void InventoryModel::removeHosts(QList<int> rows)
{
    std::sort(rows.begin(), rows.end(), std::greater<int>());
    rows.erase(std::unique(rows.begin(), rows.end()), rows.end());
    bool changed = false;
    for (int row : rows) {
        if (row < 0 || row >= rowCount())
            continue;
        beginRemoveRows({}, row, row);
        m_status.remove(toQ(m_hosts[static_cast<std::size_t>(row)].name));
        m_hosts.erase(m_hosts.begin() + row);
        endRemoveRows();
        changed = true;
    }
    if (changed)
        emit hostsChanged();
}

void InventoryModel::setConnectionState(const QString& name, ConnectionState state, const QString& message)
{
    const int row = rowOf(name);
    if (row < 0)
        return;
    m_status.insert(name, Status { state, message });
    emit dataChanged(index(row, Name), index(row, Name),
        { Qt::DecorationRole, Qt::ToolTipRole, ConnectionStateRole, ConnectionMessageRole });
}

InventoryModel::ConnectionState InventoryModel::connectionState(const QString& name) const
{
    return m_status.value(name).state;
}

void InventoryModel::clearConnectionStates()
{
    if (m_status.isEmpty())
        return;
    m_status.clear();
    if (!m_hosts.empty())
        emit dataChanged(index(0, Name), index(rowCount() - 1, Name));
}

} // namespace rp::ui

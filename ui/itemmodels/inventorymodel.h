// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "inventory/inventory.h"

#include <QAbstractTableModel>
#include <QHash>

#include <vector>

namespace rp::ui {

/// The hosts of the project as a table. Edits go through setHost()/addHost()/removeHosts() (HostDialog), not
/// through inline editing, so every change is validated as a whole HostSpec.
class InventoryModel final : public QAbstractTableModel
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(InventoryModel)

public:
    enum Columns { Name, Address, Port, User, Auth, Kind, ColumnCount };

    enum Roles {
        HostNameRole = Qt::UserRole, ///< QString: the host's unique name, whatever the column
        LocalRole, ///< bool
        ConnectionStateRole, ///< int: ConnectionState
        ConnectionMessageRole, ///< QString: result of the last connection test
    };

    enum class ConnectionState {
        Untested,
        Testing,
        Ok,
        Failed,
    };
    Q_ENUM(ConnectionState)

    explicit InventoryModel(QObject* parent = nullptr);
    ~InventoryModel() override;

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    const std::vector<rp::HostSpec>& hosts() const { return m_hosts; }
    void setHosts(std::vector<rp::HostSpec> hosts);
    const rp::HostSpec& host(int row) const { return m_hosts.at(static_cast<std::size_t>(row)); }
    /// Row of the host with this name, or -1.
    int rowOf(const QString& name) const;
    bool contains(const QString& name) const { return rowOf(name) >= 0; }
    QStringList hostNames() const;

    void addHost(const rp::HostSpec& host);
    void setHost(int row, const rp::HostSpec& host);
    /// Removes the given rows (any order, duplicates allowed).
    void removeHosts(QList<int> rows);

    void setConnectionState(const QString& name, ConnectionState state, const QString& message = {});
    ConnectionState connectionState(const QString& name) const;
    void clearConnectionStates();

    static QString authText(rp::AuthMethod method);
    static QString kindText(rp::HostKind kind);

signals:
    /// Emitted on every change of the host list (not for connection states).
    void hostsChanged();

private:
    struct Status
    {
        ConnectionState state = ConnectionState::Untested;
        QString message;
    };

    std::vector<rp::HostSpec> m_hosts;
    QHash<QString, Status> m_status; ///< by host name; cleared when the host is edited
};

} // namespace rp::ui

// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "discovery/discover.h"

#include <QAbstractItemModel>
#include <QSortFilterProxyModel>

#include <array>
#include <memory>
#include <vector>

namespace rp::ui {

/// What discovery found, as a tree: host -> RDMA device -> port -> GID. A host that failed gets an error row
/// in place of its devices; host notes sit right under the host. The recommended GID of each port is
/// highlighted (bold + background) and carries its reason.
class DiscoveryModel final : public QAbstractItemModel
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(DiscoveryModel)

public:
    enum Columns { Name, Index, Gid, Type, Netdev, Vlan, Address, State, ColumnCount };

    enum Roles {
        NodeKindRole = Qt::UserRole, ///< int: NodeKind
        SortRole, ///< numbers for numeric columns, text otherwise
        RecommendedRole, ///< bool: this GID is the recommended one of its port
        ReasonRole, ///< QString: why it is recommended (GID rows), empty otherwise
        HostNameRole, ///< QString: inventory name of the host this row belongs to
        HostStateRole, ///< QString: rp::toString(HostState), empty while the host is pending
        DetailRole, ///< QString: one paragraph describing the row, for a detail label
        FirstColumnSpannedRole, ///< bool: the row's text lives in column 0 and may span the whole row
    };

    enum class NodeKind {
        Host,
        Error,
        Note,
        Device,
        Port,
        Gid,
    };
    Q_ENUM(NodeKind)

    explicit DiscoveryModel(QObject* parent = nullptr);
    ~DiscoveryModel() override;

    QModelIndex index(int row, int column, const QModelIndex& parent = {}) const override;
    QModelIndex parent(const QModelIndex& child) const override;
    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    /// Starts a run: one row per host, state "waiting", no children. Resets the model.
    void setPendingHosts(const std::vector<rp::HostSpec>& hosts);
    /// Replaces everything with finished outcomes (a reset).
    void setOutcomes(const std::vector<rp::HostOutcome>& outcomes);
    /// Merges one finished host in place: its row is updated and its children replaced; other hosts keep
    /// their rows (and the view its selection and expansion). Unknown hosts are appended.
    void updateHost(const rp::HostOutcome& outcome);
    /// Hosts still waiting get this state text (e.g. after Cancel).
    void markPending(const QString& stateText);
    void clear();

    QModelIndex hostIndex(const QString& name) const;
    /// The outcome of a finished host, or nullptr.
    const rp::HostOutcome* outcome(const QString& name) const;
    std::vector<rp::HostOutcome> outcomes() const;

private:
    struct Node;

    Node* nodeFor(const QModelIndex& index) const;
    int rowOf(const Node* node) const;
    std::unique_ptr<Node> makeHostNode(const rp::HostSpec& spec) const;
    void fillHostNode(Node& host, const rp::HostOutcome& outcome) const;

    std::unique_ptr<Node> m_root;
};

/// Sort and filter for the discovery tree: errors and notes stay above devices, numeric columns sort as
/// numbers, and a match anywhere below a host keeps its ancestors visible.
class DiscoveryFilterModel final : public QSortFilterProxyModel
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(DiscoveryFilterModel)

public:
    explicit DiscoveryFilterModel(QObject* parent = nullptr);

protected:
    bool lessThan(const QModelIndex& left, const QModelIndex& right) const override;
};

} // namespace rp::ui

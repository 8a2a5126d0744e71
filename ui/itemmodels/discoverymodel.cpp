// SPDX-License-Identifier: GPL-3.0-or-later
#include "itemmodels/discoverymodel.h"

#include "support/qtstrings.h"

#include <QApplication>
#include <QBrush>
#include <QFont>
#include <QIcon>
#include <QPalette>
#include <QStyle>

#include <algorithm>
#include <optional>

namespace rp::ui {

struct DiscoveryModel::Node
{
    NodeKind kind = NodeKind::Host;
    Node* parent = nullptr;
    std::vector<std::unique_ptr<Node>> children;
    std::array<QString, ColumnCount> text;
    std::array<QVariant, ColumnCount> sortKey; ///< set where the column sorts as a number
    QString toolTip;
    QString detail;
    QString hostName;
    QString hostState; ///< host rows: rp::toString(HostState) once finished
    bool recommended = false;
    QString reason;
    rp::HostNote::Severity severity = rp::HostNote::Severity::Info;
    std::optional<rp::HostSpec> spec; ///< host rows
    std::optional<rp::HostOutcome> outcome; ///< host rows, once finished

    Node& add(NodeKind childKind)
    {
        auto child = std::make_unique<Node>();
        child->kind = childKind;
        child->parent = this;
        child->hostName = hostName;
        children.push_back(std::move(child));
        return *children.back();
    }
};

namespace {

QString stateLabel(rp::HostState state)
{
    switch (state) {
    case rp::HostState::Ok:
        return DiscoveryModel::tr("OK");
    case rp::HostState::Unreachable:
        return DiscoveryModel::tr("unreachable");
    case rp::HostState::AuthFailed:
        return DiscoveryModel::tr("authentication failed");
    case rp::HostState::HostKeyUnknown:
        return DiscoveryModel::tr("host key not accepted");
    case rp::HostState::HostKeyChanged:
        return DiscoveryModel::tr("host key changed");
    case rp::HostState::TimedOut:
        return DiscoveryModel::tr("timed out");
    case rp::HostState::CommandFailed:
        return DiscoveryModel::tr("command failed");
    case rp::HostState::Cancelled:
        return DiscoveryModel::tr("cancelled");
    case rp::HostState::Invalid:
        return DiscoveryModel::tr("invalid settings");
    case rp::HostState::Failed:
        return DiscoveryModel::tr("failed");
    }
    return {};
}

QString severityLabel(rp::HostNote::Severity severity)
{
    switch (severity) {
    case rp::HostNote::Severity::Info:
        return DiscoveryModel::tr("Note");
    case rp::HostNote::Severity::Warning:
        return DiscoveryModel::tr("Warning");
    case rp::HostNote::Severity::Error:
        return DiscoveryModel::tr("Error");
    }
    return {};
}

QString joinLines(const QStringList& lines)
{
    QStringList kept;
    for (const QString& l : lines) {
        if (!l.isEmpty())
            kept << l;
    }
    return kept.join(QLatin1Char('\n'));
}

QString labelled(const QString& label, const std::string& value)
{
    return value.empty() ? QString() : label.arg(toQ(value));
}

/// "eth0 (UP, MTU 1500, 198.19.0.1/16)" per netdev, loopback left out; empty when there is none.
QString netdevSummary(const std::vector<rp::Netdev>& netdevs)
{
    QStringList lines;
    for (const rp::Netdev& nd : netdevs) {
        if (nd.name == "lo")
            continue;
        QStringList parts;
        if (!nd.operState.empty())
            parts << toQ(nd.operState);
        if (nd.mtu)
            parts << DiscoveryModel::tr("MTU %1").arg(*nd.mtu);
        if (nd.vlanId)
            parts << DiscoveryModel::tr("VLAN %1").arg(*nd.vlanId);
        for (const std::string& a : nd.ipv4)
            parts << toQ(a);
        for (const std::string& a : nd.ipv6)
            parts << toQ(a);
        lines << (parts.isEmpty() ? toQ(nd.name)
                                  : DiscoveryModel::tr("%1 (%2)").arg(toQ(nd.name), parts.join(QStringLiteral(", "))));
    }
    return lines.isEmpty() ? QString() : DiscoveryModel::tr("Netdevs: %1").arg(lines.join(QStringLiteral("; ")));
}

} // namespace

DiscoveryModel::DiscoveryModel(QObject* parent)
    : QAbstractItemModel(parent)
    , m_root(std::make_unique<Node>())
{ }

DiscoveryModel::~DiscoveryModel() = default;

DiscoveryModel::Node* DiscoveryModel::nodeFor(const QModelIndex& index) const
{
    return index.isValid() ? static_cast<Node*>(index.internalPointer()) : m_root.get();
}

int DiscoveryModel::rowOf(const Node* node) const
{
    if (!node->parent)
        return 0;
    const auto& siblings = node->parent->children;
    const auto it = std::find_if(siblings.begin(), siblings.end(), [node](const auto& n) { return n.get() == node; });
    return static_cast<int>(it - siblings.begin());
}

QModelIndex DiscoveryModel::index(int row, int column, const QModelIndex& parent) const
{
    if (column < 0 || column >= ColumnCount || row < 0)
        return {};
    if (parent.isValid() && parent.column() != 0)
        return {};
    const Node* p = nodeFor(parent);
    if (row >= static_cast<int>(p->children.size()))
        return {};
    return createIndex(row, column, p->children[static_cast<std::size_t>(row)].get());
}

QModelIndex DiscoveryModel::parent(const QModelIndex& child) const
{
    if (!child.isValid())
        return {};
    const Node* n = nodeFor(child);
    Node* p = n->parent;
    if (!p || p == m_root.get())
        return {};
    return createIndex(rowOf(p), 0, p);
}

int DiscoveryModel::rowCount(const QModelIndex& parent) const
{
    if (parent.isValid() && parent.column() != 0)
        return 0;
    return static_cast<int>(nodeFor(parent)->children.size());
}

int DiscoveryModel::columnCount(const QModelIndex&) const
{
    return ColumnCount;
}

QVariant DiscoveryModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid))
        return {};
    const Node* n = nodeFor(index);
    const int col = index.column();
    switch (role) {
    case Qt::DisplayRole:
        return n->text[static_cast<std::size_t>(col)].isEmpty() ? QVariant()
                                                                : QVariant(n->text[static_cast<std::size_t>(col)]);
    case Qt::ToolTipRole:
        if (n->recommended)
            return tr("Recommended GID: %1").arg(n->reason);
        return n->toolTip.isEmpty() ? QVariant() : QVariant(n->toolTip);
    case Qt::FontRole:
        if (n->recommended) {
            QFont font;
            font.setBold(true);
            return font;
        }
        break;
    case Qt::BackgroundRole:
        if (n->recommended) {
            QColor color = QGuiApplication::palette().color(QPalette::Highlight);
            color.setAlpha(64);
            return QBrush(color);
        }
        break;
    case Qt::DecorationRole:
        if (col != Name || !qApp)
            break;
        if (n->kind == NodeKind::Error)
            return QApplication::style()->standardIcon(QStyle::SP_MessageBoxCritical);
        if (n->kind == NodeKind::Note) {
            switch (n->severity) {
            case rp::HostNote::Severity::Info:
                return QApplication::style()->standardIcon(QStyle::SP_MessageBoxInformation);
            case rp::HostNote::Severity::Warning:
                return QApplication::style()->standardIcon(QStyle::SP_MessageBoxWarning);
            case rp::HostNote::Severity::Error:
                return QApplication::style()->standardIcon(QStyle::SP_MessageBoxCritical);
            }
        }
        if (n->kind == NodeKind::Host && n->outcome) {
            return QApplication::style()->standardIcon(
                n->outcome->state == rp::HostState::Ok ? QStyle::SP_DialogApplyButton : QStyle::SP_MessageBoxCritical);
        }
        break;
    case NodeKindRole:
        return static_cast<int>(n->kind);
    case SortRole: {
        const QVariant& key = n->sortKey[static_cast<std::size_t>(col)];
        return key.isValid() ? key : QVariant(n->text[static_cast<std::size_t>(col)]);
    }
    case RecommendedRole:
        return n->recommended;
    case ReasonRole:
        return n->reason;
    case HostNameRole:
        return n->hostName;
    case HostStateRole:
        return n->hostState;
    case DetailRole:
        return n->detail.isEmpty() ? n->toolTip : n->detail;
    case FirstColumnSpannedRole:
        return n->kind == NodeKind::Error || n->kind == NodeKind::Note;
    }
    return {};
}

QVariant DiscoveryModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractItemModel::headerData(section, orientation, role);
    switch (section) {
    case Name:
        return tr("Name");
    case Index:
        return tr("Index");
    case Gid:
        return tr("GID");
    case Type:
        return tr("Type");
    case Netdev:
        return tr("Netdev");
    case Vlan:
        return tr("VLAN");
    case Address:
        return tr("Address");
    case State:
        return tr("State / flags");
    }
    return {};
}

std::unique_ptr<DiscoveryModel::Node> DiscoveryModel::makeHostNode(const rp::HostSpec& spec) const
{
    auto host = std::make_unique<Node>();
    host->kind = NodeKind::Host;
    host->parent = m_root.get();
    host->hostName = toQ(spec.name);
    host->spec = spec;
    host->text[Name] = host->hostName;
    host->text[Address] = spec.sysfsRoot.empty() ? toQ(spec.address) : tr("recorded tree");
    host->text[State] = tr("waiting");
    host->toolTip = spec.sysfsRoot.empty() ? toQ(spec.address) : toQ(spec.sysfsRoot);
    return host;
}

void DiscoveryModel::fillHostNode(Node& host, const rp::HostOutcome& outcome) const
{
    host.children.clear();
    host.spec = outcome.spec;
    host.outcome = outcome;
    host.hostState = QString::fromUtf8(rp::toString(outcome.state));
    host.text[State] = stateLabel(outcome.state);
    host.toolTip = joinLines({
        tr("State: %1").arg(stateLabel(outcome.state)),
        outcome.facts ? labelled(tr("Host name: %1"), outcome.facts->hostname) : QString(),
        outcome.facts ? labelled(tr("OS: %1"), outcome.facts->os) : QString(),
        outcome.facts ? labelled(tr("Kernel: %1"), outcome.facts->kernel) : QString(),
        outcome.facts ? netdevSummary(outcome.facts->netdevs) : QString(),
        tr("Took %1 s").arg(outcome.seconds, 0, 'f', 1),
    });

    if (outcome.error) {
        Node& err = host.add(NodeKind::Error);
        err.severity = rp::HostNote::Severity::Error;
        err.text[Name] = tr("%1: %2").arg(stateLabel(outcome.state), toQ(outcome.error->describe()));
        err.toolTip = err.text[Name];
    }
    if (!outcome.facts)
        return;
    const rp::HostFacts& facts = *outcome.facts;

    for (const rp::HostNote& note : facts.notes) {
        // Shown (translated) under the iWARP device itself; the host-level copy would say it twice.
        if (note.code == "iwarp.no-dcb")
            continue;
        Node& n = host.add(NodeKind::Note);
        n.severity = note.severity;
        n.text[Name] = tr("%1: %2").arg(severityLabel(note.severity), toQ(note.message));
        n.toolTip = note.code.empty() ? n.text[Name] : tr("%1 (%2)").arg(n.text[Name], toQ(note.code));
    }
    if (facts.devices.empty() && facts.notes.empty() && outcome.state == rp::HostState::Ok) {
        Node& n = host.add(NodeKind::Note);
        n.severity = rp::HostNote::Severity::Warning;
        n.text[Name] = tr("Warning: no RDMA device found on this host.");
        n.toolTip = n.text[Name];
    }

    for (const rp::RdmaDevice& dev : facts.devices) {
        Node& d = host.add(NodeKind::Device);
        d.text[Name] = toQ(dev.name);
        d.text[Type] = toQ(rp::toString(dev.transport));
        QStringList netdevs;
        if (!dev.parentNetdev.empty())
            netdevs << toQ(dev.parentNetdev);
        for (const rp::RdmaPort& p : dev.ports) {
            if (!p.netdev.empty() && !netdevs.contains(toQ(p.netdev)))
                netdevs << toQ(p.netdev);
        }
        d.text[Netdev] = netdevs.join(QStringLiteral(", "));
        d.text[State]
            = dev.fwVersion.empty() ? toQ(dev.driver) : tr("%1, firmware %2").arg(toQ(dev.driver), toQ(dev.fwVersion));
        d.toolTip = joinLines({
            labelled(tr("Driver: %1"), dev.driver),
            labelled(tr("Firmware: %1"), dev.fwVersion),
            labelled(tr("Node GUID: %1"), dev.nodeGuid),
            labelled(tr("Node type: %1"), dev.nodeType),
            labelled(tr("Board: %1"), dev.boardId),
            labelled(tr("Created on netdev: %1"), dev.parentNetdev),
        });

        if (dev.transport == rp::Transport::IWarp) {
            Node& n = d.add(NodeKind::Note);
            n.severity = rp::HostNote::Severity::Info;
            n.text[Name] = tr("iWARP runs over TCP: this device needs no DCB/PFC (lossless Ethernet) configuration.");
            n.toolTip = n.text[Name];
        }

        for (const rp::RdmaPort& port : dev.ports) {
            Node& p = d.add(NodeKind::Port);
            p.text[Name] = tr("Port %1").arg(port.number);
            p.text[Index] = QString::number(port.number);
            p.sortKey[Index] = port.number;
            p.sortKey[Name] = port.number;
            p.text[Type] = toQ(port.linkLayer);
            p.text[Netdev] = toQ(port.netdev);
            p.text[State]
                = port.physState.empty() ? toQ(port.state) : tr("%1 (%2)").arg(toQ(port.state), toQ(port.physState));
            p.toolTip = joinLines({
                labelled(tr("Rate: %1"), port.rate),
                port.activeMtu ? tr("Active MTU: %1").arg(*port.activeMtu) : QString(),
                port.maxMtu ? tr("Maximum MTU: %1").arg(*port.maxMtu) : QString(),
                tr("GID table: %1 entries in use of %2").arg(port.gids.size()).arg(port.gidTableSize),
            });

            for (const rp::GidEntry& gid : port.gids) {
                Node& g = p.add(NodeKind::Gid);
                g.text[Name] = tr("GID %1").arg(gid.index);
                g.text[Index] = QString::number(gid.index);
                g.sortKey[Index] = gid.index;
                g.sortKey[Name] = gid.index;
                g.text[Gid] = toQ(gid.gid);
                g.text[Type] = toQ(rp::toString(gid.type));
                g.text[Netdev] = toQ(gid.netdev);
                if (gid.vlanId) {
                    g.text[Vlan] = QString::number(*gid.vlanId);
                    g.sortKey[Vlan] = *gid.vlanId;
                }
                g.text[Address] = toQ(gid.ipv4.empty() ? gid.ipv6 : gid.ipv4);

                const auto rec = std::find_if(
                    facts.recommendations.begin(), facts.recommendations.end(), [&](const rp::GidRecommendation& r) {
                        return r.device == dev.name && r.port == port.number && r.gidIndex == gid.index;
                    });
                QStringList flags;
                if (rec != facts.recommendations.end()) {
                    g.recommended = true;
                    g.reason
                        = rec->reason.empty() ? tr("matches the wanted GID type and address family") : toQ(rec->reason);
                    flags << tr("recommended");
                }
                if (gid.linkLocal)
                    flags << tr("link-local");
                if (gid.duplicate)
                    flags << tr("duplicate");
                if (gid.zero)
                    flags << tr("zero");
                g.text[State] = flags.join(QStringLiteral(", "));
                g.toolTip = g.text[State];

                g.detail = tr("%1 port %2, GID index %3: %4, type %5, netdev %6, address %7.")
                               .arg(toQ(dev.name))
                               .arg(port.number)
                               .arg(gid.index)
                               .arg(g.text[Gid], g.text[Type], g.text[Netdev].isEmpty() ? tr("none") : g.text[Netdev],
                                   g.text[Address].isEmpty() ? tr("none") : g.text[Address]);
                if (g.recommended)
                    g.detail += QLatin1Char(' ') + tr("Recommended for this port: %1").arg(g.reason);
            }
        }
    }
}

void DiscoveryModel::setPendingHosts(const std::vector<rp::HostSpec>& hosts)
{
    beginResetModel();
    m_root->children.clear();
    for (const rp::HostSpec& spec : hosts)
        m_root->children.push_back(makeHostNode(spec));
    endResetModel();
}

void DiscoveryModel::setOutcomes(const std::vector<rp::HostOutcome>& outcomes)
{
    beginResetModel();
    m_root->children.clear();
    for (const rp::HostOutcome& o : outcomes) {
        auto host = makeHostNode(o.spec);
        fillHostNode(*host, o);
        m_root->children.push_back(std::move(host));
    }
    endResetModel();
}

void DiscoveryModel::updateHost(const rp::HostOutcome& outcome)
{
    const QModelIndex existing = hostIndex(toQ(outcome.spec.name));
    if (!existing.isValid()) {
        const int row = rowCount();
        auto host = makeHostNode(outcome.spec);
        fillHostNode(*host, outcome);
        beginInsertRows({}, row, row);
        m_root->children.push_back(std::move(host));
        endInsertRows();
        return;
    }

    Node* host = nodeFor(existing);
    const int oldCount = static_cast<int>(host->children.size());
    if (oldCount > 0) {
        beginRemoveRows(existing, 0, oldCount - 1);
        host->children.clear();
        endRemoveRows();
    }
    // Build the new subtree aside, then insert it in one go.
    Node scratch;
    scratch.hostName = host->hostName;
    fillHostNode(scratch, outcome);
    const int newCount = static_cast<int>(scratch.children.size());
    host->hostState = scratch.hostState;
    host->text[State] = scratch.text[State];
    host->toolTip = scratch.toolTip;
    host->spec = outcome.spec;
    host->outcome = scratch.outcome;
    emit dataChanged(index(existing.row(), 0), index(existing.row(), ColumnCount - 1));
    if (newCount > 0) {
        beginInsertRows(existing, 0, newCount - 1);
        host->children = std::move(scratch.children);
        for (auto& child : host->children)
            child->parent = host;
        endInsertRows();
    }
}

void DiscoveryModel::markPending(const QString& stateText)
{
    for (int row = 0; row < rowCount(); ++row) {
        Node* host = m_root->children[static_cast<std::size_t>(row)].get();
        if (host->outcome)
            continue;
        host->text[State] = stateText;
        emit dataChanged(index(row, State), index(row, State));
    }
}

void DiscoveryModel::clear()
{
    beginResetModel();
    m_root->children.clear();
    endResetModel();
}

QModelIndex DiscoveryModel::hostIndex(const QString& name) const
{
    for (std::size_t row = 0; row < m_root->children.size(); ++row) {
        if (m_root->children[row]->hostName == name)
            return createIndex(static_cast<int>(row), 0, m_root->children[row].get());
    }
    return {};
}

const rp::HostOutcome* DiscoveryModel::outcome(const QString& name) const
{
    const QModelIndex idx = hostIndex(name);
    if (!idx.isValid())
        return nullptr;
    const Node* n = nodeFor(idx);
    return n->outcome ? &*n->outcome : nullptr;
}

std::vector<rp::HostOutcome> DiscoveryModel::outcomes() const
{
    std::vector<rp::HostOutcome> result;
    for (const auto& host : m_root->children) {
        if (host->outcome)
            result.push_back(*host->outcome);
    }
    return result;
}

DiscoveryFilterModel::DiscoveryFilterModel(QObject* parent)
    : QSortFilterProxyModel(parent)
{
    setRecursiveFilteringEnabled(true);
    setFilterCaseSensitivity(Qt::CaseInsensitive);
    setFilterKeyColumn(-1);
    setSortRole(DiscoveryModel::SortRole);
    setSortCaseSensitivity(Qt::CaseInsensitive);
}

bool DiscoveryFilterModel::lessThan(const QModelIndex& left, const QModelIndex& right) const
{
    // Errors and notes first, then devices/ports/GIDs; kept on top in both sort orders.
    const int lk = left.data(DiscoveryModel::NodeKindRole).toInt();
    const int rk = right.data(DiscoveryModel::NodeKindRole).toInt();
    if (lk != rk)
        return sortOrder() == Qt::AscendingOrder ? lk < rk : lk > rk;
    return QSortFilterProxyModel::lessThan(left, right);
}

} // namespace rp::ui

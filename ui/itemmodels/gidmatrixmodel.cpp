// SPDX-License-Identifier: GPL-3.0-or-later
#include "itemmodels/gidmatrixmodel.h"

#include "itemmodels/fabricmatrixmodel.h"
#include "support/qtstrings.h"

#include <algorithm>

namespace rp::ui {

using rp::fabric::CellResult;
using State = FabricMatrixModel::CellState;

namespace {

State gidCellState(const CellResult& c)
{
    if (c.expected)
        return State::ExpectedBad;
    if (c.failed())
        return State::Failed;
    const double lost = c.sent == 0 ? 0.0 : 100.0 * c.lost() / c.sent;
    return lost > FabricMatrixModel::kLossyPercent ? State::Lossy : State::Ok;
}

} // namespace

GidMatrixModel::GidMatrixModel(QObject* parent)
    : QAbstractTableModel(parent)
{ }

GidMatrixModel::~GidMatrixModel() = default;

int GidMatrixModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_rows.size());
}

int GidMatrixModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_columns.size());
}

void GidMatrixModel::clear()
{
    beginResetModel();
    m_endpoints.clear();
    m_rows.clear();
    m_columns.clear();
    m_cells.clear();
    m_from.clear();
    m_to.clear();
    endResetModel();
}

void GidMatrixModel::setPair(const rp::fabric::Pinglist& pinglist, const std::vector<CellResult>& cells,
    const QString& fromHost, const QString& toHost)
{
    beginResetModel();
    m_endpoints = pinglist.endpoints;
    m_from = fromHost;
    m_to = toHost;
    m_rows.clear();
    m_columns.clear();
    if (auto it = pinglist.byHost.find(toStd(fromHost)); it != pinglist.byHost.end())
        m_rows = it->second;
    if (auto it = pinglist.byHost.find(toStd(toHost)); it != pinglist.byHost.end())
        m_columns = it->second;
    m_cells.assign(m_rows.size() * m_columns.size(), std::nullopt);
    // The first pass is the matrix: the second pass only re-probes failing ends against known-good peers.
    for (const auto& c : cells) {
        if (c.secondPass)
            continue;
        const auto r = std::ranges::find(m_rows, c.from);
        const auto k = std::ranges::find(m_columns, c.to);
        if (r == m_rows.end() || k == m_columns.end())
            continue;
        m_cells[static_cast<std::size_t>(r - m_rows.begin()) * m_columns.size()
            + static_cast<std::size_t>(k - m_columns.begin())]
            = c;
    }
    endResetModel();
}

const CellResult* GidMatrixModel::cellAt(int row, int column) const
{
    const auto& c = m_cells[static_cast<std::size_t>(row) * m_columns.size() + static_cast<std::size_t>(column)];
    return c ? &*c : nullptr;
}

QString GidMatrixModel::endpointLabel(std::uint32_t endpoint) const
{
    if (endpoint >= m_endpoints.size())
        return {};
    const auto& e = m_endpoints[endpoint];
    if (e.udp())
        return tr("UDP %1").arg(toQ(e.address));
    QString type;
    if (e.type == rp::GidType::RoceV2)
        type = QStringLiteral("v2");
    else if (e.type == rp::GidType::IbRoceV1)
        type = QStringLiteral("v1");
    QString label = QStringLiteral("%1/%2#%3").arg(toQ(e.device)).arg(e.port).arg(e.gidIndex);
    if (!type.isEmpty())
        label += QLatin1Char(' ') + type;
    if (e.empty)
        return label + QLatin1Char(' ') + tr("(empty)");
    if (!e.address.empty())
        label += QLatin1Char(' ') + toQ(e.address);
    if (e.vlan)
        label += QLatin1Char(' ') + tr("VLAN %1").arg(*e.vlan);
    return label;
}

QString GidMatrixModel::cellText(const CellResult& c) const
{
    if (c.expected)
        return QStringLiteral("~") + FabricMatrixModel::reasonText(c.reason);
    if (c.failed()) {
        const QString reason = FabricMatrixModel::reasonText(
            c.reason == rp::fabric::Reason::None ? rp::fabric::Reason::Timeout : c.reason);
        return QStringLiteral("%1 %2/%3").arg(reason).arg(c.received).arg(c.sent);
    }
    QString text = tr("%1 µs").arg(c.rttP50Us, 0, 'f', 0);
    if (c.lost() > 0)
        text += QStringLiteral(" %1/%2").arg(c.received).arg(c.sent);
    return text;
}

QString GidMatrixModel::cellToolTip(int row, int column) const
{
    const auto from = m_rows[static_cast<std::size_t>(row)];
    const auto to = m_columns[static_cast<std::size_t>(column)];
    QString text = tr("%1 → %2").arg(toQ(m_endpoints[from].name()), toQ(m_endpoints[to].name()));
    const CellResult* c = cellAt(row, column);
    if (!c)
        return text + QLatin1Char('\n') + tr("not in this round's pinglist");
    text += QLatin1Char('\n') + tr("%1 of %2 probes answered").arg(c->received).arg(c->sent);
    if (c->expected) {
        text += QLatin1Char('\n') + FabricMatrixModel::expectedWhy(c->reason);
    } else if (c->failed()) {
        text += QLatin1Char('\n')
            + tr("failed: %1")
                  .arg(FabricMatrixModel::reasonText(
                      c->reason == rp::fabric::Reason::None ? rp::fabric::Reason::Timeout : c->reason));
    }
    if (c->received > 0) {
        text += QLatin1Char('\n')
            + tr("RTT p50 %1 µs, p99 %2 µs").arg(c->rttP50Us, 0, 'f', 0).arg(c->rttP99Us, 0, 'f', 0);
        text += QLatin1Char('\n')
            + tr("prober delay %1 µs, responder delay %2 µs")
                  .arg(c->proberDelayP50Us, 0, 'f', 0)
                  .arg(c->responderDelayP50Us, 0, 'f', 0);
    }
    return text;
}

QVariant GidMatrixModel::data(const QModelIndex& index, int role) const
{
    if (!index.isValid() || index.row() >= rowCount() || index.column() >= columnCount())
        return {};
    const CellResult* c = cellAt(index.row(), index.column());
    switch (role) {
    case Qt::DisplayRole:
        return c ? cellText(*c) : QString();
    case Qt::ToolTipRole:
        return cellToolTip(index.row(), index.column());
    case Qt::BackgroundRole:
        return FabricMatrixModel::stateColour(c ? gidCellState(*c) : State::NoCells);
    case Qt::TextAlignmentRole:
        return int(Qt::AlignCenter);
    case CellStateRole:
        return static_cast<int>(c ? gidCellState(*c) : State::NoCells);
    case ReasonRole:
        return c ? toQ(std::string(rp::fabric::toString(c->reason))) : QString();
    default:
        return {};
    }
}

QVariant GidMatrixModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    const auto& axis = orientation == Qt::Vertical ? m_rows : m_columns;
    if (section < 0 || static_cast<std::size_t>(section) >= axis.size())
        return {};
    const auto endpoint = axis[static_cast<std::size_t>(section)];
    if (role == Qt::DisplayRole)
        return endpointLabel(endpoint);
    if (role == Qt::ToolTipRole && endpoint < m_endpoints.size()) {
        const auto& e = m_endpoints[endpoint];
        return e.udp() ? toQ(e.name()) : QStringLiteral("%1\n%2").arg(toQ(e.name()), toQ(e.gid));
    }
    return {};
}

} // namespace rp::ui

// SPDX-License-Identifier: GPL-3.0-or-later
#include "itemmodels/fabricmatrixmodel.h"

#include "support/qtstrings.h"
#include "support/theme.h"

#include "fabric/aggregate.h"

#include <QGuiApplication>
#include <QHash>
#include <QPalette>

#include <algorithm>

namespace rp::ui {

using rp::fabric::Reason;

FabricMatrixModel::FabricMatrixModel(QObject* parent)
    : QAbstractTableModel(parent)
{ }

FabricMatrixModel::~FabricMatrixModel() = default;

int FabricMatrixModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_axis.size());
}

int FabricMatrixModel::columnCount(const QModelIndex& parent) const
{
    return rowCount(parent);
}

QString FabricMatrixModel::nameAt(int section) const
{
    if (section < 0 || section >= m_axis.size())
        return {};
    const QString& name = m_axis.at(section);
    // Hosts no topology places share the unnamed ToR; an empty header would read as a missing label.
    return m_torView && name.isEmpty() ? tr("(no ToR)") : name;
}

int FabricMatrixModel::sectionOf(const QString& name) const
{
    return static_cast<int>(m_axis.indexOf(name));
}

void FabricMatrixModel::clear()
{
    beginResetModel();
    m_axis.clear();
    m_cells.clear();
    m_torView = false;
    m_maxRtt = 0.0;
    m_maxLoss = 0.0;
    m_highlighted.clear();
    endResetModel();
}

void FabricMatrixModel::setRound(const rp::fabric::Pinglist& pinglist, const std::vector<rp::fabric::CellResult>& cells)
{
    setContent(build(pinglist, cells));
}

FabricMatrixModel::Content FabricMatrixModel::build(
    const rp::fabric::Pinglist& pinglist, const std::vector<rp::fabric::CellResult>& cells)
{
    Content content;
    content.topology = pinglist.topology;
    content.torView = pinglist.hosts.size() > static_cast<std::size_t>(kMaxHostMatrix);
    QHash<QString, int> section; // a 64-host round has 4 032 pairs: a linear search of the axis for each adds up
    auto fill = [&content, &section](const auto& summaries, auto from, auto to) {
        for (int i = 0; i < content.axis.size(); ++i)
            section.insert(content.axis.at(i), i);
        const auto n = static_cast<std::size_t>(content.axis.size());
        content.cells.assign(n * n, Cell {});
        for (const auto& s : summaries) {
            const int r = section.value(toQ(s.*from), -1);
            const int c = section.value(toQ(s.*to), -1);
            if (r < 0 || c < 0)
                continue;
            Cell& cell = content.cells[static_cast<std::size_t>(r) * n + static_cast<std::size_t>(c)];
            cell = { true, s.cells, s.cellsFailed, s.cellsExpectedBad, s.worstReason, s.lossPercent, s.rttP99Us };
            if (cell.cells > cell.expectedBad) {
                content.maxRtt = std::max(content.maxRtt, cell.rttP99);
                content.maxLoss = std::max(content.maxLoss, cell.loss);
            }
        }
    };
    if (content.torView) {
        QStringList tors;
        QSet<QString> seen;
        for (const auto& h : pinglist.hosts) {
            QString tor = toQ(pinglist.topology.torOfHost(h));
            if (!seen.contains(tor)) {
                seen.insert(tor);
                tors << std::move(tor);
            }
        }
        tors.sort();
        content.axis = std::move(tors);
        fill(rp::fabric::summariseTors(pinglist, cells), &rp::fabric::TorSummary::fromTor,
            &rp::fabric::TorSummary::toTor);
    } else {
        for (const auto& h : pinglist.hosts)
            content.axis << toQ(h);
        fill(rp::fabric::summarisePairs(pinglist, cells), &rp::fabric::PairSummary::fromHost,
            &rp::fabric::PairSummary::toHost);
    }
    return content;
}

void FabricMatrixModel::setContent(Content content)
{
    beginResetModel();
    m_axis = std::move(content.axis);
    m_cells = std::move(content.cells);
    m_topology = std::move(content.topology);
    m_torView = content.torView;
    m_maxRtt = content.maxRtt;
    m_maxLoss = content.maxLoss;
    endResetModel();
    setHighlightedHosts(m_highlightHosts);
}

void FabricMatrixModel::setMetric(Metric metric)
{
    if (m_metric == metric)
        return;
    m_metric = metric;
    if (!m_axis.isEmpty())
        emit dataChanged(index(0, 0), index(rowCount() - 1, columnCount() - 1));
}

void FabricMatrixModel::setHighlightedHosts(const QStringList& hosts)
{
    m_highlightHosts = hosts;
    QSet<int> sections;
    for (const QString& h : hosts) {
        const QString name = m_torView ? toQ(m_topology.torOfHost(toStd(h))) : h;
        if (const int s = sectionOf(name); s >= 0)
            sections.insert(s);
    }
    if (sections == m_highlighted)
        return;
    m_highlighted = sections;
    if (!m_axis.isEmpty()) {
        emit dataChanged(index(0, 0), index(rowCount() - 1, columnCount() - 1), { HighlightRole });
        emit headerDataChanged(Qt::Horizontal, 0, columnCount() - 1);
        emit headerDataChanged(Qt::Vertical, 0, rowCount() - 1);
    }
}

bool FabricMatrixModel::isHighlighted(int section) const
{
    return m_highlighted.contains(section);
}

const FabricMatrixModel::Cell& FabricMatrixModel::cellAt(int row, int column) const
{
    return m_cells[static_cast<std::size_t>(row) * static_cast<std::size_t>(m_axis.size())
        + static_cast<std::size_t>(column)];
}

FabricMatrixModel::CellState FabricMatrixModel::stateOf(const Cell& cell) const
{
    if (!cell.present || cell.cells == 0)
        return CellState::NoCells;
    if (cell.failed > 0)
        return CellState::Failed;
    if (cell.expectedBad == cell.cells)
        return CellState::ExpectedBad;
    return cell.loss > kLossyPercent ? CellState::Lossy : CellState::Ok;
}

double FabricMatrixModel::badness(const Cell& cell) const
{
    if (m_metric == Metric::RttP99)
        return m_maxRtt > 0 ? cell.rttP99 / m_maxRtt : 0.0;
    // Loss below what a finding needs is noise, yet still worth a shade: scaled to the matrix's worst pair.
    return m_maxLoss > 0 ? cell.loss / m_maxLoss : 0.0;
}

QString FabricMatrixModel::cellText(const Cell& cell) const
{
    const CellState state = stateOf(cell);
    if (state == CellState::NoCells)
        return {};
    if (state == CellState::ExpectedBad)
        return QStringLiteral("~");
    if (m_metric == Metric::Loss)
        return tr("%1 %").arg(cell.loss, 0, 'f', cell.loss > 0 && cell.loss < 10 ? 1 : 0);
    if (cell.rttP99 <= 0)
        return QStringLiteral("–");
    if (cell.rttP99 >= 1000)
        return tr("%1 ms").arg(cell.rttP99 / 1000, 0, 'f', 1);
    return tr("%1 µs").arg(cell.rttP99, 0, 'f', 0);
}

QString FabricMatrixModel::cellToolTip(int row, int column) const
{
    const Cell& cell = cellAt(row, column);
    QString text = tr("%1 → %2").arg(nameAt(row), nameAt(column));
    if (stateOf(cell) == CellState::NoCells)
        return text + QLatin1Char('\n') + tr("not probed in this round (sampled peers only across ToRs)");
    text += QLatin1Char('\n') + tr("%n cell(s)", nullptr, static_cast<int>(cell.cells));
    if (cell.failed > 0)
        text += QLatin1Char('\n') + tr("%n failed against expectation", nullptr, static_cast<int>(cell.failed));
    if (cell.expectedBad > 0)
        text += QLatin1Char('\n') + tr("%n fail by design", nullptr, static_cast<int>(cell.expectedBad));
    if (cell.worst != Reason::None) {
        text += QLatin1Char('\n') + tr("worst: %1").arg(reasonText(cell.worst));
        if (cell.failed == 0)
            text += QLatin1Char('\n') + expectedWhy(cell.worst);
    }
    if (cell.cells > cell.expectedBad)
        text
            += QLatin1Char('\n') + tr("loss %1 %, RTT p99 %2 µs").arg(cell.loss, 0, 'f', 1).arg(cell.rttP99, 0, 'f', 0);
    if (stateOf(cell) == CellState::Lossy)
        text += QLatin1Char('\n')
            + tr("every cell answers, but more than %1 % of the probes are lost").arg(kLossyPercent);
    return text;
}

QVariant FabricMatrixModel::data(const QModelIndex& index, int role) const
{
    if (!index.isValid() || index.row() >= rowCount() || index.column() >= columnCount())
        return {};
    const Cell& cell = cellAt(index.row(), index.column());
    switch (role) {
    case Qt::DisplayRole:
        return cellText(cell);
    case Qt::ToolTipRole:
        return cellToolTip(index.row(), index.column());
    case Qt::BackgroundRole:
        return stateColour(stateOf(cell), badness(cell));
    case CellStateRole:
        return static_cast<int>(stateOf(cell));
    case FromRole:
        return nameAt(index.row());
    case ToRole:
        return nameAt(index.column());
    case HighlightRole:
        return isHighlighted(index.row()) || isHighlighted(index.column());
    default:
        return {};
    }
}

QVariant FabricMatrixModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (section < 0 || section >= m_axis.size())
        return {};
    if (role == Qt::DisplayRole)
        return nameAt(section);
    if (role == Qt::ToolTipRole)
        return orientation == Qt::Vertical ? tr("%1 probes (row)").arg(nameAt(section))
                                           : tr("%1 answers (column)").arg(nameAt(section));
    if (role == HighlightRole)
        return isHighlighted(section);
    return {};
}

QString FabricMatrixModel::reasonText(Reason reason)
{
    switch (reason) {
    case Reason::None:
        return {};
    case Reason::Timeout:
        return tr("timeout");
    case Reason::RoceVersion:
        return tr("RoCE version");
    case Reason::OtherSubnet:
        return tr("other subnet");
    case Reason::LinkLocal:
        return tr("link-local");
    case Reason::EmptySlot:
        return tr("empty slot");
    case Reason::PortBlocked:
        return tr("port blocked");
    case Reason::Mtu:
        return tr("MTU");
    case Reason::AgentDown:
        return tr("agent down");
    case Reason::HostBusy:
        return tr("host busy");
    }
    return {};
}

QString FabricMatrixModel::expectedWhy(Reason reason)
{
    switch (reason) {
    case Reason::RoceVersion:
        return tr("Expected: a RoCE v1 GID cannot reach a v2 one (v1 is not routable and v2 peers ignore it).");
    case Reason::OtherSubnet:
        return tr("Expected: the GIDs sit in different subnets or VLANs and the fabric is not routed between them.");
    case Reason::LinkLocal:
        return tr("Expected: a link-local GID is not reachable from a routed (RoCE v2) GID.");
    case Reason::EmptySlot:
        return tr("Expected: the GID slot is empty; nothing can answer there.");
    default:
        return tr("Expected by the plan: %1.").arg(reasonText(reason));
    }
}

QColor FabricMatrixModel::stateColour(CellState state, double badness)
{
    const bool dark = isDark(QGuiApplication::palette());
    switch (state) {
    case CellState::NoCells:
        return QGuiApplication::palette().color(QPalette::Base);
    case CellState::ExpectedBad:
        return dark ? QColor(0x55, 0x55, 0x55) : QColor(0xc8, 0xc8, 0xc8);
    case CellState::Failed:
        return dark ? QColor(0xc0, 0x30, 0x30) : QColor(0xe0, 0x40, 0x40);
    case CellState::Lossy:
        return dark ? QColor(0xb0, 0x68, 0x10) : QColor(0xf5, 0xa6, 0x3c);
    case CellState::Ok:
        break;
    }
    // Light green for the best pairs, a deeper olive for the worst: the eye finds the slow corner without a legend.
    const double t = std::clamp(badness, 0.0, 1.0);
    const QColor best = dark ? QColor(0x2e, 0x7d, 0x32) : QColor(0xb9, 0xf0, 0xb0);
    const QColor worst = dark ? QColor(0x8a, 0x7a, 0x10) : QColor(0x5f, 0x9e, 0x2a);
    return QColor::fromRgbF(static_cast<float>(best.redF() + (worst.redF() - best.redF()) * t),
        static_cast<float>(best.greenF() + (worst.greenF() - best.greenF()) * t),
        static_cast<float>(best.blueF() + (worst.blueF() - best.blueF()) * t));
}

} // namespace rp::ui

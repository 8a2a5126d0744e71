// SPDX-License-Identifier: GPL-3.0-or-later
#include "itemmodels/fabricfindingmodel.h"

#include "support/qtstrings.h"
#include "support/theme.h"

#include <QColor>

#include <algorithm>

namespace rp::ui {

using rp::fabric::ElementKind;
using rp::fabric::FabricFinding;

namespace {

QString findingEscaped(const std::string& text)
{
    return toQ(text).toHtmlEscaped();
}

} // namespace

FabricFindingModel::FabricFindingModel(QObject* parent)
    : QAbstractTableModel(parent)
{ }

FabricFindingModel::~FabricFindingModel() = default;

int FabricFindingModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_findings.size());
}

int FabricFindingModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

const FabricFinding* FabricFindingModel::finding(int row) const
{
    if (row < 0 || row >= rowCount())
        return nullptr;
    return &m_findings[static_cast<std::size_t>(row)];
}

void FabricFindingModel::setFindings(std::vector<FabricFinding> findings)
{
    beginResetModel();
    m_findings = std::move(findings);
    endResetModel();
}

void FabricFindingModel::raise(const FabricFinding& finding)
{
    const std::string id = finding.id();
    auto it = std::ranges::find_if(m_findings, [&](const FabricFinding& f) { return f.id() == id; });
    if (it != m_findings.end()) {
        *it = finding;
        const int row = static_cast<int>(it - m_findings.begin());
        emit dataChanged(index(row, 0), index(row, ColumnCount - 1));
        return;
    }
    const int row = rowCount();
    beginInsertRows({}, row, row);
    m_findings.push_back(finding);
    endInsertRows();
}

void FabricFindingModel::clearFinding(const QString& id)
{
    const std::string key = toStd(id);
    auto it = std::ranges::find_if(m_findings, [&](const FabricFinding& f) { return f.id() == key; });
    if (it == m_findings.end())
        return;
    const int row = static_cast<int>(it - m_findings.begin());
    beginRemoveRows({}, row, row);
    m_findings.erase(it);
    endRemoveRows();
}

void FabricFindingModel::clear()
{
    setFindings({});
}

QString FabricFindingModel::classText(ElementKind kind)
{
    switch (kind) {
    case ElementKind::HostNic:
        return tr("host NIC");
    case ElementKind::HostAgent:
        return tr("host agent");
    case ElementKind::HostConfig:
        return tr("host configuration");
    case ElementKind::AccessLink:
        return tr("access link");
    case ElementKind::Tor:
        return tr("ToR switch");
    case ElementKind::Uplink:
        return tr("uplink");
    case ElementKind::HostBusy:
        return tr("busy host");
    }
    return {};
}

QVariant FabricFindingModel::data(const QModelIndex& index, int role) const
{
    const FabricFinding* f = index.isValid() ? finding(index.row()) : nullptr;
    if (!f)
        return {};
    switch (role) {
    case Qt::DisplayRole:
        switch (index.column()) {
        case Element:
            return toQ(f->element.name);
        case Class:
            return classText(f->klass);
        case Confidence:
            return tr("%1 %").arg(f->confidence * 100.0, 0, 'f', 0);
        case Title:
            return toQ(f->finding.title);
        default:
            return {};
        }
    case Qt::ToolTipRole:
        return toQ(f->finding.title);
    case Qt::ForegroundRole:
        if (index.column() == Element && f->finding.severity == rp::diag::Severity::Error)
            return badColour();
        return {};
    case Qt::TextAlignmentRole:
        return index.column() == Confidence ? QVariant(int(Qt::AlignRight | Qt::AlignVCenter)) : QVariant();
    case HostsRole: {
        QStringList hosts;
        for (const auto& h : f->finding.hosts)
            hosts << toQ(h);
        return hosts;
    }
    case IdRole:
        return toQ(f->id());
    case SeverityRole:
        return toQ(rp::diag::toString(f->finding.severity));
    default:
        return {};
    }
}

QVariant FabricFindingModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case Element:
        return tr("Element");
    case Class:
        return tr("Class");
    case Confidence:
        return tr("Confidence");
    case Title:
        return tr("Finding");
    default:
        return {};
    }
}

QString FabricFindingModel::detailHtml(int row) const
{
    const FabricFinding* f = finding(row);
    if (!f)
        return {};
    QString html = QStringLiteral("<p><b>%1</b></p>").arg(findingEscaped(f->finding.title));
    html += QStringLiteral("<p>%1</p>")
                .arg(tr("%1 <b>%2</b>, confidence %3 %")
                         .arg(classText(f->klass).toHtmlEscaped(), findingEscaped(f->element.name))
                         .arg(f->confidence * 100.0, 0, 'f', 0));
    if (!f->alternatives.empty()) {
        QStringList alternatives;
        for (const auto& a : f->alternatives)
            alternatives << tr("%1 %2 (%3 %)")
                                .arg(classText(a.element.kind).toHtmlEscaped(), findingEscaped(a.element.name))
                                .arg(a.confidence * 100.0, 0, 'f', 0);
        html += QStringLiteral("<p>%1 %2</p>").arg(tr("Or:"), alternatives.join(QStringLiteral("; ")));
    }
    if (!f->finding.explanation.empty())
        html += QStringLiteral("<p>%1</p>").arg(findingEscaped(f->finding.explanation));
    if (!f->finding.evidence.empty()) {
        html += QStringLiteral("<p><b>%1</b></p><ul>").arg(tr("Evidence"));
        for (const auto& e : f->finding.evidence) {
            const QString who = e.host.empty() ? findingEscaped(e.subject)
                                               : findingEscaped(e.host) + QLatin1Char(' ') + findingEscaped(e.subject);
            html += QStringLiteral("<li>%1: %2</li>").arg(who, findingEscaped(e.value));
        }
        html += QStringLiteral("</ul>");
    }
    if (!f->because.empty()) {
        QStringList because;
        for (const auto& b : f->because)
            because << findingEscaped(b);
        html += QStringLiteral("<p>%1 %2</p>").arg(tr("Because of:"), because.join(QStringLiteral(", ")));
    }
    for (const auto& x : f->finding.fixes)
        html += QStringLiteral("<p><b>%1</b></p><pre>%2</pre>")
                    .arg(tr("Fix on %1").arg(findingEscaped(x.target)), findingEscaped(x.text));
    return html;
}

} // namespace rp::ui

// SPDX-License-Identifier: GPL-3.0-or-later
#include "widgets/fabricview.h"

#include <QPainter>
#include <QPainterPath>
#include <QtMath>

namespace rp::ui {

namespace {

QColor severityColor(int severity, const QPalette& palette)
{
    if (severity >= 2)
        return QColor(0xc6, 0x28, 0x28);
    if (severity == 1)
        return QColor(0xe0, 0x8a, 0x00);
    return palette.color(QPalette::Mid);
}

} // namespace

FabricView::FabricView(QWidget* parent)
    : QWidget(parent)
{
    setMinimumSize(320, 240);
    setAccessibleName(tr("Fabric view"));
}

void FabricView::setFabric(QVector<Node> nodes, QVector<Link> links)
{
    m_nodes = std::move(nodes);
    m_links = std::move(links);
    update();
}

void FabricView::paintEvent(QPaintEvent*)
{
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing);
    p.fillRect(rect(), palette().color(QPalette::Base));
    if (m_nodes.isEmpty()) {
        p.setPen(palette().color(QPalette::PlaceholderText));
        p.drawText(rect(), Qt::AlignCenter, tr("No hosts yet: run a check or import outputs."));
        return;
    }
    QVector<int> hostIdx, switchIdx;
    for (int i = 0; i < m_nodes.size(); ++i)
        (m_nodes[i].isSwitchPort ? switchIdx : hostIdx).append(i);
    QVector<QPointF> pos(m_nodes.size());
    const QFontMetrics fm(font());
    // Switch ports in rows at the top, as many per row as fit their widest label.
    qreal widest = 0;
    for (int i : switchIdx)
        widest
            = std::max<qreal>(widest, fm.horizontalAdvance(fm.elidedText(m_nodes[i].name, Qt::ElideMiddle, 140)) + 28);
    const int perRow = switchIdx.isEmpty() ? 1 : std::max(1, static_cast<int>(width() / std::max<qreal>(widest, 1)));
    const int rows = switchIdx.isEmpty() ? 0 : (static_cast<int>(switchIdx.size()) + perRow - 1) / perRow;
    const qreal rowHeight = fm.height() * 2.2;
    const qreal top = rows * rowHeight + (rows ? fm.height() : 0);
    const QRectF area = QRectF(rect()).adjusted(60, 30 + top + fm.height() * 2, -60, -30);
    const QPointF centre = area.center();
    const qreal radius = std::max<qreal>(20, std::min(area.width(), area.height()) / 2);
    for (int k = 0; k < hostIdx.size(); ++k) {
        const qreal angle = hostIdx.size() == 1 ? 0 : 2 * M_PI * k / hostIdx.size() - M_PI / 2;
        pos[hostIdx[k]]
            = hostIdx.size() == 1 ? centre : centre + QPointF(radius * std::cos(angle), radius * std::sin(angle));
    }
    for (int k = 0; k < switchIdx.size(); ++k) {
        const int row = k / perRow;
        const int inRow = row == rows - 1 ? static_cast<int>(switchIdx.size()) - row * perRow : perRow;
        pos[switchIdx[k]] = QPointF(width() * (k % perRow + 1.0) / (inRow + 1.0), fm.height() * 1.5 + row * rowHeight);
    }

    // Links: fine ones thin and grey, marked ones thick in their colour with the rules as a label.
    for (const Link& l : m_links) {
        if (l.a < 0 || l.b < 0 || l.a >= pos.size() || l.b >= pos.size())
            continue;
        QPen pen(severityColor(l.severity, palette()), l.severity ? 3 : 1);
        if (l.severity == 1)
            pen.setStyle(Qt::DashLine);
        p.setPen(pen);
        p.drawLine(pos[l.a], pos[l.b]);
    }
    for (const Link& l : m_links) {
        if (!l.severity || l.label.isEmpty() || l.a >= pos.size() || l.b >= pos.size())
            continue;
        // A cable's label sits nearer its host, clear of the switch-port rows.
        const bool cable = m_nodes[l.a].isSwitchPort != m_nodes[l.b].isSwitchPort;
        const QPointF hostEnd = m_nodes[l.a].isSwitchPort ? pos[l.b] : pos[l.a];
        const QPointF portEnd = m_nodes[l.a].isSwitchPort ? pos[l.a] : pos[l.b];
        const QPointF mid = cable ? portEnd + (hostEnd - portEnd) * 0.6 : (pos[l.a] + pos[l.b]) / 2;
        const QString text = fm.elidedText(l.label, Qt::ElideRight, 220);
        QRectF box = fm.boundingRect(text);
        box.moveCenter(mid);
        box.adjust(-4, -2, 4, 2);
        p.setPen(Qt::NoPen);
        p.setBrush(palette().color(QPalette::Base));
        p.drawRoundedRect(box, 3, 3);
        p.setPen(severityColor(l.severity, palette()));
        p.drawText(box, Qt::AlignCenter, text);
    }
    // Nodes: hosts as rounded boxes, switch ports as plain boxes, outlined in their worst severity.
    for (int i = 0; i < m_nodes.size(); ++i) {
        const Node& n = m_nodes[i];
        const QString text = fm.elidedText(n.name, Qt::ElideMiddle, 140);
        QRectF box(0, 0, fm.horizontalAdvance(text) + 16, fm.height() + 10);
        box.moveCenter(pos[i]);
        p.setBrush(palette().color(n.isSwitchPort ? QPalette::AlternateBase : QPalette::Button));
        p.setPen(QPen(
            n.severity ? severityColor(n.severity, palette()) : palette().color(QPalette::Dark), n.severity ? 2.5 : 1));
        if (n.isSwitchPort)
            p.drawRect(box);
        else
            p.drawRoundedRect(box, 6, 6);
        p.setPen(palette().color(QPalette::ButtonText));
        p.drawText(box, Qt::AlignCenter, text);
    }
}

} // namespace rp::ui

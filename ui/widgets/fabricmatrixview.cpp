// SPDX-License-Identifier: GPL-3.0-or-later
#include "widgets/fabricmatrixview.h"

#include "itemmodels/fabricmatrixmodel.h"

#include <QAbstractItemModel>
#include <QHelpEvent>
#include <QKeyEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QScrollBar>
#include <QToolTip>

#include <algorithm>

namespace rp::ui {

namespace {

constexpr int kMinCell = 14;
constexpr int kMaxCellWidth = 72;
constexpr int kMaxCellHeight = 44;
constexpr int kMaxHeader = 150;

} // namespace

FabricMatrixView::FabricMatrixView(QWidget* parent)
    : QAbstractScrollArea(parent)
{
    setFocusPolicy(Qt::StrongFocus);
    viewport()->setMouseTracking(true);
    viewport()->setBackgroundRole(QPalette::Base);
    setHorizontalScrollBarPolicy(Qt::ScrollBarAsNeeded);
    setVerticalScrollBarPolicy(Qt::ScrollBarAsNeeded);
}

FabricMatrixView::~FabricMatrixView() = default;

void FabricMatrixView::setModel(QAbstractItemModel* model)
{
    if (m_model)
        disconnect(m_model, nullptr, this, nullptr);
    m_model = model;
    m_selected = QPersistentModelIndex();
    if (m_model) {
        connect(m_model, &QAbstractItemModel::modelReset, this, &FabricMatrixView::relayout);
        connect(m_model, &QAbstractItemModel::dataChanged, viewport(), qOverload<>(&QWidget::update));
        connect(m_model, &QAbstractItemModel::headerDataChanged, viewport(), qOverload<>(&QWidget::update));
    }
    relayout();
}

QModelIndex FabricMatrixView::selectedCell() const
{
    return m_selected;
}

void FabricMatrixView::selectCell(int row, int column)
{
    if (!m_model || row < 0 || column < 0 || row >= m_model->rowCount() || column >= m_model->columnCount())
        return;
    m_selected = m_model->index(row, column);
    // Keep the chosen cell in view, as a table would, so the keyboard can walk a grid larger than the window.
    const QRect r = cellRect(row, column);
    const QRect area(
        m_rowHeader, m_columnHeader, viewport()->width() - m_rowHeader, viewport()->height() - m_columnHeader);
    if (r.left() < area.left())
        horizontalScrollBar()->setValue(horizontalScrollBar()->value() - (area.left() - r.left()));
    else if (r.right() > area.right())
        horizontalScrollBar()->setValue(horizontalScrollBar()->value() + (r.right() - area.right()));
    if (r.top() < area.top())
        verticalScrollBar()->setValue(verticalScrollBar()->value() - (area.top() - r.top()));
    else if (r.bottom() > area.bottom())
        verticalScrollBar()->setValue(verticalScrollBar()->value() + (r.bottom() - area.bottom()));
    viewport()->update();
    emit cellSelected(row, column);
}

QRect FabricMatrixView::cellRect(int row, int column) const
{
    return { m_rowHeader + column * m_cellWidth - horizontalScrollBar()->value(),
        m_columnHeader + row * m_cellHeight - verticalScrollBar()->value(), m_cellWidth, m_cellHeight };
}

QModelIndex FabricMatrixView::cellAt(const QPoint& pos) const
{
    if (!m_model || pos.x() < m_rowHeader || pos.y() < m_columnHeader || m_cellWidth <= 0 || m_cellHeight <= 0)
        return {};
    const int column = (pos.x() - m_rowHeader + horizontalScrollBar()->value()) / m_cellWidth;
    const int row = (pos.y() - m_columnHeader + verticalScrollBar()->value()) / m_cellHeight;
    if (row >= m_model->rowCount() || column >= m_model->columnCount())
        return {};
    return m_model->index(row, column);
}

QSize FabricMatrixView::sizeHint() const
{
    const int n = m_model ? std::max(m_model->rowCount(), 1) : 1;
    const int cells = std::min(n, 16);
    return { m_rowHeader + cells * 40 + 2 * frameWidth(), m_columnHeader + cells * 28 + 2 * frameWidth() };
}

QSize FabricMatrixView::minimumSizeHint() const
{
    return { 200, 160 };
}

void FabricMatrixView::relayout()
{
    const int n = m_model ? m_model->rowCount() : 0;
    const QFontMetrics fm(font());
    int widest = 0;
    for (int i = 0; i < n; ++i) {
        widest = std::max(widest, fm.horizontalAdvance(m_model->headerData(i, Qt::Vertical).toString()));
        widest = std::max(widest, fm.horizontalAdvance(m_model->headerData(i, Qt::Horizontal).toString()));
    }
    const int header = n == 0 ? 0 : std::min(widest + 12, kMaxHeader);
    m_rowHeader = header;
    m_columnHeader = header;
    const int w = viewport()->width() - m_rowHeader;
    const int h = viewport()->height() - m_columnHeader;
    m_cellWidth = n == 0 ? kMaxCellWidth : std::clamp(w / n, kMinCell, kMaxCellWidth);
    m_cellHeight = n == 0 ? kMaxCellHeight : std::clamp(h / n, kMinCell, kMaxCellHeight);
    horizontalScrollBar()->setRange(0, std::max(0, n * m_cellWidth - w));
    verticalScrollBar()->setRange(0, std::max(0, n * m_cellHeight - h));
    horizontalScrollBar()->setPageStep(std::max(w, 1));
    verticalScrollBar()->setPageStep(std::max(h, 1));
    horizontalScrollBar()->setSingleStep(m_cellWidth);
    verticalScrollBar()->setSingleStep(m_cellHeight);
    updateGeometry();
    viewport()->update();
}

void FabricMatrixView::resizeEvent(QResizeEvent* event)
{
    QAbstractScrollArea::resizeEvent(event);
    relayout();
}

void FabricMatrixView::changeEvent(QEvent* event)
{
    QAbstractScrollArea::changeEvent(event);
    if (event->type() == QEvent::FontChange)
        relayout();
}

void FabricMatrixView::scrollContentsBy(int, int)
{
    viewport()->update();
}

QString FabricMatrixView::headerText(int section, Qt::Orientation orientation, int width) const
{
    return QFontMetrics(font()).elidedText(
        m_model->headerData(section, orientation).toString(), Qt::ElideMiddle, width);
}

void FabricMatrixView::paintEvent(QPaintEvent* event)
{
    QPainter p(viewport());
    const QPalette& pal = palette();
    p.fillRect(event->rect(), pal.color(QPalette::Base));
    const int n = m_model ? m_model->rowCount() : 0;
    if (n == 0)
        return;
    const int sx = horizontalScrollBar()->value();
    const int sy = verticalScrollBar()->value();
    const int vw = viewport()->width();
    const int vh = viewport()->height();
    // The visible range only: cost follows the window, not the fleet.
    const int firstColumn = std::max(0, sx / m_cellWidth);
    const int lastColumn = std::min(n - 1, (sx + vw - m_rowHeader) / m_cellWidth);
    const int firstRow = std::max(0, sy / m_cellHeight);
    const int lastRow = std::min(n - 1, (sy + vh - m_columnHeader) / m_cellHeight);
    const auto* matrix = qobject_cast<const FabricMatrixModel*>(m_model.data());
    auto highlighted = [&](int section) { return matrix && matrix->isHighlighted(section); };

    p.save();
    p.setClipRect(QRect(m_rowHeader, m_columnHeader, vw - m_rowHeader, vh - m_columnHeader));
    QFont small = font();
    small.setPointSizeF(std::max(6.0, font().pointSizeF() * 0.8));
    p.setFont(small);
    const QFontMetrics smallMetrics(small);
    for (int r = firstRow; r <= lastRow; ++r) {
        for (int c = firstColumn; c <= lastColumn; ++c) {
            const QModelIndex index = m_model->index(r, c);
            const QRect rect = cellRect(r, c).adjusted(0, 0, -1, -1);
            const QColor bg = m_model->data(index, Qt::BackgroundRole).value<QColor>();
            p.fillRect(rect, bg);
            // Text only where it fits whole: a cut "1" of "17 %" would lie; the colour and tooltip still tell.
            const QString text = m_model->data(index, Qt::DisplayRole).toString();
            if (!text.isEmpty() && smallMetrics.horizontalAdvance(text) + 4 <= rect.width()
                && smallMetrics.height() <= rect.height()) {
                p.setPen(bg.lightnessF() < 0.5 ? Qt::white : Qt::black);
                p.drawText(rect, Qt::AlignCenter, text);
            }
        }
    }
    // The selected finding's host: its row and column framed, so the cells keep their own colours.
    QPen markPen(pal.color(QPalette::Highlight), 2);
    p.setPen(markPen);
    p.setBrush(Qt::NoBrush);
    for (int r = firstRow; r <= lastRow; ++r) {
        if (highlighted(r))
            p.drawRect(QRect(cellRect(r, 0).topLeft(), cellRect(r, n - 1).bottomRight()).adjusted(1, 1, -1, -1));
    }
    for (int c = firstColumn; c <= lastColumn; ++c) {
        if (highlighted(c))
            p.drawRect(QRect(cellRect(0, c).topLeft(), cellRect(n - 1, c).bottomRight()).adjusted(1, 1, -1, -1));
    }
    if (m_selected.isValid()) {
        p.setPen(QPen(pal.color(QPalette::Text), 2));
        p.setBrush(Qt::NoBrush);
        p.drawRect(cellRect(m_selected.row(), m_selected.column()).adjusted(1, 1, -2, -2));
    }
    p.restore();

    // Headers on top of the cells' band, fixed while the cells scroll.
    p.fillRect(QRect(0, 0, vw, m_columnHeader), pal.color(QPalette::Window));
    p.fillRect(QRect(0, 0, m_rowHeader, vh), pal.color(QPalette::Window));
    QFont bold = font();
    bold.setBold(true);
    p.save();
    p.setClipRect(QRect(0, m_columnHeader, m_rowHeader, vh - m_columnHeader));
    for (int r = firstRow; r <= lastRow; ++r) {
        const QRect rect(4, m_columnHeader + r * m_cellHeight - sy, m_rowHeader - 8, m_cellHeight);
        if (highlighted(r))
            p.fillRect(rect.adjusted(-4, 0, 8, 0), pal.color(QPalette::Highlight));
        p.setFont(highlighted(r) ? bold : font());
        p.setPen(pal.color(highlighted(r) ? QPalette::HighlightedText : QPalette::WindowText));
        p.drawText(rect, Qt::AlignRight | Qt::AlignVCenter, headerText(r, Qt::Vertical, rect.width()));
    }
    p.restore();
    p.save();
    p.setClipRect(QRect(m_rowHeader, 0, vw - m_rowHeader, m_columnHeader));
    for (int c = firstColumn; c <= lastColumn; ++c) {
        const int x = m_rowHeader + c * m_cellWidth - sx;
        if (highlighted(c))
            p.fillRect(QRect(x, 0, m_cellWidth, m_columnHeader), pal.color(QPalette::Highlight));
        p.save();
        // Upright names read bottom to top, ending at the column they name.
        p.translate(x, m_columnHeader - 4);
        p.rotate(-90);
        p.setFont(highlighted(c) ? bold : font());
        p.setPen(pal.color(highlighted(c) ? QPalette::HighlightedText : QPalette::WindowText));
        p.drawText(QRect(0, 0, m_columnHeader - 8, m_cellWidth), Qt::AlignLeft | Qt::AlignVCenter,
            headerText(c, Qt::Horizontal, m_columnHeader - 8));
        p.restore();
    }
    p.restore();
}

void FabricMatrixView::mousePressEvent(QMouseEvent* event)
{
    const QModelIndex index = cellAt(event->position().toPoint());
    if (event->button() == Qt::LeftButton && index.isValid()) {
        setFocus(Qt::MouseFocusReason);
        selectCell(index.row(), index.column());
        return;
    }
    QAbstractScrollArea::mousePressEvent(event);
}

void FabricMatrixView::keyPressEvent(QKeyEvent* event)
{
    const int n = m_model ? m_model->rowCount() : 0;
    if (n == 0) {
        QAbstractScrollArea::keyPressEvent(event);
        return;
    }
    int row = m_selected.isValid() ? m_selected.row() : 0;
    int column = m_selected.isValid() ? m_selected.column() : 0;
    switch (event->key()) {
    case Qt::Key_Left:
        column = std::max(0, column - 1);
        break;
    case Qt::Key_Right:
        column = std::min(n - 1, column + 1);
        break;
    case Qt::Key_Up:
        row = std::max(0, row - 1);
        break;
    case Qt::Key_Down:
        row = std::min(n - 1, row + 1);
        break;
    case Qt::Key_Home:
        row = 0;
        column = 0;
        break;
    default:
        QAbstractScrollArea::keyPressEvent(event);
        return;
    }
    selectCell(row, column);
}

bool FabricMatrixView::viewportEvent(QEvent* event)
{
    if (event->type() == QEvent::ToolTip && m_model) {
        auto* help = static_cast<QHelpEvent*>(event);
        const QModelIndex index = cellAt(help->pos());
        if (index.isValid()) {
            QToolTip::showText(help->globalPos(), m_model->data(index, Qt::ToolTipRole).toString(), viewport(),
                cellRect(index.row(), index.column()));
        } else {
            QToolTip::hideText();
            event->ignore();
        }
        return true;
    }
    return QAbstractScrollArea::viewportEvent(event);
}

} // namespace rp::ui

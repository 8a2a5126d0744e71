// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// A square matrix painted from a FabricMatrixModel: row headers left, column headers (turned upright) on top, both
// staying in place while the cells scroll. Only the cells in view are painted, so a 64 x 64 grid (or a ToR grid)
// redraws in a few milliseconds; a per-cell widget or a QTableView's delegates would not.

#include <QAbstractScrollArea>
#include <QPersistentModelIndex>
#include <QPointer>

class QAbstractItemModel;

namespace rp::ui {

class FabricMatrixView final : public QAbstractScrollArea
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(FabricMatrixView)

public:
    explicit FabricMatrixView(QWidget* parent = nullptr);
    ~FabricMatrixView() override;

    void setModel(QAbstractItemModel* model);
    QAbstractItemModel* model() const { return m_model; }

    /// The selected cell (row, column); invalid when none.
    QModelIndex selectedCell() const;
    void selectCell(int row, int column);
    /// The cell under a point of the viewport; invalid outside the cells.
    QModelIndex cellAt(const QPoint& viewportPos) const;
    /// The cell's rectangle in viewport coordinates (scrolled).
    QRect cellRect(int row, int column) const;
    QSize cellSize() const { return { m_cellWidth, m_cellHeight }; }

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

signals:
    /// A cell was chosen (a click, or the arrow keys).
    void cellSelected(int row, int column);

protected:
    void paintEvent(QPaintEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void keyPressEvent(QKeyEvent* event) override;
    bool viewportEvent(QEvent* event) override;
    void scrollContentsBy(int dx, int dy) override;
    void changeEvent(QEvent* event) override;

private:
    void relayout();
    QString headerText(int section, Qt::Orientation orientation, int width) const;

    QPointer<QAbstractItemModel> m_model;
    QPersistentModelIndex m_selected;
    /// A cell's size, fitted to the viewport between bounds on each axis: a wide pane gets wide cells whose text
    /// fits, rather than square ones that leave half the pane empty.
    int m_cellWidth = 28;
    int m_cellHeight = 28;
    int m_rowHeader = 0; ///< the widths of the header bands
    int m_columnHeader = 0;
};

} // namespace rp::ui

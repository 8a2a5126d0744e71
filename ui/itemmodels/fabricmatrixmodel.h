// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The fabric page's big matrix: one cell per directed host pair (rows probe, columns answer), folded from a round's
// cells by core's summarisePairs. Above kMaxHostMatrix hosts the cells are ToR pairs (summariseTors): a 1 000-host
// grid is unreadable and too slow to paint, while the ToRs still say where to look.

#include "fabric/fabric.h"
#include "fabric/pinglist.h"

#include <QAbstractTableModel>
#include <QColor>
#include <QSet>
#include <QStringList>

#include <vector>

namespace rp::ui {

class FabricMatrixModel final : public QAbstractTableModel
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(FabricMatrixModel)

public:
    static constexpr int kMaxHostMatrix = 64;
    /// A pair (or GID cell) that works yet loses more than this share of the probes it should answer is marked lossy:
    /// one lost probe of a 20-probe cell (5 %) is background noise, a few of every cell is a link to look at.
    static constexpr double kLossyPercent = 5.0;

    enum class Metric { Loss, RttP99 };
    /// What a cell says about the fabric; views colour by it.
    enum class CellState { NoCells, Ok, Lossy, ExpectedBad, Failed };
    enum Roles {
        CellStateRole = Qt::UserRole, ///< int: CellState
        FromRole, ///< QString: the row's host (or ToR)
        ToRole, ///< QString: the column's host (or ToR)
        HighlightRole, ///< bool: the row or column is the selected finding's element
    };

    explicit FabricMatrixModel(QObject* parent = nullptr);
    ~FabricMatrixModel() override;

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    /// A round's pinglist (its hosts and ToRs give the axes) and all its cells, both passes.
    void setRound(const rp::fabric::Pinglist& pinglist, const std::vector<rp::fabric::CellResult>& cells);
    void clear();
    void setMetric(Metric metric);
    Metric metric() const { return m_metric; }
    /// True when the axes are ToRs (more than kMaxHostMatrix hosts).
    bool torView() const { return m_torView; }
    /// Marks these hosts' rows and columns (in the ToR view: their ToRs').
    void setHighlightedHosts(const QStringList& hosts);
    bool isHighlighted(int section) const;
    /// -1 when the axis has no such host (or ToR).
    int sectionOf(const QString& name) const;
    QString nameAt(int section) const;

    /// Short words for a reason ("timeout", "RoCE version"); empty for None.
    static QString reasonText(rp::fabric::Reason reason);
    /// Why a cell fails by design, for the tooltip of an expected-bad cell.
    static QString expectedWhy(rp::fabric::Reason reason);
    /// Failed red, lossy orange, expected-bad grey, ok green whose shade darkens with `badness` (0 best .. 1 worst of
    /// the matrix).
    static QColor stateColour(CellState state, double badness = 0.0);

    struct Cell
    {
        bool present = false;
        std::size_t cells = 0;
        std::size_t failed = 0;
        std::size_t expectedBad = 0;
        rp::fabric::Reason worst = rp::fabric::Reason::None;
        double loss = 0.0;
        double rttP99 = 0.0;
    };
    /// What the model shows of a round, folded by build() on any thread: at 1 000 hosts the fold is the costly part,
    /// and a watch's worker does it so that the GUI thread only swaps it in (setContent).
    struct Content
    {
        QStringList axis; ///< hosts, or ToRs above kMaxHostMatrix hosts
        std::vector<Cell> cells; ///< row-major, axis.size() squared
        rp::fabric::Topology topology;
        bool torView = false;
        double maxRtt = 0.0; ///< of the cells that should work, for the RTT shading
        double maxLoss = 0.0;
    };
    /// Thread-safe: touches no model.
    static Content build(const rp::fabric::Pinglist& pinglist, const std::vector<rp::fabric::CellResult>& cells);
    void setContent(Content content);

private:
    const Cell& cellAt(int row, int column) const;
    CellState stateOf(const Cell& cell) const;
    double badness(const Cell& cell) const;
    QString cellText(const Cell& cell) const;
    QString cellToolTip(int row, int column) const;

    QStringList m_axis;
    std::vector<Cell> m_cells; ///< row-major, m_axis.size() squared
    rp::fabric::Topology m_topology;
    Metric m_metric = Metric::Loss;
    bool m_torView = false;
    double m_maxRtt = 0.0;
    double m_maxLoss = 0.0;
    QSet<int> m_highlighted;
    QStringList m_highlightHosts;
};

} // namespace rp::ui

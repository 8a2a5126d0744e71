// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// One directed host pair's cells: rows are the source host's endpoints (its GIDs and its UDP prober), columns the
// destination's, each cell the first pass's result with its reason. This is where "lab-b is unreachable" turns into
// "only its v2 GIDs are, and the v1 ones fail by design".

#include "fabric/fabric.h"
#include "fabric/pinglist.h"

#include <QAbstractTableModel>
#include <QString>

#include <optional>
#include <vector>

namespace rp::ui {

class GidMatrixModel final : public QAbstractTableModel
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(GidMatrixModel)

public:
    enum Roles {
        CellStateRole = Qt::UserRole, ///< int: FabricMatrixModel::CellState
        ReasonRole, ///< QString: core's reason word ("timeout", "roce-version"), empty when the cell worked
    };

    explicit GidMatrixModel(QObject* parent = nullptr);
    ~GidMatrixModel() override;

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    /// The cells from `fromHost`'s endpoints to `toHost`'s. A host the pinglist does not have gives an empty model.
    void setPair(const rp::fabric::Pinglist& pinglist, const std::vector<rp::fabric::CellResult>& cells,
        const QString& fromHost, const QString& toHost);
    void clear();
    QString fromHost() const { return m_from; }
    QString toHost() const { return m_to; }

private:
    const rp::fabric::CellResult* cellAt(int row, int column) const;
    QString endpointLabel(std::uint32_t endpoint) const;
    QString cellText(const rp::fabric::CellResult& cell) const;
    QString cellToolTip(int row, int column) const;

    std::vector<rp::fabric::Endpoint> m_endpoints; ///< the pinglist's, so indexes stay valid
    std::vector<std::uint32_t> m_rows;
    std::vector<std::uint32_t> m_columns;
    std::vector<std::optional<rp::fabric::CellResult>> m_cells; ///< row-major
    QString m_from;
    QString m_to;
};

} // namespace rp::ui

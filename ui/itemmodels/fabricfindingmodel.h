// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The fabric check's findings, as the controller raises and clears them: which element, what kind, how sure,
// and (for the detail pane) the evidence, the explanation and the fix. Core writes the words of a finding
// (localise); this model only arranges them.

#include "fabric/fabric.h"

#include <QAbstractTableModel>
#include <QStringList>

#include <vector>

namespace rp::ui {

class FabricFindingModel final : public QAbstractTableModel
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(FabricFindingModel)

public:
    enum Columns { Element, Class, Confidence, Title, ColumnCount };
    enum Roles {
        HostsRole = Qt::UserRole, ///< QStringList: the hosts the finding is on (what the matrix highlights)
        IdRole, ///< QString: FabricFinding::id()
        SeverityRole, ///< QString: "error", "warning", "info"
    };

    explicit FabricFindingModel(QObject* parent = nullptr);
    ~FabricFindingModel() override;

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    /// Replaces every finding (a round's summary).
    void setFindings(std::vector<rp::fabric::FabricFinding> findings);
    /// Adds a finding, or updates the one with the same id in place (the selection stays on it).
    void raise(const rp::fabric::FabricFinding& finding);
    void clearFinding(const QString& id);
    void clear();

    const std::vector<rp::fabric::FabricFinding>& findings() const { return m_findings; }
    const rp::fabric::FabricFinding* finding(int row) const;
    /// The detail pane's text (HTML): title, confidence and alternatives, evidence, why, because, fixes.
    QString detailHtml(int row) const;

    static QString classText(rp::fabric::ElementKind kind);

private:
    std::vector<rp::fabric::FabricFinding> m_findings;
};

} // namespace rp::ui

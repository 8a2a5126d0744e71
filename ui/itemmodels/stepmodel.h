// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "apply/apply.h"

#include <QAbstractTableModel>

#include <map>
#include <string>
#include <vector>

namespace rp::ui {

/// The steps of one host: what each does, its state (in a dry run: will run / already so / skipped), the reason
/// and what was read back.
class StepModel final : public QAbstractTableModel
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(StepModel)

public:
    enum Columns { Step, State, Reason, ReadBack, ColumnCount };
    enum Roles {
        StepStateRole = Qt::UserRole, ///< QString: rp::apply::toString(StepState)
        StepIdRole, ///< QString
    };

    explicit StepModel(QObject* parent = nullptr);
    ~StepModel() override;

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    /// Same step ids as now: updated in place; otherwise reset.
    void setSteps(std::vector<rp::apply::StepRecord> steps, bool dryRun);
    /// What each step's read-back must show (Verify::expect, by step id): a step whose read-back matched then says
    /// so in a few words instead of the raw output (which stays in the tooltip).
    void setExpectations(std::map<std::string, std::string> expect);
    const std::vector<rp::apply::StepRecord>& steps() const { return m_steps; }

    /// "will run", "already so", "skipped", "verified", ... (`dryRun`: a pending step is one that will run).
    static QString stateText(rp::apply::StepState state, bool dryRun);

private:
    std::vector<rp::apply::StepRecord> m_steps;
    std::map<std::string, std::string> m_expect;
    bool m_dryRun = false;
};

} // namespace rp::ui

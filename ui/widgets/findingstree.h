// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "diagnose/diagnose.h"
#include "parse/fragments.h"

#include <QTreeView>

#include <cstddef>
#include <memory>
#include <optional>
#include <string>
#include <vector>

class QStandardItem;
class QStandardItemModel;

namespace rp::ui {

/// A pasted text as a check read it: evidence from it says "name:line".
struct PastedSource
{
    std::string name;
    std::string text;
    /// An imported file is read once, when it is imported: edits of the paste box do not read it again.
    std::shared_ptr<const rp::PastedFabric> parsed;
};
using PastedSources = std::vector<std::shared_ptr<const PastedSource>>;

/// A line (or lines) of one of the pasted sources a check read.
struct LineRef
{
    std::size_t source = 0; ///< index into the source names given to lineRefOf
    int first = 0; ///< 1-based
    int last = 0;
};

/// The pasted line an evidence's or verdict's `where` names ("paste:12", "node1.txt:12 (mlnx_qos)", counters'
/// "node1.txt:10,20"), given the names of the sources that were read; nothing for a sysfs path or a command.
std::optional<LineRef> lineRefOf(const std::string& where, const std::vector<std::string>& sourceNames);

/// The troubleshooter's report as one tree, the answer first: the GID index to use per RoCE port (the others it
/// is not, one line below), then the findings by severity and host pair, and last, folded, the checks that could
/// not run, one line each with what they need. A rebuild keeps the selected row and the fold of the not-checked
/// group when the new report still has them.
class FindingsTree final : public QTreeView
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(FindingsTree)

public:
    enum class RowKind { None, Verdict, Finding };
    struct Row
    {
        RowKind kind = RowKind::None;
        std::size_t index = 0; ///< into Report::ports or Report::findings
    };

    explicit FindingsTree(QWidget* parent = nullptr);
    ~FindingsTree() override;

    QStandardItemModel* findingsModel() const { return m_model; }
    /// Shows `report`; `sourceNames` are the pasted sources it was read from (for the Read from column). Selects
    /// the row selected before when the report has it, else the first error or warning, else the first verdict.
    void setReport(const rp::diag::Report& report, const std::vector<std::string>& sourceNames);
    Row rowAt(const QModelIndex& index) const;
    /// The first row showing that finding or verdict.
    QModelIndex indexOf(Row row) const;
    /// The row "Not checked (n)" folds the unchecked checks under; invalid when every check ran.
    QModelIndex notCheckedGroup() const;

private:
    QStandardItem* addVerdict(const rp::diag::PortVerdict& v, std::size_t i);
    void addFindings(const rp::diag::Report& report, const std::vector<std::string>& sources);
    void addNotChecked(const rp::diag::Report& report);

    QStandardItemModel* m_model = nullptr;
    bool m_anyLine = false; ///< a row names a pasted line: the Read from column is shown
};

} // namespace rp::ui

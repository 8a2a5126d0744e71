// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QPlainTextEdit>
#include <QStringList>

#include <utility>
#include <vector>

namespace rp::ui {

/// A plain text area for pasted command outputs. Text pasted or dropped on it is inserted; local files (dropped, or
/// pasted from a file manager) are not inserted as their paths but handed out through filesDropped, so that the
/// owner reads them bounded and off the GUI thread. It can mark the lines a finding was read from.
class PasteBox final : public QPlainTextEdit
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(PasteBox)

public:
    explicit PasteBox(QWidget* parent = nullptr);
    ~PasteBox() override;

    /// Marks the lines of `ranges` (first, last; 1-based, as importFragments counts them). With `moveCursor` the
    /// cursor goes to the first line of the first range and that line is scrolled into the middle of the view.
    void markLines(const std::vector<std::pair<int, int>>& ranges, bool moveCursor);
    void clearMarks();

signals:
    void filesDropped(const QStringList& paths);

protected:
    bool canInsertFromMimeData(const QMimeData* source) const override;
    void insertFromMimeData(const QMimeData* source) override;
};

} // namespace rp::ui

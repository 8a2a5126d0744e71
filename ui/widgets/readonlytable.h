// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>

class QAbstractItemModel;
class QTableView;
class QWidget;

namespace rp::ui {

/// A read-only, row-selecting table over `model` as the Apply page and the Journals view show them; with
/// `fitContents` every column is as wide as its contents (kept across model resets) and the last one fills.
QTableView* makeReadOnlyTable(QAbstractItemModel* model, const QString& objectName, const QString& accessibleName,
    QWidget* parent, bool fitContents = false);

} // namespace rp::ui

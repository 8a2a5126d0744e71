// SPDX-License-Identifier: GPL-3.0-or-later
#include "widgets/readonlytable.h"

#include <QAbstractItemModel>
#include <QHeaderView>
#include <QTableView>

namespace rp::ui {

QTableView* makeReadOnlyTable(QAbstractItemModel* model, const QString& objectName, const QString& accessibleName,
    QWidget* parent, bool fitContents)
{
    auto* view = new QTableView(parent);
    view->setObjectName(objectName);
    view->setModel(model);
    view->setAccessibleName(accessibleName);
    view->setSelectionBehavior(QAbstractItemView::SelectRows);
    view->setSelectionMode(QAbstractItemView::SingleSelection);
    view->setEditTriggers(QAbstractItemView::NoEditTriggers);
    view->setAlternatingRowColors(true);
    view->setWordWrap(false);
    view->verticalHeader()->hide();
    if (fitContents)
        view->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    view->horizontalHeader()->setStretchLastSection(true);
    return view;
}

} // namespace rp::ui

// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Running the Apply page (or the journals dialog) in a test and reading how its hosts ended.

#include "itemmodels/hostprogressmodel.h"
#include "pages/applypage.h"

#include <QLatin1Char>
#include <QSignalSpy>
#include <QStringList>
#include <QTest>

#include <functional>

namespace guitest {

/// "name=state" of every host row, in row order.
inline QStringList hostStates(const rp::ui::HostProgressModel* model)
{
    using rp::ui::HostProgressModel;
    QStringList states;
    for (int row = 0; row < model->rowCount(); ++row)
        states << model->index(row, 0).data(HostProgressModel::NameRole).toString() + QLatin1Char('=')
                + model->index(row, 0).data(HostProgressModel::HostStateRole).toString();
    return states;
}

/// Starts a run with `start` and waits up to `timeoutMs` for the page's runFinished; `*ok` is what it reported.
/// False when the run did not start or did not finish in time.
inline bool runAndWait(rp::ui::ApplyPage* page, const std::function<bool()>& start, int timeoutMs, bool* ok)
{
    QSignalSpy finished(page, &rp::ui::ApplyPage::runFinished);
    if (!start())
        return false;
    if (!QTest::qWaitFor([&] { return finished.count() >= 1; }, timeoutMs))
        return false;
    *ok = finished.at(0).at(0).toBool();
    return true;
}

} // namespace guitest

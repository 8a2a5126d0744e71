// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Moving the keyboard focus as a user does, for the keyboard-only walks.

#include <QApplication>
#include <QTest>
#include <QWidget>

namespace guitest {

/// The widget that has keyboard focus now; waits a little, as focus moves through the event loop.
inline QWidget* focused()
{
    QCoreApplication::processEvents();
    return QApplication::focusWidget();
}

/// Presses Tab until `target` has focus; fails when it is not reached within `limit` presses.
inline bool tabTo(QWidget* target, int limit = 80)
{
    for (int i = 0; i < limit; ++i) {
        if (focused() == target)
            return true;
        QTest::keyClick(focused(), Qt::Key_Tab);
    }
    return focused() == target;
}

} // namespace guitest

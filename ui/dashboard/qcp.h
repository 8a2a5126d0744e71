// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// QCustomPlot for the charts. Its header (Debian's libqcustomplot-dev 2.1) uses Qt's `foreach`, which the
// project turns off (QT_NO_FOREACH) for its own code. Include this file FIRST in a source file, before any Qt
// header, so qforeach.h is read with `foreach` on for that file; our code still never uses it (review rule).
#ifdef QT_NO_FOREACH
#undef QT_NO_FOREACH
#endif
#include <qcustomplot.h>

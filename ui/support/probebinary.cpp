// SPDX-License-Identifier: GPL-3.0-or-later
#include "support/probebinary.h"

#include <QByteArray>
#include <QCoreApplication>

QString probeBinaryPath()
{
    if (const QByteArray env = qgetenv("RP_PROBE"); !env.isEmpty())
        return QString::fromLocal8Bit(env);
    return QCoreApplication::applicationDirPath() + QStringLiteral("/rocepilot-probe");
}

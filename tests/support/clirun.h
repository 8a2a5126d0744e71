// SPDX-License-Identifier: GPL-3.0-or-later
// rocepilot-cli run as a user runs it, for tests that check its exit codes and outputs (RP_CLI: its path, set by the
// test's CMake target).
#pragma once

#include <QByteArray>
#include <QProcess>
#include <QString>
#include <QStringList>
#include <QTest>

namespace rp::test {

struct CliRun
{
    int exitCode = -1;
    QByteArray out;
    QByteArray err;
};

/// Runs `program` with `args`, stdin closed; a run that does not end in two minutes ends the test.
inline CliRun runCli(const QString& program, const QStringList& args)
{
    QProcess p;
    p.start(program, args);
    p.closeWriteChannel();
    if (!p.waitForFinished(120000))
        qFatal("%s did not finish", qPrintable(program));
    return { p.exitCode(), p.readAllStandardOutput(), p.readAllStandardError() };
}

} // namespace rp::test

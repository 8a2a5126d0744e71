// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Running Debian's ansible-playbook (or another ansible program) on an exported project, and reading its output.

#include <QByteArray>
#include <QProcess>
#include <QProcessEnvironment>
#include <QRegularExpression>
#include <QString>
#include <QStringList>

#include <string>
#include <vector>

namespace rp::test {

struct AnsibleRun
{
    int exitCode = -1;
    QString out; ///< stdout and stderr merged, as a user sees them
};

/// Runs `program` with `argv` in `dir`, without colour codes, for up to `timeoutMs`.
inline AnsibleRun runAnsible(const std::string& dir, const std::vector<std::string>& argv,
    const char* program = "ansible-playbook", int timeoutMs = 300000)
{
    QStringList args;
    for (const auto& a : argv)
        args << QString::fromStdString(a);
    QProcess p;
    p.setWorkingDirectory(QString::fromStdString(dir));
    p.setProcessChannelMode(QProcess::MergedChannels);
    auto env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("ANSIBLE_NOCOLOR"), QStringLiteral("1"));
    env.insert(QStringLiteral("ANSIBLE_FORCE_COLOR"), QStringLiteral("0"));
    p.setProcessEnvironment(env);
    p.start(QString::fromUtf8(program), args);
    if (!p.waitForStarted(10000))
        return { -1,
            QString::fromUtf8(program)
                + QStringLiteral(" did not start: install Debian's ansible package (installer/deps.sh)") };
    p.waitForFinished(timeoutMs);
    return { p.exitCode(), QString::fromUtf8(p.readAll()) };
}

/// The end of a run's output (a failure message shows the failing task and the recap, not the start).
inline QByteArray tail(const QString& out)
{
    return out.right(4000).toUtf8();
}

/// "name : ok=5 changed=2 unreachable=0 failed=0 skipped=1 rescued=0 ignored=0" -> value of `key`, -1 if absent.
inline int recap(const QString& out, const std::string& host, const char* key)
{
    QRegularExpression re(QStringLiteral("^") + QRegularExpression::escape(QString::fromStdString(host))
            + QStringLiteral("\\s+:.*\\b") + QString::fromUtf8(key) + QStringLiteral("=(\\d+)"),
        QRegularExpression::MultilineOption);
    auto m = re.match(out);
    return m.hasMatch() ? m.captured(1).toInt() : -1;
}

} // namespace rp::test

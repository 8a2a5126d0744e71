// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Helpers of the tests that read pastes and logs and judge them.

#include "diagnose/diagnose.h"

#include <QFile>
#include <QString>
#include <QTest>

#include <string>
#include <vector>

namespace rp::test {

/// The report's findings of one rule, in report order.
inline std::vector<diag::Finding> withRule(const diag::Report& r, const std::string& rule)
{
    std::vector<diag::Finding> out;
    for (const auto& f : r.findings)
        if (f.ruleId == rule)
            out.push_back(f);
    return out;
}

/// tests/fixtures/applog/NAME. Read with QFile rather than testbasics.h's fixtureText: GCC 12 at -O2 reports a false
/// -Warray-bounds / -Wstringop-overflow in that function's std::string concatenation wherever it emits it out of
/// line (which depends on inlining).
inline std::string applogFixture(const char* name)
{
    QFile file(QStringLiteral(RP_FIXTURES_DIR "/applog/") + QString::fromLatin1(name));
    if (!file.open(QIODevice::ReadOnly))
        qFatal("missing fixture applog/%s", name);
    return file.readAll().toStdString();
}

} // namespace rp::test

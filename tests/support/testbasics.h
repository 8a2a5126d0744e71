// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Helpers every test may use that need no project header (testutil.h includes this one and adds the ones that do).

#include <QString>
#include <QTest>

#include <chrono>
#include <fstream>
#include <sstream>
#include <string>
#include <string_view>

/// For rp enums without a Q_ENUM: compares their names, which also reads better in a failure.
#define QCOMPARE_ENUM(a, b) QCOMPARE(std::string(toString(a)), std::string(toString(b)))

/// The error's kind, with the whole error in the failure message.
#define QCOMPARE_KIND(error, expected)                                                                                 \
    QVERIFY2((error).kind == (expected),                                                                               \
        ("got " + std::string(toString((error).kind)) + ": " + (error).describe()).c_str())

namespace rp::test {

inline QString q(std::string_view s)
{
    return QString::fromUtf8(s.data(), static_cast<qsizetype>(s.size()));
}

using Clock = std::chrono::steady_clock;

inline long long msSince(Clock::time_point t)
{
    return std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - t).count();
}

inline double secondsSince(Clock::time_point t)
{
    return std::chrono::duration<double>(Clock::now() - t).count();
}

/// The bytes of tests/fixtures/REL ("diagnose/ethtool.md"); a missing fixture stops the test run.
inline std::string fixtureText(const std::string& rel)
{
    // Built with += : GCC 12 at -O2 warned a false -Warray-bounds on the temporaries of a + chain here.
    std::string path = RP_FIXTURES_DIR;
    path += '/';
    path += rel;
    std::ifstream in(path, std::ios::binary);
    if (!in)
        qFatal("missing fixture %s", rel.c_str());
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
}

} // namespace rp::test

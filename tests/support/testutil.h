// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "error.h"
#include "model/model.h"
#include "remote/fleet.h"
#include "testbasics.h"

#include <QTest>
#include <string>

// QCOMPARE prints values through toString(), found by argument-dependent lookup: without these a failing
// comparison of std::string or of our enums would not compile or would print nothing useful.
namespace std {
inline char* toString(const std::string& s)
{
    return QTest::toString(s.c_str());
}
} // namespace std

namespace rp {
/// Our enums already have rp::toString returning std::string, which ADL would pick inside QCOMPARE and fail
/// on; compare their names instead: QCOMPARE(str(x), str(Transport::RoCE)).
template <class E> std::string str(E value)
{
    return std::string(toString(value));
}
} // namespace rp

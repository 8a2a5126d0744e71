// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <string>

namespace rp {

/// 16 lower-case hex digits from std::random_device: a name no other run picks (temporary files on hosts).
std::string randomHex();

} // namespace rp

// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <string>
#include <string_view>

namespace rp {

/// SHA-256 (FIPS 180-4) of `data` as 64 lower-case hex digits. A plan records the digest of each target's reviewed
/// text with it, so that what is applied can be tied to what was read (docs/profile.md, "plan.json").
std::string sha256Hex(std::string_view data);

} // namespace rp

// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <initializer_list>
#include <string>
#include <string_view>
#include <vector>

namespace rp {

/// The candidate closest to `word` by edit distance, or empty when none is close enough to be a typo.
std::string closestMatch(std::string_view word, const std::vector<std::string_view>& candidates);

std::string_view trim(std::string_view s);
std::vector<std::string_view> splitLines(std::string_view text);
bool startsWith(std::string_view s, std::string_view prefix);

} // namespace rp

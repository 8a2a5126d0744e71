// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace rp {

/// The candidate closest to `word` by edit distance, or empty when none is close enough to be a typo.
std::string closestMatch(std::string_view word, const std::vector<std::string_view>& candidates);

/// Space, tab, CR, LF, FF, VT: what trim removes unless told otherwise.
inline constexpr std::string_view kWhitespace = " \t\r\n\f\v";

/// `s` without leading and trailing characters from `chars`.
std::string_view trim(std::string_view s, std::string_view chars = kWhitespace);
std::string_view trimLeft(std::string_view s, std::string_view chars = kWhitespace);
std::string_view trimRight(std::string_view s, std::string_view chars = kWhitespace);
/// ASCII letters in lower case; other bytes (UTF-8 included) as they are.
std::string lower(std::string_view s);
std::vector<std::string_view> splitLines(std::string_view text);
bool startsWith(std::string_view s, std::string_view prefix);
/// The whole of `s` as an int ("0x" allowed in base 16), or nothing: no space or trailing text tolerated.
std::optional<int> toInt(std::string_view s, int base = 10);
/// Well-formed UTF-8 (no overlong forms, surrogates or code points above U+10FFFF): what JSON may carry.
bool isValidUtf8(std::string_view s);
/// `s` made fit for one line of an error message: at most `max` bytes (then "..."), control bytes and bytes that
/// are not UTF-8 shown as '?', so a library's message quoting a damaged file never floods or garbles a terminal.
std::string printable(std::string_view s, std::size_t max = 200);
/// A JSON library's exception text fit for a user: without its "[json.exception.parse_error.101] " tag, with the
/// text it quotes ("last read: '...'", which can be a whole embedded document) cut to 60 bytes, and printable().
std::string jsonLibraryMessage(std::string_view what);

} // namespace rp

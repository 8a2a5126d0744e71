// SPDX-License-Identifier: GPL-3.0-or-later
#include "util/text.h"

#include <cstdint>

#include <algorithm>
#include <cctype>
#include <charconv>
#include <numeric>

namespace rp {

std::string closestMatch(std::string_view word, const std::vector<std::string_view>& candidates)
{
    std::string_view best;
    std::size_t bestDistance = std::string_view::npos;
    for (auto candidate : candidates) {
        std::vector<std::size_t> row(candidate.size() + 1);
        std::iota(row.begin(), row.end(), std::size_t { 0 });
        for (std::size_t i = 1; i <= word.size(); ++i) {
            std::size_t diagonal = row[0];
            row[0] = i;
            for (std::size_t j = 1; j <= candidate.size(); ++j) {
                std::size_t above = row[j];
                std::size_t cost = word[i - 1] == candidate[j - 1] ? 0 : 1;
                row[j] = std::min({ row[j] + 1, row[j - 1] + 1, diagonal + cost });
                diagonal = above;
            }
        }
        if (row.back() < bestDistance) {
            bestDistance = row.back();
            best = candidate;
        }
    }
    // A suggestion that needs more edits than a third of the word is noise, not help.
    if (best.empty() || bestDistance > std::max<std::size_t>(2, word.size() / 3))
        return {};
    return std::string(best);
}

std::string_view trimLeft(std::string_view s, std::string_view chars)
{
    const auto first = s.find_first_not_of(chars);
    return s.substr(first == std::string_view::npos ? s.size() : first);
}

std::string_view trimRight(std::string_view s, std::string_view chars)
{
    const auto last = s.find_last_not_of(chars);
    return s.substr(0, last == std::string_view::npos ? 0 : last + 1);
}

std::string_view trim(std::string_view s, std::string_view chars)
{
    return trimRight(trimLeft(s, chars), chars);
}

std::string lower(std::string_view s)
{
    std::string out(s);
    for (auto& c : out)
        c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return out;
}

std::vector<std::string_view> splitLines(std::string_view text)
{
    std::vector<std::string_view> lines;
    while (!text.empty()) {
        auto nl = text.find('\n');
        auto line = text.substr(0, nl);
        if (!line.empty() && line.back() == '\r')
            line.remove_suffix(1);
        lines.push_back(line);
        if (nl == std::string_view::npos)
            break;
        text.remove_prefix(nl + 1);
    }
    return lines;
}

std::optional<int> toInt(std::string_view s, int base)
{
    if (base == 16 && (startsWith(s, "0x") || startsWith(s, "0X")))
        s.remove_prefix(2);
    if (s.empty())
        return std::nullopt;
    int value = 0;
    auto [ptr, ec] = std::from_chars(s.data(), s.data() + s.size(), value, base);
    if (ec != std::errc {} || ptr != s.data() + s.size())
        return std::nullopt;
    return value;
}

bool startsWith(std::string_view s, std::string_view prefix)
{
    return s.substr(0, prefix.size()) == prefix;
}

bool isValidUtf8(std::string_view s)
{
    std::size_t i = 0;
    while (i < s.size()) {
        const auto c = static_cast<unsigned char>(s[i]);
        std::size_t len = 0;
        std::uint32_t cp = 0;
        if (c < 0x80) {
            ++i;
            continue;
        }
        if ((c & 0xE0) == 0xC0) {
            len = 2;
            cp = c & 0x1F;
        } else if ((c & 0xF0) == 0xE0) {
            len = 3;
            cp = c & 0x0F;
        } else if ((c & 0xF8) == 0xF0) {
            len = 4;
            cp = c & 0x07;
        } else {
            return false;
        }
        if (i + len > s.size())
            return false;
        for (std::size_t k = 1; k < len; ++k) {
            const auto cc = static_cast<unsigned char>(s[i + k]);
            if ((cc & 0xC0) != 0x80)
                return false;
            cp = (cp << 6) | (cc & 0x3F);
        }
        const std::uint32_t minimum[] = { 0, 0, 0x80, 0x800, 0x10000 };
        if (cp < minimum[len] || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF))
            return false;
        i += len;
    }
    return true;
}

std::string printable(std::string_view s, std::size_t max)
{
    const bool cut = s.size() > max;
    if (cut)
        s = s.substr(0, max);
    std::string out;
    out.reserve(s.size() + 3);
    for (std::size_t i = 0; i < s.size();) {
        const auto c = static_cast<unsigned char>(s[i]);
        if (c < 0x20 || c == 0x7F) {
            out += '?';
            ++i;
            continue;
        }
        if (c < 0x80) {
            out += static_cast<char>(c);
            ++i;
            continue;
        }
        const std::size_t len = (c & 0xE0) == 0xC0 ? 2 : (c & 0xF0) == 0xE0 ? 3 : (c & 0xF8) == 0xF0 ? 4 : 1;
        if (len > 1 && i + len <= s.size() && isValidUtf8(s.substr(i, len))) {
            out.append(s.substr(i, len));
            i += len;
        } else {
            out += '?';
            ++i;
        }
    }
    if (cut)
        out += "...";
    return out;
}

std::string jsonLibraryMessage(std::string_view what)
{
    if (what.starts_with("[json.exception.")) {
        const auto close = what.find("] ");
        if (close != std::string_view::npos)
            what.remove_prefix(close + 2);
    }
    constexpr std::string_view kQuote = "last read: '";
    const auto quote = what.find(kQuote);
    if (quote == std::string_view::npos)
        return printable(what, 300);
    const auto start = quote + kQuote.size();
    std::string_view quoted = what.substr(start);
    if (quoted.ends_with('\''))
        quoted.remove_suffix(1);
    std::string out = printable(what.substr(0, start), 240);
    out += printable(quoted, 60);
    out += '\'';
    return out;
}

} // namespace rp

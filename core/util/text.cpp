// SPDX-License-Identifier: GPL-3.0-or-later
#include "util/text.h"

#include <algorithm>
#include <cctype>
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

bool startsWith(std::string_view s, std::string_view prefix)
{
    return s.substr(0, prefix.size()) == prefix;
}

} // namespace rp

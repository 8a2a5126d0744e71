// SPDX-License-Identifier: GPL-3.0-or-later
// Lines as terminals and trackers leave them, put back before anything reads them (fragmentlines.h). Every repair
// is one the paste itself proves: a join happens only when the two halves make one readable GID (or one complete
// show_gids row), a split only where a line holds two or more row starts. Hand-written scanning, no std::regex:
// lines may be 16 KiB of hostile text.
#include "parse/fragmentlines.h"

#include "parse/gid.h"
#include "util/text.h"

#include <algorithm>
#include <cctype>

namespace rp::fragment_detail {

using namespace parse_detail;

namespace {

struct Token
{
    std::string_view text;
    std::size_t at = 0; ///< offset in the line
};

std::vector<Token> tokens(std::string_view s)
{
    std::vector<Token> out;
    for (auto w : splitWords(s))
        out.push_back({ w, static_cast<std::size_t>(w.data() - s.data()) });
    return out;
}

bool isHex(char c)
{
    return std::isxdigit(static_cast<unsigned char>(c)) != 0;
}

/// Hex digits and colons only, with at least one colon: a GID or a piece of one.
bool isGidPiece(std::string_view s)
{
    return !s.empty() && s.find(':') != std::string_view::npos
        && std::all_of(s.begin(), s.end(), [](char c) { return isHex(c) || c == ':'; });
}

bool isHexRun(std::string_view s)
{
    return !s.empty() && std::all_of(s.begin(), s.end(), [](char c) { return isHex(c) || c == ':'; });
}

bool isNumber(std::string_view s)
{
    return !s.empty() && s.size() <= 5 && std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; });
}

/// An RDMA device name as show_gids prints it first in a row: mlx5_0, rxe0, irdma1, bnxt_re0, ionic_2.
bool isDeviceName(std::string_view s)
{
    if (s.empty() || s.size() > 32 || !std::islower(static_cast<unsigned char>(s.front())))
        return false;
    return std::all_of(s.begin(), s.end(), [](char c) {
        return std::islower(static_cast<unsigned char>(c)) || std::isdigit(static_cast<unsigned char>(c)) || c == '_';
    }) && std::any_of(s.begin(), s.end(), [](char c) { return std::isdigit(static_cast<unsigned char>(c)); });
}

/// "DEV PORT INDEX GID" at token i: where a show_gids row starts.
bool isShowGidsRowAt(const std::vector<Token>& t, std::size_t i)
{
    return i + 3 < t.size() && isDeviceName(t[i].text) && isNumber(t[i + 1].text) && isNumber(t[i + 2].text)
        && isGidPiece(t[i + 3].text);
}

/// The fully written form (8 groups of 4), which show_gids and sysfs print and a terminal cuts at any column.
bool isFullForm(std::string_view g)
{
    if (g.size() != 39)
        return false;
    for (std::size_t i = 0; i < g.size(); ++i)
        if ((i % 5 == 4) != (g[i] == ':'))
            return false;
    return true;
}

/// `fe80:0000:...:c0a8` + `:0715`, or `...:c0` + `a8:0715`: the two halves of one GID cut by the terminal.
bool completesGid(std::string_view head, std::string_view tail)
{
    if (!isGidPiece(head) || !isHexRun(tail) || head.size() + tail.size() > 64)
        return false;
    std::string joined(head);
    joined += tail;
    if (!canonicalGid(joined))
        return false;
    if (!canonicalGid(head))
        return true;
    // The head reads as an address on its own ("...:c0a8:07" has eight groups): only the full form proves a cut.
    return isFullForm(joined) && !isFullForm(head);
}

std::string_view stripInlineCode(std::string_view text)
{
    auto t = trim(text);
    if (t.size() < 2 || std::count(t.begin(), t.end(), '`') > 2 || (t.front() != '`' && t.back() != '`'))
        return text;
    if (t.front() == '`')
        t.remove_prefix(1);
    if (!t.empty() && t.back() == '`')
        t.remove_suffix(1);
    return t;
}

/// A whole line set in markdown emphasis (`_ibv_devinfo -d mlx5_0 -v_`, `**NCCL WARN ...**`): a tracker's source
/// copied as the author typed it. Only a line with a space inside: `__init__` or `_flag_` is a name, not emphasis.
std::string_view stripEmphasis(std::string_view text)
{
    auto t = trim(text);
    for (std::string_view mark :
        { std::string_view("**"), std::string_view("__"), std::string_view("_"), std::string_view("*") }) {
        if (t.size() <= 2 * mark.size() + 2 || !startsWith(t, mark) || !t.ends_with(mark))
            continue;
        auto inner = t.substr(mark.size(), t.size() - 2 * mark.size());
        if (std::isspace(static_cast<unsigned char>(inner.front()))
            || std::isspace(static_cast<unsigned char>(inner.back())) || inner.front() == mark.front()
            || inner.back() == mark.front() || inner.find(' ') == std::string_view::npos)
            return text;
        return inner;
    }
    return text;
}

/// Offsets where a record starts inside one line: show_gids rows, GID[n] rows, sysfs paths, hca_id, the count.
std::vector<std::size_t> recordStarts(std::string_view line)
{
    std::vector<std::size_t> starts;
    const auto t = tokens(line);
    for (std::size_t i = 0; i < t.size(); ++i) {
        const auto w = t[i].text;
        if (isShowGidsRowAt(t, i) || startsWith(w, "GID[") || startsWith(w, "n_gids_found=") || w == "hca_id:"
            || startsWith(w, "/sys/class/") || startsWith(w, "/sys/kernel/"))
            starts.push_back(t[i].at);
    }
    return starts;
}

} // namespace

std::vector<Line> repairLines(std::vector<Line> lines, std::deque<std::string>& storage, Warnings& warnings)
{
    for (auto& l : lines)
        l.text = stripEmphasis(stripInlineCode(l.text));

    // Joins: a GID cut by the terminal's width, or a show_gids row whose last columns went to the next line.
    std::vector<Line> joined;
    joined.reserve(lines.size());
    for (std::size_t i = 0; i < lines.size(); ++i) {
        Line cur = lines[i];
        while (i + 1 < lines.size() && lines[i + 1].number == lines[i].number + 1) {
            const auto a = tokens(cur.text);
            const auto b = tokens(lines[i + 1].text);
            if (a.empty() || b.empty() || cur.text.size() + lines[i + 1].text.size() > kMaxLineBytes)
                break;
            const auto next = lines[i + 1].text;
            std::string text;
            if (completesGid(a.back().text, b.front().text)) {
                text = std::string(cur.text) + std::string(next.substr(b.front().at));
                warnings.add(cur.number,
                    "a GID cut at the end of this line continues on line " + std::to_string(lines[i + 1].number)
                        + "; read as one");
            } else if (a.size() == 4 && isShowGidsRowAt(a, 0) && canonicalGid(a[3].text) && b.size() <= 3
                && (isDottedQuad(b.front().text) || b.front().text == "v1" || b.front().text == "v2")
                && !isShowGidsRowAt(b, 0)) {
                text = std::string(cur.text) + "\t" + std::string(trim(next));
                warnings.add(cur.number,
                    "this show_gids row continues on line " + std::to_string(lines[i + 1].number) + "; read as one");
            } else {
                break;
            }
            storage.push_back(std::move(text));
            cur.text = storage.back();
            ++i;
        }
        joined.push_back(cur);
    }

    // Splits: a paste that lost its newlines holds many rows on one line.
    std::vector<Line> out;
    out.reserve(joined.size());
    for (const auto& l : joined) {
        if (l.text.size() < 120) {
            out.push_back(l);
            continue;
        }
        auto starts = recordStarts(l.text);
        if (starts.size() < 2) {
            out.push_back(l);
            continue;
        }
        if (starts.front() != 0)
            starts.insert(starts.begin(), 0);
        starts.push_back(l.text.size());
        std::size_t pieces = 0;
        for (std::size_t k = 0; k + 1 < starts.size(); ++k) {
            const auto piece = trim(l.text.substr(starts[k], starts[k + 1] - starts[k]));
            if (piece.empty())
                continue;
            out.push_back({ l.number, piece });
            ++pieces;
        }
        warnings.add(l.number,
            "this line holds " + std::to_string(pieces) + " rows run together (the paste lost its newlines); read as "
                + std::to_string(pieces) + " lines");
    }
    return out;
}

} // namespace rp::fragment_detail

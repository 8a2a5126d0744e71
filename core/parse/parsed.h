// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <string>
#include <vector>

namespace rp {

/// A precise note from a parser: which line (1-based, 0 when not line-bound) and what was odd about it.
struct ParseWarning
{
    int line = 0;
    std::string message;
    bool operator==(const ParseWarning&) const = default;
};

/// What a parser could read, plus warnings. Parsers of remote or pasted text never throw and never invent a
/// value: what they could not read stays empty and is named in a warning.
template <class T> struct Parsed
{
    T value {};
    std::vector<ParseWarning> warnings;
};

} // namespace rp

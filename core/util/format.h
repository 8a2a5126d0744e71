// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace rp {

/// "64 B", "4 KiB", "1 MiB": the largest unit that divides the size exactly.
std::string sizeText(std::uint64_t size);
/// `v` with exactly `digits` digits after the point ("%.*f"), as tables print it.
std::string fixed(double v, int digits);
/// Appends `v` in the shortest form that reads back the same (std::to_chars); a value that is not finite as 0,
/// so CSV and run-file lines stay numbers.
void appendNumber(std::string& out, double v);
void appendNumber(std::string& out, std::uint64_t v);
/// Appends one CSV text field, RFC 4180: quoted when it holds a comma, quote or line break. A cell a spreadsheet
/// would take for a formula (=, +, -, @, tab or CR first: a label or host name can be anything) gets a leading '.
void appendCsvText(std::string& out, std::string_view text);

} // namespace rp

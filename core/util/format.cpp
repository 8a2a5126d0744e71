// SPDX-License-Identifier: GPL-3.0-or-later
#include "util/format.h"

#include <charconv>
#include <cmath>
#include <cstdio>
#include <system_error>

namespace rp {

std::string sizeText(std::uint64_t size)
{
    if (size >= (1u << 20) && size % (1u << 20) == 0)
        return std::to_string(size >> 20) + " MiB";
    if (size >= 1024 && size % 1024 == 0)
        return std::to_string(size >> 10) + " KiB";
    return std::to_string(size) + " B";
}

std::string fixed(double v, int digits)
{
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.*f", digits, v);
    return buf;
}

void appendNumber(std::string& out, double v)
{
    char buf[32];
    auto [p, ec] = std::to_chars(buf, buf + sizeof buf, std::isfinite(v) ? v : 0.0);
    out.append(buf, ec == std::errc() ? p : buf);
}

void appendNumber(std::string& out, std::uint64_t v)
{
    char buf[24];
    auto [p, ec] = std::to_chars(buf, buf + sizeof buf, v);
    out.append(buf, ec == std::errc() ? p : buf);
}

void appendCsvText(std::string& out, std::string_view text)
{
    const bool formula = !text.empty() && std::string_view("=+-@\t\r").find(text.front()) != std::string_view::npos;
    if (!formula && text.find_first_of(",\"\r\n") == std::string_view::npos) {
        out += text;
        return;
    }
    out += '"';
    if (formula)
        out += '\'';
    for (char c : text) {
        if (c == '"')
            out += '"';
        out += c;
    }
    out += '"';
}

} // namespace rp

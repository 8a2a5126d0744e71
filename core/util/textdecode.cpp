// SPDX-License-Identifier: GPL-3.0-or-later
#include "util/textdecode.h"

#include <cstddef>
#include <cstdint>

namespace rp {

namespace {

void appendUtf8(std::string& out, std::uint32_t cp)
{
    if (cp < 0x80) {
        out += static_cast<char>(cp);
    } else if (cp < 0x800) {
        out += static_cast<char>(0xC0 | (cp >> 6));
        out += static_cast<char>(0x80 | (cp & 0x3F));
    } else if (cp < 0x10000) {
        out += static_cast<char>(0xE0 | (cp >> 12));
        out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
        out += static_cast<char>(0x80 | (cp & 0x3F));
    } else {
        out += static_cast<char>(0xF0 | (cp >> 18));
        out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
        out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
        out += static_cast<char>(0x80 | (cp & 0x3F));
    }
}

std::string fromUtf16(std::string_view bytes, bool bigEndian)
{
    auto unit = [&](std::size_t i) {
        const auto a = static_cast<unsigned char>(bytes[i]);
        const auto b = static_cast<unsigned char>(bytes[i + 1]);
        return static_cast<std::uint32_t>(bigEndian ? (a << 8) | b : (b << 8) | a);
    };
    constexpr std::uint32_t kReplacement = 0xFFFD;
    std::string out;
    out.reserve(bytes.size() / 2);
    std::size_t i = 0;
    for (; i + 1 < bytes.size(); i += 2) {
        const std::uint32_t u = unit(i);
        if (u >= 0xD800 && u <= 0xDBFF && i + 3 < bytes.size()) {
            const std::uint32_t low = unit(i + 2);
            if (low >= 0xDC00 && low <= 0xDFFF) {
                appendUtf8(out, 0x10000 + ((u - 0xD800) << 10) + (low - 0xDC00));
                i += 2;
                continue;
            }
        }
        appendUtf8(out, u >= 0xD800 && u <= 0xDFFF ? kReplacement : u);
    }
    if (i < bytes.size()) // an odd last byte: half a character
        appendUtf8(out, kReplacement);
    return out;
}

/// UTF-16 without a byte order mark: most of the first bytes' odd (LE) or even (BE) positions are NUL, which
/// UTF-8 text never has.
int utf16WithoutMark(std::string_view bytes)
{
    const std::size_t n = bytes.size() < 4096 ? bytes.size() & ~std::size_t { 1 } : 4096;
    if (n < 4)
        return 0;
    std::size_t evenNul = 0, oddNul = 0;
    for (std::size_t i = 0; i < n; i += 2) {
        evenNul += bytes[i] == '\0';
        oddNul += bytes[i + 1] == '\0';
    }
    const std::size_t pairs = n / 2;
    if (oddNul * 10 >= pairs * 9 && evenNul * 10 < pairs)
        return 1; // little endian: "a\0b\0"
    if (evenNul * 10 >= pairs * 9 && oddNul * 10 < pairs)
        return 2;
    return 0;
}

std::string lineEnds(std::string text)
{
    if (text.find('\r') == std::string::npos)
        return text;
    for (std::size_t i = 0; i < text.size(); ++i) {
        if (text[i] == '\r' && (i + 1 == text.size() || text[i + 1] != '\n'))
            text[i] = '\n';
    }
    return text;
}

} // namespace

std::string decodeText(std::string_view bytes)
{
    if (bytes.starts_with("\xEF\xBB\xBF"))
        return lineEnds(std::string(bytes.substr(3)));
    if (bytes.starts_with("\xFF\xFE"))
        return lineEnds(fromUtf16(bytes.substr(2), false));
    if (bytes.starts_with("\xFE\xFF"))
        return lineEnds(fromUtf16(bytes.substr(2), true));
    if (const int order = utf16WithoutMark(bytes))
        return lineEnds(fromUtf16(bytes, order == 2));
    return lineEnds(std::string(bytes));
}

} // namespace rp

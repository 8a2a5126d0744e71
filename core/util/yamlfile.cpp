// SPDX-License-Identifier: GPL-3.0-or-later
#include "util/yamlfile.h"

#include <algorithm>

namespace rp::yamlfile {

std::string at(const std::string& file, const YAML::Mark& mark)
{
    if (mark.is_null())
        return file;
    return file + ":" + std::to_string(mark.line + 1) + ":" + std::to_string(mark.column + 1);
}

namespace {

/// The offset of the first byte of `text` that does not start a strict UTF-8 sequence (or, with `nonchars`, one that
/// decodes to a Unicode noncharacter); text.size() when there is none.
std::size_t firstBadByte(const std::string& text, bool nonchars)
{
    std::size_t i = 0;
    while (i < text.size()) {
        auto c = static_cast<unsigned char>(text[i]);
        std::size_t len = c < 0x80 ? 1 : (c >> 5) == 0x6 ? 2 : (c >> 4) == 0xe ? 3 : (c >> 3) == 0x1e ? 4 : 0;
        bool ok = len != 0 && i + len <= text.size();
        unsigned cp = len == 1 ? c : c & (0x7fu >> len);
        for (std::size_t k = 1; ok && k < len; ++k) {
            auto cc = static_cast<unsigned char>(text[i + k]);
            ok = (cc >> 6) == 0x2;
            cp = (cp << 6) | (cc & 0x3fu);
        }
        ok = ok && !(len == 2 && cp < 0x80) && !(len == 3 && cp < 0x800) && !(len == 4 && cp < 0x10000)
            && cp <= 0x10ffff && !(cp >= 0xd800 && cp <= 0xdfff);
        if (ok && nonchars)
            ok = !(cp >= 0xfdd0 && cp <= 0xfdef) && (cp & 0xfffeu) != 0xfffeu;
        if (!ok)
            return i;
        i += len;
    }
    return text.size();
}

} // namespace

std::string firstInvalidUtf8(const std::string& text, const std::string& file)
{
    const std::size_t bad = firstBadByte(text, false);
    if (bad == text.size())
        return {};
    const std::size_t lineStart = text.rfind('\n', bad == 0 ? 0 : bad - 1);
    const std::size_t column = lineStart == std::string::npos || bad == 0 ? bad + 1 : bad - lineStart;
    const auto line = 1 + std::count(text.begin(), text.begin() + static_cast<std::ptrdiff_t>(bad), '\n');
    return file + ":" + std::to_string(line) + ":" + std::to_string(column);
}

bool savesAsRead(const std::string& value)
{
    return firstBadByte(value, true) == value.size();
}

Error inFile(Error error, const std::string& file)
{
    error.where = file + (error.where.empty() ? "" : ": " + error.where);
    return error;
}

} // namespace rp::yamlfile

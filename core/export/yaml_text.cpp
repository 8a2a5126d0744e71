// SPDX-License-Identifier: GPL-3.0-or-later
// YAML scalars and CLI text splitting for the Ansible export.
#include "export/ansible.h"

#include <cstdio>

namespace rp {

std::string yamlQuoted(std::string_view text)
{
    std::string out = "\"";
    for (std::size_t i = 0; i < text.size(); ++i) {
        auto c = static_cast<unsigned char>(text[i]);
        switch (c) {
        case '"':
            out += "\\\"";
            continue;
        case '\\':
            out += "\\\\";
            continue;
        case '\n':
            out += "\\n";
            continue;
        case '\t':
            out += "\\t";
            continue;
        case '\r':
            out += "\\r";
            continue;
        default:
            break;
        }
        if (c < 0x20 || c == 0x7f) {
            char buf[8];
            std::snprintf(buf, sizeof buf, "\\x%02x", c);
            out += buf;
            continue;
        }
        // Outside ASCII: decode one UTF-8 sequence. Code points a YAML stream may hold raw (PyYAML's printable
        // set) are copied; the others (C1 controls, NEL/LS/PS line breaks, U+FFFE/U+FFFF) are escaped; bytes that
        // are not valid UTF-8 (overlong, surrogates, truncated) are written as \xNN escapes.
        if (c >= 0x80) {
            std::size_t len = c >= 0xf0 && c <= 0xf4 ? 4 : c >= 0xe0 && c <= 0xef ? 3 : c >= 0xc2 && c <= 0xdf ? 2 : 0;
            bool valid = len > 0 && i + len <= text.size();
            char32_t cp = len == 2 ? c & 0x1f : len == 3 ? c & 0x0f : c & 0x07;
            for (std::size_t k = 1; valid && k < len; ++k) {
                auto b = static_cast<unsigned char>(text[i + k]);
                valid = (b & 0xc0) == 0x80;
                cp = (cp << 6) | (b & 0x3f);
            }
            if (valid)
                valid = !(len == 3 && cp < 0x800) && !(len == 4 && (cp < 0x10000 || cp > 0x10ffff))
                    && !(cp >= 0xd800 && cp <= 0xdfff);
            if (!valid) {
                char buf[8];
                std::snprintf(buf, sizeof buf, "\\x%02x", c);
                out += buf;
                continue;
            }
            bool printable = cp >= 0xa0 && cp != 0x2028 && cp != 0x2029 && cp != 0xfffe && cp != 0xffff;
            if (printable) {
                out.append(text.substr(i, len));
            } else {
                char buf[12];
                std::snprintf(buf, sizeof buf, "\\u%04x", static_cast<unsigned>(cp));
                out += buf;
            }
            i += len - 1;
            continue;
        }
        out += static_cast<char>(c);
    }
    out += '"';
    return out;
}

std::string yamlUnsafe(std::string_view text)
{
    return "!unsafe " + yamlQuoted(text);
}

Result<std::vector<CliBlock>> splitCliBlocks(std::string_view text)
{
    struct Line
    {
        std::size_t indent;
        std::string text;
    };
    std::vector<Line> lines;
    std::size_t pos = 0;
    int number = 0;
    while (pos < text.size()) {
        auto end = text.find('\n', pos);
        if (end == std::string_view::npos)
            end = text.size();
        auto raw = text.substr(pos, end - pos);
        pos = end + 1;
        ++number;
        if (raw.find('\t') != std::string_view::npos || raw.find('\r') != std::string_view::npos)
            return fail(ErrorKind::Validation, "CLI line " + std::to_string(number) + " has a tab or carriage return");
        auto first = raw.find_first_not_of(' ');
        if (first == std::string_view::npos)
            continue;
        auto body = std::string(raw.substr(first));
        while (!body.empty() && body.back() == ' ')
            body.pop_back();
        if (body == "exit")
            continue;
        lines.push_back({ first, body });
    }
    std::vector<CliBlock> blocks;
    // Stack of (indent, text) of the open parents.
    std::vector<Line> stack;
    for (std::size_t i = 0; i < lines.size(); ++i) {
        const auto& l = lines[i];
        while (!stack.empty() && stack.back().indent >= l.indent)
            stack.pop_back();
        bool isParent = i + 1 < lines.size() && lines[i + 1].indent > l.indent;
        if (isParent) {
            stack.push_back(l);
            continue;
        }
        std::vector<std::string> parents;
        parents.reserve(stack.size());
        for (const auto& p : stack)
            parents.push_back(p.text);
        if (!blocks.empty() && blocks.back().parents == parents)
            blocks.back().lines.push_back(l.text);
        else
            blocks.push_back({ std::move(parents), { l.text } });
    }
    return blocks;
}

Result<std::vector<std::string>> splitCliLine(std::string_view line)
{
    auto plain = [](char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' || c == '_'
            || c == '.' || c == '/' || c == ':' || c == '=' || c == ',' || c == '@' || c == '%' || c == '+';
    };
    std::vector<std::string> argv;
    std::size_t i = 0;
    while (i < line.size()) {
        if (line[i] == ' ') {
            ++i;
            continue;
        }
        std::string token;
        if (line[i] == '"') {
            auto close = line.find('"', i + 1);
            if (close == std::string_view::npos)
                return fail(ErrorKind::Validation, "unterminated quote", std::string(line));
            for (auto c : line.substr(i + 1, close - i - 1)) {
                if (!plain(c) && c != ' ')
                    return fail(ErrorKind::Validation,
                        std::string("a quoted token holds '") + c + "', which a shell would interpret",
                        std::string(line));
            }
            token = std::string(line.substr(i + 1, close - i - 1));
            i = close + 1;
            if (i < line.size() && line[i] != ' ')
                return fail(ErrorKind::Validation, "text right after a closing quote", std::string(line));
        } else {
            while (i < line.size() && line[i] != ' ') {
                if (!plain(line[i]))
                    return fail(ErrorKind::Validation,
                        std::string("'") + line[i] + "' is not allowed in a command token", std::string(line));
                token += line[i++];
            }
        }
        argv.push_back(std::move(token));
    }
    if (argv.empty())
        return fail(ErrorKind::Validation, "empty command line");
    return argv;
}

} // namespace rp

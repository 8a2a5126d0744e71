// SPDX-License-Identifier: GPL-3.0-or-later
#include "switchcli/cli_text.h"

#include "util/text.h"

#include <algorithm>
#include <array>
#include <regex>

namespace rp::switchcli {
namespace {

bool isBlank(char c)
{
    return c == ' ' || c == '\t';
}

/// Switch lines lose blanks at both ends but a CR only at the end, where the PTY puts it.
constexpr std::string_view kTrailing = " \t\r";
constexpr std::string_view kLeading = " \t";

std::string_view trimLineEnd(std::string_view s)
{
    return rp::trimRight(s, kTrailing);
}

std::string_view trimLine(std::string_view s)
{
    return rp::trimLeft(rp::trimRight(s, kTrailing), kLeading);
}

std::vector<std::string_view> splitLines(std::string_view text)
{
    std::vector<std::string_view> out;
    std::size_t start = 0;
    while (start <= text.size()) {
        auto end = text.find('\n', start);
        if (end == std::string_view::npos) {
            if (start < text.size())
                out.push_back(text.substr(start));
            break;
        }
        out.push_back(text.substr(start, end - start));
        start = end + 1;
    }
    return out;
}

bool safeChars(std::string_view line)
{
    return std::all_of(line.begin(), line.end(), [](char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == ' ' || c == '.'
            || c == '_' || c == ',' || c == '/' || c == ':' || c == '-';
    });
}

std::string firstWord(std::string_view line)
{
    line = trimLine(line);
    auto sp = line.find(' ');
    return std::string(line.substr(0, sp));
}

} // namespace

std::optional<Dialect> dialectFor(SwitchVendor vendor)
{
    switch (vendor) {
    case SwitchVendor::Cumulus:
        return Dialect::Nvue;
    case SwitchVendor::Eos:
        return Dialect::Eos;
    case SwitchVendor::NxOs:
        return Dialect::NxOs;
    case SwitchVendor::Onyx:
    case SwitchVendor::Sonic:
    case SwitchVendor::Os10:
    case SwitchVendor::Junos:
    case SwitchVendor::Ftos:
        break;
    }
    return std::nullopt;
}

std::string toString(Dialect dialect)
{
    switch (dialect) {
    case Dialect::Eos:
        return "eos";
    case Dialect::NxOs:
        return "nxos";
    case Dialect::Nvue:
        return "nvue";
    }
    return "eos";
}

// ---- TerminalText

void TerminalText::feed(std::string_view bytes)
{
    for (char ch : bytes) {
        auto c = static_cast<unsigned char>(ch);
        switch (m_esc) {
        case Esc::Start:
            if (c == '[') {
                m_esc = Esc::Csi;
                m_csi.clear();
            } else if (c == ']') {
                m_esc = Esc::Osc;
            } else {
                m_esc = Esc::None; // a two-byte escape (ESC 7, ESC =, ...): dropped
            }
            continue;
        case Esc::Csi:
            if (c >= 0x40 && c <= 0x7e) {
                m_esc = Esc::None;
                if (c == 'K') {
                    // Erase in line: 0/none = cursor to end, 2 = whole line; both leave the cursor where it is.
                    auto lineStart = m_text.rfind('\n', m_cursor == 0 ? 0 : m_cursor - 1);
                    lineStart = (lineStart == std::string::npos || m_cursor == 0) ? 0 : lineStart + 1;
                    if (m_csi == "2") {
                        m_text.erase(lineStart);
                        m_cursor = lineStart;
                    } else {
                        m_text.erase(m_cursor);
                    }
                }
            } else if (m_csi.size() < 32) {
                m_csi += static_cast<char>(c);
            }
            continue;
        case Esc::Osc:
            if (c == 0x07)
                m_esc = Esc::None;
            else if (c == 0x1b)
                m_esc = Esc::OscEsc;
            continue;
        case Esc::OscEsc:
            m_esc = c == '\\' ? Esc::None : Esc::Osc;
            continue;
        case Esc::None:
            break;
        }
        if (c == 0x1b) {
            m_esc = Esc::Start;
            continue;
        }
        if (c == '\n') {
            m_text += '\n';
            m_cursor = m_text.size();
            continue;
        }
        if (c == '\r') {
            auto nl = m_text.rfind('\n');
            m_cursor = nl == std::string::npos ? 0 : nl + 1;
            continue;
        }
        if (c == '\b') {
            auto nl = m_text.rfind('\n');
            std::size_t lineStart = nl == std::string::npos ? 0 : nl + 1;
            if (m_cursor > lineStart)
                --m_cursor;
            continue;
        }
        if ((c < 0x20 && c != '\t') || c == 0x7f)
            continue;
        if (m_cursor < m_text.size())
            m_text[m_cursor] = static_cast<char>(c);
        else
            m_text += static_cast<char>(c);
        ++m_cursor;
    }
}

std::string_view TerminalText::lastLine() const
{
    auto nl = m_text.rfind('\n');
    return nl == std::string::npos ? std::string_view(m_text) : std::string_view(m_text).substr(nl + 1);
}

void TerminalText::dropLastLine()
{
    auto nl = m_text.rfind('\n');
    m_text.erase(nl == std::string::npos ? 0 : nl + 1);
    m_cursor = m_text.size();
}

void TerminalText::clear()
{
    m_text.clear();
    m_cursor = 0;
    m_esc = Esc::None;
    m_csi.clear();
}

// ---- prompts, pagers, output

std::optional<Prompt> matchPrompt(Dialect dialect, std::string_view lastLine, std::string_view hostname)
{
    std::string line(trimLineEnd(lastLine));
    if (line.size() > 512)
        line.erase(0, line.size() - 512);
    static const std::regex hier(
        R"((?:^|[^A-Za-z0-9_.-])([A-Za-z0-9][A-Za-z0-9_.-]{0,62})(?:\(([^()]{1,80})\))?([>#])$)");
    static const std::regex hierWhole(R"(^([A-Za-z0-9][A-Za-z0-9_.-]{0,62})(?:\(([^()]{1,80})\))?([>#])$)");
    static const std::regex nvue(
        R"((?:^|[^A-Za-z0-9_.-])[A-Za-z0-9_.-]{1,32}@([A-Za-z0-9][A-Za-z0-9_.-]{0,62})(?::[A-Za-z0-9_.-]+)*:[^\s$#]*[$#]$)");
    static const std::regex nvueWhole(
        R"(^[A-Za-z0-9_.-]{1,32}@([A-Za-z0-9][A-Za-z0-9_.-]{0,62})(?::[A-Za-z0-9_.-]+)*:[^\s$#]*[$#]$)");
    std::smatch m;
    Prompt p;
    if (dialect == Dialect::Nvue) {
        if (!std::regex_search(line, m, hostname.empty() ? nvueWhole : nvue))
            return std::nullopt;
        p.hostname = m[1].str();
    } else {
        if (!std::regex_search(line, m, hostname.empty() ? hierWhole : hier))
            return std::nullopt;
        p.hostname = m[1].str();
        p.mode = m[2].matched ? m[2].str() : std::string();
        p.privileged = m[3].str() == "#";
        if (dialect == Dialect::NxOs && !p.privileged)
            return std::nullopt;
        if (!p.mode.empty() && !p.mode.starts_with("config"))
            return std::nullopt;
    }
    if (!hostname.empty() && p.hostname != hostname)
        return std::nullopt;
    return p;
}

bool isPagerLine(std::string_view line)
{
    // --More--, -- More --, <--- More --->, --More-- (42%), Press any key to continue (Q to quit)
    static const std::regex pager(
        R"(^(?:<?-{1,4} ?[Mm][Oo][Rr][Ee] ?(?:\(?\d{1,3}%\)?)? ?-{1,4}>?(?: ?\(?\d{1,3}%\)?)?|Press any key to continue.*))");
    std::string_view s = trimLine(line);
    if (s.empty() || s.size() > 120)
        return false;
    return std::regex_match(s.begin(), s.end(), pager);
}

std::string commandOutput(std::string_view shown, std::string_view command)
{
    auto lines = splitLines(shown);
    std::size_t first = 0;
    if (!lines.empty()) {
        auto echo = trimLine(lines.front());
        auto cmd = trimLine(command);
        // The first line is the echo of the command (after the prompt), or empty for an empty command.
        if (cmd.empty() ? echo.empty() : echo.size() >= cmd.size() && echo.substr(echo.size() - cmd.size()) == cmd)
            first = 1;
    }
    std::size_t last = lines.size();
    // The prompt that ends the output is the last line when the text does not end with a newline.
    if (last > first && !shown.empty() && shown.back() != '\n')
        --last;
    std::string out;
    for (std::size_t i = first; i < last; ++i) {
        out += trimLineEnd(lines[i]);
        out += '\n';
    }
    return out;
}

std::optional<std::string> findCliError(Dialect dialect, std::string_view output)
{
    auto lines = splitLines(output);
    for (std::size_t i = 0; i < lines.size(); ++i) {
        auto line = trimLine(lines[i]);
        if (line.empty())
            continue;
        bool error = false;
        switch (dialect) {
        case Dialect::Eos:
            error = line.starts_with("% ") || line == "%";
            break;
        case Dialect::NxOs:
            error = line.starts_with("% ") || line.starts_with("ERROR:") || line.starts_with("Error:")
                || line.starts_with("Syntax error");
            break;
        case Dialect::Nvue:
            error = line.starts_with("Error:") || line.starts_with("Invalid Command")
                || line.find("command not found") != std::string_view::npos || line.starts_with("-bash:");
            break;
        }
        if (!error)
            continue;
        std::string text(line);
        if (dialect == Dialect::NxOs && i > 0 && trimLine(lines[i - 1]) == "^")
            text = std::string(trimLineEnd(lines[i - 1])) + "\n" + text;
        return text;
    }
    return std::nullopt;
}

std::vector<std::string> pagingOffCommands(Dialect dialect)
{
    switch (dialect) {
    case Dialect::Eos:
    case Dialect::NxOs:
        return { "terminal length 0", "terminal width 511" };
    case Dialect::Nvue:
        return {};
    }
    return {};
}

Result<void> validateConfigLine(Dialect dialect, std::string_view line)
{
    auto shown = std::string(line.substr(0, 80));
    if (line.size() > 512)
        return fail(ErrorKind::Validation, "switch CLI line longer than 512 characters: '" + shown + "...'");
    if (!safeChars(line))
        return fail(ErrorKind::Validation,
            "switch CLI line '" + shown + "' has characters outside letters, digits, space and . _ , / : -");
    auto body = trimLine(line);
    if (body.empty())
        return fail(ErrorKind::Validation, "empty switch CLI line");
    if (dialect == Dialect::Nvue) {
        if (!(body.starts_with("nv set ") || body.starts_with("nv unset ")))
            return fail(ErrorKind::Validation, "NVUE configuration line '" + shown + "' is not 'nv set|unset ...'");
        return {};
    }
    static const std::array<std::string_view, 18> control = { "configure", "end", "exit", "commit", "abort", "rollback",
        "checkpoint", "copy", "write", "bash", "run", "reload", "delete", "terminal", "enable", "show", "do", "send" };
    std::string word = firstWord(body);
    if (word == "no") {
        auto rest = trimLine(body.substr(2));
        word = firstWord(rest);
        if (word == "checkpoint")
            return fail(ErrorKind::Validation, "switch CLI line '" + shown + "' controls the session itself");
        return {};
    }
    if (std::find(control.begin(), control.end(), word) != control.end())
        return fail(ErrorKind::Validation,
            "switch CLI line '" + shown + "' controls the session itself (" + word
                + "): RoCE Pilot opens, commits and leaves configuration mode on its own");
    return {};
}

Result<void> validateShowCommand(Dialect dialect, std::string_view line)
{
    auto shown = std::string(line.substr(0, 80));
    if (line.size() > 256 || !safeChars(line))
        return fail(ErrorKind::Validation,
            "read-back command '" + shown + "' has characters outside letters, digits, space and . _ , / : -");
    auto body = trimLine(line);
    bool ok = dialect == Dialect::Nvue ? body.starts_with("nv show ") || body.starts_with("nv config ")
                                       : body.starts_with("show ");
    if (!ok)
        return fail(ErrorKind::Validation,
            "read-back command '" + shown + "' is not a " + (dialect == Dialect::Nvue ? "'nv show'" : "'show'")
                + " command");
    if (dialect == Dialect::Nvue && body.starts_with("nv config ")
        && !(body == "nv config diff" || body == "nv config history" || body.starts_with("nv config show")))
        return fail(ErrorKind::Validation, "read-back command '" + shown + "' would change the configuration");
    return {};
}

Result<void> validateJobId(std::string_view jobId)
{
    static const std::regex id(R"(^[A-Za-z0-9_-]{1,40}$)");
    if (!std::regex_match(jobId.begin(), jobId.end(), id))
        return fail(ErrorKind::Validation,
            "job id '" + std::string(jobId.substr(0, 60)) + "' must be 1..40 letters, digits, - or _");
    return {};
}

std::string collapseWhitespace(std::string_view text)
{
    std::string out;
    for (auto line : splitLines(text)) {
        line = trimLine(line);
        if (line.empty())
            continue;
        bool space = false;
        for (char c : line) {
            if (isBlank(c)) {
                space = true;
                continue;
            }
            if (space)
                out += ' ';
            space = false;
            out += c;
        }
        out += '\n';
    }
    return out;
}

std::string normalizeRunningConfig(std::string_view text)
{
    std::string out;
    for (auto line : splitLines(text)) {
        auto t = trimLine(line);
        if (t.starts_with("!Time:") || t.starts_with("! Time:") || t.starts_with("!Running configuration last done")
            || t.starts_with("! Startup-config last modified"))
            continue;
        out += trimLineEnd(line);
        out += '\n';
    }
    return out;
}

} // namespace rp::switchcli

// SPDX-License-Identifier: GPL-3.0-or-later
#include "parse/parsehelpers.h"

#include "parse/parsers.h"
#include "util/text.h"

#include <algorithm>
#include <cctype>
#include <charconv>

namespace rp::parse_detail {

void Warnings::add(int line, std::string message)
{
    if (m_capped)
        return;
    if (m_list.size() >= kMaxWarnings) {
        m_list.push_back({ 0, "more warnings were left out" });
        m_capped = true;
        return;
    }
    m_list.push_back({ line, std::move(message) });
}

namespace {

bool hasBinaryByte(std::string_view s)
{
    return std::any_of(s.begin(), s.end(), [](char c) {
        auto u = static_cast<unsigned char>(c);
        return (u < 0x20 && c != '\t') || u == 0x7f;
    });
}

/// Mail quoting: any run of ">" each optionally followed by one space.
std::string_view stripQuoting(std::string_view s)
{
    while (!s.empty() && s.front() == '>') {
        s.remove_prefix(1);
        if (!s.empty() && s.front() == ' ')
            s.remove_prefix(1);
    }
    return s;
}

} // namespace

std::vector<Line> prepareLines(std::string_view text, Warnings& warnings)
{
    if (text.size() > kMaxInputBytes) {
        warnings.add(0, "input is larger than 8 MiB; only the first 8 MiB were read");
        text = text.substr(0, kMaxInputBytes);
    }
    std::vector<Line> lines;
    int number = 0;
    while (!text.empty()) {
        ++number;
        auto nl = text.find('\n');
        auto raw = text.substr(0, nl);
        text.remove_prefix(nl == std::string_view::npos ? text.size() : nl + 1);
        while (!raw.empty() && raw.back() == '\r')
            raw.remove_suffix(1);
        // `ip -j addr` is one JSON line for the whole host: 60 KB on a host with 40 interfaces. A JSON document
        // may use the whole input; text lines keep the short limit.
        const bool json = !raw.empty() && (raw.front() == '[' || raw.front() == '{');
        if (raw.size() > (json ? kMaxInputBytes : kMaxLineBytes)) {
            warnings.add(number, "line is " + std::to_string(raw.size()) + " bytes long; ignored");
            continue;
        }
        raw = stripQuoting(raw);
        if (hasBinaryByte(raw)) {
            warnings.add(number, "line holds binary or control characters; ignored");
            continue;
        }
        lines.push_back({ number, raw });
    }
    return lines;
}

bool isTranscriptNoise(std::string_view t)
{
    if (startsWith(t, "$ "))
        return true;
    if (startsWith(t, "rc=")) {
        auto rest = t.substr(3);
        return !rest.empty() && std::all_of(rest.begin(), rest.end(), [](char c) { return c >= '0' && c <= '9'; });
    }
    return false;
}

std::string interfaceFromCommandEcho(std::string_view t)
{
    if (!startsWith(t, "$ ") && !startsWith(t, "# "))
        return {};
    auto words = splitWords(t.substr(2));
    for (std::size_t i = 0; i + 1 < words.size(); ++i) {
        if (words[i] == "dev" || words[i] == "-i")
            return std::string(words[i + 1]);
    }
    return {};
}

std::optional<std::uint64_t> toU64(std::string_view s)
{
    s = trim(s);
    if (s.empty() || s.size() > 20)
        return std::nullopt;
    std::uint64_t v = 0;
    for (char c : s) {
        if (c < '0' || c > '9')
            return std::nullopt;
        auto next = v * 10 + static_cast<std::uint64_t>(c - '0');
        if (next / 10 != v)
            return std::nullopt;
        v = next;
    }
    return v;
}

std::vector<std::string_view> splitWords(std::string_view s, std::string_view separators)
{
    std::vector<std::string_view> words;
    std::size_t pos = 0;
    while (pos < s.size()) {
        auto start = s.find_first_not_of(separators, pos);
        if (start == std::string_view::npos)
            break;
        auto end = s.find_first_of(separators, start);
        if (end == std::string_view::npos)
            end = s.size();
        words.push_back(s.substr(start, end - start));
        pos = end;
    }
    return words;
}

std::string excerpt(std::string_view s)
{
    constexpr std::size_t limit = 60;
    if (s.size() <= limit)
        return "'" + std::string(s) + "'";
    return "'" + std::string(s.substr(0, limit)) + "...'";
}

bool isRule(std::string_view trimmedLine, std::string_view ruleChars)
{
    return !trimmedLine.empty() && trimmedLine.find_first_not_of(ruleChars) == std::string_view::npos;
}

bool isDottedQuad(std::string_view s)
{
    auto parts = splitWords(s, ".");
    if (parts.size() != 4 || std::count(s.begin(), s.end(), '.') != 3)
        return false;
    return std::all_of(parts.begin(), parts.end(), [](std::string_view p) {
        auto v = toInt(p);
        return p.size() <= 3 && v && *v >= 0 && *v <= 255;
    });
}

std::optional<std::pair<std::string_view, std::string_view>> splitKeyValue(std::string_view s, char separator)
{
    auto pos = s.find(separator);
    if (pos == std::string_view::npos)
        return std::nullopt;
    return std::pair { trim(s.substr(0, pos)), trim(s.substr(pos + 1)) };
}

bool looksLikeJson(const std::vector<Line>& lines)
{
    for (const auto& line : lines) {
        auto t = trim(line.text);
        if (t.empty() || isTranscriptNoise(t))
            continue;
        return t.front() == '{' || t.front() == '[';
    }
    return false;
}

namespace {

/// Scans JSON text for the end of one document, across calls (one per line).
struct JsonScanner
{
    int depth = 0;
    int maxDepth = 0;
    bool inString = false;
    bool escaped = false;

    /// Returns the offset just past the closing bracket of the document in `s`, or npos if it continues.
    std::size_t feed(std::string_view s)
    {
        for (std::size_t i = 0; i < s.size(); ++i) {
            char c = s[i];
            if (inString) {
                if (escaped)
                    escaped = false;
                else if (c == '\\')
                    escaped = true;
                else if (c == '"')
                    inString = false;
                continue;
            }
            if (c == '"') {
                inString = true;
            } else if (c == '{' || c == '[') {
                maxDepth = std::max(maxDepth, ++depth);
            } else if (c == '}' || c == ']') {
                if (--depth <= 0)
                    return i + 1;
            }
        }
        return std::string_view::npos;
    }
};

void parseDocument(const std::string& doc, int startLine, Warnings& warnings,
    const std::function<void(int, const nlohmann::json&)>& onJson)
{
    nlohmann::json value;
    try {
        value = nlohmann::json::parse(doc);
    } catch (const nlohmann::json::parse_error& e) {
        std::size_t byte = std::min<std::size_t>(e.byte, doc.size());
        auto before = std::string_view(doc).substr(0, byte > 0 ? byte - 1 : 0);
        auto lineOffset = static_cast<int>(std::count(before.begin(), before.end(), '\n'));
        warnings.add(startLine + lineOffset, "invalid JSON; this document was skipped");
        return;
    } catch (const nlohmann::json::exception&) {
        warnings.add(startLine, "invalid JSON; this document was skipped");
        return;
    }
    onJson(startLine, value);
}

} // namespace

void walkJsonAndText(const std::vector<Line>& lines, Warnings& warnings,
    const std::function<void(int, const nlohmann::json&)>& onJson, const std::function<void(const Line&)>& onText)
{
    std::size_t index = 0;
    std::string_view rest;
    bool haveRest = false;
    while (index < lines.size()) {
        std::string_view current = haveRest ? rest : lines[index].text;
        haveRest = false;
        auto t = trim(current);
        if (t.empty()) {
            ++index;
            continue;
        }
        if (t.front() != '{' && t.front() != '[') {
            onText({ lines[index].number, t });
            ++index;
            continue;
        }
        int startLine = lines[index].number;
        JsonScanner scanner;
        std::string doc;
        std::string_view piece = t;
        bool closed = false;
        while (true) {
            auto end = scanner.feed(piece);
            if (end != std::string_view::npos) {
                doc.append(piece.substr(0, end));
                rest = piece.substr(end);
                haveRest = !trim(rest).empty();
                closed = true;
                break;
            }
            doc.append(piece);
            doc += '\n';
            if (++index >= lines.size())
                break;
            piece = lines[index].text;
        }
        if (!closed) {
            warnings.add(startLine, "JSON starting here ends before its closing bracket (truncated?)");
            break;
        }
        if (scanner.maxDepth > kMaxJsonDepth)
            warnings.add(startLine, "JSON nested deeper than " + std::to_string(kMaxJsonDepth) + " levels; ignored");
        else
            parseDocument(doc, startLine, warnings, onJson);
        if (!haveRest)
            ++index;
    }
}

std::optional<std::string> jsonString(const nlohmann::json& object, const char* key)
{
    if (!object.is_object())
        return std::nullopt;
    auto it = object.find(key);
    if (it == object.end() || !it->is_string())
        return std::nullopt;
    return it->get<std::string>();
}

std::optional<int> jsonIntValue(const nlohmann::json& value)
{
    if (value.is_number_unsigned()) {
        auto v = value.get<std::uint64_t>();
        if (v > 0x7fffffffu)
            return std::nullopt;
        return static_cast<int>(v);
    }
    if (value.is_number_integer()) {
        auto v = value.get<std::int64_t>();
        if (v < -0x7fffffff || v > 0x7fffffff)
            return std::nullopt;
        return static_cast<int>(v);
    }
    if (value.is_string())
        return toInt(value.get_ref<const std::string&>());
    return std::nullopt;
}

std::optional<int> jsonInt(const nlohmann::json& object, const char* key)
{
    if (!object.is_object())
        return std::nullopt;
    auto it = object.find(key);
    if (it == object.end())
        return std::nullopt;
    return jsonIntValue(*it);
}

std::optional<bool> jsonBool(const nlohmann::json& object, const char* key)
{
    if (!object.is_object())
        return std::nullopt;
    auto it = object.find(key);
    if (it == object.end())
        return std::nullopt;
    if (it->is_boolean())
        return it->get<bool>();
    if (it->is_string()) {
        const auto& s = it->get_ref<const std::string&>();
        if (s == "on" || s == "yes" || s == "true")
            return true;
        if (s == "off" || s == "no" || s == "false")
            return false;
    }
    if (auto v = jsonIntValue(*it); v && (*v == 0 || *v == 1))
        return *v == 1;
    return std::nullopt;
}

RdmaDevice& deviceNamed(std::vector<RdmaDevice>& devices, std::string_view name)
{
    for (auto& device : devices) {
        if (device.name == name)
            return device;
    }
    RdmaDevice device;
    device.name = std::string(name);
    device.driver = driverFromDeviceName(name);
    devices.push_back(std::move(device));
    return devices.back();
}

RdmaPort& portNumbered(RdmaDevice& device, int number)
{
    for (auto& port : device.ports) {
        if (port.number == number)
            return port;
    }
    RdmaPort port;
    port.number = number;
    device.ports.push_back(std::move(port));
    return device.ports.back();
}

void finishDevices(std::vector<RdmaDevice>& devices, bool flagDuplicateGids)
{
    for (auto& device : devices) {
        std::stable_sort(device.ports.begin(), device.ports.end(),
            [](const RdmaPort& a, const RdmaPort& b) { return a.number < b.number; });
        for (auto& port : device.ports) {
            flagDuplicates(port.gids);
            if (!flagDuplicateGids) {
                for (auto& gid : port.gids)
                    gid.duplicate = false;
            }
        }
    }
}

namespace {

/// Drop a "(4)" suffix and a "4: " prefix.
std::string_view stripEnumDecoration(std::string_view s)
{
    s = trim(s);
    if (auto paren = s.find(" ("); paren != std::string_view::npos && s.back() == ')')
        s = trim(s.substr(0, paren));
    if (auto colon = s.find(": "); colon != std::string_view::npos && toInt(s.substr(0, colon)))
        s = trim(s.substr(colon + 2));
    return s;
}

} // namespace

std::string normalizePortState(std::string_view text)
{
    auto s = stripEnumDecoration(text);
    if (startsWith(s, "PORT_"))
        s.remove_prefix(5);
    std::string out(s);
    for (auto& c : out)
        c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    return out;
}

std::string normalizePhysState(std::string_view text)
{
    auto s = stripEnumDecoration(text);
    struct Name
    {
        std::string_view upper;
        std::string_view sysfs;
    };
    static constexpr Name names[] = {
        { "SLEEP", "Sleep" },
        { "POLLING", "Polling" },
        { "DISABLED", "Disabled" },
        { "PORT_CONFIGURATION_TRAINING", "PortConfigurationTraining" },
        { "LINK_UP", "LinkUp" },
        { "LINK_ERROR_RECOVERY", "LinkErrorRecovery" },
        { "PHY_TEST", "PhyTest" },
        { "NOP", "Nop" },
    };
    auto key = s;
    std::string upperKey;
    for (char c : key)
        upperKey += static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    for (const auto& name : names) {
        if (upperKey == name.upper || s == name.sysfs)
            return std::string(name.sysfs);
    }
    return std::string(s);
}

} // namespace rp::parse_detail

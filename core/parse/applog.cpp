// SPDX-License-Identifier: GPL-3.0-or-later
// Application log lines (see applog.h): which family a line is of, its facts, and environment variable
// assignments (`env | grep NCCL`, `export UCX_IB_GID_INDEX=3`) under whatever a launcher put in front of them.
#include "parse/applog.h"

#include "parse/applog_scan.h"
#include "util/text.h"

#include <algorithm>
#include <array>
#include <cctype>

namespace rp::applog_detail {

namespace {

/// The line as an event's text: trimmed, tabs as spaces, control and broken UTF-8 bytes as '?', at most 200 bytes.
std::string applogText(std::string_view line)
{
    std::string s(trim(line).substr(0, 400));
    for (auto& c : s)
        if (c == '\t')
            c = ' ';
    return printable(s, 197);
}

/// ctime's "Mon Feb 26 12:09:17 2018" (Open MPI's --timestamp-output, day padded with a space): its length, or 0.
std::size_t ctimeLength(std::string_view s)
{
    auto digitsAt = [&](std::size_t at, std::size_t n) { return at + n <= s.size() && allDigits(s.substr(at, n)); };
    auto letters = [&](std::size_t at) {
        return at + 3 <= s.size() && std::ranges::all_of(s.substr(at, 3), [](char c) {
            return std::isalpha(static_cast<unsigned char>(c)) != 0;
        });
    };
    if (!(s.size() >= 24 && letters(0) && s[3] == ' ' && letters(4) && s[7] == ' ' && (s[8] == ' ' || isDigit(s[8]))
            && isDigit(s[9]) && s[10] == ' ' && digitsAt(11, 2) && s[13] == ':' && digitsAt(14, 2) && s[16] == ':'
            && digitsAt(17, 2) && s[19] == ' ' && digitsAt(20, 4)))
        return 0;
    return 24;
}

/// "2024-11-26T12:00:00.123Z", "2024-11-26 12:00:00,123", ctime's: the length of a timestamp at the start, 0 if
/// none.
std::size_t timestampLength(std::string_view s)
{
    if (auto n = ctimeLength(s); n > 0)
        return n;
    auto digitsAt = [&](std::size_t at, std::size_t n) { return at + n <= s.size() && allDigits(s.substr(at, n)); };
    if (!(digitsAt(0, 4) && s.size() > 19 && s[4] == '-' && digitsAt(5, 2) && s[7] == '-' && digitsAt(8, 2)
            && (s[10] == 'T' || s[10] == ' ') && digitsAt(11, 2) && s[13] == ':' && digitsAt(14, 2) && s[16] == ':'
            && digitsAt(17, 2)))
        return 0;
    std::size_t i = 19;
    if (i < s.size() && (s[i] == '.' || s[i] == ',')) {
        ++i;
        while (i < s.size() && isDigit(s[i]))
            ++i;
    }
    if (i < s.size() && s[i] == 'Z')
        ++i;
    else if (i + 5 < s.size() && (s[i] == '+' || s[i] == '-') && digitsAt(i + 1, 2))
        i += s[i + 3] == ':' ? 6 : 5;
    return i;
}

/// NAME=VALUE for a variable one of the families reads, the whole (unwrapped) line; VALUE one word or quoted.
/// Nothing when the line is not such an assignment; else the variable's family and the setting.
std::optional<std::pair<std::string_view, AppLogEvent>> readAssignment(std::string_view line)
{
    auto t = stripWrappers(line);
    auto eq = t.find('=');
    if (eq == std::string_view::npos || eq == 0)
        return std::nullopt;
    auto name = t.substr(0, eq);
    auto family = familyOfVariable(name);
    if (family.empty())
        return std::nullopt;
    auto value = t.substr(eq + 1);
    if (!value.empty() && (value.front() == '"' || value.front() == '\'')) {
        auto close = value.find(value.front(), 1);
        if (close == std::string_view::npos || !trim(value.substr(close + 1)).empty())
            return std::nullopt;
        value = value.substr(1, close - 1);
    } else if (value.find_first_of(" \t") != std::string_view::npos) {
        // "NCCL_IB_GID_INDEX=3 makes it work": prose around an assignment is not a setting.
        return std::nullopt;
    }
    return std::pair { family, settingEvent(name, value) };
}

} // namespace

/// What launchers and log collectors put before a line: mpirun's "[1,0]<stdout>:", kubectl's "[pod/NAME/CTR] "
/// and timestamps, "[2024-11-26 12:00:00] ", pdsh's "node1: ", a shell's "export ", "declare -x ", "+ ".
std::string_view stripWrappers(std::string_view t)
{
    for (int round = 0; round < 8; ++round) {
        t = trimLeft(t);
        auto before = t.size();
        if (t.starts_with('[')) {
            auto close = t.find(']');
            if (close != std::string_view::npos && close < 96) {
                auto inner = t.substr(1, close - 1);
                auto rest = t.substr(close + 1);
                auto comma = inner.find(',');
                if (comma != std::string_view::npos && allDigits(inner.substr(0, comma))
                    && allDigits(inner.substr(comma + 1)) && rest.starts_with('<')) {
                    auto gt = rest.find(">:");
                    if (gt != std::string_view::npos && gt < 16)
                        t = rest.substr(gt + 2);
                } else if (inner.starts_with("pod/") || timestampLength(inner) > 0) {
                    t = rest;
                }
            }
        } else if (auto n = timestampLength(t); n > 0) {
            t = t.substr(n);
        } else {
            for (std::string_view word : { "export ", "declare -x ", "+ ", "- ", "ENV " }) {
                if (t.starts_with(word)) {
                    t = t.substr(word.size());
                    break;
                }
            }
            // pdsh / clush: "node1: rest"; only a host-like word directly followed by ": ".
            auto colon = t.find(": ");
            if (t.size() == before && colon != std::string_view::npos && colon > 0 && colon < 64) {
                auto name = t.substr(0, colon);
                bool hostLike = true;
                for (char c : name)
                    hostLike = hostLike && isNameChar(c);
                if (hostLike)
                    t = t.substr(colon + 2);
            }
        }
        if (t.size() == before)
            break;
    }
    return trim(t);
}

} // namespace rp::applog_detail

namespace rp {

AppLogLine scanAppLogLine(std::string_view line, int lineNumber)
{
    using namespace applog_detail;
    AppLogLine out;
    auto t = trim(line.substr(0, kMaxScanBytes));
    if (t.empty())
        return out;
    LogText x { t, lower(t) };
    using Reader = FamilyRead (*)(const LogText&);
    static constexpr std::array<std::pair<std::string_view, Reader>, 11> kReaders = { {
        // A kernel line first: its dmesg or syslog prefix is exact, and its words ("rdma_cm", "failed") would
        // pass for a verbs program's.
        { "kernel", &readKernelLine },
        { "nccl", &readNcclLine },
        { "ucx", &readUcxLine },
        { "libfabric", &readLibfabricLine },
        { "gloo", &readGlooLine },
        { "openmpi", &readOpenMpiLine },
        { "glog", &readGlogLine },
        { "k8s", &readDevicePluginLine },
        { "limits", &readLimitsLine },
        { "verbs", &readVerbsLine },
        { "benchmark", &readResultLine },
    } };
    FamilyRead read;
    // A whole-line assignment first: "OMPI_MCA_btl_openib_gid_index=3" names a family's marker too.
    if (auto assignment = readAssignment(t)) {
        out.family = std::string(assignment->first);
        read.events.push_back(std::move(assignment->second));
    } else {
        for (auto [family, reader] : kReaders) {
            read = reader(x);
            if (read.mine) {
                out.family = std::string(family);
                break;
            }
        }
        if (!read.mine)
            return out;
    }
    auto text = applogText(line);
    for (auto& e : read.events) {
        e.family = out.family;
        e.text = text;
        e.line = lineNumber;
        if (e.host.empty())
            e.host = read.host;
        if (e.gidIndex && *e.gidIndex < 0)
            e.gidIndex.reset();
        out.events.push_back(std::move(e));
    }
    return out;
}

std::optional<AppLogEvent> readAppLogLine(std::string_view line, int lineNumber)
{
    auto scanned = scanAppLogLine(line, lineNumber);
    if (scanned.events.empty())
        return std::nullopt;
    return std::move(scanned.events.front());
}

} // namespace rp

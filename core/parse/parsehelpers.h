// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Shared plumbing of the parsers; not part of the public API.

#include "model/model.h"
#include "parse/parsed.h"
#include "util/text.h"

#include <nlohmann/json.hpp>

#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace rp::parse_detail {

inline constexpr std::size_t kMaxInputBytes = std::size_t { 8 } << 20;
inline constexpr std::size_t kMaxLineBytes = 16384;
inline constexpr std::size_t kMaxWarnings = 64;
inline constexpr int kMaxJsonDepth = 64;

/// Collects warnings, at most kMaxWarnings plus one that says more were left out.
class Warnings
{
public:
    void add(int line, std::string message);
    std::vector<ParseWarning> take() { return std::move(m_list); }
    std::size_t count() const { return m_list.size(); }

private:
    std::vector<ParseWarning> m_list;
    bool m_capped = false;
};

struct Line
{
    int number = 0; ///< 1-based, in the original text
    std::string_view text; ///< CR and mail quoting removed
};

/// The input as lines: CR stripped, "> " quoting removed, lines that are too long or hold binary bytes dropped
/// with a warning, input past kMaxInputBytes ignored with a warning.
std::vector<Line> prepareLines(std::string_view text, Warnings& warnings);

/// A shell transcript line around the real output: "$ command" echo or "rc=N".
bool isTranscriptNoise(std::string_view trimmedLine);
/// The device after "dev" in a "$ dcb ... dev IF" / "$ mlnx_qos -i IF" echo, or empty.
std::string interfaceFromCommandEcho(std::string_view trimmedLine);

/// The whole of `s` (trimmed) as an unsigned 64-bit count, or nothing: digits only, no overflow.
std::optional<std::uint64_t> toU64(std::string_view s);

std::vector<std::string_view> splitWords(std::string_view s, std::string_view separators = " \t");
/// The text cut to a readable length for a warning.
std::string excerpt(std::string_view s);
bool isDottedQuad(std::string_view s);
/// A table's rule line: only the given characters ("-----", "== ==", "+----+" with "-=+ ").
bool isRule(std::string_view trimmedLine, std::string_view ruleChars = "-= ");
/// "key: value" split at the first colon, both trimmed; nullopt without a colon.
std::optional<std::pair<std::string_view, std::string_view>> splitKeyValue(std::string_view s, char separator = ':');

/// Walk lines that may mix JSON documents (objects/arrays, possibly spanning lines or several on one line) with
/// text. Each parsed document goes to onJson with the line it starts on; every other non-empty line to onText.
/// Invalid, truncated or too deeply nested JSON is reported and skipped.
void walkJsonAndText(const std::vector<Line>& lines, Warnings& warnings,
    const std::function<void(int line, const nlohmann::json& doc)>& onJson,
    const std::function<void(const Line& line)>& onText);

/// True when the first non-blank character of the cleaned text opens a JSON document.
bool looksLikeJson(const std::vector<Line>& lines);

std::optional<std::string> jsonString(const nlohmann::json& object, const char* key);
std::optional<int> jsonInt(const nlohmann::json& object, const char* key);
std::optional<int> jsonIntValue(const nlohmann::json& value);
std::optional<bool> jsonBool(const nlohmann::json& object, const char* key);

// Device list building shared by the RDMA parsers.
RdmaDevice& deviceNamed(std::vector<RdmaDevice>& devices, std::string_view name);
RdmaPort& portNumbered(RdmaDevice& device, int number);
/// Sort ports and their GIDs; flag duplicate GIDs when the source tells each GID's netdev.
void finishDevices(std::vector<RdmaDevice>& devices, bool flagDuplicateGids = true);
/// "PORT_ACTIVE (4)" / "ACTIVE" / "4: ACTIVE" -> "ACTIVE".
std::string normalizePortState(std::string_view text);
/// "LINK_UP (5)" / "LINK_UP" / "5: LinkUp" -> "LinkUp" (the sysfs spelling).
std::string normalizePhysState(std::string_view text);

// DCB parsers with the interface name the text gave (a "dev IF" / "-i IF" in an echoed command), for parseOutput.
struct DcbParse
{
    DcbInfo info;
    std::string ifname;
    std::vector<ParseWarning> warnings;
};
DcbParse parseDcbDetailed(std::string_view text);
DcbParse parseMlnxQosDetailed(std::string_view text);
DcbParse parseLldptoolDetailed(std::string_view text);

/// DSCP value from a number or a name (CS0..CS7, AF11..AF43, EF, VA, LE); nullopt when neither or out of 0..63.
std::optional<int> dscpValue(std::string_view text);
/// Remember the interface an echoed command names; warns once when a second, different one shows up.
void noteInterface(DcbParse& result, std::string_view ifname, int line, Warnings& warnings);
/// Set info.source when anything was read.
void markSource(DcbInfo& info, std::string_view source);

} // namespace rp::parse_detail

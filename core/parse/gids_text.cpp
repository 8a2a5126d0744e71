// SPDX-License-Identifier: GPL-3.0-or-later
// show_gids (mlnx-tools) and the "rxe0 gid[0] GID type=RoCE v2 ndev=eth0" listing.
#include "parse/parsehelpers.h"
#include "parse/parsers.h"
#include "util/text.h"

#include <map>

namespace rp {

using namespace parse_detail;

namespace {

struct GidRow
{
    std::string device;
    int port = 0;
    GidEntry entry;
    std::string ipv4Column;
};

class ShowGidsParser
{
public:
    Parsed<std::vector<RdmaDevice>> run(std::string_view text)
    {
        auto lines = prepareLines(text, m_warnings);
        for (const auto& line : lines)
            parseLine(line);
        checkCount();
        finishDevices(m_devices);
        return { std::move(m_devices), m_warnings.take() };
    }

private:
    void parseLine(const Line& line)
    {
        auto t = trim(line.text);
        if (t.empty() || isTranscriptNoise(t))
            return;
        auto words = splitWords(t);
        if (words[0] == "DEV" && t.find("GID") != std::string_view::npos)
            return; // header
        if (t.find_first_not_of("- \t") == std::string_view::npos)
            return; // underline
        if (startsWith(t, "n_gids_found=")) {
            m_declaredCount = toInt(t.substr(13));
            m_countLine = line.number;
            if (!m_declaredCount)
                m_warnings.add(line.number, "unreadable GID count " + excerpt(t));
            return;
        }
        if (words.size() >= 3 && startsWith(words[1], "gid[")) {
            parseListingRow(line.number, t, words);
            return;
        }
        parseTableRow(line.number, words, t);
    }

    void parseTableRow(int number, const std::vector<std::string_view>& words, std::string_view t)
    {
        if (words.size() < 4) {
            m_warnings.add(number, "not a show_gids row (too few columns): " + excerpt(t));
            return;
        }
        auto port = toInt(words[1]);
        auto index = toInt(words[2]);
        auto gid = canonicalGid(words[3]);
        if (!port || !index || *index < 0 || !gid) {
            m_warnings.add(number, "not a show_gids row (expected DEV PORT INDEX GID): " + excerpt(t));
            return;
        }
        GidRow row;
        row.device = std::string(words[0]);
        row.port = *port;
        row.entry.index = *index;
        row.entry.gid = *gid;
        bool haveVersion = false;
        // The IPv4, VER and DEV columns may each be empty: tell them apart by their content, not by position.
        for (std::size_t i = 4; i < words.size(); ++i) {
            auto word = words[i];
            if (isDottedQuad(word) && row.ipv4Column.empty() && !haveVersion) {
                row.ipv4Column = std::string(word);
            } else if ((word == "v1" || word == "v2") && !haveVersion) {
                row.entry.type = word == "v1" ? GidType::IbRoceV1 : GidType::RoceV2;
                haveVersion = true;
            } else if (row.entry.netdev.empty()) {
                row.entry.netdev = std::string(word);
            } else {
                m_warnings.add(number, "unexpected extra column " + excerpt(word));
            }
        }
        if (!haveVersion)
            m_warnings.add(number,
                "GID index " + std::to_string(*index) + " of " + row.device
                    + " has no RoCE version (VER column empty)");
        addRow(number, std::move(row));
    }

    void parseListingRow(int number, std::string_view t, const std::vector<std::string_view>& words)
    {
        auto indexText = words[1].substr(4);
        if (indexText.empty() || indexText.back() != ']') {
            m_warnings.add(number, "unreadable GID index in " + excerpt(t));
            return;
        }
        auto index = toInt(indexText.substr(0, indexText.size() - 1));
        auto gid = canonicalGid(words[2]);
        if (!index || *index < 0 || !gid) {
            m_warnings.add(number, "unreadable GID row " + excerpt(t));
            return;
        }
        GidRow row;
        row.device = std::string(words[0]);
        row.entry.index = *index;
        row.entry.gid = *gid;
        auto typePos = t.find("type=");
        auto ndevPos = t.find("ndev=");
        if (typePos != std::string_view::npos) {
            auto end = ndevPos != std::string_view::npos && ndevPos > typePos ? ndevPos : t.size();
            auto typeText = trim(t.substr(typePos + 5, end - typePos - 5));
            row.entry.type = gidTypeFromString(typeText);
            if (row.entry.type == GidType::Unknown)
                m_warnings.add(number, "unknown GID type " + excerpt(typeText));
        } else {
            m_warnings.add(number, "GID index " + std::to_string(*index) + " of " + row.device + " has no type");
        }
        if (ndevPos != std::string_view::npos) {
            auto rest = trim(t.substr(ndevPos + 5));
            auto ndev = splitWords(rest);
            if (!ndev.empty())
                row.entry.netdev = std::string(ndev[0]);
        }
        if (!m_warnedNoPort) {
            m_warnings.add(number, "this listing does not name ports; its GIDs are kept under port 0 (unknown)");
            m_warnedNoPort = true;
        }
        addRow(number, std::move(row));
    }

    void addRow(int number, GidRow row)
    {
        ++m_rows;
        annotateGid(row.entry);
        if (!row.ipv4Column.empty() && row.ipv4Column != row.entry.ipv4)
            m_warnings.add(number, "IPv4 column " + row.ipv4Column + " does not match GID " + row.entry.gid);
        if (row.entry.zero)
            return; // an empty slot; show_gids itself leaves these out
        auto& device = deviceNamed(m_devices, row.device);
        auto& port = portNumbered(device, row.port);
        for (const auto& existing : port.gids) {
            if (existing.index == row.entry.index) {
                m_warnings.add(number,
                    row.device + " port " + std::to_string(row.port) + " GID index " + std::to_string(row.entry.index)
                        + " is listed twice; the first one is kept");
                return;
            }
        }
        port.gids.push_back(std::move(row.entry));
    }

    void checkCount()
    {
        if (m_declaredCount && *m_declaredCount != m_rows)
            m_warnings.add(m_countLine,
                "output says " + std::to_string(*m_declaredCount) + " GIDs but " + std::to_string(m_rows)
                    + " rows were read (truncated or edited?)");
    }

    Warnings m_warnings;
    std::vector<RdmaDevice> m_devices;
    std::optional<int> m_declaredCount;
    int m_countLine = 0;
    int m_rows = 0;
    bool m_warnedNoPort = false;
};

} // namespace

Parsed<std::vector<RdmaDevice>> parseShowGids(std::string_view text)
{
    return ShowGidsParser().run(text);
}

} // namespace rp

// SPDX-License-Identifier: GPL-3.0-or-later
// Windows PowerShell outputs of the NetQoS / RDMA cmdlets as admins paste them: Format-List (Key : Value,
// continuation lines indented under the value) and Format-Table (a header, a dashes line, rows; column widths
// from the dashes, whitespace-split when a paste collapsed the spacing). Layouts written from Microsoft's cmdlet
// documentation (learn.microsoft.com, NetQos / NetAdapter / SmbShare modules) and the field guide §2.8; no Windows
// host runs here.
#include "parse/powershell.h"

#include "parse/parsehelpers.h"
#include "util/text.h"

#include <algorithm>
#include <map>

namespace rp {

using namespace parse_detail;

namespace {

using Record = std::map<std::string, std::string>; ///< property -> value (continuations joined with '\n')

struct Table
{
    std::vector<Record> records;
    std::vector<int> lines; ///< first line of each record
};

bool isDashes(std::string_view t)
{
    return !t.empty() && t.find_first_not_of("- ") == std::string_view::npos && t.find('-') != std::string_view::npos;
}

/// Format-List: "Name : value" at column 0 starts a property; an indented line continues the last one.
Table formatList(const std::vector<std::pair<int, std::string_view>>& lines)
{
    Table out;
    Record cur;
    int curLine = 0;
    std::string last;
    auto flush = [&] {
        if (!cur.empty()) {
            out.records.push_back(std::move(cur));
            out.lines.push_back(curLine);
        }
        cur.clear();
        last.clear();
    };
    for (auto [n, raw] : lines) {
        // A blank line ends a continuation, not a record: records are told apart by a property repeating
        // (Get-NetAdapterQos has blank lines inside one record).
        if (trim(raw).empty()) {
            last.clear();
            continue;
        }
        bool indented = raw.front() == ' ' || raw.front() == '\t';
        auto colon = raw.find(" :");
        if (!indented && colon != std::string_view::npos) {
            auto key = std::string(trim(raw.substr(0, colon)));
            if (cur.count(key))
                flush();
            if (cur.empty())
                curLine = n;
            cur[key] = std::string(trim(raw.substr(colon + 2)));
            last = key;
        } else if (!last.empty()) {
            cur[last] += "\n" + std::string(trim(raw));
        }
    }
    flush();
    return out;
}

/// Format-Table: columns from the dashes line under the header.
Table formatTable(const std::vector<std::pair<int, std::string_view>>& lines, Warnings& warnings)
{
    Table out;
    std::size_t i = 0;
    while (i < lines.size() && trim(lines[i].second).empty())
        ++i;
    if (i + 1 >= lines.size() || !isDashes(lines[i + 1].second))
        return out;
    std::string_view header = lines[i].second, dashes = lines[i + 1].second;
    std::vector<std::pair<std::size_t, std::size_t>> cols; // start, end (exclusive) from the dashes
    for (std::size_t p = 0; p < dashes.size();) {
        if (dashes[p] != '-') {
            ++p;
            continue;
        }
        auto e = dashes.find(' ', p);
        e = e == std::string_view::npos ? dashes.size() : e;
        cols.emplace_back(p, e);
        p = e;
    }
    std::vector<std::string> names;
    names.reserve(cols.size());
    for (auto [a, b] : cols)
        names.emplace_back(trim(a < header.size() ? header.substr(a, b - a) : std::string_view()));
    // Header names may be wider than their dashes ("Bandwidth(%)"): take the header's words in order instead
    // when counts agree.
    auto headerWords = splitWords(header);
    if (headerWords.size() == cols.size())
        for (std::size_t c = 0; c < cols.size(); ++c)
            names[c] = std::string(headerWords[c]);
    for (std::size_t r = i + 2; r < lines.size(); ++r) {
        auto [n, raw] = lines[r];
        if (trim(raw).empty())
            continue;
        Record rec;
        auto words = splitWords(raw);
        // A row whose words match the columns one to one (collapsed spacing) is split on whitespace; else by the
        // dashes' positions, the last column taking the rest of the line.
        if (words.size() == cols.size()) {
            for (std::size_t c = 0; c < cols.size(); ++c)
                rec[names[c]] = std::string(words[c]);
        } else {
            for (std::size_t c = 0; c < cols.size(); ++c) {
                auto a = cols[c].first;
                auto b = c + 1 < cols.size() ? cols[c + 1].first : raw.size();
                rec[names[c]]
                    = a < raw.size() ? std::string(trim(raw.substr(a, std::min(b, raw.size()) - a))) : std::string();
            }
        }
        if (rec.empty()) {
            warnings.add(n, "table row not read: '" + excerpt(raw) + "'");
            continue;
        }
        out.records.push_back(std::move(rec));
        out.lines.push_back(n);
    }
    return out;
}

std::optional<bool> boolOf(const std::string& v)
{
    auto l = lower(v);
    if (l == "true")
        return true;
    if (l == "false")
        return false;
    return std::nullopt;
}

/// "0-2,4-7" / "3" / "3,5" -> priorities
std::optional<std::vector<int>> priorities(std::string_view s)
{
    std::vector<int> out;
    for (auto part : splitWords(s, ", ")) {
        auto dash = part.find('-');
        auto a = toInt(part.substr(0, dash));
        auto b = dash == std::string_view::npos ? a : toInt(part.substr(dash + 1));
        if (!a || !b || *a < 0 || *b > 7 || *a > *b)
            return std::nullopt;
        for (int p = *a; p <= *b; ++p)
            out.push_back(p);
    }
    return out;
}

std::string get(const Record& r, std::initializer_list<const char*> keys)
{
    for (auto k : keys)
        if (auto it = r.find(k); it != r.end())
            return it->second;
    return {};
}

} // namespace

bool isPowerShellCommand(std::string_view command)
{
    auto c = lower(command);
    return c.starts_with("get-netadapterqos") || c.starts_with("get-netqosflowcontrol")
        || c.starts_with("get-netqospolicy") || c.starts_with("get-netqostrafficclass")
        || c.starts_with("get-netqosdcbxsetting") || c.starts_with("get-netadapterrdma")
        || c.starts_with("get-smbclientnetworkinterface");
}

std::vector<ParseWarning> parsePowerShell(
    std::string_view command, const std::vector<std::pair<int, std::string_view>>& lines, WindowsQos& out)
{
    Warnings warnings;
    auto c = lower(command);
    auto cmdlet = c.substr(0, c.find_first_of(" |"));
    bool table = false;
    for (std::size_t i = 0; i + 1 < lines.size(); ++i) {
        if (trim(lines[i].second).empty())
            continue;
        table = isDashes(lines[i + 1].second);
        break;
    }
    Table t = table ? formatTable(lines, warnings) : formatList(lines);
    if (t.records.empty()) {
        warnings.add(lines.empty() ? 0 : lines.front().first, cmdlet + ": no records read");
        return warnings.take();
    }
    out.lines[cmdlet] = t.lines.front();
    for (std::size_t i = 0; i < t.records.size(); ++i) {
        const auto& r = t.records[i];
        int n = t.lines[i];
        auto name = get(r, { "Name", "Interface", "IfAlias" });
        if (cmdlet == "get-netadapterrdma") {
            if (auto b = boolOf(get(r, { "Enabled" })); b && !name.empty())
                out.adapterRdma[name] = *b;
            else
                warnings.add(n, "Get-NetAdapterRdma: record without Name/Enabled");
        } else if (cmdlet == "get-netadapterqos") {
            if (auto b = boolOf(get(r, { "Enabled" })); b && !name.empty())
                out.adapterQos[name] = *b;
            auto flow = get(r, { "OperationalFlowControl" });
            if (!flow.empty() && !name.empty()) {
                std::vector<int> on;
                // "Priority 3 Enabled", "Priorities 3,5 Enabled", "All Priorities Disabled"
                auto w = splitWords(flow, " \n");
                if (w.size() >= 3 && (w[0] == "Priority" || w[0] == "Priorities") && w.back() == "Enabled") {
                    if (auto p = priorities(w[1]))
                        on = *p;
                    else
                        warnings.add(n, "OperationalFlowControl '" + excerpt(flow) + "' not understood");
                } else if (lower(flow).find("disabled") == std::string::npos) {
                    warnings.add(n, "OperationalFlowControl '" + excerpt(flow) + "' not understood");
                }
                out.operationalPfc[name] = on;
            }
        } else if (cmdlet == "get-netqosflowcontrol") {
            auto prio = toInt(get(r, { "Priority", "Name" }));
            auto b = boolOf(get(r, { "Enabled" }));
            if (!prio || !b || *prio < 0 || *prio > 7) {
                warnings.add(n, "Get-NetQosFlowControl: record without Priority/Enabled");
                continue;
            }
            if (!out.pfcEnabled)
                out.pfcEnabled = std::vector<int> {};
            if (*b)
                out.pfcEnabled->push_back(*prio);
        } else if (cmdlet == "get-netqosdcbxsetting") {
            if (auto b = boolOf(get(r, { "Willing" })))
                out.willing = b;
        } else if (cmdlet == "get-netqostrafficclass") {
            WindowsQos::TrafficClass tc;
            tc.name = name;
            tc.algorithm = get(r, { "Algorithm" });
            auto bw = get(r, { "Bandwidth(%)", "Bandwidth", "BandwidthPercentage" });
            tc.bandwidth = toInt(bw.substr(0, bw.find('%')));
            if (auto p = priorities(get(r, { "Priority" })))
                tc.priorities = *p;
            else
                warnings.add(n, "Get-NetQosTrafficClass: priorities of '" + excerpt(name) + "' not read");
            out.classes.push_back(std::move(tc));
        } else if (cmdlet == "get-netqospolicy") {
            auto pv = toInt(get(r, { "PriorityValue", "PriorityValue8021Action" }));
            if (!pv)
                continue;
            out.policyPriority[name] = *pv;
            auto port = get(r, { "NetDirectPortMatchCondition", "NetDirectPort" });
            if (port == "445" || get(r, { "Template" }) == "SMB" || get(r, { "Template" }) == "SMBDirect")
                out.smbPriority = pv;
        } else if (cmdlet == "get-smbclientnetworkinterface") {
            auto friendly = get(r, { "Friendly Name", "FriendlyName" });
            auto rdma = boolOf(get(r, { "RDMA Capable", "RdmaCapable", "Capable" }));
            if (rdma && !friendly.empty())
                out.smbRdmaCapable[friendly] = *rdma;
            else if (rdma && !name.empty())
                out.smbRdmaCapable[name] = *rdma;
        }
    }
    return warnings.take();
}

} // namespace rp

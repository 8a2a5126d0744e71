// SPDX-License-Identifier: GPL-3.0-or-later
// Switch show outputs into SwitchPortQos, for the fragment importer. Layouts written from the vendors'
// documentation (SONiC Command-Reference: `show pfc priority`, `show pfc counters`, `show pfcwd stats`; SONiC
// config_db schema: PORT_QOS_MAP, DSCP_TO_TC_MAP; Cisco NX-OS `show interface priority-flow-control`), not from
// a device: no switch runs here. NX-OS `show queuing interface` and SONiC's log have their own readers
// (switch_queuing.cpp, switch_log.cpp).
#include "parse/switch_show.h"

#include "parse/parsehelpers.h"
#include "parse/switch_config.h"
#include "parse/switch_log.h"
#include "parse/switch_queuing.h"
#include "util/text.h"

#include <algorithm>

namespace rp {

using namespace parse_detail;

namespace {

SwitchPortQos& portNamed(std::vector<SwitchPortQos>& ports, const std::string& sw, const std::string& vendor,
    const std::string& name, int line)
{
    for (auto& p : ports)
        if (p.switchName == sw && p.port == name)
            return p;
    SwitchPortQos p;
    p.switchName = sw;
    p.vendor = vendor;
    p.port = name;
    p.line = line;
    ports.push_back(std::move(p));
    return ports.back();
}

std::optional<std::vector<int>> priorityList(std::string_view s, bool& ok)
{
    std::vector<int> out;
    ok = true;
    s = trim(s);
    if (s.empty() || s == "N/A" || s == "none")
        return out;
    for (auto w : splitWords(s, ", ")) {
        auto v = toInt(w);
        if (!v || *v < 0 || *v > 7) {
            ok = false;
            return std::nullopt;
        }
        out.push_back(*v);
    }
    std::sort(out.begin(), out.end());
    return out;
}

} // namespace

bool isSwitchShowCommand(std::string_view command)
{
    auto c = lower(command);
    return c.starts_with("show pfc ") || c.starts_with("show pfcwd ") || c == "show interface priority-flow-control"
        || c.starts_with("show interface priority-flow-control") || c.starts_with("sonic-cfggen")
        || c.find("config_db.json") != std::string::npos || isSwitchConfigCommand(command)
        || isNxosQueuingCommand(command) || isSonicLogCommand(command);
}

std::string impliedSwitchCommand(std::string_view trimmedLine)
{
    return startsNxosQueuing(trimmedLine) ? std::string("show queuing interface") : std::string();
}

std::vector<ParseWarning> parseSwitchShow(std::string_view command,
    const std::vector<std::pair<int, std::string_view>>& lines, const std::string& switchName,
    std::vector<SwitchPortQos>& out, const std::string& vendorHint)
{
    Warnings warnings;
    auto c = lower(command);
    if (isNxosQueuingCommand(command))
        return parseNxosQueuing(command, lines, switchName, out);
    if (isSonicLogCommand(command))
        return parseSonicLog(command, lines, out, true); // each line names its switch
    if (isSwitchConfigCommand(command) && !c.starts_with("show pfc ") && !c.starts_with("show pfcwd "))
        return parseSwitchConfig(command, lines, switchName, out, vendorHint);
    auto words = [](std::string_view t) { return splitWords(t); };
    if (c.starts_with("show pfc priority")) {
        // Interface    Lossless priorities / Ethernet0    3,4
        for (auto [n, raw] : lines) {
            auto t = trim(raw);
            auto w = words(t);
            if (t.empty() || isRule(t) || (w.size() >= 1 && w[0] == "Interface"))
                continue;
            bool ok = true;
            auto list = priorityList(w.size() >= 2 ? t.substr(w[0].size()) : std::string_view(), ok);
            if (w.empty() || !ok) {
                warnings.add(n, "show pfc priority: unreadable row '" + excerpt(t) + "'; not used");
                continue;
            }
            portNamed(out, switchName, "sonic", std::string(w[0]), n).pfcPriorities = list;
        }
    } else if (c.starts_with("show pfc counters")) {
        // "Port Rx PFC0..PFC7" table, then "Port Tx PFC0..PFC7".
        enum { None, Rx, Tx } table = None;
        for (auto [n, raw] : lines) {
            auto t = trim(raw);
            auto w = words(t);
            if (t.empty() || isRule(t))
                continue;
            if (w.size() >= 2 && w[0] == "Port" && (w[1] == "Rx" || w[1] == "Tx")) {
                table = w[1] == "Rx" ? Rx : Tx;
                continue;
            }
            if (table == None || w.size() != 9) {
                warnings.add(n, "show pfc counters: unreadable row '" + excerpt(t) + "'; not used");
                continue;
            }
            auto& p = portNamed(out, switchName, "sonic", std::string(w[0]), n);
            // A second read of the same port: the first is kept, so rules see the change, not totals.
            auto& counters = table == Rx ? p.pfcRx : p.pfcTx;
            auto& first = table == Rx ? p.pfcRxFirst : p.pfcTxFirst;
            if (!counters.empty() && first.empty())
                first = counters;
            for (int prio = 0; prio < 8; ++prio) {
                std::string v(w[static_cast<std::size_t>(prio) + 1]);
                v.erase(std::remove(v.begin(), v.end(), ','), v.end());
                auto x = toInt(v);
                if (!x || *x < 0) {
                    warnings.add(n, "show pfc counters: '" + excerpt(v) + "' is not a count");
                    continue;
                }
                (table == Rx ? p.pfcRx : p.pfcTx)[prio] = static_cast<std::uint64_t>(*x);
            }
        }
    } else if (c.starts_with("show pfcwd stats")) {
        // QUEUE  STATUS  STORM DETECTED/RESTORED ... / Ethernet0:3  operational  1/1 ...
        for (auto [n, raw] : lines) {
            auto t = trim(raw);
            auto w = words(t);
            if (t.empty() || isRule(t) || (!w.empty() && w[0] == "QUEUE"))
                continue;
            auto colon = w.empty() ? std::string_view::npos : w[0].find(':');
            auto storm = w.size() >= 3 ? w[2].find('/') : std::string_view::npos;
            auto detected = storm != std::string_view::npos ? toInt(w[2].substr(0, storm)) : std::nullopt;
            if (colon == std::string_view::npos || !detected || *detected < 0) {
                warnings.add(n, "show pfcwd stats: unreadable row '" + excerpt(t) + "'; not used");
                continue;
            }
            auto& p = portNamed(out, switchName, "sonic", std::string(w[0].substr(0, colon)), n);
            p.watchdogStorms = p.watchdogStorms.value_or(0) + static_cast<std::uint64_t>(*detected);
        }
    } else if (c.starts_with("show interface priority-flow-control")) {
        // Port  Mode Oper(VL bmap)  RxPPP  TxPPP / Ethernet1/1  Auto On (8)  0  0
        for (auto [n, raw] : lines) {
            auto t = trim(raw);
            auto w = words(t);
            if (t.empty() || isRule(t) || (!w.empty() && w[0] == "Port"))
                continue;
            if (w.size() < 3 || (w[2] != "On" && w[2] != "Off")) {
                warnings.add(n, "show interface priority-flow-control: unreadable row '" + excerpt(t) + "'; not used");
                continue;
            }
            auto& p = portNamed(out, switchName, "nxos", std::string(w[0]), n);
            p.pfcOperational = w[2] == "On";
        }
    } else {
        // config_db.json (or sonic-cfggen -d --print-data): PORT_QOS_MAP pfc_enable + DSCP_TO_TC_MAP.
        std::string text;
        int first = lines.empty() ? 0 : lines.front().first;
        for (auto [n, raw] : lines) {
            text += raw;
            text += '\n';
        }
        auto doc = nlohmann::json::parse(text, nullptr, false);
        if (doc.is_discarded() || !doc.is_object()) {
            warnings.add(first, "config_db: not a JSON object; not used");
            return warnings.take();
        }
        std::map<std::string, std::map<int, int>> maps;
        if (auto it = doc.find("DSCP_TO_TC_MAP"); it != doc.end() && it->is_object())
            for (auto& [name, m] : it->items())
                if (m.is_object())
                    for (auto& [k, v] : m.items()) {
                        auto d = toInt(k);
                        auto tc = v.is_string() ? toInt(v.get<std::string>()) : std::nullopt;
                        if (d && tc)
                            maps[name][*d] = *tc;
                    }
        // BUFFER_PG "Ethernet0|3-4": {"profile": "[BUFFER_PROFILE|pg_lossless_100000_5m_profile]"} (or the bare
        // profile name): the priority groups with a lossless profile get headroom.
        if (auto it = doc.find("BUFFER_PG"); it != doc.end() && it->is_object()) {
            for (auto& [key, v] : it->items()) {
                auto bar = key.find('|');
                auto profile = v.is_object() ? jsonString(v, "profile") : std::nullopt;
                if (bar == std::string::npos || !profile)
                    continue;
                auto& p = portNamed(out, switchName, "sonic", key.substr(0, bar), first);
                if (!p.losslessBufferPriorities)
                    p.losslessBufferPriorities = std::vector<int> {};
                if (lower(*profile).find("lossless") == std::string::npos)
                    continue;
                std::string range = key.substr(bar + 1);
                auto dash = range.find('-');
                auto a = toInt(range.substr(0, dash));
                auto b = dash == std::string::npos ? a : toInt(range.substr(dash + 1));
                if (!a || !b || *a < 0 || *b > 7 || *a > *b) {
                    warnings.add(first, "config_db: BUFFER_PG key '" + excerpt(key) + "' unreadable");
                    continue;
                }
                for (int x = *a; x <= *b; ++x)
                    p.losslessBufferPriorities->push_back(x);
            }
        }
        if (auto it = doc.find("PORT_QOS_MAP"); it != doc.end() && it->is_object()) {
            for (auto& [port, q] : it->items()) {
                if (!q.is_object())
                    continue;
                auto& p = portNamed(out, switchName, "sonic", port, first);
                if (auto pe = jsonString(q, "pfc_enable")) {
                    bool ok = true;
                    auto list = priorityList(*pe, ok);
                    if (ok)
                        p.pfcPriorities = list;
                    else
                        warnings.add(
                            first, "config_db: PORT_QOS_MAP " + port + " pfc_enable '" + excerpt(*pe) + "' unreadable");
                }
                if (auto dm = jsonString(q, "dscp_to_tc_map")) {
                    auto name = *dm;
                    // "[DSCP_TO_TC_MAP|AZURE]" (older) or "AZURE"
                    if (auto bar = name.find('|'); bar != std::string::npos)
                        name = name.substr(bar + 1, name.size() - bar - 1 - (name.ends_with("]") ? 1 : 0));
                    if (maps.count(name)) {
                        p.dscpToTc = maps[name];
                        p.trust = "dscp";
                    }
                }
            }
        }
    }
    return warnings.take();
}

} // namespace rp

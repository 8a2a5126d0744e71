// SPDX-License-Identifier: GPL-3.0-or-later
// LLDP neighbour tables (see lldp.h). lldpctl's JSON turns a single element into an object and several into an
// array (interface, chassis), so every level is read both ways.
#include "parse/lldp.h"

#include "parse/parsehelpers.h"
#include "parse/switch_config.h"
#include "util/text.h"

#include <cctype>

namespace rp {

using namespace parse_detail;

namespace {

using Lines = std::vector<std::pair<int, std::string_view>>;

/// "ifname swp1", "local Ethernet1", "mac 00:..": the value after the type word.
std::string idValue(std::string_view v)
{
    auto w = splitWords(v);
    if (w.size() >= 2 && (w[0] == "ifname" || w[0] == "local" || w[0] == "mac" || w[0] == "ifalias"))
        return std::string(trim(v.substr(v.find(w[1]))));
    return std::string(trim(v));
}

void fromJson(const nlohmann::json& doc, int line, const std::string& local, std::string_view command,
    std::vector<LldpNeighbor>& out, Warnings& warnings)
{
    auto lldp = doc.find("lldp");
    if (lldp == doc.end() || !lldp->is_object()) {
        warnings.add(line, "lldpctl -f json: no \"lldp\" object; not used");
        return;
    }
    auto itfs = lldp->find("interface");
    if (itfs == lldp->end())
        return; // no neighbours
    std::vector<std::pair<std::string, const nlohmann::json*>> list;
    auto collect = [&](const nlohmann::json& o) {
        if (o.is_object())
            for (auto& [name, v] : o.items())
                list.emplace_back(name, &v);
    };
    if (itfs->is_array())
        for (const auto& e : *itfs)
            collect(e);
    else
        collect(*itfs);
    for (const auto& [name, v] : list) {
        if (!v->is_object())
            continue;
        LldpNeighbor n;
        n.local = local;
        n.localPort = name;
        n.command = std::string(command);
        n.line = line;
        if (auto ch = v->find("chassis"); ch != v->end() && ch->is_object()) {
            // {"leaf1": {"id": ...}} (keyed by the system name) or {"id": ..., "name": ...}
            if (auto nm = jsonString(*ch, "name"))
                n.remote = *nm;
            else
                for (auto& [k, c] : ch->items())
                    if (c.is_object() && k != "id")
                        n.remote = k;
        }
        if (auto port = v->find("port"); port != v->end() && port->is_object()) {
            if (auto id = port->find("id"); id != port->end() && id->is_object())
                if (auto value = jsonString(*id, "value"))
                    n.remotePort = *value;
            if (auto d = jsonString(*port, "descr");
                d && (n.remotePort.empty() || n.remotePort.find(':') != std::string::npos))
                n.remotePort = *d; // a MAC as port id: the description names the port
        }
        if (n.remote.empty() || n.remotePort.empty()) {
            warnings.add(line, "lldpctl: neighbour on " + name + " without a system name or port; not used");
            continue;
        }
        out.push_back(std::move(n));
    }
}

void lldpctlText(const Lines& lines, const std::string& local, std::string_view command, std::vector<LldpNeighbor>& out,
    Warnings& warnings)
{
    std::optional<LldpNeighbor> cur;
    auto flush = [&] {
        if (cur && !cur->remote.empty() && !cur->remotePort.empty())
            out.push_back(*cur);
        else if (cur)
            warnings.add(cur->line, "lldpctl: neighbour on " + cur->localPort + " without a system name or port");
        cur.reset();
    };
    for (auto [n, raw] : lines) {
        auto t = trim(raw);
        auto kv = splitKeyValue(t);
        if (t.empty() || isRule(t) || !kv)
            continue;
        if (kv->first == "Interface") {
            flush();
            cur = LldpNeighbor { local, std::string(trim(kv->second.substr(0, kv->second.find(',')))), {}, {},
                std::string(command), n, {} };
        } else if (cur && kv->first == "SysName") {
            cur->remote = std::string(kv->second);
        } else if (cur && kv->first == "PortID") {
            cur->remotePort = idValue(kv->second);
        } else if (cur && kv->first == "PortDescr" && cur->remotePort.find(':') != std::string::npos) {
            cur->remotePort = std::string(kv->second);
        }
    }
    flush();
}

/// lldptool -t -n -i IF: "Port ID TLV" / "\tIfname: swp1", "System Name TLV" / "\tleaf1".
void lldptoolNeighbor(const Lines& lines, const std::string& local, std::string_view command,
    std::vector<LldpNeighbor>& out, Warnings& warnings)
{
    LldpNeighbor nb { local, {}, {}, {}, std::string(command), lines.empty() ? 0 : lines.front().first, {} };
    auto words = splitWords(command);
    for (std::size_t i = 0; i + 1 < words.size(); ++i)
        if (words[i] == "-i")
            nb.localPort = std::string(words[i + 1]);
    std::string tlv;
    for (auto [n, raw] : lines) {
        auto t = trim(raw);
        if (t.empty())
            continue;
        if (t.ends_with(" TLV")) {
            tlv = std::string(t);
            continue;
        }
        if (tlv == "Port ID TLV" && nb.remotePort.empty()) {
            // "Ifname: swp1", "Local: Ethernet1", "MAC: 00:11:..": the value after the first colon.
            auto kv = splitKeyValue(t);
            nb.remotePort = std::string(kv ? kv->second : t);
        } else if (tlv == "Port Description TLV" && nb.remotePort.find(':') != std::string::npos) {
            nb.remotePort = std::string(t);
        } else if (tlv == "System Name TLV" && nb.remote.empty()) {
            nb.remote = std::string(t);
        }
    }
    if (nb.localPort.empty() || nb.remote.empty() || nb.remotePort.empty()) {
        warnings.add(nb.line, "lldptool -n: no interface (-i), system name or port id; not used");
        return;
    }
    out.push_back(std::move(nb));
}

/// EOS "Port  Neighbor Device ID  Neighbor Port ID  TTL" and NX-OS "Device ID  Local Intf  Hold-time  Capability
/// Port ID": columns located by the header words.
void showLldpNeighbors(const Lines& lines, const std::string& local, std::string_view command,
    std::vector<LldpNeighbor>& out, Warnings& warnings)
{
    enum { None, Eos, Nxos } layout = None;
    for (auto [n, raw] : lines) {
        auto t = trim(raw);
        auto w = splitWords(t);
        if (t.empty() || isRule(t))
            continue;
        if (w.size() >= 4 && w[0] == "Port" && w[1] == "Neighbor") {
            layout = Eos;
            continue;
        }
        if (w.size() >= 4 && w[0] == "Device" && w[1] == "ID" && w[2] == "Local") {
            layout = Nxos;
            continue;
        }
        if (layout == None || t.starts_with("Total entries"))
            continue;
        if (layout == Eos && w.size() >= 3) {
            out.push_back(
                { local, longPortName(w[0]), std::string(w[1]), std::string(w[2]), std::string(command), n, {} });
        } else if (layout == Nxos && w.size() >= 4) {
            // Device ID, Local Intf, Hold-time, Capability (may be empty), Port ID (last).
            out.push_back(
                { local, longPortName(w[1]), std::string(w[0]), std::string(w.back()), std::string(command), n, {} });
        } else {
            warnings.add(n, "show lldp neighbors: unreadable row '" + excerpt(t) + "'; not used");
        }
    }
}

} // namespace

std::string longPortName(std::string_view name)
{
    auto l = lower(name);
    if (l.starts_with("eth") && !l.starts_with("ethernet") && name.size() > 3
        && std::isdigit(static_cast<unsigned char>(name[3])))
        return "Ethernet" + std::string(name.substr(3));
    return eosLongPortName(name);
}

bool isLldpCommand(std::string_view command)
{
    auto c = lower(trim(command));
    if (c.starts_with("sudo "))
        c = c.substr(5);
    return c.starts_with("lldpctl")
        || (c.starts_with("lldptool") && c.find(" -n") != std::string::npos && c.find(" -v") == std::string::npos)
        || c.starts_with("show lldp neighbors") || c.starts_with("show lldp neighbor ");
}

std::vector<ParseWarning> parseLldp(
    std::string_view command, const Lines& lines, const std::string& local, std::vector<LldpNeighbor>& out)
{
    Warnings warnings;
    auto c = lower(trim(command));
    if (c.starts_with("sudo "))
        c = c.substr(5);
    if (c.starts_with("lldpctl")) {
        std::string text;
        for (auto [n, raw] : lines)
            text += std::string(raw) + "\n";
        auto first = trim(text);
        if (!first.empty() && first.front() == '{') {
            auto doc = nlohmann::json::parse(text, nullptr, false);
            if (doc.is_discarded() || !doc.is_object())
                warnings.add(lines.front().first, "lldpctl -f json: not a JSON object; not used");
            else
                fromJson(doc, lines.front().first, local, command, out, warnings);
        } else {
            lldpctlText(lines, local, command, out, warnings);
        }
    } else if (c.starts_with("lldptool")) {
        lldptoolNeighbor(lines, local, command, out, warnings);
    } else {
        showLldpNeighbors(lines, local, command, out, warnings);
    }
    return warnings.take();
}

} // namespace rp

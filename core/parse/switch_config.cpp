// SPDX-License-Identifier: GPL-3.0-or-later
// Vendor running configurations and QoS show outputs into SwitchPortQos (see switch_config.h). Layouts from the
// vendors' documentation as the field guide §3 quotes it (Cumulus Linux 5.x RoCE page: `nv show qos roce`, the
// NVUE operational/applied table, `nv set qos ...` forms; Arista EOS manual and the AVD qos-profile template:
// `qos profile`, `priority-flow-control priority N no-drop`, `qos map dscp`, `show priority-flow-control`,
// `show qos interfaces`; Dell OS10 template of Azure Local: trust maps, network-qos policies with `pfc-cos`;
// Juniper CoS docs: congestion-notification-profile, `show class-of-service congestion-notification`; the ROCm
// QFX example), not from a device. Where a layout varies between releases the parser reads columns by their
// header words and the values by their shape, not by position.
#include "parse/switch_config.h"

#include "parse/parsehelpers.h"
#include "util/text.h"

#include <algorithm>
#include <map>
#include <set>

namespace rp {

using namespace parse_detail;

SwitchPortQos& parse_detail::portNamed(std::vector<SwitchPortQos>& ports, const std::string& sw,
    const std::string& vendor, const std::string& name, int line, std::string_view command)
{
    for (auto& p : ports)
        if (p.switchName == sw && p.port == name) {
            if (p.vendor.empty())
                p.vendor = vendor;
            return p;
        }
    SwitchPortQos p;
    p.switchName = sw;
    p.vendor = vendor;
    p.port = name;
    p.line = line;
    p.command = std::string(command);
    ports.push_back(std::move(p));
    return ports.back();
}

namespace {

using Lines = std::vector<std::pair<int, std::string_view>>;

/// "0-2,4-6", "3,4", "3 4", "[ 3 4 ]": the numbers in [lo, hi]; nullopt on anything else.
std::optional<std::vector<int>> numberList(std::string_view s, int lo, int hi)
{
    std::vector<int> out;
    for (auto w : splitWords(s, ", []")) {
        auto dash = w.find('-');
        auto a = toInt(dash == std::string_view::npos ? w : w.substr(0, dash));
        auto b = dash == std::string_view::npos ? a : toInt(w.substr(dash + 1));
        if (!a || !b || *a < lo || *b > hi || *a > *b)
            return std::nullopt;
        for (int v = *a; v <= *b; ++v)
            out.push_back(v);
    }
    std::sort(out.begin(), out.end());
    out.erase(std::unique(out.begin(), out.end()), out.end());
    return out;
}

/// Junos code points are bit strings: "011" -> 3, "011010" -> 26.
std::optional<int> bitsValue(std::string_view s)
{
    if (s.empty() || s.size() > 6 || s.find_first_not_of("01") != std::string_view::npos)
        return std::nullopt;
    return toInt(s, 2);
}

/// Ports that carry no host traffic: management, loopbacks, SVIs.
bool isInfrastructurePort(std::string_view name)
{
    auto l = lower(name);
    for (auto prefix :
        { "management", "mgmt", "loopback", "lo", "vlan", "eth0", "tunnel", "nve", "me0", "em0", "fxp0", "irb", "vme" })
        if (l.starts_with(prefix))
            return true;
    return false;
}

// ---- indented configurations (EOS, NX-OS, OS10) ----

struct Node
{
    std::string_view text;
    int line = 0;
    std::vector<Node> kids;
};

std::vector<Node> indentTree(const Lines& lines)
{
    std::vector<Node> roots;
    std::vector<std::pair<std::size_t, Node*>> stack;
    for (auto [n, raw] : lines) {
        auto t = trim(raw);
        if (t.empty() || t.front() == '!' || t == "end" || t == "exit" || t.front() == '#')
            continue;
        std::size_t indent = raw.find_first_not_of(" \t");
        while (!stack.empty() && stack.back().first >= indent)
            stack.pop_back();
        auto& list = stack.empty() ? roots : stack.back().second->kids;
        list.push_back(Node { t, n, {} });
        // Pointers into vectors that grow stay valid only for the newest element of each level, which is all
        // the stack ever holds.
        stack.emplace_back(indent, &list.back());
    }
    return roots;
}

bool hasWords(std::string_view t, std::string_view prefix)
{
    return t == prefix || (t.starts_with(prefix) && t.size() > prefix.size() && t[prefix.size()] == ' ');
}

std::string lastWord(std::string_view t)
{
    auto w = splitWords(t);
    return w.empty() ? std::string() : std::string(w.back());
}

void eosConfig(const std::vector<Node>& roots, const std::string& sw, std::string_view command,
    std::vector<SwitchPortQos>& out, Warnings& warnings)
{
    struct Pfc
    {
        bool on = false;
        bool any = false;
        std::vector<int> prios;
        std::optional<std::string> trust;
    };
    std::map<std::string, Pfc> profiles;
    std::map<int, int> dscpMap;
    auto readPfc = [&](const Node& k, Pfc& p) {
        auto w = splitWords(k.text);
        if (k.text == "priority-flow-control on") {
            p.on = p.any = true;
        } else if (k.text == "no priority-flow-control") {
            p.any = true;
            p.on = false;
        } else if (w.size() == 4 && w[0] == "priority-flow-control" && w[1] == "priority" && w[3] == "no-drop") {
            auto v = toInt(w[2]);
            if (v && *v >= 0 && *v <= 7) {
                p.prios.push_back(*v);
                p.any = true;
            } else {
                warnings.add(k.line, "EOS: priority '" + excerpt(w[2]) + "' is not 0..7; not used");
            }
        } else if (w.size() == 3 && w[0] == "qos" && w[1] == "trust") {
            p.trust = w[2] == "cos" ? "pcp" : std::string(w[2]);
        }
    };
    for (const auto& r : roots) {
        auto w = splitWords(r.text);
        if (w.size() == 3 && w[0] == "qos" && w[1] == "profile") {
            auto& p = profiles[std::string(w[2])];
            for (const auto& k : r.kids)
                readPfc(k, p);
        } else if (w.size() >= 6 && w[0] == "qos" && w[1] == "map" && w[2] == "dscp"
            && w[w.size() - 2] == "traffic-class") {
            auto tc = toInt(w.back());
            std::string list;
            for (std::size_t i = 3; i + 3 < w.size(); ++i)
                list += std::string(w[i]) + " ";
            auto ds = numberList(list, 0, 63);
            if (!tc || !ds || w[w.size() - 3] != "to") {
                warnings.add(r.line, "EOS: unreadable '" + excerpt(r.text) + "'; not used");
                continue;
            }
            for (int d : *ds)
                dscpMap[d] = *tc;
        }
    }
    for (const auto& r : roots) {
        auto w = splitWords(r.text);
        if (w.size() != 2 || w[0] != "interface" || isInfrastructurePort(w[1]))
            continue;
        Pfc own;
        std::optional<int> mtu;
        std::string profile;
        for (const auto& k : r.kids) {
            readPfc(k, own);
            auto kw = splitWords(k.text);
            if (kw.size() == 2 && kw[0] == "mtu")
                mtu = toInt(kw[1]);
            if (kw.size() == 2 && kw[0] == "service-profile")
                profile = std::string(kw[1]);
        }
        Pfc eff;
        if (auto it = profiles.find(profile); it != profiles.end())
            eff = it->second;
        else if (!profile.empty())
            warnings.add(r.line, "EOS: " + std::string(w[1]) + " uses qos profile " + profile + ", not in the text");
        if (own.any) {
            eff.on = own.on || (eff.on && !own.prios.empty());
            eff.any = true;
            eff.prios.insert(eff.prios.end(), own.prios.begin(), own.prios.end());
        }
        if (own.trust)
            eff.trust = own.trust;
        if (!eff.any && !eff.trust && !mtu)
            continue; // an unconfigured port: nothing it says about RoCE
        auto& p = portNamed(out, sw, "eos", std::string(w[1]), r.line, command);
        if (eff.any) {
            std::sort(eff.prios.begin(), eff.prios.end());
            eff.prios.erase(std::unique(eff.prios.begin(), eff.prios.end()), eff.prios.end());
            p.pfcPriorities = eff.on ? eff.prios : std::vector<int> {};
        }
        if (eff.trust)
            p.trust = eff.trust;
        if (mtu)
            p.mtu = mtu;
        if (!dscpMap.empty() && (eff.any || eff.trust)) {
            p.dscpToTc = dscpMap;
            p.dscpMapPartial = true;
        }
    }
}

/// NX-OS: class-maps (match dscp / cos) -> qos policy (set qos-group) -> system network-qos (pause pfc-cos).
void nxosConfig(const std::vector<Node>& roots, const std::string& sw, std::string_view command,
    std::vector<SwitchPortQos>& out, Warnings& warnings)
{
    std::map<std::string, std::pair<std::string, std::vector<int>>> classMatch; // name -> dscp|cos, values
    std::map<std::string, std::map<std::string, int>> qosPolicies; // policy -> class -> qos-group
    std::map<std::string, std::vector<int>> nqPolicies; // network-qos policy -> pfc-cos
    std::string systemNq;
    std::set<std::string> systemQos;
    for (const auto& r : roots) {
        auto w = splitWords(r.text);
        if (w.size() >= 4 && w[0] == "class-map" && w[1] == "type" && w[2] == "qos") {
            for (const auto& k : r.kids) {
                auto kw = splitWords(k.text);
                if (kw.size() >= 3 && kw[0] == "match" && (kw[1] == "dscp" || kw[1] == "cos")) {
                    std::string list;
                    for (std::size_t i = 2; i < kw.size(); ++i)
                        list += std::string(kw[i]) + " ";
                    if (auto v = numberList(list, 0, kw[1] == "dscp" ? 63 : 7))
                        classMatch[std::string(w.back())] = { std::string(kw[1]), *v };
                    else
                        warnings.add(k.line, "NX-OS: unreadable '" + excerpt(k.text) + "'; not used");
                }
            }
        } else if (w.size() == 5 && w[0] == "policy-map" && w[1] == "type" && w[2] == "qos") {
            auto& pol = qosPolicies[std::string(w[3] == "match-any" || w[3] == "match-all" ? w[4] : w[3])];
            for (const auto& c : r.kids) {
                auto cw = splitWords(c.text);
                if (cw.size() < 2 || cw[0] != "class")
                    continue;
                for (const auto& k : c.kids)
                    if (hasWords(k.text, "set qos-group"))
                        if (auto g = toInt(lastWord(k.text)))
                            pol[std::string(cw.back())] = *g;
            }
        } else if (w.size() == 4 && w[0] == "policy-map" && w[1] == "type" && w[2] == "qos") {
            auto& pol = qosPolicies[std::string(w[3])];
            for (const auto& c : r.kids) {
                auto cw = splitWords(c.text);
                if (cw.size() < 2 || cw[0] != "class")
                    continue;
                for (const auto& k : c.kids)
                    if (hasWords(k.text, "set qos-group"))
                        if (auto g = toInt(lastWord(k.text)))
                            pol[std::string(cw.back())] = *g;
            }
        } else if (w.size() == 4 && w[0] == "policy-map" && w[1] == "type" && w[2] == "network-qos") {
            auto& prios = nqPolicies[std::string(w[3])];
            for (const auto& c : r.kids)
                for (const auto& k : c.kids)
                    if (hasWords(k.text, "pause pfc-cos")) {
                        auto v = numberList(k.text.substr(std::string_view("pause pfc-cos").size()), 0, 7);
                        if (v)
                            prios.insert(prios.end(), v->begin(), v->end());
                        else
                            warnings.add(k.line, "NX-OS: unreadable '" + excerpt(k.text) + "'; not used");
                    }
        } else if (r.text == "system qos") {
            for (const auto& k : r.kids) {
                auto kw = splitWords(k.text);
                if (kw.size() >= 4 && kw[0] == "service-policy" && kw[2] == "network-qos")
                    systemNq = std::string(kw.back());
                if (kw.size() >= 4 && kw[0] == "service-policy" && kw[2] == "qos")
                    systemQos.insert(std::string(kw.back()));
            }
        }
    }
    auto policyState = [&](const std::string& policy, std::map<int, int>& dscp, std::optional<std::string>& trust) {
        auto it = qosPolicies.find(policy);
        if (it == qosPolicies.end())
            return;
        for (const auto& [cls, group] : it->second) {
            auto m = classMatch.find(cls);
            if (m == classMatch.end())
                continue;
            trust = m->second.first == "dscp" ? "dscp" : "pcp";
            if (m->second.first == "dscp")
                for (int d : m->second.second)
                    dscp[d] = group;
        }
    };
    std::optional<std::vector<int>> pfc;
    if (auto it = nqPolicies.find(systemNq); it != nqPolicies.end()) {
        auto v = it->second;
        std::sort(v.begin(), v.end());
        v.erase(std::unique(v.begin(), v.end()), v.end());
        pfc = v;
    }
    for (const auto& r : roots) {
        auto w = splitWords(r.text);
        if (w.size() != 2 || w[0] != "interface" || isInfrastructurePort(w[1]))
            continue;
        std::optional<int> mtu;
        std::optional<bool> pfcMode;
        std::string inPolicy;
        for (const auto& k : r.kids) {
            auto kw = splitWords(k.text);
            if (kw.size() == 2 && kw[0] == "mtu")
                mtu = toInt(kw[1]);
            if (kw.size() == 3 && kw[0] == "priority-flow-control" && kw[1] == "mode")
                pfcMode = kw[2] != "off";
            if (kw.size() >= 4 && kw[0] == "service-policy" && kw[2] == "qos" && kw[3] == "input")
                inPolicy = std::string(kw.back());
        }
        std::map<int, int> dscp;
        std::optional<std::string> trust;
        for (const auto& s : systemQos)
            policyState(s, dscp, trust);
        if (!inPolicy.empty())
            policyState(inPolicy, dscp, trust);
        if (!mtu && !pfcMode && inPolicy.empty())
            continue;
        auto& p = portNamed(out, sw, "nxos", std::string(w[1]), r.line, command);
        if (mtu)
            p.mtu = mtu;
        if (pfcMode && pfc)
            p.pfcPriorities = *pfcMode ? *pfc : std::vector<int> {};
        if (trust)
            p.trust = trust;
        if (!dscp.empty())
            p.dscpToTc = dscp;
    }
}

/// OS10: trust maps (qos-group <- dscp/dot1p), qos-map traffic-class (queue <- qos-group), network-qos policies
/// (class -> match qos-group, pfc-cos), system qos trust-map, interfaces.
void os10Config(const std::vector<Node>& roots, const std::string& sw, std::string_view command,
    std::vector<SwitchPortQos>& out, Warnings& warnings)
{
    std::map<std::string, std::pair<std::string, std::map<int, int>>> trustMaps; // name -> kind, value -> group
    std::map<std::string, std::map<int, int>> queueMaps; // name -> group -> queue
    std::map<std::string, std::vector<int>> nqPolicies;
    std::pair<std::string, std::string> systemTrust; // kind, map name
    for (const auto& r : roots) {
        auto w = splitWords(r.text);
        if (w.size() == 3 && w[0] == "trust" && (w[1] == "dscp-map" || w[1] == "dot1p-map")) {
            auto& m = trustMaps[std::string(w[2])];
            m.first = w[1] == "dscp-map" ? "dscp" : "dot1p";
            for (const auto& k : r.kids) {
                auto kw = splitWords(k.text);
                auto g = kw.size() >= 4 ? toInt(kw[1]) : std::nullopt;
                auto v = kw.size() >= 4 ? numberList(kw[3], 0, m.first == "dscp" ? 63 : 7) : std::nullopt;
                if (kw.size() < 4 || kw[0] != "qos-group" || !g || !v) {
                    warnings.add(k.line, "OS10: unreadable '" + excerpt(k.text) + "' in trust map; not used");
                    continue;
                }
                for (int x : *v)
                    m.second[x] = *g;
            }
        } else if (w.size() == 3 && w[0] == "qos-map" && w[1] == "traffic-class") {
            auto& m = queueMaps[std::string(w[2])];
            for (const auto& k : r.kids) {
                auto kw = splitWords(k.text);
                auto q = kw.size() >= 4 ? toInt(kw[1]) : std::nullopt;
                auto v = kw.size() >= 4 ? numberList(kw[3], 0, 7) : std::nullopt;
                if (kw.size() >= 4 && kw[0] == "queue" && q && v)
                    for (int g : *v)
                        m[g] = *q;
            }
        } else if (w.size() == 4 && w[0] == "policy-map" && w[2] == "network-qos") {
            auto& prios = nqPolicies[std::string(w[3])];
            for (const auto& c : r.kids)
                for (const auto& k : c.kids)
                    if (hasWords(k.text, "pfc-cos")) {
                        if (auto v = numberList(k.text.substr(7), 0, 7))
                            prios.insert(prios.end(), v->begin(), v->end());
                        else
                            warnings.add(k.line, "OS10: unreadable '" + excerpt(k.text) + "'; not used");
                    }
        } else if (r.text == "system qos") {
            for (const auto& k : r.kids) {
                auto kw = splitWords(k.text);
                if (kw.size() == 3 && kw[0] == "trust-map")
                    systemTrust = { std::string(kw[1]), std::string(kw[2]) };
            }
        }
    }
    for (const auto& r : roots) {
        auto w = splitWords(r.text);
        // "interface ethernet1/1/1" (running-configuration) or "interface ethernet 1/1/1" (typed).
        if (w.size() < 2 || w[0] != "interface")
            continue;
        std::string name = std::string(w[1]) + (w.size() == 3 ? std::string(w[2]) : std::string());
        if (isInfrastructurePort(name))
            continue;
        std::optional<int> mtu;
        std::optional<bool> pfcMode;
        std::string nq, qmap;
        auto trust = systemTrust;
        for (const auto& k : r.kids) {
            auto kw = splitWords(k.text);
            if (kw.size() == 2 && kw[0] == "mtu")
                mtu = toInt(kw[1]);
            if (k.text == "priority-flow-control mode on")
                pfcMode = true;
            if (k.text == "no priority-flow-control mode" || k.text == "priority-flow-control mode off")
                pfcMode = false;
            if (kw.size() == 5 && kw[0] == "service-policy" && kw[1] == "input" && kw[3] == "network-qos")
                nq = std::string(kw[4]);
            if (kw.size() == 3 && kw[0] == "qos-map" && kw[1] == "traffic-class")
                qmap = std::string(kw[2]);
            if (kw.size() == 3 && kw[0] == "trust-map")
                trust = { std::string(kw[1]), std::string(kw[2]) };
        }
        bool qos = pfcMode || !nq.empty() || !qmap.empty();
        if (!qos && !mtu)
            continue;
        auto& p = portNamed(out, sw, "os10", name, r.line, command);
        if (mtu)
            p.mtu = mtu;
        if (!qos)
            continue;
        std::vector<int> prios;
        if (auto it = nqPolicies.find(nq); it != nqPolicies.end())
            prios = it->second;
        else if (!nq.empty())
            warnings.add(r.line, "OS10: " + name + " uses network-qos policy " + nq + ", not in the text");
        std::sort(prios.begin(), prios.end());
        prios.erase(std::unique(prios.begin(), prios.end()), prios.end());
        p.pfcPriorities = pfcMode.value_or(false) ? prios : std::vector<int> {};
        if (!trust.first.empty()) {
            p.trust = trust.first == "dscp" ? "dscp" : "pcp";
            auto tm = trustMaps.find(trust.second);
            if (trust.first == "dscp" && tm != trustMaps.end()) {
                const auto* qm = queueMaps.count(qmap) ? &queueMaps.at(qmap) : nullptr;
                for (auto [d, g] : tm->second.second)
                    p.dscpToTc[d] = qm && qm->count(g) ? qm->at(g) : g;
            }
        }
    }
}

// ---- Junos ----

/// Brace configuration -> "set ..." lines with their line numbers; set lines pass through.
std::vector<std::pair<int, std::string>> junosSetLines(const Lines& lines, Warnings& warnings)
{
    std::vector<std::pair<int, std::string>> out;
    std::vector<std::string> path;
    bool comment = false;
    for (auto [n, raw] : lines) {
        auto t = trim(raw);
        if (comment) {
            if (auto e = t.find("*/"); e != std::string_view::npos) {
                comment = false;
                t = trim(t.substr(e + 2));
            } else {
                continue;
            }
        }
        if (t.starts_with("/*")) {
            comment = t.find("*/") == std::string_view::npos;
            continue;
        }
        if (t.empty() || t.front() == '#' || t.starts_with("## ") || t.starts_with("{master") || t.starts_with("[edit"))
            continue;
        if (t.starts_with("set ")) {
            out.emplace_back(n, std::string(t.substr(4)));
            continue;
        }
        if (t.starts_with("inactive: "))
            continue;
        // A line may hold several statements ("class CNP { loss-priority low code-points 110000; }").
        std::string cur;
        int depth = 0;
        for (char c : t) {
            if (c == '[')
                ++depth;
            if (c == ']')
                --depth;
            if (depth == 0 && (c == '{' || c == ';' || c == '}')) {
                auto stmt = std::string(trim(cur));
                cur.clear();
                if (c == '{') {
                    path.push_back(stmt);
                } else if (c == ';') {
                    std::string full;
                    for (const auto& p : path)
                        full += p + " ";
                    out.emplace_back(n, full + stmt);
                } else {
                    if (!stmt.empty()) {
                        std::string full;
                        for (const auto& p : path)
                            full += p + " ";
                        out.emplace_back(n, full + stmt);
                    }
                    if (path.empty())
                        warnings.add(n, "Junos: '}' without an open block; ignored");
                    else
                        path.pop_back();
                }
                continue;
            }
            cur += c;
        }
        if (!trim(cur).empty())
            warnings.add(n, "Junos: '" + excerpt(trim(cur)) + "' has no ';' or '{'; not used");
    }
    return out;
}

void junosConfig(const Lines& lines, const std::string& sw, std::string_view command, std::vector<SwitchPortQos>& out,
    Warnings& warnings, bool cosOnly)
{
    struct Fc
    {
        std::optional<int> queue;
        std::optional<int> pfcPriority;
    };
    std::map<std::string, Fc> fcs;
    std::map<std::string, std::pair<std::string, std::map<int, std::string>>> classifiers; // name -> kind, cp -> fc
    std::map<std::string, std::set<int>> cnpIeee; // profile -> PFC priorities (ieee input/output)
    std::map<std::string, std::set<int>> cnpDscp; // profile -> DSCP code points with pfc
    struct Itf
    {
        int line = 0;
        std::string cnp;
        std::string classifier;
        std::string classifierKind;
        std::optional<int> mtu;
    };
    std::map<std::string, Itf> itfs;
    for (auto& [n, full] : junosSetLines(lines, warnings)) {
        std::string s = full;
        if (cosOnly && !s.starts_with("class-of-service "))
            s = "class-of-service " + s;
        // "[ 011010 011000 ]" -> one token list
        auto w = splitWords(s, " []");
        auto at = [&](std::size_t i) { return i < w.size() ? w[i] : std::string_view(); };
        if (at(0) == "interfaces" && at(2) == "mtu") {
            auto& it = itfs[std::string(at(1))];
            it.line = it.line ? it.line : n;
            it.mtu = toInt(at(3));
            continue;
        }
        if (at(0) != "class-of-service")
            continue;
        if (at(1) == "forwarding-classes" && at(2) == "class") {
            auto& fc = fcs[std::string(at(3))];
            for (std::size_t i = 4; i + 1 < w.size(); ++i) {
                if (w[i] == "queue-num")
                    fc.queue = toInt(w[i + 1]);
                if (w[i] == "pfc-priority")
                    fc.pfcPriority = toInt(w[i + 1]);
            }
        } else if (at(1) == "classifiers" && (at(2) == "dscp" || at(2) == "ieee-802.1")
            && at(4) == "forwarding-class") {
            auto& c = classifiers[std::string(at(3))];
            c.first = std::string(at(2));
            auto cp = std::find(w.begin(), w.end(), "code-points");
            if (cp == w.end())
                continue;
            for (++cp; cp != w.end(); ++cp)
                if (auto v = bitsValue(*cp))
                    c.second[*v] = std::string(at(5));
                else
                    warnings.add(n, "Junos: code point '" + excerpt(*cp) + "' is not a bit string; not used");
        } else if (at(1) == "congestion-notification-profile") {
            auto name = std::string(at(2));
            auto cp = std::find(w.begin(), w.end(), "code-point");
            auto v = cp != w.end() && cp + 1 != w.end() ? bitsValue(*(cp + 1)) : std::nullopt;
            if (!v)
                continue;
            bool ieee = std::find(w.begin(), w.end(), "ieee-802.1") != w.end();
            bool pfc = std::find(w.begin(), w.end(), "pfc") != w.end();
            bool flow = std::find(w.begin(), w.end(), "flow-control-queue") != w.end();
            if (ieee && (pfc || flow))
                cnpIeee[name].insert(*v);
            else if (!ieee && pfc)
                cnpDscp[name].insert(*v);
        } else if (at(1) == "interfaces") {
            auto& it = itfs[std::string(at(2))];
            it.line = it.line ? it.line : n;
            if (at(3) == "congestion-notification-profile")
                it.cnp = std::string(at(4));
            auto cl = std::find(w.begin(), w.end(), "classifiers");
            if (cl != w.end() && cl + 2 < w.end() + 0 && cl + 2 != w.end()) {
                it.classifierKind = std::string(*(cl + 1));
                it.classifier = std::string(*(cl + 2));
            }
        }
    }
    for (auto& [name, it] : itfs) {
        if (isInfrastructurePort(name))
            continue;
        auto& p = portNamed(out, sw, "junos", name, it.line, command);
        if (it.mtu)
            p.mtu = it.mtu;
        if (!it.cnp.empty()) {
            std::set<int> prios = cnpIeee[it.cnp];
            // DSCP-based PFC pauses on the no-loss class's PFC priority.
            if (!cnpDscp[it.cnp].empty() && prios.empty()) {
                auto c = classifiers.find(it.classifier);
                for (int d : cnpDscp[it.cnp])
                    if (c != classifiers.end() && c->second.second.count(d))
                        if (auto fc = fcs.find(c->second.second.at(d)); fc != fcs.end() && fc->second.pfcPriority)
                            prios.insert(*fc->second.pfcPriority);
            }
            p.pfcPriorities = std::vector<int>(prios.begin(), prios.end());
        } else if (!it.classifier.empty()) {
            p.pfcPriorities = std::vector<int> {}; // QoS configured, no congestion-notification profile: no PFC
        }
        if (!it.classifierKind.empty())
            p.trust = it.classifierKind == "dscp" ? "dscp" : "pcp";
        if (auto c = classifiers.find(it.classifier); c != classifiers.end() && c->second.first == "dscp")
            for (const auto& [d, fcName] : c->second.second) {
                auto fc = fcs.find(fcName);
                if (fc == fcs.end())
                    continue;
                // The lossless class's PFC priority is what hosts call the class; other classes by queue.
                auto v = fc->second.pfcPriority ? fc->second.pfcPriority : fc->second.queue;
                if (v)
                    p.dscpToTc[d] = *v;
            }
    }
}

/// `show class-of-service congestion-notification`: "Type: Input, Name: cnp, Index: N" then "Priority PFC" rows.
void junosCnShow(const Lines& lines, const std::string& sw, std::string_view command, std::vector<SwitchPortQos>& out,
    Warnings& warnings)
{
    std::string profile;
    bool input = false;
    std::map<std::string, std::vector<int>> profiles;
    std::map<std::string, int> firstLine;
    for (auto [n, raw] : lines) {
        auto t = trim(raw);
        auto w = splitWords(t, " ,");
        if (t.empty() || isRule(t, "-=+ ") || (w.size() >= 2 && w[0] == "Priority"))
            continue;
        if (t.starts_with("Type:")) {
            input = t.find("Input") != std::string_view::npos;
            auto name = t.find("Name:");
            // "Name:" can end the line (a cut paste): no profile, not a read past the words
            auto named = name == std::string_view::npos ? std::vector<std::string_view> {}
                                                        : splitWords(t.substr(name + 5), " ,");
            profile = named.empty() ? std::string() : std::string(named[0]);
            if (input && !profile.empty()) {
                profiles[profile];
                firstLine.emplace(profile, n);
            }
            continue;
        }
        auto v = w.size() >= 2 ? bitsValue(w[0]) : std::nullopt;
        if (!v || (w[1] != "Enabled" && w[1] != "Disabled")) {
            if (input)
                warnings.add(n, "show class-of-service congestion-notification: unreadable row '" + excerpt(t) + "'");
            continue;
        }
        if (input && !profile.empty() && w[1] == "Enabled")
            profiles[profile].push_back(*v);
    }
    // A profile applies to the interfaces the configuration binds it to; this output does not say which, so a
    // single profile stands for every port ("*") and several are named.
    for (auto& [name, prios] : profiles) {
        auto port = profiles.size() == 1 ? std::string("*") : "(profile " + name + ")";
        auto& p = portNamed(out, sw, "junos", port, firstLine[name], command);
        std::sort(prios.begin(), prios.end());
        p.pfcPriorities = prios;
    }
}

// ---- Cumulus NVUE ----

/// The values NVUE's RoCE mode sets (Cumulus RoCE page; field guide §3.1).
struct NvueQos
{
    std::optional<std::string> mode;
    std::optional<std::vector<int>> pfc;
    std::optional<std::string> trust;
    std::map<int, int> dscpToSp;
    std::map<int, int> spToTc;
    std::map<std::string, std::optional<int>> mtu;
    std::optional<std::vector<int>> losslessPool; ///< switch priorities of the RoCE (lossless) buffer pools
};

void nvueFill(const NvueQos& q, const std::string& sw, std::string_view command, std::vector<SwitchPortQos>& out)
{
    if (q.mode || q.pfc || q.trust || !q.dscpToSp.empty()) {
        bool lossless = q.mode && q.mode->starts_with("lossless");
        auto& p = portNamed(out, sw, "cumulus", "*", 0, command);
        // What the RoCE mode implies only fills what another read (the show output) did not state.
        if (q.pfc)
            p.pfcPriorities = *q.pfc;
        else if (q.mode && !p.pfcPriorities)
            p.pfcPriorities = lossless ? std::vector<int> { 3 } : std::vector<int> {};
        if (q.trust)
            p.trust = *q.trust;
        else if (q.mode && !p.trust)
            p.trust = "dscp";
        if (q.losslessPool)
            p.losslessBufferPriorities = q.losslessPool;
        std::map<int, int> dscp = q.dscpToSp;
        if (q.mode) {
            dscp.emplace(26, 3);
            dscp.emplace(48, 6);
        }
        for (auto [d, sp] : dscp) {
            auto it = q.spToTc.find(sp);
            if (it != q.spToTc.end() || q.dscpToSp.count(d) || !p.dscpToTc.count(d))
                p.dscpToTc[d] = it != q.spToTc.end() ? it->second : (q.mode && (sp == 3 || sp == 6) ? sp : 0);
        }
        if (!dscp.empty())
            p.dscpMapPartial = true; // only the RoCE mode's and the configured entries are known
    }
    for (const auto& [port, mtu] : q.mtu)
        if (mtu && !isInfrastructurePort(port))
            portNamed(out, sw, "cumulus", port, 0, command).mtu = mtu;
}

void nvueCommands(const Lines& lines, const std::string& sw, std::string_view command, std::vector<SwitchPortQos>& out,
    Warnings& warnings)
{
    NvueQos q;
    std::vector<int> pfc;
    bool pfcSet = false;
    int first = lines.empty() ? 0 : lines.front().first;
    for (auto [n, raw] : lines) {
        auto t = trim(raw);
        if (t.starts_with("- set: "))
            t = trim(t.substr(7)); // `nv config show` in its YAML list form of commands
        else if (t.starts_with("nv set "))
            t = t.substr(7);
        else
            continue;
        auto w = splitWords(t);
        auto at = [&](std::size_t i) { return i < w.size() ? w[i] : std::string_view(); };
        if (at(0) == "qos" && at(1) == "roce") {
            q.mode = w.size() >= 4 && at(2) == "mode" ? std::string(at(3)) : std::string("lossless");
        } else if (at(0) == "qos" && at(1) == "pfc" && at(3) == "switch-priority") {
            if (auto v = numberList(at(4), 0, 7)) {
                pfc.insert(pfc.end(), v->begin(), v->end());
                pfcSet = true;
            } else {
                warnings.add(n, "NVUE: unreadable '" + excerpt(t) + "'; not used");
            }
        } else if (at(0) == "qos" && at(1) == "mapping" && at(3) == "trust") {
            auto v = lower(at(4));
            q.trust = v == "l3" ? "dscp" : v == "l2" ? "pcp" : v;
        } else if (at(0) == "qos" && at(1) == "mapping" && at(3) == "dscp" && at(5) == "switch-priority") {
            auto d = toInt(at(4));
            auto sp = toInt(at(6));
            if (d && sp)
                q.dscpToSp[*d] = *sp;
        } else if (at(0) == "qos" && at(1) == "egress-queue-mapping" && at(3) == "switch-priority"
            && at(5) == "traffic-class") {
            auto sp = toInt(at(4));
            auto tc = toInt(at(6));
            if (sp && tc)
                q.spToTc[*sp] = *tc;
        } else if (at(0) == "interface" && at(2) == "mtu") {
            q.mtu[std::string(at(1))] = toInt(at(3));
        }
    }
    if (pfcSet) {
        std::sort(pfc.begin(), pfc.end());
        q.pfc = pfc;
    }
    nvueFill(q, sw, command, out);
    for (auto& p : out)
        if (p.switchName == sw && p.line == 0)
            p.line = first;
}

/// NVUE's show table: "key  operational  applied" rows, nested keys indented, then titled sub-tables.
void nvueRoceShow(const Lines& lines, const std::string& sw, const std::string& port, std::string_view command,
    std::vector<SwitchPortQos>& out, Warnings& warnings)
{
    NvueQos q;
    std::string section;
    std::optional<std::size_t> dscpCol, spCol, tcCol, nameCol, poolSpCol;
    enum { Top, Map, Tc, Pool, Other } table = Top;
    int first = lines.empty() ? 0 : lines.front().first;
    for (auto [n, raw] : lines) {
        auto t = trim(raw);
        auto w = splitWords(t);
        if (t.empty() || isRule(t, "-=+ ") || (w.size() >= 1 && w[0] == "operational"))
            continue;
        auto lt = lower(t);
        if (lt.find("mapping") != std::string::npos && lt.find("dscp") != std::string::npos && w.size() > 2) {
            table = Map;
            continue;
        }
        if (lt.find("sp->tc") != std::string::npos
            || (lt.find("ets") != std::string::npos && w.size() > 2 && table != Top)) {
            table = Tc;
            continue;
        }
        if (table != Top && lt.find("pool") != std::string::npos && w.size() > 2) {
            table = Pool;
            nameCol = poolSpCol = std::nullopt;
            continue;
        }
        if (table == Pool) {
            // "name  mode  size  switch-priorities  traffic-class": the RoCE pools ("roce-reserved-*", lossless)
            // hold the lossless priorities.
            if (std::find(w.begin(), w.end(), "name") != w.end()) {
                for (std::size_t i = 0; i < w.size(); ++i) {
                    if (w[i] == "name")
                        nameCol = i;
                    if (w[i] == "switch-priorities")
                        poolSpCol = i;
                }
                continue;
            }
            // A row is read by both columns; a garbled header may put either one last, so check each.
            if (nameCol && poolSpCol && *poolSpCol + 1 < w.size() && *nameCol + 1 < w.size()) {
                auto name = lower(w[*nameCol + 1]);
                if (name.find("roce") != std::string::npos || name.find("lossless") != std::string::npos) {
                    auto sp = numberList(w[*poolSpCol + 1], 0, 7);
                    if (!q.losslessPool)
                        q.losslessPool = std::vector<int> {};
                    if (sp)
                        for (int x : *sp)
                            if (std::find(q.losslessPool->begin(), q.losslessPool->end(), x) == q.losslessPool->end())
                                q.losslessPool->push_back(x);
                }
            }
            continue;
        }
        if (table == Map || table == Tc) {
            // Header row: find the columns by name; data rows are read by those positions.
            if (std::find(w.begin(), w.end(), "switch-prio") != w.end()
                || std::find(w.begin(), w.end(), "dscp") != w.end()
                || std::find(w.begin(), w.end(), "traffic-class") != w.end()) {
                dscpCol = spCol = tcCol = std::nullopt;
                for (std::size_t i = 0; i < w.size(); ++i) {
                    if (w[i] == "dscp")
                        dscpCol = i;
                    if (w[i] == "switch-prio" || w[i] == "switch-priority")
                        spCol = i;
                    if (w[i] == "traffic-class")
                        tcCol = i;
                }
                continue;
            }
            // The header has a leading unnamed index column the rows carry ("0  0  0,1,2  0"): shift by one.
            auto col = [&](std::optional<std::size_t> c) -> std::string_view {
                return c && *c + 1 < w.size() ? w[*c + 1] : std::string_view();
            };
            if (table == Map && dscpCol && spCol) {
                auto sp = toInt(col(spCol));
                auto ds = numberList(col(dscpCol), 0, 63);
                if (sp && ds)
                    for (int d : *ds)
                        q.dscpToSp[d] = *sp;
                else
                    warnings.add(n, "nv show qos roce: unreadable mapping row '" + excerpt(t) + "'");
            } else if (table == Tc && spCol && tcCol) {
                auto sp = numberList(col(spCol), 0, 7);
                auto tc = toInt(col(tcCol));
                if (sp && tc)
                    for (int s : *sp)
                        q.spToTc[s] = *tc;
            }
            continue;
        }
        if (table != Top)
            continue;
        // Top table: key, then operational and applied values; the operational one is what the ASIC does.
        if (w.size() == 1) {
            section = std::string(w[0]);
            continue;
        }
        auto key = w[0];
        auto value = w[1];
        if (key == "mode")
            q.mode = std::string(value);
        else if (key == "pfc-priority" || (section == "pfc" && key == "switch-priority")) {
            if (auto v = numberList(value, 0, 7))
                q.pfc = *v;
            else
                warnings.add(n, "nv show qos roce: pfc-priority '" + excerpt(value) + "' unreadable");
        } else if (key == "trust-mode") {
            auto v = lower(value);
            q.trust = v == "pcp,dscp" || v == "both" ? "both" : v == "dscp" || v == "l3" ? "dscp" : "pcp";
        } else if (key == "enable" && value == "off") {
            q.pfc = std::vector<int> {};
        }
    }
    if (port == "*") {
        nvueFill(q, sw, command, out);
    } else {
        auto& p = portNamed(out, sw, "cumulus", port, first, command);
        if (q.pfc)
            p.pfcPriorities = q.pfc;
        if (q.trust)
            p.trust = q.trust;
    }
    for (auto& p : out)
        if (p.switchName == sw && p.line == 0)
            p.line = first;
}

// ---- EOS show outputs ----

bool isEosPort(std::string_view w)
{
    auto l = lower(w);
    return (l.starts_with("et") || l.starts_with("po") || l.starts_with("ethernet") || l.starts_with("port-channel"))
        && w.find_first_of("0123456789") != std::string_view::npos;
}

void eosPfcStatus(const Lines& lines, const std::string& sw, std::string_view command, std::vector<SwitchPortQos>& out,
    Warnings& warnings)
{
    bool activeColumn = false;
    for (auto [n, raw] : lines) {
        auto t = trim(raw);
        auto w = splitWords(t);
        if (w.empty() || isRule(t, "-=+ "))
            continue;
        if (w[0] == "Port") {
            activeColumn = std::find(w.begin(), w.end(), "Active") != w.end();
            continue;
        }
        if (!isEosPort(w[0]))
            continue; // legend lines, "The hardware supports PFC on priorities ...", "Global PFC : Enabled"
        std::optional<bool> enabled, active;
        std::vector<int> prios;
        std::size_t i = 1;
        // Status: "E A W" flags (E enabled, D disabled, A active) or Yes/No.
        for (; i < w.size(); ++i) {
            auto f = w[i];
            if (f == "E" || f == "Yes" || f == "Enabled")
                enabled = true;
            else if (f == "D" || f == "No" || f == "Disabled")
                enabled = false;
            else if (f == "A")
                active = true;
            else if (f == "W" || f == "E,A" || f == "-")
                continue;
            else
                break;
        }
        for (; i < w.size(); ++i) {
            auto v = numberList(w[i], 0, 7);
            if (!v || w[i] == "-")
                break;
            prios.insert(prios.end(), v->begin(), v->end());
        }
        if (activeColumn && i < w.size() && (w[i] == "Yes" || w[i] == "No"))
            active = w[i] == "Yes";
        if (!enabled) {
            warnings.add(n, "show priority-flow-control: no status in '" + excerpt(t) + "'; not used");
            continue;
        }
        auto& p = portNamed(out, sw, "eos", eosLongPortName(w[0]), n, command);
        std::sort(prios.begin(), prios.end());
        p.pfcPriorities = *enabled ? prios : std::vector<int> {};
        // The flags layout says "A" when PFC is active; the older one has an Active column; "Yes 3" alone does
        // not say, and then the operational state stays unknown.
        bool flags = std::find(w.begin(), w.end(), "E") != w.end();
        if (*enabled && !prios.empty() && (flags || activeColumn))
            p.pfcOperational = active.value_or(false);
    }
}

void eosPfcCounters(const Lines& lines, const std::string& sw, std::string_view command,
    std::vector<SwitchPortQos>& out, Warnings& warnings)
{
    std::optional<std::size_t> rxCol, txCol;
    for (auto [n, raw] : lines) {
        auto t = trim(raw);
        auto w = splitWords(t);
        if (w.empty() || isRule(t, "-=+ "))
            continue;
        if (w[0] == "Port") {
            rxCol = txCol = std::nullopt;
            for (std::size_t i = 0; i < w.size(); ++i) {
                auto l = lower(w[i]);
                if (l.starts_with("rx"))
                    rxCol = i;
                if (l.starts_with("tx"))
                    txCol = i;
            }
            continue;
        }
        if (!isEosPort(w[0]) || !rxCol)
            continue;
        auto rx = *rxCol < w.size() ? toInt(w[*rxCol]) : std::nullopt;
        if (!rx || *rx < 0) {
            warnings.add(n, "show priority-flow-control counters: unreadable row '" + excerpt(t) + "'; not used");
            continue;
        }
        auto& p = portNamed(out, sw, "eos", eosLongPortName(w[0]), n, command);
        if (p.pfcRxTotal && !p.pfcRxTotalFirst)
            p.pfcRxTotalFirst = p.pfcRxTotal;
        p.pfcRxTotal = static_cast<std::uint64_t>(*rx);
    }
}

void eosQosInterfaces(const Lines& lines, const std::string& sw, std::string_view command,
    std::vector<SwitchPortQos>& out, Warnings& warnings)
{
    std::string port;
    for (auto [n, raw] : lines) {
        auto t = trim(raw);
        if (t.empty())
            continue;
        if (t.back() == ':' && isEosPort(t.substr(0, t.size() - 1))) {
            port = eosLongPortName(t.substr(0, t.size() - 1));
            continue;
        }
        auto kv = splitKeyValue(t);
        if (!kv || lower(kv->first) != "trust mode")
            continue;
        if (port.empty()) {
            warnings.add(n, "show qos interfaces: trust mode before any interface; not used");
            continue;
        }
        auto v = lower(kv->second);
        auto& p = portNamed(out, sw, "eos", port, n, command);
        p.trust = v == "cos" ? "pcp" : v == "dscp" ? "dscp" : v;
    }
}

} // namespace

std::string eosLongPortName(std::string_view name)
{
    auto l = lower(name);
    if (l.starts_with("et") && !l.starts_with("ethernet") && name.size() > 2
        && std::isdigit(static_cast<unsigned char>(name[2])))
        return "Ethernet" + std::string(name.substr(2));
    if (l.starts_with("po") && !l.starts_with("port-channel") && name.size() > 2
        && std::isdigit(static_cast<unsigned char>(name[2])))
        return "Port-Channel" + std::string(name.substr(2));
    return std::string(name);
}

bool isSwitchConfigCommand(std::string_view command)
{
    auto c = lower(trim(command));
    return c.starts_with("nv show qos roce")
        || (c.starts_with("nv show interface ") && c.find(" qos roce") != std::string::npos)
        || c.starts_with("nv config show") || c.starts_with("show priority-flow-control")
        || c.starts_with("show qos interface") || c.starts_with("show running-config")
        || c.starts_with("show configuration") || c.starts_with("show class-of-service congestion-notification")
        || c.starts_with("show startup-config");
}

std::string detectConfigVendor(std::string_view command, const Lines& lines)
{
    auto c = lower(command);
    if (c.starts_with("nv ") || c.starts_with("show priority-flow-control") || c.starts_with("show qos interface"))
        return c.starts_with("nv ") ? "cumulus" : "eos";
    if (c.starts_with("show configuration") || c.starts_with("show class-of-service"))
        return "junos";
    if (c.starts_with("show running-configuration"))
        return "os10";
    int eos = 0, nxos = 0, os10 = 0, junos = 0, nvue = 0;
    for (auto [n, raw] : lines) {
        auto t = trim(raw);
        if (t.starts_with("nv set ") || t.starts_with("- set: "))
            ++nvue;
        if (t.starts_with("set class-of-service") || t.starts_with("class-of-service {")
            || t.starts_with("set interfaces"))
            ++junos;
        if (t.starts_with("qos profile ") || t.starts_with("service-profile ")
            || t.starts_with("priority-flow-control priority"))
            ++eos;
        if (t.starts_with("policy-map type network-qos") && t.find(' ', 28) == std::string_view::npos)
            ++nxos;
        if (t.starts_with("pause pfc-cos") || t.starts_with("feature ") || t.starts_with("version "))
            ++nxos;
        if (t.starts_with("trust dscp-map") || t.starts_with("trust dot1p-map") || t.starts_with("pfc-cos ")
            || t.starts_with("interface ethernet1/1/") || t.starts_with("qos-map traffic-class"))
            ++os10;
    }
    std::vector<std::pair<int, std::string>> score
        = { { eos, "eos" }, { nxos, "nxos" }, { os10, "os10" }, { junos, "junos" }, { nvue, "cumulus" } };
    std::sort(score.begin(), score.end(), [](auto& a, auto& b) { return a.first > b.first; });
    return score.front().first > 0 ? score.front().second : std::string();
}

std::vector<ParseWarning> parseSwitchConfig(std::string_view command, const Lines& lines, const std::string& switchName,
    std::vector<SwitchPortQos>& out, const std::string& vendorHint)
{
    Warnings warnings;
    auto c = lower(trim(command));
    std::string vendor = vendorHint.empty() ? detectConfigVendor(command, lines) : vendorHint;
    if (c.starts_with("nv show qos roce")) {
        nvueRoceShow(lines, switchName, "*", command, out, warnings);
    } else if (c.starts_with("nv show interface ")) {
        auto w = splitWords(c);
        auto port = w.size() > 3 ? std::string(w[3]) : std::string();
        if (c.find("counters") != std::string::npos) {
            warnings.add(lines.empty() ? 0 : lines.front().first,
                "nv show interface ... qos roce counters: not read (its layout is not in the documentation used "
                "here); the PFC and ECN counters are not judged");
        } else if (!port.empty()
            && port.find_first_not_of("abcdefghijklmnopqrstuvwxyz0123456789_.-/") == std::string::npos) {
            nvueRoceShow(lines, switchName, port, command, out, warnings);
        }
    } else if (c.starts_with("nv config show") || vendor == "cumulus") {
        nvueCommands(lines, switchName, command, out, warnings);
    } else if (c.starts_with("show priority-flow-control counters")) {
        eosPfcCounters(lines, switchName, command, out, warnings);
    } else if (c.starts_with("show priority-flow-control")) {
        eosPfcStatus(lines, switchName, command, out, warnings);
    } else if (c.starts_with("show qos interface")) {
        eosQosInterfaces(lines, switchName, command, out, warnings);
    } else if (c.starts_with("show class-of-service congestion-notification")) {
        junosCnShow(lines, switchName, command, out, warnings);
    } else if (vendor == "junos") {
        junosConfig(lines, switchName, command, out, warnings, c.find("class-of-service") != std::string::npos);
    } else if (vendor == "eos") {
        eosConfig(indentTree(lines), switchName, command, out, warnings);
    } else if (vendor == "nxos") {
        nxosConfig(indentTree(lines), switchName, command, out, warnings);
    } else if (vendor == "os10") {
        os10Config(indentTree(lines), switchName, command, out, warnings);
    } else {
        warnings.add(lines.empty() ? 0 : lines.front().first,
            "'" + excerpt(command) + "': the vendor of this configuration could not be told; not used");
    }
    return warnings.take();
}

} // namespace rp

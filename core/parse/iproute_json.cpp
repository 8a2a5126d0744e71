// SPDX-License-Identifier: GPL-3.0-or-later
// `ip [-d] [-j] link|addr show`, net-tools' ifconfig (read as `ip addr`) and /proc/net/vlan/IF.
#include "parse/parsehelpers.h"
#include "parse/parsers.h"
#include "util/command.h"
#include "util/text.h"

#include <arpa/inet.h>

#include <algorithm>
#include <bit>
#include <cstdint>
#include <map>

namespace rp {

using namespace parse_detail;

namespace {

struct NetdevList
{
    std::vector<Netdev> netdevs;
    std::map<std::string, std::string> parentOf; ///< "link"/@parent as told, applied to VLANs at the end
    std::vector<std::pair<std::string, std::string>> masterOf; ///< (slave, master)

    Netdev& named(std::string_view name)
    {
        for (auto& n : netdevs) {
            if (n.name == name)
                return n;
        }
        Netdev n;
        n.name = std::string(name);
        netdevs.push_back(std::move(n));
        return netdevs.back();
    }

    void finish()
    {
        for (auto& n : netdevs) {
            auto it = parentOf.find(n.name);
            if (n.kind == "vlan" && it != parentOf.end())
                n.vlanParent = it->second;
        }
        for (const auto& [slave, master] : masterOf) {
            for (auto& n : netdevs) {
                if (n.name == master && n.kind == "bond"
                    && std::find(n.bondSlaves.begin(), n.bondSlaves.end(), slave) == n.bondSlaves.end())
                    n.bondSlaves.push_back(slave);
            }
        }
    }
};

bool validVlanPriority(int v)
{
    return v >= 0 && v <= 7;
}

/// "0:3" pairs; egress maps skb priority (any u32) to PCP 0..7, ingress PCP 0..7 to skb priority.
std::optional<QosMapEntry> qosPair(std::string_view text, bool egress)
{
    auto kv = splitKeyValue(text);
    if (!kv)
        return std::nullopt;
    auto from = toInt(kv->first);
    auto to = toInt(kv->second);
    if (!from || !to || *from < 0 || *to < 0)
        return std::nullopt;
    if ((egress && !validVlanPriority(*to)) || (!egress && !validVlanPriority(*from)))
        return std::nullopt;
    return QosMapEntry { *from, *to };
}

// ---------------------------------------------------------------------------------------------- JSON

void readQosJson(const nlohmann::json& data, const char* key, bool egress, std::vector<QosMapEntry>& out, int number,
    Warnings& warnings)
{
    auto it = data.find(key);
    if (it == data.end())
        return;
    if (!it->is_array()) {
        warnings.add(number, std::string(key) + " is not a list");
        return;
    }
    for (const auto& entry : *it) {
        auto from = jsonInt(entry, "from");
        auto to = jsonInt(entry, "to");
        bool ok = from && to && *from >= 0 && *to >= 0 && (egress ? validVlanPriority(*to) : validVlanPriority(*from));
        if (!ok) {
            warnings.add(number, std::string("unreadable ") + key + " entry");
            continue;
        }
        out.push_back({ *from, *to });
    }
}

void readLinkInfo(Netdev& n, const nlohmann::json& item, int number, Warnings& warnings)
{
    auto info = item.find("linkinfo");
    if (info == item.end() || !info->is_object())
        return;
    if (auto kind = jsonString(*info, "info_kind"))
        n.kind = *kind;
    auto data = info->find("info_data");
    if (data == info->end() || !data->is_object())
        return;
    if (n.kind == "vlan") {
        n.vlanId = jsonInt(*data, "id");
        if (!n.vlanId || *n.vlanId < 0 || *n.vlanId > 4095) {
            warnings.add(number, n.name + ": VLAN without a readable id");
            n.vlanId.reset();
        }
        readQosJson(*data, "egress_qos", true, n.egressQos, number, warnings);
        readQosJson(*data, "ingress_qos", false, n.ingressQos, number, warnings);
    } else if (n.kind == "bond") {
        if (auto mode = jsonString(*data, "mode"))
            n.bondMode = *mode;
    }
}

void readAddrInfo(Netdev& n, const nlohmann::json& item, int number, Warnings& warnings)
{
    auto list = item.find("addr_info");
    if (list == item.end())
        return;
    if (!list->is_array()) {
        warnings.add(number, n.name + ": addr_info is not a list");
        return;
    }
    for (const auto& addr : *list) {
        auto family = jsonString(addr, "family");
        auto local = jsonString(addr, "local");
        auto prefix = jsonInt(addr, "prefixlen");
        if (!family || !local || !prefix) {
            warnings.add(number, n.name + ": an address without family, local or prefixlen was skipped");
            continue;
        }
        auto text = *local + "/" + std::to_string(*prefix);
        if (*family == "inet")
            n.ipv4.push_back(text);
        else if (*family == "inet6")
            n.ipv6.push_back(text);
    }
}

void readIpJson(int number, const nlohmann::json& doc, NetdevList& list, Warnings& warnings)
{
    if (!doc.is_array()) {
        warnings.add(number, "expected a JSON array of interfaces");
        return;
    }
    for (const auto& item : doc) {
        auto name = jsonString(item, "ifname");
        if (!name || name->empty()) {
            // `ip -j addr` prints {} for addresses of interfaces filtered away; nothing to report for those.
            if (!(item.is_object() && item.empty()))
                warnings.add(number, "an interface without ifname was skipped");
            continue;
        }
        auto& n = list.named(*name);
        if (auto v = jsonInt(item, "ifindex"))
            n.ifindex = v;
        if (auto v = jsonInt(item, "mtu"))
            n.mtu = v;
        if (auto v = jsonString(item, "operstate"))
            n.operState = *v;
        if (auto v = jsonString(item, "address"); v && jsonString(item, "link_type").value_or("ether") == "ether")
            n.mac = *v;
        if (auto v = jsonString(item, "link"))
            list.parentOf[n.name] = *v;
        if (auto v = jsonString(item, "master"))
            list.masterOf.emplace_back(n.name, *v);
        readLinkInfo(n, item, number, warnings);
        readAddrInfo(n, item, number, warnings);
    }
}

// ---------------------------------------------------------------------------------------------- text

class IpTextParser
{
public:
    IpTextParser(NetdevList& list, Warnings& warnings)
        : m_list(list)
        , m_warnings(warnings)
    { }

    void line(const Line& line)
    {
        auto t = line.text;
        if (isTranscriptNoise(t))
            return;
        if (parseHeader(line.number, t) || parseIfconfigHeader(line.number, t))
            return;
        if (m_current.empty()) {
            m_warnings.add(line.number, "unexpected text before any interface: " + excerpt(t));
            return;
        }
        parseDetail(line.number, t);
    }

private:
    /// "5: vethA.2@vethA: <BROADCAST,...> mtu 1500 qdisc noqueue master bond0 state UP ..."
    bool parseHeader(int number, std::string_view t)
    {
        auto words = splitWords(t);
        if (words.size() < 3 || words[0].back() != ':' || !toInt(words[0].substr(0, words[0].size() - 1))
            || words[1].back() != ':' || words[2].front() != '<')
            return false;
        auto nameText = words[1].substr(0, words[1].size() - 1);
        auto at = nameText.find('@');
        auto name = nameText.substr(0, at);
        if (name.empty()) {
            m_warnings.add(number, "interface line without a name");
            return true;
        }
        auto& n = m_list.named(name);
        m_current = n.name;
        m_ifconfig = false;
        n.ifindex = toInt(words[0].substr(0, words[0].size() - 1));
        if (at != std::string_view::npos)
            m_list.parentOf[n.name] = std::string(nameText.substr(at + 1));
        for (std::size_t i = 3; i + 1 < words.size(); ++i) {
            if (words[i] == "mtu")
                n.mtu = toInt(words[i + 1]);
            else if (words[i] == "state")
                n.operState = std::string(words[i + 1]);
            else if (words[i] == "master")
                m_list.masterOf.emplace_back(n.name, std::string(words[i + 1]));
        }
        return true;
    }

    /// net-tools' ifconfig, both its forms: "enp5s0f0: flags=4163<UP,BROADCAST,RUNNING,MULTICAST>  mtu 4096" (2.10)
    /// and "eth0      Link encap:Ethernet  HWaddr 00:11:22:33:44:55" (1.60, still in older images).
    bool parseIfconfigHeader(int number, std::string_view t)
    {
        if (t.empty() || t.front() == ' ' || t.front() == '\t')
            return false;
        auto words = splitWords(t);
        if (words.size() >= 2 && words[0].size() > 1 && words[0].back() == ':' && startsWith(words[1], "flags=")) {
            auto& n = ifconfigNetdev(number, words[0].substr(0, words[0].size() - 1));
            auto open = words[1].find('<');
            auto flags = open == std::string_view::npos ? std::string_view() : words[1].substr(open + 1);
            n.operState = flagsState(flags);
            for (std::size_t i = 2; i + 1 < words.size(); ++i) {
                if (words[i] == "mtu")
                    n.mtu = toInt(words[i + 1]);
            }
            return true;
        }
        if (words.size() >= 3 && words[1] == "Link" && startsWith(words[2], "encap:")) {
            auto& n = ifconfigNetdev(number, words[0]);
            for (std::size_t i = 3; i + 1 < words.size(); ++i) {
                if (words[i] == "HWaddr")
                    n.mac = std::string(words[i + 1]);
            }
            return true;
        }
        return false;
    }

    Netdev& ifconfigNetdev(int number, std::string_view nameText)
    {
        // An alias ("eth0:1") is its parent's address: the addresses go to the parent.
        auto name = nameText.substr(0, nameText.find(':'));
        if (!validateInterfaceName(std::string(name)))
            m_warnings.add(number, "ifconfig: interface name " + excerpt(nameText) + " not used as is");
        auto& n = m_list.named(name);
        m_current = n.name;
        m_ifconfig = true;
        return n;
    }

    /// ip's operstate from ifconfig's flags: RUNNING is the carrier, UP alone is "up but no link".
    static std::string flagsState(std::string_view flags)
    {
        auto words = flags.substr(0, flags.find('>'));
        bool up = false, running = false;
        for (std::size_t b = 0; b <= words.size();) {
            auto e = words.find_first_of(", ", b);
            if (e == std::string_view::npos)
                e = words.size();
            up = up || words.substr(b, e - b) == "UP";
            running = running || words.substr(b, e - b) == "RUNNING";
            b = e + 1;
        }
        return up && running ? "UP" : "DOWN";
    }

    /// "255.255.255.0" -> 24; nullopt for a mask that is not contiguous.
    static std::optional<int> maskBits(std::string_view mask)
    {
        in_addr a {};
        if (mask.size() > 15 || ::inet_pton(AF_INET, std::string(mask).c_str(), &a) != 1)
            return std::nullopt;
        const std::uint32_t m = ntohl(a.s_addr);
        const int bits = std::popcount(m);
        if (bits < 32 && (m << bits) != 0)
            return std::nullopt;
        return bits;
    }

    /// ifconfig's address lines: "inet 10.0.0.1  netmask 255.255.255.0  broadcast ...", "inet6 fe80::1  prefixlen
    /// 64  scopeid 0x20<link>", "ether 52:54:00:..", and 1.60's "inet addr:10.0.0.1  Bcast:..  Mask:255.255.255.0",
    /// "inet6 addr: fe80::1/64 Scope:Link", "UP BROADCAST RUNNING MULTICAST  MTU:1500  Metric:1".
    bool parseIfconfigDetail(int number, std::string_view t)
    {
        auto& n = m_list.named(m_current);
        auto words = splitWords(t);
        auto after = [&](std::string_view key) -> std::string_view {
            for (std::size_t i = 0; i + 1 < words.size(); ++i)
                if (words[i] == key)
                    return words[i + 1];
            return {};
        };
        auto prefixed = [&](std::string_view key) -> std::string_view {
            for (auto w : words)
                if (startsWith(w, key))
                    return w.substr(key.size());
            return {};
        };
        const auto first = words.front();
        if (first == "inet" && words.size() > 1) {
            auto address = words[1] == "addr:" && words.size() > 2 ? words[2]
                : startsWith(words[1], "addr:")                    ? words[1].substr(5)
                                                                   : words[1];
            auto mask = after("netmask");
            if (mask.empty())
                mask = prefixed("Mask:");
            auto bits = maskBits(mask);
            if (!bits)
                m_warnings.add(
                    number, n.name + ": ifconfig address " + excerpt(address) + " without a readable netmask");
            n.ipv4.push_back(std::string(address) + (bits ? "/" + std::to_string(*bits) : std::string()));
            return true;
        }
        if (first == "inet6" && words.size() > 1) {
            if (words[1] == "addr:" && words.size() > 2) {
                n.ipv6.emplace_back(words[2]);
            } else {
                auto length = after("prefixlen");
                n.ipv6.push_back(std::string(words[1]) + (length.empty() ? "" : "/" + std::string(length)));
            }
            return true;
        }
        if (first == "ether" && words.size() > 1) {
            n.mac = std::string(words[1]);
            return true;
        }
        if (auto mtu = prefixed("MTU:"); !mtu.empty()) {
            n.mtu = toInt(mtu);
            bool up = false, running = false;
            for (auto w : words) {
                up = up || w == "UP";
                running = running || w == "RUNNING";
            }
            n.operState = up && running ? "UP" : "DOWN";
            return true;
        }
        // Counters, txqueuelen, "loop", "device interrupt": nothing RoCE needs.
        return startsWith(first, "RX") || startsWith(first, "TX") || first == "txqueuelen" || first == "loop"
            || first == "device" || first == "collisions:" || first == "Interrupt:" || first == "unspec";
    }

    void parseQosMap(int number, Netdev& n, const std::vector<std::string_view>& words, std::size_t at, bool egress)
    {
        auto& out = egress ? n.egressQos : n.ingressQos;
        if (at + 1 >= words.size() || words[at + 1] != "{") {
            m_warnings.add(number, "unreadable QoS map");
            return;
        }
        for (std::size_t i = at + 2; i < words.size() && words[i] != "}"; ++i) {
            if (auto pair = qosPair(words[i], egress))
                out.push_back(*pair);
            else
                m_warnings.add(number, "unreadable QoS map entry " + excerpt(words[i]));
        }
    }

    void parseDetail(int number, std::string_view t)
    {
        if (m_ifconfig) {
            if (!parseIfconfigDetail(number, t))
                m_warnings.add(number, m_current + ": ifconfig line not understood: " + excerpt(trim(t)));
            return;
        }
        static constexpr std::string_view kinds[] = { "vlan", "veth", "bond", "bridge", "macvlan", "macvtap", "ipvlan",
            "vxlan", "team", "dummy", "vrf", "geneve", "ipoib", "tun" };
        auto& n = m_list.named(m_current);
        auto words = splitWords(t);
        auto first = words.front();
        if (startsWith(first, "link/")) {
            if (first == "link/ether" && words.size() > 1)
                n.mac = std::string(words[1]);
        } else if (first == "inet" && words.size() > 1) {
            n.ipv4.emplace_back(words[1]);
        } else if (first == "inet6" && words.size() > 1) {
            n.ipv6.emplace_back(words[1]);
        } else if (n.kind.empty() && std::find(std::begin(kinds), std::end(kinds), first) != std::end(kinds)) {
            n.kind = std::string(first);
        }
        for (std::size_t i = 0; i < words.size(); ++i) {
            if (n.kind == "vlan" && words[i] == "id" && i + 1 < words.size() && !n.vlanId && first == "vlan") {
                n.vlanId = toInt(words[i + 1]);
                if (!n.vlanId || *n.vlanId < 0 || *n.vlanId > 4095) {
                    m_warnings.add(number, n.name + ": unreadable VLAN id " + excerpt(words[i + 1]));
                    n.vlanId.reset();
                }
            } else if (words[i] == "egress-qos-map") {
                parseQosMap(number, n, words, i, true);
            } else if (words[i] == "ingress-qos-map") {
                parseQosMap(number, n, words, i, false);
            } else if (first == "bond" && words[i] == "mode" && i + 1 < words.size()) {
                n.bondMode = std::string(words[i + 1]);
            }
        }
    }

    NetdevList& m_list;
    Warnings& m_warnings;
    std::string m_current;
    bool m_ifconfig = false; ///< the current interface came from ifconfig, not ip
};

Parsed<std::vector<Netdev>> parseIp(std::string_view text)
{
    Warnings warnings;
    NetdevList list;
    IpTextParser textParser(list, warnings);
    auto lines = prepareLines(text, warnings);
    walkJsonAndText(
        lines, warnings, [&](int number, const nlohmann::json& doc) { readIpJson(number, doc, list, warnings); },
        [&](const Line& line) { textParser.line(line); });
    list.finish();
    return { std::move(list.netdevs), warnings.take() };
}

} // namespace

Parsed<std::vector<Netdev>> parseIpAddrJson(std::string_view text)
{
    return parseIp(text);
}

Parsed<std::vector<Netdev>> parseIpLinkJson(std::string_view text)
{
    return parseIp(text);
}

Parsed<Netdev> parseProcNetVlan(std::string_view text)
{
    Warnings warnings;
    Netdev n;
    n.kind = "vlan";
    bool sawHeader = false;
    for (const auto& line : prepareLines(text, warnings)) {
        auto t = trim(line.text);
        if (t.empty() || isTranscriptNoise(t))
            continue;
        auto words = splitWords(t);
        if (words.size() >= 3 && words[1] == "VID:") {
            // "vethA.2  VID: 2	 REORDER_HDR: 1  dev->priv_flags: 1001"
            n.name = std::string(words[0]);
            n.vlanId = toInt(words[2]);
            if (!n.vlanId || *n.vlanId < 0 || *n.vlanId > 4095) {
                warnings.add(line.number, "unreadable VID " + excerpt(words[2]));
                n.vlanId.reset();
            }
            sawHeader = true;
        } else if (startsWith(t, "Device:")) {
            n.vlanParent = std::string(trim(t.substr(7)));
        } else if (startsWith(t, "INGRESS priority mappings:") || startsWith(t, "EGRESS priority mappings:")) {
            bool egress = t.front() == 'E';
            auto colon = t.find(':');
            for (auto pairText : splitWords(t.substr(colon + 1))) {
                auto pair = qosPair(pairText, egress);
                if (!pair) {
                    warnings.add(line.number, "unreadable priority mapping " + excerpt(pairText));
                    continue;
                }
                // Mappings to 0 are the default; ip -d link leaves them out too.
                if (pair->to != 0)
                    (egress ? n.egressQos : n.ingressQos).push_back(*pair);
            }
        } else if (words.size() >= 2 && toInt(words.back())) {
            continue; // traffic counters
        } else {
            warnings.add(line.number, "unexpected line " + excerpt(t));
        }
    }
    if (!sawHeader)
        warnings.add(0, "no 'NAME VID: N' line: this does not look like /proc/net/vlan output");
    return { std::move(n), warnings.take() };
}

} // namespace rp

// SPDX-License-Identifier: GPL-3.0-or-later
// Output kinds: names, detection and the one-call parseOutput().
#include "parse/parsehelpers.h"
#include "parse/parsers.h"
#include "util/text.h"

#include <array>

namespace rp {

using namespace parse_detail;

namespace {

struct KindName
{
    OutputKind kind;
    std::string_view name;
};

constexpr KindName kKindNames[] = {
    { OutputKind::ShowGids, "show_gids" },
    { OutputKind::IbvDevinfo, "ibv_devinfo" },
    { OutputKind::IbvDevices, "ibv_devices" },
    { OutputKind::RdmaLink, "rdma-link" },
    { OutputKind::RdmaDev, "rdma-dev" },
    { OutputKind::Ibdev2netdev, "ibdev2netdev" },
    { OutputKind::IpAddrJson, "ip-addr" },
    { OutputKind::IpLinkJson, "ip-link" },
    { OutputKind::ProcNetVlan, "proc-net-vlan" },
    { OutputKind::MlnxQos, "mlnx_qos" },
    { OutputKind::DcbJson, "dcb" },
    { OutputKind::Lldptool, "lldptool" },
    { OutputKind::AmdSmiStatic, "amd-smi" },
    { OutputKind::Unknown, "unknown" },
};

constexpr std::size_t kKinds = static_cast<std::size_t>(OutputKind::AmdSmiStatic) + 1;

class Scores
{
public:
    void add(OutputKind kind, int points) { m_points[static_cast<std::size_t>(kind)] += points; }
    int of(OutputKind kind) const { return m_points[static_cast<std::size_t>(kind)]; }
    OutputKind best() const
    {
        std::size_t best = 0;
        for (std::size_t i = 1; i < kKinds; ++i) {
            if (m_points[i] > m_points[best])
                best = i;
        }
        return m_points[best] > 0 ? static_cast<OutputKind>(best) : OutputKind::Unknown;
    }

private:
    std::array<int, kKinds> m_points {};
};

bool isHexGuid(std::string_view s)
{
    return s.size() == 16 && s.find_first_not_of("0123456789abcdefABCDEF") == std::string_view::npos;
}

bool endsWithColon(std::string_view s)
{
    return s.size() > 1 && s.back() == ':';
}

/// "$ ibv_devinfo -v", "# mlnx_qos -i eth0": the command says what follows.
void scoreCommandEcho(std::string_view t, Scores& scores)
{
    if (!startsWith(t, "$ ") && !startsWith(t, "# "))
        return;
    auto words = splitWords(t.substr(2));
    if (words.empty())
        return;
    auto program = words[0].substr(words[0].rfind('/') == std::string_view::npos ? 0 : words[0].rfind('/') + 1);
    auto has = [&](std::string_view w) {
        for (auto x : words) {
            if (x == w)
                return true;
        }
        return false;
    };
    constexpr int points = 5;
    if (program == "show_gids")
        scores.add(OutputKind::ShowGids, points);
    else if (program == "ibv_devinfo")
        scores.add(OutputKind::IbvDevinfo, points);
    else if (program == "ibv_devices")
        scores.add(OutputKind::IbvDevices, points);
    else if (program == "ibdev2netdev")
        scores.add(OutputKind::Ibdev2netdev, points);
    else if (program == "mlnx_qos")
        scores.add(OutputKind::MlnxQos, points);
    else if (program == "dcb")
        scores.add(OutputKind::DcbJson, points);
    else if (program == "lldptool")
        scores.add(OutputKind::Lldptool, points);
    else if (program == "amd-smi" && has("static"))
        scores.add(OutputKind::AmdSmiStatic, points);
    else if (program == "rdma" && (has("link") || has("l")))
        scores.add(OutputKind::RdmaLink, points);
    else if (program == "rdma" && (has("dev") || has("d")))
        scores.add(OutputKind::RdmaDev, points);
    else if ((program == "ip" && (has("addr") || has("address") || has("a"))) || program == "ifconfig")
        scores.add(OutputKind::IpAddrJson, points);
    else if (program == "ip" && (has("link") || has("l")))
        scores.add(OutputKind::IpLinkJson, points);
    else if (program == "cat" && words.size() > 1 && startsWith(words[1], "/proc/net/vlan/"))
        scores.add(OutputKind::ProcNetVlan, points);
}

void scoreTextLine(std::string_view t, Scores& scores, int& ipHeaders, int& inetLines)
{
    auto words = splitWords(t);
    if (words.empty())
        return;
    auto w0 = words[0];
    auto kv = splitKeyValue(t);
    auto key = kv ? kv->first : std::string_view();
    // show_gids
    if (w0 == "DEV" && t.find("GID") != std::string_view::npos && t.find("INDEX") != std::string_view::npos)
        scores.add(OutputKind::ShowGids, 4);
    if (words.size() >= 4 && toInt(words[1]) && toInt(words[2]) && canonicalGid(words[3]))
        scores.add(OutputKind::ShowGids, 2);
    if (words.size() >= 3 && startsWith(words[1], "gid[") && canonicalGid(words[2]))
        scores.add(OutputKind::ShowGids, 2);
    if (startsWith(t, "n_gids_found="))
        scores.add(OutputKind::ShowGids, 3);
    // ibv_devinfo
    if (key == "hca_id")
        scores.add(OutputKind::IbvDevinfo, 5);
    if (key == "transport" || key == "fw_ver" || key == "node_guid" || key == "phys_port_cnt" || key == "link_layer"
        || key == "active_mtu" || startsWith(key, "GID["))
        scores.add(OutputKind::IbvDevinfo, 1);
    // ibv_devices
    if (w0 == "device" && t.find("node GUID") != std::string_view::npos)
        scores.add(OutputKind::IbvDevices, 5);
    if (words.size() == 2 && isHexGuid(words[1]))
        scores.add(OutputKind::IbvDevices, 1);
    // rdma
    if (w0 == "link" && words.size() >= 2 && words[1].find('/') != std::string_view::npos)
        scores.add(OutputKind::RdmaLink, 3);
    if (words.size() >= 3 && endsWithColon(w0) && toInt(w0.substr(0, w0.size() - 1)) && endsWithColon(words[1])) {
        if (words[2] == "node_type")
            scores.add(OutputKind::RdmaDev, 3);
        if (words[2].front() == '<') {
            scores.add(OutputKind::IpLinkJson, 2);
            ++ipHeaders;
        }
    }
    // ibdev2netdev
    if (t.find("==>") != std::string_view::npos && t.find(" port ") != std::string_view::npos)
        scores.add(OutputKind::Ibdev2netdev, 3);
    // ip addr text
    if ((w0 == "inet" || w0 == "inet6") && words.size() > 1 && words[1].find('/') != std::string_view::npos)
        ++inetLines;
    // net-tools' ifconfig, read as ip addr: "eth0: flags=4163<UP,...>  mtu 1500" or "eth0  Link encap:Ethernet",
    // "inet 10.0.0.1  netmask 255.255.255.0" or "inet addr:10.0.0.1  Bcast:...  Mask:..."
    if ((words.size() >= 2 && endsWithColon(w0) && startsWith(words[1], "flags="))
        || (words.size() >= 3 && words[1] == "Link" && startsWith(words[2], "encap:"))) {
        scores.add(OutputKind::IpLinkJson, 2);
        ++ipHeaders;
    }
    if (w0 == "inet" && words.size() > 2 && (words[2] == "netmask" || startsWith(words[1], "addr:")))
        ++inetLines;
    // /proc/net/vlan
    if (words.size() >= 3 && words[1] == "VID:")
        scores.add(OutputKind::ProcNetVlan, 5);
    if (startsWith(t, "INGRESS priority mappings") || startsWith(t, "EGRESS priority mappings"))
        scores.add(OutputKind::ProcNetVlan, 2);
    // mlnx_qos
    if (key == "DCBX mode" || key == "Priority trust state" || key == "Trust state" || key == "dscp2prio mapping"
        || key == "PFC configuration")
        scores.add(OutputKind::MlnxQos, 3);
    if (w0 == "tc:" && t.find("ratelimit") != std::string_view::npos)
        scores.add(OutputKind::MlnxQos, 2);
    // dcb text and errors
    if (startsWith(t, "Attribute read:") || startsWith(t, "Attribute not found"))
        scores.add(OutputKind::DcbJson, 3);
    if (w0 == "prio-pfc" || w0 == "prio-tc" || w0 == "tc-bw" || w0 == "tc-tsa" || w0 == "dscp-prio" || w0 == "order:"
        || w0 == "pfc-cap")
        scores.add(OutputKind::DcbJson, 2);
    // amd-smi static: the library's NIC fields, upper-cased by the CLI
    if (key == "RDMA_DEV" || key == "RDMA_PORT_INFO")
        scores.add(OutputKind::AmdSmiStatic, 3);
    if (key == "ACTIVE_MTU" || key == "MAX_MTU" || key == "RDMA_PORT" || key == "NODE_GUID" || key == "LINK_STATE"
        || key == "MAC_ADDRESS")
        scores.add(OutputKind::AmdSmiStatic, 2);
    // lldptool
    if (startsWith(t, "IEEE 8021QAZ"))
        scores.add(OutputKind::Lldptool, 3);
    if (key == "PFC enabled" || key == "PRIO_MAP" || key == "TSA_MAP" || key == "TC Bandwidth")
        scores.add(OutputKind::Lldptool, 2);
    if (auto eq = splitKeyValue(t, '='); eq && words.size() == 1
        && (eq->first == "willing" || eq->first == "enabled" || eq->first == "up2tc" || eq->first == "tcbw"
            || eq->first == "tsa" || eq->first == "app" || eq->first == "enableTx" || eq->first == "numtcs"))
        scores.add(OutputKind::Lldptool, 2);
}

OutputKind kindOfJson(const nlohmann::json& doc)
{
    const nlohmann::json* first = &doc;
    if (doc.is_array()) {
        if (doc.empty())
            return OutputKind::Unknown;
        first = &doc.front();
    }
    if (!first->is_object())
        return OutputKind::Unknown;
    auto has = [&](const char* key) { return first->contains(key); };
    // `amd-smi static --json` lists GPUs before NICs: any entry that is a NIC tells.
    if (doc.is_array()) {
        for (const auto& entry : doc)
            if (entry.is_object() && (entry.contains("ai_nic") || entry.contains("rdma_dev")))
                return OutputKind::AmdSmiStatic;
    }
    if (has("ai_nic") || has("rdma_dev") || has("rdma_dev_info"))
        return OutputKind::AmdSmiStatic;
    if (has("addr_info"))
        return OutputKind::IpAddrJson;
    if (has("physical_state") || (has("port") && has("ifname") && !has("mtu")))
        return OutputKind::RdmaLink;
    if (has("node_type") || has("node_guid"))
        return OutputKind::RdmaDev;
    if (has("ifname") && (has("mtu") || has("operstate") || has("link_type") || has("linkinfo")))
        return OutputKind::IpLinkJson;
    for (const char* key : { "prio_pfc", "pfc_cap", "prio_tc", "tc_bw", "tc_tsa", "ets_cap", "dscp_prio",
             "default_prio", "pcp_prio", "order", "host", "lld_managed", "ieee", "cee", "willing" }) {
        if (has(key))
            return OutputKind::DcbJson;
    }
    return OutputKind::Unknown;
}

/// For JSON that does not parse (truncated, edited): the key names still tell.
OutputKind kindOfBrokenJson(std::string_view text)
{
    auto contains = [&](std::string_view s) { return text.find(s) != std::string_view::npos; };
    if (contains("\"rdma_dev\"") || contains("\"ai_nic\""))
        return OutputKind::AmdSmiStatic;
    if (contains("\"addr_info\""))
        return OutputKind::IpAddrJson;
    if (contains("\"physical_state\""))
        return OutputKind::RdmaLink;
    if (contains("\"node_type\""))
        return OutputKind::RdmaDev;
    if (contains("\"linkinfo\"") || contains("\"link_type\"") || contains("\"operstate\""))
        return OutputKind::IpLinkJson;
    for (std::string_view key : { "\"prio_pfc\"", "\"pfc_cap\"", "\"prio_tc\"", "\"tc_bw\"", "\"ets_cap\"",
             "\"dscp_prio\"", "\"order\"", "\"lld_managed\"" }) {
        if (contains(key))
            return OutputKind::DcbJson;
    }
    return OutputKind::Unknown;
}

ParsedOutput fromDevices(OutputKind kind, Parsed<std::vector<RdmaDevice>> parsed)
{
    ParsedOutput out;
    out.kind = kind;
    out.devices = std::move(parsed.value);
    out.warnings = std::move(parsed.warnings);
    return out;
}

ParsedOutput fromNetdevs(OutputKind kind, Parsed<std::vector<Netdev>> parsed)
{
    ParsedOutput out;
    out.kind = kind;
    out.netdevs = std::move(parsed.value);
    out.warnings = std::move(parsed.warnings);
    return out;
}

ParsedOutput fromDcb(OutputKind kind, DcbParse parsed)
{
    ParsedOutput out;
    out.kind = kind;
    Netdev netdev;
    netdev.name = std::move(parsed.ifname);
    netdev.dcb = std::move(parsed.info);
    out.netdevs.push_back(std::move(netdev));
    out.warnings = std::move(parsed.warnings);
    return out;
}

} // namespace

std::string_view toString(OutputKind kind)
{
    for (const auto& entry : kKindNames) {
        if (entry.kind == kind)
            return entry.name;
    }
    return "unknown";
}

std::optional<OutputKind> outputKindFromString(std::string_view name)
{
    for (const auto& entry : kKindNames) {
        if (entry.name == name)
            return entry.kind;
    }
    return std::nullopt;
}

OutputKind detectKind(std::string_view text)
{
    Warnings ignored;
    auto lines = prepareLines(text, ignored);
    if (looksLikeJson(lines)) {
        auto kind = OutputKind::Unknown;
        bool parsedAny = false;
        walkJsonAndText(
            lines, ignored,
            [&](int, const nlohmann::json& doc) {
                if (!parsedAny)
                    kind = kindOfJson(doc);
                parsedAny = true;
            },
            [](const Line&) {});
        if (kind == OutputKind::Unknown)
            kind = kindOfBrokenJson(text.substr(0, kMaxInputBytes));
        if (kind != OutputKind::Unknown)
            return kind;
    }
    Scores scores;
    int ipHeaders = 0, inetLines = 0;
    for (const auto& line : lines) {
        auto t = trim(line.text);
        if (t.empty())
            continue;
        scoreCommandEcho(t, scores);
        scoreTextLine(t, scores, ipHeaders, inetLines);
    }
    // `ip addr` is `ip link` plus inet/inet6 lines.
    if (ipHeaders > 0 && inetLines > 0)
        scores.add(OutputKind::IpAddrJson, scores.of(OutputKind::IpLinkJson) + 1);
    return scores.best();
}

ParsedOutput parseOutput(OutputKind kind, std::string_view text)
{
    if (kind == OutputKind::Unknown)
        kind = detectKind(text);
    switch (kind) {
    case OutputKind::ShowGids:
        return fromDevices(kind, parseShowGids(text));
    case OutputKind::IbvDevinfo:
        return fromDevices(kind, parseIbvDevinfo(text));
    case OutputKind::IbvDevices:
        return fromDevices(kind, parseIbvDevices(text));
    case OutputKind::RdmaLink:
        return fromDevices(kind, parseRdmaLink(text));
    case OutputKind::RdmaDev:
        return fromDevices(kind, parseRdmaDev(text));
    case OutputKind::Ibdev2netdev:
        return fromDevices(kind, parseIbdev2netdev(text));
    case OutputKind::IpAddrJson:
        return fromNetdevs(kind, parseIpAddrJson(text));
    case OutputKind::IpLinkJson:
        return fromNetdevs(kind, parseIpLinkJson(text));
    case OutputKind::ProcNetVlan: {
        auto parsed = parseProcNetVlan(text);
        ParsedOutput out;
        out.kind = kind;
        out.netdevs.push_back(std::move(parsed.value));
        out.warnings = std::move(parsed.warnings);
        return out;
    }
    case OutputKind::MlnxQos:
        return fromDcb(kind, parseMlnxQosDetailed(text));
    case OutputKind::DcbJson:
        return fromDcb(kind, parseDcbDetailed(text));
    case OutputKind::Lldptool:
        return fromDcb(kind, parseLldptoolDetailed(text));
    case OutputKind::AmdSmiStatic: {
        auto parsed = parseAmdSmiStatic(text);
        ParsedOutput out;
        out.kind = kind;
        out.devices = std::move(parsed.value.devices);
        out.netdevs = std::move(parsed.value.netdevs);
        out.warnings = std::move(parsed.warnings);
        return out;
    }
    case OutputKind::Unknown:
        break;
    }
    ParsedOutput out;
    out.warnings.push_back({ 0, "could not tell which command printed this text; nothing was read" });
    return out;
}

} // namespace rp

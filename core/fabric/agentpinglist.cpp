// SPDX-License-Identifier: GPL-3.0-or-later
#include "fabric/agentpinglist.h"

#include "util/command.h"
#include "util/files.h"
#include "util/jsonfields.h"
#include "util/text.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <map>
#include <set>

namespace rp::fabric {
namespace {

using nlohmann::json;

/// The document is a few levels deep; nlohmann's parser recurses, so a file of nested brackets is refused first.
constexpr int kPinglistMaxDepth = 8;

bool pinglistNestedTooDeep(std::string_view text)
{
    int depth = 0;
    bool inString = false;
    bool escaped = false;
    for (char c : text) {
        if (inString) {
            if (escaped)
                escaped = false;
            else if (c == '\\')
                escaped = true;
            else if (c == '"')
                inString = false;
            continue;
        }
        if (c == '"')
            inString = true;
        else if (c == '[' || c == '{') {
            if (++depth > kPinglistMaxDepth)
                return true;
        } else if (c == ']' || c == '}')
            --depth;
    }
    return false;
}

/// A name the metrics carry as a label: printable UTF-8, no control bytes.
bool pinglistLabelText(std::string_view s)
{
    return std::ranges::none_of(s, [](char c) {
        const auto b = static_cast<unsigned char>(c);
        return b < 0x20 || b == 0x7f;
    }) && isValidUtf8(s);
}

std::string pinglistPath(std::string_view list, std::size_t i)
{
    return "$." + std::string(list) + "[" + std::to_string(i) + "]";
}

} // namespace

const AgentPinglistName* AgentPinglistFile::nameOf(std::uint32_t id) const
{
    auto it = std::ranges::find(names, id, &AgentPinglistName::id);
    return it == names.end() ? nullptr : &*it;
}

bool validAgentHostName(std::string_view name)
{
    return !name.empty() && name.size() <= 64 && name.front() != '.' && std::ranges::all_of(name, [](char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' || c == '_'
            || c == '.';
    });
}

std::string encodeAgentPinglist(const AgentPinglistFile& f)
{
    json endpoints = json::array();
    for (const auto& e : f.endpoints)
        endpoints.push_back({ { "id", e.id }, { "device", e.device }, { "port", e.port }, { "gid_index", e.gidIndex },
            { "address", e.address }, { "netdev", e.netdev } });
    json targets = json::array();
    for (const auto& t : f.targets)
        targets.push_back({ { "from", t.from }, { "to", t.to }, { "address", t.address }, { "udp_port", t.udpPort },
            { "gid", t.gid } });
    json names = json::array();
    for (const auto& n : f.names)
        names.push_back({ { "id", n.id }, { "name", n.name }, { "host", n.host }, { "tor", n.tor } });
    json doc { { "schema", std::string(kAgentPinglistSchema) }, { "host", f.host }, { "tor", f.tor },
        { "transport", std::string(toString(f.mode)) }, { "secret", f.secret }, { "udp_port", f.udpPort },
        { "rate", f.rate }, { "interval_s", f.intervalS }, { "timeout_s", f.timeoutS }, { "endpoints", endpoints },
        { "targets", targets }, { "names", names } };
    return doc.dump(1) + "\n";
}

Result<AgentPinglistFile> readAgentPinglist(std::string_view text, const std::string& file)
{
    if (text.size() > kAgentPinglistMaxBytes)
        return fail(ErrorKind::Validation,
            "larger than " + std::to_string(kAgentPinglistMaxBytes >> 20) + " MiB: not a pinglist", file);
    if (pinglistNestedTooDeep(text))
        return fail(ErrorKind::Parse, "nested too deep: not a pinglist", file);
    const json doc = json::parse(text, nullptr, false);
    if (doc.is_discarded())
        return fail(ErrorKind::Parse, "not JSON", file);
    if (!doc.is_object())
        return fail(ErrorKind::Parse, "$: must be an object", file);

    AgentPinglistFile out;
    JsonFields top(doc, ErrorKind::Validation, "$", file);
    top.only({ "schema", "host", "tor", "transport", "secret", "udp_port", "rate", "interval_s", "timeout_s",
        "endpoints", "targets", "names" });
    const auto schema = top.text("schema", 64);
    if (!top.error() && schema != kAgentPinglistSchema)
        top.problem("'schema' is '" + printable(schema, 64) + "', not " + std::string(kAgentPinglistSchema));
    out.host = top.text("host", 64);
    if (!top.error() && !validAgentHostName(out.host))
        top.problem("'host' must be letters, digits, '-', '_', '.' (at most 64, not starting with '.')");
    out.tor = top.text("tor", 64);
    if (!top.error() && !pinglistLabelText(out.tor))
        top.problem("'tor' holds control bytes or is not UTF-8");
    const auto transport = top.text("transport", 8);
    if (!top.error()) {
        if (transport == "udp")
            out.mode = AgentMode::Udp;
        else if (transport == "rdma")
            out.mode = AgentMode::Rdma;
        else
            top.problem("'transport' must be udp or rdma");
    }
    out.secret = top.text("secret", 32);
    if (!top.error() && !validAgentSecret(out.secret))
        top.problem("'secret' must be 32 lower-case hex digits");
    out.udpPort = top.integer("udp_port", 1, 65535);
    out.rate = top.number("rate", 0.1, kAgentMaxRate);
    out.intervalS = top.number("interval_s", 0.5, 3600);
    out.timeoutS = top.number("timeout_s", 0.01, 10);
    if (!top.error() && out.timeoutS >= out.intervalS)
        top.problem("'timeout_s' must be shorter than 'interval_s'");
    const json* endpoints = top.array("endpoints", kAgentPinglistMaxEndpoints);
    const json* targets = top.array("targets", kAgentPinglistMaxTargets);
    const json* names = top.array("names", kAgentPinglistMaxNames);
    if (top.error())
        return std::unexpected(*top.error());

    auto objectAt = [&](const json& item, std::string_view list, std::size_t i) -> Result<void> {
        if (!item.is_object())
            return fail(ErrorKind::Validation, pinglistPath(list, i) + ": must be an object", file);
        return {};
    };

    std::map<std::uint32_t, std::size_t> nameIndex;
    for (std::size_t i = 0; i < names->size(); ++i) {
        const json& item = (*names)[i];
        if (auto ok = objectAt(item, "names", i); !ok)
            return std::unexpected(ok.error());
        JsonFields f(item, ErrorKind::Validation, pinglistPath("names", i), file);
        f.only({ "id", "name", "host", "tor" });
        AgentPinglistName n;
        n.id = static_cast<std::uint32_t>(f.u64("id", 0, kAgentMaxEndpointId));
        n.name = f.text("name", 128);
        n.host = f.text("host", 64);
        n.tor = f.text("tor", 64);
        if (!f.error() && (n.name.empty() || !pinglistLabelText(n.name) || !pinglistLabelText(n.tor)))
            f.problem("'name' must be non-empty, and 'name' and 'tor' printable UTF-8");
        if (!f.error() && !validAgentHostName(n.host))
            f.problem("'host' must be letters, digits, '-', '_', '.'");
        if (!f.error() && !nameIndex.emplace(n.id, i).second)
            f.problem("endpoint " + std::to_string(n.id) + " is named twice");
        if (f.error())
            return std::unexpected(*f.error());
        out.names.push_back(std::move(n));
    }

    std::set<std::uint32_t> own;
    std::set<std::uint32_t> ownRdma;
    for (std::size_t i = 0; i < endpoints->size(); ++i) {
        const json& item = (*endpoints)[i];
        if (auto ok = objectAt(item, "endpoints", i); !ok)
            return std::unexpected(ok.error());
        JsonFields f(item, ErrorKind::Validation, pinglistPath("endpoints", i), file);
        f.only({ "id", "device", "port", "gid_index", "address", "netdev" });
        AgentEndpoint e;
        e.id = static_cast<std::uint32_t>(f.u64("id", 0, kAgentMaxEndpointId));
        e.device = f.text("device", 64);
        e.port = f.integer("port", 0, 255);
        e.gidIndex = f.integer("gid_index", -1, 4095);
        e.address = f.text("address", 64);
        e.netdev = f.text("netdev", 32);
        if (f.error())
            return std::unexpected(*f.error());
        const bool udp = e.device == "udp";
        if (!validNumericAddress(e.address))
            f.problem("'address' must be a numeric IPv4 or IPv6 address");
        else if (!e.netdev.empty() && !validateInterfaceName(e.netdev))
            f.problem("'netdev' must be empty or an interface name");
        else if (!udp && !validateRdmaDeviceName(e.device))
            f.problem("'device' must be udp or an RDMA device name");
        else if (udp && (e.gidIndex != -1 || e.port != 0))
            f.problem("a udp endpoint has port 0 and gid_index -1");
        else if (!udp && (e.gidIndex < 0 || e.port < 1))
            f.problem("an RDMA endpoint has a port >= 1 and a gid_index >= 0");
        else if (!udp && out.mode == AgentMode::Udp)
            f.problem("an RDMA endpoint in a udp pinglist");
        else if (!own.insert(e.id).second)
            f.problem("endpoint " + std::to_string(e.id) + " is listed twice");
        else if (!nameIndex.contains(e.id))
            f.problem("endpoint " + std::to_string(e.id) + " has no entry in 'names'");
        else if (out.names[nameIndex.at(e.id)].host != out.host)
            f.problem("endpoint " + std::to_string(e.id) + " is named as another host's");
        if (f.error())
            return std::unexpected(*f.error());
        if (!udp)
            ownRdma.insert(e.id);
        out.endpoints.push_back(std::move(e));
    }
    if (out.endpoints.empty())
        return fail(ErrorKind::Validation, "$.endpoints: the host has no endpoint to serve", file);

    std::set<std::pair<std::uint32_t, std::uint32_t>> cells;
    for (std::size_t i = 0; i < targets->size(); ++i) {
        const json& item = (*targets)[i];
        if (auto ok = objectAt(item, "targets", i); !ok)
            return std::unexpected(ok.error());
        JsonFields f(item, ErrorKind::Validation, pinglistPath("targets", i), file);
        f.only({ "from", "to", "address", "udp_port", "gid" });
        AgentTarget t;
        t.from = static_cast<std::uint32_t>(f.u64("from", 0, kAgentMaxEndpointId));
        t.to = static_cast<std::uint32_t>(f.u64("to", 0, kAgentMaxEndpointId));
        t.address = f.text("address", 64);
        t.udpPort = f.integer("udp_port", 1, 65535);
        t.gid = f.text("gid", 64);
        if (f.error())
            return std::unexpected(*f.error());
        if (!own.contains(t.from))
            f.problem("'from' " + std::to_string(t.from) + " is not one of the host's endpoints");
        else if (!nameIndex.contains(t.to))
            f.problem("'to' " + std::to_string(t.to) + " has no entry in 'names'");
        else if (t.from == t.to)
            f.problem("a target from an endpoint to itself");
        else if (!validNumericAddress(t.address))
            f.problem("'address' must be a numeric IPv4 or IPv6 address");
        else if (ownRdma.contains(t.from) != !t.gid.empty())
            f.problem("an RDMA endpoint's target has the peer's 'gid', a udp one's has none");
        else if (!t.gid.empty() && !validGidText(t.gid))
            f.problem("'gid' must be eight groups of four hex digits");
        else if (!cells.insert({ t.from, t.to }).second)
            f.problem("the target " + std::to_string(t.from) + "->" + std::to_string(t.to) + " is listed twice");
        if (f.error())
            return std::unexpected(*f.error());
        out.targets.push_back(std::move(t));
    }
    return out;
}

Result<AgentPinglistFile> loadAgentPinglist(const std::string& path)
{
    auto text = readTextFile(path, kAgentPinglistMaxBytes);
    if (!text) {
        Error e = text.error();
        if (e.where.empty())
            e.where = path;
        return std::unexpected(e);
    }
    return readAgentPinglist(*text, path);
}

} // namespace rp::fabric

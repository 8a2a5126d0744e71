// SPDX-License-Identifier: GPL-3.0-or-later
// The discovery JSON (`discover --json`, rocepilot.discovery/1) read back into facts, so `plan --facts FILE` plans
// from a discovery made earlier (or elsewhere) exactly as from a live one. Strict: a missing key or a wrong type is
// a Parse error with the JSON path; nothing is defaulted silently.
#include "discovery/json.h"

#include "util/files.h"
#include "util/text.h"

#include <nlohmann/json.hpp>

namespace rp {
namespace {

using Json = nlohmann::ordered_json;

struct Bad
{
    std::string path;
    std::string what;
};

const Json& at(const Json& obj, const char* key, const std::string& path)
{
    if (!obj.is_object() || !obj.contains(key))
        throw Bad { path + "." + key, "missing" };
    return obj.at(key);
}

std::string str(const Json& obj, const char* key, const std::string& path)
{
    const auto& v = at(obj, key, path);
    if (!v.is_string())
        throw Bad { path + "." + key, "must be a string" };
    return v.get<std::string>();
}

template <class T> std::optional<T> opt(const Json& obj, const char* key, const std::string& path)
{
    const auto& v = at(obj, key, path);
    if (v.is_null())
        return std::nullopt;
    try {
        return v.get<T>();
    } catch (const nlohmann::json::exception&) {
        throw Bad { path + "." + key, "has the wrong type" };
    }
}

template <class T> T get(const Json& obj, const char* key, const std::string& path)
{
    auto v = opt<T>(obj, key, path);
    if (!v)
        throw Bad { path + "." + key, "must not be null" };
    return *v;
}

Transport transportFrom(const std::string& s)
{
    for (auto t : { Transport::RoCE, Transport::InfiniBand, Transport::IWarp })
        if (toString(t) == s)
            return t;
    return Transport::Unknown;
}

std::vector<QosMapEntry> qos(const Json& list, const std::string& path)
{
    std::vector<QosMapEntry> out;
    for (std::size_t i = 0; i < list.size(); ++i) {
        const std::string p = path + "[" + std::to_string(i) + "]";
        out.push_back({ get<int>(list[i], "from", p), get<int>(list[i], "to", p) });
    }
    return out;
}

HostFacts readFacts(const Json& h, const std::string& path)
{
    HostFacts f;
    f.hostname = str(h, "hostname", path);
    f.os = str(h, "os", path);
    f.kernel = str(h, "kernel", path);
    const auto& devices = at(h, "devices", path);
    for (std::size_t i = 0; i < devices.size(); ++i) {
        const auto& jd = devices[i];
        const std::string dp = path + ".devices[" + std::to_string(i) + "]";
        RdmaDevice d;
        d.name = str(jd, "name", dp);
        d.driver = str(jd, "driver", dp);
        d.transport = transportFrom(str(jd, "transport", dp));
        d.fwVersion = str(jd, "fw_version", dp);
        d.nodeGuid = str(jd, "node_guid", dp);
        d.nodeType = str(jd, "node_type", dp);
        d.boardId = str(jd, "board_id", dp);
        d.parentNetdev = str(jd, "parent_netdev", dp);
        const auto& ports = at(jd, "ports", dp);
        for (std::size_t k = 0; k < ports.size(); ++k) {
            const auto& jp = ports[k];
            const std::string pp = dp + ".ports[" + std::to_string(k) + "]";
            RdmaPort p;
            p.number = get<int>(jp, "port", pp);
            p.state = str(jp, "state", pp);
            p.physState = str(jp, "phys_state", pp);
            p.linkLayer = str(jp, "link_layer", pp);
            p.activeMtu = opt<int>(jp, "active_mtu", pp);
            p.maxMtu = opt<int>(jp, "max_mtu", pp);
            p.rate = str(jp, "rate", pp);
            p.netdev = str(jp, "netdev", pp);
            p.gidTableSize = get<int>(jp, "gid_table_size", pp);
            const auto& gids = at(jp, "gids", pp);
            for (std::size_t g = 0; g < gids.size(); ++g) {
                const auto& jg = gids[g];
                const std::string gp = pp + ".gids[" + std::to_string(g) + "]";
                GidEntry e;
                e.index = get<int>(jg, "index", gp);
                e.gid = str(jg, "gid", gp);
                e.type = gidTypeFromString(str(jg, "type", gp));
                e.netdev = str(jg, "netdev", gp);
                e.vlanId = opt<int>(jg, "vlan", gp);
                e.ipv4 = str(jg, "ipv4", gp);
                e.ipv6 = str(jg, "ipv6", gp);
                e.zero = get<bool>(jg, "zero", gp);
                e.linkLocal = get<bool>(jg, "link_local", gp);
                e.duplicate = get<bool>(jg, "duplicate", gp);
                p.gids.push_back(std::move(e));
            }
            d.ports.push_back(std::move(p));
        }
        f.devices.push_back(std::move(d));
    }
    const auto& netdevs = at(h, "netdevs", path);
    for (std::size_t i = 0; i < netdevs.size(); ++i) {
        const auto& jn = netdevs[i];
        const std::string np = path + ".netdevs[" + std::to_string(i) + "]";
        Netdev n;
        n.name = str(jn, "name", np);
        n.kind = str(jn, "kind", np);
        n.mtu = opt<int>(jn, "mtu", np);
        n.operState = str(jn, "state", np);
        n.mac = str(jn, "mac", np);
        n.ipv4 = get<std::vector<std::string>>(jn, "ipv4", np);
        n.ipv6 = get<std::vector<std::string>>(jn, "ipv6", np);
        n.vlanId = opt<int>(jn, "vlan", np);
        n.vlanParent = str(jn, "vlan_parent", np);
        n.egressQos = qos(at(jn, "egress_qos", np), np + ".egress_qos");
        n.ingressQos = qos(at(jn, "ingress_qos", np), np + ".ingress_qos");
        n.bondSlaves = get<std::vector<std::string>>(jn, "bond_slaves", np);
        n.bondMode = str(jn, "bond_mode", np);
        n.speedMbps = opt<int>(jn, "speed_mbps", np);
        const auto& jc = at(jn, "dcb", np);
        const std::string cp = np + ".dcb";
        n.dcb.source = str(jc, "source", cp);
        n.dcb.pfcEnabled = opt<std::array<bool, 8>>(jc, "pfc_enabled", cp);
        n.dcb.prioToTc = opt<std::array<int, 8>>(jc, "prio_to_tc", cp);
        n.dcb.tcBandwidth = opt<std::array<int, 8>>(jc, "tc_bandwidth", cp);
        n.dcb.tcTsa = opt<std::array<std::string, 8>>(jc, "tc_tsa", cp);
        n.dcb.trust = opt<std::string>(jc, "trust", cp);
        for (const auto& [k, v] : at(jc, "dscp_to_prio", cp).items()) {
            try {
                n.dcb.dscpToPrio[std::stoi(k)] = v.get<int>();
            } catch (const std::exception&) {
                throw Bad { cp + ".dscp_to_prio." + k, "must map a DSCP number to a priority" };
            }
        }
        n.dcb.dcbxMode = opt<std::string>(jc, "dcbx_mode", cp);
        n.dcb.willing = opt<bool>(jc, "willing", cp);
        n.dcb.unavailable = str(jc, "unavailable", cp);
        f.netdevs.push_back(std::move(n));
    }
    return f;
}

} // namespace

Result<std::map<std::string, HostFacts>> discoveryFromJson(const std::string& text, const std::string& fileName)
{
    std::map<std::string, HostFacts> out;
    try {
        const Json root = Json::parse(text);
        if (str(root, "schema", "$") != "rocepilot.discovery/1")
            throw Bad { "$.schema", "is not rocepilot.discovery/1 (the JSON of 'rocepilot-cli discover --json')" };
        const auto& hosts = at(root, "hosts", "$");
        for (std::size_t i = 0; i < hosts.size(); ++i) {
            const std::string path = "$.hosts[" + std::to_string(i) + "]";
            const std::string name = str(hosts[i], "name", path);
            if (!hosts[i].contains("devices"))
                continue; // a host discovery could not read: no facts to plan from (the caller says so)
            out[name] = readFacts(hosts[i], path);
        }
    } catch (const Bad& bad) {
        return fail(ErrorKind::Parse, bad.path + ": " + bad.what, fileName);
    } catch (const nlohmann::json::exception& e) {
        return fail(ErrorKind::Parse, "not valid JSON: " + jsonLibraryMessage(e.what()), fileName);
    }
    return out;
}

Result<std::map<std::string, HostFacts>> loadDiscoveryJson(const std::string& path)
{
    auto text = readTextFile(path, 256u << 20);
    if (!text)
        return std::unexpected(text.error());
    return discoveryFromJson(*text, path);
}

} // namespace rp

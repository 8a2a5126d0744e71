// SPDX-License-Identifier: GPL-3.0-or-later
#include "discovery/json.h"

#include "parse/parsers.h"

#include <nlohmann/json.hpp>

namespace rp {
namespace {

using Json = nlohmann::ordered_json;

template <class T> Json optional(const std::optional<T>& value)
{
    return value ? Json(*value) : Json(nullptr);
}

Json toJson(const GidEntry& g)
{
    return Json { { "index", g.index }, { "gid", g.gid }, { "type", toString(g.type) }, { "netdev", g.netdev },
        { "vlan", optional(g.vlanId) }, { "ipv4", g.ipv4 }, { "ipv6", g.ipv6 }, { "zero", g.zero },
        { "link_local", g.linkLocal }, { "duplicate", g.duplicate } };
}

Json toJson(const RdmaDevice& d)
{
    Json ports = Json::array();
    for (const auto& p : d.ports) {
        Json gids = Json::array();
        for (const auto& g : p.gids)
            gids.push_back(toJson(g));
        ports.push_back(Json { { "port", p.number }, { "state", p.state }, { "phys_state", p.physState },
            { "link_layer", p.linkLayer }, { "active_mtu", optional(p.activeMtu) }, { "max_mtu", optional(p.maxMtu) },
            { "rate", p.rate }, { "netdev", p.netdev }, { "gid_table_size", p.gidTableSize },
            { "gids", std::move(gids) } });
    }
    return Json { { "name", d.name }, { "driver", d.driver }, { "transport", toString(d.transport) },
        { "fw_version", d.fwVersion }, { "node_guid", d.nodeGuid }, { "node_type", d.nodeType },
        { "board_id", d.boardId }, { "parent_netdev", d.parentNetdev }, { "ports", std::move(ports) } };
}

Json toJson(const DcbInfo& dcb)
{
    Json out { { "source", dcb.source } };
    out["pfc_enabled"] = dcb.pfcEnabled ? Json(*dcb.pfcEnabled) : Json(nullptr);
    out["prio_to_tc"] = dcb.prioToTc ? Json(*dcb.prioToTc) : Json(nullptr);
    out["tc_bandwidth"] = dcb.tcBandwidth ? Json(*dcb.tcBandwidth) : Json(nullptr);
    out["tc_tsa"] = dcb.tcTsa ? Json(*dcb.tcTsa) : Json(nullptr);
    out["trust"] = optional(dcb.trust);
    Json map = Json::object();
    for (auto [dscp, prio] : dcb.dscpToPrio)
        map[std::to_string(dscp)] = prio;
    out["dscp_to_prio"] = std::move(map);
    out["dcbx_mode"] = optional(dcb.dcbxMode);
    out["willing"] = optional(dcb.willing);
    out["unavailable"] = dcb.unavailable;
    return out;
}

Json toJson(const Netdev& n)
{
    auto qos = [](const std::vector<QosMapEntry>& entries) {
        Json out = Json::array();
        for (const auto& e : entries)
            out.push_back(Json { { "from", e.from }, { "to", e.to } });
        return out;
    };
    return Json { { "name", n.name }, { "kind", n.kind }, { "mtu", optional(n.mtu) }, { "state", n.operState },
        { "mac", n.mac }, { "ipv4", n.ipv4 }, { "ipv6", n.ipv6 }, { "vlan", optional(n.vlanId) },
        { "vlan_parent", n.vlanParent }, { "egress_qos", qos(n.egressQos) }, { "ingress_qos", qos(n.ingressQos) },
        { "bond_slaves", n.bondSlaves }, { "bond_mode", n.bondMode }, { "speed_mbps", optional(n.speedMbps) },
        { "dcb", toJson(n.dcb) } };
}

std::string severityName(HostNote::Severity s)
{
    switch (s) {
    case HostNote::Severity::Info:
        return "info";
    case HostNote::Severity::Warning:
        return "warning";
    case HostNote::Severity::Error:
        return "error";
    }
    return "info";
}

Json notesJson(const std::vector<HostNote>& notes)
{
    Json out = Json::array();
    for (const auto& n : notes)
        out.push_back(Json { { "severity", severityName(n.severity) }, { "code", n.code }, { "message", n.message } });
    return out;
}

} // namespace

std::string discoveryToJson(const std::vector<HostOutcome>& outcomes, const std::vector<HostNote>& fabricNotes)
{
    Json hosts = Json::array();
    for (const auto& o : outcomes) {
        Json host { { "name", o.spec.name }, { "address", o.spec.local ? "localhost" : o.spec.address },
            { "state", std::string(toString(o.state)) }, { "seconds", o.seconds } };
        if (o.error)
            host["error"] = Json { { "kind", std::string(toString(o.error->kind)) }, { "message", o.error->message },
                { "where", o.error->where } };
        if (o.facts) {
            const auto& f = *o.facts;
            host["hostname"] = f.hostname;
            host["os"] = f.os;
            host["kernel"] = f.kernel;
            Json devices = Json::array();
            for (const auto& d : f.devices)
                devices.push_back(toJson(d));
            host["devices"] = std::move(devices);
            Json netdevs = Json::array();
            for (const auto& n : f.netdevs)
                netdevs.push_back(toJson(n));
            host["netdevs"] = std::move(netdevs);
            Json recs = Json::array();
            for (const auto& r : f.recommendations)
                recs.push_back(Json { { "device", r.device }, { "port", r.port }, { "gid_index", r.gidIndex },
                    { "gid", r.gid }, { "type", toString(r.type) }, { "netdev", r.netdev }, { "address", r.address },
                    { "reason", r.reason } });
            host["recommendations"] = std::move(recs);
            host["notes"] = notesJson(f.notes);
        }
        hosts.push_back(std::move(host));
    }
    Json doc { { "schema", "rocepilot.discovery/1" }, { "hosts", std::move(hosts) },
        { "fabric_notes", notesJson(fabricNotes) } };
    return doc.dump(2, ' ', false, Json::error_handler_t::replace) + "\n";
}

std::string parsedToJson(const std::string& file, const ParsedOutput& parsed)
{
    Json devices = Json::array();
    for (const auto& d : parsed.devices)
        devices.push_back(toJson(d));
    Json netdevs = Json::array();
    for (const auto& n : parsed.netdevs)
        netdevs.push_back(toJson(n));
    Json warnings = Json::array();
    for (const auto& w : parsed.warnings)
        warnings.push_back(Json { { "line", w.line }, { "message", w.message } });
    Json doc { { "schema", "rocepilot.parse/1" }, { "file", file }, { "kind", std::string(toString(parsed.kind)) },
        { "devices", std::move(devices) }, { "netdevs", std::move(netdevs) }, { "warnings", std::move(warnings) } };
    return doc.dump(2, ' ', false, nlohmann::ordered_json::error_handler_t::replace) + "\n";
}

} // namespace rp

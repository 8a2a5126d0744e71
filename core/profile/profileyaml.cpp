// SPDX-License-Identifier: GPL-3.0-or-later
// Profile YAML: load (file:line:col errors, unknown keys with a did-you-mean) and save. Same style as
// core/inventory/inventory.cpp.
#include "profile/profile.h"

#include "profile/yamlread.h"
#include "util/yamlfile.h"

namespace rp {
namespace {

using yamlread::at;
using yamlread::Reader;

// `var` is the name the macro declares: there it cannot take the parentheses bugprone-macro-parentheses asks for.
// NOLINTBEGIN(bugprone-macro-parentheses)
#define RP_TRY(var, expr)                                                                                              \
    auto var = (expr);                                                                                                 \
    if (!(var))                                                                                                        \
        return std::unexpected((var).error());
// NOLINTEND(bugprone-macro-parentheses)

const std::vector<std::pair<std::string_view, RoceMode>> kRoceModes
    = { { "v2", RoceMode::V2 }, { "v1", RoceMode::V1 } };

Result<Profile> parseRoot(const YAML::Node& root, const std::string& file)
{
    Reader r(file);
    Profile p;
    if (auto ok = r.keys(root,
            { "version", "name", "description", "mode", "roce", "cnp", "heartbeat", "trust", "vlan", "pfc", "ets",
                "mtu", "ecn", "dcbx", "buffer", "rdma_cm", "switch_ports" },
            "");
        !ok)
        return std::unexpected(ok.error());
    if (auto v = root["version"]) {
        RP_TRY(version, r.integer(v, "version"));
        if (*version != 1)
            return fail(ErrorKind::Parse,
                "profile version " + std::to_string(*version) + " is not one this RoCE Pilot understands (1)",
                at(file, v.Mark()));
    }
    if (auto v = root["name"]) {
        RP_TRY(t, r.text(v, "name"));
        p.name = *t;
    }
    if (auto v = root["description"]) {
        RP_TRY(t, r.text(v, "description"));
        p.description = *t;
    }
    if (auto v = root["mode"]) {
        RP_TRY(m,
            r.choice<FlowMode>(v, "mode", { { "lossless", FlowMode::Lossless }, { "ecn-only", FlowMode::EcnOnly } }));
        p.mode = *m;
    }
    if (auto v = root["trust"]) {
        RP_TRY(t, r.choice<TrustMode>(v, "trust", { { "dscp", TrustMode::Dscp }, { "pcp", TrustMode::Pcp } }));
        p.trust = *t;
    }
    if (auto v = root["vlan"]; v && !v.IsNull()) {
        RP_TRY(t, r.integer(v, "vlan"));
        p.vlan = *t;
    }
    if (auto node = root["roce"]) {
        if (auto ok = r.keys(node, { "mode", "dscp", "priority" }, "roce"); !ok)
            return std::unexpected(ok.error());
        if (auto v = node["mode"]) {
            RP_TRY(m, r.choice<RoceMode>(v, "roce.mode", kRoceModes));
            p.roceMode = *m;
        }
        if (auto v = node["dscp"]) {
            RP_TRY(t, r.integer(v, "roce.dscp"));
            p.roceDscp = *t;
        }
        if (auto v = node["priority"]) {
            RP_TRY(t, r.integer(v, "roce.priority"));
            p.rocePriority = *t;
        }
    }
    if (auto node = root["cnp"]) {
        if (auto ok = r.keys(node, { "dscp", "priority", "strict" }, "cnp"); !ok)
            return std::unexpected(ok.error());
        if (auto v = node["dscp"]) {
            RP_TRY(t, r.integer(v, "cnp.dscp"));
            p.cnpDscp = *t;
        }
        if (auto v = node["priority"]) {
            RP_TRY(t, r.integer(v, "cnp.priority"));
            p.cnpPriority = *t;
        }
        if (auto v = node["strict"]) {
            RP_TRY(t, r.boolean(v, "cnp.strict"));
            p.cnpStrict = *t;
        }
    }
    if (auto node = root["heartbeat"]; node && !node.IsNull()) {
        if (auto ok = r.keys(node, { "priority", "dscp" }, "heartbeat"); !ok)
            return std::unexpected(ok.error());
        HeartbeatClass hb;
        if (auto v = node["priority"]) {
            RP_TRY(t, r.integer(v, "heartbeat.priority"));
            hb.priority = *t;
        }
        if (auto v = node["dscp"]) {
            RP_TRY(t, r.integer(v, "heartbeat.dscp"));
            hb.dscp = *t;
        }
        p.heartbeat = hb;
    }
    if (auto node = root["pfc"]) {
        if (auto ok = r.keys(node, { "priorities", "watchdog" }, "pfc"); !ok)
            return std::unexpected(ok.error());
        if (auto v = node["priorities"]) {
            RP_TRY(t, r.integers(v, "pfc.priorities"));
            p.pfcPriorities = *t;
        }
        if (auto v = node["watchdog"]) {
            RP_TRY(t, r.boolean(v, "pfc.watchdog"));
            p.pfcWatchdog = *t;
        }
    }
    if (auto node = root["ets"]) {
        if (auto ok = r.keys(node, { "prio_tc", "bandwidth", "strict" }, "ets"); !ok)
            return std::unexpected(ok.error());
        if (auto v = node["prio_tc"]) {
            RP_TRY(t, r.eight(v, "ets.prio_tc"));
            p.prioToTc = *t;
        }
        if (auto v = node["bandwidth"]) {
            RP_TRY(t, r.eight(v, "ets.bandwidth"));
            p.tcBandwidth = *t;
        }
        if (auto v = node["strict"]) {
            RP_TRY(t, r.integers(v, "ets.strict"));
            p.strictTcs = *t;
        }
    }
    if (auto node = root["mtu"]) {
        if (auto ok = r.keys(node, { "host", "switch" }, "mtu"); !ok)
            return std::unexpected(ok.error());
        if (auto v = node["host"]) {
            RP_TRY(t, r.integer(v, "mtu.host"));
            p.hostMtu = *t;
        }
        if (auto v = node["switch"]) {
            RP_TRY(t, r.integer(v, "mtu.switch"));
            p.switchMtu = *t;
        }
    }
    if (auto node = root["ecn"]) {
        if (auto ok = r.keys(node, { "enabled", "min_kb", "max_kb", "probability" }, "ecn"); !ok)
            return std::unexpected(ok.error());
        if (auto v = node["enabled"]) {
            RP_TRY(t, r.boolean(v, "ecn.enabled"));
            p.ecn.enabled = *t;
        }
        if (auto v = node["min_kb"]) {
            RP_TRY(t, r.integer(v, "ecn.min_kb"));
            p.ecn.minKb = *t;
        }
        if (auto v = node["max_kb"]) {
            RP_TRY(t, r.integer(v, "ecn.max_kb"));
            p.ecn.maxKb = *t;
        }
        if (auto v = node["probability"]) {
            RP_TRY(t, r.integer(v, "ecn.probability"));
            p.ecn.probability = *t;
        }
    }
    if (auto node = root["dcbx"]) {
        if (auto ok = r.keys(node, { "host_willing", "lldp_agent" }, "dcbx"); !ok)
            return std::unexpected(ok.error());
        if (auto v = node["host_willing"]) {
            RP_TRY(t, r.boolean(v, "dcbx.host_willing"));
            p.hostWilling = *t;
        }
        if (auto v = node["lldp_agent"]) {
            RP_TRY(t,
                r.choice<LldpAgent>(
                    v, "dcbx.lldp_agent", { { "os", LldpAgent::Os }, { "firmware", LldpAgent::Firmware } }));
            p.lldpAgent = *t;
        }
    }
    if (auto node = root["buffer"]; node && !node.IsNull()) {
        if (auto ok = r.keys(node, { "cable_length_m", "lossless_percent" }, "buffer"); !ok)
            return std::unexpected(ok.error());
        if (auto v = node["cable_length_m"]) {
            RP_TRY(t, r.integer(v, "buffer.cable_length_m"));
            p.cableLengthM = *t;
        }
        if (auto v = node["lossless_percent"]) {
            RP_TRY(t, r.integer(v, "buffer.lossless_percent"));
            p.losslessBufferPercent = *t;
        }
    }
    p.rdmaCmMode = p.roceMode;
    p.rdmaCmTos = p.roceDscp * 4;
    if (auto node = root["rdma_cm"]) {
        if (auto ok = r.keys(node, { "mode", "tos" }, "rdma_cm"); !ok)
            return std::unexpected(ok.error());
        if (auto v = node["mode"]) {
            RP_TRY(m, r.choice<RoceMode>(v, "rdma_cm.mode", kRoceModes));
            p.rdmaCmMode = *m;
        }
        if (auto v = node["tos"]) {
            RP_TRY(t, r.integer(v, "rdma_cm.tos"));
            p.rdmaCmTos = *t;
        }
    }
    if (auto node = root["switch_ports"]) {
        if (auto ok = r.keys(node, { "host_facing", "uplinks" }, "switch_ports"); !ok)
            return std::unexpected(ok.error());
        if (auto v = node["host_facing"]) {
            RP_TRY(t, r.boolean(v, "switch_ports.host_facing"));
            p.qosOnHostPorts = *t;
        }
        if (auto v = node["uplinks"]) {
            RP_TRY(t, r.boolean(v, "switch_ports.uplinks"));
            p.qosOnUplinks = *t;
        }
    }
    return p;
}

#undef RP_TRY

void emitList(YAML::Emitter& out, const char* key, const auto& values)
{
    out << YAML::Key << key << YAML::Value << YAML::Flow << YAML::BeginSeq;
    for (int v : values)
        out << v;
    out << YAML::EndSeq;
}

} // namespace

Result<Profile> parseProfileUnchecked(const std::string& yamlText, const std::string& fileName)
{
    return yamlfile::readMap(yamlText, fileName, "a map of profile keys (roce, cnp, pfc, ...)",
        [&](const YAML::Node& root) { return parseRoot(root, fileName); });
}

std::string locateField(const std::string& yamlText, const std::string& fileName, const std::string& field)
{
    try {
        YAML::Node node = YAML::Load(yamlText);
        std::string_view rest = field;
        while (!rest.empty() && node.IsMap()) {
            auto dot = rest.find('.');
            std::string key(rest.substr(0, dot));
            YAML::Node next; // reset(), not '=': assigning a Node writes into the tree it refers to
            bool found = false;
            for (const auto& item : node) {
                if (!found && item.first.IsScalar() && item.first.Scalar() == key) {
                    next.reset(item.second);
                    found = true;
                }
            }
            if (!found) // the field is not in the file: point at the nearest section that is
                return rest.size() == field.size() ? fileName : at(fileName, node.Mark());
            node.reset(next);
            rest = dot == std::string_view::npos ? std::string_view {} : rest.substr(dot + 1);
        }
        return rest.empty() ? at(fileName, node.Mark()) : fileName;
    } catch (const YAML::Exception&) {
        return fileName;
    }
}

Result<Profile> parseProfile(const std::string& yamlText, const std::string& fileName)
{
    auto profile = parseProfileUnchecked(yamlText, fileName);
    if (!profile)
        return profile;
    for (const auto& issue : checkProfile(*profile)) {
        if (issue.error)
            return fail(ErrorKind::Validation, issue.message, locateField(yamlText, fileName, issue.field));
    }
    return profile;
}

Result<Profile> loadProfile(const std::string& path)
{
    return yamlfile::loadFile(path, 1u << 20, parseProfile);
}

std::string profileToYaml(const Profile& p)
{
    YAML::Emitter out;
    out << YAML::BeginMap;
    out << YAML::Key << "version" << YAML::Value << 1;
    out << YAML::Key << "name" << YAML::Value << YAML::DoubleQuoted << p.name;
    out << YAML::Key << "description" << YAML::Value << YAML::DoubleQuoted << p.description;
    out << YAML::Key << "mode" << YAML::Value << toString(p.mode);
    out << YAML::Key << "roce" << YAML::Value << YAML::BeginMap;
    out << YAML::Key << "mode" << YAML::Value << toString(p.roceMode);
    out << YAML::Key << "dscp" << YAML::Value << p.roceDscp;
    out << YAML::Key << "priority" << YAML::Value << p.rocePriority;
    out << YAML::EndMap;
    out << YAML::Key << "cnp" << YAML::Value << YAML::BeginMap;
    out << YAML::Key << "dscp" << YAML::Value << p.cnpDscp;
    out << YAML::Key << "priority" << YAML::Value << p.cnpPriority;
    out << YAML::Key << "strict" << YAML::Value << p.cnpStrict;
    out << YAML::EndMap;
    if (p.heartbeat) {
        out << YAML::Key << "heartbeat" << YAML::Value << YAML::BeginMap;
        out << YAML::Key << "priority" << YAML::Value << p.heartbeat->priority;
        out << YAML::Key << "dscp" << YAML::Value << p.heartbeat->dscp;
        out << YAML::EndMap;
    }
    out << YAML::Key << "trust" << YAML::Value << toString(p.trust);
    if (p.vlan)
        out << YAML::Key << "vlan" << YAML::Value << *p.vlan;
    out << YAML::Key << "pfc" << YAML::Value << YAML::BeginMap;
    emitList(out, "priorities", p.pfcPriorities);
    out << YAML::Key << "watchdog" << YAML::Value << p.pfcWatchdog;
    out << YAML::EndMap;
    out << YAML::Key << "ets" << YAML::Value << YAML::BeginMap;
    emitList(out, "prio_tc", p.prioToTc);
    emitList(out, "bandwidth", p.tcBandwidth);
    emitList(out, "strict", p.strictTcs);
    out << YAML::EndMap;
    out << YAML::Key << "mtu" << YAML::Value << YAML::BeginMap;
    out << YAML::Key << "host" << YAML::Value << p.hostMtu;
    out << YAML::Key << "switch" << YAML::Value << p.switchMtu;
    out << YAML::EndMap;
    out << YAML::Key << "ecn" << YAML::Value << YAML::BeginMap;
    out << YAML::Key << "enabled" << YAML::Value << p.ecn.enabled;
    out << YAML::Key << "min_kb" << YAML::Value << p.ecn.minKb;
    out << YAML::Key << "max_kb" << YAML::Value << p.ecn.maxKb;
    out << YAML::Key << "probability" << YAML::Value << p.ecn.probability;
    out << YAML::EndMap;
    out << YAML::Key << "dcbx" << YAML::Value << YAML::BeginMap;
    out << YAML::Key << "host_willing" << YAML::Value << p.hostWilling;
    out << YAML::Key << "lldp_agent" << YAML::Value << toString(p.lldpAgent);
    out << YAML::EndMap;
    if (p.cableLengthM || p.losslessBufferPercent) {
        out << YAML::Key << "buffer" << YAML::Value << YAML::BeginMap;
        if (p.cableLengthM)
            out << YAML::Key << "cable_length_m" << YAML::Value << *p.cableLengthM;
        if (p.losslessBufferPercent)
            out << YAML::Key << "lossless_percent" << YAML::Value << *p.losslessBufferPercent;
        out << YAML::EndMap;
    }
    out << YAML::Key << "rdma_cm" << YAML::Value << YAML::BeginMap;
    out << YAML::Key << "mode" << YAML::Value << toString(p.rdmaCmMode);
    out << YAML::Key << "tos" << YAML::Value << p.rdmaCmTos;
    out << YAML::EndMap;
    out << YAML::Key << "switch_ports" << YAML::Value << YAML::BeginMap;
    out << YAML::Key << "host_facing" << YAML::Value << p.qosOnHostPorts;
    out << YAML::Key << "uplinks" << YAML::Value << p.qosOnUplinks;
    out << YAML::EndMap;
    out << YAML::EndMap;
    return std::string(out.c_str()) + "\n";
}

} // namespace rp

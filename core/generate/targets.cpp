// SPDX-License-Identifier: GPL-3.0-or-later
#include "generate/targets.h"

#include "profile/yamlread.h"
#include "util/command.h"
#include "util/files.h"

#include <set>

namespace rp {
namespace {

using yamlread::at;
using yamlread::Reader;

struct VendorName
{
    SwitchVendor vendor;
    std::string_view id;
    std::string_view title;
};

const VendorName kVendors[] = {
    { SwitchVendor::Cumulus, "cumulus", "NVIDIA Cumulus Linux (NVUE)" },
    { SwitchVendor::Onyx, "onyx", "NVIDIA Onyx" },
    { SwitchVendor::Sonic, "sonic", "SONiC (config_db patch and CLI)" },
    { SwitchVendor::Eos, "eos", "Arista EOS" },
    { SwitchVendor::NxOs, "nxos", "Cisco NX-OS" },
    { SwitchVendor::Os10, "os10", "Dell OS10" },
    { SwitchVendor::Junos, "junos", "Juniper Junos (QFX)" },
    { SwitchVendor::Ftos, "ftos", "Dell Force10 FTOS" },
};

Result<std::string> reject(std::string_view what, std::string_view value, std::string_view why)
{
    return fail(
        ErrorKind::Validation, std::string(what) + " '" + std::string(value) + "' rejected: " + std::string(why));
}

Result<std::vector<HostInterface>> parseInterfaces(Reader& r, const YAML::Node& node, const std::string& file)
{
    if (!node.IsSequence())
        return fail(ErrorKind::Parse, "'interfaces' must be a list", at(file, node.Mark()));
    std::vector<HostInterface> out;
    for (const auto& item : node) {
        HostInterface itf;
        if (item.IsScalar()) {
            itf.name = item.Scalar();
        } else {
            if (auto ok = r.keys(item, { "name", "rdma_device", "rdma_port" }, "interfaces"); !ok)
                return std::unexpected(ok.error());
            if (auto v = item["name"]) {
                auto t = r.text(v, "interfaces.name");
                if (!t)
                    return std::unexpected(t.error());
                itf.name = *t;
            }
            if (auto v = item["rdma_device"]) {
                auto t = r.text(v, "interfaces.rdma_device");
                if (!t)
                    return std::unexpected(t.error());
                itf.rdmaDevice = *t;
            }
            if (auto v = item["rdma_port"]) {
                auto t = r.integer(v, "interfaces.rdma_port");
                if (!t)
                    return std::unexpected(t.error());
                itf.rdmaPort = *t;
            }
            if (itf.name.empty())
                return fail(ErrorKind::Parse, "an interface needs a 'name'", at(file, item.Mark()));
        }
        out.push_back(std::move(itf));
    }
    return out;
}

Result<std::vector<std::string>> parsePorts(
    Reader& r, const YAML::Node& node, const std::string& path, const std::string& file)
{
    std::vector<std::string> out;
    if (node.IsNull())
        return out;
    if (!node.IsSequence())
        return fail(ErrorKind::Parse, "'" + path + "' must be a list of port names", at(file, node.Mark()));
    for (const auto& item : node) {
        auto t = r.text(item, path);
        if (!t)
            return std::unexpected(t.error());
        out.push_back(*t);
    }
    return out;
}

} // namespace

std::string toString(SwitchVendor vendor)
{
    for (const auto& v : kVendors) {
        if (v.vendor == vendor)
            return std::string(v.id);
    }
    return "cumulus";
}

std::string vendorTitle(SwitchVendor vendor)
{
    for (const auto& v : kVendors) {
        if (v.vendor == vendor)
            return std::string(v.title);
    }
    return {};
}

std::optional<SwitchVendor> switchVendorFromString(std::string_view text)
{
    for (const auto& v : kVendors) {
        if (v.id == text)
            return v.vendor;
    }
    return std::nullopt;
}

const std::vector<SwitchVendor>& allSwitchVendors()
{
    static const std::vector<SwitchVendor> all = [] {
        std::vector<SwitchVendor> out;
        for (const auto& v : kVendors)
            out.push_back(v.vendor);
        return out;
    }();
    return all;
}

Result<std::string> validateWindowsAdapterName(std::string_view name)
{
    if (name.empty())
        return reject("adapter name", name, "empty");
    if (name.size() > 128)
        return reject("adapter name", name, "longer than 128 characters");
    if (name.front() == ' ' || name.back() == ' ')
        return reject("adapter name", name, "leading or trailing space");
    for (char c : name) {
        bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == ' ' || c == '-'
            || c == '_' || c == '.' || c == '(' || c == ')' || c == '#';
        if (!ok)
            return reject("adapter name", name, "only letters, digits, space and - _ . ( ) # are allowed");
    }
    return std::string(name);
}

Result<std::string> validateSwitchPortName(std::string_view name)
{
    if (name.empty())
        return reject("switch port", name, "empty");
    if (name.size() > 64)
        return reject("switch port", name, "longer than 64 characters");
    if (name.front() == ' ' || name.back() == ' ' || name.find("  ") != std::string_view::npos)
        return reject("switch port", name, "stray spaces");
    for (char c : name) {
        bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == ' ' || c == '-'
            || c == '_' || c == '.' || c == '/' || c == ':';
        if (!ok)
            return reject("switch port", name, "only letters, digits, space and - _ . / : are allowed");
    }
    return std::string(name);
}

Result<std::string> validateTargetName(std::string_view name)
{
    if (name.empty())
        return reject("target name", name, "empty");
    if (name.size() > 64)
        return reject("target name", name, "longer than 64 characters");
    if (name.front() == '.' || name == "plan")
        return reject("target name", name, "reserved");
    for (char c : name) {
        bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' || c == '_'
            || c == '.';
        if (!ok)
            return reject("target name", name, "only letters, digits and - _ . are allowed (it becomes a file name)");
    }
    return std::string(name);
}

Result<PlanInventory> parsePlanInventory(const std::string& yamlText, const std::string& fileName)
{
    YAML::Node root;
    try {
        root = YAML::Load(yamlText);
    } catch (const YAML::Exception& e) {
        return fail(ErrorKind::Parse, e.msg, at(fileName, e.mark));
    }
    if (root.IsNull())
        return fail(ErrorKind::Parse, "the file is empty", fileName);
    Reader r(fileName);
    PlanInventory inv;
    try {
        if (auto ok = r.keys(root, { "version", "known_hosts", "hosts", "switches" }, "the plan inventory"); !ok)
            return std::unexpected(ok.error());
        if (auto v = root["version"]) {
            auto version = r.integer(v, "version");
            if (!version)
                return std::unexpected(version.error());
            if (*version != 1)
                return fail(ErrorKind::Parse, "inventory version " + std::to_string(*version) + " is not 1",
                    at(fileName, v.Mark()));
        }
        std::set<std::string> names;
        if (auto hosts = root["hosts"]; hosts && !hosts.IsNull()) {
            if (!hosts.IsSequence())
                return fail(ErrorKind::Parse, "'hosts' must be a list", at(fileName, hosts.Mark()));
            for (const auto& node : hosts) {
                // The discovery keys are accepted so one file can serve `discover` and `plan`.
                if (auto ok = r.keys(node,
                        { "name", "kind", "interfaces", "address", "port", "user", "auth", "key_file", "local",
                            "sysfs_root" },
                        "a host");
                    !ok)
                    return std::unexpected(ok.error());
                PlanHost host;
                if (auto v = node["name"]) {
                    auto t = r.text(v, "name");
                    if (!t)
                        return std::unexpected(t.error());
                    host.name = *t;
                }
                if (host.name.empty())
                    return fail(ErrorKind::Parse, "a host needs a 'name'", at(fileName, node.Mark()));
                if (auto v = node["kind"]) {
                    auto k = r.choice<HostKind>(v, "kind",
                        { { "linux", HostKind::LinuxGeneric }, { "linux-nvidia", HostKind::LinuxNvidia },
                            { "windows", HostKind::Windows } });
                    if (!k)
                        return std::unexpected(k.error());
                    host.kind = *k;
                }
                if (auto v = node["interfaces"]) {
                    auto list = parseInterfaces(r, v, fileName);
                    if (!list)
                        return std::unexpected(list.error());
                    host.interfaces = std::move(*list);
                }
                if (!names.insert(host.name).second)
                    return fail(
                        ErrorKind::Parse, "target name '" + host.name + "' is used twice", at(fileName, node.Mark()));
                inv.hosts.push_back(std::move(host));
            }
        }
        if (auto switches = root["switches"]; switches && !switches.IsNull()) {
            if (!switches.IsSequence())
                return fail(ErrorKind::Parse, "'switches' must be a list", at(fileName, switches.Mark()));
            for (const auto& node : switches) {
                if (auto ok = r.keys(node, { "name", "vendor", "host_ports", "uplink_ports" }, "a switch"); !ok)
                    return std::unexpected(ok.error());
                SwitchSpec sw;
                if (auto v = node["name"]) {
                    auto t = r.text(v, "name");
                    if (!t)
                        return std::unexpected(t.error());
                    sw.name = *t;
                }
                if (sw.name.empty())
                    return fail(ErrorKind::Parse, "a switch needs a 'name'", at(fileName, node.Mark()));
                auto v = node["vendor"];
                if (!v)
                    return fail(
                        ErrorKind::Parse, "switch '" + sw.name + "' needs a 'vendor'", at(fileName, node.Mark()));
                std::vector<std::pair<std::string_view, SwitchVendor>> options;
                for (const auto& vendor : kVendors)
                    options.emplace_back(vendor.id, vendor.vendor);
                auto vendor = r.choice<SwitchVendor>(v, "vendor", options);
                if (!vendor)
                    return std::unexpected(vendor.error());
                sw.vendor = *vendor;
                if (auto p = node["host_ports"]) {
                    auto ports = parsePorts(r, p, "host_ports", fileName);
                    if (!ports)
                        return std::unexpected(ports.error());
                    sw.hostPorts = std::move(*ports);
                }
                if (auto p = node["uplink_ports"]) {
                    auto ports = parsePorts(r, p, "uplink_ports", fileName);
                    if (!ports)
                        return std::unexpected(ports.error());
                    sw.uplinkPorts = std::move(*ports);
                }
                if (!names.insert(sw.name).second)
                    return fail(
                        ErrorKind::Parse, "target name '" + sw.name + "' is used twice", at(fileName, node.Mark()));
                inv.switches.push_back(std::move(sw));
            }
        }
    } catch (const YAML::Exception& e) {
        return fail(ErrorKind::Parse, e.msg, at(fileName, e.mark));
    }
    if (auto ok = validatePlanInventory(inv); !ok) {
        auto error = ok.error();
        error.where = fileName + (error.where.empty() ? "" : ": " + error.where);
        return std::unexpected(error);
    }
    return inv;
}

Result<PlanInventory> loadPlanInventory(const std::string& path)
{
    auto text = readTextFile(path, 4u << 20);
    if (!text)
        return std::unexpected(text.error());
    return parsePlanInventory(*text, path);
}

Result<void> validatePlanInventory(const PlanInventory& inv)
{
    if (inv.hosts.empty() && inv.switches.empty())
        return fail(ErrorKind::Validation, "the plan inventory has no hosts and no switches");
    std::set<std::string> names;
    for (const auto& host : inv.hosts) {
        auto where = "host '" + host.name + "'";
        if (auto ok = validateTargetName(host.name); !ok)
            return fail(ErrorKind::Validation, ok.error().message, where);
        if (!names.insert(host.name).second)
            return fail(ErrorKind::Validation, "name is used twice", where);
        if (host.interfaces.empty())
            return fail(ErrorKind::Validation, "no interfaces: list the RoCE interfaces to configure", where);
        std::set<std::string> seen;
        for (const auto& itf : host.interfaces) {
            auto ok = host.kind == HostKind::Windows ? validateWindowsAdapterName(itf.name)
                                                     : validateInterfaceName(itf.name);
            if (!ok)
                return fail(ErrorKind::Validation, ok.error().message, where);
            if (!seen.insert(itf.name).second)
                return fail(ErrorKind::Validation, "interface '" + itf.name + "' is listed twice", where);
            if (!itf.rdmaDevice.empty()) {
                if (auto dev = validateRdmaDeviceName(itf.rdmaDevice); !dev)
                    return fail(ErrorKind::Validation, dev.error().message, where);
            }
            if (itf.rdmaPort < 1 || itf.rdmaPort > 255)
                return fail(ErrorKind::Validation, "rdma_port must be 1..255", where);
        }
    }
    for (const auto& sw : inv.switches) {
        auto where = "switch '" + sw.name + "'";
        if (auto ok = validateTargetName(sw.name); !ok)
            return fail(ErrorKind::Validation, ok.error().message, where);
        if (!names.insert(sw.name).second)
            return fail(ErrorKind::Validation, "name is used twice", where);
        if (sw.hostPorts.empty() && sw.uplinkPorts.empty())
            return fail(ErrorKind::Validation, "no ports: list host_ports and/or uplink_ports", where);
        std::set<std::string> seen;
        for (const auto* ports : { &sw.hostPorts, &sw.uplinkPorts }) {
            for (const auto& port : *ports) {
                if (auto ok = validateSwitchPortName(port); !ok)
                    return fail(ErrorKind::Validation, ok.error().message, where);
                if (!seen.insert(port).second)
                    return fail(ErrorKind::Validation, "port '" + port + "' is listed twice", where);
            }
        }
    }
    return {};
}

PlanHost planHostFromFacts(const HostSpec& spec, const HostFacts& facts)
{
    PlanHost host;
    host.name = spec.name;
    host.kind = spec.kind;
    std::set<std::string> seen;
    for (const auto& device : facts.devices) {
        if (device.transport != Transport::RoCE)
            continue;
        for (const auto& port : device.ports) {
            if (port.netdev.empty() || !validateInterfaceName(port.netdev) || !seen.insert(port.netdev).second)
                continue;
            host.interfaces.push_back({ port.netdev, device.name, port.number });
        }
    }
    return host;
}

} // namespace rp

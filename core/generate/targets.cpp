// SPDX-License-Identifier: GPL-3.0-or-later
#include "generate/targets.h"

#include "util/command.h"
#include "util/yamlfile.h"

#include <set>

namespace rp {
namespace {

Result<std::string> reject(std::string_view what, std::string_view value, std::string_view why)
{
    return fail(
        ErrorKind::Validation, std::string(what) + " '" + std::string(value) + "' rejected: " + std::string(why));
}

} // namespace

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
    auto inventory = parseInventoryForPlan(yamlText, fileName);
    if (!inventory)
        return std::unexpected(inventory.error());
    return yamlfile::checked<PlanInventory>(planInventoryFrom(*inventory), fileName, validatePlanInventory);
}

Result<PlanInventory> loadPlanInventory(const std::string& path)
{
    return yamlfile::loadFile(path, 4u << 20, parsePlanInventory);
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
    host.dcb = spec.dcb;
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
    if (!spec.interfaces.empty()) {
        // The admin's list wins; discovery only fills in the RDMA device of a netdev it knows.
        std::vector<HostInterface> listed = spec.interfaces;
        for (auto& itf : listed) {
            for (const auto& found : host.interfaces) {
                if (itf.rdmaDevice.empty() && found.name == itf.name) {
                    itf.rdmaDevice = found.rdmaDevice;
                    itf.rdmaPort = found.rdmaPort;
                }
            }
        }
        host.interfaces = std::move(listed);
    }
    return host;
}

PlanInventory planInventoryFrom(const Inventory& inventory, const std::map<std::string, HostFacts>& facts)
{
    PlanInventory out;
    for (const auto& spec : inventory.hosts) {
        if (auto f = facts.find(spec.name); f != facts.end()) {
            out.hosts.push_back(planHostFromFacts(spec, f->second));
        } else {
            PlanHost host;
            host.name = spec.name;
            host.kind = spec.kind;
            host.dcb = spec.dcb;
            host.interfaces = spec.interfaces;
            out.hosts.push_back(std::move(host));
        }
    }
    out.switches = inventory.switches;
    return out;
}

} // namespace rp

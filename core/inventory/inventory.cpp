// SPDX-License-Identifier: GPL-3.0-or-later
#include "inventory/inventory.h"

#include "profile/yamlread.h"
#include "util/command.h"
#include "util/files.h"
#include "util/text.h"
#include "util/yamlfile.h"

#include <charconv>
#include <cstdlib>
#include <set>
#include <yaml-cpp/yaml.h>

#include <arpa/inet.h>

namespace rp {
namespace {

using yamlfile::at;

Result<std::string> scalar(const YAML::Node& node, std::string_view key, const std::string& file)
{
    if (!node.IsScalar())
        return fail(ErrorKind::Parse, "'" + std::string(key) + "' must be a single value", at(file, node.Mark()));
    // Every inventory value is a name, address, user, port or path: none holds a control character, and one that
    // did would not come back from a save as it was read (found by fuzz_inventory: a NUL in known_hosts).
    for (char c : node.Scalar()) {
        if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f)
            return fail(
                ErrorKind::Parse, "'" + std::string(key) + "' holds a control character", at(file, node.Mark()));
    }
    // The file was UTF-8, but yaml-cpp can still hand back a scalar that is not (found by fuzz_inventory: a NUL then
    // '_' inside key_file came back as a lone 0xA0 byte, which a save then wrote as U+FFFD).
    // Nor a Unicode noncharacter, which a save writes as U+FFFD (fuzz_inventory, in an interface name).
    if (!yamlfile::savesAsRead(node.Scalar()))
        return fail(ErrorKind::Parse, "'" + std::string(key) + "' is not UTF-8 text (or holds a Unicode noncharacter)",
            at(file, node.Mark()));
    return node.Scalar();
}

Result<int> integer(const YAML::Node& node, std::string_view key, const std::string& file, int min, int max)
{
    auto text = scalar(node, key, file);
    if (!text)
        return std::unexpected(text.error());
    int value = 0;
    auto [ptr, ec] = std::from_chars(text->data(), text->data() + text->size(), value);
    if (ec != std::errc() || ptr != text->data() + text->size() || value < min || value > max)
        return fail(ErrorKind::Parse,
            "'" + std::string(key) + "' must be a whole number from " + std::to_string(min) + " to "
                + std::to_string(max) + ", not '" + *text + "'",
            at(file, node.Mark()));
    return value;
}

Result<bool> boolean(const YAML::Node& node, std::string_view key, const std::string& file)
{
    auto text = scalar(node, key, file);
    if (!text)
        return std::unexpected(text.error());
    if (*text == "true" || *text == "yes")
        return true;
    if (*text == "false" || *text == "no")
        return false;
    return fail(ErrorKind::Parse, "'" + std::string(key) + "' must be true or false, not '" + *text + "'",
        at(file, node.Mark()));
}

bool isNumericAddress(const std::string& text)
{
    in_addr v4 {};
    in6_addr v6 {};
    return ::inet_pton(AF_INET, text.c_str(), &v4) == 1 || ::inet_pton(AF_INET6, text.c_str(), &v6) == 1;
}

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

Result<std::vector<HostInterface>> parseInterfaces(yamlread::Reader& r, const YAML::Node& node, const std::string& file)
{
    if (!node.IsSequence())
        return fail(ErrorKind::Parse, "'interfaces' must be a list", at(file, node.Mark()));
    std::vector<HostInterface> out;
    for (const auto& item : node) {
        HostInterface itf;
        if (item.IsScalar()) {
            // the short form, "- eth0": read like every other value (a bare "!" or "" is no name)
            auto t = r.text(item, "interfaces");
            if (!t)
                return std::unexpected(t.error());
            itf.name = *t;
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
        }
        if (itf.name.empty())
            return fail(ErrorKind::Parse, "an interface needs a 'name'", at(file, item.Mark()));
        out.push_back(std::move(itf));
    }
    return out;
}

Result<std::vector<std::string>> parsePorts(
    yamlread::Reader& r, const YAML::Node& node, const std::string& path, const std::string& file)
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

Result<AuthMethod> parseAuth(const YAML::Node& value, const std::string& file)
{
    auto text = scalar(value, "auth", file);
    if (!text)
        return std::unexpected(text.error());
    if (*text == "agent")
        return AuthMethod::Agent;
    if (*text == "key")
        return AuthMethod::KeyFile;
    if (*text == "password")
        return AuthMethod::Password;
    return fail(ErrorKind::Parse, "'auth' must be agent, key or password, not '" + *text + "'", at(file, value.Mark()));
}

Result<SwitchSpec> parseSwitch(yamlread::Reader& r, const YAML::Node& node, const std::string& file)
{
    if (auto ok = r.keys(node,
            { "name", "vendor", "host_ports", "uplink_ports", "address", "port", "user", "auth", "key_file" },
            "a switch");
        !ok)
        return std::unexpected(ok.error());
    SwitchSpec sw;
    if (auto v = node["name"]) {
        auto t = r.text(v, "name");
        if (!t)
            return std::unexpected(t.error());
        sw.name = *t;
    }
    if (sw.name.empty())
        return fail(ErrorKind::Parse, "a switch needs a 'name'", at(file, node.Mark()));
    auto v = node["vendor"];
    if (!v)
        return fail(ErrorKind::Parse, "switch '" + sw.name + "' needs a 'vendor'", at(file, node.Mark()));
    std::vector<std::pair<std::string_view, SwitchVendor>> options;
    for (const auto& vendor : kVendors)
        options.emplace_back(vendor.id, vendor.vendor);
    auto vendor = r.choice<SwitchVendor>(v, "vendor", options);
    if (!vendor)
        return std::unexpected(vendor.error());
    sw.vendor = *vendor;
    for (const auto* key : { "host_ports", "uplink_ports" }) {
        if (auto p = node[key]) {
            auto ports = parsePorts(r, p, key, file);
            if (!ports)
                return std::unexpected(ports.error());
            (std::string_view(key) == "host_ports" ? sw.hostPorts : sw.uplinkPorts) = std::move(*ports);
        }
    }
    Result<void> step;
    for (const auto& item : node) {
        const auto key = item.first.Scalar();
        const auto& value = item.second;
        if (key == "address") {
            auto t = scalar(value, key, file);
            step = t ? (sw.address = *t, Result<void> {}) : std::unexpected(t.error());
        } else if (key == "user") {
            auto t = scalar(value, key, file);
            step = t ? (sw.user = *t, Result<void> {}) : std::unexpected(t.error());
        } else if (key == "key_file") {
            auto t = scalar(value, key, file);
            step = t ? (sw.keyFile = *t, Result<void> {}) : std::unexpected(t.error());
        } else if (key == "port") {
            auto t = integer(value, key, file, 1, 65535);
            step = t ? (sw.port = *t, Result<void> {}) : std::unexpected(t.error());
        } else if (key == "auth") {
            auto t = parseAuth(value, file);
            step = t ? (sw.auth = *t, Result<void> {}) : std::unexpected(t.error());
        }
        if (!step)
            return std::unexpected(step.error());
    }
    return sw;
}

Result<HostSpec> parseHost(const YAML::Node& node, const std::string& file, bool needAddress)
{
    if (!node.IsMap())
        return fail(ErrorKind::Parse, "each host must be a map of keys", at(file, node.Mark()));
    static const std::vector<std::string_view> keys = { "name", "address", "port", "user", "auth", "key_file", "kind",
        "local", "sysfs_root", "data_address", "rack", "sudo", "interfaces", "dcb" };
    if (auto ok = yamlread::checkKeys(node, keys, file, "a host"); !ok)
        return std::unexpected(ok.error());
    HostSpec host;
    for (const auto& item : node) {
        const auto key = item.first.Scalar();
        const auto& value = item.second;
        Result<void> step;
        auto take = [&](auto result, auto& into) {
            if (!result)
                step = std::unexpected(result.error());
            else
                into = *result;
        };
        if (key == "name") {
            take(scalar(value, key, file), host.name);
        } else if (key == "address") {
            take(scalar(value, key, file), host.address);
        } else if (key == "port") {
            take(integer(value, key, file, 1, 65535), host.port);
        } else if (key == "user") {
            take(scalar(value, key, file), host.user);
        } else if (key == "key_file") {
            take(scalar(value, key, file), host.keyFile);
        } else if (key == "sysfs_root") {
            take(scalar(value, key, file), host.sysfsRoot);
        } else if (key == "data_address") {
            take(scalar(value, key, file), host.dataAddress);
            if (step && !isNumericAddress(host.dataAddress))
                step = fail(ErrorKind::Parse,
                    "'data_address' must be a numeric IPv4 or IPv6 address, not '" + host.dataAddress + "'",
                    at(file, value.Mark()));
        } else if (key == "rack") {
            take(scalar(value, key, file), host.rack);
            if (step) {
                if (auto ok = validateRackName(host.rack); !ok)
                    step = fail(ErrorKind::Parse, "'rack': " + ok.error().message, at(file, value.Mark()));
            }
        } else if (key == "local") {
            take(boolean(value, key, file), host.local);
        } else if (key == "sudo") {
            take(boolean(value, key, file), host.sudo);
        } else if (key == "interfaces") {
            yamlread::Reader r(file);
            take(parseInterfaces(r, value, file), host.interfaces);
        } else if (key == "dcb") {
            std::string text;
            take(scalar(value, key, file), text);
            if (step) {
                if (text == "auto")
                    host.dcb = DcbControl::Auto;
                else if (text == "apply")
                    host.dcb = DcbControl::Apply;
                else if (text == "skip")
                    host.dcb = DcbControl::Skip;
                else
                    step = fail(ErrorKind::Parse, "'dcb' must be auto, apply or skip, not '" + text + "'",
                        at(file, value.Mark()));
            }
        } else if (key == "auth") {
            std::string text;
            take(scalar(value, key, file), text);
            if (step) {
                if (text == "agent")
                    host.auth = AuthMethod::Agent;
                else if (text == "key")
                    host.auth = AuthMethod::KeyFile;
                else if (text == "password")
                    host.auth = AuthMethod::Password;
                else
                    step = fail(ErrorKind::Parse, "'auth' must be agent, key or password, not '" + text + "'",
                        at(file, value.Mark()));
            }
        } else if (key == "kind") {
            std::string text;
            take(scalar(value, key, file), text);
            if (step) {
                if (text == "linux")
                    host.kind = HostKind::LinuxGeneric;
                else if (text == "linux-nvidia")
                    host.kind = HostKind::LinuxNvidia;
                else if (text == "windows")
                    host.kind = HostKind::Windows;
                else
                    step = fail(ErrorKind::Parse, "'kind' must be linux, linux-nvidia or windows, not '" + text + "'",
                        at(file, value.Mark()));
            }
        }
        if (!step)
            return std::unexpected(step.error());
    }
    if (host.name.empty())
        return fail(ErrorKind::Parse, "a host needs a 'name'", at(file, node.Mark()));
    if (needAddress && host.address.empty() && !host.local)
        return fail(ErrorKind::Parse, "host '" + host.name + "' needs an 'address'", at(file, node.Mark()));
    return host;
}

} // namespace

std::string toString(AuthMethod method)
{
    switch (method) {
    case AuthMethod::Agent:
        return "agent";
    case AuthMethod::KeyFile:
        return "key";
    case AuthMethod::Password:
        return "password";
    }
    return "agent";
}

std::string toString(HostKind kind)
{
    switch (kind) {
    case HostKind::LinuxGeneric:
        return "linux";
    case HostKind::LinuxNvidia:
        return "linux-nvidia";
    case HostKind::Windows:
        return "windows";
    }
    return "linux";
}

std::string toString(DcbControl dcb)
{
    switch (dcb) {
    case DcbControl::Auto:
        return "auto";
    case DcbControl::Apply:
        return "apply";
    case DcbControl::Skip:
        return "skip";
    }
    return "auto";
}

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

namespace {

Result<Inventory> readInventory(const YAML::Node& root, const std::string& fileName, bool forPlan)
{
    if (auto ok = yamlread::checkKeys(root, { "version", "known_hosts", "hosts", "switches" }, fileName,
            forPlan ? "the plan inventory" : "the inventory");
        !ok)
        return std::unexpected(ok.error());
    Inventory inventory;
    if (auto v = root["version"]) {
        auto version = integer(v, "version", fileName, 1, 1000);
        if (!version)
            return std::unexpected(version.error());
        if (*version != 1)
            return fail(ErrorKind::Parse,
                "inventory version " + std::to_string(*version)
                    + " is newer than this "
                      "RoCE Pilot understands (1)",
                at(fileName, v.Mark()));
    }
    if (auto k = root["known_hosts"]) {
        auto file = scalar(k, "known_hosts", fileName);
        if (!file)
            return std::unexpected(file.error());
        inventory.knownHostsFile = *file;
    }
    if (auto hosts = root["hosts"]) {
        if (!hosts.IsSequence() && !hosts.IsNull())
            return fail(ErrorKind::Parse, "'hosts' must be a list", at(fileName, hosts.Mark()));
        std::set<std::string> names;
        for (const auto& node : hosts) {
            auto host = parseHost(node, fileName, !forPlan);
            if (!host)
                return std::unexpected(host.error());
            if (!names.insert(host->name).second)
                return fail(
                    ErrorKind::Parse, "host name '" + host->name + "' is used twice", at(fileName, node.Mark()));
            inventory.hosts.push_back(std::move(*host));
        }
    }
    if (auto switches = root["switches"]; switches && !switches.IsNull()) {
        if (!switches.IsSequence())
            return fail(ErrorKind::Parse, "'switches' must be a list", at(fileName, switches.Mark()));
        yamlread::Reader r(fileName);
        std::set<std::string> names;
        for (const auto& host : inventory.hosts)
            names.insert(host.name);
        for (const auto& node : switches) {
            auto sw = parseSwitch(r, node, fileName);
            if (!sw)
                return std::unexpected(sw.error());
            if (!names.insert(sw->name).second)
                return fail(
                    ErrorKind::Parse, "target name '" + sw->name + "' is used twice", at(fileName, node.Mark()));
            inventory.switches.push_back(std::move(*sw));
        }
    }
    return inventory;
}

Result<Inventory> parseInventoryImpl(const std::string& yamlText, const std::string& fileName, bool forPlan)
{
    return yamlfile::readMap(yamlText, fileName, "a map with 'version' and 'hosts'",
        [&](const YAML::Node& root) { return readInventory(root, fileName, forPlan); });
}

} // namespace

Result<Inventory> parseInventory(const std::string& yamlText, const std::string& fileName)
{
    return yamlfile::checked(parseInventoryImpl(yamlText, fileName, false), fileName, validateInventory);
}

Result<Inventory> parseInventoryForPlan(const std::string& yamlText, const std::string& fileName)
{
    return parseInventoryImpl(yamlText, fileName, true);
}

Result<Inventory> loadInventory(const std::string& path)
{
    return yamlfile::loadFile(path, 16u << 20, parseInventory);
}

std::string inventoryToYaml(const Inventory& inventory)
{
    YAML::Emitter out;
    out << YAML::BeginMap;
    out << YAML::Key << "version" << YAML::Value << 1;
    if (!inventory.knownHostsFile.empty())
        out << YAML::Key << "known_hosts" << YAML::Value << YAML::DoubleQuoted << inventory.knownHostsFile;
    out << YAML::Key << "hosts" << YAML::Value << YAML::BeginSeq;
    for (const auto& host : inventory.hosts) {
        out << YAML::BeginMap;
        out << YAML::Key << "name" << YAML::Value << YAML::DoubleQuoted << host.name;
        if (!host.address.empty())
            out << YAML::Key << "address" << YAML::Value << YAML::DoubleQuoted << host.address;
        if (!host.local) {
            out << YAML::Key << "port" << YAML::Value << host.port;
            out << YAML::Key << "user" << YAML::Value << YAML::DoubleQuoted << host.user;
            out << YAML::Key << "auth" << YAML::Value << toString(host.auth);
            if (!host.keyFile.empty())
                out << YAML::Key << "key_file" << YAML::Value << YAML::DoubleQuoted << host.keyFile;
        } else {
            out << YAML::Key << "local" << YAML::Value << true;
        }
        out << YAML::Key << "kind" << YAML::Value << toString(host.kind);
        if (!host.sysfsRoot.empty())
            out << YAML::Key << "sysfs_root" << YAML::Value << YAML::DoubleQuoted << host.sysfsRoot;
        if (!host.dataAddress.empty())
            out << YAML::Key << "data_address" << YAML::Value << YAML::DoubleQuoted << host.dataAddress;
        if (!host.rack.empty())
            out << YAML::Key << "rack" << YAML::Value << YAML::DoubleQuoted << host.rack;
        if (host.sudo)
            out << YAML::Key << "sudo" << YAML::Value << true;
        if (host.dcb != DcbControl::Auto)
            out << YAML::Key << "dcb" << YAML::Value << toString(host.dcb);
        if (!host.interfaces.empty()) {
            out << YAML::Key << "interfaces" << YAML::Value << YAML::BeginSeq;
            for (const auto& itf : host.interfaces) {
                out << YAML::BeginMap << YAML::Key << "name" << YAML::Value << YAML::DoubleQuoted << itf.name;
                if (!itf.rdmaDevice.empty())
                    out << YAML::Key << "rdma_device" << YAML::Value << YAML::DoubleQuoted << itf.rdmaDevice;
                out << YAML::Key << "rdma_port" << YAML::Value << itf.rdmaPort << YAML::EndMap;
            }
            out << YAML::EndSeq;
        }
        out << YAML::EndMap;
    }
    out << YAML::EndSeq;
    if (!inventory.switches.empty()) {
        out << YAML::Key << "switches" << YAML::Value << YAML::BeginSeq;
        for (const auto& sw : inventory.switches) {
            out << YAML::BeginMap;
            out << YAML::Key << "name" << YAML::Value << YAML::DoubleQuoted << sw.name;
            out << YAML::Key << "vendor" << YAML::Value << toString(sw.vendor);
            out << YAML::Key << "host_ports" << YAML::Value << YAML::Flow << YAML::BeginSeq;
            for (const auto& p : sw.hostPorts)
                out << YAML::DoubleQuoted << p;
            out << YAML::EndSeq;
            out << YAML::Key << "uplink_ports" << YAML::Value << YAML::Flow << YAML::BeginSeq;
            for (const auto& p : sw.uplinkPorts)
                out << YAML::DoubleQuoted << p;
            out << YAML::EndSeq;
            if (!sw.address.empty()) {
                out << YAML::Key << "address" << YAML::Value << YAML::DoubleQuoted << sw.address;
                out << YAML::Key << "port" << YAML::Value << sw.port;
                out << YAML::Key << "user" << YAML::Value << YAML::DoubleQuoted << sw.user;
                out << YAML::Key << "auth" << YAML::Value << toString(sw.auth);
                if (!sw.keyFile.empty())
                    out << YAML::Key << "key_file" << YAML::Value << YAML::DoubleQuoted << sw.keyFile;
            }
            out << YAML::EndMap;
        }
        out << YAML::EndSeq;
    }
    out << YAML::EndMap;
    return std::string(out.c_str()) + "\n";
}

Result<void> saveInventory(const Inventory& inventory, const std::string& path)
{
    if (auto ok = validateInventory(inventory); !ok)
        return ok;
    return writeFileAtomically(path, inventoryToYaml(inventory), 0600);
}

Result<void> validateRackName(const std::string& rack)
{
    if (rack.empty() || rack.size() > 64)
        return fail(ErrorKind::Validation, "a rack name has 1 to 64 characters");
    for (char c : rack) {
        const bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-'
            || c == '_' || c == '.';
        if (!ok)
            return fail(
                ErrorKind::Validation, "a rack name has only letters, digits, '-', '_' and '.', not '" + rack + "'");
    }
    return {};
}

Result<void> validateInventory(const Inventory& inventory)
{
    std::set<std::string> names;
    for (const auto& host : inventory.hosts) {
        auto where = "host '" + host.name + "'";
        if (host.name.empty())
            return fail(ErrorKind::Validation, "a host has no name");
        if (host.name.size() > 64)
            return fail(ErrorKind::Validation, "name longer than 64 characters", where);
        for (char c : host.name) {
            if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f)
                return fail(ErrorKind::Validation, "name contains a control character", where);
        }
        if (!names.insert(host.name).second)
            return fail(ErrorKind::Validation, "name is used twice", where);
        if (!host.dataAddress.empty() && !isNumericAddress(host.dataAddress))
            return fail(ErrorKind::Validation, "data_address must be a numeric IPv4 or IPv6 address", where);
        if (!host.rack.empty()) {
            if (auto ok = validateRackName(host.rack); !ok)
                return fail(ErrorKind::Validation, "rack: " + ok.error().message, where);
        }
        if (host.local)
            continue;
        if (auto ok = validateHostAddress(host.address); !ok)
            return fail(ErrorKind::Validation, ok.error().message, where);
        if (auto ok = validateUserName(host.user); !ok)
            return fail(ErrorKind::Validation, ok.error().message, where);
        if (host.port < 1 || host.port > 65535)
            return fail(ErrorKind::Validation, "port must be 1..65535", where);
        if (host.auth == AuthMethod::KeyFile && host.keyFile.empty())
            return fail(ErrorKind::Validation, "auth is 'key' but no key_file is given", where);
        for (const auto& itf : host.interfaces) {
            if (host.kind != HostKind::Windows) {
                if (auto ok = validateInterfaceName(itf.name); !ok)
                    return fail(ErrorKind::Validation, ok.error().message, where);
            }
            if (!itf.rdmaDevice.empty()) {
                if (auto ok = validateRdmaDeviceName(itf.rdmaDevice); !ok)
                    return fail(ErrorKind::Validation, ok.error().message, where);
            }
        }
    }
    for (const auto& sw : inventory.switches) {
        auto where = "switch '" + sw.name + "'";
        if (!names.insert(sw.name).second)
            return fail(ErrorKind::Validation, "name is used twice", where);
        if (sw.address.empty())
            continue;
        if (auto ok = validateHostAddress(sw.address); !ok)
            return fail(ErrorKind::Validation, ok.error().message, where);
        if (auto ok = validateUserName(sw.user); !ok)
            return fail(ErrorKind::Validation, ok.error().message, where);
        if (sw.auth == AuthMethod::KeyFile && sw.keyFile.empty())
            return fail(ErrorKind::Validation, "auth is 'key' but no key_file is given", where);
    }
    return {};
}

std::string defaultKnownHostsPath()
{
    if (const char* xdg = std::getenv("XDG_CONFIG_HOME"); xdg && *xdg)
        return std::string(xdg) + "/rocepilot/known_hosts";
    if (const char* home = std::getenv("HOME"); home && *home)
        return std::string(home) + "/.config/rocepilot/known_hosts";
    return "rocepilot_known_hosts";
}

} // namespace rp

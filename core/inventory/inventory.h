// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "error.h"

#include <optional>
#include <string>
#include <vector>

namespace rp {

enum class AuthMethod {
    Agent, ///< ssh-agent via SSH_AUTH_SOCK
    KeyFile, ///< private key file (OpenSSH format)
    Password, ///< asked for at run time, kept in memory only, never written
};

enum class HostKind {
    LinuxGeneric,
    LinuxNvidia,
    Windows,
};

/// One host as the user describes it. Switches join later with their own type.
struct HostSpec
{
    std::string name; ///< label shown everywhere; unique in an inventory
    std::string address; ///< host name or IP; "localhost" with local=true runs without SSH
    int port = 22;
    std::string user = "root";
    AuthMethod auth = AuthMethod::Agent;
    std::string keyFile; ///< for KeyFile
    HostKind kind = HostKind::LinuxGeneric;
    bool local = false; ///< run on this machine with LocalExecutor, no SSH
    std::string sysfsRoot; ///< optional: read a recorded sysfs tree instead of the host (tests, demos)
    /// optional: the numeric data-plane (RoCE) address performance tests use when it is not `address` (the
    /// Soft-RoCE lab: SSH reaches 127.0.0.1 through a forward, traffic flows on 198.18.0.x)
    std::string dataAddress;
    bool operator==(const HostSpec&) const = default;
};

struct Inventory
{
    std::vector<HostSpec> hosts;
    /// The app's own known_hosts; empty means the default under the user's config directory.
    std::string knownHostsFile;
    bool operator==(const Inventory&) const = default;
};

/// Load a project/inventory YAML file. Errors name file:line:column and the key (unknown keys are errors).
Result<Inventory> loadInventory(const std::string& path);
Result<Inventory> parseInventory(const std::string& yamlText, const std::string& fileName);
std::string inventoryToYaml(const Inventory& inventory);
/// Write atomically (temp file + fsync + rename); never truncates an existing file on failure.
Result<void> saveInventory(const Inventory& inventory, const std::string& path);
/// Checks names unique, addresses/users valid, ports 1..65535, key file given for KeyFile.
Result<void> validateInventory(const Inventory& inventory);

std::string toString(AuthMethod method);
std::string toString(HostKind kind);

/// Default location of the app's known_hosts: $XDG_CONFIG_HOME/rocepilot/known_hosts (or ~/.config/...).
std::string defaultKnownHostsPath();

} // namespace rp

// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "error.h"

#include <optional>
#include <string>
#include <string_view>
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

/// Whether a host's plan carries DCB steps (PFC, ETS, trust, DSCP map).
enum class DcbControl {
    Auto, ///< yes, unless discovery saw that the netdev's driver has no DCB (virtio, veth): then they are left out
    Apply, ///< always (they fail on a driver without DCB, and the host rolls back)
    Skip, ///< never: DCB is managed elsewhere (firmware, DCBX from the switch, another tool)
};

/// A RoCE interface of a host to configure: a netdev (Linux) or adapter name (Windows).
struct HostInterface
{
    std::string name; ///< netdev (Linux) or adapter name (Windows)
    std::string rdmaDevice; ///< mlx5_0, ...; empty = look it up in the facts, or skip the rdma_cm steps
    int rdmaPort = 1;
    bool operator==(const HostInterface&) const = default;
};

/// One host as the user describes it: how to reach it (SSH), how to act on it (sudo), what to configure.
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
    /// optional: the rack (ToR switch) the host hangs off, e.g. "tor1"; the fabric check meshes hosts of one rack
    /// and samples across racks. Letters, digits, '-', '_', '.', at most 64.
    std::string rack;
    /// Run changes through `sudo -n` (the user is not root); a sudo that wants a password is an error.
    bool sudo = false;
    /// The RoCE interfaces to configure; empty = the RoCE netdevs discovery finds.
    std::vector<HostInterface> interfaces;
    DcbControl dcb = DcbControl::Auto;
    bool operator==(const HostSpec&) const = default;
};

enum class SwitchVendor {
    Cumulus, ///< NVIDIA Cumulus Linux, NVUE
    Onyx, ///< NVIDIA Onyx (MLNX-OS)
    Sonic, ///< community SONiC: config_db patch + CLI
    Eos, ///< Arista EOS
    NxOs, ///< Cisco NX-OS
    Os10, ///< Dell OS10
    Junos, ///< Juniper Junos (QFX)
    Ftos, ///< Dell Force10 FTOS (S4810 era)
};

/// A switch: its vendor, the ports the plan configures, and (optionally) how to reach its CLI over SSH.
struct SwitchSpec
{
    std::string name;
    SwitchVendor vendor = SwitchVendor::Cumulus;
    std::vector<std::string> hostPorts; ///< ports facing hosts
    std::vector<std::string> uplinkPorts; ///< ports facing other switches
    std::string address; ///< management address; empty = plan only (the configuration is applied by hand)
    int port = 22;
    std::string user = "admin";
    AuthMethod auth = AuthMethod::Agent;
    std::string keyFile;
    bool operator==(const SwitchSpec&) const = default;
};

/// The one inventory every command reads (docs/inventory.md): discover, plan, test, apply, export.
struct Inventory
{
    static constexpr int kVersion = 1;
    std::vector<HostSpec> hosts;
    std::vector<SwitchSpec> switches;
    /// The app's own known_hosts; empty means the default under the user's config directory.
    std::string knownHostsFile;
    bool operator==(const Inventory&) const = default;
};

/// Load a project/inventory YAML file. Errors name file:line:column and the key (unknown keys are errors).
Result<Inventory> loadInventory(const std::string& path);
Result<Inventory> parseInventory(const std::string& yamlText, const std::string& fileName);
/// The same schema for planning only: hosts need no address (nothing connects to them), and nothing beyond the
/// YAML structure is checked (the plan inventory validation names the target).
Result<Inventory> parseInventoryForPlan(const std::string& yamlText, const std::string& fileName);
std::string inventoryToYaml(const Inventory& inventory);
/// Write atomically (temp file + fsync + rename); never truncates an existing file on failure.
Result<void> saveInventory(const Inventory& inventory, const std::string& path);
/// A host's `rack`: 1..64 of letters, digits, '-', '_', '.' (it names a ToR in fabric findings and files).
Result<void> validateRackName(const std::string& rack);
/// Checks names unique, addresses/users valid, ports 1..65535, key file given for KeyFile.
Result<void> validateInventory(const Inventory& inventory);

std::string toString(AuthMethod method);
std::string toString(HostKind kind);
std::string toString(DcbControl dcb); ///< "auto", "apply", "skip"
std::string toString(SwitchVendor vendor); ///< "cumulus", "onyx", "sonic", "eos", "nxos", "os10", "junos", "ftos"
std::string vendorTitle(SwitchVendor vendor); ///< "NVIDIA Cumulus Linux (NVUE)", ...
std::optional<SwitchVendor> switchVendorFromString(std::string_view text);
const std::vector<SwitchVendor>& allSwitchVendors();

/// Default location of the app's known_hosts: $XDG_CONFIG_HOME/rocepilot/known_hosts (or ~/.config/...).
std::string defaultKnownHostsPath();

} // namespace rp

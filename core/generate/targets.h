// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// What a plan is generated for: hosts (kind + RoCE interfaces) and switches (vendor + ports). Loaded from a
// "plan inventory" YAML (docs/profile.md) or assembled from an Inventory plus discovered HostFacts.

#include "discovery/model.h"
#include "error.h"
#include "inventory/inventory.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace rp {

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

struct HostInterface
{
    std::string name; ///< netdev (Linux) or adapter name (Windows)
    std::string rdmaDevice; ///< mlx5_0, ...; empty = look it up in the facts, or skip the rdma_cm steps
    int rdmaPort = 1;
    bool operator==(const HostInterface&) const = default;
};

struct PlanHost
{
    std::string name;
    HostKind kind = HostKind::LinuxGeneric;
    std::vector<HostInterface> interfaces;
    bool operator==(const PlanHost&) const = default;
};

struct SwitchSpec
{
    std::string name;
    SwitchVendor vendor = SwitchVendor::Cumulus;
    std::vector<std::string> hostPorts; ///< ports facing hosts
    std::vector<std::string> uplinkPorts; ///< ports facing other switches
    bool operator==(const SwitchSpec&) const = default;
};

struct PlanInventory
{
    std::vector<PlanHost> hosts;
    std::vector<SwitchSpec> switches;
    bool operator==(const PlanInventory&) const = default;
};

Result<PlanInventory> parsePlanInventory(const std::string& yamlText, const std::string& fileName);
Result<PlanInventory> loadPlanInventory(const std::string& path);
/// Names unique and usable as file names, interface and port names safe for commands, at least one target.
Result<void> validatePlanInventory(const PlanInventory& inventory);

/// The RoCE netdevs of a discovered host (ports with an Ethernet link layer), with their RDMA device.
PlanHost planHostFromFacts(const HostSpec& spec, const HostFacts& facts);

/// Windows adapter names ("SLOT 2 Port 1"): letters, digits, space and - _ . ( ) # only, no quotes.
Result<std::string> validateWindowsAdapterName(std::string_view name);
/// Switch port names (swp1, Ethernet1/1, et-0/0/1, "tengigabitethernet 0/1"): no shell or CLI metacharacters.
Result<std::string> validateSwitchPortName(std::string_view name);
/// Target names become file names: letters, digits and - _ . only, not starting with a dot.
Result<std::string> validateTargetName(std::string_view name);

std::string toString(SwitchVendor vendor); ///< "cumulus", "onyx", "sonic", "eos", "nxos", "os10", "junos", "ftos"
std::string vendorTitle(SwitchVendor vendor); ///< "NVIDIA Cumulus Linux (NVUE)", ...
std::optional<SwitchVendor> switchVendorFromString(std::string_view text);
const std::vector<SwitchVendor>& allSwitchVendors();

} // namespace rp

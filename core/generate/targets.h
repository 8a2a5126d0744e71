// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// What a plan is generated for: hosts (kind + RoCE interfaces) and switches (vendor + ports). Loaded from a
// "plan inventory" YAML (docs/profile.md) or assembled from an Inventory plus discovered HostFacts.

#include "error.h"
#include "inventory/inventory.h"
#include "model/model.h"

#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace rp {

struct PlanHost
{
    std::string name;
    HostKind kind = HostKind::LinuxGeneric;
    std::vector<HostInterface> interfaces;
    DcbControl dcb = DcbControl::Auto;
    bool operator==(const PlanHost&) const = default;
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

/// The RoCE netdevs of a discovered host (ports with an Ethernet link layer), with their RDMA device. The
/// spec's own `interfaces`, when listed, win (their RDMA device filled from the facts when not given).
PlanHost planHostFromFacts(const HostSpec& spec, const HostFacts& facts);
/// The plan view of an inventory: hosts with their listed interfaces (completed from `facts` when a host lists
/// none and facts are given), and the switches. Not validated: see validatePlanInventory.
PlanInventory planInventoryFrom(const Inventory& inventory, const std::map<std::string, HostFacts>& facts = {});

/// Windows adapter names ("SLOT 2 Port 1"): letters, digits, space and - _ . ( ) # only, no quotes.
Result<std::string> validateWindowsAdapterName(std::string_view name);
/// Switch port names (swp1, Ethernet1/1, et-0/0/1, "tengigabitethernet 0/1"): no shell or CLI metacharacters.
Result<std::string> validateSwitchPortName(std::string_view name);
/// Target names become file names: letters, digits and - _ . only, not starting with a dot.
Result<std::string> validateTargetName(std::string_view name);

} // namespace rp

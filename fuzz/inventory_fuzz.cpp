// SPDX-License-Identifier: GPL-3.0-or-later
// Fuzz entry point for the inventory YAML loader (core/inventory): the one file every command reads, written by
// hand. Every input comes back as an Inventory or an Error, never a crash or an exception; an inventory that
// parses survives a YAML round trip (all but SSH settings that do not apply, which a save leaves out), and the
// plan-only reader accepts what the full one accepts.
#include "inventory/inventory.h"

#include <cstdint>
#include <cstdlib>
#include <string>

namespace {

/// What a save keeps: the SSH settings (port, user, auth, key file) of a local host and of a switch without an
/// address (planned only) do not apply and are not written.
rp::Inventory asSaved(rp::Inventory inventory)
{
    for (auto& host : inventory.hosts) {
        if (!host.local)
            continue;
        const rp::HostSpec defaults;
        host.port = defaults.port;
        host.user = defaults.user;
        host.auth = defaults.auth;
        host.keyFile = defaults.keyFile;
    }
    for (auto& sw : inventory.switches) {
        if (!sw.address.empty())
            continue;
        const rp::SwitchSpec defaults;
        sw.port = defaults.port;
        sw.user = defaults.user;
        sw.auth = defaults.auth;
        sw.keyFile = defaults.keyFile;
    }
    return inventory;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    if (size > (8u << 20))
        return 0;
    const std::string text(reinterpret_cast<const char*>(data), size);
    if (auto inventory = rp::parseInventory(text, "fuzz.yaml")) {
        (void)rp::validateInventory(*inventory);
        auto again = rp::parseInventory(rp::inventoryToYaml(*inventory), "again.yaml");
        if (!again || !(*again == asSaved(*inventory)))
            std::abort();
        if (!rp::parseInventoryForPlan(text, "fuzz.yaml"))
            std::abort();
    }
    (void)rp::parseInventoryForPlan(text, "fuzz.yaml");
    return 0;
}

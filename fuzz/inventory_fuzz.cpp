// SPDX-License-Identifier: GPL-3.0-or-later
// Fuzz entry point for the inventory YAML loader (core/inventory): the one file every command reads, written by
// hand. Every input comes back as an Inventory or an Error, never a crash or an exception; an inventory that
// parses and validates survives a YAML round trip unchanged, and the plan-only reader accepts what the full one
// accepts.
#include "inventory/inventory.h"

#include <cstdint>
#include <cstdlib>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    if (size > (8u << 20))
        return 0;
    const std::string text(reinterpret_cast<const char*>(data), size);
    if (auto inventory = rp::parseInventory(text, "fuzz.yaml")) {
        (void)rp::validateInventory(*inventory);
        auto again = rp::parseInventory(rp::inventoryToYaml(*inventory), "again.yaml");
        if (!again || !(*again == *inventory))
            std::abort();
        if (!rp::parseInventoryForPlan(text, "fuzz.yaml"))
            std::abort();
    }
    (void)rp::parseInventoryForPlan(text, "fuzz.yaml");
    return 0;
}

// SPDX-License-Identifier: GPL-3.0-or-later
// Fuzz entry point for the profile and plan-inventory YAML loaders. Every input must come back as a profile or
// an Error, never a crash or an exception; a profile that parses must survive a YAML round trip and, when valid,
// generate a plan. Needs rp_core (<expected>), so it runs as the GCC replay test tst_profile_fuzz_replay.
#include "generate/plan.h"
#include "profile/profile.h"

#include <cstdint>
#include <cstdlib>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    if (size > (8u << 20))
        return 0;
    std::string text(reinterpret_cast<const char*>(data), size);
    auto profile = rp::parseProfileUnchecked(text, "fuzz.yaml");
    if (profile) {
        (void)rp::checkProfile(*profile);
        auto again = rp::parseProfileUnchecked(rp::profileToYaml(*profile), "again.yaml");
        if (!again || !(*again == *profile))
            std::abort();
        if (rp::validateProfile(*profile)) {
            rp::PlanInventory inv;
            inv.hosts.push_back({ "h", rp::HostKind::LinuxNvidia, { { "eth0", "mlx5_0", 1 } } });
            inv.switches.push_back({ "s", rp::SwitchVendor::Sonic, { "Ethernet0" }, {} });
            if (!rp::generatePlan(*profile, inv))
                std::abort();
        }
    }
    (void)rp::parsePlanInventory(text, "fuzz.yaml");
    return 0;
}

// SPDX-License-Identifier: GPL-3.0-or-later
// Fuzz entry point for the standalone agent's pinglist file (rocepilot-agent-pinglist/1): the agent reads it from
// /etc/rocepilot/agent as root, and a broken or planted file must end in an Error naming the file, never a crash, an
// exception or a deep recursion. Whatever reads must survive encode -> read unchanged. Runs under GCC as the replay
// test tst_agent_pinglist_fuzz_replay.
#include "fabric/agentpinglist.h"

#include <cstdint>
#include <cstdlib>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    if (size > (1u << 20))
        return 0;
    const std::string_view input(reinterpret_cast<const char*>(data), size);
    auto file = rp::fabric::readAgentPinglist(input, "fuzz.json");
    if (!file) {
        if (file.error().where != "fuzz.json")
            std::abort();
        return 0;
    }
    auto again = rp::fabric::readAgentPinglist(rp::fabric::encodeAgentPinglist(*file), "fuzz.json");
    if (!again || !(*again == *file))
        std::abort();
    return 0;
}

// SPDX-License-Identifier: GPL-3.0-or-later
// Fuzz entry point for the fabric agent's protocol: both ends read lines from a peer they do not trust (the agent
// reads the controller's, the controller reads what a remote host prints), split from chunks of any length and
// decoded. Every input must end in messages or Errors, never a crash or an exception; whatever decodes must
// survive encode -> decode unchanged. Runs under GCC as the replay test tst_agent_protocol_fuzz_replay.
#include "fabric/agentprotocol.h"
#include "perf/protocol.h"

#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    if (size > (1u << 20))
        return 0;
    const std::string_view input(reinterpret_cast<const char*>(data), size);
    const std::size_t step = size > 0 ? 1 + data[0] % 64 : 1;
    rp::perf::LineSplitter splitter;
    for (std::size_t i = 0; i < input.size(); i += step) {
        auto fed = splitter.feed(input.substr(i, step), [](std::string_view line) {
            auto message = rp::fabric::decodeAgentLine(line);
            if (!message)
                return;
            auto again = rp::fabric::decodeAgentLine(rp::fabric::encodeAgent(*message));
            if (!again || !(*again == *message))
                std::abort();
        });
        if (!fed)
            break;
    }
    (void)rp::fabric::decodeAgentLine(input);
    return 0;
}

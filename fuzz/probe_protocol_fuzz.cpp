// SPDX-License-Identifier: GPL-3.0-or-later
// Fuzz entry point for the probe protocol: what a remote rocepilot-probe prints is split into lines and decoded,
// and the input is also tried as the probe's --options JSON. Every input must end in messages or Errors, never a
// crash or an exception; whatever decodes must survive encode -> decode unchanged. Needs rp_core (<expected>), so
// it runs as the GCC replay test tst_probe_protocol_fuzz_replay (tests/perf/CMakeLists.txt).
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
    // The first byte picks the chunk size, as SSH delivers output in pieces of any length.
    const std::size_t step = size > 0 ? 1 + data[0] % 64 : 1;
    rp::perf::LineSplitter splitter;
    for (std::size_t i = 0; i < input.size(); i += step) {
        auto fed = splitter.feed(input.substr(i, step), [](std::string_view line) {
            auto message = rp::perf::decodeLine(line);
            if (!message)
                return;
            auto again = rp::perf::decodeLine(rp::perf::encode(*message));
            if (!again || !(*again == *message))
                std::abort();
        });
        if (!fed)
            break;
    }
    (void)rp::perf::decodeLine(input);
    if (auto options = rp::perf::optionsFromJson(input)) {
        auto again = rp::perf::optionsFromJson(rp::perf::optionsToJson(*options));
        if (!again || !(*again == *options))
            std::abort();
    }
    return 0;
}

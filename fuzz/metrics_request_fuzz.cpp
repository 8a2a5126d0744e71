// SPDX-License-Identifier: GPL-3.0-or-later
// Fuzz entry point for what the metrics endpoint reads from the network (a request head, from anyone who can reach
// the port) and from the command line (the listen address). Every input must end in a value or an Error, never a
// crash; a request that parses names a path that starts with '/', and an address that parses is numeric. Runs under
// GCC as the replay test tst_metrics_request_fuzz_replay.
#include "metrics/metricsserver.h"

#include <arpa/inet.h>

#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    if (size > rp::metrics::MetricsServer::kMaxHead * 2)
        return 0;
    const std::string_view input(reinterpret_cast<const char*>(data), size);
    if (auto request = rp::metrics::parseHttpRequest(input)) {
        if (!request->path.starts_with('/') || request->method.empty())
            std::abort();
    }
    if (auto address = rp::metrics::parseListenAddress(input)) {
        unsigned char buffer[16];
        if (::inet_pton(AF_INET, address->host.c_str(), buffer) != 1
            && ::inet_pton(AF_INET6, address->host.c_str(), buffer) != 1)
            std::abort();
    }
    return 0;
}

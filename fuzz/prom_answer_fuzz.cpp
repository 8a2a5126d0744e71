// SPDX-License-Identifier: GPL-3.0-or-later
// Fuzz entry point for what the Prometheus reader takes from the network (an HTTP answer from whatever listens at
// the address the user gave: a Prometheus, a proxy, anything) and from the user (the URL, the label matchers).
// Every input must end in a value or an Error, never a crash; a round made of an answer only names endpoints it has.
// Runs under GCC as the replay test tst_prom_answer_fuzz_replay.
#include "metrics/promclient.h"
#include "metrics/promfabricreader.h"

#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    if (size > 1 << 20)
        return 0;
    const std::string_view input(reinterpret_cast<const char*>(data), size);
    // A whole answer, or (without a status line) a bare JSON body.
    auto body = rp::metrics::httpAnswerBody(std::string(input), "fuzz");
    const std::string_view json = body ? std::string_view(*body) : input;
    if (auto samples = rp::metrics::parsePromQueryAnswer(json, "fuzz")) {
        rp::metrics::PromFabricOptions options;
        options.spine = "spine1";
        // The evaluation time is the server's, as the reader takes it: any number, checked before it is a time.
        const double now = samples->empty() ? 1.8e9 : samples->front().timestamp;
        if (auto round = rp::metrics::fabricRoundFromSamples(*samples, now, options, 1)) {
            for (const auto& c : round->cells) {
                if (c.from >= round->pinglist.endpoints.size() || c.to >= round->pinglist.endpoints.size()
                    || c.received > c.sent)
                    std::abort();
            }
        }
    }
    if (auto url = rp::metrics::parsePromUrl(input)) {
        if (url->host.empty() || url->port == 0 || url->text().find_first_of("?# ") != std::string::npos)
            std::abort();
    }
    if (rp::metrics::checkPromMatchers(input)) {
        // What passes goes into a selector: it can never close the braces or start a second expression.
        const auto query = rp::metrics::promFabricQuery({ .matchers = std::string(input) });
        if (query.back() != '}')
            std::abort();
    }
    return 0;
}

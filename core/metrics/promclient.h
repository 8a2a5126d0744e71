// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Reads a Prometheus server's HTTP API (GET /api/v1/query): what the desktop app and `fabric prom` need to show a
// fleet of standalone agents that Prometheus scrapes, without a connection to any host. Plain HTTP only (a local
// Prometheus, or one reached through an SSH tunnel): no TLS, no redirects, no credentials. Every read is bounded
// (the answer's size, a deadline, the caller's cancel flag), and every answer is checked before it is believed: a
// proxy's HTML page, a truncated body or a JSON that is not Prometheus' are errors naming the server.

#include "error.h"

#include <atomic>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace rp::metrics {

/// Where a Prometheus answers: http://HOST[:PORT][/PREFIX] (the prefix of --web.route-prefix, without the
/// trailing slash). PORT defaults to 9090.
struct PromUrl
{
    std::string host; ///< a name or a numeric address (IPv6 without its brackets)
    std::uint16_t port = 9090;
    std::string prefix; ///< "" or "/prometheus"

    std::string text() const; ///< "http://127.0.0.1:9090", "http://[::1]:9090/prometheus"
};

/// Strict: the scheme http (https is refused with the reason), a host of letters, digits, '.', '-', '_' or a
/// bracketed IPv6 address, an optional port 1..65535, an optional path of printable characters without a query or
/// fragment. User names and passwords in the URL are refused (they would end up in logs).
Result<PromUrl> parsePromUrl(std::string_view text);

/// One series of an instant query's answer.
struct PromSample
{
    std::map<std::string, std::string> labels; ///< with __name__ when the expression kept it
    double value = 0.0; ///< NaN and +-Inf as Prometheus writes them
    double timestamp = 0.0; ///< the evaluation time, seconds since the epoch
};

/// The body of an HTTP/1.x answer: the status line, the header lines and a body framed by Content-Length, chunked
/// transfer coding, or the connection's end. A status other than 2xx is an error of kind Protocol whose message
/// carries Prometheus' own error text when the body has one ("bad_data: 1:5: parse error ..."). `where` names the
/// server in every error.
Result<std::string> httpAnswerBody(std::string answer, const std::string& where);

/// Prometheus' JSON for an instant query (status "success", resultType "vector" or "scalar"): each series' labels,
/// value and time. Anything else (status "error", a matrix, a label that is not a string, a value that is not a
/// number's text) is an error of kind Parse or Protocol naming `where`.
Result<std::vector<PromSample>> parsePromQueryAnswer(std::string_view body, const std::string& where);

/// Takes each series of an answer as it is read; an error it returns ends the read with that error.
using PromSampleSink = std::function<Result<void>(const PromSample&)>;
/// The same answer read as a stream, each series handed to `each` and none kept: a fleet's answer of hundreds of
/// thousands of series costs its text, not a document tree of it. The same checks, the same errors (an answer found
/// wrong at its end fails after some series went to `each`).
Result<void> parsePromQueryAnswer(std::string_view body, const std::string& where, const PromSampleSink& each);

class PromClient
{
public:
    struct Options
    {
        std::chrono::milliseconds timeout { 10000 }; ///< connect, send and the whole answer
        std::size_t maxBytes = std::size_t { 256 } << 20; ///< a bigger answer is an error, not a memory spike
    };

    explicit PromClient(PromUrl url);
    PromClient(PromUrl url, Options options);

    /// An instant query at the server's now. Fails with Unreachable (no connection), Timeout, Cancelled, Protocol
    /// (not HTTP, an HTTP error, Prometheus' error) or Parse (not the API's JSON).
    Result<std::vector<PromSample>> query(std::string_view expression, const std::atomic<bool>* cancel = nullptr) const;
    /// The same, each series handed to `each` as it is read.
    Result<void> query(
        std::string_view expression, const PromSampleSink& each, const std::atomic<bool>* cancel = nullptr) const;
    /// GET of PATH (with its query), the answer's body. Fails as query does.
    Result<std::string> get(std::string_view pathAndQuery, const std::atomic<bool>* cancel = nullptr) const;

    const PromUrl& url() const { return m_url; }

private:
    PromUrl m_url;
    Options m_options;
};

/// The query string's form of `text`: unreserved bytes kept, everything else %XX.
std::string percentEncode(std::string_view text);

} // namespace rp::metrics

// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The HTTP endpoint a Prometheus scrapes: GET /metrics and nothing else, on one thread of its own. It is read-only
// (no request changes anything), answers every connection within a deadline, holds at most kMaxClients at once, and
// reads a request head of at most 8 KiB: a slow or hostile client costs a slot for a few seconds, never the watch.

#include "error.h"

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

namespace rp::metrics {

/// Where to listen: a numeric IPv4 or IPv6 address (or "localhost") and a port; port 0 takes a free one.
struct ListenAddress
{
    std::string host; ///< numeric, as given ("127.0.0.1", "::1", "0.0.0.0", "::")
    std::uint16_t port = 0;

    std::string text() const; ///< "127.0.0.1:9464", "[::1]:9464"
};

/// "ADDR:PORT", "[V6]:PORT" or ":PORT" (every IPv4 address). Host names other than localhost are refused: the
/// address a port is opened on should be the one written, not what a resolver says.
Result<ListenAddress> parseListenAddress(std::string_view text);

/// What a scraper asked for, from a request head (request line and headers up to the empty line).
struct HttpRequest
{
    std::string method;
    std::string path; ///< the target without its query
    bool openMetrics = false; ///< Accept names application/openmetrics-text
};

/// Strict: a request line "METHOD SP TARGET SP HTTP/1.x", header lines "Name: value", CRLF or LF ends; anything
/// else (a bare CR, control bytes, a header without a colon, a target not starting with '/') is an error.
Result<HttpRequest> parseHttpRequest(std::string_view head);

class MetricsServer
{
public:
    static constexpr std::size_t kMaxClients = 16;
    static constexpr std::size_t kMaxHead = 8192;

    /// The text for one scrape (true: OpenMetrics); called on the server's thread.
    using Source = std::function<std::string(bool openMetrics)>;

    /// Binds and listens, then serves on a thread of its own until stop() or destruction. Fails (Io, naming the
    /// address) when the port is taken or the address is not this machine's.
    static Result<std::unique_ptr<MetricsServer>> start(const ListenAddress& address, Source source);
    ~MetricsServer();
    MetricsServer(const MetricsServer&) = delete;
    MetricsServer& operator=(const MetricsServer&) = delete;

    ListenAddress address() const; ///< with the port actually bound
    std::uint64_t scrapes() const; ///< /metrics answers sent
    void stop(); ///< closes the port and every connection; safe twice

private:
    class Impl;
    explicit MetricsServer(std::unique_ptr<Impl> impl);
    std::unique_ptr<Impl> m_impl;
};

} // namespace rp::metrics

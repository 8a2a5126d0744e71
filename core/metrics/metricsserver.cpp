// SPDX-License-Identifier: GPL-3.0-or-later
#include "metrics/metricsserver.h"

#include "util/uniquefd.h"

#include <algorithm>
#include <array>
#include <atomic>
#include <cerrno>
#include <charconv>
#include <chrono>
#include <thread>
#include <vector>

#include <arpa/inet.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

namespace rp::metrics {
namespace {

using SteadyClock = std::chrono::steady_clock;

/// A client gets this long to send its request head and take the answer; Prometheus's own scrape timeout is 10 s.
constexpr auto kClientDeadline = std::chrono::seconds(5);

bool headerNameChar(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' || c == '_';
}

std::string lower(std::string_view text)
{
    std::string out(text);
    std::ranges::transform(out, out.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return out;
}

Result<void> setNonBlocking(int fd)
{
    const int flags = ::fcntl(fd, F_GETFL);
    if (flags < 0 || ::fcntl(fd, F_SETFL, flags | O_NONBLOCK) < 0)
        return failErrno(ErrorKind::Io, "cannot make a socket non-blocking", errno);
    return {};
}

std::string response(int status, std::string_view reason, std::string_view contentType, const std::string& body,
    bool withBody, std::string_view extraHeaders = {})
{
    std::string out = "HTTP/1.1 " + std::to_string(status) + ' ' + std::string(reason) + "\r\n";
    out += "Content-Type: " + std::string(contentType) + "\r\n";
    out += "Content-Length: " + std::to_string(body.size()) + "\r\n";
    out += "Connection: close\r\n";
    out += extraHeaders;
    out += "\r\n";
    if (withBody)
        out += body;
    return out;
}

struct Client
{
    UniqueFd fd;
    std::string in;
    std::string out;
    std::size_t written = 0;
    SteadyClock::time_point deadline;
    bool answering = false;
};

} // namespace

std::string ListenAddress::text() const
{
    const bool v6 = host.find(':') != std::string::npos;
    return (v6 ? "[" + host + "]" : host) + ':' + std::to_string(port);
}

Result<ListenAddress> parseListenAddress(std::string_view text)
{
    const std::string shown(text);
    std::string_view host;
    std::string_view port;
    if (text.starts_with('[')) {
        const auto close = text.find(']');
        if (close == std::string_view::npos || close + 1 >= text.size() || text[close + 1] != ':')
            return fail(ErrorKind::Usage, "'" + shown + "' is not [IPV6]:PORT");
        host = text.substr(1, close - 1);
        port = text.substr(close + 2);
    } else {
        const auto colon = text.rfind(':');
        if (colon == std::string_view::npos)
            return fail(ErrorKind::Usage, "'" + shown + "' has no port: give ADDR:PORT, such as 127.0.0.1:9464");
        host = text.substr(0, colon);
        port = text.substr(colon + 1);
        if (host.find(':') != std::string_view::npos)
            return fail(ErrorKind::Usage, "'" + shown + "': write an IPv6 address in brackets, [::1]:9464");
    }
    unsigned value = 0;
    const auto [end, ec] = std::from_chars(port.data(), port.data() + port.size(), value);
    if (port.empty() || ec != std::errc() || end != port.data() + port.size() || value > 65535)
        return fail(ErrorKind::Usage, "'" + shown + "': the port must be a number 0..65535");
    ListenAddress out;
    out.port = static_cast<std::uint16_t>(value);
    if (host.empty())
        out.host = "0.0.0.0";
    else if (host == "localhost")
        out.host = "127.0.0.1";
    else
        out.host = std::string(host);
    in6_addr v6 {};
    in_addr v4 {};
    if (::inet_pton(AF_INET, out.host.c_str(), &v4) != 1 && ::inet_pton(AF_INET6, out.host.c_str(), &v6) != 1)
        return fail(ErrorKind::Usage,
            "'" + shown + "': '" + out.host
                + "' is not a numeric IPv4 or IPv6 address (host names other than localhost are not looked up)");
    return out;
}

Result<HttpRequest> parseHttpRequest(std::string_view head)
{
    std::vector<std::string_view> lines;
    std::size_t start = 0;
    while (start < head.size()) {
        auto nl = head.find('\n', start);
        if (nl == std::string_view::npos)
            nl = head.size();
        auto line = head.substr(start, nl - start);
        if (line.ends_with('\r'))
            line.remove_suffix(1);
        lines.push_back(line);
        start = nl + 1;
    }
    while (!lines.empty() && lines.back().empty())
        lines.pop_back();
    if (lines.empty())
        return fail(ErrorKind::Protocol, "empty request");
    for (auto line : lines) {
        for (char c : line) {
            const auto u = static_cast<unsigned char>(c);
            if ((u < 0x20 && c != '\t') || u == 0x7f)
                return fail(ErrorKind::Protocol, "control byte in the request head");
        }
    }
    const auto requestLine = lines.front();
    const auto sp1 = requestLine.find(' ');
    const auto sp2 = sp1 == std::string_view::npos ? sp1 : requestLine.find(' ', sp1 + 1);
    if (sp2 == std::string_view::npos || requestLine.find(' ', sp2 + 1) != std::string_view::npos)
        return fail(ErrorKind::Protocol, "the request line is not METHOD TARGET VERSION");
    HttpRequest out;
    out.method = std::string(requestLine.substr(0, sp1));
    const auto target = requestLine.substr(sp1 + 1, sp2 - sp1 - 1);
    const auto version = requestLine.substr(sp2 + 1);
    if (out.method.empty() || !std::ranges::all_of(out.method, [](char c) { return c >= 'A' && c <= 'Z'; }))
        return fail(ErrorKind::Protocol, "the method is not a word in capitals");
    if (version != "HTTP/1.1" && version != "HTTP/1.0")
        return fail(ErrorKind::Protocol, "not HTTP/1.0 or HTTP/1.1");
    if (!target.starts_with('/'))
        return fail(ErrorKind::Protocol, "the target does not start with '/'");
    out.path = std::string(target.substr(0, target.find('?')));
    for (std::size_t i = 1; i < lines.size(); ++i) {
        const auto line = lines[i];
        const auto colon = line.find(':');
        if (colon == 0 || colon == std::string_view::npos
            || !std::ranges::all_of(line.substr(0, colon), headerNameChar))
            return fail(ErrorKind::Protocol, "request header line " + std::to_string(i + 1) + " is not 'Name: value'");
        if (lower(line.substr(0, colon)) == "accept"
            && lower(line.substr(colon + 1)).find("application/openmetrics-text") != std::string::npos)
            out.openMetrics = true;
    }
    return out;
}

class MetricsServer::Impl
{
public:
    Impl(UniqueFd listener, ListenAddress address, Source source, UniqueFd wakeRead, UniqueFd wakeWrite)
        : m_listener(std::move(listener))
        , m_address(std::move(address))
        , m_source(std::move(source))
        , m_wakeRead(std::move(wakeRead))
        , m_wakeWrite(std::move(wakeWrite))
    {
        m_thread = std::thread([this] { loop(); });
    }

    ~Impl() { stop(); }

    void stop()
    {
        if (m_stopping.exchange(true))
            return;
        const char byte = 'x';
        // A full pipe still wakes the loop: it only has to become readable.
        [[maybe_unused]] const auto n = ::write(m_wakeWrite.get(), &byte, 1);
        if (m_thread.joinable())
            m_thread.join();
    }

    ListenAddress address() const { return m_address; }
    std::uint64_t scrapes() const { return m_scrapes.load(); }

private:
    void loop()
    {
        std::vector<Client> clients;
        while (!m_stopping.load()) {
            std::vector<pollfd> fds;
            fds.push_back({ m_wakeRead.get(), POLLIN, 0 });
            fds.push_back({ m_listener.get(), static_cast<short>(clients.size() < kMaxClients ? POLLIN : 0), 0 });
            auto next = SteadyClock::now() + std::chrono::seconds(1);
            for (const auto& c : clients) {
                fds.push_back({ c.fd.get(), static_cast<short>(c.answering ? POLLOUT : POLLIN), 0 });
                next = std::min(next, c.deadline);
            }
            const auto wait = std::chrono::duration_cast<std::chrono::milliseconds>(next - SteadyClock::now());
            const int ready
                = ::poll(fds.data(), fds.size(), static_cast<int>(std::clamp<long long>(wait.count(), 0, 1000)));
            if (ready < 0 && errno != EINTR)
                break;
            if (fds[0].revents != 0)
                break;
            const auto now = SteadyClock::now();
            for (std::size_t i = 0; i < clients.size(); ++i) {
                const auto revents = fds[i + 2].revents;
                if (revents != 0)
                    serve(clients[i], revents);
                if (now >= clients[i].deadline)
                    clients[i].fd.reset();
            }
            std::erase_if(clients, [](const Client& c) { return !c.fd.valid(); });
            if ((fds[1].revents & POLLIN) != 0)
                accept(clients);
        }
    }

    void accept(std::vector<Client>& clients)
    {
        while (clients.size() < kMaxClients) {
            const int fd = ::accept4(m_listener.get(), nullptr, nullptr, SOCK_NONBLOCK | SOCK_CLOEXEC);
            if (fd < 0)
                return; // EAGAIN, or a connection reset before it was taken: either way nothing to serve
            Client c;
            c.fd.reset(fd);
            c.deadline = SteadyClock::now() + kClientDeadline;
            clients.push_back(std::move(c));
        }
    }

    void serve(Client& c, short revents)
    {
        if (!c.answering) {
            std::array<char, 2048> buffer {};
            const auto n = ::recv(c.fd.get(), buffer.data(), buffer.size(), 0);
            if (n <= 0) {
                if (n == 0 || (errno != EAGAIN && errno != EINTR))
                    c.fd.reset();
                return;
            }
            c.in.append(buffer.data(), static_cast<std::size_t>(n));
            auto end = c.in.find("\r\n\r\n");
            if (end == std::string::npos)
                end = c.in.find("\n\n");
            if (end == std::string::npos) {
                if (c.in.size() > kMaxHead)
                    answer(c,
                        response(
                            431, "Request Header Fields Too Large", "text/plain", "request head too large\n", true));
                return;
            }
            if (end > kMaxHead) {
                answer(c,
                    response(431, "Request Header Fields Too Large", "text/plain", "request head too large\n", true));
                return;
            }
            answer(c, reply(std::string_view(c.in).substr(0, end)));
            return;
        }
        if ((revents & (POLLERR | POLLHUP)) != 0 && (revents & POLLOUT) == 0) {
            c.fd.reset();
            return;
        }
        const auto n = ::send(c.fd.get(), c.out.data() + c.written, c.out.size() - c.written, MSG_NOSIGNAL);
        if (n < 0) {
            if (errno != EAGAIN && errno != EINTR)
                c.fd.reset();
            return;
        }
        c.written += static_cast<std::size_t>(n);
        if (c.written == c.out.size())
            c.fd.reset();
    }

    void answer(Client& c, std::string text)
    {
        c.answering = true;
        c.out = std::move(text);
        c.in.clear();
    }

    std::string reply(std::string_view head)
    {
        auto request = parseHttpRequest(head);
        if (!request)
            return response(400, "Bad Request", "text/plain", request.error().message + "\n", true);
        const bool body = request->method != "HEAD";
        if (request->method != "GET" && request->method != "HEAD")
            return response(
                405, "Method Not Allowed", "text/plain", "only GET and HEAD\n", true, "Allow: GET, HEAD\r\n");
        if (request->path == "/metrics") {
            ++m_scrapes;
            const auto type = request->openMetrics ? "application/openmetrics-text; version=1.0.0; charset=utf-8"
                                                   : "text/plain; version=0.0.4; charset=utf-8";
            return response(200, "OK", type, m_source(request->openMetrics), body);
        }
        if (request->path == "/")
            return response(
                200, "OK", "text/plain; charset=utf-8", "rocepilot fabric watch: the metrics are at /metrics\n", body);
        return response(404, "Not Found", "text/plain", "not found: the metrics are at /metrics\n", body);
    }

    UniqueFd m_listener;
    ListenAddress m_address;
    Source m_source;
    UniqueFd m_wakeRead;
    UniqueFd m_wakeWrite;
    std::atomic<bool> m_stopping { false };
    std::atomic<std::uint64_t> m_scrapes { 0 };
    std::thread m_thread;
};

Result<std::unique_ptr<MetricsServer>> MetricsServer::start(const ListenAddress& address, Source source)
{
    sockaddr_storage storage {};
    socklen_t length = 0;
    int family = AF_INET;
    auto* v4 = reinterpret_cast<sockaddr_in*>(&storage);
    auto* v6 = reinterpret_cast<sockaddr_in6*>(&storage);
    if (::inet_pton(AF_INET, address.host.c_str(), &v4->sin_addr) == 1) {
        v4->sin_family = AF_INET;
        v4->sin_port = htons(address.port);
        length = sizeof(sockaddr_in);
    } else if (::inet_pton(AF_INET6, address.host.c_str(), &v6->sin6_addr) == 1) {
        family = AF_INET6;
        v6->sin6_family = AF_INET6;
        v6->sin6_port = htons(address.port);
        length = sizeof(sockaddr_in6);
    } else {
        return fail(ErrorKind::Usage, "'" + address.host + "' is not a numeric address");
    }
    UniqueFd listener(::socket(family, SOCK_STREAM | SOCK_CLOEXEC, 0));
    if (!listener.valid())
        return failErrno(ErrorKind::Io, "cannot open a socket for the metrics", errno, address.text());
    const int one = 1;
    ::setsockopt(listener.get(), SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
    if (::bind(listener.get(), reinterpret_cast<const sockaddr*>(&storage), length) < 0)
        return failErrno(ErrorKind::Io, "cannot serve the metrics on " + address.text(), errno, address.text());
    if (::listen(listener.get(), 64) < 0)
        return failErrno(ErrorKind::Io, "cannot listen for the metrics", errno, address.text());
    if (auto ok = setNonBlocking(listener.get()); !ok)
        return std::unexpected(ok.error());
    sockaddr_storage bound {};
    socklen_t boundLength = sizeof bound;
    ListenAddress actual = address;
    if (::getsockname(listener.get(), reinterpret_cast<sockaddr*>(&bound), &boundLength) == 0)
        actual.port = ntohs(family == AF_INET ? reinterpret_cast<sockaddr_in*>(&bound)->sin_port
                                              : reinterpret_cast<sockaddr_in6*>(&bound)->sin6_port);
    int pipeFds[2] = { -1, -1 };
    if (::pipe2(pipeFds, O_CLOEXEC | O_NONBLOCK) < 0)
        return failErrno(ErrorKind::Io, "cannot make the metrics server's wake-up pipe", errno);
    auto impl = std::make_unique<Impl>(
        std::move(listener), actual, std::move(source), UniqueFd(pipeFds[0]), UniqueFd(pipeFds[1]));
    return std::unique_ptr<MetricsServer>(new MetricsServer(std::move(impl)));
}

MetricsServer::MetricsServer(std::unique_ptr<Impl> impl)
    : m_impl(std::move(impl))
{ }

MetricsServer::~MetricsServer() = default;

ListenAddress MetricsServer::address() const
{
    return m_impl->address();
}

std::uint64_t MetricsServer::scrapes() const
{
    return m_impl->scrapes();
}

void MetricsServer::stop()
{
    m_impl->stop();
}

} // namespace rp::metrics

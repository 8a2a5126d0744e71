// SPDX-License-Identifier: GPL-3.0-or-later
// The metrics endpoint (core/metrics/metricsserver): listen addresses as the CLI takes them, request heads as a
// scraper (or anyone who reaches the port) sends them, and the server over loopback: both formats by Accept, HEAD,
// the errors (400, 404, 405, 431), clients that never send a byte not holding up a scrape, more clients than slots,
// a port already taken, and stop() with clients still connected.
#include "metrics/metricsserver.h"

#include "testbasics.h"
#include "util/uniquefd.h"

#include <QtTest>

#include <chrono>
#include <string>
#include <vector>

#include <arpa/inet.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

using namespace rp;
using namespace rp::metrics;

namespace {

UniqueFd connectTo(std::uint16_t port)
{
    UniqueFd fd(::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0));
    sockaddr_in a {};
    a.sin_family = AF_INET;
    a.sin_port = htons(port);
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if (::connect(fd.get(), reinterpret_cast<const sockaddr*>(&a), sizeof a) != 0)
        return UniqueFd();
    return fd;
}

/// Sends `request` and reads until the server closes (at most `timeoutMs`): the whole answer.
std::string exchange(std::uint16_t port, const std::string& request, int timeoutMs = 5000)
{
    auto fd = connectTo(port);
    if (!fd.valid())
        return "<connect failed>";
    if (::send(fd.get(), request.data(), request.size(), MSG_NOSIGNAL) != static_cast<ssize_t>(request.size()))
        return "<send failed>";
    std::string out;
    const auto end = std::chrono::steady_clock::now() + std::chrono::milliseconds(timeoutMs);
    while (std::chrono::steady_clock::now() < end) {
        pollfd p { fd.get(), POLLIN, 0 };
        if (::poll(&p, 1, 100) <= 0)
            continue;
        char buffer[4096];
        const auto n = ::recv(fd.get(), buffer, sizeof buffer, 0);
        if (n <= 0)
            return out;
        out.append(buffer, static_cast<std::size_t>(n));
    }
    return out + "<timeout>";
}

std::unique_ptr<MetricsServer> serve(std::string* lastFormat = nullptr)
{
    auto server = MetricsServer::start({ "127.0.0.1", 0 }, [lastFormat](bool openMetrics) {
        if (lastFormat)
            *lastFormat = openMetrics ? "openmetrics" : "classic";
        return std::string(openMetrics ? "x 1\n# EOF\n" : "x 1\n");
    });
    return server ? std::move(*server) : nullptr;
}

} // namespace

class TestMetricsServer final : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void listenAddresses()
    {
        auto v4 = parseListenAddress("127.0.0.1:9464");
        QVERIFY(v4);
        QCOMPARE(v4->host, std::string("127.0.0.1"));
        QCOMPARE(v4->port, std::uint16_t(9464));
        auto v6 = parseListenAddress("[::1]:0");
        QVERIFY(v6);
        QCOMPARE(v6->host, std::string("::1"));
        QCOMPARE(v6->text(), std::string("[::1]:0"));
        QCOMPARE(parseListenAddress(":9464")->host, std::string("0.0.0.0"));
        QCOMPARE(parseListenAddress("localhost:1")->host, std::string("127.0.0.1"));
        for (const char* bad : { "example.com:80", "1.2.3.4", "::1:80", "1.2.3.4:65536", "1.2.3.4:-1",
                 "1.2.3.4:", "[::1]80", "[::1", "1.2.3.4:80x", "", ":", "300.1.1.1:80" }) {
            auto r = parseListenAddress(bad);
            QVERIFY2(!r, bad);
            QVERIFY(r.error().kind == ErrorKind::Usage);
        }
        QVERIFY(parseListenAddress("example.com:80").error().message.find("not looked up") != std::string::npos);
    }

    void requestHeads()
    {
        auto scrape = parseHttpRequest("GET /metrics HTTP/1.1\r\nHost: x\r\nAccept: "
                                       "application/openmetrics-text;version=1.0.0,text/plain;q=0.5\r\n\r\n");
        QVERIFY(scrape);
        QCOMPARE(scrape->method, std::string("GET"));
        QCOMPARE(scrape->path, std::string("/metrics"));
        QVERIFY(scrape->openMetrics);
        auto plain = parseHttpRequest("GET /metrics?debug=1 HTTP/1.0\nACCEPT: text/plain\n\n");
        QVERIFY(plain);
        QCOMPARE(plain->path, std::string("/metrics"));
        QVERIFY(!plain->openMetrics);
        for (const char* bad : { "", "GET /metrics", "get /metrics HTTP/1.1", "GET metrics HTTP/1.1",
                 "GET /metrics HTTP/2", "GET  /metrics HTTP/1.1", "GET /metrics HTTP/1.1\r\nno colon here",
                 "GET /metrics HTTP/1.1\r\n: empty name", "GET /met\x01rics HTTP/1.1", "GET /a HTTP/1.1\r\nA b: c" }) {
            QVERIFY2(!parseHttpRequest(bad), bad);
        }
        const char withNul[] = "GET /metrics HTTP/1.1\r\nX: a\0b\r\n";
        QVERIFY(!parseHttpRequest(std::string(withNul, sizeof withNul - 1)));
    }

    void servesBothFormats()
    {
        std::string format;
        auto server = serve(&format);
        QVERIFY(server);
        const auto port = server->address().port;
        QVERIFY(port != 0);
        const auto classic = exchange(port, "GET /metrics HTTP/1.1\r\nHost: t\r\n\r\n");
        QVERIFY2(classic.starts_with("HTTP/1.1 200 OK\r\n"), classic.c_str());
        QVERIFY(classic.contains("Content-Type: text/plain; version=0.0.4; charset=utf-8\r\n"));
        QVERIFY(classic.contains("Content-Length: 4\r\n"));
        QVERIFY(classic.ends_with("\r\n\r\nx 1\n"));
        QCOMPARE(format, std::string("classic"));
        const auto om
            = exchange(port, "GET /metrics HTTP/1.1\r\nAccept: application/openmetrics-text;version=1.0.0\r\n\r\n");
        QVERIFY(om.contains("Content-Type: application/openmetrics-text; version=1.0.0; charset=utf-8\r\n"));
        QVERIFY(om.ends_with("# EOF\n"));
        QCOMPARE(format, std::string("openmetrics"));
        const auto head = exchange(port, "HEAD /metrics HTTP/1.1\r\n\r\n");
        QVERIFY(head.contains("Content-Length: 4\r\n"));
        QVERIFY(head.ends_with("\r\n\r\n"));
        QCOMPARE(server->scrapes(), std::uint64_t(3));
    }

    void errors()
    {
        auto server = serve();
        QVERIFY(server);
        const auto port = server->address().port;
        QVERIFY(exchange(port, "POST /metrics HTTP/1.1\r\n\r\n").starts_with("HTTP/1.1 405 "));
        QVERIFY(exchange(port, "POST /metrics HTTP/1.1\r\n\r\n").contains("Allow: GET, HEAD\r\n"));
        QVERIFY(exchange(port, "GET /admin HTTP/1.1\r\n\r\n").starts_with("HTTP/1.1 404 "));
        QVERIFY(exchange(port, "GET / HTTP/1.1\r\n\r\n").starts_with("HTTP/1.1 200 "));
        QVERIFY(exchange(port, "\x16\x03\x01 hello\r\n\r\n").starts_with("HTTP/1.1 400 "));
        const std::string huge = "GET /metrics HTTP/1.1\r\nX: " + std::string(9000, 'a');
        QVERIFY(exchange(port, huge).starts_with("HTTP/1.1 431 "));
        QCOMPARE(server->scrapes(), std::uint64_t(0));
    }

    void silentClientsDoNotHoldAScrape()
    {
        auto server = serve();
        QVERIFY(server);
        const auto port = server->address().port;
        std::vector<UniqueFd> idle;
        for (int i = 0; i < 3; ++i)
            idle.push_back(connectTo(port));
        const auto t0 = std::chrono::steady_clock::now();
        QVERIFY(exchange(port, "GET /metrics HTTP/1.1\r\n\r\n", 2000).starts_with("HTTP/1.1 200 "));
        QVERIFY(std::chrono::steady_clock::now() - t0 < std::chrono::seconds(1));
    }

    void moreClientsThanSlots()
    {
        auto server = serve();
        QVERIFY(server);
        const auto port = server->address().port;
        std::vector<UniqueFd> idle;
        for (std::size_t i = 0; i < MetricsServer::kMaxClients + 4; ++i)
            idle.push_back(connectTo(port));
        // Every slot is taken by a client that never speaks: the scrape waits for their deadline (5 s), not forever.
        const auto answer = exchange(port, "GET /metrics HTTP/1.1\r\n\r\n", 15000);
        QVERIFY2(answer.starts_with("HTTP/1.1 200 "), answer.c_str());
    }

    void aPortTaken()
    {
        auto first = serve();
        QVERIFY(first);
        auto second = MetricsServer::start(first->address(), [](bool) { return std::string(); });
        QVERIFY(!second);
        QVERIFY(second.error().kind == ErrorKind::Io);
        QVERIFY2(
            second.error().message.find(first->address().text()) != std::string::npos, second.error().message.c_str());
    }

    void stopWithClientsConnected()
    {
        auto server = serve();
        QVERIFY(server);
        auto client = connectTo(server->address().port);
        QVERIFY(client.valid());
        // Half a request: the server has taken the connection and waits for the rest when it is stopped.
        QCOMPARE(::send(client.get(), "GET ", 4, MSG_NOSIGNAL), ssize_t(4));
        QTest::qWait(300);
        const timeval limit { 3, 0 };
        ::setsockopt(client.get(), SOL_SOCKET, SO_RCVTIMEO, &limit, sizeof limit);
        const auto t0 = std::chrono::steady_clock::now();
        server->stop();
        server->stop();
        QVERIFY(std::chrono::steady_clock::now() - t0 < std::chrono::seconds(1));
        char byte = 0;
        QCOMPARE(::recv(client.get(), &byte, 1, 0), ssize_t(0)); // closed by the server, not left waiting
    }
};

QTEST_GUILESS_MAIN(TestMetricsServer)
#include "tst_metricsserver.moc"

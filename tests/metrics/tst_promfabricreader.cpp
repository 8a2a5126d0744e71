// SPDX-License-Identifier: GPL-3.0-or-later
// Reading a Prometheus' API (core/metrics/promclient, promfabricreader): URLs as a user types them, HTTP answers as a
// server frames them (Content-Length, chunked, to the end, errors with Prometheus' own text), the query API's JSON
// (vectors, scalars, errors, what is not Prometheus), the label matchers that go into the query, and the round made
// of the standalone agents' series: a healthy fleet, a host whose incoming probes are dropped, an agent whose series
// are gone, a stuck agent, a port its agent says is down, host counters. The client over loopback against a server
// written here (an answer in pieces, one that never comes, one too large, a refused port, cancel). A real Prometheus
// scraping real agents is tests/metrics/agents-prometheus.sh.
#include "metrics/promclient.h"
#include "metrics/promfabricreader.h"

#include "httpanswerserver.h"
#include "promfleet.h"
#include "testbasics.h"
#include "util/uniquefd.h"

#include <nlohmann/json.hpp>

#include <QtTest>

#include <atomic>
#include <thread>

#include <arpa/inet.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

using namespace rp;
using namespace rp::metrics;

namespace {

using Fleet = test::PromFleet;

Fleet sixHosts(const std::function<double(int, int)>& loss, std::set<int> skip = {}, int stuck = 0)
{
    return Fleet::sixHosts(loss, skip, stuck);
}

Result<fabric::FabricRound> roundOf(const Fleet& fleet)
{
    auto samples = parsePromQueryAnswer(fleet.body(), "test");
    if (!samples)
        return std::unexpected(samples.error());
    PromFabricOptions options;
    options.spine = "spine1";
    return fabricRoundFromSamples(*samples, fleet.now, options, 7);
}

std::string faultsText(const fabric::FabricRound& round)
{
    std::string out;
    for (const auto& f : round.summary.findings)
        out += std::string(fabric::toString(f.klass)) + " " + f.element.name + " (" + std::to_string(f.confidence)
            + "); ";
    return out;
}

using test::HttpAnswerServer;

} // namespace

class TestPromFabricReader : public QObject
{
    Q_OBJECT

private slots:
    void urls()
    {
        auto u = parsePromUrl("http://prom.example:9091/prometheus/");
        QVERIFY(u);
        QCOMPARE(u->host, std::string("prom.example"));
        QCOMPARE(u->port, 9091);
        QCOMPARE(u->prefix, std::string("/prometheus"));
        QCOMPARE(u->text(), std::string("http://prom.example:9091/prometheus"));
        auto v6 = parsePromUrl("HTTP://[::1]");
        QVERIFY(v6);
        QCOMPARE(v6->port, 9090);
        QCOMPARE(v6->text(), std::string("http://[::1]:9090"));
        auto tls = parsePromUrl("https://prom:9090");
        QVERIFY(!tls);
        QVERIFY(tls.error().message.find("ssh -L") != std::string::npos);
        for (const char* bad : { "prom:9090", "http://", "http://user:pw@prom", "http://prom:0", "http://prom:65536",
                 "http://prom:", "http://prom/x?y=1", "http://pr om", "http://[zz]:1", "http://[::1]x",
                 "http://prom/a b" })
            QVERIFY2(!parsePromUrl(bad), bad);
    }

    void answers()
    {
        auto plain = httpAnswerBody("HTTP/1.1 200 OK\r\nContent-Length: 4\r\n\r\nbodyEXTRA", "t");
        QVERIFY(plain);
        QCOMPARE(*plain, std::string("body"));
        auto chunked = httpAnswerBody(
            "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nab\ncd\r\n3;x=1\r\nefg\r\n0\r\n\r\n", "t");
        QVERIFY(chunked);
        QCOMPARE(*chunked, std::string("ab\ncdefg"));
        auto toEnd = httpAnswerBody("HTTP/1.0 200 OK\nContent-Type: x\n\n{}", "t");
        QVERIFY(toEnd);
        QCOMPARE(*toEnd, std::string("{}"));
        auto bad = httpAnswerBody("HTTP/1.1 400 Bad Request\r\nContent-Length: 71\r\n\r\n"
                                  R"({"status":"error","errorType":"bad_data","error":"1:5: parse error: x"})",
            "Prometheus at http://p:9090");
        QVERIFY(!bad);
        QCOMPARE_KIND(bad.error(), ErrorKind::Protocol);
        QCOMPARE(bad.error().describe(),
            std::string("Prometheus at http://p:9090: HTTP 400: bad_data: 1:5: parse error: x"));
        auto cut = httpAnswerBody("HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\nabc", "t");
        QVERIFY(!cut);
        QVERIFY(cut.error().message.find("3 of its 10") != std::string::npos);
        QVERIFY(!httpAnswerBody("", "t"));
        QVERIFY(!httpAnswerBody("<html><body>proxy</body></html>\r\n\r\n", "t"));
        QVERIFY(!httpAnswerBody("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n", "t"));
        QVERIFY(!httpAnswerBody("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n9\r\nabc", "t"));
    }

    void queryJson()
    {
        auto v = parsePromQueryAnswer(R"({"status":"success","data":{"resultType":"vector","result":[
            {"metric":{"__name__":"up","job":"a"},"value":[1800000000.5,"1"]},
            {"metric":{},"value":[1800000000.5,"NaN"]},{"metric":{},"value":[1,"+Inf"]},{"metric":{},"value":[1,"-1e-3"]}]}})",
            "t");
        QVERIFY(v);
        QCOMPARE(v->size(), std::size_t(4));
        QCOMPARE(v->at(0).labels.at("job"), std::string("a"));
        QCOMPARE(v->at(0).timestamp, 1800000000.5);
        QVERIFY(std::isnan(v->at(1).value));
        QVERIFY(std::isinf(v->at(2).value));
        QCOMPARE(v->at(3).value, -0.001);
        auto scalar
            = parsePromQueryAnswer(R"({"status":"success","data":{"resultType":"scalar","result":[5,"2"]}})", "t");
        QVERIFY(scalar);
        QCOMPARE(scalar->at(0).value, 2.0);
        auto error = parsePromQueryAnswer(R"({"status":"error","errorType":"timeout","error":"query timed out"})", "t");
        QVERIFY(!error);
        QCOMPARE(error.error().message, std::string("Prometheus says timeout: query timed out"));
        QCOMPARE_KIND(
            parsePromQueryAnswer(R"({"status":"success","data":{"resultType":"matrix","result":[]}})", "t").error(),
            ErrorKind::Protocol);
        for (const char* bad : { "<html>", "[]", R"({"data":{}})", R"({"status":"success"})",
                 R"({"status":"success","data":{"resultType":"vector","result":[{"metric":{"a":1},"value":[1,"1"]}]}})",
                 R"({"status":"success","data":{"resultType":"vector","result":[{"metric":{},"value":[1,"one"]}]}})",
                 R"({"status":"success","data":{"resultType":"vector","result":[{"metric":{},"value":[1,1]}]}})",
                 R"({"status":"success","data":{"resultType":"vector","result":[{"metric":{}}]}})" })
            QVERIFY2(!parsePromQueryAnswer(bad, "t"), bad);
    }

    void matchers()
    {
        for (const char* good :
            { "", R"(job="rocepilot-agent")", R"(job="a" , tor=~"leaf[12]", host!="h\"1")", R"(env!~"lab")" })
            QVERIFY2(checkPromMatchers(good), good);
        // Anything that could close the selector or add an expression is refused.
        for (const char* bad : { "job", R"(job=rocepilot)", R"(job="a"} or vector(1) or {a="b")", R"(job="a)",
                 R"(1job="a")", R"(job=="a")", R"(job="a" tor="b")", "job=\"a\nb\"", R"(job="a",)" })
            QVERIFY2(!checkPromMatchers(bad), bad);
        QCOMPARE(promFabricQuery({ .matchers = R"(job="x")" }),
            std::string("{__name__=~\"rocepilot_agent_(info|up|endpoint_up|last_phase_timestamp_seconds|phase_seconds|"
                        "cpu_ratio|probe_rate|host_events_per_second|target_(loss_ratio|failed|rtt_seconds|"
                        "prober_delay_seconds|responder_delay_seconds))\",job=\"x\"}"));
    }

    void healthyFleet()
    {
        auto round = roundOf(sixHosts([](int, int) { return 0.0; }));
        QVERIFY2(round, round ? "" : round.error().describe().c_str());
        QCOMPARE(round->pinglist.hosts.size(), std::size_t(6));
        QCOMPARE(round->pinglist.endpoints.size(), std::size_t(6));
        QCOMPARE(round->cells.size(), std::size_t(30));
        QCOMPARE(round->pinglist.pairs.size(), std::size_t(30));
        QCOMPARE(round->pinglist.topology.torOfHost("h5"), std::string("leaf3"));
        QCOMPARE(round->summary.round, std::uint64_t(7));
        QCOMPARE(round->summary.cellsFailed, std::size_t(0));
        QVERIFY2(round->summary.findings.empty(), faultsText(*round).c_str());
        const auto& c = round->cells.front();
        QCOMPARE(c.sent, 20u); // 10 probes/s over a 2 s phase
        QCOMPARE(c.received, 20u);
        QCOMPARE(c.rttP50Us, 120.0);
        QCOMPARE(c.rttP99Us, 400.0);
        QCOMPARE(c.responderDelayP50Us, 30.0);
        QCOMPARE_ENUM(round->agents.at("h2"), fabric::AgentState::Up);
        QCOMPARE(round->agentRate.at("h2"), 10.0);
        QVERIFY(std::abs(round->agentCpuPercent.at("h2") - 0.4) < 1e-9);
        QVERIFY(round->hostCounters.empty());
    }

    void hostThatDropsIncomingProbes()
    {
        auto round = roundOf(sixHosts([](int, int to) { return to == 3 ? 1.0 : 0.0; }));
        QVERIFY(round);
        QCOMPARE(round->summary.cellsFailed, std::size_t(5));
        QCOMPARE(fabric::faultCount(round->summary.findings), std::size_t(1));
        const auto& f = round->summary.findings.front();
        QVERIFY2(f.element.name.starts_with("h3"), faultsText(*round).c_str());
        QVERIFY2(f.klass != fabric::ElementKind::Tor && f.klass != fabric::ElementKind::Uplink
                && f.klass != fabric::ElementKind::HostAgent,
            faultsText(*round).c_str());
        // The cells say why they failed, as a watch's would.
        for (const auto& c : round->cells) {
            if (round->pinglist.endpoints[c.to].host == "h3")
                QCOMPARE_ENUM(c.reason, fabric::Reason::Timeout);
        }
    }

    void agentWithoutSeries()
    {
        // h5's scrape fails: its own series are gone, its peers' probes towards it are lost.
        auto round = roundOf(sixHosts([](int, int to) { return to == 5 ? 1.0 : 0.0; }, { 5 }));
        QVERIFY(round);
        QCOMPARE_ENUM(round->agents.at("h5"), fabric::AgentState::Down);
        QVERIFY(round->agentDetail.at("h5").find("no series") != std::string::npos);
        QCOMPARE(round->cells.size(), std::size_t(25));
        QCOMPARE(fabric::faultCount(round->summary.findings), std::size_t(1));
        const auto& f = round->summary.findings.front();
        QCOMPARE_ENUM(f.klass, fabric::ElementKind::HostAgent);
        QCOMPARE(f.element.name, std::string("h5"));
        QCOMPARE(f.finding.evidence.front().where, std::string("Prometheus"));
    }

    void stuckAgent()
    {
        auto round = roundOf(sixHosts([](int, int) { return 0.0; }, {}, 4));
        QVERIFY(round);
        QCOMPARE_ENUM(round->agents.at("h4"), fabric::AgentState::Down);
        QVERIFY(round->agentDetail.at("h4").find("120 s ago") != std::string::npos);
        // Its old figures are not shown as this round's.
        for (const auto& c : round->cells)
            QVERIFY(round->pinglist.endpoints[c.from].host != "h4");
        QCOMPARE(round->cells.size(), std::size_t(25));
    }

    void portDownAndCounters()
    {
        auto fleet = sixHosts([](int from, int to) { return from == 2 || to == 2 ? 1.0 : 0.0; });
        for (auto& s : fleet.result) {
            if (s["metric"]["__name__"] == "rocepilot_agent_endpoint_up" && s["metric"]["host"] == "h2")
                s["value"][1] = "0";
        }
        fleet.add("rocepilot_agent_host_events_per_second",
            { { "host", "h1" }, { "tor", "leaf1" }, { "event", "retransmits" } }, 2.5);
        fleet.add("rocepilot_agent_host_events_per_second",
            { { "host", "h1" }, { "tor", "leaf1" }, { "event", "bogus" } }, 9);
        auto round = roundOf(fleet);
        QVERIFY(round);
        QCOMPARE(round->portsDown.size(), std::size_t(1));
        QCOMPARE(round->pinglist.endpoints[round->portsDown.begin()->first].host, std::string("h2"));
        QCOMPARE(round->hostCounters.at("h1").retransmitsPerS.value_or(-1), 2.5);
        QVERIFY(!round->hostCounters.at("h1").pauseRxPerS);
        QCOMPARE(fabric::faultCount(round->summary.findings), std::size_t(1));
        QCOMPARE_ENUM(round->summary.findings.front().klass, fabric::ElementKind::HostNic);
    }

    void answersThatAreNotAFleet()
    {
        Fleet none;
        auto empty = roundOf(none);
        QVERIFY(!empty);
        QVERIFY(empty.error().message.find("no agent") != std::string::npos);
        Fleet badName = sixHosts([](int, int) { return 0.0; });
        badName.add("rocepilot_agent_target_loss_ratio",
            { { "from", "h1:rxe0" }, { "to", "h2:udp" }, { "from_host", "h1" }, { "to_host", "h2" } }, 0);
        auto refused = roundOf(badName);
        QVERIFY(!refused);
        QVERIFY(refused.error().message.find("h1:rxe0") != std::string::npos);
        Fleet wrongTransport;
        wrongTransport.agent("h1", "leaf1");
        wrongTransport.add("rocepilot_agent_target_loss_ratio",
            { { "from", "h1:udp" }, { "to", "h2:udp" }, { "from_host", "h1" }, { "to_host", "h2" },
                { "transport", "rdma" } },
            0);
        QVERIFY(!roundOf(wrongTransport));
        // Values no agent writes never become times or counts.
        Fleet longPhase = sixHosts([](int, int) { return 0.0; });
        longPhase.add("rocepilot_agent_phase_seconds", { { "host", "h2" }, { "tor", "leaf1" } }, 1e300);
        auto huge = roundOf(longPhase);
        QVERIFY(!huge);
        QVERIFY2(huge.error().message.find("rocepilot_agent_phase_seconds of host h2") != std::string::npos,
            huge.error().message.c_str());
        Fleet farFuture = sixHosts([](int, int) { return 0.0; });
        farFuture.now = 1e300;
        farFuture.add("rocepilot_agent_cpu_ratio", { { "host", "h1" }, { "tor", "leaf1" } }, 0.1);
        auto samples = parsePromQueryAnswer(farFuture.body(), "test");
        QVERIFY(samples);
        QVERIFY(!fabricRoundFromSamples(*samples, samples->back().timestamp, {}, 1));
    }

    void readerOverLoopback()
    {
        const std::string body = sixHosts([](int, int) { return 0.0; }).body();
        std::string chunked;
        for (std::size_t at = 0; at < body.size(); at += 1000) {
            const auto part = body.substr(at, 1000);
            char size[16];
            std::snprintf(size, sizeof size, "%zx\r\n", part.size());
            chunked += size + part + "\r\n";
        }
        HttpAnswerServer server("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n" + chunked + "0\r\n\r\n", 7);
        PromFabricOptions options;
        options.matchers = R"(job="rocepilot-agent")";
        PromFabricReader reader(PromClient({ "127.0.0.1", server.port(), "/prom" }), options);
        auto round = reader.read();
        QVERIFY2(round, round ? "" : round.error().describe().c_str());
        QCOMPARE(round->cells.size(), std::size_t(30));
        QCOMPARE(round->summary.round, std::uint64_t(1));
        QVERIFY(server.request().starts_with(
            "GET /prom/api/v1/query?query=%7B__name__%3D~%22rocepilot_agent_%28info%7Cup"));
        QVERIFY(server.request().find("%2Cjob%3D%22rocepilot-agent%22%7D HTTP/1.0\r\n") != std::string::npos);
    }

    void clientFailures()
    {
        {
            HttpAnswerServer silent("", 0);
            PromClient client({ "127.0.0.1", silent.port(), "" }, { .timeout = std::chrono::milliseconds(300) });
            const auto t0 = test::Clock::now();
            auto r = client.query("up");
            QVERIFY(!r);
            QCOMPARE_KIND(r.error(), ErrorKind::Timeout);
            QVERIFY(test::msSince(t0) < 2000);
        }
        {
            HttpAnswerServer silent("", 0);
            std::atomic<bool> cancel { false };
            PromClient client({ "127.0.0.1", silent.port(), "" });
            std::thread canceller([&] {
                std::this_thread::sleep_for(std::chrono::milliseconds(200));
                cancel = true;
            });
            const auto t0 = test::Clock::now();
            auto r = client.query("up", &cancel);
            canceller.join();
            QVERIFY(!r);
            QCOMPARE_KIND(r.error(), ErrorKind::Cancelled);
            QVERIFY(test::msSince(t0) < 2000);
        }
        {
            HttpAnswerServer big("HTTP/1.1 200 OK\r\n\r\n" + std::string(300000, 'x'), 3);
            PromClient client({ "127.0.0.1", big.port(), "" }, { .maxBytes = 100000 });
            auto r = client.query("up");
            QVERIFY(!r);
            QVERIFY(r.error().message.find("larger than") != std::string::npos);
        }
        {
            // A port nobody listens on: bound, never listened.
            UniqueFd fd(::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0));
            sockaddr_in a {};
            a.sin_family = AF_INET;
            a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
            ::bind(fd.get(), reinterpret_cast<const sockaddr*>(&a), sizeof a);
            socklen_t len = sizeof a;
            ::getsockname(fd.get(), reinterpret_cast<sockaddr*>(&a), &len);
            auto r = PromClient({ "127.0.0.1", ntohs(a.sin_port), "" }).query("up");
            QVERIFY(!r);
            QCOMPARE_KIND(r.error(), ErrorKind::Unreachable);
            QVERIFY(r.error().describe().starts_with("Prometheus at http://127.0.0.1:"));
        }
        {
            HttpAnswerServer html("HTTP/1.1 200 OK\r\nContent-Type: text/html\r\n\r\n<html>login</html>", 1);
            auto r = PromClient({ "127.0.0.1", html.port(), "" }).query("up");
            QVERIFY(!r);
            QVERIFY(r.error().message.find("not JSON") != std::string::npos);
        }
    }
};

QTEST_GUILESS_MAIN(TestPromFabricReader)
#include "tst_promfabricreader.moc"

// SPDX-License-Identifier: GPL-3.0-or-later
// The probe protocol: every message survives encode -> decode unchanged, a line is exactly one line, and
// garbled or hostile lines are Protocol errors that say what was wrong (never a crash, never half a message).
#include "perf/protocol.h"

#include "testbasics.h"

#include <QtTest>

#include <limits>

using namespace rp;
using namespace rp::perf;

using rp::test::q;

namespace {

SizeResult fullResult()
{
    SizeResult r;
    r.size = 4096;
    r.messages = 123456;
    r.bytes = 123456ull * 4096;
    r.elapsedS = 2.000123456789;
    r.gbps = 2.0247859;
    r.messagesPerS = 61724.1;
    LatencySummary l;
    l.count = 123456;
    l.minUs = 1.5;
    l.p50Us = 2.25;
    l.p90Us = 3.125;
    l.p99Us = 7.0625;
    l.p999Us = 20.5;
    l.maxUs = 1234.567;
    l.meanUs = 2.6;
    r.latency = l;
    r.cpu = { 0.5, 1.25, 2.0 };
    r.verifyErrors = 3;
    return r;
}

std::vector<ProbeMessage> samples()
{
    HelloMsg hello;
    hello.probeVersion = "0.1.0";
    hello.capabilities.rdma = true;
    hello.capabilities.rdmaDevices = { { "rxe0", 1, 244 }, { "mlx5_1", 2, 512 } };
    hello.capabilities.perftestTools = { "ib_send_lat", "ib_write_bw" };
    hello.capabilities.perftestOutJson = true;

    Sample s;
    s.size = 64;
    s.tS = 1.1;
    s.intervalS = 0.1000003;
    s.messages = 8000;
    s.bytes = 512000;
    s.gbps = 0.04096;
    s.messagesPerS = 79999.76;
    s.p50Us = 5.47;
    s.cpuPercent = 99.5;
    Sample blast = s;
    blast.p50Us.reset();

    SizeResult noLatency = fullResult();
    noLatency.latency.reset();
    SizeResult perftestLike = fullResult();
    perftestLike.latency->hasP90 = false;
    perftestLike.latency->p90Us = 0;
    perftestLike.cpu = {};
    SizeResult meanOnly = fullResult();
    meanOnly.latency = LatencySummary { .count = 10, .meanUs = 548.23, .hasPercentiles = false, .hasP90 = false };

    return {
        hello,
        HelloMsg { kProtocolVersion, "0.1.0", Capabilities {} },
        ReadyMsg { Role::Server, 18515 },
        SampleMsg { Role::Client, s },
        SampleMsg { Role::Server, blast },
        SizeResultMsg { Role::Client, fullResult() },
        SizeResultMsg { Role::Server, noLatency },
        SizeResultMsg { Role::Client, perftestLike },
        SizeResultMsg { Role::Client, meanOnly },
        DoneMsg { Role::Client, 17 },
        ErrorMsg { Role::Server, ErrorKind::Io, "port 18515 is already in use on this host", "tcp server *:18515" },
        ErrorMsg { Role::Client, ErrorKind::Timeout, "ünïcode \"quoted\"\ttab", "" },
    };
}

} // namespace

class TestProtocol : public QObject
{
    Q_OBJECT

private slots:
    void roundTrip()
    {
        for (const auto& m : samples()) {
            const std::string line = encode(m);
            QVERIFY(line.ends_with("\n"));
            QCOMPARE(std::count(line.begin(), line.end(), '\n'), 1L);
            auto back = decodeLine(line);
            QVERIFY2(back, back ? "" : (back.error().describe() + " in " + line).c_str());
            QVERIFY2(*back == m, line.c_str());
            // Without the newline, and with CRLF, too.
            QVERIFY(decodeLine(line.substr(0, line.size() - 1)));
            QVERIFY(decodeLine(line.substr(0, line.size() - 1) + "\r\n"));
        }
    }

    void unknownValuesAreNull()
    {
        SizeResult r = fullResult();
        r.latency->hasP90 = false;
        r.cpu = {};
        const std::string line = encode(SizeResultMsg { Role::Client, r });
        QVERIFY2(line.find("\"p90_us\":null") != std::string::npos, line.c_str());
        QVERIFY2(line.find("\"cpu\":null") != std::string::npos, line.c_str());
        QVERIFY2(line.find("\"p99_us\":7.0625") != std::string::npos, line.c_str());
        r.latency->hasPercentiles = false;
        const std::string none = encode(SizeResultMsg { Role::Client, r });
        QVERIFY2(none.find("\"min_us\":null") != std::string::npos, none.c_str());
        QVERIFY2(none.find("\"mean_us\":2.6") != std::string::npos, none.c_str());
    }

    void garbageIsAProtocolError_data()
    {
        QTest::addColumn<QByteArray>("line");
        QTest::addColumn<QString>("expected");
        const QByteArray sample
            = "{\"type\":\"sample\",\"role\":\"client\",\"size\":64,\"t_s\":1,\"interval_s\":0.1,\"messages\":1,"
              "\"bytes\":64,\"gbps\":0.1,\"msgs_per_s\":10,\"p50_us\":null,\"cpu_percent\":5}";
        QTest::newRow("empty") << QByteArray() << q("not JSON");
        QTest::newRow("text") << QByteArray("Warning: cpufreq_ondemand module is loaded") << q("not JSON");
        QTest::newRow("truncated") << sample.left(60) << q("not JSON");
        QTest::newRow("array") << QByteArray("[1,2,3]") << q("not a JSON object");
        QTest::newRow("number") << QByteArray("42") << q("not a JSON object");
        QTest::newRow("no type") << QByteArray("{\"role\":\"client\"}") << q("'type' is missing");
        QTest::newRow("type not string") << QByteArray("{\"type\":7}") << q("'type' must be a string");
        QTest::newRow("unknown type") << QByteArray("{\"type\":\"reboot\"}")
                                      << q("unknown probe message type 'reboot'");
        QTest::newRow("ready port 0") << QByteArray("{\"type\":\"ready\",\"role\":\"server\",\"port\":0}")
                                      << q("'port' must be 1..65535");
        QTest::newRow("ready port text") << QByteArray("{\"type\":\"ready\",\"role\":\"server\",\"port\":\"18515\"}")
                                         << q("'port' must be a whole number");
        QTest::newRow("bad role") << QByteArray("{\"type\":\"ready\",\"role\":\"both\",\"port\":1}")
                                  << q("'role' must be server or client");
        QTest::newRow("extra key") << QByteArray("{\"type\":\"done\",\"role\":\"client\",\"sizes\":1,\"x\":1}")
                                   << q("unknown key 'x'");
        QTest::newRow("negative count") << QByteArray(sample).replace("\"messages\":1", "\"messages\":-1")
                                        << q("'messages' must be a whole number >= 0");
        QTest::newRow("float count") << QByteArray(sample).replace("\"messages\":1", "\"messages\":1.5")
                                     << q("'messages' must be a whole number >= 0");
        QTest::newRow("huge gbps") << QByteArray(sample).replace("\"gbps\":0.1", "\"gbps\":1e300")
                                   << q("'gbps' is out of range");
        QTest::newRow("size too big") << QByteArray(sample).replace("\"size\":64", "\"size\":268435457")
                                      << q("'size' must be 1..268435456");
        QTest::newRow("missing field") << QByteArray(sample).replace(",\"cpu_percent\":5", "")
                                       << q("'cpu_percent' is missing");
        QTest::newRow("bad error kind") << QByteArray(
            "{\"type\":\"error\",\"role\":\"client\",\"kind\":\"oops\",\"message\":\"m\",\"where\":\"\"}")
                                        << q("'kind' is not an error kind");
        QTest::newRow("bad device") << QByteArray(
            "{\"type\":\"hello\",\"protocol\":1,\"probe_version\":\"x\",\"capabilities\":{\"tcp\":true,\"rdma\":true,"
            "\"rdma_devices\":[{\"name\":\"rxe0;reboot\",\"ports\":1,\"max_inline\":0}],\"perftest\":[],\"perftest_out_"
            "json\":false}}") << q("'name' is not a valid RDMA device name");
        QTest::newRow("unknown tool") << QByteArray(
            "{\"type\":\"hello\",\"protocol\":1,\"probe_version\":\"x\",\"capabilities\":{\"tcp\":true,\"rdma\":false,"
            "\"rdma_devices\":[],\"perftest\":[\"rm\"],\"perftest_out_json\":false}}")
                                      << q("'perftest' lists an unknown tool");
        QTest::newRow("half percentiles") << QByteArray(
            "{\"type\":\"size_result\",\"role\":\"client\",\"size\":64,\"messages\":1,\"bytes\":64,\"elapsed_s\":1,"
            "\"gbps\":1,\"msgs_per_s\":1,\"latency\":{\"count\":1,\"min_us\":null,\"p50_us\":1,\"p90_us\":1,\"p99_us\":"
            "1,\"p999_us\":1,\"max_us\":1,\"mean_us\":1},\"cpu\":null,\"verify_errors\":0}")
                                          << q("the percentiles must all be numbers or all null");
        // Found by fuzzing: the shown CPU percent is recomputed from the times, which made 499 597 % of these.
        QTest::newRow("impossible cpu times") << QByteArray(
            "{\"type\":\"size_result\",\"role\":\"client\",\"size\":64,\"messages\":1,\"bytes\":64,\"elapsed_s\":2,"
            "\"gbps\":1,\"msgs_per_s\":1,\"latency\":null,\"cpu\":{\"percent\":97.0,\"sys_s\":9991.5,\"user_s\":0.44,"
            "\"wall_s\":2.0},\"verify_errors\":0}")
                                              << q("user_s + sys_s is more than 1000 times wall_s");
        QTest::newRow("deep nesting") << (QByteArray("{\"type\":\"done\",\"role\":\"client\",\"sizes\":")
            + QByteArray(5000, '[') + QByteArray(5000, ']') + "}")
                                      << q("'sizes' must be a whole number");
        QTest::newRow("invalid utf-8") << QByteArray("{\"type\":\"\xff\xfe\"}") << q("not JSON");
        QTest::newRow("too long") << (QByteArray(
                                          "{\"type\":\"error\",\"role\":\"client\",\"kind\":\"io\",\"message\":\"")
            + QByteArray(70000, 'x') + "\",\"where\":\"\"}")
                                  << q("longer than 65536");
    }
    void garbageIsAProtocolError()
    {
        QFETCH(QByteArray, line);
        QFETCH(QString, expected);
        auto r = decodeLine(std::string_view(line.constData(), static_cast<std::size_t>(line.size())));
        QVERIFY2(!r, line.left(200).constData());
        QCOMPARE(std::string(toString(r.error().kind)), std::string("protocol"));
        QVERIFY2(r.error().message.find(expected.toStdString()) != std::string::npos, r.error().message.c_str());
    }

    void splitterJoinsChunksAndBoundsLines()
    {
        const auto messages = samples();
        std::string stream;
        for (const auto& m : messages)
            stream += encode(m);
        // Fed one byte at a time, then in uneven chunks: the same lines come out.
        for (std::size_t step : { std::size_t(1), std::size_t(7), std::size_t(4096) }) {
            LineSplitter splitter;
            std::vector<ProbeMessage> seen;
            for (std::size_t i = 0; i < stream.size(); i += step) {
                auto fed = splitter.feed(std::string_view(stream).substr(i, step), [&](std::string_view line) {
                    auto m = decodeLine(line);
                    QVERIFY(m);
                    seen.push_back(*m);
                });
                QVERIFY(fed);
            }
            QVERIFY(splitter.rest().empty());
            QCOMPARE(seen.size(), messages.size());
            QVERIFY(seen == messages);
        }
        // A partial last line waits; an endless line is refused and the stream is dropped.
        LineSplitter splitter;
        int lines = 0;
        QVERIFY(splitter.feed("{\"type\":", [&](std::string_view) { ++lines; }));
        QCOMPARE(lines, 0);
        QCOMPARE(splitter.rest(), std::string("{\"type\":"));
        std::string flood(kMaxLineBytes, 'x');
        auto r = splitter.feed(flood, [&](std::string_view) { ++lines; });
        QVERIFY(!r);
        QCOMPARE(std::string(toString(r.error().kind)), std::string("protocol"));
        QVERIFY(!splitter.feed("\n", [&](std::string_view) { ++lines; }));
        QCOMPARE(lines, 0);
    }

    void reportLine()
    {
        SizeReport report { fullResult(), fullResult() };
        report.server->latency.reset();
        const std::string line = encodeReport(report, Transport::Tcp);
        QVERIFY(line.ends_with("\n"));
        QVERIFY(line.starts_with("{"));
        QVERIFY(line.find("\"type\":\"result\"") != std::string::npos);
        QVERIFY(line.find("\"transport\":\"tcp\"") != std::string::npos);
        QVERIFY(line.find("\"server\":{") != std::string::npos);
        report.server.reset();
        QVERIFY(encodeReport(report, Transport::Rdma).find("\"server\":null") != std::string::npos);
    }

    void deadlineCoversTheRun()
    {
        TestOptions o;
        o.sizes = { 64, 4096 };
        o.durationS = 10;
        o.warmupS = 1;
        const double d = probeDeadlineS(o, 15);
        QVERIFY(d >= 2 * (10 + 1) + 15);
        QVERIFY(d < 2 * (10 + 1) + 4 * 15 + 60);
        o.iterations = 1000;
        QVERIFY(probeDeadlineS(o, 15) >= 2 * (1000 * 1e-3 + 1));
    }
};

QTEST_APPLESS_MAIN(TestProtocol)
#include "tst_protocol.moc"

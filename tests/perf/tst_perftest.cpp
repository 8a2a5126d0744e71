// SPDX-License-Identifier: GPL-3.0-or-later
// The perftest back end: which tool and argv a test becomes, and its outputs read into the result model, on real
// recordings from the Soft-RoCE lab (tests/fixtures/perftest, see the README there): the text table and the
// --out_json report give the same result, units are honoured, what perftest does not report stays unknown.
#include "perf/perftest.h"

#include <QtTest>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <sstream>

using namespace rp;
using namespace rp::perf;

namespace {

/// A fixture without its provenance header (the leading "# " lines).
std::string fixture(const std::string& name)
{
    std::ifstream in(std::string(RP_FIXTURES_DIR) + "/perftest/" + name);
    std::string line, out;
    bool header = true;
    while (std::getline(in, line)) {
        if (header && line.starts_with("# "))
            continue;
        header = false;
        out += line + "\n";
    }
    return out;
}

bool near(double a, double b)
{
    return std::abs(a - b) <= 1e-9 * std::max(1.0, std::abs(b));
}

std::vector<std::string> argv(const Result<Command>& c)
{
    return c ? c->argv() : std::vector<std::string> {};
}

bool has(const std::vector<std::string>& v, const std::vector<std::string>& seq)
{
    return std::search(v.begin(), v.end(), seq.begin(), seq.end()) != v.end();
}

} // namespace

class TestPerftest : public QObject
{
    Q_OBJECT

private slots:
    void toolForEachTest()
    {
        TestOptions o;
        o.transport = Transport::Perftest;
        QCOMPARE(*perftestTool(o), std::string("ib_send_lat"));
        o.op = Op::Write;
        QCOMPARE(*perftestTool(o), std::string("ib_write_lat"));
        o.mode = Mode::Blast;
        QCOMPARE(*perftestTool(o), std::string("ib_write_bw"));
        o.op = Op::Send;
        QCOMPARE(*perftestTool(o), std::string("ib_send_bw"));
        o.op = Op::Read;
        QCOMPARE(*perftestTool(o), std::string("ib_read_bw"));
        o.op = Op::WriteImm;
        auto imm = perftestTool(o);
        QVERIFY(!imm);
        QCOMPARE(imm.error().where, std::string("--op"));
        QVERIFY(imm.error().message.find("--transport rdma") != std::string::npos);
    }

    void argvFromOptions()
    {
        TestOptions o;
        o.transport = Transport::Perftest;
        o.iterations = 500;
        o.port = 18600;
        PerftestSide side { "rxe0", 1 };
        auto server = argv(perftestCommand(o, 64, side, "", "/tmp/r.json"));
        QCOMPARE(server.front(), std::string("ib_send_lat"));
        QVERIFY(has(server, { "-d", "rxe0" }));
        QVERIFY(has(server, { "-x", "1" }));
        QVERIFY(has(server, { "-p", "18600" }));
        QVERIFY(has(server, { "-s", "64" }));
        QVERIFY(has(server, { "-n", "500" }));
        QVERIFY(has(server, { "-I", "0" }));
        QVERIFY(has(server, { "--out_json", "--out_json_file=/tmp/r.json" }));
        QVERIFY(!has(server, { "--report_gbits" }));
        QVERIFY(!has(server, { "-e" }));
        auto client = argv(perftestCommand(o, 64, side, "198.18.0.1", ""));
        QCOMPARE(client.back(), std::string("198.18.0.1"));
        QVERIFY(!has(client, { "--out_json" }));

        o.mode = Mode::Blast;
        o.iterations.reset();
        o.durationS = 2.5;
        o.depth = 16;
        o.postList = 4;
        o.signalEvery = 8;
        o.completion = Completion::Event;
        o.inlineData = true;
        auto bw = argv(perftestCommand(o, 128, {}, "198.18.0.1", ""));
        QCOMPARE(bw.front(), std::string("ib_send_bw"));
        QVERIFY(has(bw, { "-D", "3" })); // whole seconds, rounded up
        QVERIFY(has(bw, { "--report_gbits" }));
        QVERIFY(has(bw, { "-t", "16" }));
        QVERIFY(has(bw, { "-l", "4" }));
        QVERIFY(has(bw, { "-Q", "8" }));
        QVERIFY(has(bw, { "-I", "128" }));
        QVERIFY(has(bw, { "-e" }));
        QVERIFY(!has(bw, { "-d" }));
        QVERIFY(!has(bw, { "-x" }));

        // Values from a host or a user are checked before they go into a command.
        QVERIFY(!perftestCommand(o, 64, { "rxe0;reboot", {} }, "", ""));
        QVERIFY(!perftestCommand(o, 64, {}, "$(id)", ""));
        QVERIFY(!perftestCommand(o, 64, {}, "", "/tmp/x;rm -rf /"));
        QVERIFY(!perftestCommand(o, 64, { "rxe0", 70000 }, "", ""));
    }

    void latencyFromBothSources_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<QString>("tool");
        QTest::addColumn<int>("size");
        QTest::addColumn<double>("min");
        QTest::addColumn<double>("p50");
        QTest::addColumn<double>("mean");
        QTest::addColumn<double>("p99");
        QTest::addColumn<double>("p999");
        QTest::addColumn<double>("max");
        QTest::addColumn<int>("iterations");
        QTest::newRow("send_lat client") << QString::fromLatin1("send_lat.client") << QString::fromLatin1("ib_send_lat")
                                         << 64 << 219.13 << 312.12 << 576.22 << 3201.08 << 4635.59 << 4635.59 << 500;
        QTest::newRow("send_lat server") << QString::fromLatin1("send_lat.server") << QString::fromLatin1("ib_send_lat")
                                         << 64 << 217.36 << 315.53 << 572.00 << 3113.13 << 4059.33 << 4059.33 << 500;
        QTest::newRow("write_lat client")
            << QString::fromLatin1("write_lat.client") << QString::fromLatin1("ib_write_lat") << 4096 << 520.40
            << 1088.90 << 1554.89 << 5089.72 << 5923.32 << 5923.32 << 300;
        QTest::newRow("read_lat client") << QString::fromLatin1("read_lat.client") << QString::fromLatin1("ib_read_lat")
                                         << 64 << 201.86 << 276.01 << 330.57 << 2138.88 << 5806.72 << 5806.72 << 300;
        QTest::newRow("inline + event") << QString::fromLatin1("send_lat_inline_event.client")
                                        << QString::fromLatin1("ib_send_lat") << 32 << 211.13 << 360.28 << 397.98
                                        << 1662.97 << 1850.14 << 1850.14 << 200;
    }
    void latencyFromBothSources()
    {
        QFETCH(QString, name);
        QFETCH(QString, tool);
        QFETCH(int, size);
        QFETCH(double, min);
        QFETCH(double, p50);
        QFETCH(double, mean);
        QFETCH(double, p99);
        QFETCH(double, p999);
        QFETCH(double, max);
        QFETCH(int, iterations);
        const std::string text = fixture(name.toStdString() + ".txt");
        const std::string report = fixture(name.toStdString() + ".json");
        QVERIFY(!text.empty() && !report.empty());
        auto fromReport = parsePerftestOutput(tool.toStdString(), size, text, report);
        auto fromText = parsePerftestOutput(tool.toStdString(), size, text);
        QVERIFY2(fromReport, fromReport ? "" : fromReport.error().describe().c_str());
        QVERIFY2(fromText, fromText ? "" : fromText.error().describe().c_str());
        QVERIFY(*fromReport == *fromText);
        const SizeResult& r = *fromText;
        QCOMPARE(r.size, std::uint64_t(size));
        QCOMPARE(r.messages, std::uint64_t(iterations));
        QCOMPARE(r.bytes, std::uint64_t(iterations) * size);
        QVERIFY(r.latency.has_value());
        const LatencySummary& l = *r.latency;
        QCOMPARE(l.count, std::uint64_t(iterations));
        QVERIFY(l.hasPercentiles);
        QVERIFY(!l.hasP90); // perftest has no p90: unknown, not 0
        QVERIFY(near(l.minUs, min));
        QVERIFY(near(l.p50Us, p50));
        QVERIFY(near(l.meanUs, mean));
        QVERIFY(near(l.p99Us, p99));
        QVERIFY(near(l.p999Us, p999));
        QVERIFY(near(l.maxUs, max));
        // Send/write latency is half a round trip; a read's is a whole one.
        const double exchangesPerS = tool == QLatin1String("ib_read_lat") ? 1e6 / mean : 1e6 / (2 * mean);
        QVERIFY(near(r.messagesPerS, exchangesPerS));
        QVERIFY(near(r.elapsedS, iterations / exchangesPerS));
        QCOMPARE(r.cpu.wallS, 0.0); // perftest reports no CPU
    }

    void durationModeKnowsOnlyTheMean()
    {
        auto r = parsePerftestOutput(
            "ib_send_lat", 64, fixture("send_lat_dur.client.txt"), fixture("send_lat_dur.client.json"));
        QVERIFY2(r, r ? "" : r.error().describe().c_str());
        QCOMPARE(r->messages, std::uint64_t(1826));
        QVERIFY(r->latency.has_value());
        QVERIFY(!r->latency->hasPercentiles);
        QVERIFY(!r->latency->hasP90);
        QVERIFY(near(r->latency->meanUs, 548.23));
        QCOMPARE(r->latency->p50Us, 0.0);
        QVERIFY(near(r->messagesPerS, 912.02)); // perftest's own tps in duration mode
    }

    void bandwidth_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<QString>("tool");
        QTest::addColumn<int>("size");
        QTest::addColumn<int>("iterations");
        QTest::addColumn<double>("gbps");
        QTest::addColumn<double>("mpps");
        QTest::newRow("send_bw client") << QString::fromLatin1("send_bw.client") << QString::fromLatin1("ib_send_bw")
                                        << 65536 << 300 << 0.084048 << 0.000160;
        QTest::newRow("send_bw server") << QString::fromLatin1("send_bw.server") << QString::fromLatin1("ib_send_bw")
                                        << 65536 << 300 << 0.085208 << 0.000163;
        QTest::newRow("write_bw client") << QString::fromLatin1("write_bw.client") << QString::fromLatin1("ib_write_bw")
                                         << 65536 << 300 << 0.12 << 0.000230;
        QTest::newRow("read_bw client") << QString::fromLatin1("read_bw.client") << QString::fromLatin1("ib_read_bw")
                                        << 4096 << 300 << 0.052018 << 0.001587;
        QTest::newRow("send_bw duration") << QString::fromLatin1("send_bw_dur.client")
                                          << QString::fromLatin1("ib_send_bw") << 4096 << 4100 << 0.066794 << 0.002038;
        // MB/sec (no --report_gbits): perftest's MB is 2^20 bytes.
        QTest::newRow("send_bw in MB/sec")
            << QString::fromLatin1("send_bw_mb.client") << QString::fromLatin1("ib_send_bw") << 4096 << 200
            << 5.73 * 1048576 * 8 / 1e9 << 0.001466;
    }
    void bandwidth()
    {
        QFETCH(QString, name);
        QFETCH(QString, tool);
        QFETCH(int, size);
        QFETCH(int, iterations);
        QFETCH(double, gbps);
        QFETCH(double, mpps);
        for (bool withReport : { true, false }) {
            auto r = parsePerftestOutput(tool.toStdString(), size, fixture(name.toStdString() + ".txt"),
                withReport ? fixture(name.toStdString() + ".json") : std::string());
            QVERIFY2(r, r ? "" : r.error().describe().c_str());
            QCOMPARE(r->messages, std::uint64_t(iterations));
            QVERIFY2(near(r->gbps, gbps), std::to_string(r->gbps).c_str());
            QVERIFY(near(r->messagesPerS, mpps * 1e6));
            QVERIFY(!r->latency.has_value());
            QVERIFY(r->elapsedS > 0);
        }
    }

    void unreadableOutputIsAParseError()
    {
        QVERIFY(!parsePerftestOutput("ib_send_lat", 64, ""));
        QVERIFY(!parsePerftestOutput("ib_send_lat", 64, " Couldn't connect to 198.18.0.1:18515\n"));
        // The recording is for 64 bytes: asking for another size finds no row.
        auto other = parsePerftestOutput("ib_send_lat", 128, fixture("send_lat.client.txt"));
        QVERIFY(!other);
        QCOMPARE(std::string(toString(other.error().kind)), std::string("parse"));
        QVERIFY(other.error().message.find("no result row for 128 bytes") != std::string::npos);
        // A truncated table (the row cut short) is not read as a result.
        std::string text = fixture("send_lat.client.txt");
        auto row = text.find(" 64      500");
        QVERIFY(row != std::string::npos);
        QVERIFY(!parsePerftestOutput("ib_send_lat", 64, text.substr(0, row + 30)));
        // A report for another size is ignored in favour of the text.
        auto mixed
            = parsePerftestOutput("ib_send_lat", 64, fixture("send_lat.client.txt"), fixture("write_lat.client.json"));
        QVERIFY(mixed);
        QVERIFY(near(mixed->latency->minUs, 219.13));
    }
};

QTEST_APPLESS_MAIN(TestPerftest)
#include "tst_perftest.moc"

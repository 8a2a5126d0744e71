// SPDX-License-Identifier: GPL-3.0-or-later
// The run file (core/run): a run written by RunWriter reads back equal, record by record; a run that was cut off
// mid-line or never finished keeps what was measured and says so; garbage, another schema, unknown records and
// out-of-range values are Parse errors naming the line; exports (CSV, JSON) carry the run's numbers.
#include "run/run.h"
#include "run/summary.h"
#include "run/tables.h"
#include "testutil.h"

#include <QTemporaryDir>
#include <QtTest>

#include <nlohmann/json.hpp>

#include <fstream>
#include <sstream>

using namespace rp;
using namespace rp::run;

namespace {

perf::SizeResult sideResult(std::uint64_t size, bool latency, double gbps)
{
    perf::SizeResult r;
    r.size = size;
    r.messages = 1000 + size;
    r.bytes = r.messages * size;
    r.elapsedS = 2.0;
    r.gbps = gbps;
    r.messagesPerS = 500.5 + static_cast<double>(size);
    if (latency) {
        perf::LatencySummary l;
        l.count = r.messages;
        l.minUs = 3.25;
        l.p50Us = 5.47 + static_cast<double>(size) / 1000.0;
        l.p90Us = 5.9;
        l.p99Us = 24.96;
        l.p999Us = 101.89;
        l.maxUs = 1931.05;
        l.meanUs = 6.125;
        r.latency = l;
    }
    r.cpu = { 0.44, 1.5, 2.0 };
    return r;
}

RunHeader header()
{
    RunHeader h;
    h.startedUtc = "2026-11-24T06:42:35Z";
    h.toolVersion = "0.1.0";
    h.label = "before, \"PFC\"";
    h.command = "rocepilot-cli test --server lab-a --client lab-b";
    h.options.sizes = { 64, 4096 };
    h.options.gidIndex = 1;
    h.options.tos = 106;
    h.server = "lab-a";
    h.client = "lab-b";
    h.dataAddress = "198.18.0.1";
    return h;
}

Environment environment()
{
    Environment e;
    HostInfo a;
    a.role = "server";
    a.name = "lab-a";
    a.address = "127.0.0.1";
    a.hostname = "lab-a";
    a.kernel = "6.1.0-28-amd64";
    a.devices = { { "rxe0", "rxe", "" } };
    a.gid = "0000:0000:0000:0000:0000:ffff:c612:0001";
    a.gidIndex = 1;
    a.gidDevice = "rxe0";
    a.gidAddress = "198.18.0.1";
    e.hosts = { a };
    e.discoveryJson = R"({"schema":"rocepilot.discovery/1","hosts":[]})";
    e.profileYaml = "name: lossless\npfc_priority: 3\n";
    return e;
}

std::string readAll(const QString& path)
{
    std::ifstream in(path.toStdString(), std::ios::binary);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
}

void writeAll(const QString& path, const std::string& text)
{
    std::ofstream out(path.toStdString(), std::ios::binary | std::ios::trunc);
    out << text;
}

/// A complete run file as text.
std::string completeRun(std::vector<perf::SizeReport>* sizesOut = nullptr)
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("r.rprun"));
    auto w = RunWriter::create(path.toStdString(), header(), environment());
    if (!w)
        qFatal("create: %s", w.error().describe().c_str());
    std::vector<perf::SizeReport> sizes;
    for (std::uint64_t size : { 64u, 4096u }) {
        for (int i = 0; i < 20; ++i) {
            perf::Sample s;
            s.size = size;
            s.tS = 0.1 * (i + 1);
            s.intervalS = 0.1;
            s.messages = 100 + static_cast<std::uint64_t>(i);
            s.bytes = s.messages * size;
            s.gbps = 0.001 * (i + 1) + 1e-17;
            s.messagesPerS = 1000.0 + i;
            if (i % 3) {
                s.p50Us = 5.0 + i / 7.0;
                s.p99Us = 9.0 + i / 3.0;
            }
            s.cpuPercent = 99.5;
            (*w)->addSample(
                RunSample { 0.1 * i + (size == 64 ? 0 : 3), i % 2 ? perf::Role::Server : perf::Role::Client, s });
        }
        (*w)->addCounters(
            CounterSample { 1.5, "lab-a", 0.1, { { "hw:rcvd_pkts", 12345.5 }, { "hw:out_of_seq_request", 0 } } });
        (*w)->addSizeResult(perf::Role::Client, sideResult(size, true, 0.04));
        sizes.push_back({ sideResult(size, true, 0.04), sideResult(size, false, 0.039) });
    }
    if (auto ok = (*w)->finish(sizes, "ok"); !ok)
        qFatal("finish: %s", ok.error().describe().c_str());
    if (sizesOut)
        *sizesOut = sizes;
    return readAll(path);
}

} // namespace

class TestRunFile : public QObject
{
    Q_OBJECT
private slots:
    void roundTrip()
    {
        std::vector<perf::SizeReport> sizes;
        const std::string text = completeRun(&sizes);
        auto run = parseRun(text, "r.rprun");
        QVERIFY2(run.has_value(), run ? "" : run.error().describe().c_str());
        QCOMPARE(run->header, header());
        QCOMPARE(run->environment, environment());
        QCOMPARE(run->samples.size(), std::size_t { 40 });
        QCOMPARE(run->samples[5].sample.p50Us.value(), 5.0 + 5 / 7.0); // shortest round-trip doubles
        QCOMPARE(run->samples[3].sample.gbps, 0.004 + 1e-17);
        QCOMPARE(run->samples[5].sample.p99Us.value(), 9.0 + 5 / 3.0);
        QVERIFY(!run->samples[3].sample.p50Us.has_value());
        QCOMPARE(str(run->samples[1].role), str(perf::Role::Server));
        QCOMPARE(run->counters.size(), std::size_t { 2 });
        QCOMPARE(run->counters[0].rates.at("hw:rcvd_pkts"), 12345.5);
        QCOMPARE(run->sizes, sizes);
        QVERIFY(run->end.has_value());
        QCOMPARE(run->end->status, std::string("ok"));
        QVERIFY(!run->truncated);
        QVERIFY(run->warnings.empty());
    }

    void fileRoundTripAndIoError()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("x.rprun"));
        writeAll(path, completeRun());
        auto run = readRunFile(path.toStdString());
        QVERIFY(run.has_value());
        auto missing = readRunFile(dir.filePath(QStringLiteral("nope.rprun")).toStdString());
        QVERIFY(!missing);
        QCOMPARE(str(missing.error().kind), str(ErrorKind::Io));
        auto unwritable
            = RunWriter::create(dir.filePath(QStringLiteral("no/such/dir.rprun")).toStdString(), header(), {});
        QVERIFY(!unwritable);
        QCOMPARE(str(unwritable.error().kind), str(ErrorKind::Io));
    }

    // A writer killed mid-run: every flushed line is kept; the cut-off line is a warning, not an error.
    void truncatedRun()
    {
        const std::string text = completeRun();
        // Cut in the middle of the 10th sample line.
        std::size_t pos = 0;
        for (int i = 0; i < 12; ++i)
            pos = text.find('\n', pos) + 1;
        const std::string cut = text.substr(0, pos + 30);
        auto run = parseRun(cut, "cut.rprun");
        QVERIFY2(run.has_value(), run ? "" : run.error().describe().c_str());
        QVERIFY(run->truncated);
        QVERIFY(!run->end.has_value());
        QCOMPARE(run->samples.size(), std::size_t { 10 });
        QCOMPARE(run->warnings.size(), std::size_t { 2 });
        QVERIFY(run->warnings[0].find("cut.rprun:13") != std::string::npos);
        QVERIFY(run->warnings[1].find("did not finish") != std::string::npos);
        // The streamed per-size results stand in for the final ones.
        const std::size_t sizeLine = text.find(R"("type":"size_result")");
        QVERIFY(sizeLine != std::string::npos);
        auto partial = parseRun(text.substr(0, text.find('\n', sizeLine) + 1), "partial.rprun");
        QVERIFY2(partial.has_value(), partial ? "" : partial.error().describe().c_str());
        QCOMPARE(partial->sizes.size(), std::size_t { 1 });
        QCOMPARE(partial->sizes[0].client.size, std::uint64_t { 64 });
        QVERIFY(partial->truncated);
        const auto summary = summarize(*partial);
        QCOMPARE(summary.status, std::string("unfinished"));
        QVERIFY(summary.headline.find("did not finish") != std::string::npos);
    }

    void garbage_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("expect");
        const std::string good = completeRun();
        const std::size_t firstNl = good.find('\n') + 1;
        const std::size_t secondNl = good.find('\n', firstNl) + 1;
        const std::string head = good.substr(0, secondNl);
        auto add = [](const char* name, const std::string& text, const char* expect) {
            QTest::newRow(name) << QString::fromStdString(text) << QString::fromLatin1(expect);
        };
        add("empty", "", "empty");
        add("binary",
            std::string("\x7f"
                        "ELF\x02\x01\x01\0\0\n",
                10),
            "not a RoCE Pilot run file");
        add("other json", "{\"schema\":\"rocepilot.discovery/1\"}\n", "not a RoCE Pilot run file");
        add("newer schema", "{\"type\":\"run\",\"schema\":\"rocepilot.run/2\"}\n", "rocepilot.run/2");
        add("garbage mid-file", head + "this is not json\n" + good.substr(secondNl), ":3: not valid JSON");
        add("unknown type", head + "{\"type\":\"mystery\"}\n", ":3: unknown record type 'mystery'");
        add("sample bad value",
            head
                + R"({"type":"sample","role":"client","run_t_s":1,"size":64,"t_s":1,"interval_s":0.1,"messages":1,"bytes":64,"gbps":-5,"msgs_per_s":1,"p50_us":null,"cpu_percent":1})"
                  "\n",
            ":3: sample: 'gbps' is out of range");
        add("sample missing field",
            head
                + R"({"type":"sample","role":"client","run_t_s":1,"size":64})"
                  "\n",
            ":3: sample: a field is missing");
        add("sample unknown role",
            head
                + R"({"type":"sample","role":"both","run_t_s":1,"size":64,"t_s":1,"interval_s":0.1,"messages":1,"bytes":64,"gbps":5,"msgs_per_s":1,"p50_us":null,"cpu_percent":1})"
                  "\n",
            "'role' must be server or client");
        add("counters wrong type",
            head
                + R"({"type":"counters","host":"a","run_t_s":1,"interval_s":1,"rates":{"x":"many"}})"
                  "\n",
            "rate 'x' must be a number");
        add("bad options",
            R"({"type":"run","schema":"rocepilot.run/1","started":"","tool_version":"","label":"","command":"","server":"a","client":"b","data_address":"","options":{"depth":1000}})"
            "\n",
            "options");
        add("two runs", head + head, ":3: a second run line");
        add("bad end status",
            head
                + R"({"type":"end","status":"great","finished":"","run_s":1,"error":null})"
                  "\n",
            "'status' must be ok, failed or cancelled");
    }
    void garbage()
    {
        QFETCH(QString, text);
        QFETCH(QString, expect);
        const std::string bytes = text.toStdString();
        auto run = parseRun(bytes, "g.rprun");
        QVERIFY2(!run.has_value(), "garbage was accepted");
        QCOMPARE(str(run.error().kind), str(ErrorKind::Parse));
        const std::string described = run.error().describe();
        QVERIFY2(described.find(expect.toStdString()) != std::string::npos, described.c_str());
    }

    void statsExact()
    {
        std::vector<double> v;
        for (int i = 100; i >= 1; --i)
            v.push_back(i);
        auto s = statsOf(v);
        QCOMPARE(s.count, std::size_t { 100 });
        QCOMPARE(s.min, 1.0);
        QCOMPARE(s.p5, 5.0);
        QCOMPARE(s.p50, 50.0);
        QCOMPARE(s.p99, 99.0);
        QCOMPARE(s.max, 100.0);
        QCOMPARE(s.mean, 50.5);
        QCOMPARE(statsOf({}).count, std::size_t { 0 });
    }

    void exports()
    {
        std::vector<perf::SizeReport> sizes;
        auto run = parseRun(completeRun(&sizes), "r.rprun");
        QVERIFY(run.has_value());
        std::vector<NamedRun> runs { { "before, pfc", &*run } };
        const std::string summary = summaryCsv(runs);
        std::vector<std::string> lines;
        std::stringstream in(summary);
        for (std::string l; std::getline(in, l);)
            lines.push_back(l);
        QCOMPARE(lines.size(), std::size_t { 3 }); // header + 2 sizes
        QVERIFY(lines[0].starts_with("run,label,transport,mode,op,completion,server,client,size_bytes"));
        // quoted name and label, then the numbers of size 64 exactly as in the run
        QVERIFY2(
            lines[1].starts_with(R"("before, pfc","before, ""PFC""",rdma,ping,send,poll,lab-a,lab-b,64,1064,2,0.04,)"),
            lines[1].c_str());
        QVERIFY2(lines[1].find(",1064,3.25,5.534,5.9,24.96,101.89,1931.05,6.125,97,97,0,10,") != std::string::npos,
            lines[1].c_str());

        const std::string samples = samplesCsv(runs);
        QCOMPARE(static_cast<std::size_t>(std::count(samples.begin(), samples.end(), '\n')), std::size_t { 41 });
        QVERIFY(samples.find("\r\n\"before, pfc\",server,0.1,64,0.2,0.1,101,6464,") != std::string::npos);

        const std::string counters = countersCsv(runs);
        QVERIFY2(counters.find("lab-a,1.5,0.1,hw:rcvd_pkts,12345.5") != std::string::npos, counters.c_str());

        auto doc = nlohmann::json::parse(reportJson(runs));
        QCOMPARE(doc["schema"].get<std::string>(), std::string("rocepilot.report/1"));
        const auto& r = doc["runs"][0];
        QCOMPARE(r["sizes"].size(), std::size_t { 2 });
        QCOMPARE(r["sizes"][1]["client"]["latency"]["p50_us"].get<double>(), 5.47 + 4096 / 1000.0);
        QVERIFY(r["sizes"][1]["server"]["latency"].is_null());
        QCOMPARE(r["sizes"][0]["gbps_samples"]["count"].get<int>(), 10);
        QCOMPARE(r["counters"]["lab-a"]["hw:rcvd_pkts"]["total"].get<double>(), 2 * 12345.5 * 0.1);
        QCOMPARE(r["hosts"][0]["gid_index"].get<int>(), 1);
        QCOMPARE(r["status"].get<std::string>(), std::string("ok"));
        const auto s = summarize(*run);
        QVERIFY2(s.headline.find("one-way latency of p50 5.53 \u00b5s, p99 24.96 \u00b5s at 64 B") != std::string::npos,
            s.headline.c_str());
    }
};

QTEST_GUILESS_MAIN(TestRunFile)
#include "tst_runfile.moc"

// SPDX-License-Identifier: GPL-3.0-or-later
// What the reports add on top of the run file (core/run/summary): exact statistics by selection equal those of a
// full sort; the mapped, two-halves reader gives the same run as the plain reader, record for record, and falls
// back to it for files it cannot split; the streamed samples CSV equals the in-memory one; the checks and the
// verdict judge what they claim (a lost packet fails, a steady run passes, CV over 5 % warns); the repro
// commands name the run's settings; the troubleshooter's JSON (core/diagnose reportToJson) is read; many pairs
// become a host x host matrix with the worst pair first.
#include "perf/protocol.h"
#include "run/checks.h"
#include "run/run.h"
#include "run/summary.h"
#include "run/tables.h"

#include <QTemporaryDir>
#include <QtTest>

#include <nlohmann/json.hpp>

#include <fstream>
#include <random>
#include <sstream>

using namespace rp;
using namespace rp::run;

namespace {

perf::SizeResult side(std::uint64_t size, bool latency, double gbps, double p99 = 24.96)
{
    perf::SizeResult r;
    r.size = size;
    r.messages = 1000 + size;
    r.bytes = r.messages * size;
    r.elapsedS = 2.0;
    r.gbps = gbps;
    r.messagesPerS = 500.5;
    if (latency) {
        perf::LatencySummary l;
        l.count = r.messages;
        l.minUs = 3.25;
        l.p50Us = 5.5;
        l.p90Us = 5.9;
        l.p99Us = p99;
        l.p999Us = 101.89;
        l.maxUs = 1931.05;
        l.meanUs = 6.125;
        r.latency = l;
    }
    r.cpu = { 0.44, 1.5, 2.0 };
    return r;
}

struct Spec
{
    std::string server = "lab-a", client = "lab-b";
    std::vector<std::uint64_t> sizes { 64, 4096 };
    std::size_t samplesPerSize = 10;
    double jitter = 0.01; ///< relative spread of the samples' p50 and Gb/s
    double lost = 0; ///< out-of-sequence events per counter interval
    double p99 = 24.96;
    bool verify = false;
    std::string command = "rocepilot-cli test --server lab-a --client lab-b";
};

/// A run file as the writer writes it: header, environment, samples (both sides) and counters as each size runs,
/// each side's size_result as a size ends, the merged results and the end line last.
std::string runText(const Spec& spec)
{
    RunHeader h;
    h.startedUtc = "2026-11-24T06:42:35Z";
    h.toolVersion = "0.1.0";
    h.label = spec.client + " -> " + spec.server;
    h.command = spec.command;
    h.options.sizes = spec.sizes;
    h.options.gidIndex = 1;
    h.options.tos = 106;
    h.options.verifyData = spec.verify;
    h.server = spec.server;
    h.client = spec.client;
    h.dataAddress = "198.18.0.1";
    Environment e;
    HostInfo a;
    a.role = "server";
    a.name = spec.server;
    a.devices = { { "rxe0", "rxe", "" } };
    a.gidIndex = 1;
    a.gidDevice = "rxe0";
    HostInfo b = a;
    b.role = "client";
    b.name = spec.client;
    e.hosts = { a, b };
    std::string out = encodeHeader(h) + "\n" + encodeEnvironment(e) + "\n";
    std::mt19937 rng(7);
    std::uniform_real_distribution<double> u(-1, 1);
    double t = 0;
    std::vector<perf::SizeReport> reports;
    for (auto size : spec.sizes) {
        for (std::size_t i = 0; i < spec.samplesPerSize; ++i) {
            t += 0.1;
            for (auto role : { perf::Role::Client, perf::Role::Server }) {
                RunSample s;
                s.runTS = t;
                s.role = role;
                s.sample.size = size;
                s.sample.tS = static_cast<double>(i) * 0.1;
                s.sample.intervalS = 0.1;
                s.sample.messages = 100;
                s.sample.bytes = 100 * size;
                s.sample.gbps = 1.0 + spec.jitter * u(rng);
                s.sample.messagesPerS = 1000;
                if (role == perf::Role::Client) {
                    s.sample.p50Us = 5.0 * (1 + spec.jitter * u(rng));
                    s.sample.p99Us = 9.0;
                }
                s.sample.cpuPercent = 97;
                out += encodeSample(s) + "\n";
            }
            if (i % 10 == 0) {
                CounterSample c;
                c.runTS = t;
                c.host = spec.server;
                c.intervalS = 0.1;
                c.rates = { { "hw:rcvd_pkts", 12345.5 }, { "hw:out_of_seq_request", spec.lost / 0.1 } };
                out += encodeCounters(c) + "\n";
            }
        }
        perf::SizeReport r { side(size, true, 1.0, spec.p99), side(size, false, 1.0) };
        out += perf::encode(perf::SizeResultMsg { perf::Role::Server, *r.server }) + "\n";
        out += perf::encode(perf::SizeResultMsg { perf::Role::Client, r.client }) + "\n";
        reports.push_back(r);
    }
    for (const auto& r : reports)
        out += perf::encodeReport(r, perf::Transport::Rdma) + "\n";
    RunEnd end { "ok", "2026-11-24T06:43:00Z", t, std::nullopt };
    out += encodeEnd(end) + "\n";
    return out;
}

std::string writeTemp(const QTemporaryDir& dir, const std::string& name, const std::string& text)
{
    const std::string path = dir.filePath(QString::fromStdString(name)).toStdString();
    std::ofstream(path, std::ios::binary) << text;
    return path;
}

const Check* findCheck(const RunSummary& s, const std::string& id)
{
    for (const auto& c : s.checks) {
        if (c.id == id)
            return &c;
    }
    return nullptr;
}

} // namespace

class TestReportExport : public QObject
{
    Q_OBJECT
private slots:
    void statsBySelectionEqualSort()
    {
        std::mt19937 rng(1);
        for (std::size_t n : { 1, 2, 3, 5, 19, 20, 21, 100, 1001, 40000 }) {
            std::vector<double> v(n);
            for (auto& x : v)
                x = std::floor(std::exponential_distribution<double>(0.1)(rng) * 100) / 100; // ties too
            auto sorted = v;
            std::sort(sorted.begin(), sorted.end());
            auto rank = [&](double q) {
                auto k = static_cast<std::size_t>(std::ceil(q * static_cast<double>(n)));
                return sorted[std::clamp<std::size_t>(k, 1, n) - 1];
            };
            const auto s = statsOf(v);
            QCOMPARE(s.min, sorted.front());
            QCOMPARE(s.max, sorted.back());
            QCOMPARE(s.p5, rank(0.05));
            QCOMPARE(s.p50, rank(0.5));
            QCOMPARE(s.p95, rank(0.95));
            QCOMPARE(s.p99, rank(0.99));
        }
        const auto c = statsOf({ 9, 10, 11 });
        QVERIFY(std::abs(c.stddev - std::sqrt(2.0 / 3.0)) < 1e-12);
        QVERIFY(std::abs(c.cv() - std::sqrt(2.0 / 3.0) / 10) < 1e-12);
    }

    void mappedReaderEqualsPlainReader()
    {
        QTemporaryDir dir;
        Spec spec;
        spec.sizes = { 64, 128, 256, 512, 1024, 2048, 4096, 8192 };
        spec.samplesPerSize = 4000; // ~14 MB: above the size the reader splits at
        spec.lost = 2;
        const std::string text = runText(spec);
        QVERIFY(text.size() > (8u << 20));
        const std::string path = writeTemp(dir, "big.rprun", text);
        auto plain = parseRun(text, path);
        auto mapped = loadRunFile(path);
        QVERIFY(plain.has_value());
        QVERIFY2(mapped.has_value(), mapped ? "" : mapped.error().describe().c_str());
        QCOMPARE(mapped->samples.size(), plain->samples.size());
        QVERIFY(mapped->samples == plain->samples);
        QVERIFY(mapped->counters == plain->counters);
        QCOMPARE(mapped->sizes.size(), plain->sizes.size());
        QVERIFY(mapped->header == plain->header);
        QVERIFY(mapped->environment == plain->environment);
        QVERIFY(mapped->end && plain->end);
        QCOMPARE(mapped->end->status, plain->end->status);
        QCOMPARE(mapped->end->runS, plain->end->runS);
        QCOMPARE(mapped->truncated, plain->truncated);
        QVERIFY(mapped->warnings == plain->warnings);
        for (std::size_t i = 0; i < plain->sizes.size(); ++i) {
            QCOMPARE(mapped->sizes[i].client.size, plain->sizes[i].client.size);
            QCOMPARE(mapped->sizes[i].client.latency->p99Us, plain->sizes[i].client.latency->p99Us);
        }

        // Garbage in the second half: the same error, naming the same line, as the plain reader.
        std::string bad = text;
        const std::size_t at = bad.find('\n', bad.size() * 3 / 4) + 1;
        bad.insert(at, "garbage\n");
        const std::string badPath = writeTemp(dir, "bad.rprun", bad);
        auto e1 = parseRun(bad, badPath);
        auto e2 = loadRunFile(badPath);
        QVERIFY(!e1 && !e2);
        QCOMPARE(QString::fromStdString(e2.error().describe()), QString::fromStdString(e1.error().describe()));

        // Cut off in the second half (no end line): the plain reader's warnings and status.
        const std::string cut = text.substr(0, text.size() * 3 / 4);
        const std::string cutPath = writeTemp(dir, "cut.rprun", cut);
        auto c1 = parseRun(cut, cutPath);
        auto c2 = loadRunFile(cutPath);
        QVERIFY(c1 && c2);
        QVERIFY(c2->warnings == c1->warnings);
        QCOMPARE(c2->samples.size(), c1->samples.size());
        QCOMPARE(c2->truncated, true);

        // A file that is not there.
        auto missing = loadRunFile(dir.filePath(QStringLiteral("none.rprun")).toStdString());
        QVERIFY(!missing);
        QCOMPARE(int(missing.error().kind), int(ErrorKind::Io));
    }

    void streamedSamplesCsvEqualsString()
    {
        QTemporaryDir dir;
        Spec spec;
        spec.samplesPerSize = 70000; // both halves and several chunks
        auto run = parseRun(runText(spec), "r");
        QVERIFY(run.has_value());
        std::vector<NamedRun> runs { { "a, \"b\"", &*run } };
        const std::string path = dir.filePath(QStringLiteral("s.csv")).toStdString();
        QVERIFY(writeSamplesCsv(runs, path).has_value());
        std::ifstream in(path, std::ios::binary);
        std::stringstream got;
        got << in.rdbuf();
        const std::string want = samplesCsv(runs);
        QCOMPARE(got.str().size(), want.size());
        QVERIFY(got.str() == want);
        QVERIFY(!writeSamplesCsv(runs, "/nonexistent-dir/s.csv").has_value());
    }

    void checksAndVerdict()
    {
        Spec good;
        auto ok = parseRun(runText(good), "good");
        QVERIFY(ok.has_value());
        auto s = summarize(*ok);
        QCOMPARE(findCheck(s, "run.completed")->result, std::string("pass"));
        QCOMPARE(findCheck(s, "fabric.lossless")->result, std::string("pass"));
        QCOMPARE(findCheck(s, "repeat.cv")->result, std::string("pass"));
        QCOMPARE(findCheck(s, "latency.tail")->result, std::string("pass"));
        QCOMPARE(findCheck(s, "data.verified")->result, std::string("skipped"));
        QCOMPARE(findCheck(s, "troubleshooter")->result, std::string("skipped"));
        QCOMPARE(s.verdict, std::string("pass"));

        Spec lossy;
        lossy.lost = 3; // out-of-sequence requests: a packet was lost
        lossy.jitter = 0.3; // and the latency moved
        lossy.p99 = 80; // 14x p50
        auto bad = parseRun(runText(lossy), "lossy");
        QVERIFY(bad.has_value());
        s = summarize(*bad);
        const Check* loss = findCheck(s, "fabric.lossless");
        QCOMPARE(loss->result, std::string("fail"));
        QVERIFY2(loss->detail.find("lab-a: out-of-sequence requests 6") != std::string::npos, loss->detail.c_str());
        QVERIFY2(loss->remedy.find("PFC") != std::string::npos, loss->remedy.c_str());
        QCOMPARE(findCheck(s, "repeat.cv")->result, std::string("warn"));
        QCOMPARE(findCheck(s, "latency.tail")->result, std::string("warn"));
        QVERIFY(findCheck(s, "latency.tail")->detail.find("14.5x") != std::string::npos);
        QCOMPARE(s.verdict, std::string("fail"));

        // The troubleshooter's own JSON (core/diagnose reportToJson): an error fails the verdict.
        const std::string findings = R"({"hosts":2,"segments":1,"errors":true,"findings":[
            {"rule":"pfc.priority","check":"M7","title":"PFC is off on priority 3 on lab-b","severity":"error",
             "hosts":["lab-b"],"ports":[],"switch_ports":[],
             "evidence":[{"host":"lab-b","subject":"eth0 PFC","value":"0,0,0,0,0,0,0,0","where":"dcb -j","when":"x"}],
             "explanation":"RoCE traffic is lossy.","fixes":[{"target":"lab-b","platform":"linux",
             "text":"dcb pfc set dev eth0 prio-pfc 3:on","origin":"profile"}]}],"coverage":[],"reachability":[]})";
        s = summarize(*ok, findings);
        QCOMPARE(findCheck(s, "troubleshooter")->result, std::string("fail"));
        QCOMPARE(s.verdict, std::string("fail"));
        const auto f = parseFindings(findings);
        QVERIFY(f.ok);
        QCOMPARE(f.list.size(), std::size_t { 1 });
        QCOMPARE(f.list[0].evidence[0], std::string("lab-b: eth0 PFC = 0,0,0,0,0,0,0,0 (dcb -j)"));
        QCOMPARE(f.list[0].fixes[0].first, std::string("lab-b (linux)"));
        QVERIFY(!parseFindings("not json").ok);
        QCOMPARE(verdictOf({ { "a", "", "pass", "", "" }, { "b", "", "warn", "", "" } }), std::string("warn"));
    }

    void reproCommands()
    {
        Spec spec;
        spec.command = ""; // a GUI run: the command is built from the settings
        spec.sizes = { 64, 128, 256, 512, 1024, 2048, 4096 };
        auto run = parseRun(runText(spec), "r");
        QVERIFY(run.has_value());
        const auto s = summarize(*run);
        QVERIFY2(s.repro.rocepilot.starts_with("rocepilot-cli test --server lab-a --client lab-b --data-address "
                                               "198.18.0.1 --transport rdma --mode ping --op send --sweep 64:4096"),
            s.repro.rocepilot.c_str());
        QVERIFY(s.repro.rocepilot.find("--gid-index 1 --tos 106") != std::string::npos);
        QVERIFY(s.repro.rocepilot.find("--label 'lab-b -> lab-a'") != std::string::npos);
        QCOMPARE(s.repro.perftest.size(), std::size_t { 7 });
        QCOMPARE(
            s.repro.perftest[0].server, std::string("ib_send_lat -d rxe0 -x 1 -p 18515 -s 64 -D 2 -F -I 0 -R -T 106"));
        QCOMPARE(s.repro.perftest[6].client,
            std::string("ib_send_lat -d rxe0 -x 1 -p 18515 -s 4096 -D 2 -F -I 0 -R -T 106 "
                        "198.18.0.1"));
        Spec recorded;
        auto r2 = parseRun(runText(recorded), "r2");
        QCOMPARE(summarize(*r2).repro.rocepilot, recorded.command);
        // sizes that are not a sweep: one command per size
        Spec two;
        two.command = "";
        auto r3 = parseRun(runText(two), "r3");
        const std::string lines = summarize(*r3).repro.rocepilot;
        QCOMPARE(std::count(lines.begin(), lines.end(), '\n'), 1);
        QVERIFY(lines.find("--size 64 ") != std::string::npos && lines.find("--size 4096 ") != std::string::npos);
    }

    void pairMatrixWorstFirst()
    {
        const std::vector<std::string> hosts { "h1", "h2", "h3" };
        std::vector<std::unique_ptr<Run>> runs;
        std::vector<NamedRun> named;
        for (const auto& s : hosts) {
            for (const auto& c : hosts) {
                if (s == c)
                    continue;
                Spec spec;
                spec.server = s;
                spec.client = c;
                spec.sizes = { 64 };
                spec.p99 = s == "h3" && c == "h1" ? 90 : 20 + static_cast<double>(runs.size());
                auto r = parseRun(runText(spec), s + c);
                QVERIFY(r.has_value());
                runs.push_back(std::make_unique<Run>(std::move(*r)));
                named.push_back({ c + "->" + s, runs.back().get() });
            }
        }
        auto m = pairMatrix(named);
        QVERIFY(m.has_value());
        QCOMPARE(m->hosts, hosts);
        QCOMPARE(m->cells.size(), std::size_t { 6 });
        QCOMPARE(m->metric, std::string("p99_us"));
        QCOMPARE(m->worst.size(), std::size_t { 6 });
        const auto& worst = m->cells[m->worst[0]];
        QCOMPARE(worst.server, std::string("h3"));
        QCOMPARE(worst.client, std::string("h1"));
        QCOMPARE(*worst.p99Us, 90.0);
        // the rest by p99, descending
        for (std::size_t i = 2; i < m->worst.size(); ++i)
            QVERIFY(*m->cells[m->worst[i - 1]].p99Us >= *m->cells[m->worst[i]].p99Us);
        // natural order of host names
        std::vector<std::unique_ptr<Run>> more;
        std::vector<NamedRun> named2;
        for (auto [s, c] : { std::pair { "node10", "node2" }, { "node2", "node1" }, { "node1", "node10" } }) {
            Spec spec;
            spec.server = s;
            spec.client = c;
            spec.sizes = { 64 };
            auto r = parseRun(runText(spec), std::string(s) + c);
            more.push_back(std::make_unique<Run>(std::move(*r)));
            named2.push_back({ std::string(c) + "->" + s, more.back().get() });
        }
        QCOMPARE(pairMatrix(named2)->hosts, (std::vector<std::string> { "node1", "node2", "node10" }));
        // two hosts are one pair, not a matrix
        QVERIFY(!pairMatrix({ named[0] }).has_value());
        auto doc = nlohmann::json::parse(reportJson(named));
        QCOMPARE(doc["pairs"]["cells"].size(), std::size_t { 6 });
        QCOMPARE(doc["pairs"]["worst"][0].get<std::size_t>(), m->worst[0]);
    }
};

QTEST_GUILESS_MAIN(TestReportExport)
#include "tst_reportexport.moc"

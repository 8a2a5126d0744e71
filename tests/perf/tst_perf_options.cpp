// SPDX-License-Identifier: GPL-3.0-or-later
// Option validation as a table: every rule of validate() and sweepSizes() with the option it names; the probe's
// --options JSON (strict, round trip); and the same rules reached through `rocepilot-cli test` (exit 2, the
// option named on stderr).
#include "perf/perf.h"
#include "perf/protocol.h"

#include "testbasics.h"

#include <QProcess>
#include <QtTest>

#include <functional>

using namespace rp;
using namespace rp::perf;

using rp::test::q;

namespace {

struct Case
{
    const char* name;
    std::function<void(TestOptions&)> change;
    const char* option; ///< the option the error names (Error::where and the message's prefix)
};

std::vector<Case> cases()
{
    return {
        { "no size", [](TestOptions& o) { o.sizes.clear(); }, "--size" },
        { "size 0", [](TestOptions& o) { o.sizes = { 0 }; }, "--size" },
        { "size above 256 MiB", [](TestOptions& o) { o.sizes = { (256u << 20) + 1 }; }, "--size" },
        { "ping read", [](TestOptions& o) { o.op = Op::Read; }, "--op" },
        { "tcp write",
            [](TestOptions& o) {
                o.transport = Transport::Tcp;
                o.mode = Mode::Blast;
                o.op = Op::Write;
            },
            "--op" },
        { "depth 0",
            [](TestOptions& o) {
                o.mode = Mode::Blast;
                o.depth = 0;
            },
            "--depth" },
        { "depth 129",
            [](TestOptions& o) {
                o.mode = Mode::Blast;
                o.depth = 129;
            },
            "--depth" },
        { "post list above depth",
            [](TestOptions& o) {
                o.mode = Mode::Blast;
                o.depth = 4;
                o.postList = 5;
            },
            "--post-list" },
        { "post list 0",
            [](TestOptions& o) {
                o.mode = Mode::Blast;
                o.postList = 0;
            },
            "--post-list" },
        { "signal every above depth",
            [](TestOptions& o) {
                o.mode = Mode::Blast;
                o.depth = 8;
                o.signalEvery = 9;
            },
            "--signal-every" },
        { "ping with depth", [](TestOptions& o) { o.depth = 2; }, "--depth" },
        { "inline read",
            [](TestOptions& o) {
                o.mode = Mode::Blast;
                o.op = Op::Read;
                o.inlineData = true;
            },
            "--inline" },
        { "zero iterations", [](TestOptions& o) { o.iterations = 0; }, "--iterations" },
        { "duration 0", [](TestOptions& o) { o.durationS = 0; }, "--duration" },
        { "duration over an hour", [](TestOptions& o) { o.durationS = 3601; }, "--duration" },
        { "negative warm-up", [](TestOptions& o) { o.warmupS = -1; }, "--warmup" },
        { "warm-up over a minute", [](TestOptions& o) { o.warmupS = 61; }, "--warmup" },
        { "samples too rare", [](TestOptions& o) { o.sampleIntervalS = 0.2; }, "--sample-interval" },
        { "samples too often", [](TestOptions& o) { o.sampleIntervalS = 0.001; }, "--sample-interval" },
        { "gid index negative", [](TestOptions& o) { o.gidIndex = -1; }, "--gid-index" },
        { "tos 256", [](TestOptions& o) { o.tos = 256; }, "--tos" },
        { "port 65536", [](TestOptions& o) { o.port = 65536; }, "--port" },
    };
}

QStringList ql(std::initializer_list<const char*> items)
{
    QStringList out;
    for (const char* item : items)
        out << QString::fromUtf8(item);
    return out;
}

struct Run
{
    int exitCode = -1;
    QString out, err;
};

Run cli(const QStringList& args)
{
    QProcess p;
    p.start(QStringLiteral(RP_CLI), args);
    if (!p.waitForFinished(30000))
        qFatal("rocepilot-cli did not finish");
    return { p.exitCode(), QString::fromUtf8(p.readAllStandardOutput()), QString::fromUtf8(p.readAllStandardError()) };
}

} // namespace

class TestPerfOptions : public QObject
{
    Q_OBJECT

private slots:
    void defaultsAreValid()
    {
        QVERIFY(validate(TestOptions {}));
        TestOptions blast;
        blast.mode = Mode::Blast;
        blast.op = Op::Read;
        blast.depth = 128;
        blast.postList = 128;
        blast.signalEvery = 64;
        blast.iterations = 1;
        blast.sizes = { 1, 256u << 20 };
        QVERIFY(validate(blast));
    }

    void validationTable()
    {
        for (const auto& c : cases()) {
            TestOptions o;
            c.change(o);
            auto r = validate(o);
            QVERIFY2(!r, c.name);
            QCOMPARE(std::string(toString(r.error().kind)), std::string("usage"));
            QVERIFY2(r.error().where == c.option, (std::string(c.name) + ": where = " + r.error().where).c_str());
            QVERIFY2(r.error().message.starts_with(std::string(c.option) + ": "),
                (std::string(c.name) + ": " + r.error().message).c_str());
        }
    }

    void sweeps()
    {
        auto s = sweepSizes(1, 65536);
        QVERIFY(s);
        QCOMPARE(s->size(), std::size_t(17));
        QCOMPARE(s->front(), std::uint64_t(1));
        QCOMPARE(s->back(), std::uint64_t(65536));
        for (std::size_t i = 1; i < s->size(); ++i)
            QCOMPARE(s->at(i), s->at(i - 1) * 2);
        auto full = sweepSizes(1, 256u << 20);
        QVERIFY(full);
        QCOMPARE(full->size(), std::size_t(29));
        for (auto bad : { std::pair<std::uint64_t, std::uint64_t> { 0, 8 }, { 8, 4 }, { 3, 64 }, { 4, 100 },
                 { 1, std::uint64_t { 512 } << 20 } }) {
            auto r = sweepSizes(bad.first, bad.second);
            QVERIFY(!r);
            QCOMPARE(r.error().where, std::string("--sweep"));
            QVERIFY(r.error().message.starts_with("--sweep: "));
        }
    }

    void optionsJsonRoundTrip()
    {
        TestOptions o;
        o.mode = Mode::Blast;
        o.op = Op::WriteImm;
        o.transport = Transport::Rdma;
        o.sizes = { 1, 4096, 256u << 20 };
        o.inlineData = true;
        o.completion = Completion::Event;
        o.depth = 64;
        o.postList = 8;
        o.signalEvery = 16;
        o.iterations = 123456789;
        o.durationS = 0.75;
        o.warmupS = 0;
        o.sampleIntervalS = 0.05;
        o.verifyData = true;
        o.device = "mlx5_0";
        o.gidIndex = 3;
        o.tos = 104;
        o.port = 0;
        auto back = optionsFromJson(optionsToJson(o));
        QVERIFY2(back, back ? "" : back.error().describe().c_str());
        QVERIFY(*back == o);
        auto defaults = optionsFromJson("{}");
        QVERIFY(defaults);
        QVERIFY(*defaults == TestOptions {});
    }

    void optionsJsonIsStrict_data()
    {
        QTest::addColumn<QString>("json");
        QTest::addColumn<QString>("expected");
        QTest::newRow("not json") << q("{") << q("not a JSON object");
        QTest::newRow("array") << q("[1]") << q("not a JSON object");
        QTest::newRow("unknown key") << q("{\"dpeth\":4}") << q("unknown key 'dpeth'");
        QTest::newRow("mode") << q("{\"mode\":\"pong\"}") << q("'mode' has no value 'pong'");
        QTest::newRow("sizes type") << q("{\"sizes\":\"64\"}") << q("'sizes' must be a list");
        QTest::newRow("size 0") << q("{\"sizes\":[0]}") << q("'sizes' must hold sizes");
        QTest::newRow("size float") << q("{\"sizes\":[64.5]}") << q("'sizes' must hold sizes");
        QTest::newRow("depth") << q("{\"depth\":1000}") << q("'depth' must be 1..128");
        QTest::newRow("inline type") << q("{\"inline\":1}") << q("'inline' must be true or false");
        QTest::newRow("device") << q("{\"device\":\"mlx5;reboot\"}") << q("'device' is not a valid RDMA device name");
        QTest::newRow("duration") << q("{\"duration_s\":\"2\"}") << q("'duration_s' must be a number");
        QTest::newRow("validate") << q("{\"mode\":\"ping\",\"op\":\"read\"}") << q("--op: ping has no read variant");
        QTest::newRow("iterations") << q("{\"iterations\":-5}") << q("'iterations' must be a whole number");
    }
    void optionsJsonIsStrict()
    {
        QFETCH(QString, json);
        QFETCH(QString, expected);
        auto r = optionsFromJson(json.toStdString());
        QVERIFY(!r);
        QCOMPARE(std::string(toString(r.error().kind)), std::string("usage"));
        QVERIFY2(r.error().message.find(expected.toStdString()) != std::string::npos, r.error().message.c_str());
    }

    void cliNamesTheOption_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("expected");
        const QStringList hosts = ql({ "--server", "localhost", "--client", "localhost" });
        QTest::newRow("depth") << (hosts + ql({ "--mode", "blast", "--depth", "200" })) << q("--depth: ");
        QTest::newRow("size") << (hosts + ql({ "--size", "512M" })) << q("--size: ");
        QTest::newRow("size text") << (hosts + ql({ "--size", "big" })) << q("--size must be a number");
        QTest::newRow("sweep") << (hosts + ql({ "--sweep", "3:64" })) << q("--sweep: ");
        QTest::newRow("mode") << (hosts + ql({ "--mode", "pong" })) << q("--mode must be ping or blast");
        QTest::newRow("tcp write") << (hosts + ql({ "--transport", "tcp", "--op", "write", "--mode", "blast" }))
                                   << q("--op: TCP has only send");
        QTest::newRow("perftest write-imm")
            << (hosts + ql({ "--transport", "perftest", "--op", "write-imm", "--mode", "blast" }))
            << q("--op write-imm: perftest has no");
        QTest::newRow("poll and event") << (hosts + ql({ "--poll", "--event" })) << q("give --poll or --event");
        QTest::newRow("both sizes") << (hosts + ql({ "--size", "64", "--sweep", "1:8" }))
                                    << q("give --size or --sweep");
        QTest::newRow("no client") << ql({ "--server", "localhost" }) << q("--client HOST");
        QTest::newRow("unknown host") << ql({ "--server", "nowhere", "--client", "localhost" })
                                      << q("host 'nowhere' is not in an inventory");
        QTest::newRow("data address") << (hosts + ql({ "--data-address", "lab-a" }))
                                      << q("--data-address must be a numeric");
        QTest::newRow("typo") << (hosts + ql({ "--dpeth", "4" })) << q("did you mean '--depth'");
        QTest::newRow("tos") << (hosts + ql({ "--tos", "300" })) << q("--tos: ");
    }
    void cliNamesTheOption()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, expected);
        auto r = cli(QStringList { QStringLiteral("test") } + args);
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains(expected), qPrintable(r.err));
        QVERIFY(r.out.isEmpty());
        // With --json the same error is a JSON line on stdout.
        auto j = cli(QStringList { QStringLiteral("test"), QStringLiteral("--json") } + args);
        QCOMPARE(j.exitCode, 2);
        QVERIFY2(j.out.startsWith(QStringLiteral("{")) && j.out.contains(QStringLiteral("\"kind\":\"usage\"")),
            qPrintable(j.out));
    }

    void cliHelp()
    {
        auto r = cli({ QStringLiteral("test"), QStringLiteral("--help") });
        QCOMPARE(r.exitCode, 0);
        QVERIFY(r.out.contains(QStringLiteral("usage: rocepilot-cli test")));
        for (const char* option : { "--transport", "--mode", "--op", "--sweep", "--inline", "--event", "--depth",
                 "--post-list", "--signal-every", "--iterations", "--warmup", "--data-address", "--port", "--gid-index",
                 "--tos", "--verify", "--json", "--accept-new-host-keys", "--inventory" })
            QVERIFY2(r.out.contains(QLatin1String(option)), option);
    }
};

QTEST_GUILESS_MAIN(TestPerfOptions)
#include "tst_perf_options.moc"

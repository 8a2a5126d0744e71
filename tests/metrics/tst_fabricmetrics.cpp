// SPDX-License-Identifier: GPL-3.0-or-later
// The fabric watch's metrics (core/metrics/fabricmetrics): the series of a hand-made round with their values, the
// designed failures left out, each round replacing the last (a cleared finding's series gone), both exposition
// formats, label escaping, promtool check metrics on them, and the bound above the hosts limit with the series a
// 1 000-host fleet produces (the figure docs/fabric-api.md quotes).
#include "metrics/fabricmetrics.h"

#include "fabricround.h"
#include "testbasics.h"

#include <QProcess>
#include <QtTest>

#include <regex>

using namespace rp;
using namespace rp::fabric;
using rp::metrics::FabricMetrics;
using rp::metrics::FabricMetricsOptions;

namespace {

FabricMetricsOptions options(std::size_t limit = 64)
{
    FabricMetricsOptions o;
    o.hostsLimit = limit;
    o.transport = "rdma";
    o.version = "9.8.7";
    return o;
}

/// Lines of `text` that start with `prefix` (a metric name and, optionally, the start of its labels).
std::vector<std::string> lines(const std::string& text, const std::string& prefix)
{
    std::vector<std::string> out;
    std::size_t start = 0;
    while (start < text.size()) {
        auto nl = text.find('\n', start);
        if (nl == std::string::npos)
            nl = text.size();
        const auto line = text.substr(start, nl - start);
        if (line.starts_with(prefix))
            out.push_back(line);
        start = nl + 1;
    }
    return out;
}

/// The value of the one sample whose line starts with `prefix`; fails the test when there is not exactly one.
std::string value(const std::string& text, const std::string& prefix)
{
    const auto found = lines(text, prefix);
    if (found.size() != 1)
        return "<" + std::to_string(found.size()) + " samples of " + prefix + ">";
    return found.front().substr(found.front().rfind(' ') + 1);
}

/// promtool check metrics on `text`: its output, empty when clean.
QString promtool(const std::string& text)
{
    QProcess p;
    p.start(QStringLiteral("promtool"), { QStringLiteral("check"), QStringLiteral("metrics") });
    if (!p.waitForStarted(10000))
        return QStringLiteral("promtool did not start (installer/deps.sh installs Debian's prometheus)");
    p.write(text.data(), static_cast<qint64>(text.size()));
    p.closeWriteChannel();
    p.waitForFinished(30000);
    const auto out = QString::fromUtf8(p.readAllStandardOutput() + p.readAllStandardError());
    return p.exitCode() == 0 ? QString() : out + QStringLiteral(" (exit %1)").arg(p.exitCode());
}

/// A ToR mesh: `hosts` hosts, `perTor` under each ToR, full mesh inside a ToR and `cross` peers in other ToRs per
/// host (each probed both ways), one UDP endpoint each: the shape buildPinglist gives a fleet. Host 0's cells fail.
FabricRound meshRound(int hosts, int perTor, int cross)
{
    FabricRound round;
    auto& list = round.pinglist;
    for (int i = 0; i < hosts; ++i) {
        const std::string name = "h" + std::to_string(i);
        const std::string tor = "t" + std::to_string(i / perTor);
        testdata::addFabricHost(
            list, name, tor, { testdata::fabricEndpoint(name, tor, i % 250, -1, GidType::Unknown) });
        round.agents[name] = AgentState::Up;
        round.agentCpuPercent[name] = 0.4;
    }
    auto cell = [&](int a, int b) {
        const auto from = static_cast<std::uint32_t>(a);
        const auto to = static_cast<std::uint32_t>(b);
        round.cells.push_back(a == 0 ? testdata::fabricLostCell(from, to, Reason::Timeout, false)
                                     : testdata::fabricCell(from, to, 40, 90));
    };
    const int tors = (hosts + perTor - 1) / perTor;
    for (int a = 0; a < hosts; ++a) {
        const int tor = a / perTor;
        for (int b = tor * perTor; b < std::min(hosts, (tor + 1) * perTor); ++b) {
            if (a != b)
                cell(a, b);
        }
        for (int k = 1; k <= cross && tors > 1; ++k) {
            const int b = (a + k * perTor + k) % hosts;
            if (b / perTor != tor) {
                cell(a, b);
                cell(b, a);
            }
        }
    }
    round.summary.cellsProbed = round.cells.size();
    return round;
}

} // namespace

class TestFabricMetrics final : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void beforeTheFirstRoundOnlyTheRunsOwnSeries()
    {
        FabricMetrics m(options());
        const auto text = m.text(false);
        QCOMPARE(value(text, "rocepilot_fabric_rounds_total "), std::string("0"));
        QCOMPARE(value(text, "rocepilot_fabric_watch_info{"), std::string("1"));
        QVERIFY(lines(text, "rocepilot_fabric_agent_up").empty());
        QVERIFY(lines(text, "rocepilot_fabric_ready").empty());
        QCOMPARE(promtool(text), QString());
    }

    void aRoundsSeries()
    {
        FabricMetrics m(options());
        m.update(testdata::smallFabricRound());
        const auto text = m.text(false);
        QCOMPARE(value(text, "rocepilot_fabric_rounds_total "), std::string("1"));
        QCOMPARE(value(text, "rocepilot_fabric_ready "), std::string("0"));
        QCOMPARE(lines(text, "rocepilot_fabric_agent_up{").size(), std::size_t(3));
        QCOMPARE(value(text, "rocepilot_fabric_agent_up{host=\"lab-c\",tor=\"leaf2\"}"), std::string("1"));
        QCOMPARE(value(text, "rocepilot_fabric_watch_info{version=\"9.8.7\",transport=\"rdma\"}"), std::string("1"));

        // The timed-out v2 cell lab-a -> lab-c: lost, failed with its reason, no RTT.
        const std::string lost
            = "from_host=\"lab-a\",from_tor=\"leaf1\",from_device=\"rxe0\",from_port=\"1\","
              "from_gid_index=\"1\",to_host=\"lab-c\",to_tor=\"leaf2\",to_device=\"rxe0\",to_port=\"1\","
              "to_gid_index=\"1\",transport=\"rdma\"";
        QCOMPARE(value(text, "rocepilot_fabric_cell_loss_ratio{" + lost + "}"), std::string("1"));
        QCOMPARE(value(text, "rocepilot_fabric_cell_failed{" + lost + ",reason=\"timeout\"}"), std::string("1"));
        QVERIFY(lines(text, "rocepilot_fabric_cell_rtt_seconds{" + lost).empty());

        // The slow pair lab-b -> lab-c: its v2 cell's p99 is 960 us, p50 30 us; a UDP cell names no port or GID.
        const std::string slow
            = "from_host=\"lab-b\",from_tor=\"leaf1\",from_device=\"rxe0\",from_port=\"1\","
              "from_gid_index=\"1\",to_host=\"lab-c\",to_tor=\"leaf2\",to_device=\"rxe0\",to_port=\"1\","
              "to_gid_index=\"1\",transport=\"rdma\"";
        QCOMPARE(
            value(text, "rocepilot_fabric_cell_rtt_seconds{" + slow + ",quantile=\"0.99\"}"), std::string("0.00096"));
        QCOMPARE(value(text, "rocepilot_fabric_cell_rtt_seconds{" + slow + ",quantile=\"0.5\"}"), std::string("3e-05"));
        QCOMPARE(value(text,
                     "rocepilot_fabric_cell_loss_ratio{from_host=\"lab-b\",from_tor=\"leaf1\",from_device=\"udp\","
                     "to_host=\"lab-c\",to_tor=\"leaf2\",to_device=\"udp\",transport=\"udp\"}"),
            std::string("0"));

        // Designed failures (v1 <-> v2) are not series: an alert on loss must never see them.
        QVERIFY(lines(text, "rocepilot_fabric_cell_failed{").size() == 2);
        for (const auto& l : lines(text, "rocepilot_fabric_cell_"))
            QVERIFY2(l.find("roce-version") == std::string::npos, l.c_str());
        // 6 directed host pairs x (v1->v1, v2->v2, udp->udp) = 18 cells.
        QCOMPARE(lines(text, "rocepilot_fabric_cell_loss_ratio{").size(), std::size_t(18));

        QCOMPARE(value(text,
                     "rocepilot_fabric_pair_loss_ratio{from_host=\"lab-a\",to_host=\"lab-c\",from_tor=\"leaf1\","
                     "to_tor=\"leaf2\"}"),
            value(text,
                "rocepilot_fabric_pair_loss_ratio{from_host=\"lab-c\",to_host=\"lab-a\",from_tor=\"leaf2\",to_tor="
                "\"leaf1\"}"));
        QVERIFY(lines(text, "rocepilot_fabric_tor_loss_ratio{from_tor=\"leaf1\",to_tor=\"leaf2\"}").size() == 1);
        QCOMPARE(
            value(text,
                "rocepilot_fabric_finding{id=\"host-nic:lab-c:rxe0/1\",rule=\"fabric.host-nic\",severity=\"error\","
                "element=\"lab-c:rxe0/1\",klass=\"host-nic\"}"),
            std::string("1"));
        QCOMPARE(value(text, "rocepilot_fabric_finding_confidence{id=\"host-nic:lab-c:rxe0/1\""), std::string("0.8"));
        QCOMPARE(promtool(text), QString());
        QCOMPARE(m.count().findings, std::size_t(2));
        // No host said counters: no counter series (not a row of zeros).
        QVERIFY(lines(text, "rocepilot_fabric_host_events_per_second").empty());
        auto counted = testdata::smallFabricRound();
        counted.hostCounters["lab-a"].pauseRxPerS = 1500.0;
        counted.hostCounters["lab-a"].retransmitsPerS = 0.0;
        m.update(counted);
        const auto withCounters = m.text(false);
        QCOMPARE(lines(withCounters, "rocepilot_fabric_host_events_per_second{").size(), std::size_t(2));
        QCOMPARE(value(withCounters,
                     "rocepilot_fabric_host_events_per_second{host=\"lab-a\",tor=\"leaf1\",event=\"pause_rx\"}"),
            std::string("1500"));
        QCOMPARE(promtool(withCounters), QString());
    }

    void eachRoundReplacesTheLast()
    {
        FabricMetrics m(options());
        m.update(testdata::smallFabricRound());
        auto healthy = testdata::smallFabricRound();
        healthy.summary.findings.clear();
        healthy.summary.cellsFailed = 0;
        std::erase_if(healthy.cells, [](const CellResult& c) { return c.reason == Reason::Timeout; });
        m.update(healthy);
        const auto text = m.text(false);
        QCOMPARE(value(text, "rocepilot_fabric_rounds_total "), std::string("2"));
        QCOMPARE(value(text, "rocepilot_fabric_ready "), std::string("1"));
        QVERIFY(lines(text, "rocepilot_fabric_finding").empty());
        QVERIFY(lines(text, "rocepilot_fabric_cell_failed").empty());
        QCOMPARE(lines(text, "rocepilot_fabric_cell_loss_ratio{").size(), std::size_t(16));
    }

    void anAgentDownAndSecondPassCells()
    {
        auto round = testdata::smallFabricRound();
        round.agents["lab-b"] = AgentState::Down;
        // A second-pass cell is a diagnosis: it must not turn into a series of its own.
        auto extra = testdata::fabricLostCell(0, 8, Reason::Timeout, false);
        extra.secondPass = true;
        round.cells.push_back(extra);
        FabricMetrics m(options());
        m.update(round);
        const auto text = m.text(false);
        QCOMPARE(value(text, "rocepilot_fabric_agent_up{host=\"lab-b\",tor=\"leaf1\"}"), std::string("0"));
        QVERIFY(lines(text,
            "rocepilot_fabric_cell_loss_ratio{from_host=\"lab-a\",from_tor=\"leaf1\",from_device=\"rxe0\","
            "from_port=\"1\",from_gid_index=\"0\",to_host=\"lab-c\",to_tor=\"leaf2\",to_device=\"udp\"")
                    .empty());
    }

    void aPortItsHostSaysIsDown()
    {
        auto round = testdata::smallFabricRound();
        round.portsDown[7] = "operstate down, carrier 0"; // lab-c's RoCE v2 GID
        round.portsDown[6] = "operstate down, carrier 0"; // lab-c's v1 GID: the same port, one series
        FabricMetrics m(options());
        m.update(round);
        const auto text = m.text(false);
        QCOMPARE(lines(text, "rocepilot_fabric_port_down{").size(), std::size_t(1));
        QCOMPARE(value(text, "rocepilot_fabric_port_down{host=\"lab-c\",tor=\"leaf2\",port=\"lab-c:rxe0/1\"}"),
            std::string("1"));
        QCOMPARE(promtool(text), QString());
    }

    void openMetricsAndClassicFamilies()
    {
        FabricMetrics m(options());
        m.update(testdata::smallFabricRound());
        const auto om = m.text(true);
        const auto classic = m.text(false);
        QVERIFY(om.ends_with("# EOF\n"));
        QVERIFY(!classic.contains("# EOF"));
        QVERIFY(om.contains("# TYPE rocepilot_fabric_rounds counter\nrocepilot_fabric_rounds_total 1\n"));
        QVERIFY(classic.contains("# TYPE rocepilot_fabric_rounds_total counter\nrocepilot_fabric_rounds_total 1\n"));
        QVERIFY(om.contains("# TYPE rocepilot_fabric_watch info\nrocepilot_fabric_watch_info{"));
        QVERIFY(classic.contains("# TYPE rocepilot_fabric_watch_info gauge\n"));
        QVERIFY(om.contains("# TYPE rocepilot_fabric_cell_rtt_seconds summary\n"));
        // Every family is declared once, before its samples.
        std::map<std::string, int> types;
        for (const auto& l : lines(om, "# TYPE "))
            ++types[l.substr(7, l.find(' ', 7) - 7)];
        for (const auto& [name, n] : types)
            QVERIFY2(n == 1, name.c_str());
    }

    void labelValuesAreEscaped()
    {
        auto round = testdata::smallFabricRound();
        round.summary.findings.front().element.name = "odd\"name\\with\nbreak";
        FabricMetrics m(options());
        m.update(round);
        const auto text = m.text(false);
        QVERIFY(text.contains("element=\"odd\\\"name\\\\with\\nbreak\""));
        QCOMPARE(promtool(text), QString());
    }

    void aboveTheHostsLimitNoCells()
    {
        FabricMetrics m(options(64));
        m.update(meshRound(100, 25, 5));
        const auto text = m.text(false);
        const auto count = m.count();
        QCOMPARE(count.cells, std::size_t(0));
        QVERIFY(lines(text, "rocepilot_fabric_cell_").empty());
        QCOMPARE(lines(text, "rocepilot_fabric_pair_loss_ratio{").size(), std::size_t(20));
        // The lossy pairs (from h0) come first among the 20 kept.
        QVERIFY(!lines(text, "rocepilot_fabric_pair_loss_ratio{from_host=\"h0\",").empty());
        QCOMPARE(lines(text, "rocepilot_fabric_agent_up{").size(), std::size_t(100));
        QCOMPARE(lines(text, "rocepilot_fabric_tor_loss_ratio{").size(), std::size_t(16)); // 4 ToRs, both ways
        QCOMPARE(promtool(text), QString());

        FabricMetrics all(options(100));
        all.update(meshRound(100, 25, 5));
        QVERIFY(all.count().cells > 2000);
    }

    void seriesOfAThousandHosts()
    {
        // What docs/fabric-api.md quotes: 1 000 hosts, 20 ToRs of 50, full mesh inside each, 5 peers across.
        FabricMetrics m(options());
        m.update(meshRound(1000, 50, 5));
        const auto c = m.count();
        qInfo("1000 hosts (limit 64): %zu series: %zu hosts, %zu pairs, %zu ToR pairs, %zu cells, %zu other", c.total(),
            c.hosts, c.pairs, c.tors, c.cells, c.other);
        QCOMPARE(c.cells, std::size_t(0));
        QCOMPARE(c.hosts, std::size_t(2000));
        QVERIFY(c.total() < 4000);

        FabricMetrics full(options(1000));
        full.update(meshRound(1000, 50, 5));
        const auto f = full.count();
        qInfo("1000 hosts (limit raised to 1000): %zu series, %zu of them cells", f.total(), f.cells);
        QVERIFY(f.cells > 50000);

        FabricMetrics small(options());
        small.update(meshRound(64, 32, 5));
        qInfo("64 hosts (2 ToRs of 32): %zu series, %zu of them cells", small.count().total(), small.count().cells);
    }
};

QTEST_GUILESS_MAIN(TestFabricMetrics)
#include "tst_fabricmetrics.moc"

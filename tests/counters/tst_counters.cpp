// SPDX-License-Identifier: GPL-3.0-or-later
// Host counters (core/counters): parsing of hw_counters (sampler lines, grep -H), ethtool -S of mlx5, bnxt_en and
// ice (only RoCE-relevant statistics kept), `rdma statistic` text; rates with 32-bit wrap and reset handling;
// the sampler command's validation; and the real sampler script run here against a synthetic sysfs tree whose
// counters a writer thread advances (through a wrap), read back as rates on the run's time axis.
#include "counters/counters.h"
#include "counters/hostcounters.h"
#include "remote/local_executor.h"
#include "testutil.h"

#include <QTemporaryDir>
#include <QtTest>

#include <nlohmann/json.hpp>

#include <filesystem>
#include <fstream>
#include <thread>

using namespace rp;
using namespace rp::counters;

namespace {

// rdma_rxe on Linux 6.1 (the lab's guests): the 15 counters of rxe_hw_counters.c.
const char* kRxeLines = "@H sent_pkts 1200\n@H rcvd_pkts 1180\n@H duplicate_request 0\n@H out_of_seq_request 2\n"
                        "@H rcvd_rnr_err 0\n@H send_rnr_err 0\n@H rcvd_seq_err 1\n@H ack_deferred 7\n"
                        "@H retry_exceeded_err 0\n@H retry_rnr_exceeded_err 0\n@H completer_retry_err 0\n"
                        "@H send_err 0\n@H link_downed 0\n@H rdma_sends 600\n@H rdma_recvs 590\n";

// mlx5 ethtool -S excerpt (names from Documentation/.../mlx5/counters.rst), PFC on priority 3 only.
const char* kMlx5Ethtool = R"(NIC statistics:
     rx_packets: 1043343
     rx_bytes: 1398128274
     tx_packets: 999
     rx_csum_complete: 1043343
     rx0_packets: 5000
     rx_prio0_bytes: 1234
     rx_prio3_bytes: 1398000000
     rx_prio3_pause: 17
     rx_prio3_pause_duration: 4200
     rx_prio3_pause_transition: 9
     tx_prio3_pause: 0
     tx_prio3_pause_duration: 0
     rx_discards_phy: 0
     rx_out_of_buffer: 3
     tx_pause_storm_warning_events: 0
     module_unplug: 0
     ch_poll: 77
)";

const char* kBnxtEthtool = R"(NIC statistics:
     [0]: rx_ucast_packets: 12
     rx_pfc_ena_frames_pri3: 44
     tx_pfc_ena_frames_pri3: 2
     pfc_pri3_rx_duration_us: 900
     rx_bytes_cos0: 100
     rx_stat_discard: 5
)";

const char* kIceEthtool = R"(NIC statistics:
     rx_priority_3_xon.nic: 5
     rx_priority_3_xoff.nic: 6
     tx_priority_3_xoff.nic: 1
     rx_unicast.nic: 99
)";

/// The sampler's "@H name value" lines as hw_counters' own "name value".
std::string withoutMarks(std::string text)
{
    for (auto at = text.find("@H "); at != std::string::npos; at = text.find("@H ", at))
        text.erase(at, 3);
    return text;
}

} // namespace

class TestCounters : public QObject
{
    Q_OBJECT
private slots:
    void hwCounters()
    {
        std::string text = kRxeLines;
        for (std::size_t p = 0; (p = text.find("@H ", p)) != std::string::npos;)
            text.erase(p, 3);
        auto v = parseHwCounters(text);
        QCOMPARE(v.size(), std::size_t { 15 });
        QCOMPARE(v.at("hw:sent_pkts"), std::uint64_t { 1200 });
        QCOMPARE(v.at("hw:out_of_seq_request"), std::uint64_t { 2 });
        // grep -H form, a lifespan file (cache age, not a counter), garbage lines
        auto g = parseHwCounters("/sys/class/infiniband/mlx5_0/ports/1/hw_counters/out_of_sequence:42\n"
                                 "/sys/class/infiniband/mlx5_0/ports/1/hw_counters/lifespan:10\n"
                                 "/sys/x/np_cnp_sent:18446744073709551615\n"
                                 "not a counter\n$(reboot) 5\nrx_write_requests -3\n");
        QCOMPARE(g.size(), std::size_t { 2 });
        QCOMPARE(g.at("hw:out_of_sequence"), std::uint64_t { 42 });
        QCOMPARE(g.at("hw:np_cnp_sent"), std::numeric_limits<std::uint64_t>::max());
    }

    void ethtool()
    {
        auto m = parseEthtoolStats(kMlx5Ethtool);
        QVERIFY(m.count("eth:rx_prio3_pause"));
        QCOMPARE(m.at("eth:rx_prio3_pause_duration"), std::uint64_t { 4200 });
        QVERIFY(m.count("eth:rx_discards_phy"));
        QVERIFY(m.count("eth:rx_out_of_buffer"));
        QVERIFY(m.count("eth:rx_bytes"));
        QVERIFY(!m.count("eth:rx_csum_complete")); // not about RoCE
        QVERIFY(!m.count("eth:rx0_packets")); // per queue
        QVERIFY(!m.count("eth:ch_poll"));
        auto b = parseEthtoolStats(kBnxtEthtool);
        QCOMPARE(b.at("eth:rx_pfc_ena_frames_pri3"), std::uint64_t { 44 });
        QCOMPARE(b.at("eth:pfc_pri3_rx_duration_us"), std::uint64_t { 900 });
        QVERIFY(b.count("eth:rx_bytes_cos0"));
        auto i = parseEthtoolStats(kIceEthtool);
        QCOMPARE(i.size(), std::size_t { 3 });
        QCOMPARE(i.at("eth:rx_priority_3_xoff.nic"), std::uint64_t { 6 });

        auto d = describeCounter("eth:rx_prio3_pause");
        QCOMPARE(d.priority.value(), 3);
        QCOMPARE(d.label, std::string("pause frames received, priority 3"));
        QVERIFY(d.meaning.find("network") != std::string::npos);
        QCOMPARE(describeCounter("eth:tx_pfc_ena_frames_pri5").priority.value(), 5);
        QVERIFY(describeCounter("hw:rp_cnp_ignored").alarm);
        QVERIFY(!describeCounter("hw:rcvd_pkts").alarm);
        QCOMPARE(describeCounter("hw:vendor_thing").label, std::string("vendor_thing"));
    }

    void rdmaStatistic()
    {
        const char* text = "link rxe0/1 sent_pkts 10 rcvd_pkts 20 out_of_seq_request 0\n"
                           "link rxe1/1 sent_pkts 99 rcvd_pkts 98\n";
        auto first = parseRdmaStatistic(text);
        QCOMPARE(first.at("hw:rcvd_pkts"), std::uint64_t { 20 });
        QCOMPARE(first.size(), std::size_t { 3 });
        auto second = parseRdmaStatistic(text, "rxe1/1");
        QCOMPARE(second.at("hw:sent_pkts"), std::uint64_t { 99 });
        QVERIFY(parseRdmaStatistic("garbage\n", "").empty());
    }

    void rates()
    {
        RateTracker t;
        QVERIFY(!t.update(10.0, { { "hw:a", 100 }, { "hw:wrap", 4294967000u }, { "hw:reset", 5000000000u } }));
        auto r = t.update(10.5, { { "hw:a", 150 }, { "hw:wrap", 200 }, { "hw:reset", 10 }, { "hw:new", 7 } });
        QVERIFY(r.has_value());
        QCOMPARE(t.lastIntervalS(), 0.5);
        QCOMPARE(r->at("hw:a"), 100.0);
        QCOMPARE(r->at("hw:wrap"), (200.0 + 4294967296.0 - 4294967000.0) / 0.5); // 32-bit wrap undone
        QCOMPARE(r->at("hw:reset"), 20.0); // a 64-bit counter went back: reset, counted from zero
        QVERIFY(!r->count("hw:new")); // appeared now: no rate yet
        // a 32-bit counter reset from a mid value is not a wrap either
        RateTracker u;
        u.update(0, { { "hw:x", 3000000000u } });
        QCOMPARE(u.update(1, { { "hw:x", 5 } })->at("hw:x"), 5.0);
        // a clock that did not advance is a new baseline, not a division by zero
        QVERIFY(!u.update(1, { { "hw:x", 6 } }));
    }

    void hostCountersSumWhatEachDriverMeans()
    {
        // Names of each driver by role; durations, transitions, traffic and settings stand for nothing here.
        QVERIFY(counterRole("eth:rx_prio3_pause") == CounterRole::PauseRx);
        QVERIFY(counterRole("tx_prio7_pause") == CounterRole::PauseTx);
        QVERIFY(counterRole("eth:rx_prio3_pause_duration") == CounterRole::Other);
        QVERIFY(counterRole("eth:rx_prio8_pause") == CounterRole::Other);
        QVERIFY(counterRole("eth:rx_pfc_ena_frames_pri3") == CounterRole::PauseRx);
        QVERIFY(counterRole("eth:tx_priority_3_xoff.nic") == CounterRole::PauseTx);
        QVERIFY(counterRole("eth:rx_priority_3_xon.nic") == CounterRole::Other);
        QVERIFY(counterRole("eth:rx_pause_ctrl_phy") == CounterRole::PauseRx);
        QVERIFY(counterRole("hw:out_of_sequence") == CounterRole::Loss);
        QVERIFY(counterRole("hw:local_ack_timeout_err") == CounterRole::Timeout);
        QVERIFY(counterRole("hw:roce_adp_retrans") == CounterRole::Retransmit);
        QVERIFY(counterRole("eth:rx_prio3_discards") == CounterRole::Discard);
        QVERIFY(counterRole("hw:np_cnp_sent") == CounterRole::CnpSent);
        QVERIFY(counterRole("hw:rx_cnp_pkts") == CounterRole::CnpHandled);
        QVERIFY(counterRole("hw:rdma_sends") == CounterRole::Other);

        std::map<std::string, double> mlx5;
        for (const auto& [name, value] : parseEthtoolStats(kMlx5Ethtool))
            mlx5[name] = static_cast<double>(value);
        mlx5["hw:out_of_sequence"] = 2.5;
        mlx5["hw:local_ack_timeout_err"] = 0.5;
        mlx5["hw:np_cnp_sent"] = 40;
        const auto m = summariseHostCounters(mlx5);
        QCOMPARE(m.pauseRxPerS, std::optional<double>(17));
        QCOMPARE(m.pauseTxPerS, std::optional<double>(0)); // there and zero: not absent
        QCOMPARE(m.retransmitsPerS, std::optional<double>(3));
        QCOMPARE(m.discardsPerS, std::optional<double>(0));
        QCOMPARE(m.cnpSentPerS, std::optional<double>(40));
        QVERIFY(!m.cnpHandledPerS);

        std::map<std::string, double> rxe;
        for (const auto& [name, value] : parseHwCounters(withoutMarks(kRxeLines)))
            rxe[name] = static_cast<double>(value);
        QCOMPARE(rxe.size(), std::size_t { 15 });
        const auto r = summariseHostCounters(rxe);
        QCOMPARE(r.retransmitsPerS, std::optional<double>(3)); // out_of_seq_request 2 + rcvd_seq_err 1
        QVERIFY(!r.pauseRxPerS && !r.pauseTxPerS && !r.discardsPerS && !r.cnpSentPerS && !r.cnpHandledPerS);
        QVERIFY(!summariseHostCounters({ { "eth:rx_bytes", 1e9 } }).any());

        // The JSON form keeps absent fields absent and refuses what it does not know.
        const auto json = hostCountersJson(m);
        QVERIFY(!json.contains("cnp_handled"));
        auto back = readHostCounters(json, ErrorKind::Parse, "test", "here");
        QVERIFY(back);
        QCOMPARE(*back, m);
        QVERIFY(!readHostCounters(nlohmann::json { { "pause", 1 } }, ErrorKind::Parse, "test", "here"));
        QVERIFY(!readHostCounters(nlohmann::json { { "pause_rx", -1 } }, ErrorKind::Parse, "test", "here"));
        QVERIFY(!readHostCounters(nlohmann::json::array(), ErrorKind::Parse, "test", "here"));
    }

    void commandValidation()
    {
        SamplerOptions o;
        o.rdmaDevice = "rxe0;reboot";
        QVERIFY(!samplerCommand(o));
        o.rdmaDevice = "rxe0";
        o.netdev = "$(id)";
        QVERIFY(!samplerCommand(o));
        o.netdev = "eth0";
        o.intervalS = 0.001;
        QVERIFY(!samplerCommand(o));
        o.intervalS = 0.1;
        auto c = samplerCommand(o);
        QVERIFY(c.has_value());
        const std::string line = c->shellLine();
        QVERIFY2(line.find("/sys/class/infiniband/rxe0/ports/1/hw_counters") != std::string::npos, line.c_str());
        QVERIFY(line.find("eth0") != std::string::npos);
    }

    void blockReaderSplitsAnywhere()
    {
        // Appended piece by piece: a chain of operator+ on temporaries trips GCC 12's -Warray-bounds at -O2.
        std::string stream = "@T 100.5\n";
        for (std::string_view piece : { std::string_view(kRxeLines), std::string_view("@E\n"),
                 std::string_view(kMlx5Ethtool), std::string_view("@.\n@T 100,6\n"), std::string_view(kRxeLines),
                 std::string_view("@.\n@T 100.7\n@H sent_pkts 1") })
            stream += piece;
        for (std::size_t step : { 1u, 7u, 4096u }) {
            BlockReader reader;
            std::vector<Block> blocks;
            for (std::size_t i = 0; i < stream.size(); i += step)
                reader.feed(std::string_view(stream).substr(i, step), [&](const Block& b) { blocks.push_back(b); });
            QCOMPARE(blocks.size(), std::size_t { 2 }); // the third block never ended
            QCOMPARE(blocks[0].hostTimeS, 100.5);
            QCOMPARE(blocks[1].hostTimeS, 100.6); // decimal comma
            QCOMPARE(blocks[0].values.size(), std::size_t { 15 + parseEthtoolStats(kMlx5Ethtool).size() });
            QCOMPARE(blocks[1].values.size(), std::size_t { 15 });
        }
    }

    // The real script, run by /bin/sh here, on a synthetic sysfs tree.
    void samplerOnSyntheticSysfs()
    {
        QTemporaryDir dir;
        const std::filesystem::path hw
            = std::filesystem::path(dir.path().toStdString()) / "class/infiniband/rxe0/ports/1/hw_counters";
        std::filesystem::create_directories(hw);
        auto put = [&](const char* name, std::uint64_t v) {
            std::ofstream(hw / (std::string(name) + ".tmp")) << v << "\n";
            std::filesystem::rename(hw / (std::string(name) + ".tmp"), hw / name);
        };
        put("sent_pkts", 0);
        put("out_of_seq_request", 4294967000u);
        std::atomic<bool> stop { false };
        std::thread writer([&] {
            std::uint64_t sent = 0, oos = 4294967000u;
            while (!stop.load()) {
                std::this_thread::sleep_for(std::chrono::milliseconds(10));
                sent += 1000; // 100 000 / s
                oos = (oos + 10) & 0xffffffffu; // 1 000 / s, wraps after ~3 s
                put("sent_pkts", sent);
                put("out_of_seq_request", oos);
            }
        });
        SamplerOptions o;
        o.host = "synthetic";
        o.rdmaDevice = "rxe0";
        o.intervalS = 0.1;
        o.sysfsRoot = dir.path().toStdString();
        std::vector<run::CounterSample> samples;
        std::atomic<bool> cancel { false };
        LocalExecutor local;
        const auto start = std::chrono::steady_clock::now();
        std::thread stopper([&] {
            std::this_thread::sleep_for(std::chrono::milliseconds(4000));
            cancel.store(true);
        });
        auto ok = runSampler(
            local, o, [&] { return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(); },
            [&](const run::CounterSample& s) { samples.push_back(s); }, &cancel);
        stopper.join();
        stop.store(true);
        writer.join();
        QVERIFY2(ok.has_value(), ok ? "" : ok.error().describe().c_str());
        // ~10 per second for 4 s
        QVERIFY2(samples.size() >= 25 && samples.size() <= 41, std::to_string(samples.size()).c_str());
        double sentSum = 0, timeSum = 0;
        for (const auto& s : samples) {
            QCOMPARE(s.host, std::string("synthetic"));
            QVERIFY(s.intervalS > 0.05 && s.intervalS < 0.5);
            QVERIFY(s.rates.count("hw:sent_pkts"));
            // never the 4-billion jump of an unhandled wrap
            QVERIFY2(
                s.rates.at("hw:out_of_seq_request") < 1e5, std::to_string(s.rates.at("hw:out_of_seq_request")).c_str());
            sentSum += s.rates.at("hw:sent_pkts") * s.intervalS;
            timeSum += s.intervalS;
        }
        const double rate = sentSum / timeSum;
        QVERIFY2(rate > 50000 && rate < 110000, std::to_string(rate).c_str()); // sleep jitter makes it < 100 000
        QVERIFY(samples.back().runTS > samples.front().runTS);
    }
};

QTEST_GUILESS_MAIN(TestCounters)
#include "tst_counters.moc"

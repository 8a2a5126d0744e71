// SPDX-License-Identifier: GPL-3.0-or-later
// The PFC picture and the alarm rules of the dashboards reference (§3.6) in core/counters/alarms. No DCB NIC
// exists here: the substitute is rates under the documented counter names, mlx5 from
// Documentation/networking/device_drivers/ethernet/mellanox/mlx5/counters.rst (rx_prioN_pause,
// rx_prioN_pause_duration, rx_prioN_pause_transition, tx_pause_storm_*_events, rx_discards_phy) and
// drivers/infiniband/hw/mlx5/counters.c (np_cnp_sent, rp_cnp_handled, np_ecn_marked_roce_packets, ...), bnxt_en
// and ice names from their ethtool sources, fed as CounterSamples; and, end to end, a synthetic sysfs tree read
// by the native sampler (rocepilot-probe sample) whose counter is bumped: the alarm must fire within 200 ms.
#include "counters/alarms.h"
#include "counters/native.h"
#include "remote/local_executor.h"
#include "testutil.h"

#include <QElapsedTimer>
#include <QTemporaryDir>
#include <QtTest>

#include <filesystem>
#include <thread>

#include <fcntl.h>
#include <unistd.h>

using namespace rp;
using namespace rp::counters;

namespace {

run::CounterSample at(double t, const std::string& host, std::map<std::string, double> rates)
{
    return run::CounterSample { t, host, 0.1, std::move(rates) };
}

bool has(const std::vector<Alarm>& alarms, const std::string& rule, Severity severity)
{
    return std::any_of(
        alarms.begin(), alarms.end(), [&](const Alarm& a) { return a.rule == rule && a.severity == severity; });
}

AlarmContext priority3()
{
    AlarmContext c;
    c.pfcPriorities = std::set<int> { 3 };
    c.rocePriority = 3;
    return c;
}

} // namespace

class TestAlarms : public QObject
{
    Q_OBJECT
private slots:
    void pfcPicturePerPriorityAndDirection()
    {
        // mlx5: PFC on priority 3 only; 5 % of the time paused by the peer
        auto h = pfcFromRates({ { "eth:rx_prio3_pause", 120 }, { "eth:rx_prio3_pause_duration", 50000 },
            { "eth:rx_prio3_pause_transition", 12 }, { "eth:tx_prio3_pause", 0 }, { "eth:tx_prio3_pause_duration", 0 },
            { "hw:rcvd_pkts", 1e6 } });
        QVERIFY(h.hasPfcCounters());
        QCOMPARE(h.at(Direction::Rx, 3).framesPerS.value(), 120.0);
        QCOMPARE(h.at(Direction::Rx, 3).occupancy.value(), 0.05);
        QCOMPARE(h.at(Direction::Rx, 3).transitionsPerS.value(), 12.0);
        QCOMPARE(h.at(Direction::Tx, 3).framesPerS.value(), 0.0); // present and 0
        QVERIFY(!h.at(Direction::Tx, 3).transitionsPerS); // absent, not 0
        QVERIFY(!h.at(Direction::Rx, 0).any());
        // bnxt_en
        auto b = pfcFromRates({ { "eth:rx_pfc_ena_frames_pri5", 7 }, { "eth:pfc_pri5_tx_duration_us", 2e5 },
            { "eth:pfc_pri5_rx_transitions", 3 } });
        QCOMPARE(b.at(Direction::Rx, 5).framesPerS.value(), 7.0);
        QCOMPARE(b.at(Direction::Tx, 5).occupancy.value(), 0.2);
        QCOMPARE(b.at(Direction::Rx, 5).transitionsPerS.value(), 3.0);
        // ice: xoff frames are the pause frames
        auto i = pfcFromRates({ { "eth:tx_priority_4_xoff.nic", 9 }, { "eth:tx_priority_4_xon.nic", 9 } });
        QCOMPARE(i.at(Direction::Tx, 4).framesPerS.value(), 9.0);
        // rxe / virtio: no PFC counters at all
        QVERIFY(!pfcFromRates({ { "hw:sent_pkts", 10 }, { "eth:rx_bytes", 5 } }).hasPfcCounters());
    }

    void pausesOnOtherPrioritiesAreFlagged()
    {
        AlarmEngine e(priority3());
        // priority 0's counter exists (mlx5 shows it only when PFC is on there): a warning, once
        auto a = e.update(at(0.1, "a", { { "eth:rx_prio3_pause", 50 }, { "eth:rx_prio0_pause", 0 } }));
        QVERIFY(has(a, "pfc-enabled-wrong-priority", Severity::Warning));
        QVERIFY(!has(a, "pause-wrong-priority", Severity::Critical));
        QVERIFY(e.update(at(0.2, "a", { { "eth:rx_prio0_pause", 0 } })).empty());
        // and then it moves: critical, on the first delta
        a = e.update(at(0.3, "a", { { "eth:rx_prio0_pause", 4 } }));
        QVERIFY(has(a, "pause-wrong-priority", Severity::Critical));
        QCOMPARE(a.front().runTS, 0.3);
        QVERIFY(a.front().markOnLatency);
        // without a profile nobody can tell which priority is wrong
        AlarmEngine unknown;
        QVERIFY(unknown.update(at(0.1, "a", { { "eth:rx_prio0_pause", 4 } })).empty());
    }

    void pauseOccupancy()
    {
        AlarmEngine e(priority3());
        QVERIFY(e.update(at(0.1, "a", { { "eth:rx_prio3_pause_duration", 5000 } })).empty()); // 0.5 %
        AlarmEngine w(priority3());
        auto a = w.update(at(0.1, "a", { { "eth:rx_prio3_pause_duration", 50000 } })); // 5 %
        QVERIFY(has(a, "pause-occupancy", Severity::Warning));
        QVERIFY2(QString::fromStdString(a.front().text).contains(QStringLiteral("5.0 %")), a.front().text.c_str());
        QVERIFY(QString::fromStdString(a.front().text).contains(QStringLiteral("the peer held this port")));
        AlarmEngine c(priority3());
        a = c.update(at(0.1, "b", { { "eth:tx_prio3_pause_duration", 300000 } })); // 30 %, we paused the peer
        QVERIFY(has(a, "pause-occupancy", Severity::Critical));
        QVERIFY(QString::fromStdString(a.front().text).contains(QStringLiteral("this port held the peer")));
    }

    void firstOffendingDeltaAndOncePerSecond()
    {
        AlarmEngine e;
        std::vector<Alarm> all;
        for (int i = 0; i < 30; ++i) {
            auto a = e.update(at(0.1 * i, "lab-a",
                { { "hw:rcvd_pkts", 1000 }, { "hw:out_of_sequence", i >= 7 ? 3.0 : 0.0 },
                    { "hw:local_ack_timeout_err", i == 20 ? 1.0 : 0.0 } }));
            if (i == 7)
                QVERIFY2(has(a, "loss", Severity::Critical), "not on the first offending delta");
            if (i < 7)
                QVERIFY(a.empty());
            all.insert(all.end(), a.begin(), a.end());
        }
        // loss at 0.7, 1.7, 2.7 s (once a second while it rises); the timeout once, at 2.0 s
        QCOMPARE(std::count_if(all.begin(), all.end(), [](const Alarm& a) { return a.rule == "loss"; }), 3L);
        auto timeout = std::find_if(all.begin(), all.end(), [](const Alarm& a) { return a.rule == "timeout"; });
        QVERIFY(timeout != all.end());
        QVERIFY(std::abs(timeout->runTS - 2.0) < 1e-9);
        QVERIFY(timeout->text.find("ACK timeouts") != std::string::npos);
    }

    void eachRuleOfTheTable()
    {
        struct Case
        {
            std::map<std::string, double> rates;
            const char* rule;
            Severity severity;
        };
        const Case cases[] = {
            { { { "eth:tx_pause_storm_warning_events", 1 } }, "pause-storm", Severity::Critical },
            { { { "eth:tx_pause_storm_error_events", 1 } }, "pause-storm", Severity::Critical },
            { { { "eth:rx_discards_phy", 2 } }, "loss", Severity::Critical },
            { { { "eth:rx_prio3_discards", 2 } }, "loss", Severity::Critical },
            { { { "hw:packet_seq_err", 2 } }, "loss", Severity::Critical },
            { { { "hw:implied_nak_seq_err", 2 } }, "loss", Severity::Critical },
            { { { "hw:duplicate_request", 2 } }, "loss", Severity::Critical },
            { { { "hw:out_of_seq_request", 2 } }, "loss", Severity::Critical }, // rxe
            { { { "hw:roce_adp_retrans_to", 1 } }, "timeout", Severity::Critical },
            { { { "hw:to_retransmits", 1 } }, "timeout", Severity::Critical }, // bnxt_re
            { { { "hw:rnr_nak_retry_err", 1 } }, "rnr", Severity::Warning },
            { { { "hw:rcvd_rnr_err", 1 } }, "rnr", Severity::Warning },
            { { { "hw:rp_cnp_ignored", 1 } }, "cnp-ignored", Severity::Warning },
            { { { "hw:cnpIgnored", 1 } }, "cnp-ignored", Severity::Warning }, // irdma
            { { { "eth:link_down_events_phy", 1 } }, "link-down", Severity::Critical },
            { { { "eth:rx_crc_errors_phy", 1 } }, "phy-errors", Severity::Warning },
            { { { "eth:rx_pcs_symbol_err_phy", 1 } }, "phy-errors", Severity::Warning },
            { { { "eth:outbound_pci_stalled_rd_events", 1 } }, "pcie-stall", Severity::Warning },
            { { { "hw:np_ecn_marked_roce_packets", 100 }, { "hw:np_cnp_sent", 0 } }, "np-disabled", Severity::Warning },
        };
        for (const auto& c : cases) {
            AlarmEngine e(priority3());
            auto a = e.update(at(1.0, "h", c.rates));
            QVERIFY2(has(a, c.rule, c.severity), (std::string(c.rule) + " from " + c.rates.begin()->first).c_str());
            // and nothing from the same counters standing still
            std::map<std::string, double> still = c.rates;
            for (auto& [k, v] : still)
                v = 0;
            AlarmEngine quiet(priority3());
            QVERIFY2(quiet.update(at(1.0, "h", still)).empty(), c.rule);
        }
        // ECN marks with CNPs going out: the notification point works
        AlarmEngine np;
        QVERIFY(
            np.update(at(1.0, "h", { { "hw:np_ecn_marked_roce_packets", 100 }, { "hw:np_cnp_sent", 40 } })).empty());
    }

    void crossHostCnpRules()
    {
        // receiver b sends CNPs, sender a handles none: after two samples of evidence
        AlarmEngine e;
        std::vector<Alarm> got;
        for (int i = 1; i <= 4; ++i) {
            auto x = e.update(at(0.1 * i, "a", { { "hw:rp_cnp_handled", 0 }, { "hw:np_cnp_sent", 0 } }));
            auto y = e.update(at(0.1 * i + 0.01, "b",
                { { "hw:np_cnp_sent", 500 }, { "hw:np_ecn_marked_roce_packets", 800 }, { "hw:rp_cnp_handled", 0 } }));
            got.insert(got.end(), x.begin(), x.end());
            got.insert(got.end(), y.begin(), y.end());
            if (i == 2)
                QVERIFY(has(y, "cnp-not-handled", Severity::Warning));
        }
        QCOMPARE(std::count_if(got.begin(), got.end(), [](const Alarm& a) { return a.rule == "cnp-not-handled"; }), 1L);
        // the sender does handle them: nothing
        AlarmEngine ok;
        for (int i = 1; i <= 4; ++i) {
            QVERIFY(ok.update(at(0.1 * i, "a", { { "hw:rp_cnp_handled", 450 } })).empty());
            QVERIFY(ok.update(at(0.1 * i + 0.01, "b",
                                  { { "hw:np_cnp_sent", 500 }, { "hw:np_ecn_marked_roce_packets", 800 } }))
                        .empty());
        }
        // CNPs with no ECN mark anywhere: info (slow-restart CNPs), no marker
        AlarmEngine sr;
        auto a = sr.update(at(0.1, "a", { { "hw:rp_cnp_handled", 30 }, { "hw:np_ecn_marked_roce_packets", 0 } }));
        QVERIFY(has(a, "cnp-without-ecn", Severity::Info));
        QVERIFY(!a.front().markOnLatency);
    }

    void roceOnTheWrongPriority()
    {
        AlarmEngine e(priority3());
        // 10 % of the RDMA bytes are not on priority 3
        auto a = e.update(at(0.1, "a",
            { { "eth:tx_vport_rdma_unicast_bytes", 1e9 }, { "eth:tx_prio3_bytes", 0.9e9 },
                { "eth:tx_prio0_bytes", 0.1e9 } }));
        QVERIFY(has(a, "roce-wrong-priority", Severity::Warning));
        AlarmEngine fine(priority3());
        QVERIFY(fine.update(at(0.1, "a", { { "eth:tx_vport_rdma_unicast_bytes", 1e9 }, { "eth:tx_prio3_bytes", 1e9 } }))
                    .empty());
    }

    // From a counter file bumped on a synthetic sysfs tree to the alarm, through rocepilot-probe sample.
    void firesWithin200msEndToEnd()
    {
        QTemporaryDir dir;
        const auto hw = std::filesystem::path(dir.path().toStdString()) / "class/infiniband/mlx5_0/ports/1/hw_counters";
        std::filesystem::create_directories(hw);
        auto put = [&](const char* name, unsigned long long v) {
            char text[32];
            std::snprintf(text, sizeof text, "%020llu\n", v);
            int fd = ::open((hw / name).c_str(), O_WRONLY | O_CREAT, 0644);
            (void)!::pwrite(fd, text, 21, 0);
            ::close(fd);
        };
        put("local_ack_timeout_err", 0);
        put("rp_cnp_handled", 0);
        SamplerOptions o;
        o.host = "synthetic";
        o.rdmaDevice = "mlx5_0";
        o.intervalS = 0.1;
        o.sysfsRoot = dir.path().toStdString();
        o.probePath = RP_PROBE;
        AlarmEngine engine;
        QElapsedTimer clock;
        clock.start();
        std::atomic<qint64> bumpedAt { -1 }, firedAt { -1 };
        std::atomic<bool> cancel { false };
        std::thread bumper([&] {
            std::this_thread::sleep_for(std::chrono::milliseconds(730)); // between two samples
            put("local_ack_timeout_err", 1);
            bumpedAt.store(clock.nsecsElapsed());
            std::this_thread::sleep_for(std::chrono::milliseconds(700));
            cancel.store(true);
        });
        LocalExecutor local;
        auto ok = runSampler(
            local, o, [] { return 0.0; },
            [&](const run::CounterSample& s) {
                for (const auto& a : engine.update(s)) {
                    if (a.rule == "timeout" && firedAt.load() < 0)
                        firedAt.store(clock.nsecsElapsed());
                }
            },
            &cancel);
        bumper.join();
        QVERIFY(ok.has_value());
        QVERIFY(firedAt.load() > 0);
        const double ms = static_cast<double>(firedAt.load() - bumpedAt.load()) / 1e6;
        qDebug("alarm %.1f ms after the counter moved (sampling every 100 ms)", ms);
        QVERIFY2(ms >= 0 && ms <= 200, qPrintable(QString::number(ms)));
    }
};

QTEST_GUILESS_MAIN(TestAlarms)
#include "tst_alarms.moc"

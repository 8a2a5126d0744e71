// SPDX-License-Identifier: GPL-3.0-or-later
// The pair schedules of many-host tests (core/run/runner.h): all-to-all covers every unordered pair exactly once
// and never puts a host in two tests of one round, for 2..40 hosts; one-to-many runs the hub against each other
// host one at a time; and the data-address choice says what to set when nothing gives an address.
#include "run/runner.h"
#include "testutil.h"

#include <QtTest>

#include <set>

using namespace rp;
using namespace rp::run;

class TestSchedule : public QObject
{
    Q_OBJECT
private slots:
    void allToAll()
    {
        QVERIFY(allToAllRounds(0).empty());
        QVERIFY(allToAllRounds(1).empty());
        for (int n = 2; n <= 40; ++n) {
            auto rounds = allToAllRounds(n);
            QCOMPARE(static_cast<int>(rounds.size()), n % 2 ? n : n - 1);
            std::set<std::pair<int, int>> seen;
            for (const auto& round : rounds) {
                std::set<int> busy;
                for (auto [a, b] : round) {
                    QVERIFY(a < b && a >= 0 && b < n);
                    QVERIFY2(busy.insert(a).second && busy.insert(b).second, "a host in two tests at once");
                    QVERIFY2(seen.insert({ a, b }).second, "a pair twice");
                }
                QCOMPARE(static_cast<int>(round.size()), n / 2); // every round as full as it can be
            }
            QCOMPARE(static_cast<int>(seen.size()), n * (n - 1) / 2);
        }
    }

    void oneToMany()
    {
        auto rounds = oneToManyRounds(2, 5);
        QCOMPARE(rounds.size(), std::size_t { 4 });
        std::set<int> others;
        for (const auto& r : rounds) {
            QCOMPARE(r.size(), std::size_t { 1 });
            QCOMPARE(r[0].first, 2);
            others.insert(r[0].second);
        }
        QCOMPARE(others, (std::set<int> { 0, 1, 3, 4 }));
    }

    void dataAddress()
    {
        PairTest t;
        t.server = HostSpec { .name = "a", .address = "a.example" };
        t.client = HostSpec { .name = "b", .address = "b.example" };
        auto none = chooseDataAddress(t);
        QVERIFY(!none);
        QVERIFY(none.error().message.find("run discovery first") != std::string::npos);
        HostFacts facts;
        facts.recommendations.push_back({ "rxe0", 1, 1, "gid", GidType::RoceV2, "eth0", "198.18.0.1", "" });
        t.serverFacts = facts;
        QCOMPARE(chooseDataAddress(t).value(), std::string("198.18.0.1"));
        t.test.transport = perf::Transport::Tcp; // TCP does not use the GID's address
        QVERIFY(!chooseDataAddress(t));
        t.server.dataAddress = "10.0.0.1";
        QCOMPARE(chooseDataAddress(t).value(), std::string("10.0.0.1"));
        t.dataAddress = "$(id)";
        QVERIFY(!chooseDataAddress(t));
        auto plan = samplerFor(t.server, facts, t.test, "198.18.0.1", 0.1);
        QVERIFY(plan.has_value());
        QCOMPARE(plan->rdmaDevice, std::string("rxe0"));
        QCOMPARE(plan->netdev, std::string("eth0"));
    }
};

QTEST_GUILESS_MAIN(TestSchedule)
#include "tst_schedule.moc"

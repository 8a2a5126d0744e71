// SPDX-License-Identifier: GPL-3.0-or-later
// The fabric page's models over a hand-made round (tests/support/fabricround.h): the host matrix's states, colours,
// text and tooltips per metric, the ToR matrix above 64 hosts, the GID matrix of one pair with its reasons, and the
// findings with their live raise/clear.

#include "itemmodels/fabricfindingmodel.h"
#include "itemmodels/fabricmatrixmodel.h"
#include "itemmodels/gidmatrixmodel.h"

#include "fabricround.h"

#include <QColor>
#include <QTest>

using rp::ui::FabricFindingModel;
using rp::ui::FabricMatrixModel;
using rp::ui::GidMatrixModel;
using State = FabricMatrixModel::CellState;

namespace {

State stateAt(const QAbstractItemModel& m, int row, int column)
{
    return static_cast<State>(m.data(m.index(row, column), FabricMatrixModel::CellStateRole).toInt());
}

QString textAt(const QAbstractItemModel& m, int row, int column, int role = Qt::DisplayRole)
{
    return m.data(m.index(row, column), role).toString();
}

QColor colourAt(const QAbstractItemModel& m, int row, int column)
{
    return m.data(m.index(row, column), Qt::BackgroundRole).value<QColor>();
}

} // namespace

class TestFabricModels : public QObject
{
    Q_OBJECT

private slots:
    void hostMatrixStatesColoursAndLoss()
    {
        const auto round = rp::testdata::smallFabricRound();
        FabricMatrixModel m;
        m.setRound(round.pinglist, round.cells);
        QVERIFY(!m.torView());
        QCOMPARE(m.rowCount(), 3);
        QCOMPARE(m.columnCount(), 3);
        QCOMPARE(m.headerData(2, Qt::Horizontal).toString(), QStringLiteral("lab-c"));
        QCOMPARE(m.headerData(0, Qt::Vertical).toString(), QStringLiteral("lab-a"));
        // lab-a -> lab-b works; lab-a -> lab-c lost its v2 cell: 20 of the 60 probes expected to work.
        QCOMPARE(stateAt(m, 0, 1), State::Ok);
        QCOMPARE(textAt(m, 0, 1), QStringLiteral("0 %"));
        QCOMPARE(stateAt(m, 0, 2), State::Failed);
        QCOMPARE(stateAt(m, 2, 0), State::Failed);
        QCOMPARE(textAt(m, 0, 2), QStringLiteral("33 %"));
        QCOMPARE(colourAt(m, 0, 2), FabricMatrixModel::stateColour(State::Failed));
        QVERIFY(colourAt(m, 0, 2) != colourAt(m, 0, 1));
        // No loopbacks in this round: the diagonal has nothing to show.
        QCOMPARE(stateAt(m, 1, 1), State::NoCells);
        QCOMPARE(textAt(m, 1, 1), QString());
        const QString tip = textAt(m, 0, 2, Qt::ToolTipRole);
        QVERIFY2(tip.contains(QStringLiteral("lab-a → lab-c")), qPrintable(tip));
        QVERIFY2(tip.contains(QStringLiteral("1 failed against expectation")), qPrintable(tip));
        QVERIFY2(tip.contains(QStringLiteral("2 fail by design")), qPrintable(tip));
        QVERIFY2(tip.contains(QStringLiteral("worst: timeout")), qPrintable(tip));
        QCOMPARE(m.data(m.index(0, 2), FabricMatrixModel::FromRole).toString(), QStringLiteral("lab-a"));
        QCOMPARE(m.data(m.index(0, 2), FabricMatrixModel::ToRole).toString(), QStringLiteral("lab-c"));
    }

    void hostMatrixRttScalesTheGreen()
    {
        const auto round = rp::testdata::smallFabricRound();
        FabricMatrixModel m;
        m.setRound(round.pinglist, round.cells);
        m.setMetric(FabricMatrixModel::Metric::RttP99);
        // lab-b -> lab-c is the slow pair (udp p99 100 + 900 us); lab-a -> lab-b's worst p99 is udp's 100 us.
        QCOMPARE(textAt(m, 1, 2), QStringLiteral("1.0 ms"));
        QCOMPARE(textAt(m, 0, 1), QStringLiteral("100 µs"));
        QCOMPARE(colourAt(m, 1, 2), FabricMatrixModel::stateColour(State::Ok, 1.0));
        QCOMPARE(colourAt(m, 0, 1), FabricMatrixModel::stateColour(State::Ok, 0.1));
        QVERIFY(colourAt(m, 1, 2) != colourAt(m, 0, 1));
        // A failed pair stays red whatever the metric.
        QCOMPARE(colourAt(m, 0, 2), FabricMatrixModel::stateColour(State::Failed));
    }

    void lossyPairIsOrangeNotGreen()
    {
        auto round = rp::testdata::smallFabricRound();
        // lab-a -> lab-b's UDP cell answers 14 of 20: 6 of the pair's 60 probes lost, yet no cell failed.
        for (auto& c : round.cells) {
            if (c.from == 2 && c.to == 5)
                c.received = 14;
        }
        FabricMatrixModel m;
        m.setRound(round.pinglist, round.cells);
        QCOMPARE(stateAt(m, 0, 1), State::Lossy);
        QCOMPARE(textAt(m, 0, 1), QStringLiteral("10 %"));
        QCOMPARE(colourAt(m, 0, 1), FabricMatrixModel::stateColour(State::Lossy));
        QVERIFY(colourAt(m, 0, 1) != FabricMatrixModel::stateColour(State::Ok, 1.0));
        QVERIFY(textAt(m, 0, 1, Qt::ToolTipRole).contains(QStringLiteral("more than 5 % of the probes are lost")));
        // One lost probe of the pair's 60 (1.7 %) is noise: still green.
        for (auto& c : round.cells) {
            if (c.from == 2 && c.to == 5)
                c.received = 19;
        }
        m.setRound(round.pinglist, round.cells);
        QCOMPARE(stateAt(m, 0, 1), State::Ok);

        // One lost probe of a 20-probe GID cell (5 %) is noise too; six lost is not.
        GidMatrixModel g;
        g.setPair(round.pinglist, round.cells, QStringLiteral("lab-a"), QStringLiteral("lab-b"));
        QCOMPARE(stateAt(g, 2, 2), State::Ok);
        QCOMPARE(textAt(g, 2, 2), QStringLiteral("50 µs 19/20"));
        for (auto& c : round.cells) {
            if (c.from == 2 && c.to == 5)
                c.received = 14;
        }
        g.setPair(round.pinglist, round.cells, QStringLiteral("lab-a"), QStringLiteral("lab-b"));
        QCOMPARE(stateAt(g, 2, 2), State::Lossy);
        QCOMPARE(textAt(g, 2, 2), QStringLiteral("50 µs 14/20"));
        QCOMPARE(stateAt(g, 1, 1), State::Ok);
    }

    void hostMatrixGreysPairsThatFailByDesign()
    {
        auto round = rp::testdata::smallFabricRound();
        std::erase_if(round.cells, [](const rp::fabric::CellResult& c) { return !c.expected; });
        FabricMatrixModel m;
        m.setRound(round.pinglist, round.cells);
        QCOMPARE(stateAt(m, 0, 1), State::ExpectedBad);
        QCOMPARE(textAt(m, 0, 1), QStringLiteral("~"));
        QCOMPARE(colourAt(m, 0, 1), FabricMatrixModel::stateColour(State::ExpectedBad));
        QVERIFY(colourAt(m, 0, 1) != FabricMatrixModel::stateColour(State::Failed));
        const QString tip = textAt(m, 0, 1, Qt::ToolTipRole);
        QVERIFY2(tip.contains(FabricMatrixModel::expectedWhy(rp::fabric::Reason::RoceVersion)), qPrintable(tip));
    }

    void highlightMarksTheFindingsHostRowAndColumn()
    {
        const auto round = rp::testdata::smallFabricRound();
        FabricMatrixModel m;
        m.setRound(round.pinglist, round.cells);
        m.setHighlightedHosts({ QStringLiteral("lab-c") });
        QVERIFY(m.isHighlighted(2));
        QVERIFY(!m.isHighlighted(0));
        QVERIFY(m.data(m.index(0, 2), FabricMatrixModel::HighlightRole).toBool());
        QVERIFY(m.data(m.index(2, 1), FabricMatrixModel::HighlightRole).toBool());
        QVERIFY(!m.data(m.index(0, 1), FabricMatrixModel::HighlightRole).toBool());
        // It survives a new round of the same hosts.
        m.setRound(round.pinglist, round.cells);
        QVERIFY(m.isHighlighted(2));
    }

    void torMatrixAbove64Hosts()
    {
        FabricMatrixModel m;
        const auto wide = rp::testdata::wideFabricRound(70, 10);
        m.setRound(wide.pinglist, wide.cells);
        QVERIFY(m.torView());
        QCOMPARE(m.rowCount(), 7);
        QCOMPARE(m.headerData(0, Qt::Vertical).toString(), QStringLiteral("t0"));
        QCOMPARE(m.headerData(6, Qt::Horizontal).toString(), QStringLiteral("t6"));
        // h000's cells (to h001 and h002, both under t0) time out; t1 -> t1 works; t6's last host reaches t0.
        QCOMPARE(stateAt(m, 0, 0), State::Failed);
        QCOMPARE(stateAt(m, 1, 1), State::Ok);
        QCOMPARE(stateAt(m, 6, 0), State::Ok);
        QCOMPARE(stateAt(m, 0, 3), State::NoCells);
        // A finding on h005 marks its ToR.
        m.setHighlightedHosts({ QStringLiteral("h005") });
        QVERIFY(m.isHighlighted(0));
        QVERIFY(!m.isHighlighted(1));

        const auto exact = rp::testdata::wideFabricRound(64, 8);
        m.setRound(exact.pinglist, exact.cells);
        QVERIFY(!m.torView());
        QCOMPARE(m.rowCount(), 64);
        QCOMPARE(stateAt(m, 0, 1), State::Failed);
        QCOMPARE(stateAt(m, 1, 2), State::Ok);
    }

    void gidMatrixOfOnePair()
    {
        const auto round = rp::testdata::smallFabricRound();
        GidMatrixModel m;
        m.setPair(round.pinglist, round.cells, QStringLiteral("lab-a"), QStringLiteral("lab-c"));
        QCOMPARE(m.rowCount(), 3);
        QCOMPARE(m.columnCount(), 3);
        QCOMPARE(m.headerData(0, Qt::Vertical).toString(), QStringLiteral("rxe0/1#0 v1 198.18.0.1"));
        QCOMPARE(m.headerData(1, Qt::Horizontal).toString(), QStringLiteral("rxe0/1#1 v2 198.18.0.3"));
        QCOMPARE(m.headerData(2, Qt::Horizontal).toString(), QStringLiteral("UDP 198.18.0.3"));
        // v1 -> v2: by design, grey, and the tooltip says why.
        QCOMPARE(stateAt(m, 0, 1), State::ExpectedBad);
        QCOMPARE(textAt(m, 0, 1), QStringLiteral("~RoCE version"));
        QCOMPARE(colourAt(m, 0, 1), FabricMatrixModel::stateColour(State::ExpectedBad));
        QVERIFY(
            textAt(m, 0, 1, Qt::ToolTipRole).contains(FabricMatrixModel::expectedWhy(rp::fabric::Reason::RoceVersion)));
        QCOMPARE(textAt(m, 0, 1, GidMatrixModel::ReasonRole), QStringLiteral("roce-version"));
        // v2 -> v2 timed out: red, with its count.
        QCOMPARE(stateAt(m, 1, 1), State::Failed);
        QCOMPARE(textAt(m, 1, 1), QStringLiteral("timeout 0/20"));
        QCOMPARE(textAt(m, 1, 1, GidMatrixModel::ReasonRole), QStringLiteral("timeout"));
        QVERIFY(textAt(m, 1, 1, Qt::ToolTipRole).contains(QStringLiteral("0 of 20 probes answered")));
        // UDP works with its RTT p50; UDP -> a GID was never planned.
        QCOMPARE(stateAt(m, 2, 2), State::Ok);
        QCOMPARE(textAt(m, 2, 2), QStringLiteral("50 µs"));
        QVERIFY(textAt(m, 2, 2, Qt::ToolTipRole).contains(QStringLiteral("RTT p50 50 µs, p99 100 µs")));
        QCOMPARE(stateAt(m, 2, 0), State::NoCells);

        m.setPair(round.pinglist, round.cells, QStringLiteral("lab-b"), QStringLiteral("nowhere"));
        QCOMPARE(m.rowCount(), 3);
        QCOMPARE(m.columnCount(), 0);
    }

    void findingsRaiseUpdateAndClear()
    {
        const auto round = rp::testdata::smallFabricRound();
        FabricFindingModel m;
        m.setFindings(round.summary.findings);
        QCOMPARE(m.rowCount(), 1);
        QCOMPARE(textAt(m, 0, FabricFindingModel::Element), QStringLiteral("lab-c:rxe0/1"));
        QCOMPARE(textAt(m, 0, FabricFindingModel::Class), QStringLiteral("host NIC"));
        QCOMPARE(textAt(m, 0, FabricFindingModel::Confidence), QStringLiteral("80 %"));
        QCOMPARE(
            textAt(m, 0, FabricFindingModel::Title), QStringLiteral("The RoCE port lab-c:rxe0/1 passes no traffic"));
        QCOMPARE(m.data(m.index(0, 0), FabricFindingModel::HostsRole).toStringList(),
            QStringList { QStringLiteral("lab-c") });
        QCOMPARE(textAt(m, 0, 0, FabricFindingModel::SeverityRole), QStringLiteral("error"));
        const QString html = m.detailHtml(0);
        QVERIFY2(html.contains(QStringLiteral("ibv_devinfo -d rxe0")), qPrintable(html));
        QVERIFY2(html.contains(QStringLiteral("lab-c&lt;-&gt;leaf2 (20 %)")), qPrintable(html));
        QVERIFY2(html.contains(QStringLiteral("0 of 20 answered")), qPrintable(html));
        QVERIFY(m.detailHtml(1).isEmpty());

        auto f = round.summary.findings.front();
        f.confidence = 0.9;
        m.raise(f);
        QCOMPARE(m.rowCount(), 1);
        QCOMPARE(textAt(m, 0, FabricFindingModel::Confidence), QStringLiteral("90 %"));
        auto other = f;
        other.element = { rp::fabric::ElementKind::Tor, "leaf2" };
        other.klass = rp::fabric::ElementKind::Tor;
        m.raise(other);
        QCOMPARE(m.rowCount(), 2);
        QCOMPARE(textAt(m, 1, FabricFindingModel::Class), QStringLiteral("ToR switch"));
        m.clearFinding(QString::fromStdString(f.id()));
        QCOMPARE(m.rowCount(), 1);
        QCOMPARE(textAt(m, 0, FabricFindingModel::Element), QStringLiteral("leaf2"));
        m.clearFinding(QStringLiteral("no-such-id"));
        QCOMPARE(m.rowCount(), 1);
    }
};

QTEST_MAIN(TestFabricModels)
#include "tst_fabricmodels.moc"

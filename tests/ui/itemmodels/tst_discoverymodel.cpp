// SPDX-License-Identifier: GPL-3.0-or-later
#include "itemmodels/discoverymodel.h"

#include "guitestdata.h"

#include <QAbstractItemModelTester>
#include <QBrush>
#include <QFont>
#include <QSignalSpy>
#include <QTest>

#include <filesystem>

using rp::ui::DiscoveryFilterModel;
using rp::ui::DiscoveryModel;
using Kind = DiscoveryModel::NodeKind;

class TestDiscoveryModel final : public QObject
{
    Q_OBJECT

private:
    static int kind(const QModelIndex& i) { return i.data(DiscoveryModel::NodeKindRole).toInt(); }

private slots:
    void treeShape()
    {
        DiscoveryModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::Fatal);
        model.setOutcomes({ guitest::mlxHost(), guitest::iwarpHost(), guitest::unreachableHost() });
        QCOMPARE(model.rowCount(), 3);
        QCOMPARE(model.columnCount(), int(DiscoveryModel::ColumnCount));

        const QModelIndex host = model.hostIndex(QStringLiteral("node-a"));
        QVERIFY(host.isValid());
        QCOMPARE(kind(host), int(Kind::Host));
        QCOMPARE(host.data(DiscoveryModel::HostStateRole).toString(), QStringLiteral("ok"));
        // Note first, then the device.
        QCOMPARE(model.rowCount(host), 2);
        const QModelIndex note = model.index(0, 0, host);
        QCOMPARE(kind(note), int(Kind::Note));
        QVERIFY(note.data().toString().contains(QStringLiteral("port 2 is DOWN")));
        QVERIFY(note.data(DiscoveryModel::FirstColumnSpannedRole).toBool());

        const QModelIndex dev = model.index(1, 0, host);
        QCOMPARE(kind(dev), int(Kind::Device));
        QCOMPARE(dev.data().toString(), QStringLiteral("mlx5_0"));
        QCOMPARE(dev.siblingAtColumn(DiscoveryModel::Type).data().toString(), QStringLiteral("RoCE"));
        QCOMPARE(model.rowCount(dev), 2);
        const QModelIndex port = model.index(0, 0, dev);
        QCOMPARE(kind(port), int(Kind::Port));
        QCOMPARE(port.siblingAtColumn(DiscoveryModel::Netdev).data().toString(), QStringLiteral("ens1f0np0"));
        QCOMPARE(model.rowCount(port), 6);
        const QModelIndex vlanGid = model.index(5, 0, port);
        QCOMPARE(kind(vlanGid), int(Kind::Gid));
        QCOMPARE(vlanGid.siblingAtColumn(DiscoveryModel::Index).data().toString(), QStringLiteral("5"));
        QCOMPARE(vlanGid.siblingAtColumn(DiscoveryModel::Vlan).data().toString(), QStringLiteral("5"));
        QCOMPARE(vlanGid.siblingAtColumn(DiscoveryModel::Address).data().toString(), QStringLiteral("198.18.5.11"));
        QCOMPARE(vlanGid.siblingAtColumn(DiscoveryModel::Type).data().toString(), QStringLiteral("RoCE v2"));
        QVERIFY(model.index(0, DiscoveryModel::State, port).data().toString().contains(QStringLiteral("link-local")));

        // The failed host shows its state and the error in place of devices.
        const QModelIndex dead = model.hostIndex(QStringLiteral("node-dead"));
        QCOMPARE(dead.data(DiscoveryModel::HostStateRole).toString(), QStringLiteral("unreachable"));
        QVERIFY(!dead.siblingAtColumn(DiscoveryModel::State).data().toString().isEmpty());
        QCOMPARE(model.rowCount(dead), 1);
        const QModelIndex err = model.index(0, 0, dead);
        QCOMPARE(kind(err), int(Kind::Error));
        QVERIFY(err.data().toString().contains(QStringLiteral("No route to host")));
        QVERIFY(err.data().toString().contains(QStringLiteral("198.18.0.99:22")));

        // iWARP devices say they need no DCB/PFC, once, under the device.
        QCOMPARE(model.rowCount(model.hostIndex(QStringLiteral("node-iw"))), 1);
        const QModelIndex iw = model.index(0, 0, model.hostIndex(QStringLiteral("node-iw")));
        QCOMPARE(iw.siblingAtColumn(DiscoveryModel::Type).data().toString(), QStringLiteral("iWARP"));
        const QModelIndex iwNote = model.index(0, 0, iw);
        QCOMPARE(kind(iwNote), int(Kind::Note));
        QVERIFY(iwNote.data().toString().contains(QStringLiteral("DCB/PFC")));
        QCOMPARE(model.outcomes().size(), std::size_t(3));
    }

    void recommendationHighlighted()
    {
        DiscoveryModel model;
        model.setOutcomes({ guitest::mlxHost() });
        QCOMPARE(guitest::count(&model, DiscoveryModel::RecommendedRole, true), 1);
        const QModelIndex rec = guitest::find(&model, DiscoveryModel::RecommendedRole, true);
        QVERIFY(rec.isValid());
        QCOMPARE(rec.siblingAtColumn(DiscoveryModel::Index).data().toString(), QStringLiteral("3"));
        for (int c = 0; c < DiscoveryModel::ColumnCount; ++c) {
            const QModelIndex cell = rec.siblingAtColumn(c);
            QVERIFY(cell.data(Qt::FontRole).value<QFont>().bold());
            QVERIFY(cell.data(Qt::BackgroundRole).value<QBrush>().style() != Qt::NoBrush);
            QVERIFY(cell.data(Qt::ToolTipRole).toString().contains(QStringLiteral("RoCE v2 with IPv4 198.18.0.11")));
        }
        QCOMPARE(rec.data(DiscoveryModel::ReasonRole).toString(),
            QStringLiteral("RoCE v2 with IPv4 198.18.0.11 on ens1f0np0"));
        QVERIFY(rec.data(DiscoveryModel::DetailRole).toString().contains(QStringLiteral("RoCE v2 with IPv4")));
        QVERIFY(rec.siblingAtColumn(DiscoveryModel::State).data().toString().contains(QStringLiteral("recommended")));

        // The same address as RoCE v1 (index 2) is not highlighted.
        const QModelIndex v1 = rec.sibling(2, 0);
        QVERIFY(!v1.data(DiscoveryModel::RecommendedRole).toBool());
        QVERIFY(!v1.data(Qt::FontRole).isValid());
        QVERIFY(!v1.data(Qt::BackgroundRole).isValid());
    }

    void mergeInPlace()
    {
        DiscoveryModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::Fatal);
        rp::HostSpec a = guitest::mlxHost().spec;
        rp::HostSpec d = guitest::unreachableHost().spec;
        model.setPendingHosts({ a, d });
        QCOMPARE(model.rowCount(), 2);
        QVERIFY(model.hostIndex(QStringLiteral("node-a")).data(DiscoveryModel::HostStateRole).toString().isEmpty());
        QVERIFY(!model.outcome(QStringLiteral("node-a")));

        QSignalSpy reset(&model, &QAbstractItemModel::modelReset);
        QSignalSpy inserted(&model, &QAbstractItemModel::rowsInserted);
        const QPersistentModelIndex deadRow = model.hostIndex(QStringLiteral("node-dead"));
        model.updateHost(guitest::mlxHost());
        QCOMPARE(reset.count(), 0);
        QCOMPARE(inserted.count(), 1);
        QVERIFY(deadRow.isValid());
        QCOMPARE(deadRow.row(), 1);
        QVERIFY(model.outcome(QStringLiteral("node-a")));

        // A second result for the same host replaces its children.
        rp::HostOutcome again = guitest::mlxHost();
        again.facts->notes.clear();
        model.updateHost(again);
        QCOMPARE(model.rowCount(model.hostIndex(QStringLiteral("node-a"))), 1);

        model.markPending(QStringLiteral("cancelled"));
        QCOMPARE(model.hostIndex(QStringLiteral("node-dead")).siblingAtColumn(DiscoveryModel::State).data().toString(),
            QStringLiteral("cancelled"));
        model.updateHost(guitest::unreachableHost());
        model.updateHost(guitest::iwarpHost()); // not pending: appended
        QCOMPARE(model.rowCount(), 3);
        QCOMPARE(reset.count(), 0);
        model.clear();
        QCOMPARE(model.rowCount(), 0);
    }

    void proxySortAndFilter()
    {
        DiscoveryModel model;
        model.setOutcomes({ guitest::mlxHost(), guitest::iwarpHost(), guitest::unreachableHost() });
        DiscoveryFilterModel proxy;
        proxy.setSourceModel(&model);
        QAbstractItemModelTester tester(&proxy, QAbstractItemModelTester::FailureReportingMode::Fatal);

        // Filtering keeps the ancestors of a match (recursive filtering).
        proxy.setFilterFixedString(QStringLiteral("198.18.5.11"));
        QCOMPARE(proxy.rowCount(), 1);
        const QModelIndex host = proxy.index(0, 0);
        QCOMPARE(host.data().toString(), QStringLiteral("node-a"));
        QCOMPARE(proxy.rowCount(host), 1);
        const QModelIndex dev = proxy.index(0, 0, host);
        const QModelIndex port = proxy.index(0, 0, dev);
        QCOMPARE(proxy.rowCount(port), 2); // the v1 and v2 GID of that address
        QCOMPARE(guitest::count(&proxy, DiscoveryModel::RecommendedRole, true), 0);

        proxy.setFilterFixedString(QStringLiteral("IRDMA"));
        QCOMPARE(proxy.rowCount(), 1);
        QCOMPARE(proxy.index(0, 0).data().toString(), QStringLiteral("node-iw"));

        proxy.setFilterFixedString(QStringLiteral("no such thing"));
        QCOMPARE(proxy.rowCount(), 0);
        proxy.setFilterFixedString(QString());
        QCOMPARE(proxy.rowCount(), 3);

        // Index sorts numerically; notes stay above devices in both orders.
        proxy.sort(DiscoveryModel::Index, Qt::DescendingOrder);
        const QModelIndex a = proxy.index(0, 0); // node-a/node-iw/node-dead all have empty index: stable
        QVERIFY(a.isValid());
        const QModelIndex aHost = guitest::find(&proxy, DiscoveryModel::HostNameRole, QStringLiteral("node-a"));
        QCOMPARE(proxy.index(0, 0, aHost).data(DiscoveryModel::NodeKindRole).toInt(), int(Kind::Note));
        const QModelIndex p1 = proxy.index(0, 0, proxy.index(1, 0, aHost));
        QCOMPARE(p1.data().toString(), QStringLiteral("Port 2"));
        proxy.sort(DiscoveryModel::Index, Qt::AscendingOrder);
        const QModelIndex port1 = proxy.index(0, 0, proxy.index(1, 0, aHost));
        QCOMPARE(proxy.rowCount(port1), 6);
        QCOMPARE(proxy.index(5, DiscoveryModel::Index, port1).data().toString(), QStringLiteral("5"));
        proxy.sort(DiscoveryModel::Name, Qt::AscendingOrder);
        QCOMPARE(proxy.index(0, 0).data().toString(), QStringLiteral("node-a"));
        QCOMPARE(proxy.index(2, 0).data().toString(), QStringLiteral("node-iw"));
    }

    void fromFixtureTree()
    {
        const std::string root = RP_FIXTURES_DIR "/sysfs/mlx5-dual";
        QVERIFY2(std::filesystem::exists(root), "fixture tree missing: tests/fixtures/sysfs/mlx5-dual");
        auto facts = rp::discoverTree(root, {});
        QVERIFY2(facts.has_value(), facts ? "" : facts.error().describe().c_str());
        rp::HostOutcome o;
        o.spec.name = "recorded";
        o.spec.local = true;
        o.state = rp::HostState::Ok;
        o.facts = *facts;
        DiscoveryModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::Fatal);
        model.setOutcomes({ o });
        QVERIFY(guitest::count(&model, DiscoveryModel::NodeKindRole, int(Kind::Device)) >= 1);
        QVERIFY(guitest::count(&model, DiscoveryModel::NodeKindRole, int(Kind::Gid)) >= 1);
        QCOMPARE(guitest::count(&model, DiscoveryModel::RecommendedRole, true), int(facts->recommendations.size()));
        DiscoveryFilterModel proxy;
        proxy.setSourceModel(&model);
        QAbstractItemModelTester proxyTester(&proxy, QAbstractItemModelTester::FailureReportingMode::Fatal);
        proxy.setFilterFixedString(QStringLiteral("RoCE v2"));
        QVERIFY(guitest::count(&proxy, DiscoveryModel::NodeKindRole, int(Kind::Gid)) >= 1);
    }
};

QTEST_MAIN(TestDiscoveryModel)
#include "tst_discoverymodel.moc"

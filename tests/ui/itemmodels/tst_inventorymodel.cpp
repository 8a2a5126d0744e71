// SPDX-License-Identifier: GPL-3.0-or-later
#include "itemmodels/inventorymodel.h"

#include <QAbstractItemModelTester>
#include <QSignalSpy>
#include <QTest>

using rp::ui::InventoryModel;

class TestInventoryModel final : public QObject
{
    Q_OBJECT

private:
    static std::vector<rp::HostSpec> sampleHosts()
    {
        rp::HostSpec a;
        a.name = "node-a";
        a.address = "198.18.0.11";
        a.user = "admin";
        a.auth = rp::AuthMethod::KeyFile;
        a.keyFile = "/home/admin/.ssh/id_ed25519";
        a.kind = rp::HostKind::LinuxNvidia;
        rp::HostSpec b;
        b.name = "node-b";
        b.address = "node-b.lab";
        b.port = 2222;
        b.auth = rp::AuthMethod::Password;
        rp::HostSpec local;
        local.name = "localhost";
        local.address = "localhost";
        local.local = true;
        return { a, b, local };
    }

private slots:
    void testerOverEdits()
    {
        InventoryModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::Fatal);
        QSignalSpy changed(&model, &InventoryModel::hostsChanged);

        model.setHosts(sampleHosts());
        QCOMPARE(model.rowCount(), 3);
        QCOMPARE(model.columnCount(), int(InventoryModel::ColumnCount));

        rp::HostSpec extra;
        extra.name = "node-c";
        extra.address = "198.18.0.13";
        model.addHost(extra);
        QCOMPARE(model.rowCount(), 4);
        QCOMPARE(model.rowOf(QStringLiteral("node-c")), 3);

        extra.port = 2200;
        model.setHost(3, extra);
        QCOMPARE(model.index(3, InventoryModel::Port).data().toInt(), 2200);

        model.removeHosts({ 0, 2, 2 });
        QCOMPARE(model.hostNames(), (QStringList { QStringLiteral("node-b"), QStringLiteral("node-c") }));
        model.removeHosts({ 7 }); // out of range: ignored
        QCOMPARE(model.rowCount(), 2);
        QCOMPARE(changed.count(), 4);
    }

    void displayAndRoles()
    {
        InventoryModel model;
        model.setHosts(sampleHosts());
        QCOMPARE(model.index(0, InventoryModel::Name).data().toString(), QStringLiteral("node-a"));
        QCOMPARE(model.index(0, InventoryModel::Address).data().toString(), QStringLiteral("198.18.0.11"));
        QCOMPARE(model.index(0, InventoryModel::Port).data().toInt(), 22);
        QCOMPARE(model.index(0, InventoryModel::User).data().toString(), QStringLiteral("admin"));
        QCOMPARE(
            model.index(0, InventoryModel::Auth).data().toString(), InventoryModel::authText(rp::AuthMethod::KeyFile));
        QCOMPARE(model.index(0, InventoryModel::Auth).data(Qt::ToolTipRole).toString(),
            QStringLiteral("/home/admin/.ssh/id_ed25519"));
        QCOMPARE(model.index(0, InventoryModel::Kind).data().toString(),
            InventoryModel::kindText(rp::HostKind::LinuxNvidia));
        QCOMPARE(model.index(1, InventoryModel::Port).data().toInt(), 2222);
        QCOMPARE(
            model.index(1, InventoryModel::Auth).data().toString(), InventoryModel::authText(rp::AuthMethod::Password));
        // Local hosts have no port/user: SSH settings do not apply.
        QVERIFY(!model.index(2, InventoryModel::Port).data().isValid());
        QVERIFY(!model.index(2, InventoryModel::User).data().isValid());
        QVERIFY(model.index(2, InventoryModel::Name).data(InventoryModel::LocalRole).toBool());
        QCOMPARE(model.index(2, InventoryModel::Kind).data(InventoryModel::HostNameRole).toString(),
            QStringLiteral("localhost"));
        for (int c = 0; c < InventoryModel::ColumnCount; ++c)
            QVERIFY(!model.headerData(c, Qt::Horizontal).toString().isEmpty());
    }

    void connectionStates()
    {
        InventoryModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::Fatal);
        model.setHosts(sampleHosts());
        QSignalSpy dataChanged(&model, &QAbstractItemModel::dataChanged);

        model.setConnectionState(QStringLiteral("node-b"), InventoryModel::ConnectionState::Failed,
            QStringLiteral("node-b: 198.18.0.12:22: connect: No route to host"));
        QCOMPARE(dataChanged.count(), 1);
        const QModelIndex name = model.index(1, InventoryModel::Name);
        QCOMPARE(name.data(InventoryModel::ConnectionStateRole).toInt(), int(InventoryModel::ConnectionState::Failed));
        QVERIFY(name.data(Qt::ToolTipRole).toString().contains(QStringLiteral("No route to host")));
        QVERIFY(!name.data(Qt::DecorationRole).value<QIcon>().isNull());

        model.setConnectionState(QStringLiteral("nobody"), InventoryModel::ConnectionState::Ok); // unknown: ignored
        QCOMPARE(dataChanged.count(), 1);

        // Editing a host forgets its old result.
        rp::HostSpec edited = model.host(1);
        edited.port = 22;
        model.setHost(1, edited);
        QCOMPARE(model.connectionState(QStringLiteral("node-b")), InventoryModel::ConnectionState::Untested);

        model.setConnectionState(QStringLiteral("node-a"), InventoryModel::ConnectionState::Ok, QStringLiteral("ok"));
        model.clearConnectionStates();
        QCOMPARE(model.connectionState(QStringLiteral("node-a")), InventoryModel::ConnectionState::Untested);
    }
};

QTEST_MAIN(TestInventoryModel)
#include "tst_inventorymodel.moc"

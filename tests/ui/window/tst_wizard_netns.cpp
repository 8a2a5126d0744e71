// SPDX-License-Identifier: GPL-3.0-or-later
// The wizard against real OpenSSH hosts of the netns lab (tests/support/netns-hosts.sh, dir in RP_NETNS_DIR):
// Hosts -> Discover on five hosts; an unknown host key asked from the discovery worker through HostKeyDialog
// (refused, then accepted and saved); a password host with the right and with a wrong password.
#include "dialogs/hostkeydialog.h"
#include "itemmodels/discoverymodel.h"
#include "itemmodels/inventorymodel.h"
#include "pages/discoverpage.h"
#include "pages/hostspage.h"
#include "pages/welcomepage.h"
#include "window/wizard.h"
#include "workers/connectprompter.h"

#include "guitestdata.h"
#include "netnslab.h"
#include "testutil.h"

#include <QApplication>
#include <QFile>
#include <QInputDialog>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>
#include <QTimer>
#include <QTreeView>

#include <filesystem>
#include <functional>

using rp::ui::DiscoveryModel;
using rp::ui::InventoryModel;
using rp::ui::Wizard;
namespace lab = rp::lab;

using rp::test::q;

namespace {

/// Answers every modal dialog of type T that shows up while it lives (polled, so it also works while the
/// dialog runs its own event loop, started from a worker's blocking hop to the GUI thread).
template <class T> class DialogAnswerer
{
public:
    explicit DialogAnswerer(std::function<void(T*)> answer)
    {
        QObject::connect(&m_timer, &QTimer::timeout, &m_timer, [this, answer = std::move(answer)] {
            if (auto* d = qobject_cast<T*>(QApplication::activeModalWidget()); d && d != m_last) {
                m_last = d;
                ++m_count;
                answer(d);
            }
        });
        m_timer.start(20);
    }
    int count() const { return m_count; }

private:
    QTimer m_timer;
    T* m_last = nullptr;
    int m_count = 0;
};

/// The Discover page of `w` after entering it from the Hosts page; returns once the run finished.
bool discover(Wizard& w)
{
    QSignalSpy finished(w.discoverPage(), &rp::ui::DiscoverPage::discoveryFinished);
    if (w.currentId() == Wizard::DiscoverPageId) {
        w.discoverPage()->startDiscovery();
    } else {
        w.welcomePage()->setGoal(rp::ui::WelcomePage::Goal::Troubleshoot);
        if (!w.advanceTo(Wizard::DiscoverPageId))
            return false;
    }
    return QTest::qWaitFor([&] { return finished.count() >= 1; }, 120000);
}

QString hostState(Wizard& w, const QString& host)
{
    return w.discoverPage()->model()->hostIndex(host).data(DiscoveryModel::HostStateRole).toString();
}

/// Column-0 texts of the direct children of `host`'s row (error and note rows).
QStringList childTexts(Wizard& w, const QString& host)
{
    const DiscoveryModel* model = w.discoverPage()->model();
    const QModelIndex row = model->hostIndex(host);
    QStringList texts;
    for (int i = 0; i < model->rowCount(row); ++i)
        texts << model->index(i, 0, row).data().toString();
    return texts;
}

} // namespace

class TestWizardNetns final : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_config;

    static rp::Inventory labInventory(int count)
    {
        auto loaded = rp::loadInventory(lab::dir() + "/inventory.yaml");
        if (!loaded)
            qFatal("%s", loaded.error().describe().c_str());
        loaded->hosts.resize(static_cast<std::size_t>(count));
        return *loaded;
    }

private slots:
    void initTestCase()
    {
        QVERIFY(m_config.isValid());
        qputenv("XDG_CONFIG_HOME", m_config.path().toUtf8());
        QVERIFY2(!lab::dir().empty() && std::filesystem::exists(lab::dir() + "/inventory.yaml"),
            "the netns lab is not up: run through ctest (fixture netns) as root, RP_NETNS_DIR names its dir");
    }

    void hostsThenDiscoverFiveHosts()
    {
        Wizard w;
        w.resize(1100, 700);
        w.show();
        QString error;
        QVERIFY2(w.loadProject(q(lab::dir() + "/inventory.yaml"), &error), qPrintable(error));
        QCOMPARE(w.inventoryModel()->rowCount(), 20);
        QList<int> extra;
        for (int row = 5; row < 20; ++row)
            extra << row;
        w.inventoryModel()->removeHosts(extra);
        QCOMPARE(w.inventoryModel()->rowCount(), 5);

        // Hosts page: the connection test logs in to every host.
        w.welcomePage()->setGoal(rp::ui::WelcomePage::Goal::Troubleshoot);
        QVERIFY(w.advanceTo(Wizard::HostsPageId));
        QSignalSpy tested(w.hostsPage(), &rp::ui::HostsPage::connectionTestFinished);
        w.hostsPage()->testConnections({ 0, 1, 2, 3, 4 });
        QTRY_COMPARE_WITH_TIMEOUT(tested.count(), 1, 60000);
        for (int i = 1; i <= 5; ++i) {
            const QString host = QStringLiteral("h%1").arg(i);
            QCOMPARE(int(w.inventoryModel()->connectionState(host)), int(InventoryModel::ConnectionState::Ok));
        }

        // Discover page: every host OK, with its hostname, eth0 and the "no RDMA devices" note.
        QVERIFY(discover(w));
        const DiscoveryModel* model = w.discoverPage()->model();
        QCOMPARE(model->rowCount(), 5);
        for (int i = 1; i <= 5; ++i) {
            const QString host = QStringLiteral("h%1").arg(i);
            QCOMPARE(hostState(w, host), QStringLiteral("ok"));
            const QModelIndex row = model->hostIndex(host);
            QCOMPARE(row.data().toString(), host);
            QCOMPARE(row.siblingAtColumn(DiscoveryModel::Address).data().toString(), q(lab::address(i)));
            QCOMPARE(row.siblingAtColumn(DiscoveryModel::State).data().toString(), QStringLiteral("OK"));
            const QString detail = row.data(DiscoveryModel::DetailRole).toString();
            QVERIFY2(detail.contains(QStringLiteral("Host name: h%1").arg(i)), qPrintable(detail));
            QVERIFY2(detail.contains(QStringLiteral("eth0 (")), qPrintable(detail));
            QVERIFY2(detail.contains(q(lab::cidr(i))), qPrintable(detail));
            QVERIFY2(detail.contains(QStringLiteral("MTU ")), qPrintable(detail));
            const QStringList children = childTexts(w, host);
            QVERIFY2(children.join(QLatin1Char('\n')).contains(QStringLiteral("no RDMA devices")),
                qPrintable(children.join(QLatin1Char('\n'))));
            QVERIFY(
                guitest::count(model, DiscoveryModel::NodeKindRole, int(DiscoveryModel::NodeKind::Device), row) == 0);
            QVERIFY(
                guitest::count(model, DiscoveryModel::NodeKindRole, int(DiscoveryModel::NodeKind::Error), row) == 0);
        }
    }

    void unknownHostKeyRefusedThenAccepted()
    {
        // A fresh, empty known_hosts for the project: h6's key is unknown and must be asked for.
        QTemporaryDir tmp;
        const QString knownHosts = tmp.filePath(QStringLiteral("known_hosts"));
        {
            QFile f(knownHosts);
            QVERIFY(f.open(QIODevice::WriteOnly));
        }
        rp::Inventory inv;
        inv.hosts = { lab::host(6) };
        inv.knownHostsFile = knownHosts.toStdString();
        Wizard w;
        w.setInventory(inv);
        w.show();

        // What OpenSSH itself says about the key h6's sshd serves.
        const std::string pub = lab::dir() + "/lab/keys/h6.pub";
        const QStringList keygen = q(lab::sh("ssh-keygen -lf '" + pub + "'")).split(QLatin1Char(' '));
        QVERIFY2(keygen.size() >= 2 && keygen[1].startsWith(QStringLiteral("SHA256:")),
            qPrintable(keygen.join(QLatin1Char(' '))));
        const QString expected = keygen[1];
        const QString keyBlob = q(lab::readFile(pub)).split(QLatin1Char(' ')).value(1);
        QVERIFY(!keyBlob.isEmpty());

        QString shown;
        bool fromWorker = false;
        {
            DialogAnswerer<rp::ui::HostKeyDialog> refuse([&](rp::ui::HostKeyDialog* d) {
                shown = d->findChild<QLabel*>(QStringLiteral("fingerprint"))->text();
                fromWorker = w.discoverPage()->isRunning(); // asked while the worker waits
                d->refuseButton()->click();
            });
            QVERIFY(discover(w));
            QCOMPARE(refuse.count(), 1);
        }
        QCOMPARE(shown, expected);
        QVERIFY(fromWorker);
        QCOMPARE(hostState(w, QStringLiteral("h6")), QStringLiteral("host-key-unknown"));
        QVERIFY(childTexts(w, QStringLiteral("h6")).join(QLatin1Char('\n')).contains(QStringLiteral("host key")));
        QVERIFY(!q(lab::readFile(knownHosts.toStdString())).contains(keyBlob));

        // Again, accepting it: the host is read and the key lands in the project's known_hosts.
        {
            DialogAnswerer<rp::ui::HostKeyDialog> accept([&](rp::ui::HostKeyDialog* d) {
                shown = d->findChild<QLabel*>(QStringLiteral("fingerprint"))->text();
                d->acceptButton()->click();
            });
            auto* button = w.discoverPage()->findChild<QPushButton*>(QStringLiteral("discoverButton"));
            QVERIFY(button && button->isEnabled());
            QSignalSpy finished(w.discoverPage(), &rp::ui::DiscoverPage::discoveryFinished);
            QTest::mouseClick(button, Qt::LeftButton);
            QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 120000);
            QCOMPARE(accept.count(), 1);
        }
        QCOMPARE(shown, expected);
        QCOMPARE(hostState(w, QStringLiteral("h6")), QStringLiteral("ok"));
        QVERIFY(q(lab::readFile(knownHosts.toStdString())).contains(keyBlob));

        // Now known: a third run asks nothing.
        DialogAnswerer<rp::ui::HostKeyDialog> none([](rp::ui::HostKeyDialog* d) { d->refuseButton()->click(); });
        QVERIFY(discover(w));
        QCOMPARE(none.count(), 0);
        QCOMPARE(hostState(w, QStringLiteral("h6")), QStringLiteral("ok"));
    }

    void passwordHost()
    {
        const QString password = q(lab::readFile(lab::dir() + "/root_password")).trimmed();
        QVERIFY(!password.isEmpty());
        rp::HostSpec h7 = lab::host(7);
        h7.auth = rp::AuthMethod::Password;
        h7.keyFile.clear();
        rp::Inventory inv;
        inv.hosts = { h7 };
        inv.knownHostsFile = lab::dir() + "/known_hosts";

        Wizard w;
        w.setInventory(inv);
        w.show();
        bool masked = false;
        DialogAnswerer<QInputDialog> typist([&](QInputDialog* d) {
            masked = d->textEchoMode() == QLineEdit::Password;
            auto* edit = d->findChild<QLineEdit*>();
            QVERIFY(edit);
            QTest::keyClicks(edit, password);
            d->accept();
        });
        QVERIFY(discover(w));
        QCOMPARE(typist.count(), 1);
        QVERIFY(masked);
        QCOMPARE(hostState(w, QStringLiteral("h7")), QStringLiteral("ok"));
    }

    void wrongPasswordIsShownInPlace()
    {
        rp::HostSpec h8 = lab::host(8);
        h8.auth = rp::AuthMethod::Password;
        h8.keyFile.clear();
        rp::Inventory inv;
        inv.hosts = { h8 };
        inv.knownHostsFile = lab::dir() + "/known_hosts";

        Wizard w;
        w.setInventory(inv);
        w.show();
        DialogAnswerer<QInputDialog> typist([](QInputDialog* d) {
            d->setTextValue(QStringLiteral("not-the-password"));
            d->accept();
        });
        QVERIFY(discover(w));
        QCOMPARE(typist.count(), 1);
        QCOMPARE(hostState(w, QStringLiteral("h8")), QStringLiteral("auth-failed"));
        const DiscoveryModel* model = w.discoverPage()->model();
        const QModelIndex row = model->hostIndex(QStringLiteral("h8"));
        const QModelIndex err = model->index(0, 0, row);
        QCOMPARE(err.data(DiscoveryModel::NodeKindRole).toInt(), int(DiscoveryModel::NodeKind::Error));
        QVERIFY2(err.data().toString().startsWith(QStringLiteral("authentication failed")),
            qPrintable(err.data().toString()));
        QTRY_VERIFY(w.discoverPage()->view()->isFirstColumnSpanned(0, w.discoverPage()->proxy()->mapFromSource(row)));

        // The wrong password is forgotten: the next run asks again.
        DialogAnswerer<QInputDialog> again([](QInputDialog* d) { d->reject(); });
        QVERIFY(discover(w));
        QCOMPARE(again.count(), 1);
        QCOMPARE(hostState(w, QStringLiteral("h8")), QStringLiteral("auth-failed"));
    }
};

QTEST_MAIN(TestWizardNetns)
#include "tst_wizard_netns.moc"

// SPDX-License-Identifier: GPL-3.0-or-later
// SoftRoceLab against stand-in lab scripts: progress lines, READY, failures, cancel (which must stop the lab).
// The real lab is exercised by the `lab` label tests (tests/lab).
#include "lab/softrocelab.h"

#include "testutil.h"

#include <QFile>
#include <QTemporaryDir>
#include <thread>

using namespace rp;

namespace {

std::string writeScript(const QTemporaryDir& dir, const QByteArray& body)
{
    QString path = dir.path() + QStringLiteral("/lab.sh");
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly))
        qFatal("cannot write script");
    f.write("log=\"$(dirname \"$0\")/calls\"\necho \"$*\" >>\"$log\"\n" + body);
    return path.toStdString();
}

QByteArray calls(const QTemporaryDir& dir)
{
    QFile f(dir.path() + QStringLiteral("/calls"));
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

} // namespace

class TestLab final : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void lines()
    {
        auto p = parseLabLine("PROGRESS 40 booting lab-a\n");
        QCOMPARE(int(p.kind), int(LabLine::Kind::Progress));
        QCOMPARE(p.percent, 40);
        QCOMPARE(p.text, "booting lab-a");
        auto r = parseLabLine("READY /tmp/x/inventory.yaml");
        QCOMPARE(int(r.kind), int(LabLine::Kind::Ready));
        QCOMPARE(r.text, "/tmp/x/inventory.yaml");
        QCOMPARE(int(parseLabLine("PROGRESS 140 too much").kind), int(LabLine::Kind::Other));
        QCOMPARE(int(parseLabLine("PROGRESS x").kind), int(LabLine::Kind::Other));
        QCOMPARE(int(parseLabLine("lab-a: kernel booted").kind), int(LabLine::Kind::Other));
    }

    void startReportsProgressAndInventory()
    {
        QTemporaryDir dir;
        auto script = writeScript(dir,
            "case $1 in start) echo 'PROGRESS 10 building'; echo noise >&2; echo 'PROGRESS 100 ready';"
            " echo \"READY $3\";; status) echo running; exit 0;; stop) exit 0;; esac\n");
        SoftRoceLab lab(script, dir.path().toStdString() + "/state");
        std::vector<int> seen;
        auto inv = lab.start(
            dir.path().toStdString() + "/inv.yaml", [&](const SoftRoceLab::Progress& p) { seen.push_back(p.percent); });
        QVERIFY2(inv, inv ? "" : inv.error().describe().c_str());
        QCOMPARE(*inv, dir.path().toStdString() + "/inv.yaml");
        QCOMPARE(seen, (std::vector<int> { 10, 100 }));
        QVERIFY(calls(dir).contains("start --inventory-out"));
        QVERIFY(calls(dir).contains("--state-dir"));
        auto status = lab.status();
        QVERIFY(status && status->running);
    }

    void shapeIsPassedOnOnlyForAFabric()
    {
        QTemporaryDir dir;
        auto script = writeScript(dir, "case $1 in start) echo \"READY $3\";; esac\n");
        SoftRoceLab lab(script, dir.path().toStdString() + "/state");
        auto inv = dir.path().toStdString() + "/inv.yaml";
        QVERIFY(lab.start(inv, {}));
        QVERIFY(!calls(dir).contains("--hosts")); // the pair: lab.sh's own default, exactly as before
        QVERIFY(lab.start(inv, {}, nullptr, LabShape { .hosts = 6, .racks = 2 }));
        QVERIFY(calls(dir).contains("--hosts 6 --racks 2"));
        for (auto bad : { LabShape { .hosts = 1, .racks = 1 }, LabShape { .hosts = 27, .racks = 1 },
                 LabShape { .hosts = 3, .racks = 4 }, LabShape { .hosts = 3, .racks = 0 } }) {
            auto refused = lab.start(inv, {}, nullptr, bad);
            QVERIFY(!refused);
            QCOMPARE(str(refused.error().kind), str(ErrorKind::Validation));
        }
        QCOMPARE(calls(dir).count("start "), 2); // nothing ran for a shape out of range
    }

    void failureCarriesTheReason()
    {
        QTemporaryDir dir;
        auto script = writeScript(dir,
            "case $1 in start) echo 'PROGRESS 5 checking'; echo 'lab.sh: qemu-system-x86_64 not found' >&2; exit 1;;"
            " status) echo 'not running'; exit 3;; esac\n");
        SoftRoceLab lab(script, dir.path().toStdString());
        auto inv = lab.start(dir.path().toStdString() + "/inv.yaml", {});
        QVERIFY(!inv);
        QCOMPARE(str(inv.error().kind), str(ErrorKind::CommandFailed));
        QVERIFY(inv.error().message.find("qemu-system-x86_64 not found") != std::string::npos);
        auto status = lab.status();
        QVERIFY(status);
        QVERIFY(!status->running);
        QCOMPARE(status->text, "not running");
    }

    void cancelStopsTheLab()
    {
        QTemporaryDir dir;
        auto script
            = writeScript(dir, "case $1 in start) echo 'PROGRESS 20 booting'; sleep 30;; stop) exit 0;; esac\n");
        SoftRoceLab lab(script, dir.path().toStdString());
        std::atomic<bool> cancel { false };
        auto started = std::chrono::steady_clock::now();
        auto inv = lab.start(
            dir.path().toStdString() + "/inv.yaml", [&](const SoftRoceLab::Progress&) { cancel = true; }, &cancel);
        QVERIFY(!inv);
        QCOMPARE(str(inv.error().kind), str(ErrorKind::Cancelled));
        QVERIFY(std::chrono::steady_clock::now() - started < std::chrono::seconds(10));
        QVERIFY(calls(dir).contains("stop --state-dir")); // nothing half-started is left running
    }

    void missingScriptIsAClearError()
    {
        SoftRoceLab lab({}, "/tmp/x");
        auto inv = lab.start("/tmp/x/inv.yaml", {});
        QVERIFY(!inv);
        QVERIFY(inv.error().message.find("RP_LAB_SCRIPT") != std::string::npos);
    }
};

QTEST_GUILESS_MAIN(TestLab)
#include "tst_lab.moc"

// SPDX-License-Identifier: GPL-3.0-or-later
// `rocepilot-cli test --transport tcp` between two netns OpenSSH hosts (fixture `netns`): the probe is copied
// when missing and replaced when tampered with; a run's JSON lines; Ctrl-C and a killed controller leave no
// rocepilot-probe behind and the port free; a port in use and a peer that never shows up fail clearly in
// bounded time. The netns hosts share this machine's filesystem and process table, so the "remote" probe copy is
// this machine's ~/.cache/rocepilot/... and pgrep sees the remote probes.
#include "netnslab.h"
#include "perf/capabilities.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QtTest>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <random>
#include <thread>

#include <csignal>

using namespace rp;
using Clock = std::chrono::steady_clock;

namespace {

struct Run
{
    int exitCode = -1;
    QString out, err;
    double seconds = 0;
};

QString inventory()
{
    return QString::fromStdString(lab::dir() + "/inventory.yaml");
}

QStringList base(int port)
{
    return { QStringLiteral("test"), QStringLiteral("--inventory"), inventory(), QStringLiteral("--server"),
        QStringLiteral("h1"), QStringLiteral("--client"), QStringLiteral("h2"), QStringLiteral("--transport"),
        QStringLiteral("tcp"), QStringLiteral("--port"), QString::number(port) };
}

Run cli(const QStringList& args, int timeoutMs = 120000)
{
    QProcess p;
    auto t0 = Clock::now();
    p.start(QStringLiteral(RP_CLI), args);
    if (!p.waitForFinished(timeoutMs)) {
        p.kill();
        p.waitForFinished();
        qWarning("rocepilot-cli did not finish in time");
    }
    return { p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1, QString::fromUtf8(p.readAllStandardOutput()),
        QString::fromUtf8(p.readAllStandardError()), std::chrono::duration<double>(Clock::now() - t0).count() };
}

std::string home()
{
    const char* h = std::getenv("HOME");
    return h ? h : "/root";
}

std::string remoteProbe()
{
    return home() + "/.cache/rocepilot/rocepilot-probe-" + perf::probeVersion();
}

std::string sha256(const std::string& path)
{
    auto out = lab::sh("sha256sum '" + path + "'");
    return out.size() >= 64 ? out.substr(0, 64) : std::string();
}

/// rocepilot-probe processes of a test: its options JSON names the port, which no other test uses.
std::string probesOnPort(int port)
{
    return lab::sh("pgrep -af '[r]ocepilot-probe' | grep -F '\"port\":" + std::to_string(port) + "' || true");
}

/// Something listens on the port inside host h1's netns (the server's namespace).
bool listening(int port)
{
    return !lab::sh("ip netns exec " + lab::netns(1) + " ss -Htln 'sport = :" + std::to_string(port) + "'").empty();
}

/// Waits (bounded) until no probe of this port runs and nothing listens on it.
bool cleanAfter(int port, double seconds)
{
    auto until = Clock::now() + std::chrono::duration<double>(seconds);
    while (Clock::now() < until) {
        if (probesOnPort(port).empty() && !listening(port))
            return true;
        std::this_thread::sleep_for(std::chrono::milliseconds(100));
    }
    qWarning("left over: probes [%s], listening %d", probesOnPort(port).c_str(), listening(port) ? 1 : 0);
    return false;
}

int freshPort()
{
    static std::mt19937 rng(static_cast<unsigned>(::getpid()));
    return 20000 + static_cast<int>(rng() % 20000);
}

std::vector<QJsonObject> jsonLines(const QString& out)
{
    std::vector<QJsonObject> lines;
    for (const auto& line : out.split(QLatin1Char('\n'), Qt::SkipEmptyParts))
        lines.push_back(QJsonDocument::fromJson(line.toUtf8()).object());
    return lines;
}

/// Starts a long blast, waits for its first samples on stdout (JSON), then hands the process to `stop`.
bool startLongBlast(QProcess& p, int port)
{
    p.start(QStringLiteral(RP_CLI),
        base(port)
            + QStringList { QStringLiteral("--mode"), QStringLiteral("blast"), QStringLiteral("--size"),
                QStringLiteral("64K"), QStringLiteral("--duration"), QStringLiteral("60"), QStringLiteral("--json") });
    auto until = Clock::now() + std::chrono::seconds(30);
    QByteArray seen;
    while (Clock::now() < until) {
        p.waitForReadyRead(100);
        seen += p.readAllStandardOutput();
        if (seen.count("\"type\":\"sample\"") >= 3)
            return true;
        if (p.state() == QProcess::NotRunning)
            break;
    }
    qWarning("no samples: %s %s", seen.constData(), p.readAllStandardError().constData());
    return false;
}

} // namespace

class TestPerfSession : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        QVERIFY2(!lab::dir().empty(), "RP_NETNS_DIR is not set: run through ctest (fixture netns_up)");
        QVERIFY2(std::filesystem::exists(lab::dir() + "/known_hosts"), "the netns lab is not up");
        QVERIFY2(std::filesystem::exists(RP_PROBE), "rocepilot-probe is not built");
    }

    void missingProbeIsCopied()
    {
        std::filesystem::remove(remoteProbe());
        const int port = freshPort();
        auto r = cli(base(port)
            + QStringList { QStringLiteral("--mode"), QStringLiteral("ping"), QStringLiteral("--duration"),
                QStringLiteral("1"), QStringLiteral("--verify") });
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        QVERIFY2(r.err.contains(QStringLiteral("h1: copying rocepilot-probe"))
                || r.err.contains(QStringLiteral("h2: copying rocepilot-probe")),
            qPrintable(r.err));
        QCOMPARE(sha256(remoteProbe()), sha256(RP_PROBE));
        QVERIFY2(r.out.contains(QString::fromStdString("h2 -> h1 (" + lab::address(1) + ")")), qPrintable(r.out));
        QVERIFY2(r.out.contains(QStringLiteral("data check: every payload matched")), qPrintable(r.out));
        QVERIFY(cleanAfter(port, 5));
    }

    void tamperedProbeIsReplaced()
    {
        {
            std::ofstream f(remoteProbe(), std::ios::trunc);
            f << "#!/bin/sh\necho tampered\n";
        }
        QVERIFY(sha256(remoteProbe()) != sha256(RP_PROBE));
        const int port = freshPort();
        auto r = cli(base(port)
            + QStringList { QStringLiteral("--mode"), QStringLiteral("blast"), QStringLiteral("--duration"),
                QStringLiteral("0.5") });
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        QVERIFY2(r.err.contains(QStringLiteral("replacing rocepilot-probe (its checksum differs)")), qPrintable(r.err));
        QCOMPARE(sha256(remoteProbe()), sha256(RP_PROBE));
        QVERIFY(std::filesystem::status(remoteProbe()).permissions() != std::filesystem::perms::none);
        QVERIFY(cleanAfter(port, 5));
    }

    void jsonLinesOfARun()
    {
        const int port = freshPort();
        auto r = cli(base(port)
            + QStringList { QStringLiteral("--mode"), QStringLiteral("ping"), QStringLiteral("--sweep"),
                QStringLiteral("64:4096"), QStringLiteral("--duration"), QStringLiteral("0.5"),
                QStringLiteral("--json"), QStringLiteral("--verify") });
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        int hellos = 0, samples = 0, serverSamples = 0, results = 0, dones = 0;
        for (const auto& j : jsonLines(r.out)) {
            const QString type = j.value(QStringLiteral("type")).toString();
            QVERIFY2(!type.isEmpty(), "a stdout line that is not a JSON object");
            if (type == QStringLiteral("hello")) {
                ++hellos;
                QCOMPARE(j.value(QStringLiteral("protocol")).toInt(), 1);
            } else if (type == QStringLiteral("sample")) {
                (j.value(QStringLiteral("role")).toString() == QStringLiteral("server") ? serverSamples : samples)++;
            } else if (type == QStringLiteral("done")) {
                ++dones;
            } else if (type == QStringLiteral("result")) {
                const auto client = j.value(QStringLiteral("client")).toObject();
                const auto server = j.value(QStringLiteral("server")).toObject();
                QCOMPARE(j.value(QStringLiteral("size")).toInt(), 64 << results);
                QVERIFY(client.value(QStringLiteral("messages")).toDouble() > 10);
                QVERIFY(
                    client.value(QStringLiteral("latency")).toObject().value(QStringLiteral("p50_us")).toDouble() > 0);
                QCOMPARE(client.value(QStringLiteral("verify_errors")).toInt(), 0);
                QVERIFY(server.value(QStringLiteral("cpu")).toObject().value(QStringLiteral("wall_s")).toDouble() > 0);
                ++results;
            }
        }
        QCOMPARE(hellos, 2);
        QCOMPARE(results, 7);
        QCOMPARE(dones, 2);
        QVERIFY2(samples >= 7 * 4, std::to_string(samples).c_str()); // 0.5 s per size at >= 10/s
        QVERIFY(serverSamples > 0);
        QVERIFY(cleanAfter(port, 5));
    }

    void ctrlCStopsBothProbes()
    {
        const int port = freshPort();
        QProcess p;
        QVERIFY(startLongBlast(p, port));
        QVERIFY(!probesOnPort(port).empty());
        QVERIFY(listening(port));
        auto t0 = Clock::now();
        ::kill(static_cast<pid_t>(p.processId()), SIGINT);
        QVERIFY(p.waitForFinished(10000));
        const double took = std::chrono::duration<double>(Clock::now() - t0).count();
        QCOMPARE(p.exitCode(), 1);
        QVERIFY2(took < 3, std::to_string(took).c_str());
        const QByteArray out = p.readAllStandardOutput();
        QVERIFY2(out.contains("\"kind\":\"cancelled\""), out.right(500).constData());
        QVERIFY(cleanAfter(port, 5));
    }

    void killedControllerLeavesNothingBehind()
    {
        // SIGKILL: no cleanup of ours runs; the SSH connections drop, each probe sees EOF on stdin and exits.
        const int port = freshPort();
        QProcess p;
        QVERIFY(startLongBlast(p, port));
        QVERIFY(!probesOnPort(port).empty());
        p.kill();
        QVERIFY(p.waitForFinished(5000));
        QVERIFY(cleanAfter(port, 10));
    }

    void portInUseIsAClearError()
    {
        const int port = freshPort();
        // Something else holds the port in h1's namespace: a probe started by hand, its stdin kept open.
        QProcess holder;
        holder.start(QStringLiteral("ip"),
            { QStringLiteral("netns"), QStringLiteral("exec"), QString::fromStdString(lab::netns(1)),
                QStringLiteral(RP_PROBE), QStringLiteral("server"), QStringLiteral("--transport"),
                QStringLiteral("tcp"), QStringLiteral("--options"),
                QStringLiteral("{\"transport\":\"tcp\",\"port\":%1,\"duration_s\":60}").arg(port),
                QStringLiteral("--connect-timeout"), QStringLiteral("60") });
        QVERIFY(holder.waitForReadyRead(10000));
        QVERIFY(holder.readAllStandardOutput().contains("\"type\":\"ready\""));
        auto r = cli(base(port) + QStringList { QStringLiteral("--duration"), QStringLiteral("1") }, 60000);
        holder.closeWriteChannel(); // EOF on its stdin: it stops
        QVERIFY(holder.waitForFinished(5000));
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.err.contains(QStringLiteral("h1: "))
                && r.err.contains(QStringLiteral("port %1 is already in use").arg(port)),
            qPrintable(r.err));
        QVERIFY2(r.seconds < 30, std::to_string(r.seconds).c_str());
        QVERIFY(cleanAfter(port, 5));
    }

    void peerThatNeverShowsUpFailsInBoundedTime()
    {
        // The client is sent to h3, where no server runs: it is refused until its connect timeout, the server
        // on h1 waits for a client until its accept timeout; both end and the CLI says why.
        const int port = freshPort();
        auto r = cli(base(port)
                + QStringList { QStringLiteral("--data-address"), QString::fromStdString(lab::address(3)),
                    QStringLiteral("--connect-timeout"), QStringLiteral("3"), QStringLiteral("--duration"),
                    QStringLiteral("1") },
            60000);
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(
            r.err.contains(QString::fromStdString("nobody listens on " + lab::address(3) + ":" + std::to_string(port)))
                || r.err.contains(QStringLiteral("no client connected within 3 s")),
            qPrintable(r.err));
        QVERIFY2(r.seconds < 20, std::to_string(r.seconds).c_str());
        QVERIFY(cleanAfter(port, 5));
    }
};

QTEST_GUILESS_MAIN(TestPerfSession)
#include "tst_perf_session.moc"

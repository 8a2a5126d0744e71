// SPDX-License-Identifier: GPL-3.0-or-later
// The native counter sampler (core/counters/native.cpp, run on a host as `rocepilot-probe sample`):
//  - on a synthetic sysfs tree (a temporary directory laid out like /sys/class/infiniband/DEV/ports/N; no RDMA
//    device exists here) it reads exactly what the shell sampler reads, block for block, and follows counters
//    that move (fixed-width in-place writes, since sysfs attributes are never replaced either);
//  - the ETHTOOL_GSTRINGS/GSTATS ioctl on this machine's own interfaces (none is a DCB NIC: the names it keeps
//    are whatever this kernel's drivers have; the mlx5/bnxt/ice names are covered by tst_counters on recorded
//    ethtool -S text);
//  - it stops at once when its stdin reaches EOF; bad names never reach argv; a probe that cannot sample falls
//    back to the shell loop.
#include "counters/native.h"
#include "remote/local_executor.h"
#include "testutil.h"

#include <QTemporaryDir>
#include <QtTest>

#include <filesystem>
#include <fstream>
#include <thread>

#include <fcntl.h>
#include <unistd.h>

using namespace rp;
using namespace rp::counters;

namespace {

std::vector<Block> blocksOf(const std::string& stream)
{
    std::vector<Block> out;
    BlockReader reader;
    // fed in odd-sized chunks: blocks may arrive cut anywhere
    for (std::size_t i = 0; i < stream.size(); i += 7)
        reader.feed(std::string_view(stream).substr(i, 7), [&](const Block& b) { out.push_back(b); });
    return out;
}

struct Tree
{
    QTemporaryDir dir;
    std::filesystem::path hw;
    Tree()
    {
        hw = std::filesystem::path(dir.path().toStdString()) / "class/infiniband/rxe0/ports/1/hw_counters";
        std::filesystem::create_directories(hw / "subdir-not-a-counter");
    }
    void put(const std::string& name, std::uint64_t v)
    {
        // in place, fixed width: a reader never sees a half-written file
        char text[32];
        std::snprintf(text, sizeof text, "%020llu\n", static_cast<unsigned long long>(v));
        int fd = ::open((hw / name).c_str(), O_WRONLY | O_CREAT, 0644);
        QVERIFY(fd >= 0);
        QCOMPARE(::pwrite(fd, text, 21, 0), ssize_t { 21 });
        ::close(fd);
    }
    SamplerOptions options(double interval = 0.05) const
    {
        SamplerOptions o;
        o.host = "synthetic";
        o.rdmaDevice = "rxe0";
        o.port = 1;
        o.intervalS = interval;
        o.sysfsRoot = dir.path().toStdString();
        return o;
    }
};

std::string runToString(const NativeSamplerOptions& o)
{
    int fds[2];
    if (::pipe(fds) != 0)
        return {};
    NativeSamplerOptions with = o;
    with.outFd = fds[1];
    std::string out;
    std::thread reader([&] {
        char buf[4096];
        ssize_t n;
        while ((n = ::read(fds[0], buf, sizeof buf)) > 0)
            out.append(buf, static_cast<std::size_t>(n));
    });
    auto ok = runNativeSampler(with, nullptr);
    ::close(fds[1]);
    reader.join();
    ::close(fds[0]);
    return ok ? out : "error: " + ok.error().message;
}

} // namespace

class TestNativeSampler : public QObject
{
    Q_OBJECT
private slots:
    void sameBlocksAsTheShellLoop()
    {
        Tree tree;
        tree.put("sent_pkts", 1200);
        tree.put("rcvd_pkts", 1180);
        tree.put("out_of_seq_request", 4294967000u);
        tree.put("lifespan", 10); // a setting, not a counter
        NativeSamplerOptions o;
        o.sampler = tree.options();
        o.maxBlocks = 2;
        o.stopFd = -1;
        const std::string native = runToString(o);
        auto nb = blocksOf(native);
        QCOMPARE(nb.size(), std::size_t { 2 });
        QVERIFY2(nb[1].hostTimeS - nb[0].hostTimeS >= 0.045, qPrintable(QString::number(nb[1].hostTimeS)));

        // the shell loop on the same tree, through an executor as in a test
        LocalExecutor local;
        auto shell = shellSamplerCommand(tree.options());
        QVERIFY(shell.has_value());
        std::vector<Block> sb;
        BlockReader reader;
        ExecOptions exec;
        exec.onStdout = [&](std::string_view chunk) { reader.feed(chunk, [&](const Block& b) { sb.push_back(b); }); };
        std::vector<std::string> argv = shell->argv();
        argv.back() = "2"; // two blocks
        auto r = local.run(Command(argv), exec);
        QVERIFY(r.has_value());
        QCOMPARE(sb.size(), std::size_t { 2 });
        QCOMPARE(nb[0].values, sb[0].values);
        QCOMPARE(nb[0].values.size(), std::size_t { 3 });
        QCOMPARE(nb[0].values.at("hw:out_of_seq_request"), std::uint64_t { 4294967000u });
        QVERIFY(!nb[0].values.contains("hw:lifespan"));
    }

    void missingDirectoryIsAWarningNotAnError()
    {
        Tree tree;
        NativeSamplerOptions o;
        o.sampler = tree.options();
        o.sampler.rdmaDevice = "mlx5_9";
        o.maxBlocks = 1;
        o.stopFd = -1;
        const std::string out = runToString(o);
        QVERIFY2(out.starts_with("@W no hw_counters at "), out.c_str());
        auto b = blocksOf(out);
        QCOMPARE(b.size(), std::size_t { 1 });
        QVERIFY(b[0].values.empty()); // absent, not zeros
    }

    // This machine's interfaces (a VM's eth0, ifb, lo: whatever the kernel gives) through the ioctl.
    void ethtoolIoctlOnThisMachine()
    {
        int withStats = 0;
        for (const auto& e : std::filesystem::directory_iterator("/sys/class/net")) {
            const std::string name = e.path().filename().string();
            EthtoolReader reader;
            auto ok = reader.open(name);
            if (!ok) {
                QVERIFY2(ok.error().kind == ErrorKind::CommandFailed, ok.error().describe().c_str());
                continue;
            }
            ++withStats;
            QVERIFY(reader.driverCount() > 0);
            auto v1 = reader.read();
            QVERIFY2(v1.has_value(), v1 ? "" : v1.error().describe().c_str());
            for (const auto& [n, v] : *v1)
                QVERIFY2(isRoceEthtoolStat(n), n.c_str());
            qDebug("%s: %zu statistics, %zu kept", name.c_str(), reader.driverCount(), v1->size());
            if (name.starts_with("ifb")) // drivers/net/ifb.c: per-queue packets and bytes, rx then tx
                QCOMPARE(reader.driverNames(),
                    (std::vector<std::string> {
                        "rx_queue_0_packets", "rx_queue_0_bytes", "tx_queue_0_packets", "tx_queue_0_bytes" }));
        }
        qDebug("%d interfaces with ethtool statistics", withStats);
        EthtoolReader reader;
        auto bad = reader.open("eth0;reboot");
        QVERIFY(!bad);
        QCOMPARE(str(bad.error().kind), str(ErrorKind::Validation));
        auto missing = reader.open("nosuchif0");
        QVERIFY(!missing);
        QCOMPARE(str(missing.error().kind), str(ErrorKind::CommandFailed));
    }

    void stopsAtEofOfStdin()
    {
        Tree tree;
        tree.put("sent_pkts", 1);
        int in[2];
        QCOMPARE(::pipe(in), 0);
        NativeSamplerOptions o;
        o.sampler = tree.options(1.0);
        o.stopFd = in[0];
        std::thread closer([&] {
            std::this_thread::sleep_for(std::chrono::milliseconds(150));
            ::close(in[1]);
        });
        QElapsedTimer t;
        t.start();
        const std::string out = runToString(o);
        closer.join();
        ::close(in[0]);
        QVERIFY2(t.elapsed() < 900, qPrintable(QString::number(t.elapsed()))); // not the 1 s interval
        QCOMPARE(blocksOf(out).size(), std::size_t { 1 });
    }

    void namesAreValidatedBeforeArgv()
    {
        SamplerOptions o;
        o.rdmaDevice = "rxe0";
        o.netdev = "eth0";
        auto c = nativeSamplerCommand(".cache/rocepilot/rocepilot-probe-0.1.0", o);
        QVERIFY(c.has_value());
        QCOMPARE(c->argv(),
            (std::vector<std::string> { ".cache/rocepilot/rocepilot-probe-0.1.0", "sample", "--interval", "0.100",
                "--rdma-dev", "rxe0", "--port", "1", "--netdev", "eth0" }));
        for (const char* dev : { "rxe0;id", "../../etc", "-rf", "a b" }) {
            o.rdmaDevice = dev;
            QVERIFY2(!nativeSamplerCommand("probe", o), dev);
        }
        o.rdmaDevice = "rxe0";
        for (const char* nd : { "eth0 x", "$(id)", "-e", "averyveryverylongname" }) {
            o.netdev = nd;
            QVERIFY2(!nativeSamplerCommand("probe", o), nd);
        }
        o.netdev = "eth0";
        QVERIFY(!nativeSamplerCommand("probe;id", o));
        QVERIFY(!nativeSamplerCommand("-x", o));
        o.sysfsRoot = "/tmp/x y";
        QVERIFY(!nativeSamplerCommand("probe", o));
        o.sysfsRoot = "/sys";
        o.intervalS = 0.01;
        QVERIFY(!nativeSamplerCommand("probe", o));
    }

    // rocepilot-probe sample through an executor, as the runner does: rates of moving counters; a probe that
    // cannot sample (missing here) falls back to the shell loop with the same result.
    void probeThroughExecutorWithFallback()
    {
        Tree tree;
        tree.put("sent_pkts", 0);
        std::atomic<bool> stop { false };
        std::thread writer([&] {
            std::uint64_t sent = 0;
            while (!stop.load()) {
                std::this_thread::sleep_for(std::chrono::milliseconds(10));
                sent += 1000; // ~100 000 / s
                tree.put("sent_pkts", sent);
            }
        });
        for (const std::string& probe : { std::string(RP_PROBE), std::string("/nonexistent/rocepilot-probe") }) {
            SamplerOptions o = tree.options(0.1);
            o.probePath = probe;
            std::vector<run::CounterSample> samples;
            std::atomic<bool> cancel { false };
            std::thread stopper([&] {
                std::this_thread::sleep_for(std::chrono::milliseconds(1500));
                cancel.store(true);
            });
            LocalExecutor local;
            auto ok = runSampler(
                local, o, [] { return 0.0; }, [&](const run::CounterSample& s) { samples.push_back(s); }, &cancel);
            stopper.join();
            QVERIFY2(ok.has_value(), ok ? "" : ok.error().describe().c_str());
            QVERIFY2(samples.size() >= 8, qPrintable(QString::number(samples.size())));
            double sum = 0, time = 0;
            for (const auto& s : samples) {
                sum += s.rates.at("hw:sent_pkts") * s.intervalS;
                time += s.intervalS;
            }
            QVERIFY2(sum / time > 40000 && sum / time < 110000, qPrintable(QString::number(sum / time)));
        }
        stop.store(true);
        writer.join();
    }

    void probeRejectsBadArguments()
    {
        LocalExecutor local;
        for (const auto& argv : std::vector<std::vector<std::string>> {
                 { RP_PROBE, "sample", "--interval", "0.1", "--rdma-dev", "rxe0;id", "--port", "1" },
                 { RP_PROBE, "sample", "--interval", "0.001", "--netdev", "eth0" },
                 { RP_PROBE, "sample", "--interval", "0.1" },
                 { RP_PROBE, "sample", "--interval", "0.1", "--rdma-dev", "rxe0" },
                 { RP_PROBE, "sample", "--interval", "0.1", "--netdev", "eth0", "--bogus", "1" },
             }) {
            auto r = local.run(Command(argv), {});
            QVERIFY(r.has_value());
            QCOMPARE(r->exitStatus, 2);
            QVERIFY(r->out.find("@T") == std::string::npos);
        }
    }
};

QTEST_GUILESS_MAIN(TestNativeSampler)
#include "tst_native_sampler.moc"

// SPDX-License-Identifier: GPL-3.0-or-later
// The troubleshooter on what users paste when the job never reached RoCE at all (issue 21): a provider libibverbs
// could not load, a device name the host does not have, NCCL over TCP sockets, a device node missing in a container.
// Every rule fires on its broken fixture (tests/fixtures/applog, written from the tools' own formats: see its README)
// and stays silent on the fixed one. Kept apart from tst_diagnose.cpp, which is already past the size a file should
// have.
#include "diagnose/diagnose.h"
#include "diagnosetest.h"
#include "parse/fragments.h"
#include "testutil.h"

#include <QFile>
#include <QtTest>

#include <algorithm>
#include <string>
#include <vector>

using namespace rp;
using namespace rp::diag;
using rp::test::applogFixture;
using rp::test::withRule;

namespace {

Report diagnoseText(const std::string& text, const std::string& origin = "paste.txt")
{
    FabricSnapshot snap;
    addPasted(snap, importFragments(text, "node1"), origin);
    return diagnose(snap);
}

bool mentions(const std::string& text, const std::string& needle)
{
    return text.find(needle) != std::string::npos;
}

} // namespace

class TstDiagnosePaste : public QObject
{
    Q_OBJECT

private slots:
    void providerMissing()
    {
        auto r = diagnoseText(applogFixture("provider_missing.md"), "provider_missing.md");
        auto found = withRule(r, "applog.no-provider");
        QCOMPARE(found.size(), std::size_t { 1 });
        const auto& f = found.front();
        QVERIFY(f.severity == Severity::Error);
        QVERIFY2(mentions(f.title, "mlx5"), f.title.c_str());
        QVERIFY(mentions(f.explanation, "mlx5_ib"));
        QVERIFY(mentions(f.fixes.front().text, "ibverbs-providers"));
        // The log line, and the no-device lines it explains, each with file:line.
        QCOMPARE(f.evidence.front().where, std::string("provider_missing.md:7"));
        QVERIFY(f.evidence.size() >= 2);
        // Told once, by its cause: no generic "no usable device" beside it.
        QVERIFY(withRule(r, "applog.no-device").empty());
        QVERIFY(r.hasErrors());

        auto fixed = diagnoseText(applogFixture("provider_fixed.md"));
        QVERIFY(withRule(fixed, "applog.no-provider").empty());
        QVERIFY(withRule(fixed, "applog.no-device").empty());
    }

    void providerVariants()
    {
        // Soft-RoCE: the kernel half is rdma_rxe, made with `rdma link add`.
        auto rxe = withRule(diagnoseText("libibverbs: Warning: couldn't load driver 'rxe'.\nNo IB devices found\n"),
            "applog.no-provider");
        QCOMPARE(rxe.size(), std::size_t { 1 });
        QVERIFY(mentions(rxe.front().fixes.front().text, "rdma link add"));
        // A provider warning on a host whose devices are listed is about other hardware: info only.
        auto other = diagnoseText(applogFixture("provider_fixed.md")
            + "libibverbs: Warning: couldn't load driver 'libvmw_pvrdma-rdmav34.so': not found\n");
        auto info = withRule(other, "applog.no-provider");
        QCOMPARE(info.size(), std::size_t { 1 });
        QVERIFY(info.front().severity == Severity::Info);
        // The application used a device: a provider warning beside it is about other hardware too.
        auto used
            = withRule(diagnoseText("libibverbs: Warning: couldn't load driver 'libhns-rdmav34.so': x\n"
                                    "h:1:2 [0] NCCL INFO NET/IB : Using [0]mlx5_0:1/RoCE [RO]; OOB eth0:10.0.0.1<0>\n"),
                "applog.no-provider");
        QCOMPARE(used.size(), std::size_t { 1 });
        QVERIFY(used.front().severity == Severity::Info);
        // "No IB devices found" alone: the generic finding names the kernel module and the provider.
        auto alone = withRule(diagnoseText("No IB devices found\n"), "applog.no-device");
        QCOMPARE(alone.size(), std::size_t { 1 });
        QVERIFY(mentions(alone.front().explanation, "mlx5_ib"));
        QVERIFY(mentions(alone.front().explanation, "ibverbs-providers"));
    }

    void ncclOverSockets()
    {
        auto r = diagnoseText(applogFixture("nccl_socket.log"), "nccl_socket.log");
        auto found = withRule(r, "applog.nccl-socket");
        QCOMPARE(found.size(), std::size_t { 1 });
        const auto& f = found.front();
        QVERIFY(f.severity == Severity::Warning); // disabled on purpose: a choice, not a fault
        QVERIFY2(mentions(f.explanation, "NCCL_IB_DISABLE=1"), f.explanation.c_str());
        QCOMPARE(f.evidence.front().where, std::string("nccl_socket.log:3"));
        QVERIFY(mentions(f.fixes.front().text, "unset NCCL_IB_DISABLE"));

        QVERIFY(withRule(diagnoseText(applogFixture("nccl_ib.log")), "applog.nccl-socket").empty());

        // No device found: an error, told once (no applog.no-device beside it), with the filter it was given.
        auto noDev = diagnoseText("gpu-b7:5120:5188 [2] NCCL INFO NCCL_IB_HCA set by environment to mlx5_4.\n"
                                  "gpu-b7:5120:5188 [2] NCCL INFO NET/IB : No device found.\n"
                                  "gpu-b7:5120:5188 [2] NCCL INFO Using network Socket\n");
        auto sock = withRule(noDev, "applog.nccl-socket");
        QCOMPARE(sock.size(), std::size_t { 1 });
        QVERIFY(sock.front().severity == Severity::Error);
        QVERIFY(mentions(sock.front().explanation, "found no usable device"));
        QVERIFY(mentions(sock.front().explanation, "NCCL_IB_HCA=mlx5_4"));
        QVERIFY(withRule(noDev, "applog.no-device").empty());
        // NCCL_NET=Socket forces it too.
        auto forced = withRule(diagnoseText("h:1:2 [0] NCCL INFO NCCL_NET set by environment to Socket\n"
                                            "h:1:2 [0] NCCL INFO Using network Socket\n"),
            "applog.nccl-socket");
        QCOMPARE(forced.size(), std::size_t { 1 });
        QVERIFY(mentions(forced.front().explanation, "NCCL_NET=Socket"));
    }

    void deviceNameNotOnTheHost()
    {
        // perftest given -d rxe2 on a host that lists rxe0: the name is the cause, not "no device" or a failed test.
        auto r = diagnoseText(applogFixture("device_name_perftest.md"), "device_name_perftest.md");
        auto found = withRule(r, "applog.device-name");
        QCOMPARE(found.size(), std::size_t { 1 });
        const auto& f = found.front();
        QVERIFY(f.severity == Severity::Error);
        QVERIFY2(mentions(f.title, "rxe2 is not an RDMA device"), f.title.c_str());
        QVERIFY(mentions(f.explanation, "This host lists rxe0"));
        QVERIFY(mentions(f.fixes.front().text, "ibv_devices"));
        QCOMPARE(f.evidence.front().where, std::string("device_name_perftest.md:7"));
        QVERIFY(withRule(r, "applog.no-device").empty());
        QVERIFY(withRule(r, "test.failed").empty());
        QVERIFY(withRule(diagnoseText(applogFixture("device_name_fixed.md")), "applog.device-name").empty());

        // The same failures recorded on the Soft-RoCE lab (perftest and ibv_devinfo as Debian ships them).
        auto lab = diagnoseText(applogFixture("device_name_lab.txt"), "device_name_lab.txt");
        auto fromLab = withRule(lab, "applog.device-name");
        QCOMPARE(fromLab.size(), std::size_t { 1 });
        QVERIFY2(mentions(fromLab.front().title, "rxe2 is not an RDMA device"), fromLab.front().title.c_str());
        QVERIFY(mentions(fromLab.front().explanation, "This host lists rxe0"));
        QCOMPARE(fromLab.front().evidence.front().where, std::string("device_name_lab.txt:1"));
        QVERIFY(withRule(lab, "applog.no-device").empty());

        // ibv_devinfo's wording, and a bare log line; a name the paste does list is missing where the command ran.
        auto devinfo = withRule(diagnoseText("IB device 'mlx5_1' wasn't found\n"), "applog.device-name");
        QCOMPARE(devinfo.size(), std::size_t { 1 });
        QVERIFY(mentions(devinfo.front().title, "mlx5_1"));
        auto listed = withRule(
            diagnoseText(applogFixture("device_name_fixed.md") + "IB device rxe0 not found\n"), "applog.device-name");
        QCOMPARE(listed.size(), std::size_t { 1 });
        QVERIFY2(mentions(listed.front().title, "rxe0 is listed"), listed.front().title.c_str());
        // Not every "not found" is a device name.
        QVERIFY(
            withRule(diagnoseText("IB device list: file not found\nib device: none\n"), "applog.device-name").empty());
    }

    void deviceNodeInContainer()
    {
        auto r = diagnoseText(applogFixture("container_enodev.log"), "container_enodev.log");
        auto found = withRule(r, "applog.device-node");
        QCOMPARE(found.size(), std::size_t { 1 });
        const auto& f = found.front();
        QVERIFY(f.severity == Severity::Error);
        QVERIFY(mentions(f.title, "mlx5_0"));
        QVERIFY(mentions(f.explanation, "/dev/infiniband/uverbsN"));
        QVERIFY(mentions(f.fixes.front().text, "--device=/dev/infiniband/uverbs0"));
        QCOMPARE(f.evidence.front().where, std::string("container_enodev.log:1"));
        QVERIFY(withRule(r, "applog.no-device").empty());

        auto fixed = diagnoseText(applogFixture("container_fixed.log"));
        QVERIFY(withRule(fixed, "applog.device-node").empty());

        // rdma_cm's ENODEV: the same cause seen from the address side.
        auto cm = withRule(diagnoseText("rdma_resolve_addr: No such device\n"), "applog.device-node");
        QCOMPARE(cm.size(), std::size_t { 1 });
        QVERIFY(mentions(cm.front().title, "rdma_cm"));
        // Permission denied is not a missing node.
        auto perm = withRule(diagnoseText("ibv_open_device(mlx5_1) failed: Permission denied\n"), "applog.device-node");
        QCOMPARE(perm.size(), std::size_t { 1 });
        QVERIFY(mentions(perm.front().title, "permission denied"));
    }

    void efaIsNotRoce()
    {
        auto r = diagnoseText(applogFixture("efa_fi_info.md"), "efa_fi_info.md");
        auto found = withRule(r, "applog.efa");
        QCOMPARE(found.size(), std::size_t { 1 });
        QVERIFY(found.front().severity == Severity::Info);
        QCOMPARE(found.front().evidence.front().where, std::string("efa_fi_info.md:5"));
        QVERIFY(!r.hasErrors());
        QVERIFY(withRule(diagnoseText(applogFixture("efa_fixed.md")), "applog.efa").empty());
        // aws-ofi-nccl naming EFA: a GID index in the same log is not judged (EFA has none to choose).
        auto nccl = diagnoseText("h:1:2 [0] NCCL INFO NET/OFI Selected Provider is efa (found 4 nics)\n"
                                 "h:1:2 [0] NCCL INFO NCCL_IB_GID_INDEX set by environment to 3.\n");
        QCOMPARE(withRule(nccl, "applog.efa").size(), std::size_t { 1 });
        QVERIFY(withRule(nccl, "applog.needs-table").empty());
    }

    void pathMtuAbovePort()
    {
        auto r = diagnoseText(applogFixture("mtu_mismatch.md"), "mtu_mismatch.md");
        auto found = withRule(r, "mtu.app-path");
        // NCCL's reported MTU (a warning: the two reads disagree) and perftest's -m (an error: it asked for it).
        QCOMPARE(found.size(), std::size_t { 2 });
        auto nccl
            = std::find_if(found.begin(), found.end(), [](const Finding& f) { return mentions(f.title, "NCCL"); });
        QVERIFY(nccl != found.end());
        QVERIFY(nccl->severity == Severity::Warning);
        QVERIFY2(mentions(nccl->title, "4096") && mentions(nccl->title, "1024"), nccl->title.c_str());
        QCOMPARE(nccl->evidence.front().where, std::string("mtu_mismatch.md:19"));
        QCOMPARE(nccl->evidence.back().value, std::string("1024"));
        auto perf = std::find_if(
            found.begin(), found.end(), [](const Finding& f) { return mentions(f.title, "ib_send_bw"); });
        QVERIFY(perf != found.end());
        QVERIFY(perf->severity == Severity::Error);

        auto fixed = diagnoseText(applogFixture("mtu_fixed.md"));
        QVERIFY(withRule(fixed, "mtu.app-path").empty());
        // ibv_devinfo without -v lists no GID table: perftest's index 3 is not an "empty slot" in it.
        QVERIFY(withRule(fixed, "test.gid-index").empty());

        // No active MTU in the paste: the netdev MTU, less RoCE's 96 header bytes, is the limit (1500 -> 1024).
        auto netdev = diagnoseText("UCX_IB_MTU=4096\n"
                                   "$ show_gids\n"
                                   "DEV\tPORT\tINDEX\tGID\t\t\t\t\tIPv4  \t\tVER\tDEV\n"
                                   "mlx5_0\t1\t3\t0000:0000:0000:0000:0000:ffff:0a0b:b00a\t10.11.176.10  \tv2\tens1f0\n"
                                   "$ cat /sys/class/net/ens1f0/mtu\n1500\n");
        auto viaNetdev = withRule(netdev, "mtu.app-path");
        QCOMPARE(viaNetdev.size(), std::size_t { 1 });
        QVERIFY2(mentions(viaNetdev.front().evidence.back().value, "at most 1024"),
            viaNetdev.front().evidence.back().value.c_str());
    }
};

QTEST_GUILESS_MAIN(TstDiagnosePaste)
#include "tst_diagnosepaste.moc"

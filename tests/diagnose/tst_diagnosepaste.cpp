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
        // perftest printed its banner (pasted without its command line): the device it names opened, so a warning
        // about other hardware is a note too.
        const std::string warning = "libibverbs: Warning: couldn't load driver 'liberdma-rdmav34.so': "
                                    "liberdma-rdmav34.so: cannot open shared object file: No such file or directory\n";
        const std::string banner
            = "---------------------------------------------------------------------------------------\n"
              "                    RDMA_Write BW Test\n"
              " Dual-port       : OFF\t\tDevice         : rocep4s0f0\n"
              " Number of qps   : 1\t\tTransport type : IB\n"
              " Link type       : Ethernet\n GID index       : 3\n";
        auto opened = withRule(diagnoseText(warning + banner), "applog.no-provider");
        QCOMPARE(opened.size(), std::size_t { 1 });
        QVERIFY(opened.front().severity == Severity::Info);
        auto warned = withRule(diagnoseText(warning), "applog.no-provider");
        QCOMPARE(warned.size(), std::size_t { 1 });
        QVERIFY(warned.front().severity == Severity::Error);
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
        // The same host's show_gids found no GID: the address is on a netdev without RDMA (a pod's CNI veth), which
        // no device node changes; told as that, with the show_gids line beside the log's.
        const std::string pod
            = "$ kubectl exec -it rdma-pod-a -- rdma_client -s 10.244.1.7\n"
              "rdma_create_ep: No such device\n"
              "$ kubectl exec -it rdma-pod-a -- show_gids\n"
              "DEV     PORT    INDEX   GID                                     IPv4            VER     DEV\n"
              "---     ----    -----   ---                                     ------------    ---     ---\n"
              "n_gids_found=0\n";
        auto veth = withRule(diagnoseText(pod, "pod.txt"), "applog.device-node");
        QCOMPARE(veth.size(), std::size_t { 1 });
        QVERIFY2(mentions(veth.front().title, "no netdev here has a GID"), veth.front().title.c_str());
        QVERIFY(mentions(veth.front().fixes.front().text, "Multus"));
        QVERIFY(std::ranges::any_of(veth.front().evidence,
            [](const Evidence& e) { return e.value == "n_gids_found=0" && e.where == "pod.txt:6"; }));
        // Fixed: the pod has the RoCE netdev (net1) and the program its address; nothing to say.
        auto fixedPod = diagnoseText("$ kubectl exec -it rdma-pod-a -- rdma_client -s 192.168.50.7\n"
                                     "rdma_client: start\n"
                                     "rdma_client: end 0\n"
                                     "$ kubectl exec -it rdma-pod-a -- show_gids\n"
                                     "DEV     PORT    INDEX   GID                                     IPv4            "
                                     "VER     DEV\n"
                                     "mlx5_0  1       3       0000:0000:0000:0000:0000:ffff:c0a8:3207 192.168.50.7    "
                                     "v2      net1\n"
                                     "n_gids_found=1\n",
            "pod-fixed.txt");
        QVERIFY(withRule(fixedPod, "applog.device-node").empty());
        // GIDs listed: the device-node reading stays.
        auto listed
            = withRule(diagnoseText("rdma_create_ep: No such device\n"
                                    "DEV     PORT    INDEX   GID                                     IPv4     "
                                    "       VER     DEV\n"
                                    "mlx5_0  1       3       0000:0000:0000:0000:0000:ffff:0af4:0107 10.244.1.7      "
                                    "v2      net1\n"
                                    "n_gids_found=1\n"),
                "applog.device-node");
        QCOMPARE(listed.size(), std::size_t { 1 });
        QVERIFY2(!mentions(listed.front().title, "no netdev here"), listed.front().title.c_str());
        // Permission denied is not a missing node.
        auto perm = withRule(diagnoseText("ibv_open_device(mlx5_1) failed: Permission denied\n"), "applog.device-node");
        QCOMPARE(perm.size(), std::size_t { 1 });
        QVERIFY(mentions(perm.front().title, "permission denied"));
        // rping's event lines carry the errno negated: ENODEV there is the same finding, and the connect failure it
        // causes is not told as a blocked port.
        auto rping = diagnoseText("$ rping -c -v -a 192.168.3.100 -p 1922 -C 10\n"
                                  "created cm_id 0x559e199b8f70\n"
                                  "cma_event type RDMA_CM_EVENT_ADDR_ERROR cma_id 0x559e199b8f70 (parent)\n"
                                  "cma event RDMA_CM_EVENT_ADDR_ERROR, error -19\n"
                                  "waiting for addr/route resolution state 1\n",
            "rping.txt");
        auto enodev = withRule(rping, "applog.device-node");
        QCOMPARE(enodev.size(), std::size_t { 1 });
        QVERIFY(mentions(enodev.front().title, "rdma_cm"));
        QCOMPARE(enodev.front().evidence.front().where, std::string("rping.txt:4"));
        QVERIFY(withRule(rping, "test.connect").empty());
        // A timeout in the same place is not ENODEV: the connect finding stays.
        auto timeout = diagnoseText("$ rping -c -a 192.168.3.100\n"
                                    "cma_event type RDMA_CM_EVENT_ADDR_ERROR cma_id 0x559e199b8f70 (parent)\n"
                                    "cma event RDMA_CM_EVENT_ADDR_ERROR, error -110\n");
        QVERIFY(withRule(timeout, "applog.device-node").empty());
        QCOMPARE(withRule(timeout, "test.connect").size(), std::size_t { 1 });
        // A rejection's number is the peer's reason, not an errno.
        auto rejected = diagnoseText("cma event RDMA_CM_EVENT_REJECTED, error 8\n");
        QVERIFY(withRule(rejected, "applog.device-node").empty());
    }

    // NCCL hands the NIC GPU memory: a local protection error there is GPUDirect RDMA on the PCIe path.
    void ncclProtectionErrorIsGpuDirect()
    {
        auto r
            = diagnoseText("gpu-a:1989:2082 [1] transport/net_ib.cc:1295 NCCL WARN NET/IB : Got completion from peer "
                           "10.0.0.2<53249> with error 4, opcode 0, len 0, vendor err 81 (Send)\n");
        auto found = withRule(r, "applog.completion-error");
        QCOMPARE(found.size(), std::size_t { 1 });
        QVERIFY(mentions(found.front().explanation, "ACS"));
        QVERIFY(mentions(found.front().fixes.front().text, "NCCL_NET_GDR_LEVEL=LOC"));
        // Another status, or status 4 outside NCCL, keeps the general text.
        auto other = withRule(diagnoseText("gpu-a:1989:2082 [1] transport/net_ib.cc:1295 NCCL WARN NET/IB : Got "
                                           "completion from peer 10.0.0.2<53249> with error 10, opcode 0, len 0, "
                                           "vendor err 88 (Send)\n"),
            "applog.completion-error");
        QCOMPARE(other.size(), std::size_t { 1 });
        QVERIFY(!mentions(other.front().explanation, "ACS"));
        QVERIFY(other.front().fixes.empty());
    }

    // A line a tracker rendered in emphasis, copied from its source with the marks.
    void emphasisAroundALine()
    {
        auto r = diagnoseText("_ibv_devinfo -d mlx5_0 -v_\n"
                              "hca_id:\tmlx5_0\n\t\tport:\t1\n\t\t\tstate:\t\t\tPORT_ACTIVE (4)\n"
                              "\t\t\tlink_layer:\t\tEthernet\n"
                              "\t\t\tGID[  0]:\t\tfe80:0000:0000:0000:0ac0:ebff:feda:1cfb, RoCE v1\n"
                              "\t\t\tGID[  1]:\t\tfe80::ac0:ebff:feda:1cfb, RoCE v2\n"
                              "\t\t\tGID[  2]:\t\t0000:0000:0000:0000:0000:ffff:c800:d106, RoCE v1\n"
                              "\t\t\tGID[  3]:\t\t::ffff:200.0.209.6, RoCE v2\n");
        QCOMPARE(r.ports.size(), std::size_t { 1 });
        QCOMPARE(r.ports.front().device, std::string("mlx5_0"));
        QCOMPARE(r.ports.front().gidIndex, std::optional<int>(3));
        auto bold
            = diagnoseText("**gpu-a:1989:2082 [1] transport/net_ib.cc:1295 NCCL WARN NET/IB : Got completion from "
                           "peer 10.0.0.2<53249> with error 12, opcode 0, len 0, vendor err 129 (Send)**\n");
        QCOMPARE(withRule(bold, "applog.retry-exceeded").size(), std::size_t { 1 });
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

    // One host's paste without its GID table still proves something: the first indexes of every RoCE table are the
    // kernel's default, link-local GIDs (one per RoCE version the device offers).
    void defaultGidWithoutTable()
    {
        auto nccl = diagnoseText("gpu-a1:4021:4098 [0] NCCL INFO NCCL_IB_GID_INDEX set by environment to 0.\n");
        auto found = withRule(nccl, "applog.gid-default");
        QCOMPARE(found.size(), std::size_t { 1 });
        QVERIFY(found.front().severity == Severity::Warning);
        QVERIFY(mentions(found.front().fixes.front().text, "export NCCL_IB_GID_INDEX=N"));
        QVERIFY(withRule(nccl, "applog.needs-table").empty());
        // Index 3 is not a default GID on any device: only the table can judge it.
        auto three = diagnoseText("gpu-a1:4021:4098 [0] NCCL INFO NCCL_IB_GID_INDEX set by environment to 3.\n");
        QVERIFY(withRule(three, "applog.gid-default").empty());
        QCOMPARE(withRule(three, "applog.needs-table").size(), std::size_t { 1 });

        // A launcher's command line pasted bare above its log: ConnectX (mlx5) has two default GIDs, so index 1 is
        // one of them; Soft-RoCE has one.
        auto mlx5 = diagnoseText("mpirun -np 2 -x UCX_NET_DEVICES=mlx5_0:1 -x UCX_IB_GID_INDEX=1 ./app\n"
                                 "[gpu-a1:4021:0:4021] ud_ep.c:255 Fatal: UD endpoint timeout\n");
        auto ucx = withRule(mlx5, "applog.gid-default");
        QCOMPARE(ucx.size(), std::size_t { 1 });
        QVERIFY2(mentions(ucx.front().title, "mlx5_0"), ucx.front().title.c_str());
        auto rxe = diagnoseText("mpirun -np 2 -x UCX_NET_DEVICES=rxe0:1 -x UCX_IB_GID_INDEX=1 ./app\n");
        QVERIFY(withRule(rxe, "applog.gid-default").empty());

        // A test's command without its output, on a port ibv_devinfo shows as Ethernet; not on an InfiniBand one,
        // where index 0 is the port GID and right.
        auto devinfo = [](const std::string& dev, const std::string& linkLayer) {
            return "$ ibv_devinfo -d " + dev + "\nhca_id:\t" + dev
                + "\n\ttransport:\t\t\tInfiniBand (0)\n\tphys_port_cnt:\t\t\t1\n\t\tport:\t1\n"
                  "\t\t\tstate:\t\t\tPORT_ACTIVE (4)\n\t\t\tlink_layer:\t\t"
                + linkLayer + "\n\n$ ibv_rc_pingpong -g 0 -d " + dev + " -i 1\n";
        };
        auto eth = diagnoseText(devinfo("rxe0", "Ethernet"), "q.md");
        auto pp = withRule(eth, "applog.gid-default");
        QCOMPARE(pp.size(), std::size_t { 1 });
        QCOMPARE(pp.front().evidence.front().where, std::string("q.md:9"));
        QVERIFY(mentions(pp.front().fixes.front().text, "ibv_rc_pingpong -g N"));
        auto ib = diagnoseText(devinfo("mlx5_0", "InfiniBand"));
        QVERIFY(withRule(ib, "applog.gid-default").empty());

        // Each tool's own option: perftest's -g is multicast and takes no value, its index is -x; the pingpong
        // examples have no -x.
        auto perftest = [&](const std::string& options) {
            auto text = devinfo("rxe0", "Ethernet");
            return diagnoseText(text.replace(text.find("ibv_rc_pingpong -g 0"), 20, "ib_send_bw " + options));
        };
        QVERIFY(withRule(perftest("-g -x 1"), "applog.gid-default").empty());
        QCOMPARE(withRule(perftest("-g -x 0"), "applog.gid-default").size(), std::size_t { 1 });
        QCOMPARE(withRule(perftest("-x 0 -g"), "applog.gid-default").size(), std::size_t { 1 });
        QVERIFY(withRule(perftest("-g 0"), "applog.gid-default").empty());
    }

    // perftest prints its own GID: all zeros is an empty slot (a pod without the NIC's network), told before the
    // RTR failure it causes.
    void testWithAnEmptyGid()
    {
        const std::string out
            = " Link type       : Ethernet\n GID index       : 0\n"
              "---------------------------------------------------------------------------------------\n"
              " local address: LID 0000 QPN 0x0111 PSN 0x7c2d1e RKey 0x0020ff VAddr 0x007f2a3c000000\n"
              " GID: ZERO\n"
              " remote address: LID 0000 QPN 0x0112 PSN 0x1a2b3c RKey 0x0021ff VAddr 0x007f11aa000000\n"
              " GID: 00:00:00:00:00:00:00:00:00:00:255:255:10:11:176:11\n"
              "Failed to modify QP 273 to RTR\n Unable to Connect the HCA's through the link\n";
        const std::string zero = "00:00:00:00:00:00:00:00:00:00:00:00:00:00:00:00";
        auto broken = diagnoseText(
            "$ ib_write_bw -d mlx5_2 -x 0 10.11.176.11\n" + std::string(out).replace(out.find("ZERO"), 4, zero),
            "pod.md");
        auto found = withRule(broken, "test.gid-zero");
        QCOMPARE(found.size(), std::size_t { 1 });
        QCOMPARE(found.front().evidence.front().where, std::string("pod.md:6"));
        QVERIFY(mentions(found.front().explanation, "pod"));
        QCOMPARE(broken.findings.front().ruleId, std::string("test.gid-zero"));
        // A link-local GID of its own, no table: index 0 is a default GID.
        auto linkLocal = diagnoseText("$ ib_write_bw -d mlx5_2 -x 0 10.11.176.11\n"
            + std::string(out).replace(out.find("ZERO"), 4, "254:128:00:00:00:00:00:00:38:138:07:255:254:85:70:96"));
        QVERIFY(withRule(linkLocal, "test.gid-zero").empty());
        auto index = withRule(linkLocal, "test.gid-index");
        QCOMPARE(index.size(), std::size_t { 1 });
        QVERIFY(mentions(index.front().explanation, "default GID"));
        // Fixed: the RoCE v2 GID of the port's address.
        auto fixed = diagnoseText("$ ib_write_bw -d mlx5_2 -x 3 10.11.176.11\n"
            + std::string(out)
                  .replace(out.find("ZERO"), 4, "00:00:00:00:00:00:00:00:00:00:255:255:10:11:176:10")
                  .replace(out.find(": 0\n"), 4, ": 3\n"));
        QVERIFY(withRule(fixed, "test.gid-zero").empty());
        QVERIFY(withRule(fixed, "test.gid-index").empty());
    }

    // A GID list without types (ibv_devinfo -v's GID lines, a grep of gids/*) still answers which index to use.
    void probableIndexWithoutTypes()
    {
        auto pairs = diagnoseText("$ ibv_devinfo -v -d mlx5_0 | grep GID\n"
                                  "\t\t\tGID[  0]:\t\tfe80:0000:0000:0000:268a:07ff:fe55:4660\n"
                                  "\t\t\tGID[  1]:\t\tfe80:0000:0000:0000:268a:07ff:fe55:4660\n"
                                  "\t\t\tGID[  2]:\t\t0000:0000:0000:0000:0000:ffff:0a0b:b00a\n"
                                  "\t\t\tGID[  3]:\t\t0000:0000:0000:0000:0000:ffff:0a0b:b00a\n");
        QCOMPARE(pairs.ports.size(), std::size_t { 1 });
        QCOMPARE(pairs.ports.front().gidIndex, std::optional<int>(3));
        QVERIFY(pairs.ports.front().probable);
        QVERIFY(mentions(reportToText(pairs), "probably use GID index 3"));
        QVERIFY(mentions(reportToJson(pairs), "\"probable\": true"));
        auto single
            = diagnoseText("$ grep . /sys/class/infiniband/qedr0/ports/1/gids/*\n"
                           "/sys/class/infiniband/qedr0/ports/1/gids/0:fe80:0000:0000:0000:020e:1eff:fed7:a021\n"
                           "/sys/class/infiniband/qedr0/ports/1/gids/1:0000:0000:0000:0000:0000:ffff:c0a8:0a64\n");
        QCOMPARE(single.ports.size(), std::size_t { 1 });
        QCOMPARE(single.ports.front().gidIndex, std::optional<int>(1));
        QVERIFY(single.ports.front().probable);
        // A ConnectX-3 (mlx4) may offer RoCE v1 only: one GID per address says nothing there.
        auto mlx4
            = diagnoseText("$ grep . /sys/class/infiniband/mlx4_0/ports/1/gids/*\n"
                           "/sys/class/infiniband/mlx4_0/ports/1/gids/0:fe80:0000:0000:0000:020e:1eff:fed7:a021\n"
                           "/sys/class/infiniband/mlx4_0/ports/1/gids/1:0000:0000:0000:0000:0000:ffff:c0a8:0a64\n");
        QCOMPARE(mlx4.ports.size(), std::size_t { 1 });
        QVERIFY(!mlx4.ports.front().gidIndex);
        // With types, the index is read, not inferred.
        auto typed
            = diagnoseText("$ show_gids\nDEV\tPORT\tINDEX\tGID\t\t\t\t\tIPv4  \t\tVER\tDEV\n"
                           "mlx5_0\t1\t3\t0000:0000:0000:0000:0000:ffff:0a0b:b00a\t10.11.176.10  \tv2\tens1f0\n");
        QCOMPARE(typed.ports.front().gidIndex, std::optional<int>(3));
        QVERIFY(!typed.ports.front().probable);
    }

    void applicationFoundNoGid()
    {
        auto mooncake = diagnoseText("GID is NULL, please check your GID index by specifying MC_GID_INDEX\n");
        auto found = withRule(mooncake, "applog.no-gid");
        QCOMPARE(found.size(), std::size_t { 1 });
        QVERIFY(found.front().severity == Severity::Error);
        QVERIFY(mentions(found.front().fixes.front().text, "export MC_GID_INDEX=N"));
        QCOMPARE(withRule(diagnoseText("ibv_query_gid failed: Invalid argument\n"), "applog.no-gid").size(),
            std::size_t { 1 });
        QVERIFY(withRule(diagnoseText("Find best gid index: 3 on mlx5_0\n"), "applog.no-gid").empty());
        // glog-style lines of an engine that picks the GID itself, and NCCL's type read of an empty entry (a sparse
        // table in a pod).
        auto glog = diagnoseText("W1126 09:15:07.980530     7 rdma_context.cpp:581] No suitable GID found on mlx5_1/\n"
                                 "E1126 09:15:07.980787     7 rdma_context.cpp:81] Failed to open device mlx5_1 on "
                                 "port  with GID -1\n");
        QCOMPARE(withRule(glog, "applog.no-gid").size(), std::size_t { 1 });
        auto nccl = diagnoseText("gpu-a1:4021:4098 [0] NCCL WARN NET/IB : read failed in ncclIbRoceGetVersionNum: "
                                 "Invalid argument\n");
        QCOMPARE(withRule(nccl, "applog.no-gid").size(), std::size_t { 1 });
    }

    void gidTableChangedUnderTheJob()
    {
        auto r = diagnoseText("[1732612345.123456] [gpu-a1:4021:0]    ib_device.c:475  UCX  WARN  IB Async event on "
                              "mlx5_0: GID table change on port 1\n");
        auto found = withRule(r, "applog.gid-change");
        QCOMPARE(found.size(), std::size_t { 1 });
        QVERIFY(found.front().severity == Severity::Warning);
        QVERIFY2(mentions(found.front().title, "mlx5_0"), found.front().title.c_str());
        QVERIFY(withRule(diagnoseText("[1732612345.123456] [gpu-a1:4021:0]    ib_device.c:475  UCX  WARN  IB Async "
                                      "event on mlx5_0: port active\n"),
            "applog.gid-change")
                    .empty());
    }

    // `rdma link` names a LID and an SM only on InfiniBand; it lists no GIDs, so an empty table is not said.
    void rdmaLinkInfiniBand()
    {
        auto ib = diagnoseText("$ rdma link\nlink mlx5_7/1 subnet_prefix fe80:0000:0000:0000 lid 3403 sm_lid 1 lmc 0 "
                               "state ACTIVE physical_state LINK_UP\n");
        QCOMPARE(withRule(ib, "port.not-roce").size(), std::size_t { 1 });
        QVERIFY(withRule(ib, "gid.empty-table").empty());
        auto roce = diagnoseText("$ rdma link\nlink rocep1s0f0/1 state ACTIVE physical_state LINK_UP netdev ens1f0\n");
        QVERIFY(withRule(roce, "port.not-roce").empty());
        QVERIFY(withRule(roce, "gid.empty-table").empty());
    }

    void loopbackAndConsequences()
    {
        auto lo = withRule(
            diagnoseText("rdma_getaddrinfo(node=127.0.0.1, service=7471): No such device\n"), "applog.device-node");
        QCOMPARE(lo.size(), std::size_t { 1 });
        QVERIFY2(mentions(lo.front().title, "loopback"), lo.front().title.c_str());
        auto real = withRule(
            diagnoseText("rdma_getaddrinfo(node=10.11.176.10, service=7471): No such device\n"), "applog.device-node");
        QCOMPARE(real.size(), std::size_t { 1 });
        QVERIFY(!mentions(real.front().title, "loopback"));
        // No provider loaded: rdma_cm's ENODEV is its consequence, quoted by applog.no-provider, not a second error.
        auto provider = diagnoseText("libibverbs: Warning: no userspace device-specific driver found for "
                                     "/sys/class/infiniband_verbs/uverbs0\nrdma_getaddrinfo: No such device\n");
        auto missing = withRule(provider, "applog.no-provider");
        QCOMPARE(missing.size(), std::size_t { 1 });
        QVERIFY(withRule(provider, "applog.device-node").empty());
        // No provider at all for the kernel's device: the driver files libibverbs reads are where to look too.
        QVERIFY(mentions(missing.front().explanation, "/usr/local/etc"));
        QVERIFY(mentions(missing.front().fixes.front().text, "/etc/libibverbs.d/"));
    }

    void ucxPeerTimeout()
    {
        auto r = diagnoseText("Tue Apr 10 02:29:25 2024[1,3]<stderr>:[gpu-a1:4021 :0:4021]    ud_iface.c:781  Fatal: "
                              "transport error: Endpoint timeout\n");
        auto found = withRule(r, "applog.peer-timeout");
        QCOMPARE(found.size(), std::size_t { 1 });
        QVERIFY(mentions(found.front().title, "UCX"));
        QVERIFY(withRule(diagnoseText("[gpu-a1:4021:0:4021] ud_iface.c:781 transport ok\n"), "applog.peer-timeout")
                    .empty());
    }

    // Retry exceeded after the same job had moved data is loss under load, said first; the same error alone keeps
    // the four causes. mpirun's --timestamp-output (ctime) and --tag-output wrappers do not hide the UCX line.
    void retryAfterTrafficIsLoss()
    {
        const std::string fatal = "Sat Mar  2 10:00:09 2024[1,17]<stderr>:[gpu-b2:5120:0:5120] ib_mlx5_log.c:171  "
                                  "FATAL: Error on QP 0x1a2b wqe[3]: Transport retry count exceeded (synd 0x15 vend "
                                  "0x81) opcode SEND\n";
        auto r = diagnoseText("Sat Mar  2 10:00:01 2024[1,0]<stdout>:Average Bandwidth:   9120.52 MB/s\n" + fatal);
        auto found = withRule(r, "applog.retry-exceeded");
        QCOMPARE(found.size(), std::size_t { 1 });
        QVERIFY2(mentions(found.front().title, "after traffic had flowed"), found.front().title.c_str());
        QVERIFY(mentions(found.front().title, "UCX"));
        QVERIFY(mentions(found.front().explanation, "PFC"));
        QCOMPARE(found.front().evidence.size(), std::size_t { 2 });
        QCOMPARE(found.front().evidence.back().where, std::string("paste.txt:1"));
        auto alone = withRule(diagnoseText(fatal), "applog.retry-exceeded");
        QCOMPARE(alone.size(), std::size_t { 1 });
        QVERIFY(!mentions(alone.front().title, "after traffic"));
        // A rate in a block without any log line stays a test's output, not a log.
        QVERIFY(withRule(diagnoseText("Average Bandwidth:   9120.52 MB/s\n"), "applog.retry-exceeded").empty());
    }

    // The application's RoCE settings with no traffic class: a note alone, a warning beside lost packets; silent
    // when the class is set.
    void trafficClassNotSet()
    {
        const std::string settings = "UCX_NET_DEVICES=mlx5_0:1\nUCX_IB_GID_INDEX=3\n";
        auto note = withRule(diagnoseText(settings), "applog.traffic-class-unset");
        QCOMPARE(note.size(), std::size_t { 1 });
        QVERIFY(note.front().severity == Severity::Info);
        QVERIFY(mentions(note.front().fixes.front().text, "UCX_IB_TRAFFIC_CLASS=104"));
        auto warn = withRule(diagnoseText(settings
                                 + "[gpu-a1:4021:0:4021]    ud_iface.c:781  Fatal: transport error: Endpoint "
                                   "timeout\n"),
            "applog.traffic-class-unset");
        QCOMPARE(warn.size(), std::size_t { 1 });
        QVERIFY(warn.front().severity == Severity::Warning);
        QVERIFY(withRule(diagnoseText(settings + "UCX_IB_TRAFFIC_CLASS=106\n"), "applog.traffic-class-unset").empty());
        // NCCL: only where the log shows RoCE.
        QCOMPARE(
            withRule(diagnoseText("NCCL_IB_GID_INDEX=3\n"), "applog.traffic-class-unset").size(), std::size_t { 1 });
        QVERIFY(withRule(diagnoseText("NCCL_IB_HCA=mlx5_0\n"), "applog.traffic-class-unset").empty());
    }

    // Two hosts' GID lists without types, laid out differently (v1+v2 per address on one, one GID per address on
    // the other): the index to use differs, and a timeout in the log is told with it.
    void untypedTablesDiffer()
    {
        // hostA: v1 and v2 per address (indexes 0-3), in both the broken and the fixed paste.
        const std::string hostA = "hostA:\n"
                                  "GID[  0]:  fe80:0000:0000:0000:0a0b:0cff:fe0d:0e01\n"
                                  "GID[  1]:  fe80:0000:0000:0000:0a0b:0cff:fe0d:0e01\n"
                                  "GID[  2]:  0000:0000:0000:0000:0000:ffff:c0a8:0a01\n"
                                  "GID[  3]:  0000:0000:0000:0000:0000:ffff:c0a8:0a01\n";
        const std::string text = hostA
            + "hostB:\n"
              "GID[  0]:  fe80:0000:0000:0000:0a0b:0cff:fe0d:0e02\n"
              "GID[  1]:  0000:0000:0000:0000:0000:ffff:c0a8:0a02\n"
              "[hostA:77:0:77]    ud_ep.c:270  Fatal: UD endpoint 0x1 to <no debug data>: "
              "unhandled timeout error\n";
        FabricSnapshot snap;
        addPasted(snap, importFragments(text, "pasted"), "two.txt");
        auto r = diagnose(snap);
        auto differs = withRule(r, "gid.index-differs");
        QCOMPARE(differs.size(), std::size_t { 1 });
        QVERIFY2(mentions(differs.front().title, "hostA 3") && mentions(differs.front().title, "hostB 1"),
            differs.front().title.c_str());
        QCOMPARE(differs.front().fixes.size(), std::size_t { 2 });
        auto timeout = withRule(r, "applog.peer-timeout");
        QCOMPARE(timeout.size(), std::size_t { 1 });
        QVERIFY(mentions(timeout.front().explanation, "gid.index-differs"));
        // Fixed: hostB's table laid out as hostA's (v1 and v2 per address): one index fits both, nothing to say.
        const std::string alike = hostA
            + "hostB:\n"
              "GID[  0]:  fe80:0000:0000:0000:0a0b:0cff:fe0d:0e02\n"
              "GID[  1]:  fe80:0000:0000:0000:0a0b:0cff:fe0d:0e02\n"
              "GID[  2]:  0000:0000:0000:0000:0000:ffff:c0a8:0a02\n"
              "GID[  3]:  0000:0000:0000:0000:0000:ffff:c0a8:0a02\n";
        FabricSnapshot same;
        addPasted(same, importFragments(alike, "pasted"), "two.txt");
        QVERIFY(withRule(diagnose(same), "gid.index-differs").empty());
    }

    // perftest's failed completion names its status by number; with or without the test's banner.
    void perftestFailedStatus()
    {
        const std::string failed = " Completion with error at client\n Failed status 12: wr_id 0 syndrom 0x81\n";
        auto bare = withRule(diagnoseText(failed), "applog.retry-exceeded");
        QCOMPARE(bare.size(), std::size_t { 1 });
        auto test = withRule(diagnoseText("$ ib_write_bw -d mlx5_0 -x 3 10.0.0.2\n"
                                          " Device         : mlx5_0\n Link type       : Ethernet\n"
                                          " GID index       : 3\n"
                                 + failed),
            "test.retry-exceeded");
        QCOMPARE(test.size(), std::size_t { 1 });
    }

    // The GIDs a failed completion prints answer without a table: two address families on the two ends.
    void completionGidsOfTwoFamilies()
    {
        auto r = diagnoseText("gpu-a1:40211:40405 [0] transport/net_ib.cc:1295 NCCL WARN NET/IB : Got completion "
                              "from peer 10.0.0.2<49152> with status=12 opcode=0 len=0 vendor err 129 (Send) localGid "
                              "::ffff:10.0.0.1 remoteGid 2001:db8::2\n");
        auto found = withRule(r, "applog.retry-exceeded");
        QCOMPARE(found.size(), std::size_t { 1 });
        QVERIFY2(mentions(found.front().explanation, "different address families"), found.front().explanation.c_str());
        // Fixed: both ends on IPv4 GIDs, nothing said of the GIDs.
        auto same = withRule(diagnoseText("gpu-a1:40211:40405 [0] transport/net_ib.cc:1295 NCCL WARN NET/IB : Got "
                                          "completion from peer 10.0.0.2<49152> with status=12 opcode=0 len=0 vendor "
                                          "err 129 (Send) localGid ::ffff:10.0.0.1 remoteGid ::ffff:10.0.0.2\n"),
            "applog.retry-exceeded");
        QCOMPARE(same.size(), std::size_t { 1 });
        QVERIFY(!mentions(same.front().explanation, "Here the"));
    }

    // A down InfiniBand port is an error like a RoCE one, with the subnet manager's word when it is INIT.
    void infinibandPortDown()
    {
        auto r = diagnoseText("CA 'mlx5_2'\n\tCA type: MT4123\n\tNumber of ports: 1\n\tPort 1:\n\t\tState: "
                              "Initializing\n\t\tPhysical state: LinkUp\n\t\tRate: 200\n\t\tLink layer: "
                              "InfiniBand\n");
        auto down = withRule(r, "port.down");
        QCOMPARE(down.size(), std::size_t { 1 });
        QVERIFY(down.front().severity == Severity::Error);
        QVERIFY2(mentions(down.front().explanation, "subnet manager"), down.front().explanation.c_str());
        QCOMPARE(withRule(r, "port.not-roce").size(), std::size_t { 1 });
        // Fixed: the same port Active, no error.
        QVERIFY(withRule(diagnoseText("CA 'mlx5_2'\n\tCA type: MT4123\n\tNumber of ports: 1\n\tPort 1:\n\t\tState: "
                                      "Active\n\t\tPhysical state: LinkUp\n\t\tRate: 200\n\t\tLink layer: "
                                      "InfiniBand\n"),
            "port.down")
                    .empty());
    }

    // libibverbs warns for every provider it cannot load: one for hardware the paste does not name is a note.
    void providerOfOtherHardware()
    {
        auto r = diagnoseText("libibverbs: Warning: couldn't load driver 'libvmw_pvrdma-rdmav34.so': "
                              "libvmw_pvrdma-rdmav34.so: cannot open shared object file: No such file or directory\n"
                              "NCCL_IB_HCA=mlx5_0\n");
        auto found = withRule(r, "applog.no-provider");
        QCOMPARE(found.size(), std::size_t { 1 });
        QVERIFY(found.front().severity == Severity::Info);
        QVERIFY(mentions(found.front().explanation, "mlx5"));
        auto own = withRule(diagnoseText("libibverbs: Warning: couldn't load driver 'libmlx5-rdmav34.so': "
                                         "libmlx5-rdmav34.so: cannot open shared object file: No such file or "
                                         "directory\nNCCL_IB_HCA=mlx5_0\n"),
            "applog.no-provider");
        QCOMPARE(own.size(), std::size_t { 1 });
        QVERIFY(own.front().severity == Severity::Error);
        // "No userspace driver for uverbs0" is about a device the kernel lists: rxe_cfg showing rxe0 does not make it
        // a warning about other hardware. ibv_devinfo opening the device does.
        const std::string warning = "libibverbs: Warning: no userspace device-specific driver found for "
                                    "/sys/class/infiniband_verbs/uverbs0\n";
        const std::string rxeCfg = "$ rxe_cfg status\n  Name  Link  Driver  Speed  NMTU  IPv4_addr  RDEV  RMTU\n"
                                   "  eth0  yes   virtio_net     1500  10.1.0.4   rxe0  1024  (3)\n";
        auto kernelSide = withRule(diagnoseText(warning + "\n" + rxeCfg), "applog.no-provider");
        QCOMPARE(kernelSide.size(), std::size_t { 1 });
        QVERIFY(kernelSide.front().severity == Severity::Error);
        auto opened = withRule(diagnoseText(warning
                                   + "\n$ ibv_devinfo\nhca_id:\trxe0\n\ttransport:\t\t\tInfiniBand (0)\n"
                                     "\tphys_port_cnt:\t\t\t1\n\t\tport:\t1\n\t\t\tstate:\t\t\tPORT_ACTIVE (4)\n"
                                     "\t\t\tlink_layer:\t\tEthernet\n"),
            "applog.no-provider");
        QCOMPARE(opened.size(), std::size_t { 1 });
        QVERIFY(opened.front().severity == Severity::Info);
    }

    // The provider of the very device the kernel lists could not be loaded and the verbs tool lists nothing: that is
    // the answer, first, with the loader's search path, never "harmless"; the generic no-device is its consequence.
    void providerOfListedDeviceNotLoadable()
    {
        const std::string warning = "libibverbs: Warning: couldn't load driver 'siw': libsiw-rdmav2.so: cannot open "
                                    "shared object file: No such file or directory\n"
                                    "libibverbs: Warning: no userspace device-specific driver found for "
                                    "/sys/class/infiniband_verbs/uverbs1\n";
        const std::string kernelList = "$ rxe_cfg status\n  Name  Link  Driver  Speed  NMTU  IPv4_addr  RDEV  RMTU\n"
                                       "  ens3  yes   e1000e     1500  10.2.0.7   siw0  1024  (3)\n";
        auto r = diagnoseText("$ ibv_devices\n" + warning + "    device          \t   node GUID\n"
            + "    ------          \t----------------\n\n" + kernelList);
        QVERIFY(!r.findings.empty());
        const auto& first = r.findings.front();
        QCOMPARE(first.ruleId, std::string("applog.no-provider"));
        QVERIFY(first.severity == Severity::Error);
        QVERIFY2(mentions(first.title, "siw"), first.title.c_str());
        QVERIFY2(!mentions(first.explanation, "harmless"), first.explanation.c_str());
        QVERIFY(mentions(first.explanation, "/usr/lib64"));
        QVERIFY(mentions(first.fixes.front().text, "libsiw-rdmav*.so"));
        // One finding: the uverbs line and the empty list are its evidence, not findings of their own.
        QCOMPARE(withRule(r, "applog.no-provider").size(), std::size_t { 1 });
        QVERIFY(withRule(r, "applog.no-device").empty());
        QVERIFY(first.evidence.size() >= 3);
        // A full path in the line: the directory libibverbs looked in is named.
        auto path = withRule(diagnoseText("libibverbs: Warning: couldn't load driver 'mlx5': "
                                          "/usr/lib/libibverbs/libmlx5-rdmav34.so: cannot open shared object file: "
                                          "No such file or directory\n"
                                          "No IB devices found\n"),
            "applog.no-provider");
        QCOMPARE(path.size(), std::size_t { 1 });
        QVERIFY(mentions(path.front().explanation, "looked for it at /usr/lib/libibverbs/libmlx5-rdmav34.so"));
        // The same warning beside a device a verbs tool opened is still a note.
        auto opened = withRule(diagnoseText(warning
                                   + "\n$ ibv_devinfo\nhca_id:\tmlx5_0\n\ttransport:\t\t\tInfiniBand (0)\n"
                                     "\tphys_port_cnt:\t\t\t1\n\t\tport:\t1\n\t\t\tstate:\t\t\tPORT_ACTIVE (4)\n"
                                     "\t\t\tlink_layer:\t\tEthernet\n"),
            "applog.no-provider");
        QVERIFY(!opened.empty());
        QVERIFY(std::ranges::none_of(opened, [](const Finding& f) { return f.severity == Severity::Error; }));
    }

    // perftest's two command lines are the configuration: sides that name different GID indexes (or one that leaves
    // it to perftest's default) are told as such; one index on both sides, or rdma_cm, is not.
    void perftestSidesWithDifferentIndexes()
    {
        auto r = diagnoseText("server: ib_send_bw -d bnxt_re0 -x 3 --report_gbits\n"
                              "client: ib_send_bw -d bnxt_re0 --report_gbits 172.16.8.21\n");
        auto found = withRule(r, "test.gid-index-sides");
        QCOMPARE(found.size(), std::size_t { 1 });
        QVERIFY(found.front().severity == Severity::Warning);
        QVERIFY2(mentions(found.front().title, "server -x 3, client no -x"), found.front().title.c_str());
        QVERIFY(mentions(found.front().explanation,
            "two sides use different GID indexes; pass the same RoCE v2 GID index with -x on both"));
        QCOMPARE(found.front().evidence.size(), std::size_t { 2 });
        QCOMPARE(found.front().evidence[1].where, std::string("paste.txt:2"));
        // One run left to perftest's default on both sides, another with -x 5 on both: the difference is told.
        auto runs = withRule(diagnoseText("$ ib_read_lat -d mlx5_1\n\n$ ib_read_lat -d mlx5_1 10.9.0.2\n\n"
                                          "$ ib_read_lat -d mlx5_1 -x 5\n\n$ ib_read_lat -d mlx5_1 -x 5 10.9.0.2\n"),
            "test.gid-index-sides");
        QCOMPARE(runs.size(), std::size_t { 1 });
        QVERIFY2(mentions(runs.front().title, "with -x 5 on both"), runs.front().title.c_str());
        QVERIFY(mentions(runs.front().fixes.front().text, "ib_read_lat -x 5"));
        // The same index on both sides, or rdma_cm choosing it: nothing to say.
        QVERIFY(withRule(
            diagnoseText("server: ib_write_bw -x 3\nclient: ib_write_bw -x 3 10.0.0.2\n"), "test.gid-index-sides")
                    .empty());
        QVERIFY(withRule(
            diagnoseText("server: ib_write_bw -R\nclient: ib_write_bw -R -x 1 10.0.0.2\n"), "test.gid-index-sides")
                    .empty());
    }

    // libfabric's provider warnings before fi_getinfo's -61 name the cause: EFA giving up on a device it cannot open
    // (a host NIC in a pod), or the verbs provider with no address on the RDMA netdev (fi_enable's EINVAL).
    void libfabricProviderWarnings()
    {
        auto efa = diagnoseText("libfabric:88:1735000000::efa:fabric:efa_device_construct_gid():60<warn> "
                                "ibv_open_device failed! errno: 13\n"
                                "libfabric:88:1735000000::efa:fabric:efa_device_list_initialize():290<warn> "
                                "efa_device_construct_gid failed for device_idx 2, err=-13\n"
                                "fi_getinfo: -61 (No data available)\n");
        QVERIFY(!efa.findings.empty());
        const auto& first = efa.findings.front();
        QCOMPARE(first.ruleId, std::string("applog.ofi-no-provider"));
        QVERIFY2(mentions(first.title, "EFA provider gave up"), first.title.c_str());
        QVERIFY(mentions(first.title, "errno 13"));
        QVERIFY(mentions(first.explanation, "Expose only the EFA devices' uverbs nodes"));
        // Not rdma_cm's ENODEV: the open failure is EFA's own.
        QVERIFY(withRule(efa, "applog.device-node").empty());
        QCOMPARE(withRule(efa, "applog.ofi-no-provider").size(), std::size_t { 1 });

        auto verbs = diagnoseText("FI_PROVIDER=verbs\n"
                                  "fi_getinfo(): common/shared.c:700, ret=-61 (No data available)\n"
                                  "fi_enable(): common/shared.c:1021, ret=-22 (Invalid argument)\n");
        auto found = withRule(verbs, "applog.ofi-no-provider");
        QCOMPARE(found.size(), std::size_t { 1 });
        QVERIFY2(mentions(found.front().title, "IP address"), found.front().title.c_str());
        QVERIFY(mentions(found.front().explanation, "The RDMA netdev has no IP address: check `ip addr`"));
        QVERIFY(mentions(found.front().explanation, "rdma_create_qp"));
        // Without a sign of verbs the answer stays the general one.
        auto general = withRule(diagnoseText("fi_getinfo: -61 (No data available)\n"), "applog.ofi-no-provider");
        QCOMPARE(general.size(), std::size_t { 1 });
        QVERIFY(!mentions(general.front().title, "IP address"));
    }

    // `ls /sys/class/infiniband` against `ls /dev/infiniband` of one container: devices sysfs shows without a uverbs
    // node are not usable there; one device's nodes beside all of sysfs is the shared device plugin's pod.
    void containerDeviceNodes()
    {
        auto shared = diagnoseText("root@trainer-0:/# ls /sys/class/infiniband/\n"
                                   "bnxt_re0  bnxt_re1  bnxt_re2\n"
                                   "root@trainer-0:/# ls -l /dev/infiniband\n"
                                   "total 0\n"
                                   "crw-rw-rw- 1 root root 231,  65 Mar  3 10:12 issm1\n"
                                   "crw-rw-rw- 1 root root  10,  58 Mar  3 10:12 rdma_cm\n"
                                   "crw-rw-rw- 1 root root 231,   1 Mar  3 10:12 umad1\n"
                                   "crw-rw-rw- 1 root root 231, 193 Mar  3 10:12 uverbs1\n");
        auto found = withRule(shared, "host.device-node-missing");
        QCOMPARE(found.size(), std::size_t { 1 });
        QVERIFY(found.front().severity == Severity::Warning);
        QVERIFY2(mentions(found.front().title, "3 RDMA devices in sysfs, 1 uverbs node"), found.front().title.c_str());
        QVERIFY(mentions(found.front().explanation, "ENODEV"));
        QVERIFY(mentions(found.front().explanation, "rdma system set netns exclusive"));
        QVERIFY(mentions(found.front().explanation, "rdma-cni"));
        QCOMPARE(found.front().evidence[1].value, std::string("issm1 rdma_cm umad1 uverbs1"));
        QCOMPARE(found.front().evidence[1].where, std::string("paste.txt:3"));
        // No uverbs node at all: nothing can be opened.
        auto none = withRule(diagnoseText("$ ls /sys/class/infiniband\nirdma0\n$ ls /dev/infiniband\nrdma_cm\n"),
            "host.device-node-missing");
        QCOMPARE(none.size(), std::size_t { 1 });
        QVERIFY(none.front().severity == Severity::Error);
        // Every device with its node, or one listing alone: nothing to say.
        QVERIFY(withRule(diagnoseText("$ ls /sys/class/infiniband\nmlx5_0 mlx5_1\n$ ls /dev/infiniband\n"
                                      "rdma_cm uverbs0 uverbs1\n"),
            "host.device-node-missing")
                    .empty());
        QVERIFY(
            withRule(diagnoseText("$ ls /sys/class/infiniband\nmlx5_0 mlx5_1\n"), "host.device-node-missing").empty());
        // The shared device plugin running with nothing wrong in its log: all devices in sysfs are by design.
        auto plugin = diagnoseText("2025/06/11 14:02:07 Starting K8s RDMA Shared Device Plugin version= v1.5.1\n"
                                   "2025/06/11 14:02:07 resource manager reading configs\n");
        auto note = withRule(plugin, "host.shared-device-plugin");
        QCOMPARE(note.size(), std::size_t { 1 });
        QVERIFY(note.front().severity == Severity::Info);
        QVERIFY(mentions(note.front().explanation, "rdma system set netns exclusive"));
        QVERIFY(mentions(note.front().explanation, "rdma-cni"));
        // Its refusal of exclusive mode is told by its own rule instead.
        QVERIFY(withRule(diagnoseText("2025/06/11 14:02:07 Starting K8s RDMA Shared Device Plugin version= v1.5.1\n"
                                      "2025/06/11 14:02:07 Exiting.. can not change : incorrect RDMA subsystem "
                                      "network namespace\n"),
            "host.shared-device-plugin")
                    .empty());
    }

    // An error while disconnecting after perftest printed its results is the teardown (iWARP's close racing the
    // server's rdma_disconnect): a note, not the test's failure. Before any result row it is a failure.
    void teardownAfterResults()
    {
        const std::string banner = "$ ib_read_bw -R -d iwp5s0f4 -s 4096 10.3.3.1\n"
                                   " Dual-port       : OFF\t\tDevice         : iwp5s0f4\n"
                                   " Number of qps   : 1\t\tTransport type : IW\n"
                                   " #bytes     #iterations    BW peak[MB/sec]    BW average[MB/sec]   MsgRate[Mpps]\n";
        const std::string row = " 4096       1000             1101.53            1100.87               0.281823\n";
        const std::string bye = " Failed to disconnect RDMA CM connection\n Connection reset by peer\n";
        auto done = diagnoseText(banner + row + bye);
        auto note = withRule(done, "test.teardown");
        QCOMPARE(note.size(), std::size_t { 1 });
        QVERIFY(note.front().severity == Severity::Info);
        QVERIFY(mentions(note.front().explanation, "benign"));
        QVERIFY(!done.hasErrors());
        auto early = diagnoseText(banner + bye);
        QVERIFY(withRule(early, "test.teardown").empty());
        QVERIFY(early.hasErrors());
    }

    // rdma_create_qp's EINVAL from an rdma_cm program: the device it was told against the one rdma_cm bound (a bond).
    // libfabric's fi_enable EINVAL stays with applog.ofi-no-provider; ENOMEM stays the locked-memory limit.
    void createQpInvalid()
    {
        auto r = diagnoseText("E1207 09:14:02.118 conn.cpp:311] rdma_create_qp failed: Invalid argument (22)\n");
        auto found = withRule(r, "applog.qp-device");
        QCOMPARE(found.size(), std::size_t { 1 });
        QVERIFY(found.front().severity == Severity::Error);
        QVERIFY(mentions(found.front().explanation, "bond"));
        QVERIFY(mentions(found.front().fixes.front().text, "rdma link show"));
        QVERIFY(
            withRule(diagnoseText("rdma_create_qp failed: Cannot allocate memory (12)\n"), "applog.qp-device").empty());
        QVERIFY(withRule(
            diagnoseText("fi_enable(): common/shared.c:1021, ret=-22 (Invalid argument)\n"), "applog.qp-device")
                    .empty());
    }

    // UCX's endpoint dump: a lane from the second device to the peer's first memory domain pairs two devices that
    // may sit on separate fabrics; lanes between like indexes say nothing.
    void ucxLanesAcrossDevices()
    {
        const std::string head = "#\n# UCP endpoint\n#\n#               peer: gpu-b:7781\n";
        auto r = diagnoseText(head
            + "#                 lane[0]:  1:rc_mlx5/mlx5_2:1.0 md[0]  -> md[0]/ib/sysdev[255] am am_bw#0\n"
              "#                 lane[1]:  4:rc_mlx5/mlx5_3:1.0 md[1]  -> md[0]/ib/sysdev[255] rma_bw#0\n"
              "#\n#                  rma_bw: mds [1] rndv_rkey_size 34\n");
        QCOMPARE(r.hostCount, std::size_t { 1 });
        auto found = withRule(r, "applog.ucx-crossed-lanes");
        QCOMPARE(found.size(), std::size_t { 1 });
        QVERIFY2(mentions(found.front().title, "mlx5_3 (md[1]) connects to the peer's md[0], mlx5_2"),
            found.front().title.c_str());
        QVERIFY(mentions(found.front().explanation, "restrict UCX_NET_DEVICES"));
        QVERIFY(mentions(found.front().fixes.front().text, "UCX_NET_DEVICES=mlx5_2:1"));
        QCOMPARE(found.front().evidence.front().where, std::string("paste.txt:6"));
        auto alike = diagnoseText(head
            + "#                 lane[0]:  1:rc_mlx5/mlx5_2:1.0 md[0]  -> md[0]/ib/sysdev[255] am am_bw#0\n"
              "#                 lane[1]:  4:rc_mlx5/mlx5_3:1.0 md[1]  -> md[1]/ib/sysdev[255] rma_bw#0\n");
        QVERIFY(withRule(alike, "applog.ucx-crossed-lanes").empty());
    }

    // dmesg of a driver that failed: the answer, with the tools' "no device" as its consequence; a healthy boot line
    // of the same driver and a line of another subsystem say nothing.
    void kernelDriverFailure()
    {
        auto r = diagnoseText("[    4.101221] mlx5_core 0000:3b:00.0: firmware version: 12.14.2036\n"
                              "[    4.312002] mlx5_core 0000:3b:00.0: mlx5_cmd_check:786: firmware version is not "
                              "supported by this driver, please update the firmware\n"
                              "[    4.312050] mlx5_core 0000:3b:00.0: init_one:1354: mlx5_load_one failed with error "
                              "code -22\n"
                              "[    5.000000] usb 1-1: device descriptor read/64, error -71\n"
                              "$ ibv_devinfo\nNo IB devices found\n");
        auto found = withRule(r, "applog.driver-error");
        QCOMPARE(found.size(), std::size_t { 1 });
        QVERIFY(found.front().severity == Severity::Error);
        QVERIFY2(mentions(found.front().title, "mlx5_core") && mentions(found.front().title, "0000:3b:00.0"),
            found.front().title.c_str());
        QVERIFY(mentions(found.front().explanation, "firmware"));
        QCOMPARE(found.front().evidence.front().where, std::string("paste.txt:2"));
        QVERIFY(withRule(r, "applog.no-device").empty());
        // `dmesg -t`: no timestamp, the driver's own prefix; a sentence that only names the driver is not its line.
        auto bare = withRule(diagnoseText("mlx4_en: eth2: Port: 1, LSO not supported, please upgrade to a later FW "
                                          "version\n"),
            "applog.driver-error");
        QCOMPARE(bare.size(), std::size_t { 1 });
        QVERIFY(mentions(bare.front().title, "the firmware"));
        QVERIFY(
            withRule(diagnoseText("mlx5_core failed to load on my node, any idea?\n"), "applog.driver-error").empty());
        // ibstatus finding no device, and dmesg pasted under it without a prompt of its own: both read.
        auto under = diagnoseText("[root@n1 ~]# ibstatus\nFatal error:  device '*': sys files not found "
                                  "(/sys/class/infiniband/*/ports)\n[   39.3] mlx4_core 0000:0d:00.0: command "
                                  "0x23 failed: fw status = 0x1\n");
        auto consequence = withRule(under, "applog.driver-error");
        QCOMPARE(consequence.size(), std::size_t { 1 });
        QVERIFY(std::ranges::any_of(
            consequence.front().evidence, [](const Evidence& e) { return mentions(e.value, "sys files not found"); }));
        QVERIFY(withRule(under, "applog.no-device").empty());
        QVERIFY(withRule(diagnoseText("[    4.101221] mlx5_core 0000:3b:00.0: firmware version: 16.35.2000\n"
                                      "[    5.000000] usb 1-1: device descriptor read/64, error -71\n"),
            "applog.driver-error")
                    .empty());
    }

    // ibstat of an Active Ethernet port: no GIDs in the paste, but what the port is (LID 0, reached by GID only)
    // answers programs written for InfiniBand. A port that is down gets port.down, not this line.
    void roceWithoutItsTable()
    {
        const std::string ibstat = "CA 'mlx5_1'\n\tCA type: MT4121\n\tNumber of ports: 1\n\tPort 1:\n\t\tState: STATE\n"
                                   "\t\tPhysical state: LinkUp\n\t\tRate: 25\n\t\tBase lid: 0\n\t\tLMC: 0\n\t\tSM lid: "
                                   "0\n\t\tLink layer: Ethernet\n";
        auto withState = [&](const std::string& state) {
            auto text = ibstat;
            text.replace(text.find("STATE"), 5, state);
            return diagnoseText(text);
        };
        auto r = withState("Active");
        QCOMPARE(r.ports.size(), std::size_t { 1 });
        QVERIFY(r.ports.front().tableUnread);
        QVERIFY(!r.ports.front().gidIndex);
        const auto text = reportToText(r);
        QVERIFY2(mentions(text, "node1:mlx5_1/1 is a RoCE port") && mentions(text, "LID is 0")
                && mentions(text, "show_gids"),
            text.c_str());
        // The index was not judged: M2 still says what to paste.
        QVERIFY(
            std::ranges::any_of(r.coverage, [](const CheckCoverage& c) { return c.check == "M2" && !c.evaluated; }));
        auto down = withState("Down");
        QVERIFY(down.ports.empty());
        QCOMPARE(withRule(down, "port.down").size(), std::size_t { 1 });
    }

    // A RoCE port that prints a LID (infiniband-diags' ibstat "Base lid", ibv_devinfo's port_lid, ibstatus's hex "base
    // lid"), told RoCE by its link layer or by rdma-core's stable name when the paste cuts the link layer off: software
    // that picks InfiniBand by a non-zero LID fails to connect, and a modify-QP error beside it is tied to it.
    void roceLidTakesTheInfinibandPath()
    {
        const std::string ibstat = "CA 'NAME'\n\tCA type:\n\tNumber of ports: 1\n\tFirmware version: 1.50\n\tPort "
                                   "1:\n\t\tState: Active\n\t\tPhysical state: LinkUp\n\t\tRate: 100\n\t\tBase lid: "
                                   "LID\n\t\tLMC: 0\n\t\tSM lid: 0\n\t\tCapability mask: 0x00050000\nLAYER";
        auto with = [&](const std::string& name, const std::string& lid, const std::string& layer) {
            auto text = ibstat;
            text.replace(text.find("NAME"), 4, name);
            text.replace(text.find("LID"), 3, lid);
            text.replace(text.find("LAYER"), 5, layer);
            return text;
        };
        const std::string nccl
            = "machine1:196207:196244 [0] misc/ibvwrap.cc:284 NCCL WARN Call to ibv_modify_qp failed "
              "with error Invalid argument\n\n";
        // The name alone (rdma-core's "roce" + PCI slot) says Ethernet.
        auto r = diagnoseText(nccl + with("rocep216s0f1", "1", ""));
        auto found = withRule(r, "port.roce-lid");
        QCOMPARE(found.size(), std::size_t { 1 });
        QVERIFY(found.front().severity == Severity::Warning);
        QVERIFY2(mentions(found.front().explanation, "rdma-core's name")
                && mentions(found.front().explanation, "link layer"),
            found.front().explanation.c_str());
        auto qp = withRule(r, "applog.modify-qp");
        QCOMPARE(qp.size(), std::size_t { 1 });
        QVERIFY2(mentions(qp.front().explanation, "port.roce-lid"), qp.front().explanation.c_str());
        // The unread-table line no longer claims LID 0 or a link layer the paste did not show.
        const auto text = reportToText(r);
        QVERIFY2(!mentions(text, "its LID is 0") && mentions(text, "it reports 1"), text.c_str());
        // Link layer Ethernet under a kernel name: the same.
        QCOMPARE(withRule(diagnoseText(with("irdma0", "1", "\t\tLink layer: Ethernet\n")), "port.roce-lid").size(),
            std::size_t { 1 });
        // LID 0 on RoCE, an InfiniBand port, or a kernel name with no link layer (could be InfiniBand): quiet.
        QVERIFY(withRule(diagnoseText(with("rocep216s0f1", "0", "")), "port.roce-lid").empty());
        QVERIFY(withRule(diagnoseText(with("mlx5_0", "7", "\t\tLink layer: InfiniBand\n")), "port.roce-lid").empty());
        QVERIFY(withRule(diagnoseText(with("mlx5_0", "7", "")), "port.roce-lid").empty());
        auto unknown = reportToText(diagnoseText(with("mlx5_0", "0", "")));
        QVERIFY2(mentions(unknown, "does not show its link layer") && !mentions(unknown, "link layer Ethernet"),
            unknown.c_str());
        // ibv_devinfo's and ibstatus's forms of the LID.
        QCOMPARE(
            withRule(diagnoseText("$ ibv_devinfo\nhca_id:\tirdma1\n\ttransport:\t\t\tInfiniBand (0)\n\tphys_port_cnt:"
                                  "\t\t\t1\n\t\tport:\t1\n\t\t\tstate:\t\t\tPORT_ACTIVE (4)\n\t\t\tport_lid:\t\t"
                                  "1\n\t\t\tlink_layer:\t\tEthernet\n"),
                "port.roce-lid")
                .size(),
            std::size_t { 1 });
        QCOMPARE(withRule(diagnoseText("Infiniband device 'rocep5s0f0' port 1 status:\n\tdefault gid:\t "
                                       "fe80:0000:0000:0000:527c:6fff:fe3c:3b56\n\tbase lid:\t 0x1\n\tsm lid:\t\t 0x0\n"
                                       "\tstate:\t\t 4: ACTIVE\n\tphys state:\t 5: LinkUp\n\trate:\t\t 10 Gb/sec (1X "
                                       "QDR)\n\tlink_layer:\t Ethernet\n"),
                     "port.roce-lid")
                     .size(),
            std::size_t { 1 });
    }

    // A sentence above an output that names its tool by its first line (ibstat's CA line, ifconfig's header) does not
    // hide it; net-tools' ifconfig in both its forms reads as `ip addr` (MTU, state, IPv4 with its prefix).
    void proseAboveOutputsAndIfconfig()
    {
        auto r = diagnoseText(
            "PC1's NIC (ibstat):\nCA 'rocep5s0f0'\n        CA type:\n        Number of ports: 1\n"
            "        Port 1:\n                State: Active\n                Physical state: LinkUp\n"
            "                Base lid: 0\n\nPC1's ip is 100.100.100.1,\nenp5s0f0: "
            "flags=4163<UP,BROADCAST,RUNNING,MULTICAST>  mtu 4096\n        inet 100.100.100.1  netmask "
            "255.255.255.0  broadcast 0.0.0.0\n        inet6 fe80::527c:6fff:fe3c:3b56  prefixlen 64  "
            "scopeid 0x20<link>\n        ether 50:7c:6f:3c:3b:56  txqueuelen 1000  (Ethernet)\n        RX "
            "packets 3748  bytes 289039 (289.0 KB)\n        TX errors 425  dropped 0 overruns 0  "
            "carrier 0  collisions 0\n\n$ ifconfig eth1\neth1      Link encap:Ethernet  HWaddr "
            "00:11:22:33:44:55\n          inet addr:10.9.0.2  Bcast:10.9.0.255  Mask:255.255.255.0\n"
            "          inet6 addr: fe80::211:22ff:fe33:4455/64 Scope:Link\n          UP BROADCAST "
            "MULTICAST  MTU:9000  Metric:1\n");
        QCOMPARE(r.ports.size(), std::size_t { 1 });
        QCOMPARE(r.ports.front().device, std::string("rocep5s0f0"));
        const auto pasted
            = importFragments("enp5s0f0: flags=4163<UP,BROADCAST,RUNNING,MULTICAST>  mtu 4096\n        "
                              "inet 100.100.100.1  netmask 255.255.255.0  broadcast 0.0.0.0\n\n$ ifconfig "
                              "eth1\neth1      Link encap:Ethernet  HWaddr 00:11:22:33:44:55\n          inet "
                              "addr:10.9.0.2  Bcast:10.9.0.255  Mask:255.255.255.0\n          UP BROADCAST "
                              "MULTICAST  MTU:9000  Metric:1\n",
                "node1");
        QCOMPARE(pasted.hosts.size(), std::size_t { 1 });
        const auto& netdevs = pasted.hosts.front().netdevs;
        auto named = [&](const std::string& name) -> const Netdev* {
            auto it = std::ranges::find_if(netdevs, [&](const Netdev& n) { return n.name == name; });
            return it == netdevs.end() ? nullptr : &*it;
        };
        QVERIFY(named("enp5s0f0") && named("eth1"));
        QCOMPARE(named("enp5s0f0")->mtu.value_or(0), 4096);
        QCOMPARE(named("enp5s0f0")->operState, std::string("UP"));
        QCOMPARE(named("enp5s0f0")->ipv4, std::vector<std::string> { "100.100.100.1/24" });
        QCOMPARE(named("eth1")->ipv4, std::vector<std::string> { "10.9.0.2/24" });
        QCOMPARE(named("eth1")->mtu.value_or(0), 9000);
        QCOMPARE(named("eth1")->operState, std::string("DOWN")); // UP without RUNNING: no carrier
        QCOMPARE(named("eth1")->mac, std::string("00:11:22:33:44:55"));
        // Two machines' interfaces, each in an output of its own under a sentence naming it: no "one host's NICs
        // share a subnet" from them. The same two in one output are one host's.
        const std::string a = "enp5s0f0: flags=4163<UP,BROADCAST,RUNNING,MULTICAST>  mtu 4096\n        inet "
                              "100.100.100.1  netmask 255.255.255.0\n";
        const std::string b = "enp3s0f1: flags=4163<UP,BROADCAST,RUNNING,MULTICAST>  mtu 4096\n        inet "
                              "100.100.100.2  netmask 255.255.255.0\n";
        const std::string ca = "\nCA 'rocep5s0f0'\n\tPort 1:\n\t\tState: Active\n\t\tLink layer: Ethernet\n";
        QVERIFY(withRule(
            diagnoseText("PC1 is 100.100.100.1\n" + a + "\nPC2 is 100.100.100.2\n" + b + ca), "host.ports-share-subnet")
                    .empty());
        QCOMPARE(withRule(diagnoseText("$ ifconfig\n" + a + "\n" + b + ca), "host.ports-share-subnet").size(),
            std::size_t { 1 });
    }

    // TensorFlow's verbs path prints ibv_modify_qp's return, the errno, bare at the end: 101 on a RoCE port is the
    // IB-only LID addressing (no GRH) as much as a missing route. "port 1" at a line's end is no errno.
    void bareErrnoAfterModify()
    {
        auto r = diagnoseText("F tensorflow/core/distributed_runtime/rdma/rdma.cc:482] Check failed: !(r = "
                              "ibv_modify_qp(qp_, &attr, IBV_QP_STATE | IBV_QP_AV | IBV_QP_PATH_MTU)) QP to Ready to "
                              "Receive 101\n");
        auto found = withRule(r, "applog.modify-qp");
        QCOMPARE(found.size(), std::size_t { 1 });
        QVERIFY2(mentions(found.front().explanation, "errno 101") && mentions(found.front().explanation, "GRH"),
            found.front().explanation.c_str());
        auto port = withRule(diagnoseText("Failed to modify QP to RTR on port 1\n"), "applog.modify-qp");
        QCOMPARE(port.size(), std::size_t { 1 });
        QVERIFY2(!mentions(port.front().explanation, "errno"), port.front().explanation.c_str());
    }

    // libfabric with no provider for the node (FI_ENODATA): aws-ofi-nccl's NET/OFI line (nccl_ofi_rdma.cpp's format)
    // and fi_info's exit line. EFA meant: the container is the usual cause; another provider: which one is missing.
    void ofiFindsNoProvider()
    {
        auto nccl = diagnoseText("gpu-7:4410:4452 [0] nccl_net_ofi_rdma_init:7300 NCCL WARN NET/OFI OFI fi_getinfo() "
                                 "call failed: No data available\n");
        auto found = withRule(nccl, "applog.ofi-no-provider");
        QCOMPARE(found.size(), std::size_t { 1 });
        QVERIFY(found.front().severity == Severity::Error);
        QVERIFY2(mentions(found.front().title, "EFA"), found.front().title.c_str());
        QVERIFY(mentions(found.front().fixes.front().text, "/dev/infiniband"));
        QVERIFY(withRule(nccl, "applog.no-device").empty());
        auto efa = withRule(diagnoseText("$ fi_info -p efa -t FI_EP_RDM\n-61\n"), "applog.ofi-no-provider");
        QCOMPARE(efa.size(), std::size_t { 1 });
        QVERIFY(mentions(efa.front().title, "EFA"));
        QCOMPARE(efa.front().evidence.front().where, std::string("paste.txt:2"));
        auto verbs = withRule(
            diagnoseText("$ fi_info -p verbs\nfi_getinfo: -61 (No data available)\n"), "applog.ofi-no-provider");
        QCOMPARE(verbs.size(), std::size_t { 1 });
        QVERIFY2(!mentions(verbs.front().title, "EFA") && mentions(verbs.front().fixes.front().text, "fi_info -l"),
            verbs.front().title.c_str());
        QVERIFY(std::ranges::any_of(
            verbs.front().evidence, [](const Evidence& e) { return mentions(e.value, "-p verbs"); }));
        // Fixed: fi_info lists the provider.
        auto fixed = diagnoseText("$ fi_info -p efa\nprovider: efa\n    fabric: efa\n    domain: rdmap16s27-rdm\n");
        QVERIFY(withRule(fixed, "applog.ofi-no-provider").empty());
        QCOMPARE(withRule(fixed, "applog.efa").size(), std::size_t { 1 });
    }

    // The shared device plugin's refusal of exclusive netns mode (its Go log format), `rdma system show` alone, and a
    // resource its selectors left empty.
    void devicePluginNetnsMode()
    {
        auto r = diagnoseText("2024/03/02 08:10:11 Starting K8s RDMA Shared Device Plugin version= v1.4.0\n"
                              "2024/03/02 08:10:11 Exiting.. can not change : incorrect RDMA subsystem network "
                              "namespace\n\n$ rdma system show\nnetns exclusive copy-on-fork on\n");
        auto found = withRule(r, "host.rdma-netns-exclusive");
        QCOMPARE(found.size(), std::size_t { 1 });
        QVERIFY(found.front().severity == Severity::Error);
        QCOMPARE(found.front().evidence.size(), std::size_t { 2 });
        QVERIFY(mentions(found.front().fixes.front().text, "rdma system set netns shared"));
        auto alone = withRule(
            diagnoseText("$ rdma system show\nnetns exclusive copy-on-fork on\n"), "host.rdma-netns-exclusive");
        QCOMPARE(alone.size(), std::size_t { 1 });
        QVERIFY(alone.front().severity == Severity::Info);
        QVERIFY(
            withRule(diagnoseText("$ rdma system show\nnetns shared copy-on-fork on\n"), "host.rdma-netns-exclusive")
                .empty());
        auto empty = withRule(diagnoseText("2024/03/02 08:10:11 Warning: no devices in device pool, creating empty "
                                           "resource server for rdma_shared_a\n"),
            "applog.plugin-no-device");
        QCOMPARE(empty.size(), std::size_t { 1 });
        QVERIFY(empty.front().severity == Severity::Error);
    }

    // `ip addr` of two NICs in one subnet beside an NCCL completion error (NCCL's "localGid %s remoteGids%s") whose
    // peer GID is this host's other NIC: the hazard seen failing. Without RDMA in the paste, or in two subnets: quiet.
    void interfacesShareSubnet()
    {
        const std::string ip = "$ ip addr\n4: ens1f0: <BROADCAST,MULTICAST,UP,LOWER_UP> mtu 9000 qdisc mq state UP\n"
                               "    link/ether 0c:42:a1:00:00:01 brd ff:ff:ff:ff:ff:ff\n"
                               "    inet 192.168.7.11/24 brd 192.168.7.255 scope global ens1f0\n"
                               "5: ens2f0: <BROADCAST,MULTICAST,UP,LOWER_UP> mtu 9000 qdisc mq state UP\n"
                               "    link/ether 0c:42:a1:00:00:02 brd ff:ff:ff:ff:ff:ff\n"
                               "    inet 192.168.SUBNET.12/24 brd 192.168.7.255 scope global ens2f0\n";
        const std::string log = "n1:881:902 [2] NCCL WARN NET/IB : Got completion from peer 192.168.7.20<4001> with "
                                "status=12 opcode=0 len=0 vendor err 129 (Recv) localGid ::ffff:192.168.7.11 "
                                "remoteGids::ffff:192.168.7.12\n";
        auto with = [&](const std::string& subnet, bool withLog) {
            auto text = ip;
            text.replace(text.find("SUBNET"), 6, subnet);
            return diagnoseText((withLog ? log + "\n" : std::string()) + text);
        };
        auto found = withRule(with("7", true), "host.ports-share-subnet");
        QCOMPARE(found.size(), std::size_t { 1 });
        QVERIFY(found.front().severity == Severity::Error);
        QVERIFY2(mentions(found.front().title, "192.168.7.0/24")
                && mentions(found.front().explanation, "NCCL_NET_DISABLE_INTRA"),
            found.front().title.c_str());
        QCOMPARE(found.front().evidence.size(), std::size_t { 3 });
        QVERIFY(withRule(with("8", true), "host.ports-share-subnet").empty());
        QVERIFY(withRule(with("7", false), "host.ports-share-subnet").empty());
    }

    // Open MPI's openib notice (help-mpi-btl-openib-cpc-base.txt, inside its "-----" frame) is the BTL turning itself
    // off on a port. With UCX as the PML it is a note, not a failed connection; the GID index on the launcher's line
    // (markdown inline code around it) is still read. Without UCX it is a warning with rdmacm or UCX as the fix.
    void openibNoticeBesideUcx()
    {
        auto paste = [](const std::string& options) {
            return "Command:\n`mpirun -np 4 --map-by node " + options
                + "./allreduce`\n\n"
                  "--------------------------------------------------------------------------\n"
                  "No OpenFabrics connection schemes reported that they were able to be\n"
                  "used on a specific port.  As such, the openib BTL (OpenFabrics\n"
                  "support) will be disabled for this port.\n\n"
                  "  Local host:           gpu-a17\n"
                  "  Local device:         mlx5_0\n"
                  "  Local port:           1\n"
                  "  CPCs attempted:       udcm\n"
                  "--------------------------------------------------------------------------\n";
        };
        auto r = diagnoseText(paste("-mca pml ucx -mca btl ^vader -x UCX_NET_DEVICES=mlx5_0:1 -x UCX_IB_GID_INDEX=1 "));
        auto note = withRule(r, "applog.openib-no-cpc");
        QCOMPARE(note.size(), std::size_t { 1 });
        QVERIFY(note.front().severity == Severity::Info);
        QVERIFY(note.front().fixes.empty());
        QVERIFY(withRule(r, "applog.connect").empty());
        // Index 1 on mlx5 is the RoCE v2 link-local default GID, read from the inline-code launcher line.
        auto gid = withRule(r, "applog.gid-default");
        QCOMPARE(gid.size(), std::size_t { 1 });
        QVERIFY2(mentions(gid.front().title, "UCX_IB_GID_INDEX=1"), gid.front().title.c_str());

        // openib as the transport: no UCX on the line or in the log.
        auto plain = diagnoseText(paste("-mca btl openib,self "));
        auto warning = withRule(plain, "applog.openib-no-cpc");
        QCOMPARE(warning.size(), std::size_t { 1 });
        QVERIFY(warning.front().severity == Severity::Warning);
        QVERIFY(!warning.front().fixes.empty() && mentions(warning.front().fixes.front().text, "rdmacm"));
        QVERIFY(withRule(plain, "applog.connect").empty());
    }

    // perftest on an iWARP NIC (its header's "Transport type : IW", "Link type : Ethernet"): the device is said not to
    // be RoCE, and its GID index 0 (MAC-based on iWARP) is not called a link-local RoCE GID. The same header with
    // "IB" on a RoCE device still is.
    void perftestOnIwarpIsNotRoce()
    {
        auto header = [](const std::string& device, const std::string& transport) {
            return "$ ib_send_bw -d " + device
                + " -R 10.1.1.2\n"
                  "                    Send BW Test\n"
                  " Dual-port       : OFF          Device         : "
                + device + "\n Number of qps   : 1            Transport type : " + transport
                + "\n Connection type : RC           Using SRQ      : OFF\n"
                  " Mtu             : 1024[B]\n"
                  " Link type       : Ethernet\n"
                  " GID index       : 0\n"
                  " rdma_cm QPs     : ON\n";
        };
        auto iwarp = diagnoseText(header("iw_cxgb0", "IW"));
        QVERIFY(withRule(iwarp, "test.gid-index").empty());
        auto notRoce = withRule(iwarp, "port.not-roce");
        QCOMPARE(notRoce.size(), std::size_t { 1 });
        QVERIFY(notRoce.front().severity == Severity::Info);
        QVERIFY2(mentions(notRoce.front().explanation, "iWARP"), notRoce.front().explanation.c_str());
        auto roce = diagnoseText(header("mlx5_0", "IB"));
        QCOMPARE(withRule(roce, "test.gid-index").size(), std::size_t { 1 });
        QVERIFY(withRule(roce, "port.not-roce").empty());
    }

    // ENOMEM making a CQ or registering memory (UCX's ucs_error format, libibverbs' own limit warning, `ulimit -a`):
    // the locked-memory limit. Unlimited: the device or the host ran out instead. A limit alone: a warning when small.
    void lockedMemoryLimit()
    {
        const std::string ucx
            = "[1700000000.000001] [n4:2211:0]        ib_iface.c:1035 UCX  ERROR ibv_create_cq(cqe=4096) "
              "failed: Cannot allocate memory\n";
        const std::string ulimit
            = "$ ulimit -a\ncore file size          (blocks, -c) 0\n"
              "max locked memory       (kbytes, -l) LIMIT\nopen files                      (-n) 1024\n";
        auto with = [&](const std::string& limit) {
            auto text = ulimit;
            text.replace(text.find("LIMIT"), 5, limit);
            return text;
        };
        auto found = withRule(diagnoseText(ucx + with("64")), "host.memlock");
        QCOMPARE(found.size(), std::size_t { 1 });
        QVERIFY(found.front().severity == Severity::Error);
        QCOMPARE(found.front().evidence.size(), std::size_t { 2 });
        QVERIFY2(mentions(found.front().explanation, "64 KiB"), found.front().explanation.c_str());
        QVERIFY(mentions(found.front().fixes.front().text, "memlock  unlimited"));
        // The error alone still names the limit as the cause; the limit unlimited names the device instead.
        QCOMPARE(withRule(diagnoseText(ucx), "host.memlock").size(), std::size_t { 1 });
        auto device = diagnoseText(ucx + with("unlimited"));
        QVERIFY(withRule(device, "host.memlock").empty());
        QCOMPARE(withRule(device, "applog.resource-exhausted").size(), std::size_t { 1 });
        // libibverbs' warning alone: a warning; a roomy limit alone: nothing.
        auto warned = withRule(diagnoseText("libibverbs: Warning: RLIMIT_MEMLOCK is 32768 bytes.\n"
                                            "    This will severely limit memory registrations.\n"),
            "host.memlock");
        QCOMPARE(warned.size(), std::size_t { 1 });
        QVERIFY(warned.front().severity == Severity::Warning);
        QVERIFY(withRule(diagnoseText(with("unlimited")), "host.memlock").empty());
        QVERIFY(withRule(diagnoseText(with("1048576")), "host.memlock").empty());
        // Another errno is not this: an attribute the device refuses.
        QVERIFY(withRule(diagnoseText("ibv_create_qp failed: Invalid argument\n"), "host.memlock").empty());
    }

    // The answer first: what could not be checked folds into one line per thing to paste.
    void notCheckedFolds()
    {
        auto r = diagnoseText("$ show_gids\nDEV\tPORT\tINDEX\tGID\t\t\t\t\tIPv4  \t\tVER\tDEV\n"
                              "mlx5_0\t1\t3\t0000:0000:0000:0000:0000:ffff:0a0b:b00a\t10.11.176.10  \tv2\tens1f0\n");
        const auto text = reportToText(r);
        const auto at = text.find("not checked:");
        QVERIFY(at != std::string::npos);
        const auto lines = std::count(text.begin() + static_cast<std::ptrdiff_t>(at), text.end(), '\n');
        QVERIFY2(lines <= 8, text.c_str());
        QVERIFY(mentions(text, "(M5 M6 M7 M8 M9 M14 M17)"));
        // --json keeps every check with what it needs.
        QVERIFY(mentions(reportToJson(r), "\"missing_data\""));
    }

    // perftest stops at its port check: the Down port is the answer, not "the test failed".
    void perftestPortDown()
    {
        auto r = diagnoseText(applogFixture("perftest_port_down.txt"), "perftest_port_down.txt");
        auto found = withRule(r, "test.port-down");
        QCOMPARE(found.size(), std::size_t { 1 });
        const auto& f = found.front();
        QVERIFY(f.severity == Severity::Error);
        QVERIFY2(mentions(f.evidence.front().value, "Port number 2 state is Down"), f.evidence.front().value.c_str());
        QCOMPARE(f.evidence.front().where, std::string("perftest_port_down.txt:2"));
        QVERIFY(mentions(f.fixes.front().text, "ib_write_bw -d DEV -i PORT"));
        QVERIFY(mentions(f.fixes.front().text, "this run used port 2"));
        QVERIFY(withRule(r, "test.failed").empty());
        // Another state than Down is a port that is not up yet (InfiniBand without a subnet manager): the same rule.
        QCOMPARE(withRule(diagnoseText("$ ib_send_lat -d mlx5_0\n Port number 1 state is Init\n Couldn't set the "
                                       "link layer\n"),
                     "test.port-down")
                     .size(),
            std::size_t { 1 });

        QFile fixedFile(QStringLiteral(RP_FIXTURES_DIR "/perftest/write_bw.client.txt"));
        QVERIFY(fixedFile.open(QIODevice::ReadOnly));
        auto fixed = diagnoseText(fixedFile.readAll().toStdString());
        QVERIFY(withRule(fixed, "test.port-down").empty());
    }

    // NCCL's word on its environment: no interface for its sockets is the failure; libibverbs missing is a note
    // beside it, and alone a warning that RDMA is off for NCCL there.
    void ncclEnvironment()
    {
        auto r = diagnoseText(applogFixture("nccl_no_interface.log"), "nccl_no_interface.log");
        auto noInterface = withRule(r, "applog.nccl-no-interface");
        QCOMPARE(noInterface.size(), std::size_t { 1 });
        QCOMPARE(noInterface.front().evidence.size(), std::size_t { 2 }); // the pre-2.4 line and the bootstrap one
        QVERIFY(noInterface.front().severity == Severity::Error);
        QCOMPARE(noInterface.front().evidence.front().where, std::string("nccl_no_interface.log:2"));
        QVERIFY2(mentions(noInterface.front().explanation, "Address family not supported"),
            noInterface.front().explanation.c_str());
        QVERIFY(mentions(noInterface.front().explanation, "not this failure"));
        QVERIFY(mentions(noInterface.front().fixes.front().text, "--network=host"));
        QVERIFY(mentions(noInterface.front().evidence.back().value, "no socket interface found"));
        auto noVerbs = withRule(r, "applog.nccl-no-verbs");
        QCOMPARE(noVerbs.size(), std::size_t { 1 });
        QVERIFY(noVerbs.front().severity == Severity::Info);
        // The answer first: the interface, then the note.
        QCOMPARE(r.findings.front().ruleId, std::string("applog.nccl-no-interface"));

        auto alone = withRule(diagnoseText(applogFixture("nccl_no_verbs.log")), "applog.nccl-no-verbs");
        QCOMPARE(alone.size(), std::size_t { 1 });
        QVERIFY(alone.front().severity == Severity::Warning);
        QVERIFY(mentions(alone.front().fixes.front().text, "libibverbs1"));

        auto fixed = diagnoseText(applogFixture("nccl_ib.log"));
        QVERIFY(withRule(fixed, "applog.nccl-no-interface").empty());
        QVERIFY(withRule(fixed, "applog.nccl-no-verbs").empty());
    }

    // An application walking the GID table: the empty slots it probed are no index it uses, and no-gid says so.
    void gidScanEmptySlots()
    {
        auto r = diagnoseText(applogFixture("glog_gid_scan.log"), "glog_gid_scan.log");
        QVERIFY(withRule(r, "applog.needs-table").empty());
        auto found = withRule(r, "applog.no-gid");
        QCOMPARE(found.size(), std::size_t { 1 });
        QVERIFY2(mentions(found.front().explanation, "3 indexes answering \"No data available\" (31 to 33)"),
            found.front().explanation.c_str());
        QVERIFY(mentions(found.front().explanation, "global IPv6 address"));
        // One empty slot is just the index the application was given: no scan to speak of.
        auto one = withRule(diagnoseText("E1127 14:02:11.508120 90211 rdma_context.cpp:450] Failed to query GID 5 on "
                                         "mlx5_3/1: No data available [61]\n"),
            "applog.no-gid");
        QCOMPARE(one.size(), std::size_t { 1 });
        QVERIFY(!mentions(one.front().explanation, "indexes answering"));

        auto fixed = diagnoseText(applogFixture("glog.log"));
        QVERIFY(withRule(fixed, "applog.no-gid").empty());
    }

    // Modify QP with ENODEV: an index that is an empty slot on this host, the first thing to check.
    void modifyQpNoDeviceIsEmptySlot()
    {
        auto found = withRule(diagnoseText("gpu-b3:5120:5163 [0] misc/ibvwrap.cc:262 NCCL WARN Call to ibv_modify_qp "
                                           "failed with error No such device\n"),
            "applog.modify-qp");
        QCOMPARE(found.size(), std::size_t { 1 });
        QVERIFY2(mentions(found.front().explanation, "an empty slot"), found.front().explanation.c_str());
        QVERIFY(mentions(found.front().explanation, "each one's own table"));
        auto timedOut = withRule(diagnoseText("gpu-b3:5120:5163 [0] misc/ibvwrap.cc:262 NCCL WARN Call to "
                                              "ibv_modify_qp failed with error Connection timed out\n"),
            "applog.modify-qp");
        QCOMPARE(timedOut.size(), std::size_t { 1 });
        QVERIFY(!mentions(timedOut.front().explanation, "each one's own table"));
    }

    // A provider warning in the log of an application that went on to read a port's GIDs (or to set up a QP) is
    // about other hardware: a device was open. A note, not a second error beside the real one.
    void providerWarningBesideAnOpenDevice()
    {
        const std::string warning
            = "libibverbs: Warning: couldn't load driver 'libbnxt_re-rdmav34.so': "
              "libbnxt_re-rdmav34.so: cannot open shared object file: No such file or directory\n";
        auto r = diagnoseText(warning
            + "W1127 09:41:02.112233   812 util_rdma.h:547] NET/IB: read failed in ncclIbRoceGetVersionNum: Invalid "
              "argument\n");
        auto provider = withRule(r, "applog.no-provider");
        QCOMPARE(provider.size(), std::size_t { 1 });
        QVERIFY(provider.front().severity == Severity::Info);
        QCOMPARE(withRule(r, "applog.no-gid").size(), std::size_t { 1 });
        // Alone (no device ever seen) it stays the error it is.
        auto alone = withRule(diagnoseText(warning + "No IB devices found\n"), "applog.no-provider");
        QCOMPARE(alone.size(), std::size_t { 1 });
        QVERIFY(alone.front().severity == Severity::Error);
    }

    // A default (link-local) GID index beside the failure it gives: the index is the cause, an error, told first.
    void gidDefaultCausesFailure()
    {
        auto r = diagnoseText(applogFixture("ucx_gid_default_timeout.log"), "ucx_gid_default_timeout.log");
        auto found = withRule(r, "applog.gid-default");
        QCOMPARE(found.size(), std::size_t { 1 });
        QVERIFY(found.front().severity == Severity::Error);
        QVERIFY(mentions(found.front().explanation, "The log shows that failure (line 2)"));
        QCOMPARE(found.front().evidence.back().where, std::string("ucx_gid_default_timeout.log:2"));
        QCOMPARE(r.findings.front().ruleId, std::string("applog.gid-default"));
        QCOMPARE(withRule(r, "applog.peer-timeout").size(), std::size_t { 1 });
        // The same index without a failure in the log stays a warning.
        auto quiet = withRule(diagnoseText("mpirun -np 2 -x UCX_NET_DEVICES=mlx5_0:1 -x UCX_IB_GID_INDEX=0 ./a.out\n"),
            "applog.gid-default");
        QCOMPARE(quiet.size(), std::size_t { 1 });
        QVERIFY(quiet.front().severity == Severity::Warning);

        auto fixed = diagnoseText(applogFixture("ucx_gid_fixed.log"));
        QVERIFY(withRule(fixed, "applog.gid-default").empty());
    }
};

QTEST_GUILESS_MAIN(TstDiagnosePaste)
#include "tst_diagnosepaste.moc"

// SPDX-License-Identifier: GPL-3.0-or-later
// The application log readers (parse/applog.h) on lines written from each project's format strings
// (tests/fixtures/applog/README.md): per family a setting, the GID or index in use, errors with status and errno;
// launcher and collector prefixes; prose that must stay prose; hostile lines; and the importer keeping the events of a
// mixed paste per host with their line numbers.
#include "diagnosetest.h"
#include "parse/applog.h"
#include "parse/fragments.h"
#include "parse/parsers.h"
#include "testutil.h"
#include "util/text.h"

#include <QFile>
#include <QtTest>

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

using namespace rp;
using rp::test::applogFixture;

namespace {

/// The line of `text` holding `needle` (1-based), -1 when none does.
int lineOf(const std::string& text, const std::string& needle)
{
    auto pos = text.find(needle);
    return pos == std::string::npos
        ? -1
        : static_cast<int>(std::count(text.begin(), text.begin() + static_cast<long>(pos), '\n')) + 1;
}

/// The whole line of `text` holding `needle`; a missing one fails the test that asked.
std::string lineWith(const std::string& text, const std::string& needle)
{
    auto pos = text.find(needle);
    if (pos == std::string::npos)
        return "<no line with " + needle + ">";
    auto start = text.rfind('\n', pos);
    start = start == std::string::npos ? 0 : start + 1;
    auto end = text.find('\n', pos);
    return text.substr(start, end == std::string::npos ? std::string::npos : end - start);
}

/// The one event of a line; fails the test (via the returned kind) when the line yields none.
AppLogEvent only(const std::string& line)
{
    auto e = readAppLogLine(line, 7);
    return e ? *e : AppLogEvent { .kind = "<none>", .text = line };
}

const char* kMapped10 = "0000:0000:0000:0000:0000:ffff:0a0b:b00a"; // ::ffff:10.11.176.10
const char* kMapped11 = "0000:0000:0000:0000:0000:ffff:0a0b:b00b"; // ::ffff:10.11.176.11
const char* kLinkLocal60 = "fe80:0000:0000:0000:268a:07ff:fe55:4660";
const char* kLinkLocal61 = "fe80:0000:0000:0000:268a:07ff:fe55:4661";

/// NCCL's packed print of a GID, computed here from the bytes: each 8-byte half read as a little-endian number
/// (what `union ibv_gid`'s subnet_prefix / interface_id are on x86) and printed with %lX.
std::string ncclPacked(const std::array<std::uint8_t, 16>& raw)
{
    std::uint64_t halves[2] = { 0, 0 };
    for (int h = 0; h < 2; ++h)
        for (int i = 7; i >= 0; --i)
            halves[h] = (halves[h] << 8) | raw[static_cast<std::size_t>(h * 8 + i)];
    char out[48];
    std::snprintf(out, sizeof out, "(%llX/%llX)", static_cast<unsigned long long>(halves[0]),
        static_cast<unsigned long long>(halves[1]));
    return out;
}

std::array<std::uint8_t, 16> gidBytes(const std::string& canonical)
{
    std::array<std::uint8_t, 16> b {};
    std::size_t k = 0;
    for (std::size_t i = 0; i + 1 < canonical.size() && k < 16;) {
        if (canonical[i] == ':') {
            ++i;
            continue;
        }
        b[k++] = static_cast<std::uint8_t>(std::stoi(canonical.substr(i, 2), nullptr, 16));
        i += 2;
    }
    return b;
}

const PastedHost* hostNamed(const PastedFabric& f, const std::string& name)
{
    for (const auto& h : f.hosts)
        if (h.name == name)
            return &h;
    return nullptr;
}

std::vector<AppLogEvent> ofKind(const PastedHost& h, const std::string& kind)
{
    std::vector<AppLogEvent> out;
    for (const auto& e : h.appLog)
        if (e.kind == kind)
            out.push_back(e);
    return out;
}

} // namespace

class TstAppLog : public QObject
{
    Q_OBJECT

private slots:
    void ncclSettingsDevicesAndGids()
    {
        auto text = applogFixture("nccl.log");
        auto gidIndex = only(lineWith(text, "NCCL_IB_GID_INDEX set by environment"));
        QCOMPARE(gidIndex.family, std::string("nccl"));
        QCOMPARE(gidIndex.kind, std::string("setting"));
        QCOMPARE(gidIndex.setting, std::string("NCCL_IB_GID_INDEX"));
        QCOMPARE(gidIndex.settingValue, std::string("3"));
        QCOMPARE(gidIndex.gidIndex.value_or(-1), 3);
        QCOMPARE(gidIndex.host, std::string("gpu-a1"));
        QCOMPARE(gidIndex.line, 7);
        auto tc = only(lineWith(text, "NCCL_IB_TC set by"));
        QCOMPARE(tc.trafficClass.value_or(-1), 106);
        QVERIFY(!tc.gidIndex);
        QCOMPARE(only(lineWith(text, "NCCL_IB_HCA set to")).settingValue, std::string("mlx5_0,mlx5_1"));

        // One line, two NICs.
        auto using_ = scanAppLogLine(lineWith(text, "NET/IB : Using"), 6);
        QCOMPARE(using_.family, std::string("nccl"));
        QCOMPARE(using_.events.size(), std::size_t { 2 });
        QCOMPARE(using_.events[0].kind, std::string("device"));
        QCOMPARE(using_.events[0].device, std::string("mlx5_0"));
        QCOMPARE(using_.events[1].device, std::string("mlx5_1"));
        QCOMPARE(using_.events[1].port.value_or(-1), 1);

        // The QP lines: packed GIDs decoded, the mtu enum as bytes.
        auto mapped = only(lineWith(text, "GID 3 (0/AB00B0AFFFF0000)"));
        QCOMPARE(mapped.kind, std::string("gid-in-use"));
        QCOMPARE(mapped.gid, std::string(kMapped10));
        QCOMPARE(mapped.gidIndex.value_or(-1), 3);
        QCOMPARE(mapped.mtu.value_or(-1), 4096);
        QCOMPARE(mapped.port.value_or(-1), 1);
        auto linkLocal = only(lineWith(text, "GID 1 (80FE/604655FEFF078A26)"));
        QCOMPARE(linkLocal.gid, std::string(kLinkLocal60));
        QCOMPARE(linkLocal.gidIndex.value_or(-1), 1);
        QCOMPARE(linkLocal.mtu.value_or(-1), 1024);
    }

    void ncclErrors()
    {
        auto text = applogFixture("nccl.log");
        // 2.26+: status name and number, "remoteGids" glued to the GID, the HCA named.
        auto now = only(lineWith(text, "status=IBV_WC_RETRY_EXC_ERR(12)"));
        QCOMPARE(now.kind, std::string("completion-error"));
        QCOMPARE(now.wcStatus.value_or(-1), 12);
        QCOMPARE(now.gid, std::string(kMapped10));
        QCOMPARE(now.peerGid, std::string(kMapped11));
        QCOMPARE(now.device, std::string("mlx5_0"));
        QCOMPARE(now.host, std::string("gpu-a1")); // after NCCL's own "[date time] " stamp
        // 2.18: "with error N", link-local GIDs.
        auto before = only(lineWith(text, "with error 13"));
        QCOMPARE(before.kind, std::string("completion-error"));
        QCOMPARE(before.wcStatus.value_or(-1), 13);
        QCOMPARE(before.gid, std::string(kLinkLocal60));
        QCOMPARE(before.peerGid, std::string(kLinkLocal61));
        QVERIFY(!before.errnoValue);

        auto modify = only(lineWith(text, "failed with 110 Connection timed out"));
        QCOMPARE(modify.kind, std::string("modify-qp-error"));
        QCOMPARE(modify.errnoValue.value_or(-1), 110);
        QCOMPARE(modify.device, std::string("mlx5_1"));
        QCOMPARE(modify.port.value_or(-1), 1);
        QCOMPARE(modify.gidIndex.value_or(-1), 3);
        QCOMPARE(modify.gid, std::string(kMapped10));
        QCOMPARE(modify.peerGid, std::string(kMapped11));
        auto modifyOld = only(lineWith(text, "failed with error Invalid argument errno 22"));
        QCOMPARE(modifyOld.kind, std::string("modify-qp-error"));
        QCOMPARE(modifyOld.errnoValue.value_or(-1), 22);

        auto none = only(lineWith(text, "No device found"));
        QCOMPARE(none.kind, std::string("no-device"));
        QCOMPARE(none.host, std::string("gpu-b7"));
        QCOMPARE(only(lineWith(text, "Using network Socket")).kind, std::string("socket-transport"));
        QVERIFY(!readAppLogLine(lineWith(text, "Using network IB"), 1));

        // The HINT names NCCL_IB_GID_INDEX in prose: an NCCL line, no fact.
        auto hint = scanAppLogLine(lineWith(text, "HINT:"), 1);
        QCOMPARE(hint.family, std::string("nccl"));
        QVERIFY(hint.events.empty());
        QVERIFY(scanAppLogLine(lineWith(text, "Channel 00/02"), 1).events.empty());
    }

    void ncclPackedGidDecoding_data()
    {
        QTest::addColumn<QString>("gid");
        QTest::newRow("ipv4-mapped") << QString::fromLatin1(kMapped10);
        QTest::newRow("link-local") << QString::fromLatin1(kLinkLocal60);
        QTest::newRow("global") << QStringLiteral("2001:0db8:0000:0000:0000:0000:00c0:ffee");
        QTest::newRow("zero-prefix-half") << QStringLiteral("0000:0000:0000:0000:0102:0304:0506:0708");
    }

    void ncclPackedGidDecoding()
    {
        QFETCH(QString, gid);
        auto canonical = gid.toStdString();
        auto packed = ncclPacked(gidBytes(canonical));
        // The fixture's strings come out of the same computation (README.md): keep them tied together.
        if (canonical == kMapped10)
            QCOMPARE(packed, std::string("(0/AB00B0AFFFF0000)"));
        if (canonical == kLinkLocal60)
            QCOMPARE(packed, std::string("(80FE/604655FEFF078A26)"));
        auto line = "h1:1:2 [0] NCCL INFO NET/IB: Dev 0 Port 1 qpn 9 mtu 4 GID 5 " + packed;
        auto e = only(line);
        QCOMPARE(e.gid, canonical);
        QCOMPARE(e.mtu.value_or(-1), 2048);
        // Not a packed pair: no GID, but the index still counts.
        auto broken = only("h1:1:2 [0] NCCL INFO NET/IB: Dev 0 Port 1 qpn 9 mtu 4 GID 5 (0/XYZ)");
        QVERIFY(broken.gid.empty());
        QCOMPARE(broken.gidIndex.value_or(-1), 5);
    }

    void ucxLines()
    {
        auto text = applogFixture("ucx.log");
        auto inUse = only(lineWith(text, "using gid_index=3"));
        QCOMPARE(inUse.family, std::string("ucx"));
        QCOMPARE(inUse.kind, std::string("gid-in-use"));
        QCOMPARE(inUse.device, std::string("mlx5_0"));
        QCOMPARE(inUse.port.value_or(-1), 1);
        QCOMPARE(inUse.gidIndex.value_or(-1), 3);
        QCOMPARE(inUse.host, std::string("gpu-a1"));
        QCOMPARE(only("[1587128955.254066] [server:222254:0]      ib_device.c:690  UCX  DEBUG rxe3:1 using gid_index 0")
                     .gidIndex.value_or(-1),
            0);

        auto ah = only(lineWith(text, "ibv_create_ah("));
        QCOMPARE(ah.kind, std::string("create-ah-error"));
        QCOMPARE(ah.peerGid, std::string(kMapped11));
        QCOMPARE(ah.gidIndex.value_or(-1), 3);
        QCOMPARE(ah.trafficClass.value_or(-1), 106);
        QCOMPARE(ah.serviceLevel.value_or(-1), 3);
        QCOMPARE(ah.device, std::string("mlx5_0"));
        QCOMPARE(ah.errnoValue.value_or(-1), 22);

        auto retry = only(lineWith(text, "Transport retry count exceeded"));
        QCOMPARE(retry.kind, std::string("completion-error"));
        QCOMPARE(retry.wcStatus.value_or(-1), 12);
        QCOMPARE(retry.device, std::string("mlx5_0"));
        QCOMPARE(retry.port.value_or(-1), 1);
        auto peer = only(lineWith(text, "RC QP 0x1a2b"));
        QCOMPARE(peer.kind, std::string("peer-gid"));
        QCOMPARE(peer.peerGid, std::string(kMapped11));
        QCOMPARE(peer.trafficClass.value_or(-1), 106);

        auto setting = only(lineWith(text, "UCX_IB_GID_INDEX=3"));
        QCOMPARE(setting.family, std::string("ucx"));
        QCOMPARE(setting.kind, std::string("setting"));
        QCOMPARE(setting.gidIndex.value_or(-1), 3);
        QCOMPARE(only("UCX_IB_TRAFFIC_CLASS=106").trafficClass.value_or(-1), 106);
        auto unused = only(lineWith(text, "unused environment variable"));
        QCOMPARE(unused.kind, std::string("other-error")); // a misspelt variable is no setting
        QVERIFY(unused.setting.empty());
    }

    void libfabricLines()
    {
        auto text = applogFixture("libfabric.log");
        auto var = only(lineWith(text, "read int var gid_idx=3"));
        QCOMPARE(var.family, std::string("libfabric"));
        QCOMPARE(var.kind, std::string("setting"));
        QCOMPARE(var.setting, std::string("FI_VERBS_GID_IDX"));
        QCOMPARE(var.gidIndex.value_or(-1), 3);
        auto port = only(lineWith(text, "first found active port is 1"));
        QCOMPARE(port.kind, std::string("device"));
        QCOMPARE(port.device, std::string("mlx5_0"));
        QCOMPARE(port.port.value_or(-1), 1);
        auto modify = only(lineWith(text, "ibv_modify_qp: Connection timed out (110)"));
        QCOMPARE(modify.kind, std::string("modify-qp-error"));
        QCOMPARE(modify.errnoValue.value_or(-1), 110);
        auto cq = only(lineWith(text, "cq_readerr 5"));
        QCOMPARE(cq.kind, std::string("completion-error"));
        QCOMPARE(cq.wcStatus.value_or(-1), 12);
        QCOMPARE(cq.errnoValue.value_or(-1), 5);
        auto getinfo = only(lineWith(text, "fi_getinfo()"));
        QCOMPARE(getinfo.kind, std::string("no-device"));
        QCOMPARE(getinfo.errnoValue.value_or(-1), 61);
        QCOMPARE(only("FI_VERBS_GID_IDX=3").gidIndex.value_or(-1), 3);
        auto notSet = only("libfabric:1:1763626502::verbs:core:fi_param_get_():364<info> variable gid_idx=<not set>");
        QCOMPARE(notSet.settingValue, std::string("<not set>"));
        QVERIFY(!notSet.gidIndex);
    }

    void glooLines()
    {
        auto text = applogFixture("gloo.log");
        auto device = only(lineWith(text, "Using ibverbs device="));
        QCOMPARE(device.family, std::string("gloo"));
        QCOMPARE(device.kind, std::string("gid-in-use"));
        QCOMPARE(device.device, std::string("mlx5_0"));
        QCOMPARE(device.gidIndex.value_or(-1), 3);
        auto flushed = only(lineWith(text, "5 vs 0"));
        QCOMPARE(flushed.kind, std::string("completion-error"));
        QCOMPARE(flushed.wcStatus.value_or(-1), 5);
        QCOMPARE(only(lineWith(text, "No ibverbs devices")).kind, std::string("no-device"));
        auto rv = only("[enforce fail at gloo/transport/ibverbs/pair.cc:126] rv == 0. 110 vs 0");
        QCOMPARE(rv.errnoValue.value_or(-1), 110);
        auto setting = only("GLOO_SOCKET_IFNAME=ens1f0");
        QCOMPARE(setting.family, std::string("gloo"));
        QCOMPARE(setting.settingValue, std::string("ens1f0"));
    }

    void glogLines()
    {
        auto text = applogFixture("glog.log");
        auto device = only(lineWith(text, "GID: (GID_Index 3)"));
        QCOMPARE(device.family, std::string("glog"));
        QCOMPARE(device.kind, std::string("gid-in-use"));
        QCOMPARE(device.device, std::string("mlx5_0"));
        QCOMPARE(device.gidIndex.value_or(-1), 3);
        QCOMPARE(device.gid, std::string(kMapped10)); // 16 hex bytes
        auto best = only(lineWith(text, "Find best gid index"));
        QCOMPARE(best.gidIndex.value_or(-1), 3);
        QCOMPARE(best.port.value_or(-1), 1);
        auto rtr = only(lineWith(text, "Failed to modify QP to RTR"));
        QCOMPARE(rtr.kind, std::string("modify-qp-error"));
        QCOMPARE(rtr.errnoValue.value_or(-1), 110);
        QCOMPARE(rtr.gid, std::string(kMapped10));
        QCOMPARE(rtr.peerGid, std::string(kLinkLocal61));
        QCOMPARE(rtr.gidIndex.value_or(-1), 3);
        QCOMPARE(rtr.mtu.value_or(-1), 4096);
        QCOMPARE(rtr.device, std::string("mlx5_0"));
        auto slice = only(lineWith(text, "Process failed for slice"));
        QCOMPARE(slice.kind, std::string("completion-error"));
        QCOMPARE(slice.wcStatus.value_or(-1), 12);
        QCOMPARE(slice.device, std::string("mlx5_0"));
        auto uccl = only(lineWith(text, "uses gid_idx 5"));
        QCOMPARE(uccl.device, std::string("mlx5_1"));
        QCOMPARE(uccl.gidIndex.value_or(-1), 5);
        auto rts = only(lineWith(text, "from RTR to RTS"));
        QCOMPARE(rts.kind, std::string("modify-qp-error"));
        QCOMPARE(rts.errnoValue.value_or(-1), 110);
        QCOMPARE(only("MC_GID_INDEX=3").family, std::string("glog"));
        // glog lines of the engine that are not about RDMA: its family, no fact.
        auto plain = scanAppLogLine("I1120 08:15:01.000123  4711 config.cpp:40] loaded 42 segments", 1);
        QCOMPARE(plain.family, std::string("glog"));
        QVERIFY(plain.events.empty());
    }

    void openMpiAndVerbsLines()
    {
        auto mpi = applogFixture("openmpi.log");
        auto polling = only(lineWith(mpi, "error polling LP CQ"));
        QCOMPARE(polling.family, std::string("openmpi"));
        QCOMPARE(polling.kind, std::string("completion-error"));
        QCOMPARE(polling.wcStatus.value_or(-1), 12);
        QCOMPARE(polling.host, std::string("gpu-a1"));
        QCOMPARE(only(lineWith(mpi, "The InfiniBand retry count")).wcStatus.value_or(-1), 12);
        QCOMPARE(only(lineWith(mpi, "ucp_ep_create(proc=1)")).kind, std::string("connect-error"));
        auto setting = only(lineWith(mpi, "OMPI_MCA_btl_openib_gid_index"));
        QCOMPARE(setting.family, std::string("openmpi"));
        QCOMPARE(setting.gidIndex.value_or(-1), 3);
        auto looking = only("[gpu-a1][[41773,1],0][btl_openib_component.c:664:init_one_port] looking for mlx5_0:1 "
                            "GID index 3");
        QCOMPARE(looking.kind, std::string("gid-in-use"));
        QCOMPARE(looking.device, std::string("mlx5_0"));
        QCOMPARE(looking.gidIndex.value_or(-1), 3);
        QCOMPARE(looking.host, std::string("gpu-a1"));

        auto verbs = applogFixture("verbs.log");
        auto status = only(lineWith(verbs, "Failed status"));
        QCOMPARE(status.family, std::string("verbs"));
        QCOMPARE(status.kind, std::string("completion-error"));
        QCOMPARE(status.wcStatus.value_or(-1), 12);
        auto modify = only(lineWith(verbs, "ibv_modify_qp failed"));
        QCOMPARE(modify.kind, std::string("modify-qp-error"));
        QCOMPARE(modify.errnoValue.value_or(-1), 22);
        QCOMPARE(only(lineWith(verbs, "RDMA_CM_EVENT_REJECTED")).kind, std::string("connect-error"));
        auto enodev = only(lineWith(verbs, "rdma_resolve_addr"));
        QCOMPARE(enodev.kind, std::string("no-device"));
        QCOMPARE(enodev.errnoValue.value_or(-1), 19);
        QCOMPARE(only("ibv_create_ah failed: Connection timed out").kind, std::string("create-ah-error"));
        QCOMPARE(only("RDMA error: RNR retry counter exceeded").wcStatus.value_or(-1), 13);
    }

    void prefixes_data()
    {
        QTest::addColumn<QString>("line");
        QTest::addColumn<QString>("kind");
        QTest::addColumn<QString>("host");
        QTest::newRow("mpirun stderr") << QStringLiteral(
            "[1,3]<stderr>:gpu-a2:7710:7795 [3] transport/net_ib.cc:1295 NCCL WARN NET/IB : Got completion from peer "
            "10.11.176.10<1024> with error 12, opcode 0, len 0, vendor err 129 (Send)")
                                       << QStringLiteral("completion-error") << QStringLiteral("gpu-a2");
        QTest::newRow("kubectl timestamps")
            << QStringLiteral("2026-11-20T08:15:02.101000000Z worker-0:1:33 [0] NCCL INFO NCCL_IB_GID_INDEX set by "
                              "environment to 3.")
            << QStringLiteral("setting") << QStringLiteral("worker-0");
        QTest::newRow("kubectl prefix") << QStringLiteral(
            "[pod/worker-1/pytorch] worker-1:1:40 [0] NCCL INFO NET/IB : No device found.")
                                        << QStringLiteral("no-device") << QStringLiteral("worker-1");
        QTest::newRow("ISO stamp, env line")
            << QStringLiteral("2026-11-20 08:15:02,101 NCCL_IB_GID_INDEX=3") << QStringLiteral("setting") << QString();
        QTest::newRow("pdsh") << QStringLiteral("gpu-a1: export UCX_IB_GID_INDEX=\"3\"") << QStringLiteral("setting")
                              << QString();
        QTest::newRow("mpirun env") << QStringLiteral("[1,0]<stdout>:NCCL_IB_GID_INDEX=3") << QStringLiteral("setting")
                                    << QString();
        QTest::newRow("python logging + ucx")
            << QStringLiteral("[2026-11-20 08:15:02] [1763626502.208000] [gpu-a1:40211:0]   ib_mlx5_log.c:171  UCX  "
                              "ERROR Transport retry count exceeded on mlx5_0:1/RoCE (synd 0x15 vend 0x81 hw_synd 0/0)")
            << QStringLiteral("completion-error") << QStringLiteral("gpu-a1");
        QTest::newRow("pytorch last error")
            << QStringLiteral("NET/IB : Got completion from peer 10.11.176.11<49152> with status=12 opcode=0 len=0 "
                              "vendor err 129 (Send) localGid ::ffff:10.11.176.10 remoteGids::ffff:10.11.176.11")
            << QStringLiteral("completion-error") << QString();
        QTest::newRow("torch rank glog") << QStringLiteral("[rank0]:E1120 08:15:02.000001 4712 rdma_endpoint.cpp:1240] "
                                                           "Fail to modify QP from INIT to RTR: Connection timed out")
                                         << QStringLiteral("modify-qp-error") << QString();
    }

    void prefixes()
    {
        QFETCH(QString, line);
        QFETCH(QString, kind);
        QFETCH(QString, host);
        auto e = only(line.toStdString());
        QCOMPARE(QString::fromStdString(e.kind), kind);
        QCOMPARE(QString::fromStdString(e.host), host);
        QString expected = line.trimmed();
        if (expected.size() > 197)
            expected = expected.left(197) + QStringLiteral("...");
        QCOMPARE(QString::fromStdString(e.text), expected);
    }

    void proseIsNoFact_data()
    {
        QTest::addColumn<QString>("line");
        QTest::newRow("gid in prose") << QStringLiteral("Check that the GID index matches on both hosts");
        QTest::newRow("gid and address") << QStringLiteral("the GID table shows ::ffff:10.11.176.10 at index 3");
        QTest::newRow("assignment in a sentence") << QStringLiteral("NCCL_IB_GID_INDEX=3 fixed it for me");
        QTest::newRow("commented out") << QStringLiteral("# export NCCL_IB_GID_INDEX=3");
        QTest::newRow("unknown variable") << QStringLiteral("MY_GID_INDEX=3");
        QTest::newRow("question") << QStringLiteral("Is GID 2 (the RoCE v1 one) what NCCL should use?");
        QTest::newRow("nccl hint") << QStringLiteral(
            "gpu-a1:1:2 [0] NCCL INFO HINT: you can set NCCL_IB_GID_INDEX=-1 to enable automatic detection.");
        QTest::newRow("command not found") << QStringLiteral("bash: ibv_devinfo: command not found");
        QTest::newRow("success event") << QStringLiteral("cma event RDMA_CM_EVENT_ESTABLISHED, error 0");
        QTest::newRow("show_gids row") << QStringLiteral(
            "mlx5_0\t1\t3\t0000:0000:0000:0000:0000:ffff:0a0b:b00a\t10.11.176.10\tv2\tens1f0");
        QTest::newRow("ibv_devinfo gid row") << QStringLiteral("\t\t\tGID[  3]:\t\t::ffff:10.11.176.10, RoCE v2");
    }

    void proseIsNoFact()
    {
        QFETCH(QString, line);
        auto e = readAppLogLine(line.toStdString(), 1);
        QVERIFY2(!e, e ? (e->kind + " " + e->family).c_str() : "");
    }

    void hostileLines()
    {
        // Long: only the first 8 KiB are read, the text is cut at 200 bytes.
        std::string longLine = "gpu-a1:1:2 [0] NCCL WARN Call to ibv_modify_qp failed with error Invalid argument "
            + std::string(1 << 20, 'x');
        auto e = only(longLine);
        QCOMPARE(e.kind, std::string("modify-qp-error"));
        QVERIFY(e.text.size() <= 200);
        // Invalid UTF-8 and NUL bytes: the text stays valid UTF-8, nothing is read past the line.
        std::string bad = "gpu-a1:1:2 [0] NCCL WARN Call to ibv_modify_qp failed \xff\xfe\xc3";
        bad += std::string(1, '\0');
        bad += " errno 22 \xe2\x82";
        auto b = only(bad);
        QCOMPARE(b.kind, std::string("modify-qp-error"));
        QCOMPARE(b.errnoValue.value_or(-1), 22);
        QVERIFY(isValidUtf8(b.text));
        QVERIFY(b.text.find('\0') == std::string::npos);
        // 200-byte cut inside a multi-byte character.
        std::string cut = "ibv_modify_qp failed: " + std::string(176, 'a') + "\xc3\xa9\xc3\xa9\xc3\xa9";
        QVERIFY(isValidUtf8(only(cut).text));
        // Thousands of devices on one "Using" line: bounded.
        std::string many = "gpu-a1:1:2 [0] NCCL INFO NET/IB : Using";
        for (int i = 0; i < 5000; ++i)
            many += " [" + std::to_string(i) + "]mlx5_" + std::to_string(i) + ":1/RoCE";
        auto scanned = scanAppLogLine(many, 1);
        QVERIFY(!scanned.events.empty());
        QVERIFY(scanned.events.size() <= 64);
        // Numbers past an int, GIDs past 16 bytes, empty pieces.
        const std::vector<std::string> odds
            = { "gpu-a1:1:2 [0] NCCL INFO NET/IB: Dev 0 Port 99999999999999 qpn 1 mtu 99 GID "
                "99999999999999999999 (FFFFFFFFFFFFFFFFFF/1)",
                  "gpu-a1:1:2 [0] NCCL INFO NET/IB: Dev 0 Port 1 qpn 1 mtu 5 GID 3 (", "NCCL WARN", "x.c:1 UCX  ERROR",
                  "libfabric:1:<", "libfabric:1:():<warn> ", "I1126 12:00:00", "E1126 12:00:00.1 1 a:1]",
                  "NCCL_IB_GID_INDEX=\"", "[1,0]<stdout>:", "[", "ibv_x failed [12", "errno 99999999999 ibv_x failed",
                  "ibv_create_ah(dgid=00:11:22:33:44:55:66:77:88:99:aa:bb:cc:dd:ee:ff:00 failed",
                  std::string(300, ':') + " ibv_x failed" };
        for (const auto& odd : odds) {
            auto s = scanAppLogLine(odd, 1);
            for (const auto& ev : s.events) {
                QVERIFY(isValidUtf8(ev.text));
                QVERIFY(!ev.gidIndex || *ev.gidIndex >= 0);
                QVERIFY(!ev.port || (*ev.port >= 0 && *ev.port < 256));
            }
        }
        // Every byte value in every position of a real line: no crash, no read past it (ASan builds check).
        std::string base = lineWith(applogFixture("nccl.log"), "status=IBV_WC_RETRY_EXC_ERR(12)");
        for (std::size_t i = 0; i < base.size(); i += 7) {
            for (int v : { 0, 0x0a, 0x3a, 0x5b, 0x5d, 0x80, 0xff }) {
                std::string m = base;
                m[i] = static_cast<char>(v);
                (void)scanAppLogLine(m, 1);
                (void)scanAppLogLine(std::string_view(m).substr(0, i), 1);
            }
        }
    }

    void boundedWork()
    {
        // 2 000 lines of 8 KiB built to hit many searches each: well under a second per MiB on any machine that
        // runs these tests; a quadratic reader takes minutes.
        std::string heavy;
        for (int i = 0; heavy.size() < 8000; ++i)
            heavy += "NCCL INFO UCX  ERROR libfabric:1: [enforce fail at gloo ibv_x GID 3 ( dgid= status= ";
        auto start = rp::test::Clock::now();
        for (int i = 0; i < 2000; ++i)
            (void)scanAppLogLine(heavy, i);
        QVERIFY2(rp::test::msSince(start) < 60000, std::to_string(rp::test::msSince(start)).c_str());
    }

    void importerMixedPaste()
    {
        auto text = applogFixture("applog_paste.md");
        auto f = importFragments(text, "pasted");
        auto a1 = hostNamed(f, "gpu-a1");
        auto a2 = hostNamed(f, "gpu-a2");
        QVERIFY(a1 && a2);
        QCOMPARE(f.hosts.size(), std::size_t { 2 });
        // The show_gids table is still read although an NCCL line follows it in the same fence.
        QCOMPARE(a1->devices.size(), std::size_t { 1 });
        QCOMPARE(a1->devices[0].ports.at(0).gids.size(), std::size_t { 4 });
        QCOMPARE(a1->gidLines.at("mlx5_0/1/3"), lineOf(text, "mlx5_0\t1\t3\t0000:0000:0000:0000:0000:ffff:0a0b:b00a"));
        // Its events, in paste order, with their lines and the host the line names.
        auto devices = ofKind(*a1, "device");
        QCOMPARE(devices.size(), std::size_t { 1 });
        QCOMPARE(devices[0].line, lineOf(text, "gpu-a1:40211:40398 [0] NCCL INFO NET/IB : Using"));
        auto settings = ofKind(*a1, "setting");
        QCOMPARE(settings.size(), std::size_t { 2 });
        // mpirun's `-x NCCL_DEBUG=INFO` on the prompt line is a setting of the run too, at that line.
        QCOMPARE(settings[0].setting, std::string("NCCL_DEBUG"));
        QCOMPARE(settings[0].line, lineOf(text, "$ mpirun -np 2"));
        QCOMPARE(settings[1].gidIndex.value_or(-1), 2);
        QCOMPARE(settings[1].line, lineOf(text, "set by environment to 2."));
        auto inUse = ofKind(*a1, "gid-in-use");
        QCOMPARE(inUse.size(), std::size_t { 1 });
        QCOMPARE(inUse[0].gid, std::string(kMapped10));
        QCOMPARE(inUse[0].gidIndex.value_or(-1), 2);
        QCOMPARE(inUse[0].host, std::string("gpu-a1"));
        auto failed = ofKind(*a1, "completion-error");
        QCOMPARE(failed.size(), std::size_t { 1 });
        QCOMPARE(failed[0].line, lineOf(text, "with status=12"));
        QCOMPARE(failed[0].peerGid, std::string(kMapped11));
        QCOMPARE(a1->appLog.size(), std::size_t { 5 });
        QVERIFY(std::is_sorted(a1->appLog.begin(), a1->appLog.end(),
            [](const AppLogEvent& x, const AppLogEvent& y) { return x.line < y.line; }));

        QCOMPARE(a2->appLog.size(), std::size_t { 3 });
        QCOMPARE(a2->appLog.back().gid, std::string(kMapped11));
        QCOMPARE(a2->appLog.back().gidIndex.value_or(-1), 3);
        QCOMPARE(a2->appLog.back().line, lineOf(text, "GID 3 (0/BB00B0AFFFF0000)"));
        QCOMPARE(a2->appLog.back().host, std::string("gpu-a2"));

        // No log line is "could not place"d; the prose line is.
        int prose = lineOf(text, "The GID index NCCL uses");
        bool proseWarned = false;
        for (const auto& w : f.warnings) {
            bool logLine = false;
            for (const auto& h : f.hosts)
                for (const auto& e : h.appLog)
                    logLine = logLine || e.line == w.line;
            QVERIFY2(!logLine, w.message.c_str());
            QVERIFY2(w.message.find("NCCL") == std::string::npos || w.line == prose, w.message.c_str());
            proseWarned = proseWarned || w.line == prose;
        }
        QVERIFY(proseWarned);
        QVERIFY(holdsAnything(f));
    }

    void importerLogOnly()
    {
        // A paste of an NCCL log alone: no other parser takes it, the host is the paste's (not the hosts the lines
        // name), nothing is left unplaced.
        auto text = applogFixture("nccl.log");
        auto f = importFragments(text, "pasted");
        QCOMPARE(f.hosts.size(), std::size_t { 1 });
        const auto& h = f.hosts.front();
        QCOMPARE(h.name, std::string("pasted"));
        QVERIFY(h.devices.empty());
        QVERIFY(h.appLog.size() >= 14);
        QVERIFY(std::any_of(h.appLog.begin(), h.appLog.end(), [](const AppLogEvent& e) { return e.host == "gpu-b7"; }));
        for (const auto& w : f.warnings)
            QVERIFY2(w.message.find("could not place") == std::string::npos, w.message.c_str());
        QVERIFY(holdsAnything(f));
        // Every fixture of every family alone: read, no line unplaced.
        for (const char* name :
            { "nccl.log", "ucx.log", "libfabric.log", "gloo.log", "glog.log", "openmpi.log", "verbs.log" }) {
            // No output parser mistakes a log for its command's output.
            QVERIFY2(detectKind(applogFixture(name)) == OutputKind::Unknown, name);
            if (std::string(name) == "nccl.log")
                continue;
            auto g = importFragments(applogFixture(name), "pasted");
            QVERIFY2(holdsAnything(g), name);
            std::string first = g.warnings.empty() ? std::string() : g.warnings.front().message;
            QVERIFY2(g.warnings.empty(), (std::string(name) + ": " + first).c_str());
        }
    }

    void importerLogWithoutFacts()
    {
        // NCCL lines that state nothing: one warning for them, and the paste holds nothing.
        auto f = importFragments("gpu-a1:1:2 [0] NCCL INFO Channel 00/02 :    0   1\n"
                                 "gpu-a1:1:2 [0] NCCL INFO Connected all rings\n",
            "pasted");
        QVERIFY(!holdsAnything(f));
        QCOMPARE(f.warnings.size(), std::size_t { 1 });
        QCOMPARE(f.warnings[0].line, 1);
        QVERIFY2(f.warnings[0].message.find("2 nccl log lines") != std::string::npos, f.warnings[0].message.c_str());
    }

    void setupFacts()
    {
        // libibverbs' provider warnings name the provider, whichever form the library name takes.
        auto mlx5 = only("libibverbs: Warning: couldn't load driver 'libmlx5-rdmav34.so': libmlx5-rdmav34.so: cannot "
                         "open shared object file: No such file or directory");
        QCOMPARE(mlx5.kind, std::string("no-provider"));
        QCOMPARE(mlx5.family, std::string("verbs"));
        QCOMPARE(mlx5.driver, std::string("mlx5"));
        QCOMPARE(only("libibverbs: Warning: couldn't load driver 'rxe'.").driver, std::string("rxe"));
        QCOMPARE(only("libibverbs: Warning: couldn't load driver '/usr/lib64/libibverbs/librxe-rdmav25.so': x").driver,
            std::string("rxe"));
        auto none = only("libibverbs: Warning: no userspace device-specific driver found for "
                         "/sys/class/infiniband_verbs/uverbs0");
        QCOMPARE(none.kind, std::string("no-provider"));
        QVERIFY(none.driver.empty());
        // A quoted name that is no library name is not guessed at.
        QVERIFY(only("libibverbs: Warning: couldn't load driver 'a b;c': x").driver.empty());
        QCOMPARE(only("No IB devices found").kind, std::string("no-device"));

        auto nccl = applogFixture("nccl_socket.log");
        QCOMPARE(only(lineWith(nccl, "NET/Socket : Using")).kind, std::string("socket-transport"));
        QCOMPARE(only(lineWith(nccl, "NCCL_IB_DISABLE")).setting, std::string("NCCL_IB_DISABLE"));
        QVERIFY(!readAppLogLine(lineWith(applogFixture("nccl_ib.log"), "Using network IB"), 1));

        auto open = only(applogFixture("container_enodev.log"));
        QCOMPARE(open.family, std::string("ucx"));
        QCOMPARE(open.kind, std::string("open-device-error"));
        QCOMPARE(open.device, std::string("mlx5_0"));
        QCOMPARE(open.errnoValue.value_or(-1), 19);
        QCOMPARE(only("ibv_open_device(mlx5_1) failed: Permission denied").errnoValue.value_or(-1), 13);

        // libfabric's EFA provider failing to open a device it lists, the pid and time elided by the user too.
        auto efaOpen = only("libfabric:...:efa:fabric:efa_device_construct_gid():60<warn> ibv_open_device failed! "
                            "errno: 19");
        QCOMPARE(efaOpen.family, std::string("libfabric"));
        QCOMPARE(efaOpen.kind, std::string("open-device-error"));
        QCOMPARE(efaOpen.driver, std::string("efa"));
        QCOMPARE(efaOpen.errnoValue, std::optional<int>(19));
        QCOMPARE(only("libfabric:7:1::efa:fabric:efa_device_list_initialize():290<warn> efa_device_construct_gid "
                      "failed for device_idx 1, err=-2")
                     .errnoValue,
            std::optional<int>(2));

        // A lane of UCX's endpoint dump: the device and port its QP is on, its memory domain and the peer's.
        auto lane = only("#    lane[2]:  3:rc_verbs/bnxt_re1:1.1 md[1]  -> md[0]/ib/sysdev[255] rma_bw#1");
        QCOMPARE(lane.family, std::string("ucx"));
        QCOMPARE(lane.kind, std::string("device"));
        QCOMPARE(lane.device, std::string("bnxt_re1"));
        QCOMPARE(lane.port, std::optional<int>(1));
        QCOMPARE(lane.localMd, std::optional<int>(1));
        QCOMPARE(lane.remoteMd, std::optional<int>(0));

        // EFA, in the three places it shows: fi_info, ucx_info -d, aws-ofi-nccl.
        QCOMPARE(only("provider: efa").kind, std::string("efa"));
        QVERIFY(!readAppLogLine("provider: verbs", 1));
        auto ucxEfa = only("#         Device: efa_0:1");
        QCOMPARE(ucxEfa.family, std::string("ucx"));
        QCOMPARE(ucxEfa.kind, std::string("efa"));
        QCOMPARE(ucxEfa.device, std::string("efa_0"));
        QVERIFY(!readAppLogLine("# Memory domain: mlx5_0", 1));
        QCOMPARE(only("h:1:2 [0] NCCL INFO NET/OFI Selected Provider is efa (found 4 nics)").kind, std::string("efa"));
        // In a paste, ucx_info's "# ..." lines are its output, not a root prompt.
        auto efaPaste = importFragments(applogFixture("efa_fi_info.md"), "pasted");
        QCOMPARE(efaPaste.hosts.size(), std::size_t { 1 });
        const auto& efaLog = efaPaste.hosts.front().appLog;
        QVERIFY(std::any_of(efaLog.begin(), efaLog.end(), [](const AppLogEvent& e) { return e.device == "efa_0"; }));

        // ibv_devices with its header and no row is the same fact as "No IB devices found".
        auto missing = importFragments(applogFixture("provider_missing.md"), "pasted");
        QCOMPARE(missing.hosts.size(), std::size_t { 1 });
        const auto& log = missing.hosts.front().appLog;
        QVERIFY(std::any_of(log.begin(), log.end(), [](const AppLogEvent& e) {
            return e.kind == "no-device" && e.text.find("ibv_devices") != std::string::npos;
        }));
        auto fixed = importFragments(applogFixture("provider_fixed.md"), "pasted");
        QVERIFY(fixed.hosts.front().appLog.empty());
    }

    void perftestCommandLines()
    {
        // perftest command lines pasted as the setup, bare, under a role label or a host prompt: each side is a fact,
        // the client's server address and the index (or its absence) with it. Its usage text is not a command.
        auto f = importFragments("ib_write_lat <host>     connect to server at <host>\n\n"
                                 "on the first box:  ib_send_lat -d rocep1s0f0 -i 1 --duration 5 -F\n"
                                 "box2$ sudo ib_send_lat -d rocep1s0f0 -x 5 -a 192.168.40.11\n"
                                 "ib_read_bw --gid-index=4 -R -q 2 nodeb\n",
            "pasted");
        std::vector<AppLogEvent> events;
        for (const auto& h : f.hosts)
            for (const auto& e : h.appLog)
                events.push_back(e);
        std::ranges::sort(events, {}, &AppLogEvent::line);
        QCOMPARE(events.size(), std::size_t { 3 });
        QCOMPARE(events[0].kind, std::string("test-command"));
        QCOMPARE(events[0].family, std::string("ib_send_lat"));
        QVERIFY(!events[0].gidIndex);
        QVERIFY(events[0].peer.empty());
        QCOMPARE(events[0].device, std::string("rocep1s0f0"));
        QCOMPARE(events[1].kind, std::string("gid-in-use"));
        QCOMPARE(events[1].gidIndex, std::optional<int>(5));
        QCOMPARE(events[1].peer, std::string("192.168.40.11"));
        QVERIFY(std::ranges::any_of(f.hosts, [](const PastedHost& h) { return h.name == "box2"; }));
        QCOMPARE(events[2].gidIndex, std::optional<int>(4));
        QCOMPARE(events[2].peer, std::string("nodeb"));
        QVERIFY(events[2].rdmaCm);
        QVERIFY(std::ranges::any_of(f.warnings, [](const auto& w) { return w.line == 1; }));
    }
};

QTEST_GUILESS_MAIN(TstAppLog)
#include "tst_applog.moc"

// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Readers of the log lines RDMA applications print (NCCL, UCX, libfabric and fabtests, Gloo, glog-style logs of
// Mooncake / UCCL / brpc, Open MPI, plain ibv_* / rdma_cm error lines) and of the environment variables that steer
// them. A line becomes facts (AppLogEvent) the troubleshooter can weigh against the hosts' GID tables: the GID
// index and GID a connection used, the peer's GID, work completion errors, QP and address-handle failures.
// Written from the projects' format strings (see tests/fixtures/applog/README.md), not from captured runs.
// Hand scanning only: no std::regex, bounded work per line, never throws.

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace rp {

/// One fact an application's log line states about its RDMA path.
struct AppLogEvent
{
    /// "nccl", "ucx", "libfabric" (fabtests too), "gloo", "glog" (Mooncake/UCCL/brpc-style), "openmpi", "verbs"
    /// (plain ibv_* / rdma_cm error lines), "benchmark" (a measured rate or latency of any tool), "kernel" (an RDMA
    /// driver's dmesg line), "k8s" (a Kubernetes RDMA device plugin), "rdma" (iproute2's `rdma system show`); a test
    /// tool's name
    /// ("ib_write_bw", "ibv_rc_pingpong") for the options of its command line pasted without output.
    std::string family;
    /// What the line states:
    /// - "setting": an environment variable's value (setting/settingValue; "RLIMIT_MEMLOCK" with bytes or "unlimited"
    ///   for the locked-memory limit; gidIndex for a GID index variable,
    ///   trafficClass for NCCL_IB_TC / UCX_IB_TRAFFIC_CLASS / MC_IB_TC..., serviceLevel for *_SL, mtu for *_MTU).
    ///   A value the application says is not set is "<not set>" (libfabric).
    /// - "gid-in-use": the local GID and/or index a connection or the whole application used (gid, gidIndex,
    ///   device, port, mtu when the line has them).
    /// - "peer-gid": the remote GID of a connection (peerGid; gid, gidIndex, trafficClass, serviceLevel too when
    ///   the line has them).
    /// - "completion-error": a work completion with an error (wcStatus, device, gid/peerGid when printed).
    /// - "modify-qp-error": ibv_modify_qp / RTR / RTS failure (errnoValue; device, port, gids when printed).
    /// - "create-ah-error": ibv_create_ah / address handle failure (peerGid, gidIndex, trafficClass, sl, port).
    /// - "no-device": no RDMA device found or usable, ENODEV from a call that looks one up (rdma_cm).
    /// - "device-not-found": the device a command was given is not listed ("IB device rxe2 not found", ibv_devinfo's
    ///   "IB device 'mlx5_1' wasn't found"; device).
    /// - "no-provider": libibverbs could not load a device's userspace provider (driver names it: "mlx5", "rxe"),
    ///   or found none for a kernel device ("no userspace device-specific driver found for ...").
    /// - "open-device-error": ibv_open_device failed (device, errnoValue: 19 when the /dev/infiniband node is
    ///   missing, as in a container that was not given it; driver "efa" when libfabric's EFA provider says so while
    ///   it builds its device list).
    /// - "gid-change": the port's GID table changed while the application ran (UCX "GID table change" async event).
    /// - "peer-timeout": the transport gave up on a peer that never answered (UCX UD "Endpoint timeout").
    /// - "no-gid": the application found no GID where it looked (Mooncake's "GID is NULL", a failed ibv_query_gid;
    ///   setting: the variable the line tells to set, "MC_GID_INDEX").
    /// - "socket-transport": NCCL runs over its TCP socket transport ("Using network Socket", "NET/Socket : Using").
    /// - "no-verbs-library": NCCL could not load libibverbs ("Failed to open libibverbs.so[.1]"): no IB/RoCE for it.
    /// - "no-socket-interface": NCCL found no IP interface its sockets can use ("Socket creation failed : ...",
    ///   "Bootstrap : no socket interface found", "NET/Socket : no interface found"; errnoValue when printed).
    /// - "efa": the RDMA in use is AWS EFA (fi_info "provider: efa", ucx_info's efa_0, aws-ofi-nccl's provider).
    /// - "device": a device/port in use (device, port, mtu; the link layer stays in text).
    /// - "connect-error": rdma_cm or socket connect failures, rejections, timeouts.
    /// - "openib-no-cpc": Open MPI's openib BTL found no connection scheme (CPC) it could use on a port and disabled
    ///   itself there (help-mpi-btl-openib-cpc-base.txt): a notice when another transport (pml ucx) carries the run.
    /// - "driver-error": a kernel RDMA/NIC driver's failure line (family "kernel": dmesg, journalctl -k; driver,
    ///   device when named, setting "firmware" when the line is about the firmware).
    /// - "resource-error": creating a CQ, QP, SRQ or PD or registering memory failed (errnoValue 12 when the line
    ///   says ENOMEM / "Cannot allocate memory"): pinned memory, limited by RLIMIT_MEMLOCK.
    /// - "rdma-netns": the RDMA subsystem's network-namespace mode (settingValue "shared" or "exclusive"), from
    ///   `rdma system show` or a device plugin that refuses the mode.
    /// - "test-command": a perftest command line pasted without output that does not pass -x (family the tool;
    ///   device, port, peer, rdmaCm): it runs on the GID index perftest picks by itself. With -x it is "gid-in-use".
    /// - "shared-plugin": the shared RDMA device plugin runs on the node (its banner, family "k8s").
    /// - "traffic-moved": a benchmark's measured rate or latency (family "benchmark"): data went over the path.
    /// - "other-error": an error line of one of these families that states none of the above.
    std::string kind;
    std::string device; ///< "mlx5_0" when the line names it
    std::string driver; ///< the provider / kernel driver a no-provider line names ("mlx5", "rxe")
    std::optional<int> port;
    std::optional<int> gidIndex; ///< only a real index (>= 0); "auto" or -1 leaves it empty
    std::string gid; ///< canonical form (rp::canonicalGid), decoded when the log prints it byte-swapped/packed
    std::string peerGid; ///< canonical
    std::optional<int> mtu; ///< bytes (NCCL/verbs "mtu 5" enum -> 4096)
    std::optional<int> trafficClass; ///< the GRH traffic class (tc / NCCL_IB_TC / traffic_class)
    std::optional<int> serviceLevel;
    std::optional<int> wcStatus; ///< ibv_wc_status number (12 retry exceeded, 13 RNR, 5 flushed, 4 protection...)
    std::optional<int> errnoValue; ///< 110, 22, 19 ... from "[110]", "errno 110", "Connection timed out"
    /// The environment variable the line reports ("NCCL_IB_GID_INDEX", "UCX_IB_GID_INDEX", "FI_VERBS_GID_IDX",
    /// "NCCL_IB_HCA", ...).
    std::string setting;
    std::string settingValue;
    /// The server a test tool's client command line connects to ("10.0.0.1"); empty on the server side and for logs.
    std::string peer;
    bool rdmaCm = false; ///< a test tool's command line asks for rdma_cm (perftest -R)
    /// A UCX endpoint lane ("device" kind): the index of the local memory domain (its device) and of the peer's one
    /// the lane connects to ("md[1] -> md[0]").
    std::optional<int> localMd;
    std::optional<int> remoteMd;
    std::string host; ///< a host name the line carries (NCCL "node1:1234:1250 [0] NCCL INFO", UCX "[node1:..]")
    std::string text; ///< the line, trimmed, at most 200 bytes (valid UTF-8)
    int line = 0;
};

/// What one line is: the family whose log line it is (empty: none of them) and the facts it states (often none:
/// most INFO lines of NCCL say nothing about the RDMA path). A line can state several facts (NCCL's
/// "NET/IB : Using [0]mlx5_0:1/RoCE [1]mlx5_1:1/RoCE" names two devices).
struct AppLogLine
{
    std::string family;
    std::vector<AppLogEvent> events;
};

AppLogLine scanAppLogLine(std::string_view line, int lineNumber);

/// The first fact the line states; nothing for lines that are not such log lines or state no fact.
std::optional<AppLogEvent> readAppLogLine(std::string_view line, int lineNumber);

} // namespace rp

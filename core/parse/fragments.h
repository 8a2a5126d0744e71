// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Fragment-tolerant import of what admins paste: several hosts' outputs one after another (a heading or a shell
// prompt names the host), markdown fences, shell prompts with the command in front of its output, lines cut
// with an ellipsis, GID rows grepped out of `ibv_devinfo -v` with no hca_id/port above them, `cat`/`grep .`
// sessions over sysfs and the rdma_cm configfs, `ibstat`, `rdma statistic`, `ethtool -S`, and the outputs of
// perftest, ibv_rc_pingpong and qperf including their failures, and application logs (NCCL, UCX, libfabric, Gloo,
// glog-style engines, Open MPI, verbs errors; applog.h). Whole outputs of the commands parseOutput()
// knows (show_gids, ibv_devinfo, ip, dcb, mlnx_qos, lldptool, ...) are handed to those parsers. Never fails,
// never drops a GID row it could read: a row it cannot attribute to a device is kept under device "?" with a
// warning naming its line.

#include "model/model.h"
#include "parse/applog.h"
#include "parse/parsed.h"

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace rp {

/// One counter value as read once. Two reads of the same counter make a rate (see the troubleshooter).
struct CounterRead
{
    std::string scope; ///< "rxe0/1" (rdma statistic, hw_counters) or a netdev ("eth0", ethtool -S)
    std::string name; ///< "rx_prio3_pause", "np_cnp_sent", "retrans_pkts"...
    std::uint64_t value = 0;
    int read = 0; ///< 0 for the first read of this scope in the paste, 1 for the second...
    std::optional<double> atSeconds; ///< when the read happened, relative to the first read, when the text says
    int line = 0;
};

/// rdma_cm defaults from /sys/kernel/config/rdma_cm/DEV/ports/P/.
struct RdmaCmSetting
{
    std::string device;
    int port = 1;
    std::optional<std::string> mode; ///< "RoCE v2", "IB/RoCE v1"
    std::optional<int> tos;
    int line = 0;
};

/// What a perftest / ibv_rc_pingpong / qperf run printed: its settings and, when it failed, why.
struct TestOutcome
{
    std::string tool; ///< "ib_send_lat", "ibv_rc_pingpong", "qperf", ...
    std::string device;
    std::optional<int> gidIndex;
    std::optional<int> mtu; ///< path MTU it used, bytes
    std::string localGid; ///< canonical form when printed
    int localGidLine = 0;
    std::string remoteGid;
    std::string linkLayer; ///< perftest's "Link type": "Ethernet" (RoCE) or "IB"
    std::string transportType; ///< perftest's "Transport type": "IB" (InfiniBand and RoCE) or "IW" (iWARP)
    bool rdmaCm = false;
    /// Empty when it ran through; else one of "connect" (TCP exchange or rdma_cm could not connect),
    /// "rtr" (modify QP to RTR failed), "retry-exceeded", "grh-required", "mtu", "completion-error", "port-down"
    /// (perftest found the port it was given not ACTIVE), "device" (the device it was given is not there; the line
    /// also goes to the host's appLog as device-not-found), "other";
    /// "teardown" when the only error line came after a result row and is about disconnecting ("Failed to disconnect
    /// RDMA CM connection", "Connection reset by peer"): the measurement completed.
    std::string failure;
    std::string message; ///< the line that says so
    int line = 0;
};

/// One QoS group of a switch port (NX-OS) as a queuing show output states it. Empty optionals: the text did not say.
struct SwitchQueueQos
{
    int group = 0;
    std::vector<int> priorities; ///< the CoS values the output maps to this group (its PFC table), when it printed them
    int prioritiesLine = 0;
    std::optional<bool> noDrop; ///< pause (headroom) configured for the group: no-drop; else lossy
    int noDropLine = 0;
    std::optional<int> bandwidthPercent; ///< its ETS share of the egress scheduler
    std::optional<int> priorityLevel; ///< strict priority level, for a group served before the ETS shares
    /// Packets the group dropped since the counters were last cleared (the largest drop row: rows overlap).
    std::optional<std::uint64_t> drops;
    int dropsLine = 0;
};

/// One line of a switch's log about QoS (SONiC syslog: the PFC watchdog, orchagent's errors on QoS and buffer
/// objects).
struct SwitchLogEvent
{
    std::string kind; ///< "pfc-storm" (detected), "pfc-restored", "qos-error"
    std::optional<int> queue; ///< the queue index (SONiC's lossless queue N carries priority N)
    std::string time; ///< the log's timestamp as printed
    std::string text; ///< the message, at most 200 bytes
    int line = 0;
};

/// Per port QoS as a switch `show` output or configuration states it. Empty optionals: the text did not say.
struct SwitchPortQos
{
    std::string switchName;
    std::string vendor; ///< "cumulus", "sonic", "eos", "nxos", ...
    std::string port; ///< "swp1", "Ethernet0", "Ethernet1/1"; "*" when it applies to every port
    std::optional<std::vector<int>> pfcPriorities;
    std::optional<std::string> trust; ///< "dscp" / "pcp"
    std::map<int, int> dscpToTc;
    std::optional<int> mtu;
    std::map<int, std::uint64_t> pfcRx; ///< per priority, pause frames received (the latest read)
    std::map<int, std::uint64_t> pfcTx;
    std::map<int, std::uint64_t> pfcRxFirst; ///< an earlier read of the same counters, when there were two
    std::map<int, std::uint64_t> pfcTxFirst;
    std::optional<std::uint64_t> watchdogStorms; ///< pfcwd storm detected count
    std::optional<bool> pfcOperational; ///< NX-OS "Oper" column, EOS "A" (active) flag
    /// Pause frames of all priorities together, where the output does not split them (EOS counters).
    std::optional<std::uint64_t> pfcRxTotal;
    std::optional<std::uint64_t> pfcRxTotalFirst; ///< an earlier read, when there were two
    /// Priorities the switch gives lossless buffers (headroom) on this port: Cumulus's RoCE lossless pool, SONiC
    /// BUFFER_PG entries with a lossless profile.
    std::optional<std::vector<int>> losslessBufferPriorities;
    /// dscpToTc lists only what the configuration sets: a DSCP missing from it keeps the vendor's default
    /// map, which was not read (EOS `qos map dscp`).
    bool dscpMapPartial = false;
    std::vector<SwitchQueueQos> queues; ///< per QoS group, ordered by group (NX-OS `show queuing interface`)
    std::vector<SwitchLogEvent> log; ///< what the switch's log says about this port, in paste order
    std::string command; ///< the show command or configuration it was read from
    int line = 0;
    std::string origin; ///< the file it was read from (set by the troubleshooter), or "ssh ADDRESS"
    std::string readAt; ///< when it was read live; empty for pasted text
    /// A host is known to sit on this port (the inventory's host_ports, or an LLDP neighbour that is a host).
    bool hostFacing = false;
};

/// Windows NetQoS / RDMA state as the PowerShell cmdlets print it (Format-List or Format-Table).
struct WindowsQos
{
    struct TrafficClass
    {
        std::string name;
        std::string algorithm; ///< "ETS", "Strict"
        std::optional<int> bandwidth;
        std::vector<int> priorities;
    };
    std::map<std::string, bool> adapterRdma; ///< Get-NetAdapterRdma: adapter -> Enabled
    std::map<std::string, bool> adapterQos; ///< Get-NetAdapterQos: adapter -> Enabled
    std::map<std::string, std::vector<int>> operationalPfc; ///< Get-NetAdapterQos OperationalFlowControl
    std::map<std::string, bool> smbRdmaCapable; ///< Get-SmbClientNetworkInterface: interface -> RDMA Capable
    std::optional<std::vector<int>> pfcEnabled; ///< Get-NetQosFlowControl (global policy)
    std::optional<bool> willing; ///< Get-NetQosDcbxSetting
    std::vector<TrafficClass> classes; ///< Get-NetQosTrafficClass
    std::map<std::string, int> policyPriority; ///< Get-NetQosPolicy: name -> PriorityValue
    std::optional<int> smbPriority; ///< the policy matching NetDirect port 445 (or template SMB)
    std::map<std::string, int> lines; ///< "cmdlet" -> line of the paste it came from
    bool any() const { return !lines.empty(); }
};

/// One LLDP neighbour as a host (`lldpctl`, `lldptool -t -n`) or a switch (`show lldp neighbors`) reports it:
/// on `local`'s interface `localPort` sits `remote`'s `remotePort`.
struct LldpNeighbor
{
    std::string local; ///< the host or switch that printed it
    std::string localPort;
    std::string remote; ///< the neighbour's system name (as advertised)
    std::string remotePort; ///< its port id or description
    std::string command;
    int line = 0;
    std::string origin; ///< the file (set by the troubleshooter) or "ssh ADDRESS"
};

struct PastedHost
{
    std::string name; ///< from a heading or prompt; "pasted" when the text never names one
    std::vector<RdmaDevice> devices;
    std::vector<Netdev> netdevs;
    std::vector<RdmaCmSetting> rdmaCm;
    std::vector<CounterRead> counters;
    std::vector<TestOutcome> tests;
    std::map<std::string, int> gidLines; ///< "dev/port/index" -> line of the paste that gave it
    int noGidsLine = 0; ///< the line of a show_gids that found no GID at all ("n_gids_found=0"; 0: none such)
    std::map<std::string, int> netdevLines; ///< netdev -> first line that described it
    /// netdev -> the output (block of lines) that first described it: one command's output is one host's, while a
    /// paste's separate outputs under sentences ("PC2's address is ...") may be of several machines.
    std::map<std::string, int> netdevBlocks;
    WindowsQos windows; ///< PowerShell outputs (a Windows host)
    /// Facts from application log lines (applog.h), in paste order. A host named in a line (NCCL's
    /// "host:pid:tid") stays in the event's `host`: the event belongs to the host the paste's heading or prompt
    /// names.
    std::vector<AppLogEvent> appLog;
    int firstLine = 0;
};

struct PastedFabric
{
    std::vector<PastedHost> hosts;
    std::vector<SwitchPortQos> switchPorts;
    std::vector<LldpNeighbor> lldp;
    std::vector<ParseWarning> warnings;
};

/// Read a paste of fragments. `defaultHost` names the host of text that names none (e.g. the file name).
PastedFabric importFragments(std::string_view text, std::string_view defaultHost = "pasted");

/// The most a paste, bundle or output file given to the troubleshooter or the parsers may hold.
inline constexpr std::size_t kMaxPasteBytes = 64u << 20;

/// Whether the troubleshooter found anything at all in a paste: a host with a device, netdev, note or application
/// log fact, a switch port or an LLDP neighbour.
bool holdsAnything(const PastedFabric& fabric);

} // namespace rp

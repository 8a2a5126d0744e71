// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Plain value types for what discovery, the parsers and the troubleshooter find. They are what crosses threads, goes to
// JSON and fills the GUI models. A value a host did not tell is an empty optional/string, never a guessed default;
// `unavailable` fields say why.

#include <array>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace rp {

enum class GidType {
    Unknown,
    IbRoceV1, ///< "IB/RoCE v1" in sysfs
    RoceV2, ///< "RoCE v2"
};

enum class Transport {
    Unknown,
    RoCE,
    InfiniBand,
    IWarp,
};

struct GidEntry
{
    int index = -1;
    std::string gid; ///< canonical sysfs form: 8 groups of 4 lowercase hex digits
    GidType type = GidType::Unknown;
    std::string netdev; ///< gid_attrs/ndevs/N; empty when the kernel gave none
    std::optional<int> vlanId; ///< from the netdev when it is a VLAN
    std::string ipv4; ///< dotted quad when the GID is an IPv4-mapped address
    std::string ipv6; ///< compressed IPv6 form when it is not IPv4-mapped
    bool zero = false;
    bool linkLocal = false; ///< fe80::/10
    bool duplicate = false; ///< same gid+type+netdev seen at a lower index of the same port
};

struct RdmaPort
{
    int number = 0;
    std::string state; ///< "ACTIVE", "DOWN", ...
    std::string physState; ///< "LinkUp", "Disabled", ...
    std::string linkLayer; ///< "Ethernet" or "InfiniBand"
    std::optional<int> activeMtu; ///< bytes (256..4096); from verbs/ibv_devinfo, sysfs has no such file
    std::optional<int> maxMtu;
    std::string rate; ///< "100 Gb/sec (4X EDR)" as the kernel says it
    /// The port's LID as a pasted tool printed it (ibstat "Base lid", ibv_devinfo "port_lid", ibstatus "base lid").
    /// Ethernet (RoCE) ports have no subnet manager and say 0; some drivers print another number.
    std::optional<int> lid;
    std::string netdev; ///< the Ethernet netdev of this port (may be a bond)
    std::vector<GidEntry> gids; ///< non-empty slots only, in index order
    int gidTableSize = 0; ///< slots seen, empty ones included
    /// What was read lists no GIDs at all (ibstat, ibstatus, ibv_devinfo without -v): empty `gids` then says nothing
    /// about the table. Only pastes set it; discovery always reads the table.
    bool gidsUnlisted = false;
};

struct RdmaDevice
{
    std::string name; ///< mlx5_0, rxe0, ...
    std::string driver; ///< mlx5, mlx4, rxe, bnxt_re, irdma, qedr, hns, efa, siw, ...
    std::string fwVersion;
    std::string nodeGuid;
    std::string nodeType; ///< "CA", "RNIC", ...
    std::string boardId;
    Transport transport = Transport::Unknown;
    std::string parentNetdev; ///< rxe/siw: the netdev it was created on
    std::vector<RdmaPort> ports;
    /// Listed by a userspace verbs tool (ibv_devinfo, ibv_devices): its provider library loads. Kernel-side views
    /// (sysfs, ibstat, rdma link, rxe_cfg) list a device whose provider is missing too.
    bool openedByVerbs = false;
};

/// Priority Flow Control, ETS, trust and DCBX as one netdev reports them. Each optional is empty when the
/// source could not tell; `unavailable` explains (e.g. "dcb: Operation not supported on this driver").
struct DcbInfo
{
    std::string source; ///< "dcb", "mlnx_qos", "lldptool", or empty when nothing could be read
    std::optional<std::array<bool, 8>> pfcEnabled; ///< per priority
    std::optional<std::array<int, 8>> prioToTc; ///< ETS priority -> traffic class
    std::optional<std::array<int, 8>> tcBandwidth; ///< ETS percent per TC
    std::optional<std::array<std::string, 8>> tcTsa; ///< "ets", "strict", "vendor" per TC
    std::optional<std::string> trust; ///< "pcp" or "dscp"
    std::map<int, int> dscpToPrio; ///< app table / mlnx_qos dscp2prio; empty when not told
    std::optional<std::string> dcbxMode; ///< "host"/"lld-managed"/"os"/"firmware" ...
    std::optional<bool> willing;
    /// MLNX_OFED /sys/class/net/IF/ecn/roce_np/cnp_dscp and cnp_802p_prio: how the CNPs this port sends are marked.
    std::optional<int> cnpDscp;
    std::optional<int> cnpPriority;
    std::string unavailable;
};

struct QosMapEntry
{
    int from = 0;
    int to = 0;
    bool operator==(const QosMapEntry&) const = default;
};

struct Netdev
{
    std::string name;
    std::optional<int> ifindex;
    std::optional<int> mtu;
    std::string operState; ///< "UP", "DOWN", "UNKNOWN", ...
    std::string mac;
    std::string kind; ///< "vlan", "bond", "veth", "bridge", ... empty for a plain device
    std::vector<std::string> ipv4; ///< "198.18.0.1/24"
    std::vector<std::string> ipv6; ///< "fe80::1/64"
    std::optional<int> vlanId;
    std::string vlanParent;
    std::vector<QosMapEntry> egressQos; ///< skb priority -> VLAN PCP
    std::vector<QosMapEntry> ingressQos; ///< VLAN PCP -> skb priority
    std::vector<std::string> bondSlaves;
    std::string bondMode;
    std::optional<int> speedMbps;
    DcbInfo dcb;
};

/// Something discovery wants the user to see about a host: a flagged GID, an iWARP device that needs no DCB,
/// a tool that is missing.
struct HostNote
{
    enum class Severity { Info, Warning, Error };
    Severity severity = Severity::Info;
    std::string code; ///< stable id, e.g. "gid.duplicate", "dcb.unavailable"
    std::string message;
};

struct GidRecommendation
{
    std::string device;
    int port = 0;
    int gidIndex = -1;
    std::string gid;
    GidType type = GidType::Unknown;
    std::string netdev;
    std::string address;
    std::string reason;
};

struct HostFacts
{
    std::string hostname;
    std::string os; ///< PRETTY_NAME from os-release
    std::string kernel;
    std::vector<RdmaDevice> devices;
    std::vector<Netdev> netdevs;
    std::vector<HostNote> notes;
    std::vector<GidRecommendation> recommendations;

    /// The netdev of that name, or nullptr.
    const Netdev* netdev(std::string_view name) const;
};

std::string toString(GidType type);
std::string toString(Transport transport);
GidType gidTypeFromString(std::string_view text); ///< "RoCE v2", "IB/RoCE v1", "v2", "v1"

} // namespace rp

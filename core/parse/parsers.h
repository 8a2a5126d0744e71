// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Parsers for the text an admin already has: outputs of show_gids, ibv_devinfo, rdma, ip, mlnx_qos, dcb, lldptool,
// amd-smi static,
// read from a host or pasted by a user. Every parser returns what it could read plus warnings naming the line and
// what was odd; none throws, none guesses a value. Input is cleaned first: CRLF, mail quoting ("> "), overlong and
// binary lines, and anything past 8 MiB are dealt with (the last three with a warning).

#include "model/model.h"
#include "parse/gid.h"
#include "parse/parsed.h"

#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace rp {

/// The kernel driver behind an RDMA device name ("mlx5_0" -> "mlx5", "rxe0" -> "rxe"); empty when unknown.
std::string driverFromDeviceName(std::string_view name);
/// What rdma-core's stable device names say of the link (its udev rename: "ib" InfiniBand, "roce" RoCE, "iw" iWARP,
/// then "p"/"o"/"s"/"g" and the PCI slot, onboard index or GUID: "rocep216s0f0", "ibp3s0"); Unknown for other names.
Transport transportFromStableName(std::string_view name);

/// NVIDIA show_gids table (DEV PORT INDEX GID IPv4 VER DEV), also the "rxe0 gid[0] GID type=RoCE v2 ndev=eth0"
/// listing some scripts print. Zero GIDs are left out, as show_gids does.
Parsed<std::vector<RdmaDevice>> parseShowGids(std::string_view text);
/// ibv_devinfo and ibv_devinfo -v, old (raw GID) and new (", RoCE v2" suffix) layouts.
Parsed<std::vector<RdmaDevice>> parseIbvDevinfo(std::string_view text);
Parsed<std::vector<RdmaDevice>> parseIbvDevices(std::string_view text);
/// `rdma link` text or `rdma -j link` JSON.
Parsed<std::vector<RdmaDevice>> parseRdmaLink(std::string_view text);
/// `rdma dev` text or `rdma -j dev` JSON.
Parsed<std::vector<RdmaDevice>> parseRdmaDev(std::string_view text);
/// MLNX_OFED ibdev2netdev, plain and -v.
Parsed<std::vector<RdmaDevice>> parseIbdev2netdev(std::string_view text);
/// `ip -j [-d] addr show`; also takes the plain-text `ip addr` layout.
Parsed<std::vector<Netdev>> parseIpAddrJson(std::string_view text);
/// `ip -d -j link show`; also takes the plain-text `ip -d link` layout.
Parsed<std::vector<Netdev>> parseIpLinkJson(std::string_view text);
/// /proc/net/vlan/IF.
Parsed<Netdev> parseProcNetVlan(std::string_view text);
/// `mlnx_qos -i IF`.
Parsed<DcbInfo> parseMlnxQos(std::string_view text);
/// iproute2 `dcb [-j] pfc|ets|app|apptrust|dcbx show dev IF`, one or several outputs in a row.
Parsed<DcbInfo> parseDcbJson(std::string_view text);
/// `lldptool -t -i IF -V PFC|ETS-CFG|APP` and their `-c` forms.
Parsed<DcbInfo> parseLldptool(std::string_view text);
/// What `amd-smi static` says about a host's AMD NICs (text or --json): RDMA devices with their ports (netdev,
/// state, active and max MTU; no GIDs: `gidsUnlisted`) and the NICs' netdevs (MTU, link state, MAC).
struct AmdSmiNics
{
    std::vector<RdmaDevice> devices;
    std::vector<Netdev> netdevs;
    std::map<std::string, int> lines; ///< device or netdev name -> the line it was read from
};
Parsed<AmdSmiNics> parseAmdSmiStatic(std::string_view text);
/// Fill every field `into` lacks from `from`.
void mergeDcb(DcbInfo& into, const DcbInfo& from);

enum class OutputKind {
    Unknown,
    ShowGids,
    IbvDevinfo,
    IbvDevices,
    RdmaLink,
    RdmaDev,
    Ibdev2netdev,
    IpAddrJson,
    IpLinkJson,
    ProcNetVlan,
    MlnxQos,
    DcbJson,
    Lldptool,
    AmdSmiStatic,
};

/// Stable CLI names: "show_gids", "ibv_devinfo", "ibv_devices", "rdma-link", "rdma-dev", "ibdev2netdev", "ip-addr",
/// "ip-link", "proc-net-vlan", "mlnx_qos", "dcb", "lldptool", "amd-smi", "unknown".
std::string_view toString(OutputKind kind);
std::optional<OutputKind> outputKindFromString(std::string_view name);
/// Which command most likely produced `text`; Unknown when nothing fits.
OutputKind detectKind(std::string_view text);

struct ParsedOutput
{
    OutputKind kind = OutputKind::Unknown;
    std::vector<RdmaDevice> devices;
    std::vector<Netdev> netdevs;
    std::vector<ParseWarning> warnings;
};

/// Parse `text` as `kind` (detected first when Unknown). DCB results come back as one Netdev whose name is the one
/// the text gives (a "dev IF" in a pasted command line, the /proc/net/vlan name), else empty.
ParsedOutput parseOutput(OutputKind kind, std::string_view text);

} // namespace rp

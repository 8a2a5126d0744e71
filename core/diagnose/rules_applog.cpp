// SPDX-License-Identifier: GPL-3.0-or-later
// Application logs (NCCL, UCX, libfabric, Gloo, glog-style engines, Open MPI, plain verbs errors): what the log
// itself proves, and what it proves joined with the same host's GID table and DCB state. A log that names GID
// index 1 next to a table where index 1 is link-local gives one finding naming both values and the index to use.
#include "diagnose/context.h"

#include <algorithm>
#include <set>
#include <tuple>

namespace rp::diag::detail {

std::string familyName(const std::string& family)
{
    if (family == "nccl")
        return "NCCL";
    if (family == "ucx")
        return "UCX";
    if (family == "libfabric")
        return "libfabric";
    if (family == "gloo")
        return "Gloo";
    if (family == "openmpi")
        return "Open MPI";
    if (family == "glog")
        return "the application";
    if (family == "benchmark")
        return "the benchmark";
    if (family == "kernel")
        return "the kernel";
    if (family == "k8s")
        return "the RDMA device plugin";
    if (family == "rdma")
        return "rdma system";
    if (family == "limits")
        return "the shell's limits";
    if (family == "ls")
        return "ls";
    // A test tool's command line (fragmentlines.h commandEvents) is named by the tool.
    if (family.starts_with("ib_") || family.starts_with("ibv_") || family == "qperf" || family == "rping"
        || family == "ibstatus")
        return family;
    return "the verbs program";
}

int defaultGidCount(std::string_view device)
{
    // The kernel reserves one default GID per RoCE type the device supports, at the start of the table.
    return device.starts_with("mlx5") || device.starts_with("bnxt_re") ? 2 : 1;
}

std::string defaultGidText(std::string_view device)
{
    const std::string name = device.empty() ? std::string("this device") : std::string(device);
    return "On a RoCE port the first entries of the GID table are the kernel's default GIDs, one per RoCE version the "
           "device offers (index 0 on Soft-RoCE; 0 and 1 on ConnectX mlx5 and Broadcom bnxt_re): link-local fe80:: "
           "GIDs made from the MAC address, there even when the netdev has no address. On "
        + name + " that is index " + (defaultGidCount(device) == 2 ? "0 and 1" : std::string("0"))
        + ". The GIDs of the netdev's own IPv4 and IPv6 addresses follow them.";
}

namespace {

/// The setting that chooses the GID index for this family, when it has a documented one.
std::string gidIndexSetting(const AppLogEvent& e)
{
    if (!e.setting.empty()
        && (e.setting.find("GID_INDEX") != std::string::npos || e.setting.find("GID_IDX") != std::string::npos))
        return e.setting;
    if (e.family == "nccl")
        return "NCCL_IB_GID_INDEX";
    if (e.family == "ucx" || e.family == "openmpi")
        return "UCX_IB_GID_INDEX";
    if (e.family == "libfabric")
        return "FI_VERBS_GID_IDX";
    return {};
}

std::string wcStatusText(int status)
{
    switch (status) {
    case 4:
        return "local protection error";
    case 5:
        return "work request flushed error";
    case 9:
        return "remote invalid request error";
    case 10:
        return "remote access error";
    case 11:
        return "remote operation error";
    case 12:
        return "transport retry counter exceeded";
    case 13:
        return "RNR retry counter exceeded";
    default:
        return "status " + std::to_string(status);
    }
}

class AppLogRules
{
public:
    explicit AppLogRules(Context& ctx)
        : m_ctx(ctx)
    { }

    void run()
    {
        for (const auto& h : m_ctx.snap.hosts) {
            if (h.appLog.empty())
                continue;
            m_ctx.markEvaluated("M2");
            // The GIDs first: an error line is then told with the GID finding that explains it.
            for (const auto& e : h.appLog) {
                if (appLogShowsEfa(h))
                    break; // EFA has no GID index to judge: applog.efa says so instead
                // Any line naming the index it used: a setting, a GID in use, or an error that quotes it
                // (UCX's "invalid gid[4] on rxe0:1", a completion error's sgid_index).
                // "Failed to query GID 244 ...: No data available": the line itself says the slot is empty, so it is
                // no index the application uses (Mooncake walks every index of the table that way).
                if (e.gidIndex && e.kind != "device" && !(e.kind == "no-gid" && e.errnoValue == 61))
                    gidIndex(h, e);
                else if (!e.gid.empty() && e.kind == "gid-in-use")
                    gidOnly(h, e);
                if (e.peerGid.starts_with("fe80:"))
                    peerLinkLocal(h, e);
                if (e.trafficClass && e.kind == "setting")
                    trafficClass(h, e);
            }
            trafficClassUnset(h);
            const AppLogEvent* firstError = nullptr;
            for (const auto& e : h.appLog) {
                if (e.kind == "completion-error" && e.wcStatus)
                    completion(h, e, firstError);
                else if (e.kind == "modify-qp-error")
                    modifyQp(h, e);
                else if (e.kind == "create-ah-error")
                    simple(h, e, "applog.create-ah", "The address handle for the peer could not be made",
                        familyName(e.family)
                            + " could not make an address handle to the peer: the kernel found no way from the local "
                              "GID to the peer's (no route, or no neighbour entry). Usual causes: a link-local or "
                              "other-VLAN GID index, or a peer address that is not reachable from this port.");
                else if (e.kind == "no-device" && !appSetupExplains(h, e))
                    simple(h, e, "applog.no-device", familyName(e.family) + " found no usable RDMA device",
                        familyName(e.family)
                            + " saw no RDMA device it could use. On a host: no kernel RDMA driver is bound (`ls "
                              "/sys/class/infiniband` is empty: load mlx5_ib for ConnectX, or make a Soft-RoCE device "
                              "with `modprobe rdma_rxe; rdma link add rxe0 type rxe netdev IFACE`), or the userspace "
                              "provider is missing (rdma-core's ibverbs-providers: libmlx5, librxe), or the device "
                              "filter (NCCL_IB_HCA, UCX_NET_DEVICES) names none that exist. In a container the device "
                              "(/dev/infiniband/uverbs*) was not given to the pod (RDMA device plugin, hostDevice) or "
                              "the pod's network namespace holds none of the RoCE netdevs. NCCL then falls back to "
                              "TCP sockets.");
                else if (e.kind == "no-gid")
                    noGid(h, e);
                else if (e.kind == "gid-change")
                    gidChange(h, e);
                else if (e.kind == "peer-timeout")
                    simple(h, e, "applog.peer-timeout", familyName(e.family) + " gave up on a peer that never answered",
                        familyName(e.family)
                            + " got no acknowledgement from the peer within its timeout (UCX_UD_TIMEOUT for UCX's UD "
                              "transport): the packets of one side never reached the other, or the peer process "
                              "died. With both processes alive, on RoCE the causes are those of retry exceeded: a "
                              "wrong GID index (link-local, RoCE v1, another VLAN's), a path MTU smaller than the "
                              "QP's, UDP port 4791 blocked, or drops on a priority without PFC/ECN.");
                else if (e.kind == "openib-no-cpc")
                    openibNoCpc(h, e);
                else if (e.kind == "connect-error")
                    simple(h, e, "applog.connect", familyName(e.family) + " could not connect to its peer",
                        familyName(e.family)
                            + " could not reach its peer to set up the connection: a wrong address or port, the "
                              "peer not listening yet, or a firewall on the out-of-band TCP port (rdma_cm: the "
                              "address resolution over the RoCE netdev).");
                if (!firstError
                    && (e.kind == "completion-error" || e.kind == "modify-qp-error" || e.kind == "create-ah-error"))
                    firstError = &e;
            }
        }
    }

private:
    /// Open MPI's openib BTL disabled itself on a port. With UCX as the PML (`-mca pml ucx`, OMPI_MCA_pml=ucx) or UCX
    /// lines in the log, openib is not the run's transport and the notice is not its failure: said as a note, so the
    /// reader looks at UCX's own lines. Without UCX, openib is the transport and needs rdmacm on RoCE.
    void openibNoCpc(const DiagHost& h, const AppLogEvent& e)
    {
        if (!once("applog.openib-no-cpc|" + h.name))
            return;
        const bool ucx = std::ranges::any_of(h.appLog, [](const AppLogEvent& x) {
            return x.family == "ucx"
                || (x.kind == "setting" && x.setting == "OMPI_MCA_pml"
                    && x.settingValue.find("ucx") != std::string::npos);
        });
        Finding f;
        f.ruleId = "applog.openib-no-cpc";
        f.check = "M20";
        f.hosts = { h.name };
        f.evidence.push_back(logEvidence(h, e));
        f.severity = ucx ? Severity::Info : Severity::Warning;
        f.title = ucx ? std::string("Open MPI's openib BTL is off on this port, and the run uses UCX: not the failure")
                      : std::string("Open MPI's openib BTL found no way to connect on this port and turned itself off");
        f.explanation = "Open MPI's openib BTL tried its connection schemes (rdmacm, udcm) on the port, none could be "
                        "used, and it disabled itself there.";
        if (ucx) {
            f.explanation += " This run's point-to-point transport is UCX (pml ucx), not openib: the notice only says "
                             "openib stays out of the way, as it does on every RoCE port without rdmacm. Look at "
                             "UCX's own settings and lines for the failure (its GID index, UCX_NET_DEVICES, UCX_TLS). "
                             "`-mca btl ^openib` silences the notice.";
        } else {
            f.explanation
                += " On RoCE openib connects only through rdmacm (udcm is InfiniBand's), and rdmacm needs an "
                   "IP address on the port's netdev and the RoCE v2 GID of that address; without it MPI "
                   "falls back to TCP or fails. openib is deprecated and gone in Open MPI 5: UCX replaces it.";
            Fix fix;
            fix.target = h.name;
            fix.platform = "application";
            fix.text
                = "mpirun --mca pml ucx --mca btl ^openib ...   # or, to keep openib: --mca btl_openib_cpc_include "
                  "rdmacm, with an IP address on the RoCE netdev";
            fix.origin = "Open MPI's FAQ: RoCE with the openib BTL needs the rdmacm connection scheme";
            f.fixes.push_back(std::move(fix));
        }
        m_ctx.findings.push_back(std::move(f));
    }

    Evidence logEvidence(const DiagHost& h, const AppLogEvent& e) const
    {
        return m_ctx.ev(h, familyName(e.family) + " log", e.text, h.origin + ":" + std::to_string(e.line));
    }

    /// A GID finding on this host that explains a failed connection: its own index (applog.gid-*), or tables that
    /// differ between the hosts (gid.index-differs).
    std::string gidCause(const DiagHost& h) const
    {
        std::string cause;
        for (const auto& other : m_ctx.findings) {
            if (other.ruleId.starts_with("applog.gid-") && !other.hosts.empty() && other.hosts.front() == h.name)
                cause = " Here the GID is the likely cause: see " + other.ruleId + " (" + other.title + ").";
            else if (other.ruleId == "gid.index-differs" && std::ranges::find(other.hosts, h.name) != other.hosts.end()
                && cause.empty())
                cause = " Here the hosts' GID tables are the likely cause: see " + other.ruleId + " (" + other.title
                    + ").";
        }
        return cause;
    }

    /// What the GIDs a failed completion's line prints (NCCL's localGid/remoteGid) already show: a link-local or
    /// empty one, or two ends whose indexes picked GIDs of different address families.
    static std::string gidsOnLine(const AppLogEvent& e)
    {
        auto kind = [](const std::string& g) -> std::string_view {
            if (g.empty())
                return {};
            if (g.find_first_not_of("0:") == std::string::npos)
                return "zero";
            if (g.starts_with("fe80:"))
                return "link-local";
            if (g.starts_with("0000:0000:0000:0000:0000:ffff:"))
                return "ipv4";
            return "ipv6";
        };
        const auto local = kind(e.gid);
        const auto peer = kind(e.peerGid);
        for (const auto& [k, g, who] :
            { std::tuple { local, e.gid, "local" }, std::tuple { peer, e.peerGid, "peer's" } }) {
            if (k == "zero")
                return std::string(" Here the line's own ") + who
                    + " GID is all zeros: the GID index points at an empty slot of the table (a container sees only "
                      "its own netdev's GIDs); use the index of the RoCE v2 GID of the port's address.";
            if (k == "link-local")
                return std::string(" Here the line's own ") + who + " GID " + g
                    + " is link-local: it reaches only peers on the same Ethernet segment, never across a router, "
                      "and rdma_cm cannot resolve it. Across subnets use the index of the RoCE v2 GID of the port's "
                      "IPv4 address.";
        }
        if (!local.empty() && !peer.empty() && local != peer)
            return " Here the two ends use GIDs of different address families (local " + e.gid + ", peer " + e.peerGid
                + "): one index picked an IPv4 GID on one host and an IPv6 one on the other, so their GID tables "
                  "differ. Give each host the index of its own RoCE v2 GID of the same address family.";
        return {};
    }

    /// The last benchmark result before `e` in the same paste: the path carried data before `e` failed.
    static const AppLogEvent* movedBefore(const DiagHost& h, const AppLogEvent& e)
    {
        const AppLogEvent* last = nullptr;
        for (const auto& x : h.appLog)
            if (x.kind == "traffic-moved" && x.line < e.line)
                last = &x;
        return last;
    }

    /// The RoCE port an event is about: the one it names, else the host's first RoCE port with GIDs.
    std::pair<const RdmaDevice*, const RdmaPort*> portOf(const DiagHost& h, const AppLogEvent& e) const
    {
        std::vector<std::pair<const RdmaDevice*, const RdmaPort*>> found;
        for (const auto& d : h.facts.devices) {
            if (!e.device.empty() && d.name != e.device)
                continue;
            for (const auto& p : d.ports)
                if ((!e.port || p.number == *e.port) && !p.gids.empty())
                    found.emplace_back(&d, &p);
        }
        // Several ports and the log names none: the first one (NCCL lists its devices in order; the index rules
        // of a host are usually the same on all its ports).
        if (!found.empty())
            return found.front();
        return { nullptr, nullptr };
    }

    static bool hasGidTable(const DiagHost& h)
    {
        return std::ranges::any_of(h.facts.devices, [](const RdmaDevice& d) {
            return std::ranges::any_of(d.ports, [](const RdmaPort& p) { return !p.gids.empty(); });
        });
    }

    /// What an index below the default GIDs proves without the table: the link-local GID of a RoCE port. Not for a
    /// port the paste shows as InfiniBand, where index 0 is the port's own GID and the right one.
    /// The device a log names anywhere (an event's device, UCX_NET_DEVICES=mlx5_2:1, NCCL_IB_HCA=mlx5_0,...):
    /// a setting line has none of its own.
    static std::string deviceNamedIn(const DiagHost& h)
    {
        for (const auto& x : h.appLog) {
            if (!x.device.empty())
                return x.device;
            if (x.kind == "setting" && (x.setting.ends_with("NET_DEVICES") || x.setting.ends_with("IB_HCA"))) {
                std::string_view v = x.settingValue;
                v = v.substr(v.starts_with('=') || v.starts_with('^') ? 1 : 0);
                auto name = v.substr(0, v.find_first_of(":,"));
                if (!name.empty() && name != "all" && name.size() < 64)
                    return std::string(name);
            }
        }
        return {};
    }

    bool defaultGid(const DiagHost& h, const AppLogEvent& e, const std::string& what, Finding& f)
    {
        std::string device = e.device.empty() ? deviceNamedIn(h) : e.device;
        bool roce = e.kind == "setting"; // a GID index variable matters on RoCE only
        for (const auto& d : h.facts.devices) {
            if (!device.empty() && d.name != device)
                continue;
            if (device.empty() && h.facts.devices.size() == 1)
                device = d.name;
            for (const auto& p : d.ports) {
                if (p.linkLayer == "InfiniBand" || d.transport == Transport::InfiniBand)
                    return false;
                roce = roce || p.linkLayer == "Ethernet" || d.transport == Transport::RoCE;
            }
        }
        roce = roce || device.starts_with("rxe") || e.family == "nccl" || e.family == "ucx";
        const int index = e.gidIndex.value_or(-1);
        if (!roce || index < 0 || index >= defaultGidCount(device))
            return false;
        const std::string setting = gidIndexSetting(e);
        f.ruleId = "applog.gid-default";
        f.title = familyName(e.family) + " uses " + what + ": a default, link-local GID of "
            + (device.empty() ? std::string("the RoCE port") : device);
        // The same log failing the way a link-local GID fails (no answer, retry exceeded, RTR timed out): the index is
        // that failure's cause, so it is an error and is told before the failure it explains.
        const auto failure = std::ranges::find_if(h.appLog, [](const AppLogEvent& x) {
            return x.kind == "peer-timeout" || x.kind == "create-ah-error"
                || (x.kind == "completion-error" && x.wcStatus == 12)
                || (x.kind == "modify-qp-error" && x.errnoValue == 110);
        });
        f.severity = failure != h.appLog.end() ? Severity::Error : Severity::Warning;
        f.explanation = defaultGidText(device)
            + " A link-local GID carries no routable address: a peer in another subnet or behind a router is never "
              "reached, rdma_cm cannot resolve it, and the connection times out (RTR errno 110) or ends in retry "
              "exceeded (status 12). Use the index of the RoCE v2 GID of the port's IPv4 address instead: this "
              "host's GID table (show_gids, or ibv_devinfo -v) gives its number.";
        if (failure != h.appLog.end()) {
            f.explanation += " The log shows that failure (line " + std::to_string(failure->line) + ").";
            f.evidence.push_back(m_ctx.ev(h, familyName(failure->family) + " failure (consequence)", failure->text,
                h.origin + ":" + std::to_string(failure->line)));
        }
        Fix fix;
        fix.target = h.name;
        fix.platform = "application";
        fix.text = "show_gids " + (device.empty() ? std::string() : device + " ")
            + "  # or: grep . /sys/class/infiniband/" + (device.empty() ? std::string("*") : device)
            + "/ports/*/gids/* /sys/class/infiniband/*/ports/*/gid_attrs/types/*\n"
            + (!setting.empty()                    ? "export " + setting + "=N   #"
                    : e.family.starts_with("ib_")  ? e.family + " -x N ...   #"
                    : e.family.starts_with("ibv_") ? e.family + " -g N ...   #"
                                                   : std::string("# then give the application"))
            + " N = the row with the port's IPv4 address and type RoCE v2";
        fix.origin = "the kernel's default GIDs come first in every RoCE GID table";
        f.fixes.push_back(std::move(fix));
        f.missingData = "the GID table of " + h.name;
        m_ctx.findings.push_back(std::move(f));
        return true;
    }

    const PortVerdict* verdictOf(const DiagHost& h, const RdmaDevice& d, const RdmaPort& p) const
    {
        for (const auto& v : m_ctx.verdicts)
            if (v.host == h.name && v.device == d.name && v.port == p.number && !v.tableUnread)
                return &v; // a port whose table was not pasted has no verdict on its GIDs
        return nullptr;
    }

    bool once(const std::string& key) { return m_ctx.reported.insert(key).second; }

    void addUseFix(Finding& f, const DiagHost& h, const AppLogEvent& e, const PortVerdict* v)
    {
        if (!v || !v->gidIndex || v->type != "RoCE v2")
            return;
        Fix fix;
        fix.target = h.name;
        fix.platform = "application";
        const std::string setting = gidIndexSetting(e);
        fix.text = setting.empty() ? "use GID index " + std::to_string(*v->gidIndex) + " in the application's settings"
                                   : "export " + setting + "=" + std::to_string(*v->gidIndex);
        fix.origin = "this host's GID table: " + v->reason;
        f.fixes.push_back(std::move(fix));
    }

    void gidIndex(const DiagHost& h, const AppLogEvent& e)
    {
        if (!e.gidIndex)
            return;
        const int index = e.gidIndex.value_or(-1);
        auto [d, p] = portOf(h, e);
        const std::string what = e.kind == "setting" && !e.setting.empty() ? e.setting + "=" + std::to_string(index)
                                                                           : "GID index " + std::to_string(index);
        Finding f;
        f.check = "M2";
        f.hosts = { h.name };
        f.evidence.push_back(logEvidence(h, e));
        if (!d) {
            // A table of another device, or several ports and the log names none: the table rules speak for them.
            if (hasGidTable(h) || !once("applog.needs-table|" + h.name + "|" + std::to_string(index)))
                return;
            if (defaultGid(h, e, what, f))
                return;
            f.ruleId = "applog.needs-table";
            f.title = familyName(e.family) + " uses " + what + ": this host's GID table is needed to judge it";
            f.severity = Severity::Info;
            f.explanation = "The log names the GID index it used, but the paste holds no GID table of this host"
                + std::string(e.device.empty() ? "" : " for " + e.device)
                + ". Paste `show_gids` or `ibv_devinfo -v` (or `grep . /sys/class/infiniband/*/ports/*/gids/* "
                  "/sys/class/infiniband/*/ports/*/gid_attrs/types/*`) of the same host with the log: index "
                + std::to_string(index) + " is then checked against it.";
            f.missingData = "the GID table of " + h.name;
            m_ctx.findings.push_back(std::move(f));
            return;
        }
        const std::string port = h.name + ":" + d->name + "/" + std::to_string(p->number);
        f.ports = { port };
        const PortVerdict* v = verdictOf(h, *d, *p);
        const std::string use = v && v->gidIndex && v->type == "RoCE v2"
            ? " Use index " + std::to_string(*v->gidIndex) + " (" + v->reason + ")."
            : (v ? " This port has no usable RoCE v2 GID: " + v->reason + "." : std::string());
        const GidEntry* g = nullptr;
        for (const auto& x : p->gids)
            if (x.index == index && !x.zero)
                g = &x;
        const std::string key = "|" + port + "|" + std::to_string(index);
        if (!g) {
            if (!once("applog.gid-index-empty" + key))
                return;
            f.ruleId = "applog.gid-index-empty";
            f.title = familyName(e.family) + " uses " + what + ", an empty entry of " + d->name + " port "
                + std::to_string(p->number);
            f.severity = Severity::Error;
            f.evidence.push_back(
                m_ctx.ev(h, d->name + " port " + std::to_string(p->number) + " GID[" + std::to_string(index) + "]",
                    "empty (not in the table)", m_ctx.whereGid(h, d->name, p->number, index, false)));
            f.explanation = "The log uses GID index " + std::to_string(index) + ", but " + h.name + "'s table for "
                + d->name + " port " + std::to_string(p->number)
                + " has nothing there: the kernel refuses it (EINVAL or ENODATA when the QP is moved to RTR). Tables "
                  "differ per host and in containers start wherever the pod's netdev sits, so an index copied from "
                  "another host or a how-to fails here."
                + use;
        } else if (g->linkLocal) {
            if (!once("applog.gid-link-local" + key))
                return;
            f.ruleId = "applog.gid-link-local";
            f.title = familyName(e.family) + " uses " + what + ": a link-local GID on " + port;
            f.severity = Severity::Error;
            f.evidence.push_back(
                m_ctx.ev(h, d->name + " port " + std::to_string(p->number) + " GID[" + std::to_string(index) + "]",
                    g->gid + " (" + toString(g->type) + ", link-local)",
                    m_ctx.whereGid(h, d->name, p->number, index, false)));
            f.explanation = "Index " + std::to_string(index) + " on " + h.name
                + " is the link-local GID (fe80::, made from the MAC address). It carries no routable address: "
                  "peers in another subnet cannot be reached, rdma_cm cannot resolve it, and on most fabrics the "
                  "connection times out (RTR errno 110) or fails with retry exceeded (status 12)."
                + use;
        } else if (g->type == GidType::IbRoceV1 && !(v && v->type == "IB/RoCE v1")) {
            if (!once("applog.gid-roce-v1" + key))
                return;
            f.ruleId = "applog.gid-roce-v1";
            f.title = familyName(e.family) + " uses " + what + ": a RoCE v1 GID on " + port;
            f.severity = Severity::Error;
            f.evidence.push_back(
                m_ctx.ev(h, d->name + " port " + std::to_string(p->number) + " GID[" + std::to_string(index) + "]",
                    g->gid + " (IB/RoCE v1)", m_ctx.whereGid(h, d->name, p->number, index, true)));
            f.explanation = "Index " + std::to_string(index) + " on " + h.name
                + " is a RoCE v1 GID: raw Ethernet frames, not routable and without DSCP. Peers that use RoCE v2 "
                  "(every current NIC's default) never see its packets: the connection ends in retry exceeded "
                  "(status 12) or a timeout."
                + use;
        } else if (v && v->gidIndex && *v->gidIndex != index && v->type == "RoCE v2") {
            if (!once("applog.gid-index-other" + key))
                return;
            f.ruleId = "applog.gid-index-other";
            f.title = familyName(e.family) + " uses " + what + " on " + port + "; the port's own address is at "
                + std::to_string(*v->gidIndex);
            f.severity = Severity::Warning;
            f.evidence.push_back(
                m_ctx.ev(h, d->name + " port " + std::to_string(p->number) + " GID[" + std::to_string(index) + "]",
                    g->gid + " (" + toString(g->type) + (g->netdev.empty() ? "" : ", " + g->netdev)
                        + (g->vlanId ? ", VLAN " + std::to_string(*g->vlanId) : "") + ")",
                    m_ctx.whereGid(h, d->name, p->number, index, false)));
            f.explanation = "Index " + std::to_string(index) + " is a usable RoCE v2 GID ("
                + (g->ipv4.empty() ? g->ipv6 : g->ipv4) + (g->vlanId ? " on VLAN " + std::to_string(*g->vlanId) : "")
                + "), but not the one of the port's own untagged address. It works only when every peer uses the "
                  "same network (the same VLAN and subnet); a peer on the other one never answers."
                + use;
        } else {
            return; // the right index
        }
        addUseFix(f, h, e, v);
        m_ctx.findings.push_back(std::move(f));
    }

    /// A GID printed without its index: a link-local one is proof enough; else find it in the table.
    void gidOnly(const DiagHost& h, const AppLogEvent& e)
    {
        auto [d, p] = portOf(h, e);
        if (d) {
            for (const auto& g : p->gids)
                if (g.gid == e.gid && !g.zero) {
                    AppLogEvent withIndex = e;
                    withIndex.gidIndex = g.index;
                    gidIndex(h, withIndex);
                    return;
                }
        }
        if (!e.gid.starts_with("fe80:") || !once("applog.gid-link-local|" + h.name + "|" + e.gid))
            return;
        Finding f;
        f.ruleId = "applog.gid-link-local";
        f.check = "M2";
        f.title = familyName(e.family) + " uses a link-local GID (" + e.gid + ")";
        f.severity = Severity::Error;
        f.hosts = { h.name };
        f.evidence.push_back(logEvidence(h, e));
        f.explanation = "The GID in the log is link-local (fe80::, made from the MAC address): the application picked "
                        "the index of a link-local entry, usually 0 or 1. It carries no routable address, so the "
                        "connection times out or ends in retry exceeded. Set its GID index to the RoCE v2 entry of the "
                        "port's IPv4 address (paste this host's show_gids to get the number).";
        m_ctx.findings.push_back(std::move(f));
    }

    /// The peer's GID in the log is link-local: the fault is on the peer, whatever this host's index.
    void peerLinkLocal(const DiagHost& h, const AppLogEvent& e)
    {
        if (!once("applog.peer-gid-link-local|" + h.name + "|" + e.peerGid))
            return;
        Finding f;
        f.ruleId = "applog.peer-gid-link-local";
        f.check = "M2";
        f.title = "The peer uses a link-local GID (" + e.peerGid + ")";
        f.severity = Severity::Error;
        f.hosts = { h.name };
        f.evidence.push_back(logEvidence(h, e));
        f.explanation = familyName(e.family) + " on " + h.name + " was given the peer's GID " + e.peerGid
            + ", a link-local one: the peer's application picked a link-local GID index. Nothing on " + h.name
            + " fixes that; set the peer's GID index to the RoCE v2 entry of its IPv4 address (its show_gids tells "
              "which).";
        m_ctx.findings.push_back(std::move(f));
    }

    /// NCCL_IB_TC / UCX_IB_TRAFFIC_CLASS: the DSCP it gives and the priority this host's trust makes of it.
    void trafficClass(const DiagHost& h, const AppLogEvent& e)
    {
        auto [d, p] = portOf(h, e);
        if (!e.trafficClass)
            return;
        const int tc = e.trafficClass.value_or(0);
        const int dscp = tc >> 2;
        for (const auto& n : h.facts.netdevs) {
            if (!n.dcb.pfcEnabled || !n.dcb.trust || *n.dcb.trust != "dscp")
                continue;
            if (d && !p->netdev.empty() && n.name != p->netdev)
                continue;
            const auto it = n.dcb.dscpToPrio.find(dscp);
            const int prio = it != n.dcb.dscpToPrio.end() ? it->second : dscp >> 3;
            if ((*n.dcb.pfcEnabled)[static_cast<std::size_t>(prio)]
                || std::none_of(n.dcb.pfcEnabled->begin(), n.dcb.pfcEnabled->end(), [](bool on) { return on; }))
                continue;
            if (!once("applog.traffic-class|" + h.name + "|" + n.name + "|" + std::to_string(tc)))
                continue;
            Finding f;
            f.ruleId = "applog.traffic-class";
            f.check = "M10";
            f.title = e.setting + "=" + std::to_string(tc) + " puts RoCE on priority " + std::to_string(prio)
                + ", which has no PFC on " + h.name;
            f.severity = Severity::Error;
            f.hosts = { h.name };
            f.ports = { h.name + ":" + n.name };
            f.evidence.push_back(logEvidence(h, e));
            f.evidence.push_back(
                m_ctx.ev(h, n.name + " PFC enabled priorities", pfcList(*n.dcb.pfcEnabled), m_ctx.whereDcb(h, n.name)));
            f.explanation = "Traffic class " + std::to_string(tc) + " is DSCP " + std::to_string(dscp)
                + "; with trust dscp " + n.name + " maps it to priority " + std::to_string(prio)
                + ", but PFC pauses only " + pfcList(*n.dcb.pfcEnabled)
                + ". The application's RoCE traffic runs lossy. Use the traffic class of the PFC priority (DSCP 26 is "
                  "traffic class 104, or 106 with ECN bits) or map this DSCP to it.";
            m_ctx.markEvaluated("M10");
            m_ctx.findings.push_back(std::move(f));
        }
    }

    /// The application's RoCE settings are pasted and set no traffic class: its packets leave with DSCP 0, the
    /// best-effort class, not the profile's lossless one. Only on RoCE (a GID index set, an Ethernet port, NCCL's
    /// "/RoCE"), where trust is DSCP, and not when this host's PFC already covers what DSCP 0 maps to.
    void trafficClassUnset(const DiagHost& h)
    {
        if (m_ctx.fixBase.trust != TrustMode::Dscp || m_ctx.fixBase.mode != FlowMode::Lossless || appLogShowsEfa(h))
            return;
        for (std::string_view family : { "ucx", "nccl" }) {
            const AppLogEvent* first = nullptr;
            bool roce = false;
            bool tcSet = false;
            for (const auto& e : h.appLog) {
                if (e.family != family)
                    continue;
                if (e.kind == "setting") {
                    first = first ? first : &e;
                    tcSet = tcSet || e.trafficClass.has_value() || e.setting.ends_with("TRAFFIC_CLASS")
                        || e.setting.ends_with("_IB_TC");
                    roce = roce || e.gidIndex.has_value() || e.setting.ends_with("GID_INDEX");
                }
                roce = roce || e.text.find("/RoCE") != std::string::npos;
            }
            if (!first || tcSet)
                continue;
            bool ib = false;
            for (const auto& d : h.facts.devices)
                for (const auto& p : d.ports) {
                    ib = ib || p.linkLayer == "InfiniBand" || d.transport == Transport::InfiniBand;
                    roce = roce || p.linkLayer == "Ethernet" || d.transport == Transport::RoCE;
                }
            if (ib || !roce)
                continue;
            bool covered = false;
            for (const auto& n : h.facts.netdevs) {
                if (n.dcb.trust && *n.dcb.trust != "dscp")
                    covered = true; // PCP trust: the VLAN priority decides, not the traffic class
                if (n.dcb.pfcEnabled && n.dcb.trust && *n.dcb.trust == "dscp") {
                    const auto it = n.dcb.dscpToPrio.find(0);
                    const int prio = it != n.dcb.dscpToPrio.end() ? it->second : 0;
                    covered = covered || (prio >= 0 && prio < 8 && (*n.dcb.pfcEnabled)[static_cast<std::size_t>(prio)]);
                }
            }
            if (covered || !once("applog.traffic-class-unset|" + h.name + "|" + std::string(family)))
                continue;
            const std::string var = family == "ucx" ? "UCX_IB_TRAFFIC_CLASS" : "NCCL_IB_TC";
            const int tos = m_ctx.fixBase.rdmaCmTos;
            const int dscp = m_ctx.fixBase.roceDscp;
            Finding f;
            f.ruleId = "applog.traffic-class-unset";
            f.check = "M10";
            f.title = familyName(first->family) + " sets no traffic class (" + var + "): its RoCE traffic leaves "
                + "with DSCP 0, not the lossless DSCP " + std::to_string(dscp);
            // Lost packets in the same log make it a likely cause; without them it is a note: the device may carry a
            // default class of its own (mlx5's tc/1/traffic_class), which no log shows.
            const auto loss = std::ranges::find_if(h.appLog, [](const AppLogEvent& e) {
                return (e.kind == "completion-error" && e.wcStatus == 12) || e.kind == "peer-timeout";
            });
            f.severity = loss != h.appLog.end() ? Severity::Warning : Severity::Info;
            f.hosts = { h.name };
            f.evidence.push_back(logEvidence(h, *first));
            if (loss != h.appLog.end())
                f.evidence.push_back(logEvidence(h, *loss));
            f.explanation = familyName(first->family) + "'s settings are here, and " + var
                + " is not among them: it marks its RoCE packets with traffic class 0, DSCP 0. With DSCP trust "
                  "(the profile's) the switches and NICs put DSCP 0 on priority 0, the best-effort class without "
                  "PFC, so under load its packets are dropped and the job ends in retry exceeded (status 12) or "
                  "timeouts, often only at scale or after a while. The lossless class is DSCP "
                + std::to_string(dscp) + ": traffic class " + std::to_string(dscp << 2)
                + " (DSCP x 4; +2 marks the packets ECN-capable, for DCQCN). Set it in every rank's environment, "
                  "or give the device a default for all its traffic (mlx5: /sys/class/infiniband/DEV/tc/1/"
                  "traffic_class; rdma_cm: default_roce_tos).";
            Fix fix;
            fix.target = h.name;
            fix.platform = "application";
            fix.text = "export " + var + "=" + std::to_string(tos) + "   # DSCP " + std::to_string(tos >> 2)
                + (tos & 3 ? " with ECN bits" : "") + ", the profile's RoCE class; mpirun: -x " + var + "="
                + std::to_string(tos);
            fix.origin = m_ctx.fixWhy;
            f.fixes.push_back(std::move(fix));
            m_ctx.markEvaluated("M10");
            m_ctx.findings.push_back(std::move(f));
        }
    }

    void completion(const DiagHost& h, const AppLogEvent& e, const AppLogEvent* firstError)
    {
        const int status = e.wcStatus.value_or(0);
        Finding f;
        f.hosts = { h.name };
        f.evidence.push_back(logEvidence(h, e));
        std::string cause = gidCause(h);
        if (cause.empty())
            cause = gidsOnLine(e);
        const AppLogEvent* moved = cause.empty() ? movedBefore(h, e) : nullptr;
        if (status == 12 && moved) {
            // A path that never worked fails the first message; one that carried data and then gave up lost packets
            // under load. Said first, because it is the likelier cause here and the fix is the fabric's, not the
            // application's.
            f.ruleId = "applog.retry-exceeded";
            f.title = familyName(e.family)
                + ": transport retry counter exceeded (status 12) after traffic had "
                  "flowed: packets dropped under load";
            f.severity = Severity::Error;
            f.evidence.push_back(logEvidence(h, *moved));
            f.explanation = "The sender retransmitted until it gave up, on a path that had carried data before (line "
                + std::to_string(moved->line)
                + "). A wrong GID index, a blocked UDP port 4791 or a VLAN mismatch fail the very first message, so "
                  "they are unlikely here: the retries ran out because packets were dropped under load. RoCE needs a "
                  "lossless class for that: PFC on the RoCE priority on every host and switch port, the "
                  "application's traffic class (UCX_IB_TRAFFIC_CLASS, NCCL_IB_TC; DSCP "
                + std::to_string(m_ctx.fixBase.roceDscp) + " is traffic class "
                + std::to_string(m_ctx.fixBase.roceDscp << 2)
                + ", or one more with ECN) mapped to it, and ECN/DCQCN. Check the pause and discard counters "
                  "(`ethtool -S IF | grep -E 'pause|discard|out_of_buffer'`, rdma statistic's out_of_sequence and "
                  "packet_seq_err) on both ends under load; a path MTU below the QP's fails only larger messages and "
                  "stays possible when message sizes grew.";
        } else if (status == 12) {
            f.ruleId = "applog.retry-exceeded";
            f.title = familyName(e.family) + ": transport retry counter exceeded (status 12)";
            f.severity = Severity::Error;
            f.explanation = "The sender retransmitted until it gave up: its packets, or the peer's acknowledgements, "
                            "never arrived. On RoCE that is a wrong GID (link-local, RoCE v1, another VLAN's), a "
                            "path MTU smaller than the QP's, UDP port 4791 blocked, or drops under load on a priority "
                            "without PFC/ECN (check rx_discards / out_of_sequence and the pause counters on both "
                            "ends)."
                + cause;
        } else if (status == 13) {
            f.ruleId = "applog.rnr";
            f.title = familyName(e.family) + ": receiver not ready (status 13)";
            f.severity = Severity::Warning;
            f.explanation = "The peer had no receive buffer posted when a send arrived, more often than the RNR retry "
                            "count allows. That is the receiving application (or its queue depth), not the "
                            "fabric: its `out_of_buffer` counter rises. Judge it on the receiver.";
        } else if (status == 5) {
            f.ruleId = "applog.flushed";
            f.title = familyName(e.family) + ": work request flushed (status 5)";
            f.severity = firstError && firstError != &e ? Severity::Info : Severity::Warning;
            f.explanation = firstError && firstError != &e
                ? "Flushed requests follow an earlier error on the same queue pair (line "
                    + std::to_string(firstError->line) + ": " + firstError->text + "); that one is the cause."
                : "A flush is what a queue pair does to its pending requests after it went into the error state: "
                  "it is never the first error. Look earlier in the log (or on the peer) for the first failed "
                  "completion or QP transition.";
        } else {
            f.ruleId = "applog.completion-error";
            f.title = familyName(e.family) + ": work completion failed (" + wcStatusText(status) + ", status "
                + std::to_string(status) + ")";
            f.severity = Severity::Error;
            f.explanation = "A work request completed with " + wcStatusText(status)
                + ". Protection and access errors (4, 10) are the application's memory registration or keys; "
                  "remote errors (9, 11) are the peer's side: read its log at the same time.";
            if (status == 4 && e.family == "nccl") {
                // NCCL registers GPU memory with the NIC: a protection error there is GPUDirect RDMA failing on the
                // PCIe path, not NCCL's keys.
                f.explanation = "A work request completed with a local protection error: the NIC could not reach "
                                "the memory it was given. NCCL hands the NIC GPU memory (GPUDirect RDMA), so this is "
                                "nearly always the PCIe path between NIC and GPU: ACS enabled on the PCIe switches or "
                                "root ports between them (peer-to-peer traffic is redirected and refused), the IOMMU "
                                "in translation mode, or no peer-memory module (nvidia_peermem, nv_peer_mem, or "
                                "dma-buf support). NCCL_NET_GDR_LEVEL=LOC turns GPUDirect RDMA off: when the error "
                                "goes away with it (and the job is slower), fix the PCIe path.";
                f.fixes.push_back({ h.name, "linux",
                    "NCCL_NET_GDR_LEVEL=LOC   # one run without GPUDirect RDMA: does the error go?\n"
                    "lspci -vvv | grep -i 'ACSCtl:.*SrcValid+'   # ports with ACS redirecting peer traffic\n"
                    "lsmod | grep -e nvidia_peermem -e nv_peer_mem\n"
                    "cat /proc/cmdline   # iommu=pt (or the IOMMU off) on GPU hosts",
                    "GPUDirect RDMA needs a peer-to-peer PCIe path between NIC and GPU" });
            }
        }
        if (!once(f.ruleId + "|" + h.name + "|" + e.family))
            return;
        m_ctx.findings.push_back(std::move(f));
    }

    void modifyQp(const DiagHost& h, const AppLogEvent& e)
    {
        std::string why;
        const int err = e.errnoValue.value_or(0);
        if (err == 110)
            why = "errno 110 (timed out): the kernel could not resolve the peer's GID to a MAC address (no ARP or "
                  "neighbour answer) over the chosen GID's netdev: a link-local or other-VLAN GID index, or a peer "
                  "address this port cannot reach.";
        else if (err == 22)
            why = "errno 22 (invalid argument): an attribute the device refuses, most often a GID index that is an "
                  "empty entry or beyond the table, or a path MTU above the port's.";
        else if (err == 19)
            why = "errno 19 (no such device): the GID index names an entry with no netdev behind it, an empty slot: "
                  "one index set for every host or pod while their tables differ (pods on macvlan or SR-IOV get their "
                  "GIDs at other indexes than the host, and than each other), so it must come from each one's own "
                  "table; or the device or its port went away, or (in a pod) the GID's netdev is not in this network "
                  "namespace.";
        else if (err == 101 || err == 113)
            why = "errno " + std::to_string(err)
                + " (network unreachable): no route to the peer's GID from the local GID's netdev (a GID index whose "
                  "address has no route to the peer's subnet or VLAN), or no GID to route at all: software written "
                  "for InfiniBand addresses the peer by LID, without a GRH (ah_attr.is_global 0), and a RoCE port has "
                  "no LID routing; it needs RoCE support (a GID index) in the application.";
        else
            why = "the device refused the queue pair's attributes (GID index, MTU, port) or could not reach the peer.";
        // A RoCE port of this host that reports a LID: software that tests the LID took the InfiniBand path there.
        for (const auto& other : m_ctx.findings) {
            if (other.ruleId == "port.roce-lid" && !other.hosts.empty() && other.hosts.front() == h.name
                && (err == 22 || err == 101 || err == 0)) {
                why += " Here the likely cause is port.roce-lid: "
                    + (other.ports.empty() ? h.name : other.ports.front())
                    + " is a RoCE port that reports a LID, so software that tells InfiniBand from RoCE by the LID "
                      "built "
                      "an InfiniBand address (no GRH) for it.";
                break;
            }
        }
        simple(h, e, "applog.modify-qp", familyName(e.family) + " could not connect the queue pair (modify QP failed)",
            "Moving the queue pair to RTR/RTS failed: " + why);
    }

    /// The application found no GID at its index: an empty slot, or an automatic choice that found no RoCE v2 GID.
    void noGid(const DiagHost& h, const AppLogEvent& e)
    {
        if (!once("applog.no-gid|" + h.name))
            return;
        Finding f;
        f.ruleId = "applog.no-gid";
        f.check = "M2";
        f.title = familyName(e.family) + " found no GID at the index it used";
        f.severity = Severity::Error;
        f.hosts = { h.name };
        f.evidence.push_back(logEvidence(h, e));
        f.explanation = familyName(e.family)
            + " asked the port for the GID at its index and got none. Either the index points at an empty slot (an "
              "index copied from another host or a how-to; in a container the table holds only the GIDs of the pod's "
              "own netdevs), or the automatic choice found no RoCE v2 GID of an address: the netdev has no IPv4 or "
              "IPv6 address here, a bond's GIDs sit on the bond and not on the member the device names, or the pod "
              "lacks the NIC's network. Set the index explicitly to the RoCE v2 GID of the port's address.";
        // Several indexes answered "No data available": the application walked the table past its filled entries.
        std::set<int> empty;
        for (const auto& x : h.appLog)
            if (x.kind == "no-gid" && x.errnoValue == 61 && x.gidIndex)
                empty.insert(*x.gidIndex);
        if (empty.size() >= 2) {
            f.explanation += " Here the log shows " + std::to_string(empty.size())
                + " indexes answering \"No data available\" (" + std::to_string(*empty.begin()) + " to "
                + std::to_string(*empty.rbegin())
                + "): the application probing every index of the table, and those slots are simply empty. They are "
                  "not the failure; what matters is that none of the filled entries suited it. An application that "
                  "takes only IPv4-mapped GIDs (Mooncake before its IPv6 fix, some NCCL plugins) finds none on a port "
                  "whose addresses are all IPv6 (link-local plus a global or fc00::/7 one): give it the index of the "
                  "RoCE v2 GID of the global IPv6 address.";
        }
        auto [d, p] = portOf(h, e);
        const PortVerdict* v = d ? verdictOf(h, *d, *p) : nullptr;
        if (v && v->gidIndex && v->type == "RoCE v2") {
            addUseFix(f, h, e, v);
        } else {
            Fix fix;
            fix.target = h.name;
            fix.platform = "application";
            fix.text = "show_gids   # the row with the port's IPv4 address (or, without one, its global IPv6 address) "
                       "and type RoCE v2 is N\n"
                + (e.setting.empty() ? std::string("# give the application GID index N")
                                     : "export " + e.setting + "=N");
            fix.origin = "the GID table of the host the application runs on";
            f.fixes.push_back(std::move(fix));
            f.missingData = "the GID table of " + h.name;
        }
        m_ctx.findings.push_back(std::move(f));
    }

    /// The port's GID table changed under the running application (UCX's and NCCL's async event lines).
    void gidChange(const DiagHost& h, const AppLogEvent& e)
    {
        if (!once("applog.gid-change|" + h.name + "|" + e.device))
            return;
        Finding f;
        f.ruleId = "applog.gid-change";
        f.check = "M4";
        const std::string where = e.device.empty()
            ? std::string("a RoCE port")
            : e.device + (e.port ? " port " + std::to_string(*e.port) : std::string());
        f.title = "The GID table of " + where + " changed while " + familyName(e.family) + " ran";
        f.severity = Severity::Warning;
        f.hosts = { h.name };
        if (!e.device.empty())
            f.ports = { h.name + ":" + e.device + (e.port ? "/" + std::to_string(*e.port) : std::string()) };
        f.evidence.push_back(logEvidence(h, e));
        f.explanation
            = "The kernel rebuilt entries of this port's GID table while the application ran: an address of the RoCE "
              "netdev (or of a VLAN on it) was added, removed or re-added (a DHCP renewal, NetworkManager or netplan "
              "re-applying, a bond failover, the netdev going down and up). Connections on a GID that moved or "
              "vanished break, and an index chosen at start can now point at another address. Keep the RoCE "
              "netdev's addresses static and find what changed them.";
        Fix fix;
        fix.target = h.name;
        fix.platform = "linux";
        fix.text = "journalctl --since -1h | grep -i -e NetworkManager -e dhclient -e networkd -e bond   # who changed "
                   "it\nip monitor address   # watch it happen; then show_gids to check the index again";
        fix.origin = "the GID table follows the netdev's addresses";
        f.fixes.push_back(std::move(fix));
        m_ctx.findings.push_back(std::move(f));
    }

    void simple(const DiagHost& h, const AppLogEvent& e, const std::string& rule, const std::string& title,
        const std::string& explanation)
    {
        if (!once(rule + "|" + h.name + "|" + e.family))
            return;
        Finding f;
        f.ruleId = rule;
        f.title = title;
        f.severity = Severity::Error;
        f.hosts = { h.name };
        if (!e.device.empty())
            f.ports = { h.name + ":" + e.device + (e.port ? "/" + std::to_string(*e.port) : std::string()) };
        f.evidence.push_back(logEvidence(h, e));
        f.explanation = explanation + gidCause(h);
        m_ctx.findings.push_back(std::move(f));
    }

    Context& m_ctx;
};

} // namespace

void rulesAppLog(Context& ctx)
{
    AppLogRules(ctx).run();
}

} // namespace rp::diag::detail

// SPDX-License-Identifier: GPL-3.0-or-later
// One host is enough: the GID index to use on each RoCE port (the same choice discovery recommends), and what a
// single host's table already shows wrong: only link-local GIDs, only RoCE v1, an empty table, a device that is not
// RoCE at all, two NICs of one host in one subnet. These need no peer, so a fabric where every host shares the same
// mistake is still told.
#include "diagnose/context.h"
#include "discovery/discover.h"
#include "parse/gid.h"
#include "parse/parsers.h"

#include <arpa/inet.h>

#include <algorithm>
#include <array>
#include <charconv>
#include <set>

namespace rp::diag::detail {

namespace {

std::string portName(const RdmaDevice& d, const RdmaPort& p)
{
    return d.name + " port " + std::to_string(p.number);
}

std::string portLabel(const DiagHost& h, const RdmaDevice& d, const RdmaPort& p)
{
    return h.name + ":" + d.name + "/" + std::to_string(p.number);
}

/// Not RoCE: GID index, PFC and DSCP advice for RoCE does not apply to it.
std::string notRoce(const RdmaDevice& d, const RdmaPort* p)
{
    if (d.driver == "efa")
        return "an AWS EFA device (SRD transport, not RoCE)";
    if (d.transport == Transport::IWarp || d.driver == "siw" || d.driver == "iw_cxgb4" || d.driver == "i40iw")
        return "an iWARP device (RDMA over TCP: no GID index or PFC to choose)";
    if (d.transport == Transport::InfiniBand || (p && p->linkLayer == "InfiniBand"))
        return "an InfiniBand port (link layer InfiniBand: addressed by LID, not by an Ethernet GID; IPoIB "
               "addresses do not make it RoCE)";
    return {};
}

std::string rangeText(const std::vector<int>& v)
{
    std::string out;
    for (std::size_t i = 0; i < v.size();) {
        std::size_t j = i;
        while (j + 1 < v.size() && v[j + 1] == v[j] + 1)
            ++j;
        out += (out.empty() ? "" : ",") + std::to_string(v[i]) + (j > i ? "-" + std::to_string(v[j]) : "");
        i = j + 1;
    }
    return out;
}

std::string gidLabel(const GidEntry& g)
{
    if (g.linkLocal)
        return "link-local";
    std::string type = g.type == GidType::IbRoceV1 ? "RoCE v1" : g.type == GidType::RoceV2 ? "RoCE v2" : "type unknown";
    std::string address = !g.ipv4.empty() ? g.ipv4 : g.ipv6;
    return type + (g.vlanId ? " VLAN " + std::to_string(*g.vlanId) : std::string())
        + (address.empty() ? "" : " " + address);
}

/// "0-1 link-local, 2 RoCE v1 192.168.10.1": every other GID of the port, neighbours with the same label joined.
std::string othersText(const RdmaPort& p, int chosen)
{
    std::vector<std::pair<std::string, std::vector<int>>> groups;
    for (const auto& g : p.gids) {
        if (g.zero || g.index == chosen)
            continue;
        auto label = gidLabel(g);
        if (!groups.empty() && groups.back().first == label && groups.back().second.back() + 1 == g.index)
            groups.back().second.push_back(g.index);
        else
            groups.push_back({ label, { g.index } });
    }
    std::string out;
    for (const auto& [label, indexes] : groups)
        out += (out.empty() ? "" : ", ") + rangeText(indexes) + " " + label;
    return out;
}

/// "ens1f0 has 192.0.2.1/24 but no GID of this port carries it" when the port's netdev or a VLAN on it has an IPv4
/// address.
std::optional<std::string> addressWithoutGid(const DiagHost& h, const std::string& netdev)
{
    for (const auto& n : h.facts.netdevs)
        if (!netdev.empty() && (n.name == netdev || n.vlanParent == netdev) && !n.ipv4.empty())
            return n.name + " has " + n.ipv4.front() + " but no GID of this port carries it";
    return std::nullopt;
}

/// "fd00::3:ff22/120" -> {"fd00::3:ff00/120", "fd00::3:ff22"}: the network an interface address is in, and the
/// address alone (canonical text). Nothing for a link-local, a host route (/32, /128) or unreadable text.
std::optional<std::pair<std::string, std::string>> networkOf(const std::string& cidr)
{
    const auto slash = cidr.find('/');
    if (slash == std::string::npos)
        return std::nullopt;
    const std::string address = cidr.substr(0, slash);
    int prefix = -1;
    const auto tail = std::string_view(cidr).substr(slash + 1);
    if (auto [ptr, ec] = std::from_chars(tail.data(), tail.data() + tail.size(), prefix);
        ec != std::errc() || ptr != tail.data() + tail.size())
        return std::nullopt;
    const bool v6 = address.find(':') != std::string::npos;
    const int bits = v6 ? 128 : 32;
    if (prefix <= 0 || prefix >= bits)
        return std::nullopt;
    std::array<unsigned char, 16> bytes {};
    if (inet_pton(v6 ? AF_INET6 : AF_INET, address.c_str(), bytes.data()) != 1)
        return std::nullopt;
    if (v6 && bytes[0] == 0xfe && (bytes[1] & 0xc0) == 0x80)
        return std::nullopt;
    std::array<char, INET6_ADDRSTRLEN> text {};
    inet_ntop(v6 ? AF_INET6 : AF_INET, bytes.data(), text.data(), text.size());
    std::string canonical = text.data();
    for (int i = prefix; i < bits; ++i)
        bytes[static_cast<std::size_t>(i / 8)] &= static_cast<unsigned char>(~(0x80u >> (i % 8)));
    inet_ntop(v6 ? AF_INET6 : AF_INET, bytes.data(), text.data(), text.size());
    return std::pair { std::string(text.data()) + "/" + std::to_string(prefix), canonical };
}

/// The address a GID stands for, in the same text as networkOf's: "::ffff:10.0.0.1" -> "10.0.0.1".
std::string addressOfGid(const std::string& gid)
{
    GidEntry g;
    g.gid = canonicalGid(gid).value_or(std::string());
    annotateGid(g);
    if (!g.ipv4.empty())
        return g.ipv4;
    std::array<unsigned char, 16> bytes {};
    if (g.ipv6.empty() || inet_pton(AF_INET6, g.ipv6.c_str(), bytes.data()) != 1)
        return {};
    std::array<char, INET6_ADDRSTRLEN> text {};
    inet_ntop(AF_INET6, bytes.data(), text.data(), text.size());
    return text.data();
}

bool looksRoce(const RdmaDevice& d, const RdmaPort& p)
{
    if (d.transport == Transport::RoCE || p.linkLayer == "Ethernet")
        return true;
    return d.transport == Transport::Unknown && p.linkLayer.empty() && !p.gids.empty();
}

class PortRules
{
public:
    explicit PortRules(Context& ctx)
        : m_ctx(ctx)
    { }

    void run()
    {
        for (const auto& h : m_ctx.snap.hosts)
            for (const auto& d : h.facts.devices)
                device(h, d);
        sameSubnet();
        for (const auto& h : m_ctx.snap.hosts)
            netdevsShareSubnet(h);
        if (std::ranges::any_of(m_ctx.verdicts, [](const PortVerdict& v) { return !v.tableUnread; }))
            m_ctx.markEvaluated("M2"); // the index of every port is judged on its own table
    }

private:
    void device(const DiagHost& h, const RdmaDevice& d)
    {
        if (auto why = notRoce(d, d.ports.empty() ? nullptr : &d.ports.front()); !why.empty()) {
            Finding f;
            f.ruleId = "port.not-roce";
            f.title = d.name + " is not a RoCE device";
            f.severity = Severity::Info;
            f.hosts = { h.name };
            for (const auto& p : d.ports)
                f.ports.push_back(portLabel(h, d, p));
            const std::string kind = d.driver == "efa"   ? "EFA"
                : why.find("iWARP") != std::string::npos ? "iWARP"
                                                         : "InfiniBand";
            f.evidence.push_back(
                m_ctx.ev(h, d.name + " transport", kind + " (driver " + (d.driver.empty() ? "?" : d.driver) + ")",
                    h.source == "paste" ? h.origin : "/sys/class/infiniband/" + d.name));
            f.explanation = h.name + "'s " + d.name + " is " + why
                + ". What RoCE Pilot says about GID indexes, RoCE versions, PFC, trust and DSCP is for RoCE ports: it "
                  "does not apply to this device.";
            m_ctx.findings.push_back(std::move(f));
            return;
        }
        for (const auto& p : d.ports) {
            if (!looksRoce(d, p))
                continue;
            if (const int lid = p.lid.value_or(0); lid != 0 && !roceShownBy(d, p).empty())
                lidOnRoce(h, d, p, lid);
            // A port whose GIDs the pasted output does not list (ibstat, ibstatus) gets no verdict on its table.
            if (!(p.gids.empty() && p.gidsUnlisted))
                port(h, d, p);
            else if (p.state.empty() || p.state == "ACTIVE")
                unreadTable(h, d, p); // a port that is down is port.down's answer
        }
    }

    /// Why the port is surely Ethernet, as the input shows it; empty when only the troubleshooter's default (a port
    /// of unknown link layer is taken as RoCE) says so: a LID there may as well be InfiniBand's own.
    static std::string roceShownBy(const RdmaDevice& d, const RdmaPort& p)
    {
        if (p.linkLayer == "Ethernet")
            return "link layer Ethernet";
        if (transportFromStableName(d.name) == Transport::RoCE)
            return "its name is rdma-core's name for a RoCE device";
        if (std::ranges::any_of(p.gids, [](const GidEntry& g) { return g.type == GidType::RoceV2 || !g.ipv4.empty(); }))
            return "its GIDs are RoCE's";
        return {};
    }

    /// A RoCE port that prints a LID. Code that tells InfiniBand from RoCE by the LID (non-zero: InfiniBand) takes
    /// the InfiniBand path on it, so the fault shows up in the application, not in the port.
    void lidOnRoce(const DiagHost& h, const RdmaDevice& d, const RdmaPort& p, int lid)
    {
        Finding f;
        f.ruleId = "port.roce-lid";
        f.check = "M2";
        f.title
            = d.name + " port " + std::to_string(p.number) + " is a RoCE port that reports LID " + std::to_string(lid);
        f.severity = Severity::Warning;
        f.hosts = { h.name };
        f.ports = { portLabel(h, d, p) };
        f.evidence.push_back(m_ctx.ev(h, portName(d, p) + " LID", std::to_string(lid) + " (" + roceShownBy(d, p) + ")",
            h.source == "paste" ? h.origin : "/sys/class/infiniband/" + d.name + "/ports/" + std::to_string(p.number)));
        f.explanation = h.name + "'s " + portName(d, p) + " runs over Ethernet (" + roceShownBy(d, p)
            + ") yet reports LID " + std::to_string(lid)
            + ". RoCE has no subnet manager and no LIDs: a peer is reached by its GID, with a GRH on every packet. "
              "Software that decides InfiniBand or RoCE by the LID (a non-zero LID taken as InfiniBand) takes the "
              "InfiniBand path on this port: it sends the peer its LID, builds the address without a GRH, and moving "
              "the queue pair to RTR fails (EINVAL) or the peer is never reached. Some Ethernet RDMA drivers report a "
              "LID like this one (Intel E810 ports under irdma have shown LID 1). The application must test the port's "
              "link layer instead (ibv_query_port's link_layer, IBV_LINK_LAYER_ETHERNET): use a version that does "
              "(NCCL's RDMA plugins changed their test to the link layer for these NICs), or give it the GID index to "
              "use where it has such a setting.";
        Fix fix;
        fix.target = h.name;
        fix.platform = "application";
        fix.text = "ibv_devinfo -v -d " + d.name
            + " | grep -E 'link_layer|port_lid|GID\\['   # Ethernet: RoCE, whatever "
              "the LID says\n# run a version of the application (and of its network plugin) that tells RoCE by "
              "link_layer, and give it the RoCE v2 GID index";
        fix.origin = "the port's link layer, not its LID";
        f.fixes.push_back(std::move(fix));
        m_ctx.findings.push_back(std::move(f));
    }

    /// The port is there and up, its GIDs are not in the paste. What it is answers the most common question such a
    /// paste comes with: on Ethernet there is no subnet manager, so the LID is 0 and every packet needs a GRH with a
    /// GID; code written for InfiniBand (ah_attr.is_global = 0, the peer's LID exchanged) never reaches a peer.
    void unreadTable(const DiagHost& h, const RdmaDevice& d, const RdmaPort& p)
    {
        PortVerdict v;
        v.host = h.name;
        v.device = d.name;
        v.port = p.number;
        v.tableUnread = true;
        v.netdev = p.netdev.empty() ? d.parentNetdev : p.netdev;
        v.type = "RoCE";
        auto shown = roceShownBy(d, p);
        if (shown.empty())
            shown = "taken as RoCE: the paste does not show its link layer";
        const int lid = p.lid.value_or(0);
        v.reason = shown
            + (lid != 0 ? ", so it has no real LID (it reports " + std::to_string(lid)
                        + ", port.roce-lid) and peers are reached by GID only (a GRH on every packet)"
                        : ", so its LID is 0 and peers are reached by GID only (a GRH on every packet)")
            + ": software that connects by LID (InfiniBand-only code, ah_attr.is_global 0, ibv_rc_pingpong without -g) "
              "never reaches a peer here; the paste lists no GIDs of the port, so paste `show_gids` or `ibv_devinfo -v "
              "-d "
            + d.name + "` to choose the index";
        v.where = h.source == "paste" ? h.origin : "/sys/class/infiniband/" + d.name;
        m_ctx.verdicts.push_back(std::move(v));
    }

    void port(const DiagHost& h, const RdmaDevice& d, const RdmaPort& p)
    {
        PortVerdict v;
        v.host = h.name;
        v.device = d.name;
        v.port = p.number;
        // Discovery's own choice, one implementation: RoCE v2 with IPv4 first, then RoCE v2 with a global IPv6.
        HostFacts one;
        one.netdevs = h.facts.netdevs;
        RdmaDevice copy = d;
        copy.transport = Transport::RoCE;
        copy.ports = { p };
        one.devices = { copy };
        for (bool ipv4 : { true, false }) {
            recommendGids(one, RecommendTarget { GidType::RoceV2, ipv4, {} });
            if (one.recommendations.empty())
                continue;
            const auto& rec = one.recommendations.front();
            v.gidIndex = rec.gidIndex;
            v.gid = rec.gid;
            v.type = "RoCE v2";
            v.address = rec.address;
            v.netdev = rec.netdev;
            v.reason = rec.reason;
            if (!ipv4 && (rec.address.starts_with("fd") || rec.address.starts_with("fc")))
                v.reason += "; a unique local IPv6 address (fc00::/7) routes like any other: it is usable";
            break;
        }
        const GidEntry* first = nullptr;
        for (const auto& g : p.gids)
            if (!g.zero && (!first || g.index < first->index))
                first = &g;
        if (v.gidIndex) {
            if (first && first->index == *v.gidIndex && *v.gidIndex > 0)
                // A grepped row and a pod's whole table look alike here: say what the paste shows, not more.
                v.reason += "; no GID below index " + std::to_string(*v.gidIndex)
                    + " in what was read: where the table really starts there (a container sees only its own "
                      "netdev's GIDs), a tool told index 0 or 3 out of habit fails (EINVAL/ENODATA)";
            v.where = m_ctx.whereGid(h, d.name, p.number, *v.gidIndex, false);
        } else {
            noIndex(h, d, p, v);
        }
        v.others = othersText(p, v.gidIndex.value_or(-1));
        m_ctx.verdicts.push_back(std::move(v));
    }

    /// A GID list without types still answers most pastes: the kernel adds one GID per address and RoCE version the
    /// device offers, v1 before v2. One GID for the address: the device offers one version, v2 on every current
    /// driver (not on a ConnectX-3, mlx4, which may offer v1 only). Two: the second is v2. Said as probable.
    bool probableIndex(const DiagHost& h, const RdmaDevice& d, const RdmaPort& p,
        const std::vector<const GidEntry*>& untyped, PortVerdict& v)
    {
        const GidEntry* pick = nullptr;
        std::vector<int> rows;
        for (bool ipv4 : { true, false }) {
            for (const auto* g : untyped) {
                const std::string& address = ipv4 ? g->ipv4 : g->ipv6;
                if (address.empty() || (pick && (ipv4 ? pick->ipv4 : pick->ipv6) != address))
                    continue;
                if (!pick || (!g->vlanId && pick->vlanId))
                    pick = g;
            }
            if (pick)
                break;
        }
        if (!pick)
            return false;
        const std::string address = pick->ipv4.empty() ? pick->ipv6 : pick->ipv4;
        const GidEntry* last = nullptr;
        for (const auto* g : untyped) {
            if ((g->ipv4.empty() ? g->ipv6 : g->ipv4) != address || g->vlanId != pick->vlanId)
                continue;
            rows.push_back(g->index);
            if (!last || g->index > last->index)
                last = g;
        }
        if (rows.size() > 2 || (rows.size() == 1 && d.name.starts_with("mlx4")))
            return false;
        const std::string types = "/sys/class/infiniband/" + d.name + "/ports/" + std::to_string(p.number)
            + "/gid_attrs/types/" + std::to_string(last->index);
        v.gidIndex = last->index;
        v.gid = last->gid;
        v.type = "RoCE v2";
        v.probable = true;
        v.address = address;
        v.netdev = last->netdev;
        v.reason = rows.size() == 1 ? "GID " + std::to_string(last->index) + " is the only one carrying " + address
                + ": a device that lists one GID per address offers one RoCE version, v2 on current drivers; `cat "
                + types + "` confirms it"
                                    : "GID " + rangeText(rows) + " carry " + address
                + ": the kernel adds an address's RoCE v1 GID before its v2 one, so " + std::to_string(last->index)
                + " is the v2 one; `cat " + types + "` confirms it";
        v.where = m_ctx.whereGid(h, d.name, p.number, last->index, false);
        return true;
    }

    void noIndex(const DiagHost& h, const RdmaDevice& d, const RdmaPort& p, PortVerdict& v)
    {
        std::vector<const GidEntry*> nonZero, v1, linkLocal, untyped;
        for (const auto& g : p.gids) {
            if (g.zero)
                continue;
            nonZero.push_back(&g);
            if (g.linkLocal)
                linkLocal.push_back(&g);
            else if (g.type == GidType::IbRoceV1 && (!g.ipv4.empty() || !g.ipv6.empty()))
                v1.push_back(&g);
            else if (g.type == GidType::Unknown && (!g.ipv4.empty() || !g.ipv6.empty()))
                untyped.push_back(&g);
        }
        Finding f;
        f.hosts = { h.name };
        f.ports = { portLabel(h, d, p) };
        f.severity = Severity::Warning;
        std::string netdev = p.netdev.empty() ? d.parentNetdev : p.netdev;
        for (const auto* g : nonZero)
            if (netdev.empty() && !g->vlanId)
                netdev = g->netdev; // a show_gids paste names the netdev only in its rows
        const std::string netdevText = netdev.empty() ? std::string("the port's netdev") : netdev;
        auto addEvidence = [&](const std::vector<const GidEntry*>& gids) {
            for (std::size_t i = 0; i < gids.size() && i < 3; ++i)
                f.evidence.push_back(m_ctx.ev(h, portName(d, p) + " GID[" + std::to_string(gids[i]->index) + "]",
                    gids[i]->gid + " (" + toString(gids[i]->type)
                        + (gids[i]->netdev.empty() ? "" : ", " + gids[i]->netdev) + ")",
                    m_ctx.whereGid(h, d.name, p.number, gids[i]->index, false)));
        };
        if (!untyped.empty() && probableIndex(h, d, p, untyped, v))
            return;
        if (!untyped.empty()) {
            // Without types (a GID list with no gid_attrs/types or VER column) the address is there; only the
            // v1/v2 pair cannot be told apart. Not a fault of the host: say which rows and what to paste.
            std::vector<int> indexes;
            indexes.reserve(untyped.size());
            for (const auto* g : untyped)
                indexes.push_back(g->index);
            v.reason = "GID " + rangeText(indexes) + (indexes.size() == 1 ? " carries " : " carry ")
                + (untyped.front()->ipv4.empty() ? untyped.front()->ipv6 : untyped.front()->ipv4)
                + ", but the paste does not say which is RoCE v2: paste show_gids or "
                  "/sys/class/infiniband/"
                + d.name + "/ports/" + std::to_string(p.number) + "/gid_attrs/types/*";
            return;
        }
        if (!v1.empty()) {
            f.ruleId = "gid.roce-v1-only";
            f.check = "M1";
            f.title = "Only RoCE v1 GIDs on " + portName(d, p);
            addEvidence(v1);
            f.explanation = portName(d, p) + " of " + h.name
                + " has GIDs for its addresses, but only of type RoCE v1 (raw Ethernet frames: not routable, no "
                  "DSCP, and not understood by peers that use RoCE v2). Either the NIC offers only RoCE v1 "
                  "(ConnectX-3 without Pro; ConnectX-3 Pro needs MLNX_OFED's mlx4_core roce_mode=2 for v2), or the "
                  "kernel was told to use v1. With only v1 on this host, its peers must use RoCE v1 too, within one "
                  "layer-2 network.";
            Fix fix;
            fix.target = h.name;
            fix.platform = "linux";
            fix.text = "cat /sys/class/infiniband/" + d.name + "/ports/" + std::to_string(p.number)
                + "/gid_attrs/types/*   # RoCE v2 rows appear once the NIC and driver offer v2\n"
                  "# ConnectX-3 Pro with MLNX_OFED: options mlx4_core roce_mode=2 in /etc/modprobe.d/, then reload "
                  "mlx4";
            fix.origin = "the NIC's and driver's RoCE modes";
            f.fixes.push_back(std::move(fix));
            v.gidIndex = v1.front()->index;
            v.gid = v1.front()->gid;
            v.type = "IB/RoCE v1";
            v.address = v1.front()->ipv4.empty() ? v1.front()->ipv6 : v1.front()->ipv4;
            v.netdev = v1.front()->netdev;
            v.reason = "RoCE v1 only: this index works only with peers that use RoCE v1 in the same layer-2 network";
            v.where = m_ctx.whereGid(h, d.name, p.number, v.gidIndex.value(), false);
        } else if (auto address = addressWithoutGid(h, netdev)) {
            // An address no GID carries is gid.missing-for-address (rules_gid), not a missing address.
            v.ruleId = "gid.missing-for-address";
            v.reason = *address;
            return;
        } else if (!linkLocal.empty()) {
            f.ruleId = "gid.link-local-only";
            f.check = "M3";
            f.title = "Only link-local GIDs on " + portName(d, p) + ": no IPv4 or global IPv6 address";
            addEvidence(linkLocal);
            f.explanation = portName(d, p) + " of " + h.name
                + " has only link-local GIDs (fe80::, made from the MAC address). A RoCE v2 GID for an address "
                  "appears only when "
                + netdevText
                + " (or a VLAN on it) has an IPv4 or global IPv6 address. A link-local GID cannot be routed, rdma_cm "
                  "cannot resolve it from an IP address, and tools given index 0 or 1 (NCCL_IB_GID_INDEX, "
                  "UCX_IB_GID_INDEX, perftest -x) fail to connect or time out. Give the netdev an address of the RoCE "
                  "subnet; the GID table fills at once.";
            Fix fix;
            fix.target = h.name;
            fix.platform = "linux";
            fix.text = "ip address add ADDRESS/PREFIX dev " + (netdev.empty() ? std::string("NETDEV") : netdev)
                + "   # an address of the RoCE subnet; make it permanent in netplan/NetworkManager";
            fix.origin = "the GID table fills from the netdev's addresses";
            f.fixes.push_back(std::move(fix));
            v.reason = "only link-local GIDs: " + netdevText + " has no IPv4 or global IPv6 address";
        } else {
            f.ruleId = "gid.empty-table";
            f.check = "M3";
            f.title = "No GID at all on " + portName(d, p);
            f.evidence.push_back(m_ctx.ev(h, portName(d, p) + " GID table",
                nonZero.empty() ? std::string("no entry") : std::to_string(nonZero.size()) + " entries, none usable",
                h.source == "paste"
                    ? h.origin
                    : "/sys/class/infiniband/" + d.name + "/ports/" + std::to_string(p.number) + "/gids/"));
            f.explanation = portName(d, p) + " of " + h.name
                + " has no GID. The table fills from the port's netdev: even a netdev with no address gives a "
                  "link-local GID once it is up. An empty table means "
                + netdevText
                + " is down or gone, or (Soft-RoCE) the rxe device was made on another netdev, or (a container) the "
                  "pod's network namespace holds none of the port's netdevs. Check `ip link show "
                + (netdev.empty() ? std::string("NETDEV") : netdev) + "` and `rdma link show`.";
            v.reason = "the GID table is empty";
        }
        v.ruleId = f.ruleId;
        m_ctx.markEvaluated(f.check);
        // The pair rule said it already, with the peers that differ: one finding for one fault.
        for (const auto& other : m_ctx.findings)
            if (f.ruleId == "gid.roce-v1-only" && other.ruleId == "gid.roce-version"
                && std::ranges::find(other.ports, f.ports.front()) != other.ports.end()) {
                v.ruleId = other.ruleId;
                return;
            }
        const std::string key = f.ruleId + "|" + f.ports.front();
        if (m_ctx.reported.insert(key).second)
            m_ctx.findings.push_back(std::move(f));
    }

    /// Two NICs of one host with addresses in one subnet: Linux answers ARP for either address on both and routes
    /// by destination only, so RoCE v2 for one NIC's GID may be resolved to, or leave through, the other.
    void sameSubnet()
    {
        for (const auto& seg : m_ctx.segments) {
            std::map<std::size_t, std::vector<std::size_t>> byHost;
            for (auto ei : seg.endpoints)
                byHost[m_ctx.endpoints[ei].host].push_back(ei);
            for (const auto& [hi, eps] : byHost) {
                std::set<std::string> phys;
                for (auto ei : eps)
                    phys.insert(m_ctx.endpoints[ei].physNetdev + "|" + m_ctx.endpoints[ei].device->name);
                if (phys.size() < 2)
                    continue;
                const auto& h = m_ctx.host(hi);
                Finding f;
                f.ruleId = "host.ports-share-subnet";
                f.title = "Several RoCE ports of " + h.name + " are in one subnet (" + seg.key + ")";
                f.severity = Severity::Warning;
                f.hosts = { h.name };
                for (auto ei : eps) {
                    const auto& e = m_ctx.endpoints[ei];
                    f.ports.push_back(m_ctx.label(e));
                    f.evidence.push_back(
                        m_ctx.ev(h, e.netdev + " address", e.address, m_ctx.whereNetdev(h, e.netdev, "address")));
                }
                f.explanation = "Linux answers ARP for any of its addresses on every interface and sends by "
                                "destination alone, so with two NICs in "
                    + seg.key
                    + " RoCE v2 traffic meant for one NIC's GID can be resolved to the other NIC's MAC or leave "
                      "through the other port: connections fail or run on the wrong port, depending on which "
                      "answered first. Give each NIC its own subnet, or set arp_ignore=1 and arp_announce=2 and a "
                      "routing rule per source address.";
                Fix fix;
                fix.target = h.name;
                fix.platform = "linux";
                fix.text = "sysctl -w net.ipv4.conf.all.arp_ignore=1 net.ipv4.conf.all.arp_announce=2\n"
                           "# and per NIC: ip rule add from ADDRESS table N; ip route add SUBNET dev NETDEV table N";
                fix.origin = "Linux ARP and routing for several interfaces in one subnet";
                f.fixes.push_back(std::move(fix));
                m_ctx.findings.push_back(std::move(f));
            }
        }
    }

    /// The same hazard read from `ip addr` alone: a paste with an application log and the host's interfaces, no
    /// GID table. A failed connection whose two GIDs are both this host's addresses is the hazard seen happening.
    /// Whether one output of the paste lists two of `names` (always, for a host not pasted).
    static bool oneOutputLists(const DiagHost& h, const std::set<std::string>& names)
    {
        if (h.netdevBlocks.empty())
            return true;
        std::map<int, int> perOutput;
        for (const auto& name : names) {
            auto it = h.netdevBlocks.find(name);
            if (it == h.netdevBlocks.end() || ++perOutput[it->second] >= 2)
                return true;
        }
        return false;
    }

    void netdevsShareSubnet(const DiagHost& h)
    {
        if (h.appLog.empty() && h.facts.devices.empty() && h.tests.empty())
            return; // not a paste about RDMA: two interfaces in one subnet are someone else's question
        std::map<std::string, std::vector<std::pair<const Netdev*, std::string>>> byNetwork;
        std::map<std::string, const Netdev*> owner; ///< address -> its netdev
        for (const auto& n : h.facts.netdevs) {
            if (n.name == "lo" || (!n.kind.empty() && n.kind != "vlan" && n.kind != "bond"))
                continue;
            for (const auto* list : { &n.ipv4, &n.ipv6 })
                for (const auto& cidr : *list)
                    if (auto net = networkOf(cidr)) {
                        byNetwork[net->first].emplace_back(&n, net->second);
                        owner[net->second] = &n;
                    }
        }
        for (const auto& [network, members] : byNetwork) {
            std::set<std::string> names;
            for (const auto& m : members)
                names.insert(m.first->name);
            if (names.size() < 2)
                continue;
            const bool told = std::ranges::any_of(m_ctx.findings, [&](const Finding& f) {
                return f.ruleId == "host.ports-share-subnet" && f.hosts == std::vector<std::string> { h.name };
            });
            if (told)
                continue;
            Finding f;
            f.ruleId = "host.ports-share-subnet";
            f.severity = Severity::Warning;
            f.hosts = { h.name };
            f.title = "Several interfaces of " + h.name + " are in one subnet (" + network + ")";
            for (const auto& [n, address] : members)
                f.evidence.push_back(
                    m_ctx.ev(h, n->name + " address", address, m_ctx.whereNetdev(h, n->name, "address")));
            const AppLogEvent* between = nullptr;
            for (const auto& e : h.appLog) {
                if (e.gid.empty() || e.peerGid.empty())
                    continue;
                // The peer's GID is an address of this host: the connection ran from one of its NICs to another
                // (the local GID may be of an interface the paste does not show).
                auto peer = owner.find(addressOfGid(e.peerGid));
                auto local = owner.find(addressOfGid(e.gid));
                if (peer != owner.end() && (local == owner.end() || local->second != peer->second)
                    && std::ranges::any_of(members, [&](const auto& m) { return m.first == peer->second; })) {
                    between = &e;
                    break;
                }
            }
            // A paste's interfaces from separate outputs may be of several machines the text did not tell apart
            // ("PC1's address ...", "PC2's address ..."): only interfaces one output lists are surely one host's.
            if (!between && !oneOutputLists(h, names))
                continue;
            if (between) {
                f.severity = Severity::Error; // the hazard seen failing, not only possible
                f.title += ": a connection from this host to its own address failed";
                f.evidence.push_back(m_ctx.ev(h, familyName(between->family) + " log", between->text,
                    h.origin + ":" + std::to_string(between->line)));
            }
            f.explanation = "Linux answers ARP for any of its addresses on every interface and sends by destination "
                            "alone, so with several interfaces in "
                + network
                + " RoCE v2 traffic meant for one interface's GID can be resolved to another's MAC or leave through "
                  "another port."
                + (between ? " The log shows a connection whose peer GID is an address of this same host failing: "
                             "traffic between NICs of one host goes out and must come back through the "
                             "switch, and here it does not (NCCL_NET_DISABLE_INTRA=1 keeps NCCL off that path while "
                             "the routing is fixed)."
                           : std::string())
                + " Give each interface its own subnet, or set arp_ignore=1 and arp_announce=2 and a routing rule "
                  "per source address.";
            Fix fix;
            fix.target = h.name;
            fix.platform = "linux";
            fix.text = "sysctl -w net.ipv4.conf.all.arp_ignore=1 net.ipv4.conf.all.arp_announce=2\n"
                       "# and per interface: ip rule add from ADDRESS table N; ip route add SUBNET dev NETDEV table N"
                + std::string(network.find(':') != std::string::npos
                        ? "\n# IPv6: the same with ip -6 rule / ip -6 route; neighbour answers follow the routes"
                        : "");
            fix.origin = "Linux ARP and routing for several interfaces in one subnet";
            f.fixes.push_back(std::move(fix));
            m_ctx.findings.push_back(std::move(f));
        }
    }

    Context& m_ctx;
};

} // namespace

void rulesPorts(Context& ctx)
{
    PortRules(ctx).run();
}

} // namespace rp::diag::detail

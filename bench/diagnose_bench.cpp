// SPDX-License-Identifier: GPL-3.0-or-later
// Diagnose a synthetic fabric: N hosts (default 1000) in two /22 subnets, each with one RoCE port (RoCE v1 and v2
// GIDs for its address), DCB state, MTU, rdma_cm defaults, cabled (LLDP) to a port of one of 25 leaf switches;
// faults planted in a few hundred ports (wrong PFC priority, MTU, RoCE v1 only, missing GID, trust, DSCP map, ToS,
// a switch port pausing another priority). Prints the time of diagnose(), the peak memory of the process and
// whether every planted fault was found (and nothing else above info).
// Usage: diagnose-bench [HOSTS]  (ninja -C build/default bench-diagnose)
#include "diagnose/diagnose.h"
#include "parse/gid.h"

#include <sys/resource.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <set>
#include <string>

using namespace rp;
using namespace rp::diag;

namespace {

std::string ip(int subnet, int host)
{
    return "10." + std::to_string(subnet) + "." + std::to_string(host / 250) + "." + std::to_string(host % 250 + 1);
}

GidEntry gid(int index, const std::string& address, GidType type, const std::string& netdev)
{
    GidEntry g;
    g.index = index;
    g.gid = *canonicalGid("::ffff:" + address);
    g.type = type;
    g.netdev = netdev;
    annotateGid(g);
    return g;
}

long peakRssKb()
{
    rusage u {};
    getrusage(RUSAGE_SELF, &u);
    return u.ru_maxrss;
}

} // namespace

int main(int argc, char** argv)
{
    const int hosts = argc > 1 ? std::atoi(argv[1]) : 1000;
    if (hosts < 10 || hosts > 100000) {
        std::fprintf(stderr, "usage: diagnose-bench [HOSTS 10..100000]\n");
        return 2;
    }
    // Faults: one kind per rule, every 7th host from the 3rd on (about 14 % of ports), round robin.
    const char* kinds[] = { "pfc.priority", "mtu.netdev", "gid.roce-version", "gid.missing-for-address", "qos.trust",
        "qos.dscp-priority", "rdmacm.tos" };
    std::map<std::string, std::string> planted; // host -> rule
    FabricSnapshot snap;
    snap.hosts.reserve(static_cast<std::size_t>(hosts));
    for (int i = 0; i < hosts; ++i) {
        const int subnet = i % 2;
        const std::string name = "h" + std::to_string(i);
        std::string fault;
        if (i >= 3 && i % 7 == 3)
            fault = kinds[(i / 7) % 7];
        if (!fault.empty())
            planted[name] = fault;
        DiagHost h;
        h.name = name;
        h.source = "ssh";
        h.origin = name;
        h.readAt = "2026-11-24T07:00:00Z";
        Netdev n;
        n.name = "ens1f0";
        n.mtu = fault == "mtu.netdev" ? 1500 : 9000;
        n.operState = "UP";
        const std::string addr = ip(subnet, i / 2);
        n.ipv4 = { addr + "/22" };
        n.dcb.source = "dcb";
        std::array<bool, 8> pfc {};
        pfc[fault == "pfc.priority" ? 4 : 3] = true;
        n.dcb.pfcEnabled = pfc;
        n.dcb.trust = fault == "qos.trust" ? "pcp" : "dscp";
        n.dcb.dscpToPrio = { { 26, fault == "qos.dscp-priority" ? 1 : 3 }, { 48, 6 } };
        n.dcb.prioToTc = std::array<int, 8> { 0, 0, 0, 3, 0, 0, 6, 0 };
        n.dcb.tcBandwidth = std::array<int, 8> { 50, 0, 0, 50, 0, 0, 0, 0 };
        n.dcb.tcTsa = std::array<std::string, 8> { "ets", "ets", "ets", "ets", "ets", "ets", "strict", "ets" };
        n.dcb.willing = false;
        h.facts.netdevs.push_back(n);
        RdmaDevice d;
        d.name = "mlx5_0";
        d.driver = "mlx5";
        d.transport = Transport::RoCE;
        RdmaPort p;
        p.number = 1;
        p.state = "ACTIVE";
        p.linkLayer = "Ethernet";
        p.netdev = "ens1f0";
        p.activeMtu = 4096;
        if (fault != "gid.missing-for-address") {
            p.gids.push_back(gid(2, addr, GidType::IbRoceV1, "ens1f0"));
            if (fault != "gid.roce-version")
                p.gids.push_back(gid(3, addr, GidType::RoceV2, "ens1f0"));
        }
        d.ports.push_back(p);
        h.facts.devices.push_back(d);
        h.rdmaCmRead = true;
        h.rdmaCm.push_back(RdmaCmSetting { "mlx5_0", 1, std::string("RoCE v2"), fault == "rdmacm.tos" ? 0 : 106, 0 });
        snap.hosts.push_back(std::move(h));
    }
    // Switches: 40 host ports per leaf, each host cabled to one (LLDP, the switch side for even hosts and the
    // host side for odd ones); every 7th host from the 5th on sits on a port that pauses priority 4.
    std::map<std::string, std::string> plantedPorts; // "leafN:swpM" -> host
    for (int i = 0; i < hosts; ++i) {
        const std::string name = "h" + std::to_string(i);
        const std::string sw = "leaf" + std::to_string(i / 40);
        const std::string port = "swp" + std::to_string(i % 40 + 1);
        SwitchPortQos sp;
        sp.switchName = sw;
        sp.vendor = "cumulus";
        sp.port = port;
        sp.hostFacing = true;
        const bool bad = i >= 5 && i % 7 == 5;
        sp.pfcPriorities = std::vector<int> { bad ? 4 : 3 };
        sp.trust = "dscp";
        sp.mtu = 9216;
        sp.command = "nv config show -o commands";
        if (bad) {
            plantedPorts[sw + ":" + port] = name;
            planted[name] = "link.pfc-priority";
        }
        snap.switchPorts.push_back(std::move(sp));
        LldpNeighbor n;
        n.command = i % 2 ? "lldpctl -f json" : "show lldp neighbors";
        n.local = i % 2 ? name : sw;
        n.localPort = i % 2 ? "ens1f0" : port;
        n.remote = i % 2 ? sw : name;
        n.remotePort = i % 2 ? port : "ens1f0";
        snap.lldp.push_back(std::move(n));
    }
    const long rssBefore = peakRssKb();
    const auto t0 = std::chrono::steady_clock::now();
    const Report report = diagnose(snap);
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    const long rssPeak = peakRssKb();

    std::set<std::string> found, unexpected;
    std::size_t fixes = 0;
    for (const auto& f : report.findings) {
        if (f.severity == Severity::Info)
            continue;
        fixes += f.fixes.size();
        // A switch finding names the port: the host planted on it.
        if (f.ruleId.starts_with("switch.") && !f.switchPorts.empty() && plantedPorts.count(f.switchPorts.front())) {
            found.insert(plantedPorts[f.switchPorts.front()]);
            continue;
        }
        auto it = f.hosts.empty() ? planted.end() : planted.find(f.hosts.front());
        // qos.trust also raises qos.pcp-untagged on the same host; a host fault also differs from its switch
        // port (link.*): all are that fault.
        if (it != planted.end()
            && (it->second == f.ruleId || (it->second == "qos.trust" && f.ruleId == "qos.pcp-untagged")
                || (it->second == "qos.trust" && f.ruleId == "link.trust")
                || (it->second == "pfc.priority" && f.ruleId == "link.pfc-priority")))
            found.insert(it->first);
        else
            unexpected.insert(f.ruleId + " " + (f.hosts.empty() ? std::string() : f.hosts.front()));
    }
    std::size_t missed = planted.size() - found.size();
    std::printf("hosts %d, subnets %zu, switch ports %zu, LLDP neighbours %zu, planted faults %zu (in %zu%% of "
                "hosts)\n",
        hosts, report.segmentCount, snap.switchPorts.size(), snap.lldp.size(), planted.size(),
        planted.size() * 100 / static_cast<std::size_t>(hosts));
    std::printf("diagnose: %.3f s (target <= 2 s)\n", seconds);
    std::printf("peak RSS: %.1f MB (%.1f MB after building the snapshot; target <= 200 MB)\n", rssPeak / 1024.0,
        rssBefore / 1024.0);
    std::printf(
        "findings above info: %zu with %zu generated fixes; planted found %zu/%zu, missed %zu, unexpected %zu\n",
        report.findings.size()
            - static_cast<std::size_t>(std::count_if(report.findings.begin(), report.findings.end(),
                [](const Finding& f) { return f.severity == Severity::Info; })),
        fixes, found.size(), planted.size(), missed, unexpected.size());
    for (const auto& u : unexpected)
        std::printf("  unexpected: %s\n", u.c_str());
    const bool ok = missed == 0 && unexpected.empty() && seconds <= 2.0 && rssPeak <= 200 * 1024;
    std::printf("%s\n", ok ? "PASS" : "FAIL");
    return ok ? 0 : 1;
}

// SPDX-License-Identifier: GPL-3.0-or-later
#include "fabricsim.h"

#include "fabric/localise.h"
#include "fabric/secondpass.h"
#include "parse/gid.h"

#include <algorithm>
#include <stdexcept>

namespace rp::fabricsim {
namespace {

std::string hostName(std::size_t i)
{
    char buf[32];
    std::snprintf(buf, sizeof buf, "h%03zu", i);
    return buf;
}

GidEntry gidEntry(int index, const std::string& text, GidType type, const std::string& netdev, std::optional<int> vlan)
{
    GidEntry g;
    g.index = index;
    auto canonical = canonicalGid(text);
    if (!canonical)
        throw std::runtime_error("bad GID in the simulator: " + text);
    g.gid = *canonical;
    g.type = type;
    g.netdev = netdev;
    g.vlanId = vlan;
    annotateGid(g);
    return g;
}

/// rxe's table for a host: link-local v1/v2 (0, 1), the IPv4 address as v1/v2 (2, 3), then a VLAN's pair.
HostFacts makeHost(std::size_t i, bool rdma, std::optional<int> vlan)
{
    HostFacts f;
    f.hostname = hostName(i);
    auto a = std::to_string(i / 250);
    auto b = std::to_string(i % 250 + 1);
    Netdev eth;
    eth.name = "eth0";
    eth.operState = "UP";
    eth.mtu = 1500;
    eth.ipv4 = { "10.0." + a + "." + b + "/16" };
    f.netdevs.push_back(eth);
    if (!rdma)
        return f;
    RdmaDevice dev;
    dev.name = "rxe0";
    dev.driver = "rxe";
    dev.transport = Transport::RoCE;
    dev.parentNetdev = "eth0";
    RdmaPort port;
    port.number = 1;
    port.state = "ACTIVE";
    port.linkLayer = "Ethernet";
    port.netdev = "eth0";
    char mac[32];
    std::snprintf(mac, sizeof mac, "fe80::200:ff:fe%02zx:%04zx", (i >> 16) & 0xff, i & 0xffff);
    port.gids.push_back(gidEntry(0, mac, GidType::IbRoceV1, "eth0", std::nullopt));
    port.gids.push_back(gidEntry(1, mac, GidType::RoceV2, "eth0", std::nullopt));
    port.gids.push_back(gidEntry(2, "::ffff:10.0." + a + "." + b, GidType::IbRoceV1, "eth0", std::nullopt));
    port.gids.push_back(gidEntry(3, "::ffff:10.0." + a + "." + b, GidType::RoceV2, "eth0", std::nullopt));
    if (vlan) {
        Netdev v;
        v.name = "eth0." + std::to_string(*vlan);
        v.operState = "UP";
        v.kind = "vlan";
        v.vlanId = vlan;
        v.vlanParent = "eth0";
        auto net = "10." + std::to_string(*vlan) + ".";
        v.ipv4 = { net + a + "." + b + "/16" };
        f.netdevs.push_back(v);
        port.gids.push_back(gidEntry(4, "::ffff:" + net + a + "." + b, GidType::IbRoceV1, v.name, vlan));
        port.gids.push_back(gidEntry(5, "::ffff:" + net + a + "." + b, GidType::RoceV2, v.name, vlan));
    }
    port.gidTableSize = 16;
    dev.ports.push_back(port);
    f.devices.push_back(dev);
    return f;
}

bool touchesHost(const fabric::Endpoint& a, const fabric::Endpoint& b, const std::string& host)
{
    return a.host == host || b.host == host;
}

} // namespace

std::string toString(FaultKind kind)
{
    switch (kind) {
    case FaultKind::None:
        return "none";
    case FaultKind::NicDown:
        return "nic-down";
    case FaultKind::AgentDown:
        return "agent-down";
    case FaultKind::UdpBlocked:
        return "udp-4791-blocked";
    case FaultKind::AccessLoss:
        return "access-link-loss";
    case FaultKind::UplinkLoss:
        return "uplink-loss";
    case FaultKind::TorDown:
        return "tor-down";
    case FaultKind::GidMoved:
        return "gid-moved";
    case FaultKind::HostBusy:
        return "host-busy";
    }
    return {};
}

std::string Fault::describe() const
{
    return toString(kind) + " at " + std::string(fabric::toString(truth.kind)) + " " + truth.name
        + (loss > 0.0 ? " loss " + std::to_string(loss) : std::string());
}

FabricSim::FabricSim(const FabricShape& shape, std::uint64_t seed)
    : m_shape(shape)
    , m_rng(seed)
{
    std::size_t perTor = (shape.hosts + shape.tors - 1) / shape.tors;
    for (std::size_t i = 0; i < shape.hosts; ++i) {
        bool rdma = shape.udpOnlyEvery == 0 || i % shape.udpOnlyEvery != shape.udpOnlyEvery - 1;
        std::optional<int> vlan;
        if (i % 3 == 0)
            vlan = i % 9 == 3 ? 200 : 100; // VLAN 200 is another subnet than VLAN 100: designed failures
        m_hosts.push_back(makeHost(i, rdma, vlan));
        m_topology.torOf[hostName(i)] = "leaf" + std::to_string(i / perTor + 1);
    }
    if (shape.spine)
        m_topology.spine = "spine";
}

std::vector<std::string> FabricSim::rdmaHosts() const
{
    std::vector<std::string> out;
    for (const auto& h : m_hosts) {
        if (!h.devices.empty())
            out.push_back(h.hostname);
    }
    return out;
}

Fault FabricSim::plant(FaultKind kind)
{
    auto pick = [&](const std::vector<std::string>& from) {
        return from[std::uniform_int_distribution<std::size_t>(0, from.size() - 1)(m_rng)];
    };
    std::vector<std::string> all;
    for (const auto& h : m_hosts)
        all.push_back(h.hostname);
    std::vector<std::string> tors;
    for (const auto& [h, t] : m_topology.torOf) {
        if (std::ranges::find(tors, t) == tors.end())
            tors.push_back(t);
    }
    auto lossRate = [&] {
        return std::uniform_real_distribution<double>(0.0, 1.0)(m_rng) < 0.2
            ? 1.0
            : std::uniform_real_distribution<double>(0.05, 0.5)(m_rng);
    };
    Fault f;
    f.kind = kind;
    switch (kind) {
    case FaultKind::None:
        break;
    case FaultKind::NicDown:
        f.host = pick(rdmaHosts());
        f.truth = { fabric::ElementKind::HostNic, f.host + ":rxe0/1" };
        break;
    case FaultKind::AgentDown:
        f.host = pick(all);
        f.truth = { fabric::ElementKind::HostAgent, f.host };
        break;
    case FaultKind::UdpBlocked:
        f.host = pick(rdmaHosts());
        f.truth = { fabric::ElementKind::HostConfig, f.host };
        break;
    case FaultKind::AccessLoss:
        f.host = pick(all);
        f.loss = lossRate();
        f.truth = { fabric::ElementKind::AccessLink, m_topology.accessLinkName(f.host) };
        break;
    case FaultKind::UplinkLoss: {
        f.loss = lossRate();
        if (m_topology.spine.empty()) {
            auto a = pick(tors);
            std::string b;
            do
                b = pick(tors);
            while (b == a);
            f.uplink = m_topology.uplinksBetween(a, b).front();
        } else {
            f.uplink = pick(tors) + "<->" + m_topology.spine;
        }
        f.truth = { fabric::ElementKind::Uplink, f.uplink };
        break;
    }
    case FaultKind::TorDown:
        f.tor = pick(tors);
        f.truth = { fabric::ElementKind::Tor, f.tor };
        break;
    case FaultKind::GidMoved: {
        f.host = pick(rdmaHosts());
        const auto& facts = *std::ranges::find(m_hosts, f.host, &HostFacts::hostname);
        std::vector<int> usable;
        for (const auto& g : facts.devices.front().ports.front().gids) {
            if (!g.linkLocal)
                usable.push_back(g.index);
        }
        f.gidIndex = usable[std::uniform_int_distribution<std::size_t>(0, usable.size() - 1)(m_rng)];
        f.truth = { fabric::ElementKind::HostConfig, f.host };
        break;
    }
    case FaultKind::HostBusy:
        f.host = pick(all);
        f.truth = { fabric::ElementKind::HostBusy, f.host };
        break;
    }
    m_fault = f;
    return f;
}

Fault FabricSim::plantRandom()
{
    static constexpr FaultKind kinds[] = { FaultKind::NicDown, FaultKind::AgentDown, FaultKind::UdpBlocked,
        FaultKind::AccessLoss, FaultKind::UplinkLoss, FaultKind::TorDown, FaultKind::GidMoved, FaultKind::HostBusy };
    return plant(kinds[std::uniform_int_distribution<std::size_t>(0, std::size(kinds) - 1)(m_rng)]);
}

std::map<std::string, fabric::AgentState> FabricSim::agents() const
{
    std::map<std::string, fabric::AgentState> out;
    for (const auto& h : m_hosts)
        out[h.hostname] = h.hostname == m_fault.host && m_fault.kind == FaultKind::AgentDown ? fabric::AgentState::Down
                                                                                             : fabric::AgentState::Up;
    return out;
}

/// Per-probe survival of a cell under the planted fault; `dead` when nothing can come back at all.
double FabricSim::survival(const fabric::Pinglist& list, const fabric::Endpoint& a, const fabric::Endpoint& b,
    fabric::CellResult& cell, bool& dead) const
{
    const auto& f = m_fault;
    bool loop = a.host == b.host;
    double survive = 1.0 - m_shape.noiseLoss;
    if (fabric::expectation(a, b, list.routedV2) != fabric::Reason::None)
        dead = true;
    switch (f.kind) {
    case FaultKind::None:
        break;
    case FaultKind::NicDown:
        dead = dead || touchesHost(a, b, f.host);
        break;
    case FaultKind::AgentDown:
        if (a.host == f.host)
            cell.reason = fabric::Reason::AgentDown;
        dead = dead || touchesHost(a, b, f.host);
        break;
    case FaultKind::UdpBlocked:
        // A firewall sees RoCE v2 (UDP 4791) on the wire; the NIC's loopback and RoCE v1 frames pass it by.
        dead = dead
            || (!loop
                && ((a.host == f.host && !a.udp() && a.type == GidType::RoceV2)
                    || (b.host == f.host && !b.udp() && b.type == GidType::RoceV2)));
        break;
    case FaultKind::AccessLoss:
        if (!loop) {
            int crossings = (a.host == f.host ? 2 : 0) + (b.host == f.host ? 2 : 0);
            for (int i = 0; i < crossings; ++i)
                survive *= 1.0 - f.loss;
        }
        break;
    case FaultKind::UplinkLoss:
        if (!loop) {
            auto ups = list.topology.uplinksBetween(a.tor, b.tor);
            if (std::ranges::find(ups, f.uplink) != ups.end())
                survive *= (1.0 - f.loss) * (1.0 - f.loss);
        }
        break;
    case FaultKind::TorDown:
        dead = dead || (!loop && (a.tor == f.tor || b.tor == f.tor));
        break;
    case FaultKind::GidMoved:
        if (a.host == f.host && a.gidIndex == f.gidIndex && !a.udp())
            cell.reason = fabric::Reason::EmptySlot;
        dead = dead || (a.host == f.host && a.gidIndex == f.gidIndex && !a.udp())
            || (b.host == f.host && b.gidIndex == f.gidIndex && !b.udp());
        break;
    case FaultKind::HostBusy:
        // Some answers come later than the prober waits: they count as lost.
        if (touchesHost(a, b, f.host))
            survive *= 0.997;
        break;
    }
    return survive;
}

std::vector<fabric::CellResult> FabricSim::probe(
    const fabric::Pinglist& list, const std::vector<fabric::Probe>& probes, bool secondPass)
{
    std::vector<fabric::CellResult> out;
    out.reserve(probes.size());
    std::uniform_real_distribution<double> unit(0.0, 1.0);
    auto now = fabric::Clock::now();
    for (const auto& p : probes) {
        const auto& a = list.endpoints[p.from];
        const auto& b = list.endpoints[p.to];
        fabric::CellResult c;
        c.from = p.from;
        c.to = p.to;
        c.intervalStart = now;
        c.intervalSeconds = 2.0;
        c.secondPass = secondPass;
        bool dead = false;
        double survive = survival(list, a, b, c, dead);
        if (c.reason == fabric::Reason::AgentDown || c.reason == fabric::Reason::EmptySlot) {
            out.push_back(c); // the agent could not send at all
            continue;
        }
        c.sent = m_shape.probesPerCell;
        c.received = dead ? 0 : std::binomial_distribution<std::uint32_t>(c.sent, survive)(m_rng);
        if (c.received == 0) {
            c.reason = fabric::Reason::Timeout;
            out.push_back(c);
            continue;
        }
        double base = a.host == b.host ? 3.0 : (a.tor == b.tor ? 8.0 : 15.0);
        c.rttP50Us = base * (1.0 + 0.3 * unit(m_rng));
        c.rttP99Us = c.rttP50Us * (1.5 + 1.5 * unit(m_rng));
        bool busy = m_fault.kind == FaultKind::HostBusy;
        c.proberDelayP50Us = busy && a.host == m_fault.host ? 2000.0 + 18000.0 * unit(m_rng) : 3.0 + 12.0 * unit(m_rng);
        c.responderDelayP50Us
            = busy && b.host == m_fault.host ? 2000.0 + 18000.0 * unit(m_rng) : 3.0 + 12.0 * unit(m_rng);
        out.push_back(c);
    }
    return out;
}

PlantOutcome runPlant(FabricSim& sim, const Fault& fault, std::size_t crossTorPeers, std::uint64_t seed)
{
    sim.setFault(fault);
    PlantOutcome out;
    out.fault = fault;
    fabric::PinglistOptions options;
    options.crossTorPeers = crossTorPeers;
    options.seed = seed;
    auto list = fabric::buildPinglist(sim.hosts(), sim.topology(), options);
    if (!list)
        throw std::runtime_error(list.error().describe());
    auto cells = sim.probe(*list, list->probes, false);
    fabric::applyExpectations(*list, cells);
    out.roundCells = cells.size();
    auto second = fabric::planSecondPass(*list, cells);
    auto again = sim.probe(*list, second.probes, true);
    fabric::applyExpectations(*list, again);
    out.secondPassCells = again.size();
    cells.insert(cells.end(), again.begin(), again.end());
    out.findings = fabric::localise(*list, cells, sim.agents());
    const auto& truth = fault.truth;
    auto named = [&](const fabric::Element& e) { return e == truth; };
    if (!out.findings.empty()) {
        const auto& first = out.findings.front();
        out.top1 = named(first.element) && first.klass == truth.kind;
        out.top2 = out.top1 || (!first.alternatives.empty() && named(first.alternatives.front().element))
            || (out.findings.size() > 1 && named(out.findings[1].element));
    }
    return out;
}

} // namespace rp::fabricsim

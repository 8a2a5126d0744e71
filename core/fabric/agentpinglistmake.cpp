// SPDX-License-Identifier: GPL-3.0-or-later
// The controller's half of the pinglist file (rocepilot-cli fabric pinglist): apart from the reader, because it needs
// the Pinglist and its topology, which the probe (the reader's user) must not drag in.
#include "fabric/agentpinglist.h"

#include "util/command.h"

#include <set>

namespace rp::fabric {

std::vector<AgentPinglistFile> makeAgentPinglists(const Pinglist& list, const AgentPinglistOptions& options)
{
    std::vector<AgentPinglistFile> files;
    for (const auto& host : list.hosts) {
        AgentPinglistFile f;
        f.host = host;
        f.tor = list.topology.torOfHost(host);
        f.mode = options.mode;
        f.secret = options.secret;
        f.udpPort = options.udpPort;
        f.rate = options.rate;
        f.intervalS = options.intervalS;
        f.timeoutS = options.timeoutS;
        std::set<std::uint32_t> named;
        auto name = [&](std::uint32_t id) {
            if (named.insert(id).second) {
                const auto& e = list.endpoints[id];
                f.names.push_back({ id, e.name(), e.host, e.tor });
            }
        };
        std::set<std::uint32_t> own;
        if (auto it = list.byHost.find(host); it != list.byHost.end()) {
            for (auto id : it->second) {
                const auto& e = list.endpoints[id];
                if (options.mode == AgentMode::Udp && !e.udp())
                    continue;
                // The agent refuses a netdev that is not a plain interface name, as it does on the controller's line.
                const auto netdev = validateInterfaceName(e.netdev) ? e.netdev : std::string {};
                f.endpoints.push_back({ id, e.device, e.port, e.gidIndex, e.address, netdev });
                own.insert(id);
                name(id);
            }
        }
        for (const auto& p : list.probes) {
            if (!own.contains(p.from) || p.expect != Reason::None || p.from == p.to)
                continue;
            const auto& to = list.endpoints[p.to];
            AgentTarget t;
            t.from = p.from;
            t.to = p.to;
            t.udpPort = options.udpPort;
            if (to.udp()) {
                t.address = to.address;
            } else {
                auto directory = list.udp.find(to.host);
                if (directory == list.udp.end())
                    continue;
                t.address = list.endpoints[directory->second].address;
                t.gid = to.gid;
            }
            f.targets.push_back(std::move(t));
            name(p.to);
        }
        files.push_back(std::move(f));
    }
    return files;
}

} // namespace rp::fabric

// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The standalone agent's pinglist file ("rocepilot-agent-pinglist/1", docs/fabric-api.md): what `rocepilot-cli
// fabric pinglist` writes per host and `rocepilot-probe agent --standalone FILE` reads, so that an agent can run as
// a service with no controller. It holds the run's secret (the file is written 0600), the host's own endpoints,
// its targets with the peers' fixed UDP port, the probing rate and interval, and the names the metrics show. The
// reader is strict and bounded: every problem is one Error naming the file and the JSON path.

#include "error.h"
#include "fabric/agentprotocol.h"
#include "fabric/pinglist.h"

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace rp::fabric {

inline constexpr std::string_view kAgentPinglistSchema = "rocepilot-agent-pinglist/1";
/// A 1 000-host ToR mesh gives each host about 60 targets; these bounds are far above that and still keep a hostile
/// or broken file from making the agent hold more than a few MB.
inline constexpr std::size_t kAgentPinglistMaxBytes = std::size_t { 16 } << 20;
inline constexpr std::size_t kAgentPinglistMaxEndpoints = 4096;
inline constexpr std::size_t kAgentPinglistMaxTargets = 65536;
inline constexpr std::size_t kAgentPinglistMaxNames = 2 * kAgentPinglistMaxTargets;
/// The UDP port every host's agent listens on unless `--port` says otherwise.
inline constexpr int kAgentDefaultUdpPort = 18517;

/// How the metrics name an endpoint the file mentions (the host's own and its targets').
struct AgentPinglistName
{
    std::uint32_t id = 0;
    std::string name; ///< "lab-b:rxe0/1#3", "lab-b:udp"
    std::string host;
    std::string tor; ///< empty: unknown
    bool operator==(const AgentPinglistName&) const = default;
};

struct AgentPinglistFile
{
    std::string host;
    std::string tor;
    AgentMode mode = AgentMode::Udp;
    std::string secret; ///< 32 lower-case hex digits
    int udpPort = kAgentDefaultUdpPort; ///< this host's UDP endpoints listen here (and peers' targets name it)
    double rate = kAgentDefaultRate; ///< probes per second per target
    double intervalS = 5.0; ///< one phase, one result per target
    double timeoutS = 0.5; ///< a later reply is lost
    std::vector<AgentEndpoint> endpoints; ///< the host's own
    /// From one of the host's endpoints to a peer's. UDP: the peer's address and fixed port. RDMA: the peer's GID,
    /// and the address and port of the peer host's UDP endpoint, where its directory says which QPN serves `to`.
    std::vector<AgentTarget> targets;
    std::vector<AgentPinglistName> names; ///< every endpoint id the file mentions
    bool operator==(const AgentPinglistFile&) const = default;

    const AgentPinglistName* nameOf(std::uint32_t id) const;
};

struct AgentPinglistOptions
{
    std::string secret;
    AgentMode mode = AgentMode::Udp;
    int udpPort = kAgentDefaultUdpPort;
    double rate = kAgentDefaultRate;
    double intervalS = 5.0;
    double timeoutS = 0.5;
};

/// One file per host of `list`, in its host order. Cells that fail by design (`Probe::expect`) are left out: a
/// standalone agent has no controller to grey them, and a loss alert must not see them. An RDMA target whose peer
/// host has no UDP endpoint (no directory to ask) is left out too.
std::vector<AgentPinglistFile> makeAgentPinglists(const Pinglist& list, const AgentPinglistOptions& options);

/// The file's text: one JSON document.
std::string encodeAgentPinglist(const AgentPinglistFile& file);

/// Strict: the schema, every key known and typed, values in range, numeric addresses, sysfs GIDs, ids that are
/// named, targets from the host's own endpoints. Errors are Parse or Validation, "FILE: $.targets[3]: ...".
Result<AgentPinglistFile> readAgentPinglist(std::string_view text, const std::string& file);

/// Reads FILE (bounded) and decodes it.
Result<AgentPinglistFile> loadAgentPinglist(const std::string& path);

/// Whether `name` may be a pinglist's file name stem and a systemd instance name: letters, digits, '-', '_', '.',
/// not starting with '.', at most 64 characters.
bool validAgentHostName(std::string_view name);

} // namespace rp::fabric

// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The fabric agent's protocol ("rocepilot.agent", version kAgentProtocolVersion below; docs/fabric-api.md): JSON lines
// over the agent's SSH channel, the probe's framing (perf::LineSplitter, 64 KiB per line). Lists that could outgrow a
// line (targets, cells) go in parts of at most kAgentMaxItems. Both ends decode strictly: unknown types or keys,
// missing or mistyped fields, values out of range and over-long lines are Protocol errors naming the field; decoding
// never throws.
//
//   controller -> agent: hello (run secret, mode, lifetime), serve (endpoints), targets (parts of a pinglist),
//                        start (a phase: duration, interval, rate), stop
//   agent -> controller: ready (served endpoints: UDP port, QPN, or why not), link (its own ports' states, at
//                        the start and on every change), result (cells of one interval), done (a phase ended), error

#include "counters/hostcounters.h"
#include "error.h"
#include "fabric/fabric.h"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace rp::fabric {

/// 2: serve names each endpoint's netdev, and the agent says its own link state (`link`).
/// 3: a result's cells are arrays (`from`, `to`, `sent`, `received`, `rtt_p50_us`, `rtt_p99_us`, `prober_p50_us`,
/// `responder_p50_us`, `reason`), not objects.
/// 4: done carries the host's counters over the phase (`counters`: pause, retransmits, discards, CNPs per second).
/// 5: a result says which of its peers' probes the agent answered late (`held`: its own stall, not the network).
inline constexpr int kAgentProtocolVersion = 5;
/// Targets or cells per line: 256 of the longest (an IPv6 target with its GID, ~200 bytes) stay under 64 KiB.
inline constexpr std::size_t kAgentMaxItems = 256;
/// Endpoint ids index the controller's endpoint table; a fleet of 1 000 hosts with 16 GIDs each stays far below.
inline constexpr std::uint32_t kAgentMaxEndpointId = 1u << 24;
/// The default and the ceiling of probes per second per target (the issue: <= 10 by default).
inline constexpr double kAgentDefaultRate = 10.0;
inline constexpr double kAgentMaxRate = 1000.0;

/// How an agent probes. Udp: UDP endpoints only (hosts without RDMA; every result from them is named "udp", never
/// RDMA). Rdma: a UD QP per RDMA endpoint, and the UDP endpoints beside them (UDP works but RDMA does not).
enum class AgentMode { Udp, Rdma };

std::string_view toString(AgentMode mode); ///< "udp", "rdma"

/// An endpoint's own link as its host sees it: the netdev's operstate and carrier (sysfs), and for RDMA the port's
/// state and whether its GID is still in the table. Unknown: nothing to read (no netdev named, no sysfs).
enum class LinkState { Unknown, Up, Down };

std::string_view toString(LinkState state); ///< "unknown", "up", "down"

/// controller -> agent, first line: the run's secret (every probe packet carries it; packets without it are dropped
/// unanswered), the mode, a lifetime after which the agent exits whatever happens (a hung channel), and how long
/// its stdin may stay silent: a link that drops without closing the connection (a cable, a firewall) leaves sshd
/// waiting for hours, so the agent exits when the controller's lines, keepalives included, stop coming.
struct AgentHello
{
    int protocol = kAgentProtocolVersion;
    std::string secret; ///< 32 lower-case hex digits (128 bits)
    AgentMode mode = AgentMode::Udp;
    double lifetimeS = 600.0;
    double idleS = 0.0; ///< 0: no limit; else the controller sends a line (a keepalive) at least every third of it
    bool operator==(const AgentHello&) const = default;
};

/// One endpoint the agent serves: a responder and a prober on one socket (UDP) or one UD QP (RDMA).
struct AgentEndpoint
{
    std::uint32_t id = 0; ///< index in the controller's endpoint table
    std::string device; ///< "udp" or the RDMA device
    int port = 0; ///< RDMA port number; 0 for UDP
    int gidIndex = -1; ///< -1 for UDP
    std::string address; ///< numeric IPv4/IPv6: what a UDP endpoint binds to
    std::string netdev; ///< the netdev the address is on (its link state is read there); empty: unknown
    bool operator==(const AgentEndpoint&) const = default;
};

struct AgentServe
{
    std::vector<AgentEndpoint> endpoints;
    bool operator==(const AgentServe&) const = default;
};

/// One directed cell to probe: from one of the agent's endpoints to a peer's, with where the peer listens.
struct AgentTarget
{
    std::uint32_t from = 0;
    std::uint32_t to = 0;
    std::string address; ///< the peer's numeric address (UDP destination; RDMA: informative)
    int udpPort = 0; ///< UDP mode: the peer's port from its ready
    std::string gid; ///< RDMA mode: the peer's GID (sysfs form), for the address handle
    std::uint32_t qpn = 0; ///< RDMA mode: the peer's UD QP number
    std::uint32_t qkey = 0;
    bool operator==(const AgentTarget&) const = default;
};

/// A part of a phase's pinglist; the parts of one phase share `phase` and are followed by its start.
struct AgentTargets
{
    std::uint64_t phase = 0;
    std::vector<AgentTarget> targets;
    bool operator==(const AgentTargets&) const = default;
};

/// Probes the phase's targets for `durationS`, a result per target every `intervalS` (0: one at the end), at
/// `rate` probes per second per target; replies later than `timeoutS` count as lost.
struct AgentStart
{
    std::uint64_t phase = 0;
    double durationS = 2.0;
    double intervalS = 0.0;
    double rate = kAgentDefaultRate;
    double timeoutS = 0.5;
    bool operator==(const AgentStart&) const = default;
};

struct AgentStop
{
    bool operator==(const AgentStop&) const = default;
};

/// controller -> agent: nothing to do, the controller is still there (see AgentHello::idleS).
struct AgentKeepalive
{
    bool operator==(const AgentKeepalive&) const = default;
};

/// One served endpoint as it came up: the UDP port it listens on, or its QP; `error` says why it could not.
struct AgentReadyEndpoint
{
    std::uint32_t id = 0;
    int udpPort = 0;
    std::uint32_t qpn = 0;
    std::uint32_t qkey = 0;
    Reason reason = Reason::None; ///< empty-slot for a GID slot that is empty now; else None
    std::string error; ///< non-empty: the endpoint is not served
    bool operator==(const AgentReadyEndpoint&) const = default;
};

struct AgentReady
{
    int protocol = kAgentProtocolVersion;
    std::string version; ///< the probe's version
    AgentMode mode = AgentMode::Udp;
    std::vector<AgentReadyEndpoint> endpoints;
    /// The agent's process id on its host (0: not said): a phase's late agent is looked up by it over a new SSH
    /// connection, to tell one that is stopped or gone from one that is only slow.
    int pid = 0;
    bool operator==(const AgentReady&) const = default;
};

/// One served endpoint's link now. For RDMA, `gidIndex` is where its GID sits now (a port that bounced may have put
/// it elsewhere: the agent rebinds its QP there, keeping its QPN when it can) and `qpn` the QP peers reach it at.
struct AgentLinkEndpoint
{
    std::uint32_t id = 0;
    LinkState state = LinkState::Unknown;
    int gidIndex = -1; ///< -1 for UDP, or while the GID is not in the table
    std::uint32_t qpn = 0; ///< 0 for UDP
    std::string detail; ///< what was read ("data0 operstate down, carrier 0", "rxe0/1 port DOWN")
    bool operator==(const AgentLinkEndpoint&) const = default;
};

/// In a link detail: the endpoint's GID is gone from its port's table (its address changed or moved): the words a
/// watch re-discovers the host on (ControllerOptions::rediscover).
inline constexpr std::string_view kGidLeftTable = "is no longer in";

/// agent -> controller: its endpoints' links, sent once after ready and again (all of them) whenever one changes.
/// It travels over the SSH channel, not the probed link, so a port that is down is still reported.
struct AgentLink
{
    std::vector<AgentLinkEndpoint> endpoints;
    bool operator==(const AgentLink&) const = default;
};

/// One target over one interval, as the agent measured it.
struct AgentCell
{
    std::uint32_t from = 0;
    std::uint32_t to = 0;
    std::uint32_t sent = 0;
    std::uint32_t received = 0;
    double rttP50Us = 0.0; ///< network round trip: the responder's delay taken out
    double rttP99Us = 0.0;
    double proberDelayP50Us = 0.0;
    double responderDelayP50Us = 0.0;
    Reason reason = Reason::None;
    bool operator==(const AgentCell&) const = default;
};

/// Peers' probes towards one of this agent's endpoints that it answered late: read right after the agent could not
/// run for a while, or held on its host (kernel receive to reply) half the probe timeout or more. Their probers may
/// have counted them lost; the controller excuses no more than these as the host's delay. Probes that never reached
/// the host are not here: they are the network's loss, however busy the host was.
struct AgentHeld
{
    std::uint32_t from = 0; ///< the prober's endpoint
    std::uint32_t to = 0; ///< this agent's endpoint that answered
    std::uint32_t count = 0;
    bool operator==(const AgentHeld&) const = default;
};

/// A part of one interval's cells; `last` ends the interval.
struct AgentResult
{
    std::uint64_t phase = 0;
    double tS = 0.0; ///< the interval's start, seconds since the phase started
    double intervalS = 0.0;
    double stalledS = 0.0; ///< how long this agent could not run from the interval's start until it was sent
    std::vector<AgentCell> cells;
    std::vector<AgentHeld> held; ///< at most kAgentMaxItems per part, like cells; absent on the wire when empty
    bool last = true;
    bool operator==(const AgentResult&) const = default;
};

struct AgentDone
{
    std::uint64_t phase = 0;
    double cpuPercent = 0.0; ///< the agent's CPU over the phase, of one core
    double rate = 0.0; ///< the probes per second per target it used: below the asked rate on a loaded host
    /// The host's RoCE counters over the phase, summed over the ports and netdevs it serves; absent when it has none
    /// (veth, a NIC without RoCE counters).
    std::optional<counters::HostCounters> counters;
    bool operator==(const AgentDone&) const = default;
};

struct AgentError
{
    ErrorKind kind = ErrorKind::Internal;
    std::string message;
    std::string where;
    bool operator==(const AgentError&) const = default;
};

using AgentMessage = std::variant<AgentHello, AgentServe, AgentTargets, AgentStart, AgentStop, AgentKeepalive,
    AgentReady, AgentResult, AgentDone, AgentError, AgentLink>;

/// One line, newline included. A message over kAgentMaxItems items is the caller's mistake: split it first.
std::string encodeAgent(const AgentMessage& message);
/// One line (a trailing '\n' or "\r\n" allowed). Anything but a well-formed message is a Protocol error.
Result<AgentMessage> decodeAgentLine(std::string_view line);

/// Whether the secret is 32 lower-case hex digits.
bool validAgentSecret(std::string_view secret);
/// Numeric IPv4 or IPv6 only (no names: the agent resolves nothing).
bool validNumericAddress(std::string_view address);
/// A GID in sysfs form: eight groups of four hex digits.
bool validGidText(std::string_view gid);

} // namespace rp::fabric

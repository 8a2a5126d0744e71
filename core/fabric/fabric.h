// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The fabric check's values (docs/fabric-api.md): what the controller probes (endpoints), what a probe said (cells),
// where a fault can sit (elements) and what the controller concluded (findings). The GUI, the metrics endpoint and
// the report read these and nothing else; the controller never formats for them.

#include "diagnose/diagnose.h"
#include "model/model.h"

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace rp::fabric {

using Clock = std::chrono::system_clock;

/// One probing address: a (host, GID), or a host's UDP prober (`device == "udp"`, no GID), which every result
/// names as "udp", never as RDMA.
struct Endpoint
{
    std::string host;
    std::string device; ///< rxe0, mlx5_0, or "udp"
    int port = 0;
    int gidIndex = -1; ///< -1 for a UDP endpoint
    std::string gid; ///< sysfs form; empty for UDP
    std::string address; ///< IPv4 or IPv6 the GID encodes (UDP: the host's data address)
    std::optional<int> vlan;
    std::string tor; ///< from the topology; empty when unknown
    GidType type = GidType::Unknown;
    std::string netdev; ///< the GID's netdev (UDP: the netdev its address is on)
    std::string subnet; ///< "198.18.0.0/24" for an IPv4 GID whose prefix discovery saw; else empty
    bool linkLocal = false;
    bool empty = false; ///< an all-zero slot: listed so the matrix can show it, never expected to work

    bool udp() const { return device == "udp"; }
    /// "lab-b:rxe0/1#3", "lab-b:udp": how logs, evidence and views name it.
    std::string name() const;
    /// "lab-b:rxe0/1": the port, the host-nic element's name.
    std::string portName() const;
};

/// Why a cell did not work. None: it worked.
enum class Reason {
    None,
    Timeout,
    RoceVersion,
    OtherSubnet,
    LinkLocal,
    EmptySlot,
    PortBlocked,
    Mtu,
    AgentDown,
    HostBusy,
};

/// An agent late with a phase whose process still runs is its host's load (host-busy) this many phases in a row at
/// most, then a hung agent (agent-down).
inline constexpr int kLatePhases = 3;

std::string_view toString(Reason reason); ///< "" for None, else "timeout", "roce-version", ...
std::optional<Reason> reasonFromString(std::string_view text);

/// Where a fault can sit. HostBusy is a host that answers late (CPU, locks): a host problem, never the network.
enum class ElementKind {
    HostNic,
    HostAgent,
    HostConfig,
    AccessLink,
    Tor,
    Uplink,
    HostBusy,
};

std::string_view toString(ElementKind kind); ///< "host-nic", "host-agent", ... "host-busy"
std::optional<ElementKind> elementKindFromString(std::string_view text);

struct Element
{
    ElementKind kind = ElementKind::HostNic;
    std::string name; ///< "lab-b:rxe0/1", "lab-b", "lab-b<->leaf1", "leaf1", "leaf1<->spine"
    bool operator==(const Element&) const = default;
    auto operator<=>(const Element&) const = default;
};

/// One directed (source GID, destination GID) cell over one interval. `from`/`to` index the round's endpoint table
/// (Pinglist::endpoints); from == to is the host's loopback.
struct CellResult
{
    std::uint32_t from = 0;
    std::uint32_t to = 0;
    Clock::time_point intervalStart {};
    double intervalSeconds = 0.0;
    std::uint32_t sent = 0; ///< probes that count: hostLate ones are not among them
    std::uint32_t received = 0;
    /// Probes unanswered in time while the responder's agent reported itself stalled (a saturated CPU, a paused VM):
    /// the host's delay, not loss, so they are taken out of `sent` and counted here.
    std::uint32_t hostLate = 0;
    double rttP50Us = 0.0; ///< network round trip, host delays taken out
    double rttP99Us = 0.0;
    double proberDelayP50Us = 0.0;
    double responderDelayP50Us = 0.0;
    Reason reason = Reason::None;
    bool expected = false; ///< fails by design (a v1 or link-local GID towards a v2 peer): views grey it
    bool secondPass = false; ///< probed by the second pass of the round

    bool failed() const { return reason != Reason::None || (sent > 0 && received == 0); }
    std::uint32_t lost() const { return sent > received ? sent - received : 0; }
};

/// The cells of one directed host pair (or ToR pair) folded into what matrix views and metrics show above 64 hosts.
struct PairSummary
{
    std::string fromHost;
    std::string toHost;
    std::size_t cells = 0;
    std::size_t cellsFailed = 0; ///< failed against expectation
    std::size_t cellsExpectedBad = 0;
    Reason worstReason = Reason::None; ///< the worst unexpected reason, else the worst expected one
    double lossPercent = 0.0; ///< over cells expected to work
    double rttP99Us = 0.0; ///< the highest p99 of a working cell
};

struct TorSummary
{
    std::string fromTor;
    std::string toTor;
    std::size_t cells = 0;
    std::size_t cellsFailed = 0;
    std::size_t cellsExpectedBad = 0;
    Reason worstReason = Reason::None;
    double lossPercent = 0.0;
    double rttP99Us = 0.0;
};

/// Another element that explains the same cells, with its share of the belief.
struct Alternative
{
    Element element;
    double confidence = 0.0;
};

/// A troubleshooter finding (rule id "fabric.*") placed on one element of the fabric.
struct FabricFinding
{
    diag::Finding finding;
    Element element;
    ElementKind klass = ElementKind::HostNic; ///< the same word as element.kind
    double confidence = 0.0; ///< 0..1: this element's share among those that explain the cells
    std::vector<Alternative> alternatives; ///< the next likeliest elements, best first
    std::vector<CellResult> evidenceCells; ///< cells that failed, then second-pass cells that worked
    Clock::time_point firstSeen {};
    Clock::time_point lastSeen {};
    std::vector<std::string> because; ///< troubleshooter findings that explain the cells ("gid.roce-version@lab-b")

    /// Stable across rounds: "access-link:lab-b<->leaf1".
    std::string id() const;
};

/// Findings above info: what makes a fabric not ready (a stalled or busy host is a note, not a fault).
std::size_t faultCount(const std::vector<FabricFinding>& findings);

struct RoundInfo
{
    std::uint64_t round = 0;
    Clock::time_point started {};
    std::size_t endpoints = 0;
    std::size_t cellsPlanned = 0;
};

struct RoundSummary
{
    std::uint64_t round = 0;
    Clock::time_point started {};
    double seconds = 0.0;
    std::size_t cellsProbed = 0;
    std::size_t cellsFailed = 0; ///< against expectation
    std::vector<FabricFinding> findings;
};

enum class AgentState { Starting, Up, Down, Stopped };

std::string_view toString(AgentState state); ///< "starting", "up", "down", "stopped"

/// Live events. Called from the controller's thread; an observer never blocks it (the GUI worker re-posts, the
/// metrics endpoint takes a lock and keeps the newest values).
class FabricObserver
{
public:
    virtual ~FabricObserver() = default;
    virtual void roundStarted(const RoundInfo&) { }
    virtual void cells(const std::vector<CellResult>&) { } ///< in batches, at most every 250 ms
    virtual void findingRaised(const FabricFinding&) { } ///< also when confidence or evidence changed
    virtual void findingCleared(const std::string& /*id*/) { }
    virtual void agentState(const std::string& /*host*/, AgentState, const std::string& /*detail*/) { }
    virtual void roundFinished(const RoundSummary&) { }
};

} // namespace rp::fabric

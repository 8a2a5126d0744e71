// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Internals shared by the rule files of the troubleshooter; not part of its API.

#include "diagnose/diagnose.h"
#include "diagnose/fix.h"

#include <functional>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

namespace rp::diag::detail {

/// One address a RoCE port can be reached on: the port, the netdev carrying the address (the port's netdev or
/// one of its VLANs) and the GIDs that encode that address.
struct Endpoint
{
    std::size_t host = 0;
    const RdmaDevice* device = nullptr;
    const RdmaPort* port = nullptr;
    std::string netdev; ///< carries the address
    std::string physNetdev; ///< the port's own netdev (a VLAN's parent)
    std::optional<int> vlan;
    std::string address;
    int prefix = 24;
    bool prefixKnown = false;
    const GidEntry* v2 = nullptr;
    const GidEntry* v1 = nullptr;
};

struct Segment
{
    std::string key; ///< "198.18.0.0/24" (+ " vlan 2")
    std::vector<std::size_t> endpoints;
};

class Context
{
public:
    Context(const FabricSnapshot& snapshot, const DiagnoseOptions& options);

    const FabricSnapshot& snap;
    const DiagnoseOptions& opts;
    std::vector<Endpoint> endpoints;
    std::vector<Segment> segments;
    std::vector<Finding> findings;
    std::map<std::string, bool> evaluated; ///< check -> some data was there to judge it
    std::map<std::string, std::string> missing; ///< check -> what would be needed (when never evaluated)
    /// rule|host|subject already reported: a setting of one netdev or device that differs in several subnets
    /// (its untagged and VLAN addresses) is one finding, not one per subnet.
    std::set<std::string> reported;
    std::vector<PortVerdict> verdicts; ///< rulesPorts: the GID index to use per RoCE port

    const DiagHost& host(std::size_t i) const { return snap.hosts[i]; }
    const DiagHost& hostOf(const Endpoint& e) const { return snap.hosts[e.host]; }
    std::string label(const Endpoint& e) const; ///< "lab-a:rxe0/1"
    const Netdev* netdev(const DiagHost& h, const std::string& name) const;
    /// The physical netdev whose DCB state applies to an endpoint.
    const Netdev* dcbNetdev(const Endpoint& e) const;

    std::string whereGid(const DiagHost& h, const std::string& dev, int port, int index, bool type) const;
    std::string whereNetdev(const DiagHost& h, const std::string& netdev, const std::string& what) const;
    std::string whereDcb(const DiagHost& h, const std::string& netdev) const;
    Evidence ev(const DiagHost& h, std::string subject, std::string value, std::string where) const;

    void markEvaluated(const std::string& check) { evaluated[check] = true; }
    void needs(const std::string& check, const std::string& data);

    /// Fix profile (given or preset) and the sentence saying which.
    Profile fixBase;
    std::string fixWhy;
    std::vector<Fix> fixHost(const Endpoint& e, const std::vector<std::string>& keys,
        const std::function<void(Profile&)>& adjust, const std::string& extraWhy = {}) const;
};

/// A value per endpoint in one segment; the rule decides what differing means.
struct Vote
{
    std::size_t endpoint = 0;
    std::string value;
    Evidence evidence;
};

struct CompareSpec
{
    std::string ruleId;
    std::string check;
    std::string title;
    Severity severity = Severity::Error;
    std::string explanation;
    std::vector<std::string> keys; ///< generator setting keys of the fix
    /// Set the profile so that the generator produces `value` for this setting.
    std::function<void(Profile&, const std::string& value)> adjust;
};

/// Compare votes within a segment: nothing when all agree; else each host that differs from the majority
/// (or, without one, from the profile / the first host) gets a finding with both sides' evidence.
void compareInSegment(Context& ctx, const Segment& segment, const std::vector<Vote>& votes, const CompareSpec& spec,
    const std::optional<std::string>& profileValue);

void rulesPorts(Context& ctx);
/// GID checks across hosts that need every port's verdict (rulesPorts runs first).
void rulesGidAcrossHosts(Context& ctx);
void rulesAppLog(Context& ctx);
void rulesAppSetup(Context& ctx);
/// What a container may open: the devices sysfs shows it against its /dev/infiniband nodes.
void rulesContainer(Context& ctx);
/// UCX endpoint lanes that pair a device with the peer's other one (two fabrics).
void rulesLanes(Context& ctx);
/// "NCCL", "UCX", ... for an application log family: how findings name the program.
std::string familyName(const std::string& family);
/// A log fact whose cause rulesAppSetup names (a missing provider, a device node not in the container, NCCL over
/// sockets): the generic no-device finding leaves it to that rule.
bool appSetupExplains(const DiagHost& h, const AppLogEvent& e);
/// The host's log says its RDMA is EFA: GID-index judgements of its log lines do not apply.
bool appLogShowsEfa(const DiagHost& h);
void rulesGid(Context& ctx);
void rulesQos(Context& ctx);
void rulesMtu(Context& ctx);
void rulesCounters(Context& ctx);
void rulesTests(Context& ctx);
void rulesSwitch(Context& ctx);
void rulesSwitchQueues(Context& ctx);
void rulesLinks(Context& ctx);
void rulesWindows(Context& ctx);

/// Where a switch port's value was read: "file:line (vendor `command`)"; `line` when the value has its own line.
std::string portWhere(const SwitchPortQos& p, int line = 0);
/// When it was read: the live read's time, or "as pasted".
std::string portWhen(const SwitchPortQos& p);

std::string joinInts(const std::vector<int>& v);
/// How many of a RoCE port's first GID indexes are the kernel's default GIDs (link-local, made from the MAC): one per
/// RoCE version the device offers. 2 on ConnectX (mlx5) and Broadcom (bnxt_re), which offer v1 and v2; 1 on
/// Soft-RoCE (rxe, v2 only) and on a device the name does not tell (index 0 is a default GID on every RoCE device).
int defaultGidCount(std::string_view device);
/// What the default GIDs are, for a finding's explanation: "index 0 (and 1 on mlx5) ...".
std::string defaultGidText(std::string_view device);
std::string pfcList(const std::array<bool, 8>& pfc);

} // namespace rp::diag::detail

// SPDX-License-Identifier: GPL-3.0-or-later
// Rules on what tests printed (perftest, ibv_rc_pingpong, qperf) and on the measured reachability matrix:
// each failure becomes a finding; a GID index a test used is checked against that host's own table (M2);
// "index 1 fails, index 3 works" comes from the probe's RDMA pings, not from a guess; a blocked test port (M20).
#include "diagnose/context.h"

#include <algorithm>
#include <map>
#include <optional>
#include <set>
#include <tuple>

namespace rp::diag::detail {

namespace {

struct FailureText
{
    const char* failure;
    const char* ruleId;
    const char* check;
    const char* title;
    const char* explanation;
};

constexpr FailureText kFailures[] = {
    { "connect", "test.connect", "M20", "The test could not connect to its peer",
        "The test's setup connection did not get through. perftest and ibv_rc_pingpong first exchange QP numbers and "
        "GIDs over TCP (port 18515 unless -p says otherwise); rdma_cm (-R) resolves the peer's address first. "
        "A firewall rule on either host (or an ACL) blocking that port, a server that is not running yet, or a wrong "
        "address gives this error." },
    { "rtr", "test.modify-qp", "M2", "Moving the QP to RTR failed",
        "The QP could not be set up to receive from the peer. On RoCE this almost always means the GID index (or "
        "address) does not fit: the index points at an empty slot, a link-local or RoCE v1 GID, a GID on another "
        "VLAN, or the path MTU asked for is larger than the port's active MTU." },
    { "retry-exceeded", "test.retry-exceeded", "M2", "Transport retry counter exceeded",
        "The QP was set up but its packets never got an answer: the sender gave up after its retries. The usual "
        "causes: the two sides use GIDs that cannot reach each other (different subnets or VLANs, link-local, RoCE v1 "
        "vs v2), RoCE's UDP port 4791 is blocked by a firewall on one host, or packets are dropped on a lossy path." },
    { "grh-required", "test.grh-required", "M2", "GRH required but not given",
        "On RoCE every packet needs a global route header, i.e. a GID. A test run without a GID index (or with one "
        "for an empty slot) fails this way; give the index of the RoCE v2 GID of the address to use." },
    { "mtu", "test.mtu", "M13", "The test's MTU does not fit",
        "The MTU the test asked for is larger than the active MTU of a port, or the two sides disagree. Make the "
        "netdev MTUs agree or leave -m out so the active MTU is used." },
    { "completion-error", "test.completion-error", "M13", "Work completions with errors",
        "Operations completed with an error status. Large messages failing while small ones work point at an MTU "
        "mismatch on the path; otherwise the status names the cause." },
    { "teardown", "test.teardown", "", "The test completed; the error after its results is its teardown",
        "perftest printed its results, then an error while closing the connection. With rdma_cm (-R) both sides "
        "disconnect at the end; on iWARP the client's rdma_disconnect sends a FIN (or a reset) that moves the server's "
        "QP out of RTS, so the server's own rdma_disconnect then fails on a QP that is already idle (\"Failed to "
        "disconnect RDMA CM connection\", \"Connection reset by peer\"). The numbers above it are valid: benign, "
        "unless it appears before any result row." },
    { "port-down", "test.port-down", "", "The port the test was given is not active",
        "perftest checks the port before it starts and stops when its state is not ACTIVE: the test never ran, and "
        "\"Couldn't set the link layer\" / \"Couldn't get context for the device\" after it say the same. Without -d "
        "perftest takes the first RDMA device the host lists and port 1 unless -i says otherwise, which may be a port "
        "that is not cabled or not the RoCE one. On Ethernet (RoCE) DOWN is the netdev's link (cable, switch port, "
        "`ip link set IF up`); on InfiniBand DOWN is the cable or switch port, and INIT or ARMED is a port that no "
        "subnet manager has brought up." },
    { "other", "test.failed", "", "The test failed", "The test printed an error; see the evidence." },
};

const FailureText& failureText(const std::string& failure)
{
    for (const auto& f : kFailures)
        if (failure == f.failure)
            return f;
    return kFailures[std::size(kFailures) - 1];
}

const GidEntry* gidAt(const DiagHost& h, const std::string& device, int index)
{
    for (const auto& d : h.facts.devices) {
        if (!device.empty() && d.name != device)
            continue;
        for (const auto& p : d.ports)
            for (const auto& g : p.gids)
                if (g.index == index)
                    return &g;
    }
    return nullptr;
}

/// The paste shows a GID table of `device` (ibv_devinfo without -v, ibstat show its ports but no table): only then
/// does a missing index mean an empty slot.
bool gidsListed(const DiagHost& h, const std::string& device)
{
    for (const auto& d : h.facts.devices)
        if (device.empty() || d.name == device)
            for (const auto& p : d.ports)
                if (!p.gidsUnlisted)
                    return true;
    return false;
}

/// Index of the RoCE v2 IPv4 GID a host should use on `device` (the first, untagged preferred).
std::optional<int> goodIndex(const Context& ctx, const DiagHost& h, const std::string& device)
{
    std::optional<int> best;
    bool bestTagged = true;
    for (const auto& e : ctx.endpoints) {
        if (&ctx.hostOf(e) != &h || (!device.empty() && e.device->name != device) || !e.v2
            || e.v2->type != GidType::RoceV2)
            continue;
        bool tagged = e.vlan.has_value();
        if (!best || (bestTagged && !tagged) || (tagged == bestTagged && e.v2->index < *best)) {
            best = e.v2->index;
            bestTagged = tagged;
        }
    }
    return best;
}

/// Which port to give the test instead: the states of every device's ports, then -d/-i of an ACTIVE one.
Fix portDownFix(const DiagHost& h, const TestOutcome& t)
{
    // perftest prints the port's number, not its device: the device is the one of -d, else the first listed.
    auto port = t.message.substr(std::min(t.message.find("number "), t.message.size()));
    std::string number;
    for (char c : port.substr(std::min<std::size_t>(7, port.size())))
        if (c >= '0' && c <= '9')
            number += c;
        else
            break;
    Fix fix;
    fix.target = h.name;
    fix.platform = "linux";
    fix.text
        = "ibv_devinfo | grep -e hca_id -e 'port:' -e state -e link_layer   # every device's ports and their state\n"
          "rdma link show   # the netdev behind each port and its state\n"
        + t.tool + " -d DEV -i PORT ...   # a DEV/PORT whose state is PORT_ACTIVE"
        + (number.empty() || number == "1" ? std::string() : " (this run used port " + number + ")") + "\n"
        + "ip link set IF up   # RoCE: bring the port's netdev up (and check its cable and switch port)";
    fix.origin = "perftest opens the device of -d (else the first one listed) and port -i (else 1)";
    return fix;
}

/// The test ran on an Ethernet link layer: what perftest printed, or the host's device as read.
bool onRoce(const DiagHost& h, const TestOutcome& t)
{
    // iWARP runs over Ethernet too ("Link type: Ethernet"), but over TCP: no RoCE GID table, version or PFC class.
    if (t.transportType == "IW")
        return false;
    if (t.linkLayer == "Ethernet" || t.device.starts_with("rxe"))
        return true;
    return std::ranges::any_of(h.facts.devices, [&](const RdmaDevice& d) {
        return (t.device.empty() || d.name == t.device) && d.transport == Transport::RoCE;
    });
}

/// A test that ran on an iWARP device: said once per device as port.not-roce does for a listed one, unless the host's
/// listing already says it.
void iwarpTest(Context& ctx, const DiagHost& h, const TestOutcome& t, const std::string& where)
{
    const std::string device = t.device.empty() ? std::string("the test's device") : t.device;
    if (!ctx.reported.insert("port.not-roce|" + h.name + "|" + device).second
        || std::ranges::any_of(ctx.findings, [&](const Finding& f) {
               return f.ruleId == "port.not-roce" && !f.hosts.empty() && f.hosts.front() == h.name
                   && f.title.starts_with(device + " ");
           }))
        return;
    Finding f;
    f.ruleId = "port.not-roce";
    f.title = device + " is not a RoCE device";
    f.severity = Severity::Info;
    f.hosts = { h.name };
    if (!t.device.empty())
        f.ports = { h.name + ":" + t.device };
    f.evidence.push_back(Evidence { h.name, t.tool + " Transport type", "IW (iWARP)", where, h.readAt });
    f.explanation = h.name + "'s " + device + " is an iWARP device (" + t.tool
        + " says Transport type IW): RDMA over TCP, connected through rdma_cm, its "
          "GIDs made from the MAC address. What RoCE Pilot says about GID indexes, RoCE versions, PFC, trust and DSCP "
          "is for RoCE ports: it does not apply to this device.";
    ctx.findings.push_back(std::move(f));
}

/// perftest printed its own GID as all zeros: the index it was given is an empty slot, whatever the table says.
void zeroGid(Context& ctx, const DiagHost& h, const TestOutcome& t, const std::string& where)
{
    const int index = t.gidIndex.value_or(0);
    const std::string dev = t.device.empty() ? std::string("DEV") : t.device;
    Finding f;
    f.ruleId = "test.gid-zero";
    f.check = "M2";
    f.title = t.tool + " ran with an empty GID: index " + std::to_string(index) + " of "
        + (t.device.empty() ? std::string("its device") : t.device) + " holds no GID";
    f.severity = Severity::Error;
    f.hosts = { h.name };
    if (!t.device.empty())
        f.ports = { h.name + ":" + t.device };
    f.evidence.push_back(Evidence { h.name, t.tool + " local GID", t.localGid + " (all zeros)",
        h.source == "paste" ? h.origin + ":" + std::to_string(t.localGidLine ? t.localGidLine : t.line) : where,
        h.readAt });
    f.evidence.push_back(Evidence { h.name, t.tool + " GID index", std::to_string(index), where, h.readAt });
    f.explanation = "The test printed its own GID as all zeros: GID index " + std::to_string(index)
        + " is an empty slot, so no peer can address this side and the connection fails (RTR, or no answer). A RoCE "
          "GID table fills from the port's netdev and its addresses. All zeros at index 0, where every RoCE port has "
          "its default GID, means the netdev is not there for this process: in a container or pod the table holds "
          "only the GIDs of netdevs in its network namespace, so a pod without the RDMA NIC's network (a macvlan or "
          "SR-IOV secondary network) sees zeros; on a host the netdev is gone or the Soft-RoCE device was made on "
          "another one.";
    Fix fix;
    fix.target = h.name;
    fix.platform = "linux";
    fix.text = "grep . /sys/class/infiniband/" + dev + "/ports/*/gids/* /sys/class/infiniband/" + dev
        + "/ports/*/gid_attrs/ndevs/* 2>/dev/null   # which indexes hold a GID, on which netdev\n"
          "# Kubernetes: attach the RDMA NIC's network to the pod (macvlan or SR-IOV network attachment), then use "
          "the index of its RoCE v2 GID";
    fix.origin = "the GID table fills from the netdevs in the process's network namespace";
    f.fixes.push_back(std::move(fix));
    ctx.findings.push_back(std::move(f));
}

void ruleTestOutcomes(Context& ctx)
{
    for (const auto& h : ctx.snap.hosts) {
        for (const auto& t : h.tests) {
            std::string where = h.source == "paste" ? h.origin + ":" + std::to_string(t.line) : h.origin;
            if (t.failure == "connect")
                ctx.markEvaluated("M20");
            // The test's failure line is the symptom; a GID finding of the same test is its cause and goes first.
            const std::size_t failureAt = ctx.findings.size();
            auto causeFirst = [&] {
                if (ctx.findings.size() > failureAt + 1)
                    std::rotate(ctx.findings.begin() + static_cast<std::ptrdiff_t>(failureAt),
                        ctx.findings.begin() + static_cast<std::ptrdiff_t>(failureAt + 1), ctx.findings.end());
            };
            // A device name the host does not have is told by applog.device-name, from the same line.
            if (!t.failure.empty() && t.failure != "device") {
                const auto& ft = failureText(t.failure);
                Finding f;
                f.ruleId = ft.ruleId;
                f.check = ft.check;
                f.title = std::string(ft.title) + " (" + t.tool + ")";
                f.severity = t.failure == "teardown" ? Severity::Info : Severity::Error;
                f.hosts = { h.name };
                if (!t.device.empty())
                    f.ports = { h.name + ":" + t.device };
                f.evidence.push_back(Evidence { h.name, t.tool + " output", t.message, where, h.readAt });
                if (t.gidIndex)
                    f.evidence.push_back(
                        Evidence { h.name, t.tool + " GID index", std::to_string(*t.gidIndex), where, h.readAt });
                if (t.mtu)
                    f.evidence.push_back(Evidence { h.name, t.tool + " MTU", std::to_string(*t.mtu), where, h.readAt });
                f.explanation = ft.explanation;
                if (t.failure == "port-down")
                    f.fixes.push_back(portDownFix(h, t));
                ctx.findings.push_back(std::move(f));
            }
            // An iWARP device (perftest's "Transport type: IW"): RoCE's GID and QoS advice does not apply to it.
            if (t.transportType == "IW") {
                iwarpTest(ctx, h, t, where);
                continue;
            }
            // The GID index the test used, against this host's table.
            if (!t.gidIndex || *t.gidIndex < 0)
                continue;
            ctx.markEvaluated("M2");
            const GidEntry* g = gidAt(h, t.device, *t.gidIndex);
            auto good = goodIndex(ctx, h, t.device);
            std::string problem;
            if (!g && !t.localGid.empty() && t.localGid.find_first_not_of("0:") == std::string::npos) {
                zeroGid(ctx, h, t, where);
                causeFirst();
                continue;
            }
            if (!g && gidsListed(h, t.device))
                problem = "slot " + std::to_string(*t.gidIndex) + " is empty in this host's GID table";
            else if (!g && *t.gidIndex < defaultGidCount(t.device) && onRoce(h, t))
                problem = "index " + std::to_string(*t.gidIndex) + " is a default GID of the port, link-local. "
                    + defaultGidText(t.device)
                    + " A link-local GID routes nowhere: give the test the index of the RoCE v2 GID of the port's "
                      "IPv4 address (show_gids)";
            else if (g && g->linkLocal)
                problem = "GID[" + std::to_string(*t.gidIndex) + "] is link-local (" + g->gid
                    + "), which does not route between hosts";
            else if (g && g->type == GidType::IbRoceV1)
                problem = "GID[" + std::to_string(*t.gidIndex) + "] is a RoCE v1 GID";
            else if (g && good && *good != *t.gidIndex && g->ipv4.empty())
                problem = "GID[" + std::to_string(*t.gidIndex) + "] carries no IPv4 address";
            if (problem.empty())
                continue;
            Finding f;
            f.ruleId = "test.gid-index";
            f.check = "M2";
            f.title = t.tool + " used GID index " + std::to_string(*t.gidIndex) + ", which does not fit this host";
            f.severity = t.failure.empty() ? Severity::Warning : Severity::Error;
            f.hosts = { h.name };
            f.evidence.push_back(
                Evidence { h.name, t.tool + " GID index", std::to_string(*t.gidIndex), where, h.readAt });
            if (g)
                f.evidence.push_back(Evidence { h.name,
                    (t.device.empty() ? std::string("GID") : t.device + " GID") + "[" + std::to_string(*t.gidIndex)
                        + "]",
                    g->gid + " " + toString(g->type) + (g->netdev.empty() ? "" : " " + g->netdev), h.origin,
                    h.readAt });
            f.explanation = problem + ". "
                + (good ? "This host's RoCE v2 IPv4 GID is at index " + std::to_string(*good) + "." : std::string());
            if (good) {
                Fix fix;
                fix.target = h.name;
                fix.platform = "application";
                fix.text
                    = t.tool + " -x " + std::to_string(*good) + (t.device.empty() ? "" : " -d " + t.device) + " ...";
                fix.origin = "this host's own GID table: the RoCE v2 IPv4 GID";
                f.fixes.push_back(std::move(fix));
            }
            ctx.findings.push_back(std::move(f));
            causeFirst();
        }
    }
}

void ruleReachability(Context& ctx)
{
    if (!ctx.snap.activeChecksRun && ctx.snap.reachability.empty()) {
        ctx.needs("M20",
            "a test output that failed to connect, or the active checks (diagnose --active): the probe's "
            "RDMA ping per GID index and a TCP connect to the test port");
        return;
    }
    std::map<std::pair<std::string, std::string>, std::vector<const ReachResult*>> pairs;
    for (const auto& r : ctx.snap.reachability)
        pairs[{ r.from, r.to }].push_back(&r);
    for (auto& [pair, results] : pairs) {
        ctx.markEvaluated("M20");
        std::vector<const ReachResult*> rdmaOk, rdmaFail, tcpFail, tcpOk;
        for (auto r : results) {
            bool tcp = r->what.starts_with("tcp");
            (tcp ? (r->ok ? tcpOk : tcpFail) : (r->ok ? rdmaOk : rdmaFail)).push_back(r);
        }
        if (!rdmaOk.empty() || !rdmaFail.empty())
            ctx.markEvaluated("M2");
        auto evidenceOf = [](const ReachResult* r) {
            return Evidence { r->from,
                r->what + " " + r->from + " -> " + r->to
                    + (r->gidIndex
                            ? " GID index " + std::to_string(*r->gidIndex) + (r->gid.empty() ? "" : " (" + r->gid + ")")
                            : ""),
                std::string(r->ok ? "ok" : "failed") + (r->detail.empty() ? "" : ": " + r->detail),
                "measured by rocepilot-probe", r->when };
        };
        if (!rdmaFail.empty() && !rdmaOk.empty()) {
            Finding f;
            f.ruleId = "reach.gid-index";
            f.check = "M2";
            std::string failing, working;
            for (auto r : rdmaFail)
                failing += (failing.empty() ? "" : ", ") + std::to_string(r->gidIndex.value_or(-1));
            for (auto r : rdmaOk)
                working += (working.empty() ? "" : ", ") + std::to_string(r->gidIndex.value_or(-1));
            f.title = "RDMA " + pair.first + " -> " + pair.second + ": GID index " + failing + " fails, " + working
                + " works";
            f.severity = Severity::Error;
            f.hosts = { pair.first, pair.second };
            for (auto r : rdmaFail)
                f.evidence.push_back(evidenceOf(r));
            for (auto r : rdmaOk)
                f.evidence.push_back(evidenceOf(r));
            f.explanation = "Measured, not guessed: an RDMA ping over GID index " + working + " gets through and over "
                + failing
                + " does not. Configure applications with a working index (perftest -x, NCCL_IB_GID_INDEX) "
                  "or use rdma_cm, which picks the GID from the IP address.";
            Fix fix;
            fix.target = pair.first;
            fix.platform = "application";
            fix.text = "export NCCL_IB_GID_INDEX=" + std::to_string(rdmaOk.front()->gidIndex.value_or(-1))
                + "\nib_send_bw -x " + std::to_string(rdmaOk.front()->gidIndex.value_or(-1)) + " ...";
            fix.origin = "the reachability matrix (a working index)";
            f.fixes.push_back(std::move(fix));
            ctx.findings.push_back(std::move(f));
        } else if (!rdmaFail.empty()) {
            Finding f;
            f.ruleId = "reach.rdma-blocked";
            f.check = "M20";
            f.title = "No RDMA ping gets from " + pair.first + " to " + pair.second;
            f.severity = Severity::Error;
            f.hosts = { pair.first, pair.second };
            for (auto r : rdmaFail)
                f.evidence.push_back(evidenceOf(r));
            for (auto r : tcpOk)
                f.evidence.push_back(evidenceOf(r));
            f.explanation = std::string("RDMA pings failed over every GID index tried")
                + (tcpOk.empty() ? "."
                                 : ", while TCP to the test port works: the hosts reach each other, RDMA does not. ")
                + "The usual causes: RoCE v2's UDP port 4791 blocked by a firewall on one host, the GIDs on different "
                  "subnets or VLANs, or a RoCE version mismatch.";
            ctx.findings.push_back(std::move(f));
        }
        for (auto r : tcpFail) {
            Finding f;
            f.ruleId = "reach.tcp-blocked";
            f.check = "M20";
            f.title = "Test port " + r->what.substr(4) + " on " + pair.second + " not reachable from " + pair.first;
            f.severity = Severity::Error;
            f.hosts = { pair.first, pair.second };
            f.evidence.push_back(evidenceOf(r));
            f.explanation = "perftest and ibv_rc_pingpong exchange connection data over this TCP port before any RDMA "
                            "traffic; with it blocked (a firewall rule, a security group) every test hangs at connect "
                            "although RDMA itself may work.";
            ctx.findings.push_back(std::move(f));
        }
    }
}

/// perftest command lines pasted as the setup (fragmentlines.h commandEvents): the server side (no address) and the
/// client side (the server's address) of one tool must name the same GID index, as -x on both. A side without -x runs
/// on the index perftest picks by itself (0 in older releases; newer ones look for a RoCE v2 GID of the port), which
/// differs between hosts whose tables or perftest versions differ: the pair fails where the same two commands with
/// one -x on both work. rdma_cm (-R) chooses the GID from the address, so its runs are left out.
void ruleTestCommandSides(Context& ctx)
{
    struct Side
    {
        const DiagHost* host;
        const AppLogEvent* e;
    };
    std::map<std::string, std::vector<Side>> byTool;
    for (const auto& h : ctx.snap.hosts)
        for (const auto& e : h.appLog)
            if (e.family.starts_with("ib_") && (e.kind == "test-command" || e.kind == "gid-in-use") && !e.rdmaCm)
                byTool[e.family].push_back({ &h, &e });
    auto indexText = [](const AppLogEvent& e) {
        return e.gidIndex ? "-x " + std::to_string(*e.gidIndex) : std::string("no -x (perftest's own default)");
    };
    for (auto& [tool, sides] : byTool) {
        std::ranges::sort(sides, [](const Side& a, const Side& b) {
            return std::tie(a.host->origin, a.e->line) < std::tie(b.host->origin, b.e->line);
        });
        // Each server side with the client side next to it, in the order pasted.
        std::vector<std::pair<Side, Side>> pairs;
        std::optional<Side> server, client;
        for (const auto& s : sides) {
            (s.e->peer.empty() ? server : client) = s;
            if (server && client) {
                pairs.emplace_back(*server, *client);
                server.reset();
                client.reset();
            }
        }
        if (pairs.empty())
            continue;
        ctx.markEvaluated("M2");
        const std::pair<Side, Side>* mismatched = nullptr;
        const std::pair<Side, Side>* defaults = nullptr;
        const std::pair<Side, Side>* agreed = nullptr;
        for (const auto& p : pairs) {
            if (p.first.e->gidIndex != p.second.e->gidIndex)
                mismatched = mismatched ? mismatched : &p;
            else if (!p.first.e->gidIndex)
                defaults = defaults ? defaults : &p;
            else
                agreed = agreed ? agreed : &p;
        }
        // Every pair names one index on both sides: nothing to say here (the GID table rules judge the index).
        if (!mismatched && !(defaults && agreed))
            continue;
        const auto& shown = mismatched ? *mismatched : *defaults;
        Finding f;
        f.ruleId = "test.gid-index-sides";
        f.check = "M2";
        f.severity = Severity::Warning;
        for (const auto* s : { &shown.first, &shown.second })
            if (std::ranges::find(f.hosts, s->host->name) == f.hosts.end())
                f.hosts.push_back(s->host->name);
        f.evidence.push_back(ctx.ev(*shown.first.host, tool + " server side", shown.first.e->text,
            shown.first.host->origin + ":" + std::to_string(shown.first.e->line)));
        f.evidence.push_back(ctx.ev(*shown.second.host, tool + " client side", shown.second.e->text,
            shown.second.host->origin + ":" + std::to_string(shown.second.e->line)));
        if (agreed) {
            f.evidence.push_back(ctx.ev(*agreed->first.host, tool + " with one index on both sides",
                agreed->first.e->text, agreed->first.host->origin + ":" + std::to_string(agreed->first.e->line)));
            f.evidence.push_back(ctx.ev(*agreed->second.host, tool + " with one index on both sides",
                agreed->second.e->text, agreed->second.host->origin + ":" + std::to_string(agreed->second.e->line)));
        }
        const std::string perftestDefault
            = "A side without -x runs on the index perftest picks by itself: 0 in older releases, a RoCE v2 GID of "
              "the port it finds in newer ones, so two hosts whose GID tables (or perftest versions) differ pick "
              "different entries: a link-local or RoCE v1 GID on one side and RoCE v2 on the other never connect "
              "(the QP fails to reach RTR, or the run hangs and times out).";
        if (mismatched) {
            f.title = "The two sides of " + tool + " use different GID indexes (server " + indexText(*shown.first.e)
                + ", client " + indexText(*shown.second.e) + ")";
            f.explanation = "perftest's server and client each put their own GID index into the connection: both "
                            "must name the same kind of GID (RoCE v2 with the address of the subnet they share). ";
            if (!shown.first.e->gidIndex || !shown.second.e->gidIndex)
                f.explanation += perftestDefault + " ";
        } else {
            f.title = tool + " runs without -x on both sides in one run and with -x "
                + std::to_string(*agreed->first.e->gidIndex) + " on both in another";
            f.explanation = perftestDefault + " The run that passes -x " + std::to_string(*agreed->first.e->gidIndex)
                + " on both sides uses one index everywhere: that is the difference between the two runs. ";
        }
        f.explanation += std::string(mismatched ? "The two sides use different GID indexes"
                                                : "Without -x the two sides can use different GID indexes")
            + "; pass the same RoCE v2 GID index with -x on both "
              "(show_gids: the v2 row with the IPv4 address; it is the same index on both hosts only "
              "when their tables are alike, so check each), or use -R to let rdma_cm choose it from the "
              "address.";
        Fix fix;
        fix.target = f.hosts.front();
        fix.platform = "application";
        const std::string x = agreed ? std::to_string(*agreed->first.e->gidIndex) : std::string("N");
        fix.text = "show_gids   # on both hosts: N = the RoCE v2 row with the IPv4 address\n" + tool + " -x " + x
            + " ...             # server\n" + tool + " -x " + x + " ... SERVER   # client";
        fix.origin = "perftest: -x, --gid-index=<index> (the GID index to use)";
        f.fixes.push_back(std::move(fix));
        ctx.findings.push_back(std::move(f));
    }
}

} // namespace

void rulesTests(Context& ctx)
{
    ruleTestOutcomes(ctx);
    ruleReachability(ctx);
    ruleTestCommandSides(ctx);
}

} // namespace rp::diag::detail

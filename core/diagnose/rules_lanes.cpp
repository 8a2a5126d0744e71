// SPDX-License-Identifier: GPL-3.0-or-later
// Which device talks to which on a host with several: UCX's endpoint dump names each lane's local device and memory
// domain and the peer's memory domain it connects to ("rc_verbs/mlx5_1:1 md[1] -> md[0]"). Hosts built alike list
// their devices in the same order, so md[1] -> md[0] pairs the local second device with the peer's first: across two
// RoCE fabrics (two bonds on separate switches or subnets) such a QP never reaches its peer.
#include "diagnose/context.h"

#include <map>
#include <string>
#include <vector>

namespace rp::diag::detail {

namespace {

void crossedLanes(Context& ctx, const DiagHost& h)
{
    std::map<int, std::string> deviceOfMd; ///< local md index -> device, from every lane of the paste's host
    struct Lane
    {
        const AppLogEvent* event;
        int localMd;
        int remoteMd;
    };
    std::vector<Lane> lanes;
    for (const auto& e : h.appLog)
        if (e.kind == "device" && e.localMd.has_value() && e.remoteMd.has_value() && !e.device.empty()) {
            deviceOfMd.emplace(e.localMd.value(), e.device);
            lanes.push_back({ &e, e.localMd.value(), e.remoteMd.value() });
        }
    const Lane* crossedLane = nullptr;
    for (const auto& lane : lanes) {
        const auto peer = deviceOfMd.find(lane.remoteMd);
        if (lane.localMd != lane.remoteMd && peer != deviceOfMd.end() && peer->second != lane.event->device) {
            crossedLane = &lane;
            break;
        }
    }
    if (!crossedLane)
        return;
    const AppLogEvent* crossed = crossedLane->event;
    const std::string peerDevice = deviceOfMd.at(crossedLane->remoteMd);
    Finding f;
    f.ruleId = "applog.ucx-crossed-lanes";
    f.severity = Severity::Warning;
    f.hosts = { h.name };
    f.evidence.push_back(ctx.ev(h, "UCX endpoint lane", crossed->text, h.origin + ":" + std::to_string(crossed->line)));
    for (const auto& lane : lanes)
        if (lane.event != crossed && lane.event->device == peerDevice && f.evidence.size() < 3)
            f.evidence.push_back(
                ctx.ev(h, "UCX endpoint lane", lane.event->text, h.origin + ":" + std::to_string(lane.event->line)));
    f.title = "UCX pairs different devices in one endpoint: " + crossed->device + " (md["
        + std::to_string(crossedLane->localMd) + "]) connects to the peer's md[" + std::to_string(crossedLane->remoteMd)
        + "], " + peerDevice + " on a host built alike";
    f.explanation = "Each lane's QP sits on the local device it names and connects to the peer's memory domain after "
                    "the arrow. UCX pairs devices by what they can do, not by the network they are on: when "
        + crossed->device + " and " + peerDevice
        + " are on separate RoCE fabrics (two bonds or ports cabled to different switches, different subnets) such "
          "a lane's packets never reach the peer, and the endpoint hangs or its transport times out while the lanes "
          "between like devices work. The devices are on unreachable networks: restrict UCX_NET_DEVICES to the "
          "devices of one fabric on every host (or to one device per process on matching fabrics).";
    Fix fix;
    fix.target = h.name;
    fix.platform = "application";
    fix.origin = "UCX: UCX_NET_DEVICES selects the devices UCX may use";
    fix.text = "export UCX_NET_DEVICES=" + peerDevice + ":" + std::to_string(crossed->port.value_or(1))
        + "   # the same fabric's device on every host\n"
          "ibv_devinfo -v -d DEV | grep -E 'GID|link_layer'; ip route   # which subnet each device is on";
    f.fixes.push_back(std::move(fix));
    ctx.findings.push_back(std::move(f));
}

} // namespace

void rulesLanes(Context& ctx)
{
    for (const auto& h : ctx.snap.hosts)
        crossedLanes(ctx, h);
}

} // namespace rp::diag::detail

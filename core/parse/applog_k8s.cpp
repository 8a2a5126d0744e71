// SPDX-License-Identifier: GPL-3.0-or-later
// The RDMA device plugins of Kubernetes (see applog_scan.h). Formats from Mellanox/k8s-rdma-shared-dev-plugin
// (cmd/k8s-rdma-shared-dp/main.go, pkg/resources: Go's log package, "2006/01/02 15:04:05 " before each line):
// "Exiting.. can not change : incorrect RDMA subsystem network namespace" when the RDMA subsystem is in exclusive
// netns mode, "Warning: no Rdma Devices were found for resource %s", "Warning: no devices in device pool, creating
// empty resource server for %s", "Exiting.. one or more invalid configuration(s) given: %v", and its banner "Starting
// K8s RDMA Shared Device Plugin version=%s" (the shared plugin runs here). Its other lines (the config it loaded) are
// its own but state no fact.
#include "parse/applog_scan.h"

#include "util/text.h"

namespace rp::applog_detail {

FamilyRead readDevicePluginLine(const LogText& x)
{
    FamilyRead r;
    const bool banner = x.has("k8s rdma shared device plugin") || x.has("/k8s-rdma-shared-dev-plugin/")
        || x.has("periodic update interval:");
    const bool own = banner || x.has("rdma subsystem network namespace")
        || x.has("no rdma devices were found for resource")
        || x.has("no devices in device pool, creating empty resource server")
        || x.has("too old kernel to get rdma subsystem") || x.has("one or more invalid configuration(s) given")
        || x.has("using kubelet plugin registry mode") || x.has("resource manager reading configs")
        || (x.has("loaded config: [{resourcename:"));
    if (!own)
        return r;
    r.mine = true;
    // Its banner: the shared plugin runs on this node, the setup whose pods all see the host's devices in sysfs.
    if (x.has("starting k8s rdma shared device plugin")) {
        AppLogEvent e;
        e.kind = "shared-plugin";
        r.events.push_back(std::move(e));
    } else if (x.has("incorrect rdma subsystem network namespace")) {
        AppLogEvent e;
        e.kind = "rdma-netns";
        e.settingValue = "exclusive";
        r.events.push_back(std::move(e));
    } else if (x.has("no rdma devices were found for resource")
        || x.has("no devices in device pool, creating empty resource server")) {
        AppLogEvent e;
        e.kind = "no-device";
        e.driver = "device-plugin";
        r.events.push_back(std::move(e));
    } else if (x.has("one or more invalid configuration(s) given")) {
        AppLogEvent e = classifyError(x);
        e.kind = "other-error";
        r.events.push_back(std::move(e));
    }
    return r;
}

} // namespace rp::applog_detail

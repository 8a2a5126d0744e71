// SPDX-License-Identifier: GPL-3.0-or-later
// Which RDMA devices a container may use, from two listings pasted side by side: `ls /sys/class/infiniband` (what the
// kernel shows this container; in the RDMA subsystem's shared netns mode that is every device of the host) and
// `ls /dev/infiniband` (the character devices the container was given). A device needs its uverbsN node to be opened,
// so sysfs naming more devices than there are uverbs nodes is the pod seeing hardware it may not use.
#include "diagnose/context.h"

#include <algorithm>
#include <string>
#include <vector>

namespace rp::diag::detail {

namespace {

/// The names a listing fact holds (the importer joins them with one space).
std::vector<std::string> namesOf(const AppLogEvent& e)
{
    std::vector<std::string> out;
    std::string_view rest = e.settingValue;
    while (!rest.empty()) {
        const auto space = rest.find(' ');
        if (space != 0)
            out.emplace_back(rest.substr(0, space));
        rest = space == std::string_view::npos ? std::string_view() : rest.substr(space + 1);
    }
    return out;
}

void deviceExposure(Context& ctx, const DiagHost& h)
{
    const AppLogEvent* sysfs = nullptr;
    const AppLogEvent* dev = nullptr;
    const AppLogEvent* enodev = nullptr; ///< rdma_cm's ENODEV, when the paste has it too
    for (const auto& e : h.appLog) {
        if (e.kind == "sysfs-devices")
            sysfs = &e; // the last listing is the state now
        else if (e.kind == "dev-nodes")
            dev = &e;
        else if (e.kind == "no-device" && e.errnoValue == 19 && !enodev)
            enodev = &e;
    }
    if (!sysfs || !dev)
        return;
    const auto devices = namesOf(*sysfs);
    const auto nodes = namesOf(*dev);
    const auto uverbs = std::ranges::count_if(nodes, [](const std::string& n) { return n.starts_with("uverbs"); });
    const auto deviceCount = static_cast<std::ptrdiff_t>(devices.size());
    if (devices.empty() || uverbs >= deviceCount)
        return;
    Finding f;
    f.ruleId = "host.device-node-missing";
    f.hosts = { h.name };
    f.severity = enodev || uverbs == 0 ? Severity::Error : Severity::Warning;
    const auto where = [&](const AppLogEvent& e) { return h.origin + ":" + std::to_string(e.line); };
    f.evidence.push_back(ctx.ev(h, "RDMA devices in /sys/class/infiniband", sysfs->settingValue, where(*sysfs)));
    f.evidence.push_back(ctx.ev(h, "character devices in /dev/infiniband",
        dev->settingValue.empty() ? std::string("(none)") : dev->settingValue, where(*dev)));
    if (enodev)
        f.evidence.push_back(ctx.ev(h, familyName(enodev->family) + " (consequence)", enodev->text, where(*enodev)));
    const std::string counts = std::to_string(devices.size()) + " RDMA device" + (devices.size() == 1 ? "" : "s")
        + " in sysfs, " + std::to_string(uverbs) + " uverbs node" + (uverbs == 1 ? "" : "s");
    if (uverbs == 0) {
        f.title = "No RDMA device is usable here: sysfs lists " + std::to_string(devices.size())
            + ", /dev/infiniband has no uverbs node";
        f.explanation = "A verbs program opens a device through its /dev/infiniband/uverbsN node. This container (or "
                        "host) shows the devices in /sys/class/infiniband but has none of their nodes, so "
                        "ibv_get_device_list lists them and opening any fails; rdma_cm answers ENODEV. The container "
                        "was started without the devices (docker --device, the Kubernetes RDMA device plugin's "
                        "resource, hostDevice), or the ib_uverbs module is not loaded on the host.";
    } else {
        f.title = "Devices in sysfs without a uverbs node here (" + counts
            + "): those are not usable in this "
              "container";
        f.explanation = "Each device needs its /dev/infiniband/uverbsN node to be opened. This container was given "
            + std::to_string(uverbs) + " of the " + std::to_string(devices.size())
            + " devices sysfs shows it (the names do not say which: "
              "/sys/class/infiniband/DEV/device/infiniband_verbs/ names each device's uverbs node). The others are "
              "listed by ibv_devices but fail to open, and librdmacm releases that open every device at start "
              "(before rdma-core's change to skip a device it cannot open) fail every RDMA CM application with "
              "ENODEV, although the devices given to the container work."
            + (uverbs == 1 ? std::string(" Every device of the host in sysfs with the character devices of one is "
                                         "what the shared device plugin gives a pod while the RDMA subsystem is in "
                                         "shared network-namespace mode (sysfs is not filtered per pod): expected "
                                         "there, not a fault. Isolation, a pod seeing only its own device, needs "
                                         "`rdma system set netns exclusive` on the host and the device moved into "
                                         "the pod by rdma-cni (or the SR-IOV device plugin with rdma-cni).")
                           : std::string());
    }
    Fix fix;
    fix.target = h.name;
    fix.platform = "linux";
    fix.origin = "container runtime / Kubernetes RDMA device plugin; rdma system netns mode";
    fix.text = "ls /sys/class/infiniband/*/device/infiniband_verbs/   # which uverbsN belongs to which device\n"
               "# docker / podman: --device=/dev/infiniband/uverbsN for every device the program may see, plus "
               "--device=/dev/infiniband/rdma_cm\n"
               "rdma system show   # netns shared: every pod sees every device in sysfs\n"
               "rdma system set netns exclusive   # on the host, before pods start: with rdma-cni each pod sees only "
               "its own device";
    f.fixes.push_back(std::move(fix));
    ctx.findings.push_back(std::move(f));
}

/// The shared RDMA device plugin running with nothing wrong in its log: what its pods see is by design. In the RDMA
/// subsystem's shared netns mode sysfs is not filtered per namespace, so every pod sees every device of the host in
/// /sys/class/infiniband; the plugin mounts only its resource's /dev/infiniband nodes. Told when the paste is about
/// that plugin and says nothing else of it, so a question "why does my pod see all the cards" gets its answer.
void sharedPlugin(Context& ctx, const DiagHost& h)
{
    const AppLogEvent* banner = nullptr;
    for (const auto& e : h.appLog) {
        if (e.kind == "shared-plugin")
            banner = banner ? banner : &e;
        else if (e.family == "k8s" || e.kind == "rdma-netns" || e.kind == "sysfs-devices")
            return; // the plugin's own failure, the mode, or the listings: their rules speak
    }
    if (!banner)
        return;
    Finding f;
    f.ruleId = "host.shared-device-plugin";
    f.severity = Severity::Info;
    f.hosts = { h.name };
    f.evidence.push_back(
        ctx.ev(h, "k8s-rdma-shared-dev-plugin", banner->text, h.origin + ":" + std::to_string(banner->line)));
    f.title = "The shared RDMA device plugin: every pod sees all RDMA devices in sysfs, and may open only its "
              "resource's";
    f.explanation = "The shared device plugin gives one RDMA device (its resource's selectors, e.g. ifNames) to many "
                    "pods by mounting that device's /dev/infiniband character nodes into them; it needs the RDMA "
                    "subsystem in shared network-namespace mode, where sysfs is not filtered per namespace, so "
                    "/sys/class/infiniband in every pod lists all of the host's devices. That is expected, not a "
                    "leak: the others cannot be opened without their nodes. Isolation, a pod seeing only its own "
                    "device, needs `rdma system set netns exclusive` on the host and each device moved into its "
                    "pod by rdma-cni (with the SR-IOV device plugin, or the host-device CNI for a whole NIC).";
    Fix fix;
    fix.target = h.name;
    fix.platform = "linux";
    fix.origin = "k8s-rdma-shared-dev-plugin (shared mode); rdma-cni (exclusive mode)";
    fix.text = "rdma system show   # netns shared: what the shared plugin needs\n"
               "ls /sys/class/infiniband/; ls -l /dev/infiniband/   # in a pod: all devices, one device's nodes\n"
               "rdma system set netns exclusive   # for isolation: then rdma-cni moves each device into its pod";
    f.fixes.push_back(std::move(fix));
    ctx.findings.push_back(std::move(f));
}

} // namespace

void rulesContainer(Context& ctx)
{
    for (const auto& h : ctx.snap.hosts) {
        deviceExposure(ctx, h);
        sharedPlugin(ctx, h);
    }
}

} // namespace rp::diag::detail

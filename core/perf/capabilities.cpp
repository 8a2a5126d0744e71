// SPDX-License-Identifier: GPL-3.0-or-later
#include "perf/capabilities.h"

#include "util/command.h"
#include "util/files.h"

#include <infiniband/verbs.h>

#include <algorithm>
#include <cstdlib>
#include <string_view>

#include <unistd.h>

namespace rp::perf {
namespace {

/// Whether an RC QP with this much inline data can be created on the device; the provider may round up, so the
/// real limit comes back in `granted`.
bool inlineWorks(ibv_pd* pd, ibv_cq* cq, int bytes, int& granted)
{
    ibv_qp_init_attr attr {};
    attr.send_cq = cq;
    attr.recv_cq = cq;
    attr.qp_type = IBV_QPT_RC;
    attr.cap.max_send_wr = 1;
    attr.cap.max_recv_wr = 1;
    attr.cap.max_send_sge = 1;
    attr.cap.max_recv_sge = 1;
    attr.cap.max_inline_data = static_cast<std::uint32_t>(bytes);
    ibv_qp* qp = ibv_create_qp(pd, &attr);
    if (!qp)
        return false;
    granted = static_cast<int>(attr.cap.max_inline_data);
    ibv_destroy_qp(qp);
    return true;
}

std::optional<RdmaDeviceInfo> describe(ibv_device* device)
{
    const char* name = ibv_get_device_name(device);
    if (!name || !validateRdmaDeviceName(name))
        return std::nullopt;
    ibv_context* context = ibv_open_device(device);
    if (!context)
        return std::nullopt;
    RdmaDeviceInfo info;
    info.name = name;
    ibv_device_attr attr {};
    if (ibv_query_device(context, &attr) == 0)
        info.ports = attr.phys_port_cnt;
    ibv_pd* pd = ibv_alloc_pd(context);
    ibv_cq* cq = pd ? ibv_create_cq(context, 2, nullptr, nullptr, 0) : nullptr;
    if (cq) {
        // Binary search over what the provider accepts; 64 KiB is beyond every known device.
        int lo = 0, hi = 65536, best = 0;
        while (lo <= hi) {
            const int mid = lo + (hi - lo) / 2;
            int granted = 0;
            if (inlineWorks(pd, cq, mid, granted)) {
                best = std::max({ best, mid, granted });
                lo = mid + 1;
            } else {
                hi = mid - 1;
            }
        }
        info.maxInline = best;
        ibv_destroy_cq(cq);
    }
    if (pd)
        ibv_dealloc_pd(pd);
    ibv_close_device(context);
    return info;
}

std::string findInPath(std::string_view tool)
{
    const char* env = std::getenv("PATH");
    std::string_view path = env && *env ? env : "/usr/local/bin:/usr/bin:/bin";
    while (!path.empty()) {
        auto colon = path.find(':');
        std::string_view dir = path.substr(0, colon);
        path = colon == std::string_view::npos ? std::string_view() : path.substr(colon + 1);
        if (dir.empty())
            continue;
        std::string candidate = std::string(dir) + "/" + std::string(tool);
        if (::access(candidate.c_str(), X_OK) == 0)
            return candidate;
    }
    return {};
}

} // namespace

std::string probeVersion()
{
    return RP_PROBE_VERSION;
}

Capabilities scanCapabilities()
{
    Capabilities c;
    c.tcp = true;
    int count = 0;
    if (ibv_device** list = ibv_get_device_list(&count)) {
        for (int i = 0; i < count && c.rdmaDevices.size() < 64; ++i) {
            if (auto info = describe(list[i]))
                c.rdmaDevices.push_back(*info);
        }
        ibv_free_device_list(list);
    }
    c.rdma = !c.rdmaDevices.empty();
    for (auto tool : { "ib_send_lat", "ib_write_lat", "ib_read_lat", "ib_send_bw", "ib_write_bw", "ib_read_bw" }) {
        const std::string found = findInPath(tool);
        if (found.empty())
            continue;
        c.perftestTools.push_back(tool);
        // Versions with JSON reports name the option in their usage text, which is compiled into the binary.
        if (std::string_view(tool) == "ib_send_lat") {
            if (auto binary = readTextFile(found, 16u << 20))
                c.perftestOutJson = binary->find("--out_json") != std::string::npos;
        }
    }
    return c;
}

} // namespace rp::perf

// SPDX-License-Identifier: GPL-3.0-or-later
// Open MPI's RDMA messages (see applog_scan.h). Formats from open-mpi/ompi v4.1: opal/mca/btl/base/btl_base_error.h
// (BTL_ERROR "[host][[jobid,vpid],rank][file:line:func] message", BTL_PEER_ERROR "...[file:line:func] from HOST to:
// PEER message"), opal/mca/btl/openib/btl_openib_component.c ("error polling %s with status %s status number %d for
// wr_id ...", BTL_VERBOSE "looking for %s:%d GID index %d"), help-mpi-btl-openib.txt (the first lines of its
// retry-exceeded and device warnings), and ompi/mca/pml/ucx (MCA_COMMON_UCX_ERROR "file:line  Error: message",
// "ucp_ep_create(proc=%d) failed: %s").
#include "parse/applog_scan.h"

#include "util/text.h"

#include <array>

namespace rp::applog_detail {

namespace {

struct HelpLine
{
    std::string_view start;
    std::string_view kind;
    int status;
};

/// First lines of btl_openib's help messages, as Open MPI prints them inside its "-----" frames.
constexpr std::array<HelpLine, 6> kOpenibHelp = { {
    { "The InfiniBand retry count between two MPI processes has been", "completion-error", 12 },
    { "The OpenFabrics \"receiver not ready\" retry count on a per-peer", "completion-error", 13 },
    { "WARNING: There is at least one non-excluded one OpenFabrics device found,", "no-device", 0 },
    { "WARNING: No OpenFabrics devices of the right type were found within", "no-device", 0 },
    { "WARNING: There was an error initializing an OpenFabrics device.", "other-error", 0 },
    { "No OpenFabrics connection schemes reported that they were able to be", "openib-no-cpc", 0 },
} };

} // namespace

FamilyRead readOpenMpiLine(const LogText& x)
{
    FamilyRead r;
    auto t = x.t;
    for (const auto& help : kOpenibHelp) {
        if (t.starts_with(help.start)) {
            r.mine = true;
            AppLogEvent e;
            e.kind = std::string(help.kind);
            if (help.status)
                e.wcStatus = help.status;
            r.events.push_back(std::move(e));
            return r;
        }
    }
    bool openib = x.has("btl_openib") || x.has("[btl_");
    bool pmlUcx = x.has("pml_ucx") || x.has("osc_ucx") || x.has("spml_ucx") || x.has("common_ucx");
    if (!openib && !pmlUcx)
        return r;
    r.mine = true;
    // BTL_ERROR: "[node1][[12345,1],0][btl_openib_component.c:...]", BTL_PEER_ERROR: "... from node1 to: node2".
    if (auto from = wordAfter(t, "] from "); !from.empty()) {
        r.host = std::string(from);
    } else if (t.starts_with('[') && !t.starts_with("[[")) {
        auto close = t.find(']');
        auto name = t.substr(1, close == std::string_view::npos ? 0 : close - 1);
        bool ok = !name.empty() && name.size() < 256;
        for (char c : name)
            ok = ok && isNameChar(c);
        if (ok)
            r.host = std::string(name);
    }
    for (char c : r.host)
        if (!isNameChar(c))
            r.host.clear();
    // BTL_VERBOSE (debug builds, btl_base_verbose): "looking for mlx5_0:1 GID index 3".
    if (auto pos = t.find("looking for "); pos != std::string_view::npos && x.has(" gid index ")) {
        AppLogEvent e;
        e.kind = "gid-in-use";
        deviceAndPort(wordAfter(t.substr(pos), "looking for "), e);
        e.gidIndex = intAfter(t.substr(pos), "GID index ");
        r.events.push_back(std::move(e));
        return r;
    }
    if (!soundsLikeError(x))
        return r;
    AppLogEvent e = classifyError(x);
    if (x.has("error polling") && e.wcStatus)
        e.kind = "completion-error";
    else if (x.has("ucp_ep_create") || x.has("ep_connect"))
        e.kind = "connect-error";
    r.events.push_back(std::move(e));
    return r;
}

} // namespace rp::applog_detail

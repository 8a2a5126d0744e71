// SPDX-License-Identifier: GPL-3.0-or-later
// Plain verbs and rdma_cm error lines (see applog_scan.h): what an application built on libibverbs or librdmacm prints
// itself. Only a line that names a verbs or rdma_cm call, a completion status, an rdma_cm event or a device-list
// failure, and says something failed, is one: "ibv_modify_qp failed: Invalid argument", "Failed status transport retry
// counter exceeded (12) for wr_id 2" (rdma-core's rc_pingpong), "cma event RDMA_CM_EVENT_REJECTED, error 8" (rping),
// "No IB devices found", "IB device rxe2 not found" (a device name the host does not have); and libibverbs' warnings
// about a provider it could not load. Status strings from rdma-core libibverbs/enum_strs.c, event names from
// librdmacm/rdma_cma.h.
#include "parse/applog_scan.h"

#include "util/text.h"

#include <cctype>

namespace rp::applog_detail {

namespace {

/// "ibv_modify_qp failed", "rdma_resolve_addr: ...", "ibv_create_ah(...)": a call name at a word start, used as a
/// call (a bracket, a colon or a failure word after it), not a path ("/sys/kernel/config/rdma_cm/...").
bool namesCall(std::string_view low, std::string_view prefix)
{
    std::size_t from = 0;
    for (int tries = 0; tries < 16; ++tries) {
        auto pos = findWord(low, prefix, from);
        if (pos == std::string_view::npos)
            return false;
        from = pos + 1;
        if (pos > 0 && (low[pos - 1] == '/' || low[pos - 1] == '.'))
            continue;
        auto i = pos + prefix.size();
        if (i >= low.size() || low[i] < 'a' || low[i] > 'z')
            continue;
        while (i < low.size() && (std::isalnum(static_cast<unsigned char>(low[i])) || low[i] == '_'))
            ++i;
        auto after = low.substr(i);
        if (after.starts_with('(') || (after.starts_with(':') && !after.starts_with(":/")) || after.starts_with(" fail")
            || after.starts_with(" return") || after.starts_with(" error") || after.starts_with(" err "))
            return true;
    }
    return false;
}

/// The provider a libibverbs warning names: "libmlx5-rdmav34.so" (the library it tried to dlopen), an absolute
/// path to one, or the bare name from a driver file ("rxe") -> "mlx5", "rxe".
std::string providerName(std::string_view quoted)
{
    if (auto slash = quoted.rfind('/'); slash != std::string_view::npos)
        quoted = quoted.substr(slash + 1);
    if (quoted.starts_with("lib"))
        quoted.remove_prefix(3);
    if (auto dash = quoted.find("-rdmav"); dash != std::string_view::npos)
        quoted = quoted.substr(0, dash);
    if (quoted.ends_with(".so"))
        quoted.remove_suffix(3);
    if (quoted.empty() || quoted.size() > 32)
        return {};
    for (char c : quoted)
        if (!isNameChar(c))
            return {};
    return std::string(quoted);
}

/// libibverbs' own warnings about providers (rdma-core libibverbs/dynamic_driver.c load_driver, init.c): "couldn't
/// load driver 'libmlx5-rdmav34.so': ...: cannot open shared object file" and, with IBV_SHOW_WARNINGS, "no
/// userspace device-specific driver found for /sys/class/infiniband_verbs/uverbs0".
bool providerWarning(const LogText& x, FamilyRead& r)
{
    if (!x.has("libibverbs"))
        return false;
    AppLogEvent e;
    if (auto at = x.low.find("couldn't load driver '"); at != std::string::npos) {
        auto rest = x.t.substr(at + 22);
        e.driver = providerName(rest.substr(0, rest.find('\'')));
    } else if (!x.has("no userspace device-specific driver found")) {
        return false;
    }
    e.kind = "no-provider";
    r.mine = true;
    r.events.push_back(std::move(e));
    return true;
}

/// A command told to use a device the host does not have: "IB device rxe2 not found" (rdma-core's examples,
/// perftest before its "Unable to find the Infiniband/RoCE device"), "IB device 'mlx5_1' wasn't found"
/// (ibv_devinfo -d). The name, or nothing when the line is not one of these.
std::string_view missingDeviceName(const LogText& x)
{
    auto at = x.low.find("ib device ");
    if (at == std::string::npos || !(x.has(" not found") || x.has("wasn't found")))
        return {};
    auto rest = x.t.substr(at + 10);
    if (rest.starts_with('\''))
        rest = rest.substr(1);
    std::size_t n = 0;
    while (n < rest.size() && n <= 64 && isNameChar(rest[n]))
        ++n;
    auto name = rest.substr(0, n);
    rest = rest.substr(n);
    if (rest.starts_with('\''))
        rest = rest.substr(1);
    if (name.empty() || n > 64 || !(rest.starts_with(" not found") || rest.starts_with(" wasn't found")))
        return {};
    return name;
}

} // namespace

FamilyRead readVerbsLine(const LogText& x)
{
    FamilyRead r;
    const std::string_view low = x.low;
    if (providerWarning(x, r))
        return r;
    if (auto name = missingDeviceName(x); !name.empty()) {
        r.mine = true;
        AppLogEvent e;
        e.kind = "device-not-found";
        e.device = std::string(name);
        r.events.push_back(std::move(e));
        return r;
    }
    // No GID where the application looked (applog_scan.h statesNoGid), even without a call or failure word.
    if (statesNoGid(x)) {
        r.mine = true;
        r.events.push_back(classifyError(x));
        return r;
    }
    // perftest's failed completion: "Failed status 12: wr_id 0 syndrom 0x81" (status is ibv_wc_status's number).
    if (auto at = low.find("failed status ");
        at != std::string_view::npos && low.find("wr_id", at) != std::string_view::npos) {
        std::size_t end = 0;
        if (auto status = intAt(low, at + 14, &end); status && *status >= 0 && *status < 32) {
            r.mine = true;
            AppLogEvent e = classifyError(x);
            e.kind = "completion-error";
            e.wcStatus = status;
            r.events.push_back(std::move(e));
            return r;
        }
    }
    // Most lines that reach this reader are other tools' output: the short list of failure words first.
    if (!soundsLikeError(x))
        return r;
    bool named = namesCall(low, "ibv_") || namesCall(low, "rdma_") || x.has("ibv_wc_") || x.has("rdma_cm_event_")
        || x.has("modify qp") || x.has("cma event") || x.has("no ib devices") || x.has("no rdma devices")
        || x.has("failed to get ib devices list") || x.has("unable to find the infiniband/roce device")
        || x.has("cannot create cq") || x.has("couldn't create cq") || x.has("cannot create qp")
        || x.has("couldn't create qp") || wcStatusNamed(low).has_value();
    if (!named)
        return r;
    // "ibv_devinfo: command not found" is about the shell, not about RDMA.
    if (x.has("command not found"))
        return r;
    // rping prints every event with an error field: "cma event RDMA_CM_EVENT_ESTABLISHED, error 0" is none.
    if (x.has("rdma_cm_event_") && !x.has("_error") && !x.has("rejected") && !x.has("unreachable")
        && !x.has("device_removal"))
        return r;
    r.mine = true;
    AppLogEvent e = classifyError(x);
    if (auto dev = wordAfter(x.t, "device "); !dev.empty() && dev.find('_') != std::string_view::npos)
        deviceAndPort(dev, e);
    r.events.push_back(std::move(e));
    return r;
}

} // namespace rp::applog_detail

// SPDX-License-Identifier: GPL-3.0-or-later
// libfabric's log lines and fabtests' messages (see applog_scan.h). Formats from ofiwg/libfabric: src/log.c
// ("libfabric:%d:%ld:%s:%s:%s:%s():%d<%s> " = package, pid, time, prefix, provider, subsystem, function, line,
// level), src/var.c ("read int var %s=%d", "variable %s=<not set>", "Read config variable: %s=%s"; the name is the
// provider's short one, its environment variable FI_<PROVIDER>_<NAME>), prov/verbs (VRB_WARN_ERRNO "fn: %s (%d)",
// "no RDMA devices found", "device %s: there are no active ports", "device %s: first found active port is %u"),
// fabtests/include/shared.h (FT_PRINTERR "fn(): file:line, ret=%d (%s)", FT_LOG "[error] time:fabtests:file:line:
// ...", "cq_readerr %d (%s), provider errno: %d (%s)"; the verbs provider's errno is the work completion status).
#include "parse/applog_scan.h"

#include "util/text.h"

#include <cctype>

namespace rp::applog_detail {

namespace {

std::string upperName(std::string_view s)
{
    std::string out;
    for (char c : s)
        if (std::isalnum(static_cast<unsigned char>(c)) || c == '_')
            out += static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    return out;
}

/// "read int var gid_idx=3" of provider "verbs" -> FI_VERBS_GID_IDX=3.
bool fabricVariable(std::string_view provider, std::string_view msg, std::vector<AppLogEvent>& out)
{
    std::string_view assignment;
    bool config = false;
    for (std::string_view key : { "read int var ", "read string var ", "read bool var ", "read long var ",
             "read size_t var ", "variable ", "Read config variable: " }) {
        if (msg.starts_with(key)) {
            assignment = trim(msg.substr(key.size()));
            config = key.starts_with("Read config");
            break;
        }
    }
    auto eq = assignment.find('=');
    if (eq == std::string_view::npos || eq == 0)
        return false;
    auto name = assignment.substr(0, eq);
    std::string variable;
    if (config)
        variable = std::string(name); // the configuration file names the variable in full
    else if (provider.empty() || provider == "core")
        variable = "FI_" + upperName(name);
    else
        variable = "FI_" + upperName(provider) + "_" + upperName(name);
    if (familyOfVariable(variable) != "libfabric")
        return false;
    out.push_back(settingEvent(variable, trim(assignment.substr(eq + 1))));
    return true;
}

/// FT_PRINTERR: "fi_getinfo(): common/shared.c:1110, ret=-61 (No data available)".
bool fabtestsCallError(const LogText& x, std::vector<AppLogEvent>& out)
{
    auto paren = x.t.find("(): ");
    auto ret = x.t.find(", ret=");
    if (paren == std::string_view::npos || ret == std::string_view::npos || ret < paren)
        return false;
    auto start = x.t.rfind(' ', paren);
    auto call = x.t.substr(
        start == std::string_view::npos ? 0 : start + 1, paren - (start == std::string_view::npos ? 0 : start + 1));
    if (!call.starts_with("fi_") && !call.starts_with("ft_"))
        return false;
    AppLogEvent e = classifyError(x);
    if (auto value = intAt(x.t, ret + 6); value && *value < 0 && !e.errnoValue)
        e.errnoValue = -*value;
    if (call == "fi_getinfo" && e.errnoValue == 61) {
        e.kind = "no-device"; // FI_ENODATA: no provider offers an endpoint on this node
        e.driver = "libfabric";
    } else if (call == "fi_connect" || call == "fi_accept" || call.starts_with("fi_eq_"))
        e.kind = "connect-error";
    out.push_back(std::move(e));
    return true;
}

/// "cq_readerr 5 (Input/output error), provider errno: 12 (transport retry counter exceeded)".
bool fabtestsQueueError(const LogText& x, std::vector<AppLogEvent>& out)
{
    bool cq = x.has("cq_readerr ");
    if (!cq && !x.has("eq_readerr "))
        return false;
    AppLogEvent e;
    e.kind = cq ? "completion-error" : "connect-error";
    e.errnoValue = intAfter(x.t, cq ? "cq_readerr " : "eq_readerr ");
    if (auto pos = x.low.find("provider errno: "); cq && pos != std::string::npos) {
        auto providerText = std::string_view(x.low).substr(pos);
        e.wcStatus = wcStatusNamed(providerText);
        if (!e.wcStatus)
            if (auto n = intAt(providerText, 16); n && *n > 0 && *n < 32)
                e.wcStatus = n;
    }
    out.push_back(std::move(e));
    return true;
}

} // namespace

FamilyRead readLibfabricLine(const LogText& x)
{
    FamilyRead r;
    auto t = x.t;
    auto pos = t.find("libfabric:");
    // The pid, or the "..." a user put in place of the pid and time.
    if (pos != std::string_view::npos && (intAt(t, pos + 10).has_value() || t.substr(pos + 10).starts_with("..."))) {
        auto lt = t.find('<', pos);
        auto gt = lt == std::string_view::npos ? lt : t.find("> ", lt);
        auto func = t.rfind("():", lt);
        if (gt == std::string_view::npos || func == std::string_view::npos || func < pos)
            return r;
        r.mine = true;
        auto level = t.substr(lt + 1, gt - lt - 1);
        auto msg = trim(t.substr(gt + 2));
        // The fields before the function: ...:provider:subsystem:function
        auto header = t.substr(pos, func - pos);
        auto subsysColon = header.rfind(':');
        auto providerColon = subsysColon == std::string_view::npos || subsysColon == 0
            ? std::string_view::npos
            : header.rfind(':', subsysColon - 1);
        auto providerStart = providerColon == std::string_view::npos || providerColon == 0
            ? std::string_view::npos
            : header.rfind(':', providerColon - 1);
        std::string_view provider;
        if (providerStart != std::string_view::npos)
            provider = header.substr(providerStart + 1, providerColon - providerStart - 1);
        if (fabricVariable(provider, msg, r.events))
            return r;
        const auto offset = static_cast<std::size_t>(msg.data() - t.data());
        const std::string_view lowMsg = std::string_view(x.low).substr(offset, msg.size());
        if (lowMsg.starts_with("no rdma devices found")) {
            AppLogEvent e;
            e.kind = "no-device";
            r.events.push_back(std::move(e));
            return r;
        }
        if (lowMsg.starts_with("device ") && lowMsg.find(": ") != std::string_view::npos) {
            AppLogEvent e;
            auto name = wordAfter(msg, "device ");
            if (name.ends_with(':'))
                name.remove_suffix(1);
            deviceAndPort(name, e);
            if (lowMsg.find("no active ports") != std::string_view::npos) {
                e.kind = "no-device";
            } else if (auto port = intAfter(msg, "active port is "); port && *port >= 0 && *port < 256) {
                e.kind = "device";
                e.port = port;
            }
            if (!e.kind.empty()) {
                r.events.push_back(std::move(e));
                return r;
            }
        }
        // prov/efa builds its device list by opening every device libibverbs lists ("ibv_open_device failed!
        // errno: %d" from efa_device_construct_gid, then "efa_device_construct_gid failed for device_idx %d, err=%d"):
        // a device it cannot open is the EFA provider's own failure, not rdma_cm's ENODEV.
        if (provider == "efa"
            && (lowMsg.find("ibv_open_device failed") != std::string_view::npos
                || lowMsg.find("efa_device_construct_gid failed") != std::string_view::npos)) {
            AppLogEvent e;
            e.kind = "open-device-error";
            e.driver = "efa";
            e.errnoValue = intAfter(lowMsg, "errno: ");
            if (!e.errnoValue)
                if (auto err = intAfter(lowMsg, "err=-"); err && *err > 0)
                    e.errnoValue = err;
            r.events.push_back(std::move(e));
            return r;
        }
        if (level != "warn")
            return r;
        AppLogEvent e = classifyError(x);
        r.events.push_back(std::move(e));
        return r;
    }
    // fi_info's failure (util/info.c: "fi_getinfo: %d"), perhaps with fi_strerror's text after it.
    if (x.low.starts_with("fi_getinfo: -")) {
        if (auto n = intAt(t, 13); n && *n > 0 && *n < 4096) {
            r.mine = true;
            AppLogEvent e;
            e.kind = *n == 61 ? "no-device" : "other-error";
            e.driver = "libfabric";
            e.errnoValue = n;
            r.events.push_back(std::move(e));
            return r;
        }
    }
    // fi_info's listing ("provider: efa", fi_info.c prints each fi_info as "key: value" lines): the provider that
    // serves this node. Only EFA's is a fact: it says the host's RDMA is not RoCE.
    if (x.low == "provider: efa" || x.low == "fabric: efa" || x.low == "fabric: efa-direct") {
        r.mine = true;
        AppLogEvent e;
        e.kind = "efa";
        r.events.push_back(std::move(e));
        return r;
    }
    // fabtests
    if (x.has(":fabtests:") || (x.has("(): ") && x.has(", ret=") && findWord(t, "fi_") != std::string_view::npos)) {
        r.mine = true;
        if (fabtestsQueueError(x, r.events) || fabtestsCallError(x, r.events))
            return r;
        if (x.t.starts_with("[error]") || x.t.starts_with("[warn]")) {
            if (soundsLikeError(x))
                r.events.push_back(classifyError(x));
        }
        return r;
    }
    return r;
}

} // namespace rp::applog_detail

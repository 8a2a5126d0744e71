// SPDX-License-Identifier: GPL-3.0-or-later
// Gloo's messages (see applog_scan.h). Formats from pytorch/gloo: gloo/common/logging.h and logging.cc
// (GLOO_LOG_MSG "[file:line] LEVEL message"; EnforceNotMet "[enforce fail at file:line] condition. x vs y.
// message", what PyTorch re-raises as RuntimeError), gloo/transport/ibverbs/pair.cc ("wc->status == IBV_WC_SUCCESS"
// with "Send for slot N: <ibv_wc_status_str>"), gloo/transport/ibverbs/device.cc ("No ibverbs devices present",
// "Using ibverbs device=%s port=%d index=%d", "Unable to find device named: %s").
#include "parse/applog_scan.h"

#include "util/text.h"

namespace rp::applog_detail {

namespace {

/// "[.../gloo/transport/ibverbs/device.cc:99] INFO ...": the level after a bracketed gloo source location.
std::string_view glooLogLevel(std::string_view t)
{
    auto open = t.find('[');
    auto close = open == std::string_view::npos ? open : t.find("] ", open);
    if (close == std::string_view::npos || close - open > 512)
        return {};
    auto location = t.substr(open + 1, close - open - 1);
    if (location.find("gloo/") == std::string_view::npos)
        return {};
    auto rest = t.substr(close + 2);
    for (std::string_view level : { "ERROR", "WARN", "INFO", "DEBUG" }) {
        if (rest.starts_with(level) && rest.size() > level.size() && rest[level.size()] == ' ')
            return level;
    }
    return {};
}

} // namespace

FamilyRead readGlooLine(const LogText& x)
{
    FamilyRead r;
    auto t = x.t;
    auto level = glooLogLevel(t);
    auto enforce = x.low.find("[enforce fail at ");
    bool glooEnforce
        = enforce != std::string::npos && (x.low.find("gloo", enforce) != std::string::npos || x.has("ibverbs/"));
    if (level.empty() && !glooEnforce && !x.has("gloo::enforcenotmet"))
        return r;
    r.mine = true;
    if (x.has("ibv_wc_success") || x.has("wc->status")) {
        AppLogEvent e = classifyError(x);
        e.kind = "completion-error";
        e.errnoValue.reset();
        r.events.push_back(std::move(e));
        return r;
    }
    if (x.has("no ibverbs devices present") || x.has("unable to find device named")) {
        AppLogEvent e;
        e.kind = "no-device";
        if (auto name = wordAfter(t, "device named: "); !name.empty())
            deviceAndPort(name, e);
        r.events.push_back(std::move(e));
        return r;
    }
    if (auto pos = t.find("Using ibverbs device="); pos != std::string_view::npos) {
        AppLogEvent e;
        e.kind = "gid-in-use"; // the index is the GID index every pair of this device uses
        deviceAndPort(wordAfter(t.substr(pos), "device="), e);
        if (auto p = intAfter(t.substr(pos), " port="); p && *p >= 0 && *p < 256)
            e.port = p;
        e.gidIndex = intAfter(t.substr(pos), " index=");
        r.events.push_back(std::move(e));
        return r;
    }
    if (level == "INFO" || level == "DEBUG")
        return r;
    AppLogEvent e = classifyError(x);
    // "[enforce fail at .../ibverbs/pair.cc:126] rv == 0. 110 vs 0": an ibverbs call returned this errno (which
    // call, the message does not say).
    if (!e.errnoValue && x.has("rv == 0. ")) {
        if (auto v = intAfter(x.low, "rv == 0. "); v && *v > 0 && *v < 4096)
            e.errnoValue = v;
    }
    r.events.push_back(std::move(e));
    return r;
}

} // namespace rp::applog_detail

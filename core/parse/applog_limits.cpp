// SPDX-License-Identifier: GPL-3.0-or-later
// The locked-memory limit a process runs under (see applog_scan.h): every RDMA memory registration, queue and
// completion queue pins pages against RLIMIT_MEMLOCK, so a limit of 64 KiB (an old default) or 8 MiB fails them with
// ENOMEM. Read from bash's `ulimit -a` ("max locked memory       (kbytes, -l) 64") and from libibverbs' own warning
// (rdma-core libibverbs/init.c: "Warning: RLIMIT_MEMLOCK is %llu bytes.\n    This will severely limit memory
// registrations."). The value is in bytes, or "unlimited".
#include "parse/applog_scan.h"

#include "util/text.h"

namespace rp::applog_detail {

namespace {

AppLogEvent memlockEvent(std::string value)
{
    AppLogEvent e;
    e.kind = "setting";
    e.setting = "RLIMIT_MEMLOCK";
    e.settingValue = std::move(value);
    return e;
}

} // namespace

FamilyRead readLimitsLine(const LogText& x)
{
    FamilyRead r;
    if (x.low.starts_with("max locked memory") && x.has("-l)")) {
        auto value = trim(x.t.substr(x.t.rfind(')') + 1));
        const bool kbytes = x.has("(kbytes");
        if (value == "unlimited") {
            r.mine = true;
            r.events.push_back(memlockEvent("unlimited"));
        } else if (auto n = toInt(value); n && *n >= 0) {
            r.mine = true;
            r.events.push_back(memlockEvent(std::to_string(static_cast<long long>(*n) * (kbytes ? 1024 : 1))));
        }
        return r;
    }
    if (auto at = x.low.find("rlimit_memlock is "); at != std::string::npos && x.has("bytes")) {
        std::size_t end = 0;
        if (auto n = intAt(x.t, at + 18, &end); n && *n >= 0) {
            r.mine = true;
            r.events.push_back(memlockEvent(std::to_string(*n)));
        }
        return r;
    }
    if (x.low.starts_with("this will severely limit memory registrations"))
        r.mine = true; // the warning's second line
    return r;
}

} // namespace rp::applog_detail

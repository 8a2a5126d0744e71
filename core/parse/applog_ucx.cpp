// SPDX-License-Identifier: GPL-3.0-or-later
// UCX's log lines (see applog_scan.h). Formats from openucx/ucx: src/ucs/debug/log.c ("[sec.usec] [host:pid:thread]
// file.c:line UCX  LEVEL message", one prefixed line per line of a message), src/uct/ib/base/ib_device.c
// ("ibv_create_ah(dlid=%d sl=%d port=%d src_path_bits=%d dgid=%s flow_label=0x%x sgid_index=%d traffic_class=%d)
// [for %s] on %s failed: %m", "%s:%d using gid_index=%d ver=%d ...", older "%s:%d using gid_index %d"),
// src/uct/ib/mlx5/ib_mlx5_log.c (completion syndromes "Transport retry count exceeded on %s:%d/%s (synd ...)" and the
// peer dump "[rqpn 0x%x ... sgix %d dgid %s tc %d]"), src/uct/ib/rc/verbs ("send completion with error: %s").
#include "parse/applog_scan.h"

#include "util/text.h"

#include <array>

namespace rp::applog_detail {

namespace {

constexpr std::array<std::string_view, 14> kUcxLevels = { "FATAL", "ERROR", "WARN", "DIAG", "INFO", "DEBUG", "TRACE",
    "REQ", "DATA", "ASYNC", "FUNC", "POLL", "PRINT", "TRACE_REQ" };

/// Where the message starts after "file.c:123 UCX  ERROR ", and the level; npos when the line has no such part.
std::size_t ucxMessageStart(std::string_view t, std::string_view& level)
{
    std::size_t from = 0;
    for (int tries = 0; tries < 4; ++tries) {
        auto pos = findWord(t, "UCX ", from);
        if (pos == std::string_view::npos)
            return pos;
        from = pos + 1;
        auto i = pos + 3;
        while (i < t.size() && t[i] == ' ')
            ++i;
        auto j = i;
        while (j < t.size() && ((t[j] >= 'A' && t[j] <= 'Z') || t[j] == '_'))
            ++j;
        auto word = t.substr(i, j - i);
        bool known = false;
        for (auto l : kUcxLevels)
            known = known || word == l;
        if (!known || (j < t.size() && t[j] != ' '))
            continue;
        // Before "UCX": the source location ("ib_device.c:1455"), or nothing at all.
        auto before = trimRight(t.substr(0, pos));
        auto space = before.rfind(' ');
        auto location = before.substr(space == std::string_view::npos ? 0 : space + 1);
        auto colon = location.rfind(':');
        bool isLocation = colon != std::string_view::npos
            && location.substr(0, colon).find('.') != std::string_view::npos && intAt(location, colon + 1).has_value();
        if (!before.empty() && !isLocation)
            continue;
        level = word;
        while (j < t.size() && t[j] == ' ')
            ++j;
        return j;
    }
    return std::string_view::npos;
}

/// "[1718224849.578624] [gds1:1761229:0]": the host of the second bracket.
std::string ucxHostOf(std::string_view prefix)
{
    std::size_t i = 0;
    for (int tries = 0; tries < 4; ++tries) {
        auto open = prefix.find('[', i);
        if (open == std::string_view::npos)
            return {};
        auto close = prefix.find(']', open);
        if (close == std::string_view::npos)
            return {};
        auto inner = prefix.substr(open + 1, close - open - 1);
        i = close + 1;
        auto colon = inner.find(':');
        if (colon == std::string_view::npos || colon == 0 || colon > 255)
            continue;
        if (auto host = inner.substr(0, colon); isHostName(host))
            return std::string(host);
    }
    return {};
}

/// "... on mlx5_0:1/RoCE (synd ...", "... with error on mlx5_0/0x55d0...": the device (and port) after " on ".
void ucxDeviceOn(std::string_view msg, AppLogEvent& e)
{
    auto pos = msg.rfind(" on ");
    if (pos == std::string_view::npos)
        return;
    auto word = wordAfter(msg.substr(pos), " on ");
    deviceAndPort(word.substr(0, word.find('/')), e);
}

/// The address attributes UCX prints for an address handle or a QP's peer, in its two spellings.
void ucxAddress(std::string_view msg, AppLogEvent& e)
{
    e.peerGid = gidAfter(msg, "dgid=");
    if (e.peerGid.empty())
        e.peerGid = gidAfter(msg, "dgid ");
    e.gidIndex = intAfter(msg, "sgid_index=");
    if (!e.gidIndex)
        e.gidIndex = intAfter(msg, "sgix ");
    e.trafficClass = intAfter(msg, "traffic_class=");
    if (!e.trafficClass)
        e.trafficClass = intAfter(msg, " tc ");
    e.serviceLevel = intAfter(msg, " sl=");
    if (auto p = intAfter(msg, " port="); p && *p >= 0 && *p < 256)
        e.port = p;
    if (e.trafficClass && (*e.trafficClass < 0 || *e.trafficClass > 255))
        e.trafficClass.reset();
    if (e.serviceLevel && (*e.serviceLevel < 0 || *e.serviceLevel > 15))
        e.serviceLevel.reset();
}

/// `ucx_info -d` ("# Memory domain: efa_0", "#   Device: efa_0:1", openucx src/tools/info/tl_info.c; the indent
/// varies between releases, so it is trimmed): an EFA device is the one fact its listing gives here; it says the
/// host's RDMA is not RoCE.
FamilyRead ucxInfoEfa(const LogText& x)
{
    FamilyRead r;
    if (!x.t.starts_with('#'))
        return r;
    auto rest = trim(x.t.substr(1));
    std::string_view name;
    for (std::string_view key : { "Memory domain:", "Device:" })
        if (rest.starts_with(key))
            name = trim(rest.substr(key.size()));
    if (!name.starts_with("efa"))
        return r;
    r.mine = true;
    AppLogEvent e;
    e.kind = "efa";
    deviceAndPort(name, e);
    r.events.push_back(std::move(e));
    return r;
}

} // namespace

/// ucs_fatal's own format, without the "UCX LEVEL" part: "[host:pid:0:tid]    ud_iface.c:781  Fatal: transport
/// error: Endpoint timeout" (src/ucs/debug/log.c). The UD transport's endpoint timeout is the peer never answering.
FamilyRead ucxFatal(const LogText& x)
{
    FamilyRead r;
    // Whatever a launcher put before it ("Tue Apr 10 02:29:25 2018[1,383]<stderr>:") stays out of the way.
    // ucs_fatal prints "Fatal:", an error completion logged at fatal level (ib_mlx5_log.c) "FATAL:".
    auto fatal = x.t.find(" Fatal: ");
    if (fatal == std::string_view::npos)
        fatal = x.t.find(" FATAL: ");
    if (fatal == std::string_view::npos || fatal > 240)
        return r;
    auto close = x.t.rfind(']', fatal);
    auto open = close == std::string_view::npos ? close : x.t.rfind('[', close);
    if (open == std::string_view::npos)
        return r;
    auto head = x.t.substr(open, close + 1 - open);
    auto file = trim(x.t.substr(close + 1, fatal - close - 1));
    auto colon = file.rfind(':');
    if (head.empty() || head.find(':') == std::string_view::npos || colon == std::string_view::npos
        || !file.substr(0, colon).ends_with(".c") || !allDigits(file.substr(colon + 1)))
        return r;
    r.mine = true;
    r.host = ucxHostOf(head);
    AppLogEvent e = classifyError(x);
    // "transport error: Endpoint timeout", "UD endpoint 0x... to <no debug data>: unhandled timeout error": the
    // UD transport gave up on a peer that never answered.
    if (x.has("endpoint timeout") || (x.has("ud endpoint") && x.has("timeout")))
        e.kind = "peer-timeout";
    r.events.push_back(std::move(e));
    return r;
}

namespace {

/// One lane of UCX's endpoint dump (ucp_ep.c, printed with UCX_LOG_LEVEL=info or by its tests):
/// "#   lane[1]:  2:rc_verbs/mlx5_1:1.0 md[1]  -> md[0]/ib/sysdev[255] rma_bw#0": the transport and device:port the
/// lane's QP is on, the local memory domain's index and the peer's one it connects to.
FamilyRead ucxEndpointLane(const LogText& x)
{
    FamilyRead r;
    if (!x.t.starts_with('#'))
        return r;
    auto rest = trim(x.t.substr(1));
    if (!rest.starts_with("lane["))
        return r;
    const auto colon = rest.find("]:");
    if (colon == std::string_view::npos)
        return r;
    auto resource = trim(rest.substr(colon + 2)); // "2:rc_verbs/mlx5_1:1.0 md[1] ..."
    resource = resource.substr(0, resource.find(' '));
    const auto slash = resource.find('/');
    if (slash == std::string_view::npos)
        return r;
    resource = resource.substr(slash + 1);
    if (auto dot = resource.rfind('.'); dot != std::string_view::npos && dot > resource.find(':'))
        resource = resource.substr(0, dot); // the path index after the port
    const auto arrow = rest.find("-> md[");
    const auto local = rest.find(" md[");
    if (arrow == std::string_view::npos || local == std::string_view::npos || local > arrow || resource.size() > 64)
        return r;
    r.mine = true;
    AppLogEvent e;
    e.kind = "device";
    deviceAndPort(resource, e);
    e.localMd = intAt(rest, local + 4);
    e.remoteMd = intAt(rest, arrow + 6);
    r.events.push_back(std::move(e));
    return r;
}

} // namespace

FamilyRead readUcxLine(const LogText& x)
{
    FamilyRead r;
    std::string_view level;
    auto start = ucxMessageStart(x.t, level);
    if (start == std::string_view::npos) {
        if (auto fatal = ucxFatal(x); fatal.mine)
            return fatal;
        if (auto lane = ucxEndpointLane(x); lane.mine)
            return lane;
        return ucxInfoEfa(x);
    }
    r.mine = true;
    r.host = ucxHostOf(x.t.substr(0, start));
    auto msg = x.t.substr(start);
    auto lowMsg = std::string_view(x.low).substr(start);
    auto has = [&](std::string_view w) { return lowMsg.find(w) != std::string_view::npos; };
    bool error = level == "ERROR" || level == "FATAL" || level == "WARN" || level == "DIAG";

    if (msg.starts_with("ibv_create_ah(") || (has("ibv_create_ah") && has("fail"))) {
        AppLogEvent e = classifyError(x);
        e.kind = "create-ah-error";
        e.wcStatus.reset();
        ucxAddress(msg, e);
        // "... traffic_class=106) for UD verbs connect on mlx5_0 failed: ...": the device before " failed".
        auto failed = msg.rfind(" failed");
        auto on = failed == std::string_view::npos ? failed : msg.rfind(" on ", failed);
        if (on != std::string_view::npos)
            deviceAndPort(wordAfter(msg.substr(on), " on "), e);
        r.events.push_back(std::move(e));
        return r;
    }
    if (auto pos = lowMsg.find(" using gid_index"); pos != std::string_view::npos) {
        AppLogEvent e;
        e.kind = "gid-in-use";
        auto before = trimRight(msg.substr(0, pos));
        auto space = before.rfind(' ');
        deviceAndPort(before.substr(space == std::string_view::npos ? 0 : space + 1), e);
        e.gidIndex = intAfter(msg.substr(pos), "gid_index");
        r.events.push_back(std::move(e));
        return r;
    }
    auto status = wcStatusNamed(lowMsg);
    if (status || has("completion with error") || has("completion[")) {
        if (!status && !error)
            return r;
        AppLogEvent e = classifyError(x);
        e.kind = "completion-error";
        e.errnoValue.reset();
        ucxDeviceOn(msg, e);
        if (e.device.find("0x") == 0)
            e.device.clear();
        r.events.push_back(std::move(e));
        return r;
    }
    if (has("dgid")) {
        // The second line of a completion error: the peer the QP talked to.
        AppLogEvent e;
        e.kind = "peer-gid";
        ucxAddress(msg, e);
        if (!e.peerGid.empty()) {
            r.events.push_back(std::move(e));
            return r;
        }
    }
    if (!error)
        return r;
    AppLogEvent e = classifyError(x);
    if (auto dev = wordAfter(msg, "dev="); !dev.empty())
        deviceAndPort(dev, e); // "ibv_query_gid(dev=mlx5_0 port=1 index=3) failed: ..."
    else if (auto gid = lowMsg.find("invalid gid["); gid != std::string_view::npos)
        ucxDeviceOn(msg, e);
    if (!e.port)
        if (auto p = intAfter(msg, "port="); p && *p >= 0 && *p < 256)
            e.port = p;
    if (auto idx = intAfter(msg, "index="))
        e.gidIndex = idx;
    else if (auto gidIdx = intAfter(lowMsg, "invalid gid["))
        e.gidIndex = gidIdx;
    r.events.push_back(std::move(e));
    return r;
}

} // namespace rp::applog_detail

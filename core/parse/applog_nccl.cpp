// SPDX-License-Identifier: GPL-3.0-or-later
// NCCL's log lines (see applog_scan.h). Formats from NVIDIA/nccl: src/debug.cc (the "host:pid:tid [dev] NCCL
// INFO|WARN" prefix, WARN with "file:line (func)" before the level), src/misc/param.cc ("%s set by environment to
// %lld."), src/transport/net_ib (2.12 .. 2.30: the QP info line "... mtu %d GID %ld (%lX/%lX)", "Got completion from
// peer %s with error %d, ..." later "with status=%d ..." and "status=%s(%d)", "NET/IB : Using [%d]%s:%d/%s",
// "NET/IB : No device found."), src/misc/ibvwrap.cc ("Call to ibv_modify_qp failed with ...").
#include "parse/applog_scan.h"

#include "util/text.h"

namespace rp::applog_detail {

namespace {

/// "node1:1234:1250" (perhaps glued to mpirun's "[1,0]<stdout>:") before the level: the host, or empty.
std::string ncclHostOf(std::string_view prefix)
{
    std::size_t i = 0;
    while (i < prefix.size()) {
        while (i < prefix.size() && prefix[i] == ' ')
            ++i;
        auto j = prefix.find(' ', i);
        auto token = prefix.substr(i, j == std::string_view::npos ? std::string_view::npos : j - i);
        i = j == std::string_view::npos ? prefix.size() : j;
        auto tid = token.rfind(':');
        if (tid == std::string_view::npos || tid == 0)
            continue;
        auto pid = token.rfind(':', tid - 1);
        if (pid == std::string_view::npos || pid == 0)
            continue;
        if (!allDigits(token.substr(pid + 1, tid - pid - 1)) || !allDigits(token.substr(tid + 1)))
            continue;
        auto start = token.rfind(':', pid - 1);
        auto host = token.substr(
            start == std::string_view::npos ? 0 : start + 1, start == std::string_view::npos ? pid : pid - start - 1);
        if (isHostName(host))
            return std::string(host);
    }
    return {};
}

/// "NET/IB : Using [0]mlx5_0:1/RoCE [1]mlx5_1:1:2/IB [RO]; OOB eth0:10.0.0.1<0>": one device event per NIC.
void ncclUsingDevices(std::string_view msg, std::vector<AppLogEvent>& out)
{
    auto end = msg.find(';');
    auto list = msg.substr(0, end);
    std::size_t i = 0;
    while (out.size() < 64) {
        auto open = list.find('[', i);
        if (open == std::string_view::npos)
            break;
        auto close = list.find(']', open);
        if (close == std::string_view::npos)
            break;
        i = close + 1;
        std::size_t numberEnd = 0;
        if (!intAt(list, open + 1, &numberEnd) || numberEnd != close)
            continue; // "[RO]"
        auto stop = list.find(' ', i);
        auto token = list.substr(i, stop == std::string_view::npos ? std::string_view::npos : stop - i);
        AppLogEvent e;
        e.kind = "device";
        deviceAndPort(token.substr(0, token.find('/')), e);
        if (!e.device.empty())
            out.push_back(std::move(e));
    }
}

/// "NET/IB: [0] mlx5_0:uverbs0:1/RoCE provider=Mlx5 speed=..." (2.2x): the device and its port.
bool ncclDeviceDetail(std::string_view msg, std::vector<AppLogEvent>& out)
{
    auto close = msg.find("] ");
    if (close == std::string_view::npos || msg.find("provider=") == std::string_view::npos)
        return false;
    auto token = wordAfter(msg.substr(close), "] ");
    auto slash = token.find('/');
    auto names = token.substr(0, slash);
    auto lastColon = names.rfind(':');
    auto firstColon = names.find(':');
    if (lastColon == std::string_view::npos)
        return false;
    AppLogEvent e;
    e.kind = "device";
    deviceAndPort(names.substr(0, firstColon), e);
    if (auto p = intAt(names, lastColon + 1); p && *p >= 0 && *p < 256)
        e.port = p;
    if (e.device.empty())
        return false;
    out.push_back(std::move(e));
    return true;
}

/// "... Port 1 qpn 1234 mtu 5 GID 3 (80FE/604655FEFF078A26) ...": the GID the connection's QPs use.
bool ncclQpInfo(const LogText& x, std::string_view msg, std::vector<AppLogEvent>& out)
{
    auto g = findWord(msg, "GID ");
    AppLogEvent e;
    if (g != std::string_view::npos) {
        std::size_t end = 0;
        auto index = intAt(msg, g + 4, &end);
        if (!index || end + 2 > msg.size() || msg.substr(end, 2) != " (")
            return false;
        auto close = msg.find(')', end);
        auto slash = msg.find('/', end);
        if (close == std::string_view::npos || slash == std::string_view::npos || slash > close)
            return false;
        e.kind = "gid-in-use";
        e.gidIndex = index;
        e.gid = gidFromNcclHalves(msg.substr(end + 2, slash - end - 2), msg.substr(slash + 1, close - slash - 1));
    } else if (x.has(" lid ") && findWord(msg, "mtu ") != std::string_view::npos) {
        e.kind = "device"; // InfiniBand: LID and subnet prefix, no GID
    } else {
        return false;
    }
    if (auto m = intAfter(msg, "mtu "))
        e.mtu = mtuBytes(*m);
    if (auto p = intAfter(msg, "Port "); p && *p >= 0 && *p < 256)
        e.port = p;
    out.push_back(std::move(e));
    return true;
}

/// "X set by environment to V." / "X set to V".
bool ncclSetting(std::string_view msg, std::vector<AppLogEvent>& out)
{
    for (std::string_view key : { " set by environment to ", " set to " }) {
        auto pos = msg.find(key);
        if (pos == std::string_view::npos)
            continue;
        auto name = msg.substr(0, pos);
        name = name.substr(name.rfind(' ') == std::string_view::npos ? 0 : name.rfind(' ') + 1);
        if (familyOfVariable(name).empty())
            continue;
        auto value = trim(msg.substr(pos + key.size()));
        if (value.ends_with('.'))
            value.remove_suffix(1); // param.cc ends the sentence: "... set by environment to 3."
        out.push_back(settingEvent(name, value));
        return true;
    }
    return false;
}

void ncclCompletion(const LogText& x, std::string_view msg, std::vector<AppLogEvent>& out)
{
    AppLogEvent e = classifyError(x);
    e.kind = "completion-error";
    e.errnoValue.reset();
    e.gid = gidAfter(msg, "localGid");
    if (auto pos = msg.find("remoteGid"); pos != std::string_view::npos) {
        auto rest = msg.substr(pos + 9);
        if (rest.starts_with('s'))
            rest.remove_prefix(1); // " remoteGids" is printed without a space before the GID
        e.peerGid = gidFromText(wordAfter(rest, ""));
    }
    if (auto hca = wordAfter(msg, " hca "); !hca.empty())
        deviceAndPort(hca, e);
    out.push_back(std::move(e));
}

void ncclModifyQp(const LogText& x, std::string_view msg, std::vector<AppLogEvent>& out)
{
    AppLogEvent e = classifyError(x);
    e.kind = "modify-qp-error";
    e.wcStatus.reset();
    if (auto dev = wordAfter(msg, "on dev "); !dev.empty())
        deviceAndPort(dev, e);
    e.gidIndex = intAfter(msg, "local GID index ");
    e.gid = gidAfter(msg, "local GID ");
    e.peerGid = gidAfter(msg, "remote GID ");
    out.push_back(std::move(e));
}

} // namespace

/// NCCL before 2.4 printed "host:pid:tid [0] misc/ibvwrap.cu:61 WARN ...": WARN right after the source file and line,
/// without the word NCCL. The position of that WARN, or npos.
std::size_t oldWarnMarker(std::string_view t)
{
    auto w = findWord(t, "WARN");
    if (w == std::string_view::npos || w < 4 || t.find("] ") > w)
        return std::string_view::npos;
    auto before = trim(t.substr(0, w));
    auto source = before.substr(before.rfind(' ') == std::string_view::npos ? 0 : before.rfind(' ') + 1);
    auto colon = source.rfind(':');
    if (colon == std::string_view::npos || colon + 1 >= source.size() || !allDigits(source.substr(colon + 1)))
        return std::string_view::npos;
    auto file = source.substr(0, colon);
    for (std::string_view ext : { ".cc", ".cu", ".h", ".cpp", ".c" })
        if (file.ends_with(ext))
            return w;
    return std::string_view::npos;
}

/// What NCCL says about its own environment before it looks at any NIC: libibverbs is not there (so IB/RoCE is off
/// for it), or no IP interface its sockets can use (ibvwrap.cc / ibvsymbols.cc, socket.cc, bootstrap.cc,
/// net_socket.cc). False when the message is neither.
bool ncclEnvironment(const LogText& x, std::string_view lowMsg, std::vector<AppLogEvent>& out)
{
    auto has = [&](std::string_view w) { return lowMsg.find(w) != std::string_view::npos; };
    AppLogEvent e;
    if (has("failed to open libibverbs"))
        e.kind = "no-verbs-library";
    else if (has("socket creation failed") || has("no socket interface found") || has("no usable listening interface")
        || (has("net/socket") && has("no interface found")))
        e.kind = "no-socket-interface";
    else
        return false;
    if (e.kind == "no-socket-interface")
        e.errnoValue = errnoIn(x);
    out.push_back(std::move(e));
    return true;
}

FamilyRead readNcclLine(const LogText& x)
{
    FamilyRead r;
    auto t = x.t;
    std::string_view level;
    std::size_t marker = std::string_view::npos;
    for (std::string_view l : { "NCCL INFO", "NCCL WARN", "NCCL TRACE", "NCCL CALL" }) {
        marker = findWord(t, l);
        if (marker != std::string_view::npos) {
            level = l;
            break;
        }
    }
    if (marker == std::string_view::npos) {
        marker = oldWarnMarker(t);
        if (marker != std::string_view::npos)
            level = "WARN";
    }
    std::string_view msg;
    bool warn = false;
    if (marker != std::string_view::npos) {
        r.host = ncclHostOf(t.substr(0, marker));
        msg = trim(t.substr(marker + level.size()));
        warn = level == "NCCL WARN" || level == "WARN";
    } else if (auto net = findWord(t, "NET/IB"); net != std::string_view::npos) {
        // Without the prefix: what PyTorch quotes after "Last error:", or a line copied out of a log.
        msg = t.substr(net);
        warn = soundsLikeError(x);
    } else if (t.starts_with("NCCL version ")) {
        r.mine = true;
        return r;
    } else {
        return r;
    }
    r.mine = true;
    if (level == "NCCL TRACE" || level == "NCCL CALL" || msg.starts_with("HINT"))
        return r; // TRACE prints successful completions too; HINTs name variables in prose
    const auto offset = static_cast<std::size_t>(msg.data() - t.data());
    const std::string_view lowMsg = std::string_view(x.low).substr(offset, msg.size());
    auto has = [&](std::string_view w) { return lowMsg.find(w) != std::string_view::npos; };
    if (ncclSetting(msg, r.events))
        return r;
    if (ncclEnvironment(x, lowMsg, r.events))
        return r;
    if (has("got completion from peer") && (warn || has("status=") || has("with error"))) {
        ncclCompletion(x, msg, r.events);
        return r;
    }
    if (has("ibv_modify_qp") && has("fail")) {
        ncclModifyQp(x, msg, r.events);
        return r;
    }
    if (has("net/ib") && (has(": using [") || has(": using  [") || has(" using ["))) {
        ncclUsingDevices(msg.substr(msg.find("sing") + 4), r.events);
        return r;
    }
    if (has("net/ib") && ncclDeviceDetail(msg, r.events))
        return r;
    if (has("no device found")) {
        AppLogEvent e;
        e.kind = "no-device";
        r.events.push_back(std::move(e));
        return r;
    }
    // "Using network Socket" (init.cc) and "NET/Socket : Using [0]eth0:..." (net_socket.cc): NCCL chose TCP. Which
    // of "no device" and "IB disabled" made it do so is for the rule to read from the lines around it.
    if ((msg.starts_with("Using network ") && wordAfter(msg, "Using network ") == "Socket")
        || (has("net/socket") && has(" using ["))) {
        AppLogEvent e;
        e.kind = "socket-transport";
        r.events.push_back(std::move(e));
        return r;
    }
    if (msg.starts_with("Using network "))
        return r;
    // aws-ofi-nccl (its lines start "NET/OFI", src/nccl_ofi_net.cpp and the protocols' init): libfabric offered no
    // provider for this node, so NCCL has no OFI network. "No data available" is FI_ENODATA (61).
    if (has("net/ofi")
        && (has("fi_getinfo() call failed") || has("no eligible providers were found")
            || has("unable to find a protocol that worked") || has("couldn't open a fabric provider"))) {
        AppLogEvent e = classifyError(x);
        e.kind = "no-device";
        e.driver = "libfabric";
        if (has("no data available") || has("no eligible providers"))
            e.errnoValue = 61;
        r.events.push_back(std::move(e));
        return r;
    }
    // aws-ofi-nccl: "NET/OFI Selected Provider is efa (found 4 nics)": NCCL runs over EFA, not RoCE. "Setting
    // provider_filter to efa" (platform-aws.cpp) says it looks for EFA only.
    if (has("net/ofi") && (has("selected provider is efa") || has("setting provider_filter to efa"))) {
        AppLogEvent e;
        e.kind = "efa";
        r.events.push_back(std::move(e));
        return r;
    }
    if (has("qp") && ncclQpInfo(x, msg, r.events))
        return r;
    if (!warn)
        return r;
    AppLogEvent e = classifyError(x);
    if (has("ibv_create_ah"))
        e.kind = "create-ah-error";
    // "NET/IB : mlx5_0:1 async fatal event: ..." / "NET/IB : mlx5_0:1 GID table changed".
    if (auto dev = wordAfter(msg, "NET/IB : "); dev.find(':') != std::string_view::npos && dev.size() < 64)
        deviceAndPort(dev, e);
    r.events.push_back(std::move(e));
    return r;
}

} // namespace rp::applog_detail

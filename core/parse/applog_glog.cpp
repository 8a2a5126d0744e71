// SPDX-License-Identifier: GPL-3.0-or-later
// glog-style lines of RDMA engines (see applog_scan.h): the "I1126 12:00:00.123456  1234 file.cpp:123] " header
// (glog; newer glog prints the year too: "I20241126 ..."), then the engine's message. Formats from
// kvcache-ai/Mooncake (transfer engine rdma_context.cpp: "RDMA device: %s, LID: %d, GID: (GID_Index %d) <16 hex
// bytes>", "Find best gid index: %d on %s/%d", "Using user-specified GID index: %d on %s/%d"; rdma_endpoint.cpp:
// "[Handshake] Failed to modify QP to RTR, check mtu, gid, peer lid, peer qp num: local=..., local_gid=...,
// local_gid_index=..., peer_gid=..., path_mtu=..., port_num=...: <strerror>"; worker_pool.cpp: "Worker: Process
// failed for slice (..., local_nic: %s, ...): <ibv_wc_status_str>"), uccl-project/uccl ("%s uses gid_idx %d",
// "CQE error, wr_id=..., status=%d (%s)"), apache/brpc rdma ("RDMA device: %s", "RDMA GID Index: %d", "Fail to
// modify QP from INIT to RTR: %s", "Fail to handle RDMA completion, error status(%d)").
#include "parse/applog_scan.h"

#include "util/text.h"

namespace rp::applog_detail {

namespace {

/// Where the message of a glog line starts (after "file:line] "), and its severity letter; npos when none.
std::size_t glogMessageStart(std::string_view t, char& severity)
{
    for (std::size_t p = 0; p < t.size() && p < 160; ++p) {
        char c = t[p];
        if ((c != 'I' && c != 'W' && c != 'E' && c != 'F') || (p > 0 && t[p - 1] != ' ' && t[p - 1] != '['))
            continue;
        std::size_t i = p + 1, digits = 0;
        while (i < t.size() && isDigit(t[i]) && digits < 9) {
            ++i;
            ++digits;
        }
        if ((digits != 4 && digits != 8) || i + 9 > t.size() || t[i] != ' ')
            continue;
        ++i;
        if (!(isDigit(t[i]) && isDigit(t[i + 1]) && t[i + 2] == ':' && isDigit(t[i + 3]) && isDigit(t[i + 4])
                && t[i + 5] == ':' && isDigit(t[i + 6]) && isDigit(t[i + 7])))
            continue;
        i += 8;
        if (i < t.size() && t[i] == '.')
            ++i;
        while (i < t.size() && isDigit(t[i]))
            ++i;
        while (i < t.size() && t[i] == ' ')
            ++i;
        auto tidStart = i;
        while (i < t.size() && isDigit(t[i]))
            ++i;
        if (i == tidStart || i >= t.size() || t[i] != ' ')
            continue;
        auto close = t.find("] ", i);
        if (close == std::string_view::npos || close - i > 256)
            continue;
        auto location = trim(t.substr(i, close - i));
        auto colon = location.rfind(':');
        if (colon == std::string_view::npos || !intAt(location, colon + 1))
            continue;
        severity = c;
        return close + 2;
    }
    return std::string_view::npos;
}

/// "on mlx5_0/1" (Mooncake's device/port), "on mlx5_0": device and port.
void glogDeviceOn(std::string_view msg, AppLogEvent& e)
{
    auto word = wordAfter(msg, " on ");
    if (word.empty())
        return;
    auto slash = word.find('/');
    deviceAndPort(word.substr(0, slash), e);
    if (!e.device.empty() && slash != std::string_view::npos)
        if (auto p = intAt(word, slash + 1); p && *p >= 0 && *p < 256)
            e.port = p;
}

/// Mooncake's "host@mlx5_0" NIC path: the device after '@'.
void glogNicPath(std::string_view word, AppLogEvent& e)
{
    auto at = word.rfind('@');
    deviceAndPort(at == std::string_view::npos ? word : word.substr(at + 1), e);
}

bool aboutRdma(const LogText& x)
{
    for (std::string_view w :
        { "rdma", "ibv", " qp", "qp ", "gid", "cqe", "completion", "roce", "mlx5", "verbs", "nic", "handshake" })
        if (x.has(w))
            return true;
    return false;
}

} // namespace

FamilyRead readGlogLine(const LogText& x)
{
    FamilyRead r;
    char severity = 'I';
    auto start = glogMessageStart(x.t, severity);
    if (start == std::string_view::npos)
        return r;
    r.mine = true;
    auto msg = x.t.substr(start);
    auto lowMsg = std::string_view(x.low).substr(start);
    auto has = [&](std::string_view w) { return lowMsg.find(w) != std::string_view::npos; };

    if (has("modify qp") && soundsLikeError(x)) {
        AppLogEvent e = classifyError(x);
        e.kind = "modify-qp-error";
        e.wcStatus.reset();
        e.gid = gidAfter(msg, "local_gid=");
        e.gidIndex = intAfter(msg, "local_gid_index=");
        e.peerGid = gidAfter(msg, "peer_gid=");
        if (auto m = intAfter(msg, "path_mtu="))
            e.mtu = mtuBytes(*m);
        if (auto p = intAfter(msg, "port_num="); p && *p >= 0 && *p < 256)
            e.port = p;
        if (auto local = wordAfter(msg, "local="); !local.empty())
            glogNicPath(local, e);
        r.events.push_back(std::move(e));
        return r;
    }
    if (has("process failed for slice") || has("cqe error") || has("rdma completion, error status")
        || (has("check failed") && has("wc->status"))) {
        AppLogEvent e = classifyError(x);
        e.kind = "completion-error";
        e.errnoValue.reset();
        if (auto nic = wordAfter(msg, "local_nic: "); !nic.empty())
            glogNicPath(nic, e);
        r.events.push_back(std::move(e));
        return r;
    }
    if (auto dev = lowMsg.find("rdma device: "); dev != std::string_view::npos) {
        AppLogEvent e;
        deviceAndPort(wordAfter(msg.substr(dev), "RDMA device: "), e);
        if (auto gi = msg.find("GID_Index"); gi != std::string_view::npos) {
            e.kind = "gid-in-use";
            e.gidIndex = intAfter(msg.substr(gi), "GID_Index");
            auto close = msg.find(") ", gi);
            if (close != std::string_view::npos)
                e.gid = gidFromText(wordAfter(msg.substr(close), ") "));
        } else {
            e.kind = "device";
        }
        if (!e.device.empty()) {
            r.events.push_back(std::move(e));
            return r;
        }
    }
    if (!soundsLikeError(x)) {
        AppLogEvent e;
        e.kind = "gid-in-use";
        if (auto v = intAfter(lowMsg, "gid index: ")) { // Mooncake, brpc
            e.gidIndex = v;
            glogDeviceOn(msg, e);
        } else if (auto g = intAfter(lowMsg, "auto gid[")) { // Mooncake's VLOG
            e.gidIndex = g;
            glogDeviceOn(msg, e);
        } else if (auto pos = lowMsg.find(" uses gid_idx "); pos != std::string_view::npos) { // UCCL
            e.gidIndex = intAt(lowMsg, pos + 14);
            auto before = trimRight(msg.substr(0, pos));
            auto space = before.rfind(' ');
            deviceAndPort(before.substr(space == std::string_view::npos ? 0 : space + 1), e);
        }
        if (e.gidIndex)
            r.events.push_back(std::move(e));
        return r;
    }
    if (severity == 'I' || !aboutRdma(x))
        return r;
    AppLogEvent e = classifyError(x);
    glogDeviceOn(msg, e);
    if (auto g = intAfter(msg, "GID "); g && has("gid"))
        e.gidIndex = g; // "Failed to query GID 3 on mlx5_0/1: ..."
    r.events.push_back(std::move(e));
    return r;
}

} // namespace rp::applog_detail

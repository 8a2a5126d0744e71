// SPDX-License-Identifier: GPL-3.0-or-later
// What the application-log readers share (see applog_scan.h): numbers, GIDs, errno and completion status as the
// families print them, and the kind of an error line.
#include "parse/applog_scan.h"

#include "parse/gid.h"
#include "util/text.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <utility>

namespace rp::applog_detail {

namespace {

/// rdma-core's ibv_wc_status_str() strings and the other spellings of the same statuses (IBV_WC_* names, Open
/// MPI's btl_openib names, UCX's mlx5 syndrome texts), lower case. The more specific spelling of a pair that
/// contains another comes first. Left out: spellings that are ordinary English in other messages ("fatal error",
/// "general error", "success").
constexpr auto kWcStatusNames = std::to_array<std::pair<std::string_view, int>>({
    { "ibv_wc_loc_len_err", 1 },
    { "ibv_wc_loc_qp_op_err", 2 },
    { "ibv_wc_loc_eec_op_err", 3 },
    { "ibv_wc_loc_prot_err", 4 },
    { "ibv_wc_wr_flush_err", 5 },
    { "ibv_wc_mw_bind_err", 6 },
    { "ibv_wc_bad_resp_err", 7 },
    { "ibv_wc_loc_access_err", 8 },
    { "ibv_wc_rem_inv_req_err", 9 },
    { "ibv_wc_rem_access_err", 10 },
    { "ibv_wc_rem_op_err", 11 },
    { "ibv_wc_retry_exc_err", 12 },
    { "ibv_wc_rnr_retry_exc_err", 13 },
    { "ibv_wc_loc_rdd_viol_err", 14 },
    { "ibv_wc_rem_inv_rd_req_err", 15 },
    { "ibv_wc_rem_abort_err", 16 },
    { "ibv_wc_inv_eecn_err", 17 },
    { "ibv_wc_inv_eec_state_err", 18 },
    { "ibv_wc_fatal_err", 19 },
    { "ibv_wc_resp_timeout_err", 20 },
    { "ibv_wc_general_err", 21 },
    // rdma-core libibverbs/enum_strs.c
    { "local length error", 1 },
    { "local qp operation error", 2 },
    { "local ee context operation error", 3 },
    { "local protection error", 4 },
    { "work request flushed error", 5 },
    { "memory management operation error", 6 },
    { "bad response error", 7 },
    { "local access error", 8 },
    { "remote invalid request error", 9 },
    { "remote access error", 10 },
    { "remote operation error", 11 },
    { "transport retry counter exceeded", 12 },
    { "rnr retry counter exceeded", 13 },
    { "local rdd violation error", 14 },
    { "remote invalid rd request", 15 },
    { "invalid ee context number", 17 },
    { "invalid ee context state", 18 },
    { "response timeout error", 20 },
    // Open MPI btl_openib_component_status_to_string()
    { "local protocol error", 4 },
    { "memory window bind error", 6 },
    { "invalid request error", 9 },
    { "receiver not ready retry exceeded error", 13 },
    { "retry exceeded error", 12 },
    { "invalid read request error", 15 },
    { "remote abort error", 16 },
    { "invalid eecn error", 17 },
    { "invalid eec state error", 18 },
    // UCX uct_ib_mlx5_completion_with_err() syndromes
    { "wr flushed because qp in error state", 5 },
    { "receive-no-ready retry count exceeded", 13 },
    { "transport retry count exceeded", 12 },
    { "remote side aborted", 16 },
    // Shorter forms applications print
    { "rnr retry exceeded", 13 },
    { "rnr_retry_exc_err", 13 },
    { "retry_exc_err", 12 },
    { "wr_flush_err", 5 },
    { "loc_prot_err", 4 },
    { "rem_access_err", 10 },
    { "rem_op_err", 11 },
    { "loc_len_err", 1 },
    { "rem_inv_req_err", 9 },
    { "loc_qp_op_err", 2 },
});

/// Linux strerror() texts of the errno values RDMA failures carry, lower case; the longer of two that share a
/// start comes first. "Protocol error" (71) is left out: Open MPI's "LOCAL PROTOCOL ERROR" is a completion status.
constexpr auto kErrnoTexts = std::to_array<std::pair<std::string_view, int>>({
    { "operation not permitted", 1 },
    { "no such file or directory", 2 },
    { "interrupted system call", 4 },
    { "input/output error", 5 },
    { "no such device or address", 6 },
    { "resource temporarily unavailable", 11 },
    { "cannot allocate memory", 12 },
    { "permission denied", 13 },
    { "bad address", 14 },
    { "device or resource busy", 16 },
    { "no such device", 19 },
    { "invalid argument", 22 },
    { "no space left on device", 28 },
    { "no data available", 61 },
    { "operation not supported", 95 },
    { "address family not supported by protocol", 97 },
    { "address already in use", 98 },
    { "cannot assign requested address", 99 },
    { "network is down", 100 },
    { "network is unreachable", 101 },
    { "software caused connection abort", 103 },
    { "connection reset by peer", 104 },
    { "transport endpoint is not connected", 107 },
    { "connection timed out", 110 },
    { "connection refused", 111 },
    { "host is down", 112 },
    { "no route to host", 113 },
    { "operation already in progress", 114 },
    { "operation now in progress", 115 },
    { "remote i/o error", 121 },
    { "operation canceled", 125 },
    { "no message of desired type", 42 },
    { "function not implemented", 38 },
});

bool hasAny(const LogText& x, std::initializer_list<std::string_view> words)
{
    for (auto w : words)
        if (x.has(w))
            return true;
    return false;
}

std::optional<std::uint64_t> hex64(std::string_view s)
{
    if (s.starts_with("0x") || s.starts_with("0X"))
        s.remove_prefix(2);
    if (s.empty() || s.size() > 16)
        return std::nullopt;
    std::uint64_t v = 0;
    for (char c : s) {
        if (!isHexDigit(c))
            return std::nullopt;
        auto d
            = static_cast<std::uint64_t>(c <= '9' ? c - '0' : (std::tolower(static_cast<unsigned char>(c)) - 'a' + 10));
        v = (v << 4) | d;
    }
    return v;
}

std::string gidFromBytes(const std::array<std::uint8_t, 16>& b)
{
    static constexpr char digits[] = "0123456789abcdef";
    std::string out;
    out.reserve(39);
    for (std::size_t i = 0; i < 16; ++i) {
        if (i > 0 && i % 2 == 0)
            out += ':';
        out += digits[b[i] >> 4];
        out += digits[b[i] & 15];
    }
    auto c = canonicalGid(out);
    return c ? *c : std::string();
}

} // namespace

bool isDigit(char c)
{
    return c >= '0' && c <= '9';
}

bool isHexDigit(char c)
{
    return isDigit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}

bool isNameChar(char c)
{
    return std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '.' || c == '_';
}

bool allDigits(std::string_view s)
{
    return !s.empty() && std::all_of(s.begin(), s.end(), isDigit);
}

bool isHostName(std::string_view s)
{
    return !s.empty() && s.size() <= 255 && std::all_of(s.begin(), s.end(), isNameChar) && !allDigits(s);
}

std::optional<int> intAt(std::string_view s, std::size_t pos, std::size_t* end)
{
    if (pos >= s.size())
        return std::nullopt;
    bool negative = s[pos] == '-';
    std::size_t i = negative ? pos + 1 : pos;
    std::size_t start = i;
    long long v = 0;
    while (i < s.size() && isDigit(s[i])) {
        if (i - start >= 9)
            return std::nullopt; // more digits than an int holds safely
        v = v * 10 + (s[i] - '0');
        ++i;
    }
    if (i == start)
        return std::nullopt;
    if (end)
        *end = i;
    return static_cast<int>(negative ? -v : v);
}

std::optional<int> intAfter(std::string_view s, std::string_view key)
{
    std::size_t from = 0;
    for (int tries = 0; tries < 8; ++tries) {
        auto pos = s.find(key, from);
        if (pos == std::string_view::npos)
            return std::nullopt;
        auto i = pos + key.size();
        while (i < s.size() && (s[i] == ' ' || s[i] == '=' || s[i] == ':' || s[i] == '(' || s[i] == '\t'))
            ++i;
        if (auto v = intAt(s, i))
            return v;
        from = pos + 1;
    }
    return std::nullopt;
}

std::string_view wordAfter(std::string_view s, std::string_view key)
{
    auto pos = s.find(key);
    if (pos == std::string_view::npos)
        return {};
    auto i = pos + key.size();
    while (i < s.size() && (s[i] == ' ' || s[i] == '\t'))
        ++i;
    auto j = i;
    while (j < s.size() && s[j] != ' ' && s[j] != '\t' && s[j] != ',' && s[j] != ';' && s[j] != ')' && s[j] != ']'
        && s[j] != '>')
        ++j;
    return s.substr(i, j - i);
}

std::size_t findWord(std::string_view s, std::string_view key, std::size_t from)
{
    while (from <= s.size()) {
        auto pos = s.find(key, from);
        if (pos == std::string_view::npos)
            return pos;
        if (pos == 0 || !isNameChar(s[pos - 1]))
            return pos;
        from = pos + 1;
    }
    return std::string_view::npos;
}

void deviceAndPort(std::string_view token, AppLogEvent& e)
{
    auto colon = token.find(':');
    auto name = token.substr(0, colon);
    if (name.empty() || name.size() > 64)
        return;
    for (char c : name)
        if (!isNameChar(c))
            return;
    e.device = std::string(name);
    if (colon != std::string_view::npos) {
        std::size_t end = 0;
        if (auto p = intAt(token, colon + 1, &end); p && *p >= 0 && *p < 256)
            e.port = p;
    }
}

std::string gidFromText(std::string_view token)
{
    token = trim(token, " \t,;()[]<>\"'.");
    if (token.empty() || token.size() > 64)
        return {};
    std::size_t colons = 0;
    for (char c : token)
        colons += c == ':';
    if (colons == 15) {
        std::array<std::uint8_t, 16> bytes {};
        std::size_t i = 0, b = 0;
        while (b < 16) {
            std::size_t j = i;
            while (j < token.size() && token[j] != ':')
                ++j;
            auto part = token.substr(i, j - i);
            auto v = part.size() >= 1 && part.size() <= 2 ? hex64(part) : std::nullopt;
            if (!v)
                return {};
            bytes[b++] = static_cast<std::uint8_t>(*v);
            i = j + 1;
        }
        return gidFromBytes(bytes);
    }
    if (colons < 2)
        return {};
    auto c = canonicalGid(token);
    return c ? *c : std::string();
}

std::string gidAfter(std::string_view s, std::string_view key)
{
    std::size_t from = 0;
    for (int tries = 0; tries < 8; ++tries) {
        auto pos = s.find(key, from);
        if (pos == std::string_view::npos)
            return {};
        if (auto g = gidFromText(wordAfter(s.substr(pos), key)); !g.empty())
            return g;
        from = pos + 1;
    }
    return {};
}

std::string gidFromNcclHalves(std::string_view subnetPrefixHex, std::string_view interfaceIdHex)
{
    auto prefix = hex64(trim(subnetPrefixHex));
    auto iid = hex64(trim(interfaceIdHex));
    if (!prefix || !iid)
        return {};
    std::array<std::uint8_t, 16> bytes {};
    for (std::size_t i = 0; i < 8; ++i) {
        bytes[i] = static_cast<std::uint8_t>((*prefix >> (8 * i)) & 0xff);
        bytes[8 + i] = static_cast<std::uint8_t>((*iid >> (8 * i)) & 0xff);
    }
    return gidFromBytes(bytes);
}

std::optional<int> mtuBytes(int value)
{
    if (value >= 1 && value <= 5)
        return 128 << value;
    if (value == 256 || value == 512 || value == 1024 || value == 2048 || value == 4096)
        return value;
    return std::nullopt;
}

std::optional<int> wcStatusNamed(std::string_view lower)
{
    for (auto [name, status] : kWcStatusNames)
        if (lower.find(name) != std::string_view::npos)
            return status;
    return std::nullopt;
}

std::optional<int> wcStatusIn(const LogText& x)
{
    const std::string_view low = x.low;
    // A number beside the status: NCCL "with error 12" / "status=12", Open MPI "status number 12", brpc "error
    // status(12)", UCCL "status=12 (", Gloo "wc->status == IBV_WC_SUCCESS. 12 vs 0".
    for (std::string_view key : { "status number ", "error status(", "status=", "with error ", "wc status " }) {
        // "with error N" is NCCL's completion message; elsewhere the number after it is an errno.
        if (key == "with error " && low.find("completion") == std::string_view::npos)
            continue;
        auto pos = low.find(key);
        if (pos == std::string_view::npos)
            continue;
        if (auto v = intAt(low, pos + key.size()); v && *v >= 0 && *v < 64)
            return v;
    }
    if (auto pos = low.find("ibv_wc_success. "); pos != std::string_view::npos) {
        if (auto v = intAt(low, pos + 16); v && *v >= 0 && *v < 64 && low.find(" vs ", pos) != std::string_view::npos)
            return v;
    }
    if (auto pos = low.find("cq state error: "); pos != std::string_view::npos) {
        if (auto v = intAt(low, pos + 16); v && *v >= 0 && *v < 64)
            return v;
    }
    // NCCL 2.2x: "status=IBV_WC_RETRY_EXC_ERR(12)": the name, and the number in brackets.
    return wcStatusNamed(low);
}

std::optional<int> errnoIn(const LogText& x)
{
    const std::string_view low = x.low;
    for (auto [text, number] : kErrnoTexts)
        if (low.find(text) != std::string_view::npos)
            return number;
    for (std::string_view key : { "errno ", "errno=", "errno: ", "errno = ", "errno:" }) {
        auto pos = low.find(key);
        if (pos == std::string_view::npos)
            continue;
        if (auto v = intAt(low, pos + key.size()); v && *v > 0 && *v < 4096)
            return v;
    }
    // rping / ucmatose: "cma event RDMA_CM_EVENT_ADDR_ERROR, error -19": an address, route or connect error event
    // carries a negative errno (a rejection's number is the peer's reject reason instead).
    if (low.find("rdma_cm_event_") != std::string_view::npos
        && (low.find("_error") != std::string_view::npos || low.find("unreachable") != std::string_view::npos)) {
        for (std::string_view key : { "error -", "error: -", "status -", "status: -" }) {
            auto pos = low.find(key);
            if (pos == std::string_view::npos)
                continue;
            if (auto v = intAt(low, pos + key.size()); v && *v > 0 && *v < 4096)
                return v;
        }
    }
    // glog's PLOG: "...: Connection timed out [110]" (the text above usually answers first).
    if (low.size() > 2 && low.back() == ']') {
        auto open = low.rfind('[');
        std::size_t end = 0;
        if (open != std::string_view::npos) {
            if (auto v = intAt(low, open + 1, &end); v && end + 1 == low.size() && *v > 0 && *v < 4096)
                return v;
        }
    }
    return std::nullopt;
}

std::optional<int> trailingErrno(const LogText& x)
{
    // ibv_modify_qp returns the errno itself, and programs print it bare after their words: TensorFlow's verbs path
    // "... QP to Ready to Receive 101". Only the numbers a modify can return, after a word that is no field's name
    // ("port 1", "index 3" are not errnos).
    const auto words = splitWords(x.low);
    if (words.size() < 2)
        return std::nullopt;
    const auto v = toInt(words.back());
    const auto before = words[words.size() - 2];
    static constexpr std::string_view fields[] = { "port", "index", "idx", "qp", "qpn", "gid", "lid", "mtu", "psn",
        "device", "dev", "id", "rank", "node", "vlan", "tc", "sl", "=", ":" };
    if (!v || before.empty() || !std::isalpha(static_cast<unsigned char>(before.back()))
        || std::ranges::find(fields, before) != std::end(fields))
        return std::nullopt;
    for (int known : { 12, 19, 22, 95, 101, 110, 113 })
        if (*v == known)
            return v;
    return std::nullopt;
}

bool soundsLikeError(const LogText& x)
{
    return hasAny(x,
        { "error", "fail", "couldn't", "could not", "unable", "cannot", "can't", "exceeded", "not found", "no device",
            "no ib device", "no rdma device", "refused", "timed out", "timeout", "unreachable", "rejected", "invalid",
            "abort", "fatal", "no such", "not active", "no suitable", "is null" });
}

bool statesNoGid(const LogText& x)
{
    // Mooncake's "GID is NULL ... MC_GID_INDEX", "No suitable GID found on DEV", "... with GID -1"; NCCL's (and
    // UCCL's copy of it) "read failed in ncclIbRoceGetVersionNum", its type read of an empty entry; ibv_query_gid.
    return hasAny(x,
               { "gid is null", "no suitable gid", "failed to query gid", "with gid -1",
                   "read failed in ncclibrocegetversionnum", "check failed: ncclibrocegetversionnum" })
        || (x.has("ibv_query_gid") && soundsLikeError(x));
}

AppLogEvent classifyError(const LogText& x)
{
    AppLogEvent e;
    e.errnoValue = errnoIn(x);
    auto status = wcStatusIn(x);
    if (status && *status > 0)
        e.wcStatus = status;
    if (statesNoGid(x)) {
        e.kind = "no-gid";
        // The variable the line tells to set: the upper-case word around "GID_INDEX" / "GID_IDX".
        for (std::string_view key : { std::string_view("GID_INDEX"), std::string_view("GID_IDX") }) {
            auto at = x.t.find(key);
            if (at == std::string_view::npos)
                continue;
            auto isVar = [](char c) { return (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_'; };
            std::size_t b = at, end = at + key.size();
            while (b > 0 && at - b < 48 && isVar(x.t[b - 1]))
                --b;
            while (end < x.t.size() && end - at < 48 && isVar(x.t[end]))
                ++end;
            e.setting = std::string(x.t.substr(b, end - b));
            break;
        }
        if (auto on = x.t.find(" found on "); on != std::string_view::npos)
            deviceAndPort(trimRight(x.t.substr(on + 10, x.t.find_first_of(" /", on + 10) - on - 10)), e);
        return e;
    }
    if (hasAny(x, { "gid table change", "ibv_event_gid_change", "gid change event" })) {
        // An asynchronous event, not a failure: the port's GID table changed under the running process.
        e.kind = "gid-change";
        if (auto on = x.low.find(" on "); on != std::string::npos)
            deviceAndPort(wordAfter(x.t.substr(on), " on "), e);
        return e;
    }
    if (auto at = x.low.find("ibv_open_device("); at != std::string::npos) {
        // UCX's "ibv_open_device(mlx5_0) failed: No such device": the device is listed, its node cannot be opened.
        e.kind = "open-device-error";
        auto name = x.t.substr(at + 16);
        name = name.substr(0, name.find(')'));
        if (name.size() < 64)
            deviceAndPort(name, e);
    } else if (hasAny(x, { "modify_qp", "modify qp", "to rtr", "to rts", "rtr failed", "rts failed", "init to rtr" })) {
        e.kind = "modify-qp-error";
        if (!e.errnoValue)
            e.errnoValue = trailingErrno(x);
    } else if (hasAny(x, { "create_ah", "create ah", "address handle", "ah_attr" })) {
        e.kind = "create-ah-error";
    } else if (hasAny(x,
                   { "create_cq", "create cq", "create_qp", "create qp", "create_srq", "create srq", "reg_mr",
                       "register memory", "memory registration", "register the memory", "alloc_pd",
                       "allocate some locked memory", "couldn't allocate mr", "cannot allocate mr" })) {
        // Making a queue, a completion queue or a memory region: pinned pages, counted against RLIMIT_MEMLOCK.
        e.kind = "resource-error";
    } else if (e.wcStatus
        || hasAny(x, { "completion with error", "completion error", "cqe error", "wc status", "bad completion" })) {
        e.kind = "completion-error";
    } else if (e.errnoValue == 19
        || hasAny(x,
            { "no device found", "no devices found", "no ib devices", "no rdma device", "no ibverbs devices",
                "no usable transports/devices", "fail to find rdma device", "fail to find available rdma device",
                "failed to get ib devices list", "failed to get device list", "couldn't get device list",
                "no active ports", "unable to find device named", "no openfabrics devices",
                "unable to find the infiniband/roce device" })) {
        e.kind = "no-device";
    } else if (e.errnoValue == 110 || e.errnoValue == 111 || e.errnoValue == 113 || e.errnoValue == 101
        || e.errnoValue == 104
        || hasAny(x,
            { "rdma_connect", "rdma_resolve_addr", "rdma_resolve_route", "rdma_cm_event_rejected",
                "rdma_cm_event_unreachable", "rdma_cm_event_addr_error", "rdma_cm_event_route_error",
                "rdma_cm_event_connect_error", "timed out", "timeout", "unreachable", "connection closed",
                "connection reset", "couldn't connect", "could not connect", "failed to connect", "unable to connect",
                "connect failed", "connect error", "handshake" })) {
        e.kind = "connect-error";
    } else {
        e.kind = "other-error";
    }
    return e;
}

std::string_view familyOfVariable(std::string_view name)
{
    if (name.empty() || name.size() > 96)
        return {};
    for (char c : name)
        if (!std::isalnum(static_cast<unsigned char>(c)) && c != '_')
            return {};
    if (name.starts_with("NCCL_"))
        return "nccl";
    if (name.starts_with("UCX_"))
        return "ucx";
    if (name.starts_with("FI_"))
        return "libfabric";
    if (name.starts_with("GLOO_"))
        return "gloo";
    if (name.starts_with("OMPI_MCA_"))
        return "openmpi";
    if (name.starts_with("UCCL_"))
        return "glog";
    // Mooncake's MC_* variables: only its RDMA ones, MC_ is a short prefix other software uses too.
    if (name.starts_with("MC_")
        && (name.find("GID") != std::string_view::npos || name.starts_with("MC_IB_") || name == "MC_MTU"))
        return "glog";
    return {};
}

AppLogEvent settingEvent(std::string_view name, std::string_view value)
{
    AppLogEvent e;
    e.kind = "setting";
    e.setting = std::string(name);
    e.settingValue = std::string(value);
    std::string upper(name);
    for (auto& c : upper)
        c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    auto number = toInt(value);
    auto ends = [&](std::string_view tail) { return std::string_view(upper).ends_with(tail); };
    auto holds = [&](std::string_view part) { return upper.find(part) != std::string::npos; };
    if (holds("GID_INDEX") || holds("GID_IDX")) {
        if (number && *number >= 0 && *number < 65536)
            e.gidIndex = number;
    } else if (holds("TRAFFIC_CLASS") || ends("_TC")) {
        if (number && *number >= 0 && *number < 256)
            e.trafficClass = number;
    } else if (holds("SERVICE_LEVEL") || ends("_SL")) {
        if (number && *number >= 0 && *number < 16)
            e.serviceLevel = number;
    } else if (ends("_MTU")) {
        if (number)
            e.mtu = mtuBytes(*number);
    }
    return e;
}

} // namespace rp::applog_detail

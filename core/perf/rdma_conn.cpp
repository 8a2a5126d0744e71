// SPDX-License-Identifier: GPL-3.0-or-later
#include "perf/rdma_conn.h"

#include "util/littleendian.h"

#include <arpa/inet.h>
#include <fcntl.h>
#include <net/if.h>
#include <netdb.h>
#include <poll.h>

#include <algorithm>
#include <array>
#include <bit>
#include <cerrno>
#include <cstring>
#include <limits>
#include <vector>

namespace rp::perf::rdma {

namespace {

constexpr std::uint8_t kHelloMagic[4] = { 'R', 'P', 'v', '1' };
constexpr std::uint8_t kRejectMagic[4] = { 'R', 'P', 'r', 'j' };
constexpr std::size_t kHelloBytes = 44; // rdma_cm allows 56 in a connect request (RDMA_PS_TCP)
constexpr std::size_t kRejectTextMax = 140; // IB CM REJ carries 148 bytes of private data
/// RDMA READs in flight per QP: more than one lets a blast READ fill the pipe; the device and the peer may
/// lower it.
constexpr int kMaxRdAtomic = 128;
/// Local ACK timeout 4.096 us * 2^16 = 268 ms, 7 retries: a peer that stops answering ends the QP in about 2 s
/// (rdma_cm's default is about 1 s per try).
constexpr std::uint8_t kAckTimeout = 16;
constexpr std::uint8_t kRetries = 7;
constexpr std::uint8_t kRnrInfinite = 7; // flow control between sizes relies on it; the stall watchdog bounds it
constexpr std::uint8_t kMinRnrTimer = 1; // 0.01 ms (the kernel rounds up to a tick)

std::array<std::uint8_t, kHelloBytes> pack(const Hello& h)
{
    std::array<std::uint8_t, kHelloBytes> b {};
    std::memcpy(b.data(), kHelloMagic, 4);
    b[4] = 1;
    b[5] = h.mode;
    b[6] = h.op;
    b[7] = h.verify;
    putLe<std::uint16_t>(&b[8], h.depth);
    putLe<std::uint16_t>(&b[10], h.sizeCount);
    b[12] = h.gidType;
    putLe<std::uint64_t>(&b[16], h.optionsHash);
    std::memcpy(&b[24], h.gid.raw, 16);
    putLe<std::uint32_t>(&b[40], h.qpNum);
    return b;
}

std::optional<Hello> unpack(const void* data, std::size_t length)
{
    if (!data || length < kHelloBytes)
        return std::nullopt;
    const auto* b = static_cast<const std::uint8_t*>(data);
    if (std::memcmp(b, kHelloMagic, 4) != 0 || b[4] != 1)
        return std::nullopt;
    Hello h;
    h.mode = b[5];
    h.op = b[6];
    h.verify = b[7];
    h.depth = getLe<std::uint16_t>(&b[8]);
    h.sizeCount = getLe<std::uint16_t>(&b[10]);
    h.gidType = b[12];
    h.optionsHash = getLe<std::uint64_t>(&b[16]);
    std::memcpy(h.gid.raw, &b[24], 16);
    h.qpNum = getLe<std::uint32_t>(&b[40]);
    return h;
}

std::unexpected<Error> failSys(const std::string& what, const std::string& call, const std::string& where)
{
    const int err = errno;
    auto e = failErrno(ErrorKind::Io, what + " (" + call + ")", err, where);
    return e;
}

Result<sockaddr_storage> toSockaddr(const std::string& address, int port, bool passive)
{
    sockaddr_storage out {};
    if (address.empty() && passive) {
        sockaddr_in in {};
        in.sin_family = AF_INET;
        in.sin_port = htons(static_cast<std::uint16_t>(port));
        in.sin_addr.s_addr = htonl(INADDR_ANY);
        std::memcpy(&out, &in, sizeof in);
        return out;
    }
    addrinfo hints {};
    hints.ai_flags = AI_NUMERICHOST | AI_NUMERICSERV | (passive ? AI_PASSIVE : 0);
    hints.ai_family = AF_UNSPEC;
    addrinfo* list = nullptr;
    const std::string service = std::to_string(port);
    const int rc = getaddrinfo(address.c_str(), service.c_str(), &hints, &list);
    if (rc != 0 || !list)
        return fail(ErrorKind::Usage, "'" + address + "' is not a numeric IPv4/IPv6 address (" + gai_strerror(rc) + ")",
            passive ? "--bind" : "--server");
    std::memcpy(&out, list->ai_addr, std::min<std::size_t>(list->ai_addrlen, sizeof out));
    freeaddrinfo(list);
    return out;
}

sockaddr* asSockaddr(sockaddr_storage& s)
{
    return reinterpret_cast<sockaddr*>(&s);
}

/// The GID rdma_cm derives from an IP address: IPv4 as ::ffff:a.b.c.d, IPv6 as is.
std::optional<ibv_gid> gidOfAddress(const sockaddr* address)
{
    if (!address)
        return std::nullopt;
    ibv_gid gid {};
    if (address->sa_family == AF_INET) {
        sockaddr_in in {};
        std::memcpy(&in, address, sizeof in);
        gid.raw[10] = gid.raw[11] = 0xff;
        std::memcpy(&gid.raw[12], &in.sin_addr, 4);
        return gid;
    }
    if (address->sa_family == AF_INET6) {
        sockaddr_in6 in6 {};
        std::memcpy(&in6, address, sizeof in6);
        std::memcpy(gid.raw, &in6.sin6_addr, 16);
        return gid;
    }
    return std::nullopt;
}

std::string ifName(std::uint32_t index)
{
    char name[IF_NAMESIZE] = {};
    if (index && if_indextoname(index, name))
        return name;
    return "no netdev";
}

std::string describeEntry(const ibv_gid_entry& e)
{
    return std::to_string(e.gid_index) + " " + gidToString(e.gid) + " (" + gidTypeName(static_cast<int>(e.gid_type))
        + ", " + ifName(e.ndev_ifindex) + ")";
}

struct GidChoice
{
    ibv_gid_entry entry {};
    int cmIndex = -1;
};

/// Picks the source GID: rdma_cm's (the RoCE v2 entry of the local address) or options.gidIndex, which must be
/// a populated entry that can reach the peer's address family. Fails before any packet is sent, naming the
/// device, port, index and peer, because a wrong GID otherwise only shows up as a data path that never
/// completes.
Result<GidChoice> chooseGid(const TestOptions& options, rdma_cm_id* id, const sockaddr* local, const sockaddr* peer)
{
    const std::string peerText = sockaddrToString(peer);
    if (!id->verbs)
        return fail(ErrorKind::Unreachable,
            "no RDMA device owns the local address " + sockaddrToString(local) + " used to reach " + peerText,
            "rdma_cm");
    const std::string dev = ibv_get_device_name(id->verbs->device);
    const int port = id->port_num;
    const std::string at = dev + " port " + std::to_string(port);
    if (!options.device.empty() && options.device != dev)
        return fail(ErrorKind::Usage,
            "--device " + options.device + ": the address " + sockaddrToString(local) + " (towards " + peerText
                + ") belongs to " + dev + ", not " + options.device,
            at);
    ibv_port_attr pa {};
    if (ibv_query_port(id->verbs, static_cast<std::uint8_t>(port), &pa) != 0)
        return failSys("querying " + at, "ibv_query_port", at);
    if (pa.state != IBV_PORT_ACTIVE)
        return fail(ErrorKind::Unreachable,
            at + " is not ACTIVE (state " + ibv_port_state_str(pa.state) + "): no RDMA traffic can pass", at);

    // One entry at a time: ibv_query_gid_table refuses some kernels' tables (EINVAL on rxe, Debian 12).
    std::vector<ibv_gid_entry> table;
    for (int i = 0; i < pa.gid_tbl_len; ++i) {
        ibv_gid_entry e {};
        if (ibv_query_gid_ex(id->verbs, static_cast<std::uint32_t>(port), static_cast<std::uint32_t>(i), &e, 0) == 0
            && !gidIsZero(e.gid))
            table.push_back(e);
    }

    GidChoice choice;
    if (auto want = gidOfAddress(local)) {
        for (const auto& e : table) {
            if (std::memcmp(e.gid.raw, want->raw, 16) != 0)
                continue;
            // rdma_cm uses the port's default RoCE mode, v2 on current kernels; take v1 only if nothing else.
            if (choice.cmIndex < 0 || e.gid_type == IBV_GID_TYPE_ROCE_V2) {
                choice.cmIndex = static_cast<int>(e.gid_index);
                choice.entry = e;
            }
        }
    }
    if (!options.gidIndex) {
        if (choice.cmIndex < 0)
            return fail(ErrorKind::Validation,
                at + " has no GID for the local address " + sockaddrToString(local) + " that rdma_cm chose to reach "
                    + peerText + "; give --gid-index",
                at);
        return choice;
    }

    const int want = *options.gidIndex;
    if (want >= pa.gid_tbl_len)
        return fail(ErrorKind::Usage,
            "--gid-index " + std::to_string(want) + " is out of range: " + at + " has GID indexes 0.."
                + std::to_string(pa.gid_tbl_len - 1),
            at);
    auto it = std::find_if(
        table.begin(), table.end(), [&](const ibv_gid_entry& e) { return static_cast<int>(e.gid_index) == want; });
    if (it == table.end()) {
        std::string populated;
        for (const auto& e : table)
            populated += (populated.empty() ? "" : "; ") + describeEntry(e);
        return fail(ErrorKind::Validation,
            "--gid-index " + std::to_string(want) + ": GID index " + std::to_string(want) + " of " + at
                + " is empty. Populated: " + (populated.empty() ? "none" : populated),
            at);
    }
    const ibv_gid_entry& e = *it;
    const std::string cmText = choice.cmIndex >= 0
        ? "; rdma_cm's GID for " + sockaddrToString(local) + " is index " + describeEntry(choice.entry)
        : std::string();
    if (e.gid_type != IBV_GID_TYPE_IB) {
        const bool peerV4 = peer && peer->sa_family == AF_INET;
        bool peerLinkLocal = false;
        if (auto pg = gidOfAddress(peer))
            peerLinkLocal = gidIsLinkLocal(*pg);
        if (peerV4 && !gidIsV4Mapped(e.gid))
            return fail(ErrorKind::Validation,
                "--gid-index " + std::to_string(want) + ": GID " + describeEntry(e) + " of " + at + " is "
                    + (gidIsLinkLocal(e.gid) ? "an IPv6 link-local address" : "an IPv6 address")
                    + " and cannot reach the IPv4 peer " + peerText + cmText,
                at);
        if (!peerV4 && gidIsV4Mapped(e.gid))
            return fail(ErrorKind::Validation,
                "--gid-index " + std::to_string(want) + ": GID " + describeEntry(e) + " of " + at
                    + " is an IPv4 address and cannot reach the IPv6 peer " + peerText + cmText,
                at);
        if (!peerV4 && gidIsLinkLocal(e.gid) && !peerLinkLocal)
            return fail(ErrorKind::Validation,
                "--gid-index " + std::to_string(want) + ": GID " + describeEntry(e) + " of " + at
                    + " is link-local and cannot reach the routed peer " + peerText + cmText,
                at);
    }
    choice.entry = e;
    return choice;
}

std::string whereText(const Connection& c, const std::string& peer)
{
    return c.info.device + " port " + std::to_string(c.port) + " GID index " + std::to_string(c.sgidIndex) + " ("
        + c.info.gidType + " " + c.info.gid + ") <-> " + peer;
}

/// Cq, channel, PD, QP and the control region on the id's device; the QP ends in INIT.
Result<void> createResources(
    Connection& c, const TestOptions& options, const QpShape& shape, rdma_cm_id* id, const GidChoice& gid)
{
    ibv_context* ctx = id->verbs;
    c.port = id->port_num;
    c.sgidIndex = static_cast<int>(gid.entry.gid_index);
    c.info.device = ibv_get_device_name(ctx->device);
    c.info.port = c.port;
    c.info.gidIndex = c.sgidIndex;
    c.info.gid = gidToString(gid.entry.gid);
    c.info.gidType = gidTypeName(static_cast<int>(gid.entry.gid_type));
    c.info.gidExplicit = options.gidIndex.has_value();
    c.info.rdmacmGidIndex = gid.cmIndex;
    c.info.localAddress = sockaddrToString(rdma_get_local_addr(id));
    c.info.peerAddress = sockaddrToString(rdma_get_peer_addr(id));
    c.where = whereText(c, c.info.peerAddress);

    c.pd.reset(ibv_alloc_pd(ctx));
    if (!c.pd)
        return failSys("allocating a protection domain on " + c.info.device, "ibv_alloc_pd", c.where);
    if (shape.completionChannel) {
        c.completionChannel.reset(ibv_create_comp_channel(ctx));
        if (!c.completionChannel)
            return failSys("creating a completion channel on " + c.info.device, "ibv_create_comp_channel", c.where);
        const int flags = fcntl(c.completionChannel->fd, F_GETFL);
        if (flags < 0 || fcntl(c.completionChannel->fd, F_SETFL, flags | O_NONBLOCK) < 0)
            return failSys("making the completion channel non-blocking", "fcntl", c.where);
    }
    const int cqe = shape.sendDepth + shape.recvDepth + 16;
    c.cq = Cq(ibv_create_cq(ctx, cqe, nullptr, c.completionChannel.get(), 0));
    if (!c.cq.get())
        return failSys(
            "creating a CQ of " + std::to_string(cqe) + " entries on " + c.info.device, "ibv_create_cq", c.where);

    auto makeQp = [&](int inlineBytes, ibv_qp_init_attr& ia) {
        ia = {};
        ia.send_cq = ia.recv_cq = c.cq.get();
        ia.qp_type = IBV_QPT_RC;
        ia.sq_sig_all = 0;
        ia.cap.max_send_wr = static_cast<std::uint32_t>(shape.sendDepth);
        ia.cap.max_recv_wr = static_cast<std::uint32_t>(shape.recvDepth);
        ia.cap.max_send_sge = 1;
        ia.cap.max_recv_sge = 1;
        ia.cap.max_inline_data = static_cast<std::uint32_t>(inlineBytes);
        return ibv_create_qp(c.pd.get(), &ia);
    };
    ibv_qp_init_attr ia {};
    c.qp.reset(makeQp(shape.maxInline, ia));
    if (!c.qp && shape.maxInline > 0) {
        // Devices do not report their inline limit: find it (the largest size a QP is created with).
        int lo = 0, hi = shape.maxInline;
        while (lo + 1 < hi) {
            const int mid = lo + (hi - lo) / 2;
            ibv_qp_init_attr probe {};
            Qp q(makeQp(mid, probe));
            (q ? lo : hi) = mid;
        }
        return fail(ErrorKind::Usage,
            "--inline: " + c.info.device + " accepts at most " + std::to_string(lo)
                + " B of inline data per work request (max_inline_data), but a message of "
                + std::to_string(shape.maxInline) + " B was asked to go inline",
            c.where);
    }
    if (!c.qp)
        return failSys("creating an RC QP (send " + std::to_string(shape.sendDepth) + ", receive "
                + std::to_string(shape.recvDepth) + " entries) on " + c.info.device,
            "ibv_create_qp", c.where);
    c.info.maxInline = static_cast<int>(ia.cap.max_inline_data);
    c.info.qpNum = c.qp->qp_num;

    auto control = registerRegion(c.pd.get(), shape.controlBytes,
        IBV_ACCESS_LOCAL_WRITE | IBV_ACCESS_REMOTE_WRITE | IBV_ACCESS_REMOTE_READ, "control messages");
    if (!control)
        return std::unexpected(control.error());
    c.control = std::move(*control);

    ibv_qp_attr a {};
    int mask = 0;
    a.qp_state = IBV_QPS_INIT;
    if (rdma_init_qp_attr(id, &a, &mask) != 0)
        return failSys("getting the INIT attributes from rdma_cm", "rdma_init_qp_attr", c.where);
    a.qp_access_flags = IBV_ACCESS_LOCAL_WRITE | IBV_ACCESS_REMOTE_WRITE | IBV_ACCESS_REMOTE_READ;
    mask |= IBV_QP_ACCESS_FLAGS;
    if (ibv_modify_qp(c.qp.get(), &a, mask) != 0)
        return failSys("moving the QP to INIT", "ibv_modify_qp", c.where);
    return {};
}

/// RTR and RTS with rdma_cm's attributes, our source GID index and the peer's own GID.
Result<void> bringUp(
    Connection& c, const TestOptions& options, const Hello& peer, int responderResources, int initiatorDepth)
{
    rdma_cm_id* id = c.id.get();
    ibv_qp_attr a {};
    int mask = 0;
    a.qp_state = IBV_QPS_RTR;
    if (rdma_init_qp_attr(id, &a, &mask) != 0)
        return failSys("getting the RTR attributes from rdma_cm", "rdma_init_qp_attr", c.where);
    c.info.rdmacmTrafficClass = a.ah_attr.grh.traffic_class;
    a.ah_attr.is_global = 1;
    a.ah_attr.grh.sgid_index = static_cast<std::uint8_t>(c.sgidIndex);
    if (!gidIsZero(peer.gid))
        a.ah_attr.grh.dgid = peer.gid;
    // The passive side's path comes from the request; make the ToS this side was given hold on its QP too.
    if (options.tos)
        a.ah_attr.grh.traffic_class = static_cast<std::uint8_t>(*options.tos);
    if (mask & IBV_QP_ACCESS_FLAGS)
        a.qp_access_flags = IBV_ACCESS_LOCAL_WRITE | IBV_ACCESS_REMOTE_WRITE | IBV_ACCESS_REMOTE_READ;
    if (responderResources > 0) {
        a.max_dest_rd_atomic = static_cast<std::uint8_t>(responderResources);
        mask |= IBV_QP_MAX_DEST_RD_ATOMIC;
    }
    a.min_rnr_timer = kMinRnrTimer;
    mask |= IBV_QP_MIN_RNR_TIMER;
    c.info.peerGid = gidToString(a.ah_attr.grh.dgid);
    if (ibv_modify_qp(c.qp.get(), &a, mask) != 0) {
        const int err = errno;
        return failErrno(ErrorKind::Unreachable,
            "moving the QP to RTR towards GID " + c.info.peerGid + " failed (the source GID cannot reach it?)", err,
            c.where);
    }

    a = {};
    mask = 0;
    a.qp_state = IBV_QPS_RTS;
    if (rdma_init_qp_attr(id, &a, &mask) != 0)
        return failSys("getting the RTS attributes from rdma_cm", "rdma_init_qp_attr", c.where);
    a.timeout = kAckTimeout;
    a.retry_cnt = kRetries;
    a.rnr_retry = kRnrInfinite;
    mask |= IBV_QP_TIMEOUT | IBV_QP_RETRY_CNT | IBV_QP_RNR_RETRY;
    if (initiatorDepth > 0) {
        a.max_rd_atomic = static_cast<std::uint8_t>(initiatorDepth);
        mask |= IBV_QP_MAX_QP_RD_ATOMIC;
    }
    if (ibv_modify_qp(c.qp.get(), &a, mask) != 0)
        return failSys("moving the QP to RTS", "ibv_modify_qp", c.where);

    ibv_qp_attr q {};
    ibv_qp_init_attr qi {};
    if (ibv_query_qp(c.qp.get(), &q,
            IBV_QP_AV | IBV_QP_PATH_MTU | IBV_QP_DEST_QPN | IBV_QP_MAX_QP_RD_ATOMIC | IBV_QP_MAX_DEST_RD_ATOMIC, &qi)
        != 0)
        return failSys("reading the QP back", "ibv_query_qp", c.where);
    c.info.trafficClass = q.ah_attr.grh.traffic_class;
    c.info.pathMtu = mtuBytes(q.path_mtu);
    c.info.peerQpNum = q.dest_qp_num;
    c.info.initiatorDepth = q.max_rd_atomic;
    c.info.responderResources = q.max_dest_rd_atomic;
    if (q.ah_attr.grh.sgid_index != c.sgidIndex)
        return fail(ErrorKind::Internal,
            "the QP uses GID index " + std::to_string(q.ah_attr.grh.sgid_index) + ", not the "
                + std::to_string(c.sgidIndex) + " it was given",
            c.where);
    return {};
}

Result<EventChannel> makeEventChannel()
{
    EventChannel ec(rdma_create_event_channel());
    if (!ec)
        return failErrno(ErrorKind::Io,
            "opening the rdma_cm event channel (is rdma_ucm loaded and /dev/infiniband/rdma_cm accessible?)", errno,
            "rdma_create_event_channel");
    const int flags = fcntl(ec->fd, F_GETFL);
    if (flags < 0 || fcntl(ec->fd, F_SETFL, flags | O_NONBLOCK) < 0)
        return failErrno(ErrorKind::Io, "making the rdma_cm event channel non-blocking", errno, "fcntl");
    return ec;
}

Result<void> setTos(rdma_cm_id* id, const TestOptions& options, const std::string& where)
{
    if (!options.tos)
        return {};
    std::uint8_t tos = static_cast<std::uint8_t>(*options.tos);
    if (rdma_set_option(id, RDMA_OPTION_ID, RDMA_OPTION_ID_TOS, &tos, sizeof tos) != 0)
        return failSys("setting ToS " + std::to_string(*options.tos) + " on the rdma_cm id", "rdma_set_option", where);
    return {};
}

std::uint64_t fnv(std::uint64_t h, std::uint64_t v)
{
    for (int i = 0; i < 8; ++i) {
        h ^= (v >> (8 * i)) & 0xffu;
        h *= 1099511628211ull;
    }
    return h;
}

std::string rejectText(const rdma_cm_event* event)
{
    const auto& p = event->param.conn;
    if (!p.private_data || p.private_data_len < 5)
        return {};
    const auto* b = static_cast<const std::uint8_t*>(p.private_data);
    if (std::memcmp(b, kRejectMagic, 4) != 0)
        return {};
    std::string text(reinterpret_cast<const char*>(b + 4), p.private_data_len - 4);
    text.resize(std::strlen(text.c_str()));
    return text;
}

void reject(rdma_cm_id* id, const std::string& why)
{
    std::array<std::uint8_t, 4 + kRejectTextMax> b {};
    std::memcpy(b.data(), kRejectMagic, 4);
    const auto n = std::min(why.size(), kRejectTextMax - 1);
    std::memcpy(&b[4], why.data(), n);
    rdma_reject(id, b.data(), static_cast<std::uint8_t>(4 + n + 1));
}

int deviceRdAtomic(ibv_context* ctx, bool initiator)
{
    ibv_device_attr da {};
    if (ibv_query_device(ctx, &da) != 0)
        return 1;
    return std::clamp(initiator ? da.max_qp_init_rd_atom : da.max_qp_rd_atom, 1, kMaxRdAtomic);
}

Hello helloOf(const Connection& c, const TestOptions& options, const GidChoice& gid)
{
    Hello h = helloFor(options);
    h.gid = gid.entry.gid;
    h.gidType = static_cast<std::uint8_t>(gid.entry.gid_type);
    h.qpNum = c.qp->qp_num;
    return h;
}

std::optional<std::string> gidTypeMismatch(const Connection& c, const Hello& peer)
{
    if (gidTypeName(peer.gidType) == c.info.gidType)
        return std::nullopt;
    return "the peer sends from a " + gidTypeName(peer.gidType) + " GID (" + gidToString(peer.gid) + ") but "
        + c.info.device + " GID index " + std::to_string(c.sgidIndex) + " is " + c.info.gidType
        + ": both sides need the same RoCE version (check --gid-index on both)";
}

struct Attempt
{
    std::unique_ptr<Connection> connection;
    bool retry = false; ///< the server was not listening (yet): try again until the deadline
};

Result<Attempt> attemptClient(const TestOptions& options, const sockaddr_storage& server, const RunHooks& hooks,
    const QpShape& shape, const BeforeConnect& beforeConnect, Clock::time_point deadline)
{
    auto c = std::make_unique<Connection>();
    sockaddr_storage dst = server;
    const std::string peer = sockaddrToString(asSockaddr(dst));
    auto ec = makeEventChannel();
    if (!ec)
        return std::unexpected(ec.error());
    c->events = std::move(*ec);
    rdma_cm_id* raw = nullptr;
    if (rdma_create_id(c->events.get(), &raw, nullptr, RDMA_PS_TCP) != 0)
        return failSys("creating an rdma_cm id", "rdma_create_id", peer);
    c->id.reset(raw);
    if (auto ok = setTos(raw, options, peer); !ok)
        return std::unexpected(ok.error());

    auto msLeft = [&] {
        const auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now()).count();
        return static_cast<int>(std::clamp<long long>(ms, 100, 60000));
    };
    if (rdma_resolve_addr(raw, nullptr, asSockaddr(dst), msLeft()) != 0)
        return failSys("resolving the RDMA address of " + peer, "rdma_resolve_addr", peer);
    auto ev = waitCmEvent(c->events.get(), deadline, hooks, "resolving the address of " + peer);
    if (!ev)
        return std::unexpected(ev.error());
    if ((*ev)->event != RDMA_CM_EVENT_ADDR_RESOLVED)
        return fail(ErrorKind::Unreachable,
            "no RDMA route to " + peer + ": address resolution ended in " + rdma_event_str((*ev)->event) + " (status "
                + std::to_string((*ev)->status) + "); is the address on an RDMA-capable interface here and reachable?",
            peer);
    ev->reset();
    if (rdma_resolve_route(raw, msLeft()) != 0)
        return failSys("resolving the RDMA route to " + peer, "rdma_resolve_route", peer);
    ev = waitCmEvent(c->events.get(), deadline, hooks, "resolving the route to " + peer);
    if (!ev)
        return std::unexpected(ev.error());
    if ((*ev)->event != RDMA_CM_EVENT_ROUTE_RESOLVED)
        return fail(ErrorKind::Unreachable,
            "no RDMA route to " + peer + ": route resolution ended in " + rdma_event_str((*ev)->event) + " (status "
                + std::to_string((*ev)->status) + ")",
            peer);
    ev->reset();

    auto gid = chooseGid(options, raw, rdma_get_local_addr(raw), asSockaddr(dst));
    if (!gid)
        return std::unexpected(gid.error());
    if (auto ok = createResources(*c, options, shape, raw, *gid); !ok)
        return std::unexpected(ok.error());
    if (beforeConnect) {
        if (auto ok = beforeConnect(*c); !ok)
            return std::unexpected(ok.error());
    }

    const auto hello = pack(helloOf(*c, options, *gid));
    rdma_conn_param cp {};
    cp.private_data = hello.data();
    cp.private_data_len = static_cast<std::uint8_t>(hello.size());
    cp.responder_resources = static_cast<std::uint8_t>(deviceRdAtomic(raw->verbs, false));
    cp.initiator_depth = static_cast<std::uint8_t>(deviceRdAtomic(raw->verbs, true));
    cp.retry_count = kRetries;
    cp.rnr_retry_count = kRnrInfinite;
    cp.qp_num = c->qp->qp_num;
    if (rdma_connect(raw, &cp) != 0)
        return failSys("connecting to " + peer, "rdma_connect", c->where);
    ev = waitCmEvent(c->events.get(), deadline, hooks, "connecting to " + peer);
    if (!ev)
        return std::unexpected(ev.error());
    const auto type = (*ev)->event;
    if (type == RDMA_CM_EVENT_REJECTED) {
        const std::string why = rejectText(ev->get());
        if (!why.empty())
            return fail(ErrorKind::Protocol, "the server " + peer + " refused the connection: " + why, c->where);
        Attempt a;
        a.retry = true; // no RoCE Pilot listener on that port (yet)
        return a;
    }
    if (type == RDMA_CM_EVENT_UNREACHABLE) {
        Attempt a;
        a.retry = true;
        return a;
    }
    if (type != RDMA_CM_EVENT_CONNECT_RESPONSE && type != RDMA_CM_EVENT_ESTABLISHED)
        return fail(ErrorKind::Unreachable,
            "connecting to " + peer + " ended in " + rdma_event_str(type) + " (status " + std::to_string((*ev)->status)
                + ")",
            c->where);
    const auto server_hello = unpack((*ev)->param.conn.private_data, (*ev)->param.conn.private_data_len);
    ev->reset();
    if (!server_hello)
        return fail(ErrorKind::Protocol, peer + " accepted but is not a RoCE Pilot RDMA engine (no hello)", c->where);
    if (auto diff = compareHello(helloFor(options), *server_hello))
        return fail(ErrorKind::Protocol, "the server " + peer + " runs another test: " + *diff, c->where);
    if (auto bad = gidTypeMismatch(*c, *server_hello))
        return fail(ErrorKind::Validation, *bad, c->where);
    if (auto ok = bringUp(*c, options, *server_hello, 0, 0); !ok)
        return std::unexpected(ok.error());
    if (rdma_establish(raw) != 0)
        return failSys("completing the connection to " + peer, "rdma_establish", c->where);
    Attempt a;
    a.connection = std::move(c);
    return a;
}

} // namespace

void Connection::disconnect()
{
    if (!disconnected && id)
        rdma_disconnect(id.get());
    disconnected = true;
}

Hello helloFor(const TestOptions& o)
{
    Hello h;
    h.mode = static_cast<std::uint8_t>(o.mode);
    h.op = static_cast<std::uint8_t>(o.op);
    h.verify = o.verifyData ? 1 : 0;
    h.depth = static_cast<std::uint16_t>(o.depth);
    h.sizeCount = static_cast<std::uint16_t>(std::min<std::size_t>(o.sizes.size(), 65535));
    std::uint64_t hash = 14695981039346656037ull;
    for (auto s : o.sizes)
        hash = fnv(hash, s);
    hash = fnv(hash, o.iterations ? *o.iterations : 0);
    hash = fnv(hash, o.iterations ? 0 : std::bit_cast<std::uint64_t>(o.durationS));
    hash = fnv(hash, std::bit_cast<std::uint64_t>(o.warmupS));
    h.optionsHash = hash;
    return h;
}

std::optional<std::string> compareHello(const Hello& mine, const Hello& theirs)
{
    auto modeName
        = [](std::uint8_t m) { return m <= 1 ? toString(static_cast<Mode>(m)) : "mode " + std::to_string(m); };
    auto opName = [](std::uint8_t o) { return o <= 3 ? toString(static_cast<Op>(o)) : "op " + std::to_string(o); };
    if (mine.mode != theirs.mode || mine.op != theirs.op)
        return "this side runs " + modeName(mine.mode) + " " + opName(mine.op) + ", the other " + modeName(theirs.mode)
            + " " + opName(theirs.op);
    if (mine.verify != theirs.verify)
        return std::string("data verification is ") + (mine.verify ? "on" : "off") + " here and "
            + (theirs.verify ? "on" : "off") + " on the other side";
    if (mine.depth != theirs.depth)
        return "depth " + std::to_string(mine.depth) + " here, " + std::to_string(theirs.depth) + " on the other side";
    if (mine.sizeCount != theirs.sizeCount)
        return std::to_string(mine.sizeCount) + " sizes here, " + std::to_string(theirs.sizeCount)
            + " on the other side";
    if (mine.optionsHash != theirs.optionsHash)
        return "the sizes, iterations/duration or warm-up differ";
    return std::nullopt;
}

Result<CmEvent> waitCmEvent(
    rdma_event_channel* channel, Clock::time_point deadline, const RunHooks& hooks, const std::string& what)
{
    for (;;) {
        rdma_cm_event* raw = nullptr;
        if (rdma_get_cm_event(channel, &raw) == 0)
            return CmEvent(raw);
        if (errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR)
            return failErrno(ErrorKind::Io, what + ": reading the rdma_cm event channel", errno, "rdma_get_cm_event");
        if (cancelled(hooks))
            return fail(ErrorKind::Cancelled, "cancelled while " + what, "rdma_cm");
        const auto now = Clock::now();
        if (now >= deadline)
            return fail(ErrorKind::Timeout, "timed out " + what, "rdma_cm");
        const auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - now).count() + 1;
        pollfd p { channel->fd, POLLIN, 0 };
        const int rc = poll(&p, 1, static_cast<int>(std::min<long long>(ms, 100)));
        if (rc < 0 && errno != EINTR)
            return failErrno(ErrorKind::Io, what + ": waiting on the rdma_cm event channel", errno, "poll");
    }
}

Result<std::unique_ptr<Connection>> connectClient(const TestOptions& options, const Endpoint& server,
    const RunHooks& hooks, const QpShape& shape, const BeforeConnect& beforeConnect)
{
    auto dst = toSockaddr(server.address, server.port, false);
    if (!dst)
        return std::unexpected(dst.error());
    const auto start = Clock::now();
    const auto deadline
        = start + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(hooks.connectTimeoutS));
    for (int attempt = 1;; ++attempt) {
        auto a = attemptClient(options, *dst, hooks, shape, beforeConnect, deadline);
        if (!a) {
            auto e = a.error();
            if (e.kind == ErrorKind::Timeout)
                e.message = "no answer from the RDMA server " + sockaddrToString(asSockaddr(*dst)) + " within "
                    + std::to_string(static_cast<int>(hooks.connectTimeoutS)) + " s (" + e.message + ")";
            return std::unexpected(e);
        }
        if (a->connection)
            return std::move(a->connection);
        // Not listening yet (the controller starts both sides at about the same time): back off and retry.
        const auto pause = std::chrono::milliseconds(std::min(50 * attempt, 500));
        if (Clock::now() + pause >= deadline)
            return fail(ErrorKind::Timeout,
                "the RDMA server " + sockaddrToString(asSockaddr(*dst)) + " did not accept a connection within "
                    + std::to_string(static_cast<int>(hooks.connectTimeoutS)) + " s (" + std::to_string(attempt)
                    + " attempts; nothing listening on that port?)",
                "rdma_connect");
        const auto until = Clock::now() + pause;
        while (Clock::now() < until) {
            if (cancelled(hooks))
                return fail(ErrorKind::Cancelled, "cancelled while connecting", "rdma_connect");
            poll(nullptr, 0, 20);
        }
    }
}

Result<std::unique_ptr<Connection>> acceptServer(const TestOptions& options, const Endpoint& bind,
    const RunHooks& hooks, const QpShape& shape, const BeforeConnect& beforeConnect)
{
    auto addr = toSockaddr(bind.address, bind.port, true);
    if (!addr)
        return std::unexpected(addr.error());
    const std::string bindText = sockaddrToString(asSockaddr(*addr));
    auto c = std::make_unique<Connection>();
    auto ec = makeEventChannel();
    if (!ec)
        return std::unexpected(ec.error());
    c->events = std::move(*ec);
    rdma_cm_id* raw = nullptr;
    if (rdma_create_id(c->events.get(), &raw, nullptr, RDMA_PS_TCP) != 0)
        return failSys("creating an rdma_cm id", "rdma_create_id", bindText);
    c->listenId.reset(raw);
    if (auto ok = setTos(raw, options, bindText); !ok)
        return std::unexpected(ok.error());
    if (rdma_bind_addr(raw, asSockaddr(*addr)) != 0)
        return failSys("binding the RDMA listener to " + bindText + " (address on no RDMA device, or port in use?)",
            "rdma_bind_addr", bindText);
    if (rdma_listen(raw, 1) != 0)
        return failSys("listening on " + bindText, "rdma_listen", bindText);
    const int port = ntohs(rdma_get_src_port(raw));
    if (hooks.onReady)
        hooks.onReady(port);

    const auto deadline = Clock::now()
        + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(hooks.connectTimeoutS));
    const std::string listening = "waiting for a client on " + sockaddrToString(rdma_get_local_addr(raw));
    rdma_cm_id* child = nullptr;
    std::optional<Hello> clientHello;
    int clientInitiator = 0, clientResponder = 0;
    for (;;) {
        auto ev = waitCmEvent(c->events.get(), deadline, hooks, listening);
        if (!ev) {
            auto e = ev.error();
            if (e.kind == ErrorKind::Timeout)
                e.message = "no client connected to " + sockaddrToString(rdma_get_local_addr(raw)) + " within "
                    + std::to_string(static_cast<int>(hooks.connectTimeoutS)) + " s";
            return std::unexpected(e);
        }
        if ((*ev)->event != RDMA_CM_EVENT_CONNECT_REQUEST)
            continue; // nothing else concerns a listener before its first request
        child = (*ev)->id;
        clientHello = unpack((*ev)->param.conn.private_data, (*ev)->param.conn.private_data_len);
        clientInitiator = (*ev)->param.conn.initiator_depth;
        clientResponder = (*ev)->param.conn.responder_resources;
        ev->reset();
        break;
    }
    c->id.reset(child);
    const std::string peer = sockaddrToString(rdma_get_peer_addr(child));
    auto refuse = [&](const Error& e) {
        reject(child, e.message);
        return std::unexpected(e);
    };
    if (!clientHello)
        return refuse(Error { ErrorKind::Protocol,
            peer + " connected without a RoCE Pilot hello (another program on port " + std::to_string(port) + "?)",
            bindText, {}, 0 });
    if (auto diff = compareHello(helloFor(options), *clientHello))
        return refuse(
            Error { ErrorKind::Protocol, "the client " + peer + " runs another test: " + *diff, bindText, {}, 0 });
    auto gid = chooseGid(options, child, rdma_get_local_addr(child), rdma_get_peer_addr(child));
    if (!gid)
        return refuse(gid.error());
    if (auto ok = createResources(*c, options, shape, child, *gid); !ok)
        return refuse(ok.error());
    if (auto bad = gidTypeMismatch(*c, *clientHello))
        return refuse(Error { ErrorKind::Validation, *bad, c->where, {}, 0 });
    if (beforeConnect) {
        if (auto ok = beforeConnect(*c); !ok)
            return refuse(ok.error());
    }
    const int responder = std::min(deviceRdAtomic(child->verbs, false), std::max(clientInitiator, 1));
    const int initiator = std::min(deviceRdAtomic(child->verbs, true), std::max(clientResponder, 1));
    if (auto ok = bringUp(*c, options, *clientHello, responder, initiator); !ok)
        return refuse(ok.error());

    const auto hello = pack(helloOf(*c, options, *gid));
    rdma_conn_param cp {};
    cp.private_data = hello.data();
    cp.private_data_len = static_cast<std::uint8_t>(hello.size());
    cp.responder_resources = static_cast<std::uint8_t>(responder);
    cp.initiator_depth = static_cast<std::uint8_t>(initiator);
    cp.retry_count = kRetries;
    cp.rnr_retry_count = kRnrInfinite;
    cp.qp_num = c->qp->qp_num;
    if (rdma_accept(child, &cp) != 0)
        return failSys("accepting " + peer, "rdma_accept", c->where);
    for (;;) {
        auto ev = waitCmEvent(c->events.get(), deadline, hooks, "waiting for " + peer + " to complete the connection");
        if (!ev)
            return std::unexpected(ev.error());
        const auto type = (*ev)->event;
        if (type == RDMA_CM_EVENT_CONNECT_REQUEST) {
            // A second client: its request carries a new id of its own, which we refuse and release.
            rdma_cm_id* other = (*ev)->id;
            reject(other, "busy: this server runs one test at a time");
            ev->reset();
            rdma_destroy_id(other);
            continue;
        }
        if (type == RDMA_CM_EVENT_ESTABLISHED)
            break;
        return fail(ErrorKind::Unreachable,
            peer + " did not complete the connection: " + rdma_event_str(type) + " (status "
                + std::to_string((*ev)->status) + ")",
            c->where);
    }
    // One connection per run: free the port now, so a finished or failed server never holds it.
    c->listenId.reset();
    return c;
}

} // namespace rp::perf::rdma

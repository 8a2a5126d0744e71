// SPDX-License-Identifier: GPL-3.0-or-later
#include "fabric/udqpprober.h"

#include "perf/rdma_verbs.h"

#include <array>
#include <cerrno>
#include <cstring>
#include <ctime>
#include <system_error>

#include <fcntl.h>
#include <infiniband/verbs.h>

namespace rp::fabric {
namespace {

using perf::rdma::CompChannel;
using perf::rdma::Cq;
using perf::rdma::Pd;
using perf::rdma::Qp;
using perf::rdma::Region;

/// Deep enough to keep the peers' probes that arrive while the agent cannot run for a second or two (a busy host):
/// a UD QP with no receive posted drops them, and they would be counted as the network's loss.
constexpr std::uint32_t kRecvSlots = 512;
constexpr std::uint32_t kSendSlots = 64;
/// A receive carries the 40-byte GRH (RoCE v2: the IP header inside it) before the payload.
constexpr std::size_t kGrh = 40;
constexpr std::size_t kSlotBytes = 128;
constexpr std::uint64_t kSendBit = std::uint64_t { 1 } << 63;
/// wr_id: send bit, a queue's generation (bits 48..62: completions of a QP before its rebind are ignored), the
/// queue's index (bits 32..47), the slot.
constexpr unsigned kGenShift = 48;
constexpr std::uint64_t kGenMask = 0x7fff;
constexpr std::uint64_t kQueueMask = 0xffff;
/// UdQpProber::matchAt's score of an entry with the served GID's value, type and netdev.
constexpr int kFullMatch = 3;

std::uint64_t udRealtimeNs()
{
    timespec ts {};
    ::clock_gettime(CLOCK_REALTIME, &ts);
    return static_cast<std::uint64_t>(ts.tv_sec) * 1'000'000'000ull + static_cast<std::uint64_t>(ts.tv_nsec);
}

double udUsBetween(std::uint64_t earlier, std::uint64_t later)
{
    return later > earlier ? static_cast<double>(later - earlier) / 1000.0 : 0.0;
}

/// "fe80:0000:...:3401" (validGidText checked it) -> 16 bytes.
bool udGidFromText(const std::string& text, ibv_gid& gid)
{
    if (text.size() != 39)
        return false;
    for (std::size_t g = 0; g < 8; ++g) {
        unsigned v = 0;
        for (std::size_t i = 0; i < 4; ++i) {
            const char c = text[g * 5 + i];
            const int n = c >= '0' && c <= '9' ? c - '0'
                : c >= 'a' && c <= 'f'         ? c - 'a' + 10
                : c >= 'A' && c <= 'F'         ? c - 'A' + 10
                                               : -1;
            if (n < 0)
                return false;
            v = v << 4 | static_cast<unsigned>(n);
        }
        gid.raw[2 * g] = static_cast<std::uint8_t>(v >> 8);
        gid.raw[2 * g + 1] = static_cast<std::uint8_t>(v & 0xff);
    }
    return true;
}

std::uint64_t udWrId(bool send, std::size_t queue, std::uint32_t generation, std::uint32_t slot)
{
    return (send ? kSendBit : 0) | ((generation & kGenMask) << kGenShift)
        | ((static_cast<std::uint64_t>(queue) & kQueueMask) << 32) | slot;
}

std::string udGidText(const ibv_gid& gid)
{
    static constexpr char kHex[] = "0123456789abcdef";
    std::string out;
    for (std::size_t i = 0; i < 16; ++i) {
        if (i > 0 && i % 2 == 0)
            out += ':';
        out += kHex[gid.raw[i] >> 4];
        out += kHex[gid.raw[i] & 0xf];
    }
    return out;
}

} // namespace

struct UdQpProber::Device
{
    std::string name;
    ibv_context* context = nullptr;
    Pd pd;
    CompChannel channel;
    Cq cq;

    ~Device()
    {
        // The CQ and PD go before the context they belong to.
        cq.reset();
        pd.reset();
        channel.reset();
        if (context)
            ibv_close_device(context);
    }
};

struct UdQpProber::Queue
{
    std::uint32_t id = 0;
    std::size_t index = 0;
    Device* device = nullptr;
    int port = 0;
    int gidIndex = 0;
    Region region; ///< kRecvSlots receive slots, then kSendSlots send slots
    std::map<std::string, ibv_ah*> ahs; ///< by the peer's GID (raw bytes)
    std::array<std::uint64_t, kSendSlots> slotSeq {}; ///< the seq a busy send slot carries (0: a reply)
    std::array<bool, kSendSlots> slotBusy {};
    std::uint32_t nextSlot = 0;
    std::uint32_t generation = 0; ///< bumped at each rebind
    ibv_gid gid {}; ///< the GID it serves (its value: the index may move)
    /// Its type and netdev when served (-1: the kernel did not say): one address has a GID per RoCE type, and a
    /// VLAN's link-local GID has the same value as its parent's, so a moved GID is looked for by all three.
    int gidType = -1;
    std::uint32_t ndevIfindex = 0;
    bool portWasDown = false; ///< a bounce to rebind after
    bool partialSettled = false; ///< served where only part of the GID matched, and nothing better was found
    std::string lost; ///< non-empty: the GID is not in the table (why)
    Qp qp; ///< destroyed before the region and the address handles' PD

    ~Queue()
    {
        qp.reset();
        for (auto& [gid, ah] : ahs)
            ibv_destroy_ah(ah);
    }
};

std::uint32_t probeQkey(const ProbeSecret& secret)
{
    return (static_cast<std::uint32_t>(secret[0]) << 24 | static_cast<std::uint32_t>(secret[1]) << 16
               | static_cast<std::uint32_t>(secret[2]) << 8 | secret[3])
        & 0x7fffffffu;
}

UdQpProber::UdQpProber(const ProbeSecret& secret, std::uint32_t qkey, int udpPort)
    : m_secret(secret)
    , m_qkey(qkey)
    , m_udp(secret, udpPort)
{
    // The directory says the QPN a queue has now; a queue whose GID is gone answers nothing until it is back.
    m_udp.setDirectory([this](std::uint32_t endpoint) -> std::optional<std::uint32_t> {
        auto it = m_queueOf.find(endpoint);
        if (it == m_queueOf.end())
            return std::nullopt;
        const Queue& q = *m_queues[it->second];
        if (!q.lost.empty() || !q.qp)
            return std::nullopt;
        return q.qp->qp_num;
    });
}

UdQpProber::~UdQpProber()
{
    m_queues.clear();
    m_devices.clear();
}

UdQpProber::Device* UdQpProber::device(const std::string& name, std::string& why)
{
    for (auto& d : m_devices) {
        if (d->name == name)
            return d.get();
    }
    int count = 0;
    ibv_device** list = ibv_get_device_list(&count);
    if (!list) {
        why = std::string("no RDMA devices: ") + std::system_category().message(errno);
        return nullptr;
    }
    auto d = std::make_unique<Device>();
    d->name = name;
    for (int i = 0; i < count; ++i) {
        if (name == ibv_get_device_name(list[i]))
            d->context = ibv_open_device(list[i]);
    }
    ibv_free_device_list(list);
    if (!d->context) {
        why = "cannot open RDMA device " + name;
        return nullptr;
    }
    d->pd.reset(ibv_alloc_pd(d->context));
    d->channel.reset(ibv_create_comp_channel(d->context));
    if (!d->pd || !d->channel) {
        why = "cannot allocate a PD or completion channel on " + name + ": " + std::system_category().message(errno);
        return nullptr;
    }
    const int flags = ::fcntl(d->channel->fd, F_GETFL);
    // Every queue's receive and send slots may complete while the agent is stalled: 16 GIDs' worth fit.
    ibv_device_attr attr {};
    const int cqe = ibv_query_device(d->context, &attr) == 0 && attr.max_cqe > 0 ? std::min(attr.max_cqe, 16384) : 4096;
    d->cq = Cq(ibv_create_cq(d->context, cqe, nullptr, d->channel.get(), 0));
    if (flags < 0 || ::fcntl(d->channel->fd, F_SETFL, flags | O_NONBLOCK) < 0 || !d->cq.get()
        || ibv_req_notify_cq(d->cq.get(), 0) != 0) {
        why = "cannot create a CQ on " + name + ": " + std::system_category().message(errno);
        return nullptr;
    }
    m_devices.push_back(std::move(d));
    return m_devices.back().get();
}

std::string UdQpProber::openQueue(Queue& q)
{
    Device& d = *q.device;
    auto region = perf::rdma::registerRegion(
        d.pd.get(), (kRecvSlots + kSendSlots) * kSlotBytes, IBV_ACCESS_LOCAL_WRITE, "fabric probe slots");
    if (!region)
        return region.error().message;
    q.region = std::move(*region);
    ibv_qp_init_attr init {};
    init.send_cq = d.cq.get();
    init.recv_cq = d.cq.get();
    init.qp_type = IBV_QPT_UD;
    init.cap.max_send_wr = kSendSlots;
    init.cap.max_recv_wr = kRecvSlots;
    init.cap.max_send_sge = 1;
    init.cap.max_recv_sge = 1;
    q.qp.reset(ibv_create_qp(d.pd.get(), &init));
    if (!q.qp)
        return std::string("cannot create a UD QP: ") + std::system_category().message(errno);
    return bringUp(q);
}

std::string UdQpProber::bringUp(Queue& q)
{
    ibv_qp_attr attr {};
    attr.qp_state = IBV_QPS_RESET; // a QP in error (or anything else) starts again from RESET; a new one is there
    if (int rc = ibv_modify_qp(q.qp.get(), &attr, IBV_QP_STATE))
        return std::string("cannot reset the UD QP: ") + std::system_category().message(rc);
    q.slotBusy = {};
    q.slotSeq = {};
    q.nextSlot = 0;
    attr = {};
    attr.qp_state = IBV_QPS_INIT;
    attr.pkey_index = 0;
    attr.port_num = static_cast<std::uint8_t>(q.port);
    attr.qkey = m_qkey;
    if (int rc = ibv_modify_qp(q.qp.get(), &attr, IBV_QP_STATE | IBV_QP_PKEY_INDEX | IBV_QP_PORT | IBV_QP_QKEY))
        return std::string("cannot bring the UD QP to INIT: ") + std::system_category().message(rc);
    attr = {};
    attr.qp_state = IBV_QPS_RTR;
    if (int rc = ibv_modify_qp(q.qp.get(), &attr, IBV_QP_STATE))
        return std::string("cannot bring the UD QP to RTR: ") + std::system_category().message(rc);
    attr = {};
    attr.qp_state = IBV_QPS_RTS;
    attr.sq_psn = 0;
    if (int rc = ibv_modify_qp(q.qp.get(), &attr, IBV_QP_STATE | IBV_QP_SQ_PSN))
        return std::string("cannot bring the UD QP to RTS: ") + std::system_category().message(rc);
    for (std::uint32_t slot = 0; slot < kRecvSlots; ++slot) {
        ibv_sge sge { q.region.addr(slot * kSlotBytes), static_cast<std::uint32_t>(kSlotBytes), q.region.lkey() };
        ibv_recv_wr wr {};
        wr.wr_id = udWrId(false, q.index, q.generation, slot);
        wr.sg_list = &sge;
        wr.num_sge = 1;
        ibv_recv_wr* bad = nullptr;
        if (int rc = ibv_post_recv(q.qp.get(), &wr, &bad))
            return std::string("cannot post receives: ") + std::system_category().message(rc);
    }
    return {};
}

std::vector<AgentReadyEndpoint> UdQpProber::serve(const std::vector<AgentEndpoint>& endpoints)
{
    std::vector<AgentEndpoint> udp;
    for (const auto& e : endpoints) {
        if (e.device == "udp") {
            udp.push_back(e);
            m_udpIds.insert(e.id);
        }
    }
    auto out = m_udp.serve(udp);
    for (const auto& e : endpoints) {
        if (e.device == "udp")
            continue;
        AgentReadyEndpoint ready;
        ready.id = e.id;
        ready.qkey = m_qkey;
        std::string why;
        Device* d = device(e.device, why);
        if (!d) {
            ready.error = why;
            out.push_back(ready);
            continue;
        }
        ibv_gid gid {};
        if (ibv_query_gid(d->context, static_cast<std::uint8_t>(e.port), e.gidIndex, &gid) != 0
            || perf::rdma::gidIsZero(gid)) {
            ready.reason = Reason::EmptySlot;
            ready.error
                = "GID " + std::to_string(e.gidIndex) + " of " + e.device + "/" + std::to_string(e.port) + " is empty";
            out.push_back(ready);
            continue;
        }
        auto q = std::make_unique<Queue>();
        q->id = e.id;
        q->index = m_queues.size();
        q->device = d;
        q->port = e.port;
        q->gidIndex = e.gidIndex;
        q->gid = gid;
        if (ibv_gid_entry entry {}; ibv_query_gid_ex(d->context, static_cast<std::uint32_t>(e.port),
                                        static_cast<std::uint32_t>(e.gidIndex), &entry, 0)
            == 0) {
            q->gidType = static_cast<int>(entry.gid_type);
            q->ndevIfindex = entry.ndev_ifindex;
        }
        if (auto failed = openQueue(*q); !failed.empty()) {
            ready.error = failed;
            out.push_back(ready);
            continue;
        }
        ready.qpn = q->qp->qp_num;
        m_queueOf[e.id] = m_queues.size();
        m_queues.push_back(std::move(q));
        out.push_back(ready);
    }
    return out;
}

std::vector<int> UdQpProber::fds() const
{
    auto out = m_udp.fds();
    for (const auto& d : m_devices)
        out.push_back(d->channel->fd);
    return out;
}

void UdQpProber::receive(std::vector<ReplyTimes>& replies)
{
    m_udp.receive(replies);
    for (auto& d : m_devices)
        poll(*d, replies);
}

void UdQpProber::poll(Device& d, std::vector<ReplyTimes>& replies)
{
    ibv_cq* cq = nullptr;
    void* context = nullptr;
    if (ibv_get_cq_event(d.channel.get(), &cq, &context) == 0) {
        d.cq.gotEvent();
        ibv_req_notify_cq(d.cq.get(), 0);
    }
    // Polled whether or not an event came: what arrived between the last poll and the notify is not lost.
    std::array<ibv_wc, 32> wcs {};
    for (int round = 0; round < 8; ++round) {
        const int n = ibv_poll_cq(d.cq.get(), static_cast<int>(wcs.size()), wcs.data());
        if (n <= 0)
            return;
        const std::uint64_t now = udRealtimeNs();
        for (int i = 0; i < n; ++i) {
            const auto& wc = wcs[static_cast<std::size_t>(i)];
            const auto queue = static_cast<std::size_t>((wc.wr_id >> 32) & kQueueMask);
            const auto generation = static_cast<std::uint32_t>((wc.wr_id >> kGenShift) & kGenMask);
            const auto slot = static_cast<std::uint32_t>(wc.wr_id & 0xffffffffu);
            if (queue >= m_queues.size())
                continue;
            Queue& q = *m_queues[queue];
            if (generation != (q.generation & kGenMask) || !q.lost.empty())
                continue; // flushed from the QP before its rebind: its slot was posted again since
            if (wc.wr_id & kSendBit) {
                if (slot < kSendSlots) {
                    q.slotBusy[slot] = false;
                    if (q.slotSeq[slot] != 0 && wc.status == IBV_WC_SUCCESS)
                        m_sendDoneNs[q.slotSeq[slot]] = now;
                }
                continue;
            }
            if (wc.status == IBV_WC_WR_FLUSH_ERR)
                continue; // the QP is in error (its port went down): checkPorts rebinds it and posts every slot
            if (wc.status == IBV_WC_SUCCESS)
                onReceive(q, slot, &wc, replies);
            // The slot goes back to the QP whatever it held.
            ibv_sge sge { q.region.addr(slot * kSlotBytes), static_cast<std::uint32_t>(kSlotBytes), q.region.lkey() };
            ibv_recv_wr wr {};
            wr.wr_id = udWrId(false, q.index, q.generation, slot);
            wr.sg_list = &sge;
            wr.num_sge = 1;
            ibv_recv_wr* bad = nullptr;
            ibv_post_recv(q.qp.get(), &wr, &bad);
        }
    }
}

void UdQpProber::onReceive(Queue& q, std::uint32_t slot, const void* wcp, std::vector<ReplyTimes>& replies)
{
    const auto& wc = *static_cast<const ibv_wc*>(wcp);
    const std::uint64_t t = udRealtimeNs();
    if (wc.byte_len < kGrh)
        return;
    auto packet = ProbePacket::read(q.region.at(slot * kSlotBytes + kGrh), wc.byte_len - kGrh, m_secret);
    if (!packet)
        return; // not the run's: never answered
    if (packet->kind == ProbePacket::Kind::Probe) {
        if (packet->to != q.id)
            return;
        const auto* grh = reinterpret_cast<const ibv_grh*>(q.region.at(slot * kSlotBytes));
        // The reply's address handle is cached by who sent the probe. RoCE v2 over IPv4 puts an IPv4 header in the
        // GRH's last 20 bytes and leaves the GRH's sgid meaningless, so the source address is read from there: keyed
        // by the sgid, every IPv4 sender shared the first one's handle (the lab: a host's loopback answered its peer).
        const std::uint8_t* raw = q.region.at(slot * kSlotBytes);
        const bool ipv4 = (raw[0] >> 4) != 6 && (raw[20] >> 4) == 4;
        const std::string key = ipv4 ? "4:" + std::string(reinterpret_cast<const char*>(raw + 32), 4)
                                     : "6:" + std::string(reinterpret_cast<const char*>(grh->sgid.raw), 16);
        auto it = q.ahs.find("from:" + key);
        ibv_ah* ah = it == q.ahs.end() ? nullptr : it->second;
        if (!ah) {
            ah = ibv_create_ah_from_wc(q.device->pd.get(), const_cast<ibv_wc*>(&wc), const_cast<ibv_grh*>(grh),
                static_cast<std::uint8_t>(q.port));
            if (!ah)
                return;
            q.ahs["from:" + key] = ah;
        }
        packet->kind = ProbePacket::Kind::Reply;
        packet->t2Ns = t;
        packet->t3Ns = udRealtimeNs();
        // A UD QP stamps nothing on arrival: how long the probe waited in the queue is the agent's stall to judge.
        if (post(q, ah, wc.src_qp, *packet) == 0 && m_answered.size() < kMaxAnsweredKept)
            m_answered.push_back({ packet->from, packet->to, 0.0 });
        return;
    }
    if (packet->from != q.id)
        return;
    ReplyTimes r;
    r.from = packet->from;
    r.to = packet->to;
    r.seq = packet->seq;
    r.responderDelayUs = udUsBetween(packet->t2Ns, packet->t3Ns);
    auto done = m_sendDoneNs.find(packet->seq);
    const std::uint64_t left = done == m_sendDoneNs.end() ? packet->t1Ns : done->second;
    if (done != m_sendDoneNs.end())
        m_sendDoneNs.erase(done);
    r.proberDelayUs = udUsBetween(packet->t1Ns, left);
    const double whole = udUsBetween(left, t);
    r.rttUs = whole > r.responderDelayUs ? whole - r.responderDelayUs : 0.0;
    replies.push_back(r);
}

int UdQpProber::post(Queue& q, ibv_ah* ah, std::uint32_t qpn, const ProbePacket& packet)
{
    const std::uint32_t slot = q.nextSlot;
    if (q.slotBusy[slot])
        return EAGAIN; // every send slot in flight: this probe is not sent (and counts lost)
    q.nextSlot = (q.nextSlot + 1) % kSendSlots;
    q.slotBusy[slot] = true;
    q.slotSeq[slot] = packet.kind == ProbePacket::Kind::Probe ? packet.seq : 0;
    const std::size_t offset = (kRecvSlots + slot) * kSlotBytes;
    packet.write(q.region.at(offset));
    ibv_sge sge { q.region.addr(offset), static_cast<std::uint32_t>(ProbePacket::kSize), q.region.lkey() };
    ibv_send_wr wr {};
    wr.wr_id = udWrId(true, q.index, q.generation, slot);
    wr.sg_list = &sge;
    wr.num_sge = 1;
    wr.opcode = IBV_WR_SEND;
    wr.send_flags = IBV_SEND_SIGNALED;
    wr.wr.ud.ah = ah;
    wr.wr.ud.remote_qpn = qpn;
    wr.wr.ud.remote_qkey = m_qkey;
    ibv_send_wr* bad = nullptr;
    if (int rc = ibv_post_send(q.qp.get(), &wr, &bad)) {
        q.slotBusy[slot] = false;
        return rc;
    }
    return 0;
}

ibv_ah* UdQpProber::targetAh(Queue& q, const std::string& gidText, int& err)
{
    auto it = q.ahs.find("to:" + gidText);
    if (it != q.ahs.end())
        return it->second;
    ibv_ah_attr attr {};
    attr.is_global = 1;
    attr.port_num = static_cast<std::uint8_t>(q.port);
    attr.grh.sgid_index = static_cast<std::uint8_t>(q.gidIndex);
    attr.grh.hop_limit = 64;
    if (!udGidFromText(gidText, attr.grh.dgid)) {
        err = EINVAL;
        return nullptr;
    }
    ibv_ah* ah = ibv_create_ah(q.device->pd.get(), &attr);
    if (!ah) {
        err = errno ? errno : EINVAL;
        return nullptr;
    }
    q.ahs["to:" + gidText] = ah;
    return ah;
}

void UdQpProber::takeAnswered(std::vector<AnsweredProbe>& out)
{
    m_udp.takeAnswered(out); // its UDP endpoints beside the QPs
    out.insert(out.end(), m_answered.begin(), m_answered.end());
    m_answered.clear();
}

int UdQpProber::send(const AgentTarget& target, std::uint64_t seq)
{
    if (m_udpIds.contains(target.from))
        return m_udp.send(target, seq);
    auto it = m_queueOf.find(target.from);
    if (it == m_queueOf.end())
        return EBADF;
    Queue& q = *m_queues[it->second];
    if (!q.lost.empty() || q.portWasDown)
        return ENETDOWN; // its port is down or its GID gone: counted lost, not sent into a QP in error
    if (target.gid.empty())
        return EINVAL; // an RDMA endpoint probes RDMA endpoints only
    if (target.qpn == 0)
        return EDESTADDRREQ; // a standalone agent whose peer's directory has not answered yet: counted lost
    int err = 0;
    ibv_ah* ah = targetAh(q, target.gid, err);
    if (!ah)
        return err;
    ProbePacket packet;
    packet.kind = ProbePacket::Kind::Probe;
    packet.secret = m_secret;
    packet.from = target.from;
    packet.to = target.to;
    packet.seq = seq;
    packet.t1Ns = udRealtimeNs();
    // Bounded: a send that never completes (a broken peer) must not grow this map for the agent's life.
    if (m_sendDoneNs.size() > 65536)
        m_sendDoneNs.clear();
    return post(q, ah, target.qpn, packet);
}

std::string UdQpProber::rebind(Queue& q)
{
    for (auto& [key, ah] : q.ahs)
        ibv_destroy_ah(ah);
    q.ahs.clear();
    ++q.generation;
    return bringUp(q);
}

int UdQpProber::matchAt(const Queue& q, int index) const
{
    ibv_gid_entry entry {};
    if (ibv_query_gid_ex(
            q.device->context, static_cast<std::uint32_t>(q.port), static_cast<std::uint32_t>(index), &entry, 0)
        != 0) {
        // A kernel without the entry's attributes (or an empty slot): the value alone.
        ibv_gid now {};
        return ibv_query_gid(q.device->context, static_cast<std::uint8_t>(q.port), index, &now) == 0
                && std::memcmp(now.raw, q.gid.raw, sizeof now.raw) == 0
            ? 1
            : 0;
    }
    if (std::memcmp(entry.gid.raw, q.gid.raw, sizeof entry.gid.raw) != 0)
        return 0;
    const bool sameType = q.gidType < 0 || static_cast<int>(entry.gid_type) == q.gidType;
    const bool sameNetdev = q.ndevIfindex == 0 || entry.ndev_ifindex == q.ndevIfindex;
    return 1 + (sameType ? 1 : 0) + (sameType && sameNetdev ? 1 : 0);
}

int UdQpProber::findMoved(const Queue& q, int slots) const
{
    // The best match wins: the same value on another netdev (a VLAN's link-local GID is its parent's) or of the
    // other RoCE type would move the probes off the path they were meant to test, so it is taken only when the
    // GID is nowhere else.
    int best = -1;
    int bestScore = 0;
    for (int i = 0; i < slots && bestScore < kFullMatch; ++i) {
        if (const int score = matchAt(q, i); score > bestScore) {
            best = i;
            bestScore = score;
        }
    }
    return best;
}

std::vector<AgentLinkEndpoint> UdQpProber::checkPorts()
{
    std::vector<AgentLinkEndpoint> out;
    for (auto& qp : m_queues) {
        Queue& q = *qp;
        AgentLinkEndpoint l;
        l.id = q.id;
        l.qpn = q.qp->qp_num;
        l.gidIndex = q.gidIndex;
        const std::string port = q.device->name + "/" + std::to_string(q.port);
        ibv_port_attr attr {};
        if (ibv_query_port(q.device->context, static_cast<std::uint8_t>(q.port), &attr) != 0) {
            l.detail = port + ": port not readable";
            out.push_back(std::move(l));
            continue;
        }
        if (attr.state != IBV_PORT_ACTIVE) {
            q.portWasDown = true;
            q.partialSettled = false;
            l.state = LinkState::Down;
            l.detail = port + " port " + ibv_port_state_str(attr.state);
            out.push_back(std::move(l));
            continue;
        }
        // Where the GID is now: its index first, then the whole table (a bounce may have moved it).
        // A partial match (the value on another netdev or of the other type) is searched past once per bounce: the
        // whole table twice a second would cost thousands of reads on a large one.
        const int here = matchAt(q, q.gidIndex);
        int index = q.gidIndex;
        if (here == 0 || (here < kFullMatch && !q.partialSettled)) {
            index = findMoved(q, std::min(attr.gid_tbl_len, 4096));
            q.partialSettled = index >= 0;
        }
        const bool moved = index != q.gidIndex;
        if (index < 0) {
            q.lost = "GID " + udGidText(q.gid) + " " + std::string(kGidLeftTable) + " " + port + "'s table";
            l.state = LinkState::Down;
            l.gidIndex = -1;
            l.detail = q.lost;
            out.push_back(std::move(l));
            continue;
        }
        ibv_qp_attr qa {};
        ibv_qp_init_attr init {};
        const bool inError = ibv_query_qp(q.qp.get(), &qa, IBV_QP_STATE, &init) != 0 || qa.qp_state != IBV_QPS_RTS;
        l.detail = port + " port ACTIVE";
        if (moved || inError || q.portWasDown || !q.lost.empty()) {
            q.gidIndex = index;
            if (auto failed = rebind(q); !failed.empty()) {
                q.lost = failed;
                l.state = LinkState::Down;
                l.detail = port + ": " + failed;
                out.push_back(std::move(l));
                continue;
            }
            l.detail += moved ? ", GID moved to index " + std::to_string(index) + ", QP rebound" : ", QP rebound";
            q.portWasDown = false;
            q.lost.clear();
        }
        l.state = LinkState::Up;
        l.gidIndex = q.gidIndex;
        l.qpn = q.qp->qp_num;
        out.push_back(std::move(l));
    }
    return out;
}

} // namespace rp::fabric

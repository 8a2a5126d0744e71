// SPDX-License-Identifier: GPL-3.0-or-later
// The RDMA verbs engine's plumbing (see rdmaverbsengine.h): the completion queue, posting, control messages,
// measurement. Everything a blast or a ping waits on runs through pump() here.
#include "perf/rdmaverbsengine.h"

#include "util/littleendian.h"

#include <arpa/inet.h>
#include <poll.h>
#include <sched.h>
#include <sys/resource.h>

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <system_error>

namespace rp::perf::rdma {

namespace {

void packCtrl(const CtrlMsg& m, std::uint8_t* b)
{
    std::memset(b, 0, kCtrlBytes);
    putLe<std::uint32_t>(b + 0, static_cast<std::uint32_t>(m.type));
    putLe<std::uint32_t>(b + 4, m.sizeIndex);
    putLe<std::uint64_t>(b + 8, m.size);
    putLe<std::uint64_t>(b + 16, m.addr);
    putLe<std::uint32_t>(b + 24, m.rkey);
    putLe<std::uint32_t>(b + 28, m.slots);
    putLe<std::uint32_t>(b + 32, m.recvDepth);
    putLe<std::uint32_t>(b + 36, static_cast<std::uint32_t>(m.slotBytes));
    putLe<std::uint64_t>(b + 40, m.total);
    putLe<std::uint64_t>(b + 48, m.measured);
    putLe<std::uint64_t>(b + 56, m.elapsedNs);
}

CtrlMsg unpackCtrl(const std::uint8_t* b)
{
    CtrlMsg m;
    m.type = static_cast<Ctrl>(getLe<std::uint32_t>(b + 0));
    m.sizeIndex = getLe<std::uint32_t>(b + 4);
    m.size = getLe<std::uint64_t>(b + 8);
    m.addr = getLe<std::uint64_t>(b + 16);
    m.rkey = getLe<std::uint32_t>(b + 24);
    m.slots = getLe<std::uint32_t>(b + 28);
    m.recvDepth = getLe<std::uint32_t>(b + 32);
    m.slotBytes = getLe<std::uint32_t>(b + 36);
    m.total = getLe<std::uint64_t>(b + 40);
    m.measured = getLe<std::uint64_t>(b + 48);
    m.elapsedNs = getLe<std::uint64_t>(b + 56);
    return m;
}

std::string statusHint(ibv_wc_status s)
{
    switch (s) {
    case IBV_WC_RETRY_EXC_ERR:
        return ": the peer stopped acknowledging (it went away, or the GID/route does not reach it)";
    case IBV_WC_RNR_RETRY_EXC_ERR:
        return ": the peer had no receive posted";
    case IBV_WC_REM_ACCESS_ERR:
        return ": the peer refused the remote access (rkey or bounds)";
    case IBV_WC_REM_INV_REQ_ERR:
        return ": the peer found the request invalid (message larger than its receive buffer?)";
    case IBV_WC_LOC_LEN_ERR:
        return ": a message did not fit the posted receive buffer";
    case IBV_WC_WR_FLUSH_ERR:
        return ": the QP had already failed or was disconnected";
    default:
        return "";
    }
}

CpuUse cpuNow()
{
    rusage u {};
    getrusage(RUSAGE_SELF, &u);
    CpuUse c;
    c.userS = static_cast<double>(u.ru_utime.tv_sec) + static_cast<double>(u.ru_utime.tv_usec) / 1e6;
    c.sysS = static_cast<double>(u.ru_stime.tv_sec) + static_cast<double>(u.ru_stime.tv_usec) / 1e6;
    return c;
}

CpuUse cpuBetween(const CpuUse& a, const CpuUse& b, double wallS)
{
    return CpuUse { b.userS - a.userS, b.sysS - a.sysS, wallS };
}

} // namespace

std::string ctrlName(Ctrl t)
{
    switch (t) {
    case Ctrl::Ready:
        return "READY";
    case Ctrl::Start:
        return "START";
    case Ctrl::End:
        return "END";
    case Ctrl::Drain:
        return "DRAIN";
    case Ctrl::Heartbeat:
        return "HEARTBEAT";
    case Ctrl::Fin:
        return "FIN";
    }
    return "control " + std::to_string(static_cast<std::uint32_t>(t));
}

std::string opText(Op op)
{
    switch (op) {
    case Op::Send:
        return "SEND";
    case Op::Write:
        return "RDMA WRITE";
    case Op::WriteImm:
        return "RDMA WRITE WITH IMM";
    case Op::Read:
        return "RDMA READ";
    }
    return "?";
}

std::size_t slotBytesFor(std::uint64_t size)
{
    return static_cast<std::size_t>((std::max<std::uint64_t>(size, kCtrlBytes) + 63) / 64 * 64);
}

int dataSlots(const TestOptions& o, std::uint64_t size, int wanted)
{
    if (!o.verifyData)
        return 1;
    return std::min(wanted, static_cast<int>(std::max<std::size_t>(1, kRingBudget / slotBytesFor(size))));
}

std::string RdmaVerbsEngine::context() const
{
    std::string s = toString(o_.mode) + " " + toString(o_.op);
    if (size_)
        s += ", " + sizeText(size_);
    // A GID that passes the checks but cannot reach the peer only shows up as silence: say which one it was.
    if (c_ && c_->info.gidExplicit && c_->info.gidIndex != c_->info.rdmacmGidIndex)
        s += "; GID index " + std::to_string(c_->info.gidIndex) + " (" + c_->info.gid
            + ") was given with --gid-index, rdma_cm's for this address is " + std::to_string(c_->info.rdmacmGidIndex)
            + ": does the peer reach it?";
    return s;
}

std::unexpected<Error> RdmaVerbsEngine::failure(ErrorKind kind, const std::string& message) const
{
    return fail(kind, message + " (" + context() + ")", c_ ? c_->where : std::string("rdma"));
}

Result<void> RdmaVerbsEngine::housekeeping(Clock::time_point now)
{
    nextHousekeeping_ = now + toDuration(kHousekeepingS);
    if (cancelled(hooks_))
        return failure(ErrorKind::Cancelled, "cancelled while " + what());
    for (;;) {
        rdma_cm_event* raw = nullptr;
        if (rdma_get_cm_event(c_->events.get(), &raw) != 0)
            break; // EAGAIN: nothing pending
        CmEvent ev(raw);
        const auto type = ev->event;
        if (type == RDMA_CM_EVENT_DISCONNECTED) {
            c_->disconnected = true;
            // The client disconnects only once it has FIN: then the run is complete. Otherwise the peer is
            // gone, but what it sent before may still sit in the CQ (FIN, END): take that first, and fail only
            // when a wait needs more (pump).
            peerGone_ = !finSent_;
            for (int n; (n = ibv_poll_cq(c_->cq.get(), static_cast<int>(wc_.size()), wc_.data())) > 0;) {
                for (int i = 0; i < n; ++i) {
                    if (auto ok = handle(wc_[static_cast<std::size_t>(i)], now); !ok)
                        return ok;
                }
            }
            return {};
        }
        if (type == RDMA_CM_EVENT_DEVICE_REMOVAL)
            return failure(ErrorKind::Io, c_->info.device + " was removed while " + what());
    }
    if (secondsBetween(lastProgress_, now) > stallS_)
        return failure(ErrorKind::Timeout,
            "no completion for " + std::to_string(static_cast<int>(stallS_)) + " s while " + what()
                + " (the peer stopped answering?)");
    if (!measuring_ && measureFrom_ && now >= *measureFrom_) {
        beginMeasure(now);
        m0_ = received_;
    }
    if (measuring_ && now >= nextSample_)
        emitSample(now);
    if (heartbeats_ && now >= nextHeartbeat_ && static_cast<int>(postedSeq_ - doneSeq_) < sqDepth_) {
        nextHeartbeat_ = now + toDuration(kHeartbeatS);
        if (auto ok = sendZero(Ctrl::Heartbeat, 1); !ok)
            return ok;
    }
    return {};
}

Result<void> RdmaVerbsEngine::pump()
{
    if (peerGone_)
        return failure(ErrorKind::Io,
            "the peer " + c_->info.peerAddress + " disconnected (it was cancelled or failed) while " + what());
    const int n = ibv_poll_cq(c_->cq.get(), static_cast<int>(wc_.size()), wc_.data());
    if (n < 0) // providers return a negative number here, not an errno
        return failure(
            ErrorKind::Io, "polling the completion queue failed (ibv_poll_cq returned " + std::to_string(n) + ")");
    if (n > 0) {
        const auto now = Clock::now();
        lastProgress_ = now;
        for (int i = 0; i < n; ++i) {
            if (auto ok = handle(wc_[static_cast<std::size_t>(i)], now); !ok)
                return ok;
        }
        if (now >= nextHousekeeping_)
            return housekeeping(now);
        return {};
    }
    if (c_->completionChannel) {
        if (!armed_) {
            if (const int rc = ibv_req_notify_cq(c_->cq.get(), 0); rc != 0)
                return failure(
                    ErrorKind::Io, "arming the completion queue failed: " + std::system_category().message(rc));
            armed_ = true;
            return {}; // poll once more: a completion may have arrived before the arming
        }
        auto now = Clock::now();
        const auto wait = std::max<long long>(
            0, std::chrono::duration_cast<std::chrono::milliseconds>(nextHousekeeping_ - now).count() + 1);
        std::array<pollfd, 2> fds { pollfd { c_->completionChannel->fd, POLLIN, 0 },
            pollfd { c_->events->fd, POLLIN, 0 } };
        const int rc = poll(fds.data(), fds.size(), static_cast<int>(wait));
        if (rc < 0 && errno != EINTR)
            return failure(ErrorKind::Io,
                std::string("waiting on the completion channel failed: ") + std::system_category().message(errno));
        if (fds[0].revents & POLLIN) {
            ibv_cq* cq = nullptr;
            void* ctx = nullptr;
            if (ibv_get_cq_event(c_->completionChannel.get(), &cq, &ctx) == 0) {
                c_->cq.gotEvent();
                armed_ = false;
            }
        }
        now = Clock::now();
        if (now >= nextHousekeeping_ || fds[1].revents)
            return housekeeping(now);
        return {};
    }
    if ((++idlePolls_ & 0xf) == 0) {
        const auto now = Clock::now();
        // After a while with nothing to do, let other threads of this CPU run between polls: a software RDMA
        // device (rxe) does a blast's work in softirq threads, which a busy poller on a single-core host
        // otherwise starves for a whole time slice. Real NICs complete well within the grace time, so their
        // hot path never yields. A ping waits for its peer, not for work of this host: there the yields
        // (about 15 per round trip on the lab) only cost kernel time, 3-4x the client's system CPU for no
        // gain in latency (docs/perf.md), so a ping polls like ib_send_lat does.
        if (o_.mode == Mode::Blast && now - lastProgress_ > kYieldAfter)
            sched_yield();
        if (now >= nextHousekeeping_)
            return housekeeping(now);
    }
    return {};
}

Result<void> RdmaVerbsEngine::handle(const ibv_wc& wc, Clock::time_point now)
{
    const bool recv = wc.wr_id & kRecvBit;
    if (wc.status != IBV_WC_SUCCESS) {
        std::string op = "a receive";
        if (!recv) {
            auto it
                = std::find_if(sends_.begin(), sends_.end(), [&](const SendRecord& r) { return r.seq == wc.wr_id; });
            if (it != sends_.end() && it->kind == SendRecord::Kind::Data)
                op = "the " + opText(o_.op) + " of message " + std::to_string(it->message);
            else if (it != sends_.end() && it->kind == SendRecord::Kind::Echo)
                op = "the echo of message " + std::to_string(it->message);
            else
                op = "a control message";
        }
        char vendor[16];
        std::snprintf(vendor, sizeof vendor, "0x%x", wc.vendor_err);
        return failure(ErrorKind::Io,
            op + " failed while " + what() + ": " + ibv_wc_status_str(wc.status) + " (status "
                + std::to_string(wc.status) + ", vendor error " + vendor + ")" + statusHint(wc.status));
    }
    if (!recv)
        return handleSendDone(wc.wr_id, now);

    Incoming in;
    in.ring = wc.wr_id & kRingBit;
    in.slot = static_cast<int>(wc.wr_id & 0xffffffffu);
    in.bytes = wc.byte_len;
    in.at = now;
    const bool withImm = wc.wc_flags & IBV_WC_WITH_IMM;
    in.imm = withImm ? ntohl(wc.imm_data) : 0;
    if (wc.opcode == IBV_WC_RECV_RDMA_WITH_IMM) {
        in.kind = Incoming::Kind::DataImm;
    } else if (withImm && (in.imm & kCtrlTagMask) == kCtrlTag) {
        in.kind = Incoming::Kind::Ctrl;
        // The payload is copied now: a later message may reuse the slot before the engine gets to this one.
        const std::uint8_t* p = in.ring ? c_->ring.at(static_cast<std::size_t>(in.slot) * slotBytes_)
                                        : c_->control.at(static_cast<std::size_t>(in.slot) * kCtrlBytes);
        if (wc.byte_len >= kCtrlBytes)
            in.ctrl = unpackCtrl(p);
        in.ctrl.type = static_cast<Ctrl>(in.imm & ~kCtrlTagMask);
    } else {
        in.kind = Incoming::Kind::Data;
    }
    incoming_.push_back(in);
    return {};
}

Result<void> RdmaVerbsEngine::handleSendDone(std::uint64_t seq, Clock::time_point now)
{
    doneSeq_ = std::max(doneSeq_, seq);
    // Completions of unsignalled work requests are implied by the next signalled one.
    while (!sends_.empty() && sends_.front().seq <= seq) {
        const SendRecord r = sends_.front();
        sends_.pop_front();
        switch (r.kind) {
        case SendRecord::Kind::Data:
            --dataInFlight_;
            ++dataDone_;
            lastDataDone_ = now;
            if (o_.mode == Mode::Blast && measuring_ && r.message >= m0_
                && (!o_.iterations || r.message < m0_ + *o_.iterations)) {
                ++measured_;
                if (o_.iterations && measured_ == *o_.iterations)
                    measureEnd_ = now;
            }
            if (o_.mode == Mode::Blast && o_.op == Op::Read && o_.verifyData
                && !checkPattern(c_->ring.at(static_cast<std::size_t>(r.slot) * slotBytes_), size_,
                    r.message % static_cast<std::uint64_t>(peerSlots_)))
                ++verifyErrors_;
            break;
        case SendRecord::Kind::Echo:
            if (auto ok = postRecv(true, r.slot); !ok)
                return ok;
            break;
        case SendRecord::Kind::Ctrl:
        case SendRecord::Kind::Zero:
            break;
        }
    }
    // Messages complete in order: the first one counted is the first that had not completed yet.
    if (measureAtCompletion_ && dataDone_ > 0) {
        measureAtCompletion_ = false;
        beginMeasure(now);
        m0_ = dataDone_;
    }
    return {};
}

Result<Incoming> RdmaVerbsEngine::nextIncoming(const char* what, std::optional<std::uint64_t> message)
{
    waitingFor(what, message);
    while (incoming_.empty()) {
        if (auto ok = pump(); !ok)
            return std::unexpected(ok.error());
    }
    Incoming in = incoming_.front();
    incoming_.pop_front();
    return in;
}

Result<CtrlMsg> RdmaVerbsEngine::expectCtrl(Ctrl type, const char* what)
{
    auto in = nextIncoming(what);
    if (!in)
        return std::unexpected(in.error());
    if (in->kind != Incoming::Kind::Ctrl || in->ctrl.type != type)
        return failure(ErrorKind::Protocol,
            "expected " + ctrlName(type) + " from the peer but got "
                + (in->kind == Incoming::Kind::Ctrl ? ctrlName(in->ctrl.type) : std::string("a data message")));
    return in->ctrl;
}

/// A receive into ring slot `slot` (slotBytes each) or into control receive slot `slot`.
Result<void> postRecvOn(Connection& c, bool ring, int slot, std::size_t slotBytes)
{
    ibv_sge sge {};
    if (ring) {
        sge.addr = c.ring.addr(static_cast<std::size_t>(slot) * slotBytes);
        sge.length = static_cast<std::uint32_t>(slotBytes);
        sge.lkey = c.ring.lkey();
    } else {
        sge.addr = c.control.addr(static_cast<std::size_t>(slot) * kCtrlBytes);
        sge.length = kCtrlBytes;
        sge.lkey = c.control.lkey();
    }
    ibv_recv_wr wr {};
    wr.wr_id = kRecvBit | (ring ? kRingBit : 0) | static_cast<std::uint64_t>(slot);
    wr.sg_list = &sge;
    wr.num_sge = 1;
    ibv_recv_wr* bad = nullptr;
    if (const int rc = ibv_post_recv(c.qp.get(), &wr, &bad); rc != 0)
        return fail(
            ErrorKind::Io, std::string("posting a receive failed: ") + std::system_category().message(rc), c.where);
    return {};
}

Result<void> RdmaVerbsEngine::postRecv(bool ring, int slot)
{
    return postRecvOn(*c_, ring, slot, slotBytes_);
}

Result<void> RdmaVerbsEngine::ensureSqRoom(int count)
{
    return waitUntil([&] { return static_cast<int>(postedSeq_ - doneSeq_) + count <= sqDepth_; });
}

Result<void> RdmaVerbsEngine::post(ibv_send_wr* first, int count)
{
    ibv_send_wr* bad = nullptr;
    if (const int rc = ibv_post_send(c_->qp.get(), first, &bad); rc != 0)
        return failure(ErrorKind::Io,
            "posting " + std::to_string(count) + " work request(s) failed while " + what() + ": "
                + std::system_category().message(rc));
    return {};
}

Result<void> RdmaVerbsEngine::sendCtrl(const CtrlMsg& m)
{
    if (auto ok = ensureSqRoom(1); !ok)
        return ok;
    const int slot = ctrlSendNext_;
    ctrlSendNext_ = (ctrlSendNext_ + 1) % kCtrlSendSlots;
    // The slot's previous message must have left before it is rewritten.
    const std::uint64_t previous = ctrlSendSeq_[static_cast<std::size_t>(slot)];
    if (auto ok = waitUntil([&] { return doneSeq_ >= previous; }); !ok)
        return ok;
    const std::size_t offset = static_cast<std::size_t>(kCtrlRecvSlots + slot) * kCtrlBytes;
    packCtrl(m, c_->control.at(offset));
    ibv_sge sge { c_->control.addr(offset), static_cast<std::uint32_t>(kCtrlBytes), c_->control.lkey() };
    ibv_send_wr wr {};
    wr.wr_id = ++postedSeq_;
    wr.sg_list = &sge;
    wr.num_sge = 1;
    wr.opcode = IBV_WR_SEND_WITH_IMM;
    wr.imm_data = htonl(kCtrlTag | static_cast<std::uint32_t>(m.type));
    wr.send_flags = IBV_SEND_SIGNALED;
    ctrlSendSeq_[static_cast<std::size_t>(slot)] = wr.wr_id;
    sends_.push_back(SendRecord { wr.wr_id, SendRecord::Kind::Ctrl, 0, slot });
    return post(&wr, 1);
}

Result<void> RdmaVerbsEngine::sendZero(Ctrl type, std::uint64_t count)
{
    while (count > 0) {
        const int room = sqDepth_ - static_cast<int>(postedSeq_ - doneSeq_);
        if (room <= 0) {
            if (auto ok = pump(); !ok)
                return ok;
            continue;
        }
        // One chain is at most wr_'s length: the send queue (window + 16) has more room than that, and UBSan in the
        // lab caught a 128-deep blast writing past the array's end here.
        const int n = static_cast<int>(
            std::min<std::uint64_t>({ count, static_cast<std::uint64_t>(room), std::uint64_t { wr_.size() } }));
        for (int i = 0; i < n; ++i) {
            auto& w = wr_[static_cast<std::size_t>(i)];
            w = {};
            w.wr_id = ++postedSeq_;
            w.num_sge = 0;
            w.opcode = IBV_WR_SEND_WITH_IMM;
            w.imm_data = htonl(kCtrlTag | static_cast<std::uint32_t>(type));
            w.send_flags = i == n - 1 ? IBV_SEND_SIGNALED : 0;
            w.next = i == n - 1 ? nullptr : &wr_[static_cast<std::size_t>(i) + 1];
            sends_.push_back(SendRecord { w.wr_id, SendRecord::Kind::Zero, 0, 0 });
        }
        if (auto ok = post(wr_.data(), n); !ok)
            return ok;
        count -= static_cast<std::uint64_t>(n);
    }
    return {};
}

Result<void> RdmaVerbsEngine::waitSendsDone(const char* what)
{
    waitingFor(what);
    return waitUntil([&] { return doneSeq_ >= postedSeq_; });
}

Result<void> RdmaVerbsEngine::allocateRing(int slots, std::size_t slotBytes)
{
    c_->ring = {};
    auto r = registerRegion(c_->pd.get(), static_cast<std::size_t>(slots) * slotBytes,
        IBV_ACCESS_LOCAL_WRITE | IBV_ACCESS_REMOTE_WRITE | IBV_ACCESS_REMOTE_READ,
        std::to_string(slots) + " message buffer(s) of " + sizeText(size_));
    if (!r)
        return std::unexpected(r.error());
    c_->ring = std::move(*r);
    slots_ = slots;
    slotBytes_ = slotBytes;
    return {};
}

void RdmaVerbsEngine::beginMeasure(Clock::time_point now)
{
    measuring_ = true;
    measureStart_ = now;
    cpuStart_ = cpuNow();
    lastSample_ = now;
    lastSampleCpu_ = cpuStart_;
    lastSampleMessages_ = 0;
    nextSample_ = now + toDuration(o_.sampleIntervalS);
    measured_ = 0;
}

void RdmaVerbsEngine::emitSample(Clock::time_point now)
{
    const double interval = secondsBetween(lastSample_, now);
    const CpuUse cpu = cpuNow();
    if (hooks_.onSample && interval > 0) {
        Sample s;
        s.size = size_;
        s.tS = secondsBetween(measureStart_, now);
        s.intervalS = interval;
        s.messages = measured_ - lastSampleMessages_;
        s.bytes = s.messages * size_;
        s.gbps = static_cast<double>(s.bytes) * 8 / interval / 1e9;
        s.messagesPerS = static_cast<double>(s.messages) / interval;
        if (pingLatency_ && intervalLatency_.count()) {
            s.p50Us = static_cast<double>(intervalLatency_.quantile(0.5)) / 1000.0;
            s.p99Us = static_cast<double>(intervalLatency_.quantile(0.99)) / 1000.0;
        }
        s.cpuPercent = cpuBetween(lastSampleCpu_, cpu, interval).percent();
        hooks_.onSample(s);
    }
    intervalLatency_.reset();
    lastSample_ = now;
    lastSampleCpu_ = cpu;
    lastSampleMessages_ = measured_;
    nextSample_ = now + toDuration(o_.sampleIntervalS);
}

SizeResult RdmaVerbsEngine::result(std::uint64_t messages, double elapsedS, Clock::time_point end) const
{
    SizeResult r;
    r.size = size_;
    r.messages = messages;
    r.bytes = messages * size_;
    r.elapsedS = elapsedS;
    if (elapsedS > 0) {
        r.gbps = static_cast<double>(r.bytes) * 8 / elapsedS / 1e9;
        r.messagesPerS = static_cast<double>(messages) / elapsedS;
    }
    if (pingLatency_)
        r.latency = latency_.summary();
    r.cpu = cpuBetween(cpuStart_, cpuNow(), secondsBetween(measureStart_, end));
    r.verifyErrors = verifyErrors_;
    return r;
}

} // namespace rp::perf::rdma

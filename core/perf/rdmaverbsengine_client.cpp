// SPDX-License-Identifier: GPL-3.0-or-later
// The RDMA verbs engine's client side (see rdmaverbsengine.h): it connects, sends START, drives the data of
// each size (ping or blast) and ends the size with END and the drains.
#include "perf/rdmaverbsengine.h"

#include <arpa/inet.h>

#include <algorithm>

namespace rp::perf::rdma {

namespace {

int clientSlots(const TestOptions& o, std::uint64_t size)
{
    return o.mode == Mode::Ping ? 2 : dataSlots(o, size, o.depth);
}

/// Data work requests in flight on the client: depth, but no more than its slots when the payloads are
/// checked (a slot is rewritten only after its message completed).
int clientWindow(const TestOptions& o, std::uint64_t size)
{
    if (o.mode == Mode::Ping)
        return 1;
    return o.verifyData ? std::min(o.depth, clientSlots(o, size)) : o.depth;
}

bool needsHeartbeats(const TestOptions& o)
{
    return (o.mode == Mode::Blast && (o.op == Op::Write || o.op == Op::Read))
        || (o.mode == Mode::Ping && o.op == Op::Write);
}

} // namespace

Result<SizeResult> RdmaVerbsEngine::clientPing(std::uint64_t size)
{
    const bool verify = o_.verifyData;
    const auto first = Clock::now();
    const auto warmEnd = first + toDuration(o_.warmupS);
    pingLatency_ = true;
    std::uint64_t n = 0;
    for (;; ++n) {
        auto now = Clock::now();
        if (!measuring_ && now >= warmEnd) {
            beginMeasure(now);
            m0_ = n;
        }
        if (measuring_
            && (o_.iterations ? n - m0_ >= *o_.iterations : secondsBetween(measureStart_, now) >= o_.durationS))
            break;
        waitingFor(o_.op == Op::Write ? "waiting for the read-back" : "waiting for the echo", n);
        // with verify, the previous message's send has completed (waited for below), so slot 0 may be rewritten
        if (verify)
            fillPattern(c_->ring.at(0), size, n);
        if (auto ok = ensureSqRoom(2); !ok)
            return std::unexpected(ok.error());
        auto& w = wr_[0];
        auto& w2 = wr_[1];
        w = {};
        w2 = {};
        sge_[0] = ibv_sge { c_->ring.addr(0), static_cast<std::uint32_t>(size), c_->ring.lkey() };
        w.sg_list = &sge_[0];
        w.num_sge = 1;
        w.wr_id = ++postedSeq_;
        const unsigned inl = o_.inlineData ? unsigned { IBV_SEND_INLINE } : 0u;
        int count = 1;
        if (o_.op == Op::Send) {
            if (auto ok = postRecv(true, 1); !ok)
                return std::unexpected(ok.error());
            w.opcode = IBV_WR_SEND;
            w.send_flags = IBV_SEND_SIGNALED | inl;
        } else if (o_.op == Op::WriteImm) {
            if (auto ok = postRecv(false, ctrlRecvNext_); !ok)
                return std::unexpected(ok.error());
            ctrlRecvNext_ = (ctrlRecvNext_ + 1) % kCtrlRecvSlots;
            w.opcode = IBV_WR_RDMA_WRITE_WITH_IMM;
            w.imm_data = htonl(static_cast<std::uint32_t>(n));
            w.wr.rdma.remote_addr = peerAddr_ + (n % 2) * peerSlotBytes_;
            w.wr.rdma.rkey = peerRkey_;
            w.send_flags = IBV_SEND_SIGNALED | inl;
        } else { // client-active: WRITE the message, READ it back
            w.opcode = IBV_WR_RDMA_WRITE;
            w.wr.rdma.remote_addr = peerAddr_;
            w.wr.rdma.rkey = peerRkey_;
            w.send_flags = inl;
            w.next = &w2;
            sge_[1] = ibv_sge { c_->ring.addr(slotBytes_), static_cast<std::uint32_t>(size), c_->ring.lkey() };
            w2.wr_id = ++postedSeq_;
            w2.sg_list = &sge_[1];
            w2.num_sge = 1;
            w2.opcode = IBV_WR_RDMA_READ;
            w2.wr.rdma.remote_addr = peerAddr_;
            w2.wr.rdma.rkey = peerRkey_;
            w2.send_flags = IBV_SEND_SIGNALED;
            count = 2;
            sends_.push_back(SendRecord { w.wr_id, SendRecord::Kind::Zero, n, 0 });
        }
        sends_.push_back(SendRecord { count == 2 ? w2.wr_id : w.wr_id, SendRecord::Kind::Data, n, 0 });
        ++dataInFlight_;
        const auto t0 = Clock::now();
        if (auto ok = post(&w, count); !ok)
            return std::unexpected(ok.error());
        Clock::time_point back {};
        if (o_.op == Op::Write) {
            if (auto ok = waitUntil([&] { return dataInFlight_ == 0; }); !ok)
                return std::unexpected(ok.error());
            back = lastDataDone_;
        } else {
            auto in = nextIncoming(whatText_, n);
            if (!in)
                return std::unexpected(in.error());
            const auto want = o_.op == Op::Send ? Incoming::Kind::Data : Incoming::Kind::DataImm;
            if (in->kind != want)
                return failure(ErrorKind::Protocol,
                    "expected the echo of message " + std::to_string(n) + " but got "
                        + (in->kind == Incoming::Kind::Ctrl ? ctrlName(in->ctrl.type) : "another data message"));
            if (o_.op == Op::WriteImm && in->imm != static_cast<std::uint32_t>(n))
                ++verifyErrors_;
            back = in->at;
            // The send's own completion needs the peer's ACK, which may trail its echo: wait for it only when
            // the slot is about to be rewritten with the next pattern.
            if (verify) {
                if (auto ok = waitUntil([&] { return dataInFlight_ == 0; }); !ok)
                    return std::unexpected(ok.error());
            }
        }
        const auto rtt
            = static_cast<std::uint64_t>(std::chrono::duration_cast<std::chrono::nanoseconds>(back - t0).count());
        if (verify && !checkPattern(c_->ring.at(slotBytes_), size, n))
            ++verifyErrors_;
        if (measuring_) {
            latency_.record(rtt / 2);
            intervalLatency_.record(rtt / 2);
            ++measured_;
            lastDataDone_ = back;
        }
    }
    const auto end = lastDataDone_;
    const std::uint64_t messages = n - m0_;
    total_ = n;
    return result(messages, secondsBetween(measureStart_, end), end);
}

Result<SizeResult> RdmaVerbsEngine::clientBlast(std::uint64_t size)
{
    const bool verify = o_.verifyData;
    const int window = clientWindow(o_, size);
    // A verified run may have a smaller window than depth (one buffer per message in flight): the list and the
    // signalling interval shrink with it.
    const int signalEvery = std::min(o_.signalEvery, window);
    const int postList = std::min(o_.postList, window);
    const unsigned inl = o_.inlineData && o_.op != Op::Read ? unsigned { IBV_SEND_INLINE } : 0u;
    const auto first = Clock::now();
    const auto warmEnd = first + toDuration(o_.warmupS);
    const auto slots = static_cast<std::uint64_t>(slots_);
    const auto peerSlots = static_cast<std::uint64_t>(peerSlots_);
    std::uint64_t n = 0;
    bool lastSignalled = true;
    measureAtCompletion_ = false;
    measureEnd_.reset();
    // The measured phase begins at a completion, not at a time: the messages in flight when the warm-up ends
    // (depth x size: 8 MiB at 128 x 64 KiB, seconds on a slow link) are queued ahead of any message posted
    // after it, so counting only those posted after the warm-up, from the warm-up's end, would charge the
    // queue's drain time to the measurement and report too little (nothing at all when the queue takes
    // longer than the duration). From a completion on, every message completed is counted: the link is busy
    // the whole window, as in perftest's first post .. last completion.
    bool warm = false;
    for (;;) {
        const auto now = Clock::now();
        if (!warm && now >= warmEnd) {
            warm = true;
            if (dataInFlight_ == 0) { // nothing queued (no warm-up): measuring from now is exact
                beginMeasure(now);
                m0_ = n;
            } else {
                measureAtCompletion_ = true;
            }
        }
        if (measuring_
            && (o_.iterations ? n - m0_ >= *o_.iterations : secondsBetween(measureStart_, now) >= o_.durationS))
            break;
        int want = postList;
        if (measuring_ && o_.iterations)
            want
                = static_cast<int>(std::min<std::uint64_t>(static_cast<std::uint64_t>(want), m0_ + *o_.iterations - n));
        if (window - dataInFlight_ < want || static_cast<int>(postedSeq_ - doneSeq_) + want > sqDepth_) {
            waitingFor("waiting for completions to free the window", n);
            if (auto ok = pump(); !ok)
                return std::unexpected(ok.error());
            continue;
        }
        for (int i = 0; i < want; ++i) {
            const std::uint64_t msg = n + static_cast<std::uint64_t>(i);
            const int slot = static_cast<int>(msg % slots);
            std::uint8_t* local = c_->ring.at(static_cast<std::size_t>(slot) * slotBytes_);
            if (verify && o_.op != Op::Read)
                fillPattern(local, size, msg);
            auto& s = sge_[static_cast<std::size_t>(i)];
            s = ibv_sge { c_->ring.addr(static_cast<std::size_t>(slot) * slotBytes_), static_cast<std::uint32_t>(size),
                c_->ring.lkey() };
            auto& w = wr_[static_cast<std::size_t>(i)];
            w = {};
            w.wr_id = ++postedSeq_;
            w.sg_list = &s;
            w.num_sge = 1;
            const bool last = o_.iterations && measuring_ && msg + 1 == m0_ + *o_.iterations;
            // When the next list will not fit the window, the loop waits for a completion: there must be a
            // signalled request among those in flight, or nothing would ever complete.
            const bool beforeWait = i + 1 == want && window - (dataInFlight_ + want) < postList;
            const bool signalled = (msg + 1) % static_cast<std::uint64_t>(signalEvery) == 0 || last || beforeWait;
            w.send_flags = (signalled ? unsigned { IBV_SEND_SIGNALED } : 0u) | inl;
            lastSignalled = signalled;
            const std::uint64_t remote = peerAddr_ + (msg % peerSlots) * peerSlotBytes_;
            switch (o_.op) {
            case Op::Send:
                w.opcode = IBV_WR_SEND;
                break;
            case Op::Write:
                w.opcode = IBV_WR_RDMA_WRITE;
                break;
            case Op::WriteImm:
                w.opcode = IBV_WR_RDMA_WRITE_WITH_IMM;
                w.imm_data = htonl(static_cast<std::uint32_t>(msg));
                break;
            case Op::Read:
                w.opcode = IBV_WR_RDMA_READ;
                break;
            }
            if (o_.op != Op::Send) {
                w.wr.rdma.remote_addr = remote;
                w.wr.rdma.rkey = peerRkey_;
            }
            w.next = i + 1 < want ? &wr_[static_cast<std::size_t>(i) + 1] : nullptr;
            sends_.push_back(SendRecord { w.wr_id, SendRecord::Kind::Data, msg, slot });
        }
        dataInFlight_ += want;
        if (auto ok = post(wr_.data(), want); !ok)
            return std::unexpected(ok.error());
        n += static_cast<std::uint64_t>(want);
    }
    // The last data request may be unsignalled: a signalled empty message behind it reports it complete.
    if (!lastSignalled) {
        if (auto ok = sendZero(Ctrl::Heartbeat, 1); !ok)
            return std::unexpected(ok.error());
    }
    waitingFor("waiting for the last completions", n);
    if (auto ok = waitUntil([&] { return dataInFlight_ == 0; }); !ok)
        return std::unexpected(ok.error());
    const auto end = measureEnd_.value_or(lastDataDone_);
    total_ = n;
    return result(measured_, secondsBetween(measureStart_, end), end);
}

Result<std::vector<SizeResult>> RdmaVerbsEngine::client(const Endpoint& server, const RdmaRunExtras& extras)
{
    std::uint64_t largest = 0;
    for (auto s : o_.sizes)
        largest = std::max(largest, s);
    int window = 1;
    for (auto s : o_.sizes)
        window = std::max(window, clientWindow(o_, s));
    QpShape shape;
    sqDepth_ = window + 16;
    shape.sendDepth = sqDepth_;
    shape.recvDepth = 4;
    shape.maxInline = o_.inlineData && o_.op != Op::Read ? static_cast<int>(largest) : 0;
    shape.completionChannel = o_.completion == Completion::Event;
    shape.controlBytes = static_cast<std::size_t>(kCtrlRecvSlots + kCtrlSendSlots) * kCtrlBytes;
    // The server's first READY needs a receive before the connection exists.
    auto conn = connectClient(o_, server, hooks_, shape, [&](Connection& c) {
        ctrlRecvNext_ = 1;
        return postRecvOn(c, false, 0, kCtrlBytes);
    });
    if (!conn)
        return std::unexpected(conn.error());
    c_ = std::move(*conn);
    lastProgress_ = Clock::now();
    nextHousekeeping_ = lastProgress_;
    if (extras.onConnected)
        extras.onConnected(c_->info);
    if (hooks_.onReady)
        hooks_.onReady(server.port);

    std::vector<SizeResult> results;
    for (std::size_t k = 0; k < o_.sizes.size(); ++k) {
        const std::uint64_t size = o_.sizes[k];
        size_ = size;
        auto ready = expectCtrl(Ctrl::Ready, "waiting for the server's READY");
        if (!ready)
            return std::unexpected(ready.error());
        if (ready->sizeIndex != k || ready->size != size)
            return failure(ErrorKind::Protocol,
                "the server is ready for size #" + std::to_string(ready->sizeIndex) + " (" + sizeText(ready->size)
                    + "), this side for #" + std::to_string(k));
        peerAddr_ = ready->addr;
        peerRkey_ = ready->rkey;
        peerSlots_ = static_cast<int>(std::max<std::uint32_t>(ready->slots, 1));
        peerSlotBytes_ = ready->slotBytes;
        peerRecvs_ = static_cast<int>(ready->recvDepth);
        if (peerSlotBytes_ < size || peerRecvs_ < 1)
            return failure(ErrorKind::Protocol, "the server's READY describes buffers too small for the size");
        if (auto ok = allocateRing(clientSlots(o_, size), slotBytesFor(size)); !ok)
            return std::unexpected(ok.error());
        // reset the per-size state
        measuring_ = false;
        m0_ = 0;
        measured_ = 0;
        verifyErrors_ = 0;
        dataDone_ = 0;
        latency_.reset();
        intervalLatency_.reset();
        const double inFlightBytes = static_cast<double>(clientWindow(o_, size)) * static_cast<double>(size);
        stallS_ = kStallBaseS + inFlightBytes / kStallSlowestBytesPerS;

        CtrlMsg start;
        start.type = Ctrl::Start;
        start.sizeIndex = static_cast<std::uint32_t>(k);
        start.size = size;
        start.addr = c_->ring.addr(0);
        start.rkey = c_->ring.rkey();
        start.slots = static_cast<std::uint32_t>(slots_);
        start.slotBytes = slotBytes_;
        waitingFor("sending START");
        if (auto ok = sendCtrl(start); !ok)
            return std::unexpected(ok.error());
        lastProgress_ = Clock::now();
        heartbeats_ = needsHeartbeats(o_);
        nextHeartbeat_ = lastProgress_ + toDuration(kHeartbeatS);

        auto r = o_.mode == Mode::Ping ? clientPing(size) : clientBlast(size);
        if (!r)
            return std::unexpected(r.error());
        heartbeats_ = false;
        measuring_ = false;

        // The receive for the server's next READY (or FIN) goes in before END can trigger it.
        if (auto ok = postRecv(false, ctrlRecvNext_); !ok)
            return std::unexpected(ok.error());
        ctrlRecvNext_ = (ctrlRecvNext_ + 1) % kCtrlRecvSlots;
        CtrlMsg end;
        end.type = Ctrl::End;
        end.sizeIndex = static_cast<std::uint32_t>(k);
        end.size = size;
        end.total = total_;
        end.measured = r->messages;
        end.elapsedNs = static_cast<std::uint64_t>(r->elapsedS * 1e9);
        waitingFor("sending END");
        if (auto ok = sendCtrl(end); !ok)
            return std::unexpected(ok.error());
        if (auto ok = sendZero(Ctrl::Drain, static_cast<std::uint64_t>(peerRecvs_ - 1)); !ok)
            return std::unexpected(ok.error());
        if (auto ok = waitSendsDone("waiting for END and the drains to be delivered"); !ok)
            return std::unexpected(ok.error());
        c_->ring = {};
        if (hooks_.onSizeDone)
            hooks_.onSizeDone(*r);
        results.push_back(*r);
    }
    if (auto fin = expectCtrl(Ctrl::Fin, "waiting for the server to finish"); !fin)
        return std::unexpected(fin.error());
    c_->disconnect();
    return results;
}

} // namespace rp::perf::rdma

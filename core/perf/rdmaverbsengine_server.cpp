// SPDX-License-Identifier: GPL-3.0-or-later
// The RDMA verbs engine's server side (see rdmaverbsengine.h): per size it lays out its ring and receives,
// sends READY, takes the client's data (echoing it in a ping) until END, and checks what WRITE left behind.
#include "perf/rdmaverbsengine.h"

#include <arpa/inet.h>

#include <algorithm>

namespace rp::perf::rdma {

namespace {

/// Receives per size on the server, and how its ring is laid out.
struct ServerLayout
{
    int recvs = 2; ///< R
    int slots = 1; ///< ring slots
    bool recvIntoRing = false; ///< SEND data lands in the ring; otherwise receives use control slots
};

ServerLayout serverLayout(const TestOptions& o, std::uint64_t size)
{
    ServerLayout l;
    if (o.mode == Mode::Ping) {
        l.recvs = 2;
        l.slots = o.op == Op::Write ? 1 : 2;
        l.recvIntoRing = o.op == Op::Send;
        return l;
    }
    switch (o.op) {
    case Op::Send:
        l.recvs = std::clamp(2 * o.depth, 16, 512);
        l.slots = dataSlots(o, size, l.recvs);
        // Each receive must own its slot until its payload is checked.
        if (o.verifyData)
            l.recvs = std::min(l.recvs, l.slots);
        l.recvIntoRing = true;
        break;
    case Op::WriteImm:
        l.recvs = std::clamp(2 * o.depth, 16, 512);
        l.slots = dataSlots(o, size, o.depth);
        break;
    case Op::Write:
    case Op::Read:
        l.recvs = 2;
        l.slots = dataSlots(o, size, o.depth);
        break;
    }
    return l;
}

} // namespace

Result<SizeResult> RdmaVerbsEngine::serverSize(std::uint32_t index, std::uint64_t size)
{
    const ServerLayout layout = serverLayout(o_, size);
    if (auto ok = allocateRing(layout.slots, slotBytesFor(size)); !ok)
        return std::unexpected(ok.error());
    // READ sources carry a pattern per slot, checked by the client.
    if (o_.mode == Mode::Blast && o_.op == Op::Read && o_.verifyData) {
        for (int j = 0; j < slots_; ++j)
            fillPattern(c_->ring.at(static_cast<std::size_t>(j) * slotBytes_), size, static_cast<std::uint64_t>(j));
    }
    for (int i = 0; i < layout.recvs; ++i) {
        auto ok = layout.recvIntoRing ? postRecv(true, i % slots_) : postRecv(false, ctrlRecvNext_);
        if (!layout.recvIntoRing)
            ctrlRecvNext_ = (ctrlRecvNext_ + 1) % kCtrlRecvSlots;
        if (!ok)
            return std::unexpected(ok.error());
    }
    measuring_ = false;
    measured_ = 0;
    verifyErrors_ = 0;
    pingLatency_ = false;
    const double inFlightBytes = static_cast<double>(o_.mode == Mode::Ping ? 1 : o_.depth) * static_cast<double>(size);
    stallS_ = kStallBaseS + inFlightBytes / kStallSlowestBytesPerS;

    CtrlMsg ready;
    ready.type = Ctrl::Ready;
    ready.sizeIndex = index;
    ready.size = size;
    ready.addr = c_->ring.addr(0);
    ready.rkey = c_->ring.rkey();
    ready.slots = static_cast<std::uint32_t>(slots_);
    ready.slotBytes = slotBytes_;
    ready.recvDepth = static_cast<std::uint32_t>(layout.recvs);
    waitingFor("sending READY");
    if (auto ok = sendCtrl(ready); !ok)
        return std::unexpected(ok.error());
    lastProgress_ = Clock::now();
    auto start = nextIncoming("waiting for the client's START");
    if (!start)
        return std::unexpected(start.error());
    if (start->kind != Incoming::Kind::Ctrl || start->ctrl.type != Ctrl::Start || start->ctrl.sizeIndex != index)
        return failure(ErrorKind::Protocol, "expected START of size #" + std::to_string(index) + " from the client");
    if (auto ok = postRecv(start->ring, start->slot); !ok)
        return std::unexpected(ok.error());
    peerAddr_ = start->ctrl.addr;
    peerRkey_ = start->ctrl.rkey;
    peerSlots_ = static_cast<int>(std::max<std::uint32_t>(start->ctrl.slots, 1));
    peerSlotBytes_ = start->ctrl.slotBytes;
    if (o_.mode == Mode::Ping && o_.op == Op::WriteImm && (peerSlots_ < 2 || peerSlotBytes_ < size))
        return failure(ErrorKind::Protocol, "the client's START describes no room for the echo");

    measureFrom_ = start->at + toDuration(o_.warmupS);
    received_ = 0;
    const bool seesData = o_.op == Op::Send || o_.op == Op::WriteImm;
    const unsigned inl = o_.inlineData ? unsigned { IBV_SEND_INLINE } : 0u;
    CtrlMsg endMsg;
    Clock::time_point endAt {};
    for (;;) {
        auto in = seesData ? nextIncoming("waiting for data from the client", received_)
                           : nextIncoming("waiting for the client's END (the data path needs no server CPU)");
        if (!in)
            return std::unexpected(in.error());
        if (!measuring_ && in->at >= *measureFrom_) {
            beginMeasure(in->at);
            m0_ = received_;
        }
        if (in->kind == Incoming::Kind::Ctrl) {
            if (in->ctrl.type == Ctrl::End) {
                endMsg = in->ctrl;
                endAt = in->at;
                break;
            }
            if (in->ctrl.type != Ctrl::Heartbeat)
                return failure(ErrorKind::Protocol, "unexpected " + ctrlName(in->ctrl.type) + " from the client");
            if (auto ok = postRecv(in->ring, in->slot); !ok)
                return std::unexpected(ok.error());
            continue;
        }
        const std::uint64_t n = received_++;
        if (measuring_)
            ++measured_;
        if (in->kind == Incoming::Kind::Data) {
            if (o_.op != Op::Send || in->bytes != size)
                return failure(ErrorKind::Protocol,
                    "received a " + std::to_string(in->bytes) + " B message where " + sizeText(size) + " "
                        + opText(o_.op) + " was expected");
            std::uint8_t* p = c_->ring.at(static_cast<std::size_t>(in->slot) * slotBytes_);
            if (o_.mode == Mode::Ping) {
                if (auto ok = ensureSqRoom(1); !ok)
                    return std::unexpected(ok.error());
                sge_[0] = ibv_sge { c_->ring.addr(static_cast<std::size_t>(in->slot) * slotBytes_),
                    static_cast<std::uint32_t>(size), c_->ring.lkey() };
                auto& w = wr_[0];
                w = {};
                w.wr_id = ++postedSeq_;
                w.sg_list = &sge_[0];
                w.num_sge = 1;
                w.opcode = IBV_WR_SEND;
                w.send_flags = IBV_SEND_SIGNALED | inl;
                // the receive goes back once the echo has left the slot
                sends_.push_back(SendRecord { w.wr_id, SendRecord::Kind::Echo, n, in->slot });
                if (auto ok = post(&w, 1); !ok)
                    return std::unexpected(ok.error());
                if (o_.verifyData && !checkPattern(p, size, n))
                    ++verifyErrors_;
            } else {
                if (o_.verifyData && !checkPattern(p, size, n))
                    ++verifyErrors_;
                if (auto ok = postRecv(true, in->slot); !ok)
                    return std::unexpected(ok.error());
            }
            continue;
        }
        // WRITE WITH IMM: the immediate is the message number
        if (o_.op != Op::WriteImm)
            return failure(ErrorKind::Protocol, "received an RDMA WRITE WITH IMM in a " + opText(o_.op) + " test");
        if (auto ok = postRecv(in->ring, in->slot); !ok)
            return std::unexpected(ok.error());
        if (o_.verifyData && in->imm != static_cast<std::uint32_t>(n))
            ++verifyErrors_;
        if (o_.mode == Mode::Ping) {
            if (auto ok = ensureSqRoom(1); !ok)
                return std::unexpected(ok.error());
            const std::size_t from = static_cast<std::size_t>(in->imm % 2) * slotBytes_;
            sge_[0] = ibv_sge { c_->ring.addr(from), static_cast<std::uint32_t>(size), c_->ring.lkey() };
            auto& w = wr_[0];
            w = {};
            w.wr_id = ++postedSeq_;
            w.sg_list = &sge_[0];
            w.num_sge = 1;
            w.opcode = IBV_WR_RDMA_WRITE_WITH_IMM;
            w.imm_data = htonl(in->imm);
            w.wr.rdma.remote_addr = peerAddr_ + peerSlotBytes_;
            w.wr.rdma.rkey = peerRkey_;
            w.send_flags = IBV_SEND_SIGNALED | inl;
            sends_.push_back(SendRecord { w.wr_id, SendRecord::Kind::Zero, n, 0 });
            if (auto ok = post(&w, 1); !ok)
                return std::unexpected(ok.error());
            if (o_.verifyData && !checkPattern(c_->ring.at(from), size, n))
                ++verifyErrors_;
        }
    }
    measureFrom_.reset();
    if (!measuring_)
        beginMeasure(endAt);

    // Echo completions put their receives back; then the client's drains use up the R-1 still posted.
    if (auto ok = waitSendsDone("waiting for the last echo to be acknowledged"); !ok)
        return std::unexpected(ok.error());
    for (std::uint32_t d = 0; d + 1 < ready.recvDepth; ++d) {
        auto in = nextIncoming("waiting for the client's drain messages");
        if (!in)
            return std::unexpected(in.error());
        if (in->kind != Incoming::Kind::Ctrl || in->ctrl.type != Ctrl::Drain)
            return failure(ErrorKind::Protocol, "expected DRAIN after END");
    }

    // WRITE leaves no trace but the buffer: each slot must hold the last message written to it.
    const std::uint64_t total = endMsg.total;
    if (o_.verifyData && (o_.op == Op::Write || (o_.op == Op::WriteImm && o_.mode == Mode::Blast))) {
        const auto m = static_cast<std::uint64_t>(slots_);
        for (std::uint64_t j = 0; j < m && j < total; ++j) {
            const std::uint64_t last = j + m * ((total - 1 - j) / m);
            if (!checkPattern(c_->ring.at(static_cast<std::size_t>(j) * slotBytes_), size, last))
                ++verifyErrors_;
        }
    }
    SizeResult r = seesData ? result(measured_, secondsBetween(measureStart_, endAt), endAt)
                            : result(endMsg.measured, static_cast<double>(endMsg.elapsedNs) / 1e9, endAt);
    measuring_ = false;
    c_->ring = {};
    return r;
}

Result<std::vector<SizeResult>> RdmaVerbsEngine::server(const Endpoint& bind, const RdmaRunExtras& extras)
{
    int recvs = 2;
    for (auto s : o_.sizes)
        recvs = std::max(recvs, serverLayout(o_, s).recvs);
    QpShape shape;
    sqDepth_ = 16;
    shape.sendDepth = sqDepth_;
    shape.recvDepth = recvs + 2;
    std::uint64_t largest = 0;
    for (auto s : o_.sizes)
        largest = std::max(largest, s);
    // only a ping server sends data (the echo)
    shape.maxInline = o_.inlineData && o_.mode == Mode::Ping ? static_cast<int>(largest) : 0;
    // A WRITE/READ server has no data completions to reap (it waits for heartbeats and END), so it sleeps
    // even when asked to poll: spinning would only take the CPU from the data path, which a software RDMA
    // device (rxe) runs on the host's own cores, and perftest's server idles there too.
    const bool seesData = o_.op == Op::Send || o_.op == Op::WriteImm;
    shape.completionChannel = o_.completion == Completion::Event || !seesData;
    shape.controlBytes = static_cast<std::size_t>(kCtrlRecvSlots + kCtrlSendSlots) * kCtrlBytes;
    auto conn = acceptServer(o_, bind, hooks_, shape, {});
    if (!conn)
        return std::unexpected(conn.error());
    c_ = std::move(*conn);
    lastProgress_ = Clock::now();
    nextHousekeeping_ = lastProgress_;
    if (extras.onConnected)
        extras.onConnected(c_->info);

    std::vector<SizeResult> results;
    for (std::size_t k = 0; k < o_.sizes.size(); ++k) {
        size_ = o_.sizes[k];
        auto r = serverSize(static_cast<std::uint32_t>(k), size_);
        if (!r)
            return std::unexpected(r.error());
        if (hooks_.onSizeDone)
            hooks_.onSizeDone(*r);
        results.push_back(*r);
    }
    CtrlMsg fin;
    fin.type = Ctrl::Fin;
    waitingFor("sending FIN");
    if (auto ok = sendCtrl(fin); !ok)
        return std::unexpected(ok.error());
    finSent_ = true;
    waitingFor("waiting for the client to take FIN");
    if (auto ok = waitUntil([&] { return doneSeq_ >= postedSeq_ || c_->disconnected; }); !ok)
        return std::unexpected(ok.error());
    return results;
}

} // namespace rp::perf::rdma

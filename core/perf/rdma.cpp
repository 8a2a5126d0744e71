// SPDX-License-Identifier: GPL-3.0-or-later
// The RDMA verbs engine: ping and blast over one RC QP (rdma_conn.h sets it up).
//
// Per size, the two sides follow a fixed exchange of control messages (SEND WITH IMM, tagged in the immediate,
// 64-byte payload from a persistent control region):
//
//   server: allocate + register the size's ring, post R receives, READY{ring addr, rkey, slots, R}
//   client: allocate + register its ring, START{its ring}, data (ping or blast), END{counts} + R-1 DRAINs
//   server: after END and the drains, READY for the next size, or FIN after the last
//
// Why the drains: a receive queue is strictly FIFO and a posted receive cannot be taken back, so a receive still
// posted at the end of a size would point into a ring that is about to be deregistered, and the first message of
// the next size would land there. The server reposts exactly one receive per message it consumes (END
// excepted), so after END it holds exactly R-1, and the client consumes them with zero-length DRAINs: every
// size starts with an empty receive queue. The client keeps one control receive posted for READY/FIN and
// posts it again before END, so a server message never finds its queue empty.
//
// Blast WRITE/READ and ping WRITE give the server no completions: the client sends a zero-length HEARTBEAT
// every second so that the server's stall watchdog can tell a slow test from a dead one.
//
// Message n of a size (warm-up included) carries patternByte(n, i) when verifyData is on. Its receiver checks
// it where it can see it: SEND and the ping echoes per message, READ at the client per completion, WRITE and
// WRITE WITH IMM in the server's buffers after END (each slot holds the last message written to it), plus
// the immediate (= n) of every WRITE WITH IMM.

#include "perf/perf.h"
#include "perf/rdma_conn.h"
#include "perf/rdma_engine.h"

#include <arpa/inet.h>
#include <poll.h>
#include <sched.h>
#include <sys/resource.h>

#include <algorithm>
#include <array>
#include <cstring>
#include <deque>
#include <limits>
#include <optional>
#include <system_error>

namespace rp::perf {

namespace {

using namespace rdma;

constexpr std::size_t kCtrlBytes = 64;
constexpr int kCtrlRecvSlots = 32; ///< control region: receive slots first, then send slots
constexpr int kCtrlSendSlots = 32;
constexpr std::uint32_t kCtrlTag = 0x52500000u; ///< "RP" in the high half of a control message's immediate
constexpr std::uint32_t kCtrlTagMask = 0xffff0000u;
constexpr std::size_t kRingBudget = 64u << 20; ///< verified messages in flight, per side: above it, fewer
constexpr double kHeartbeatS = 1.0;
constexpr double kHousekeepingS = 0.02; ///< cancel, cm events, watchdog, samples: well inside cancel's 100 ms
/// A busy poller that found nothing for this long lets other threads run between polls (see pump()).
constexpr auto kYieldAfter = std::chrono::microseconds(50);
/// A side that sees no completion for this long (plus the time its bytes in flight take at 2 MB/s, the
/// slowest emulated link) gives up with a Timeout.
constexpr double kStallBaseS = 5.0;
constexpr double kStallSlowestBytesPerS = 2e6;
constexpr std::uint64_t kRecvBit = 1ull << 63;
constexpr std::uint64_t kRingBit = 1ull << 62;

enum class Ctrl : std::uint32_t { Ready = 1, Start, End, Drain, Heartbeat, Fin };

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

struct CtrlMsg
{
    Ctrl type = Ctrl::Ready;
    std::uint32_t sizeIndex = 0;
    std::uint64_t size = 0;
    std::uint64_t addr = 0;
    std::uint32_t rkey = 0;
    std::uint32_t slots = 0;
    std::uint32_t recvDepth = 0;
    std::uint64_t slotBytes = 0;
    std::uint64_t total = 0; ///< END: data messages in the size, warm-up included
    std::uint64_t measured = 0; ///< END: data messages in the measured phase
    std::uint64_t elapsedNs = 0; ///< END: the measured phase
};

template <class T> void putLe(std::uint8_t* at, T value)
{
    for (std::size_t i = 0; i < sizeof(T); ++i)
        at[i] = static_cast<std::uint8_t>(static_cast<std::uint64_t>(value) >> (8 * i));
}
template <class T> T getLe(const std::uint8_t* at)
{
    std::uint64_t v = 0;
    for (std::size_t i = 0; i < sizeof(T); ++i)
        v |= static_cast<std::uint64_t>(at[i]) << (8 * i);
    return static_cast<T>(v);
}

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

std::string sizeText(std::uint64_t bytes)
{
    if (bytes >= (1u << 20) && bytes % (1u << 20) == 0)
        return std::to_string(bytes >> 20) + " MiB";
    if (bytes >= 1024 && bytes % 1024 == 0)
        return std::to_string(bytes >> 10) + " KiB";
    return std::to_string(bytes) + " B";
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

double secondsBetween(Clock::time_point a, Clock::time_point b)
{
    return std::chrono::duration<double>(b - a).count();
}

Clock::duration toDuration(double s)
{
    return std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(s));
}

void fillPattern(std::uint8_t* p, std::uint64_t bytes, std::uint64_t message)
{
    for (std::uint64_t i = 0; i < bytes; ++i)
        p[i] = patternByte(message, i);
}

bool checkPattern(const std::uint8_t* p, std::uint64_t bytes, std::uint64_t message)
{
    for (std::uint64_t i = 0; i < bytes; ++i) {
        if (p[i] != patternByte(message, i))
            return false;
    }
    return true;
}

/// Receives per size on the server, and how its ring is laid out.
struct ServerLayout
{
    int recvs = 2; ///< R
    int slots = 1; ///< ring slots
    bool recvIntoRing = false; ///< SEND data lands in the ring; otherwise receives use control slots
};

std::size_t slotBytesFor(std::uint64_t size)
{
    return static_cast<std::size_t>((std::max<std::uint64_t>(size, kCtrlBytes) + 63) / 64 * 64);
}

/// Message buffers for `wanted` messages in flight. Only checked payloads need a buffer each (a message must
/// stay put until it is checked); otherwise all messages share one, as perftest does: the payload is never
/// looked at, and a working set of one message keeps the host's caches (and an emulator's TLB) out of a number
/// that is about the NIC.
int dataSlots(const TestOptions& o, std::uint64_t size, int wanted)
{
    if (!o.verifyData)
        return 1;
    return std::min(wanted, static_cast<int>(std::max<std::size_t>(1, kRingBudget / slotBytesFor(size))));
}

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

struct Incoming
{
    enum class Kind { Data, DataImm, Ctrl };
    Kind kind = Kind::Data;
    bool ring = false;
    int slot = 0;
    std::uint32_t imm = 0;
    std::uint32_t bytes = 0;
    CtrlMsg ctrl;
    Clock::time_point at;
};

struct SendRecord
{
    enum class Kind { Ctrl, Data, Echo, Zero };
    std::uint64_t seq = 0;
    Kind kind = Kind::Data;
    std::uint64_t message = 0;
    int slot = 0;
};

class Engine
{
public:
    Engine(const TestOptions& options, const RunHooks& hooks)
        : o_(options)
        , hooks_(hooks)
    { }

    Result<std::vector<SizeResult>> server(const Endpoint& bind, const RdmaRunExtras& extras);
    Result<std::vector<SizeResult>> client(const Endpoint& server, const RdmaRunExtras& extras);

private:
    // --- plumbing
    Result<void> pump();
    Result<void> housekeeping(Clock::time_point now);
    Result<void> handle(const ibv_wc& wc, Clock::time_point now);
    Result<void> handleSendDone(std::uint64_t seq, Clock::time_point now);
    template <class Done> Result<void> waitUntil(Done done)
    {
        while (!done()) {
            if (auto ok = pump(); !ok)
                return ok;
        }
        return {};
    }
    void waitingFor(const char* text, std::optional<std::uint64_t> message = std::nullopt)
    {
        whatText_ = text;
        whatMessage_ = message;
    }
    std::string what() const
    {
        return whatText_ + (whatMessage_ ? " (message " + std::to_string(*whatMessage_) + ")" : std::string());
    }
    Result<Incoming> nextIncoming(const char* what, std::optional<std::uint64_t> message = std::nullopt);
    Result<CtrlMsg> expectCtrl(Ctrl type, const char* what);
    Result<void> postRecv(bool ring, int slot);
    Result<void> ensureSqRoom(int count);
    Result<void> post(ibv_send_wr* first, int count);
    Result<void> sendCtrl(const CtrlMsg& m);
    Result<void> sendZero(Ctrl type, std::uint64_t count);
    Result<void> waitSendsDone(const char* what);
    Result<void> allocateRing(int slots, std::size_t slotBytes);
    std::unexpected<Error> failure(ErrorKind kind, const std::string& message) const;
    std::string context() const;

    // --- the sides
    Result<SizeResult> clientPing(std::uint64_t size);
    Result<SizeResult> clientBlast(std::uint64_t size);
    Result<SizeResult> serverSize(std::uint32_t index, std::uint64_t size);
    void beginMeasure(Clock::time_point now);
    void emitSample(Clock::time_point now);
    SizeResult result(std::uint64_t messages, double elapsedS, Clock::time_point end) const;

    const TestOptions& o_;
    const RunHooks& hooks_;
    std::unique_ptr<Connection> c_;

    // queues
    int sqDepth_ = 0;
    std::uint64_t postedSeq_ = 0, doneSeq_ = 0;
    std::deque<SendRecord> sends_;
    std::deque<Incoming> incoming_;
    std::array<std::uint64_t, kCtrlSendSlots> ctrlSendSeq_ {};
    int ctrlSendNext_ = 0, ctrlRecvNext_ = 0;
    bool armed_ = false;
    std::array<ibv_wc, 32> wc_; ///< filled by ibv_poll_cq; not cleared per poll (the busy loop's cost)
    std::array<ibv_send_wr, 129> wr_ {};
    std::array<ibv_sge, 129> sge_ {};

    // the size in progress
    std::uint64_t size_ = 0;
    std::size_t slotBytes_ = 0;
    int slots_ = 0;
    std::uint64_t peerAddr_ = 0, peerSlotBytes_ = 0;
    std::uint32_t peerRkey_ = 0;
    int peerSlots_ = 1, peerRecvs_ = 0;
    /// What the engine waits for, for error messages; built only when one is needed (not in the hot loops).
    const char* whatText_ = "connecting";
    std::optional<std::uint64_t> whatMessage_;
    int dataInFlight_ = 0;
    std::uint64_t dataDone_ = 0;
    Clock::time_point lastDataDone_ {};
    std::uint64_t verifyErrors_ = 0;
    std::uint64_t total_ = 0; ///< client: data messages posted in the size
    std::uint64_t received_ = 0; ///< server: data messages received in the size
    bool heartbeats_ = false;
    bool finSent_ = false;
    bool peerGone_ = false; ///< the peer disconnected before the run was complete
    Clock::time_point nextHeartbeat_ {};

    // time keeping
    Clock::time_point lastProgress_ {}, nextHousekeeping_ {};
    double stallS_ = kStallBaseS;
    unsigned idlePolls_ = 0;

    // measurement
    bool measuring_ = false;
    std::optional<Clock::time_point> measureFrom_; ///< server: begin measuring at this time
    /// Blast client: the warm-up is over and measuring begins at the next data completion (see clientBlast).
    bool measureAtCompletion_ = false;
    std::optional<Clock::time_point> measureEnd_; ///< blast client with iterations: the last counted completion
    std::uint64_t m0_ = 0; ///< first measured message
    Clock::time_point measureStart_ {};
    CpuUse cpuStart_ {};
    std::uint64_t measured_ = 0;
    Histogram latency_, intervalLatency_;
    bool pingLatency_ = false;
    Clock::time_point nextSample_ {}, lastSample_ {};
    std::uint64_t lastSampleMessages_ = 0;
    CpuUse lastSampleCpu_ {};
};

std::string Engine::context() const
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

std::unexpected<Error> Engine::failure(ErrorKind kind, const std::string& message) const
{
    return fail(kind, message + " (" + context() + ")", c_ ? c_->where : std::string("rdma"));
}

Result<void> Engine::housekeeping(Clock::time_point now)
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

Result<void> Engine::pump()
{
    if (peerGone_)
        return failure(ErrorKind::Io,
            "the peer " + c_->info.peerAddress + " disconnected (it was cancelled or failed) while " + what());
    const int n = ibv_poll_cq(c_->cq.get(), static_cast<int>(wc_.size()), wc_.data());
    if (n < 0)
        return failure(ErrorKind::Io, "polling the completion queue failed");
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
            if (ibv_req_notify_cq(c_->cq.get(), 0) != 0)
                return failure(ErrorKind::Io, "arming the completion queue failed");
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

Result<void> Engine::handle(const ibv_wc& wc, Clock::time_point now)
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

Result<void> Engine::handleSendDone(std::uint64_t seq, Clock::time_point now)
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

Result<Incoming> Engine::nextIncoming(const char* what, std::optional<std::uint64_t> message)
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

Result<CtrlMsg> Engine::expectCtrl(Ctrl type, const char* what)
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

Result<void> Engine::postRecv(bool ring, int slot)
{
    return postRecvOn(*c_, ring, slot, slotBytes_);
}

Result<void> Engine::ensureSqRoom(int count)
{
    return waitUntil([&] { return static_cast<int>(postedSeq_ - doneSeq_) + count <= sqDepth_; });
}

Result<void> Engine::post(ibv_send_wr* first, int count)
{
    ibv_send_wr* bad = nullptr;
    if (const int rc = ibv_post_send(c_->qp.get(), first, &bad); rc != 0)
        return failure(ErrorKind::Io,
            "posting " + std::to_string(count) + " work request(s) failed while " + what() + ": "
                + std::system_category().message(rc));
    return {};
}

Result<void> Engine::sendCtrl(const CtrlMsg& m)
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

Result<void> Engine::sendZero(Ctrl type, std::uint64_t count)
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

Result<void> Engine::waitSendsDone(const char* what)
{
    waitingFor(what);
    return waitUntil([&] { return doneSeq_ >= postedSeq_; });
}

Result<void> Engine::allocateRing(int slots, std::size_t slotBytes)
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

void Engine::beginMeasure(Clock::time_point now)
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

void Engine::emitSample(Clock::time_point now)
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

SizeResult Engine::result(std::uint64_t messages, double elapsedS, Clock::time_point end) const
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

// ---------------------------------------------------------------------------------------------- client

Result<SizeResult> Engine::clientPing(std::uint64_t size)
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

Result<SizeResult> Engine::clientBlast(std::uint64_t size)
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

Result<std::vector<SizeResult>> Engine::client(const Endpoint& server, const RdmaRunExtras& extras)
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

// ---------------------------------------------------------------------------------------------- server

Result<SizeResult> Engine::serverSize(std::uint32_t index, std::uint64_t size)
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

Result<std::vector<SizeResult>> Engine::server(const Endpoint& bind, const RdmaRunExtras& extras)
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

} // namespace

Result<std::vector<SizeResult>> runRdmaServer(
    const TestOptions& options, const Endpoint& bind, const RunHooks& hooks, const RdmaRunExtras& extras)
{
    if (auto ok = validate(options); !ok)
        return std::unexpected(ok.error());
    if (options.transport != Transport::Rdma)
        return fail(ErrorKind::Usage, "--transport: the RDMA engine runs only transport rdma", "--transport");
    Engine engine(options, hooks);
    return engine.server(bind, extras);
}

Result<std::vector<SizeResult>> runRdmaClient(
    const TestOptions& options, const Endpoint& server, const RunHooks& hooks, const RdmaRunExtras& extras)
{
    if (auto ok = validate(options); !ok)
        return std::unexpected(ok.error());
    if (options.transport != Transport::Rdma)
        return fail(ErrorKind::Usage, "--transport: the RDMA engine runs only transport rdma", "--transport");
    Engine engine(options, hooks);
    return engine.client(server, extras);
}

Result<std::vector<SizeResult>> runRdmaServer(const TestOptions& options, const Endpoint& bind, const RunHooks& hooks)
{
    return runRdmaServer(options, bind, hooks, RdmaRunExtras {});
}

Result<std::vector<SizeResult>> runRdmaClient(const TestOptions& options, const Endpoint& server, const RunHooks& hooks)
{
    return runRdmaClient(options, server, hooks, RdmaRunExtras {});
}

} // namespace rp::perf

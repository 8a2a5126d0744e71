// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Internal header of core/perf, not part of its API: the RDMA verbs engine behind rdma.cpp's entry points, ping
// and blast over one RC QP (rdma_conn.h sets it up). Its plumbing (completions, posting, control messages,
// measurement) is in rdmaverbsengine.cpp, its two sides in rdmaverbsengine_client.cpp and _server.cpp.
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
#include "util/format.h"

#include <array>
#include <chrono>
#include <cstdint>
#include <deque>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace rp::perf::rdma {

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

std::string ctrlName(Ctrl t);

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

std::string opText(Op op);

inline double secondsBetween(Clock::time_point a, Clock::time_point b)
{
    return std::chrono::duration<double>(b - a).count();
}

inline Clock::duration toDuration(double s)
{
    return std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(s));
}

inline void fillPattern(std::uint8_t* p, std::uint64_t bytes, std::uint64_t message)
{
    for (std::uint64_t i = 0; i < bytes; ++i)
        p[i] = patternByte(message, i);
}

inline bool checkPattern(const std::uint8_t* p, std::uint64_t bytes, std::uint64_t message)
{
    for (std::uint64_t i = 0; i < bytes; ++i) {
        if (p[i] != patternByte(message, i))
            return false;
    }
    return true;
}

std::size_t slotBytesFor(std::uint64_t size);
/// Message buffers for `wanted` messages in flight. Only checked payloads need a buffer each (a message must
/// stay put until it is checked); otherwise all messages share one, as perftest does: the payload is never
/// looked at, and a working set of one message keeps the host's caches (and an emulator's TLB) out of a number
/// that is about the NIC.
int dataSlots(const TestOptions& o, std::uint64_t size, int wanted);

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

/// A receive into ring slot `slot` (slotBytes each) or into control receive slot `slot`.
Result<void> postRecvOn(Connection& c, bool ring, int slot, std::size_t slotBytes);

class RdmaVerbsEngine
{
public:
    RdmaVerbsEngine(const TestOptions& options, const RunHooks& hooks)
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

} // namespace rp::perf::rdma

// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The RDMA engine's connection: an RC QP set up through rdma_cm, with the QP created and moved through
// INIT/RTR/RTS by hand (rdma_init_qp_attr gives the attributes rdma_cm would use). Doing the transitions
// ourselves is what lets an explicit GID index (options.gidIndex) replace rdma_cm's pick, and the peer's own
// source GID (exchanged in the connect/accept private data) become the destination GID.
//
// The private data also carries the test's shape (mode, op, verify, depth, a hash of sizes/iterations/duration/
// warm-up): a server refuses a client that would run another test, and says why in the reject's private data.

#include "perf/perf.h"
#include "perf/rdma_engine.h"
#include "perf/rdma_verbs.h"

#include <chrono>
#include <functional>
#include <memory>
#include <optional>
#include <string>

namespace rp::perf::rdma {

using Clock = std::chrono::steady_clock;

/// What the engine needs from the QP; the connection layer sizes the queues from it.
struct QpShape
{
    int sendDepth = 16; ///< send queue entries
    int recvDepth = 16; ///< receive queue entries
    int maxInline = 0; ///< max_inline_data to ask for (0 = no inline)
    bool completionChannel = false; ///< event mode: the CQ gets a completion channel
    std::size_t controlBytes = 4096; ///< the persistent control region (registered for local and remote access)
};

/// One established connection. Members are declared so that destruction runs in the order the verbs need:
/// the QP first, then the memory regions, the CQ and its channel, the PD, the cm ids, the event channel.
struct Connection
{
    EventChannel events;
    CmId listenId; ///< server only, released once the connection is established (frees the port)
    CmId id;
    Pd pd;
    CompChannel completionChannel;
    Cq cq;
    Region control; ///< persistent: control messages in both directions
    Region ring; ///< per size: the message buffers (replaced by the engine between sizes)
    Qp qp;

    RdmaConnectionInfo info;
    int port = 0; ///< device port
    int sgidIndex = 0;
    std::string where; ///< "rxe0 port 1 GID index 1 (RoCE v2 ::ffff:198.18.0.2) -> 198.18.0.1:18515", for errors
    bool disconnected = false; ///< the peer (or we) disconnected

    /// Best effort, for orderly ends and aborts: tells the peer at once instead of letting it time out.
    void disconnect();
};

/// The private data both sides send: who they are and which test they will run.
struct Hello
{
    std::uint8_t mode = 0, op = 0, verify = 0;
    std::uint16_t depth = 0, sizeCount = 0;
    std::uint64_t optionsHash = 0;
    ibv_gid gid {};
    std::uint8_t gidType = 0;
    std::uint32_t qpNum = 0;
};
Hello helloFor(const TestOptions& options);
/// Empty when `theirs` runs the same test as `mine`; else what differs, for the error message.
std::optional<std::string> compareHello(const Hello& mine, const Hello& theirs);

/// Deadline-bounded wait for the next rdma_cm event; polls cancel every <= 100 ms.
Result<CmEvent> waitCmEvent(
    rdma_event_channel* channel, Clock::time_point deadline, const RunHooks& hooks, const std::string& what);

/// Called with the QP in INIT, before connect/accept: the engine posts the receives it needs from the first
/// message on (a receive must be posted before the peer can send).
using BeforeConnect = std::function<Result<void>(Connection&)>;

Result<std::unique_ptr<Connection>> connectClient(const TestOptions& options, const Endpoint& server,
    const RunHooks& hooks, const QpShape& shape, const BeforeConnect& beforeConnect);

Result<std::unique_ptr<Connection>> acceptServer(const TestOptions& options, const Endpoint& bind,
    const RunHooks& hooks, const QpShape& shape, const BeforeConnect& beforeConnect);

} // namespace rp::perf::rdma

// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// What the RDMA verbs engine (rdma.cpp, rdmaverbsengine*.cpp) reports beyond perf.h: the connection it actually made
// (device, port, the GID index and type in use, the traffic class of the QP). perf.h's runRdmaServer/runRdmaClient are
// these entry points without the extras; the test driver and the probe use the extras to show which GID a test ran on.

#include "perf/perf.h"

#include <cstdint>
#include <functional>
#include <string>

namespace rp::perf {

struct RdmaConnectionInfo
{
    std::string device; ///< "rxe0"
    int port = 0; ///< the device's port number
    int gidIndex = -1; ///< the source GID index the QP uses
    std::string gid; ///< that GID, "::ffff:198.18.0.1" style
    std::string gidType; ///< "RoCE v2", "RoCE v1", "IB"
    bool gidExplicit = false; ///< options.gidIndex chose it (else rdma_cm's pick from the address)
    int rdmacmGidIndex = -1; ///< what rdma_cm resolved from the address (-1: no table entry matched)
    std::string localAddress; ///< "198.18.0.2:41234"
    std::string peerAddress; ///< "198.18.0.1:18515"
    std::string peerGid; ///< the GID the peer said it sends from (the QP's destination GID)
    int rdmacmTrafficClass = 0; ///< the traffic class rdma_cm put into the path (its ToS)
    int trafficClass = 0; ///< the QP's traffic class, read back with ibv_query_qp
    int pathMtu = 0; ///< bytes
    int maxInline = 0; ///< the QP's max_inline_data
    std::uint32_t qpNum = 0, peerQpNum = 0;
    int initiatorDepth = 0, responderResources = 0; ///< RDMA READs in flight, as negotiated
};

struct RdmaRunExtras
{
    /// Once per run, after the connection is established and before the first size.
    std::function<void(const RdmaConnectionInfo&)> onConnected;
};

Result<std::vector<SizeResult>> runRdmaServer(
    const TestOptions& options, const Endpoint& bind, const RunHooks& hooks, const RdmaRunExtras& extras);
Result<std::vector<SizeResult>> runRdmaClient(
    const TestOptions& options, const Endpoint& server, const RunHooks& hooks, const RdmaRunExtras& extras);

} // namespace rp::perf

// SPDX-License-Identifier: GPL-3.0-or-later
// The RDMA verbs engine's entry points (perf.h, rdma_engine.h). The engine itself, and the exchange of control
// messages it runs per size, is RdmaVerbsEngine in rdmaverbsengine.h.

#include "perf/perf.h"
#include "perf/rdma_engine.h"
#include "perf/rdmaverbsengine.h"

namespace rp::perf {

Result<std::vector<SizeResult>> runRdmaServer(
    const TestOptions& options, const Endpoint& bind, const RunHooks& hooks, const RdmaRunExtras& extras)
{
    if (auto ok = validate(options); !ok)
        return std::unexpected(ok.error());
    if (options.transport != Transport::Rdma)
        return fail(ErrorKind::Usage, "--transport: the RDMA engine runs only transport rdma", "--transport");
    rdma::RdmaVerbsEngine engine(options, hooks);
    return engine.server(bind, extras);
}

Result<std::vector<SizeResult>> runRdmaClient(
    const TestOptions& options, const Endpoint& server, const RunHooks& hooks, const RdmaRunExtras& extras)
{
    if (auto ok = validate(options); !ok)
        return std::unexpected(ok.error());
    if (options.transport != Transport::Rdma)
        return fail(ErrorKind::Usage, "--transport: the RDMA engine runs only transport rdma", "--transport");
    rdma::RdmaVerbsEngine engine(options, hooks);
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

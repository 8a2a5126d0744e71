// SPDX-License-Identifier: GPL-3.0-or-later
#include "remote/openexecutor.h"

#include "remote/local_executor.h"
#include "remote/ssh_executor.h"

namespace rp {

Result<std::unique_ptr<Executor>> openExecutor(const HostSpec& spec, const ConnectContext& context)
{
    if (spec.local)
        return std::make_unique<LocalExecutor>(spec.name.empty() ? std::string("localhost") : spec.name);
    ConnectContext withFile = context;
    if (withFile.knownHostsFile.empty())
        withFile.knownHostsFile = defaultKnownHostsPath();
    auto ssh = SshExecutor::connect(spec, withFile);
    if (!ssh)
        return std::unexpected(ssh.error());
    return std::unique_ptr<Executor>(std::move(*ssh));
}

} // namespace rp

// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "inventory/inventory.h"
#include "remote/executor.h"
#include "remote/openexecutor.h"

#include <memory>
#include <mutex>
#include <string>

struct ssh_session_struct;

namespace rp {

/// One libssh session per host: connected, host key checked against the app's known_hosts, and authenticated
/// once in connect(); every run() opens a new channel on it. The command crosses the remote shell as
/// Command::shellLine(). Every wait is a short poll against a deadline, so a host that goes silent gives
/// Timeout (or Unreachable when the connection drops) and never a hang. run() calls are serialised (libssh is
/// not thread-safe per session); separate executors may run on separate threads.
class SshExecutor final : public Executor
{
public:
    static Result<std::unique_ptr<SshExecutor>> connect(const HostSpec& spec, const ConnectContext& context);
    ~SshExecutor() override;
    SshExecutor(const SshExecutor&) = delete;
    SshExecutor& operator=(const SshExecutor&) = delete;

    Result<ExecResult> run(const Command& command, const ExecOptions& options) override;
    std::string host() const override { return m_spec.name; }
    /// False after the connection dropped; run() then fails with Unreachable at once.
    bool isConnected() const;
    /// For interactive channels on the same connection (core/switchcli opens a PTY shell with it): the libssh
    /// session and the lock every use of it must hold, since libssh is not thread-safe per session.
    ssh_session_struct* nativeSession() const { return m_session; }
    std::mutex& sessionMutex() const { return m_mutex; }

private:
    SshExecutor(HostSpec spec, ssh_session_struct* session);

    HostSpec m_spec;
    ssh_session_struct* m_session = nullptr;
    mutable std::mutex m_mutex;
};

/// "SHA256:" + unpadded base64 of the digest, as `ssh-keygen -l` prints it.
std::string sha256Fingerprint(const unsigned char* digest, std::size_t length);

} // namespace rp

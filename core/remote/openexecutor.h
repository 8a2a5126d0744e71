// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "error.h"
#include "inventory/inventory.h"
#include "remote/executor.h"

#include <atomic>
#include <chrono>
#include <functional>
#include <memory>
#include <optional>
#include <string>

namespace rp {

/// A host key the app's known_hosts does not know yet, shown to the user to accept or refuse.
struct HostKeyInfo
{
    std::string host; ///< inventory name
    std::string address;
    int port = 22;
    std::string keyType; ///< "ssh-ed25519", "ecdsa-sha2-nistp256", ...
    std::string sha256Fingerprint; ///< "SHA256:base64..." as OpenSSH prints it
};

enum class HostKeyDecision {
    Refuse,
    AcceptAndSave, ///< append to the app's known_hosts and go on
};

/// Called (possibly from a worker thread) for an UNKNOWN key only. A CHANGED key is refused always, with no
/// prompt. Without a callback unknown keys are refused.
using HostKeyPrompt = std::function<HostKeyDecision(const HostKeyInfo&)>;

/// Everything needed to open an executor for a HostSpec.
struct ConnectContext
{
    std::string knownHostsFile; ///< the app's own file; never ~/.ssh/known_hosts, never /etc
    HostKeyPrompt onUnknownHostKey;
    /// For AuthMethod::Password: returns the password (memory only). Empty optional = user declined.
    std::function<std::optional<std::string>(const HostSpec&)> passwordFor;
    std::chrono::milliseconds connectTimeout { 10000 };
    const std::atomic<bool>* cancel = nullptr;
};

/// Local hosts get a LocalExecutor, the others an SSH connection (host key checked, authenticated) that is
/// reused for every command run through it. Errors carry the host name and the kind
/// (Unreachable, AuthFailed, HostKeyUnknown, HostKeyChanged, Timeout, Cancelled, Validation).
Result<std::unique_ptr<Executor>> openExecutor(const HostSpec& spec, const ConnectContext& context);

} // namespace rp

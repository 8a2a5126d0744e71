// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The controller of a probe-based test (TCP or RDMA): puts rocepilot-probe on both hosts (copied over SSH when
// missing or different, by SHA-256), starts the server probe, waits for it to listen, starts the client probe,
// streams both sides' samples to the caller and merges their results. On cancel, on an error of either side or
// when a connection drops, both probes are stopped: their SSH channels close, each probe sees EOF on its stdin
// and exits, and its port is free again.

#include "error.h"
#include "perf/perf.h"
#include "perf/protocol.h"
#include "remote/executor.h"

#include <atomic>
#include <chrono>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace rp::perf {

struct SessionOptions
{
    TestOptions test; ///< transport Tcp or Rdma
    /// Where the client connects: the server's data-plane address (its RoCE IP for RDMA), numeric IPv4/IPv6.
    std::string serverAddress;
    std::string bindAddress; ///< what the server binds; empty = every address
    /// This machine's rocepilot-probe: run as it is on local hosts, copied to SSH hosts.
    std::string probePath;
    /// Where SSH hosts keep their copy, relative to the login directory; the file is named by version.
    std::string remoteDir = ".cache/rocepilot";
    double connectTimeoutS = 20; ///< probe to probe: connect, accept, and any silence of the peer
    std::chrono::milliseconds commandTimeout { 60000 }; ///< checksum, copy and hello, per host
    std::chrono::milliseconds readyTimeout { 30000 }; ///< from starting the server probe to its "ready"
};

struct SessionHooks
{
    /// Every protocol message of both probes, decoded and checked (the CLI's --json prints them).
    std::function<void(const ProbeMessage&)> onMessage;
    std::function<void(Role, const Sample&)> onSample;
    /// Steps worth telling a user: "h2: copying rocepilot-probe (0.9 MB)".
    std::function<void(const std::string&)> onStatus;
    const std::atomic<bool>* cancel = nullptr;
};

/// A probe that is ready to run on one host.
struct ProbeOnHost
{
    std::string path; ///< what to run there
    HelloMsg hello;
    bool copied = false; ///< it was missing or different and was copied now
};

/// SHA-256 of a local file as lowercase hex (sha256sum, so the same tool checks both ends). Kept for the last file
/// asked while its device, inode, size and change times stay the same: a fleet asks once per host.
Result<std::string> localSha256(const std::string& path);

/// Makes sure the host behind `executor` can run this probe: a local executor runs `probePath` itself; an SSH
/// host gets it at remoteDir/rocepilot-probe-VERSION, copied (temporary file, chmod, rename) when the file is
/// missing or its SHA-256 differs (checked, and hello asked, in one command). Either way the probe's hello must come
/// back with our protocol version. The local SHA-256 is kept while the file stays the same (localSha256).
Result<ProbeOnHost> ensureProbe(Executor& executor, const SessionOptions& options, const SessionHooks& hooks);

/// The probe run with `args` in one command, for a host that has it already (every start after the first): on an
/// SSH host ensureProbe's check (the copy there, its SHA-256 ours) and then exec; a local executor runs probePath.
/// A copy missing or different ends the command at once, with no output, in a status probeNotInPlace() knows:
/// ensureProbe copies it then, and the command runs again.
Result<Command> probeCommandInPlace(
    Executor& executor, const SessionOptions& options, const std::vector<std::string>& args);
bool probeNotInPlace(int exitStatus);

/// The file name an SSH host keeps the probe under (relative to its login directory).
std::string remoteProbePath(const SessionOptions& options);

/// Runs one test between two hosts. `server` and `client` must be separate executors (an SSH executor runs one
/// command at a time), even when both reach the same host.
Result<std::vector<SizeReport>> runProbeSession(
    Executor& server, Executor& client, const SessionOptions& options, const SessionHooks& hooks);

} // namespace rp::perf

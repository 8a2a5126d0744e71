// SPDX-License-Identifier: GPL-3.0-or-later
// Helpers for tests against the netns OpenSSH lab started by tests/lab/netns-hosts.sh (dir in RP_NETNS_DIR).
#pragma once

#include "inventory/inventory.h"
#include "remote/local_executor.h"
#include "remote/session.h"

#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>

namespace rp::lab {

inline std::string dir()
{
    const char* d = std::getenv("RP_NETNS_DIR");
    return d ? d : "";
}

inline std::string address(int i)
{
    return "198.19." + std::to_string((i - 1) / 200) + "." + std::to_string((i - 1) % 200 + 1);
}

inline HostSpec host(int i)
{
    HostSpec h;
    h.name = "h" + std::to_string(i);
    h.address = address(i);
    h.user = "root";
    h.auth = AuthMethod::KeyFile;
    h.keyFile = dir() + "/id_ed25519";
    return h;
}

inline std::string readFile(const std::string& path)
{
    std::ifstream in(path, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

inline ConnectContext context()
{
    ConnectContext c;
    c.knownHostsFile = dir() + "/known_hosts";
    c.connectTimeout = std::chrono::seconds(5);
    return c;
}

/// Runs a local command (ip, ssh-keygen, kill) and returns its stdout; empty on failure.
inline std::string sh(const std::string& script)
{
    LocalExecutor local;
    auto r = local.run(Command { "sh", "-c", script }, {});
    return r && r->exitStatus == 0 ? r->out : std::string();
}

} // namespace rp::lab

// SPDX-License-Identifier: GPL-3.0-or-later
// Helpers for tests against the netns OpenSSH lab started by tests/support/netns-hosts.sh (dir in RP_NETNS_DIR).
#pragma once

#include "inventory/inventory.h"
#include "remote/local_executor.h"
#include "remote/openexecutor.h"

#include <cstdio>
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

/// Host i of the lab as netns-hosts.sh placed it (DIR/hosts: "NAME ADDRESS PREFIXLEN NAMESPACE"): names and
/// addresses belong to the lab's directory, so labs of two build directories never share them.
struct LabHost
{
    std::string address;
    std::string prefixLength;
    std::string netns;
};

inline LabHost labHost(const std::string& name)
{
    std::ifstream in(dir() + "/hosts");
    std::string line;
    // Line by line: a lab with racks has a 5th column (the ToR), which a plain >> chain would read as a name.
    while (std::getline(in, line)) {
        std::istringstream fields(line);
        std::string first;
        LabHost h;
        if (fields >> first >> h.address >> h.prefixLength >> h.netns && first == name)
            return h;
    }
    return {};
}

inline LabHost labHost(int i)
{
    return labHost("h" + std::to_string(i));
}

inline std::string address(int i)
{
    return labHost(i).address;
}

/// "198.18.40.3/21": eth0's address as `ip addr` shows it.
inline std::string cidr(int i)
{
    auto h = labHost(i);
    return h.address + "/" + h.prefixLength;
}

/// An address on the lab's network that nobody has (the one below the bridge's; netns-hosts.sh stops at 2000
/// hosts): a connect there waits for an ARP answer that never comes.
inline std::string silentAddress()
{
    unsigned a = 0, b = 0, c = 0, d = 0;
    if (std::sscanf(address(1).c_str(), "%u.%u.%u.%u", &a, &b, &c, &d) != 4)
        return {};
    const unsigned block = ((a << 24) | (b << 16) | (c << 8) | d) - 1; // h1 is the block's first address
    const unsigned silent = block + 2045;
    return std::to_string(silent >> 24) + "." + std::to_string((silent >> 16) & 255) + "."
        + std::to_string((silent >> 8) & 255) + "." + std::to_string(silent & 255);
}

/// The network namespace of host i (or of the host named "h2"), for `ip netns exec`.
inline std::string netns(int i)
{
    return labHost(i).netns;
}

inline std::string netns(const std::string& name)
{
    return labHost(name).netns;
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

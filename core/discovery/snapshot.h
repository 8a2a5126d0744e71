// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "error.h"

#include <map>
#include <string>
#include <vector>

namespace rp {

/// What one host told us, before interpretation: file contents by absolute path (as on the host, never the
/// fixture root), and command outputs by section name. One collection fills it; discovery only reads it.
struct Snapshot
{
    struct Section
    {
        int exitStatus = -1;
        std::string text;
    };
    std::map<std::string, std::string> files; ///< "/sys/class/infiniband/rxe0/node_guid" -> "548c:...:3ca4"
    std::map<std::string, std::string> driverLinks; ///< device -> target of device/driver
    std::map<std::string, std::vector<std::string>> deviceNetdevs; ///< device -> names under device/net/
    std::map<std::string, Section> sections; ///< "ip-addr", "rdma-link", "ibv_devinfo", "tools", "dcb:eth0"...
    std::vector<std::string> tools; ///< programs found on the host's PATH

    bool hasTool(const std::string& name) const;
    const std::string* file(const std::string& path) const;
    const Section* section(const std::string& name) const;
};

/// The collection script, run as `sh -c SCRIPT sh NONCE`. It is a constant of this program: no value from a user
/// or a host is ever pasted into it. It reads sysfs with one grep (no fork per file, which costs ~10 ms per fork
/// on an emulated host) and prints sections delimited by lines carrying the nonce.
const std::string& collectorScript();

/// Split the collector's output into a Snapshot. Lines that break the expected framing become warnings in
/// `notes`; nothing here throws.
Snapshot parseCollectorOutput(const std::string& output, const std::string& nonce, std::vector<std::string>& notes);

/// Read the same file set in-process from a tree rooted at `root` ("/" for this machine). Paths in the result
/// are relative to the root, as the host would name them.
Result<Snapshot> readTreeSnapshot(const std::string& root);

/// A fresh random token for section markers.
std::string makeNonce();

} // namespace rp

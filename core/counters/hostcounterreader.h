// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// A host's counters as one reading, for the fabric agent: the hw_counters of each RDMA port it serves and the
// RoCE-relevant ethtool statistics of each netdev, summed by name across ports ("hw:name", "eth:name"), so two
// NICs of one host read as the host. Files stay open and the ethtool names are fetched once (native.h): a reading
// is a few dozen preads and an ioctl per netdev, cheap enough for every phase of a watch.

#include "counters/counters.h"
#include "counters/native.h"

#include <memory>
#include <string>
#include <vector>

namespace rp::counters {

class HostCounterReader
{
public:
    HostCounterReader() = default;

    /// The port's hw_counters under `sysfsRoot` (ROOT/class/infiniband/DEV/ports/PORT/hw_counters). A name that
    /// is not a device name, or a port without counters, is said in the returned text and read as nothing.
    std::string addPort(const std::string& sysfsRoot, const std::string& device, int port);
    /// The netdev's statistics; a netdev without any (or not there) is said and read as nothing.
    std::string addNetdev(const std::string& netdev);

    /// Every counter now; empty when nothing was added or nothing could be read.
    Values read();
    bool empty() const { return m_ports.empty() && m_netdevs.empty(); }

private:
    std::vector<HwCountersReader> m_ports;
    std::vector<std::unique_ptr<EthtoolReader>> m_netdevs;
};

} // namespace rp::counters

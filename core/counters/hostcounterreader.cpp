// SPDX-License-Identifier: GPL-3.0-or-later
#include "counters/hostcounterreader.h"

#include "util/command.h"

namespace rp::counters {

std::string HostCounterReader::addPort(const std::string& sysfsRoot, const std::string& device, int port)
{
    auto dev = validateRdmaDeviceName(device);
    if (!dev)
        return dev.error().message;
    if (port < 1 || port > 255)
        return "port " + std::to_string(port) + " of " + device + " is not 1..255";
    HwCountersReader reader;
    auto warning
        = reader.open(sysfsRoot + "/class/infiniband/" + *dev + "/ports/" + std::to_string(port) + "/hw_counters");
    if (reader.files() > 0)
        m_ports.push_back(std::move(reader));
    return warning;
}

std::string HostCounterReader::addNetdev(const std::string& netdev)
{
    auto reader = std::make_unique<EthtoolReader>();
    if (auto ok = reader->open(netdev); !ok)
        return ok.error().message;
    m_netdevs.push_back(std::move(reader));
    return {};
}

Values HostCounterReader::read()
{
    Values out;
    for (const auto& port : m_ports) {
        for (const auto& [name, value] : port.read())
            out["hw:" + name] += value;
    }
    for (const auto& netdev : m_netdevs) {
        auto values = netdev->read();
        if (!values)
            continue; // the netdev went away: its counters are absent from this reading
        for (const auto& [name, value] : *values)
            out["eth:" + name] += value;
    }
    return out;
}

} // namespace rp::counters

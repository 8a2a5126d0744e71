// SPDX-License-Identifier: GPL-3.0-or-later
#include "fabric/fabric.h"

#include <algorithm>
#include <array>
#include <utility>

namespace rp::fabric {
namespace {

// One table per enum so that a word and its value cannot drift apart between the writer and the reader.
constexpr std::array kReasonWords {
    std::pair { Reason::None, std::string_view {} },
    std::pair { Reason::Timeout, std::string_view { "timeout" } },
    std::pair { Reason::RoceVersion, std::string_view { "roce-version" } },
    std::pair { Reason::OtherSubnet, std::string_view { "other-subnet" } },
    std::pair { Reason::LinkLocal, std::string_view { "link-local" } },
    std::pair { Reason::EmptySlot, std::string_view { "empty-slot" } },
    std::pair { Reason::PortBlocked, std::string_view { "port-blocked" } },
    std::pair { Reason::Mtu, std::string_view { "mtu" } },
    std::pair { Reason::AgentDown, std::string_view { "agent-down" } },
    std::pair { Reason::HostBusy, std::string_view { "host-busy" } },
};

constexpr std::array kElementWords {
    std::pair { ElementKind::HostNic, std::string_view { "host-nic" } },
    std::pair { ElementKind::HostAgent, std::string_view { "host-agent" } },
    std::pair { ElementKind::HostConfig, std::string_view { "host-config" } },
    std::pair { ElementKind::AccessLink, std::string_view { "access-link" } },
    std::pair { ElementKind::Tor, std::string_view { "tor" } },
    std::pair { ElementKind::Uplink, std::string_view { "uplink" } },
    std::pair { ElementKind::HostBusy, std::string_view { "host-busy" } },
};

} // namespace

std::string Endpoint::name() const
{
    if (udp())
        return host + ":udp";
    return portName() + "#" + std::to_string(gidIndex);
}

std::string Endpoint::portName() const
{
    if (udp())
        return host + ":udp";
    return host + ":" + device + "/" + std::to_string(port);
}

std::string_view toString(Reason reason)
{
    for (const auto& [value, word] : kReasonWords) {
        if (value == reason)
            return word;
    }
    return {};
}

std::optional<Reason> reasonFromString(std::string_view text)
{
    for (const auto& [value, word] : kReasonWords) {
        if (word == text)
            return value;
    }
    return std::nullopt;
}

std::string_view toString(ElementKind kind)
{
    for (const auto& [value, word] : kElementWords) {
        if (value == kind)
            return word;
    }
    return {};
}

std::optional<ElementKind> elementKindFromString(std::string_view text)
{
    for (const auto& [value, word] : kElementWords) {
        if (word == text)
            return value;
    }
    return std::nullopt;
}

std::string_view toString(AgentState state)
{
    switch (state) {
    case AgentState::Starting:
        return "starting";
    case AgentState::Up:
        return "up";
    case AgentState::Down:
        return "down";
    case AgentState::Stopped:
        return "stopped";
    }
    return {};
}

std::size_t faultCount(const std::vector<FabricFinding>& findings)
{
    return static_cast<std::size_t>(std::ranges::count_if(
        findings, [](const FabricFinding& f) { return f.finding.severity != diag::Severity::Info; }));
}

std::string FabricFinding::id() const
{
    return std::string(toString(element.kind)) + ":" + element.name;
}

} // namespace rp::fabric

// SPDX-License-Identifier: GPL-3.0-or-later
#include "model/model.h"

#include <algorithm>
#include <cctype>

namespace rp {

std::string toString(GidType type)
{
    switch (type) {
    case GidType::IbRoceV1:
        return "IB/RoCE v1";
    case GidType::RoceV2:
        return "RoCE v2";
    case GidType::Unknown:
        break;
    }
    return "unknown";
}

std::string toString(Transport transport)
{
    switch (transport) {
    case Transport::RoCE:
        return "RoCE";
    case Transport::InfiniBand:
        return "InfiniBand";
    case Transport::IWarp:
        return "iWARP";
    case Transport::Unknown:
        break;
    }
    return "unknown";
}

GidType gidTypeFromString(std::string_view text)
{
    std::string t;
    for (char c : text) {
        if (!std::isspace(static_cast<unsigned char>(c)))
            t += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    }
    if (t == "rocev2" || t == "v2")
        return GidType::RoceV2;
    if (t == "ib/rocev1" || t == "rocev1" || t == "v1" || t == "ib")
        return GidType::IbRoceV1;
    return GidType::Unknown;
}

const Netdev* HostFacts::netdev(std::string_view name) const
{
    auto it = std::ranges::find(netdevs, name, &Netdev::name);
    return it == netdevs.end() ? nullptr : &*it;
}

} // namespace rp

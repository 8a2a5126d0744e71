// SPDX-License-Identifier: GPL-3.0-or-later
// ibv_devinfo, ibv_devices, ibdev2netdev, and the driver-from-name rule.
#include "parse/parsehelpers.h"
#include "parse/parsers.h"
#include "util/text.h"

#include <algorithm>

namespace rp {

using namespace parse_detail;

std::string driverFromDeviceName(std::string_view name)
{
    // Longest prefixes first so "mlx5" does not shadow nothing and "bnxt_re" wins over a shorter match.
    static constexpr std::string_view drivers[] = { "vmw_pvrdma", "bnxt_re", "ocrdma", "i40iw", "irdma", "cxgb4",
        "erdma", "ionic", "usnic", "mlx5", "mlx4", "qedr", "mana", "hfi1", "qib", "hns", "efa", "siw", "rxe" };
    for (auto driver : drivers) {
        if (!startsWith(name, driver))
            continue;
        auto rest = name.substr(driver.size());
        if (rest.empty() || rest.front() == '_' || (rest.front() >= '0' && rest.front() <= '9'))
            return std::string(driver);
    }
    return {};
}

Transport transportFromStableName(std::string_view name)
{
    static constexpr std::pair<std::string_view, Transport> prefixes[]
        = { { "roce", Transport::RoCE }, { "ib", Transport::InfiniBand }, { "iw", Transport::IWarp } };
    for (auto [prefix, transport] : prefixes) {
        if (!startsWith(name, prefix) || name.size() < prefix.size() + 2)
            continue;
        const char how = name[prefix.size()];
        const char next = name[prefix.size() + 1];
        const bool hex = (next >= '0' && next <= '9') || (next >= 'a' && next <= 'f');
        // "iw_cxgb4" and the like are kernel names, not stable ones: the letter after the prefix is the scheme.
        if ((how == 'p' || how == 'o' || how == 's' || how == 'g') && hex)
            return transport;
    }
    return Transport::Unknown;
}

namespace {

// ---------------------------------------------------------------------------------------------- ibv_devinfo

class IbvDevinfoParser
{
public:
    Parsed<std::vector<RdmaDevice>> run(std::string_view text)
    {
        auto lines = prepareLines(text, m_warnings);
        for (const auto& line : lines)
            parseLine(line);
        finishDevice();
        // ibv_devinfo does not tell a GID's netdev, so equal GIDs on different netdevs (a VLAN's link-local
        // GID) cannot be told apart from real duplicates: nothing is flagged.
        finishDevices(m_devices, false);
        return { std::move(m_devices), m_warnings.take() };
    }

private:
    struct DeviceState
    {
        std::string transport;
        int transportLine = 0;
        std::optional<int> declaredPorts;
        int declaredPortsLine = 0;
        bool verbose = false;
    };

    void parseLine(const Line& line)
    {
        auto t = trim(line.text);
        if (t.empty() || isTranscriptNoise(t) || t == "No IB devices found")
            return;
        auto kv = splitKeyValue(t);
        if (!kv) {
            // ibv_devinfo -v prints capability flags and "... not supported" lines without a colon.
            if (!m_device)
                m_warnings.add(line.number, "unexpected text before any hca_id: " + excerpt(t));
            return;
        }
        auto [key, value] = *kv;
        if (key == "hca_id") {
            finishDevice();
            if (value.empty()) {
                m_warnings.add(line.number, "hca_id without a device name");
                return;
            }
            m_device = &deviceNamed(m_devices, value);
            m_port = nullptr;
            m_state = {};
            return;
        }
        if (!m_device) {
            m_warnings.add(line.number, "unexpected text before any hca_id: " + excerpt(t));
            return;
        }
        // Without -v, ibv_devinfo lists no GIDs (and none of these): its ports' tables are then unknown, not empty.
        if (startsWith(key, "GID[") || key == "gid_tbl_len" || key == "phys_state" || key == "max_qp")
            m_state.verbose = true;
        if (startsWith(key, "GID["))
            parseGid(line.number, key, value);
        else if (key == "port")
            parsePort(line.number, value);
        else if (m_port)
            parsePortField(line.number, key, value);
        else
            parseDeviceField(line.number, key, value);
    }

    void parseDeviceField(int number, std::string_view key, std::string_view value)
    {
        if (key == "transport") {
            m_state.transport = std::string(value);
            m_state.transportLine = number;
        } else if (key == "fw_ver") {
            m_device->fwVersion = std::string(value);
        } else if (key == "node_guid") {
            m_device->nodeGuid = std::string(value);
        } else if (key == "board_id") {
            m_device->boardId = std::string(value);
        } else if (key == "phys_port_cnt") {
            m_state.declaredPorts = toInt(value);
            m_state.declaredPortsLine = number;
            if (!m_state.declaredPorts)
                m_warnings.add(number, "unreadable phys_port_cnt " + excerpt(value));
        }
    }

    void parsePort(int number, std::string_view value)
    {
        auto n = toInt(value);
        if (!n || *n < 1 || *n > 255) {
            m_warnings.add(number, "unreadable port number " + excerpt(value));
            m_port = nullptr;
            return;
        }
        m_port = &portNumbered(*m_device, *n);
    }

    std::optional<int> mtuBytes(int number, std::string_view key, std::string_view value)
    {
        auto words = splitWords(value);
        auto bytes = words.empty() ? std::nullopt : toInt(words[0]);
        if (!bytes || (*bytes != 256 && *bytes != 512 && *bytes != 1024 && *bytes != 2048 && *bytes != 4096)) {
            m_warnings.add(number, "unreadable " + std::string(key) + " " + excerpt(value));
            return std::nullopt;
        }
        return bytes;
    }

    std::optional<int> lidValue(int number, std::string_view value)
    {
        auto lid = toInt(value);
        if (!lid || *lid < 0 || *lid > 0xffff) {
            m_warnings.add(number, "unreadable port_lid " + excerpt(value));
            return std::nullopt;
        }
        return lid;
    }

    void parsePortField(int number, std::string_view key, std::string_view value)
    {
        if (key == "state")
            m_port->state = normalizePortState(value);
        else if (key == "phys_state")
            m_port->physState = normalizePhysState(value);
        else if (key == "link_layer")
            m_port->linkLayer = std::string(value);
        else if (key == "port_lid")
            m_port->lid = lidValue(number, value);
        else if (key == "max_mtu")
            m_port->maxMtu = mtuBytes(number, key, value);
        else if (key == "active_mtu")
            m_port->activeMtu = mtuBytes(number, key, value);
        else if (key == "gid_tbl_len") {
            if (auto n = toInt(value); n && *n >= 0)
                m_port->gidTableSize = *n;
            else
                m_warnings.add(number, "unreadable gid_tbl_len " + excerpt(value));
        }
    }

    void parseGid(int number, std::string_view key, std::string_view value)
    {
        if (!m_port) {
            m_warnings.add(number, "GID line outside any port");
            return;
        }
        auto indexText = trim(key.substr(4));
        if (indexText.empty() || indexText.back() != ']') {
            m_warnings.add(number, "unreadable GID index " + excerpt(key));
            return;
        }
        auto index = toInt(trim(indexText.substr(0, indexText.size() - 1)));
        // New rdma-core: "fe80::1, RoCE v2"; old: the raw sysfs form and no type.
        auto comma = value.find(',');
        auto gidText = trim(value.substr(0, comma));
        auto gid = canonicalGid(gidText);
        if (!index || *index < 0 || !gid) {
            m_warnings.add(number, "unreadable GID line " + excerpt(value));
            return;
        }
        GidEntry entry;
        entry.index = *index;
        entry.gid = *gid;
        if (comma != std::string_view::npos) {
            auto typeText = trim(value.substr(comma + 1));
            entry.type = gidTypeFromString(typeText);
            if (entry.type == GidType::Unknown)
                m_warnings.add(number, "unknown GID type " + excerpt(typeText));
        }
        annotateGid(entry);
        if (entry.zero)
            return;
        for (const auto& existing : m_port->gids) {
            if (existing.index == entry.index) {
                m_warnings.add(number, "GID index " + std::to_string(entry.index) + " is listed twice");
                return;
            }
        }
        m_port->gids.push_back(std::move(entry));
    }

    void finishDevice()
    {
        if (!m_device)
            return;
        auto transport = lower(m_state.transport);
        bool ethernet = std::any_of(m_device->ports.begin(), m_device->ports.end(),
            [](const RdmaPort& p) { return lower(p.linkLayer) == "ethernet"; });
        bool infiniband = std::any_of(m_device->ports.begin(), m_device->ports.end(),
            [](const RdmaPort& p) { return lower(p.linkLayer) == "infiniband"; });
        if (startsWith(transport, "iwarp"))
            m_device->transport = Transport::IWarp;
        else if (startsWith(transport, "infiniband") && ethernet)
            m_device->transport = Transport::RoCE;
        else if (startsWith(transport, "infiniband") && infiniband)
            m_device->transport = Transport::InfiniBand;
        for (auto& p : m_device->ports)
            p.gidsUnlisted = !m_state.verbose && p.gids.empty();
        if (m_state.declaredPorts && *m_state.declaredPorts != static_cast<int>(m_device->ports.size()))
            m_warnings.add(m_state.declaredPortsLine,
                m_device->name + ": phys_port_cnt is " + std::to_string(*m_state.declaredPorts) + " but "
                    + std::to_string(m_device->ports.size()) + " port(s) were listed (truncated output?)");
        m_device = nullptr;
        m_port = nullptr;
    }

    Warnings m_warnings;
    std::vector<RdmaDevice> m_devices;
    // Pointers into m_devices: only deviceNamed() adds devices, and it is called only after finishDevice().
    RdmaDevice* m_device = nullptr;
    RdmaPort* m_port = nullptr;
    DeviceState m_state;
};

// ---------------------------------------------------------------------------------------------- ibdev2netdev

std::optional<std::string> guidWithColons(std::string_view hex)
{
    if (hex.size() != 16 || hex.find_first_not_of("0123456789abcdefABCDEF") != std::string_view::npos)
        return std::nullopt;
    std::string out;
    for (std::size_t i = 0; i < 16; i += 4) {
        if (!out.empty())
            out += ':';
        out += lower(hex.substr(i, 4));
    }
    return out;
}

bool isPciAddress(std::string_view s)
{
    return s.find(':') != std::string_view::npos && s.find('.') != std::string_view::npos
        && s.find_first_not_of("0123456789abcdefABCDEF:.") == std::string_view::npos;
}

} // namespace

Parsed<std::vector<RdmaDevice>> parseIbvDevinfo(std::string_view text)
{
    auto parsed = IbvDevinfoParser().run(text);
    for (auto& d : parsed.value)
        d.openedByVerbs = true;
    return parsed;
}

Parsed<std::vector<RdmaDevice>> parseIbvDevices(std::string_view text)
{
    Warnings warnings;
    std::vector<RdmaDevice> devices;
    for (const auto& line : prepareLines(text, warnings)) {
        auto t = trim(line.text);
        if (t.empty() || isTranscriptNoise(t) || t.find_first_not_of("- \t") == std::string_view::npos)
            continue;
        auto words = splitWords(t);
        if (words[0] == "device" && t.find("GUID") != std::string_view::npos)
            continue;
        if (words.size() != 2) {
            warnings.add(line.number, "not an ibv_devices row: " + excerpt(t));
            continue;
        }
        auto guid = guidWithColons(words[1]);
        if (!guid) {
            warnings.add(line.number, "unreadable node GUID " + excerpt(words[1]));
            continue;
        }
        auto& device = deviceNamed(devices, words[0]);
        device.nodeGuid = *guid;
        device.openedByVerbs = true;
    }
    return { std::move(devices), warnings.take() };
}

Parsed<std::vector<RdmaDevice>> parseIbdev2netdev(std::string_view text)
{
    Warnings warnings;
    std::vector<RdmaDevice> devices;
    for (const auto& line : prepareLines(text, warnings)) {
        auto t = trim(line.text);
        if (t.empty() || isTranscriptNoise(t))
            continue;
        auto arrow = t.find("==>");
        if (arrow == std::string_view::npos) {
            warnings.add(line.number, "not an ibdev2netdev line (no '==>'): " + excerpt(t));
            continue;
        }
        auto left = splitWords(t.substr(0, arrow));
        auto right = splitWords(t.substr(arrow + 3));
        // Plain: "mlx5_0 port 1 ==> ens1f0 (Up)". -v: "0000:3b:00.0 mlx5_0 (MT4119 - ...) ... fw X port 1 (ACTIVE)
        // ==> ens1f0 (Up)".
        std::size_t nameAt = !left.empty() && isPciAddress(left[0]) ? 1 : 0;
        std::optional<int> portNumber;
        std::size_t portAt = 0;
        for (std::size_t i = nameAt + 1; i + 1 < left.size(); ++i) {
            if (left[i] == "port") {
                portNumber = toInt(left[i + 1]);
                portAt = i + 1;
            }
        }
        if (left.size() <= nameAt || !portNumber) {
            warnings.add(line.number, "no device and port before '==>': " + excerpt(t));
            continue;
        }
        auto& device = deviceNamed(devices, left[nameAt]);
        for (std::size_t i = nameAt + 1; i + 1 < left.size(); ++i) {
            if (left[i] == "fw")
                device.fwVersion = std::string(left[i + 1]);
        }
        auto& port = portNumbered(device, *portNumber);
        // -v: "port 1 (ACTIVE)" or "port 1 (DOWN  )" right after the port number.
        auto afterPort = t.substr(0, arrow);
        afterPort = afterPort.substr(static_cast<std::size_t>(left[portAt].data() - t.data()) + left[portAt].size());
        if (auto open = afterPort.find('('); open != std::string_view::npos) {
            auto close = afterPort.find(')', open);
            if (close != std::string_view::npos)
                port.state = normalizePortState(afterPort.substr(open + 1, close - open - 1));
        }
        if (right.empty() || right[0].front() == '(') {
            warnings.add(line.number, device.name + " port " + std::to_string(*portNumber) + " has no netdev");
            continue;
        }
        port.netdev = std::string(right[0]);
    }
    finishDevices(devices);
    return { std::move(devices), warnings.take() };
}

} // namespace rp

// SPDX-License-Identifier: GPL-3.0-or-later
// `amd-smi static` NIC sections (AMD Pensando / Pollara AI NICs) into RDMA devices and netdevs. Written from the
// AMD SMI sources and reference (ROCm amdsmi: amdsmi.h's amdsmi_nic_port_info_t and amdsmi_nic_rdma_dev_info_t,
// the Python interface's amdsmi_get_nic_port_info / amdsmi_get_nic_rdma_dev_info dictionaries, the CLI logger that
// prints them), not from a NIC: none is here. The CLI prints the library's dictionaries with their keys upper-cased,
// four spaces per level, and the items of a list one after another with nothing between them; --json keeps the
// keys as the library names them. Neither says where a list item ends, so a record ends where a key repeats, where
// a section heading or an RDMA_DEV starts, or where a JSON object closes. What is read: per RDMA device its name,
// firmware, node GUID and type, per RDMA port its number, netdev, state, active and max MTU; per NIC port its netdev,
// MTU, link state and MAC. The documented output has no PFC, DCB or GID state, so nothing of that is read here.
#include "parse/parsehelpers.h"
#include "parse/parsers.h"
#include "util/text.h"

#include <algorithm>
#include <cctype>
#include <functional>

namespace rp {

using namespace parse_detail;

namespace {

bool plausibleName(std::string_view s)
{
    return !s.empty() && s.size() <= 64 && std::all_of(s.begin(), s.end(), [](char c) {
        return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '-' || c == '.' || c == '@';
    });
}

struct Field
{
    std::string key; ///< lower case, as the library names it
    std::string value;
    int line = 0;
};

class AmdSmiReader
{
public:
    explicit AmdSmiReader(Warnings& warnings)
        : m_warnings(warnings)
    { }

    /// One "KEY: value" of a NIC section (key lower case), in order.
    void field(std::string key, std::string_view value, int line)
    {
        if (key == "rdma_dev"
            || std::any_of(m_record.begin(), m_record.end(), [&](const Field& f) { return f.key == key; }))
            flush();
        m_record.push_back({ std::move(key), std::string(value), line });
    }

    /// The current record is complete (a section heading, the end of an object, the end of the text).
    void flush();

    AmdSmiNics take()
    {
        flush();
        for (auto& d : m_out.devices)
            std::sort(d.ports.begin(), d.ports.end(),
                [](const RdmaPort& a, const RdmaPort& b) { return a.number < b.number; });
        return std::move(m_out);
    }

private:
    const Field* find(std::string_view key) const
    {
        for (const auto& f : m_record)
            if (f.key == key && f.value != "N/A" && !f.value.empty())
                return &f;
        return nullptr;
    }
    std::optional<int> number(std::string_view key) const
    {
        auto f = find(key);
        auto v = f ? toInt(f->value) : std::nullopt;
        if (f && (!v || *v < 0)) {
            m_warnings.add(f->line, "amd-smi: " + std::string(key) + " '" + excerpt(f->value) + "' is not a number");
            return std::nullopt;
        }
        return v;
    }
    void device();
    void rdmaPort();
    void nicPort();

    Warnings& m_warnings;
    std::vector<Field> m_record;
    AmdSmiNics m_out;
    std::optional<std::size_t> m_device; ///< the RDMA device the ports below belong to
};

void AmdSmiReader::flush()
{
    if (find("rdma_dev"))
        device();
    else if (find("active_mtu") || find("max_mtu") || find("rdma_port"))
        rdmaPort();
    else if (find("mac_address") || find("link_state") || find("carrier"))
        nicPort();
    // Anything else (ASIC, BUS, DRIVER, NUMA, a GPU's sections) says nothing about RoCE.
    m_record.clear();
}

void AmdSmiReader::device()
{
    const auto* name = find("rdma_dev");
    if (!plausibleName(name->value)) {
        m_warnings.add(name->line, "amd-smi: RDMA device name '" + excerpt(name->value) + "' unreadable; not used");
        m_device.reset();
        return;
    }
    auto it = std::find_if(
        m_out.devices.begin(), m_out.devices.end(), [&](const RdmaDevice& d) { return d.name == name->value; });
    if (it == m_out.devices.end()) {
        RdmaDevice d;
        d.name = name->value;
        d.driver = driverFromDeviceName(d.name);
        m_out.devices.push_back(std::move(d));
        it = m_out.devices.end() - 1;
    }
    if (auto f = find("fw_ver"))
        it->fwVersion = f->value;
    if (auto f = find("node_guid"))
        it->nodeGuid = f->value;
    if (auto f = find("node_type"))
        it->nodeType = f->value;
    m_device = static_cast<std::size_t>(it - m_out.devices.begin());
    m_out.lines[name->value] = name->line;
}

void AmdSmiReader::rdmaPort()
{
    const int line = m_record.front().line;
    auto n = number("rdma_port");
    if (!m_device || !n) {
        m_warnings.add(line,
            !m_device ? "amd-smi: an RDMA port with no RDMA_DEV above it; not used"
                      : "amd-smi: an RDMA port without its RDMA_PORT number; not used");
        return;
    }
    auto& d = m_out.devices[*m_device];
    RdmaPort& p = portNumbered(d, *n);
    p.gidsUnlisted = true; // amd-smi lists no GIDs: an empty table here says nothing
    if (auto f = find("state"))
        p.state = normalizePortState(f->value);
    p.activeMtu = number("active_mtu");
    p.maxMtu = number("max_mtu");
    if (auto f = find("netdev")) {
        if (plausibleName(f->value)) {
            // An RDMA port bound to an Ethernet netdev is RoCE: the ionic driver has no InfiniBand link layer.
            p.netdev = f->value;
            p.linkLayer = "Ethernet";
            d.transport = Transport::RoCE;
        } else {
            m_warnings.add(f->line, "amd-smi: netdev '" + excerpt(f->value) + "' unreadable; not used");
        }
    }
}

void AmdSmiReader::nicPort()
{
    const auto* name = find("netdev");
    if (!name || !plausibleName(name->value)) {
        m_warnings.add(
            name ? name->line : m_record.front().line, "amd-smi: a NIC port without a readable NETDEV; not used");
        return;
    }
    auto it = std::find_if(
        m_out.netdevs.begin(), m_out.netdevs.end(), [&](const Netdev& x) { return x.name == name->value; });
    if (it == m_out.netdevs.end()) {
        Netdev n;
        n.name = name->value;
        m_out.netdevs.push_back(std::move(n));
        it = m_out.netdevs.end() - 1;
    }
    it->mtu = number("mtu");
    if (auto f = find("link_state")) {
        std::string state = f->value;
        for (auto& c : state)
            c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
        it->operState = state;
    }
    if (auto f = find("mac_address"))
        it->mac = lower(f->value);
    m_out.lines[name->value] = name->line;
}

/// The JSON form: every object, depth first; an object's scalar fields are one record, its nested objects and
/// arrays records of their own.
void walkJson(const nlohmann::json& v, int line, AmdSmiReader& reader)
{
    if (v.is_array()) {
        for (const auto& item : v)
            walkJson(item, line, reader);
        return;
    }
    if (!v.is_object())
        return;
    reader.flush();
    // An object's keys come sorted, and an RDMA_DEV starts a record: it goes first, so the rest stay with it.
    for (const bool device : { true, false })
        for (const auto& [key, value] : v.items()) {
            const auto k = lower(key);
            if ((k == "rdma_dev") != device)
                continue;
            if (value.is_string())
                reader.field(k, value.get<std::string>(), line);
            else if (value.is_number_integer())
                reader.field(k, std::to_string(value.get<long long>()), line);
        }
    reader.flush();
    for (const auto& [key, value] : v.items())
        if (value.is_object() || value.is_array())
            walkJson(value, line, reader);
}

/// "KEY" of a "KEY: value" line as the CLI prints it: upper-case letters, digits, underscores and spaces.
bool isCliKey(std::string_view k)
{
    return !k.empty() && k.size() <= 64 && std::all_of(k.begin(), k.end(), [](char c) {
        return (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == ' ';
    });
}

} // namespace

Parsed<AmdSmiNics> parseAmdSmiStatic(std::string_view text)
{
    Warnings warnings;
    Parsed<AmdSmiNics> out;
    auto lines = prepareLines(text, warnings);
    AmdSmiReader reader(warnings);
    // The command's echo may stand above the JSON.
    bool json = false;
    for (const auto& l : lines) {
        auto t = trim(l.text);
        if (t.empty() || isTranscriptNoise(t))
            continue;
        json = t.front() == '{' || t.front() == '[';
        break;
    }
    if (json) {
        walkJsonAndText(
            lines, warnings, [&](int line, const nlohmann::json& doc) { walkJson(doc, line, reader); },
            [&](const Line& l) {
                if (!isTranscriptNoise(trim(l.text)))
                    warnings.add(
                        l.number, "amd-smi --json: text outside the JSON ('" + excerpt(trim(l.text)) + "'); not used");
            });
    } else {
        // GPU and CPU sections share the layout; only a NIC's keys make facts, but a GPU's records must not run
        // into the NIC's.
        bool otherDevice = false;
        for (const auto& l : lines) {
            auto t = trim(l.text);
            if (t.empty() || isTranscriptNoise(t))
                continue;
            const bool top = !l.text.empty() && l.text.front() != ' ' && l.text.front() != '\t';
            auto kv = splitKeyValue(t);
            if (!kv || !isCliKey(kv->first)) {
                if (!otherDevice)
                    warnings.add(l.number, "amd-smi: not a 'KEY: value' line ('" + excerpt(t) + "'); not used");
                continue;
            }
            if (top) {
                reader.flush();
                otherDevice = kv->first == "GPU" || kv->first == "CPU" || kv->first == "CORE";
                continue;
            }
            if (otherDevice)
                continue;
            if (kv->second.empty()) {
                reader.flush(); // a section heading: "RDMA_PORT_INFO:", "PORTS:"
                continue;
            }
            reader.field(lower(kv->first), kv->second, l.number);
        }
    }
    out.value = reader.take();
    out.warnings = warnings.take();
    return out;
}

} // namespace rp

// SPDX-License-Identifier: GPL-3.0-or-later
// The fragment importer's readers of tables people make or trim (see fragmentimporter.h): GID tables with a header
// of their own ("index | type | GID"), `cat .../gids/*` values whose file names the shell kept to itself, ibstatus
// and rxe_cfg status.
#include "parse/fragmentimporter.h"

#include "parse/fragmentlines.h"
#include "parse/gid.h"
#include "parse/parsehelpers.h"
#include "util/text.h"

#include <algorithm>
#include <cctype>
#include <map>

namespace rp::fragment_detail {

using namespace parse_detail;

namespace {

GidTableHeader::Column columnOf(std::string_view cell, bool deviceSeen)
{
    using C = GidTableHeader::Column;
    const auto w = lower(trim(cell));
    if (w == "gid" || w == "gid value" || w == "address (gid)")
        return C::Gid;
    if (w == "index" || w == "idx" || w == "gid index" || w == "gid_index" || w == "gid idx" || w == "gid_idx"
        || w == "#")
        return C::Index;
    if (w == "port")
        return C::Port;
    if (w == "type" || w == "ver" || w == "version" || w == "roce" || w == "roce version" || w == "gid type"
        || w == "roce ver")
        return C::Type;
    if (w == "ipv4" || w == "ip" || w == "address" || w == "addr" || w == "ipv4 address" || w == "ip address")
        return C::Ipv4;
    // show_gids names both the RDMA device and the netdev "DEV": the first is the device.
    if ((w == "dev" && !deviceSeen) || w == "device" || w == "hca" || w == "ibdev" || w == "rdma device"
        || w == "rdma dev")
        return C::Device;
    if (w == "dev" || w == "netdev" || w == "ndev" || w == "interface" || w == "iface" || w == "if" || w == "net dev"
        || w == "nic")
        return C::Netdev;
    return C::Other;
}

std::vector<std::string_view> cellsOf(std::string_view line, bool tabbed)
{
    if (!tabbed)
        return splitWords(line);
    std::vector<std::string_view> cells;
    for (std::string_view rest = line;;) {
        const auto tab = rest.find('\t');
        cells.push_back(trim(rest.substr(0, tab)));
        if (tab == std::string_view::npos)
            break;
        rest.remove_prefix(tab + 1);
    }
    return cells;
}

std::optional<GidType> typeOf(std::string_view cell)
{
    const auto w = lower(trim(cell));
    if (w == "v1" || w == "roce v1" || w == "rocev1" || w == "ib/roce v1" || w == "ib/rocev1")
        return GidType::IbRoceV1;
    if (w == "v2" || w == "roce v2" || w == "rocev2")
        return GidType::RoceV2;
    return std::nullopt;
}

bool isNumberCell(std::string_view s)
{
    return !s.empty() && s.size() <= 5 && std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; });
}

/// "{0..3}" -> 0 1 2 3, "{1,3}" -> 1 3, "[0-3]" -> 0 1 2 3, "5" -> 5; nothing for "*" or what is not one of those.
std::optional<std::vector<int>> expandIndexes(std::string_view w)
{
    std::vector<int> out;
    if (w.size() > 2 && w.front() == '{' && w.back() == '}') {
        const auto body = w.substr(1, w.size() - 2);
        if (const auto dots = body.find(".."); dots != std::string_view::npos) {
            const auto from = toInt(body.substr(0, dots));
            const auto to = toInt(body.substr(dots + 2));
            if (!from || !to || *from < 0 || *to < *from || *to - *from > 1024)
                return std::nullopt;
            for (int i = *from; i <= *to; ++i)
                out.push_back(i);
            return out;
        }
        for (auto part : splitWords(body, ",")) {
            const auto n = toInt(part);
            if (!n || *n < 0 || *n > 65535 || out.size() >= 1024)
                return std::nullopt;
            out.push_back(*n);
        }
        return out;
    }
    if (w.size() == 5 && w.front() == '[' && w[2] == '-' && w.back() == ']'
        && std::isdigit(static_cast<unsigned char>(w[1])) && std::isdigit(static_cast<unsigned char>(w[3]))
        && w[1] <= w[3]) {
        for (char c = w[1]; c <= w[3]; ++c)
            out.push_back(c - '0');
        return out;
    }
    if (const auto n = toInt(w); n && *n >= 0 && *n <= 65535)
        return std::vector<int> { *n };
    return std::nullopt;
}

} // namespace

std::optional<GidTableHeader> readGidTableHeader(std::string_view line)
{
    const auto t = trim(line);
    if (t.empty() || t.size() > 200)
        return std::nullopt;
    GidTableHeader header;
    header.tabbed = t.find('\t') != std::string_view::npos;
    bool deviceSeen = false;
    int known = 0;
    for (auto cell : cellsOf(t, header.tabbed)) {
        const auto c = columnOf(cell, deviceSeen);
        deviceSeen = deviceSeen || c == GidTableHeader::Column::Device;
        known += c != GidTableHeader::Column::Other ? 1 : 0;
        header.columns.push_back(c);
    }
    const auto has = [&](GidTableHeader::Column c) {
        return std::find(header.columns.begin(), header.columns.end(), c) != header.columns.end();
    };
    // Every cell a column name, most of them known ones: a header, not a sentence that mentions a GID index.
    if (!has(GidTableHeader::Column::Gid) || !has(GidTableHeader::Column::Index)
        || known * 3 < static_cast<int>(header.columns.size()) * 2)
        return std::nullopt;
    return header;
}

/// One row under a GidTableHeader: by position when the cells line up with the header (a markdown table), else by
/// what each cell holds (a GID, a dotted quad, "RoCE v2", numbers in the header's order, names).
bool FragmentImporter::scanGidTableRow(
    PastedHost& h, GidTableHeader& header, std::string_view text, int line, const std::string& device, int port)
{
    using C = GidTableHeader::Column;
    auto cells = cellsOf(trim(text), header.tabbed);
    std::optional<int> index, rowPort;
    std::optional<std::string> gid;
    std::optional<GidType> type;
    std::string rowDevice, netdev;
    if (header.tabbed && cells.size() == header.columns.size()) {
        for (std::size_t i = 0; i < cells.size(); ++i) {
            switch (header.columns[i]) {
            case C::Gid:
                gid = canonicalGid(cells[i]);
                break;
            case C::Index:
                index = isNumberCell(cells[i]) ? toInt(cells[i]) : std::nullopt;
                break;
            case C::Port:
                rowPort = isNumberCell(cells[i]) ? toInt(cells[i]) : std::nullopt;
                break;
            case C::Type:
                type = typeOf(cells[i]);
                break;
            case C::Device:
                rowDevice = std::string(cells[i]);
                break;
            case C::Netdev:
                netdev = std::string(cells[i]);
                break;
            case C::Ipv4:
            case C::Other:
                break;
            }
        }
    } else {
        auto words = splitWords(trim(text));
        std::vector<C> numberColumns, nameColumns;
        for (auto c : header.columns) {
            if (c == C::Port || c == C::Index)
                numberColumns.push_back(c);
            else if (c == C::Device || c == C::Netdev)
                nameColumns.push_back(c);
        }
        std::vector<int> numbers;
        std::size_t names = 0;
        for (std::size_t i = 0; i < words.size(); ++i) {
            const auto w = words[i];
            if (i + 1 < words.size() && (lower(w) == "roce" || lower(w) == "ib/roce")) {
                if (auto t = typeOf(std::string(w) + " " + std::string(words[i + 1]))) {
                    type = t;
                    ++i;
                    continue;
                }
            }
            if (auto t = typeOf(w)) {
                type = t;
            } else if (w.find(':') != std::string_view::npos && !gid) {
                gid = canonicalGid(w);
                if (!gid)
                    break;
            } else if (isNumberCell(w) && !gid) {
                if (auto n = toInt(w))
                    numbers.push_back(*n);
            } else if (!isDottedQuad(w) && names < nameColumns.size() && std::isalpha(static_cast<unsigned char>(w[0]))
                && w.find_first_of("()<>=,;") == std::string_view::npos) {
                (nameColumns[names++] == C::Device ? rowDevice : netdev) = std::string(w);
            }
        }
        if (numbers.size() == numberColumns.size()) {
            for (std::size_t i = 0; i < numbers.size(); ++i)
                (numberColumns[i] == C::Index ? index : rowPort) = numbers[i];
        } else if (numbers.size() == 1) {
            index = numbers.front();
        }
    }
    if (!index || !gid || *index < 0 || *index > 65535)
        return false;
    std::string dev = !rowDevice.empty() ? rowDevice : device;
    if (dev.empty()) {
        dev = "?";
        if (!header.warnedNoDevice)
            m_warnings.add(line, "this GID table names no device; its GIDs are kept as device '?' of " + h.name);
        header.warnedNoDevice = true;
    }
    GidEntry e;
    e.index = *index;
    e.gid = *gid;
    e.type = type.value_or(GidType::Unknown);
    e.netdev = netdev;
    addGidRow(h, dev, rowPort.value_or(port), std::move(e), line);
    return true;
}

/// `cat /sys/class/infiniband/DEV/ports/P/gids/*` (or `gid_attrs/types/*`): the shell lists the files in name
/// order, 0, 1, 10, 100, ... up to a table size the paste does not say, so only the first two values have a known
/// index. `{0..7}` and `[0-7]` expand in number order and say every index.
bool FragmentImporter::scanCatPattern(PastedHost& h, const Block& block, std::string_view pattern)
{
    const auto slash = pattern.rfind('/');
    if (slash == std::string_view::npos || slash == 0)
        return false;
    std::string dir(pattern.substr(0, slash));
    const auto last = pattern.substr(slash + 1);
    auto parts = splitWords(dir, "/");
    if (parts.size() < 6 || parts[0] != "sys" || parts[2] != "infiniband"
        || !(parts.back() == "gids" || parts.back() == "types"))
        return false;
    // A device glob ("/sys/class/infiniband/*/ports/1/gids/*") runs the devices together: their names are unknown.
    if (parts[3].find_first_of("*?[") != std::string_view::npos)
        dir = "/sys/class/infiniband/?" + dir.substr(dir.find("/ports/"));
    const bool shellOrder = last == "*";
    const auto indexes = shellOrder ? std::optional<std::vector<int>> { std::vector<int> {} } : expandIndexes(last);
    if (!indexes)
        return false;
    std::size_t next = 0;
    int unplaced = 0, firstUnplaced = 0;
    for (const auto& l : block.lines) {
        const auto t = trim(l.text);
        std::optional<int> index;
        if (shellOrder && next < 2)
            index = static_cast<int>(next);
        else if (!shellOrder && next < indexes->size())
            index = (*indexes)[next];
        ++next;
        if (!index) {
            if (unplaced++ == 0)
                firstUnplaced = l.number;
            continue;
        }
        const auto path = dir.substr(1) + "/" + std::to_string(*index);
        if (!scanSysfs(h, path, t, l.number))
            m_warnings.add(l.number, "value '" + excerpt(t) + "' of " + std::string(pattern) + " not used");
    }
    if (unplaced > 0)
        m_warnings.add(firstUnplaced,
            std::to_string(unplaced) + " more value(s) of " + std::string(pattern)
                + " not used: the shell lists the files in name order (0, 1, 10, 100, ...), so their indexes are not "
                  "known; `grep . "
                + dir + "/*` names each file");
    return true;
}

/// ibstatus: "Infiniband device 'mlx5_0' port 1 status:" and its indented fields; the default GID is index 0.
void FragmentImporter::scanIbstatus(PastedHost& h, const Block& block)
{
    std::optional<RdmaDevice> dev;
    int firstLine = 0;
    auto flush = [&]() {
        if (dev)
            mergeDevices(h, { std::move(*dev) }, firstLine);
        dev.reset();
    };
    for (const auto& l : block.lines) {
        const auto t = trim(l.text);
        if (startsWith(t, "Infiniband device '")) {
            flush();
            const auto close = t.find('\'', 19);
            const auto portAt = t.find(" port ", close == std::string_view::npos ? t.size() : close);
            const auto after = portAt == std::string_view::npos ? std::vector<std::string_view> {}
                                                                : splitWords(t.substr(portAt + 6));
            const auto number = after.empty() ? std::nullopt : toInt(after.front());
            if (close == std::string_view::npos || close == 19 || !number) {
                m_warnings.add(l.number, "ibstatus heading not understood: '" + excerpt(t) + "'; not used");
                continue;
            }
            dev.emplace();
            dev->name = std::string(t.substr(19, close - 19));
            dev->driver = driverFromDeviceName(dev->name);
            auto& added = dev->ports.emplace_back();
            added.number = *number;
            added.gidsUnlisted = true; // the default GID (index 0) only: the rest of the table is not shown
            firstLine = l.number;
            continue;
        }
        // ibstatus's own word for a host without RDMA devices: nothing under /sys/class/infiniband.
        if (startsWith(t, "Fatal error:") && t.find("sys files not found") != std::string_view::npos) {
            AppLogEvent e;
            e.family = "ibstatus";
            e.kind = "no-device";
            e.text = printable(std::string(t.substr(0, 400)), 197);
            e.line = l.number;
            h.appLog.push_back(std::move(e));
            continue;
        }
        const auto kv = splitKeyValue(t);
        if (!dev || !kv) {
            if (!t.empty())
                m_warnings.add(l.number, "ibstatus line not understood: '" + excerpt(t) + "'; not used");
            continue;
        }
        auto& port = dev->ports.back();
        const auto [k, v] = *kv;
        // "state: 4: ACTIVE": the number, then the name.
        const auto named = v.find(':') != std::string_view::npos ? trim(v.substr(v.find(':') + 1)) : v;
        if (k == "default gid") {
            // Index 0 of a table ibstatus does not show: kept out, so no rule judges the table by its first row.
        } else if (k == "state") {
            port.state = normalizePortState(named);
        } else if (k == "phys state") {
            port.physState = normalizePhysState(named);
        } else if (k == "rate") {
            port.rate = std::string(v);
        } else if (k == "base lid") {
            // "0x1": ibstatus prints it in hex.
            auto lid = startsWith(v, "0x") ? toInt(v.substr(2), 16) : toInt(v);
            if (lid && *lid >= 0 && *lid <= 0xffff)
                port.lid = lid;
            else
                m_warnings.add(l.number, "ibstatus: unreadable base lid '" + excerpt(v) + "'; not used");
        } else if (k == "link_layer" || k == "link layer") {
            port.linkLayer = std::string(v);
            dev->transport = v == "Ethernet" ? Transport::RoCE
                : v == "InfiniBand"          ? Transport::InfiniBand
                                             : dev->transport;
        }
    }
    flush();
}

/// rxe_cfg status (rdma-core's old Soft-RoCE script): a header "Name Link Driver Speed NMTU IPv4_addr RDEV RMTU"
/// and a row per netdev, left-aligned under it with empty cells where a value is missing; RDEV is the rxe device on
/// that netdev, when there is one.
void FragmentImporter::scanRxeCfg(PastedHost& h, const Block& block)
{
    std::vector<std::pair<std::size_t, std::string>> columns; // offset, name
    for (const auto& l : block.lines) {
        const auto raw = l.text;
        if (columns.empty()) {
            if (trim(raw).find("RDEV") == std::string_view::npos)
                continue;
            for (auto w : splitWords(raw))
                columns.emplace_back(static_cast<std::size_t>(w.data() - raw.data()), std::string(w));
            continue;
        }
        std::map<std::string, std::string> row;
        for (auto w : splitWords(raw)) {
            const auto start = static_cast<std::size_t>(w.data() - raw.data());
            // The column whose name starts at or just before this word.
            std::string name;
            for (const auto& [at, n] : columns)
                if (at <= start + 1)
                    name = n;
            if (!name.empty() && !row.contains(name))
                row[name] = std::string(w);
        }
        if (!row.contains("Name")) {
            m_warnings.add(l.number, "rxe_cfg status row not understood: '" + excerpt(trim(raw)) + "'; not used");
            continue;
        }
        Netdev n;
        n.name = row["Name"];
        if (row.contains("Link"))
            n.operState = row["Link"] == "yes" ? "UP" : row["Link"] == "no" ? "DOWN" : "";
        if (row.contains("NMTU"))
            n.mtu = toInt(row["NMTU"]);
        if (row.contains("IPv4_addr") && isDottedQuad(row["IPv4_addr"]))
            n.ipv4.push_back(row["IPv4_addr"]);
        if (row.contains("RDEV")) {
            RdmaDevice d;
            d.name = row["RDEV"];
            d.driver = "rxe";
            d.transport = Transport::RoCE;
            d.parentNetdev = n.name;
            RdmaPort p;
            p.number = 1;
            p.linkLayer = "Ethernet";
            p.netdev = n.name;
            p.gidsUnlisted = true;
            if (row.contains("RMTU"))
                p.activeMtu = toInt(row["RMTU"]);
            d.ports.push_back(std::move(p));
            mergeDevices(h, { std::move(d) }, l.number);
        } else {
            m_warnings.add(l.number, "rxe_cfg status: " + n.name + " has no rxe device (RDEV empty)");
        }
        mergeNetdev(h, std::move(n), l.number);
    }
    if (columns.empty() && !block.lines.empty())
        m_warnings.add(block.lines.front().number, "rxe_cfg status without its header line; not used");
}

} // namespace rp::fragment_detail

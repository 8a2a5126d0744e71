// SPDX-License-Identifier: GPL-3.0-or-later
// The fragment importer's own readers (see fragmentimporter.h), for what no parseOutput() parser takes whole:
// GID rows out of context, sysfs and configfs values, ethtool -S, rdma statistic, ibstat, the test tools, and the
// hand-over of application log lines to applog.h and of a switch's log lines to switch_log.h.
#include "parse/fragmentimporter.h"

#include "parse/applog.h"
#include "parse/fragmentlines.h"
#include "parse/gid.h"
#include "parse/lldp.h"
#include "parse/parsehelpers.h"
#include "parse/parsers.h"
#include "parse/powershell.h"
#include "parse/switch_log.h"
#include "parse/switch_show.h"
#include "util/text.h"

#include <algorithm>
#include <array>
#include <cctype>

namespace rp::fragment_detail {

using namespace parse_detail;

namespace {

/// perftest prints GIDs as 16 decimal bytes ("00:00:...:255:255:198:18:00:01"); pingpong as IPv6 text.
std::string perftestGid(std::string_view s)
{
    s = trim(s);
    auto parts = splitWords(s, ":");
    if (parts.size() == 16 && s.find("::") == std::string_view::npos) {
        std::string hex;
        static const char* digits = "0123456789abcdef";
        for (std::size_t i = 0; i < 16; ++i) {
            auto b = toInt(parts[i]);
            if (!b || *b < 0 || *b > 255)
                return {};
            hex += digits[*b >> 4];
            hex += digits[*b & 15];
            if (i % 2 == 1 && i != 15)
                hex += ':';
        }
        return hex;
    }
    auto c = canonicalGid(s);
    return c ? *c : std::string();
}

std::string failureOf(std::string_view t)
{
    auto l = lower(t);
    auto has = [&](std::string_view w) { return l.find(w) != std::string::npos; };
    // perftest checks the port it was given before anything else (perftest_resources.c: " Port number %d state is
    // %s" for a state other than ACTIVE): the test never ran, and the "Couldn't set the link layer" after it is that.
    if (has("port number ") && has(" state is ") && !has(" state is active"))
        return "port-down";
    if (has("unable to find the infiniband/roce device")
        || (has("ib device ") && (has(" not found") || has("wasn't found"))))
        return "device";
    // perftest names the status by its number: "Failed status 12: wr_id 0 syndrom 0x81" is IBV_WC_RETRY_EXC_ERR.
    const bool status12
        = l.find("failed status 12:") != std::string::npos || l.find("status: 12 ") != std::string::npos;
    if (has("retry counter exceeded") || has("retry_exc_err") || has("retry exceeded") || status12)
        return "retry-exceeded";
    if (has("grh") && (has("required") || has("missing")))
        return "grh-required";
    if (has("mtu")
        && (has("mismatch") || has("higher than") || has("larger than") || has("exceeds") || has("not supported")
            || has("invalid")))
        return "mtu";
    if ((has("modify qp") || has("modify_qp")) && (has("rtr") || has("rts") || has("fail") || has("unable")))
        return "rtr";
    if (has("couldn't connect") || has("unable to connect") || has("failed to connect") || has("connection refused")
        || has("connection timed out") || has("no route to host") || has("rdma_cm_event_unreachable")
        || has("rdma_cm_event_rejected") || has("rdma_cm_event_addr_error") || has("rdma_cm_event_route_error")
        || has("unable to init the socket connection") || has("unable to open file descriptor for socket")
        || has("couldn't read remote address") || has("failed to exchange data") || has("timed out"))
        return "connect";
    if (has("completion with error") || has("failed status") || has("wc status") || has("bad completion"))
        return "completion-error";
    if (has("couldn't") || has("failed to") || has("unable to") || has("error:"))
        return "other";
    return {};
}

/// perftest's header line as "key : value" pairs: two to a line, apart by tabs as perftest prints them, or by the
/// runs of spaces a web page or a terminal copy turned the tabs into ("Dual-port   : OFF      Device   : mlx5_0").
std::vector<std::pair<std::string_view, std::string_view>> headerPairs(std::string_view line)
{
    std::vector<std::string_view> chunks;
    std::size_t start = 0;
    auto gapAt = [&](std::size_t i) {
        return line[i] == '\t' || (line[i] == ' ' && i + 1 < line.size() && line[i + 1] == ' ');
    };
    for (std::size_t i = 0; i < line.size();) {
        if (!gapAt(i)) {
            ++i;
            continue;
        }
        if (i > start)
            chunks.push_back(line.substr(start, i - start));
        while (i < line.size() && (line[i] == '\t' || line[i] == ' '))
            ++i;
        start = i;
    }
    if (start < line.size())
        chunks.push_back(line.substr(start));
    std::vector<std::pair<std::string_view, std::string_view>> out;
    std::string_view key;
    for (auto chunk : chunks) {
        const auto c = trim(chunk);
        if (c.empty())
            continue;
        if (c.front() == ':') {
            if (!key.empty())
                out.emplace_back(key, trim(c.substr(1)));
            key = {};
        } else if (c.back() == ':' && c.find(':') == c.size() - 1) {
            key = trim(c.substr(0, c.size() - 1));
        } else if (auto kv = splitKeyValue(c)) {
            out.push_back(*kv);
            key = {};
        } else {
            key = c;
        }
    }
    return out;
}

} // namespace

/// "GID[  3]:   fe80::..., RoCE v2" anywhere on the line (grep output keeps the tabs).
bool FragmentImporter::scanGidRow(
    PastedHost& h, std::string_view t, int line, std::string& device, int& port, bool record)
{
    auto pos = t.find("GID[");
    if (pos == std::string_view::npos)
        return false;
    auto close = t.find(']', pos);
    if (close == std::string_view::npos)
        return false;
    auto index = toInt(trim(t.substr(pos + 4, close - pos - 4)));
    // "GID[  3]:  ..." as ibv_devinfo prints it, or "GID[3] = ..." as people write it.
    auto colon = t.find_first_of(":=", close);
    if (!index || *index < 0 || *index > 65535 || colon == std::string_view::npos
        || trim(t.substr(close + 1, colon - close - 1)).size() > 0)
        return false;
    auto rest = trim(t.substr(colon + 1));
    auto comma = rest.find(',');
    // The GID is the first word: what follows may be the type, or the author's own note ("<- this one").
    auto gidText = trim(rest.substr(0, std::min(comma, rest.find_first_of(" \t"))));
    auto gid = canonicalGid(gidText);
    if (!gid) {
        m_warnings.add(line, "GID row with an unreadable address '" + excerpt(gidText) + "'; not used");
        return true;
    }
    std::string dev = device.empty() ? std::string("?") : device;
    if (record) {
        h.gidLines[dev + "/" + std::to_string(port) + "/" + std::to_string(*index)] = line;
        return true;
    }
    if (device.empty())
        m_warnings.add(line,
            "GID[" + std::to_string(*index) + "] has no device named above it or in the command; kept as device '?' of "
                + h.name);
    GidEntry e;
    e.index = *index;
    e.gid = *gid;
    if (comma != std::string_view::npos) {
        auto after = trim(rest.substr(comma + 1));
        e.type = gidTypeFromString(after);
        if (e.type == GidType::Unknown) {
            // "RoCE v2   <- link local, do not use": the type, then a note.
            const auto low = lower(after);
            if (low.starts_with("roce v2") || low.starts_with("rocev2"))
                e.type = GidType::RoceV2;
            else if (low.starts_with("roce v1") || low.starts_with("ib/roce v1"))
                e.type = GidType::IbRoceV1;
        }
    }
    addGidRow(h, dev, port, std::move(e), line);
    return true;
}

void FragmentImporter::addGidRow(PastedHost& h, const std::string& device, int port, GidEntry e, int line)
{
    annotateGid(e);
    h.gidLines[device + "/" + std::to_string(port) + "/" + std::to_string(e.index)] = line;
    RdmaDevice d;
    d.name = device;
    d.driver = driverFromDeviceName(device);
    RdmaPort p;
    p.number = port;
    p.linkLayer = "Ethernet";
    p.gids.push_back(std::move(e));
    d.ports.push_back(std::move(p));
    d.transport = Transport::RoCE;
    mergeDevices(h, { std::move(d) }, line);
}

/// A sysfs/configfs path and its value (from `grep . PATH` or `cat PATH`).
bool FragmentImporter::scanSysfs(PastedHost& h, std::string_view path, std::string_view value, int line)
{
    auto parts = splitWords(path, "/");
    auto at = [&](std::size_t i) { return i < parts.size() ? parts[i] : std::string_view(); };
    value = trim(value);
    // sys class infiniband DEV ports P ...
    if (at(0) == "sys" && at(1) == "class" && at(2) == "infiniband" && at(4) == "ports") {
        std::string dev(at(3));
        auto port = toInt(at(5));
        if (!port || dev.empty())
            return false;
        RdmaDevice d;
        d.name = dev;
        d.driver = driverFromDeviceName(dev);
        RdmaPort p;
        p.number = *port;
        auto leaf = at(6);
        auto idx = toInt(at(parts.size() - 1));
        if (leaf == "gids" && idx && parts.size() == 8) {
            auto gid = canonicalGid(value);
            if (!gid) {
                m_warnings.add(line, "sysfs GID value '" + excerpt(value) + "' is not an address; not used");
                return true;
            }
            p.gidTableSize = *idx + 1;
            GidEntry e;
            e.index = *idx;
            e.gid = *gid;
            annotateGid(e);
            if (e.zero) {
                d.ports.push_back(std::move(p));
                mergeDevices(h, { std::move(d) }, line);
                return true;
            }
            p.gids.push_back(e);
            h.gidLines[dev + "/" + std::to_string(*port) + "/" + std::to_string(*idx)] = line;
        } else if (leaf == "gid_attrs" && idx && parts.size() == 9 && (at(7) == "types" || at(7) == "ndevs")) {
            // Attributes of a slot: attach to an existing GID entry or remember on a placeholder entry.
            auto& hd = [&]() -> RdmaDevice& {
                for (auto& x : h.devices)
                    if (x.name == dev)
                        return x;
                h.devices.push_back(d);
                return h.devices.back();
            }();
            RdmaPort* hp = nullptr;
            for (auto& x : hd.ports)
                if (x.number == *port)
                    hp = &x;
            if (!hp) {
                hd.ports.push_back(p);
                hp = &hd.ports.back();
            }
            auto it
                = std::find_if(hp->gids.begin(), hp->gids.end(), [&](const GidEntry& g) { return g.index == *idx; });
            if (it == hp->gids.end()) {
                GidEntry e;
                e.index = *idx;
                hp->gids.push_back(e);
                std::sort(hp->gids.begin(), hp->gids.end(),
                    [](const GidEntry& a, const GidEntry& b) { return a.index < b.index; });
                it = std::find_if(hp->gids.begin(), hp->gids.end(), [&](const GidEntry& g) { return g.index == *idx; });
            }
            if (at(7) == "types")
                it->type = gidTypeFromString(value);
            else
                it->netdev = std::string(value);
            return true;
        } else if (leaf == "state" && parts.size() == 7) {
            p.state = normalizePortState(value);
        } else if (leaf == "phys_state" && parts.size() == 7) {
            p.physState = normalizePhysState(value);
        } else if (leaf == "link_layer" && parts.size() == 7) {
            p.linkLayer = std::string(value);
        } else if (leaf == "rate" && parts.size() == 7) {
            p.rate = std::string(value);
        } else if ((leaf == "hw_counters" || leaf == "counters") && parts.size() == 8) {
            auto v = toU64(value);
            if (!v)
                return false;
            addCounter(h, dev + "/" + std::to_string(*port), std::string(at(7)), *v, line);
            return true;
        } else {
            return false;
        }
        d.ports.push_back(std::move(p));
        mergeDevices(h, { std::move(d) }, line);
        return true;
    }
    // sys class net IF mtu | operstate | statistics/NAME
    if (at(0) == "sys" && at(1) == "class" && at(2) == "net" && !at(3).empty()) {
        Netdev n;
        n.name = std::string(at(3));
        if (at(4) == "mtu" && parts.size() == 5) {
            n.mtu = toInt(value);
            if (!n.mtu)
                return false;
        } else if (at(4) == "operstate" && parts.size() == 5) {
            std::string s(value);
            std::transform(s.begin(), s.end(), s.begin(), [](char c) { return static_cast<char>(std::toupper(c)); });
            n.operState = s;
        } else if (at(4) == "ecn" && at(5) == "roce_np" && parts.size() == 7
            && (at(6) == "cnp_dscp" || at(6) == "cnp_802p_prio")) {
            auto v = toInt(value);
            if (!v || *v < 0 || *v > (at(6) == "cnp_dscp" ? 63 : 7))
                return false;
            (at(6) == "cnp_dscp" ? n.dcb.cnpDscp : n.dcb.cnpPriority) = v;
        } else if (at(4) == "statistics" && parts.size() == 6) {
            auto v = toU64(value);
            if (!v)
                return false;
            addCounter(h, n.name, std::string(at(5)), *v, line);
            return true;
        } else {
            return false;
        }
        mergeNetdev(h, std::move(n), line);
        return true;
    }
    // sys kernel config rdma_cm DEV ports P default_roce_mode|default_roce_tos
    if (at(0) == "sys" && at(1) == "kernel" && at(2) == "config" && at(3) == "rdma_cm" && at(5) == "ports"
        && parts.size() == 8) {
        auto port = toInt(at(6));
        if (!port)
            return false;
        RdmaCmSetting s;
        s.device = std::string(at(4));
        s.port = *port;
        s.line = line;
        if (at(7) == "default_roce_mode")
            s.mode = std::string(value);
        else if (at(7) == "default_roce_tos") {
            s.tos = toInt(value);
            if (!s.tos)
                return false;
        } else
            return false;
        for (auto& x : h.rdmaCm) {
            if (x.device == s.device && x.port == s.port) {
                if (s.mode)
                    x.mode = s.mode;
                if (s.tos)
                    x.tos = s.tos;
                return true;
            }
        }
        h.rdmaCm.push_back(std::move(s));
        return true;
    }
    return false;
}

void FragmentImporter::scanEthtool(PastedHost& h, const Block& block)
{
    std::string ifname = optionValue(block.command, { "-S", "--statistics" });
    if (ifname.empty()) {
        m_warnings.add(block.lines.empty() ? block.commandLine : block.lines.front().number,
            "ethtool -S output with no interface named; counters kept under '?' of " + h.name);
        ifname = "?";
    }
    bool sleptBetween = block.command.find("sleep") != std::string::npos;
    int headers = 0;
    for (auto& l : block.lines) {
        auto t = trim(l.text);
        if (startsWith(t, "NIC statistics")) {
            if (headers++ > 0 && sleptBetween)
                noteSleep(h.name, block.command.substr(block.command.find("sleep")));
            ++m_blockId;
            continue;
        }
        auto kv = splitKeyValue(t);
        auto v = kv ? toU64(kv->second) : std::nullopt;
        if (!kv || !v || kv->first.empty()) {
            m_warnings.add(l.number, "not an ethtool -S counter line: '" + excerpt(t) + "'; not used");
            continue;
        }
        addCounter(h, ifname, std::string(kv->first), *v, l.number);
    }
}

/// "link rxe0/1 sent_pkts 10 rcvd_pkts 12 ..." (rdma statistic [show link DEV/PORT]).
/// `rdma statistic` lines: "link DEV/PORT name value ...", and the indented lines that continue one (newer iproute2
/// wraps them), which belong to the link named last.
bool FragmentImporter::scanRdmaStatistic(PastedHost& h, std::string_view t, int line, std::string& scope)
{
    auto words = splitWords(t);
    std::size_t first = 0;
    if (words.size() >= 4 && words[0] == "link" && words[1].find('/') != std::string_view::npos) {
        scope = std::string(words[1]);
        first = 2;
    } else if (scope.empty() || words.size() < 2 || words.size() % 2 != 0 || !toU64(words[1])) {
        scope.clear();
        return false;
    }
    bool any = false;
    for (std::size_t i = first; i + 1 < words.size(); i += 2) {
        auto v = toU64(words[i + 1]);
        if (!v) {
            m_warnings.add(line,
                "rdma statistic: '" + excerpt(words[i]) + "' has no number after it; the rest of the line is not used");
            break;
        }
        addCounter(h, scope, std::string(words[i]), *v, line);
        any = true;
    }
    return any;
}

void FragmentImporter::scanIbstat(PastedHost& h, const Block& block)
{
    RdmaDevice* dev = nullptr;
    RdmaPort* port = nullptr;
    std::vector<RdmaDevice> devices;
    for (auto& l : block.lines) {
        auto t = trim(l.text);
        if (startsWith(t, "CA '") && t.back() == '\'') {
            devices.push_back({});
            dev = &devices.back();
            dev->name = std::string(t.substr(4, t.size() - 5));
            dev->driver = driverFromDeviceName(dev->name);
            port = nullptr;
            continue;
        }
        if (!dev) {
            m_warnings.add(l.number, "ibstat line before any CA '...' line: '" + excerpt(t) + "'; not used");
            continue;
        }
        if (startsWith(t, "Port ") && t.back() == ':') {
            auto n = toInt(trim(t.substr(5, t.size() - 6)));
            if (n) {
                dev->ports.push_back({});
                port = &dev->ports.back();
                port->number = *n;
                port->gidsUnlisted = true; // ibstat lists no GIDs
                continue;
            }
        }
        auto kv = splitKeyValue(t);
        if (!kv) {
            m_warnings.add(l.number, "ibstat line not understood: '" + excerpt(t) + "'; not used");
            continue;
        }
        auto [k, v] = *kv;
        if (k == "Firmware version")
            dev->fwVersion = std::string(v);
        else if (k == "Node GUID")
            dev->nodeGuid = std::string(v);
        else if (port && k == "State")
            port->state = normalizePortState(v);
        else if (port && k == "Physical state")
            port->physState = normalizePhysState(v);
        else if (port && k == "Rate")
            port->rate = std::string(v);
        else if (port && k == "Base lid") {
            if (auto lid = toInt(v); lid && *lid >= 0 && *lid <= 0xffff)
                port->lid = lid;
            else
                m_warnings.add(l.number, "ibstat: unreadable Base lid '" + excerpt(v) + "'; not used");
        } else if (port && k == "Link layer") {
            port->linkLayer = std::string(v);
            if (v == "Ethernet")
                dev->transport = Transport::RoCE;
            else if (v == "InfiniBand")
                dev->transport = Transport::InfiniBand;
        }
    }
    mergeDevices(h, std::move(devices), block.lines.empty() ? 0 : block.lines.front().number);
}

void FragmentImporter::scanTest(PastedHost& h, const Block& block, std::string_view tool)
{
    TestOutcome o;
    bool noDevice = false; ///< rdma_cm said ENODEV: no RDMA device carries the address (applog.device-node)
    o.tool = std::string(tool);
    o.line = block.commandLine ? block.commandLine : (block.lines.empty() ? 0 : block.lines.front().number);
    if (!block.command.empty()) {
        o.device = optionValue(block.command, { "-d", "--ib-dev" });
        // perftest's index is -x (its -g is multicast, no value); the pingpong examples' is -g.
        auto x = startsWith(tool, "ib_") ? optionValue(block.command, { "-x", "--gid-index" })
                                         : optionValue(block.command, { "-g", "--gid-idx" });
        if (!x.empty())
            o.gidIndex = toInt(x);
        if (auto m = optionValue(block.command, { "-m", "--mtu" }); !m.empty())
            o.mtu = toInt(m);
        auto words = splitWords(block.command);
        o.rdmaCm = std::find(words.begin(), words.end(), "-R") != words.end()
            || std::find(words.begin(), words.end(), "--rdma_cm") != words.end();
    }
    enum { None, Local, Remote } addr = None;
    bool measured = false; ///< a result row was printed
    for (auto& l : block.lines) {
        auto t = trim(l.text);
        for (auto [k, v] : headerPairs(l.text)) {
            if (k == "Device" && o.device.empty())
                o.device = std::string(v);
            else if (k == "GID index")
                o.gidIndex = toInt(v);
            else if (k == "Mtu") {
                auto b = v.find('[');
                o.mtu = toInt(trim(v.substr(0, b)));
            } else if (k == "rdma_cm QPs")
                o.rdmaCm = v == "ON";
            else if (k == "Link type")
                o.linkLayer = std::string(v);
            else if (k == "Transport type")
                o.transportType = std::string(v);
        }
        if (startsWith(t, "local address"))
            addr = Local;
        else if (startsWith(t, "remote address"))
            addr = Remote;
        auto gidPos = t.find("GID");
        if (addr != None && gidPos != std::string_view::npos && t.find("GID index") == std::string_view::npos) {
            auto rest = trim(t.substr(gidPos + 3));
            // perftest "GID: 00:00:...", pingpong "GID ::ffff:10.0.0.1": drop a label colon, keep an address's.
            if (startsWith(rest, ": ") || (startsWith(rest, ":") && !startsWith(rest, "::")))
                rest = trim(rest.substr(1));
            auto g = perftestGid(rest);
            if (!g.empty() && addr == Local) {
                o.localGid = g;
                o.localGidLine = l.number;
            } else if (!g.empty()) {
                o.remoteGid = g;
            }
        }
        // "IB device rxe2 not found", rping's "RDMA_CM_EVENT_ADDR_ERROR, error -19", libibverbs' provider warnings
        // printed before the banner: the same facts an application log states, judged by one rule.
        if (auto read = readAppLogLine(t, l.number); read
            && (read->kind == "device-not-found" || read->kind == "no-provider"
                || (read->kind == "no-device" && read->errnoValue == 19))) {
            noDevice = noDevice || read->kind == "no-device";
            const bool warning = read->kind == "no-provider";
            h.appLog.push_back(std::move(*read));
            if (warning)
                continue; // libibverbs' word on other hardware, not the test's failure
        }
        // A result row ("65536  5000  0.00  2365.20  0.037843"): the measurement is done, and what perftest says
        // while it disconnects (rdma_cm's teardown, on iWARP the peer's close racing its own) is no failure of it.
        if (!t.empty() && std::isdigit(static_cast<unsigned char>(t.front())) && splitWords(t).size() >= 3
            && std::ranges::all_of(splitWords(t), [](std::string_view w) {
                   return std::ranges::all_of(
                       w, [](char c) { return std::isdigit(static_cast<unsigned char>(c)) || c == '.'; });
               }))
            measured = true;
        const auto low = lower(t);
        const bool teardown = measured
            && (low.find("disconnect") != std::string::npos
                || low.find("connection reset by peer") != std::string::npos);
        if (teardown && (o.failure.empty() || o.failure == "teardown")) {
            if (o.failure.empty()) {
                o.failure = "teardown";
                o.message = std::string(t);
                o.line = l.number;
            }
        } else if (o.failure.empty() || o.failure == "teardown") {
            if (auto f = failureOf(t); !f.empty()) {
                o.failure = f;
                o.message = std::string(t);
                o.line = l.number;
            }
        } else if (o.failure == "other" || o.failure == "connect" || o.failure == "completion-error") {
            // A more specific cause may follow ("Failed status transport retry counter exceeded").
            if (auto f = failureOf(t); !f.empty() && f != "other" && f != o.failure
                && (f == "retry-exceeded" || f == "grh-required" || f == "mtu" || f == "rtr")) {
                o.failure = f;
                o.message = std::string(t);
                o.line = l.number;
            }
        }
    }
    // The connect failure is that ENODEV's consequence, not a port blocked between the hosts.
    if (noDevice && o.failure == "connect") {
        o.failure.clear();
        o.message.clear();
    }
    h.tests.push_back(std::move(o));
}

/// Application log lines of the block go to h.appLog; the other lines to `rest`. False when the block has none.
bool FragmentImporter::takeAppLog(PastedHost& h, const Block& block, Block& rest)
{
    bool any = false;
    // A benchmark's result line belongs to a log only next to one: alone, the block is a test's output, which the
    // test readers take.
    std::vector<AppLogLine> scannedLines;
    scannedLines.reserve(block.lines.size());
    bool family = false;
    for (const auto& l : block.lines) {
        scannedLines.push_back(scanAppLogLine(l.text, l.number));
        const auto& f = scannedLines.back().family;
        family = family || (!f.empty() && f != "benchmark") || isLauncher(programOf(withoutInlineCode(trim(l.text))));
    }
    for (std::size_t i = 0; i < block.lines.size(); ++i) {
        const auto& l = block.lines[i];
        auto scanned = std::move(scannedLines[i]);
        if (scanned.family == "benchmark" && !family)
            scanned = {};
        // `mpirun ... -x UCX_IB_GID_INDEX=1 ./app` pasted bare (or as markdown inline code): a command, not a log
        // line (its `-mca btl_openib_...` would pass for Open MPI's own output), and its settings belong with the log
        // below it.
        if (const auto command = withoutInlineCode(trim(l.text)); isLauncher(programOf(command))) {
            scanned.events = commandEvents(command, l.number, false);
            scanned.family = scanned.events.empty() ? std::string() : scanned.events.front().family;
        }
        if (scanned.family.empty()) {
            if (any)
                rest.lines.push_back(l);
            continue;
        }
        if (!any) {
            rest.host = block.host;
            rest.command = block.command;
            rest.commandLine = block.commandLine;
            rest.lines.assign(block.lines.begin(), block.lines.begin() + static_cast<std::ptrdiff_t>(i));
            any = true;
        }
        auto& seen = m_appLogSeen[scanned.family];
        if (seen.lines++ == 0)
            seen.firstLine = l.number;
        seen.facts += static_cast<int>(scanned.events.size());
        for (auto& e : scanned.events)
            h.appLog.push_back(std::move(e));
    }
    return any;
}

/// SONiC syslog lines, wherever they were pasted (`show logging`, a grep of /var/log/syslog, bare): each names its
/// switch, so they go to that switch's ports whatever host the block is under.
bool FragmentImporter::takeSwitchLog(const Block& block, Block& rest)
{
    std::vector<std::pair<int, std::string_view>> taken;
    for (std::size_t i = 0; i < block.lines.size(); ++i) {
        const auto& l = block.lines[i];
        if (!readSonicLogLine(trim(l.text))) {
            if (!taken.empty())
                rest.lines.push_back(l);
            continue;
        }
        if (taken.empty()) {
            rest.host = block.host;
            rest.command = block.command;
            rest.commandLine = block.commandLine;
            rest.lines.assign(block.lines.begin(), block.lines.begin() + static_cast<std::ptrdiff_t>(i));
        }
        taken.emplace_back(l.number, l.text);
    }
    if (taken.empty())
        return false;
    std::size_t events = 0;
    for (const auto& p : m_out.switchPorts)
        events += p.log.size();
    for (auto& w : parseSonicLog(block.command.empty() ? "syslog" : block.command, taken, m_out.switchPorts, false))
        m_warnings.add(w.line, w.message);
    std::size_t after = 0;
    for (const auto& p : m_out.switchPorts)
        after += p.log.size();
    if (after == events)
        m_warnings.add(taken.front().first,
            std::to_string(taken.size())
                + " SONiC log line(s) here, none about the PFC watchdog or a QoS/buffer error; not used");
    return true;
}

/// A family whose lines stated nothing at all gets one warning, so a paste of only such lines is not silently
/// empty.
void FragmentImporter::noteAppLogWithoutFacts()
{
    for (const auto& [family, seen] : m_appLogSeen) {
        if (seen.facts > 0)
            continue;
        std::string what = seen.lines == 1
            ? "one " + family + " log line that names no device, GID, setting or error; not used"
            : std::to_string(seen.lines) + " " + family
                + " log lines from here on, none naming a device, GID, setting or error; not used";
        if (family == "nccl")
            what += " (NCCL_DEBUG=INFO prints the NET/IB lines that do)";
        m_warnings.add(seen.firstLine, what);
    }
}

} // namespace rp::fragment_detail

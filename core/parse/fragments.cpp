// SPDX-License-Identifier: GPL-3.0-or-later
// Fragment-tolerant import of pasted text (see fragments.h). Hand-written scanning, no std::regex: lines may be
// 16 KiB of hostile text.
#include "parse/fragments.h"

#include "parse/gid.h"
#include "parse/lldp.h"
#include "parse/parsehelpers.h"
#include "parse/parsers.h"
#include "parse/powershell.h"
#include "parse/switch_show.h"
#include "util/text.h"

#include <algorithm>
#include <array>
#include <cctype>

namespace rp {

using namespace parse_detail;

namespace {

bool isHostChar(char c)
{
    return std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '.' || c == '_';
}

/// A plausible host name: 1..63 characters of letters, digits, - . _, at least one letter or digit.
bool looksLikeHostName(std::string_view s)
{
    if (s.empty() || s.size() > 63 || !std::all_of(s.begin(), s.end(), isHostChar))
        return false;
    return std::any_of(s.begin(), s.end(), [](char c) { return std::isalnum(static_cast<unsigned char>(c)); });
}

std::string_view programOf(std::string_view command)
{
    auto words = splitWords(command);
    std::size_t i = 0;
    while (i < words.size() && (words[i] == "sudo" || words[i] == "-E" || words[i] == "time"))
        ++i;
    if (i >= words.size())
        return {};
    auto w = words[i];
    // A relative path, or an absolute one through a bin directory, names the program by its last part.
    if (auto slash = w.rfind('/'); slash != std::string_view::npos
        && (w.front() != '/' || w.substr(0, slash).find("bin") != std::string_view::npos))
        w = w.substr(slash + 1);
    return w;
}

constexpr std::array kKnownPrograms = { "ibv_devinfo", "ibv_devices", "show_gids", "ibdev2netdev", "rdma", "ip", "cat",
    "grep", "ethtool", "ibstat", "dcb", "mlnx_qos", "lldptool", "ib_send_lat", "ib_send_bw", "ib_write_lat",
    "ib_write_bw", "ib_read_lat", "ib_read_bw", "ib_atomic_lat", "ib_atomic_bw", "ibv_rc_pingpong", "ibv_ud_pingpong",
    "ibv_uc_pingpong", "qperf", "sleep", "date", "echo", "ls", "head", "tail", "for", "sudo", "tc", "sysctl",
    "iptables", "nft", "lspci", "uname", "hostname", "ping", "bash", "sh", "lldpctl" };

bool isKnownProgram(std::string_view p)
{
    return std::find(kKnownPrograms.begin(), kKnownPrograms.end(), p) != kKnownPrograms.end();
}

struct Prompt
{
    std::string host; ///< empty when the prompt does not name one
    std::string command;
};

/// "user@host:~$ cmd", "[user@host dir]# cmd", "$ cmd", "# cmd" (a known program), "PS C:\> cmd".
std::optional<Prompt> parsePrompt(std::string_view t)
{
    if (startsWith(t, "$ ") || t == "$")
        return Prompt { {}, std::string(trim(t.substr(1))) };
    if (startsWith(t, "# ")) {
        auto rest = trim(t.substr(2));
        if (isKnownProgram(programOf(rest)) || rest.find('/') != std::string_view::npos)
            return Prompt { {}, std::string(rest) };
        return std::nullopt;
    }
    if (startsWith(t, "PS ") && t.size() > 3 && (t[3] == 'C' || t[3] == 'D' || t[3] == '/' || t[3] == '~')) {
        auto gt = t.find("> ");
        if (gt != std::string_view::npos)
            return Prompt { {}, std::string(trim(t.substr(gt + 2))) };
    }
    // Network devices: "leaf1# show ...", "leaf1> show ...", "sonic# show ...".
    if (auto mark = t.find_first_of("#>"); mark != std::string_view::npos && mark > 0 && mark < 64) {
        auto name = t.substr(0, mark);
        auto rest = trim(t.substr(mark + 1));
        if (looksLikeHostName(name) && (startsWith(rest, "show ") || startsWith(rest, "sonic-cfggen")))
            return Prompt { std::string(name), std::string(rest) };
        // Junos: "user@qfx1> show ..." (operational) or "user@qfx1# show ..." (configuration mode).
        if (auto at = name.find('@'); at != std::string_view::npos && at > 0 && looksLikeHostName(name.substr(at + 1))
            && startsWith(rest, "show "))
            return Prompt { std::string(name.substr(at + 1)), std::string(rest) };
    }
    std::string_view body = t;
    bool bracket = false;
    if (!body.empty() && body.front() == '[') {
        bracket = true;
        body.remove_prefix(1);
    }
    auto at = body.find('@');
    if (at == std::string_view::npos || at == 0 || at > 32)
        return std::nullopt;
    auto user = body.substr(0, at);
    if (!std::all_of(user.begin(), user.end(), isHostChar))
        return std::nullopt;
    std::size_t i = at + 1;
    while (i < body.size() && isHostChar(body[i]))
        ++i;
    auto host = body.substr(at + 1, i - at - 1);
    if (!looksLikeHostName(host))
        return std::nullopt;
    std::size_t end = std::string_view::npos;
    if (bracket) {
        auto close = body.find(']', i);
        if (close == std::string_view::npos || close + 1 >= body.size())
            return std::nullopt;
        end = close + 1;
    } else {
        if (i >= body.size() || body[i] != ':')
            return std::nullopt;
        auto space = body.find_first_of(" \t", i);
        auto stop = space == std::string_view::npos ? body.size() : space;
        if (stop == 0)
            return std::nullopt;
        end = stop - 1;
        if (body[end] != '$' && body[end] != '#')
            return std::nullopt;
        end = stop;
        if (body[stop - 1] == '$' || body[stop - 1] == '#')
            end = stop;
        return Prompt { std::string(host), std::string(trim(body.substr(end))) };
    }
    if (end >= body.size() || (body[end] != '$' && body[end] != '#'))
        return std::nullopt;
    return Prompt { std::string(host), std::string(trim(body.substr(end + 1))) };
}

bool isFence(std::string_view t)
{
    return startsWith(t, "```") || startsWith(t, "~~~");
}

bool isEllipsis(std::string_view t)
{
    if (t.empty())
        return false;
    std::string_view s = t;
    if ((s.front() == '[' && s.back() == ']') || (s.front() == '(' && s.back() == ')'))
        s = trim(s.substr(1, s.size() - 2));
    if (s == "snip" || s == "cut" || s == "truncated" || s == "...snip..." || s == "--snip--")
        return true;
    std::size_t i = 0;
    int dots = 0;
    while (i < s.size()) {
        if (s[i] == '.') {
            ++dots;
            ++i;
        } else if (s.substr(i, 3) == "\xe2\x80\xa6") { // U+2026
            dots += 3;
            i += 3;
        } else if (s[i] == ' ') {
            ++i;
        } else {
            return false;
        }
    }
    return dots >= 3;
}

/// "## host-a", "=== host-a ===", "==> host-a <==", "**host-a**", "host-a:" alone, "Host: host-a".
std::optional<std::string> parseHeading(std::string_view raw)
{
    if (raw.empty() || raw.front() == ' ' || raw.front() == '\t')
        return std::nullopt;
    auto t = trim(raw);
    auto firstWord = [](std::string_view s) -> std::string_view {
        s = trim(s);
        auto sp = s.find_first_of(" \t(:,");
        return sp == std::string_view::npos ? s : s.substr(0, sp);
    };
    if (startsWith(t, "#")) {
        std::size_t n = 0;
        while (n < t.size() && t[n] == '#')
            ++n;
        if (n > 6 || n >= t.size() || t[n] != ' ')
            return std::nullopt;
        auto rest = trim(t.substr(n));
        if (startsWith(rest, "host ") || startsWith(rest, "Host "))
            rest = trim(rest.substr(5));
        auto w = firstWord(rest);
        if (looksLikeHostName(w) && !isKnownProgram(w))
            return std::string(w);
        return std::nullopt;
    }
    for (auto [open, close] : { std::pair { "===", "===" }, std::pair { "---", "---" }, std::pair { "==>", "<==" },
             std::pair { "**", "**" }, std::pair { "***", "***" } }) {
        std::string_view o(open), c(close);
        if (t.size() > o.size() + c.size() && startsWith(t, o) && t.substr(t.size() - c.size()) == c) {
            auto inner = trim(t.substr(o.size(), t.size() - o.size() - c.size()));
            if (inner.find_first_not_of("=-*<> ") == std::string_view::npos)
                return std::nullopt;
            if (startsWith(inner, "host ") || startsWith(inner, "Host "))
                inner = trim(inner.substr(5));
            auto w = firstWord(inner);
            if (w.size() == inner.size() || inner.find('(') != std::string_view::npos || inner.find(':') == w.size())
                if (looksLikeHostName(w))
                    return std::string(w);
            return std::nullopt;
        }
    }
    if (startsWith(t, "Host:") || startsWith(t, "host:") || startsWith(t, "Hostname:")) {
        auto w = trim(t.substr(t.find(':') + 1));
        if (looksLikeHostName(w))
            return std::string(w);
        return std::nullopt;
    }
    if (t.size() > 1 && t.back() == ':' && t.find_first_of(" \t") == std::string_view::npos) {
        auto w = t.substr(0, t.size() - 1);
        static constexpr std::array kKeys = { "port", "hca_id", "NIC statistics", "Port", "GID", "statistics", "output",
            "server", "client", "before", "after", "Before", "After", "Output", "Server", "Client" };
        if (std::find(kKeys.begin(), kKeys.end(), w) != kKeys.end() || w.find('[') != std::string_view::npos)
            return std::nullopt;
        if (looksLikeHostName(w) && !isKnownProgram(w))
            return std::string(w);
    }
    return std::nullopt;
}

struct Block
{
    std::string host;
    std::string command;
    int commandLine = 0; ///< line of the prompt, 0 when the block has none
    std::vector<Line> lines; ///< output lines, fences and ellipses left out
};

/// The value after an option in a command: "-d rxe0", "--ib-dev=rxe0", "-drxe0".
std::string optionValue(std::string_view command, std::initializer_list<std::string_view> names)
{
    auto words = splitWords(command);
    for (std::size_t i = 0; i < words.size(); ++i) {
        for (auto n : names) {
            if (words[i] == n && i + 1 < words.size())
                return std::string(words[i + 1]);
            if (startsWith(n, "--") && startsWith(words[i], n) && words[i].size() > n.size()
                && words[i][n.size()] == '=')
                return std::string(words[i].substr(n.size() + 1));
        }
    }
    return {};
}

class Importer
{
public:
    explicit Importer(std::string_view defaultHost)
        : m_defaultHost(defaultHost.empty() ? std::string("pasted") : std::string(defaultHost))
    { }

    PastedFabric run(std::string_view text);

private:
    PastedHost& host(const std::string& name, int line);
    void processBlock(const Block& block);
    void delegate(const Block& block, OutputKind kind);
    bool scanGidRow(PastedHost& h, std::string_view t, int line, std::string& device, int& port, bool record);
    bool scanSysfs(PastedHost& h, std::string_view path, std::string_view value, int line);
    void scanEthtool(PastedHost& h, const Block& block);
    bool scanRdmaStatistic(PastedHost& h, std::string_view t, int line);
    void scanIbstat(PastedHost& h, const Block& block);
    void scanTest(PastedHost& h, const Block& block, std::string_view tool);
    void mergeDevices(PastedHost& h, std::vector<RdmaDevice> devices, int line);
    void mergeNetdev(PastedHost& h, Netdev netdev, int line);
    void addCounter(PastedHost& h, const std::string& scope, std::string name, std::uint64_t value, int line);
    void noteSleep(const std::string& hostName, std::string_view command);

    std::string m_defaultHost;
    PastedFabric m_out;
    Warnings m_warnings;
    std::map<std::string, double> m_clock; ///< per host, seconds of `sleep` seen so far
    std::map<std::string, bool> m_clockKnown;
    std::map<std::string, std::map<std::string, int>> m_reads; ///< host -> scope -> reads begun
    std::map<std::string, std::map<std::string, int>> m_readBlock; ///< host -> scope -> block id of last read
    int m_blockId = 0;
};

PastedHost& Importer::host(const std::string& name, int line)
{
    for (auto& h : m_out.hosts) {
        if (h.name == name)
            return h;
    }
    PastedHost h;
    h.name = name;
    h.firstLine = line;
    m_out.hosts.push_back(std::move(h));
    return m_out.hosts.back();
}

void Importer::noteSleep(const std::string& hostName, std::string_view command)
{
    auto words = splitWords(command, " \t;&|");
    for (std::size_t i = 0; i + 1 < words.size(); ++i) {
        if (words[i] == "sleep") {
            auto n = toInt(words[i + 1]);
            if (n && *n >= 0) {
                m_clock[hostName] += *n;
                m_clockKnown[hostName] = true;
            }
        }
    }
}

void Importer::addCounter(PastedHost& h, const std::string& scope, std::string name, std::uint64_t value, int line)
{
    auto& last = m_readBlock[h.name];
    auto& reads = m_reads[h.name][scope];
    // A new block (or a repeated name within the block) starts a new read of this scope.
    bool repeated = std::any_of(h.counters.begin(), h.counters.end(),
        [&](const CounterRead& c) { return c.scope == scope && c.name == name && c.read == reads - 1; });
    if (!last.count(scope) || last[scope] != m_blockId || repeated) {
        ++reads;
        last[scope] = m_blockId;
    }
    CounterRead c;
    c.scope = scope;
    c.name = std::move(name);
    c.value = value;
    c.read = reads - 1;
    c.atSeconds = m_clock[h.name];
    c.line = line;
    h.counters.push_back(std::move(c));
}

std::optional<std::uint64_t> toU64(std::string_view s)
{
    s = trim(s);
    if (s.empty() || s.size() > 20)
        return std::nullopt;
    std::uint64_t v = 0;
    for (char c : s) {
        if (c < '0' || c > '9')
            return std::nullopt;
        auto next = v * 10 + static_cast<std::uint64_t>(c - '0');
        if (next / 10 != v)
            return std::nullopt;
        v = next;
    }
    return v;
}

/// "GID[  3]:   fe80::..., RoCE v2" anywhere on the line (grep output keeps the tabs).
bool Importer::scanGidRow(PastedHost& h, std::string_view t, int line, std::string& device, int& port, bool record)
{
    auto pos = t.find("GID[");
    if (pos == std::string_view::npos)
        return false;
    auto close = t.find(']', pos);
    if (close == std::string_view::npos)
        return false;
    auto index = toInt(trim(t.substr(pos + 4, close - pos - 4)));
    auto colon = t.find(':', close);
    if (!index || *index < 0 || *index > 65535 || colon == std::string_view::npos)
        return false;
    auto rest = trim(t.substr(colon + 1));
    auto comma = rest.find(',');
    auto gidText = trim(rest.substr(0, comma));
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
    if (comma != std::string_view::npos)
        e.type = gidTypeFromString(trim(rest.substr(comma + 1)));
    annotateGid(e);
    RdmaDevice d;
    d.name = dev;
    d.driver = driverFromDeviceName(dev);
    RdmaPort p;
    p.number = port;
    p.linkLayer = "Ethernet";
    p.gids.push_back(e);
    d.ports.push_back(std::move(p));
    d.transport = Transport::RoCE;
    h.gidLines[dev + "/" + std::to_string(port) + "/" + std::to_string(*index)] = line;
    mergeDevices(h, { std::move(d) }, line);
    return true;
}

/// A sysfs/configfs path and its value (from `grep . PATH` or `cat PATH`).
bool Importer::scanSysfs(PastedHost& h, std::string_view path, std::string_view value, int line)
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

void Importer::mergeDevices(PastedHost& h, std::vector<RdmaDevice> devices, int line)
{
    for (auto& d : devices) {
        auto it
            = std::find_if(h.devices.begin(), h.devices.end(), [&](const RdmaDevice& x) { return x.name == d.name; });
        if (it == h.devices.end()) {
            h.devices.push_back(std::move(d));
            continue;
        }
        auto fill = [](std::string& into, const std::string& from) {
            if (into.empty())
                into = from;
        };
        fill(it->driver, d.driver);
        fill(it->fwVersion, d.fwVersion);
        fill(it->nodeGuid, d.nodeGuid);
        fill(it->nodeType, d.nodeType);
        fill(it->boardId, d.boardId);
        fill(it->parentNetdev, d.parentNetdev);
        if (it->transport == Transport::Unknown)
            it->transport = d.transport;
        for (auto& p : d.ports) {
            auto pit = std::find_if(
                it->ports.begin(), it->ports.end(), [&](const RdmaPort& x) { return x.number == p.number; });
            if (pit == it->ports.end()) {
                it->ports.push_back(std::move(p));
                continue;
            }
            fill(pit->state, p.state);
            fill(pit->physState, p.physState);
            fill(pit->linkLayer, p.linkLayer);
            fill(pit->rate, p.rate);
            fill(pit->netdev, p.netdev);
            if (!pit->activeMtu)
                pit->activeMtu = p.activeMtu;
            if (!pit->maxMtu)
                pit->maxMtu = p.maxMtu;
            pit->gidTableSize = std::max(pit->gidTableSize, p.gidTableSize);
            for (auto& g : p.gids) {
                auto git = std::find_if(
                    pit->gids.begin(), pit->gids.end(), [&](const GidEntry& x) { return x.index == g.index; });
                if (git == pit->gids.end()) {
                    pit->gids.push_back(g);
                    continue;
                }
                if (git->gid.empty()) {
                    // A placeholder from gid_attrs: keep its type/netdev.
                    auto type = git->type;
                    auto netdev = git->netdev;
                    *git = g;
                    if (git->type == GidType::Unknown)
                        git->type = type;
                    if (git->netdev.empty())
                        git->netdev = netdev;
                    continue;
                }
                if (git->gid != g.gid && !g.gid.empty()) {
                    m_warnings.add(line,
                        h.name + " " + d.name + " port " + std::to_string(p.number) + " GID[" + std::to_string(g.index)
                            + "] read again with a different value (" + git->gid + " before, " + g.gid
                            + " now); the later read is used");
                    *git = g;
                    continue;
                }
                if (git->type == GidType::Unknown)
                    git->type = g.type;
                if (git->netdev.empty())
                    git->netdev = g.netdev;
                if (!git->vlanId)
                    git->vlanId = g.vlanId;
            }
            std::sort(pit->gids.begin(), pit->gids.end(),
                [](const GidEntry& a, const GidEntry& b) { return a.index < b.index; });
        }
        std::sort(it->ports.begin(), it->ports.end(),
            [](const RdmaPort& a, const RdmaPort& b) { return a.number < b.number; });
    }
}

void Importer::mergeNetdev(PastedHost& h, Netdev n, int line)
{
    if (!h.netdevLines.count(n.name))
        h.netdevLines[n.name] = line;
    auto it = std::find_if(h.netdevs.begin(), h.netdevs.end(), [&](const Netdev& x) { return x.name == n.name; });
    if (it == h.netdevs.end()) {
        h.netdevs.push_back(std::move(n));
        return;
    }
    if (!it->mtu)
        it->mtu = n.mtu;
    if (!it->ifindex)
        it->ifindex = n.ifindex;
    auto fill = [](std::string& into, const std::string& from) {
        if (into.empty())
            into = from;
    };
    fill(it->operState, n.operState);
    fill(it->mac, n.mac);
    fill(it->kind, n.kind);
    fill(it->vlanParent, n.vlanParent);
    fill(it->bondMode, n.bondMode);
    if (!it->vlanId)
        it->vlanId = n.vlanId;
    if (!it->speedMbps)
        it->speedMbps = n.speedMbps;
    for (auto& a : n.ipv4)
        if (std::find(it->ipv4.begin(), it->ipv4.end(), a) == it->ipv4.end())
            it->ipv4.push_back(a);
    for (auto& a : n.ipv6)
        if (std::find(it->ipv6.begin(), it->ipv6.end(), a) == it->ipv6.end())
            it->ipv6.push_back(a);
    if (it->egressQos.empty())
        it->egressQos = n.egressQos;
    if (it->ingressQos.empty())
        it->ingressQos = n.ingressQos;
    if (it->bondSlaves.empty())
        it->bondSlaves = n.bondSlaves;
    mergeDcb(it->dcb, n.dcb);
    if (it->dcb.source.empty())
        it->dcb.source = n.dcb.source;
}

void Importer::scanEthtool(PastedHost& h, const Block& block)
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
bool Importer::scanRdmaStatistic(PastedHost& h, std::string_view t, int line)
{
    auto words = splitWords(t);
    if (words.size() < 4 || words[0] != "link" || words[1].find('/') == std::string_view::npos)
        return false;
    std::string scope(words[1]);
    bool any = false;
    for (std::size_t i = 2; i + 1 < words.size(); i += 2) {
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

void Importer::scanIbstat(PastedHost& h, const Block& block)
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
        else if (port && k == "Link layer") {
            port->linkLayer = std::string(v);
            if (v == "Ethernet")
                dev->transport = Transport::RoCE;
            else if (v == "InfiniBand")
                dev->transport = Transport::InfiniBand;
        }
    }
    mergeDevices(h, std::move(devices), block.lines.empty() ? 0 : block.lines.front().number);
}

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
    if (has("retry counter exceeded") || has("retry_exc_err") || has("retry exceeded"))
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

void Importer::scanTest(PastedHost& h, const Block& block, std::string_view tool)
{
    TestOutcome o;
    o.tool = std::string(tool);
    o.line = block.commandLine ? block.commandLine : (block.lines.empty() ? 0 : block.lines.front().number);
    if (!block.command.empty()) {
        o.device = optionValue(block.command, { "-d", "--ib-dev" });
        if (auto x = optionValue(block.command, { "-x", "--gid-index", "-g" }); !x.empty())
            o.gidIndex = toInt(x);
        if (auto m = optionValue(block.command, { "-m", "--mtu" }); !m.empty())
            o.mtu = toInt(m);
        auto words = splitWords(block.command);
        o.rdmaCm = std::find(words.begin(), words.end(), "-R") != words.end()
            || std::find(words.begin(), words.end(), "--rdma_cm") != words.end();
    }
    enum { None, Local, Remote } addr = None;
    for (auto& l : block.lines) {
        auto t = trim(l.text);
        // perftest header lines carry two "key : value" pairs separated by tabs.
        for (auto seg : splitWords(l.text, "\t")) {
            auto kv = splitKeyValue(seg);
            if (!kv)
                continue;
            auto [k, v] = *kv;
            if (k == "Device" && o.device.empty())
                o.device = std::string(v);
            else if (k == "GID index")
                o.gidIndex = toInt(v);
            else if (k == "Mtu") {
                auto b = v.find('[');
                o.mtu = toInt(trim(v.substr(0, b)));
            } else if (k == "rdma_cm QPs")
                o.rdmaCm = v == "ON";
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
            if (!g.empty())
                (addr == Local ? o.localGid : o.remoteGid) = g;
        }
        if (o.failure.empty()) {
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
    h.tests.push_back(std::move(o));
}

bool isTestTool(std::string_view p)
{
    return startsWith(p, "ib_send_") || startsWith(p, "ib_write_") || startsWith(p, "ib_read_")
        || startsWith(p, "ib_atomic_") || p == "ibv_rc_pingpong" || p == "ibv_ud_pingpong" || p == "ibv_uc_pingpong"
        || p == "ibv_srq_pingpong" || p == "qperf" || p == "rping";
}

/// What a block without a command looks like, from its lines.
std::string guessTool(const Block& block)
{
    for (auto& l : block.lines) {
        auto t = trim(l.text);
        for (auto [title, tool] : { std::pair { "Send Latency Test", "ib_send_lat" },
                 std::pair { "Send BW Test", "ib_send_bw" }, std::pair { "RDMA_Write Latency Test", "ib_write_lat" },
                 std::pair { "RDMA_Write BW Test", "ib_write_bw" },
                 std::pair { "RDMA_Read Latency Test", "ib_read_lat" },
                 std::pair { "RDMA_Read BW Test", "ib_read_bw" } }) {
            if (t == title)
                return tool;
        }
        if (startsWith(t, "local address:  LID") || startsWith(t, "local address: LID 0x"))
            return "ibv_rc_pingpong";
    }
    return {};
}

void Importer::delegate(const Block& block, OutputKind kind)
{
    if (block.lines.empty())
        return;
    int first = block.commandLine ? block.commandLine : block.lines.front().number;
    int last = block.lines.back().number;
    std::string text;
    std::size_t li = 0;
    for (int n = first; n <= last; ++n) {
        if (n == block.commandLine && !block.command.empty())
            text += "$ " + block.command.substr(0, block.command.find_first_of(";|&"));
        while (li < block.lines.size() && block.lines[li].number < n)
            ++li;
        if (li < block.lines.size() && block.lines[li].number == n)
            text += block.lines[li].text;
        text += '\n';
    }
    auto out = parseOutput(kind, text);
    for (auto& w : out.warnings)
        m_warnings.add(w.line > 0 ? w.line + first - 1 : first, w.message);
    auto& h = host(block.host, first);
    // GID rows of an ibv_devinfo/show_gids output: record their lines.
    std::string dev;
    int port = 1;
    for (auto& l : block.lines) {
        auto t = trim(l.text);
        if (auto kv = splitKeyValue(t); kv && kv->first == "hca_id") {
            dev = std::string(kv->second);
            port = 1;
        } else if (auto number = kv && kv->first == "port" ? toInt(kv->second) : std::nullopt) {
            port = *number;
        } else if (kind == OutputKind::IbvDevinfo) {
            scanGidRow(h, t, l.number, dev, port, true);
        } else if (kind == OutputKind::ShowGids) {
            auto w = splitWords(t);
            if (w.size() >= 4 && toInt(w[1]) && toInt(w[2]) && canonicalGid(w[3]))
                h.gidLines[std::string(w[0]) + "/" + std::string(w[1]) + "/" + std::string(w[2])] = l.number;
        }
    }
    mergeDevices(h, std::move(out.devices), first);
    for (auto& n : out.netdevs) {
        if (n.name.empty()) {
            n.name = "?";
            m_warnings.add(first,
                "DCB output with no interface named (no 'dev IF' or '-i IF' in the command); kept as '?' of " + h.name);
        }
        int at = first;
        for (auto& l : block.lines) {
            auto t = l.text;
            if (t.find(": " + n.name + ":") != std::string_view::npos
                || t.find(": " + n.name + "@") != std::string_view::npos
                || t.find("\"ifname\":\"" + n.name + "\"") != std::string_view::npos) {
                at = l.number;
                break;
            }
        }
        mergeNetdev(h, std::move(n), at);
    }
}

void Importer::processBlock(const Block& block)
{
    ++m_blockId;
    int first = block.commandLine ? block.commandLine : (block.lines.empty() ? 0 : block.lines.front().number);
    auto program = programOf(block.command);
    noteSleep(block.host, block.command.substr(0, block.command.find("ethtool")));
    if (block.lines.empty())
        return;
    auto& h = host(block.host, first);
    if (isPowerShellCommand(block.command)) {
        // Format-List separates records by blank lines, which blocks leave out: put them back.
        std::vector<std::pair<int, std::string_view>> lines;
        for (std::size_t i = 0; i < block.lines.size(); ++i) {
            if (i > 0)
                for (int n = block.lines[i - 1].number + 1; n < block.lines[i].number; ++n)
                    lines.emplace_back(n, std::string_view());
            lines.emplace_back(block.lines[i].number, block.lines[i].text);
        }
        for (auto& w : parsePowerShell(block.command, lines, h.windows))
            m_warnings.add(w.line, w.message);
        return;
    }
    if (program == "lldptool" && block.command.find(" -n") != std::string::npos
        && block.command.find("-V") != std::string::npos) {
        // The neighbour's DCB TLVs are not this host's settings: not read into its DCB state.
        m_warnings.add(first, "lldptool -n -V: the peer's DCB TLV is not read (docs/diagnose.md, M6); not used");
        return;
    }
    if (isLldpCommand(block.command)) {
        std::vector<std::pair<int, std::string_view>> lines;
        lines.reserve(block.lines.size());
        for (auto& l : block.lines)
            lines.emplace_back(l.number, l.text);
        for (auto& w : parseLldp(block.command, lines, block.host, m_out.lldp))
            m_warnings.add(w.line, w.message);
        return;
    }
    if (isSwitchShowCommand(block.command)) {
        std::vector<std::pair<int, std::string_view>> lines;
        lines.reserve(block.lines.size());
        for (auto& l : block.lines)
            lines.emplace_back(l.number, l.text);
        for (auto& w : parseSwitchShow(block.command, lines, block.host, m_out.switchPorts))
            m_warnings.add(w.line, w.message);
        return;
    }
    if (program == "ethtool" && block.command.find("-S") != std::string::npos) {
        scanEthtool(h, block);
        return;
    }
    if (program == "ibstat" || (!block.lines.empty() && startsWith(trim(block.lines.front().text), "CA '"))) {
        scanIbstat(h, block);
        return;
    }
    if (program == "rdma"
        && (block.command.find(" statistic") != std::string::npos
            || block.command.find(" stat") != std::string::npos)) {
        for (auto& l : block.lines) {
            auto t = trim(l.text);
            if (!scanRdmaStatistic(h, t, l.number))
                m_warnings.add(l.number, "not an rdma statistic line: '" + excerpt(t) + "'; not used");
        }
        return;
    }
    if (isTestTool(program)) {
        scanTest(h, block, program);
        return;
    }
    if (program.empty()) {
        if (auto tool = guessTool(block); !tool.empty()) {
            scanTest(h, block, tool);
            return;
        }
        if (startsWith(trim(block.lines.front().text), "NIC statistics")) {
            scanEthtool(h, block);
            return;
        }
    }
    if (program == "date") {
        return;
    }
    // `cat FILE...` with one value per file, in order.
    if (program == "cat") {
        auto words = splitWords(block.command);
        std::vector<std::string_view> files;
        for (auto w : words)
            if (startsWith(w, "/sys/"))
                files.push_back(w);
        if (!files.empty()
            && std::none_of(files.begin(), files.end(), [](auto f) { return f.find('*') != std::string_view::npos; })) {
            std::size_t fi = 0;
            for (auto& l : block.lines) {
                auto t = trim(l.text);
                if (fi < files.size() && scanSysfs(h, files[fi].substr(1), t, l.number)) {
                    ++fi;
                    continue;
                }
                m_warnings.add(
                    l.number, "value '" + excerpt(t) + "' could not be tied to a file of the cat command; not used");
                ++fi;
            }
            return;
        }
    }
    bool hasHca = std::any_of(block.lines.begin(), block.lines.end(), [](const Line& l) {
        auto kv = splitKeyValue(trim(l.text));
        return kv && kv->first == "hca_id";
    });
    bool hasGidRows = std::any_of(block.lines.begin(), block.lines.end(),
        [](const Line& l) { return l.text.find("GID[") != std::string_view::npos; });
    if (!(hasGidRows && !hasHca)) {
        std::string text;
        for (auto& l : block.lines) {
            text += l.text;
            text += '\n';
        }
        auto kind = detectKind(block.command.empty() ? text : "$ " + block.command + "\n" + text);
        bool sysfsLines = std::any_of(
            block.lines.begin(), block.lines.end(), [](const Line& l) { return startsWith(trim(l.text), "/sys/"); });
        if (kind != OutputKind::Unknown && !sysfsLines) {
            delegate(block, kind);
            return;
        }
    }
    // Line by line: GID rows, sysfs `grep .` lines, rdma statistic lines.
    std::string device = optionValue(block.command, { "-d", "--ib-dev" });
    int port = 1;
    if (auto p = toInt(optionValue(block.command, { "-i", "--ib-port" })))
        port = *p;
    for (auto& l : block.lines) {
        auto t = trim(l.text);
        if (t.empty())
            continue;
        if (auto kv = splitKeyValue(t); kv && kv->first == "hca_id") {
            device = std::string(kv->second);
            port = 1;
            continue;
        } else if (auto number = kv && kv->first == "port" ? toInt(kv->second) : std::nullopt) {
            port = *number;
            continue;
        } else if (kv
            && (kv->first == "state" || kv->first == "phys_state" || kv->first == "active_mtu" || kv->first == "max_mtu"
                || kv->first == "link_layer")) {
            // Port lines grepped out of ibv_devinfo beside the GID rows.
            RdmaDevice d;
            d.name = device.empty() ? std::string("?") : device;
            d.driver = driverFromDeviceName(d.name);
            RdmaPort p;
            p.number = port;
            auto v = kv->second;
            auto firstWord = v.substr(0, v.find_first_of(" \t"));
            if (kv->first == "state")
                p.state = normalizePortState(v);
            else if (kv->first == "phys_state")
                p.physState = normalizePhysState(v);
            else if (kv->first == "active_mtu")
                p.activeMtu = toInt(firstWord);
            else if (kv->first == "max_mtu")
                p.maxMtu = toInt(firstWord);
            else
                p.linkLayer = std::string(v);
            d.ports.push_back(std::move(p));
            mergeDevices(h, { std::move(d) }, l.number);
            continue;
        }
        if (scanGidRow(h, t, l.number, device, port, false))
            continue;
        if (startsWith(t, "/sys/")) {
            auto colon = t.find(':');
            if (colon != std::string_view::npos && scanSysfs(h, t.substr(1, colon - 1), t.substr(colon + 1), l.number))
                continue;
        }
        if (scanRdmaStatistic(h, t, l.number))
            continue;
        m_warnings.add(l.number, "could not place this line (" + excerpt(t) + "); not used");
    }
}

PastedFabric Importer::run(std::string_view text)
{
    auto lines = prepareLines(text, m_warnings);
    std::string currentHost = m_defaultHost;
    Block block;
    block.host = currentHost;
    auto flush = [&]() {
        if (!block.lines.empty() || !block.command.empty())
            processBlock(block);
        block = Block {};
        block.host = currentHost;
    };
    for (auto& l : lines) {
        auto t = trim(l.text);
        if (isFence(t)) {
            flush();
            continue;
        }
        if (isEllipsis(t))
            continue;
        if (auto prompt = parsePrompt(t)) {
            flush();
            if (!prompt->host.empty())
                currentHost = prompt->host;
            block.host = currentHost;
            block.command = prompt->command;
            block.commandLine = l.number;
            continue;
        }
        // Switch outputs have "Ethernet2:" sections and "## ..." comments: inside them only the framed heading
        // forms ("=== host ===", "**host**") start another host.
        bool switchBlock
            = !block.command.empty() && (isSwitchShowCommand(block.command) || isLldpCommand(block.command));
        if (auto heading
            = switchBlock && !startsWith(t, "==") && !startsWith(t, "**") ? std::nullopt : parseHeading(l.text)) {
            flush();
            currentHost = *heading;
            block.host = currentHost;
            continue;
        }
        if (t.empty()) {
            // A blank line ends a command-less block only when what follows is clearly new (handled by the
            // kind detection of each block); inside one command's output it is kept.
            if (block.command.empty() && !block.lines.empty())
                flush();
            continue;
        }
        if (startsWith(t, "rc=") && isTranscriptNoise(t))
            continue;
        block.lines.push_back(l);
    }
    flush();
    // Hosts the text named but said nothing readable about (a greeting before the first heading) are left out.
    std::erase_if(m_out.hosts, [](const PastedHost& h) {
        return h.devices.empty() && h.netdevs.empty() && h.rdmaCm.empty() && h.counters.empty() && h.tests.empty()
            && !h.windows.any();
    });
    // Counter reads carry a time only when the paste said how far apart they were.
    for (auto& h : m_out.hosts) {
        if (!m_clockKnown[h.name]) {
            for (auto& c : h.counters)
                c.atSeconds.reset();
        }
        for (auto& d : h.devices) {
            for (auto& p : d.ports)
                flagDuplicates(p.gids);
        }
    }
    m_out.warnings = m_warnings.take();
    return std::move(m_out);
}

} // namespace

PastedFabric importFragments(std::string_view text, std::string_view defaultHost)
{
    return Importer(defaultHost).run(text);
}

} // namespace rp

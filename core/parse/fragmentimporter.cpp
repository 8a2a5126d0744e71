// SPDX-License-Identifier: GPL-3.0-or-later
// The fragment importer's walk (see fragmentimporter.h): blocks from lines, each block to its reader, the
// results merged per host. Hand-written scanning, no std::regex: lines may be 16 KiB of hostile text.
#include "parse/fragmentimporter.h"

#include "parse/applog.h"
#include "parse/fragmentlines.h"
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
#include <optional>

namespace rp::fragment_detail {

using namespace parse_detail;

namespace {

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

} // namespace

PastedHost& FragmentImporter::host(const std::string& name, int line)
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

void FragmentImporter::noteSleep(const std::string& hostName, std::string_view command)
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

void FragmentImporter::addCounter(
    PastedHost& h, const std::string& scope, std::string name, std::uint64_t value, int line)
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

void FragmentImporter::mergeDevices(PastedHost& h, std::vector<RdmaDevice> devices, int line)
{
    for (auto& d : devices) {
        // A port whose link layer the paste leaves out (ibstat cut short, ibv_devices) is told by rdma-core's stable
        // name when it has one.
        if (d.transport == Transport::Unknown)
            d.transport = transportFromStableName(d.name);
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
        it->openedByVerbs = it->openedByVerbs || d.openedByVerbs;
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
            if (!pit->lid)
                pit->lid = p.lid;
            pit->gidTableSize = std::max(pit->gidTableSize, p.gidTableSize);
            pit->gidsUnlisted = pit->gidsUnlisted && p.gidsUnlisted;
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

void FragmentImporter::mergeNetdev(PastedHost& h, Netdev n, int line)
{
    if (!h.netdevLines.count(n.name))
        h.netdevLines[n.name] = line;
    if (!h.netdevBlocks.count(n.name))
        h.netdevBlocks[n.name] = m_blockId;
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

/// `ibv_devices` that prints its header and no row says what "No IB devices found" says, only by its silence: the
/// header becomes the same no-device fact, so the troubleshooter answers it.
void FragmentImporter::noteEmptyDeviceList(PastedHost& h, const Block& block)
{
    const Line* header = nullptr;
    for (const auto& l : block.lines) {
        auto t = trim(l.text);
        if (t.empty() || t.find_first_not_of("- \t") == std::string_view::npos)
            continue;
        auto words = splitWords(t);
        if (words.size() >= 2 && words[0] == "device" && t.find("GUID") != std::string_view::npos && !header) {
            header = &l;
            continue;
        }
        return; // a device row (or something else): not an empty list
    }
    if (!header)
        return;
    AppLogEvent e;
    e.family = "verbs";
    e.kind = "no-device";
    e.text = "ibv_devices: an empty device list (header only)";
    e.line = header->number;
    h.appLog.push_back(std::move(e));
}

void FragmentImporter::delegate(const Block& block, OutputKind kind)
{
    if (block.lines.empty())
        return;
    int first = block.commandLine ? block.commandLine : block.lines.front().number;
    int last = block.lines.back().number;
    // The output as its parser expects it, one line per paste line (blank where the block left one out), and
    // the paste line of each: a line split by repairLines() gives several.
    std::string text;
    std::vector<int> origin;
    std::size_t li = 0;
    for (int n = first; n <= last; ++n) {
        bool any = false;
        if (n == block.commandLine && !block.command.empty()) {
            text += "$ " + block.command.substr(0, block.command.find_first_of(";|&")) + '\n';
            origin.push_back(n);
            any = true;
        }
        while (li < block.lines.size() && block.lines[li].number < n)
            ++li;
        for (; li < block.lines.size() && block.lines[li].number == n; ++li) {
            text += block.lines[li].text;
            text += '\n';
            origin.push_back(n);
            any = true;
        }
        if (!any) {
            text += '\n';
            origin.push_back(n);
        }
    }
    auto out = parseOutput(kind, text);
    for (auto& w : out.warnings)
        m_warnings.add(w.line > 0 && static_cast<std::size_t>(w.line) <= origin.size()
                ? origin[static_cast<std::size_t>(w.line) - 1]
                : first,
            w.message);
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
            else if (out.devices.empty() && w.size() == 1 && w[0] == "n_gids_found=0")
                h.noGidsLine = l.number;
        }
    }
    // `rdma link` and `rdma dev` list no GIDs: an empty table here says nothing about the port's.
    if (kind == OutputKind::RdmaLink || kind == OutputKind::RdmaDev)
        for (auto& d : out.devices)
            for (auto& p : d.ports)
                p.gidsUnlisted = p.gids.empty();
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

/// `rdma system show`: "netns shared copy-on-fork on" (iproute2 5.x) says whether an RDMA device can be seen from
/// every network namespace (shared) or only from the one it was moved to (exclusive). An iproute2 older than the
/// command answers "Unknown object 'system'".
void FragmentImporter::scanRdmaSystem(PastedHost& h, const Block& block)
{
    for (const auto& l : block.lines) {
        const auto t = trim(l.text);
        const auto words = splitWords(t);
        auto netns = std::find(words.begin(), words.end(), "netns");
        if (netns != words.end() && netns + 1 != words.end() && (netns[1] == "shared" || netns[1] == "exclusive")) {
            AppLogEvent e;
            e.family = "rdma";
            e.kind = "rdma-netns";
            e.settingValue = std::string(netns[1]);
            e.text = printable(t, 197);
            e.line = l.number;
            h.appLog.push_back(std::move(e));
        } else if (startsWith(t, "Unknown object")) {
            m_warnings.add(l.number,
                excerpt(t)
                    + ": this iproute2 is too old for `rdma system` (the RDMA netns mode is not shown); not used");
        } else {
            m_warnings.add(l.number, "not an rdma system line: '" + excerpt(t) + "'; not used");
        }
    }
}

/// `ls /sys/class/infiniband` (the RDMA devices the kernel shows here) and `ls /dev/infiniband` (the character
/// devices this container or host may open: uverbsN, umadN, rdma_cm ...), plain or `ls -l`. Each becomes one fact
/// with the names in paste order, so the rules can compare the two lists of one host. False for any other `ls`.
bool FragmentImporter::scanDeviceListing(PastedHost& h, const Block& block)
{
    std::string_view dir;
    for (auto w : splitWords(block.command)) {
        while (w.size() > 1 && w.back() == '/')
            w.remove_suffix(1);
        if (w == "/sys/class/infiniband" || w == "/dev/infiniband")
            dir = w;
        else if (!startsWith(w, "-") && w != "ls" && !dir.empty())
            return false; // a second path: the listing would mix them
    }
    if (dir.empty())
        return false;
    std::string names;
    int first = 0;
    for (const auto& l : block.lines) {
        const auto t = trim(l.text);
        const auto words = splitWords(t);
        if (words.empty() || (words.size() == 2 && words[0] == "total"))
            continue;
        // `ls -l`: the name is the last word, or the one before "->" of a symbolic link.
        std::vector<std::string_view> taken;
        if (t.front() == 'l' || t.front() == 'c' || t.front() == 'd' || t.front() == '-') {
            const auto arrow = std::find(words.begin(), words.end(), "->");
            if (words.size() >= 6)
                taken.push_back(arrow != words.end() && arrow != words.begin() ? arrow[-1] : words.back());
        } else {
            taken.assign(words.begin(), words.end());
        }
        bool ok = !taken.empty();
        for (auto name : taken)
            ok = ok && name.size() <= 64 && std::all_of(name.begin(), name.end(), [](char c) {
                return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '-' || c == '.';
            });
        if (!ok) {
            m_warnings.add(l.number, "not a name of " + std::string(dir) + ": '" + excerpt(t) + "'; not used");
            continue;
        }
        for (auto name : taken)
            names += (names.empty() ? "" : " ") + std::string(name);
        first = first ? first : l.number;
    }
    AppLogEvent e;
    e.family = "ls";
    e.kind = dir == "/dev/infiniband" ? "dev-nodes" : "sysfs-devices";
    e.setting = std::string(dir);
    e.settingValue = names;
    e.text = printable("ls " + std::string(dir) + ": " + (names.empty() ? std::string("(empty)") : names), 197);
    e.line = block.commandLine ? block.commandLine : first;
    h.appLog.push_back(std::move(e));
    return true;
}

/// fi_info prints "fi_getinfo: -61" and exits when no provider offers an endpoint; pastes often keep the number
/// alone ("-61"). Such a line is the whole answer of the command: it becomes the fact, the other lines go on as usual.
bool FragmentImporter::takeFiInfoStatus(PastedHost& h, const Block& block)
{
    Block rest;
    rest.host = block.host;
    rest.command = block.command;
    rest.commandLine = block.commandLine;
    bool taken = false;
    for (const auto& l : block.lines) {
        auto t = trim(l.text);
        if (startsWith(t, "fi_getinfo:"))
            t = trim(t.substr(11));
        const auto word = t.substr(0, t.find(' '));
        const auto number
            = word.size() > 1 && word.size() < 6 && word.front() == '-' && (word == t || t[word.size() + 1] == '(')
            ? toInt(word.substr(1))
            : std::nullopt;
        if (!number) {
            rest.lines.push_back(l);
            continue;
        }
        AppLogEvent e;
        e.family = "libfabric";
        e.kind = *number == 61 ? "no-device" : "other-error";
        e.driver = "libfabric";
        e.errnoValue = number;
        e.text = printable("fi_info (" + std::string(trim(block.command)).substr(0, 120) + "): fi_getinfo "
                + std::string(trim(l.text)),
            197);
        e.line = l.number;
        h.appLog.push_back(std::move(e));
        taken = true;
    }
    if (!taken)
        return false;
    if (!rest.lines.empty())
        processBlock(rest); // the command's own settings (-p efa) are read with the rest
    else
        for (auto& e : commandEvents(block.command, block.commandLine, false))
            h.appLog.push_back(std::move(e));
    return true;
}

void FragmentImporter::processBlock(const Block& block)
{
    ++m_blockId;
    int first = block.commandLine ? block.commandLine : (block.lines.empty() ? 0 : block.lines.front().number);
    auto program = programOf(block.command);
    noteSleep(block.host, block.command.substr(0, block.command.find("ethtool")));
    if (block.lines.empty()) {
        // A command pasted without its output (the paste was cut, or the question is about the command): what it
        // was told to use is still a fact.
        auto events = commandEvents(block.command, block.commandLine, true);
        if (!events.empty()) {
            auto& h = host(block.host, first);
            for (auto& e : events)
                h.appLog.push_back(std::move(e));
        }
        return;
    }
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
        // dmesg or a log pasted right under the output, without a prompt of its own: not ibstat's lines.
        Block rest;
        scanIbstat(h, takeAppLog(h, block, rest) ? rest : block);
        return;
    }
    if (program == "rdma"
        && (block.command.find(" statistic") != std::string::npos
            || block.command.find(" stat") != std::string::npos)) {
        std::string scope;
        for (auto& l : block.lines) {
            auto t = trim(l.text);
            if (!scanRdmaStatistic(h, t, l.number, scope))
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
    if (program == "fi_info" && takeFiInfoStatus(h, block))
        return;
    if (program == "ls" && scanDeviceListing(h, block))
        return;
    if (program == "rdma" && block.command.find(" sys") != std::string::npos) {
        scanRdmaSystem(h, block);
        return;
    }
    if (program == "ibstatus" || startsWith(trim(block.lines.front().text), "Infiniband device '")) {
        Block rest;
        scanIbstatus(h, takeAppLog(h, block, rest) ? rest : block);
        return;
    }
    if (program == "rxe_cfg") {
        scanRxeCfg(h, block);
        return;
    }
    // `cat FILE...` with one value per file, in order.
    if (program == "cat") {
        auto words = splitWords(block.command);
        std::vector<std::string_view> files;
        for (auto w : words)
            if (startsWith(w, "/sys/"))
                files.push_back(w);
        if (files.size() == 1
            && files.front().substr(files.front().rfind('/')).find_first_of("*{[") != std::string_view::npos
            && scanCatPattern(h, block, files.front()))
            return;
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
    // Application log lines (NCCL, UCX, ...) come out first: amid another command's output they would spoil it
    // for its parser, and none of the readers below knows them.
    // `$ UCX_IB_GID_INDEX=3 ucx_perftest ...`, `mpirun -x NCCL_IB_GID_INDEX=3 ...`: the settings on the command line
    // are what the run used, as much as an `env` dump would say.
    // A test tool's own options are read with its output (scanTest), not here.
    for (auto& e : commandEvents(block.command, block.commandLine, false))
        h.appLog.push_back(std::move(e));
    Block withoutSwitchLog;
    const Block& own = takeSwitchLog(block, withoutSwitchLog) ? withoutSwitchLog : block;
    Block rest;
    const Block& body = takeAppLog(h, own, rest) ? rest : own;
    if (body.lines.empty())
        return;
    bool hasHca = std::any_of(body.lines.begin(), body.lines.end(), [](const Line& l) {
        auto kv = splitKeyValue(trim(l.text));
        return kv && kv->first == "hca_id";
    });
    bool hasGidRows = std::any_of(body.lines.begin(), body.lines.end(),
        [](const Line& l) { return l.text.find("GID[") != std::string_view::npos; });
    if (!(hasGidRows && !hasHca)) {
        std::string text;
        for (auto& l : body.lines) {
            text += l.text;
            text += '\n';
        }
        auto kind = detectKind(body.command.empty() ? text : "$ " + body.command + "\n" + text);
        bool sysfsLines = std::any_of(
            body.lines.begin(), body.lines.end(), [](const Line& l) { return startsWith(trim(l.text), "/sys/"); });
        if (kind != OutputKind::Unknown && !sysfsLines) {
            if (kind == OutputKind::IbvDevices)
                noteEmptyDeviceList(h, body);
            delegate(body, kind);
            return;
        }
    }
    // Line by line: GID rows, sysfs `grep .` lines, rdma statistic lines.
    std::string device = optionValue(body.command, { "-d", "--ib-dev" });
    int port = 1;
    if (auto p = toInt(optionValue(body.command, { "-i", "--ib-port" })))
        port = *p;
    std::optional<GidTableHeader> table;
    std::string statisticScope;
    for (auto& l : body.lines) {
        auto t = trim(l.text);
        if (t.empty())
            continue;
        if (t.find_first_not_of("-=: \t|+") == std::string_view::npos)
            continue; // a table's underline
        if (auto header = readGidTableHeader(l.text)) {
            table = std::move(header);
            continue;
        }
        if (table && scanGidTableRow(h, *table, l.text, l.number, device, port))
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
            p.gidsUnlisted = true;
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
        if (scanRdmaStatistic(h, t, l.number, statisticScope))
            continue;
        m_warnings.add(l.number, "could not place this line (" + excerpt(t) + "); not used");
    }
}

namespace {

/// Markdown tables (`| mlx5_0 | 1 | 3 | ... |`, what chat and issue trackers render show_gids into) as the
/// tab-separated columns of the output they hold; a `|---|---|` rule becomes `---`, so every line keeps its number.
/// Nothing when the text holds no such table.
std::optional<std::string> markdownTablesAsColumns(std::string_view text)
{
    std::string out;
    bool changed = false;
    for (std::string_view rest = text; !rest.empty();) {
        const auto nl = rest.find('\n');
        const auto line = rest.substr(0, nl);
        rest.remove_prefix(nl == std::string_view::npos ? rest.size() : nl + 1);
        const auto t = trim(line);
        if (t.size() >= 3 && t.front() == '|' && t.back() == '|' && std::count(t.begin(), t.end(), '|') >= 3) {
            changed = true;
            if (t.find_first_not_of("|-: \t") != std::string_view::npos) {
                // Cell by cell: an empty cell (show_gids' IPv4 of a link-local GID) stays an empty field.
                auto cells = t.substr(1, t.size() - 2);
                for (bool first = true;; first = false) {
                    const auto bar = cells.find('|');
                    if (!first)
                        out += '\t';
                    out += trim(cells.substr(0, bar));
                    if (bar == std::string_view::npos)
                        break;
                    cells.remove_prefix(bar + 1);
                }
            } else
                out += "---"; // the rule under the header: kept as an underline, so the table stays one block
        } else {
            out += line;
        }
        if (nl != std::string_view::npos)
            out += '\n';
    }
    if (!changed)
        return std::nullopt;
    return out;
}

} // namespace

PastedFabric FragmentImporter::run(std::string_view text)
{
    if (auto columns = markdownTablesAsColumns(text)) {
        m_text = std::move(*columns);
        text = m_text;
    }
    auto lines = repairLines(prepareLines(text, m_warnings), m_repaired, m_warnings);
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
        bool switchBlock = !block.command.empty() && !block.implied
            && (isSwitchShowCommand(block.command) || isLldpCommand(block.command));
        if (auto heading
            = switchBlock && !startsWith(t, "==") && !startsWith(t, "**") ? std::nullopt : parseHeading(l.text)) {
            flush();
            currentHost = *heading;
            block.host = currentHost;
            continue;
        }
        if (block.command.empty()) {
            if (auto implied = impliedSwitchCommand(t); !implied.empty()) {
                flush();
                block.command = std::move(implied);
                block.implied = true;
            }
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
        // An output that names its tool by its first line starts a block of its own: the sentence above it ("PC1's
        // ibstat:") or another command's output would otherwise hide it from its reader. Its next device or
        // interface stays in it.
        if (!block.lines.empty() && !outputHead(t).empty()) {
            auto head = outputHead(trim(block.lines.front().text));
            if (head.empty() && !block.command.empty())
                head = programOf(block.command);
            if (head != outputHead(t))
                flush();
        }
        block.lines.push_back(l);
    }
    flush();
    // Hosts the text named but said nothing readable about (a greeting before the first heading) are left out.
    std::erase_if(m_out.hosts, [](const PastedHost& h) {
        return h.devices.empty() && h.netdevs.empty() && h.rdmaCm.empty() && h.counters.empty() && h.tests.empty()
            && !h.windows.any() && h.appLog.empty();
    });
    noteAppLogWithoutFacts();
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

} // namespace rp::fragment_detail

// SPDX-License-Identifier: GPL-3.0-or-later
#include "discovery/discover.h"

#include "discovery/snapshot.h"
#include "parse/gid.h"
#include "parse/parsers.h"
#include "util/text.h"

#include <algorithm>
#include <charconv>
#include <chrono>
#include <mutex>
#include <set>

namespace rp {
namespace {

constexpr std::string_view kIbRoot = "/sys/class/infiniband/";
constexpr std::string_view kNetRoot = "/sys/class/net/";

std::string fileValue(const Snapshot& snap, const std::string& path)
{
    const auto* value = snap.file(path);
    return value ? std::string(trim(*value)) : std::string();
}

/// "4: ACTIVE" -> "ACTIVE"; "5: LinkUp" -> "LinkUp".
std::string afterColon(const std::string& text)
{
    auto colon = text.find(':');
    return colon == std::string::npos ? text : std::string(trim(std::string_view(text).substr(colon + 1)));
}

/// Child names directly below `prefix` ("/sys/class/infiniband/" -> {"mlx5_0", "rxe0"}), from the file keys.
std::vector<std::string> childNames(const Snapshot& snap, const std::string& prefix)
{
    std::set<std::string> names;
    for (auto it = snap.files.lower_bound(prefix); it != snap.files.end() && startsWith(it->first, prefix); ++it) {
        auto rest = std::string_view(it->first).substr(prefix.size());
        auto slash = rest.find('/');
        names.emplace(rest.substr(0, slash));
    }
    return { names.begin(), names.end() };
}

std::string providerFromPciDriver(const std::string& linkTarget)
{
    auto slash = linkTarget.rfind('/');
    auto pci = slash == std::string::npos ? linkTarget : linkTarget.substr(slash + 1);
    // The PCI driver names the Ethernet function; the RDMA provider that sits on it has its own name.
    static const std::vector<std::pair<std::string_view, std::string_view>> map = {
        { "mlx5_core", "mlx5" },
        { "mlx4_core", "mlx4" },
        { "bnxt_en", "bnxt_re" },
        { "ice", "irdma" },
        { "i40e", "irdma" },
        { "qede", "qedr" },
        { "hns3", "hns" },
        { "efa", "efa" },
        { "ionic", "ionic" },
        { "erdma", "erdma" },
        { "mana", "mana" },
        { "vmw_pvrdma", "vmw_pvrdma" },
        { "cxgb4", "cxgb4" },
    };
    for (auto [from, to] : map) {
        if (pci == from)
            return std::string(to);
    }
    return pci;
}

void addNote(HostFacts& facts, HostNote::Severity severity, std::string code, std::string message)
{
    facts.notes.push_back(HostNote { severity, std::move(code), std::move(message) });
}

Netdev& netdevNamed(HostFacts& facts, const std::string& name)
{
    auto it = std::ranges::find(facts.netdevs, name, &Netdev::name);
    if (it != facts.netdevs.end())
        return *it;
    facts.netdevs.push_back(Netdev { .name = name });
    return facts.netdevs.back();
}

void readNetdevs(const Snapshot& snap, HostFacts& facts)
{
    for (const auto& name : childNames(snap, std::string(kNetRoot))) {
        if (!validateInterfaceName(name)) {
            addNote(facts, HostNote::Severity::Warning, "netdev.bad-name",
                "ignored a network interface with a name that is not safe to use in commands");
            continue;
        }
        auto base = std::string(kNetRoot) + name + "/";
        auto& dev = netdevNamed(facts, name);
        dev.mtu = toInt(fileValue(snap, base + "mtu"));
        dev.ifindex = toInt(fileValue(snap, base + "ifindex"));
        auto oper = fileValue(snap, base + "operstate");
        std::ranges::transform(oper, oper.begin(), [](unsigned char c) { return static_cast<char>(std::toupper(c)); });
        dev.operState = oper;
        dev.mac = fileValue(snap, base + "address");
        if (auto speed = toInt(fileValue(snap, base + "speed")); speed && *speed > 0)
            dev.speedMbps = speed;
        if (const auto* slaves = snap.file(base + "bonding/slaves")) {
            dev.kind = "bond";
            for (auto part = std::string_view(*slaves); !part.empty();) {
                auto space = part.find_first_of(" \n");
                auto slave = trim(part.substr(0, space));
                if (!slave.empty() && validateInterfaceName(slave))
                    dev.bondSlaves.emplace_back(slave);
                if (space == std::string_view::npos)
                    break;
                part.remove_prefix(space + 1);
            }
            auto mode = fileValue(snap, base + "bonding/mode");
            dev.bondMode = mode.substr(0, mode.find(' '));
        }
    }
    if (const auto* section = snap.section("ip-addr"); section && section->exitStatus != 0)
        // Without this note a failed dump would read as a host without addresses.
        addNote(facts, HostNote::Severity::Warning, "ip-addr.failed",
            "ip -d -j addr show failed three times (exit " + std::to_string(section->exitStatus)
                + "): the addresses of this host are unknown, not absent");
    if (const auto* section = snap.section("ip-addr"); section && section->exitStatus == 0) {
        auto parsed = parseIpAddrJson(section->text);
        for (const auto& w : parsed.warnings)
            addNote(facts, HostNote::Severity::Warning, "parse.ip-addr",
                "ip -j addr, line " + std::to_string(w.line) + ": " + w.message);
        for (auto& from : parsed.value) {
            if (!validateInterfaceName(from.name))
                continue;
            auto& dev = netdevNamed(facts, from.name);
            dev.ipv4 = from.ipv4;
            dev.ipv6 = from.ipv6;
            if (!from.kind.empty() && dev.kind.empty())
                dev.kind = from.kind;
            if (from.vlanId)
                dev.vlanId = from.vlanId;
            if (!from.vlanParent.empty())
                dev.vlanParent = from.vlanParent;
            if (!from.egressQos.empty())
                dev.egressQos = from.egressQos;
            if (!from.ingressQos.empty())
                dev.ingressQos = from.ingressQos;
            if (!dev.mtu)
                dev.mtu = from.mtu;
            if (dev.operState.empty())
                dev.operState = from.operState;
            if (dev.mac.empty())
                dev.mac = from.mac;
            if (dev.bondMode.empty())
                dev.bondMode = from.bondMode;
        }
    }
    // /proc/net/vlan/config: "vethA.2        | 2  | vethA"; the per-VLAN files carry the priority maps.
    if (const auto* config = snap.file("/proc/net/vlan/config")) {
        for (auto line : splitLines(*config)) {
            auto bar1 = line.find('|');
            auto bar2 = bar1 == std::string_view::npos ? bar1 : line.find('|', bar1 + 1);
            if (bar2 == std::string_view::npos)
                continue;
            auto name = std::string(trim(line.substr(0, bar1)));
            auto vid = toInt(trim(line.substr(bar1 + 1, bar2 - bar1 - 1)));
            auto parent = std::string(trim(line.substr(bar2 + 1)));
            if (!vid || !validateInterfaceName(name) || !validateInterfaceName(parent))
                continue;
            auto& dev = netdevNamed(facts, name);
            dev.kind = "vlan";
            dev.vlanId = vid;
            dev.vlanParent = parent;
        }
    }
    for (auto& dev : facts.netdevs) {
        const auto* vlanFile = snap.file("/proc/net/vlan/" + dev.name);
        if (!vlanFile)
            continue;
        auto parsed = parseProcNetVlan(*vlanFile);
        if (parsed.value.vlanId)
            dev.vlanId = parsed.value.vlanId;
        if (dev.egressQos.empty())
            dev.egressQos = parsed.value.egressQos;
        if (dev.ingressQos.empty())
            dev.ingressQos = parsed.value.ingressQos;
        if (dev.kind.empty())
            dev.kind = "vlan";
    }
    std::ranges::sort(facts.netdevs, {}, &Netdev::name);
}

void readDevices(const Snapshot& snap, HostFacts& facts)
{
    for (const auto& name : childNames(snap, std::string(kIbRoot))) {
        if (!validateRdmaDeviceName(name)) {
            addNote(facts, HostNote::Severity::Warning, "rdma.bad-name",
                "ignored an RDMA device with a name that is not safe to use in commands");
            continue;
        }
        auto base = std::string(kIbRoot) + name + "/";
        RdmaDevice dev;
        dev.name = name;
        dev.nodeGuid = fileValue(snap, base + "node_guid");
        dev.fwVersion = fileValue(snap, base + "fw_ver");
        dev.nodeType = afterColon(fileValue(snap, base + "node_type"));
        dev.boardId = fileValue(snap, base + "board_id");
        dev.parentNetdev = fileValue(snap, base + "parent");
        dev.driver = driverFromDeviceName(name);
        if (auto link = snap.driverLinks.find(name); dev.driver.empty() && link != snap.driverLinks.end())
            dev.driver = providerFromPciDriver(link->second);

        auto portsPrefix = base + "ports/";
        for (const auto& portName : childNames(snap, portsPrefix)) {
            auto number = toInt(portName);
            if (!number || *number < 0 || *number > 255)
                continue;
            auto pbase = portsPrefix + portName + "/";
            RdmaPort port;
            port.number = *number;
            port.state = afterColon(fileValue(snap, pbase + "state"));
            port.physState = afterColon(fileValue(snap, pbase + "phys_state"));
            port.linkLayer = fileValue(snap, pbase + "link_layer");
            port.rate = fileValue(snap, pbase + "rate");
            for (const auto& slot : childNames(snap, pbase + "gids/")) {
                auto index = toInt(slot);
                if (!index || *index < 0 || *index > 65535)
                    continue;
                ++port.gidTableSize;
                auto canonical = canonicalGid(fileValue(snap, pbase + "gids/" + slot));
                if (!canonical) {
                    addNote(facts, HostNote::Severity::Warning, "gid.unreadable",
                        name + " port " + portName + ": GID slot " + slot + " holds no valid GID");
                    continue;
                }
                GidEntry gid;
                gid.index = *index;
                gid.gid = *canonical;
                annotateGid(gid);
                if (gid.zero)
                    continue; // empty slot: normal, counted in gidTableSize only
                gid.type = gidTypeFromString(fileValue(snap, pbase + "gid_attrs/types/" + slot));
                auto ndev = fileValue(snap, pbase + "gid_attrs/ndevs/" + slot);
                if (validateInterfaceName(ndev))
                    gid.netdev = ndev;
                port.gids.push_back(std::move(gid));
            }
            flagDuplicates(port.gids);
            dev.ports.push_back(std::move(port));
        }
        std::ranges::sort(dev.ports, {}, &RdmaPort::number);
        facts.devices.push_back(std::move(dev));
    }
}

void applyVerbsAndLinks(const Snapshot& snap, HostFacts& facts)
{
    auto findPort = [&](const std::string& device, int number) -> RdmaPort* {
        auto dev = std::ranges::find(facts.devices, device, &RdmaDevice::name);
        if (dev == facts.devices.end())
            return nullptr;
        auto port = std::ranges::find(dev->ports, number, &RdmaPort::number);
        return port == dev->ports.end() ? nullptr : &*port;
    };
    if (const auto* section = snap.section("ibv_devinfo")) {
        auto parsed = parseIbvDevinfo(section->text);
        for (const auto& vdev : parsed.value) {
            auto dev = std::ranges::find(facts.devices, vdev.name, &RdmaDevice::name);
            if (dev == facts.devices.end())
                continue;
            if (dev->fwVersion.empty())
                dev->fwVersion = vdev.fwVersion;
            if (dev->transport == Transport::Unknown)
                dev->transport = vdev.transport;
            for (const auto& vport : vdev.ports) {
                if (auto* port = findPort(vdev.name, vport.number)) {
                    port->activeMtu = vport.activeMtu;
                    port->maxMtu = vport.maxMtu;
                }
            }
        }
    }
    if (const auto* section = snap.section("rdma-link"); section && section->exitStatus == 0) {
        auto parsed = parseRdmaLink(section->text);
        for (const auto& ldev : parsed.value) {
            for (const auto& lport : ldev.ports) {
                auto* port = findPort(ldev.name, lport.number);
                if (port && !lport.netdev.empty() && validateInterfaceName(lport.netdev))
                    port->netdev = lport.netdev;
            }
        }
    }
    for (auto& dev : facts.devices) {
        // node_type "4: RNIC" is how the kernel names an iWARP device; CA + Ethernet is RoCE.
        bool ethernet = std::ranges::any_of(dev.ports, [](const RdmaPort& p) { return p.linkLayer == "Ethernet"; });
        if (dev.nodeType == "RNIC")
            dev.transport = Transport::IWarp;
        else if (dev.transport == Transport::Unknown || dev.transport == Transport::InfiniBand)
            dev.transport = ethernet ? Transport::RoCE : dev.ports.empty() ? dev.transport : Transport::InfiniBand;
        auto netdevs = snap.deviceNetdevs.find(dev.name);
        for (auto& port : dev.ports) {
            if (!port.netdev.empty())
                continue;
            if (netdevs != snap.deviceNetdevs.end() && netdevs->second.size() == dev.ports.size()
                && static_cast<std::size_t>(port.number) <= netdevs->second.size() && port.number > 0)
                port.netdev = netdevs->second[static_cast<std::size_t>(port.number - 1)];
            else if (!dev.parentNetdev.empty())
                port.netdev = dev.parentNetdev;
            else {
                for (const auto& gid : port.gids) {
                    const auto* nd = facts.netdev(gid.netdev);
                    if (nd && !nd->vlanId) {
                        port.netdev = gid.netdev;
                        break;
                    }
                }
            }
            if (!port.netdev.empty() && !validateInterfaceName(port.netdev))
                port.netdev.clear();
        }
    }
}

void annotate(HostFacts& facts)
{
    for (auto& dev : facts.devices) {
        if (dev.transport == Transport::IWarp)
            addNote(facts, HostNote::Severity::Info, "iwarp.no-dcb",
                dev.name
                    + " is iWARP: it runs over TCP and needs no PFC/DCB; RoCE Pilot will not configure "
                      "DCB for it");
        if (dev.transport == Transport::InfiniBand)
            addNote(facts, HostNote::Severity::Info, "rdma.infiniband",
                dev.name + " is InfiniBand, not RoCE: Ethernet DCB settings do not apply to it");
        for (auto& port : dev.ports) {
            auto where = dev.name + " port " + std::to_string(port.number);
            if (dev.transport == Transport::RoCE && port.state != "ACTIVE")
                addNote(facts, HostNote::Severity::Warning, "port.not-active",
                    where + " is " + (port.state.empty() ? std::string("in an unknown state") : port.state)
                        + ": RDMA traffic cannot use it");
            if (port.gids.empty() && dev.transport == Transport::RoCE)
                addNote(facts, HostNote::Severity::Warning, "gid.none",
                    where + " has no GIDs: its netdev has no addresses or is down");
            for (auto& gid : port.gids) {
                if (const auto* nd = facts.netdev(gid.netdev); nd && nd->vlanId)
                    gid.vlanId = nd->vlanId;
                if (gid.duplicate)
                    addNote(facts, HostNote::Severity::Warning, "gid.duplicate",
                        where + " GID index " + std::to_string(gid.index) + " repeats " + gid.gid + " ("
                            + toString(gid.type) + ", " + gid.netdev + ") from a lower index");
            }
            if (dev.transport == Transport::RoCE && port.activeMtu && !port.netdev.empty()) {
                if (const auto* nd = facts.netdev(port.netdev); nd && nd->mtu && *nd->mtu < *port.activeMtu)
                    addNote(facts, HostNote::Severity::Warning, "mtu.netdev-smaller",
                        where + ": active RDMA MTU " + std::to_string(*port.activeMtu) + " exceeds " + port.netdev
                            + " MTU " + std::to_string(*nd->mtu));
            }
        }
    }
    if (facts.devices.empty())
        addNote(facts, HostNote::Severity::Info, "rdma.none",
            "no RDMA devices: /sys/class/infiniband is empty or missing (no RDMA driver loaded)");
}

/// Netdevs whose DCB state matters: the ports' netdevs, with VLANs resolved to their parent and bonds to their
/// slaves (DCB lives on the physical function).
std::vector<std::string> dcbNetdevs(const HostFacts& facts)
{
    std::set<std::string> names;
    std::function<void(const std::string&, int)> add = [&](const std::string& name, int depth) {
        const auto* nd = facts.netdev(name);
        if (!nd || depth > 4)
            return;
        if (!nd->vlanParent.empty())
            return add(nd->vlanParent, depth + 1);
        if (!nd->bondSlaves.empty()) {
            for (const auto& slave : nd->bondSlaves)
                add(slave, depth + 1);
            return;
        }
        names.insert(name);
    };
    for (const auto& dev : facts.devices) {
        if (dev.transport != Transport::RoCE)
            continue;
        for (const auto& port : dev.ports) {
            if (!port.netdev.empty())
                add(port.netdev, 0);
            for (const auto& gid : port.gids)
                add(gid.netdev, 0);
        }
    }
    return { names.begin(), names.end() };
}

struct DcbCommand
{
    std::string section;
    Command command;
};

std::vector<DcbCommand> dcbCommands(const HostFacts& facts, const Snapshot& snap)
{
    std::vector<DcbCommand> out;
    for (const auto& name : dcbNetdevs(facts)) {
        auto safe = validateInterfaceName(name);
        if (!safe)
            continue;
        if (snap.hasTool("dcb")) {
            for (const char* object : { "pfc", "ets", "app", "apptrust", "dcbx" })
                out.push_back({ "dcb:" + *safe, Command { "dcb", "-j", object, "show", "dev", *safe } });
        }
        if (snap.hasTool("mlnx_qos"))
            out.push_back({ "mlnx_qos:" + *safe, Command { "mlnx_qos", "-i", *safe } });
        if (snap.hasTool("lldptool")) {
            for (const char* tlv : { "PFC", "ETS-CFG", "APP" })
                out.push_back({ "lldptool:" + *safe, Command { "lldptool", "-t", "-i", *safe, "-V", tlv } });
        }
    }
    return out;
}

/// One shell line built only from quoted argv tokens: marker, command, marker, for each command.
std::string sectionScript(const std::vector<DcbCommand>& commands, const std::string& nonce)
{
    std::string script;
    for (const auto& c : commands) {
        script += Command { "printf", "\\n@@RP %s begin %s\\n", nonce, c.section }.shellLine() + "; ";
        script += c.command.shellLine() + " 2>&1; ";
        script += "printf '\\n@@RP %s end %s\\n' " + shellQuote(nonce) + " \"$?\"; ";
    }
    return script;
}

void applyDcb(
    HostFacts& facts, const std::multimap<std::string, std::string>& outputs, bool toolsKnown, const Snapshot& snap)
{
    for (const auto& name : dcbNetdevs(facts)) {
        auto& nd = netdevNamed(facts, name);
        DcbInfo merged;
        std::string reasons;
        auto take = [&](const std::string& key, auto parser) {
            auto [first, last] = outputs.equal_range(key);
            for (auto it = first; it != last; ++it) {
                auto parsed = parser(it->second);
                if (!parsed.value.unavailable.empty()) {
                    if (reasons.find(parsed.value.unavailable) == std::string::npos)
                        reasons += (reasons.empty() ? "" : "; ") + parsed.value.unavailable;
                    continue;
                }
                mergeDcb(merged, parsed.value);
            }
        };
        take("dcb:" + name, [](const std::string& t) { return parseDcbJson(t); });
        take("mlnx_qos:" + name, [](const std::string& t) { return parseMlnxQos(t); });
        take("lldptool:" + name, [](const std::string& t) { return parseLldptool(t); });
        bool any = merged.pfcEnabled || merged.prioToTc || merged.tcBandwidth || merged.trust
            || !merged.dscpToPrio.empty() || merged.dcbxMode || merged.willing;
        if (!any) {
            merged = DcbInfo {};
            if (!toolsKnown)
                merged.unavailable = "not read";
            else if (!snap.hasTool("dcb") && !snap.hasTool("mlnx_qos") && !snap.hasTool("lldptool"))
                merged.unavailable = "not available: none of dcb (iproute2), mlnx_qos, lldptool is installed";
            else
                merged.unavailable
                    = "not available on this driver" + (reasons.empty() ? std::string() : " (" + reasons + ")");
            addNote(facts, HostNote::Severity::Info, "dcb.unavailable", name + ": DCB state " + merged.unavailable);
        }
        nd.dcb = std::move(merged);
    }
}

HostFacts interpret(const Snapshot& snap, const DiscoveryOptions& options)
{
    HostFacts facts;
    facts.hostname = fileValue(snap, "/proc/sys/kernel/hostname");
    facts.kernel = fileValue(snap, "/proc/sys/kernel/osrelease");
    if (const auto* osRelease = snap.file("/etc/os-release")) {
        for (auto line : splitLines(*osRelease)) {
            if (!startsWith(line, "PRETTY_NAME="))
                continue;
            auto value = line.substr(12);
            if (value.size() >= 2 && (value.front() == '"' || value.front() == '\''))
                value = value.substr(1, value.size() - 2);
            facts.os = std::string(value);
        }
    }
    readNetdevs(snap, facts);
    readDevices(snap, facts);
    applyVerbsAndLinks(snap, facts);
    annotate(facts);
    recommendGids(facts, options.target);
    return facts;
}

} // namespace

Result<HostFacts> discoverTree(const std::string& root, const DiscoveryOptions& options)
{
    auto snap = readTreeSnapshot(root);
    if (!snap)
        return std::unexpected(snap.error());
    auto facts = interpret(*snap, options);
    // A recorded tree carries no command outputs; say so rather than leave DCB looking empty.
    applyDcb(facts, {}, false, *snap);
    for (auto& nd : facts.netdevs) {
        if (nd.dcb.unavailable == "not read")
            nd.dcb.unavailable = "not recorded in this sysfs tree";
    }
    for (auto& note : facts.notes) {
        if (note.code == "dcb.unavailable")
            note.message = note.message.substr(0, note.message.find(':')) + ": DCB state not recorded in this tree";
    }
    return facts;
}

Result<HostFacts> discoverHost(Executor& executor, const DiscoveryOptions& options, const std::atomic<bool>* cancel)
{
    ExecOptions exec;
    exec.timeout = options.commandTimeout;
    exec.cancel = cancel;
    auto nonce = makeNonce();
    auto collected = executor.run(Command { "sh", "-c", collectorScript(), "sh", nonce }, exec);
    if (!collected)
        return std::unexpected(collected.error());
    std::vector<std::string> framing;
    auto snap = parseCollectorOutput(collected->out, nonce, framing);
    if (snap.files.empty() && snap.sections.empty() && snap.tools.empty()) {
        auto err = std::string(trim(collected->err));
        return fail(ErrorKind::CommandFailed,
            "the discovery command printed nothing usable (exit status " + std::to_string(collected->exitStatus)
                + (err.empty() ? std::string(")") : "): " + err.substr(0, 500)),
            "sh -c <collector>", executor.host());
    }
    auto facts = interpret(snap, options);
    for (const auto& note : framing)
        addNote(facts, HostNote::Severity::Warning, "collector.framing", note);
    if (collected->outTruncated)
        addNote(facts, HostNote::Severity::Warning, "collector.truncated",
            "the host's output was larger than the limit and was cut; some entries may be missing");

    std::multimap<std::string, std::string> dcbOutputs;
    if (options.readDcb) {
        auto commands = dcbCommands(facts, snap);
        if (!commands.empty()) {
            auto dcbNonce = makeNonce();
            auto result = executor.run(Command { "sh", "-c", sectionScript(commands, dcbNonce) }, exec);
            if (!result)
                return std::unexpected(result.error());
            // Each lldptool TLV is its own section under the same name: collect them in order.
            std::string current;
            std::string body;
            for (auto line : splitLines(result->out)) {
                auto begin = "@@RP " + dcbNonce + " begin ";
                auto end = "@@RP " + dcbNonce + " end ";
                if (startsWith(line, begin)) {
                    current = std::string(line.substr(begin.size()));
                    body.clear();
                } else if (startsWith(line, end)) {
                    if (!current.empty())
                        dcbOutputs.emplace(current, std::string(trim(body)));
                    current.clear();
                } else if (!current.empty()) {
                    body.append(line);
                    body += '\n';
                }
            }
        }
    }
    applyDcb(facts, dcbOutputs, options.readDcb, snap);
    return facts;
}

std::vector<HostOutcome> discoverFleet(const std::vector<HostSpec>& hosts, const ConnectContext& context,
    const DiscoveryOptions& options, std::size_t concurrency, const DiscoveryProgress& progress,
    const std::atomic<bool>* cancel)
{
    std::vector<HostOutcome> outcomes(hosts.size());
    std::mutex progressMutex;
    std::size_t done = 0;
    auto finish = [&](std::size_t i) {
        std::lock_guard lock(progressMutex);
        ++done;
        if (progress)
            progress(outcomes[i], done, hosts.size());
    };
    auto work = [&](std::size_t i) {
        auto started = std::chrono::steady_clock::now();
        auto& out = outcomes[i];
        out.spec = hosts[i];
        Result<HostFacts> facts = fail(ErrorKind::Internal, "not run");
        if (hosts[i].kind == HostKind::Windows) {
            facts = fail(ErrorKind::Validation,
                "discovery reads Linux sysfs and iproute2; Windows hosts are not discovered (their settings are "
                "generated from the profile)",
                {}, hosts[i].name);
        } else if (!hosts[i].sysfsRoot.empty()) {
            facts = discoverTree(hosts[i].sysfsRoot, options);
        } else {
            auto executor = openExecutor(hosts[i], context);
            if (!executor) {
                facts = std::unexpected(executor.error());
            } else {
                facts = discoverHost(**executor, options, cancel);
                if (facts && options.keep)
                    options.keep->put(hosts[i].name, std::move(*executor));
            }
        }
        out.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
        if (facts) {
            out.state = HostState::Ok;
            out.facts = std::move(*facts);
        } else {
            auto error = facts.error();
            if (error.host.empty())
                error.host = hosts[i].name;
            out.state = hostStateFromError(error);
            out.error = std::move(error);
        }
        finish(i);
    };
    runBounded(hosts.size(), std::max<std::size_t>(1, concurrency), work, cancel);
    // Hosts never started because of a cancel still end in a named state.
    for (std::size_t i = 0; i < hosts.size(); ++i) {
        if (outcomes[i].spec.name.empty() && !hosts[i].name.empty()) {
            outcomes[i].spec = hosts[i];
            outcomes[i].state = HostState::Cancelled;
            outcomes[i].error = Error { ErrorKind::Cancelled, "cancelled before it started", {}, hosts[i].name, 0 };
        }
    }
    return outcomes;
}

Result<HostFacts> discoverAgain(const HostSpec& host, const ConnectContext& context)
{
    auto outcomes = discoverFleet({ host }, context, DiscoveryOptions {}, 1);
    if (outcomes.empty())
        return fail(ErrorKind::Internal, "no outcome", "discovery", host.name);
    auto& o = outcomes.front();
    if (o.state == HostState::Ok && o.facts)
        return std::move(*o.facts);
    if (o.error)
        return std::unexpected(*o.error);
    return fail(ErrorKind::CommandFailed, "not discovered", "discovery", host.name);
}

} // namespace rp

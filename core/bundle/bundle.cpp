// SPDX-License-Identifier: GPL-3.0-or-later
#include "bundle/bundle.h"

#include <set>

namespace rp::bundle {

std::string collectionScript(int intervalS)
{
    if (intervalS < 0 || intervalS > 600)
        intervalS = 5;
    // Each "$ command" line is echoed first so the importer knows what follows. The netdev loop reads the
    // host's own sysfs names and uses them only as arguments inside this shell.
    std::string s = R"SH(export LC_ALL=C
run() { echo "\$ $*"; "$@" 2>&1; }
run ip -d addr show
run ibv_devinfo -v
echo '$ grep -H . /sys/class/infiniband/*/ports/*/gid_attrs/types/* /sys/class/infiniband/*/ports/*/gid_attrs/ndevs/*'
grep -H . /sys/class/infiniband/*/ports/*/gid_attrs/types/* /sys/class/infiniband/*/ports/*/gid_attrs/ndevs/* 2>/dev/null
echo '$ grep -H . /sys/class/infiniband/*/ports/*/state /sys/class/infiniband/*/ports/*/link_layer'
grep -H . /sys/class/infiniband/*/ports/*/state /sys/class/infiniband/*/ports/*/link_layer 2>/dev/null
echo '$ grep -H . /sys/kernel/config/rdma_cm/*/ports/*/default_roce_mode /sys/kernel/config/rdma_cm/*/ports/*/default_roce_tos'
grep -H . /sys/kernel/config/rdma_cm/*/ports/*/default_roce_mode /sys/kernel/config/rdma_cm/*/ports/*/default_roce_tos 2>/dev/null
nets=$(cat /sys/class/infiniband/*/ports/*/gid_attrs/ndevs/* 2>/dev/null | sort -u)
parents=$(for n in $nets; do
  p=$n; [ -e "/proc/net/vlan/$n" ] && p=$(awk '/^Device:/ {print $2}' "/proc/net/vlan/$n")
  echo "$p"
done | sort -u)
for n in $parents; do
  for o in ets pfc app apptrust; do run dcb $o show dev "$n"; done
done
for n in $parents; do run ethtool -S "$n"; done
run rdma statistic show
echo '$ sleep INTERVAL'
sleep INTERVAL
for n in $parents; do run ethtool -S "$n"; done
run rdma statistic show
)SH";
    std::string out;
    const std::string key = "INTERVAL";
    for (std::size_t i = 0; i < s.size();) {
        if (s.compare(i, key.size(), key) == 0) {
            out += std::to_string(intervalS);
            i += key.size();
        } else {
            out += s[i++];
        }
    }
    return out;
}

std::string windowsScript()
{
    // Constant text: the cmdlets take no value from us or the host.
    return R"PS($ErrorActionPreference = 'Continue'
foreach ($c in 'Get-NetAdapterQos', 'Get-NetQosFlowControl', 'Get-NetQosTrafficClass', 'Get-NetQosDcbxSetting',
               'Get-NetQosPolicy', 'Get-NetAdapterRdma', 'Get-SmbClientNetworkInterface') {
    "PS C:\> $c | Format-List"
    & $c 2>&1 | Format-List | Out-String -Width 250
}
)PS";
}

Result<std::string> collectHost(
    Executor& executor, const std::string& hostName, int intervalS, const std::atomic<bool>* cancel, bool windows)
{
    ExecOptions options;
    options.timeout = std::chrono::milliseconds((intervalS + 60) * 1000);
    options.cancel = cancel;
    options.maxOutput = 16u << 20;
    auto r = windows ? executor.run(
                 Command { "powershell.exe", "-NoProfile", "-NonInteractive", "-Command", windowsScript() }, options)
                     : executor.run(Command { "sh", "-c", collectionScript(intervalS) }, options);
    if (!r)
        return std::unexpected(r.error());
    if (r->exitStatus != 0 && r->out.empty())
        return fail(ErrorKind::CommandFailed,
            std::string(windows ? "powershell.exe" : "sh") + " exited " + std::to_string(r->exitStatus) + ": "
                + r->err.substr(0, 300),
            "bundle collection", hostName);
    return "## " + hostName + "\n\n```\n" + r->out + (r->out.ends_with('\n') ? "" : "\n") + "```\n\n";
}

std::string makeBundle(const std::vector<std::string>& sections, const std::string& collectedAt)
{
    std::string out = std::string(kMagic) + " (collected " + collectedAt + ")\n\n";
    for (const auto& s : sections)
        out += s;
    return out;
}

bool isBundle(std::string_view text)
{
    return text.starts_with(kMagic);
}

std::string summarize(const PastedFabric& fabric)
{
    std::string out;
    for (const auto& h : fabric.hosts) {
        std::size_t gids = 0, ports = 0;
        for (const auto& d : h.devices)
            for (const auto& p : d.ports) {
                ++ports;
                gids += p.gids.size();
            }
        std::set<std::string> scopes;
        int reads = 0;
        for (const auto& c : h.counters) {
            scopes.insert(c.scope);
            reads = std::max(reads, c.read + 1);
        }
        out += h.name + ": " + std::to_string(h.devices.size()) + " RDMA device(s), " + std::to_string(ports)
            + " port(s), " + std::to_string(gids) + " GID(s), " + std::to_string(h.netdevs.size()) + " netdev(s), "
            + std::to_string(h.rdmaCm.size()) + " rdma_cm setting(s), counters of " + std::to_string(scopes.size())
            + " scope(s) read " + std::to_string(reads) + " time(s), " + std::to_string(h.tests.size())
            + " test output(s)\n";
        for (const auto& d : h.devices)
            for (const auto& p : d.ports)
                for (const auto& g : p.gids)
                    out += "  " + d.name + "/" + std::to_string(p.number) + " GID[" + std::to_string(g.index) + "] "
                        + g.gid + " " + toString(g.type) + (g.netdev.empty() ? "" : " " + g.netdev) + "\n";
    }
    if (!fabric.warnings.empty())
        out += std::to_string(fabric.warnings.size()) + " line(s) not used\n";
    return out;
}

} // namespace rp::bundle

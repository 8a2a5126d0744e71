// SPDX-License-Identifier: GPL-3.0-or-later
// CPU cost of sampling a host's counters every 100 ms (dashboards goal G1: <= 2 % of one core per host), side by
// side on one host of an inventory (the Soft-RoCE lab's guests in bench/counters-sampler.sh):
//   - rocepilot-probe sample (the native sampler the dashboard uses when the probe is on the host),
//   - the shell loop RoCE Pilot falls back to (core/counters shellSamplerCommand: bash's read, ethtool -S),
//   - the loop an admin would type: `grep -H . hw_counters/*; ethtool -S IF; sleep 0.1`.
// Each runs SECONDS (default 30) of 100 ms blocks, twice, alternating, under `sh -c '"$@"; times'`: the CPU of
// the sampler's whole process tree (user + sys of the waited-for children, every fork included) over the wall
// time it ran. Usage: sampler-bench INVENTORY PROBE [HOST] [SECONDS]
#include "counters/native.h"
#include "inventory/inventory.h"
#include "perf/probesession.h"
#include "remote/openexecutor.h"

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <sstream>
#include <string>
#include <vector>

using namespace rp;

namespace {

/// `times` prints the shell's own user/sys, then its children's: "0m1.234s 0m0.567s" (dash, bash, busybox).
double childrenCpuS(const std::string& out)
{
    std::vector<std::string> lines;
    std::istringstream in(out);
    for (std::string line; std::getline(in, line);) {
        if (line.find('m') != std::string::npos && line.find('s') != std::string::npos)
            lines.push_back(line);
    }
    if (lines.empty())
        return -1;
    double total = 0;
    std::istringstream last(lines.back());
    for (std::string tok; last >> tok;) {
        const auto m = tok.find('m');
        if (m == std::string::npos)
            continue;
        std::string secs = tok.substr(m + 1);
        if (!secs.empty() && secs.back() == 's')
            secs.pop_back();
        for (char& c : secs)
            c = c == ',' ? '.' : c;
        total += std::stod(tok.substr(0, m)) * 60 + std::stod(secs);
    }
    return total;
}

struct Figure
{
    double cpuS = 0, wallS = 0;
    double percent() const { return wallS > 0 ? 100.0 * cpuS / wallS : 0; }
};

Result<Figure> measure(Executor& e, const std::vector<std::string>& argv)
{
    std::vector<std::string> wrapped { "sh", "-c", "\"$@\" >/dev/null 2>&1; times", "sh" };
    wrapped.insert(wrapped.end(), argv.begin(), argv.end());
    ExecOptions o;
    o.keepStdinOpen = true; // the samplers stop on EOF, as with the dashboard
    o.timeout = std::chrono::minutes(10);
    const auto start = std::chrono::steady_clock::now();
    auto r = e.run(Command(wrapped), o);
    if (!r)
        return std::unexpected(r.error());
    Figure f;
    f.wallS = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    f.cpuS = childrenCpuS(r->out);
    if (f.cpuS < 0)
        return fail(ErrorKind::Parse, "no `times` output: " + r->out + r->err, "sampler-bench");
    return f;
}

std::string firstLine(const std::string& s)
{
    return s.substr(0, s.find('\n'));
}

} // namespace

int main(int argc, char** argv)
{
    if (argc < 3) {
        std::fprintf(stderr, "usage: sampler-bench INVENTORY PROBE [HOST] [SECONDS]\n");
        return 2;
    }
    auto inventory = loadInventory(argv[1]);
    if (!inventory) {
        std::fprintf(stderr, "%s\n", inventory.error().describe().c_str());
        return 1;
    }
    const std::string hostName = argc > 3 ? argv[3] : inventory->hosts.front().name;
    const double seconds = argc > 4 ? std::atof(argv[4]) : 30;
    const HostSpec* spec = nullptr;
    for (const auto& h : inventory->hosts)
        spec = h.name == hostName ? &h : spec;
    if (!spec) {
        std::fprintf(stderr, "no host %s in the inventory\n", hostName.c_str());
        return 1;
    }
    ConnectContext context;
    context.knownHostsFile = inventory->knownHostsFile;
    auto exec = openExecutor(*spec, context);
    if (!exec) {
        std::fprintf(stderr, "%s\n", exec.error().describe().c_str());
        return 1;
    }
    perf::SessionOptions so;
    so.probePath = argv[2];
    auto probe = perf::ensureProbe(**exec, so, {});
    if (!probe) {
        std::fprintf(stderr, "%s\n", probe.error().describe().c_str());
        return 1;
    }
    // The host's first RDMA device, port 1, and the netdev behind its GID 0.
    auto dev = (*exec)->run(Command { "sh", "-c", "ls /sys/class/infiniband | head -n1" }, {});
    if (!dev || dev->out.empty()) {
        std::fprintf(stderr, "%s has no RDMA device\n", hostName.c_str());
        return 1;
    }
    counters::SamplerOptions o;
    o.rdmaDevice = firstLine(dev->out);
    o.port = 1;
    auto nd
        = (*exec)->run(Command { "cat", "/sys/class/infiniband/" + o.rdmaDevice + "/ports/1/gid_attrs/ndevs/0" }, {});
    o.netdev = nd && nd->exitStatus == 0 ? firstLine(nd->out) : std::string();
    o.intervalS = 0.1;
    auto checked = counters::checkSampler(o);
    if (!checked) {
        std::fprintf(stderr, "%s\n", checked.error().describe().c_str());
        return 1;
    }
    const long long blocks = static_cast<long long>(seconds / o.intervalS);
    auto shell = counters::shellSamplerCommand(o);
    std::vector<std::string> shellArgv = shell->argv();
    shellArgv.back() = std::to_string(blocks);
    o.probePath = probe->path;
    auto native = counters::nativeSamplerCommand(probe->path, o);
    std::vector<std::string> nativeArgv = native->argv();
    nativeArgv.insert(nativeArgv.end(), { "--count", std::to_string(blocks) });
    const std::string user = "i=0; while [ $i -lt " + std::to_string(blocks) + " ]; do grep -H . "
        + checked->hwCountersDir + "/*; " + (o.netdev.empty() ? std::string() : "ethtool -S " + o.netdev + "; ")
        + "sleep 0.1; i=$((i+1)); done";
    const std::vector<std::string> userArgv { "sh", "-c", user };

    std::printf("counter sampling on %s (%s port 1, netdev %s), every 100 ms, %.0f s per run, 2 runs each:\n",
        hostName.c_str(), o.rdmaDevice.c_str(), o.netdev.empty() ? "none" : o.netdev.c_str(), seconds);
    Figure sum[3];
    const char* names[3] = { "rocepilot-probe sample", "RoCE Pilot's shell loop (fallback)",
        "an admin's loop (grep -H + ethtool -S + sleep)" };
    const std::vector<std::string>* argvs[3] = { &nativeArgv, &shellArgv, &userArgv };
    for (int round = 0; round < 2; ++round) {
        for (int k = 0; k < 3; ++k) {
            auto f = measure(**exec, *argvs[k]);
            if (!f) {
                std::fprintf(stderr, "%s: %s\n", names[k], f.error().describe().c_str());
                return 1;
            }
            std::printf("  run %d %-48s %6.2f s CPU in %6.1f s = %5.2f %% of one core\n", round + 1, names[k], f->cpuS,
                f->wallS, f->percent());
            std::fflush(stdout);
            sum[k].cpuS += f->cpuS;
            sum[k].wallS += f->wallS;
        }
    }
    std::printf("result: rocepilot-probe sample %.2f %% of one core (goal <= 2 %%); shell loop %.2f %% (%.1fx ours); "
                "admin's loop %.2f %% (%.1fx ours)\n",
        sum[0].percent(), sum[1].percent(), sum[0].percent() > 0 ? sum[1].percent() / sum[0].percent() : 0,
        sum[2].percent(), sum[0].percent() > 0 ? sum[2].percent() / sum[0].percent() : 0);
    return 0;
}

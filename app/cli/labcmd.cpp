// SPDX-License-Identifier: GPL-3.0-or-later
#include "args.h"
#include "commands.h"

#include "lab/softrocelab.h"
#include "util/text.h"

#include <cstdio>
#include <filesystem>
#include <tuple>
#include <unistd.h>

namespace rp::cli {
namespace {

const char* kLabHelp = R"(usage: rocepilot-cli lab start [--hosts N] [--racks R] [--inventory-out FILE] | status | stop
                         [--state-dir DIR]

The built-in Soft-RoCE lab: qemu guests (by default two, lab-a and lab-b) running Debian's
kernel with rdma_rxe, joined by a private data network with a VLAN, each with its own sshd on
127.0.0.1. No RDMA hardware and no host network changes are needed.

  start    build the lab (first time: a kernel package is downloaded) and boot the guests;
           writes an inventory (hosts, ports, key, pinned host keys, racks) that 'discover
           --inventory FILE' and the GUI use as they are. A running lab of that shape is reused.
  status   exit 0 when running, 3 when not
  stop     stop the guests and remove what the lab left (idempotent)

options:
  --hosts N              guests lab-a, lab-b, ... (2..26, default 2)
  --racks R              ToR bridges under a spine bridge (1..N, default 1); anything but the default
                         pair is a fabric in a network namespace of its own and needs root
  --inventory-out FILE   where start writes the inventory (default: STATE_DIR/inventory.yaml)
  --state-dir DIR        where the lab keeps pids, sockets and keys (default: $XDG_RUNTIME_DIR/rocepilot-lab
                         or /tmp/rocepilot-lab-UID)
  --help                 this text
)";

} // namespace

int labCommand(int argc, char** argv)
{
    Args args({ "help" }, { "inventory-out", "state-dir", "hosts", "racks" });
    if (auto done = parseOrHelp(args, argc, argv, 2, "lab", kLabHelp))
        return *done;
    if (args.positional().size() != 1) {
        std::fprintf(stderr, "rocepilot-cli lab: say start, status or stop\n");
        return ExitUsage;
    }
    std::error_code ec;
    auto self = std::filesystem::read_symlink("/proc/self/exe", ec).string();
    SoftRoceLab lab(SoftRoceLab::findScript(self), args.value("state-dir").value_or(SoftRoceLab::defaultStateDir()));
    const auto& verb = args.positional()[0];
    // status and stop only look: a mistyped --state-dir must not be created (lab.sh makes its folder).
    if (auto dir = args.value("state-dir");
        dir && (verb == "status" || verb == "stop") && !std::filesystem::is_directory(*dir, ec)) {
        std::fprintf(stderr, "rocepilot-cli lab %s: %s: no such folder (no lab was started there)\n", verb.c_str(),
            dir->c_str());
        return verb == "status" ? 3 : ExitSomeFailed;
    }
    if (verb != "start" && (args.value("hosts") || args.value("racks"))) {
        std::fprintf(stderr, "rocepilot-cli lab: --hosts and --racks are options of start\n");
        return ExitUsage;
    }
    if (verb == "start") {
        LabShape shape;
        for (auto [name, into, low] :
            { std::tuple { "hosts", &shape.hosts, 2 }, std::tuple { "racks", &shape.racks, 1 } }) {
            if (auto text = args.value(name)) {
                auto number = toInt(*text);
                if (!number || *number < low || *number > 26) {
                    std::fprintf(stderr, "rocepilot-cli lab start: --%s must be a number from %d to 26, not '%s'\n",
                        name, low, text->c_str());
                    return ExitUsage;
                }
                *into = *number;
            }
        }
        if (shape.racks > shape.hosts) {
            std::fprintf(
                stderr, "rocepilot-cli lab start: --racks %d is more than --hosts %d\n", shape.racks, shape.hosts);
            return ExitUsage;
        }
        if (!shape.isPair() && ::geteuid() != 0) {
            std::fprintf(stderr,
                "rocepilot-cli lab start: --hosts %d --racks %d builds a fabric (bridges, veths and taps in a network "
                "namespace of its own): that needs root. The default pair (2 hosts, 1 rack) runs as any user.\n",
                shape.hosts, shape.racks);
            return ExitUsage;
        }
        cancelOnSignals();
        auto inventory = args.value("inventory-out").value_or(lab.defaultInventoryPath());
        auto result = lab.start(
            inventory,
            [](const SoftRoceLab::Progress& p) { std::fprintf(stderr, "[%3d%%] %s\n", p.percent, p.message.c_str()); },
            &g_cancel, shape);
        if (!result) {
            std::fprintf(stderr, "rocepilot-cli lab start: %s\n", result.error().describe().c_str());
            return ExitSomeFailed;
        }
        std::printf("lab ready; inventory: %s\nnext: rocepilot-cli discover --inventory %s\n", result->c_str(),
            result->c_str());
        return ExitOk;
    }
    if (verb == "status") {
        auto status = lab.status();
        if (!status) {
            std::fprintf(stderr, "rocepilot-cli lab status: %s\n", status.error().describe().c_str());
            return ExitSomeFailed;
        }
        std::printf("%s\n", status->text.c_str());
        return status->running ? ExitOk : 3;
    }
    if (verb == "stop") {
        auto stopped = lab.stop();
        if (!stopped) {
            std::fprintf(stderr, "rocepilot-cli lab stop: %s\n", stopped.error().describe().c_str());
            return ExitSomeFailed;
        }
        std::printf("lab stopped\n");
        return ExitOk;
    }
    std::fprintf(stderr, "rocepilot-cli lab: unknown action '%s' (start, status or stop)\n", verb.c_str());
    return ExitUsage;
}

} // namespace rp::cli

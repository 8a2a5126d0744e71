// SPDX-License-Identifier: GPL-3.0-or-later
// rocepilot-cli: the headless face of RoCE Pilot, on the same core as the GUI.
#include "commands.h"

#include <cstdio>
#include <cstring>
#include <string>

namespace {

const char* kUsage = R"(usage: rocepilot-cli <command> [options]

RoCE Pilot on the command line: discover RDMA devices, GID tables and DCB state on
hosts, and read the outputs admins already have (show_gids, ibv_devinfo, mlnx_qos, ...).

commands:
  discover   discover hosts (over SSH, locally, or from a recorded sysfs tree)
  parse      parse saved outputs of show_gids, ibv_devinfo, rdma, ip, dcb, mlnx_qos, lldptool
  lab        start, check or stop the built-in Soft-RoCE lab (two qemu guests with rdma_rxe)
  profile    list, show and validate RoCE profiles (presets and YAML files)
  plan       generate host and switch configuration from a profile and an inventory
  test       measure RDMA, TCP or perftest latency and throughput between two hosts
  apply      apply a plan step by step with read-back, journal, dead-man and rollback
  rollback   undo a run from its journal and read every host back against its snapshot
  journal    list, show or resume apply runs
  export     write an Ansible project (playbook + inventory) that applies a plan
  diagnose   find GID, VLAN, MTU, PFC, trust and ToS mismatches, live or from pasted outputs
  fabric     probe every host pair with agents and name where a fault sits (fabric check)
  bundle     collect every output the troubleshooter reads from hosts into one file, or show one
  report     turn saved test runs into PDF, CSV and JSON reports, or compare them

Run 'rocepilot-cli <command> --help' for the options of a command.
Exit codes: 0 all fine, 1 some hosts or inputs failed, 2 usage error.
)";

} // namespace

int main(int argc, char** argv)
{
    if (argc < 2) {
        std::fputs(kUsage, stderr);
        return rp::cli::ExitUsage;
    }
    std::string command = argv[1];
    if (command == "--help" || command == "-h" || command == "help") {
        std::fputs(kUsage, stdout);
        return rp::cli::ExitOk;
    }
    if (command == "--version") {
        std::puts("rocepilot-cli 0.1.0");
        return rp::cli::ExitOk;
    }
    if (command == "apply")
        return rp::cli::applyCommand(argc, argv);
    if (command == "rollback")
        return rp::cli::rollbackCommand(argc, argv);
    if (command == "journal")
        return rp::cli::journalCommand(argc, argv);
    if (command == "discover")
        return rp::cli::discoverCommand(argc, argv);
    if (command == "parse")
        return rp::cli::parseCommand(argc, argv);
    if (command == "lab")
        return rp::cli::labCommand(argc, argv);
    if (command == "profile")
        return rp::cli::profileCommand(argc, argv);
    if (command == "plan")
        return rp::cli::planCommand(argc, argv);
    if (command == "test")
        return rp::cli::testCommand(argc, argv);
    if (command == "export")
        return rp::cli::exportCommand(argc, argv);
    if (command == "diagnose")
        return rp::cli::diagnoseCommand(argc, argv);
    if (command == "fabric")
        return rp::cli::fabricCommand(argc, argv);
    if (command == "bundle")
        return rp::cli::bundleCommand(argc, argv);
    if (command == "report")
        return rp::cli::reportCommand(argc, argv);
    std::fprintf(stderr, "rocepilot-cli: unknown command '%s'\n\n%s", command.c_str(), kUsage);
    return rp::cli::ExitUsage;
}

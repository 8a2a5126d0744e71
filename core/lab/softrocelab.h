// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "error.h"

#include <atomic>
#include <functional>
#include <optional>
#include <string>
#include <string_view>

namespace rp {

/// One line of lab.sh's machine-readable output.
struct LabLine
{
    enum class Kind { Progress, Ready, Other };
    Kind kind = Kind::Other;
    int percent = 0; ///< Progress: 0..100
    std::string text; ///< Progress: the message; Ready: the inventory path
};

/// "PROGRESS 40 booting lab-a" / "READY /path/inventory.yaml"; anything else (or a malformed line) is Other.
LabLine parseLabLine(std::string_view line);

/// The lab's shape: the default pair (lab-a, lab-b over a UDP socket pair, as any user), or a fabric of `hosts`
/// guests behind `racks` ToR bridges under a spine (lab.sh start --hosts N --racks R; needs root).
struct LabShape
{
    int hosts = 2; ///< 2..26
    int racks = 1; ///< 1..hosts
    bool isPair() const { return hosts == 2 && racks == 1; }
};

/// The built-in Soft-RoCE lab: two qemu guests with rdma_rxe (lab/lab.sh) that RoCE Pilot can
/// start, watch and stop, so a machine without RDMA hardware still has two real RoCE hosts to work on.
class SoftRoceLab
{
public:
    SoftRoceLab(std::string script, std::string stateDir);

    /// The lab script: $RP_LAB_SCRIPT, else share/rocepilot/lab/lab.sh beside the installed binary, else the
    /// source tree this binary was built from. Empty when none exists.
    static std::string findScript(const std::string& executablePath);
    /// $XDG_RUNTIME_DIR/rocepilot-lab, else /tmp/rocepilot-lab-<uid>.
    static std::string defaultStateDir();

    struct Progress
    {
        int percent = 0;
        std::string message;
    };
    /// Builds (first time) and boots the guests; returns the inventory path once every sshd is ready. A second
    /// start while a lab of the same shape runs reuses it. On cancel the lab is stopped again, so nothing is left
    /// behind. A shape out of range is a Validation error before anything runs.
    Result<std::string> start(const std::string& inventoryOut, const std::function<void(const Progress&)>& progress,
        const std::atomic<bool>* cancel = nullptr, LabShape shape = {});
    /// Human-readable status; Ok with running=false when it is not running.
    struct Status
    {
        bool running = false;
        std::string text;
    };
    Result<Status> status();
    Result<void> stop();

    const std::string& stateDir() const { return m_stateDir; }
    std::string defaultInventoryPath() const { return m_stateDir + "/inventory.yaml"; }

private:
    std::string m_script;
    std::string m_stateDir;
};

} // namespace rp

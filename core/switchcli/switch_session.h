// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// SwitchSession: one interactive CLI session on one switch, over SSH (libssh, the connection and host-key
// check of SshExecutor: only keys in the app's known_hosts, a changed key refused always). It opens a PTY shell
// channel, recognises the vendor's prompt (any hostname, config submodes, ANSI noise), gets privileged
// (EOS `enable`), turns paging off the way Netmiko does (and answers --More-- itself when that failed or was
// not asked for), and runs one command at a time: the output comes back without the echo and the prompt.
//
// Every read is bounded: a per-command timeout, an output cap (hostile or endless output gives an error, never
// a hang or unbounded memory), and the cancel flag checked at least every 50 ms. After a cancel or timeout in
// the middle of a command the call returns at once; the next call first tries (bounded) to get back to a prompt,
// and if that fails the session is marked broken and every later call fails at once. Errors are values naming the
// switch. One thread at a time per session.

#include "error.h"
#include "generate/targets.h"
#include "inventory/inventory.h"
#include "remote/openexecutor.h"
#include "switchcli/cli_text.h"

#include <atomic>
#include <chrono>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace rp {
class SshExecutor;
}

namespace rp::switchcli {

struct SwitchSessionOptions
{
    std::chrono::milliseconds commandTimeout { 30000 }; ///< per command unless a call gives its own
    std::chrono::milliseconds loginTimeout { 15000 }; ///< from the shell channel to the first prompt
    std::size_t maxOutput = 16u << 20; ///< bytes of one command's output before it is an error
    bool disablePaging = true; ///< false: leave the device's pager on (tests of the --More-- handling)
    int terminalColumns = 511;
    int terminalRows = 24;
};

class SwitchSession
{
public:
    /// Connects (host key checked, authenticated), opens the PTY shell, waits for the prompt, gets privileged
    /// and turns paging off. `spec.name` names the switch in every error.
    static Result<std::unique_ptr<SwitchSession>> open(const HostSpec& spec, SwitchVendor vendor,
        const ConnectContext& context, const SwitchSessionOptions& options = {});
    /// The same for an inventory switch: its address, port, user, auth and key file; an inventory switch without
    /// an address is "plan only" (Usage error naming it).
    static Result<std::unique_ptr<SwitchSession>> open(
        const SwitchSpec& sw, const ConnectContext& context, const SwitchSessionOptions& options = {});
    ~SwitchSession();
    SwitchSession(const SwitchSession&) = delete;
    SwitchSession& operator=(const SwitchSession&) = delete;

    const std::string& name() const { return m_name; }
    SwitchVendor vendor() const { return m_vendor; }
    Dialect dialect() const { return m_dialect; }
    /// The hostname the prompt showed at login.
    const std::string& hostname() const { return m_hostname; }
    /// The last prompt seen (mode included).
    const Prompt& prompt() const { return m_prompt; }
    bool inConfigMode() const { return !m_prompt.mode.empty(); }
    /// True when the paging-off commands were accepted; false means --More-- is answered as it comes.
    bool pagingDisabled() const { return m_pagingDisabled; }
    /// False after a transport error or a command that could not be brought back to a prompt.
    bool usable() const { return !m_broken; }
    /// How many pager prompts were answered so far.
    int pagerPrompts() const { return m_pagerPrompts; }

    /// Sets the flag every read watches (nullptr: none). Rollback paths clear it to finish their work.
    void setCancel(const std::atomic<bool>* cancel) { m_cancel = cancel; }

    /// Sends one line and returns what the switch printed until the next prompt (no echo, no prompt). The line
    /// is sent as it is: callers validate it first (validateConfigLine, validateShowCommand) or use a fixed
    /// command. timeout 0 = the session's commandTimeout.
    Result<std::string> command(std::string_view line, std::chrono::milliseconds timeout = {});
    /// A read-back: validateShowCommand, then command(); a vendor error in the output is an error.
    Result<std::string> show(std::string_view line, std::chrono::milliseconds timeout = {});
    /// Configuration lines one at a time, each validated first, each answer checked for the vendor's error
    /// patterns; stops at the first error (CommandFailed naming the line and the switch's message). The
    /// session must be in configuration mode (or the NVUE shell). Returns the answers, one per line.
    Result<std::vector<std::string>> sendConfigLines(const std::vector<std::string>& lines);
    /// EOS/NX-OS: `configure terminal`; NVUE: nothing (its `nv set` lines run in the shell).
    Result<void> enterConfig();
    /// `end` when in a configuration mode; nothing otherwise.
    Result<void> leaveConfig();
    /// `show running-config` (EOS, NX-OS) or `nv config show -o commands` (NVUE), normalised.
    Result<std::string> runningConfig();

private:
    SwitchSession() = default;
    Result<void> login();
    Result<std::string> exchange(std::string_view line, std::chrono::milliseconds timeout, bool checkCancel);
    Result<void> writeAll(std::string_view data, std::chrono::steady_clock::time_point deadline);
    /// Reads until a prompt ends the output; answers pagers. `command` is only used to cut the echo.
    Result<std::string> readUntilPrompt(
        std::string_view command, std::chrono::steady_clock::time_point deadline, bool checkCancel);
    void resync();
    /// Reads and drops whatever the switch sent that belongs to no command (a second prompt after a Ctrl-C, a
    /// late message), so the next command's answer starts with its own echo.
    void drainPending(std::chrono::milliseconds quiet);
    std::unexpected<Error> error(ErrorKind kind, std::string message, std::string where = {}) const;

    std::unique_ptr<SshExecutor> m_ssh;
    void* m_channel = nullptr; ///< ssh_channel
    std::string m_name;
    SwitchVendor m_vendor = SwitchVendor::Cumulus;
    Dialect m_dialect = Dialect::Nvue;
    SwitchSessionOptions m_options;
    std::string m_hostname;
    Prompt m_prompt;
    bool m_pagingDisabled = false;
    bool m_broken = false;
    bool m_needResync = false; ///< an interrupted command: get back to a prompt before the next one
    int m_pagerPrompts = 0;
    const std::atomic<bool>* m_cancel = nullptr;
};

} // namespace rp::switchcli

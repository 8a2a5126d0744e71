// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// What a switch CLI sends back, taken apart without any I/O: terminal noise (ANSI sequences, carriage returns,
// backspaces, pager prompts) removed the way a terminal would show it, prompts recognised per vendor, command
// echo and prompt cut off, and the vendor's error lines found. Pure functions, unit-tested on transcripts.

#include "error.h"
#include "generate/targets.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace rp::switchcli {

/// The CLI families core/switchcli drives. Each maps to one or more SwitchVendor values.
enum class Dialect {
    Eos, ///< Arista EOS: sw>, sw#, sw(config...)#, configuration sessions
    NxOs, ///< Cisco NX-OS: sw#, sw(config...)#, checkpoints
    Nvue, ///< Cumulus Linux: a Linux shell prompt, `nv` commands
};

/// The dialect of a vendor, or nothing for vendors this module does not drive yet (their plans are applied by
/// hand or through the Ansible export).
std::optional<Dialect> dialectFor(SwitchVendor vendor);
std::string toString(Dialect dialect); ///< "eos", "nxos", "nvue"

/// Turns raw terminal output into the text a terminal would show, as it arrives. Handles CR (back to the
/// start of the line, later characters overwrite), BS (cursor left), CSI/OSC escape sequences (ESC[K erases
/// to the end of the line, others are dropped), NUL and other control bytes (dropped), CRLF. Bytes >= 0x80
/// are kept as they are (UTF-8 text); nothing makes it throw or grow beyond what was fed.
class TerminalText
{
public:
    void feed(std::string_view bytes);
    const std::string& text() const { return m_text; }
    /// The line the cursor is on (after the last newline).
    std::string_view lastLine() const;
    /// Drops the current (last) line: the pager prompt once answered.
    void dropLastLine();
    void clear();

private:
    enum class Esc { None, Start, Csi, Osc, OscEsc };
    std::string m_text;
    std::size_t m_cursor = 0; ///< position in m_text; m_text.size() when at the end
    Esc m_esc = Esc::None;
    std::string m_csi;
};

/// A recognised prompt.
struct Prompt
{
    std::string hostname;
    std::string mode; ///< "" for exec mode, else what is inside the parentheses ("config", "config-if-Et1", ...)
    bool privileged = true; ///< EOS "sw>" is false: `enable` is needed
};

/// Matches the last line of the output against the dialect's prompt. With `hostname` (learned at login) the
/// prompt must end the line with that hostname; without it the whole line must look like a prompt.
std::optional<Prompt> matchPrompt(Dialect dialect, std::string_view lastLine, std::string_view hostname = {});

/// A pager prompt (--More--, -- More --, <--- More --->, "Press any key to continue") ends the text.
bool isPagerLine(std::string_view line);

/// The output of one command: the echo of `command` (first line, when it ends with the command) and the
/// trailing prompt line removed, trailing blanks of each line trimmed, CRLF already gone.
std::string commandOutput(std::string_view shown, std::string_view command);

/// The first line of `output` that is one of the dialect's error messages ("% Invalid input", "% Invalid
/// command at '^' marker.", "ERROR: ...", "Error: ...", "command not found"), with the caret line before it
/// for NX-OS; nothing when the output carries no error.
std::optional<std::string> findCliError(Dialect dialect, std::string_view output);

/// The commands that turn paging off (Netmiko's session preparation): EOS `terminal length 0` + `terminal
/// width 511`, NX-OS `terminal length 0` + `terminal width 511`, NVUE none (a Linux shell does not page).
std::vector<std::string> pagingOffCommands(Dialect dialect);

/// A line that goes into configuration mode: printable ASCII from a small set (letters, digits, space and
/// . _ , / : -), no session control words (configure, end, exit, commit, abort, rollback, checkpoint, copy,
/// write, bash, run, reload, delete, terminal, enable, show) and, for NVUE, only `nv set|unset ...`.
Result<void> validateConfigLine(Dialect dialect, std::string_view line);
/// A read-back command: `show ...` (EOS, NX-OS) or `nv show ...` (NVUE), same character set.
Result<void> validateShowCommand(Dialect dialect, std::string_view line);
/// Job ids become session and checkpoint names: 1..40 of letters, digits, - and _.
Result<void> validateJobId(std::string_view jobId);

/// Runs of blanks become one space, lines are trimmed, blank lines go: "mtu    9216   9216" contains
/// "mtu 9216" after both sides went through this.
std::string collapseWhitespace(std::string_view text);
/// The running configuration without lines that change on their own (timestamps in comments), for comparing
/// a snapshot with a later read.
std::string normalizeRunningConfig(std::string_view text);

} // namespace rp::switchcli

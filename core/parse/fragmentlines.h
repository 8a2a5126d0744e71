// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Internal header of core/parse, not part of its API: how the lines of a paste read for the fragment importer
// (fragmentimporter.h): shell and switch prompts, host headings, markdown fences, ellipses, program names.

#include "parse/applog.h"
#include "parse/parsehelpers.h"

#include <deque>
#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace rp::fragment_detail {

struct Prompt
{
    std::string host; ///< empty when the prompt does not name one
    std::string command;
};

/// The program a command line runs ("sudo /usr/bin/ibv_devinfo -v" -> "ibv_devinfo").
std::string_view programOf(std::string_view command);
/// A line set as markdown inline code ("`mpirun -x UCX_IB_GID_INDEX=0 ./app`") without its backticks; else as is.
std::string_view withoutInlineCode(std::string_view t);
/// "user@host:~$ cmd", "[user@host dir]# cmd", "$ cmd", "# cmd" (a known program), "PS C:\> cmd".
std::optional<Prompt> parsePrompt(std::string_view t);
bool isFence(std::string_view t);
/// The first line of an output that tells its tool by itself, pasted without its command: "ibstat" for
/// "CA 'mlx5_0'", "ibstatus", "ibv_devinfo" (hca_id), "ifconfig"; empty for any other line. Text above such a line
/// (a sentence naming the host, a heading in the user's language) is not part of that output.
std::string_view outputHead(std::string_view t);
bool isEllipsis(std::string_view t);
/// "## host-a", "=== host-a ===", "==> host-a <==", "**host-a**", "host-a:" alone, "Host: host-a".
std::optional<std::string> parseHeading(std::string_view raw);
/// The value after an option in a command: "-d rxe0", "--ib-dev=rxe0", "-drxe0".
std::string optionValue(std::string_view command, std::initializer_list<std::string_view> names);
/// perftest, the ibv_*_pingpong examples, qperf, rping.
bool isTestTool(std::string_view program);
/// Launchers whose command lines carry the run's settings (`mpirun -x UCX_IB_GID_INDEX=1 ...`) and are pasted
/// bare, without a prompt, above the log they produced.
bool isLauncher(std::string_view program);
/// The facts a command line states by itself: its NAME=VALUE settings (`UCX_IB_GID_INDEX=3 ucx_perftest ...`,
/// `mpirun -x NCCL_IB_GID_INDEX=3 ...`) and, with `testOptions`, the GID index, device and port a test tool was told
/// to use (a "gid-in-use" event of the tool's own name as family).
std::vector<AppLogEvent> commandEvents(std::string_view command, int line, bool testOptions);

/// The lines as the terminal and the tracker mangled them, put back (fragmentrepair.cpp): inline-code backticks
/// or markdown emphasis around a whole line, a GID or a show_gids row wrapped onto the next line, rows run together on
/// one line when the paste lost its newlines. Joined lines live in `storage`; each line keeps the number of the line it
/// starts on, and every repair is noted in `warnings`.
std::vector<parse_detail::Line> repairLines(
    std::vector<parse_detail::Line> lines, std::deque<std::string>& storage, parse_detail::Warnings& warnings);

} // namespace rp::fragment_detail

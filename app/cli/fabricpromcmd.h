// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// `rocepilot-cli fabric prom`: the standalone agents' fleet read through the Prometheus that scrapes them
// (fabricpromcmd.cpp); fabriccmd.cpp hands the subcommand over here.

namespace rp::cli {

/// Parses its options from argv[3] on, reads (once, or every --every seconds with --watch) and prints or saves.
/// Returns the exit code.
int fabricProm(int argc, char** argv);

} // namespace rp::cli

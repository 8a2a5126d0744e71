// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// `rocepilot-cli report RUN.rpfabric`: the report of a saved fabric run (fabricreportcmd.cpp). reportcmd.cpp checks
// the outputs, reads the run beside Qt's start and hands over here.

#include "args.h"

#include "fabric/fabricrun.h"

#include <string>

namespace rp::cli {

/// Whether `path` is a saved fabric run: its first line names the schema rocepilot-fabric-run/1. Only a regular
/// file is looked at ("-" and FIFOs are read once, as test runs).
bool isFabricRunFile(const std::string& path);

/// The options of `report` that have no meaning for a fabric run, as a usage error message; empty when none is given.
std::string fabricReportBadOptions(const Args& args);

/// Writes the outputs asked for (--pdf, --csv, --findings-csv, --json) or prints the verdict and the worst pairs.
/// Returns the exit code (0 written, 1 a file not written).
int fabricReport(const Args& args, const std::string& path, const fabric::FabricRun& run);

} // namespace rp::cli

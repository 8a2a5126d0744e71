// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Saved runs as files: the run file read for a report, and the exported tables: the summary, samples and
// counters CSV and the report JSON (columns and schema in docs/run-file.md and docs/json.md), written through a
// temporary file so that readers never see half of one.

#include "error.h"
#include "run/run.h"
#include "run/summary.h"

#include <string>
#include <string_view>
#include <vector>

namespace rp::run {

/// Reads a run file for a report (as readRunFile does), a large one in two halves on two threads.
Result<Run> loadRunFile(const std::string& path);

/// One row per run and size (columns: docs/run-file.md "summary CSV").
std::string summaryCsv(const std::vector<NamedRun>& runs);
/// One row per live sample (docs/run-file.md "samples CSV").
std::string samplesCsv(const std::vector<NamedRun>& runs);
/// One row per host, interval and counter (docs/run-file.md "counters CSV").
std::string countersCsv(const std::vector<NamedRun>& runs);
/// The report as JSON, "rocepilot.report/1" (docs/json.md): runs, environment, sizes, percentiles, sample
/// statistics, counter summaries; no raw samples (those are in the run file and the samples CSV).
std::string reportJson(const std::vector<NamedRun>& runs, std::string_view findingsJson = {});

/// The samples CSV straight to `path` (a temporary file beside it, renamed when complete), in 1 MiB writes:
/// no 80 MB string for a million samples. Not fsync'd: a report is made again from the run file in a second.
Result<void> writeSamplesCsv(const std::vector<NamedRun>& runs, const std::string& path);
/// `data` to `path` the same way (temporary file, rename, no fsync); "-" = stdout.
Result<void> writeReportFile(const std::string& path, std::string_view data);

} // namespace rp::run

// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The PDF report of saved runs (QPdfWriter + QPainter, everything vector): a cover with the result in one
// sentence per run, the environment (hosts, devices, firmware, GIDs, test settings, the command that repeats
// the test), the profile and apply journal when there were any, the troubleshooter's findings when given, the
// charts (throughput, latency, CPU of both sides and counter rates on the run's time axis; size sweeps on log
// axes), per-size percentile tables and, for two or more runs, a comparison. Charts are drawn from at most two
// points per output column, so a run with millions of samples makes a small PDF quickly.
//
// Needs a QGuiApplication (fonts), not a display: the CLI runs it on the offscreen platform.

#include "error.h"
#include "fabric/fabricreport.h"
#include "run/summary.h"

#include <string>
#include <utility>
#include <vector>

namespace rp::ui {

struct PdfReportInput
{
    std::vector<run::NamedRun> runs;
    std::string findingsJson; ///< the troubleshooter's findings, "" = none
    std::string applyJournalJson; ///< used when a run does not carry its own, "" = none
    /// Files embedded in the PDF (name, bytes). Empty with `attach`: the summary CSV and the report JSON, so the
    /// numbers travel with the PDF.
    std::vector<std::pair<std::string, std::string>> attachments;
    bool attach = true;
    bool pdfA = false; ///< PDF/A-1b (which allows no attachments)
    std::string site, operatorName; ///< for the cover, "" = not given
};

Result<void> writePdfReport(const PdfReportInput& input, const std::string& path);

/// The PDF report of a saved fabric run (report/fabricpages.*): verdict, what was checked, the matrices, the worst
/// pairs, the findings, the failing pairs' GID x GID matrices, what was probed and the commands that repeat it.
struct FabricPdfInput
{
    const fabric::FabricRun* run = nullptr;
    const fabric::FabricReport* report = nullptr;
    std::string name; ///< the run's name in the report (its file name)
    /// Files embedded in the PDF (name, bytes): the CLI passes the cells CSV, the findings CSV and the JSON.
    std::vector<std::pair<std::string, std::string>> attachments;
    bool pdfA = false; ///< PDF/A-1b (which allows no attachments)
    std::string site, operatorName; ///< for the cover, "" = not given
};

Result<void> writeFabricPdfReport(const FabricPdfInput& input, const std::string& path);

} // namespace rp::ui

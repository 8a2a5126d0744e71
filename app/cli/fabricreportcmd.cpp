// SPDX-License-Identifier: GPL-3.0-or-later
#include "fabricreportcmd.h"

#include "commands.h"

#include "fabric/fabricreport.h"
#include "run/tables.h"

#ifdef RP_HAVE_PDF_REPORT
#include "reportpdf.h"
#endif

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sys/stat.h>
#include <thread>

namespace rp::cli {

bool isFabricRunFile(const std::string& path)
{
    struct stat st
    { };
    if (path == "-" || ::stat(path.c_str(), &st) != 0 || !S_ISREG(st.st_mode))
        return false;
    std::ifstream in(path, std::ios::binary);
    std::string first;
    // The first line is the header: a few hundred bytes, a few KB with a long host list; 1 MiB is plenty.
    char c = 0;
    while (first.size() < (1u << 20) && in.get(c) && c != '\n')
        first += c;
    return fabric::isFabricRunFirstLine(first);
}

std::string fabricReportBadOptions(const Args& args)
{
    for (const char* option : { "samples-csv", "counters-csv", "findings", "apply-journal" }) {
        if (args.value(option))
            return "--" + std::string(option) + " is for test runs, not for a fabric run";
    }
    return {};
}

int fabricReport(const Args& args, const std::string& path, const fabric::FabricRun& run)
{
    const std::string name = std::filesystem::path(path).filename().string();
    const auto report = fabric::makeFabricReport(run);
    const bool anyOutput = args.value("pdf") || args.value("csv") || args.value("findings-csv") || args.value("json");
    for (const auto& w : run.warnings)
        std::fprintf(stderr, "%s: warning: %s\n", path.c_str(), w.c_str());
    if (run.truncated)
        std::fprintf(stderr, "%s: warning: the run was cut short; the report covers what it kept (%zu round%s)\n",
            path.c_str(), static_cast<std::size_t>(report.rounds), report.rounds == 1 ? "" : "s");
    if (!anyOutput) {
        std::fputs(fabric::fabricReportText(run, report, name).c_str(), stdout);
        return ExitOk;
    }
    int status = ExitOk;
    auto check = [&](const char* option, const Result<void>& ok) {
        if (!ok) {
            std::fprintf(stderr, "rocepilot-cli report: --%s: %s\n", option, ok.error().describe().c_str());
            status = ExitSomeFailed;
        }
    };
    // Each made once, only when written or attached. The PDF carries both CSVs (every number); the JSON of 1 000
    // hosts is 20 MB, and compressing it into the PDF would cost more than the rest of the report.
    const bool attach = args.value("pdf") && !args.flag("no-attach") && !args.flag("pdf-a");
    const std::string cellsCsv = args.value("csv") || attach ? fabric::fabricCellsCsv(run, report) : std::string();
    const std::string findingsCsv = fabric::fabricFindingsCsv(report);
    // The JSON is made and written on another thread while this one draws the PDF (two cores).
    std::thread writer([&] {
        if (auto file = args.value("csv"))
            check("csv", run::writeReportFile(*file, cellsCsv));
        if (auto file = args.value("findings-csv"))
            check("findings-csv", run::writeReportFile(*file, findingsCsv));
        if (auto file = args.value("json"))
            check("json", run::writeReportFile(*file, fabric::fabricReportJson(run, report, name)));
    });
#ifdef RP_HAVE_PDF_REPORT
    if (auto file = args.value("pdf")) {
        ui::FabricPdfInput input;
        input.run = &run;
        input.report = &report;
        input.name = name;
        input.pdfA = args.flag("pdf-a");
        if (attach)
            input.attachments = { { "cells.csv", cellsCsv }, { "findings.csv", findingsCsv } };
        input.site = args.value("site").value_or("");
        input.operatorName = args.value("operator").value_or("");
        const auto ok = ui::writeFabricPdfReport(input, *file);
        writer.join();
        check("pdf", ok);
        return status;
    }
#endif
    writer.join();
    return status;
}

} // namespace rp::cli

// SPDX-License-Identifier: GPL-3.0-or-later
#include "args.h"
#include "commands.h"

#include "run/export.h"
#include "run/run.h"
#include "util/files.h"

#ifdef RP_HAVE_PDF_REPORT
#include "reportpdf.h"

#include <QGuiApplication>
#endif

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <memory>

namespace rp::cli {
namespace {

const char* kHelp = R"(usage: rocepilot-cli report RUN... [--pdf FILE] [--csv FILE] [--json FILE] [options]

Turn saved runs ('rocepilot-cli test --save RUN', or the GUI's Save) into the reports admins
hand in. With no output option it prints each run's result and a per-size table. Two or more
runs are compared side by side (before/after a change, RDMA vs TCP).

outputs (columns and schema: docs/run-file.md):
  --pdf FILE            the PDF report: result sentence, environment, profile and apply
                        journal, findings, charts (vector), per-size percentile tables,
                        comparison of the runs
  --csv FILE            summary: one row per run and message size
  --samples-csv FILE    every live sample of both sides
  --counters-csv FILE   every host counter rate sampled during the runs
  --json FILE           the report as JSON (rocepilot.report/1); '-' = stdout
inputs:
  --findings FILE       the troubleshooter's findings (JSON) to include in the PDF
  --apply-journal FILE  the apply journal (JSON) to include, when the run does not carry one
  --help                this text

A run that did not finish (the test was killed) is reported with what it kept, and says so.
exit codes: 0 written, 1 a run could not be read or a file not written, 2 usage error
)";

int usage(const std::string& message)
{
    std::fprintf(stderr, "rocepilot-cli report: %s\n(see 'rocepilot-cli report --help')\n", message.c_str());
    return ExitUsage;
}

Result<void> writeOut(const std::string& path, const std::string& data)
{
    if (path == "-") {
        std::fwrite(data.data(), 1, data.size(), stdout);
        std::fflush(stdout);
        return {};
    }
    return writeFileAtomically(path, data);
}

void printRun(const std::string& name, const run::Run& r)
{
    const auto summary = run::summarize(r);
    std::printf("%s: %s\n", name.c_str(), run::describeTest(r).c_str());
    std::printf("  %s\n", summary.headline.c_str());
    for (const auto& w : r.warnings)
        std::printf("  warning: %s\n", w.c_str());
    std::printf("  %10s %10s %9s %9s %9s %9s %9s %8s %8s %8s\n", "size", "Gb/s", "Mmsg/s", "min us", "p50 us", "p99 us",
        "p99.9 us", "max us", "cpu cli", "cpu srv");
    for (const auto& s : summary.sizes) {
        const auto& c = s.report.client;
        std::string lat[5] = { "-", "-", "-", "-", "-" };
        if (c.latency && c.latency->hasPercentiles) {
            lat[0] = run::fixed(c.latency->minUs, 2);
            lat[1] = run::fixed(c.latency->p50Us, 2);
            lat[2] = run::fixed(c.latency->p99Us, 2);
            lat[3] = run::fixed(c.latency->p999Us, 2);
            lat[4] = run::fixed(c.latency->maxUs, 2);
        }
        const std::string cc = c.cpu.wallS > 0 ? run::fixed(c.cpu.percent(), 0) + "%" : "-";
        const std::string sc = s.report.server && s.report.server->cpu.wallS > 0
            ? run::fixed(s.report.server->cpu.percent(), 0) + "%"
            : "-";
        std::printf("  %10s %10s %9s %9s %9s %9s %9s %8s %8s %8s\n", run::sizeText(c.size).c_str(),
            run::fixed(c.gbps, 3).c_str(), run::fixed(c.messagesPerS / 1e6, 4).c_str(), lat[0].c_str(), lat[1].c_str(),
            lat[2].c_str(), lat[3].c_str(), lat[4].c_str(), cc.c_str(), sc.c_str());
    }
    std::printf("  %zu live samples, %zu counter samples\n", r.samples.size(), r.counters.size());
}

} // namespace

int reportCommand(int argc, char** argv)
{
    Args args({ "help" }, { "pdf", "csv", "samples-csv", "counters-csv", "json", "findings", "apply-journal" });
    if (auto error = args.parse(argc, argv, 2); !error.empty())
        return usage(error);
    if (args.flag("help")) {
        std::fputs(kHelp, stdout);
        return ExitOk;
    }
    if (args.positional().empty())
        return usage("give at least one run file");
    std::string findings, journal;
    for (auto [option, into] : { std::pair { "findings", &findings }, std::pair { "apply-journal", &journal } }) {
        if (auto file = args.value(option)) {
            auto text = readTextFile(*file, 16u << 20);
            if (!text)
                return usage("--" + std::string(option) + ": " + text.error().describe());
            *into = *text;
        }
    }
#ifndef RP_HAVE_PDF_REPORT
    if (args.value("pdf"))
        return usage("--pdf needs the Qt part of RoCE Pilot, and this rocepilot-cli was built without it "
                     "(RP_BUILD_GUI=OFF); CSV and JSON work");
#endif

    // Read every run first: one unreadable file fails the command before anything is written.
    std::vector<std::unique_ptr<run::Run>> runs;
    std::vector<run::NamedRun> named;
    for (const auto& path : args.positional()) {
        auto r = run::readRunFile(path);
        if (!r) {
            std::fprintf(stderr, "rocepilot-cli report: %s\n", r.error().describe().c_str());
            return ExitSomeFailed;
        }
        runs.push_back(std::make_unique<run::Run>(std::move(*r)));
        const auto& label = runs.back()->header.label;
        named.push_back({ label.empty() ? std::filesystem::path(path).filename().string() : label, runs.back().get() });
    }
    for (std::size_t i = 0; i < named.size(); ++i) {
        for (std::size_t j = 0; j < i; ++j) {
            if (named[i].name == named[j].name)
                named[i].name += " (" + std::to_string(i + 1) + ")";
        }
    }

    int status = ExitOk;
    auto write = [&](const char* option, auto make) {
        auto file = args.value(option);
        if (!file)
            return;
        auto ok = writeOut(*file, make());
        if (!ok) {
            std::fprintf(stderr, "rocepilot-cli report: --%s: %s\n", option, ok.error().describe().c_str());
            status = ExitSomeFailed;
        }
    };
    write("csv", [&] { return run::summaryCsv(named); });
    write("samples-csv", [&] { return run::samplesCsv(named); });
    write("counters-csv", [&] { return run::countersCsv(named); });
    write("json", [&] { return run::reportJson(named); });
#ifdef RP_HAVE_PDF_REPORT
    if (auto file = args.value("pdf")) {
        // QPdfWriter needs a QGuiApplication for its fonts, not a display.
        std::unique_ptr<QGuiApplication> app;
        if (!QGuiApplication::instance()) {
            if (!std::getenv("QT_QPA_PLATFORM"))
                ::setenv("QT_QPA_PLATFORM", "offscreen", 1);
            static int qtArgc = 1;
            static char name[] = "rocepilot-cli";
            static char* qtArgv[] = { name, nullptr };
            app = std::make_unique<QGuiApplication>(qtArgc, qtArgv);
        }
        ui::PdfReportInput input;
        input.runs = named;
        input.findingsJson = findings;
        input.applyJournalJson = journal;
        auto ok = ui::writePdfReport(input, *file);
        if (!ok) {
            std::fprintf(stderr, "rocepilot-cli report: --pdf: %s\n", ok.error().describe().c_str());
            status = ExitSomeFailed;
        }
    }
#endif
    const bool anyOutput = args.value("pdf") || args.value("csv") || args.value("samples-csv")
        || args.value("counters-csv") || args.value("json");
    if (!anyOutput) {
        for (const auto& n : named)
            printRun(n.name, *n.run);
    } else if (args.value("json") != "-") {
        for (const auto& n : named) {
            for (const auto& w : n.run->warnings)
                std::fprintf(stderr, "%s: warning: %s\n", n.name.c_str(), w.c_str());
        }
    }
    return status;
}

} // namespace rp::cli

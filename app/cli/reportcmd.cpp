// SPDX-License-Identifier: GPL-3.0-or-later
#include "args.h"
#include "commands.h"
#include "fabricreportcmd.h"

#include "run/checks.h"
#include "run/run.h"
#include "run/summary.h"
#include "run/tables.h"
#include "util/files.h"
#include "util/format.h"

#include <nlohmann/json.hpp>

#ifdef RP_HAVE_PDF_REPORT
#include "reportpdf.h"

#include <QGuiApplication>
#endif

#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <memory>
#include <mutex>
#include <optional>
#include <thread>
#include <time.h>

namespace rp::cli {
namespace {

const char* kReportHelp = R"(usage: rocepilot-cli report RUN... [--pdf FILE] [--csv FILE] [--json FILE] [options]
       rocepilot-cli report FABRICRUN [--pdf FILE] [--csv FILE] [--findings-csv FILE] [--json FILE]

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
  --findings FILE       the troubleshooter's findings ('rocepilot-cli diagnose --json'):
                        a section of the PDF, a check of the verdict, part of the JSON
  --apply-journal FILE  the apply journal (JSON) to include, when the run does not carry one
  --site NAME           where the test ran, on the PDF's cover
  --operator NAME       who ran it, on the PDF's cover
  --no-attach           do not embed the summary CSV and the JSON in the PDF
  --pdf-a               write PDF/A-1b (for archives; PDF/A-1 allows no attachments)
  --timings             print how long each part took (stderr)
  --help                this text

A saved fabric run ('rocepilot-cli fabric check|watch --save FILE', schema rocepilot-fabric-run/1,
docs/fabric-api.md) is recognised by its first line and gets the fabric report: the verdict
(ready or not) with the open findings, what was checked, the host x host matrix (ToR x ToR above
64 hosts), the worst pairs, every finding, the GID x GID matrix of each failing pair, what was
probed and the commands that repeat each failing cell. --csv is then one row per directed cell,
--findings-csv one row per finding, --json the rocepilot-fabric-report/1 document; with no output
option the verdict and the worst pairs are printed. One fabric run per call, never mixed with
test runs.

A run that did not finish (the test was killed) is reported with what it kept, and says so.
An output file that exists is replaced when it is a regular file; a directory, device, FIFO or
symbolic link is refused, and so is an output that is also an input or another output.
exit codes: 0 written, 1 a run could not be read or a file not written, 2 usage error
)";

double threadCpuS()
{
    timespec ts {};
    ::clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return static_cast<double>(ts.tv_sec) + static_cast<double>(ts.tv_nsec) * 1e-9;
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
            lat[0] = fixed(c.latency->minUs, 2);
            lat[1] = fixed(c.latency->p50Us, 2);
            lat[2] = fixed(c.latency->p99Us, 2);
            lat[3] = fixed(c.latency->p999Us, 2);
            lat[4] = fixed(c.latency->maxUs, 2);
        }
        const std::string cc = c.cpu.wallS > 0 ? fixed(c.cpu.percent(), 0) + "%" : "-";
        const std::string sc
            = s.report.server && s.report.server->cpu.wallS > 0 ? fixed(s.report.server->cpu.percent(), 0) + "%" : "-";
        std::printf("  %10s %10s %9s %9s %9s %9s %9s %8s %8s %8s\n", sizeText(c.size).c_str(), fixed(c.gbps, 3).c_str(),
            fixed(c.messagesPerS / 1e6, 4).c_str(), lat[0].c_str(), lat[1].c_str(), lat[2].c_str(), lat[3].c_str(),
            lat[4].c_str(), cc.c_str(), sc.c_str());
    }
    std::printf("  %zu live samples, %zu counter samples\n", r.samples.size(), r.counters.size());
}

} // namespace

int reportCommand(int argc, char** argv)
{
    Args args({ "help", "timings", "no-attach", "pdf-a" },
        { "pdf", "csv", "samples-csv", "counters-csv", "findings-csv", "json", "findings", "apply-journal", "site",
            "operator" });
    if (auto done = parseOrHelp(args, argc, argv, 2, "report", kReportHelp))
        return *done;
    if (args.positional().empty())
        return usageError("report", "give at least one run file");
    // Every output is checked before anything is read or written: none may be an input, a second output, or
    // anything but a regular file (a device, FIFO or symlink is never replaced).
    std::vector<std::string> inputs = args.positional();
    for (const char* option : { "findings", "apply-journal" })
        if (auto file = args.value(option))
            inputs.push_back(*file);
    std::vector<std::string> outputs;
    for (const char* option : { "pdf", "csv", "samples-csv", "counters-csv", "findings-csv", "json" })
        if (auto file = args.value(option))
            outputs.push_back(*file);
    if (auto ok = checkOutputPaths(outputs, inputs); !ok)
        return usageError("report", ok.error().describe());
    // A fabric run (its first line says so) gets the fabric report: alone, never mixed with test runs.
    std::optional<std::string> fabricRun;
    for (const auto& path : args.positional()) {
        if (isFabricRunFile(path)) {
            if (fabricRun)
                return usageError("report", path + ": a second fabric run: give one fabric run per report");
            fabricRun = path;
        }
    }
    if (fabricRun) {
        for (const auto& path : args.positional()) {
            if (path != *fabricRun)
                return usageError("report",
                    path + ": a test run given with the fabric run " + *fabricRun
                        + ": report test runs and a fabric run in separate calls");
        }
        if (const auto bad = fabricReportBadOptions(args); !bad.empty())
            return usageError("report", bad);
    } else if (args.value("findings-csv")) {
        return usageError("report", "--findings-csv is for a fabric run (the test runs' findings are in the PDF)");
    }
    std::string findings, journal;
    for (auto [option, into] : { std::pair { "findings", &findings }, std::pair { "apply-journal", &journal } }) {
        if (auto file = args.value(option)) {
            auto text = readTextFile(*file, 16u << 20);
            if (!text)
                return usageError("report", "--" + std::string(option) + ": " + text.error().describe());
            *into = *text;
        }
    }
    // Given but unreadable is an error, not a report that silently lacks them.
    if (args.value("findings") && !run::parseFindings(findings).ok)
        return usageError("report",
            "--findings: " + *args.value("findings")
                + ": not a findings document (the JSON of 'rocepilot-cli diagnose --json')");
    if (args.value("apply-journal")) {
        auto parsed = nlohmann::json::parse(journal, nullptr, false);
        if (parsed.is_discarded() || !parsed.is_object())
            return usageError("report",
                "--apply-journal: " + *args.value("apply-journal") + ": not a JSON journal (an apply journal file)");
    }
#ifndef RP_HAVE_PDF_REPORT
    if (args.value("pdf"))
        return usageError("report",
            "--pdf needs the Qt part of RoCE Pilot, and this rocepilot-cli was built without it "
            "(RP_BUILD_GUI=OFF); CSV and JSON work");
#endif

    // PDF fonts come from a QGuiApplication: started on this thread while a second one reads the runs.
    // --timings: wall and this thread's CPU time per part (on a busy machine the wall time says more about the
    // neighbours than about the report).
    struct Mark
    {
        std::chrono::steady_clock::time_point wall = std::chrono::steady_clock::now();
        double cpu = threadCpuS();
    };
    const Mark t0;
    struct Timing
    {
        std::string what;
        double wall, cpu;
    };
    std::vector<Timing> timings;
    std::mutex timingsMutex;
    auto lap = [&](const char* what, const Mark& since) {
        const Mark now;
        std::lock_guard lock(timingsMutex);
        timings.push_back({ what, std::chrono::duration<double>(now.wall - since.wall).count(), now.cpu - since.cpu });
    };

    // Read every run first: one unreadable file fails the command before anything is written.
    std::vector<std::unique_ptr<run::Run>> runs(args.positional().size());
    std::vector<std::optional<Error>> readErrors(runs.size());
    std::vector<run::RunSummary> summaries(runs.size());
    std::optional<Result<fabric::FabricRun>> fabricRead;
    std::thread reader([&] {
        const Mark t;
        if (fabricRun) {
            fabricRead = fabric::readFabricRun(*fabricRun);
            lap("read run", t);
            return;
        }
        for (std::size_t i = 0; i < runs.size(); ++i) {
            auto r = run::loadRunFile(args.positional()[i]);
            if (!r) {
                readErrors[i] = r.error();
                return;
            }
            runs[i] = std::make_unique<run::Run>(std::move(*r));
        }
        lap("read runs", t);
    });
#ifdef RP_HAVE_PDF_REPORT
    // Qt warns on every start without XDG_RUNTIME_DIR (cron, sudo, a container): a private one for this run.
    struct RuntimeDir
    {
        std::string path;
        ~RuntimeDir()
        {
            std::error_code ec;
            if (!path.empty())
                std::filesystem::remove_all(path, ec);
        }
    } runtimeDir;
    std::unique_ptr<QGuiApplication> app; // after runtimeDir: gone before the folder is removed
    if (args.value("pdf") && !QGuiApplication::instance()) {
        const Mark t;
        if (!std::getenv("QT_QPA_PLATFORM"))
            ::setenv("QT_QPA_PLATFORM", "offscreen", 1);
        std::error_code ec;
        if (const auto tmp = std::filesystem::temp_directory_path(ec); !std::getenv("XDG_RUNTIME_DIR") && !ec) {
            std::string dir = (tmp / "rocepilot-runtime-XXXXXX").string();
            if (::mkdtemp(dir.data())) {
                runtimeDir.path = dir;
                ::setenv("XDG_RUNTIME_DIR", dir.c_str(), 1);
            }
        }
        static int qtArgc = 1;
        static char name[] = "rocepilot-cli";
        static char* qtArgv[] = { name, nullptr };
        app = std::make_unique<QGuiApplication>(qtArgc, qtArgv);
        lap("start Qt", t);
    }
#endif
    reader.join();
    if (fabricRead) {
        if (!*fabricRead) {
            std::fprintf(stderr, "rocepilot-cli report: %s\n", fabricRead->error().describe().c_str());
            return ExitSomeFailed;
        }
        const Mark t;
        const int done = fabricReport(args, *fabricRun, **fabricRead);
        lap("fabric report", t);
        if (args.flag("timings")) {
            for (const auto& m : timings)
                std::fprintf(stderr, "timing: %-14s %.3f s wall, %.3f s CPU\n", m.what.c_str(), m.wall, m.cpu);
            std::fprintf(stderr, "timing: %-14s %.3f s wall\n", "total",
                std::chrono::duration<double>(std::chrono::steady_clock::now() - t0.wall).count());
        }
        return done;
    }
    for (const auto& e : readErrors) {
        if (e) {
            std::fprintf(stderr, "rocepilot-cli report: %s\n", e->describe().c_str());
            return ExitSomeFailed;
        }
    }
    std::vector<run::NamedRun> named;
    for (std::size_t i = 0; i < runs.size(); ++i) {
        const auto& label = runs[i]->header.label;
        named.push_back({ label.empty() ? std::filesystem::path(args.positional()[i]).filename().string() : label,
            runs[i].get(), &summaries[i] });
    }
    for (std::size_t i = 0; i < named.size(); ++i) {
        for (std::size_t j = 0; j < i; ++j) {
            if (named[i].name == named[j].name)
                named[i].name += " (" + std::to_string(i + 1) + ")";
        }
    }

    // The CSV and JSON files on other threads while this one draws the PDF (two cores).
    std::atomic<int> status = ExitOk;
    auto report = [&](const char* option, const Result<void>& ok) {
        if (!ok) {
            std::fprintf(stderr, "rocepilot-cli report: --%s: %s\n", option, ok.error().describe().c_str());
            status = ExitSomeFailed;
        }
    };
    // The raw rows need no summary: they start at once, beside the summaries and the PDF.
    std::thread raw([&] {
        const Mark t;
        if (auto file = args.value("samples-csv"))
            report("samples-csv", run::writeSamplesCsv(named, *file));
        if (auto file = args.value("counters-csv"))
            report("counters-csv", run::writeReportFile(*file, run::countersCsv(named)));
        lap("raw CSV", t);
    });
    {
        const Mark t;
        for (std::size_t i = 0; i < runs.size(); ++i)
            summaries[i] = run::summarize(*runs[i], findings);
        lap("summarize", t);
    }
    std::thread tables([&] {
        const Mark t;
        if (auto file = args.value("csv"))
            report("csv", run::writeReportFile(*file, run::summaryCsv(named)));
        if (auto file = args.value("json"))
            report("json", run::writeReportFile(*file, run::reportJson(named, findings)));
        lap("CSV + JSON", t);
    });
#ifdef RP_HAVE_PDF_REPORT
    if (auto file = args.value("pdf")) {
        const Mark t;
        ui::PdfReportInput input;
        input.runs = named;
        input.findingsJson = findings;
        input.applyJournalJson = journal;
        input.pdfA = args.flag("pdf-a");
        input.attach = !args.flag("no-attach");
        input.site = args.value("site").value_or("");
        input.operatorName = args.value("operator").value_or("");
        report("pdf", ui::writePdfReport(input, *file));
        lap("PDF", t);
    }
#endif
    tables.join();
    raw.join();
    if (args.flag("timings")) {
        for (const auto& t : timings)
            std::fprintf(stderr, "timing: %-10s %.3f s wall, %.3f s CPU\n", t.what.c_str(), t.wall, t.cpu);
        std::fprintf(stderr, "timing: %-10s %.3f s wall\n", "total",
            std::chrono::duration<double>(std::chrono::steady_clock::now() - t0.wall).count());
    }
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
    return status.load();
}

} // namespace rp::cli

// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The pass/fail checks of a saved run (completed, data verified, lossless fabric, repeatable, tail latency, the
// troubleshooter's findings), each with what to do when it did not pass; the verdict over them; the commands that
// repeat the run. run/summary.h gathers them into a run's summary.

#include "run/run.h"

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace rp::run {

struct RunSummary;

/// A troubleshooter finding as a report shows it: read from `rocepilot-cli diagnose --json` (core/diagnose
/// reportToJson: rule, check, title, severity, hosts, evidence, explanation, fixes) or from a plain list of
/// {severity, title, message, fix} objects.
struct FindingBrief
{
    std::string severity; ///< "error", "warning", "info" (as given, lower case)
    std::string rule, check, title, explanation;
    std::vector<std::string> hosts;
    std::vector<std::string> evidence; ///< "host: subject = value (where)"
    std::vector<std::pair<std::string, std::string>> fixes; ///< target (platform) -> the commands
};
/// Findings out of a findings document; `ok` false when the text is not JSON or has no list of findings.
struct Findings
{
    bool ok = false;
    std::vector<FindingBrief> list;
};
Findings parseFindings(std::string_view json);

/// One pass/fail check of a run, with what to do when it did not pass.
struct Check
{
    std::string id; ///< stable: "run.completed", "data.verified", "fabric.lossless", "repeat.cv", "latency.tail",
                    ///< "troubleshooter"
    std::string title;
    std::string result; ///< "pass", "warn", "fail", "skipped" (the data to judge was not there)
    std::string detail; ///< what was seen, with the numbers
    std::string remedy; ///< what to do; "" when it passed
};

/// The commands that repeat the run: RoCE Pilot's own and the perftest pair an admin can run by hand.
struct Repro
{
    std::string rocepilot; ///< the recorded command line, else one built from the settings
    struct Perftest
    {
        std::uint64_t size = 0;
        std::string server, client; ///< shell lines (every token quoted where needed)
    };
    std::vector<Perftest> perftest; ///< one pair per size; empty when perftest has no such test (TCP, write-imm)
    std::string perftestNote; ///< why there is none, or what differs from our engine
};

/// The verdict of several checks: "fail" if one failed, else "warn" if one warned, else "pass".
std::string verdictOf(const std::vector<Check>& checks);

/// The checks of a run, judged on its summary (`s`: what summarize() has gathered so far, all but the checks,
/// the verdict and the repro). `findingsJson` is used when the run carries no findings of its own.
std::vector<Check> checksOf(const Run& run, const RunSummary& s, std::string_view findingsJson);
/// The commands that repeat the run.
Repro reproOf(const Run& run);

} // namespace rp::run

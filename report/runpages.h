// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Internal to rp_report (not its API): the pages about one run: its environment (hosts, devices, topology,
// settings, profile, journal, host configuration), its per-size tables, its anomalies and what to do.

#include "reportsection.h"

namespace rp::ui {

class RunPages : public ReportSection
{
    Q_DECLARE_TR_FUNCTIONS(ReportPdf)
public:
    using ReportSection::ReportSection;
    void environment(const run::NamedRun& r);
    void tables(const run::NamedRun& r);
    void anomalies(const run::NamedRun& r);
    void remediation(const run::NamedRun& r);

private:
    void topology(const run::NamedRun& r);
    void hostConfig(const run::NamedRun& r);
};

} // namespace rp::ui

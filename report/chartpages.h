// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Internal to rp_report (not its API): the charts: one run's throughput, latency, CPU and counter rates on the
// run's time axis, and the size sweeps of all runs on log axes.

#include "reportsection.h"

namespace rp::ui {

class ChartPages : public ReportSection
{
    Q_DECLARE_TR_FUNCTIONS(ReportPdf)
public:
    using ReportSection::ReportSection;
    void charts(const run::NamedRun& r);
    void sweeps(const std::vector<run::NamedRun>& runs);

private:
    using Series = PdfPage::Series;
    using Axis = PdfPage::Axis;
};

} // namespace rp::ui

// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Internal to rp_report (not its API): the first pages of the PDF report: the title, the verdict of all runs
// in a banner, the result of each run in a sentence, the runs at a glance, the checks, the troubleshooter's findings.

#include "reportsection.h"

namespace rp::ui {

class CoverPages : public ReportSection
{
    Q_DECLARE_TR_FUNCTIONS(ReportPdf)
public:
    using ReportSection::ReportSection;
    void cover();
    void findings();

private:
    void verdictBanner();
    void checksTable();
};

} // namespace rp::ui

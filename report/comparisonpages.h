// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Internal to rp_report (not its API): runs side by side: two to four runs compared size by size, and many
// pairs (one-to-many, all-to-all) as a host x host matrix with the worst pairs.

#include "reportsection.h"

namespace rp::ui {

class ComparisonPages : public ReportSection
{
    Q_DECLARE_TR_FUNCTIONS(ReportPdf)
public:
    using ReportSection::ReportSection;
    void comparison();
    void pairs();
};

} // namespace rp::ui

// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Internal to rp_report (not its API): the PDF report as a whole: which parts come in which order, and which
// runs get their own pages when there are many pairs.

#include "chartpages.h"
#include "comparisonpages.h"
#include "coverpages.h"
#include "pdfpage.h"
#include "reportpdf.h"
#include "reportsection.h"
#include "runpages.h"

#include <QCoreApplication>

class QPdfWriter;

namespace rp::ui {

class ReportDocument
{
    Q_DECLARE_TR_FUNCTIONS(ReportPdf)
public:
    ReportDocument(QPdfWriter& writer, const PdfReportInput& input);
    bool write();

private:
    const PdfReportInput& m_input;
    PdfPage m_pdf;
    ReportSection::Summaries m_summaries;
    CoverPages m_cover;
    RunPages m_runs;
    ChartPages m_charts;
    ComparisonPages m_comparison;
};

} // namespace rp::ui

// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Internal to rp_report (not its API): what every part of the PDF report shares: the page it draws on, the
// runs it reports (with each run's summary, made once) and the words and colours of a verdict.

#include "pdfpage.h"
#include "reportpdf.h"

#include <QColor>
#include <QCoreApplication>
#include <QString>

#include <map>
#include <string>

namespace rp::ui {

class ReportSection
{
    Q_DECLARE_TR_FUNCTIONS(ReportPdf)
public:
    using Summaries = std::map<const run::Run*, run::RunSummary>;
    /// `summaries`: the cache every section of one report shares.
    ReportSection(PdfPage& pdf, const PdfReportInput& input, Summaries& summaries);

protected:
    /// summarize() once per run: it sorts every live sample, and the cover, the tables and the comparison all
    /// need it (a million-sample run: ~0.1 s each time).
    const run::RunSummary& summaryOf(const run::Run& r);
    static QColor verdictColor(const std::string& result);
    static QString verdictText(const std::string& result);
    static QString resultText(const std::string& result);

    PdfPage& m_pdf;
    QPainter& m_p; ///< m_pdf's painter, for the sections that draw their own shapes
    const PdfReportInput& m_input;

private:
    Summaries& m_summaries;
};

} // namespace rp::ui

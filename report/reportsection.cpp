// SPDX-License-Identifier: GPL-3.0-or-later
#include "reportsection.h"

namespace rp::ui {

ReportSection::ReportSection(PdfPage& pdf, const PdfReportInput& input, Summaries& summaries)
    : m_pdf(pdf)
    , m_p(pdf.painter())
    , m_input(input)
    , m_summaries(summaries)
{ }

const run::RunSummary& ReportSection::summaryOf(const run::Run& r)
{
    for (const auto& n : m_input.runs) {
        if (n.run == &r && n.summary)
            return *n.summary;
    }
    auto it = m_summaries.find(&r);
    if (it == m_summaries.end())
        it = m_summaries.emplace(&r, run::summarize(r, m_input.findingsJson)).first;
    return it->second;
}

QColor ReportSection::verdictColor(const std::string& result)
{
    if (result == "pass")
        return QColor(0x1a, 0x7f, 0x37);
    if (result == "warn")
        return QColor(0xb3, 0x59, 0x00);
    if (result == "fail")
        return QColor(0xb0, 0x1c, 0x1c);
    return QColor(0x66, 0x66, 0x66);
}

QString ReportSection::verdictText(const std::string& result)
{
    if (result == "pass")
        return tr("PASS");
    if (result == "warn")
        return tr("PASS with warnings");
    if (result == "fail")
        return tr("FAIL");
    return tr("not judged");
}

QString ReportSection::resultText(const std::string& result)
{
    if (result == "pass")
        return tr("pass");
    if (result == "warn")
        return tr("warning");
    if (result == "fail")
        return tr("FAIL");
    return tr("not checked");
}

} // namespace rp::ui

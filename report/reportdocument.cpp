// SPDX-License-Identifier: GPL-3.0-or-later
#include "reportdocument.h"

#include <set>

namespace rp::ui {

ReportDocument::ReportDocument(QPdfWriter& writer, const PdfReportInput& input)
    : m_input(input)
    , m_pdf(writer)
    , m_cover(m_pdf, input, m_summaries)
    , m_runs(m_pdf, input, m_summaries)
    , m_charts(m_pdf, input, m_summaries)
    , m_comparison(m_pdf, input, m_summaries)
{ }

bool ReportDocument::write()
{
    if (!m_pdf.begin())
        return false;
    // Many pairs (one-to-many, all-to-all): the matrix and the worst pairs first, then the details of those worst
    // pairs only; every run's numbers are in the attached CSV and JSON.
    const auto matrix = run::pairMatrix(m_input.runs);
    std::vector<run::NamedRun> detail;
    if (matrix && m_input.runs.size() > 4) {
        std::set<std::size_t> worst;
        for (auto i : matrix->worst)
            worst.insert(matrix->cells[i].run);
        for (auto i : worst)
            detail.push_back(m_input.runs[i]);
    } else {
        detail = m_input.runs;
    }
    m_cover.cover();
    m_cover.findings();
    if (detail.size() < m_input.runs.size()) {
        m_comparison.pairs();
        m_pdf.paragraph(tr("The following pages give the details of these %1 worst pairs; every pair's numbers are in "
                           "the attached summary CSV and JSON.")
                            .arg(detail.size()),
            8.5, false, QColor(0x44, 0x44, 0x44));
    }
    for (const auto& n : detail) {
        m_pdf.newPage();
        m_runs.environment(n);
    }
    for (const auto& n : detail)
        m_charts.charts(n);
    m_charts.sweeps(detail);
    for (const auto& n : detail) {
        m_pdf.newPage();
        m_runs.tables(n);
        m_runs.anomalies(n);
        m_pdf.ensure(320); // the verdict and its commands together, on this page when they fit
        m_pdf.skip(10);
        m_runs.remediation(n);
    }
    m_comparison.comparison();
    if (detail.size() == m_input.runs.size())
        m_comparison.pairs();
    m_pdf.footer();
    return m_pdf.end();
}

} // namespace rp::ui

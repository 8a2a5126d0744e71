// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Internal to rp_report (not its API): the PDF report of a saved fabric run, section by section in the order an
// admin reads it: the verdict with the findings still open, what was checked, the host x host matrix (ToR x ToR
// above 64 hosts), the worst pairs, every finding with its evidence and fix, the GID x GID matrix of each failing
// pair, and what was probed with the commands that repeat each failing cell. Everything is drawn (rects and text):
// no raster image.

#include "pdfpage.h"
#include "reportpdf.h"

#include <QCoreApplication>
#include <QString>

#include <functional>
#include <optional>
#include <vector>

namespace rp::ui {

class FabricPages
{
    Q_DECLARE_TR_FUNCTIONS(ReportPdf)
public:
    FabricPages(PdfPage& pdf, const FabricPdfInput& input);
    /// Every section in order; false when the painter could not start or end.
    bool write();

    /// What a matrix cell shows: loss over cells expected to work, the highest p99, and whether any cell of it
    /// failed against expectation (red) or only by design (grey).
    struct MatrixCell
    {
        double lossPercent = 0.0;
        double rttP99Us = 0.0;
        bool failing = false;
        bool designedOnly = false;
    };

private:
    void cover();
    void checked();
    void matrix();
    void worstPairs();
    void findings();
    void gidMatrices();
    void probed();
    void grid(const QString& rowTitle, const QString& columnTitle, const QStringList& rows, const QStringList& columns,
        const std::function<std::optional<MatrixCell>(std::size_t, std::size_t)>& cellAt);
    QString reasonText(fabric::Reason reason) const;

    PdfPage& m_pdf;
    QPainter& m_p;
    const FabricPdfInput& m_input;
    const fabric::FabricRun& m_run;
    const fabric::FabricReport& m_report;
};

} // namespace rp::ui

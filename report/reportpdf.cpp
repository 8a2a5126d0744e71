// SPDX-License-Identifier: GPL-3.0-or-later
#include "reportpdf.h"

#include "fabricpages.h"
#include "reportdocument.h"
#include "run/tables.h"
#include "util/files.h"

#include <QBuffer>
#include <QCoreApplication>
#include <QPageSize>
#include <QPdfWriter>

#include <functional>

namespace rp::ui {

namespace {

using Attachments = std::vector<std::pair<std::string, std::string>>;

/// Both reports' frame: an A4 PDF rendered in memory by `draw`, then written beside the target and renamed, so a
/// failed run never leaves half a PDF. PDF/A-1 allows no attachments: they are left out there.
Result<void> renderPdf(const std::string& path, const QString& title, bool pdfA, const Attachments& attachments,
    const std::function<bool(QPdfWriter&)>& draw)
{
    if (!QCoreApplication::instance())
        return fail(ErrorKind::Internal, "the PDF report needs a QGuiApplication", path);
    QBuffer pdf;
    pdf.open(QIODevice::WriteOnly);
    {
        QPdfWriter writer(&pdf);
        writer.setPageSize(QPageSize(QPageSize::A4));
        writer.setPageMargins(QMarginsF(0, 0, 0, 0));
        writer.setResolution(72);
        writer.setCreator(QStringLiteral("RoCE Pilot"));
        writer.setTitle(title);
        if (pdfA)
            writer.setPdfVersion(QPagedPaintDevice::PdfVersion_A1b);
        for (const auto& [name, data] : pdfA ? Attachments {} : attachments) {
            const QString n = QString::fromStdString(name);
            writer.addFileAttachment(n, QByteArray::fromStdString(data),
                n.endsWith(QStringLiteral(".json")) ? QStringLiteral("application/json") : QStringLiteral("text/csv"));
        }
        if (!draw(writer))
            return fail(ErrorKind::Io, "cannot write the PDF", path);
    }
    if (auto ok = writeFileAtomically(path, pdf.data().toStdString()); !ok)
        return fail(ErrorKind::Io, "cannot write the PDF (" + ok.error().message + ")", path);
    return {};
}

} // namespace

Result<void> writePdfReport(const PdfReportInput& input, const std::string& path)
{
    if (input.runs.empty())
        return fail(ErrorKind::Usage, "no run to report");
    // The numbers travel with the PDF unless the caller chose otherwise.
    Attachments attachments = input.attachments;
    if (input.attach && attachments.empty() && !input.pdfA) {
        attachments.emplace_back("summary.csv", run::summaryCsv(input.runs));
        attachments.emplace_back("report.json", run::reportJson(input.runs, input.findingsJson));
    }
    return renderPdf(path, ReportDocument::tr("RoCE performance test report"), input.pdfA, attachments,
        [&input](QPdfWriter& writer) { return ReportDocument(writer, input).write(); });
}

Result<void> writeFabricPdfReport(const FabricPdfInput& input, const std::string& path)
{
    if (!input.run || !input.report)
        return fail(ErrorKind::Usage, "no fabric run to report");
    return renderPdf(
        path, FabricPages::tr("RoCE fabric check report"), input.pdfA, input.attachments, [&input](QPdfWriter& writer) {
            PdfPage page(writer);
            return FabricPages(page, input).write();
        });
}

} // namespace rp::ui

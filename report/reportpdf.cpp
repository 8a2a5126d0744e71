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

namespace rp::ui {

Result<void> writePdfReport(const PdfReportInput& input, const std::string& path)
{
    if (input.runs.empty())
        return fail(ErrorKind::Usage, "no run to report");
    if (!QCoreApplication::instance())
        return fail(ErrorKind::Internal, "the PDF report needs a QGuiApplication", path);
    // Rendered in memory, then written beside the target and renamed: a failed run never leaves half a PDF.
    QBuffer pdf;
    pdf.open(QIODevice::WriteOnly);
    {
        QPdfWriter writer(&pdf);
        writer.setPageSize(QPageSize(QPageSize::A4));
        writer.setPageMargins(QMarginsF(0, 0, 0, 0));
        writer.setResolution(72);
        writer.setCreator(QStringLiteral("RoCE Pilot"));
        writer.setTitle(ReportDocument::tr("RoCE performance test report"));
        if (input.pdfA)
            writer.setPdfVersion(QPagedPaintDevice::PdfVersion_A1b);
        // The numbers travel with the PDF unless the caller chose otherwise (PDF/A-1 allows no attachments).
        std::vector<std::pair<std::string, std::string>> attachments = input.attachments;
        if (input.attach && attachments.empty() && !input.pdfA) {
            attachments.emplace_back("summary.csv", run::summaryCsv(input.runs));
            attachments.emplace_back("report.json", run::reportJson(input.runs, input.findingsJson));
        }
        for (const auto& [name, data] : attachments) {
            const QString n = QString::fromStdString(name);
            writer.addFileAttachment(n, QByteArray::fromStdString(data),
                n.endsWith(QStringLiteral(".json")) ? QStringLiteral("application/json") : QStringLiteral("text/csv"));
        }
        ReportDocument report(writer, input);
        if (!report.write())
            return fail(ErrorKind::Io, "cannot write the PDF", path);
    }
    if (auto ok = writeFileAtomically(path, pdf.data().toStdString()); !ok)
        return fail(ErrorKind::Io, "cannot write the PDF (" + ok.error().message + ")", path);
    return {};
}

Result<void> writeFabricPdfReport(const FabricPdfInput& input, const std::string& path)
{
    if (!input.run || !input.report)
        return fail(ErrorKind::Usage, "no fabric run to report");
    if (!QCoreApplication::instance())
        return fail(ErrorKind::Internal, "the PDF report needs a QGuiApplication", path);
    // As writePdfReport: rendered in memory, then written beside the target and renamed.
    QBuffer pdf;
    pdf.open(QIODevice::WriteOnly);
    {
        QPdfWriter writer(&pdf);
        writer.setPageSize(QPageSize(QPageSize::A4));
        writer.setPageMargins(QMarginsF(0, 0, 0, 0));
        writer.setResolution(72);
        writer.setCreator(QStringLiteral("RoCE Pilot"));
        writer.setTitle(FabricPages::tr("RoCE fabric check report"));
        if (input.pdfA)
            writer.setPdfVersion(QPagedPaintDevice::PdfVersion_A1b);
        if (!input.pdfA) {
            for (const auto& [name, data] : input.attachments) {
                const QString n = QString::fromStdString(name);
                writer.addFileAttachment(n, QByteArray::fromStdString(data),
                    n.endsWith(QStringLiteral(".json")) ? QStringLiteral("application/json")
                                                        : QStringLiteral("text/csv"));
            }
        }
        PdfPage page(writer);
        FabricPages report(page, input);
        if (!report.write())
            return fail(ErrorKind::Io, "cannot write the PDF", path);
    }
    if (auto ok = writeFileAtomically(path, pdf.data().toStdString()); !ok)
        return fail(ErrorKind::Io, "cannot write the PDF (" + ok.error().message + ")", path);
    return {};
}

} // namespace rp::ui

// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Internal to rp_report (not its API): the page layout of the PDF report. Text flows down the page from m_y and
// a new page starts when the next block would not fit; tables repeat their header on each page; charts draw at
// most two points per output column.

#include <QColor>
#include <QCoreApplication>
#include <QFont>
#include <QPainter>
#include <QPointF>
#include <QRectF>
#include <QString>
#include <QStringList>

#include <string>
#include <vector>

class QPdfWriter;
class QPaintDevice;

namespace rp::ui {

QString q(const std::string& s);
/// The same rounding as the CLI's tables and the CSV readers' printf (Qt's own rounds 2.895 up, printf down).
QString num(double v, int digits);
QString bytesText(double v);

class PdfPage
{
    Q_DECLARE_TR_FUNCTIONS(ReportPdf)
public:
    // units: points, A4 595 x 842
    static constexpr double kPageW = 595, kPageH = 842, kMargin = 46;

    explicit PdfPage(QPdfWriter& writer);
    bool begin();
    bool end() { return m_p.end(); }

    double contentW() const { return kPageW - 2 * kMargin; }
    /// Where the next block goes, from the top of the page.
    double y() const { return m_y; }
    void setY(double y) { m_y = y; }
    void skip(double dy) { m_y += dy; }
    QPainter& painter() { return m_p; }
    /// For QFontMetricsF: the metrics of the PDF, not of a screen.
    QPaintDevice* device() const;
    const QString& family() const { return m_family; }

    void newPage();
    void ensure(double height);
    void heading(const QString& text, int level = 1);
    void paragraph(const QString& text, double size = 9.5, bool bold = false, const QColor& color = Qt::black);
    void mono(const QString& text, int maxLines);
    /// `colors`, when given, colours column `colorColumn` of each row (a verdict, a result).
    void table(const QStringList& header, const std::vector<QStringList>& rows, const std::vector<double>& widths,
        int rightFrom = 1, const std::vector<QColor>* colors = nullptr, int colorColumn = -1);
    void footer();
    /// The footer's left text: "RoCE Pilot test report" unless set (the fabric report sets its own).
    void setFooterTitle(const QString& title) { m_footerTitle = title; }
    /// Every font goes through here: no shaping, so no ligatures: "fi" stays two letters that pdftotext,
    /// search and copy-paste read as "fi", not U+FB01 (Latin text needs no shaping).
    void setFont(QFont font)
    {
        font.setStyleStrategy(QFont::PreferNoShaping);
        m_p.setFont(font);
    }

    struct Series
    {
        QString name;
        QColor color;
        std::vector<QPointF> points; ///< in data units, sorted by x
        bool dashed = false;
        bool markers = false;
    };
    enum class Axis { Seconds, Bytes, Plain };
    void chart(const QRectF& area, const QString& title, const QString& yLabel, Axis xAxis, bool logX, bool logY,
        const std::vector<Series>& series, double xMin, double xMax, const QString& emptyNote = {});

private:
    QPdfWriter& m_writer;
    QPainter m_p;
    double m_y = kMargin;
    int m_page = 1;
    QString m_footerTitle;
    QString m_family = QStringLiteral("DejaVu Sans");
    QString m_monoFamily = QStringLiteral("DejaVu Sans Mono");
};

} // namespace rp::ui

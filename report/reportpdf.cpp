// SPDX-License-Identifier: GPL-3.0-or-later
#include "reportpdf.h"

#include "counters/counters.h"
#include "perf/protocol.h"
#include "util/files.h"
#include "util/format.h"

#include <QBuffer>
#include <QCoreApplication>
#include <QFontMetricsF>
#include <QPageSize>
#include <QPainter>
#include <QPainterPath>
#include <QPdfWriter>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <array>
#include <cmath>
#include <map>
#include <set>

namespace rp::ui {

namespace {

class ReportPdf
{
    Q_DECLARE_TR_FUNCTIONS(ReportPdf)
public:
    ReportPdf(QPdfWriter& writer, const PdfReportInput& input);
    bool write();

private:
    // layout (units: points, A4 595 x 842)
    static constexpr double kPageW = 595, kPageH = 842, kMargin = 46;
    double contentW() const { return kPageW - 2 * kMargin; }
    void newPage();
    void ensure(double height);
    void heading(const QString& text, int level = 1);
    void paragraph(const QString& text, double size = 9.5, bool bold = false, const QColor& color = Qt::black);
    void mono(const QString& text, int maxLines);
    /// `colors`, when given, colours column `colorColumn` of each row (a verdict, a result).
    void table(const QStringList& header, const std::vector<QStringList>& rows, const std::vector<double>& widths,
        int rightFrom = 1, const std::vector<QColor>* colors = nullptr, int colorColumn = -1);
    void footer();
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

    void cover();
    void environment(const run::NamedRun& r);
    void charts(const run::NamedRun& r);
    void sweeps(const std::vector<run::NamedRun>& runs);
    void tables(const run::NamedRun& r);
    void comparison();
    void findings();
    void verdictBanner();
    void checksTable();
    void topology(const run::NamedRun& r);
    void hostConfig(const run::NamedRun& r);
    void anomalies(const run::NamedRun& r);
    void remediation(const run::NamedRun& r);
    void pairs();
    static QColor verdictColor(const std::string& result);
    static QString verdictText(const std::string& result);
    static QString resultText(const std::string& result);

    /// summarize() once per run: it sorts every live sample, and the cover, the tables and the comparison all
    /// need it (a million-sample run: ~0.1 s each time).
    const run::RunSummary& summaryOf(const run::Run& r)
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
    std::map<const run::Run*, run::RunSummary> m_summaries;

    QPdfWriter& m_writer;
    const PdfReportInput& m_input;
    QPainter m_p;
    double m_y = kMargin;
    int m_page = 1;
    QString m_family = QStringLiteral("DejaVu Sans");
    QString m_monoFamily = QStringLiteral("DejaVu Sans Mono");
};

const QColor kPalette[]
    = { QColor(0x1f, 0x77, 0xb4), QColor(0xd6, 0x62, 0x0b), QColor(0x2c, 0xa0, 0x2c), QColor(0xc0, 0x1c, 0x28),
          QColor(0x94, 0x67, 0xbd), QColor(0x8c, 0x56, 0x4b), QColor(0x17, 0xbe, 0xcf), QColor(0x7f, 0x7f, 0x7f) };

QString q(const std::string& s)
{
    return QString::fromStdString(s);
}

/// The same rounding as the CLI's tables and the CSV readers' printf (Qt's own rounds 2.895 up, printf down).
QString num(double v, int digits)
{
    return QString::fromStdString(fixed(v, digits));
}

/// A step of 1, 2 or 5 x 10^n giving about `ticks` ticks over `range`.
double niceStep(double range, int ticks)
{
    if (!(range > 0))
        return 1;
    const double raw = range / ticks;
    const double mag = std::pow(10.0, std::floor(std::log10(raw)));
    const double f = raw / mag;
    return (f < 1.5 ? 1 : f < 3.5 ? 2 : f < 7.5 ? 5 : 10) * mag;
}

QString tickText(double v, double step)
{
    const int digits = step >= 1 ? 0 : std::min(6, static_cast<int>(std::ceil(-std::log10(step))));
    return QString::number(v, 'f', digits);
}

QString bytesText(double v)
{
    return q(sizeText(static_cast<std::uint64_t>(std::llround(v))));
}

} // namespace

ReportPdf::ReportPdf(QPdfWriter& writer, const PdfReportInput& input)
    : m_writer(writer)
    , m_input(input)
{ }

void ReportPdf::footer()
{
    m_p.save();
    setFont(QFont(m_family, 7));
    m_p.setPen(QColor(0x66, 0x66, 0x66));
    m_p.drawText(
        QRectF(kMargin, kPageH - 30, contentW(), 12), Qt::AlignLeft | Qt::AlignVCenter, tr("RoCE Pilot test report"));
    m_p.drawText(
        QRectF(kMargin, kPageH - 30, contentW(), 12), Qt::AlignRight | Qt::AlignVCenter, tr("page %1").arg(m_page));
    m_p.restore();
}

void ReportPdf::newPage()
{
    footer();
    m_writer.newPage();
    ++m_page;
    m_y = kMargin;
}

void ReportPdf::ensure(double height)
{
    if (m_y + height > kPageH - kMargin - 10)
        newPage();
}

void ReportPdf::heading(const QString& text, int level)
{
    const double size = level == 1 ? 15 : 11.5;
    ensure(size * 3);
    m_y += level == 1 ? 4 : 8;
    setFont(QFont(m_family, static_cast<int>(size), QFont::Bold));
    m_p.setPen(level == 1 ? QColor(0x12, 0x3a, 0x63) : Qt::black);
    QFontMetricsF fm(m_p.font(), &m_writer);
    m_p.drawText(QPointF(kMargin, m_y + fm.ascent()), text);
    m_y += fm.height() + 4;
    if (level == 1) {
        m_p.setPen(QPen(QColor(0x12, 0x3a, 0x63), 0.8));
        m_p.drawLine(QPointF(kMargin, m_y), QPointF(kMargin + contentW(), m_y));
        m_y += 6;
    }
}

void ReportPdf::paragraph(const QString& text, double size, bool bold, const QColor& color)
{
    QFont font(m_family);
    font.setPointSizeF(size);
    font.setBold(bold);
    setFont(font);
    m_p.setPen(color);
    QFontMetricsF fm(font, &m_writer);
    const QRectF bound = fm.boundingRect(QRectF(0, 0, contentW(), 10000), Qt::TextWordWrap, text);
    ensure(bound.height());
    m_p.drawText(QRectF(kMargin, m_y, contentW(), bound.height() + 2), Qt::TextWordWrap, text);
    m_y += bound.height() + size * 0.5;
}

void ReportPdf::mono(const QString& text, int maxLines)
{
    QFont font(m_monoFamily);
    font.setPointSizeF(7.5);
    setFont(font);
    m_p.setPen(QColor(0x22, 0x22, 0x22));
    QFontMetricsF fm(font, &m_writer);
    // Long lines wrap at the page width (a command line must be readable in full).
    QStringList lines;
    for (const QString& raw : text.split(QLatin1Char('\n'))) {
        QString rest = raw;
        while (fm.horizontalAdvance(rest) > contentW() - 6 && rest.size() > 1) {
            qsizetype cut = rest.size();
            while (cut > 1 && fm.horizontalAdvance(rest.left(cut)) > contentW() - 6)
                --cut;
            const qsizetype space = rest.lastIndexOf(QLatin1Char(' '), cut - 1);
            if (space > cut / 2)
                cut = space + 1;
            lines << rest.left(cut);
            rest = QStringLiteral("    ") + rest.mid(cut);
        }
        lines << rest;
    }
    const qsizetype total = lines.size();
    if (lines.size() > maxLines) {
        lines = lines.mid(0, maxLines);
        lines << tr("... (%1 more lines in the run file)").arg(total - maxLines);
    }
    for (const QString& line : std::as_const(lines)) {
        ensure(fm.height());
        m_p.drawText(QPointF(kMargin + 6, m_y + fm.ascent()), fm.elidedText(line, Qt::ElideRight, contentW() - 6));
        m_y += fm.height();
    }
    m_y += 6;
}

void ReportPdf::table(const QStringList& header, const std::vector<QStringList>& rows,
    const std::vector<double>& widths, int rightFrom, const std::vector<QColor>* colors, int colorColumn)
{
    QFont font(m_family);
    font.setPointSizeF(7.5);
    QFont bold = font;
    bold.setBold(true);
    const double rowH = QFontMetricsF(font, &m_writer).height() + 3;
    // Left-aligned (text) cells wrap onto more lines when they must; right-aligned (number) cells never do.
    auto heightOf = [&](const QStringList& cells, bool isHeader) {
        double h = rowH;
        for (int i = 0; i < cells.size() && i < static_cast<int>(widths.size()) && i < rightFrom; ++i) {
            const double w = widths[static_cast<std::size_t>(i)] * contentW();
            const QRectF b = QFontMetricsF(isHeader ? bold : font, &m_writer)
                                 .boundingRect(QRectF(0, 0, w - 4, 10000), Qt::TextWordWrap, cells[i]);
            h = std::max(h, std::min(b.height(), rowH * 6) + 3);
        }
        return h;
    };
    auto drawRow = [&](const QStringList& cells, bool isHeader, bool shaded, const QColor* color = nullptr) {
        const double h = heightOf(cells, isHeader);
        if (shaded)
            m_p.fillRect(QRectF(kMargin, m_y, contentW(), h), QColor(0xf0, 0xf3, 0xf7));
        double x = kMargin;
        for (int i = 0; i < cells.size() && i < static_cast<int>(widths.size()); ++i) {
            const bool colored = color && i == colorColumn;
            setFont(isHeader || colored ? bold : font);
            m_p.setPen(colored ? *color : QColor(Qt::black));
            const double w = widths[static_cast<std::size_t>(i)] * contentW();
            QFontMetricsF fm(m_p.font(), &m_writer);
            if (i < rightFrom && h > rowH) {
                m_p.save();
                m_p.setClipRect(QRectF(x, m_y, w, h));
                m_p.drawText(QRectF(x + 2, m_y + 1.5, w - 4, h - 1.5), Qt::AlignLeft | Qt::AlignTop | Qt::TextWordWrap,
                    cells[i]);
                m_p.restore();
            } else {
                const auto align = (i >= rightFrom ? Qt::AlignRight : Qt::AlignLeft) | Qt::AlignVCenter;
                m_p.drawText(QRectF(x + 2, m_y, w - 4, rowH), align, fm.elidedText(cells[i], Qt::ElideRight, w - 4));
            }
            x += w;
        }
        m_y += h;
        if (isHeader) {
            m_p.setPen(QPen(Qt::black, 0.6));
            m_p.drawLine(QPointF(kMargin, m_y), QPointF(kMargin + contentW(), m_y));
        }
    };
    ensure(heightOf(header, true) + rowH * static_cast<double>(std::min<std::size_t>(rows.size(), 3)));
    drawRow(header, true, false);
    for (std::size_t i = 0; i < rows.size(); ++i) {
        if (m_y + heightOf(rows[i], false) > kPageH - kMargin - 10) {
            newPage();
            drawRow(header, true, false);
        }
        drawRow(rows[i], false, i % 2 == 1, colors && i < colors->size() ? &(*colors)[i] : nullptr);
    }
    m_y += 8;
}

void ReportPdf::chart(const QRectF& area, const QString& title, const QString& yLabel, Axis xAxis, bool logX, bool logY,
    const std::vector<Series>& series, double xMin, double xMax, const QString& emptyNote)
{
    QFont small(m_family);
    small.setPointSizeF(6.5);
    QFont titleFont(m_family);
    titleFont.setPointSizeF(8.5);
    titleFont.setBold(true);
    QFontMetricsF fm(small, &m_writer);
    m_p.save();
    setFont(titleFont);
    m_p.setPen(Qt::black);
    m_p.drawText(QRectF(area.left(), area.top(), area.width(), 12), Qt::AlignLeft | Qt::AlignVCenter, title);
    // Legend: rows under the title, wrapping at the chart's width; series without points are left out.
    struct Entry
    {
        const Series* s;
        QPointF at;
    };
    std::vector<Entry> legend;
    {
        double x = area.left() + 44;
        double y = area.top() + 15;
        for (const auto& s : series) {
            if (s.points.empty())
                continue;
            const double w = fm.horizontalAdvance(s.name) + 22;
            if (x + w > area.right() && x > area.left() + 44) {
                x = area.left() + 44;
                y += 10;
            }
            legend.push_back({ &s, QPointF(x, y) });
            x += w;
        }
    }
    const double legendBottom = legend.empty() ? area.top() + 14 : legend.back().at.y() + 8;
    const QRectF plot(area.left() + 44, legendBottom + 4, area.width() - 52, area.bottom() - 30 - legendBottom - 4);

    // y range over the visible points
    double yMin = std::numeric_limits<double>::infinity(), yMax = -yMin;
    bool any = false;
    for (const auto& s : series) {
        for (const auto& pt : s.points) {
            if (pt.x() < xMin || pt.x() > xMax || !std::isfinite(pt.y()) || (logY && pt.y() <= 0))
                continue;
            yMin = std::min(yMin, pt.y());
            yMax = std::max(yMax, pt.y());
            any = true;
        }
    }
    m_p.setPen(QPen(QColor(0x99, 0x99, 0x99), 0.5));
    m_p.drawRect(plot);
    if (!any) {
        setFont(small);
        m_p.setPen(QColor(0x55, 0x55, 0x55));
        m_p.drawText(plot, Qt::AlignCenter | Qt::TextWordWrap, emptyNote.isEmpty() ? tr("no data") : emptyNote);
        m_p.restore();
        return;
    }
    if (logY) {
        yMin = std::pow(10.0, std::floor(std::log10(yMin)));
        yMax = std::pow(10.0, std::ceil(std::log10(yMax)));
        if (yMax <= yMin)
            yMax = yMin * 10;
    } else {
        yMin = std::min(0.0, yMin);
        if (yMax <= yMin)
            yMax = yMin + 1;
        const double step = niceStep(yMax - yMin, 4);
        yMax = std::ceil(yMax / step) * step;
    }
    if (xMax <= xMin)
        xMax = xMin + 1;
    auto fx = [&](double x) {
        const double t = logX ? (std::log2(x) - std::log2(xMin)) / (std::log2(xMax) - std::log2(xMin))
                              : (x - xMin) / (xMax - xMin);
        return plot.left() + t * plot.width();
    };
    auto fy = [&](double y) {
        const double t = logY ? (std::log10(y) - std::log10(yMin)) / (std::log10(yMax) - std::log10(yMin))
                              : (y - yMin) / (yMax - yMin);
        return plot.bottom() - t * plot.height();
    };

    // grid and ticks
    setFont(small);
    QPen grid(QColor(0xdd, 0xdd, 0xdd), 0.4);
    QPen label(QColor(0x33, 0x33, 0x33));
    if (logY) {
        for (double y = yMin; y <= yMax * 1.0001; y *= 10) {
            m_p.setPen(grid);
            m_p.drawLine(QPointF(plot.left(), fy(y)), QPointF(plot.right(), fy(y)));
            m_p.setPen(label);
            m_p.drawText(
                QRectF(area.left(), fy(y) - 6, 40, 12), Qt::AlignRight | Qt::AlignVCenter, QString::number(y, 'g', 6));
        }
    } else {
        const double step = niceStep(yMax - yMin, 4);
        for (double y = std::ceil(yMin / step) * step; y <= yMax + step * 1e-6; y += step) {
            m_p.setPen(grid);
            m_p.drawLine(QPointF(plot.left(), fy(y)), QPointF(plot.right(), fy(y)));
            m_p.setPen(label);
            m_p.drawText(QRectF(area.left(), fy(y) - 6, 40, 12), Qt::AlignRight | Qt::AlignVCenter, tickText(y, step));
        }
    }
    if (logX) {
        // powers of two, labelled every other one when crowded
        const int from = static_cast<int>(std::floor(std::log2(xMin))),
                  to = static_cast<int>(std::ceil(std::log2(xMax)));
        const int every = std::max(1, (to - from) / 10 + 1);
        for (int e = from; e <= to; e += every) {
            const double x = std::ldexp(1.0, e);
            if (x < xMin || x > xMax)
                continue;
            m_p.setPen(grid);
            m_p.drawLine(QPointF(fx(x), plot.top()), QPointF(fx(x), plot.bottom()));
            m_p.setPen(label);
            m_p.drawText(QRectF(fx(x) - 25, plot.bottom() + 2, 50, 10), Qt::AlignCenter,
                xAxis == Axis::Bytes ? bytesText(x) : QString::number(x));
        }
    } else {
        const double step = niceStep(xMax - xMin, 6);
        for (double x = std::ceil(xMin / step) * step; x <= xMax + step * 1e-6; x += step) {
            m_p.setPen(grid);
            m_p.drawLine(QPointF(fx(x), plot.top()), QPointF(fx(x), plot.bottom()));
            m_p.setPen(label);
            m_p.drawText(QRectF(fx(x) - 25, plot.bottom() + 2, 50, 10), Qt::AlignCenter, tickText(x, step));
        }
    }
    m_p.setPen(label);
    const QString xLabel = xAxis == Axis::Seconds ? tr("time since the run started (s)")
        : xAxis == Axis::Bytes                    ? tr("message size (bytes, log scale)")
                                                  : QString();
    m_p.drawText(QRectF(plot.left(), plot.bottom() + 11, plot.width(), 10), Qt::AlignCenter, xLabel);
    m_p.save();
    m_p.translate(area.left() + 6, plot.center().y());
    m_p.rotate(-90);
    m_p.drawText(QRectF(-plot.height() / 2, -6, plot.height(), 10), Qt::AlignCenter, yLabel);
    m_p.restore();

    // series: at most two points (min, max) per half-point column, so millions of samples stay small
    m_p.setClipRect(plot.adjusted(-1, -1, 1, 1));
    const int columns = std::max(1, static_cast<int>(plot.width() * 2));
    for (const auto& s : series) {
        QPen pen(s.color, 0.9);
        if (s.dashed)
            pen.setStyle(Qt::DashLine);
        m_p.setPen(pen);
        QPolygonF line;
        int column = -1;
        double cMin = 0, cMax = 0, cX = 0, cFirst = 0;
        auto flush = [&] {
            if (column < 0)
                return;
            if (cMin == cMax) {
                line << QPointF(cX, fy(cMin));
            } else if (cFirst == cMin) {
                line << QPointF(cX, fy(cMin)) << QPointF(cX, fy(cMax));
            } else {
                line << QPointF(cX, fy(cMax)) << QPointF(cX, fy(cMin));
            }
        };
        for (const auto& pt : s.points) {
            if (std::isnan(pt.y())) { // a gap (between sizes): end this line
                flush();
                column = -1;
                m_p.drawPolyline(line);
                line.clear();
                continue;
            }
            if (pt.x() < xMin || pt.x() > xMax || !std::isfinite(pt.y()) || (logY && pt.y() <= 0))
                continue;
            const double px = fx(pt.x());
            const int c = static_cast<int>((px - plot.left()) / plot.width() * columns);
            if (c != column) {
                flush();
                column = c;
                cMin = cMax = cFirst = pt.y();
                cX = px;
            } else {
                cMin = std::min(cMin, pt.y());
                cMax = std::max(cMax, pt.y());
            }
        }
        flush();
        m_p.drawPolyline(line);
        if (s.markers && s.points.size() <= 64) {
            m_p.setBrush(s.color);
            for (const auto& pt : s.points) {
                if (pt.y() > 0 || !logY)
                    m_p.drawEllipse(QPointF(fx(pt.x()), fy(pt.y())), 1.6, 1.6);
            }
            m_p.setBrush(Qt::NoBrush);
        }
    }
    m_p.setClipping(false);

    m_p.setFont(small);
    for (const auto& e : legend) {
        QPen pen(e.s->color, 1.4);
        if (e.s->dashed)
            pen.setStyle(Qt::DashLine);
        m_p.setPen(pen);
        m_p.drawLine(e.at, e.at + QPointF(10, 0));
        m_p.setPen(Qt::black);
        m_p.drawText(e.at + QPointF(12, fm.ascent() / 2 - 1), e.s->name);
    }
    m_p.restore();
}

QColor ReportPdf::verdictColor(const std::string& result)
{
    if (result == "pass")
        return QColor(0x1a, 0x7f, 0x37);
    if (result == "warn")
        return QColor(0xb3, 0x59, 0x00);
    if (result == "fail")
        return QColor(0xb0, 0x1c, 0x1c);
    return QColor(0x66, 0x66, 0x66);
}

QString ReportPdf::verdictText(const std::string& result)
{
    if (result == "pass")
        return tr("PASS");
    if (result == "warn")
        return tr("PASS with warnings");
    if (result == "fail")
        return tr("FAIL");
    return tr("not judged");
}

QString ReportPdf::resultText(const std::string& result)
{
    if (result == "pass")
        return tr("pass");
    if (result == "warn")
        return tr("warning");
    if (result == "fail")
        return tr("FAIL");
    return tr("not checked");
}

void ReportPdf::verdictBanner()
{
    std::vector<run::Check> all;
    for (const auto& n : m_input.runs) {
        const auto& s = summaryOf(*n.run);
        all.insert(all.end(), s.checks.begin(), s.checks.end());
    }
    const std::string verdict = run::verdictOf(all);
    int failed = 0, warned = 0;
    QStringList titles;
    for (const auto& c : all) {
        failed += c.result == "fail";
        warned += c.result == "warn";
        if ((c.result == "fail" || (verdict != "fail" && c.result == "warn")) && !titles.contains(q(c.title)))
            titles << q(c.title);
    }
    const double h = 46;
    ensure(h + 10);
    const QRectF box(kMargin, m_y, contentW(), h);
    m_p.save();
    m_p.setPen(Qt::NoPen);
    m_p.setBrush(verdictColor(verdict));
    m_p.drawRoundedRect(box, 4, 4);
    setFont(QFont(m_family, 20, QFont::Bold));
    m_p.setPen(Qt::white);
    m_p.drawText(box.adjusted(14, 0, 0, 0), Qt::AlignLeft | Qt::AlignVCenter, verdictText(verdict));
    // The explanation starts after the verdict as drawn: its width differs per language ("OK mit Warnungen").
    const double whyX = 14 + QFontMetricsF(m_p.font(), &m_writer).horizontalAdvance(verdictText(verdict)) + 18;
    QFont small(m_family);
    small.setPointSizeF(9);
    setFont(small);
    const QString why = verdict == "pass" ? tr("Every check passed or had nothing to judge (details below).")
        : verdict == "fail" ? tr("%n check(s) failed: %1", nullptr, failed).arg(titles.join(QStringLiteral("; ")))
                            : tr("%n warning(s): %1", nullptr, warned).arg(titles.join(QStringLiteral("; ")));
    m_p.drawText(box.adjusted(whyX, 4, -10, -4), Qt::AlignLeft | Qt::AlignVCenter | Qt::TextWordWrap, why);
    m_p.restore();
    m_y += h + 10;
}

void ReportPdf::checksTable()
{
    const bool perRun = m_input.runs.size() <= 2;
    std::vector<QStringList> rows;
    std::vector<QColor> colors;
    if (perRun) {
        for (const auto& n : m_input.runs) {
            for (const auto& c : summaryOf(*n.run).checks) {
                rows.push_back({ m_input.runs.size() > 1 ? q(n.name) + QStringLiteral(": ") + q(c.title) : q(c.title),
                    resultText(c.result), q(c.detail) });
                colors.push_back(verdictColor(c.result));
            }
        }
        heading(tr("Checks"), 2);
        table({ tr("Check"), tr("Result"), tr("What was seen") }, rows, { 0.33, 0.13, 0.54 }, 99, &colors, 1);
    } else {
        // Many runs (pairs): per check, how many runs passed, warned, failed.
        std::map<std::string, std::array<int, 4>> counts;
        std::vector<std::string> order;
        std::map<std::string, std::string> titles;
        for (const auto& n : m_input.runs) {
            for (const auto& c : summaryOf(*n.run).checks) {
                if (!counts.contains(c.id))
                    order.push_back(c.id);
                titles[c.id] = c.title;
                auto& k = counts[c.id];
                ++k[c.result == "pass" ? 0 : c.result == "warn" ? 1 : c.result == "fail" ? 2 : 3];
            }
        }
        for (const auto& id : order) {
            const auto& k = counts[id];
            rows.push_back({ q(titles[id]), QString::number(k[0]), QString::number(k[1]), QString::number(k[2]),
                QString::number(k[3]) });
            colors.push_back(verdictColor(k[2] ? "fail" : k[1] ? "warn" : k[0] ? "pass" : "skipped"));
        }
        heading(tr("Checks over the %1 runs").arg(m_input.runs.size()), 2);
        table({ tr("Check"), tr("pass"), tr("warning"), tr("FAIL"), tr("not checked") }, rows,
            { 0.52, 0.12, 0.12, 0.12, 0.12 }, 1, &colors, 0);
    }
}

void ReportPdf::topology(const run::NamedRun& named)
{
    const auto& r = *named.run;
    const run::HostInfo* server = nullptr;
    const run::HostInfo* client = nullptr;
    for (const auto& h : r.environment.hosts)
        (h.role == "server" ? server : client) = &h;
    const double h = 70;
    ensure(h + 24);
    heading(tr("Topology"), 2);
    const double w = 170;
    const QRectF left(kMargin + 10, m_y, w, h - 16), right(kMargin + contentW() - w - 10, m_y, w, h - 16);
    auto box = [&](const QRectF& rect, const QString& role, const std::string& name, const run::HostInfo* info) {
        m_p.setPen(QPen(QColor(0x12, 0x3a, 0x63), 0.8));
        m_p.setBrush(QColor(0xf0, 0xf3, 0xf7));
        m_p.drawRoundedRect(rect, 4, 4);
        m_p.setBrush(Qt::NoBrush);
        QFont f(m_family);
        f.setPointSizeF(9);
        f.setBold(true);
        setFont(f);
        m_p.setPen(Qt::black);
        m_p.drawText(rect.adjusted(6, 3, -6, 0), Qt::AlignLeft | Qt::AlignTop,
            q(name) + QStringLiteral("  (") + role + QLatin1Char(')'));
        f.setBold(false);
        f.setPointSizeF(7.5);
        setFont(f);
        QStringList lines;
        if (info) {
            QStringList devices;
            for (const auto& d : info->devices)
                devices << q(d.name) + QStringLiteral(" ") + q(d.driver);
            if (!devices.isEmpty())
                lines << devices.join(QStringLiteral(", "));
            if (info->gidIndex)
                lines << tr("GID %1 on %2").arg(*info->gidIndex).arg(q(info->gidDevice));
            if (!info->gidAddress.empty())
                lines << q(info->gidAddress);
        }
        m_p.drawText(rect.adjusted(6, 16, -6, -2), Qt::AlignLeft | Qt::AlignTop, lines.join(QLatin1Char('\n')));
    };
    box(left, tr("client"), r.header.client, client);
    box(right, tr("server"), r.header.server, server);
    const double y = left.center().y();
    m_p.setPen(QPen(QColor(0x33, 0x33, 0x33), 1.0));
    m_p.drawLine(QPointF(left.right() + 4, y), QPointF(right.left() - 4, y));
    QPainterPath arrow;
    arrow.moveTo(right.left() - 4, y);
    arrow.lineTo(right.left() - 10, y - 3.5);
    arrow.lineTo(right.left() - 10, y + 3.5);
    arrow.closeSubpath();
    m_p.fillPath(arrow, QColor(0x33, 0x33, 0x33));
    QFont f(m_family);
    f.setPointSizeF(7.5);
    setFont(f);
    const auto& o = r.header.options;
    const QRectF mid(left.right() + 8, left.top(), right.left() - left.right() - 16, left.height() / 2 - 2);
    m_p.drawText(mid, Qt::AlignHCenter | Qt::AlignBottom | Qt::TextWordWrap,
        q(perf::toString(o.op) + " " + perf::toString(o.mode) + " over "
            + (o.transport == perf::Transport::Rdma       ? std::string("RDMA")
                    : o.transport == perf::Transport::Tcp ? std::string("TCP")
                                                          : std::string("perftest"))));
    const QRectF below(mid.left(), y + 2, mid.width(), left.height() / 2);
    m_p.drawText(below, Qt::AlignHCenter | Qt::AlignTop | Qt::TextWordWrap,
        (r.header.dataAddress.empty() ? QString() : tr("to %1").arg(q(r.header.dataAddress)))
            + (o.tos ? tr(", ToS %1").arg(*o.tos) : QString()));
    m_y += h - 10;
    paragraph(tr("The switches between the hosts are not part of the run; the troubleshooter's findings (when given) "
                 "cover what it read from them."),
        7.5, false, QColor(0x55, 0x55, 0x55));
}

void ReportPdf::hostConfig(const run::NamedRun& named)
{
    const auto& r = *named.run;
    if (r.environment.discoveryJson.empty())
        return;
    auto doc = nlohmann::json::parse(r.environment.discoveryJson, nullptr, false);
    if (doc.is_discarded() || !doc.contains("hosts") || !doc["hosts"].is_array())
        return;
    auto str = [](const nlohmann::json& o, const char* k) {
        auto it = o.find(k);
        return it != o.end() && it->is_string() ? q(it->get<std::string>()) : QString();
    };
    std::vector<QStringList> rows;
    std::set<std::string> seen;
    for (const auto& h : doc["hosts"]) {
        if (!h.is_object() || !h.contains("netdevs") || !h.contains("devices"))
            continue;
        const std::string name = h.value("name", std::string());
        if (!seen.insert(name).second)
            continue;
        // the netdevs that carry an RDMA port, with the port's RoCE MTU and the device's firmware
        std::map<std::string, QString> portOf;
        for (const auto& d : h["devices"]) {
            if (!d.is_object() || !d.contains("ports"))
                continue;
            for (const auto& p : d["ports"]) {
                if (!p.is_object())
                    continue;
                const std::string netdev = p.value("netdev", std::string());
                QString text = str(d, "name") + QLatin1Char('/') + QString::number(p.value("port", 0));
                if (p.contains("active_mtu") && p["active_mtu"].is_number())
                    text += tr(", RoCE MTU %1").arg(p["active_mtu"].get<int>());
                const QString fw = str(d, "fw_version");
                if (!fw.isEmpty())
                    text += tr(", fw %1").arg(fw);
                if (!netdev.empty())
                    portOf[netdev] = text;
            }
        }
        for (const auto& n : h["netdevs"]) {
            if (!n.is_object())
                continue;
            const std::string netdev = n.value("name", std::string());
            if (!portOf.contains(netdev))
                continue;
            QString pfc = QStringLiteral("-"), trust = QStringLiteral("-"), dcbx = QStringLiteral("-");
            if (n.contains("dcb") && n["dcb"].is_object()) {
                const auto& d = n["dcb"];
                const QString why = str(d, "unavailable");
                if (!why.isEmpty()) {
                    pfc = why;
                } else {
                    QStringList on;
                    if (d.contains("pfc_enabled") && d["pfc_enabled"].is_array()) {
                        for (std::size_t i = 0; i < d["pfc_enabled"].size(); ++i) {
                            if (d["pfc_enabled"][i].is_boolean() && d["pfc_enabled"][i].get<bool>())
                                on << QString::number(i);
                        }
                        pfc = on.isEmpty() ? tr("off on every priority")
                                           : tr("on for %1").arg(on.join(QLatin1Char(',')));
                    }
                    trust = str(d, "trust");
                    dcbx = str(d, "dcbx_mode");
                }
            }
            rows.push_back({ q(name), q(netdev), portOf[netdev],
                n.contains("mtu") && n["mtu"].is_number() ? QString::number(n["mtu"].get<int>()) : QStringLiteral("-"),
                pfc, trust.isEmpty() ? QStringLiteral("-") : trust, dcbx.isEmpty() ? QStringLiteral("-") : dcbx });
        }
    }
    heading(tr("Host configuration (discovered at the start of the run)"), 2);
    if (rows.empty()) {
        paragraph(tr("Discovery found no RDMA port on these hosts (a TCP run)."), 8.5);
        return;
    }
    table({ tr("Host"), tr("Netdev"), tr("RDMA port"), tr("MTU"), tr("PFC"), tr("Trust"), tr("DCBX") }, rows,
        { 0.1, 0.1, 0.3, 0.07, 0.25, 0.08, 0.1 }, 99);
}

void ReportPdf::anomalies(const run::NamedRun& named)
{
    const auto& r = *named.run;
    const auto& s = summaryOf(r);
    heading(tr("Anomalies"), 2);
    QStringList items;
    for (const auto& w : r.warnings)
        items << q(w);
    // alarm counters: when they first rose, how much in all
    std::map<std::string, std::pair<double, double>> firstAndTotal; // "host: label" -> (first time, total)
    for (const auto& c : r.counters) {
        for (const auto& [name, rate] : c.rates) {
            if (rate <= 0 || !counters::describeCounter(name).alarm)
                continue;
            const std::string key = c.host + ": " + counters::describeCounter(name).label;
            auto it = firstAndTotal.find(key);
            if (it == firstAndTotal.end())
                firstAndTotal[key] = { c.runTS, rate * c.intervalS };
            else
                it->second.second += rate * c.intervalS;
        }
    }
    for (const auto& [key, ft] : firstAndTotal)
        items << tr("%1 rose from %2 s on (%3 in all)").arg(q(key), num(ft.first, 1), num(ft.second, 0));
    // latency spikes: 100 ms intervals whose p99 is over 10x the size's median p50
    std::map<std::uint64_t, double> medianP50;
    for (const auto& z : s.sizes) {
        if (z.p50Us.count)
            medianP50[z.report.client.size] = z.p50Us.p50;
    }
    std::size_t spikes = 0;
    QStringList when;
    for (const auto& x : r.samples) {
        if (x.role != perf::Role::Client || !x.sample.p99Us)
            continue;
        auto it = medianP50.find(x.sample.size);
        if (it != medianP50.end() && *x.sample.p99Us > 10 * it->second) {
            ++spikes;
            if (when.size() < 5)
                when
                    << tr("%1 s (%2 µs at %3)").arg(num(x.runTS, 1), num(*x.sample.p99Us, 1), bytesText(x.sample.size));
        }
    }
    if (spikes)
        items << tr("%n interval(s) of 100 ms with p99 over 10x the median p50: %1", nullptr, static_cast<int>(spikes))
                     .arg(when.join(QStringLiteral(", ")) + (spikes > 5 ? tr(", …") : QString()));
    if (items.isEmpty()) {
        paragraph(
            tr("None seen: the run file is complete, no loss, retransmission or pause counter rose, and no 100 ms "
               "interval had a p99 above 10x the median p50."),
            8.5);
        return;
    }
    for (const auto& i : items)
        paragraph(QStringLiteral("\u2022 ") + i, 8.5, false, QColor(0xa0, 0x20, 0x20));
}

void ReportPdf::remediation(const run::NamedRun& named)
{
    const auto& s = summaryOf(*named.run);
    heading(tr("Verdict and what to do: %1").arg(q(named.name)));
    paragraph(verdictText(s.verdict), 13, true, verdictColor(s.verdict));
    bool any = false;
    for (const auto& c : s.checks) {
        if (c.result != "fail" && c.result != "warn")
            continue;
        any = true;
        paragraph(resultText(c.result) + QStringLiteral(": ") + q(c.title), 9.5, true, verdictColor(c.result));
        paragraph(tr("Seen: %1.").arg(q(c.detail)), 8.5);
        paragraph(tr("What to do: %1").arg(q(c.remedy)), 8.5, false, QColor(0x1a, 0x5c, 0x1a));
    }
    if (!any)
        paragraph(tr("Nothing to do: every check passed or had nothing to judge."), 9);
    heading(tr("Commands that repeat this test"), 2);
    paragraph(tr("RoCE Pilot (the same engine, samples and counters):"), 8.5, true);
    mono(q(s.repro.rocepilot), 12);
    if (!s.repro.perftest.empty()) {
        paragraph(tr("perftest, by hand (server first, then the client; one pair per size):"), 8.5, true);
        QStringList lines;
        const std::size_t n = s.repro.perftest.size();
        for (std::size_t i = 0; i < n; ++i) {
            if (n > 4 && i == 2) {
                lines << tr("# ... sizes %1 to %2: the same with -s changed")
                             .arg(bytesText(s.repro.perftest[2].size), bytesText(s.repro.perftest[n - 2].size));
                i = n - 2;
            }
            const auto& p = s.repro.perftest[i];
            lines << QStringLiteral("# %1").arg(bytesText(p.size));
            lines << tr("%1$ %2").arg(q(named.run->header.server), q(p.server));
            lines << tr("%1$ %2").arg(q(named.run->header.client), q(p.client));
        }
        mono(lines.join(QLatin1Char('\n')), 40);
    }
    if (!s.repro.perftestNote.empty())
        paragraph(q(s.repro.perftestNote) + QLatin1Char('.'), 7.5, false, QColor(0x55, 0x55, 0x55));
}

void ReportPdf::pairs()
{
    const auto m = run::pairMatrix(m_input.runs);
    if (!m)
        return;
    newPage();
    const bool lat = m->metric == "p99_us";
    heading(lat ? tr("All pairs: one-way p99 latency (client \u2192 server)")
                : tr("All pairs: peak throughput (client \u2192 server)"));
    const std::size_t n = m->hosts.size();
    auto index = [&](const std::string& h) {
        return static_cast<std::size_t>(std::find(m->hosts.begin(), m->hosts.end(), h) - m->hosts.begin());
    };
    std::vector<std::vector<const run::PairCell*>> grid(n, std::vector<const run::PairCell*>(n, nullptr));
    double lo = 1e300, hi = -1e300;
    auto value = [&](const run::PairCell& c) { return lat ? c.p99Us.value_or(std::nan("")) : c.gbps; };
    for (const auto& c : m->cells) {
        grid[index(c.client)][index(c.server)] = &c;
        const double v = value(c);
        if (std::isfinite(v)) {
            lo = std::min(lo, v);
            hi = std::max(hi, v);
        }
    }
    // Green = good, red = bad: low latency or high throughput is good.
    auto color = [&](double v) {
        double t = hi > lo ? (v - lo) / (hi - lo) : 0;
        if (!lat)
            t = 1 - t;
        const QColor good(0x2c, 0xa0, 0x2c), mid(0xf2, 0xc9, 0x4c), bad(0xc0, 0x1c, 0x28);
        auto mix = [](const QColor& a, const QColor& b, double f) {
            return QColor::fromRgbF(static_cast<float>(a.redF() + (b.redF() - a.redF()) * f),
                static_cast<float>(a.greenF() + (b.greenF() - a.greenF()) * f),
                static_cast<float>(a.blueF() + (b.blueF() - a.blueF()) * f));
        };
        return t < 0.5 ? mix(good, mid, t * 2) : mix(mid, bad, (t - 0.5) * 2);
    };
    const double labelW = 60, side = std::min(contentW() - labelW - 60, 380.0);
    const double cell = side / static_cast<double>(n);
    ensure(side + labelW + 20);
    // Narrow columns (many hosts) get their names written upwards.
    const bool upright = n > 8;
    const double top = upright ? 56 : 16;
    const double x0 = kMargin + labelW, y0 = m_y + 14 + top;
    QFont f(m_family);
    f.setPointSizeF(std::clamp(cell / 5.5, 5.0, 8.0));
    setFont(f);
    m_p.setPen(Qt::black);
    m_p.drawText(QRectF(x0, m_y, side, 12), Qt::AlignCenter, tr("server"));
    const QFontMetricsF hostFm(m_p.font(), &m_writer);
    for (std::size_t j = 0; j < n; ++j) {
        const double cx = x0 + cell * (static_cast<double>(j) + 0.5);
        if (upright) {
            m_p.save();
            m_p.translate(cx, y0 - 2);
            m_p.rotate(-90);
            m_p.drawText(QRectF(0, -cell / 2, top - 4, cell), Qt::AlignLeft | Qt::AlignVCenter,
                hostFm.elidedText(q(m->hosts[j]), Qt::ElideRight, top - 4));
            m_p.restore();
        } else {
            m_p.drawText(QRectF(cx - cell / 2, y0 - 14, cell, 12), Qt::AlignCenter,
                hostFm.elidedText(q(m->hosts[j]), Qt::ElideRight, cell));
        }
    }
    m_p.save();
    m_p.translate(kMargin + 6, y0 + side / 2);
    m_p.rotate(-90);
    m_p.drawText(QRectF(-side / 2, -6, side, 12), Qt::AlignCenter, tr("client"));
    m_p.restore();
    for (std::size_t i = 0; i < n; ++i) {
        const double y = y0 + cell * static_cast<double>(i);
        m_p.setPen(Qt::black);
        m_p.drawText(QRectF(kMargin + 12, y, labelW - 14, cell), Qt::AlignRight | Qt::AlignVCenter,
            QFontMetricsF(m_p.font(), &m_writer).elidedText(q(m->hosts[i]), Qt::ElideRight, labelW - 14));
        for (std::size_t j = 0; j < n; ++j) {
            const QRectF r(x0 + cell * static_cast<double>(j), y, cell, cell);
            const auto* c = grid[i][j];
            const double v = c ? value(*c) : std::nan("");
            m_p.fillRect(r, i == j ? QColor(0xee, 0xee, 0xee) : std::isfinite(v) ? color(v) : QColor(0xdd, 0xdd, 0xdd));
            m_p.setPen(QPen(Qt::white, 1));
            m_p.drawRect(r);
            if (c && std::isfinite(v) && n <= 16) {
                m_p.setPen(Qt::black);
                m_p.drawText(r, Qt::AlignCenter, lat ? num(v, 1) : num(v, 2));
            }
            if (c && c->verdict == "fail") {
                m_p.setPen(QPen(QColor(0x60, 0x00, 0x00), 1.6));
                m_p.drawRect(r.adjusted(1.5, 1.5, -1.5, -1.5));
            }
        }
    }
    // the scale
    const double sx = x0 + side + 14, sw = 10;
    for (int k = 0; k < 50; ++k) {
        const double t = k / 49.0;
        const double v = hi - (hi - lo) * t;
        m_p.fillRect(QRectF(sx, y0 + side * t, sw, side / 49.0 + 0.5), color(v));
    }
    m_p.setPen(Qt::black);
    m_p.drawText(QRectF(sx + sw + 3, y0 - 6, 60, 12), Qt::AlignLeft | Qt::AlignVCenter,
        (lat ? num(hi, 1) + tr(" µs") : num(hi, 2) + tr(" Gb/s")));
    m_p.drawText(QRectF(sx + sw + 3, y0 + side - 6, 60, 12), Qt::AlignLeft | Qt::AlignVCenter,
        (lat ? num(lo, 1) + tr(" µs") : num(lo, 2) + tr(" Gb/s")));
    m_y = y0 + side + 8;
    paragraph(tr("Rows are the client, columns the server; %1 at the smallest size of each run. A dark frame marks a "
                 "pair whose checks failed. Grey: not measured.")
                  .arg(lat ? tr("one-way p99 latency") : tr("peak throughput")),
        7.5, false, QColor(0x44, 0x44, 0x44));
    heading(tr("The worst pairs"), 2);
    std::vector<QStringList> rows;
    std::vector<QColor> colors;
    int rank = 0;
    for (auto i : m->worst) {
        const auto& c = m->cells[i];
        rows.push_back({ QString::number(++rank), q(c.client) + QStringLiteral(" \u2192 ") + q(c.server),
            bytesText(static_cast<double>(c.size)), c.p50Us ? num(*c.p50Us, 2) : QStringLiteral("-"),
            c.p99Us ? num(*c.p99Us, 2) : QStringLiteral("-"), num(c.gbps, 3), num(c.alarmEvents, 0),
            resultText(c.verdict) });
        colors.push_back(verdictColor(c.verdict));
    }
    table({ tr("#"), tr("Client \u2192 server"), tr("Size"), tr("p50 µs"), tr("p99 µs"), tr("Peak Gb/s"),
              tr("Alarm events"), tr("Verdict") },
        rows, { 0.05, 0.27, 0.1, 0.1, 0.1, 0.12, 0.14, 0.12 }, 2, &colors, 7);
    paragraph(tr("Worst first: failed checks, then alarm counter events (loss, retransmissions, pauses), then %1.")
                  .arg(lat ? tr("the highest p99") : tr("the lowest throughput")),
        7.5, false, QColor(0x44, 0x44, 0x44));
}

void ReportPdf::cover()
{
    setFont(QFont(m_family, 22, QFont::Bold));
    m_p.setPen(QColor(0x12, 0x3a, 0x63));
    m_p.drawText(QPointF(kMargin, m_y + 22), tr("RoCE performance test report"));
    m_y += 36;
    const auto& first = *m_input.runs.front().run;
    paragraph(m_input.runs.size() == 1 ? tr("One test run, started %1 (UTC).").arg(q(first.header.startedUtc))
                                       : tr("%1 test runs compared, the first started %2 (UTC).")
                                             .arg(m_input.runs.size())
                                             .arg(q(first.header.startedUtc)),
        9.5, false, QColor(0x44, 0x44, 0x44));
    // Who made it where, with what: the identification a report handed in needs (BMWG reporting format).
    QStringList who;
    if (!m_input.site.empty())
        who << tr("Site: %1").arg(q(m_input.site));
    if (!m_input.operatorName.empty())
        who << tr("Operator: %1").arg(q(m_input.operatorName));
    who << tr("RoCE Pilot %1").arg(q(first.header.toolVersion.empty() ? std::string("?") : first.header.toolVersion));
    paragraph(who.join(QStringLiteral(" \u00b7 ")), 9.5, false, QColor(0x44, 0x44, 0x44));
    m_y += 6;
    verdictBanner();
    heading(tr("Result"));
    // Many pairs (all-to-all) read better as the table below and the pair matrix than as a sentence each.
    if (m_input.runs.size() > 4) {
        std::set<std::string> hosts;
        int failed = 0;
        for (const auto& n : m_input.runs) {
            hosts.insert(n.run->header.server);
            hosts.insert(n.run->header.client);
            failed += summaryOf(*n.run).verdict == "fail";
        }
        paragraph(tr("%1 runs between %2 hosts; %3 of them failed a check. The table below has one line per run; "
                     "the pair matrix and the worst pairs follow the per-run pages.")
                      .arg(m_input.runs.size())
                      .arg(hosts.size())
                      .arg(failed),
            11);
    }
    for (const auto& named : m_input.runs) {
        if (m_input.runs.size() > 4)
            break;
        const auto& summary = summaryOf(*named.run);
        if (m_input.runs.size() > 1)
            paragraph(q(named.name), 10, true);
        paragraph(q(summary.headline), 11, false,
            summary.status == "ok" ? QColor(0x10, 0x10, 0x10) : QColor(0xa0, 0x20, 0x20));
        for (const auto& w : named.run->warnings)
            paragraph(tr("Warning: %1").arg(q(w)), 8.5, false, QColor(0xa0, 0x20, 0x20));
        m_y += 4;
    }
    heading(tr("At a glance"), 2);
    std::vector<QStringList> rows;
    std::vector<QColor> colors;
    for (const auto& named : m_input.runs) {
        // Beyond a page of runs the pair matrix says it better; every run is in the attached CSV and JSON.
        if (m_input.runs.size() > 24)
            break;
        const auto& r = *named.run;
        const auto& s = summaryOf(r);
        double peak = 0;
        QString lat = QStringLiteral("-");
        for (const auto& sz : s.sizes)
            peak = std::max(peak, sz.report.client.gbps);
        if (!s.sizes.empty() && s.sizes.front().report.client.latency
            && s.sizes.front().report.client.latency->hasPercentiles) {
            const auto& l = *s.sizes.front().report.client.latency;
            lat = num(l.p50Us, 2) + QStringLiteral(" / ") + num(l.p99Us, 2);
        }
        QString sizes = s.sizes.empty() ? QStringLiteral("-")
                                        : bytesText(static_cast<double>(s.sizes.front().report.client.size));
        if (s.sizes.size() > 1)
            sizes += QStringLiteral(" \u2013 ") + bytesText(static_cast<double>(s.sizes.back().report.client.size));
        rows.push_back({ q(named.name), q(run::describeTest(r)), sizes, num(peak, 3), lat, resultText(s.verdict) });
        colors.push_back(verdictColor(s.verdict));
    }
    if (rows.empty())
        paragraph(tr("%1 runs: see the pair matrix and the worst pairs on the next page.").arg(m_input.runs.size()), 9);
    else
        table({ tr("Run"), tr("Test"), tr("Sizes"), tr("Peak Gb/s"), tr("p50 / p99 \u00b5s"), tr("Verdict") }, rows,
            { 0.16, 0.33, 0.12, 0.11, 0.17, 0.11 }, 3, &colors, 5);
    paragraph(tr("Latency: one-way (half the round trip) at the smallest size. Throughput: payload in Gb/s (10^9 "
                 "bits per second)."),
        7.5, false, QColor(0x44, 0x44, 0x44));
    checksTable();
}

void ReportPdf::environment(const run::NamedRun& named)
{
    const auto& r = *named.run;
    heading(tr("Environment: %1").arg(q(named.name)));
    heading(tr("Hosts and devices"), 2);
    std::vector<QStringList> rows;
    for (const auto& h : r.environment.hosts) {
        QStringList devices;
        for (const auto& d : h.devices)
            devices << q(d.name) + QStringLiteral(" (") + q(d.driver)
                    + (d.firmware.empty() ? QString() : QStringLiteral(", fw ") + q(d.firmware)) + QLatin1Char(')');
        const QString gid = r.header.options.transport == perf::Transport::Tcp ? tr("none (TCP)")
            : h.gid.empty()
            ? tr("chosen by rdma_cm from the address")
            : tr("%1 index %2 (%3)").arg(q(h.gidDevice)).arg(h.gidIndex.value_or(-1)).arg(q(h.gidAddress));
        rows.push_back({ q(h.role), q(h.name), q(h.address), q(h.hostname.empty() ? std::string("-") : h.hostname),
            q(h.kernel.empty() ? std::string("-") : h.kernel),
            devices.isEmpty() ? tr("none found") : devices.join(QStringLiteral(", ")), gid });
    }
    if (rows.empty())
        paragraph(tr("The run file records no host environment."));
    else
        table(
            { tr("Role"), tr("Host"), tr("Address"), tr("Hostname"), tr("Kernel"), tr("RDMA devices"), tr("GID used") },
            rows, { 0.07, 0.1, 0.11, 0.1, 0.14, 0.24, 0.24 }, 99);
    for (const auto& h : r.environment.hosts) {
        if (h.gid.empty())
            continue;
        paragraph(tr("%1 GID: %2").arg(q(h.name), q(h.gid)), 8, false, QColor(0x44, 0x44, 0x44));
    }

    topology(named);
    heading(tr("Test configuration"), 2);
    const auto& o = r.header.options;
    QStringList sizes;
    for (auto s : o.sizes)
        sizes << bytesText(static_cast<double>(s));
    std::vector<QStringList> settings {
        { tr("Transport, mode, operation"),
            q(perf::toString(o.transport) + ", " + perf::toString(o.mode) + ", " + perf::toString(o.op)) },
        { tr("Message sizes"), sizes.join(QStringLiteral(", ")) },
        { tr("Per size"),
            o.iterations ? tr("%1 iterations").arg(*o.iterations)
                         : tr("%1 s (after %2 s warm-up)").arg(o.durationS).arg(o.warmupS) },
        { tr("Completions, depth, WRs per post, signal every"),
            q(perf::toString(o.completion))
                + QStringLiteral(", %1, %2, %3").arg(o.depth).arg(o.postList).arg(o.signalEvery) },
        { tr("Inline, data check"),
            (o.inlineData ? tr("inline") : tr("not inline")) + QStringLiteral(", ")
                + (o.verifyData ? tr("every payload checked") : tr("off")) },
        { tr("GID index, ToS"),
            (o.gidIndex ? QString::number(*o.gidIndex) : tr("rdma_cm's choice")) + QStringLiteral(", ")
                + (o.tos ? QString::number(*o.tos) : tr("default")) },
        { tr("Server, client, data address"),
            q(r.header.server + ", " + r.header.client + ", "
                + (r.header.dataAddress.empty() ? std::string("-") : r.header.dataAddress)) },
        { tr("Started, ended"),
            q(r.header.startedUtc) + QStringLiteral(", ")
                + (r.end ? q(r.end->finishedUtc) + QStringLiteral(" (") + q(r.end->status) + QLatin1Char(')')
                         : tr("did not finish")) },
    };
    table({ tr("Setting"), tr("Value") }, settings, { 0.38, 0.62 }, 99);
    if (!r.environment.profileYaml.empty()) {
        heading(tr("Profile"), 2);
        mono(q(r.environment.profileYaml), 40);
    }
    const std::string& journal
        = r.environment.applyJournalJson.empty() ? m_input.applyJournalJson : r.environment.applyJournalJson;
    if (!journal.empty()) {
        heading(tr("What was applied (journal)"), 2);
        auto parsed = nlohmann::json::parse(journal, nullptr, false);
        mono(q(parsed.is_discarded() ? journal : parsed.dump(2)), 50);
    }
    hostConfig(named);
}

void ReportPdf::charts(const run::NamedRun& named)
{
    const auto& r = *named.run;
    newPage();
    heading(tr("Charts: %1").arg(q(named.name)));
    double tMax = 0;
    for (const auto& s : r.samples)
        tMax = std::max(tMax, s.runTS);
    for (const auto& c : r.counters)
        tMax = std::max(tMax, c.runTS);
    Series cg { tr("client"), kPalette[0], {} }, sg { tr("server"), kPalette[1], {}, true };
    Series lat { tr("client, one-way p50"), kPalette[0], {} };
    Series lat99 { tr("p99"), kPalette[0].lighter(150), {}, true };
    Series cc { tr("client CPU"), kPalette[0], {} }, sc { tr("server CPU"), kPalette[1], {} };
    std::size_t clients = 0;
    for (const auto& s : r.samples)
        clients += s.role == perf::Role::Client;
    for (auto* s : { &cg, &lat, &lat99, &cc })
        s->points.reserve(clients + 64);
    for (auto* s : { &sg, &sc })
        s->points.reserve(r.samples.size() - clients + 64);
    const double gap = std::numeric_limits<double>::quiet_NaN();
    std::uint64_t lastSize[2] = { 0, 0 };
    for (const auto& s : r.samples) {
        const bool client = s.role == perf::Role::Client;
        auto& last = lastSize[client ? 0 : 1];
        if (last != 0 && last != s.sample.size) { // the next size: break the lines over its warm-up
            (client ? cg : sg).points.emplace_back(s.runTS, gap);
            (client ? cc : sc).points.emplace_back(s.runTS, gap);
            if (client) {
                lat.points.emplace_back(s.runTS, gap);
                lat99.points.emplace_back(s.runTS, gap);
            }
        }
        last = s.sample.size;
        (client ? cg : sg).points.emplace_back(s.runTS, s.sample.gbps);
        (client ? cc : sc).points.emplace_back(s.runTS, s.sample.cpuPercent);
        if (client && s.sample.p50Us)
            lat.points.emplace_back(s.runTS, *s.sample.p50Us);
        if (client && s.sample.p99Us)
            lat99.points.emplace_back(s.runTS, *s.sample.p99Us);
    }
    const double h = 158;
    const double w = contentW();
    std::vector<Series> tp { cg };
    if (r.header.options.mode == perf::Mode::Blast && !sg.points.empty())
        tp.push_back(sg);
    chart(QRectF(kMargin, m_y, w, h), tr("Throughput"), tr("Gb/s"), Axis::Seconds, false, false, tp, 0, tMax,
        tr("no live samples (perftest reports only at the end of each size)"));
    m_y += h + 6;
    // A latency that spans decades (a stall among microseconds) reads better on a log scale.
    double latMin = 1e300, latMax = 0;
    for (const auto& pt : lat99.points.empty() ? lat.points : lat99.points) {
        if (std::isfinite(pt.y()) && pt.y() > 0) {
            latMin = std::min(latMin, pt.y());
            latMax = std::max(latMax, pt.y());
        }
    }
    const bool latLog = latMax > 0 && latMax / latMin > 30;
    chart(QRectF(kMargin, m_y, w, h), tr("One-way latency (p50 and p99 of each 100 ms interval)"),
        latLog ? tr("\u00b5s (log scale)") : tr("\u00b5s"), Axis::Seconds, false, latLog, { lat, lat99 }, 0, tMax,
        r.header.options.mode == perf::Mode::Blast ? tr("blast mode measures throughput, not latency")
                                                   : tr("no live latency samples"));
    m_y += h + 6;
    chart(QRectF(kMargin, m_y, w, h), tr("CPU of both sides (100% = one core)"), tr("%"), Axis::Seconds, false, false,
        { cc, sc }, 0, tMax, tr("no live samples"));
    m_y += h + 6;
    // counters: the busiest ones, as rates
    std::map<std::string, double> totals;
    for (const auto& c : r.counters) {
        for (const auto& [name, rate] : c.rates)
            totals[c.host + ": " + name] += rate * c.intervalS;
    }
    std::vector<std::pair<double, std::string>> busiest;
    for (const auto& [name, total] : totals) {
        if (total > 0)
            busiest.emplace_back(total, name);
    }
    std::sort(busiest.rbegin(), busiest.rend());
    if (busiest.size() > 6)
        busiest.resize(6);
    std::vector<Series> counters;
    for (std::size_t i = 0; i < busiest.size(); ++i) {
        const std::string& key = busiest[i].second; // "host: hw:name"
        const auto colon = key.find(": ");
        const std::string label = colon == std::string::npos
            ? key
            : key.substr(0, colon + 2) + counters::describeCounter(key.substr(colon + 2)).label;
        Series s { q(label), kPalette[(i + 2) % 8], {} };
        for (const auto& c : r.counters) {
            for (const auto& [name, rate] : c.rates) {
                if (c.host + ": " + name == busiest[i].second)
                    s.points.emplace_back(c.runTS, rate);
            }
        }
        counters.push_back(std::move(s));
    }
    chart(QRectF(kMargin, m_y, w, h), tr("Host counters (rates, the busiest six)"), tr("per second"), Axis::Seconds,
        false, false, counters, 0, tMax,
        r.counters.empty()
            ? tr("no counters were sampled during this run")
            : tr("every sampled counter stayed at zero during the run (%1 samples)").arg(r.counters.size()));
    m_y += h + 6;
}

void ReportPdf::sweeps(const std::vector<run::NamedRun>& runs)
{
    bool anySweep = false;
    for (const auto& n : runs)
        anySweep = anySweep || n.run->sizes.size() > 1;
    if (!anySweep)
        return;
    newPage();
    heading(tr("Message size sweeps"));
    std::vector<Series> p50, p99, gbps, cpu;
    double xMin = 1e300, xMax = 0;
    int i = 0;
    const bool several = runs.size() > 1;
    for (const auto& n : runs) {
        const QString prefix = several ? q(n.name) + QStringLiteral(" ") : QString();
        Series a { prefix + tr("p50"), kPalette[(2 * i) % 8], {}, false, true };
        Series b { prefix + tr("p99"), kPalette[(2 * i) % 8], {}, true, true };
        Series g { several ? q(n.name) : tr("client"), kPalette[(2 * i) % 8], {}, false, true };
        Series cc { prefix + tr("client"), kPalette[(2 * i) % 8], {}, false, true };
        Series sc { prefix + tr("server"), kPalette[(2 * i + 1) % 8], {}, true, true };
        for (const auto& s : n.run->sizes) {
            const double x = static_cast<double>(s.client.size);
            xMin = std::min(xMin, x);
            xMax = std::max(xMax, x);
            if (s.client.latency && s.client.latency->hasPercentiles) {
                a.points.emplace_back(x, s.client.latency->p50Us);
                b.points.emplace_back(x, s.client.latency->p99Us);
            }
            g.points.emplace_back(x, s.client.gbps);
            if (s.client.cpu.wallS > 0)
                cc.points.emplace_back(x, s.client.cpu.percent());
            if (s.server && s.server->cpu.wallS > 0)
                sc.points.emplace_back(x, s.server->cpu.percent());
        }
        p50.push_back(a);
        p50.push_back(b);
        gbps.push_back(g);
        cpu.push_back(cc);
        cpu.push_back(sc);
        ++i;
    }
    const double h = 200;
    chart(QRectF(kMargin, m_y, contentW(), h), tr("One-way latency vs message size"), tr("\u00b5s (log scale)"),
        Axis::Bytes, true, true, p50, xMin, xMax, tr("blast runs measure no latency"));
    m_y += h + 8;
    chart(QRectF(kMargin, m_y, contentW(), h), tr("Throughput vs message size"), tr("Gb/s"), Axis::Bytes, true, false,
        gbps, xMin, xMax);
    m_y += h + 8;
    chart(QRectF(kMargin, m_y, contentW(), h),
        tr("CPU vs message size (compare busy-poll and event runs side by side)"), tr("% of one core"), Axis::Bytes,
        true, false, cpu, xMin, xMax, tr("CPU was not measured (perftest)"));
    m_y += h + 8;
}

void ReportPdf::tables(const run::NamedRun& named)
{
    const auto& summary = summaryOf(*named.run);
    heading(tr("Per-size results: %1").arg(q(named.name)));
    std::vector<QStringList> rows;
    // two decimals, one from 1 ms on (the column stays readable; the CSV and JSON keep every digit)
    auto cell = [](bool has, double v) { return has ? num(v, v >= 1000 ? 1 : 2) : QStringLiteral("-"); };
    for (const auto& s : summary.sizes) {
        const auto& c = s.report.client;
        const bool lat = c.latency && c.latency->hasPercentiles;
        const bool p90 = lat && c.latency->hasP90;
        rows.push_back({ bytesText(static_cast<double>(c.size)), num(c.gbps, 3), num(c.messagesPerS / 1e6, 4),
            cell(lat, lat ? c.latency->minUs : 0), cell(lat, lat ? c.latency->p50Us : 0),
            cell(p90, p90 ? c.latency->p90Us : 0), cell(lat, lat ? c.latency->p99Us : 0),
            cell(lat, lat ? c.latency->p999Us : 0), cell(lat, lat ? c.latency->maxUs : 0),
            cell(c.latency.has_value(), c.latency ? c.latency->meanUs : 0),
            c.cpu.wallS > 0 ? num(c.cpu.percent(), 0) : QStringLiteral("-"),
            s.report.server && s.report.server->cpu.wallS > 0 ? num(s.report.server->cpu.percent(), 0)
                                                              : QStringLiteral("-") });
    }
    if (rows.empty()) {
        paragraph(tr("No size completed."));
        return;
    }
    table({ tr("Size"), tr("Gb/s"), tr("Mmsg/s"), tr("min"), tr("p50"), tr("p90"), tr("p99"), tr("p99.9"), tr("max"),
              tr("mean"), tr("CPU cli"), tr("CPU srv") },
        rows, { 0.07, 0.07, 0.08, 0.08, 0.08, 0.08, 0.09, 0.09, 0.09, 0.09, 0.08, 0.08 }, 1);
    paragraph(tr("CPU in % of one core. Latency columns: one-way \u00b5s over every message of the size (the engine's "
                 "histogram, within "
                 "1/128 of the exact value); '-' where the back end does not measure it."),
        7.5, false, QColor(0x44, 0x44, 0x44));
    std::vector<QStringList> spread;
    for (const auto& s : summary.sizes) {
        if (s.gbps.count == 0)
            continue;
        auto cv = [](const run::Stats& st) {
            return st.count ? num(st.cv() * 100, 1) + (st.cv() >= 0.05 ? QStringLiteral(" %*") : QStringLiteral(" %"))
                            : QStringLiteral("-");
        };
        spread.push_back({ bytesText(static_cast<double>(s.report.client.size)), QString::number(s.gbps.count),
            num(s.gbps.min, 3), num(s.gbps.p50, 3), num(s.gbps.max, 3), cv(s.gbps),
            s.p50Us.count ? num(s.p50Us.min, 2) : QStringLiteral("-"),
            s.p50Us.count ? num(s.p50Us.p50, 2) : QStringLiteral("-"),
            s.p50Us.count ? num(s.p50Us.max, 2) : QStringLiteral("-"), cv(s.p50Us) });
    }
    if (!spread.empty()) {
        heading(tr("Repeatability over the live samples (each 100 ms interval)"), 2);
        table({ tr("Size"), tr("samples"), tr("Gb/s min"), tr("median"), tr("max"), tr("CV"), tr("p50 \u00b5s min"),
                  tr("median"), tr("max"), tr("CV") },
            spread, { 0.09, 0.09, 0.1, 0.1, 0.1, 0.1, 0.12, 0.1, 0.1, 0.1 }, 1);
        paragraph(tr("CV: coefficient of variation (standard deviation / mean) of the 100 ms samples; the BMWG "
                     "benchmarking drafts recommend below 5 % (* marks more)."),
            7.5, false, QColor(0x44, 0x44, 0x44));
    }
    if (!summary.counters.empty()) {
        heading(tr("Host counters during the run"), 2);
        std::vector<QStringList> crow;
        std::map<QString, QString> alarms; // label -> meaning, for the counters that should not move
        for (const auto& [host, names] : summary.counters) {
            for (const auto& [name, c] : names) {
                const auto info = counters::describeCounter(name);
                const bool alarm = info.alarm && c.total > 0;
                if (alarm)
                    alarms[q(info.label)] = q(info.meaning);
                crow.push_back({ q(host), q(info.label) + (alarm ? tr(" (alarm)") : QString()), num(c.total, 0),
                    num(c.meanPerS, 1), num(c.maxPerS, 1) });
            }
        }
        std::stable_sort(crow.begin(), crow.end(),
            [](const QStringList& a, const QStringList& b) { return a[2].toDouble() > b[2].toDouble(); });
        if (crow.size() > 40)
            crow.resize(40);
        table({ tr("Host"), tr("Counter"), tr("total"), tr("mean /s"), tr("max /s") }, crow,
            { 0.15, 0.45, 0.13, 0.13, 0.14 }, 2);
        for (const auto& [label, meaning] : alarms)
            paragraph(tr("Alarm — %1: %2.").arg(label, meaning), 8.5, false, QColor(0xa0, 0x20, 0x20));
    }
}

void ReportPdf::comparison()
{
    if (m_input.runs.size() < 2 || m_input.runs.size() > 4) // more runs are pairs: the heatmap compares them
        return;
    newPage();
    heading(tr("Comparison"));
    const auto& base = m_input.runs.front();
    std::set<std::uint64_t> sizes;
    for (const auto& n : m_input.runs) {
        for (const auto& s : n.run->sizes)
            sizes.insert(s.client.size);
    }
    auto find = [](const run::Run& r, std::uint64_t size) -> const perf::SizeResult* {
        for (const auto& s : r.sizes) {
            if (s.client.size == size)
                return &s.client;
        }
        return nullptr;
    };
    // NaN = not measured (std::optional here trips GCC 12's maybe-uninitialized)
    const double nan = std::numeric_limits<double>::quiet_NaN();
    auto p50 = [nan](const perf::SizeResult* r) {
        return r && r->latency && r->latency->hasPercentiles ? r->latency->p50Us : nan;
    };
    auto p99 = [nan](const perf::SizeResult* r) {
        return r && r->latency && r->latency->hasPercentiles ? r->latency->p99Us : nan;
    };
    auto gbps = [nan](const perf::SizeResult* r) { return r ? r->gbps : nan; };
    auto ratio = [](double x, double y) {
        return std::isfinite(x) && std::isfinite(y) && x > 0 ? num(y / x, 2) + QStringLiteral("\u00d7")
                                                             : QStringLiteral("-");
    };
    auto opt = [](double v, int d) { return std::isfinite(v) ? num(v, d) : QStringLiteral("-"); };
    auto g = [&](double v) { return opt(v, std::isfinite(v) && v < 0.1 ? 5 : 3); };
    // What differs between two runs: the settings, the hosts' software, the profile and the journal.
    auto differences = [](const run::Run& a, const run::Run& b) {
        QStringList out;
        const auto ja = nlohmann::json::parse(perf::optionsToJson(a.header.options));
        const auto jb = nlohmann::json::parse(perf::optionsToJson(b.header.options));
        auto text = [](const nlohmann::json& v) { return v.is_string() ? v.get<std::string>() : v.dump(); };
        for (const auto& [key, value] : jb.items()) {
            if (!ja.contains(key) || ja[key] != value)
                out << q(key + ": " + (ja.contains(key) ? text(ja[key]) : "-") + " \u2192 " + text(value));
        }
        if (a.header.server != b.header.server || a.header.client != b.header.client)
            out << q("hosts: " + a.header.client + " \u2192 " + a.header.server + " vs " + b.header.client + " \u2192 "
                + b.header.server);
        for (const auto& hb : b.environment.hosts) {
            for (const auto& ha : a.environment.hosts) {
                if (ha.name != hb.name)
                    continue;
                if (ha.kernel != hb.kernel)
                    out << q(hb.name + " kernel: " + ha.kernel + " \u2192 " + hb.kernel);
                if (!(ha.devices == hb.devices))
                    out << q(hb.name + ": RDMA devices or firmware changed");
                if (ha.gidIndex != hb.gidIndex)
                    out << q(hb.name + ": GID index changed");
            }
        }
        if (a.environment.profileYaml != b.environment.profileYaml)
            out << tr("the profile changed");
        if (a.environment.applyJournalJson != b.environment.applyJournalJson)
            out << tr("the applied configuration (journal) changed");
        return out;
    };
    for (std::size_t i = 1; i < m_input.runs.size(); ++i) {
        const auto& other = m_input.runs[i];
        heading(q(other.name) + QStringLiteral(" vs ") + q(base.name), 2);
        paragraph(tr("A: %1 (%2)").arg(q(base.name), q(run::describeTest(*base.run))), 8.5);
        paragraph(tr("B: %1 (%2)").arg(q(other.name), q(run::describeTest(*other.run))), 8.5);
        const QStringList diff = differences(*base.run, *other.run);
        paragraph(diff.isEmpty() ? tr("Same settings, hosts, profile and configuration: the difference is the fabric "
                                      "or the hosts' load at the time.")
                                 : tr("What differs: %1.").arg(diff.join(QStringLiteral("; "))),
            8.5, false, QColor(0x12, 0x3a, 0x63));
        std::vector<QStringList> rows;
        double latLo = 1e300, latHi = 0, gLo = 1e300, gHi = 0;
        for (auto size : sizes) {
            const auto* a = find(*base.run, size);
            const auto* b = find(*other.run, size);
            if (std::isfinite(p50(a)) && std::isfinite(p50(b)) && p50(a) > 0) {
                latLo = std::min(latLo, p50(b) / p50(a));
                latHi = std::max(latHi, p50(b) / p50(a));
            }
            if (a && b && a->gbps > 0) {
                gLo = std::min(gLo, b->gbps / a->gbps);
                gHi = std::max(gHi, b->gbps / a->gbps);
            }
            rows.push_back({ bytesText(static_cast<double>(size)), opt(p50(a), 2), opt(p50(b), 2),
                ratio(p50(a), p50(b)), opt(p99(a), 2), opt(p99(b), 2), ratio(p99(a), p99(b)), g(gbps(a)), g(gbps(b)),
                ratio(gbps(a), gbps(b)) });
        }
        QStringList sentence;
        auto range = [](double lo, double hi) -> QString {
            if (std::abs(hi - lo) < 0.005)
                return num(lo, 2) + QStringLiteral("\u00d7");
            return num(lo, 2) + QStringLiteral("\u00d7\u2013") + num(hi, 2) + QStringLiteral("\u00d7");
        };
        if (latHi > 0)
            sentence << tr("B's one-way p50 latency is %1 A's (%2)")
                            .arg(range(latLo, latHi),
                                latHi < 1       ? tr("B is faster")
                                    : latLo > 1 ? tr("A is faster")
                                                : tr("mixed"));
        if (gHi > 0)
            sentence << tr("its throughput %1 A's (%2)")
                            .arg(range(gLo, gHi),
                                gLo > 1       ? tr("B moves more")
                                    : gHi < 1 ? tr("A moves more")
                                              : tr("mixed"));
        if (!sentence.isEmpty())
            paragraph(sentence.join(QStringLiteral("; ")) + QLatin1Char('.'), 10, true);
        table({ tr("Size"), tr("p50 µs A"), tr("p50 µs B"), tr("B/A"), tr("p99 µs A"), tr("p99 µs B"), tr("B/A"),
                  tr("Gb/s A"), tr("Gb/s B"), tr("B/A") },
            rows, { 0.08, 0.1, 0.1, 0.09, 0.1, 0.1, 0.09, 0.12, 0.12, 0.1 }, 1);
        paragraph(tr("Latency: lower is better (B/A below 1 = B faster). Throughput: higher is better. The size sweep "
                     "charts draw both runs on the same axes."),
            7.5, false, QColor(0x44, 0x44, 0x44));
    }
}

void ReportPdf::findings()
{
    // The findings given to the report, else the first run's own (a run saved with the troubleshooter's result).
    std::string text = m_input.findingsJson;
    for (const auto& n : m_input.runs) {
        if (text.empty())
            text = n.run->environment.findingsJson;
    }
    if (text.empty())
        return;
    heading(tr("Findings of the troubleshooter"));
    const auto f = run::parseFindings(text);
    if (!f.ok) {
        paragraph(tr("The findings file is not a findings document; it is shown as it was given."), 8.5);
        mono(q(text), 60);
        return;
    }
    if (f.list.empty()) {
        paragraph(tr("The troubleshooter found nothing to report."), 9.5);
        return;
    }
    for (const auto& x : f.list) {
        const QColor color = x.severity == "error" ? verdictColor("fail")
            : x.severity == "warning"              ? verdictColor("warn")
                                                   : QColor(Qt::black);
        QString title = (x.severity.empty() ? QString() : q(x.severity).toUpper() + QStringLiteral(": ")) + q(x.title);
        if (!x.check.empty() || !x.rule.empty())
            title += QStringLiteral("  [") + q(x.check.empty() ? x.rule : x.check + " " + x.rule) + QLatin1Char(']');
        paragraph(title, 9.5, true, color);
        if (!x.hosts.empty()) {
            QStringList hosts;
            for (const auto& h : x.hosts)
                hosts << q(h);
            paragraph(tr("Hosts: %1").arg(hosts.join(QStringLiteral(", "))), 8.5);
        }
        if (!x.explanation.empty())
            paragraph(q(x.explanation), 9);
        for (const auto& e : x.evidence)
            paragraph(tr("Evidence: %1").arg(q(e)), 8, false, QColor(0x44, 0x44, 0x44));
        for (const auto& [target, fix] : x.fixes) {
            paragraph(target.empty() ? tr("What to do:") : tr("What to do on %1:").arg(q(target)), 8.5, true,
                QColor(0x1a, 0x5c, 0x1a));
            mono(q(fix), 20);
        }
        m_y += 4;
    }
}

bool ReportPdf::write()
{
    if (!m_p.begin(&m_writer))
        return false;
    m_p.setRenderHint(QPainter::Antialiasing, true);
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
    cover();
    findings();
    if (detail.size() < m_input.runs.size()) {
        pairs();
        paragraph(tr("The following pages give the details of these %1 worst pairs; every pair's numbers are in the "
                     "attached summary CSV and JSON.")
                      .arg(detail.size()),
            8.5, false, QColor(0x44, 0x44, 0x44));
    }
    for (const auto& n : detail) {
        newPage();
        environment(n);
    }
    for (const auto& n : detail)
        charts(n);
    sweeps(detail);
    for (const auto& n : detail) {
        newPage();
        tables(n);
        anomalies(n);
        ensure(320); // the verdict and its commands together, on this page when they fit
        m_y += 10;
        remediation(n);
    }
    comparison();
    if (detail.size() == m_input.runs.size())
        pairs();
    footer();
    return m_p.end();
}

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
        writer.setTitle(ReportPdf::tr("RoCE performance test report"));
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
        ReportPdf report(writer, input);
        if (!report.write())
            return fail(ErrorKind::Io, "cannot write the PDF", path);
    }
    if (auto ok = writeFileAtomically(path, pdf.data().toStdString()); !ok)
        return fail(ErrorKind::Io, "cannot write the PDF (" + ok.error().message + ")", path);
    return {};
}

} // namespace rp::ui

// SPDX-License-Identifier: GPL-3.0-or-later
#include "pdfpage.h"

#include "run/summary.h"
#include "util/format.h"

#include <QFontMetricsF>
#include <QPdfWriter>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>

namespace rp::ui {

namespace {

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

} // namespace

QString q(const std::string& s)
{
    return QString::fromStdString(s);
}

QString num(double v, int digits)
{
    return QString::fromStdString(fixed(v, digits));
}

QString bytesText(double v)
{
    return q(sizeText(static_cast<std::uint64_t>(std::llround(v))));
}

PdfPage::PdfPage(QPdfWriter& writer)
    : m_writer(writer)
{ }

bool PdfPage::begin()
{
    if (!m_p.begin(&m_writer))
        return false;
    m_p.setRenderHint(QPainter::Antialiasing, true);
    return true;
}

QPaintDevice* PdfPage::device() const
{
    return &m_writer;
}

void PdfPage::footer()
{
    m_p.save();
    setFont(QFont(m_family, 7));
    m_p.setPen(QColor(0x66, 0x66, 0x66));
    m_p.drawText(QRectF(kMargin, kPageH - 30, contentW(), 12), Qt::AlignLeft | Qt::AlignVCenter,
        m_footerTitle.isEmpty() ? tr("RoCE Pilot test report") : m_footerTitle);
    m_p.drawText(
        QRectF(kMargin, kPageH - 30, contentW(), 12), Qt::AlignRight | Qt::AlignVCenter, tr("page %1").arg(m_page));
    m_p.restore();
}

void PdfPage::newPage()
{
    footer();
    m_writer.newPage();
    ++m_page;
    m_y = kMargin;
}

void PdfPage::ensure(double height)
{
    if (m_y + height > kPageH - kMargin - 10)
        newPage();
}

void PdfPage::heading(const QString& text, int level)
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

void PdfPage::paragraph(const QString& text, double size, bool bold, const QColor& color)
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

void PdfPage::mono(const QString& text, int maxLines)
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

void PdfPage::table(const QStringList& header, const std::vector<QStringList>& rows, const std::vector<double>& widths,
    int rightFrom, const std::vector<QColor>* colors, int colorColumn)
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

void PdfPage::chart(const QRectF& area, const QString& title, const QString& yLabel, Axis xAxis, bool logX, bool logY,
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

} // namespace rp::ui

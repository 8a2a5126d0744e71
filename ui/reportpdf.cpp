// SPDX-License-Identifier: GPL-3.0-or-later
#include "reportpdf.h"

#include "counters/counters.h"

#include <QCoreApplication>
#include <QFile>
#include <QFontMetricsF>
#include <QPageSize>
#include <QPainter>
#include <QPainterPath>
#include <QPdfWriter>

#include <nlohmann/json.hpp>

#include <algorithm>
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
    void table(const QStringList& header, const std::vector<QStringList>& rows, const std::vector<double>& widths,
        int rightFrom = 1);
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
    void sweeps();
    void tables(const run::NamedRun& r);
    void comparison();
    void findings();

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
    return QString::fromStdString(run::fixed(v, digits));
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
    return q(run::sizeText(static_cast<std::uint64_t>(std::llround(v))));
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
    QFontMetricsF fm(m_p.font());
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
    QFontMetricsF fm(font);
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
    QFontMetricsF fm(font);
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

void ReportPdf::table(
    const QStringList& header, const std::vector<QStringList>& rows, const std::vector<double>& widths, int rightFrom)
{
    QFont font(m_family);
    font.setPointSizeF(7.5);
    QFont bold = font;
    bold.setBold(true);
    const double rowH = QFontMetricsF(font).height() + 3;
    auto drawRow = [&](const QStringList& cells, bool isHeader, bool shaded) {
        ensure(rowH);
        if (shaded)
            m_p.fillRect(QRectF(kMargin, m_y, contentW(), rowH), QColor(0xf0, 0xf3, 0xf7));
        setFont(isHeader ? bold : font);
        m_p.setPen(Qt::black);
        double x = kMargin;
        for (int i = 0; i < cells.size() && i < static_cast<int>(widths.size()); ++i) {
            const double w = widths[static_cast<std::size_t>(i)] * contentW();
            const auto align = (i >= rightFrom ? Qt::AlignRight : Qt::AlignLeft) | Qt::AlignVCenter;
            QFontMetricsF fm(m_p.font());
            m_p.drawText(QRectF(x + 2, m_y, w - 4, rowH), align, fm.elidedText(cells[i], Qt::ElideRight, w - 4));
            x += w;
        }
        m_y += rowH;
        if (isHeader) {
            m_p.setPen(QPen(Qt::black, 0.6));
            m_p.drawLine(QPointF(kMargin, m_y), QPointF(kMargin + contentW(), m_y));
        }
    };
    ensure(rowH * std::min<std::size_t>(rows.size() + 1, 4));
    drawRow(header, true, false);
    for (std::size_t i = 0; i < rows.size(); ++i) {
        if (m_y + rowH > kPageH - kMargin - 10) {
            newPage();
            drawRow(header, true, false);
        }
        drawRow(rows[i], false, i % 2 == 1);
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
    QFontMetricsF fm(small);
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
    m_y += 6;
    heading(tr("Result"));
    for (const auto& named : m_input.runs) {
        const auto& summary = summaryOf(*named.run);
        if (m_input.runs.size() > 1)
            paragraph(q(named.name), 10, true);
        paragraph(q(summary.headline), 12.5, false,
            summary.status == "ok" ? QColor(0x10, 0x10, 0x10) : QColor(0xa0, 0x20, 0x20));
        for (const auto& w : named.run->warnings)
            paragraph(tr("Warning: %1").arg(q(w)), 8.5, false, QColor(0xa0, 0x20, 0x20));
        m_y += 4;
    }
    heading(tr("At a glance"), 2);
    std::vector<QStringList> rows;
    for (const auto& named : m_input.runs) {
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
        rows.push_back({ q(named.name), q(run::describeTest(r)), sizes, num(peak, 3), lat, q(s.status) });
    }
    table({ tr("Run"), tr("Test"), tr("Sizes"), tr("Peak Gb/s"), tr("p50 / p99 \u00b5s"), tr("Status") }, rows,
        { 0.16, 0.42, 0.12, 0.1, 0.12, 0.08 }, 3);
    paragraph(tr("Latency is one-way (half the round trip) at the smallest size; throughput is payload in Gb/s "
                 "(10^9 bits per second). The following pages give the environment, the charts on the run's "
                 "time axis, the per-size percentile tables%1.")
                  .arg(m_input.runs.size() > 1 ? tr(" and a comparison of the runs") : QString()),
        8.5, false, QColor(0x44, 0x44, 0x44));
}

void ReportPdf::environment(const run::NamedRun& named)
{
    const auto& r = *named.run;
    heading(tr("Environment: %1").arg(q(named.name)));
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

    heading(tr("Test settings"), 2);
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
    if (!r.header.command.empty()) {
        paragraph(tr("Command that repeats this test:"), 8.5, true);
        mono(q(r.header.command), 4);
    }
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

void ReportPdf::sweeps()
{
    bool anySweep = false;
    for (const auto& n : m_input.runs)
        anySweep = anySweep || n.run->sizes.size() > 1;
    if (!anySweep)
        return;
    newPage();
    heading(tr("Message size sweeps"));
    std::vector<Series> p50, p99, gbps, cpu;
    double xMin = 1e300, xMax = 0;
    int i = 0;
    const bool several = m_input.runs.size() > 1;
    for (const auto& n : m_input.runs) {
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
    auto cell = [](bool has, double v) { return has ? num(v, 2) : QStringLiteral("-"); };
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
        rows, { 0.08, 0.08, 0.08, 0.08, 0.08, 0.08, 0.08, 0.08, 0.1, 0.08, 0.08, 0.1 }, 1);
    paragraph(tr("CPU in % of one core. Latency columns: one-way \u00b5s over every message of the size (the engine's "
                 "histogram, within "
                 "1/128 of the exact value); '-' where the back end does not measure it."),
        7.5, false, QColor(0x44, 0x44, 0x44));
    std::vector<QStringList> spread;
    for (const auto& s : summary.sizes) {
        if (s.gbps.count == 0)
            continue;
        spread.push_back({ bytesText(static_cast<double>(s.report.client.size)), QString::number(s.gbps.count),
            num(s.gbps.min, 3), num(s.gbps.p5, 3), num(s.gbps.p50, 3), num(s.gbps.max, 3),
            s.p50Us.count ? num(s.p50Us.min, 2) : QStringLiteral("-"),
            s.p50Us.count ? num(s.p50Us.p50, 2) : QStringLiteral("-"),
            s.p50Us.count ? num(s.p50Us.max, 2) : QStringLiteral("-") });
    }
    if (!spread.empty()) {
        heading(tr("Spread over the live samples (each 100 ms interval)"), 2);
        table({ tr("Size"), tr("samples"), tr("Gb/s min"), tr("p5"), tr("p50"), tr("max"), tr("p50 \u00b5s min"),
                  tr("median"), tr("max") },
            spread, { 0.1, 0.1, 0.11, 0.11, 0.11, 0.11, 0.13, 0.11, 0.12 }, 1);
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
    if (m_input.runs.size() < 2)
        return;
    heading(tr("Comparison"));
    const auto& base = m_input.runs.front();
    paragraph(tr("Each run against %1, size by size: one-way p50 latency and throughput, with the ratio to %1.")
                  .arg(q(base.name)),
        9);
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
    for (std::size_t i = 1; i < m_input.runs.size(); ++i) {
        const auto& other = m_input.runs[i];
        heading(q(other.name) + QStringLiteral(" vs ") + q(base.name), 2);
        std::vector<QStringList> rows;
        for (auto size : sizes) {
            const auto* a = find(*base.run, size);
            const auto* b = find(*other.run, size);
            // NaN = not measured (std::optional here trips GCC 12's maybe-uninitialized)
            const double nan = std::numeric_limits<double>::quiet_NaN();
            auto p50 = [nan](const perf::SizeResult* r) {
                return r && r->latency && r->latency->hasPercentiles ? r->latency->p50Us : nan;
            };
            auto ratio = [](double x, double y) {
                return std::isfinite(x) && std::isfinite(y) && x > 0 ? num(y / x, 3) + QStringLiteral("\u00d7")
                                                                     : QStringLiteral("-");
            };
            auto opt = [](double v, int d) { return std::isfinite(v) ? num(v, d) : QStringLiteral("-"); };
            const double ga = a ? a->gbps : nan;
            const double gb = b ? b->gbps : nan;
            rows.push_back({ bytesText(static_cast<double>(size)), opt(p50(a), 2), opt(p50(b), 2),
                ratio(p50(a), p50(b)), opt(ga, 3), opt(gb, 3), ratio(ga, gb) });
        }
        table({ tr("Size"), tr("p50 \u00b5s %1").arg(q(base.name)), tr("p50 \u00b5s %1").arg(q(other.name)),
                  tr("ratio"), tr("Gb/s %1").arg(q(base.name)), tr("Gb/s %1").arg(q(other.name)), tr("ratio") },
            rows, { 0.1, 0.16, 0.16, 0.1, 0.16, 0.16, 0.16 }, 1);
    }
}

void ReportPdf::findings()
{
    if (m_input.findingsJson.empty())
        return;
    heading(tr("Findings of the troubleshooter"));
    auto doc = nlohmann::json::parse(m_input.findingsJson, nullptr, false);
    if (doc.is_discarded()) {
        paragraph(tr("The findings file is not valid JSON; it is shown as it was given."), 8.5);
        mono(q(m_input.findingsJson), 60);
        return;
    }
    // A list of findings, or an object holding one under "findings".
    const nlohmann::json* list = &doc;
    if (doc.is_object() && doc.contains("findings"))
        list = &doc["findings"];
    if (!list->is_array()) {
        mono(q(doc.dump(2)), 80);
        return;
    }
    auto text = [](const nlohmann::json& o, std::initializer_list<const char*> keys) {
        for (const char* k : keys) {
            if (o.contains(k) && o[k].is_string())
                return q(o[k].get<std::string>());
        }
        return QString();
    };
    for (const auto& f : *list) {
        if (!f.is_object()) {
            paragraph(q(f.dump()), 9);
            continue;
        }
        const QString severity = text(f, { "severity", "level" });
        const QString title = text(f, { "title", "summary", "code" });
        const QString message = text(f, { "message", "detail", "explanation" });
        const QString fix = text(f, { "fix", "remedy", "remediation", "action" });
        const bool bad = severity == QStringLiteral("error") || severity == QStringLiteral("critical")
            || severity == QStringLiteral("crit");
        paragraph((severity.isEmpty() ? QString() : severity.toUpper() + QStringLiteral(": ")) + title, 9.5, true,
            bad ? QColor(0xa0, 0x20, 0x20) : Qt::black);
        if (!message.isEmpty())
            paragraph(message, 9);
        if (!fix.isEmpty())
            paragraph(tr("What to do: %1").arg(fix), 9, false, QColor(0x1a, 0x5c, 0x1a));
    }
}

bool ReportPdf::write()
{
    if (!m_p.begin(&m_writer))
        return false;
    m_p.setRenderHint(QPainter::Antialiasing, true);
    cover();
    findings();
    for (const auto& n : m_input.runs) {
        newPage();
        environment(n);
    }
    for (const auto& n : m_input.runs)
        charts(n);
    sweeps();
    for (const auto& n : m_input.runs) {
        newPage();
        tables(n);
    }
    comparison();
    footer();
    return m_p.end();
}

Result<void> writePdfReport(const PdfReportInput& input, const std::string& path)
{
    if (input.runs.empty())
        return fail(ErrorKind::Usage, "no run to report");
    if (!QCoreApplication::instance())
        return fail(ErrorKind::Internal, "the PDF report needs a QGuiApplication", path);
    const QString file = QString::fromStdString(path);
    const QString tmp = file + QStringLiteral(".part");
    {
        QPdfWriter writer(tmp);
        writer.setPageSize(QPageSize(QPageSize::A4));
        writer.setPageMargins(QMarginsF(0, 0, 0, 0));
        writer.setResolution(72);
        writer.setCreator(QStringLiteral("RoCE Pilot"));
        writer.setTitle(ReportPdf::tr("RoCE performance test report"));
        if (input.pdfA)
            writer.setPdfVersion(QPagedPaintDevice::PdfVersion_A1b);
        for (const auto& [name, data] : input.attachments) {
            const QString n = QString::fromStdString(name);
            writer.addFileAttachment(n, QByteArray::fromStdString(data),
                n.endsWith(QStringLiteral(".json")) ? QStringLiteral("application/json") : QStringLiteral("text/csv"));
        }
        ReportPdf report(writer, input);
        if (!report.write()) {
            QFile::remove(tmp);
            return fail(ErrorKind::Io, "cannot write the PDF", path);
        }
    }
    QFile::remove(file);
    if (!QFile::rename(tmp, file)) {
        QFile::remove(tmp);
        return fail(ErrorKind::Io, "cannot write the PDF (rename failed)", path);
    }
    return {};
}

} // namespace rp::ui

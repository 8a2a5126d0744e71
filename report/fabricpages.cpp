// SPDX-License-Identifier: GPL-3.0-or-later
#include "fabricpages.h"

#include "fabric/fabricjson.h"
#include "util/format.h"

#include <QFontMetricsF>

#include <algorithm>
#include <map>
#include <set>

namespace rp::ui {

namespace {

const QColor kReadyColor(0x1a, 0x7f, 0x37);
const QColor kNotReadyColor(0xb0, 0x1c, 0x1c);
const QColor kNoteColor(0x44, 0x44, 0x44);
const QColor kGoodCell(0x2c, 0xa0, 0x2c);
const QColor kDesignedCell(0xc8, 0xc8, 0xc8);
const QColor kEmptyCell(0xf4, 0xf4, 0xf4);

/// Light red for a little loss, dark red for total loss: the eye finds the dead pairs first.
QColor lossColor(double lossPercent)
{
    const double t = std::clamp(lossPercent / 100.0, 0.0, 1.0);
    const QColor lo(0xf2, 0x9e, 0x4c), hi(0xb0, 0x1c, 0x1c);
    return QColor::fromRgbF(static_cast<float>(lo.redF() + (hi.redF() - lo.redF()) * t),
        static_cast<float>(lo.greenF() + (hi.greenF() - lo.greenF()) * t),
        static_cast<float>(lo.blueF() + (hi.blueF() - lo.blueF()) * t));
}

QString timeText(fabric::Clock::time_point t)
{
    return q(fabric::isoTime(t));
}

/// "rxe0/1#3" or "udp": an endpoint within its host, for the GID matrix's labels.
QString endpointShort(const fabric::Endpoint& e)
{
    if (e.udp())
        return QStringLiteral("udp");
    return q(e.device) + QLatin1Char('/') + QString::number(e.port) + QLatin1Char('#') + QString::number(e.gidIndex);
}

} // namespace

FabricPages::FabricPages(PdfPage& pdf, const FabricPdfInput& input)
    : m_pdf(pdf)
    , m_p(pdf.painter())
    , m_input(input)
    , m_run(*input.run)
    , m_report(*input.report)
{ }

bool FabricPages::write()
{
    if (!m_pdf.begin())
        return false;
    m_pdf.setFooterTitle(tr("RoCE Pilot fabric check report"));
    cover();
    checked();
    m_pdf.newPage();
    matrix();
    worstPairs();
    findings();
    gidMatrices();
    probed();
    m_pdf.footer();
    return m_pdf.end();
}

QString FabricPages::reasonText(fabric::Reason reason) const
{
    return reason == fabric::Reason::None ? tr("works") : q(std::string(toString(reason)));
}

void FabricPages::cover()
{
    m_pdf.setFont(QFont(m_pdf.family(), 22, QFont::Bold));
    m_p.setPen(QColor(0x12, 0x3a, 0x63));
    m_p.drawText(QPointF(PdfPage::kMargin, m_pdf.y() + 22), tr("RoCE fabric check report"));
    m_pdf.skip(36);
    m_pdf.paragraph(
        tr("%1: a fabric %2 over %3, started %4 (UTC).")
            .arg(q(m_input.name), q(m_run.header.command), q(m_run.header.transport), timeText(m_report.started)),
        9.5, false, kNoteColor);
    QStringList who;
    if (!m_input.site.empty())
        who << tr("Site: %1").arg(q(m_input.site));
    if (!m_input.operatorName.empty())
        who << tr("Operator: %1").arg(q(m_input.operatorName));
    who << q(m_run.header.tool.empty() ? std::string("RoCE Pilot") : m_run.header.tool);
    m_pdf.paragraph(who.join(QStringLiteral(" \u00b7 ")), 9.5, false, kNoteColor);
    m_pdf.skip(6);

    // The verdict first, in a banner: ready or not, and why.
    const double h = 46;
    m_pdf.ensure(h + 10);
    const QRectF box(PdfPage::kMargin, m_pdf.y(), m_pdf.contentW(), h);
    m_p.save();
    m_p.setPen(Qt::NoPen);
    m_p.setBrush(m_report.ready ? kReadyColor : kNotReadyColor);
    m_p.drawRoundedRect(box, 4, 4);
    m_pdf.setFont(QFont(m_pdf.family(), 20, QFont::Bold));
    m_p.setPen(Qt::white);
    const QString verdict = m_report.ready ? tr("READY") : tr("NOT READY");
    m_p.drawText(box.adjusted(14, 0, 0, 0), Qt::AlignLeft | Qt::AlignVCenter, verdict);
    const double whyX = 14 + QFontMetricsF(m_p.font(), m_pdf.device()).horizontalAdvance(verdict) + 18;
    QFont small(m_pdf.family());
    small.setPointSizeF(9);
    m_pdf.setFont(small);
    QString why;
    if (m_report.ready)
        why = tr("No finding was open at the end of the run and its last round failed no cell.");
    else if (m_report.lastRound == 0)
        why = tr("No round of the run finished: nothing to judge the fabric by.");
    else
        why = tr("%n finding(s) open at the end of the run", nullptr, static_cast<int>(m_report.openFindings))
            + QStringLiteral("; ")
            + tr("%n cell(s) failing in its last round", nullptr, static_cast<int>(m_report.lastRoundFailed));
    m_p.drawText(box.adjusted(whyX, 4, -10, -4), Qt::AlignLeft | Qt::AlignVCenter | Qt::TextWordWrap, why);
    m_p.restore();
    m_pdf.skip(h + 10);
    if (m_report.truncated)
        m_pdf.paragraph(tr("This run was cut short (the file ends mid-line or without its end line): the report "
                           "covers what it kept, up to round %1.")
                            .arg(m_report.rounds),
            9.5, true, kNotReadyColor);
    for (const auto& w : m_report.warnings)
        m_pdf.paragraph(tr("Warning: %1").arg(q(w)), 8.5, false, kNotReadyColor);

    m_pdf.heading(tr("Open findings"), 2);
    std::vector<QStringList> rows;
    for (const auto& rf : m_report.findings) {
        if (!rf.open)
            continue;
        const auto& f = rf.finding;
        rows.push_back({ q(diag::toString(f.finding.severity)), q(std::string(toString(f.klass))), q(f.element.name),
            q(f.finding.title), num(f.confidence * 100, 0) + QStringLiteral(" %") });
    }
    if (rows.empty())
        m_pdf.paragraph(tr("None."), 9.5);
    else
        m_pdf.table({ tr("Severity"), tr("Class"), tr("Element"), tr("Finding"), tr("Confidence") }, rows,
            { 0.1, 0.13, 0.2, 0.45, 0.12 }, 4);
}

void FabricPages::checked()
{
    const auto& h = m_run.header;
    m_pdf.heading(tr("What was checked"), 2);
    QStringList hosts;
    for (const auto& host : h.hosts)
        hosts << q(host);
    QStringList tors;
    for (const auto& t : m_report.torNames)
        tors << (t.empty() ? tr("(none)") : q(t));
    auto listed = [](const QStringList& names, qsizetype max) {
        return names.size() <= max ? names.join(QStringLiteral(", "))
                                   : names.mid(0, max).join(QStringLiteral(", ")) + QStringLiteral(", \u2026");
    };
    std::vector<QStringList> rows {
        { tr("Hosts"), QString::number(h.hosts.size()) + QStringLiteral(": ") + listed(hosts, 24) },
        { tr("ToRs"),
            QString::number(m_report.torNames.size()) + QStringLiteral(": ") + listed(tors, 24)
                + (h.spine.empty() ? QString() : tr(" (spine %1)").arg(q(h.spine))) },
        { tr("Transport"),
            h.transport == "rdma" ? tr("rdma: RDMA UD probes per GID, and UDP beside them")
                                  : tr("udp: UDP probes between the hosts' data addresses") },
        { tr("Endpoints"), QString::number(m_run.endpoints.size()) },
        { tr("Command"),
            h.command == "prom" ? tr("prom: the standalone agents' series, read from Prometheus") : q(h.command) },
        { tr("Rounds"), QString::number(m_report.rounds) },
        { tr("Started"), timeText(m_report.started) },
        { tr("Ended"), timeText(m_report.finished) + QStringLiteral(" (") + q(m_report.status) + QLatin1Char(')') },
        { tr("Duration"), num(m_report.seconds, 1) + tr(" s") },
        { tr("Round length"), h.durationS > 0 ? num(h.durationS, 1) + tr(" s") : tr("each agent's own phase") },
        { tr("Rate"), h.rate > 0 ? tr("%1 probes/s per target").arg(num(h.rate, 0)) : tr("each agent's own") },
        { tr("Cells"),
            tr("%1 directed cells; %2 failed against expectation at least once")
                .arg(m_report.cells.size())
                .arg(m_report.failingCells) },
        // A run read from Prometheus names the server it read, and had no inventory.
        { h.command == "prom" ? tr("Prometheus") : tr("Inventory"), q(h.inventory) },
        { tr("Tool"), q(h.tool) },
    };
    m_pdf.table({ tr("Item"), tr("Value") }, rows, { 0.2, 0.8 }, 99);
}

void FabricPages::grid(const QString& rowTitle, const QString& columnTitle, const QStringList& rows,
    const QStringList& columns, const std::function<std::optional<MatrixCell>(std::size_t, std::size_t)>& cellAt)
{
    const auto nr = static_cast<std::size_t>(rows.size());
    const auto nc = static_cast<std::size_t>(columns.size());
    if (nr == 0 || nc == 0)
        return;
    const double labelW = 78;
    const double side = std::min(m_pdf.contentW() - labelW - 10, 420.0);
    const double cell = std::min(side / static_cast<double>(std::max(nr, nc)), 56.0);
    QFont f(m_pdf.family());
    f.setPointSizeF(std::clamp(cell / 5.0, 4.5, 7.5));
    m_pdf.setFont(f);
    const QFontMetricsF fm(m_p.font(), m_pdf.device());
    // Room above the grid for the longest column label (written upwards), at most 58 points.
    double top = 16;
    for (const auto& c : columns)
        top = std::max(top, std::min(58.0, fm.horizontalAdvance(c) + 8));
    m_pdf.ensure(cell * static_cast<double>(nr) + top + 30);
    const double x0 = PdfPage::kMargin + labelW, y0 = m_pdf.y() + 14 + top;
    m_p.setPen(Qt::black);
    m_p.drawText(QRectF(x0, m_pdf.y(), cell * static_cast<double>(nc), 12), Qt::AlignLeft | Qt::AlignVCenter,
        columnTitle + QStringLiteral(" \u2192"));
    for (std::size_t j = 0; j < nc; ++j) {
        const double cx = x0 + cell * (static_cast<double>(j) + 0.5);
        m_p.save();
        m_p.translate(cx, y0 - 2);
        m_p.rotate(-90);
        m_p.drawText(QRectF(0, -cell / 2, top - 4, cell), Qt::AlignLeft | Qt::AlignVCenter,
            fm.elidedText(columns[static_cast<qsizetype>(j)], Qt::ElideRight, top - 4));
        m_p.restore();
    }
    m_p.drawText(QRectF(PdfPage::kMargin, y0 - 14, labelW - 4, 12), Qt::AlignLeft | Qt::AlignVCenter,
        rowTitle + QStringLiteral(" \u2193"));
    const bool text = cell >= 22;
    QFont cf = f;
    cf.setPointSizeF(std::clamp(cell / 5.5, 4.5, 7.0));
    for (std::size_t i = 0; i < nr; ++i) {
        const double y = y0 + cell * static_cast<double>(i);
        m_pdf.setFont(f);
        m_p.setPen(Qt::black);
        m_p.drawText(QRectF(PdfPage::kMargin, y, labelW - 4, cell), Qt::AlignRight | Qt::AlignVCenter,
            fm.elidedText(rows[static_cast<qsizetype>(i)], Qt::ElideRight, labelW - 4));
        for (std::size_t j = 0; j < nc; ++j) {
            const QRectF r(x0 + cell * static_cast<double>(j), y, cell, cell);
            const auto c = cellAt(i, j);
            QColor fill = kEmptyCell;
            if (c)
                fill = c->failing ? lossColor(c->lossPercent) : c->designedOnly ? kDesignedCell : kGoodCell;
            m_p.fillRect(r, fill);
            m_p.setPen(QPen(Qt::white, std::min(1.0, cell / 12)));
            m_p.drawRect(r);
            if (c && text) {
                m_pdf.setFont(cf);
                m_p.setPen(c->failing || !c->designedOnly ? Qt::white : Qt::black);
                const QString t = c->designedOnly && !c->failing
                    ? tr("design")
                    : num(c->lossPercent, c->lossPercent >= 10 ? 0 : 1) + QStringLiteral("%\n") + num(c->rttP99Us, 0);
                m_p.drawText(r, Qt::AlignCenter, t);
            }
        }
    }
    m_pdf.setY(y0 + cell * static_cast<double>(nr) + 8);
}

void FabricPages::matrix()
{
    const bool byTor = m_run.header.hosts.size() > fabric::FabricReport::kHostMatrixLimit;
    m_pdf.heading(byTor ? tr("ToR x ToR matrix") : tr("Host x host matrix"));
    QStringList names;
    std::map<std::pair<std::string, std::string>, FabricPages::MatrixCell> cells;
    auto put = [&](const auto& s, const std::string& a, const std::string& b) {
        cells[{ a, b }]
            = { s.lossPercent, s.rttP99Us, s.cellsFailed > 0, s.cellsFailed == 0 && s.cellsExpectedBad == s.cells };
    };
    std::vector<std::string> keys;
    if (byTor) {
        keys = m_report.torNames;
        for (const auto& t : m_report.tors)
            put(t, t.fromTor, t.toTor);
    } else {
        keys = m_run.header.hosts;
        for (const auto& p : m_report.pairs)
            put(p, p.fromHost, p.toHost);
    }
    for (const auto& k : keys)
        names << (k.empty() ? tr("(no ToR)") : q(k));
    grid(byTor ? tr("from ToR") : tr("from host"), byTor ? tr("to ToR") : tr("to host"), names, names,
        [&](std::size_t i, std::size_t j) -> std::optional<MatrixCell> {
            auto it = cells.find({ keys[i], keys[j] });
            if (it == cells.end())
                return std::nullopt;
            return it->second;
        });
    m_pdf.paragraph(
        (byTor ? tr("%1 hosts: each cell folds every cell between two ToRs (ToR-local on the diagonal).")
                     .arg(m_run.header.hosts.size())
               : tr("Each cell folds every GID and UDP cell between two hosts over the whole run (loopback on the "
                    "diagonal)."))
            + QLatin1Char(' ')
            + tr("Green: every cell expected to work worked. Orange to dark red: a cell failed against expectation, "
                 "the darker the more of the probes were lost; the numbers are the loss in % and the highest rtt p99 "
                 "in \u00b5s. Grey: only cells that fail by design. Light: not probed."),
        7.5, false, kNoteColor);
}

void FabricPages::worstPairs()
{
    m_pdf.heading(tr("The worst pairs"), 2);
    std::vector<QStringList> rows;
    std::vector<QColor> colors;
    for (auto i : m_report.worstPairs) {
        const auto& p = m_report.pairs[i];
        QString reason = QStringLiteral("-");
        if (p.worstReason != fabric::Reason::None)
            reason = reasonText(p.worstReason) + (p.cellsFailed == 0 ? tr(" (by design)") : QString());
        rows.push_back({ q(p.fromHost), q(p.toHost), num(p.lossPercent, 2),
            p.rttP99Us > 0 ? num(p.rttP99Us, 1) : QStringLiteral("-"),
            QString::number(p.cellsFailed) + QStringLiteral(" / ") + QString::number(p.cells), reason });
        colors.push_back(p.cellsFailed > 0 ? kNotReadyColor : kReadyColor);
    }
    if (rows.empty()) {
        m_pdf.paragraph(tr("No pair was probed."), 9.5);
        return;
    }
    m_pdf.table({ tr("From"), tr("To"), tr("Loss %"), tr("p99 \u00b5s"), tr("Failed cells"), tr("Worst reason") }, rows,
        { 0.2, 0.2, 0.1, 0.1, 0.14, 0.26 }, 2, &colors, 5);
}

void FabricPages::findings()
{
    m_pdf.ensure(160); // the heading with its first finding
    m_pdf.heading(tr("Findings"));
    if (m_report.findings.empty()) {
        m_pdf.paragraph(tr("The run raised no finding."), 9.5);
        return;
    }
    for (const auto& rf : m_report.findings) {
        const auto& f = rf.finding;
        m_pdf.ensure(120);
        m_pdf.paragraph(q(f.finding.title), 10.5, true, rf.open ? kNotReadyColor : QColor(Qt::black));
        QStringList alternatives;
        for (const auto& a : f.alternatives)
            alternatives << q(std::string(toString(a.element.kind))) + QLatin1Char(' ') + q(a.element.name)
                    + QStringLiteral(" (") + num(a.confidence * 100, 0) + QStringLiteral(" %)");
        std::vector<QStringList> rows {
            { tr("State"),
                rf.open ? tr("open at the end of the run")
                        : tr("cleared %1").arg(rf.clearedAt ? timeText(*rf.clearedAt) : QStringLiteral("-")) },
            { tr("Element"), q(f.element.name) },
            { tr("Class"),
                q(std::string(toString(f.klass))) + QStringLiteral(" (") + q(diag::toString(f.finding.severity))
                    + QLatin1Char(')') },
            { tr("Confidence"), num(f.confidence * 100, 0) + QStringLiteral(" %") },
            { tr("Alternatives"), alternatives.isEmpty() ? tr("none") : alternatives.join(QStringLiteral("; ")) },
            { tr("First seen"), timeText(f.firstSeen) },
            { tr("Last seen"), timeText(f.lastSeen) },
        };
        if (!f.finding.explanation.empty())
            rows.push_back({ tr("Why"), q(f.finding.explanation) });
        if (!f.because.empty()) {
            QStringList because;
            for (const auto& b : f.because)
                because << q(b);
            rows.push_back({ tr("Explained by"), because.join(QStringLiteral(", ")) });
        }
        m_pdf.table({ tr("Item"), q(f.id()) }, rows, { 0.2, 0.8 }, 99);
        if (!f.finding.evidence.empty()) {
            std::vector<QStringList> ev;
            for (const auto& e : f.finding.evidence)
                ev.push_back({ q(e.host), q(e.subject), q(e.value), q(e.when) });
            m_pdf.table(
                { tr("Evidence: host"), tr("What"), tr("Value"), tr("When") }, ev, { 0.18, 0.4, 0.22, 0.2 }, 99);
        }
        for (const auto& x : f.finding.fixes) {
            m_pdf.paragraph(tr("Fix on %1 (%2):").arg(q(x.target), q(x.platform)), 8.5, true);
            m_pdf.mono(q(x.text), 30);
        }
        m_pdf.skip(6);
    }
}

void FabricPages::gidMatrices()
{
    if (m_report.failingPairs.empty())
        return;
    m_pdf.ensure(300);
    m_pdf.heading(tr("GID x GID matrices of the failing pairs"));
    m_pdf.paragraph(tr("One matrix per directed host pair with a cell that failed against expectation: rows are the "
                       "source's endpoints (device/port#GID index, or udp), columns the destination's. Each cell "
                       "names its reason; grey cells fail by design (a RoCE v1 or link-local GID towards a v2 peer, "
                       "another subnet) and are no fault."),
        8, false, kNoteColor);
    std::map<std::pair<std::uint32_t, std::uint32_t>, const fabric::CellTotal*> byCell;
    for (const auto& c : m_report.cells)
        byCell[{ c.from, c.to }] = &c;
    std::map<std::string, std::vector<std::uint32_t>> byHost;
    for (std::uint32_t i = 0; i < m_run.endpoints.size(); ++i)
        byHost[m_run.endpoints[i].host].push_back(i);
    constexpr std::size_t kMaxPairs = 12;
    std::size_t shown = 0;
    // Hosts with one endpoint each (a UDP run) make a 1 x 1 matrix: those pairs go in one table instead.
    std::vector<QStringList> single;
    std::vector<QColor> singleColors;
    constexpr std::size_t kMaxSingle = 80;
    std::size_t moreSingle = 0;
    for (const auto& [from, to] : m_report.failingPairs) {
        if (byHost[from].size() == 1 && byHost[to].size() == 1) {
            auto it = byCell.find({ byHost[from].front(), byHost[to].front() });
            if (it != byCell.end() && single.size() == kMaxSingle) {
                ++moreSingle;
            } else if (it != byCell.end()) {
                const auto& c = *it->second;
                single.push_back({ q(m_run.endpoints[c.from].name()), q(m_run.endpoints[c.to].name()),
                    reasonText(c.reason), num(c.lossPercent(), 1) });
                singleColors.push_back(kNotReadyColor);
            }
            continue;
        }
        if (shown++ == kMaxPairs) {
            m_pdf.paragraph(tr("%1 more failing pairs: every cell is in the cells CSV and the JSON.")
                                .arg(m_report.failingPairs.size() - kMaxPairs),
                9);
            break;
        }
        const auto& rowsE = byHost[from];
        const auto& colsE = byHost[to];
        // The heading stays with its matrix (the grid's size as grid() makes it).
        const double side = std::min(m_pdf.contentW() - 88, 420.0);
        const double cell
            = std::min(side / static_cast<double>(std::max({ rowsE.size(), colsE.size(), std::size_t { 1 } })), 56.0);
        m_pdf.ensure(cell * static_cast<double>(rowsE.size()) + 130);
        m_pdf.heading(q(from) + QStringLiteral(" \u2192 ") + q(to), 2);
        // The reason in words under the picture: the grid's cells are too small for words at many GIDs.
        QStringList rows, cols;
        for (auto e : rowsE)
            rows << endpointShort(m_run.endpoints[e]);
        for (auto e : colsE)
            cols << endpointShort(m_run.endpoints[e]);
        grid(q(from), q(to), rows, cols, [&](std::size_t i, std::size_t j) -> std::optional<MatrixCell> {
            auto it = byCell.find({ rowsE[i], colsE[j] });
            if (it == byCell.end())
                return std::nullopt;
            const auto& c = *it->second;
            return MatrixCell { c.lossPercent(), c.rttP99Us, c.failing(), c.failedIntervals > 0 && c.expected };
        });
        std::vector<QStringList> reasons;
        std::vector<QColor> colors;
        for (auto a : rowsE) {
            for (auto b : colsE) {
                auto it = byCell.find({ a, b });
                if (it == byCell.end())
                    continue;
                const auto& c = *it->second;
                if (c.failedIntervals == 0)
                    continue;
                reasons.push_back({ endpointShort(m_run.endpoints[a]), endpointShort(m_run.endpoints[b]),
                    reasonText(c.reason), c.expected ? tr("by design") : tr("FAULT"), num(c.lossPercent(), 1) });
                colors.push_back(c.expected ? kNoteColor : kNotReadyColor);
            }
        }
        if (!reasons.empty())
            m_pdf.table({ tr("From"), tr("To"), tr("Reason"), tr("Expected"), tr("Loss %") }, reasons,
                { 0.22, 0.22, 0.22, 0.18, 0.16 }, 4, &colors, 3);
    }
    if (!single.empty()) {
        m_pdf.heading(tr("Failing pairs with one endpoint each"), 2);
        m_pdf.table({ tr("From"), tr("To"), tr("Reason"), tr("Loss %") }, single, { 0.3, 0.3, 0.25, 0.15 }, 3,
            &singleColors, 2);
        if (moreSingle > 0)
            m_pdf.paragraph(
                tr("%1 more such pairs: every cell is in the cells CSV and the JSON.").arg(moreSingle), 8.5);
    }
}

void FabricPages::probed()
{
    m_pdf.ensure(300);
    m_pdf.heading(tr("What was probed"));
    m_pdf.paragraph(tr("The cells of the failing pairs, each as its probes went (source and destination endpoint, "
                       "transport), then the endpoints they name: device, port, GID index and GID, address. The run "
                       "records no ToS or traffic class: the probes used the transport's default. Every cell of the "
                       "run is in the cells CSV and the JSON."),
        8, false, kNoteColor);
    std::set<std::pair<std::string, std::string>> failingPairs(
        m_report.failingPairs.begin(), m_report.failingPairs.end());
    std::vector<QStringList> rows;
    std::vector<QColor> colors;
    std::vector<const fabric::CellTotal*> failing;
    std::set<std::uint32_t> named;
    constexpr std::size_t kMaxRows = 240;
    std::size_t more = 0;
    for (const auto& c : m_report.cells) {
        const auto& a = m_run.endpoints[c.from];
        const auto& b = m_run.endpoints[c.to];
        if (!failingPairs.contains({ a.host, b.host }))
            continue;
        if (c.failing())
            failing.push_back(&c);
        if (rows.size() == kMaxRows) {
            ++more;
            continue;
        }
        named.insert(c.from);
        named.insert(c.to);
        rows.push_back({ q(a.name()), q(b.name()), q(std::string(fabric::cellTransport(a))),
            c.failedIntervals == 0 ? tr("works") : reasonText(c.reason) + (c.expected ? tr(" (by design)") : QString()),
            num(c.lossPercent(), 1) });
        colors.push_back(c.failing() ? kNotReadyColor : c.failedIntervals > 0 ? kNoteColor : kReadyColor);
    }
    if (rows.empty()) {
        m_pdf.paragraph(tr("No cell failed against expectation."), 9.5);
        return;
    }
    m_pdf.table({ tr("From"), tr("To"), tr("Transport"), tr("Result"), tr("Loss %") }, rows,
        { 0.26, 0.26, 0.1, 0.28, 0.1 }, 4, &colors, 3);
    if (more > 0)
        m_pdf.paragraph(tr("%1 more cells of these pairs are in the cells CSV.").arg(more), 8.5);
    std::vector<QStringList> endpoints;
    for (auto i : named) {
        const auto& e = m_run.endpoints[i];
        endpoints.push_back(
            { q(e.name()), e.udp() ? QStringLiteral("udp") : q(e.device) + QLatin1Char('/') + QString::number(e.port),
                e.udp() ? QStringLiteral("-") : QString::number(e.gidIndex), e.udp() ? QStringLiteral("-") : q(e.gid),
                q(e.address), e.udp() ? QStringLiteral("-") : q(toString(e.type)) });
    }
    m_pdf.heading(tr("Their endpoints"), 2);
    m_pdf.table({ tr("Endpoint"), tr("Device"), tr("GID index"), tr("GID"), tr("Address"), tr("Type") }, endpoints,
        { 0.17, 0.09, 0.08, 0.4, 0.14, 0.12 }, 99);

    m_pdf.ensure(140); // the heading with its first commands
    m_pdf.heading(tr("Commands that repeat the failing cells"), 2);
    m_pdf.paragraph(tr("Run them in the order given, on the host named (RDMA: ibv_ud_pingpong from libibverbs-utils, "
                       "the destination first as the server; UDP: ping from the source address, since the agent's "
                       "UDP port is not kept in the run)."),
        8, false, kNoteColor);
    constexpr std::size_t kMaxRepro = 60;
    std::size_t n = 0;
    for (const auto* c : failing) {
        if (n++ == kMaxRepro) {
            m_pdf.paragraph(
                tr("%1 more failing cells: their commands are in the cells CSV.").arg(failing.size() - kMaxRepro), 8.5);
            break;
        }
        const auto& a = m_run.endpoints[c->from];
        const auto& b = m_run.endpoints[c->to];
        m_pdf.paragraph(q(a.name()) + QStringLiteral(" \u2192 ") + q(b.name()) + QStringLiteral(" (")
                + reasonText(c->reason) + QStringLiteral(", ") + num(c->lossPercent(), 1) + QStringLiteral(" %)"),
            8.5, true);
        m_pdf.mono(q(fabric::reproText(fabric::reproSteps(m_run, *c))), 8);
    }
}

} // namespace rp::ui

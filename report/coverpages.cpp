// SPDX-License-Identifier: GPL-3.0-or-later
#include "coverpages.h"

#include "run/checks.h"

#include <QFontMetricsF>

#include <algorithm>
#include <array>
#include <map>
#include <set>

namespace rp::ui {

void CoverPages::cover()
{
    m_pdf.setFont(QFont(m_pdf.family(), 22, QFont::Bold));
    m_p.setPen(QColor(0x12, 0x3a, 0x63));
    m_p.drawText(QPointF(PdfPage::kMargin, m_pdf.y() + 22), tr("RoCE performance test report"));
    m_pdf.skip(36);
    const auto& first = *m_input.runs.front().run;
    m_pdf.paragraph(m_input.runs.size() == 1 ? tr("One test run, started %1 (UTC).").arg(q(first.header.startedUtc))
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
    m_pdf.paragraph(who.join(QStringLiteral(" \u00b7 ")), 9.5, false, QColor(0x44, 0x44, 0x44));
    m_pdf.skip(6);
    verdictBanner();
    m_pdf.heading(tr("Result"));
    // Many pairs (all-to-all) read better as the table below and the pair matrix than as a sentence each.
    if (m_input.runs.size() > 4) {
        std::set<std::string> hosts;
        int failed = 0;
        for (const auto& n : m_input.runs) {
            hosts.insert(n.run->header.server);
            hosts.insert(n.run->header.client);
            failed += summaryOf(*n.run).verdict == "fail";
        }
        m_pdf.paragraph(tr("%1 runs between %2 hosts; %3 of them failed a check. The table below has one line per run; "
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
            m_pdf.paragraph(q(named.name), 10, true);
        m_pdf.paragraph(q(summary.headline), 11, false,
            summary.status == "ok" ? QColor(0x10, 0x10, 0x10) : QColor(0xa0, 0x20, 0x20));
        for (const auto& w : named.run->warnings)
            m_pdf.paragraph(tr("Warning: %1").arg(q(w)), 8.5, false, QColor(0xa0, 0x20, 0x20));
        m_pdf.skip(4);
    }
    m_pdf.heading(tr("At a glance"), 2);
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
        m_pdf.paragraph(
            tr("%1 runs: see the pair matrix and the worst pairs on the next page.").arg(m_input.runs.size()), 9);
    else
        m_pdf.table({ tr("Run"), tr("Test"), tr("Sizes"), tr("Peak Gb/s"), tr("p50 / p99 \u00b5s"), tr("Verdict") },
            rows, { 0.16, 0.33, 0.12, 0.11, 0.17, 0.11 }, 3, &colors, 5);
    m_pdf.paragraph(tr("Latency: one-way (half the round trip) at the smallest size. Throughput: payload in Gb/s (10^9 "
                       "bits per second)."),
        7.5, false, QColor(0x44, 0x44, 0x44));
    checksTable();
}

void CoverPages::verdictBanner()
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
    m_pdf.ensure(h + 10);
    const QRectF box(PdfPage::kMargin, m_pdf.y(), m_pdf.contentW(), h);
    m_p.save();
    m_p.setPen(Qt::NoPen);
    m_p.setBrush(verdictColor(verdict));
    m_p.drawRoundedRect(box, 4, 4);
    m_pdf.setFont(QFont(m_pdf.family(), 20, QFont::Bold));
    m_p.setPen(Qt::white);
    m_p.drawText(box.adjusted(14, 0, 0, 0), Qt::AlignLeft | Qt::AlignVCenter, verdictText(verdict));
    // The explanation starts after the verdict as drawn: its width differs per language ("OK mit Warnungen").
    const double whyX = 14 + QFontMetricsF(m_p.font(), m_pdf.device()).horizontalAdvance(verdictText(verdict)) + 18;
    QFont small(m_pdf.family());
    small.setPointSizeF(9);
    m_pdf.setFont(small);
    const QString why = verdict == "pass" ? tr("Every check passed or had nothing to judge (details below).")
        : verdict == "fail" ? tr("%n check(s) failed: %1", nullptr, failed).arg(titles.join(QStringLiteral("; ")))
                            : tr("%n warning(s): %1", nullptr, warned).arg(titles.join(QStringLiteral("; ")));
    m_p.drawText(box.adjusted(whyX, 4, -10, -4), Qt::AlignLeft | Qt::AlignVCenter | Qt::TextWordWrap, why);
    m_p.restore();
    m_pdf.skip(h + 10);
}

void CoverPages::checksTable()
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
        m_pdf.heading(tr("Checks"), 2);
        m_pdf.table({ tr("Check"), tr("Result"), tr("What was seen") }, rows, { 0.33, 0.13, 0.54 }, 99, &colors, 1);
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
        m_pdf.heading(tr("Checks over the %1 runs").arg(m_input.runs.size()), 2);
        m_pdf.table({ tr("Check"), tr("pass"), tr("warning"), tr("FAIL"), tr("not checked") }, rows,
            { 0.52, 0.12, 0.12, 0.12, 0.12 }, 1, &colors, 0);
    }
}

void CoverPages::findings()
{
    // The findings given to the report, else the first run's own (a run saved with the troubleshooter's result).
    std::string text = m_input.findingsJson;
    for (const auto& n : m_input.runs) {
        if (text.empty())
            text = n.run->environment.findingsJson;
    }
    if (text.empty())
        return;
    m_pdf.heading(tr("Findings of the troubleshooter"));
    const auto f = run::parseFindings(text);
    if (!f.ok) {
        m_pdf.paragraph(tr("The findings file is not a findings document; it is shown as it was given."), 8.5);
        m_pdf.mono(q(text), 60);
        return;
    }
    if (f.list.empty()) {
        m_pdf.paragraph(tr("The troubleshooter found nothing to report."), 9.5);
        return;
    }
    for (const auto& x : f.list) {
        const QColor color = x.severity == "error" ? verdictColor("fail")
            : x.severity == "warning"              ? verdictColor("warn")
                                                   : QColor(Qt::black);
        QString title = (x.severity.empty() ? QString() : q(x.severity).toUpper() + QStringLiteral(": ")) + q(x.title);
        if (!x.check.empty() || !x.rule.empty())
            title += QStringLiteral("  [") + q(x.check.empty() ? x.rule : x.check + " " + x.rule) + QLatin1Char(']');
        m_pdf.paragraph(title, 9.5, true, color);
        if (!x.hosts.empty()) {
            QStringList hosts;
            for (const auto& h : x.hosts)
                hosts << q(h);
            m_pdf.paragraph(tr("Hosts: %1").arg(hosts.join(QStringLiteral(", "))), 8.5);
        }
        if (!x.explanation.empty())
            m_pdf.paragraph(q(x.explanation), 9);
        for (const auto& e : x.evidence)
            m_pdf.paragraph(tr("Evidence: %1").arg(q(e)), 8, false, QColor(0x44, 0x44, 0x44));
        for (const auto& [target, fix] : x.fixes) {
            m_pdf.paragraph(target.empty() ? tr("What to do:") : tr("What to do on %1:").arg(q(target)), 8.5, true,
                QColor(0x1a, 0x5c, 0x1a));
            m_pdf.mono(q(fix), 20);
        }
        m_pdf.skip(4);
    }
}

} // namespace rp::ui

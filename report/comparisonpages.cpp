// SPDX-License-Identifier: GPL-3.0-or-later
#include "comparisonpages.h"

#include "perf/protocol.h"

#include <QFontMetricsF>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <limits>
#include <set>

namespace rp::ui {

void ComparisonPages::comparison()
{
    if (m_input.runs.size() < 2 || m_input.runs.size() > 4) // more runs are pairs: the heatmap compares them
        return;
    m_pdf.newPage();
    m_pdf.heading(tr("Comparison"));
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
        m_pdf.heading(q(other.name) + QStringLiteral(" vs ") + q(base.name), 2);
        m_pdf.paragraph(tr("A: %1 (%2)").arg(q(base.name), q(run::describeTest(*base.run))), 8.5);
        m_pdf.paragraph(tr("B: %1 (%2)").arg(q(other.name), q(run::describeTest(*other.run))), 8.5);
        const QStringList diff = differences(*base.run, *other.run);
        m_pdf.paragraph(diff.isEmpty()
                ? tr("Same settings, hosts, profile and configuration: the difference is the fabric "
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
            m_pdf.paragraph(sentence.join(QStringLiteral("; ")) + QLatin1Char('.'), 10, true);
        m_pdf.table({ tr("Size"), tr("p50 µs A"), tr("p50 µs B"), tr("B/A"), tr("p99 µs A"), tr("p99 µs B"), tr("B/A"),
                        tr("Gb/s A"), tr("Gb/s B"), tr("B/A") },
            rows, { 0.08, 0.1, 0.1, 0.09, 0.1, 0.1, 0.09, 0.12, 0.12, 0.1 }, 1);
        m_pdf.paragraph(
            tr("Latency: lower is better (B/A below 1 = B faster). Throughput: higher is better. The size sweep "
               "charts draw both runs on the same axes."),
            7.5, false, QColor(0x44, 0x44, 0x44));
    }
}

void ComparisonPages::pairs()
{
    const auto m = run::pairMatrix(m_input.runs);
    if (!m)
        return;
    m_pdf.newPage();
    const bool lat = m->metric == "p99_us";
    m_pdf.heading(lat ? tr("All pairs: one-way p99 latency (client \u2192 server)")
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
    const double labelW = 60, side = std::min(m_pdf.contentW() - labelW - 60, 380.0);
    const double cell = side / static_cast<double>(n);
    m_pdf.ensure(side + labelW + 20);
    // Narrow columns (many hosts) get their names written upwards.
    const bool upright = n > 8;
    const double top = upright ? 56 : 16;
    const double x0 = PdfPage::kMargin + labelW, y0 = m_pdf.y() + 14 + top;
    QFont f(m_pdf.family());
    f.setPointSizeF(std::clamp(cell / 5.5, 5.0, 8.0));
    m_pdf.setFont(f);
    m_p.setPen(Qt::black);
    m_p.drawText(QRectF(x0, m_pdf.y(), side, 12), Qt::AlignCenter, tr("server"));
    const QFontMetricsF hostFm(m_p.font(), m_pdf.device());
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
    m_p.translate(PdfPage::kMargin + 6, y0 + side / 2);
    m_p.rotate(-90);
    m_p.drawText(QRectF(-side / 2, -6, side, 12), Qt::AlignCenter, tr("client"));
    m_p.restore();
    for (std::size_t i = 0; i < n; ++i) {
        const double y = y0 + cell * static_cast<double>(i);
        m_p.setPen(Qt::black);
        m_p.drawText(QRectF(PdfPage::kMargin + 12, y, labelW - 14, cell), Qt::AlignRight | Qt::AlignVCenter,
            QFontMetricsF(m_p.font(), m_pdf.device()).elidedText(q(m->hosts[i]), Qt::ElideRight, labelW - 14));
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
    m_pdf.setY(y0 + side + 8);
    m_pdf.paragraph(
        tr("Rows are the client, columns the server; %1 at the smallest size of each run. A dark frame marks a "
           "pair whose checks failed. Grey: not measured.")
            .arg(lat ? tr("one-way p99 latency") : tr("peak throughput")),
        7.5, false, QColor(0x44, 0x44, 0x44));
    m_pdf.heading(tr("The worst pairs"), 2);
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
    m_pdf.table({ tr("#"), tr("Client \u2192 server"), tr("Size"), tr("p50 µs"), tr("p99 µs"), tr("Peak Gb/s"),
                    tr("Alarm events"), tr("Verdict") },
        rows, { 0.05, 0.27, 0.1, 0.1, 0.1, 0.12, 0.14, 0.12 }, 2, &colors, 7);
    m_pdf.paragraph(
        tr("Worst first: failed checks, then alarm counter events (loss, retransmissions, pauses), then %1.")
            .arg(lat ? tr("the highest p99") : tr("the lowest throughput")),
        7.5, false, QColor(0x44, 0x44, 0x44));
}

} // namespace rp::ui

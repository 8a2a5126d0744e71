// SPDX-License-Identifier: GPL-3.0-or-later
#include "chartpages.h"

#include "counters/counters.h"
#include "perf/protocol.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>

namespace rp::ui {

namespace {

const QColor kPalette[]
    = { QColor(0x1f, 0x77, 0xb4), QColor(0xd6, 0x62, 0x0b), QColor(0x2c, 0xa0, 0x2c), QColor(0xc0, 0x1c, 0x28),
          QColor(0x94, 0x67, 0xbd), QColor(0x8c, 0x56, 0x4b), QColor(0x17, 0xbe, 0xcf), QColor(0x7f, 0x7f, 0x7f) };

} // namespace

void ChartPages::charts(const run::NamedRun& named)
{
    const auto& r = *named.run;
    m_pdf.newPage();
    m_pdf.heading(tr("Charts: %1").arg(q(named.name)));
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
    const double w = m_pdf.contentW();
    std::vector<Series> tp { cg };
    if (r.header.options.mode == perf::Mode::Blast && !sg.points.empty())
        tp.push_back(sg);
    m_pdf.chart(QRectF(PdfPage::kMargin, m_pdf.y(), w, h), tr("Throughput"), tr("Gb/s"), Axis::Seconds, false, false,
        tp, 0, tMax, tr("no live samples (perftest reports only at the end of each size)"));
    m_pdf.skip(h + 6);
    // A latency that spans decades (a stall among microseconds) reads better on a log scale.
    double latMin = 1e300, latMax = 0;
    for (const auto& pt : lat99.points.empty() ? lat.points : lat99.points) {
        if (std::isfinite(pt.y()) && pt.y() > 0) {
            latMin = std::min(latMin, pt.y());
            latMax = std::max(latMax, pt.y());
        }
    }
    const bool latLog = latMax > 0 && latMax / latMin > 30;
    m_pdf.chart(QRectF(PdfPage::kMargin, m_pdf.y(), w, h), tr("One-way latency (p50 and p99 of each 100 ms interval)"),
        latLog ? tr("\u00b5s (log scale)") : tr("\u00b5s"), Axis::Seconds, false, latLog, { lat, lat99 }, 0, tMax,
        r.header.options.mode == perf::Mode::Blast ? tr("blast mode measures throughput, not latency")
                                                   : tr("no live latency samples"));
    m_pdf.skip(h + 6);
    m_pdf.chart(QRectF(PdfPage::kMargin, m_pdf.y(), w, h), tr("CPU of both sides (100% = one core)"), tr("%"),
        Axis::Seconds, false, false, { cc, sc }, 0, tMax, tr("no live samples"));
    m_pdf.skip(h + 6);
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
    m_pdf.chart(QRectF(PdfPage::kMargin, m_pdf.y(), w, h), tr("Host counters (rates, the busiest six)"),
        tr("per second"), Axis::Seconds, false, false, counters, 0, tMax,
        r.counters.empty()
            ? tr("no counters were sampled during this run")
            : tr("every sampled counter stayed at zero during the run (%1 samples)").arg(r.counters.size()));
    m_pdf.skip(h + 6);
}

void ChartPages::sweeps(const std::vector<run::NamedRun>& runs)
{
    bool anySweep = false;
    for (const auto& n : runs)
        anySweep = anySweep || n.run->sizes.size() > 1;
    if (!anySweep)
        return;
    m_pdf.newPage();
    m_pdf.heading(tr("Message size sweeps"));
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
    m_pdf.chart(QRectF(PdfPage::kMargin, m_pdf.y(), m_pdf.contentW(), h), tr("One-way latency vs message size"),
        tr("\u00b5s (log scale)"), Axis::Bytes, true, true, p50, xMin, xMax, tr("blast runs measure no latency"));
    m_pdf.skip(h + 8);
    m_pdf.chart(QRectF(PdfPage::kMargin, m_pdf.y(), m_pdf.contentW(), h), tr("Throughput vs message size"), tr("Gb/s"),
        Axis::Bytes, true, false, gbps, xMin, xMax);
    m_pdf.skip(h + 8);
    m_pdf.chart(QRectF(PdfPage::kMargin, m_pdf.y(), m_pdf.contentW(), h),
        tr("CPU vs message size (compare busy-poll and event runs side by side)"), tr("% of one core"), Axis::Bytes,
        true, false, cpu, xMin, xMax, tr("CPU was not measured (perftest)"));
    m_pdf.skip(h + 8);
}

} // namespace rp::ui

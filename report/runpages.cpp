// SPDX-License-Identifier: GPL-3.0-or-later
#include "runpages.h"

#include "counters/counters.h"
#include "perf/protocol.h"

#include <QPainterPath>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <map>
#include <set>

namespace rp::ui {

void RunPages::environment(const run::NamedRun& named)
{
    const auto& r = *named.run;
    m_pdf.heading(tr("Environment: %1").arg(q(named.name)));
    m_pdf.heading(tr("Hosts and devices"), 2);
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
        m_pdf.paragraph(tr("The run file records no host environment."));
    else
        m_pdf.table(
            { tr("Role"), tr("Host"), tr("Address"), tr("Hostname"), tr("Kernel"), tr("RDMA devices"), tr("GID used") },
            rows, { 0.07, 0.1, 0.11, 0.1, 0.14, 0.24, 0.24 }, 99);
    for (const auto& h : r.environment.hosts) {
        if (h.gid.empty())
            continue;
        m_pdf.paragraph(tr("%1 GID: %2").arg(q(h.name), q(h.gid)), 8, false, QColor(0x44, 0x44, 0x44));
    }

    topology(named);
    m_pdf.heading(tr("Test configuration"), 2);
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
    m_pdf.table({ tr("Setting"), tr("Value") }, settings, { 0.38, 0.62 }, 99);
    if (!r.environment.profileYaml.empty()) {
        m_pdf.heading(tr("Profile"), 2);
        m_pdf.mono(q(r.environment.profileYaml), 40);
    }
    const std::string& journal
        = r.environment.applyJournalJson.empty() ? m_input.applyJournalJson : r.environment.applyJournalJson;
    if (!journal.empty()) {
        m_pdf.heading(tr("What was applied (journal)"), 2);
        auto parsed = nlohmann::json::parse(journal, nullptr, false);
        m_pdf.mono(q(parsed.is_discarded() ? journal : parsed.dump(2)), 50);
    }
    hostConfig(named);
}

void RunPages::topology(const run::NamedRun& named)
{
    const auto& r = *named.run;
    const run::HostInfo* server = nullptr;
    const run::HostInfo* client = nullptr;
    for (const auto& h : r.environment.hosts)
        (h.role == "server" ? server : client) = &h;
    const double h = 70;
    m_pdf.ensure(h + 24);
    m_pdf.heading(tr("Topology"), 2);
    const double w = 170;
    const QRectF left(PdfPage::kMargin + 10, m_pdf.y(), w, h - 16),
        right(PdfPage::kMargin + m_pdf.contentW() - w - 10, m_pdf.y(), w, h - 16);
    auto box = [&](const QRectF& rect, const QString& role, const std::string& name, const run::HostInfo* info) {
        m_p.setPen(QPen(QColor(0x12, 0x3a, 0x63), 0.8));
        m_p.setBrush(QColor(0xf0, 0xf3, 0xf7));
        m_p.drawRoundedRect(rect, 4, 4);
        m_p.setBrush(Qt::NoBrush);
        QFont f(m_pdf.family());
        f.setPointSizeF(9);
        f.setBold(true);
        m_pdf.setFont(f);
        m_p.setPen(Qt::black);
        m_p.drawText(rect.adjusted(6, 3, -6, 0), Qt::AlignLeft | Qt::AlignTop,
            q(name) + QStringLiteral("  (") + role + QLatin1Char(')'));
        f.setBold(false);
        f.setPointSizeF(7.5);
        m_pdf.setFont(f);
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
    QFont f(m_pdf.family());
    f.setPointSizeF(7.5);
    m_pdf.setFont(f);
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
    m_pdf.skip(h - 10);
    m_pdf.paragraph(
        tr("The switches between the hosts are not part of the run; the troubleshooter's findings (when given) "
           "cover what it read from them."),
        7.5, false, QColor(0x55, 0x55, 0x55));
}

void RunPages::hostConfig(const run::NamedRun& named)
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
    m_pdf.heading(tr("Host configuration (discovered at the start of the run)"), 2);
    if (rows.empty()) {
        m_pdf.paragraph(tr("Discovery found no RDMA port on these hosts (a TCP run)."), 8.5);
        return;
    }
    m_pdf.table({ tr("Host"), tr("Netdev"), tr("RDMA port"), tr("MTU"), tr("PFC"), tr("Trust"), tr("DCBX") }, rows,
        { 0.1, 0.1, 0.3, 0.07, 0.25, 0.08, 0.1 }, 99);
}

void RunPages::tables(const run::NamedRun& named)
{
    const auto& summary = summaryOf(*named.run);
    m_pdf.heading(tr("Per-size results: %1").arg(q(named.name)));
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
        m_pdf.paragraph(tr("No size completed."));
        return;
    }
    m_pdf.table({ tr("Size"), tr("Gb/s"), tr("Mmsg/s"), tr("min"), tr("p50"), tr("p90"), tr("p99"), tr("p99.9"),
                    tr("max"), tr("mean"), tr("CPU cli"), tr("CPU srv") },
        rows, { 0.07, 0.07, 0.08, 0.08, 0.08, 0.08, 0.09, 0.09, 0.09, 0.09, 0.08, 0.08 }, 1);
    m_pdf.paragraph(
        tr("CPU in % of one core. Latency columns: one-way \u00b5s over every message of the size (the engine's "
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
        m_pdf.heading(tr("Repeatability over the live samples (each 100 ms interval)"), 2);
        m_pdf.table({ tr("Size"), tr("samples"), tr("Gb/s min"), tr("median"), tr("max"), tr("CV"),
                        tr("p50 \u00b5s min"), tr("median"), tr("max"), tr("CV") },
            spread, { 0.09, 0.09, 0.1, 0.1, 0.1, 0.1, 0.12, 0.1, 0.1, 0.1 }, 1);
        m_pdf.paragraph(tr("CV: coefficient of variation (standard deviation / mean) of the 100 ms samples; the BMWG "
                           "benchmarking drafts recommend below 5 % (* marks more)."),
            7.5, false, QColor(0x44, 0x44, 0x44));
    }
    if (!summary.counters.empty()) {
        m_pdf.heading(tr("Host counters during the run"), 2);
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
        m_pdf.table({ tr("Host"), tr("Counter"), tr("total"), tr("mean /s"), tr("max /s") }, crow,
            { 0.15, 0.45, 0.13, 0.13, 0.14 }, 2);
        for (const auto& [label, meaning] : alarms)
            m_pdf.paragraph(tr("Alarm — %1: %2.").arg(label, meaning), 8.5, false, QColor(0xa0, 0x20, 0x20));
    }
}

void RunPages::anomalies(const run::NamedRun& named)
{
    const auto& r = *named.run;
    const auto& s = summaryOf(r);
    m_pdf.heading(tr("Anomalies"), 2);
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
        m_pdf.paragraph(
            tr("None seen: the run file is complete, no loss, retransmission or pause counter rose, and no 100 ms "
               "interval had a p99 above 10x the median p50."),
            8.5);
        return;
    }
    for (const auto& i : items)
        m_pdf.paragraph(QStringLiteral("\u2022 ") + i, 8.5, false, QColor(0xa0, 0x20, 0x20));
}

void RunPages::remediation(const run::NamedRun& named)
{
    const auto& s = summaryOf(*named.run);
    m_pdf.heading(tr("Verdict and what to do: %1").arg(q(named.name)));
    m_pdf.paragraph(verdictText(s.verdict), 13, true, verdictColor(s.verdict));
    bool any = false;
    for (const auto& c : s.checks) {
        if (c.result != "fail" && c.result != "warn")
            continue;
        any = true;
        m_pdf.paragraph(resultText(c.result) + QStringLiteral(": ") + q(c.title), 9.5, true, verdictColor(c.result));
        m_pdf.paragraph(tr("Seen: %1.").arg(q(c.detail)), 8.5);
        m_pdf.paragraph(tr("What to do: %1").arg(q(c.remedy)), 8.5, false, QColor(0x1a, 0x5c, 0x1a));
    }
    if (!any)
        m_pdf.paragraph(tr("Nothing to do: every check passed or had nothing to judge."), 9);
    m_pdf.heading(tr("Commands that repeat this test"), 2);
    m_pdf.paragraph(tr("RoCE Pilot (the same engine, samples and counters):"), 8.5, true);
    m_pdf.mono(q(s.repro.rocepilot), 12);
    if (!s.repro.perftest.empty()) {
        m_pdf.paragraph(tr("perftest, by hand (server first, then the client; one pair per size):"), 8.5, true);
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
        m_pdf.mono(lines.join(QLatin1Char('\n')), 40);
    }
    if (!s.repro.perftestNote.empty())
        m_pdf.paragraph(q(s.repro.perftestNote) + QLatin1Char('.'), 7.5, false, QColor(0x55, 0x55, 0x55));
}

} // namespace rp::ui

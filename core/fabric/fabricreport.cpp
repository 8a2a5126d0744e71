// SPDX-License-Identifier: GPL-3.0-or-later
#include "fabric/fabricreport.h"

#include "fabric/aggregate.h"
#include "fabric/fabricjson.h"
#include "fabric/pinglist.h"
#include "util/format.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdio>
#include <map>
#include <set>
#include <tuple>

namespace rp::fabric {
namespace {

using json = nlohmann::json;

/// A cell's totals while the run's intervals are folded in.
struct CellFold
{
    CellTotal total;
    double p50Weight = 0.0;
    bool anyReason = false;
};

void foldInterval(CellFold& f, const CellResult& c)
{
    auto& t = f.total;
    ++t.intervals;
    t.sent += c.sent;
    t.received += c.received;
    if (c.received > 0) {
        const double w = static_cast<double>(c.received);
        t.rttP50Us = (t.rttP50Us * f.p50Weight + c.rttP50Us * w) / (f.p50Weight + w);
        f.p50Weight += w;
        t.rttP99Us = std::max(t.rttP99Us, c.rttP99Us);
    }
    if (!c.failed())
        return;
    ++t.failedIntervals;
    // A cell that got no answer and no word from its agent timed out (as the summaries count it).
    const Reason reason = c.reason == Reason::None ? Reason::Timeout : c.reason;
    if (!f.anyReason || worseReason(reason, c.expected, t.reason, t.expected)) {
        t.reason = reason;
        t.expected = c.expected;
        f.anyReason = true;
    }
}

std::string plural(std::size_t n, const char* one, const char* many)
{
    return std::to_string(n) + " " + (n == 1 ? one : many);
}

/// Worst first: a pair failing against expectation, then by loss, then by p99.
bool worsePair(const PairSummary& a, const PairSummary& b)
{
    return std::tuple(a.cellsFailed > 0, a.lossPercent, a.rttP99Us)
        > std::tuple(b.cellsFailed > 0, b.lossPercent, b.rttP99Us);
}

const Endpoint* endpointAt(const FabricRun& run, std::uint32_t i)
{
    return i < run.endpoints.size() ? &run.endpoints[i] : nullptr;
}

/// A JSON string, escaped as RFC 8259 asks (names come from hosts: anything may be in them).
void appendReportJsonString(std::string& out, std::string_view text)
{
    out += '"';
    for (unsigned char ch : text) {
        switch (ch) {
        case '"':
            out += "\\\"";
            break;
        case '\\':
            out += "\\\\";
            break;
        case '\n':
            out += "\\n";
            break;
        case '\r':
            out += "\\r";
            break;
        case '\t':
            out += "\\t";
            break;
        default:
            if (ch < 0x20) {
                char buf[8];
                std::snprintf(buf, sizeof buf, "\\u%04x", ch);
                out += buf;
            } else {
                out += static_cast<char>(ch);
            }
        }
    }
    out += '"';
}

/// One cell of the report's JSON, written by hand: 50 000 cells through nlohmann's tree cost a second.
void appendCellTotalJson(std::string& out, const FabricRun& run, const CellTotal& c)
{
    const auto& a = run.endpoints[c.from];
    const auto& b = run.endpoints[c.to];
    auto key = [&](const char* k) {
        out += ",\"";
        out += k;
        out += "\":";
    };
    out += "{\"from\":";
    appendReportJsonString(out, a.name());
    key("to");
    appendReportJsonString(out, b.name());
    key("from_host");
    appendReportJsonString(out, a.host);
    key("to_host");
    appendReportJsonString(out, b.host);
    key("from_gid_index");
    out += std::to_string(a.gidIndex);
    key("to_gid_index");
    out += std::to_string(b.gidIndex);
    key("from_gid");
    appendReportJsonString(out, a.gid);
    key("to_gid");
    appendReportJsonString(out, b.gid);
    key("transport");
    appendReportJsonString(out, cellTransport(a));
    key("intervals");
    appendNumber(out, static_cast<std::uint64_t>(c.intervals));
    key("failed_intervals");
    appendNumber(out, static_cast<std::uint64_t>(c.failedIntervals));
    key("sent");
    appendNumber(out, c.sent);
    key("received");
    appendNumber(out, c.received);
    key("loss_percent");
    appendNumber(out, c.lossPercent());
    key("rtt_p50_us");
    if (c.received > 0)
        appendNumber(out, c.rttP50Us);
    else
        out += "null";
    key("rtt_p99_us");
    if (c.received > 0)
        appendNumber(out, c.rttP99Us);
    else
        out += "null";
    key("reason");
    appendReportJsonString(out, toString(c.reason));
    key("expected");
    out += c.expected ? "true" : "false";
    key("failing");
    out += c.failing() ? "true" : "false";
    key("repro");
    out += '[';
    if (c.failing()) {
        bool first = true;
        for (const auto& step : reproSteps(run, c)) {
            if (!first)
                out += ',';
            first = false;
            out += "{\"host\":";
            appendReportJsonString(out, step.host);
            out += ",\"argv\":[";
            for (std::size_t i = 0; i < step.command.argv().size(); ++i) {
                if (i > 0)
                    out += ',';
                appendReportJsonString(out, step.command.argv()[i]);
            }
            out += "],\"line\":";
            appendReportJsonString(out, step.command.shellLine());
            out += '}';
        }
    }
    out += "]}";
}

/// A pair or ToR summary of the report's JSON, by hand like the cells (a UDP fleet has as many pairs as cells).
template <class Summary>
void appendSummaryJson(std::string& out, const Summary& s, const std::string& from, const std::string& to)
{
    out += "{\"from\":";
    appendReportJsonString(out, from);
    out += ",\"to\":";
    appendReportJsonString(out, to);
    out += ",\"cells\":";
    appendNumber(out, static_cast<std::uint64_t>(s.cells));
    out += ",\"cells_failed\":";
    appendNumber(out, static_cast<std::uint64_t>(s.cellsFailed));
    out += ",\"cells_expected_bad\":";
    appendNumber(out, static_cast<std::uint64_t>(s.cellsExpectedBad));
    out += ",\"worst_reason\":";
    appendReportJsonString(out, toString(s.worstReason));
    out += ",\"loss_percent\":";
    appendNumber(out, s.lossPercent);
    out += ",\"rtt_p99_us\":";
    appendNumber(out, s.rttP99Us);
    out += '}';
}

/// `,"key":[...]` of `items`, each appended by `one`.
template <class Items, class One> void appendJsonArray(std::string& out, const char* key, const Items& items, One one)
{
    out += ",\"";
    out += key;
    out += "\":[";
    bool first = true;
    for (const auto& item : items) {
        if (!first)
            out += ',';
        first = false;
        one(item);
    }
    out += ']';
}

} // namespace

std::string_view cellTransport(const Endpoint& from)
{
    return from.udp() ? "udp" : "rdma";
}

FabricReport makeFabricReport(const FabricRun& run)
{
    FabricReport r;
    r.truncated = run.truncated;
    r.warnings = run.warnings;
    r.started = run.header.started;
    r.rounds = run.rounds.size();
    r.status = run.end ? run.end->status : "unfinished";
    if (run.end) {
        r.finished = run.end->finished;
    } else {
        // Cut short: the last moment the run is known to have been measuring.
        auto after = [](Clock::time_point t, double seconds) {
            return t + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(seconds));
        };
        r.finished = r.started;
        for (const auto& round : run.rounds)
            r.finished = std::max(r.finished, after(round.started, round.seconds));
        for (const auto& batch : run.cells) {
            for (const auto& c : batch.cells)
                r.finished = std::max(r.finished, after(c.intervalStart, c.intervalSeconds));
        }
    }
    r.seconds = std::max(0.0, std::chrono::duration<double>(r.finished - r.started).count());

    // Every first-pass interval of every round folded per directed cell; the last finished round's failures apart.
    std::uint64_t lastRound = 0;
    for (const auto& round : run.rounds) {
        if (round.finished)
            lastRound = std::max(lastRound, round.round);
    }
    std::map<std::pair<std::uint32_t, std::uint32_t>, CellFold> folds;
    std::set<std::pair<std::uint32_t, std::uint32_t>> lastFailed;
    for (const auto& batch : run.cells) {
        for (const auto& c : batch.cells) {
            if (c.secondPass || !endpointAt(run, c.from) || !endpointAt(run, c.to))
                continue;
            auto& f = folds[{ c.from, c.to }];
            f.total.from = c.from;
            f.total.to = c.to;
            foldInterval(f, c);
            if (batch.round == lastRound && !batch.aggregated && c.failed() && !c.expected)
                lastFailed.insert({ c.from, c.to });
        }
    }
    r.cells.reserve(folds.size());
    for (auto& [key, f] : folds) {
        r.cells.push_back(f.total);
        if (f.total.failing())
            ++r.failingCells;
    }
    r.lastRoundFailed = lastFailed.size();
    r.lastRound = lastRound;

    // Pairs and ToRs from the totals, as one round's cells: the summaries the GUI and the metrics show.
    Pinglist list;
    list.endpoints = run.endpoints;
    list.topology.torOf = run.header.torOf;
    list.topology.spine = run.header.spine;
    std::vector<CellResult> totals;
    totals.reserve(r.cells.size());
    std::set<std::pair<std::string, std::string>> failing;
    for (const auto& t : r.cells) {
        CellResult c;
        c.from = t.from;
        c.to = t.to;
        c.sent = static_cast<std::uint32_t>(std::min<std::uint64_t>(t.sent, UINT32_MAX));
        c.received = static_cast<std::uint32_t>(std::min<std::uint64_t>(t.received, c.sent));
        c.rttP99Us = t.rttP99Us;
        c.reason = t.reason;
        c.expected = t.expected;
        // A cell that failed only some of the time still shows its reason; its loss is the counts'.
        if (t.failedIntervals > 0 && c.reason == Reason::None)
            c.reason = Reason::Timeout;
        totals.push_back(c);
        if (t.failing())
            failing.insert({ run.endpoints[t.from].host, run.endpoints[t.to].host });
    }
    r.pairs = summarisePairs(list, totals);
    r.tors = summariseTors(list, totals);
    r.failingPairs.assign(failing.begin(), failing.end());
    std::set<std::string> torNames;
    for (const auto& host : run.header.hosts) {
        auto it = run.header.torOf.find(host);
        torNames.insert(it == run.header.torOf.end() ? std::string() : it->second);
    }
    for (const auto& e : run.endpoints)
        torNames.insert(e.tor);
    r.torNames.assign(torNames.begin(), torNames.end());

    std::vector<std::size_t> order(r.pairs.size());
    for (std::size_t i = 0; i < order.size(); ++i)
        order[i] = i;
    const auto n = std::min(order.size(), FabricReport::kWorstPairs);
    std::partial_sort(order.begin(), order.begin() + static_cast<std::ptrdiff_t>(n), order.end(),
        [&](std::size_t a, std::size_t b) { return worsePair(r.pairs[a], r.pairs[b]); });
    order.resize(n);
    r.worstPairs = std::move(order);

    // Findings: the last state each was raised in, open or cleared at the end.
    std::map<std::string, ReportFinding> byId;
    for (const auto& e : run.events) {
        if (e.cleared) {
            if (auto it = byId.find(e.id); it != byId.end()) {
                it->second.open = false;
                it->second.clearedAt = e.at;
            }
        } else if (e.finding) {
            auto& f = byId[e.id];
            f.finding = *e.finding;
            f.open = true;
            f.clearedAt.reset();
            f.lastRound = e.round;
        }
    }
    for (auto& [id, f] : byId) {
        if (f.open)
            r.findings.push_back(f);
    }
    r.openFindings = r.findings.size();
    for (auto& [id, f] : byId) {
        if (!f.open)
            r.findings.push_back(f);
    }

    r.ready = r.rounds > 0 && r.openFindings == 0 && r.lastRoundFailed == 0 && lastRound > 0;
    if (r.ready) {
        r.verdictLine = "ready: no finding open at the end of the run and no cell failing in its last round";
    } else if (lastRound == 0) {
        r.verdictLine = "not ready: no round of the run finished";
    } else {
        r.verdictLine = "not ready: " + plural(r.openFindings, "open finding", "open findings") + ", "
            + plural(r.lastRoundFailed, "cell", "cells") + " failing in the last round";
    }
    return r;
}

std::vector<ReproStep> reproSteps(const FabricRun& run, const CellTotal& cell)
{
    const auto* a = endpointAt(run, cell.from);
    const auto* b = endpointAt(run, cell.to);
    if (!a || !b)
        return {};
    std::vector<ReproStep> steps;
    if (a->udp() || b->udp()) {
        // The agent's UDP port is chosen when it starts and not kept: ICMP from the same source address says
        // whether the path is there at all.
        Command ping { "ping", "-c", "20", "-i", "0.2" };
        if (!a->address.empty())
            ping.arg("-I").arg(a->address);
        ping.arg(b->address.empty() ? b->host : b->address);
        steps.push_back({ a->host, std::move(ping) });
        return steps;
    }
    // ibv_ud_pingpong: the destination serves, the source connects to it (TCP 18515 exchanges the QP numbers);
    // 64-byte messages like the agent's probes.
    auto pingpong = [](const Endpoint& e) {
        return Command { "ibv_ud_pingpong", "-d", e.device, "-i", std::to_string(e.port), "-g",
            std::to_string(e.gidIndex), "-s", "64", "-n", "20" };
    };
    steps.push_back({ b->host, pingpong(*b) });
    auto client = pingpong(*a);
    client.arg(b->address.empty() ? b->host : b->address);
    steps.push_back({ a->host, std::move(client) });
    return steps;
}

std::string reproText(const std::vector<ReproStep>& steps)
{
    std::string out;
    for (const auto& s : steps) {
        if (!out.empty())
            out += '\n';
        out += "on " + s.host + ": " + s.command.shellLine();
    }
    return out;
}

std::string fabricCellsCsv(const FabricRun& run, const FabricReport& report)
{
    std::string out
        = "from,to,from_host,to_host,from_gid_index,to_gid_index,from_gid,to_gid,transport,intervals,"
          "failed_intervals,sent,received,loss_percent,rtt_p50_us,rtt_p99_us,reason,expected,failing,repro\r\n";
    out.reserve(out.size() + report.cells.size() * 160);
    for (const auto& c : report.cells) {
        const auto& a = run.endpoints[c.from];
        const auto& b = run.endpoints[c.to];
        appendCsvText(out, a.name());
        out += ',';
        appendCsvText(out, b.name());
        out += ',';
        appendCsvText(out, a.host);
        out += ',';
        appendCsvText(out, b.host);
        out += ',';
        if (!a.udp())
            out += std::to_string(a.gidIndex);
        out += ',';
        if (!b.udp())
            out += std::to_string(b.gidIndex);
        out += ',';
        out += a.gid;
        out += ',';
        out += b.gid;
        out += ',';
        out += cellTransport(a);
        out += ',';
        appendNumber(out, static_cast<std::uint64_t>(c.intervals));
        out += ',';
        appendNumber(out, static_cast<std::uint64_t>(c.failedIntervals));
        out += ',';
        appendNumber(out, c.sent);
        out += ',';
        appendNumber(out, c.received);
        out += ',';
        appendNumber(out, c.lossPercent());
        out += ',';
        if (c.received > 0)
            appendNumber(out, c.rttP50Us);
        out += ',';
        if (c.received > 0)
            appendNumber(out, c.rttP99Us);
        out += ',';
        out += toString(c.reason);
        out += c.expected ? ",true," : ",false,";
        out += c.failing() ? "true," : "false,";
        if (c.failing())
            appendCsvText(out, reproText(reproSteps(run, c)));
        out += "\r\n";
    }
    return out;
}

std::string fabricFindingsCsv(const FabricReport& report)
{
    std::string out = "id,open,severity,class,element,confidence,alternatives,title,hosts,evidence,fixes,because,"
                      "first_seen,last_seen,cleared_at\r\n";
    auto joined = [](const std::vector<std::string>& parts, std::string_view sep) {
        std::string s;
        for (const auto& p : parts) {
            if (!s.empty())
                s += sep;
            s += p;
        }
        return s;
    };
    for (const auto& rf : report.findings) {
        const auto& f = rf.finding;
        std::vector<std::string> alternatives, evidence, fixes;
        for (const auto& a : f.alternatives)
            alternatives.push_back(
                std::string(toString(a.element.kind)) + ":" + a.element.name + " " + fixed(a.confidence, 2));
        for (const auto& e : f.finding.evidence)
            evidence.push_back(e.host + ": " + e.subject + " = " + e.value);
        for (const auto& x : f.finding.fixes)
            fixes.push_back(x.target + ": " + x.text);
        for (const std::string& field : { f.id(), std::string(rf.open ? "true" : "false"), toString(f.finding.severity),
                 std::string(toString(f.klass)), f.element.name, fixed(f.confidence, 2), joined(alternatives, "; "),
                 f.finding.title, joined(f.finding.hosts, " "), joined(evidence, "\n"), joined(fixes, "\n"),
                 joined(f.because, " "), isoTime(f.firstSeen), isoTime(f.lastSeen),
                 rf.clearedAt ? isoTime(*rf.clearedAt) : std::string() }) {
            appendCsvText(out, field);
            out += ',';
        }
        out.back() = '\r';
        out += '\n';
    }
    return out;
}

std::string fabricReportJson(const FabricRun& run, const FabricReport& report, const std::string& name)
{
    json findings = json::array();
    for (const auto& rf : report.findings) {
        auto j = findingToJson(rf.finding);
        j["open"] = rf.open;
        j["cleared_at"] = rf.clearedAt ? json(isoTime(*rf.clearedAt)) : json(nullptr);
        j["last_round"] = rf.lastRound;
        findings.push_back(std::move(j));
    }
    json worst = json::array();
    for (auto i : report.worstPairs)
        worst.push_back(json { { "from", report.pairs[i].fromHost }, { "to", report.pairs[i].toHost } });
    json endpoints = json::array();
    for (const auto& e : run.endpoints)
        endpoints.push_back(endpointToJson(e));
    const auto& h = run.header;
    json doc { { "schema", std::string(kFabricReportSchema) }, { "name", name },
        { "verdict",
            json { { "ready", report.ready }, { "text", report.verdictLine }, { "open_findings", report.openFindings },
                { "last_round_failed_cells", report.lastRoundFailed }, { "failing_cells", report.failingCells } } },
        { "run",
            json { { "tool", h.tool }, { "command", h.command }, { "inventory", h.inventory },
                { "transport", h.transport }, { "started", isoTime(report.started) },
                { "finished", isoTime(report.finished) }, { "seconds", report.seconds },
                { "round_duration_s", h.durationS }, { "rate", h.rate }, { "rounds", report.rounds },
                { "hosts", h.hosts }, { "tors", report.torNames }, { "spine", h.spine }, { "status", report.status },
                { "truncated", report.truncated }, { "warnings", report.warnings } } },
        { "worst_pairs", std::move(worst) }, { "findings", std::move(findings) },
        { "endpoints", std::move(endpoints) } };
    // The small parts through nlohmann; pairs, ToRs and cells appended by hand before the closing brace.
    std::string out = doc.dump(-1, ' ', false, json::error_handler_t::replace);
    out.pop_back();
    out.reserve(out.size() + report.cells.size() * 420 + (report.pairs.size() + report.tors.size()) * 160 + 64);
    appendJsonArray(
        out, "pairs", report.pairs, [&](const PairSummary& p) { appendSummaryJson(out, p, p.fromHost, p.toHost); });
    appendJsonArray(
        out, "tors", report.tors, [&](const TorSummary& t) { appendSummaryJson(out, t, t.fromTor, t.toTor); });
    appendJsonArray(out, "cells", report.cells, [&](const CellTotal& c) { appendCellTotalJson(out, run, c); });
    out += "}\n";
    return out;
}

std::string fabricReportText(const FabricRun& run, const FabricReport& report, const std::string& name)
{
    const auto& h = run.header;
    std::string out = name + ": fabric " + (report.ready ? "READY" : "NOT READY") + "\n";
    out += "  " + report.verdictLine + "\n";
    out += "  " + h.command + " over " + h.transport + ", " + plural(h.hosts.size(), "host", "hosts") + ", "
        + plural(report.torNames.size(), "ToR", "ToRs") + ", " + plural(report.rounds, "round", "rounds") + ", "
        + fixed(report.seconds, 1) + " s from " + isoTime(report.started) + " (" + report.status + ")\n";
    if (report.truncated)
        out += "  the run was cut short: this reports what it kept\n";
    for (const auto& w : report.warnings)
        out += "  warning: " + w + "\n";
    for (const auto& rf : report.findings) {
        if (!rf.open)
            continue;
        const auto& f = rf.finding;
        out += "  open: [" + toString(f.finding.severity) + "] " + f.finding.title + " ("
            + std::string(toString(f.klass)) + " " + f.element.name + ", confidence " + fixed(f.confidence, 2) + ")\n";
    }
    out += "  worst pairs:\n";
    out += "    from -> to                               loss %    p99 us  failed  reason\n";
    for (auto i : report.worstPairs) {
        const auto& p = report.pairs[i];
        char line[256];
        std::snprintf(line, sizeof line, "    %-40s %7s %9s %7zu  %s\n", (p.fromHost + " -> " + p.toHost).c_str(),
            fixed(p.lossPercent, 2).c_str(), fixed(p.rttP99Us, 1).c_str(), p.cellsFailed,
            p.worstReason == Reason::None ? "-" : std::string(toString(p.worstReason)).c_str());
        out += line;
    }
    return out;
}

bool isFabricRunFirstLine(std::string_view firstLine)
{
    const auto j = json::parse(firstLine, nullptr, false);
    return j.is_object() && j.contains("schema") && j["schema"].is_string()
        && j["schema"].get_ref<const std::string&>() == kFabricRunSchema;
}

} // namespace rp::fabric

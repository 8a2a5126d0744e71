// SPDX-License-Identifier: GPL-3.0-or-later
#include "fabric/fabricjson.h"

#include "fabric/aggregate.h"
#include "util/jsonfields.h"

#include <nlohmann/json.hpp>

#include <chrono>
#include <cstdio>
#include <ctime>

namespace rp::fabric {

using nlohmann::json;

std::string isoTime(Clock::time_point t)
{
    const std::time_t seconds = Clock::to_time_t(t);
    std::tm tm {};
    ::gmtime_r(&seconds, &tm);
    char text[96];
    const auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(t.time_since_epoch()).count() % 1000;
    std::snprintf(text, sizeof text, "%04d-%02d-%02dT%02d:%02d:%02d.%03dZ", tm.tm_year + 1900, tm.tm_mon + 1,
        tm.tm_mday, tm.tm_hour, tm.tm_min, tm.tm_sec, static_cast<int>(ms));
    return text;
}

std::optional<Clock::time_point> parseIsoTime(std::string_view text)
{
    // Exactly the form isoTime writes: 24 characters.
    if (text.size() != 24 || text[4] != '-' || text[7] != '-' || text[10] != 'T' || text[13] != ':' || text[16] != ':'
        || text[19] != '.' || text[23] != 'Z')
        return std::nullopt;
    auto digits = [&](std::size_t at, std::size_t n) -> int {
        int v = 0;
        for (std::size_t i = at; i < at + n; ++i) {
            if (text[i] < '0' || text[i] > '9')
                return -1;
            v = v * 10 + (text[i] - '0');
        }
        return v;
    };
    const int year = digits(0, 4), month = digits(5, 2), day = digits(8, 2), hour = digits(11, 2),
              minute = digits(14, 2), second = digits(17, 2), ms = digits(20, 3);
    // The clock counts nanoseconds in 64 bits: it ends in 2262, and a cell's offset is added to the time read.
    if (year < 1970 || year > 2200 || month < 1 || month > 12 || day < 1 || day > 31 || hour < 0 || hour > 23
        || minute < 0 || minute > 59 || second < 0 || second > 60 || ms < 0)
        return std::nullopt;
    std::tm tm {};
    tm.tm_year = year - 1900;
    tm.tm_mon = month - 1;
    tm.tm_mday = day;
    tm.tm_hour = hour;
    tm.tm_min = minute;
    tm.tm_sec = second;
    const std::time_t seconds = ::timegm(&tm);
    if (seconds < 0)
        return std::nullopt;
    return Clock::from_time_t(seconds) + std::chrono::milliseconds(ms);
}

json endpointToJson(const Endpoint& e)
{
    return json { { "name", e.name() }, { "host", e.host }, { "device", e.device }, { "port", e.port },
        { "gid_index", e.gidIndex }, { "gid", e.gid }, { "address", e.address },
        { "vlan", e.vlan ? json(*e.vlan) : json(nullptr) }, { "tor", e.tor }, { "type", toString(e.type) },
        { "netdev", e.netdev }, { "subnet", e.subnet }, { "link_local", e.linkLocal }, { "empty", e.empty },
        { "transport", e.udp() ? "udp" : "rdma" } };
}

json cellToJson(const CellResult& c)
{
    return json { { "from", c.from }, { "to", c.to }, { "interval_start", isoTime(c.intervalStart) },
        { "interval_s", c.intervalSeconds }, { "sent", c.sent }, { "received", c.received },
        { "host_late", c.hostLate }, { "rtt_p50_us", c.rttP50Us }, { "rtt_p99_us", c.rttP99Us },
        { "prober_delay_p50_us", c.proberDelayP50Us }, { "responder_delay_p50_us", c.responderDelayP50Us },
        { "reason", std::string(toString(c.reason)) }, { "expected", c.expected }, { "second_pass", c.secondPass },
        { "failed", c.failed() } };
}

json findingToJson(const FabricFinding& f)
{
    json evidence = json::array();
    for (const auto& e : f.finding.evidence)
        evidence.push_back(json { { "host", e.host }, { "subject", e.subject }, { "value", e.value },
            { "where", e.where }, { "when", e.when } });
    json fixes = json::array();
    for (const auto& x : f.finding.fixes)
        fixes.push_back(json { { "target", x.target }, { "platform", x.platform }, { "text", x.text } });
    json alternatives = json::array();
    for (const auto& a : f.alternatives)
        alternatives.push_back(json { { "kind", std::string(toString(a.element.kind)) }, { "element", a.element.name },
            { "confidence", a.confidence } });
    json cells = json::array();
    for (const auto& c : f.evidenceCells)
        cells.push_back(cellToJson(c));
    return json { { "id", f.id() }, { "rule", f.finding.ruleId }, { "severity", toString(f.finding.severity) },
        { "title", f.finding.title }, { "element", f.element.name }, { "class", std::string(toString(f.klass)) },
        { "confidence", f.confidence }, { "alternatives", std::move(alternatives) }, { "hosts", f.finding.hosts },
        { "ports", f.finding.ports }, { "evidence", std::move(evidence) }, { "explanation", f.finding.explanation },
        { "fixes", std::move(fixes) }, { "because", f.because }, { "evidence_cells", std::move(cells) },
        { "first_seen", isoTime(f.firstSeen) }, { "last_seen", isoTime(f.lastSeen) } };
}

namespace {

json pairJson(const PairSummary& p)
{
    return json { { "from_host", p.fromHost }, { "to_host", p.toHost }, { "cells", p.cells },
        { "cells_failed", p.cellsFailed }, { "cells_expected_bad", p.cellsExpectedBad },
        { "worst_reason", std::string(toString(p.worstReason)) }, { "loss_percent", p.lossPercent },
        { "rtt_p99_us", p.rttP99Us } };
}

} // namespace

void writeRoundJson(const FabricRound& round, const std::function<void(std::string_view)>& write)
{
    const auto& list = round.pinglist;
    json endpoints = json::array();
    for (const auto& e : list.endpoints)
        endpoints.push_back(endpointToJson(e));
    json agents = json::array();
    for (const auto& [host, state] : round.agents) {
        auto cpu = round.agentCpuPercent.find(host);
        auto detail = round.agentDetail.find(host);
        auto rate = round.agentRate.find(host);
        auto counters = round.hostCounters.find(host);
        agents.push_back(json { { "host", host }, { "state", std::string(toString(state)) },
            { "detail", detail == round.agentDetail.end() ? std::string() : detail->second },
            { "cpu_percent", cpu == round.agentCpuPercent.end() ? json(nullptr) : json(cpu->second) },
            { "rate", rate == round.agentRate.end() ? json(nullptr) : json(rate->second) },
            { "counters",
                counters == round.hostCounters.end() ? json(nullptr)
                                                     : counters::hostCountersJson(counters->second) } });
    }
    json skipped = json::array();
    for (const auto& [host, why] : list.skipped)
        skipped.push_back(json { { "host", host }, { "why", why } });
    json findings = json::array();
    for (const auto& f : round.summary.findings)
        findings.push_back(findingToJson(f));
    json portsDown = json::array();
    for (const auto& [endpoint, detail] : round.portsDown)
        portsDown.push_back(json { { "endpoint", endpoint },
            { "name", endpoint < list.endpoints.size() ? list.endpoints[endpoint].name() : std::string() },
            { "detail", detail } });
    const auto& s = round.summary;
    json doc { { "schema", "rocepilot-fabric-round/1" }, { "round", s.round }, { "started", isoTime(s.started) },
        { "seconds", s.seconds }, { "start_seconds", round.startSeconds },
        { "timing",
            json { { "start", round.startSeconds }, { "first_pass", round.timing.firstPass },
                { "second_pass", round.timing.secondPass }, { "judge", round.timing.judge } } },
        { "hosts", list.hosts }, { "skipped", std::move(skipped) }, { "cells_planned", list.probes.size() },
        { "cells_probed", s.cellsProbed }, { "cells_failed", s.cellsFailed },
        { "healthy", faultCount(s.findings) == 0 }, { "agents", std::move(agents) },
        { "ports_down", std::move(portsDown) }, { "endpoints", std::move(endpoints) },
        { "findings", std::move(findings) }, { "pairs", json::array() }, { "cells", json::array() } };
    // Cells and pairs go out one at a time: as one document, 60 000 cells of 1 000 hosts (each a tree of 15 nodes)
    // and their pairs took 300 MB, most of the controller's peak. The text is the same as one dump of the whole.
    const auto text = doc.dump(2, ' ', false, json::error_handler_t::replace);
    // Writes text[from, emptyAt) and then, in place of the "[]" at emptyAt, the array's elements.
    auto writeUpToArray = [&](std::size_t from, std::size_t emptyAt, std::size_t count, const auto& element) {
        write(std::string_view(text).substr(from, emptyAt - from));
        write(count == 0 ? "[]" : "[\n");
        std::string item;
        for (std::size_t i = 0; i < count; ++i) {
            // The element as dump(2) prints it two levels in: every line indented by four more spaces.
            item = "    ";
            for (char c : element(i).dump(2, ' ', false, json::error_handler_t::replace)) {
                item += c;
                if (c == '\n')
                    item += "    ";
            }
            item += i + 1 < count ? ",\n" : "\n  ]";
            write(item);
        }
    };
    // A top-level key is the only place a line starts with two spaces and a quote: string values are dumped with
    // their newlines escaped, so these cannot match inside one. Keys come sorted: "cells" before "pairs".
    const std::string_view cellsKey = "\n  \"cells\": ";
    const std::string_view pairsKey = "\n  \"pairs\": ";
    const auto cellsEmpty = text.find(cellsKey) + cellsKey.size();
    const auto pairsEmpty = text.find(pairsKey) + pairsKey.size();
    const auto pairs = summarisePairs(list, round.cells);
    writeUpToArray(0, cellsEmpty, round.cells.size(), [&](std::size_t i) { return cellToJson(round.cells[i]); });
    writeUpToArray(cellsEmpty + 2, pairsEmpty, pairs.size(), [&](std::size_t i) { return pairJson(pairs[i]); });
    write(std::string_view(text).substr(pairsEmpty + 2));
    write("\n");
}

std::string roundToJson(const FabricRound& round)
{
    std::string out;
    writeRoundJson(round, [&out](std::string_view part) { out += part; });
    return out;
}

namespace {

/// A list of strings, each at most `maxLength`, at most `maxItems`.
std::vector<std::string> textList(JsonFields& f, std::string_view key, std::size_t maxItems, std::size_t maxLength)
{
    std::vector<std::string> out;
    const json* list = f.array(key, maxItems);
    if (!list)
        return out;
    for (const auto& item : *list) {
        if (!item.is_string() || item.get_ref<const std::string&>().size() > maxLength) {
            f.problem("'" + std::string(key) + "' must be a list of strings");
            return {};
        }
        out.push_back(item.get<std::string>());
    }
    return out;
}

Clock::time_point timeField(JsonFields& f, std::string_view key)
{
    auto text = f.text(key, 32);
    if (f.error())
        return {};
    auto t = parseIsoTime(text);
    if (!t)
        f.problem("'" + std::string(key) + "' is not a time like 2026-11-27T07:01:02.345Z");
    return t.value_or(Clock::time_point {});
}

Reason reasonField(JsonFields& f, std::string_view key)
{
    auto text = f.text(key, 32);
    if (f.error() || text.empty())
        return Reason::None;
    auto r = reasonFromString(text);
    if (!r)
        f.problem("'" + std::string(key) + "' is not a reason code");
    return r.value_or(Reason::None);
}

CellResult cellFromJson(const json& j, JsonFields& outer, std::size_t endpoints)
{
    CellResult c;
    if (!j.is_object()) {
        outer.problem("a cell must be an object");
        return c;
    }
    JsonFields f(j, ErrorKind::Parse, "cell", "fabric run");
    f.only({ "from", "to", "interval_start", "interval_s", "sent", "received", "host_late", "rtt_p50_us", "rtt_p99_us",
        "prober_delay_p50_us", "responder_delay_p50_us", "reason", "expected", "second_pass", "failed" });
    const auto last = endpoints == 0 ? 0 : endpoints - 1;
    c.from = static_cast<std::uint32_t>(f.u64("from", 0, last));
    c.to = static_cast<std::uint32_t>(f.u64("to", 0, last));
    c.intervalStart = timeField(f, "interval_start");
    c.intervalSeconds = f.number("interval_s", 0, 86400);
    c.sent = static_cast<std::uint32_t>(f.u64("sent", 0, UINT32_MAX));
    c.received = static_cast<std::uint32_t>(f.u64("received", 0, UINT32_MAX));
    c.hostLate = static_cast<std::uint32_t>(f.u64("host_late", 0, UINT32_MAX, 0, false));
    c.rttP50Us = f.number("rtt_p50_us", 0, 1e9);
    c.rttP99Us = f.number("rtt_p99_us", 0, 1e9);
    c.proberDelayP50Us = f.number("prober_delay_p50_us", 0, 1e9);
    c.responderDelayP50Us = f.number("responder_delay_p50_us", 0, 1e9);
    c.reason = reasonField(f, "reason");
    c.expected = f.boolean("expected");
    c.secondPass = f.boolean("second_pass");
    f.boolean("failed", false, false);
    outer.adopt(f.error());
    return c;
}

std::optional<diag::Severity> severityFromText(std::string_view text)
{
    for (auto s : { diag::Severity::Info, diag::Severity::Warning, diag::Severity::Error }) {
        if (toString(s) == text)
            return s;
    }
    return std::nullopt;
}

} // namespace

Result<Endpoint> endpointFromJson(const json& j, const std::string& context)
{
    if (!j.is_object())
        return fail(ErrorKind::Parse, context + ": an endpoint must be an object", "fabric run");
    JsonFields f(j, ErrorKind::Parse, context, "fabric run");
    f.only({ "name", "host", "device", "port", "gid_index", "gid", "address", "vlan", "tor", "type", "netdev", "subnet",
        "link_local", "empty", "transport" });
    Endpoint e;
    e.host = f.text("host", 255);
    e.device = f.text("device", 64);
    e.port = f.integer("port", 0, 255);
    e.gidIndex = f.integer("gid_index", -1, 65535);
    e.gid = f.text("gid", 64);
    e.address = f.text("address", 64);
    e.vlan = f.optInteger("vlan", 0, 4095);
    e.tor = f.text("tor", 64);
    e.type = gidTypeFromString(f.text("type", 32));
    e.netdev = f.text("netdev", 64);
    e.subnet = f.text("subnet", 64);
    e.linkLocal = f.boolean("link_local");
    e.empty = f.boolean("empty");
    f.text("name", 400, false);
    f.text("transport", 8, false);
    if (!f.error() && e.host.empty())
        f.problem("'host' is empty");
    if (const auto& bad = f.error(); bad.has_value())
        return std::unexpected(*bad);
    return e;
}

Result<FabricFinding> findingFromJson(const json& j, const std::string& context, std::size_t endpoints)
{
    if (!j.is_object())
        return fail(ErrorKind::Parse, context + ": a finding must be an object", "fabric run");
    JsonFields f(j, ErrorKind::Parse, context, "fabric run");
    f.only({ "type", "round", "id", "rule", "severity", "title", "element", "class", "confidence", "alternatives",
        "hosts", "ports", "evidence", "explanation", "fixes", "because", "evidence_cells", "first_seen", "last_seen" });
    FabricFinding out;
    out.finding.ruleId = f.text("rule", 128);
    const auto severity = f.text("severity", 16);
    out.finding.title = f.text("title", 4096);
    out.element.name = f.text("element", 400);
    const auto klass = f.text("class", 32);
    out.confidence = f.number("confidence", 0, 1);
    out.finding.hosts = textList(f, "hosts", 4096, 255);
    out.finding.ports = textList(f, "ports", 4096, 400);
    out.finding.explanation = f.text("explanation", 65536);
    out.because = textList(f, "because", 1024, 400);
    out.firstSeen = timeField(f, "first_seen");
    out.lastSeen = timeField(f, "last_seen");
    const auto id = f.text("id", 512);
    if (const auto& bad = f.error(); bad.has_value())
        return std::unexpected(*bad);
    if (auto s = severityFromText(severity))
        out.finding.severity = *s;
    else
        f.problem("'severity' must be info, warning or error");
    if (auto k = elementKindFromString(klass)) {
        out.klass = *k;
        out.element.kind = *k;
    } else {
        f.problem("'class' is not an element kind");
    }
    if (const auto* list = f.array("alternatives", 64)) {
        for (const auto& a : *list) {
            if (!a.is_object()) {
                f.problem("an alternative must be an object");
                break;
            }
            JsonFields af(a, ErrorKind::Parse, context + ": alternative", "fabric run");
            af.only({ "kind", "element", "confidence" });
            Alternative alt;
            auto kind = elementKindFromString(af.text("kind", 32));
            alt.element.name = af.text("element", 400);
            alt.confidence = af.number("confidence", 0, 1);
            if (!kind)
                af.problem("'kind' is not an element kind");
            f.adopt(af.error());
            if (af.error() || !kind)
                break;
            alt.element.kind = *kind;
            out.alternatives.push_back(alt);
        }
    }
    if (const auto* list = f.array("evidence", 4096)) {
        for (const auto& e : *list) {
            if (!e.is_object()) {
                f.problem("evidence must be objects");
                break;
            }
            JsonFields ef(e, ErrorKind::Parse, context + ": evidence", "fabric run");
            ef.only({ "host", "subject", "value", "where", "when" });
            diag::Evidence ev { ef.text("host", 255), ef.text("subject", 1024), ef.text("value", 4096),
                ef.text("where", 1024), ef.text("when", 64) };
            f.adopt(ef.error());
            if (ef.error())
                break;
            out.finding.evidence.push_back(std::move(ev));
        }
    }
    if (const auto* list = f.array("fixes", 256)) {
        for (const auto& x : *list) {
            if (!x.is_object()) {
                f.problem("fixes must be objects");
                break;
            }
            JsonFields xf(x, ErrorKind::Parse, context + ": fix", "fabric run");
            xf.only({ "target", "platform", "text" });
            diag::Fix fix;
            fix.target = xf.text("target", 255);
            fix.platform = xf.text("platform", 64);
            fix.text = xf.text("text", 65536);
            f.adopt(xf.error());
            if (xf.error())
                break;
            out.finding.fixes.push_back(std::move(fix));
        }
    }
    if (const auto* list = f.array("evidence_cells", 65536)) {
        for (const auto& c : *list) {
            out.evidenceCells.push_back(cellFromJson(c, f, endpoints));
            if (f.error())
                break;
        }
    }
    if (!f.error() && out.id() != id)
        f.problem("'id' is " + id + " but its class and element make " + out.id());
    if (const auto& bad = f.error(); bad.has_value())
        return std::unexpected(*bad);
    return out;
}

} // namespace rp::fabric

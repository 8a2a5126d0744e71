// SPDX-License-Identifier: GPL-3.0-or-later
#include "fabric/fabricrun.h"

#include "fabric/fabricjson.h"
#include "util/files.h"
#include "util/jsonfields.h"
#include "util/text.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace rp::fabric {
namespace {

using nlohmann::json;

/// Cells per line: a 1 000-host round is split so that no line is more than a few MB.
constexpr std::size_t kRunCellsPerLine = 4096;
/// The items of a cell's compact array: from, to, t, interval_s, sent, received, rtt_p50_us, rtt_p99_us,
/// prober_p50_us, responder_p50_us, reason, expected, second_pass, host_late. Files written before host_late have
/// the first 13 and are read as they are (no probe put down to a stalled host).
constexpr std::size_t kRunCellItems = 14;
constexpr std::size_t kRunCellItemsBefore = 13;

double runSeconds(Clock::time_point from, Clock::time_point t)
{
    return std::chrono::duration<double>(t - from).count();
}

std::string runLine(const json& j)
{
    return j.dump(-1, ' ', false, json::error_handler_t::replace) + "\n";
}

/// Rounds to what the file keeps: microseconds to 0.1, seconds to milliseconds.
double rounded(double v, double unit)
{
    return std::round(v / unit) * unit;
}

} // namespace

std::vector<FabricFinding> FabricRun::openFindings() const
{
    std::map<std::string, FabricFinding> open;
    for (const auto& e : events) {
        if (e.cleared)
            open.erase(e.id);
        else if (e.finding)
            open.insert_or_assign(e.id, *e.finding);
    }
    std::vector<FabricFinding> out;
    out.reserve(open.size());
    for (auto& [id, f] : open)
        out.push_back(std::move(f));
    return out;
}

// ---- writer ----

Result<std::unique_ptr<FabricRunWriter>> FabricRunWriter::create(const std::string& path, const FabricRunHeader& header,
    AtomicFile::Existing existing, FabricRunWriterOptions options)
{
    for (const auto* text : { &header.inventory, &header.command, &header.spine }) {
        if (!isValidUtf8(*text))
            return fail(ErrorKind::Usage, "the run's inventory name or spine is not valid UTF-8", path);
    }
    // Never a file its own reader would refuse.
    if (header.command != "check" && header.command != "watch" && header.command != "prom")
        return fail(
            ErrorKind::Usage, "a fabric run's command is check, watch or prom, not '" + header.command + "'", path);
    if (header.transport != "udp" && header.transport != "rdma")
        return fail(ErrorKind::Usage, "a fabric run's transport is udp or rdma, not '" + header.transport + "'", path);
    if (auto ok = AtomicFile::checkTarget(path, existing); !ok)
        return std::unexpected(ok.error());
    std::unique_ptr<FabricRunWriter> w(new FabricRunWriter());
    w->m_path = path;
    w->m_options = options;
    w->m_started = header.started;
    // Written beside the target and renamed over it once the header is in: a reader of an old run of that name
    // keeps its file whole, and a failure here leaves the old one as it was.
    std::string tmp = path + ".tmp-XXXXXX";
    const int fd = ::mkostemp(tmp.data(), O_CLOEXEC);
    if (fd < 0)
        return failErrno(ErrorKind::Io, "cannot create the fabric run file", errno, path);
    auto abandon = [&](int err) {
        ::unlink(tmp.c_str());
        return failErrno(ErrorKind::Io, "cannot create the fabric run file", err, path);
    };
    if (::fchmod(fd, 0644) != 0) {
        const int err = errno;
        ::close(fd);
        return abandon(err);
    }
    w->m_file = ::fdopen(fd, "w");
    if (!w->m_file) {
        const int err = errno;
        ::close(fd);
        return abandon(err);
    }
    // Ordered, so that the file starts with its type: `head -c 40` tells what it is.
    nlohmann::ordered_json tors = nlohmann::ordered_json::object();
    for (const auto& [host, tor] : header.torOf)
        tors[host] = tor;
    const nlohmann::ordered_json first { { "type", "fabric-run" }, { "schema", std::string(kFabricRunSchema) },
        { "tool", header.tool }, { "command", header.command }, { "inventory", header.inventory },
        { "started", isoTime(header.started) }, { "transport", header.transport }, { "duration_s", header.durationS },
        { "rate", header.rate }, { "hosts", header.hosts }, { "tor_of", std::move(tors) }, { "spine", header.spine } };
    w->writeLine(first.dump(-1, ' ', false, json::error_handler_t::replace) + "\n");
    if (w->m_file && std::fflush(w->m_file) != 0 && !w->m_error)
        w->m_error = failErrno(ErrorKind::Io, "cannot write the fabric run file", errno, path).error();
    if (const auto& e = w->m_error; e.has_value()) {
        ::unlink(tmp.c_str());
        return std::unexpected(*e);
    }
    if (auto ok = AtomicFile::checkTarget(path, existing); !ok) {
        ::unlink(tmp.c_str());
        return std::unexpected(ok.error());
    }
    const unsigned flags = existing == AtomicFile::Existing::Refuse ? RENAME_NOREPLACE : 0;
    if (::renameat2(AT_FDCWD, tmp.c_str(), AT_FDCWD, path.c_str(), flags) != 0) {
        if (errno == EEXIST) {
            ::unlink(tmp.c_str());
            return fail(ErrorKind::Usage, "already exists: not replaced", path);
        }
        return abandon(errno);
    }
    return w;
}

FabricRunWriter::~FabricRunWriter()
{
    if (m_file)
        std::fclose(m_file);
}

void FabricRunWriter::writeLine(const std::string& line)
{
    if (!m_file || m_error)
        return;
    if (std::fwrite(line.data(), 1, line.size(), m_file) != line.size())
        m_error = failErrno(ErrorKind::Io, "cannot write the fabric run file", errno, m_path).error();
}

void FabricRunWriter::writeCells(std::uint64_t round, bool aggregated, const std::vector<CellResult>& cells)
{
    for (std::size_t i = 0; i < cells.size(); i += kRunCellsPerLine) {
        json list = json::array();
        const auto end = std::min(cells.size(), i + kRunCellsPerLine);
        for (std::size_t k = i; k < end; ++k) {
            const auto& c = cells[k];
            // A cell stamped before the run's start (the clock stepped back) is kept at the start: a negative time
            // would make the whole file unreadable to its own reader.
            const double at = std::max(0.0, runSeconds(m_started, c.intervalStart));
            list.push_back(json::array({ c.from, c.to, rounded(at, 0.001), rounded(c.intervalSeconds, 0.001), c.sent,
                c.received, rounded(c.rttP50Us, 0.1), rounded(c.rttP99Us, 0.1), rounded(c.proberDelayP50Us, 0.1),
                rounded(c.responderDelayP50Us, 0.1), std::string(toString(c.reason)), c.expected, c.secondPass,
                c.hostLate }));
        }
        writeLine(runLine(json {
            { "type", "cells" }, { "round", round }, { "aggregated", aggregated }, { "cells", std::move(list) } }));
    }
}

void FabricRunWriter::fold(const std::vector<CellResult>& cells, std::uint64_t round, Clock::time_point now)
{
    if (m_fold.empty())
        m_foldStart = now;
    m_foldRound = round;
    for (const auto& c : cells) {
        const auto key = std::tuple { c.from, c.to, c.secondPass };
        auto [it, fresh] = m_fold.try_emplace(key, c);
        auto& weight = m_foldWeight[key];
        if (fresh) {
            weight = c.received;
            continue;
        }
        auto& f = it->second;
        // Medians of intervals averaged by their replies: not the minute's median, but close, and what a fold
        // that keeps one number per cell can give. The worst p99 is kept as it was.
        const double w = weight + c.received;
        if (w > 0) {
            f.rttP50Us = (f.rttP50Us * weight + c.rttP50Us * c.received) / w;
            f.proberDelayP50Us = (f.proberDelayP50Us * weight + c.proberDelayP50Us * c.received) / w;
            f.responderDelayP50Us = (f.responderDelayP50Us * weight + c.responderDelayP50Us * c.received) / w;
        }
        weight = w;
        f.rttP99Us = std::max(f.rttP99Us, c.rttP99Us);
        f.sent += c.sent;
        f.received += c.received;
        f.hostLate += c.hostLate;
        f.intervalSeconds += c.intervalSeconds;
        // A minute with one failed interval shows that failure: a fold must not hide a fault.
        if (c.reason != Reason::None && (f.reason == Reason::None || (f.expected && !c.expected)))
            f.reason = c.reason;
        f.expected = f.expected && c.expected;
    }
    if (now - m_foldStart >= m_options.foldEvery)
        flushFold();
}

void FabricRunWriter::flushFold()
{
    if (m_fold.empty())
        return;
    std::vector<CellResult> cells;
    cells.reserve(m_fold.size());
    for (auto& [key, c] : m_fold)
        cells.push_back(c);
    m_fold.clear();
    m_foldWeight.clear();
    writeCells(m_foldRound, true, cells);
}

void FabricRunWriter::addRound(const FabricRound& round)
{
    const auto& list = round.pinglist;
    const bool sameTable = m_haveEndpoints && m_endpoints.size() == list.endpoints.size()
        && std::ranges::equal(m_endpoints, list.endpoints,
            [](const Endpoint& a, const Endpoint& b) { return a.name() == b.name() && a.address == b.address; });
    if (!sameTable) {
        // Cells folded against the old table must not be read against the new one.
        flushFold();
        json endpoints = json::array();
        for (const auto& e : list.endpoints)
            endpoints.push_back(endpointToJson(e));
        writeLine(runLine(json { { "type", "endpoints" }, { "endpoints", std::move(endpoints) } }));
        m_endpoints = list.endpoints;
        m_haveEndpoints = true;
    }
    const auto& s = round.summary;
    writeLine(runLine(json { { "type", "round" }, { "round", s.round }, { "started", isoTime(s.started) },
        { "cells_planned", list.probes.size() } }));
    if (s.started - m_started >= m_options.foldAfter)
        fold(round.cells, s.round, s.started);
    else
        writeCells(s.round, false, round.cells);
    for (const auto& [host, state] : round.agents) {
        auto it = m_agentStates.find(host);
        if (it != m_agentStates.end() && it->second == state)
            continue;
        m_agentStates[host] = state;
        auto detail = round.agentDetail.find(host);
        auto cpu = round.agentCpuPercent.find(host);
        auto rate = round.agentRate.find(host);
        writeLine(runLine(json { { "type", "agent" }, { "round", s.round }, { "host", host },
            { "state", std::string(toString(state)) },
            { "detail", detail == round.agentDetail.end() ? std::string() : detail->second },
            { "cpu_percent", cpu == round.agentCpuPercent.end() ? json(nullptr) : json(cpu->second) },
            { "rate", rate == round.agentRate.end() ? json(nullptr) : json(rate->second) } }));
    }
    if (!round.hostCounters.empty()) {
        json hosts = json::object();
        for (const auto& [host, c] : round.hostCounters) {
            auto rates = counters::hostCountersJson(c);
            for (auto& [name, v] : rates.items())
                v = rounded(v.get<double>(), 0.001);
            hosts[host] = std::move(rates);
        }
        writeLine(runLine(json { { "type", "counters" }, { "round", s.round }, { "hosts", std::move(hosts) } }));
    }
    json ids = json::array();
    for (const auto& f : s.findings) {
        const auto id = f.id();
        ids.push_back(id);
        if (std::ranges::find(round.raised, id) == round.raised.end())
            continue;
        auto j = findingToJson(f);
        j["type"] = "finding";
        j["round"] = s.round;
        writeLine(runLine(j));
    }
    for (const auto& id : round.cleared)
        writeLine(runLine(json { { "type", "cleared" }, { "round", s.round }, { "id", id },
            { "at",
                isoTime(s.started
                    + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(s.seconds))) } }));
    json down = json::array();
    for (const auto& [endpoint, detail] : round.portsDown)
        down.push_back(json { { "endpoint", endpoint }, { "detail", detail } });
    writeLine(runLine(json { { "type", "summary" }, { "round", s.round }, { "seconds", rounded(s.seconds, 0.001) },
        { "cells_probed", s.cellsProbed }, { "cells_failed", s.cellsFailed }, { "findings", std::move(ids) },
        { "ports_down", std::move(down) } }));
    m_rounds = std::max(m_rounds, s.round);
    if (m_file && !m_error && std::fflush(m_file) != 0)
        m_error = failErrno(ErrorKind::Io, "cannot write the fabric run file", errno, m_path).error();
}

Result<void> FabricRunWriter::finish(const std::string& status, const std::string& error)
{
    flushFold();
    writeLine(runLine(json { { "type", "end" }, { "status", status }, { "finished", isoTime(Clock::now()) },
        { "rounds", m_rounds }, { "error", error } }));
    if (m_file) {
        if (std::fclose(m_file) != 0 && !m_error)
            m_error = failErrno(ErrorKind::Io, "cannot write the fabric run file", errno, m_path).error();
        m_file = nullptr;
    }
    if (m_error)
        return std::unexpected(*m_error);
    return {};
}

// ---- reader ----

namespace {

class FabricRunParser
{
public:
    explicit FabricRunParser(FabricRun& run)
        : m_run(run)
    { }

    /// One line: its problem, if any, without the FILE:LINE prefix.
    std::optional<std::string> line(const json& j);
    bool haveHeader() const { return m_haveHeader; }

private:
    std::optional<std::string> header(const json& j);
    std::optional<std::string> cells(const json& j);
    FabricRunRound* roundOf(std::uint64_t round);

    FabricRun& m_run;
    bool m_haveHeader = false;
};

FabricRunRound* FabricRunParser::roundOf(std::uint64_t round)
{
    for (auto it = m_run.rounds.rbegin(); it != m_run.rounds.rend(); ++it) {
        if (it->round == round)
            return &*it;
    }
    return nullptr;
}

std::optional<std::string> FabricRunParser::header(const json& j)
{
    JsonFields f(j, ErrorKind::Parse, "the fabric-run line", "fabric run");
    f.only({ "type", "schema", "tool", "command", "inventory", "started", "transport", "duration_s", "rate", "hosts",
        "tor_of", "spine" });
    const auto schema = f.text("schema", 64);
    if (!f.error() && schema != kFabricRunSchema)
        return "schema '" + printable(schema, 64) + "' is not " + std::string(kFabricRunSchema)
            + " (written by another version of RoCE Pilot)";
    auto& h = m_run.header;
    h.tool = f.text("tool", 128);
    h.command = f.text("command", 16);
    h.inventory = f.text("inventory", 4096);
    const auto started = f.text("started", 32);
    h.transport = f.text("transport", 8);
    h.durationS = f.number("duration_s", 0, 1e6);
    h.rate = f.number("rate", 0, 1e6);
    h.spine = f.text("spine", 64);
    if (const auto* hosts = f.array("hosts", 100000)) {
        for (const auto& x : *hosts) {
            if (!x.is_string() || x.get_ref<const std::string&>().size() > 255) {
                f.problem("'hosts' must be a list of names");
                break;
            }
            h.hosts.push_back(x.get<std::string>());
        }
    }
    if (const auto* tors = f.object("tor_of")) {
        for (const auto& [host, tor] : tors->items()) {
            if (!tor.is_string() || tor.get_ref<const std::string&>().size() > 64) {
                f.problem("'tor_of' must map hosts to ToR names");
                break;
            }
            h.torOf[host] = tor.get<std::string>();
        }
    }
    if (const auto& bad = f.error(); bad.has_value())
        return bad->message;
    if (h.command != "check" && h.command != "watch" && h.command != "prom")
        return "'command' must be check, watch or prom";
    if (h.transport != "udp" && h.transport != "rdma")
        return "'transport' must be udp or rdma";
    auto t = parseIsoTime(started);
    if (!t)
        return "'started' is not a time like 2026-11-27T07:01:02.345Z";
    h.started = *t;
    m_haveHeader = true;
    return std::nullopt;
}

std::optional<std::string> FabricRunParser::cells(const json& j)
{
    JsonFields f(j, ErrorKind::Parse, "a cells line", "fabric run");
    f.only({ "type", "round", "aggregated", "cells" });
    FabricRunCells batch;
    batch.round = f.u64("round", 1, UINT64_MAX >> 1);
    batch.aggregated = f.boolean("aggregated");
    const auto* list = f.array("cells", kRunCellsPerLine);
    if (const auto& bad = f.error(); bad.has_value())
        return bad->message;
    const auto endpoints = m_run.endpoints.size();
    if (endpoints == 0 && list && !list->empty())
        return "cells before the endpoints line";
    batch.cells.reserve(list ? list->size() : 0);
    std::size_t k = 0;
    for (const auto& item : list ? *list : json::array()) {
        ++k;
        const std::string which = "cell " + std::to_string(k);
        if (!item.is_array() || (item.size() != kRunCellItems && item.size() != kRunCellItemsBefore))
            return which + ": must be a list of " + std::to_string(kRunCellItems) + " values ("
                + std::to_string(kRunCellItemsBefore) + " in a file written before host_late)";
        auto number = [&](std::size_t i, double max) -> std::optional<double> {
            const auto& v = item[i];
            if (!v.is_number())
                return std::nullopt;
            const double d = v.get<double>();
            if (!std::isfinite(d) || d < 0 || d > max)
                return std::nullopt;
            return d;
        };
        auto whole = [&](std::size_t i, std::uint64_t max) -> std::optional<std::uint32_t> {
            const auto& v = item[i];
            if (!v.is_number_unsigned() || v.get<std::uint64_t>() > max)
                return std::nullopt;
            return static_cast<std::uint32_t>(v.get<std::uint64_t>());
        };
        CellResult c;
        auto from = whole(0, endpoints - 1);
        auto to = whole(1, endpoints - 1);
        if (!from || !to)
            return which + ": its endpoints must index the " + std::to_string(endpoints) + " of the table";
        c.from = *from;
        c.to = *to;
        auto t = number(2, 1e9);
        auto length = number(3, 1e6);
        auto sent = whole(4, UINT32_MAX);
        auto received = whole(5, UINT32_MAX);
        if (!t || !length || !sent || !received)
            return which + ": time, length and counts must be numbers >= 0";
        c.intervalStart
            = m_run.header.started + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(*t));
        c.intervalSeconds = *length;
        c.sent = *sent;
        c.received = *received;
        double* us[] = { &c.rttP50Us, &c.rttP99Us, &c.proberDelayP50Us, &c.responderDelayP50Us };
        for (std::size_t i = 0; i < 4; ++i) {
            auto v = number(6 + i, 1e9);
            if (!v)
                return which + ": times must be microseconds >= 0";
            *us[i] = *v;
        }
        if (!item[10].is_string() || !item[11].is_boolean() || !item[12].is_boolean())
            return which + ": reason must be a string, expected and second pass true or false";
        const auto& reason = item[10].get_ref<const std::string&>();
        auto r = reason.empty() ? std::optional<Reason>(Reason::None) : reasonFromString(reason);
        if (!r)
            return which + ": '" + printable(reason, 32) + "' is not a reason code";
        c.reason = *r;
        c.expected = item[11].get<bool>();
        c.secondPass = item[12].get<bool>();
        if (item.size() == kRunCellItems) {
            auto late = whole(13, UINT32_MAX);
            if (!late)
                return which + ": host_late must be a whole number >= 0";
            c.hostLate = *late;
        }
        batch.cells.push_back(c);
    }
    m_run.cells.push_back(std::move(batch));
    return std::nullopt;
}

std::optional<std::string> FabricRunParser::line(const json& j)
{
    if (!j.is_object() || !j.contains("type") || !j["type"].is_string())
        return "not a fabric run line (no \"type\")";
    const auto& type = j["type"].get_ref<const std::string&>();
    if (type == "fabric-run") {
        if (m_haveHeader)
            return "a second fabric-run line";
        return header(j);
    }
    if (!m_haveHeader)
        return "not a RoCE Pilot fabric run (the first line is not a fabric-run line)";
    if (type == "endpoints") {
        JsonFields f(j, ErrorKind::Parse, "the endpoints line", "fabric run");
        f.only({ "type", "endpoints" });
        const auto* list = f.array("endpoints", 1u << 20);
        if (const auto& bad = f.error(); bad.has_value())
            return bad->message;
        std::vector<Endpoint> table;
        for (const auto& e : *list) {
            auto endpoint = endpointFromJson(e, "endpoint " + std::to_string(table.size()));
            if (!endpoint)
                return endpoint.error().message;
            table.push_back(std::move(*endpoint));
        }
        // A run read from Prometheus starts before its first read names any host (the GUI opens its file then), and
        // a fleet gains hosts: its endpoint tables say which hosts it has, each added once, in order.
        if (m_run.header.command == "prom") {
            for (const auto& e : table) {
                if (std::ranges::find(m_run.header.hosts, e.host) == m_run.header.hosts.end())
                    m_run.header.hosts.push_back(e.host);
                if (!e.tor.empty())
                    m_run.header.torOf.try_emplace(e.host, e.tor);
            }
        }
        m_run.endpoints = std::move(table);
        return std::nullopt;
    }
    if (type == "round") {
        JsonFields f(j, ErrorKind::Parse, "a round line", "fabric run");
        f.only({ "type", "round", "started", "cells_planned" });
        FabricRunRound r;
        r.round = f.u64("round", 1, UINT64_MAX >> 1);
        const auto started = f.text("started", 32);
        r.cellsPlanned = f.u64("cells_planned", 0, UINT64_MAX >> 1);
        if (const auto& bad = f.error(); bad.has_value())
            return bad->message;
        auto t = parseIsoTime(started);
        if (!t)
            return "'started' is not a time like 2026-11-27T07:01:02.345Z";
        r.started = *t;
        m_run.rounds.push_back(std::move(r));
        return std::nullopt;
    }
    if (type == "cells")
        return cells(j);
    if (type == "agent") {
        JsonFields f(j, ErrorKind::Parse, "an agent line", "fabric run");
        f.only({ "type", "round", "host", "state", "detail", "cpu_percent", "rate" });
        FabricRunAgent a;
        a.round = f.u64("round", 1, UINT64_MAX >> 1);
        a.host = f.text("host", 255);
        const auto state = f.text("state", 16);
        a.detail = f.text("detail", 4096);
        a.cpuPercent = f.optNumber("cpu_percent", 0, 1e5);
        a.rate = f.optNumber("rate", 0, 1e6);
        if (const auto& bad = f.error(); bad.has_value())
            return bad->message;
        bool known = false;
        for (auto s : { AgentState::Starting, AgentState::Up, AgentState::Down, AgentState::Stopped }) {
            if (toString(s) == state) {
                a.state = s;
                known = true;
            }
        }
        if (!known)
            return "'state' must be starting, up, down or stopped";
        m_run.agents.push_back(std::move(a));
        return std::nullopt;
    }
    if (type == "counters") {
        JsonFields f(j, ErrorKind::Parse, "a counters line", "fabric run");
        f.only({ "type", "round", "hosts" });
        const auto round = f.u64("round", 1, UINT64_MAX >> 1);
        const auto* hosts = f.object("hosts");
        if (const auto& bad = f.error(); bad.has_value())
            return bad->message;
        auto* r = roundOf(round);
        if (!r)
            return "counters of round " + std::to_string(round) + ", which has no round line";
        for (const auto& [host, rates] : hosts->items()) {
            if (host.empty() || host.size() > 255)
                return "a counters line names a host of " + std::to_string(host.size()) + " bytes";
            auto c = counters::readHostCounters(rates, ErrorKind::Parse, "the counters of " + host, "fabric run");
            if (!c)
                return c.error().message;
            r->hostCounters[host] = *c;
        }
        return std::nullopt;
    }
    if (type == "finding") {
        if (!j.contains("round") || !j["round"].is_number_unsigned())
            return "a finding line without its round";
        auto f = findingFromJson(j, "a finding line", m_run.endpoints.size());
        if (!f)
            return f.error().message;
        FabricRunEvent e;
        e.round = j["round"].get<std::uint64_t>();
        e.id = f->id();
        e.at = f->lastSeen;
        e.finding = std::move(*f);
        m_run.events.push_back(std::move(e));
        return std::nullopt;
    }
    if (type == "cleared") {
        JsonFields f(j, ErrorKind::Parse, "a cleared line", "fabric run");
        f.only({ "type", "round", "id", "at" });
        FabricRunEvent e;
        e.cleared = true;
        e.round = f.u64("round", 1, UINT64_MAX >> 1);
        e.id = f.text("id", 512);
        const auto at = f.text("at", 32);
        if (const auto& bad = f.error(); bad.has_value())
            return bad->message;
        auto t = parseIsoTime(at);
        if (!t)
            return "'at' is not a time like 2026-11-27T07:01:02.345Z";
        e.at = *t;
        m_run.events.push_back(std::move(e));
        return std::nullopt;
    }
    if (type == "summary") {
        JsonFields f(j, ErrorKind::Parse, "a summary line", "fabric run");
        f.only({ "type", "round", "seconds", "cells_probed", "cells_failed", "findings", "ports_down" });
        const auto round = f.u64("round", 1, UINT64_MAX >> 1);
        const double seconds = f.number("seconds", 0, 1e9);
        const auto probed = f.u64("cells_probed", 0, UINT64_MAX >> 1);
        const auto failed = f.u64("cells_failed", 0, UINT64_MAX >> 1);
        const auto* ids = f.array("findings", 1u << 20);
        // Files written before ports were reported have none.
        const auto* down = f.array("ports_down", 1u << 20, false);
        if (const auto& bad = f.error(); bad.has_value())
            return bad->message;
        auto* r = roundOf(round);
        if (!r)
            return "a summary of round " + std::to_string(round) + ", which has no round line";
        r->finished = true;
        r->seconds = seconds;
        r->cellsProbed = probed;
        r->cellsFailed = failed;
        for (const auto& id : *ids) {
            if (!id.is_string() || id.get_ref<const std::string&>().size() > 512)
                return "'findings' must be a list of ids";
            r->findings.push_back(id.get<std::string>());
        }
        for (const auto& port : down ? *down : json::array()) {
            JsonFields p(port, ErrorKind::Parse, "a port in 'ports_down'", "fabric run");
            p.only({ "endpoint", "detail" });
            const auto endpoint = p.u64("endpoint", 0, UINT32_MAX);
            std::string detail = p.text("detail", 512);
            if (const auto& bad = p.error(); bad.has_value())
                return bad->message;
            if (endpoint >= m_run.endpoints.size())
                return "'ports_down' names endpoint " + std::to_string(endpoint) + ", which the run does not have";
            r->portsDown[static_cast<std::uint32_t>(endpoint)] = std::move(detail);
        }
        return std::nullopt;
    }
    if (type == "end") {
        JsonFields f(j, ErrorKind::Parse, "the end line", "fabric run");
        f.only({ "type", "status", "finished", "rounds", "error" });
        FabricRunEnd end;
        end.status = f.text("status", 16);
        const auto finished = f.text("finished", 32);
        end.rounds = f.u64("rounds", 0, UINT64_MAX >> 1);
        end.error = f.text("error", 4096);
        if (const auto& bad = f.error(); bad.has_value())
            return bad->message;
        auto t = parseIsoTime(finished);
        if (!t)
            return "'finished' is not a time like 2026-11-27T07:01:02.345Z";
        end.finished = *t;
        m_run.end = std::move(end);
        return std::nullopt;
    }
    return "unknown line type '" + printable(type, 32) + "'";
}

} // namespace

Result<FabricRun> parseFabricRun(std::string_view text, const std::string& name, const FabricRunReadControl& control)
{
    FabricRun run;
    if (text.empty())
        return fail(ErrorKind::Parse, "the file is empty, not a RoCE Pilot fabric run", name);
    FabricRunParser parser(run);
    std::size_t lineNo = 0;
    std::size_t pos = 0;
    std::size_t reported = 0;
    constexpr std::size_t kReportEvery = std::size_t { 1 } << 20;
    while (pos < text.size()) {
        if (pos - reported >= kReportEvery || reported == 0) {
            if (control.cancel && control.cancel->load())
                return fail(ErrorKind::Cancelled, "reading the run was cancelled", name);
            if (control.progress)
                control.progress(pos, text.size());
            reported = std::max<std::size_t>(pos, 1);
        }
        ++lineNo;
        const auto nl = text.find('\n', pos);
        const bool cut = nl == std::string_view::npos;
        const auto line = text.substr(pos, cut ? std::string_view::npos : nl - pos);
        pos = cut ? text.size() : nl + 1;
        if (line.empty())
            continue;
        const auto j = json::parse(line, nullptr, false);
        if (j.is_discarded()) {
            if (cut && parser.haveHeader()) {
                // A killed writer leaves half a line: what came before it is the run.
                run.truncated = true;
                run.warnings.push_back(name + ":" + std::to_string(lineNo)
                    + ": the last line is cut off (the run was stopped while writing); it is left out");
                break;
            }
            return fail(ErrorKind::Parse, name + ":" + std::to_string(lineNo) + ": not JSON", name);
        }
        if (run.end)
            return fail(ErrorKind::Parse, name + ":" + std::to_string(lineNo) + ": a line after the end line", name);
        if (auto problem = parser.line(j))
            return fail(ErrorKind::Parse, name + ":" + std::to_string(lineNo) + ": " + *problem, name);
    }
    if (!parser.haveHeader())
        return fail(ErrorKind::Parse, "not a RoCE Pilot fabric run (no fabric-run line)", name);
    if (control.progress)
        control.progress(text.size(), text.size());
    if (!run.end) {
        run.truncated = true;
        run.warnings.push_back(name + ": the run has no end line: it did not finish (killed, crash or power loss); "
            + std::to_string(run.rounds.size()) + " rounds were kept");
    }
    return run;
}

Result<FabricRun> readFabricRun(const std::string& path, const FabricRunReadControl& control)
{
    auto text = readTextFile(path, kMaxFabricRunBytes);
    if (!text)
        return std::unexpected(text.error());
    return parseFabricRun(*text, path, control);
}

} // namespace rp::fabric

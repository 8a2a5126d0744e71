// SPDX-License-Identifier: GPL-3.0-or-later
#include "fabric/agentprotocol.h"

#include "perf/protocol.h"
#include "util/command.h"
#include "util/jsonfields.h"
#include "util/text.h"

#include <nlohmann/json.hpp>

#include <arpa/inet.h>

#include <array>

namespace rp::fabric {
namespace {

using nlohmann::json;

constexpr const char* kWhere = "agent protocol";
constexpr double kMaxSeconds = 1e7;
constexpr double kMaxUs = 1e10;
constexpr std::uint32_t kMaxProbes = 1u << 30;

/// What an agent may say in words: UTF-8 without control bytes, so a hostile host cannot draw on a terminal.
bool agentPlainText(std::string_view s)
{
    for (char c : s) {
        const auto b = static_cast<unsigned char>(c);
        if (b < 0x20 || b == 0x7f)
            return false;
    }
    return isValidUtf8(s);
}

json endpointJson(const AgentEndpoint& e)
{
    return json { { "id", e.id }, { "device", e.device }, { "port", e.port }, { "gid_index", e.gidIndex },
        { "address", e.address }, { "netdev", e.netdev } };
}

json targetJson(const AgentTarget& t)
{
    return json { { "from", t.from }, { "to", t.to }, { "address", t.address }, { "udp_port", t.udpPort },
        { "gid", t.gid }, { "qpn", t.qpn }, { "qkey", t.qkey } };
}

json readyEndpointJson(const AgentReadyEndpoint& e)
{
    return json { { "id", e.id }, { "udp_port", e.udpPort }, { "qpn", e.qpn }, { "qkey", e.qkey },
        { "reason", std::string(toString(e.reason)) }, { "error", e.error } };
}

json linkEndpointJson(const AgentLinkEndpoint& e)
{
    return json { { "id", e.id }, { "state", std::string(toString(e.state)) }, { "gid_index", e.gidIndex },
        { "qpn", e.qpn }, { "detail", e.detail } };
}

/// A result's cell as an array in kCellFields' order: an agent sends one per target each interval, and with the
/// names a 60-peer result was 9 KB, which every SSH connection's buffers then kept for good (16 KiB each at 1 000
/// hosts); as arrays it is a third.
constexpr std::array<std::string_view, 9> kCellFields
    = { "from", "to", "sent", "received", "rtt_p50_us", "rtt_p99_us", "prober_p50_us", "responder_p50_us", "reason" };

json cellJson(const AgentCell& c)
{
    return json::array({ c.from, c.to, c.sent, c.received, c.rttP50Us, c.rttP99Us, c.proberDelayP50Us,
        c.responderDelayP50Us, std::string(toString(c.reason)) });
}

json toJson(const AgentMessage& message)
{
    struct Visitor
    {
        json operator()(const AgentHello& m) const
        {
            return json { { "type", "hello" }, { "protocol", m.protocol }, { "secret", m.secret },
                { "mode", std::string(toString(m.mode)) }, { "lifetime_s", m.lifetimeS }, { "idle_s", m.idleS } };
        }
        json operator()(const AgentServe& m) const
        {
            json list = json::array();
            for (const auto& e : m.endpoints)
                list.push_back(endpointJson(e));
            return json { { "type", "serve" }, { "endpoints", std::move(list) } };
        }
        json operator()(const AgentTargets& m) const
        {
            json list = json::array();
            for (const auto& t : m.targets)
                list.push_back(targetJson(t));
            return json { { "type", "targets" }, { "phase", m.phase }, { "targets", std::move(list) } };
        }
        json operator()(const AgentStart& m) const
        {
            return json { { "type", "start" }, { "phase", m.phase }, { "duration_s", m.durationS },
                { "interval_s", m.intervalS }, { "rate", m.rate }, { "timeout_s", m.timeoutS } };
        }
        json operator()(const AgentStop&) const { return json { { "type", "stop" } }; }
        json operator()(const AgentKeepalive&) const { return json { { "type", "keepalive" } }; }
        json operator()(const AgentReady& m) const
        {
            json list = json::array();
            for (const auto& e : m.endpoints)
                list.push_back(readyEndpointJson(e));
            json j { { "type", "ready" }, { "protocol", m.protocol }, { "version", m.version },
                { "mode", std::string(toString(m.mode)) }, { "endpoints", std::move(list) } };
            if (m.pid > 0)
                j["pid"] = m.pid;
            return j;
        }
        json operator()(const AgentResult& m) const
        {
            json list = json::array();
            for (const auto& c : m.cells)
                list.push_back(cellJson(c));
            json out { { "type", "result" }, { "phase", m.phase }, { "t_s", m.tS }, { "interval_s", m.intervalS },
                { "stalled_s", m.stalledS }, { "cells", std::move(list) }, { "last", m.last } };
            if (!m.held.empty()) {
                json held = json::array();
                for (const auto& h : m.held)
                    held.push_back(json::array({ h.from, h.to, h.count }));
                out["held"] = std::move(held);
            }
            return out;
        }
        json operator()(const AgentDone& m) const
        {
            json out { { "type", "done" }, { "phase", m.phase }, { "cpu_percent", m.cpuPercent }, { "rate", m.rate } };
            if (m.counters)
                out["counters"] = counters::hostCountersJson(*m.counters);
            return out;
        }
        json operator()(const AgentLink& m) const
        {
            json list = json::array();
            for (const auto& e : m.endpoints)
                list.push_back(linkEndpointJson(e));
            return json { { "type", "link" }, { "endpoints", std::move(list) } };
        }
        json operator()(const AgentError& m) const
        {
            return json { { "type", "error" }, { "kind", std::string(rp::toString(m.kind)) }, { "message", m.message },
                { "where", m.where } };
        }
    };
    return std::visit(Visitor {}, message);
}

AgentCell readCell(JsonFields& f);

/// A result's cells, each an array in kCellFields' order, read as the object it stands for: the same checks.
void eachCell(JsonFields& f, std::vector<AgentCell>& cells)
{
    const json* list = f.array("cells", kAgentMaxItems);
    if (!list)
        return;
    for (const auto& item : *list) {
        if (!item.is_array() || item.size() != kCellFields.size()) {
            f.problem("'cells' items must be arrays of " + std::to_string(kCellFields.size()) + " values");
            return;
        }
        json named = json::object();
        for (std::size_t i = 0; i < kCellFields.size(); ++i)
            named[std::string(kCellFields[i])] = item[i];
        JsonFields inner(named, ErrorKind::Protocol, "cell", kWhere);
        cells.push_back(readCell(inner));
        f.adopt(inner.error());
        if (f.error())
            return;
    }
}

/// The items of a list field, each an object, at most kAgentMaxItems.
template <class F> void eachObject(JsonFields& f, std::string_view key, const char* what, F&& read)
{
    const json* list = f.array(key, kAgentMaxItems);
    if (!list)
        return;
    for (const auto& item : *list) {
        if (!item.is_object()) {
            f.problem("'" + std::string(key) + "' items must be objects");
            return;
        }
        JsonFields inner(item, ErrorKind::Protocol, what, kWhere);
        read(inner);
        f.adopt(inner.error());
        if (f.error())
            return;
    }
}

std::uint32_t readId(JsonFields& f, std::string_view key)
{
    return static_cast<std::uint32_t>(f.u64(key, 0, kAgentMaxEndpointId - 1));
}

/// A result's held probes, each an array [from, to, count]; the list is optional (an agent that held none).
void eachHeld(JsonFields& f, std::vector<AgentHeld>& held)
{
    const json* list = f.array("held", kAgentMaxItems, false);
    if (!list)
        return;
    for (const auto& item : *list) {
        if (!item.is_array() || item.size() != 3) {
            f.problem("'held' items must be arrays of 3 values: from, to, count");
            return;
        }
        json named { { "from", item[0] }, { "to", item[1] }, { "count", item[2] } };
        JsonFields inner(named, ErrorKind::Protocol, "held", kWhere);
        AgentHeld h;
        h.from = readId(inner, "from");
        h.to = readId(inner, "to");
        h.count = static_cast<std::uint32_t>(inner.u64("count", 1, kMaxProbes));
        f.adopt(inner.error());
        if (f.error())
            return;
        held.push_back(h);
    }
}

AgentMode readMode(JsonFields& f)
{
    auto text = f.text("mode", 8);
    if (f.error())
        return AgentMode::Udp;
    if (text == "udp")
        return AgentMode::Udp;
    if (text == "rdma")
        return AgentMode::Rdma;
    f.problem("'mode' must be udp or rdma");
    return AgentMode::Udp;
}

Reason readReason(JsonFields& f)
{
    auto text = f.text("reason", 32);
    if (f.error())
        return Reason::None;
    auto reason = reasonFromString(text);
    if (!reason)
        f.problem("'reason' is not a reason code");
    return reason.value_or(Reason::None);
}

std::string readAddress(JsonFields& f, bool allowEmpty)
{
    auto address = f.text("address", 64);
    if (!f.error() && !(allowEmpty && address.empty()) && !validNumericAddress(address))
        f.problem("'address' must be a numeric IPv4 or IPv6 address");
    return address;
}

AgentEndpoint readEndpoint(JsonFields& f)
{
    AgentEndpoint e;
    f.only({ "id", "device", "port", "gid_index", "address", "netdev" });
    e.id = readId(f, "id");
    e.device = f.text("device", 64);
    e.port = f.integer("port", 0, 255);
    e.gidIndex = f.integer("gid_index", -1, 4095);
    e.address = readAddress(f, true);
    e.netdev = f.text("netdev", 32);
    if (f.error())
        return e;
    if (!e.netdev.empty() && !validateInterfaceName(e.netdev))
        f.problem("'netdev' must be empty or an interface name");
    const bool udp = e.device == "udp";
    if (!udp && !validateRdmaDeviceName(e.device))
        f.problem("'device' must be udp or an RDMA device name");
    else if (udp && (e.gidIndex != -1 || e.port != 0 || e.address.empty()))
        f.problem("a udp endpoint has an address, no port and gid_index -1");
    else if (!udp && (e.gidIndex < 0 || e.port < 1))
        f.problem("an RDMA endpoint has a port >= 1 and a gid_index >= 0");
    return e;
}

AgentTarget readTarget(JsonFields& f)
{
    AgentTarget t;
    f.only({ "from", "to", "address", "udp_port", "gid", "qpn", "qkey" });
    t.from = readId(f, "from");
    t.to = readId(f, "to");
    t.address = readAddress(f, true);
    t.udpPort = f.integer("udp_port", 0, 65535);
    t.gid = f.text("gid", 64);
    t.qpn = static_cast<std::uint32_t>(f.u64("qpn", 0, 0xffffff));
    t.qkey = static_cast<std::uint32_t>(f.u64("qkey", 0, 0xffffffff));
    if (!f.error() && !t.gid.empty() && !validGidText(t.gid))
        f.problem("'gid' must be eight groups of four hex digits");
    if (!f.error() && t.gid.empty() && (t.address.empty() || t.udpPort == 0))
        f.problem("a udp target needs an address and a udp_port");
    return t;
}

AgentReadyEndpoint readReadyEndpoint(JsonFields& f)
{
    AgentReadyEndpoint e;
    f.only({ "id", "udp_port", "qpn", "qkey", "reason", "error" });
    e.id = readId(f, "id");
    e.udpPort = f.integer("udp_port", 0, 65535);
    e.qpn = static_cast<std::uint32_t>(f.u64("qpn", 0, 0xffffff));
    e.qkey = static_cast<std::uint32_t>(f.u64("qkey", 0, 0xffffffff));
    e.reason = readReason(f);
    e.error = f.text("error", 512);
    if (!f.error() && !agentPlainText(e.error))
        f.problem("'error' must be printable text");
    return e;
}

AgentLinkEndpoint readLinkEndpoint(JsonFields& f)
{
    AgentLinkEndpoint e;
    f.only({ "id", "state", "gid_index", "qpn", "detail" });
    e.id = readId(f, "id");
    const auto state = f.text("state", 8);
    if (!f.error()) {
        if (state == "up")
            e.state = LinkState::Up;
        else if (state == "down")
            e.state = LinkState::Down;
        else if (state == "unknown")
            e.state = LinkState::Unknown;
        else
            f.problem("'state' must be up, down or unknown");
    }
    e.gidIndex = f.integer("gid_index", -1, 4095);
    e.qpn = static_cast<std::uint32_t>(f.u64("qpn", 0, 0xffffff));
    e.detail = f.text("detail", 256);
    if (!f.error() && !agentPlainText(e.detail))
        f.problem("'detail' must be printable text");
    return e;
}

AgentCell readCell(JsonFields& f)
{
    AgentCell c;
    f.only({ "from", "to", "sent", "received", "rtt_p50_us", "rtt_p99_us", "prober_p50_us", "responder_p50_us",
        "reason" });
    c.from = readId(f, "from");
    c.to = readId(f, "to");
    c.sent = static_cast<std::uint32_t>(f.u64("sent", 0, kMaxProbes));
    c.received = static_cast<std::uint32_t>(f.u64("received", 0, kMaxProbes));
    c.rttP50Us = f.number("rtt_p50_us", 0, kMaxUs);
    c.rttP99Us = f.number("rtt_p99_us", 0, kMaxUs);
    c.proberDelayP50Us = f.number("prober_p50_us", 0, kMaxUs);
    c.responderDelayP50Us = f.number("responder_p50_us", 0, kMaxUs);
    c.reason = readReason(f);
    // A late reply of the previous interval can land in this one, so received may pass sent by a little only.
    if (!f.error() && c.received > c.sent + c.sent / 2 + 2)
        f.problem("'received' is far above 'sent'");
    if (!f.error() && c.rttP99Us < c.rttP50Us)
        f.problem("'rtt_p99_us' is below 'rtt_p50_us'");
    return c;
}

Result<AgentMessage> readMessage(const json& object)
{
    JsonFields f(object, ErrorKind::Protocol, "agent line", kWhere);
    const std::string type = f.text("type", 16);
    if (const auto& e = f.error())
        return std::unexpected(*e);
    AgentMessage message;
    if (type == "hello") {
        f.only({ "type", "protocol", "secret", "mode", "lifetime_s", "idle_s" });
        AgentHello m;
        m.protocol = f.integer("protocol", 1, 1000);
        m.secret = f.text("secret", 64);
        if (!f.error() && !validAgentSecret(m.secret))
            f.problem("'secret' must be 32 lower-case hex digits");
        m.mode = readMode(f);
        m.lifetimeS = f.number("lifetime_s", 1, 7 * 86400.0);
        m.idleS = f.number("idle_s", 0, 3600, 0, false);
        if (!f.error() && m.idleS != 0 && m.idleS < 1)
            f.problem("'idle_s' must be 0 or at least 1");
        message = m;
    } else if (type == "serve") {
        f.only({ "type", "endpoints" });
        AgentServe m;
        eachObject(f, "endpoints", "endpoint", [&](JsonFields& e) { m.endpoints.push_back(readEndpoint(e)); });
        message = m;
    } else if (type == "targets") {
        f.only({ "type", "phase", "targets" });
        AgentTargets m;
        m.phase = f.u64("phase", 0, kMaxProbes);
        eachObject(f, "targets", "target", [&](JsonFields& t) { m.targets.push_back(readTarget(t)); });
        message = m;
    } else if (type == "start") {
        f.only({ "type", "phase", "duration_s", "interval_s", "rate", "timeout_s" });
        AgentStart m;
        m.phase = f.u64("phase", 0, kMaxProbes);
        m.durationS = f.number("duration_s", 0.05, kMaxSeconds);
        m.intervalS = f.number("interval_s", 0, kMaxSeconds);
        if (!f.error() && m.intervalS != 0 && m.intervalS < 0.05)
            f.problem("'interval_s' must be 0 or at least 0.05");
        m.rate = f.number("rate", 0.1, kAgentMaxRate);
        m.timeoutS = f.number("timeout_s", 0.001, 60);
        message = m;
    } else if (type == "stop") {
        f.only({ "type" });
        message = AgentStop {};
    } else if (type == "keepalive") {
        f.only({ "type" });
        message = AgentKeepalive {};
    } else if (type == "ready") {
        f.only({ "type", "protocol", "version", "mode", "endpoints", "pid" });
        AgentReady m;
        m.protocol = f.integer("protocol", 1, 1000);
        m.pid = f.integer("pid", 1, 1 << 22, 0, false); // Linux's pid_max ceiling
        m.version = f.text("version", 64);
        if (!f.error() && !agentPlainText(m.version))
            f.problem("'version' must be printable text");
        m.mode = readMode(f);
        eachObject(
            f, "endpoints", "ready endpoint", [&](JsonFields& e) { m.endpoints.push_back(readReadyEndpoint(e)); });
        message = m;
    } else if (type == "result") {
        f.only({ "type", "phase", "t_s", "interval_s", "stalled_s", "cells", "held", "last" });
        AgentResult m;
        m.phase = f.u64("phase", 0, kMaxProbes);
        m.tS = f.number("t_s", 0, kMaxSeconds);
        m.intervalS = f.number("interval_s", 0, kMaxSeconds);
        m.stalledS = f.number("stalled_s", 0, kMaxSeconds, 0, false);
        eachCell(f, m.cells);
        eachHeld(f, m.held);
        m.last = f.boolean("last");
        message = m;
    } else if (type == "done") {
        f.only({ "type", "phase", "cpu_percent", "rate", "counters" });
        AgentDone m;
        m.phase = f.u64("phase", 0, kMaxProbes);
        m.cpuPercent = f.number("cpu_percent", 0, 100000);
        m.rate = f.number("rate", 0, kAgentMaxRate);
        if (const auto* c = f.find("counters", false); c && !c->is_null() && !f.error()) {
            auto read = counters::readHostCounters(*c, ErrorKind::Protocol, "agent line: done's counters", kWhere);
            if (read)
                m.counters = *read;
            else
                f.adopt(read.error());
        }
        message = m;
    } else if (type == "link") {
        f.only({ "type", "endpoints" });
        AgentLink m;
        eachObject(f, "endpoints", "link endpoint", [&](JsonFields& e) { m.endpoints.push_back(readLinkEndpoint(e)); });
        message = m;
    } else if (type == "error") {
        f.only({ "type", "kind", "message", "where" });
        AgentError m;
        auto kind = perf::errorKindFromString(f.text("kind", 32));
        if (!f.error() && !kind)
            f.problem("'kind' is not an error kind");
        m.kind = kind.value_or(ErrorKind::Internal);
        m.message = f.text("message", 4096);
        m.where = f.text("where", 512);
        if (!f.error() && (!agentPlainText(m.message) || !agentPlainText(m.where)))
            f.problem("'message' and 'where' must be printable text");
        message = m;
    } else {
        const std::string shown = type.size() > 32 ? type.substr(0, 32) + "..." : type;
        f.problem("unknown type '" + shown + "'");
    }
    if (const auto& e = f.error())
        return std::unexpected(*e);
    return message;
}

} // namespace

std::string_view toString(AgentMode mode)
{
    return mode == AgentMode::Rdma ? "rdma" : "udp";
}

std::string_view toString(LinkState state)
{
    switch (state) {
    case LinkState::Up:
        return "up";
    case LinkState::Down:
        return "down";
    case LinkState::Unknown:
        break;
    }
    return "unknown";
}

std::string encodeAgent(const AgentMessage& message)
{
    // Replacement of invalid UTF-8 keeps a host's odd error text from throwing here.
    return toJson(message).dump(-1, ' ', false, json::error_handler_t::replace) + "\n";
}

Result<AgentMessage> decodeAgentLine(std::string_view line)
{
    if (line.ends_with('\n'))
        line.remove_suffix(1);
    if (line.ends_with('\r'))
        line.remove_suffix(1);
    if (line.size() > perf::kMaxLineBytes)
        return fail(
            ErrorKind::Protocol, "a line longer than " + std::to_string(perf::kMaxLineBytes) + " bytes", kWhere);
    json object = json::parse(line, nullptr, false);
    if (object.is_discarded() || !object.is_object())
        return fail(ErrorKind::Protocol, "a line that is not a JSON object", kWhere);
    return readMessage(object);
}

bool validAgentSecret(std::string_view secret)
{
    if (secret.size() != 32)
        return false;
    for (char c : secret) {
        if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f')))
            return false;
    }
    return true;
}

bool validNumericAddress(std::string_view address)
{
    if (address.empty() || address.size() > 45)
        return false;
    const std::string text(address);
    unsigned char buffer[16];
    return ::inet_pton(AF_INET, text.c_str(), buffer) == 1 || ::inet_pton(AF_INET6, text.c_str(), buffer) == 1;
}

bool validGidText(std::string_view gid)
{
    if (gid.size() != 39)
        return false;
    for (std::size_t i = 0; i < gid.size(); ++i) {
        const char c = gid[i];
        const bool hex = (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
        if (i % 5 == 4 ? c != ':' : !hex)
            return false;
    }
    return true;
}

} // namespace rp::fabric

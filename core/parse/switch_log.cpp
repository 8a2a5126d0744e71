// SPDX-License-Identifier: GPL-3.0-or-later
// SONiC syslog lines into SwitchPortQos::log (see switch_log.h). The line layout is rsyslog's as SONiC configures
// it ("Nov 12 16:29:31.708140 sonic NOTICE swss#orchagent: :- addVlan: ...", with the year in front on newer
// releases) and the messages are sonic-swss's own: orchagent/pfcwdorch.cpp ("PFC Watchdog detected PFC storm on
// port %s, queue index %d, queue id 0x%lx and port id 0x%lx[, additional info: %s].", "PFC Watchdog storm
// restored on port %s, queue index %d, ..."), bufferorch.cpp and qosorch.cpp errors ("Failed to set port:%s
// pg:%zd buffer profile attribute, status:%d"). Written from that source, not from a switch's log. Hand scanning
// with a cursor: a line is read once, in time linear in its length.
#include "parse/switch_log.h"

#include "parse/parsehelpers.h"
#include "parse/switch_config.h"
#include "util/text.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <map>

namespace rp::parse_detail {

namespace {

using Lines = std::vector<std::pair<int, std::string_view>>;

class Cursor
{
public:
    explicit Cursor(std::string_view s)
        : m_s(s)
    { }
    std::string_view next()
    {
        skip();
        auto end = m_s.find_first_of(" \t", m_pos);
        if (end == std::string_view::npos)
            end = m_s.size();
        auto w = m_s.substr(m_pos, end - m_pos);
        m_pos = end;
        return w;
    }
    std::string_view rest()
    {
        skip();
        return m_s.substr(m_pos);
    }

private:
    void skip()
    {
        while (m_pos < m_s.size() && (m_s[m_pos] == ' ' || m_s[m_pos] == '\t'))
            ++m_pos;
    }
    std::string_view m_s;
    std::size_t m_pos = 0;
};

bool allOf(std::string_view s, std::string_view chars)
{
    return !s.empty() && s.find_first_not_of(chars) == std::string_view::npos;
}

constexpr std::string_view kDigits = "0123456789";

/// "16:29:31" or "16:29:31.708140".
bool isClock(std::string_view w)
{
    return w.size() >= 8 && w[2] == ':' && w[5] == ':' && allOf(w, "0123456789:.");
}

bool isSyslogHost(std::string_view w)
{
    return w.size() <= 63 && allOf(w, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._")
        && w.find_first_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789") != std::string_view::npos;
}

bool isLevel(std::string_view w)
{
    constexpr std::array kLevels = { "EMERG", "ALERT", "CRIT", "ERR", "WARNING", "NOTICE", "INFO", "DEBUG" };
    return std::find(kLevels.begin(), kLevels.end(), w) != kLevels.end();
}

bool isMonth(std::string_view w)
{
    constexpr std::array kMonths
        = { "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec" };
    return std::find(kMonths.begin(), kMonths.end(), w) != kMonths.end();
}

/// The port word after `marker` ("on port Ethernet8, queue ..."), up to a comma or space.
std::string_view textAfter(std::string_view message, std::string_view marker)
{
    auto at = message.find(marker);
    if (at == std::string_view::npos)
        return {};
    auto rest = message.substr(at + marker.size());
    return rest.substr(0, rest.find_first_of(", \t"));
}

/// The first SONiC front-panel port a message names ("port:Ethernet0", "Ethernet0|3-4").
std::string_view firstEthernet(std::string_view message)
{
    for (std::size_t at = message.find("Ethernet"); at != std::string_view::npos;
         at = message.find("Ethernet", at + 8)) {
        auto end = at + 8;
        while (end < message.size() && std::isdigit(static_cast<unsigned char>(message[end])))
            ++end;
        if (end > at + 8 && (end == message.size() || !std::isalpha(static_cast<unsigned char>(message[end]))))
            return message.substr(at, end - at);
    }
    return {};
}

enum class Kind { None, Storm, Restored, QosError };

Kind kindOf(const SonicLogLine& l)
{
    if (l.message.find("PFC Watchdog detected PFC storm on port ") != std::string_view::npos)
        return Kind::Storm;
    if (l.message.find("PFC Watchdog storm restored on port ") != std::string_view::npos)
        return Kind::Restored;
    if (l.level != "ERR" || !l.program.ends_with("orchagent"))
        return Kind::None;
    const auto m = lower(l.message);
    for (std::string_view word :
        { "buffer", "qos", "pfc", "priority group", " pg:", "queue", "scheduler", "wred", "dscp" })
        if (m.find(word) != std::string::npos)
            return Kind::QosError;
    return Kind::None;
}

} // namespace

std::optional<SonicLogLine> readSonicLogLine(std::string_view t)
{
    Cursor c(t);
    SonicLogLine out;
    auto w = c.next();
    if (w.size() == 4 && allOf(w, kDigits)) {
        out.time = std::string(w) + " ";
        w = c.next();
    }
    if (w.size() >= 19 && w[4] == '-' && w[10] == 'T') {
        out.time = std::string(w); // RFC 3339, as newer rsyslog templates print it
    } else {
        auto day = c.next();
        auto clock = c.next();
        auto d = toInt(day);
        if (!isMonth(w) || !d || *d < 1 || *d > 31 || !isClock(clock))
            return std::nullopt;
        out.time += std::string(w) + " " + std::string(day) + " " + std::string(clock);
    }
    out.host = c.next();
    out.level = c.next();
    auto program = c.next();
    if (!isSyslogHost(out.host) || !isLevel(out.level) || program.size() < 2 || !program.ends_with(':'))
        return std::nullopt;
    out.program = program.substr(0, program.size() - 1);
    auto message = c.rest();
    // swss-common's logger puts ":- function: " in front of every message.
    if (message.starts_with(":- ")) {
        message.remove_prefix(3);
        Cursor m(message);
        if (auto fn = m.next(); fn.size() > 1 && fn.ends_with(':')
            && allOf(fn.substr(0, fn.size() - 1), "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_"))
            message = m.rest();
    }
    out.message = message;
    return out;
}

bool isSonicLogCommand(std::string_view command)
{
    return lower(trim(command)).starts_with("show logging");
}

bool isSonicQosLogLine(std::string_view t)
{
    auto l = readSonicLogLine(t);
    return l && kindOf(*l) != Kind::None;
}

std::vector<ParseWarning> parseSonicLog(
    std::string_view command, const Lines& lines, std::vector<SwitchPortQos>& out, bool warnOthers)
{
    Warnings warnings;
    std::map<std::pair<std::string, std::string>, std::size_t> index; // (switch, port) -> entry in out
    for (auto [n, raw] : lines) {
        auto t = trim(raw);
        if (t.empty())
            continue;
        auto l = readSonicLogLine(t);
        if (!l) {
            if (warnOthers)
                warnings.add(n, "not a SONiC log line: '" + excerpt(t) + "'; not used");
            continue;
        }
        const auto kind = kindOf(*l);
        if (kind == Kind::None)
            continue;
        SwitchLogEvent e;
        e.kind = kind == Kind::Storm ? "pfc-storm" : kind == Kind::Restored ? "pfc-restored" : "qos-error";
        e.time = l->time;
        e.text = printable(l->message, 197);
        e.line = n;
        std::string_view port;
        if (kind == Kind::QosError) {
            port = firstEthernet(l->message);
            if (port.empty())
                port = "*";
        } else {
            port = textAfter(l->message, " on port ");
            auto queue = toInt(textAfter(l->message, "queue index "));
            if (!isSyslogHost(port) || !queue || *queue < 0 || *queue > 15) {
                warnings.add(
                    n, "PFC watchdog line without a readable port and queue index: '" + excerpt(t) + "'; not used");
                continue;
            }
            e.queue = queue;
        }
        std::pair key { std::string(l->host), std::string(port) };
        auto it = index.find(key);
        if (it == index.end()) {
            if (index.size() >= kMaxSwitchPortsPerOutput) {
                warnings.add(
                    n, "more than " + std::to_string(kMaxSwitchPortsPerOutput) + " switch ports in one log; not used");
                continue;
            }
            auto& p = portNamed(out, key.first, "sonic", key.second, n, command);
            it = index.emplace(key, static_cast<std::size_t>(&p - out.data())).first;
        }
        out[it->second].log.push_back(std::move(e));
    }
    return warnings.take();
}

} // namespace rp::parse_detail

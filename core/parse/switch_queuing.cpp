// SPDX-License-Identifier: GPL-3.0-or-later
// NX-OS `show queuing interface` into SwitchPortQos::queues (see switch_queuing.h). Layout written from the Cisco
// Nexus 9000 Series NX-OS Quality of Service Configuration Guide (queuing and PFC chapters: the egress
// "QoS-Group# Bandwidth% PrioLevel Shape QLimit" table, the framed "QOS GROUP n" counter tables, the ingress
// "Pause Buff Size / Pause Th / Resume Th" table, "PFC Statistics" with TxPPP/RxPPP and one row per CoS) and the
// Nexus 5000/3000 guide's RX Queuing lines ("drop-type: no-drop"), not from a device: no switch runs here. Columns
// are told apart by their shape, not their position, since the releases move them. Hand scanning; a line is
// read once, in time linear in its length.
#include "parse/switch_queuing.h"

#include "parse/parsehelpers.h"
#include "parse/switch_config.h"
#include "util/text.h"

#include <algorithm>
#include <cctype>
#include <set>

namespace rp::parse_detail {

namespace {

using Lines = std::vector<std::pair<int, std::string_view>>;

/// A port name as a show output may print it; anything else (a damaged line) is not used as one.
bool plausiblePort(std::string_view s)
{
    return !s.empty() && s.size() <= 64 && std::all_of(s.begin(), s.end(), [](char c) {
        return std::isalnum(static_cast<unsigned char>(c)) || c == '/' || c == '-' || c == '.' || c == '_';
    });
}

/// "ethernet 1/1", "Ethernet1/1", "eth1/1", "e1/1" -> "Ethernet1/1"; other interface names as given.
std::string portFromCommand(std::string_view command)
{
    auto words = splitWords(command);
    std::size_t i = 0;
    while (i < words.size() && !lower(words[i]).starts_with("int"))
        ++i;
    if (i + 1 >= words.size())
        return {};
    std::string name(words[i + 1]);
    if (i + 2 < words.size() && std::isdigit(static_cast<unsigned char>(words[i + 2].front())))
        name += words[i + 2];
    auto l = lower(name);
    auto digit = l.find_first_of("0123456789");
    if (digit != std::string::npos && digit > 0 && std::string_view("ethernet").starts_with(l.substr(0, digit)))
        name = "Ethernet" + name.substr(digit);
    return plausiblePort(name) ? name : std::string();
}

/// "Egress Queuing for Ethernet1/1 [System]" -> "Ethernet1/1".
std::string portFromHeading(std::string_view t)
{
    auto words = splitWords(t);
    return words.size() >= 4 && plausiblePort(words[3]) ? std::string(words[3]) : std::string();
}

SwitchQueueQos& queueOf(SwitchPortQos& port, int group)
{
    for (auto& q : port.queues)
        if (q.group == group)
            return q;
    port.queues.push_back({});
    port.queues.back().group = group;
    return port.queues.back();
}

std::optional<int> groupNumber(std::string_view s)
{
    auto v = toInt(s);
    return v && *v >= 0 && *v <= 7 ? v : std::nullopt;
}

/// The cells of a framed row ("|   Tx Pkts |   12|   0|", or its cells tab-separated), trimmed, empty ones left out.
std::vector<std::string_view> framedCells(std::string_view t)
{
    std::vector<std::string_view> cells;
    for (auto c : splitWords(t, "|\t"))
        if (auto x = trim(c); !x.empty())
            cells.push_back(x);
    return cells;
}

class QueuingReader
{
public:
    QueuingReader(std::string_view command, const std::string& sw, std::vector<SwitchPortQos>& out)
        : m_command(command)
        , m_sw(sw)
        , m_out(out)
        , m_port(portFromCommand(command))
    { }

    void line(int n, std::string_view raw);
    void finish();
    std::vector<ParseWarning> warnings() { return m_warnings.take(); }

private:
    enum class Section { None, Egress, Ingress, Pfc, Other };

    SwitchPortQos* port(int n);
    void framedRow(int n, std::string_view t);
    void egressRow(int n, const std::vector<std::string_view>& w, std::string_view t);
    void ingressRow(int n, const std::vector<std::string_view>& w, std::string_view t);
    void pfcRow(int n, const std::vector<std::string_view>& w, std::string_view t);
    void oldLayout(int n, std::string_view t);

    std::string m_command;
    const std::string& m_sw;
    std::vector<SwitchPortQos>& m_out;
    std::string m_port;
    Section m_section = Section::None;
    int m_group = -1; ///< the framed QOS GROUP (or old-layout qos-group) the rows below belong to; -1: none read
    std::set<std::string> m_ports; ///< ports this output described
    std::set<std::string> m_pfcRead; ///< ports whose PFC table this output began
    std::size_t m_cached = static_cast<std::size_t>(-1); ///< index in m_out of the port last looked up
    bool m_tooMany = false;
    Warnings m_warnings;
};

SwitchPortQos* QueuingReader::port(int n)
{
    if (m_port.empty())
        return nullptr;
    if (m_cached < m_out.size() && m_out[m_cached].port == m_port && m_out[m_cached].switchName == m_sw)
        return &m_out[m_cached];
    if (m_ports.size() >= kMaxSwitchPortsPerOutput && !m_ports.contains(m_port)) {
        if (!m_tooMany)
            m_warnings.add(n,
                "show queuing interface: more than " + std::to_string(kMaxSwitchPortsPerOutput)
                    + " ports in one output; the rest are not read");
        m_tooMany = true;
        return nullptr;
    }
    m_ports.insert(m_port);
    auto& p = portNamed(m_out, m_sw, "nxos", m_port, n, m_command);
    m_cached = static_cast<std::size_t>(&p - m_out.data());
    return &p;
}

void QueuingReader::line(int n, std::string_view raw)
{
    auto t = trim(raw);
    if (t.empty() || isRule(t, "-=+ "))
        return;
    auto w = splitWords(t);
    if (w.size() >= 4 && (w[0] == "Egress" || w[0] == "Ingress") && w[1] == "Queuing" && w[2] == "for") {
        if (auto name = portFromHeading(t); !name.empty())
            m_port = name;
        m_section = w[0] == "Egress" ? Section::Egress : Section::Ingress;
        m_group = -1;
        return;
    }
    if (w.size() == 3 && w[1] == "queuing" && w[2] == "information:" && plausiblePort(w[0])) {
        m_port = std::string(w[0]); // the older Nexus layout's heading
        m_section = Section::None;
        m_group = -1;
        return;
    }
    if (t == "PFC Statistics") {
        m_section = Section::Pfc;
        return;
    }
    if (t.ends_with("Statistics") && t.find('|') == std::string_view::npos) {
        // Per port/slice totals: not per class, so not what the rules judge.
        m_section = Section::Other;
        return;
    }
    if (w.size() == 2 && w[0] == "slot" && toInt(w[1]))
        return;
    // The importer hands a framed row over as tab-separated cells (it reads "| a | b |" lines as a markdown table).
    if (t.front() == '|' || (m_group >= 0 && m_section == Section::Egress && t.find('\t') != std::string_view::npos)) {
        framedRow(n, t);
        return;
    }
    if (lower(t).starts_with("qos-group") || t.find("drop-type:") != std::string_view::npos
        || lower(t).starts_with("pkts discarded on ingress")) {
        oldLayout(n, t);
        return;
    }
    if (!std::isdigit(static_cast<unsigned char>(t.front())) && !t.starts_with("TxPPP"))
        return; // a table's header words, a legend, a total that is not per class
    switch (m_section) {
    case Section::Egress:
        egressRow(n, w, t);
        break;
    case Section::Ingress:
        ingressRow(n, w, t);
        break;
    case Section::Pfc:
        pfcRow(n, w, t);
        break;
    case Section::None:
    case Section::Other:
        break;
    }
}

/// "| QOS GROUP 3 |" starts a group's counters; "| WRED/AFD & Tail Drop Pkts | 4211| 0|" is one of its drop rows.
/// A row may hold several label/value runs ("| Tx Pkts | 50| Dropped Pkts | 6|").
void QueuingReader::framedRow(int n, std::string_view t)
{
    auto cells = framedCells(t);
    if (cells.size() == 1 && cells[0].find("QOS GROUP") != std::string_view::npos) {
        auto words = splitWords(cells[0]);
        auto g = words.size() == 3 && words[0] == "QOS" ? groupNumber(words[2]) : std::nullopt;
        // CONTROL and SPAN groups carry the switch's own traffic, not a host's priority.
        m_group = g.value_or(-1);
        return;
    }
    if (m_group < 0 || m_section != Section::Egress)
        return;
    std::string_view label;
    std::optional<std::uint64_t> sum;
    auto close = [&]() {
        auto l = lower(label);
        if (sum && l.find("drop") != std::string::npos && l.find("pkts") != std::string::npos) {
            if (auto* p = port(n)) {
                auto& q = queueOf(*p, m_group);
                if (!q.drops || *sum > *q.drops) {
                    q.drops = sum;
                    q.dropsLine = n;
                }
            }
        }
        sum.reset();
    };
    for (auto c : cells) {
        if (auto v = toU64(c)) {
            if (!label.empty())
                sum = sum.value_or(0) + *v;
            continue;
        }
        close();
        label = c;
    }
    close();
}

/// "3  50  -  -  -  -  9(D)": group, bandwidth percent ("-" when strict), priority level ("-" when ETS).
void QueuingReader::egressRow(int n, const std::vector<std::string_view>& w, std::string_view t)
{
    auto g = groupNumber(w[0]);
    auto bw = w.size() >= 3 ? toInt(w[1]) : std::nullopt;
    auto level = w.size() >= 3 ? toInt(w[2]) : std::nullopt;
    if (!g || w.size() < 3 || (!bw && w[1] != "-") || (!level && w[2] != "-") || (bw && (*bw < 0 || *bw > 100))) {
        m_warnings.add(n, "show queuing interface: unreadable egress queuing row '" + excerpt(t) + "'; not used");
        return;
    }
    if (auto* p = port(n)) {
        auto& q = queueOf(*p, *g);
        q.bandwidthPercent = bw;
        q.priorityLevel = level;
    }
}

/// "3  34600  11220  12220": a group with a pause buffer and thresholds is no-drop; "-" in their place: lossy.
void QueuingReader::ingressRow(int n, const std::vector<std::string_view>& w, std::string_view t)
{
    auto g = groupNumber(w[0]);
    auto buffer = w.size() >= 2 ? toU64(w[1]) : std::nullopt;
    if (!g || w.size() < 2 || (!buffer && w[1] != "-")) {
        m_warnings.add(n, "show queuing interface: unreadable ingress pause row '" + excerpt(t) + "'; not used");
        return;
    }
    if (auto* p = port(n)) {
        auto& q = queueOf(*p, *g);
        q.noDrop = buffer.has_value();
        q.noDropLine = n;
    }
}

/// "TxPPP: 12, RxPPP: 40" (all priorities), then per CoS "3  3  Active  120  Inactive  0" (with a PG column on
/// some releases): the CoS, its QoS group ("-" when none), pause state and count sent, pause state and count
/// received.
void QueuingReader::pfcRow(int n, const std::vector<std::string_view>& w, std::string_view t)
{
    auto* p = port(n);
    if (!p)
        return;
    if (!m_pfcRead.contains(m_port)) {
        // A second read of the port: the first is kept, so the rules see the change, not the totals.
        m_pfcRead.insert(m_port);
        if (!p->pfcRx.empty() && p->pfcRxFirst.empty()) {
            p->pfcRxFirst = p->pfcRx;
            p->pfcTxFirst = p->pfcTx;
        }
        if (p->pfcRxTotal && !p->pfcRxTotalFirst)
            p->pfcRxTotalFirst = p->pfcRxTotal;
    }
    if (t.starts_with("TxPPP")) {
        auto rx = t.find("RxPPP:");
        auto v = rx == std::string_view::npos ? std::nullopt : toU64(trim(t.substr(rx + 6)));
        if (!v) {
            m_warnings.add(n, "show queuing interface: unreadable PFC totals '" + excerpt(t) + "'; not used");
            return;
        }
        p->pfcRxTotal = v;
        return;
    }
    auto cos = groupNumber(w[0]);
    std::optional<std::uint64_t> tx, rx;
    int states = 0;
    for (std::size_t i = 1; i + 1 < w.size(); ++i) {
        if (w[i] != "Active" && w[i] != "Inactive")
            continue;
        (states++ == 0 ? tx : rx) = toU64(w[i + 1]);
    }
    auto group = w.size() >= 2 ? groupNumber(w[1]) : std::nullopt;
    if (!cos || states != 2 || !tx || !rx || w.size() < 2 || (!group && w[1] != "-")) {
        m_warnings.add(n, "show queuing interface: unreadable PFC row '" + excerpt(t) + "'; not used");
        return;
    }
    p->pfcTx[*cos] = *tx;
    p->pfcRx[*cos] = *rx;
    if (group) {
        auto& q = queueOf(*p, *group);
        if (std::find(q.priorities.begin(), q.priorities.end(), *cos) == q.priorities.end())
            q.priorities.push_back(*cos);
        std::sort(q.priorities.begin(), q.priorities.end());
        q.prioritiesLine = q.prioritiesLine ? q.prioritiesLine : n;
    }
}

/// The Nexus 5000/3000 RX Queuing lines: "qos-group 3", "drop-type: no-drop, xon: ...", "Pkts discarded on
/// ingress : 12", on separate lines or run together.
void QueuingReader::oldLayout(int n, std::string_view t)
{
    auto l = lower(t);
    if (l.starts_with("qos-group")) {
        auto words = splitWords(t);
        m_group = words.size() >= 2 ? groupNumber(trim(words[1], ",:")).value_or(-1) : -1;
    }
    if (m_group < 0)
        return;
    if (auto at = l.find("drop-type:"); at != std::string::npos) {
        auto value = trim(std::string_view(l).substr(at + 10));
        value = value.substr(0, value.find(','));
        if (value != "drop" && value != "no-drop") {
            m_warnings.add(n, "show queuing interface: drop-type '" + excerpt(value) + "' unknown; not used");
            return;
        }
        if (auto* p = port(n)) {
            auto& q = queueOf(*p, m_group);
            q.noDrop = value == "no-drop";
            q.noDropLine = n;
        }
    }
    if (l.starts_with("pkts discarded on ingress")) {
        auto colon = t.find(':');
        auto v = colon == std::string_view::npos ? std::nullopt : toU64(t.substr(colon + 1));
        if (auto* p = v ? port(n) : nullptr) {
            auto& q = queueOf(*p, m_group);
            q.drops = v;
            q.dropsLine = n;
        }
    }
}

/// The priorities PFC protects on each port: the CoS values of its no-drop groups, when the output mapped them;
/// none at all when every group it listed is lossy.
void QueuingReader::finish()
{
    for (auto& p : m_out) {
        if (p.switchName != m_sw || !m_ports.contains(p.port))
            continue;
        std::sort(p.queues.begin(), p.queues.end(),
            [](const SwitchQueueQos& a, const SwitchQueueQos& b) { return a.group < b.group; });
        bool mapped = false, anyKnown = false, anyNoDrop = false;
        std::vector<int> lossless;
        for (const auto& q : p.queues) {
            mapped = mapped || !q.priorities.empty();
            anyKnown = anyKnown || q.noDrop.has_value();
            anyNoDrop = anyNoDrop || q.noDrop.value_or(false);
            if (q.noDrop.value_or(false))
                lossless.insert(lossless.end(), q.priorities.begin(), q.priorities.end());
        }
        std::sort(lossless.begin(), lossless.end());
        if (anyKnown && (mapped || !anyNoDrop))
            p.pfcPriorities = lossless;
    }
}

} // namespace

bool isNxosQueuingCommand(std::string_view command)
{
    const auto c = lower(command);
    auto words = splitWords(c);
    return words.size() >= 3 && words[0] == "show" && words[1] == "queuing"
        && std::string_view("interface").starts_with(words[2]) && words[2].size() >= 3;
}

bool startsNxosQueuing(std::string_view t)
{
    auto w = splitWords(t);
    return (w.size() == 2 && w[0] == "slot" && toInt(w[1]))
        || (w.size() >= 4 && w[0] == "Egress" && w[1] == "Queuing" && w[2] == "for");
}

std::vector<ParseWarning> parseNxosQueuing(
    std::string_view command, const Lines& lines, const std::string& switchName, std::vector<SwitchPortQos>& out)
{
    QueuingReader reader(command, switchName, out);
    for (auto [n, raw] : lines)
        reader.line(n, raw);
    reader.finish();
    return reader.warnings();
}

} // namespace rp::parse_detail

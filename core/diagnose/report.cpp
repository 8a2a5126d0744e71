// SPDX-License-Identifier: GPL-3.0-or-later
// The report as JSON (docs/diagnose.md) and as text for the terminal.
#include "diagnose/diagnose.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdlib>
#include <string_view>
#include <vector>

namespace rp::diag {

std::string reportToJson(const Report& report)
{
    using nlohmann::json;
    json doc;
    doc["hosts"] = report.hostCount;
    doc["segments"] = report.segmentCount;
    doc["errors"] = report.hasErrors();
    json findings = json::array();
    for (const auto& f : report.findings) {
        json j;
        j["rule"] = f.ruleId;
        j["check"] = f.check;
        j["title"] = f.title;
        j["severity"] = toString(f.severity);
        j["hosts"] = f.hosts;
        j["ports"] = f.ports;
        j["switch_ports"] = f.switchPorts;
        json ev = json::array();
        for (const auto& e : f.evidence)
            ev.push_back({ { "host", e.host }, { "subject", e.subject }, { "value", e.value }, { "where", e.where },
                { "when", e.when } });
        j["evidence"] = ev;
        j["explanation"] = f.explanation;
        json fixes = json::array();
        for (const auto& x : f.fixes)
            fixes.push_back(
                { { "target", x.target }, { "platform", x.platform }, { "text", x.text }, { "origin", x.origin } });
        j["fixes"] = fixes;
        if (!f.missingData.empty())
            j["missing_data"] = f.missingData;
        findings.push_back(std::move(j));
    }
    doc["findings"] = findings;
    json ports = json::array();
    for (const auto& v : report.ports) {
        json j { { "host", v.host }, { "device", v.device }, { "port", v.port } };
        j["gid_index"] = v.gidIndex ? json(*v.gidIndex) : json(nullptr);
        j["gid"] = v.gid;
        j["type"] = v.type;
        j["address"] = v.address;
        j["netdev"] = v.netdev;
        j["reason"] = v.reason;
        j["others"] = v.others;
        j["where"] = v.where;
        j["rule"] = v.ruleId;
        j["probable"] = v.probable;
        j["table_unread"] = v.tableUnread;
        ports.push_back(std::move(j));
    }
    doc["ports"] = ports;
    json coverage = json::array();
    for (const auto& c : report.coverage) {
        json j { { "check", c.check }, { "title", c.title }, { "evaluated", c.evaluated } };
        if (!c.evaluated)
            j["missing_data"] = c.missingData;
        coverage.push_back(std::move(j));
    }
    doc["coverage"] = coverage;
    json reach = json::array();
    for (const auto& r : report.reachability) {
        json j { { "from", r.from }, { "to", r.to }, { "what", r.what }, { "ok", r.ok }, { "detail", r.detail },
            { "when", r.when } };
        j["gid_index"] = r.gidIndex ? json(*r.gidIndex) : json(nullptr);
        j["gid"] = r.gid;
        j["device"] = r.device;
        reach.push_back(std::move(j));
    }
    doc["reachability"] = reach;
    return doc.dump(2) + "\n";
}

namespace {

struct CoverageGroup
{
    std::string_view what;
    std::string_view paste;
    std::vector<std::string_view> checks;
};

constexpr std::string_view kGidPaste
    = "show_gids (or ibv_devinfo -v) and `ip -d -j addr` of two hosts in one subnet; a second read for M4";

const CoverageGroup* groupOf(std::string_view check)
{
    static const CoverageGroup kGroups[] = {
        { "GID version, index, VLAN, stale GID", kGidPaste, { "M1", "M2", "M3", "M4" } },
        { "PFC, DCBX, trust, DSCP map, ETS, buffers",
            "`dcb -j pfc show dev IF`, `dcb -j app show dev IF`, `dcb -j ets show dev IF` (or `mlnx_qos -i IF`) of "
            "the hosts, and the switch's QoS show output",
            { "M5", "M6", "M7", "M8", "M9", "M14", "M17" } },
        { "ToS, CNP, ECN",
            "/sys/kernel/config/rdma_cm/DEV/ports/1/default_roce_tos, `grep . /sys/class/net/IF/ecn/roce_np/*`, "
            "and two reads of the CNP counters under load",
            { "M10", "M11", "M12" } },
        { "MTU", "`ip link` and `ibv_devinfo` of two hosts, or the switch port's MTU", { "M13" } },
        { "pause counters", "two reads of `ethtool -S IF`, ten seconds apart", { "M16", "M18" } },
        { "Windows", "Get-NetAdapterQos, Get-NetAdapterRdma, Get-NetQosTrafficClass, Get-NetQosPolicy",
            { "M15", "M19" } },
        { "reachability", "`rocepilot-cli diagnose --active`, or a test output that failed to connect", { "M20" } },
    };
    for (const auto& g : kGroups)
        if (std::ranges::find(g.checks, check) != g.checks.end())
            return &g;
    return nullptr;
}

std::string verdictLine(const PortVerdict& v)
{
    const std::string port = v.host + ":" + v.device + "/" + std::to_string(v.port);
    std::string out;
    if (v.tableUnread)
        out = port + " is a RoCE port: " + v.reason;
    else if (v.gidIndex && v.type == "RoCE v2" && v.probable)
        out = "probably use GID index " + std::to_string(*v.gidIndex) + " on " + port
            + " (the paste has no GID types): " + v.reason;
    else if (v.gidIndex && v.type == "RoCE v2")
        out = "use GID index " + std::to_string(*v.gidIndex) + " on " + port + ": " + v.reason;
    else if (v.gidIndex)
        out = "GID index " + std::to_string(*v.gidIndex) + " on " + port + " (" + v.type + "): " + v.reason;
    else
        out = "no GID index to use on " + port + ": " + v.reason;
    if (!v.where.empty())
        out += " [" + v.where + "]";
    // One line per port, so that the answers of several ports and the findings still open the report.
    if (!v.others.empty())
        out += "; not the others: " + v.others;
    return out + "\n";
}

void appendFinding(std::string& out, const Finding& f)
{
    out += "\n[" + toString(f.severity) + "] " + f.ruleId + (f.check.empty() ? "" : " (" + f.check + ")") + ": "
        + f.title + "\n";
    // The hosts line says nothing the evidence lines do not already name.
    const bool hostsInEvidence = std::ranges::all_of(f.hosts, [&](const std::string& h) {
        return std::ranges::any_of(f.evidence, [&](const Evidence& e) { return e.host == h; });
    });
    if (!f.hosts.empty() && !hostsInEvidence) {
        out += "  hosts:";
        for (const auto& h : f.hosts)
            out += " " + h;
        out += "\n";
    }
    if (!f.switchPorts.empty()) {
        out += "  switch ports:";
        for (const auto& s : f.switchPorts)
            out += " " + s;
        out += "\n";
    }
    for (const auto& e : f.evidence)
        out += "  - " + e.host + ": " + e.subject + " = " + e.value + "  [" + e.where
            + (e.when.empty() ? "" : ", " + e.when) + "]\n";
    out += "  " + f.explanation + "\n";
    for (const auto& x : f.fixes) {
        out += "  fix on " + x.target + " (" + x.platform + "; " + x.origin + "):\n";
        std::size_t i = 0;
        while (i <= x.text.size()) {
            auto nl = x.text.find('\n', i);
            out += "    " + x.text.substr(i, nl == std::string::npos ? std::string::npos : nl - i) + "\n";
            if (nl == std::string::npos)
                break;
            i = nl + 1;
        }
    }
}

} // namespace

// The answer first: the index to use per port and the findings; what could not be checked comes last, one line
// each (a paste of one host's show_gids used to print 20 such paragraphs before anything useful).
std::string reportToText(const Report& report)
{
    std::string out;
    std::size_t errors = 0, warnings = 0, infos = 0, unchecked = 0;
    for (const auto& f : report.findings) {
        if (f.ruleId.starts_with("coverage.")) {
            ++unchecked;
            continue;
        }
        (f.severity == Severity::Error ? errors : f.severity == Severity::Warning ? warnings : infos)++;
    }
    out += std::to_string(report.hostCount) + " hosts in " + std::to_string(report.segmentCount) + " subnets: "
        + std::to_string(errors) + " errors, " + std::to_string(warnings) + " warnings, " + std::to_string(infos)
        + " notes" + (unchecked ? ", " + std::to_string(unchecked) + " checks not run" : "") + "\n";
    // A port known only to be RoCE (its table not pasted) is the answer when nothing is wrong; beside errors and
    // warnings it is background and follows them.
    const bool problems = errors + warnings > 0;
    for (const auto& v : report.ports)
        if (!v.tableUnread || !problems)
            out += verdictLine(v);
    if (!report.reachability.empty()) {
        out += "\nreachability (measured):\n";
        for (const auto& r : report.reachability)
            out += "  " + r.from + " -> " + r.to + " " + r.what
                + (r.gidIndex ? " GID index " + std::to_string(*r.gidIndex) : std::string()) + ": "
                + (r.ok ? "ok" : "FAILED") + (r.detail.empty() ? "" : " (" + r.detail + ")") + "\n";
    }
    std::vector<const Finding*> found;
    for (const auto& f : report.findings)
        if (!f.ruleId.starts_with("coverage."))
            found.push_back(&f);
    // Several findings: first one line each, so the answers fit the first screen; the details follow.
    if (found.size() > 1) {
        out += "\n";
        for (const auto* f : found)
            out += "[" + toString(f->severity) + "] " + f->title + " (" + f->ruleId + ")\n";
    }
    for (const auto* f : found)
        appendFinding(out, *f);
    if (problems && std::ranges::any_of(report.ports, &PortVerdict::tableUnread)) {
        out += "\n";
        for (const auto& v : report.ports)
            if (v.tableUnread)
                out += verdictLine(v);
    }
    if (unchecked) {
        std::vector<const Finding*> notRun;
        for (const auto& f : report.findings)
            if (f.ruleId.starts_with("coverage."))
                notRun.push_back(&f);
        // M2 before M10.
        auto number = [](const Finding* f) { return f->check.size() > 1 ? std::atoi(f->check.c_str() + 1) : 0; };
        std::ranges::stable_sort(notRun, {}, number);
        out += "\nnot checked: " + std::to_string(notRun.size())
            + (notRun.size() == 1 ? " check needs" : " checks need") + " more input (--json says what each needs):\n";
        // One line per thing to paste, not per check: what a user does next is paste one more output.
        std::vector<std::pair<const CoverageGroup*, std::string>> lines;
        for (const auto* f : notRun) {
            const CoverageGroup* group = groupOf(f->check);
            auto line = std::ranges::find_if(lines, [&](const auto& l) { return group && l.first == group; });
            if (line != lines.end()) {
                line->second += " " + f->check;
                continue;
            }
            lines.emplace_back(group, f->check);
            if (!group)
                lines.back().second += ": " + f->title.substr(f->title.starts_with("Not checked: ") ? 13 : 0)
                    + ": needs " + f->missingData;
        }
        for (const auto& [group, checks] : lines)
            out += "  "
                + (group ? std::string(group->what) + " (" + checks + "): " + std::string(group->paste) : checks)
                + "\n";
    }
    return out;
}

} // namespace rp::diag

// SPDX-License-Identifier: GPL-3.0-or-later
// The report as JSON (docs/diagnose.md) and as text for the terminal.
#include "diagnose/diagnose.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdlib>

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

std::string verdictLine(const PortVerdict& v)
{
    const std::string port = v.host + ":" + v.device + "/" + std::to_string(v.port);
    std::string out;
    if (v.gidIndex && v.type == "RoCE v2")
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
    for (const auto& v : report.ports)
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
    if (unchecked) {
        std::vector<const Finding*> notRun;
        for (const auto& f : report.findings)
            if (f.ruleId.starts_with("coverage."))
                notRun.push_back(&f);
        // M2 before M10.
        auto number = [](const Finding* f) { return f->check.size() > 1 ? std::atoi(f->check.c_str() + 1) : 0; };
        std::ranges::stable_sort(notRun, {}, number);
        out += "\nnot checked (paste or read more to run them):\n";
        for (const auto* f : notRun)
            out += "  " + f->check + " " + f->title.substr(f->title.starts_with("Not checked: ") ? 13 : 0) + ": needs "
                + f->missingData + "\n";
    }
    return out;
}

} // namespace rp::diag
